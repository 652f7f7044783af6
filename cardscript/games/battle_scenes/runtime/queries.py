"""The statics' answers to the turn loop and to action use (rules 4.6, 5.4, 5.5, 6.2; golden rule 8 B).

Each query reads the continuous effects working now
(:func:`cardscript.games.battle_scenes.runtime.statics.active_effects`):

* targets (4.6.2 F.2): :func:`can_be_targeted` (``Restrict`` be_target), :func:`must_be_targeted`
  (``ForceTarget``), :func:`note_targeting`;
* using actions (4.6.2 C, D, E): :func:`can_use_action` (``Restrict`` use_action, repeat_action_name),
  :func:`actions_allowed` (``Allow``), :func:`action_types` (``ChangeAction``), :func:`action_cost`
  (``SetCost``, 8 B.3), :func:`extra_cost_payable` (4.6.2 E.2);
* the Fase de Contagem Regressiva (6.2 A): :func:`countdown_as_if_none` (``CountdownAsIfNone``);
* the Fase de Compra (6.2 B): :func:`extra_draws` (``ExtraDraw``); the Ajuste de Mão (6.2 D.2): :func:`hand_limit`
  (``ChangeHandLimit``);
* what an effect may do: :func:`unload_prevented`, :func:`search_prevented` (``Restrict``: the effect that
  prevents beats the one that allows, 8 B), :func:`replacement_for` (5.5, ``Replace``) with the context its
  replacing procedures run in (:func:`replacing_context`), :func:`placement_allowed` (4.4.2.1 A.4).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from cardscript.compiler.ir import (
    ActionDef,
    Allow,
    ChangeAction,
    ChangeHandLimit,
    CountdownAsIfNone,
    Discard,
    Effect,
    EffectKind,
    ExtraDraw,
    Filter,
    ForceTarget,
    Gain,
    KeywordBonus,
    Kind,
    Load,
    Move,
    Procedure,
    Ref,
    Replace,
    Restrict,
    Selector,
    SetCost,
    SetEvolution,
    Unload,
)
from cardscript.compiler.vocabulary import fold_key
from cardscript.games.battle_scenes.runtime import derived, rules
from cardscript.games.battle_scenes.runtime.filters import action_matches
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.selectors import (
    ActionThing,
    EffectContext,
    Player,
    Thing,
    attr,
    candidates,
    check_condition,
    controller_of,
    host,
    matches,
    players,
    quantity,
    resolve,
    selected,
    static_context,
)
from cardscript.games.battle_scenes.runtime.state import CardId
from cardscript.games.battle_scenes.runtime.statics import active_effects, state_effects

__all__ = ["action_cost", "action_types", "actions_allowed", "allowed_holders", "can_be_targeted", "can_use_action",
           "capacitate_prevented", "put_in_scene_prevented",
           "extra_cost_payable", "extra_draws", "hand_limit", "must_be_targeted", "note_targeting", "placement_allowed",
           "replacement_for", "replacing_context", "search_prevented", "unload_prevented"]


def _restrictions(game: Game, what: str) -> Iterator[tuple[Restrict, EffectContext]]:
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,), (Restrict,)):
        for p in effect.procedures:
            if isinstance(p, Restrict) and p.what == what and during_now(game, p.phase, p.whose_turn,
                                                                         sctx.controller):
                yield p, sctx


def _action_matches(game: Game, sctx: EffectContext, filters: Sequence[Filter], action: ActionThing) -> bool:
    """Does the action pass a static's ``action_filters`` (read in the static's context)?"""
    return action_matches(game, sctx, action, filters)


def using(ctx: EffectContext) -> ActionThing:
    """The action of ``ctx`` (the one being used) as a thing."""
    return ActionThing(ctx.source if ctx.source is not None else -1, ctx.action_name, ctx.user, ctx.action_power,
                       player=ctx.controller)


def _by(game: Game, sctx: EffectContext, p: Restrict, user: CardId | None, player: int) -> bool:
    """``Restrict.by``: the action is used by one of those characters or players (no ``by``: anyone)."""
    if p.by is None:
        return True
    them = resolve(game, sctx, p.by)
    return Player(player) in them or (user is not None and user in them)


def can_be_targeted(game: Game, ctx: EffectContext, card: CardId) -> bool:
    """4.6.2 F.2.2: may the action of ``ctx`` choose ``card`` as a target? (``be_target``: not of matching actions;
    ``be_target_except``: only of matching actions)"""
    action = using(ctx)
    for p, sctx in _restrictions(game, "be_target_except"):
        if p.subject is not None and selected(game, sctx, p.subject, card) and not (
                _action_matches(game, sctx, p.action_filters, action)
                and _by(game, sctx, p, ctx.user, ctx.controller)):
            return False
    for p, sctx in _restrictions(game, "be_target"):
        if p.subject is None or not selected(game, sctx, p.subject, card):
            continue
        if not _action_matches(game, sctx, p.action_filters, action) or not _by(game, sctx, p, ctx.user,
                                                                                  ctx.controller):
            continue
        if p.first_per_turn:
            if p.by_ref is Ref.OPPONENT and ctx.controller == sctx.controller:
                continue
            if ctx.controller in game.state.this_turn.targeted_by:
                continue
        return False
    return True


def must_be_targeted(game: Game, ctx: EffectContext) -> list[CardId]:
    """4.6.2 F.2.1: the characters/supports in the scene an effect says must be a target of the action of
    ``ctx`` (``ForceTarget`` statics, and generated ones with a duration). F.2.2 prevails: one that cannot be the
    target of that action is not forced. The caller requires each of them only where a target selector of the
    action can choose it."""
    out: list[CardId] = []
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,), (ForceTarget,)):
        for p in effect.procedures:
            if not isinstance(p, ForceTarget) or not _action_matches(game, sctx, p.action_filters, using(ctx)):
                continue
            if p.by is Ref.OPPONENT and ctx.controller == sctx.controller:
                continue
            for card in list(game.state.scene):
                if card not in out and selected(game, sctx, p.subject, card) and can_be_targeted(game, ctx, card):
                    out.append(card)
    return out


def _aimed_at(filters: Sequence[Filter]) -> tuple[tuple[Filter, ...], tuple[Filter, ...]]:
    """A prohibition's action filters split: those of the targets it lacks ("que não tenham X como alvo"), the rest."""
    aimed = tuple(f for f in filters if f.field == "targets" and f.op == "lacks")
    return aimed, tuple(f for f in filters if f not in aimed)


