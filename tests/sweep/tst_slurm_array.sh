#!/usr/bin/env bash
# Runs inside tests/sweep/private-slurm.sh (SLURM_CONF set): submits real array jobs through
# scripts/slurm/run-array.sh, the submit-wait-check step of scripts/slurm-sweep.sh, and checks
# every task's output, that TESSERA_SBATCH_OPTS reaches sbatch, and that a failed task and a
# killed task are each detected and named with their log. Then runs scripts/slurm-sweep.sh with
# the tessera-cli named by TESSERA_CLI (ctest passes the build's): a sweep whose merged grid.csv
# must equal the unsharded --csv byte for byte (a task's stale shard removed first); a sweep
# whose task 1 is cancelled (scancel) mid-run, which must fail naming the task and its log,
# merge nothing, and be fixed by the re-run and merge commands it prints. A sweep over two pod
# lists merges one grid CSV per input point (DIR/grid-{pods}-{nodes}.csv).
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

if [ -z "${TESSERA_CLI:-}" ]; then
  # ctest always sets it; by hand, name the build's tessera-cli.
  check "TESSERA_CLI names the tessera-cli to sweep with" false
  checks_summary
  exit
fi
sweep=$repo/scripts/slurm-sweep.sh
# The state of a shard as read from outside while its task may be writing it: "I/N complete".
shard_state() {
  /usr/bin/python3 - "$1" <<'EOF' 2>/dev/null
import sqlite3, sys
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
print("%d/%d %d" % db.execute("SELECT shard_index, shard_count, complete FROM sweep_shard").fetchone())
EOF
}

echo "== a real sweep: slurm-sweep.sh with tessera-cli, 2 policies x 3 seeds in 4 shards"
real=(--nodes "$repo/traces/default/nodes.csv" --pods "$repo/traces/default/pods.csv" --policy fgd
      --policy 'pwr:100,fgd:900' --seeds 42-44 --tune 0.3 --points 10 --threads 1 --quiet)
"$TESSERA_CLI" simulate "${real[@]}" --csv "$work/unsharded.csv" >/dev/null
check "the unsharded command ran" [ -s "$work/unsharded.csv" ]
# What an earlier attempt of task 0 left: a stale shard and its staging file. The task starts afresh.
mkdir -p "$work/real"
echo stale >"$work/real/shard-0.sqlite"
echo staged >"$work/real/.shard-0.sqlite.batch-Ab12Cd"
bash "$sweep" --shards 4 --out "$work/real" -- "${real[@]}" >/dev/null 2>"$work/real.err"
status=$?
cat "$work/real.err"
check "slurm-sweep with the real CLI exits 0" [ "$status" -eq 0 ]
check "the merged grid.csv equals the unsharded --csv byte for byte" cmp "$work/real/grid.csv" "$work/unsharded.csv"
for i in 0 1 2 3; do
  check "task $i wrote its complete shard $i/4" equals <(shard_state "$work/real/shard-$i.sqlite") "$i/4 1"
  check "task $i logged its shard" contains "$work/real/logs/task-$i.log" "tessera sweep: shard $i/4"
done
check "task 0 removed the staging file of its earlier attempt" [ ! -e "$work/real/.shard-0.sqlite.batch-Ab12Cd" ]
check "the merged study lists the six runs" \
  bash -c '[ "$("$1" runs --db "$2" | tail -n +2 | wc -l)" -eq 6 ]' _ "$TESSERA_CLI" "$work/real/study.sqlite"

echo "== a grid over two pod lists (docs/cli.md \"Grids over inputs\"): one merged CSV per input point"
"$TESSERA_CLI" generate --out "$work/g2" --seed 2 --scale 1 >/dev/null
grid=(--nodes "$repo/traces/default/nodes.csv" --pods "$repo/traces/default/pods.csv" --pods "$work/g2/pods.csv"
      --policy fgd --seeds 42-43 --tune 0.3 --points 10 --threads 1 --quiet)
"$TESSERA_CLI" simulate --nodes "$repo/traces/default/nodes.csv" --pods "$work/g2/pods.csv" --policy fgd \
  --seeds 42-43 --tune 0.3 --points 10 --threads 1 --quiet --csv "$work/g2-unsharded.csv" >/dev/null
"$TESSERA_CLI" simulate --nodes "$repo/traces/default/nodes.csv" --pods "$repo/traces/default/pods.csv" \
  --policy fgd --seeds 42-43 --tune 0.3 --points 10 --threads 1 --quiet --csv "$work/default-unsharded.csv" >/dev/null
