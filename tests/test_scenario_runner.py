"""``cardscript scenario`` on the engine (issue 11, part 2; docs/scenarios.md): the verdicts PASS, FAIL (with what
the engine did instead), CANNOT (a card text the engine does not run was reached), ERROR (a decision the file does
not answer, an answer no decision takes), branches from one setup, the moves (use, place, activate, capacitate,
pass through the phases), the exit codes and ``--json``; and the rulebook's worked examples (tests/scenarios/)."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardscript.cli import main
from cardscript.compiler.ir import Unsupported
from cardscript.games.battle_scenes.scenario.cards import CardIndex, library_index
from cardscript.games.battle_scenes.scenario.report import FileResult
from cardscript.tools.scenario import run_file

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
EXAMPLES = int(os.environ.get("SCENARIO_EXAMPLES", "25"))     # the property test's files (250 found nothing)


@pytest.fixture(scope="module")
def index() -> CardIndex:
    return library_index()


def run_text(tmp_path: Path, text: str, index: CardIndex, name: str = "t.scn") -> FileResult:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result: FileResult = run_file(path, index)
    assert not result.diagnostics, [d.message for d in result.diagnostics]
    return result


def verdicts(result: FileResult) -> dict[str, str]:
    return {b.name: b.verdict for b in result.branches}


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.scn")), ids=lambda p: p.stem)
def test_4_8_rulebook_worked_examples_as_scenarios(path: Path, index: CardIndex) -> None:
    """Rules 4.8.1-4.8.6: each worked example the Python tests encode (test_damage_examples_engine.py) as a
    scenario file, every branch PASS."""
    result = run_file(path, index)
    assert not result.diagnostics, [d.message for d in result.diagnostics]
    assert result.branches and all(b.verdict == "PASS" for b in result.branches), \
        [(b.name, b.verdict, b.reason) for b in result.branches]


INUMANOS = """\
turno: B
jogador A:
  em cena:
    Maximus V1, carregando 3 cards
    Triton V1, carregando 3 cards
jogador B:
  em cena: Capanga do Rei V2, estágio 2, carregando 3 cards
jogadas:
  Capanga do Rei V2 usa Pancadaria em Maximus V1, sem requisitos
{answers}esperado:
  dano em Triton V1 = {damage}
