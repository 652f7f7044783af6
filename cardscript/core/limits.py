"""The bounds on what the compiler reads and prints, so that any input is answered in linear time and bounded
output (docs/reliability.md).

Real cards are far inside them: the longest card file of the library has 1,502 characters, the longest
paragraph of both corpora 545 and the longest card text 695. Past a bound the input is not read further and
one located diagnostic says which bound it crossed; the rest of the file and the other files are still read.

* :data:`MAX_FILE_CHARS`: a card file or a keyword file (``.kw``) longer than this is not read (CS002);
* :data:`MAX_PARAGRAPH_CHARS`: a longer paragraph of card text is not parsed (CS105);
* :data:`MAX_TEXT_CHARS`: the paragraphs of a card past this many characters of card text are not parsed
  (CS105, once); nor are those after :data:`MAX_PER_FILE` paragraphs that did not parse (CS005, once);
* :data:`MAX_DIGITS`: a number of more digits (card text, versions, deck counts) is refused (CS106), never
  reaching Python's own limit on converting long digit strings;
* :data:`MAX_PER_LINE` / :data:`MAX_PER_FILE`: the diagnostics kept for one line and for one file; the rest
  are counted in one note (CS005, "... and K more");
* :data:`ECHO_WIDTH`: the characters of a source line a diagnostic echoes, a window around its caret.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from cardscript.core import diagnostics as dg
from cardscript.core.diagnostics import ECHO_WIDTH, Diagnostic
from cardscript.core.source import Span

__all__ = ["ECHO_WIDTH", "MAX_DIGITS", "MAX_FILE_CHARS", "MAX_PARAGRAPH_CHARS", "MAX_PER_FILE", "MAX_PER_LINE",
           "MAX_TEXT_CHARS", "bound_diagnostics", "long_number"]

MAX_FILE_CHARS = 32_768
MAX_PARAGRAPH_CHARS = 2_000
MAX_TEXT_CHARS = 6_000
MAX_DIGITS = 4
MAX_PER_LINE = 3
MAX_PER_FILE = 50

_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")


def long_number(text: str) -> re.Match[str] | None:
    """The first run of more than :data:`MAX_DIGITS` digits in ``text``, if any."""
    return _LONG_NUMBER.search(text)


def bound_diagnostics(diags: Sequence[Diagnostic]) -> list[Diagnostic]:
    """At most :data:`MAX_PER_LINE` diagnostics of one line and :data:`MAX_PER_FILE` of one file, in their
    order; errors are kept before warnings and notes. What is left out is counted in one CS005 note at the
    first diagnostic left out ("... and K more")."""
    if len(diags) <= MAX_PER_LINE and len({d.source.path for d in diags}) <= 1:
        return list(diags)
    rank = {dg.Severity.ERROR: 0, dg.Severity.WARNING: 1, dg.Severity.NOTE: 2}
    order = sorted(range(len(diags)), key=lambda i: rank[diags[i].severity])
    per_line: Counter[tuple[str, int]] = Counter()
    per_file: Counter[str] = Counter()
    kept: set[int] = set()
    for i in order:
        d = diags[i]
        line = d.location()[0]
        if per_line[(d.source.path, line)] >= MAX_PER_LINE or per_file[d.source.path] >= MAX_PER_FILE:
            continue
        per_line[(d.source.path, line)] += 1
        per_file[d.source.path] += 1
        kept.add(i)
    if len(kept) == len(diags):
        return list(diags)
    out = [d for i, d in enumerate(diags) if i in kept]
    left: dict[str, list[Diagnostic]] = {}
    for i, d in enumerate(diags):
        if i not in kept:
            left.setdefault(d.source.path, []).append(d)
    for dropped in left.values():
        first = dropped[0]
        errors = sum(1 for d in dropped if d.severity is dg.Severity.ERROR)
        out.append(Diagnostic(
            dg.N_MORE, f"... and {len(dropped)} more diagnostic(s) in this file ({errors} error(s)) not shown",
            Span(first.span.start, first.span.start), first.source,
            hint=f"at most {MAX_PER_LINE} per line and {MAX_PER_FILE} per file are shown; fix these first"))
    return out
