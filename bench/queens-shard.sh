#!/usr/bin/env bash
# One shard of a split count, measured against its estimate: runs
# `hetman queens count N --shard I/K --estimate --json`, then counts that
# shard (niced, with --result) under /usr/bin/time -v, and prints the
# estimated and measured CPU time and peak memory (the process's maximum
# resident set against the estimate's shard memory) with their ratios.
#
# Usage: bench/queens-shard.sh N I K        e.g. bench/queens-shard.sh 24 0 200000
#   THREADS=n     --threads (default 1: one core, as a cluster task)
#   HETMAN=path   the binary (default: build target/release/hetman)
#   OUT=dir       keep the result and the time report there (default: a temporary dir)
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $# -ne 3 ]]; then
    echo "usage: bench/queens-shard.sh N I K" >&2
    exit 2
fi
n=$1 i=$2 k=$3
threads=${THREADS:-1}
if [[ -z "${HETMAN:-}" ]]; then
    cargo build --release --quiet -p hetman-cli
    HETMAN="${CARGO_TARGET_DIR:-target}/release/hetman"
fi
if [[ -n "${OUT:-}" ]]; then
    work=$OUT
    mkdir -p "$work"
else
    work=$(mktemp -d /tmp/hetman-shard-bench.XXXXXX)
    trap 'rm -rf "$work"' EXIT
fi

field() { sed -E "s/.*\"$1\":([0-9.eE+-]+).*/\1/" <<<"$2"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

t0=$(date +%s.%N)
est=$("$HETMAN" queens count "$n" --shard "$i/$k" --estimate --json --threads "$threads")
t1=$(date +%s.%N)
est_cpu=$(field shard_cpu_seconds "$est")
est_mem=$(field shard_memory_bytes "$est")
echo "estimate ($(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s): $est"

rm -f "$work/shard.json"
nice -n 10 /usr/bin/time -v -o "$work/time.txt" \
    "$HETMAN" queens count "$n" --shard "$i/$k" --threads "$threads" --force --quiet \
    --result "$work/shard.json"
cpu=$(awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { printf "%.2f", u + s }' "$work/time.txt")
wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { print $2 }' "$work/time.txt")
rss_kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$work/time.txt")
mem=$((rss_kb * 1024))
printf 'shard %s/%s of N = %s on %s thread(s): wall %s, CPU %s s (estimated %.1f s, ratio %s), ' \
    "$i" "$k" "$n" "$threads" "$wall" "$cpu" "$est_cpu" "$(ratio "$est_cpu" "$cpu")"
printf 'peak RSS %d MiB (estimated %d MiB, ratio %s)\n' \
    $((mem >> 20)) $((${est_mem%.*} >> 20)) "$(ratio "${est_mem%.*}" "$mem")"
