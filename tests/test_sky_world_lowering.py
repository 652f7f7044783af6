"""Sky World text lowered by the core's composition of meaning (issue 14): seals to effects, the manual's keyword
reminders (the prelude) to this game's procedure families, with the numbers the manual gives; a wording that
does not say enough is not executable, never guessed; the Battle Scenes tables are untouched."""

from __future__ import annotations

import pytest

from cardscript.compiler.ir import Choose, Effect, EffectKind, Kind, Ref
from cardscript.compiler.semantics import frames
from cardscript.compiler.semantics import vocabulary as voc
from cardscript.core import diagnostics as dg
from cardscript.core.source import SourceFile
from cardscript.games.sky_world.ir import ChangePower, Destroy, DrawCards, Expose, GainFaith, LoseFaith, MakeReady
from cardscript.games.sky_world.pack import sky_card

HEAD = "Personagem: Teste\nJogo: Sky World\nRequisito: 1\nPoder: 3\nFé: 1\nEstágio: I\nTexto permanente:\n"


def effect(paragraph: str) -> Effect:
    card, compiled = sky_card(SourceFile("t.card", HEAD + f"  {paragraph}\n"))
    assert card is not None, [d.message for d in compiled.diagnostics]
    (only,) = card.effects
    return only


def not_executable(paragraph: str) -> str:
    card, compiled = sky_card(SourceFile("t.card", HEAD + f"  {paragraph}\n"))
    assert card is not None and not card.effects[0].executable
    (warning,) = [d for d in compiled.diagnostics if d.code == dg.W_NOT_EXECUTABLE]
    return warning.message


@pytest.mark.parametrize(("keyword", "controller", "amount", "permanent"), [
    ("Inspirar 1", "you", 1, False),         # "Um aliado recebe +1 de Poder neste turno."
    ("Inspirar 3", "you", 3, False),
    ("Intimidar 2", "opponent", -2, False),  # "Um inimigo perde 2 de Poder neste turno."
    ("Fortalecer 1", "you", 1, True),        # "Um aliado recebe +1 de Poder permanente."
])
def test_palavras_chave_de_efeito_change_poder(keyword: str, controller: str, amount: int, permanent: bool) -> None:
    (proc,) = effect(f"AO ENTRAR: {keyword}.").procedures
    assert isinstance(proc, ChangePower) and (proc.amount, proc.permanent) == (amount, permanent)
    assert proc.targets.kind is Kind.CHARACTER and proc.targets.ref is None     # one to choose
    assert [(f.field, f.value) for f in proc.targets.filters] == [("controller", controller)]


def test_drenar_fe_takes_fe_from_the_rival() -> None:
    (proc,) = effect("AO DESTRUIR ATACANDO: Drenar Fé 2.").procedures
    assert isinstance(proc, LoseFaith) and proc.amount == 2 and proc.player.ref is Ref.OPPONENT


def test_fe_is_gained_and_lost_by_players() -> None:
    (gain,) = effect("AO MORRER: Você ganha 2 de Fé.").procedures
    (loss,) = effect("AO MORRER: O rival perde 1 de Fé.").procedures
    assert isinstance(gain, GainFaith) and (gain.amount, gain.player.ref) == (2, Ref.YOU)
    assert isinstance(loss, LoseFaith) and (loss.amount, loss.player.ref) == (1, Ref.OPPONENT)


def test_poder_zero_destroi_aurora_loses_poder_permanently() -> None:
    """Manual, "Counter de despertar": "No início de cada turno do dono, Aurora em campo perde 1 de Poder
    permanentemente"."""
    found = effect("INÍCIO DO TURNO: Este personagem perde 1 de Poder permanente.")
    (proc,) = found.procedures
    assert isinstance(proc, ChangePower) and (proc.amount, proc.permanent) == (-1, True)
    assert proc.targets.ref is Ref.THIS_CHARACTER
    assert found.trigger is not None and (found.trigger.event, found.trigger.subject) == ("turn_start", None)


