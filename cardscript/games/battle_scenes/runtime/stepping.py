"""The steppable engine: a match that advances to its next decision, returns it, and waits for the answer.

The rules engine decides deep inside the turn (a target chosen while an effect resolves, 9.1), so a paused
match keeps its place in one of two ways, both explicit:

* **running**: the engine runs in its own thread and blocks at the decision (:class:`_Channel`: two
  semaphores, one side runs at a time, so the engine is never touched by two threads at once);
* **as data** (:class:`Position`): the :class:`Snapshot` of the last rest point -- a turn's start, or the top
  of a loop of plays (the Preparation Phase, an action step: ``Engine.at_rest``), where the Effects Tree is
  empty and the whole match is the state, the log, the RNG state and the engine's counters -- plus the answers
  given since. A clone is such a position: cheap to make, made real when first asked (the snapshot copied, the
  answers since replayed without asking anyone, 9 principle: same cards, seed and answers give the same match),
  with the same state hash as the original. A clone made at a play decision replays nothing.

:class:`SteppedMatch` is the API (``advance`` / ``answer`` / ``clone`` / ``view`` / ``determinize`` /
``finish``); ``cardscript play`` and the agents run on top of it (:func:`play_stepped`). Hidden information is
explicit: :meth:`SteppedMatch.view` is what one player may see (areas of the game, rules 3: the hand and the deck
are hidden, their sizes are not; the scene, the resources and the prizes are seen by all), and
:meth:`SteppedMatch.determinize` deals the cards a player cannot see again among themselves, for a search agent
that must not cheat.
"""

from __future__ import annotations

import random
import threading
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cardscript.compiler.ir import CardDef
from cardscript.engine.agents import Agent, Decision, validate
from cardscript.engine.events import Event, state_hash
from cardscript.games.battle_scenes.runtime.game import GameOver, json_safe
from cardscript.games.battle_scenes.runtime.match import Match, MatchResult, match_result, new_match, setup_match
from cardscript.games.battle_scenes.runtime.state import CardId, GameState
from cardscript.games.battle_scenes.runtime.turn import Engine, RestPoint


class ReplayDiverged(RuntimeError):
    """A clone's replay of its turn did not reach the decision it was cloned at (a determinized card that did
    matter before the decision, or an engine that is not deterministic: a bug)."""


class _Diverged(BaseException):
    """Raised inside the engine when a replayed answer meets another decision than the one it answered (not
    an Exception, so no handler of the engine takes it for a procedure's error); the driver raises
    :class:`ReplayDiverged`."""


class _Stopped(BaseException):
    """Raised inside a paused engine thread to unwind it when its match is closed (not an Exception: the
    engine's own ``except Exception`` handlers must not swallow it)."""


# -- a position as data ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Snapshot:
    """A match at a rest point: the start of a turn (or before its setup, 6.1; ``at`` None) or the top of a
    loop of plays (``at``: ``Engine.at_rest``'s point, the turn is taken up there) -- everything its future
    depends on. Never changed once taken: a match restored from it works on copies."""

    state: GameState
    events: tuple[Event, ...]
    rng: tuple[Any, ...]
    counters: tuple[tuple[str, Any], ...]       # the engine's own state at rest (:func:`_counters`)
    at: RestPoint | None = None

    @staticmethod
    def of(game: Match, at: RestPoint | None = None) -> Snapshot:
        return Snapshot(game.state.copy(), tuple(game.log.events), game.rng.getstate(), _counters(game), at)


def _counters(game: Match) -> tuple[tuple[str, Any], ...]:
    """The engine's state that is not in the GameState, as it stands at a rest point (the Effects Tree is empty
    and no procedure runs): this turn's Prontidão and "uma vez por turno" uses, the tree's counters, and the
    cycles of statics already logged (so that a restored match logs what the original does)."""
    eng = game.eng
    return (("procedure_errors", eng.procedure_errors), ("first_turn_done", eng.first_turn_done),
            ("ready", frozenset(eng.ready)), ("activated_uses", tuple(eng.activated_uses.items())),
            ("procedures_run", eng.tree.procedures_run), ("tree_uid", eng.tree._uid),
            ("once_per_action", frozenset(eng.triggers.once_per_action)),
            ("unsettled_statics", frozenset(game.memo.get("unsettled_statics", ()))))


