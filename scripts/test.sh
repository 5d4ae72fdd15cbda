#!/usr/bin/env bash
# The whole test suite, as README gives it to a new user and as CI runs it:
# installs what a fresh machine lacks (tmux for the terminal test; chromium,
# node and the npm packages for the browser test), then the Rust tests of the
# workspace, then the web page's end-to-end tests in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

if ! command -v tmux >/dev/null; then
  echo "test: installing tmux (the terminal test drives hetman watch in it)" >&2
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux >/dev/null
fi

# The `suite` profile (Cargo.toml): release optimisation, built faster.
cargo test --workspace --profile suite
HETMAN_BIN="$(scripts/bin-path.sh suite)" scripts/e2e-web.sh
