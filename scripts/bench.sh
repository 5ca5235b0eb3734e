#!/usr/bin/env bash
# Prints Tessera's benchmark figures (medians) on the real default trace, the full trace grid
# and generated clusters. Run through `cmake --build build --target bench`, or directly:
#   scripts/bench.sh [SECTION...]   (uses build/ and $TESSERA_SHARED or ../shared)
# Sections: real (default trace and trace grid), scale (generated clusters, K = 1..50, index vs
# scan; memory per decision, peak RSS and growth exponents for K = 1..50),
# scrub (timeline seeks on a 100,000+-decision run), memory (peak memory of a batch saved to a
# study, and of a streamed replay CSV, against one run), inference (the request-level simulator
# on ParvaGPU SLO row 6), app, planning (one MIG inference plan for a 1,000-GPU fleet), kinds
# (scrubbing a 900-GPU MIG inference run and a 256-GPU training run through the run-kind
# registry), training
# (the round-based training scheduler on the 8 Sia-Philly traces), rent (a 100,000-job rental
# simulation per policy, and a 50-point BOA budget sweep through the CLI), sweep (the trace grid
# cut into 8 shards and merged, against one process: CPU time and merge time); none given: all of them.
# Timings are medians of repeated runs on this machine; never used as test pass/fail.
# BENCH_REPEAT_ALL: repetitions of the trace grid in `real` (default 3). BENCH_SWEEP_SEEDS: the
# seeds of `sweep` (default 42-51, the README's figures; e.g. 42-43 for a quick run), and
# BENCH_SWEEP_REPEAT its repetitions (default 3). The script exits 1 if a check it prints fails
# (sweep: a merged CSV that differs from the single process's).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
build=${TESSERA_BUILD_DIR:-$repo/build}
shared=${TESSERA_SHARED:-$repo/../shared}
bench=$build/bench/tessera-bench
cli=$build/app/tessera-cli
traces=$shared/traces/alibaba-gpu-v2023
nodes=$traces/openb_node_list_gpu_node.csv
pods=$traces/openb_pod_list_default.csv
repeat_all=${BENCH_REPEAT_ALL:-3}
sections=${*:-real scale scrub memory inference app planning kinds training rent sweep}
want() { [[ " $sections " == *" $1 "* ]]; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The contract's trace grid: every pod list with reference rows, the six grid policies.
grid_policies=(--policy random --policy dotproduct --policy gpuclustering --policy gpupacking --policy bestfit --policy fgd)
grid_lists() { cut -d, -f1 "$shared/reference/fgd-expected/analysis_allo_discrete.csv" | tail -n +2 | sort -u; }

if { want real || want sweep; } && [ ! -f "$nodes" ]; then
  echo "error: the real trace is not at $traces (set TESSERA_SHARED)" >&2
  exit 1
fi

echo "== machine"
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores"
echo "memory: $(free -g | awk '/Mem:/{print $2}') GiB; $(uname -sr)"
echo "build: $(grep CMAKE_BUILD_TYPE: "$build/CMakeCache.txt" | cut -d= -f2)"
echo

if want real; then
  echo "== real default trace, tune 1.3, one core (median of 7)"
  "$bench" run --nodes "$nodes" --pods "$pods" --policy fgd --repeat 7
  "$bench" run --nodes "$nodes" --pods "$pods" --policy pwr:100,fgd:900 --repeat 7
  echo "-- baseline: FGD with every score recomputed for every decision (median of 3)"
  cached=$("$bench" run --nodes "$nodes" --pods "$pods" --policy fgd --repeat 7 | sed 's/.*median_s=\([0-9.]*\).*/\1/')
  uncached_line=$("$bench" run --nodes "$nodes" --pods "$pods" --policy fgd --repeat 3 --no-cache)
  echo "$uncached_line"
  uncached=$(echo "$uncached_line" | sed 's/.*median_s=\([0-9.]*\).*/\1/')
  awk -v a="$uncached" -v b="$cached" 'BEGIN{printf "score cache speed-up: %.1fx (%.3f s -> %.3f s)\n", a/b, a, b}'
  echo

  echo "== 6 policies x 10 seeds on the default trace, $(nproc) threads (median of 3)"
  "$bench" grid --nodes "$nodes" --pods "$pods" --seeds 42-51 --threads "$(nproc)" --repeat 3
  echo

  echo "== every pod list with reference rows x 6 policies x 10 seeds via tessera-cli (median of $repeat_all)"
  lists=$(grid_lists)
  times=()
  for _ in $(seq "$repeat_all"); do
    start=$(date +%s%N)
    for l in $lists; do
      "$cli" simulate --nodes "$nodes" --pods "$traces/$l.csv" --seeds 42-51 --quiet "${grid_policies[@]}" >/dev/null
    done
    times+=("$(( $(date +%s%N) - start ))")
  done
  printf '%s\n' "${times[@]}" | sort -n | awk -v n="$(echo "$lists" | wc -w)" '{t[NR]=$1} END{printf "traces=%d runs=%d median_s=%.1f\n", n, n*60, t[int((NR+1)/2)]/1e9}'
  echo
fi

if want scale; then
  # How run time grows with nodes and pods: every node configuration and pod class times K. Each
  # K runs with the argmax index (the default engine) and, as the baseline measured here, with the
  # full scan (--engine scan), each in its own process so that peak_rss_mb is that engine's. The
  # scan stops at K = 10: it grows with K^2 (some 50 s at K = 16, 10 minutes at K = 50).
  echo "== generated clusters (tessera-cli generate --seed 7 --scale K), FGD at tune 1.3, one core (median of 3)"
  scan_max_k=10
  for k in 1 2 5 10 16 50; do
    "$cli" generate --out "$tmp/k$k" --seed 7 --scale "$k" >/dev/null
    index_line=$("$bench" run --nodes "$tmp/k$k/nodes.csv" --pods "$tmp/k$k/pods.csv" --policy fgd --repeat 3 --engine index)
    echo "scale=$k $index_line"
    if [ "$k" -le "$scan_max_k" ]; then
      scan_line=$("$bench" run --nodes "$tmp/k$k/nodes.csv" --pods "$tmp/k$k/pods.csv" --policy fgd --repeat 3 --engine scan)
      echo "scale=$k $scan_line"
      # CPU time: the machine is shared, and wall-clock time counts the other jobs too.
      awk -v k="$k" -v a="$(echo "$scan_line" | sed 's/.*cpu_s=\([0-9.]*\).*/\1/')" \
        -v b="$(echo "$index_line" | sed 's/.*cpu_s=\([0-9.]*\).*/\1/')" \
        'BEGIN{printf "scale=%s index speed-up over the scan: %.1fx (%.3f s -> %.3f s of CPU)\n", k, a/b, a, b}'
    fi
    rm -rf "$tmp/k$k"
  done
  echo "(scan: K <= $scan_max_k only)"
  echo
fi

if want scale; then
  # Issue 16: memory that scales. One FGD run per K: what the run's record costs per decision (the
  # timeline's own count, Timeline::memoryBytes, and peak RSS growth over the loaded trace), the
  # peak RSS, and the growth exponents of run time and peak RSS in K (least-squares slope of
  # log y on log K: 1 = linear, 2 = quadratic).
  echo "== memory at scale: one FGD run per K at tune 1.3, one core (tessera-bench memory)"
  for k in 1 2 5 10 16 50; do
    [ -f "$tmp/k$k/nodes.csv" ] || "$cli" generate --out "$tmp/k$k" --seed 7 --scale "$k" >/dev/null
    "$bench" memory --nodes "$tmp/k$k/nodes.csv" --pods "$tmp/k$k/pods.csv" --policy fgd | sed "s/^/scale=$k /"
  done | tee "$tmp/scale-memory.txt"
  awk '{
      for (i = 1; i <= NF; ++i) { split($i, kv, "="); v[kv[1]] = kv[2] }
      x = log(v["scale"]); n++; sx += x; sxx += x * x
      t = log(v["cpu_s"]); st += t; sxt += x * t
      m = log(v["peak_rss_mb"]); sm += m; sxm += x * m
    } END {
      d = n * sxx - sx * sx
      printf "growth exponent in K (log-log fit over %d runs): cpu time=%.2f peak_rss=%.2f\n", n, (n * sxt - sx * st) / d, (n * sxm - sx * sm) / d
    }' "$tmp/scale-memory.txt"
  echo
