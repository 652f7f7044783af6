"""The manual's worked examples played with the library's card files (issue 14, parts 3 and 4): each card compiled
and lowered from `cardscript/games/sky_world/cards/`, run by the engine, with the manual's numbers -- the same
examples the other files of this folder check with hand-built cards."""

from __future__ import annotations

import pytest
from sky_fixtures import FILLER, LabelAgent, Side, Table

from cardscript.games.sky_world.game import SkyGameOver
from cardscript.games.sky_world.ir import SkyCard
from cardscript.games.sky_world.library import library
from cardscript.games.sky_world.plays import convert, legal_plays
from cardscript.games.sky_world.queries import power
from cardscript.games.sky_world.turn import end_turn, start_turn


def card(title: str) -> SkyCard:
    runs, not_run = library()
    assert title in runs, f"{title} does not run ({title in not_run and 'its text is not read yet'})"
    return runs[title]


def test_aprenda_a_ler_uma_carta_morteus() -> None:
    """"Morteus pede 4 Essências no Banco e consome 1 ao ser despertado. Ele tem Poder 6, Fé 2 e é de estágio I.\""""
    morteus = card("Morteus")
    assert (morteus.requirement, morteus.consumption, morteus.power, morteus.faith, morteus.stage) == (4, 1, 6, 2, 1)


def test_consumir_5_essences_morteus_leaves_4() -> None:
    """"Você tem 5 Essências. Desperta Morteus, que exige 4 e consome 1. Depois do pagamento, seu Banco fica com 4.\""""
    t = Table(Side(hand=[card("Morteus")], bank=[FILLER] * 5))
    t.engine.awaken(0, t.id("Morteus"))
    assert t.state.players[0].essences == 4 and t.ch("Morteus").preparation


def test_construa_seu_banco_convert_one_then_elyra() -> None:
    """"Você converte uma carta e passa de 0 para 1 Essência. Desperta Elyra, cujo requisito é 1. Como ela não tem
    consumo, seu Banco continua com 1.\""""
    t = Table(Side(hand=[card("Elyra"), FILLER]))
    convert(t.engine, 0, t.id("Carta"))
    assert t.state.players[0].essences == 1
    assert t.engine.can_awaken(0, t.id("Elyra"))
    t.engine.awaken(0, t.id("Elyra"))
    assert t.state.players[0].essences == 1


def test_canalize_19_fe_nina_channels_1_and_wins() -> None:
    """"Você tem 19 de Fé. Nina canaliza 1: você chega a 20 e vence imediatamente.\""""
    t = Table(Side(faith=19, board=[card("Nina")]))
    with pytest.raises(SkyGameOver) as over:
        t.engine.channel(t.id("Nina"))
    assert over.value.winner == 0 and t.state.players[0].faith == 20


def test_escolha_seu_combate_flor_5_against_a_vulnerable_2() -> None:
    """"Flor tem Poder 5 e enfrenta um inimigo vulnerável de Poder 2: o inimigo é destruído e vai ao Banco do dono.
    Flor sobrevive, mas fica vulnerável com a ação gasta.\" (Nina has Poder 2 in this library.)"""
    flor, nina = card("Flor I"), card("Nina")
    assert (flor.power, nina.power) == (5, 2)
    t = Table(Side(board=[flor]), Side(board=[nina]))
    t.ch("Nina", 1).vulnerable = True
    t.engine.attack(t.id("Flor I"), t.id("Nina", 1))
    assert t.state.players[1].bank == [t.id("Nina", 1)]
    assert t.ch("Flor I").vulnerable and t.ch("Flor I").spent


def test_use_uma_habilidade_da_mao_lotus_on_nina_with_3_essences() -> None:
    """"Com 3 Essências, use Lotus da mão, escolha Nina e bloqueie 2. Nina recebe +1 de Poder neste turno. O Banco
    continua com 3 para requisitos, mas só uma Essência está disponível para outros pagamentos.\" (This library's
    Lotus: Requisito 2, blocked from the hand, and Inspirar 1.)"""
    nina = card("Nina")
    t = Table(Side(hand=[card("Lotus")], bank=[FILLER] * 3, board=[nina]))
    (play,) = [p for p in legal_plays(t.engine, 0) if p.kind == "hand_ability"]
    play.run()
    p = t.state.players[0]
    assert power(t.state, t.id("Nina")) == nina.power + 1
    assert p.essences == 3 and p.blocks == 2 and p.consumable_count == 1
    end_turn(t.engine, 0)
    assert power(t.state, t.id("Nina")) == nina.power


