"""Conditions by composition: "a não ser que <deed>", "Se (não) o fizer [e se ...]", the use
of this action now ("se esta ação for usada durante ..."), comparisons of two counts ("menos personagens que um
oponente", "mais personagens do que você"), points ("mais pontos que você nos prêmios"), characteristics compared
with a value ("Energia Inicial maior ou igual a 6") -- each checked in the IR and, where the runtime is involved, on
the engine. The card texts are our own."""

from __future__ import annotations

from cardscript.compiler.ir import (
    CardDef,
    ChangeStage,
    Condition,
    Count,
    Damage,
    Discard,
    Draw,
    Filter,
    Move,
    Ref,
    Unload,
)
from cardscript.games.battle_scenes.runtime.conditions import check_condition
from cardscript.games.battle_scenes.runtime.selectors import EffectContext
from cardscript.games.battle_scenes.runtime.state import Zone
from cardscript.games.battle_scenes.runtime.statics import powers
from tests.corpus_play import card_of, enter, match, stage, where, zone
from tests.engine_helpers import Script, card, in_scene, small_game

HERO = """Personagem: Herói V1
Alinhamento: Herói
Afiliações: Vingadores
Poderes: {VO}
Energia inicial: 5
Escudo: 0
"""
FLYER = card(HERO.replace("Herói V1", "Voador V1"))
WALKER = card(HERO.replace("Herói V1", "Andarilho V1").replace("{VO}", "{SF}"))


def _support(*paragraphs: str) -> CardDef:
    return card("Suporte: Máquina V1\nEnergia inicial: 2\nEscudo: 0\n\nTexto permanente:\n"
                + "".join(f"  {p}\n" for p in paragraphs))


def _character(*paragraphs: str, action: str = "", cost: str = "{1}") -> CardDef:
    text = HERO.replace("Herói V1", "Teste V1")
    if paragraphs:
        text += "\nTexto permanente:\n" + "".join(f"  {p}\n" for p in paragraphs)
    if action:
        text += f"\nAção: Golpe\n  Custo: {cost}\n  Poder: Voo\n  {action}\n"
    return card(text)


# ---------------------------------------------------------------------------------------------------------------
# "a não ser que <deed>": the deed first, optional; the clauses it governs only if it was not done


UNLESS = ("Quando este suporte entrar em cena, descarregue-o e coloque-o em seus recursos a não ser que você "
          "incapacite em {1} um personagem com {VO} que você controla.")


def test_unless_a_deed_is_offered_first_and_spares_the_sentence() -> None:
    d = _support(UNLESS)
    assert d.executable
    (e,) = d.effects
    deed, unload, move = e.procedures
    assert isinstance(deed, ChangeStage) and deed.optional and deed.amounts == (1,)
    assert Filter("power", "has", "VO") in deed.targets.filters
    assert isinstance(unload, Unload) and unload.if_not_done and not unload.optional
    assert isinstance(move, Move) and move.if_not_done and move.to == "resources"
    assert move.cards.ref is Ref.SLOT and move.cards.slot == "event:subject"     # "-o": the support, not the deed's


def test_unless_the_support_stays_when_the_deed_is_done() -> None:
    game = match([_support(UNLESS), FLYER])
    s, f = card_of(game, 0, "Máquina V1"), card_of(game, 0, "Voador V1")
    enter(game, f, 2)
    game.state.scene[f].stage = 1
    enter(game, s, 2)
    assert stage(game, f) == 0 and zone(game, s) == "scene" and len(game.state.scene[s].carried) == 2


def test_unless_the_support_goes_when_the_deed_cannot_be_done() -> None:
    """Golden rule C: a character at stage {0} cannot be incapacitated, so the deed is not done."""
    game = match([_support(UNLESS), FLYER])
    s, f = card_of(game, 0, "Máquina V1"), card_of(game, 0, "Voador V1")
    enter(game, f, 2)
    game.state.scene[f].stage = 0
    enter(game, s, 2)
    assert zone(game, s) == "resources"


