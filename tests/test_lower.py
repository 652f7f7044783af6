"""Lowering card text into effect objects (cardscript.compiler.lower): each supported form, as IR."""

from __future__ import annotations

from cardscript.compiler.ir import (
    CardDef,
    ChangeStage,
    Damage,
    Discard,
    Draw,
    Duration,
    EffectKind,
    ExtraAction,
    Filter,
    Gain,
    Kind,
    Load,
    Lose,
    ModifyDamage,
    Move,
    Quantity,
    Ref,
    Restrict,
    Reveal,
    Search,
    SetShield,
    Shuffle,
    Unload,
)
from cardscript.compiler.lower import lower_card
from cardscript.compiler.pipeline import compile_source
from cardscript.core.source import SourceFile

HEAD = """Personagem: Teste V1
Alinhamento: Herói
Afiliações: Vingadores
Poderes: {AG}, Voo
Energia inicial: 5
Escudo: 2
"""


def _lower(text: str) -> CardDef:
    card = compile_source(SourceFile("t.card", text))
    assert card.bound, [d.message for d in card.diagnostics]
    return lower_card(card)


def _action(body: str, cost: str = "{1}", extra: str = "") -> CardDef:
    return _lower(HEAD + f"\nAção: Golpe\n  Custo: {cost}\n  Poder: Agilidade\n{extra}  {body}\n")


def _permanent(*paragraphs: str) -> CardDef:
    return _lower(HEAD + "\nTexto permanente:\n" + "".join(f"  {p}\n" for p in paragraphs))


def test_header_characteristics() -> None:
    d = _action("Golpe causa 1 ponto de dano no alvo.")
    assert d.title == "Teste V1" and d.card_type == "Personagem" and d.powers == ("AG", "VO")
    assert d.affiliations == ("Vingadores",) and d.alignments == ("Herói",)
    assert d.initial_energy == 5 and d.shield == 2 and d.executable


def test_4_6_1_action_cost_power_and_types() -> None:
    d = _action("Golpe causa 1 ponto de dano no alvo.", extra="  Tipo: Ação de Antecipar, Ação Imprevista\n")
    a = d.action
    assert a is not None and a.cost == 1 and a.power == "AG" and a.anticipate and a.unforeseen
    x = _action("Golpe causa X pontos de dano no alvo.", cost="{X}").action
    assert x is not None and x.cost is None and x.cost_is_x


def test_4_8_5_damage_source_amount_and_target() -> None:
    a = _action("Golpe causa 2 pontos de dano penetrante no alvo.").action
    assert a is not None and len(a.modes) == 1
    (p,) = a.modes[0].procedures
    assert isinstance(p, Damage) and p.piercing is True and p.amount == Quantity.of(2)
    assert p.source.ref is Ref.THIS_ACTION
    assert p.targets.ref is Ref.TARGET
    # 4.6.2 F.1.2: "alvo" with no characteristic is a character or a support
    assert a.targets[0].targeted and a.targets[0].also == (Kind.SUPPORT,)


def test_damage_x_plus_n_with_a_count() -> None:
    a = _action("Golpe causa X+2 pontos de dano no alvo. X é igual ao número de outros personagens com {SF} "
                "em cena.").action
    assert a is not None
    d = a.modes[0].procedures[0]
    assert isinstance(d, Damage)
    q = d.amount
    assert isinstance(q, Quantity) and q.fixed == 2 and q.x_times == 1 and q.x is not None
    assert q.x.what is not None and Filter("power", "has", "SF") in q.x.what.filters


def test_x_counts_cards_the_target_carries() -> None:
    a = _action("Golpe causa X pontos de dano penetrante no alvo. X é igual ao número de cards que o alvo "
                "estiver carregando.").action
    assert a is not None
    d = a.modes[0].procedures[0]
    assert isinstance(d, Damage)
    q = d.amount
    assert isinstance(q, Quantity) and q.x is not None and q.x.what is not None
    assert q.x.what.zone == "carried" and q.x.what.of is not None and q.x.what.of.ref is Ref.TARGET