@dataclass(frozen=True)
class Origin:
    """What a match and all its clones share: the card definitions by CardId, their labels, the seed and the
    rules of the run (turn limit, invariant checks)."""

    cards: dict[CardId, CardDef]
    labels: dict[CardId, str]
    deck_names: tuple[str, str]
    seed: int
    max_turns: int
    check: bool


def _restore(origin: Origin, snap: Snapshot, agents: Sequence[Agent]) -> Match:
    """A new live match at ``snap`` (the state copied: the snapshot stays as it was)."""
    game = Match(snap.state.copy(), dict(origin.cards), list(agents), seed=origin.seed, check=origin.check,
                 deck_names=origin.deck_names)
    game.labels = dict(origin.labels)
    game.rng.setstate(snap.rng)
    game.log.events = list(snap.events)
    game.engine = eng = Engine(game, resumed=True)
    c = dict(snap.counters)
    eng.procedure_errors = c["procedure_errors"]
    eng.first_turn_done = c["first_turn_done"]
    eng.ready = set(c["ready"])
    eng.activated_uses.update(dict(c["activated_uses"]))
    eng.tree.procedures_run = c["procedures_run"]
    eng.tree._uid = c["tree_uid"]
    eng.triggers.once_per_action = set(c["once_per_action"])
    if c["unsettled_statics"]:
        game.memo["unsettled_statics"] = set(c["unsettled_statics"])
    return game


@dataclass(frozen=True)
class Position:
    """A paused match as data: the snapshot of its last rest point, the raw answers given since (refused ones
    included, so the log replays as it was) each with the shape of the decision it answered
    (:func:`_shape`, checked when replayed), and the decision it waits on (None: not known yet)."""

    origin: Origin
    snapshot: Snapshot
    answers: tuple[tuple[object, tuple[object, ...]], ...]
    decision: Decision | None = None


# -- the engine thread and its driver ---------------------------------------------------------------------

@dataclass
class _Channel:
    """The two sides of a running match: the engine (in its thread, or inline in the caller's for
    :meth:`SteppedMatch.finish`) and the driver. ``raw``: every answer the engine was given, in order."""

    origin: Origin
    snapshot: Snapshot
    replay: deque[tuple[object, tuple[object, ...]]]
    facts: list[bool]
    raw: list[tuple[object, tuple[object, ...]]] = field(default_factory=list)
    given_at_snapshot: int = 0
    pending: Decision | None = None
    answer: object = None
    direct: Sequence[Agent] | None = None       # answer from these agents in the engine's thread (finish)
    owner: Any = None                            # weak reference to the SteppedMatch, for decide_in
    checkpoints: bool = True                     # take a snapshot at every rest point (clone needs one)
    until_turn: int | None = None                # stop before this turn (a playout cut short: finish)
    to_engine: threading.Semaphore = field(default_factory=lambda: threading.Semaphore(0))
    to_driver: threading.Semaphore = field(default_factory=lambda: threading.Semaphore(0))
    thread: threading.Thread | None = None
    game: Match | None = None
    result: MatchResult | None = None
    error: BaseException | None = None
    done: bool = False
    stop: bool = False

    def close(self) -> None:
        """Unwind a thread paused at a decision (its match will not be finished)."""
        if self.thread is not None and not self.done and self.pending is not None:
            self.stop = True
            self.to_engine.release()


@dataclass
class _Seat:
    """The agent the engine sees for one player: it gives the replayed answers first, then asks the driver
    (or the ``direct`` agents); ``wants_facts`` as the driver asked (facts cost time, runtime.facts)."""

    channel: _Channel
    player: int

    @property
    def wants_facts(self) -> bool:
        return self.channel.facts[self.player]

    def decide(self, decision: Decision) -> Sequence[int]:
        ch = self.channel
        if ch.replay:
            raw, shape = ch.replay.popleft()
            if shape != _shape(decision):
                raise _Diverged(f"a replayed answer met {_shown(decision)}, not the decision it answered")
        elif ch.direct is not None:
            agent = ch.direct[decision.player]
            owner = ch.owner() if ch.owner is not None else None
            decide_in = getattr(agent, "decide_in", None)
            raw = decide_in(owner, decision) if decide_in is not None and owner is not None \
                else agent.decide(decision)
        else:
            ch.pending = decision
            ch.to_driver.release()
            ch.to_engine.acquire()
            if ch.stop:
                raise _Stopped
            ch.pending = None
            if ch.direct is not None and ch.answer is _ASK_DIRECT:
                return self.decide(decision)
            raw = ch.answer
        ch.raw.append((raw, _shape(decision)))
        return raw  # type: ignore[return-value]    # ask() validates what it is


