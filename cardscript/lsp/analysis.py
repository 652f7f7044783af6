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
    from cardscript.core.games import Game
    from cardscript.grammar.names import NameRegistry

__all__ = ["Completion", "Location", "completions", "compile_text", "definition", "diagnostics", "formatted",
           "game_of", "hover", "offset_of"]


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
def game_of(path: str, text: str) -> Game:
    """The game the file's ``Jogo:`` line names (the default game without one, or with a name no game has)."""
    from cardscript.core.games import DEFAULT_GAME
    from cardscript.core.source import SourceFile
    from cardscript.grammar.card_file import declared_game

    return declared_game(SourceFile(path, text)) or DEFAULT_GAME


def _library_names(game: Game) -> NameRegistry:
    """The names of the game's bundled library (its pack's ``cards/``): in scope for every card of that game."""
    from cardscript.compiler.cache import names_in

    return names_in([game.folder / "cards"])


def compile_text(path: str, text: str) -> CompiledCard:
    """The card file's text compiled as ``cardscript check`` would, its game's bundled library's names in scope."""
    from cardscript.compiler.pipeline import compile_sources
    from cardscript.core.source import SourceFile

    (card,) = compile_sources([SourceFile(path, text)], _library_names(game_of(path, text)))
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


def completions(path: str, text: str, line: int, column: int) -> list[Completion]:
    """What may be typed at the position, in the file's game (its pack's :class:`~cardscript.games.EditorTerms`):
    card types and header fields at the start of an unindented line; at a paragraph's start what may lead it (Sky
    World's trigger seals); inside the text the keywords of the game's prelude and its closed words (Battle Scenes'
    powers and icons), and its library's affiliations, card and action names (with those of the file itself)."""
    from cardscript.core.games import load_pack

    game = game_of(path, text)
    terms = load_pack(game).editor_terms()
    at = offset_of(text, line, column)
    line_start = text.rfind("\n", 0, at) + 1
    typed = text[line_start:at]
    if not typed.startswith((" ", "\t")):
        return [Completion(t.label, t.kind, t.detail) for t in terms.at_line_start]
    out = [Completion(t.label, t.kind, t.detail) for t in terms.in_text]
    if not typed.strip():
        out = [Completion(t.label, t.kind, t.detail) for t in terms.at_paragraph_start] + out
    names = _library_names(game)
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
                    found = _card_file(game_of(path, text), node.text)
                    if found is not None:
                        target = Path(found).read_text(encoding="utf-8")
                        return _title_line(found, target)
    return None


def _title_line(path: str, text: str) -> Location:
    """The card file's title line (the first that is not a comment or blank)."""
    start = 0
    for line in text.splitlines(keepends=True):
        if line.strip() and not line.lstrip().startswith("#"):
            return location_of(path, text, start, start + len(line.rstrip("\r\n")))
        start += len(line)
    return location_of(path, text, 0, 0)


def _card_file(game: Game, name: str) -> str | None:
    """The file of the game's bundled library whose card is called ``name`` (any version: the first by path)."""
    from cardscript.compiler.vocabulary import fold_key

    return _library_files(game).get(fold_key(name))


@cache
def _library_files(game: Game) -> dict[str, str]:
    """Each card name of the game's bundled library (folded) -> its first file, read by the game's pack."""
    from cardscript.compiler.files import card_files
    from cardscript.compiler.vocabulary import fold_key
    from cardscript.core.games import load_pack
    from cardscript.core.source import SourceFile

    pack = load_pack(game)
    found: dict[str, str] = {}
    for path in card_files([game.folder / "cards"]):
        name = pack.card_name(SourceFile(str(path), Path(path).read_text(encoding="utf-8")))
        if name:
            found.setdefault(fold_key(name), str(path))
    return found


def formatted(path: str, text: str) -> str | None:
    """The file in canonical form (``cardscript fmt``), or None when it cannot be formatted (it does not parse, or
    its canonical form would change what it means)."""
    from cardscript.compiler.formatting import format_card
    from cardscript.compiler.pipeline import names_from_headers

    card = compile_text(path, text)
    if card.raw is None or not card.parsed:
        return None
    names = names_from_headers([card.raw]).merged(_library_names(game_of(path, text)))
    return format_card(card, names).text
