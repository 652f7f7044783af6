"""``cardscript translate FILE|-``: a corpus JSON record (or plain printed text) -> a ``.card`` file."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from cardscript.compiler.diagnostics import format_text
from cardscript.compiler.pipeline import compile_source
from cardscript.compiler.source import SourceFile
from cardscript.tools.common import err, out


def run(args: argparse.Namespace) -> int:
    from cardscript.compiler.translate import plain_text_to_card_text, record_to_card_text

    raw = sys.stdin.read() if args.input == "-" else Path(args.input).read_text(encoding="utf-8")
    texts: list[str] = []
    stripped = raw.strip()
    if stripped.startswith("{"):
        for line in stripped.splitlines():
            if line.strip():
                try:
                    texts.append(record_to_card_text(json.loads(line)))
                except (ValueError, KeyError, TypeError) as exc:
                    err(f"not a card record: {exc}")
                    return 1
    else:
        texts.append(plain_text_to_card_text(raw))
    status = 0
    for text in texts:
        card = compile_source(SourceFile("<translated>", text))
        out(text)
        for d in card.diagnostics:
            sys.stderr.write(format_text(d) + "\n")
        if not card.ok:
            status = 1
    return status


def register(sub: Any) -> None:
    t = sub.add_parser("translate", help="a corpus JSON record (or plain printed text) -> a .card file")
    t.add_argument("input", help="a file, or - for standard input")
    t.set_defaults(func=run)
