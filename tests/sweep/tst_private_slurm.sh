#!/usr/bin/env bash
# ctest entry (slurm_array): starts the private one-node cluster of private-slurm.sh, runs the
# array-job checks of tst_slurm_array.sh in it, then checks that the cluster stopped exactly
# what it started: every daemon's pid is gone and its directory removed. Also checks that a
# command's failure is private-slurm.sh's own exit status, and that `start`, `status` and `stop`
# (a cluster for a user's shell) start one, report it and stop exactly its daemons. Exit 77 (skipped) passes through
# from private-slurm.sh when the cluster cannot run here (not root, packages missing).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
record=$(mktemp /tmp/tessera-slurm-pids.XXXXXX)
trap 'rm -f "$record"' EXIT

# The daemons' own pid files, read inside the cluster, name what must be gone afterwards.
bash "$here/private-slurm.sh" bash -c '
  cat "$TESSERA_SLURM_DIR/munge/munged.pid" "$TESSERA_SLURM_DIR/run/slurmctld.pid" \
      "$TESSERA_SLURM_DIR/run/slurmd.pid" >"$1" && echo "dir $TESSERA_SLURM_DIR" >>"$1" &&
  exec bash "$2/tst_slurm_array.sh"' private "$record" "$here"
status=$?
[ "$status" -eq 77 ] && exit 77

# shellcheck source=tests/sweep/checks.sh
source "$here/checks.sh"
check "the array-job checks passed inside the cluster" [ "$status" -eq 0 ]
check "three daemon pids and the directory were recorded" [ "$(grep -c . "$record")" -eq 4 ]
while read -r pid; do
  [[ "$pid" =~ ^[0-9]+$ ]] || continue
  check "daemon $pid was stopped" bash -c "! kill -0 $pid 2>/dev/null"
done <"$record"
dir=$(sed -n 's/^dir //p' "$record")
check "the cluster's directory $dir was removed" test -n "$dir" -a ! -e "$dir"

bash "$here/private-slurm.sh" sh -c 'exit 5' 2>/dev/null
check "the command's exit status (5) is private-slurm.sh's" [ $? -eq 5 ]

# From the command line: start leaves a cluster up and says how to use it, stop stops exactly it.
home=$(mktemp -d /tmp/tessera-slurm-home.XXXXXX)/cluster
TESSERA_SLURM_HOME=$home bash "$here/private-slurm.sh" start >"$record.start" 2>/dev/null
check "start exits 0" [ $? -eq 0 ]
check "and prints how to use the cluster" contains "$record.start" "export SLURM_CONF=$home/slurm.conf"
check "and how to stop it" contains "$record.start" "private-slurm.sh stop"
TESSERA_SLURM_HOME=$home bash "$here/private-slurm.sh" start 2>"$record.again"
check "a second start refuses (exit 1), naming the running one" \
  bash -c '[ "$1" -eq 1 ] && grep -qF "already up" "$2"' _ $? "$record.again"
started=$(cat "$home/pids" 2>/dev/null)
TESSERA_SLURM_HOME=$home bash "$here/private-slurm.sh" status >"$record.status"
check "status says it is up (exit 0)" [ $? -eq 0 ]
check "with its node idle (sinfo through its SLURM_CONF)" contains "$record.status" "idle tessera-node"
TESSERA_SLURM_HOME=$home bash "$here/private-slurm.sh" stop >"$record.stop"
check "stop exits 0 and says so" contains "$record.stop" "stopped the private cluster"
# Not the stop's children: once stopped they may linger as zombies until init reaps them.
for pid in $started; do
  check "started daemon $pid was stopped" bash -c "! grep -qv '^[^)]*) Z' /proc/$pid/stat 2>/dev/null"
done
check "three daemons were started" [ "$(wc -w <<<"$started")" -eq 3 ]
check "its directory was removed" [ ! -e "$home" ]
TESSERA_SLURM_HOME=$home bash "$here/private-slurm.sh" status >/dev/null
check "status then says it is down (exit 1)" [ $? -eq 1 ]
rm -rf "$(dirname "$home")" "$record.start" "$record.again" "$record.status" "$record.stop"

checks_summary
