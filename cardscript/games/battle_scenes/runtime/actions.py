"""Using actions (rules 4.6.2): which actions a character may use, paying their costs, choosing modes
and targets, and resolving the action's effect in the Effects Tree.

The steps of 4.6.2 as implemented:

* A -- say which character uses which action: :class:`ActionUse` (``user`` and ``holder``, the card the
  action is written on).
* B -- modes: an action with several options (``ActionDef.modes``) asks its controller which one.
* C -- requirements (:func:`legal_actions`): C.1 in the scene since the start of the turn (or
  "tem prontidão para a ação que vai usar": a ``ready`` RULE static -- Prontidão, with the actions it names,
  :func:`cardscript.games.battle_scenes.runtime.rules.is_ready` -- or an engine grant, 4.4.2.2 EV); C.2 the character
  has the
  action's power (the ability card's power, or the action box's; a base card action with no printed power needs
  none); C.3 the action is on the base card, a carried ability card or a carried character card of the same
  alter ego (or name; 4.4.2.3 A.1), or a carried card whose ``use_carried_action`` static lets its carrier use
  it (Interligar, :func:`cardscript.games.battle_scenes.runtime.rules.carried_actions`); C.4 one action per turn unless
  ``InScene.extra_actions`` allows more, and the action's own use restrictions allow it (its keywords' RULE
  statics, :func:`cardscript.games.battle_scenes.runtime.rules.use_limited`: Ação Única, never an action of the same
  name twice;
  Singularidade, one such action per player and turn); C.5 the type suits the window: ``preparation`` (own
  turn: Imprevistas), ``anticipation`` (the opponent's turn: Antecipar), ``attack`` (own turn: all).
* D -- effects that prevent the action: not modelled yet (no static effects in the engine).
* E -- costs: E.1 incapacitate the character by the cost (it must be payable: stage >= cost; cost X:
  the player chooses X up to the stage); E.2 extra costs (``ActionDef.costs``: its keywords' -- E.2.1 Energia
  Cósmica N, "como parte do custo desta ação, coloque N cards de seus recursos na base de seu deck" -- and those
  printed before ":"), run as procedures before the targets and the effect; an action whose extra costs cannot
  all be paid is not legal (``queries.extra_cost_payable``); an X they leave open (Energia Cósmica X) is
  chosen as they are paid, up to what can be paid.
* F -- targets: each target selector of the action (``ActionDef.targets``) is chosen among the
  characters/supports in the scene that match it (F.1.1); a bare "alvo" is a character or a support
  (F.1.2); a player target ("oponente alvo") is chosen among players. An action without a legal target
  for a target it needs is not legal. F.2.2: a card an effect says cannot be the target is never a
  candidate (``queries.can_be_targeted``); F.2.1: a card an effect says must be the target
  (``queries.must_be_targeted``) is chosen by the first target selector that can choose it (an action
  that cannot have every such card as a target is not legal). Each choice emits a ``targeted`` event
  (triggers "when ... becomes the target").
* G -- effects triggered by E/F are resolved (level 1 of a fresh tree);
* H -- ``use_action`` is emitted and what it triggers resolved;
* I -- the action's effect resolves as the start of the Effects Tree (level 0), procedure by
  procedure (9.1.2.1), with the procedures its keywords add before and after the chosen mode
  (``ActionDef.effect_procedures``: Clarividência N sets the top N cards of the deck aside and reveals any of them
  first, and returns them to the top of the deck in any order last, after what the effect triggered, 7.1).

The keywords' meanings come from the prelude (``cardscript/games/battle_scenes/prelude/``) lowered by
``cardscript/compiler/lower_action_keywords.py``; nothing here reads a keyword's name (``ActionDef.keywords`` is
data for display and search).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from cardscript.compiler.ir import (
    ACTION_COST,
    ACTION_START,
    ActionDef,
    ChangeAction,
    ChangeStage,
    Damage,
    Effect,
    EffectKind,
    ExtraAction,
    Gain,
    Kind,
    KnockOut,
    Load,
    Lose,
    Move,
    Selector,
    SetShield,
    Unload,
)
from cardscript.compiler.vocabulary import fold_key, lookup_power, power_by_code
from cardscript.engine.agents import Decision
from cardscript.engine.tree import Pending
from cardscript.games.battle_scenes.runtime import derived, queries, rules, selectors, statics
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.identity import stay
from cardscript.games.battle_scenes.runtime.state import ActionGrant, ActionUseRecord, CardId, InScene
from cardscript.games.battle_scenes.runtime.targeting import mode_targets
from cardscript.games.battle_scenes.runtime.triggers import card_attr, lends_text

if TYPE_CHECKING:
    from cardscript.games.battle_scenes.runtime.turn import Engine

WINDOWS = ("preparation", "anticipation", "attack")


@dataclass(frozen=True)
class ActionUse:
    """A character (``user``, its base card) and an action written on ``holder`` (4.6.2 A, C.3)."""

    user: CardId
    holder: CardId
    action: ActionDef
    candidates: tuple[Any, ...] = field(default=(), compare=False)   # its first target's, when checked

    def label(self, game: Game) -> str:
        kind = "Antecipar" if self.action.anticipate else "Imprevista" if self.action.unforeseen else "normal"
        where = "" if self.holder == self.user else f" (on {game.name(self.holder)})"
        cost = "X" if self.action.cost_is_x else (self.action.cost or 0)
        return f"{game.name(self.user)} uses {self.action.name}{where} [{kind}, cost {cost}]"


HARMFUL = (Damage, Unload, KnockOut, Lose)                  # and incapacitating (ChangeStage)
HELPFUL = (Load, ExtraAction, Gain, SetShield)              # and capacitating


@dataclass(frozen=True)
class EffectSketch:
    """What an action's effect does to its target, for the agents' option facts: ``harm`` True (damage,
    incapacitation, unloading), False (a buff), None (neither); the damage it causes before the 4.8.3
    modifiers (``amount``, the printed number; X counts as 0) and whether it is piercing (4.8.2)."""

    harm: bool | None = None
    amount: int = 0
    piercing: bool = False


def sketch(effect: Effect | None) -> EffectSketch:
    """The first procedure that harms or helps decides (a damage procedure gives its amount)."""
    if effect is None:
        return EffectSketch()
    for p in effect.procedures:
        if isinstance(p, Damage):
            return EffectSketch(True, p.amount.fixed, p.piercing)
        if isinstance(p, HARMFUL) or isinstance(p, ChangeStage) and not p.capacitate:
            return EffectSketch(True)
        if isinstance(p, Gain) and p.shield is not None and p.shield < 0:
            return EffectSketch(True)
        if isinstance(p, HELPFUL) or isinstance(p, ChangeStage) and p.capacitate:
            return EffectSketch(False)
    return EffectSketch()


def action_sketch(action: ActionDef) -> EffectSketch:
    """An action's sketch: its harmful option when it has one (4.6.2 B), else its first."""
    sketches = [sketch(m) for m in action.modes]
    return next((k for k in sketches if k.harm), sketches[0] if sketches else EffectSketch())


