"""Game packs (issue 14): what belongs to one game, one package per game.

A pack holds its game's header fields, card types, vocabulary, keyword prelude, card library and rules engine;
the language core (``cardscript.core``, the grammar, the compiler's composition and IR base, the Effects Tree)
never imports one. ``cardscript.core.games`` names each pack's module; :func:`cardscript.core.games.load_pack`
imports it when a card file's ``Jogo:`` line or a command's ``--game`` asks for that game. Each pack's module
``pack.py`` exposes ``PACK``, a :class:`GamePack`.

Battle Scenes, the first game, holds its engine, scenario files, library, decks and prelude in ``battle_scenes/``;
its header fields, closed vocabulary and semantic tables are still in the compiler, which reads them as the
default game's (docs/games.md, "Where each game stands").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from cardscript.compiler.pipeline import CompiledCard
    from cardscript.core.games import Game
    from cardscript.core.source import SourceFile
    from cardscript.grammar.names import NameRegistry


class GamePack(Protocol):
    """What the core asks of a game."""

    @property
    def game(self) -> Game: ...

    def compile_source(self, source: SourceFile, names: NameRegistry | None = None) -> CompiledCard:
        """One card file of this game, compiled: its diagnostics (header, text) and what the compiler read."""
        ...

    def card_name(self, source: SourceFile) -> str | None:
        """The name the card file's header gives (a name in scope for the other cards), or None."""
        ...

    def explain(self, card: CompiledCard) -> str:
        """How the engine reads the card (``cardscript explain CARD``): its effects and their anatomy."""
        ...

    def editor_terms(self) -> EditorTerms:
        """What an editor offers in this game's card files (``cardscript lsp``)."""
        ...


@dataclass(frozen=True)
class Term:
    """A word an editor offers: as typed, what kind of word it is, and a line saying what it is."""

    label: str
    kind: str
    detail: str


@dataclass(frozen=True)
class EditorTerms:
    """What ``cardscript lsp`` completes in a game's card files: at the start of an unindented line, the card types
    and the header's fields (each with its ``: ``); at the start of a paragraph, what may lead one (Sky World's trigger
    seals); anywhere in the text, the keywords of the game's prelude and its other closed words (Battle Scenes'
    powers and their icons). The names of the game's library (cards, affiliations, actions) are the editor's own:
    it reads them from the library's card files."""

    at_line_start: tuple[Term, ...]
    in_text: tuple[Term, ...]
    at_paragraph_start: tuple[Term, ...] = ()


@dataclass(frozen=True)
class MatchOptions:
    """What ``play`` and ``simulate`` pass a game's pack: ``--seed``, ``--deck-a``, ``--deck-b``, ``--max-turns``."""

    seed: int = 0
    deck_a: str | None = None
    deck_b: str | None = None
    max_turns: int = 200


Say = Callable[[str], None]


@runtime_checkable
class PlayablePack(Protocol):
    """A pack whose matches ``cardscript play --game`` and ``simulate --game`` run (the default game's run through
    the commands' own code)."""

    def play(self, options: MatchOptions, say: Say, err: Say) -> int:
        """One seeded match with its readable trace; the exit status."""
        ...

    def simulate(self, options: MatchOptions, games: int, as_json: bool, say: Say, err: Say) -> int:
        """Seeded matches with the invariants checked; the report; the exit status."""
        ...
