#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# xchg sweep --slurm on a real Slurm (Debian's slurmctld, slurmd, munge):
# one controller and one compute node on localhost, run as the current
# user with all state under BUILD/slurm; submits a case file as a build job
# and a job array that depends on it (sbatch --array --wait), merges, and
# checks that the merged summary equals the local sweep's (-j 2), that the
# jobs asked for what the options said, and that a build that fails
# cancels the array before any case runs. The daemons are stopped on exit, by the
# process ids they wrote. Usage: t_slurm.sh BUILD   (make test-slurm)
set -u
build=$(cd "${1:-build}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
X="$build/xchg"
D="$build/slurm"
fail() { echo "FAIL t_slurm: $*" >&2; exit 1; }
for t in munged slurmctld slurmd sbatch sinfo; do
    command -v $t >/dev/null || fail "$t not installed (make slurm-deps)"
done

stop() { # the daemons this script started, by their pid files
    for p in slurmd slurmctld munged; do
        [ -s "$D/$p.pid" ] && kill "$(cat "$D/$p.pid")" 2>/dev/null
    done
    sleep 1
    for p in slurmd slurmctld munged; do
        [ -s "$D/$p.pid" ] && kill -9 "$(cat "$D/$p.pid")" 2>/dev/null
        rm -f "$D/$p.pid"
    done
    [ -n "${sockdir:-}" ] && rm -rf "$sockdir"
    return 0
}
[ -d "$D" ] && stop # daemons a killed earlier run left
rm -rf "$D"
mkdir -p "$D/state" "$D/spool" "$D/work"
chmod 700 "$D"
trap 'stop' EXIT
trap 'exit 130' INT TERM

# two free TCP ports for the controller and the node
read -r cport dport < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
user=$(id -un)
# the node offers half of this machine's memory (at least 1 GB): a job's --mem must fit
realmem=$(awk '/^MemTotal/ { m = int($2 / 2048); print m < 1024 ? 1024 : m }' /proc/meminfo)

# munge: a key of our own and a socket under $D (in /tmp when $D is too
# long for a socket's path)
sock="$D/munge.sock"
if [ ${#sock} -gt 100 ]; then
    sockdir=$(mktemp -d /tmp/xchg-munge.XXXXXX)
    sock=$sockdir/munge.sock
fi
dd if=/dev/urandom of="$D/munge.key" bs=1024 count=1 status=none
chmod 400 "$D/munge.key"
munged --force --key-file="$D/munge.key" --socket="$sock" --pid-file="$D/munged.pid" \
    --log-file="$D/munged.log" --seed-file="$D/munged.seed" || fail "munged did not start: $(cat "$D/munged.log")"

cat >"$D/slurm.conf" <<CONF
# one controller and one compute node on localhost (written by tb/slurm/t_slurm.sh)
ClusterName=xchgtest
SlurmctldHost=localhost(127.0.0.1)
SlurmUser=$user
SlurmdUser=$user
SlurmctldPort=$cport
SlurmdPort=$dport
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$sock
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool
SlurmctldPidFile=$D/slurmctld.pid
SlurmdPidFile=$D/slurmd.pid
SlurmctldLogFile=$D/slurmctld.log
SlurmdLogFile=$D/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
MailProg=/bin/true
NodeName=localhost NodeAddr=127.0.0.1 CPUs=2 RealMemory=$realmem State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$D/slurm.conf"
t0=$(date +%s)
slurmctld -f "$SLURM_CONF" || fail "slurmctld did not start: $(tail -5 "$D/slurmctld.log")"
slurmd -f "$SLURM_CONF" -N localhost || fail "slurmd did not start: $(tail -5 "$D/slurmd.log")"
for _ in $(seq 60); do
    state=$(sinfo -h -n localhost -o %t 2>/dev/null)
    [ "$state" = idle ] && break
    sleep 0.5
done
[ "$state" = idle ] || fail "the node is '$state', not idle after 30 s: $(tail -5 "$D/slurmctld.log" "$D/slurmd.log")"
echo "ok Slurm up in $(( $(date +%s) - t0 )) s: controller and node localhost idle"

# the cases: lock-step and golden runs, one fails on purpose
cd "$D/work"
cp "$here/../sweep_cases.txt" cases.txt # the cases of tb/cli/t_sweep.sh
"$X" sweep cases.txt -j 2 --out local >local.txt; rc=$?
[ $rc = 1 ] || fail "local sweep exit $rc, expected 1: $(cat local.txt)"
t1=$(date +%s)
"$X" sweep cases.txt --slurm --time 10 --mem 500M --cpus-per-task 1 --max-running 2 --out cluster \
    >cluster.txt 2>&1; rc=$?
[ $rc = 1 ] || fail "slurm sweep exit $rc, expected 1: $(cat cluster.txt; tail -5 "$D/slurmctld.log")"
grep -q '^xchg sweep: 4 cases, 3 passed, 1 failed, 0 errors; cluster/summary.json, cluster/junit.xml$' cluster.txt ||
    fail "tally: $(cat cluster.txt)"
build=$(sed -n 's/^xchg sweep: build job \([0-9][0-9]*\) .*/\1/p' cluster.txt)
job=$(sed -n 's/^\([0-9][0-9]*\)$/\1/p' cluster.txt | head -1)
[ -n "$build" ] && [ -n "$job" ] || fail "no build job or array job id: $(cat cluster.txt)"
for i in 0 1 2 3; do # each case ran as a task of the array: its Slurm output file
    [ -e "cluster/slurm-${job}_$i.out" ] || fail "no cluster/slurm-${job}_$i.out: $(ls cluster)"
done
grep -q 'the models of 4 cases are ready' "cluster/slurm-build-$build.out" ||
    fail "build job log: $(cat "cluster/slurm-build-$build.out")"
# what each job asked for, as the options said; the array throttled to 2
for f in build sweep; do
    for want in '--time=10' '--mem=500M' '--cpus-per-task=1' '--ntasks=1'; do
        grep -qx -- "#SBATCH $want" "cluster/$f.sbatch" || fail "$f.sbatch lacks $want: $(cat "cluster/$f.sbatch")"
    done
done
grep -qx -- "#SBATCH --array=0-3%2" cluster/sweep.sbatch || fail "sbatch script: $(cat cluster/sweep.sbatch)"
grep -q -- "--build-only$" cluster/build.sbatch || fail "build script: $(cat cluster/build.sbatch)"
# Slurm took them: the limits it recorded, the build before every task
scontrol show job "$build" >build.job && scontrol show job "$job" >array.job || fail "scontrol show job"
grep -q 'TimeLimit=00:10:00' array.job && grep -q 'MinMemoryNode=500M' array.job ||
    fail "the array's limits: $(grep -E 'TimeLimit|Mem' array.job)"
grep -q 'ArrayTaskThrottle=2' array.job || fail "no throttle: $(grep -i throttle array.job)"
python3 - build.job array.job <<'PY' || fail "an array task started before the build job ended"
import re, sys
end = re.findall(r"EndTime=(\S+)", open(sys.argv[1]).read())[0]
starts = re.findall(r"StartTime=(\S+)", open(sys.argv[2]).read())
assert starts and all(s >= end for s in starts), (end, starts)
PY
echo "ok build job $build, then array job $job: 4 tasks, at most 2 at a time, ran in $(( $(date +%s) - t1 )) s: $(tail -1 cluster.txt)"

# a model that cannot be built (a Verilator that fails, a cache of its own):
# the build job fails and the array is cancelled before any case runs
mkdir -p fakebin
printf '#!/bin/sh\necho "verilator: broken on purpose" >&2\nexit 1\n' >fakebin/verilator
chmod +x fakebin/verilator
PATH="$PWD/fakebin:$PATH" XC_BUILD="$D/broken-cache" "$X" sweep cases.txt --slurm --time 5 --out broken \
    >broken.txt 2>&1; rc=$?
[ $rc = 3 ] || fail "a failed build: exit $rc, expected 3: $(cat broken.txt)"
grep -q '^xchg sweep: --slurm: sbatch exited [0-9]* and no case ran (the build job: broken/slurm-build-[0-9]*.out' \
    broken.txt || fail "a failed build: $(cat broken.txt)"
ls broken | grep -q -e '^case-' -e '^slurm-[0-9]' && fail "a case ran after a failed build: $(ls broken)"
grep -q 'could not build their model' broken/slurm-build-*.out || fail "build log: $(cat broken/slurm-build-*.out)"
echo "ok a build job that fails: the array is cancelled, no case runs, exit 3"

python3 - local/summary.json cluster/summary.json cluster/junit.xml <<'PY' || fail "merged summaries differ"
import json, sys, xml.etree.ElementTree as ET
def strip(path):
    d = json.load(open(path))
    for r in d["results"]:
        r.pop("seconds")
        if r["report"]:
            for k in ("sim_seconds", "build_seconds"):
                r["report"].pop(k, None)
    return d
a, b = strip(sys.argv[1]), strip(sys.argv[2])
assert a == b, (a, b)
s = ET.parse(sys.argv[3]).getroot().find("testsuite")
assert (s.get("tests"), s.get("failures"), s.get("errors")) == ("4", "1", "0"), s.attrib
PY
echo "ok the Slurm summary equals the local one (timing aside); JUnit: 4 tests, 1 failure"
echo "PASS t_slurm"
