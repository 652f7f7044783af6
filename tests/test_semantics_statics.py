"""Continuous effects a resolving effect creates and how long they
last (rules 5.7 A.2.1, A.2.2, B), a shield's "valor" becoming a number (4.8.6 A), an action used (or not yet) this
turn as a condition, actions gaining Ação Única for the turn. Card texts written here (not the publisher's)."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Duration, EffectKind, Gain, Generate, Restrict, SetCost, SetShield
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.queries import action_cost
from cardscript.games.battle_scenes.runtime.state import ActionUseRecord, Zone
from tests.corpus_play import at, card_of, enter, match, usable, use
from tests.engine_helpers import card


def _char(name: str, permanent: str = "", action: str = "", shield: int = 0) -> CardDef:
    text = (f"Personagem: {name} V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\n"
            f"Escudo: {shield}\n")
    if permanent:
        text += f"\nTexto permanente:\n  {permanent}\n"
    if action:
        text += f"\n{action}"
    return card(text)


def _punch(name: str, extra: str = "", cost: int = 0) -> str:
    return (f"Ação: {name}\n  Custo: {{{cost}}}\n  Poder: Super Força\n  {name} causa 1 ponto de dano no alvo."
            f"{' ' + extra if extra else ''}\n")


def _combat(game: Match) -> None:
    at(game, "combat", "attack", 0)


# ---------------------------------------------------------------------------------------------------------------
# a static inside a triggered effect (5.7 B, A.2.2)

WARDEN = _char("Carcereiro", "Quando este personagem entrar em cena, escolha um personagem controlado por outro "
                             "jogador. Aquele personagem não pode usar ações que causem dano.")
BRUTE = _char("Brutamontes", action=_punch("Soco Forte"))


def test_5_7_B_a_prohibition_created_by_a_trigger_is_generated_and_lasts_while_its_card_is_in_place() -> None:
    (trig,) = [e for e in WARDEN.effects if e.kind is EffectKind.TRIGGERED]
    choose, gen = trig.procedures
    assert isinstance(gen, Generate) and gen.effect.kind is EffectKind.STATIC
    assert gen.effect.duration is Duration.WHILE_SOURCE
    (restrict,) = gen.effect.procedures
    assert isinstance(restrict, Restrict) and restrict.what == "use_action"
    assert restrict.subject is not None and restrict.subject.slot == choose.introduces     # the one chosen then
    assert WARDEN.executable


def test_5_7_A_2_2_the_chosen_character_cannot_use_damaging_actions_until_the_warden_leaves() -> None:
    game = match([WARDEN], [BRUTE])
    w, b = card_of(game, 0, "Carcereiro V1"), card_of(game, 1, "Brutamontes V1")
    enter(game, b, 2)
    enter(game, w, 2)                                 # its trigger chooses the opponent's only character
    at(game, "combat", "attack", 1)
    assert not usable(game, b, "Soco Forte")
    game.state.turn += 3                              # no turn limit: it lasts while the warden is in the scene
    assert not usable(game, b, "Soco Forte")
    for c in list(game.state.scene[w].carried):
        game.move(c, Zone.RESOURCES)
    game.move(w, Zone.RESOURCES)                      # the warden leaves the scene: the effect ends
    assert usable(game, b, "Soco Forte")
    assert not [e for e in game.state.effects if e.duration == "while_source"]


def test_a_static_before_a_trigger_in_one_paragraph_is_not_the_triggers_effect() -> None:
    text = ("Se você controlar um personagem chamado Brutamontes, ele ganha {SF}, e toda vez que ele usar uma ação, "
            "compre um card.")
    assert not _char("Mestre", text).executable


def test_a_continuous_effect_with_no_duration_created_as_its_card_leaves_is_not_executable() -> None:
    text = "Quando este personagem sair de cena, os personagens não podem ser capacitados."
    assert not _char("Partida", text).executable


# ---------------------------------------------------------------------------------------------------------------
# actions gaining Ação Única for the turn from a trigger (5.7 A.2.1; glossary, Ação Única)

BLIND = _char("Cego", "Toda vez que um personagem usar uma ação, aquela ação ganha Ação Única até o final do turno "
                      "(aquele personagem não pode usar ações com o mesmo nome da ação usada neste turno).")
TWICE = _char("Duplo", action=_punch("Golpe Duplo", "Este personagem pode usar esta ação outra vez neste turno."))


def test_an_action_gains_acao_unica_until_the_end_of_the_turn_when_it_is_used() -> None:
    (trig,) = [e for e in BLIND.effects if e.kind is EffectKind.TRIGGERED]
    (gain,) = trig.procedures
    assert isinstance(gain, Gain) and gain.keywords == ("Ação Única",) and gain.duration is Duration.END_OF_TURN
    game = match([TWICE], [BLIND])
    d, c = card_of(game, 0, "Duplo V1"), card_of(game, 1, "Cego V1")
    enter(game, d, 3)
    enter(game, c, 2)
    _combat(game)
    use(game, d, "Golpe Duplo")                      # it may use it again, but it gained Ação Única for the turn
    assert not usable(game, d, "Golpe Duplo")
    game2 = match([TWICE])
    d2 = card_of(game2, 0, "Duplo V1")
    enter(game2, d2, 3)
    _combat(game2)
    use(game2, d2, "Golpe Duplo")                    # without it: the action allows a second use
    assert usable(game2, d2, "Golpe Duplo")


# ---------------------------------------------------------------------------------------------------------------
# "o valor de Escudo de X torna-se N" (4.8.6 A)


def test_4_8_6_A_the_value_of_the_shield_becomes_0_until_the_end_of_the_turn() -> None:
    zero = _char("Anulador", action="Ação: Anular\n  Custo: {0}\n  Poder: Super Força\n"
                                     "  O valor de Escudo do alvo torna-se 0 até o final do turno.\n")
    assert zero.action is not None and zero.executable
    (proc,) = zero.action.modes[0].procedures
    assert isinstance(proc, SetShield) and proc.value == 0 and proc.duration is Duration.END_OF_TURN
    static = _char("Portal", "O valor de Escudo de todos os personagens em cena torna-se 0.")
    (eff,) = static.effects
    assert eff.kind is EffectKind.STATIC and isinstance(eff.procedures[0], SetShield)


# ---------------------------------------------------------------------------------------------------------------
# an action (not yet) used this turn as a condition


CHEAP = _char("Econômico", "Se a ação Tiro Barato ainda não tiver sido usada por este personagem neste turno, ela "
                           "custa {0}.", action=_punch("Tiro Barato", "Este personagem pode usar esta ação outra vez "
                                                                      "neste turno.", cost=2))


def test_a_passive_action_not_yet_used_by_this_character_this_turn_sets_its_cost() -> None:
    (eff,) = CHEAP.effects
    assert eff.kind is EffectKind.STATIC and eff.condition is not None and eff.condition.negated
    (proc,) = eff.procedures
    assert isinstance(proc, SetCost) and proc.value == 0
    game = match([CHEAP])
    c = card_of(game, 0, "Econômico V1")
    enter(game, c, 3)
    _combat(game)
    assert CHEAP.action is not None
    assert action_cost(game, CHEAP.action) == 0
    use(game, c, "Tiro Barato")
    assert action_cost(game, CHEAP.action) == 2        # used once this turn: its printed cost again
    assert game.state.scene[c].stage == 1              # the first use cost nothing


# ---------------------------------------------------------------------------------------------------------------
# a leading duration ("Neste turno, ...") and "nenhuma ação além da escolhida"

HYPNOTIST = _char("Hipnotizador", action="Ação: Transe\n  Custo: {0}\n  Poder: Super Força\n"
                                         "  Escolha uma ação do personagem alvo. Neste turno, o alvo não pode usar "
                                         "nenhuma ação além da escolhida.\n")
KICK = card("Habilidade: Chute V1\nPoder: Super Força\n\n" + _punch("Chute"))


def test_5_7_A_2_1_a_leading_duration_is_the_clauses_and_besides_the_chosen_action() -> None:
    assert HYPNOTIST.action is not None and HYPNOTIST.executable
    choose, restrict = HYPNOTIST.action.modes[0].procedures
    assert isinstance(restrict, Restrict) and restrict.duration is Duration.END_OF_TURN
    (flt,) = restrict.action_filters
    assert (flt.field, flt.op) == ("one_of", "ne") and getattr(flt.value, "slot", "") == choose.introduces
    game = match([HYPNOTIST], [BRUTE, KICK])
    h, b, k = card_of(game, 0, "Hipnotizador V1"), card_of(game, 1, "Brutamontes V1"), card_of(game, 1, "Chute V1")
    enter(game, h, 2)
    enter(game, b, 2, carried=[k])
    at(game, "combat", "attack", 1)
    assert usable(game, b, "Soco Forte") and usable(game, b, "Chute")
    _combat(game)
    use(game, h, "Transe")
    at(game, "combat", "attack", 1)
    assert [usable(game, b, "Soco Forte"), usable(game, b, "Chute")].count(True) == 1   # only the chosen one
    game.state.turn += 1
    assert usable(game, b, "Soco Forte") and usable(game, b, "Chute")                   # the turn is over


def test_besides_other_things_is_still_read_as_before() -> None:
    hero = _char("Duplo Papel", "Este personagem é um vilão além de seus outros alinhamentos.")
    assert hero.executable and isinstance(hero.effects[0].procedures[0], Gain)


# ---------------------------------------------------------------------------------------------------------------
# "já tiver usado ... neste turno" read inside the action's own effect: an earlier use


def test_already_used_this_turn_inside_its_own_effect_needs_an_earlier_use() -> None:
    from cardscript.compiler.ir import Condition, Filter, Kind, Ref, Selector
    from cardscript.games.battle_scenes.runtime.selectors import EffectContext, check_condition

    game = match([TWICE])
    d = card_of(game, 0, "Duplo V1")
    enter(game, d, 3)
    named = Selector(kind=Kind.ACTION, filters=(Filter("name", "eq", "Golpe Duplo"),))
    cond = Condition("is", subject=Selector(ref=Ref.THIS_CHARACTER, filters=(Filter("used_this_turn", "has",
                                                                                       named),)))
    ctx = EffectContext(controller=0, source=d, user=d, from_action=True, action_use=1, action_name="Golpe Duplo")
    game.state.this_turn.uses.append(ActionUseRecord(d, d, "Golpe Duplo", "SF"))       # the use resolving now
    assert not check_condition(game, ctx, cond)
    game.state.this_turn.uses.append(ActionUseRecord(d, d, "Golpe Duplo", "SF"))       # and an earlier one
    assert check_condition(game, ctx, cond)


# ---------------------------------------------------------------------------------------------------------------
# a duration closing a coordination with the subject left out


def _action_only(body: str) -> CardDef:
    return _char("Copiador", action=f"Ação: Copiar\n  Custo: {{0}}\n  Poder: Super Força\n  {body}\n")


def test_a_duration_closing_a_coordination_is_each_clauses() -> None:
    from cardscript.compiler.ir import ExtraAction

    both = _action_only("Escolha um poder de qualquer personagem em cena. Este personagem ganha aquele poder e pode "
                        "usar mais uma ação neste turno.")
    assert both.action is not None and both.executable
    _, gain, extra = both.action.modes[0].procedures
    assert isinstance(gain, Gain) and gain.duration is Duration.END_OF_TURN and gain.powers_of is not None
    assert isinstance(extra, ExtraAction)
    apart = _action_only("Escolha um poder de qualquer personagem em cena. Este personagem ganha aquele poder. Este "
                         "personagem pode usar mais uma ação neste turno.")
    assert not apart.executable                       # a sentence of its own: for how long?


# ---------------------------------------------------------------------------------------------------------------
# cost changes by an amount ("custa {1} a menos para ser usada [para cada ...]")

THRIFTY = _char("Poupador", "A ação Golpe Poupado custa {1} a menos para ser usada para cada ação que o oponente "
                            "tenha usado neste turno.", action=_punch("Golpe Poupado", cost=2))


def test_a_cost_reduced_for_each_action_the_opponent_used_this_turn() -> None:
    (eff,) = THRIFTY.effects
    (proc,) = eff.procedures
    assert isinstance(proc, SetCost) and proc.value is None and proc.delta is not None
    assert proc.delta.x_times == -1 and proc.delta.x is not None and proc.delta.x.what is not None
    assert {f.field for f in proc.delta.x.what.filters} == {"used_this_turn", "user_controller"}
    game = match([THRIFTY], [BRUTE])
    t, b = card_of(game, 0, "Poupador V1"), card_of(game, 1, "Brutamontes V1")
    enter(game, t, 3)
    enter(game, b, 3)
    assert THRIFTY.action is not None
    assert action_cost(game, THRIFTY.action) == 2
    game.state.this_turn.uses.append(ActionUseRecord(t, t, "Golpe Poupado", "SF"))     # its own use does not count
    assert action_cost(game, THRIFTY.action) == 2
    at(game, "combat", "attack", 1)
    use(game, b, "Soco Forte")                                           # the opponent used one
    assert action_cost(game, THRIFTY.action) == 1
    game.state.this_turn.uses.extend([ActionUseRecord(b, b, "Soco Forte", "SF")] * 2)
    assert action_cost(game, THRIFTY.action) == 0                        # never below {0}


BOOST = card("Cenário: Impulso Gratuito V1\n\nTexto permanente:\n  Quando este cenário entrar em cena, você pode "
             "incapacitar em {1} um personagem com {SF} que você controla. Se o fizer, a próxima ação de {SF} que "
             "aquele personagem usar neste turno custará {1} a menos para ser usada.\n")
TWICE_1 = _char("Duplo Caro", action=_punch("Golpe Caro", "Este personagem pode usar esta ação outra vez neste "
                                                           "turno.", cost=1))


def test_the_next_action_of_that_character_costs_less_once() -> None:
    from tests.corpus_play import scenario

    (trig,) = BOOST.effects
    _, proc = trig.procedures
    assert isinstance(proc, SetCost) and proc.next_only and proc.duration is Duration.END_OF_TURN and proc.if_done
    game = match([TWICE_1, BOOST])
    d, s = card_of(game, 0, "Duplo Caro V1"), card_of(game, 0, "Impulso Gratuito V1")
    enter(game, d, 3)
    game.state.scene[d].stage = 2
    scenario(game, s)                                  # incapacitates it by one (2 -> 1): its next action is cheaper
    assert game.state.scene[d].stage == 1
    _combat(game)
    use(game, d, "Golpe Caro")
    assert game.state.scene[d].stage == 1              # cost {1} - {1}: nothing paid
    use(game, d, "Golpe Caro")                         # spent: the second use costs {1}
    assert game.state.scene[d].stage == 0


# ---------------------------------------------------------------------------------------------------------------
# losing all alignments and affiliations, gaining an alter ego, for the turn (5.7 A.2.1; 8 B.2)

BLANK = card("Cenário: Apagão V1\n\nTexto permanente:\n  Quando este cenário entrar em cena, os personagens perdem "
             "seus alinhamentos e afiliações até o final do turno.\n")
MEMBER = card("Personagem: Membro V1\nAlinhamento: Herói\nAfiliações: Vingadores\nPoderes: Super Força\n"
              "Energia inicial: 3\nEscudo: 0\n")


def test_characters_lose_their_alignments_and_affiliations_until_the_end_of_the_turn() -> None:
    from cardscript.compiler.ir import Lose
    from cardscript.games.battle_scenes.runtime import characteristics
    from cardscript.games.battle_scenes.runtime.continuous import end_of_turn
    from tests.corpus_play import scenario

    (trig,) = BLANK.effects
    (lose,) = trig.procedures
    assert isinstance(lose, Lose) and lose.all_alignments and lose.all_affiliations
    game = match([MEMBER, BLANK])
    m, s = card_of(game, 0, "Membro V1"), card_of(game, 0, "Apagão V1")
    enter(game, m, 2)
    assert characteristics.affiliations(game, m) == {"Vingadores"} and characteristics.alignments(game, m)
    scenario(game, s)
    assert not characteristics.affiliations(game, m) and not characteristics.alignments(game, m)
    end_of_turn(game)
    game.state.turn += 1
    assert characteristics.affiliations(game, m) == {"Vingadores"}


MIMIC = _char("Mímico", action="Ação: Imitar\n  Custo: {0}\n  Poder: Super Força\n  O personagem alvo ganha o alter "
                               "ego Robô até o final do turno.\n")


def test_a_character_gains_an_alter_ego_until_the_end_of_the_turn() -> None:
    from cardscript.compiler.ir import Filter
    from cardscript.games.battle_scenes.runtime.filters import filter_matches
    from cardscript.games.battle_scenes.runtime.selectors import EffectContext

    assert MIMIC.action is not None and MIMIC.executable
    (gain,) = MIMIC.action.modes[0].procedures
    assert isinstance(gain, Gain) and gain.alter_egos == ("Robô",) and gain.duration is Duration.END_OF_TURN
    game = match([MIMIC], [BRUTE])
    mi, b = card_of(game, 0, "Mímico V1"), card_of(game, 1, "Brutamontes V1")
    enter(game, mi, 2)
    enter(game, b, 2)
    ctx = EffectContext(controller=0, source=mi)
    robot = Filter("alter_ego", "eq", "Robô")
    assert not filter_matches(game, ctx, b, robot)
    _combat(game)
    use(game, mi, "Imitar")                           # its target: the opponent's character
    assert filter_matches(game, ctx, b, robot)        # "com alter ego Robô" now, besides its own
    game.state.turn += 1
    assert not filter_matches(game, ctx, b, robot)


def test_an_alter_ego_gained_while_in_place_is_not_executable() -> None:
    assert not _char("Sempre Robô", "Este personagem ganha o alter ego Robô.").executable


# ---------------------------------------------------------------------------------------------------------------
# a gained keyword works by its prelude's meaning (5.6): Prontidão gained by an activated effect (5.7 B, A.2.2)

EAGER = _char("Apressado", "Durante sua Fase de Preparação, uma vez por turno, você pode incapacitar este personagem "
                           "em {1}. Se o fizer, este personagem ganha Prontidão.", action=_punch("Golpe Rápido"))


def test_a_gained_pronticao_lets_it_use_actions_the_turn_it_entered() -> None:
    from tests.corpus_play import activate

    (eff,) = EAGER.effects
    assert eff.kind is EffectKind.ACTIVATED
    gen = eff.procedures[-1]
    assert isinstance(gen, Generate) and gen.if_done and gen.effect.duration is Duration.WHILE_SOURCE
    (gain,) = gen.effect.procedures
    assert isinstance(gain, Gain) and [r.rule for r in gain.keyword_rules] == ["ready"]
    game = match([EAGER], [BRUTE])
    a = card_of(game, 0, "Apressado V1")
    enter(game, a, 2)
    game.state.scene[a].entered_turn = game.state.turn           # it entered the scene this turn
    game.state.scene[a].stage = 2
    _combat(game)
    assert not usable(game, a, "Golpe Rápido")
    at(game, "preparation", None, 0)
    activate(game, a)
    _combat(game)
    assert usable(game, a, "Golpe Rápido")


def test_a_gained_keyword_meaning_a_trigger_is_not_executable() -> None:
    assert not _char("Caçador", action="Ação: Caçar\n  Custo: {0}\n  Poder: Super Força\n  Este personagem ganha "
                                        "Predador até o final do turno.\n").executable


# ---------------------------------------------------------------------------------------------------------------
# "coloca um card a mais ... durante a Fase de Contagem Regressiva" (6.2 A)

PANIC = card("Cenário: Pressa V1\n\nTexto permanente:\n  Cada jogador coloca um card a mais do próprio deck nos "
             "próprios recursos durante a Fase de Contagem Regressiva do turno daquele jogador.\n")


def test_6_2_A_each_player_puts_one_card_more_into_the_resources_in_their_countdown() -> None:
    from cardscript.compiler.ir import ExtraDraw
    from tests.corpus_play import scenario

    (eff,) = PANIC.effects
    (proc,) = eff.procedures
    assert isinstance(proc, ExtraDraw) and proc.phase == "countdown" and proc.amount.fixed == 1
    for with_it in (False, True):
        game = match([PANIC])
        if with_it:
            scenario(game, card_of(game, 0, "Pressa V1"))
        for player in (0, 1):
            before = len(game.state.players[player].resources)
            game.eng.countdown(player)                 # 1 (no opposing character, no prizes) + 1 with the scenario
            assert len(game.state.players[player].resources) - before == (2 if with_it else 1)


def test_one_card_more_in_another_players_phase_is_not_executable() -> None:
    assert not card("Cenário: Outra Pressa V1\n\nTexto permanente:\n  Cada jogador coloca um card a mais do próprio "
                    "deck nos próprios recursos durante a Fase de Contagem Regressiva de seu oponente.\n").executable


# ---------------------------------------------------------------------------------------------------------------
# "pode usar suas ações como se fossem ações de <tipo>" (4.6.2 C.5)


def test_using_its_actions_as_if_they_were_of_a_type() -> None:
    from cardscript.compiler.ir import ChangeAction

    static = _char("Veloz", "Este personagem pode usar suas ações como se fossem ações imprevistas.")
    (eff,) = static.effects
    (proc,) = eff.procedures
    assert eff.kind is EffectKind.STATIC and isinstance(proc, ChangeAction) and proc.unforeseen
    assert not proc.anticipate and proc.duration is Duration.WHILE_IN_PLACE
    timed = _action_only("O personagem alvo pode usar suas ações como se fossem ações de antecipar até o final do "
                         "turno.")
    assert timed.action is not None and timed.executable
    (change,) = timed.action.modes[0].procedures
    assert isinstance(change, ChangeAction) and change.anticipate and change.duration is Duration.END_OF_TURN
    assert not _action_only("O personagem alvo pode usar suas ações como se fossem ações de antecipar.").executable


# ---------------------------------------------------------------------------------------------------------------
# "até o início de seu próximo turno" (5.7 A.2.1)

GUARD = _char("Guarda", action="Ação: Proteger\n  Custo: {0}\n  Poder: Super Força\n  O personagem alvo não pode ser "
                               "alvo de ações até o início de seu próximo turno.\n")


def test_5_7_A_2_1_until_the_start_of_your_next_turn() -> None:
    from cardscript.games.battle_scenes.runtime.queries import can_be_targeted
    from cardscript.games.battle_scenes.runtime.selectors import EffectContext

    assert GUARD.action is not None and GUARD.executable
    (restrict,) = GUARD.action.modes[0].procedures
    assert isinstance(restrict, Restrict) and restrict.duration is Duration.UNTIL_NEXT_TURN
    game = match([GUARD], [BRUTE])
    g, b = card_of(game, 0, "Guarda V1"), card_of(game, 1, "Brutamontes V1")
    enter(game, g, 2)
    enter(game, b, 2)
    _combat(game)
    use(game, g, "Proteger")                                   # its only target: the opponent's character
    opponent_action = EffectContext(controller=1, source=b, user=b, from_action=True, action_name="Soco Forte")
    assert not can_be_targeted(game, opponent_action, b)
    game.state.turn, game.state.turn_player = game.state.turn + 1, 1     # the opponent's turn: still
    assert not can_be_targeted(game, opponent_action, b)
    game.state.turn, game.state.turn_player = game.state.turn + 1, 0     # its controller's next turn starts
    assert can_be_targeted(game, opponent_action, b)


def test_a_shield_until_the_next_turn_is_not_executable() -> None:
    assert not _action_only("O personagem alvo ganha Escudo +2 até o início de seu próximo turno.").executable
