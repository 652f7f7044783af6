"""Executing effect objects: one :class:`~cardscript.compiler.ir.Procedure` at a time (rules 9.1.1).

:func:`run` executes one procedure with the :class:`~cardscript.runtime.game.Game` primitives (it never
edits the state's lists itself), asks agents for every choice through ``game.decide`` (principle 8) and
logs through ``game.emit``. The Effects Tree calls it once per pause point.

:class:`EffectContext` is what the procedures of one effect share: who controls it, its card, the
character using the action, the chosen targets, X, what earlier procedures introduced ("aquele card",
"o personagem escolhido"), whether the last "você pode" was done.

Continuous effects (5.3 damage modifiers, 5.4 statics: GAIN / SET_SHIELD while in place, RESTRICT, ALLOW,
EXTRA_DRAW, CHANGE_ACTION, LOSE) do nothing when "run"; they are read, while their card works in the scene,
by the queries here: :func:`shield`, :func:`powers`, :func:`can_be_targeted`, :func:`can_use_action`,
:func:`actions_allowed`, :func:`action_types`, :func:`extra_draws`, and by :func:`deal_damage`, which runs the
damage pipeline (:mod:`cardscript.runtime.damage`, 4.8.3 A-F) with :func:`damage_modifiers` and
:func:`damage_redirects`; shields are records of events (:mod:`cardscript.runtime.shields`, 4.8.6) kept in
``InScene.shields``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from cardscript.compiler.ir import (
    ActionDef,
    Condition,
    Count,
    Duration,
    Effect,
    EffectKind,
    Filter,
    Kind,
    Op,
    Procedure,
    Quantity,
    Ref,
    Selector,
)
from cardscript.compiler.vocabulary import fold_key
from cardscript.runtime import characteristics, continuous, damage, rules, shields, trace
from cardscript.runtime.agents import Decision
from cardscript.runtime.game import Game
from cardscript.runtime.state import ActiveEffect, CardId, Zone

__all__ = [
    "EffectContext", "Player", "Thing", "action_cost", "action_types", "actions_allowed", "active_effects",
    "can_be_targeted", "can_use_action", "check_condition", "damage_modifiers", "damage_redirects", "damage_source",
    "deal_damage", "extra_cost_payable", "extra_draws", "matches", "must_be_targeted", "note_targeting", "party",
    "powers", "quantity", "resolve", "run", "shield",
]


@dataclass(frozen=True)
class Player:
    """A player as a thing a selector can stand for ("você", "o controlador daquele personagem")."""

    index: int


Thing = CardId | Player


@dataclass
class EffectContext:
    """What the procedures of one effect share while it resolves."""

    controller: int
    source: CardId | None = None                 # the card whose text this is (the action's card)
    user: CardId | None = None                   # the character using the action / carrying the card
    targets: list[list[Thing]] = field(default_factory=list)   # per ActionDef.targets entry (4.6.2 F)
    x: int | None = None                         # X when chosen (cost {X}, extra cost); else counted
    introduced: dict[int, list[Thing]] = field(default_factory=dict)   # THAT / CHOSEN, by Procedure.introduces
    last_optional_done: bool = True              # "Se o fizer" (principle 8)
    trigger_subject: CardId | None = None        # the card that made a trigger fire
    action_name: str = ""
    action_power: str | None = None              # the power of the action this effect belongs to
    from_action: bool = False                    # the effect is an action's (damage from an action, 4.8.3)
    event_amount: int | None = None              # "aquele mesmo número": the replaced/triggering event's number
    action_use: int = -1                         # which use of an action this is (Predador: once per action)
    memory: dict[str, Any] = field(default_factory=dict)   # a generated effect's own record (Potencializar: the
    #                                              action use it is bound to, the targets it already increased)


# ---------------------------------------------------------------------------------------------
# continuous effects in the state (5.7 A.2, B): see cardscript.runtime.continuous


def end_of_turn(game: Game) -> None:
    """6.2 Final do Turno: the turn loop's hook; "até o final do turno" effects expire (5.7 A.2.1); every
    shield is restored to its original value plus the bonuses that still apply (4.8.1.1 ATENÇÃO, 4.8.6)."""
    continuous.end_of_turn(game)
    _shields_end_of_turn(game)


def _state_effects(game: Game, what: str, card: CardId) -> Iterator[ActiveEffect]:
    for e in game.state.effects:
        if e.what == what and card in e.subjects and continuous.live(game, e):
            yield e


# ---------------------------------------------------------------------------------------------
# card attributes


def _tuple(value: object) -> tuple[object, ...]:
    return tuple(value) if isinstance(value, tuple | list) else ()


def _card(game: Game, card: CardId) -> Any:
    return game.cards.get(card)


def _attr(game: Game, card: CardId, name: str) -> Any:
    return getattr(_card(game, card), name, None)


_KIND_TYPES = {Kind.CHARACTER: ("Personagem", "Personagem-EV"), Kind.SUPPORT: ("Suporte",),
               Kind.SCENARIO: ("Cenário",), Kind.ABILITY: ("Habilidade",)}


def controller_of(game: Game, card: CardId) -> int:
    base = game.state.scene.get(card)
    if base is not None:
        return base.controller
    try:
        zone, host = game.state.location(card)
    except KeyError:
        return game.state.owner.get(card, 0)
    if zone is Zone.CARRIED and host is not None:
        return game.state.scene[host].controller
    return game.state.owner[card]


def _host(game: Game, card: CardId) -> CardId | None:
    """The character/support carrying ``card`` (None when it is not carried)."""
    for base in game.state.scene.values():
        if card in base.carried:
            return base.card
    return None


def _working(game: Game, card: CardId) -> tuple[bool, int | None]:
    """Is the card's permanent text working in the scene (4.4.2.3)? Returns (working, controller)."""
    from cardscript.runtime.triggers import functional_in_scene

    return functional_in_scene(game, card)


def static_context(game: Game, card: CardId, controller: int) -> EffectContext:
    """The context a card's permanent text works with: its controller, the character it is (or is carried
    by), and what its text chose ("o personagem escolhido", kept in ``GameState.chosen``)."""
    user = card if card in game.state.scene else _host(game, card)
    ctx = EffectContext(controller, source=card, user=user)
    chosen = game.state.chosen.get(card)
    if chosen is not None:
        ctx.introduced[0] = list(chosen)
    return ctx


@contextmanager
def reading(game: Game) -> Iterator[None]:
    """A stretch in which the state is only read (listing the legal plays): the continuous effects working are
    computed once per kind of effect inside it, not once per question."""
    if "active_effects" in game.memo:
        yield
        return
    game.memo["active_effects"] = {}
    try:
        yield
    finally:
        del game.memo["active_effects"]


def active_effects(game: Game, kinds: Sequence[EffectKind] = (EffectKind.STATIC, EffectKind.DAMAGE_MODIFIER)
                   ) -> Iterator[tuple[CardId, Effect, EffectContext]]:
    """The continuous effects working now (5.3, 5.4): their card works in the scene and their condition holds.

    Computed on demand from the cards where they are (never stored): a static starts and stops working the
    moment its card, its condition or a 5.8 text loss changes ("atualizados a cada modificação", 5.4). Inside
    :func:`reading` they are computed once per kind."""
    cache = game.memo.get("active_effects")
    if cache is None:
        yield from _active_effects(game, kinds)
        return
    key = tuple(kinds)
    if key not in cache:
        cache[key] = list(_active_effects(game, kinds))
    yield from cache[key]


def _active_effects(game: Game, kinds: Sequence[EffectKind]) -> Iterator[tuple[CardId, Effect, EffectContext]]:
    state = game.state
    cards = state.in_place()
    for card in cards:
        effects = getattr(_card(game, card), "effects", ())
        if not any(e.kind in kinds for e in effects):
            continue
        working, controller = _working(game, card)
        if not working or controller is None:
            continue
        ctx = static_context(game, card, controller)
        for e in effects:
            if e.kind in kinds and (e.condition is None or check_condition(game, ctx, e.condition)):
                yield card, e, ctx
    for made in list(state.effects):           # effects generated by resolved effects (5.7 B), with a duration
        effect = made.effect
        if isinstance(effect, Effect) and effect.kind in kinds and made.what == str(effect.kind) \
                and continuous.live(game, made) and isinstance(made.context, EffectContext):
            yield (made.source if made.source is not None else -1), effect, made.context


# ---------------------------------------------------------------------------------------------
# selectors


def _base_of(game: Game, ctx: EffectContext) -> CardId | None:
    """"este personagem": the base card itself, or the character carrying this card (or using the action)."""
    src = ctx.source
    if src is not None and src in game.state.scene:
        return src
    if src is not None:
        host = _host(game, src)
        if host is not None:
            return host
    return ctx.user


_GATHERING_POWERS = 0


def _powers_static(game: Game, card: CardId, depth: int) -> set[str]:
    """Printed powers, plus gained ones (statics; until-end-of-turn state effects), minus lost ones: golden
    rule 8 B.2, losing an attribute beats gaining it, whatever the order of the effects."""
    have = {str(p) for p in (_attr(game, card, "powers") or ())}
    base = game.state.scene.get(card)
    if base is not None:                   # 4.4.2.3 A.1.2a/b: a carried version of this character lends its powers
        from cardscript.runtime.triggers import lends_text

        for c in base.carried:
            if str(_attr(game, c, "card_type") or "").startswith("Personagem") and lends_text(game, c, card):
                have |= {str(p) for p in (_attr(game, c, "powers") or ())}
    lost: set[str] = set()
    lost_all = False
    for e in _state_effects(game, "gain", card):
        have |= {str(x) for x in e.data.get("powers", ())}
    for e in _state_effects(game, "lose", card):
        if e.data.get("powers") == "all":
            lost_all = True
        else:
            lost |= {str(x) for x in e.data.get("powers", ())}
    if depth > 0:
        return set() if lost_all else have - lost
    global _GATHERING_POWERS
    _GATHERING_POWERS += 1
    try:
        statics = list(active_effects(game, (EffectKind.STATIC,)))
    finally:
        _GATHERING_POWERS -= 1
    for _, effect, sctx in statics:
        for p in effect.procedures:
            if p.op is Op.GAIN and p.arg("powers"):
                sel = p.arg("targets")
                if isinstance(sel, Selector) and _selected(game, sctx, sel, card, depth + 1):
                    have |= {str(x) for x in _tuple(p.arg("powers"))}
            elif p.op is Op.LOSE:
                sel = p.arg("targets")
                if isinstance(sel, Selector) and _selected(game, sctx, sel, card, depth + 1):
                    which = p.arg("powers")
                    if which == "all":
                        lost_all = True
                    else:
                        lost |= {str(x) for x in _tuple(which)}
    return set() if lost_all else have - lost


