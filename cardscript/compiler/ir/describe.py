"""Effect objects in words: each procedure with its roles filled, for ``cardscript explain`` and traces.

``describe(proc)`` -> ``damage(source=this card, amount=X+2, targets=target #0, piercing)``: the family, then every
field that differs from its default, selectors and quantities in a compact notation (``selector``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from enum import Enum
from typing import Any

from cardscript.compiler.ir.base import Procedure
from cardscript.compiler.ir.core import Condition, Count, EventPattern, Filter, Quantity, Ref, Selector

_COMMON = {"optional", "decider", "if_done", "if_not_done", "condition", "text", "introduces"}


def quantity(q: Quantity | None) -> str:
    if q is None:
        return "-"
    if q.any_number:
        return "any number"
    parts: list[str] = []
    if q.x_times:
        parts.append("X" if q.x_times == 1 else f"{q.x_times}X")
    if q.fixed or not parts:
        parts.append(f"{q.fixed:+d}" if parts else str(q.fixed))
    text = "".join(parts)
    if q.x is not None and q.x_times:
        text += f" [X={count(q.x)}]"
    return ("up to " if q.up_to else "") + text


def count(c: Count) -> str:
    if c.when is not None:
        other = count(c.otherwise) if c.otherwise is not None else "0"
        return f"{count(replace(c, when=None, otherwise=None))} if {c.when.text or c.when.kind} else {other}"
    if c.fixed is not None:
        return str(c.fixed)
    if c.event:
        return f"the event's {c.event}"
    what = selector(c.what) if c.what is not None else "?"
    attr = f"{c.attribute} of " if c.attribute else "number of "
    mult = f"{c.multiplier}*" if c.multiplier != 1 else ""
    div = f"/{c.divisor}" if c.divisor != 1 else ""
    base = f"{c.offset}{' - ' if c.subtracted else ' + '}" if c.offset or c.subtracted else ""
    return f"{base}{mult}{attr}{what}{div}"


def filter_text(f: Filter) -> str:
    value = selector(f.value) if isinstance(f.value, Selector) else f.value
    return f"{f.field} {f.op} {value}"


def selector(s: Selector | None) -> str:
    """A compact notation: ``this character``, ``target #0``, ``slot intro:1``, ``1 character [affiliation has X]``."""
    if s is None:
        return "-"
    if s.ref is Ref.TARGET:
        out = f"target #{s.index}"
    elif s.ref is Ref.SLOT:
        out = f"slot {s.slot}"
    elif s.ref in (Ref.CONTROLLER, Ref.OWNER):
        out = f"{s.ref.value} of {selector(s.of)}"
    elif s.ref is not None:
        out = s.ref.value.replace("_", " ")
    elif s.union:
        inner = " | ".join(selector(u) for u in s.union)
        out = f"({inner})"
        if not s.every:
            out = f"{quantity(s.count)} of {out}"
    else:
        kinds = "/".join(k.value for k in (s.kind, *s.also))
        how = "every" if s.every and s.zone not in ("deck_top", "deck_bottom") else quantity(s.count)
        if s.every and s.zone in ("deck_top", "deck_bottom"):
            how = f"the {quantity(s.count)}"
        out = f"{how} {kinds}"
        if s.zone:
            owner = f" of {s.zone_owner.value}" if s.zone_owner is not None else ""
            where = f" carried by {selector(s.of)}" if s.zone == "carried" else f" in {s.zone}{owner}"
            if s.of is not None and s.zone != "carried":
                where += f" of {selector(s.of)}"
            out += where
    extras = [filter_text(f) for f in s.filters] if s.ref is None or s.filters else []
    if s.excluding is not None:
        extras.append(f"not {selector(s.excluding)}")
    if s.distinct:
        extras.append("distinct")
    if s.different:
        extras.append(f"different {s.different}")
    if s.same:
        extras.append(f"same {s.same}")
    if s.random:
        extras.append("random")
    if s.chooser is not None:
        extras.append(f"chosen by {selector(s.chooser)}")
    if s.next_only:
        extras.append("the next")
    if s.targeted:
        extras.append("targeted")
    return out + (f" [{'; '.join(extras)}]" if extras else "")