def power_key(text: str | None) -> str:
    """A power by name, icon or code, as one comparable key."""
    if not text:
        return ""
    found = lookup_power(text).value or power_by_code(text)
    return found.code if found is not None else fold_key(text)


def character_powers(game: Game, base: InScene) -> set[str]:
    """The powers of a character: its base card's and those lent by carried cards (4.4.2.3 A.1.2)."""
    cards = [base.card, *(c for c in base.carried if str(card_attr(game, c, "card_type")).startswith("Personagem")
                          and lends_text(game, c, base.card))]
    return {power_key(p) for c in cards for p in (card_attr(game, c, "powers") or ())}


def available_actions(game: Game, base: InScene) -> list[ActionUse]:
    """C.3: the actions on the base card, its carried ability cards and same-alter-ego character cards; "ou se
    algum efeito permitir que o personagem use a ação": carried cards with Interligar (a working
    ``use_carried_action`` static)."""
    out: list[ActionUse] = []
    seen: set[tuple[str, int]] = set()
    lent = [c for c in base.carried if lends_text(game, c, base.card)]
    holders = [base.card, *lent, *(c for c in rules.carried_actions(game, base.card) if c not in lent)]
    holders += [c for c in queries.allowed_holders(game, base.card) if c not in holders]   # Allow use_action
    for holder in holders:
        action = card_attr(game, holder, "action")
        if isinstance(action, ActionDef):
            key = (str(card_attr(game, holder, "title")), id(action))
            if key not in seen:             # two identical cards lend one action (4.4.2.3 ATENÇÃO)
                seen.add(key)
                out.append(ActionUse(base.card, holder, action))
    return out


def action_power(game: Game, use: ActionUse) -> str:
    """C.2: the power the action needs: the action box's, else (ability cards) the card's."""
    if use.action.power:
        return power_key(use.action.power)
    if use.holder != use.user and card_attr(game, use.holder, "card_type") == "Habilidade":
        return power_key(card_attr(game, use.holder, "power"))
    return ""


MAX_STAGE = 2          # 4.5: a character's stages of capacitation run from 0 to 2


