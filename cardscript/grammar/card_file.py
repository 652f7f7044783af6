"""The card-file front end: a ``.card`` file to a :class:`~cardscript.compiler.header.CardFileRaw`.

The file structure (title, ``Campo: valor`` header, ``Texto permanente:`` and ``Ação: <nome>`` blocks of
indented lines, ``#`` comments in column 1) is parsed by the LALR grammar ``card_file.lark`` over the
FOLDED text (:func:`~cardscript.core.normalize.fold_text`, same length as the file), so keys match
without case or accents and every token's offsets index the original text, from which values are taken.
The lines of a file the grammar accepts are read by hand with the grammar's own terminals
(:mod:`~cardscript.grammar.card_lines`, the same reading without a parse tree); the others go to the parser.

The grammar is permissive about the order of lines; this module checks the rest (which fields exist, are
required or allowed for the card type, their values, duplicates, empty blocks) and reports each problem as
a :class:`~cardscript.core.diagnostics.Diagnostic` with a registered code and a span. It never raises on
any input: unexpected failures become a CS900 diagnostic.

Card types and their fields (rules 2; the corpus's cards decide what is optional):

============== =========================================================================================
Personagem     Energia inicial, Escudo (required); Código, Alter ego, Alinhamento, Afiliações, Poderes,
               Raridade
Personagem-EV  as Personagem, plus Valor de acréscimo and Evolução (required; rules 2.1.1)
Suporte        Energia inicial, Escudo (required); Código, Alter ego, Alinhamento, Afiliações, Raridade
Habilidade     Código, Poder (the card's power colour; some abilities have none), Raridade
Cenário        Código, Raridade
============== =========================================================================================

Any card type may have one ``Ação`` block (a Cenário and some Suportes have actions). ``Custo`` may be
omitted when the printed card shows no cost (the corpus has such actions); ``Energia inicial`` and
``Escudo`` accept ``*`` for a value the card's text defines (rules 4.8.6; Mulher Invisível).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar, cast

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from cardscript.compiler.header import (
    ActionField,
    ActionHeader,
    ActionSpans,
    CardFileRaw,
    CardHeader,
    Comment,
    HeaderField,
    HeaderSpans,
    Stat,
)
from cardscript.compiler.vocabulary import (
    ACTION_TYPES,
    ALIGNMENTS,
    CARD_TYPES,
    COSTS,
    POWERS,
    RARITIES,
    ActionType,
    Alignment,
    CardType,
    Cost,
    Power,
    Vocabulary,
    fold_key,
)
from cardscript.core import diagnostics as dg
from cardscript.core.diagnostics import Diagnostic, did_you_mean
from cardscript.core.games import DEFAULT_GAME, Game, game_named, game_titles
from cardscript.core.normalize import Normalized, normalize, split_paragraphs
from cardscript.core.source import SourceFile, Span
from cardscript.grammar.card_lines import HeadLine, Range, scan

__all__ = [
    "ALLOWED_FIELDS", "HEADER_FIELDS", "ACTION_FIELDS", "REQUIRED_FIELDS", "card_file_parser",
    "Entry", "EntryPart", "TextBlocks", "declared_game", "read_card_file", "read_entries", "read_text_blocks",
]

GRAMMAR_PATH = Path(__file__).with_name("card_file.lark")

HEADER_FIELDS: Vocabulary[HeaderField] = Vocabulary(
    "header field", HeaderField,
    [("Alter-ego", HeaderField.ALTER_EGO), ("Alinhamentos", HeaderField.ALIGNMENTS),
     ("Afiliação", HeaderField.AFFILIATIONS), ("Energia", HeaderField.INITIAL_ENERGY),
     ("Acréscimo", HeaderField.ADDITION_VALUE)],
)
ACTION_FIELDS: Vocabulary[ActionField] = Vocabulary(
    "action field", ActionField, [("Tipos", ActionField.TYPES)]
)

_F = HeaderField
_COMMON = frozenset({_F.GAME, _F.CODE, _F.RARITY})
_CHARACTERISTICS = frozenset({_F.ALTER_EGO, _F.ALIGNMENTS, _F.AFFILIATIONS})
_CHARACTER = _COMMON | _CHARACTERISTICS | {_F.POWERS}
REQUIRED_FIELDS: dict[CardType, frozenset[HeaderField]] = {
    CardType.PERSONAGEM: frozenset({_F.INITIAL_ENERGY, _F.SHIELD}),
    CardType.PERSONAGEM_EV: frozenset({_F.INITIAL_ENERGY, _F.SHIELD, _F.ADDITION_VALUE, _F.EVOLUTION}),
    CardType.SUPORTE: frozenset({_F.INITIAL_ENERGY, _F.SHIELD}),
    CardType.HABILIDADE: frozenset(),
    CardType.CENARIO: frozenset(),
}
ALLOWED_FIELDS: dict[CardType, frozenset[HeaderField]] = {
    CardType.PERSONAGEM: _CHARACTER | REQUIRED_FIELDS[CardType.PERSONAGEM],
    CardType.PERSONAGEM_EV: _CHARACTER | REQUIRED_FIELDS[CardType.PERSONAGEM_EV],
    CardType.SUPORTE: _COMMON | _CHARACTERISTICS | REQUIRED_FIELDS[CardType.SUPORTE],
    CardType.HABILIDADE: _COMMON | {_F.POWER},
    CardType.CENARIO: _COMMON,
}
_NONE_VALUES = frozenset({"n/a", "na", "-", "nenhum", "nenhuma"})
_LIST_FIELDS = frozenset({_F.ALIGNMENTS, _F.AFFILIATIONS, _F.POWERS})
_TITLE = re.compile(r"^(?P<name>.*?\S)\s+[Vv](?P<version>\d+)$", re.DOTALL)
_EXAMPLE_TITLE = "`Personagem: Raio Negro V1`"

# What the parser's terminals are, in words (for CS020 messages).
_TERMINAL_WORDS = {
    "KEY": "a header line `Campo: valor`",
    "BARE": "an unindented line",
    "PERMANENT": "`Texto permanente:`",
    "ACTION_KEY": "`Ação: <nome>`",
    "INDENT": "an indented line",
    "ACTION_FIELD_KEY": "`Custo:`, `Poder:` or `Tipo:`",
    "COLON": "`:`",
    "VALUE": "a value",
    "TEXT": "card text",
    "_NL": "the end of the line",
    "$END": "the end of the file",
}


# ---------------------------------------------------------------------------------------------------------
# the parser, cached per user


@functools.lru_cache(maxsize=1)
def card_file_parser() -> Lark:
    """The LALR parser for card files, its tables cached per user (``grammar.lark_cache``: keyed by the grammar
    and the Lark version, written atomically; no writable cache folder, no cache)."""
    from cardscript.grammar.lark_cache import cached_lark

    return cached_lark("card_file", GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                       strict=True, maybe_placeholders=False)


# ---------------------------------------------------------------------------------------------------------
# lines, as the grammar found them


@dataclass
class _Part:
    """A piece of a line: its original text (stripped) and span."""

    text: str
    span: Span


@dataclass
class _Body:
    kind: str  # "field" | "text"
    indent: Span
    key: _Part | None
    value: _Part | None
    text: _Part | None


@dataclass
class _Head:
    kind: str  # "field" | "permanent" | "action" | "bare"
    key: _Part
    value: _Part | None
    line: Span
    bodies: list[_Body] = field(default_factory=list)


def _lex_text(text: str) -> str:
    """The text the parser sees: folded, a leading BOM and lone CRs turned into newlines, a final newline."""
    from cardscript.core.normalize import fold_text

    folded = fold_text(text)
    if "\r" not in folded and not folded.startswith("\ufeff"):
        return folded + "\n"                 # the usual file: nothing to turn into newlines
    chars = list(folded)
    if chars and chars[0] == "\ufeff":
        chars[0] = "\n"
    for i, ch in enumerate(chars):
        if ch == "\r" and (i + 1 == len(chars) or chars[i + 1] != "\n"):
            chars[i] = "\n"
    return "".join(chars) + "\n"


T = TypeVar("T", bound=Enum)


class _Reader:
    def __init__(self, source: SourceFile) -> None:
        self.source = source
        self.text = source.text
        self.diags: list[Diagnostic] = []

    # -- helpers ------------------------------------------------------------------------------------------

    def error(self, code: str, message: str, span: Span, hint: str | None = None,
              notes: Iterable[str] = ()) -> None:
        n = len(self.text)
        span = Span(min(span.start, n), min(span.end, n))
        self.diags.append(Diagnostic(code, message, span, self.source, hint, tuple(notes)))

    def part(self, tok: Token) -> _Part:
        """The token's original text, stripped of surrounding blanks, with its span."""
        return self.span_part((cast(int, tok.start_pos), cast(int, tok.end_pos)))

    def where(self, span: Span) -> str:
        line, col = self.source.position(span.start)
        return f"line {line}, column {col}"

    # -- parse --------------------------------------------------------------------------------------------

    def parse(self) -> list[_Head] | None:
        from cardscript.core.limits import MAX_FILE_CHARS

        if len(self.text) > MAX_FILE_CHARS:      # bounded time and output whatever the file (docs/reliability.md)
            self.error(dg.E_TOO_LARGE, f"the file has {len(self.text):,} characters; at most {MAX_FILE_CHARS:,} are "
                       "read", Span(MAX_FILE_CHARS, MAX_FILE_CHARS + 1),
                       "a card file holds one card (the longest of the library has 1,502 characters)")
            return None
        lex = _lex_text(self.text)
        lines = scan(lex)                  # the grammar's reading, by hand (card_lines.py); Lark for the rest
        if lines is not None:
            return [self.head_of(line) for line in lines]
        return self.parse_lark(lex)

    def span_part(self, where: Range) -> _Part:
        """:meth:`part` of a token at ``where`` (``card_lines``)."""
        start, end = where
        raw = self.text[start:end]
        lead = len(raw) - len(raw.lstrip())
        stripped = raw.strip()
        return _Part(stripped, Span(start + lead, start + lead + len(stripped)))

    def head_of(self, line: HeadLine) -> _Head:
        """A head line of :func:`card_lines.scan` as :meth:`parse_lark` builds it from the tree."""
        key = self.span_part(line.key)
        value = self.span_part(line.value) if line.value is not None else None
        if value is not None and not value.text:
            value = None
        head = _Head(line.kind, key, value, Span(key.span.start, value.span.end if value else key.span.end))
        for b in line.bodies:
            indent = Span(*b.indent)
            if b.text is not None:
                head.bodies.append(_Body("text", indent, None, None, self.span_part(b.text)))
            else:
                assert b.key is not None
                bval = self.span_part(b.value) if b.value is not None else None
                head.bodies.append(_Body("field", indent, self.span_part(b.key), bval, None))
        return head

    def parse_lark(self, lex: str) -> list[_Head] | None:
        """:meth:`parse` by the LALR parser of ``card_file.lark`` (the files :func:`card_lines.scan` leaves to it)."""
        try:
            tree = card_file_parser().parse(lex)
        except UnexpectedInput as err:
            self.syntax_error(err)
            return None
        heads: list[_Head] = []
        for item in cast(Tree[Any], tree).children:
            head_tree, *body_trees = item.children
            toks = [c for c in head_tree.children if isinstance(c, Token)]
            key = self.part(toks[0])
            value = next((self.part(t) for t in toks if t.type == "VALUE"), None)
            if value is not None and not value.text:
                value = None
            line_end = (value.span.end if value else key.span.end)
            head = _Head(str(head_tree.data), key, value, Span(key.span.start, line_end))
            for body in body_trees:
                btoks = [c for c in body.children if isinstance(c, Token)]
                indent = Span(cast(int, btoks[0].start_pos), cast(int, btoks[0].end_pos))
                if body.data == "body_text":
                    head.bodies.append(_Body("text", indent, None, None, self.part(btoks[1])))
                else:
                    bval = next((self.part(t) for t in btoks if t.type == "VALUE"), None)
                    head.bodies.append(_Body("field", indent, self.part(btoks[1]), bval, None))
            heads.append(head)
        return heads

    def syntax_error(self, err: UnexpectedInput) -> None:
        """Lark's UnexpectedInput as a CS020 diagnostic, the expected things said in words."""
        expected: set[str] = set()
        if isinstance(err, UnexpectedToken):
            tok = err.token
            start = cast(int, tok.start_pos) if tok.start_pos is not None else len(self.text)
            end = cast(int, tok.end_pos) if tok.end_pos is not None else start
            found = _TERMINAL_WORDS.get(tok.type, repr(str(tok)))
            expected = set(err.expected or ())
        elif isinstance(err, UnexpectedCharacters):
            start = err.pos_in_stream or 0
            end = start + 1
            found = f"the character {self.text[start:start + 1]!r}"
            expected = set(err.allowed or ())
        elif isinstance(err, UnexpectedEOF):
            start = end = len(self.text)
            found = "the end of the file"
            expected = set(err.expected or ())
        else:  # pragma: no cover - Lark has no other UnexpectedInput
            start = end = 0
            expected = set()
            found = "something unexpected"
        words = sorted({_TERMINAL_WORDS.get(t, t) for t in expected if not t.startswith("__")})
        wanted = ", ".join(words[:-1]) + (" or " if len(words) > 1 else "") + (words[-1] if words else "")
        hint = None
        if found == _TERMINAL_WORDS["INDENT"]:
            message = "indented line before the card type line"
            hint = f"the file starts with `<Tipo>: <Nome> V<n>` in column 1, e.g. {_EXAMPLE_TITLE}"
        else:
            message = f"unexpected {found}" + (f"; expected {wanted}" if wanted else "")
        self.error(dg.E_STRUCTURE, message, Span(start, end), hint)

    # -- read ---------------------------------------------------------------------------------------------

    def foreign(self, heads: list[_Head]) -> bool:
        """A ``Jogo:`` line naming another game than the default: one diagnostic, none of this reader's (its
        fields and card types are not that game's); that game's pack reads the file (:func:`declared_game`)."""
        for head in heads:
            if head.kind == "field" and head.value is not None and fold_key(head.key.text) == "jogo":
                found = game_named(head.value.text)
                if found is not None and found is not DEFAULT_GAME:
                    self.error(dg.E_FIELD_VALUE, f"a {found.title} card, read here as a {DEFAULT_GAME.title} card "
                               "file", head.value.span, "`cardscript check` reads each game's cards with its pack; "
                               f"this command reads {DEFAULT_GAME.title} cards only so far")
                    return True
        return False

    def read(self) -> tuple[CardFileRaw | None, list[Diagnostic]]:
        heads = self.parse()
        if heads is None:
            return None, self.diags
        if not heads:
            what = "empty file" if not self.text.strip() else "no card type line"
            self.error(dg.E_HEADER_FIRST, f"{what}: a card file starts with `<Tipo>: <Nome> V<n>`",
                       Span(0, 0), f"e.g. {_EXAMPLE_TITLE}")
            return None, self.diags
        if self.foreign(heads):
            return None, self.diags
        card_type, title = self.title(heads[0])
        rest = heads[1:]
        if card_type is None and (heads[0].kind in ("permanent", "action")
                                  or HEADER_FIELDS.get(heads[0].key.text) is not None):
            rest = heads  # no title line: the first line is an ordinary header field or a block
        header = _HeaderBuilder(self, card_type)
        blocks = _Blocks(self)
        for i, head in enumerate(rest):
            # an empty block followed by unindented text: the CS020 on that text says it all
            blocks.quiet_empty = i + 1 < len(rest) and rest[i + 1].kind == "bare"
            if head.kind == "field":
                header.field(head, after_blocks=blocks.started)
            elif head.kind == "bare":
                self.bare(head, after_blocks=blocks.started)
            elif head.kind == "permanent":
                blocks.permanent(head)
            else:
                blocks.action(head)
        header.finish(heads[0])
        comments = tuple(
            Comment(self.text[m.start():m.end()].rstrip(), Span(m.start(), m.end()))
            for m in re.finditer(r"(?m)^#[^\n]*", _lex_text(self.text)[: len(self.text)])
        )
        if card_type is None or title is None or self.has_errors():
            return None, self.diags
        name, version, spans = title
        card_header = header.build(card_type, name, version, spans)
        raw = CardFileRaw(
            source=self.source, header=card_header, permanent=blocks.permanent_text,
            action=blocks.action_header, action_text=tuple(blocks.action_text),
            permanent_span=blocks.permanent_span, action_span=blocks.action_keyword, comments=comments,
        )
        return raw, self.diags

    def has_errors(self) -> bool:
        return any(d.severity is dg.Severity.ERROR for d in self.diags)

    def title(self, head: _Head) -> tuple[CardType | None, tuple[str, int, HeaderSpans] | None]:
        """The first line, ``<Tipo>: <Nome> V<n>`` (rules 2: the card type; versions tell printings apart).

        Returns the card type (None if unknown) and the name, version and spans (None if malformed).
        """
        hint = f"a card file starts with `<Tipo>: <Nome> V<n>`, e.g. {_EXAMPLE_TITLE}"
        if head.kind == "bare":
            self.error(dg.E_HEADER_FIRST, "the first line is not a card type line", head.key.span, hint)
            return None, None
        if head.kind in ("permanent", "action"):
            self.error(dg.E_HEADER_FIRST, f"missing card type line before `{head.key.text}`", head.key.span,
                       hint)
            return None, None
        found = CARD_TYPES.lookup(head.key.text)
        if found.value is None:
            if HEADER_FIELDS.get(head.key.text) is not None:
                message = f"missing card type line: the file starts with `{head.key.text}`"
                self.error(dg.E_HEADER_FIRST, message, head.key.span, hint)
            else:
                sugg = found.suggestion
                self.error(dg.E_HEADER_FIRST, f"unknown card type `{head.key.text}`", head.key.span,
                           f"did you mean `{sugg}`?" if sugg else
                           "the card types are " + ", ".join(CARD_TYPES.labels()))
            return None, None
        if head.bodies:
            self.error(dg.E_STRUCTURE, "indented line under the card type line", head.bodies[0].indent,
                       "card text goes under `Texto permanente:` or `Ação: <nome>`")
        if head.value is None:
            self.error(dg.E_FIELD_VALUE, "the card type line needs the card's name and version",
                       head.key.span, f"e.g. `{head.key.text}: Raio Negro V1`")
            return found.value, None
        m = _TITLE.match(head.value.text)
        if m is None:
            self.error(dg.E_FIELD_VALUE, "the card's name must end with its version, e.g. `V1`",
                       head.value.span, f"write `{head.key.text}: {head.value.text} V1`")
            return found.value, None
        from cardscript.core.limits import MAX_DIGITS

        if len(m.group("version")) > MAX_DIGITS:
            self.error(dg.E_LONG_NUMBER, f"a version of {len(m.group('version')):,} digits",
                       Span(head.value.span.start + m.start("version"), head.value.span.end),
                       f"versions have at most {MAX_DIGITS} digits, e.g. `V1`")
            return found.value, None
        version = int(m.group("version"))
        vstart = head.value.span.start + m.start("version") - 1
        vspan = Span(vstart, head.value.span.end)
        if version < 1:
            self.error(dg.E_FIELD_VALUE, "card versions start at V1", vspan)
            return found.value, None
        name_raw = m.group("name")
        name = normalize(name_raw).text
        if not name or "\n" in name:
            self.error(dg.E_FIELD_VALUE, "the card needs a name before its version", head.value.span)
            return found.value, None
        spans = HeaderSpans(
            title=head.line, card_type=head.key.span,
            name=Span(head.value.span.start, head.value.span.start + len(name_raw)), version=vspan,
        )
        return found.value, (name, version, spans)

    def bare(self, head: _Head, after_blocks: bool) -> None:
        folded = fold_key(head.key.text)
        if folded == "texto permanente":
            self.error(dg.E_STRUCTURE, "`Texto permanente` needs a colon", head.key.span,
                       "write `Texto permanente:`")
        elif folded.startswith("acao ") or folded == "acao":
            self.error(dg.E_STRUCTURE, "an action block starts with `Ação: <nome>`", head.key.span,
                       "write `Ação: <nome>`")
        elif after_blocks:
            self.error(dg.E_STRUCTURE, "unindented line inside a block", head.key.span,
                       "card text lines are indented (two spaces)")
        else:
            self.error(dg.E_STRUCTURE, "this header line is not `Campo: valor`", head.key.span,
                       "card text goes indented under `Texto permanente:` or `Ação: <nome>`")


