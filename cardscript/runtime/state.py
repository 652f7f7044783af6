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

CardId = int


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


@dataclass
class InScene:
    """A character or support in the scene (rules 4.4.2) and what it carries (its current energy, 4.3)."""

    card: CardId
    controller: int
    carried: list[CardId] = field(default_factory=list)
    stage: int = 1                   # capacitation stage, 0-2 (rules 4.5); supports keep 1
    entered_turn: int = 0            # the turn it entered the scene (rules 4.6.2 C.1)
    actions_used: list[str] = field(default_factory=list)     # names of actions used this turn (C.4, Ação Única)
    extra_actions: int = 0           # "pode usar mais uma ação neste turno" (C.4)
    basic_capacitation: bool = False # received the basic capacitation this turn (6.2 C.1)
    shield_bonus: int = 0            # until-end-of-turn modifiers of the shield (4.8.6); reset at end of turn
    damage_taken_this_turn: int = 0

    @property
    def energy(self) -> int:
        """Current energy: the number of cards carried (rules 4.3)."""
        return len(self.carried)


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


@dataclass
class GameState:
    """The whole match. ``owner`` maps every card to the player who owns it (golden rule D)."""

    owner: dict[CardId, int]
    players: list[PlayerState]
    scene: dict[CardId, InScene] = field(default_factory=dict)     # characters and supports, by base card
    scenario: CardId | None = None
    turn: int = 0
    turn_player: int = 0              # whose turn it is
    active_player: int = 0            # who decides (the opponent during the Anticipation Step, 6.1)
    first_player: int = 0
    phase: str = "setup"
    step: str = ""
    winner: int | None = None
    end_reason: str = ""

    def copy(self) -> GameState:
        return copy.deepcopy(self)

    def opponent(self, player: int) -> int:
        return 1 - player

    def controlled(self, player: int) -> list[InScene]:
        return [s for s in self.scene.values() if s.controller == player]

    def location(self, card: CardId) -> tuple[Zone, int | None]:
        """Where a card is: its zone and, for carried cards, the base card carrying it."""
        for p in self.players:
            for zone, cards in ((Zone.DECK, p.deck), (Zone.HAND, p.hand), (Zone.RESOURCES, p.resources),
                                (Zone.PRIZES, p.prizes), (Zone.SET_ASIDE, p.set_aside)):
                if card in cards:
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
