"""X defined by what the text introduced, whose characteristic a count
reads, what the engine counts -- card texts written here, asserted as IR and, where the engine is involved, on
a small game."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Count, Damage, Kind, Ref, Selector
from cardscript.compiler.lower import lower_compiled
from cardscript.compiler.pipeline import compile_source
from cardscript.core.source import SourceFile
from cardscript.games.battle_scenes.runtime.selectors import EffectContext, count
from tests.engine_helpers import in_scene, small_game

HEAD = """Personagem: Teste V1
Alinhamento: Herói
Afiliações: Vingadores
Poderes: {AG}, Voo
Energia inicial: 5
Escudo: 2
"""


def _lower(text: str) -> tuple[CardDef, list[str]]:
    card = compile_source(SourceFile("t.card", text))
    assert card.bound, [d.message for d in card.diagnostics]
    lowered = lower_compiled(card)
    return lowered.card, [p.message for p in lowered.problems]


def _action(body: str) -> tuple[CardDef, list[str]]:
    return _lower(HEAD + f"\nAção: Golpe\n  Custo: {{1}}\n  Poder: Agilidade\n  {body}\n")


def _permanent(*paragraphs: str) -> tuple[CardDef, list[str]]:
    return _lower(HEAD + "\nTexto permanente:\n" + "".join(f"  {p}\n" for p in paragraphs))


def _damage_x(d: CardDef) -> Count:
    assert d.action is not None
    damage = d.action.modes[0].procedures[0]
    assert isinstance(damage, Damage) and damage.amount.x is not None
    return damage.amount.x


# --- whose characteristic (4.2: the stage of capacitação) ----------------------------------------------------


def test_x_is_the_current_stage_of_the_target_through_de_capacitacao() -> None:
    """"o estágio de capacitação atual do alvo": the target's stage; the text's "personagem alvo" says the target
    is a character (X, read first, named it only "o alvo")."""
    d, problems = _action("Golpe causa 3-X pontos de dano no personagem alvo. X é igual ao estágio de capacitação "
                          "atual do alvo.")
    assert not problems and d.executable
    x = _damage_x(d)
    assert x.attribute == "stage" and x.what is not None and x.what.ref is Ref.TARGET
    assert d.action is not None and d.action.targets[0].kind is Kind.CHARACTER and not d.action.targets[0].also


def test_x_is_the_stage_of_this_character() -> None:
    d, problems = _action("Golpe causa X+1 pontos de dano no alvo. X é igual ao estágio de capacitação atual deste "
                          "personagem.")
    assert not problems
    x = _damage_x(d)
    assert x.attribute == "stage" and x.what is not None and x.what.ref is Ref.THIS_CHARACTER


def test_x_initial_energy_is_not_the_current_energy() -> None:
    """"a Energia Inicial deste personagem" (2.4) is the printed value, not the cards it carries now."""
    d, problems = _action("Golpe causa X pontos de dano no alvo. X é igual à Energia Inicial deste personagem.")
    assert not problems and _damage_x(d).attribute == "initial_energy"
    d, problems = _action("Golpe causa X pontos de dano no alvo. X é igual à Energia deste personagem.")
    assert not problems and _damage_x(d).attribute == "energy"


# --- X defined by what the text introduced (principle 3) ----------------------------------------------------


def test_x_refers_to_what_the_paragraph_chose() -> None:
    """"escolha um suporte ... X é igual à Energia Inicial daquele suporte": X is read after the text, and reads
    the choice's slot."""
    d, problems = _permanent("Quando este personagem entrar em cena, escolha um suporte em cena. Este personagem "
                             "causa X pontos de dano no suporte escolhido. X é igual à Energia Inicial daquele "
                             "suporte.")
    assert not problems and d.executable
    (effect,) = [e for e in d.effects if e.procedures]
    choose, damage = effect.procedures
    assert isinstance(damage, Damage) and damage.amount.x is not None
    assert damage.amount.x.attribute == "initial_energy"
    assert damage.amount.x.what is not None and damage.amount.x.what.ref is Ref.SLOT
    assert damage.amount.x.what.slot == damage.targets.slot


