"""Manual, "Escolha seu combate" and "Poder zero destrói"."""

from __future__ import annotations

from sky_fixtures import FLOR_I, NINA, THIS, Side, Table, enemy, seal, static

from cardscript.compiler.ir import Filter, Kind, Selector
from cardscript.games.sky_world import ir
from cardscript.games.sky_world.queries import power
from cardscript.games.sky_world.turn import end_turn

WEAK = ir.SkyCard("Fraco", "Fraco", power=2, faith=1)


def test_flor_power_5_destroys_a_vulnerable_enemy_of_power_2_and_stays_vulnerable_spent() -> None:
    """"Flor tem Poder 5 e enfrenta um inimigo vulnerável de Poder 2: o inimigo é destruído e vai ao Banco do dono.
    Flor sobrevive, mas fica vulnerável com a ação gasta.\""""
    t = Table(Side(board=[FLOR_I]), Side(board=[WEAK]))
    t.ch("Fraco", 1).vulnerable = True
    assert t.engine.attack_targets(t.id("Flor I")) == [t.id("Fraco", 1)]
    t.engine.attack(t.id("Flor I"), t.id("Fraco", 1))
    assert t.state.players[1].bank == [t.id("Fraco", 1)]
    flor = t.ch("Flor I")
    assert flor.vulnerable and flor.spent
    assert t.state.players[0].faith == 0               # "Atacar não concede Fé"


def test_only_a_vulnerable_enemy_is_attacked() -> None:
    t = Table(Side(board=[FLOR_I]), Side(board=[WEAK]))
    assert t.engine.attack_targets(t.id("Flor I")) == []


def test_a_tie_destroys_both() -> None:
    twin = ir.SkyCard("Gêmeo", "Gêmeo", power=5, faith=1)
    t = Table(Side(board=[FLOR_I]), Side(board=[twin]))
    t.ch("Gêmeo", 1).vulnerable = True
    t.engine.attack(t.id("Flor I"), t.id("Gêmeo", 1))
    assert t.state.character(t.id("Flor I")) is None and t.state.character(t.id("Gêmeo", 1)) is None
    assert t.state.players[0].bank == [t.id("Flor I")] and t.state.players[1].bank == [t.id("Gêmeo", 1)]


def test_the_attacker_with_less_power_is_destroyed() -> None:
    big = ir.SkyCard("Grande", "Grande", power=7, faith=1)
    t = Table(Side(board=[FLOR_I]), Side(board=[big]))
    t.ch("Grande", 1).vulnerable = True
    t.engine.attack(t.id("Flor I"), t.id("Grande", 1))
    assert t.state.character(t.id("Flor I")) is None and t.state.character(t.id("Grande", 1)) is not None


def test_a_combat_shield_prevents_the_destruction_in_combat() -> None:
    shielded = ir.SkyCard("Escudo", "Escudo", power=2, faith=1,
                          effects=(static(ir.Protect(targets=THIS, against="combat")),))
    t = Table(Side(board=[FLOR_I]), Side(board=[shielded]))
    t.ch("Escudo", 1).vulnerable = True
    t.engine.attack(t.id("Flor I"), t.id("Escudo", 1))
    assert t.state.character(t.id("Escudo", 1)) is not None and t.events("protected")


def test_power_2_with_a_combat_shield_receives_intimidar_2_and_is_destroyed() -> None:
    """"Um personagem de Poder 2 com escudo de combate recebe Intimidar 2. Seu Poder chega a zero: ele é destruído,
    mesmo com o escudo.\""""
    shielded = ir.SkyCard("Escudo", "Escudo", power=2, faith=1,
                          effects=(static(ir.Protect(targets=THIS, against="combat")),))
    intimidar = ir.SkyCard("Intimida", "Intimida", power=3, effects=(
        seal("AO ENTRAR", ir.ChangePower(targets=enemy(), amount=-2)),))
    t = Table(Side(hand=[intimidar]), Side(board=[shielded]))
    t.engine.awaken(0, t.id("Intimida"))
    t.engine.settle()
    assert t.state.character(t.id("Escudo", 1)) is None
    assert t.state.players[1].bank == [t.id("Escudo", 1)]
    assert [e["how"] for e in t.events("destroyed")] == ["zero"]


def test_the_end_of_a_bonus_brings_power_to_zero_and_destroys() -> None:
    t = Table(Side(board=[NINA]))
    t.engine.change_power(t.id("Nina"), -2, permanent=True)
    t.engine.change_power(t.id("Nina"), 2, permanent=False)
    t.engine.check_zero()
    assert t.state.character(t.id("Nina")) is not None
    end_turn(t.engine, 0)
    assert t.state.character(t.id("Nina")) is None


