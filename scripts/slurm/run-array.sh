#!/usr/bin/env bash
# Submits BATCH_SCRIPT as one Slurm array job of N tasks (indices 0..N-1), waits for it, and
# checks every task: exits 0 when all N completed with exit code 0, otherwise names each task
# that did not (its state, exit code and log) on stderr and exits 1.
#
#   bash scripts/slurm/run-array.sh --tasks N --logs DIR BATCH_SCRIPT [ARGS...]
#
# Task I writes its standard output and error to DIR/task-I.log, sbatch its own to
# DIR/sbatch.out and DIR/sbatch.err. The job id goes to stdout.
# SLURM_CONF selects the cluster as for any Slurm command; TESSERA_SBATCH_OPTS adds sbatch
# options (split on white space, e.g. "--partition=gpu --time=02:00:00 --mem=8G").
#
# Why scontrol and not sacct: sacct needs slurmdbd, which neither the test cluster nor many
# small sites run. The controller keeps a finished job's records for MinJobAge seconds
# (default 300), one record per array task with its JobState and ExitCode ("code:signal"),
# which is long enough to read them right after sbatch --wait returns. A task with no record
# (the controller forgot it, or it never ran) counts as failed too: all N must be accounted for.
set -euo pipefail

usage() {
  echo "usage: bash scripts/slurm/run-array.sh --tasks N --logs DIR BATCH_SCRIPT [ARGS...]" >&2
  exit 2
}

tasks="" logs=""
while [ $# -gt 0 ]; do
  case "$1" in
    --tasks) [ $# -ge 2 ] || usage; tasks=$2; shift 2 ;;
    --logs) [ $# -ge 2 ] || usage; logs=$2; shift 2 ;;
    --) shift; break ;;
    -*) usage ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || usage
[[ "$tasks" =~ ^[1-9][0-9]*$ ]] || { echo "run-array: --tasks needs a positive whole number, got '$tasks'" >&2; exit 2; }
[ -n "$logs" ] || usage
batch=$1
shift
[ -r "$batch" ] || { echo "run-array: cannot read the batch script '$batch'" >&2; exit 2; }

mkdir -p "$logs"
logs=$(cd "$logs" && pwd)
extra=()
read -r -a extra <<<"${TESSERA_SBATCH_OPTS:-}"

# --wait returns when every task has ended; its exit status (the highest of the tasks', 1 for a
# task killed by a signal) says only that something failed: the records below say which task.
# sbatch prints the job id as soon as the job is submitted, long before it returns: it is read
# from the file as it appears, to tell the user which job to watch (squeue -j ID) meanwhile.
: >"$logs/sbatch.out"
sbatch --parsable --wait --array="0-$((tasks - 1))" \
  --output="$logs/task-%a.log" --error="$logs/task-%a.log" \
  "${extra[@]}" "$batch" "$@" >"$logs/sbatch.out" 2>"$logs/sbatch.err" &
sbatch_pid=$!
job=""
while [ -z "$job" ] && kill -0 "$sbatch_pid" 2>/dev/null; do
  IFS=';' read -r job _ <"$logs/sbatch.out" || job=""
  [ -n "$job" ] || sleep 0.2
done
[ -n "$job" ] && echo "run-array: submitted array job $job ($tasks tasks), waiting for it;" \
  "task I logs to $logs/task-I.log" >&2
set +e
wait "$sbatch_pid"
sbatch_status=$?
set -e
IFS=';' read -r job _ <"$logs/sbatch.out" || job=""
if ! [[ "$job" =~ ^[0-9]+$ ]]; then
  echo "run-array: sbatch did not submit the array job (exit status $sbatch_status):" \
    "$(cat "$logs/sbatch.out" "$logs/sbatch.err")" >&2
  exit 1
fi
echo "$job"

# One line per record: "TASK STATE EXITCODE LOG". Records of tasks not yet split off the
# array's pending record carry a range ("3-7") and are not finished.
read_records() {
  scontrol -o show job "$job" 2>/dev/null | awk '{
    task = ""; state = ""; code = ""; out = ""
    for (i = 1; i <= NF; i++) {
      split($i, kv, "=")
      if (kv[1] == "ArrayTaskId") task = substr($i, 13)
      else if (kv[1] == "JobState") state = kv[2]
      else if (kv[1] == "ExitCode") code = kv[2]
      else if (kv[1] == "StdOut") out = substr($i, 8)
    }
    if (task != "") print task, state, code, out
  }'
}

# sbatch --wait can return while the controller still shows a task COMPLETING (its epilogue
# and clean-up not yet done, common on a loaded node): a task in such a passing state has not
# ended, so read again until every record has a final state, or give up after a while.
settle_seconds=${TESSERA_SLURM_SETTLE_SECONDS:-120}
for ((waited = 0; ; waited++)); do
  records=$(read_records)
  awk '$2 ~ /^(COMPLETING|CONFIGURING|RUNNING|PENDING|SUSPENDED|STAGE_OUT|RESIZING|REQUEUED)$/ {busy = 1}
       END {exit busy ? 0 : 1}' <<<"$records" || break
  if [ "$waited" -ge "$settle_seconds" ]; then
    echo "run-array: tasks of job $job still not ended ${settle_seconds} s after sbatch returned" >&2
    break
  fi
  sleep 1
done

failed=0
declare -A seen=()
while read -r task state code log; do
  [ -n "${task:-}" ] || continue
  if ! [[ "$task" =~ ^[0-9]+$ ]]; then
    echo "run-array: tasks $task of job $job did not run (state $state)" >&2
    failed=1
    continue
  fi
  seen[$task]=1
  if [ "$state" != COMPLETED ] || [ "$code" != "0:0" ]; then
    echo "run-array: task $task of job $job failed ($state, exit code $code), log: $log" >&2
    failed=1
  fi
done <<<"$records"

for ((i = 0; i < tasks; i++)); do
  if [ -z "${seen[$i]:-}" ]; then
    echo "run-array: task $i of job $job has no record in the controller (never ran, or" \
      "forgotten after MinJobAge), log: $logs/task-$i.log" >&2
    failed=1
  fi
done

if [ "$failed" -eq 0 ] && [ "$sbatch_status" -ne 0 ]; then
  echo "run-array: sbatch --wait exited $sbatch_status although every task completed" >&2
  failed=1
fi
exit "$failed"
