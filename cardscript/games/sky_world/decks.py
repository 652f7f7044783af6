"""Sky World deck files (manual, "Sua primeira partida": "Cada deck tem 50 cartas e um Herói").

    # Deck: Aurora
    Herói: Morteus da Reserva
    10 Nina
    8 Elyra

A ``Herói:`` line names the deck's Herói; every other line is ``<copies> <title>`` of a card of the library. ``#``
starts a comment. Problems are located diagnostics (the core's deck codes), never an exception; a deck that has
any is not built.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from cardscript.core import diagnostics as dg
from cardscript.core.diagnostics import Diagnostic, did_you_mean
from cardscript.core.normalize import fold_text
from cardscript.core.source import SourceFile, Span
from cardscript.games.sky_world.ir import SkyCard

DECK_SIZE = 50
_COUNT = re.compile(r"(\d{1,3})\s+(\S.*)$")
_HERO = re.compile(r"her[oó]i\s*:\s*(.*)$", re.IGNORECASE)


@dataclass(frozen=True)
class DeckList:
    """A deck as read: its Herói and its cards, by the library's cards."""

    name: str
    hero: SkyCard
    cards: tuple[SkyCard, ...]


def read_deck_list(source: SourceFile, library: Mapping[str, SkyCard], size: int = DECK_SIZE,
                   not_run: Collection[str] = ()) -> tuple[DeckList | None, list[Diagnostic]]:
    """The deck of ``source`` from the cards of ``library`` (by title), or None with its diagnostics; ``not_run``:
    the library's cards whose text the engine does not run yet (named as such, not as unknown)."""
    by_key = {fold_text(title): card for title, card in library.items()}
    waiting = {fold_text(title): title for title in not_run}
    diags: list[Diagnostic] = []
    hero: SkyCard | None = None
    cards: list[SkyCard] = []

    def problem(code: str, message: str, at: int, length: int, hint: str | None = None) -> None:
        diags.append(Diagnostic(code, message, Span(at, at + max(length, 1)), source, hint))

    for number in range(1, source.line_count + 1):
        line = source.line_text(number).split("#", 1)[0].rstrip()
        body = line.lstrip()
        if not body:
            continue
        at = source.line_start(number) + len(line) - len(body)
        hero_line = _HERO.match(body)
        count = None if hero_line is not None else _COUNT.match(body)
        title = hero_line.group(1).strip() if hero_line is not None else count.group(2).strip() if count else ""
        if not title:
            problem(dg.E_DECK_LINE, "a deck line is `Herói: <title>` or `<copies> <title>`", at, len(body),
                    "e.g. `Herói: Morteus da Reserva` or `10 Nina`")
            continue
        title_at = at + body.index(title)
        card = by_key.get(fold_text(title))
        if card is None and fold_text(title) in waiting:
            problem(dg.E_DECK_CARD, f"`{waiting[fold_text(title)]}`: the engine does not run its text yet", title_at,
                    len(title), "`cardscript check` on its card file says which paragraph and why")
            continue
        if card is None:
            sugg = did_you_mean(title, list(library))
            problem(dg.E_DECK_CARD, f"no Sky World card `{title}` in the library", title_at, len(title),
                    f"did you mean `{sugg}`?" if sugg else "the library is cardscript/games/sky_world/cards/")
            continue
        if hero_line is not None:
            if hero is not None:
                problem(dg.E_DECK_LINE, "a second `Herói:` line", at, len(body), "a deck has one Herói")
            elif not card.is_hero:
                problem(dg.E_DECK_CARD, f"`{card.title}` is not a Herói", title_at, len(title))
            else:
                hero = card
            continue
        assert count is not None
        if card.is_hero:
            problem(dg.E_DECK_CARD, f"`{card.title}` is a Herói: it goes on the `Herói:` line", title_at,
                    len(title))
            continue
        copies = int(count.group(1))
        if copies == 0:
            problem(dg.E_DECK_LINE, "a count of 0 copies", at, len(count.group(1)))
            continue
        cards.extend([card] * copies)
    if hero is None and not diags:
        problem(dg.E_DECK_LINE, "the deck has no `Herói:` line", 0, 0, "a Sky World deck has 50 cards and a Herói")
    if len(cards) != size and not diags:
        problem(dg.E_DECK_COPIES, f"{len(cards)} cards: a Sky World deck has {size} and a Herói", 0, 0)
    if diags or hero is None:
        return None, diags
    return DeckList(source.path, hero, tuple(cards)), []
