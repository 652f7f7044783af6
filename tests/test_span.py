"""``Span``'s own ``__init__`` (issue 12: built for every node and token) keeps the frozen dataclass's behaviour:
an end before the start is the start, the fields cannot be set, and equality, hashing, ``replace`` and pickling are
the fields'."""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardscript.core.source import Span


@given(st.integers(-5, 50), st.integers(-5, 50))
def test_property_a_span_is_its_clamped_fields(start: int, end: int) -> None:
    span = Span(start, end)
    assert (span.start, span.end) == (start, max(start, end))
    assert span == Span(start=start, end=max(start, end)) and hash(span) == hash(Span(start, max(start, end)))
    assert dataclasses.astuple(span) == (start, max(start, end))
    assert pickle.loads(pickle.dumps(span)) == span
    assert dataclasses.replace(span, end=end) == Span(start, end)


def test_a_span_is_frozen() -> None:
    span = Span(1, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        span.start = 0                              # type: ignore[misc]
    assert repr(Span(3, 1)) == "Span(start=3, end=3)"
    assert {Span(1, 2), Span(1, 2)} == {span}
