"""A match log cut into resolutions, printed step by step (``cardscript explain LOG``; principle 9).

:func:`resolutions` cuts a log into resolutions: a play, or effects triggered outside one, to the moment the
Effects Tree (9.1.2) is empty again. :func:`explain_resolutions` prints each with the *detailed* trace writer
(:class:`cardscript.games.battle_scenes.runtime.trace.TraceWriter` with ``detail=True``): its play, the Effects Tree's
levels, pauses
and resumptions, the procedures' events and every damage calculation in full, in the rulebook's lettering
(4.8.3: A, B, C, D, E, F.B, F.C, F.D, F.E).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardscript.engine.events import Event
from cardscript.games.battle_scenes.runtime.trace import PHASE_NAMES, Namer, TraceWriter, default_name

__all__ = ["Resolution", "explain_resolutions", "resolutions"]

_BOUNDARIES = frozenset({"match", "lot", "first_player", "status", "phase_start", "phase_end", "turn_over",
                         "end_of_turn_resets", "game_over", "result"})
_CONTENT = frozenset({"action", "enter_scene", "damage_calculation", "damage", "knocked_out", "destroyed"})


@dataclass
class Resolution:
    """One resolution in a log: a play (``play``: the option its player chose, "" for effects triggered
    outside a play, at the start of a phase for instance) and everything that happened until the Effects
    Tree was empty again. ``number`` counts the turn's resolutions from 1; ``events`` are indexes into the
    log's events."""

    turn: int
    number: int
    phase: str
    step: str
    player: int | None = None
    play: str = ""
    events: list[int] = field(default_factory=list)

    def title(self) -> str:
        where = ", ".join(PHASE_NAMES.get(p, p) for p in (self.phase, self.step) if p)
        what = f"P{self.player} plays: {self.play}" if self.play else "effects triggered outside a play"
        return f"Resolution {self.turn}.{self.number} ({where or 'no phase'}) -- {what}"


def resolutions(events: Sequence[Event]) -> list[Resolution]:
    """Cut a log into resolutions: each ``play`` choice made while the Effects Tree is empty opens one (ending
    a phase or a step is not a play); a phase or turn boundary closes it; effects that trigger outside a play
    make one of their own. Draws, the countdown and the setup are not resolutions."""
    found: list[Resolution] = []
    per_turn: dict[int, int] = {}
    turn, phase, step, open_effects = 0, "", "", 0
    current: Resolution | None = None
    keep = False

    def close() -> None:
        nonlocal current, keep
        if current is not None and keep:
            per_turn[current.turn] = current.number = per_turn.get(current.turn, 0) + 1
            found.append(current)
        current, keep = None, False

    for i, e in enumerate(events):
        k, d = e.kind, e.data
        if k in _BOUNDARIES:
            close()
            open_effects = 0
            turn = int(d.get("turn", turn))
            if k == "phase_start":
                phase, step = (phase, str(d["step"])) if d.get("step") else (str(d.get("phase", "")), "")
            elif k == "phase_end" and d.get("step"):
                step = ""
            continue
        if k == "choice" and d.get("decision") == "play" and open_effects <= 0:
            close()
            picked = str((d.get("picked") or [""])[0])
            current = Resolution(turn, 0, phase, step, int(d["player"]), picked)
            keep = bool(picked) and not picked.startswith("end ")
        if current is None:
            current = Resolution(turn, 0, phase, step)
        current.events.append(i)
        if k.startswith("tree_") or k in _CONTENT:
            keep = keep or turn > 0
        if k == "tree_pending":
            open_effects += 1
        elif k in ("tree_end", "tree_skip"):
            open_effects -= 1
    close()
    return found


def explain_resolutions(events: Sequence[Event], name: Namer = default_name, turn: int | None = None
                        ) -> list[str]:
    """Each resolution of ``turn`` (or of every turn) step by step: its play, the Effects Tree's levels,
    pauses and resumptions, the procedures' events and every damage calculation in full, in the rulebook's
    lettering. Each turn starts with its header (points, hand / deck / resources / prizes, the scene)."""
    found = resolutions(events)
    of_event = {i: r for r in found for i in r.events}
    per_turn: dict[int, int] = {}
    for res in found:
        per_turn[res.turn] = per_turn.get(res.turn, 0) + 1
    writer = TraceWriter(name, detail=True)
    out: list[str] = []
    current: Resolution | None = None

    def chosen(r: Resolution | None) -> bool:
        return r is not None and (turn is None or r.turn == turn)

    for i, e in enumerate(events):
        r = of_event.get(i)
        if r is not current:
            held = writer.finish()
            if chosen(current):
                out.extend(held)
            if r is not None and chosen(r):
                out.extend(["", r.title()])
            current = r
        if e.kind == "status":
            writer.finish()
            lines = writer.feed(e)
            t = int(e.data.get("turn", 0))
            if turn is None or t == turn:
                out.extend(lines)
                if not per_turn.get(t):
                    out.append("  (nothing was played or resolved in this turn)")
            continue
        lines = writer.feed(e)
        if chosen(current):
            out.extend(lines)
    held = writer.finish()
    if chosen(current):
        out.extend(held)
    return out