def test_evolua_flor_i_channelled_becomes_flor_ii_and_draws() -> None:
    """"Flor I já canalizou. Você a substitui por Flor II e compra uma carta: a evolução continua com a ação gasta. A
    Flor anterior entra no Banco.\""""
    t = Table(Side(board=[card("Flor I")], hand=[card("Flor II")], bank=[FILLER] * 3, deck=[card("Nina")]))
    t.engine.channel(t.id("Flor I"))
    t.engine.awaken(0, t.id("Flor II"))
    p = t.state.players[0]
    assert t.ch("Flor II").spent and t.id("Flor I") in p.bank and p.hand == [t.id("Nina")]


def test_ativacao_dudurima_channels_then_denies_the_rivals_first_channelling() -> None:
    """"Dudurima pode canalizar e depois ativar, consumindo 1 Essência. Ela continua vulnerável. A ativação impede a
    primeira canalização de conceder Fé no próximo turno rival.\""""
    nina = card("Nina")
    t = Table(Side(board=[card("Dudurima")], bank=[FILLER] * 3, hand=[FILLER] * 6),
              Side(board=[nina, nina], hand=[FILLER] * 6))
    t.engine.channel(t.id("Dudurima"))
    (use,) = [p for p in legal_plays(t.engine, 0) if p.kind == "activate"]
    use.run()
    assert t.ch("Dudurima").vulnerable and t.state.players[0].essences == 2
    end_turn(t.engine, 0)
    start_turn(t.engine, 1)
    first, second = (c.card for c in t.state.players[1].characters())
    t.engine.channel(first)
    assert t.state.players[1].faith == 0
    t.engine.channel(second)
    assert t.state.players[1].faith == 1


def test_desperte_siao_keeps_preparacao_until_the_end_of_its_owners_next_turn() -> None:
    """"Algumas cartas mantêm a Preparação por mais tempo, como Sião, Deus do Sinal. Siga a duração escrita na
    carta." (This library's Sião: "AO ENTRAR: Este personagem fica em Preparação até o fim de seu próximo turno.")"""
    t = Table(Side(hand=[card("Sião, Deus do Sinal")], bank=[FILLER] * 6, deck=[FILLER] * 20),
              Side(deck=[FILLER] * 20))
    t.engine.awaken(0, t.id("Sião, Deus do Sinal"))
    t.engine.settle()
    siao = t.ch("Sião, Deus do Sinal")
    end_turn(t.engine, 0)
    assert siao.preparation                        # not at the end of this turn
    start_turn(t.engine, 1)
    end_turn(t.engine, 1)
    assert siao.preparation                        # nor the rival's
    start_turn(t.engine, 0)
    assert siao.preparation
    end_turn(t.engine, 0)
    assert not siao.preparation                    # at the end of its owner's next turn


def _bank_action(t: Table, title: str, player: int = 0) -> None:
    from cardscript.games.sky_world.plays import activate

    card_id = t.id(title, player)
    (index,) = [i for i, e in enumerate(t.state.cards[card_id].effects) if e.zone == "bank"]
    activate(t.engine, player, card_id, index)


def test_anastacia_crescente_awakens_from_the_banco_without_spending_despertar() -> None:
    """"Anastacia, Estandarte Crescente pode despertar do Banco sem gastar despertar. Ainda é preciso cumprir
    requisito, consumo e etapa anterior." (This library's: Requisito 3, Consumo 1, a II of the Aurora line.) With Nina
    on the field and 4 other Essências, she evolves Nina from the Banco, no despertar spent; her consumo is paid by
    another card ("A carta despertada do Banco nunca paga o próprio consumo")."""
    anastacia = card("Anastacia, Estandarte Crescente")
    assert (anastacia.requirement, anastacia.consumption, anastacia.stage) == (3, 1, 2)
    t = Table(Side(board=[card("Nina")], bank=[anastacia, *[FILLER] * 4], deck=[FILLER] * 3))
    p = t.state.players[0]
    assert [x for x in legal_plays(t.engine, 0) if x.kind == "bank_action"]
    _bank_action(t, "Anastacia, Estandarte Crescente")
    assert t.state.character(t.id("Anastacia, Estandarte Crescente")) is not None
    assert p.awakens_used == 0 and p.essences == 4 and len(p.consumed) == 1        # Nina to the Banco, 1 consumed
    assert t.id("Anastacia, Estandarte Crescente") not in p.consumed