def required_targets(game: Game, ctx: EffectContext) -> list[CardId]:
    """4.6.2 D, F: "as ações de X que não tenham Y como alvo não podem ser usadas" (or "X não pode usar ações que
    não tenham Y como alvo") -- the prohibition is on the use, by its targets: the action of ``ctx`` (matching the
    other filters) may be used only with those cards among its targets. Unlike a forced target
    (:func:`must_be_targeted`), an action that cannot have one of them as a target -- one without targets, or whose
    targets cannot be that card (F.2.2) -- cannot be used at all."""
    out: list[CardId] = []
    thing = using(ctx)
    for p, sctx in [*_restrictions(game, "be_used"), *_restrictions(game, "use_action")]:
        aimed, rest = _aimed_at(p.action_filters)
        if not aimed or not _action_matches(game, sctx, rest, thing) \
                or not _by(game, sctx, p, ctx.user, ctx.controller):
            continue
        if p.subject is not None and not (_action_in(game, sctx, p.subject, thing) if p.what == "be_used" else
                                          ctx.user is not None and selected(game, sctx, p.subject, ctx.user)):
            continue
        for f in aimed:
            value = f.value if isinstance(f.value, Selector) else None
            out += [c for c in resolve(game, sctx, value) if isinstance(c, int) and c not in out]
    return out


def note_targeting(game: Game, ctx: EffectContext) -> None:
    """Record that the player of ``ctx`` used an action with a target this turn (for "a primeira ação com
    alvo ... em cada turno")."""
    if ctx.controller not in game.state.this_turn.targeted_by:
        game.state.this_turn.targeted_by.append(ctx.controller)
        derived.edited(game)


