"""Executing effect objects: one :class:`~cardscript.compiler.ir.Procedure` at a time (rules 9.1.1).

:func:`run` executes one procedure -- the pause point of the Effects Tree, which calls it once per procedure --
with the :class:`~cardscript.games.battle_scenes.runtime.game.Game` primitives (it never edits the state's lists
itself), asks agents
for every choice through ``game.decide`` (principle 8) and logs through ``game.emit``. What is common to every
procedure happens here (an unsupported text is reported; "Se o fizer" / "Se não o fizer"; 5.8 interruption; the
condition; "você pode" and who decides it); then the procedure's family is dispatched, by its type, to its
handler (:data:`HANDLERS`), one module per group of families mirroring ``cardscript/compiler/ir/``:
:mod:`.damage`, :mod:`.zones`, :mod:`.stages`, :mod:`.choices`, :mod:`.attributes`, :mod:`.actions`,
:mod:`.rules`.

Continuous families (5.3, 5.4, 5.5: :data:`CONTINUOUS`) do nothing when "run": the queries read them while their
card works (``cardscript.games.battle_scenes.runtime.queries``, ``statics``, ``shielding``, ``dealing``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from cardscript.compiler.ir import (
    Allow,
    ChangeAction,
    ChangeHandLimit,
    Condition,
    Effect,
    ExtraDraw,
    ForceTarget,
    Kind,
    ModifyDamage,
    Procedure,
    Replace,
    Search,
    Selector,
    SetEvolution,
    Unsupported,
)
from cardscript.games.battle_scenes.runtime import continuous
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.queries import search_prevented
from cardscript.games.battle_scenes.runtime.selectors import EffectContext, Player, ask_yes_no, check_condition, resolve

__all__ = ["CONTINUOUS", "HANDLERS", "Handler", "handles", "run", "run_effect"]

Handler = Callable[[Game, EffectContext, Any], None]
"""Executes one procedure of its family (the procedure's class is the registry's key)."""

HANDLERS: dict[type[Procedure], Handler] = {}
"""The handler of each procedure family, by its IR class."""

CONTINUOUS: frozenset[type[Procedure]] = frozenset({Allow, ModifyDamage, ExtraDraw, ChangeAction, Replace,
                                                    ForceTarget, ChangeHandLimit, SetEvolution})
"""Families with no handler that are continuous effects (read by the queries, not run)."""

P = TypeVar("P", bound=Procedure)


def handles(family: type[P]) -> Callable[[Callable[[Game, EffectContext, P], None]],
                                        Callable[[Game, EffectContext, P], None]]:
    """Register the decorated function as the handler of ``family``."""
    def register(fn: Callable[[Game, EffectContext, P], None]) -> Callable[[Game, EffectContext, P], None]:
        HANDLERS[family] = cast(Handler, fn)
        return fn
    return register


def run(game: Game, ctx: EffectContext, proc: Procedure) -> None:
    """Execute one procedure (one pause point of the Effects Tree, 9.1.1)."""
    if isinstance(proc, Unsupported):
        game.emit("unsupported", text=proc.text, why=proc.why, source=ctx.source)
        return
    if ctx.memory.get("cancelled"):
        game.emit("skipped", text=proc.text, reason="the action has no effect (4.6.2, 'não terá efeito')")
        return
    if proc.if_done and not ctx.last_optional_done:
        game.emit("skipped", text=proc.text, reason="se o fizer: the optional step was not done")
        return
    if proc.if_not_done and ctx.last_optional_done:
        game.emit("skipped", text=proc.text, reason="se não o fizer: the optional step was done")
        return
    if not ctx.from_action and ctx.source is not None and continuous.text_lost(game, ctx.source):
        # 5.8 ATENÇÃO: an effect of a text that lost its effect while resolving is interrupted at once
        game.emit("interrupted", text=proc.text, source=ctx.source, reason="its permanent text has no effect (5.8)")
        return
    if proc.condition is not None and not _holds(game, ctx, proc.condition):
        if proc.optional:                  # "se ..., você pode ...": not done, so no "Se o fizer" either
            ctx.last_optional_done = False
        game.emit("skipped", text=proc.text, reason=f"condition not met: {proc.condition.text}")
        return
    if isinstance(proc, Search) and search_prevented(game, ctx.controller, proc.zones or ("deck",)):
        ctx.last_optional_done = False     # golden rule 8 B: the prevention beats the "você pode" that allows it
        game.emit("prevented", text=proc.text, player=ctx.controller, reason="an effect prevents searching (8 B)")
        return
    if proc.optional:
        done = ask_yes_no(game, _decider(game, ctx, proc), f"{proc.text}?")
        ctx.last_optional_done = done
        if not done:
            game.emit("declined", text=proc.text)
            return
    handler = HANDLERS.get(type(proc))
    if handler is None:
        if type(proc) in CONTINUOUS:
            game.emit("continuous", text=proc.text, op=proc.family)
            return
        game.emit("unsupported", text=proc.text, why=f"no executor for {proc.family}", source=ctx.source)
        return
    acting = game.acting
    game.acting = _acting(ctx) if ctx is game.using else None
    try:
        handler(game, ctx, proc)
    finally:
        game.acting = acting


def _acting(ctx: EffectContext) -> dict[str, object] | None:
    """The action whose effect this procedure is (its user, holder, name, power, use), for the events it causes: a
    character knocked out, a support destroyed, a stage changed by it (4.7, 4.5) -- "se este personagem nocautear um
    personagem ao usar a ação X". Only while that action's effect resolves (4.6.2 I: ``Game.using``): not its costs,
    nor effects it generated for later, nor triggered effects resolving meanwhile."""
    if not ctx.from_action or not ctx.action_name or ctx.source is None:
        return None
    return {"user": ctx.user, "holder": ctx.source, "action": ctx.action_name, "power": ctx.action_power,
            "action_use": ctx.action_use}


def _decider(game: Game, ctx: EffectContext, proc: Procedure) -> int:
    """Who decides a "pode": ``decider``, else the player the procedure's ``who`` names ("O controlador daquele
    personagem pode comprar um card" -> that controller), else the effect's controller."""
    who = proc.decider if proc.decider is not None else getattr(proc, "who", None)
    if isinstance(who, Selector) and (who.kind is Kind.PLAYER or who is proc.decider):
        found = [t for t in resolve(game, ctx, who) if isinstance(t, Player)]
        if len(found) == 1:
            return found[0].index
    return ctx.controller


def _holds(game: Game, ctx: EffectContext, cond: Condition) -> bool:
    """A procedure's condition, each part read once per effect: a lead's condition is checked when the sentence
    begins and holds for every clause after it ("Se houver um cenário em cena, coloque-o nos recursos de seu dono e
    compre um card": the draw still happens once the scenario has left)."""
    if cond.all_of and cond.kind == "all" and not cond.negated:
        return all(_holds(game, ctx, c) for c in cond.all_of)
    held = ctx.memory.setdefault("held", {})
    assert isinstance(held, dict)
    key = id(cond)
    if key not in held:
        held[key] = check_condition(game, ctx, cond)
    return bool(held[key])


def run_effect(game: Game, ctx: EffectContext, effect: Effect) -> None:
    """Every procedure of an effect in order, without pauses (tests, simple callers; the Effects Tree
    calls :func:`run` once per procedure instead)."""
    for p in effect.procedures:
        run(game, ctx, p)


# the families' handlers register themselves (imported last: they use ``handles`` and ``run``)
from cardscript.games.battle_scenes.runtime.handlers import actions, attributes, choices, damage, rules, stages, zones  # noqa: E402

__all__ += ["actions", "attributes", "choices", "damage", "rules", "stages", "zones"]
