"""``cardscript explain CARD``: how the compiler reads a card, as an indented tree (a saved match log is explained
by :mod:`cardscript.games.battle_scenes.runtime.log_explain`: the compiler does not import the engine).

Each paragraph's effects: keyword lines, triggers, conditions and windows, each clause with
the procedure its verb names (one procedure = one Effects Tree pause point, rules 9.1.1), its
subject and complements, and every reference binding.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from pathlib import Path
from typing import TYPE_CHECKING

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
from cardscript.core.games import DEFAULT_GAME, Game, game_named, load_pack

if TYPE_CHECKING:
    from cardscript.compiler.anatomy import Anatomy, AnatomyTables, Entry, Step
    from cardscript.compiler.ir import ActionDef, CardDef, Condition, Effect, Procedure


def _game(key: str) -> Game:
    found = game_named(key)
    assert found is not None, key           # a CompiledCard's game is a registered one
    return found


def explain_card(card: CompiledCard, definition: CardDef | None = None) -> str:
    """How the compiler reads ``card`` (``cardscript explain CARD``); ``definition``: its lowering when the caller
    has it already (the gallery), else it is lowered here."""
    lines: list[str] = []
    if card.game != DEFAULT_GAME.key:            # another game's card: its pack explains it
        explained: str = load_pack(_game(card.game)).explain(card)
        return explained
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
    lines.extend(explain_keywords(card))
    if card.bound:
        if definition is None:
            from cardscript.compiler.lower import lower_card

            definition = lower_card(card)
        lines.extend(explain_effects(card, definition))
        lines.extend(explain_anatomy(definition))
    return "\n".join(lines)


def explain_keywords(card: CompiledCard) -> list[str]:
    """Each keyword the card uses, the rules it implements, and the card text it stands for (the prelude's
    meaning filled in with this use's parameters, cardscript/games/battle_scenes/prelude/)."""

    lines: list[str] = []
    for use in card.keywords:
        where = Path(use.definition.source.path).name if use.definition.source is not None else "prelude"
        lines.append(f"  keyword {use.written}  [rules {use.definition.section}; prelude/{where}; "
                     f"works in: {use.definition.zone.value}]")
        if not use.text:
            lines.append("    (not expanded: a parameter is missing)")
        for text in use.text:
            lines.append(f"    means: {text}")
        if use.text and use.block is None:
            lines.append("    (the meaning did not compile here: see `cardscript check`)")
    return lines


def explain_effects(card: CompiledCard, definition: CardDef | None = None) -> list[str]:
    """The section "effects (as the engine runs them)": each lowered effect, its procedures and operands,
    and "NOT EXECUTABLE: <text>" for what the lowering could not express (``definition``: the card lowered
    already, else lowered here)."""
    from cardscript.compiler.ir import EffectKind, Unsupported
    from cardscript.compiler.lower import lower_card

    if definition is None:
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
            head.append(_condition(e.condition))
        if e.keyword:
            head.append(f"{e.keyword} {' '.join(e.keyword_args)}".rstrip())
        if e.from_keyword:
            head.append(f"(from keyword {e.from_keyword}, works in: {e.zone})")
        if e.kind is not EffectKind.ACTION and e.duration.value != "instant":
            head.append(f"duration={e.duration.value}")
        lines.append(f"{pad}{' '.join(head)}")
        if e.kind is EffectKind.UNSUPPORTED:
            lines.append(f"{pad}  NOT EXECUTABLE: {e.text}")
        for p in e.procedures:
            if isinstance(p, Unsupported):
                lines.append(f"{pad}  NOT EXECUTABLE: {p.text}" + (f"  ({p.why})" if p.why else ""))
                continue
            flags = [f for f, on in (("optional", p.optional), ("if done", p.if_done), ("if not done", p.if_not_done))
                     if on]
            if p.decider is not None:
                flags.append(f"decided by {_operand(p.decider)}")
            if p.condition is not None:
                flags.append(_condition(p.condition))
            if p.introduces:
                flags.append(f"introduces {p.introduces}")
            lines.append(f"{pad}  {_procedure(p)}" + (f" [{', '.join(flags)}]" if flags else ""))

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
            lines.append(f"      extra cost: {_procedure(p)}" if not isinstance(p, Unsupported)
                         else f"      extra cost NOT EXECUTABLE: {p.text}")
        for i, m in enumerate(a.modes, 1):
            lines.append(f"      mode {i}:" if len(a.modes) > 1 else "      effect:")
            effect(m, "        ")
        for e in a.keyword_effects:
            lines.append("      keyword effect:")
            effect(e, "        ")
    return lines


def explain_anatomy(definition: CardDef) -> list[str]:
    """The section "anatomia": each effect and the action in Apoteose's terms (docs/anatomy.md), the Portuguese
    terms with the English ones beside them."""
    return anatomy_section(definition.effects, definition.action)


def anatomy_section(effects: tuple[Effect, ...], action: ActionDef | None,
                    tables: AnatomyTables | None = None) -> list[str]:
    """The "anatomia" lines of these effects and action, with a game's ``tables`` (the default game's: None)."""
    from cardscript.compiler.anatomy import card_anatomies

    lines = ["  anatomia (Apoteose's effect anatomy, docs/anatomy.md):"]
    for label, found in card_anatomies(effects, action, tables):
        lines.append(f"    {label} ({found.kind.value}" + (f", {found.keyword}" if found.keyword else "") + "):")
        _anatomy(found, lines, "      ")
    return lines


def _anatomy(found: Anatomy, lines: list[str], pad: str) -> None:
    from cardscript.compiler.anatomy import ACTIVATION_WORDS, FIELD_WORDS

    def label(name: str) -> str:
        words = FIELD_WORDS[name]
        return f"{pad}{words.pt} ({words.en}):"

    activation = ACTIVATION_WORDS[found.activation]
    english = f" ({activation.en})" if activation.en != activation.pt else ""
    lines.append(f"{label('activation')} {activation.pt}{english}"
                 + (f" -- not executable: {found.why}" if found.why else ""))
    for name, entries in (("timing", found.timing), ("limit", found.limit), ("scope", found.scope)):
        _entries(label(name), [_entry(e) for e in entries] or ["não lido (not read)"], lines, pad)
    steps = [f"{i}. {_step(s)}" for i, s in enumerate(found.task, 1)]
    _entries(label("task"), steps, lines, pad)
    _entries(label("requirements"), [_entry(e) for e in found.requirements] or ["nenhum"], lines, pad)
    for generated in found.generated:
        lines.append(f"{pad}gera (5.7 B) um efeito {generated.kind.value}:")
        _anatomy(generated, lines, pad + "  ")


def _entries(head: str, texts: list[str], lines: list[str], pad: str) -> None:
    """One text on the heading's line, several each on a line of their own."""
    if len(texts) == 1:
        lines.append(f"{head} {texts[0]}")
        return
    lines.append(head)
    lines.extend(f"{pad}  {t}" for t in texts)


def _entry(e: Entry) -> str:
    text = e.words.pt + (f' -- "{e.text}"' if e.text else "")
    return text if e.known else f"{text} (no words in the anatomy's tables)"


def _step(s: Step) -> str:
    flags = f" [{', '.join(f.pt for f in s.flags)}]" if s.flags else ""
    text = f': "{s.text}"' if s.text else ""
    detail = f" -- {s.detail}" if s.detail else ""
    known = "" if s.known else " (no words in the anatomy's tables)"
    return f"{s.words.pt}{flags}{text}{detail}{known}"


def _condition(c: Condition) -> str:
    """``if kind(subject value)``, with ``not`` for a negated one ("enquanto não estiver ..."), the two quantities
    of a comparison and the parts of an ``all`` / ``any``."""
    return f"if {_condition_body(c)}"


def _condition_body(c: Condition) -> str:
    parts = c.all_of or c.any_of
    if parts:
        inner = f" {'and' if c.all_of else 'or'} ".join(_condition_body(part) for part in parts)
        return f"{'not ' if c.negated else ''}({inner})"
    operands = [_operand(c.subject)] if c.subject is not None else []
    operands += [_operand(q) for q in (c.left, c.right) if q is not None]
    operands += [v for v in (c.value, c.whose) if v]
    return f"{'not ' if c.negated else ''}{c.kind}({' '.join(operands)})"


def _procedure(p: Procedure) -> str:
    """A procedure as ``family(operand=value, ...)``: the operands of its family that differ from their defaults,
    and a damage modifier's step (4.8.3 B, C, D); a stage change is named "capacitate" / "incapacitate"."""
    from cardscript.compiler.ir import ChangeStage, Procedure

    common = {f.name for f in fields(Procedure)}
    operands: list[str] = []
    for f in fields(p):
        if f.name in common or isinstance(p, ChangeStage) and f.name == "capacitate":
            continue
        value = getattr(p, f.name)
        default = f.default if f.default is not MISSING else (
            f.default_factory() if f.default_factory is not MISSING else MISSING)
        if value != default or f.name == "step":
            operands.append(f"{f.name}={_operand(value)}")
    name = ("capacitate" if p.capacitate else "incapacitate") if isinstance(p, ChangeStage) else p.family
    return f"{name}({', '.join(operands)})"


def _operand(value: object) -> str:
    """A short readable form of an IR operand."""
    from cardscript.compiler.ir import Count, Effect, Filter, Quantity, Ref, Selector

    if isinstance(value, Selector):
        parts = [value.ref.value if value.ref else value.kind.value]
        if value.ref is Ref.SLOT:
            parts[0] = value.slot
        elif value.ref is Ref.TARGET and value.index:
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
        return f"{value.field} {value.op} {_operand(value.value)}"
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
        if value.when is not None or value.fixed is not None:
            from cardscript.compiler.ir.describe import count as described

            return described(value)
        base = f"{value.offset}{' - ' if value.subtracted else ' + '}" if value.offset or value.subtracted else ""
        return f"{base}number of {_operand(value.what)}" if value.what is not None else value.text
    if isinstance(value, Effect):          # an effect generated by a procedure (5.7 B)
        procs = "; ".join(_procedure(p) for p in value.procedures)
        when = f" on {value.trigger.event}" if value.trigger is not None else ""
        lasting = f" {value.duration.value}" if value.duration.value != "instant" else ""
        return f"[{value.kind.value}{when}{lasting}: {procs}]"
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
    from cardscript.compiler.semantics.clauses import roles_of
    from cardscript.compiler.semantics.syntax import constituent_leaves
    from cardscript.compiler.semantics.text import render_leaves

    roles = roles_of(clause)
    frame = roles.frame
    family = f" ({frame.family})" if frame is not None else " (no frame: not understood)"
    lines.append(f"{pad}procedure {k}: {roles.verb.lemma or clause.procedure.name.lower()}{family} "
                 f"[{render_node(clause.verb)}]{extra}")
    if clause.subject is not None:
        lines.append(f"{pad}  subject: {render_node(clause.subject)}")
    for name, filled in roles.filled.items():              # the frame's roles, as the meaning reads them
        if name.startswith("_"):
            continue
        for c in filled:
            lines.append(f"{pad}  {name}: {render_leaves(list(constituent_leaves(c)))}")
    for c in roles.extra:
        lines.append(f"{pad}  (fits no role): {render_leaves(list(constituent_leaves(c)))}")


def _label(node: Node) -> str:
    if isinstance(node, Phrase):
        return node.kind.value
    return type(node).__name__.lower()