def powers(game: Game, card: CardId) -> tuple[str, ...]:
    """A character's powers now: printed, gained (statics, until end of turn), unless an effect removed them."""
    return tuple(sorted(_powers_static(game, card, 0)))


def matches(game: Game, ctx: EffectContext, card: CardId, sel: Selector, depth: int = 0) -> bool:
    """Does ``card`` have the selector's kind and pass its filters?"""
    kinds = (sel.kind, *sel.also)
    if not any(k in (Kind.CARD,) for k in kinds):
        ctype = str(_attr(game, card, "card_type") or "")
        if not any(ctype in _KIND_TYPES.get(k, ()) for k in kinds):
            return False
    return all(_filter(game, ctx, card, f, depth) for f in sel.filters)


def _filter(game: Game, ctx: EffectContext, card: CardId, flt: Filter, depth: int) -> bool:
    value = fold_key(flt.value)
    name = flt.field
    if name == "controller":
        who = controller_of(game, card)
        ok = who == (ctx.controller if value in ("you", "voce", "this") else 1 - ctx.controller)
    elif name == "other":
        ok = card != _base_of(game, ctx) and card != ctx.source
        return ok
    elif name == "power":
        have = {fold_key(p) for p in _powers_static(game, card, depth + 1)}
        if str(_attr(game, card, "card_type")) == "Habilidade":
            have.add(fold_key(str(_attr(game, card, "power") or "")))
        ok = value in have
    elif name == "keyword":
        ok = has_keyword(game, card, flt.value)                    # "com Predador" (5.6; lost under 5.8)
    elif name == "identity":                                       # "com o alter ego deste personagem": the
        base = _base_of(game, ctx)                                 # alter ego, or the name if none (4.4.2.1 A.4)
        ok = base is not None and card != base and _identity(game, card) == _identity(game, base)
    elif name == "this_turn":                                      # "que não tenha sido potencializado neste
        ok = (flt.value, card) in game.state.this_turn.marked     # turno": marked by an effect this turn
    elif name == "since_turn_start":                               # "desde o início do turno": in the scene
        base_in = game.state.scene.get(card)                       # since before this turn (4.6.2 C.1)
        ok = base_in is not None and base_in.entered_turn < game.state.turn
    elif name == "name_or_alter_ego":                              # "com o nome ou o alter ego de um personagem
        ok = _shares_name_or_alter_ego(game, ctx, card)            # que um oponente controla" (Metamorfo)
    elif flt.op == "chosen":           # "com a afiliação escolhida" (Soprano V1): the one its card's text chose
        picked = characteristics.chosen_trait(game, ctx.source, name)
        ok = picked is not None and characteristics.has_trait(game, card, name, picked, depth)
    elif name == "shares" or flt.op == "shares":
        base = _base_of(game, ctx)
        mine = {fold_key(a) for a in characteristics.traits(game, base, "affiliations", depth)} if base is not None \
            else set()
        ok = bool(mine & {fold_key(a) for a in characteristics.traits(game, card, "affiliations", depth)})
    elif name in ("affiliation", "alignment"):  # printed, lent, gained, lost (characteristics.py; 8 B.2)
        wanted = str(flt.value).split("/") if flt.op == "has_any" else [flt.value]   # "X ou Y"
        ok = any(characteristics.has_trait(game, card, name, v, depth) for v in wanted)
    else:
        attr = {"affiliation": "affiliations", "alignment": "alignments"}.get(name, name)
        raw = _attr(game, card, attr)
        have = {fold_key(str(v)) for v in raw} if isinstance(raw, tuple | list) else (
            {fold_key(str(raw))} if raw is not None else set())
        ok = value in have
    return not ok if flt.op in ("ne", "lacks") else ok


def _shares_name_or_alter_ego(game: Game, ctx: EffectContext, card: CardId) -> bool:
    """The card has the name, or the alter ego, of a character an opponent of the effect's controller controls."""
    name, ego = fold_key(str(_attr(game, card, "name") or "")), fold_key(str(_attr(game, card, "alter_ego") or ""))
    for base in game.state.scene.values():
        if base.controller == ctx.controller or not str(_attr(game, base.card, "card_type") or "").startswith(
                "Personagem"):
            continue
        if name and name == fold_key(str(_attr(game, base.card, "name") or "")):
            return True
        if ego and ego == fold_key(str(_attr(game, base.card, "alter_ego") or "")):
            return True
    return False


def _selected(game: Game, ctx: EffectContext, sel: Selector, card: CardId, depth: int = 0) -> bool:
    """Does the (continuous effect's) selector stand for ``card``?"""
    if sel.ref is not None:
        return card in resolve(game, ctx, sel)
    if card not in game.state.scene:
        return False
    return matches(game, ctx, card, sel, depth)


def candidates(game: Game, ctx: EffectContext, sel: Selector) -> list[CardId]:
    """Every card a selector with no reference could pick (in the scene, or in its zone)."""
    state = game.state
    if sel.zone and sel.zone not in ("scene", "carried"):
        owner = ctx.controller if sel.zone_owner in (None, Ref.YOU) else 1 - ctx.controller
        p = state.players[owner]
        pool = {"deck": p.deck, "hand": p.hand, "resources": p.resources, "prizes": p.prizes}.get(sel.zone, [])
        if sel.zone == "deck_top":                  # "os N cards do topo de seu deck", top first
            pool = p.deck[:quantity(game, ctx, sel.count)]
        return [c for c in pool if matches(game, ctx, c, sel)]
    if sel.zone == "carried":
        bases = [b for b in resolve(game, ctx, sel.of) if isinstance(b, int)] if sel.of else list(state.scene)
        return [c for b in bases if b in state.scene for c in state.scene[b].carried if matches(game, ctx, c, sel)]
    pool = list(state.scene)
    if state.scenario is not None and Kind.SCENARIO in (sel.kind, *sel.also):
        pool.append(state.scenario)
    return [c for c in pool if matches(game, ctx, c, sel)]


def resolve(game: Game, ctx: EffectContext, sel: Selector | None) -> list[Thing]:
    """What a selector stands for now. A selector with no reference and no ``every`` gives its candidates
    (a procedure then has its controller choose ``count`` of them, see :func:`_choose`)."""
    if sel is None:
        return []
    ref = sel.ref
    if ref is Ref.YOU:
        return [Player(ctx.controller)]
    if ref is Ref.OPPONENT:
        return [Player(1 - ctx.controller)]
    if ref is Ref.EVERY_PLAYER:
        return [Player(0), Player(1)]
    if ref in (Ref.CONTROLLER, Ref.OWNER):
        out: list[Thing] = []
        for t in resolve(game, ctx, sel.of) if sel.of is not None else []:
            if isinstance(t, int):
                who = controller_of(game, t) if ref is Ref.CONTROLLER else game.state.owner[t]
                if Player(who) not in out:
                    out.append(Player(who))
        return out or [Player(ctx.controller)]
    if ref in (Ref.THIS_CARD, Ref.THIS_ACTION):
        return [ctx.source] if ctx.source is not None else []
    if ref is Ref.THIS_CHARACTER:
        base = _base_of(game, ctx)
        return [base] if base is not None else []
    if ref is Ref.ACTION_USER:
        return [ctx.user] if ctx.user is not None else []
    if ref is Ref.TARGET:
        if not ctx.targets:
            return []
        if sel.index < len(ctx.targets):
            return list(ctx.targets[sel.index])
        return [t for ts in ctx.targets for t in ts]
    if ref in (Ref.THAT, Ref.CHOSEN):
        return list(ctx.introduced.get(sel.index, []))
    if ref is Ref.TRIGGER_SUBJECT:
        return [ctx.trigger_subject] if ctx.trigger_subject is not None else []
    if sel.kind is Kind.PLAYER:
        return [Player(0), Player(1)]
    return list(candidates(game, ctx, sel))


def quantity(game: Game, ctx: EffectContext, q: Quantity | None) -> int:
    """A number: fixed + x_times * X; X as chosen, else as counted by its definition."""
    if q is None:
        return 0
    if not q.x_times:
        return q.fixed
    if q.x is not None and q.x.event == "amount":
        return q.fixed + q.x_times * (ctx.event_amount or 0)
    x = ctx.x if ctx.x is not None else count(game, ctx, q.x)
    return q.fixed + q.x_times * x


