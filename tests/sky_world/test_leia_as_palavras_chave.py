"""Manual, "Leia as palavras-chave", "Palavras-chave de efeito" and "Condições, vínculos e escolhas"."""

from __future__ import annotations

from sky_fixtures import FILLER, NINA, THIS, LabelAgent, Side, Table, activated, ally, enemy, static

from cardscript.compiler.ir import Condition, Effect, Filter, Kind, Selector
from cardscript.games.sky_world import ir
from cardscript.games.sky_world.queries import Context, power
from cardscript.games.sky_world.turn import end_turn

GUARDED = ir.SkyCard("Guardado", "Guardado", power=2, faith=1, keywords=("Salvaguarda",))


def _use(t: Table, effect: Effect, title: str, player: int = 0) -> None:
    t.engine.resolve(effect, Context(player, t.id(title, player), host=t.id(title, player)), effect.text)


def test_salvaguarda_no_enemy_ability_targets_it_allied_ones_do() -> None:
    intimidar = activated("field", ir.ChangePower(targets=enemy(), amount=-1))
    inspirar = activated("field", ir.ChangePower(targets=ally(Filter("name", "eq", "Guardado")), amount=1))
    foe = ir.SkyCard("Rival", "Rival", power=3, effects=(intimidar,))
    friend = ir.SkyCard("Amigo", "Amigo", power=3, effects=(inspirar,))
    t = Table(Side(board=[GUARDED, friend]), Side(board=[foe]))
    _use(t, intimidar, "Rival", 1)
    assert power(t.state, t.id("Guardado")) == 2
    _use(t, inspirar, "Amigo")
    assert power(t.state, t.id("Guardado")) == 3


def test_salvaguarda_does_not_stop_effects_without_a_choice_nor_attacks() -> None:
    sweep = activated("field", ir.ChangePower(targets=Selector(kind=Kind.CHARACTER, every=True,
                                                               filters=(Filter("controller", "eq", "opponent"),)),
                                              amount=-1))
    foe = ir.SkyCard("Rival", "Rival", power=3, effects=(sweep,))
    t = Table(Side(board=[GUARDED]), Side(board=[foe]))
    _use(t, sweep, "Rival", 1)
    assert power(t.state, t.id("Guardado")) == 1
    t.ch("Guardado").vulnerable = True
    assert t.engine.attack_targets(t.id("Rival", 1)) == [t.id("Guardado")]


def test_inspirar_this_turn_intimidar_this_turn_fortalecer_permanent() -> None:
    t = Table(Side(board=[NINA]))
    nina = t.id("Nina")
    for amount, permanent in ((1, False), (-1, False), (1, True)):
        t.engine.change_power(nina, amount, permanent)
    assert power(t.state, nina) == 3
    end_turn(t.engine, 0)
    assert power(t.state, nina) == 3 and t.ch("Nina").permanent_power == 1


def test_prontidao_chooses_an_ally_in_preparation_it_may_act_this_turn() -> None:
    ready = activated("field", ir.MakeReady(targets=ally(), leave_preparation=True, amount=1))
    giver = ir.SkyCard("Doador", "Doador", power=1, effects=(ready,))
    t = Table(Side(board=[giver, NINA]))
    t.ch("Nina").preparation = True
    _use(t, ready, "Doador")
    assert t.ch("Nina").ready and not t.ch("Nina").preparation


def test_revigorar_chooses_a_vulnerable_ally_out_of_preparation_ready_again() -> None:
    again = activated("field", ir.MakeReady(targets=ally(), amount=1))
    giver = ir.SkyCard("Doador", "Doador", power=1, effects=(again,))
    t = Table(Side(board=[giver, NINA, NINA]))
    first, second = t.state.players[0].slots[1], t.state.players[0].slots[2]
    assert first is not None and second is not None
    t.engine.channel(first.card)
    second.preparation = True
    t.engine.make_vulnerable(second.card)
    _use(t, again, "Doador")
    assert first.ready and not second.ready          # the one in Preparação is not a Revigorar target


def test_leon_blocks_3_to_ready_another_vulnerable_ally_keeping_preparation_and_limits() -> None:
    """"Leon, Voz do Legado pode Bloquear 3 para deixar outro aliado vulnerável pronto ... Eles recuperam a ação,
    mas continuam respeitando a Preparação e os limites de habilidades.\""""
    other = Selector(kind=Kind.CHARACTER, filters=(Filter("controller", "eq", "you"),), excluding=THIS)
    leon_effect = activated("field", ir.Block(amount=3, cost=True), ir.MakeReady(targets=other, amount=1), limit=1)
    leon = ir.SkyCard("Leon, Voz do Legado", "Leon", power=3, effects=(leon_effect,))
    t = Table(Side(board=[leon, NINA], bank=[FILLER] * 3))
    t.engine.channel(t.id("Nina"))
    from cardscript.games.sky_world.plays import legal_plays
    (use,) = [x for x in legal_plays(t.engine, 0) if x.kind == "activate"]
    use.run()
    assert t.ch("Nina").ready and t.state.players[0].blocks == 3
    assert not [x for x in legal_plays(t.engine, 0) if x.kind == "activate"]


