"""The English back-end (issue 13, part 4): a whole card rendered in English from its compiled meaning.

The input is the lowered IR the engine runs (``lower_card`` -> :class:`CardDef`), not the Portuguese text: the
header from the card's characteristics, each permanent-text effect from its kind, trigger (5.2), condition,
window and procedures, the action's box from its cost, power, types, keywords and modes. The words are laid out
by jinja2 templates (``templates/en/card.j2`` for the card, ``templates/en/procedures.j2`` one macro per
procedure family); the noun phrases, conditions and triggers come from :mod:`.phrases`, the game's terms from
:mod:`.terms` (the English rulebook's where it gives them).

What has no English rendering -- an ``Unsupported`` procedure, an effect the engine does not run, an IR shape
:mod:`.phrases` does not know -- is kept as its Portuguese text in brackets, ``[not translated: ...]``: never
dropped, never guessed."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import jinja2

from cardscript.compiler.english import phrases, terms
from cardscript.compiler.english.phrases import Context, Untranslated
from cardscript.compiler.ir import (
    ActionDef,
    CardDef,
    Choose,
    Condition,
    Duration,
    Effect,
    EffectKind,
    Procedure,
    Quantity,
    Ref,
    Reveal,
    Selector,
    Unload,
    Unsupported,
)
from cardscript.compiler.pipeline import CompiledCard

MARK = "not translated"
_PARTICIPLES: dict[type[Procedure], str] = {Choose: "chosen", Reveal: "revealed", Unload: "unloaded"}


def bracket(text: str) -> str:
    """A part kept in Portuguese: ``[not translated: <pt text>]``."""
    return f"[{MARK}: {' '.join(text.split()) or '?'}]"


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.PackageLoader("cardscript.compiler", "templates/en"),
                             autoescape=False, keep_trailing_newline=False, extensions=["jinja2.ext.do"])
    filters: dict[str, Callable[[Any], str]] = {
        "power_name": phrases.power_name, "alignment": lambda a: terms.ALIGNMENTS.get(a, a),
        "rarity": lambda r: terms.RARITIES.get(r, r), "icon_stage": lambda n: "{" + str(n) + "}",
        "number": phrases.number,
        "action_type": lambda t: terms.ACTION_TYPES.get(t) or _fail(f"action type {t}"),
    }
    env.filters.update(filters)
    return env


def _fail(reason: str) -> str:
    raise Untranslated(reason)


class _Renderer:
    """One card's rendering: the templates' modules with the helpers bound to this card's context."""

    def __init__(self, card: CardDef) -> None:
        noun = {"Suporte": "support", "Cenário": "scenario", "Habilidade": "ability"}.get(card.card_type, "card")
        self.ctx = Context(action_name=card.action.name if card.action else "", card_noun=noun)
        self.card = card
        env = _environment()
        helpers: dict[str, Any] = {
            "np": lambda s, plural=None: (phrases.selector(s, self.ctx, plural) if s is not None
                                          else _fail("no selector")),
            "np_ref": lambda r: phrases.selector(Selector(kind=_player_kind(), ref=r), self.ctx),
            "q": lambda q, noun=None, digits=False: (phrases.quantity(q, noun, digits) if q is not None
                                                     else _fail("no quantity")),
            "xdef": lambda q: phrases.x_definition(q, self.ctx),
            "per": lambda c: phrases.per(c, self.ctx),
            "imp": self.imperative, "says": self.says,
            "area": lambda to, owner: phrases.area(to, owner, self.ctx),
            "dur": lambda d: phrases.duration(d, self.ctx),
            "phase": phrases.phase, "acts": lambda fs, plural=True: phrases.action_filters(fs, self.ctx, plural),
            "icon": phrases.power, "kw": phrases.keyword, "alignment": lambda a: terms.ALIGNMENTS.get(a, a),
            "cond": lambda c: phrases.condition(c, self.ctx), "untranslated": _fail,
            "zones": self.zones, "sub": self.sub_clauses, "generated": self.generated,
            "effect": self.effect, "action_text": self.action_text,
            "card_type": lambda t: terms.CARD_TYPES.get(t, t), "field": lambda f: terms.FIELDS[f],
            "power_name": phrases.power_name,
            "turn_of": lambda r: {Ref.YOU: "your turn", Ref.OPPONENT: "an opponent's turn"}.get(r) or _fail("turn"),
        }
        self.procedures = env.get_template("procedures.j2").make_module(helpers)
        self.cards = env.get_template("card.j2").make_module(helpers)

    # -- helpers for the templates --------------------------------------------------------------------------------
    def imperative(self, p: Procedure, verb: str) -> str:
        if p.decider is not None and p.decider.ref is not Ref.YOU:
            return f"{phrases.selector(p.decider, self.ctx)} may {verb}" if p.optional else verb
        return f"you may {verb}" if p.optional else verb

    def says(self, p: Procedure, subject: str, verb3: str, verb: str) -> str:
        if subject == "you":
            return f"you may {verb}" if p.optional else verb
        return f"{subject} may {verb}" if p.optional else f"{subject} {verb3}"

    def zones(self, who: Selector | None, zones: tuple[str, ...]) -> str:
        whose = "their" if who is not None and who.ref is not Ref.YOU else "your"
        names = []
        for z in zones:
            if z not in terms.ZONES:
                raise Untranslated(f"zone {z}")
            names.append(f"{whose} {terms.ZONES[z]}")
        return " and ".join(names) or f"{whose} deck"

    def sub_clauses(self, procs: tuple[Procedure, ...]) -> str:
        return ", then ".join(self.clause(p, strict=True) for p in procs)

    def generated(self, e: Effect) -> str:
        text = self.effect(e, strict=True)
        return text[:1].lower() + text[1:].rstrip(".")

    # -- procedures and effects -----------------------------------------------------------------------------------
    def clause(self, p: Procedure, strict: bool = False) -> str:
        """One procedure as a clause (no capital, no period); kept in Portuguese when it has no English."""
        try:
            if isinstance(p, Unsupported):
                raise Untranslated(p.why)
            macro: Callable[[Procedure], Any] | None = getattr(self.procedures, type(p).__name__, None)
            if macro is None:
                raise Untranslated(f"procedure {type(p).__name__}")
            text = " ".join(str(macro(p)).split())
            prefix = ""
            if p.condition is not None:
                prefix = self._condition_prefix(p.condition)
                if prefix.startswith("option "):          # "Option 2: This scenario causes ..."
                    text = text[:1].upper() + text[1:]
            if p.if_done:
                prefix = "if you do, " + prefix
            elif p.if_not_done:
                prefix = "if you do not, " + prefix
            self._introduce(p)
            return prefix + text
        except Untranslated:
            if strict:
                raise
            self._introduce(p)
            return bracket(p.text)

    def _condition_prefix(self, c: Condition) -> str:
        if c.kind == "option":
            index = int(c.value.split("@")[0]) + 1
            return f"option {index}: "
        return f"if {phrases.condition(c, self.ctx)}, "

    def _introduce(self, p: Procedure) -> None:
        participle = _PARTICIPLES.get(type(p))
        if participle:
            self.ctx.introduce(p, participle)

    def sentences(self, procs: tuple[Procedure, ...], strict: bool = False, lead: str = "") -> str:
        clauses = [self.clause(p, strict) for p in procs]
        if not clauses:
            return ""
        clauses[0] = lead + clauses[0]
        return " ".join(_sentence(c) for c in clauses)

    def effect(self, e: Effect, strict: bool = False) -> str:
        """One effect as its paragraph: its frame (trigger, window, condition, duration) and its procedures."""
        if e.kind is EffectKind.UNSUPPORTED:
            if strict:
                raise Untranslated(e.why)
            return bracket(e.text)
        if e.kind is EffectKind.KEYWORD:
            return phrases.keyword_line(e.keyword, e.keyword_args)
        if not strict:                   # a generated effect keeps the subject of the effect generating it
            self.ctx.event_subject = ""
        try:
            lead = self._frame(e)
        except Untranslated:
            if strict:
                raise
            return bracket(e.text)
        return self.sentences(e.procedures, strict, lead)

    def _frame(self, e: Effect) -> str:
        parts: list[str] = []
        if e.duration not in (Duration.INSTANT, Duration.WHILE_IN_PLACE,
                              Duration.WHILE_SOURCE):
            parts.append(phrases.duration(e.duration, self.ctx).strip())
        if e.trigger is not None:
            word, clause = phrases.event(e.trigger, self.ctx)
            parts.append(f"{word.lower()} {clause}")
        if e.kind is EffectKind.ACTIVATED:
            if e.window:
                whose = {"you": "your", "any": "any", "opponent": "an opponent's"}.get(e.whose_window or "you", "your")
                parts.append(f"during {whose} {phrases.phase(e.window)}")
            if e.zone in ("hand", "resources") and not _names_zone(e.condition):
                parts.append(f"while this {self.ctx.card_noun} is in your {e.zone}")
        if e.limit_per_turn:
            n = e.limit_per_turn
            parts.append("once per turn" if n == 1 else f"{phrases.number(n)} times per turn")
        if e.condition is not None:
            word = "while" if e.kind in (EffectKind.STATIC, EffectKind.DAMAGE_MODIFIER, EffectKind.REPLACEMENT) \
                and e.trigger is None else "if"
            parts.append(f"{word} {phrases.condition(e.condition, self.ctx)}")
        return "".join(f"{p}, " for p in parts)

    def action_text(self, a: ActionDef) -> str:
        """The action's text: its extra costs before ":", then its effect (one mode, or the options)."""
        for e in (*a.keyword_effects, *a.modes):
            self._scan(e.procedures)
        self.ctx.plural_targets = {
            i: phrases.quantity(t.count) + (" different" if t.distinct else "") + " targets"
            for i, t in enumerate(a.targets) if t.count.fixed != 1 or t.count.up_to or t.count.x_times}
        modes = [self.effect(m) for m in a.modes]
        cost = ""
        if a.extra_costs:
            parts = [self.clause(p) for p in a.extra_costs]
            # a cost kept in Portuguese that the effect's own bracket already shows is not shown twice
            parts = [c for c in parts if not (c.startswith("[") and any(c[len(MARK) + 3:-1] in m for m in modes))]
            cost = "; ".join(parts)
            cost = (cost[:1].upper() + cost[1:] + ": ") if cost else ""
        if len(modes) == 1:
            return cost + modes[0]
        if a.all_modes:
            return cost + " Then: ".join(modes)
        options = " Or: ".join(modes)
        return f"{cost}Choose one: {options}"

    def _scan(self, procs: tuple[Procedure, ...]) -> None:
        """Name the slots an effect's procedures introduce before rendering it (a card slot may be read first)."""
        for p in procs:
            self._introduce(p)

    def card_text(self, rarity: str | None) -> str:
        for e in self.card.effects:
            self._scan(e.procedures)
        effects = tuple(e for e in self.card.effects if not e.from_keyword)
        card = self.card if effects == self.card.effects else _with_effects(self.card, effects)
        layout: Callable[[CardDef, str], Any] = getattr(self.cards, "CardDef")  # noqa: B009 - a template macro
        return str(layout(card, rarity or "")).rstrip() + "\n"


def _names_zone(c: Condition | None) -> bool:
    """The condition says where the card is (the activated effect's area need not be said again)."""
    return c is not None and c.subject is not None and any(f.field == "zone" for f in c.subject.filters)


def _with_effects(card: CardDef, effects: tuple[Effect, ...]) -> CardDef:
    from dataclasses import replace

    return replace(card, effects=effects)


def _player_kind() -> Any:
    from cardscript.compiler.ir import Kind

    return Kind.PLAYER


def _sentence(clause: str) -> str:
    clause = clause.strip()
    if not clause:
        return ""
    if not clause.startswith("["):
        clause = clause[:1].upper() + clause[1:]
    if clause.endswith("]"):
        return clause
    return clause.rstrip(".") + "."


def render_definition(card: CardDef, rarity: str | None = None) -> str:
    """The whole card in English, from its definition (see the module docstring)."""
    return _Renderer(card).card_text(rarity)


def render_card(card: CompiledCard) -> str:
    """The whole card in English from a compiled card file (lowered first)."""
    from cardscript.compiler.lower import lower_card

    rarity = card.raw.header.rarity if card.raw is not None else None
    return render_definition(lower_card(card), rarity)


__all__ = ["MARK", "Quantity", "bracket", "render_card", "render_definition"]