def count(game: Game, ctx: EffectContext, c: Count | None) -> int:
    """``X é igual ao número de ...``."""
    if c is None or c.what is None:
        return 0
    n = len(resolve(game, ctx, c.what)) * c.multiplier
    return -(-n // c.divisor) if c.round_up else n // c.divisor


def check_condition(game: Game, ctx: EffectContext, cond: Condition) -> bool:
    ok = _condition(game, ctx, cond)
    return not ok if cond.negated else ok


def _condition(game: Game, ctx: EffectContext, cond: Condition) -> bool:
    if cond.all_of:
        return all(check_condition(game, ctx, c) for c in cond.all_of)
    if cond.any_of:
        return any(check_condition(game, ctx, c) for c in cond.any_of)
    sel = cond.subject
    if cond.kind == "controls" and sel is not None:
        mine = [c for c in candidates(game, ctx, sel) if controller_of(game, c) == ctx.controller]
        return len(mine) >= max(1, int(cond.value or 1))
    things = [t for t in resolve(game, ctx, sel) if isinstance(t, int)] if sel is not None else []
    if cond.kind == "is" and sel is not None:
        bare = Selector(kind=Kind.CARD, filters=sel.filters)
        return bool(things) and all(matches(game, ctx, t, bare) for t in things)
    if cond.kind == "has_power":
        # a static granting powers under a power condition (Armadura de Combate I.M.A.) must not ask itself:
        # while the statics' powers are being gathered, the condition reads the powers without statics
        depth = 1 if _GATHERING_POWERS else 0
        return bool(things) and all(cond.value in _powers_static(game, t, depth) for t in things)
    if cond.kind == "energy":
        op, _, num = cond.value.partition(":")
        want = int(num)
        energies = [game.state.scene[t].energy for t in things if t in game.state.scene]
        if op == "ge":
            return bool(energies) and all(e >= want for e in energies)
        if op == "le":
            return bool(energies) and all(e <= want for e in energies)
        return bool(energies) and all(e == want for e in energies)
    if cond.kind == "in_zone":             # "se este card estiver em sua mão" (Ataque-Surpresa)
        return bool(things) and all(str(game.state.location(t)[0]) == cond.value
                                    and game.state.owner[t] == ctx.controller for t in things)
    if cond.kind == "damaged_this_turn":
        return bool(things) and all(game.state.scene[t].damage_taken_this_turn > 0 for t in things
                                    if t in game.state.scene)
    raise ValueError(f"condition kind '{cond.kind}' is not implemented")


# ---------------------------------------------------------------------------------------------
# decisions


def _names(game: Game, things: Sequence[Thing]) -> tuple[str, ...]:
    return tuple(f"player {t.index}" if isinstance(t, Player) else game.name(t) for t in things)


def _choose(game: Game, ctx: EffectContext, options: Sequence[Thing], n: int, kind: str, prompt: str,
            player: int | None = None, minimum: int | None = None) -> list[Thing]:
    """The player picks ``n`` of ``options`` (all of them, without asking, when there is no choice)."""
    n = min(n, len(options))
    low = n if minimum is None else min(minimum, n)
    if n == 0 and low == 0 and not options:
        return []
    if low == len(options) == n:
        return list(options)
    answer = game.decide(Decision(ctx.controller if player is None else player, kind, prompt, _names(game, options),
                                  minimum=low, maximum=n))
    return [options[i] for i in answer]


def _select(game: Game, ctx: EffectContext, sel: Selector, kind: str, prompt: str) -> list[Thing]:
    """A selector's things, the controller choosing ``count`` of them when the selector leaves a choice."""
    things = resolve(game, ctx, sel)
    if sel.ref is not None or sel.every:
        return things
    n = quantity(game, ctx, sel.count)
    return _choose(game, ctx, things, n, kind, prompt, minimum=0 if sel.count.up_to else None)


def _ask_yes_no(game: Game, player: int, prompt: str) -> bool:
    answer = game.decide(Decision(player, "optional", prompt, ("yes", "no")))
    return answer == (0,)


# ---------------------------------------------------------------------------------------------
# damage (4.8)


def shield(game: Game, card: CardId) -> int:
    """The shield now (4.8.6): the card's shield record (this turn's gains, set-to-value effects, penalties,
    damage absorbed) with the statics working now (bonuses, set-to-value while in place) brought up to date,
    replayed by :func:`shields.shield_value`; never below 0 (4.7 ATENÇÃO). Reading never changes the state."""
    if card not in game.state.scene:
        return max(0, int(_attr(game, card, "shield") or 0))
    return max(0, shields.shield_value(_shield_record(game, card, store=False)) - _static_penalty(game, card))


def _static_penalty(game: Game, card: CardId) -> int:
    """4.8.6 C for statics: "Escudo -N" from a permanent text working now lowers the shield while its card and
    condition hold. Being continuous, it applies to the shield as it stands at each moment (base first then bonus
    gives the same total), and it ends when its card leaves or its text stops working."""
    return sum(-value for _, what, value, _, sel, sctx in _shield_statics(game)
               if what == "bonus" and value < 0 and _selected(game, sctx, sel, card))


def _title(game: Game, card: CardId) -> str:
    """A card's printed title ("Blob V1") for traces and shield event ids."""
    return str(_attr(game, card, "title") or game.name(card))


def _nominal_shield(game: Game, card: CardId) -> int:
    return max(0, int(_attr(game, card, "shield") or 0))


_ShieldStatic = tuple[tuple[int, int, int], str, int, str, Selector, EffectContext]


def _shield_statics(game: Game) -> list[_ShieldStatic]:
    """The statics working now that give shields: ((source card, effect index, procedure index), ``bonus`` /
    ``set``, value, source name, the selector of what gets it, the static's context)."""
    out: list[_ShieldStatic] = []
    for src, effect, sctx in active_effects(game, (EffectKind.STATIC,)):
        if src < 0:
            continue                       # generated statics have no card to key them by (not produced today)
        procs = [(pi, p) for pi, p in enumerate(effect.procedures) if isinstance(p.arg("targets"), Selector)
                 and (p.op is Op.SET_SHIELD or (p.op is Op.GAIN and p.arg("shield") is not None))]
        if not procs:
            continue
        effects = tuple(getattr(_card(game, src), "effects", ()))
        ei = effects.index(effect) if effect in effects else -1
        for pi, p in procs:
            sel = p.arg("targets")
            assert isinstance(sel, Selector)
            if p.op is Op.SET_SHIELD:
                out.append(((src, ei, pi), "set", int(str(p.arg("value", 0))), _title(game, src), sel, sctx))
            else:
                out.append(((src, ei, pi), "bonus", int(str(p.arg("shield"))), _title(game, src), sel, sctx))
    return out


def _static_shield_effects(game: Game, card: CardId, statics: list[_ShieldStatic] | None = None
                           ) -> dict[tuple[int, int, int], tuple[str, int, str]]:
    """The statics giving ``card`` a shield now: (source card, effect index, procedure index) -> (``bonus`` /
    ``set``, value, source name). ``statics``: :func:`_shield_statics`, when the caller asks for many cards."""
    found = _shield_statics(game) if statics is None else statics
    return {key: (what, value, name) for key, what, value, name, sel, sctx in found
            if _selected(game, sctx, sel, card)}


def _static_key(effect_id: str) -> tuple[int, int, int] | None:
    """``"Mansão dos Vingadores#s12.1.0"`` (or ``...#s12.1.0/2``, loaded again) -> (12, 1, 0)."""
    _, sep, tail = effect_id.rpartition("#s")
    if not sep:
        return None
    parts = tail.split("/")[0].split(".")
    try:
        src, ei, pi = (int(x) for x in parts)
    except ValueError:
        return None
    return src, ei, pi


def _in_place(game: Game, card: CardId) -> bool:
    return card in game.state.scene or card == game.state.scenario or _host(game, card) is not None


def _static_sync(game: Game, card: CardId, record: shields.ShieldRecord,
                 statics: list[_ShieldStatic] | None = None) -> list[shields.ShieldEvent]:
    """4.8.6 with statics ("atualizados a cada modificação"): the events that bring ``record`` up to date with
    the statics working now. New -> ``bonus`` / ``set_base`` (while); gone while its card is still in place
    (condition false, text suppressed) -> ``suspend`` (a set-value effect simply ends); back -> ``resume``;
    its card gone -> ``end_bonus`` / ``end_set_base``; a card loaded again is a new effect (a new id)."""
    now = _static_shield_effects(game, card, statics)
    live_bonus: dict[tuple[int, int, int], tuple[str, str, int]] = {}    # key -> (id, on/suspended, value)
    live_set: dict[tuple[int, int, int], tuple[str, int]] = {}
    seen: dict[tuple[int, int, int], int] = {}
    kinds = shields.ShieldEventKind
    for e in record.events:
        key = _static_key(e.effect)
        if key is None or e.duration is not shields.ShieldDuration.WHILE and e.kind in (kinds.BONUS, kinds.SET_BASE):
            continue
        if e.kind is kinds.BONUS:
            seen[key] = seen.get(key, 0) + 1
            live_bonus[key] = (e.effect, "on", e.amount)
        elif e.kind is kinds.SET_BASE:
            seen[key] = seen.get(key, 0) + 1
            live_set[key] = (e.effect, e.amount)
        elif e.kind is kinds.END_SET_BASE:
            live_set.pop(key, None)
        elif key in live_bonus:
            eid, _, value = live_bonus[key]
            if e.kind is kinds.BONUS_SUSPEND:
                live_bonus[key] = (eid, "suspended", value)
            elif e.kind is kinds.BONUS_RESUME:
                live_bonus[key] = (eid, "on", value)
            elif e.kind is kinds.BONUS_CHANGE:
                live_bonus[key] = (eid, live_bonus[key][1], e.amount)
            elif e.kind is kinds.BONUS_END:
                live_bonus.pop(key)
    out: list[shields.ShieldEvent] = []
    ended_sets: set[tuple[int, int, int]] = set()
    for key, (eid, value) in live_set.items():
        cur = now.get(key)
        if cur is None or cur[0] != "set" or cur[1] != value:
            out.append(shields.ShieldEvent.end_set_base(eid))
            ended_sets.add(key)
    for key, (eid, status, value) in live_bonus.items():
        cur = now.get(key)
        if cur is not None and cur[0] == "bonus" and cur[1] > 0:
            if status == "suspended":
                out.append(shields.ShieldEvent.resume(eid))
            if cur[1] != value:
                out.append(shields.ShieldEvent.change(eid, cur[1]))
        elif _in_place(game, key[0]):
            if status == "on":
                out.append(shields.ShieldEvent.suspend(eid))
        else:
            out.append(shields.ShieldEvent.end_bonus(eid))

    def new_id(key: tuple[int, int, int], name: str) -> str:
        seen[key] = seen.get(key, 0) + 1
        gen = seen[key]
        return f"{name}#s{key[0]}.{key[1]}.{key[2]}" + (f"/{gen}" if gen > 1 else "")

    for key, (what, value, name) in sorted(now.items()):       # set-value effects first, then bonuses (4.8.6)
        if what == "set" and (key not in live_set or key in ended_sets):
            out.append(shields.ShieldEvent.set_base(new_id(key, name), max(0, value), shields.ShieldDuration.WHILE))
    for key, (what, value, name) in sorted(now.items()):
        if what == "bonus" and key not in live_bonus and value > 0:
            out.append(shields.ShieldEvent.bonus(new_id(key, name), value, shields.ShieldDuration.WHILE))
    return out


_SHIELD_MOMENTS = frozenset({"load", "unload", "enter_scene", "leave_scene", "destroyed", "knocked_out", "chosen"})


@dataclass(frozen=True)
class _ShieldWatch:
    """4.8.6: a static bonus stops / resumes / is a new effect at the moment its card or its condition changes
    (Armadura de Combate I.M.A. losing {GE} when Homem-Aranha V3 is unloaded, then regaining it): after each
    event that can change the statics working (a card loaded, unloaded, entering or leaving, a choice made), the
    shield records of the scene store the static changes, so a stop and a return are two events, not none."""

    game: Game

    def __call__(self, event: Any) -> None:
        if event.kind not in _SHIELD_MOMENTS:
            return
        statics = _shield_statics(self.game)
        for card in list(self.game.state.scene):
            base = self.game.state.scene[card]
            record = base.shields if base.shields is not None else shields.ShieldRecord(_nominal_shield(self.game,
                                                                                                        card))
            if not statics and not record.events:
                continue                   # no static gives a shield now, and none did: nothing to bring up to date
            changes = _static_sync(self.game, card, record, statics)
            if changes:
                _store_shield(self.game, card, record.add(*changes))


def _watch_shields(game: Game) -> None:
    if not any(isinstance(w, _ShieldWatch) for w in game.listeners):
        game.listeners.append(_ShieldWatch(game))


def _shield_record(game: Game, card: CardId, store: bool) -> shields.ShieldRecord:
    """The card's shield record with the statics brought up to date; ``store``: keep it in the state (before
    a new event is recorded, so events stay in the order they happened)."""
    _watch_shields(game)
    base = game.state.scene[card]
    record = base.shields if base.shields is not None else shields.ShieldRecord(_nominal_shield(game, card))
    record = record.add(*_static_sync(game, card, record))
    if store:
        _store_shield(game, card, record)
    return record


def _store_shield(game: Game, card: CardId, record: shields.ShieldRecord) -> None:
    base = game.state.scene[card]
    base.shields = record
    base.shield_bonus = shields.shield_value(record) - record.nominal     # the turn loop's quick facts read it


def _shield_event(game: Game, card: CardId, event: shields.ShieldEvent) -> None:
    """Record a shield event of a resolved effect or of damage (4.8.6)."""
    _store_shield(game, card, _shield_record(game, card, store=True).add(event))


def _effect_id(game: Game, ctx: EffectContext) -> str:
    uid = game.state.next_effect_uid
    game.state.next_effect_uid += 1
    name = ctx.action_name or (_title(game, ctx.source) if ctx.source is not None else "effect")
    return f"{name}#{uid}"


def _shields_end_of_turn(game: Game) -> None:
    """4.8.1.1 ATENÇÃO: every shield back to its original value plus the bonuses that still apply."""
    for card in list(game.state.scene):
        record = _shield_record(game, card, store=False)
        _store_shield(game, card, shields.end_of_turn(record))


# -- 4.8.5: who causes the damage


def party(game: Game, card: CardId) -> damage.Party:
    """A character or support as the damage pipeline sees it."""
    kind = "support" if str(_attr(game, card, "card_type") or "") == "Suporte" else "character"
    ego = _attr(game, card, "alter_ego")
    return damage.Party(card, _title(game, card), controller_of(game, card), kind,
                        characteristics.alignments(game, card), characteristics.affiliations(game, card),
                        frozenset({str(ego)}) if ego else frozenset())


def _action_def(game: Game, ctx: EffectContext) -> ActionDef | None:
    for c in (ctx.source, ctx.user):
        a = _attr(game, c, "action") if c is not None else None
        if isinstance(a, ActionDef) and (not ctx.action_name or a.name == ctx.action_name):
            return a
    return None


def damage_source(game: Game, ctx: EffectContext, source: CardId | None, ref: Ref | None = None
                  ) -> damage.DamageSource:
    """4.8.5: the source of damage an effect causes: the action (an action's "<Ação> causa", "esta ação"),
    the character ("este personagem causa"), one an effect made a source ("aquele personagem causa"), the
    scenario, the support, or the card ("esta habilidade causa")."""
    user = party(game, ctx.user) if ctx.user is not None and ctx.user in game.state.scene else None
    if ctx.from_action and ref in (None, Ref.THIS_ACTION, Ref.THIS_CARD) and source in (None, ctx.source):
        adef = _action_def(game, ctx)
        types: list[str] = []
        if adef is not None:
            anticipate, unforeseen = action_types(game, ctx.user, adef) if ctx.user is not None else (
                adef.anticipate, adef.unforeseen)
            types = [t for t, on in (("antecipar", anticipate), ("imprevista", unforeseen)) if on]
        name = ctx.action_name or (_title(game, ctx.source) if ctx.source is not None else "action")
        return damage.DamageSource(damage.SourceKind.ACTION, name, ctx.controller, ctx.source, user,
                                   frozenset(types))
    if source is None:
        return damage.DamageSource(damage.SourceKind.CARD, "an effect", ctx.controller)
    if ref in (Ref.THAT, Ref.CHOSEN, Ref.TRIGGER_SUBJECT, Ref.TARGET) and source in game.state.scene:
        by = ctx.action_name or (_title(game, ctx.source) if ctx.source is not None else "")
        return damage.DamageSource.character(party(game, source), made_source_by=by)
    if str(_attr(game, source, "card_type") or "") == "Cenário":
        return damage.DamageSource.scenario(_title(game, source), controller_of(game, source), source)
    if source in game.state.scene:
        return damage.DamageSource.character(party(game, source))
    host = _host(game, source)
    return damage.DamageSource.of_card(_title(game, source), controller_of(game, source), source,
                                       party(game, host) if host is not None else None)


# -- 4.8.3 B, C, D: the damage modifiers in operation


@dataclass(frozen=True)
class _ModifierOrigin:
    effect: Effect
    proc: Procedure
    ctx: EffectContext
    card: CardId


def _modifier(game: Game, ctx: EffectContext, card: CardId, effect: Effect, p: Procedure, mctx: EffectContext
              ) -> damage.Modifier | None:
    """One ``Op.MODIFY_DAMAGE`` as a :class:`damage.Modifier`; its IR conditions become its ``when``."""
    tsel, ssel = p.arg("target"), p.arg("source")
    filters: tuple[Filter, ...] = tuple(f for f in _tuple(p.arg("action_filters")) if isinstance(f, Filter))
    phase = str(p.arg("phase") or "")
    whose = p.arg("whose_turn")

    def when(sit: damage.Situation) -> bool:
        dest = sit.destination.card
        if isinstance(tsel, Selector) and tsel.ref is not Ref.CHOSEN and not _selected(game, mctx, tsel, dest):
            return False
        if isinstance(ssel, Selector):
            src = sit.source
            dealers = [c for c in (src.card, src.user.card if src.user else None)
                       if c is not None and c in game.state.scene]
            if not any(_selected(game, mctx, ssel, c) for c in dealers):
                return False
        for f in filters:
            if not sit.source.is_action or fold_key(str(ctx.action_power or "")) != fold_key(f.value):
                return False
        if phase:
            from cardscript.runtime.triggers import phase_id

            if phase_id(phase) not in (sit.circumstances.phase, sit.circumstances.step):
                return False
        if whose is Ref.OPPONENT and sit.circumstances.turn_player == mctx.controller:
            return False
        if whose is Ref.YOU and sit.circumstances.turn_player != mctx.controller:
            return False
        named = p.arg("action_name")            # "a ação Impossível de se Ver": that action only
        if named and not (sit.source.is_action and fold_key(sit.source.name) == fold_key(str(named))):
            return False
        if p.arg("first_action") and sum(len(b.actions_used) for b in game.state.scene.values()) > 1:
            return False                        # "se ela for a primeira ação usada neste turno" (it counts itself)
        if p.arg("next_action"):                # Potencializar: the next action of that character causing damage
            bound = mctx.memory.get("use")      # (bound by deal_damage to its first damaging use, then over)
            if not ctx.from_action or bound is not None and bound != ctx.action_use:
                return False
            if p.arg("each_target") and (dest in mctx.memory.get("hit", ()) or dest not in [
                    t for ts in ctx.targets for t in ts]):
                return False                    # "+N em cada um de seus alvos": once on each of its targets
        return not (p.arg("first_per_turn") and dest in game.state.this_turn.damaged_by_action)

    step = damage.Step(str(p.arg("step", "B")))
    scope = damage.Scope(str(p.arg("scope"))) if p.arg("scope") else None
    destinations: frozenset[CardId] = frozenset()
    if isinstance(tsel, Selector) and tsel.ref is Ref.CHOSEN:
        destinations = frozenset(t for t in resolve(game, mctx, tsel) if isinstance(t, int))
        if not destinations:
            return None
        scope = damage.Scope.CHOSEN_DESTINATION
    elif scope is None:
        keyed_on_source = not isinstance(tsel, Selector) and (
            isinstance(ssel, Selector) or p.arg("source_kind") or p.arg("action_types"))
        scope = damage.Scope.FIRST_CALCULATION if keyed_on_source else damage.Scope.ANY
    kinds = frozenset({damage.SourceKind.ACTION}) if p.arg("source_kind") == "action" else frozenset()
    set_to = p.arg("set_to")
    return damage.Modifier(
        name=_title(game, card) if card >= 0 else (effect.text[:40] or "effect"), step=step, card=card if card >= 0
        else None, controller=mctx.controller,
        add=int(str(p.arg("delta", 0))) if step is not damage.Step.C else 0,
        multiply=int(str(p.arg("multiply", 1))), divide=int(str(p.arg("divide", 1))),
        rounding=damage.Rounding(str(p.arg("round", "down"))),
        set_to=int(str(set_to)) if set_to is not None and step is damage.Step.D else None,
        scope=scope, source_kinds=kinds,
        action_types=frozenset(str(t) for t in _tuple(p.arg("action_types"))),
        destinations=destinations, when=when, when_text=p.text)


def damage_modifiers(game: Game, ctx: EffectContext) -> tuple[list[damage.Modifier], list[_ModifierOrigin]]:
    """The 5.3 damage modifiers in operation (statics of the cards in the scene and effects generated with a
    duration, 5.7 B), as :class:`damage.Modifier` s, with the effect each comes from."""
    mods: list[damage.Modifier] = []
    origins: list[_ModifierOrigin] = []
    for card, effect, mctx in active_effects(game, (EffectKind.DAMAGE_MODIFIER,)):
        for p in effect.procedures:
            if p.op is not Op.MODIFY_DAMAGE:
                continue
            m = _modifier(game, ctx, card, effect, p, mctx)
            if m is not None:
                mods.append(m)
                origins.append(_ModifierOrigin(effect, p, mctx, card))
    return mods, origins


# -- 4.8.3.1 E: redirecting effects


def damage_redirects(game: Game) -> list[damage.Redirect]:
    """Replacements "Se este personagem fosse receber dano, ao invés disso você pode redirecionar aquele dano
    para ..." (5.5 / 4.8.3.1, Apocalipse V1) as :class:`damage.Redirect` s. One per effect: it protects every
    card its subject matches and offers the union of the new destinations its text allows for them."""
    out: list[damage.Redirect] = []
    for card, effect, sctx in active_effects(game, (EffectKind.REPLACEMENT,)):
        for p in effect.procedures:
            sel = p.arg("subject")
            if p.op is not Op.REPLACE or p.arg("event") != "damage" or not isinstance(sel, Selector):
                continue
            protects = [c for c in game.state.scene if _selected(game, sctx, sel, c)]
            for q in _tuple(p.arg("instead")):
                if not isinstance(q, Procedure) or q.op is not Op.REDIRECT or not isinstance(q.arg("to"), Selector):
                    continue
                to: list[CardId] = []
                for subject in protects:
                    rctx = _replacing_context(p, sctx, subject, 0)
                    to += [c for c in resolve(game, rctx, q.arg("to"))  # type: ignore[arg-type]
                           if isinstance(c, int) and c in game.state.scene and c != subject and c not in to]
                if protects and to:
                    out.append(damage.Redirect(_title(game, card), sctx.controller, frozenset(protects),
                                               tuple(party(game, c) for c in to), card=card, optional=q.optional))
    return out


def _bind_next_action(game: Game, ctx: EffectContext, mods: list[damage.Modifier], origins: list[_ModifierOrigin],
                      result: damage.DamageResult, dest: CardId) -> None:
    """Potencializar's bonus belongs to the first use of an action of its character that causes damage (the
    ``next_action`` modifiers, with the memory of their generated effect's context); it records each target it
    increased (``each_target``: once per target)."""
    applied = {id(m) for m in result.applied}
    for m, o in zip(mods, origins, strict=True):
        if not o.proc.arg("next_action") or not ctx.from_action or ctx.user is None:
            continue
        ssel = o.proc.arg("source")
        if not isinstance(ssel, Selector) or ctx.user not in resolve(game, o.ctx, ssel):
            continue
        o.ctx.memory.setdefault("use", ctx.action_use)
        if id(m) in applied:
            o.ctx.memory.setdefault("hit", []).append(dest)


# -- 4.8.1-4.8.4: the procedure


def _circumstances(game: Game) -> damage.Circumstances:
    s = game.state
    return damage.Circumstances(s.phase, s.step, s.turn_player, s.active_player)


def deal_damage(game: Game, ctx: EffectContext, source: CardId | None, target: CardId, amount: int,
                piercing: bool, procedure: damage.DamageProcedure | None = None) -> int:
    """One damage procedure (4.8.3, 4.8.3.1) through :func:`damage.calculate` -- A the initial value, B, C, D
    the modifiers in operation, E / F redirection -- then applied (4.8.1, 4.8.1.1, 4.8.2): non-piercing damage
    to the shield first (recorded as a penalty, 4.8.6 C), the rest unloads cards chosen by the controller of
    the source; an emptied character is knocked out, a support destroyed (4.7). The calculation is emitted
    as a ``damage_calculation`` event in the rulebook's lettering. Returns the number of cards unloaded."""
    if target not in game.state.scene:
        game.emit("damage_fizzled", target=target, reason="not in the scene")
        return 0
    if procedure is None:
        procedure = damage.DamageProcedure(damage_source(game, ctx, source), party(game, target), amount, piercing,
                                           ctx.action_name or (_title(game, source) if source is not None else ""))
    decider = damage.AgentDecider(game.decide)
    mods, origins = damage_modifiers(game, ctx)
    result = damage.calculate(procedure, mods, damage_redirects(game), decider, _circumstances(game))
    game.emit("damage_calculation", source=procedure.source.card, card=result.destination.card,
              initial=procedure.amount, amount=result.amount, piercing=procedure.piercing,
              causes_damage=result.causes_damage, lines=damage.format_trace(result).splitlines(),
              stages=trace.stage_records(result))
    for r, frm, to in zip(result.redirected, result.path, result.path[1:], strict=False):   # 4.8.3.1: each hop
        game.emit("replaced", text=f"damage to {frm.name}", by=r.name, source=r.card, frm=frm.card, to=to.card)
    dest = result.destination.card
    by_index = {id(m): o for m, o in zip(mods, origins, strict=True)}
    _bind_next_action(game, ctx, mods, origins, result, dest)
    first_turn = any(by_index[id(m)].proc.arg("first_per_turn") for m in result.applied if id(m) in by_index)
    if procedure.source.is_action and (result.causes_damage or first_turn) \
            and dest not in game.state.this_turn.damaged_by_action:
        game.state.this_turn.damaged_by_action.append(dest)
    for m in result.triggered:                     # 4.8.3 D: the rest of a triggered effect's text
        o = by_index.get(id(m))
        if o is not None:
            for q in o.effect.procedures:
                if q.op is not Op.MODIFY_DAMAGE:
                    run(game, o.ctx, q)
    base = game.state.scene.get(dest)
    if base is None:
        game.emit("damage_fizzled", target=dest, reason="not in the scene")
        return 0
    if result.amount <= 0:
        game.emit("damage", card=dest, source=procedure.source.card, amount=0, initial=procedure.amount,
                  piercing=procedure.piercing, unloaded=0, player=procedure.source.controller,
                  causes_damage=result.causes_damage)
        return 0
    app = damage.apply_result(result, shield(game, dest), list(base.carried), decider)
    if app.absorbed:
        _shield_event(game, dest, shields.ShieldEvent.penalty(f"damage of {procedure.source.name}", app.absorbed))
    base.damage_taken_this_turn += result.amount
    game.emit("damage", card=dest, source=procedure.source.card, amount=result.amount, initial=procedure.amount,
              piercing=procedure.piercing, absorbed=app.absorbed, unloaded=app.to_unload,
              player=procedure.source.controller, causes_damage=True,
              user=ctx.user if ctx.from_action else None,                  # the action's user and which use
              action_use=ctx.action_use if ctx.from_action else None)      # (Predador, rules 7)
    for c in app.unloaded:
        if dest in game.state.scene and c in game.state.scene[dest].carried:
            game.unload(c)               # the last one knocks the character out / destroys the support (4.7)
    return app.to_unload


# ---------------------------------------------------------------------------------------------
# queries for the turn loop and action use (statics, 5.4)


def _restrictions(game: Game, what: str) -> Iterator[tuple[Procedure, EffectContext]]:
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,)):
        for p in effect.procedures:
            if p.op is Op.RESTRICT and p.arg("what") == what:
                yield p, sctx