def test_x_counts_the_cards_carried_on_the_target() -> None:
    """"o número de cards carregados naquele suporte": carried by that support (4.4), the action's target."""
    d, problems = _action("Golpe causa X pontos de dano no suporte alvo. X é igual ao número de cards carregados "
                          "naquele suporte.")
    assert not problems
    x = _damage_x(d)
    assert x.what is not None and x.what.zone == "carried" and x.what.of is not None
    assert x.what.of.ref is Ref.TARGET


def test_an_unread_word_of_xs_definition_is_a_problem() -> None:
    """Nothing is silently dropped in a definition of X either: a modifier no rule reads keeps the card from
    running (here, a moment of the turn after what is counted)."""
    d, problems = _action("Golpe causa X pontos de dano no alvo. X é igual ao número de personagens que você "
                          "controla durante a Fase de Combate.")
    assert not d.executable and any(p.startswith("X: words with no meaning") for p in problems)


def test_a_failed_definition_of_x_is_reported_once() -> None:
    d, problems = _permanent("Este personagem ganha Escudo +1.",
                             "Compre X cards. X é igual ao número de pontos de dano recebidos por este personagem.")
    assert not d.executable and len([p for p in problems if p.startswith("X:")]) == 1


# --- different values among the things counted ----------------------------------------------------------------


def test_the_number_of_abilities_of_different_powers_carried() -> None:
    """"o número de cards de habilidades de poderes diferentes que este personagem estiver carregando": how many
    different powers are printed on the ability cards it carries (2.3)."""
    d, problems = _action("Golpe causa X pontos de dano no alvo. X é igual ao número de cards de habilidades de "
                          "poderes diferentes que este personagem estiver carregando.")
    assert not problems
    x = _damage_x(d)
    assert x.attribute == "card_powers" and x.what is not None and x.what.zone == "carried"
    game = small_game({
        0: CardDef(title="Herói V1", name="Herói", version=1, card_type="Personagem", powers=("SF",),
                   initial_energy=3, shield=0),
        1: CardDef(title="A V1", name="A", version=1, card_type="Habilidade", power="SF"),
        2: CardDef(title="B V1", name="B", version=1, card_type="Habilidade", power="SF"),
        3: CardDef(title="C V1", name="C", version=1, card_type="Habilidade", power="VO"),
    })
    in_scene(game, 0, [1, 2, 3])
    assert count(game, EffectContext(controller=0, source=0, user=0), x) == 2


# --- naming (the chosen name) and "que houver em ..." -----------------------------------------------------------


def test_naming_a_support_card_is_remembered_for_the_other_text() -> None:
    """"nomeie um card de suporte" chooses a name among the support cards' names; "com o nome escolhido" in the
    card's other paragraph reads the card's choice."""
    from cardscript.compiler.ir import Choose, SuppressText

    d, problems = _permanent("Quando este personagem entrar em cena, nomeie um card de suporte.",
                             "Os textos permanentes de suportes com o nome escolhido não têm efeito.")
    assert not problems and d.executable
    (choose,) = d.effects[0].procedures
    assert isinstance(choose, Choose) and choose.characteristic == "name" and choose.what is not None
    assert [(f.field, f.value) for f in choose.what.filters] == [("card_type", "Suporte")]
    (suppress,) = d.effects[1].procedures
    assert isinstance(suppress, SuppressText)
    (flt,) = [f for f in suppress.targets.filters if f.field == "name"]
    assert flt.op == "chosen" and flt.value == Selector(kind=Kind.CARD, ref=Ref.SLOT, slot=choose.introduces)


def test_naming_something_else_is_not_understood() -> None:
    d, problems = _action("Nomeie um personagem. Compre um card.")
    assert not d.executable and "name what?" in problems


def test_que_houver_na_mao_daquele_jogador_is_where_the_cards_are() -> None:
    """"para cada card ... que houver na mão daquele jogador": the cards in the hand of the player chosen before
    (haver's gap is what there is)."""
    d, problems = _action("Escolha um oponente. Golpe causa 1 ponto de dano no alvo para cada card de personagem "
                          "que houver na mão daquele jogador.")
    assert not problems
    assert d.action is not None
    damage = d.action.modes[0].procedures[1]
    assert isinstance(damage, Damage) and damage.per is not None and damage.per.what is not None
    assert damage.per.what.zone == "hand" and damage.per.what.of is not None
    assert damage.per.what.of.ref is Ref.SLOT


