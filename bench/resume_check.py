"""How far the parser's resumption can be trusted (issue 13, part 3; compiler/pipeline._later_failures): for every
paragraph of a folder of card files that parses whole, the rest of it from each sentence start (the resumption's
boundaries) is parsed alone; a failure there would be a false diagnostic after a real one.

    python bench/resume_check.py DIR        # e.g. a corpus translated with cardscript translate

Prints how many of those suffixes parse and the first that do not.
"""

from __future__ import annotations

import sys

from cardscript.compiler.files import card_files
from cardscript.compiler.pipeline import _SENTENCE_START, names_from_headers
from cardscript.core.source import SourceFile
from cardscript.grammar.card_file import read_card_file
from cardscript.grammar.parser import ParseFailure, parse_paragraph


def main(folder: str) -> int:
    raws = []
    for path in card_files([folder]):
        raw, _ = read_card_file(SourceFile(str(path), path.read_text(encoding="utf-8")))
        if raw is not None:
            raws.append(raw)
    names = names_from_headers(raws)
    ok, failed = 0, []
    for raw in raws:
        for para in [*(raw.permanent or ()), *raw.action_text]:
            if isinstance(parse_paragraph(para.text, names), ParseFailure):
                continue
            for m in _SENTENCE_START.finditer(para.text):
                if para.text.count('"', 0, m.end()) % 2:
                    continue                                  # inside a quotation: not a boundary
                rest = para.text[m.end():]
                if isinstance(parse_paragraph(rest, names), ParseFailure):
                    failed.append(rest[:100])
                else:
                    ok += 1
    print(f"{len(raws)} cards: {ok} of {ok + len(failed)} sentence starts parse on their own")
    for text in failed[:20]:
        print(f"  does not: {text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
