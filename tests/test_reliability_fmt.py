"""Issue 10, part 4: ``fmt`` never breaks a card.

The formatted file compiles to the same meaning (the same lowered IR and diagnostic codes) and is its own
canonical form (fmt of fmt is fmt): on every bundled library card, on layout variants of library cards (CR,
CRLF, blanks, tabs, blank lines, comments), on seeded random mutations (hypothesis), and on the case found
by fuzzing where the renderer changed a name (``S.H.I.E.LD.`` rendered as two words).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardscript.cli import main
from cardscript.compiler.formatting import format_card, meaning, rendered_file
from cardscript.compiler.pipeline import CompiledCard, compile_paths, compile_source, library_path, names_from_headers
from cardscript.core.source import SourceFile
from cardscript.grammar.names import NameRegistry
from tests.card_mutations import KINDS, mutation


@pytest.fixture(scope="module")
def library() -> tuple[list[CompiledCard], NameRegistry]:
    cards = compile_paths([library_path()])
    return cards, names_from_headers(c.raw for c in cards if c.raw is not None)


def recompiled(card: CompiledCard, text: str, names: NameRegistry) -> CompiledCard:
    return compile_source(SourceFile(card.source.path, text), names)


def assert_fmt_keeps(card: CompiledCard, names: NameRegistry) -> str | None:
    """fmt's text of ``card`` (None: left as it is) means what ``card`` means, and fmt of it is itself."""
    text = format_card(card, names).text
    if text is None:
        return None
    again = recompiled(card, text, names)
    assert meaning(again) == meaning(card), f"{card.source.path}: fmt changed the meaning\n{text}"
    assert format_card(again, names).text == text, f"{card.source.path}: fmt of fmt is not fmt"
    return text


# -- every library card ------------------------------------------------------------------------------------------


def test_every_library_card_is_its_own_canonical_form(library: tuple[list[CompiledCard], NameRegistry]) -> None:
    cards, names = library
    assert len(cards) > 150
    for card in cards:
        assert card.parsed, card.source.path
        assert rendered_file(card) == card.source.text, f"{card.source.path} is not in canonical form"
        assert format_card(card, names).text == card.source.text


def _outside_comments(edit: Callable[[str], str]) -> Callable[[str], str]:
    """An edit of every line but the comments (which fmt keeps verbatim)."""
    return lambda text: "".join(line if line.startswith("#") else edit(line) for line in text.splitlines(True))


LAYOUTS: dict[str, Callable[[str], str]] = {
    "CRLF": lambda t: t.replace("\n", "\r\n"),
    "CR": lambda t: t.replace("\n", "\r"),
    "trailing blanks": lambda t: t.replace("\n", "   \n"),
    "blank lines": lambda t: t.replace("\n\n", "\n\n\n\n"),
    "double spaces": _outside_comments(lambda line: re.sub(r"(?<=\S) (?=\S)", "  ", line)),
    "tabs": _outside_comments(lambda line: re.sub(r"(?<=\S) (?=\S)", "\t", line)),
    "no final newline": lambda t: t.rstrip("\n"),
}


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_library_cards_in_another_layout_format_back_to_themselves(
        library: tuple[list[CompiledCard], NameRegistry], layout: str) -> None:
    cards, names = library
    for card in cards[::40]:                                   # 5 cards of different collections per layout
        variant = recompiled(card, LAYOUTS[layout](card.source.text), names)
        assert assert_fmt_keeps(variant, names) == card.source.text, f"{card.source.path} in {layout}"


def test_comments_anywhere_are_kept_and_the_meaning_too(library: tuple[list[CompiledCard], NameRegistry]) -> None:
    cards, names = library
    for card in cards[5::40]:
        lines = card.source.text.splitlines(True)
        text = "".join(f"{line}# nota {i}\n" for i, line in enumerate(lines))
        formatted = assert_fmt_keeps(recompiled(card, text, names), names)
        assert formatted is not None
        assert all(f"# nota {i}" in formatted for i in range(len(lines)))


# -- seeded random mutations (hypothesis) --------------------------------------------------------------------


mutations = st.lists(st.builds(mutation, st.sampled_from(KINDS), st.floats(0, 1, allow_nan=False),
                               st.integers(1, 20)), min_size=1, max_size=3)


@settings(max_examples=50, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(index=st.integers(0, 10_000), edits=mutations)
def test_fmt_of_a_mutated_library_card_means_what_it_meant_and_is_stable(
        library: tuple[list[CompiledCard], NameRegistry], index: int,
        edits: list[Callable[[str], str]]) -> None:
    cards, names = library
    card = cards[index % len(cards)]
    text = card.source.text
    for edit in edits:
        text = edit(text)
    assert_fmt_keeps(recompiled(card, text, names), names)


# -- the case fuzzing found, through the CLI --------------------------------------------------------------------

TWO_NAMES = """Suporte: Veículo de Combate S.H.I.E.L.D. V2
Afiliações: S.H.I.E.L.D.
Energia inicial: 2
Escudo: 1

Texto permanente:
  Pode haver qualquer número de suportes chamados Veículo de Combate S.H.I.E.LD. em cena.
"""


def test_a_paragraph_whose_rendering_would_change_the_meaning_is_kept_as_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the renderer writes the two names read here ("... S.H.I.E.L" and "D.") as two words: another meaning
    card = compile_source(SourceFile("x.card", TWO_NAMES))
    assert "S.H.I.E.L D." in (rendered_file(card) or "")
    path = tmp_path / "veiculo.card"
    path.write_text(TWO_NAMES.replace("\n", "  \r\n"), encoding="utf-8")      # not canonical: it is rewritten
    assert main(["fmt", str(path)]) == 0
    out = capsys.readouterr().out
    assert "reformatted (1 paragraph(s) kept as written" in out
    assert path.read_text(encoding="utf-8") == TWO_NAMES
    assert main(["fmt", "--check", str(path)]) == 0                         # fmt of fmt is fmt
    assert capsys.readouterr().out == ""


def test_a_file_whose_canonical_form_would_not_hold_is_left_as_it_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import cardscript.compiler.translate as translate

    render = translate.format_card_text
    monkeypatch.setattr(translate, "format_card_text",          # a broken layout: the title changes
                        lambda raw, p, a: render(raw, p, a).replace("Calmaria V1", "Calmaria V2"))
    path = tmp_path / "calmaria.card"
    text = "Cenário: Calmaria V1\n\nTexto permanente:\n    Quando este cenário entrar em cena, compre um card.\n"
    path.write_text(text, encoding="utf-8")
    assert main(["fmt", str(path)]) == 1
    assert "left as it is: its canonical form would not compile to the same meaning" in capsys.readouterr().out
    assert path.read_text(encoding="utf-8") == text


def test_fmt_of_a_mutated_library_card_through_the_cli_writes_the_library_text(
        library: tuple[list[CompiledCard], NameRegistry], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    cards, _ = library
    card = next(c for c in cards if c.source.path.endswith("capitao-america-v1.card"))
    path = tmp_path / "capitao-america-v1.card"
    path.write_text(LAYOUTS["double spaces"](card.source.text).replace("\n", "\r\n"), encoding="utf-8")
    assert main(["fmt", str(path)]) == 0
    assert "reformatted" in capsys.readouterr().out
    assert path.read_text(encoding="utf-8") == card.source.text