fi

if want scrub; then
  # Issue 8: showing any point of a 100,000-decision run takes 50 ms or less.
  echo "== timeline scrubbing: 200 seeded random seeks + every GPU cell read, FGD at tune 1.3 (scale 13, seed 1)"
  "$cli" generate --out "$tmp/scrub" --seed 1 --scale 13 >/dev/null
  "$bench" scrub --nodes "$tmp/scrub/nodes.csv" --pods "$tmp/scrub/pods.csv" --policy fgd --seeks 200
fi

if want memory; then
  # Issue 11: saving a batch to a study, and a long replay CSV, keep memory flat: a batch's runs
  # go to a staging file as they finish, CSV rows stream out in order. Peak RSS of 100 runs
  # against 1 (bundled default trace, FGD, 2 threads); a ratio near 1 is the target.
  echo "== memory: peak RSS of simulate --db with 1 and 100 runs, and of a replay CSV at --step 10"
  rss() { /usr/bin/time -f "%M" "$@" 2>&1 >/dev/null | tail -1; }
  d="$repo/traces/default"
  one=$(rss "$cli" simulate --nodes "$d/nodes.csv" --pods "$d/pods.csv" --policy fgd --threads 2 --quiet --db "$tmp/one.sqlite")
  hundred=$(rss "$cli" simulate --nodes "$d/nodes.csv" --pods "$d/pods.csv" --policy fgd --seeds 1-100 --threads 2 --quiet \
    --db "$tmp/hundred.sqlite")
  awk -v a="$one" -v b="$hundred" 'BEGIN{printf "db_1_run_mb=%.0f db_100_runs_mb=%.0f ratio=%.2f\n", a/1024, b/1024, b/a}'
  replay=$(rss "$cli" simulate --nodes "$d/nodes.csv" --pods "$d/pods.csv" --policy fgd --mode replay --step 10 --threads 2 \
    --quiet --csv "$tmp/replay.csv")
  awk -v a="$replay" -v s="$(stat -c %s "$tmp/replay.csv")" 'BEGIN{printf "replay_step10_csv_mb=%.0f peak_rss_mb=%.0f\n", s/1048576, a/1024}'
  echo