@pytest.mark.parametrize(("seal", "kind", "zone", "event", "of_this"), [
    ("AO ENTRAR", EffectKind.TRIGGERED, "field", "enter", True),
    ("AO SOBREVIVER ATACANDO", EffectKind.TRIGGERED, "field", "survive_attacking", True),
    ("NO FIM DO SEU TURNO", EffectKind.TRIGGERED, "field", "turn_end", False),
    ("ATIVAÇÃO", EffectKind.ACTIVATED, "field", "", False),
    ("HABILIDADE DA MÃO", EffectKind.ACTIVATED, "hand", "", False),
    ("PODER DO HERÓI", EffectKind.ACTIVATED, "hero", "", False),
])
def test_gatilhos_a_seal_gives_the_effects_kind_zone_and_event(seal: str, kind: EffectKind, zone: str, event: str,
                                                                of_this: bool) -> None:
    found = effect(f"{seal}: Você ganha 1 de Fé.")
    assert (found.kind, found.zone) == (kind, zone)
    if event:
        assert found.trigger is not None and found.trigger.event == event
        assert (found.trigger.subject is not None) is of_this
    else:
        assert found.trigger is None


def test_a_seal_qualifier_is_a_condition() -> None:
    found = effect("INÍCIO DO TURNO · ESPAÇO LIVRE: Você ganha 1 de Fé.")
    assert found.condition is not None and found.condition.kind == "free_slot"


def test_destroy_and_draw_are_this_games() -> None:
    (destroy,) = effect("AO ENTRAR: Destrua um inimigo.").procedures
    (draw,) = effect("AO ENTRAR: Compre uma carta.").procedures
    assert isinstance(destroy, Destroy) and [(f.field, f.value) for f in destroy.targets.filters] == \
        [("controller", "opponent")]
    assert isinstance(draw, DrawCards) and draw.amount == 1 and draw.player.ref is Ref.YOU


@pytest.mark.parametrize(("paragraph", "why"), [
    ("AO ENTRAR: Um aliado recebe +1 de Poder.", "for how long?"),            # neither 'neste turno' nor 'permanente'
    ("AO ENTRAR: Você ganha 1 de Fé neste turno.", "Fé gained or lost for a time"),
    ("AO ENTRAR: Este personagem ganha 2 de Fé.", "'fé' is a player's"),
    ("AO ENTRAR: Você ganha 1 de Poder neste turno.", "'poder' is a character's"),
])
def test_what_does_not_say_enough_is_not_executable(paragraph: str, why: str) -> None:
    assert why in not_executable(paragraph)


def test_the_default_games_tables_are_untouched() -> None:
    effect("AO ENTRAR: Fortalecer 1.")
    assert frames.FRAMES is frames.CORE_FRAMES and frames.FRAMES["perder"].family == "lose"
    assert "aliado" not in voc.KIND_OF_NOUN and "aliado" not in voc.IMPLIED_FILTERS


def test_ready_vulnerable_and_preparation_are_states() -> None:
    """Manual, "Canalize para conquistar Fé": ready again, vulnerable; "Desperte e prepare seu campo": Preparação."""
    (out,) = effect("AO ENTRAR: Este personagem sai de Preparação.").procedures
    (again,) = effect("AO SOBREVIVER ATACANDO: Este personagem fica pronto novamente.").procedures
    (exposed,) = effect("AO ENTRAR: Este personagem fica vulnerável.").procedures
    (destroy,) = effect("AO ENTRAR: Destrua um inimigo vulnerável.").procedures
    assert isinstance(out, MakeReady) and out.leave_preparation and out.targets.ref is Ref.THIS_CHARACTER
    assert isinstance(again, MakeReady) and not again.leave_preparation
    assert isinstance(exposed, Expose)
    assert isinstance(destroy, Destroy) and [(f.field, f.value) for f in destroy.targets.filters] == \
        [("controller", "opponent"), ("vulnerable", "true")]
    assert "ready for what?" in not_executable("AO ENTRAR: Este personagem fica pronto para comprar.")


