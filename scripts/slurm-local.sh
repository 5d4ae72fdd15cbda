#!/usr/bin/env bash
# A single-node Slurm cluster on this Debian machine, for trying hetman's job arrays
# (`hetman queens slurm ...`) and for the CI test that runs one.
#
#   scripts/slurm-local.sh start   install (if needed) and start munged, slurmctld, slurmd
#   scripts/slurm-local.sh env     print the export line that points sbatch/squeue at it
#   scripts/slurm-local.sh stop    stop the daemons by their process ids
#
# No systemd: the daemons are started by hand. Everything lives in $SLURM_LOCAL_DIR
# (default /tmp/hetman-slurm); the configuration is found through SLURM_CONF, so nothing
# under /etc/slurm is changed. Needs root (for apt-get and munged's key).
set -euo pipefail

dir=${SLURM_LOCAL_DIR:-/tmp/hetman-slurm}
conf="$dir/slurm.conf"
host=$(hostname -s)

need_packages() {
    local missing=()
    for cmd in slurmctld slurmd sbatch munged; do
        command -v "$cmd" >/dev/null 2>&1 || [ -x "/usr/sbin/$cmd" ] || missing+=("$cmd")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "slurm-local: installing slurmctld slurmd slurm-client munge" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq slurmctld slurmd slurm-client munge >/dev/null
    fi
}

start_munge() {
    if [ -f "$dir/munged.pid" ] && kill -0 "$(cat "$dir/munged.pid")" 2>/dev/null; then
        return
    fi
    mkdir -p /etc/munge /var/lib/munge /var/log/munge /run/munge
    if [ ! -s /etc/munge/munge.key ]; then
        dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key status=none
    fi
    chown -R munge:munge /etc/munge /var/lib/munge /var/log/munge /run/munge 2>/dev/null || true
    chmod 0700 /etc/munge
    chmod 0400 /etc/munge/munge.key
    if id munge >/dev/null 2>&1; then
        runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/munged.pid
    else
        /usr/sbin/munged --force --pid-file=/run/munge/munged.pid
    fi
    for _ in $(seq 50); do
        [ -s /run/munge/munged.pid ] && break
        sleep 0.1
    done
    cp /run/munge/munged.pid "$dir/munged.pid"
}

write_conf() {
    local cpus mem
    cpus=$(nproc)
    mem=$(awk '/MemTotal/ {print int($2 / 1024 * 0.9)}' /proc/meminfo)
    mkdir -p "$dir/state" "$dir/spool"
    cat >"$conf" <<CONF
ClusterName=hetman
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldPort=6817
SlurmdPort=6818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
SlurmctldTimeout=30
SlurmdTimeout=30
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
}

case "${1:-}" in
start)
    need_packages
    mkdir -p "$dir"
    start_munge
    write_conf
    export SLURM_CONF="$conf"
    if ! { [ -f "$dir/slurmctld.pid" ] && kill -0 "$(cat "$dir/slurmctld.pid")" 2>/dev/null; }; then
        /usr/sbin/slurmctld -i
    fi
    if ! { [ -f "$dir/slurmd.pid" ] && kill -0 "$(cat "$dir/slurmd.pid")" 2>/dev/null; }; then
        /usr/sbin/slurmd
    fi
    # Wait until the node takes jobs.
    for _ in $(seq 60); do
        state=$(sinfo -h -N -o '%T' 2>/dev/null | head -n1 || true)
        case "$state" in
        idle* | mixed* | allocated*)
            echo "slurm-local: node $host is $state; use: export SLURM_CONF=$conf" >&2
            exit 0
            ;;
        esac
        scontrol update nodename="$host" state=resume >/dev/null 2>&1 || true
        sleep 1
    done
    echo "slurm-local: the node did not come up; see $dir/slurmctld.log and $dir/slurmd.log" >&2
    exit 1
    ;;
env)
    echo "export SLURM_CONF=$conf"
    ;;
stop)
    for d in slurmd slurmctld munged; do
        pidfile="$dir/$d.pid"
        if [ -f "$pidfile" ]; then
            pid=$(cat "$pidfile")
            kill "$pid" 2>/dev/null || true
            for _ in $(seq 50); do
                kill -0 "$pid" 2>/dev/null || break
                sleep 0.1
            done
            kill -9 "$pid" 2>/dev/null || true
            rm -f "$pidfile"
        fi
    done
    echo "slurm-local: stopped" >&2
    ;;
*)
    echo "usage: $0 start|env|stop" >&2
    exit 2
    ;;
esac