def test_unless_the_support_goes_when_the_player_declines() -> None:
    game = match([_support(UNLESS), FLYER], a=Script({"optional": [[1]]}))
    s, f = card_of(game, 0, "Máquina V1"), card_of(game, 0, "Voador V1")
    enter(game, f, 2)
    game.state.scene[f].stage = 2
    enter(game, s, 2)
    assert stage(game, f) == 2 and zone(game, s) == "resources"


def test_unless_a_state_stays_a_negated_condition() -> None:
    d = _character("Este personagem ganha Escudo +1 a não ser que você controle um personagem vilão.")
    assert d.executable
    cond = d.effects[0].condition or d.effects[0].procedures[0].condition
    assert cond is not None and cond.kind == "exists" and cond.negated


# ---------------------------------------------------------------------------------------------------------------
# "Se não o fizer", "Se ele o fizer", "Se o fizer e se <condition>"


def test_if_not_done_runs_only_when_the_optional_step_was_declined() -> None:
    d = _support("Quando este suporte entrar em cena, você pode descartar um card. Se não o fizer, compre um card.")
    assert d.executable
    discard, draw = d.effects[0].procedures
    assert isinstance(discard, Discard) and discard.optional
    assert isinstance(draw, Draw) and draw.if_not_done and not draw.if_done
    for answer, drawn in (([1], 1), ([0], 0)):
        game = match([d], a=Script({"optional": [answer]}))
        s = card_of(game, 0, "Máquina V1")
        game.draw(0, 2)
        hand = len([c for c in where(game, 0)("hand") if c != s])
        enter(game, s, 1)
        discarded = 0 if answer == [1] else 1
        assert len(where(game, 0)("hand")) == hand + drawn - discarded


def test_if_done_and_a_condition() -> None:
    d = _support("Quando este suporte entrar em cena, você pode descartar um card. Se o fizer e se você não "
                 "controlar nenhum personagem vilão, compre um card.")
    assert d.executable
    _, draw = d.effects[0].procedures
    assert draw.if_done and draw.condition is not None and draw.condition.kind == "exists" and draw.condition.negated


def test_if_he_did_it() -> None:
    d = _support("Durante a Fase de Preparação de cada jogador, aquele jogador pode descartar um card. Se ele o "
                 "fizer, compre um card.")
    procs = d.effects[0].procedures
    assert isinstance(procs[-1], Draw) and procs[-1].if_done


# ---------------------------------------------------------------------------------------------------------------
# "se esta ação for usada durante <phase / turn>": the phase of the turn now (the action resolves as it is used)


def test_this_action_used_during_a_step_is_a_condition_on_now() -> None:
    d = _character(action="Golpe causa 1 ponto de dano no alvo, ou Golpe causa 3 pontos de dano no alvo se esta "
                          "ação for usada durante a Etapa de Ataque de seu turno.")
    assert d.executable and d.action is not None
    (big,) = d.action.modes[1].procedures
    assert isinstance(big, Damage) and big.condition is not None
    assert (big.condition.kind, big.condition.value, big.condition.whose) == ("now", "Etapa de Ataque", "you")
    game = small_game({})
    ctx = EffectContext(controller=0)
    game.state.phase, game.state.step, game.state.turn_player = "combat", "attack", 0
    assert check_condition(game, ctx, big.condition)
    game.state.step = "anticipation"
    assert not check_condition(game, ctx, big.condition)
    game.state.step, game.state.turn_player = "attack", 1
    assert not check_condition(game, ctx, big.condition)


