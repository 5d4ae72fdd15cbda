#!/usr/bin/env bash
# Times whole `hetman knight tour` runs on huge boards (the divide-and-conquer
# construction, checked by the library's in-place verifier before it is
# reported) and `hetman knight count` on the counting anchors. Every run's
# answer is asserted: the summary line "... tour of WxH from a1: N squares,
# verified" or the published tour count. Prints wall time and max RSS per run
# (GNU /usr/bin/time -v), and bytes per square for the tours.
# Usage: bench/knight-huge.sh [--no-10000] [--counts]
#   --counts  also time the counting anchors (6x6 open, 5x8 open; seconds).
set -euo pipefail
cd "$(dirname "$0")/.."
big=1
counts=0
while [ $# -gt 0 ]; do
    case "$1" in
        --no-10000) big=0 ;;
        --counts) counts=1 ;;
        *) echo "error: unknown argument '$1' (accepted: --no-10000, --counts)" >&2; exit 2 ;;
    esac
    shift
done
cargo build --release -p hetman-cli >/dev/null 2>&1 || cargo build --release -p hetman-cli
bin="${CARGO_TARGET_DIR:-target}/release/hetman"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

tour() { # SIZE KIND(open|closed) [extra args]
    local size=$1 kind=$2; shift 2
    local flag=()
    [ "$kind" = closed ] && flag=(--closed)
    /usr/bin/time -v "$bin" knight tour "$size" "${flag[@]}" --quiet --stats "$@" >"$tmp/out" 2>"$tmp/time"
    local w=${size%x*} h=${size#*x}
    [ "$w" = "$size" ] && h=$w
    local squares=$((w * h))
    local want
    want="tour of ${w}x${h} from a1: $(echo "$squares" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta') squares, verified"
    if ! grep -q "^$kind $want\$" "$tmp/out" && ! { [ "$kind" = open ] && grep -q "^closed $want\$" "$tmp/out"; }; then
        echo "FAIL: $size $kind: expected '$want'" >&2; cat "$tmp/out" >&2; exit 1
    fi
    local wall rss
    wall=$(grep "Elapsed (wall clock)" "$tmp/time" | awk '{print $NF}')
    rss=$(grep "Maximum resident set size" "$tmp/time" | awk '{print $NF}')
    printf "%-12s %-6s wall %-8s max RSS %8d KB  %.2f bytes/square  (%s)\n" "$size" "$kind" "$wall" "$rss" \
        "$(echo "$rss * 1024 / $squares" | bc -l)" "$(grep '^built in' "$tmp/out")"
}

tour 1000 open
tour 1000 closed
tour 1001 open
tour 5000 open
tour 5000 closed
tour 4999 open
if [ "$big" = 1 ]; then
    tour 10000 open
    tour 10000 closed
fi
# Printing streams: the whole 2000x2000 board of numbers through a pipe.
/usr/bin/time -v "$bin" knight tour 2000 --closed >"$tmp/board" 2>"$tmp/time"
lines=$(wc -l <"$tmp/board")
[ "$lines" = 2001 ] || { echo "FAIL: 2000x2000 board has $lines lines" >&2; exit 1; }
printf "%-12s board  wall %-8s max RSS %8d KB  (%s bytes printed)\n" 2000 \
    "$(grep "Elapsed (wall clock)" "$tmp/time" | awk '{print $NF}')" \
    "$(grep "Maximum resident set size" "$tmp/time" | awk '{print $NF}')" "$(wc -c <"$tmp/board")"

if [ "$counts" = 1 ]; then
    count() { # SIZE EXPECT-LINE-START
        local t0 t1
        t0=$(date +%s.%N)
        "$bin" knight count "$1" --quiet >"$tmp/out"
        t1=$(date +%s.%N)
        grep -q "^$2" "$tmp/out" || { echo "FAIL: count $1: expected '$2'" >&2; cat "$tmp/out" >&2; exit 1; }
        printf "count %-6s %s  wall %.2f s\n" "$1" "$2" "$(echo "$t1 - $t0" | bc -l)"
    }
    count 6 "6x6: 6,637,920 directed open tours"
    count 5x8 "5x8: 36,122,108 directed open tours (18,061,054 undirected"
fi