def condition(c: Condition | None) -> str:
    if c is None:
        return "-"
    neg = "not " if c.negated else ""
    if c.kind == "only":
        pool = c.all_of[0].subject if c.all_of else None
        return f"{neg}only {selector(c.subject)} among {selector(pool)}"
    if c.all_of:
        return neg + "(" + " and ".join(condition(x) for x in c.all_of) + ")"
    if c.any_of:
        return neg + "(" + " or ".join(condition(x) for x in c.any_of) + ")"
    if c.kind == "compare":
        return f"{neg}{quantity(c.left)} {c.value} {quantity(c.right)}"
    value = f" {c.value}" if c.value else ""
    whose = "" if not c.whose else f" of {c.whose}'s turn" if c.kind == "now" else f" under {c.whose}'s control"
    return f"{neg}{c.kind}{value}{whose} {selector(c.subject)}".strip()


def event(e: EventPattern | None) -> str:
    if e is None:
        return "-"
    parts = [e.event]
    if e.subject is not None:
        parts.append(f"subject={selector(e.subject)}")
    if e.source is not None:
        parts.append(f"source={selector(e.source)}")
    if e.target is not None:
        parts.append(f"target={selector(e.target)}")
    if e.action_filters:
        parts.append("action=[" + "; ".join(filter_text(f) for f in e.action_filters) + "]")
    if e.phase:
        parts.append(f"phase={e.phase}")
    if e.whose is not None:
        parts.append(f"whose={e.whose.value}")
    if e.origin:
        parts.append(f"from={e.origin}")
    if e.destination:
        parts.append(f"to={e.destination}")
    if e.by is not None:
        parts.append(f"by={e.by.value}")
    if e.cost:
        parts.append(f"paying={e.cost}")
    if e.replaced:
        parts.append("replaced")
    if e.turn_of is not None:
        parts.append(f"turn_of={e.turn_of.value}")
    if e.cards is not None:
        parts.append(f"cards={selector(e.cards)}")
    return " ".join(parts)


def _value(v: Any) -> str:
    if isinstance(v, Selector):
        return selector(v)
    if isinstance(v, Quantity):
        return quantity(v)
    if isinstance(v, Count):
        return count(v)
    if isinstance(v, Condition):
        return condition(v)
    if isinstance(v, Filter):
        return filter_text(v)
    if isinstance(v, Enum):
        return str(v.value)
    if isinstance(v, Procedure):
        return describe(v)
    from cardscript.compiler.ir.effects import Effect

    if isinstance(v, Effect):
        when = f" on {event(v.trigger)}" if v.trigger is not None else ""
        last = f" for {v.duration.value}" if v.duration.value != "instant" else ""
        return f"{v.kind.value}{when}{last}: " + "; ".join(describe(p) for p in v.procedures)
    if isinstance(v, tuple):
        return "(" + ", ".join(_value(x) for x in v) + ")"
    if dataclasses.is_dataclass(v):
        return type(v).__name__
    return str(v)


def describe(p: Procedure) -> str:
    """``family(role=value, ...)`` with the common flags after it."""
    roles: list[str] = []
    for f in dataclasses.fields(p):
        if f.name in _COMMON:
            continue
        v = getattr(p, f.name)
        default = f.default if f.default is not dataclasses.MISSING else (
            f.default_factory() if f.default_factory is not dataclasses.MISSING else dataclasses.MISSING)
        if v == default:
            continue
        roles.append(f.name if v is True else f"{f.name}={_value(v)}")
    flags: list[str] = []
    if p.optional:
        flags.append("optional" + (f" (decided by {selector(p.decider)})" if p.decider is not None else ""))
    if p.if_done:
        flags.append("if done")
    if p.if_not_done:
        flags.append("if not done")
    if p.condition is not None:
        flags.append(f"if {condition(p.condition)}")
    if p.introduces:
        flags.append(f"-> {p.introduces}")
    return f"{p.family}({', '.join(roles)})" + (" " + ", ".join(flags) if flags else "")
