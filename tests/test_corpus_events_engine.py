"""Corpus cards with triggers, windows and times, played on
the engine (``tests/corpus_play.py``) with assertions on what their text says happens. The cards are read from the
development corpora at test time (skipped without them); the docstrings describe each card in our own words."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import (
    Eager,
    at,
    card_of,
    corpus_card,
    energy,
    enter,
    events,
    fillers,
    match,
    require_corpus,
    scenario,
    stage,
    use,
    where,
    zone,
)
from tests.engine_helpers import card, own_character, pick

require_corpus()


def char(name: str, *, powers: str = "Super Força", affiliations: str = "") -> CardDef:
    return own_character(name, powers=powers, affiliations=affiliations, ie=4)


def draws(game: Match) -> list[dict[str, object]]:
    return [e for e in events(game, "move") if e.get("reason") == "draw"]


def test_fragmento_de_asteroide_paying_energia_cosmica_from_the_resources() -> None:
    """Fragmento de Asteroide V1 ((2016) BSGC 88/100): when this card goes from its owner's resources to the bottom
    of the deck to pay an action's Energia Cósmica cost, the two top cards of the deck go to the resources."""
    frag = corpus_card("(2016) BSGC 88/100")
    carrier = char("Cósmico", powers="Poder Cósmico")
    game = match([carrier, frag, frag], [char("Alvo")],
                 a=Eager({"move": [pick("Fragmento de Asteroide")], "target": [pick("Alvo")]}))
    c = card_of(game, 0, "Cósmico V1")
    used, paid = card_of(game, 0, "Fragmento de Asteroide V1"), card_of(game, 0, "Fragmento de Asteroide V1", 1)
    enter(game, c, 2, carried=[used])
    enter(game, card_of(game, 1, "Alvo V1"), 3)
    spare = fillers(game, 0)[0]
    game.move(paid, Zone.RESOURCES)
    game.move(spare, Zone.RESOURCES)
    top = fillers(game, 0)[:2]
    at(game, "combat", "attack")
    use(game, c, "Fragmento de Asteroide")
    game.eng.tree.resolve()
    deck = where(game, 0)("deck")
    assert paid in deck and zone(game, paid) == "deck"
    assert all(zone(game, t) == "resources" for t in top)


def scenario_card(name: str) -> CardDef:
    return card(f"Cenário: {name} V1\nRaridade: Comum\n")


def test_posicionamento_estrategico_replaced_by_an_opponent() -> None:
    """Posicionamento Estratégico V1 ((2014) BSIC 62/100): when an opponent puts a scenario in the scene in its
    place, you may lower by one the stage of a character that opponent controls (and when it enters, of any)."""
    pos = corpus_card("(2014) BSIC 62/100")
    game = match([pos, char("Meu")], [char("Deles"), scenario_card("Outro")],
                 a=Eager({"target": [pick("Meu"), pick("Deles")]}))
    mine, theirs = card_of(game, 0, "Meu V1"), card_of(game, 1, "Deles V1")
    enter(game, mine, 2)
    enter(game, theirs, 2)
    game.state.scene[mine].stage = game.state.scene[theirs].stage = 2
    scenario(game, card_of(game, 0, "Posicionamento Estratégico V1"))
    scenario(game, card_of(game, 1, "Outro V1"))
    assert (stage(game, mine), stage(game, theirs)) == (1, 1)


def test_meditacao_unloads_as_many_cards_as_it_loaded() -> None:
    """Meditação V1 ((2016) BSAQ 77/112): the user may load up to X cards from the top of the deck, and then unloads
    that same number of cards from itself (X: the stages paid)."""
    med = corpus_card("(2016) BSAQ 77/112")
    user = char("Monge", powers="Agilidade")
    game = match([user, med], a=Eager({"x": [[2]], "load": [[0, 1]]}))
    c, m = card_of(game, 0, "Monge V1"), card_of(game, 0, "Meditação V1")
    enter(game, c, 2, carried=[m])
    game.state.scene[c].stage = 2
    before = energy(game, c)
    deck, resources = len(where(game, 0)("deck")), len(where(game, 0)("resources"))
    at(game, "combat", "anticipation", turn_player=1)
    use(game, c, "Meditação", window="anticipation")
    game.eng.tree.resolve()
    assert stage(game, c) == 0
    assert energy(game, c) == before                        # two loaded, two unloaded
    assert len(where(game, 0)("deck")) == deck - 2 and len(where(game, 0)("resources")) == resources + 2


def test_cura_instantanea_put_in_the_resources_from_the_hand_or_deck() -> None:
    """Cura Instantânea V1 ((2014) BSPO 87/100): when it goes to its owner's resources from the hand or the deck,
    it may be loaded onto a character with {RE} you control; from elsewhere (carried), nothing happens."""
    cura = corpus_card("(2014) BSPO 87/100")
    healer = char("Regenerador", powers="Regeneração")
    game = match([healer, cura], a=Eager())
    h, c = card_of(game, 0, "Regenerador V1"), card_of(game, 0, "Cura Instantânea V1")
    enter(game, h, 2)
    game.move(c, Zone.HAND)
    game.move(c, Zone.RESOURCES)
    game.eng.tree.resolve()
    assert zone(game, c) == "carried" and c in game.state.scene[h].carried
    game.unload(c)                                           # carried -> resources: not from the hand or deck
    game.eng.tree.resolve()
    assert zone(game, c) == "resources"
