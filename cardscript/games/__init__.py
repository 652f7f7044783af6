"""Game packs (issue 14): what belongs to one game, one package per game.

A pack holds its game's header fields, card types, vocabulary, keyword prelude, card library and rules engine;
the language core (``cardscript.core``, the grammar, the compiler's composition and IR base, the Effects Tree)
never imports one. ``cardscript.core.games`` names each pack's module; :func:`cardscript.core.games.load_pack`
imports it when a card file's ``Jogo:`` line or a command's ``--game`` asks for that game. Each pack's module
``pack.py`` exposes ``PACK``, a :class:`GamePack`.

Battle Scenes, the first game, still keeps most of its parts where they were written, in the compiler
(header fields, vocabulary, prelude) and the runtime (its engine); its pack names them, and issue 14 moves them
into ``battle_scenes/`` step by step.
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
