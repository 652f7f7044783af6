"""``cardscript rulings CORPUS.jsonl... [--card CODE_OR_TITLE] [--json]``: the official rulings of a corpus, one
by one, each with the name its scenario file takes (``tests/rulings/<ident>.scn``, docs/rulings.md).

A line that is not a card record is ``FILE:LINE: why`` on standard error and the rest still listed (exit 1);
a file that cannot be read is exit 2."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from cardscript.tools.common import err, out


def run(args: argparse.Namespace) -> int:
    from cardscript.compiler.card_refs import code_key, title_key
    from cardscript.compiler.rulings import corpus_rulings
    from cardscript.compiler.textfile import UnreadableFile, read_bytes
    from cardscript.compiler.translate import RecordError, read_corpus
    from cardscript.compiler.vocabulary import fold_key

    status = 0
    wanted = fold_key(args.card) if args.card else None
    found: list[dict[str, Any]] = []
    for file in args.corpus:
        try:
            data = read_bytes(Path(file), "corpus file", nul_ok=True)
        except UnreadableFile as exc:
            err(str(exc))
            return 2
        records = []
        for number, rec in read_corpus(data):
            if isinstance(rec, RecordError):
                err(f"{file}:{number}: {rec}")
                status = 1
                continue
            records.append(rec)
        for ruling in corpus_rulings(records):
            if wanted is not None and code_key(args.card) != code_key(ruling.code) and \
                    wanted not in (title_key(ruling.title), fold_key(ruling.ident.rsplit("-", 1)[0])):
                continue
            found.append({"ident": ruling.ident, "code": ruling.code, "title": ruling.title,
                          "number": ruling.number, "text": ruling.text, "corpus": file})
    if args.json:
        out(json.dumps(found, ensure_ascii=False, indent=2))
    else:
        for r in found:
            out(f"== {r['ident']}  ({r['code']} {r['title']}, ruling {r['number']})")
            out("\n".join(f"   {line}" for line in r["text"].splitlines()))
        out(f"{len(found)} rulings of {len({r['ident'].rsplit('-', 1)[0] for r in found})} cards")
    if args.card and not found:
        err(f"cardscript: no ruling of '{args.card}' in {', '.join(args.corpus)} (give a printed code such as "
            f"'BSUM 65/100' or a title such as 'Mjölnir V1')")
        return 1
    return status


def register(sub: Any) -> None:
    r = sub.add_parser("rulings", help="list the official rulings of a corpus, numbered per card, with the name "
                                       "of each one's scenario file")
    r.add_argument("corpus", nargs="+", metavar="CORPUS.jsonl")
    r.add_argument("--card", help="only this card's rulings (a printed code or a title)")
    r.add_argument("--json", action="store_true")
    r.set_defaults(func=run)
