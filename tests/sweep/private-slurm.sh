#!/usr/bin/env bash
# A private one-node Slurm cluster on this machine, for the tests and for users without a cluster.
#
#   bash tests/sweep/private-slurm.sh COMMAND [ARGS...]   run COMMAND in a cluster, then stop it
#   bash tests/sweep/private-slurm.sh start               start one that stays up; prints the
#                                                         `export SLURM_CONF=...` to use it
#   bash tests/sweep/private-slurm.sh status              is it up? (sinfo of its node)
#   bash tests/sweep/private-slurm.sh stop                stop the one `start` started
#
# `start` keeps the cluster in TESSERA_SLURM_HOME (default /tmp/tessera-slurm-cluster) with the
# pids of its daemons in its `pids` file; `stop` stops exactly those (checking that each pid is
# still that daemon, not a process that reused the number) and removes the directory.
#
# The cluster is Debian 12's own Slurm (slurmctld, slurmd, slurm-client 22.05) and MUNGE
# (0.5.15), started as root from a slurm.conf generated here. Everything it owns lives in one
# temporary directory: the MUNGE key, socket, pid, seed and log; Slurm's state save location,
# slurmd spool, pid files and logs. It listens on two free ports of its own, so a system Slurm
# or MUNGE on the same machine (default socket /run/munge/munge.socket.2, ports 6817/6818,
# /etc/slurm/slurm.conf) is neither used nor disturbed. COMMAND sees SLURM_CONF pointing at the
# generated configuration (so sbatch, squeue, scontrol, sinfo reach this cluster) and
# TESSERA_SLURM_DIR at the temporary directory; its exit status is this script's.
#
# On exit (normal, error or signal) exactly the daemons this script started are stopped, by
# the process ids it recorded, and the temporary directory is removed (kept when
# TESSERA_SLURM_KEEP=1, for debugging).
#
# Exit 77 (ctest's skip code, see tests/sweep/CMakeLists.txt) with a message on stderr when the
# cluster cannot run here: not root, or the Debian packages missing. Under CI (CI set and not
# "false"/"0") a missing package, or daemons that do not come up within
# TESSERA_SLURM_START_SECONDS (default 30), is a failure (exit 1) instead, since CI installs the
# packages through scripts/bootstrap.sh and runs as root.
#
# What Debian 12's Slurm needs and why the configuration says what it says:
# - AuthType/CredType munge with AuthInfo=socket=PATH: both the auth and the credential plugin
#   read the socket from AuthInfo, so a munged on a private socket is enough.
# - ProctrackType=proctrack/linuxproc, TaskPlugin=task/none: no cgroup plugin is loaded, so
#   the cluster runs in a container without a delegated cgroup tree (Debian's default
#   proctrack/cgroup would fail there).
# - SlurmctldHost=HOST(127.0.0.1): slurmctld only acts as controller when the name matches its
#   own short host name; the address in brackets avoids any DNS look-up.
# - slurmd -N NAME: the node has a name of our own, so it cannot collide with a system node.
# - No slurmdbd (AccountingStorageType=accounting_storage/none): sacct has no data; job and
#   task states come from scontrol/squeue while the controller remembers the job
#   (MinJobAge keeps finished jobs visible for ten minutes).
# - The Debian packages ship a systemd unit for each daemon and do not start them in a
#   container; /etc/slurm holds only plugstack.conf, which is not read here (PlugStackConfig
#   defaults to the generated configuration's own directory).
set -euo pipefail

is_ci() { [ -n "${CI:-}" ] && [ "${CI}" != "false" ] && [ "${CI}" != "0" ]; }

skip_or_fail() {
  if is_ci; then
    echo "private-slurm: FAILED under CI: $*" >&2
    exit 1
  fi
  echo "private-slurm: SKIPPED: $*" >&2
  exit 77
}

