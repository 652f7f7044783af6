"""The card library as the engine uses it: compiled and lowered card definitions, and decks.

:func:`load_library` compiles the bundled ``cardscripts/`` (or given paths) and lowers every card that
compiles (parsed and bound) into a :class:`CardDef`, keyed by title ("Blob V1") and by printed code.
:func:`load_deck` reads a ``.deck`` file: lines ``<count> <Nome> V<n>``, ``#`` comments, blank lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from cardscript.compiler.lower import lower_card
from cardscript.compiler.pipeline import compile_paths, library_path
from cardscript.runtime.cards import CardDef

__all__ = ["DeckError", "deck_paths", "load_deck", "load_library"]

_LIBRARY_CACHE: dict[tuple[str, ...], dict[str, CardDef]] = {}


class DeckError(ValueError):
    """A deck file line that is not ``<count> <Nome> V<n>`` or names an unknown card."""


def load_library(paths: Iterable[str | Path] | None = None) -> dict[str, CardDef]:
    """Every card of the library that compiles, lowered; keys: title ("Nome Vn") and code ("BSUM 65/100")."""
    key = tuple(str(p) for p in (paths if paths is not None else [library_path()]))
    cached = _LIBRARY_CACHE.get(key)
    if cached is not None:
        return dict(cached)
    out: dict[str, CardDef] = {}
    for card in compile_paths(key):
        if card.raw is None or not card.bound:
            continue
        definition = lower_card(card)
        out[definition.title] = definition
        if definition.code:
            out.setdefault(definition.code, definition)
    _LIBRARY_CACHE[key] = out
    return dict(out)


_LINE = re.compile(r"^(\d+)\s+(.+?\sV\d+)\s*$")


def load_deck(path: str | Path, library: dict[str, CardDef] | None = None) -> list[CardDef]:
    """The cards of a deck file, one entry per copy, in file order."""
    lib = load_library() if library is None else library
    folded = {k.casefold(): v for k, v in lib.items()}
    deck: list[CardDef] = []
    p = Path(path)
    for number, raw in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = _LINE.match(line)
        if m is None:
            raise DeckError(f"{p}:{number}: expected '<count> <Nome> V<n>', got {line!r}")
        count, title = int(m.group(1)), m.group(2)
        card = lib.get(title) or folded.get(title.casefold())
        if card is None:
            raise DeckError(f"{p}:{number}: unknown card {title!r} (not in the library, or it does not compile)")
        deck.extend([card] * count)
    return deck


def deck_paths() -> list[Path]:
    """The bundled demo decks."""
    return sorted((library_path() / "decks").glob("*.deck"))
