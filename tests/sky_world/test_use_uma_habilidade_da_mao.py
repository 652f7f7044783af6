"""Manual, "Use uma habilidade da mão", "Evolua e compre uma carta", "Amplie o limite de Despertar"."""

from __future__ import annotations

from sky_fixtures import FILLER, FLOR_I, FLOR_II, LOTUS, NINA, LabelAgent, Side, Table, activated

from cardscript.games.sky_world import ir
from cardscript.games.sky_world.plays import legal_plays, raise_limit, use_from_hand
from cardscript.games.sky_world.queries import power
from cardscript.games.sky_world.turn import end_turn, start_turn


def test_with_3_essences_lotus_from_the_hand_on_nina_blocking_2() -> None:
    """"Com 3 Essências, use Lotus da mão, escolha Nina e bloqueie 2. Nina recebe +1 de Poder neste turno. O Banco
    continua com 3 para requisitos, mas só uma Essência está disponível para outros pagamentos.\""""
    t = Table(Side(hand=[LOTUS], bank=[FILLER] * 3, board=[NINA]))
    (play,) = [p for p in legal_plays(t.engine, 0) if p.kind == "hand_ability"]
    play.run()
    p = t.state.players[0]
    assert power(t.state, t.id("Nina")) == NINA.power + 1
    assert p.essences == 3 and p.blocks == 2 and p.consumable_count == 1
    assert p.trail == [t.id("Lotus")] and p.awakens_used == 0
    end_turn(t.engine, 0)
    assert power(t.state, t.id("Nina")) == NINA.power
    start_turn(t.engine, 0)
    assert p.trail == [] and t.id("Lotus") in p.consumed and p.blocks == 0


def test_a_hand_ability_needs_its_requirement_and_blocks_plus_costs_to_fit() -> None:
    t = Table(Side(hand=[LOTUS], bank=[FILLER] * 1, board=[NINA]))
    assert not [p for p in legal_plays(t.engine, 0) if p.kind == "hand_ability"]
    t2 = Table(Side(hand=[LOTUS], bank=[FILLER] * 2, board=[NINA]))
    use_from_hand(t2.engine, 0, t2.id("Lotus"), 0)
    assert t2.state.players[0].blocks == 2 and t2.state.players[0].consumable_count == 0


def test_flor_i_already_channelled_evolves_into_flor_ii_and_draws() -> None:
    """"Flor I já canalizou. Você a substitui por Flor II e compra uma carta: a evolução continua com a ação gasta.
    A Flor anterior entra no Banco.\""""
    t = Table(Side(board=[FLOR_I], hand=[FLOR_II], bank=[FILLER] * 2, deck=[NINA]))
    t.engine.channel(t.id("Flor I"))
    assert t.engine.can_awaken(0, t.id("Flor II"))
    t.engine.awaken(0, t.id("Flor II"))
    p = t.state.players[0]
    flor = t.ch("Flor II")
    assert flor.spent and flor.vulnerable and not flor.preparation
    assert t.id("Flor I") in p.bank and p.hand == [t.id("Nina")] and p.awakens_used == 1
    assert p.slots[0] is flor


def test_no_skipping_stages_and_the_same_insignia() -> None:
    flor_iii = ir.SkyCard("Flor III", "Flor", requirement=0, power=8, stage=3, insignia="Flor")
    other_ii = ir.SkyCard("Outro II", "Outro", requirement=0, power=8, stage=2, insignia="Outro")
    t = Table(Side(board=[FLOR_I], hand=[flor_iii, other_ii]))
    assert not t.engine.can_awaken(0, t.id("Flor III")) and not t.engine.can_awaken(0, t.id("Outro II"))


def test_evolving_draws_but_never_above_six() -> None:
    t = Table(Side(board=[FLOR_I], hand=[FLOR_II] + [FILLER] * 5, bank=[FILLER] * 2, deck=[NINA]))
    t.engine.awaken(0, t.id("Flor II"))
    assert len(t.state.players[0].hand) == 6