def test_prontidao_and_revigorar_choose_an_ally_and_ready_it() -> None:
    """Manual, "Palavras-chave de efeito": "Prontidão escolhe aliados em Preparação. Revigorar escolhe aliados
    vulneráveis que já saíram de Preparação."."""
    choose, *readies = effect("AO ENTRAR: Prontidão 1.").procedures
    assert isinstance(choose, Choose) and [(f.field, f.value) for f in choose.what.filters] == \
        [("controller", "you"), ("preparation", "true")]
    assert [(type(p), p.leave_preparation, p.targets.slot) for p in readies if isinstance(p, MakeReady)] == \
        [(MakeReady, True, choose.introduces), (MakeReady, False, choose.introduces)]
    choose, ready = effect("AO SOBREVIVER ATACANDO: Revigorar 1.").procedures
    assert isinstance(choose, Choose) and [(f.field, f.value) for f in choose.what.filters] == \
        [("controller", "you"), ("vulnerable", "true"), ("preparation", "false")]
    assert isinstance(ready, MakeReady) and not ready.leave_preparation and ready.targets.slot == choose.introduces


def test_morteus_da_reserva_releases_your_blocks() -> None:
    """Manual, "Seu Herói também participa": "Morteus da Reserva libera Essências bloqueadas, custa zero e exige
    duas evoluções"."""
    from cardscript.games.sky_world.ir import ReleaseBlocks
    from cardscript.games.sky_world.library import library

    hero = library()[0]["Morteus da Reserva"]
    assert hero.is_hero and hero.hero_power is not None
    assert (hero.hero_power.cost, hero.hero_power.evolutions) == (0, 2)
    (proc,) = hero.hero_power.effect.procedures
    assert isinstance(proc, ReleaseBlocks) and proc.player.ref is Ref.YOU


def test_seu_heroi_the_powers_cost_tier_and_limit_are_in_its_anatomy(capsys: pytest.CaptureFixture[str]) -> None:
    """Manual, "Seu Herói também participa": "Seu poder tem custo, limite e condições próprios"; "Morteus da Reserva
    ... custa zero e exige duas evoluções". The power as used (``HeroPower.used``) pays its cost first, needs its
    tier and keeps its limit; ``explain`` shows them as Requerimentos and Limite."""
    from pathlib import Path

    from cardscript.cli import main
    from cardscript.compiler.ir import Condition
    from cardscript.games.sky_world.ir import Consume
    from cardscript.games.sky_world.library import library

    hero = library()[0]["Morteus da Reserva"]
    assert hero.hero_power is not None
    used = hero.hero_power.used
    cost = used.procedures[0]
    assert isinstance(cost, Consume) and cost.cost and cost.amount == 0
    assert used.condition == Condition("evolutions", value="2", text="Evolução ×2") and used.limit_per_turn == 1
    card = Path(__file__).resolve().parents[1] / "cardscript" / "games" / "sky_world" / "cards" / \
        "morteus-da-reserva.card"
    assert main(["explain", str(card)]) == 0
    out = capsys.readouterr().out
    assert "uma vez por turno" in out and "Evolução ×2" in out and "custo 0" in out


