"""The typed tree of a scenario file (docs/scenarios.md), every node with its span in the file.

:mod:`cardscript.games.battle_scenes.scenario.parser` builds it from the Lark tree;
:mod:`cardscript.games.battle_scenes.scenario.check` resolves its
names (cards, players, phases) against the library.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardscript.core.source import SourceFile, Span

PLAYERS = ("A", "B")          # player 0 and player 1


@dataclass(frozen=True)
class CardRef:
    """A card named in the file: by title ("Hulk V1"), printed code ("BSUM 65/100") or path to a card file;
    ``copy``: the n-th copy of that card ("Hulk V1 (2)"); ``owner``: "de A" / "de B"."""

    text: str
    kind: str                   # "title", "code", "path"
    span: Span
    copy: int | None = None
    owner: int | None = None

    def shown(self) -> str:
        out = self.text
        if self.copy is not None:
            out += f" ({self.copy})"
        if self.owner is not None:
            out += f" de {PLAYERS[self.owner]}"
        return out


@dataclass(frozen=True)
class Fillers:
    """``N cards``: that many cards without text (they only count: energy, hand size, resources)."""

    count: int
    span: Span


Thing = CardRef | Fillers


@dataclass
class SceneCard:
    """A character or support in the scene: what it carries (in order), its stage, whether it entered this turn,
    whether it already used an action this turn or received damage from one, what its text chose."""

    ref: CardRef
    span: Span
    carried: list[Thing] = field(default_factory=list)
    stage: int | None = None
    stage_span: Span | None = None
    entered: bool = False
    acted: bool = False
    damaged: bool = False            # "já recebeu dano neste turno": an action damaged it this turn (4.8.1)
    chose: list[CardRef] = field(default_factory=list)
    traits: dict[str, str] = field(default_factory=dict)      # "escolheu a afiliação X": {"affiliation": "X"}
    stray: list[Span] = field(default_factory=list)     # cards listed after a property other than `carregando`
    owner: int | None = None         # "pertence a B": owned by B, controlled by the block's player
    shield: list[int] = field(default_factory=list)      # "escudo +2" / "escudo -1": changes in effect this turn


@dataclass
class Pile:
    """One of a player's areas listed in the setup: ``hand``, ``resources``, ``prizes``, ``deck_top``,
    ``deck_bottom`` or ``deck`` (the middle of the deck)."""

    zone: str
    things: list[Thing]
    span: Span


@dataclass
class PlayerSetup:
    player: int
    span: Span
    scene: list[SceneCard] = field(default_factory=list)
    scenario: CardRef | None = None
    scenario_chose: list[CardRef] = field(default_factory=list)     # "cenário: X, escolheu Y"
    scenario_traits: dict[str, str] = field(default_factory=dict)
    piles: list[Pile] = field(default_factory=list)
    without: list[CardRef] = field(default_factory=list)    # a branch's "sem: X": the main setup's X is not there


@dataclass(frozen=True)
class PlayerRef:
    """A player named where a card could be: a target ("usa X em B", "alvo: jogador B")."""

    player: int
    span: Span


Value = CardRef | Fillers | PlayerRef | int | str


@dataclass
class Answer:
    """An answer to one of the engine's decisions, under the move that asks it: ``kind`` is the answer's keyword
    (``target``, ``redirect``, ``no_redirect``, ``order``, ``unload``, ``discard``, ``load``, ``mode``, ``x``,
    ``yes``, ``no``, ``distribute``, ``choose``; ``refused``: the engine must refuse the move; ``absent``: the next
    decision must not offer these values), ``player`` who answers (None: whoever is asked)."""

    kind: str
    span: Span
    player: int | None = None
    values: list[Value] = field(default_factory=list)
    value_spans: list[Span] = field(default_factory=list)
    first: bool = False                                   # "ordem: X primeiro"
    shares: list[tuple[int, CardRef]] = field(default_factory=list)   # "distribui: 2 em X, 1 em Y"


@dataclass
class Move:
    """One move: ``use`` (a character uses an action on targets), ``place`` (a player places a card from the
    hand), ``activate`` (an activated effect; ``action``: words of its text, to pick one of several), ``pass``
    (end the phase or step), ``capacitate`` (6.2 C.1), ``render`` (6.2 C.5), ``discard`` (6.2 C.4)."""

    kind: str
    span: Span
    player: int | None = None
    ref: CardRef | None = None
    action: str = ""
    action_span: Span | None = None
    targets: list[CardRef | PlayerRef] = field(default_factory=list)
    no_requirements: bool = False
    answers: list[Answer] = field(default_factory=list)


@dataclass
class Location:
    """Where a card is expected: ``scene``, ``hand``, ``resources``, ``prizes``, ``deck_top``, ``deck_bottom``,
    ``deck``, ``scenario``, ``carried`` (by ``carrier``)."""

    zone: str
    owner: int | None = None
    carrier: CardRef | None = None


@dataclass
class Event:
    """One event of "ordem dos eventos:": ``damage`` (damage caused to ``ref``), ``knocked_out`` (``ref`` knocked out
    or destroyed, 4.7), ``enters`` / ``leaves`` (the scene), ``draws`` (``player`` draws), ``uses`` (``ref`` uses
    ``action``)."""

    kind: str
    span: Span
    ref: CardRef | None = None
    player: int | None = None
    action: str = ""


@dataclass
class Expectation:
    """One expectation (its ``kind`` is the grammar rule's name: ``damage``, ``calculation``, ``stage_of``,
    ``energy_of``, ``shield_of``, ``carries``, ``where``, ``can_use``, ``cannot_use``, ``can_activate``,
    ``cannot_activate``, ``can_place``, ``cannot_place``, ``points``, ``winner``, ``count``)."""

    kind: str
    span: Span
    ref: CardRef | None = None
    player: int | None = None
    number: int | None = None
    action: str = ""
    action_span: Span | None = None
    targets: list[CardRef] = field(default_factory=list)    # "pode usar A em Y": legal with Y as its target
    things: list[Thing] | None = None
    location: Location | None = None
    stages: list[tuple[str, int]] = field(default_factory=list)
    zone: str = ""
    events: list[Event] = field(default_factory=list)             # "ordem dos eventos: ..."


@dataclass
class Body:
    """The statements of the main line or of a branch."""

    span: Span
    label: str = ""
    title: str = ""
    turn: int | None = None
    turn_span: Span | None = None
    turn_number: int | None = None
    phase: str = ""
    phase_span: Span | None = None
    known_failure: str = ""          # "falha conhecida: <why>": the engine does not meet this yet (an expected FAIL)
    players: list[PlayerSetup] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    expectations: list[Expectation] = field(default_factory=list)
    has_moves: bool = False
    has_expectations: bool = False
    branches: list[Body] = field(default_factory=list)


@dataclass
class ScenarioFile:
    source: SourceFile
    main: Body
