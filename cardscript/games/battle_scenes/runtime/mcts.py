"""The search agent (issue 12 part 7): information-set MCTS (runtime.ismcts) on the steppable engine.

:class:`MCTSAgent` answers a decision by searching determinised copies of the match it is asked in
(``decide_in(match, decision)``, runtime.stepping): it never reads the real hidden cards -- every iteration plays
on ``match.determinize(me, rng)``, where the opponent's hand and both decks' unseen cards are dealt again.

Which decisions are searched (:data:`SEARCHED`): the ones that shape the match and offer few answers -- the plays
of the Preparation Phase and the combat steps (``play``: place, capacitate, use an action, end), one-pick
targets, optional steps, modes, X values, the hand exchange and who starts (6.1). Every other decision goes to
the heuristic agent (runtime.agents.HeuristicAgent): the multi-pick ones (cards to the resources at 6.1, discards
and unloads of several cards, loading) have combinatorial answer spaces a budget of a second cannot explore, and
their heuristic answers (keep characters, drop the least useful) are what a search would rediscover slowly; a
decision with one legal answer is never searched.

A playout (:func:`evaluate`): both players are heuristic agents (a sensible beginner is a far better model of
play than random answers, and the opponent it is measured against is one), played to the end of the turn of the
search (``depth`` 1; 2: and the opponent's reply) and then scored by a static evaluation of the position for the
searcher: the prize points (4.9.1), the characters in the scene with their energy and stage (what scores and
protects points), the hand and the resources (what places the next ones), squashed into (0, 1); a match that
ends in the playout scores 1 or 0. The search (:func:`runtime.ismcts.search`) runs in paired rounds (every root
answer played in the same deal with the same draws: the spread between deals dwarfs the difference between two
plays), searches the root only (``tree_depth`` 1: with a handful of rounds a deeper tree is noise), plays the
opponent's decisions by the policy (``opponent_in_tree=False``), and the heuristic's own answer is kept unless
another is better by more than ``margin``.

Budget: ``playouts`` (deterministic for a seed) and/or ``ms`` per decision; the default is 1000 ms. As an agent
kind (runtime.match.make_agents, ``--agents mcts`` with ``--mcts-playouts`` / ``--mcts-ms``) the budget travels in
the kind's name: ``mcts``, ``mcts:playouts=32``, ``mcts:ms=500``, ``mcts:playouts=32,ms=500`` (:func:`agent_kind`).
"""

from __future__ import annotations

import contextlib
import math
import random
import time
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardscript.compiler.ir import CardDef
from cardscript.engine.agents import Agent, Decision, HeuristicAgent, IllegalChoice
from cardscript.games.battle_scenes.runtime.ismcts import (
    Budget,
    NoDeterminization,
    Steppable,
    answer_key,
    candidate_answers,
    search,
)
from cardscript.games.battle_scenes.runtime.match import (
    CRASH,
    VIOLATION,
    Match,
    MatchRecord,
    SimulationReport,
    count_result,
    crash_failure,
    logged_failures,
    make_agents,
)
from cardscript.games.battle_scenes.runtime.state import check_invariants

__all__ = ["SEARCHED", "MCTSAgent", "agent_kind", "evaluate", "make_mcts_agents", "simulate_one"]

SEARCHED = frozenset({"play", "target", "optional", "mode", "x", "exchange", "first_player"})
DETERMINIZE_TRIES = 4


def evaluate(game: Match, me: int, scale: float = 8.0) -> float:
    """A static value of the position for ``me`` in (0, 1): 0.5 when even; higher is better."""
    s = game.state
    if s.winner is not None:
        return 1.0 if s.winner == me else 0.0

    def side(p: int) -> float:
        mine = s.players[p]
        value = 3.0 * game.prize_points(p)
        for b in s.controlled(p):
            if game.eng.is_character(b.card):
                value += 2.0 + b.energy + 1.5 * b.stage
            else:
                value += 1.0
        value += 0.5 * len(mine.hand) + 0.4 * len(mine.resources)
        if len(mine.deck) < 6:
            value -= 2.0 * (6 - len(mine.deck))      # drawing from an empty deck loses (4.9.2)
        return value

    diff = side(me) - side(1 - me)
    return 1.0 / (1.0 + math.exp(-diff / scale))


class _Horizon(BaseException):
    """Raised by a playout agent asked past the horizon (a BaseException: the engine's own ``except Exception``
    handlers must not take it for a procedure error); the position is evaluated where it stopped."""


