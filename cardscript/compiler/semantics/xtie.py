"""Tying X: a quantity lowered before X was defined (an action keyword's meaning, read apart from the action
text) gets the action text's definition of X."""

from __future__ import annotations

import dataclasses
from typing import Any

from cardscript.compiler.ir import Count, Procedure, Quantity, Selector


def _tie(value: Any, x: Count) -> Any:
    if isinstance(value, Quantity):
        return dataclasses.replace(value, x=x) if value.x_times and value.x is None else value
    if isinstance(value, Selector):
        return dataclasses.replace(value, count=_tie(value.count, x))
    return value


def tie_x(p: Procedure, x: Count) -> Procedure:
    """``p`` with every undefined X of its quantities (and of its selectors' counts) defined as ``x``."""
    changes = {f.name: _tie(getattr(p, f.name), x) for f in dataclasses.fields(p)}
    return dataclasses.replace(p, **changes)