# --- an affiliation in common (4.4.2.1: affiliations) ------------------------------------------------------------


def _shares(sel: Selector) -> Selector | None:
    found = [f for f in sel.filters if f.field == "affiliation" and f.op in ("shares", "not_shares")]
    assert len(found) == 1
    assert isinstance(found[0].value, Selector)
    return found[0].value


def test_que_tenha_uma_afiliacao_em_comum_com_este_personagem() -> None:
    """The relative's "em comum com este personagem" (ter's complement) is the affiliation's: shares one."""
    d, problems = _action("Capacite em {1} o personagem alvo que tenha uma afiliação em comum com este personagem.")
    assert not problems and d.action is not None
    shared = _shares(d.action.targets[0])
    assert shared is not None and shared.ref is Ref.THIS_CHARACTER


def test_x_counts_others_with_a_power_and_an_affiliation_in_common() -> None:
    d, problems = _action("Golpe causa X pontos de dano no alvo. X é igual ao número de outros personagens com {AE} "
                          "que você controla e que tenham alguma afiliação em comum com este personagem.")
    assert not problems
    x = _damage_x(d)
    assert x.what is not None and _shares(x.what) is not None and x.what.excluding is not None


def test_com_x_e_com_y_is_both() -> None:
    """"com {LA} e com uma afiliação em comum com este personagem": both filters (not either)."""
    d, problems = _permanent("Os outros personagens que você controla com {LA} e com uma afiliação em comum com este "
                             "personagem ganham Escudo +1.")
    assert not problems
    (gain,) = d.effects[0].procedures
    targets = gain.targets
    assert any(f.field == "power" and f.op == "has" and f.value == "LA" for f in targets.filters)
    assert _shares(targets) is not None


def test_nao_tiver_nenhuma_afiliacao_em_comum_is_negative_concord() -> None:
    """"se o personagem alvo não tiver nenhuma afiliação em comum com este personagem": the verb's negation says it
    ("nenhuma" agrees, it does not negate again): the condition is "does not share"."""
    d, problems = _action("Golpe causa 2 pontos de dano no alvo. Compre um card se o personagem alvo não tiver "
                          "nenhuma afiliação em comum com este personagem.")
    assert d.action is not None, problems
    draw = d.action.modes[0].procedures[1]
    cond = draw.condition
    assert cond is not None and cond.subject is not None and cond.negated
    assert [f.op for f in cond.subject.filters if f.field == "affiliation"] == ["shares"]


def test_a_reference_to_a_phrase_read_later_is_not_the_latest_thing() -> None:
    """"permute este card por um card que outro personagem ... estiver carregando se aquele personagem ...": the
    condition is read after its clause (tests/test_semantics_s5_references.py): "aquele personagem" is "outro
    personagem", chosen first -- not the action's target."""
    d, problems = _action("Golpe causa 1 ponto de dano no alvo. Você pode permutar este card por um card que outro "
                          "personagem que você controla estiver carregando se aquele personagem tiver uma afiliação "
                          "em comum com este personagem.")
    assert d.executable and d.action is not None, problems
    swap = d.action.modes[0].procedures[-1]
    assert swap.condition is not None and swap.condition.subject is not None
    assert swap.condition.subject.ref is Ref.SLOT and swap.condition.subject.ref is not Ref.TARGET


# --- players described by what they control (4.4.1) --------------------------------------------------------------


def test_o_jogador_que_controla_o_alvo_is_its_controller_and_outro_is_not_the_subject() -> None:
    """"outro personagem controlado pelo jogador que controla o alvo", in a clause whose subject is the target:
    a character of the target's controller other than the target itself."""
    d, problems = _action("Incapacite o personagem alvo em {1}. Aquele personagem causa 2 pontos de dano em outro "
                          "personagem controlado pelo jogador que controla o alvo.")
    assert not problems and d.action is not None
    damage = d.action.modes[0].procedures[1]
    assert isinstance(damage, Damage) and damage.source.ref is Ref.TARGET
    (ctl,) = [f for f in damage.targets.filters if f.field == "controller"]
    assert isinstance(ctl.value, Selector) and ctl.value.ref is Ref.CONTROLLER and ctl.value.of is not None
    assert ctl.value.of.ref is Ref.TARGET
    assert damage.targets.excluding is not None and damage.targets.excluding.ref is Ref.TARGET


