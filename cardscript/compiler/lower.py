"""The front door of meaning: a compiled card (header + AST + bindings + keyword uses) -> the engine's
:class:`~cardscript.compiler.ir.CardDef`, and every problem that kept a part of it from running.

The header gives the characteristics (rules 2); the action's text box an :class:`ActionDef` (4.6.1: cost, power,
types, keywords, extra costs, modes, targets); each paragraph of the permanent text its effects (rules 5); each
keyword use its prelude meaning, lowered like the card's own text and marked with the keyword (5.6).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from cardscript.compiler.ast import Binding, KeywordLine, Paragraph, Sentence, TextBlock
from cardscript.compiler.expand import KeywordUse
from cardscript.compiler.fast_replace import replace
from cardscript.compiler.ir import (
    ACTION_COST,
    ACTION_END,
    ACTION_START,
    ActionDef,
    CardDef,
    ChangeStage,
    Effect,
    EffectKind,
    Filter,
    Kind,
    Procedure,
    Quantity,
    Selector,
    Unsupported,
)
from cardscript.compiler.pipeline import CompiledCard
from cardscript.compiler.prelude import Usage
from cardscript.compiler.semantics.effects import action_paragraphs, permanent_paragraph, read_x, read_x_after
from cardscript.compiler.semantics.reading import CardInfo, NotUnderstood, Reading, Referent
from cardscript.compiler.semantics.sentences import Problem
from cardscript.compiler.semantics.text import render
from cardscript.compiler.semantics.xtie import tie_x_deep
from cardscript.compiler.vocabulary import ActionType

__all__ = ["LoweredCard", "lower_card", "lower_compiled"]


@dataclass
class LoweredCard:
    """A card's effect objects and what could not be turned into any."""

    card: CardDef
    problems: list[Problem] = field(default_factory=list)


def _bindings(block: TextBlock) -> dict[int, Binding]:
    return {b.span.start: b for b in block.bindings}


def _info(card: CompiledCard) -> CardInfo:
    raw = card.raw
    assert raw is not None
    h = raw.header
    return CardInfo(h.name, raw.action.name if raw.action else "", h.card_type.value, h.alter_ego or "")


def lower_card(card: CompiledCard) -> CardDef:
    """A compiled card -> the engine's CardDef."""
    return lower_compiled(card).card


def lower_compiled(card: CompiledCard) -> LoweredCard:
    raw = card.raw
    if raw is None:
        raise ValueError(f"{card.source.path}: the card file could not be read")
    h = raw.header
    info = _info(card)
    problems: list[Problem] = []
    effects: list[Effect] = []
    card_referents: list[object] = []
    chosen: list[Referent] = []                           # card-level choices, shared by the card's texts
    pending: dict[str, tuple[Effect, Problem]] = {}        # "Liderar ... Se você capacitar ... desta forma, ..."
    if card.permanent is not None:
        bindings = _bindings(card.permanent)
        for para in card.permanent.paragraphs:
            r = Reading(info, bindings, card_referents=chosen, next_slot=len(chosen))
            later = read_x(card.permanent.paragraphs, r, problems, later=(para,))
            lowered = _guard(lambda r=r, para=para: permanent_paragraph(para, r), para)
            if later:
                _x_after(later, r, lowered, problems)
            _set_aside_if_done(para, lowered, pending)
            effects.extend(lowered.effects)
            problems.extend(lowered.problems)
            chosen[:] = [x for x in r.card_referents]
    if raw.permanent and (card.permanent is None or len(card.permanent.paragraphs) < len(raw.permanent)):
        effects.append(Effect(EffectKind.UNSUPPORTED, text="(a paragraph of the permanent text did not compile)",
                              why="a paragraph did not parse"))
    for use in card.keywords:
        if not use.in_action:
            kw_effects, kw_problems = lower_keyword(use, info)
            kw_effects = _then_if_done(use.name, kw_effects, pending, effects, problems)
            effects.extend(kw_effects)
            problems.extend(kw_problems)
    action, action_problems = _action(card, info, chosen)
    problems.extend(action_problems)
    evolution = _evolution(card, info, problems)
    if problems and all(e.executable for e in effects) and (action is None or (
            all(m.executable for m in action.modes) and all(e.executable for e in action.keyword_effects))):
        # a problem no effect carries (an X definition, the Evolução panel): the card does not run as printed
        effects.append(Effect(EffectKind.UNSUPPORTED, text="; ".join(p.message for p in problems),
                              why="; ".join(p.message for p in problems)))
    keywords = tuple(e.keyword for e in effects if e.kind is EffectKind.KEYWORD)
    del card_referents
    definition = CardDef(
        title=h.title, name=h.name, version=h.version, card_type=h.card_type.value, alter_ego=h.alter_ego,
        alignments=tuple(a.value for a in h.alignments), affiliations=tuple(h.affiliations),
        powers=tuple(p.code for p in h.powers), power=h.power.code if h.power is not None else None,
        initial_energy=h.initial_energy if isinstance(h.initial_energy, int) else None,
        shield=h.shield if isinstance(h.shield, int) else None, addition_value=h.addition_value,
        action=action, effects=tuple(effects), keywords=keywords, code=h.code or "",
        evolution=evolution)
    return LoweredCard(definition, problems)


