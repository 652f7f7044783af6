"""``cardscript simulate --random-decks``: random legal decks from a folder, the report (text and JSON), each
card whose procedure failed, and an engine crash counted for the card being resolved without stopping the run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardscript.cli import main
from cardscript.compiler.ir import Procedure
from cardscript.games.battle_scenes.runtime import handlers
from cardscript.games.battle_scenes.runtime.deck import check_cards
from cardscript.games.battle_scenes.runtime.match import CRASH, simulate_matches
from cardscript.games.battle_scenes.runtime.random_decks import card_pool, random_decks
from cardscript.games.battle_scenes.runtime.turn import Engine
from tests.card_library import write_library

ARGS = ["--random-decks", "--games", "6", "--seed", "3", "--quiet"]
CALMARIA_DRAW = "compre um card"          # the procedure of Calmaria V1's trigger, run in most of these matches


def simulate_json(folder: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, dict[str, Any]]:
    status = main(["simulate", "--library", str(folder), *ARGS, "--json", *extra])
    return status, json.loads(capsys.readouterr().out)


def test_simulate_random_decks_json_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_library(tmp_path)
    status, doc = simulate_json(folder, capsys)
    assert status == 0
    assert doc["games"] == 6 and doc["decks"] == "random, two new decks per match"
    assert doc["pool"] == {"library": str(folder), "card_files": 16, "compiled": 15, "executable": 15,
                           "shadowed": []}
    ended = sum(doc["ended"].values())
    assert sum(doc["wins"]) == ended and ended + doc["unfinished"] + doc["crashes"] + len(
        doc["invariant_violations"]) == 6
    assert doc["invariant_violations"] == [] and doc["card_failures"] == []
    assert [m["seed"] for m in doc["matches"]] == [3, 4, 5, 6, 7, 8]
    pool = card_pool([folder])
    by_title = {c.definition.title: c.definition for c in pool.cards}
    for match in doc["matches"]:
        decks = [[by_title[e["card"]] for e in deck for _ in range(e["count"])] for deck in match["decks"]]
        assert all(len(d) == 40 and check_cards(d) == [] for d in decks)
        expected = random_decks(pool.definitions, match["seed"])
        assert [[c.title for c in d] for d in decks] == [[c.title for c in d] for d in expected]
    assert len({json.dumps(m["decks"]) for m in doc["matches"]}) == 6, "two new decks per match"
    again_status, again = simulate_json(folder, capsys)
    assert again == doc, "deterministic for a seed"


def test_simulate_random_decks_text_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_library(tmp_path)
    assert main(["simulate", "--library", str(folder), *ARGS]) == 0
    out = capsys.readouterr().out
    assert out.startswith("decks: two new random legal decks per match (40 cards), from 15 executable card(s) "
                          f"of 16 card file(s) in {folder}\ngames: 6 (random agents)\n")
    for line in ("wins random deck A (player 0): ", "average turns: ", "engine crashes (the match stopped): 0",
                 "invariant violations: 0"):
        assert line in out


def test_too_few_executable_cards_for_a_legal_deck_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_library(tmp_path, characters=3, abilities=2)         # 3*3 + 2*3 + 1 + 3 = 19 copies
    assert main(["simulate", "--library", str(folder), *ARGS]) == 2
    err = capsys.readouterr().err
    assert "7 executable card(s) of 8 card file(s) allow at most 19 cards in a deck" in err
    assert "a legal deck has 40" in err and "Traceback" not in err
    assert main(["simulate", "--library", str(tmp_path / "none"), *ARGS]) == 2
    assert "no such folder" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main(["simulate", "--library", str(tmp_path / "empty"), *ARGS]) == 2
    assert "no card files" in capsys.readouterr().err


def test_a_failing_procedure_is_reported_for_its_card_with_its_file(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine logs a procedure error and goes on; the report names the card, its file, the procedure and
    the error, counted, and the seeds of the matches where it happened."""
    folder = write_library(tmp_path)
    real = handlers.run

    def failing(game: Any, ctx: Any, proc: Procedure) -> None:
        if proc.text == CALMARIA_DRAW:
            raise KeyError("no such zone")
        real(game, ctx, proc)

    monkeypatch.setattr(handlers, "run", failing)
    status, doc = simulate_json(folder, capsys)
    assert status == 0 and doc["crashes"] == 0
    (failure,) = doc["card_failures"]
    assert failure["card"] == "Calmaria V1"
    assert failure["file"] == str(folder / "tst" / "calmaria-v1.card")
    assert failure["procedure"] == CALMARIA_DRAW
    assert failure["error"] == "KeyError: 'no such zone'" and failure["crash"] is False
    assert failure["count"] == doc["procedure_errors"] >= 1
    assert failure["seeds"] and set(failure["seeds"]) <= set(range(3, 9))
    assert main(["simulate", "--library", str(folder), *ARGS]) == 0
    out = capsys.readouterr().out
    assert "cards whose procedures failed: 1 (1 distinct failures" in out
    assert f"Calmaria V1  {folder / 'tst' / 'calmaria-v1.card'}" in out
    assert f"procedure: {CALMARIA_DRAW}" in out and "error: KeyError: 'no such zone'" in out
    assert f"replay a match: cardscript play --library {folder} --random-decks --agents random --seed SEED" in out


