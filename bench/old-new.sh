#!/usr/bin/env bash
# Times two hetman binaries on the same commands, taking turns (old, new, old,
# new, ...) so that a noisy spell of the shared machine falls on both alike,
# and prints the median wall time of each and the ratio new/old. Before
# timing, each command's output from the two binaries is compared (it must be
# the same, hint lines in parentheses aside) and its first line checked against the known answer.
#
# Usage: OLD=path/to/old/hetman NEW=path/to/new/hetman bench/old-new.sh
#   RUNS=7    runs of each binary per command (the median is shown)
# The commands are those issue 22 asks to keep within 5%:
#   hetman queens count 17 / hetman knight count 6 --closed / hetman knight tour 5000
# or, with arguments, the ones given (each one argument, quoted; "=" then the
# start of the answer's first line, if it is known):
#   bench/old-new.sh "knight count 6x40 --closed -q=6x40: 377,031,597,006,"
set -euo pipefail
: "${OLD:?set OLD to the old hetman binary}"
: "${NEW:?set NEW to the new hetman binary}"
runs=${RUNS:-7}

commands=(
    "queens count 17"
    "knight count 6 --closed"
    "knight tour 5000"
)
answers=(
    "17 queens: 95,815,104 solutions, 11,977,939 unique"
    "6x6: 9,862 closed tours (undirected: each cycle once)"
    "5000 "
)
if [[ $# -gt 0 ]]; then
    commands=() answers=()
    for c in "$@"; do
        commands+=("${c%%=*}")
        if [[ "$c" == *=* ]]; then answers+=("${c#*=}"); else answers+=(""); fi
    done
fi

# Seconds of one run, output thrown away.
time_once() {
    local bin=$1 t0 t1
    shift
    t0=$(date +%s.%N)
    "$bin" "$@" > /dev/null
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }'
}

median() {
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

echo "old: $OLD"
echo "new: $NEW"
echo "$(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $runs runs each, taking turns"
printf '%-28s %10s %10s %8s\n' command "old s" "new s" new/old
for i in "${!commands[@]}"; do
    read -r -a args <<< "${commands[$i]}"
    # Hint lines (in parentheses) may change between versions; the answer
    # may not. (A command may print nothing, e.g. one that writes a file:
    # grep's "no line" is not a failure.)
    old_sum=$("$OLD" "${args[@]}" | { grep -v '^(' || true; } | md5sum)
    new_sum=$("$NEW" "${args[@]}" | { grep -v '^(' || true; } | md5sum)
    if [[ "$old_sum" != "$new_sum" ]]; then
        echo "FAIL: hetman ${commands[$i]}: the two binaries print different output" >&2
        exit 1
    fi
    first=$("$NEW" "${args[@]}" | head -n 1)
    if [[ "$first" != "${answers[$i]}"* ]]; then
        echo "FAIL: hetman ${commands[$i]}: '$first' is not '${answers[$i]}'" >&2
        exit 1
    fi
    old=() new=()
    for ((r = 0; r < runs; r++)); do
        old+=("$(time_once "$OLD" "${args[@]}")")
        new+=("$(time_once "$NEW" "${args[@]}")")
    done
    o=$(median "${old[@]}")
    n=$(median "${new[@]}")
    printf '%-28s %10s %10s %8s\n' "hetman ${commands[$i]}" "$o" "$n" "$(awk -v o="$o" -v n="$n" 'BEGIN { printf "%.3f", n / o }')"
done
