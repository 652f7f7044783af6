"""Rules 4.6.2 D and E.1 together: an action of cost {X} costs the X chosen for that use, so a prohibition on using
"ações com custo {N}" bars it with X = N and no other X (the official ruling 1 of Rocha Lunar V1: at her stage
{1}, an X action with X = 1 cannot be used). The cards are small test cards written here."""

from __future__ import annotations

from tests.corpus_play import at, card_of, enter, match, usable, use
from tests.engine_helpers import Script, card

PENDULUM = card("Personagem: Pêndulo V1\nAlinhamento: Herói\nEnergia inicial: 3\nEscudo: 0\n\nTexto permanente:\n"
                "  Os personagens de seus oponentes não podem usar ações com custo igual ao estágio de capacitação em "
                "que este personagem (Pêndulo) se encontra.\n")
FURY = card("Personagem: Furioso V1\nAlinhamento: Vilão\nPoderes: Super Força\nEnergia inicial: 6\nEscudo: 0\n\n"
            "Ação: Golpe Variável\n  Custo: {X}\n  Poder: Super Força\n"
            "  Golpe Variável causa X pontos de dano no alvo.\n")


def _board(pendulum_stage: int, fury_stage: int, agent: Script) -> tuple[object, int, int]:
    game = match([PENDULUM], [FURY], b=agent, turn_player=1)
    p, f = card_of(game, 0, "Pêndulo V1"), card_of(game, 1, "Furioso V1")
    enter(game, p, 3)
    enter(game, f, 6)
    game.state.scene[p].stage = pendulum_stage
    game.state.scene[f].stage = fury_stage
    at(game, "combat", "attack", turn_player=1)
    return game, p, f


def test_4_6_2_E_1_an_x_cost_barred_by_a_cost_prohibition_is_not_offered() -> None:
    """With the prohibition on cost {1} (Pêndulo at stage 1), Furioso at stage 2 is offered X = 0 or 2, never 1;
    without a prohibition that fits (Pêndulo at stage 0 bars cost {0}), X = 1 is offered."""
    agent = Script({"x": [lambda d: [len(d.options) - 1]]})
    game, _, f = _board(1, 2, agent)
    assert usable(game, f, "Golpe Variável")
    use(game, f, "Golpe Variável")
    (asked,) = [d for d in agent.seen if d.kind == "x"]
    assert list(asked.options) == ["0", "2"]
    other = Script({"x": [lambda d: [0]]})
    game, _, f = _board(0, 2, other)
    use(game, f, "Golpe Variável")
    (asked,) = [d for d in other.seen if d.kind == "x"]
    assert list(asked.options) == ["1", "2"]


def test_4_6_2_D_an_x_action_is_barred_only_when_every_payable_x_is() -> None:
    """At stage 1 with cost {1} barred, X = 0 is still offered (the action can be used, only with X = 0); at
    stage 0 with cost {0} barred (Pêndulo at stage 0), no X is left and the action cannot be used."""
    agent = Script({"x": [lambda d: [0]]})
    game, _, f = _board(1, 1, agent)
    use(game, f, "Golpe Variável")
    (asked,) = [d for d in agent.seen if d.kind == "x"]
    assert list(asked.options) == ["0"]
    game, _, f = _board(0, 0, Script())
    assert not usable(game, f, "Golpe Variável")
    game, _, f = _board(1, 0, Script())
    assert usable(game, f, "Golpe Variável")
