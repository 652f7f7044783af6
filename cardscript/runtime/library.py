"""The card library as the engine uses it: compiled and lowered card definitions, and decks.

:func:`load_library` compiles the bundled ``cardscripts/`` (or given paths) and lowers every card that
compiles (parsed and bound) into a :class:`CardDef`, keyed by title ("Blob V1") and by printed code.
:func:`load_deck` reads a ``.deck`` file (``<count> <Nome> V<n>`` lines; the format and its checks are
``cardscript.runtime.deck``'s).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from cardscript.compiler.ir import CardDef
from cardscript.compiler.lower import lower_card
from cardscript.compiler.pipeline import compile_paths, library_path
from cardscript.runtime.deck import check_source, read_deck

__all__ = ["DeckError", "deck_paths", "load_deck", "load_library"]

_LIBRARY_CACHE: dict[tuple[str, ...], dict[str, CardDef]] = {}


class DeckError(ValueError):
    """A deck file that breaks a rule: a malformed line, an unknown card, too many copies (``runtime.deck``)."""


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


def load_deck(path: str | Path, library: dict[str, CardDef] | None = None) -> list[CardDef]:
    """The cards of a deck file, one entry per copy, in file order.

    Checked by :func:`cardscript.runtime.deck.check_source` (the one deck parser): raises :class:`DeckError`
    with the first error (``path:line: message``); ``OSError`` when the file cannot be read."""
    report = check_source(read_deck(path), load_library() if library is None else library)
    errors = report.errors
    if errors:
        first = errors[0]
        raise DeckError(f"{first.source.path}:{first.location()[0]}: {first.message}"
                        + (f" ({first.hint})" if first.hint else ""))
    return report.cards


def deck_paths() -> list[Path]:
    """The bundled demo decks."""
    return sorted((library_path() / "decks").glob("*.deck"))
