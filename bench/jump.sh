#!/usr/bin/env bash
# Far jumps into a traced search (issue 42, item 4): whole requests to
# `hetman serve` on 127.0.0.1 timed by curl, in order, on one server: a
# chunk of 100,000 events at skip 10^8, the same again (the server has saved
# the search's states on the way), then at 10^8 + 10^6; for 12 queens (whose
# search is shorter than 10^8 steps: the skip lands past its end) and for 14
# queens (10^8 is inside its search). Then 14 queens at 1.5 * 10^8 (within
# one request's replay of the states saved so far) twice, and at 3 * 10^8,
# beyond it: the first answer is 400 with `reach`, then the hop to it, then
# the request again. Last, a cold skip of 10^8 into each of the other
# searches (the bitboard search of 16 queens, the permutations of 12, the
# knight's 8x8 search from a1 in the seed's order and in Warnsdorff's,
# open and closed), then the same again. Each server is started here and
# stopped here.
#
# With OLD set, the old binary runs the same requests first, so the two are
# side by side (an old server refuses a skip over 10^8 with 400).
#
# Usage: bench/jump.sh [NEW]   (default target/release/hetman)
#        OLD=path/to/old/hetman bench/jump.sh path/to/new/hetman
set -euo pipefail
cd "$(dirname "$0")/.."
NEW=${1:-target/release/hetman}

pid=
stop_server() {
    if [ -n "$pid" ]; then
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
        pid=
    fi
}
trap stop_server EXIT

# One request: its HTTP status, its time and the step of its last line.
ask() {
    local what=$1 query=$2 out
    out=$(mktemp)
    case $query in
    */*) ;;
    *) query="queens/trace?$query" ;;
    esac
    read -r code secs < <(curl -s -o "$out" -w '%{http_code} %{time_total}\n' "$url/api/$query")
    local last
    last=$(tail -n 1 "$out" | grep -o '"step":[0-9]*\|"reach":[0-9]*' | head -n 1 || true)
    reach=$(tail -n 1 "$out" | grep -o '"reach":[0-9]*' | cut -d: -f2 || true)
    printf '  %-34s %s %7.3f s  %s\n' "$what" "$code" "$secs" "$last"
    rm -f "$out"
}

run() {
    local label=$1 bin=$2 log
    log=$(mktemp)
    "$bin" serve --port 0 2>"$log" &
    pid=$!
    url=
    for _ in $(seq 1 100); do
        url=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$log" | head -n 1 || true)
        [ -n "$url" ] && break
        sleep 0.1
    done
    [ -n "$url" ] || { echo "no server address in $log" >&2; exit 1; }
    echo "== $label: $bin ($url)"
    for n in 12 14; do
        ask "$n queens, skip 10^8" "n=$n&skip=100000000&limit=100000"
        ask "$n queens, skip 10^8 again" "n=$n&skip=100000000&limit=100000"
        ask "$n queens, skip 10^8 + 10^6" "n=$n&skip=101000000&limit=100000"
    done
    ask "14 queens, skip 1.5 * 10^8" "n=14&skip=150000000&limit=100000"
    ask "14 queens, skip 1.5 * 10^8 again" "n=14&skip=150000000&limit=100000"
    ask "14 queens, skip 3 * 10^8" "n=14&skip=300000000&limit=100000"
    if [ -n "$reach" ]; then
        ask "14 queens, the hop to skip $reach" "n=14&skip=$reach&limit=1"
        ask "14 queens, skip 3 * 10^8 after it" "n=14&skip=300000000&limit=100000"
        ask "14 queens, skip 3 * 10^8 again" "n=14&skip=300000000&limit=100000"
    fi
    local other
    for other in \
        "16 queens bitboard|queens/trace?n=16&algorithm=bitboard" \
        "12 queens permutations|queens/trace?n=12&algorithm=permutations" \
        "knight 8x8 a1|knight/trace?size=8&start=a1" \
        "knight 8x8 a1 Warnsdorff|knight/trace?size=8&start=a1&order=warnsdorff" \
        "knight 8x8 a1 Warnsdorff closed|knight/trace?size=8&start=a1&order=warnsdorff&closed=true"; do
        ask "${other%%|*}, skip 10^8" "${other#*|}&skip=100000000&limit=100000"
        ask "${other%%|*}, skip 10^8 again" "${other#*|}&skip=100000000&limit=100000"
    done
    stop_server
    rm -f "$log"
}

if [ -n "${OLD:-}" ]; then
    run OLD "$OLD"
fi
run NEW "$NEW"
