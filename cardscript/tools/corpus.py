"""``cardscript corpus FILE.jsonl [--json]``: translate and check every record of a corpus."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path
from typing import Any

from cardscript.tools.common import add_cache_option, err, out


def run(args: argparse.Namespace) -> int:
    """The report; a line that is not a card record is reported as ``FILE:LINE: why`` on standard error and
    counted (``bad_lines``), the others still measured. Exit 2 when the file cannot be read, 1 when a line
    was bad, else 0."""
    from cardscript.compiler.corpus import run_corpus
    from cardscript.compiler.textfile import UnreadableFile

    try:
        report = run_corpus(Path(args.file), bad=lambda number, why: err(f"{args.file}:{number}: {why}"))
    except UnreadableFile as exc:
        err(str(exc))
        return 2
    if args.json:
        out(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        failures: Counter[str] = Counter(report["failures"])
        if failures:
            out("most frequent sentence shapes that failed (count, shape up to the failing word <<<, example):")
            for shape, n in failures.most_common(args.top):
                out(f"  {n:4}  {shape}")
                out(f"        e.g. {report['examples'][shape]}")
        if report["roundtrip_failures"]:
            out("bound cards whose rendering differs from the printed text:")
            for name in report["roundtrip_failures"][: args.top]:
                out(f"  {name}")
        s = report["summary"]
        k = report["keywords"]
        out(f"keywords: cards={k['cards']} uses={k['uses']} uses_executable={k['uses_executable']} "
            f"cards_otherwise_executable={k['cards_otherwise_executable']} "
            f"of_those_executable={k['cards_read_with_keywords']}")
        out(f"coverage: parsed={s['parsed']} bound={s['bound']} roundtrip={s['roundtrip']} "
            f"executable={s['executable']} total={s['total']}" + (f" bad_lines={s['bad_lines']}" if s["bad_lines"]
                                                                  else ""))
    return 1 if report["summary"]["bad_lines"] else 0


def register(sub: Any) -> None:
    k = sub.add_parser("corpus", help="translate and check every record of a corpus JSON Lines file")
    k.add_argument("file")
    k.add_argument("--json", action="store_true")
    k.add_argument("--top", type=int, default=20)
    add_cache_option(k, cached=False)
    k.set_defaults(func=run)
