"""Shields in complex situations (rules 4.8.6), as pure functions over a record of shield events.

A character's or support's shield is computed, never stored: :class:`ShieldRecord` holds its nominal
(printed) shield and the events that touched it this turn, in the order they happened, and
:func:`shield_value` / :func:`explain` replay them as 4.8.6 says:

**A. The Base Shield** is the nominal value, or, while one or more effects that set the shield to a value
are in operation (Mach 6 of Homem de Ferro V2, Karnak V1, Alucinação, Portal para o Microverso, Hulk V1),
the value of the last of them that came into operation and is still in operation. That effect opens a
*time window* (an "epoch"): every event belongs to the window in operation when it happened.

* A.1: while that effect is in operation, damage and penalties that happened outside its duration are not
  applied; A.2: once it is no longer in operation, those that happened during its duration are not applied.
* B.1 / B.2: the same for shield bonuses, by the window in which each bonus *began*. A bonus that stops and
  later resumes keeps the window in which it began, so (ATENÇÃO 1) a bonus that stopped while a set-value
  effect was in operation and resumes after that effect ended is not applied, and (ATENÇÃO 2) a bonus that
  stopped before a set-value effect began and resumes while it operates is not applied either.

Reading chosen (the English translation places these paragraphs out of order; this follows the Portuguese):
an event belongs to the window of the last-started set-value effect in operation when it happened, or to the
nominal window when there is none. Events of the nominal window before a set-value effect count again once
all set-value effects have ended (A.2 only discards what happened *during* the ended effect). Static bonuses
that are in operation from the same moment as a set-value effect (both "since the start of the turn") are
recorded after it, so they belong to its window (the Mansão dos Vingadores example: Hulk V1 with one card has
shield 0 + 1).

**B. The Total Shield Bonus** is all bonuses together (including the base card's own texts), one pool.

**C. Penalties** (damage absorbed by the shield, "Escudo -N") go to the Base Shield first and, once it is 0,
to the Total Shield Bonus. The shield is never below 0: what a penalty could not take is lost, and is not
applied retroactively if the shield rises later (Abutre V1 with Proteção, Amarrar, then Armadura de Combate
I.M.A.).

**Suspended bonuses**: when a bonus stops or is reduced, the amount stopped is taken from the shield (not
below 0); if the same effect later grants its bonus again, it gives back only what was actually taken when it
stopped (updated by the changes of its value meanwhile), not its full value (Homem-Aranha V4 losing and
regaining Armadura de Combate I.M.A.'s bonus). A bonus whose effect ends for good is taken the same way; a
card loaded again makes a *new* effect, with its full bonus (a new ``effect`` id).

**End of turn** (4.8.1.1 ATENÇÃO): shields are restored to their original values plus the bonuses that still
apply: :func:`end_of_turn` gives the record for the next turn.

Event ids: each set-value effect and each bonus effect has an id unique in the record ("Armadura#2" for
the second time the card is loaded).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

__all__ = [
    "ShieldBreakdown", "ShieldDuration", "ShieldEvent", "ShieldEventKind", "ShieldRecord", "absorb", "end_of_turn",
    "explain", "format_shield", "shield_value",
]


class ShieldEventKind(StrEnum):
    SET_BASE = "set_base"             # an effect sets the shield to ``amount`` (4.8.6 A)
    END_SET_BASE = "end_set_base"     # that effect is no longer in operation
    BONUS = "bonus"                   # an effect begins granting Escudo +``amount`` (4.8.6 B)
    BONUS_SUSPEND = "bonus_suspend"   # it stops granting it for now (its condition no longer holds)
    BONUS_RESUME = "bonus_resume"     # the same effect grants it again
    BONUS_CHANGE = "bonus_change"     # its value becomes ``amount``
    BONUS_END = "bonus_end"           # the effect is over for good (its card left, its duration ended)
    PENALTY = "penalty"               # damage absorbed by the shield or "Escudo -``amount``" (4.8.6 C)


class ShieldDuration(StrEnum):
    END_OF_TURN = "end_of_turn"       # "até o final do turno", damage and penalties
    WHILE = "while"                   # a static effect: in operation while its condition holds


@dataclass(frozen=True)
class ShieldEvent:
    """One thing that happened to a shield; ``effect`` names the effect (and is its id for set-value and
    bonus effects)."""

    kind: ShieldEventKind
    effect: str
    amount: int = 0
    duration: ShieldDuration = ShieldDuration.END_OF_TURN

    @staticmethod
    def set_base(effect: str, value: int, duration: ShieldDuration = ShieldDuration.END_OF_TURN) -> ShieldEvent:
        return ShieldEvent(ShieldEventKind.SET_BASE, effect, value, duration)

    @staticmethod
    def end_set_base(effect: str) -> ShieldEvent:
        return ShieldEvent(ShieldEventKind.END_SET_BASE, effect)

    @staticmethod
    def bonus(effect: str, amount: int, duration: ShieldDuration = ShieldDuration.END_OF_TURN) -> ShieldEvent:
        return ShieldEvent(ShieldEventKind.BONUS, effect, amount, duration)

    @staticmethod
    def suspend(effect: str) -> ShieldEvent:
        return ShieldEvent(ShieldEventKind.BONUS_SUSPEND, effect)

    @staticmethod
    def resume(effect: str) -> ShieldEvent:
        return ShieldEvent(ShieldEventKind.BONUS_RESUME, effect)

    @staticmethod
    def change(effect: str, amount: int) -> ShieldEvent:
        return ShieldEvent(ShieldEventKind.BONUS_CHANGE, effect, amount)

    @staticmethod
    def end_bonus(effect: str) -> ShieldEvent:
        return ShieldEvent(ShieldEventKind.BONUS_END, effect)

    @staticmethod
    def penalty(effect: str, amount: int) -> ShieldEvent:
        return ShieldEvent(ShieldEventKind.PENALTY, effect, amount)


@dataclass(frozen=True)
class ShieldRecord:
    """A shield: the nominal value printed on the base card and this turn's events, in order."""

    nominal: int
    events: tuple[ShieldEvent, ...] = ()

    def __post_init__(self) -> None:
        if self.nominal < 0:
            raise ValueError("a printed shield is never negative")
        _check(self.events)

    def add(self, *events: ShieldEvent) -> ShieldRecord:
        return replace(self, events=self.events + events)