def _x_after(later: list[Sentence], r: Reading, lowered: _Guarded, problems: list[Problem]) -> None:
    """X defined by what the paragraph introduced, read after it: every X of its effects is that."""
    x = read_x_after(later, r, problems)
    if x is not None:
        lowered.effects = [tie_x_deep(e, x) for e in lowered.effects]


_NO_FORM = "no trigger, window or static form"


def _set_aside_if_done(para: Paragraph, lowered: _Guarded, pending: dict[str, tuple[Effect, Problem]]) -> None:
    """A keyword line followed by "Se você <verbo> ... desta forma, ...": those steps go on after the keyword's
    own optional step (rules 7: the keyword is shorthand for its text), joined in :func:`_then_if_done`."""
    lines = [para] if isinstance(para, KeywordLine) else list(getattr(para, "keyword_lines", ()))
    if len(lines) != 1:
        return
    effect = next((e for e in lowered.effects if e.kind is EffectKind.UNSUPPORTED and e.why == _NO_FORM
                   and e.procedures and e.procedures[0].if_done), None)
    problem = next((p for p in lowered.problems if p.message == _NO_FORM), None)
    if effect is None or problem is None or len(lowered.problems) != 1:
        return
    pending[lines[0].keyword] = (effect, problem)
    lowered.effects = [e for e in lowered.effects if e is not effect]
    lowered.problems = []


def _then_if_done(name: str, kw_effects: list[Effect], pending: dict[str, tuple[Effect, Problem]],
                  effects: list[Effect], problems: list[Problem]) -> list[Effect]:
    """The keyword's meaning with the set-aside steps after its one optional step; when it has no single optional
    step to follow, the steps stay not executable."""
    if name not in pending:
        return kw_effects
    rest, problem = pending.pop(name)
    # the host: the keyword's one activated ability of one step ("você pode capacitar ...": activating it is the
    # "você pode"); that step is marked optional so the engine records whether it was done (a stage changed)
    hosts = [i for i, e in enumerate(kw_effects) if e.kind is EffectKind.ACTIVATED]
    if len(hosts) != 1 or len(kw_effects[hosts[0]].procedures) != 1 \
            or not isinstance(kw_effects[hosts[0]].procedures[0], ChangeStage):
        effects.append(rest)
        problems.append(problem)
        return kw_effects
    host = kw_effects[hosts[0]]
    step = replace(host.procedures[0], optional=True)
    joined = replace(host, procedures=(step, *rest.procedures), text=f"{host.text}. {rest.text}")
    return [joined if i == hosts[0] else e for i, e in enumerate(kw_effects)]


class _Guarded:
    def __init__(self, effects: list[Effect], problems: list[Problem]) -> None:
        self.effects = effects
        self.problems = problems


def _guard(fn: object, para: Paragraph) -> _Guarded:
    """Lower one paragraph; a construction the rules cannot read is a problem of that paragraph only."""
    try:
        out = fn()                                                     # type: ignore[operator]
        return _Guarded(out.effects, out.problems)
    except NotUnderstood as exc:
        text = render(para)
        return _Guarded([Effect(EffectKind.UNSUPPORTED, text=text, why=str(exc))],
                        [Problem(str(exc), exc.node or para, exc.roles)])