def test_vasculhar_reveals_one_to_the_hand_the_rest_to_the_bottom_once_a_turn() -> None:
    search = activated("field", ir.Vasculhar(amount=3))
    seeker = ir.SkyCard("Busca", "Busca", power=1, effects=(search,))
    deck = [ir.SkyCard(f"D{i}", f"D{i}", power=1) for i in range(5)]
    t = Table(Side(board=[seeker], deck=deck), agents=[LabelAgent("D1"), LabelAgent()])
    _use(t, search, "Busca")
    p = t.state.players[0]
    assert p.hand == [t.id("D1")] and p.deck == [t.id(x) for x in ("D3", "D4", "D0", "D2")]
    _use(t, search, "Busca")
    assert p.hand == [t.id("D1")]


def test_executar_destroys_without_comparing_power_but_respects_protections() -> None:
    execute = activated("field", ir.Execute(targets=enemy()))
    killer = ir.SkyCard("Carrasco", "Carrasco", power=1, effects=(execute,))
    giant = ir.SkyCard("Gigante", "Gigante", power=9)
    warded = ir.SkyCard("Protegido", "Protegido", power=9,
                        effects=(static(ir.Protect(targets=THIS, against="execute")),))
    t = Table(Side(board=[killer]), Side(board=[giant]))
    _use(t, execute, "Carrasco")
    assert t.state.character(t.id("Gigante", 1)) is None
    t2 = Table(Side(board=[killer]), Side(board=[warded]))
    _use(t2, execute, "Carrasco")
    assert t2.state.character(t2.id("Protegido", 1)) is not None


def test_ao_ocorrer_uma_execucao_fires_on_an_execution_not_on_combat() -> None:
    from sky_fixtures import seal
    witness = ir.SkyCard("Testemunha", "Testemunha", power=1, effects=(seal("AO OCORRER UMA EXECUÇÃO",
                                                                             ir.GainFaith(amount=1)),))
    execute = activated("field", ir.Execute(targets=enemy()))
    killer = ir.SkyCard("Carrasco", "Carrasco", power=1, effects=(execute,))
    t = Table(Side(board=[killer, witness]), Side(board=[NINA]))
    _use(t, execute, "Carrasco")
    assert t.state.players[0].faith == 1


def test_interceptar_e_execucoes_takes_the_first_execution_against_its_allies() -> None:
    execute = activated("field", ir.Execute(targets=enemy(Filter("name", "eq", "Nina"))))
    killer = ir.SkyCard("Carrasco", "Carrasco", power=1, effects=(execute,))
    guard = ir.SkyCard("Guarda", "Guarda", power=5, keywords=("Interceptar + Execuções",))
    t = Table(Side(board=[killer]), Side(board=[NINA, guard]))
    _use(t, execute, "Carrasco")
    assert t.state.character(t.id("Nina", 1)) is not None and t.state.character(t.id("Guarda", 1)) is None


def test_drenar_fe_1_the_rival_loses_1() -> None:
    drain = activated("field", ir.LoseFaith(amount=1))
    card = ir.SkyCard("Dreno", "Dreno", power=1, effects=(drain,))
    t = Table(Side(board=[card]), Side(faith=4))
    _use(t, drain, "Dreno")
    assert t.state.players[1].faith == 3


def test_pode_lets_the_player_refuse_a_step_and_se_o_fizer_follows_it() -> None:
    pay = ir.Consume(amount=1, optional=True)
    gain = ir.GainFaith(amount=3, if_done=True)
    card = ir.SkyCard("Oferta", "Oferta", power=1, effects=(activated("field", pay, gain),))
    t = Table(Side(board=[card], bank=[FILLER] * 2), agents=[LabelAgent("não", "sim"), LabelAgent()])
    _use(t, card.effects[0], "Oferta")
    assert t.state.players[0].faith == 0 and t.state.players[0].essences == 2
    _use(t, card.effects[0], "Oferta")
    assert t.state.players[0].faith == 3 and t.state.players[0].essences == 1


