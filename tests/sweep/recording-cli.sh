#!/usr/bin/env bash
# A stand-in for tessera-cli, for tst_slurm_array.sh only: it checks how scripts/slurm-sweep.sh
# drives the CLI (which arguments each array task and the merge get), not the CLI itself.
# `simulate ... --shard I/N --db FILE` appends its arguments to FILE (so a shard left from an
# earlier run would show), or exits 4 when I/N is $TESSERA_STUB_FAIL; `merge --out FILE ...`
# appends its arguments to FILE's directory/merge-call.
args="$*"
if [ "${1:-}" = merge ]; then
  printf '%s\n' "$args" >>"$(dirname "$3")/merge-call"
  exit 0
fi
db="" shard=""
while [ $# -gt 0 ]; do
  case "$1" in
    --db) db=$2 ;;
    --shard) shard=$2 ;;
  esac
  shift
done
if [ "$shard" = "${TESSERA_STUB_FAIL:-}" ]; then
  echo "recording-cli: shard $shard fails on purpose" >&2
  exit 4
fi
printf '%s\n' "$args" >>"$db"