# ---------------------------------------------------------------------------------------------------------
# header fields


def _split_list(part: _Part) -> list[_Part]:
    """Comma-separated items with their spans."""
    items: list[_Part] = []
    pos = part.span.start
    for piece in part.text.split(","):
        lead = len(piece) - len(piece.lstrip())
        stripped = piece.strip()
        items.append(_Part(stripped, Span(pos + lead, pos + lead + len(stripped))))
        pos += len(piece) + 1
    return items


class _HeaderBuilder:
    def __init__(self, reader: _Reader, card_type: CardType | None) -> None:
        self.r = reader
        self.card_type = card_type
        self.seen: dict[HeaderField, Span] = {}
        self.order: list[tuple[HeaderField, Span]] = []
        self.values: dict[HeaderField, Any] = {}
        self.spans: dict[HeaderField, Any] = {}

    def field(self, head: _Head, after_blocks: bool) -> None:
        r = self.r
        key = head.key
        found = HEADER_FIELDS.lookup(key.text)
        if found.value is None:
            self.unknown(head)
            return
        fld = found.value
        if head.bodies:
            r.error(dg.E_STRUCTURE, f"indented line under the header field `{fld.label}`",
                    head.bodies[0].indent, "card text goes under `Texto permanente:` or `Ação: <nome>`")
        if after_blocks:
            r.error(dg.E_STRUCTURE, f"header field `{fld.label}` after a block", key.span,
                    "move header lines above `Texto permanente:` and `Ação:`")
        if fld in self.seen:
            r.error(dg.E_FIELD_DUPLICATE, f"duplicate header field `{fld.label}`", key.span,
                    "remove one of them", [f"first given at {r.where(self.seen[fld])}"])
            return
        self.seen[fld] = key.span
        self.order.append((fld, key.span))
        if self.card_type is not None and fld not in ALLOWED_FIELDS[self.card_type]:
            r.error(dg.E_FIELD_NOT_ALLOWED, f"a {self.card_type.label} card has no `{fld.label}`", key.span,
                    _not_allowed_hint(fld, self.card_type))
        self.value(fld, head)

    def unknown(self, head: _Head) -> None:
        r = self.r
        key = head.key
        if CARD_TYPES.get(key.text) is not None:
            r.error(dg.E_FIELD_DUPLICATE, "a second card type line", key.span,
                    "a card file describes one card; its type line is the first line")
            return
        action_field = ACTION_FIELDS.get(key.text)
        if action_field is not None:
            r.error(dg.E_STRUCTURE, f"`{action_field.label}:` belongs to an action", key.span,
                    f"indent it under `Ação: <nome>`, e.g. `  {action_field.label}: ...`")
            return
        candidates = [*HEADER_FIELDS.labels(), "Texto permanente", "Ação"]
        sugg = did_you_mean(key.text, candidates)
        if sugg:
            hint = f"did you mean `{sugg}`?"
        elif len(key.text.split()) >= 3:
            hint = "if this is card text, indent it under `Texto permanente:` or `Ação: <nome>`"
        else:
            hint = "the header fields are " + ", ".join(HEADER_FIELDS.labels())
        r.error(dg.E_UNKNOWN_FIELD, f"unknown header field `{key.text}`", key.span, hint)

    def value(self, fld: HeaderField, head: _Head) -> None:
        r = self.r
        val = head.value
        if val is None or fold_key(val.text) in _NONE_VALUES and fld in (_LIST_FIELDS | {_F.ALTER_EGO}):
            if fld in _LIST_FIELDS or fld is _F.ALTER_EGO:
                self.values[fld] = () if fld in _LIST_FIELDS else None
                self.spans[fld] = () if fld in _LIST_FIELDS else (val.span if val else None)
                return
            r.error(dg.E_FIELD_VALUE, f"`{fld.label}` has no value", head.key.span)
            return
        if fld is _F.GAME:
            self.game(val)
        elif fld in (_F.CODE, _F.ALTER_EGO, _F.RARITY):
            text = normalize(val.text).text
            if fld is _F.RARITY:
                rarity = RARITIES.get(text)
                text = rarity.label if rarity is not None else text
            self.values[fld] = text
            self.spans[fld] = val.span
        elif fld is _F.ALIGNMENTS:
            self.enum_list(fld, val, ALIGNMENTS)
        elif fld is _F.POWERS:
            self.enum_list(fld, val, POWERS)
        elif fld is _F.AFFILIATIONS:
            names: list[str] = []
            spans: list[Span] = []
            for item in _split_list(val):
                name = normalize(item.text).text
                if not name:
                    r.error(dg.E_FIELD_VALUE, "empty affiliation in the list", item.span,
                            "separate affiliations with single commas")
                    continue
                names.append(name)
                spans.append(item.span)
            self.values[fld] = tuple(names)
            self.spans[fld] = tuple(spans)
        elif fld is _F.POWER:
            found = POWERS.lookup(val.text)
            if found.value is None:
                self.bad_term(val, "power", found.suggestion, POWERS)
            else:
                self.values[fld] = found.value
                self.spans[fld] = val.span
        elif fld in (_F.INITIAL_ENERGY, _F.SHIELD, _F.ADDITION_VALUE):
            text = val.text
            if fld is _F.ADDITION_VALUE:
                text = re.sub(r"^\s*\+\s*(?=\d)", "", text)   # an addition, printed with its sign: "+2"
            stat = _stat(text, allow_star=fld is not _F.ADDITION_VALUE)
            if stat is None:
                extra = " (or `*` when the card's text defines it)" if fld is not _F.ADDITION_VALUE else ""
                r.error(dg.E_FIELD_VALUE, f"`{fld.label}` must be a whole number{extra}, not `{val.text}`",
                        val.span, f"e.g. `{fld.label}: 2`")
            else:
                self.values[fld] = stat
                self.spans[fld] = val.span
        elif fld is _F.EVOLUTION:
            norm = normalize(val.text, base=val.span.start)
            self.values[fld] = norm
            self.spans[fld] = val.span

    def game(self, val: _Part) -> None:
        """``Jogo: Battle Scenes``: this reader reads Battle Scenes cards (the default game); another game's card
        stops at :meth:`foreign`, and its pack reads it (:func:`declared_game`, which the compiler asks first)."""
        found = game_named(val.text)
        if found is None:
            sugg = did_you_mean(val.text, game_titles())
            self.r.error(dg.E_FIELD_VALUE, f"unknown game `{val.text}`", val.span,
                         f"did you mean `{sugg}`?" if sugg else "the games are " + ", ".join(game_titles()))
            return
        self.values[_F.GAME] = found.title
        self.spans[_F.GAME] = val.span

    def bad_term(self, item: _Part, kind: str, sugg: str | None, vocab: Vocabulary[Any]) -> None:
        hint = f"did you mean `{sugg}`?" if sugg else f"the {kind}s are " + ", ".join(vocab.labels())
        self.r.error(dg.E_FIELD_VALUE, f"unknown {kind} `{item.text}`", item.span, hint)

    def enum_list(self, fld: HeaderField, val: _Part, vocab: Vocabulary[T]) -> None:
        values: list[T] = []
        spans: list[Span] = []
        for item in _split_list(val):
            if not item.text:
                self.r.error(dg.E_FIELD_VALUE, f"empty {vocab.kind} in the list", item.span,
                             "separate items with single commas")
                continue
            found = vocab.lookup(item.text)
            if found.value is None:
                self.bad_term(item, vocab.kind, found.suggestion, vocab)
            elif found.value in values:
                self.r.error(dg.E_FIELD_VALUE, f"{vocab.kind} `{item.text}` is listed twice", item.span)
            else:
                values.append(found.value)
                spans.append(item.span)
        self.values[fld] = tuple(values)
        self.spans[fld] = tuple(spans)

    def finish(self, title: _Head) -> None:
        """Required fields (rules 2.1, 2.1.1, 2.2: characters and supports have initial energy and shield)."""
        if self.card_type is None:
            return
        for fld in HeaderField:
            if fld in REQUIRED_FIELDS[self.card_type] and fld not in self.seen:
                self.r.error(dg.E_FIELD_MISSING, f"a {self.card_type.label} card needs `{fld.label}`",
                             title.line, f"add a line `{fld.label}: ...` to the header")

    def build(self, ctype: CardType, name: str, version: int, title_spans: HeaderSpans) -> CardHeader:
        v, s = self.values, self.spans
        spans = HeaderSpans(
            title=title_spans.title, card_type=title_spans.card_type, name=title_spans.name,
            version=title_spans.version, game=s.get(_F.GAME), code=s.get(_F.CODE), alter_ego=s.get(_F.ALTER_EGO),
            alignments=s.get(_F.ALIGNMENTS, ()), affiliations=s.get(_F.AFFILIATIONS, ()),
            powers=s.get(_F.POWERS, ()), power=s.get(_F.POWER), initial_energy=s.get(_F.INITIAL_ENERGY),
            shield=s.get(_F.SHIELD), addition_value=s.get(_F.ADDITION_VALUE), evolution=s.get(_F.EVOLUTION),
            rarity=s.get(_F.RARITY), fields=tuple(self.order),
        )
        return CardHeader(
            card_type=ctype, name=name, version=version, game=v.get(_F.GAME), code=v.get(_F.CODE),
            alter_ego=v.get(_F.ALTER_EGO),
            alignments=cast(tuple[Alignment, ...], v.get(_F.ALIGNMENTS, ())),
            affiliations=cast(tuple[str, ...], v.get(_F.AFFILIATIONS, ())),
            powers=cast(tuple[Power, ...], v.get(_F.POWERS, ())), power=v.get(_F.POWER),
            initial_energy=v.get(_F.INITIAL_ENERGY), shield=v.get(_F.SHIELD),
            addition_value=cast("int | None", v.get(_F.ADDITION_VALUE)),
            evolution=cast("Normalized | None", v.get(_F.EVOLUTION)), rarity=v.get(_F.RARITY), spans=spans,
        )


