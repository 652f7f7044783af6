"""The terms of the damage pipeline (rules 4.8.3, 4.8.3.1, 4.8.5): who causes damage to whom, the modifiers and
redirecting effects in operation, and the decisions the pipeline asks for (principle 8).

A :class:`DamageSource` is the source as rule 4.8.5 identifies it (an action, a character, the scenario, a
support, a card), a :class:`Party` a character or support dealing or receiving damage, a
:class:`DamageProcedure` one procedure's source, destination, initial amount and piercing; a :class:`Modifier`
says in which step of 4.8.3 (B, C, D) it acts and when (its :class:`Situation`), a :class:`Redirect` which
destinations it protects and where it may send the damage (4.8.3.1 E). Every decision goes through a
:class:`DamageDecider`: :class:`AgentDecider` asks the engine's agents, :class:`ScriptedDecider` answers from a
script (tests, the rulebook's examples). Pure: nothing here knows the game state. The calculation itself is
:mod:`cardscript.games.battle_scenes.runtime.damage`'s.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from cardscript.engine.agents import Agent, Decision, ask

CardId = int

__all__ = [
    "AgentDecider", "CardId", "Circumstances", "DamageDecider", "DamageDecisionError", "DamageProcedure",
    "DamageSource", "FirstChoice", "Modifier", "Party", "Redirect", "Rounding", "Scope", "ScriptedDecider",
    "Situation", "SourceKind", "Step", "checked_order",
]


# ---------------------------------------------------------------------------------------------
# who causes damage to whom (4.8.5)


class SourceKind(StrEnum):
    """What a damage source is (4.8.5: the words before "causa dano" name it)."""

    ACTION = "action"           # "Mão de Lança causa 1 ponto de dano": the action (and the character using it)
    CHARACTER = "character"     # "ESTE PERSONAGEM causa 2 pontos de dano" (Surpresa Dolorosa), or a character
    #                             an effect made a source ("AQUELE PERSONAGEM causa", Instigar Fúria, Cassandra Nova)
    SUPPORT = "support"
    SCENARIO = "scenario"       # "ESTE CENÁRIO causa 4 pontos de dano" (Atacar até Derrubar)
    CARD = "card"               # "ESTA HABILIDADE causa 1 ponto de dano" (Adaga Psíquica, Experimentos Sabotados)


@dataclass(frozen=True)
class Party:
    """A character or support in the scene as the damage pipeline sees it (a source's user or a destination)."""

    card: CardId
    name: str
    controller: int
    kind: str = "character"                      # "character" or "support"
    alignments: frozenset[str] = frozenset()     # "Herói", "Vilão"
    affiliations: frozenset[str] = frozenset()
    alter_egos: frozenset[str] = frozenset()


@dataclass(frozen=True)
class DamageSource:
    """The source of a damage procedure (4.8.5).

    ``card`` is the card whose name precedes "causa dano" (the action's card, the scenario, the ability card);
    ``user`` the character using the action (for an action) or the character itself (for a character source);
    ``action_types`` ``antecipar`` / ``imprevista`` for an action; ``made_source_by`` names the effect that made
    another character a source ("Instigar Fúria": "AQUELE PERSONAGEM causa 2 pontos de dano")."""

    kind: SourceKind
    name: str
    controller: int
    card: CardId | None = None
    user: Party | None = None
    action_types: frozenset[str] = frozenset()
    made_source_by: str = ""

    @property
    def is_action(self) -> bool:
        return self.kind is SourceKind.ACTION

    @staticmethod
    def action(name: str, user: Party, card: CardId | None = None, types: Sequence[str] = ()) -> DamageSource:
        return DamageSource(SourceKind.ACTION, name, user.controller, card, user, frozenset(types))

    @staticmethod
    def character(who: Party, made_source_by: str = "") -> DamageSource:
        kind = SourceKind.SUPPORT if who.kind == "support" else SourceKind.CHARACTER
        return DamageSource(kind, who.name, who.controller, who.card, who, made_source_by=made_source_by)

    @staticmethod
    def scenario(name: str, controller: int, card: CardId | None = None) -> DamageSource:
        return DamageSource(SourceKind.SCENARIO, name, controller, card)

    @staticmethod
    def of_card(name: str, controller: int, card: CardId | None = None, carrier: Party | None = None
                ) -> DamageSource:
        return DamageSource(SourceKind.CARD, name, controller, card, carrier)

    def describe(self) -> str:
        if self.kind is SourceKind.ACTION and self.user is not None:
            return f"action {self.name} of {self.user.name}"
        if self.made_source_by:
            return f"{self.kind.value} {self.name} (made a source by {self.made_source_by})"
        return f"{self.kind.value} {self.name}"


@dataclass(frozen=True)
class DamageProcedure:
    """One damage procedure: ``source`` causes ``amount`` (step A, even 0) to ``destination`` (4.8.3, 4.8.4).
    ``effect`` names the effect it comes from, for the trace."""

    source: DamageSource
    destination: Party
    amount: int
    piercing: bool = False
    effect: str = ""


@dataclass(frozen=True)
class Circumstances:
    """When the damage happens: modifiers may depend on it; the Active Player decides simultaneous things."""

    phase: str = ""                 # "preparation", "combat", ...
    step: str = ""                  # "anticipation", "attack", ...
    turn_player: int = 0
    active_player: int = 0


@dataclass(frozen=True)
class Situation:
    """What a modifier's or redirect's predicate sees: one calculation of one procedure."""

    procedure: DamageProcedure
    destination: Party              # the destination of this calculation
    calculation: int                # 0: the first (original destination); 1: after the first redirection...
    circumstances: Circumstances

    @property
    def source(self) -> DamageSource:
        return self.procedure.source

    @property
    def original(self) -> Party:
        return self.procedure.destination


# ---------------------------------------------------------------------------------------------
# modifiers (4.8.3 B, C, D) and redirecting effects (4.8.3.1 E)


class Step(StrEnum):
    """The step of 4.8.3 a modifier acts in."""

    B = "B"      # additions and subtractions
    C = "C"      # multiplications, then divisions
    D = "D"      # fixed values (and the effects that trigger there)


class Rounding(StrEnum):
    DOWN = "down"    # "arredondado para baixo"
    UP = "up"        # "arredondado para cima"


class Scope(StrEnum):
    """In which calculations of a procedure a modifier may act (4.8.3.1 ATENÇÃO). Any modifier acts at most
    once per procedure (F: "só serão aplicados efeitos e modificadores que ainda não tenham sido aplicados")."""

    ANY = "any"                       # the first calculation in which it matches (Barreira Telecinética,
    #                                   Cavaleiro Negro V1: only one of the calculations)
    FIRST_CALCULATION = "first"       # only the first calculation (Cubo Cósmico, À Espreita, Homem-Máquina V1)
    CHOSEN_DESTINATION = "chosen"     # when the destination is the one chosen for it, first or later
    #                                   calculation (Manchete do Clarim, Kraven V1): needs ``destinations``


@dataclass(frozen=True)
class Modifier:
    """A damage-modification effect (rules 5.3) of one card, in one step of 4.8.3.

    Step B: ``add`` (negative to subtract). Step C: ``multiply`` or ``divide`` with ``rounding``. Step D: ``set_to``
    (a fixed value: zeroed, cancelled, "torna-se N") or ``add`` (a D effect that increases / reduces); every D
    modifier is an effect that *triggers* in D (4.8.3 D), reported in :attr:`DamageResult.triggered` so the
    engine can carry out the rest of its text (Escudo Improvisado goes to the bottom of the deck).

    It acts when all its conditions hold: ``sources`` (the source's card or the action's user is one of these
    cards), ``source_kinds``, ``action_types`` (the source is an action of one of these types: "antecipar"),
    ``destinations`` (the destination is one of these: the chosen character of Kraven V1, the carrier of Rir do
    Perigo), ``phases`` (the current phase or step is one of these), and ``when`` (any other predicate, built
    by the engine from the card's IR; ``when_text`` says it in words for the trace)."""

    name: str
    step: Step
    card: CardId | None = None
    controller: int | None = None
    add: int = 0
    multiply: int = 1
    divide: int = 1
    rounding: Rounding = Rounding.DOWN
    set_to: int | None = None
    scope: Scope = Scope.ANY
    sources: frozenset[CardId] = frozenset()
    source_kinds: frozenset[SourceKind] = frozenset()
    action_types: frozenset[str] = frozenset()
    destinations: frozenset[CardId] = frozenset()
    phases: frozenset[str] = frozenset()
    when: Callable[[Situation], bool] | None = field(default=None, compare=False)
    when_text: str = ""
    # a D effect whose value its text makes hang on a choice made as it triggers ("você pode X. Se o fizer,
    # aquele dano torna-se 0", 4.8.3 D): asked then; declined, it does not act
    consent: Callable[[Situation], bool] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.step is Step.B and (self.multiply != 1 or self.divide != 1 or self.set_to is not None):
            raise ValueError(f"{self.name}: a step B modifier only adds or subtracts")
        if self.step is Step.C:
            if self.add or self.set_to is not None:
                raise ValueError(f"{self.name}: a step C modifier only multiplies or divides")
            if self.divide < 1 or self.multiply < 0 or (self.multiply != 1 and self.divide != 1):
                raise ValueError(f"{self.name}: step C needs one multiplier >= 0 or one divisor >= 1")
        if self.step is Step.D and (self.multiply != 1 or self.divide != 1):
            raise ValueError(f"{self.name}: a step D modifier sets a fixed value or adds")
        if self.step is Step.D and self.set_to is not None and self.add:
            raise ValueError(f"{self.name}: a step D modifier either sets a value or adds, not both")
        if self.scope is Scope.CHOSEN_DESTINATION and not self.destinations:
            raise ValueError(f"{self.name}: bound to a chosen destination but none given")

    def matches(self, situation: Situation) -> bool:
        src = situation.source
        if self.scope is Scope.FIRST_CALCULATION and situation.calculation > 0:
            return False
        if self.sources and not ({src.card} | ({src.user.card} if src.user else set())) & self.sources:
            return False
        if self.source_kinds and src.kind not in self.source_kinds:
            return False
        if self.action_types and not (src.is_action and src.action_types & self.action_types):
            return False
        if self.destinations and situation.destination.card not in self.destinations:
            return False
        circ = situation.circumstances
        if self.phases and not {circ.phase, circ.step} & self.phases:
            return False
        return self.when is None or self.when(situation)

    def describe(self) -> str:
        if self.step is Step.B or (self.step is Step.D and self.set_to is None):
            return f"{self.add:+d}"
        if self.step is Step.C:
            if self.multiply != 1:
                return f"x{self.multiply}"
            return f"/{self.divide}, rounded {self.rounding.value}"
        return f"becomes {self.set_to}"

    def act(self, value: int) -> int:
        if self.step is Step.C:
            if self.multiply != 1:
                return value * self.multiply
            q = value / self.divide
            return math.floor(q) if self.rounding is Rounding.DOWN else math.ceil(q)
        if self.set_to is not None:
            return self.set_to
        return value + self.add

    def increases(self, value: int) -> bool:
        return self.act(value) > value


@dataclass(frozen=True)
class Redirect:
    """A damage-redirecting effect (4.8.3.1): damage caused to one of ``protects`` may go to one of ``to``.

    ``optional`` ("você pode"): its controller may decline. ``chooser``: who picks the new destination (default
    its controller). When several redirecting effects could act, the Active Player picks which (4.8.3.1 F.E).
    Each redirecting effect acts at most once per procedure."""

    name: str
    controller: int
    protects: frozenset[CardId]
    to: tuple[Party, ...]
    card: CardId | None = None
    optional: bool = True
    chooser: int | None = None
    when: Callable[[Situation], bool] | None = field(default=None, compare=False)
    when_text: str = ""
    # a D effect whose value its text makes hang on a choice made as it triggers ("você pode X. Se o fizer,
    # aquele dano torna-se 0", 4.8.3 D): asked then; declined, it does not act
    consent: Callable[[Situation], bool] | None = field(default=None, compare=False)

    def options(self, situation: Situation) -> list[Party]:
        if situation.destination.card not in self.protects:
            return []
        if self.when is not None and not self.when(situation):
            return []
        return [p for p in self.to if p.card != situation.destination.card]


# ---------------------------------------------------------------------------------------------
# decisions (principle 8)


class DamageDecisionError(ValueError):
    """A decider gave an answer the rules do not allow."""


class DamageDecider(Protocol):
    """The decisions of the damage pipeline. ``kind`` names the decision (``order_procedures``,
    ``order_d_triggers``, ``redirect``, ``distribute``, ``unload``); ``labels`` say the options in words."""

    def order(self, player: int, kind: str, labels: Sequence[str]) -> Sequence[int]:
        """A permutation of ``range(len(labels))``: the order things happen in."""
        ...

    def choose(self, player: int, kind: str, labels: Sequence[str], optional: bool,
               cards: Sequence[CardId] = ()) -> int | None:
        """One option's index, or None to decline (only when ``optional``); ``cards``: the card each option is
        about (a redirection's new destination), when there is one."""
        ...

    def split(self, player: int, kind: str, total: int, labels: Sequence[str],
              cards: Sequence[CardId] = ()) -> Sequence[int]:
        """How many of ``total`` points go to each option (non-negative, summing to ``total``); ``cards``: the
        destination each option is."""
        ...

    def pick(self, player: int, kind: str, cards: Sequence[CardId], n: int) -> Sequence[CardId]:
        """``n`` distinct cards among ``cards``."""
        ...


class FirstChoice:
    """The simplest decider: the given order, the first option (never declining), everything on the first
    destination, the first cards."""

    def order(self, player: int, kind: str, labels: Sequence[str]) -> Sequence[int]:
        return list(range(len(labels)))

    def choose(self, player: int, kind: str, labels: Sequence[str], optional: bool,
               cards: Sequence[CardId] = ()) -> int | None:
        return 0 if labels else None

    def split(self, player: int, kind: str, total: int, labels: Sequence[str],
              cards: Sequence[CardId] = ()) -> Sequence[int]:
        return [total] + [0] * (len(labels) - 1) if labels else []

    def pick(self, player: int, kind: str, cards: Sequence[CardId], n: int) -> Sequence[CardId]:
        return list(cards[:n])


@dataclass
class ScriptedDecider(FirstChoice):
    """Answers from queues, one per decision kind (tests); a kind with no queued answer falls back to
    :class:`FirstChoice`. ``asked`` records every decision as ``(player, kind, labels)``."""

    answers: dict[str, list[object]] = field(default_factory=dict)
    asked: list[tuple[int, str, tuple[str, ...]]] = field(default_factory=list)

    def _next(self, player: int, kind: str, labels: Sequence[str]) -> tuple[bool, object]:
        self.asked.append((player, kind, tuple(labels)))
        queue = self.answers.get(kind)
        if queue:
            return True, queue.pop(0)
        return False, None

    def order(self, player: int, kind: str, labels: Sequence[str]) -> Sequence[int]:
        found, answer = self._next(player, kind, labels)
        return list(answer) if found and isinstance(answer, (list, tuple)) else super().order(player, kind, labels)

    def choose(self, player: int, kind: str, labels: Sequence[str], optional: bool,
               cards: Sequence[CardId] = ()) -> int | None:
        found, answer = self._next(player, kind, labels)
        if found:
            return answer if isinstance(answer, int) else None
        return super().choose(player, kind, labels, optional)

    def split(self, player: int, kind: str, total: int, labels: Sequence[str],
              cards: Sequence[CardId] = ()) -> Sequence[int]:
        found, answer = self._next(player, kind, labels)
        if found and isinstance(answer, (list, tuple)):
            return [int(x) for x in answer]
        return super().split(player, kind, total, labels)

    def pick(self, player: int, kind: str, cards: Sequence[CardId], n: int) -> Sequence[CardId]:
        found, answer = self._next(player, kind, [str(c) for c in cards])
        if found and isinstance(answer, (list, tuple)):
            return [int(x) for x in answer]
        return super().pick(player, kind, cards, n)


def _card_facts(cards: Sequence[CardId], options: int) -> tuple[dict[str, object], ...]:
    """The facts of a decision's options that are cards (two copies of one title told apart by id); options
    past them (\"decline\") have none."""
    if not cards:
        return ()
    facts: list[dict[str, object]] = [{"card": c} for c in cards]
    return tuple(facts + [{} for _ in range(options - len(cards))])


@dataclass
class AgentDecider:
    """The engine's decisions (principle 8) for the damage pipeline: each call becomes a
    :class:`~cardscript.engine.agents.Decision` (kinds ``order``, ``redirect``, ``distribute``, ``unload``)
    handed to ``decide``: in the engine ``Game.decide`` (which asks the deciding player's agent and logs the
    answer for replays); :meth:`from_agents` asks agents directly (``agents[player]`` answers for ``player``)."""

    decide: Callable[[Decision], Sequence[int]]

    @staticmethod
    def from_agents(agents: Sequence[Agent]) -> AgentDecider:
        return AgentDecider(lambda d: ask(agents[d.player], d))

    def order(self, player: int, kind: str, labels: Sequence[str]) -> Sequence[int]:
        if len(labels) < 2:
            return list(range(len(labels)))
        d = Decision(player, "order", f"{kind}: choose the order (4.8)", tuple(labels), len(labels), len(labels),
                     ordered=True)
        return list(self.decide(d))

    def choose(self, player: int, kind: str, labels: Sequence[str], optional: bool,
               cards: Sequence[CardId] = ()) -> int | None:
        opts = tuple(labels) + (("decline",) if optional else ())
        facts = _card_facts(cards, len(opts))
        pick = list(self.decide(Decision(player, kind, f"{kind} (4.8.3.1)", opts, facts=facts)))[0]
        return None if optional and pick == len(labels) else pick

    def split(self, player: int, kind: str, total: int, labels: Sequence[str],
              cards: Sequence[CardId] = ()) -> Sequence[int]:
        shares = [0] * len(labels)
        facts = _card_facts(cards, len(labels))
        for k in range(total):
            d = Decision(player, kind, f"{kind} (4.8.4.2): where does point {k + 1} of {total} go?", tuple(labels),
                         facts=facts)
            shares[list(self.decide(d))[0]] += 1
        return shares

    def pick(self, player: int, kind: str, cards: Sequence[CardId], n: int) -> Sequence[CardId]:
        if n >= len(cards):
            return list(cards)
        d = Decision(player, kind, f"choose {n} card(s) to unload (4.8.1)", tuple(str(c) for c in cards), n, n,
                     facts=tuple({"card": c, "harm": True} for c in cards))
        return [cards[i] for i in self.decide(d)]


def checked_order(answer: Sequence[int], n: int, what: str) -> list[int]:
    order = list(answer)
    if sorted(order) != list(range(n)):
        raise DamageDecisionError(f"{what}: {order} is not an order of {n} things")
    return order
