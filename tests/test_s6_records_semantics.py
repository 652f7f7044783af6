"""Session 6, cluster "records": constructions about what the turn remembers of its action uses (rules 4.6.2 H:
an action is used once its targets are chosen; 6: the turn's phases and steps) -- the turn's record
(:class:`~cardscript.games.battle_scenes.runtime.state.ActionUseRecord`) and the phrases that read it. Short texts of
our own."""

from __future__ import annotations

from cardscript.compiler.ir import Count, Damage, Filter
from tests.corpus_play import at, card_of, enter, match, use
from tests.engine_helpers import card
from tests.engine_helpers import own_character as char

REHEARSED = ("Ação: Golpe Ensaiado\n  Custo: {0}\n  Poder: Agilidade\n  Golpe Ensaiado causa X pontos de dano no "
             "alvo. X é igual ao número de outras ações chamadas Golpe Ensaiado que foram usadas neste turno durante "
             "a Fase de Combate.\n")


def test_the_other_uses_of_a_name_during_a_phase_are_counted() -> None:
    """"o número de outras ações chamadas N que foram usadas neste turno durante a Fase de Combate": the turn's uses
    (not the actions in the scene) of that name made in that phase, leaving out the use resolving now."""
    c = char("Ensaiador", powers="Agilidade", action=REHEARSED)
    assert c.action is not None and c.action.executable
    (dmg,) = c.action.modes[0].procedures
    assert isinstance(dmg, Damage)
    x = dmg.amount.x
    assert isinstance(x, Count) and x.attribute == "times_used_before" and x.what is not None
    assert Filter("used_during", "eq", "Fase de Combate") in x.what.filters
    assert Filter("name", "eq", "Golpe Ensaiado") in x.what.filters


def test_the_count_of_uses_on_the_engine() -> None:
    """4.6.2 H: each use counts once it is made; the first use of the turn counts none before it, the second one."""
    game = match([char("Um", powers="Agilidade", action=REHEARSED), char("Dois", powers="Agilidade",
                                                                         action=REHEARSED)], [char("Alvo", ie=9)])
    one, two, target = card_of(game, 0, "Um V1"), card_of(game, 0, "Dois V1"), card_of(game, 1, "Alvo V1")
    for c in (one, two):
        enter(game, c, 2)
    enter(game, target, 9)
    at(game, "combat", "attack")
    use(game, one, "Golpe Ensaiado")
    game.eng.tree.resolve()
    assert game.state.scene[target].damage_taken_this_turn == 0
    use(game, two, "Golpe Ensaiado")
    game.eng.tree.resolve()
    assert game.state.scene[target].damage_taken_this_turn == 1


def test_a_count_of_uses_in_a_phase_of_another_players_turn_is_not_read() -> None:
    """"durante a Fase de Combate de seu oponente": whose phase the record does not say -- left not executable."""
    text = REHEARSED.replace("durante a Fase de Combate", "durante a Fase de Combate de seu oponente")
    c = card("Personagem: Ensaiador V1\nAlinhamento: Herói\nPoderes: Agilidade\nEnergia inicial: 3\nEscudo: 0\n\n"
             + text)
    assert not c.executable                                 # X is not read: the card is not executable


PERSONA = "Personagem: Atento V1\nAlinhamento: Herói\nPoderes: Agilidade\nEnergia inicial: 3\nEscudo: 0\n\n"


def test_after_each_action_that_a_character_uses_is_the_paragraph_s_trigger() -> None:
    """"<procedimento> após cada ação de Antecipar que este personagem usar" (4.6.2 I): each such action of that
    user, once it has resolved -- the trigger of the paragraph (an ``action_resolved`` event with the action's
    description), not a condition."""
    from cardscript.compiler.ir import EffectKind, Ref

    c = card(PERSONA + "Texto permanente:\n  Você pode comprar um card após cada ação de Antecipar que este personagem "
             "usar.\n")
    assert c.executable
    (e,) = c.effects
    assert e.kind is EffectKind.TRIGGERED and e.trigger is not None and e.trigger.event == "action_resolved"
    assert e.trigger.subject is not None and e.trigger.subject.ref is Ref.THIS_CHARACTER
    assert Filter("action_type", "has", "antecipar") in e.trigger.action_filters


def test_after_each_action_with_no_user_is_not_read() -> None:
    """"após cada ação": whose actions the text does not say -- left not executable, not every action."""
    c = card(PERSONA + "Texto permanente:\n  Você pode comprar um card após cada ação de Antecipar.\n")
    assert not c.executable


def test_an_action_described_on_its_own_card() -> None:
    """"uma ação descrita em seu próprio card": the action is written on its user's card (4.1), not on a card it
    carries (4.6.2 C.3) -- the place is the participle's, not the verb's target ("usar ... em X")."""
    c = card(PERSONA + "Texto permanente:\n  Toda vez que este personagem usar uma ação descrita em seu próprio card, "
             "você pode comprar um card.\n")
    assert c.executable
    (e,) = c.effects
    assert e.trigger is not None and e.trigger.action_filters == (Filter("own_card", "eq", "true"),)
    assert e.trigger.target is None


