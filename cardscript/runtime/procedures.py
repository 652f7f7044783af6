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
:func:`actions_allowed`, :func:`action_types`, :func:`extra_draws`, and by :func:`deal_damage` (4.8.3 B, D).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
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
from cardscript.runtime import continuous
from cardscript.runtime.agents import Decision
from cardscript.runtime.game import Game
from cardscript.runtime.state import ActiveEffect, CardId, Zone

__all__ = [
    "EffectContext", "Player", "Thing", "action_types", "actions_allowed", "active_effects", "can_be_targeted",
    "can_use_action", "check_condition", "deal_damage", "extra_draws", "matches", "note_targeting", "powers",
    "quantity", "resolve", "run", "shield",
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


# ---------------------------------------------------------------------------------------------
# continuous effects in the state (5.7 A.2, B): see cardscript.runtime.continuous


def end_of_turn(game: Game) -> None:
    """6.2 Final do Turno: the turn loop's hook; "até o final do turno" effects expire (5.7 A.2.1)."""
    continuous.end_of_turn(game)


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


def active_effects(game: Game, kinds: Sequence[EffectKind] = (EffectKind.STATIC, EffectKind.DAMAGE_MODIFIER)
                   ) -> Iterator[tuple[CardId, Effect, EffectContext]]:
    """The continuous effects working now (5.3, 5.4): their card works in the scene and their condition holds.

    Computed on demand from the cards where they are (never stored): a static starts and stops working the
    moment its card, its condition or a 5.8 text loss changes ("atualizados a cada modificação", 5.4)."""
    state = game.state
    cards: list[CardId] = [*state.scene]
    if state.scenario is not None:
        cards.append(state.scenario)
    for base in list(state.scene.values()):
        cards.extend(base.carried)
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


def _powers_static(game: Game, card: CardId, depth: int) -> set[str]:
    """Printed powers, plus gained ones (statics; until-end-of-turn state effects), minus lost ones: golden
    rule 8 B.2, losing an attribute beats gaining it, whatever the order of the effects."""
    have = {str(p) for p in (_attr(game, card, "powers") or ())}
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
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,)):
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
    elif name == "shares" or flt.op == "shares":
        mine = {fold_key(a) for a in (_attr(game, _base_of(game, ctx) or -1, "affiliations") or ())}
        ok = bool(mine & {fold_key(a) for a in (_attr(game, card, "affiliations") or ())})
    else:
        attr = {"affiliation": "affiliations", "alignment": "alignments"}.get(name, name)
        raw = _attr(game, card, attr)
        have = {fold_key(str(v)) for v in raw} if isinstance(raw, tuple | list) else (
            {fold_key(str(raw))} if raw is not None else set())
        ok = value in have
    return not ok if flt.op in ("ne", "lacks") else ok


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
        return bool(things) and all(cond.value in powers(game, t) for t in things)
    if cond.kind == "energy":
        op, _, num = cond.value.partition(":")
        want = int(num)
        energies = [game.state.scene[t].energy for t in things if t in game.state.scene]
        if op == "ge":
            return bool(energies) and all(e >= want for e in energies)
        if op == "le":
            return bool(energies) and all(e <= want for e in energies)
        return bool(energies) and all(e == want for e in energies)
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
    """The shield now (4.8.6, simplified): the printed shield, or the value an effect set it to; plus static
    bonuses; plus until-end-of-turn bonuses and minus what damage took off this turn (InScene.shield_bonus);
    never below 0 (4.7 ATENÇÃO)."""
    base = int(_attr(game, card, "shield") or 0)
    bonus = 0
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,)):
        for p in effect.procedures:
            sel = p.arg("targets")
            if not isinstance(sel, Selector) or not _selected(game, sctx, sel, card):
                continue
            if p.op is Op.SET_SHIELD:
                base = int(str(p.arg("value", 0)))
            elif p.op is Op.GAIN and p.arg("shield") is not None:
                bonus += int(str(p.arg("shield")))
    for e in _state_effects(game, "set_shield", card):
        base = int(e.data.get("value", base))
    where = game.state.scene.get(card)
    turn_bonus = where.shield_bonus if where is not None else 0
    return max(0, base + bonus + turn_bonus)