def extra_cost_payable(game: Game, ctx: EffectContext, proc: Procedure) -> bool:
    """4.6.2 E.2: can the extra cost ``proc`` of the action of ``ctx`` be paid now ("os custos adicionais não são
    opcionais e o jogador deve pagar todos eles para poder usar a ação")? Unload of named cards: each is being
    carried; Unload of N cards from a character: it carries more than N (paying must not leave it carrying
    nothing); Move: the cards exist; Discard: N cards in the hand; Load: N cards to load and something in the
    scene to load them onto. Other procedures (and unsupported ones) count as payable."""
    if isinstance(proc, Unload):
        if proc.cards is not None:
            cards_sel = proc.cards
            cards = [c for c in resolve(game, ctx, cards_sel) if isinstance(c, int)]
            need = 1 if cards_sel.ref is not None or cards_sel.every else quantity(game, ctx, cards_sel.count)
            return len([c for c in cards if host(game, c) is not None]) >= max(1, need)
        if proc.frm is None:
            return True
        n = quantity(game, ctx, proc.amount)
        bases = [t for t in resolve(game, ctx, proc.frm) if isinstance(t, int) and t in game.state.scene]
        return any(len(game.state.scene[b].carried) > n for b in bases)
    if isinstance(proc, Move):
        sel = proc.cards
        cards = [c for c in resolve(game, ctx, sel) if isinstance(c, int)]
        if sel.count.x_times and sel.count.x is None and ctx.x is None:
            return True                     # "X cards" with X chosen when paying: X = 0 at least
        need = 1 if sel.ref is not None or sel.every else quantity(game, ctx, sel.count)
        return len(cards) >= max(1, need)
    if isinstance(proc, Discard):
        n = quantity(game, ctx, proc.amount)
        return all(len(game.state.players[p].hand) >= n for p in players(game, ctx, proc.who))
    if isinstance(proc, Load):
        sels = [proc.cards, *proc.alternatives]
        onto = [t for t in resolve(game, ctx, proc.onto) if isinstance(t, int)]
        if not onto or onto[0] not in game.state.scene:
            return False
        owner = game.state.owner[onto[0]]
        pool = {c for s in sels for c in candidates(game, ctx, s) if game.state.owner[c] == owner}
        n = quantity(game, ctx, sels[0].count)
        return len(pool) >= n
    return True


def can_use_action(game: Game, user: CardId, action: ActionDef, holder: CardId | None = None,
                   x: int | None = None) -> bool:
    """4.6.2 D: does an effect prevent ``user`` from using ``action`` (written on ``holder``)? ``use_action``: the
    subject cannot use matching actions; ``be_used``: matching actions cannot be used (by ``by``). An action of
    cost {X} costs the X chosen (4.6.2 E.1: "nenhuma ação com custo {1}" bars it with X = 1): with ``x``, that use;
    without, it can be used when some X its user's stage can pay is not barred (:func:`usable_x`)."""
    base = game.state.scene.get(user)
    if action.cost_is_x and x is None and base is not None:
        return bool(usable_x(game, user, action, holder, base.stage))
    thing = ActionThing(user if holder is None else holder, action.name, user, action.power,
                        player=controller_of(game, user), definition=action, x=x)
    as_if: dict[str, set[str]] | None = None
    for p, sctx in _restrictions(game, "use_action"):
        if _aimed_at(p.action_filters)[0]:
            continue                        # "... ações que não tenham X como alvo": read on the use's targets (F)
        if p.subject is not None and as_if is None:
            as_if = _as_if_traits(game, user)
        if (p.subject is None or _user_barred(game, sctx, p.subject, user, as_if or {})) and \
                _action_matches(game, sctx, p.action_filters, thing) and _by(game, sctx, p, user, thing.player or 0):
            return False
    for p, sctx in _restrictions(game, "be_used"):
        if _aimed_at(p.action_filters)[0]:
            continue                        # "... que não tenham X como alvo": read on the use's targets (F, below)
        if _action_matches(game, sctx, p.action_filters, thing) and _by(game, sctx, p, user, thing.player or 0) \
                and (p.subject is None or _action_in(game, sctx, p.subject, thing)):
            return False
    for p, sctx in _restrictions(game, "use_once_per_player"):
        if _action_matches(game, sctx, p.action_filters, thing) and _player_used(game, sctx, p, thing.player or 0):
            return False
    base = game.state.scene.get(user)
    if base is not None and action.name in base.actions_used:
        for p, sctx in _restrictions(game, "repeat_action_name"):      # Ação Única given by an effect
            if p.subject is not None and selected(game, sctx, p.subject, user):
                return False
        from cardscript.games.battle_scenes.runtime.rules import gained_action_keyword

        if gained_action_keyword(game, user, action, "Ação Única"):    # "as ações que ele usar ganham Ação Única"
            return False
    return True


def usable_x(game: Game, user: CardId, action: ActionDef, holder: CardId | None, stage: int) -> list[int]:
    """4.6.2 E.1, D: the values of X, up to ``stage``, for which no effect prevents ``user`` from using an action of
    cost {X} ("custo igual a {1}" bars X = 1, not X = 2)."""
    return [v for v in range(stage + 1) if can_use_action(game, user, action, holder, x=v)]


