"""Shared fixtures: the corpus path (read from ../shared, never copied) and a name registry."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# the compiled-card cache stays off in tests (a test patching the compiler must see its patch run); the tests of
# the cache (test_cache.py) turn it on in a folder of their own
os.environ["CARDSCRIPT_NO_CACHE"] = "1"

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "battle-scenes-cards-dev.jsonl"


@pytest.fixture
def corpus_path() -> Path:
    if not CORPUS.exists():
        pytest.skip("the development corpus (../shared/corpus) is not available")
    return CORPUS