def type_allowed(action: ActionDef, window: str) -> bool:
    """C.5: Antecipar in the Attack Step or the opponent's Anticipation Step; Imprevistas in the
    Preparation Phase or the Attack Step; normal actions only in the Attack Step (C.5.4)."""
    if window == "attack":
        return True
    if window == "anticipation":
        return action.anticipate
    if window == "preparation":
        return action.unforeseen
    return False


def cost_payable(game: Game, use: ActionUse, base: InScene) -> bool:
    """E.1: the incapacitation cost (stage >= cost; a cost {X}: some X can be chosen, :func:`x_choices`); the extra
    costs are checked as procedures (E.2)."""
    if use.action.cost_is_x:
        return bool(x_choices(game, use, base))
    if free_use(game, use=use, base=base):
        return True                                                  # "sem pagar seu custo de incapacitação"
    cost = queries.action_cost(game, use.action, action_power(game, use), use.user, use.holder) or 0
    return base.stage >= cost


def x_choices(game: Game, use: ActionUse, base: InScene) -> dict[int, int]:
    """4.6.1, 4.6.2 E.1, F: the values of X the player may choose for an action of cost {X}, each with the cost it
    pays. X runs over the stages (0 to 2, 4.5); its cost {X} is changed by the statics as any cost (8 B.3: "as ações
    com custo {0} e {1} têm custo {2}" leaves only X = 2, :func:`queries.action_x_cost`) and must be payable from the
    user's stage -- unless a grant waives it ("sem pagar seu custo de incapacitação": any X, at no cost). An X that
    leaves a target counted by it ("a cada um de X alvos") with no target is not a choice: an action whose targets
    are X different ones cannot be used with none (F)."""
    free = free_use(game, base, use)
    power = action_power(game, use)
    out: dict[int, int] = {}
    for chosen in range(MAX_STAGE + 1):
        x, cost = queries.action_x_cost(game, use.action, chosen, power, use.user, use.holder)
        cost = 0 if free else cost
        if cost > base.stage or x in out:
            continue
        if any(not sel.every and sel.count.x_times and sel.count.x is None
               and sel.count.fixed + sel.count.x_times * x < 1 for sel in use.action.targets):
            continue                                                        # F: "X alvos" with X = 0
        if not queries.can_use_action(game, use.user, use.action, use.holder, x=x):
            continue                                                        # D: "nenhuma ação com custo {1}"
        out[x] = cost
    return out


def cost_x_most(game: Game, ctx: Any, action: ActionDef) -> int | None:
    """The most X the action's extra costs allow when one of them leaves X to be chosen as it is paid ("coloque X
    cards de seus recursos ...": Energia Cósmica X); None when none does."""
    most: int | None = None
    for proc in action.costs:
        if isinstance(proc, Move) and proc.cards.count.x_times > 0 and proc.cards.count.x is None:
            sel = proc.cards
            n = len(selectors.candidates(game, ctx, sel)) // sel.count.x_times
            most = n if most is None else min(most, n)
    return most


def action_context(engine: Engine, use: ActionUse) -> Any:
    """The procedures' EffectContext of an action's effect (None without a procedures module)."""
    game = engine.game
    return engine.new_context(controller=game.state.scene[use.user].controller, source=use.holder, user=use.user,
                              action_name=use.action.name, action_power=action_power(game, use) or None,
                              from_action=True, targets=[], user_stay=stay(game.state, use.user))


def target_candidates(engine: Engine, sel: Selector, controller: int, ctx: Any = None) -> list[Any]:
    """F.1: what a target selector may choose: players, or characters/supports in the scene; F.2.2:
    never one an effect says cannot be the target (the procedures module's ``can_be_targeted``)."""
    game = engine.game
    if sel.kind is Kind.PLAYER:
        players = [1 - controller] if sel.ref is not None and str(sel.ref) == "opponent" else [0, 1]
        reader = ctx if ctx is not None else selectors.EffectContext(controller)   # "o oponente alvo"
        return [selectors.Player(p) for p in players
                if all(selectors.filter_matches(game, reader, selectors.Player(p), f) for f in sel.filters)]
    types = selectors.KIND_TYPES.get(sel.kind, ("Personagem", "Personagem-EV", "Suporte"))     # F.1.2 bare "alvo"
    for kind in getattr(sel, "also", ()):                                           # "personagem ou suporte"
        types = (*types, *selectors.KIND_TYPES.get(kind, ()))
    out: list[Any] = []
    reader = ctx if ctx is not None else selectors.EffectContext(controller)   # the filters read in the action's
    grant = ctx.memory.get("grant_targets") if isinstance(ctx, selectors.EffectContext) else None
    for base in game.state.scene.values():
        if str(card_attr(game, base.card, "card_type")) in types and all(
                selectors.filter_matches(game, reader, base.card, f) for f in sel.filters):
            if ctx is not None and not queries.can_be_targeted(game, ctx, base.card):
                continue
            if isinstance(grant, ActionGrant) and not selectors.selected(
                    game, selectors.EffectContext(controller=grant.controller, source=grant.source), grant.targets,
                    base.card):
                continue                            # "desde que seu alvo seja ...": the grant it relies on says
            out.append(base.card)
    return out


