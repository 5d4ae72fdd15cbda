#!/usr/bin/env bash
# Times `hetman queens solve`, `complete` and `check` on large N, and asserts
# every answer it times: each printed solution is re-checked by `queens check`.
#
#   bench/queens-solve.sh          # N = 10^7 construction and check, min-conflicts at 10^6
#   bench/queens-solve.sh --huge   # also N = 10^9 streamed to /dev/null, with and without verification
#
# Peak memory comes from /usr/bin/time -v when it is installed.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p hetman-cli
target="${CARGO_TARGET_DIR:-target}"
H="$target/release/hetman"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

timed() { # label, command...
  local label="$1"; shift
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f "%e %M" -o "$tmp/time" "$@"
    read -r secs kb < "$tmp/time"
    printf '%-58s %7.2f s  %9d KB peak\n' "$label" "$secs" "$kb"
  else
    local start end
    start=$(date +%s.%N); "$@"; end=$(date +%s.%N)
    printf '%-58s %7.2f s\n' "$label" "$(echo "$end - $start" | bc)"
  fi
}

expect() { # file, text
  grep -q -- "$2" "$1" || { echo "FAILED: expected '$2' in $1:"; head -c 500 "$1"; exit 1; }
}

timed "solve 10000000 (construction + verification) > file" \
  sh -c "$H queens solve 10000000 > $tmp/s7"
timed "check --file (10,000,000 queens, space-separated)" \
  sh -c "$H queens check --file $tmp/s7 > $tmp/c7"
expect "$tmp/c7" "a solution: 49,999,995,000,000 of 49,999,995,000,000"
tr ' ' '\n' < "$tmp/s7" > "$tmp/s7l"
timed "check < stdin (10,000,000 queens, one rank per line)" \
  sh -c "$H queens check < $tmp/s7l > $tmp/c7l"
expect "$tmp/c7l" "a solution: 49,999,995,000,000"
timed "solve 10000000 --no-verify > /dev/null" \
  sh -c "$H queens solve 10000000 --no-verify > /dev/null 2>&1"

timed "solve 1000000 --random --seed 1 (min-conflicts) > file" \
  sh -c "$H queens solve 1000000 --random --seed 1 > $tmp/r6"
timed "solve 1000000 --random --seed 1 again (same answer)" \
  sh -c "$H queens solve 1000000 --random --seed 1 > $tmp/r6b"
cmp -s "$tmp/r6" "$tmp/r6b" || { echo "FAILED: seed 1 gave two different solutions"; exit 1; }
$H queens check --file "$tmp/r6" > "$tmp/cr6"
expect "$tmp/cr6" "a solution: 499,999,500,000 of 499,999,500,000"

timed "complete 8 --block diagonals --count --unique" \
  sh -c "$H queens complete 8 --block diagonals --count --unique > $tmp/d8"
expect "$tmp/d8" "12 completions in 2 symmetry classes"

if [ "${1:-}" = "--huge" ]; then
  timed "solve 1000000000 --no-verify > /dev/null" \
    sh -c "$H queens solve 1000000000 --no-verify > /dev/null 2>&1"
  timed "solve 1000000000 (verified, 5N bits) > /dev/null" \
    sh -c "$H queens solve 1000000000 > /dev/null"
  # Spot-check the stream: the first and last ranks of the construction for N mod 12 = 4.
  first=$($H queens solve 1000000000 --no-verify 2>/dev/null | head -c 20 || true)
  case "$first" in "2 4 6 8 10 12 14 16 "*) ;; *) echo "FAILED: N = 10^9 starts '$first'"; exit 1;; esac
fi
echo "all answers checked"
