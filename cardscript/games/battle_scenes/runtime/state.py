"""Game state (rules 3, 4.1-4.5, 4.7, 4.9): zones, the scene, characters and supports carrying cards.

Every card of the match has a :data:`CardId` and is, at every moment, in exactly one place: a
player's deck, hand, resources or prizes, set aside (Clarividência, rules 7.1), in the scene as a
character/support base card or as the scenario, or carried by a character/support in the scene.
:func:`check_invariants` verifies that and the other invariants the engine promises (stages 0-2,
shields never negative). The state is plain data and :meth:`GameState.copy` is cheap.

Deck order: index 0 is the top of the deck.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from cardscript.games.battle_scenes.runtime.shields import ShieldRecord

CardId = int
_T = TypeVar("_T")


class Zone(StrEnum):
    """Where a card is (rules 3)."""

    DECK = "deck"
    HAND = "hand"
    RESOURCES = "resources"
    PRIZES = "prizes"               # the owner's prize area: its knocked-out characters score for the opponent
    SET_ASIDE = "set_aside"         # cards separated by Clarividência until the end of the action (7.1)
    SCENE = "scene"                 # a character or support in the scene (a base card)
    SCENARIO = "scenario"           # the one scenario in the scene (4.4.1)
    CARRIED = "carried"             # loaded on a character or support in the scene (4.1, 4.4.2.3)


OWN_ZONES = (Zone.DECK, Zone.HAND, Zone.RESOURCES, Zone.PRIZES, Zone.SET_ASIDE)   # each player's own areas


@dataclass(frozen=True)
class ActionGrant:
    """One more action this turn for a character, only of matching actions (4.6.2 C.4: "mais uma ação de {AG}",
    "esta ação outra vez", "a ação X outra vez"): the ``filters`` (IR filters) read in the granting effect's
    context (its ``controller`` and ``source``); ``free``: that use pays no incapacitation cost ("sem pagar seu
    custo de incapacitação", 4.6.2 E.1); ``targets``: an IR selector the targets of that use must fit ("desde que seu
    alvo seja um personagem que ...", 4.6.2 F), read in the same context."""

    filters: tuple[Any, ...]
    controller: int
    source: CardId | None = None
    free: bool = False
    targets: Any = None
    then: tuple[Any, ...] = ()           # IR procedures run when the grant is used ("Se o fizer, ...")
    context: Any = None                  # the granting effect's context, for them
    ready: bool = False                  # "mesmo que ele tenha entrado em cena neste turno": that use waives C.1


BASE_EDITS = [0]
"""How many times an attribute of an :class:`InScene` was set (every game): part of the version of the state the
derived answers are kept for (:mod:`cardscript.games.battle_scenes.runtime.derived`), so that a base edited by hand
drops them."""

PLACEMENTS = [0]
"""How many times the placement of the cards in place changed (every game): a base entered or left the scene, a card
was loaded, unloaded or swapped, the scenario or its controller changed, a base's card / controller / carried list
was set, a stay ended (:func:`cardscript.games.battle_scenes.runtime.identity.end_stay`: what the texts chose forgets
the card) or a
text's choice was remembered (``GameState.chosen``). Bumped by :func:`placed` where those edits are made (the
primitives of ``Game``, the Choose handler) and by :func:`cardscript.games.battle_scenes.runtime.derived.touch`; the
answers that read
only who is in place, who controls and carries them and what their texts chose are kept while it holds
(``statics._sources``). Over-counting only recomputes; a missed bump is a stale answer (the tests compare)."""

_PLACING = frozenset({"card", "controller", "carried"})


def placed() -> None:
    """The placement of the cards in place changed (:data:`PLACEMENTS`)."""
    PLACEMENTS[0] += 1


@dataclass
class InScene:
    """A character or support in the scene (rules 4.4.2) and what it carries (its current energy, 4.3)."""

    card: CardId
    controller: int
    carried: list[CardId] = field(default_factory=list)
    stage: int = 1                   # capacitation stage, 0-2 (rules 4.5); supports keep 1
    entered_turn: int = 0            # the turn it entered the scene (rules 4.6.2 C.1)
    actions_used: list[str] = field(default_factory=list)     # names of actions used this turn (C.4, Ação Única)
    extra_actions: int = 0           # "pode usar mais uma ação neste turno" (C.4): unused grants of any action
    extra_grants: list[ActionGrant] = field(default_factory=list)   # unused grants of matching actions only
    basic_capacitation: bool = False # received the basic capacitation this turn (6.2 C.1)
    shield_bonus: int = 0            # kept in sync: shield_value(shields) - printed shield (the turn loop's facts)
    damage_taken_this_turn: int = 0
    # 4.8.6: this turn's shield events (gains, set-to-value effects, penalties, damage absorbed, statics as they
    # start / stop), replayed by shields.shield_value; None until the first event (the printed shield). It lives
    # with the card's stay in the scene: a card that leaves and comes back starts afresh.
    shields: ShieldRecord | None = None

    def __setattr__(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)
        BASE_EDITS[0] += 1               # a stage, a count... set, by the engine or by hand: runtime.derived's version
        if name in _PLACING:
            PLACEMENTS[0] += 1           # who it is, who controls it, what it carries: the placement (PLACEMENTS)

    @property
    def energy(self) -> int:
        """Current energy: the number of cards carried (rules 4.3)."""
        return len(self.carried)

    def copy(self, memo: dict[int, Any]) -> InScene:
        """An independent copy (:meth:`GameState.copy`); the grants' effect contexts through ``memo``."""
        new = _shallow(self)
        new.carried = list(self.carried)
        new.actions_used = list(self.actions_used)
        new.extra_grants = [copy.deepcopy(g, memo) for g in self.extra_grants] if self.extra_grants else []
        return new                       # ``shields`` is a frozen record: shared


@dataclass
class PlayerState:
    """One player's own areas (rules 3)."""

    deck: list[CardId] = field(default_factory=list)
    hand: list[CardId] = field(default_factory=list)
    resources: list[CardId] = field(default_factory=list)
    prizes: list[CardId] = field(default_factory=list)
    set_aside: list[CardId] = field(default_factory=list)
    scenario_placed_this_turn: bool = False
    hand_exchanged_reveal: bool = False      # the once-per-match "one or no character" exchange (6.1)

    def copy(self) -> PlayerState:
        new = _shallow(self)
        new.deck, new.hand, new.resources = list(self.deck), list(self.hand), list(self.resources)
        new.prizes, new.set_aside = list(self.prizes), list(self.set_aside)
        return new

    def pile(self, zone: Zone) -> list[CardId]:
        """The list holding this player's cards of one of their own areas."""
        return {Zone.DECK: self.deck, Zone.HAND: self.hand, Zone.RESOURCES: self.resources,
                Zone.PRIZES: self.prizes, Zone.SET_ASIDE: self.set_aside}[zone]


@dataclass
class ActiveEffect:
    """A continuous effect created by a resolved effect (rules 5.7 A.2, B), held in the game state.

    ``what`` says how the engine reads it: ``gain`` (powers gained until the end of the turn), ``lose``
    (powers lost), ``set_shield``, ``text_loss`` (5.8: the permanent texts of ``subjects`` have no effect),
    ``triggered`` / ``damage_modifier`` / ``static`` (an effect generated by another effect, 5.7 B: ``effect``
    is its IR :class:`~cardscript.compiler.ir.Effect`, ``context`` the creating effect's EffectContext, so "o
    alvo", "esta ação" keep meaning what they meant when it was created). ``duration`` is a
    :class:`~cardscript.compiler.ir.Duration` value: ``end_of_turn`` effects expire at the Final do Turno
    (6.2), ``match`` never, ``while_in_place`` while ``source`` stays where its text works.
    """

    uid: int
    what: str
    source: CardId | None
    controller: int
    subjects: list[CardId] = field(default_factory=list)
    duration: str = "end_of_turn"
    turn: int = 0
    effect: Any = None                   # the generated IR Effect (frozen dataclass), if any
    context: Any = None                  # the creating effect's EffectContext (a dataclass), if any
    data: dict[str, Any] = field(default_factory=dict)

    def copy(self, memo: dict[int, Any]) -> ActiveEffect:
        """An independent copy; the generated IR ``effect`` is frozen and shared, the creating ``context`` (a
        mutable EffectContext, maybe shared with other effects: ``memo`` keeps it shared) and ``data`` copied."""
        new = _shallow(self)
        new.subjects = list(self.subjects)
        new.context = copy.deepcopy(self.context, memo) if self.context is not None else None
        new.data = copy.deepcopy(self.data, memo) if self.data else {}
        return new


@dataclass(frozen=True)
class ActionUseRecord:
    """One use of an action this turn (4.6.2 H: it counts as used once its targets are chosen), as the turn
    remembers it for the effects that ask about the turn's uses ("a primeira ação que X usar em cada turno", "ações
    chamadas N que foram usadas neste turno durante a Fase de Combate", "que ainda não tenha sido alvo de ações
    chamadas N neste turno", "de nome diferente das que ele já usou naquele mesmo turno"): its ``user``, the card
    it is written on (``holder``, 4.6.2 C.3), its ``name``, the ``power`` it needs, the ``player`` who used it
    (the user's controller then), its types then (``types``: "antecipar" / "imprevista", 8 B.1), its card
    ``targets`` (4.6.2 F), the ``phase`` and ``step`` of the turn it was used in (6), ``use`` (the use's
    ``EffectContext.action_use``, -1 if none) and ``order`` (0 for the turn's first use)."""

    user: CardId
    holder: CardId
    name: str
    power: str | None = None
    player: int | None = None
    types: tuple[str, ...] = ()
    targets: tuple[CardId, ...] = ()
    phase: str = ""
    step: str = ""
    use: int = -1
    order: int = 0


@dataclass
class TurnMemory:
    """What happened this turn that effects ask about ("a primeira ação ... em cada turno"); cleared at the
    Final do Turno (6.2) with the until-end-of-turn effects."""

    damaged_by_action: list[CardId] = field(default_factory=list)
    targeted_by: list[int] = field(default_factory=list)
    used_once_per_player: list[tuple[int, str]] = field(default_factory=list)   # (player, characteristic):
    #                                    an action with a ``once_per_player`` rule was used (Singularidade)
    marked: list[tuple[str, CardId]] = field(default_factory=list)   # (verb, card): "potencializado neste turno"
    #                                    (Potencializar: chosen for its effect this turn)
    entered: list[tuple[CardId, int, int]] = field(default_factory=list)   # (card, controller, turn): what entered
    #                                    the scene this turn ("se outro personagem ... entrou em cena ... neste turno")
    uses: list[ActionUseRecord] = field(default_factory=list)   # the actions used this turn, in order
    #                                    ("que usou uma ação de {AE} neste turno", "a primeira ação ... em cada turno")
    damaged_from: list[tuple[CardId, CardId | None, CardId, str, str | None]] = field(default_factory=list)
    #                                    (card, user, holder, action, power): damage an action dealt to a card this
    #                                    turn (4.8.1: more than 0) ("se ele tiver recebido dano de uma ação de ...")
    knocked_out: list[CardId] = field(default_factory=list)    # characters knocked out, supports destroyed this
    #                                    turn (4.7) ("se ... não tiver sido nocauteado")
    fired_in_phase: list[tuple[CardId, str, str]] = field(default_factory=list)   # (card, effect text, phase):
    #                                    a trigger firing once in its phase fired (``EventPattern.once_in_phase``, 5.2)
    targeted: list[CardId] = field(default_factory=list)   # the targets of actions this turn, once each time
    #                                    (4.6.2 F: "pela primeira vez em um turno")
    capacitated: list[CardId] = field(default_factory=list)   # the bases capacitated this turn, once each time
    #                                    (4.5: a stage that changed; "não podem ser capacitados mais de uma vez")
    loaded: list[CardId] = field(default_factory=list)   # the cards loaded onto a base this turn (4.1): not
    #                                    carried "desde o início do turno"
    loaded_onto: list[tuple[CardId, CardId]] = field(default_factory=list)   # (card, onto): the cards loaded
    #                                    this turn and where (4.4.2.1 A.3, effects: "se ela tiver sido carregada
    #                                    neste personagem neste turno")

    def copy(self) -> TurnMemory:
        """Every field is a list of immutable records: the lists are copied."""
        new = _shallow(self)
        for name, value in self.__dict__.items():
            setattr(new, name, list(value))
        return new


def _shallow(obj: _T) -> _T:
    """A new object of the same class with the same attribute values (the caller copies the mutable ones)."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    return new


@dataclass
class GameState:
    """The whole match. ``owner`` maps every card to the player who owns it (golden rule D)."""

    owner: dict[CardId, int]
    players: list[PlayerState]
    scene: dict[CardId, InScene] = field(default_factory=dict)     # characters and supports, by base card
    scenario: CardId | None = None
    scenario_controller: int | None = None   # who put the scenario in the scene (4.4.1 E: "com seus textos virados
    #                                    para você"), its controller; None: its owner
    turn: int = 0
    turn_player: int = 0              # whose turn it is
    active_player: int = 0            # who decides (the opponent during the Anticipation Step, 6.1)
    first_player: int = 0
    phase: str = "setup"
    step: str = ""
    winner: int | None = None
    end_reason: str = ""
    # continuous effects created by resolved effects (5.7 A.2, B) and per-turn memory: part of the state,
    # so copy(), state_hash and replays see them (statics of cards in place are computed on demand, 5.4)
    effects: list[ActiveEffect] = field(default_factory=list)
    next_effect_uid: int = 1
    this_turn: TurnMemory = field(default_factory=TurnMemory)
    chosen: dict[CardId, dict[str, list[CardId]]] = field(default_factory=dict)   # what a card's permanent text
    #                                    chose, by slot ("card:0": "o personagem escolhido" of its other texts)
    chosen_left: dict[CardId, dict[str, list[CardId]]] = field(default_factory=dict)   # what it chose that left
    #                                    since (runtime.identity): its name and alter ego are still what it aimed at
    chosen_traits: dict[CardId, dict[str, str]] = field(default_factory=dict)   # what a card's text chose that is
    #                                    not a game object: {"affiliation": "X"} ("a afiliação escolhida", Soprano V1)
    stays: dict[CardId, int] = field(default_factory=dict)   # how many times each card left the scene (or the
    #                                    card carrying it): back, it is a new object (runtime.identity)

    def copy(self) -> GameState:
        """An independent copy, explicit and cheap (issue 12: clones of a match): every mutable part copied, the
        immutable records (shield records, IR effects, action-use records) shared; the effect contexts held by
        continuous effects and action grants go through one ``deepcopy`` memo, so what they share stays shared."""
        memo: dict[int, Any] = {}
        new = _shallow(self)
        new.owner = dict(self.owner)
        new.players = [p.copy() for p in self.players]
        new.scene = {card: base.copy(memo) for card, base in self.scene.items()}
        new.effects = [e.copy(memo) for e in self.effects]
        new.this_turn = self.this_turn.copy()
        new.chosen = {card: {slot: list(v) for slot, v in slots.items()} for card, slots in self.chosen.items()}
        new.chosen_left = {card: {slot: list(v) for slot, v in slots.items()}
                           for card, slots in self.chosen_left.items()}
        new.chosen_traits = {card: dict(v) for card, v in self.chosen_traits.items()}
        new.stays = dict(self.stays)
        return new

    def opponent(self, player: int) -> int:
        return 1 - player

    def controlled(self, player: int) -> list[InScene]:
        return [s for s in self.scene.values() if s.controller == player]

    def in_place(self) -> list[CardId]:
        """The cards whose permanent texts can work where they are (4.4.2.3): the scene's characters and
        supports, the scenario, and the cards they carry."""
        cards: list[CardId] = [*self.scene]
        if self.scenario is not None:
            cards.append(self.scenario)
        for base in self.scene.values():
            cards.extend(base.carried)
        return cards

    def location(self, card: CardId) -> tuple[Zone, int | None]:
        """Where a card is: its zone and, for carried cards, the base card carrying it."""
        for p in self.players:
            for zone in OWN_ZONES:
                if card in p.pile(zone):
                    return zone, None
        if card == self.scenario:
            return Zone.SCENARIO, None
        if card in self.scene:
            return Zone.SCENE, None
        for base in self.scene.values():
            if card in base.carried:
                return Zone.CARRIED, base.card
        raise KeyError(card)


class InvariantViolation(AssertionError):
    """The engine broke one of its promises (a bug, never user input)."""


def check_invariants(state: GameState, shield_of: dict[CardId, int] | None = None) -> list[str]:
    """Every card in exactly one place; stages within 0-2; shields never negative. Returns problems."""
    problems: list[str] = []
    seen: dict[CardId, str] = {}

    def place(card: CardId, where: str) -> None:
        if card in seen:
            problems.append(f"card {card} is both in {seen[card]} and in {where}")
        seen[card] = where

    for i, p in enumerate(state.players):
        for name, cards in (("deck", p.deck), ("hand", p.hand), ("resources", p.resources),
                            ("prizes", p.prizes), ("set_aside", p.set_aside)):
            for c in cards:
                place(c, f"player {i} {name}")
                if state.owner.get(c) != i:
                    problems.append(f"card {c} of player {state.owner.get(c)} is in player {i}'s {name}")
    if state.scenario is not None:
        place(state.scenario, "the scenario slot")
    for base in state.scene.values():
        place(base.card, "the scene")
        if not 0 <= base.stage <= 2:
            problems.append(f"card {base.card} is at stage {base.stage}")
        for c in base.carried:
            place(c, f"carried by {base.card}")
            if state.owner.get(c) != state.owner.get(base.card):
                problems.append(f"card {c} is carried by {base.card} of another owner (golden rule D)")
    missing = set(state.owner) - set(seen)
    if missing:
        problems.append(f"cards in no place: {sorted(missing)}")
    for card, value in (shield_of or {}).items():
        if value < 0:
            problems.append(f"card {card} has shield {value}")
    return problems
