"""The long fuzz run of issue 10 (docs/reliability.md): many more mutated inputs than the suite's
``tests/test_fuzz_inputs.py``, with the same makers and promises (``tests/fuzz_oracles.py``).

    python bench/fuzz_inputs.py --cases 5000 --seed 0 [--budget SECONDS] [--only card,deck]

For each input kind (card files, deck files, keyword files of the prelude, corpus records) it makes ``--cases``
inputs from seeds ``seed, seed+1, ...`` (each case is reproducible from its seed), checks each, and prints the
cases tried, the failures (the first seeds and their errors) and the time; a kind stops early when its share of
``--budget`` is spent. Exit 1 if any case failed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fuzz_oracles import TARGETS  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=5000, help="inputs per kind")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget", type=float, default=3600.0, help="seconds for the whole run")
    ap.add_argument("--only", default="", help="comma-separated kinds: " + ", ".join(TARGETS))
    args = ap.parse_args(argv)
    kinds = [k for k in TARGETS if not args.only or k in args.only.split(",")]
    total_failures = 0
    print(f"command: python bench/fuzz_inputs.py --cases {args.cases} --seed {args.seed} --budget {args.budget:g}"
          + (f" --only {args.only}" if args.only else ""))
    print(f"{'kind':8} {'cases':>7} {'failures':>8} {'seconds':>8}  first failing seeds")
    for kind in kinds:
        make, check = TARGETS[kind]
        share = args.budget / len(kinds)
        start = time.perf_counter()
        tried = 0
        failures: list[tuple[int, str]] = []
        for seed in range(args.seed, args.seed + args.cases):
            if time.perf_counter() - start > share:
                break
            tried += 1
            try:
                check(make(random.Random(seed)))
            except Exception:  # noqa: BLE001 - a broken promise: counted and reported with its seed
                failures.append((seed, traceback.format_exc(limit=3).strip().splitlines()[-1]))
        took = time.perf_counter() - start
        total_failures += len(failures)
        first = ", ".join(str(s) for s, _ in failures[:5]) or "-"
        print(f"{kind:8} {tried:7} {len(failures):8} {took:8.1f}  {first}", flush=True)
        for seed, error in failures[:5]:
            print(f"    seed {seed}: {error}")
    return 1 if total_failures else 0


if __name__ == "__main__":
    sys.exit(main())