SCENE = ("Cenário: Palco V1\n\nTexto permanente:\n  Quando este cenário entrar em cena, escolha um personagem em cena. "
         "Quando aquele personagem usar uma ação, você pode comprar um card.\n")


def test_a_second_trigger_in_a_paragraph_starts_a_second_effect() -> None:
    """"Quando A, escolha X. Quando aquele X B, ...": two triggered effects (5.2), the second about what the first
    chose (the card remembers it: ``GameState.chosen``)."""
    from cardscript.compiler.ir import Ref

    c = card(SCENE)
    assert c.executable
    first, second = c.effects
    assert first.trigger is not None and first.trigger.event == "enter_scene"
    assert second.trigger is not None and second.trigger.event == "use_action"
    assert second.trigger.subject is not None and second.trigger.subject.ref is Ref.SLOT
    assert second.trigger.subject.slot == "card:0"


def test_the_remembered_choice_is_the_trigger_s_subject_on_the_engine() -> None:
    """The second effect works for the character chosen only, not for every character."""
    from tests.corpus_play import Eager, scenario
    from tests.engine_helpers import pick

    game = match([card(SCENE), char("Um", action=REHEARSED.replace("Agilidade", "Super Força")),
                  char("Dois", action=REHEARSED.replace("Agilidade", "Super Força"))], [char("Alvo", ie=9)],
                 a=Eager({"choose": [pick("Um")]}))
    one, two = card_of(game, 0, "Um V1"), card_of(game, 0, "Dois V1")
    enter(game, one, 2)
    enter(game, two, 2)
    enter(game, card_of(game, 1, "Alvo V1"), 9)
    scenario(game, card_of(game, 0, "Palco V1"))
    at(game, "combat", "attack")
    hand = len(game.state.players[0].hand)
    use(game, two, "Golpe Ensaiado")
    game.eng.tree.resolve()
    assert len(game.state.players[0].hand) == hand
    use(game, one, "Golpe Ensaiado")
    game.eng.tree.resolve()
    assert len(game.state.players[0].hand) == hand + 1


def test_the_next_action_used_by_a_character_reads_its_user_and_leaves_one_of_its_targets() -> None:
    """"a próxima ação usada por um personagem ... neste turno causa +1 ponto de dano em um de seus alvos": the
    passive participle with its agent is the action's user (as "que um personagem ... usar"), "neste turno" the
    modifier's time; but "um de seus alvos" are the next action's targets, one chosen by its player -- a choice the
    engine does not make, so the clause is reported (not bound to the targets of the action creating it)."""
    text = ("Ação: Preparar Golpe\n  Custo: {0}\n  Poder: Agilidade\n  Preparar Golpe causa 1 ponto de dano no alvo. A "
            "próxima ação usada por um personagem com a afiliação Equipe que você controla neste turno causa +1 ponto "
            "de dano em um de seus alvos.\n")
    c = char("Preparador", powers="Agilidade", action=text)
    assert c.action is not None and not c.action.executable
    why = [p for m in c.action.modes for p in m.procedures if type(p).__name__ == "Unsupported"]
    assert why and "one of the next action's targets" in str(why[0])


def test_one_more_action_of_a_name_unlike_those_it_used() -> None:
    """"aquele personagem pode usar mais uma ação de nome diferente das que ele já usou naquele mesmo turno" (4.6.2
    C.4): a grant of an action whose name its user has not used this turn (the turn's record of uses, read when the
    grant is used) -- only when "ele" is the grant's user."""
    from cardscript.compiler.ir import ExtraAction

    text = ("Cenário: Treino V1\n\nTexto permanente:\n  Toda vez que um personagem usar uma ação de {AG}, aquele "
            "personagem pode usar mais uma ação de nome diferente das que ele já usou naquele mesmo turno.\n")
    c = card(text)
    assert c.executable
    (e,) = c.effects
    (grant,) = e.procedures
    assert isinstance(grant, ExtraAction) and grant.action_filters == (Filter("name_used_by_user", "ne", "true"),)


def test_one_more_action_unlike_another_character_s_is_not_read() -> None:
    """"... de nome diferente das que você já usou ...": not the grant's user -- left not executable."""
    text = ("Cenário: Treino V1\n\nTexto permanente:\n  Toda vez que um personagem usar uma ação de {AG}, aquele "
            "personagem pode usar mais uma ação de nome diferente das que este cenário já usou naquele mesmo turno.\n")
    assert not card(text).executable