def test_this_action_used_in_your_own_turn() -> None:
    d = _character(action="Golpe causa 1 ponto de dano no alvo, ou Golpe causa 2 pontos de dano no alvo, caso esta "
                          "ação tenha sido usada em seu próprio turno.")
    assert d.executable and d.action is not None
    cond = d.action.modes[1].procedures[0].condition
    assert cond is not None and (cond.kind, cond.value, cond.whose) == ("now", "", "you")
    game = small_game({})
    game.state.phase, game.state.step = "combat", "anticipation"
    game.state.turn_player = 1
    assert not check_condition(game, EffectContext(controller=0), cond)
    assert check_condition(game, EffectContext(controller=1), cond)


def test_another_action_used_this_turn_reads_the_turns_record() -> None:
    """Another action's use this turn is the turn's record of actions used (``action_used``; played in
    tests/test_semantics_s5_events.py); before this turn is history the engine does not keep."""
    d = _character(action="Golpe causa 1 ponto de dano no alvo, ou Golpe causa 2 pontos de dano no alvo se outra "
                          "ação chamada Golpe tiver sido usada neste turno.")
    assert d.executable and d.action is not None
    cond = d.action.modes[1].procedures[0].condition
    assert cond is not None and (cond.kind, cond.value) == ("action_used", "other")
    assert not _character(action="Golpe causa 1 ponto de dano no alvo, ou Golpe causa 2 pontos de dano no alvo se "
                                 "outra ação chamada Golpe tiver sido usada no turno anterior.").executable


# ---------------------------------------------------------------------------------------------------------------
# comparisons: two counts, two players' points, a characteristic and a value


def _counts(cond: Condition) -> tuple[Count, Count]:
    assert cond.left is not None and cond.right is not None and cond.left.x is not None and cond.right.x is not None
    return cond.left.x, cond.right.x


def test_fewer_characters_than_an_opponent() -> None:
    for text in ("Enquanto você controlar menos personagens que um oponente, este personagem ganha Escudo +1.",
                 "Enquanto um oponente controlar mais personagens do que você, este personagem ganha Escudo +1."):
        d = _character(text)
        assert d.executable, text
        cond = d.effects[0].condition
        assert cond is not None and cond.kind == "compare"
        mine, theirs = _counts(cond)
        assert mine.what is not None and theirs.what is not None
        game = small_game({0: FLYER, 100: WALKER, 101: WALKER})
        in_scene(game, 0, [2])
        in_scene(game, 100, [102])
        ctx = EffectContext(controller=0)
        assert not check_condition(game, ctx, cond)          # one each
        in_scene(game, 101, [103])
        assert check_condition(game, ctx, cond)              # 1 against 2


def test_more_points_than_you() -> None:
    d = _character("Enquanto um oponente tiver mais pontos que você nos prêmios, este personagem ganha Escudo +1.")
    assert d.executable
    cond = d.effects[0].condition
    assert cond is not None and cond.kind == "compare" and cond.value == "gt"
    theirs, mine = _counts(cond)
    assert (theirs.attribute, mine.attribute) == ("points", "points")
    assert theirs.what is not None and theirs.what.ref is Ref.OPPONENT
    game = small_game({0: FLYER})
    ctx = EffectContext(controller=0)
    assert not check_condition(game, ctx, cond)
    game.move(0, Zone.PRIZES)                  # my character knocked out: points for my opponent (4.9.1)
    assert game.prize_points(1) == 5 and check_condition(game, ctx, cond)


def test_initial_energy_compared_with_a_value() -> None:
    d = _character("Enquanto este personagem tiver {VO} e Energia Inicial maior ou igual a 6, ele ganha Escudo +1.")
    assert d.executable
    cond = d.effects[0].condition
    assert cond is not None and cond.subject is not None
    assert Filter("initial_energy", "ge", "6") in cond.subject.filters


# ---------------------------------------------------------------------------------------------------------------
# relatives and references the conditions' cards need


def test_whose_characteristic_is_a_name() -> None:
    d = _support("Os personagens cujas afiliações não sejam Vingadores ganham Escudo +1.")
    assert d.executable
    (gain,) = d.effects[0].procedures
    assert Filter("affiliation", "lacks", "Vingadores") in gain.targets.filters   # type: ignore[attr-defined]