fi

if want inference; then
  # Issue 12: at least 10 million simulated requests per second of wall time on one core. SLO
  # row 6 of the ParvaGPU data (39,342 req/s over 11 models) for 300 s is 11.8 million requests;
  # the plan is built by hand (batches of 8 in 20 ms, each class at most 80% loaded).
  slo=$shared/traces/mig-parvagpu/SLO
  if [ -f "$slo/SLO_req_rate.csv" ]; then
    echo "== request-level simulation: SLO row 6, 300 s, one core (median of 7)"
    "$bench" inference --slo "$slo" --slo-row 6 --duration 300 --threads 1 --repeat 7
    echo "-- the same on $(nproc) threads (one class per thread at a time)"
    "$bench" inference --slo "$slo" --slo-row 6 --duration 300 --threads "$(nproc)" --repeat 7
    echo "-- the bundled 24-hour scenario (traces/inference/default.csv), one core (median of 3)"
    "$bench" inference --scenario "$repo/traces/inference/default.csv" --threads 1 --repeat 3
    echo
  else
    echo "(inference: skipped, no ParvaGPU SLO files at $slo)" >&2
  fi
fi

if want app && [ -x "$build/tests/app/tst_session" ]; then
  # Issue 8: with the real trace and two runs open the app stays under 1 GB. The scripted session
  # is the app's main window doing exactly that (load, run FGD, fork, compare, export).
  echo "== the app's scripted session on the real trace (two runs open), offscreen: peak memory"
  # It also prints the longest GUI-thread stall while loading, simulating and forking (target 100 ms).
  out=$(QT_QPA_PLATFORM=offscreen QT_QUICK_BACKEND=software /usr/bin/time -f "peak_rss_kb=%M elapsed_s=%e" \
    "$build/tests/app/tst_session" 2>&1)
  echo "$out" | grep -o 'gui_stall_max_ms=.*' | sed 's/")*$//'
  echo "$out" | grep peak_rss_kb | awk -F'[= ]' '{printf "peak_rss_mb=%.0f elapsed_s=%s\n", $2/1024, $4}'