def target_count(sel: Selector, game: Game | None = None, ctx: Any = None) -> int:
    """How many targets the selector chooses (4.6.2 F); "até X alvos": X as the action defines or chose it, once
    known (``ctx``: the action's context, its X chosen), else at least one."""
    if sel.every:
        return 0
    if sel.count.x_times and game is not None and isinstance(ctx, selectors.EffectContext):
        return max(0, selectors.quantity(game, ctx, sel.count))       # as chosen for a cost {X} (4.6.2 E.1, F)
    return max(1, sel.count.fixed)


def forced_targets(engine: Engine, action: ActionDef, found: list[list[Any]], ctx: Any,
                   used: frozenset[int] | None = None) -> list[list[Any]] | None:
    """4.6.2 F.2.1: per target selector of ``action`` (``found``: its candidates), the cards it must choose: each
    card an effect says must be the target goes to the first selector that can choose it and still has room (of
    the entries the chosen mode ``used``, all by default). ``None``: the action cannot have all of them as targets,
    so it cannot be used; a card a prohibition requires among the targets (4.6.2 D, ``queries.required_targets``)
    that no selector can choose makes it unusable too."""
    forced = queries.must_be_targeted(engine.game, ctx) if ctx is not None else []
    strict = queries.required_targets(engine.game, ctx) if ctx is not None else []
    required: list[list[Any]] = [[] for _ in action.targets]
    for card in [*strict, *(c for c in forced if c not in strict)]:
        places = [k for k, sel in enumerate(action.targets) if card in found[k] and (used is None or k in used)]
        if not places:
            if card in strict:
                return None                         # D: usable only with that card among its targets
            continue                                # no target of this action can be that card
        if any(action.targets[k].every for k in places):
            continue                                # "cada"/"todos": chosen anyway
        room = [k for k in places if len(required[k]) < min(target_count(action.targets[k]), len(found[k]))]
        if not room:
            return None
        required[room[0]].append(card)
    return required


def legal_actions(engine: Engine, player: int, window: str) -> list[ActionUse]:
    """Every action ``player``'s characters may use now (4.6.2 C.1-C.5, D, E payable, F targets exist)."""
    with statics.reading(engine.game):
        return _legal_actions(engine, player, window)


def _legal_actions(engine: Engine, player: int, window: str) -> list[ActionUse]:
    game = engine.game
    state = game.state
    out: list[ActionUse] = []
    # C.5 outside the Attack Step reads the actions' types; with no static changing a type now (ChangeAction),
    # they are the printed ones, for every action of the listing
    retyped = window != "attack" and any(True for _ in statics.active_effects(game, (EffectKind.STATIC,),
                                                                              (ChangeAction,)))
    for base in state.controlled(player):
        if not str(card_attr(game, base.card, "card_type")).startswith("Personagem"):
            continue
        uses = available_actions(game, base)
        if not uses:
            continue
        ready = base.entered_turn < state.turn or base.card in engine.ready
        powers: set[str] | None = None
        for use in uses:
            # C.5 first (the window's types: in the Preparation Phase only Imprevistas): the checks are reads of
            # the state, so their order changes no answer, and this one rules out most actions outside the Attack
            if window != "attack" and not (_type_allowed_now(game, base, use.action, window) if retyped
                                           else type_allowed(use.action, window)):
                continue
            if not ready and not rules.is_ready(game, base.card, use.action.name, action_power(game, use) or None) \
                    and not _ready_by_grant(game, base, use):
                continue                                                     # C.1 (Prontidão: the action's)
            if not _room_for(game, base, use):                                  # C.4
                continue
            need = action_power(game, use)
            if need and powers is None:     # the powers it has now: printed, lent by carried cards, gained -- less
                powers = {power_key(p) for p in statics.powers(game, base.card)}   # those lost (8 B.2: losing wins)
            if need and need not in (powers or ()) and not queries.power_waived(game, base.card, use.holder):
                continue                                                     # C.2
            if rules.use_limited(game, player, base.card, use.action) is not None:
                continue                                                     # Ação Única, Singularidade
            if not cost_payable(game, use, base):                            # E
                continue
            if not queries.can_use_action(game, base.card, use.action, use.holder):
                continue                                                     # D
            ctx = restrict_targets(action_context(engine, use), grant_targets(game, base, use))
            if not all(queries.extra_cost_payable(game, ctx, p) for p in use.action.costs):
                continue                                                     # E.2
            found = _targets_for_some_x(engine, use, player, ctx)
            modes = usable_modes(engine, use.action, found, ctx)
            if not modes:
                continue                                                     # F (B): no option has its targets
            first = min(mode_targets(use.action, modes[0]), default=None)
            out.append(replace(use, candidates=tuple(found[first]) if first is not None else ()))
    return out


