#!/usr/bin/env bash
# Compares hetman's `queens count` with a public peer, the "quadrant join"
# counter EvgenyKluev/N-Queens-Count-Sol (C++20; it splits the board into four
# quarters, lists the partial solutions of each and joins them), both on ONE
# thread (issue 44, item 6). For each N it builds the peer for that N, then
# runs peer, hetman, peer, hetman, ... (RUNS times each, taking turns so that
# a noisy spell of the shared machine falls on both alike) under
# /usr/bin/time, and prints for every run the command, the total it printed,
# user CPU seconds, wall seconds and peak RSS; then a table with, per N, the
# median CPU and wall seconds of each, the ratio peer CPU / hetman CPU (above
# 1: hetman is faster), the largest peak RSS of each and whether the totals
# agree with each other and with OEIS A000170 (held below for N = 16..25).
# It exits 1 if a total disagrees.
#
# Usage: bench/quadrant.sh PEER_DIR N...
#   e.g. bench/quadrant.sh /work/peer-quadrant 16 17 18
#   PEER_DIR           a checkout of https://github.com/EvgenyKluev/N-Queens-Count-Sol
#                      (written for commit 580f444, 2022-12-31); it is only
#                      read, and must lie outside this repository
#   RUNS=1             runs of each program per N (the median is shown)
#   HETMAN=path        the hetman binary (default target/release/hetman; the
#                      script does not build it)
#   BUILD_DIR=dir      where the peer is built, outside this repository
#                      (default: a fresh temporary directory, removed at exit)
#   PEER_CXX=g++       the peer needs GCC 11 or newer (its README)
#   PEER_CXXFLAGS="-std=c++20 -O3 -march=native -mtune=native"
#   PEER_SCHED=st      st: the peer's single-threaded scheduler
#                      (schedulerst.h, "for single-threaded mode" says
#                      scheduler.h); mt: its default multi-threaded one
#                      (schedulermt.h), run with 1 worker thread
#
# How the peer is built and run. Its board size is a compile-time constant
# (`inline constexpr int size = 18;` in solcounter.h), so it is built once per
# N, from a copy of its sources in BUILD_DIR/src-N with these edits:
#   solcounter.h  size = N, and the tuning its author gives for that size in
#                 the table in the comment beside `cfg` (solcounter.h):
#                   N           16   17   18   19   20   21   22
#                   sieveCuts    0    0    0    0    3    3    6
#                   matchMinSize 40  40   40   40   60   60   80
#                   bmiIntrin    F    F    F    T    T    T    T
#                   prefetch     T    T    T    T    *    F    T
#                   Symmetry   NoSy NoSy NoSy NoSy NoSy NoSy RowS
#                 ("*" for prefetch at 20 is not explained; this script takes
#                 T). Below 16 the 16 column is used and above 22 the 22
#                 column: the author gives nothing there (and his README
#                 warns that sizes around 24 and up may take too much
#                 memory). matchGroupSize stays at its default 8, which the
#                 README says may want changing on CPUs <= SSE4 or >= AVX-512.
#   bmintrin.h    `#include "bmi2.h"` uncommented when bmiIntrin is T (the
#                 README: "Edit bmintrin.h to enable BMI2 instructions"); if
#                 the CPU has no bmi2, bmiIntrin is set to F instead
#   prefetch.h    `#include "prefetchx86.h"` uncommented when prefetch is T
#   scheduler.h   schedulerst.h instead of schedulermt.h (PEER_SCHED=st)
# and compiled as its README says (`g++ -std=c++20 -O3 main.cpp`, with
# -march/-mtune as it suggests, here native). It is run as `nqueens-N 1`
# (the first argument is the thread count, 4 by default; the single-threaded
# scheduler ignores it) and prints `Result: TOTAL` and `Elapsed time: ...`.
# hetman is run as `hetman queens count N --threads 1 --json --quiet --force`
# and its total is the "solutions" field of the JSON.
#
# In parts, for N too long for one sitting (the peer has no checkpoint):
#   PARTS=P STATE_DIR=dir bench/quadrant.sh PEER_DIR 22
# runs the peer as `nqueens-N 1 P p` (its own way to share out its work:
# main.cpp's third and second arguments, a Divider that keeps one of every
# P of its start positions) and hetman as `queens count N --shard p/P
# --threads 1 --result dir/hetman-N-P-p.json`, for p = 0..P-1 in turns, and
# appends each part's figures to dir/parts.txt as it finishes. Run it again
# (in a later session, or beside itself with PART_LIST="2 3" and a BUILD_DIR
# of its own, as its runs keep their output there) and it skips
# the parts already there. Once every part of both is there it adds them up:
# CPU is the sum of the parts' user seconds, RSS the largest part's, the
# peer's total the sum of its parts', hetman's total from `hetman queens
# merge` of the shard results (which checks every shard is there once). Each
# part repeats its program's set-up (the peer's quarter lists, hetman's
# plan); both sums carry it, so the ratio is of the parts as run.
#   PART_LIST="0 1"   the parts to run now (default: all P)
#   PROGRAMS=hetman   which programs' parts to run now: peer, hetman or both
#                     (default "peer hetman"), so that the short parts of one
#                     can run on one core while the other core runs a long one
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd -P)

