"""``fmt``'s promise: the canonical text of a card file means what the file meant.

The canonical text (:func:`rendered_file`) lays the header out in order and renders each paragraph from its
AST. A renderer can be wrong on text it never saw (two names written together, ``S.H.I.E.LD.``, came back as
two words), so :func:`format_card` checks the result before anyone writes it: the formatted file is compiled
again and must have the same meaning -- the same lowered IR and the same diagnostic codes -- and must be its
own canonical form (fmt of fmt is fmt). A paragraph whose rendering changes the meaning is kept as written
(on one line); if the file still does not hold, it is left as it is, and ``fmt`` says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardscript.compiler.pipeline import CompiledCard, compile_source
from cardscript.core.source import SourceFile
from cardscript.grammar.names import NameRegistry


@dataclass(frozen=True)
class Formatted:
    """What :func:`format_card` decided: the text to write (None: leave the file as it is) and why."""

    text: str | None
    kept: int = 0                # paragraphs kept as written, because their rendering changed the meaning
    reason: str = ""             # why the file is left as it is (text None), or ""


def meaning(card: CompiledCard) -> tuple[tuple[str, ...], str | None]:
    """What a card file means for this check: its diagnostic codes, and its lowered IR (None: not lowered)."""
    from cardscript.compiler.lower import lower_card

    codes = tuple(sorted(d.code for d in card.diagnostics))
    if card.raw is None or not card.bound:
        return codes, None
    try:
        return codes, repr(lower_card(card))
    except Exception as exc:  # noqa: BLE001 - a lowering that fails is part of what the card means
        return codes, f"lowering failed: {type(exc).__name__}: {exc}"


def rendered_file(card: CompiledCard, keep: frozenset[int] = frozenset()) -> str | None:
    """The canonical text of a card file that parsed (None otherwise); the paragraphs numbered in ``keep``
    (permanent ones first, then the action's) are written as they stand in the file, on one line."""
    from cardscript.compiler.render import render_node
    from cardscript.compiler.translate import format_card_text

    if card.raw is None or not card.parsed:
        return None
    blocks = [card.permanent.paragraphs if card.permanent else (), card.action.paragraphs if card.action else ()]
    texts: list[list[str]] = [[], []]
    number = 0
    for block, out in zip(blocks, texts, strict=True):
        for paragraph in block:
            span = paragraph.span
            out.append(card.source.text[span.start:span.end] if number in keep else render_node(paragraph))
            number += 1
    return format_card_text(card.raw, texts[0], texts[1])


def paragraph_count(card: CompiledCard) -> int:
    return sum(len(b.paragraphs) for b in (card.permanent, card.action) if b is not None)


def format_card(card: CompiledCard, names: NameRegistry | None = None) -> Formatted:
    """The canonical text of ``card`` if it keeps the card's meaning (see the module docstring)."""
    text = rendered_file(card)
    if text is None:
        return Formatted(None, reason="it does not parse")
    if text == card.source.text:
        return Formatted(text)
    want = meaning(card)
    if _holds(card, frozenset(), want, names):
        return Formatted(text)
    every = frozenset(range(paragraph_count(card)))
    keep = frozenset(i for i in every if not _holds(card, every - {i}, want, names))
    for candidate in (keep, every):
        if _holds(card, candidate, want, names):
            return Formatted(rendered_file(card, candidate), len(candidate))
    return Formatted(None, reason="its canonical form would not compile to the same meaning")


def _holds(card: CompiledCard, keep: frozenset[int], want: tuple[Sequence[str], str | None],
           names: NameRegistry | None) -> bool:
    """The file formatted keeping the paragraphs ``keep`` compiles to the meaning ``want`` and formats to
    itself in the same way (fmt of fmt is fmt)."""
    text = rendered_file(card, keep)
    if text is None:
        return False
    again = compile_source(SourceFile(card.source.path, text), names)
    return meaning(again) == want and rendered_file(again, keep) == text
