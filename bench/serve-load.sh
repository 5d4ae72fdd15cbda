#!/usr/bin/env bash
# The load of issue 43 on two `hetman serve` builds side by side (loopback
# only): 64 concurrent one-page exports and 32 heavy traces, with the
# server's peak RSS, the p99 of `/` and `/api/limits` probes, and the CPU the
# server spends after its clients leave. The load generator is the test
# crates/hetman-cli/tests/serve_load.rs; this script runs it against each
# binary (HETMAN_BIN) and prints the figures each run measured. A build
# without the limits fails the test's checks; its figures are printed all
# the same.
#
# Usage: OLD=path/to/old/hetman NEW=path/to/new/hetman bench/serve-load.sh
set -uo pipefail
: "${OLD:?set OLD to the old hetman binary}"
: "${NEW:?set NEW to the new hetman binary}"
cd "$(dirname "$0")/.."
cargo test --release -p hetman-cli --test serve_load --no-run 2>/dev/null
for which in OLD NEW; do
    bin=${!which}
    echo "== $which: $bin"
    HETMAN_BIN=$bin cargo test --release -p hetman-cli --test serve_load -- \
        --test-threads 1 --nocapture 2>&1 |
        grep -E '^(64 html|32 heavy)|panicked|test result' || true
done
