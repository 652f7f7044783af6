"""What selectors stand for when an effect resolves (``docs/semantics.md``: noun phrases denote selectors).

:class:`EffectContext` is what the procedures of one effect share: who controls it, its card, the character
using the action, the chosen targets (4.6.2 F), X, the *slots* -- what earlier procedures introduced
(``intro:N``: "aquele card"), what the card remembers its permanent text chose (``card:N``: "o personagem
escolhido", ``GameState.chosen``), what the event that fired the trigger names (``event:subject``,
``event:action``...) -- and whether the last "você pode" was done.

The things a selector stands for (:data:`Thing`): cards, :class:`Player` s, :class:`ActionThing` s (an action, or
one use of it: rules 4.6) and :class:`Trait` s (a characteristic's value a Choose wrote in a slot: "o poder
escolhido").

:func:`resolve` gives what a :class:`~cardscript.compiler.ir.Selector` stands for now (a reference, a union, or
its candidates: :func:`candidates`, less ``excluding``), :func:`matches` whether a thing has its kind and passes
its filters -- the one filter evaluator, :func:`cardscript.games.battle_scenes.runtime.filters.filter_matches`, also
reads trigger
subjects (5.2), action filters and rule statics --, :func:`quantity` / :func:`count` the numbers (X),
:func:`check_condition` the conditions (:mod:`cardscript.games.battle_scenes.runtime.conditions`); :func:`select` has a
player
choose among a selector's things when it leaves a choice (principle 8), or picks them at random.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardscript.compiler.ir import Condition, Count, Filter, Kind, Quantity, Ref, Selector
from cardscript.compiler.vocabulary import fold_key
from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.identity import stay
from cardscript.games.battle_scenes.runtime.state import ActionUseRecord, CardId, Zone

__all__ = ["KIND_TYPES", "ActionThing", "EffectContext", "Player", "Thing", "Trait", "ask_yes_no", "attr",
           "base_of", "candidates", "check_condition", "choose", "controller_of", "count", "filter_matches", "host",
           "identity", "matches", "names", "players", "quantity", "resolve", "select", "selected",
           "static_context", "title"]


@dataclass(frozen=True)
class Player:
    """A player as a thing a selector can stand for ("você", "o controlador daquele personagem")."""

    index: int


@dataclass(frozen=True)
class ActionThing:
    """An action as a thing (rules 4.6): the one named ``name`` written on ``holder``; when it is being (or was)
    used, its ``user``, the ``power`` it needs, its ``targets``, which ``use`` it is (``EffectContext.action_use``)
    and the ``player`` using it; for a cost {X}, the ``x`` chosen."""

    holder: CardId
    name: str
    user: CardId | None = None
    power: str | None = None
    targets: tuple[CardId | Player, ...] = ()
    use: int = -1
    player: int | None = None
    definition: Any = field(default=None, compare=False, repr=False)   # its ActionDef, when known
    x: int | None = field(default=None, compare=False)   # cost {X}: the value chosen for X when used (4.6.2 E.1)
    phase: str = field(default="", compare=False)   # a use of the turn: the phase and step it was used in (6)
    step: str = field(default="", compare=False)


def used_action(rec: ActionUseRecord, use: int | None = None) -> ActionThing:
    """A use of the turn (``TurnMemory.uses``) as an action thing: the action, its user, power, targets and player
    as they were when it was used (4.6.2 H)."""
    return ActionThing(rec.holder, rec.name, rec.user, rec.power, targets=rec.targets,
                       use=rec.use if use is None else use, player=rec.player, phase=rec.phase, step=rec.step)


@dataclass(frozen=True)
class Trait:
    """A characteristic's value as a thing: what "escolha um poder / tipo de card / afiliação" wrote in a slot
    (``attr``: "power", "card_type", "affiliation")."""

    attr: str
    value: str


Thing = CardId | Player | ActionThing | Trait


@dataclass
class EffectContext:
    """What the procedures of one effect share while it resolves."""

    controller: int
    source: CardId | None = None                 # the card whose text this is (the action's card)
    user: CardId | None = None                   # the character using the action / carrying the card
    user_stay: int | None = None                 # an action's: the user's stay in the scene when it used it
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
    #                                              action use it is bound to, the targets it already increased);
    #                                              "searched": the zones a Search of this effect searched

    def write(self, slot: str, things: Sequence[Thing]) -> None:
        """Write a slot; a slot written again counts as written last ("o restante": ``<slot>:rest``)."""
        self.slots.pop(slot, None)
        self.slots[slot] = list(things)


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
    """Who controls the card: a base card's controller, the carrier's for a carried card, the scenario's (the
    player who put it in the scene, 4.4.1 E), else its owner."""
    base = game.state.scene.get(card)
    if base is not None:
        return base.controller
    if card == game.state.scenario and game.state.scenario_controller is not None:
        return game.state.scenario_controller
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
    """"este personagem": the base card itself, or the character carrying this card (or using the action). An
    action's user that left the scene since it used the action is no longer "este personagem": a card that leaves
    the scene is a new object (runtime.identity, 9.1.1: the user knocked out by an effect triggered before the
    action's effect resolves is not followed into the prizes)."""
    if ctx.user_stay is not None and ctx.user is not None and stay(game.state, ctx.user) != ctx.user_stay:
        return None
    src = ctx.source
    if src is not None and src in game.state.scene:
        return src
    if src is not None:
        carrier = host(game, src)
        if carrier is not None:
            return carrier
        if str(getattr(game.cards.get(src), "card_type", "")).startswith("Personagem"):
            return src      # a character card outside the scene ("enquanto este personagem estiver nos prêmios")
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
# filters: the one evaluator (cardscript.games.battle_scenes.runtime.filters)


def matches(game: Game, ctx: EffectContext, thing: Thing, sel: Selector, depth: int = 0) -> bool:
    """Does ``thing`` have the selector's kind and pass its filters
    (:func:`cardscript.games.battle_scenes.runtime.filters.matches`)?"""
    return filters.matches(game, ctx, thing, sel, depth)


def filter_matches(game: Game, ctx: EffectContext, thing: Thing, flt: Filter, depth: int = 0) -> bool:
    """Does ``thing`` pass one filter (:func:`cardscript.games.battle_scenes.runtime.filters.filter_matches`)?"""
    return filters.filter_matches(game, ctx, thing, flt, depth)


# ---------------------------------------------------------------------------------------------
# what a selector stands for


def selected(game: Game, ctx: EffectContext, sel: Selector, card: CardId, depth: int = 0) -> bool:
    """Does the (continuous effect's) selector stand for ``card``?"""
    if sel.ref is not None or sel.union:
        return card in resolve(game, ctx, sel)
    if card not in game.state.scene:
        return False
    if sel.excluding is not None and card in resolve(game, ctx, sel.excluding):
        return False
    return matches(game, ctx, card, sel, depth)


def _area_owners(game: Game, ctx: EffectContext, sel: Selector) -> list[int]:
    """Whose pile a zone of ``sel`` is: ``of`` when it stands for players ("os recursos de um jogador", "a mão do
    oponente alvo"), else ``zone_owner`` (the effect's controller by default). The prizes of a player are the cards
    that player scored (4.9.1: a knocked-out character goes to the prizes of its controller's opponents), which the
    engine keeps in their owner's pile: "os prêmios de seus oponentes" are the piles of the effect's controller."""
    owners = _named_owners(game, ctx, sel)
    return sorted({1 - o for o in owners}) if sel.zone == "prizes" else owners


def _named_owners(game: Game, ctx: EffectContext, sel: Selector) -> list[int]:
    if sel.of is not None:
        found = [t.index for t in resolve(game, ctx, sel.of) if isinstance(t, Player)]
        if found:
            return found
    if sel.zone_owner is Ref.OPPONENT:
        return [1 - ctx.controller]
    if sel.zone_owner is Ref.EVERY_PLAYER:
        return [0, 1]
    return [ctx.controller]


def candidates(game: Game, ctx: EffectContext, sel: Selector) -> list[CardId]:
    """Every card a selector with no reference could pick (in the scene, or in its zone), not those ``excluding``
    stands for."""
    state = game.state
    out: list[CardId] = []
    if sel.zone and sel.zone not in ("scene", "carried", "carried_before"):
        for owner in _area_owners(game, ctx, sel):
            p = state.players[owner]
            pool = {"deck": p.deck, "hand": p.hand, "resources": p.resources, "prizes": p.prizes,
                    "set_aside": p.set_aside}.get(sel.zone, [])
            if sel.zone == "deck_top":                  # "os N cards do topo de seu deck", top first
                pool = p.deck[:quantity(game, ctx, sel.count)]
            elif sel.zone == "deck_bottom":
                n = quantity(game, ctx, sel.count)
                pool = p.deck[len(p.deck) - n:] if n else []
            out += [c for c in pool if matches(game, ctx, c, sel)]
    elif sel.zone == "carried":                          # "um card que <of> estiver carregando"
        bases = [b for b in resolve(game, ctx, sel.of) if isinstance(b, int)] if sel.of else list(state.scene)
        out = [c for b in bases if b in state.scene for c in state.scene[b].carried if matches(game, ctx, c, sel)]
    elif sel.zone == "carried_before":                   # "os cards que <of> estava carregando"
        out = [c for b in _carriers_before(game, ctx, sel.of) for c in _carried_before(game, ctx, b)
               if matches(game, ctx, c, sel)]
    else:
        pool = list(state.scene)
        if state.scenario is not None and Kind.SCENARIO in (sel.kind, *sel.also):
            pool.append(state.scenario)
        out = [c for c in pool if matches(game, ctx, c, sel)]
    if sel.excluding is not None:
        out = [c for c in out if c not in resolve(game, ctx, sel.excluding)]
    return out


def _carriers_before(game: Game, ctx: EffectContext, of: Selector | None) -> list[CardId]:
    """Who "<of> estava carregando" speaks of: what ``of`` stands for now; or, when it describes characters in the
    scene and the one this effect unloaded has since left it ("descarregue todos os cards dele e devolva-o para
    sua mão ... os cards que aquele personagem estava carregando"), the one base this effect unloaded."""
    now = [b for b in resolve(game, ctx, of) if isinstance(b, int)]
    before = ctx.memory.get("carried_before", {})
    if now or of is None or of.ref is not None or not isinstance(before, dict) or len(before) != 1:
        return now
    return [b for b in before if isinstance(b, int) and b not in game.state.scene]


def _carried_before(game: Game, ctx: EffectContext, base: CardId) -> list[CardId]:
    """The cards ``base`` was carrying before this effect: those the effect unloaded from it (recorded by the
    unloading, ``carried_before``), or -- if it unloaded none -- those it carries now."""
    before = ctx.memory.get("carried_before", {})
    if isinstance(before, dict) and base in before:
        return list(before[base])
    return list(game.state.scene[base].carried) if base in game.state.scene else []


def _actions_in_scene(game: Game, ctx: EffectContext, sel: Selector) -> list[Thing]:
    """"uma ação": the actions the characters in the scene have (4.6.2 C.3), matching the selector; "as ações que o
    oponente tenha usado neste turno" (a ``used_this_turn`` filter): this turn's uses, one thing each."""
    from cardscript.games.battle_scenes.runtime.actions import available_actions

    out: list[Thing] = []
    if any(f.field == "used_this_turn" and f.op == "eq" for f in sel.filters):
        for k, rec in enumerate(game.state.this_turn.uses):
            used = used_action(rec, use=-2 - k)
            if matches(game, ctx, used, sel):
                out.append(used)
        return out
    for base in game.state.scene.values():
        if not str(attr(game, base.card, "card_type") or "").startswith("Personagem"):
            continue
        for use in available_actions(game, base):
            thing = ActionThing(use.holder, use.action.name, base.card, use.action.power)
            if matches(game, ctx, thing, sel):
                out.append(thing)
    return out


def _rest(ctx: EffectContext, slot: str) -> list[Thing]:
    """``<slot>:rest`` ("o restante", "os demais"): the things of ``slot`` in no slot written after it."""
    names = list(ctx.slots)
    later = names[names.index(slot) + 1:] if slot in names else []
    taken = [t for s in later for t in ctx.slots[s]]
    return [t for t in ctx.slots.get(slot, []) if t not in taken]


def resolve(game: Game, ctx: EffectContext, sel: Selector | None) -> list[Thing]:
    """What a selector stands for now. A selector with no reference and no ``every`` gives its candidates
    (a procedure then has its controller -- or ``chooser`` -- choose ``count`` of them, see :func:`select`)."""
    if sel is None:
        return []
    out = _resolve(game, ctx, sel)
    if sel.excluding is not None and (sel.ref is not None or sel.union or sel.kind in (Kind.PLAYER, Kind.ACTION)):
        gone = resolve(game, ctx, sel.excluding)
        out = [t for t in out if t not in gone]
    return out


def _resolve(game: Game, ctx: EffectContext, sel: Selector) -> list[Thing]:
    ref = sel.ref
    if sel.union and ref is None:                    # "um personagem com {LA} ou um suporte": any of these
        out: list[Thing] = []
        for member in sel.union:
            out += [t for t in resolve(game, ctx, member) if t not in out]
        return out
    if ref is Ref.YOU:
        return [Player(ctx.controller)]
    if ref is Ref.OPPONENT:
        return [Player(1 - ctx.controller)]
    if ref is Ref.EVERY_PLAYER:
        return [Player(0), Player(1)]
    if ref in (Ref.CONTROLLER, Ref.OWNER):
        found: list[Thing] = []
        for t in resolve(game, ctx, sel.of) if sel.of is not None else []:
            if isinstance(t, ActionThing):
                t = t.user if t.user is not None else t.holder
            if isinstance(t, int):
                who = controller_of(game, t) if ref is Ref.CONTROLLER else game.state.owner[t]
                if Player(who) not in found:
                    found.append(Player(who))
        return found or [Player(ctx.controller)]
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
        if 0 <= sel.index < len(ctx.targets):
            return list(ctx.targets[sel.index])
        return [t for ts in ctx.targets for t in ts]     # index -1: every target of the action
    if ref is Ref.SLOT:
        if sel.slot.endswith(":rest"):
            return _rest(ctx, sel.slot[:-len(":rest")])
        group_slot, nth, position = sel.slot.rpartition(":nth")
        if nth and position.isdigit():                   # "o primeiro / o segundo personagem" of a group chosen
            group = ctx.slots.get(group_slot, [])
            return [group[int(position)]] if int(position) < len(group) else []
        return list(ctx.slots.get(sel.slot, []))
    if sel.kind is Kind.PLAYER:
        return [p for p in (Player(0), Player(1)) if matches(game, ctx, p, sel)]
    if sel.kind is Kind.ACTION:
        return _actions_in_scene(game, ctx, sel)
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
    x = ctx.x if ctx.x is not None and q.x is None else count(game, ctx, q.x) if q.x is not None else (ctx.x or 0)
    return q.fixed + q.x_times * x


def counted(game: Game, ctx: EffectContext, sel: Selector) -> list[Thing]:
    """The things a selector stands for that pass its filters (a reference's filters narrow it)."""
    things = resolve(game, ctx, sel)
    if (sel.ref is not None or sel.union) and sel.filters:   # "cards de personagem revelados": those of them
        bare = Selector(kind=Kind.CARD, also=(Kind.PLAYER, Kind.ACTION), filters=sel.filters)
        things = [t for t in things if matches(game, ctx, t, bare)]
    return things


def _attribute(game: Game, things: Sequence[Thing], attribute: str) -> int:
    """``Count.attribute`` of the things: the sum of their shields, energies, stages, damage taken this turn; how
    many different powers ("powers": now, in scene; "card_powers": printed on the cards -- an ability's power, 2.3)
    or card types ("card_types") they have among them."""
    cards = [t for t in things if isinstance(t, int)]
    scene = game.state.scene
    if attribute == "powers":
        from cardscript.games.battle_scenes.runtime.statics import powers_now

        return len({p for c in cards for p in powers_now(game, c, 0)} | {t.value for t in things
                                                                          if isinstance(t, Trait)})
    if attribute == "card_types":
        return len({str(attr(game, c, "card_type")) for c in cards})
    if attribute == "card_powers":                     # "cards de habilidades de poderes diferentes": the different
        printed = {str(attr(game, c, "power")) for c in cards if attr(game, c, "power")}      # printed powers
        return len(printed | {str(p) for c in cards for p in (attr(game, c, "powers") or ())})
    if attribute == "shield":
        from cardscript.games.battle_scenes.runtime.shielding import shield

        return sum(shield(game, c) for c in cards if c in scene)
    if attribute == "energy":
        return sum(scene[c].energy for c in cards if c in scene)
    if attribute == "stage":
        return sum(scene[c].stage for c in cards if c in scene)
    if attribute == "damage_taken":
        return sum(scene[c].damage_taken_this_turn for c in cards if c in scene)
    if attribute == "points":                # a player's points (4.9.1)
        return sum(game.prize_points(t.index) for t in things if isinstance(t, Player))
    if attribute == "initial_energy":
        return sum(int(attr(game, c, "initial_energy") or 0) for c in cards)
    raise ValueError(f"count attribute '{attribute}' is not implemented")


def _times_used(game: Game, ctx: EffectContext, c: Count) -> int:
    """"o número de vezes que esta ação foi usada [anteriormente] por este personagem neste turno": the uses of the
    turn (``this_turn.uses``, appended when an action is used, 4.6.2 H) of actions the selector describes; "before"
    leaves out the use resolving now (the latest one, when this effect is that use's)."""
    from cardscript.games.battle_scenes.runtime.filters import matches

    assert c.what is not None
    records = game.state.this_turn.uses
    if c.attribute == "times_used_before" and ctx.from_action and ctx.action_use >= 0 \
            and any(rec.use == ctx.action_use for rec in records):
        records = [rec for rec in records if rec.use != ctx.action_use]       # the use resolving now: that one
        return sum(1 for rec in records if matches(game, ctx, used_action(rec), c.what))
    uses = [used_action(rec) for rec in records]
    n = sum(1 for a in uses if matches(game, ctx, a, c.what))
    if c.attribute == "times_used_before" and ctx.from_action and uses and matches(game, ctx, uses[-1], c.what):
        n -= 1
    return n


def count(game: Game, ctx: EffectContext, c: Count | None) -> int:
    """``X é igual ao número de ...`` / ``... ao Escudo / à Energia / ao número de poderes de ...``; ``X é igual a 2
    se ..., caso contrário, X é igual a 1``: the value whose condition holds now."""
    if c is not None and c.when is not None and not check_condition(game, ctx, c.when):
        return count(game, ctx, c.otherwise)
    if c is not None and c.fixed is not None:
        return c.fixed
    if c is None or c.what is None:
        return 0
    if c.attribute in ("times_used", "times_used_before"):
        return _times_used(game, ctx, c) * c.multiplier
    things = counted(game, ctx, c.what)
    n = (_attribute(game, things, c.attribute) if c.attribute else len(things)) * c.multiplier
    n = -(-n // c.divisor) if c.round_up else n // c.divisor
    if c.subtracted:                                  # "10 menos o número de ...": never fewer than none (a number
        return max(0, c.offset - n)                   # of cards, of damage points: golden rule C)
    return c.offset + n


def check_condition(game: Game, ctx: EffectContext, cond: Condition) -> bool:
    """A condition on the state now (:func:`cardscript.games.battle_scenes.runtime.conditions.check_condition`)."""
    return conditions.check_condition(game, ctx, cond)


# ---------------------------------------------------------------------------------------------
# choosing among them (principle 8)


def names(game: Game, things: Sequence[Thing]) -> tuple[str, ...]:
    def name(t: Thing) -> str:
        if isinstance(t, Player):
            return f"player {t.index}"
        if isinstance(t, ActionThing):
            return f"{t.name} ({game.name(t.user if t.user is not None else t.holder)})"
        if isinstance(t, Trait):
            return t.value
        return game.name(t)
    return tuple(name(t) for t in things)


def choose(game: Game, ctx: EffectContext, options: Sequence[Thing], n: int, kind: str, prompt: str,
           player: int | None = None, minimum: int | None = None) -> list[Thing]:
    """The player picks ``n`` of ``options`` (all of them, without asking, when there is no choice); a count below
    0 ("X-1 destes alvos" with X = 0) is none (4.6.2 I: as far as it can be done)."""
    n = max(0, min(n, len(options)))
    low = n if minimum is None else min(minimum, n)
    if n == 0 and low == 0 and not options:
        return []
    if low == len(options) == n:
        return list(options)
    answer = game.decide(Decision(ctx.controller if player is None else player, kind, prompt, names(game, options),
                                  minimum=low, maximum=n))
    return [options[i] for i in answer]


def choose_different(game: Game, ctx: EffectContext, options: Sequence[Thing], n: int, field: str, kind: str,
                     prompt: str, player: int | None = None, minimum: int | None = None) -> list[Thing]:
    """"até três cards de nomes diferentes": the player picks up to ``n`` of ``options`` one at a time, each time
    among those whose ``field`` (a card's name, 4.1) no card picked so far has; ``minimum`` None: as many as can be
    (every pick is required while one is left), 0: the player may stop at any pick."""
    picked: list[Thing] = []
    taken: set[str] = set()
    while len(picked) < n:
        left = [o for o in options if o not in picked and _value_of(game, o, field) not in taken]
        if not left:
            break
        one = choose(game, ctx, left, 1, kind, f"{prompt} ({len(picked) + 1} of up to {n})", player=player,
                     minimum=0 if minimum == 0 else None)
        if not one:
            break
        picked.append(one[0])
        taken.add(_value_of(game, one[0], field))
    return picked


def choose_alike(game: Game, ctx: EffectContext, options: Sequence[Thing], n: int, field: str, kind: str,
                 prompt: str, player: int | None = None, up_to: bool = False) -> list[Thing]:
    """"dois personagens controlados por um mesmo jogador": ``n`` of ``options`` that share ``field`` (the
    controller). The first is chosen among those with enough others sharing it (all ``n`` must be chosen unless
    ``up_to``), the rest among those sharing the first's; none when no group is large enough (4.6.2 I: as far as it
    can be done)."""
    groups: dict[str, list[Thing]] = {}
    for o in options:
        groups.setdefault(_value_of(game, o, field), []).append(o)
    need = 1 if up_to else n
    first_options = [o for o in options if len(groups[_value_of(game, o, field)]) >= need]
    first = choose(game, ctx, first_options, 1, kind, f"{prompt} (1 of {n})", player=player,
                   minimum=0 if up_to else None) if first_options and n > 0 else []
    if not first:
        return []
    rest = [o for o in groups[_value_of(game, first[0], field)] if o != first[0]]
    return [first[0], *choose(game, ctx, rest, n - 1, kind, f"{prompt} (the others)", player=player,
                              minimum=0 if up_to else None)]


def _value_of(game: Game, thing: Thing, field: str) -> str:
    """A card's characteristic as a key ("name": its name, folded as names are compared; "controller": who controls
    it in the scene)."""
    if field == "controller" and isinstance(thing, int):
        base = game.state.scene.get(thing)
        return str(base.controller) if base is not None else ""
    return fold_key(str(attr(game, thing, field) or "")) if isinstance(thing, int) else str(thing)


def select(game: Game, ctx: EffectContext, sel: Selector, kind: str, prompt: str) -> list[Thing]:
    """A selector's things: the controller -- or ``chooser`` ("à escolha daquele jogador") -- choosing ``count``
    of them when the selector leaves a choice; ``random``: that many picked with the game's seeded RNG."""
    things = resolve(game, ctx, sel)
    if sel.ref is not None or sel.every:
        return things
    if sel.count.any_number:                         # "qualquer número de personagens": none to all of them
        return choose(game, ctx, things, len(things), kind, prompt, player=players(game, ctx, sel.chooser)[0]
                      if sel.chooser is not None and players(game, ctx, sel.chooser) else None, minimum=0)
    if _every_pile_top(sel):                         # "os três cards do topo de seus próprios decks": the count is
        return things                                # of each pile, already taken from each (8.C, 8.D)
    n = quantity(game, ctx, sel.count)
    if sel.random:                                   # "um card aleatório": the seeded RNG picks (principle 9)
        return list(game.rng.sample(things, max(0, min(n, len(things)))))
    chooser = players(game, ctx, sel.chooser)[0] if sel.chooser is not None and players(
        game, ctx, sel.chooser) else None
    if sel.same:                                     # "controlados por um mesmo jogador": all sharing it
        return choose_alike(game, ctx, things, n, sel.same, kind, prompt, player=chooser,
                            up_to=sel.count.up_to)
    if sel.different:                                # "de nomes diferentes": one at a time, each differing
        return choose_different(game, ctx, things, n, sel.different, kind, prompt, player=chooser,
                                minimum=0 if sel.count.up_to else None)
    return choose(game, ctx, things, n, kind, prompt, player=chooser, minimum=0 if sel.count.up_to else None)


def _every_pile_top(sel: Selector) -> bool:
    """"Todos os jogadores colocam os três cards do topo de seus próprios decks": the N cards of the top (bottom)
    of the decks of players named all at once are the top N of EACH deck (:func:`candidates` takes them pile by
    pile), not N among them; a deck holding fewer gives what it has (8.C). A count left to a choice ("até três
    cards do topo"), a random pick, a filter or a deck to be chosen ("de um deck") keeps the choice."""
    if sel.zone not in ("deck_top", "deck_bottom") or sel.random or sel.filters:
        return False
    if sel.count.up_to or sel.count.any_number or sel.same or sel.different:
        return False
    return sel.of is not None and (sel.of.every or sel.of.ref is Ref.EVERY_PLAYER)


def ask_yes_no(game: Game, player: int, prompt: str) -> bool:
    answer = game.decide(Decision(player, "optional", prompt, ("yes", "no")))
    return answer == (0,)


# the filter evaluator and the conditions read the selectors (imported last: they import this module)
from cardscript.games.battle_scenes.runtime import conditions, filters  # noqa: E402
