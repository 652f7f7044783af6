"""The keyword prelude (cardscript/games/battle_scenes/prelude/, rules 7, 5.6): definitions read as data, keywords
expanded into the
card text they stand for, and the diagnostics of unknown keywords, missing parameters and broken definitions."""

from __future__ import annotations

import pytest

from cardscript.compiler.explain import explain_card
from cardscript.compiler.pipeline import compile_source
from cardscript.compiler.prelude import Usage, load_prelude, read_keyword_file
from cardscript.core.diagnostics import format_text
from cardscript.core.source import SourceFile
from cardscript.grammar.parser import keyword_terminals

# rules 7 and the glossary: every keyword the issue names, and the Predador characteristic
RULEBOOK_KEYWORDS = [
    "Ataque-Surpresa", "Antecipação-Surpresa", "Ação Única", "Clarividência", "Energia Cósmica", "Atrasar",
    "Liderar", "Potencializar", "Prontidão", "Clone", "Pelotão", "Interligar", "Item Mágico", "Item Único",
    "Aprimoramento", "Metamorfo", "Materializar", "Reviver", "Espionar", "Singularidade", "Predador",
]

HEADER = """Personagem: Teste V1
Alter ego: Fulano de Tal
Afiliações: Vingadores
Energia inicial: 3
Escudo: 1

"""


def _card(permanent: str = "", action_text: str = "") -> str:
    text = HEADER
    if permanent:
        text += "Texto permanente:\n" + "".join(f"  {p}\n" for p in permanent.split("\n"))
    if action_text:
        text += f"\nAção: Golpe Teste\n  Custo: {{1}}\n  Poder: {{AE}}\n  {action_text}\n"
    return text


def _compile(text: str):  # type: ignore[no-untyped-def]
    return compile_source(SourceFile("t.card", text))


def test_the_prelude_defines_every_keyword_of_rules_7_and_reads_cleanly() -> None:
    prelude = load_prelude()
    assert [format_text(d) for d in prelude.diagnostics] == []
    assert sorted(prelude.names()) == sorted(RULEBOOK_KEYWORDS)
    for definition in prelude.keywords.values():
        assert definition.section and definition.meaning and definition.example


def test_the_grammar_keywords_are_the_preludes() -> None:
    terminals = keyword_terminals()
    line = next(t for t in terminals.splitlines() if t.startswith("KEYWORD."))
    prefix = next(t for t in terminals.splitlines() if t.startswith("KEYWORD_PREFIX."))
    assert "pelotao" in line and "item unico" in line and "clarividencia" not in line
    assert "clarividencia" in prefix and "energia cosmica" in prefix and "singularidade" in prefix


@pytest.mark.parametrize("name", RULEBOOK_KEYWORDS)
def test_each_keyword_example_expands_into_compiled_card_text(name: str) -> None:
    definition = load_prelude().get(name)
    assert definition is not None
    if definition.usage is Usage.ACTION:
        card = _compile(_card(action_text=definition.example))
    else:
        card = _compile(_card(permanent=definition.example))
    assert card.ok, [format_text(d) for d in card.diagnostics]
    (use,) = card.keywords
    assert use.name == definition.name
    assert use.block is not None and len(use.block.paragraphs) == len(definition.meaning)
    assert all("[" not in t for t in use.text)        # every parameter filled in


def test_liderar_parameters_fill_the_meaning() -> None:
    card = _compile(_card(permanent="Liderar {1} - afiliação Thunderbolts/Vingadores Sombrios."))
    (use,) = card.keywords
    assert use.value == "{1}" and use.args == "afiliação Thunderbolts/Vingadores Sombrios"
    assert use.text == ("Durante sua Fase de Preparação, uma vez por turno, você pode capacitar em {1} um personagem "
                        "que você controla com a afiliação Thunderbolts ou com a afiliação Vingadores Sombrios.",)


def test_action_keyword_prefix_uses_each_keyword_and_its_value() -> None:
    card = _compile(_card(action_text="Ação Única (este personagem não pode usar mais de uma ação chamada Golpe Teste "
                                      "por turno), Energia Cósmica 2 - Este personagem causa 1 ponto de dano no alvo."))
    assert [(u.name, u.value, u.in_action) for u in card.keywords] == [("Ação Única", None, True),
                                                                        ("Energia Cósmica", "2", True)]
    assert "chamada Golpe Teste" in card.keywords[0].text[0]


