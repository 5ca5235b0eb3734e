#!/usr/bin/env bash
# The PWR-weight sweep of issue 15's "Done when", end to end (docs/sweeps.md, "Example"):
# PWR+FGD at every PWR weight (pwr:W,fgd:1000-W, W = 0..1000 in steps of --step) x 10 seeds on
# four Alibaba GPU traces, one trace of each family the PWR paper reports (default, GPU-sharing,
# GPU-spec, multi-GPU), each trace one sweep through scripts/slurm-sweep.sh; then, with
# --kubernetes, the same shards again through the Kubernetes manifests' local dry run
# (scripts/kubernetes/manifests.py render + run-locally), whose grid.csv must equal Slurm's.
#
#   scripts/examples/pwr-weight-sweep.sh --out DIR [--step 100] [--shards 4] [--seeds 42-51]
#       [--traces DIR] [--private-cluster] [--kubernetes]
#
# Writes, for each trace T (default, gpushare40, gpuspec20, multigpu20):
#   DIR/T/study.sqlite   the merged study: open it in the app (Open… or Ctrl+O; the Sweep tab) to browse the sweep
#   DIR/T/grid.csv       its grid CSV (contracts.md 3.1): byte-identical to the unsharded command's
#   DIR/T/logs/          one log per Slurm task, and DIR/T/slurm-sweep.log
# and DIR/summary.csv: per trace and weight, the means over the seeds of alloc_pct and power_kw
# at 130% arrived and the power saved against weight 0 (FGD alone), in %.
#
# --step 100 (the default) gives 11 weights: 440 runs, about 1 CPU-minute (docs/sweeps.md has
# timings); --step 50 is the full grid of the issue, 21 weights and 840 runs.
# --private-cluster runs it all in a private one-node Slurm cluster on this machine
# (tests/sweep/private-slurm.sh, as root), started before and stopped after; otherwise the
# cluster is the one SLURM_CONF names, as for every Slurm command.
# --traces is the folder of the Alibaba trace (default: ../shared/traces/alibaba-gpu-v2023
# beside the checkout). DIR, the traces and TESSERA_CLI must be on a file system the nodes share.
# TESSERA_CLI and TESSERA_SBATCH_OPTS are passed to scripts/slurm-sweep.sh as they are.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
traces_dir=$repo/../shared/traces/alibaba-gpu-v2023
out="" step=100 shards=4 seeds=42-51 private=0 kubernetes=0
traces=(default gpushare40 gpuspec20 multigpu20)

usage() {
  echo "usage: scripts/examples/pwr-weight-sweep.sh --out DIR [--step 100] [--shards 4] [--seeds 42-51]" \
    "[--traces DIR] [--private-cluster] [--kubernetes]" >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case "$1" in
    --out) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
    --step) [ $# -ge 2 ] || usage; step=$2; shift 2 ;;
    --shards) [ $# -ge 2 ] || usage; shards=$2; shift 2 ;;
    --seeds) [ $# -ge 2 ] || usage; seeds=$2; shift 2 ;;
    --traces) [ $# -ge 2 ] || usage; traces_dir=$2; shift 2 ;;
    --private-cluster) private=1; shift ;;
    --kubernetes) kubernetes=1; shift ;;
    *) usage ;;
  esac
done
[ -n "$out" ] || usage
[[ "$step" =~ ^[1-9][0-9]*$ ]] || { echo "pwr-weight-sweep: --step needs a positive whole number, got '$step'" >&2; exit 2; }
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || { echo "pwr-weight-sweep: --shards needs a positive whole number, got '$shards'" >&2; exit 2; }
[ -r "$traces_dir/openb_node_list_gpu_node.csv" ] || {
  echo "pwr-weight-sweep: no Alibaba GPU trace in $traces_dir (give its folder with --traces;" \
    "the trace is alibaba/clusterdata's cluster-trace-gpu-v2023)" >&2
  exit 2
}
traces_dir=$(cd "$traces_dir" && pwd)

if [ "$private" = 1 ]; then
  # Again, inside a private cluster that lives as long as this run.
  args=(--out "$out" --step "$step" --shards "$shards" --seeds "$seeds" --traces "$traces_dir")
  [ "$kubernetes" = 1 ] && args+=(--kubernetes)
  exec bash "$repo/tests/sweep/private-slurm.sh" bash "$0" "${args[@]}"
fi
if ! sinfo -h >/dev/null 2>&1; then
  echo "pwr-weight-sweep: no Slurm cluster answers (SLURM_CONF=${SLURM_CONF:-unset})." >&2
  echo "Run with --private-cluster for a private one-node cluster on this machine (as root)," >&2
  echo "or start one with: bash tests/sweep/private-slurm.sh start" >&2
  exit 2
fi

mkdir -p "$out"
out=$(cd "$out" && pwd)
cli=${TESSERA_CLI:-$repo/build/app/tessera-cli}
sweep_args() { # sweep_args NODES PODS: the simulate arguments of one trace's sweep
  printf '%s\n' --nodes "$1" --pods "$2" --policy "pwr:0..1000/$step,fgd:1000-\$pwr" --seeds "$seeds" \
    --tune 1.3 --points 5 --threads 1 --quiet
}