die() {
    echo "quadrant.sh: $*" >&2
    exit 2
}

[[ $# -ge 2 ]] || die "usage: bench/quadrant.sh PEER_DIR N... (e.g. /path/to/N-Queens-Count-Sol 16 17 18)"
peer_arg=$1
shift
[[ -d "$peer_arg" ]] || die "the peer checkout '$peer_arg' is not a directory"
peer=$(cd "$peer_arg" && pwd -P)
for f in main.cpp solcounter.h bmintrin.h prefetch.h scheduler.h schedulerst.h; do
    [[ -f "$peer/$f" ]] || die "'$peer' has no $f: is it a checkout of EvgenyKluev/N-Queens-Count-Sol?"
done
if [[ "$peer/" == "$repo/"* ]]; then
    die "the peer checkout '$peer' is inside this repository; its code must stay outside"
fi
ns=("$@")
for n in "${ns[@]}"; do
    if [[ ! "$n" =~ ^[1-9][0-9]*$ ]] || ((n < 4 || n > 28)); then
        die "N must be a number from 4 to 28, not '$n'"
    fi
done

runs=${RUNS:-1}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive number, not '$runs'"
parts=${PARTS:-1}
[[ "$parts" =~ ^[1-9][0-9]*$ ]] || die "PARTS must be a positive number, not '$parts'"
if ((parts > 1)); then
    ((runs == 1)) || die "PARTS runs each part once: leave RUNS at 1"
    [[ -n "${STATE_DIR:-}" ]] || die "PARTS needs STATE_DIR, where the parts' figures are kept between runs"
    state=$(realpath -m "$STATE_DIR")
    [[ "$state/" != "$repo/"* ]] || die "the state directory '$state' is inside this repository"
    mkdir -p "$state"
    read -r -a part_list <<< "${PART_LIST:-$(seq -s ' ' 0 $((parts - 1)))}"
    for p in "${part_list[@]}"; do
        [[ "$p" =~ ^[0-9]+$ ]] && ((p < parts)) || die "PART_LIST: '$p' is not a part from 0 to $((parts - 1))"
    done
    read -r -a programs <<< "${PROGRAMS:-peer hetman}"
    ((${#programs[@]} > 0)) || die "PROGRAMS: name peer, hetman or both"
    for w in "${programs[@]}"; do
        [[ "$w" == peer || "$w" == hetman ]] || die "PROGRAMS: '$w' is neither peer nor hetman"
    done
fi
HETMAN=${HETMAN:-target/release/hetman}
[[ -x "$HETMAN" ]] || die "no hetman binary at '$HETMAN' (build it with cargo build --release, or set HETMAN)"
[[ -x /usr/bin/time ]] || die "/usr/bin/time (GNU time) is needed for CPU seconds and peak RSS"
cxx=${PEER_CXX:-g++}
command -v "$cxx" > /dev/null || die "no C++ compiler '$cxx' (set PEER_CXX; the peer needs GCC 11 or newer)"
read -r -a cxxflags <<< "${PEER_CXXFLAGS:--std=c++20 -O3 -march=native -mtune=native}"
sched=${PEER_SCHED:-st}
[[ "$sched" == st || "$sched" == mt ]] || die "PEER_SCHED must be st or mt, not '$sched'"

if [[ -n "${BUILD_DIR:-}" ]]; then
    build=$(realpath -m "$BUILD_DIR")
    if [[ "$build/" == "$repo/"* ]]; then
        die "the build directory '$build' is inside this repository; the peer's code must stay outside"
    fi
    mkdir -p "$build"
else
    build=$(mktemp -d "${TMPDIR:-/tmp}/quadrant.XXXXXX")
    trap 'rm -rf "$build"' EXIT
fi

# OEIS A000170, N = 16..25.
oeis() {
    case $1 in
        16) echo 14772512 ;;
        17) echo 95815104 ;;
        18) echo 666090624 ;;
        19) echo 4968057848 ;;
        20) echo 39029188884 ;;
        21) echo 314666222712 ;;
        22) echo 2691008701644 ;;
        23) echo 24233937684440 ;;
        24) echo 227514171973736 ;;
        25) echo 2207893435808352 ;;
        *) echo "" ;;
    esac
}

