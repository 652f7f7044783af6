"""Damage procedures (rules 4.8): "<source> causa N pontos de dano [penetrante] em <targets>".

The source as 4.8.5 identifies it, the destinations chosen, then one damage procedure each through the damage
pipeline (:func:`cardscript.games.battle_scenes.runtime.dealing.deal_damage`): 4.8.4.1 several destinations in the order
the
effect's controller chooses, or 4.8.4.2 the damage distributed among them first. ``ModifyDamage`` (5.3) and
``Redirect`` (the replacing procedure of a 5.5 damage replacement) are read by the pipeline, not run.
"""

from __future__ import annotations

from cardscript.compiler.ir import Damage
from cardscript.games.battle_scenes.runtime import damage
from cardscript.games.battle_scenes.runtime.dealing import damage_source, deal_damage, party
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.handlers import handles
from cardscript.games.battle_scenes.runtime.selectors import EffectContext, count, quantity, resolve, select


@handles(Damage)
def deal(game: Game, ctx: EffectContext, proc: Damage) -> None:
    """4.8: the damage of one procedure, to each destination (what was damaged fills ``introduces``)."""
    sources = resolve(game, ctx, proc.source)
    if proc.each_source:                    # "cada um deles causa ...": one procedure per source, in turn
        damaged: list[int] = []
        for one in [s for s in sources if isinstance(s, int)]:
            damaged += _deal_from(game, ctx, proc, one)
        if proc.introduces:
            ctx.write(proc.introduces, damaged)
        return
    damaged = _deal_from(game, ctx, proc, next((s for s in sources if isinstance(s, int)), ctx.source))
    if proc.introduces:
        ctx.write(proc.introduces, damaged)


def _deal_from(game: Game, ctx: EffectContext, proc: Damage, source: int | None) -> list[int]:
    """The damage of ``proc`` from ``source`` to the destinations chosen now: those chosen (what it damaged)."""
    targets = [t for t in select(game, ctx, proc.targets, "target", f"{proc.text}: choose the target")
               if isinstance(t, int)]
    chosen = list(targets)
    if proc.introduces:
        ctx.write(proc.introduces, chosen)
    amount = quantity(game, ctx, proc.amount)
    if proc.per is not None:                # "para cada <x>": the amount times what it counts
        amount *= count(game, ctx, proc.per)
    targets = [t for t in targets if t in game.state.scene]
    if not targets:
        return chosen
    src = damage_source(game, ctx, source, proc.source.ref)
    effect = ctx.action_name or (game.name(ctx.source) if ctx.source is not None else "")
    decider = damage.AgentDecider(game.decide)
    if proc.distribute:
        # 4.8.4.2: the controller first distributes all the damage (each share is step A of its procedure)
        procs = damage.distribute(src, amount, [party(game, t) for t in targets], proc.piercing, decider, effect)
    else:
        # 4.8.4.1: several destinations, one procedure each, in the order the effect's controller chooses
        procs = damage.split_targets(src, [party(game, t) for t in targets], amount, proc.piercing, decider, effect)
    for dp in procs:
        if dp.destination.card in game.state.scene:
            deal_damage(game, ctx, source, dp.destination.card, dp.amount, proc.piercing, procedure=dp)
    return chosen