echo "pwr-weight-sweep: ${#traces[@]} traces x PWR weights 0..1000/$step x seeds $seeds, $shards shards each, into $out"
start=$SECONDS
pids=()
for trace in "${traces[@]}"; do
  mkdir -p "$out/$trace"
  mapfile -t args < <(sweep_args "$traces_dir/openb_node_list_gpu_node.csv" "$traces_dir/openb_pod_list_$trace.csv")
  # The four sweeps are submitted at once: the cluster runs their tasks side by side.
  bash "$repo/scripts/slurm-sweep.sh" --shards "$shards" --out "$out/$trace" -- "${args[@]}" \
    >"$out/$trace/slurm-sweep.log" 2>&1 &
  pids+=($!)
done
failed=0
for i in "${!traces[@]}"; do
  if wait "${pids[i]}"; then
    echo "  ${traces[i]}: merged into $out/${traces[i]}/study.sqlite and grid.csv"
  else
    echo "  ${traces[i]}: FAILED; see $out/${traces[i]}/slurm-sweep.log:" >&2
    sed 's/^/    /' "$out/${traces[i]}/slurm-sweep.log" >&2
    failed=1
  fi
done
[ "$failed" -eq 0 ] || exit 1
echo "pwr-weight-sweep: Slurm sweeps done in $((SECONDS - start)) s"

# Per trace and weight, the means over the seeds at 130% arrived, and power saved against W = 0
# (the policy column is "fgd:1000" at W = 0, "pwr:W,fgd:1000-W" between, "pwr:1000" at 1000).
/usr/bin/python3 - "$out" "${traces[@]}" >"$out/summary.csv" <<'EOF'
import csv, sys
out, traces = sys.argv[1], sys.argv[2:]
print("trace,pwr_weight,seeds,alloc_pct_at_130,power_kw_at_130,power_saved_pct")
for trace in traces:
    runs = {}
    with open(f"{out}/{trace}/grid.csv", newline="") as stream:
        rows = list(csv.DictReader(stream))
    # The summary reads the grid's last point, which sweep_args' --tune 1.3 makes 130 %.
    last = max(float(row["arrived_pct"]) for row in rows)
    if last != 130:
        sys.exit(f"pwr-weight-sweep: {trace}/grid.csv ends at {last} % arrived, not 130 %: "
                 "the summary's columns assume sweep_args' --tune 1.3")
    for row in rows:
        if float(row["arrived_pct"]) == last:
            terms = dict(term.split(":") for term in row["policy"].split(","))
            runs.setdefault(int(terms.get("pwr", 0)), []).append(row)
    mean = lambda rows, key: sum(float(r[key]) for r in rows) / len(rows)
    base = mean(runs[0], "power_kw")
    for weight, rows in sorted(runs.items()):
        power = mean(rows, "power_kw")
        print(f"{trace},{weight},{len(rows)},{mean(rows, 'alloc_pct'):.4f},{power:.4f},"
              f"{100 * (base - power) / base:.4f}")
EOF
echo "pwr-weight-sweep: per-weight means at 130% arrived in $out/summary.csv"

if [ "$kubernetes" = 1 ]; then
  start=$SECONDS
  for trace in "${traces[@]}"; do
    volume=$out/kubernetes/$trace
    rm -rf "$volume"
    mkdir -p "$volume/inputs"
    # The inputs as the pods see them on the volume (copies, as with kubectl cp).
    cp "$traces_dir/openb_node_list_gpu_node.csv" "$volume/inputs/nodes.csv"
    cp "$traces_dir/openb_pod_list_$trace.csv" "$volume/inputs/pods.csv"
    mapfile -t args < <(sweep_args /sweep/inputs/nodes.csv /sweep/inputs/pods.csv)
    /usr/bin/python3 "$repo/scripts/kubernetes/manifests.py" render --out "$volume/manifests" \
      --shards "$shards" --name "tessera-pwr-$trace" "$repo"/deploy/kubernetes/*.yaml -- "${args[@]}" >/dev/null
    TESSERA_CLI=$cli /usr/bin/python3 "$repo/scripts/kubernetes/manifests.py" run-locally --volume "$volume" --jobs "$(nproc)" \
      "$volume/manifests/sweep-shards.yaml" "$volume/manifests/sweep-merge.yaml" >"$volume/run-locally.log" 2>&1 || {
      echo "  $trace: the Kubernetes dry run FAILED; see $volume/run-locally.log" >&2
      exit 1
    }
    if cmp -s "$volume/out/grid.csv" "$out/$trace/grid.csv"; then
      echo "  $trace: Kubernetes dry run ($volume/manifests): grid.csv identical to Slurm's"
    else
      echo "  $trace: the Kubernetes dry run's grid.csv differs from Slurm's ($volume/out/grid.csv)" >&2
      exit 1
    fi
  done
  echo "pwr-weight-sweep: Kubernetes dry runs done in $((SECONDS - start)) s"
fi