def test_an_unknown_condition_or_filter_is_a_clear_error() -> None:
    import pytest
    bad = activated("field", ir.GainFaith(amount=1, condition=Condition("exists", subject=Selector(
        kind=Kind.CHARACTER, filters=(Filter("color", "eq", "red"),)))))
    card = ir.SkyCard("Mau", "Mau", power=1, effects=(bad,))
    t = Table(Side(board=[card]))
    with pytest.raises(ValueError, match="no filter field 'color'"):
        _use(t, bad, "Mau")


def _sky(paragraph: str) -> ir.SkyCard:
    from cardscript.core.source import SourceFile
    from cardscript.games.sky_world.pack import sky_card

    head = "Personagem: Teste\nJogo: Sky World\nRequisito: 0\nPoder: 3\nFé: 1\nEstágio: I\nTexto permanente:\n"
    card, compiled = sky_card(SourceFile("t.card", head + f"  {paragraph}\n"))
    assert card is not None and compiled.runs, [d.message for d in compiled.diagnostics]
    return card


STAGE_II = ir.SkyCard("Segundo", "Segundo", power=4, stage=2)
STAGE_III = ir.SkyCard("Terceiro", "Terceiro", power=5, stage=3)


def test_reserva_n_checks_the_essences_in_the_banco_when_it_fires() -> None:
    """"Reserva N: Exige pelo menos N Essências no Banco"; blocks do not reduce the total ("O total do Banco
    continua contando para requisitos e Reserva")."""
    card = _sky("AO ENTRAR: Reserva 4 - Compre 1 carta.")
    t = Table(Side(hand=[card], bank=[FILLER] * 3, deck=[NINA] * 3))
    t.engine.awaken(0, t.id("Teste"))
    t.engine.settle()
    assert len(t.state.players[0].hand) == 0
    t2 = Table(Side(hand=[card], bank=[FILLER] * 4, deck=[NINA] * 3))
    t2.state.players[0].blocks = 4
    t2.engine.awaken(0, t2.id("Teste"))
    t2.engine.settle()
    assert len(t2.state.players[0].hand) == 1


def test_apogeu_needs_a_iii_and_formacao_i_ii_and_iii_on_your_field() -> None:
    """"Apogeu: Exige pelo menos um personagem III no seu campo." / "Formação: Exige personagens I, II e III
    presentes no seu campo.\""""
    from cardscript.games.sky_world.plays import legal_plays

    apogeu = _sky("ATIVAÇÃO: Apogeu - Você ganha 1 de Fé.")
    formacao = _sky("ATIVAÇÃO: Formação - Você ganha 1 de Fé.")
    for card, board, usable in ((apogeu, [STAGE_II], False), (apogeu, [STAGE_III], True),
                                (formacao, [STAGE_III, STAGE_II], True), (formacao, [STAGE_III], False)):
        t = Table(Side(board=[card, *board]))
        assert bool([p for p in legal_plays(t.engine, 0) if p.kind == "activate"]) is usable, (board, usable)


def test_permutar_brings_an_available_essence_to_the_hand_and_sends_another_card_available_at_once() -> None:
    """"Depois de escolher uma Essência disponível do Banco, deve trazê-la para a mão e depois deve enviar outra
    carta da mão ao Banco ... A carta enviada fica disponível imediatamente." The amber card of this turn is not
    available."""
    card = _sky("ATIVAÇÃO: Permutar.")
    t = Table(Side(board=[card], bank=[NINA, FILLER], hand=[GUARDED]),
              agents=[LabelAgent("sim"), LabelAgent()])
    p = t.state.players[0]
    p.amber = [t.id("Nina")]
    _use(t, card.effects[0], "Teste")
    assert p.hand == [t.id("Carta")] and t.id("Guardado") in p.bank and t.id("Guardado") not in p.amber
    assert p.essences == 2 and p.consumable_count == 1


def test_executar_destroys_the_stronger_enemy_without_comparing_poder() -> None:
    """"Executar não compara Poder, mas respeita imunidades, redirecionamento e proteções aplicáveis": a Poder 1
    card executes a Poder 9 enemy; Salvaguarda keeps it from being chosen."""
    card = _sky("ATIVAÇÃO: Executar.")
    giant = ir.SkyCard("Gigante", "Gigante", power=9)
    t = Table(Side(board=[card]), Side(board=[giant]))
    _use(t, card.effects[0], "Teste")
    assert t.state.character(t.id("Gigante", 1)) is None and t.id("Gigante", 1) in t.state.players[1].bank
    t2 = Table(Side(board=[card]), Side(board=[GUARDED]))
    _use(t2, card.effects[0], "Teste")
    assert t2.state.character(t2.id("Guardado", 1)) is not None