def _type_allowed_now(game: Game, base: InScene, action: ActionDef, window: str) -> bool:
    """4.6.2 C.5 with the action's types now (printed, or changed by a static: Antecipar, Imprevistas)."""
    anticipate, unforeseen = queries.action_types(game, base.card, action)
    return type_allowed(replace(action, anticipate=anticipate, unforeseen=unforeseen), window)


def _targets_for_some_x(engine: Engine, use: ActionUse, player: int, ctx: Any) -> list[list[Any]]:
    """4.6.2 E.2 / F: an X the player chooses as an extra cost is paid (Energia Cósmica X) before the targets are
    chosen, so a target whose legality reads X ("com Energia Inicial igual a X ou menor") is a legal choice when
    some X the player can pay makes it one -- the candidates for each X from 0 to the most payable, together."""
    most = cost_x_most(engine.game, ctx, use.action) if ctx is not None and ctx.x is None else None
    if most is None:
        return [target_candidates(engine, t, player, ctx) for t in use.action.targets]
    found: list[list[Any]] = [[] for _ in use.action.targets]
    for x in range(most + 1):
        ctx.x = x
        for i, t in enumerate(use.action.targets):
            found[i] += [c for c in target_candidates(engine, t, player, ctx) if c not in found[i]]
    ctx.x = None
    return found


def _granted(game: Game, base: InScene, use: ActionUse) -> ActionGrant | None:
    """The first of ``base``'s grants of one more action that allows this one (4.6.2 C.4)."""
    from cardscript.games.battle_scenes.runtime.filters import action_matches

    thing = selectors.ActionThing(use.holder, use.action.name, base.card, use.action.power, definition=use.action)
    return next((g for g in sorted(base.extra_grants, key=lambda g: not g.free) if action_matches(
        game, g.context or selectors.EffectContext(controller=g.controller, source=g.source), thing, g.filters)),
        None)


def _ready_by_grant(game: Game, base: InScene, use: ActionUse) -> bool:
    """4.6.2 C.1 waived: this use beyond those allowed is one a grant lets the character make though it entered the
    scene this turn ("pode usar mais uma ação de {AG} neste turno mesmo que ele tenha entrado em cena neste
    turno"); the grants of one more action without it ("pode usar mais uma ação neste turno") leave C.1 as it is."""
    if len(base.actions_used) < max(1, queries.actions_allowed(game, base.card, use.action)):
        return False
    grant = _granted(game, base, use)
    return grant is not None and grant.ready


def free_use(game: Game, base: InScene, use: ActionUse) -> bool:
    """Is this use beyond those allowed one a grant lets it use without paying its incapacitation cost ("pode usar
    mais uma ação ... sem pagar seu custo de incapacitação", 4.6.2 C.4, E.1)? An action of cost X chooses its X all
    the same, and pays nothing for it (:func:`x_choices`)."""
    if len(base.actions_used) < max(1, queries.actions_allowed(game, base.card, use.action)):
        return False
    grant = _granted(game, base, use)
    return grant is not None and grant.free


def _room_for(game: Game, base: InScene, use: ActionUse) -> bool:
    """4.6.2 C.4: the actions it may use this turn are not all used, or an unused grant of one more allows this
    one ("mais uma ação", "esta ação outra vez")."""
    allowed = max(1, queries.actions_allowed(game, base.card, use.action))
    return len(base.actions_used) < allowed or base.extra_actions > 0 or _granted(game, base, use) is not None


def grant_targets(game: Game, base: InScene, use: ActionUse) -> ActionGrant | None:
    """The grant this use relies on when it restricts the use's targets ("pode usar mais uma ação ..., desde que seu
    alvo seja ...", 4.6.2 C.4, F): a use beyond those allowed, with no grant of any action left, spends that grant
    -- its targets are chosen among those its ``targets`` describes."""
    if len(base.actions_used) < max(1, queries.actions_allowed(game, base.card, use.action)):
        return None
    grant = _granted(game, base, use)
    return grant if grant is not None and grant.targets is not None else None


