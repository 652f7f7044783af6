"""`cardscript check` reports what the engine will not run (issue 9): CS260 at the words' span with the verb's
roles as the hint, CS261 under --strict, and a summary that counts executable cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardscript.cli import main
from cardscript.compiler.executable import lowering_diagnostics
from cardscript.compiler.pipeline import compile_source
from cardscript.core.source import SourceFile

HEAD = ("Personagem: Teste V1\nAlinhamento: Herói\nPoderes: Agilidade\nEnergia inicial: 3\nEscudo: 1\n\n"
        "Texto permanente:\n  ")
RUNS = HEAD + "Quando este personagem entrar em cena, compre um card.\n"
# "reduzir" has a frame but no procedure builder: the clause does not run
DOES_NOT_RUN = HEAD + "Quando este personagem entrar em cena, compre um card.\n  Reduza o dano a 0.\n"


def test_an_executable_card_has_no_cs260() -> None:
    runs, diags = lowering_diagnostics(compile_source(SourceFile("a.card", RUNS)))
    assert runs and diags == []


def test_a_clause_that_does_not_run_is_cs260_at_its_words_with_the_roles() -> None:
    source = SourceFile("b.card", DOES_NOT_RUN)
    runs, diags = lowering_diagnostics(compile_source(source))
    assert not runs and [d.code for d in diags] == ["CS260"]
    (d,) = diags
    assert source.text[d.span.start:d.span.end].startswith("Reduza")
    assert d.hint is not None and "reduzir" in d.hint and "to (para)" in d.hint
    assert d.location() == (9, 3)


def test_strict_makes_it_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "b.card"
    f.write_text(DOES_NOT_RUN, encoding="utf-8")
    assert main(["check", str(f)]) == 0                       # a warning: the card still compiles
    text = capsys.readouterr().out
    assert f"{f}:9:3: warning[CS260]" in text and "^" in text and "hint:" in text
    assert "checked 1 card(s): 0 executable, 0 clean, 0 error(s), 1 warning(s)" in text
    assert main(["check", "--strict", str(f)]) == 1
    assert f"{f}:9:3: error[CS261]" in capsys.readouterr().out


def test_the_bundled_library_is_checked_green_and_counts_executable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check"]) == 0
    summary = capsys.readouterr().out.strip().splitlines()[-1]
    assert summary.startswith("checked ") and " executable, " in summary


def test_a_not_executable_message_names_the_words_even_without_a_noun() -> None:
    """"ganha 2": the CS260 message quotes what cannot be gained ('2'), never an empty ''."""
    _, diags = lowering_diagnostics(compile_source(SourceFile("a.card", HEAD + "Este personagem ganha 2.\n")))
    assert [d.message for d in diags] == ["'2' is not something that can be gained"]