def _action_matches(filters: object, power: str | None) -> bool:
    return all(fold_key(f.value) == fold_key(power or "") for f in filters or ())  # type: ignore[attr-defined]


def can_be_targeted(game: Game, ctx: EffectContext, card: CardId) -> bool:
    """4.6.2 F.2.2: may the action of ``ctx`` choose ``card`` as a target?"""
    for p, sctx in _restrictions(game, "be_target"):
        sel = p.arg("subject")
        if not isinstance(sel, Selector) or not _selected(game, sctx, sel, card):
            continue
        if not _action_matches(p.arg("action_filters"), ctx.action_power):
            continue
        if p.arg("first_per_turn"):
            by = p.arg("by")
            if by is Ref.OPPONENT and ctx.controller == sctx.controller:
                continue
            if ctx.controller in game.state.this_turn.targeted_by:
                continue
        return False
    return True


def must_be_targeted(game: Game, ctx: EffectContext) -> list[CardId]:
    """4.6.2 F.2.1: the characters/supports in the scene an effect says must be a target of the action of
    ``ctx`` (FORCE_TARGET statics, and generated ones with a duration). F.2.2 prevails: one that cannot be the
    target of that action is not forced. The caller requires each of them only where a target selector of the
    action can choose it."""
    out: list[CardId] = []
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,)):
        for p in effect.procedures:
            if p.op is not Op.FORCE_TARGET:
                continue
            sel = p.arg("subject")
            if not isinstance(sel, Selector) or not _action_matches(p.arg("action_filters"), ctx.action_power):
                continue
            if p.arg("by") is Ref.OPPONENT and ctx.controller == sctx.controller:
                continue
            for card in list(game.state.scene):
                if card not in out and _selected(game, sctx, sel, card) and can_be_targeted(game, ctx, card):
                    out.append(card)
    return out


