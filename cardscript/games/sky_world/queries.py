"""Reading the state: a character's Poder, the Sky World filters and conditions, protections, Salvaguarda.

Filter fields and condition kinds are the ones :mod:`cardscript.games.sky_world.ir` documents. Poder is the
printed Poder plus the permanent and this-turn changes plus the CONTÍNUA changes of cards in place ("Compare
o Poder final, incluindo os bônus e reduções ativos").
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from cardscript.compiler.ir import Condition, EffectKind, Filter, Kind, Ref, Selector
from cardscript.games.sky_world.ir import (
    AllowAttack,
    ChangePower,
    ConsumptionAsBlock,
    CounterAwaken,
    Protect,
    Restrict,
)
from cardscript.games.sky_world.state import CardId, Character, SkyState


@dataclass
class Context:
    """What a resolving effect knows: its controller, its source, the slots it wrote or its event named."""

    controller: int
    source: CardId | None = None
    slots: dict[str, list[CardId]] = field(default_factory=dict)
    done: bool = True                   # whether the last optional step was done ("Se o fizer")
    host: CardId | None = None          # a Fixe grant's character: what THIS_CHARACTER means there


def _number(value: str | Selector) -> int:
    return int(value) if isinstance(value, str) and value.lstrip("-").isdigit() else 0


def _compare(actual: int, op: str, value: str | Selector) -> bool:
    n = _number(value)
    return {"eq": actual == n, "ne": actual != n, "ge": actual >= n, "le": actual <= n,
            "gt": actual > n, "lt": actual < n}.get(op, False)


def _truth(actual: bool, op: str, value: str | Selector) -> bool:
    wanted = value == "true"
    return actual == wanted if op == "eq" else actual != wanted


def statics(state: SkyState) -> Iterator[tuple[CardId, int, Context, EffectKind, tuple[object, ...]]]:
    """Every STATIC effect in place: of characters on the field, of Heróis, and granted by Fixações (the host is
    their THIS_CHARACTER); (source, controller, context, kind, procedures)."""
    for index, p in enumerate(state.players):
        sources: list[tuple[CardId, CardId | None, tuple[object, ...]]] = []
        for ch in p.characters():
            for e in state.cards[ch.card].effects:
                if e.kind is EffectKind.STATIC and _static_on(state, e.condition, index, ch.card):
                    sources.append((ch.card, ch.card, e.procedures))
        if p.hero is not None:
            for e in state.cards[p.hero].effects:
                if e.kind is EffectKind.STATIC and e.zone == "hero" and _static_on(state, e.condition, index, p.hero):
                    sources.append((p.hero, None, e.procedures))
        for f in p.fixed:
            for grant in f.grants:
                if grant.kind is EffectKind.STATIC:
                    sources.append((f.card, f.host, grant.procedures))
        for source, host, procedures in sources:
            yield source, index, Context(index, source, host=host), EffectKind.STATIC, procedures


def _static_on(state: SkyState, condition: Condition | None, player: int, source: CardId) -> bool:
    return condition is None or holds(state, condition, Context(player, source, host=source), statics_ok=False)


def static_power(state: SkyState, card: CardId) -> int:
    total = 0
    for _source, _player, ctx, _kind, procedures in statics(state):
        for proc in procedures:
            if isinstance(proc, ChangePower) and card in members(state, proc.targets, ctx, statics_ok=False):
                total += proc.amount
    return total


def power(state: SkyState, card: CardId, statics_ok: bool = True) -> int:
    ch = state.character(card)
    base = state.cards[card].power
    if ch is None:
        return base
    return base + ch.permanent_power + ch.temporary_power + (static_power(state, card) if statics_ok else 0)


def protected(state: SkyState, card: CardId, how: str) -> bool:
    """Whether a protection in place keeps ``card`` from being destroyed by ``how`` (combat / execute / zero)."""
    for _source, _player, ctx, _kind, procedures in statics(state):
        for proc in procedures:
            if isinstance(proc, Protect) and (proc.against == how or proc.against == "any") \
                    and card in members(state, proc.targets, ctx, statics_ok=False):
                return True
    return False


def attack_permission(state: SkyState, card: CardId) -> tuple[bool, bool]:
    """(may attack in Preparação, may attack enemies that are not vulnerable), from the permissions in place."""
    in_preparation = any_target = False
    for _source, _player, ctx, _kind, procedures in statics(state):
        for proc in procedures:
            if isinstance(proc, AllowAttack) and card in members(state, proc.targets, ctx, statics_ok=False):
                in_preparation = in_preparation or proc.in_preparation
                any_target = any_target or proc.any_target
    return in_preparation, any_target


def restricted(state: SkyState, card: CardId, act: str) -> bool:
    """Whether ``card`` may not do ``act`` ("attack", "channel") now: a restriction of this turn on it, or one in
    place ("não pode atacar nem canalizar")."""
    ch = state.character(card)
    if ch is not None and act in ch.restricted:
        return True
    return any(isinstance(proc, Restrict) and act in proc.acts
               and card in members(state, proc.targets, ctx, statics_ok=False)
               for _source, _player, ctx, _kind, procedures in statics(state) for proc in procedures)


def can_attack(state: SkyState, card: CardId) -> bool:
    """Its action available, out of Preparação -- or in it with a permission --, and no restriction."""
    ch = state.character(card)
    return ch is not None and not ch.spent and (not ch.preparation or attack_permission(state, card)[0]) \
        and not restricted(state, card, "attack")


def can_channel(state: SkyState, card: CardId) -> bool:
    """Ready (its action available, out of Preparação) and no restriction."""
    ch = state.character(card)
    return ch is not None and ch.ready and not restricted(state, card, "channel")


def block_per_consumed(state: SkyState, player: int) -> int:
    """0, or the Bloquear that replaces each Essência an evolution of ``player``'s would consume."""
    return max((proc.per for _source, controller, _ctx, _kind, procedures in statics(state) for proc in procedures
                if isinstance(proc, ConsumptionAsBlock) and controller == player), default=0)


