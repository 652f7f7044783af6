"""The hint "did you mean ...?" (docs/diagnostics.md): the candidate with the fewest typing mistakes among those
difflib finds alike, compared without case or accents."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardscript.core.diagnostics import did_you_mean, edit_distance

WORDS = st.text(alphabet="abcdeçãé", max_size=8)


def test_a_swapped_pair_of_letters_is_one_mistake() -> None:
    assert did_you_mean("crad", ["curado", "card", "carta"]) == "card"
    assert did_you_mean("Agilidaed", ["Agilidade", "Genialidade"]) == "Agilidade"
    assert did_you_mean("xyzzy", ["card", "carta"]) is None


def test_case_and_accents_do_not_count() -> None:
    assert did_you_mean("ENERGIA INICAL", ["Energia inicial", "Escudo"]) == "Energia inicial"
    assert did_you_mean("acao", ["ação", "alvo"]) == "ação"


@given(WORDS, WORDS)
def test_edit_distance_is_symmetric_and_bounded(a: str, b: str) -> None:
    d = edit_distance(a, b)
    assert d == edit_distance(b, a)
    assert abs(len(a) - len(b)) <= d <= max(len(a), len(b))
    assert (d == 0) == (a == b)


@given(WORDS.filter(lambda w: len(w) >= 2), st.data())
def test_one_swap_or_one_typo_is_distance_one(word: str, data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(word) - 2))
    swapped = word[:i] + word[i + 1] + word[i] + word[i + 2:]
    assert edit_distance(word, swapped) == (0 if word[i] == word[i + 1] else 1)
    assert edit_distance(word, word[:i] + word[i + 1:]) == 1
