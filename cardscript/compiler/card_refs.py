"""Naming a card: by its title (``Hulk V1``) or by its printed code (``BSUM 20/100``), the code winning ties.

A printed card is identified by its code: name and version do not identify it (the development corpus prints six
titles -- Homem-Aranha V1, Gavião Arqueiro V1, Nova V1, Destruidor V1, Miss Marvel V1, Motoqueiro Fantasma V1 -- on
two or three different cards each, and the BSGC/BSAQ corpus a seventh, Prodígio V1). Everything that names a card
(a deck line, a log's decks, a scenario file, a library lookup) goes through :class:`CardIndex`:

* a code matches without regard to case, accents and blanks around ``/``, with or without the year some codes
  carry (``BSOS 99/100`` is ``(2015) BSOS 99/100``);
* a title matches without regard to case and accents (``1 mjolnir v1``); a title that several cards of the
  library carry is **ambiguous**: :meth:`CardIndex.find` answers the candidates, never one of them, and the
  caller reports them (their codes and files) with a hint to write the code.

Cards are :class:`~cardscript.compiler.ir.CardDef` values; ``files`` (a card -> its file) lets messages name
where each candidate comes from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from cardscript.compiler.ir import CardDef
from cardscript.compiler.vocabulary import fold_key

__all__ = ["CODE_PATTERN", "CardIndex", "Found", "candidates_text", "code_key", "collection_of", "title_key"]

CODE_PATTERN = re.compile(r"(?:\(\d{4}\)\s*)?[A-Za-z]{2,6}(?:\s+[A-Za-z]{2,6})*\s*\d+\s*/\s*\d+")
"""A printed code as written in a deck or scenario file: ``BSUM 65/100``, ``(2017) BSCA DECK 47/66``."""

_YEAR = re.compile(r"^\(\d{4}\)\s*")
_DIGIT = re.compile(r"\d")


def code_key(code: str) -> str:
    """The folded form a code is matched by: no year, no blanks around ``/``, case and accents folded."""
    blanks_one = " ".join(_YEAR.sub("", code.strip()).split())      # linear whatever the text (no backtracking)
    return fold_key(blanks_one.replace(" /", "/").replace("/ ", "/"))


def title_key(title: str) -> str:
    """The folded form a title is matched by (case, accents and blanks around ``-`` folded)."""
    return fold_key(title)


def collection_of(code: str) -> str:
    """The collection of a printed code, folded: "(2015) BSOS 99/100" -> "bsos"."""
    text = _YEAR.sub("", code)
    digit = _DIGIT.search(text)                 # linear: no pattern that backtracks over a run of blanks
    return fold_key((text[:digit.start()] if digit else text).strip())


@dataclass(frozen=True)
class Found:
    """What a reference names: one card, or (an ambiguous title) the cards sharing it; neither: unknown."""

    card: CardDef | None = None
    candidates: tuple[CardDef, ...] = ()

    @property
    def ambiguous(self) -> bool:
        return len(self.candidates) > 1


def candidates_text(cards: Iterable[CardDef], file_of: Callable[[CardDef], str] | None = None) -> str:
    """``BSUM 19/100 (cardscript/games/battle_scenes/cards/bsum/homem-aranha-v1.card), (2014) BSMI 25/100 (...)``: each
    card's code (or
    "no code") and, when known, its file."""
    parts = []
    for card in cards:
        where = file_of(card) if file_of is not None else ""
        parts.append(f"{card.code or 'no printed code'}" + (f" ({where})" if where else ""))
    return ", ".join(parts)


class CardIndex:
    """Titles and codes of a set of cards, folded, for :meth:`find`; the titles several cards share."""

    def __init__(self, cards: Iterable[CardDef] = ()) -> None:
        self.by_code: dict[str, CardDef] = {}
        self.by_title: dict[str, list[CardDef]] = {}
        self.by_name: dict[str, list[CardDef]] = {}
        for card in dict.fromkeys(cards):             # distinct, in order
            self.add(card)

    def add(self, card: CardDef) -> None:
        """Index one more card; a card of a printed code already indexed under its title is the same card."""
        sharing = self.by_title.setdefault(title_key(card.title), [])
        if not any(o is card or o == card or (o.code and o.code == card.code) for o in sharing):
            sharing.append(card)
        if card.code:
            self.by_code.setdefault(code_key(card.code), card)
        versions = self.by_name.setdefault(fold_key(card.name), [])
        if card not in versions:
            versions.append(card)

    def ambiguous_titles(self) -> dict[str, tuple[CardDef, ...]]:
        """Each title that names more than one card of the index: title -> those cards."""
        return {cards[0].title: tuple(cards) for cards in self.by_title.values() if len(cards) > 1}

    def find(self, ref: str) -> Found:
        """The card ``ref`` names: a printed code first (``BSUM 65/100``), then a title; an ambiguous title gives
        its candidates and no card."""
        text = ref.strip()
        if CODE_PATTERN.fullmatch(text):
            card = self.by_code.get(code_key(text))
            if card is not None:
                return Found(card)
        sharing = self.by_title.get(title_key(text), [])
        if len(sharing) == 1:
            return Found(sharing[0])
        return Found(None, tuple(sharing))
