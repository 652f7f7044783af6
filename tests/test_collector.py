"""The collector's pacing during a batch compile (``compiler/collector.py``): raised thresholds and frozen objects
for the batch only, restored after -- also when the batch raises, and by the outermost of nested batches."""

from __future__ import annotations

import gc

import pytest

from cardscript.compiler import collector


def test_batch_raises_thresholds_freezes_and_restores() -> None:
    before = gc.get_threshold()
    with collector.batch():
        inside = gc.get_threshold()
        assert all(i >= max(b, t) for i, b, t in zip(inside, before, collector.THRESHOLDS, strict=True))
        assert gc.get_freeze_count() > 0
        with collector.batch():                     # nested: left to the outer batch
            assert gc.get_threshold() == inside
        assert gc.get_threshold() == inside and gc.get_freeze_count() > 0
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_batch_restores_after_an_error() -> None:
    before = gc.get_threshold()
    with pytest.raises(ValueError), collector.batch():
        raise ValueError("a failing compile")
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
    with collector.batch():
        assert gc.get_threshold() != before         # a new batch paces again


def test_cycles_made_in_a_batch_are_collected_after() -> None:
    import weakref

    class Box:
        pass

    with collector.batch():
        a, b = Box(), Box()
        a.other, b.other = b, a                     # type: ignore[attr-defined]
        ref = weakref.ref(a)
        del a, b
    gc.collect()
    assert ref() is None
