"""Manual, "Fixe, Legado e Rastro" and "Seu Herói também participa"."""

from __future__ import annotations

import pytest
from sky_fixtures import FILLER, THIS, Side, Table, activated, seal, static

from cardscript.compiler.ir import Condition, Effect, EffectKind, Kind, Procedure, Ref, Selector
from cardscript.games.sky_world import ir
from cardscript.games.sky_world.plays import drain, legal_plays
from cardscript.games.sky_world.queries import Context, evolutions, holds

SUCCESSOR = Selector(kind=Kind.CHARACTER, ref=Ref.SLOT, slot="event:object")


def test_charles_carrying_gili_is_destroyed_gili_is_consumed_not_a_second_essence() -> None:
    """"Charles, Passagem pelo Vazio carrega Gili, Fúria do Vazio. Se Charles for destruído, ele vai ao Banco. Gili
    perde o último vínculo e é consumida: não cria uma segunda Essência.\""""
    gili = ir.SkyCard("Gili, Fúria do Vazio", "Gili", power=1,
                      effects=(activated("hand", ir.Fix(onto=Selector(kind=Kind.CHARACTER, filters=())),),))
    charles = ir.SkyCard("Charles, Passagem pelo Vazio", "Charles", power=3)
    t = Table(Side(board=[charles], hand=[gili]))
    t.engine.resolve(gili.effects[0], Context(0, t.id("Gili, Fúria do Vazio")), "fixe")
    p = t.state.players[0]
    assert [f.card for f in p.fixed] == [t.id("Gili, Fúria do Vazio")] and p.essences == 0
    t.engine.destroy(t.id("Charles, Passagem pelo Vazio"), "effect")
    assert p.bank == [t.id("Charles, Passagem pelo Vazio")] and p.essences == 1
    assert p.consumed == [t.id("Gili, Fúria do Vazio")] and p.fixed == []


def test_legado_fixes_the_replaced_card_on_the_successor_and_keeps_earlier_bindings() -> None:
    legacy = seal("LEGADO", ir.Fix(onto=SUCCESSOR))
    first = ir.SkyCard("Arthur I", "Arthur", power=2, stage=1, insignia="A", effects=(legacy,))
    second = ir.SkyCard("Arthur II", "Arthur", power=4, stage=2, insignia="A", effects=(legacy,))
    third = ir.SkyCard("Arthur III", "Arthur", power=6, stage=3, insignia="A")
    t = Table(Side(board=[first], hand=[second, third]))
    t.state.players[0].awaken_limit = 2
    t.engine.awaken(0, t.id("Arthur II"))
    t.engine.settle()
    p = t.state.players[0]
    assert [(f.card, f.host) for f in p.fixed] == [(t.id("Arthur I"), t.id("Arthur II"))] and p.bank == []
    t.engine.awaken(0, t.id("Arthur III"))
    t.engine.settle()
    assert sorted(f.card for f in p.fixed) == sorted([t.id("Arthur I"), t.id("Arthur II")])
    assert all(f.host == t.id("Arthur III") for f in p.fixed)


def test_fixar_e_despertar_returns_to_the_field_in_preparation_when_the_binding_ends() -> None:
    sleeper = ir.SkyCard("Adormecido", "Adormecido", power=2,
                         effects=(activated("hand", ir.Fix(onto=Selector(kind=Kind.CHARACTER), awaken=True)),))
    host = ir.SkyCard("Anfitrião", "Anfitrião", power=3)
    t = Table(Side(board=[host], hand=[sleeper]))
    t.engine.resolve(sleeper.effects[0], Context(0, t.id("Adormecido")), "fixar + despertar")
    assert t.state.players[0].free_slots() == [1, 2, 3, 4]
    t.engine.destroy(t.id("Anfitrião"), "effect")
    back = t.ch("Adormecido")
    assert back.preparation and t.state.players[0].slots[0] is back


def test_one_i_one_ii_one_iii_are_two_evolutions_a_single_iii_one() -> None:
    """"Você tem um personagem I, um II e um III: são duas evoluções em campo. Se só houver um III, há apenas uma
    evolução.\""""
    i, ii, iii = (ir.SkyCard(f"S{n}", "S", power=1, stage=n) for n in (1, 2, 3))
    t = Table(Side(board=[i, ii, iii]))
    assert evolutions(t.state, 0) == 2
    t2 = Table(Side(board=[iii]))
    assert evolutions(t2.state, 0) == 1


def test_drenar_fe_2_consumes_4_and_the_rival_loses_2_not_below_zero_not_transferred() -> None:
    t = Table(Side(bank=[FILLER] * 8, faith=5), Side(faith=3))
    drain(t.engine, 0)
    assert t.state.players[1].faith == 1 and t.state.players[0].faith == 5 and t.state.players[0].essences == 4
    drain(t.engine, 0)
    assert t.state.players[1].faith == 0 and t.state.players[0].essences == 0
    assert not [x for x in legal_plays(t.engine, 0) if x.kind == "drain"]