def _as_if_traits(game: Game, user: CardId) -> dict[str, set[str]]:
    """The characteristics ``user`` uses actions as if it had (``Allow(what="use_as_if")``, 4.6.2 D), by field."""
    traits: dict[str, set[str]] = {}
    for _, effect, actx in active_effects(game, (EffectKind.STATIC,), (Allow,)):
        for p in effect.procedures:
            if isinstance(p, Allow) and p.what == "use_as_if" and p.subject is not None \
                    and selected(game, actx, p.subject, user):
                for f in p.as_if:
                    traits.setdefault(f.field, set()).add(str(f.value))
    return traits


def _user_barred(game: Game, sctx: EffectContext, subject: Selector, user: CardId,
                 traits: dict[str, set[str]]) -> bool:
    """Is ``user`` among the characters a prohibition on using an action names? Read with the characteristics it
    uses actions as if it had (``traits``: "como se fosse um personagem chamado X", 4.6.2 D) -- those count besides
    its own while the prohibition is read."""
    if not traits:
        return selected(game, sctx, subject, user)
    using_as = game.memo.setdefault("using_as_if", {})
    using_as[user] = traits
    try:
        return selected(game, sctx, subject, user)
    finally:
        del using_as[user]


def _player_used(game: Game, sctx: EffectContext, p: Restrict, player: int) -> bool:
    """"Um jogador não pode usar mais de uma ação chamada X por turno": has ``player`` used a matching action this
    turn (the uses of the turn, 4.6: each by the player controlling its user)?"""
    for rec in game.state.this_turn.uses:
        user = rec.user
        who = controller_of(game, user) if user in game.state.scene else game.state.owner.get(user)
        if who == player and _action_matches(game, sctx, p.action_filters,
                                             ActionThing(rec.holder, rec.name, user, rec.power, player=player)):
            return True
    return False


def actions_allowed(game: Game, user: CardId, action: ActionDef) -> int:
    """4.6.2 C.4: how many actions like ``action`` the character may use per turn by a static (1 normally)."""
    best = 1
    thing = ActionThing(user, action.name, user, action.power, definition=action)
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,), (Allow,)):
        for p in effect.procedures:
            if isinstance(p, Allow) and p.what == "actions_per_turn" and p.subject is not None \
                    and selected(game, sctx, p.subject, user) and _action_matches(game, sctx, p.action_filters, thing):
                if p.unlimited:                 # "mais de uma vez por turno": no limit (C.4 sets none of its own)
                    return len(game.state.scene[user].actions_used) + 1 if user in game.state.scene else best
                best = max(best, p.amount)
    return best


def evolution_requirement(game: Game, player: int, card: CardId) -> Selector | None:
    """The Evolução requirement a static working now sets for the EV card ``card`` that ``player`` puts into the
    scene ("o requisito para você colocar em cena um Personagem-EV chamado X será Qualquer personagem ao invés de
    ...": ``SetEvolution``, 4.4.2.2 A.2a; golden rule 8 A, the card's effect beats its panel), or None."""
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,), (SetEvolution,)):
        for p in effect.procedures:
            if isinstance(p, SetEvolution) and sctx.controller == player and matches(game, sctx, card, p.cards):
                return p.requirement
    return None


def power_waived(game: Game, user: CardId, holder: CardId) -> bool:
    """May ``user`` use the action of ``holder`` without the power 4.6.2 C.2 asks for? Only for an ability card it
    carries, by an ``Allow(what="use_without_power")`` static working now that names it ("pode usar ações dos cards
    de habilidade que estiver carregando, mesmo que não tenha os poderes daquelas ações")."""
    base = game.state.scene.get(user)
    if base is None or holder not in base.carried or attr(game, holder, "card_type") != "Habilidade":
        return False
    return any(isinstance(p, Allow) and p.what == "use_without_power" and p.subject is not None
               and selected(game, sctx, p.subject, user)
               for _, effect, sctx in active_effects(game, (EffectKind.STATIC,)) for p in effect.procedures)


def allowed_holders(game: Game, user: CardId) -> list[CardId]:
    """4.6.2 C.3 "ou se algum efeito permitir que o personagem use a ação": the cards in place whose action the
    character may use by an ``Allow(what="use_action")`` working now (matching its ``action_filters``), or by a
    ``Gain.actions_of`` ("pode usar as ações de <cards>")."""
    out: list[CardId] = []
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,), (Allow,)):
        for p in effect.procedures:
            if isinstance(p, Allow) and p.what == "use_action" and p.subject is not None \
                    and selected(game, sctx, p.subject, user):
                for c in game.state.in_place():
                    adef = attr(game, c, "action")
                    if c not in out and isinstance(adef, ActionDef) and _action_matches(
                            game, sctx, p.action_filters, ActionThing(c, adef.name, user, adef.power, definition=adef)):
                        out.append(c)
            elif isinstance(p, Gain) and p.actions_of is not None and selected(game, sctx, p.targets, user):
                out += [c for c in resolve(game, sctx, p.actions_of) if isinstance(c, int) and c not in out]
    for e in state_effects(game, "gain", user):
        out += [c for c in e.data.get("actions", ()) if c not in out]
    return out


