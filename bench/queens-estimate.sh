#!/usr/bin/env bash
# Compares `hetman queens count N --estimate` with the count it predicts:
# for each N, the estimate (wall and CPU seconds), then the count itself,
# timed, its answer checked against OEIS A000170 / A002562
# (crates/hetman/tests/data/queens_fast_oeis.txt). Prints both and their
# ratio, estimate / measured; the aim (issue 23) is within ±30% for N = 18
# to 21. Exits 1 if a count is wrong or a ratio is outside 0.7 to 1.3.
#
# Usage: bench/queens-estimate.sh [FIRST_N [LAST_N]]     (default 18 21)
#   THREADS=n     --threads (default: every core)
#   HETMAN=path   the binary (default: build target/release/hetman)
set -euo pipefail
cd "$(dirname "$0")/.."
first=${1:-18}
last=${2:-21}
threads=${THREADS:-$(nproc)}
data=crates/hetman/tests/data/queens_fast_oeis.txt
if [[ -z "${HETMAN:-}" ]]; then
    cargo build --release --quiet -p hetman-cli
    HETMAN="${CARGO_TARGET_DIR:-target}/release/hetman"
fi
work=$(mktemp -d /tmp/hetman-estimate-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

field() { sed -E "s/.*\"$1\":([0-9.eE+-]+).*/\1/" <<<"$2"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
outside() { awk -v r="$1" 'BEGIN { exit !(r < 0.7 || r > 1.3) }'; }

status=0
printf '%-4s %10s %10s %6s   %10s %10s %6s   (%s threads)\n' \
    N "est. wall" "wall" ratio "est. CPU" CPU ratio "$threads"
for ((n = first; n <= last; n++)); do
    expect=$(awk -v n="$n" '$1 == n { print $2, $3 }' "$data")
    est=$("$HETMAN" queens count "$n" --estimate --json --threads "$threads")
    est_wall=$(field wall_seconds "$est")
    est_cpu=$(field cpu_seconds "$est")
    t0=$(date +%s.%N)
    /usr/bin/time -f '%U %S' -o "$work/cpu" \
        "$HETMAN" queens count "$n" --json --quiet --force --threads "$threads" >"$work/out"
    t1=$(date +%s.%N)
    got=$(sed -E 's/.*"solutions":([0-9]+).*"unique":([0-9]+).*/\1 \2/' "$work/out")
    if [[ "$got" != "$expect" ]]; then
        echo "FAIL: N=$n gave '$got', expected '$expect'" >&2
        exit 1
    fi
    wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
    cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$work/cpu")
    rw=$(ratio "$est_wall" "$wall")
    rc=$(ratio "$est_cpu" "$cpu")
    note=""
    if outside "$rw" || outside "$rc"; then
        note="  outside ±30%"
        status=1
    fi
    printf '%-4s %8.2f s %8.2f s %6s   %8.2f s %8.2f s %6s%s\n' \
        "$n" "$est_wall" "$wall" "$rw" "$est_cpu" "$cpu" "$rc" "$note"
done
exit "$status"