def _check(events: Sequence[ShieldEvent]) -> None:
    """Events must make sense in order: ids unique, ends/suspends of things that are in operation."""
    sets: set[str] = set()
    ended_sets: set[str] = set()
    bonuses: dict[str, str] = {}          # id -> "on" / "suspended" / "over"
    for e in events:
        k = e.kind
        if e.amount < 0:
            raise ValueError(f"{e.effect}: amounts are never negative (a penalty is a PENALTY event)")
        if k is ShieldEventKind.SET_BASE:
            if e.effect in sets or e.effect in ended_sets:
                raise ValueError(f"set-value effect {e.effect!r} began twice (use a new id)")
            sets.add(e.effect)
        elif k is ShieldEventKind.END_SET_BASE:
            if e.effect not in sets:
                raise ValueError(f"set-value effect {e.effect!r} ends but is not in operation")
            sets.discard(e.effect)
            ended_sets.add(e.effect)
        elif k is ShieldEventKind.BONUS:
            if e.effect in bonuses:
                raise ValueError(f"bonus {e.effect!r} began twice (a new effect needs a new id)")
            bonuses[e.effect] = "on"
        elif k is ShieldEventKind.BONUS_SUSPEND and bonuses.get(e.effect) != "on":
            raise ValueError(f"bonus {e.effect!r} is suspended but is not in operation")
        elif k is ShieldEventKind.BONUS_RESUME and bonuses.get(e.effect) != "suspended":
            raise ValueError(f"bonus {e.effect!r} resumes but was not suspended")
        elif k in (ShieldEventKind.BONUS_END, ShieldEventKind.BONUS_CHANGE) and \
                bonuses.get(e.effect) not in ("on", "suspended"):
            raise ValueError(f"bonus {e.effect!r} is not in effect")
        if k is ShieldEventKind.BONUS_SUSPEND:
            bonuses[e.effect] = "suspended"
        elif k is ShieldEventKind.BONUS_RESUME:
            bonuses[e.effect] = "on"
        elif k is ShieldEventKind.BONUS_END:
            bonuses[e.effect] = "over"