def test_anastacia_crescente_without_the_previous_stage_or_the_requisito_does_not_awaken() -> None:
    """"Ainda é preciso cumprir requisito, consumo e etapa anterior": no stage I of her line, or only 3 Essências
    (herself and 2: requisito 3 counts the others), and the bank action is not a legal play."""
    anastacia = card("Anastacia, Estandarte Crescente")
    for board, others in (([card("Flor I")], 4), ([card("Nina")], 2)):
        t = Table(Side(board=board, bank=[anastacia, *[FILLER] * others]))
        assert not [x for x in legal_plays(t.engine, 0) if x.kind == "bank_action"], (board, others)


def test_counter_de_aurora_stops_a_free_despertar_a_normal_one_is_allowed() -> None:
    """"Enquanto o Counter da Aurora estiver ativo, o rival só pode despertar ou evoluir gastando um despertar
    normal ... Uma tentativa sem gastar despertar normal é impedida: a candidata é destruída antes de entrar, não paga
    os custos do despertar e não ativa Ao entrar. Em uma evolução impedida, o antecessor permanece no campo." With the
    library's Aurora and Anastacia, Estandarte Crescente."""
    anastacia = card("Anastacia, Estandarte Crescente")
    t = Table(Side(board=[card("Nina")], bank=[anastacia, *[FILLER] * 4]), Side(board=[card("Aurora")]))
    _bank_action(t, "Anastacia, Estandarte Crescente")
    p = t.state.players[0]
    assert t.state.character(t.id("Anastacia, Estandarte Crescente")) is None
    assert t.state.character(t.id("Nina")) is not None                       # the predecessor stays
    assert t.id("Anastacia, Estandarte Crescente") in p.bank and p.essences == 5 and not p.consumed
    assert t.events("countered")
    t2 = Table(Side(board=[card("Nina")], hand=[anastacia], bank=[FILLER] * 4, deck=[FILLER] * 3),
               Side(board=[card("Aurora")]))
    t2.engine.awaken(0, t2.id("Anastacia, Estandarte Crescente"))             # a normal despertar: allowed
    assert t2.state.character(t2.id("Anastacia, Estandarte Crescente")) is not None


def test_counter_da_mao_lasts_until_the_end_of_the_next_enemy_turn() -> None:
    """"Da mão, o Counter dura até o fim do próximo turno inimigo." Aurora used from the hand (Requisito 3 blocked):
    the rival's free despertar in their next turn is stopped; after that turn it is allowed."""
    aurora, anastacia = card("Aurora"), card("Anastacia, Estandarte Crescente")
    t = Table(Side(hand=[aurora], bank=[FILLER] * 3, deck=[FILLER] * 10),
              Side(board=[card("Nina")], bank=[anastacia, *[FILLER] * 4], deck=[FILLER] * 10))
    (play,) = [x for x in legal_plays(t.engine, 0) if x.kind == "hand_ability"]
    play.run()
    assert t.state.players[0].blocks == 3 and t.state.players[0].trail == [t.id("Aurora")]
    end_turn(t.engine, 0)
    start_turn(t.engine, 1)
    _bank_action(t, "Anastacia, Estandarte Crescente", 1)
    assert t.state.character(t.id("Anastacia, Estandarte Crescente", 1)) is None
    end_turn(t.engine, 1)
    start_turn(t.engine, 0)
    end_turn(t.engine, 0)
    start_turn(t.engine, 1)
    _bank_action(t, "Anastacia, Estandarte Crescente", 1)
    assert t.state.character(t.id("Anastacia, Estandarte Crescente", 1)) is not None


def test_leon_voz_da_formacao_readies_an_ally_at_the_end_of_the_turn_to_protect_it() -> None:
    """"Já Leon, Voz da Formação age no fim do turno: o aliado fica pronto para se proteger, sem agir novamente."
    Nina channels (vulnerable); at the end of the turn Leon readies her: she cannot act again, and in the rival's
    turn she is not a target (only vulnerable enemies are attacked)."""
    leon = card("Leon, Voz da Formação")
    flor = card("Flor I")
    t = Table(Side(board=[leon, card("Nina")], deck=[FILLER] * 10),
              Side(board=[flor], deck=[FILLER] * 10), agents=[LabelAgent("Nina"), LabelAgent()])
    t.engine.channel(t.id("Nina"))
    assert t.engine.attack_targets(t.id("Flor I", 1)) == [t.id("Nina")]
    t.engine.fire("turn_end", None, 0)
    t.engine.settle()
    nina = t.ch("Nina")
    assert nina.ready and not nina.vulnerable
    assert not [p for p in legal_plays(t.engine, 0) if p.kind in ("attack", "channel") and "Nina" in p.label]
    end_turn(t.engine, 0)
    start_turn(t.engine, 1)
    assert t.id("Nina") not in t.engine.attack_targets(t.id("Flor I", 1))


