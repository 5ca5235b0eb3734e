"""What the fidelity scripts share: how a --check run ends when the shared data is not there."""

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