def _windows(events: Sequence[ShieldEvent]) -> tuple[list[str | None], str | None, dict[str, int]]:
    """The window (the last-started set-value effect in operation, None: nominal) of each event, the window
    now, and the value of each set-value effect (4.8.6 A)."""
    in_operation: list[str] = []          # in the order they came into operation
    values: dict[str, int] = {}
    windows: list[str | None] = []
    for e in events:
        if e.kind is ShieldEventKind.SET_BASE:
            in_operation.append(e.effect)
            values[e.effect] = e.amount
        elif e.kind is ShieldEventKind.END_SET_BASE:
            in_operation.remove(e.effect)
        windows.append(in_operation[-1] if in_operation else None)
    return windows, (in_operation[-1] if in_operation else None), values


@dataclass(frozen=True)
class ShieldBreakdown:
    """The shield now and why: ``base`` (and the effect it comes from, "" for the nominal value), what is left
    of it after penalties, the Total Shield Bonus left, the value, the steps replayed and what was ignored."""

    base: int
    base_from: str
    base_left: int
    bonus_left: int
    value: int
    steps: tuple[str, ...]
    ignored: tuple[str, ...]


@dataclass
class _Pool:
    base_left: int
    bonus: int = 0
    nominal: dict[str, int] = field(default_factory=dict)      # each bonus's current value
    taken: dict[str, tuple[int, int]] = field(default_factory=dict)   # suspended: (taken, value when suspended)
    steps: list[str] = field(default_factory=list)

    @property
    def value(self) -> int:
        return self.base_left + self.bonus

    def take(self, amount: int, bonus_first: bool) -> int:
        """Lower the shield by up to ``amount`` (never below 0); returns what was taken."""
        order = ("bonus", "base") if bonus_first else ("base", "bonus")
        taken = 0
        for part in order:
            have = self.bonus if part == "bonus" else self.base_left
            t = min(have, amount - taken)
            if part == "bonus":
                self.bonus -= t
            else:
                self.base_left -= t
            taken += t
        return taken


def explain(record: ShieldRecord) -> ShieldBreakdown:
    """Rules 4.8.6 A, B, C: the shield now, replaying the record's events that apply in the current window."""
    windows, now, values = _windows(record.events)
    base = record.nominal if now is None else values[now]
    pool = _Pool(base)
    ignored: list[str] = []
    began_in: dict[str, str | None] = {}
    where = "nominal" if now is None else f"set by {now}"
    pool.steps.append(f"A. base shield {base} ({where})")
    for e, w in zip(record.events, windows, strict=True):
        k = e.kind
        if k is ShieldEventKind.BONUS:
            began_in[e.effect] = w
        if k in (ShieldEventKind.SET_BASE, ShieldEventKind.END_SET_BASE):
            continue
        if k is ShieldEventKind.PENALTY:
            if w != now:
                ignored.append(f"{e.effect} -{e.amount}: " + _why(w, now))
                continue
            got = pool.take(e.amount, bonus_first=False)
            lost = f" ({e.amount - got} lost: the shield is never below 0)" if got < e.amount else ""
            pool.steps.append(f"C. {e.effect} -{e.amount}: base first, then bonus{lost} -> {pool.value}")
            continue
        if began_in[e.effect] != now:
            if k is ShieldEventKind.BONUS:
                ignored.append(f"{e.effect} +{e.amount}: " + _why(began_in[e.effect], now))
            continue
        if k is ShieldEventKind.BONUS:
            pool.nominal[e.effect] = e.amount
            pool.bonus += e.amount
            pool.steps.append(f"B. {e.effect} +{e.amount} -> {pool.value}")
        elif k in (ShieldEventKind.BONUS_SUSPEND, ShieldEventKind.BONUS_END):
            got = pool.take(pool.nominal[e.effect], bonus_first=True)
            if k is ShieldEventKind.BONUS_SUSPEND:
                pool.taken[e.effect] = (got, pool.nominal[e.effect])
            verb = "stops" if k is ShieldEventKind.BONUS_SUSPEND else "ends"
            pool.steps.append(f"B. {e.effect} {verb}: -{got} (of +{pool.nominal[e.effect]}) -> {pool.value}")
        elif k is ShieldEventKind.BONUS_RESUME:
            got, then = pool.taken.pop(e.effect)
            back = max(0, min(pool.nominal[e.effect], got + pool.nominal[e.effect] - then))
            pool.bonus += back
            pool.steps.append(f"B. {e.effect} grants again: +{back} (what it took when it stopped) -> {pool.value}")
        elif k is ShieldEventKind.BONUS_CHANGE:
            old = pool.nominal[e.effect]
            pool.nominal[e.effect] = e.amount
            if e.effect in pool.taken:
                pool.steps.append(f"B. {e.effect} (stopped) becomes +{e.amount}")
                continue
            if e.amount >= old:
                pool.bonus += e.amount - old
            else:
                pool.take(old - e.amount, bonus_first=True)
            pool.steps.append(f"B. {e.effect} becomes +{e.amount} -> {pool.value}")
    return ShieldBreakdown(base, now or "", pool.base_left, pool.bonus, max(0, pool.value), tuple(pool.steps),
                           tuple(ignored))