def test_unknown_keyword_names_the_closest_one() -> None:
    card = _compile(_card(permanent="Peloton."))
    (diag,) = [d for d in card.diagnostics if d.severity.value == "error"]
    assert diag.code == "CS104" and "unknown keyword 'Peloton'" in diag.message
    assert diag.hint is not None and "did you mean 'Pelotão'?" in diag.hint
    assert diag.location() == (8, 3)


def test_keyword_without_its_required_parameter() -> None:
    card = _compile(_card(permanent="Liderar."))
    (diag,) = [d for d in card.diagnostics if d.severity.value == "error"]
    assert diag.code == "CS240" and "Liderar needs" in diag.message
    assert diag.hint == "e.g. Liderar {1} - afiliação Vingadores."


@pytest.mark.parametrize(("text", "message"), [
    ("Pelotão 2.", "Pelotão takes no number (2)"),
    ("Clone - afiliação Vingadores.", "Clone takes no arguments (- afiliação Vingadores)"),
])
def test_keyword_with_a_parameter_it_does_not_take(text: str, message: str) -> None:
    card = _compile(_card(permanent=text))
    (diag,) = [d for d in card.diagnostics if d.severity.value == "error"]
    assert diag.code == "CS240" and diag.message == message
    assert diag.hint is not None and "its parameters: no parameters" in diag.hint


def test_explain_shows_the_keyword_expanded() -> None:
    card = _compile(_card(permanent="Liderar {1} - afiliação Vingadores."))
    text = explain_card(card)
    assert "keyword Liderar {1} - afiliação Vingadores  [rules 7 Outras Palavras-Chave; Glossário; " in text
    assert ("means: Durante sua Fase de Preparação, uma vez por turno, você pode capacitar em {1} um personagem que "
            "você controla com a afiliação Vingadores.") in text
    assert "(from keyword Liderar, works in: scene)" in text


def test_a_broken_keyword_file_is_located() -> None:
    source = SourceFile("x.kw", "Palavra-chave: Furtivo\nRegra: 7\nZona: céu\nCor: azul\n")
    definition, diags = read_keyword_file(source)
    assert definition is None
    by_code = {d.code: d for d in diags}
    assert by_code["CS012"].location() == (3, 7) and "unknown zone 'céu'" in by_code["CS012"].message
    assert by_code["CS011"].location() == (4, 1)
    assert by_code["CS013"].hint is not None and "Significado" in by_code["CS013"].hint


def test_a_file_that_is_not_a_keyword_definition() -> None:
    definition, diags = read_keyword_file(SourceFile("x.kw", "Personagem: Blob V1\n"))
    assert definition is None and diags[0].code == "CS010"


def test_liderar_with_two_affiliations_selects_either() -> None:
    """"Liderar {1} - afiliação Thunderbolts/Vingadores Sombrios" (Patriota de Ferro): a character with either."""
    from cardscript.compiler.ir import ChangeStage, Filter
    from cardscript.compiler.lower import lower_card

    text = _card(permanent="Liderar {1} - afiliação Vingadores/Thunderbolts.").replace(
        "Afiliações: Vingadores", "Afiliações: Vingadores, Thunderbolts")
    definition = lower_card(_compile(text))
    (effect,) = [e for e in definition.effects if e.from_keyword == "Liderar"]
    assert effect.executable
    (proc,) = [p for p in effect.procedures if isinstance(p, ChangeStage) and p.capacitate]
    assert Filter("affiliation", "has_any", "Vingadores/Thunderbolts") in proc.targets.filters


def test_check_reports_a_broken_keyword_definition(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A .kw file that does not read is reported by `cardscript check` (its keyword would otherwise just vanish)."""
    from cardscript import cli
    from cardscript.compiler import prelude as prelude_module

    path = "cardscript/games/battle_scenes/prelude/furtivo.kw"
    _, diags = read_keyword_file(SourceFile(path, "Palavra-chave: Furtivo\nRegra: 7\n"))
    real = prelude_module.load_prelude()
    monkeypatch.setattr(prelude_module, "load_prelude", lambda folder=None: prelude_module.Prelude(
        real.keywords, tuple(diags)))
    from cardscript.compiler.pipeline import library_path

    assert cli.main(["check", str(library_path() / "bsum" / "rasgar-v1.card")]) == 1
    out = capsys.readouterr().out
    assert "cardscript/games/battle_scenes/prelude/furtivo.kw:1:1: error[CS013] keyword Furtivo has no meaning" in out
