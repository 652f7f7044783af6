"""Decisions and agents (principle 8): every choice of a match goes through an agent.

The engine describes a choice as a :class:`Decision` (who decides, what kind, the legal options,
how many to pick) and asks an :class:`Agent`. :func:`ask` checks the answer: an illegal answer is
refused with a reason (:class:`IllegalChoice`), changes nothing, and the agent is asked again (a
scripted agent that gives an illegal answer fails the test that scripted it).

Agents: :class:`ScriptedAgent` (tests, replays), :class:`RandomAgent` (seeded, simulation),
:class:`FirstLegalAgent`, :class:`InteractiveAgent` (a person at a terminal).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

Answer = tuple[int, ...]         # the indexes of the chosen options, in the order chosen


@dataclass(frozen=True)
class Decision:
    """A choice: ``player`` picks between ``minimum`` and ``maximum`` of ``options`` (by index).

    ``kind`` names the choice (``target``, ``optional``, ``order``, ``unload``, ``mode``, ``x``,
    ``play``...); ``ordered`` means the order of the picks matters (ordering simultaneous effects).
    """

    player: int
    kind: str
    prompt: str
    options: tuple[str, ...]
    minimum: int = 1
    maximum: int = 1
    ordered: bool = False


class IllegalChoice(ValueError):
    """An answer that breaks the decision's rules; the reason says which."""


def validate(decision: Decision, answer: Sequence[int]) -> Answer:
    picked = tuple(answer)
    if not decision.minimum <= len(picked) <= decision.maximum:
        raise IllegalChoice(f"pick between {decision.minimum} and {decision.maximum} option(s), got {len(picked)}")
    if any(not 0 <= i < len(decision.options) for i in picked):
        raise IllegalChoice(f"options are numbered 0 to {len(decision.options) - 1}")
    if len(set(picked)) != len(picked):
        raise IllegalChoice("an option may be picked once")
    return picked


class Agent(Protocol):
    def decide(self, decision: Decision) -> Sequence[int]: ...


def ask(agent: Agent, decision: Decision, on_refused: Callable[[str], None] | None = None,
        attempts: int = 5) -> Answer:
    """The agent's legal answer to a decision; illegal answers are refused with their reason."""
    last = ""
    for _ in range(attempts):
        try:
            return validate(decision, agent.decide(decision))
        except IllegalChoice as exc:
            last = str(exc)
            if on_refused is not None:
                on_refused(last)
    raise IllegalChoice(f"no legal answer after {attempts} attempts: {last}")


@dataclass
class ScriptedAgent:
    """Answers from a list, in order (tests and replays); runs out -> IndexError."""

    answers: list[Sequence[int]]
    position: int = 0

    def decide(self, decision: Decision) -> Sequence[int]:
        answer = self.answers[self.position]
        self.position += 1
        return answer


@dataclass
class RandomAgent:
    """A seeded random legal answer."""

    seed: int = 0
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def decide(self, decision: Decision) -> Sequence[int]:
        n = len(decision.options)
        hi = min(decision.maximum, n)
        count = self.rng.randint(min(decision.minimum, hi), hi)
        return self.rng.sample(range(n), count)


class FirstLegalAgent:
    """Always the first ``minimum`` options: deterministic and quick."""

    def decide(self, decision: Decision) -> Sequence[int]:
        return list(range(decision.minimum))


@dataclass
class InteractiveAgent:
    """A person at a terminal: prints the decision and reads the option numbers."""

    read: Callable[[str], str] = input
    write: Callable[[str], Any] = print

    def decide(self, decision: Decision) -> Sequence[int]:
        self.write(f"\n[player {decision.player}] {decision.prompt}")
        for i, option in enumerate(decision.options):
            self.write(f"  {i}: {option}")
        span = (f"{decision.minimum}" if decision.minimum == decision.maximum
                else f"{decision.minimum}-{decision.maximum}")
        text = self.read(f"choose {span} (numbers separated by spaces): ")
        try:
            return [int(t) for t in text.replace(",", " ").split()]
        except ValueError:
            return [-1]          # refused by validate() with its reason
