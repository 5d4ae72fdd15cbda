#!/usr/bin/env bash
# End-to-end tests of the web page (issue 21): `hetman serve` driven in headless
# Chromium by playwright-core, and the page's symmetry code checked against
# `hetman queens symmetry`. Screenshots land in docs/screenshots/.
#
# Installs what a fresh machine lacks: Debian's chromium (and node/npm), then the
# npm packages pinned by tests/e2e/package-lock.json. Uses $HETMAN_BIN if set,
# else the test suite's binary (the `suite` profile), built first if a source
# is newer than it.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}
apt_install() {
  if [ -z "${apt_updated:-}" ]; then
    as_root apt-get update -qq
    apt_updated=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "e2e-web: installing chromium" >&2
  apt_install chromium
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "e2e-web: installing node and npm" >&2
  apt_install nodejs npm
fi

(cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error)

if [ -z "${HETMAN_BIN:-}" ]; then
  HETMAN_BIN="$(scripts/bin-path.sh suite)"
  # `cargo test --profile suite` (scripts/test.sh) has just built it; build only if a source is newer.
  if [ ! -x "$HETMAN_BIN" ] || [ -n "$(find crates/*/src crates/*/assets crates/*/Cargo.toml Cargo.lock -newer "$HETMAN_BIN" -type f -print -quit 2>/dev/null)" ]; then
    cargo build --profile suite -p hetman-cli --quiet
  fi
fi
export HETMAN_BIN
echo "e2e-web: testing $HETMAN_BIN" >&2

cd tests/e2e
exec node --test symmetry.test.js timeline.test.js web.test.js lesson.test.js trips.test.js export.test.js compare.test.js code.test.js predict.test.js access.test.js i18n.test.js share.test.js
