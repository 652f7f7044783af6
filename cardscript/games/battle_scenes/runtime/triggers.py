"""Triggered effects (rules 5.2, 5.2.1): game events matched against every card's triggers.

:class:`Triggers` listens to :meth:`Game.emit`. For each event it looks at every triggered effect
(``EffectKind.TRIGGERED`` with an :class:`EventPattern`) of every card that is where the effect works:

* ``zone == "scene"`` (the default): the card is a base card in the scene, the scenario, or is carried
  by a character/support whose permanent texts it lends (4.4.2.3 A.1.1 ability cards on characters,
  A.1.2 character cards of the same alter ego/name, A.2b supports of the same name); cards leaving the
  scene still see the event of their own leaving (the event is matched against where the card was);
* any other zone (``hand``, ``resources``, ``deck``, ``prizes``): the card is in its owner's area of that
  name (5.2.1: the card is revealed -- logged -- and then follows the rules of triggered effects).

A match becomes a :class:`~cardscript.engine.tree.Pending` effect handed to the Effects Tree, which
puts it one level above the effect being resolved (9.1.2). Effects triggered by one event are
simultaneous: they enter the same level and the Active Player orders them by choosing among them
(5.2.1 ATENÇÃO, 9.1.2.1). Conditions are not checked here but at resolution (5.2). What the event names fills
the effect's ``event:*`` slots (``event:subject``: the card the event is about); the target a ``use_action``
pattern matched fills its ``target_slot``. A trigger subject's filters are read by the one filter evaluator
(:func:`cardscript.games.battle_scenes.runtime.filters.filter_matches`).

Events (kinds and data) the matcher understands: the Game primitives' (``enter_scene``, ``leave_scene``,
``load``, ``unload``, ``move``, ``capacitate``, ``incapacitate`` -- with ``by``, the controller of the effect
doing it --, ``knocked_out``, ``destroyed``, ``damage``, ``draw`` with ``player`` and ``cards``) and those of the
turn loop and actions (``phase_start`` / ``phase_end`` with ``phase``, ``step``, ``player``; ``use_action`` with
``card``, ``action``, ``player``; ``targeted``; ``search``). A pattern's ``phase`` / ``turn_of`` ("durante a Fase
de Combate de um oponente") is checked for every event (:func:`in_turn_part`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from dataclasses import fields, is_dataclass, replace
from typing import Any

from cardscript.compiler.ir import Condition, Effect, EffectKind, EventPattern, Filter, Kind, Ref, Selector
from cardscript.compiler.vocabulary import PHASES, STEPS, Phase, Step, fold_key
from cardscript.engine.events import Event
from cardscript.engine.tree import EffectsTree, Pending
from cardscript.games.battle_scenes.runtime import derived
from cardscript.games.battle_scenes.runtime.filters import action_matches
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.selectors import (
    KIND_TYPES,
    ActionThing,
    EffectContext,
    Player,
    Thing,
    filter_matches,
    matches,
    resolve,
    static_context,
)
from cardscript.games.battle_scenes.runtime.state import CardId, Zone

PHASE_IDS: dict[Phase, str] = {
    Phase.CONTAGEM_REGRESSIVA: "countdown", Phase.COMPRA: "draw", Phase.PREPARACAO: "preparation",
    Phase.AJUSTE: "adjustment", Phase.COMBATE: "combat",
}
STEP_IDS: dict[Step, str] = {Step.ANTECIPACAO: "anticipation", Step.ATAQUE: "attack"}
KNOWN_IDS = {*PHASE_IDS.values(), *STEP_IDS.values(), "turn"}

# EventPattern.event aliases -> the engine's event kinds
EVENT_ALIASES: dict[str, tuple[str, ...]] = {
    "leave_scene": ("leave_scene", "knocked_out", "destroyed"),
    "knock_out": ("knocked_out",),
    "knocked_out": ("knocked_out",),
    "destroyed": ("destroyed",),
    "to_prizes": ("knocked_out", "move"),      # put in the prizes (Espionar): knocked out, or moved there
    "action_damage": ("damage",),              # an action of <subject> damaged <target> (Predador)
    "start": ("phase_start",),
    "end": ("phase_end",),
}


def phase_id(text: str) -> str:
    """The engine's id of a phase/step named in card text (``Fase de Compra`` -> ``draw``); '' if none."""
    if not text:
        return ""
    key = fold_key(text)
    if key in KNOWN_IDS:
        return key
    for prefix in ("fase de ", "fase do ", "etapa de ", "etapa do "):
        if key.startswith(prefix):
            key = key[len(prefix):]
    if key in ("turno", "o turno"):
        return "turn"
    phase = PHASES.get(key) or PHASES.get(text)
    if phase is not None:
        return PHASE_IDS[phase]
    step = STEPS.get(key) or STEPS.get(text)
    if step is not None:
        return STEP_IDS[step]
    return key


