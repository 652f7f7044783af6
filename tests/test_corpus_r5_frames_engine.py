"""Round 5 (frames): corpus cards played on the engine, asserting what their printed text says happens.

The cards are read from the development corpora (``../shared/corpus``) at test time (``tests/corpus_play.py``);
the module is skipped without them. The other cards of each game are small cards written here.
"""

from __future__ import annotations

from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import at, card_of, corpus_card, enter, fillers, match, require_corpus, stage, use, zone
from tests.engine_helpers import own_character as char

require_corpus()

CARRIER = char("Portador", powers="Elasticidade")
TARGET = char("Alvo")
OTHER = char("Outro")


def anticipation(game: Match, user_player: int = 0) -> None:
    """The opponent's combat, its anticipation step: ``user_player`` may use an anticipating action."""
    at(game, "combat", "anticipation", 1 - user_player)


def test_atrasar_unloads_itself_loads_a_resource_and_incapacitates_two_targets() -> None:
    """Atrasar V1 (BSUM 72/100): the card's own name in "Descarregue Atrasar:" is the card itself (not the keyword
    Atrasar): unloading it is the extra cost (4.6.1); the effect loads a card of the user's resources onto the user
    and incapacitates up to two different targeted characters by one."""
    game = match([CARRIER, corpus_card("BSUM 72/100")], [TARGET, OTHER])
    p, atr = card_of(game, 0, "Portador V1"), card_of(game, 0, "Atrasar V1")
    t1, t2 = card_of(game, 1, "Alvo V1"), card_of(game, 1, "Outro V1")
    enter(game, p, 1, carried=[atr])
    for c in (t1, t2):
        enter(game, c, 2)
        game.state.scene[c].stage = 2
    spare = fillers(game, 0)[0]
    game.move(spare, Zone.RESOURCES)
    carried_before = len(game.state.scene[p].carried)
    anticipation(game)
    use(game, p, "Atrasar", window="anticipation")
    assert zone(game, atr) == "resources"
    assert spare in game.state.scene[p].carried and len(game.state.scene[p].carried) == carried_before
    assert (stage(game, t1), stage(game, t2)) == (1, 1)
