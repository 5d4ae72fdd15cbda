#!/usr/bin/env bash
# Times the frontier tour counter (crates/hetman/src/knight/frontier/) on a
# ladder of boards and checks every answer against the published count.
# Prints one line per board: count, frontier width, peak states, peak memory,
# wall and CPU time. Usage: bench/frontier.sh [--big] [--threads N]
#   --big  also 7x8 closed (a few minutes of CPU both ways, under 0.6 GB).
# Timings are wall and CPU seconds of one run; on a shared machine compare
# the CPU column, and ratios measured in the same run.
# The long counts are run by hand (they print the frontier position and the
# state count as they go, and resume from the checkpoint after an interruption):
#   8x8 closed, 13,267,364,410,532:
#   cargo run --release --example frontier_count -p hetman -- 8x8 --closed \
#       --threads 2 --progress --checkpoint /tmp/8x8.ckpt --expect 13267364410532
#   7x7 open, 165,575,218,320 directed:
#   cargo run --release --example frontier_count -p hetman -- 7x7 \
#       --threads 2 --progress --checkpoint /tmp/7x7.ckpt --expect 165575218320
# Measured 2026-11-24 on the shared 2-core machine (load 0.1), one thread,
# this script at commit "count one side of a half-turn symmetric board",
# CPU seconds met in the middle / front to back (the 6-wide boards with the
# cut in the middle count one side and join it with itself):
#   6x6 closed 9,862:                 0.00 / 0.10, peak 14,748 states
#   6x6 open 6,637,920:               0.51 / 4.09 (8.0x), peak 533,290, 41 MiB
#   8x5 open undirected 18,061,054:   0.19 / 0.88 (4.6x)
#   8x5 closed 44,202:                0.00 / 0.03
#   6x7 closed 1,067,638:             0.06 / 0.73 (12x)
#   8x6 closed 55,488,142:            0.21 / 1.97 (9.4x)
#   7x6 open undirected 389,969,466:  2.78 / 21.1 (7.6x), 100 / 341 MiB
#   8x7 closed 34,524,432,316 (--big, 2026-11-23): 22.0 s, peak 7.9M
#     states, 252 MiB (front to back 136 s, 22.5M states, 540 MiB)
# Before the one-side count (2026-11-23, a slower spell of the machine):
#   6x6 open 1.70 / 8.72 (5.1x), 8x6 closed 0.69 / 4.36 (6.3x).
# Two threads, met in the middle (the commands above):
#   7x7 open 165,575,218,320: 69 s wall, 117 s cpu, 1.5 GiB (front to back:
#     not run; hours)
#   8x8 closed 13,267,364,410,532: 1,032 s wall (17 min), 1,400 s cpu,
#     6.4 GiB RSS (6,673,140 KB), with a CI run sharing the cores for 10 minutes (135% CPU).
#     Backward count to the cut 12 s (7.9M states), its crossing rank 62 s
#     (18.5M), forward count to the cut 42 s, its crossing rank 671 s
#     (peak 230,725,913 states; 161M at the end), join 244 s wall / 482 s cpu.
#   Front to back, 8x8 took 7,476 s wall / 12,949 s cpu / 16.2 GiB (two runs
#     joined by a checkpoint), peak 740,706,259 states after square 45.
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
