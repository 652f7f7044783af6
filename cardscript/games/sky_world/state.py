"""The Sky World game state: two players' Fé, zones and rights, and the invariants every moment keeps.

Manual, "Sua primeira partida" (Fé to 20, 50 cards and a Herói, five field slots, hands of six), "Construa seu
Banco de Essências" (the amber newly-converted mark), "Use uma habilidade da mão" (blocks, the Rastro),
"Fixe, Legado e Rastro" (Fixações), "Amplie o limite de Despertar" (the limit, up to four).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardscript.compiler.ir import Effect
from cardscript.games.sky_world.ir import SkyCard

CardId = int
GOAL = 20               # "Seu objetivo é alcançar 20 de Fé."
HAND_LIMIT = 6          # "A mão nunca ultrapassa seis cartas."
FIELD_SLOTS = 5         # "Seu campo comporta até cinco personagens."
DECK_SIZE = 50
MAX_AWAKEN_LIMIT = 4    # "... aumentar permanentemente esse limite em 1, até o máximo de quatro."
RAISE_COST = 4          # "consumir 4 Essências disponíveis"
DRAIN_COST = 4          # Drenar Fé 2: "consuma 4 Essências disponíveis"
DRAIN_AMOUNT = 2


@dataclass
class Character:
    """A character in a field slot, with its state ("Desperte e prepare seu campo", "Canalize ...")."""

    card: CardId
    preparation: bool = True          # the hourglass: cannot attack nor channel
    vulnerable: bool = False          # after acting, or exposed
    spent: bool = False               # its action of the turn is spent
    channeled: bool = False           # vulnerable because it channelled Fé ("quem gerou Fé")
    temporary_power: int = 0          # Inspirar / Intimidar: until the end of the turn
    permanent_power: int = 0          # Fortalecer, Aurora's loss
    intercept_charge: bool = True     # Interceptar: renewed when it becomes vulnerable again
    held_until: int = 0               # its Preparação lasts until the end of this turn (HoldPreparation; 0: none)
    restricted: tuple[str, ...] = ()  # what it may not do this turn ("attack", "channel": Restrict)

    @property
    def ready(self) -> bool:
        """May attack or channel now (on its owner's turn)."""
        return not self.preparation and not self.spent


@dataclass
class Fixation:
    """A card fixed on a character ("Fixe": not an Essência, not a character; consumed when its last binding
    ends; ``awaken``: Fixar + Despertar, back to the field in Preparação)."""

    card: CardId
    host: CardId
    awaken: bool = False
    grants: tuple[Effect, ...] = ()   # what the bound card gives its host while bound (Legado + Fixe)


@dataclass
class SkyPlayer:
    faith: int = 0
    deck: list[CardId] = field(default_factory=list)
    hand: list[CardId] = field(default_factory=list)
    bank: list[CardId] = field(default_factory=list)
    amber: list[CardId] = field(default_factory=list)     # converted this turn: counts, not consumable yet
    blocks: int = 0                                       # the padlocks, released at the owner's turn start
    consumed: list[CardId] = field(default_factory=list)  # out of the match
    trail: list[CardId] = field(default_factory=list)     # the Rastro
    fixed: list[Fixation] = field(default_factory=list)
    slots: list[Character | None] = field(default_factory=lambda: [None] * FIELD_SLOTS)
    hero: CardId | None = None
    awaken_limit: int = 1
    awakens_used: int = 0
    conversions_used: int = 0
    limit_raised: bool = False        # this turn
    deposit_used: bool = False        # this turn ("Um Depósito por turno")
    search_used: bool = False         # this turn ("Uma busca por turno entre suas habilidades Vasculhar")
    hero_uses: int = 0                # this turn
    turns_played: int = 0
    uses: dict[str, int] = field(default_factory=dict)    # effect uses this turn ("slot:N:effect:M" ...)

    def characters(self) -> list[Character]:
        return [c for c in self.slots if c is not None]

    def slot_of(self, card: CardId) -> int | None:
        for i, c in enumerate(self.slots):
            if c is not None and c.card == card:
                return i
        return None

    def free_slots(self) -> list[int]:
        reserved = {self.slot_of(f.host) for f in self.fixed if f.awaken}
        return [i for i, c in enumerate(self.slots) if c is None and i not in reserved]

    # -- the Banco -------------------------------------------------------------------------------------
    @property
    def essences(self) -> int:
        """The Banco's total: what requisitos and Reserva read (blocks do not reduce it)."""
        return len(self.bank)

    @property
    def free_capacity(self) -> int:
        """What may still be blocked (the amber card counts)."""
        return max(0, len(self.bank) - self.blocks)

    def consumable(self) -> list[CardId]:
        """The cards that may be consumed: not amber; how many of them, at most :attr:`consumable_count`."""
        return [c for c in self.bank if c not in self.amber]

    @property
    def consumable_count(self) -> int:
        """'Com 6 Essências e 2 bloqueios, você pode consumir quaisquer 4 cartas elegíveis.'"""
        return min(len(self.consumable()), self.free_capacity)


@dataclass
class Lasting:
    """An effect registered for later (a turn to come): ``kind`` ("prevent_channel_faith"), the player it works on
    (``against``) in their next turn after ``since_turn``, ``remaining`` uses; ``source`` and ``tied``: it ends
    when that source leaves the field (an ATIVAÇÃO's effect)."""

    kind: str
    against: int
    since_turn: int
    remaining: int
    source: CardId | None = None
    tied: bool = False


@dataclass
class SkyState:
    players: list[SkyPlayer]
    cards: dict[CardId, SkyCard]
    owner: dict[CardId, int]
    active_player: int = 0
    first_player: int = 0
    turn: int = 0
    winner: int | None = None
    goal: int = GOAL
    lasting: list[Lasting] = field(default_factory=list)

    def opponent(self, player: int) -> int:
        return 1 - player

    def where(self, card: CardId) -> list[str]:
        """Every zone the card is in (exactly one, by the invariant)."""
        found: list[str] = []
        for p in self.players:
            for name, zone in (("deck", p.deck), ("hand", p.hand), ("bank", p.bank), ("consumed", p.consumed),
                               ("trail", p.trail)):
                found.extend(name for c in zone if c == card)
            found.extend("fixed" for f in p.fixed if f.card == card)
            found.extend("field" for ch in p.characters() if ch.card == card)
            if p.hero == card:
                found.append("hero")
        return found

    def character(self, card: CardId) -> Character | None:
        for p in self.players:
            for ch in p.characters():
                if ch.card == card:
                    return ch
        return None

    def controller(self, card: CardId) -> int:
        return self.owner[card]


def check_invariants(state: SkyState) -> list[str]:
    """What is wrong with the state (empty: nothing): every card in exactly one zone of its owner, the limits."""
    problems: list[str] = []
    seen: dict[CardId, int] = {}
    for index, p in enumerate(state.players):
        zones: list[CardId] = [*p.deck, *p.hand, *p.bank, *p.consumed, *p.trail, *(f.card for f in p.fixed),
                               *(c.card for c in p.characters()), *([p.hero] if p.hero is not None else [])]
        for card in zones:
            seen[card] = seen.get(card, 0) + 1
            if state.owner.get(card) != index:
                problems.append(f"card {card} is in a zone of player {index}, not its owner's")
        if len(p.hand) > HAND_LIMIT:
            problems.append(f"player {index} holds {len(p.hand)} cards (the hand never passes six)")
        if not 0 <= p.faith <= state.goal:
            problems.append(f"player {index} has {p.faith} Fé")
        if not 0 <= p.blocks <= len(p.bank):
            problems.append(f"player {index} blocks {p.blocks} of a Banco of {len(p.bank)}")
        if any(c not in p.bank for c in p.amber):
            problems.append(f"player {index} has an amber mark on a card not in the Banco")
        if not 1 <= p.awaken_limit <= MAX_AWAKEN_LIMIT:
            problems.append(f"player {index}'s despertar limit is {p.awaken_limit}")
        if len(p.slots) != FIELD_SLOTS:
            problems.append(f"player {index} has {len(p.slots)} field slots")
        hosts = {c.card for q in state.players for c in q.characters()}
        problems.extend(f"fixed card {f.card} is bound to {f.host}, not on the field" for f in p.fixed
                        if f.host not in hosts)
    for card in state.cards:
        if seen.get(card, 0) != 1:
            problems.append(f"card {card} ({state.cards[card].title}) is in {seen.get(card, 0)} zones")
    return problems
