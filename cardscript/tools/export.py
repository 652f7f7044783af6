"""``cardscript export [PATH...] [--format json] [--out FILE]``: every compiled card as data for tool builders --
header, text, how each paragraph was read, what the engine runs (the typed effect objects) and the diagnostics
(:mod:`cardscript.compiler.export`; the JSON Schema: ``--schema``, published in ``docs/schema/``)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from cardscript.tools.common import CardInputs, add_cache_option, card_inputs, compile_inputs, err, out


def run(args: argparse.Namespace) -> int:
    from cardscript.compiler.cache import build_of
    from cardscript.compiler.export import card_record, document, schema
    from cardscript.compiler.files import library_path

    if args.schema:
        text = json.dumps(schema(), ensure_ascii=False, indent=2)
    else:
        inputs = card_inputs(args.paths) if args.paths else CardInputs([str(library_path())], False, 0)
        records = []
        for card in compile_inputs(inputs):          # one broken card is one record with its diagnostics
            build = build_of(card)
            records.append(card_record(card, build.definition, build.lowering))
        text = json.dumps(document(records), ensure_ascii=False, indent=None if args.compact else 1)
        if inputs.missing:
            _write(text, args.out)
            return 2
    _write(text, args.out)
    return 0


def _write(text: str, where: str | None) -> None:
    if where is None:
        out(text)
        return
    Path(where).write_text(text + "\n", encoding="utf-8")
    err(f"written to {where}")


def register(sub: Any) -> None:
    e = sub.add_parser("export", help="every compiled card as JSON for tool builders (header, text, reading, the "
                                       "typed effects, diagnostics)")
    e.add_argument("paths", nargs="*", metavar="PATH",
                   help="card files and folders (default: the bundled library); - reads a card on standard input")
    e.add_argument("--format", choices=("json",), default="json", help="the output format (JSON)")
    e.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output")
    e.add_argument("--compact", action="store_true", help="no indentation")
    e.add_argument("--schema", action="store_true", help="print the JSON Schema of the export instead")
    add_cache_option(e, cached=False)
    e.set_defaults(func=run)
