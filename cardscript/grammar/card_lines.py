"""The card file's lines read by hand: what the LALR parser of ``card_file.lark`` gives for every file it accepts,
without building a parse tree (issue 12: the grammar's parse was the largest part of reading a card file).

The grammar is line-structured: a line is blank (``_NL``), a comment (``#`` in column 1), an indented body line
(``INDENT`` then ``ACTION_FIELD_KEY COLON VALUE?`` or ``TEXT``) or a head (``PERMANENT`` / ``ACTION_KEY`` / ``KEY``
then ``COLON VALUE?``, else ``BARE``). The terminals are the grammar's own regular expressions (read from the
grammar file, so the two never drift apart), tried at the same offsets and in the same priority order as Lark's
contextual lexer does. The one thing the grammar rejects -- an indented line before the first head -- makes
:func:`scan` answer ``None``, and the caller parses with Lark, which reports it.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import NamedTuple

GRAMMAR_PATH = Path(__file__).with_name("card_file.lark")

Range = tuple[int, int]       # [start, end) in the lexed text (the file's offsets)


class BodyLine(NamedTuple):
    """An indented line: ``INDENT`` and either a field (``key``, ``value``) or ``text``."""

    indent: Range
    key: Range | None
    value: Range | None
    text: Range | None


class HeadLine(NamedTuple):
    """An unindented line and the indented lines under it; ``kind`` as the grammar's head aliases."""

    kind: str                 # "field" | "permanent" | "action" | "bare"
    key: Range
    value: Range | None
    bodies: list[BodyLine]


_TERMINAL = re.compile(r"^(?P<name>[A-Z_]+)(?:\.\d+)?:\s*/(?P<rx>(?:[^/\\\n]|\\.)*)/(?P<flags>[im]*)\s*$", re.M)


@functools.lru_cache(maxsize=1)
def _terminals() -> dict[str, re.Pattern[str]]:
    """The grammar's terminals, compiled as Lark compiles them (``m``: multi-line)."""
    out: dict[str, re.Pattern[str]] = {}
    for m in _TERMINAL.finditer(GRAMMAR_PATH.read_text(encoding="utf-8")):
        flags = (re.M if "m" in m.group("flags") else 0) | (re.I if "i" in m.group("flags") else 0)
        out[m.group("name")] = re.compile(m.group("rx"), flags)
    return out


def scan(lex: str) -> list[HeadLine] | None:
    """The heads of ``lex`` (``card_file._lex_text``: folded, ending with a newline) with their body lines, as the
    grammar's parse tree has them; ``None`` when the grammar rejects the text (an indented line before the first
    head). Each terminal is matched where Lark's lexer would match it, so the offsets are the tokens'."""
    t = _terminals()
    nl, indent, field_key, colon, value = t["_NL"], t["INDENT"], t["ACTION_FIELD_KEY"], t["COLON"], t["VALUE"]
    heads_rx = (("permanent", t["PERMANENT"]), ("action", t["ACTION_KEY"]), ("field", t["KEY"]))
    heads: list[HeadLine] = []
    pos, n = 0, len(lex)
    while pos < n:
        end = lex.index("\n", pos)
        first = lex[pos]
        if first == "#" or nl.match(lex, pos):          # a comment (ignored) or a blank line
            pos = end + 1
            continue
        m = indent.match(lex, pos)
        if m is not None:                                # INDENT (ACTION_FIELD_KEY COLON VALUE? | TEXT)
            if not heads:
                return None                              # the grammar's one error: Lark reports it
            at = m.end()
            k = field_key.match(lex, at)
            if k is not None:
                heads[-1].bodies.append(BodyLine((pos, at), (at, k.end()), _value(lex, colon, value, k.end()),
                                                 None))
            else:
                heads[-1].bodies.append(BodyLine((pos, at), None, None, (at, end)))
            pos = end + 1
            continue
        for kind, rx in heads_rx if lex.find(":", pos, end) >= 0 else ():
            h = rx.match(lex, pos)
            if h is not None:
                heads.append(HeadLine(kind, (pos, h.end()), _value(lex, colon, value, h.end()), []))
                break
        else:
            heads.append(HeadLine("bare", (pos, end), None, []))   # BARE: the whole line
        pos = end + 1
    return heads


def _value(lex: str, colon: re.Pattern[str], value: re.Pattern[str], at: int) -> Range | None:
    """``COLON VALUE?`` after a key ending at ``at`` (the key's look-ahead guarantees the colon)."""
    c = colon.match(lex, at)
    assert c is not None
    v = value.match(lex, c.end())
    return (c.end(), v.end()) if v is not None else None
