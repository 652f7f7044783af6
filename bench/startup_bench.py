"""Benchmark (not a test): start-up (issue 12.3) and a warm ``cardscript check`` of the bundled library, as wall
clock of fresh processes, each beside ``python -c "import lark"`` in the same run, alternated, best of N:

    python bench/startup_bench.py [--repeat 15]

The compiled-card cache lives in a temporary folder (``$CARDSCRIPT_CACHE_DIR``), filled by one ``check`` before
the timings. Python's bytecode is written and used (``PYTHONDONTWRITEBYTECODE`` unset), as an installed package
has it. Also printed: the CPU time (user + system) of each best run's process.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    'python -c "import lark"': [sys.executable, "-c", "import lark"],
    "cardscript --help": [sys.executable, "-m", "cardscript", "--help"],
    "cardscript --version": [sys.executable, "-m", "cardscript", "--version"],
    "cardscript check (warm cache)": [sys.executable, "-m", "cardscript", "check"],
}


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    folder = tempfile.mkdtemp(prefix="cardscript-startup-bench-")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "CARDSCRIPT_NO_CACHE")}
    env["CARDSCRIPT_CACHE_DIR"] = folder
    try:
        subprocess.run(COMMANDS["cardscript check (warm cache)"], env=env, stdout=subprocess.DEVNULL, check=False)
        best: dict[str, tuple[float, float]] = {name: (float("inf"), 0.0) for name in COMMANDS}
        for _ in range(args.repeat):                      # alternated: each round runs every command once
            for name, argv in COMMANDS.items():
                wall, cpu = timed(argv, env)
                if wall < best[name][0]:
                    best[name] = (wall, cpu)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    lark = best['python -c "import lark"'][0]
    print(f"best of {args.repeat}, alternated (wall ms, CPU ms of that run, ratio to import lark):")
    for name, (wall, cpu) in best.items():
        print(f"  {name:32} {wall * 1000:7.1f} ms  cpu {cpu * 1000:6.1f} ms  {wall / lark:5.2f}x")


if __name__ == "__main__":
    main()
