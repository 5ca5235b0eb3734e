#!/usr/bin/env bash
# Runs inside tests/sweep/private-slurm.sh (SLURM_CONF set): submits real array jobs through
# scripts/slurm/run-array.sh, the submit-wait-check step of scripts/slurm-sweep.sh, and checks
# every task's output, that TESSERA_SBATCH_OPTS reaches sbatch, and that a failed task and a
# killed task are each detected and named with their log. Then runs scripts/slurm-sweep.sh
# itself with a stand-in CLI (recording-cli.sh) to check the commands it gives the tasks and
# the merge and a failing task; then a real sweep with the tessera-cli named by TESSERA_CLI (ctest
# passes the build's), whose merged grid.csv must equal the unsharded --csv byte for byte.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/tessera-slurm-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
run_array=$repo/scripts/slurm/run-array.sh
task=$repo/tests/sweep/array-task.sbatch
# shellcheck source=tests/sweep/checks.sh
source "$repo/tests/sweep/checks.sh"

echo "== four tasks, all succeed; TESSERA_SBATCH_OPTS names the job"
mkdir -p "$work/ok"
TESSERA_SBATCH_OPTS="--job-name=tessera-opts --time=5" \
  bash "$run_array" --tasks 4 --logs "$work/ok/logs" "$task" "$work/ok" >"$work/ok.out" 2>"$work/ok.err"
status=$?
cat "$work/ok.err"
check "run-array exits 0 when every task completed" [ "$status" -eq 0 ]
check "run-array prints the job id" grep -qE '^[0-9]+$' "$work/ok.out"
for i in 0 1 2 3; do
  check "task $i wrote its own file with its index, the count and the job name" \
    equals "$work/ok/task-$i.txt" "task $i of 4, job tessera-opts"
  check "task $i has its log" contains "$work/ok/logs/task-$i.log" "task $i starting"
done
check "no task beyond the array" [ ! -e "$work/ok/task-4.txt" ]
check "the submission is announced with the job id" grep -qE "submitted array job [0-9]+ \(4 tasks\)" "$work/ok.err"
check "no failure reported" lacks "$work/ok.err" "failed"

echo "== three tasks, task 1 exits 3: detected and named with its log"
mkdir -p "$work/fail"
bash "$run_array" --tasks 3 --logs "$work/fail/logs" "$task" "$work/fail" 1 >/dev/null 2>"$work/fail.err"
status=$?
cat "$work/fail.err"
check "run-array exits non-zero when a task failed" [ "$status" -ne 0 ]
check "the failed task is named with its state and exit code" \
  contains "$work/fail.err" "task 1 of job"
check "its exit code 3 is reported" contains "$work/fail.err" "FAILED, exit code 3:0"
check "its log path is named" contains "$work/fail.err" "log: $work/fail/logs/task-1.log"
check "the named log holds the task's error" contains "$work/fail/logs/task-1.log" "fails on purpose"
check "task 0 is not reported" lacks "$work/fail.err" "task 0 "
check "task 2 is not reported" lacks "$work/fail.err" "task 2 "
check "the other tasks still ran" equals "$work/fail/task-2.txt" "task 2 of 3, job tessera-array-test"

echo "== two tasks, task 0 killed by SIGKILL mid-write: detected even though it wrote a file"
mkdir -p "$work/kill"
bash "$run_array" --tasks 2 --logs "$work/kill/logs" "$task" "$work/kill" -1 0 >/dev/null 2>"$work/kill.err"
status=$?
cat "$work/kill.err"
check "run-array exits non-zero when a task was killed" [ "$status" -ne 0 ]
check "the killed task is named" contains "$work/kill.err" "task 0 of job"
check "with its signal, 9 (SIGKILL)" contains "$work/kill.err" "FAILED, exit code 0:9"
check "its log path is named" contains "$work/kill.err" "log: $work/kill/logs/task-0.log"
check "task 1 is not reported" lacks "$work/kill.err" "task 1 "

echo "== usage errors are caught before anything is submitted"
bash "$run_array" --tasks 0 --logs "$work/x" "$task" 2>"$work/usage.err"
check "--tasks 0 is a usage error (exit 2)" [ $? -eq 2 ]
check "and says why" contains "$work/usage.err" "--tasks needs a positive whole number"

echo "== slurm-sweep.sh drives a stand-in CLI: each task's simulate, then one merge in shard order"
# The real --shard and merge come with issue 15's CLI work; recording-cli.sh only records calls.
sweep=$repo/scripts/slurm-sweep.sh
stub=$repo/tests/sweep/recording-cli.sh
mkdir -p "$work/sweep"
echo stale >"$work/sweep/shard-0.sqlite"
TESSERA_CLI=$stub bash "$sweep" --shards 3 --out "$work/sweep" -- --nodes n.csv --seeds 42-43 \
  >/dev/null 2>"$work/sweep.err"
