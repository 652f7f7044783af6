"""Issue 10, parts 5 and 6: match logs that cannot be forged, and the fuzz of logs.

``cardscript play --replay FILE`` replays the log's match and compares every event with the replay's, and
checks the seal (a hash chain) of the file: an edited winner, damage, knock-out, card id, answer, deck name,
seed... is refused with the first event that differs (its index, its line, what differs) and exit 2; a
truncated, non-JSON or wrong-shaped log is a clear message and exit 2. Then seeded random edits of a real
log, bounded in time: every one refused (``bench/fuzz_logs.py`` is the long run).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardscript.cli import main
from cardscript.games.battle_scenes.runtime.log_check import LogError, check_log, first_difference, read_log
from tests.log_edits import parse, random_edit, write

Records = list[dict[str, Any]]


@pytest.fixture(scope="module")
def full_log(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A whole match (heuristic agents, seed 3): a winner, damage, knock-outs."""
    path = tmp_path_factory.mktemp("logs") / "full.jsonl"
    assert main(["play", "--seed", "3", "--log", str(path)]) == 0
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def short_log(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Four turns of random agents: a quick replay, for the fuzz."""
    path = tmp_path_factory.mktemp("logs") / "short.jsonl"
    assert main(["play", "--seed", "1", "--agents", "random", "--max-turns", "4", "--log", str(path)]) == 0
    return path.read_text(encoding="utf-8")


def replay(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(["play", "--replay", str(path)])
    got = capsys.readouterr()
    return status, got.out, got.err


def test_an_unedited_log_replays_event_by_event(full_log: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "log.jsonl"
    path.write_text(full_log, encoding="utf-8")
    status, out, err = replay(path, capsys)
    assert status == 0, err
    assert "every event identical to the log's, seal intact, final state hash" in out
    assert "matches the log" in out and err == ""


def test_reformatting_a_log_file_is_not_an_edit(full_log: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    records, seal = parse(full_log)
    text = "".join(json.dumps(r, indent=None, separators=(" ,", " : ")) + "\r\n" for r in [*records, seal])
    path = tmp_path / "spaced.jsonl"
    path.write_text(text, encoding="utf-8")
    assert replay(path, capsys)[0] == 0


def _first(kind: str) -> Callable[[Records], int]:
    def find(records: Records) -> int:
        return next(i for i, r in enumerate(records) if r["kind"] == kind)
    return find


def _bump(value: Any) -> Any:
    return value + 1 if isinstance(value, int) and not isinstance(value, bool) else 1 - int(value or 0)


# (what, which event, the key edited, how, resealed?, what the refusal says)
EDITS: list[tuple[str, Callable[[Records], int], str, Callable[[Any], Any], bool, str]] = [
    ("winner of the result", _first("result"), "winner", lambda v: 1 - v, True,
     "(line {line}, result): data.winner is {new} in the log, the replay gives {old}"),
    ("winner of game_over", _first("game_over"), "winner", lambda v: 1 - v, True,
     "(line {line}, game_over): data.winner is {new} in the log, the replay gives {old}"),
    ("points of the result", _first("result"), "players", lambda v: [{**v[0], "points": 99}, v[1]], True,
     "data.players[0].points is 99 in the log, the replay gives {points}"),
    ("a damage amount", _first("damage"), "amount", _bump, True,
     "(line {line}, damage): data.amount is {new} in the log, the replay gives {old}"),
    ("a knock-out's card", _first("knocked_out"), "card", _bump, True,
     "(line {line}, knocked_out): data.card is {new} in the log, the replay gives {old}"),
    ("a moved card id", _first("move"), "card", _bump, True,
     "(line {line}, move): data.card is {new} in the log, the replay gives {old}"),
    ("the state hash", _first("result"), "state_hash", lambda v: "0000" + v[4:], True,
     "(line {line}, result): data.state_hash is"),
    ("a choice's answer: another option", _first("choice"), "answer", lambda v: [1 - v[0]], True,
     "(line {line}, choice): data.picked[0] is"),
    ("a choice's answer: a string", _first("choice"), "answer", lambda v: "0", True,
     "the log's answer \"0\" to the first_player decision is refused by the engine: an answer is a list"),
    ("a choice's answer: a float", _first("choice"), "answer", lambda v: [0.0], True,
     "refused by the engine: option numbers are whole numbers, got float 0.0"),
    ("a choice's answer: null", _first("choice"), "answer", lambda v: None, True,
     "the log's answer null to the first_player decision is refused by the engine"),
    ("a choice's answer: out of range", _first("choice"), "answer", lambda v: [7], True,
     "refused by the engine: options are numbered 0 to 1"),
    ("a choice's answer: a list in a list", _first("choice"), "answer", lambda v: [v], True,
     "refused by the engine: option numbers are whole numbers, got list [0]"),
    ("a choice's player", _first("choice"), "player", lambda v: 1 - v, True,
     "(line {line}, choice): the log has player {new}'s \"first_player\" decision, the replay asks player {old}"),
    ("the seed", _first("match"), "seed", _bump, False, "(line 1, match): data.seed is not what the log was sealed"),
    ("the seed, resealed", _first("match"), "seed", _bump, True,
     "event 6 (line 7, move): data.card is 20 in the log, the replay gives 29"),
    ("a deck's name", _first("match"), "decks", lambda v: ["x", v[1]], False,
     "event 0 (line 1, match): data.decks is not what the log was sealed with"),
    ("a card of a deck", _first("match"), "cards", lambda v: [["Hulk V1", *v[0][1:]], v[1]], False,
     "event 0 (line 1, match): data.cards is not what the log was sealed with"),
    ("a card of a deck, resealed", _first("match"), "cards", lambda v: [["Hulk V1", *v[0][1:]], v[1]], True,
     "event 0 (line 1, match): data.energy[0][0] is 5 in the log, the replay gives 8"),
    ("a card not in the library", _first("match"), "cards", lambda v: [["Ninguém V9", *v[0][1:]], v[1]], True,
     "event 0 (line 1, match): card 'Ninguém V9' is not in the bundled library"),
]


@pytest.mark.parametrize(("what", "where", "key", "change", "reseal", "message"), EDITS, ids=[e[0] for e in EDITS])
def test_an_edited_event_is_refused_with_the_first_event_that_differs(
        full_log: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], what: str,
        where: Callable[[Records], int], key: str, change: Callable[[Any], Any], reseal: bool, message: str) -> None:
    records, seal = parse(full_log)
    index = where(records)
    old = records[index]["data"][key]
    records[index]["data"][key] = new = change(old)
    path = tmp_path / "edited.jsonl"
    path.write_text(write(records, None if reseal else seal), encoding="utf-8")
    status, out, err = replay(path, capsys)
    assert status == 2
    points = old[0]["points"] if key == "players" else None
    expected = message.format(line=index + 1, old=json.dumps(old), new=json.dumps(new), points=points)
    assert "refused: " in err and expected in err, err
    assert out == "" and "Traceback" not in err
    if "{line}" in message:
        assert f"refused: event {index} (line {index + 1}," in err


def test_an_edited_seal_is_refused(full_log: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records, seal = parse(full_log)
    seal["data"]["chain"] = "0" * 64
    path = tmp_path / "seal.jsonl"
    path.write_text(write(records, seal), encoding="utf-8")
    status, _, err = replay(path, capsys)
    assert status == 2
    assert f"line {len(records) + 1} (seal): its hash chain is not the log's" in err


def _cases(full: str) -> dict[str, tuple[bytes | None, str]]:
    lines = full.splitlines(True)
    records, _ = parse(full)
    return {
        "truncated": ("".join(lines[:300]).encode(), ":300: the log ends without its seal line: it was truncated"),
        "truncated, seal kept": ("".join(lines[:300] + lines[-1:]).encode(),
                                 f"the seal counts {len(records)} events, the log has 300: lines were removed"),
        "truncated, resealed": (write(records[:300], None).encode(),
                                "event 299 (line 300, "),
        "cut in a line": (full[: len(full) // 2].encode(), "not JSON"),
        "a line added": ("".join(lines[:-1] + lines[5:6] + lines[-1:]).encode(), "lines were added"),
        "not JSON": ("".join(lines[:5] + ["{bad\n"] + lines[6:]).encode(), ":6: not JSON"),
        "NaN": ("".join(lines[:5] + ['{"kind": "move", "data": {"card": NaN}, "depth": 0}\n'] + lines[6:]).encode(),
                ":6: not JSON (NaN is not a JSON number)"),
        "a list for an event": ("".join(lines[:5] + ["[1, 2]\n"] + lines[6:]).encode(),
                                ":6: an event is a JSON object, not list"),
        "missing keys": ("".join(lines[:5] + ['{"kind": "move"}\n'] + lines[6:]).encode(),
                         ":6: an event has exactly the keys kind, data, depth (it has kind)"),
        "data not an object": ("".join(lines[:5] + ['{"kind": "move", "data": [], "depth": 0}\n'] + lines[6:]).encode(),
                               ":6: an event's kind is a string, its data an object, its depth a whole number"),
        "seed a string": (full.replace('"seed": 3}', '"seed": "3"}', 1).encode(),
                          ":1: the match event's seed is a whole number"),
        "empty": (b"", "is empty: not a match log"),
        "binary": (b"\x00\xff\xfe" * 50, "is not a match log: byte 1 is not UTF-8 text"),
        "a directory": (None, "is a directory, not a match log"),
    }


CASES = ["truncated", "truncated, seal kept", "truncated, resealed", "cut in a line", "a line added", "not JSON",
         "NaN", "a list for an event", "missing keys", "data not an object", "seed a string", "empty", "binary",
         "a directory"]


@pytest.mark.parametrize("case", CASES)
def test_a_log_that_does_not_read_is_a_clear_message_and_exit_2(
        full_log: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str) -> None:
    data, message = _cases(full_log)[case]
    path = tmp_path / "case.jsonl"
    if data is None:
        path.mkdir()
    else:
        path.write_bytes(data)
    status, out, err = replay(path, capsys)
    assert status == 2
    assert message in err, err
    assert err.startswith("cardscript: ") and "Traceback" not in err and out == ""


def test_a_missing_log_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = replay(tmp_path / "nowhere.jsonl", capsys)
    assert status == 2 and "no such file" in err


def test_an_abandoned_match_replays_to_its_abandonment(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO("0\n"))       # one answer, then the end of the input
    path = tmp_path / "abandoned.jsonl"
    assert main(["play", "--interactive", "--log", str(path)]) == 1
    status, out, err = replay(path, capsys)
    assert status == 0, err
    assert "the match was abandoned there (EOF when reading a line)" in out
    records, _ = parse(path.read_text(encoding="utf-8"))
    path.write_text(write(records[:-1], None), encoding="utf-8")   # without its abandonment: truncated
    status, _, err = replay(path, capsys)
    assert status == 2 and "ends without the match's result nor a record of its abandonment" in err


def test_first_difference_names_the_path_and_both_values() -> None:
    assert first_difference({"data": {"a": [1, 2]}}, {"data": {"a": [1, 3]}}) == \
        "data.a[1] is 2 in the log, the replay gives 3"
    assert first_difference({"a": 2}, {"a": 2.0}) == "a is 2 in the log, the replay gives 2.0"
    assert first_difference({"a": True}, {"a": 1}) == "a is true in the log, the replay gives 1"
    assert first_difference({"a": 1}, {}) == "a is in the log (1), not in the replay"
    assert first_difference({"a": [1]}, {"a": [1]}) is None


# -- fuzz: seeded random edits of a real log, bounded in time -----------------------------------------------------

FUZZ_SECONDS = 8.0
FUZZ_EDITS = 150


def test_fuzz_every_random_edit_of_a_real_log_is_refused(short_log: str, tmp_path: Path) -> None:
    rng = random.Random(20261201)
    path = tmp_path / "fuzzed.jsonl"
    check_log(read_log(_written(path, short_log.encode())))          # warm: the library is loaded once
    tried, resealed, start = 0, 0, time.monotonic()
    while tried < FUZZ_EDITS and time.monotonic() - start < FUZZ_SECONDS:
        edit = random_edit(short_log, rng)
        try:
            verdict = check_log(read_log(_written(path, edit.data)))
        except LogError as exc:
            assert str(exc), edit.what
        else:
            assert not verdict.ok, f"accepted: {edit.what}"
            assert verdict.message and verdict.index >= 0, edit.what
        tried += 1
        resealed += edit.resealed
    assert tried >= 20 and resealed >= 10


def test_fuzz_edits_through_the_cli_exit_2_without_a_traceback(short_log: str, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(7)
    path = tmp_path / "fuzzed.jsonl"
    for _ in range(12):
        edit = random_edit(short_log, rng)
        status, out, err = replay(_written(path, edit.data), capsys)
        assert status == 2, edit.what
        assert err.startswith("cardscript: ") and "Traceback" not in err and out == "", edit.what


def _written(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path
