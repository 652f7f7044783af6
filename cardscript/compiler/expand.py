"""Keyword expansion: each keyword a card uses -> the prelude's meaning, filled in and compiled in the card's scope.

A keyword is shorthand for card text (rules 7, glossary): ``Liderar {1} - afiliação Tropa Alfa.`` means "Durante
sua Fase de Preparação, uma vez por turno, você pode capacitar em {1} um personagem que você controla com a
afiliação Tropa Alfa." The pipeline finds every use of a keyword (keyword lines of the permanent text, keyword
prefixes of the action), fills its definition in (:meth:`KeywordDef.instantiate`), then parses, builds and binds
the result like any paragraph of the card -- with the card's names, "este personagem" being the card and "esta
ação" its action. The lowering turns these blocks into ordinary effects (``lower.lower_card``).

Diagnostics point at the keyword in the card file: CS240 when a use leaves out a required parameter, CS241 when
the filled-in meaning does not compile (a fault of the prelude or of the arguments).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from lark import Token, Tree

from cardscript.compiler.ast import EffectParagraph, KeywordLine, Lexeme, Number, Phrase, Symbol, TextBlock
from cardscript.compiler.bind import CardScope, bind_paragraphs
from cardscript.compiler.build import build_paragraph
from cardscript.compiler.game_text import DEFAULT_TEXT, GameText
from cardscript.compiler.prelude import KeywordDef, Usage
from cardscript.core import diagnostics as dg
from cardscript.core.diagnostics import Diagnostic
from cardscript.core.normalize import Normalized, normalize
from cardscript.core.source import SourceFile, Span
from cardscript.grammar.names import NameRegistry
from cardscript.grammar.parser import ParseFailure, SentenceProfile, parse_paragraph

__all__ = ["KeywordUse", "expand_keywords", "forget_parses", "keyword_uses"]


@dataclass(frozen=True)
class KeywordUse:
    """One keyword as a card uses it, and what it expands to."""

    definition: KeywordDef
    span: Span                       # the keyword (with its value and arguments) in the card file
    value: str | None                # "{1}", "2", "X"
    args: str | None                 # "afiliação Tropa Alfa"
    in_action: bool                  # an action's keyword prefix
    text: tuple[str, ...] = ()       # the meaning, filled in
    block: TextBlock | None = None   # ... parsed, built and bound (None if it did not compile)

    @property
    def name(self) -> str:
        return self.definition.name

    @property
    def written(self) -> str:
        """The use as a card writes it: ``Liderar {1} - afiliação Tropa Alfa``."""
        return " ".join(p for p in (self.name, self.value or "", f"- {self.args}" if self.args else "") if p)


def _slice(source: SourceFile, nodes: list[object]) -> str | None:
    spans = [n.span for n in nodes if hasattr(n, "span")]
    if not spans:
        return None
    return source.text[min(s.start for s in spans):max(s.end for s in spans)].strip() or None


def keyword_uses(block: TextBlock, source: SourceFile) -> Iterator[tuple[str, Span, str | None, str | None]]:
    """(keyword as written, span, value, arguments) for every keyword of a block, in printed order."""
    for para in block.paragraphs:
        lines = [para] if isinstance(para, KeywordLine) else list(para.keyword_lines)
        for k in lines:
            value = _slice(source, [k.value]) if k.value is not None else None
            args = _slice(source, [a for a in k.arguments if not (isinstance(a, Symbol) and a.text == "-")])
            yield k.keyword, k.span, value, args
        if isinstance(para, EffectParagraph) and para.keyword_prefix is not None:
            yield from _prefix_uses(para.keyword_prefix, source)


def _prefix_uses(prefix: Phrase, source: SourceFile) -> Iterator[tuple[str, Span, str | None, str | None]]:
    """"Ação Única (...), Energia Cósmica 1 -": each KEYWORD_PREFIX and the number or X right after it."""
    current: tuple[Lexeme, list[object]] | None = None
    for node in _flat(prefix):
        if isinstance(node, Lexeme) and node.cls == "KEYWORD_PREFIX":
            if current is not None:
                yield current[0].word, current[0].span, _slice(source, current[1]), None
            current = (node, [])
        elif current is not None and (isinstance(node, Number) or (isinstance(node, Lexeme) and node.lemma == "x")
                                      or (isinstance(node, Symbol) and node.text == "+")):
            current[1].append(node)
        elif current is not None:
            yield current[0].word, current[0].span, _slice(source, current[1]), None
            current = None
    if current is not None:
        yield current[0].word, current[0].span, _slice(source, current[1]), None


def _flat(phrase: Phrase) -> Iterator[object]:
    for part in phrase.parts:
        if isinstance(part, Phrase):
            yield from _flat(part)
        else:
            yield part


def expand_keywords(block: TextBlock, source: SourceFile, in_action: bool, names: NameRegistry, scope: CardScope,
                    diagnostics: list[Diagnostic], alter_ego: str = "",
                    text: GameText = DEFAULT_TEXT) -> list[KeywordUse]:
    """Every keyword of ``block`` with its meaning compiled in the card's scope; problems go to ``diagnostics``.
    ``text``: the game's prelude and sentence profile (the default game's by default)."""
    prelude = text.keywords()
    out: list[KeywordUse] = []
    for written, span, value, args in keyword_uses(block, source):
        definition = prelude.get(written)
        if definition is None:              # the grammar's keywords are the prelude's: only a stale cache
            continue
        extra = definition.unexpected(value, args)
        if extra:
            takes = ", ".join(p.value for p in definition.parameters) or "no parameters"
            diagnostics.append(Diagnostic(dg.E_KEYWORD_PARAMETER, f"{definition.name} takes no {' or '.join(extra)}",
                                          span, source, hint=f"its parameters: {takes}; e.g. {definition.example}"))
            out.append(KeywordUse(definition, span, value, args, in_action))
            continue
        missing = definition.missing(value, args)
        if missing:
            what = " and ".join("a number (N)" if p.value == "N" else f"the {p.value} after '-'" for p in missing)
            diagnostics.append(Diagnostic(dg.E_KEYWORD_PARAMETER, f"{definition.name} needs {what}", span, source,
                                          hint=f"e.g. {definition.example}" if definition.example else None))
            out.append(KeywordUse(definition, span, value, args, in_action))
            continue
        meaning = tuple(definition.instantiate(value, args, card=scope.card_name, action=scope.action_name,
                                               alter_ego=alter_ego))
        block_out = _compile_meaning(definition, meaning, span, source, names, scope,
                                     in_action or definition.usage is Usage.ACTION,
                                     x_chosen=bool(value and "x" in value.lower()), diagnostics=diagnostics,
                                     profile=text.profile)
        out.append(KeywordUse(definition, span, value, args, in_action, meaning, block_out))
    return out


def _compile_meaning(definition: KeywordDef, text: tuple[str, ...], span: Span, source: SourceFile,
                     names: NameRegistry, scope: CardScope, in_action: bool, x_chosen: bool,
                     diagnostics: list[Diagnostic], profile: SentenceProfile | None = None) -> TextBlock | None:
    built = []
    where = definition.source.path if definition.source is not None else "the prelude"
    # The meaning's words get offsets of their own, past the end of the card file (so no diagnostic points at
    # them, and each word is told from the others: the bindings and the lowering key references by offset).
    base = len(source.text) + 1 + 100_000 * (span.start + 1)
    for paragraph in text:
        norm = normalize(paragraph)
        norm = Normalized(norm.text, tuple(base + i for i in range(len(norm.origin))))
        base += len(norm.origin) + 1
        result = _parse_meaning(norm.text, names, profile)
        if isinstance(result, ParseFailure):
            diagnostics.append(Diagnostic(
                dg.E_KEYWORD_MEANING, f"the meaning of {definition.name} does not compile here",
                span, source, hint=f"'{paragraph}' (from {where}): '{result.found}' does not fit"))
            return None
        built.append(build_paragraph(result, norm, names))
    bindings, unbound = bind_paragraphs(tuple(built), in_action, scope, x_chosen)
    real = [u for u in unbound if not u.ambiguous]
    if real:
        diagnostics.append(Diagnostic(
            dg.E_KEYWORD_MEANING, f"the meaning of {definition.name} does not compile here", span, source,
            hint=f"'{real[0].reference}' refers to nothing in '{' '.join(text)}' (from {where})"))
        return None
    return TextBlock(tuple(built), tuple(bindings))


_PARSED: dict[tuple[str, int, str], tuple[NameRegistry, Tree[Token] | ParseFailure]] = {}


def forget_parses() -> None:
    """Drop the kept parses of meanings (benchmarks measure a cold run)."""
    _PARSED.clear()


def _parse_meaning(text: str, names: NameRegistry,
                   profile: SentenceProfile | None = None) -> Tree[Token] | ParseFailure:
    """The parse of a filled-in meaning, kept per text and name registry: many cards of a library use the same
    keyword with the same parameters (the tree is only read; each use builds its own AST with its own offsets)."""
    key = (text, id(names), profile.key if profile is not None else "")
    hit = _PARSED.get(key)
    if hit is not None and hit[0] is names:
        return hit[1]
    if len(_PARSED) > 512:
        _PARSED.clear()
    result = parse_paragraph(text, names, profile=profile)
    _PARSED[key] = (names, result)
    return result