def _action_in(game: Game, sctx: EffectContext, sel: Selector, thing: ActionThing) -> bool:
    """Does a selector of actions stand for ``thing``? "esta ação" / "a ação deste card": the one written on the
    static's card; another reference: one of the actions (or cards holding them) it stands for; else its filters."""
    if sel.ref in (Ref.THIS_ACTION, Ref.THIS_CARD):
        return thing.holder == sctx.source
    if sel.ref is not None or sel.union:
        found = resolve(game, sctx, sel)
        return any(t == thing or t == thing.holder or isinstance(t, ActionThing) and (t.holder, t.name) == (
            thing.holder, thing.name) for t in found)
    return matches(game, sctx, thing, sel)


def action_types(game: Game, user: CardId, action: ActionDef) -> tuple[bool, bool]:
    """(anticipate, unforeseen) of ``action`` now: printed, or as a static changed it. 8 B.1: an action that
    gains and loses a type (``lose``: "anticipate" / "unforeseen") loses it, whatever the order."""
    anticipate, unforeseen = action.anticipate, action.unforeseen
    lost: set[str] = set()
    thing = ActionThing(user, action.name, user, action.power, definition=action)
    for card, effect, sctx in active_effects(game, (EffectKind.STATIC,), (ChangeAction,)):
        for p in effect.procedures:
            if not isinstance(p, ChangeAction):
                continue
            if p.actions is not None:               # "as ações de {AG} dos personagens que você controla"
                applies = _action_in(game, sctx, p.actions, thing) if p.actions.ref not in (
                    Ref.THIS_ACTION, Ref.THIS_CARD) else card == user or host(game, card) == user
            else:
                applies = fold_key(p.action) == fold_key(action.name) and (card == user or host(game, card) == user)
            if applies:
                anticipate = anticipate or p.anticipate
                unforeseen = unforeseen or p.unforeseen
                lost |= set(p.lose)
    return anticipate and "anticipate" not in lost, unforeseen and "unforeseen" not in lost


def action_cost(game: Game, action: ActionDef, power: str | None = None, user: CardId | None = None,
                holder: CardId | None = None) -> int | None:
    """E.1: the incapacitation cost of ``action`` now: the printed one unless statics set it ("Todas as ações com
    custo {0} e {1} têm custo {2}"); with two or more setting it, the higher (8 B.3). ``None``: cost X (chosen
    when used) or printed without a cost. ``power``: the action's power (for "ações de {TE}"). Statics that change
    it by an amount ("custa {1} a menos para ser usada para cada ...") change that cost, down to 0 at most (the
    rules give no cost below {0}). ``user`` / ``holder``: who uses it, written on which card (for changes that name
    the user: "a próxima ação ... que aquele personagem usar")."""
    if action.cost_is_x:
        return None
    return _changed_cost(game, action, action.cost, power, user, holder)[0]


def action_x_cost(game: Game, action: ActionDef, x: int, power: str | None = None, user: CardId | None = None,
                  holder: CardId | None = None) -> tuple[int, int]:
    """4.6.1, 8 B.3: an action of cost {X} used with X chosen as ``x`` has cost {x}, which the statics change as any
    cost (:func:`action_cost`); the X of its effect is the cost paid when a static sets it ("as ações com custo {0}
    e {1} têm custo {2}": an X of 0 or 1 becomes a cost {2}, so X is 2), the chosen one otherwise. (X, the cost)."""
    cost, was_set = _changed_cost(game, action, x, power, user, holder)
    cost = x if cost is None else cost
    return (cost if was_set else x), cost