# ---------------------------------------------------------------------------------------------
# keywords


_CARRIER = ("Personagem: Portador V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 1\nEscudo: 0\n\n"
            "Texto permanente:\n  {keyword}.\n")


@functools.cache
def keyword_meaning(keyword: str) -> tuple[Effect, ...] | None:
    """What a keyword means on a character that has it without parameters (5.6: its prelude's text, lowered as on
    any card), for a keyword a card *gains* ("ganha Prontidão"); None when that does not lower as executable."""
    from cardscript.compiler.pipeline import compile_source
    from cardscript.core.source import SourceFile

    card = lower_card(compile_source(SourceFile("<keyword>", _CARRIER.format(keyword=keyword))))
    if not card.executable:
        return None
    return tuple(e for e in card.effects if e.from_keyword)


def lower_keyword(use: KeywordUse, info: CardInfo, shared: list[object] | None = None
                  ) -> tuple[list[Effect], list[Problem]]:
    """A keyword's meaning (the prelude's text filled in and compiled, see expand.py) -> its effects, marked with
    the keyword and working in the keyword's zone (5.6)."""
    zone = use.definition.zone.engine_zone
    if use.block is None:
        return ([Effect(EffectKind.UNSUPPORTED, (Unsupported(why="the keyword's meaning did not compile",
                                                             text=use.written),),
                        text=use.written, from_keyword=use.name, zone=zone, why="meaning did not compile")],
                [Problem(f"{use.name}: the keyword's meaning did not compile", None, span=use.span)])
    bindings = _bindings(use.block)
    out: list[Effect] = []
    problems: list[Problem] = []
    info = replace(info, keyword=use.name)
    if use.in_action and use.definition.usage is Usage.ACTION:
        r = Reading(info, bindings, in_action=True, next_slot=100 + 20 * len(shared or []))
        text = _guard_action(use.block.paragraphs, r, frames=True)
        if shared is not None:                     # what the meaning introduced, the action's text can name
            shared.extend(r.referents)
        problems.extend(text.problems)
        for frame in (ACTION_COST, ACTION_START, ACTION_END):
            if frame in text.framed:
                out.append(Effect(EffectKind.ACTION, tuple(text.framed[frame]), window=frame,
                                  text=" ".join(render(p) for p in use.block.paragraphs)))
        out.extend(text.statics)
        if text.problems:
            out.append(Effect(EffectKind.UNSUPPORTED, text=use.written, why="; ".join(p.message
                                                                                   for p in text.problems)))
    else:
        for para in use.block.paragraphs:
            r = Reading(info, bindings, in_action=use.in_action)
            lowered = _guard(lambda r=r, para=para: permanent_paragraph(para, r), para)
            out.extend(lowered.effects)
            problems.extend(lowered.problems)
    located = [replace(p, message=f"{use.name}: {p.message}", span=use.span) for p in problems]
    return [replace(e, from_keyword=use.name, zone=zone) for e in out], located


def _guard_action(paragraphs: tuple[Paragraph, ...], r: Reading, frames: bool = False):  # type: ignore[no-untyped-def]
    from cardscript.compiler.semantics.effects import ActionText

    try:
        return action_paragraphs(paragraphs, r, frames_allowed=frames)
    except NotUnderstood as exc:
        out = ActionText()
        out.problems.append(Problem(str(exc), exc.node, exc.roles))
        out.modes = [[Unsupported(why=str(exc))]]
        return out


# ---------------------------------------------------------------------------------------------
# the action (4.6)


