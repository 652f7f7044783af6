"""Shared fixtures: the corpus path (read from ../shared, never copied) and a name registry."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "battle-scenes-cards-dev.jsonl"


@pytest.fixture
def corpus_path() -> Path:
    if not CORPUS.exists():
        pytest.skip("the development corpus (../shared/corpus) is not available")
    return CORPUS
