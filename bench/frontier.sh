#!/usr/bin/env bash
# Times the frontier tour counter (crates/hetman/src/knight/frontier.rs) on a
# ladder of boards and checks every answer against the published count.
# Prints one line per board: count, frontier width, peak states, peak memory,
# wall and CPU time. Usage: bench/frontier.sh [--big] [--threads N]
#   --big  also 7x8 closed (minutes, ~1-2 GB).
# The 8x8 closed count (13,267,364,410,532; hours and many GB) is run by hand:
#   cargo run --release --example frontier_count -p hetman -- 8x8 --closed \
#       --threads 2 --progress --checkpoint /tmp/8x8.ckpt --expect 13267364410532
set -euo pipefail
cd "$(dirname "$0")/.."
big=0
threads=1
while [ $# -gt 0 ]; do
    case "$1" in
        --big) big=1 ;;
        --threads) threads="$2"; shift ;;
        *) echo "error: unknown argument '$1' (accepted: --big, --threads N)" >&2; exit 2 ;;
    esac
    shift
done
cargo build --release --example frontier_count -p hetman >/dev/null 2>&1 || cargo build --release --example frontier_count -p hetman
bin="${CARGO_TARGET_DIR:-target}/release/examples/frontier_count"
run() { "$bin" "$@" --threads "$threads"; }
run 6x6 --closed --expect 9862
run 6x6 --expect 6637920
run 8x5 --undirected --expect 18061054
run 8x5 --closed --expect 44202
run 6x7 --closed --expect 1067638
run 8x6 --closed --expect 55488142
if [ "$big" = 1 ]; then
    run 8x7 --closed --expect 34524432316
fi
