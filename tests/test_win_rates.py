"""Win rates per deck and per starting player with Wilson 95% intervals (engine/win_rates.py), and the table
``simulate`` prints (plain text off a terminal, rich on one)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from cardscript.engine.win_rates import WinRate, wilson, win_rates, win_rates_dict
from cardscript.tools.terminal import print_win_rates, win_rates_lines


@dataclass(frozen=True)
class Played:
    winner: int | None
    first: int | None


def test_wilson_interval_known_values() -> None:
    """Worked values of the Wilson score interval at z = 1.96 (e.g. 5 of 10: 0.2366-0.7634)."""
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(52, 100) == pytest.approx((0.4232, 0.6154), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


@given(games=st.integers(1, 10_000), data=st.data())
def test_the_interval_holds_the_rate_and_narrows_with_more_matches(games: int, data: st.DataObject) -> None:
    wins = data.draw(st.integers(0, games))
    low, high = wilson(wins, games)
    assert 0.0 <= low <= wins / games <= high <= 1.0
    low4, high4 = wilson(wins * 4, games * 4)
    assert high4 - low4 < high - low


@given(st.lists(st.tuples(st.sampled_from([0, 1, None]), st.sampled_from([0, 1, None])), max_size=60))
def test_the_rows_count_the_matches_won_by_a_side(records: list[tuple[int | None, int | None]]) -> None:
    matches = [Played(w, f) for w, f in records]
    decided = [m for m in matches if m.winner is not None and m.first is not None]
    a, b, a_first, a_second, b_first, b_second, starter = win_rates(matches, ("A", "B"))
    assert [r.who for r in (a, b, a_first, a_second, b_first, b_second, starter)] == [
        "A", "B", "A, starting", "A, second", "B, starting", "B, second", "the starting player"]
    assert a.games == b.games == starter.games == len(decided)
    assert a.wins + b.wins == len(decided)
    assert a_first.games + a_second.games == len(decided) == b_first.games + b_second.games
    assert a_first.games == b_second.games and a_first.wins + b_second.wins == a_first.games
    assert a_first.wins + a_second.wins == a.wins
    assert starter.wins == a_first.wins + b_first.wins


def test_the_json_rows() -> None:
    doc = win_rates_dict([Played(0, 0), Played(0, 1), Played(1, 1), Played(None, None)], ("A", "B"))
    assert doc["interval"] == "Wilson score interval, 95%"
    first = doc["rows"][0]
    assert first == {"deck": "A", "starting": None, "wins": 2, "games": 3, "rate": 0.6667,
                     "low": round(wilson(2, 3)[0], 4), "high": round(wilson(2, 3)[1], 4)}
    assert doc["rows"][-1]["deck"] is None and doc["rows"][-1]["starting"] is True
    assert doc["rows"][-1]["wins"] == 2


def test_the_plain_table_is_aligned_and_a_row_without_matches_has_no_rate() -> None:
    rows = [WinRate("vingadores", None, 23, 50), WinRate("irmandade", True, 0, 0)]
    lines = win_rates_lines(rows)
    assert lines[0] == "win rates, of the matches won by a side (Wilson score interval, 95%):"
    assert lines[2].split() == ["vingadores", "23", "50", "46.0%", "33.0%", "-", "59.6%"]
    assert lines[3].split() == ["irmandade,", "starting", "0", "0", "-", "-"]
    assert len({len(line) for line in lines[1:3]}) == 1


def test_the_rich_table() -> None:
    console = Console(record=True, width=100, force_terminal=True)
    print_win_rates([WinRate("vingadores", None, 23, 50)], console=console)
    text = console.export_text()
    assert "win rates" in text and "vingadores" in text and "33.0% - 59.6%" in text and "95% interval" in text
    assert "Wilson score interval, 95%" in text
