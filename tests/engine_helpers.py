"""A small match for engine tests: 30 filler cards a player, card definitions given by id, invariants checked."""

from __future__ import annotations

from collections.abc import Sequence

from cardscript.runtime.agents import Agent, FirstLegalAgent
from cardscript.runtime.cards import CardDef
from cardscript.runtime.game import Game
from cardscript.runtime.state import GameState, PlayerState, Zone

FILLER = CardDef(title="Filler V1", name="Filler", version=1, card_type="Habilidade", power="SF")


def small_game(cards: dict[int, CardDef], agents: Sequence[object] | None = None) -> Game:
    """Player 0 owns cards 0-29, player 1 cards 100-129 (all in their decks); ``cards`` overrides definitions."""
    ids = [*range(0, 30), *range(100, 130)]
    owner = {i: (0 if i < 100 else 1) for i in ids}
    players = [PlayerState(deck=list(range(0, 30))), PlayerState(deck=list(range(100, 130)))]
    defs: dict[int, CardDef] = {i: FILLER for i in ids}
    defs.update(cards)
    chosen: list[Agent] = list(agents) if agents else [FirstLegalAgent(), FirstLegalAgent()]  # type: ignore[arg-type]
    game = Game(GameState(owner, players), defs, chosen, check=True)
    game.state.turn = 1
    return game


def in_scene(game: Game, base: int, carried: list[int]) -> None:
    """Put ``base`` in the scene carrying ``carried`` (both taken from wherever they are)."""
    for c in [base, *carried]:
        game.move(c, Zone.RESOURCES)
    game.enter_scene(base, game.state.owner[base], carried)
