"""What selectors stand for when an effect resolves (``docs/semantics.md``: noun phrases denote selectors).

:class:`EffectContext` is what the procedures of one effect share: who controls it, its card, the character
using the action, the chosen targets (4.6.2 F), X, the *slots* -- what earlier procedures introduced
(``intro:N``: "aquele card"), what the card remembers its permanent text chose (``card:N``: "o personagem
escolhido", ``GameState.chosen``), what the event that fired the trigger names (``event:subject``) -- and
whether the last "você pode" was done.

:func:`resolve` gives what a :class:`~cardscript.compiler.ir.Selector` stands for now (a reference, or its
candidates: :func:`candidates`), :func:`matches` whether a card has its kind and passes its filters -- the one
filter evaluator, :func:`filter_matches`, also reads trigger subjects (5.2) and rule statics --,
:func:`quantity` / :func:`count` the numbers (X), :func:`check_condition` the conditions; :func:`select` has a
player choose among a selector's things when it leaves a choice (principle 8).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardscript.compiler.ir import Condition, Count, Filter, Kind, Quantity, Ref, Selector
from cardscript.compiler.vocabulary import fold_key
from cardscript.runtime import characteristics
from cardscript.runtime.agents import Decision
from cardscript.runtime.game import Game
from cardscript.runtime.state import CardId, Zone

__all__ = ["KIND_TYPES", "EffectContext", "Player", "Thing", "ask_yes_no", "attr", "base_of", "candidates",
           "check_condition", "choose", "controller_of", "count", "filter_matches", "host", "identity", "matches",
           "names", "players", "quantity", "resolve", "select", "selected", "static_context", "title"]


@dataclass(frozen=True)
class Player:
    """A player as a thing a selector can stand for ("você", "o controlador daquele personagem")."""

    index: int


Thing = CardId | Player


@dataclass
class EffectContext:
    """What the procedures of one effect share while it resolves."""

    controller: int
    source: CardId | None = None                 # the card whose text this is (the action's card)
    user: CardId | None = None                   # the character using the action / carrying the card
    targets: list[list[Thing]] = field(default_factory=list)   # per ActionDef.targets entry (4.6.2 F)
    x: int | None = None                         # X when chosen (cost {X}, extra cost); else counted
    slots: dict[str, list[Thing]] = field(default_factory=dict)   # by slot name (ir/core.py): intro:N, card:N,
    #                                              event:subject -- written by Procedure.introduces and the triggers
    last_optional_done: bool = True              # "Se o fizer" (principle 8)
    action_name: str = ""
    action_power: str | None = None              # the power of the action this effect belongs to
    from_action: bool = False                    # the effect is an action's (damage from an action, 4.8.3)
    event_amount: int | None = None              # "aquele mesmo número": the replaced/triggering event's number
    action_use: int = -1                         # which use of an action this is (Predador: once per action)
    memory: dict[str, Any] = field(default_factory=dict)   # a generated effect's own record (Potencializar: the
    #                                              action use it is bound to, the targets it already increased)


# ---------------------------------------------------------------------------------------------
# card attributes and places


def attr(game: Game, card: CardId, name: str) -> Any:
    """A characteristic of the card's definition (None when it has none)."""
    return getattr(game.cards.get(card), name, None)


def title(game: Game, card: CardId) -> str:
    """A card's printed title ("Blob V1") for traces and shield event ids."""
    return str(attr(game, card, "title") or game.name(card))


def identity(game: Game, card: CardId) -> str:
    """4.4.2.1 A.4: a character's alter ego, or its name if it has none."""
    return str(attr(game, card, "alter_ego") or attr(game, card, "name") or "")


KIND_TYPES = {Kind.CHARACTER: ("Personagem", "Personagem-EV"), Kind.SUPPORT: ("Suporte",),
              Kind.SCENARIO: ("Cenário",), Kind.ABILITY: ("Habilidade",)}


