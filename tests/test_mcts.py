"""The search agent (runtime.mcts) on the steppable engine: legal, deterministic for a playout budget, never
planning on the real match, registered as the agent kind ``mcts`` (no timed assertions: bench/mcts_bench.py)."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from cardscript.cli import main
from cardscript.compiler.ir import CardDef
from cardscript.engine.agents import Decision, HeuristicAgent, validate
from cardscript.games.battle_scenes.runtime.match import bundled_deck_path, load_deck_file, make_agents
from cardscript.games.battle_scenes.runtime.mcts import MCTSAgent, agent_kind, evaluate, make_mcts_agents
from cardscript.games.battle_scenes.runtime.stepping import SteppedMatch


@functools.cache
def decks() -> tuple[list[CardDef], list[CardDef]]:
    return load_deck_file(bundled_deck_path("vingadores")), load_deck_file(bundled_deck_path("irmandade"))


def at_a_searched_decision(seed: int = 3, turn: int = 4) -> tuple[SteppedMatch, Decision]:
    """A match played by heuristic agents to a play decision of turn ``turn`` or later with several answers."""
    a, b = decks()
    m = SteppedMatch.start(a, b, seed=seed)
    agents = [HeuristicAgent(1), HeuristicAgent(2)]
    probe = MCTSAgent(0, playouts=1)
    d = m.advance()
    while d is not None and not (m.game.state.turn >= turn and d.kind == "play" and probe.searched(d)):
        d = m.answer(agents[d.player].decide(d))
    assert d is not None
    return m, d


class Spy:
    """A stepped match that records what the search asks of it (it may only advance and determinise)."""

    def __init__(self, match: SteppedMatch) -> None:
        self.match = match
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Any:
        self.calls.append(name)
        return getattr(self.match, name)


def test_the_search_answers_legally_deterministically_and_only_on_determinisations() -> None:
    m, d = at_a_searched_decision()
    before = m.state_hash()
    spy = Spy(m)
    agent = MCTSAgent(7, playouts=6)
    answer = agent.decide_in(spy, d)
    validate(d, answer)
    assert agent.searches == 1 and agent.iterations == 6
    assert "clone" not in spy.calls and "answer" not in spy.calls and "finish" not in spy.calls
    assert spy.calls.count("determinize") >= 6
    assert m.state_hash() == before and m.advance() == d          # the real match did not move
    again = MCTSAgent(7, playouts=6).decide_in(m, d)
    assert list(again) == list(answer)


def test_minor_and_single_answer_decisions_go_to_the_heuristic() -> None:
    agent = MCTSAgent(3, playouts=50)
    unload = Decision(0, "unload", "unload 2", ("a", "b", "c"), 2, 2,
                      facts=tuple({"kind": "card", "card_type": "Habilidade"} for _ in range(3)))
    only = Decision(0, "play", "?", ("end the phase",), facts=({"kind": "end"},))
    assert not agent.searched(unload) and not agent.searched(only)
    assert list(agent.decide_in(None, unload)) == list(HeuristicAgent(3).decide(unload))
    assert list(agent.decide_in(None, only)) == [0] and agent.searches == 0
    assert list(MCTSAgent(3).decide(unload)) == list(HeuristicAgent(3).decide(unload))   # no match: the heuristic


def test_the_evaluation_is_zero_sum_and_knows_the_winner() -> None:
    m, _d = at_a_searched_decision()
    g = m.game
    assert evaluate(g, 0) + evaluate(g, 1) == pytest.approx(1.0)
    assert 0.0 < evaluate(g, 0) < 1.0
    g.state.players[0].prizes.extend(c for c in list(g.state.players[0].hand)[:1])   # player 1 scores
    assert evaluate(g, 1) > 1 - evaluate(g, 1)
    world = m.determinize(0, random.Random(0))
    world.game.state.winner = 1
    assert evaluate(world.game, 1) == 1.0 and evaluate(world.game, 0) == 0.0


def test_agent_kinds_carry_the_budget() -> None:
    assert agent_kind() == "mcts" and agent_kind(32) == "mcts:playouts=32"
    assert agent_kind(None, 500) == "mcts:ms=500" and agent_kind(8, 250.5) == "mcts:playouts=8,ms=250.5"
    a, b = make_agents("mcts:playouts=8,ms=250", 4)
    assert isinstance(a, MCTSAgent) and isinstance(b, MCTSAgent)
    assert (a.seed, b.seed, a.budget.playouts, a.budget.ms) == (9, 10, 8, 250.0)
    assert make_mcts_agents("mcts", 0)[0].budget.ms == 1000.0                 # type: ignore[attr-defined]
    for bad in ("mcts:playouts=x", "mcts:depth=3", "mcts:playouts=0", "mcts:ms=-4", "nope"):
        with pytest.raises(ValueError):
            make_mcts_agents(bad, 0)


def test_play_runs_the_search_agent_and_refuses_a_budget_without_it(capsys: pytest.CaptureFixture[str]) -> None:
    from cardscript.games.battle_scenes.runtime.stepping import play_stepped

    assert main(["play", "--agents", "mcts", "--mcts-playouts", "2", "--max-turns", "3", "--seed", "1"]) == 0
    shown = capsys.readouterr().out.split("final state hash ")[1].split()[0]
    a, b = decks()
    searched = SteppedMatch.start(a, b, seed=1, max_turns=3)
    agents = make_agents("mcts:playouts=2", 1)
    result = play_stepped(searched, agents)
    assert result.state_hash.startswith(shown)
    assert sum(agent.searches for agent in agents) > 0                            # type: ignore[attr-defined]
    plain = SteppedMatch.start(a, b, seed=1, max_turns=3)
    assert play_stepped(plain, make_agents("heuristic", 1)).state_hash != result.state_hash   # it did search
    assert main(["play", "--mcts-ms", "100"]) == 2
    assert "add --agents mcts" in capsys.readouterr().err
    assert main(["simulate", "--games", "1", "--mcts-playouts", "3", "--quiet"]) == 2
    assert main(["play", "--agents", "mcts", "--mcts-playouts", "0"]) == 2


def test_simulate_plays_the_search_agent_on_the_steppable_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardscript.games.battle_scenes.runtime.match import simulate

    asked: list[str] = []
    original = MCTSAgent.decide_in

    def counting(self: MCTSAgent, match: Any, decision: Decision) -> Any:
        asked.append(decision.kind)
        return original(self, match, decision)

    monkeypatch.setattr(MCTSAgent, "decide_in", counting)
    a, b = decks()
    report = simulate(a, b, games=1, seed=2, max_turns=2, agents="mcts:playouts=2")
    assert report.games == 1 and report.crashes == 0 and not report.violations and report.unfinished == 1
    assert report.matches[0].turns == 2 and "play" in asked


def test_a_cpu_clock_budget_reads_the_process_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """``cpu_clock``: the milliseconds are read on the process's CPU clock (a benchmark on a shared machine: what
    the search does on an idle one); otherwise on the wall clock."""
    import time

    m, d = at_a_searched_decision()
    read: list[str] = []
    wall, cpu = time.perf_counter, time.process_time
    monkeypatch.setattr(time, "perf_counter", lambda: read.append("wall") or wall())
    monkeypatch.setattr(time, "process_time", lambda: read.append("cpu") or cpu())
    for cpu_clock in (True, False):
        read.clear()
        MCTSAgent(7, ms=30, cpu_clock=cpu_clock).decide_in(m, d)
        budget_reads = read.count("cpu" if cpu_clock else "wall")
        assert budget_reads >= 2                    # the start and at least one check against the deadline
        if cpu_clock:
            assert read.count("wall") == 2          # only the agent's own timing of the decision
        else:
            assert read.count("cpu") == 0