def test_charles_carries_gili_destroyed_to_the_banco_gili_consumed_no_second_essence() -> None:
    """"Charles, Passagem pelo Vazio carrega Gili, Fúria do Vazio. Se Charles for destruído, ele vai ao Banco. Gili
    perde o último vínculo e é consumida: não cria uma segunda Essência." (This library's Charles fixes Gili from the
    hand when he enters, and has +2 Poder while she is fixed.)"""
    charles, gili = card("Charles, Passagem pelo Vazio"), card("Gili, Fúria do Vazio")
    t = Table(Side(hand=[charles, gili], bank=[FILLER] * 3), agents=[LabelAgent("espaço 1", "sim"), LabelAgent()])
    t.engine.awaken(0, t.id("Charles, Passagem pelo Vazio"))
    t.engine.settle()
    p = t.state.players[0]
    charles_id, gili_id = t.id("Charles, Passagem pelo Vazio"), t.id("Gili, Fúria do Vazio")
    assert t.state.where(gili_id) == ["fixed"] and p.hand == [] and p.essences == 3      # not an Essência
    assert power(t.state, charles_id) == charles.power + 2
    t.engine.destroy(charles_id, "effect")
    assert t.id("Charles, Passagem pelo Vazio") in p.bank and gili_id in p.consumed
    assert p.essences == 4                                  # Charles is one Essência more; Gili is none


def test_arthur_legado_fixed_on_the_evolved_grants_its_attack_permission_no_extra_action() -> None:
    """"Legado acontece quando a carta é substituída por uma evolução ... Arthur deve ficar fixado no personagem
    evoluído e conceder sua permissão de ataque. Essa permissão não concede ação extra nem libera Preparação." Arthur
    (I) evolves into Leon, Voz do Legado (II, the same Insígnia)."""
    arthur, leon = card("Arthur"), card("Leon, Voz do Legado")
    t = Table(Side(board=[arthur], hand=[leon], bank=[FILLER] * 4, deck=[FILLER] * 3),
              Side(board=[card("Flor I")]))
    assert t.engine.attack_targets(t.id("Arthur")) == [t.id("Flor I", 1)]     # not vulnerable: his permission
    t.ch("Arthur").preparation = True
    t.engine.awaken(0, t.id("Leon, Voz do Legado"))
    t.engine.settle()
    leon_id = t.id("Leon, Voz do Legado")
    assert t.state.where(t.id("Arthur")) == ["fixed"] and t.id("Arthur") not in t.state.players[0].bank
    assert t.engine.attack_targets(leon_id) == [t.id("Flor I", 1)]            # the permission, granted
    assert t.ch("Leon, Voz do Legado").preparation                             # Preparação kept, not freed
    assert not [x for x in legal_plays(t.engine, 0) if x.kind == "attack"]


def test_leon_voz_do_legado_blocks_3_to_ready_another_ally_with_formacao_up_to_two() -> None:
    """"Leon, Voz do Legado pode Bloquear 3 para deixar outro aliado vulnerável pronto; com Formação, até dois. Eles
    recuperam a ação, mas continuam respeitando a Preparação e os limites de habilidades." Without Formação only the
    first ATIVAÇÃO is usable; with a I, II and III on the field the second readies two."""
    leon, nina, elyra = card("Leon, Voz do Legado"), card("Nina"), card("Elyra")
    t = Table(Side(board=[leon, nina, elyra], bank=[FILLER] * 6))
    for title in ("Nina", "Elyra"):
        t.engine.channel(t.id(title))
    assert len([x for x in legal_plays(t.engine, 0) if x.kind == "activate"]) == 1
    formation = card("Leon, Voz da Formação")
    t2 = Table(Side(board=[leon, nina, elyra, formation], bank=[FILLER] * 6),
               agents=[LabelAgent(["Nina", "Elyra"]), LabelAgent()])
    for title in ("Nina", "Elyra"):
        t2.engine.channel(t2.id(title))
    uses = [x for x in legal_plays(t2.engine, 0) if x.kind == "activate" and "Legado" in x.label]
    assert len(uses) == 2
    from cardscript.games.sky_world.plays import activate
    activate(t2.engine, 0, t2.id("Leon, Voz do Legado"), 1)
    assert t2.ch("Nina").ready and t2.ch("Elyra").ready and t2.state.players[0].blocks == 3


