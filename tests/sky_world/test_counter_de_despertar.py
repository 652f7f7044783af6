"""Manual, "Counter de despertar": while Aurora's Counter is active the rival awakens or evolves only by spending
a normal despertar."""

from __future__ import annotations

from sky_fixtures import FILLER, NINA, Side, Table, activated, static

from cardscript.compiler.ir import Kind, Selector
from cardscript.games.sky_world import ir
from cardscript.games.sky_world.queries import Context

AURORA = ir.SkyCard("Aurora", "Aurora", power=3, effects=(static(ir.CounterAwaken()),))
FREE = activated("field", ir.Awaken(cards=Selector(kind=Kind.CARD, zone="hand"), free=True))
GIVER = ir.SkyCard("Doador", "Doador", power=2, effects=(FREE,))
ARTHUR_I = ir.SkyCard("Arthur I", "Arthur", requirement=0, power=2, stage=1, insignia="Arthur")
ARTHUR_II = ir.SkyCard("Arthur II", "Arthur", requirement=1, consumption=1, power=4, stage=2, insignia="Arthur")


def _free_awaken(t: Table) -> None:
    t.engine.resolve(FREE, Context(0, t.id("Doador"), host=t.id("Doador")), "despertar grátis")


def test_arthur_with_a_normal_despertar_evolves_a_free_despertar_without_salvaguarda_is_stopped() -> None:
    """"Arthur usa um despertar normal: sua evolução é permitida. Já um despertar gratuito de uma carta sem
    Salvaguarda é impedido por Aurora.\""""
    t = Table(Side(board=[ARTHUR_I], hand=[ARTHUR_II], bank=[FILLER] * 2), Side(board=[AURORA]))
    t.engine.awaken(0, t.id("Arthur II"))
    assert t.state.character(t.id("Arthur II")) is not None
    t2 = Table(Side(board=[GIVER], hand=[NINA], bank=[FILLER] * 2), Side(board=[AURORA]))
    _free_awaken(t2)
    p = t2.state.players[0]
    assert t2.state.character(t2.id("Nina")) is None and t2.id("Nina") in p.bank
    assert p.essences == 3 and not p.consumed                 # no costs paid
    assert t2.events("countered")


def test_a_stopped_evolution_leaves_the_predecessor_on_the_field_and_pays_nothing() -> None:
    t = Table(Side(board=[GIVER, ARTHUR_I], hand=[ARTHUR_II], bank=[FILLER] * 2), Side(board=[AURORA]))
    _free_awaken(t)
    assert t.state.character(t.id("Arthur I")) is not None and t.state.character(t.id("Arthur II")) is None
    assert t.state.players[0].consumed == []


def test_salvaguarda_on_the_candidate_keeps_the_enemy_counter_from_affecting_it() -> None:
    guarded = ir.SkyCard("Guardada", "Guardada", power=2, keywords=("Salvaguarda",))
    t = Table(Side(board=[GIVER], hand=[guarded]), Side(board=[AURORA]))
    _free_awaken(t)
    assert t.state.character(t.id("Guardada")) is not None


def test_the_counter_ends_when_aurora_is_destroyed_and_never_stops_its_own_player() -> None:
    t = Table(Side(board=[GIVER, AURORA], hand=[NINA]))
    _free_awaken(t)
    assert t.state.character(t.id("Nina")) is not None
    t2 = Table(Side(board=[GIVER], hand=[NINA]), Side(board=[AURORA]))
    t2.engine.destroy(t2.id("Aurora", 1), "effect")
    _free_awaken(t2)
    assert t2.state.character(t2.id("Nina")) is not None
