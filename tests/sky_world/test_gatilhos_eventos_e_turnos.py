"""Manual, "Gatilhos: eventos e turnos", "Gatilhos: combate e canalização" and "Sua vez, passo a passo"."""

from __future__ import annotations

from sky_fixtures import FILLER, NINA, THIS, LabelAgent, Side, Table, seal

from cardscript.compiler.ir import EventPattern, Filter, Kind, Selector
from cardscript.games.sky_world import ir
from cardscript.games.sky_world.queries import power
from cardscript.games.sky_world.seals import read_seal
from cardscript.games.sky_world.turn import end_turn, start_turn


def test_inicio_do_turno_fires_for_the_owner_before_the_free_plays() -> None:
    aurora = ir.SkyCard("Aurora", "Aurora", power=2, effects=(
        seal("INÍCIO DO TURNO", ir.ChangePower(targets=THIS, amount=-1, permanent=True)),))
    t = Table(Side(board=[aurora], hand=[FILLER] * 6), Side(hand=[FILLER] * 6))
    start_turn(t.engine, 1)
    assert power(t.state, t.id("Aurora")) == 2
    start_turn(t.engine, 0)
    assert power(t.state, t.id("Aurora")) == 1
    start_turn(t.engine, 0)                      # "Ao chegar a zero, é destruída"
    assert t.state.character(t.id("Aurora")) is None and t.id("Aurora") in t.state.players[0].bank


def test_no_fim_do_seu_turno_two_triggers_the_player_chooses_the_order() -> None:
    first = ir.SkyCard("Primeiro", "Primeiro", power=1, effects=(seal("NO FIM DO SEU TURNO", ir.GainFaith(amount=1)),))
    second = ir.SkyCard("Segundo", "Segundo", power=1, effects=(seal("NO FIM DO SEU TURNO", ir.GainFaith(amount=2)),))
    agent = LabelAgent("Segundo")
    t = Table(Side(board=[first, second]), agents=[agent, LabelAgent()])
    end_turn(t.engine, 0)
    faith = [(e["before"], e["after"]) for e in t.events("faith")]
    assert faith == [(0, 2), (2, 3)]
    assert [d.kind for d in agent.seen] == ["order"]


def test_ao_entrar_menos_fe_only_with_less_fe_than_the_rival() -> None:
    catch_up = ir.SkyCard("Reação", "Reação", power=1, effects=(seal("AO ENTRAR · MENOS FÉ", ir.GainFaith(amount=2)),))
    t = Table(Side(hand=[catch_up], faith=3), Side(faith=5))
    t.engine.awaken(0, t.id("Reação"))
    t.engine.settle()
    assert t.state.players[0].faith == 5
    t2 = Table(Side(hand=[catch_up], faith=5), Side(faith=5))
    t2.engine.awaken(0, t2.id("Reação"))
    t2.engine.settle()
    assert t2.state.players[0].faith == 5


def test_inicio_do_turno_espaco_livre_and_mais_essencias() -> None:
    space = ir.SkyCard("Espaço", "Espaço", power=1, effects=(seal("INÍCIO DO TURNO · ESPAÇO LIVRE",
                                                                   ir.GainFaith(amount=1)),))
    rich = ir.SkyCard("Rico", "Rico", power=1, effects=(seal("INÍCIO DO TURNO · MAIS ESSÊNCIAS",
                                                              ir.GainFaith(amount=10)),))
    t = Table(Side(board=[space, rich] + [NINA] * 3, bank=[FILLER], hand=[FILLER] * 6), Side(bank=[FILLER] * 2))
    start_turn(t.engine, 0)
    assert t.state.players[0].faith == 0
    t.engine.destroy(t.id("Nina"), "effect")
    start_turn(t.engine, 0)
    assert t.state.players[0].faith == 1


