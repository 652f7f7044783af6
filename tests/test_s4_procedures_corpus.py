"""Session 4 (issue 9), procedures: corpus cards whose new constructions -- a choice between effects outside an
action, an action used again, a multiplied damage amount, "como se ele tivesse Materializar" -- are played on
the engine, with assertions on what their printed text says happens. The cards are read from the development
corpora at test time (``tests/corpus_play.py``); the docstrings say each behaviour in our own words."""

from __future__ import annotations

from cardscript.runtime.state import Zone
from tests.corpus_play import (
    Eager,
    activate,
    at,
    calcs,
    card_of,
    corpus_card,
    energy,
    enter,
    match,
    require_corpus,
    scenario,
    use,
)
from tests.engine_helpers import card, pick

require_corpus()


def _char(name: str, ie: int = 3, shield: int = 0, affiliations: str = "") -> object:
    aff = f"Afiliações: {affiliations}\n" if affiliations else ""
    return card(f"Personagem: {name} V1\nAlinhamento: Herói\n{aff}Poderes: Super Força\nEnergia inicial: {ie}\n"
                f"Escudo: {shield}\n")


SUPPORT = card("Suporte: Engenho V1\nEnergia inicial: 2\nEscudo: 0\n")


def test_forge_puts_a_support_from_the_hand_loaded_from_the_top_of_the_deck() -> None:
    """Forge V1 (BSET 15/100): once per turn in its controller's Preparation Phase, a support card of the hand
    enters the scene as if it had Materializar -- loaded with cards from the top of the deck, not the resources."""
    game = match([corpus_card("BSET 15/100"), SUPPORT])
    f, s = card_of(game, 0, "Forge V1"), card_of(game, 0, "Engenho V1")
    enter(game, f, 4)
    game.move(s, Zone.HAND)
    at(game, "preparation")
    deck = game.state.players[0].deck
    top = deck[:2]
    resources = list(game.state.players[0].resources)
    activate(game, f)
    assert s in game.state.scene and sorted(game.state.scene[s].carried) == sorted(top)
    assert game.state.players[0].resources == resources


def test_caca_aos_renegados_is_the_damage_or_the_search() -> None:
    """Caça aos Renegados V1 ((2016) BSGC 56/100): entering, it deals 2 damage to a character without the
    affiliation it names, or its controller may search for the character it names; choosing the damage, nothing
    is searched (the "Se o fizer" after it follows the search not done)."""
    target = _char("Alvo")
    game = match([corpus_card("(2016) BSGC 56/100")], [target], a=Eager({"mode": [pick("ele causa")]}))
    c, t = card_of(game, 0, "Caça aos Renegados V1"), card_of(game, 1, "Alvo V1")
    enter(game, t, 3)
    hand = list(game.state.players[0].hand)
    scenario(game, c)
    assert [x["amount"] for x in calcs(game)] == [2] and energy(game, t) == 1
    assert game.state.players[0].hand == hand


def test_caca_aos_renegados_the_search_instead_deals_no_damage() -> None:
    """Caça aos Renegados V1 ((2016) BSGC 56/100), the other option: no damage is dealt."""
    target = _char("Alvo")
    game = match([corpus_card("(2016) BSGC 56/100")], [target], a=Eager({"mode": [pick("você pode procurar")]}))
    c, t = card_of(game, 0, "Caça aos Renegados V1"), card_of(game, 1, "Alvo V1")
    enter(game, t, 3)
    scenario(game, c)
    assert calcs(game) == [] and energy(game, t) == 3


def test_ataque_de_furia_deals_twice_x() -> None:
    """Ataque de Fúria V1 (BSET 84/100): its damage is twice the X paid for it."""
    user = card("Personagem: Brutamontes V1\nAlinhamento: Herói\nPoderes: Lâminas\n"
                "Energia inicial: 3\nEscudo: 0\n")
    fury = corpus_card("BSET 84/100")
    game = match([user, fury], [_char("Alvo", ie=8)], a=Eager({"x": [lambda d: [1]]}))
    u, a, t = card_of(game, 0, "Brutamontes V1"), card_of(game, 0, "Ataque de Fúria V1"), card_of(game, 1, "Alvo V1")
    enter(game, u, 2, carried=[a])
    game.state.scene[u].stage = 2
    enter(game, t, 8)
    at(game, "combat", "attack")
    name = fury.action.name if fury.action is not None else ""
    use(game, u, name)
    assert [x["amount"] for x in calcs(game)] == [2]


def test_explosivo_escondido_unloads_a_card_of_itself_then_deals_2() -> None:
    """Explosivo Escondido V1 ((2015) BSIV 54/100): a support that, once per turn in its controller's Preparation
    Phase and if in the scene since the turn began, may unload a card it carries -- its own, not one of another
    card of its controller -- and then deals 2 damage to a character."""
    bomb = corpus_card("(2015) BSIV 54/100")
    mine = _char("Meu", ie=3)
    game = match([bomb, mine], [_char("Alvo", ie=4)])
    b, m, t = card_of(game, 0, "Explosivo Escondido V1"), card_of(game, 0, "Meu V1"), card_of(game, 1, "Alvo V1")
    enter(game, b, 2)
    enter(game, m, 3)
    enter(game, t, 4)
    at(game, "preparation")
    activate(game, b)
    assert energy(game, b) == 1 and energy(game, m) == 3
    assert [x["amount"] for x in calcs(game)] == [2]
