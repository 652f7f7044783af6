"""What may be done (rules 4.6, 5.4, 5.7; golden rule 8 B): extra actions granted by a resolving effect, and
restrictions created with a duration.

``Allow``, ``ChangeAction``, ``SetCost``, ``ForceTarget``, ``ExtraDraw`` and restrictions without a duration
are statics: the queries read them while their card is in place (:mod:`cardscript.games.battle_scenes.runtime.queries`);
with one,
created by a resolving effect, they are generated statics in the state.
"""

from __future__ import annotations

import copy

from cardscript.compiler.ir import (
    Allow,
    ChangeAction,
    Duration,
    Effect,
    EffectKind,
    ExtraAction,
    Filter,
    Ref,
    Restrict,
    Selector,
    SetCost,
)
from cardscript.games.battle_scenes.runtime import continuous, derived
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.handlers import handles
from cardscript.games.battle_scenes.runtime.selectors import ActionThing, EffectContext, resolve
from cardscript.games.battle_scenes.runtime.state import ActionGrant


@handles(ExtraAction)
def extra_action(game: Game, ctx: EffectContext, proc: ExtraAction) -> None:
    """4.6.2 C.4: "<who> pode usar mais uma ação [de {AG}] / esta ação / aquela ação / a ação X outra vez neste
    turno": one more use this turn, of any action or only of the matching ones (an :class:`ActionGrant`)."""
    filters = tuple(proc.action_filters) + _again(game, ctx, proc)
    for t in resolve(game, ctx, proc.who):
        if isinstance(t, int) and t in game.state.scene:
            base = game.state.scene[t]
            if filters or proc.free or proc.target is not None or proc.then or proc.ready:
                kept = copy.copy(ctx) if proc.then or _remembers(filters) else None
                base.extra_grants.extend([ActionGrant(filters, ctx.controller, ctx.source, proc.free, proc.target,
                                                      proc.then, kept, ready=proc.ready)]
                                         * proc.amount)
            else:
                base.extra_actions += proc.amount
                derived.edited(game)
            game.emit("extra_action", card=t, same_action=proc.same_action, free=proc.free,
                      only=[f"{f.field} {f.op} {f.value}" for f in filters])


def _remembers(filters: tuple[Filter, ...]) -> bool:
    """Filters naming a card this effect remembered ("a ação daquele card"): read later in the granting context."""
    return any(isinstance(f.value, Selector) and f.value.ref is Ref.SLOT for f in filters)


def _again(game: Game, ctx: EffectContext, proc: ExtraAction) -> tuple[Filter, ...]:
    """The action used again: "esta ação" (the effect's own action), ``again`` ("aquela ação": the event's)."""
    names: list[str] = []
    if proc.same_action and ctx.action_name:
        names.append(ctx.action_name)
    if proc.again is not None:
        names += [t.name for t in resolve(game, ctx, proc.again) if isinstance(t, ActionThing)]
    if (proc.same_action or proc.again is not None) and not names:
        names.append("")                      # the action is gone: no action matches
    return tuple(Filter("name", "eq", n) for n in names[:1])


@handles(ChangeAction)
def change_action(game: Game, ctx: EffectContext, proc: ChangeAction) -> None:
    """Action types changed by a resolving effect for a time ("pode usar suas ações como se fossem ações de antecipar
    até o final do turno"): a generated static (5.7 A.2.1, B) read by ``queries.action_types``."""
    _for_a_time(game, ctx, proc)


@handles(SetCost)
def set_cost(game: Game, ctx: EffectContext, proc: SetCost) -> None:
    """A cost change created by a resolving effect ("a próxima ação de {SF} que aquele personagem usar neste turno
    custará {1} a menos"): a generated static (5.7 A.2.1, B) read by ``queries.action_cost`` for its duration --
    a ``next_only`` one is spent by the use it applies to (``queries.spend_cost_changes``)."""
    _for_a_time(game, ctx, proc)


@handles(Allow)
def allow(game: Game, ctx: EffectContext, proc: Allow) -> None:
    """A permission with a duration created by a resolving effect ("Até o final do turno o personagem escolhido pode
    usar a ação X", "durante este turno, você pode ..."): a generated static (5.7 A.2.1, B) read by the queries for
    its duration; without one it is its card's static, read while in place."""
    _for_a_time(game, ctx, proc)


@handles(Restrict)
def restrict(game: Game, ctx: EffectContext, proc: Restrict) -> None:
    """A restriction with a duration ("... não podem procurar cards nos decks até o final do turno"), created
    by a resolving effect: a generated static (5.7 A.2.1, B) in the state; without one it is a static, read
    from its card while in place."""
    _for_a_time(game, ctx, proc)


def _for_a_time(game: Game, ctx: EffectContext, proc: Allow | ChangeAction | SetCost | Restrict) -> None:
    """A static procedure run by a resolving effect: with a duration it becomes a generated static (5.7 A.2.1, B)
    in the state, with this effect's context; without one it is its card's static, read while in place."""
    if proc.duration in (Duration.WHILE_IN_PLACE, Duration.INSTANT):
        game.emit("continuous", text=proc.text, op=proc.family)
        return
    made = Effect(EffectKind.STATIC, (proc,), duration=proc.duration, text=proc.text)
    continuous.add(game, str(EffectKind.STATIC), ctx.source, ctx.controller, [], proc.duration, effect=made,
                   context=ctx)