def _stat(text: str, allow_star: bool) -> Stat | None:
    text = text.strip()
    if allow_star and text == "*":
        return "*"
    if re.fullmatch(r"[0-9]{1,3}", text):
        return int(text)
    return None


def _not_allowed_hint(fld: HeaderField, ctype: CardType) -> str:
    if fld is _F.POWERS and ctype is CardType.HABILIDADE:
        return "an ability card has one power colour: write `Poder: ...`"
    if fld is _F.POWER and ctype in (CardType.PERSONAGEM, CardType.PERSONAGEM_EV):
        return "a character lists its powers in `Poderes:`; an action's power goes indented under `Ação:`"
    if fld is _F.POWER:
        return "an action's power goes indented under `Ação: <nome>`"
    if fld in (_F.ADDITION_VALUE, _F.EVOLUTION):
        return "only Personagem-EV cards have it (rules 2.1.1)"
    if fld in (_F.INITIAL_ENERGY, _F.SHIELD):
        return "only characters and supports have initial energy and a shield"
    allowed = sorted((f.label for f in ALLOWED_FIELDS[ctype]), key=lambda s: list(HeaderField).index(_F(s)))
    return f"a {ctype.label} card has the fields " + ", ".join(allowed)


# ---------------------------------------------------------------------------------------------------------
# blocks


