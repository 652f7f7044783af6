"""diagnostics.closest_match: the one match difflib.get_close_matches(n=1) gives, for any word and pool (the
"did you mean" of unknown names, icons and keywords; issue 12: the same answer, fewer comparisons)."""

from __future__ import annotations

import difflib

from hypothesis import given, settings
from hypothesis import strategies as st

from cardscript.compiler.diagnostics import closest_match, did_you_mean

_LETTERS = st.text(alphabet="abcdeéfgxyz -", max_size=12)


def _difflib(word: str, pool: tuple[str, ...], cutoff: float) -> str | None:
    found = difflib.get_close_matches(word, list(pool), n=1, cutoff=cutoff)
    return found[0] if found else None


@settings(max_examples=400, deadline=None)
@given(_LETTERS, st.lists(_LETTERS, max_size=30), st.sampled_from([0.0, 0.3, 0.6, 0.8, 1.0]))
def test_the_same_match_as_difflib(word: str, pool: list[str], cutoff: float) -> None:
    possibilities = tuple(pool)
    assert closest_match(word, possibilities, cutoff) == _difflib(word, possibilities, cutoff)


def test_ties_go_to_the_greater_candidate_as_in_difflib() -> None:
    pool = ("abcx", "abcy", "abcz")
    assert closest_match("abc", pool) == _difflib("abc", pool, 0.6) == "abcz"


def test_nothing_close_is_none() -> None:
    assert closest_match("zzzz", ("abcd", "efgh")) is None
    assert did_you_mean("Wolverinne", ["Wolverine", "Tempestade"]) == "Wolverine"
