#!/usr/bin/env bash
# CI: a real Slurm job array of hetman shards on a single-node cluster.
#
# Installs the Debian packages if they are missing (slurmctld, slurmd, slurm-client, munge),
# brings the cluster up with scripts/slurm-local.sh, writes the job with
# `hetman queens slurm 13 --shards 40 --max-array 16` (so each of the 16 array tasks counts
# shards i, i + 16, i + 32 in turn, as a split larger than the cluster's MaxArraySize does),
# submits the array and the dependent merge, waits for
# both, checks the merged totals against OEIS (73,712 solutions, 9,233 unique), that the
# shards ran the half-board join and that its rank sets were cut finer for 40 shards (at
# least 8 work units a shard, more than N = 13 has by default), and stops
# the daemons by their process ids on exit, whatever happened.
#
#   scripts/slurm-test.sh              build hetman (the suite profile) and run the test
#   HETMAN=/path/to/hetman scripts/slurm-test.sh    use that binary
#   SHARDS=4 scripts/slurm-test.sh                  another number of shards
#   MAX_ARRAY=1001 scripts/slurm-test.sh            another largest array (one shard a task)
#
# Runs as root, or as a user with sudo (for apt-get and the daemons).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
say() { echo "slurm-test: $*" >&2; }

if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo -n)
else
    say "needs root or sudo (for apt-get and the Slurm daemons)"
    exit 2
fi

missing=0
for cmd in slurmctld slurmd sbatch munged; do
    command -v "$cmd" >/dev/null 2>&1 || [ -x "/usr/sbin/$cmd" ] || missing=1
done
if [ "$missing" -eq 1 ]; then
    say "installing slurmctld slurmd slurm-client munge"
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends slurmctld slurmd slurm-client munge >/dev/null
fi

hetman=${HETMAN:-}
if [ -z "$hetman" ]; then
    # The test suite's build (scripts/test.sh has just made it in CI).
    (cd "$root" && cargo build --profile suite -q -p hetman-cli)
    hetman="$("$root/scripts/bin-path.sh" suite)"
fi
hetman=$(cd "$(dirname "$hetman")" && pwd)/$(basename "$hetman")

work=$(mktemp -d /tmp/hetman-slurm-test.XXXXXX)
chmod 755 "$work"
cluster="$work/cluster"
local_sh=("${as_root[@]}" env SLURM_LOCAL_DIR="$cluster" "$root/scripts/slurm-local.sh")
cleanup() {
    local rc=$?
    if [ -n "${jobs_to_cancel:-}" ]; then
        scancel $jobs_to_cancel >/dev/null 2>&1 || true
    fi
    "${local_sh[@]}" stop || true
    if [ "$rc" -ne 0 ]; then
        for f in "$work"/job/logs/*.out "$cluster"/slurmctld.log "$cluster"/slurmd.log; do
            [ -f "$f" ] && { echo "--- $f" >&2; tail -n 20 "$f" >&2; }
        done
    fi
    "${as_root[@]}" rm -rf "$work"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

start=$(date +%s)
shards=${SHARDS:-40}
max_array=${MAX_ARRAY:-16}
"${local_sh[@]}" start
export SLURM_CONF="$cluster/slurm.conf"

"$hetman" queens slurm 13 --shards "$shards" --max-array "$max_array" --dir "$work/job" --hetman "$hetman" --time 10
tasks=$((shards < max_array ? shards : max_array))
grep -q "^#SBATCH --array=0-$((tasks - 1))$" "$work/job/queens-13.sbatch" ||
    { say "the array is not 0-$((tasks - 1))"; exit 1; }
array_job=$(sbatch --parsable "$work/job/queens-13.sbatch")
jobs_to_cancel=$array_job
merge_job=$(sbatch --parsable --dependency="afterok:$array_job" "$work/job/queens-13-merge.sbatch")
jobs_to_cancel="$array_job $merge_job"
say "submitted job array $array_job ($shards shards on $tasks tasks) and merge $merge_job"

for _ in $(seq 300); do
    if [ -z "$(squeue -h -j "$array_job,$merge_job" 2>/dev/null)" ]; then
        break
    fi
    sleep 1
done
if [ -n "$(squeue -h -j "$array_job,$merge_job" 2>/dev/null)" ]; then
    say "the jobs did not finish within 5 minutes"
    squeue >&2 || true
    exit 1
fi
jobs_to_cancel=

for ((i = 0; i < shards; i++)); do
    [ -s "$work/job/results/shard-$i.json" ] || { say "shard $i wrote no result"; exit 1; }
done
expected="13 queens: 73,712 solutions, 9,233 unique"
got=$(head -n 1 "$work/job/total.txt" 2>/dev/null || true)
if [ "$got" != "$expected" ]; then
    say "merged totals: expected '$expected', got '$got'"
    exit 1
fi
grep -q "^shards: $shards " "$work/job/total.txt" || { say "total.txt does not name $shards shards"; exit 1; }
# More than 8 units a shard: the finer split of the rank sets (N = 13 has fewer by default).
units=$(sed -nE 's/^work units: ([0-9,]+)$/\1/p' "$work/job/total.txt" | tr -d ,)
if [ "${units:-0}" -lt $((8 * shards)) ]; then
    say "the split has ${units:-no} work units, fewer than 8 for each of $shards shards"
    exit 1
fi
# N = 13 is in the half-board join's range: the shards must have run it.
grep -q "^engine: join-2/" "$work/job/total.txt" || { say "the shards did not run the half-board join"; exit 1; }
say "ok: $got ($shards shards on $tasks array tasks over $units work units and a dependent merge, $(($(date +%s) - start)) s with the cluster's start and stop)"