def test_targeted_selector_personagem_alvo() -> None:
    a = _action("Golpe causa 1 ponto de dano em um personagem alvo.").action
    assert a is not None and a.targets[0].kind is Kind.CHARACTER and a.targets[0].targeted


def test_gain_shield_until_end_of_turn() -> None:
    a = _action("Golpe causa 1 ponto de dano no alvo. O alvo ganha Escudo -1 até o final do turno.").action
    assert a is not None
    gain = a.modes[0].procedures[1]
    assert isinstance(gain, Gain) and gain.shield == -1 and gain.duration is Duration.END_OF_TURN


def test_4_6_2_c_4_extra_action() -> None:
    a = _action("Golpe causa 1 ponto de dano no alvo. Este personagem pode usar esta ação outra vez neste "
                "turno.").action
    assert a is not None
    extra = a.modes[0].procedures[1]
    assert isinstance(extra, ExtraAction) and extra.same_action is True


def test_incapacitate_with_a_choice_of_stages() -> None:
    a = _action("Incapacite o alvo em {1} ou {2}.").action
    assert a is not None
    (p,) = a.modes[0].procedures
    assert isinstance(p, ChangeStage) and not p.capacitate and p.amounts == (1, 2)


def test_keyword_prefix_and_extra_cost() -> None:
    d = _lower(HEAD.replace("Personagem: Teste V1", "Habilidade: Rocha V1").replace("Poderes: {AG}, Voo\n", "")
               .replace("Alinhamento: Herói\nAfiliações: Vingadores\n", "").replace("Energia inicial: 5\n", "")
               .replace("Escudo: 2\n", "Poder: Super Força\n")
               + "\nAção: Rocha\n  Custo: {2}\n  Poder: Super Força\n"
               "  Descarregue Rocha: Rocha causa 7 pontos de dano no alvo.\n")
    a = d.action
    assert a is not None and isinstance(a.extra_costs[0], Unload)
    assert a.extra_costs[0].cards is not None and a.extra_costs[0].cards.ref is Ref.THIS_CARD
    q = _action("Clarividência 2 - Golpe causa 2 pontos de dano no alvo.").action
    assert q is not None and q.keywords == (("Clarividência", "2"),)


def test_search_reveal_put_in_hand_shuffle() -> None:
    a = _action("Procure em seu deck por um card de suporte, revele-o, coloque-o em sua mão e embaralhe o seu "
                "deck.").action
    assert a is not None
    ops = [type(p) for p in a.modes[0].procedures]
    assert ops == [Search, Reveal, Move, Shuffle]
    search, reveal, move, _ = a.modes[0].procedures
    assert isinstance(search, Search) and isinstance(reveal, Reveal) and isinstance(move, Move)
    assert Filter("card_type", "eq", "Suporte") in search.cards.filters
    assert reveal.cards.ref is Ref.SLOT and move.to == "hand"
    assert reveal.cards.slot == search.introduces != ""


def test_optional_and_if_done() -> None:
    a = _action("Você pode descartar um card. Se o fizer, compre dois cards.").action
    assert a is not None
    discard, draw = a.modes[0].procedures
    assert isinstance(discard, Discard) and discard.optional
    assert isinstance(draw, Draw) and draw.if_done and draw.amount == Quantity.of(2)


def test_clause_level_ou_gives_modes() -> None:
    a = _action("Golpe causa 1 ponto de dano no alvo, ou incapacite o alvo em {1}.").action
    assert a is not None and len(a.modes) == 2
    incapacitate = a.modes[1].procedures[0]
    assert isinstance(a.modes[0].procedures[0], Damage)
    assert isinstance(incapacitate, ChangeStage) and not incapacitate.capacitate


