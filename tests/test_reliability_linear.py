"""Issue 10, part 2: linear time and bounded output on any input (docs/reliability.md).

* every regex applied to user text, run on the worst shapes at 300 KB (long runs of blanks, of one character,
  of words; no closing character): each answers in well under a second;
* a 300 KB card file of any shape is answered by ``cardscript check`` within 10 s, and so is one at the file
  bound (64K characters, read in full) and a paragraph at the paragraph bound;
* diagnostics echo a window of a long line, at most 3 per line and 50 per file, then "... and K more"; numbers
  are bounded.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from cardscript.cli import main
from cardscript.compiler import card_refs
from cardscript.compiler.pipeline import _KEYWORD_SHAPE, compile_source
from cardscript.core import limits
from cardscript.core.diagnostics import ECHO_WIDTH, Diagnostic, format_text
from cardscript.core.normalize import _MARKUP, fold_text, normalize
from cardscript.core.source import SourceFile, Span
from cardscript.games.battle_scenes.runtime import deck
from cardscript.grammar.card_file import _TITLE, card_file_parser, read_card_file
from cardscript.grammar.names import _CAP_WORD, _CONNECTOR, _EXCLAMATION, NameRegistry, match_name_shape
from cardscript.grammar.parser import parse_paragraph

N = 300_000
HEAD = "Habilidade: Rasgar V1\nCódigo: BSUM 80/100\nPoder: Lâminas\nRaridade: Raro\n\n"
ACTION = HEAD + "Ação: Rasgar\n  Custo: {1}\n  Tipo: Ação de Antecipar\n  "
PERMANENT = HEAD + "Texto permanente:\n  "

# The worst shapes of a card file, as functions of a length: runs of blanks inside a line (the card-file KEY
# terminal was quadratic on them), lines of one kind repeated, one character repeated, long words and names.
SHAPES: dict[str, Callable[[int], str]] = {
    "blank run in a line": lambda n: "a" + " " * n + "b\n",
    "blank run after a key": lambda n: HEAD + "Código" + " " * n + "\n",
    "blanks and tabs": lambda n: "a" + " \t" * (n // 2) + "b\n",
    "blank run in text": lambda n: ACTION + "Rasgar" + " " * n + "causa.\n",
    "no colon": lambda n: "a" * n + "\n",
    "colons": lambda n: ":" * n + "\n",
    "hashes": lambda n: "#" * n + "\n",
    "CR only": lambda n: "\r" * n,
    "newlines only": lambda n: "\n" * n,
    "header lines": lambda n: HEAD + "Código: x\n" * (n // 10),
    "unknown fields": lambda n: HEAD + "Foo: x\n" * (n // 7),
    "bare lines": lambda n: HEAD + "x\n" * (n // 2),
    "indented lines": lambda n: HEAD + "  x\n" * (n // 4),
    "paragraphs": lambda n: ACTION + "\n  ".join(["Rasgar causa 1 ponto de dano."] * (n // 32)) + "\n",
    "bad paragraphs": lambda n: ACTION + "\n  ".join(["zzz qqq."] * (n // 11)) + "\n",
    "one long sentence": lambda n: ACTION + "Rasgar causa " + "1 ponto de dano " * (n // 16) + ".\n",
    "a long noun phrase": lambda n: ACTION + "Se " + "o alvo " * (n // 7) + "sair.\n",
    "digits": lambda n: ACTION + "Rasgar causa " + "9" * n + " pontos de dano.\n",
    "braces": lambda n: ACTION + "{" * n + "\n",
    "parentheses": lambda n: ACTION + "(" * n + "\n",
    "dashes": lambda n: PERMANENT + "Liderar {1} - " + "-" * n + "\n",
    "keyword shape": lambda n: PERMANENT + "Furtivo " + "- " * (n // 2) + "\n",
    "capitalised words": lambda n: ACTION + "Rasgar " + "Xyz " * (n // 4) + "\n",
    "name connectors": lambda n: ACTION + "Rasgar causa 1 ponto de dano em " + "Abc de " * (n // 7) + "Abc.\n",
    "markup": lambda n: ACTION + "<br" * (n // 3) + "\n",
    "long title": lambda n: "Personagem: " + "A " * (n // 2) + " V1\n",
    "title blanks": lambda n: "Personagem: X" + " " * n + "V1\n",
    "empty list items": lambda n: "Personagem: X V1\nEnergia: 1\nEscudo: 1\nAfiliações: " + ", " * (n // 2) + "\n",
    "list items": lambda n: "Personagem: X V1\nEnergia: 1\nEscudo: 1\nAfiliações: " + "a," * (n // 2) + "\n",
    "evolution": lambda n: "Personagem-EV: X V1\nEnergia: 1\nEscudo: 1\nValor de acréscimo: 1\nEvolução: "
                           + "A " * (n // 2) + "\n",
    "combining accents": lambda n: ACTION + "e" + "\u0301" * n + "\n",
    "control characters": lambda n: ACTION + "\x1b[31m" * (n // 5) + "\n",
}


def _timed(f: Callable[[], object]) -> float:
    start = time.perf_counter()
    f()
    return time.perf_counter() - start


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_300_kb_card_file_is_answered_within_10_s(shape: str, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.card"
    path.write_text(SHAPES[shape](N), encoding="utf-8")
    took = _timed(lambda: main(["check", str(path)]))
    out = capsys.readouterr().out
    assert took < 10
    assert "error[CS002] the file has" in out
    assert len(out) < 5_000


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_card_file_at_the_file_bound_is_read_in_full_quickly(shape: str) -> None:
    """Just under the bound the whole file is read (structure, header, every paragraph up to the text bound):
    still within a few seconds, with bounded diagnostics."""
    text = SHAPES[shape](limits.MAX_FILE_CHARS - 200)[: limits.MAX_FILE_CHARS]
    card: list[object] = []
    took = _timed(lambda: card.append(compile_source(SourceFile("x.card", text))))
    compiled = card[0]
    assert took < 10
    diags = compiled.diagnostics  # type: ignore[attr-defined]
    assert len(diags) <= limits.MAX_PER_FILE + 1
    assert sum(len(format_text(d)) for d in diags) < 60_000


# --- each regex applied to user text, at 300 KB -----------------------------------------------------------------

BLANKS = "a" + " " * N + "b"
RUNS = {
    "blanks": BLANKS,
    "blanks then newline": "a" + " " * N + "\n",
    "blanks and tabs": "a" + " \t" * (N // 2) + "b",
    "words": "a " * (N // 2),
    "capitals": "Abc " * (N // 4),
    "capitals with de": "Abc de " * (N // 7),
    "abbreviation": "A." * (N // 2),
    "hyphens": "a-" * (N // 2),
    "apostrophes": "a'" * (N // 2),
    "commas": ", A" * (N // 3),
    "digits": "9" * N,
    "dashes": "- " * (N // 2),
    "markup": "<br" * (N // 3),
    "markup and blanks": "<br" + " " * N,
    "colons": ":" * N,
    "one letter": "a" * N,
}


def _card_file_terminals() -> list[tuple[str, re.Pattern[str]]]:
    return [(t.name, re.compile(t.pattern.to_regexp(), re.M)) for t in card_file_parser().terminals
            if hasattr(t.pattern, "to_regexp") and t.pattern.type == "re"]


def _regexes() -> list[tuple[str, Callable[[str], object]]]:
    out: list[tuple[str, Callable[[str], object]]] = []
    for name, rx in _card_file_terminals():
        out.append((f"card_file.lark {name}", lambda s, rx=rx: [rx.match(s, i) for i in (0, 1)]))
    out += [
        ("card_file _TITLE", _TITLE.match),
        ("pipeline _KEYWORD_SHAPE", _KEYWORD_SHAPE.match),
        ("normalize _MARKUP", lambda s: list(_MARKUP.finditer(s))),
        ("normalize()", normalize),
        ("fold_text()", fold_text),
        ("names _CAP_WORD", _CAP_WORD.match),
        ("names _EXCLAMATION", _EXCLAMATION.match),
        ("names _CONNECTOR", _CONNECTOR.match),
        ("match_name_shape()", lambda s: match_name_shape(s, 0)),
        ("NameRegistry.match_known()", lambda s: NameRegistry().match_known(s, 0)),
        ("card_refs CODE_PATTERN", card_refs.CODE_PATTERN.fullmatch),
        ("card_refs code_key()", card_refs.code_key),
        ("card_refs collection_of()", card_refs.collection_of),
        ("deck _TITLE", deck._TITLE.fullmatch),
        ("deck _COMMENT", lambda s: deck._COMMENT.sub("", s)),
        ("deck _COUNT", deck._COUNT.match),
        ("limits long_number()", limits.long_number),
    ]
    return out


# the Python loops (normalize, fold) are linear but slow: ~0.7 s at 300 KB; three shapes are enough for them
_SLOW = {"normalize()": ("blanks", "words", "markup and blanks")}


@pytest.mark.parametrize("name,apply", _regexes(), ids=[n for n, _ in _regexes()])
def test_every_regex_on_user_text_is_linear_at_300_kb(name: str, apply: Callable[[str], object]) -> None:
    runs = [RUNS[k] for k in _SLOW.get(name, tuple(RUNS))]
    worst = max(_timed(lambda text=text: apply(text)) for text in runs)
    assert worst < 3.0, name


def test_the_card_file_lexer_is_linear_on_a_line_of_blanks() -> None:
    """The quadratic case of issue 10: the KEY terminal tried every end of a line with a long run of blanks."""
    from cardscript.grammar.card_file import _lex_text

    small = _timed(lambda: card_file_parser().parse(_lex_text("a" + " " * 30_000 + "b")))
    large = _timed(lambda: card_file_parser().parse(_lex_text(BLANKS)))
    assert large < 2.0
    assert large < 30 * max(small, 0.005)        # ten times the text, not a hundred times the time


PARAGRAPHS: dict[str, Callable[[int], str]] = {
    "dashes": lambda n: "Liderar {1} - " + "-" * n,
    "keyword shape": lambda n: "Furtivo " + "- " * (n // 2),
    "icons and e": lambda n: "Este personagem ganha " + "{AG} e " * (n // 7) + "{AG}.",
    "a long noun phrase": lambda n: "Se " + "o alvo " * (n // 7) + "sair.",
    "words": lambda n: "Rasgar causa " + "1 ponto de dano " * (n // 16) + ".",
    "objects": lambda n: "Escolha um personagem " + "um personagem " * (n // 14),
    "clauses": lambda n: "Escolha um personagem e " + "compre um card e " * (n // 17) + "compre um card.",
    "commas": lambda n: "Quando " + ", " * (n // 2),
}


@pytest.mark.parametrize("shape", list(PARAGRAPHS))
def test_a_paragraph_at_the_paragraph_bound_parses_quickly(shape: str) -> None:
    registry = NameRegistry()
    registry.add("card", "Rasgar")
    text = normalize(PARAGRAPHS[shape](limits.MAX_PARAGRAPH_CHARS - 30)).text[: limits.MAX_PARAGRAPH_CHARS]
    assert _timed(lambda: parse_paragraph(text, registry)) < 3.0


# --- bounded output -----------------------------------------------------------------------------------------


def test_a_30_kb_header_list_prints_a_few_kilobytes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 10: a 30 KB header list printed 453 MB (each of 15,000 diagnostics echoed the whole line)."""
    path = tmp_path / "list.card"
    path.write_text("Personagem: X V1\nEnergia inicial: 1\nEscudo: 1\nAfiliações: " + ", " * 15_000 + "\n",
                    encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert len(out) < 3_000
    assert out.count("error[CS012] empty affiliation in the list") == limits.MAX_PER_LINE
    assert "note[CS005] ... and 14998 more diagnostic(s) in this file (14998 error(s)) not shown" in out


def test_at_most_50_diagnostics_of_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "fields.card"
    path.write_text(HEAD + "".join(f"Campo{i}: x\n" for i in range(500)), encoding="utf-8")
    assert main(["check", str(path), "--format", "json"]) == 1
    import json

    diags = json.loads(capsys.readouterr().out)
    assert len(diags) == limits.MAX_PER_FILE + 1
    assert diags[-1]["code"] == "CS005"
    assert diags[-1]["message"].startswith("... and 450 more diagnostic(s)")


def test_errors_are_kept_before_warnings() -> None:
    source = SourceFile("x.card", "one line\n")
    warnings = [Diagnostic("CS220", f"w{i}", Span(0, 1), source) for i in range(5)]
    error = Diagnostic("CS100", "the error", Span(2, 3), source)
    kept = limits.bound_diagnostics([*warnings, error])
    assert error in kept
    assert [d.code for d in kept].count("CS220") == limits.MAX_PER_LINE - 1


def test_a_long_line_is_echoed_as_a_window_around_the_caret() -> None:
    line = "x" * 5_000 + "ERR" + "y" * 5_000
    source = SourceFile("long.card", line + "\n")
    text = format_text(Diagnostic("CS100", "here", Span(5_000, 5_003), source))
    echoed, caret = text.split("\n")[1:3]
    assert len(echoed) < ECHO_WIDTH + 20
    shown = echoed.split(" | ", 1)[1]
    column = caret.split(" | ", 1)[1].index("^")
    assert shown[column:column + 3] == "ERR"
    assert caret.count("^") == 3


def test_a_message_quoting_the_input_is_clipped() -> None:
    source = SourceFile("x.card", "")
    diag = Diagnostic("CS011", "unknown header field `" + "a" * 100_000 + "`", Span(0, 0), source, hint="h" * 5_000)
    assert len(diag.message) <= 600 and diag.message.endswith("`")
    assert diag.hint is not None and len(diag.hint) <= 600


def test_the_file_bound_is_located(tmp_path: Path) -> None:
    text = "a" * (limits.MAX_FILE_CHARS + 10)
    raw, diags = read_card_file(SourceFile("big.card", text))
    assert raw is None
    assert [(d.code, d.location()) for d in diags] == [("CS002", (1, limits.MAX_FILE_CHARS + 1))]


def test_the_card_text_bound_is_said_once() -> None:
    paragraphs = "\n  ".join(["Rasgar causa 1 ponto de dano no alvo. " * 40] * 10)
    card = compile_source(SourceFile("x.card", ACTION + paragraphs + "\n"))
    codes = [d.code for d in card.diagnostics]
    assert codes.count("CS105") == 1
    assert "passes 6,000 characters" in next(d.message for d in card.diagnostics if d.code == "CS105")


@pytest.mark.parametrize("size", [N, limits.MAX_FILE_CHARS - 100])
def test_a_deck_of_unknown_cards_is_answered_quickly(size: int, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Each unknown card searches the library for a guess (difflib): only for the diagnostics shown."""
    from cardscript.games.battle_scenes.runtime.library import load_library

    load_library()
    path = tmp_path / "big.deck"
    path.write_text(("1 Xyzzy Plugh V1\n" * (size // 17 + 1))[:size], encoding="utf-8")
    took = _timed(lambda: main(["deck", "check", str(path)]))
    out = capsys.readouterr().out
    assert took < 10
    assert len(out) < 30_000
    assert ("CS002" in out) == (size > limits.MAX_FILE_CHARS)


RECORD = {"code": "(2014) BSUM 80/100", "collection": "BSUM", "name": "Rasgar", "version": "V1", "alter_ego": "",
          "type": "Habilidade", "alignments": [], "affiliations": [], "powers": [], "initial_energy": "",
          "addition_value": "", "shield": "", "action": None, "permanent_text": "", "ev_text": "", "errata": "",
          "faqs": "", "rarity": "Raro"}
FIELD_SHAPES = {
    "blanks": ("permanent_text", "a" + " " * N + "b"),
    "markup": ("permanent_text", "<br" * (N // 3)),
    "markup and blanks": ("permanent_text", "<br" + " " * N),
    "keyword markup": ("permanent_text", "#&" * (N // 2)),
    "sentences": ("permanent_text", "Este personagem ganha {AG}. " * (N // 28)),
    "old wording": ("permanent_text", "Pode haver qualquer número de personagens " * (N // 42)),
    "name": ("name", "A " * (N // 2)),
    "version": ("version", "V" + "9" * N),
    "code": ("code", "(2014) BSIC " + "1" * N + "/100"),
    "list": ("affiliations", ["a"] * (N // 4)),
}


@pytest.mark.parametrize("shape", list(FIELD_SHAPES))
@pytest.mark.parametrize("command", ["translate", "corpus"])
def test_a_record_with_a_300_kb_field_is_answered_within_10_s(shape: str, command: str, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    import json

    field, value = FIELD_SHAPES[shape]
    path = tmp_path / "big.jsonl"
    path.write_text(json.dumps({**RECORD, field: value}, ensure_ascii=False) + "\n", encoding="utf-8")
    took = _timed(lambda: main([command, str(path)]))
    captured = capsys.readouterr()
    assert took < 10
    assert len(captured.err) < 5_000