def test_a_masculine_clitic_after_cards_of_ability_means_them() -> None:
    d = _character(action="Procure em seu deck por até dois cards de habilidade cujos nomes tenham a palavra Golpe, "
                          "revele-os, coloque-os em sua mão e embaralhe o seu deck.")
    assert d.executable and d.action is not None
    search, reveal, move, _ = d.action.modes[0].procedures
    assert Filter("name", "has_word", "Golpe") in search.cards.filters            # type: ignore[attr-defined]
    assert search.introduces and reveal.cards.slot == search.introduces           # type: ignore[attr-defined]
    assert move.cards.slot == search.introduces                                   # type: ignore[attr-defined]


def test_ele_is_never_voce() -> None:
    d = _support("Durante sua Fase de Preparação, uma vez por turno, você pode descarregar um card dele. Se o fizer, "
                 "ele causa 2 pontos de dano em um personagem.")
    unload, damage = d.effects[0].procedures
    assert unload.frm.ref is Ref.THIS_CARD                                        # type: ignore[attr-defined]
    assert isinstance(damage, Damage) and damage.source.ref is Ref.THIS_CARD


def test_ele_is_not_the_card_carried() -> None:
    d = _character("Enquanto este personagem estiver carregando algum card de suporte, ele ganha Escudo +1.")
    (gain,) = d.effects[0].procedures
    assert gain.targets.ref is Ref.THIS_CHARACTER                                 # type: ignore[attr-defined]


def test_one_of_those_cards_carried() -> None:
    d = _support("Quando este suporte entrar em cena, se um personagem controlado por outro jogador estiver "
                 "carregando algum card de habilidade com {SF}, você pode escolher um daqueles cards e colocá-lo na "
                 "base do deck de seu dono.")
    choose, move = d.effects[0].procedures
    (pool,) = choose.what.union                                                   # type: ignore[attr-defined]
    assert pool.zone == "carried" and pool.of is not None and Filter("power", "has", "SF") in pool.filters
    assert move.cards.slot == choose.introduces                                   # type: ignore[attr-defined]


def test_a_moment_of_the_turn_inside_an_action_is_an_effect_for_later_or_reported() -> None:
    """"No final do turno, ..." in an action: a trigger the action creates (5.7 B, tests/test_semantics_s5_times.py);
    a moment whose occurrence is unclear ("no final do próximo turno") is reported."""
    d = _character(action="Compre um card. No final do turno, descarte um card.")
    assert d.executable and d.action is not None
    assert type(d.action.modes[0].procedures[-1]).__name__ == "Generate"
    d = _character(action="Compre um card. No final do próximo turno, descarte um card.")
    assert not d.executable


# ---------------------------------------------------------------------------------------------------------------
# X compared with a number; counts with "outros" and "ao menos"


def test_x_compared_with_a_number() -> None:
    for words, op in (("igual a 1", "eq"), ("maior que 1", "gt"), ("menor que 1", "lt"), ("maior ou igual a 1", "ge"),
                      ("menor ou igual a 1", "le"), ("1 ou mais", "ge")):
        d = _character(action=f"Se X for {words}, compre um card.", cost="{X}").action
        assert d is not None and d.cost_is_x, words
        (draw,) = d.modes[0].procedures
        cond = draw.condition
        assert cond is not None and (cond.kind, cond.value) == ("compare", op), words
        assert cond.right is not None and cond.right.fixed == 1


def test_a_number_of_other_characters() -> None:
    d = _character("Se você controlar dois outros personagens com a afiliação Vingadores, este personagem ganha "
                   "Escudo +1.")
    assert d.executable
    (gain,) = d.effects[0].procedures
    cond = gain.condition or d.effects[0].condition
    assert cond is not None and (cond.kind, cond.value) == ("exists", "2")
    assert cond.subject is not None and cond.subject.excluding is not None
    assert cond.subject.excluding.ref is Ref.THIS_CHARACTER