def card_attr(game: Game, card: CardId, name: str) -> Any:
    return getattr(game.cards.get(card), name, None)


_LENDS: dict[tuple[int, int], tuple[object, object, int]] = {}
_NEVER, _ALWAYS, _FIRST_COPY = 0, 1, 2


def lends_text(game: Game, carried: CardId, base: CardId) -> bool:
    """4.4.2.3: does a card carried by ``base`` lend it its permanent texts (and actions)? (What the two definitions
    say is kept per pair of definitions; which copy is first is read in the state.)"""
    dc, db = game.cards.get(carried), game.cards.get(base)
    key = (id(dc), id(db))
    hit = _LENDS.get(key)
    if hit is None or hit[0] is not dc or hit[1] is not db:
        hit = _LENDS[key] = (dc, db, _lends(dc, db))
    return hit[2] == _ALWAYS or hit[2] == _FIRST_COPY and _first_copy(game, carried, base)


def _lends(dc: object, db: object) -> int:
    ctype = str(getattr(dc, "card_type", None) or "")
    btype = str(getattr(db, "card_type", None) or "")
    base_is_character = btype.startswith("Personagem")
    if ctype == "Habilidade":
        return _ALWAYS if base_is_character else _NEVER             # A.1.1 (A.2a: not on supports)
    def same(attr: str) -> bool:
        return bool(getattr(dc, attr, None) == getattr(db, attr, None))

    if ctype.startswith("Personagem") and base_is_character:       # A.1.2a/b: same alter ego, else same name,
        key = "alter_ego" if getattr(db, "alter_ego", None) else "name"   # of another card than the base
        return _FIRST_COPY if same(key) and not (same("name") and same("version")) else _NEVER
    if ctype == "Suporte" and btype == "Suporte":                  # A.2b
        return _FIRST_COPY if same("name") and not same("version") else _NEVER
    return _NEVER


def _first_copy(game: Game, carried: CardId, base: CardId) -> bool:
    """4.4.2.3: carrying two or more copies of one other version of its own card, a character or support gains the
    characteristics of one of them only -- the first it carries of that title lends them, the other copies none."""
    holder = game.state.scene.get(base)
    if holder is None or carried not in holder.carried:
        return True
    title = (card_attr(game, carried, "name"), card_attr(game, carried, "version"))
    first = next(c for c in holder.carried
                 if (card_attr(game, c, "name"), card_attr(game, c, "version")) == title)
    return first == carried


def functional_in_scene(game: Game, card: CardId) -> tuple[bool, int | None]:
    """Is the card's permanent text working in the scene? Returns (working, controller). A card whose
    permanent texts have no effect (5.8, :func:`cardscript.games.battle_scenes.runtime.continuous.text_lost`) is not
    working."""
    state = game.state
    if _text_lost(game, card):
        return False, None
    if card in state.scene:
        return True, state.scene[card].controller
    if card == state.scenario:                                      # who put it there (4.4.1 E)
        return True, state.owner[card] if state.scenario_controller is None else state.scenario_controller
    for base in state.scene.values():
        if card in base.carried:
            on_support = str(card_attr(game, base.card, "card_type") or "") == "Suporte"
            return (lends_text(game, card, base.card) or on_support and names_its_support(game, card),
                    base.controller)
    return False, None