def test_the_heros_power_needs_its_evolution_tier_cost_and_limit_and_spends_no_despertar() -> None:
    release = ir.HeroPower(_effect(ir.GainFaith(amount=1)), cost=0, evolutions=2, limit_per_turn=1)
    hero = ir.SkyCard("Morteus da Reserva", "Morteus", card_type="Herói", hero_power=release)
    ii, iii = ir.SkyCard("E2", "E", power=1, stage=2), ir.SkyCard("E3", "E", power=1, stage=3)
    t = Table(Side(board=[iii], hero=hero))
    assert not [x for x in legal_plays(t.engine, 0) if x.kind == "hero"]
    t2 = Table(Side(board=[ii, iii], hero=hero))
    (use,) = [x for x in legal_plays(t2.engine, 0) if x.kind == "hero"]
    use.run()
    assert t2.state.players[0].faith == 1 and t2.state.players[0].awakens_used == 0
    assert not [x for x in legal_plays(t2.engine, 0) if x.kind == "hero"]


def _effect(*procedures: Procedure) -> Effect:
    return Effect(EffectKind.ACTIVATED, procedures, zone="hero", text="PODER DO HERÓI")


def test_reserva_apogeu_formacao() -> None:
    i, ii, iii = (ir.SkyCard(f"S{n}", "S", power=1, stage=n) for n in (1, 2, 3))
    t = Table(Side(board=[i, iii], bank=[FILLER] * 3))
    ctx = Context(0)
    assert holds(t.state, Condition("reserve", value="3"), ctx) and not holds(t.state, Condition("reserve", value="4"),
                                                                               ctx)
    assert holds(t.state, Condition("apogee"), ctx) and not holds(t.state, Condition("formation"), ctx)
    t2 = Table(Side(board=[i, ii, iii]))
    assert holds(t2.state, Condition("formation"), ctx)
    with pytest.raises(ValueError, match="no condition"):
        holds(t.state, Condition("nope"), ctx)


def test_arthurs_legado_fixes_him_on_the_successor_with_his_attack_permission_no_extra_action() -> None:
    """"Arthur deve ficar fixado no personagem evoluído e conceder sua permissão de ataque. Essa permissão não
    concede ação extra nem libera Preparação.\""""
    permission = static(ir.AllowAttack(targets=THIS, in_preparation=True))
    arthur = ir.SkyCard("Arthur", "Arthur", power=2, stage=1, insignia="A",
                        effects=(seal("LEGADO", ir.Fix(onto=SUCCESSOR, grants=(permission,))),))
    successor = ir.SkyCard("Arthur II", "Arthur", power=5, stage=2, insignia="A")
    t = Table(Side(board=[arthur], hand=[successor], ready=False), Side(board=[FILLER]))
    t.ch("Carta", 1).vulnerable = True
    t.engine.awaken(0, t.id("Arthur II"))
    t.engine.settle()
    heir = t.ch("Arthur II")
    assert heir.preparation                                    # Preparação is not released
    kinds = {x.kind for x in legal_plays(t.engine, 0) if x.facts.get("card") == t.id("Arthur II")}
    assert kinds == {"attack"}                                  # attacking allowed, channelling not
    t.engine.attack(t.id("Arthur II"), t.id("Carta", 1))
    assert not [x for x in legal_plays(t.engine, 0) if x.facts.get("card") == t.id("Arthur II")]


def test_anastacia_replaces_each_essence_an_evolution_consumes_by_bloquear_2() -> None:
    """"Anastacia, Estandarte da Ascensão tem uma passiva desde a primeira evolução: substitua cada Essência que
    seria consumida nessa evolução por Bloquear 2. Consumo 2 vira Bloquear 4.\""""
    passive = Effect(EffectKind.STATIC, (ir.ConsumptionAsBlock(per=2),), zone="hero",
                     condition=Condition("evolutions", value="1"))
    hero = ir.SkyCard("Anastacia, Estandarte da Ascensão", "Anastacia", card_type="Herói", effects=(passive,))
    low = ir.SkyCard("Broto I", "Broto", power=1, stage=1, insignia="B")
    high = ir.SkyCard("Broto II", "Broto", requirement=4, consumption=2, power=4, stage=2, insignia="B")
    other = ir.SkyCard("Outro II", "Outro", power=3, stage=2, insignia="O")
    t = Table(Side(board=[low, other], hand=[high], bank=[FILLER] * 4, hero=hero))
    assert t.engine.can_awaken(0, t.id("Broto II"))
    t.engine.awaken(0, t.id("Broto II"))
    p = t.state.players[0]
    assert p.blocks == 4 and p.consumed == [] and p.essences == 5     # the Broto I joined the Banco
    t2 = Table(Side(board=[low], hand=[high], bank=[FILLER] * 4, hero=hero))   # no evolution yet: consumo paid
    t2.engine.awaken(0, t2.id("Broto II"))
    assert t2.state.players[0].blocks == 0 and len(t2.state.players[0].consumed) == 2
