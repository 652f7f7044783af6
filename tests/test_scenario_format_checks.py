"""The scenario format's checks of what the engine must NOT do and the boards a judge describes (issue 11, part 1;
docs/scenarios.md): a move the engine must refuse (`recusada`), an action legal or not on given targets (4.6.2 F),
an option a decision must not offer (`sem opção:`), `escolhe:` waiting for the decision it names, a branch with
no moves or without a card of the main setup, a card controlled by another player than its owner, shield changes
already in effect (4.8.6), and a board at the turn's start whose triggers fire at the first `passa` (6.2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardscript.games.battle_scenes.scenario.cards import CardIndex, library_index
from cardscript.games.battle_scenes.scenario.report import FileResult
from cardscript.tools.scenario import run_file


@pytest.fixture(scope="module")
def index() -> CardIndex:
    return library_index()


def run_text(tmp_path: Path, text: str, index: CardIndex) -> FileResult:
    path = tmp_path / "t.scn"
    path.write_text(text, encoding="utf-8")
    result: FileResult = run_file(path, index)
    assert not result.diagnostics, [d.message for d in result.diagnostics]
    return result


def verdicts(result: FileResult) -> dict[str, tuple[str, str]]:
    return {b.name: (b.verdict, b.reason) for b in result.branches}


ARQUEIRO = ("Personagem: Arqueiro Teste V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\n"
            "Escudo: 1\n\nAção: Flecha Certeira\n  Custo: {0}\n  Poder: Super Força\n"
            "  Flecha Certeira causa 2 pontos de dano no personagem alvo.\n")
TARGETS = """\
jogador A:
  em cena: "arqueiro.card", carregando 3 cards{entered}
jogador B:
  em cena:
    Blob V1, carregando 3 cards
    Canhão Automático V1, carregando 1 card
jogadas:
  Arqueiro Teste V1 usa Flecha Certeira em {target}
    recusada
esperado:
  Arqueiro Teste V1 pode usar Flecha Certeira em Blob V1
  Arqueiro Teste V1 não pode usar Flecha Certeira em Canhão Automático V1
  energia de Blob V1 = 3
"""


def test_4_6_2_F_a_move_the_engine_must_refuse_and_targets_that_are_not_legal(tmp_path: Path,
                                                                              index: CardIndex) -> None:
    """`recusada`: the action is asked, not used -- refused because a support is not a "personagem alvo" (F.1.2)
    PASSES; offered on a legal target it FAILS saying the engine lets it; "pode usar A em Y" checks Y."""
    (tmp_path / "arqueiro.card").write_text(ARQUEIRO, encoding="utf-8")
    ok = run_text(tmp_path, TARGETS.format(entered="", target="Canhão Automático V1"), index)
    assert verdicts(ok)["principal"][0] == "PASS", verdicts(ok)
    (branch,) = ok.branches
    assert any("is not a legal target of Flecha Certeira" in f.actual and f.ok for f in branch.findings)
    bad = run_text(tmp_path, TARGETS.format(entered="", target="Blob V1"), index)
    verdict, reason = verdicts(bad)["principal"]
    assert verdict == "FAIL" and "the engine lets Arqueiro Teste V1 use Flecha Certeira" in reason
    late = run_text(tmp_path, TARGETS.format(entered=", entrou neste turno", target="Blob V1"), index)
    (branch,) = late.branches                  # refused (4.6.2 C.1); then "pode usar ... em Blob V1" is false
    assert branch.verdict == "FAIL" and branch.findings[0].ok
    assert [f.ok for f in branch.findings[1:]] == [False, True, True]


INUMANOS = """\
turno: B
jogador A:
  em cena:
    Maximus V1, carregando 3 cards
    Karnak V1, carregando 3 cards
    Triton V1, carregando 3 cards
jogador B:
  em cena: Capanga do Rei V2, estágio 2, carregando 3 cards