def restrict_targets(ctx: Any, grant: ActionGrant | None) -> Any:
    """The use's context, told which grant restricts its targets (read by :func:`target_candidates`)."""
    if grant is not None and ctx is not None:
        ctx.memory["grant_targets"] = grant
    return ctx


def _spend_grant(game: Game, base: InScene, use: ActionUse) -> None:
    """A use beyond those allowed spends one grant of one more action: one only for matching actions if one
    allows it, else one for any action (4.6.2 C.4)."""
    if len(base.actions_used) < max(1, queries.actions_allowed(game, base.card, use.action)):
        return
    grant = _granted(game, base, use)
    if grant is not None:
        base.extra_grants.remove(grant)
        derived.edited(game)
        if grant.then:                   # "Se o fizer, este personagem não pode usar mais ações neste turno"
            from cardscript.games.battle_scenes.runtime.handlers import run

            for p in grant.then:
                run(game, grant.context, p)
    elif base.extra_actions > 0:
        base.extra_actions -= 1
        derived.edited(game)


def _with_keyword_bonus(game: Game, use: ActionUse, action: ActionDef, mode: Effect | None) -> tuple[Any, ...]:
    """The action's effect procedures (its keywords' at the start and end); a keyword whose number statics raise
    ("ganham Clarividência +1", rules 7) has that number more: "Clarividência N" sets N+1 cards aside."""
    procs = action.effect_procedures(mode)
    for name, _ in action.keywords:
        bonus = queries.keyword_bonus(game, use.user, use.holder, action, name)
        counting = next((p for e in action.keyword_effects if e.from_keyword == name and e.window == ACTION_START
                         for p in e.procedures if isinstance(p, Move)), None)
        if bonus and counting is not None:     # "separe os [N] cards do topo de seu deck": N (or X+1) + bonus
            more = replace(counting, cards=replace(counting.cards, count=replace(
                counting.cards.count, fixed=counting.cards.count.fixed + bonus)))
            procs = tuple(more if p is counting else p for p in procs)
    return procs


def usable_modes(engine: Engine, action: ActionDef, found: list[list[Any]], ctx: Any) -> list[Effect | None]:
    """4.6.2 B, F: the options of the action whose target entries (those its procedures reference,
    :func:`cardscript.games.battle_scenes.runtime.targeting.mode_targets`) can all be chosen -- F.2.1 forced targets
    included."""
    out: list[Effect | None] = []
    for mode in action.modes or (None,):
        used = mode_targets(action, mode)
        if any(target_count(action.targets[k]) > len(found[k]) for k in used):
            continue                                                         # F: a target it cannot have
        if forced_targets(engine, action, found, ctx, used) is None:
            continue                                                         # F.2.1
        out.append(mode)
    return out


def action_facts(engine: Engine, use: ActionUse, window: str) -> dict[str, object]:
    """The option facts of "use this action" (agents.py): user, harm, damage, cost, and how many of its
    first target's candidates the opponent controls."""
    game = engine.game
    player = game.state.scene[use.user].controller
    k = action_sketch(use.action)
    facts: dict[str, object] = {"kind": "action", "card": use.user, "holder": use.holder, "controller": player,
                                "action": use.action.name, "window": window, "amount": k.amount,
                                "piercing": k.piercing, "cost": use.action.cost or 0}
    if k.harm is not None:
        facts["harm"] = k.harm
    if use.action.targets:
        candidates = use.candidates or tuple(
            target_candidates(engine, use.action.targets[0], player, action_context(engine, use)))
        facts["opponent_targets"] = sum(
            1 for c in candidates
            if (game.state.scene[c].controller if isinstance(c, int) and c in game.state.scene
                else getattr(c, "index", c)) != player)
    return facts


def target_facts(engine: Engine, candidate: Any, k: EffectSketch) -> dict[str, object]:
    """The option facts of a target candidate: the card's (or the player's) and what the action does to it."""
    if isinstance(candidate, int):
        facts = engine.card_facts(candidate, exact_shield=True)
    else:
        facts = {"kind": "player", "player": getattr(candidate, "index", candidate)}
    facts.update(amount=k.amount, piercing=k.piercing)
    if k.harm is not None:
        facts["harm"] = k.harm
    return facts


def targets_facts(engine: Engine, candidates: list[Any], k: EffectSketch) -> list[dict[str, object]]:
    return [target_facts(engine, c, k) for c in candidates]