def test_anastacia_estandarte_da_ascensao_consumo_2_becomes_bloquear_4() -> None:
    """"Anastacia, Estandarte da Ascensão tem uma passiva ...: substitua cada Essência que seria consumida nessa
    evolução por Bloquear 2. Consumo 2 vira Bloquear 4. Requisito e etapa anterior continuam obrigatórios." The
    library's Herói; an evolution with Consumo 2 (the manual's number) blocks 4 and consumes nothing; a despertar of a
    stage I still consumes."""
    hero = card("Anastacia, Estandarte da Ascensão")
    two = SkyCard("Flor Dois", "Flor Dois", requirement=3, consumption=2, power=6, faith=2, stage=2, insignia="Flor")
    t = Table(Side(hero=hero, board=[card("Flor I")], hand=[two, card("Morteus")], bank=[FILLER] * 5,
                   deck=[FILLER] * 3))
    p = t.state.players[0]
    t.engine.awaken(0, t.id("Flor Dois"))
    assert p.blocks == 4 and not p.consumed and p.essences == 6          # the 5, and Flor I replaced
    assert t.ch("Flor Dois") is not None
    t2 = Table(Side(hero=hero, hand=[card("Morteus")], bank=[FILLER] * 5))
    t2.engine.awaken(0, t2.id("Morteus"))
    assert t2.state.players[0].blocks == 0 and len(t2.state.players[0].consumed) == 1
    t3 = Table(Side(hero=hero, board=[card("Flor I")], hand=[two], bank=[FILLER] * 3))
    assert not t3.engine.can_awaken(0, t3.id("Flor Dois"))           # Bloquear 4 does not fit a Banco of 3


def test_amplie_o_limite_with_4_available_the_banco_falls_to_0_nina_still_enters() -> None:
    """"Com o direito de despertar do turno já usado e 4 Essências disponíveis, você amplia o limite para duas cartas.
    O Banco cai para 0; Nina, que exige 0, ainda pode ocupar um espaço livre.\""""
    from cardscript.games.sky_world.plays import raise_limit

    nina = card("Nina")
    assert nina.requirement == 0
    t = Table(Side(hand=[card("Elyra"), nina], bank=[FILLER] * 4))
    t.engine.awaken(0, t.id("Elyra"))
    p = t.state.players[0]
    assert p.awakens_used == 1 and not t.engine.can_awaken(0, t.id("Nina"))
    raise_limit(t.engine, 0)
    assert p.awaken_limit == 2 and p.essences == 0
    t.engine.awaken(0, t.id("Nina"))
    assert t.state.character(t.id("Nina")) is not None


def test_seu_heroi_morteus_da_reserva_needs_two_evolutions_a_i_ii_iii_field_has_two() -> None:
    """"Conte as cartas II e III que estão no campo. Evolução ×2 exige duas cartas evoluídas, não uma única carta
    III ... Morteus da Reserva libera Essências bloqueadas, custa zero e exige duas evoluções." / "Você tem um
    personagem I, um II e um III: são duas evoluções em campo. Se só houver um III, há apenas uma evolução." With the
    library's Arthur (I), Leon, Voz do Legado (II) and Leon, Voz da Formação (III)."""
    hero = card("Morteus da Reserva")
    i, ii, iii = card("Arthur"), card("Leon, Voz do Legado"), card("Leon, Voz da Formação")
    only_iii = Table(Side(hero=hero, board=[i, iii], bank=[FILLER] * 4))
    only_iii.state.players[0].blocks = 3
    assert not [x for x in legal_plays(only_iii.engine, 0) if x.kind == "hero"]
    t = Table(Side(hero=hero, board=[i, ii, iii], bank=[FILLER] * 4))
    p = t.state.players[0]
    p.blocks = 3
    (use,) = [x for x in legal_plays(t.engine, 0) if x.kind == "hero"]
    use.run()
    assert p.blocks == 0 and p.essences == 4 and p.awakens_used == 0          # it costs zero
    assert not [x for x in legal_plays(t.engine, 0) if x.kind == "hero"]      # once a turn