def test_explain_shows_a_sky_world_card_in_apoteoses_terms(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 14 part 5: the same anatomy for either game, with this game's words (its seals' sentences)."""
    from pathlib import Path

    from cardscript.cli import main

    library = Path(__file__).resolve().parents[1] / "cardscript" / "games" / "sky_world" / "cards"
    assert main(["explain", str(library / "aurora.card")]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("Personagem: Aurora (Sky World): Requisito 3, Consumo 0, Poder 4, Fé 1, Estágio I")
    assert "INÍCIO DO TURNO: Este personagem perde 1 de Poder permanente.\n    triggered (field) on turn_start:" \
        in printed
    timing = ("Temporização (timing):\n        Acontece no início do turno do dono desta carta, antes das jogadas "
              "livres.")
    assert timing in printed
    assert "Ativação (activation): Auto" in printed and "counter_awaken" in printed
    assert "desconhecida" not in printed
    assert "no words in the anatomy's tables" not in printed


def test_every_sky_world_family_has_anatomy_words() -> None:
    from cardscript.compiler.anatomy import tables_of
    from cardscript.games.sky_world import anatomy_words
    from cardscript.games.sky_world.ir import FAMILIES
    from cardscript.games.sky_world.seals import SEALS

    tables = tables_of(anatomy_words.GAME)
    assert {f.family for f in FAMILIES} <= set(tables.tasks)
    assert {s.event for s in SEALS if s.event} <= set(tables.timing)


def test_costs_are_paid_first() -> None:
    """Manual, "Consumir retira a Essência" and "Use uma habilidade da mão": Consumir N and Bloquear N before ":" are
    the effect's costs (Leon, Voz do Legado: "pode Bloquear 3 para deixar outro aliado vulnerável pronto")."""
    from cardscript.games.sky_world.ir import Block, Consume

    block, choose, ready = effect("ATIVAÇÃO: Bloqueie 3: escolha outro aliado vulnerável. Ele fica pronto "
                                  "novamente.").procedures
    assert isinstance(block, Block) and (block.amount, block.cost) == (3, True)
    assert isinstance(choose, Choose) and choose.what is not None and choose.what.excluding is not None
    assert isinstance(ready, MakeReady) and ready.targets.slot == choose.introduces
    consume, loss = effect("ATIVAÇÃO: Consuma 2 Essências: o rival perde 1 de Fé.").procedures
    assert isinstance(consume, Consume) and (consume.amount, consume.cost) == (2, True)
    assert isinstance(loss, LoseFaith)
    assert "a cost other than Consumir or Bloquear" in not_executable("ATIVAÇÃO: Compre uma carta: o rival perde 1 "
                                                                      "de Fé.")


def test_attack_permissions_are_static() -> None:
    """Manual, "Escolha seu combate": "Normalmente, só se ataca um inimigo vulnerável. ... Uma habilidade pode
    permitir outros alvos"; "Apenas permitir um ataque em Preparação não libera canalizar"."""
    from cardscript.games.sky_world.ir import AllowAttack

    others = effect("CONTÍNUA: Este personagem pode atacar inimigos que não estejam vulneráveis.")
    early = effect("CONTÍNUA: Este personagem pode atacar em Preparação.")
    (a,), (b,) = others.procedures, early.procedures
    assert others.kind is EffectKind.STATIC and isinstance(a, AllowAttack) and (a.any_target, a.in_preparation) == \
        (True, False)
    assert isinstance(b, AllowAttack) and (b.any_target, b.in_preparation) == (False, True)
    assert "attack whom?" in not_executable("CONTÍNUA: Este personagem pode atacar inimigos vulneráveis.")


def test_dudurima_the_rivals_first_channelling_grants_no_fe() -> None:
    """Manual, "Ativação, fonte e duração": "A ativação impede a primeira canalização de conceder Fé no próximo turno
    rival"."""
    from cardscript.games.sky_world.ir import Consume, PreventChannelFaith

    consume, prevent = effect("ATIVAÇÃO: Consuma 1 Essência: a primeira canalização do rival em seu próximo turno "
                              "não concede Fé.").procedures
    assert isinstance(consume, Consume) and consume.cost and isinstance(prevent, PreventChannelFaith)
    assert prevent.times == 1
    assert "which channelling?" in not_executable("ATIVAÇÃO: A segunda canalização do rival em seu próximo turno não "
                                                  "concede Fé.")


def test_salvaguarda_and_interceptar_are_characteristics_the_engine_applies() -> None:
    """Manual, "Palavras-chave de efeito": Salvaguarda and Interceptar are rules of the card that has them (the
    engine's ``SkyCard.keywords``); their prelude meanings say the rule in words."""
    for keyword in ("Salvaguarda", "Interceptar"):
        card, compiled = sky_card(SourceFile("t.card", HEAD + f"  CONTÍNUA: {keyword}.\n"))
        assert card is not None and compiled.runs and card.keywords == (keyword,) and card.effects == ()


@pytest.mark.parametrize(("keyword", "family", "amount"), [("Depositar 2", "deposit", 2), ("Bloquear 1", "block", 1),
                                                           ("Consumir 3", "consume", 3)])