def use_action(engine: Engine, use: ActionUse) -> None:
    """Use an action (4.6.2 B, E, F, G, H, I); the caller checked it with :func:`legal_actions`. Used from inside
    another action's effect, what it does (its cost paid, its effect) is its own, not that action's
    (``Game.acting``)."""
    acting, using = engine.game.acting, engine.game.using
    engine.game.acting = None
    try:
        _use_action(engine, use)
    finally:
        engine.game.acting, engine.game.using = acting, using


def _use_action(engine: Engine, use: ActionUse) -> None:
    game = engine.game
    base = game.state.scene[use.user]
    player = base.controller
    action = use.action
    game.log.add("action", game.depth, player=player, card=use.user, holder=use.holder, action=action.name)
    grant = grant_targets(game, base, use)                                  # C.4, F: a grant restricting targets
    # B: the mode, among the options whose targets can be chosen (F)
    ctx0 = restrict_targets(action_context(engine, use), grant)
    found = [target_candidates(engine, sel, player, ctx0) for sel in action.targets]
    modes = tuple(m for m in usable_modes(engine, action, found, ctx0) if m is not None) or action.modes
    mode: Effect | None = modes[0] if modes else None
    every, may_decline = queries.all_modes_allowed(game, player, action, use.user) if len(modes) > 1 else ("", True)
    if every and len(modes) == len(action.modes) and (not may_decline or selectors.ask_yes_no(
            game, player, f"{action.name}: every option, in order ({every})?")):
        mode = Effect(modes[0].kind, tuple(p for m in modes for p in m.procedures),   # B: all of them, in order
                      text=" ".join(m.text for m in modes))
    elif len(modes) > 1:
        (i,) = game.decide(Decision(player, "mode", f"{action.name}: which option?",
                                    tuple(m.text or f"option {k + 1}" for k, m in enumerate(modes)),
                                    facts=tuple(_harm_facts("mode", sketch(m)) for m in modes)))
        mode = modes[i]
    free = free_use(game, base, use)                                        # E.1 not paid: a grant's
    choices = x_choices(game, use, base) if action.cost_is_x else {}       # E.1: the X it may choose, while
    _spend_grant(game, base, use)                                           # C.4: one more action, if needed
    base.actions_used.append(action.name)                                   # C.4 counts from now on
    derived.edited(game)
    rules.note_action_use(game, player, action)                              # Singularidade
    ctx = restrict_targets(action_context(engine, use), grant)
    if ctx is not None:
        ctx.action_use = len(game.log.events)                              # this use (Predador: once per action)
        game.memo.setdefault("actions_in_use", {})[ctx.action_use] = ctx   # for "aquela ação não terá efeito"
        derived.edited(game)
    # E.1: the incapacitation cost
    x: int | None = None
    if action.cost_is_x:
        values = sorted(choices)                    # the grant that may waive its cost is not spent yet
        (i,) = game.decide(Decision(player, "x", f"{action.name}: the cost X (stage {base.stage})",
                                    tuple(str(v) for v in values),
                                    facts=tuple({"kind": "x", "value": v} for v in values)))
        x = values[i]
        cost = choices[x]
        if ctx is not None:
            ctx.x = x
    elif free:
        cost = 0                                    # "sem pagar seu custo de incapacitação" (a grant's, C.4)
    else:
        cost = queries.action_cost(game, action, action_power(game, use), use.user, use.holder) or 0   # printed, or
        queries.spend_cost_changes(game, action, action_power(game, use), use.user, use.holder)      # set (8 B.3)
    if cost:
        game.incapacitate(use.user, cost)
    pending = Pending(label=f"{action.name} ({game.name(use.user)})", steps=(), controller=player,
                      source=use.holder, effect=mode, kind="action", ctx=ctx,
                      data={"targets": [], "x": x, "action": action, "user": use.user,
                            "holder": use.holder, "action_name": action.name,
                            "action_power": action_power(game, use) or None})
    # E.2: extra costs -- its keywords' (Energia Cósmica) and those printed before ":" -- run as procedures of the
    # action, before the targets and the effect; an X they leave open is chosen now
    most = cost_x_most(game, ctx, action) if ctx is not None and ctx.x is None else None
    if most is not None:
        (x,) = game.decide(Decision(player, "x", f"{action.name}: X of the extra cost (up to {most})",
                                    tuple(str(v) for v in range(most + 1)),
                                    facts=tuple({"kind": "x", "value": v} for v in range(most + 1))))
        ctx.x = x
        pending.data["x"] = x
    paying = {id(p): e.from_keyword or "extra" for e in action.keyword_effects if e.window == ACTION_COST
              for p in e.procedures}
    for proc in action.costs:
        if ctx is not None:                 # "para pagar o custo de Energia Cósmica de uma ação": what it pays
            ctx.memory["paying_cost"] = paying.get(id(proc), "extra")
        engine.run_procedure(game, pending, proc)
    if ctx is not None:
        ctx.memory.pop("paying_cost", None)
    # F: targets, one list per target selector -- those the chosen mode uses (targeting.mode_targets)
    per_selector: list[list[Any]] = []
    effect_sketch = sketch(mode)
    used = mode_targets(action, mode)
    found = [target_candidates(engine, sel, player, ctx) for sel in action.targets]
    required = forced_targets(engine, action, found, ctx, used) or [[] for _ in action.targets]     # F.2.1
    for k, (sel, all_candidates, must) in enumerate(zip(action.targets, found, required, strict=True)):
        if k not in used:
            picked: list[Any] = []                                           # no option of this mode uses it
        elif sel.every:
            picked = all_candidates
        else:
            n = min(target_count(sel, game, ctx), len(all_candidates)) - len(must)   # "a cada um de X alvos"
            candidates = [c for c in all_candidates if c not in must]
            picked = list(must)
            if must:
                game.log.add("forced_target", game.depth, player=player, action=action.name, cards=list(must))
            if n > 0:
                labels = tuple(game.name(c) if isinstance(c, int) else f"player {getattr(c, 'index', c)}"
                               for c in candidates)
                idx = game.decide(Decision(player, "target", f"{action.name}: {sel.text or 'alvo'}", labels, n, n,
                                           facts=engine.option_facts(player, targets_facts, engine, candidates,
                                                                     effect_sketch)))
                picked += [candidates[i] for i in idx]
        per_selector.append(picked)
        for t in picked:
            if isinstance(t, int):
                game.state.this_turn.targeted.append(t)
                derived.edited(game)
                game.emit("targeted", card=t, by=use.user, holder=use.holder, action=action.name, player=player,
                          power=action_power(game, use) or None, use=ctx.action_use if ctx is not None else -1)
    if ctx is not None:
        ctx.targets = per_selector
        ctx.memory.pop("grant_targets", None)          # its targets are chosen: the grant's restriction is over
        if any(per_selector):
            queries.note_targeting(game, ctx)
    flat = [t for ts in per_selector for t in ts]
    pending.data["targets"] = per_selector
    engine.tree.resolve()                                                    # G
    event = {"card": use.user, "holder": use.holder, "action": action.name, "player": player,
            "power": action_power(game, use) or None, "targets": [t for t in flat if isinstance(t, int)],
            "use": ctx.action_use if ctx is not None else -1}
    if action.cost_is_x and x is not None:
        event["x"] = x                      # E.1: the cost paid -- "uma ação de custo {2}" with X = 2
    _record_use(game, use, player, tuple(t for t in flat if isinstance(t, int)), ctx)
    game.emit("use_action", **event)
    engine.tree.resolve()                                                    # H
    pending.steps = _with_keyword_bonus(game, use, action, mode)   # with what its keywords add at the start / end
    outer, game.using = game.using, ctx                   # its effect resolving: what it does is its deed
    engine.tree.resolve(pending)                                             # I
    game.using = outer                                    # (an action used inside another's effect: back to it)
    if ctx is not None:
        game.memo.get("actions_in_use", {}).pop(ctx.action_use, None)
        derived.edited(game)
    if not (ctx is not None and ctx.memory.get("cancelled")):
        game.emit("action_resolved", **event)     # "após o efeito daquela ação": its effect has finished resolving
        engine.tree.resolve()


def _record_use(game: Game, use: ActionUse, player: int, targets: tuple[CardId, ...], ctx: Any) -> None:
    """4.6.2 H: the action is used -- the turn remembers the use (``TurnMemory.uses``): who used it, where it is
    written, its name, power, types now (8 B.1), targets, the phase and step (6) and its order in the turn."""
    anticipate, unforeseen = queries.action_types(game, use.user, use.action)
    types = tuple(t for t, on in (("antecipar", anticipate), ("imprevista", unforeseen)) if on)
    memory = game.state.this_turn
    memory.uses.append(ActionUseRecord(
        use.user, use.holder, use.action.name, action_power(game, use) or None, player=player, types=types,
        targets=targets, phase=game.state.phase or "", step=game.state.step or "",
        use=ctx.action_use if ctx is not None else -1, order=len(memory.uses)))


def _harm_facts(kind: str, k: EffectSketch) -> dict[str, object]:
    facts: dict[str, object] = {"kind": kind, "amount": k.amount, "piercing": k.piercing}
    if k.harm is not None:
        facts["harm"] = k.harm
    return facts
