#!/usr/bin/env bash
# Times a plain `hetman queens count N` against the same count with
# `--checkpoint FILE` (a fresh file each run), in one run, alternating the
# two, on every core; checks both answers against OEIS A000170 / A002562
# (crates/hetman/tests/data/queens_fast_oeis.txt), prints the median of each
# and their ratio (the aim is at most 1.1), and fails if a count is wrong.
#
# Usage: bench/queens-checkpoint.sh [FIRST_N [LAST_N]]     (default 17 19)
#   RUNS=3        runs per figure (the median is shown)
#   THREADS=n     --threads (default: every core)
#   HETMAN=path   the binary (default: build target/release/hetman)
set -euo pipefail
cd "$(dirname "$0")/.."
first=${1:-17}
last=${2:-19}
runs=${RUNS:-3}
threads=${THREADS:-$(nproc)}
data=crates/hetman/tests/data/queens_fast_oeis.txt
if [[ -z "${HETMAN:-}" ]]; then
    cargo build --release --quiet -p hetman-cli
    HETMAN="${CARGO_TARGET_DIR:-target}/release/hetman"
fi
work=$(mktemp -d /tmp/hetman-ckpt-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

# Runs one count and prints its wall seconds, after checking its answer.
time_once() {
    local n=$1 expect=$2
    shift 2
    local t0 t1 out got
    t0=$(date +%s.%N)
    out=$("$HETMAN" queens count "$n" --json --quiet --force --threads "$threads" "$@")
    t1=$(date +%s.%N)
    got=$(sed -E 's/.*"solutions":([0-9]+).*"unique":([0-9]+).*/\1 \2/' <<<"$out")
    if [[ "$got" != "$expect" ]]; then
        echo "FAIL: N=$n $* gave '$got', expected '$expect'" >&2
        exit 1
    fi
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

printf '%-4s %12s %16s %7s   (%s threads, median of %s runs)\n' N plain checkpointed ratio "$threads" "$runs"
for ((n = first; n <= last; n++)); do
    expect=$(awk -v n="$n" '$1 == n { print $2, $3 }' "$data")
    plain=() ckpt=()
    for ((r = 0; r < runs; r++)); do
        plain+=("$(time_once "$n" "$expect")")
        rm -f "$work/q.ckpt"
        ckpt+=("$(time_once "$n" "$expect" --checkpoint "$work/q.ckpt")")
    done
    p=$(printf '%s\n' "${plain[@]}" | median)
    c=$(printf '%s\n' "${ckpt[@]}" | median)
    printf '%-4s %10s s %14s s %7s\n' "$n" "$p" "$c" "$(awk -v a="$p" -v b="$c" 'BEGIN { printf "%.3f", b / a }')"
done
