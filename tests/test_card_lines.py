"""The hand-written line reader (``grammar/card_lines.py``) gives what the card-file grammar's LALR parse gives: the
same heads, bodies and offsets for every text the grammar accepts, and ``None`` (so Lark reports the error) for
every text it rejects."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardscript.core.source import SourceFile
from cardscript.grammar import card_file
from cardscript.grammar.card_lines import scan

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"

_PIECES = st.sampled_from(list("PersonagmV1:\n \t\r\x0b\x85\u2028\ufeff#,-*{}ãçAÇ\x00") + [
    "Texto permanente:", "texto  permanente :", "Texto permanentes:", "Texto permanente", "Ação:", "Ação: Grito",
    "acao :", "ação", "Açãox: 1", "  ", "\n  ", "\n  Custo: {1}", "Custo:", "custos:", "Poder:", "Tipo :",
    "Tipos:", "tipo s:", "Energia inicial: 5", "\r\n", "\n#", "\n:", "\n \n", "  # x",
])


def _both(text: str) -> tuple[object, object]:
    """The heads read by hand and by the LALR parser, and their diagnostics."""
    by_hand = card_file._Reader(SourceFile("x.card", text))
    by_lark = card_file._Reader(SourceFile("x.card", text))
    lex = card_file._lex_text(text)
    lines = scan(lex)
    hand = [by_hand.head_of(line) for line in lines] if lines is not None else None
    return (hand, by_hand.diags), (by_lark.parse_lark(lex), by_lark.diags)


def _same(text: str) -> None:
    (hand, _), (lark, lark_diags) = _both(text)
    if hand is None:
        assert lark is None and lark_diags, "scan left to Lark a text the grammar accepts"
    else:
        assert hand == lark


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PIECES, max_size=50).map("".join))
def test_property_scan_is_the_grammar_on_card_like_text(text: str) -> None:
    _same(text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=200))
def test_property_scan_is_the_grammar_on_arbitrary_text(text: str) -> None:
    _same(text)


def test_scan_leaves_an_indented_first_line_to_lark() -> None:
    (hand, _), (lark, diags) = _both("  Personagem: X V1\n")
    assert hand is None and lark is None and [d.code for d in diags] == ["CS020"]


def test_scan_reads_heads_bodies_and_comments() -> None:
    text = "# c\nPersonagem: X V1\n\nAção: Y\n  Custo: {1}\n  Tipo:\n  Faça algo.  \nsolto\n"
    lines = scan(card_file._lex_text(text))
    assert lines is not None
    assert [h.kind for h in lines] == ["field", "action", "bare"]
    action = lines[1]
    assert [text[slice(*b.key)] if b.key else None for b in action.bodies] == ["Custo", "Tipo", None]
    assert action.bodies[1].value is None and text[slice(*action.bodies[2].text)] == "Faça algo.  "
    _same(text)


def test_scan_is_the_grammar_on_the_bundled_library() -> None:
    from cardscript.compiler.pipeline import card_files, library_path

    files = card_files([library_path()])
    assert files
    for path in files:
        _same(path.read_text(encoding="utf-8"))