class _Blocks:
    def __init__(self, reader: _Reader) -> None:
        self.r = reader
        self.started = False
        self.permanent_text: tuple[Normalized, ...] | None = None
        self.permanent_span: Span | None = None
        self.action_header: ActionHeader | None = None
        self.action_keyword: Span | None = None
        self.action_text: list[Normalized] = []
        self.quiet_empty = False

    def paragraphs(self, body: _Body) -> list[Normalized]:
        assert body.text is not None
        return [p for p in split_paragraphs(normalize(body.text.text, base=body.text.span.start)) if p.text]

    def duplicate(self, head: _Head, first: Span, what: str) -> None:
        self.r.error(dg.E_BLOCK_DUPLICATE, f"a second `{what}` block", head.key.span,
                     f"a card has at most one `{what}` block; put all its lines in the first",
                     [f"first block at {self.r.where(first)}"])

    def permanent(self, head: _Head) -> None:
        """``Texto permanente:`` and its paragraphs (rules 5: static, triggered and activated effects)."""
        r = self.r
        self.started = True
        if self.permanent_span is not None:
            self.duplicate(head, self.permanent_span, "Texto permanente")
            return
        self.permanent_span = head.key.span
        if head.value is not None:
            r.error(dg.E_STRUCTURE, "card text after `Texto permanente:` on the same line", head.value.span,
                    "put each paragraph on its own indented line below `Texto permanente:`")
        paras: list[Normalized] = []
        for body in head.bodies:
            if body.kind == "field":
                assert body.key is not None
                r.error(dg.E_STRUCTURE, f"`{body.key.text}:` belongs to an action, not to the permanent text",
                        body.key.span, "action fields go under `Ação: <nome>`")
                continue
            paras.extend(self.paragraphs(body))
        if not paras and head.value is None and not self.quiet_empty:
            r.error(dg.E_BLOCK_EMPTY, "empty `Texto permanente` block", head.key.span,
                    "add indented lines of card text, or remove the block")
        self.permanent_text = tuple(paras)

    def action(self, head: _Head) -> None:
        """``Ação: <nome>``: cost, power and types (rules 4.6), then the action's text."""
        r = self.r
        self.started = True
        if self.action_keyword is not None:
            self.duplicate(head, self.action_keyword, "Ação")
            return
        self.action_keyword = head.key.span
        name = normalize(head.value.text).text if head.value is not None else ""
        if not name:
            r.error(dg.E_FIELD_VALUE, "the action needs a name", head.key.span, "write `Ação: <nome>`")
        cost: Cost | None = None
        power: Power | None = None
        types: list[ActionType] = []
        cost_span: Span | None = None
        power_span: Span | None = None
        type_spans: list[Span] = []
        seen: dict[ActionField, Span] = {}
        text: list[Normalized] = []
        for body in head.bodies:
            if body.kind == "text":
                text.extend(self.paragraphs(body))
                continue
            assert body.key is not None
            fld = ACTION_FIELDS.get(body.key.text)
            assert fld is not None  # the grammar only lexes these keys
            if text:
                r.error(dg.E_STRUCTURE, f"`{fld.label}:` after the action's text", body.key.span,
                        "Custo, Poder and Tipo come right below `Ação: <nome>`, before the text")
            if fld in seen:
                r.error(dg.E_FIELD_DUPLICATE, f"duplicate action field `{fld.label}`", body.key.span,
                        "remove one of them", [f"first given at {r.where(seen[fld])}"])
                continue
            seen[fld] = body.key.span
            val = body.value
            if val is None or not val.text:
                r.error(dg.E_FIELD_VALUE, f"`{fld.label}` has no value", body.key.span)
                continue
            if fld is ActionField.COST:
                found_cost = COSTS.lookup(val.text)
                if found_cost.value is None:
                    r.error(dg.E_FIELD_VALUE, f"unknown cost `{val.text}`", val.span,
                            "the costs are {0}, {1}, {2} and {X}")
                cost, cost_span = found_cost.value, val.span
            elif fld is ActionField.POWER:
                found_power = POWERS.lookup(val.text)
                if found_power.value is None:
                    sugg = found_power.suggestion
                    r.error(dg.E_FIELD_VALUE, f"unknown power `{val.text}`", val.span,
                            f"did you mean `{sugg}`?" if sugg
                            else "the powers are " + ", ".join(POWERS.labels()))
                power, power_span = found_power.value, val.span
            else:
                for item in _split_list(val):
                    found_type = ACTION_TYPES.lookup(item.text)
                    if found_type.value is None:
                        sugg = found_type.suggestion
                        r.error(dg.E_FIELD_VALUE, f"unknown action type `{item.text}`", item.span,
                                f"did you mean `{sugg}`?" if sugg else
                                "the action types are Ação de Antecipar and Ação Imprevista")
                    elif found_type.value in types:
                        r.error(dg.E_FIELD_VALUE, f"action type `{item.text}` is listed twice", item.span)
                    else:
                        types.append(found_type.value)
                        type_spans.append(item.span)
        if not text and not self.quiet_empty:
            r.error(dg.E_BLOCK_EMPTY, "the action has no text", head.key.span,
                    "add the action's effect as indented lines below its Custo/Poder/Tipo")
        name_span = head.value.span if head.value is not None else head.key.span
        self.action_header = ActionHeader(
            name=name, cost=cost, power=power, types=tuple(types),
            spans=ActionSpans(keyword=head.key.span, name=name_span, cost=cost_span, power=power_span,
                              types=tuple(type_spans)),
        )
        self.action_text = text


