#!/usr/bin/env bash
# Times `hetman queens complete --instance` against a plain bitset backtracker
# (crates/hetman/examples/plain_complete.rs: smallest domain first over files
# and ranks alike, forward checking, nothing more) on instances made here with
# a fixed seed, and asserts every answer it times: both must agree (found or
# none), and every completion printed passes `hetman queens check`.
#
#   bench/complete.sh            # every class below
#   bench/complete.sh blocked    # only classes whose name contains 'blocked'
#   TIMEOUT=120 bench/complete.sh
#   KEEP=/tmp/inst bench/complete.sh middle   # keep the instances made
#   HETMAN=/tmp/old/hetman bench/complete.sh  # time another build of hetman
#   REPEAT=5 bench/complete.sh blocked        # the shortest of 5 runs of each
#
# Classes (N, given queens, blocked squares):
#   planted-*   a random solution (queens solve --random) is planted: some of its
#               queens are given and random squares it leaves empty are blocked;
#   middle-*    a third to a half of the queens given at random, pairwise
#               non-attacking, no planted solution: near the phase transition;
#   blocked-*   60x60 and 64x64 boards with 80-90% of the squares blocked at random
#               (the hard band), no queen given;
#   unsat-*     unsatisfiable by construction: every square of one rank attacked by
#               the given queens or blocked (rank-free), or three files whose free
#               squares lie on two ranks (hall).
# A run over TIMEOUT seconds (default 60) counts as TIMEOUT and is marked '>'.
set -euo pipefail
cd "$(dirname "$0")/.."
filter="${1:-}"
timeout_s="${TIMEOUT:-60}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
cargo build --release -q -p hetman-cli
cargo build --release -q -p hetman --example plain_complete
# HETMAN=PATH times another build of hetman (an older commit, say) against
# the same plain backtracker.
H="${HETMAN:-$CARGO_TARGET_DIR/release/hetman}"
P="$CARGO_TARGET_DIR/release/examples/plain_complete"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# KEEP=DIR keeps the instances in DIR (to rerun one by hand).
keep="${KEEP:-}"

# name N given blocked-fraction kind count
classes="
planted-20      20    5  0.50 planted 5
planted-100    100   10  0.00 planted 3
planted-100b   100   35  0.30 planted 3
planted-200    200   80  0.50 planted 3
planted-1000  1000  100  0.00 planted 2
planted-1000b 1000  100  0.05 planted 2
middle-50       50   20  0.00 middle  6
middle-100     100   40  0.00 middle  4
middle-200     200   80  0.00 middle  3
blocked-60-80   60    0  0.80 blocked 4
blocked-60-85   60    0  0.85 blocked 4
blocked-64-82   64    0  0.82 blocked 4
blocked-64-88   64    0  0.88 blocked 4
blocked-64-90   64    0  0.90 blocked 4
unsat-rank-200 200    3  0.00 rankfree 2
unsat-hall-500 500    0  0.00 hall 1
unsat-rank-1000 1000  5  0.00 rankfree 1
"

make_instances() { # name n given frac kind count
  local name=$1 n=$2 given=$3 frac=$4 kind=$5 count=$6
  for i in $(seq 1 "$count"); do
    local seed=$((26000 + i * 7 + n))
    local sol=""
    if [ "$kind" = planted ]; then
      "$H" queens solve "$n" --random --seed "$seed" > "$tmp/sol"
      sol="$tmp/sol"
    fi
    python3 - "$n" "$given" "$frac" "$kind" "$seed" "$sol" > "$tmp/$name-$i.txt" <<'PY'
import random, sys
n, given, frac, kind, seed, sol = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), sys.argv[4], int(sys.argv[5]), sys.argv[6]
rng = random.Random(seed)
def name(f, r):
    s, f = "", f + 1
    while f > 0:
        f -= 1
        s = chr(97 + f % 26) + s
        f //= 26
    return f"{s}{r + 1}"
def attacks(a, b):
    return a[0] == b[0] or a[1] == b[1] or abs(a[0] - b[0]) == abs(a[1] - b[1])
given_sq, blocked = [], set()
if kind == "planted":
    ranks = [int(x) - 1 for x in open(sol).read().split()]
    files = rng.sample(range(n), given)
    given_sq = [(f, ranks[f]) for f in sorted(files)]
    target = int(frac * n * n)
    while len(blocked) < target:
        f, r = rng.randrange(n), rng.randrange(n)
        if ranks[f] != r:
            blocked.add((f, r))
elif kind == "middle":
    while len(given_sq) < given:
        q = (rng.randrange(n), rng.randrange(n))
        if not any(attacks(q, g) for g in given_sq):
            given_sq.append(q)