usage() {
  echo "usage: bash tests/sweep/private-slurm.sh COMMAND [ARGS...] | start | status | stop" >&2
  exit 2
}
[ $# -ge 1 ] || usage
mode=run
case "$1" in
  start | stop | status)
    mode=$1
    [ $# -eq 1 ] || usage
    ;;
esac
home=${TESSERA_SLURM_HOME:-/tmp/tessera-slurm-cluster}

# A recorded pid that is still the daemon it was: its command line names the cluster's directory
# (every daemon is started with a path in it), so a reused pid is never taken for it.
# A daemon that has exited but is not yet reaped (a zombie, when `start` left it to init) has an
# empty command line, so it counts as gone.
is_daemon_of() { # is_daemon_of PID DIR
  { tr '\0' ' ' <"/proc/$1/cmdline"; } 2>/dev/null | grep -qF -- "$2/"
}

# Stops the daemons whose pids are given, in reverse order of start: TERM, up to 5 s, then KILL.
stop_pids() { # stop_pids DIR PID...
  local dir=$1 pid i
  shift
  local list=("$@")
  for ((i = ${#list[@]} - 1; i >= 0; i--)); do
    if is_daemon_of "${list[i]}" "$dir"; then kill -TERM "${list[i]}" 2>/dev/null || true; fi
  done
  for pid in "${list[@]}"; do
    for _ in $(seq 50); do
      is_daemon_of "$pid" "$dir" || break
      sleep 0.1
    done
    if is_daemon_of "$pid" "$dir"; then kill -KILL "$pid" 2>/dev/null || true; fi
    wait "$pid" 2>/dev/null || true
  done
}

running_pids() { # the recorded pids of the cluster in $home that are still its daemons
  [ -r "$home/pids" ] || return 0
  local pid
  while read -r pid; do
    if is_daemon_of "$pid" "$home"; then echo "$pid"; fi
  done <"$home/pids"
}

if [ "$mode" = status ]; then
  up=$(running_pids | tr '\n' ' ')
  if [ -z "$up" ]; then
    echo "private-slurm: no private cluster is running (none recorded in $home)"
    exit 1
  fi
  echo "private-slurm: up (daemons ${up% }); use it with: export SLURM_CONF=$home/slurm.conf"
  SLURM_CONF=$home/slurm.conf /usr/bin/sinfo
  exit 0
fi
if [ "$mode" = stop ]; then
  if [ ! -e "$home/pids" ]; then
    echo "private-slurm: no private cluster to stop (no $home/pids: start it with" \
      "bash $0 start)" >&2
    exit 1
  fi
  mapfile -t recorded <"$home/pids"
  stop_pids "$home" "${recorded[@]}"
  rm -rf "$home"
  echo "private-slurm: stopped the private cluster (daemons ${recorded[*]}) and removed $home"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  # Not a CI failure: CI runs as root, and a developer's unprivileged run cannot start slurmd.
  echo "private-slurm: SKIPPED: needs root (slurmd runs as root to start job tasks);" \
    "run the test suite as root, as CI does" >&2
  exit 77
fi

for tool in munged mungekey slurmctld slurmd sbatch squeue scontrol sinfo; do
  path=$(command -v "$tool" || true)
  [ -z "$path" ] && [ -x "/usr/sbin/$tool" ] && path=/usr/sbin/$tool
  [ -n "$path" ] || skip_or_fail "$tool not found; install Debian's slurmctld slurmd slurm-client munge" \
    "(scripts/bootstrap.sh does)"
done
PATH=$PATH:/usr/sbin

# A free TCP port on the loopback interface, chosen by the kernel.
free_port() {
  /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

if [ "$mode" = start ]; then
  if [ -n "$(running_pids)" ]; then
    echo "private-slurm: a private cluster is already up; use it with:" >&2
    echo "  export SLURM_CONF=$home/slurm.conf" >&2
    exit 1
  fi
  rm -rf "$home"
  mkdir -p "$home"
  dir=$home
else
  dir=$(mktemp -d /tmp/tessera-slurm.XXXXXX)
fi
chmod 0700 "$dir"
pids=()

stop_cluster() {
  local status=$?
  # Daemons in reverse order of start; each by the pid recorded when it was started.
  [ ${#pids[@]} -eq 0 ] || stop_pids "$dir" "${pids[@]}"
  if [ "${TESSERA_SLURM_KEEP:-0}" = 1 ]; then
    echo "private-slurm: kept $dir" >&2
  else
    rm -rf "$dir"
  fi
  exit "$status"
}
trap stop_cluster EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log" "$dir/run"
chmod 0700 "$dir/munge"

# MUNGE: a private key and daemon on a private socket. munged refuses keys and directories
# that others can write; everything here is root's and 0700.
mungekey --create --keyfile="$dir/munge/munge.key" >/dev/null 2>&1 ||
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
chmod 0600 "$dir/munge/munge.key"
munge_socket=$dir/munge/munge.socket
munged --foreground --force --socket="$munge_socket" --key-file="$dir/munge/munge.key" \
  --pid-file="$dir/munge/munged.pid" --seed-file="$dir/munge/munged.seed" \
  --log-file="$dir/log/munged.log" >>"$dir/log/munged.out" 2>&1 &
pids+=($!)

node=tessera-node
host=$(hostname -s)
cpus=$(nproc)
ctld_port=$(free_port)
slurmd_port=$(free_port)
while [ "$slurmd_port" = "$ctld_port" ]; do slurmd_port=$(free_port); done

conf=$dir/slurm.conf
cat >"$conf" <<EOF
# Generated by tests/sweep/private-slurm.sh for one private test cluster.
ClusterName=tessera-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$munge_socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
MailProg=/bin/true
SwitchType=switch/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MinJobAge=600
SchedulerParameters=sched_interval=1
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
NodeName=$node NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=tessera Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF

export SLURM_CONF=$conf TESSERA_SLURM_DIR=$dir

slurmctld -D -f "$conf" >>"$dir/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N "$node" -f "$conf" >>"$dir/log/slurmd.out" 2>&1 &
pids+=($!)

# Up means: the controller answers and the node is idle (registered, ready for jobs).
deadline=$((SECONDS + ${TESSERA_SLURM_START_SECONDS:-30}))
state=""
while :; do
  state=$(sinfo -h -n "$node" -o '%t' 2>/dev/null || true)
  [ "$state" = idle ] && break
  for pid in "${pids[@]}"; do
    kill -0 "$pid" 2>/dev/null || { state="a daemon (pid $pid) exited"; deadline=0; }
  done
  if [ "$SECONDS" -ge "$deadline" ]; then
    echo "private-slurm: the cluster did not come up (node state: ${state:-no answer})." \
      "Logs in $dir/log:" >&2
    for log in "$dir"/log/*; do
      echo "---- $log" >&2
      tail -n 20 "$log" >&2
    done
    skip_or_fail "the private Slurm cluster did not come up"
  fi
  sleep 0.2
done
echo "private-slurm: node $node idle after $SECONDS s (slurmctld port $ctld_port," \
  "slurmd port $slurmd_port, $dir)" >&2

if [ "$mode" = start ]; then
  printf '%s\n' "${pids[@]}" >"$dir/pids"
  trap - EXIT INT TERM  # up for good: stopped by `stop`, from the pids file
  cat <<EOF
private-slurm: a private one-node cluster is up ($cpus CPUs, node $node, partition tessera).
Use it from a shell with:
  export SLURM_CONF=$dir/slurm.conf
Stop it with:
  bash $0 stop
EOF
  exit 0
fi

"$@"
