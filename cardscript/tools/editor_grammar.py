"""The TextMate grammar of card files (issue 13, part 2: ``editors/vscode/syntaxes/cardscript.tmLanguage.json``),
made from the games' own vocabularies so it never drifts from them: what every game's pack offers an editor
(:class:`~cardscript.games.EditorTerms`: card types and header fields, the keywords of its prelude, Battle Scenes'
powers, Sky World's trigger seals), the icons; plus the leads of the controlled language (triggers, conditions,
windows), its references and the capitalised names inside a sentence. One grammar colours the card files of every
game (a TextMate grammar cannot read a file's ``Jogo:`` line before its other lines).

    python -m cardscript.tools.editor_grammar > editors/vscode/syntaxes/cardscript.tmLanguage.json

(tests/test_editor_grammar.py checks the file is what this gives, and tokenizes sample cards with vscode-textmate.)
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardscript.games import EditorTerms, Term

__all__ = ["grammar", "main"]

SCOPE = "source.cardscript"

LEADS = ("toda vez que", "sempre que", "quando", "enquanto", "se o fizer", "se não o fizer", "se", "durante",
         "então", "ao invés disso", "a não ser que", "desde que", "até o final do turno", "neste turno")
"""The leads of a clause (rules 5.2: triggers; conditions; windows and durations; "se o fizer"), lower case."""

REFERENCES = ("este personagem", "esta habilidade", "este card", "este cenário", "este suporte", "aquele personagem",
              "aquela habilidade", "aquele card", "aqueles personagens", "o personagem escolhido", "o alvo",
              "seu oponente", "seu controlador", "seu dono", "você")
"""References the compiler binds (principle 3: "este personagem", "aquele card", "o alvo", "seu oponente"...)."""


def _alternation(words: list[str]) -> str:
    """A regex alternation of ``words``, longest first (so "Toda vez que" wins over "Toda"), spaces as ``\\s+``."""
    ordered = sorted(set(words), key=lambda w: (-len(w), w))
    return "|".join(r"\s+".join(re.escape(part) for part in w.split()) for w in ordered)


BLOCKS = ("Texto permanente", "Ação")


def _parts(terms: EditorTerms) -> tuple[tuple[Term, ...], ...]:
    return terms.at_line_start, terms.at_paragraph_start, terms.in_text


def _labels(terms: list[Term], kind: str) -> list[str]:
    """The labels of one kind of term, each once, in the order first seen, without the ``: `` a completion adds."""
    return list(dict.fromkeys(t.label.removesuffix(": ") for t in terms if t.kind == kind))


def grammar() -> dict[str, Any]:
    """The grammar as a JSON-able dict."""
    from cardscript.compiler.header import ActionField
    from cardscript.core.games import GAMES, load_pack

    terms = [t for game in GAMES for part in _parts(load_pack(game).editor_terms()) for t in part]
    card_types = _labels(terms, "card type")
    fields = [f for f in _labels(terms, "field") if f not in BLOCKS]
    action_fields = [f.value for f in ActionField]
    keywords = _labels(terms, "keyword")
    powers = _labels(terms, "power")
    seals = sorted({base for label in _labels(terms, "seal") for base in label.split(" · ")[:1]})
    qualifiers = sorted({label.split(" · ")[1] for label in _labels(terms, "seal") if " · " in label})
    upper, lower = r"A-ZÀ-ÖØ-Þ", r"a-zß-öø-ÿ"
    name_word = rf"[{upper}][{upper}{lower}0-9'’-]*"
    joiner = r"(?:de|da|do|das|dos|e|X)"
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "cardscript",
        "scopeName": SCOPE,
        "fileTypes": ["card"],
        "patterns": [{"include": "#comment"}, {"include": "#title"}, {"include": "#block"},
                     {"include": "#field"}, {"include": "#action-field"}, {"include": "#seal"}, {"include": "#text"}],
        "repository": {
            "comment": {"match": r"^\s*#.*$", "name": "comment.line.number-sign.cardscript"},
            "title": {
                "match": rf"^({_alternation(card_types)})(:)\s*(.*?)(?:\s+(V\d+))?\s*$",
                "captures": {"1": {"name": "keyword.other.card-type.cardscript"},
                             "2": {"name": "punctuation.separator.key-value.cardscript"},
                             "3": {"name": "entity.name.type.card.cardscript"},
                             "4": {"name": "constant.numeric.version.cardscript"}}},
            "block": {
                "match": r"^(Texto permanente|Ação)(:)\s*(.*)$",
                "captures": {"1": {"name": "markup.heading.block.cardscript"},
                             "2": {"name": "punctuation.separator.key-value.cardscript"},
                             "3": {"name": "entity.name.function.action.cardscript"}}},
            "field": {
                "begin": rf"^({_alternation(fields)})(:)",
                "end": "$",
                "beginCaptures": {"1": {"name": "variable.other.property.header.cardscript"},
                                  "2": {"name": "punctuation.separator.key-value.cardscript"}},
                "patterns": [{"include": "#icon"}, {"include": "#power"}, {"include": "#number"}]},
            "action-field": {
                "begin": rf"^\s+({_alternation(action_fields)})(:)",
                "end": "$",
                "beginCaptures": {"1": {"name": "variable.other.property.action.cardscript"},
                                  "2": {"name": "punctuation.separator.key-value.cardscript"}},
                "patterns": [{"include": "#icon"}, {"include": "#power"}]},
            "seal": {
                "match": rf"^\s+({_alternation(seals)})(?:\s*(·)\s*({_alternation(qualifiers)}))?\s*(:)",
                "captures": {"1": {"name": "keyword.control.seal.cardscript"},
                             "2": {"name": "punctuation.separator.seal.cardscript"},
                             "3": {"name": "keyword.control.seal.qualifier.cardscript"},
                             "4": {"name": "punctuation.separator.key-value.cardscript"}}},
            "text": {"patterns": [{"include": "#icon"}, {"include": "#keyword"}, {"include": "#power"},
                                  {"include": "#lead"}, {"include": "#reference"}, {"include": "#name"},
                                  {"include": "#number"}]},
            "icon": {"match": r"\{[^{}\s]{1,4}\}", "name": "constant.other.icon.cardscript"},
            "keyword": {"match": rf"(?<![\w-])(?:{_alternation(keywords)})(?![\w-])",
                        "name": "keyword.other.game-keyword.cardscript"},
            "power": {"match": rf"(?<![\w-])(?:{_alternation(powers)})(?![\w-])",
                      "name": "support.constant.power.cardscript"},
            "lead": {"match": rf"(?i)(?<![\w-])(?:{_alternation(list(LEADS))})(?![\w-])",
                     "name": "keyword.control.lead.cardscript"},
            "reference": {"match": rf"(?i)(?<![\w-])(?:{_alternation(list(REFERENCES))})(?![\w-])",
                          "name": "variable.language.reference.cardscript"},
            "name": {"match": rf"(?<=[{lower}0-9,;)] ){name_word}(?:\s+{joiner}\s+{name_word}|\s+{name_word})*",
                     "name": "entity.name.card-or-affiliation.cardscript"},
            "number": {"match": r"(?<![\w{])\d+(?![\w}])", "name": "constant.numeric.cardscript"},
        },
    }


def main() -> None:
    print(json.dumps(grammar(), ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()