def test_an_engine_crash_is_a_procedure_error_of_the_card_being_resolved_and_the_run_goes_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    folder = write_library(tmp_path)
    real = Engine.run_procedure

    def crashing(self: Engine, game: Any, pending: Any, proc: Procedure) -> None:
        if proc.text == CALMARIA_DRAW:
            raise RuntimeError("the engine broke")          # escapes the engine: the match stops
        real(self, game, pending, proc)

    monkeypatch.setattr(Engine, "run_procedure", crashing)
    status, doc = simulate_json(folder, capsys)
    assert status == 0 and doc["games"] == 6, "the run goes on"
    assert doc["crashes"] >= 1 and doc["procedure_errors"] >= doc["crashes"]
    (failure,) = doc["card_failures"]
    assert (failure["card"], failure["file"], failure["procedure"]) == (
        "Calmaria V1", str(folder / "tst" / "calmaria-v1.card"), CALMARIA_DRAW)
    assert failure["error"] == "RuntimeError: the engine broke" and failure["crash"] is True
    assert failure["count"] == doc["crashes"] == sum(1 for m in doc["matches"] if m["ended"] == CRASH)
    assert main(["simulate", "--library", str(folder), *ARGS]) == 0
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    assert f"engine crashes (the match stopped): {doc['crashes']}" in captured.out
    assert "[engine crash: the match stopped]" in captured.out and "--debug" in captured.out
    assert main(["simulate", "--library", str(folder), *ARGS, "--debug"]) == 0
    err = capsys.readouterr().err
    assert "engine crash in the match of seed" in err and "Traceback" in err and "the engine broke" in err


def test_a_crash_outside_any_resolution_is_reported_without_a_card(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    folder = write_library(tmp_path)
    pool = card_pool([folder])

    def broken_countdown(self: Engine, player: int) -> None:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(Engine, "countdown", broken_countdown)
    report = simulate_matches(lambda seed: random_decks(pool.definitions, seed), 3, seed=0)
    assert report.games == 3 and report.crashes == 3 and report.procedure_errors == 3
    ((failure, count),) = report.failures_by_count()
    assert failure.card == "" and failure.crash and count == 3
    assert failure.procedure == "(the turn structure: no card was being resolved)"
    assert failure.error == "ZeroDivisionError: division by zero"


def test_play_rebuilds_the_random_decks_of_a_simulated_match(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_library(tmp_path)
    _, doc = simulate_json(folder, capsys)
    match = doc["matches"][2]
    assert main(["play", "--library", str(folder), "--random-decks", "--agents", "random",
                 "--seed", str(match["seed"])]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "random deck A: " + ", ".join(f"{e['count']} {e['card']}" for e in match["decks"][0])
    assert lines[1].startswith("random deck B: ")


def test_random_decks_and_deck_files_do_not_mix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--random-decks", "--deck-a", "x.deck", "--games", "1", "--quiet"]) == 2
    assert "leave out --deck-a" in capsys.readouterr().err


def test_simulate_deck_files_against_a_library_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_library(tmp_path)
    deck = tmp_path / "meu.deck"
    deck.write_text("3 Alfa V1\n3 Bravo V1\n1 Martelo V1\n", encoding="utf-8")
    assert main(["simulate", "--library", str(folder), "--deck-a", str(deck), "--deck-b", str(deck),
                 "--games", "2", "--quiet", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["decks"] == ["meu", "meu"] and doc["games"] == 2 and "matches" in doc


def test_a_match_that_cannot_be_built_is_a_crash_and_the_run_goes_on(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    folder = write_library(tmp_path)
    pool = card_pool([folder])
    real = Engine.__init__

    def broken_init(self: Engine, game: Any) -> None:
        if game.seed == 1:
            raise ValueError("bad card")
        real(self, game)

    monkeypatch.setattr(Engine, "__init__", broken_init)
    report = simulate_matches(lambda seed: random_decks(pool.definitions, seed), 3, seed=0)
    assert report.games == 3 and report.crashes == 1 and [m.ended for m in report.matches].count(CRASH) == 1
    ((failure, count),) = report.failures_by_count()
    assert failure.procedure.startswith("(building the match") and failure.error == "ValueError: bad card"