def extra_cost_payable(game: Game, ctx: EffectContext, proc: Procedure) -> bool:
    """4.6.2 E.2: can the extra cost ``proc`` of the action of ``ctx`` be paid now ("os custos adicionais não são
    opcionais e o jogador deve pagar todos eles para poder usar a ação")? UNLOAD of named cards: each is being
    carried; UNLOAD of N cards from a character: it carries more than N (paying must not leave it carrying
    nothing); MOVE: the cards exist; DISCARD: N cards in the hand; LOAD: N cards to load and something in the
    scene to load them onto. Other procedures (and unsupported ones) count as payable."""
    if proc.op is Op.UNLOAD:
        cards_sel = proc.arg("cards")
        if isinstance(cards_sel, Selector):
            cards = [c for c in resolve(game, ctx, cards_sel) if isinstance(c, int)]
            need = 1 if cards_sel.ref is not None or cards_sel.every else quantity(game, ctx, cards_sel.count)
            return len([c for c in cards if _host(game, c) is not None]) >= max(1, need)
        frm_sel = proc.arg("frm")
        if not isinstance(frm_sel, Selector):
            return True
        n = _qty(game, ctx, proc)
        bases = [t for t in resolve(game, ctx, frm_sel) if isinstance(t, int) and t in game.state.scene]
        return any(len(game.state.scene[b].carried) > n for b in bases)
    if proc.op is Op.MOVE:
        sel = proc.arg("cards")
        if not isinstance(sel, Selector):
            return True
        cards = [c for c in resolve(game, ctx, sel) if isinstance(c, int)]
        if sel.count.x_times and sel.count.x is None and ctx.x is None:
            return True                     # "X cards" with X chosen when paying: X = 0 at least
        need = 1 if sel.ref is not None or sel.every else quantity(game, ctx, sel.count)
        return len(cards) >= max(1, need)
    if proc.op is Op.DISCARD:
        n = _qty(game, ctx, proc)
        return all(len(game.state.players[p].hand) >= n for p in _players(game, ctx, proc.arg("who")))
    if proc.op is Op.LOAD:
        sels = [s for s in (proc.arg("cards"), *_tuple(proc.arg("alternatives"))) if isinstance(s, Selector)]
        onto_sel = proc.arg("onto")
        onto = [t for t in resolve(game, ctx, onto_sel) if isinstance(t, int)] if isinstance(onto_sel, Selector) \
            else []
        if not onto or onto[0] not in game.state.scene:
            return False
        owner = game.state.owner[onto[0]]
        pool = {c for s in sels for c in candidates(game, ctx, s) if game.state.owner[c] == owner}
        n = quantity(game, ctx, sels[0].count) if sels else 1
        return len(pool) >= n
    return True


