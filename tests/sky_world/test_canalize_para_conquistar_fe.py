"""Manual, "Canalize para conquistar Fé" and "Desperte e prepare seu campo"."""

from __future__ import annotations

import pytest
from sky_fixtures import ELYRA, NINA, THIS, Side, Table, activated, seal

from cardscript.games.sky_world import ir
from cardscript.games.sky_world.game import SkyGameOver
from cardscript.games.sky_world.plays import legal_plays
from cardscript.games.sky_world.turn import end_turn, start_turn


def test_canalize_19_fe_plus_1_wins() -> None:
    """"Você tem 19 de Fé. Nina canaliza 1: você chega a 20 e vence imediatamente.\""""
    t = Table(Side(faith=19, board=[NINA]))
    with pytest.raises(SkyGameOver) as over:
        t.engine.channel(t.id("Nina"))
    assert over.value.winner == 0 and t.state.players[0].faith == 20


def test_the_points_stay_when_the_character_is_destroyed() -> None:
    t = Table(Side(faith=3, board=[NINA]))
    t.engine.channel(t.id("Nina"))
    t.engine.destroy(t.id("Nina"), "effect")
    assert t.state.players[0].faith == 4


def test_channelling_makes_it_vulnerable_with_its_action_spent() -> None:
    t = Table(Side(board=[NINA]))
    t.engine.channel(t.id("Nina"))
    nina = t.ch("Nina")
    assert nina.vulnerable and nina.spent and nina.channeled and not nina.ready
    assert not [p for p in legal_plays(t.engine, 0) if p.kind in ("channel", "attack")]


def test_elyra_requirement_1_enters_in_preparation_and_acts_next_turn() -> None:
    """"Elyra pede 1 e não consome Essências. Ela entra em Preparação; no próximo turno seu, poderá escolher entre
    atacar e canalizar.\""""
    t = Table(Side(hand=[ELYRA], bank=[NINA]), Side(board=[NINA]))
    t.ch("Nina", 1).vulnerable = True
    t.engine.awaken(0, t.id("Elyra"))
    elyra = t.ch("Elyra")
    assert elyra.preparation and len(t.state.players[0].bank) == 1
    assert not [p for p in legal_plays(t.engine, 0) if p.kind in ("channel", "attack")]
    end_turn(t.engine, 0)
    t.state.players[1].slots[0].vulnerable = True        # type: ignore[union-attr]
    start_turn(t.engine, 0)
    kinds = {p.kind for p in legal_plays(t.engine, 0) if p.facts.get("card") == t.id("Elyra")}
    assert {"channel", "attack"} <= kinds


def test_a_character_that_enters_ready_acts_in_its_first_turn() -> None:
    swift = ir.MakeReady(targets=THIS, leave_preparation=True)
    card = ir.SkyCard("Veloz", "Veloz", power=2, faith=2, effects=(seal("AO ENTRAR", swift),))
    t = Table(Side(hand=[card]))
    t.engine.awaken(0, t.id("Veloz"))
    t.engine.settle()
    assert t.ch("Veloz").ready


def test_ativacao_after_channelling_even_vulnerable_but_never_in_preparation() -> None:
    gain = activated("field", ir.GainFaith(amount=1), limit=1)
    card = ir.SkyCard("Ativa", "Ativa", power=2, faith=1, effects=(gain,))
    t = Table(Side(board=[card]))
    t.engine.channel(t.id("Ativa"))
    assert [p for p in legal_plays(t.engine, 0) if p.kind == "activate"]
    t.ch("Ativa").preparation = True
    assert not [p for p in legal_plays(t.engine, 0) if p.kind == "activate"]


def test_ativacao_neither_spends_nor_gives_back_the_action_and_its_limit_is_not_renewed_by_ready() -> None:
    gain = activated("field", ir.GainFaith(amount=1), limit=1)
    card = ir.SkyCard("Ativa", "Ativa", power=2, faith=1, effects=(gain,))
    t = Table(Side(board=[card]))
    (use,) = [p for p in legal_plays(t.engine, 0) if p.kind == "activate"]
    use.run()
    assert t.state.players[0].faith == 1 and t.ch("Ativa").ready
    t.engine.make_ready(t.id("Ativa"), False)
    assert not [p for p in legal_plays(t.engine, 0) if p.kind == "activate"]


def test_preparation_ends_at_the_end_of_the_turn_but_spent_cards_stay_spent() -> None:
    t = Table(Side(board=[NINA, ELYRA], ready=False))
    t.ch("Nina").preparation = False
    t.engine.channel(t.id("Nina"))
    end_turn(t.engine, 0)
    assert not t.ch("Elyra").preparation and t.ch("Nina").spent


DUDURIMA = ir.SkyCard("Dudurima", "Dudurima", power=2, faith=1, effects=(
    activated("field", ir.Consume(amount=1, cost=True), ir.PreventChannelFaith(), limit=1),))


def _dudurima_table() -> Table:
    from sky_fixtures import FILLER
    return Table(Side(board=[DUDURIMA], bank=[FILLER] * 2, hand=[FILLER] * 6),
                 Side(board=[NINA, NINA], hand=[FILLER] * 6))


def test_dudurima_channels_then_activates_consuming_1_the_first_rival_channel_grants_no_fe() -> None:
    """"Dudurima pode canalizar e depois ativar, consumindo 1 Essência. Ela continua vulnerável. A ativação impede a
    primeira canalização de conceder Fé no próximo turno rival.\""""
    t = _dudurima_table()
    t.engine.channel(t.id("Dudurima"))
    (use,) = [p for p in legal_plays(t.engine, 0) if p.kind == "activate"]
    use.run()
    assert t.ch("Dudurima").vulnerable and t.state.players[0].essences == 1 and t.state.players[0].faith == 1
    end_turn(t.engine, 0)
    start_turn(t.engine, 1)
    first, second = (c.card for c in t.state.players[1].characters())
    t.engine.channel(first)
    assert t.state.players[1].faith == 0 and t.events("faith_prevented")
    t.engine.channel(second)
    assert t.state.players[1].faith == 1
    end_turn(t.engine, 1)
    assert t.state.lasting == []


def test_if_dudurima_is_destroyed_before_the_prevention_ends() -> None:
    """"Se Dudurima for destruída antes disso, o impedimento acaba.\""""
    t = _dudurima_table()
    (use,) = [p for p in legal_plays(t.engine, 0) if p.kind == "activate"]
    use.run()
    end_turn(t.engine, 0)
    start_turn(t.engine, 1)
    t.engine.destroy(t.id("Dudurima"), "effect")
    t.engine.channel(t.state.players[1].characters()[0].card)
    assert t.state.players[1].faith == 1