def test_at_least_a_number() -> None:
    d = _character("Enquanto você controlar ao menos dois outros personagens, este personagem ganha Escudo +1.")
    assert d.executable
    cond = d.effects[0].condition
    assert cond is not None and (cond.kind, cond.value) == ("exists", "2")


def test_alternatives_of_different_numbers_are_not_one_card() -> None:
    """4.1: "um card de cenário ou dois outros cards" is a discard of either (Discard.alternatives), never one card."""
    from cardscript.compiler.ir import Discard

    d = _support("Durante sua Fase de Preparação, você pode descartar um card de cenário ou dois outros cards. Se o "
                 "fizer, compre um card.")
    assert d.executable
    (discard,) = [p for e in d.effects for p in e.procedures if isinstance(p, Discard)]
    assert discard.amount.fixed == 1 and [a.count.fixed for a in discard.alternatives] == [2]


# ---------------------------------------------------------------------------------------------------------------
# "entrou em cena neste turno": this turn's record, wherever the card is now


def test_another_character_entered_under_your_control_this_turn() -> None:
    d = _character("Durante sua Fase de Preparação, uma vez por turno, se outro personagem com a afiliação "
                   "Vingadores entrou em cena sob seu controle neste turno, você pode comprar um card.")
    assert d.executable
    cond = d.effects[0].condition
    assert cond is not None and (cond.kind, cond.whose) == ("entered", "you")
    assert cond.subject is not None and cond.subject.excluding is not None
    game = small_game({0: d, 1: FLYER, 100: WALKER})
    ctx = EffectContext(controller=0, source=0)
    in_scene(game, 0, [2])                              # this character itself does not count
    in_scene(game, 100, [102])                          # the opponent's does not either
    assert not check_condition(game, ctx, cond)
    in_scene(game, 1, [3])
    game.knock_out(1, reason="test")                    # it entered this turn and has left: it still did
    assert check_condition(game, ctx, cond)
    game.state.this_turn.entered.clear()                # a new turn
    assert not check_condition(game, ctx, cond)


def test_this_character_entered_this_turn() -> None:
    d = _character(action="Golpe causa 3 pontos de dano no alvo, ou Golpe causa 2 pontos de dano no alvo se este "
                          "personagem tiver entrado em cena neste turno.")
    assert d.executable and d.action is not None
    cond = d.action.modes[1].procedures[0].condition
    assert cond is not None and cond.kind == "entered" and cond.subject is not None
    assert cond.subject.ref is Ref.THIS_CHARACTER


def test_entering_in_an_earlier_turn_is_not_known() -> None:
    d = _character("Enquanto outro personagem entrou em cena sob seu controle, este personagem ganha Escudo +1.")
    assert not d.executable


def test_there_are_more_than_one_in_a_trailing_condition() -> None:
    d = _character(action="Golpe causa 1 ponto de dano no alvo, ou Golpe causa 2 pontos de dano no alvo se houver "
                          "mais de um personagem com a afiliação Vingadores em cena.")
    assert d.executable and d.action is not None
    cond = d.action.modes[1].procedures[0].condition
    assert cond is not None and (cond.kind, cond.value) == ("exists", "2")
    assert cond.subject is not None and cond.subject.zone == "scene"


def test_the_stage_of_capacitation() -> None:
    d = _character("Enquanto este personagem estiver no estágio de capacitação {0}, ele ganha Escudo +1.")
    assert d.executable
    cond = d.effects[0].condition
    assert cond is not None and cond.subject is not None and Filter("stage", "eq", "0") in cond.subject.filters


