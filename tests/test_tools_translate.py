"""``cardscript translate``: a corpus to a folder of card files (``--out``), located record errors, naming
collisions; one record or plain text to standard output; no traceback for any input."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from cardscript.cli import main
from cardscript.compiler.pipeline import compile_paths
from cardscript.compiler.translate import RecordError, card_file_path, check_record, place_records, read_corpus


def record(name: str, code: str, collection: str = "BSUM", **extra: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "code": code, "collection": collection, "name": name, "version": "V1", "alter_ego": "",
        "type": "Cenário", "alignments": [], "affiliations": [], "powers": [], "initial_energy": "",
        "addition_value": "", "shield": "", "action": None,
        "permanent_text": "Quando este cenário entrar em cena, compre um card.", "ev_text": "", "errata": "",
        "faqs": "", "rarity": "Comum",
    }
    base.update(extra)
    return base


def line(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode("utf-8")


GOOD = [
    record("Calmaria Teste", "BSUM 1/100"),
    record("Destruidor", "(2014) BSIC 16/100", "BSIC"),
    record("Destruidor", "(2014) BSIC 17/100", "BSIC"),
    record("Brinde", "PROMO 35", "PROMO"),
]


def write_corpus(path: Path, lines: list[bytes]) -> Path:
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


def test_translate_out_writes_one_card_file_per_record_placed_as_the_library(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus = write_corpus(tmp_path / "small.jsonl", [line(r) for r in GOOD])
    out = tmp_path / "cards"
    assert main(["translate", str(corpus), "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert captured.out.strip().splitlines()[-1] == f"4 cards written to {out}, 0 records failed"
    assert captured.err == ""
    files = sorted(str(p.relative_to(out)) for p in out.rglob("*.card"))
    assert files == ["bsic/destruidor-v1-16.card", "bsic/destruidor-v1-17.card", "bsum/calmaria-teste-v1.card",
                     "promo/brinde-v1.card"]
    assert (out / "bsic" / "destruidor-v1-17.card").read_text(encoding="utf-8").startswith(
        "Cenário: Destruidor V1\nCódigo: (2014) BSIC 17/100\n")
    assert all(card.ok for card in compile_paths([out])), "the translated cards compile"


def test_translate_out_reports_broken_records_located_and_writes_the_rest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [
        line(GOOD[0]),                                            # 1 good
        line(record("Tipo Errado", "BSUM 2/100", powers="Voo")),  # 2 wrong JSON type in a field
        line({k: v for k, v in GOOD[0].items() if k != "name"}),  # 3 a missing field
        b'{"name": "Quebrado", "code": "\xff\xfe"}',              # 4 not UTF-8
        line(["not", "an", "object"]),                            # 5 not an object
        b"{not json",                                             # 6 not JSON
        b"",                                                      # 7 blank: skipped
        line(record("Acao Errada", "BSUM 3/100", action={"name": "Golpe", "text": 3})),   # 8 wrong type inside
        line(GOOD[3]),                                            # 9 good
    ]
    corpus = write_corpus(tmp_path / "broken.jsonl", lines)
    out = tmp_path / "cards"
    assert main(["translate", str(corpus), "--out", str(out)]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    errors = captured.err.strip().splitlines()
    assert [e.split(": ", 2)[1].rsplit(":", 1)[1] for e in errors] == ["2", "3", "4", "5", "6", "8"]
    assert errors[0] == f"cardscript: {corpus}:2: field 'powers' is a string, not an array of strings"
    assert errors[1] == f"cardscript: {corpus}:3: missing field 'name'"
    assert f"{corpus}:4: not UTF-8 text" in errors[2]
    assert errors[3] == f"cardscript: {corpus}:5: a card record is a JSON object, not an array"
    assert f"{corpus}:6: not JSON:" in errors[4]
    assert errors[5] == f"cardscript: {corpus}:8: field 'action.text' is a number, not a string"
    assert captured.out.strip().splitlines()[-1] == f"2 cards written to {out}, 6 records failed"
    assert sorted(p.name for p in out.rglob("*.card")) == ["brinde-v1.card", "calmaria-teste-v1.card"]


@pytest.mark.parametrize("make, message", [
    (lambda p: p, "is a directory"),
    (lambda p: (p / "bin.jsonl").write_bytes(b"\x00\x01\x02{\xff") and p / "bin.jsonl", "is a binary file"),
    (lambda p: p / "missing.jsonl", "no such file"),
])
def test_unreadable_input_exits_2_with_a_plain_message(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       make: Any, message: str) -> None:
    source = make(tmp_path)
    for extra in ([], ["--out", str(tmp_path / "cards")]):
        assert main(["translate", str(source), *extra]) == 2
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err
    assert not (tmp_path / "cards").exists()


def test_out_that_is_a_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus = write_corpus(tmp_path / "c.jsonl", [line(GOOD[0])])
    assert main(["translate", str(corpus), "--out", str(corpus)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


def test_translate_one_record_or_plain_text_to_stdout_still_works(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    one = write_corpus(tmp_path / "one.json", [line(GOOD[0])])
    assert main(["translate", str(one)]) == 0
    assert capsys.readouterr().out.startswith("Cenário: Calmaria Teste V1\nCódigo: BSUM 1/100\n")
    plain = "Cenário: Calmaria Teste V1\nTexto permanente\nQuando este cenário entrar em cena, compre um card.\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(plain.encode("utf-8")), encoding="utf-8"))
    assert main(["translate", "-"]) == 0
    assert "  Quando este cenário entrar em cena, compre um card." in capsys.readouterr().out
    broken = write_corpus(tmp_path / "two.jsonl", [line(GOOD[0]), b"[]"])
    assert main(["translate", str(broken)]) == 1
    captured = capsys.readouterr()
    assert f"{broken}:2: a card record is a JSON object" in captured.err
    assert captured.out.startswith("Cenário: Calmaria Teste V1")


def test_plain_text_that_is_not_utf8_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "latin1.txt"
    f.write_bytes("Cenário: Calmaria V1\n".encode("latin-1"))
    assert main(["translate", str(f)]) == 2
    assert "is not UTF-8 text" in capsys.readouterr().err


def test_naming_collisions_get_the_printed_codes_number_deterministically() -> None:
    records = [GOOD[2], GOOD[0], GOOD[1]]
    assert place_records(records) == ["bsic/destruidor-v1-17.card", "bsum/calmaria-teste-v1.card",
                                      "bsic/destruidor-v1-16.card"]
    assert place_records(records) == place_records(list(records))
    # three records of one title: numbers from their codes (a DECK code keeps its DECK); the same code twice: -2
    three = [record("Nova", "(2015) BSOS 39/100", "BSOS"), record("Nova", "(2015) BSOS DECK 39/60", "BSOS"),
             record("Nova", "(2015) BSOS 39/100", "BSOS")]
    assert place_records(three) == ["bsos/nova-v1-39.card", "bsos/nova-v1-deck-39.card", "bsos/nova-v1-39-2.card"]
    # a suffixed name never takes the path of a card that has it as its own
    clash = [record("Ax", "BSUM 5/100"), record("Ax", "BSUM 6/100"), record("Ax", "BSUM 9/100", version="V1 5")]
    assert place_records(clash) == ["bsum/ax-v1-5-2.card", "bsum/ax-v1-6.card", "bsum/ax-v1-5.card"]
    # the same title in two collections is two folders, no suffix
    assert place_records([record("Nova", "BSOS 39/100", "BSOS"), record("Nova", "BSFE DECK 19/60", "BSFE")]) == [
        "bsos/nova-v1.card", "bsfe/nova-v1.card"]


def test_a_collection_cannot_place_a_file_outside_the_folder() -> None:
    assert card_file_path(record("X", "1", "../../etc")) == "etc/x-v1.card"
    assert card_file_path(record("X", "1", "/")) == "cards/x-v1.card"


def test_check_record_accepts_the_corpus_format_and_names_every_field_at_fault() -> None:
    assert check_record(GOOD[0]) is GOOD[0]
    assert check_record({"code": "1", "collection": "B", "name": "N", "version": "V1", "type": "Cenário",
                         "shield": 2, "action": None, "powers": None}) is not None
    with pytest.raises(RecordError, match="field 'shield' is true, not a string; field 'action' is an array"):
        check_record(record("X", "1", shield=True, action=[]))
    with pytest.raises(RecordError, match="field 'name' is empty"):
        check_record(record(" ", "1"))
    with pytest.raises(RecordError, match="a card record is a JSON object, not null"):
        check_record(None)


def test_read_corpus_locates_lines_and_accepts_bom_and_crlf() -> None:
    data = b"\xef\xbb\xbf" + line(GOOD[0]) + b"\r\n\r\n" + b"7\r\n" + b"[" * 100_000 + b"\n"
    items = list(read_corpus(data))
    assert [n for n, _ in items] == [1, 3, 4]
    assert isinstance(items[0][1], dict)
    assert str(items[1][1]) == "a card record is a JSON object, not a number"
    assert isinstance(items[2][1], RecordError)


def test_translate_out_on_the_development_corpus(corpus_path: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "dev"
    assert main(["translate", str(corpus_path), "--out", str(out)]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == f"732 cards written to {out}, 0 records failed"
    assert len(list(out.rglob("*.card"))) == 732
    assert (out / "bsic" / "destruidor-v1-16.card").exists() and (out / "bsic" / "destruidor-v1-17.card").exists()
    assert (out / "bsum" / "rasgar-v1.card").exists()


def test_translate_one_pretty_printed_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "one.json"
    f.write_text(json.dumps(GOOD[1], ensure_ascii=False, indent=2), encoding="utf-8")
    assert main(["translate", str(f)]) == 0
    assert capsys.readouterr().out.startswith("Cenário: Destruidor V1\nCódigo: (2014) BSIC 16/100\n")


def test_translate_one_pretty_printed_record_that_is_broken(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "one.json"
    f.write_text("\n" + json.dumps(record("X", "1", powers=3), indent=2), encoding="utf-8")
    assert main(["translate", str(f)]) == 1
    assert capsys.readouterr().err == f"cardscript: {f}:2: field 'powers' is a number, not an array of strings\n"
    f.write_text("5", encoding="utf-8")
    assert main(["translate", str(f)]) == 1
    assert "a card record is a JSON object, not a number" in capsys.readouterr().err