def _changed_cost(game: Game, action: ActionDef, printed: int | None, power: str | None, user: CardId | None,
                  holder: CardId | None) -> tuple[int | None, bool]:
    """The cost ``printed`` of ``action`` as the statics leave it (8 B.3), and whether one of them set it."""
    set_to: list[int] = []
    change = 0
    thing = ActionThing(holder if holder is not None else -1, action.name, user,
                        power if power is not None else action.power, definition=action)
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,), (SetCost,)):
        for p in effect.procedures:
            if not isinstance(p, SetCost) or (p.value is None and p.delta is None):
                continue
            if p.cost_in and (printed or 0) not in p.cost_in:
                continue
            costs = [f for f in p.action_filters if f.field == "cost"]     # "ações com custo {0}": the printed one
            if costs and not all(_printed_cost_matches(f, printed) for f in costs):
                continue
            if not _action_matches(game, sctx, [f for f in p.action_filters if f.field != "cost"], thing):
                continue
            if p.value is not None:
                set_to.append(p.value)
            elif p.delta is not None:                  # "custa {1} a menos (para cada ...)"
                change += quantity(game, sctx, p.delta)
    cost = max(set_to) if set_to else printed
    if change and cost is not None:                    # a change applies to the cost it would have (never below 0)
        cost = max(0, cost + change)
    return cost, bool(set_to)


def spend_cost_changes(game: Game, action: ActionDef, power: str | None, user: CardId, holder: CardId) -> None:
    """A cost change for "a próxima ação ..." only (``SetCost.next_only``) is spent by the use whose cost it changed:
    its generated effect ends."""
    thing = ActionThing(holder, action.name, user, power if power is not None else action.power, definition=action)
    spent = []
    for made in game.state.effects:
        effect = made.effect
        if not isinstance(effect, Effect) or not isinstance(made.context, EffectContext):
            continue
        for p in effect.procedures:
            if isinstance(p, SetCost) and p.next_only and _action_matches(game, made.context, p.action_filters, thing):
                spent.append(made)
    if spent:
        game.state.effects = [e for e in game.state.effects if e not in spent]
        derived.edited(game)


def _printed_cost_matches(f: Filter, printed: int | None) -> bool:
    """A SetCost's own ``cost`` filter reads the printed cost (the cost it sets would read itself)."""
    if printed is not None and f.op == "in" and isinstance(f.value, str):     # "com custo {0} e {1}"
        return str(printed) in [v.strip("{}") for v in f.value.split("/")]
    if printed is None or not isinstance(f.value, str) or not f.value.strip("{}").isdecimal():
        return False
    want = int(f.value.strip("{}"))
    ok = {"eq": printed == want, "ne": printed != want, "ge": printed >= want, "le": printed <= want,
          "gt": printed > want, "lt": printed < want}.get(f.op, printed == want)
    return ok


def extra_draws(game: Game, player: int, phase: str = "draw") -> int:
    """Cards ``player`` draws in addition during the Fase de Compra (6.2 B) by statics -- or, ``phase``
    "countdown", puts in addition from the deck into the resources in the Fase de Contagem Regressiva (6.2 A)."""
    n = 0
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,), (ExtraDraw,)):
        for p in effect.procedures:
            if isinstance(p, ExtraDraw) and p.phase == phase and Player(player) in resolve(game, sctx, p.who):
                n += quantity(game, sctx, p.amount)
    return n


GAINED_INDEX = 1000
"""Activated effects a character gained are numbered from here (their once-per-turn count is kept by number)."""


def gained_activated(game: Game) -> list[tuple[CardId, int, Effect]]:
    """The activated effects of the keywords characters gained by a static working now ("este personagem ganha
    Liderar {1} - afiliação X", 5.6: the keyword's meaning is the character's while it has it): (character, number,
    effect), numbered from ``GAINED_INDEX`` in a stable order. Not while the character's texts are lost (5.8)."""
    from cardscript.games.battle_scenes.runtime.continuous import text_lost

    out: list[tuple[CardId, int, Effect]] = []
    seen: dict[CardId, int] = {}
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,), (Gain,)):
        for p in effect.procedures:
            if not isinstance(p, Gain) or not p.keyword_effects:
                continue
            for t in resolve(game, sctx, p.targets):
                if not isinstance(t, int) or t not in game.state.scene or text_lost(game, t):
                    continue
                for e in p.keyword_effects:
                    n = seen.get(t, 0)
                    seen[t] = n + 1
                    out.append((t, GAINED_INDEX + n, e))
    return out


def all_modes_allowed(game: Game, player: int, action: ActionDef, user: CardId | None = None) -> tuple[str, bool]:
    """The text of a static working now that has ``player``'s ``user`` use every option of ``action``, in order,
    instead of one (4.6.2 B: a ``Rule`` all_modes whose value is the action's name, of a card that player controls;
    its ``subject``, if any, the user it binds), and whether the player may decline it ("você pode usar todos os
    efeitos da ação X": optional; "aplique todos os seus efeitos": not) -- ('', True) without one."""
    from cardscript.compiler.ir import Rule

    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,), (Rule,)):
        for p in effect.procedures:
            if isinstance(p, Rule) and p.rule == "all_modes" and fold_key(p.value) == fold_key(action.name) \
                    and sctx.controller == player and (p.subject is None or user is not None
                                                       and selected(game, sctx, p.subject, user)):
                return p.text or effect.text, p.optional
    return "", True