fi
if want app && [ -x "$build/bench/tessera-bench-app" ]; then
  # Issue 16 item 5: a K = 16 cluster (about 100,000 GPUs) in the occupancy tab of a 1280x800
  # window (a 900x600 grid) and of a 2560x1440 one: the median time from a timeline move to the
  # frame that shows it (target 50 ms), with the overview (a square per node) and with every
  # cell; then the heatmap's sampling and painting. Offscreen, software scene graph, FGD.
  echo "== the app's occupancy grid and heatmap at K = 16 (generate --seed 7 --scale 16), FGD, offscreen"
  "$cli" generate --out "$tmp/k16" --seed 7 --scale 16 >/dev/null
  for view in "900 600" "2200 1200"; do
    set -- $view
    "$build/bench/tessera-bench-app" --nodes "$tmp/k16/nodes.csv" --pods "$tmp/k16/pods.csv" --policy fgd \
      --seeks 100 --width "$1" --height "$2"
  done
fi

if want planning; then
  echo "== one MIG inference plan, 20 services x 8 buckets, about 1,000 GPUs, one core (median of 5)"
  "$build/bench/tessera-bench-planning" --profiles "$shared/traces/mig-parvagpu/prof_data" --repeat 5
  echo
  echo "== the bundled 24-hour scenario, ElasticBatch-like re-planning every minute, every request simulated, one core (median of 3)"
  times=()
  for _ in 1 2 3; do
    start=$(date +%s%N)
    TESSERA_MIG_PROFILES="$shared/traces/mig-parvagpu/prof_data" "$cli" inference \
      --scenario "$repo/traces/inference/default.csv" --policy elasticbatch --threads 1 --quiet >/dev/null
    times+=("$(( $(date +%s%N) - start ))")
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 2p | awk '{printf "median_s=%.2f\n", $1/1e9}'
  echo
fi

if want kinds; then
  # Issue 12: scrubbing an inference run takes 50 ms or less. What one frame of the slice view
  # reads (every cell layer, the per-GPU values, every GPU's instance spans) after a random seek,
  # through the run-kind registry as the app does; SLO row 6 stepping to row 3 at 150 s with the
  # load times 45 fills about 900 A100s.
  mig=$shared/traces/mig-parvagpu
  if [ -d "$mig/SLO" ]; then
    echo "== scrubbing a MIG inference run: ElasticBatch-like, SLO row 6 -> 3, load x45, 300 s at 10 s steps, 200 seeks"
    "$build/bench/tessera-bench-kind" scrub --kind mig-inference --input profiles="$mig/prof_data" \
      --input slo="$mig/SLO" --set slo_row=6 --set switch_row=3 --set duration=300 --set step=10 --set load_scale=45
    echo
  else
    echo "(kinds: skipped, no ParvaGPU data at $mig)" >&2
  fi
  # Issue 13: scrubbing a training-placement run under 50 ms: PAL on 64 x 4 GPUs (setup A3's
  # cluster) with 2,000 generated jobs at 14 jobs/h, 300 s rounds.
  pal=$shared/traces/pal-sia-philly
  if [ -d "$pal/variability" ]; then
    "$cli" generate-jobs --out "$tmp/jobs2000.csv" --seed 1 --jobs 2000 --load 14 --preset pal-models >/dev/null
    echo "== scrubbing a training-placement run: PAL, 64 x 4 GPUs, 2,000 jobs at 14 jobs/h, 300 s rounds, 200 seeks"
    "$build/bench/tessera-bench-kind" scrub --kind training-placement --input jobs="$tmp/jobs2000.csv" \
      --input variability="$pal/variability" --set nodes=64 --set round=300
    echo
  fi
