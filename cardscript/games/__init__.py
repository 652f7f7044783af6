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

from typing import TYPE_CHECKING, Protocol

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
