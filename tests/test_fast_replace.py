"""``compiler/fast_replace.replace`` builds what ``dataclasses.replace`` builds, and leaves to it what it cannot
copy (a ``__post_init__``, an ``InitVar``, a field not in ``__init__``, an attribute that is no field)."""

from __future__ import annotations

import dataclasses
from dataclasses import InitVar, dataclass, field
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardscript.compiler import walks
from cardscript.compiler.ast import Lexeme, Phrase, PhraseKind
from cardscript.compiler.fast_replace import replace
from cardscript.compiler.ir.core import Quantity, Selector
from cardscript.core.source import Span


@dataclass(frozen=True, kw_only=True)
class Plain:
    a: int = 0
    b: tuple[int, ...] = ()
    kind: ClassVar[str] = "plain"


@dataclass
class Checked:
    a: int = 0
    seen: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.seen.append(self.a)


@dataclass
class WithInitVar:
    a: int = 0
    scale: InitVar[int] = 1

    def __post_init__(self, scale: int) -> None:
        self.a *= scale


@dataclass
class NotInInit:
    a: int = 0
    b: int = field(init=False, default=5)


@given(st.integers(), st.lists(st.integers()).map(tuple), st.integers())
def test_property_same_as_dataclasses_replace(a: int, b: tuple[int, ...], a2: int) -> None:
    p = Plain(a=a, b=b)
    assert replace(p, a=a2) == dataclasses.replace(p, a=a2)
    assert replace(p, a=a2) is not p and p.a == a
    assert type(replace(p, b=())) is Plain and replace(p) == p


def test_ir_selectors_and_quantities() -> None:
    s = Selector(text="um personagem")
    for changes in ({"every": True}, {"count": Quantity.of(2), "text": "x"}, {}):
        assert replace(s, **changes) == dataclasses.replace(s, **changes)
    with pytest.raises(TypeError):
        replace(s, no_such_field=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        replace(s, every=True).every = False       # type: ignore[misc]


def test_left_to_dataclasses_replace_when_not_plain() -> None:
    c = Checked(1)
    assert replace(c, a=2).seen == [1, 2]          # __post_init__ ran (on the shared list, as dataclasses.replace)
    assert replace(WithInitVar(3), a=2, scale=5).a == 10
    n = NotInInit(1)
    n.b = 7
    assert replace(n, a=2).b == 5                  # as dataclasses.replace: init=False fields start again


def test_a_kept_walk_is_not_copied() -> None:
    word = Lexeme(Span(0, 4), "NOUN", "card", "card")
    node = Phrase(Span(0, 4), PhraseKind.NOUN_PHRASE, (word,))
    assert walks.leaves(node) == (word,)           # kept on the node
    other = Lexeme(Span(5, 9), "NOUN", "alvo", "alvo")
    new = replace(node, parts=(other,))
    assert walks.leaves(new) == (other,)