def _action(card: CompiledCard, info: CardInfo, chosen: list[Referent]) -> tuple[ActionDef | None, list[Problem]]:
    raw = card.raw
    if raw is None or raw.action is None:
        return None, []
    head = raw.action
    cost = head.cost.stages if head.cost is not None else None
    cost_is_x = head.cost is not None and head.cost.stages is None
    base = ActionDef(name=head.name, cost=cost, cost_is_x=cost_is_x,
                     power=head.power.code if head.power is not None else None,
                     anticipate=ActionType.ANTECIPAR in head.types, unforeseen=ActionType.IMPREVISTA in head.types)
    problems: list[Problem] = []
    block = card.action
    keyword_effects: list[Effect] = []
    introduced: list[object] = []                   # "os cards revelados nesta ação": a keyword's (Clarividência)
    for use in card.keywords:
        if use.in_action:
            kw, kw_problems = lower_keyword(use, info, introduced)
            keyword_effects.extend(kw)
            problems.extend(kw_problems)
    written = tuple((use.name, use.value or "") for use in card.keywords if use.in_action)
    if block is None or not block.paragraphs:
        return replace(base, modes=(Effect(EffectKind.UNSUPPORTED, text="(the action text did not compile)",
                                           why="the action text did not compile"),),
                       keywords=written, keyword_effects=tuple(keyword_effects)), problems
    r = Reading(info, _bindings(block), in_action=True, card_referents=list(chosen), next_slot=len(chosen))
    r.referents.extend(x for x in introduced if isinstance(x, Referent))
    later = read_x(block.paragraphs, r, problems, later=block.paragraphs)
    paragraphs = tuple(p for p in block.paragraphs if not isinstance(p, KeywordLine))
    text = _guard_action(paragraphs, r)
    if later:
        r.x = read_x_after(later, r, problems)
        if r.x is not None:
            text.modes = [[tie_x_deep(p, r.x) for p in m] for m in text.modes]
            text.costs = [tie_x_deep(p, r.x) for p in text.costs]
    problems.extend(text.problems)
    joined = " ".join(render(p) for p in block.paragraphs)
    kind = EffectKind.ACTION if not text.problems else EffectKind.UNSUPPORTED
    why = "; ".join(p.message for p in text.problems)
    modes = tuple(Effect(kind, tuple(m), text=joined, why=why) for m in text.modes)
    targets = list(r.targets)
    if not targets and _mentions_target(block):
        # 4.6.2 F.1.2: "alvo" with no characteristic: a character or a support
        targets.append(Selector(kind=Kind.CHARACTER, also=(Kind.SUPPORT,), targeted=True, text="o alvo"))
    if raw.action_text and len(block.paragraphs) < len(raw.action_text):
        modes = (*modes, Effect(EffectKind.UNSUPPORTED, text="(a paragraph of the action did not compile)",
                                why="a paragraph did not parse"))
    keyword_effects = [_tie_x(e, r) for e in keyword_effects]
    return replace(base, keywords=written, extra_costs=tuple(text.costs), modes=modes, targets=tuple(targets),
                   keyword_effects=tuple(keyword_effects)), problems


def _tie_x(effect: Effect, r: Reading) -> Effect:
    """An action keyword's meaning was lowered apart from the action: its X is the action text's ("Clarividência
    X+1 - ... X é igual ao número de ..."). Without a definition X stays to be chosen (Energia Cósmica X)."""
    if r.x is None:
        return effect
    from cardscript.compiler.semantics.xtie import tie_x

    return replace(effect, procedures=tuple(tie_x(p, r.x) for p in effect.procedures))


def _mentions_target(block: TextBlock) -> bool:
    return any(b.target in ("the action's target", "the target") for b in block.bindings)


def _evolution(card: CompiledCard, info: CardInfo, problems: list[Problem]) -> Selector | None:
    """The Evolução panel as a selector over the characters in the scene (4.4.2.2 A.2a), read whole."""
    from cardscript.compiler.semantics.nouns import things
    from cardscript.compiler.semantics.syntax import NP, attach_parts

    panel = card.evolution
    if panel is None:
        return None
    r = Reading(info, {})
    try:
        constituents = attach_parts(list(panel.parts))
        nps = [c for c in constituents if isinstance(c, NP)]
        if len(nps) != 1 or len(constituents) != 1:
            raise NotUnderstood("the Evolução panel is not one noun phrase", panel)
        sel = things(nps[0], r)
        missing = r.unused(panel)
        if missing:
            raise NotUnderstood("words with no meaning in the Evolução panel", missing[0])
    except NotUnderstood as exc:
        problems.append(Problem(f"Evolução: {exc}", exc.node or panel))
        return None
    if sel.kind is Kind.CARD:
        sel = replace(sel, kind=Kind.CHARACTER)
    return replace(sel, every=False, count=Quantity.of(1), text=render(panel), filters=tuple(
        f for f in sel.filters if f.field != "controller") + tuple(
        f for f in sel.filters if f.field == "controller"))


__all__ += ["Filter", "Procedure"]
