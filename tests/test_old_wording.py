"""Old wording (issue 5, item 5): cards printed before a keyword existed carry its long form (rules, Glossário:
Pelotão, Clone, Liderar, Materializar); `cardscript translate` writes the keyword, `cardscript check` warns CS250.
Recognition is data: the prelude's `Forma antiga` lines and meanings (cardscript/compiler/old_wording.py). Also:
docs/keywords.md and docs/diagnostics.md are their generators' output."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardscript.compiler.old_wording import (
    actions_argument,
    characteristics_argument,
    find_old_wording,
    rewrite_paragraphs,
)
from cardscript.compiler.pipeline import CompiledCard, compile_source
from cardscript.compiler.prelude import Usage, characteristics_complement, load_prelude
from cardscript.compiler.translate import plain_text_to_card_text, record_to_card_text
from cardscript.core import diagnostics as dg
from cardscript.core.source import SourceFile

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "battle-scenes-cards-dev.jsonl"


def _corpus_record(name: str) -> dict[str, Any]:
    if not CORPUS.exists():
        pytest.skip("the development corpus (../shared/corpus) is not available")
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            if record["name"] == name:
                return dict(record)
    raise AssertionError(f"{name} is not in the corpus")


def _compile(text: str) -> CompiledCard:
    return compile_source(SourceFile("t.card", text))


def _keywords(card: CompiledCard) -> list[str]:
    return [use.written for use in card.keywords]


def _cs250(card: CompiledCard) -> list[dg.Diagnostic]:
    return [d for d in card.diagnostics if d.code == "CS250"]


# --- translate ------------------------------------------------------------------------------------------------


def test_glossary_pelotao_vigilante_kree_long_form_translates_to_the_keyword() -> None:
    """"Pode haver qualquer número de personagem chamados Vigilante Kree em cena." (printed so, "personagem") is
    Pelotão: the translated file says `Pelotão.`, a comment keeps the printed text and the glossary's note."""
    record = _corpus_record("Vigilante Kree")
    text = record_to_card_text(record)
    permanent = text.split("Texto permanente:\n", 1)[1].splitlines()
    assert permanent[0] == "  Pelotão."
    head = text.split("Personagem: Vigilante Kree V1", 1)[0]
    assert head.startswith("# Old wording: the printed \"Pode haver qualquer número de personagem chamados Vigilante")
    flat = head.replace("\n# ", " ")                         # the comment's lines joined
    assert "cardscript/games/battle_scenes/prelude/pelotao.kw" in flat and "written as \"Pelotão.\"" in flat
    assert "Pelotão é uma palavra-chave nova para uma característica antiga" in head
    card = _compile(text)
    assert "Pelotão" in _keywords(card) and not _cs250(card)
    assert plain_text_to_card_text(text) == text            # the comment and the keyword line stay as they are


def test_glossary_pelotao_a_card_whose_own_name_differs_does_not_match_nome() -> None:
    """`[nome]` is the card's own name: the same sentence on a card named otherwise is no Pelotão."""
    record = _corpus_record("Vigilante Kree")
    record["name"] = "Sentinela Kree"
    text = record_to_card_text(record)
    assert "Pelotão" not in text and "# Old wording" not in text
    assert "  Pode haver qualquer número de personagem chamados Vigilante Kree em cena." in text
    assert not _cs250(_compile(text))
    assert find_old_wording("Pode haver qualquer número de personagens chamados Vigilante Kree em cena.",
                            "Sentinela Kree") is None


