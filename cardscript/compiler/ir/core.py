"""The vocabulary every effect object is built from: selectors, quantities, conditions, events, durations.

A :class:`Selector` is a typed query over the game state -- what a noun phrase denotes
(``docs/semantics.md``: "noun phrases denote selectors"). References the compiler bound (principle 3)
are selectors with a :class:`Ref`; things an earlier procedure introduced ("aquele card", "o personagem
escolhido", "-o") and things the event that fired a trigger names ("aquele personagem") are *slots* of
the resolution's environment: the procedure that introduces something writes the slot
(:attr:`Procedure.introduces`), the reference reads it (``Selector(ref=Ref.SLOT, slot=...)``).

Slot names (strings; the compiler makes them, the runtime only stores and reads them):

* ``"intro:N"``      the N-th thing a procedure of this effect introduced (found, chosen, moved, damaged);
* ``"card:N"``       like ``intro:N``, but remembered by the card for its other texts ("o personagem
  escolhido" of a permanent text: ``GameState.chosen``);
* ``"event:ROLE"``   what the event that fired the trigger names: ``subject`` (who entered, used, received),
  ``object`` (what was loaded, the action used), ``source`` (of the damage), ``user`` (of the action),
  ``target`` (of the action), ``player`` (who did it);
* ``"action:user"``  the character using the action;
* ``"<slot>:rest"``  the things of ``<slot>`` in no slot written after it; ``"<slot>:nthK"`` its K-th thing (0 the
  first, in the order chosen: "o primeiro personagem", "o segundo personagem" of "escolha dois personagens").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Kind(StrEnum):
    """The kind of thing a selector stands for."""

    CHARACTER = "character"
    SUPPORT = "support"
    SCENARIO = "scenario"
    ABILITY = "ability"
    CARD = "card"
    PLAYER = "player"
    ACTION = "action"


class Ref(StrEnum):
    """Things the compiler bound a reference to (principle 3)."""

    THIS_CARD = "this_card"             # "este card/cenário/suporte", the card's own name
    THIS_CHARACTER = "this_character"   # "este personagem" (the base, or the one carrying the card)
    THIS_ACTION = "this_action"         # the action's own name as a damage source (rules 4.8.5)
    TARGET = "target"                   # "o alvo" (rules 4.6.2 F): ``Selector.index`` = which target entry
    SLOT = "slot"                       # something introduced earlier or named by the event: ``Selector.slot``
    YOU = "you"                         # the effect's controller
    OPPONENT = "opponent"               # "seu oponente" (two players: the other one)
    OWNER = "owner"                     # "seu dono" (of ``Selector.of``)
    CONTROLLER = "controller"           # "o controlador de <of>" / "seu controlador"
    EVERY_PLAYER = "every_player"       # "cada jogador", "todos os jogadores"
    ACTION_USER = "action_user"         # "o personagem que usou esta ação"


@dataclass(frozen=True)
class Filter:
    """One condition on a card or player: ``field`` (affiliation, power, alignment, name, alter_ego,
    card_type, controller, zone, stage, identity...) ``op`` (eq, ne, has, lacks, has_any, ge, le, shares,
    chosen...) ``value``: a word or number as text, or a :class:`Selector` for a relation to other things
    ("com o mesmo nome que o personagem escolhido": ``Filter("name_or_alter_ego", "shares", <chosen>)``)."""

    field: str
    op: str
    value: str | Selector = ""


@dataclass(frozen=True)
class Quantity:
    """A number: ``fixed`` + ``x_times`` * X, X defined by ``x`` (a :class:`Count`); ``up_to``: "até N"."""

    fixed: int = 0
    x_times: int = 0
    up_to: bool = False
    x: Count | None = None
    any_number: bool = False             # "qualquer número de": any number of them, none to all
    or_more: bool = False                # "um ou mais", "dois ou mais": at least ``fixed``; in a trigger's
                                         # subject, one event for all of them (Predador: once per action)

    @staticmethod
    def of(n: int) -> Quantity:
        return Quantity(fixed=n)


@dataclass(frozen=True)
class Count:
    """What X (or "para cada ...") counts: the things ``what`` stands for (``attribute``: their number of
    cards carried, their energy...), times ``multiplier``, divided by ``divisor``; ``event``: a number of
    the event being replaced / that fired ("aquele mesmo número de cards", 5.5)."""

    what: Selector | None = None
    multiplier: int = 1
    divisor: int = 1
    round_up: bool = False
    text: str = ""
    event: str = ""
    attribute: str = ""             # "" = how many things; "energy", "initial_energy", "shield", "stage", "powers",
    #                                 "damage_taken"; how many different: "card_powers", "card_types"
    fixed: int | None = None        # a number, not a count ("X é igual a 2 se ...")
    when: Condition | None = None   # the value holds while this does; otherwise ``otherwise``'s ("caso contrário")
    otherwise: Count | None = None
    offset: int = 0                 # "10 menos o número de ...": X = offset - the count (``subtracted``), or + it
    subtracted: bool = False


@dataclass(frozen=True)
class Selector:
    """A set of game objects: a reference, or a kind with filters and how many.

    With no ``ref`` and no ``every``, a procedure has someone choose ``count`` of the candidates when it
    resolves: the effect's controller, or ``chooser`` ("à escolha daquele jogador"); ``random``: chosen at
    random ("um card aleatório")."""

    kind: Kind = Kind.CARD
    ref: Ref | None = None
    index: int = 0                       # Ref.TARGET: which target entry of the action (ActionDef.targets)
    slot: str = ""                       # Ref.SLOT: the slot it reads (see the module docstring)
    filters: tuple[Filter, ...] = ()
    count: Quantity = field(default_factory=lambda: Quantity.of(1))
    every: bool = False                  # "cada", "todos os"
    targeted: bool = False               # "personagem alvo": chosen as the action's target (4.6.2 F)
    zone: str = ""                       # deck, hand, resources, prizes, scene, carried, set_aside; "deck_top" /
    #                                      "deck_bottom": the ``count`` cards of the top / bottom of the deck;
    #                                      "carried_before": the cards ``of`` was carrying before this effect
    zone_owner: Ref | None = None
    text: str = ""                       # the noun phrase it was lowered from, for traces
    also: tuple[Kind, ...] = ()          # "um personagem ou suporte": further kinds accepted
    of: Selector | None = None           # CONTROLLER / OWNER of, cards carried by (zone "carried"), zone owner
    distinct: bool = False               # "alvos diferentes"
    chooser: Selector | None = None      # who chooses among the candidates (None: the effect's controller)
    random: bool = False                 # "aleatório"
    excluding: Selector | None = None    # "outro", "os demais", "exceto ...": not these
    union: tuple[Selector, ...] = ()     # "um personagem com {LA} ou um suporte": any of these (kind/filters ignored)
    next_only: bool = False              # "o próximo personagem que ...": only the next one the event names
    different: str = ""                  # "cards de nomes diferentes": the things chosen differ in it ("name")
    same: str = ""                       # "controlados por um mesmo jogador": the things chosen share it


@dataclass(frozen=True)
class Condition:
    """A check on the game state: ``kind`` over a ``subject`` selector with a ``value``; ``negated``;
    conditions combine with ``all_of`` / ``any_of``.

    Kinds: ``controls`` (the controller -- or ``subject.of`` -- controls at least ``value`` things the subject
    stands for), ``exists`` (at least ``value`` things match), ``is`` (every thing the subject's ref stands
    for matches its filters), ``has_power``, ``energy`` ("eq:N"/"ge:N"/"le:N"), ``in_zone``,
    ``damaged_this_turn``, ``compare`` (two quantities: ``value`` = "eq"/"ge"/"le"/"gt"/"lt", ``left`` /
    ``right``), ``now`` (the game is in the phase / step ``value`` -- "" for any -- of the turn of ``whose``:
    "you" / "opponent" / ""), ``nth_use`` (the action being used is the ``value``-th use of it this turn by the
    character ``subject`` stands for, 4.6.2 H), ``all`` / ``any``."""

    kind: str
    subject: Selector | None = None
    value: str = ""
    negated: bool = False
    all_of: tuple[Condition, ...] = ()
    any_of: tuple[Condition, ...] = ()
    text: str = ""
    left: Quantity | None = None
    right: Quantity | None = None
    whose: str = ""                      # now: whose turn it is ("you" / "opponent")


@dataclass(frozen=True)
class EventPattern:
    """What fires a triggered effect (5.2): an event kind (``enter_scene``, ``leave_scene``, ``use_action``,
    ``damage``, ``phase_start``, ``phase_end``, ``load``, ``unload``, ``targeted``, ...) with selectors on the
    things the event names and the phase/step it names. When it fires, what it names fills the effect's
    ``event:*`` slots."""

    event: str
    subject: Selector | None = None
    phase: str = ""
    whose: Ref | None = None             # "de sua Fase ...", "do turno de um oponente"
    text: str = ""
    action_filters: tuple[Filter, ...] = ()   # use_action: the action used ("uma ação de {AE}": power eq AE)
    target: Selector | None = None       # use_action: "tendo como alvo <selector>" -- one target must match
    target_slot: str = ""                # ... and that target fills this slot ("aquele personagem")
    source: Selector | None = None       # damage: who or what caused it ("receber dano de ações de {AE}")
    origin: str = ""                     # load / move: the area the card came from ("de seus recursos")
    destination: str = ""                # move: the area it went to ("na base do deck")
    turn_of: Ref | None = None           # "durante a Fase de Combate de um oponente / sua / a própria": whose turn
                                         # the ``phase`` is in (YOU, OPPONENT; OWNER: the event's own player's)
    cards: Selector | None = None        # draw / search / reveal: the cards it named ("um ou mais cards de
                                         # habilidade"): one of them must match; they fill ``event:cards``
    replaced: bool = False               # leave_scene: the scenario left because another took its place
                                         # ("substituindo este cenário", "for substituído por outro", 4.4.1 E)
    cost: str = ""                       # move: "para pagar o custo de Energia Cósmica de uma ação" -- the extra
                                         # cost it paid (4.6.2 E.2: the keyword's name)
    by: Ref | None = None                # "por um efeito controlado por um oponente": whose effect did it (YOU /
                                         # OPPONENT; EVERY_PLAYER: any effect, not the rules of the game)
    first_in_turn: bool = False          # "pela primeira vez em um turno": only the first such event of the
                                         # subject in each turn (targeted)
    once_in_phase: bool = False          # "Quando/Se <event> durante a própria / sua Fase X" (not "Toda vez que"):
                                         # the trigger fires once in each such phase (5.2; the rulings of the
                                         # corpus: the card drawn thanks to it does not fire it again)


class Duration(StrEnum):
    INSTANT = "instant"                  # simple effect (5.7 A.1)
    END_OF_TURN = "end_of_turn"          # "até o final do turno", "neste turno" (5.7 A.2.1)
    MATCH = "match"                      # "nesta partida"
    UNTIL_NEXT_TURN = "until_next_turn"  # "até o início de seu próximo turno": to the start of its controller's next
    #                                      turn (5.7 A.2.1)
    NEXT_TURN = "next_turn"              # "na Fase de Preparação do próximo turno": working in the next turn only
    #                                      (from its start to its Final do Turno, 6.2)
    WHILE_IN_PLACE = "while_in_place"    # continuous with no defined duration (5.7 A.2.2)
    WHILE_SOURCE = "while_source"        # created by a resolving effect with no duration of its own: while the card
    #                                      whose effect created it stays where its effect works (5.7 A.2.2, B)
