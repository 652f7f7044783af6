"""SARIF output (issue 13, part 3): ``cardscript check --format sarif`` names the tool and its version, gives every
rule a help address (its row of docs/diagnostics.md) and validates against the SARIF 2.1.0 schema -- the OASIS
schema as published in npm's ``@microsoft/jest-sarif``, installed into the user cache on first use."""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest

import cardscript
from cardscript.cli import main
from cardscript.core.diagnostics import CODES
from tests.external_tools import npm_modules, unavailable
from tests.test_diagnostics_all_at_once import EXPECTED, TEN_MISTAKES

ROOT = Path(__file__).resolve().parents[1]
SCHEMA_PACKAGE = "@microsoft/jest-sarif@1.0.0-beta.0"
SCHEMA_FILE = Path("@microsoft", "jest-sarif", "lib", "schemas", "sarif-2.1.0-rtm.5.json")


def _schema() -> dict[str, Any]:
    modules = npm_modules("test-sarif", (SCHEMA_PACKAGE,), "CARDSCRIPT_SARIF_MODULES")
    if modules is None or not (modules / SCHEMA_FILE).is_file():
        unavailable("npm (and its registry) is needed to fetch the SARIF 2.1.0 schema")
    schema: dict[str, Any] = json.loads((modules / SCHEMA_FILE).read_text(encoding="utf-8"))
    return schema


def _sarif(capsys: pytest.CaptureFixture[str], *paths: Path) -> dict[str, Any]:
    assert main(["check", "--format", "sarif", *map(str, paths)]) == 1
    doc: dict[str, Any] = json.loads(capsys.readouterr().out)
    return doc


@pytest.fixture
def ten_mistakes(tmp_path: Path) -> Path:
    folder = tmp_path / "cartas novas"                  # a space in the path: the URI is percent-encoded
    folder.mkdir()
    card = folder / "dez-erros-v1.card"
    card.write_text(TEN_MISTAKES, encoding="utf-8")
    return card


def test_the_output_validates_against_the_sarif_2_1_0_schema(ten_mistakes: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    import jsonschema

    schema = _schema()
    doc = _sarif(capsys, ten_mistakes)
    jsonschema.Draft4Validator.check_schema(schema)
    errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(doc), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]
    broken = dict(doc, runs=[{"tool": {"driver": {"name": "cardscript", "rules": [{"id": 1}]}}}])
    assert list(jsonschema.Draft4Validator(schema).iter_errors(broken))     # the schema does reject bad SARIF


def test_the_tool_carries_its_version_and_every_rule_a_help_address(ten_mistakes: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    (run,) = _sarif(capsys, ten_mistakes)["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "cardscript"
    assert driver["version"] == driver["semanticVersion"] == cardscript.__version__ == metadata.version("cardscript")
    assert urlparse(driver["informationUri"]).scheme == "https"
    rows = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    assert {rule["id"] for rule in driver["rules"]} == {"CS011", "CS012", "CS100", "CS103", "CS210", "CS220"}
    for rule in driver["rules"]:
        address = urlparse(rule["helpUri"])
        assert address.scheme == "https" and address.path.endswith("/docs/diagnostics.md")
        assert address.fragment == rule["id"].lower() and f'<a id="{address.fragment}"></a>{rule["id"]}' in rows
        assert rule["fullDescription"]["text"] == rule["help"]["text"] == CODES[rule["id"]].explanation
        assert rule["defaultConfiguration"]["level"] == CODES[rule["id"]].severity.value
        assert rule["name"].isalnum()


def test_results_point_at_the_places_check_reports(ten_mistakes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (run,) = _sarif(capsys, ten_mistakes)["runs"]
    rules = run["tool"]["driver"]["rules"]
    places = []
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        (location,) = result["locations"]
        uri = location["physicalLocation"]["artifactLocation"]["uri"]
        assert uri.startswith("file:///") and " " not in uri and Path(unquote(urlparse(uri).path)) == ten_mistakes
        region = location["physicalLocation"]["region"]
        places.append((region["startLine"], region["startColumn"], result["ruleId"]))
    assert set(EXPECTED) <= set(places) and places == sorted(places, key=lambda p: p[:2])


def test_columns_count_code_points_and_relative_paths_stay_relative(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("ação.card").write_text("Cenário: Teste V1\n\nTexto permanente:\n  Ó é 😀 xyzzy.\n", encoding="utf-8")
    (run,) = _sarif(capsys, Path("ação.card"))["runs"]
    assert run["columnKind"] == "unicodeCodePoints"
    (result,) = run["results"]
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "a%C3%A7%C3%A3o.card"
    assert result["ruleId"] == "CS100"      # the emoji: one code point (two UTF-16 units), after "Ó é "
    assert (location["region"]["startLine"], location["region"]["startColumn"]) == (4, 7)
    assert (location["region"]["endLine"], location["region"]["endColumn"]) == (4, 8)


def test_explain_a_code_gives_the_same_help_address(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "CS220"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("see https://") and last.endswith("/docs/diagnostics.md#cs220")
