"""Characteristics gained and lost, and shields set, by a resolving effect (rules 4.8.6, 5.7 A.2.1; golden rule
8 B.2: losing beats gaining).

With a duration ("até o final do turno") they become state effects
(:func:`cardscript.games.battle_scenes.runtime.continuous.add`)
or shield events (4.8.6 B, C, A); without one (``WHILE_IN_PLACE``) they are statics, read while their card is in
place (:mod:`cardscript.games.battle_scenes.runtime.statics`, :mod:`cardscript.games.battle_scenes.runtime.shielding`,
``characteristics``).
"""

from __future__ import annotations

from cardscript.compiler.ir import Duration, Gain, Lose, Selector, SetShield
from cardscript.games.battle_scenes.runtime import characteristics, continuous, shields
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.handlers import handles, run
from cardscript.games.battle_scenes.runtime.queries import replacement_for, using
from cardscript.games.battle_scenes.runtime.selectors import (
    ActionThing,
    EffectContext,
    Trait,
    quantity,
    resolve,
    select,
)
from cardscript.games.battle_scenes.runtime.shielding import effect_id, shield_event
from cardscript.games.battle_scenes.runtime.statics import powers_now


def powers_read(game: Game, ctx: EffectContext, sel: Selector) -> list[str]:
    """The powers a selector stands for, read now: a chosen power (a ``Trait``), or the powers those cards have."""
    out: list[str] = []
    for t in resolve(game, ctx, sel):
        found = [t.value] if isinstance(t, Trait) else sorted(powers_now(game, t, 0)) if isinstance(t, int) else []
        out += [p for p in found if p not in out]
    return out


def _lasting(duration: Duration) -> shields.ShieldDuration:
    return shields.ShieldDuration.END_OF_TURN if duration is Duration.END_OF_TURN else shields.ShieldDuration.WHILE


@handles(Gain)
def gain(game: Game, ctx: EffectContext, proc: Gain) -> None:
    """"<targets> ganha(m) Escudo +N / {AG} / a afiliação X até o final do turno": a shield bonus (4.8.6 B) or
    penalty ("Escudo -N", C), powers, alignments and affiliations as state effects (5.7 A.2.1)."""
    if proc.duration is Duration.WHILE_IN_PLACE:
        game.emit("continuous", text=proc.text, op=proc.family)
        return
    duration = proc.duration or Duration.END_OF_TURN
    powers_of = powers_read(game, ctx, proc.powers_of) if proc.powers_of is not None else []
    affiliations_of = sorted({a for c in resolve(game, ctx, proc.affiliations_of) if isinstance(c, int)
                              for a in characteristics.affiliations(game, c)}) if proc.affiliations_of else []
    actions_of = [c for c in resolve(game, ctx, proc.actions_of) if isinstance(c, int)] if proc.actions_of else []
    egos = [*proc.alter_egos, *_alter_egos_of(game, ctx, proc)]
    for t in select(game, ctx, proc.targets, "target", f"{proc.text}: choose"):
        if isinstance(t, ActionThing) and proc.keywords:
            _action_gains(game, ctx, proc, t, duration)
            continue
        if not isinstance(t, int) or t not in game.state.scene:
            continue
        shield = proc.shield if proc.shield_x is None else quantity(game, ctx, proc.shield_x)   # "Escudo +X"
        if shield is not None:                     # 4.8.6 B (a bonus) or C ("Escudo -N", a penalty)
            n = shield
            eid = effect_id(game, ctx)
            if n > 0:
                shield_event(game, t, shields.ShieldEvent.bonus(eid, n, _lasting(duration)))
            elif n < 0 and _penalty_replaced(game, ctx, t, -n):
                shield = None                      # 5.5: it did not happen (damage instead)
            elif n < 0:
                shield_event(game, t, shields.ShieldEvent.penalty(eid, -n))
        gained = [*proc.powers, *(p for p in powers_of if p not in proc.powers)]   # "os poderes de <x>": as now
        if gained:
            continuous.add(game, "gain", ctx.source, ctx.controller, [t], duration, powers=gained)
        affiliations = [*proc.affiliations, *affiliations_of]
        if proc.alignments or affiliations:          # "... ganha a afiliação X até o final do turno" (5.7 A.2.1)
            continuous.add(game, "gain", ctx.source, ctx.controller, [t], duration,
                           alignments=list(proc.alignments) or None, affiliations=affiliations or None)
        if egos:                                     # "ganha o alter ego X até o final do turno" (filters._card_words)
            continuous.add(game, "gain", ctx.source, ctx.controller, [t], duration, alter_egos=egos)
        if actions_of or proc.keywords:              # "pode usar as ações de <x>", keywords (see has_keyword)
            continuous.add(game, "gain", ctx.source, ctx.controller, [t], duration, actions=actions_of,
                           keywords=list(proc.keywords), rules=list(proc.keyword_rules),
                           ready_actions=list(proc.ready_actions))
        game.emit("gain", card=t, shield=shield, powers=gained, duration=str(proc.duration))