jogadas:
  Capanga do Rei V2 usa Pancadaria em Maximus V1, sem requisitos
    A sem opção: {absent}
    A escolhe: Triton V1
esperado:
  dano em Triton V1 = 1
"""


def test_4_8_3_1_an_option_not_offered_and_escolhe_for_the_decision_it_names(tmp_path: Path,
                                                                           index: CardIndex) -> None:
    """Maximus redirects to another character of A, never to the attacker: `sem opção:` checks the first
    decision A is asked; `escolhe:` answers the redirection."""
    ok = run_text(tmp_path, INUMANOS.format(absent="Capanga do Rei V2"), index)
    assert verdicts(ok)["principal"][0] == "PASS", verdicts(ok)
    assert ok.branches[0].findings[0].ok and "does not offer it" in ok.branches[0].findings[0].actual
    bad = run_text(tmp_path, INUMANOS.format(absent="Karnak V1"), index)
    verdict, reason = verdicts(bad)["principal"]
    assert verdict == "FAIL" and "offers `Karnak V1`" in reason


SENTINELA = ("Personagem: Sentinela Teste V1\nAlinhamento: Herói\nPoderes: Voo\nEnergia inicial: 3\nEscudo: 1\n\n"
             "Texto permanente:\n  No início de seu turno, compre um card.\n")
BOARD = """\
turno: A
fase: início do turno
jogador A:
  em cena: "sentinela.card", carregando 3 cards
  mão: nada
jogador B:
  em cena: Blob V1, carregando 3 cards, escudo +2
jogadas:
  passa
esperado:
  mão de A: 3 cards
  escudo de Blob V1 = 3
e se em vez disso: sem o Blob, com um Hulk de A
  jogador B:
    sem: Blob V1
    em cena: Hulk V1, carregando 3 cards, escudo -1, pertence a A
  jogadas: nada
  esperado:
    mão de A: 0 cards
    escudo de Hulk V1 = {shield}