# The author's tuning for board size $1 (see the header): prints
# "sieveCuts matchMinSize bmiIntrin prefetch Symmetry".
peer_settings() {
    local n=$1
    if ((n < 16)); then n=16; fi
    if ((n > 22)); then n=22; fi
    case $n in
        16 | 17 | 18) echo 0 40 false true QNoSymmetry ;;
        19) echo 0 40 true true QNoSymmetry ;;
        20) echo 3 60 true true QNoSymmetry ;; # prefetch "*" in the table
        21) echo 3 60 true false QNoSymmetry ;;
        22) echo 6 80 true true QRowSymmetry ;;
    esac
}

# Replaces, in file $1, the line matching the extended regex $2 by $3; fails if
# no line matches (the peer's sources are not the ones this script knows).
edit() {
    local file=$1 pattern=$2 line=$3
    if ! grep -Eq "$pattern" "$file"; then
        die "the peer's $(basename "$file") has no line matching '$pattern'; this script knows commit 580f444"
    fi
    local tmp
    tmp=$(mktemp "$build/edit.XXXXXX")
    awk -v p="$pattern" -v l="$line" '$0 ~ p { print l; next } { print }' "$file" > "$tmp"
    mv "$tmp" "$file"
}

has_bmi2=false
grep -qw bmi2 /proc/cpuinfo 2>/dev/null && has_bmi2=true

# Builds the peer for board size $1 into $build/nqueens-$1.
build_peer() {
    local n=$1 cuts minsize bmi prefetch symm src
    read -r cuts minsize bmi prefetch symm <<< "$(peer_settings "$n")"
    if [[ "$bmi" == true && "$has_bmi2" == false ]]; then
        echo "  (this CPU has no bmi2: bmiIntrin = false instead of true)"
        bmi=false
    fi
    src=$build/src-$n
    rm -rf "$src"
    mkdir -p "$src"
    cp "$peer"/*.h "$peer"/main.cpp "$src"/
    edit "$src/solcounter.h" '^inline constexpr int size = [0-9]+;' "inline constexpr int size = $n;"
    edit "$src/solcounter.h" '^ *\.sieveCuts = [0-9]+,' "    .sieveCuts = $cuts,"
    edit "$src/solcounter.h" '^ *\.matchMinSize = [0-9]+,' "    .matchMinSize = $minsize,"
    edit "$src/solcounter.h" '^ *\.bmiIntrin = (true|false),' "    .bmiIntrin = $bmi,"
    edit "$src/solcounter.h" '^ *\.prefetch = (true|false),' "    .prefetch = $prefetch,"
    edit "$src/solcounter.h" '^using Quarter = Subsquare<size / 2, Q[A-Za-z]*Symmetry, PackIter>;' \
        "using Quarter = Subsquare<size / 2, $symm, PackIter>;"
    if [[ "$bmi" == true ]]; then
        edit "$src/bmintrin.h" '^//#include "bmi2.h"' '#include "bmi2.h"'
    fi
    if [[ "$prefetch" == true ]]; then
        edit "$src/prefetch.h" '^//#include "prefetchx86.h"' '#include "prefetchx86.h"'
    fi
    if [[ "$sched" == st ]]; then
        edit "$src/scheduler.h" '^#include "schedulermt.h"' '#include "schedulerst.h"'
    fi
    echo "  N=$n: size=$n sieveCuts=$cuts matchMinSize=$minsize bmiIntrin=$bmi prefetch=$prefetch $symm scheduler=$sched"
    echo "    (cd $src && $cxx ${cxxflags[*]} -o $build/nqueens-$n main.cpp)"
    if ! (cd "$src" && "$cxx" "${cxxflags[@]}" -o "$build/nqueens-$n" main.cpp) > "$build/build-$n.log" 2>&1; then
        tail -n 30 "$build/build-$n.log" >&2
        die "building the peer for N=$n failed (log above; the peer needs GCC 11+ with C++20)"
    fi
}

# Runs the command after $1 (a label) once under /usr/bin/time; sets the
# globals total, cpu, wall, rss (KiB) and prints one line.
timed() {
    local label=$1
    shift
    local out=$build/out tf=$build/time
    if ! /usr/bin/time -o "$tf" -f '%U %e %M' "$@" > "$out" 2> "$build/err"; then
        cat "$build/err" "$tf" >&2
        die "$label failed: $*"
    fi
    read -r cpu wall rss < "$tf"
    if [[ "$label" == peer ]]; then
        total=$(sed -nE 's/^Result: ([0-9]+)$/\1/p' "$out")
    else
        total=$(sed -nE 's/.*"solutions":([0-9]+).*/\1/p' "$out")
    fi
    if [[ ! "$total" =~ ^[0-9]+$ ]]; then
        cat "$out" >&2
        die "$label printed no total: $*"
    fi
    printf '  %-6s %20s  cpu %8.2f s  wall %8.2f s  rss %8.1f MiB   %s\n' \
        "$label" "$total" "$cpu" "$wall" "$(awk -v k="$rss" 'BEGIN { print k / 1024 }')" "$*"
}