fi

if want training; then
  # Issue 13: one Sia-Philly trace across the six placement policies under 2 s, the 8 x 6 grid
  # under 10 s (setup A1: 16 x 4 GPUs, FIFO, R = 360 s, L = 1.7, seed-42 variability).
  pal=$shared/traces/pal-sia-philly
  if [ -d "$pal/philly" ]; then
    echo "== training placement: workload-1 x 6 policies on one core, then 8 traces x 6 policies (median of 5)"
    "$build/bench/tessera-bench-training" --traces "$pal/philly" --variability "$pal/variability" --repeat 5
    echo "-- the grid on $(nproc) threads"
    "$build/bench/tessera-bench-training" --traces "$pal/philly" --variability "$pal/variability" --repeat 5 \
      --threads "$(nproc)" | grep grid
    echo
  else
    echo "(training: skipped, no pal-sia-philly traces at $pal)" >&2
  fi
fi

if want rent; then
  # Issue 14: a 100,000-job rental simulation under 5 s per policy (the Fig. 1 Poisson stream at
  # b = 2 sum rho, each policy held to the budget as the CLI holds it), and a 50-point budget sweep
  # via `--sweep` under 30 s (BOA on Pollux workload-1, span-fitted at every budget).
  echo "== rental: 100,000 Poisson jobs per policy, held to the budget (median of 5)"
  "$build/bench/tessera-bench-rent" --jobs 100000 --repeat 5
  pollux=$shared/traces/pollux-osdi21/simulator/workloads/workload-1.csv
  if [ -f "$pollux" ]; then
    echo "-- 50-point budget sweep: tessera-cli training --mode rent --policy boa --sweep 8:106:2 (median of 5)"
    times=()
    for _ in 1 2 3 4 5; do
      start=$(date +%s.%N)
      "$cli" training --jobs "$pollux" --mode rent --policy boa --sweep 8:106:2 --quiet --csv "$tmp/sweep.csv" >/dev/null
      times+=("$(echo "$(date +%s.%N) - $start" | bc)")
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{t[NR]=$1} END {printf "rent sweep budgets=50 median_s=%.3f max_s=%.3f\n", t[int((NR+1)/2)], t[NR]}'
  else
    echo "(rent sweep: skipped, no Pollux workload at $pollux)" >&2
  fi
  echo
fi