def countdown_as_if_none(game: Game, player: int) -> bool:
    """Is ``player``'s Fase de Contagem Regressiva under way now done as if they controlled no character (6.2 A)?
    A resolved effect for their next one ("A próxima Fase de Contagem Regressiva do oponente alvo é executada como se
    ...": a ``countdown_as_if_none`` state effect, spent by this phase whatever happens in it), else a static working
    now whose ``who`` is that player ("você pode colocar cards ... como se você não controlasse nenhum personagem";
    optional: the player is asked)."""
    from cardscript.games.battle_scenes.runtime.selectors import ask_yes_no

    state = game.state
    pending = [e for e in state.effects if e.what == "countdown_as_if_none" and e.data.get("player") == player]
    if pending:
        state.effects = [e for e in state.effects if e not in pending]
        derived.edited(game)
        return True
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,), (CountdownAsIfNone,)):
        for p in effect.procedures:
            if isinstance(p, CountdownAsIfNone) and Player(player) in resolve(game, sctx, p.who):
                return not p.optional or ask_yes_no(game, player, f"{p.text}?")
    return False


def keyword_bonus(game: Game, user: CardId, holder: CardId, action: ActionDef, keyword: str) -> int:
    """How much more the number of ``action``'s ``keyword`` is when ``user`` uses it (rules 7: "Ações com
    Clarividência que este personagem usar ganham Clarividência +1"), by the statics working now."""
    thing = ActionThing(holder, action.name, user, action.power, definition=action)
    n = 0
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,), (KeywordBonus,)):
        for p in effect.procedures:
            if isinstance(p, KeywordBonus) and fold_key(p.keyword) == fold_key(keyword) \
                    and matches(game, sctx, thing, p.actions):
                n += quantity(game, sctx, p.amount)
    return n


def hand_limit(game: Game, player: int, base: int) -> int:
    """The number of cards ``player`` may keep at the Ajuste de Mão (6.2 D.2): ``base`` (7) changed by the
    statics working now ("o número máximo de cards em sua mão durante a Fase de Ajuste aumenta em um card")."""
    n = base
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,), (ChangeHandLimit,)):
        for p in effect.procedures:
            if isinstance(p, ChangeHandLimit) and Player(player) in resolve(game, sctx, p.who):
                n += p.sign * quantity(game, sctx, p.amount)
    return max(n, 0)

def unload_prevented(game: Game, ctx: EffectContext, base: CardId) -> bool:
    """Does a static say cards cannot be unloaded from ``base`` by this effect (Mantis V1: by actions of {TC})?"""
    for p, sctx in _restrictions(game, "unload_by_effect"):
        if p.subject is not None and selected(game, sctx, p.subject, base) and ctx.from_action \
                and _action_matches(game, sctx, p.action_filters, using(ctx)):
            return True
    return False


def capacitate_prevented(game: Game, card: CardId) -> bool:
    """Does an effect say ``card`` cannot be capacitated ("não pode ser capacitado", 8 B: the prevention wins) --
    or not again this turn ("mais de uma vez por turno": it was capacitated already)?"""
    if any(p.subject is not None and selected(game, sctx, p.subject, card)
           for p, sctx in _restrictions(game, "capacitate")):
        return True
    return card in game.state.this_turn.capacitated and any(
        p.subject is not None and selected(game, sctx, p.subject, card)
        for p, sctx in _restrictions(game, "capacitate_again"))


def put_in_scene_prevented(game: Game, player: int, card: CardId) -> bool:
    """Does an effect say ``card`` cannot be put into the scene (by ``player``: ``Restrict.by``)? Its own text too,
    wherever it is: "Este card só pode ser colocado em cena se ..." is a requirement to put it there (4.4.2)."""
    if _own_requirement_unmet(game, player, card):
        return True
    for p, sctx in _restrictions(game, "put_in_scene"):
        if p.subject is not None and not (matches(game, sctx, card, p.subject) if p.subject.ref is None
                                          else card in resolve(game, sctx, p.subject)):
            continue
        if p.by is None or Player(player) in resolve(game, sctx, p.by):
            return True
    return False


