"""Matches from two decks (rules 6.1, 4.9): determinism, replays, the CLI, and random simulation."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from cardscript.cli import main
from cardscript.compiler.ir import CardDef
from cardscript.engine.agents import ScriptedAgent
from cardscript.engine.events import EventLog, state_hash
from cardscript.games.battle_scenes.runtime.match import (
    bundled_deck_path,
    load_deck_file,
    new_match,
    play_match,
    simulate,
)
from cardscript.games.battle_scenes.runtime.trace import namer_from_log, render


@functools.cache
def decks() -> tuple[list[CardDef], list[CardDef]]:
    return load_deck_file(bundled_deck_path("vingadores")), load_deck_file(bundled_deck_path("irmandade"))


def test_4_9_same_seed_same_event_log() -> None:
    a, b = decks()
    logs = []
    for _ in range(2):
        game = new_match(a, b, seed=7, check=True)
        play_match(game)
        logs.append([e.to_json() for e in game.log.events])
    assert logs[0] == logs[1]


def test_4_9_a_saved_logs_choices_replayed_reach_the_same_state(tmp_path: Path) -> None:
    a, b = decks()
    game = new_match(a, b, seed=11, check=True)
    result = play_match(game)
    path = tmp_path / "match.jsonl"
    game.log.save(path)
    log = EventLog.load(path)
    choices = [e for e in log.events if e.kind == "choice"]
    agents = [ScriptedAgent([e.data["answer"] for e in choices if e.data["player"] == p]) for p in (0, 1)]
    seed = next(e.data["seed"] for e in log.events if e.kind == "match")
    replay = new_match(a, b, agents, seed=seed, check=True)
    again = play_match(replay)
    assert again.state_hash == result.state_hash == state_hash(replay.state)
    assert "Turn 1" in render(log.events, namer_from_log(log.events))


def test_4_9_a_match_that_reaches_max_turns_is_reported_as_such() -> None:
    a, b = decks()
    game = new_match(a, b, seed=3)
    result = play_match(game, max_turns=2)
    assert not result.ended and result.winner is None and "max_turns" in result.reason


def test_6_simulate_50_games_no_invariant_violation_and_every_game_ends() -> None:
    a, b = decks()
    report = simulate(a, b, 50, seed=1)
    assert report.violations == []
    assert report.unfinished == 0 and sum(report.wins) == 50
    assert set(report.by_reason) <= {"victory by points", "defeat by deck"}


def test_cli_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--seed", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "invariant violations: 0" in out and "average turns" in out


def test_cli_play_prints_the_tree_and_the_winner(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "log.jsonl"
    assert main(["play", "--seed", "2", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "=== Turn 1" in out and "=== Summary ===" in out and "final state hash" in out
    assert "point(s) | hand" in out                       # the per-turn header
    assert "[tree level" in out and " uses " in out and " causes " in out
    assert EventLog.load(log).events[0].kind == "match"


def test_cli_play_replay_prints_the_same_trace_and_checks_the_state(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "log.jsonl"
    assert main(["play", "--seed", "4", "--log", str(log)]) == 0
    played = capsys.readouterr().out
    assert main(["play", "--replay", str(log)]) == 0
    replayed = capsys.readouterr().out
    trace = played.split("\nevent log saved to")[0]
    assert replayed.startswith(trace)
    assert "matches the log" in replayed


def test_cli_play_replay_detects_a_tampered_result(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "log.jsonl"
    assert main(["play", "--seed", "5", "--agents", "random", "--log", str(log)]) == 0
    text = log.read_text(encoding="utf-8")
    start = text.index('"state_hash": "') + len('"state_hash": "')
    log.write_text(text[:start] + "0000" + text[start + 4:], encoding="utf-8")
    capsys.readouterr()
    assert main(["play", "--replay", str(log)]) == 2          # refused: the first event that differs
    assert "refused: event" in capsys.readouterr().err


def test_cli_simulate_with_heuristic_agents(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--seed", "1", "--agents", "heuristic", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "(heuristic agents)" in out and "invariant violations: 0" in out and "unfinished (max turns 200): 0" in out


def test_4_8_3_the_play_trace_shows_a_modified_damage_calculation_in_the_rulebooks_lettering(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    block = out[out.index("damage calculation (4.8.3):"):].splitlines()[1:3]
    assert block[0].strip().startswith("A ") and block[1].strip()[0] in "BCDEF"
