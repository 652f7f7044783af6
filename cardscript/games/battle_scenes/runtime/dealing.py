"""Dealing damage: the glue between effect objects and the damage pipeline
(:mod:`cardscript.games.battle_scenes.runtime.damage`).

:func:`deal_damage` runs one damage procedure (4.8.3 A-F) with the modifiers in operation
(:func:`damage_modifiers`: ``ModifyDamage`` of 5.3 effects, 4.8.3 B, C, D) and the redirecting effects
(:func:`damage_redirects`: ``Replace`` / ``Redirect``, 4.8.3.1 E, 5.5), then applies it (4.8.1, 4.8.1.1, 4.8.2);
:func:`party` and :func:`damage_source` say who deals and who receives it as the pipeline sees them (4.8.5).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, replace

from cardscript.compiler.ir import (
    ActionDef,
    Effect,
    EffectKind,
    Kind,
    ModifyDamage,
    Procedure,
    Redirect,
    Ref,
    Replace,
    Selector,
)
from cardscript.compiler.vocabulary import fold_key
from cardscript.games.battle_scenes.runtime import characteristics, damage, derived, shields, trace
from cardscript.games.battle_scenes.runtime.conditions import check_condition
from cardscript.games.battle_scenes.runtime.filters import action_matches
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.queries import action_types, replacing_context, replacing_now, using
from cardscript.games.battle_scenes.runtime.selectors import (
    ActionThing,
    EffectContext,
    attr,
    controller_of,
    host,
    matches,
    quantity,
    resolve,
    selected,
    title,
    used_action,
)
from cardscript.games.battle_scenes.runtime.shielding import shield, shield_event
from cardscript.games.battle_scenes.runtime.state import CardId
from cardscript.games.battle_scenes.runtime.statics import active_effects

__all__ = ["damage_modifiers", "damage_redirects", "damage_source", "deal_damage", "party"]


# -- 4.8.5: who causes the damage


def party(game: Game, card: CardId) -> damage.Party:
    """A character or support as the damage pipeline sees it."""
    kind = "support" if str(attr(game, card, "card_type") or "") == "Suporte" else "character"
    ego = attr(game, card, "alter_ego")
    return damage.Party(card, title(game, card), controller_of(game, card), kind,
                        characteristics.alignments(game, card), characteristics.affiliations(game, card),
                        frozenset({str(ego)}) if ego else frozenset())


def _action_def(game: Game, ctx: EffectContext) -> ActionDef | None:
    for c in (ctx.source, ctx.user):
        a = attr(game, c, "action") if c is not None else None
        if isinstance(a, ActionDef) and (not ctx.action_name or a.name == ctx.action_name):
            return a
    return None


def damage_source(game: Game, ctx: EffectContext, source: CardId | None, ref: Ref | None = None
                  ) -> damage.DamageSource:
    """4.8.5: the source of damage an effect causes: the action (an action's "<Ação> causa", "esta ação"),
    the character ("este personagem causa"), one an effect made a source ("aquele personagem causa": a slot or
    the target), the scenario, the support, or the card ("esta habilidade causa")."""
    user = party(game, ctx.user) if ctx.user is not None and ctx.user in game.state.scene else None
    if ctx.from_action and ref in (None, Ref.THIS_ACTION, Ref.THIS_CARD) and source in (None, ctx.source):
        adef = _action_def(game, ctx)
        types: list[str] = []
        if adef is not None:
            anticipate, unforeseen = action_types(game, ctx.user, adef) if ctx.user is not None else (
                adef.anticipate, adef.unforeseen)
            types = [t for t, on in (("antecipar", anticipate), ("imprevista", unforeseen)) if on]
        name = ctx.action_name or (title(game, ctx.source) if ctx.source is not None else "action")
        return damage.DamageSource(damage.SourceKind.ACTION, name, ctx.controller, ctx.source, user,
                                   frozenset(types))
    if source is None:
        return damage.DamageSource(damage.SourceKind.CARD, "an effect", ctx.controller)
    if ref in (Ref.SLOT, Ref.TARGET) and source in game.state.scene:
        by = ctx.action_name or (title(game, ctx.source) if ctx.source is not None else "")
        return damage.DamageSource.character(party(game, source), made_source_by=by)
    if str(attr(game, source, "card_type") or "") == "Cenário":
        return damage.DamageSource.scenario(title(game, source), controller_of(game, source), source)
    if source in game.state.scene:
        return damage.DamageSource.character(party(game, source))
    carrier = host(game, source)
    return damage.DamageSource.of_card(title(game, source), controller_of(game, source), source,
                                       party(game, carrier) if carrier is not None else None)


# -- 4.8.3 B, C, D: the damage modifiers in operation


@dataclass(frozen=True)
class _ModifierOrigin:
    effect: Effect
    proc: ModifyDamage
    ctx: EffectContext
    card: CardId


def _chosen_destinations(p: ModifyDamage) -> bool:
    """"o personagem escolhido" as the modifier's destination: a slot an earlier choice filled (not the
    event's subject), bound to that destination whenever it is chosen (4.8.3.1 ATENÇÃO, Kraven V1)."""
    return p.target is not None and p.target.ref is Ref.SLOT and not p.target.slot.startswith("event:")


def _first_use_of_its_player(game: Game, ctx: EffectContext, ssel: Selector | None, mctx: EffectContext) -> bool:
    """"a primeira ação de dano com alvos que cada jogador usar em um turno": the action dealing the damage is, in
    the turn's record of uses (4.6.2 H), the first use by its player of an action ``ssel`` describes (read as a
    kind of action: "de dano" one whose effect deals damage)."""
    if not ctx.from_action or ctx.action_use < 0:
        return False
    mine = next((rec for rec in game.state.this_turn.uses if rec.use == ctx.action_use), None)
    if mine is None:
        return False
    first = next((rec for rec in game.state.this_turn.uses if rec.player == mine.player
                  and (ssel is None or matches(game, mctx, used_action(rec), ssel))), None)
    return first is not None and first.use == mine.use


def _the_next_use(game: Game, ctx: EffectContext, p: ModifyDamage, mctx: EffectContext) -> bool:
    """"a próxima ação que X usar" (not "... que causar dano"): the first use after the modifier was created (the
    turn's record, 4.6.2 H; ``uses_before``: the record's length then) of an action the source describes -- a later
    one is not the next, even if that one dealt no damage. Potencializar's and "que causar dano" keep their own
    binding (the first damaging use)."""
    ssel = p.source
    before = mctx.memory.get("uses_before")
    if p.next_action or ssel is None or not isinstance(before, int) or any(
            f.field == "damaging" for f in ssel.filters):
        return True
    plain = replace(ssel, next_only=False)
    for rec in game.state.this_turn.uses[before:]:
        thing = used_action(rec)
        fits = matches(game, mctx, thing, plain) if ssel.kind is Kind.ACTION else rec.user in resolve(game, mctx, ssel)
        if fits:
            return rec.use == ctx.action_use
    return False


def _next_only(p: ModifyDamage) -> bool:
    """The modifier belongs to one action only: "a próxima ação que ... usar" (``Selector.next_only``)."""
    return p.next_action or (p.source is not None and p.source.next_only)


def _its_targets(p: ModifyDamage, mctx: EffectContext) -> bool:
    """"Toda vez que uma ação ... fosse causar dano em um ou mais alvos, ela causará ... a cada um de seus alvos"
    (5.3): in a text no action created (no targets of its own), "seus alvos" are those of the action dealing the
    damage (4.6.2 F)."""
    return p.source_kind == "action" and p.target is not None and p.target.ref is Ref.TARGET and not mctx.targets


def _action_source_matches(game: Game, ctx: EffectContext, ssel: Selector, mctx: EffectContext) -> bool:
    """Is the action dealing the damage (``ctx``'s, being used) one the action selector stands for, read in the
    modifier's context (``mctx``: "aquele personagem" is its slot)?"""
    if not ctx.from_action:
        return False
    action = using(ctx)            # with the targets it was used on ("ações que tenham ele como alvo", 4.6.2 F)
    action = replace(action, targets=tuple(t for ts in ctx.targets for t in ts if isinstance(t, int)))
    # it is causing damage now: "uma ação que cause dano" holds of it whatever its text says
    ssel = replace(ssel, filters=tuple(f for f in ssel.filters
                                       if (f.field, f.op, f.value) != ("damaging", "eq", "true")))
    if ssel.ref is Ref.THIS_ACTION:             # "a ação <its own name>" in a card's text: the one written on it
        return action.holder in resolve(game, mctx, ssel)
    if ssel.ref is not None or ssel.union:
        return any(isinstance(a, ActionThing) and a.holder == action.holder and a.name == action.name
                   for a in resolve(game, mctx, ssel))
    return matches(game, mctx, action, ssel)


def _with_source(mctx: EffectContext, sit: damage.Situation) -> EffectContext:
    """The modifier's context with the damage's source as ``event:source`` ("se a fonte daquele dano não for um
    personagem com {GE}"): the character that used the action, for an action's damage, else the card dealing it
    (4.8.5). A context that has that slot already (the event of the effect that generated it) keeps it."""
    if "event:source" in mctx.slots:
        return mctx
    src = sit.source
    dealer = src.user.card if src.is_action and src.user is not None else src.card
    if dealer is None:
        return mctx
    out = copy.copy(mctx)
    out.slots = {**mctx.slots, "event:source": [dealer]}
    return out


def _modifier(game: Game, ctx: EffectContext, card: CardId, effect: Effect, p: ModifyDamage, mctx: EffectContext
              ) -> damage.Modifier | None:
    """One :class:`ModifyDamage` as a :class:`damage.Modifier`; its IR conditions become its ``when``."""
    tsel, ssel = p.target, p.source
    filters = p.action_filters
    phase = p.phase
    whose = p.whose_turn
    chosen = _chosen_destinations(p)

    def when(sit: damage.Situation) -> bool:
        dest = sit.destination.card
        if p.only_piercing and not sit.procedure.piercing:     # "todo o dano penetrante que ..."
            return False
        if p.only_not_piercing and sit.procedure.piercing:     # "receber dano não penetrante"
            return False
        if p.condition is not None and not check_condition(game, _with_source(mctx, sit), p.condition):
            return False                        # "..., se você controlar ...": the modifier's own condition
        if _its_targets(p, mctx):                # a permanent text's "a cada um de seus alvos": the targets of the
            if not ctx.from_action or dest not in [t for ts in ctx.targets for t in ts]:   # action dealing it
                return False
        elif tsel is not None and not chosen and not selected(game, mctx, tsel, dest):
            return False
        if ssel is not None and ssel.kind is Kind.ACTION:      # "as ações de dano que X usar", "a próxima ação"
            if not sit.source.is_action or not _action_source_matches(game, ctx, ssel, mctx):
                return False
        elif ssel is not None:
            src = sit.source             # 4.8.5: "este personagem causar dano" -- the character, or an action it
            #                              uses (the user); a carried card's own text is its own source, not its
            #                              carrier's ("esta habilidade causa": the official ruling 2 of Adaga Psíquica)
            dealers = [c for c in (src.card, src.user.card if src.user and src.is_action else None)
                       if c is not None and c in game.state.scene]
            if not any(selected(game, mctx, ssel, c) for c in dealers):
                return False
        for f in filters:
            if not sit.source.is_action:
                return False
            if f.field == "damaging" and f.op == "eq" and f.value == "true":
                continue                        # it is causing damage now
            if f.field in ("power", "action_power") and f.op in ("eq", "has"):
                if fold_key(str(ctx.action_power or "")) != fold_key(str(f.value)):
                    return False
            elif not action_matches(game, mctx, using(ctx), [f]):
                return False
        if phase:
            from cardscript.games.battle_scenes.runtime.triggers import phase_id

            if phase_id(phase) not in (sit.circumstances.phase, sit.circumstances.step):
                return False
        if whose is Ref.OPPONENT and sit.circumstances.turn_player == mctx.controller:
            return False
        if whose is Ref.YOU and sit.circumstances.turn_player != mctx.controller:
            return False
        named = p.action_name                   # "a ação Impossível de se Ver": that action only
        if named and not (sit.source.is_action and fold_key(sit.source.name) == fold_key(named)):
            return False
        if p.first_action and sum(len(b.actions_used) for b in game.state.scene.values()) > 1:
            return False                        # "se ela for a primeira ação usada neste turno" (it counts itself)
        if _next_only(p):                       # Potencializar: the next action of that character causing damage
            bound = mctx.memory.get("use")      # (bound by deal_damage to its first damaging use, then over)
            if not ctx.from_action or bound is not None and bound != ctx.action_use:
                return False
            if not _the_next_use(game, ctx, p, mctx):
                return False
            if p.each_target and (dest in mctx.memory.get("hit", ()) or dest not in [
                    t for ts in ctx.targets for t in ts]):
                return False                    # "+N em cada um de seus alvos": once on each of its targets
        if p.first_by_player and not _first_use_of_its_player(game, ctx, ssel, mctx):
            return False
        if p.first_by_player and p.each_target and dest not in [t for ts in ctx.targets for t in ts]:
            return False                        # "... a cada um dos seus alvos": on its targets only
        return not (p.first_per_turn and dest in game.state.this_turn.damaged_by_action)

    step = damage.Step(p.step)
    scope = damage.Scope(p.scope) if p.scope else None
    destinations: frozenset[CardId] = frozenset()
    if tsel is not None and chosen:
        destinations = frozenset(t for t in resolve(game, mctx, tsel) if isinstance(t, int))
        if not destinations:
            return None
        scope = damage.Scope.CHOSEN_DESTINATION
    elif scope is None:
        keyed_on_source = tsel is None and (ssel is not None or bool(p.source_kind) or bool(p.action_types))
        scope = damage.Scope.FIRST_CALCULATION if keyed_on_source else damage.Scope.ANY
    kinds = frozenset({damage.SourceKind.ACTION}) if p.source_kind == "action" else frozenset()
    return damage.Modifier(
        name=title(game, card) if card >= 0 else (effect.text[:40] or "effect"), step=step, card=card if card >= 0
        else None, controller=mctx.controller,
        add=(p.delta + (quantity(game, mctx, p.delta_x) if p.delta_x is not None else 0))
        if step is not damage.Step.C else 0,
        multiply=p.multiply, divide=p.divide,
        rounding=damage.Rounding(p.round),
        set_to=p.set_to if p.set_to is not None and step is damage.Step.D else None,
        scope=scope, source_kinds=kinds,
        action_types=frozenset(p.action_types),
        destinations=destinations, when=when, when_text=p.text,
        consent=_consent(game, effect, p, mctx) if _gate(effect, p) else None)


def _gate(effect: Effect, p: ModifyDamage) -> tuple[Procedure, ...]:
    """What a D effect's fixed value hangs on (4.8.3 D): "você pode colocar este cenário em seus recursos. Se o
    fizer, aquele dano torna-se 0" -- the optional procedures before an ``if_done`` modification, done (or not)
    as it triggers."""
    if not p.if_done or p not in effect.procedures:
        return ()
    before = effect.procedures[:effect.procedures.index(p)]
    if any(isinstance(q, ModifyDamage) for q in before) or not any(q.optional for q in before):
        return ()
    return before


def _event_context(mctx: EffectContext, dest: CardId, source: CardId | None) -> EffectContext:
    """The modifier's context with the damage event's slots: "o personagem que ... receber dano" is the damage's
    destination, its source the card dealing it."""
    return replace(mctx, slots={**mctx.slots, "event:subject": [dest],
                                **({"event:source": [source]} if source is not None else {})})


def _consent(game: Game, effect: Effect, p: ModifyDamage, mctx: EffectContext
             ) -> Callable[[damage.Situation], bool]:
    from cardscript.games.battle_scenes.runtime.handlers import run

    def consent(sit: damage.Situation) -> bool:
        tctx = _event_context(mctx, sit.destination.card, sit.source.card)
        for q in _gate(effect, p):
            run(game, tctx, q)
        return bool(tctx.last_optional_done)
    return consent


def damage_modifiers(game: Game, ctx: EffectContext) -> tuple[list[damage.Modifier], list[_ModifierOrigin]]:
    """The 5.3 damage modifiers in operation (statics of the cards in the scene and effects generated with a
    duration, 5.7 B), as :class:`damage.Modifier` s, with the effect each comes from."""
    mods: list[damage.Modifier] = []
    origins: list[_ModifierOrigin] = []
    for card, effect, mctx in active_effects(game, (EffectKind.DAMAGE_MODIFIER,)):
        for p in effect.procedures:
            if not isinstance(p, ModifyDamage):
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
            if not isinstance(p, Replace) or p.event != "damage" or not replacing_now(game, p, sctx.controller):
                continue
            protects = [c for c in game.state.scene if selected(game, sctx, p.subject, c)]
            for q in p.instead:
                if not isinstance(q, Redirect):
                    continue
                to: list[CardId] = []
                for subject in protects:
                    rctx = replacing_context(p, sctx, subject, 0)
                    to += [c for c in resolve(game, rctx, q.to)
                           if isinstance(c, int) and c in game.state.scene and c != subject and c not in to]
                if protects and to:
                    out.append(damage.Redirect(title(game, card), sctx.controller, frozenset(protects),
                                               tuple(party(game, c) for c in to), card=card, optional=q.optional,
                                               when=_redirect_when(game, sctx, p),
                                               when_text=p.source.text if p.source is not None else ""))
    return out


def _redirect_when(game: Game, sctx: EffectContext, p: Replace) -> Callable[[damage.Situation], bool] | None:
    """"receber dano de uma ação" / "de um personagem ...": the damage's source (4.8.5: an action, or the card
    dealing it -- for an action's damage, its user too) is one ``p.source`` describes; "durante a Fase de Preparação
    do turno de outro jogador": the replacement's condition holds now."""
    sel, cond = p.source, p.condition
    if sel is None and cond is None:
        return None

    def when(sit: damage.Situation) -> bool:
        if cond is not None and not check_condition(game, sctx, cond):
            return False
        if sel is None:
            return True
        src = sit.source
        if sel.kind is Kind.ACTION:
            return src.is_action
        dealers = [c for c in (src.card, src.user.card if src.user else None) if c is not None]
        return any(selected(game, sctx, sel, c) for c in dealers)
    return when


def _bind_next_action(game: Game, ctx: EffectContext, mods: list[damage.Modifier], origins: list[_ModifierOrigin],
                      result: damage.DamageResult, dest: CardId) -> None:
    """Potencializar's bonus belongs to the first use of an action of its character that causes damage (the
    ``next_action`` modifiers, with the memory of their generated effect's context); it records each target it
    increased (``each_target``: once per target)."""
    applied = {id(m) for m in result.applied}
    for m, o in zip(mods, origins, strict=True):
        if not _next_only(o.proc) or not ctx.from_action or ctx.user is None:
            continue
        ssel = o.proc.source
        if ssel is None:
            continue
        if ssel.kind is Kind.ACTION and not _action_source_matches(game, ctx, ssel, o.ctx):
            continue
        if ssel.kind is not Kind.ACTION and ctx.user not in resolve(game, o.ctx, ssel):
            continue
        o.ctx.memory.setdefault("use", ctx.action_use)
        derived.edited(game)
        if id(m) in applied:
            o.ctx.memory.setdefault("hit", []).append(dest)
            derived.edited(game)


# -- 4.8.1-4.8.4: the procedure


def _action_of(ctx: EffectContext) -> dict[str, object]:
    """The action dealing the damage, for the ``damage`` event (a trigger's ``source`` / ``action_filters``)."""
    if not ctx.from_action or not ctx.action_name:
        return {}
    targets = [t for ts in ctx.targets for t in ts if isinstance(t, int)]      # "uma ação que tenha ele como alvo"
    return {"action": ctx.action_name, "holder": ctx.source, "user": ctx.user, "power": ctx.action_power,
            "targets": targets}


def _becomes_piercing(game: Game, procedure: damage.DamageProcedure, mods: list[damage.Modifier],
                      origins: list[_ModifierOrigin]) -> bool:
    """A ``becomes_piercing`` modifier in operation whose conditions hold for this procedure (its first
    calculation): the damage is piercing from step A on."""
    sit = damage.Situation(procedure, procedure.destination, 0, _circumstances(game))
    return any(o.proc.becomes_piercing and (m.when is None or m.when(sit)) for m, o in zip(mods, origins, strict=True))


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
    from cardscript.games.battle_scenes.runtime.handlers import run

    if target not in game.state.scene:
        game.emit("damage_fizzled", target=target, reason="not in the scene")
        return 0
    if procedure is None:
        procedure = damage.DamageProcedure(damage_source(game, ctx, source), party(game, target), amount, piercing,
                                           ctx.action_name or (title(game, source) if source is not None else ""))
    decider = damage.AgentDecider(game.decide)
    mods, origins = damage_modifiers(game, ctx)
    if not procedure.piercing and _becomes_piercing(game, procedure, mods, origins):
        procedure = replace(procedure, piercing=True)        # "aquele dano torna-se penetrante" (4.8.2)
        piercing = True
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
    first_turn = any(by_index[id(m)].proc.first_per_turn for m in result.applied if id(m) in by_index)
    if procedure.source.is_action and (result.causes_damage or first_turn) \
            and dest not in game.state.this_turn.damaged_by_action:
        game.state.this_turn.damaged_by_action.append(dest)
        derived.edited(game)
    for m in result.triggered:                     # 4.8.3 D: the rest of a triggered effect's text
        o = by_index.get(id(m))
        if o is not None:
            # the event it triggered on: "o personagem que ... receber dano" is the damage's destination
            tctx = _event_context(o.ctx, dest, procedure.source.card)
            done = _gate(o.effect, o.proc)          # already done (or declined) as it triggered
            for q in o.effect.procedures:
                if not isinstance(q, ModifyDamage) and q not in done:
                    run(game, tctx, q)
    base = game.state.scene.get(dest)
    if base is None:
        game.emit("damage_fizzled", target=dest, reason="not in the scene")
        return 0
    if result.amount <= 0:
        game.emit("damage", card=dest, source=procedure.source.card, amount=0, initial=procedure.amount,
                  piercing=procedure.piercing, unloaded=0, player=procedure.source.controller,
                  causes_damage=result.causes_damage, **_action_of(ctx))
        return 0
    app = damage.apply_result(result, shield(game, dest), list(base.carried), decider)
    if app.absorbed:
        shield_event(game, dest, shields.ShieldEvent.penalty(f"damage of {procedure.source.name}", app.absorbed))
    base.damage_taken_this_turn += result.amount
    derived.edited(game)
    if ctx.from_action and ctx.action_name and ctx.source is not None:    # the turn's record of action damage
        game.state.this_turn.damaged_from.append((dest, ctx.user, ctx.source, ctx.action_name, ctx.action_power))
        derived.edited(game)
    game.emit("damage", card=dest, source=procedure.source.card, amount=result.amount, initial=procedure.amount,
              piercing=procedure.piercing, absorbed=app.absorbed, unloaded=app.to_unload,
              player=procedure.source.controller, causes_damage=True,
              user=ctx.user if ctx.from_action else None,                  # the action's user and which use
              action_use=ctx.action_use if ctx.from_action else None,      # (Predador, rules 7)
              **{k: v for k, v in _action_of(ctx).items() if k not in ("user",)})
    game.memo["knocking_out"] = _action_of(ctx)     # "nocauteado por uma ação que cause dano": this one's
    try:
        for c in app.unloaded:
            if dest in game.state.scene and c in game.state.scene[dest].carried:
                game.unload(c)           # the last one knocks the character out / destroys the support (4.7)
    finally:
        game.memo.pop("knocking_out", None)
    return app.to_unload
