"""What the language server knows of a card file being edited (issue 13, part 1), as plain functions of its text and
a position -- no protocol here (:mod:`cardscript.lsp.server` wires them to pygls), so each is tested directly:

* :func:`diagnostics` -- the very diagnostics ``cardscript check`` gives (codes, spans, hints; CS260 for what the
  engine will not run), the library's names in scope;
* :func:`hover` -- how the compiler reads what is under the cursor: a reference and what it is bound to, a
  keyword and its meaning (its prelude definition), an icon, a name (what kind of name), the clause (its
  procedure) and the phrase around it;
* :func:`completions` -- header fields at a line's start; keywords, powers, icons, affiliations, card and action
  names inside the text;
* :func:`definition` -- from a keyword to its ``.kw`` definition, from a card name to its file;
* :func:`formatted` -- ``cardscript fmt``'s text for the whole file (None when it cannot be formatted).

Positions are 0-based lines and UTF-16-free character columns (the server converts the protocol's columns).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardscript.compiler.pipeline import CompiledCard
    from cardscript.core.diagnostics import Diagnostic
    from cardscript.grammar.names import NameRegistry

__all__ = ["Completion", "Location", "completions", "compile_text", "definition", "diagnostics", "formatted",
           "hover", "offset_of"]


@dataclass(frozen=True)
class Location:
    """A place in a file: 0-based line and column, and where it ends."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True)
class Completion:
    label: str
    kind: str                    # keyword, power, icon, affiliation, card, action, field
    detail: str = ""


@cache
def _library_names() -> NameRegistry:
    from cardscript.compiler.cache import names_in
    from cardscript.compiler.files import library_path

    return names_in([library_path()])


def compile_text(path: str, text: str) -> CompiledCard:
    """The card file's text compiled as ``cardscript check`` would, the bundled library's names in scope."""
    from cardscript.compiler.pipeline import compile_sources
    from cardscript.core.source import SourceFile

    (card,) = compile_sources([SourceFile(path, text)], _library_names())
    return card


def diagnostics(path: str, text: str) -> list[Diagnostic]:
    """Every diagnostic of the file, in the order of their places: the compile's and the parts the engine will not
    run (CS260), as ``cardscript check`` prints them."""
    from cardscript.compiler.cache import build_of

    card = compile_text(path, text)
    build = build_of(card)
    return sorted([*card.diagnostics, *build.lowering], key=lambda d: d.span.start)


def offset_of(text: str, line: int, column: int) -> int:
    """The character offset of a 0-based line and column (clamped to the text)."""
    starts = [0]
    for i, ch in enumerate(text):
        if ch == "\n":
            starts.append(i + 1)
    if line >= len(starts):
        return len(text)
    return min(starts[line] + column, len(text))


def location_of(path: str, text: str, start: int, end: int) -> Location:
    """The 0-based line and column of two offsets of ``text`` (``SourceFile.position`` counts from 1)."""
    from cardscript.core.source import SourceFile

    source = SourceFile(path, text)
    (l0, c0), (l1, c1) = source.position(start), source.position(end)
    return Location(path, l0 - 1, c0 - 1, l1 - 1, c1 - 1)


def hover(path: str, text: str, line: int, column: int) -> str | None:
    """How the compiler reads what is at the position (the module docstring), as Markdown; None over nothing."""
    from cardscript.compiler.ast import Clause, Icon, Name, Phrase, PhraseKind
    from cardscript.compiler.render import render_node
    from cardscript.compiler.vocabulary import POWERS, power_by_code
    from cardscript.compiler.walks import nodes

    card = compile_text(path, text)
    at = offset_of(text, line, column)
    parts: list[str] = []
    for use in card.keywords:
        if use.span.start <= at <= use.span.end:
            d = use.definition
            meaning = " ".join(use.text or d.meaning)
            parts.append(f"**keyword {d.name}** (rules {d.section}): {meaning}")
    blocks = [b for b in (card.permanent, card.action) if b is not None]
    for block in blocks:
        for binding in block.bindings:
            if binding.span.start <= at <= binding.span.end:
                parts.append(f"**reference** `{binding.reference}` is bound to **{binding.target}**")
    innermost: dict[str, Any] = {}
    for block in blocks:
        for paragraph in block.paragraphs:
            for node in nodes(paragraph):
                span = getattr(node, "span", None)
                if span is None or not (span.start <= at <= span.end):
                    continue
                if isinstance(node, Clause):
                    innermost["clause"] = node
                elif isinstance(node, Name):
                    innermost["name"] = node
                elif isinstance(node, Icon):
                    innermost["icon"] = node
                elif isinstance(node, Phrase) and node.kind is PhraseKind.NOUN_PHRASE:
                    innermost["phrase"] = node
                elif isinstance(node, Phrase) and node.kind in (PhraseKind.TRIGGER, PhraseKind.CONDITION,
                                                                PhraseKind.WINDOW):
                    innermost["lead"] = node
    icon = innermost.get("icon")
    if icon is not None:
        power = power_by_code(icon.code)
        parts.append(f"**icon** `{{{icon.code}}}`: " + (f"the power {power.label}" if power is not None
                                                       else "a cost or stage (rules 4.5)"))
    name = innermost.get("name")
    if name is not None:
        if POWERS.lookup(name.text):
            parts.append(f"**power** {name.text}")
        else:
            kinds = ", ".join(name.kinds) or "not defined by any card in scope"
            parts.append(f"**name** {name.text}: {kinds}")
    phrase = innermost.get("phrase")
    if phrase is not None:
        parts.append(f"**noun phrase** (a selector: what it denotes): {render_node(phrase)}")
    lead = innermost.get("lead")
    if lead is not None:
        what = {"trigger": "trigger (rules 5.2)", "condition": "condition", "window": "window / duration"}
        parts.append(f"**{what[str(lead.kind)]}**: {render_node(lead)}")
    clause = innermost.get("clause")
    if clause is not None:
        parts.append(f"**clause** -- procedure *{clause.procedure.name.lower()}* ({clause.procedure.value}): "
                     f"{render_node(clause)}")
    return "\n\n".join(parts) or None