def test_cannot_be_destroyed_keeps_it_even_at_power_zero() -> None:
    safe = ir.SkyCard("Imune", "Imune", power=1, effects=(static(ir.Protect(targets=THIS, against="any")),))
    t = Table(Side(board=[safe]))
    t.engine.change_power(t.id("Imune"), -1, permanent=True)
    t.engine.check_zero()
    assert t.state.character(t.id("Imune")) is not None


def test_the_final_power_counts_bonuses_and_reductions() -> None:
    aura = ir.SkyCard("Aura", "Aura", power=1, effects=(
        static(ir.ChangePower(targets=Selector(kind=Kind.CHARACTER, every=True,
                                              filters=(Filter("controller", "eq", "you"),)), amount=1)),))
    t = Table(Side(board=[FLOR_I, aura]))
    t.engine.change_power(t.id("Flor I"), -1, permanent=False)
    assert power(t.state, t.id("Flor I")) == 5 and power(t.state, t.id("Aura")) == 2


def test_ao_atacar_happens_before_the_comparison() -> None:
    brave = ir.SkyCard("Bravo", "Bravo", power=2, faith=1, effects=(
        seal("AO ATACAR", ir.ChangePower(targets=THIS, amount=4)),))
    t = Table(Side(board=[brave]), Side(board=[FLOR_I]))
    t.ch("Flor I", 1).vulnerable = True
    t.engine.attack(t.id("Bravo"), t.id("Flor I", 1))
    assert t.state.character(t.id("Flor I", 1)) is None and t.state.character(t.id("Bravo")) is not None


def test_ao_sobreviver_atacando_only_if_the_attacker_survives() -> None:
    gain = seal("AO SOBREVIVER ATACANDO", ir.GainFaith(amount=2))
    winner = ir.SkyCard("Vence", "Vence", power=6, faith=1, effects=(gain,))
    loser = ir.SkyCard("Perde", "Perde", power=1, faith=1, effects=(gain,))
    t = Table(Side(board=[winner, loser]), Side(board=[FLOR_I]))
    t.ch("Flor I", 1).vulnerable = True
    t.engine.attack(t.id("Perde"), t.id("Flor I", 1))
    assert t.state.players[0].faith == 0
    t.engine.attack(t.id("Vence"), t.id("Flor I", 1))
    assert t.state.players[0].faith == 2


def test_ao_morrer_on_destruction_not_on_evolution() -> None:
    dying = seal("AO MORRER", ir.GainFaith(amount=1))
    card = ir.SkyCard("Mártir", "Mártir", power=1, faith=1, stage=1, insignia="M", effects=(dying,))
    heir = ir.SkyCard("Mártir II", "Mártir", requirement=0, power=3, stage=2, insignia="M")
    t = Table(Side(board=[card], hand=[heir], deck=[NINA]))
    t.engine.awaken(0, t.id("Mártir II"))
    t.engine.settle()
    assert t.state.players[0].faith == 0
    t.engine.destroy(t.id("Mártir II"), "effect")
    t2 = Table(Side(board=[card]))
    t2.engine.destroy(t2.id("Mártir"), "effect")
    t2.engine.settle()
    assert t2.state.players[0].faith == 1


def test_interceptar_takes_the_first_attack_and_renews_when_vulnerable_again() -> None:
    guard = ir.SkyCard("Guarda", "Guarda", power=9, faith=1, keywords=("Interceptar",))
    t = Table(Side(board=[FLOR_I, NINA]), Side(board=[WEAK, guard]))
    t.ch("Fraco", 1).vulnerable = True
    assert t.engine.attack_targets(t.id("Flor I")) == [t.id("Guarda", 1)]
    t.engine.attack(t.id("Nina"), t.id("Guarda", 1))
    assert t.engine.attack_targets(t.id("Flor I")) == [t.id("Fraco", 1)]
    t.engine.make_vulnerable(t.id("Guarda", 1))
    assert t.engine.attack_targets(t.id("Flor I")) == [t.id("Guarda", 1)]


def test_an_ability_may_allow_other_targets_than_the_vulnerable() -> None:
    bold = ir.SkyCard("Ousado", "Ousado", power=5, effects=(static(ir.AllowAttack(targets=THIS, any_target=True)),))
    t = Table(Side(board=[bold, FLOR_I]), Side(board=[WEAK]))
    assert t.engine.attack_targets(t.id("Ousado")) == [t.id("Fraco", 1)]
    assert t.engine.attack_targets(t.id("Flor I")) == []
