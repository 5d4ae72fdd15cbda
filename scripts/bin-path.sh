#!/usr/bin/env bash
# Prints where cargo puts the `hetman` binary of a profile (default: suite),
# honouring CARGO_TARGET_DIR and the workspace's target directory.
set -euo pipefail
cd "$(dirname "$0")/.."
profile="${1:-suite}"
target="$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
echo "$target/$profile/hetman"