def test_condicoes_depositar_bloquear_consumir_as_steps(keyword: str, family: str, amount: int) -> None:
    """Manual, "Condições, vínculos e escolhas": Depositar N, Bloquear N, Consumir N -- as a step of an effect (not
    a cost: that is the same words before ':')."""
    (proc,) = effect(f"AO ENTRAR: {keyword}.").procedures
    assert proc.family == family and proc.amount == amount and not getattr(proc, "cost", False)


def test_vasculhar_is_the_engines_search() -> None:
    """Manual, "Palavras-chave de efeito": "Vasculhar 1 (revele 1 cartas do topo, escolha uma para a mão e coloque as
    demais no fundo) Uma busca por turno entre suas habilidades Vasculhar." -- the Vasculhar family, whose rule (the
    private reveal, one search a turn) is the engine's."""
    from cardscript.games.sky_world.ir import Vasculhar

    (proc,) = effect("AO ENTRAR: Vasculhar 3.").procedures
    assert isinstance(proc, Vasculhar) and proc.amount == 3


def test_a_longer_preparacao_is_read_only_as_written() -> None:
    from cardscript.games.sky_world.ir import HoldPreparation

    (proc,) = effect("AO ENTRAR: Este personagem fica em Preparação até o fim de seu próximo turno.").procedures
    assert isinstance(proc, HoldPreparation) and proc.targets.ref is Ref.THIS_CHARACTER
    assert "until when?" in not_executable("AO ENTRAR: Este personagem fica em Preparação até o fim do turno.")


@pytest.mark.parametrize(("prefix", "kind", "value"), [
    ("Reserva 4", "reserve", "4"),       # "Reserva N: Exige pelo menos N Essências no Banco."
    ("Apogeu", "apogee", ""),            # "Apogeu: Exige pelo menos um personagem III no seu campo."
    ("Formação", "formation", ""),       # "Formação: Exige personagens I, II e III presentes no seu campo."
])
def test_condicoes_reserva_apogeu_formacao_condition_the_effect_they_prefix(prefix: str, kind: str,
                                                                             value: str) -> None:
    """Manual, "Condições, vínculos e escolhas": a condition keyword written before an effect is its condition."""
    e = effect(f"AO ENTRAR: {prefix} - Compre 1 carta.")
    assert e.condition is not None and (e.condition.kind, e.condition.value) == (kind, value)
    assert e.condition.text == prefix
    (draw,) = e.procedures
    assert isinstance(draw, DrawCards) and draw.amount == 1


def test_a_condition_keyword_joins_the_seals_qualifier() -> None:
    e = effect("AO ENTRAR · MENOS FÉ: Apogeu - Compre 1 carta.")
    assert e.condition is not None and e.condition.kind == "all"
    assert [c.kind for c in e.condition.all_of] == ["less_faith", "apogee"]


def test_permutar_is_the_engines_swap_optional_to_begin() -> None:
    """Manual, "Leia as palavras-chave": "Começar a Permutar é opcional. Depois de escolher uma Essência disponível
    do Banco, deve trazê-la para a mão e depois deve enviar outra carta da mão ao Banco"."""
    from cardscript.games.sky_world.ir import Permutar

    (proc,) = effect("AO ENTRAR: Permutar.").procedures
    assert isinstance(proc, Permutar) and proc.optional
    assert (proc.take.kind, proc.take.zone, [(f.field, f.value) for f in proc.take.filters]) == \
        (Kind.CARD, "bank", [("amber", "false")])
    assert (proc.send.kind, proc.send.zone) == (Kind.CARD, "hand")


def test_executar_chooses_an_enemy_and_a_card_may_name_another_target() -> None:
    """Manual, "Condições, vínculos e escolhas": "Executar: Destrua o alvo sem comparar Poder"."""
    from cardscript.games.sky_world.ir import Execute

    (proc,) = effect("AO DESTRUIR ATACANDO: Executar.").procedures
    assert isinstance(proc, Execute) and [(f.field, f.value) for f in proc.targets.filters] == \
        [("controller", "opponent")]
    (vulnerable,) = effect("ATIVAÇÃO: Execute um inimigo vulnerável.").procedures
    assert isinstance(vulnerable, Execute) and [(f.field, f.value) for f in vulnerable.targets.filters] == \
        [("controller", "opponent"), ("vulnerable", "true")]


