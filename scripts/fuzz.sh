#!/usr/bin/env bash
# Fuzzes every harness of fuzz/ (or the named ones) for SECONDS each with libFuzzer, ASan and
# UBSan (fuzz/README.md). Builds them first in build-fuzz/ with clang.
#   scripts/fuzz.sh            30 s per harness: the CI smoke run
#   scripts/fuzz.sh 3600       an hour per harness: the long run
#   scripts/fuzz.sh 600 study  one harness
# New corpus entries and crash reproducers go to build-fuzz/fuzz-work/, never into
# fuzz/corpus/. Exits 1 when any harness crashed, leaked, timed out or ran out of memory,
# printing the reproducer and how to replay it; 2 for a usage error.
# Environment: TESSERA_FUZZ_BUILD_DIR (default build-fuzz), TESSERA_FUZZ_WORK_DIR (default
# BUILD/fuzz-work), TESSERA_FUZZ_SEED (libFuzzer's -seed; 0, the default, picks one), CXX
# (default clang++).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
# Every harness fuzz/CMakeLists.txt builds: one list, so a new harness is fuzzed without an edit here.
read -r -a all_targets <<<"$(sed -n 's/^set(TESSERA_FUZZ_TARGETS \(.*\))$/\1/p' "$repo/fuzz/CMakeLists.txt")"
if [ "${#all_targets[@]}" -eq 0 ]; then
  echo "error: no TESSERA_FUZZ_TARGETS list in $repo/fuzz/CMakeLists.txt" >&2
  exit 2
fi

seconds=${1:-30}
if ! [[ "$seconds" =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (targets: ${all_targets[*]})" >&2
  exit 2
fi
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
for t in "${targets[@]}"; do
  if [ ! -f "$repo/fuzz/fuzz_$t.cpp" ]; then
    echo "unknown fuzz target \"$t\" (targets: ${all_targets[*]})" >&2
    exit 2
  fi
done

build=${TESSERA_FUZZ_BUILD_DIR:-$repo/build-fuzz}
# libFuzzer's random seed: TESSERA_FUZZ_SEED when set (CI fixes it, so that a smoke run is
# repeatable), else a fresh one each run, which the long runs want.
seed=${TESSERA_FUZZ_SEED:-0}
work=${TESSERA_FUZZ_WORK_DIR:-$build/fuzz-work}
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$repo")}" CCACHE_NOHASHDIR=1
fi
cmake -S "$repo" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER="${CXX:-clang++}" \
  -DTESSERA_FUZZ=ON -DTESSERA_BUILD_GUI=OFF -DTESSERA_BUILD_TESTS=OFF "${launcher[@]}" >/dev/null
cmake --build "$build" --target $(printf 'fuzz_%s ' "${targets[@]}")

# Every finding stops the harness: UBSan is fatal (also compiled so), ASan symbolises its stacks.
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:symbolize=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

failed=()
for t in "${targets[@]}"; do
  corpus="$work/corpus/$t"
  artifacts="$work/findings/$t"
  log="$work/logs/$t.log"
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  options=(-max_total_time="$seconds" -rss_limit_mb=2048 -timeout=20 -print_final_stats=1 -seed="$seed"
           -artifact_prefix="$artifacts/")
  [ -f "$repo/fuzz/dict/$t.dict" ] && options+=(-dict="$repo/fuzz/dict/$t.dict")
  # Studies are SQLite files of a few KB; the text inputs stay at libFuzzer's default 4 KB.
  [ "$t" = study ] && options+=(-max_len=32768)
  echo "== fuzz_$t: ${seconds}s (log: $log)"
  before=$(find "$artifacts" -type f | sort)
  # New inputs go to the first corpus directory, the scratch one; the committed one is read only.
  if "$build/fuzz/fuzz_$t" "${options[@]}" "$corpus" "$repo/fuzz/corpus/$t" >"$log" 2>&1; then
    grep -E '^(stat::number_of_executed_units|stat::new_units_added)' "$log" | sed 's/^/   /' || true
  else
    failed+=("$t")
    echo "!! fuzz_$t found a problem:" >&2
    grep -E 'ERROR: |runtime error: |tessera fuzz finding: |==[0-9]+== ?ERROR|SUMMARY: ' "$log" | head -n 5 | sed 's/^/   /' >&2 || true
    comm -13 <(printf '%s\n' "$before") <(find "$artifacts" -type f | sort) | while read -r f; do
      echo "   reproducer: $f" >&2
      echo "   replay:     $build/fuzz/fuzz_$t $f" >&2
    done
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found problems in: ${failed[*]} (logs and reproducers under $work)" >&2
  exit 1
fi
echo "fuzzing found nothing in ${targets[*]} (${seconds}s each)"
