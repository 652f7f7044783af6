"""Two toy games implementing the search's Steppable protocol (runtime.ismcts), whose right moves are known."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardscript.engine.agents import Decision, validate


@dataclass
class Outcome:
    winner: int | None


@dataclass
class Nim:
    """One heap; each player in turn takes 1 to 3; who takes the last wins. Perfect information: a determinisation
    is a copy. The winning move leaves a multiple of 4."""

    heap: int
    player: int = 0
    answers: int = 0                     # how many answers this copy was given (the search must not answer it)

    def advance(self) -> Decision | None:
        if self.heap == 0:
            return None
        labels = tuple(f"take {k}" for k in range(1, min(3, self.heap) + 1))
        return Decision(self.player, "take", "take how many?", labels)

    def answer(self, answer: Sequence[int]) -> Decision | None:
        d = self.advance()
        assert d is not None
        (i,) = validate(d, answer)
        self.answers += 1
        self.heap -= i + 1
        if self.heap > 0:
            self.player = 1 - self.player
        return self.advance()

    def clone(self) -> Nim:
        return Nim(self.heap, self.player)

    def determinize(self, player: int, rng: random.Random) -> Nim:
        return self.clone()

    @property
    def over(self) -> bool:
        return self.heap == 0

    @property
    def result(self) -> Outcome:
        return Outcome(self.player if self.heap == 0 else None)


@dataclass
class Guess:
    """Player 1 holds a hidden card drawn from ``pool``; player 0 bets "low" (the card is under 5) or "high" and
    wins when right. The card is really ``card``: a searcher that peeks bets on it; one that plans only on
    determinisations bets on what the pool makes likelier."""

    card: int
    pool: tuple[int, ...]
    peeked: list[int] = field(default_factory=list)
    bet: str | None = None

    def advance(self) -> Decision | None:
        if self.bet is not None:
            return None
        return Decision(0, "bet", "low or high?", ("bet low", "bet high"))

    def answer(self, answer: Sequence[int]) -> Decision | None:
        d = self.advance()
        assert d is not None
        (i,) = validate(d, answer)
        self.bet = ("low", "high")[i]
        return None

    def clone(self) -> Guess:
        return Guess(self.card, self.pool, self.peeked, self.bet)

    def determinize(self, player: int, rng: random.Random) -> Guess:
        if player == 1:
            return self.clone()
        return Guess(rng.choice(self.pool), self.pool, self.peeked, self.bet)

    @property
    def over(self) -> bool:
        return self.bet is not None

    @property
    def result(self) -> Outcome:
        assert self.bet is not None
        low = self.card < 5
        return Outcome(0 if (self.bet == "low") == low else 1)
