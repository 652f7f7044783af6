"""The games cardscript knows, by name (issue 14): what a card file's ``Jogo:`` line and ``--game`` may say.

A game's rules, header fields, vocabulary, prelude and library live in its pack, ``cardscript/games/<pack>/``;
this table only names each pack's module, so the language core never imports a pack: :func:`load_pack` imports
it when a card file or a command asks for that game. Battle Scenes is the default, so a card file without a
``Jogo:`` line is a Battle Scenes card, as every card written before packs existed."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardscript.core.normalize import fold_text


@dataclass(frozen=True)
class Game:
    """One game: its command-line key, its title (as a card file's ``Jogo:`` line writes it), other spellings
    accepted, and the module of its pack."""

    key: str
    title: str
    module: str
    aliases: tuple[str, ...] = ()

    def spellings(self) -> tuple[str, ...]:
        return (self.key, self.title, *self.aliases)

    @property
    def folder(self) -> Path:
        """The pack's installed folder (its cards, decks and prelude are data files there), found without importing
        the pack: ``cardscript/games/<pack>``."""
        return _GAMES_FOLDER / self.module.split(".")[2]


_GAMES_FOLDER = Path(__file__).resolve().parent.parent / "games"

GAMES: tuple[Game, ...] = (
    Game("battle-scenes", "Battle Scenes", "cardscript.games.battle_scenes.pack", ("Battle Scenes TCG",)),
    Game("sky-world", "Sky World", "cardscript.games.sky_world.pack", ("Sky World TCG",)),
)
DEFAULT_GAME: Game = GAMES[0]


def _folded(text: str) -> str:
    return " ".join(fold_text(text).replace("-", " ").split())


_BY_SPELLING: dict[str, Game] = {_folded(s): g for g in GAMES for s in g.spellings()}


def game_named(text: str) -> Game | None:
    """The game a ``Jogo:`` value or a ``--game`` option names (no case, no accents, ``-`` as a space), or None."""
    return _BY_SPELLING.get(_folded(text))


def game_titles() -> list[str]:
    """The titles, for hints ("did you mean ...")."""
    return [g.title for g in GAMES]


def load_pack(game: Game) -> Any:
    """The pack module of ``game`` (imported on first use): its ``PACK`` object (see ``cardscript/games``)."""
    return importlib.import_module(game.module).PACK