@dataclass
class _PlayoutAgent:
    """A heuristic agent that stops the playout at its first decision of turn ``until`` or later -- where
    ``finish(until_turn=)`` does not stop it first (a match resumed from a paused decision)."""

    agent: HeuristicAgent
    until: int
    wants_facts: bool = True

    def decide(self, decision: Decision) -> Sequence[int]:
        return self.agent.decide(decision)

    def decide_in(self, match: Any, decision: Decision) -> Sequence[int]:
        if match.game.state.turn >= self.until:
            raise _Horizon
        return self.agent.decide(decision)


class _World:
    """A stepped match as the search's Steppable (runtime.ismcts): a determinisation is played out before it is
    handed over, so one that cannot reach the decision (a dealt card mattered earlier in the turn) is dealt
    again."""

    def __init__(self, match: Any) -> None:
        self.match = match

    def advance(self) -> Decision | None:
        return self.match.advance()  # type: ignore[no-any-return]

    def answer(self, answer: Sequence[int]) -> Decision | None:
        return self.match.answer(answer)  # type: ignore[no-any-return]

    def clone(self) -> _World:
        return _World(self.match.clone())

    def determinize(self, player: int, rng: random.Random) -> _World:
        from cardscript.games.battle_scenes.runtime.stepping import ReplayDiverged

        for _ in range(DETERMINIZE_TRIES):
            world = self.match.determinize(player, rng)
            try:
                _ = world.game                          # replays the turn so far in the dealt world
            except (ReplayDiverged, IllegalChoice):     # an answer of the turn does not fit the dealt cards
                world.close()
                continue
            return _World(world)
        raise NoDeterminization(f"no determinisation reached the decision in {DETERMINIZE_TRIES} deals")

    @property
    def over(self) -> bool:
        return bool(self.match.over)

    @property
    def result(self) -> Any:
        return self.match.result


@dataclass
class MCTSAgent:
    """ISMCTS over the steppable engine (the module docstring); ``decide`` without a match is the heuristic's.

    ``playouts`` / ``ms``: the budget per searched decision (neither: 1000 ms); ``cpu_clock``: ``ms`` counts the
    process's CPU time instead of the wall clock (a benchmark on a shared machine: what the search does on an idle
    one); ``depth``: the turns a playout plays past the current one before it is evaluated; ``exploration``: UCB1's
    constant. ``searches`` counts
    the decisions searched, ``seconds`` their summed time and ``slowest`` the longest."""

    seed: int = 0
    playouts: int | None = None
    ms: float | None = None
    depth: int = 1
    exploration: float = 0.7
    tree_depth: int | None = 1
    paired: bool = True
    margin: float = 0.01
    play_phases: tuple[str, ...] = ("preparation", "combat")
    scale: float = 8.0
    cpu_clock: bool = False                     # ``ms`` read on the process's CPU clock, not the wall clock
    wants_facts: bool = True
    searches: int = 0
    iterations: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    fallback: HeuristicAgent = field(init=False)
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.budget = Budget(self.playouts, self.ms if self.ms is not None or self.playouts is not None else 1000.0)
        self.fallback = HeuristicAgent(self.seed)
        self.rng = random.Random(self.seed)

    def decide(self, decision: Decision) -> Sequence[int]:
        return self.fallback.decide(decision)

    def searched(self, decision: Decision, phase: str = "") -> bool:
        """Whether a decision is searched (the module docstring): its kind (a ``play`` only in ``play_phases``),
        and two or more one-pick answers."""
        if decision.kind not in SEARCHED or (decision.kind == "play" and phase and phase not in self.play_phases):
            return False
        return len(candidate_answers(decision)) > 1

    def decide_in(self, match: Any, decision: Decision) -> Sequence[int]:
        if match is None or not self.searched(decision, match.game.state.phase):
            return self.fallback.decide(decision)
        start = time.perf_counter()
        rng = random.Random(self.rng.getrandbits(64))
        policy_agents = [HeuristicAgent(rng.getrandbits(32)), HeuristicAgent(rng.getrandbits(32))]
        me = decision.player
        until = match.game.state.turn + self.depth

        def policy(_world: Steppable, d: Decision, rng: random.Random) -> Sequence[int]:
            agent = policy_agents[d.player]
            agent.rng = rng                             # the iteration's draws (paired rounds share them)
            return agent.decide(d)

        def past(world: Steppable, _d: Decision) -> bool:
            assert isinstance(world, _World)
            return bool(world.match.game.state.turn >= until)

        def rollout(world: Steppable, player: int, rng: random.Random) -> float:
            assert isinstance(world, _World)
            if not world.over and world.match.game.state.turn < until:
                agents = [_PlayoutAgent(HeuristicAgent(rng.getrandbits(32)), until) for _ in (0, 1)]
                with contextlib.suppress(_Horizon):
                    world.match.finish(agents, until_turn=until - 1)    # to the end of the horizon's last turn
            return evaluate(world.match.game, player, self.scale)

        found = search(_World(match), self.budget, rng, rollout=rollout, policy=policy, searchable=self.searched,
                       exploration=self.exploration, opponent_in_tree=False, tree_depth=self.tree_depth,
                       horizon=past, paired=self.paired,
                       clock=time.process_time if self.cpu_clock else time.perf_counter)
        elapsed = time.perf_counter() - start
        self.searches += 1
        self.iterations += found.iterations
        self.seconds += elapsed
        self.slowest = max(self.slowest, elapsed)
        usual = list(self.fallback.decide(decision))
        if not found.stats:                            # no determinisation could be played: the heuristic's
            return usual
        assert me == decision.player
        kept = found.stats.get(answer_key(decision, usual))
        best = found.stats.get(answer_key(decision, found.answer))
        if kept is not None and best is not None and best[1] <= kept[1] + self.margin:
            return usual                               # not clearly better than the heuristic's own answer
        return found.answer


