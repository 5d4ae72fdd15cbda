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
#   8x8 closed, 13,267,364,410,532:
#   cargo run --release --example frontier_count -p hetman -- 8x8 --closed \
#       --threads 2 --progress --checkpoint /tmp/8x8.ckpt --expect 13267364410532
#   7x7 open, 165,575,218,320 directed:
#   cargo run --release --example frontier_count -p hetman -- 7x7 \
#       --threads 2 --progress --checkpoint /tmp/7x7.ckpt --expect 165575218320
# Measured 2026-11-23 on the shared 2-core machine, one thread, this script
# (commit "split counts save and resume checkpoints"), CPU seconds met in the
# middle / front to back:
#   6x6 closed 9,862:                 0.04 / 0.26  (6.5x), peak 13,883 states
#   6x6 open 6,637,920:               2.95 / 8.55  (2.9x), peak 1,029,203, 47 MiB
#   8x5 open undirected 18,061,054:   0.72 / 1.93  (2.7x)
#   8x5 closed 44,202:                0.01 / 0.06  (6.0x)
#   6x7 closed 1,067,638:             0.10 / 1.51  (15x)
#   8x6 closed 55,488,142:            1.08 / 4.49  (4.2x)
#   7x6 open undirected 389,969,466:  5.38 / 49.7  (9.2x), 105 / 341 MiB
#   8x7 closed 34,524,432,316:        44 s / 136 s, peak 15.4M states, 533 MiB
# Two threads, met in the middle:
#   7x7 open 165,575,218,320: 75-87 s wall, 119-140 s cpu, 1.3-1.7 GB
#     (front to back: not run; hours)
#   8x8 closed 13,267,364,410,532: 2,075 s wall (35 min), 3,138 s cpu, peak
#     458,168,839 states (crossing phase, square 46), 10.6 GB RSS, with
#     builds and tests sharing the cores (151% CPU). The backward count took
#     12 s and the join 321 s cpu. Phase states after squares 33-48 peak at
#     458.2M; the backward table at the cut has 7.9M states.
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
