"""Numbers said by reference (session 7): "{X}+1 cards" (the icon X where a number is read, 4.6.1), "aquele mesmo
número de cards" after a discarding (as many as were discarded -- fewer when the hand held fewer), and "A seguir," /
"Em seguida," leading a sentence as "Então," does. Card texts are our own."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Discard, Draw, Move, Ref
from tests.engine_helpers import card

ACTION = ("Habilidade: Teste V1\nPoder: Genialidade\n\nAção: Teste\n  Custo: {X}\n  Poder: Genialidade\n  ")


def _action(text: str) -> CardDef:
    d = card(ACTION + text + "\n")
    assert d.executable and d.action is not None, [e.why for e in d.action.modes] if d.action else None
    return d


def test_the_icon_x_as_a_number_of_cards() -> None:
    """"Descarte {X}+1 cards": X (the cost's) plus one."""
    (discard,) = _action("Descarte {X}+1 cards.").action.modes[0].procedures   # type: ignore[union-attr]
    assert isinstance(discard, Discard) and discard.amount.fixed == 1 and discard.amount.x_times == 1


def test_that_same_number_after_a_discard_is_the_number_discarded() -> None:
    """"Descarte dois cards. A seguir, coloque aquele mesmo número de cards de seus recursos na base de seu deck.
    Em seguida, compre aquele mesmo número de cards": both count the cards the discarding discarded."""
    d = _action("Descarte dois cards. A seguir, coloque aquele mesmo número de cards de seus recursos na base de seu "
                "deck. Em seguida, compre aquele mesmo número de cards.")
    discard, move, draw = d.action.modes[0].procedures   # type: ignore[union-attr]
    assert isinstance(discard, Discard) and discard.introduces.startswith("discarded:")
    assert isinstance(move, Move) and move.to == "deck_bottom" and move.cards.zone == "resources"
    assert isinstance(draw, Draw)
    for q in (move.cards.count, draw.amount):
        assert q.x is not None and q.x.what is not None
        assert q.x.what.ref is Ref.SLOT and q.x.what.slot == discard.introduces


def test_a_discard_nothing_counts_names_no_slot() -> None:
    """The IR says no more than the text: a discarding no later step counts keeps no slot."""
    (discard, _draw) = _action("Descarte dois cards. Em seguida, compre um card.").action.modes[0].procedures  # type: ignore[union-attr]
    assert isinstance(discard, Discard) and not discard.introduces


def test_that_same_number_on_the_engine_is_what_the_hand_could_discard() -> None:
    """On the engine: "Você pode descartar até dois cards. Se o fizer, compre aquele mesmo número de cards" with one
    card discarded draws one."""
    from cardscript.games.battle_scenes.runtime.state import Zone
    from tests.corpus_play import card_of, enter, match, use
    from tests.engine_helpers import Script, own_character

    act = card("Habilidade: Teste V1\nPoder: Super Força\n\nAção: Teste\n  Custo: {0}\n  Poder: Super Força\n"
               "  Você pode descartar até dois cards. Se o fizer, compre aquele mesmo número de cards.\n")
    game = match([act, own_character("Forte", ie=3)], a=Script({"optional": [[0]], "discard": [[0]]}))
    user, ability = card_of(game, 0, "Forte V1"), card_of(game, 0, "Teste V1")
    enter(game, user, 2, carried=[ability])
    me = game.state.players[0]
    me.hand[:] = []
    first = me.deck[0]
    game.move(first, Zone.HAND)
    game.state.phase, game.state.step = "combat", "attack"
    use(game, user, "Teste")
    assert first in me.resources and len(me.hand) == 1


def test_the_same_number_as_was_discarded_this_way_chosen_from_an_area() -> None:
    """"O oponente alvo descarta três cards. Escolha o mesmo número de cards que foi descartado desta forma dos
    recursos daquele jogador. Devolva os cards escolhidos desta forma para a mão de seu dono": as many as that
    player discarded, from that player's resources ("desta forma" takes no "dos recursos ..." of its own), and "os
    cards escolhidos desta forma" are those."""
    from cardscript.compiler.ir import Choose

    d = _action("O oponente alvo descarta três cards. Escolha o mesmo número de cards que foi descartado desta forma "
                "dos recursos daquele jogador. Devolva os cards escolhidos desta forma para a mão de seu dono.")
    discard, choose, move = d.action.modes[0].procedures   # type: ignore[union-attr]
    assert isinstance(discard, Discard) and isinstance(choose, Choose) and isinstance(move, Move)
    assert choose.what.zone == "resources" and choose.what.zone_owner is None and choose.what.of is not None
    assert choose.what.of.ref is Ref.TARGET
    q = choose.what.count
    assert q.x is not None and q.x.what is not None and q.x.what.slot == discard.introduces
    assert move.cards.ref is Ref.SLOT and move.cards.slot == choose.introduces and move.to == "hand"


def test_each_card_searched_this_way_in_a_search_trigger_is_the_events_cards() -> None:
    """"Toda vez que um jogador procurar por cards no próprio deck, ... para cada card procurado desta forma": the
    cards the triggering search found (the event's cards, 5.2), not a search of this effect."""
    d = card("Personagem: Vigia V1\nAlinhamento: Herói\nPoderes: Lâminas\nEnergia inicial: 4\nEscudo: 1\n\n"
             "Texto permanente:\n  Toda vez que um jogador procurar por cards no próprio deck, este personagem causa 1 "
             "ponto de dano em um personagem para cada card procurado desta forma.\n")
    assert d.executable, [e.why for e in d.effects]
    (damage,) = d.effects[0].procedures
    assert d.effects[0].trigger is not None and d.effects[0].trigger.event == "search"
    per = getattr(damage, "per", None)
    assert per is not None and per.what is not None and per.what.slot == "event:cards"
