#!/usr/bin/env bash
# Runs a sweep (a tessera-cli simulate command) on a Slurm cluster, sharded over one array job,
# and merges the shards (contracts.md section 10, docs/sweeps.md):
#
#   scripts/slurm-sweep.sh --shards N --out DIR -- SIMULATE-ARGS...
#
# Task I of the array job runs `$TESSERA_CLI simulate SIMULATE-ARGS... --shard I/N
# --db DIR/shard-I.sqlite` (scripts/slurm/sweep-task.sbatch) and logs to DIR/logs/task-I.log.
# Once every task has ended, a task that failed is named with its log and the script exits 1
# without merging; otherwise it runs `$TESSERA_CLI merge --out DIR/study.sqlite --csv
# DIR/grid.csv DIR/shard-0.sqlite ... DIR/shard-(N-1).sqlite` and exits with merge's status.
# A grid over several node or pod lists (SIMULATE-ARGS with --nodes or --pods more than once,
# docs/cli.md "Grids over inputs") merges into one CSV per input point instead:
# DIR/grid-{pods}-{nodes}.csv, e.g. DIR/grid-variant-a-nodes.csv.
#
# Environment:
#   TESSERA_CLI          the tessera-cli the tasks and the merge run (default: this checkout's
#                        build/app/tessera-cli); it, DIR and the inputs must be on a file system
#                        that the nodes share
#   SLURM_CONF           the cluster, as for every Slurm command
#   TESSERA_SBATCH_OPTS  extra sbatch options, split on white space, e.g.
#                        "--partition=cpu --time=02:00:00 --mem=4G --cpus-per-task=4"
#                        (they win over the #SBATCH lines of the template)
#   TESSERA_SBATCH_SCRIPT  an adapted copy of scripts/slurm/sweep-task.sbatch to submit instead
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)

usage() {
  echo "usage: scripts/slurm-sweep.sh --shards N --out DIR -- SIMULATE-ARGS..." >&2
  exit 2
}

shards="" out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --shards) [ $# -ge 2 ] || usage; shards=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
    --) shift; break ;;
    *) usage ;;
  esac
done
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || { echo "slurm-sweep: --shards needs a positive whole number, got '$shards'" >&2; exit 2; }
[ -n "$out" ] || usage
[ $# -ge 1 ] || { echo "slurm-sweep: no simulate arguments after --" >&2; usage; }

cli=${TESSERA_CLI:-$repo/build/app/tessera-cli}
[ -x "$cli" ] || { echo "slurm-sweep: no tessera-cli at $cli (build it, or set TESSERA_CLI)" >&2; exit 2; }
cli=$(cd "$(dirname "$cli")" && pwd)/$(basename "$cli")
batch=${TESSERA_SBATCH_SCRIPT:-$repo/scripts/slurm/sweep-task.sbatch}
mkdir -p "$out"
out=$(cd "$out" && pwd)

task_args=("$batch" "$cli" "$out" "$shards" "$@")
shard_files=()
for ((i = 0; i < shards; i++)); do shard_files+=("$out/shard-$i.sqlite"); done
# Several node or pod lists: one grid CSV per input point, named by merge from the pattern.
nodes_given=0 pods_given=0
for arg in "$@"; do
  case "$arg" in
    --nodes | --nodes=*) nodes_given=$((nodes_given + 1)) ;;
    --pods | --pods=*) pods_given=$((pods_given + 1)) ;;
  esac
done
grid_csv="$out/grid.csv"
if [ "$nodes_given" -gt 1 ] || [ "$pods_given" -gt 1 ]; then grid_csv="$out/grid-{pods}-{nodes}.csv"; fi
merge=("$cli" merge --out "$out/study.sqlite" --csv "$grid_csv" "${shard_files[@]}")

if ! bash "$repo/scripts/slurm/run-array.sh" --tasks "$shards" --logs "$out/logs" \
  "${task_args[@]}" >/dev/null; then
  {
    echo "slurm-sweep: the sweep failed (tasks and logs above); nothing was merged."
    echo "To re-run only the failed tasks (each rewrites its own shard), then merge:"
    printf '  sbatch --array=I,J,... --output=%q %s' "$out/logs/task-%a.log" "${TESSERA_SBATCH_OPTS:-}"
    printf ' %q' "${task_args[@]}"
    printf '\n '
    printf ' %q' "${merge[@]}"
    printf '\n'
  } >&2
  exit 1
fi

echo "slurm-sweep: all $shards tasks completed; merging into $out/study.sqlite and $grid_csv" >&2
exec "${merge[@]}"
