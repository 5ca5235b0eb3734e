"""What the fidelity scripts share: how a --check run ends when the shared data is not there, and
when a tool they run is not built."""

import os
import sys

SKIPPED = 77  # ctest's SKIP_RETURN_CODE


def data_missing(message, check):
    """The exit code without the shared data: 77 (skipped) for --check on a developer's machine,
    where the data may not be, else 1 with `message` as the error (on CI the data must be there)."""
    if check and not os.environ.get("CI"):
        print(f"SKIPPED: {message}")
        return SKIPPED
    print(f"error: {message}", file=sys.stderr)
    return 1


def require_tool(path, target):
    """Ends the script with one error line, not a traceback, when the built tool at `path` (the
    CMake target `target`) is not there: the fidelity scripts run what the build made."""
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        sys.exit(f"error: {path} is not there: build the {target} target first "
                 f"(cmake --build build --target {target})")
