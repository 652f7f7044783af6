"""The Sky World library: its card files compiled and lowered, its demo decks read (issue 14, part 3)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from cardscript.compiler.files import read_source
from cardscript.core.diagnostics import Diagnostic
from cardscript.core.source import SourceFile
from cardscript.games.sky_world.decks import DeckList, read_deck_list
from cardscript.games.sky_world.ir import SkyCard
from cardscript.games.sky_world.pack import LIBRARY, sky_card

DECKS = Path(__file__).with_name("decks")
DEMO_DECKS = ("aurora", "flor")


@lru_cache(maxsize=4)
def library(folder: str = str(LIBRARY)) -> tuple[dict[str, SkyCard], tuple[str, ...]]:
    """Every card of ``folder`` the engine runs, by title, and the titles of those it does not (yet) run."""
    runs: dict[str, SkyCard] = {}
    not_run: list[str] = []
    for path in sorted(Path(folder).glob("*.card")):
        source = read_source(path)
        if not isinstance(source, SourceFile):
            continue
        card, compiled = sky_card(source)
        if card is None:
            continue
        if compiled.runs:
            runs[card.title] = card
        else:
            not_run.append(card.title)
    return runs, tuple(not_run)


def read_deck(path: str | Path) -> tuple[DeckList | None, list[Diagnostic]]:
    """A deck file of the library's cards that the engine runs (a card it does not run is an unknown card)."""
    source = read_source(Path(path))
    if not isinstance(source, SourceFile):
        return None, [source]
    cards, not_run = library()
    return read_deck_list(source, cards, not_run=not_run)


def demo_deck_path(name: str) -> Path:
    return DECKS / f"{name}.deck"
