"""Which target entries an action's chosen mode uses (rules 4.6.2 B, F).

An action's text box lists what "alvo" stands for (``ActionDef.targets``, F.1); each option of its effect
(``ActionDef.modes``, B) speaks of some of them. Once the mode is chosen, only the target entries its procedures --
and the procedures the action's keywords add (``ActionDef.keyword_effects``) -- reference are chosen and checked for
legality (F: "escolha os alvos" of the effect being used); an entry no mode uses is never chosen.

A reference is a :class:`~cardscript.compiler.ir.Selector` with ``ref`` ``Ref.TARGET`` anywhere in the procedures:
their selectors, the selectors of filters, conditions, counts and quantities, and the effects they generate (5.7 B).
``index`` -1 stands for every target of the action.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from cardscript.compiler.ir import ActionDef, Effect, Ref, Selector

__all__ = ["mode_targets", "target_indices"]

_CACHE: dict[tuple[int, int], tuple[object, frozenset[int]]] = {}


def target_indices(node: Any, found: set[int] | None = None) -> set[int]:
    """The target indices ``Ref.TARGET`` selectors reference anywhere inside ``node`` (-1: every target)."""
    out = set() if found is None else found
    if isinstance(node, tuple | list):
        for x in node:
            target_indices(x, out)
        return out
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return out
    if isinstance(node, Selector) and node.ref is Ref.TARGET:
        out.add(node.index)
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if isinstance(value, tuple | list) or dataclasses.is_dataclass(value):
            target_indices(value, out)
    return out


def mode_targets(action: ActionDef, mode: Effect | None) -> frozenset[int]:
    """The indices of ``action.targets`` that ``mode`` (with what the action's keywords add) uses."""
    key = (id(action), id(mode))
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is action:
        return hit[1]
    procs = (*action.effect_procedures(mode), *action.costs)
    found = target_indices(procs)
    if -1 in found or any(i >= len(action.targets) for i in found):
        found = set(range(len(action.targets)))          # "todos os alvos" / an index past the list: every entry
    result = frozenset(i for i in found if 0 <= i < len(action.targets))
    _CACHE[key] = (action, result)
    return result
