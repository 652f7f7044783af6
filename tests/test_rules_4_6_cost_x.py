"""Rules 4.6.1 / 4.6.2 E.1, F and 8 B.3 for an action of cost {X}: which X the player may choose.

The cards are our own, written as card files; the official rulings they settle are scenario files
(``tests/rulings/bsic/arcanjo-v1-1.scn``, ``bset/maquina-de-bloqueio-mental-v1-1.scn``,
``bsmi/sufocamento-v1-1.scn``)."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef
from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.state import CardId
from tests.corpus_play import Eager, at, calcs, card_of, enter, match, stage, usable, use
from tests.engine_helpers import card, own_character

HEAD = "Alinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 4\nEscudo: 0\n"
VOLLEY = card("Personagem: Atirador V1\n" + HEAD + "\nAção: Rajada\n  Custo: {X}\n  Poder: Super Força\n"
              "  Rajada causa 1 ponto de dano a cada um de X alvos diferentes.\n")
CRUSH = card("Personagem: Esmagador V1\n" + HEAD + "\nAção: Apertar\n  Custo: {X}\n  Poder: Super Força\n"
             "  Apertar causa X+1 pontos de dano no alvo.\n")
LOCK = card("Suporte: Trava V1\nEnergia inicial: 3\nEscudo: 0\nTexto permanente:\n"
            "  Todas as ações com custo {0} e {1} têm custo {2}.\n")
RUSH = card("Habilidade: Investida V1\nPoder: Super Força\nAção: Investida\n  Custo: {0}\n  Poder: Super Força\n"
            "  Investida causa 1 ponto de dano no alvo. Este personagem pode usar mais uma ação que cause dano neste"
            " turno sem pagar seu custo de incapacitação.\n")


def x_offered(agent: Eager) -> list[str]:
    decisions: list[Decision] = [d for d in agent.seen if d.kind == "x"]
    assert len(decisions) == 1
    return list(decisions[0].options)


def board(user: CardDef, user_stage: int, carried: CardDef | None = None, theirs: CardDef | None = None,
          x: int = 0) -> tuple[Match, Eager, CardId]:
    """``user`` in the scene at ``user_stage`` (carrying ``carried``), two targets of the opponent (and ``theirs``
    in their scene), the Etapa de Ataque; the agent answers X with option ``x``."""
    agent = Eager({"x": [[x]]})
    game = match([user, *([carried] if carried else [])],
                 [own_character("Alvo", ie=6), own_character("Outro", ie=6), *([theirs] if theirs else [])], a=agent)
    u = card_of(game, 0, user.title)
    enter(game, u, 4, carried=[card_of(game, 0, carried.title)] if carried else [])
    for c in [card_of(game, 1, "Alvo V1"), card_of(game, 1, "Outro V1")] + (
            [card_of(game, 1, theirs.title)] if theirs else []):
        enter(game, c, 4)
    game.state.scene[u].stage = user_stage
    at(game, "combat", "attack")
    return game, agent, u


def test_4_6_2_f_x_different_targets_cannot_be_used_with_x_zero() -> None:
    """4.6.2 F: an action whose targets are "X alvos diferentes" has no target with X = 0, and an action without its
    targets cannot be used: at stage 0 (X can only be 0) it is not legal; at stage 1 only X = 1 is offered."""
    game, _, u = board(VOLLEY, 0)
    assert not usable(game, u, "Rajada")
    game, agent, u = board(VOLLEY, 1)
    use(game, u, "Rajada")
    assert x_offered(agent) == ["1"] and stage(game, u) == 0


def test_8_b_3_a_cost_set_to_2_leaves_x_only_2() -> None:
    """4.6.1, 8 B.3: "as ações com custo {0} e {1} têm custo {2}" -- a cost {X} with X = 0 or 1 is such a cost, so
    it becomes {2}: the action is paid {2} (X is 2) or not used. At stage 1 it cannot be used; at stage 2 it is
    offered with X = 2 only and its effect reads X = 2."""
    game, _, u = board(CRUSH, 1)
    assert usable(game, u, "Apertar")                                    # X = 0 or 1, without the static
    game, _, u = board(CRUSH, 1, theirs=LOCK)
    assert not usable(game, u, "Apertar")
    game, agent, u = board(CRUSH, 2, theirs=LOCK)
    use(game, u, "Apertar")
    assert x_offered(agent) == ["2"] and stage(game, u) == 0
    assert calcs(game)[-1]["amount"] == 3                                # X + 1 with X = 2


def test_4_6_2_e_1_a_waived_cost_x_still_chosen_from_0_to_2() -> None:
    """4.6.2 C.4, E.1: one more action "sem pagar seu custo de incapacitação" -- an action of cost {X} used so still
    has its X chosen by the player, from 0 to 2 (the stages, 4.5), whatever the user's stage, and pays nothing."""
    game, agent, u = board(CRUSH, 0, carried=RUSH, x=2)
    use(game, u, "Investida")
    use(game, u, "Apertar")
    assert x_offered(agent) == ["0", "1", "2"] and stage(game, u) == 0
    assert calcs(game)[-1]["amount"] == 3                                # X + 1 with X = 2
