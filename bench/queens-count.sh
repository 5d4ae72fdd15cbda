#!/usr/bin/env bash
# Times whole `hetman queens count` runs: the default (fast) engine against the
# plain bitboard algorithm, in the same run, one thread each, and the fast
# engine on all cores; checks every count against OEIS A000170 / A002562
# (crates/hetman/tests/data/queens_fast_oeis.txt) and fails if one is wrong.
#
# Usage: bench/queens-count.sh [FIRST_N [LAST_N]]     (default 14 18)
#   RUNS=3             runs per figure (the median is shown)
#   BITBOARD_MAX=18    largest N timed with the bitboard algorithm
#   HETMAN=path        the binary (default: build target/release/hetman)
set -euo pipefail
cd "$(dirname "$0")/.."
first=${1:-14}
last=${2:-18}
runs=${RUNS:-3}
bitboard_max=${BITBOARD_MAX:-18}
data=crates/hetman/tests/data/queens_fast_oeis.txt
if [[ -z "${HETMAN:-}" ]]; then
    cargo build --release --quiet -p hetman-cli
    HETMAN="${CARGO_TARGET_DIR:-target}/release/hetman"
fi
cores=$(nproc)

# Runs hetman queens count once and prints its wall seconds, after checking
# the JSON it prints against the known answer.
time_once() {
    local n=$1 expect=$2
    shift 2
    local t0 t1 out got
    t0=$(date +%s.%N)
    out=$("$HETMAN" queens count "$n" --json --quiet --force "$@")
    t1=$(date +%s.%N)
    got=$(sed -E 's/.*"solutions":([0-9]+).*"unique":([0-9]+).*/\1 \2/' <<<"$out")
    if [[ "$got" != "$expect" ]]; then
        echo "FAIL: N=$n $* gave '$got', expected '$expect'" >&2
        exit 1
    fi
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }'
}

median() {
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

echo "hetman queens count: wall seconds, median of $runs, $(date -u +%Y-%m-%dT%H:%MZ), $cores cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%3s  %12s  %12s  %10s  %12s  %8s  %s\n' N "fast 1 thr" "bitboard" "ratio" "fast $cores thr" speedup "solutions / unique (checked)"
for ((n = first; n <= last; n++)); do
    expect=$(awk -v n="$n" '$1 == n { print $2, $3 }' "$data")
    # The configurations take turns, so that a noisy spell of the shared
    # machine falls on all of them alike.
    one=() all=() plain_runs=()
    for ((r = 0; r < runs; r++)); do
        one+=("$(time_once "$n" "$expect" --threads 1)")
        all+=("$(time_once "$n" "$expect" --threads "$cores")")
        if ((n <= bitboard_max)); then
            plain_runs+=("$(time_once "$n" "$expect" --algorithm bitboard)")
        fi
    done
    fast1=$(median "${one[@]}")
    fastall=$(median "${all[@]}")
    if ((n <= bitboard_max)); then
        plain=$(median "${plain_runs[@]}")
        ratio=$(awk -v a="$plain" -v b="$fast1" 'BEGIN { printf "%.2fx", a / b }')
    else
        plain="-"
        ratio="-"
    fi
    speedup=$(awk -v a="$fast1" -v b="$fastall" 'BEGIN { printf "%.2fx", a / b }')
    printf '%3d  %12s  %12s  %10s  %12s  %8s  %s\n' "$n" "$fast1" "$plain" "$ratio" "$fastall" "$speedup" "$expect"
done
