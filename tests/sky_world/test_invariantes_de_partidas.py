"""Every card in exactly one zone at every moment, over seeded random matches (the invariants are checked after
every event: ``SkyGame.check``); the log is deterministic for a seed."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sky_decks import deck

from cardscript.games.sky_world.match import new_match, play_match, simulate
from cardscript.games.sky_world.state import check_invariants
from cardscript.games.sky_world.trace import render


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10 ** 6))
def test_random_matches_keep_every_invariant_and_end(seed: int) -> None:
    match = new_match(deck("A"), deck("B", 7), seed)
    result = play_match(match, max_turns=300)
    assert not check_invariants(match.game.state)
    assert result.ended and result.winner is not None
    assert max(result.faith) == 20
    assert not [e for e in match.game.log.events if e.kind == "unsupported"]


def test_the_same_seed_gives_the_same_log() -> None:
    a = new_match(deck("A"), deck("B", 7), 42)
    b = new_match(deck("A"), deck("B", 7), 42)
    ra, rb = play_match(a), play_match(b)
    assert ra == rb
    assert [e.to_json() for e in a.game.log.events] == [e.to_json() for e in b.game.log.events]
    c = new_match(deck("A"), deck("B", 7), 43)
    assert play_match(c).state_hash != ra.state_hash


def test_simulate_reports_no_violations() -> None:
    report = simulate(deck("A"), deck("B", 7), games=20, seed=100)
    assert report.violations == 0 and report.unfinished == 0 and sum(report.wins) == 20


def test_the_trace_reads_a_match() -> None:
    match = new_match(deck("A"), deck("B", 7), 5)
    result = play_match(match)
    text = render(match.game.log.events)
    assert text.startswith("Match (seed 5)")
    assert "=== Turn 1:" in text and f"*** P{result.winner} wins: 20 de Fé ***" in text
    assert "Canalizar:" in text


def test_the_logged_choices_replay_the_match_with_scripted_agents() -> None:
    from cardscript.engine.agents import ScriptedAgent
    first = new_match(deck("A"), deck("B", 7), 11)
    played = play_match(first)
    answers: list[list[list[int]]] = [[], []]
    for e in first.game.log.events:
        if e.kind == "choice":
            answers[e.data["player"]].append(e.data["answer"])
    replay = new_match(deck("A"), deck("B", 7), 11, agents=[ScriptedAgent(answers[0]), ScriptedAgent(answers[1])])
    assert play_match(replay) == played