elif kind == "blocked":
    blocked = set(rng.sample([(f, r) for f in range(n) for r in range(n)], int(frac * n * n)))
elif kind == "rankfree":
    while len(given_sq) < given:
        q = (rng.randrange(n), rng.randrange(n))
        if q[1] != n // 2 and not any(attacks(q, g) for g in given_sq):
            given_sq.append(q)
    r = n // 2
    blocked = {(f, r) for f in range(n) if not any(attacks((f, r), g) for g in given_sq)}
elif kind == "hall":
    files = rng.sample(range(n), 3)
    keep = rng.sample(range(n), 2)
    blocked = {(f, r) for f in files for r in range(n) if r not in keep}
print(f"# {kind}, seed {seed}")
print(f"n {n}")
for k in range(0, len(given_sq), 16):
    print("given " + " ".join(name(*q) for q in given_sq[k:k + 16]))
bl = sorted(blocked)
for k in range(0, len(bl), 16):
    print("blocked " + " ".join(name(*q) for q in bl[k:k + 16]))
PY
    if [ -n "$keep" ]; then mkdir -p "$keep"; cp "$tmp/$name-$i.txt" "$keep/"; fi
  done
}

now() { date +%s.%N; }

# REPEAT=K runs each command K times and keeps the shortest time (on a
# shared machine the short runs are otherwise mostly scheduling noise).
repeat="${REPEAT:-1}"
run_timed() { # out-file command...
  local out=$1; shift
  local t0 t1 rc best="" t k
  for k in $(seq 1 "$repeat"); do
    rc=0
    t0=$(now)
    timeout "$timeout_s" "$@" > "$out" 2> "$out.err" || rc=$?
    t1=$(now)
    if [ "$rc" = 124 ]; then echo "TIMEOUT"; return; fi
    t=$(echo "$t1 - $t0" | bc)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
  done
  echo "$best"
}

printf '%-16s %6s %6s %7s  %-6s %10s %10s %8s\n' instance N given blocked answer hetman plain ratio
total_h=0; total_p=0
while read -r name n given frac kind count; do
  [ -z "${name:-}" ] && continue
  case "$name" in *"$filter"*) ;; *) continue ;; esac
  make_instances "$name" "$n" "$given" "$frac" "$kind" "$count"
  for i in $(seq 1 "$count"); do
    f="$tmp/$name-$i.txt"
    th=$(run_timed "$tmp/h.out" "$H" queens complete --instance "$f")
    tp=$(run_timed "$tmp/p.out" "$P" "$f")
    ans_h=none; [ -s "$tmp/h.out" ] && ans_h=found
    ans_p=$(head -c 4 "$tmp/p.out"); [ "$ans_p" = none ] || ans_p=found
    [ "$tp" = TIMEOUT ] && ans_p="?"
    if [ "$th" = TIMEOUT ]; then ans_h="?"; fi
    if [ "$ans_h" = found ]; then
      "$H" queens check < "$tmp/h.out" | grep -q "^a solution" \
        || { echo "FAILED: $f: hetman printed a non-solution"; exit 1; }
    fi
    if [ "$ans_h" != "?" ] && [ "$ans_p" != "?" ] && [ "$ans_h" != "$ans_p" ]; then
      echo "FAILED: $f: hetman says $ans_h, the plain backtracker $ans_p"; exit 1
    fi
    case "$kind" in
      planted) [ "$ans_h" = found ] || { echo "FAILED: $f: planted but $ans_h"; exit 1; } ;;
      rankfree|hall) [ "$ans_h" = none ] || { echo "FAILED: $f: unsatisfiable but $ans_h"; exit 1; } ;;
    esac
    nb=$(awk '$1 == "blocked" { c += NF - 1 } END { print c + 0 }' "$f")
    ng=$(awk '$1 == "given" { c += NF - 1 } END { print c + 0 }' "$f")
    hs=${th/TIMEOUT/$timeout_s}; ps=${tp/TIMEOUT/$timeout_s}
    mark=""; [ "$tp" = TIMEOUT ] && mark=">"
    ratio=$(echo "scale=1; $ps / ($hs + 0.0005)" | bc)
    printf '%-16s %6d %6d %7d  %-6s %9.3fs %s%9.3fs %7sx\n' "$name-$i" "$n" "$ng" "$nb" \
      "$ans_h" "$hs" "$mark" "$ps" "$ratio"
    total_h=$(echo "$total_h + $hs" | bc); total_p=$(echo "$total_p + $ps" | bc)
  done
done <<< "$classes"
printf 'total: hetman %.2f s, plain %.2f s, ratio %.1fx\n' "$total_h" "$total_p" \
  "$(echo "scale=2; $total_p / ($total_h + 0.0005)" | bc)"
