"""diagnostics.close_matches: the matches difflib.get_close_matches gives, in its order, for any word and pool (the
candidates of "did you mean" for unknown names, icons and keywords; issue 12: the same answer, fewer comparisons)."""

from __future__ import annotations

import difflib

from hypothesis import given, settings
from hypothesis import strategies as st

from cardscript.core.diagnostics import close_matches, did_you_mean

_LETTERS = st.text(alphabet="abcdeéfgxyz -", max_size=12)


def _difflib(word: str, pool: tuple[str, ...], cutoff: float, n: int = 1) -> list[str]:
    return difflib.get_close_matches(word, list(pool), n=n, cutoff=cutoff)


@settings(max_examples=400, deadline=None)
@given(_LETTERS, st.lists(_LETTERS, max_size=30), st.sampled_from([0.0, 0.3, 0.6, 0.8, 1.0]),
       st.sampled_from([1, 3, 8]))
def test_the_same_matches_as_difflib(word: str, pool: list[str], cutoff: float, n: int) -> None:
    possibilities = tuple(pool)
    assert close_matches(word, possibilities, n, cutoff) == _difflib(word, possibilities, cutoff, n)


def test_ties_go_to_the_greater_candidate_as_in_difflib() -> None:
    pool = ("abcx", "abcy", "abcz")
    assert close_matches("abc", pool, 1) == _difflib("abc", pool, 0.6) == ["abcz"]


def test_nothing_close_is_none() -> None:
    assert close_matches("zzzz", ("abcd", "efgh")) == []
    assert did_you_mean("Wolverinne", ["Wolverine", "Tempestade"]) == "Wolverine"
