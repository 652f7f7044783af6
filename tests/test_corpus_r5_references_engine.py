"""Round 5 corpus cards of the references cluster played on the engine, with assertions on what the printed text
says happens. The cards are read from the development corpora (``tests/corpus_play.py``); the module is skipped
without them."""

from __future__ import annotations

from tests.corpus_play import at, card_of, corpus_card, enter, match, require_corpus, use, where
from tests.engine_helpers import own_character

require_corpus()


def test_cela_elastica_unloads_both_characters_and_shuffles_both_into_their_owners_decks() -> None:
    """Cela Elástica V1 (BSUM 74/100): the cards the user and the target carry go to their owners' resources
    (unloading, 4.1) and "ambos os personagens" -- the user and the target coordinated before -- are shuffled
    into their owners' decks."""
    user = own_character("Elástico", powers="Elasticidade")
    foe = own_character("Alvo")
    game = match([user, corpus_card("BSUM 74/100")], [foe])
    u, cela, t = card_of(game, 0, "Elástico V1"), card_of(game, 0, "Cela Elástica V1"), card_of(game, 1, "Alvo V1")
    enter(game, u, 3, carried=[cela])
    game.state.scene[u].stage = 2                              # capacitated enough to pay {2} (4.6.1)
    enter(game, t, 3)
    foe_load = list(game.state.scene[t].carried)
    own_load = list(game.state.scene[u].carried)
    at(game, "combat", "attack")
    use(game, u, "Cela Elástica")
    assert u not in game.state.scene and t not in game.state.scene
    assert u in where(game, 0)("deck") and t in where(game, 1)("deck")
    assert all(c in where(game, 1)("resources") for c in foe_load)       # each to its owner's resources
    assert all(c in where(game, 0)("resources") for c in own_load) and cela in where(game, 0)("resources")


def test_singularidade_temporal_stops_the_characters_sharing_an_identity_with_another() -> None:
    """Singularidade Temporal V1 ((2015) BSIV 71/100): a character in the scene with the same alter ego (or name,
    with no alter ego: its identity, 4.4.2.1 A.4) as another character in the scene -- either player's -- cannot use
    actions; one whose identity no other shares still can."""
    from tests.corpus_play import scenario, usable
    from tests.engine_helpers import punch

    mine = own_character("Peter", alter_ego="Peter Parker", action=punch("Teia", 1))
    theirs = own_character("Aranha", alter_ego="Peter Parker", action=punch("Salto", 1))
    named = own_character("Logan", action=punch("Garra", 1))
    game = match([mine, named, corpus_card("(2015) BSIV 71/100")], [theirs])
    m, n, t = card_of(game, 0, "Peter V1"), card_of(game, 0, "Logan V1"), card_of(game, 1, "Aranha V1")
    for c in (m, n, t):
        enter(game, c, 3)
    at(game, "combat", "attack")
    assert usable(game, m, "Teia") and usable(game, n, "Garra")
    scenario(game, card_of(game, 0, "Singularidade Temporal V1"))
    assert not usable(game, m, "Teia")
    assert usable(game, n, "Garra")
    at(game, "combat", "attack", turn_player=1)
    assert not usable(game, t, "Salto")