FIELDS = ("Código", "Alter ego", "Alinhamento", "Afiliações", "Poderes", "Poder", "Energia inicial",
          "Valor de acréscimo", "Escudo", "Evolução", "Raridade", "Texto permanente", "Ação")


def completions(path: str, text: str, line: int, column: int) -> list[Completion]:
    """What may be typed at the position: header fields at the start of an unindented line; inside the text the
    keywords of the prelude, the powers and their icons, and the library's affiliations, card and action names
    (with those of the file itself)."""
    from cardscript.compiler.prelude import load_prelude
    from cardscript.compiler.vocabulary import Power

    at = offset_of(text, line, column)
    line_start = text.rfind("\n", 0, at) + 1
    typed = text[line_start:at]
    if not typed.startswith((" ", "\t")):
        return [Completion(f"{f}: ", "field", "header field") for f in FIELDS]
    out = [Completion(k, "keyword", "keyword (prelude)") for k in load_prelude().names()]
    out += [Completion(p.label, "power", f"power {p.icon}") for p in Power]
    out += [Completion(p.icon, "icon", f"the power {p.label}") for p in Power]
    names = _library_names()
    from cardscript.compiler.pipeline import names_from_headers

    card = compile_text(path, text)
    if card.raw is not None:
        names = names.merged(names_from_headers([card.raw]))
    for kind, label in (("affiliation", "affiliation"), ("card", "card"), ("action", "action")):
        out += [Completion(n, label, f"{label} name") for n in sorted(names.all_names(kind))]
    return out


def definition(path: str, text: str, line: int, column: int) -> Location | None:
    """Where what is at the position is defined: a keyword's ``.kw`` file (its ``Palavra-chave`` line), a card
    name's card file in the bundled library."""
    from cardscript.compiler.ast import Name
    from cardscript.compiler.walks import nodes

    card = compile_text(path, text)
    at = offset_of(text, line, column)
    for use in card.keywords:
        if use.span.start <= at <= use.span.end and use.definition.source is not None:
            source = use.definition.source
            start = source.text.find("Palavra-chave:")
            start = max(start, 0)
            return location_of(source.path, source.text, start, start + len("Palavra-chave:"))
    for block in (b for b in (card.permanent, card.action) if b is not None):
        for paragraph in block.paragraphs:
            for node in nodes(paragraph):
                span = getattr(node, "span", None)
                if isinstance(node, Name) and span is not None and span.start <= at <= span.end:
                    found = _card_file(node.text)
                    if found is not None:
                        target = Path(found).read_text(encoding="utf-8")
                        first = target.split("\n", 1)[0]
                        return location_of(found, target, 0, len(first))
    return None


def _card_file(name: str) -> str | None:
    """The bundled library's file of the card called ``name`` (any version: the first)."""
    from cardscript.compiler.vocabulary import fold_key
    from cardscript.games.battle_scenes.runtime.library import load_library

    library = load_library()
    wanted = fold_key(name)
    for title, card in library.items():
        if fold_key(getattr(card, "name", "")) == wanted or fold_key(title) == wanted:
            return library.path_of(card)
    return None


def formatted(path: str, text: str) -> str | None:
    """The file in canonical form (``cardscript fmt``), or None when it cannot be formatted (it does not parse, or
    its canonical form would change what it means)."""
    from cardscript.compiler.formatting import format_card
    from cardscript.compiler.pipeline import names_from_headers

    card = compile_text(path, text)
    if card.raw is None or not card.parsed:
        return None
    names = names_from_headers([card.raw]).merged(_library_names())
    return format_card(card, names).text