def controller_of(game: Game, card: CardId) -> int:
    """Who controls the card: a base card's controller, the carrier's for a carried card, else its owner."""
    base = game.state.scene.get(card)
    if base is not None:
        return base.controller
    try:
        zone, carrier = game.state.location(card)
    except KeyError:
        return game.state.owner.get(card, 0)
    if zone is Zone.CARRIED and carrier is not None:
        return game.state.scene[carrier].controller
    return game.state.owner[card]


def host(game: Game, card: CardId) -> CardId | None:
    """The character/support carrying ``card`` (None when it is not carried)."""
    for base in game.state.scene.values():
        if card in base.carried:
            return base.card
    return None


def base_of(game: Game, ctx: EffectContext) -> CardId | None:
    """"este personagem": the base card itself, or the character carrying this card (or using the action)."""
    src = ctx.source
    if src is not None and src in game.state.scene:
        return src
    if src is not None:
        carrier = host(game, src)
        if carrier is not None:
            return carrier
    return ctx.user


def static_context(game: Game, card: CardId, controller: int) -> EffectContext:
    """The context a card's permanent text works with: its controller, the character it is (or is carried
    by), and what its texts chose that the card remembers ("o personagem escolhido": ``GameState.chosen``,
    the ``card:N`` slots)."""
    user = card if card in game.state.scene else host(game, card)
    ctx = EffectContext(controller, source=card, user=user)
    for slot, chosen in game.state.chosen.get(card, {}).items():
        ctx.slots[slot] = list(chosen)
    return ctx


# ---------------------------------------------------------------------------------------------
# filters: the one evaluator


def matches(game: Game, ctx: EffectContext, card: CardId, sel: Selector, depth: int = 0) -> bool:
    """Does ``card`` have the selector's kind and pass its filters?"""
    kinds = (sel.kind, *sel.also)
    if not any(k in (Kind.CARD,) for k in kinds):
        ctype = str(attr(game, card, "card_type") or "")
        if not any(ctype in KIND_TYPES.get(k, ()) for k in kinds):
            return False
    return all(filter_matches(game, ctx, card, f, depth) for f in sel.filters)


def filter_matches(game: Game, ctx: EffectContext, card: CardId, flt: Filter, depth: int = 0, *,
                   printed: bool = False) -> bool:
    """Does ``card`` pass one filter (``field`` ``op`` ``value``) of a selector read in ``ctx``?

    ``depth`` > 0: read for a static (its powers and characteristics without the statics' own results).
    ``printed``: the reading the trigger matcher makes of an event's subject (5.2) and the rules of a rule
    static's ``of`` (``rules.py``): words compared by prefix ("Vingadores" also matches "Vingadores Sombrios"),
    the printed powers, the controller of where the card lies (its owner outside the scene), and no relation to
    the effect's own cards (``other``, ``identity``, ``shares``...: an unknown word). A filter whose value is a
    selector (a relation the new compiler writes) is not read yet: its word is empty."""
    word = flt.value if isinstance(flt.value, str) else ""
    value = fold_key(word)
    name = flt.field
    if name == "keyword":
        from cardscript.runtime.statics import has_keyword

        ok = has_keyword(game, card, word)                        # "com Predador" (5.6; lost under 5.8)
    elif name == "controller":
        who = _lying_controller(game, card) if printed else controller_of(game, card)
        ok = who == (ctx.controller if value in ("you", "voce", "this") else 1 - ctx.controller)
    elif printed:
        ok = _printed_has(game, card, flt, value)
    elif name == "other":
        return card != base_of(game, ctx) and card != ctx.source
    elif name == "power":
        from cardscript.runtime.statics import powers_now

        have = {fold_key(p) for p in powers_now(game, card, depth + 1)}
        if str(attr(game, card, "card_type")) == "Habilidade":
            have.add(fold_key(str(attr(game, card, "power") or "")))
        ok = value in have
    elif name == "identity":                                       # "com o alter ego deste personagem": the
        base = base_of(game, ctx)                                  # alter ego, or the name if none (4.4.2.1 A.4)
        ok = base is not None and card != base and identity(game, card) == identity(game, base)
    elif name == "this_turn":                                      # "que não tenha sido potencializado neste
        ok = (word, card) in game.state.this_turn.marked          # turno": marked by an effect this turn
    elif name == "since_turn_start":                               # "desde o início do turno": in the scene
        base_in = game.state.scene.get(card)                       # since before this turn (4.6.2 C.1)
        ok = base_in is not None and base_in.entered_turn < game.state.turn
    elif name == "name_or_alter_ego":                              # "com o nome ou o alter ego de um personagem
        ok = _shares_name_or_alter_ego(game, ctx, card)            # que um oponente controla" (Metamorfo)
    elif flt.op == "chosen":           # "com a afiliação escolhida" (Soprano V1): the one its card's text chose
        picked = characteristics.chosen_trait(game, ctx.source, name)
        ok = picked is not None and characteristics.has_trait(game, card, name, picked, depth)
    elif name == "shares" or flt.op == "shares":
        base = base_of(game, ctx)
        mine = {fold_key(a) for a in characteristics.traits(game, base, "affiliations", depth)} if base is not None \
            else set()
        ok = bool(mine & {fold_key(a) for a in characteristics.traits(game, card, "affiliations", depth)})
    elif name in ("affiliation", "alignment"):  # printed, lent, gained, lost (characteristics.py; 8 B.2)
        wanted = word.split("/") if flt.op == "has_any" else [word]   # "X ou Y"
        ok = any(characteristics.has_trait(game, card, name, v, depth) for v in wanted)
    else:
        ok = value in _words(attr(game, card, {"affiliation": "affiliations", "alignment": "alignments"}.get(name,
                                                                                                           name)))
    return not ok if flt.op in ("ne", "lacks") else ok