def test_glossary_old_cards_long_forms_translate_to_their_keywords() -> None:
    """The cards the glossary names, typed as printed text with the long form: Liderar (Capitão América – Steve
    Rogers V1, Corvus Glaive V1, Guardião – James MacDonald Hudson V1), Clone (Ultron-6 V1), Materializar (Motoqueiro
    Fantasma – Kenshiro Cochrane V1, Titã Descontrolado V1), each with its parameters read back."""
    cases = [
        ("Personagem: Capitão América V1\nAlter ego: Steve Rogers\nEnergia inicial: 4\nEscudo: 1\n",
         "Durante sua Fase de Preparação, uma vez por turno, você pode capacitar em {1} um personagem que você "
         "controla com a afiliação Vingadores.", "Liderar {1} - afiliação Vingadores"),
        ("Personagem: Corvus Glaive V1\nAlter ego: Corvus Glaive\nEnergia inicial: 4\nEscudo: 1\n",
         "Durante sua Fase de Preparação, uma vez por turno, você pode capacitar em {1} um personagem com a "
         "afiliação Ordem Negra que você controla.", "Liderar {1} - afiliação Ordem Negra"),
        ("Personagem: Guardião V1\nAlter ego: James MacDonald Hudson\nEnergia inicial: 4\nEscudo: 1\n",
         "Uma vez por turno, durante sua Fase de Preparação, você pode capacitar em {1} um personagem com a afiliação "
         "Tropa Alfa que você controla.", "Liderar {1} - afiliação Tropa Alfa"),
        ("Personagem: Ultron-6 V1\nAlter ego: Ultron\nEnergia inicial: 4\nEscudo: 1\n",
         "Pode haver qualquer número de personagens com alter ego Ultron em cena, desde que tenham nomes diferentes.",
         "Clone"),
        ("Personagem: Motoqueiro Fantasma V1\nAlter ego: Kenshiro Cochrane\nEnergia inicial: 4\nEscudo: 1\n",
         "Você pode colocar este personagem em cena carregando cards do topo do seu deck ao invés de cards dos seus "
         "recursos.", "Materializar"),
        ("Suporte: Titã Descontrolado V1\nEnergia inicial: 3\nEscudo: 1\n",
         "Você pode colocar este suporte em cena carregando cards do topo de seu deck ao invés de cards de seus "
         "recursos.", "Materializar"),
    ]
    for header, long_form, keyword in cases:
        text = plain_text_to_card_text(f"{header}Texto permanente:\n  {long_form}\n")
        assert f"\n  {keyword}.\n" in text, text
        assert f'# Old wording: the printed "{long_form[:40]}' in text
        card = _compile(text)
        assert _keywords(card) == [keyword] and not _cs250(card), text


def test_clone_long_form_needs_the_cards_own_alter_ego() -> None:
    long_form = "Pode haver qualquer número de personagens com alter ego Ultron em cena, desde que tenham nomes " \
                "diferentes."
    assert find_old_wording(long_form, "Ultron-6", "Ultron") is not None
    assert find_old_wording(long_form, "Visão", "Visão") is None


def test_a_paragraph_that_only_begins_with_a_long_form_is_not_the_keyword() -> None:
    """Interceptador de Voz V1: the Atrasar sentence followed by "Se o fizer, compre um card." is its own effect;
    the characteristics never run across a sentence ("S.H.I.E.L.D." is one name)."""
    text = ("Durante sua Fase de Preparação, uma vez por turno, você pode incapacitar em {1} um personagem com a "
            "afiliação S.H.I.E.L.D. que você controla. Se o fizer, compre um card.")
    assert find_old_wording(text, "Interceptador de Voz") is None
    liderar = find_old_wording("Durante sua Fase de Preparação, uma vez por turno, você pode capacitar em {1} um "
                               "personagem com a afiliação S.H.I.E.L.D. que você controla.", "Nick Fury")
    assert liderar is not None and liderar.line == "Liderar {1} - afiliação S.H.I.E.L.D."


def test_7_acao_unica_long_form_at_the_start_of_an_action_becomes_its_prefix() -> None:
    """An action keyword's long form opens the action's text; the rest stays as the effect."""
    paragraphs, found = rewrite_paragraphs(
        ["Este personagem não pode usar mais de uma ação chamada Golpe por turno. Golpe causa 1 ponto de dano no "
         "alvo."], "Teste", action="Golpe", in_action=True)
    assert paragraphs == ["Ação Única - Golpe causa 1 ponto de dano no alvo."]
    assert found[0].keyword.name == "Ação Única" and found[0].from_meaning
    # in the permanent text, or naming another action, it is not the keyword
    assert find_old_wording("Um jogador não pode usar mais de uma ação chamada Pensar Rápido por turno.",
                            "Pensar Rápido", action="Pensar Rápido") is None


def test_every_old_form_of_the_prelude_is_recognised_as_its_keyword_with_the_examples_parameters() -> None:
    """Data-driven both ways: each `Forma antiga` (and each one-paragraph meaning), filled in with the example's
    parameters, reads back as the example."""
    checked = 0
    for keyword in load_prelude().keywords.values():
        example = _compile(_example_card(keyword.example, keyword.usage is Usage.ACTION))
        (use,) = example.keywords
        templates = list(keyword.old_forms) + (list(keyword.meaning) if len(keyword.meaning) == 1 else [])
        for template in templates:
            (filled,) = keyword.instantiate(use.value, use.args, card="Teste", action="Golpe Teste",
                                            alter_ego="Fulano de Tal", templates=(template,))
            paragraph = f"{filled} Compre um card." if keyword.usage is Usage.ACTION else filled
            found = find_old_wording(paragraph, "Teste", "Fulano de Tal", "Golpe Teste",
                                     keyword.usage is Usage.ACTION)
            assert found is not None and found.keyword is keyword, (keyword.name, filled)
            assert (found.value, found.args) == (use.value, use.args), (keyword.name, filled)
            checked += 1
    assert checked >= 30


