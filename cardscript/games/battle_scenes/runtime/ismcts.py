"""Information-set Monte Carlo tree search (ISMCTS) over any steppable game of hidden information.

The single-observer ISMCTS of Cowling, Powley and Whitehouse (2012, "Information Set Monte Carlo Tree Search"):
the searcher never sees the hidden state. Each iteration

1. **determinises**: ``game.determinize(me, rng)`` -- a copy in which what ``me`` cannot see is resampled among
   what ``me`` cannot tell apart (the only copy the search ever plays on: it never reads the real hidden cards);
2. **selects**: from the root, at each searched decision, the answers legal *in this determinisation* are the
   candidates; an untried one is expanded, else the one with the best UCB1 score (mean reward + ``exploration``
   * sqrt(ln(availability) / visits), where availability counts the iterations the answer was legal -- the
   ISMCTS variant of the parent's visits). A decision that is not searched (``searchable`` is false, or it is
   the opponent's when ``opponent_in_tree`` is off) is answered by the ``policy`` and is not a node;
3. **plays out**: ``rollout(world, me, rng)`` -- the reward of the position for ``me``, in [0, 1] (a default
   policy played to the end or truncated and evaluated: the caller's choice);
4. **backs up**: every answer taken on the way gets the reward from the point of view of the player who chose it.

Nodes are keyed by what the decider sees -- the decision's player, kind and option labels -- and answers by the
labels they pick, never by object identities, so the same information set reached in different determinisations
(a different card drawn: a different decision) shares statistics exactly when it should. The answer played is
the most visited at the root (ties: the best mean, then the first legal).

Budget: a number of iterations (``playouts``: seeded, the search is deterministic) and/or a wall-clock bound in
milliseconds (``ms``), whichever comes first; at least one iteration (one round, paired) runs, and no other is
started when one as long as the mean so far would end past the bound. A paired round that reaches the bound
before it is whole is dropped (its iterations are not backed up: a round compares every answer in the same
worlds, or none), so the bound holds but for the first round and one iteration.
"""

from __future__ import annotations

import contextlib
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from cardscript.engine.agents import Answer, Decision

__all__ = ["Budget", "Edge", "NoDeterminization", "Node", "SearchResult", "Steppable", "answer_key",
           "candidate_answers", "decision_key", "random_policy", "random_rollout", "search"]


class NoDeterminization(Exception):
    """Raised by ``determinize`` when it found no world consistent with what the player saw: the iteration is
    skipped (it counts against the budget, its statistics are not kept)."""


class Outcome(Protocol):
    """What a finished game reports: the winner (None: a draw or unfinished)."""

    @property
    def winner(self) -> int | None: ...


class Steppable(Protocol):
    """What the search needs of a game: step it decision by decision, copy it, resample what a player cannot see."""

    def advance(self) -> Decision | None: ...

    def answer(self, answer: Sequence[int]) -> Decision | None: ...

    def clone(self) -> Steppable: ...

    def determinize(self, player: int, rng: random.Random) -> Steppable: ...

    @property
    def over(self) -> bool: ...

    @property
    def result(self) -> Outcome: ...


G = TypeVar("G", bound=Steppable)
DecisionKey = tuple[int, str, tuple[str, ...]]
AnswerKey = tuple[str, ...]
Policy = Callable[[Steppable, Decision, random.Random], Sequence[int]]
Rollout = Callable[[Steppable, int, random.Random], float]
Horizon = Callable[[Steppable, Decision], bool]


def decision_key(d: Decision) -> DecisionKey:
    """A decision as its decider sees it (the node key): who, what kind, which option labels."""
    return (d.player, d.kind, d.options)


def answer_key(d: Decision, answer: Sequence[int]) -> AnswerKey:
    """An answer by the labels it picks (the edge key): the same choice in another determinisation, where the
    option may stand at another index."""
    return tuple(d.options[i] for i in answer)


def candidate_answers(d: Decision) -> list[Answer]:
    """The answers a search tries at a one-pick decision: each option alone, and no option when none may be
    picked; one answer per distinct label (two copies of a card in hand are the same choice)."""
    out: list[Answer] = []
    seen: set[str] = set()
    if d.minimum == 0:
        out.append(())
    if d.minimum <= 1 <= d.maximum:
        for i, label in enumerate(d.options):
            if label not in seen:
                seen.add(label)
                out.append((i,))
    return out