def names_its_support(game: Game, card: CardId) -> bool:
    """4.4.2.3 A.2a / A.2b: a card carried by a support counts only as energy "a menos que seus textos digam o
    contrário" -- its texts work there when one of them names the support carrying it ("o suporte que estiver
    carregando este card", Reparos Provisórios V1)."""
    definition = game.cards.get(card)
    known = _NAMES_ITS_SUPPORT.get(id(definition))
    if known is None or known[0] is not definition:        # a fact of the definition: kept for every match
        known = (definition, any(_is_its_support(node) for node in _nodes(getattr(definition, "effects", ()))))
        _NAMES_ITS_SUPPORT[id(definition)] = known
    return known[1]


_NAMES_ITS_SUPPORT: dict[int, tuple[object, bool]] = {}     # id(definition) -> (definition, names its support)


def _is_its_support(node: object) -> bool:
    return isinstance(node, Selector) and node.kind is Kind.SUPPORT and any(
        f.field == "carrying" and isinstance(f.value, Selector) and f.value.ref is Ref.THIS_CARD
        for f in node.filters)


def _nodes(value: object) -> Iterable[object]:
    """Every IR node under ``value`` (dataclass fields, tuples and lists), ``value`` first."""
    yield value
    if is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            yield from _nodes(getattr(value, f.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _nodes(item)


def _text_lost(game: Game, card: CardId) -> bool:
    from cardscript.games.battle_scenes.runtime.continuous import text_lost

    return text_lost(game, card)




def subject_matches(game: Game, sel: Selector | None, event: Event, source: CardId, controller: int) -> bool:
    """Does the event's subject match the pattern's selector (as far as the selector can be read here)?"""
    if sel is None:
        return True
    data = event.data
    subject = data.get("card")
    if sel.ref in (Ref.YOU, Ref.OPPONENT) or sel.kind is Kind.PLAYER:
        player = data.get("player", data.get("controller", data.get("owner")))
        if sel.ref is Ref.YOU:
            return bool(player == controller)
        if sel.ref is Ref.OPPONENT:
            return player is not None and player != controller
        return True
    if sel.ref is Ref.THIS_CARD:
        return bool(subject == source)
    if sel.ref is Ref.THIS_CHARACTER:
        if subject == source:
            return True
        where = game.state.scene.get(subject) if isinstance(subject, int) else None
        return where is not None and source in where.carried
    if sel.ref is Ref.SLOT and sel.slot.startswith("card:"):   # "aquele personagem": the one the card's other
        return subject in game.state.chosen.get(source, {}).get(sel.slot, [])   # text chose (it remembers it)
    if not isinstance(subject, int) or subject not in game.cards:
        return sel.kind in (Kind.CARD, Kind.ACTION)
    types = KIND_TYPES.get(sel.kind)
    if types is not None and str(card_attr(game, subject, "card_type")) not in types:
        return False
    ctx = EffectContext(controller=controller, source=source)
    for f in sel.filters:
        if f.field == "action_power":          # a filter on the action used (use_action events)
            ok = fold_key(str(data.get("power") or "")) == fold_key(str(f.value))
            if ok == (f.op in ("ne", "lacks")):
                return False
        elif not filter_matches(game, ctx, subject, f):
            return False
    return True


def event_kinds(pattern: EventPattern) -> tuple[str, ...]:
    """The engine's event kinds a pattern listens to (its aliases; "colocado nos prêmios": knocked out too)."""
    if pattern.event == "move" and pattern.destination == "prizes":
        return EVENT_ALIASES["to_prizes"]
    return EVENT_ALIASES.get(pattern.event, (pattern.event,))


def _once_per_action(pattern: EventPattern) -> bool:
    """"... causar dano em um ou mais personagens": one trigger for every character an action damages at once."""
    subject = pattern.subject
    return pattern.event == "damage" and pattern.source is not None and subject is not None \
        and subject.count.or_more


def pattern_matches(game: Game, pattern: EventPattern, event: Event, source: CardId, controller: int) -> bool:
    """5.2: does ``event`` fire a trigger written as ``pattern`` on the card ``source``?"""
    if event.kind not in event_kinds(pattern):
        return False
    if event.kind in ("phase_start", "phase_end"):
        want = phase_id(pattern.phase) or "turn"
        have = event.data.get("step") or event.data.get("phase")
        if want != have:
            return False
        turn_player = event.data.get("player")
        if pattern.whose is Ref.YOU and turn_player != controller:
            return False
        return not (pattern.whose is Ref.OPPONENT and turn_player == controller)
    if pattern.event == "to_prizes" and event.kind in ("move", "knocked_out") \
            and event.data.get("to", str(Zone.PRIZES) if event.kind == "knocked_out" else "") != str(Zone.PRIZES):
        return False                                 # (a knocked-out character a replacement sent elsewhere, 5.5)
    if not in_turn_part(game, pattern, event, controller):
        return False
    if pattern.first_in_turn and event.kind == "targeted" \
            and game.state.this_turn.targeted.count(event.data.get("card")) > 1:   # type: ignore[arg-type]
        return False                                 # "pela primeira vez em um turno": it was a target before
    if pattern.replaced and not isinstance(event.data.get("replaced_by"), int):
        return False                                 # "substituindo este cenário": another one took its place
    if pattern.cards is not None and not _cards_match(game, pattern.cards, event, source, controller):
        return False
    if event.kind in ("capacitate", "incapacitate") and not event.data.get("amount"):
        return False                                   # 4.5: a stage that did not change was not (in)capacitated
    if event.kind == "damage" and event.data.get("causes_damage") is False:
        return False                                   # 4.8.3 D: 0 or less -- no damage was caused, to trigger on
    if pattern.by is not None and not _done_by(pattern.by, event, controller):
        return False
    if pattern.event == "action_damage":
        return action_damage_matches(game, pattern, event, source, controller)
    if pattern.event in ("load", "unload"):
        return load_matches(game, pattern, event, source, controller)
    action_filters = pattern.action_filters
    if pattern.event == "damage":                    # "receber dano (não) penetrante": the damage's, not an action's
        if not _piercing_matches(action_filters, event):
            return False
        action_filters = tuple(f for f in action_filters if f.field != "piercing")
    if action_filters or pattern.event in ("action_resolved",):   # "uma ação de {AE}" (the action used)
        action = event_action(event)
        actx = static_context(game, source, controller)
        for slot, things in event_slots(game, event).items():     # "uma ação de um card que ele estiver
            actx.slots.setdefault(slot, things)                   # carregando": "ele", the event's subject
        if action is None or not action_matches(game, actx, action, action_filters):
            return False
    if pattern.source is not None and not source_matches(game, pattern.source, event, source, controller):
        return False
    if not _places_match(pattern, event):
        return False
    if pattern.whose is Ref.YOU and event.data.get("player", controller) != controller:
        return False
    if pattern.whose is Ref.OPPONENT and event.data.get("player", 1 - controller) == controller:
        return False
    if pattern.target is not None and not matching_targets(game, pattern, event, source, controller):
        return False
    return subject_matches(game, pattern.subject, event, source, controller)


def _piercing_matches(filters: tuple[Filter, ...], event: Event) -> bool:
    """"dano penetrante" / "dano não penetrante" on a damage event (4.8.6): whether the damage dealt was."""
    dealt = bool(event.data.get("piercing"))
    return all(dealt == (f.value == "true") for f in filters if f.field == "piercing")


def in_turn_part(game: Game, pattern: EventPattern, event: Event, controller: int) -> bool:
    """"durante a Fase de Combate de um oponente", "durante a própria Fase de Compra" (5.2): the event happens in
    that phase or step, of that player's turn (``turn_of`` OWNER: the turn of the player the event is about)."""
    s = game.state
    want = phase_id(pattern.phase)
    if want and want != "turn" and want not in (s.phase, s.step):
        return False
    whose = pattern.turn_of
    if whose is Ref.YOU:
        return s.turn_player == controller
    if whose is Ref.OPPONENT:
        return s.turn_player != controller
    if whose is Ref.OWNER:
        return s.turn_player == event.data.get("player", event.data.get("controller"))
    return True


def _cards_match(game: Game, sel: Selector, event: Event, source: CardId, controller: int) -> bool:
    """"comprar um ou mais cards de habilidade": one of the cards the event names is one ``sel`` describes."""
    return bool(matching_cards(game, sel, event, source, controller))


def matching_cards(game: Game, sel: Selector, event: Event, source: CardId, controller: int) -> list[Thing]:
    """The cards an event names (drawn, found, revealed) that ``sel`` describes."""
    ctx = EffectContext(controller=controller, source=source)
    named = event.data.get("cards", event.data.get("found")) or ()
    return [c for c in named if isinstance(c, int) and c in game.cards and matches(game, ctx, c, replace(sel, zone=""))]


_DONE_BY = ("capacitate", "incapacitate", "unload")     # events whose ``by`` is the player who did it


def _done_by(by: Ref, event: Event, controller: int) -> bool:
    """"por um efeito controlado por um oponente": the controller of the effect that did it (an event the rules of
    the game or a cost caused has none)."""
    who = event.data.get("by")
    if event.kind not in _DONE_BY or not isinstance(who, int):
        return False
    if by is Ref.YOU:
        return who == controller
    if by is Ref.OPPONENT:
        return who != controller
    return True


def action_damage_matches(game: Game, pattern: EventPattern, event: Event, source: CardId, controller: int) -> bool:
    """"Toda vez que uma ação deste personagem causar dano em um ou mais personagens que você não controla"
    (Predador): damage dealt (more than 0) by an action whose user the subject stands for, to a character the
    target selector stands for. Once per action: see :meth:`Triggers.on_event`."""
    user, dest = event.data.get("user"), event.data.get("card")
    if not isinstance(user, int) or not isinstance(dest, int) or not event.data.get("amount"):
        return False
    if not subject_matches(game, pattern.subject, Event("use_action", {"card": user}), source, controller):
        return False
    return pattern.target is None or (dest in game.cards and matches(
        game, EffectContext(controller=controller, source=source), dest, pattern.target))


def load_matches(game: Game, pattern: EventPattern, event: Event, source: CardId, controller: int) -> bool:
    """"Toda vez que um card for carregado neste personagem durante a Fase de Combate" (Carnificina V2), "Quando
    este card for carregado de seus recursos em um personagem com {TE} que você controla": the card loaded (from
    the area the subject's ``zone`` names), what it was loaded onto (the pattern's ``target``) and the phase."""
    sel = pattern.subject
    onto = event.data.get("onto") if event.kind == "load" else event.data.get("frm")   # unload: the carrier
    if sel is not None and sel.zone and str(event.data.get("frm")) != str(Zone(sel.zone)):
        return False
    if not _places_match(pattern, event):
        return False
    if not subject_matches(game, replace(sel, zone="") if sel is not None else None, event, source, controller):
        return False
    target = pattern.target
    if target is None:
        return True
    if not isinstance(onto, int) or onto not in game.state.scene:
        return False
    if target.ref is not None:
        return onto in resolve(game, static_context(game, source, controller), target)
    return matches(game, EffectContext(controller=controller, source=source), onto, target)


def _places_match(pattern: EventPattern, event: Event) -> bool:
    """``origin`` ("carregado de seus recursos") and ``destination`` ("colocado na base do deck") of a load / move;
    ``cost``: the extra cost of an action the move paid ("para pagar o custo de Energia Cósmica", 4.6.2 E.2)."""
    data = event.data
    if pattern.cost and (event.kind != "move" or fold_key(str(data.get("cost") or "")) != fold_key(pattern.cost)):
        return False
    if pattern.origin and event.kind == "search":           # "procurar ... no próprio deck": one area searched
        return bool({_area(o) for o in pattern.origin.split("/")} & {str(z) for z in data.get("zones") or ()})
    if pattern.origin and event.kind in ("load", "move") and str(data.get("frm")) not in {
            _area(o) for o in pattern.origin.split("/")}:          # "vinda de sua mão ou deck": either
        return False
    if pattern.destination and event.kind == "move":
        if str(data.get("to")) != _area(pattern.destination):
            return False
        if pattern.destination in ("deck_bottom", "deck_top") and bool(data.get("bottom")) != (
                pattern.destination == "deck_bottom"):
            return False
    return True


def _area(name: str) -> str:
    return "deck" if name in ("deck_top", "deck_bottom") else name


def event_action(event: Event) -> ActionThing | None:
    """The action an event names (``use_action``, ``action_resolved``, ``targeted``, an action's ``damage``)."""
    data = event.data
    name = data.get("action")
    if not name:
        return None
    user = data.get("card") if event.kind in ("use_action", "action_resolved") else data.get("user") if \
        event.kind in _DONE_BY else data.get("by", data.get("user"))     # (in)capacitate, unload: "by" is a player
    holder = data.get("holder", user)
    if not isinstance(holder, int):
        return None
    targets = tuple(t for t in data.get("targets") or () if isinstance(t, int))
    x = data.get("x")
    return ActionThing(holder, str(name), user if isinstance(user, int) else None, data.get("power"), targets,
                       int(data.get("use", data.get("action_use")) or -1), data.get("player"),
                       x=x if isinstance(x, int) else None)


def source_matches(game: Game, sel: Selector, event: Event, source: CardId, controller: int) -> bool:
    """``damage`` "de <source>": the dealer of the damage -- for an action's damage, the action itself or the
    character using it (4.8.5) -- is one the selector stands for."""
    data = event.data
    dealers: list[Thing] = [c for c in (data.get("source"), data.get("user")) if isinstance(c, int)]
    action = event_action(event)
    if action is not None:
        dealers.append(action)
    ctx = static_context(game, source, controller)
    ctx.slots.update(event_slots(game, event))      # "de uma ação que tenha ele como alvo": the event's subject
    if sel.ref is not None or sel.union:
        them = resolve(game, ctx, sel)
        return any(d in them for d in dealers)
    return any(matches(game, ctx, d, sel) for d in dealers)


def event_slots(game: Game, event: Event) -> dict[str, list[Thing]]:
    """What an event names, as the slots of the effect it fires (``ir/core.py``): ``event:subject`` (who entered,
    used, was targeted, received damage, was loaded), ``event:user`` (the character using the action),
    ``event:action`` (the action used), ``event:target`` (its targets), ``event:source`` (of damage),
    ``event:player`` (the player who did it), ``event:onto`` (what a card was loaded onto / unloaded from),
    ``event:cards`` (the cards drawn, found, revealed)."""
    data = event.data
    out: dict[str, list[Thing]] = {}
    subject = data.get("card")
    if isinstance(subject, int):
        out["event:subject"] = [subject]
    action = event_action(event)
    if action is not None:
        out["event:action"] = [action]
        if action.user is not None:
            out["event:user"] = [action.user]
        if action.targets:
            out["event:target"] = list(action.targets)
    if event.kind == "damage" and isinstance(data.get("source"), int):
        out["event:source"] = [data["source"]]
    player = data.get("player", data.get("controller", data.get("by") if event.kind in _DONE_BY else None))
    if isinstance(player, int):
        out["event:player"] = [Player(player)]
    onto = data.get("onto") if event.kind == "load" else data.get("frm") if event.kind == "unload" else None
    if isinstance(onto, int):
        out["event:onto"] = [onto]
    named = data.get("cards", data.get("found")) if event.kind in _NAMING_CARDS else None
    if isinstance(named, list):
        out["event:cards"] = [c for c in named if isinstance(c, int)]
    return out


_NAMING_CARDS = ("draw", "search", "reveal")      # events naming the cards drawn / found / revealed ("event:cards")


def matching_targets(game: Game, pattern: EventPattern, event: Event, source: CardId, controller: int) -> list[CardId]:
    """``use_action`` "tendo como alvo <selector>": the action's targets the pattern's target selector stands for
    (a card whose keyword was lost to 5.8 no longer matches "com Predador")."""
    sel = pattern.target
    if sel is None:
        return []
    ctx = EffectContext(controller=controller, source=source)
    targets = event.data.get("targets") or ()
    if sel.ref is not None:                  # "este personagem for alvo de ...": the one the reference names
        them = resolve(game, static_context(game, source, controller), sel)
        return [t for t in targets if isinstance(t, int) and t in them]
    return [t for t in targets if isinstance(t, int) and t in game.cards and matches(game, ctx, t, sel)]


ConditionFn = Callable[[Game, Pending, Condition], bool]
PendingFactory = Callable[[Game, CardId, Effect, int, Event], Pending]


class Triggers:
    """Matches every emitted event against the triggered effects of the match's cards (5.2)."""

    def __init__(self, game: Game, tree: EffectsTree[Game], make_pending: PendingFactory | None = None) -> None:
        self.game = game
        self.tree = tree
        self.make_pending = make_pending or default_pending
        self.enabled = True
        self.once_per_action: set[tuple[CardId, str, int]] = set()      # Predador: (card, effect, action use)
        self.watch: list[tuple[CardId, Effect]] = [
            (card, e) for card, d in game.cards.items() for e in getattr(d, "effects", ())
            if e.kind is EffectKind.TRIGGERED and e.trigger is not None]
        self.by_kind: dict[str, list[tuple[CardId, Effect]]] = {}
        for card, effect in self.watch:
            assert effect.trigger is not None
            for kind in event_kinds(effect.trigger):
                self.by_kind.setdefault(kind, []).append((card, effect))
        game.listeners.append(self.on_event)

    def on_event(self, event: Event) -> None:
        if not self.enabled:
            return
        for card, effect in self.candidates(event):
            assert effect.trigger is not None
            working, controller = self._working(card, effect, event)
            if not working or controller is None:
                continue
            if pattern_matches(self.game, effect.trigger, event, card, controller):
                if effect.trigger.once_in_phase and not self._first_in_phase(card, effect):
                    continue
                if effect.trigger.event == "action_damage" or _once_per_action(effect.trigger):
                    # rules 7, Predador: only the first time an action damages such a character
                    key = (card, effect.text, int(event.data.get("action_use") or -1))
                    if key not in self.once_per_action:
                        self.once_per_action.add(key)
                        self.tree.trigger(self.make_pending(self.game, card, effect, controller, event))
                    continue
                if effect.zone not in ("scene", "", "any"):
                    self.game.log.add("reveal", self.game.depth, card=card, player=controller,
                                      reason=f"triggered from {effect.zone} (5.2.1)")
                if effect.trigger.target is None or effect.trigger.event in ("load", "unload"):
                    # load / unload: the target is what the card was loaded onto / unloaded from
                    pending = self.make_pending(self.game, card, effect, controller, event)
                    if effect.trigger.cards is not None:      # "um daqueles cards": those the pattern described
                        pending.data.setdefault("slots", {})["event:cards"] = matching_cards(
                            self.game, effect.trigger.cards, event, card, controller)
                    self.tree.trigger(pending)
                    continue
                # "tendo como alvo um personagem com ...": once per matching target, which is "aquele personagem"
                for t in matching_targets(self.game, effect.trigger, event, card, controller):
                    pending = self.make_pending(self.game, card, effect, controller, event)
                    pending.data["slots"] = {"event:target": [t]}          # "aquele personagem": that target
                    if effect.trigger.target_slot:
                        pending.data["slots"][effect.trigger.target_slot] = [t]
                    self.tree.trigger(pending)
        if self.game.state.effects:
            self.on_event_generated(event)

    def _first_in_phase(self, card: CardId, effect: Effect) -> bool:
        """5.2, "Quando um jogador comprar ... durante a própria Fase de Compra": the trigger fires once in each such
        phase -- True the first time (remembered until the Final do Turno, 6.2), False after."""
        key = (card, effect.text, self.game.state.phase)
        fired = self.game.state.this_turn.fired_in_phase
        if key in fired:
            return False
        fired.append(key)
        derived.edited(self.game)
        return True

    def on_event_generated(self, event: Event) -> None:
        """Triggered effects generated by other effects (5.7 B), held in the game state: they fire with the
        context of the effect that created them ("o alvo" is still that target)."""
        from cardscript.games.battle_scenes.runtime.continuous import generated_trigger_matches, generated_triggers

        for made in generated_triggers(self.game):
            effect = made.effect
            if not isinstance(effect, Effect) or effect.trigger is None:
                continue
            if generated_trigger_matches(self.game, made, event):
                label = f"{self.game.name(made.source) if made.source is not None else 'effect'}: {effect.text}"
                ctx = copy.deepcopy(made.context)
                subject_sel = effect.trigger.subject
                if made.duration == "instant" or subject_sel is not None and subject_sel.next_only:
                    self.game.state.effects.remove(made)   # 5.7 B: no duration -> once; "o próximo ...": the next
                    derived.edited(self.game)
                if isinstance(ctx, EffectContext):          # "aquele personagem": what the event names
                    for slot in [s for s in ctx.slots if s.startswith("event:")]:
                        del ctx.slots[slot]
                    ctx.slots.update(event_slots(self.game, event))
                self.tree.trigger(Pending(label=label, steps=effect.procedures, controller=made.controller,
                                          source=made.source, effect=effect, kind="triggered", event=event,
                                          ctx=ctx))

    def candidates(self, event: Event) -> Iterable[tuple[CardId, Effect]]:
        return self.by_kind.get(event.kind, ())

    def _working(self, card: CardId, effect: Effect, event: Event) -> tuple[bool, int | None]:
        zone = effect.zone or "scene"
        if zone == "scene":
            working, controller = functional_in_scene(self.game, card)
            frm = event.data.get("frm")
            if not working and event.kind == "unload" and event.data.get("card") == card and isinstance(frm, int) \
                    and lends_text(self.game, card, frm):
                # "Quando este card for descarregado": a carried card whose texts worked on its carrier sees its own
                # unloading, as a card leaving the scene sees its leaving (5.2); a character carries its owner's cards
                return True, self.game.state.owner[card]
            if not working and event.data.get("card") == card and event.kind in (
                    "leave_scene", "knocked_out", "destroyed", "move"):
                # "quando este card sair de cena": it looks back at where it was
                frm = str(event.data.get("frm", "scene"))
                if event.kind != "move" or frm in ("scene", "scenario", str(Zone.SCENE), str(Zone.SCENARIO)):
                    return True, self.game.state.owner[card]
            return working, controller
        trigger = effect.trigger
        if event.kind == "move" and event.data.get("card") == card and trigger is not None and trigger.origin \
                and zone != "any":       # "quando este card for colocado de seus recursos ...": it was there
            return str(event.data.get("frm")) == zone, self.game.state.owner[card]
        try:
            where, _ = self.game.state.location(card)
        except KeyError:
            return False, None
        if zone == "any":                   # "qualquer área" (Espionar): wherever the card is
            return True, self.game.state.owner[card]
        return str(where) == zone, self.game.state.owner[card]


def default_pending(game: Game, card: CardId, effect: Effect, controller: int, event: Event) -> Pending:
    return Pending(label=f"{game.name(card)}: {effect.text or effect.trigger}", steps=effect.procedures,
                   controller=controller, source=card, effect=effect, kind="triggered", event=event)