def _modifier_applies(game: Game, mctx: EffectContext, p: Procedure, ctx: EffectContext, source: CardId | None,
                      target: CardId) -> bool:
    tsel = p.arg("target")
    if isinstance(tsel, Selector) and not _selected(game, mctx, tsel, target):
        return False
    ssel = p.arg("source")
    if isinstance(ssel, Selector):
        dealers = [c for c in (source, ctx.user) if c is not None and c in game.state.scene]
        if not any(_selected(game, mctx, ssel, c) for c in dealers):
            return False
    filters = p.arg("action_filters") or ()
    for f in filters:  # type: ignore[attr-defined]
        if not ctx.from_action or fold_key(str(ctx.action_power or "")) != fold_key(f.value):
            return False
    phase = str(p.arg("phase") or "")
    if phase:
        from cardscript.runtime.triggers import phase_id

        if phase_id(phase) not in (game.state.phase, game.state.step):
            return False
    whose = p.arg("whose_turn")
    if whose is Ref.OPPONENT and game.state.turn_player == mctx.controller:
        return False
    if whose is Ref.YOU and game.state.turn_player != mctx.controller:
        return False
    if p.arg("source_kind") == "action" and not ctx.from_action:
        return False
    return not (p.arg("first_per_turn") and target in game.state.this_turn.damaged_by_action)


def modified_damage(game: Game, ctx: EffectContext, source: CardId | None, target: CardId, amount: int) -> int:
    """4.8.3: A the initial value; B additions and subtractions; D fixed values (C is not written yet)."""
    adds = 0
    fixed: int | None = None
    for _, effect, mctx in active_effects(game, (EffectKind.DAMAGE_MODIFIER,)):
        for p in effect.procedures:
            if p.op is not Op.MODIFY_DAMAGE or not _modifier_applies(game, mctx, p, ctx, source, target):
                continue
            if p.arg("step") == "B":
                adds += int(str(p.arg("delta", 0)))
            elif p.arg("step") == "D" and amount + adds > 0:
                fixed = int(str(p.arg("set_to", 0)))
    value = amount + adds
    if fixed is not None and value > 0:
        value = fixed
    return max(0, value)


def _damage_replaced(game: Game, target: CardId, amount: int, replaced: tuple[CardId, ...]) -> CardId | None:
    """5.5 / 4.8.3.1: "Se este personagem fosse receber dano, ao invés disso você pode redirecionar aquele dano
    para ...": when the replacement's controller redirects, the damage to ``target`` does not happen (and
    triggers nothing); the character it goes to instead is returned."""
    found = replacement_for(game, "damage", target)
    if found is None or target in replaced:
        return None
    rep, sctx = found
    rctx = _replacing_context(rep, sctx, target, amount)
    for q in _tuple(rep.arg("instead")):
        if not isinstance(q, Procedure) or q.op is not Op.REDIRECT:
            continue
        to = q.arg("to")
        options: list[Thing] = [c for c in resolve(game, rctx, to) if isinstance(c, int) and c != target
                                and c in game.state.scene] if isinstance(to, Selector) else []
        if not options:
            return None
        if q.optional and not _ask_yes_no(game, rctx.controller, f"{q.text}?"):
            return None
        (new,) = _choose(game, rctx, options, 1, "target", f"{q.text}: to which?")
        assert isinstance(new, int)
        game.emit("replaced", text=f"{amount} damage to {game.name(target)}", by=q.text, source=sctx.source,
                  to=new)
        return new
    return None


def deal_damage(game: Game, ctx: EffectContext, source: CardId | None, target: CardId, amount: int,
                piercing: bool, replaced: tuple[CardId, ...] = ()) -> int:
    """Basic damage (4.8.1, 4.8.1.1, 4.8.2): modifiers (4.8.3 B, D), then non-piercing damage goes to the shield
    first (what it absorbs lowers the shield until the end of the turn), the rest unloads that many cards, chosen
    by the controller of the damage source; a character left empty is knocked out (4.7). Returns the cards
    unloaded. One function, so a full damage pipeline (4.8.3, redirection 4.8.3.1) can replace it."""
    base = game.state.scene.get(target)
    if base is None:
        game.emit("damage_fizzled", target=target, reason="not in the scene")
        return 0
    redirected = _damage_replaced(game, target, amount, replaced)
    if redirected is not None:
        return deal_damage(game, ctx, source, redirected, amount, piercing, (*replaced, target))
    final = modified_damage(game, ctx, source, target, amount)
    if ctx.from_action and amount > 0 and target not in game.state.this_turn.damaged_by_action:
        game.state.this_turn.damaged_by_action.append(target)
    if final <= 0:
        game.emit("damage", card=target, source=source, amount=0, initial=amount, piercing=piercing, unloaded=0,
                  player=ctx.controller)
        return 0
    absorbed = 0
    if not piercing:
        absorbed = min(shield(game, target), final)
        base.shield_bonus -= absorbed
    rest = final - absorbed
    base.damage_taken_this_turn += final
    chosen = _choose(game, ctx, list(base.carried), rest, "unload",
                     f"damage to {game.name(target)}: choose {rest} card(s) to unload (4.8.1)")
    game.emit("damage", card=target, source=source, amount=final, initial=amount, piercing=piercing,
              absorbed=absorbed, unloaded=len(chosen), player=ctx.controller)
    for c in chosen:
        if isinstance(c, int) and target in game.state.scene and c in game.state.scene[target].carried:
            game.unload(c)
    return len(chosen)


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
    """(anticipate, unforeseen) of ``action`` now: printed, or as a static changed it."""
    anticipate, unforeseen = action.anticipate, action.unforeseen
    for card, effect, _ in active_effects(game, (EffectKind.STATIC,)):
        for p in effect.procedures:
            if p.op is Op.CHANGE_ACTION and fold_key(str(p.arg("action"))) == fold_key(action.name) \
                    and (card == user or _host(game, card) == user):
                anticipate = anticipate or bool(p.arg("anticipate"))
                unforeseen = unforeseen or bool(p.arg("unforeseen"))
    return anticipate, unforeseen


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
               Op.REPLACE)


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
    for t in targets:
        deal_damage(game, ctx, source, t, amount, bool(proc.arg("piercing")))


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
        pool.extend(c for c in candidates(game, ctx, s) if c not in pool)
    onto_sel = proc.arg("onto")
    onto = [t for t in resolve(game, ctx, onto_sel) if isinstance(t, int)] if isinstance(onto_sel, Selector) else []
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
          "prizes": Zone.PRIZES}