@dataclass(frozen=True)
class Budget:
    """How much to search: ``playouts`` iterations and/or ``ms`` milliseconds, whichever ends first."""

    playouts: int | None = None
    ms: float | None = None

    def __post_init__(self) -> None:
        if self.playouts is None and self.ms is None:
            raise ValueError("a search budget needs playouts or ms")
        if self.playouts is not None and self.playouts < 1:
            raise ValueError(f"playouts must be 1 or more, not {self.playouts}")
        if self.ms is not None and self.ms <= 0:
            raise ValueError(f"ms must be more than 0, not {self.ms}")


@dataclass
class Edge:
    """An answer out of a node: its visits, availability, summed reward (for the player who chose it), and
    the nodes it led to, by the next searched decision's key."""

    visits: int = 0
    available: int = 0
    total: float = 0.0
    children: dict[DecisionKey, Node] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass
class Node:
    """A searched decision (an information set of its decider): its answers tried so far."""

    edges: dict[AnswerKey, Edge] = field(default_factory=dict)


@dataclass
class SearchResult:
    """The answer chosen, the root's statistics (answer labels -> visits, mean reward; empty when every iteration
    was skipped, and then ``answer`` is merely the first candidate) and the iterations run."""

    answer: Answer
    iterations: int
    stats: dict[AnswerKey, tuple[int, float]]


def random_rollout(world: Steppable, me: int, rng: random.Random) -> float:
    """Random legal answers to the end: 1 if ``me`` wins, 0 if they lose, 0.5 otherwise."""
    d = world.advance()
    while d is not None:
        n = len(d.options)
        hi = min(d.maximum, n)
        d = world.answer(rng.sample(range(n), rng.randint(min(d.minimum, hi), hi)))
    winner = world.result.winner
    return 0.5 if winner is None else float(winner == me)


def random_policy(_world: Steppable, d: Decision, rng: random.Random) -> Sequence[int]:
    """A random legal answer (the default policy)."""
    n = len(d.options)
    hi = min(d.maximum, n)
    return rng.sample(range(n), rng.randint(min(d.minimum, hi), hi))


def search(game: Steppable, budget: Budget, rng: random.Random, *,
           rollout: Rollout = random_rollout,
           policy: Policy = random_policy,
           searchable: Callable[[Decision], bool] | None = None,
           candidates: Callable[[Decision], list[Answer]] = candidate_answers,
           exploration: float = 0.7,
           opponent_in_tree: bool = True,
           tree_depth: int | None = None,
           horizon: Horizon | None = None,
           paired: bool = False,
           clock: Callable[[], float] = time.perf_counter) -> SearchResult:
    """ISMCTS from the decision ``game`` is paused at, for its decider (the module docstring).

    ``policy(world, decision, rng)`` answers the decisions that are not nodes (default: random legal answers);
    ``searchable(decision)`` says which decisions are nodes (those with two or more candidates at most);
    ``candidates(decision)`` lists a node's answers (default :func:`candidate_answers`); ``tree_depth``: at
    most that many nodes on a path (None: no bound; 1: only the root is searched, the playout plays on);
    ``horizon(world, decision)``: the decision is past the playout's horizon -- the descent stops there and
    leaves it to the rollout (which knows where to stop: a truncated playout), rather than playing on with the
    policy to the next node.
    ``game`` itself is only read (advance) and determinised, never answered.

    ``paired``: common random numbers at the root -- the iterations go in rounds; a round draws one seed and
    plays every root answer once from it (the same determinisation, the same policy and playout draws), so the
    answers are compared in the same worlds and the spread between worlds cancels out of the comparison (it
    dwarfs the differences between answers when a playout is a long stretch of a card game). The budget then
    ends at the end of a round; the answer is the best mean."""
    root_decision = game.advance()
    if root_decision is None:
        raise ValueError("the game is over: there is no decision to search")
    me = root_decision.player
    root_answers = candidates(root_decision)
    if not root_answers:
        raise ValueError(f"no candidate answer to search at a {root_decision.kind!r} decision")
    if len(root_answers) == 1:
        return SearchResult(root_answers[0], 0, {})
    depth_bound = math.inf if tree_depth is None else tree_depth

    def is_node_at(depth: int) -> bool:
        return depth < depth_bound

    def is_node(d: Decision, depth: int) -> bool:
        if depth >= depth_bound or (not opponent_in_tree and d.player != me):
            return False
        return (searchable is None or searchable(d)) and len(candidates(d)) > 1

    root = Node()
    started = clock()
    deadline = None if budget.ms is None else started + budget.ms / 1000.0
    iterations = rounds = 0
    while True:
        if paired:
            seed = rng.getrandbits(64)
            backups: list[tuple[list[tuple[Edge, int]], float]] = []
            cut = False
            for forced in root_answers:
                if rounds and deadline is not None and clock() > deadline:
                    cut = True                       # past the bound inside a round: the round is dropped
                    break
                with contextlib.suppress(NoDeterminization):
                    backups.append(_iterate(game, me, root, random.Random(seed), rollout, policy, is_node,
                                            candidates, exploration, forced, horizon, is_node_at, defer=True))
                iterations += 1
            if cut:
                break
            for path, reward in backups:             # a round counts whole, or not at all
                _back_up(path, me, reward)
        else:
            with contextlib.suppress(NoDeterminization):
                _iterate(game, me, root, rng, rollout, policy, is_node, candidates, exploration, None, horizon,
                         is_node_at)
            iterations += 1
        rounds += 1
        if budget.playouts is not None and iterations >= budget.playouts:
            break
        now = clock()
        if deadline is not None and now + (now - started) / rounds > deadline:
            break                                    # another round (iteration) as long as the mean would overrun
    stats = {k: (e.visits, e.mean) for k, e in root.edges.items() if e.visits}
    legal: dict[AnswerKey, Answer] = {}
    for a in root_answers:
        legal.setdefault(answer_key(root_decision, a), a)             # the first answer of a label
    order = list(legal)
    if not stats:                                    # every iteration was skipped: nothing learnt
        return SearchResult(root_answers[0], iterations, {})
    best = max((k for k in stats if k in legal),
               key=lambda k: (root.edges[k].visits, root.edges[k].mean, -order.index(k)))
    return SearchResult(legal[best], iterations, stats)


