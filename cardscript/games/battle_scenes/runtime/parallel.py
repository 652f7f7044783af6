"""A simulation's matches over worker processes on one machine, or over a Ray cluster (``cardscript simulate
--workers N`` / ``--ray ADDRESS``, docs/simulation.md).

The seeds are cut into chunks of consecutive seeds (:func:`chunks`). Each worker receives the deck source once
-- the compiled cards themselves, pickled, so no worker compiles the library nor needs the card files -- and
plays chunk after chunk with :func:`~cardscript.games.battle_scenes.runtime.match.simulate_matches`, so each match is
played exactly
as the serial run plays it. The chunks' reports are merged in seed order whatever order they finish in
(:func:`merge`), which gives the serial run's report: the same counts, the same failures in the same order with
the same seeds, the same list of matches.

Processes are started with ``spawn`` (no state inherited from the parent, the same on every platform). Ray is an
optional dependency (``pip install 'cardscript[ray]'``); without it :class:`RayMissing` says so.
"""

from __future__ import annotations

import logging
import math
import multiprocessing
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from cardscript.compiler.ir import CardDef
from cardscript.games.battle_scenes.runtime.match import DeckSource, SimulationReport, simulate_matches

Progress = Callable[[int, int], None]
GUIDED = 4                     # a chunk holds 1/(GUIDED * workers) of the matches left: large chunks first,
MAX_CHUNK = 25                 # single matches at the end, so the workers finish together; the bar moves often


class WorkerFailed(Exception):
    """A worker process (or Ray actor) died or could not start: the run cannot give a complete report."""


class RayMissing(WorkerFailed):
    """``--ray`` without Ray installed."""


# -- what a worker receives once --------------------------------------------------------------------------

@dataclass(frozen=True)
class FixedDecks:
    """The same two decks in every match (``--deck-a`` / ``--deck-b``): a picklable deck source."""

    deck_a: tuple[CardDef, ...]
    deck_b: tuple[CardDef, ...]

    def __call__(self, seed: int) -> tuple[Sequence[CardDef], Sequence[CardDef]]:
        return self.deck_a, self.deck_b


@dataclass(frozen=True)
class RandomDecks:
    """Two new random decks per match from a pool (``--random-decks``, :func:`random_decks.random_decks`)."""

    cards: tuple[CardDef, ...]

    def __call__(self, seed: int) -> tuple[Sequence[CardDef], Sequence[CardDef]]:
        from cardscript.games.battle_scenes.runtime.random_decks import random_decks

        return random_decks(self.cards, seed)


@dataclass(frozen=True)
class MatchSettings:
    """How every match is played (the arguments of :func:`simulate_matches` besides the seeds)."""

    agents: str = "random"
    max_turns: int = 200
    check: bool = True
    files: Mapping[str, str] = field(default_factory=dict)
    record_decks: bool = False

    def play(self, decks: DeckSource, start: int, count: int) -> SimulationReport:
        """The matches of seeds ``start`` .. ``start + count - 1``, as the serial run plays them."""
        return simulate_matches(decks, count, seed=start, max_turns=self.max_turns, check=self.check,
                                agents=self.agents, files=self.files, record_decks=self.record_decks)


# -- cutting and merging ----------------------------------------------------------------------------------

def chunks(games: int, seed: int, workers: int) -> list[tuple[int, int]]:
    """``(first seed, matches)`` of each chunk, in seed order, covering ``seed`` .. ``seed + games - 1``: guided
    self-scheduling (each chunk a share of the matches left), at most :data:`MAX_CHUNK` matches a chunk."""
    plan: list[tuple[int, int]] = []
    done = 0
    while done < games:
        size = max(1, min(MAX_CHUNK, math.ceil((games - done) / (GUIDED * max(1, workers)))))
        plan.append((seed + done, size))
        done += size
    return plan


def merge(parts: Iterable[tuple[int, SimulationReport]]) -> SimulationReport:
    """One report from the chunks' ``(index, report)``, in any order: merged in index (seed) order, so a failure
    is listed where the serial run first met it and its seeds in seed order."""
    total = SimulationReport()
    for _, part in sorted(parts, key=lambda p: p[0]):
        total.games += part.games
        total.wins = [a + b for a, b in zip(total.wins, part.wins, strict=True)]
        for reason, n in part.by_reason.items():
            total.by_reason[reason] = total.by_reason.get(reason, 0) + n
        total.unfinished += part.unfinished
        total.violations.extend(part.violations)
        total.turns += part.turns
        total.procedures += part.procedures
        total.procedure_errors += part.procedure_errors
        total.crashes += part.crashes
        for failure, n in part.failures.items():
            total.failures[failure] = total.failures.get(failure, 0) + n
            seeds = total.failure_seeds.setdefault(failure, [])
            seeds.extend(s for s in part.failure_seeds.get(failure, []) if s not in seeds)
        total.matches.extend(part.matches)
        total.tracebacks.extend(part.tracebacks)
    return total


