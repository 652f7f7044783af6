"""What the card commands read (issue 13, part 3): ``-`` is a card on standard input for ``check``, ``fmt``,
``render`` and ``explain``; a path that does not exist is one plain line and exit 2, the other paths done all
the same; a card checked apart from the library knows the library's names; ``explain CODE`` says what a
diagnostic code means; a file's diagnostics come in the order of their places."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardscript.cli import main
from cardscript.compiler.files import library_path, read_stdin
from cardscript.core.diagnostics import CODES

RASGAR = library_path() / "bsum" / "rasgar-v1.card"
OUTSIDER = ("Personagem: Forasteiro V1\nAlinhamento: Herói\nAfiliações: X-Men\nPoderes: Voo\nEnergia inicial: 1\n"
            "Escudo: 0\n\nTexto permanente:\n  Enquanto você controlar um personagem com a afiliação Vingadores, "
            "este personagem ganha Super Força.\n")


def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str,
        stdin: bytes | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    code = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return code, captured.out, captured.err


def test_check_reads_a_card_on_standard_input(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "check", "-", stdin=RASGAR.read_bytes())
    assert code == 0 and "checked 1 card(s): 1 executable, 1 clean" in out
    broken = RASGAR.read_text(encoding="utf-8").replace("Rasgar causa", "Rasgar xyzzy causa")
    code, out, _ = run(capsys, monkeypatch, "check", "-", stdin=broken.encode())
    assert code == 1 and "<stdin>:" in out and "error[" in out


def test_check_of_standard_input_that_is_no_text_is_exit_2(capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "check", "-", stdin=b"Habilidade: R\xe1sgar V1\n")
    assert code == 2 and "<stdin>:1:14: error[CS001] cannot read the card file: not UTF-8 text" in out


def test_standard_input_is_checked_with_the_files_given(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "rasgar-v1.card").write_bytes(RASGAR.read_bytes())
    code, out, _ = run(capsys, monkeypatch, "check", str(tmp_path), "-", stdin=OUTSIDER.encode())
    assert code == 0 and "checked 2 card(s)" in out


def test_a_missing_path_is_one_plain_line_and_the_others_are_checked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    missing = tmp_path / "nowhere.card"
    for command in ("check", "fmt"):
        code, out, err = run(capsys, monkeypatch, command, str(missing), str(RASGAR)) if command == "check" else \
            run(capsys, monkeypatch, command, "--check", str(missing), str(RASGAR))
        assert code == 2
        assert err == f"cardscript: {missing}: no such file or folder\n"
        assert "CS001" not in out
    code, out, _ = run(capsys, monkeypatch, "check", str(missing), str(RASGAR))
    assert "checked 1 card(s): 1 executable, 1 clean" in out
    for command in ("render", "explain"):
        code, out, err = run(capsys, monkeypatch, command, str(missing))
        assert code == 2 and out == "" and "no such file" in err


def test_a_card_checked_alone_knows_the_librarys_names(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """"Vingadores" is an affiliation of the bundled library: no "unknown name" for a card naming it, checked
    alone -- from a file or from standard input; a name nothing defines is still one."""
    card = tmp_path / "forasteiro-v1.card"
    card.write_text(OUTSIDER, encoding="utf-8")
    _, out, _ = run(capsys, monkeypatch, "check", str(card))
    assert "CS220" not in out
    _, out, _ = run(capsys, monkeypatch, "check", "-", stdin=OUTSIDER.encode())
    assert "CS220" not in out
    card.write_text(OUTSIDER.replace("Vingadores", "Vingadoras Secretas"), encoding="utf-8")
    _, out, _ = run(capsys, monkeypatch, "check", str(card))
    assert "warning[CS220] unknown name 'Vingadoras Secretas'" in out


def test_fmt_of_standard_input_writes_the_canonical_card_to_standard_output(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    canonical = RASGAR.read_text(encoding="utf-8")
    untidy = canonical.replace("Custo: {1}", "Custo:   {1}").replace("\n", "  \n")
    code, out, _ = run(capsys, monkeypatch, "fmt", "-", stdin=untidy.encode())
    assert code == 0 and out == canonical
    code, out, err = run(capsys, monkeypatch, "fmt", "--check", "-", stdin=untidy.encode())
    assert code == 1 and out == "" and "<stdin>: not in canonical form" in err
    code, out, _ = run(capsys, monkeypatch, "fmt", "--check", "-", stdin=canonical.encode())
    assert code == 0 and out == ""


def test_fmt_of_standard_input_that_does_not_parse_gives_it_back(capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    broken = RASGAR.read_text(encoding="utf-8").replace("Rasgar causa", "Rasgar xyzzy causa")
    code, out, err = run(capsys, monkeypatch, "fmt", "-", stdin=broken.encode())
    assert code == 1 and out == broken and "<stdin>:" in err


@pytest.mark.parametrize("command", ["render", "explain"])
def test_render_and_explain_read_standard_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                                command: str) -> None:
    code, out, _ = run(capsys, monkeypatch, command, "-", stdin=RASGAR.read_bytes())
    assert code == 0
    assert ("Rasgar causa 1 ponto de dano penetrante" if command == "render" else "piercing=True") in out


def test_explain_a_diagnostic_code(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "explain", "cs220")
    assert code == 0
    assert out.startswith(f"CS220 (warning): {CODES['CS220'].title}\n")
    assert " ".join(out.split()[4:]).startswith(CODES["CS220"].explanation.split(".")[0])
    code, out, err = run(capsys, monkeypatch, "explain", "CS262")
    assert code == 2 and out == "" and "CS262: no such diagnostic code (the nearest: " in err and "CS261" in err


def test_every_registered_code_is_explained(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    for code in CODES:
        status, out, _ = run(capsys, monkeypatch, "explain", code)
        assert status == 0 and out.startswith(f"{code} ({CODES[code].severity.value}): ")


def test_a_files_diagnostics_come_in_the_order_of_their_places(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A part the engine will not run (found by the lowering, CS260) in the first paragraph, an unknown name
    (found by the binding, CS220) in the second: reported first to last."""
    card = tmp_path / "dois-v1.card"
    card.write_text(OUTSIDER.replace("ganha Super Força.", "ganha 1 de energia.") +
                    "  Quando este personagem entrar em cena, compre um card para cada personagem com a afiliação "
                    "Vingadoras Secretas.\n", encoding="utf-8")
    _, out, _ = run(capsys, monkeypatch, "check", str(card))
    places = [tuple(int(n) for n in line.split(":")[1:3]) for line in out.splitlines()
              if line.startswith(str(card) + ":")]
    assert len(places) >= 2 and places == sorted(places)