def note_targeting(game: Game, ctx: EffectContext) -> None:
    """Record that the player of ``ctx`` used an action with a target this turn (for "a primeira ação com
    alvo ... em cada turno")."""
    if ctx.controller not in game.state.this_turn.targeted_by:
        game.state.this_turn.targeted_by.append(ctx.controller)


def can_use_action(game: Game, user: CardId, action: ActionDef) -> bool:
    """4.6.2 D: does an effect prevent ``user`` from using ``action``?"""
    ctx = EffectContext(controller_of(game, user), user=user)
    for p, sctx in _restrictions(game, "use_action"):
        sel = p.arg("subject")
        if isinstance(sel, Selector) and _selected(game, sctx, sel, user) and \
                _action_matches(p.arg("action_filters"), action.power):
            return False
    base = game.state.scene.get(user)
    if base is not None and action.name in base.actions_used:
        for p, sctx in _restrictions(game, "repeat_action_name"):      # Ação Única given by an effect
            sel = p.arg("subject")
            if isinstance(sel, Selector) and _selected(game, sctx, sel, user):
                return False
    del ctx
    return True


def actions_allowed(game: Game, user: CardId, action: ActionDef) -> int:
    """4.6.2 C.4: how many actions like ``action`` the character may use per turn by a static (1 normally)."""
    best = 1
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,)):
        for p in effect.procedures:
            sel = p.arg("subject")
            if p.op is Op.ALLOW and isinstance(sel, Selector) and _selected(game, sctx, sel, user) \
                    and _action_matches(p.arg("action_filters"), action.power):
                best = max(best, int(str(p.arg("amount", 1))))
    return best


def action_types(game: Game, user: CardId, action: ActionDef) -> tuple[bool, bool]:
    """(anticipate, unforeseen) of ``action`` now: printed, or as a static changed it. 8 B.1: an action that
    gains and loses a type (``lose``: "anticipate" / "unforeseen") loses it, whatever the order."""
    anticipate, unforeseen = action.anticipate, action.unforeseen
    lost: set[str] = set()
    for card, effect, _ in active_effects(game, (EffectKind.STATIC,)):
        for p in effect.procedures:
            if p.op is Op.CHANGE_ACTION and fold_key(str(p.arg("action"))) == fold_key(action.name) \
                    and (card == user or _host(game, card) == user):
                anticipate = anticipate or bool(p.arg("anticipate"))
                unforeseen = unforeseen or bool(p.arg("unforeseen"))
                lost |= {str(t) for t in _tuple(p.arg("lose"))}
    return anticipate and "anticipate" not in lost, unforeseen and "unforeseen" not in lost


def action_cost(game: Game, action: ActionDef, power: str | None = None) -> int | None:
    """E.1: the incapacitation cost of ``action`` now: the printed one unless statics set it ("Todas as ações com
    custo {0} e {1} têm custo {2}"); with two or more setting it, the higher (8 B.3). ``None``: cost X (chosen
    when used) or printed without a cost. ``power``: the action's power (for "ações de {TE}")."""
    if action.cost_is_x:
        return None
    printed = action.cost
    set_to: list[int] = []
    for _, effect, _ in active_effects(game, (EffectKind.STATIC,)):
        for p in effect.procedures:
            if p.op is not Op.SET_COST:
                continue
            cost_in = tuple(int(str(v)) for v in _tuple(p.arg("cost_in")))
            if cost_in and (printed or 0) not in cost_in:
                continue
            if not _action_matches(p.arg("action_filters"), power if power is not None else action.power):
                continue
            set_to.append(int(str(p.arg("value"))))
    return max(set_to) if set_to else printed


def extra_draws(game: Game, player: int) -> int:
    """Cards ``player`` draws in addition during the Fase de Compra (6.2 B) by statics."""
    n = 0
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,)):
        for p in effect.procedures:
            who = p.arg("who")
            if p.op is Op.EXTRA_DRAW and isinstance(who, Selector) and Player(player) in resolve(game, sctx, who):
                n += quantity(game, sctx, p.arg("amount"))  # type: ignore[arg-type]
    return n


def _unload_prevented(game: Game, ctx: EffectContext, base: CardId) -> bool:
    for p, sctx in _restrictions(game, "unload_by_effect"):
        sel = p.arg("subject")
        if isinstance(sel, Selector) and _selected(game, sctx, sel, base) and ctx.from_action \
                and _action_matches(p.arg("action_filters"), ctx.action_power):
            return True
    return False


# ---------------------------------------------------------------------------------------------
# run


_CONTINUOUS = (Op.RESTRICT, Op.ALLOW, Op.MODIFY_DAMAGE, Op.EXTRA_DRAW, Op.CHANGE_ACTION, Op.LOSE, Op.SUPPRESS_TEXT,
               Op.REPLACE, Op.FORCE_TARGET)