def countered(state: SkyState, player: int, card: CardId) -> bool:
    """A free despertar of ``card`` by ``player`` is stopped by a rival's Counter in place (Salvaguarda on the
    candidate keeps the enemy Counter from affecting it, "Counter de despertar")."""
    if "Salvaguarda" in state.cards[card].keywords:
        return False
    if any(x.kind == "counter_awaken" and x.against == player for x in state.lasting):     # one from the hand
        return True
    return any(isinstance(proc, CounterAwaken) and controller != player
               for _source, controller, _ctx, _kind, procedures in statics(state) for proc in procedures)


def matches(state: SkyState, card: CardId, f: Filter, ctx: Context, statics_ok: bool = True) -> bool:
    """One Sky World filter on one card (``ir`` module docstring)."""
    definition = state.cards[card]
    ch = state.character(card)
    value = f.value
    if f.field == "controller":
        mine = state.owner[card] == ctx.controller
        return mine == (value == "you") if f.op == "eq" else mine != (value == "you")
    if f.field in ("preparation", "vulnerable", "channeled", "ready"):
        actual = ch is not None and {"preparation": ch.preparation, "vulnerable": ch.vulnerable,
                                     "channeled": ch.channeled, "ready": ch.ready}[f.field]
        return _truth(actual, f.op, value)
    if f.field == "amber":
        return _truth(card in state.players[state.owner[card]].amber, f.op, value)
    if f.field == "stage":
        return _compare(definition.stage, f.op, value)
    if f.field == "power":
        return _compare(power(state, card, statics_ok), f.op, value)
    if f.field == "faith":
        return _compare(definition.faith, f.op, value)
    text = {"insignia": definition.insignia, "name": definition.name, "card_type": definition.card_type}.get(f.field)
    if text is None:
        raise ValueError(f"Sky World has no filter field {f.field!r}")
    return (text == value) if f.op == "eq" else (text != value)


