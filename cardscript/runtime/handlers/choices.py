"""Choosing (principle 8): things, or a characteristic such as an affiliation.

What was chosen fills the procedure's ``introduces`` slot; a ``card:N`` slot chosen by a permanent text is also
remembered by its card for its other texts ("o personagem escolhido": ``GameState.chosen``), and the chosen
are marked when the choice marks them ("potencializado" this turn, glossary).
"""

from __future__ import annotations

from cardscript.compiler.ir import Choose
from cardscript.runtime import characteristics
from cardscript.runtime.game import Game
from cardscript.runtime.handlers import handles
from cardscript.runtime.selectors import EffectContext, names, select


@handles(Choose)
def choose(game: Game, ctx: EffectContext, proc: Choose) -> None:
    """"escolha <what>" (the controller chooses among what the selector stands for), or "escolha uma afiliação
    [que não seja X]" (``characteristic``: Soprano V1, remembered by ``characteristics.choose_trait``)."""
    if proc.characteristic:
        named = characteristics.choose_trait(game, ctx, proc.characteristic, proc.excluding, f"{proc.text}: choose")
        ctx.last_optional_done = named is not None
        game.emit("chosen", things=[named] if named else [], player=ctx.controller, characteristic=proc.characteristic)
        return
    assert proc.what is not None
    chosen = select(game, ctx, proc.what, "choose", f"{proc.text}: choose")
    if proc.introduces:
        ctx.write(proc.introduces, chosen)
        if not ctx.from_action and ctx.source is not None and proc.introduces.startswith("card:"):
            # "o personagem escolhido" of a permanent text: the card remembers it for its other texts
            game.state.chosen.setdefault(ctx.source, {})[proc.introduces] = [t for t in chosen if isinstance(t, int)]
    ctx.last_optional_done = bool(chosen)
    for verb in proc.marks:                                     # chosen for a Potencializar effect: it is
        for t in chosen:                                        # "potencializado" this turn (glossary)
            if isinstance(t, int):
                game.state.this_turn.marked.append((verb, t))
    game.emit("chosen", things=list(names(game, chosen)), player=ctx.controller)