median() {
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

maximum() {
    printf '%s\n' "$@" | sort -g | tail -n 1
}

echo "peer:   $peer ($(git -C "$peer" rev-parse --short HEAD 2>/dev/null || echo "commit unknown"))"
echo "hetman: $HETMAN ($("$HETMAN" --version))"
echo "$(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $runs run(s) each, one thread each, taking turns"
echo "peer compiler: $("$cxx" --version | head -n 1); build directory $build"
echo "building the peer, once per N:"
for n in "${ns[@]}"; do
    build_peer "$n"
done

# The line of parts.txt for program $1, N $2, part $3 (of $parts), if any:
# "program N P p total cpu wall rss".
part_line() {
    awk -v w="$1" -v n="$2" -v k="$parts" -v p="$3" \
        '$1 == w && $2 == n && $3 == k && $4 == p { print; exit }' "$state/parts.txt" 2> /dev/null
}

# Whether PROGRAMS names program $1.
wanted() {
    [[ " ${programs[*]} " == *" $1 "* ]]
}

# N $1 in parts: runs the parts of PART_LIST (of the PROGRAMS) not yet in parts.txt, then, if
# every part of both programs is there, adds them up into a row.
run_parts() {
    local n=$1 p file
    echo "N=$n in $parts parts (state in $state/parts.txt):"
    # Which machine the parts that follow ran on (CPU flags differ between sessions).
    echo "# $(date -u +%Y-%m-%dT%H:%MZ) N=$n parts ${part_list[*]} of ${programs[*]}: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $HETMAN ($("$HETMAN" --version))" >> "$state/parts.txt"
    for p in "${part_list[@]}"; do
        if ! wanted peer; then
            :
        elif [[ -z "$(part_line peer "$n" "$p")" ]]; then
            timed peer "$build/nqueens-$n" 1 "$parts" "$p"
            echo "peer $n $parts $p $total $cpu $wall $rss" >> "$state/parts.txt"
        else
            echo "  peer   part $p: done before ($(part_line peer "$n" "$p"))"
        fi
        file=$state/hetman-$n-$parts-$p.json
        if ! wanted hetman; then
            :
        elif [[ -z "$(part_line hetman "$n" "$p")" ]]; then
            # A result left by a run stopped before its line was written.
            rm -f "$file"
            timed hetman "$HETMAN" queens count "$n" --shard "$p/$parts" --threads 1 --json --quiet \
                --force --result "$file"
            echo "hetman $n $parts $p $total $cpu $wall $rss" >> "$state/parts.txt"
        else
            echo "  hetman part $p: done before ($(part_line hetman "$n" "$p"))"
        fi
    done
    local missing=()
    for ((p = 0; p < parts; p++)); do
        [[ -n "$(part_line peer "$n" "$p")" ]] || missing+=("peer $p")
        [[ -n "$(part_line hetman "$n" "$p")" ]] || missing+=("hetman $p")
    done
    if ((${#missing[@]} > 0)); then
        echo "  not every part is done yet (missing: ${missing[*]}); run the same command again"
        return
    fi
    local sums
    sums=$(for ((p = 0; p < parts; p++)); do part_line peer "$n" "$p"; part_line hetman "$n" "$p"; done |
        awk '{ c[$1] += $6; w[$1] += $7; if ($8 > r[$1]) r[$1] = $8 }
             END { printf "%.2f %.2f %s %.2f %.2f %s", c["peer"], w["peer"], r["peer"], c["hetman"], w["hetman"], r["hetman"] }')
    local ptot=0 pcpu pwall prss hcpu hwall hrss htot part_total
    read -r pcpu pwall prss hcpu hwall hrss <<< "$sums"
    # The peer's total in shell arithmetic (64 bits): awk's numbers are doubles,
    # and mawk prints a large sum as 2.69101e+12.
    for ((p = 0; p < parts; p++)); do
        read -r _ _ _ _ part_total _ <<< "$(part_line peer "$n" "$p")"
        [[ "$part_total" =~ ^[0-9]+$ ]] || die "the peer's part $p of N=$n has no total in $state/parts.txt"
        ptot=$((ptot + part_total))
    done
    htot=$("$HETMAN" queens merge "$state"/hetman-"$n"-"$parts"-*.json --json |
        sed -nE 's/.*"solutions":([0-9]+).*/\1/p')
    [[ "$htot" =~ ^[0-9]+$ ]] || die "hetman queens merge of $state/hetman-$n-$parts-*.json gave no total"
    local want agree
    want=$(oeis "$n")
    if [[ "$ptot" != "$htot" ]]; then
        agree="NO (peer $ptot, hetman $htot)"
    elif [[ -z "$want" ]]; then
        agree="yes (no A000170 value held)"
    elif [[ "$ptot" == "$want" ]]; then
        agree="yes, = A000170"
    else
        agree="NO: both $ptot, A000170 $want"
    fi
    if [[ "$agree" == NO* ]]; then bad=1; fi
    echo "  totals over $parts parts: peer $ptot, hetman $htot (merged), A000170 ${want:-?}: $agree"
    rows+=("$(printf '%3d %10s %10s %8s %10s %10s %10s %10s  %s' "$n" "$pcpu" "$hcpu" \
        "$(awk -v p="$pcpu" -v h="$hcpu" 'BEGIN { if (h > 0) printf "%.2f", p / h; else print "-" }')" \
        "$pwall" "$hwall" \
        "$(awk -v k="$prss" 'BEGIN { printf "%.1f", k / 1024 }')" \
        "$(awk -v k="$hrss" 'BEGIN { printf "%.1f", k / 1024 }')" \
        "$agree")")
}

rows=()
bad=0
for n in "${ns[@]}"; do
    if ((parts > 1)); then
        run_parts "$n"
        continue
    fi
    echo "N=$n (user CPU and wall seconds and peak RSS from /usr/bin/time -f '%U %e %M'):"
    pc=() pw=() pr=() hc=() hw=() hr=() pt=() ht=()
    for ((r = 0; r < runs; r++)); do
        timed peer "$build/nqueens-$n" 1
        pt+=("$total") pc+=("$cpu") pw+=("$wall") pr+=("$rss")
        timed hetman "$HETMAN" queens count "$n" --threads 1 --json --quiet --force
        ht+=("$total") hc+=("$cpu") hw+=("$wall") hr+=("$rss")
    done
    want=$(oeis "$n")
    agree=yes
    for t in "${pt[@]}" "${ht[@]}"; do
        if [[ "$t" != "${pt[0]}" ]]; then agree="NO (peer ${pt[*]}, hetman ${ht[*]})"; fi
    done
    if [[ "$agree" == yes && -n "$want" ]]; then
        if [[ "${pt[0]}" == "$want" ]]; then agree="yes, = A000170"; else agree="NO: both ${pt[0]}, A000170 $want"; fi
    elif [[ "$agree" == yes ]]; then
        agree="yes (no A000170 value held)"
    fi
    if [[ "$agree" == NO* ]]; then bad=1; fi
    echo "  totals: peer ${pt[0]}, hetman ${ht[0]}, A000170 ${want:-?}: $agree"
    mpc=$(median "${pc[@]}") mhc=$(median "${hc[@]}")
    rows+=("$(printf '%3d %10s %10s %8s %10s %10s %10s %10s  %s' "$n" "$mpc" "$mhc" \
        "$(awk -v p="$mpc" -v h="$mhc" 'BEGIN { if (h > 0) printf "%.2f", p / h; else print "-" }')" \
        "$(median "${pw[@]}")" "$(median "${hw[@]}")" \
        "$(awk -v k="$(maximum "${pr[@]}")" 'BEGIN { printf "%.1f", k / 1024 }')" \
        "$(awk -v k="$(maximum "${hr[@]}")" 'BEGIN { printf "%.1f", k / 1024 }')" \
        "$agree")")
done

echo
if ((parts > 1)); then
    echo "summary: sums over $parts parts; CPU = user seconds, one thread each; ratio = peer CPU / hetman CPU; RSS = largest part's peak, MiB"
else
    echo "summary: median of $runs run(s); CPU = user seconds, one thread each; ratio = peer CPU / hetman CPU; RSS = largest peak, MiB"
fi
printf '%3s %10s %10s %8s %10s %10s %10s %10s  %s\n' N "peer CPU" "hetman CPU" ratio "peer wall" "het. wall" "peer RSS" "het. RSS" agree
printf '%s\n' "${rows[@]}"
exit "$bad"