def agent_kind(playouts: int | None = None, ms: float | None = None) -> str:
    """The agent kind naming a search agent with this budget: ``mcts``, ``mcts:playouts=32,ms=500``."""
    parts = [f"playouts={playouts}"] if playouts is not None else []
    if ms is not None:
        parts.append(f"ms={ms:g}")
    return "mcts" + (":" + ",".join(parts) if parts else "")


def make_mcts_agents(kind: str, seed: int) -> list[Agent]:
    """Two search agents for the match of ``seed`` from a kind of :func:`agent_kind` (ValueError if malformed)."""
    name, _, options = kind.partition(":")
    if name != "mcts":
        raise ValueError(f"not a search agent kind: {kind!r}")
    budget: dict[str, Any] = {}
    for part in filter(None, options.split(",")):
        key, _, value = part.partition("=")
        try:
            if key == "playouts":
                budget["playouts"] = int(value)
            elif key == "ms":
                budget["ms"] = float(value)
            else:
                raise ValueError(key)
        except ValueError:
            raise ValueError(f"{kind!r}: a search budget is playouts=N and/or ms=MS, not {part!r}") from None
    Budget(budget.get("playouts"), budget.get("ms", 1.0))          # refuses bad values (ValueError)
    return [MCTSAgent(seed * 2 + 1, **budget), MCTSAgent(seed * 2 + 2, **budget)]


def simulate_one(deck_a: Sequence[CardDef], deck_b: Sequence[CardDef], game_seed: int, kind: str, max_turns: int,
                 check: bool, report: SimulationReport, files: Mapping[str, str]) -> MatchRecord:
    """One match of ``cardscript simulate --agents mcts``: runtime.match's ``_play_one`` on the steppable engine
    (the search agents are asked with ``decide_in``), counted in ``report`` the same way -- a win and how, an
    unfinished match, an invariant violation, or a crash as a failure of the card being resolved."""
    from cardscript.games.battle_scenes.runtime.stepping import SteppedMatch, play_stepped

    match = SteppedMatch.start(deck_a, deck_b, seed=game_seed, max_turns=max_turns, check=check)
    try:
        result = play_stepped(match, make_agents(kind, game_seed))
    except Exception as exc:  # noqa: BLE001 - one match's crash is reported, the run goes on
        game = match.game
        for failure in logged_failures(game, files):
            report.add_failure(failure, game_seed)
        report.turns += game.state.turn
        if isinstance(exc, AssertionError) and check_invariants(game.state):
            report.violations.append(f"seed {game_seed}: {exc}")
            return MatchRecord(game_seed, None, VIOLATION, game.state.turn, 0)
        report.tracebacks.append((game_seed, "".join(traceback.format_exception(exc))))
        report.crashes += 1
        report.procedure_errors += game.eng.procedure_errors + 1
        report.add_failure(crash_failure(game, exc, files), game_seed)
        return MatchRecord(game_seed, None, CRASH, game.state.turn, game.eng.procedure_errors + 1)
    for failure in logged_failures(match.game, files):
        report.add_failure(failure, game_seed)
    report.procedures += result.procedures
    return count_result(report, game_seed, result, match.game.state.first_player)
