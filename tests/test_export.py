"""``cardscript export`` (issue 13, part 5): every compiled card as JSON for tool builders, valid against the
published JSON Schema (``docs/schema/cards.schema.json``), made from the IR's own annotations, and complete: the
effect objects read back give the very definitions the engine runs."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from cardscript.cli import main
from cardscript.compiler import export
from cardscript.compiler.files import library_path
from cardscript.games.battle_scenes.runtime.library import load_library

SCHEMA_FILE = Path(__file__).resolve().parents[1] / "docs" / "schema" / "cards.schema.json"


@cache
def _library_export() -> dict[str, Any]:
    import contextlib
    import io

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        assert main(["export", "--compact"]) == 0
    data: dict[str, Any] = json.loads(buffer.getvalue())
    return data


def _validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_the_published_schema_is_the_one_the_ir_gives() -> None:
    """docs/schema/cards.schema.json is ``cardscript export --schema`` (regenerate it when the IR changes)."""
    assert json.loads(SCHEMA_FILE.read_text(encoding="utf-8")) == export.schema()


def test_the_export_of_the_bundled_library_validates_against_the_schema() -> None:
    data = _library_export()
    cards = list(library_path().rglob("*.card"))
    assert data["format"] == export.FORMAT and data["format_version"] == export.FORMAT_VERSION
    assert len(data["cards"]) == len(cards)
    errors = list(_validator().iter_errors(data))
    assert errors == [], errors[0].message if errors else ""


def test_the_schema_refuses_what_is_not_an_export() -> None:
    data = copy.deepcopy(_library_export())
    record = next(c for c in data["cards"] if c["definition"] is not None)
    record["definition"]["initial_energy"] = "three"
    assert list(_validator().iter_errors(data))
    data = copy.deepcopy(_library_export())
    data["cards"][0]["definition"] = {"type": "NoSuchEffect"}
    assert list(_validator().iter_errors(data))


def test_every_bundled_definition_reads_back_as_the_one_the_engine_runs() -> None:
    by_file = {str(Path(c["file"]).resolve()): c for c in _library_export()["cards"]}
    library = load_library()
    checked = 0
    for definition in {id(d): d for d in library.values()}.values():
        record = by_file[str(Path(library.path_of(definition)).resolve())]
        assert export.from_json(record["definition"]) == definition, definition.title
        checked += 1
    assert checked >= 150


def test_a_record_says_what_the_card_is_and_how_it_was_read() -> None:
    rasgar = next(c for c in _library_export()["cards"] if c["title"] == "Rasgar V1")
    assert rasgar["header"]["card_type"] == "Habilidade" and rasgar["header"]["power"] == "Lâminas"
    assert rasgar["action"]["name"] == "Rasgar" and rasgar["action"]["cost"] == 1
    (paragraph,) = rasgar["action"]["paragraphs"]
    assert paragraph["text"] == "Rasgar causa 1 ponto de dano penetrante no alvo."
    assert paragraph["reading"] == ["sentence 1: damage: Rasgar causa 1 ponto de dano penetrante no alvo"]
    (mode,) = rasgar["definition"]["action"]["modes"]
    (damage,) = mode["procedures"]
    assert damage["type"] == "Damage" and damage["piercing"] is True
    assert rasgar["executable"] and rasgar["diagnostics"] == [] and rasgar["not_executable"] == []


def test_a_broken_card_is_a_record_with_its_diagnostics_and_the_others_go_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "good.card").write_bytes((library_path() / "bsum" / "rasgar-v1.card").read_bytes())
    (tmp_path / "bad.card").write_text("Cenário: Teste V1\n\nTexto permanente:\n  Compre um xyzzy.\n", encoding="utf-8")
    out_file = tmp_path / "cards.json"
    assert main(["export", str(tmp_path), "--out", str(out_file)]) == 0
    data = json.loads(out_file.read_text(encoding="utf-8"))
    assert list(_validator().iter_errors(data)) == []
    bad, good = sorted(data["cards"], key=lambda c: c["file"])
    assert bad["definition"] is None and not bad["parsed"] and bad["diagnostics"][0]["code"] == "CS100"
    assert good["definition"] is not None and good["executable"]
    assert main(["export", str(tmp_path / "nowhere.card")]) == 2
    assert "no such file or folder" in capsys.readouterr().err
