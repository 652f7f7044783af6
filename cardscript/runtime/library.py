"""The card library as the engine uses it: compiled and lowered card definitions, and decks.

:func:`load_library` compiles the bundled ``cardscripts/`` (or given paths) and lowers every card that
compiles (parsed and bound) into a :class:`CardDef`, keyed by title ("Blob V1") and by printed code.
:func:`library_cards` is the same library file by file (:class:`LibraryCard`: the file, its definition or why
there is none, whether it compiled clean): what tools need to name the file of a card.
:func:`load_deck` reads a ``.deck`` file (``<count> <Nome> V<n>`` lines; the format and its checks are
``cardscript.runtime.deck``'s).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from cardscript.compiler.ir import CardDef
from cardscript.compiler.lower import lower_card
from cardscript.compiler.pipeline import compile_paths, library_path
from cardscript.runtime.deck import check_source, read_deck

__all__ = ["DeckError", "LibraryCard", "deck_paths", "library_cards", "load_deck", "load_library"]

_LIBRARY_CACHE: dict[tuple[str, ...], dict[str, CardDef]] = {}
_CARDS_CACHE: dict[tuple[str, ...], tuple[LibraryCard, ...]] = {}


class DeckError(ValueError):
    """A deck file that breaks a rule: a malformed line, an unknown card, too many copies (``runtime.deck``)."""


@dataclass(frozen=True)
class LibraryCard:
    """One card file of a library as the engine sees it: its lowered definition, or why it has none."""

    path: str
    definition: CardDef | None        # None: the file does not compile (parse and bind), or its lowering failed
    clean: bool                       # compiled without error diagnostics
    problem: str = ""                 # why ``definition`` is None

    @property
    def executable(self) -> bool:
        """Compiled clean, and every effect and the action can be executed by the engine (``CardDef.executable``)."""
        return self.clean and self.definition is not None and self.definition.executable


def _key(paths: Iterable[str | Path] | None) -> tuple[str, ...]:
    return tuple(str(p) for p in (paths if paths is not None else [library_path()]))


def forget_libraries() -> None:
    """Drop the compiled libraries kept (after the prelude changed: ``prelude.forget_prelude``)."""
    _CARDS_CACHE.clear()
    _LIBRARY_CACHE.clear()


def library_cards(paths: Iterable[str | Path] | None = None) -> tuple[LibraryCard, ...]:
    """Every card file of the library (default: the bundled one), in the compiler's file order, each lowered
    when it compiles (parsed and bound). A lowering that raises leaves that card without a definition (its
    ``problem`` says why) instead of stopping the others."""
    key = _key(paths)
    cached = _CARDS_CACHE.get(key)
    if cached is not None:
        return cached
    entries: list[LibraryCard] = []
    for card in compile_paths(key):
        path = card.source.path
        if card.raw is None or not card.bound:
            entries.append(LibraryCard(path, None, False, "does not compile (`cardscript check` says why)"))
            continue
        try:
            definition = lower_card(card)
        except Exception as exc:  # noqa: BLE001 - one card's lowering failing must not hide the others
            entries.append(LibraryCard(path, None, card.ok, f"its lowering failed: {type(exc).__name__}: {exc}"))
            continue
        entries.append(LibraryCard(path, definition, card.ok))
    result = tuple(entries)
    _CARDS_CACHE[key] = result
    return result


def load_library(paths: Iterable[str | Path] | None = None) -> dict[str, CardDef]:
    """Every card of the library that compiles, lowered; keys: title ("Nome Vn") and code ("BSUM 65/100")."""
    key = _key(paths)
    cached = _LIBRARY_CACHE.get(key)
    if cached is not None:
        return dict(cached)
    out: dict[str, CardDef] = {}
    for entry in library_cards(key):
        definition = entry.definition
        if definition is None:
            continue
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
