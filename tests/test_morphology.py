"""The lexicon's regular inflection (cardscript.grammar.morphology): a known word is read in its other forms, no
generated form shadows a function word, and a misspelt form is still an unknown word."""

from __future__ import annotations

import pytest

from cardscript.compiler.pipeline import compile_source
from cardscript.compiler.render import render_node
from cardscript.core.normalize import fold_text
from cardscript.core.source import SourceFile
from cardscript.grammar.lexicon import LEXICON, VERBS, lookup
from cardscript.grammar.morphology import adjective_forms, adverb, conjugate, plural


@pytest.mark.parametrize(("lemma", "form", "spelling"), [
    ("colocar", "imp", "coloque"), ("carregar", "subj3p", "carreguem"), ("começar", "imp", "comece"),
    ("nocautear", "pres3s", "nocauteia"), ("nocautear", "imp", "nocauteie"), ("causar", "fut3s", "causará"),
    ("escolher", "past3s", "escolheu"), ("proteger", "imp", "proteja"), ("dividir", "part_fp", "divididas"),
    ("incluir", "pres3s", "inclui"), ("incluir", "part", "incluído"), ("atingir", "imp", "atinja"),
    ("reduzir", "pres3s", "reduz"), ("usar", "fut_subj3p", "usarem"), ("descartar", "impf_subj3s", "descartasse"),
])
def test_regular_conjugation(lemma: str, form: str, spelling: str) -> None:
    assert conjugate(lemma)[form] == spelling


def test_plural_adjective_forms_and_adverbs() -> None:
    assert [plural(w) for w in ("ação", "final", "jogador", "item", "possível", "vez", "card")] == \
        ["ações", "finais", "jogadores", "itens", "possíveis", "vezes", "cards"]
    assert adjective_forms("aleatório") == ("aleatório", "aleatória", "aleatórios", "aleatórias")
    assert adjective_forms("adicional") == ("adicional", "adicionais")
    assert [adverb(w) for w in ("aleatório", "possível", "imediato")] == \
        ["aleatoriamente", "possivelmente", "imediatamente"]


def test_generated_forms_are_in_the_lexicon_and_written_forms_come_first() -> None:
    assert [(w.lemma, w.form) for w in lookup("descartam")] == [("descartar", "pres3p")]
    assert lookup("incapacitou")[0].lemma == "incapacitar"
    # a written form keeps its reading: "compre" is comprar's imperative, "destrói" is not "destrui"
    assert lookup("compre")[0].form == "imp" and not lookup("destrui")


FUNCTION_CLASSES = ("PREP", "DET", "PRON", "REL", "PREADV", "NUMWORD")
STRUCTURAL = ("que", "se", "e", "ou", "nem", "quando", "como", "caso", "toda", "vez", "sempre", "enquanto",
              "desde", "entao", "ex", "nao")


def test_no_generated_form_shadows_a_function_word() -> None:
    """A generated verb form that folds onto a preposition, article or structural word ("dê" / "de", "entre" /
    "entre") would change how every sentence with that word is read (the written "é" / "e", "está" / "esta" are
    told apart by their accents)."""
    for key, entries in LEXICON.items():
        generated = [w for w in entries if w.cls == "VERB" and VERBS.get(w.lemma, {}).get(w.form) != w.spelling]
        if generated:
            assert not {w.cls for w in entries} & set(FUNCTION_CLASSES), (key, entries)
            assert key not in STRUCTURAL, key


PREFIX = "Personagem: Teste V1\nEnergia inicial: 3\nEscudo: 1\n\nAção: Rasgar\n  Custo: {1}\n  "


@pytest.mark.parametrize("text", [
    "Os personagens que você controla descartam um card.",
    "Se este personagem incapacitou um personagem neste turno, compre um card.",
    "Coloque um card em um personagem escolhido aleatoriamente.",
])
def test_a_card_prints_another_form_of_a_known_word(text: str) -> None:
    card = compile_source(SourceFile("t.card", PREFIX + text + "\n"))
    assert card.parsed, [d.message for d in card.diagnostics]
    assert card.action is not None
    assert render_node(card.action.paragraphs[0]) == text


def test_a_misspelt_form_is_still_an_unknown_word() -> None:
    card = compile_source(SourceFile("t.card", PREFIX + "Os personagens que você controla descartamm um card.\n"))
    diag = next(d for d in card.diagnostics if d.code == "CS100")
    assert "descartamm" in diag.message and diag.hint == "did you mean 'descartam'?"
    assert fold_text("descartamm") not in LEXICON
