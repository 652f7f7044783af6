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
    if card.bound:
        lines.extend(explain_effects(card))
    return "\n".join(lines)


def explain_effects(card: CompiledCard) -> list[str]:
    """The section "effects (as the engine runs them)": each lowered effect, its procedures and operands,
    and "NOT EXECUTABLE: <text>" for what the lowering could not express."""
    from cardscript.compiler.ir import Effect, EffectKind, Op
    from cardscript.compiler.lower import lower_card

    definition = lower_card(card)
    lines = [f"  effects (as the engine runs them){'' if definition.executable else ' -- NOT fully executable'}:"]

    def effect(e: Effect, pad: str) -> None:
        head = [e.kind.value]
        if e.trigger is not None:
            head.append(f"on {e.trigger.event}" + (f" [{_operand(e.trigger.subject)}]" if e.trigger.subject else "")
                        + (f" whose={e.trigger.whose.value}" if e.trigger.whose else ""))
        if e.window:
            head.append(f"window={e.window}")
        if e.limit_per_turn:
            head.append(f"limit={e.limit_per_turn}/turn")
        if e.condition is not None:
            value = f" {e.condition.value}" if e.condition.value else ""
            head.append(f"if {e.condition.kind}({_operand(e.condition.subject)}{value})")
        if e.keyword:
            head.append(f"{e.keyword} {' '.join(e.keyword_args)}".rstrip())
        if e.kind is not EffectKind.ACTION and e.duration.value != "instant":
            head.append(f"duration={e.duration.value}")
        lines.append(f"{pad}{' '.join(head)}")
        if e.kind is EffectKind.UNSUPPORTED:
            lines.append(f"{pad}  NOT EXECUTABLE: {e.text}")
        for p in e.procedures:
            if p.op is Op.UNSUPPORTED:
                why = p.arg("why")
                lines.append(f"{pad}  NOT EXECUTABLE: {p.text}" + (f"  ({why})" if why else ""))
                continue
            flags = [f for f, on in (("optional", p.optional), ("if done", p.if_done)) if on]
            if p.condition is not None:
                flags.append(f"if {p.condition.kind}")
            if p.introduces >= 0:
                flags.append(f"introduces #{p.introduces}")
            operands = ", ".join(f"{k}={_operand(v)}" for k, v in p.args)
            lines.append(f"{pad}  {p.op.value}({operands})" + (f" [{', '.join(flags)}]" if flags else ""))

    for e in definition.effects:
        effect(e, "    ")
    if definition.action is not None:
        a = definition.action
        cost = "X" if a.cost_is_x else ("-" if a.cost is None else str(a.cost))
        kinds = [t for t, on in (("antecipar", a.anticipate), ("imprevista", a.unforeseen)) if on]
        lines.append(f"    action {a.name}: cost={cost} power={a.power or '-'}"
                     + (f" types={','.join(kinds)}" if kinds else "")
                     + (f" keywords={', '.join(f'{k} {v}'.strip() for k, v in a.keywords)}" if a.keywords else ""))
        for t in a.targets:
            lines.append(f"      target: {_operand(t)}")
        for p in a.extra_costs:
            lines.append(f"      extra cost: {p.op.value}({', '.join(f'{k}={_operand(v)}' for k, v in p.args)})"
                         if p.op is not Op.UNSUPPORTED else f"      extra cost NOT EXECUTABLE: {p.text}")
        for i, m in enumerate(a.modes, 1):
            lines.append(f"      mode {i}:" if len(a.modes) > 1 else "      effect:")
            effect(m, "        ")
    return lines


def _operand(value: object) -> str:
    """A short readable form of an IR operand."""
    from cardscript.compiler.ir import Count, Filter, Quantity, Selector

    if isinstance(value, Selector):
        parts = [value.ref.value if value.ref else value.kind.value]
        if value.ref is not None and value.ref.value in ("that", "chosen", "target") and value.index:
            parts[0] += f"#{value.index}"
        parts.extend(f"+{k.value}" for k in value.also)
        parts.extend(_operand(f) for f in value.filters)
        if value.every:
            parts.append("every")
        elif value.ref is None and value.kind.value != "player" and value.count != Quantity.of(1):
            parts.append(f"count={_operand(value.count)}")
        if value.targeted:
            parts.append("targeted")
        if value.zone:
            parts.append(f"in {value.zone}")
        if value.of is not None:
            parts.append(f"of {_operand(value.of)}")
        return "<" + " ".join(parts) + ">"
    if isinstance(value, Filter):
        return f"{value.field} {value.op} {value.value}"
    if isinstance(value, Quantity):
        text = (f"{value.x_times if value.x_times != 1 else ''}X" if value.x_times else "")
        if value.fixed or not value.x_times:
            text += f"{'+' if text and value.fixed >= 0 else ''}{value.fixed}"
        if value.up_to:
            text = "up to " + text
        if value.x is not None:
            text += f" (X = {_operand(value.x)})"
        return text
    if isinstance(value, Count):
        return f"number of {_operand(value.what)}" if value.what is not None else value.text
    if isinstance(value, tuple):
        return "(" + ", ".join(_operand(v) for v in value) + ")"
    from enum import Enum

    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


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

