"""normalize's fast path (text copied in stretches between markup and blanks) gives what the general
character-by-character loop gives, offsets included, for any text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardscript.grammar import normalize as nz

# the characters card text is made of, and those normalisation changes or must treat with care
_PIECES = st.sampled_from([
    "a", "B", "ç", "é", "ã", "{1}", ".", ",", "#", "<", "#&#", "<br>", "<BR />", " ", "  ", "\n", "\t", "\u00a0",
    "\u2009", "\u2019", "\u201c", "\u2013", "\u0093", "e\u0301", "\u0301", "\u212b", "\u1100\u1161", "\r\n", "\x1f",
])
_TEXTS = st.one_of(st.lists(_PIECES, max_size=30).map("".join), st.text(max_size=40))


@settings(max_examples=400, deadline=None)
@given(_TEXTS, st.integers(min_value=0, max_value=50))
def test_fast_path_is_the_general_loop(raw: str, base: int) -> None:
    assert nz.normalize(raw, base) == nz._normalize_general(raw, base)


def test_the_fast_path_is_taken_for_card_text() -> None:
    raw = "Quando este personagem  entrar em cena,<br> compre um card #&#Pelotão."
    assert nz._plain(raw)
    norm = nz.normalize(raw, 10)
    assert norm.text == "Quando este personagem entrar em cena,\ncompre um card Pelotão."
    assert norm.origin[norm.text.index("compre")] == 10 + raw.index("compre")


def test_combining_accents_take_the_general_loop() -> None:
    assert not nz._plain("e\u0301")
    assert nz.normalize("cafe\u0301 x").text == "café x"
