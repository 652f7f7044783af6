"""``cardscript explain``: how the compiler reads a card, as an indented tree.

Shows each paragraph's effects: keyword lines, triggers, conditions and windows, each clause with
the procedure its verb names (one procedure = one Effects Tree pause point, rules 9.1.1), its
subject and complements, and every reference binding.
"""

from __future__ import annotations

from cardscript.compiler.ast import (
    Clause,
    ClauseSeq,
    KeywordLine,
    Node,
    Phrase,
    TextBlock,
)
from cardscript.compiler.pipeline import CompiledCard
from cardscript.compiler.render import render_node


def explain_card(card: CompiledCard) -> str:
    lines: list[str] = []
    if card.raw is None:
        return f"{card.source.path}: the card file could not be read (see `cardscript check`)"
    h = card.raw.header
    lines.append(f"{h.card_type.value}: {h.name} V{h.version}")
    for title, block in (("Texto permanente", card.permanent), ("Ação: " + (card.raw.action.name
                                                                          if card.raw.action else ""),
                                                              card.action)):
        if block is None:
            continue
        lines.append(f"  {title}")
        _block(block, lines)
    if card.unparsed:
        lines.append(f"  ({card.unparsed} paragraph(s) not understood: run `cardscript check` for details)")
    return "\n".join(lines)


def _block(block: TextBlock, lines: list[str]) -> None:
    for i, para in enumerate(block.paragraphs, 1):
        if isinstance(para, KeywordLine):
            value = f" {render_node(para.value)}" if para.value is not None else ""
            args = f" - {' '.join(render_node(a) for a in para.arguments)}" if para.arguments else ""
            lines.append(f"    paragraph {i}: keyword {para.keyword}{value}{args}")
            continue
        lines.append(f"    paragraph {i}: effect")
        for k in para.keyword_lines:
            lines.append(f"      keyword {k.keyword}")
        if para.keyword_prefix is not None:
            lines.append(f"      keyword prefix: {render_node(para.keyword_prefix)}")
        for j, s in enumerate(para.sentences, 1):
            lines.append(f"      sentence {j}:")
            if s.cost is not None:
                lines.append("        extra cost (paid before the effect, rules 4.6.1):")
                _seq(s.cost, lines, 10)
            _seq(s.body, lines, 8)
    for b in block.bindings:
        lines.append(f"    binding: '{b.reference}' -> {b.target}")


def _seq(seq: ClauseSeq, lines: list[str], indent: int) -> None:
    pad = " " * indent
    k = 0
    for item in seq.items:
        if isinstance(item, Clause):
            k += 1
            _clause(item, lines, indent, k)
        elif isinstance(item, Phrase) and item.kind.value != "joiner":
            lines.append(f"{pad}{item.kind.value}: {render_node(item)}")


def _clause(clause: Clause, lines: list[str], indent: int, k: int) -> None:
    pad = " " * indent
    flags = [f for f, on in (("optional: você pode", clause.optional), ("negated", clause.negated)) if on]
    extra = f" ({', '.join(flags)})" if flags else ""
    lines.append(f"{pad}procedure {k}: {clause.procedure.name.lower()} [{render_node(clause.verb)}]{extra}")
    if clause.subject is not None:
        lines.append(f"{pad}  subject: {render_node(clause.subject)}")
    for c in clause.complements:
        lines.append(f"{pad}  {_label(c)}: {render_node(c)}")


def _label(node: Node) -> str:
    if isinstance(node, Phrase):
        return node.kind.value
    return type(node).__name__.lower()