@settings(max_examples=25, deadline=None)
@given(st.binary(max_size=200))
def test_property_standard_input_of_any_bytes_is_text_or_one_cs001(data: bytes) -> None:
    read = read_stdin(io.BytesIO(data))
    if hasattr(read, "code"):
        assert read.code == "CS001" and read.source.path == "<stdin>"
    else:
        assert "\x00" not in read.text


def test_diagnostics_are_coloured_on_a_terminal_unless_no_color(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """``--color auto`` (the default): ANSI colours when standard output is a terminal and NO_COLOR is not set;
    ``always`` / ``never`` force it; the text without the colour codes is the same."""
    import re

    card = tmp_path / "x-v1.card"
    card.write_text(OUTSIDER.replace("Vingadores", "Vingadoras Secretas"), encoding="utf-8")
    _, plain, _ = run(capsys, monkeypatch, "check", str(card))
    assert "\033[" not in plain                                   # not a terminal
    _, coloured, _ = run(capsys, monkeypatch, "check", "--color", "always", str(card))
    assert "\033[1;33mwarning[CS220]\033[0m" in coloured
    assert re.sub(r"\033\[[0-9;]*m", "", coloured) == plain
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)
    _, out, _ = run(capsys, monkeypatch, "check", str(card))
    assert "\033[" in out
    monkeypatch.setenv("NO_COLOR", "1")
    _, out, _ = run(capsys, monkeypatch, "check", str(card))
    assert "\033[" not in out
    _, out, _ = run(capsys, monkeypatch, "check", "--color", "never", str(card))
    assert "\033[" not in out
