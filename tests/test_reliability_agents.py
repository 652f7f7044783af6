"""Issue 10, part 5: an agent answering with the wrong type or shape is refused like an illegal answer.

A string, a float, null, a bare number, a mapping, a list holding anything but whole numbers, an
out-of-range index or too many picks: each is an IllegalChoice with its reason (the engine logs it as a
``refused`` event, with the answer, and asks again), never a TypeError; live and on replay.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from cardscript.compiler.ir import CardDef
from cardscript.engine.agents import Decision, IllegalChoice, RandomAgent, ScriptedAgent, ask, validate
from cardscript.games.battle_scenes.runtime.log_check import check_log, read_log
from cardscript.games.battle_scenes.runtime.match import bundled_deck_path, load_deck_file, new_match, play_match

DECISION = Decision(0, "target", "Choose a target", ("Hulk", "Thor", "Loki"), 1, 2)

WRONG: list[tuple[Any, str]] = [
    ("0", "an answer is a list of option numbers, got str '0'"),
    (b"\x00", "an answer is a list of option numbers, got bytes"),      # live: its repr, a str
    (1.5, "an answer is a list of option numbers, got float 1.5"),
    (None, "an answer is a list of option numbers, got NoneType None"),
    (1, "an answer is a list of option numbers, got int 1"),
    ({"0": 1}, "an answer is a list of option numbers, got dict"),
    ([0.0], "option numbers are whole numbers, got float 0.0"),
    ([True], "option numbers are whole numbers, got bool True"),
    ([None], "option numbers are whole numbers, got NoneType None"),
    (["1"], "option numbers are whole numbers, got str '1'"),
    ([[0]], "option numbers are whole numbers, got list [0]"),
    ([[0, 1]], "option numbers are whole numbers, got list [0, 1]"),
    ([3], "options are numbered 0 to 2"),
    ([-1], "options are numbered 0 to 2"),
    ([10**30], "options are numbered 0 to 2"),
    ([0, 1, 2], "pick between 1 and 2 option(s), got 3"),
    ([], "pick between 1 and 2 option(s), got 0"),
    ([1, 1], "an option may be picked once"),
]


@pytest.mark.parametrize(("answer", "reason"), WRONG, ids=[repr(a)[:20] for a, _ in WRONG])
def test_a_wrong_answer_is_an_illegal_choice_with_its_reason(answer: Any, reason: str) -> None:
    with pytest.raises(IllegalChoice) as caught:
        validate(DECISION, answer)
    assert reason in str(caught.value)


def test_legal_answers_of_any_sequence_type_are_taken() -> None:
    assert validate(DECISION, [2]) == (2,)
    assert validate(DECISION, (0, 2)) == (0, 2)
    assert validate(DECISION, range(1, 3)) == (1, 2)


def test_ask_refuses_wrong_types_then_takes_the_legal_answer() -> None:
    refused: list[str] = []
    agent = ScriptedAgent(["0", None, [1.0], [[1]], [1]])        # type: ignore[list-item]
    assert ask(agent, DECISION, on_refused=refused.append) == (1,)
    assert len(refused) == 4 and all("got" in r for r in refused)


def test_ask_gives_up_with_an_illegal_choice_not_a_type_error() -> None:
    with pytest.raises(IllegalChoice, match="no legal answer after 5 attempts"):
        ask(ScriptedAgent([None] * 5), DECISION)                  # type: ignore[list-item]


@functools.cache
def _decks() -> tuple[list[CardDef], list[CardDef]]:
    return load_deck_file(bundled_deck_path("vingadores")), load_deck_file(bundled_deck_path("irmandade"))


@dataclass
class Clumsy:
    """Before each answer of its random agent, first one wrong answer (of the kinds above, in turn)."""

    inner: RandomAgent
    calls: int = 0
    wrong: list[Any] = field(default_factory=lambda: [a for a, _ in WRONG])

    def decide(self, decision: Decision) -> Sequence[int]:
        self.calls += 1
        if self.calls % 2:                 # the next wrong answer that is wrong for this decision ("[3]" is legal
            n = self.calls // 2                # with four options)
            for k in range(len(self.wrong)):
                answer = self.wrong[(n + k) % len(self.wrong)]
                try:
                    validate(decision, answer)
                except IllegalChoice:
                    return answer              # type: ignore[no-any-return]
        return self.inner.decide(decision)


def test_a_match_with_an_agent_giving_wrong_types_goes_on_and_its_log_replays(tmp_path: Path) -> None:
    a, b = _decks()
    game = new_match(a, b, [Clumsy(RandomAgent(1)), RandomAgent(2)], seed=3, check=True,
                     deck_names=("vingadores", "irmandade"))
    play_match(game, max_turns=4)
    refused = [e for e in game.log.events if e.kind == "refused"]
    choices = [e for e in game.log.events if e.kind == "choice" and e.data["player"] == 0]
    assert len(refused) == len(choices) > 10                     # one wrong answer before each of P0's answers
    assert {type(e.data["answer"]).__name__ for e in refused} >= {"str", "float", "NoneType", "list", "int"}
    assert not [e for e in game.log.events if e.kind == "procedure_error" and "TypeError" in e.data["error"]]
    path = tmp_path / "clumsy.jsonl"
    game.log.save(path)
    verdict = check_log(read_log(path))                           # the refusals are replayed, the same way
    assert verdict.ok, verdict.message


def test_a_refused_answer_edited_in_the_log_is_refused_on_replay(tmp_path: Path) -> None:
    a, b = _decks()
    game = new_match(a, b, [Clumsy(RandomAgent(1)), RandomAgent(2)], seed=3, deck_names=("vingadores", "irmandade"))
    play_match(game, max_turns=2)
    index = next(i for i, e in enumerate(game.log.events) if e.kind == "refused" and e.data["answer"] == "0")
    game.log.events[index].data["answer"] = [0]                   # now a legal answer: not what was refused
    path = tmp_path / "edited.jsonl"
    game.log.save(path)                                           # resealed, as a forger would
    verdict = check_log(read_log(path))
    assert not verdict.ok and verdict.index == index


def test_an_agent_that_only_gives_wrong_types_abandons_the_match_with_an_illegal_choice() -> None:
    a, b = _decks()
    game = new_match(a, b, [ScriptedAgent(["0"] * 100), RandomAgent(2)], seed=3,  # type: ignore[list-item]
                     setup=False)
    from cardscript.games.battle_scenes.runtime.match import setup_match

    with pytest.raises(IllegalChoice, match="an answer is a list of option numbers"):
        setup_match(game)


def test_a_refused_answer_edited_to_another_refused_the_same_way_is_refused_on_replay(tmp_path: Path) -> None:
    # [-1] and [-2] are both out of range: the reason the replay recomputes names the answer it was given
    a, b = _decks()
    game = new_match(a, b, [Clumsy(RandomAgent(1)), RandomAgent(2)], seed=3, deck_names=("vingadores", "irmandade"))
    play_match(game, max_turns=4)
    index = next(i for i, e in enumerate(game.log.events) if e.kind == "refused" and e.data["answer"] == [-1])
    assert game.log.events[index].data["reason"].endswith("(answer [-1])")
    game.log.events[index].data["answer"] = [-2]
    path = tmp_path / "edited.jsonl"
    game.log.save(path)
    verdict = check_log(read_log(path))
    assert not verdict.ok and verdict.index == index
    assert "data.reason is" in verdict.message and "(answer [-2])" in verdict.message


def test_a_match_abandoned_after_five_refusals_replays_and_its_reason_is_checked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import io
    import sys

    from cardscript.cli import main
    from tests.log_edits import parse, write

    monkeypatch.setattr(sys, "stdin", io.StringIO("x\n" * 5))        # five answers that are not numbers
    path = tmp_path / "abandoned.jsonl"
    assert main(["play", "--interactive", "--log", str(path)]) == 1
    assert "match abandoned: no legal answer after 5 attempts" in capsys.readouterr().out
    assert check_log(read_log(path)).ok
    records, _ = parse(path.read_text(encoding="utf-8"))
    assert sum(r["kind"] == "refused" for r in records) == 5 and records[-1]["kind"] == "abandoned"
    records[-1]["data"]["reason"] = "the opponent left"
    path.write_text(write(records, None), encoding="utf-8")
    verdict = check_log(read_log(path))
    assert not verdict.ok and verdict.index == len(records) - 1 and "data.reason is" in verdict.message