# ---------------------------------------------------------------------------------------------------------


def read_card_file(source: SourceFile) -> tuple[CardFileRaw | None, list[Diagnostic]]:
    """Read a card file's structure and header. Never raises on any input.

    Returns the file (None if it has errors) and the diagnostics: CS010 card type line, CS011 unknown field,
    CS012 bad value, CS013 missing field, CS014 duplicate, CS015 field not allowed, CS020 structure,
    CS021 empty block, CS022 duplicate block.
    """
    try:
        return _Reader(source).read()
    except Exception as exc:  # noqa: BLE001 - the reader must not raise; report it as a bug instead
        return None, [Diagnostic(dg.E_INTERNAL, f"internal error while reading the card file: {exc!r}",
                                 Span(0, 0), source)]


@dataclass(frozen=True)
class TextBlocks:
    """The text blocks of a card file whose header does not read (:func:`read_text_blocks`): what the compiler can
    still check, so one pass reports the header's problems and the text's."""

    name: str                                   # the card's name, when its title line reads ("" otherwise)
    permanent: tuple[Normalized, ...]
    action: ActionHeader | None
    action_text: tuple[Normalized, ...]


def read_text_blocks(source: SourceFile) -> TextBlocks | None:
    """The text blocks of a card file, read apart from its header (whose diagnostics :func:`read_card_file` gives):
    None when the file's line structure does not read or it has no text. Never raises."""
    try:
        reader = _Reader(source)
        heads = reader.parse()
        if not heads:
            return None
        _, title = reader.title(heads[0])
        blocks = _Blocks(reader)
        for head in heads:
            if head.kind == "permanent":
                blocks.permanent(head)
            elif head.kind == "action":
                blocks.action(head)
        found = TextBlocks(title[0] if title is not None else "", blocks.permanent_text or (), blocks.action_header,
                           tuple(blocks.action_text))
    except Exception:  # noqa: BLE001 - only for more diagnostics: a failure here costs them, nothing else
        return None
    return found if found.permanent or found.action_text else None


