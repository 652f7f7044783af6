"""The command line: exit codes, output formats, and the corpus summary line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardscript.cli import main

GOOD = "Cenário: Teste V1\n\nTexto permanente:\n  Quando este cenário entrar em cena, compre um card.\n"
BAD = "Cenário: Teste V1\n\nTexto permanente:\n  Compre um xyzzy.\n"


def test_check_clean_file_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "ok.card"
    f.write_text(GOOD, encoding="utf-8")
    assert main(["check", str(f)]) == 0


def test_check_bad_file_exits_1_with_location(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "bad.card"
    f.write_text(BAD, encoding="utf-8")
    assert main(["check", str(f)]) == 1
    out = capsys.readouterr().out
    assert f"{f}:4:13: error[CS100]" in out
    assert "^" in out and "hint:" in out


def test_one_broken_card_does_not_stop_the_others(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.card").write_text(BAD, encoding="utf-8")
    (tmp_path / "b.card").write_text(GOOD, encoding="utf-8")
    (tmp_path / "c.card").write_bytes(b"\xff\xfe\x00garbage")
    assert main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "checked 3 card(s): 1 executable, 1 clean" in out


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_machine_formats(tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    f = tmp_path / "bad.card"
    f.write_text(BAD, encoding="utf-8")
    assert main(["check", "--format", fmt, str(f)]) == 1
    doc = json.loads(capsys.readouterr().out)
    if fmt == "json":
        assert doc[0]["code"] == "CS100" and doc[0]["line"] == 4
    else:
        assert doc["runs"][0]["results"][0]["ruleId"] == "CS100"


def test_usage_error_exits_2() -> None:
    assert main(["no-such-command"]) == 2
    assert main([]) == 2


def test_render_and_explain(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "ok.card"
    f.write_text(GOOD, encoding="utf-8")
    assert main(["render", str(f)]) == 0
    assert capsys.readouterr().out == GOOD           # the whole card: header, blocks, text
    assert main(["render", "--lang", "en", str(f)]) == 0
    assert capsys.readouterr().out == ("Scenario: Teste V1\n\nPermanent text:\n"
                                       "  When this scenario enters the scene, draw one card.\n")
    assert main(["explain", str(f)]) == 0
    out = capsys.readouterr().out
    assert "trigger: quando este cenário entrar em cena," in out and "procedure 1: comprar (draw)" in out


def test_fmt_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "ok.card"
    f.write_text(GOOD.replace("  Quando", "    Quando"), encoding="utf-8")
    assert main(["fmt", "--check", str(f)]) == 1
    assert main(["fmt", str(f)]) == 0
    assert main(["fmt", "--check", str(f)]) == 0


def test_corpus_summary_line(corpus_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["corpus", str(corpus_path)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("coverage: parsed=") and last.endswith("total=732")
    fields = dict(kv.split("=") for kv in last.removeprefix("coverage: ").split())
    assert int(fields["roundtrip"]) <= int(fields["bound"]) <= int(fields["parsed"]) <= 732
    assert 0 < int(fields["executable"]) <= int(fields["bound"])


def test_corpus_keyword_line_every_keyword_use_is_read(corpus_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 5: the cards whose only unread parts were keywords are read -- every keyword use of the corpus
    lowers to executable effects, and every card whose other text runs runs whole."""
    assert main(["corpus", str(corpus_path)]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("keywords: "))
    fields = {k: int(v) for k, v in (kv.split("=") for kv in line.removeprefix("keywords: ").split())}
    assert fields["cards"] > 100 and fields["uses"] >= fields["cards"]
    assert fields["uses_executable"] == fields["uses"]
    assert fields["of_those_executable"] == fields["cards_otherwise_executable"] > 0
