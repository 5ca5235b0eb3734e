#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine: installs the missing packages, builds, then
#   run           starts the main job: the desktop app on the bundled default trace, or, on a
#                 machine with no display, the CLI experiment on that trace (and says so)
#   test          what CI runs (.ci/run): the whole test suite in a Release build (build/), the
#                 whole suite again under AddressSanitizer + UndefinedBehaviorSanitizer
#                 (build-asan/), and a short run of every fuzz harness (scripts/fuzz.sh)
#   test --quick  the Release suite only
# Usage: bash scripts/bootstrap.sh run|test [--quick]
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
build=${TESSERA_BUILD_DIR:-$repo/build}
action=${1:-run}
shift || true

packages=(build-essential cmake ninja-build git pkg-config python3 time
  qt6-base-dev qt6-declarative-dev qt6-charts-dev qt6-svg-dev libfmt-dev libsqlite3-dev libqt6sql6-sqlite
  qml6-module-qtquick qml6-module-qtquick-controls qml6-module-qtquick-layouts qml6-module-qtquick-window
  qml6-module-qtquick-templates qml6-module-qtquick-dialogs qml6-module-qtcharts qml6-module-qtqml
  qml6-module-qtqml-models qml6-module-qtqml-workerscript qml6-module-qttest
  qml6-module-qt-labs-folderlistmodel qml6-module-qt-labs-settings qt6-qpa-plugins xvfb xauth
  clang libclang-rt-14-dev libeigen3-dev
  slurmctld slurmd slurm-client munge python3-kubernetes)
# slurmctld slurmd slurm-client munge: the test suite's private one-node Slurm cluster
# (tests/sweep/private-slurm.sh), which runs daemons of its own. Where systemd runs, installing
# starts Debian's munge service (left alone) and not slurmctld/slurmd (their units need an
# /etc/slurm/slurm.conf, which nothing here writes).
# python3-kubernetes: the Kubernetes API schema that validates deploy/kubernetes offline.

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# ccache, when the machine has it, only speeds up rebuilds; nothing needs it.
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$repo")}" CCACHE_NOHASHDIR=1
fi
cmake -S "$repo" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
cmake --build "$build" --parallel "$(nproc)"

case "$action" in
  run)
    if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -x "$build/app/tessera" ]; then
      exec "$build/app/tessera" "$@"
    fi
    echo "no display (DISPLAY and WAYLAND_DISPLAY are unset): running the CLI experiment instead of the app" >&2
    exec "$build/app/tessera-cli" simulate --nodes "$repo/traces/default/nodes.csv" \
      --pods "$repo/traces/default/pods.csv" --seeds 42-44 \
      --policy random --policy dotproduct --policy gpuclustering --policy gpupacking --policy bestfit \
      --policy fgd --policy pwr:100,fgd:900
    ;;
  test)
    quick=0
    for arg in "$@"; do
      case "$arg" in
        --quick) quick=1 ;;
        *) echo "usage: bash scripts/bootstrap.sh test [--quick]" >&2; exit 2 ;;
      esac
    done
    start=$SECONDS
    echo "== Release build: the whole test suite"
    (cd "$build" && ctest --output-on-failure --parallel "$(nproc)")
    [ "$quick" -eq 1 ] && exit 0
    echo "== AddressSanitizer + UndefinedBehaviorSanitizer build: the whole test suite ($((SECONDS - start)) s so far)"
    bash "$repo/scripts/sanitize.sh" address
    echo "== fuzz smoke run ($((SECONDS - start)) s so far)"
    TESSERA_FUZZ_SEED="${TESSERA_FUZZ_SEED:-1}" bash "$repo/scripts/fuzz.sh" "${TESSERA_FUZZ_SECONDS:-20}"
    echo "== all passed in $((SECONDS - start)) s"
    ;;
  *)
    echo "usage: bash scripts/bootstrap.sh run|test" >&2
    exit 2
    ;;
esac