def _own_requirement_unmet(game: Game, player: int, card: CardId) -> bool:
    """A ``put_in_scene`` prohibition of ``card``'s own static on itself ("Máquina Diabólica só pode ser colocada em
    cena se você controlar um vilão": prohibited unless the condition holds), read before the card is in the
    scene -- from the hand, for ``player`` as its controller-to-be (4.4.2)."""
    for effect in attr(game, card, "effects") or ():
        for p in effect.procedures:
            if isinstance(p, Restrict) and p.what == "put_in_scene" and p.subject is not None \
                    and p.subject.ref is Ref.THIS_CARD and p.by is None:
                ctx = static_context(game, card, player)
                if all(c is None or check_condition(game, ctx, c) for c in (effect.condition, p.condition)):
                    return True
    return False


def search_prevented(game: Game, player: int, zones: Sequence[str] = ("deck",)) -> bool:
    """Does an effect say ``player`` cannot search those zones (Planos Frustrados)? Golden rule 8 B: the effect
    that prevents beats the one that allows, so such a search simply does not happen."""
    for p, sctx in _restrictions(game, "search"):
        if p.subject is not None and Player(player) not in resolve(game, sctx, p.subject):
            continue
        if set(p.zones or ("deck",)) & set(zones):
            return True
    return False


def replacement_for(game: Game, event: str, subject: Thing, zones: Sequence[str] = ()
                    ) -> tuple[Replace, EffectContext] | None:
    """5.5: a replacement effect working now for ``event`` ("search", "damage", "lower_shield") done by / to
    ``subject`` (a player, a card, or the action whose effect does it)."""
    for _, effect, sctx in active_effects(game, (EffectKind.REPLACEMENT,)):
        for p in effect.procedures:
            if not isinstance(p, Replace) or p.event != event:
                continue
            if zones and p.zones and not set(p.zones) & set(zones):
                continue
            if not replacing_now(game, p, sctx.controller):
                continue
            sel = p.subject
            if isinstance(subject, Player):
                ok = sel.kind is Kind.PLAYER and (sel.ref is None or subject in resolve(game, sctx, sel))
            elif isinstance(subject, ActionThing):      # an action's effect doing it ("ações de {EL} cujos ...")
                ok = sel.kind is Kind.ACTION and sel.ref is None and _action_matches(game, sctx, sel.filters, subject)
            else:
                ok = isinstance(subject, int) and selected(game, sctx, sel, subject)
            if ok:
                return p, sctx
    return None


def replacing_now(game: Game, p: Replace, controller: int) -> bool:
    """A replacement said for a phase or step of someone's turn ("durante a Etapa de Antecipação de seu turno")
    works only while it is under way (6.2: the phases and steps of the turn)."""
    return during_now(game, p.phase, p.whose_turn, controller)


def during_now(game: Game, phase: str, whose_turn: Ref | None, controller: int) -> bool:
    """Is that phase or step (of that player's turn, for the effect's ``controller``) under way now (6.2)? No phase
    and no player: always."""
    state = game.state
    if phase:
        from cardscript.games.battle_scenes.runtime.triggers import phase_id

        if phase_id(phase) not in (state.phase, state.step):
            return False
    if whose_turn is Ref.YOU and state.turn_player != controller:
        return False
    return not (whose_turn is Ref.OPPONENT and state.turn_player == controller)


def replacing_context(p: Replace, sctx: EffectContext, subject: Thing, amount: int) -> EffectContext:
    """The context of a replacement's replacing procedures (5.5): the replacement's, with the replaced event's
    subject in ``p.subject_slot`` ("ele") and its number ("aquele mesmo número")."""
    ctx = EffectContext(sctx.controller, source=sctx.source, user=sctx.user, slots=dict(sctx.slots),
                        event_amount=amount)
    if p.subject_slot:
        ctx.slots[p.subject_slot] = [subject]
    return ctx


def placement_allowed(game: Game, player: int, card: CardId) -> bool:
    """4.4.2.1 A.4 (one character of an alter ego -- or name -- per player in the scene), with the
    ``scene_identity`` statics of the characters in the scene (Pelotão, Clone, their old wordings; 5.6, golden
    rule 8 A; lost under 5.8): :func:`cardscript.games.battle_scenes.runtime.rules.scene_identity_allowed`. The
    rulebook's 5.8
    example 1: with a single Shuma-Gorath, under Câmara Neutralizadora, another cannot be placed; with two,
    the unaffected one still allows it."""
    return rules.scene_identity_allowed(game, player, card) and not put_in_scene_prevented(game, player, card)