# -- processes on this machine ----------------------------------------------------------------------------

_worker: tuple[DeckSource, MatchSettings] | None = None


def _start_worker(decks: DeckSource, settings: MatchSettings) -> None:
    global _worker
    _worker = (decks, settings)


def _play_chunk(start: int, count: int) -> SimulationReport:
    assert _worker is not None, "the worker was not started"
    decks, settings = _worker
    return settings.play(decks, start, count)


def simulate_processes(decks: DeckSource, settings: MatchSettings, games: int, seed: int, workers: int,
                       progress: Progress | None = None) -> SimulationReport:
    """The report of :func:`simulate_matches` for the same arguments, the matches played by ``workers``
    processes. ``decks`` must be picklable (:class:`FixedDecks`, :class:`RandomDecks`)."""
    plan = chunks(games, seed, workers)
    if progress is not None:
        progress(0, games)
    parts: list[tuple[int, SimulationReport]] = []
    done = 0
    pool = ProcessPoolExecutor(max_workers=max(1, min(workers, len(plan))),
                               mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_worker, initargs=(decks, settings))
    try:
        futures: dict[Future[SimulationReport], tuple[int, int]] = {
            pool.submit(_play_chunk, start, count): (i, count) for i, (start, count) in enumerate(plan)}
        for future in as_completed(futures):
            index, count = futures[future]
            parts.append((index, future.result()))
            done += count
            if progress is not None:
                progress(done, games)
    except BrokenProcessPool as exc:
        raise WorkerFailed(f"a worker process died ({exc})") from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return merge(parts)


# -- a Ray cluster ----------------------------------------------------------------------------------------

def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RayMissing("--ray needs Ray, an optional dependency: pip install 'cardscript[ray]' "
                         "(or pip install ray)") from None
    return ray


class RayPlayer:
    """A Ray actor: receives the deck source and the settings once, then plays chunks."""

    def __init__(self, decks: DeckSource, settings: MatchSettings) -> None:
        self.decks = decks
        self.settings = settings

    def play(self, start: int, count: int) -> SimulationReport:
        return self.settings.play(self.decks, start, count)


def simulate_ray(decks: DeckSource, settings: MatchSettings, games: int, seed: int, workers: int | None,
                 address: str | None, progress: Progress | None = None) -> SimulationReport:
    """As :func:`simulate_processes`, the chunks played by ``workers`` Ray actors (None: one per CPU of the
    cluster). Connects to the cluster at ``address`` (``ray.init``: ``auto``, ``ray://HOST:10001``, ``local``
    for a new local instance) unless Ray is already initialised in this process; shuts down what it started."""
    ray = _ray()
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"address": address, "logging_level": logging.WARNING}
        if address in (None, "local"):
            options["include_dashboard"] = False
        try:
            ray.init(**options)
        except Exception as exc:  # noqa: BLE001 - no cluster there, a bad address: one message
            raise WorkerFailed(f"--ray {address}: cannot connect to a Ray cluster ({exc})") from None
    try:
        if workers is None:
            workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        plan = chunks(games, seed, workers)
        if progress is not None:
            progress(0, games)
        actor = ray.remote(num_cpus=1)(RayPlayer)
        decks_ref = ray.put(decks)
        players = [actor.remote(decks_ref, settings) for _ in range(max(1, min(workers, len(plan))))]
        queue = list(enumerate(plan))
        pending: dict[Any, tuple[int, int, Any]] = {}

        def submit(player: Any) -> None:
            if queue:
                index, (start, count) = queue.pop(0)
                pending[player.play.remote(start, count)] = (index, count, player)

        for player in players:
            submit(player)
        parts: list[tuple[int, SimulationReport]] = []
        done = 0
        while pending:
            (ready, *_), _ = ray.wait(list(pending), num_returns=1)
            index, count, player = pending.pop(ready)
            try:
                parts.append((index, ray.get(ready)))
            except Exception as exc:  # noqa: BLE001 - an actor died: the report would be incomplete
                raise WorkerFailed(f"a Ray worker failed ({type(exc).__name__}: {exc})") from None
            done += count
            if progress is not None:
                progress(done, games)
            submit(player)
        for player in players:
            ray.kill(player)
        return merge(parts)
    finally:
        if started:
            ray.shutdown()
