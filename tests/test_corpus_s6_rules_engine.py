"""Corpus cards of the session-6 "rules" cluster played on the engine: effects that change what the rules allow
(action types and costs, the Countdown Phase, ...). Card texts are compiled from ../shared/corpus at test time."""

from __future__ import annotations

from cardscript.runtime.queries import action_cost, action_types
from tests.corpus_play import at, card_of, corpus_card, energy, enter, match, require_corpus, stage, use
from tests.engine_helpers import own_character as char
from tests.engine_helpers import punch

require_corpus()


def test_tia_may_spider_man_actions_cost_2_and_are_antecipar_and_from_the_prizes_she_strikes_back() -> None:
    """Tia May V1 ((2014) BSPO 37/100): in the scene, every action of a character named Homem-Aranha you control
    has cost {2} and is an Ação de Antecipar; while she is in your opponents' prizes (her owner's prize pile,
    golden rule D), when an opponent's character uses an action targeting your Homem-Aranha you may incapacitate
    that Homem-Aranha by {1}, and if you do it deals 2 damage to the character that used the action."""
    spider = char("Homem-Aranha", action=punch("Teia", cost=0))
    foe = char("Vilão", shield=0, action=punch("Soco", amount=1))
    game = match([corpus_card("(2014) BSPO 37/100"), spider], [foe])
    may, hero = card_of(game, 0, "Tia May V1"), card_of(game, 0, "Homem-Aranha V1")
    villain = card_of(game, 1, "Vilão V1")
    enter(game, hero, 3)
    web = game.cards[hero].action
    assert web is not None and action_cost(game, web, user=hero, holder=hero) == 0
    enter(game, may, 1)
    assert action_cost(game, web, user=hero, holder=hero) == 2 and action_types(game, hero, web) == (True, False)
    game.knock_out(may)
    assert may in game.state.players[0].prizes
    assert action_cost(game, web, user=hero, holder=hero) == 0      # no longer in the scene
    enter(game, villain, 3)
    game.state.scene[hero].stage = 2
    at(game, "combat", "attack", turn_player=1)
    use(game, villain, "Soco")
    game.eng.tree.resolve()
    assert stage(game, hero) == 1                                     # incapacitated by {1}
    assert energy(game, villain) == 3 - 2                             # Homem-Aranha dealt it 2 damage
