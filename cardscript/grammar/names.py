"""Open vocabulary: names of cards, actions, alter egos and affiliations.

The grammar reads a name as one ``NAME`` token. Names are taken from the card headers being
checked and from the library (language.md: "Affiliations, card names, alter egos and action names
are open"). A known name is matched longest-first, without regard to case or accents; text that is
not a known name but looks like one (capitalised words joined by ``de``/``da``/``do``...) is still
read as a name, and the compiler warns about it with "did you mean".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from cardscript.core.normalize import fold_text

NAME_KINDS = ("card", "action", "alter_ego", "affiliation")

# an abbreviation ("S.H.I.E.L.D.", "N/A": two capitals around a slash) first, else a capitalised word
_CAP_WORD = re.compile(r"(?:[A-ZÀ-Ý](?:\.[A-ZÀ-Ý])+\.?|[A-ZÀ-Ý]/[A-ZÀ-Ý](?![\w/])|[A-ZÀ-Ý0-9][\w'\-]*\.?)", re.UNICODE)
# an exclamation closes a name of several capitalised words, commas allowed: "Avante, Vingadores!"
_EXCLAMATION = re.compile(r"(?:,? [A-ZÀ-Ý][\w'\-]*)*!", re.UNICODE)
# a word as the sentence lexer reads it (letters and digits, joined by hyphens or apostrophes)
WORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*", re.UNICODE)
_CONNECTOR = re.compile(r" (?:de|da|do|das|dos|del|von|van|di|o|a|se|à|às|ao|aos) (?=[A-ZÀ-Ý0-9])")


@dataclass
class NameRegistry:
    """Known names by kind; ``match`` finds the longest known name at a position."""

    by_kind: dict[str, dict[str, str]] = field(default_factory=lambda: {k: {} for k in NAME_KINDS})
    _first_word: dict[str, list[str]] = field(default_factory=dict)
    # the WORD each first word above opens with, and how many first words there were when it was made (first words
    # are only ever added): see lead_word_may_start
    _leads: tuple[int, frozenset[str]] | None = field(default=None, repr=False, compare=False)

    def add(self, kind: str, name: str) -> None:
        name = name.strip()
        if not name:
            return
        folded = fold_text(name)
        self.by_kind.setdefault(kind, {})[folded] = name
        first = _first_word(folded)
        bucket = self._first_word.setdefault(first, [])
        if folded not in bucket:
            bucket.append(folded)
            bucket.sort(key=len, reverse=True)

    def add_all(self, kind: str, names: Iterable[str]) -> None:
        for n in names:
            self.add(kind, n)

    def merged(self, other: NameRegistry) -> NameRegistry:
        out = NameRegistry()
        for reg in (self, other):
            for kind, names in reg.by_kind.items():
                out.add_all(kind, names.values())
        return out

    def kinds_of(self, name: str) -> list[str]:
        folded = fold_text(name)
        return [k for k, names in self.by_kind.items() if folded in names]

    def all_names(self, kind: str | None = None) -> list[str]:
        if kind is None:
            return [n for names in self.by_kind.values() for n in names.values()]
        return list(self.by_kind.get(kind, {}).values())

    def lead_word_may_start(self, word: str) -> bool:
        """May a known name start where the folded text's WORD at a position is ``word``? When not, ``match_known``
        there is 0: the first word it looks up (up to a space or ",:;()", less a final ".!?") opens with that WORD.
        """
        return word in self.lead_words()

    def lead_words(self) -> frozenset[str]:
        """The WORDs :meth:`lead_word_may_start` says yes to, as they are now (the sentence lexer takes them once a
        paragraph: no name is added while one is parsed)."""
        leads = getattr(self, "_leads", None)       # (a registry pickled before it had them)
        if leads is None or leads[0] != len(self._first_word):
            words = frozenset(m.group(0) for m in map(WORD.match, self._first_word) if m)
            leads = self._leads = (len(self._first_word), words)
        return leads[1]

    def match_known(self, folded: str, pos: int) -> int:
        """Length of the longest known name starting at ``pos`` of a folded text (0 if none)."""
        word = _first_word(folded, pos)
        if not word:
            return 0
        candidates = self._first_word.get(word, [])
        # a first word that ends the sentence ("Thor.") or is an abbreviation ("s.h.i.e.l.d.")
        while not candidates and word and word[-1] in ".!?":
            word = word[:-1]
            candidates = self._first_word.get(word, [])
        for cand in candidates:
            if folded.startswith(cand, pos):
                end = pos + len(cand)
                if end == len(folded) or not (folded[end].isalnum() or folded[end] in "-'"):
                    # "Avante, Vingadores!" (a card) beside "Avante, Vingadores" (an action): an
                    # exclamation mark right after a name belongs to it
                    return len(cand) + (1 if folded[end:end + 1] == "!" else 0)
        return 0


_ABBREVIATION = re.compile(r"[A-ZÀ-Ý](?:\.[A-ZÀ-Ý])+\.?$")
_QUANTITY = re.compile(r"[\dX][\dX+\-]*$")          # "8-X", "X-1", "2": quantities, never names
_KEYWORD_INITIALS = frozenset("CcEeAaPpLlIi")     # first letters of the keywords below (a quick test)
# the characters a _CAP_WORD starts with ([A-ZÀ-Ý0-9])
_NAME_INITIALS = frozenset([chr(c) for c in range(ord("A"), ord("Z") + 1)] + [chr(c) for c in range(0xC0, 0xDE)]
                           + list("0123456789"))
_KEYWORD_START = re.compile(r"(?:clarividencia|energia cosmica|acao unica|pelotao|liderar|atrasar|potencializar"
                            r"|prontidao|item unico|item magico)\b")


_FIRST_WORD = re.compile(r"[^\s,:;()]+")


def _first_word(folded: str, pos: int = 0) -> str:
    """The first word of a (folded) text at ``pos``, as names are indexed: up to a space or a ",:;()"
    ("vai, lockheed!" is found under "vai"). Matched in place: no copy of the rest of the text."""
    m = _FIRST_WORD.match(folded, pos)
    return m.group(0) if m else ""


def match_name_shape(text: str, pos: int) -> int:
    """Length of a name-shaped run at ``pos``: capitalised words, joined by name connectors.

    A run never starts with a keyword, never takes a quantity (``8-X``) as a word, and ends at a word
    that ends in a period unless the word is an abbreviation (``S.H.I.E.L.D.``), so a name-shaped run
    never swallows the next sentence. A run closed by "!" may also hold commas ("Avante, Vingadores!").
    """
    if text[pos:pos + 1] not in _NAME_INITIALS:
        return 0                                   # no _CAP_WORD starts here
    if text[pos:pos + 1] in _KEYWORD_INITIALS and _KEYWORD_START.match(fold_text(text[pos:pos + 16])):
        return 0
    m = _CAP_WORD.match(text, pos)
    if not m or _QUANTITY.match(m.group(0)):
        return 0
    end = m.end()
    while not (text[end - 1] == "." and not _ABBREVIATION.match(text[m.start():end])):
        nxt = re.compile(r" (?=[A-ZÀ-Ý0-9])").match(text, end) or _CONNECTOR.match(text, end)
        if not nxt:
            break
        m = _CAP_WORD.match(text, nxt.end())
        if not m or _QUANTITY.match(m.group(0)):
            break
        end = m.end()
    exclaim = _EXCLAMATION.match(text, end)
    if exclaim and text[end - 1] != ".":
        return exclaim.end() - pos
    # a trailing period belongs to the name only for abbreviations like S.H.I.E.L.D.
    if text[end - 1] == "." and not re.search(r"(?:^|[\s.])[A-ZÀ-Ý]\.$|[A-ZÀ-Ý]\.[A-ZÀ-Ý]\.$", text[pos:end]):
        end -= 1
    return end - pos