"""


def test_4_8_3_1_pass_and_fail_with_what_the_engine_did(tmp_path: Path, index: CardIndex) -> None:
    ok = run_text(tmp_path, INUMANOS.format(answers="    A redireciona para Triton V1\n", damage=1), index)
    assert verdicts(ok) == {"principal": "PASS"}
    bad = run_text(tmp_path, INUMANOS.format(answers="    A redireciona para Triton V1\n", damage=2), index)
    (branch,) = bad.branches
    assert branch.verdict == "FAIL"
    (finding,) = [f for f in branch.findings if not f.ok]
    assert finding.expected == "dano em Triton V1 = 2" and finding.actual == "damage to Triton V1: 1"
    assert bad.source is not None and bad.source.position(finding.span.start) == (12, 3)


def test_an_unanswered_decision_is_an_error_naming_it_and_its_answers(tmp_path: Path, index: CardIndex) -> None:
    """Principle 8: no silent default -- the redirection (4.8.3.1 E) is player A's decision, the file must
    answer it."""
    result = run_text(tmp_path, INUMANOS.format(answers="", damage=1), index)
    (branch,) = result.branches
    assert branch.verdict == "ERROR"
    assert "player A must answer 'redirect'" in branch.reason and "Triton V1" in branch.reason
    assert "`redireciona para: ...`" in branch.reason
    assert result.source is not None and result.source.position(branch.reason_span.start)[0] == 9   # type: ignore[union-attr]


def test_an_answer_no_decision_takes_and_an_answer_fitting_no_option(tmp_path: Path, index: CardIndex) -> None:
    result = run_text(tmp_path, INUMANOS.format(answers="    A redireciona para Triton V1\n    A sim\n", damage=1),
                      index)
    assert result.branches[0].verdict == "ERROR" and "never asked" in result.branches[0].reason
    result = run_text(tmp_path, INUMANOS.format(answers="    A redireciona para Capanga do Rei V2\n", damage=1),
                      index)
    assert result.branches[0].verdict == "ERROR" and "is not among the options" in result.branches[0].reason


def test_a_move_the_engine_refuses_is_a_fail_saying_why(tmp_path: Path, index: CardIndex) -> None:
    """4.6.2 C.1: a character that entered the scene this turn does not act; C.5: a normal action is not used in
    the Fase de Preparação."""
    text = ("jogador A:\n  em cena: Hulk V1, estágio 2, carregando 3 cards{entered}\njogador B:\n"
            "  em cena: Blob V1, carregando 3 cards\nfase: {phase}\njogadas:\n  Hulk V1 usa Hulk Esmaga em Blob V1\n"
            "esperado:\n  energia de Blob V1 = 3\n")
    result = run_text(tmp_path, text.format(entered=", entrou neste turno", phase="combate, etapa de ataque"), index)
    assert result.branches[0].verdict == "FAIL" and "4.6.2 C.1" in result.branches[0].reason
    result = run_text(tmp_path, text.format(entered="", phase="preparação"), index)
    assert result.branches[0].verdict == "FAIL" and "4.6.2 C.5" in result.branches[0].reason
    result = run_text(tmp_path, text.format(entered="", phase="combate, etapa de ataque"), index)
    assert result.branches[0].verdict == "PASS"        # Blob V1: the first damage of a turn becomes 0


def test_cannot_when_a_text_the_engine_does_not_run_is_reached(tmp_path: Path, index: CardIndex) -> None:
    hulk = index.by_title["hulk v1"][0]
    assert hulk.action is not None
    mode = hulk.action.modes[0]
    broken = replace(hulk, title="Hulk Quebrado V1", name="Hulk Quebrado", code="", action=replace(
        hulk.action, modes=(replace(mode, procedures=(Unsupported(text="faz algo impossível", why="no meaning"),)),)))
    mine = CardIndex.of([*(d for ds in index.by_title.values() for d in ds), broken])
    text = ("jogador A:\n  em cena: Hulk Quebrado V1, estágio 2, carregando 3 cards\njogador B:\n"
            "  em cena: Blob V1, carregando 3 cards\njogadas:\n  Hulk Quebrado V1 usa Hulk Esmaga em Blob V1\n"
            "esperado:\n  energia de Blob V1 = 3\n")
    (branch,) = run_text(tmp_path, text, mine).branches
    assert branch.verdict == "CANNOT", branch.reason
    assert branch.unsupported == ['Hulk Quebrado V1: "faz algo impossível" (no meaning)']


def test_branches_run_from_the_same_setup_each_with_its_verdict(tmp_path: Path, index: CardIndex) -> None:
    text = INUMANOS.format(answers="    A redireciona para Triton V1\n", damage=1) + (
        "e se em vez disso: sem redirecionar\n  jogadas:\n    Capanga do Rei V2 usa Pancadaria em Maximus V1, sem "
        "requisitos\n      A não redireciona\n  esperado:\n    dano em Maximus V1 = 2\n    energia de Maximus V1 = 3\n"
        "e se em vez disso: Triton no estágio 0\n  jogador A:\n    em cena: Triton V1, estágio 0, carregando 1 card\n"
        "  esperado:\n    dano em Triton V1 = 1\n    energia de Triton V1 = 1\n    estágio de Triton V1 = 0\n"
        "e se em vez disso: errado\n  esperado:\n    dano em Triton V1 = 5\n")
    result = run_text(tmp_path, text, index)
    assert verdicts(result) == {"principal": "PASS", "sem redirecionar": "FAIL", "Triton no estágio 0": "PASS",
                                "errado": "FAIL"}
    no = result.branches[1]
    assert [f.actual for f in no.findings if not f.ok] == ["energy of Maximus V1: 2"]      # Maximus: Escudo 1


def test_6_2_pass_plays_the_phases_up_to_the_next_player_acting(tmp_path: Path, index: CardIndex) -> None:
    """6.2: from A's Etapa de Ataque, a pass ends the turn (Final do Turno) and plays B's Contagem Regressiva (1 +
    A's one character) and Compra (B has no character: 1), stopping at B's Fase de Preparação; B passes: the Ajuste
    runs, then the Etapa de Antecipação where A acts; A passes: B's Etapa de Ataque."""
    text = ("jogador A:\n  em cena: Hulk V1, carregando 3 cards\njogadas:\n  A passa\n{more}esperado:\n{expect}")
    result = run_text(tmp_path, text.format(more="", expect="  recursos de B: 2 cards\n  mão de B: 1 cards\n"),
                      index)
    assert verdicts(result) == {"principal": "PASS"}
    result = run_text(tmp_path, text.format(more="  B passa\n", expect="  Hulk V1 pode usar Hulk Esmaga\n"), index)
    assert verdicts(result) == {"principal": "FAIL"}          # Antecipação: Hulk Esmaga is a normal action
    assert "cannot use Hulk Esmaga" in result.branches[0].reason
    result = run_text(tmp_path, text.format(more="  B passa\n  A passa\n", expect="  vencedor: nenhum\n"), index)
    assert verdicts(result) == {"principal": "PASS"}
    result = run_text(tmp_path, text.format(more="  A passa\n", expect="  vencedor: nenhum\n"), index)
    assert result.branches[0].verdict == "FAIL" and "B acts now" in result.branches[0].reason


def test_6_2_C_place_capacitate_and_activate_in_the_preparation_phase(tmp_path: Path, index: CardIndex) -> None:
    """6.2 C.3 placing Hulk V1 (8 cards from the resources, 4.4.2.1 A.1), C.1 basic capacitation (a card
    discarded), 5.1 an activated effect (Canhão Automático V1: 1 damage)."""
    text = ("fase: preparação\njogador A:\n  em cena:\n    Blob V1, carregando 2 cards\n"
            "    Canhão Automático V1, carregando 1 card\n  mão: Hulk V1, 1 card\n  recursos: 8 cards\n"
            "jogador B:\n  em cena: Mulher-Hulk V1, carregando 3 cards\n"
            "esperado:\n  A pode colocar Hulk V1\n  A pode ativar Canhão Automático V1\n"
            "e se em vez disso: jogadas\n  jogadas:\n    A coloca Hulk V1\n    A capacita Blob V1\n"
            "    A ativa Canhão Automático V1\n      alvo: Mulher-Hulk V1\n"
            "  esperado:\n    Hulk V1 está em cena\n    energia de Hulk V1 = 8\n    estágio de Blob V1 = 2\n"
            "    mão de A: 0 cards\n    escudo de Mulher-Hulk V1 = 1\n    A não pode ativar Canhão Automático V1\n"
            "    A não pode colocar Hulk V1\n")
    result = run_text(tmp_path, text, index)
    assert verdicts(result) == {"principal": "PASS", "jogadas": "PASS"}, [b.reason for b in result.branches]


def test_the_command_exit_codes_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", "-q", str(SCENARIOS)]) == 0
    assert "0 FAIL, 0 CANNOT, 0 ERROR, 0 INVALID" in capsys.readouterr().out
    bad = tmp_path / "bad.scn"
    bad.write_text(INUMANOS.format(answers="    A redireciona para Triton V1\n", damage=7), encoding="utf-8")
    assert main(["scenario", str(bad), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    (branch,) = data["files"][0]["branches"]
    assert branch["verdict"] == "FAIL" and branch["findings"][0]["actual"] == "damage to Triton V1: 1"
    assert data["counts"] == {"FAIL": 1}
    broken = tmp_path / "broken.scn"
    broken.write_text("turno: C\n", encoding="utf-8")
    assert main(["scenario", str(broken)]) == 1
    assert "broken.scn:1:8: error[CS500]" in capsys.readouterr().out
    assert main(["scenario", str(tmp_path / "none.scn")]) == 2
    (tmp_path / "bin.scn").write_bytes(b"\x00\x01")
    assert main(["scenario", str(tmp_path / "bin.scn")]) == 2
    assert "CS001" in capsys.readouterr().out


def test_library_option_adds_card_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--library DIR: the card files of DIR join the bundled library (a designer's own card, by title)."""
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "meu.card").write_text("Personagem: Golias Teste V1\nAlinhamento: Herói\nPoderes: Super Força\n"
                                    "Energia inicial: 3\nEscudo: 5\n\nAção: Pisão\n  Custo: {0}\n  Poder: Super Força\n"
                                    "  Pisão causa 3 pontos de dano no alvo.\n", encoding="utf-8")
    scn = tmp_path / "s.scn"
    scn.write_text("jogador A:\n  em cena: Golias Teste V1, carregando 3 cards\njogador B:\n"
                   "  em cena: Mulher-Hulk V1, carregando 3 cards\njogadas:\n"
                   "  Golias Teste V1 usa Pisão em Mulher-Hulk V1\n"
                   "esperado:\n  energia de Mulher-Hulk V1 = 2\n", encoding="utf-8")
    assert main(["scenario", str(scn)]) == 1
    assert "unknown card 'Golias Teste V1'" in capsys.readouterr().out
    assert main(["scenario", str(scn), "--library", str(cards)]) == 0
    by_path = tmp_path / "p.scn"
    by_path.write_text(scn.read_text(encoding="utf-8").replace("em cena: Golias Teste V1", 'em cena: "cards/meu.card"')
                       .replace("  Golias Teste V1 usa", '  "cards/meu.card" usa'), encoding="utf-8")
    assert main(["scenario", "-q", str(by_path)]) == 0


def test_4_8_1_damaged_this_turn_in_the_setup(tmp_path: Path, index: CardIndex) -> None:
    """Blob V1: "A primeira ação que causar dano neste personagem em um turno causa 0": a Blob that already received
    damage from an action this turn (`já recebeu dano neste turno`) takes Hulk Esmaga's 4 (2 absorbed by Escudo 2)."""
    text = ("jogador A:\n  em cena: Hulk V1, estágio 2, carregando 3 cards\njogador B:\n"
            "  em cena: Blob V1, carregando 3 cards{damaged}\njogadas:\n  Hulk V1 usa Hulk Esmaga em Blob V1\n"
            "esperado:\n  dano em Blob V1 = {damage}\n")
    assert verdicts(run_text(tmp_path, text.format(damaged="", damage=0), index)) == {"principal": "PASS"}
    result = run_text(tmp_path, text.format(damaged=", já recebeu dano neste turno", damage=4), index)
    assert verdicts(result) == {"principal": "PASS"}, result.branches[0].reason


def test_the_documentations_first_example_passes(tmp_path: Path, index: CardIndex) -> None:
    text = (Path(__file__).resolve().parent.parent / "docs" / "scenarios.md").read_text(encoding="utf-8")
    result = run_text(tmp_path, text.split("```\n", 2)[1], index)
    assert verdicts(result) == {"principal": "PASS", "Situação B, na Fase de Preparação de B": "PASS"}


def test_a_known_failure_is_an_xfail_and_a_fixed_one_an_xpass(tmp_path: Path, index: CardIndex,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """`falha conhecida: <why>`: a ruling the engine does not meet yet is recorded, counted apart, and does not
    fail the run; once the engine meets it, the branch is an XPASS and the run fails until the line goes."""
    wrong = INUMANOS.format(answers="    A redireciona para Triton V1\n", damage=2)
    result = run_text(tmp_path, "falha conhecida: um exemplo\n" + wrong, index)
    (branch,) = result.branches
    assert branch.verdict == "XFAIL" and branch.reason.startswith("known failure (um exemplo); the engine: ")
    right = INUMANOS.format(answers="    A redireciona para Triton V1\n", damage=1)
    result = run_text(tmp_path, "falha conhecida: um exemplo\n" + right, index)
    assert result.branches[0].verdict == "XPASS" and "remove" in result.branches[0].reason
    path = tmp_path / "x.scn"
    path.write_text("falha conhecida: um exemplo\n" + wrong, encoding="utf-8")
    assert main(["scenario", "-q", str(path)]) == 0
    assert "1 XFAIL" in capsys.readouterr().out
    path.write_text("falha conhecida: um exemplo\n" + right, encoding="utf-8")
    assert main(["scenario", "-q", str(path)]) == 1


def test_6_2_C_4_C_5_discard_render_and_an_activated_effect_named_by_its_words(tmp_path: Path,
                                                                              index: CardIndex) -> None:
    """6.2 C.4 discard a card; C.5 render a character (knocked out: the opponent scores its initial energy, 4.9.1;
    then a card is drawn); 5.1 `ativa X: <words>` picks the activated effect by its text."""
    text = ("fase: preparação\njogador A:\n  em cena:\n    Blob V1, carregando 2 cards\n"
            "    Canhão Automático V1, carregando 1 card\n  mão: Hulk V1, Thor V2\njogador B:\n"
            "  em cena: Mulher-Hulk V1, carregando 3 cards\njogadas:\n  A descarta Thor V2\n  A rende Blob V1\n"
            "  A ativa Canhão Automático V1: cause 1 ponto\n    alvo: Mulher-Hulk V1\nesperado:\n"
            "  Thor V2 está nos recursos de A\n  Blob V1 está nos prêmios de B\n  prêmios de B: 1 card\n"
            "  mão de A: 2 cards\n"
            "  escudo de Mulher-Hulk V1 = 1\n  pontos de B = 7\n")
    assert verdicts(run_text(tmp_path, text, index)) == {"principal": "PASS"}
    result = run_text(tmp_path, text.replace(": cause 1 ponto", ": compre"), index)
    assert result.branches[0].verdict == "FAIL" and "no effect of Canhão Automático V1" in result.branches[0].reason


def test_cannot_when_it_fails_with_a_text_that_does_not_run_in_play(tmp_path: Path, index: CardIndex) -> None:
    """A card in play whose text the engine does not run (CardDef.executable) may be why a branch fails: the
    FAIL is a CANNOT naming that text; a PASS keeps a note of it."""
    from cardscript.compiler.ir import EffectKind

    hulk = index.by_title["hulk v1"][0]
    silent = replace(hulk, title="Hulk Calado V1", name="Hulk Calado", code="",
                     effects=(replace(hulk.effects[0], kind=EffectKind.UNSUPPORTED, why="no meaning"),))
    mine = CardIndex.of([*(d for ds in index.by_title.values() for d in ds), silent])
    text = ("jogador A:\n  em cena: Hulk Calado V1, estágio 2, carregando 3 cards\njogador B:\n"
            "  em cena: Mulher-Hulk V1, carregando 3 cards\njogadas:\n"
            "  Hulk Calado V1 usa Hulk Esmaga em Mulher-Hulk V1\n"
            "    A descarrega: 2 cards\nesperado:\n  energia de Mulher-Hulk V1 = {n}\n")
    (branch,) = run_text(tmp_path, text.format(n=1), mine).branches
    assert branch.verdict == "PASS" and branch.in_play == ['Hulk Calado V1: "' + " ".join(
        hulk.effects[0].text.split()) + '"']
    (branch,) = run_text(tmp_path, text.format(n=3), mine).branches
    assert branch.verdict == "CANNOT" and "a card in play has text the engine does not run" in branch.reason


@st.composite
def edited_scenario(draw: st.DrawFn) -> str:
    """A worked example with a few lines dropped, repeated, swapped or a number changed."""
    files = sorted(SCENARIOS.glob("*.scn"))
    lines = draw(st.sampled_from(files)).read_text(encoding="utf-8").splitlines()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["drop", "dup", "swap", "number"]))
        if op == "drop":
            del lines[i]
        elif op == "dup":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif any(ch.isdigit() for ch in lines[i]):
            k = next(k for k, ch in enumerate(lines[i]) if ch.isdigit())
            lines[i] = lines[i][:k] + str(draw(st.integers(0, 9))) + lines[i][k + 1:]
        if not lines:
            lines = ["# vazio"]
    return "\n".join(lines) + "\n"


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=edited_scenario())
def test_edited_scenarios_always_end_in_a_verdict_or_a_located_message(text: str, tmp_path: Path,
                                                                       index: CardIndex) -> None:
    """Whatever the edit, a file gives located diagnostics or a verdict per branch -- never an exception."""
    path = tmp_path / "e.scn"
    path.write_text(text, encoding="utf-8")
    result = run_file(path, index)
    assert result.diagnostics or result.branches
    for d in result.diagnostics:
        assert d.location()[0] >= 1
    for b in result.branches:
        assert b.verdict in ("PASS", "FAIL", "CANNOT", "ERROR", "XFAIL", "XPASS")
        assert "the engine failed" not in b.reason, b.reason


def test_an_action_whose_name_holds_em(tmp_path: Path, index: CardIndex) -> None:
    """"usa Treinamento em Equipe em Mulher-Hulk V1": the user's actions say where the name ends."""
    (tmp_path / "golias.card").write_text(
        "Personagem: Golias Teste V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 5\n\n"
        "Ação: Treinamento em Equipe\n  Custo: {0}\n  Poder: Super Força\n"
        "  Treinamento em Equipe causa 3 pontos de dano no alvo.\n", encoding="utf-8")
    text = ('jogador A:\n  em cena: "golias.card", carregando 3 cards\njogador B:\n'
            "  em cena: Mulher-Hulk V1, carregando 3 cards\njogadas:\n"
            "  Golias Teste V1 usa Treinamento em Equipe em Mulher-Hulk V1\n    A descarrega: 1 card\n"
            "esperado:\n  energia de Mulher-Hulk V1 = 2\n  Golias Teste V1 não pode usar Treinamento em Equipe\n")
    assert verdicts(run_text(tmp_path, text, index)) == {"principal": "PASS"}
    bracketed = text.replace("usa Treinamento em Equipe em", "usa [Treinamento em Equipe] em")   # said outright
    assert bracketed != text and verdicts(run_text(tmp_path, bracketed, index)) == {"principal": "PASS"}


HULK = "  em cena: Hulk V1, carregando 3 cards\n"


@pytest.mark.parametrize(("phase", "scene", "hand", "resources"), [
    ("contagem regressiva", HULK, 2, 0), ("compra", HULK, 2, 0), ("início do turno", HULK, 2, 0),
    ("contagem regressiva", "", 1, 2)])
def test_6_2_A_B_pass_from_a_phase_no_player_acts_in(tmp_path: Path, index: CardIndex, phase: str, scene: str,
                                                     hand: int, resources: int) -> None:
    """6.2 A/B: a board at the start of the Contagem Regressiva or of the Compra plays it on `passa`, up to the
    Preparação: A controlling a character places nothing in the countdown (6.2 A) and draws 2 (6.2 B); controlling
    none, 1 + 1 (B's character) cards to the resources and a draw of 1."""
    text = (f"fase: {phase}\njogador A:\n{scene}  mão: Hulk V1\njogador B:\n"
            "  em cena: Blob V1, carregando 3 cards\njogadas:\n  A passa\nesperado:\n"
            f"  mão de A: {hand} cards\n  recursos de A: {resources} cards\n  A pode colocar Hulk V1\n")
    result = run_text(tmp_path, text, index)
    assert [f.actual for f in result.branches[0].findings] == [
        f"hand of A: {hand + 1} cards", f"resources of A: {resources} cards", "A cannot place Hulk V1 now"]


def test_4_8_1_who_decides_is_checked(tmp_path: Path, index: CardIndex) -> None:
    """4.8.1: the controller of the damage's source chooses the cards unloaded -- a file that has the damaged
    character's controller choose them FAILs, saying who the engine asks."""
    text = (SCENARIOS / "4-8-1-quem-escolhe-os-cards-descarregados.scn").read_text(encoding="utf-8")
    assert "    B descarrega:" in text
    (branch,) = run_text(tmp_path, text.replace("    B descarrega:", "    A descarrega:"), index).branches
    assert branch.verdict == "FAIL"
    assert "the file has player A answer 'unload', but the engine asks player B" in branch.reason


def test_a_title_the_library_and_a_folder_share_is_ambiguous(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Two printed cards of one title (here a designer's own Hulk V1, with a code of its own, beside the
    library's): CS503 with the code of each. (A card of a folder with no code, or with the code of a library
    card, replaces that card instead: runtime.library.load_libraries, as for decks.)"""
    own = tmp_path / "own"
    own.mkdir()
    (own / "hulk-v1.card").write_text("Personagem: Hulk V1\nCódigo: TST 1/10\nAlinhamento: Herói\n"
                                      "Poderes: Super Força\nEnergia inicial: 3\nEscudo: 5\n", encoding="utf-8")
    scn = tmp_path / "s.scn"
    scn.write_text("jogador A:\n  em cena: Hulk V1, carregando 3 cards\nesperado:\n  vencedor: nenhum\n",
                   encoding="utf-8")
    assert main(["scenario", str(scn), "--library", str(own)]) == 1
    printed = capsys.readouterr().out
    assert "error[CS503] 'Hulk V1' names 2 printed cards" in printed and "`BSUM 20/100`" in printed
    assert "`TST 1/10`" in printed
    scn.write_text(f'jogador A:\n  em cena: "{own / "hulk-v1.card"}", carregando 3 cards\nesperado:\n'
                   "  energia de Hulk V1 = 3\n", encoding="utf-8")
    assert main(["scenario", "-q", str(scn), "--library", str(own)]) == 0


def test_allow_cannot() -> None:
    """`--allow-cannot`: a CANNOT (counted) does not fail the run, as for the rulings in .ci/run; a FAIL still does."""
    from cardscript.core.source import Span
    from cardscript.games.battle_scenes.scenario.run import BranchResult
    from cardscript.tools.scenario import exit_code

    def file(*verdicts: str) -> FileResult:
        return FileResult("f.scn", None,
                          branches=[BranchResult(f"b{i}", v, Span(0, 0)) for i, v in enumerate(verdicts)])

    assert exit_code([file("PASS", "XFAIL")]) == 0
    assert exit_code([file("PASS", "CANNOT")]) == 1 and exit_code([file("PASS", "CANNOT")], allow_cannot=True) == 0
    assert exit_code([file("CANNOT", "FAIL")], allow_cannot=True) == 1
    assert exit_code([file("XPASS")], allow_cannot=True) == 1 and exit_code([file("ERROR")], allow_cannot=True) == 1


def test_4_9_1_a_players_prizes_are_the_cards_that_player_scored(tmp_path: Path, index: CardIndex) -> None:
    """4.9.1 / 6.2 C.5: a knocked-out character goes to the prizes of its controller's opponents, so the `prêmios:`
    of player A are cards of B that count for A's points; `nos prêmios de A` finds them there."""
    thor = index.by_title["thor v2"][0]
    text = ("fase: preparação\njogador A:\n  em cena: Blob V1, carregando 2 cards\n  prêmios: Thor V2\n"
            "jogador B:\n  em cena: Mulher-Hulk V1, carregando 3 cards\nesperado:\n"
            f"  pontos de A = {thor.initial_energy}\n  pontos de B = 0\n  Thor V2 está nos prêmios de A\n"
            "  prêmios de A: 1 card\n  prêmios de B: 0 cards\n")
    assert verdicts(run_text(tmp_path, text, index)) == {"principal": "PASS"}
    wrong = text.replace("Thor V2 está nos prêmios de A", "Thor V2 está nos prêmios de B")
    assert verdicts(run_text(tmp_path, wrong, index)) == {"principal": "FAIL"}
