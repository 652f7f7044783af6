"""Capacitation stages (rules 4.5): "(in)capacite <targets> em {N}", "coloque-o no estágio {0}"; leaving the scene
by effect (4.7): "nocauteie" / "destrua"."""

from __future__ import annotations

from cardscript.compiler.ir import ChangeStage, KnockOut
from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.handlers import handles
from cardscript.games.battle_scenes.runtime.queries import capacitate_prevented
from cardscript.games.battle_scenes.runtime.selectors import EffectContext, quantity, select


@handles(ChangeStage)
def change_stage(game: Game, ctx: EffectContext, proc: ChangeStage) -> None:
    """4.5: each target still in the scene is (in)capacitated by the stages given: X (``amount``), the one
    offered, or the one the controller picks among those offered ("em {1} ou {2}")."""
    targets = [t for t in select(game, ctx, proc.targets, "target", f"{proc.text}: choose") if isinstance(t, int)]
    if proc.introduces:
        ctx.write(proc.introduces, targets)
    if proc.to_stage is not None:             # "coloque aquele personagem no estágio {0}"
        for t in targets:
            base = game.state.scene.get(t)
            if base is None:
                continue
            if proc.to_stage > base.stage and not capacitate_prevented(game, t):
                game.capacitate(t, proc.to_stage - base.stage, by=ctx.controller)
            elif proc.to_stage < base.stage:
                game.incapacitate(t, base.stage - proc.to_stage, by=ctx.controller)
        return
    amounts = proc.amounts
    if proc.amount is not None:
        amount = quantity(game, ctx, proc.amount)
    elif len(amounts) > 1:
        pick = game.decide(Decision(ctx.controller, "stage", f"{proc.text}: how many stages?",
                                    tuple(f"{{{a}}}" for a in amounts)))
        amount = amounts[pick[0]]
    else:
        amount = amounts[0] if amounts else 0
    done: list[int] = []
    for t in targets:
        if t not in game.state.scene:
            continue
        if proc.capacitate:
            if capacitate_prevented(game, t):         # "não pode ser capacitado" (8 B: the prevention wins)
                game.emit("prevented", text=proc.text, card=t, reason="an effect prevents capacitating it")
                continue
            if game.capacitate(t, amount, by=ctx.controller) > 0:
                done.append(t)
        elif game.incapacitate(t, amount, by=ctx.controller) > 0:
            done.append(t)
    changed = bool(done)
    if proc.introduces:            # "os personagens que foram incapacitados desta forma": those whose stage changed
        ctx.write(f"{proc.introduces}:changed", done)
        ctx.write(proc.introduces, targets)        # still the latest written ("o restante" reads after it)
    if proc.optional:      # "você pode incapacitar X em {1}. Se o fizer ...": done only if a stage changed
        ctx.last_optional_done = changed


@handles(KnockOut)
def knock_out(game: Game, ctx: EffectContext, proc: KnockOut) -> None:
    """4.7: "nocauteie <targets>" -- a character is knocked out (its cards unloaded, it goes to its owner's prizes),
    a support destroyed (to its owner's resources)."""
    targets = [t for t in select(game, ctx, proc.targets, "target", f"{proc.text}: choose") if isinstance(t, int)]
    if proc.introduces:
        ctx.write(proc.introduces, targets)
    for t in targets:
        if t not in game.state.scene:
            continue
        if game.is_support(t):
            game.destroy(t)
        else:
            game.knock_out(t, reason=proc.text[:40])