def test_ao_entrar_um_aliado_of_the_name_while_the_source_is_ready_not_itself() -> None:
    sealed = read_seal("AO ENTRAR UM DUDURIMA")
    assert sealed is not None and sealed.name == "Dudurima"
    pattern = EventPattern(event=sealed.seal.event,
                           subject=Selector(kind=Kind.CHARACTER, filters=(Filter("name", "eq", "Dudurima"),)))
    from cardscript.compiler.ir import Effect, EffectKind
    cheer = Effect(EffectKind.TRIGGERED, (ir.GainFaith(amount=1),), trigger=pattern, zone="field")
    dudu = ir.SkyCard("Dudurima", "Dudurima", power=1, effects=(cheer,))
    t = Table(Side(board=[dudu], hand=[dudu]))
    t.engine.awaken(0, t.state.players[0].hand[0])
    t.engine.settle()
    assert t.state.players[0].faith == 1               # the one on the field, not the one entering


def test_ao_canalizar_fe_and_ao_ficar_vulneravel_fire_once_per_change() -> None:
    on_channel = seal("AO CANALIZAR FÉ", ir.GainFaith(amount=1))
    on_vulnerable = seal("AO FICAR VULNERÁVEL", ir.ChangePower(targets=THIS, amount=1))
    card = ir.SkyCard("Sacerdote", "Sacerdote", power=1, faith=2, effects=(on_channel, on_vulnerable))
    t = Table(Side(board=[card]))
    t.engine.channel(t.id("Sacerdote"))
    assert t.state.players[0].faith == 3 and power(t.state, t.id("Sacerdote")) == 2
    t.engine.make_vulnerable(t.id("Sacerdote"))          # staying vulnerable is no new change
    t.engine.settle()
    assert power(t.state, t.id("Sacerdote")) == 2


def test_ao_destruir_atacando_and_quem_canalizou() -> None:
    reward = seal("AO DESTRUIR ATACANDO", ir.GainFaith(amount=1))
    hunter = seal("AO DESTRUIR QUEM CANALIZOU", ir.GainFaith(amount=5))
    card = ir.SkyCard("Caçador", "Caçador", power=5, effects=(reward, hunter))
    t = Table(Side(board=[card, card]), Side(board=[NINA, NINA]))
    nina_a, nina_b = (c.card for c in t.state.players[1].characters())
    t.engine.make_vulnerable(nina_a)
    t.state.active_player = 1
    t.engine.channel(nina_b)
    t.state.active_player = 0
    hunters = [c.card for c in t.state.players[0].characters()]
    t.engine.attack(hunters[0], nina_a)
    assert t.state.players[0].faith == 1
    t.engine.attack(hunters[1], nina_b)
    assert t.state.players[0].faith == 7


def test_a_limit_per_turn_is_not_renewed_by_becoming_ready() -> None:
    once = seal("AO CANALIZAR FÉ", ir.GainFaith(amount=1), limit=1)
    card = ir.SkyCard("Uma Vez", "Uma", power=1, faith=1, effects=(once,))
    t = Table(Side(board=[card]))
    t.engine.channel(t.id("Uma Vez"))
    t.engine.make_ready(t.id("Uma Vez"), False)
    t.engine.channel(t.id("Uma Vez"))
    assert t.state.players[0].faith == 3


def test_start_of_turn_renews_rights_actions_releases_blocks_and_amber() -> None:
    t = Table(Side(board=[NINA], bank=[FILLER] * 3, hand=[FILLER] * 6))
    p = t.state.players[0]
    t.engine.channel(t.id("Nina"))
    t.engine.block(0, 2)
    p.amber = [p.bank[0]]
    p.awakens_used, p.conversions_used = 1, 1
    start_turn(t.engine, 0)
    assert t.ch("Nina").ready and not t.ch("Nina").vulnerable
    assert p.blocks == 0 and p.amber == [] and p.awakens_used == 0 and p.conversions_used == 0


def test_primeira_habilidade_da_mao_resolves_on_the_next_hand_ability_within_its_limit() -> None:
    from sky_fixtures import LOTUS

    from cardscript.games.sky_world.plays import use_from_hand
    armed = ir.SkyCard("Armado", "Armado", power=1, effects=(seal("PRIMEIRA HABILIDADE DA MÃO",
                                                                   ir.GainFaith(amount=2), limit=1),))
    t = Table(Side(board=[armed, NINA], hand=[LOTUS, LOTUS], bank=[FILLER] * 4))
    first, second = t.state.players[0].hand
    use_from_hand(t.engine, 0, first, 0)
    assert t.state.players[0].faith == 2
    use_from_hand(t.engine, 0, second, 0)
    assert t.state.players[0].faith == 2