def _move(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    sel = proc.arg("cards")
    assert isinstance(sel, Selector)
    to = str(proc.arg("to"))
    for c in resolve(game, ctx, sel):
        if not isinstance(c, int):
            continue
        host = _host(game, c)
        game.move(c, _ZONES[to], bottom=to == "deck_bottom", reason=proc.text[:40])
        if host is not None:
            game.check_empty(host)


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
    sel = proc.arg("cards")
    cards = resolve(game, ctx, sel) if isinstance(sel, Selector) else []
    game.emit("reveal", cards=[c for c in cards if isinstance(c, int)], player=ctx.controller)


def _shuffle(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    for player in _players(game, ctx, proc.arg("who")):
        game.shuffle(player)


def _choose_proc(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    sel = proc.arg("what")
    assert isinstance(sel, Selector)
    chosen = _select(game, ctx, sel, "choose", f"{proc.text}: choose")
    if proc.introduces >= 0:
        ctx.introduced[proc.introduces] = chosen
        if not ctx.from_action and ctx.source is not None and proc.introduces == 0:
            # "o personagem escolhido" of a permanent text: the card remembers it for its other texts
            game.state.chosen[ctx.source] = [t for t in chosen if isinstance(t, int)]
    ctx.last_optional_done = bool(chosen)
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
        if proc.arg("shield") is not None:
            game.state.scene[t].shield_bonus += int(str(proc.arg("shield")))
        gained = [str(p) for p in proc.arg("powers") or ()]  # type: ignore[attr-defined]
        if gained:
            continuous.add(game, "gain", ctx.source, ctx.controller, [t], duration,  # type: ignore[arg-type]
                           powers=gained)
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
            continuous.add(game, "set_shield", ctx.source, ctx.controller, [t],
                           proc.arg("duration") or Duration.END_OF_TURN, value=value)  # type: ignore[arg-type]
            game.state.scene[t].shield_bonus = 0     # 4.8.6 A.1: earlier reductions no longer apply
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
    Op.LOAD: _load, Op.UNLOAD: _unload, Op.MOVE: _move, Op.SEARCH: _search, Op.REVEAL: _reveal,
    Op.SHUFFLE: _shuffle, Op.CHOOSE: _choose_proc, Op.GAIN: _gain, Op.SET_SHIELD: _set_shield,
    Op.EXTRA_ACTION: _extra_action, Op.LOSE: _lose, Op.GENERATE: _generate, Op.SUPPRESS_TEXT: _suppress_text,
    Op.RESTRICT: _restrict,
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
    """4.4.2.1 A.4 (one character of an alter ego -- or name -- per player in the scene), with Pelotão as the
    static it is (5.6: "pode haver qualquer número de personagens com [o mesmo] alter ego ... em cena" works
    while a card with it is in the scene; golden rule 8 A: that card effect beats the rule): placing ``card``
    is allowed when no character of the same identity is there, or when a Pelotão of that identity works in
    the scene (one that lost its texts, 5.8, does not; the card in the hand does not count). The rulebook's 5.8
    example 1: with a single Shuma-Gorath, under Câmara Neutralizadora, another cannot be placed; with two,
    the unaffected one still allows it."""
    ident = _identity(game, card)
    same = [b.card for b in game.state.controlled(player)
            if str(_attr(game, b.card, "card_type") or "").startswith("Personagem")
            and _identity(game, b.card) == ident]
    if not same:
        return True
    return any(has_keyword(game, c, "Pelotão") for c in same)