def zone_cards(state: SkyState, selector: Selector, ctx: Context) -> list[CardId]:
    """The cards a selector ranges over, before its filters."""
    owner = ctx.controller if selector.zone_owner in (None, Ref.YOU) else state.opponent(ctx.controller)
    p = state.players[owner]
    if selector.kind is Kind.CHARACTER or selector.zone in ("", "field"):
        return [c.card for q in state.players for c in q.characters()]
    zones = {"hand": p.hand, "bank": p.bank, "deck": p.deck, "deck_top": p.deck[:selector.count.fixed],
             "trail": p.trail}
    if selector.zone not in zones:
        raise ValueError(f"Sky World has no zone {selector.zone!r} to choose from")
    return list(zones[selector.zone])


def members(state: SkyState, selector: Selector, ctx: Context, statics_ok: bool = True) -> list[CardId]:
    """What a selector stands for without a choice: its reference, its slot, or every candidate (``every`` and
    static effects); for a selector that chooses, its candidates."""
    if selector.ref is Ref.THIS_CHARACTER:
        card = ctx.host if ctx.host is not None else ctx.source
        return [card] if card is not None and state.character(card) is not None else []
    if selector.ref is Ref.THIS_CARD:
        return [ctx.source] if ctx.source is not None else []
    if selector.ref is Ref.SLOT:
        return [c for c in ctx.slots.get(selector.slot, [])]
    found = [c for c in zone_cards(state, selector, ctx)
             if all(matches(state, c, f, ctx, statics_ok) for f in selector.filters)]
    if selector.excluding is not None:
        out = set(members(state, selector.excluding, ctx, statics_ok))
        found = [c for c in found if c not in out]
    return found


def evolutions(state: SkyState, player: int) -> int:
    """'Conte as cartas II e III que estão no campo': one per evolved card, a III is one."""
    return sum(1 for c in state.players[player].characters() if state.cards[c.card].stage >= 2)


def _stages(state: SkyState, player: int) -> set[int]:
    return {state.cards[c.card].stage for c in state.players[player].characters()}


def holds(state: SkyState, condition: Condition, ctx: Context, statics_ok: bool = True) -> bool:
    """A condition of the pack (``ir.CONDITIONS``) for the context's controller."""
    me = state.players[ctx.controller]
    rival = state.players[state.opponent(ctx.controller)]
    kind = condition.kind
    if kind == "all":
        result = all(holds(state, c, ctx, statics_ok) for c in condition.all_of)
    elif kind == "any":
        result = any(holds(state, c, ctx, statics_ok) for c in condition.any_of)
    elif kind == "reserve":
        result = me.essences >= _number(condition.value)
    elif kind == "apogee":
        result = 3 in _stages(state, ctx.controller)
    elif kind == "formation":
        result = {1, 2, 3} <= _stages(state, ctx.controller)
    elif kind == "less_faith":
        result = me.faith < rival.faith
    elif kind == "more_essences":
        result = me.essences > rival.essences
    elif kind == "free_slot":
        result = bool(me.free_slots())
    elif kind == "evolutions":
        result = evolutions(state, ctx.controller) >= _number(condition.value)
    elif kind in ("is", "exists"):
        assert condition.subject is not None, f"a {kind!r} condition needs a subject"
        things = members(state, condition.subject, ctx, statics_ok)
        if kind == "exists":
            result = len(things) >= max(1, _number(condition.value))
        else:
            result = bool(things)
    else:
        raise ValueError(f"Sky World has no condition {kind!r}")
    return result != condition.negated


def has_keyword(state: SkyState, card: CardId, keyword: str) -> bool:
    return keyword in state.cards[card].keywords


def safeguarded(state: SkyState, card: CardId, chooser: int) -> bool:
    """Salvaguarda: an enemy ability may not choose it as a target (allied abilities may)."""
    return has_keyword(state, card, "Salvaguarda") and state.owner[card] != chooser


def character(state: SkyState, card: CardId) -> Character:
    ch = state.character(card)
    assert ch is not None, f"card {card} is not on the field"
    return ch
