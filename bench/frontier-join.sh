#!/usr/bin/env bash
# Times the join of the frontier count met in the middle (the near and far
# tables matched at the cut, crates/hetman/src/knight/frontier/join.rs) on
# 7x7 open and 8x6 open tours, on 1 and 2 threads, and prints for each run
# the join's wall and CPU seconds and its CPU use (cpu / wall: 1.0 is one
# core busy, 2.0 both), beside the whole count's.
#
# Usage: bench/frontier-join.sh [--old BIN] [--quick] [--threads "1 2"] [--board B]...
#   --old BIN     also run BIN, an older build of the frontier_count example
#                 (e.g. copied aside before a change: cargo build --release
#                 --example frontier_count -p hetman; cp
#                 target/release/examples/frontier_count /tmp/old-count), on
#                 the same boards in the same run, each board old then new, and
#                 print the ratios old / new of the join's wall and CPU time.
#   --quick       7x6 and 6x6 open instead (seconds, for a first look).
#   --threads L   the thread counts to run (default "1 2").
#   --board B     this board only (repeatable; e.g. --board 8x6, or
#                 --board "7x7 --expect 165575218320"; arguments of
#                 frontier_count).
# Every count is checked: against the published one where there is one
# (7x7 open: 165,575,218,320 directed), and old against new.
# A run of the default boards takes some 6 minutes of CPU per binary on
# 2 cores (7x7 open is about 2 minutes a run); compare ratios measured in
# one run, never absolute times from runs on a shared machine.
set -euo pipefail
cd "$(dirname "$0")/.."
old=""
quick=0
threads_list="1 2"
chosen=()
while [ $# -gt 0 ]; do
    case "$1" in
        --old) old="$2"; shift ;;
        --quick) quick=1 ;;
        --threads) threads_list="$2"; shift ;;
        --board) chosen+=("$2"); shift ;;
        *) echo "error: unknown argument '$1' (accepted: --old BIN, --quick, --threads \"1 2\", --board B)" >&2; exit 2 ;;
    esac
    shift
done
if [ -n "$old" ] && [ ! -x "$old" ]; then
    echo "error: --old '$old' is not an executable file (give a built frontier_count example)" >&2
    exit 2
fi
cargo build --release --example frontier_count -p hetman >/dev/null 2>&1 || cargo build --release --example frontier_count -p hetman
new="${CARGO_TARGET_DIR:-target}/release/examples/frontier_count"

if [ ${#chosen[@]} -gt 0 ]; then
    boards=("${chosen[@]}")
elif [ "$quick" = 1 ]; then
    boards=("7x6 --expect 779938932" "6x6 --expect 6637920")
else
    boards=("7x7 --expect 165575218320" "8x6")
fi

# One run: prints "tours join_wall join_cpu wall cpu".
measure() {
    local bin="$1" threads="$2"; shift 2
    local out
    out=$("$bin" "$@" --threads "$threads")
    local tours wall cpu jwall jcpu
    tours=$(sed -nE 's/^[^:]*: ([0-9]+) tours;.*/\1/p' <<<"$out")
    wall=$(sed -nE 's/.* ([0-9.]+) s wall, [0-9.]+ s cpu, .*/\1/p' <<<"$out")
    cpu=$(sed -nE 's/.* ([0-9.]+) s cpu, [0-9]+ thread.*/\1/p' <<<"$out")
    jwall=$(sed -nE 's/^join: ([0-9.]+) s wall.*/\1/p' <<<"$out")
    jcpu=$(sed -nE 's/^join: [0-9.]+ s wall, ([0-9.]+) s cpu.*/\1/p' <<<"$out")
    echo "$tours ${jwall:-0} ${jcpu:-0} $wall $cpu"
}

show() {
    local label="$1" tours="$2" jwall="$3" jcpu="$4" wall="$5" cpu="$6"
    awk -v l="$label" -v t="$tours" -v jw="$jwall" -v jc="$jcpu" -v w="$wall" -v c="$cpu" 'BEGIN {
        printf "  %-4s join %7.2f s wall %7.2f s cpu (cpu/wall %.2f); count %7.2f s wall %7.2f s cpu (%.2f); %s tours\n",
            l, jw, jc, (jw > 0 ? jc / jw : 0), w, c, (w > 0 ? c / w : 0), t }'
}

echo "# the join of the frontier count met in the middle: $(git rev-parse --short HEAD 2>/dev/null || echo '?'), load $(cut -d' ' -f1-3 /proc/loadavg)"
for board in "${boards[@]}"; do
    for threads in $threads_list; do
        # shellcheck disable=SC2086
        echo "$board, $threads thread(s):"
        if [ -n "$old" ]; then
            # shellcheck disable=SC2086
            read -r ot ojw ojc ow oc <<<"$(measure "$old" "$threads" $board)"
            show old "$ot" "$ojw" "$ojc" "$ow" "$oc"
        fi
        # shellcheck disable=SC2086
        read -r nt njw njc nw nc <<<"$(measure "$new" "$threads" $board)"
        show new "$nt" "$njw" "$njc" "$nw" "$nc"
        if [ -n "$old" ]; then
            if [ "$ot" != "$nt" ]; then
                echo "error: $board on $threads thread(s): old counted $ot, new $nt" >&2
                exit 1
            fi
            awk -v a="$ojw" -v b="$njw" -v c="$ojc" -v d="$njc" -v e="$ow" -v f="$nw" 'BEGIN {
                printf "  old / new: join %.2fx wall, %.2fx cpu; count %.2fx wall\n",
                    (b > 0 ? a / b : 0), (d > 0 ? c / d : 0), (f > 0 ? e / f : 0) }'
        fi
    done
done
