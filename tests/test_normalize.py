"""normalize's fast path (text copied in stretches between markup and blanks) gives what the general
character-by-character loop gives, offsets included, for any text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardscript.core import normalize as nz

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


def test_a_line_of_single_spaced_words_is_kept_as_it_is() -> None:
    raw = "Este personagem ganha {AG} até o final do turno."
    norm = nz.normalize(raw, 7)
    assert norm == nz._normalize_general(raw, 7) and norm.text == raw and norm.origin == tuple(range(7, 7 + len(raw)))
    for other in (" " + raw, raw + " ", raw.replace(" ", "  ", 1), raw + "<br>", "#&#" + raw, raw + "\u00a0x"):
        assert nz.normalize(other, 7) == nz._normalize_general(other, 7)


def test_combining_accents_take_the_general_loop() -> None:
    assert not nz._plain("e\u0301")
    assert nz.normalize("cafe\u0301 x").text == "café x"


def _split_by_character(norm: nz.Normalized) -> list[nz.Normalized]:
    """split_paragraphs as it was written first, one character at a time."""
    parts: list[nz.Normalized] = []
    start = 0
    for k in range(len(norm.text) + 1):
        if k == len(norm.text) or norm.text[k] == "\n":
            if k > start:
                parts.append(nz.Normalized(norm.text[start:k], norm.origin[start:k]))
            start = k + 1
    return parts


@settings(max_examples=300, deadline=None)
@given(_TEXTS)
def test_split_paragraphs_keeps_every_paragraph_and_offset(raw: str) -> None:
    norm = nz.normalize(raw)
    assert nz.split_paragraphs(norm) == _split_by_character(norm)
    text = "a\n\nb\n"
    assert [p.text for p in nz.split_paragraphs(nz.Normalized(text, tuple(range(len(text)))))] == ["a", "b"]