bash "$sweep" --shards 3 --out "$work/grid" -- "${grid[@]}" >/dev/null 2>"$work/grid.err"
status=$?
cat "$work/grid.err"
check "slurm-sweep of a grid over inputs exits 0" [ "$status" -eq 0 ]
check "no single grid.csv for two input points" [ ! -e "$work/grid/grid.csv" ]
# Both pod lists are pods.csv: their names are their folders' (default-pods, g2-pods).
check "the default pod list's CSV is its own command's" \
  cmp "$work/grid/grid-default-pods-nodes.csv" "$work/default-unsharded.csv"
check "the second pod list's CSV is its own command's" cmp "$work/grid/grid-g2-pods-nodes.csv" "$work/g2-unsharded.csv"

echo "== a task cancelled mid-run (scancel): named with its log, nothing merged; re-running it fixes the sweep"
# 2 policies x 20 seeds in 2 shards: task 1 has 20 runs to do, so it is still writing when its
# shard's record (written before its first run) appears; then it is cancelled.
long=(--nodes "$repo/traces/default/nodes.csv" --pods "$repo/traces/default/pods.csv" --policy fgd
      --policy 'pwr:100,fgd:900' --seeds 42-61 --threads 1 --quiet)
"$TESSERA_CLI" simulate "${long[@]}" --csv "$work/long.csv" >/dev/null
cut=$work/cancel
bash "$sweep" --shards 2 --out "$cut" -- "${long[@]}" >/dev/null 2>"$work/cancel.err" &
sweep_pid=$!
state="" job=""
while kill -0 "$sweep_pid" 2>/dev/null; do
  state=$(shard_state "$cut/shard-1.sqlite")
  [ "$state" = "1/2 0" ] && break
  sleep 0.05
done
IFS=';' read -r job _ <"$cut/logs/sbatch.out" || job=""
check "task 1 was seen mid-run (its shard begun, not complete)" [ "$state" = "1/2 0" ]
scancel "${job}_1"
wait "$sweep_pid"
status=$?
cat "$work/cancel.err"
check "slurm-sweep exits 1 when a task was cancelled" [ "$status" -eq 1 ]
check "the cancelled task is named with its state" contains "$work/cancel.err" "task 1 of job $job failed (CANCELLED"
check "and its log" contains "$work/cancel.err" "log: $cut/logs/task-1.log"
check "task 0 is not reported" lacks "$work/cancel.err" "task 0 of job"
check "nothing was merged" [ ! -e "$cut/study.sqlite" ]
check "the shard of task 1 is left incomplete" equals <(shard_state "$cut/shard-1.sqlite") "1/2 0"
"$TESSERA_CLI" merge --out "$cut/study.sqlite" "$cut/shard-0.sqlite" "$cut/shard-1.sqlite" 2>"$work/cancel-merge.err"
check "merge refuses it (exit 3)" [ $? -eq 3 ]
check "naming the shard file" contains "$work/cancel-merge.err" "error: $cut/shard-1.sqlite"
check "and its task, incomplete" contains "$work/cancel-merge.err" "shard 1/2 is incomplete"
# The two commands slurm-sweep printed, with the failed task's index for I,J,...: they fix it.
rerun=$(grep -A1 '^  sbatch --array=I,J,\.\.\.' "$work/cancel.err" | head -n 1)
merge=$(grep -A1 '^  sbatch --array=I,J,\.\.\.' "$work/cancel.err" | tail -n 1)
check "the re-run command is printed" [ -n "$rerun" ]
check "and the merge command after it" contains <(echo "$merge") " merge --out $cut/study.sqlite"
eval "${rerun/--array=I,J,.../--wait --array=1}" >/dev/null
check "the printed sbatch re-runs task 1 alone" [ $? -eq 0 ]
check "which leaves its shard complete" equals <(shard_state "$cut/shard-1.sqlite") "1/2 1"
check "and no staging file of the cancelled attempt" bash -c '! compgen -G "$1/.shard-1.sqlite.batch-*" >/dev/null' _ "$cut"
eval "$merge" 2>"$work/cancel-merge.err"
check "the printed merge succeeds" [ $? -eq 0 ]
check "its grid.csv is the unsharded --csv byte for byte" cmp "$cut/grid.csv" "$work/long.csv"

echo "== slurm-sweep.sh usage errors"
bash "$sweep" --shards x --out "$work/u" -- a 2>"$work/u.err"
check "--shards x is a usage error (exit 2)" [ $? -eq 2 ]
TESSERA_CLI=$work/none bash "$sweep" --shards 2 --out "$work/u" -- a 2>"$work/u.err"
check "a missing tessera-cli is named (exit 2)" [ $? -eq 2 ]
check "with its path" contains "$work/u.err" "no tessera-cli at $work/none"

checks_summary
