"""Tying X: a quantity lowered before X was defined (an action keyword's meaning, read apart from the action
text; a text read before its definition of X, which refers to what the text introduced: "escolha um suporte ...
X é igual à Energia Inicial daquele suporte") gets the definition of X."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from cardscript.compiler.fast_replace import replace
from cardscript.compiler.ir import Count, Procedure, Quantity, Selector

T = TypeVar("T")


def _tie(value: Any, x: Count) -> Any:
    if isinstance(value, Quantity):
        return replace(value, x=x) if value.x_times and value.x is None else value
    if isinstance(value, Selector):
        return replace(value, count=_tie(value.count, x))
    return value


def tie_x(p: Procedure, x: Count) -> Procedure:
    """``p`` with every undefined X of its quantities (and of its selectors' counts) defined as ``x``."""
    changes = {f.name: _tie(getattr(p, f.name), x) for f in dataclasses.fields(p)}
    return replace(p, **changes)


def tie_x_deep(value: T, x: Count) -> T:
    """``value`` (an effect, a procedure, a condition...) with every undefined X anywhere inside it -- in nested
    procedures, conditions, selectors and their filters -- defined as ``x``."""
    return _deep(value, x)  # type: ignore[no-any-return]


def _deep(value: Any, x: Count) -> Any:
    if isinstance(value, Quantity):
        return replace(value, x=x) if value.x_times and value.x is None else value
    if isinstance(value, Count):
        return value                                   # a count's own things have no X of this text
    if isinstance(value, tuple):
        return tuple(_deep(v, x) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in dataclasses.fields(value):
            old = getattr(value, f.name)
            new = _deep(old, x)
            if new is not old:
                changes[f.name] = new
        return replace(value, **changes) if changes else value
    return value