def _shape(decision: Decision) -> tuple[object, ...]:
    """What a replayed answer must meet again: who decides what, among how many options, how many to pick
    (not the options' labels: in a determinized clone a hidden card listed in a decision may be another)."""
    return (decision.player, decision.kind, len(decision.options), decision.minimum, decision.maximum)


_ASK_DIRECT = object()       # the driver's answer meaning "ask the direct agents" (finish from a paused match)


def _engine_main(ch: _Channel) -> None:
    """Restore the snapshot, replay, play to the end (or until closed); the driver is told at every decision
    (by the seat) and at the end (here)."""
    try:
        game = _restore(ch.origin, ch.snapshot, [_Seat(ch, 0), _Seat(ch, 1)])
        ch.game = game
        s = game.state
        game.eng.rest = lambda at: _checkpoint(ch, game, at)
        resume = ch.snapshot.at                 # a snapshot inside a turn: the turn is taken up there
        try:
            if s.phase == "setup":
                setup_match(game)
            while s.winner is None and (resume is not None or s.turn < _last_turn(ch)):   # read each turn:
                if resume is None and game.eng.resting():                              # finish may set until_turn
                    _checkpoint(ch, game, None)       # (not with the setup's triggers still in the tree)
                game.eng.play_turn(resume)
                resume = None
        except GameOver:
            pass
        ch.result = match_result(game)
    except _Stopped:
        return
    except _Diverged as diverged:
        ch.error = ReplayDiverged(str(diverged))
    except BaseException as exc:  # noqa: BLE001 - handed to the driver, which raises it in its own thread
        ch.error = exc
    finally:
        ch.done = True
        ch.pending = None
        if ch.thread is not None:
            ch.to_driver.release()


def _checkpoint(ch: _Channel, game: Match, at: RestPoint | None) -> None:
    """A rest point: the snapshot a clone starts from (when clones may be made: not in a playout)."""
    if ch.checkpoints:
        ch.snapshot = Snapshot.of(game, at)
        ch.given_at_snapshot = len(ch.raw)


def _last_turn(ch: _Channel) -> int:
    """The turn the match stops before: its turn limit, or an earlier one a playout set (finish's ``until_turn``)."""
    return ch.origin.max_turns if ch.until_turn is None else min(ch.origin.max_turns, ch.until_turn)


# -- what a player may see ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class SeenCard:
    card: CardId
    title: str


@dataclass(frozen=True)
class PlayerView:
    """What ``player`` may see of the match (rules 3, areas of the game): their own hand; the sizes of the
    opponent's hand and of both decks; the scene (characters, supports, what they carry, stages), the scenario,
    both players' resources and prizes, the points, whose turn and which phase."""

    player: int
    turn: int
    turn_player: int
    phase: str
    step: str
    points: tuple[int, int]
    hand: tuple[SeenCard, ...]
    hand_sizes: tuple[int, int]
    deck_sizes: tuple[int, int]
    resources: tuple[tuple[SeenCard, ...], tuple[SeenCard, ...]]
    prizes: tuple[tuple[SeenCard, ...], tuple[SeenCard, ...]]
    scene: tuple[tuple[SeenCard, int, int, int, tuple[SeenCard, ...]], ...]   # (base, controller, stage,
    #                                                                            energy, carried)
    scenario: SeenCard | None


def hidden_from(state: GameState, player: int) -> list[list[CardId]]:
    """The groups of cards ``player`` cannot tell apart: the opponent's hand and deck together (any of their
    unseen cards could be in either), and the player's own deck (its order). Cards set aside are seen by
    their owner only (7.1) and stay as they are."""
    opp = state.players[state.opponent(player)]
    return [[*opp.hand, *opp.deck], list(state.players[player].deck)]