def test_load_and_unload() -> None:
    a = _action("Carregue um card de seus recursos neste personagem.").action
    assert a is not None and isinstance(a.modes[0].procedures[0], Load)
    load = a.modes[0].procedures[0]
    assert load.cards.zone == "resources"
    assert load.onto.ref is Ref.THIS_CHARACTER
    u = _action("Descarregue um card de cada personagem que não seja da afiliação Vingadores.").action
    assert u is not None
    unload = u.modes[0].procedures[0]
    assert isinstance(unload, Unload) and unload.frm is not None
    frm = unload.frm
    assert frm.every and Filter("affiliation", "lacks", "Vingadores") in frm.filters


def test_5_6_keyword_lines() -> None:
    d = _permanent("Pelotão.")
    assert d.effects[0].kind is EffectKind.KEYWORD and d.effects[0].keyword == "Pelotão"
    assert d.keywords == ("Pelotão",)


def test_5_2_triggered_enter_scene() -> None:
    d = _lower(HEAD.replace("Personagem: Teste V1", "Cenário: Calmo V1").split("Alinhamento")[0]
               + "\nTexto permanente:\n  Quando este cenário entrar em cena, compre um card.\n")
    (e,) = d.effects
    assert e.kind is EffectKind.TRIGGERED and e.trigger is not None and e.trigger.event == "enter_scene"
    assert e.trigger.subject is not None and e.trigger.subject.ref is Ref.THIS_CARD
    assert isinstance(e.procedures[0], Draw)


def test_5_1_activated_window_and_limit() -> None:
    d = _permanent("Durante sua Fase de Preparação, uma vez por turno, você pode fazer com que este personagem "
                   "cause 1 ponto de dano em um personagem ou suporte.")
    (e,) = d.effects
    assert e.kind is EffectKind.ACTIVATED and e.window == "Fase de Preparação" and e.limit_per_turn == 1
    dmg = e.procedures[0]
    assert isinstance(dmg, Damage) and dmg.targets.also == (Kind.SUPPORT,)


def test_5_4_static_gain_and_conditions() -> None:
    d = _permanent("Este personagem ganha {AG}.")
    (e,) = d.effects
    gain = e.procedures[0]
    assert e.kind is EffectKind.STATIC and isinstance(gain, Gain) and gain.powers == ("AG",)
    hulk = _permanent("Enquanto este personagem estiver com Energia igual a 1, seu Escudo torna-se 0 e ele perde "
                      "todos os seus poderes.")
    (h,) = hulk.effects
    assert h.kind is EffectKind.STATIC and h.condition is not None and h.condition.kind == "is"
    assert h.condition.subject is not None and Filter("energy", "eq", "1") in h.condition.subject.filters
    assert [type(p) for p in h.procedures] == [SetShield, Lose]


def test_4_6_2_f_2_2_restriction_on_targets() -> None:
    d = _permanent("Este personagem não pode ser alvo de ações de {TE}.")
    (p,) = d.effects[0].procedures
    assert isinstance(p, Restrict) and p.what == "be_target"
    assert p.action_filters == (Filter("power", "has", "TE"),)


def test_5_3_damage_modifiers() -> None:
    d = _lower(HEAD.replace("Personagem: Teste V1", "Cenário: Batalha V1").split("Alinhamento")[0]
               + "\nTexto permanente:\n  Toda vez que um herói fosse causar dano a um vilão, ele causará aquela "
               "quantidade de dano +1.\n")
    (e,) = d.effects
    assert e.kind is EffectKind.DAMAGE_MODIFIER
    (p,) = e.procedures
    assert isinstance(p, ModifyDamage) and p.step == "B" and p.delta == 1
    thor = _permanent("O dano que este personagem receber de ações de {AE} torna-se 0.")
    (t,) = thor.effects[0].procedures
    assert isinstance(t, ModifyDamage) and t.step == "D" and t.set_to == 0


def test_unsupported_text_is_kept_never_skipped() -> None:
    d = _permanent("Este personagem pode usar ações de {VO} mesmo sem ter {VO}.")
    assert not d.executable
    assert any("mesmo" in e.text for e in d.effects if not e.executable)
