"""The editor grammar (issue 13, part 2): ``editors/vscode/`` -- a TextMate grammar generated from the compiler's
vocabularies (the file is what the generator gives) and a minimal extension manifest, tokenized on sample card
files by vscode-textmate, VS Code's own tokenizer (node; installed with npm into the user cache on first use)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from cardscript.compiler.files import library_path
from cardscript.tools.editor_grammar import grammar
from tests.external_tools import npm_modules, unavailable

ROOT = Path(__file__).resolve().parents[1]
EDITOR = ROOT / "editors" / "vscode"
GRAMMAR = EDITOR / "syntaxes" / "cardscript.tmLanguage.json"
TOKENIZE = Path(__file__).with_name("editor") / "tokenize.mjs"
PACKAGES = ("vscode-textmate@9.3.2", "vscode-oniguruma@2.0.1")


def test_the_grammar_file_is_the_generated_one() -> None:
    """Regenerate it with ``python -m cardscript.tools.editor_grammar > editors/vscode/syntaxes/...``."""
    assert json.loads(GRAMMAR.read_text(encoding="utf-8")) == grammar()


def test_the_extension_manifest_names_the_language_and_the_grammar() -> None:
    manifest = json.loads((EDITOR / "package.json").read_text(encoding="utf-8"))
    (language,) = manifest["contributes"]["languages"]
    (contributed,) = manifest["contributes"]["grammars"]
    assert language["extensions"] == [".card"] and contributed["language"] == language["id"]
    assert (EDITOR / contributed["path"]).resolve() == GRAMMAR.resolve()
    assert contributed["scopeName"] == grammar()["scopeName"]
    assert (EDITOR / language["configuration"]).is_file()


def _modules() -> Path | None:
    """node_modules with vscode-textmate and vscode-oniguruma ($CARDSCRIPT_TEXTMATE_MODULES, or installed by npm
    into the user cache); None when node or npm cannot give them."""
    if shutil.which("node") is None:
        return None
    return npm_modules("test-textmate", PACKAGES, "CARDSCRIPT_TEXTMATE_MODULES")


def _tokens(*files: Path) -> dict[str, list[list[tuple[str, list[str]]]]]:
    modules = _modules()
    if modules is None:
        unavailable("node and npm (vscode-textmate) are needed to tokenize with the grammar")
    done = subprocess.run(["node", str(TOKENIZE), str(modules), str(GRAMMAR), *map(str, files)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    raw = json.loads(done.stdout)
    return {name: [[(text, scopes) for text, scopes in line] for line in lines] for name, lines in raw.items()}


def _scope_of(lines: list[list[tuple[str, list[str]]]], text: str) -> str:
    """The innermost scope of the first token that is ``text``."""
    for line in lines:
        for token, scopes in line:
            if token == text:
                return scopes[-1]
    raise AssertionError(f"no token {text!r}")


def test_a_card_is_coloured_part_by_part() -> None:
    card = library_path() / "bsiv" / "adaga-psiquica-v1.card"
    lines = _tokens(card)[str(card)]
    expect = {
        "Habilidade": "keyword.other.card-type.cardscript", "Adaga Psíquica": "entity.name.type.card.cardscript",
        "V1": "constant.numeric.version.cardscript", "Poder": "variable.other.property.header.cardscript",
        "Telepatia": "support.constant.power.cardscript", "Texto permanente": "markup.heading.block.cardscript",
        "Quando": "keyword.control.lead.cardscript", "este card": "variable.language.reference.cardscript",
        "{TE}": "constant.other.icon.cardscript", "Se o fizer": "keyword.control.lead.cardscript",
        "aquele personagem": "variable.language.reference.cardscript",
        "Custo": "variable.other.property.action.cardscript",
        "{1}": "constant.other.icon.cardscript",
    }
    for text, scope in expect.items():
        assert _scope_of(lines, text) == scope, text
    permanent = next(line for line in lines if any(t == "Quando" for t, _ in line))
    assert ("Adaga Psíquica", ["source.cardscript", "entity.name.card-or-affiliation.cardscript"]) in permanent


def test_a_sky_world_card_is_coloured_with_its_games_terms(tmp_path: Path) -> None:
    """Issue 14: the grammar is made from every game's terms: Sky World's card types, fields, seals and keywords."""
    card = tmp_path / "vidente.card"
    card.write_text("Herói: Vidente\nJogo: Sky World\nCusto: 2\nPatamar: 1\nTexto permanente:\n"
                    "  INÍCIO DO TURNO · MENOS FÉ: Fortalecer 1.\n", encoding="utf-8")
    lines = _tokens(card)[str(card)]
    expect = {
        "Herói": "keyword.other.card-type.cardscript", "Patamar": "variable.other.property.header.cardscript",
        "Texto permanente": "markup.heading.block.cardscript", "INÍCIO DO TURNO": "keyword.control.seal.cardscript",
        "MENOS FÉ": "keyword.control.seal.qualifier.cardscript", "Fortalecer": "keyword.other.game-keyword.cardscript",
    }
    for text, scope in expect.items():
        assert _scope_of(lines, text) == scope, text


def test_keywords_comments_and_every_bundled_card_tokenize(tmp_path: Path) -> None:
    sample = tmp_path / "sample.card"
    sample.write_text("# a comment line\nPersonagem: Teste V1\nAfiliações: Vingadores\n\nTexto permanente:\n"
                      "  Clarividência 2 - Enquanto você controlar outro personagem com a afiliação Vingadores, "
                      "este personagem ganha Voo.\n", encoding="utf-8")
    cards = sorted(library_path().rglob("*.card"))
    tokens = _tokens(sample, *cards)
    lines = tokens[str(sample)]
    assert _scope_of(lines, "# a comment line") == "comment.line.number-sign.cardscript"
    assert _scope_of(lines, "Clarividência") == "keyword.other.game-keyword.cardscript"
    assert _scope_of(lines, "Voo") == "support.constant.power.cardscript"
    assert _scope_of(lines, "Vingadores") == "entity.name.card-or-affiliation.cardscript"
    assert len(tokens) == len(cards) + 1
    for card in cards:                                   # every title line is read as one
        first = next(line for line in tokens[str(card)] if line and not line[0][0].startswith("#"))
        assert first[0][1][-1] == "keyword.other.card-type.cardscript", card
