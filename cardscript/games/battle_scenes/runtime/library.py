"""The card library as the engine uses it: compiled and lowered card definitions, and decks.

:func:`load_library` compiles the bundled ``cardscript/games/battle_scenes/cards/`` (or given paths) and lowers every
card that
compiles (parsed and bound) into a :class:`CardDef`, keyed by title ("Blob V1") and by printed code: a
:class:`Library` (a dict that also knows each card's file and finds a card by title or code, an ambiguous title
answering its candidates: :mod:`cardscript.compiler.card_refs`).
:func:`library_cards` is the same library file by file (:class:`LibraryCard`: the file, its definition or why
there is none, whether it compiled clean): what tools need to name the file of a card.
:func:`load_libraries` is the bundled library **plus** folders of the user's own cards (``--library DIR``,
repeatable: ``play``, ``simulate``, ``deck check``, ``scenario``): a :class:`MergedLibrary`. A card of a folder
with the printed code of an earlier card (bundled, or of an earlier folder) takes its place, and so does a card
without a code that has the title of an earlier card without one: the user's card wins, and each replacement
is a note (:class:`Replacement`). Cards with the same title and different codes are different printed cards:
both stay, and their title is ambiguous (name them by code).
:func:`load_deck` reads a ``.deck`` file (``<count> <Nome> V<n>`` lines; the format and its checks are
``cardscript.games.battle_scenes.runtime.deck``'s).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from cardscript.compiler.cache import compile_cards
from cardscript.compiler.card_refs import CardIndex, Found, code_key, title_key
from cardscript.compiler.files import decks_path, library_path
from cardscript.compiler.ir import CardDef
from cardscript.compiler.prelude import on_forget_prelude
from cardscript.games.battle_scenes.runtime.deck import check_source, read_deck

__all__ = ["BUNDLED", "DeckError", "Library", "LibraryCard", "MergedLibrary", "Replacement", "deck_paths",
           "library_cards", "load_deck", "load_libraries", "load_library"]

BUNDLED = "the bundled library"

_LIBRARY_CACHE: dict[tuple[str, ...], Library] = {}
_CARDS_CACHE: dict[tuple[str, ...], tuple[LibraryCard, ...]] = {}
_MERGED_CACHE: dict[tuple[str, ...], MergedLibrary] = {}


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


class Library(dict[str, CardDef]):
    """Cards by title and by printed code (a ``dict``, as the engine's callers always used it), with each
    card's file (:meth:`path_of`) and :meth:`find`: a title or a code, an ambiguous title answering the cards
    that share it (:class:`~cardscript.compiler.card_refs.Found`). A title several cards carry maps
    to the first
    of them in file order; name those cards by code."""

    def __init__(self, entries: Iterable[LibraryCard] = ()) -> None:
        super().__init__()
        self._paths: dict[int, str] = {}
        for entry in entries:
            definition = entry.definition
            if definition is None:
                continue
            self.setdefault(definition.title, definition)
            if definition.code:
                self.setdefault(definition.code, definition)
            self._paths.setdefault(id(definition), entry.path)
        self._index: CardIndex | None = None

    def copy(self) -> Library:
        """A copy that is a Library (with the files), not a plain dict."""
        other = Library()
        other.update(self)
        other._paths = dict(self._paths)
        return other

    @property
    def index(self) -> CardIndex:
        if self._index is None:
            self._index = CardIndex(self.values())
        return self._index

    def path_of(self, card: CardDef) -> str:
        """The file ``card`` was compiled from ("" when it is not one of this library's)."""
        return self._paths.get(id(card), "")

    def find(self, ref: str) -> Found:
        """The card a title or printed code names (``Hulk V1``, ``BSUM 20/100``); an ambiguous title: its
        candidates and no card (:meth:`CardIndex.find
        <cardscript.compiler.card_refs.CardIndex.find>`)."""
        return self.index.find(ref)

    def ambiguous_titles(self) -> dict[str, tuple[CardDef, ...]]:
        return self.index.ambiguous_titles()

    def name_of(self, card: CardDef) -> str:
        """How to name ``card`` so that :meth:`find` gives it back: its title, or its printed code when other
        cards of the library carry the same title."""
        shared = self.index.by_title.get(title_key(card.title), [])
        return card.code if card.code and len(shared) > 1 else card.title


@dataclass(frozen=True)
class Replacement:
    """A card file of a ``--library`` folder that takes the place of an earlier card with the same identity: the
    same printed code (or, neither having a code, the same title). The user's card wins."""

    key: str                    # the code, or the title
    by: LibraryCard
    replaced: LibraryCard
    by_code: bool = True        # False: neither card has a printed code, the title identifies them

    def note(self) -> str:
        what = "code" if self.by_code else "title"
        return f"{self.by.path} replaces {self.replaced.path} (the same {what} {self.key})"


@dataclass(frozen=True)
class MergedLibrary:
    """The bundled library and the folders given (``--library DIR``, in order), merged: :attr:`entries` are the
    card files kept (the bundled ones first, then each folder's in file order), :attr:`replaced` the cards a
    later one took the place of."""

    folders: tuple[str, ...]
    entries: tuple[LibraryCard, ...]
    replaced: tuple[Replacement, ...] = ()

    def cards(self) -> Library:
        """The merged cards by title and code (a :class:`Library`)."""
        return Library(self.entries)

    def folder_entries(self) -> tuple[LibraryCard, ...]:
        """The card files of the folders given (not the bundled library's), the replacements applied."""
        bundled = str(library_path())
        return tuple(e for e in self.entries if not _inside(e.path, bundled) or _given(e.path, self.folders))

    def notes(self, limit: int = 5) -> list[str]:
        """One line per replacement (the first ``limit``; then how many more)."""
        lines = [r.note() for r in self.replaced[:limit]]
        if len(self.replaced) > limit:
            lines.append(f"... and {len(self.replaced) - limit} more card(s) of the folders given replace earlier "
                         "ones with the same printed code")
        return lines


def _inside(path: str, folder: str) -> bool:
    try:
        Path(path).resolve().relative_to(Path(folder).resolve())
    except ValueError:
        return False
    return True


def _given(path: str, folders: Sequence[str]) -> bool:
    return any(_inside(path, f) for f in folders)


def load_libraries(folders: Sequence[str | Path] = ()) -> MergedLibrary:
    """The bundled library plus the card files of ``folders`` (``--library DIR``...), compiled together (names
    of every header in scope for each card), merged as the module docstring says. A file given twice (the
    bundled folder, or a folder inside another given) counts once."""
    key = tuple(str(f) for f in folders)
    cached = _MERGED_CACHE.get(key)
    if cached is not None:
        return cached
    from cardscript.compiler.files import card_files

    files: list[Path] = []
    seen: set[Path] = set()
    for path in card_files([library_path(), *key]):
        resolved = path.resolve()
        if resolved not in seen:
            seen.add(resolved)
            files.append(path)
    kept: dict[str, LibraryCard] = {}          # by path, in the order kept
    codes: dict[str, str] = {}                 # folded code -> path
    codes_of: dict[str, str] = {}              # path -> folded code
    titles: dict[str, list[str]] = {}          # folded title -> paths
    replaced: list[Replacement] = []
    for entry in library_cards(files):
        definition = entry.definition
        if definition is not None:
            code, title = code_key(definition.code) if definition.code else "", title_key(definition.title)
            # the earlier card(s) this one stands for: the one with its printed code; else those with its title
            # when one of the two has no code (a card written without a code is "the card of that title"); the
            # same title with different codes: different printed cards, both kept
            same = [codes[code]] if code in codes else [
                p for p in titles.get(title, []) if not (code and codes_of.get(p))]
            for gone in same:
                earlier = kept.pop(gone)
                old = codes_of.pop(gone, "")
                codes.pop(old, None)
                titles[title] = [p for p in titles.get(title, []) if p != gone]
                if earlier.definition is not None:
                    other = title_key(earlier.definition.title)
                    titles[other] = [p for p in titles.get(other, []) if p != gone]
                replaced.append(Replacement(definition.code if code and old == code else definition.title, entry,
                                            earlier, bool(code and old == code)))
            if code:
                codes[code] = entry.path
                codes_of[entry.path] = code
            titles.setdefault(title, []).append(entry.path)
        kept[entry.path] = entry
    position = {str(f): n for n, f in enumerate(files)}
    entries = tuple(sorted(kept.values(), key=lambda e: position.get(e.path, len(files))))
    merged = MergedLibrary(key, entries, tuple(replaced))
    _MERGED_CACHE[key] = merged
    return merged


def _key(paths: Iterable[str | Path] | None) -> tuple[str, ...]:
    return tuple(str(p) for p in (paths if paths is not None else [library_path()]))


def forget_libraries() -> None:
    """Drop the compiled libraries kept (after the prelude changed: ``prelude.forget_prelude``)."""
    _CARDS_CACHE.clear()
    _LIBRARY_CACHE.clear()
    _MERGED_CACHE.clear()


on_forget_prelude(forget_libraries)


def library_cards(paths: Iterable[str | Path] | None = None) -> tuple[LibraryCard, ...]:
    """Every card file of the library (default: the bundled one), in the compiler's file order, each lowered
    when it compiles (parsed and bound; ``compiler.cache.compile_cards``, from the compiled-card cache when
    kept). A lowering that raises leaves that card without a definition (its ``problem`` says why) instead of
    stopping the others."""
    key = _key(paths)
    cached = _CARDS_CACHE.get(key)
    if cached is not None:
        return cached
    entries: list[LibraryCard] = []
    for card in compile_cards(key):             # compiled and lowered, from the compiled-card cache when kept
        path = card.path
        if not card.bound:
            entries.append(LibraryCard(path, None, False, "does not compile (`cardscript check` says why)"))
        elif card.definition is None:
            entries.append(LibraryCard(path, None, card.ok, f"its lowering failed: {card.lowering_error}"))
        else:
            entries.append(LibraryCard(path, card.definition, card.ok))
    result = tuple(entries)
    _CARDS_CACHE[key] = result
    return result


def load_library(paths: Iterable[str | Path] | None = None) -> Library:
    """Every card of the library (default: the bundled one; else exactly the paths given) that compiles, lowered;
    keys: title ("Nome Vn") and code ("BSUM 65/100"). A fresh copy each call (callers may change it)."""
    key = _key(paths)
    cached = _LIBRARY_CACHE.get(key)
    if cached is not None:
        return cached.copy()
    out = Library(library_cards(key))
    _LIBRARY_CACHE[key] = out
    return out.copy()


def load_deck(path: str | Path, library: Mapping[str, CardDef] | None = None) -> list[CardDef]:
    """The cards of a deck file, one entry per copy, in file order.

    Checked by :func:`cardscript.games.battle_scenes.runtime.deck.check_source` (the one deck parser): raises
    :class:`DeckError`
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
    return sorted((decks_path()).glob("*.deck"))
