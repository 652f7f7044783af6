"""Random legal decks from any folder of card files (``cardscript simulate --random-decks``).

A card designer's question is "does each card I wrote work in a match?": random decks put every card of a
folder into matches without anyone writing a deck file, and the simulation names the cards whose procedures
fail (docs/simulation.md).

The pool (:func:`card_pool`) is the folder's cards that compile clean and whose lowering the engine can execute
(:attr:`cardscript.games.battle_scenes.runtime.library.LibraryCard.executable`, i.e. ``CardDef.executable``). A deck
counts its
copies by title, so the pool holds one card per title: when several files share a title (the corpus prints six
titles on two or three different cards), the first file in path order is used and the others are listed in
:attr:`CardPool.shadowed`.

A deck (:func:`build_deck`) is legal by construction -- ``check_cards(deck) == []``:

* :data:`~cardscript.games.battle_scenes.runtime.deck.DECK_SIZE` (40) cards; the rulebook states no deck size, 40 is the
size of the
  bundled decks;
* at most the card's copy limit of each title: 3, or what its RULE statics say (Item Único: 1 -- rules 7 and the
  glossary; :func:`cardscript.games.battle_scenes.runtime.rules.copy_limit`);
* the rulebook asks nothing else of a deck. For matches worth playing, 18 of the 40 cards are characters (the
  bundled decks' share) when the pool allows it, else as many as it has, and characters fill what the other
  cards cannot.

How a deck is drawn: the pool's characters, then its other cards, each in a random order; every card taken gets
1 to its copy limit copies (no more than what is left to fill); should the distinct cards run out first, copies
are added up to each card's limit in the same order. Everything comes from one ``random.Random``, so a seed
gives the same decks whatever order the pool was listed in (it is sorted by title first).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cardscript.compiler.ir import CardDef
from cardscript.games.battle_scenes.runtime.deck import DECK_SIZE, check_cards
from cardscript.games.battle_scenes.runtime.rules import DEFAULT_DECK_COPIES, copy_limit

# the library (and the compiler with it) is imported only where a pool is read from files: a simulation's worker
# builds its decks from compiled cards
if TYPE_CHECKING:
    from cardscript.games.battle_scenes.runtime.library import LibraryCard

__all__ = ["CHARACTERS", "CardPool", "PoolCard", "PoolTooSmall", "build_deck", "card_pool", "deck_entries",
           "random_decks"]

CHARACTERS = 18
"""Character cards in a random deck of :data:`DECK_SIZE` (the bundled decks have 18 of 40), when the pool allows."""


class PoolTooSmall(ValueError):
    """The pool's cards cannot make a legal deck: too few copies allowed in all."""


@dataclass(frozen=True)
class PoolCard:
    """A card of the pool: its definition, its file, and its copy limit with what set it."""

    definition: CardDef
    path: str
    limit: int
    reason: str


@dataclass(frozen=True)
class CardPool:
    """The executable cards of a folder, one per title, sorted by title; and how many files were read."""

    cards: tuple[PoolCard, ...]
    files: int                        # card files read
    compiled: int                     # of those, compiled clean and lowered
    shadowed: tuple[str, ...] = ()    # executable files left out: an earlier file has the same title

    @property
    def capacity(self) -> int:
        """The most cards a legal deck could hold from this pool (every card at its copy limit)."""
        return sum(c.limit for c in self.cards)

    @property
    def definitions(self) -> list[CardDef]:
        return [c.definition for c in self.cards]

    def path_of(self, title: str) -> str:
        """The file of the pool's card titled ``title`` ("" if none)."""
        return next((c.path for c in self.cards if c.definition.title == title), "")


def card_pool(paths: Iterable[str | Path] | None = None, *,
              entries: Iterable[LibraryCard] | None = None) -> CardPool:
    """The executable cards of ``paths`` (default: the bundled library), or of the library files ``entries``
    (``MergedLibrary.folder_entries()``: the ``--library`` folders' cards), one per title (the first by path)."""
    from cardscript.games.battle_scenes.runtime.library import library_cards

    entries = sorted(library_cards(paths) if entries is None else entries, key=lambda e: e.path)
    chosen: dict[str, PoolCard] = {}
    shadowed: list[str] = []
    for entry in entries:
        if not entry.executable or entry.definition is None:
            continue
        title = entry.definition.title
        if title in chosen:
            shadowed.append(entry.path)
            continue
        limit, reason = copy_limit(entry.definition)
        chosen[title] = PoolCard(entry.definition, entry.path, limit, reason)
    cards = tuple(sorted(chosen.values(), key=lambda c: c.definition.title))
    return CardPool(cards, files=len(entries), compiled=sum(1 for e in entries if e.clean and e.definition),
                    shadowed=tuple(shadowed))


