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

from cardscript.grammar.normalize import fold_text

NAME_KINDS = ("card", "action", "alter_ego", "affiliation")

# an abbreviation ("S.H.I.E.L.D.") first, else a capitalised word
_CAP_WORD = re.compile(r"(?:[A-ZÀ-Ý](?:\.[A-ZÀ-Ý])+\.?|[A-ZÀ-Ý0-9][\w'\-]*\.?)", re.UNICODE)
_CONNECTOR = re.compile(r" (?:de|da|do|das|dos|del|von|van|di|o|a|se) (?=[A-ZÀ-Ý0-9])")


@dataclass
class NameRegistry:
    """Known names by kind; ``match`` finds the longest known name at a position."""

    by_kind: dict[str, dict[str, str]] = field(default_factory=lambda: {k: {} for k in NAME_KINDS})
    _first_word: dict[str, list[str]] = field(default_factory=dict)

    def add(self, kind: str, name: str) -> None:
        name = name.strip()
        if not name:
            return
        folded = fold_text(name)
        self.by_kind.setdefault(kind, {})[folded] = name
        first = folded.split(" ", 1)[0]
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

    def match_known(self, folded: str, pos: int) -> int:
        """Length of the longest known name starting at ``pos`` of a folded text (0 if none)."""
        m = re.match(r"[^\s,:;()]+", folded[pos:])
        if not m:
            return 0
        word = m.group(0)
        candidates = self._first_word.get(word, [])
        # a first word that ends the sentence ("Thor.") or is an abbreviation ("s.h.i.e.l.d.")
        while not candidates and word and word[-1] in ".!?":
            word = word[:-1]
            candidates = self._first_word.get(word, [])
        for cand in candidates:
            if folded.startswith(cand, pos):
                end = pos + len(cand)
                if end == len(folded) or not (folded[end].isalnum() or folded[end] in "-'"):
                    return len(cand)
        return 0


def match_name_shape(text: str, pos: int) -> int:
    """Length of a name-shaped run at ``pos``: capitalised words, joined by name connectors."""
    m = _CAP_WORD.match(text, pos)
    if not m:
        return 0
    end = m.end()
    while True:
        nxt = re.compile(r" (?=[A-ZÀ-Ý0-9])").match(text, end) or _CONNECTOR.match(text, end)
        if not nxt:
            break
        w = _CAP_WORD.match(text, nxt.end())
        if not w:
            break
        end = w.end()
    # a trailing period belongs to the name only for abbreviations like S.H.I.E.L.D.
    if text[end - 1] == "." and not re.search(r"(?:^|[\s.])[A-ZÀ-Ý]\.$|[A-ZÀ-Ý]\.[A-ZÀ-Ý]\.$", text[pos:end]):
        end -= 1
    return end - pos
