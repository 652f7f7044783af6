"""Why the engine does not let a character use an action now: the first requirement of 4.6.2 C-F it misses, in
the order :func:`cardscript.games.battle_scenes.runtime.actions.legal_actions` checks them -- for a FAIL that says what
to change."""

from __future__ import annotations

from dataclasses import replace

from cardscript.games.battle_scenes.runtime import actions, queries, rules, statics
from cardscript.games.battle_scenes.runtime.actions import ActionUse
from cardscript.games.battle_scenes.runtime.match import Match

WINDOWS = {"preparation": "the Fase de Preparação (Imprevistas only)", "anticipation":
           "the Etapa de Antecipação (Antecipar only)", "attack": "the Etapa de Ataque"}


def why_not(game: Match, use: ActionUse, window: str | None) -> str:
    engine, s = game.eng, game.state
    base = s.scene[use.user]
    player = base.controller
    if window is None:
        return "its controller has no window for actions now (4.6.2 C.5: the Etapa de Ataque of its turn, the " \
               "opponent's Etapa de Antecipação, Imprevistas in its Fase de Preparação)"
    ready = base.entered_turn < s.turn or base.card in engine.ready
    if not ready and not rules.is_ready(game, base.card, use.action.name, actions.action_power(game, use) or None):
        return "it entered the scene this turn (4.6.2 C.1); write `, entrou neste turno` only if it did"
    if not actions._room_for(game, base, use):                     # noqa: SLF001 - the same check, to name it
        return "it already used its action this turn (4.6.2 C.4)"
    need = actions.action_power(game, use)
    powers = {actions.power_key(p) for p in statics.powers(game, base.card)}
    if need and need not in powers:
        return f"it lacks the power the action needs ({need}; it has {', '.join(sorted(powers)) or 'none'}: 4.6.2 C.2)"
    limited = rules.use_limited(game, player, base.card, use.action)
    if limited is not None:
        return limited
    if not actions.cost_payable(game, use, base):
        return f"its stage ({base.stage}) cannot pay the cost {use.action.cost} (4.6.2 E.1): set `estágio N`"
    anticipate, unforeseen = queries.action_types(game, base.card, use.action)
    if not actions.type_allowed(replace(use.action, anticipate=anticipate, unforeseen=unforeseen), window):
        return f"its type cannot be used in {WINDOWS[window]} (4.6.2 C.5)"
    if not queries.can_use_action(game, base.card, use.action, use.holder):
        return "an effect prevents it (4.6.2 D)"
    ctx = actions.action_context(engine, use)
    if not all(queries.extra_cost_payable(game, ctx, p) for p in use.action.costs):
        return "its extra cost cannot be paid (4.6.2 E.2: Energia Cósmica takes cards from the resources)"
    return "no legal target for it (4.6.2 F)"
