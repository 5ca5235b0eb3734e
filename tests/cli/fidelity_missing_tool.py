#!/usr/bin/env python3
"""tst_fidelity_missing_tool (walk14 W22): every fidelity script, given a tool that is not built,
ends with one `error:` line naming the CMake target to build, exit 1, and no Python traceback.

Usage: fidelity_missing_tool.py SCRIPTS_DIR CLI   (CLI: a built tessera-cli, for the scripts that
also run a second tool)"""
import os
import subprocess
import sys
import tempfile


def main():
    scripts, cli = sys.argv[1], sys.argv[2]
    missing = os.path.join(tempfile.mkdtemp(), "not-built")
    cases = [
        (["fidelity.py", "--cli", missing], "tessera-cli"),
        (["fidelity_mig.py", "--cli", missing], "tessera-cli"),
        (["fidelity_training.py", "--cli", missing], "tessera-cli"),
        (["fidelity_boa.py", "--cli", missing], "tessera-cli"),
        (["fidelity_boa.py", "--cli", cli, "--checks-tool", missing], "tessera-boa-checks"),
    ]
    failed = 0
    for args, target in cases:
        p = subprocess.run([sys.executable, os.path.join(scripts, args[0])] + args[1:],
                           capture_output=True, text=True, env=dict(os.environ, TESSERA_SHARED=missing))
        want = f"build the {target} target first"
        ok = (p.returncode == 1 and p.stderr.startswith("error: ") and want in p.stderr and missing in p.stderr
              and "Traceback" not in p.stderr and len(p.stderr.strip().splitlines()) == 1)
        print(f"{'PASS' if ok else 'FAIL'}: {' '.join(args)} -> {p.returncode}: {p.stderr.strip()}")
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
