"""``dataclasses.replace`` without its per-call field walk and ``__init__`` (issue 12: the lowering builds its
immutable IR step by step, 14 000 replaces for the development corpus).

For a dataclass whose every field is an ``__init__`` parameter, with no ``__post_init__`` and no ``__slots__``,
a copy of the instance's ``__dict__`` with the changes applied is exactly what ``dataclasses.replace`` builds (the
generated ``__init__`` only stores its arguments; a frozen one through ``object.__setattr__``). Anything else --
an instance carrying an attribute that is no field (a kept walk), a field name that does not exist -- goes to
``dataclasses.replace``, which builds it or raises as it always did."""

from __future__ import annotations

import dataclasses
import inspect
from typing import TYPE_CHECKING, Any, TypeVar

T = TypeVar("T")

_PLAIN: dict[type, frozenset[str] | None] = {}      # class -> its field names, or None when it is not plain


def _plain_fields(cls: type) -> frozenset[str] | None:
    """The field names of a dataclass that :func:`replace` may copy, else None."""
    try:
        return _PLAIN[cls]
    except KeyError:
        pass
    plain: frozenset[str] | None = None
    if dataclasses.is_dataclass(cls) and not hasattr(cls, "__post_init__") and "__slots__" not in cls.__dict__:
        fields = dataclasses.fields(cls)            # (not the ClassVars nor the InitVars)
        params = [p for p in inspect.signature(cls.__init__).parameters][1:]     # (an InitVar is one of them)
        if all(f.init for f in fields) and sorted(params) == sorted(f.name for f in fields):
            plain = frozenset(params)
    _PLAIN[cls] = plain
    return plain


if TYPE_CHECKING:                  # the type checker sees dataclasses.replace (its fields checked per call)
    from dataclasses import replace as replace
else:
    def replace(obj: T, /, **changes: Any) -> T:
        """``dataclasses.replace(obj, **changes)``: the same new instance, built by copying the fields."""
        cls = type(obj)
        names = _PLAIN[cls] if cls in _PLAIN else _plain_fields(cls)
        state = getattr(obj, "__dict__", None)
        if names is None or state is None or len(state) != len(names) or not changes.keys() <= names:
            return dataclasses.replace(obj, **changes)
        new = object.__new__(cls)
        d = new.__dict__
        d.update(state)
        d.update(changes)
        return new
