"""Sentence forms: each parses into the AST it means, renders back to itself, or fails with a diagnostic."""

from __future__ import annotations

import pytest

from cardscript.compiler.ast import Clause, EffectParagraph, KeywordLine, Procedure
from cardscript.compiler.build import build_paragraph
from cardscript.compiler.pipeline import compile_source
from cardscript.compiler.render import render_node
from cardscript.compiler.source import SourceFile
from cardscript.grammar.names import NameRegistry
from cardscript.grammar.normalize import normalize
from cardscript.grammar.parser import ParseFailure, parse_paragraph

NAMES = NameRegistry()
NAMES.add("action", "Rasgar")
NAMES.add("action", "Contra-Golpear")
NAMES.add("affiliation", "Gangue da Demolição")

FORMS = [
    # (form, text, the procedure of the first main clause or None for keyword lines)
    ("damage", "Rasgar causa 1 ponto de dano penetrante no alvo.", Procedure.DAMAGE),
    ("draw", "Compre dois cards.", Procedure.DRAW),
    ("trigger", "Quando este cenário entrar em cena, compre um card.", Procedure.DRAW),
    ("generated effect", "Toda vez que o alvo usar uma ação neste turno, Contra-Golpear causa 2 pontos de dano "
     "no alvo.", Procedure.DAMAGE),
    ("optional + if done", "Você pode descartar um card. Se o fizer, compre dois cards.", Procedure.DISCARD),
    ("incapacitate", "Incapacite o alvo em {1}.", Procedure.INCAPACITATE),
    ("shield modifier with duration", "O alvo ganha Escudo -1 até o final do turno.", Procedure.GAIN),
    ("search and clitics", "Procure em seu deck por um card de personagem com a afiliação Gangue da Demolição, "
     "revele-o, coloque-o em sua mão e embaralhe o seu deck.", Procedure.SEARCH),
    ("window + limit", "Durante sua Fase de Preparação, uma vez por turno, você pode descartar um card.",
     Procedure.DISCARD),
    ("keyword line", "Pelotão.", None),
    ("keyword with argument", "Liderar {1} - afiliação Gangue da Demolição.", None),
]


def _parse(text: str) -> EffectParagraph | KeywordLine:
    para = normalize(text)
    tree = parse_paragraph(para.text, NAMES)
    assert not isinstance(tree, ParseFailure), tree
    return build_paragraph(tree, para, NAMES)


@pytest.mark.parametrize(("form", "text", "procedure"), FORMS, ids=[f[0] for f in FORMS])
def test_form_parses_means_and_roundtrips(form: str, text: str, procedure: Procedure | None) -> None:
    ast = _parse(text)
    if procedure is None:
        assert isinstance(ast, KeywordLine)
    else:
        assert isinstance(ast, EffectParagraph)
        clause = ast.sentences[0].body.clauses[0]
        assert isinstance(clause, Clause)
        assert clause.procedure is procedure
    assert render_node(ast) == text


def test_optional_clause_is_marked_as_a_choice() -> None:
    ast = _parse("Você pode descartar um card.")
    assert isinstance(ast, EffectParagraph)
    assert ast.sentences[0].body.clauses[0].optional


def test_contractions_split_and_rejoin() -> None:
    ast = _parse("Carregue um card de seus recursos neste personagem.")
    assert render_node(ast) == "Carregue um card de seus recursos neste personagem."


BAD = [
    ("unknown word", "Compre um xyzzy.", "CS100"),
    ("missing period", "Compre um card", "CS101"),
    ("verb with nothing to do", "Incapacite o alvo em.", "CS100"),
    ("stray punctuation", "Compre ; um card.", "CS100"),
]


def _card(text: str) -> str:
    return f"Cenário: Teste V1\n\nTexto permanente:\n  {text}\n"


@pytest.mark.parametrize(("case", "text", "code"), BAD, ids=[b[0] for b in BAD])
def test_bad_sentence_gives_a_located_diagnostic(case: str, text: str, code: str) -> None:
    card = compile_source(SourceFile("t.card", _card(text)))
    codes = [d.code for d in card.diagnostics]
    assert code in codes, codes
    diag = next(d for d in card.diagnostics if d.code == code)
    line, col = diag.location()
    assert line == 4 and col >= 3
    assert diag.hint


def test_unbound_reference_is_a_diagnostic() -> None:
    card = compile_source(SourceFile("t.card", _card("Revele aquele card.")))
    assert "CS200" in [d.code for d in card.diagnostics]


def test_x_must_be_defined() -> None:
    card = compile_source(SourceFile("t.card", _card("Compre X cards.")))
    assert "CS230" in [d.code for d in card.diagnostics]
    ok = compile_source(SourceFile("t.card", _card("Compre X cards. X é igual ao número de cards em sua mão.")))
    assert "CS230" not in [d.code for d in ok.diagnostics]