def test_cada_jogador_que_controlar_algum_personagem() -> None:
    """"Cada jogador que controlar algum personagem": the players who control a character now."""
    from cardscript.compiler.ir import ExtraDraw
    from cardscript.games.battle_scenes.runtime.selectors import Player, resolve

    d, problems = _permanent("Cada jogador que controlar algum personagem pode comprar um card extra durante a "
                             "própria Fase de Compra.")
    assert not problems
    (extra,) = d.effects[0].procedures
    assert isinstance(extra, ExtraDraw) and extra.who is not None
    assert [f.field for f in extra.who.filters] == ["controls"] and extra.who.ref is None
    game = small_game({0: CardDef(title="Herói V1", name="Herói", version=1, card_type="Personagem", powers=("SF",),
                                  initial_energy=1, shield=0)})
    in_scene(game, 0, [])
    assert resolve(game, EffectContext(controller=1), extra.who) == [Player(0)]


def test_personagem_heroi_ou_vilao_is_either_alignment() -> None:
    d, problems = _action("Escolha um outro personagem herói ou vilão que você controla. Compre um card.")
    assert not problems and d.action is not None
    choose = d.action.modes[0].procedures[0]
    what = choose.what  # type: ignore[attr-defined]
    assert [(f.field, f.op, f.value) for f in what.filters if f.field == "alignment"] == [
        ("alignment", "has_any", "Herói/Vilão")]


def test_x_the_times_this_action_was_used_before_by_this_character_this_turn() -> None:
    d, problems = _action("Golpe causa 3-X pontos de dano no alvo. X é igual ao número de vezes que esta ação foi "
                          "usada anteriormente por este personagem neste turno.")
    assert not problems
    x = _damage_x(d)
    assert x.attribute == "times_used_before" and x.what is not None and x.what.kind is Kind.ACTION
    assert [(f.field, f.value) for f in x.what.filters][0] == ("name", "Golpe")
    user = [f.value for f in x.what.filters if f.field == "user"]
    assert len(user) == 1 and isinstance(user[0], Selector) and user[0].ref is Ref.THIS_CHARACTER


def test_controlled_by_a_player_with_a_relative_about_entering_is_the_characters() -> None:
    """"um personagem controlado por um oponente que entrou em cena neste turno": a player does not enter the scene
    (the frame of "entrar": its subject is a thing), so the relative is the character's."""
    d, problems = _action("Golpe causa 1 ponto de dano em um personagem controlado por um oponente que entrou em "
                          "cena neste turno.")
    assert not problems and d.action is not None
    dmg = d.action.modes[0].procedures[0]
    assert [(f.field, f.value) for f in dmg.targets.filters] == [     # type: ignore[attr-defined]
        ("controller", "opponent"), ("entered_this_turn", "true")]


def test_x_the_damage_this_character_received_this_turn() -> None:
    """"o número de pontos de dano recebidos por este personagem neste turno": "neste turno", X's sentence's own
    adjunct, says when."""
    d, problems = _action("Golpe causa X+1 pontos de dano no alvo. X é igual ao número de pontos de dano recebidos "
                          "por este personagem neste turno.")
    assert not problems
    x = _damage_x(d)
    assert x.attribute == "damage_taken" and x.what is not None and x.what.ref is Ref.THIS_CHARACTER


def test_escolha_um_dentre_os_revelados_and_the_remaining_ones() -> None:
    """"escolha um dentre os cards revelados ... devolva os cards restantes": one of the revealed (the verb's
    "dentre" is the pool of "um"), then the revealed ones not chosen."""
    from cardscript.compiler.ir import Choose, Move

    d, problems = _action("Revele os três cards do topo de seu deck. Escolha um dentre os cards revelados e coloque-o "
                          "em sua mão e coloque os cards restantes na base de seu deck.")
    assert not problems and d.action is not None
    reveal, choose, take, rest = d.action.modes[0].procedures
    assert isinstance(choose, Choose) and choose.what is not None and choose.what.union
    assert choose.what.union[0].slot == reveal.introduces
    assert isinstance(rest, Move) and rest.cards.slot == reveal.introduces + ":rest"
    del take