def _example_card(text: str, in_action: bool) -> str:
    head = "Personagem: Teste V1\nAlter ego: Fulano de Tal\nAfiliações: Vingadores\nEnergia inicial: 3\nEscudo: 1\n"
    if in_action:
        return f"{head}\nAção: Golpe Teste\n  Custo: {{1}}\n  Poder: {{AE}}\n  {text}\n"
    return f"{head}\nTexto permanente:\n  {text}\n"


@pytest.mark.parametrize("argument", [
    "afiliação Vingadores", "afiliação X-Men/Irmandade de Mutantes", "poder {TE}", "personagem sem a afiliação "
    "Thunderbolts", "alter ego Ultron", "afiliação S.H.I.E.L.D.",
])
def test_characteristics_read_back_into_the_keywords_argument(argument: str) -> None:
    assert characteristics_argument(characteristics_complement(argument)) in (argument, argument.rstrip("."))


def test_actions_read_back_into_the_keywords_argument() -> None:
    assert actions_argument("a ação Colisão Devastadora") == "ação Colisão Devastadora"
    assert actions_argument("as ações de {AE}") == "ações de {AE}"
    assert actions_argument("ações") is None


def test_the_corpus_long_forms_are_vigilante_kree_only() -> None:
    """The development corpus prints current wording (errata applied) except Vigilante Kree V1: nothing else is
    taken for a long form (no false positives across 732 cards)."""
    if not CORPUS.exists():
        pytest.skip("the development corpus (../shared/corpus) is not available")
    hits = []
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            if "# Old wording" in record_to_card_text(record):
                hits.append(record["name"])
    assert hits == ["Vigilante Kree"]


# --- the check ------------------------------------------------------------------------------------------------


def test_check_warns_cs250_on_a_long_form_and_names_the_keyword() -> None:
    text = ("Personagem: Vigilante Kree V1\nAfiliações: Kree\nEnergia inicial: 7\nEscudo: 2\n\nTexto permanente:\n"
            "  Pode haver qualquer número de personagem chamados Vigilante Kree em cena.\n\nAção: Golpe\n  Custo: {1}\n"
            "  Este personagem não pode usar mais de uma ação chamada Golpe por turno. Golpe causa 1 ponto de dano no "
            "alvo.\n")
    card = _compile(text)
    pelotao, acao_unica = _cs250(card)
    assert dg.CODES["CS250"].severity is dg.Severity.WARNING
    assert pelotao.severity is dg.Severity.WARNING
    assert pelotao.message == "long form of the keyword Pelotão"
    assert pelotao.hint is not None and pelotao.hint.startswith("write the keyword: `Pelotão.`")
    assert text[pelotao.span.start:pelotao.span.end] == \
        "Pode haver qualquer número de personagem chamados Vigilante Kree em cena."
    assert pelotao.location() == (7, 3)
    assert acao_unica.message == "long form of the keyword Ação Única"
    assert acao_unica.hint is not None and "`Ação Única - ` before the effect" in acao_unica.hint
    assert text[acao_unica.span.start:acao_unica.span.end] == \
        "Este personagem não pode usar mais de uma ação chamada Golpe por turno."
    # the keyword itself is no warning
    fixed = _compile(text.replace("Pode haver qualquer número de personagem chamados Vigilante Kree em cena.",
                                  "Pelotão."))
    assert [d.message for d in _cs250(fixed)] == ["long form of the keyword Ação Única"]


def test_the_library_uses_no_long_forms() -> None:
    from cardscript.compiler.pipeline import compile_paths, library_path

    assert [d for card in compile_paths([library_path()]) for d in _cs250(card)] == []


# --- generated docs -------------------------------------------------------------------------------------------


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_docs_keywords_md_is_generated_from_the_prelude() -> None:
    """docs/keywords.md == `python bench/gen_keywords_doc.py`: regenerate it after changing the prelude or the
    lowering (`python bench/gen_keywords_doc.py > docs/keywords.md`)."""
    generated = _load(ROOT / "bench" / "gen_keywords_doc.py").render()
    for keyword in load_prelude().keywords.values():
        assert f"\n## {keyword.name}\n" in generated
    assert (ROOT / "docs" / "keywords.md").read_text(encoding="utf-8") == generated, \
        "docs/keywords.md is stale: python bench/gen_keywords_doc.py > docs/keywords.md"


def test_docs_diagnostics_md_is_generated_from_the_registry() -> None:
    generated = subprocess.run([sys.executable, str(ROOT / "bench" / "gen_diagnostics_doc.py")], check=True,
                               capture_output=True, text=True, cwd=ROOT).stdout
    assert '| <a id="cs250"></a>CS250 | warning | long form of a keyword |' in generated
    assert (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8") == generated, \
        "docs/diagnostics.md is stale: python bench/gen_diagnostics_doc.py > docs/diagnostics.md"