status=$?
cat "$work/sweep.err"
check "slurm-sweep exits 0 when every task completed and merge succeeded" [ "$status" -eq 0 ]
for i in 0 1 2; do
  check "task $i ran simulate with its shard and its own study (a stale shard removed first)" \
    equals "$work/sweep/shard-$i.sqlite" "simulate --nodes n.csv --seeds 42-43 --shard $i/3 --db $work/sweep/shard-$i.sqlite"
done
check "merge ran once on all shards in order" equals "$work/sweep/merge-call" \
  "merge --out $work/sweep/study.sqlite --csv $work/sweep/grid.csv $work/sweep/shard-0.sqlite $work/sweep/shard-1.sqlite $work/sweep/shard-2.sqlite"

echo "== slurm-sweep.sh with task 1 failing: named with its log, nothing merged"
mkdir -p "$work/sweepfail"
TESSERA_STUB_FAIL=1/3 TESSERA_CLI=$stub bash "$sweep" --shards 3 --out "$work/sweepfail" -- --nodes n.csv \
  >/dev/null 2>"$work/sweepfail.err"
status=$?
cat "$work/sweepfail.err"
check "slurm-sweep exits 1 when a task failed" [ "$status" -eq 1 ]
check "the failed task is named with its exit code" contains "$work/sweepfail.err" "FAILED, exit code 4:0"
check "its log is named" contains "$work/sweepfail.err" "log: $work/sweepfail/logs/task-1.log"
check "the log says why" contains "$work/sweepfail/logs/task-1.log" "shard 1/3 fails on purpose"
check "nothing was merged" [ ! -e "$work/sweepfail/merge-call" ]
check "the re-run command is printed" contains "$work/sweepfail.err" "sbatch --array=I,J,..."

echo "== a real sweep: slurm-sweep.sh with tessera-cli, 2 policies x 3 seeds in 4 shards"
if [ -z "${TESSERA_CLI:-}" ]; then
  # ctest always sets it; by hand, name the build's tessera-cli.
  check "TESSERA_CLI names the tessera-cli to sweep with" false
else
  real=(--nodes "$repo/traces/default/nodes.csv" --pods "$repo/traces/default/pods.csv" --policy fgd
        --policy 'pwr:100,fgd:900' --seeds 42-44 --tune 0.3 --points 10 --threads 1 --quiet)
  "$TESSERA_CLI" simulate "${real[@]}" --csv "$work/unsharded.csv" >/dev/null
  check "the unsharded command ran" [ -s "$work/unsharded.csv" ]
  bash "$sweep" --shards 4 --out "$work/real" -- "${real[@]}" >/dev/null 2>"$work/real.err"
  status=$?
  cat "$work/real.err"
  check "slurm-sweep with the real CLI exits 0" [ "$status" -eq 0 ]
  check "the merged grid.csv equals the unsharded --csv byte for byte" cmp "$work/real/grid.csv" "$work/unsharded.csv"
  check "the merged study lists the six runs" \
    bash -c '[ "$("$1" runs --db "$2" | tail -n +2 | wc -l)" -eq 6 ]' _ "$TESSERA_CLI" "$work/real/study.sqlite"
  # A shard left incomplete (as by a task killed mid-write) is refused, named, and merge replaces nothing.
  cp "$work/real/shard-2.sqlite" "$work/real/killed.sqlite"
  /usr/bin/python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute("UPDATE sweep_shard SET complete = 0"); c.commit()' \
    "$work/real/killed.sqlite"
  cp "$work/real/study.sqlite" "$work/real/study.before"
  "$TESSERA_CLI" merge --out "$work/real/study.sqlite" "$work/real/shard-0.sqlite" "$work/real/shard-1.sqlite" \
    "$work/real/killed.sqlite" "$work/real/shard-3.sqlite" 2>"$work/real-killed.err"
  check "merge of an incomplete shard is an input error (exit 3)" [ $? -eq 3 ]
  check "naming the shard" contains "$work/real-killed.err" "error: $work/real/killed.sqlite"
  check "the merged study is unchanged" cmp "$work/real/study.sqlite" "$work/real/study.before"
fi

echo "== slurm-sweep.sh usage errors"
TESSERA_CLI=$stub bash "$sweep" --shards x --out "$work/u" -- a 2>"$work/u.err"
check "--shards x is a usage error (exit 2)" [ $? -eq 2 ]
TESSERA_CLI=$work/none bash "$sweep" --shards 2 --out "$work/u" -- a 2>"$work/u.err"
check "a missing tessera-cli is named (exit 2)" [ $? -eq 2 ]
check "with its path" contains "$work/u.err" "no tessera-cli at $work/none"

checks_summary