def test_the_despertar_used_and_4_available_raise_the_limit_to_two_bank_to_0_nina_still_enters() -> None:
    """"Com o direito de despertar do turno já usado e 4 Essências disponíveis, você amplia o limite para duas
    cartas. O Banco cai para 0; Nina, que exige 0, ainda pode ocupar um espaço livre.\""""
    t = Table(Side(hand=[NINA], bank=[FILLER] * 4))
    p = t.state.players[0]
    p.awakens_used = 1
    assert not t.engine.can_awaken(0, t.id("Nina"))
    raise_limit(t.engine, 0)
    assert p.awaken_limit == 2 and p.essences == 0 and t.engine.can_awaken(0, t.id("Nina"))
    assert not [x for x in legal_plays(t.engine, 0) if x.kind == "raise"]


def test_the_limit_rises_once_a_turn_up_to_four() -> None:
    t = Table(Side(bank=[FILLER] * 20, hand=[FILLER] * 6))
    p = t.state.players[0]
    for turn in range(5):
        if turn:
            start_turn(t.engine, 0)
        plays = [x for x in legal_plays(t.engine, 0) if x.kind == "raise"]
        if p.awaken_limit < 4:
            plays[0].run()
        else:
            assert not plays
    assert p.awaken_limit == 4


def test_a_free_despertar_keeps_requirement_and_consumo() -> None:
    from cardscript.compiler.ir import Kind, Selector
    free = ir.Awaken(cards=Selector(kind=Kind.CARD, zone="hand"), free=True)
    giver = ir.SkyCard("Doador", "Doador", power=1, effects=(activated("field", free),))
    t = Table(Side(board=[giver], hand=[NINA], bank=[]), agents=[LabelAgent(), LabelAgent()])
    t.state.players[0].awakens_used = 1
    assert not t.engine.can_awaken(0, t.id("Nina")) and t.engine.can_awaken(0, t.id("Nina"), free=True)
    from cardscript.games.sky_world.queries import Context
    t.engine.resolve(giver.effects[0], Context(0, t.id("Doador"), host=t.id("Doador")), "free")
    assert t.state.character(t.id("Nina")) is not None and t.state.players[0].awakens_used == 1


def test_primeiro_confira_requisito_alvos_e_custos_no_ally_no_hand_ability() -> None:
    """"Primeiro confira requisito, alvos e todos os custos" / "Sem um resultado legal, o pagamento não é
    confirmado": Lotus (Inspirar 1: an ally) is not playable with no ally on the field; with Nina it is."""
    t = Table(Side(hand=[LOTUS], bank=[FILLER] * 3))
    assert not [p for p in legal_plays(t.engine, 0) if p.kind == "hand_ability"]
    t2 = Table(Side(hand=[LOTUS], bank=[FILLER] * 3, board=[NINA]))
    assert [p for p in legal_plays(t2.engine, 0) if p.kind == "hand_ability"]


def test_an_ativacao_whose_only_target_has_salvaguarda_against_it_is_not_playable() -> None:
    """An enemy with Salvaguarda cannot be chosen ("não pode ser alvo de habilidades inimigas"): an ATIVAÇÃO whose
    only step chooses an enemy has no legal target."""
    from sky_fixtures import enemy
    guarded = ir.SkyCard("Guardado", "Guardado", power=2, faith=1, keywords=("Salvaguarda",))
    foe = ir.SkyCard("Rival", "Rival", power=3, effects=(activated("field", ir.ChangePower(targets=enemy(),
                                                                                            amount=-1)),))
    t = Table(Side(board=[foe]), Side(board=[guarded]))
    assert not [p for p in legal_plays(t.engine, 0) if p.kind == "activate"]
    t2 = Table(Side(board=[foe]), Side(board=[guarded, NINA]))
    assert [p for p in legal_plays(t2.engine, 0) if p.kind == "activate"]