def test_a_coordinated_predicate_is_either_description_and_guards_the_whole_placing() -> None:
    """"Descarregue os cards do alvo e devolva-o para a mão de seu dono se ele for um personagem com {LA} ou um
    suporte": the condition is either description, each with its own filters (a character WITH {LA}); and the
    unloading is part of that placing (4.7), so it is guarded too -- unloading a character the card spares would
    knock it out."""
    d = _character(action="Descarregue os cards do alvo e devolva-o para a mão de seu dono se ele for um "
                          "personagem com {LA} ou um suporte.")
    assert d.executable and d.action is not None
    unload, move = d.action.modes[0].procedures
    assert isinstance(unload, Unload) and isinstance(move, Move)
    cond = move.condition
    assert cond is not None and cond.kind == "any" and len(cond.any_of) == 2
    lamina, support = cond.any_of
    assert lamina.subject is not None and Filter("power", "has", "LA") in lamina.subject.filters
    assert Filter("kind", "eq", "character") in lamina.subject.filters
    assert support.subject is not None and Filter("kind", "eq", "support") in support.subject.filters
    assert unload.condition == cond


# ---------------------------------------------------------------------------------------------------------------
# "estiver carregando X desde o início do turno": the card carried since the turn began (4.1, 4.6.2 C.1), not
# only the carrier in the scene since then


JEWEL = card("Habilidade: Joia V1\nPoder: {VO}\n")


def test_4_6_2_C_1_carrying_since_the_turn_began_counts_only_cards_not_loaded_this_turn() -> None:
    d = _character("Durante sua Fase de Preparação, uma vez por turno, se este personagem estiver carregando um card "
                   "de habilidade chamado Joia desde o início do turno, você pode comprar um card.")
    assert d.executable
    (effect,) = d.effects
    cond = effect.condition
    assert cond is not None and [f.field for f in cond.subject.filters] == ["carrying_since_turn_start"]
    game = small_game({0: d, 1: JEWEL, 2: FLYER})
    in_scene(game, 0, [2])
    ctx = EffectContext(controller=0, source=0, user=0)
    game.state.turn = 2                                   # in the scene since turn 1
    game.move(1, Zone.RESOURCES)
    game.load(1, 0)                                       # the Joia loaded this turn: not since the turn began
    assert not check_condition(game, ctx, cond)
    game.state.this_turn.loaded.clear()                   # a new turn: carried since it began
    game.state.turn = 3
    assert check_condition(game, ctx, cond)
    game.state.scene[0].entered_turn = 3                  # the carrier itself entered this turn: not since then
    assert not check_condition(game, ctx, cond)



def _gigante(text: str) -> CardDef:
    return card("Personagem: Gigante V1\nAlinhamento: Herói\nPoderes: Super Força, Voo\nEnergia inicial: 3\n"
                f"Escudo: 2\n\nTexto permanente:\n  {text}\n")


def test_5_4_a_closing_enquanto_holds_for_every_verb_the_subject_coordinates() -> None:
    """"X perde {SF} e não pode ser alvo de ... enquanto não estiver no estágio {2}": the closing "enquanto" says
    how long the whole predicate lasts -- the loss too, not only the prohibition next to it; a closing "se" stays
    its own clause's."""
    d = _gigante("Este personagem perde {SF} e não pode ser alvo de ações imprevistas enquanto não estiver no "
                 "estágio {2} de capacitação.")
    assert d.executable
    procs = [(p, e.condition or p.condition) for e in d.effects for p in e.procedures]
    assert {type(p).__name__ for p, _ in procs} == {"Lose", "Restrict"}
    for _, cond in procs:
        assert cond is not None and cond.negated and cond.subject is not None
        assert cond.subject.ref is Ref.THIS_CHARACTER and cond.subject.filters == (Filter("stage", "eq", "2"),)
    game = match([d])
    g = card_of(game, 0, "Gigante V1")
    enter(game, g, 3)
    game.state.scene[g].stage = 1
    assert "SF" not in powers(game, g)
    game.state.scene[g].stage = 2
    assert "SF" in powers(game, g)
