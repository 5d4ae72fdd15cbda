#!/usr/bin/env bash
# Times the frontier tour counter (crates/hetman/src/knight/frontier/) on a
# ladder of boards and checks every answer against the published count.
# Prints one line per board: count, frontier width, peak states, peak memory,
# wall and CPU time. Usage: bench/frontier.sh [--big] [--threads N]
#   --big  also 7x8 closed (minutes of CPU, ~1.5 GB).
# Timings are wall and CPU seconds of one run; on a shared machine compare
# the CPU column, and ratios measured in the same run.
# The long counts are run by hand (they print the frontier position and the
# state count as they go, and resume from the checkpoint after an interruption):
#   8x8 closed, 13,267,364,410,532 (hours, >10 GB):
#   cargo run --release --example frontier_count -p hetman -- 8x8 --closed \
#       --threads 2 --progress --checkpoint /tmp/8x8.ckpt --expect 13267364410532
#   7x7 open, 165,575,218,320 directed:
#   cargo run --release --example frontier_count -p hetman -- 7x7 \
#       --threads 2 --progress --checkpoint /tmp/7x7.ckpt --expect 165575218320
# Measured 2026-11-23 on the shared 2-core machine (load average 7-9, so wall
# times are 3-8x the CPU times; compare CPU), one thread, commit "sorted
# per-bucket lists":
#   6x6 open 6,637,920: peak 3,827,038 states, 99 MiB, 7.0 s cpu
#   8x5 open undirected 18,061,054: 521,224 states, 40 MiB, 1.5 s cpu
#   8x6 closed 55,488,142: 938,849 states, 40 MiB, 3.4 s cpu
#   8x7 closed 34,524,432,316: 22,538,221 states, 540 MiB, 136 s cpu
#     (before: hash tables 154 s / 754 MiB; first version 167 s / 1477 MiB)
#   8x8 closed 13,267,364,410,532 (the published count), 2 threads, the
#     command above, 2026-11-23: squares 1-44 in 2294 s wall / 4018 s cpu;
#     that run was stopped in square 45 at 21.7 GB RSS (successor buffers),
#     then resumed from its checkpoint with ROUND_MAX: squares 45-64 in
#     5182 s wall / 8931 s cpu, peak 740,706,259 states (after square 45),
#     peak RSS 16.2 GiB. In all 7476 s wall (2 h 05 min) and 12,949 s cpu,
#     with builds and a CI run sharing the 2 cores for part of the time.
#     States after squares 36-64: 101.7M 159.3M 230.7M 128.7M 161.5M 383.9M
#     436.0M 547.4M 634.9M 740.7M 642.9M 218.4M 260.3M 413.0M 355.8M 505.9M
#     514.9M 589.9M 483.5M 125.4M 123.1M 35.3M 6.9M 0.5M ...
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
# Each board twice in the same run: meeting in the middle (the default) and
# front to back (--no-split); the last column is the ratio of their CPU times.
run() {
    local a b
    a=$("$bin" "$@" --threads "$threads")
    echo "$a"
    b=$("$bin" "$@" --threads "$threads" --no-split)
    echo "$b"
    cpu() { sed -E 's/.* ([0-9.]+) s cpu.*/\1/' <<<"$1"; }
    awk -v a="$(cpu "$a")" -v b="$(cpu "$b")" \
        'BEGIN { if (a > 0) printf "  front to back / middle: %.1fx cpu\n", b / a }'
}
echo "# frontier_count, $threads thread(s): board kind: tours; engine, width, peak states, key bytes, peak RSS, wall, cpu"
run 6x6 --closed --expect 9862
run 6x6 --expect 6637920
run 8x5 --undirected --expect 18061054
run 8x5 --closed --expect 44202
run 6x7 --closed --expect 1067638
run 8x6 --closed --expect 55488142
run 7x6 --undirected --expect 389969466
if [ "$big" = 1 ]; then
    run 8x7 --closed --expect 34524432316
fi