def _words(raw: object) -> set[str]:
    if isinstance(raw, tuple | list):
        return {fold_key(str(v)) for v in raw}
    return {fold_key(str(raw))} if raw is not None else set()


def _lying_controller(game: Game, card: CardId) -> int:
    """``printed`` reading: the controller of a base card in the scene, else the owner."""
    where = game.state.scene.get(card)
    return where.controller if where is not None else game.state.owner[card]


def _printed_has(game: Game, card: CardId, flt: Filter, value: str) -> bool:
    """``printed`` reading: alignments and affiliations as they are now (characteristics.traits, 8 B.2), any
    other characteristic as printed; a word matches itself or a longer word it starts."""
    if flt.field in ("affiliation", "alignment") and flt.op in ("has", "lacks", "eq", "ne"):
        have = {fold_key(v) for v in characteristics.traits(game, card, flt.field)}
    else:
        have = _words(attr(game, card, {"affiliation": "affiliations", "alignment": "alignments",
                                        "power": "powers"}.get(flt.field, flt.field)))
    return value in have or any(h.startswith(value) for h in have)


def _shares_name_or_alter_ego(game: Game, ctx: EffectContext, card: CardId) -> bool:
    """The card has the name, or the alter ego, of a character an opponent of the effect's controller controls."""
    name, ego = fold_key(str(attr(game, card, "name") or "")), fold_key(str(attr(game, card, "alter_ego") or ""))
    for base in game.state.scene.values():
        if base.controller == ctx.controller or not str(attr(game, base.card, "card_type") or "").startswith(
                "Personagem"):
            continue
        if name and name == fold_key(str(attr(game, base.card, "name") or "")):
            return True
        if ego and ego == fold_key(str(attr(game, base.card, "alter_ego") or "")):
            return True
    return False


# ---------------------------------------------------------------------------------------------
# what a selector stands for


def selected(game: Game, ctx: EffectContext, sel: Selector, card: CardId, depth: int = 0) -> bool:
    """Does the (continuous effect's) selector stand for ``card``?"""
    if sel.ref is not None:
        return card in resolve(game, ctx, sel)
    if card not in game.state.scene:
        return False
    return matches(game, ctx, card, sel, depth)