def test_counter_de_despertar_reads_from_the_cards_words() -> None:
    """Manual, "Counter de despertar": "o rival só pode despertar ou evoluir gastando um despertar normal"; "Da mão,
    o Counter dura até o fim do próximo turno inimigo". A CONTÍNUA's Counter is static; from the hand, "até o fim de
    seu próximo turno" (the rival's) registers it; "Desperte este card sem gastar despertar" is a free Awaken."""
    from cardscript.games.sky_world.ir import Awaken, CounterAwaken

    static = effect("CONTÍNUA: O rival só desperta personagens gastando um despertar normal.")
    assert static.kind is EffectKind.STATIC and static.procedures == (
        CounterAwaken(text="o rival só desperta personagens gastando um despertar normal"),)
    (registered,) = effect("HABILIDADE DA MÃO: O rival só desperta personagens gastando um despertar normal até o "
                           "fim de seu próximo turno.").procedures
    assert isinstance(registered, CounterAwaken) and registered.registered
    (free,) = effect("AÇÃO NO BANCO: Desperte este card sem gastar despertar.").procedures
    assert isinstance(free, Awaken) and free.free and free.cards.ref is Ref.THIS_CARD


@pytest.mark.parametrize(("paragraph", "why"), [
    # a lead "até o fim do próximo turno" is not "até o final do turno" (it was read so, silently)
    ("HABILIDADE DA MÃO: Até o fim do próximo turno do rival, o rival só desperta personagens gastando um despertar "
     "normal.", "a window not understood"),
    ("AO ENTRAR: Desperte um aliado.", "awaken what?"),
    ("CONTÍNUA: O rival só desperta personagens.", "only what?"),
])
def test_a_counter_or_awakening_that_does_not_say_enough_is_not_executable(paragraph: str, why: str) -> None:
    assert why in not_executable(paragraph)


def test_nao_pode_atacar_nem_canalizar_is_a_restriction_for_the_time_said() -> None:
    """Manual, last chapter (Leon, Voz da Formação: "o aliado fica pronto para se proteger, sem agir novamente"): a
    step of a resolving effect "neste turno"; in a CONTÍNUA, static; a step that does not say how long is not read."""
    from cardscript.games.sky_world.ir import Restrict

    choose, ready, attack, channel = effect(
        "NO FIM DO SEU TURNO: Escolha um aliado. Ele fica pronto. Neste turno, ele não pode atacar nem "
        "canalizar.").procedures
    assert isinstance(choose, Choose) and isinstance(ready, MakeReady)
    assert isinstance(attack, Restrict) and attack.acts == ("attack",) and attack.targets.slot == choose.introduces
    assert isinstance(channel, Restrict) and channel.acts == ("channel",)
    static = effect("CONTÍNUA: Este personagem não pode canalizar.")
    assert static.kind is EffectKind.STATIC and isinstance(static.procedures[0], Restrict)
    assert "for how long" in not_executable("ATIVAÇÃO: Escolha um aliado. Ele não pode atacar.")


def test_a_herois_passive_consumption_as_block_reads_its_number() -> None:
    """Manual, "Seu Herói também participa": "substitua cada Essência que seria consumida nessa evolução por
    Bloquear 2"; a Herói's CONTÍNUA works from the Herói (``zone="hero"``)."""
    from cardscript.games.sky_world.ir import ConsumptionAsBlock

    head = "Herói: Teste\nJogo: Sky World\nTexto permanente:\n"
    card, compiled = sky_card(SourceFile("t.card", head + "  CONTÍNUA: Cada Essência que você consumiria em uma "
                                         "evolução é substituída por 3 bloqueios.\n"))
    assert card is not None and compiled.runs
    (passive,) = card.effects
    assert passive.kind is EffectKind.STATIC and passive.zone == "hero"
    assert isinstance(passive.procedures[0], ConsumptionAsBlock) and passive.procedures[0].per == 3