def _iterate(game: Steppable, me: int, root: Node, rng: random.Random, rollout: Rollout, policy: Policy,
             is_node: Callable[[Decision, int], bool], candidates: Callable[[Decision], list[Answer]],
             exploration: float, forced: Answer | None = None, horizon: Horizon | None = None,
             is_node_at: Callable[[int], bool] = lambda depth: True,
             defer: bool = False) -> tuple[list[tuple[Edge, int]], float]:
    """One iteration: determinise, select/expand down the tree, play out, back up; ``forced``: the root
    answer to take (a paired round); ``defer``: the path and the reward are returned, not backed up (a paired
    round backs up its iterations together, when it is whole)."""
    world = game.determinize(me, rng)
    d = world.advance()
    node = root
    path: list[tuple[Edge, int]] = []
    while d is not None:
        keyed = [(answer_key(d, a), a) for a in candidates(d)]
        edges = node.edges
        untried = [(k, a) for k, a in keyed if k not in edges]
        for k, _a in keyed:
            if k in edges:
                edges[k].available += 1
        expanded = False
        if forced is not None and not path:
            a, k = forced, answer_key(d, forced)
            expanded = k not in edges
            edge = edges.setdefault(k, Edge(available=1))
        elif untried:
            k, a = untried[rng.randrange(len(untried))]
            edge = edges[k] = Edge(available=1)
            expanded = True
        else:
            k, a = max(keyed, key=lambda ka: _ucb(edges[ka[0]], exploration))
            edge = edges[k]
        path.append((edge, d.player))
        d = world.answer(a)
        if expanded or d is None or not is_node_at(len(path)):
            break                                   # expanded, over, or deep enough: the playout takes it on
        while d is not None and not is_node(d, len(path)) and not (horizon is not None and horizon(world, d)):
            d = world.answer(policy(world, d, rng))
        if d is None or not is_node(d, len(path)) or (horizon is not None and horizon(world, d)):
            break                                   # over, or at the playout's horizon before the next node
        node = edge.children.setdefault(decision_key(d), Node())
    reward = rollout(world, me, rng)
    if not defer:
        _back_up(path, me, reward)
    return path, reward


def _back_up(path: list[tuple[Edge, int]], me: int, reward: float) -> None:
    """Every answer on the path gets the reward, from the point of view of the player who chose it."""
    for edge, player in path:
        edge.visits += 1
        edge.total += reward if player == me else 1.0 - reward


def _ucb(edge: Edge, exploration: float) -> float:
    if edge.visits == 0:
        return math.inf
    return edge.mean + exploration * math.sqrt(math.log(max(edge.available, 1)) / edge.visits)