def candidates(game: Game, ctx: EffectContext, sel: Selector) -> list[CardId]:
    """Every card a selector with no reference could pick (in the scene, or in its zone)."""
    state = game.state
    if sel.zone and sel.zone not in ("scene", "carried"):
        owner = ctx.controller if sel.zone_owner in (None, Ref.YOU) else 1 - ctx.controller
        p = state.players[owner]
        pool = {"deck": p.deck, "hand": p.hand, "resources": p.resources, "prizes": p.prizes}.get(sel.zone, [])
        if sel.zone == "deck_top":                  # "os N cards do topo de seu deck", top first
            pool = p.deck[:quantity(game, ctx, sel.count)]
        return [c for c in pool if matches(game, ctx, c, sel)]
    if sel.zone == "carried":
        bases = [b for b in resolve(game, ctx, sel.of) if isinstance(b, int)] if sel.of else list(state.scene)
        return [c for b in bases if b in state.scene for c in state.scene[b].carried if matches(game, ctx, c, sel)]
    pool = list(state.scene)
    if state.scenario is not None and Kind.SCENARIO in (sel.kind, *sel.also):
        pool.append(state.scenario)
    return [c for c in pool if matches(game, ctx, c, sel)]


def resolve(game: Game, ctx: EffectContext, sel: Selector | None) -> list[Thing]:
    """What a selector stands for now. A selector with no reference and no ``every`` gives its candidates
    (a procedure then has its controller choose ``count`` of them, see :func:`select`)."""
    if sel is None:
        return []
    ref = sel.ref
    if ref is Ref.YOU:
        return [Player(ctx.controller)]
    if ref is Ref.OPPONENT:
        return [Player(1 - ctx.controller)]
    if ref is Ref.EVERY_PLAYER:
        return [Player(0), Player(1)]
    if ref in (Ref.CONTROLLER, Ref.OWNER):
        out: list[Thing] = []
        for t in resolve(game, ctx, sel.of) if sel.of is not None else []:
            if isinstance(t, int):
                who = controller_of(game, t) if ref is Ref.CONTROLLER else game.state.owner[t]
                if Player(who) not in out:
                    out.append(Player(who))
        return out or [Player(ctx.controller)]
    if ref in (Ref.THIS_CARD, Ref.THIS_ACTION):
        return [ctx.source] if ctx.source is not None else []
    if ref is Ref.THIS_CHARACTER:
        base = base_of(game, ctx)
        return [base] if base is not None else []
    if ref is Ref.ACTION_USER:
        return [ctx.user] if ctx.user is not None else []
    if ref is Ref.TARGET:
        if not ctx.targets:
            return []
        if sel.index < len(ctx.targets):
            return list(ctx.targets[sel.index])
        return [t for ts in ctx.targets for t in ts]
    if ref is Ref.SLOT:
        return list(ctx.slots.get(sel.slot, []))
    if sel.kind is Kind.PLAYER:
        return [Player(0), Player(1)]
    return list(candidates(game, ctx, sel))


def players(game: Game, ctx: EffectContext, sel: Selector | None) -> list[int]:
    """The players a selector stands for (the effect's controller when there is none)."""
    if sel is None:
        return [ctx.controller]
    return [t.index for t in resolve(game, ctx, sel) if isinstance(t, Player)]


# ---------------------------------------------------------------------------------------------
# numbers and conditions


def quantity(game: Game, ctx: EffectContext, q: Quantity | None) -> int:
    """A number: fixed + x_times * X; X as chosen, else as counted by its definition."""
    if q is None:
        return 0
    if not q.x_times:
        return q.fixed
    if q.x is not None and q.x.event == "amount":
        return q.fixed + q.x_times * (ctx.event_amount or 0)
    x = ctx.x if ctx.x is not None else count(game, ctx, q.x)
    return q.fixed + q.x_times * x


