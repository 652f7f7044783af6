"""A Sky World match's game object: its state, event log, agents and seeded RNG (what the core Effects Tree
needs of a game, :class:`cardscript.engine.tree.TreeHost`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardscript.engine.agents import Agent, Decision, ask
from cardscript.engine.events import Event, EventLog
from cardscript.games.sky_world.state import CardId, SkyState, check_invariants


class SkyGameOver(Exception):
    """The match ended: a player reached the goal of Fé ("você chega a 20 e vence imediatamente")."""

    def __init__(self, winner: int, reason: str) -> None:
        super().__init__(reason)
        self.winner = winner
        self.reason = reason


@dataclass(eq=False)
class SkyGame:
    state: SkyState
    agents: Sequence[Agent]
    seed: int = 0
    log: EventLog = field(default_factory=EventLog)
    depth: int = 0
    check: bool = True                  # check the invariants after every event
    listeners: list[Callable[[Event], None]] = field(default_factory=list)
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def emit(self, kind: str, **data: Any) -> Event:
        event = self.log.add(kind, self.depth, **data)
        for listener in list(self.listeners):
            listener(event)
        if self.check:
            problems = check_invariants(self.state)
            if problems:
                raise AssertionError(f"after {kind}: " + "; ".join(problems))
        return event

    def decide(self, decision: Decision) -> tuple[int, ...]:
        """The deciding player's agent's legal answer, logged (a scripted agent replays the log's answers)."""
        def refused(reason: str) -> None:
            self.log.add("refused", self.depth, player=decision.player, decision=decision.kind, reason=reason)

        answer = ask(self.agents[decision.player], decision, on_refused=refused)
        self.log.add("choice", self.depth, player=decision.player, decision=decision.kind, answer=list(answer),
                     picked=[decision.options[i] for i in answer])
        return answer

    def name(self, card: CardId) -> str:
        return f"{self.state.cards[card].title}#{card}"

    def win(self, player: int, reason: str) -> None:
        self.state.winner = player
        self.log.add("game_over", self.depth, winner=player, reason=reason)
        raise SkyGameOver(player, reason)