"""


def test_6_2_turn_start_triggers_4_8_6_shield_changes_and_branches_without_moves_or_a_card(
        tmp_path: Path, index: CardIndex) -> None:
    """A board at `início do turno`: its start triggers fire at the first `passa` (one card drawn, then the Fase de
    Compra's two); `escudo +2` is a bonus in effect this turn; a branch with `jogadas: nada` plays nothing, its
    `sem: Blob V1` takes the main setup's Blob away, `pertence a A` puts A's card in B's control."""
    (tmp_path / "sentinela.card").write_text(SENTINELA, encoding="utf-8")
    hulk = index.by_title["hulk v1"][0]
    result = run_text(tmp_path, BOARD.format(shield=(hulk.shield or 0) - 1), index)
    assert {k: v[0] for k, v in verdicts(result).items()} == {"principal": "PASS",
                                                              "sem o Blob, com um Hulk de A": "PASS"}, verdicts(result)
    path = tmp_path / "t.scn"
    path.write_text(BOARD.format(shield=0) + "    Blob V1 está no deck\n", encoding="utf-8")
    (gone,) = run_file(path, index).diagnostics           # the branch has no Blob: a located CS506
    assert gone.code == "CS506" and "Blob V1 is not on the board" in gone.message


def test_the_board_of_a_card_controlled_by_another_player(tmp_path: Path, index: CardIndex) -> None:
    from cardscript.core.source import SourceFile
    from cardscript.games.battle_scenes.scenario.answers import FileAgent
    from cardscript.games.battle_scenes.scenario.board import build_board
    from cardscript.games.battle_scenes.scenario.check import check_scenario
    from cardscript.games.battle_scenes.scenario.parser import parse_scenario

    text = ("jogador B:\n  em cena: Hulk V1, carregando 3 cards, pertence a A\nesperado:\n  pontos de A = 0\n")
    tree, diags = parse_scenario(SourceFile("t.scn", text))
    assert tree is not None and not diags
    checked = check_scenario(tree, index)
    (plan,) = checked.plans
    game = build_board(plan, [FileAgent(), FileAgent()])
    (hulk,) = [c for c, d in game.cards.items() if d.title == "Hulk V1"]
    assert game.state.owner[hulk] == 0 and game.state.scene[hulk].controller == 1


def test_4_8_3_1_the_order_of_events(tmp_path: Path, index: CardIndex) -> None:
    """"ordem dos eventos:": the first time of each event, in the order listed -- the action's use before the
    damage its redirection caused (4.8.3.1 E); an event that never happened fails."""
    text = INUMANOS.replace("    A sem opção: {absent}\n", "").replace("A escolhe: Triton V1",
                                                                       "A redireciona para Triton V1")
    ok = run_text(tmp_path, text + "  ordem dos eventos: Capanga do Rei V2 usa Pancadaria, dano em Triton V1\n", index)
    assert verdicts(ok)["principal"][0] == "PASS", verdicts(ok)
    for wrong in ("dano em Triton V1, Capanga do Rei V2 usa Pancadaria", "dano em Maximus V1", "nocaute de Triton V1"):
        bad = run_text(tmp_path, text + f"  ordem dos eventos: {wrong}\n", index)
        assert verdicts(bad)["principal"][0] == "FAIL", wrong


MANDANTE = ("Personagem: Mandante Teste V1\nAlinhamento: Vilão\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 1\n\n"
            "Ação: Ordem Cruel\n  Custo: {0}\n  Poder: Super Força\n  O oponente alvo descarta um card de sua mão.\n")


def test_4_6_2_F_1_a_player_as_a_target(tmp_path: Path, index: CardIndex) -> None:
    """"o oponente alvo" (4.6.2 F.1): the move names the player (`em B`), or the answer does (`alvo: jogador B`)."""
    (tmp_path / "mandante.card").write_text(MANDANTE, encoding="utf-8")
    text = ('jogador A:\n  em cena: "mandante.card", carregando 3 cards\njogador B:\n'
            "  em cena: Blob V1, carregando 3 cards\n  mão: Hulk V1\njogadas:\n"
            "  Mandante Teste V1 usa Ordem Cruel em B\n"
            "esperado:\n  mão de B: 0 cards\ne se em vez disso: na resposta\n  jogadas:\n"
            "    Mandante Teste V1 usa Ordem Cruel\n      alvo: jogador {who}\n")
    assert {k: v[0] for k, v in verdicts(run_text(tmp_path, text.format(who="B"), index)).items()} == {
        "principal": "PASS", "na resposta": "PASS"}
    wrong = verdicts(run_text(tmp_path, text.format(who="A"), index))["na resposta"]
    assert wrong[0] == "ERROR" and "`jogador A` is not among the options" in wrong[1]


def test_a_branch_changes_the_second_of_two_lines_of_one_card(tmp_path: Path, index: CardIndex) -> None:
    """Two `Blob V1` in the main scene: the branch's `Blob V1 (2)` is the second line; a third copy is added."""
    text = ("jogador A:\n  em cena: Hulk V1, carregando 3 cards\njogador B:\n  em cena:\n"
            "    Blob V1, carregando 3 cards\n"
            "    Blob V1, carregando 2 cards\nesperado:\n  energia de Blob V1 (2) = {second}\n"
            "e se em vez disso: a segunda muda\n  jogador B:\n    em cena: Blob V1 (2), carregando 1 card\n"
            "  esperado:\n    energia de Blob V1 (1) = 3\n    energia de Blob V1 (2) = 1\n"
            "e se em vez disso: sem a segunda\n  jogador B:\n    sem: Blob V1 (2)\n"
            "  esperado:\n    energia de Blob V1 = 3\n")
    result = run_text(tmp_path, text.format(second=2), index)
    assert {k: v[0] for k, v in verdicts(result).items()} == {
        "principal": "PASS", "a segunda muda": "PASS", "sem a segunda": "PASS"}, verdicts(result)