if want sweep; then
  # Issue 15: the trace grid cut into 8 shards (--shard I/8, each a process of its own, as a Slurm
  # array or a Kubernetes Indexed Job runs them) costs at most 10% more CPU than one process, and
  # merging a sweep's shards takes under 5 s. The contract has no grid over pod lists, so the grid
  # is one sweep per trace: 13 single processes against 13 x 8 shards and 13 merges. Both sides
  # end with a study and the grid CSV: the single process writes them itself (--db, --csv, all
  # cores), the shards (one thread each, nproc at a time) write studies that merge joins. The
  # machine is shared: CPU time (user + sys of each process) is the comparable figure, wall time
  # is not; the merge's wall time is printed with the load average it was taken under.
  sweep_seeds=${BENCH_SWEEP_SEEDS:-42-51}
  sweep_repeat=${BENCH_SWEEP_REPEAT:-3}
  shards=8
  lists=$(grid_lists)
  n_traces=$(echo "$lists" | wc -w)
  echo "== sweep: $n_traces traces x 6 policies x seeds $sweep_seeds, one process per trace against $shards shards" \
    "per trace + merge (median of $sweep_repeat)"
  echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores: CPU time (user+sys) is the" \
    "comparable figure, wall time depends on the load"
  # timed FILE COMMAND...: FILE gets the command's "user sys wall" seconds.
  timed() { local out=$1; shift; /usr/bin/time -f "%U %S %e" -o "$out" "$@" >/dev/null; }
  cpu_sum() { cat "$@" | awk '{s += $1 + $2} END {printf "%.2f", s}'; }
  median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
  mkdir -p "$tmp/sweep-times"
  : >"$tmp/sweep-reps"
  : >"$tmp/sweep-merges"
  mismatched=()
  for r in $(seq "$sweep_repeat"); do
    rep=$tmp/sweep-times/$r
    mkdir -p "$rep"
    for l in $lists; do
      d=$tmp/sweep/$l
      rm -rf "$d"
      mkdir -p "$d"
      args=(--nodes "$nodes" --pods "$traces/$l.csv" --seeds "$sweep_seeds" "${grid_policies[@]}" --quiet)
      timed "$rep/$l.single" "$cli" simulate "${args[@]}" --db "$d/single.sqlite" --csv "$d/single.csv"
      pids=()
      for ((i = 0; i < shards; i++)); do
        timed "$rep/$l.shard-$i" "$cli" simulate "${args[@]}" --threads 1 --shard "$i/$shards" \
          --db "$d/shard-$i.sqlite" &
        pids+=("$!")
        if (( ${#pids[@]} == $(nproc) || i == shards - 1 )); then
          for p in "${pids[@]}"; do wait "$p"; done  # a failed shard stops the script (set -e)
          pids=()
        fi
      done
      timed "$rep/$l.merge" "$cli" merge --out "$d/study.sqlite" --csv "$d/grid.csv" "$d"/shard-*.sqlite
      cmp -s "$d/single.csv" "$d/grid.csv" || mismatched+=("$l (repetition $r)")
      rm -rf "$d"  # the studies of 60 runs take about 250 MB per trace
    done
    single=$(cpu_sum "$rep"/*.single)
    sharded=$(cpu_sum "$rep"/*.shard-*)
    cat "$rep"/*.merge >>"$tmp/sweep-merges"
    echo "$single $sharded" | awk '{print $1, $2, $2 / $1}' >>"$tmp/sweep-reps"
    echo "$single $sharded" | awk -v r="$r" '{printf "-- repetition %d: single_cpu_s=%.1f shards_cpu_s=%.1f ratio=%.3f\n", r, $1, $2, $2 / $1}'
  done
  single=$(cut -d' ' -f1 "$tmp/sweep-reps" | median)
  sharded=$(cut -d' ' -f2 "$tmp/sweep-reps" | median)
  ratio=$(cut -d' ' -f3 "$tmp/sweep-reps" | median)
  printf 'sweep CPU time (user+sys): single_process_s=%.1f shards_sum_s=%.1f ratio=%.3f (target <= 1.10)\n' \
    "$single" "$sharded" "$ratio"
  merge_wall=$(awk '{print $3}' "$tmp/sweep-merges" | median)
  merge_wall_max=$(awk '{print $3}' "$tmp/sweep-merges" | sort -g | tail -1)
  merge_cpu=$(awk '{print $1 + $2}' "$tmp/sweep-merges" | median)
  merge_cpu_max=$(awk '{print $1 + $2}' "$tmp/sweep-merges" | sort -g | tail -1)
  printf 'merge of %d shards (one sweep, one trace): wall_s median=%.2f max=%.2f (target < 5), cpu_s median=%.2f max=%.2f\n' \
    "$shards" "$merge_wall" "$merge_wall_max" "$merge_cpu" "$merge_cpu_max"
  echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
  if (( ${#mismatched[@]} == 0 )); then
    echo "merged CSV equals the single-process CSV: OK ($n_traces traces x $sweep_repeat repetitions, cmp)"
  else
    echo "FAIL: the merged CSV differs from the single-process CSV: ${mismatched[*]}"
    echo "error: bench sweep: a merged CSV differs from the single-process one (FAIL above)" >&2
    bench_failed=1
  fi
  echo
fi

exit "${bench_failed:-0}"