def test_the_first_action_of_a_kind_each_player_uses_in_a_turn() -> None:
    """"A primeira ação de dano com alvos que cada jogador usar em um turno causa +1 ...": the relative of "usar"
    after "com alvos" describes the action (not its targets); "cada jogador": the first such use of each player in
    the turn's record (``first_by_player``), not the first action that damages a given card."""
    from cardscript.compiler.ir import ModifyDamage

    text = ("Cenário: Arena V1\n\nTexto permanente:\n  A primeira ação de dano com alvos que cada jogador usar em um "
            "turno causa +1 ponto de dano a cada um dos seus alvos.\n")
    c = card(text)
    assert c.executable
    (mod,) = c.effects[0].procedures
    assert isinstance(mod, ModifyDamage) and mod.first_by_player and not mod.first_per_turn and mod.each_target
    assert mod.source is not None and set(mod.source.filters) == {Filter("damaging", "eq", "true"),
                                                                   Filter("targeted", "eq", "true")}


SELECTIVE = ("Ação: Tiro Seletivo\n  Custo: {0}\n  Poder: Agilidade\n  Tiro Seletivo causa 1 ponto de dano no "
             "personagem alvo. Este personagem pode usar mais uma ação chamada Tiro Seletivo neste turno, desde que "
             "seu alvo seja um personagem que ainda não tenha sido alvo de ações chamadas Tiro Seletivo neste turno.\n")


def test_a_grant_whose_use_must_target_a_character_not_yet_targeted_by_that_name() -> None:
    """"pode usar mais uma ação chamada N neste turno, desde que seu alvo seja um personagem que ainda não tenha sido
    alvo de ações chamadas N neste turno": the grant says what its use may target (4.6.2 C.4, F); the character
    filter reads the turn's record of targets."""
    from cardscript.compiler.ir import ExtraAction

    c = char("Seletivo", powers="Agilidade", action=SELECTIVE)
    assert c.action is not None and c.action.executable
    grant = c.action.modes[0].procedures[1]
    assert isinstance(grant, ExtraAction) and grant.target is not None
    (flt,) = grant.target.filters
    assert flt.field == "targeted_this_turn" and flt.op == "lacks"


def test_the_restricted_grant_on_the_engine() -> None:
    """The second use (by the grant) cannot target the first one's target; the first use (no grant) could."""
    from tests.corpus_play import Eager

    offered: list[tuple[str, ...]] = []

    def first_foe(d: object) -> list[int]:
        options = tuple(getattr(d, "options", ()))
        offered.append(options)
        return [next((i for i, o in enumerate(options) if o.startswith(("A V1", "B V1"))), 0)]

    game = match([char("Seletivo", powers="Agilidade", action=SELECTIVE)], [char("A", ie=9), char("B", ie=9)],
                 a=Eager({"target": [first_foe] * 3}))
    me, a, b = card_of(game, 0, "Seletivo V1"), card_of(game, 1, "A V1"), card_of(game, 1, "B V1")
    enter(game, me, 2)
    enter(game, a, 9)
    enter(game, b, 9)
    at(game, "combat", "attack")
    use(game, me, "Tiro Seletivo")
    game.eng.tree.resolve()
    use(game, me, "Tiro Seletivo")
    game.eng.tree.resolve()
    assert game.name(a) in offered[0] and game.name(a) not in offered[1]
    assert game.state.scene[a].damage_taken_this_turn == 1 and game.state.scene[b].damage_taken_this_turn == 1
    use(game, me, "Tiro Seletivo")                               # a third: only its own side is left to target
    game.eng.tree.resolve()
    assert game.name(a) not in offered[2] and game.name(b) not in offered[2]


PLANNER = ("Ação: Preparar\n  Custo: {0}\n  Poder: Super Força\n  Este personagem ganha Escudo +1 até o final do "
           "turno. A próxima ação que um personagem que você controla usar neste turno causa +1 ponto de dano.\n")
GUARD = "Ação: Guarda\n  Custo: {0}\n  Poder: Super Força\n  Este personagem ganha Escudo +1 até o final do turno.\n"


def _planned(guard_first: bool) -> int:
    from tests.engine_helpers import punch

    game = match([char("Tático", action=PLANNER), char("Guarda", action=GUARD), char("Soqueiro", action=punch("Soco"))],
                 [char("Alvo", ie=9)])
    planner, guard, puncher = (card_of(game, 0, f"{n} V1") for n in ("Tático", "Guarda", "Soqueiro"))
    target = card_of(game, 1, "Alvo V1")
    for c in (planner, guard, puncher):
        enter(game, c, 2)
    enter(game, target, 9)
    at(game, "combat", "attack")
    use(game, planner, "Preparar")
    game.eng.tree.resolve()
    if guard_first:
        use(game, guard, "Guarda")
        game.eng.tree.resolve()
    use(game, puncher, "Soco")
    game.eng.tree.resolve()
    return game.state.scene[target].damage_taken_this_turn


def test_the_next_action_is_the_next_use_whatever_it_does() -> None:
    """"a próxima ação que um personagem que você controla usar neste turno causa +1": the first use after the
    effect (the turn's record, 4.6.2 H) -- if that one deals no damage, a later action gets nothing; right after,
    the damaging action gets its +1."""
    assert _planned(guard_first=False) == 2
    assert _planned(guard_first=True) == 1