def view_of(game: Match, player: int) -> PlayerView:
    s = game.state

    def seen(card: CardId) -> SeenCard:
        return SeenCard(card, getattr(game.cards.get(card), "title", ""))

    return PlayerView(
        player, s.turn, s.turn_player, s.phase, s.step, (game.prize_points(0), game.prize_points(1)),
        tuple(seen(c) for c in s.players[player].hand),
        (len(s.players[0].hand), len(s.players[1].hand)), (len(s.players[0].deck), len(s.players[1].deck)),
        (tuple(seen(c) for c in s.players[0].resources), tuple(seen(c) for c in s.players[1].resources)),
        (tuple(seen(c) for c in s.players[0].prizes), tuple(seen(c) for c in s.players[1].prizes)),
        tuple((seen(b.card), b.controller, b.stage, b.energy, tuple(seen(c) for c in b.carried))
              for b in s.scene.values()),
        seen(s.scenario) if s.scenario is not None else None)


# -- the API ---------------------------------------------------------------------------------------------

class SteppedMatch:
    """A match played one decision at a time (issue 12): :meth:`advance` to the next decision, :meth:`answer`
    it; :meth:`clone` at any decision; :meth:`finish` with agents for the rest."""

    def __init__(self, position: Position, facts: tuple[bool, bool] = (True, True)) -> None:
        self._position: Position | None = position
        self._facts = list(facts)
        self._channel: _Channel | None = None
        self._finalizer: Any = None

    # -- construction ---------------------------------------------------------------------------------
    @classmethod
    def start(cls, deck_a: Sequence[CardDef], deck_b: Sequence[CardDef], seed: int = 0, *, max_turns: int = 200,
              check: bool = False, deck_names: tuple[str, str] = ("A", "B"),
              card_names: Callable[[CardDef], str] | None = None,
              facts: tuple[bool, bool] = (True, True)) -> SteppedMatch:
        """A new match before its setup (6.1: the lot, the first player, the hands are its first decisions).
        ``facts``: build option facts for each player's decisions (agents that read them, runtime.facts)."""
        game = new_match(deck_a, deck_b, [], seed=seed, check=check, deck_names=deck_names, setup=False,
                         card_names=card_names)
        origin = Origin(dict(game.cards), dict(game.labels), deck_names, seed, max_turns, check)
        return cls(Position(origin, Snapshot.of(game), ()), facts)

    # -- running ----------------------------------------------------------------------------------------
    def _running(self) -> _Channel:
        """The channel of the running engine (started from the position the first time)."""
        if self._channel is not None:
            return self._channel
        pos = self._position
        assert pos is not None
        ch = _Channel(pos.origin, pos.snapshot, deque(pos.answers), self._facts)
        ch.owner = weakref.ref(self)
        ch.thread = threading.Thread(target=_engine_main, args=(ch,), daemon=True, name="cardscript-match")
        self._channel = ch
        self._finalizer = weakref.finalize(self, _Channel.close, ch)
        ch.thread.start()
        ch.to_driver.acquire()
        self._raise_error(ch)
        if pos.decision is not None and not _same_decision(ch.pending, pos.decision):
            ch.close()
            raise ReplayDiverged(f"the replay reached {_shown(ch.pending)}, not the decision the match was "
                                 f"cloned at ({_shown(pos.decision)})")
        self._position = None
        return ch

    @staticmethod
    def _raise_error(ch: _Channel) -> None:
        if ch.error is not None:
            error, ch.error = ch.error, None
            raise error

    def advance(self) -> Decision | None:
        """The decision the match waits on (running it there first), or None when it is over."""
        if self._position is not None and self._position.decision is not None and self._channel is None:
            return self._position.decision
        return self._running().pending

    def answer(self, answer: Sequence[int]) -> Decision | None:
        """Answer the pending decision (an illegal answer raises IllegalChoice and changes nothing); run to
        the next decision and return it (None: the match is over)."""
        ch = self._running()
        if ch.pending is None:
            raise ValueError("the match is over: no decision to answer")
        validate(ch.pending, json_safe(answer))
        return self.give(answer)

    def give(self, raw: object) -> Decision | None:
        """Hand a raw answer to the engine as an agent would (an illegal one is refused and logged, and the
        same decision is asked again: Game.decide); return the next decision."""
        ch = self._running()
        ch.answer = raw
        ch.to_engine.release()
        ch.to_driver.acquire()
        self._raise_error(ch)
        return ch.pending

    @property
    def over(self) -> bool:
        return self.advance() is None

    @property
    def result(self) -> MatchResult | None:
        return self._running().result if self.over else None

    @property
    def game(self) -> Match:
        """The live match (read it; change it only through answers)."""
        ch = self._running()
        assert ch.game is not None
        return ch.game

    def state_hash(self) -> str:
        return state_hash(self.game.state)

    def view(self, player: int) -> PlayerView:
        return view_of(self.game, player)

    # -- copies -----------------------------------------------------------------------------------------
    def position(self) -> Position:
        """Where the match is, as data (its last rest point's snapshot and the answers since)."""
        if self._position is not None:
            return self._position
        ch = self._running()
        return Position(ch.origin, ch.snapshot, tuple(ch.raw[ch.given_at_snapshot:]), ch.pending)

    def clone(self) -> SteppedMatch:
        """An independent match at the same decision: answering one never changes the other. Made real when
        first asked (snapshot copied, answers since replayed); ``clone().state_hash() == state_hash()``."""
        return SteppedMatch(self.position(), tuple(self._facts))          # type: ignore[arg-type]

    def determinize(self, player: int, rng: random.Random) -> SteppedMatch:
        """A clone in which the cards ``player`` cannot see (:func:`hidden_from`) are dealt again among
        themselves: what a search agent may plan with. Cards that were elsewhere at the last rest point
        keep what they are (their past since is replayed)."""
        pos = self.position()
        now = self.game.state
        then = pos.snapshot.state
        before = {c for group in hidden_from(then, player) for c in group}
        cards, labels = dict(pos.origin.cards), dict(pos.origin.labels)
        for group in hidden_from(now, player):
            ids = [c for c in group if c in before]
            dealt = ids[:]
            rng.shuffle(dealt)
            for to, frm in zip(ids, dealt, strict=True):
                cards[to] = pos.origin.cards[frm]
                if frm in pos.origin.labels:
                    labels[to] = pos.origin.labels[frm]
                else:
                    labels.pop(to, None)
        origin = replace(pos.origin, cards=cards, labels=labels)
        return SteppedMatch(replace(pos, origin=origin), tuple(self._facts))   # type: ignore[arg-type]

    # -- the rest of the match --------------------------------------------------------------------------
    def finish(self, agents: Sequence[Agent], until_turn: int | None = None) -> MatchResult:
        """Play the rest with ``agents`` called directly by the engine (no hand-over per decision: the fast
        path for playouts); the match is over afterwards. ``until_turn``: stop once that many turns were
        played (a playout cut short; the result says it did not end). Option facts are built for the agents
        that read them (``wants_facts``)."""
        wanted = [bool(getattr(a, "wants_facts", False)) for a in agents]
        if self._channel is None:
            pos = self._position
            assert pos is not None
            ch = _Channel(pos.origin, pos.snapshot, deque(pos.answers), wanted, direct=agents,
                          checkpoints=False, until_turn=until_turn)
            ch.owner = weakref.ref(self)
            self._channel, self._position = ch, None
            _engine_main(ch)
            self._raise_error(ch)
        else:
            ch = self._channel
            if ch.pending is not None:
                ch.direct, ch.facts[:] = agents, wanted
                ch.checkpoints, ch.until_turn = False, until_turn
                self.give(_ASK_DIRECT)
        assert ch.result is not None
        return ch.result

    def close(self) -> None:
        """Release a match that will not be finished (dropped clones are released when collected)."""
        if self._channel is not None:
            self._channel.close()


def _same_decision(a: Decision | None, b: Decision) -> bool:
    return a is not None and _shape(a) == _shape(b)


def _shown(d: Decision | None) -> str:
    return "the end of the match" if d is None else f"player {d.player}'s {d.kind} decision {d.prompt!r}"


def play_stepped(match: SteppedMatch, agents: Sequence[Agent],
                 on_decision: Callable[[SteppedMatch, Decision], None] | None = None) -> MatchResult:
    """Drive a match with agents, one decision at a time (``cardscript play``): each decision goes to its
    player's agent (``decide_in(match, decision)`` when the agent has it), the raw answer to the engine."""
    decision = match.advance()
    while decision is not None:
        if on_decision is not None:
            on_decision(match, decision)
        agent = agents[decision.player]
        decide_in = getattr(agent, "decide_in", None)
        raw = decide_in(match, decision) if decide_in is not None else agent.decide(decision)
        decision = match.give(raw)
    result = match.result
    assert result is not None
    return result
