#!/usr/bin/env bash
# How good the progress line's "about ... left" is: runs one hetman command
# with a plain progress line every EVERY seconds (stderr not a terminal),
# and when it has ended, sets each line's time left beside the truth (the
# run's end minus the line's elapsed time), and prints the worst error from
# a tenth of the run on (issue 44 asks for 25 % at Q(22)).
#
# Usage: bench/time-left.sh [hetman arguments...]
#   e.g. bench/time-left.sh queens count 22
#   HETMAN=path   the binary (default: target/release/hetman, built here)
#   EVERY=30      seconds between progress lines
#   LOG=file      where the progress lines are kept (default: a temporary file)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
    echo "usage: bench/time-left.sh HETMAN-ARGUMENTS... (e.g. queens count 22)" >&2
    exit 2
fi
if [ -z "${HETMAN:-}" ]; then
    cargo build --release -p hetman-cli >/dev/null 2>&1 || cargo build --release -p hetman-cli
    HETMAN=target/release/hetman
fi
every=${EVERY:-30}
log=${LOG:-$(mktemp)}
echo "# time left of: hetman $*  ($HETMAN, repository at $(git rev-parse --short HEAD 2>/dev/null || echo '?'), load $(cut -d' ' -f1-3 /proc/loadavg))"
start=$(date +%s.%N)
HETMAN_PROGRESS_EVERY=$every "$HETMAN" "$@" 2> >(tr '\r' '\n' > "$log")
end=$(date +%s.%N)
sleep 1 # (the stderr copy finishes)
total=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
echo "# the run took $total s; progress lines in $log"
# A duration as hetman prints it ("1 h 2 min", "3 min 4 s", "5.67 s") in
# seconds.
awk -v total="$total" '
function secs(s,   n, i, t, v) {
    n = split(s, t, " "); v = 0
    for (i = 1; i < n; i += 2) {
        if (t[i+1] == "h") v += t[i] * 3600
        else if (t[i+1] == "min") v += t[i] * 60
        else if (t[i+1] == "s") v += t[i]
        else if (t[i+1] == "ms") v += t[i] / 1000
        else if (t[i+1] == "days") v += t[i] * 86400
    }
    return v
}
/ elapsed, about .* left/ {
    line = $0
    e = line; sub(/ elapsed, about .*/, "", e); sub(/.*, /, "", e)
    l = line; sub(/.* elapsed, about /, "", l); sub(/ left.*/, "", l)
    el = secs(e); left = secs(l); truth = total - el
    if (truth <= 0) next
    err = 100 * (left - truth) / truth
    printf "%8.0f s elapsed: %8.0f s left said, %8.0f s in truth, %+6.1f %%\n", el, left, truth, err
    if (el >= total / 10) {
        n++
        a = (err < 0 ? -err : err)
        if (a > worst) worst = a
    }
}
END {
    if (n == 0) { print "no progress line from a tenth of the run on"; exit 1 }
    printf "worst error from a tenth of the run on (%d lines): %.1f %%\n", n, worst
}' "$log"
