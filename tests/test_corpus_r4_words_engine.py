"""Corpus cards of the "words" cluster (session 5, round 4) played on the engine, with assertions on what their
text says happens. Cards are read from the development corpora at test time (``tests/corpus_play.py``); the module
is skipped without them. The docstrings describe each behaviour in our own words and cite the card by name and
printed code."""

from __future__ import annotations

from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import (
    Eager,
    activate,
    at,
    card_of,
    corpus_card,
    enter,
    match,
    require_corpus,
    scenario,
    stage,
    use,
)
from tests.engine_helpers import own_character

require_corpus()


def test_evocacao_das_trevas_one_magic_character_staged_x_discarded_x_searched_in_deck_and_resources() -> None:
    """Evocação das Trevas V1 ((2015) BSOS 62/100): in its controller's Preparation Phase, with a {MA} character
    whose alter ego is not Shuma-Gorath, the controller may incapacitate that character (one of them, chosen)
    in {1} and discard X character cards that are not Shuma-Gorath; then up to X cards named Shuma-Gorath and/or
    Tentáculos da Escuridão are searched for in the deck and/or the resources, go to the hand, and the deck is
    shuffled."""
    mage = own_character("Maga", powers="Magia")
    other = own_character("Bruxo", powers="Magia")
    junk = own_character("Sucata")
    shuma = own_character("Shuma-Gorath", powers="Magia")
    tentacles = own_character("Tentáculos da Escuridão", powers="Magia")
    seen: list[Decision] = []

    def pick(d: Decision) -> list[int]:
        seen.append(d)
        return [next(i for i, o in enumerate(d.options) if o.startswith("Bruxo"))]

    a = Eager({"target": [pick], "discard": [lambda d: list(range(len(d.options)))],
               "search": [lambda d: list(range(len(d.options)))]})
    game = match([corpus_card("(2015) BSOS 62/100"), mage, other, junk, junk, shuma, tentacles], a=a)
    ev, m, o = card_of(game, 0, "Evocação das Trevas V1"), card_of(game, 0, "Maga V1"), card_of(game, 0, "Bruxo V1")
    scenario(game, ev)
    enter(game, m, 2)
    enter(game, o, 2)
    for j in (card_of(game, 0, "Sucata V1", 0), card_of(game, 0, "Sucata V1", 1)):
        game.move(j, Zone.HAND)
    t = card_of(game, 0, "Tentáculos da Escuridão V1")
    s = card_of(game, 0, "Shuma-Gorath V1")
    game.move(t, Zone.RESOURCES)
    at(game, "preparation")
    before = stage(game, m)
    activate(game, ev)
    assert (stage(game, m), stage(game, o)) == (before, before - 1)      # only the one chosen: Bruxo
    assert [d.options for d in seen] == [("Maga V1#2", "Bruxo V1#3")]
    hand = game.state.players[0].hand
    assert card_of(game, 0, "Sucata V1", 0) not in hand and card_of(game, 0, "Sucata V1", 1) not in hand   # X = 2
    assert s in hand and t in hand                               # one from the deck, one from the resources


def test_rede_de_espionagem_looks_at_the_top_five_of_a_chosen_deck_and_puts_them_back_in_any_order() -> None:
    """Rede de Espionagem V1 (BSUM 78/100): the user's controller picks a deck (here the opponent's), looks at its
    five top cards and puts those same cards back on top of that deck in an order of their choosing; the rest of
    the deck and the other deck are untouched."""
    a = Eager({"choose": [lambda d: [next(i for i, o in enumerate(d.options) if "1" in o)]],
               "order": [lambda d: list(reversed(range(len(d.options))))]})
    user = own_character("Espiã", powers="Genialidade")
    game = match([user, corpus_card("BSUM 78/100")], a=a)
    u, rede = card_of(game, 0, "Espiã V1"), card_of(game, 0, "Rede de Espionagem V1")
    enter(game, u, 2, carried=[rede])
    theirs, mine = list(game.state.players[1].deck), list(game.state.players[0].deck)
    at(game, "combat", "attack")
    use(game, u, "Rede de Espionagem")
    after = game.state.players[1].deck
    assert after[:5] == list(reversed(theirs[:5])) and after[5:] == theirs[5:]     # the order chosen
    assert game.state.players[0].deck == mine


def _paranormal(short: bool) -> tuple[list[int], list[int], list[int]]:
    a = Eager({"choose": [lambda d: [next(i for i, o in enumerate(d.options) if "1" in o)]]})
    user = own_character("Vidente", powers="Telecinesia")
    game = match([user, corpus_card("(2016) BSAQ 105/112")], a=a)
    u, inv = card_of(game, 0, "Vidente V1"), card_of(game, 0, "Investigação Paranormal V1")
    enter(game, u, 2, carried=[inv])
    deck = game.state.players[1].deck
    if short:
        for c in list(deck[2:]):
            game.move(c, Zone.HAND)
    top = list(deck[:3])
    before = list(game.state.players[1].resources)
    at(game, "combat", "attack")
    use(game, u, "Investigação Paranormal")
    return top, before, list(game.state.players[1].resources)


def test_investigacao_paranormal_puts_the_top_three_of_a_chosen_deck_in_its_owners_resources() -> None:
    """Investigação Paranormal V1 ((2016) BSAQ 105/112), Singularidade: the three top cards of the deck chosen
    (the opponent's) go to that player's resources; with only two cards left there, both go (4.6.2 I: an effect is
    done as far as it can be -- what the parenthesis restates)."""
    top, before, after = _paranormal(short=False)
    assert len(top) == 3 and sorted(after) == sorted(before + top)
    top, before, after = _paranormal(short=True)
    assert len(top) == 2 and sorted(after) == sorted(before + top)