def _penalty_replaced(game: Game, ctx: EffectContext, card: int, n: int) -> bool:
    """5.5: a replacement of the Shield penalty (4.8.6 C) an action's effect gives ``card`` ("Ações de {EL} cujos
    efeitos reduzam o valor de Escudo causam aquela mesma quantidade de dano ao invés disso"): the replacing
    procedures run instead, as part of the action's effect (the damage is the action's, 4.8.5), with the penalty's
    number (``event_amount``) and the character (the replacement's ``subject_slot``). True when it was replaced."""
    if ctx is not game.using or not ctx.from_action:
        return False
    found = replacement_for(game, "lower_shield", using(ctx))
    if found is None:
        return False
    rep, sctx = found
    game.emit("replaced", text=f"Escudo -{n}", by=rep.text, source=sctx.source, card=card)
    saved_amount, saved_slot = ctx.event_amount, ctx.slots.get(rep.subject_slot)
    ctx.event_amount = n
    ctx.slots[rep.subject_slot] = [card]
    try:
        for q in rep.instead:
            run(game, ctx, q)
    finally:
        ctx.event_amount = saved_amount
        if saved_slot is None:
            ctx.slots.pop(rep.subject_slot, None)
        else:
            ctx.slots[rep.subject_slot] = saved_slot
    return True


def _alter_egos_of(game: Game, ctx: EffectContext, proc: Gain) -> list[str]:
    """"o alter ego de um card de personagem que ele estiver carregando": the printed alter ego of the card chosen."""
    if proc.alter_egos_of is None:
        return []
    out: list[str] = []
    for c in select(game, ctx, proc.alter_egos_of, "choose", f"{proc.text}: whose alter ego"):
        ego = getattr(game.cards.get(c), "alter_ego", None) if isinstance(c, int) else None
        if ego:
            out.append(str(ego))
    return out


def _action_gains(game: Game, ctx: EffectContext, proc: Gain, action: ActionThing, duration: Duration) -> None:
    """"aquela ação ganha Ação Única até o final do turno" (5.7 A.2.1): the action written on ``action.holder`` with
    that name has the keywords for the duration (read by
    :func:`cardscript.games.battle_scenes.runtime.rules.gained_action_keyword`)."""
    continuous.add(game, "gain_action", ctx.source, ctx.controller, [action.holder], duration, name=action.name,
                   keywords=list(proc.keywords))
    game.emit("gain", card=action.holder, action=action.name, keywords=list(proc.keywords), duration=str(duration))


@handles(Lose)
def lose(game: Game, ctx: EffectContext, proc: Lose) -> None:
    """"O personagem alvo perde aquele poder até o final do turno": a state effect (5.7 A.2.1); losing beats
    gaining (8 B.2, see :func:`cardscript.games.battle_scenes.runtime.statics.powers`)."""
    if proc.duration is Duration.WHILE_IN_PLACE:
        game.emit("continuous", text=proc.text, op=proc.family)
        return
    if proc.all_powers:
        lost: object = "all"
    elif proc.powers_of is not None:         # "aquele poder" (chosen earlier), "os poderes de <x>" (as now)
        lost = powers_read(game, ctx, proc.powers_of)
    else:
        lost = list(proc.powers)
    affiliations: object = "all" if proc.all_affiliations else list(proc.affiliations)
    alignments: object = "all" if proc.all_alignments else list(proc.alignments)
    for t in select(game, ctx, proc.targets, "target", f"{proc.text}: choose"):
        if isinstance(t, int) and t in game.state.scene:     # read by statics.powers and characteristics.traits
            continuous.add(game, "lose", ctx.source, ctx.controller, [t], proc.duration, powers=lost,
                           affiliations=affiliations or None, alignments=alignments or None)


@handles(SetShield)
def set_shield(game: Game, ctx: EffectContext, proc: SetShield) -> None:
    """4.8.6 A: "o Escudo de <targets> torna-se N": a new Base Shield; A.1: earlier damage and penalties do not
    apply while it operates."""
    if proc.duration is Duration.WHILE_IN_PLACE:
        game.emit("continuous", text=proc.text, op=proc.family)
        return
    value = proc.value if proc.value_x is None else quantity(game, ctx, proc.value_x)
    for t in resolve(game, ctx, proc.targets):
        if isinstance(t, int) and t in game.state.scene:
            duration = proc.duration or Duration.END_OF_TURN
            shield_event(game, t, shields.ShieldEvent.set_base(effect_id(game, ctx), max(0, value), _lasting(duration)))
            game.emit("set_shield", card=t, value=value)