def run(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    """Execute one procedure (one pause point of the Effects Tree, 9.1.1)."""
    if proc.op is Op.UNSUPPORTED:
        game.emit("unsupported", text=proc.text, why=str(proc.arg("why", "")), source=ctx.source)
        return
    if proc.if_done and not ctx.last_optional_done:
        game.emit("skipped", text=proc.text, reason="se o fizer: the optional step was not done")
        return
    if not ctx.from_action and ctx.source is not None and continuous.text_lost(game, ctx.source):
        # 5.8 ATENÇÃO: an effect of a text that lost its effect while resolving is interrupted at once
        game.emit("interrupted", text=proc.text, source=ctx.source, reason="its permanent text has no effect (5.8)")
        return
    if proc.condition is not None and not check_condition(game, ctx, proc.condition):
        if proc.optional:                  # "se ..., você pode ...": not done, so no "Se o fizer" either
            ctx.last_optional_done = False
        game.emit("skipped", text=proc.text, reason=f"condition not met: {proc.condition.text}")
        return
    if proc.op is Op.SEARCH and search_prevented(game, ctx.controller, tuple(
            str(z) for z in _tuple(proc.arg("zones")) or ("deck",))):
        ctx.last_optional_done = False
        game.emit("prevented", text=proc.text, player=ctx.controller, reason="an effect prevents searching (8 B)")
        return
    if proc.optional:
        done = _ask_yes_no(game, _optional_player(game, ctx, proc), f"{proc.text}?")
        ctx.last_optional_done = done
        if not done:
            game.emit("declined", text=proc.text)
            return
    handler = _HANDLERS.get(proc.op)
    if handler is None:
        if proc.op in _CONTINUOUS or proc.arg("duration") is Duration.WHILE_IN_PLACE:
            game.emit("continuous", text=proc.text, op=str(proc.op))
            return
        game.emit("unsupported", text=proc.text, why=f"no executor for {proc.op}", source=ctx.source)
        return
    handler(game, ctx, proc)


def _optional_player(game: Game, ctx: EffectContext, proc: Procedure) -> int:
    """Who decides a "pode": "O controlador daquele personagem pode comprar um card" -> that controller."""
    who = proc.arg("who")
    if isinstance(who, Selector) and who.kind is Kind.PLAYER:
        players = [t for t in resolve(game, ctx, who) if isinstance(t, Player)]
        if len(players) == 1:
            return players[0].index
    return ctx.controller


def _players(game: Game, ctx: EffectContext, sel: object) -> list[int]:
    if not isinstance(sel, Selector):
        return [ctx.controller]
    return [t.index for t in resolve(game, ctx, sel) if isinstance(t, Player)]


def _qty(game: Game, ctx: EffectContext, proc: Procedure, name: str = "amount") -> int:
    q = proc.arg(name)
    return quantity(game, ctx, q) if isinstance(q, Quantity) else int(str(q or 0))


def _draw(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    n = _qty(game, ctx, proc)
    for player in _players(game, ctx, proc.arg("who")):
        game.draw(player, n)


def _discard(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    n = _qty(game, ctx, proc)
    for player in _players(game, ctx, proc.arg("who")):
        hand: list[Thing] = list(game.state.players[player].hand)
        for c in _choose(game, ctx, hand, n, "discard", f"choose {n} card(s) to discard", player=player):
            assert isinstance(c, int)
            game.move(c, Zone.RESOURCES, reason="discard")


def _damage(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    src_sel = proc.arg("source")
    sources = resolve(game, ctx, src_sel) if isinstance(src_sel, Selector) else []
    source = next((s for s in sources if isinstance(s, int)), ctx.source)
    tsel = proc.arg("targets")
    assert isinstance(tsel, Selector)
    targets = [t for t in _select(game, ctx, tsel, "target", f"{proc.text}: choose the target")
               if isinstance(t, int)]
    if proc.introduces >= 0:
        ctx.introduced[proc.introduces] = list(targets)
    amount = _qty(game, ctx, proc)
    piercing = bool(proc.arg("piercing"))
    targets = [t for t in targets if t in game.state.scene]
    if not targets:
        return
    src = damage_source(game, ctx, source, src_sel.ref if isinstance(src_sel, Selector) else None)
    effect = ctx.action_name or (game.name(ctx.source) if ctx.source is not None else "")
    decider = damage.AgentDecider(game.decide)
    if proc.arg("distribute"):
        # 4.8.4.2: the controller first distributes all the damage (each share is step A of its procedure)
        procs = damage.distribute(src, amount, [party(game, t) for t in targets], piercing, decider, effect)
    else:
        # 4.8.4.1: several destinations, one procedure each, in the order the effect's controller chooses
        procs = damage.split_targets(src, [party(game, t) for t in targets], amount, piercing, decider, effect)
    for dp in procs:
        if dp.destination.card in game.state.scene:
            deal_damage(game, ctx, source, dp.destination.card, dp.amount, piercing, procedure=dp)


def _stages(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    tsel = proc.arg("targets")
    assert isinstance(tsel, Selector)
    targets = [t for t in _select(game, ctx, tsel, "target", f"{proc.text}: choose") if isinstance(t, int)]
    amounts = tuple(int(a) for a in proc.arg("amounts", ()) or ())  # type: ignore[attr-defined]
    if proc.arg("amount") is not None:
        amount = _qty(game, ctx, proc)
    elif len(amounts) > 1:
        pick = game.decide(Decision(ctx.controller, "stage", f"{proc.text}: how many stages?",
                                    tuple(f"{{{a}}}" for a in amounts)))
        amount = amounts[pick[0]]
    else:
        amount = amounts[0] if amounts else 0
    for t in targets:
        if t not in game.state.scene:
            continue
        if proc.op is Op.INCAPACITATE:
            game.incapacitate(t, amount)
        else:
            game.capacitate(t, amount)


def _load(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    sels = [s for s in (proc.arg("cards"), *(proc.arg("alternatives") or ())) if isinstance(s, Selector)]  # type: ignore[misc]
    pool: list[Thing] = []
    for s in sels:
        if s.ref is not None:            # "carregue este card ...": from where it is (or the zone it names)
            pool.extend(c for c in resolve(game, ctx, s) if isinstance(c, int) and c not in pool
                        and (not s.zone or str(game.state.location(c)[0]) == s.zone))
        else:
            pool.extend(c for c in candidates(game, ctx, s) if c not in pool)
    onto_sel = proc.arg("onto")
    onto: list[CardId] = []
    if isinstance(onto_sel, Selector):
        # "em um personagem que você controla": the controller chooses one (introduced: "aquele personagem")
        onto = [t for t in (_select(game, ctx, onto_sel, "target", f"{proc.text}: load onto which?")
                            if onto_sel.ref is None and not onto_sel.every else resolve(game, ctx, onto_sel))
                if isinstance(t, int)]
    if proc.introduces >= 0:
        ctx.introduced[proc.introduces] = list(onto[:1])
    if not onto or onto[0] not in game.state.scene:
        game.emit("skipped", text=proc.text, reason="nothing to load onto")
        return
    owner = game.state.owner[onto[0]]
    pool = [c for c in pool if isinstance(c, int) and game.state.owner[c] == owner]
    n = quantity(game, ctx, sels[0].count) if sels else 1
    for c in _choose(game, ctx, pool, n, "load", f"{proc.text}: choose the card(s) to load"):
        assert isinstance(c, int)
        game.load(c, onto[0])


def _unload(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    cards_sel = proc.arg("cards")
    if isinstance(cards_sel, Selector):
        for c in resolve(game, ctx, cards_sel):
            if isinstance(c, int) and _host(game, c) is not None:
                game.unload(c)
        return
    frm_sel = proc.arg("frm")
    assert isinstance(frm_sel, Selector)
    bases = [t for t in _select(game, ctx, frm_sel, "target", f"{proc.text}: from which?") if isinstance(t, int)]
    players = _players(game, ctx, proc.arg("who"))
    n = _qty(game, ctx, proc)
    for b in bases:
        if b not in game.state.scene:
            continue
        if _unload_prevented(game, ctx, b):
            game.emit("prevented", text=proc.text, card=b, reason="an effect prevents unloading")
            continue
        chooser = players[0] if players else ctx.controller
        carried: list[Thing] = list(game.state.scene[b].carried)
        for c in _choose(game, ctx, carried, n, "unload", f"{proc.text}: choose from {game.name(b)}",
                         player=chooser):
            if isinstance(c, int) and b in game.state.scene and c in game.state.scene[b].carried:
                game.unload(c)


_ZONES = {"hand": Zone.HAND, "resources": Zone.RESOURCES, "deck_top": Zone.DECK, "deck_bottom": Zone.DECK,
          "prizes": Zone.PRIZES, "set_aside": Zone.SET_ASIDE}


def _move(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    """"coloque ... em / no topo de / na base de ...", "separe ...", "devolva aqueles cards ..." (``from_zone``:
    only those still there); a selector leaving a choice is chosen by the controller; ``any_order``: the
    controller orders the cards (the first chosen ends on top); what moved is introduced."""
    sel = proc.arg("cards")
    assert isinstance(sel, Selector)
    to = str(proc.arg("to"))
    cards = [c for c in _select(game, ctx, sel, "move", f"{proc.text}: which?") if isinstance(c, int)]
    frm = proc.arg("from_zone")
    if frm:
        cards = [c for c in cards if c in game.state.players[game.state.owner[c]].pile(_ZONES[str(frm)])]
    if proc.arg("any_order") and len(cards) > 1:
        order = game.decide(Decision(ctx.controller, "order", f"{proc.text}: in which order? (first = top)",
                                     _names(game, cards), len(cards), len(cards), ordered=True))
        cards = [cards[i] for i in order]
    if to == "deck_top":
        cards.reverse()                     # each goes on top of the one before: the first ends on top
    for c in cards:
        host = _host(game, c)
        if proc.arg("unload_first") and c in game.state.scene:
            # "descarregar os cards deste personagem e colocar este personagem em seus recursos" (Metamorfo): its
            # cards are unloaded, then it moves -- it never stands empty in the scene, so it is not knocked out
            for carried in list(game.state.scene[c].carried):
                game.move(carried, Zone.RESOURCES, reason="unload")
                game.emit("unload", card=carried, frm=c)
        game.move(c, _ZONES[to], bottom=to == "deck_bottom", reason=proc.text[:40])
        if host is not None:
            game.check_empty(host)
    if proc.introduces >= 0:
        ctx.introduced[proc.introduces] = list(reversed(cards) if to == "deck_top" else cards)


def _put_in_scene(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    """"coloque em cena um card de personagem de sua mão ..." (Metamorfo): one such card the controller chooses,
    placed by the normal rules (4.4.2.1: A.1 its initial energy loaded from the resources, cards the controller
    chooses; A.4 the alter ego / name uniqueness, with the scene's statics), entering the scene (4.4.2.2)."""
    sel = proc.arg("cards")
    assert isinstance(sel, Selector)
    player = ctx.controller
    resources = game.state.players[player].resources

    def placeable(c: CardId) -> bool:
        energy = int(_attr(game, c, "initial_energy") or 0)
        return len([r for r in resources if r != c]) >= energy and placement_allowed(game, player, c)

    options: list[Thing] = [c for c in candidates(game, ctx, sel) if placeable(c)]
    picked = _choose(game, ctx, options, 1, "put_in_scene", f"{proc.text}: which card?")
    for c in picked:
        if not isinstance(c, int):
            continue
        pool: list[Thing] = [r for r in resources if r != c]
        n = int(_attr(game, c, "initial_energy") or 0)
        loaded = [x for x in _choose(game, ctx, pool, n, "load", f"load {n} card(s) onto {game.name(c)}")
                  if isinstance(x, int)]
        game.enter_scene(c, player, loaded)
        for x in loaded:
            game.emit("load", card=x, onto=c, frm="resources", entering=True)
        if proc.introduces >= 0:
            ctx.introduced[proc.introduces] = [c]
    ctx.last_optional_done = bool(picked)


def search_prevented(game: Game, player: int, zones: Sequence[str] = ("deck",)) -> bool:
    """Does an effect say ``player`` cannot search those zones (Planos Frustrados)? Golden rule 8 B: the effect
    that prevents beats the one that allows, so such a search simply does not happen."""
    for p, sctx in _restrictions(game, "search"):
        who = p.arg("subject")
        if isinstance(who, Selector) and Player(player) not in resolve(game, sctx, who):
            continue
        if set(_tuple(p.arg("zones")) or ("deck",)) & set(zones):
            return True
    return False


def replacement_for(game: Game, event: str, subject: Thing, zones: Sequence[str] = ()
                    ) -> tuple[Procedure, EffectContext] | None:
    """5.5: a replacement effect working now for ``event`` ("search", "damage") done by / to ``subject``."""
    for _, effect, sctx in active_effects(game, (EffectKind.REPLACEMENT,)):
        for p in effect.procedures:
            sel = p.arg("subject")
            if p.op is not Op.REPLACE or p.arg("event") != event or not isinstance(sel, Selector):
                continue
            if zones and p.arg("zones") and not set(_tuple(p.arg("zones"))) & set(zones):
                continue
            if isinstance(subject, Player):
                ok = sel.kind is Kind.PLAYER and (sel.ref is None or subject in resolve(game, sctx, sel))
            else:
                ok = _selected(game, sctx, sel, subject)
            if ok:
                return p, sctx
    return None


def _replacing_context(p: Procedure, sctx: EffectContext, subject: Thing, amount: int) -> EffectContext:
    ctx = EffectContext(sctx.controller, source=sctx.source, user=sctx.user, introduced=dict(sctx.introduced),
                        event_amount=amount)
    ctx.introduced[int(str(p.arg("introduces", 0)))] = [subject]
    return ctx


def _search(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    sel = proc.arg("cards")
    assert isinstance(sel, Selector)
    zones = tuple(str(z) for z in (proc.arg("zones") or ("deck",)))  # type: ignore[attr-defined]
    n = quantity(game, ctx, sel.count)
    if search_prevented(game, ctx.controller, zones):
        ctx.last_optional_done = False
        game.emit("prevented", text=proc.text, player=ctx.controller, reason="an effect prevents searching (8 B)")
        return
    found_rep = replacement_for(game, "search", Player(ctx.controller), zones)
    if found_rep is not None:
        # 5.5: the search does not happen (nothing it would trigger is triggered); the replacement does
        rep, sctx = found_rep
        ctx.last_optional_done = False
        if proc.introduces >= 0:
            ctx.introduced[proc.introduces] = []
        game.emit("replaced", text=proc.text, by=rep.text, source=sctx.source, player=ctx.controller)
        rctx = _replacing_context(rep, sctx, Player(ctx.controller), n)
        for q in _tuple(rep.arg("instead")):
            if isinstance(q, Procedure):
                run(game, rctx, q)
        return
    pool: list[Thing] = []
    for zone in zones:
        pool.extend(candidates(game, ctx, Selector(kind=sel.kind, filters=sel.filters, zone=str(zone))))
    found = _choose(game, ctx, pool, n, "search", f"{proc.text}: choose") if pool else []
    if proc.introduces >= 0:
        ctx.introduced[proc.introduces] = list(found)
    ctx.last_optional_done = bool(found)
    game.emit("search", player=ctx.controller, found=list(found), zones=list(zones))


def _reveal(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    """"revele aquele card"; ``any_number`` ("qualquer número daqueles cards"): the controller picks which."""
    sel = proc.arg("cards")
    cards = [c for c in (resolve(game, ctx, sel) if isinstance(sel, Selector) else []) if isinstance(c, int)]
    if proc.arg("any_number") and cards:
        cards = [c for c in _choose(game, ctx, cards, len(cards), "reveal", f"{proc.text}: which?", minimum=0)
                 if isinstance(c, int)]
    if cards or not proc.arg("any_number"):
        game.emit("reveal", cards=cards, player=ctx.controller)


def _look(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    """"olhe-os": the controller looks at the cards (hidden information: logged for the trace only)."""
    sel = proc.arg("cards")
    cards = resolve(game, ctx, sel) if isinstance(sel, Selector) else []
    game.emit("look", cards=[c for c in cards if isinstance(c, int)], player=ctx.controller)


def _shuffle(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    for player in _players(game, ctx, proc.arg("who")):
        game.shuffle(player)


def _choose_proc(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    trait = proc.arg("characteristic")
    if trait:                                # "escolha uma afiliação [que não seja X]" (Soprano V1)
        excluding = tuple(str(x) for x in _tuple(proc.arg("excluding")))
        named = characteristics.choose_trait(game, ctx, str(trait), excluding, f"{proc.text}: choose")
        ctx.last_optional_done = named is not None
        game.emit("chosen", things=[named] if named else [], player=ctx.controller, characteristic=str(trait))
        return
    sel = proc.arg("what")
    assert isinstance(sel, Selector)
    chosen = _select(game, ctx, sel, "choose", f"{proc.text}: choose")
    if proc.introduces >= 0:
        ctx.introduced[proc.introduces] = chosen
        if not ctx.from_action and ctx.source is not None and proc.introduces == 0:
            # "o personagem escolhido" of a permanent text: the card remembers it for its other texts
            game.state.chosen[ctx.source] = [t for t in chosen if isinstance(t, int)]
    ctx.last_optional_done = bool(chosen)
    for verb in (str(v) for k, v in proc.args if k == "marks"):    # chosen for a Potencializar effect: it is
        for t in chosen:                                            # "potencializado" this turn (glossary)
            if isinstance(t, int):
                game.state.this_turn.marked.append((verb, t))
    game.emit("chosen", things=list(_names(game, chosen)), player=ctx.controller)


def _gain(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    if proc.arg("duration") is Duration.WHILE_IN_PLACE:
        game.emit("continuous", text=proc.text, op=str(proc.op))
        return
    sel = proc.arg("targets")
    assert isinstance(sel, Selector)
    duration = proc.arg("duration") or Duration.END_OF_TURN
    for t in _select(game, ctx, sel, "target", f"{proc.text}: choose"):
        if not isinstance(t, int) or t not in game.state.scene:
            continue
        if proc.arg("shield") is not None:         # 4.8.6 B (a bonus) or C ("Escudo -N", a penalty)
            n = int(str(proc.arg("shield")))
            eid = _effect_id(game, ctx)
            lasting = (shields.ShieldDuration.END_OF_TURN if duration is Duration.END_OF_TURN
                       else shields.ShieldDuration.WHILE)
            if n > 0:
                _shield_event(game, t, shields.ShieldEvent.bonus(eid, n, lasting))
            elif n < 0:
                _shield_event(game, t, shields.ShieldEvent.penalty(eid, -n))
        gained = [str(p) for p in proc.arg("powers") or ()]  # type: ignore[attr-defined]
        if gained:
            continuous.add(game, "gain", ctx.source, ctx.controller, [t], duration,  # type: ignore[arg-type]
                           powers=gained)
        traits = {a: [str(v) for v in _tuple(proc.arg(a))] for a in ("alignments", "affiliations") if proc.arg(a)}
        if traits:                                   # "... ganha a afiliação X até o final do turno" (5.7 A.2.1)
            continuous.add(game, "gain", ctx.source, ctx.controller, [t], duration,  # type: ignore[arg-type]
                           alignments=traits.get("alignments"), affiliations=traits.get("affiliations"))
        game.emit("gain", card=t, shield=proc.arg("shield"), powers=gained, duration=str(proc.arg("duration")))


def _lose(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    """"O personagem alvo perde aquele poder até o final do turno": a state effect (5.7 A.2.1); losing beats
    gaining (8 B.2, see :func:`powers`)."""
    if proc.arg("duration") in (None, Duration.WHILE_IN_PLACE):
        game.emit("continuous", text=proc.text, op=str(proc.op))
        return
    sel = proc.arg("targets")
    assert isinstance(sel, Selector)
    which = proc.arg("powers")
    if isinstance(which, Selector):          # "aquele poder": the power chosen earlier
        which = [str(x) for x in resolve(game, ctx, which)]
    lost: object = "all" if which == "all" else [str(x) for x in _tuple(which)]
    for t in _select(game, ctx, sel, "target", f"{proc.text}: choose"):
        if isinstance(t, int) and t in game.state.scene:
            continuous.add(game, "lose", ctx.source, ctx.controller, [t], proc.arg("duration"),  # type: ignore[arg-type]
                           powers=lost)


def _set_shield(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    if proc.arg("duration") is Duration.WHILE_IN_PLACE:
        game.emit("continuous", text=proc.text, op=str(proc.op))
        return
    sel = proc.arg("targets")
    assert isinstance(sel, Selector)
    value = int(str(proc.arg("value", 0)))
    for t in resolve(game, ctx, sel):
        if isinstance(t, int) and t in game.state.scene:
            duration = proc.arg("duration") or Duration.END_OF_TURN
            lasting = (shields.ShieldDuration.END_OF_TURN if duration is Duration.END_OF_TURN
                       else shields.ShieldDuration.WHILE)
            # 4.8.6 A: a new Base Shield; A.1: earlier damage and penalties do not apply while it operates
            _shield_event(game, t, shields.ShieldEvent.set_base(_effect_id(game, ctx), max(0, value), lasting))
            game.emit("set_shield", card=t, value=value)


def _generate(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    """5.7 B: an effect generated by the resolving one starts working now, with the duration it was given
    ("neste turno", "até o final do turno"), and with this effect's context ("o alvo" stays that target)."""
    effect = proc.arg("effect")
    assert isinstance(effect, Effect)
    continuous.add(game, str(effect.kind), ctx.source, ctx.controller, [], effect.duration, effect=effect,
                   context=ctx)


def _restrict(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    """A restriction with a duration ("... não podem procurar cards nos decks até o final do turno"), created
    by a resolving effect: a generated static (5.7 A.2.1, B) in the state; without one it is a static, read
    from its card while in place."""
    duration = proc.arg("duration")
    if duration in (None, Duration.WHILE_IN_PLACE, Duration.INSTANT):
        game.emit("continuous", text=proc.text, op=str(proc.op))
        return
    made = Effect(EffectKind.STATIC, (proc,), duration=duration, text=proc.text)  # type: ignore[arg-type]
    continuous.add(game, str(EffectKind.STATIC), ctx.source, ctx.controller, [], duration,  # type: ignore[arg-type]
                   effect=made, context=ctx)


def _suppress_text(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    """5.8 as a resolved effect with a duration: the targets' permanent texts have no effect until it ends
    (the static form, "while in place", is read by continuous.text_lost)."""
    if proc.arg("duration") in (None, Duration.WHILE_IN_PLACE):
        game.emit("continuous", text=proc.text, op=str(proc.op))
        return
    sel = proc.arg("targets")
    assert isinstance(sel, Selector)
    cards = [t for t in resolve(game, ctx, sel) if isinstance(t, int)]
    continuous.add(game, "text_loss", ctx.source, ctx.controller, cards, proc.arg("duration"),  # type: ignore[arg-type]
                   include_carried=bool(proc.arg("include_carried")))


def _extra_action(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    sel = proc.arg("who")
    who = resolve(game, ctx, sel) if isinstance(sel, Selector) else [ctx.user]
    for t in who:
        if isinstance(t, int) and t in game.state.scene:
            game.state.scene[t].extra_actions += int(str(proc.arg("amount", 1)))
            game.emit("extra_action", card=t, same_action=bool(proc.arg("same_action")))


_HANDLERS = {
    Op.DRAW: _draw, Op.DISCARD: _discard, Op.DAMAGE: _damage, Op.INCAPACITATE: _stages, Op.CAPACITATE: _stages,
    Op.LOAD: _load, Op.UNLOAD: _unload, Op.MOVE: _move, Op.SEARCH: _search, Op.REVEAL: _reveal, Op.LOOK: _look,
    Op.SHUFFLE: _shuffle, Op.CHOOSE: _choose_proc, Op.GAIN: _gain, Op.SET_SHIELD: _set_shield,
    Op.EXTRA_ACTION: _extra_action, Op.LOSE: _lose, Op.GENERATE: _generate, Op.SUPPRESS_TEXT: _suppress_text,
    Op.RESTRICT: _restrict, Op.PUT_IN_SCENE: _put_in_scene,
}


def run_effect(game: Game, ctx: EffectContext, effect: Effect) -> None:
    """Every procedure of an effect in order, without pauses (tests, simple callers; the Effects Tree
    calls :func:`run` once per procedure instead)."""
    for p in effect.procedures:
        run(game, ctx, p)


# ---------------------------------------------------------------------------------------------
# keywords and placement under 5.6 / 5.8


def has_keyword(game: Game, card: CardId, keyword: str) -> bool:
    """5.6: a keyword characteristic holds in any area; 5.8: not while the card's permanent texts have no
    effect ("qualquer texto que apareça naqueles cards é perdido, inclusive as palavras-chave")."""
    want = fold_key(keyword)
    definition = _card(game, card)
    printed = any(fold_key(k) == want for k in getattr(definition, "keywords", ()) or ()) or any(
        e.kind is EffectKind.KEYWORD and fold_key(e.keyword) == want for e in getattr(definition, "effects", ()))
    return printed and not continuous.text_lost(game, card)


def _identity(game: Game, card: CardId) -> str:
    return str(_attr(game, card, "alter_ego") or _attr(game, card, "name") or "")


def placement_allowed(game: Game, player: int, card: CardId) -> bool:
    """4.4.2.1 A.4 (one character of an alter ego -- or name -- per player in the scene), with the
    ``scene_identity`` statics of the characters in the scene (Pelotão, Clone, their old wordings; 5.6, golden
    rule 8 A; lost under 5.8): :func:`cardscript.runtime.rules.scene_identity_allowed`. The rulebook's 5.8
    example 1: with a single Shuma-Gorath, under Câmara Neutralizadora, another cannot be placed; with two,
    the unaffected one still allows it."""
    return rules.scene_identity_allowed(game, player, card)
