"""bench/fireplace_bench.py without fireplace: a message and exit 0 (the comparison is skipped, not failed)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "fireplace_bench.py"


def test_without_fireplace_the_comparison_is_skipped_with_a_message() -> None:
    if importlib.util.find_spec("fireplace") is not None:
        pytest.skip("fireplace is installed in this interpreter")
    done = subprocess.run([sys.executable, str(BENCH), "--games", "1", "--fireplace-python", sys.executable],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "fireplace is not importable" in done.stdout and "skipped" in done.stdout
    missing = subprocess.run([sys.executable, str(BENCH), "--fireplace-python", "/nonexistent/python"],
                             capture_output=True, text=True, check=False)
    assert missing.returncode == 0 and "cannot run /nonexistent/python" in missing.stdout
