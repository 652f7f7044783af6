"""``cardscript simulate --workers N`` and ``--ray ADDRESS`` (runtime/parallel.py): the same report as the serial
run for the same seeds -- the counts, the failures with their seeds in the same order, the matches, the text and
the ``--json`` -- whatever order the chunks finish in; the progress bar only on a terminal."""

from __future__ import annotations

import io
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardscript.cli import main
from cardscript.games.battle_scenes.runtime.match import CRASH, SimulationReport, simulate_matches
from cardscript.games.battle_scenes.runtime.parallel import (
    MAX_CHUNK,
    MatchSettings,
    RandomDecks,
    chunks,
    merge,
    simulate_processes,
    simulate_ray,
)
from cardscript.games.battle_scenes.runtime.random_decks import card_pool
from tests import parallel_faults
from tests.card_library import write_library

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["--games", "5", "--seed", "3"]


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["simulate", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def comparable(report: SimulationReport) -> dict[str, Any]:
    """All a report says, the crashes' tracebacks (by seed) included."""
    return {**report.to_dict(), "tracebacks": [seed for seed, _ in report.tracebacks],
            "failure_order": [f.to_dict() for f in report.failures]}


@given(games=st.integers(0, 400), seed=st.integers(-50, 50), workers=st.integers(1, 8))
def test_the_chunks_cover_every_seed_once_in_order(games: int, seed: int, workers: int) -> None:
    plan = chunks(games, seed, workers)
    assert [s for start, count in plan for s in range(start, start + count)] == list(range(seed, seed + games))
    assert all(1 <= count <= MAX_CHUNK for _, count in plan)
    if games >= workers:
        assert len(plan) >= workers, "every worker gets a chunk"


@dataclass(frozen=True)
class Faulty:
    """The test library's random decks and settings; with the faults injected, the serial report of seeds
    0..9 and each seed's report played alone."""

    decks: RandomDecks
    options: MatchSettings
    serial: SimulationReport
    singles: list[SimulationReport]


@pytest.fixture(scope="module")
def faulty(tmp_path_factory: pytest.TempPathFactory) -> Faulty:
    folder = write_library(tmp_path_factory.mktemp("cards"))
    pool = card_pool([folder])
    decks = RandomDecks(tuple(pool.definitions))
    options = MatchSettings(files={c.definition.title: c.path for c in pool.cards}, record_decks=True)
    with pytest.MonkeyPatch.context() as patch:            # in this process for these runs only
        parallel_faults.inject(patch.setattr)
        expected = simulate_matches(decks, 10, seed=0, max_turns=options.max_turns, agents=options.agents,
                                    files=options.files, record_decks=options.record_decks)
        singles = [options.play(decks, s, 1) for s in range(10)]
    return Faulty(decks, options, expected, singles)


def test_the_faults_give_failures_of_both_kinds(faulty: Faulty) -> None:
    report = faulty.serial
    assert {f.crash for f in report.failures} == {True, False}, "a procedure error and an engine crash to merge"
    assert report.crashes >= 1 and any(m.ended == CRASH for m in report.matches)
    assert any(len(seeds) > 1 for seeds in report.failure_seeds.values())


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_merging_chunks_in_any_order_gives_the_serial_report(faulty: Faulty, data: st.DataObject) -> None:
    cuts = sorted(data.draw(st.sets(st.integers(1, 9), max_size=9)))
    bounds = [0, *cuts, 10]
    parts = [(i, merge(enumerate(faulty.singles[a:b])))
             for i, (a, b) in enumerate(zip(bounds, bounds[1:], strict=False))]
    random.Random(data.draw(st.integers(0, 2**32))).shuffle(parts)
    assert comparable(merge(parts)) == comparable(faulty.serial)


def test_worker_processes_give_the_serial_report_with_its_failures(faulty: Faulty) -> None:
    seen: list[tuple[int, int]] = []
    report = simulate_processes(parallel_faults.FaultyDecks(faulty.decks.cards), faulty.options, 10, 0, workers=2,
                                progress=lambda done, total: seen.append((done, total)))
    assert comparable(report) == comparable(faulty.serial)
    assert seen[0] == (0, 10) and seen[-1] == (10, 10) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_simulate_workers_2_prints_the_serial_report(capsys: pytest.CaptureFixture[str]) -> None:
    status, one, _ = cli(capsys, *GAMES, "--json")
    assert status == 0
    assert cli(capsys, *GAMES, "--json", "--workers", "2") == (0, one, "")
    doc = json.loads(one)
    assert [m["seed"] for m in doc["matches"]] == [3, 4, 5, 6, 7]
    assert all(m["first"] in (0, 1) for m in doc["matches"] if m["winner"] is not None)
    status, text, _ = cli(capsys, *GAMES)
    assert (status, text) == cli(capsys, *GAMES, "--workers", "2")[:2]
    assert "win rates, of the matches won by a side (Wilson score interval, 95%):" in text


def test_random_decks_over_workers_print_the_serial_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_library(tmp_path)
    args = ["--library", str(folder), "--random-decks", *GAMES, "--json"]
    status, one, notes = cli(capsys, *args)
    assert status == 0 and cli(capsys, *args, "--workers", "3") == (0, one, notes), "the notes once, as serial"


def test_bad_workers_are_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    for bad in ("0", "two"):
        status, _, err = cli(capsys, "--games", "1", "--workers", bad)
        assert status == 2 and "--workers" in err and "Traceback" not in err


def test_without_ray_the_ray_option_says_how_to_install_it(capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)          # import ray: ImportError, as when it is not installed
    status, out, err = cli(capsys, *GAMES, "--ray", "auto", "--quiet")
    assert status == 2 and out == ""
    assert "--ray needs Ray" in err and "pip install 'cardscript[ray]'" in err and "Traceback" not in err


# -- the progress bar -------------------------------------------------------------------------------------

class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_no_progress_bar_when_standard_error_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(capsys, "--games", "2")[2] == ""


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_progress_bar_on_a_terminal_unless_quiet_or_json(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str], workers: str) -> None:
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["simulate", "--games", "2", "--workers", workers]) == 0
    assert "matches" in terminal.getvalue() and "2/2" in terminal.getvalue()
    for quiet in ("--quiet", "--json"):
        terminal.seek(0)
        terminal.truncate()
        assert main(["simulate", "--games", "2", quiet]) == 0
        assert terminal.getvalue() == ""
    capsys.readouterr()


# -- Ray: a local instance started by the test ------------------------------------------------------------

@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install '.[ray]'); .ci/run installs it")
    ray.init(num_cpus=2, include_dashboard=False, runtime_env={"env_vars": {"PYTHONPATH": str(ROOT)}})
    try:
        yield ray
    finally:
        ray.shutdown()


def test_ray_gives_the_serial_report(local_ray: Any, capsys: pytest.CaptureFixture[str]) -> None:
    status, one, _ = cli(capsys, *GAMES, "--json")
    status_ray, on_ray, _ = cli(capsys, *GAMES, "--json", "--ray", "auto", "--workers", "2")
    assert (status_ray, on_ray) == (status, one)
    assert local_ray.is_initialized(), "a Ray instance the caller started is left running"


def test_ray_gives_the_serial_report_with_its_failures(local_ray: Any, faulty: Faulty) -> None:
    report = simulate_ray(parallel_faults.FaultyDecks(faulty.decks.cards), faulty.options, 10, 0, workers=None,
                          address="auto")
    assert comparable(report) == comparable(faulty.serial)