# The line structure alone, for other files written in the same layout (keyword definitions,
# cardscript/games/battle_scenes/prelude/).
Entry = _Head
EntryPart = _Part


def read_entries(source: SourceFile) -> tuple[list[Entry] | None, list[Diagnostic]]:
    """The ``Campo: valor`` lines of a file in the card-file layout, each with its indented body lines, and
    the CS020 diagnostic if the layout itself is broken. Never raises on any input."""
    reader = _Reader(source)
    try:
        return reader.parse(), reader.diags
    except Exception as exc:  # noqa: BLE001 - the reader must not raise; report it as a bug instead
        return None, [Diagnostic(dg.E_INTERNAL, f"internal error while reading the file: {exc!r}",
                                 Span(0, 0), source)]


_GAME_LINE = re.compile(r"^[^\S\n]*jogo[^\S\n]*:", re.IGNORECASE | re.MULTILINE)


def declared_game(source: SourceFile) -> Game | None:
    """The game a card file's ``Jogo:`` header line names (issue 14), or None: no such line (a Battle Scenes
    card, the default), a name no game has, or a file whose lines do not read -- the reader of the default game
    then reports it. Costs one pattern search for a file without the line. Never raises."""
    if _GAME_LINE.search(source.text) is None:
        return None
    entries, _ = read_entries(source)
    for entry in entries or ():
        if entry.kind == "field" and fold_key(entry.key.text) == "jogo" and entry.value is not None:
            return game_named(entry.value.text)
    return None