def _why(window: str | None, now: str | None) -> str:
    if now is not None:
        return f"happened outside the duration of {now}, which sets the base (4.8.6 A.1/B.1)"
    return f"happened during {window}, no longer in operation (4.8.6 A.2/B.2)"


def shield_value(record: ShieldRecord) -> int:
    """The shield now (4.8.6); never negative (4.7 ATENÇÃO)."""
    return explain(record).value


def absorb(record: ShieldRecord, damage: int, source: str = "damage") -> tuple[int, ShieldRecord]:
    """Non-piercing damage reaching the shield (4.8.1): the shield absorbs what it can; returns the amount
    absorbed and the record with that penalty. (Piercing damage never calls this: 4.8.2.)"""
    if damage < 0:
        raise ValueError("damage is never negative")
    absorbed = min(shield_value(record), damage)
    if absorbed == 0:
        return 0, record
    return absorbed, record.add(ShieldEvent.penalty(source, absorbed))


def end_of_turn(record: ShieldRecord) -> ShieldRecord:
    """4.8.1.1 ATENÇÃO: at the end of the turn every shield is restored to its original value plus the bonuses
    that still apply. Damage, penalties and until-end-of-turn effects are gone; static set-value effects and
    bonuses still in operation begin afresh (set-value effects first, so the bonuses belong to their window);
    a static bonus suspended now stays suspended, taking its full value."""
    sets: dict[str, ShieldEvent] = {}
    bonuses: dict[str, ShieldEvent] = {}
    suspended: set[str] = set()
    for e in record.events:
        k = e.kind
        if k is ShieldEventKind.SET_BASE:
            sets[e.effect] = e
        elif k is ShieldEventKind.END_SET_BASE:
            sets.pop(e.effect)
        elif k is ShieldEventKind.BONUS:
            bonuses[e.effect] = e
        elif k is ShieldEventKind.BONUS_CHANGE:
            bonuses[e.effect] = replace(bonuses[e.effect], amount=e.amount)
        elif k is ShieldEventKind.BONUS_END:
            bonuses.pop(e.effect)
        elif k is ShieldEventKind.BONUS_SUSPEND:
            suspended.add(e.effect)
        elif k is ShieldEventKind.BONUS_RESUME:
            suspended.discard(e.effect)
    fresh = [e for e in sets.values() if e.duration is ShieldDuration.WHILE]
    kept = [e for e in bonuses.values() if e.duration is ShieldDuration.WHILE]
    fresh += kept
    fresh += [ShieldEvent.suspend(e.effect) for e in kept if e.effect in suspended]
    return ShieldRecord(record.nominal, tuple(fresh))


def format_shield(record: ShieldRecord) -> str:
    """The 4.8.6 calculation in words, one step a line."""
    b = explain(record)
    lines = list(b.steps) + [f"   ignored: {i}" for i in b.ignored] + [f"   = shield {b.value}"]
    return "\n".join(lines)
