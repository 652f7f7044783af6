"""Manual, "Construa seu Banco de Essências" and "Consumir retira a Essência"."""

from __future__ import annotations

from sky_fixtures import ELYRA, FILLER, MORTEUS, NINA, LabelAgent, Side, Table

from cardscript.games.sky_world import ir
from cardscript.games.sky_world.plays import conversions_allowed, convert, legal_plays


def test_convert_one_card_from_0_to_1_essence_then_awaken_elyra_requirement_1() -> None:
    """"Você converte uma carta e passa de 0 para 1 Essência. Desperta Elyra, cujo requisito é 1. Como ela não tem
    consumo, seu Banco continua com 1.\""""
    t = Table(Side(hand=[FILLER, ELYRA]))
    p = t.state.players[0]
    assert not t.engine.can_awaken(0, t.id("Elyra"))
    convert(t.engine, 0, t.id("Carta"))
    assert p.essences == 1
    assert t.engine.can_awaken(0, t.id("Elyra"))
    t.engine.awaken(0, t.id("Elyra"))
    assert p.essences == 1 and t.ch("Elyra").preparation


def test_virar_essencia_once_a_turn_two_on_the_second_players_first_turn() -> None:
    t = Table(Side(hand=[FILLER] * 3), first=1)
    assert conversions_allowed(t.engine, 0) == 2
    t.state.players[0].turns_played = 1
    assert conversions_allowed(t.engine, 0) == 1
    t2 = Table(Side(hand=[FILLER] * 3), first=0)
    assert conversions_allowed(t2.engine, 0) == 1
    convert(t2.engine, 0, t2.state.players[0].hand[0])
    assert not [x for x in legal_plays(t2.engine, 0) if x.kind == "convert"]


def test_the_amber_card_counts_for_requirements_but_is_not_consumable_until_the_next_turn() -> None:
    t = Table(Side(hand=[FILLER]))
    convert(t.engine, 0, t.id("Carta"))
    p = t.state.players[0]
    assert p.essences == 1 and p.consumable_count == 0 and p.free_capacity == 1
    from cardscript.games.sky_world.turn import start_turn
    start_turn(t.engine, 1)
    assert p.amber                                      # the amber stays during the rival's turn
    start_turn(t.engine, 0)
    assert not p.amber and p.consumable_count == 1


def test_destroyed_characters_go_to_the_owners_bank_available_at_once() -> None:
    t = Table(Side(), Side(board=[NINA]))
    t.engine.destroy(t.id("Nina", 1), "effect")
    rival = t.state.players[1]
    assert rival.bank == [t.id("Nina", 1)] and rival.consumable_count == 1


def test_with_6_essences_and_2_blocks_any_4_eligible_cards_may_be_consumed() -> None:
    t = Table(Side(bank=[FILLER] * 6))
    p = t.state.players[0]
    t.engine.block(0, 2)
    assert p.essences == 6 and p.consumable_count == 4
    decisions = LabelAgent()
    t.game.agents = [decisions, decisions]
    t.engine.consume(0, 4)
    assert decisions.seen[0].options and len(decisions.seen[0].options) == 6 and decisions.seen[0].minimum == 4
    assert p.essences == 2 and len(p.consumed) == 4


def test_5_essences_awaken_morteus_requirement_4_consumption_1_leaves_4() -> None:
    """"Você tem 5 Essências. Desperta Morteus, que exige 4 e consome 1. Depois do pagamento, seu Banco fica com 4.
    Fortalecer 1 concede +1 de Poder permanente a um aliado.\""""
    t = Table(Side(hand=[MORTEUS], bank=[FILLER] * 5))
    t.engine.awaken(0, t.id("Morteus"))
    assert t.state.players[0].essences == 4
    t.engine.change_power(t.id("Morteus"), 1, permanent=True)
    from cardscript.games.sky_world.turn import end_turn
    end_turn(t.engine, 0)
    from cardscript.games.sky_world.queries import power
    assert power(t.state, t.id("Morteus")) == 7


def test_morteus_asks_4_essences_in_the_bank() -> None:
    """"Morteus pede 4 Essências no Banco e consome 1 ao ser despertado. Ele tem Poder 6, Fé 2 e é de estágio I.\""""
    t = Table(Side(hand=[MORTEUS], bank=[FILLER] * 3))
    assert not t.engine.can_awaken(0, t.id("Morteus"))
    t2 = Table(Side(hand=[MORTEUS], bank=[FILLER] * 4))
    assert t2.engine.can_awaken(0, t2.id("Morteus"))
    assert (MORTEUS.power, MORTEUS.faith, MORTEUS.stage) == (6, 2, 1)


def test_blocking_does_not_reduce_the_banks_total() -> None:
    t = Table(Side(hand=[MORTEUS], bank=[FILLER] * 5))
    t.engine.block(0, 4)
    p = t.state.players[0]
    assert p.essences == 5 and p.consumable_count == 1 and t.engine.can_awaken(0, t.id("Morteus"))


def test_depositar_sends_hand_cards_to_the_bank_available_once_a_turn() -> None:
    dep = ir.Deposit(amount=2)
    from sky_fixtures import activated
    card = ir.SkyCard("Dep", "Dep", power=1, effects=(activated("field", dep), ))
    t = Table(Side(board=[card], hand=[NINA, NINA, FILLER]))
    t.engine.resolve(card.effects[0], _ctx(t, "Dep"), "dep")
    p = t.state.players[0]
    assert p.essences == 2 and p.consumable_count == 2 and len(p.hand) == 1
    t.engine.resolve(card.effects[0], _ctx(t, "Dep"), "dep")
    assert p.essences == 2


def _ctx(t: Table, title: str) -> object:
    from cardscript.games.sky_world.queries import Context
    return Context(0, t.id(title), host=t.id(title))


def test_permutar_brings_an_essence_to_the_hand_and_sends_another_card_available_at_once() -> None:
    perm = ir.Permutar()
    from sky_fixtures import activated
    card = ir.SkyCard("Troca", "Troca", power=1, effects=(activated("field", perm),))
    t = Table(Side(board=[card], hand=[FILLER], bank=[NINA]), agents=[LabelAgent("Nina", "Carta"), LabelAgent()])
    t.engine.resolve(card.effects[0], _ctx(t, "Troca"), "permutar")    # type: ignore[arg-type]
    p = t.state.players[0]
    assert p.hand == [t.id("Nina")] and p.bank == [t.id("Carta")] and p.consumable_count == 1
