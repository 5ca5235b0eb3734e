#!/usr/bin/env bash
# Builds Tessera with a sanitizer and runs the whole test suite under it.
#   scripts/sanitize.sh address   ASan + UBSan (+ libstdc++ assertions) in build-asan/: CI runs this
#   scripts/sanitize.sh thread    ThreadSanitizer in build-tsan/: the thread pool, concurrent
#                                 study writers and the app's worker threads (not in CI: slow)
# Extra arguments go to ctest, e.g. `scripts/sanitize.sh thread -R 'determinism|studystore'`.
# Every finding fails its test: sanitizer errors abort, and leaks are reported at exit
# (scripts/sanitizers/lsan.supp lists the system libraries' own, which are not ours to fix).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
kind=${1:-address}
shift || true
case "$kind" in
  address) build=${TESSERA_ASAN_BUILD_DIR:-$repo/build-asan} ;;
  thread) build=${TESSERA_TSAN_BUILD_DIR:-$repo/build-tsan} ;;
  *) echo "usage: scripts/sanitize.sh address|thread [CTEST-ARGS...]" >&2; exit 2 ;;
esac
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$repo")}" CCACHE_NOHASHDIR=1
fi
cmake -S "$repo" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_SANITIZE="$kind" "${launcher[@]}" >/dev/null
cmake --build "$build" --parallel "$(nproc)"

supp="$repo/scripts/sanitizers"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$supp/lsan.supp:print_suppressions=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-suppressions=$supp/tsan.supp:halt_on_error=1:second_deadlock_stack=1}"
cd "$build"
# Tests without a timeout of their own get 30 minutes: sanitized code runs several times slower.
exec ctest --output-on-failure --parallel "$(nproc)" --timeout 1800 "$@"
