"""Win rates of a simulation with their 95% confidence intervals (``cardscript simulate``, docs/simulation.md).

Read from the :class:`~cardscript.games.battle_scenes.runtime.match.MatchRecord` list of a report: out of the matches
**won by a
side** (4.9: a victory by points or a defeat by deck; unfinished matches, crashes and invariant violations are
left out, and counted apart by the report), how often each deck won -- over all of them, in the matches it
started and in those its opponent started (who starts is chosen in 6.1) -- and how often the starting player
won, whichever deck it was.

The interval is the Wilson score interval (Wilson 1927) at 95% (z = 1.959964): unlike the normal approximation
it stays inside [0, 1] and is sound for few matches and for rates near 0 or 1.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

Z95 = 1.959963984540054            # the 97.5th percentile of the standard normal distribution
INTERVAL = "Wilson score interval, 95%"


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` successes in ``games`` trials; (0, 1) when there are none."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    low = 0.0 if wins == 0 else max(0.0, centre - half)      # exactly 0 and 1 there, not a rounding away
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


class Played(Protocol):
    """What a win rate reads of a match (a ``MatchRecord``)."""

    @property
    def winner(self) -> int | None: ...

    @property
    def first(self) -> int | None: ...


@dataclass(frozen=True)
class WinRate:
    """``wins`` of ``games`` matches, as a rate with its interval: of the deck ``deck`` (None: whichever deck
    the row's player had), in the matches it started (``starting`` True), those it did not (False) or all
    (None)."""

    deck: str | None
    starting: bool | None
    wins: int
    games: int

    @property
    def who(self) -> str:
        if self.deck is None:
            return "the starting player" if self.starting else "the second player"
        return self.deck + {None: "", True: ", starting", False: ", second"}[self.starting]

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {"deck": self.deck, "starting": self.starting, "wins": self.wins, "games": self.games,
                "rate": round(self.rate, 4), "low": round(low, 4), "high": round(high, 4)}


def win_rates(matches: Sequence[Played], names: Sequence[str]) -> list[WinRate]:
    """The rows of the table: each deck (player 0 plays ``names[0]``), then each deck when it started and when
    its opponent started, then the starting player, whichever deck. Only matches with a winner count."""
    decided = [m for m in matches if m.winner is not None and m.first is not None]
    rows = [WinRate(names[p], None, sum(1 for m in decided if m.winner == p), len(decided)) for p in (0, 1)]
    for p in (0, 1):
        for starting in (True, False):
            played = [m for m in decided if (m.first == p) == starting]
            rows.append(WinRate(names[p], starting, sum(1 for m in played if m.winner == p), len(played)))
    rows.append(WinRate(None, True, sum(1 for m in decided if m.winner == m.first), len(decided)))
    return rows


def win_rates_dict(matches: Sequence[Played], names: Sequence[str]) -> dict[str, Any]:
    """The table as ``--json`` writes it: the interval used and the rows (each ``deck``, ``starting``, ``wins``,
    ``games``, ``rate``, ``low``, ``high``; the starting player's row has ``deck`` null)."""
    return {"interval": INTERVAL, "rows": [r.to_dict() for r in win_rates(matches, names)]}
