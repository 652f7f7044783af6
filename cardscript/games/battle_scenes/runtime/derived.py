"""The continuous state derived from the game state, kept between questions until an event can change it (rules
5.4, 5.7, 5.8; issue 12, part 5).

Statics "são sempre atualizados a cada modificação que ocorre no estado do jogo" (5.4): what is working, and the
characteristics it gives, is a function of the state. Recomputing it on every question (is this a legal target?
which powers has this character?) was most of a game's time; here each answer is kept in a table of
:class:`Derived` (``Game.derived``, one object a ``Game.clone()`` drops and rebuilds) until the **version** of the
state changes. The version (:func:`version`) is read in O(1):

* ``Derived.events``, bumped by ``Game.emit`` -- every primitive of ``Game`` emits an event, the one place every
  state change goes through -- but for the :data:`QUIET_EVENTS`, which mark what changed nothing (a phase
  starting, a damage calculation); what is only logged (``EventLog.add``: a decision, a play, the turn's
  status) is not a change either;
* the scalars the turn loop sets before it logs (turn, phase, step, players), the number of state effects and
  the next effect id (5.7 effects added, spent or expired), the number of card definitions;
* ``state.BASE_EDITS``, bumped by every attribute set of a base in the scene (a stage, a count, set by the engine
  or by hand), and ``state.PLACEMENTS``, bumped where the placement of the cards in place changes;
* ``Derived.touched``, bumped by :func:`edited` where the engine edits the state with no event (a card's choice
  remembered, the turn's memory of targets, an action in use): conservative -- when unsure, call it.

A caller that edits ``game.state`` or a card's definition by hand between questions (a test, a tool) calls
:func:`touch`, which also drops the answers kept across versions.

Each table entry is also keyed by the **layer** being read (``statics.layer``): the statics' answers while the
statics' own powers or characteristics are being gathered differ from the answers outside (the layering of
``characteristics``), so each layer has its own entries.

Check mode (``Game(check=True)``, as ``cardscript simulate`` runs): every ``check_every``-th answer taken from a
table is recomputed from scratch (with empty tables) and compared; a difference raises :class:`StaleDerivedState`,
an invariant violation of the simulation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from cardscript.games.battle_scenes.runtime.state import BASE_EDITS, PLACEMENTS, placed

if TYPE_CHECKING:
    from cardscript.games.battle_scenes.runtime.game import Game

__all__ = ["QUIET_EVENTS", "Derived", "StaleDerivedState", "cached", "edited", "kept_while", "reused", "table",
           "touch", "version"]

T = TypeVar("T")


QUIET_EVENTS = frozenset({"phase_start", "phase_end", "countdown_skipped", "damage_calculation", "look", "declined"})
"""Events ``Game.emit`` sends that change nothing in the state (the phase and step they mark are set before them and
read by :func:`version` itself): they do not change the version."""


class StaleDerivedState(AssertionError):
    """A kept answer differs from the one computed from scratch: an event that changed it did not invalidate it."""


@dataclass
class Derived:
    """The tables of derived answers of one game, valid for the state version ``key``."""

    events: int = 0                       # events emitted that can change the state (``Game.emit``)
    touched: int = 0                      # state edits with no event (:func:`edited`, :func:`touch`)
    key: tuple[Any, ...] = ()
    tables: dict[str, dict[Any, Any]] = field(default_factory=dict)
    check_every: int = 4                  # in check mode, recompute every n-th answer taken from a table
    hits: int = 0
    misses: int = 0
    checked: int = 0
    lasting: dict[str, tuple[Any, Any]] = field(default_factory=dict)   # answers kept across versions while
    #                                      what they read is unchanged (:func:`kept_while`): name -> (signature, value)
    settling: dict[Any, Any] = field(default_factory=dict)   # statics being settled (statics._settled): their
    #                                      approximation so far, by (kinds, layer)
    reentered: set[Any] = field(default_factory=set)          # ... and those asked for again meanwhile
    placed_stamp: tuple[Any, ...] = ()    # the placement (statics._placement) the answers below were found for
    placed_answers: dict[Any, Any] = field(default_factory=dict)   # the continuous effects that read only it, by
    #                                      question; None: the question reads more (statics._placed_only)


def version(game: Game) -> tuple[Any, ...]:
    """The state's version: changes whenever an event that can change the state is emitted or the state is edited
    (module docstring)."""
    s = game.state
    d = game.derived
    return (d.events, d.touched, BASE_EDITS[0], PLACEMENTS[0], s.turn, s.turn_player, s.active_player,
            s.first_player, s.phase, s.step, len(s.effects), s.next_effect_uid, len(game.cards), len(s.scene),
            s.scenario)


def touch(game: Game) -> None:
    """The state (or a card's definition) was changed by hand with no event -- a test, a tool: every answer kept
    is dropped, those kept across versions too (:func:`kept_while`)."""
    edited(game)
    placed()
    game.derived.lasting.clear()
    game.derived.placed_answers.clear()


def edited(game: Game) -> None:
    """The engine changed the state with no event (a card's choice remembered, the turn's memory of targets, an
    action in use, a per-turn flag): the answers kept for this version are dropped; an answer kept across versions
    compares what it reads (:func:`kept_while`), which the engine's edits change only through the state."""
    game.derived.touched += 1


def table(game: Game, name: str) -> dict[Any, Any]:
    """The table ``name`` of the state's version (emptied when the version changed): for a caller that keeps
    many small answers itself (not checked in check mode: check what they make)."""
    d = game.derived
    key = version(game)
    if key != d.key:
        d.key = key
        d.tables = {}
    found = d.tables.get(name)
    if found is None:
        found = d.tables[name] = {}
    return found


def cached(game: Game, name: str, key: Any, compute: Callable[[], T],
           same: Callable[[T, T], bool] | None = None) -> T:
    """The answer ``compute()`` gives for ``key`` in table ``name``, computed once per state version."""
    d = game.derived
    now = version(game)
    if now != d.key:
        d.key, d.tables = now, {}
    kept = d.tables.get(name)
    if kept is None:
        kept = d.tables[name] = {}
    if key in kept:
        found: T = kept[key]
        return _reused(game, name, key, found, compute, same)
    d.misses += 1
    value = compute()
    if version(game) == now:            # not when computing it changed the state (tables dropped meanwhile: anew)
        if d.key != now:
            d.key, d.tables = now, {}
        d.tables.setdefault(name, {})[key] = value
    return value


def reused(game: Game, name: str, key: Any, value: T, compute: Callable[[], T],
           same: Callable[[T, T], bool] | None = None) -> T:
    """An answer a caller keeps itself (with what it read: its docstring says which edits drop it) given again:
    counted like those of the tables, and in check mode every ``check_every``-th one recomputed from scratch by
    ``compute`` and compared (:class:`StaleDerivedState`)."""
    return _reused(game, name, key, value, compute, same)


def _reused(game: Game, name: str, key: Any, value: T, compute: Callable[[], T],
            same: Callable[[T, T], bool] | None) -> T:
    """A kept answer given again: counted, and in check mode every ``check_every``-th one recomputed."""
    d = game.derived
    d.hits += 1
    if game.check and d.hits % max(1, d.check_every) == 0:
        _verify(game, name, key, value, compute, same)
    return value


def kept_while(game: Game, name: str, signature: Any, compute: Callable[[], T],
               same: Callable[[T, T], bool] | None = None) -> T:
    """The answer ``compute()`` gives, kept across state versions while ``signature`` (all the answer reads, cheap
    to build: the cards in place and who carries what) is unchanged. Checked in check mode like :func:`cached`."""
    d = game.derived
    hit = d.lasting.get(name)
    if hit is not None and hit[0] == signature:
        lasting: T = hit[1]
        return _reused(game, name, signature, lasting, compute, same)
    d.misses += 1
    value = compute()
    d.lasting[name] = (signature, value)
    return value


def _verify(game: Game, name: str, key: Any, value: T, compute: Callable[[], T],
            same: Callable[[T, T], bool] | None) -> None:
    """Check mode: recompute from scratch (empty tables, put back afterwards) and compare."""
    d = game.derived
    kept_key, kept, lasting, stamp, placed = d.key, d.tables, d.lasting, d.placed_stamp, d.placed_answers
    d.tables, d.lasting, d.placed_stamp, d.placed_answers = {}, {}, (), {}
    try:
        fresh = compute()
    finally:
        d.key, d.tables, d.lasting, d.placed_stamp, d.placed_answers = kept_key, kept, lasting, stamp, placed
    d.checked += 1
    if not (same(value, fresh) if same is not None else value == fresh):
        raise StaleDerivedState(f"stale derived state: {name}[{key!r}] kept {value!r}, from scratch {fresh!r}")
