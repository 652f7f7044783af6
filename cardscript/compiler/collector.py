"""The cycle collector during a batch compile (issue 12, cold compile): what a library load keeps -- every card's
AST, bindings and lowered IR -- grows the heap by millions of objects that live until the end, and Python's
collector walks that growing heap again at each of its generation-2 passes (measured: a fifth of the full cold
compile of the development corpus, docs/performance.md). :func:`batch` raises the collector's thresholds and
freezes what existed before (the grammar's tables, the prelude) for the batch's duration, as mypy does for its
build; nothing is skipped: every cycle is still collected, later. Output is unchanged (the collector frees only
unreachable objects)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

THRESHOLDS = (50_000, 20, 20)       # allocations before a generation-0 pass; generation-0 / -1 passes before the next

_depth = 0


@contextmanager
def batch() -> Iterator[None]:
    """Compile a batch with the collector's thresholds raised (never lowered) and the objects that existed before
    frozen; both restored after (a nested batch leaves it to the outer one)."""
    global _depth
    if _depth:
        _depth += 1
        try:
            yield
        finally:
            _depth -= 1
        return
    old = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(old[0], THRESHOLDS[0]), max(old[1], THRESHOLDS[1]), max(old[2], THRESHOLDS[2]))
    _depth = 1
    try:
        yield
    finally:
        _depth = 0
        gc.set_threshold(*old)
        gc.unfreeze()
