# shellcheck shell=bash
# Named assertions for the shell tests in tests/sweep (sourced). Each check prints PASS or FAIL
# with its description; checks_summary prints "N passed, M failed" and fails when any failed.
passes=0 failures=0

check() { # check DESCRIPTION COMMAND...
  local what=$1
  shift
  if "$@"; then
    echo "PASS: $what"
    passes=$((passes + 1))
  else
    echo "FAIL: $what"
    failures=$((failures + 1))
  fi
}
contains() { grep -qF -- "$2" "$1"; }
lacks() { ! grep -qF -- "$2" "$1"; }
equals() { [ "$(cat "$1" 2>/dev/null)" = "$2" ]; }

checks_summary() {
  echo "$passes passed, $failures failed"
  [ "$failures" -eq 0 ]
}
