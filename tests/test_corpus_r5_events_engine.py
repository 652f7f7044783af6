"""Round 5 (events cluster): corpus cards played on the engine, asserting what their printed text says happens.

The cards are read from the development corpora (``../shared/corpus``) at test time (``tests/corpus_play.py``);
the other cards are small ones written here.
"""

from __future__ import annotations

from tests.corpus_play import (
    activatable,
    activate,
    at,
    card_of,
    corpus_card,
    enter,
    match,
    require_corpus,
    scenario,
    stage,
)
from tests.engine_helpers import own_character as char

require_corpus()

CODE = "(2014) BSPO DECK 31/56"


def _game(start: int):  # type: ignore[no-untyped-def]
    game = match([corpus_card(CODE), char("Capanga", alignment="Vilão")])
    cm, v = card_of(game, 0, "Convocar Mercenários V1"), card_of(game, 0, "Capanga V1")
    enter(game, v, 2)
    game.state.scene[v].stage = start
    scenario(game, cm)
    at(game, "preparation")
    return game, cm, v


def test_convocar_mercenarios_lead_then_to_the_resources() -> None:
    """Convocar Mercenários V1 ((2014) BSPO DECK 31/56): villains gain H.I.D.R.A.; Liderar {1} - H.I.D.R.A. (rules
    7: in your Preparation Phase, once per turn, you may capacitate one in {1}); a character was capacitated this
    way, so the scenario goes to its owner's resources."""
    game, cm, v = _game(0)
    assert activatable(game, cm)
    activate(game, cm)
    assert stage(game, v) == 1
    assert cm in game.state.players[0].resources
    assert game.state.scenario != cm


def test_convocar_mercenarios_nothing_capacitated_stays() -> None:
    """The only H.I.D.R.A. character is at stage {2} (4.5: no higher): nobody was capacitated this way, so the
    scenario stays in the scene."""
    game, cm, v = _game(2)
    activate(game, cm)
    assert stage(game, v) == 2
    assert game.state.scenario == cm