def _distinct(cards: Iterable[CardDef]) -> list[tuple[CardDef, int]]:
    """One card per title (the first by title and code), with its copy limit; cards allowing no copy left out."""
    seen: dict[str, tuple[CardDef, int]] = {}
    for card in sorted(cards, key=lambda c: (c.title, c.code, c.card_type)):
        if card.title not in seen:
            seen[card.title] = (card, copy_limit(card)[0])
    return [(c, n) for c, n in seen.values() if n >= 1]


def _fill(cards: list[tuple[CardDef, int]], wanted: int, rng: random.Random) -> list[tuple[CardDef, int]]:
    """``wanted`` copies from ``cards`` (their total limit is at least ``wanted``): see the module docstring."""
    order = list(cards)
    rng.shuffle(order)
    counts: dict[str, int] = {}
    left = wanted
    for card, limit in order:
        if left == 0:
            break
        n = rng.randint(1, min(limit, left))
        counts[card.title] = n
        left -= n
    for card, limit in order:
        if left == 0:
            break
        extra = min(limit - counts.get(card.title, 0), left)
        if extra > 0:
            counts[card.title] = counts.get(card.title, 0) + extra
            left -= extra
    return [(card, counts[card.title]) for card, _ in order if card.title in counts]


def build_deck(cards: Sequence[CardDef], rng: random.Random, size: int = DECK_SIZE,
               characters: int | None = None) -> list[CardDef]:
    """A random legal deck of ``size`` cards from ``cards`` (one item per copy, sorted by title).

    ``characters``: how many character cards to aim for (default: :data:`CHARACTERS` of 40, scaled to ``size``).
    Raises :class:`PoolTooSmall` when the cards allow fewer than ``size`` copies in all."""
    pool = _distinct(cards)
    chars = [(c, n) for c, n in pool if c.is_character]
    others = [(c, n) for c, n in pool if not c.is_character]
    char_room, other_room = sum(n for _, n in chars), sum(n for _, n in others)
    if char_room + other_room < size:
        raise PoolTooSmall(f"{len(pool)} distinct cards allow at most {char_room + other_room} cards in a deck "
                           f"({DEFAULT_DECK_COPIES} copies of a card, fewer when the card says so: Item Único 1); "
                           f"a legal deck has {size}")
    aim = round(size * CHARACTERS / DECK_SIZE) if characters is None else characters
    n_chars = max(min(aim, char_room, size), size - other_room)
    chosen = _fill(chars, n_chars, rng) + _fill(others, size - n_chars, rng)
    deck = [card for card, n in sorted(chosen, key=lambda cn: cn[0].title) for _ in range(n)]
    problems = check_cards(deck, size)
    if problems:                                   # pragma: no cover - the construction above is legal
        raise AssertionError(f"a random deck broke the deck rules: {'; '.join(problems)}")
    return deck


def random_decks(cards: Sequence[CardDef], seed: int, size: int = DECK_SIZE) -> tuple[list[CardDef], list[CardDef]]:
    """The two decks of the match of ``seed``: side A's, then side B's, from one generator seeded by ``seed``
    alone (so ``simulate --seed S --games 1`` and ``play --seed S`` rebuild the decks of game ``S``)."""
    rng = random.Random(f"cardscript random decks {seed}")
    return build_deck(cards, rng, size), build_deck(cards, rng, size)


def deck_entries(deck: Sequence[CardDef]) -> list[tuple[str, int]]:
    """``[(title, copies), ...]`` of a deck, in deck order: the lines of its ``.deck`` file."""
    counts: dict[str, int] = {}
    for card in deck:
        counts[card.title] = counts.get(card.title, 0) + 1
    return list(counts.items())
