"""What ``cardscript simulate`` shows a person: a rich progress bar on standard error when it is a terminal (none
otherwise), and the win-rate table -- a rich table when standard output is a terminal, plain aligned text
otherwise (a file, a pipe, a test). ``rich`` is imported only when a terminal is there to draw on."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from cardscript.engine.win_rates import INTERVAL, WinRate
from cardscript.tools.common import out

Progress = Callable[[int, int], None]


@contextlib.contextmanager
def progress_bar(enabled: bool = True, label: str = "matches") -> Iterator[Progress | None]:
    """A ``progress(done, total)`` callback drawing a rich progress bar on standard error, or None (no bar) when
    not ``enabled`` or standard error is not a terminal."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    from rich import progress as rp
    from rich.console import Console

    bar = rp.Progress(rp.TextColumn(label), rp.BarColumn(), rp.MofNCompleteColumn(), rp.TimeElapsedColumn(),
                      rp.TimeRemainingColumn(), console=Console(file=sys.stderr))
    task = bar.add_task(label, total=None)

    def update(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    with bar:
        yield update


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def _cells(row: WinRate) -> list[str]:
    low, high = row.interval
    if not row.games:
        return [row.who, "0", "0", "-", "-"]
    return [row.who, str(row.wins), str(row.games), _percent(row.rate), f"{_percent(low)} - {_percent(high)}"]


HEADER = ["", "wins", "of", "rate", "95% interval"]


def win_rates_lines(rows: Sequence[WinRate]) -> list[str]:
    """The table as plain text: a title line, then aligned columns."""
    table = [HEADER, *(_cells(r) for r in rows)]
    widths = [max(len(line[k]) for line in table) for k in range(len(HEADER))]
    lines = [f"win rates, of the matches won by a side ({INTERVAL}):"]
    for line in table:
        cells = [line[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(line[1:], widths[1:], strict=True)]
        lines.append("  " + "  ".join(cells).rstrip())
    return lines


def print_win_rates(rows: Sequence[WinRate], console: Any = None) -> None:
    """The table on standard output: rich when it is a terminal (or ``console`` is given), plain otherwise."""
    if console is None and not sys.stdout.isatty():
        for line in win_rates_lines(rows):
            out(line)
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title="win rates, of the matches won by a side", title_justify="left",
                  caption=f"the intervals: {INTERVAL}", caption_justify="left")
    for k, name in enumerate(HEADER):
        table.add_column(name, justify="left" if k == 0 else "right")
    for row in rows:
        table.add_row(*_cells(row))
    (console or Console(file=sys.stdout)).print(table)