def count(game: Game, ctx: EffectContext, c: Count | None) -> int:
    """``X é igual ao número de ...``."""
    if c is None or c.what is None:
        return 0
    n = len(resolve(game, ctx, c.what)) * c.multiplier
    return -(-n // c.divisor) if c.round_up else n // c.divisor


def check_condition(game: Game, ctx: EffectContext, cond: Condition) -> bool:
    """A condition on the state now (an effect's, 5.1 / 5.2 / 5.4; a procedure's, when it resolves)."""
    ok = _condition(game, ctx, cond)
    return not ok if cond.negated else ok


def _condition(game: Game, ctx: EffectContext, cond: Condition) -> bool:
    if cond.all_of:
        return all(check_condition(game, ctx, c) for c in cond.all_of)
    if cond.any_of:
        return any(check_condition(game, ctx, c) for c in cond.any_of)
    sel = cond.subject
    if cond.kind == "controls" and sel is not None:
        mine = [c for c in candidates(game, ctx, sel) if controller_of(game, c) == ctx.controller]
        return len(mine) >= max(1, int(cond.value or 1))
    things = [t for t in resolve(game, ctx, sel) if isinstance(t, int)] if sel is not None else []
    if cond.kind == "is" and sel is not None:
        bare = Selector(kind=Kind.CARD, filters=sel.filters)
        return bool(things) and all(matches(game, ctx, t, bare) for t in things)
    if cond.kind == "has_power":
        from cardscript.runtime.statics import gathering_powers, powers_now

        # a static granting powers under a power condition (Armadura de Combate I.M.A.) must not ask itself:
        # while the statics' powers are being gathered, the condition reads the powers without statics
        depth = 1 if gathering_powers() else 0
        return bool(things) and all(cond.value in powers_now(game, t, depth) for t in things)
    if cond.kind == "energy":
        op, _, num = cond.value.partition(":")
        want = int(num)
        energies = [game.state.scene[t].energy for t in things if t in game.state.scene]
        if op == "ge":
            return bool(energies) and all(e >= want for e in energies)
        if op == "le":
            return bool(energies) and all(e <= want for e in energies)
        return bool(energies) and all(e == want for e in energies)
    if cond.kind == "in_zone":             # "se este card estiver em sua mão" (Ataque-Surpresa)
        return bool(things) and all(str(game.state.location(t)[0]) == cond.value
                                    and game.state.owner[t] == ctx.controller for t in things)
    if cond.kind == "damaged_this_turn":
        return bool(things) and all(game.state.scene[t].damage_taken_this_turn > 0 for t in things
                                    if t in game.state.scene)
    raise ValueError(f"condition kind '{cond.kind}' is not implemented")


# ---------------------------------------------------------------------------------------------
# choosing among them (principle 8)


def names(game: Game, things: Sequence[Thing]) -> tuple[str, ...]:
    return tuple(f"player {t.index}" if isinstance(t, Player) else game.name(t) for t in things)


def choose(game: Game, ctx: EffectContext, options: Sequence[Thing], n: int, kind: str, prompt: str,
           player: int | None = None, minimum: int | None = None) -> list[Thing]:
    """The player picks ``n`` of ``options`` (all of them, without asking, when there is no choice)."""
    n = min(n, len(options))
    low = n if minimum is None else min(minimum, n)
    if n == 0 and low == 0 and not options:
        return []
    if low == len(options) == n:
        return list(options)
    answer = game.decide(Decision(ctx.controller if player is None else player, kind, prompt, names(game, options),
                                  minimum=low, maximum=n))
    return [options[i] for i in answer]


def select(game: Game, ctx: EffectContext, sel: Selector, kind: str, prompt: str) -> list[Thing]:
    """A selector's things, the controller choosing ``count`` of them when the selector leaves a choice."""
    things = resolve(game, ctx, sel)
    if sel.ref is not None or sel.every:
        return things
    n = quantity(game, ctx, sel.count)
    return choose(game, ctx, things, n, kind, prompt, minimum=0 if sel.count.up_to else None)


def ask_yes_no(game: Game, player: int, prompt: str) -> bool:
    answer = game.decide(Decision(player, "optional", prompt, ("yes", "no")))
    return answer == (0,)
