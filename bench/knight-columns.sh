#!/usr/bin/env bash
# Time per extra column of the frontier count on K x n boards (K = 5..8):
# whole-command timings of `hetman knight table K --closed --from N --to N`
# (one sweep along the K x N board with the K-wide side as the frontier) at
# two lengths N1 < N2, and (t2 - t1) / (N2 - N1). Once the frontier is full
# the states per square stop growing, so the time per column is constant:
# linear growth in n is shown by the figures, not asserted by a timer. The
# K = 5 and K = 6 answers are checked against the OEIS terms in
# crates/hetman/tests/data/knight_tables.txt.
#
#   bench/knight-columns.sh                 # the default lengths below
#   K6="20 40" bench/knight-columns.sh 6    # only K = 6, at n = 20 and 40
#   THREADS=1 bench/knight-columns.sh       # one thread (default: all cores)
#
# Default lengths: 5: 20 40; 6: 12 24; 7: 6 7; 8: 4 5. A full 7-wide column
# costs about 100 s on one thread (11 to 14 s a square: its closure does not
# fit the memory, see README) and an 8-wide one more than the memory of a
# 24 GiB machine front to back (159 million states at rank 5, still
# growing), so their defaults are short: 7 x 7 and 8 x 5 do not fill the
# frontier yet. K7="8 10" measures a full 7-wide column (the two tables
# about 6 and 9 minutes, judged from the 7 x 20 run).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
cargo build --release -q -p hetman-cli
H="$CARGO_TARGET_DIR/release/hetman"
data=crates/hetman/tests/data/knight_tables.txt
threads=()
if [ -n "${THREADS:-}" ]; then threads=(-j "$THREADS"); fi
ks="${*:-5 6 7 8}"
lengths() {
  case "$1" in
    5) echo "${K5:-20 40}" ;;
    6) echo "${K6:-12 24}" ;;
    7) echo "${K7:-6 7}" ;;
    8) echo "${K8:-4 5}" ;;
    *) echo "bad K $1" >&2; exit 2 ;;
  esac
}
# The known count of the K x n closed tours, or nothing.
known() {
  awk -v k="$1" -v n="$2" '$1 == "closed" && $2 == k { print $(n + 2) }' "$data"
}
# Runs one count; prints "seconds count".
one() {
  local k=$1 n=$2 t0 t1 out
  t0=$(date +%s.%N)
  out=$("$H" knight table "$k" --closed --from "$n" --to "$n" --json "${threads[@]}")
  t1=$(date +%s.%N)
  local count
  count=$(sed -E 's/.*"count":"?([0-9]+)"?.*/\1/' <<<"$out")
  local want
  want=$(known "$k" "$n")
  if [ -n "$want" ] && [ "$want" != "$count" ]; then
    echo "WRONG: ${k}x$n closed counted $count, expected $want" >&2
    exit 1
  fi
  echo "$(echo "$t1 - $t0" | bc -l) $count"
}
printf '%-3s %-12s %-12s %-22s %s\n' K N1 N2 "seconds (N1, N2)" "seconds per extra column"
for k in $ks; do
  read -r n1 n2 <<<"$(lengths "$k")"
  read -r t1 _ <<<"$(one "$k" "$n1")"
  read -r t2 _ <<<"$(one "$k" "$n2")"
  per=$(echo "($t2 - $t1) / ($n2 - $n1)" | bc -l)
  printf '%-3s %-12s %-12s %-22s %.3f\n' "$k" "$n1" "$n2" "$(printf '%.2f, %.2f' "$t1" "$t2")" "$per"
done
