"""Capacitation stages (rules 4.5): "(in)capacite <targets> em {N}".

``KnockOut`` ("nocauteie", "destrua", 4.7) has no handler yet (reported as unsupported when run).
"""

from __future__ import annotations

from cardscript.compiler.ir import ChangeStage
from cardscript.runtime.agents import Decision
from cardscript.runtime.game import Game
from cardscript.runtime.handlers import handles
from cardscript.runtime.selectors import EffectContext, quantity, select


@handles(ChangeStage)
def change_stage(game: Game, ctx: EffectContext, proc: ChangeStage) -> None:
    """4.5: each target still in the scene is (in)capacitated by the stages given: X (``amount``), the one
    offered, or the one the controller picks among those offered ("em {1} ou {2}")."""
    targets = [t for t in select(game, ctx, proc.targets, "target", f"{proc.text}: choose") if isinstance(t, int)]
    amounts = proc.amounts
    if proc.amount is not None:
        amount = quantity(game, ctx, proc.amount)
    elif len(amounts) > 1:
        pick = game.decide(Decision(ctx.controller, "stage", f"{proc.text}: how many stages?",
                                    tuple(f"{{{a}}}" for a in amounts)))
        amount = amounts[pick[0]]
    else:
        amount = amounts[0] if amounts else 0
    for t in targets:
        if t not in game.state.scene:
            continue
        if proc.capacitate:
            game.capacitate(t, amount)
        else:
            game.incapacitate(t, amount)
