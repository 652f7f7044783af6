"""What a branch of a scenario is once its names are resolved: the physical cards and where each starts, the
moves and the expectations naming those cards by id (:mod:`cardscript.games.battle_scenes.scenario.check` makes it,
:mod:`cardscript.games.battle_scenes.scenario.board` builds it on the engine,
:mod:`cardscript.games.battle_scenes.scenario.run` plays it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardscript.compiler.ir import CardDef
from cardscript.core.source import Span
from cardscript.games.battle_scenes.scenario import ast

CardId = int


@dataclass
class Physical:
    """One physical card of the board: its id, owner, definition, and where the setup puts it."""

    id: CardId
    owner: int
    definition: CardDef
    zone: str                       # scene, scenario, carried, hand, resources, prizes, deck
    carrier: CardId | None = None
    stage: int | None = None
    entered: bool = False
    acted: bool = False
    damaged: bool = False
    chose: list[CardId] = field(default_factory=list)
    traits: dict[str, str] = field(default_factory=dict)
    filler: bool = False
    controller: int | None = None           # in the scene: who controls it (its owner unless "pertence a")
    shield: list[int] = field(default_factory=list)     # shield changes in effect this turn (4.8.6 B, C)


@dataclass
class PlannedMove:
    move: ast.Move
    card: CardId | None = None
    targets: list[CardId] = field(default_factory=list)               # the cards among the move's targets
    target_values: list[tuple[str, int]] = field(default_factory=list)   # all of them in order: card / player
    answers: list[PlannedAnswer] = field(default_factory=list)


@dataclass
class PlannedAnswer:
    answer: ast.Answer
    values: list[object] = field(default_factory=list)     # card ids (int in a tuple ("card", id)), numbers, words
    shares: list[tuple[int, CardId]] = field(default_factory=list)


@dataclass
class PlannedExpectation:
    expectation: ast.Expectation
    card: CardId | None = None
    carrier: CardId | None = None
    targets: list[CardId] = field(default_factory=list)             # "pode usar A em Y": Y
    events: list[CardId | None] = field(default_factory=list)      # "ordem dos eventos": each event's card
    things: list[tuple[str, object]] = field(default_factory=list)   # ("card", id) / ("fillers", n)


@dataclass
class Plan:
    """One branch, ready to build and run."""

    name: str                       # "principal" or the branch's label
    span: Span
    turn_player: int
    turn_number: int
    phase: str
    step: str
    cards: list[Physical]
    order: dict[str, list[CardId]]  # "<player>:<zone>" -> cards in order (deck: top first)
    moves: list[PlannedMove]
    expectations: list[PlannedExpectation]
    known_failure: str = ""         # why the engine does not meet it yet: a FAIL is then an XFAIL
