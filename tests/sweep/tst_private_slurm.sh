#!/usr/bin/env bash
# ctest entry (slurm_array): starts the private one-node cluster of private-slurm.sh, runs the
# array-job checks of tst_slurm_array.sh in it, then checks that the cluster stopped exactly
# what it started: every daemon's pid is gone and its directory removed. Also checks that a
# command's failure is private-slurm.sh's own exit status. Exit 77 (skipped) passes through
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

checks_summary
