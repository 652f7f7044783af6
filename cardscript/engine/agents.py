"""Decisions and agents (principle 8): every choice of a match goes through an agent.

The engine describes a choice as a :class:`Decision` (who decides, what kind, the legal options,
how many to pick) and asks an :class:`Agent`. :func:`ask` checks the answer: an illegal answer is
refused with a reason (:class:`IllegalChoice`), changes nothing, and the agent is asked again (a
scripted agent that gives an illegal answer fails the test that scripted it).

Agents: :class:`ScriptedAgent` (tests, replays), :class:`RandomAgent` (seeded, simulation),
:class:`HeuristicAgent` (seeded, a sensible beginner: the demo match), :class:`FirstLegalAgent`,
:class:`InteractiveAgent` (a person at a terminal).

Option facts. A decision may carry, parallel to its option labels, one mapping of machine-readable
facts per option (:attr:`Decision.facts`), so an agent need not parse labels. The engine builds the
facts that cost something to compute only for agents that declare ``wants_facts = True`` (the
heuristic agent does; random simulation stays fast). The keys in use:

* ``kind`` -- what the option does: ``end`` (end the phase/step), ``capacitate``, ``extra_capacitate``,
  ``place`` (a character or support), ``scenario``, ``discard``, ``render``, ``action``, ``activate``;
  ``card`` / ``player`` (an option that is a card or a player); ``keep`` / ``reveal`` / ``fewer`` (hand
  exchange, 6.1); ``start`` / ``let_start`` (who starts); ``yes`` / ``no`` (optional steps); ``x``; ``mode``.
* ``card`` -- the CardId the option is about (the user, for an action); ``controller`` -- who controls it
  in the scene (``owner`` for cards elsewhere); ``player`` -- a player option's index.
* ``harm`` -- True: picking the option harms that card / player (damage, incapacitation, unloading);
  False: it helps it (a buff); absent: neither or unknown.
* card characteristics: ``card_type``, ``initial_energy``, ``shield``, ``energy``, ``stage``; ``amount`` and
  ``piercing`` (the damage an action would cause, before modifiers); ``useful`` (a card that gives the
  character an action or power it can use, 4.4.2.3); ``duplicate`` (a character card whose alter ego is
  already in its owner's scene, 4.4.2.1 A.4b); ``opponent_targets`` (how many of an action's candidates
  the opponent controls); ``value`` (the number of an ``x`` option, or a card's rough worth).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

Answer = tuple[int, ...]         # the indexes of the chosen options, in the order chosen


@dataclass(frozen=True)
class Decision:
    """A choice: ``player`` picks between ``minimum`` and ``maximum`` of ``options`` (by index).

    ``kind`` names the choice (``target``, ``optional``, ``order``, ``unload``, ``mode``, ``x``,
    ``play``...); ``ordered`` means the order of the picks matters (ordering simultaneous effects).
    ``facts``: empty, or one mapping of machine-readable facts per option (see the module docstring).
    """

    player: int
    kind: str
    prompt: str
    options: tuple[str, ...]
    minimum: int = 1
    maximum: int = 1
    ordered: bool = False
    facts: tuple[Mapping[str, object], ...] = ()

    def __post_init__(self) -> None:
        if self.facts and len(self.facts) != len(self.options):
            raise ValueError(f"{len(self.facts)} fact mappings for {len(self.options)} options")

    def fact(self, index: int, key: str, default: object = None) -> object:
        """One fact of one option (``default`` when the decision has no facts or not that key)."""
        return self.facts[index].get(key, default) if self.facts else default


class IllegalChoice(ValueError):
    """An answer that breaks the decision's rules; the reason says which."""


def validate(decision: Decision, answer: object) -> Answer:
    """``answer`` as the picked option numbers, or IllegalChoice saying why it is not a legal answer: an answer
    of the wrong type or shape (a string, a number, null, a mapping, a list holding anything but whole numbers)
    is refused like an out-of-range one, never a crash."""
    if isinstance(answer, (str, bytes, bytearray, Mapping)) or not isinstance(answer, (Sequence, range)):
        raise IllegalChoice(f"an answer is a list of option numbers, got {_shown(answer)}")
    picked = tuple(answer)
    wrong = [i for i in picked if isinstance(i, bool) or not isinstance(i, int)]
    if wrong:
        raise IllegalChoice(f"option numbers are whole numbers, got {_shown(wrong[0])} in {_shown(answer)}")
    if not decision.minimum <= len(picked) <= decision.maximum:
        raise IllegalChoice(f"pick between {decision.minimum} and {decision.maximum} option(s), got {len(picked)}")
    if any(not 0 <= i < len(decision.options) for i in picked):
        raise IllegalChoice(f"options are numbered 0 to {len(decision.options) - 1}")
    if len(set(picked)) != len(picked):
        raise IllegalChoice("an option may be picked once")
    return picked


def _shown(value: object, limit: int = 60) -> str:
    """A short description of a value an agent gave: its type and (at most ``limit`` characters of) its repr."""
    text = repr(value)
    text = text if len(text) <= limit else text[:limit] + "..."
    return f"{type(value).__name__} {text}"


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


def _int(value: object, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def card_value(facts: Mapping[str, object]) -> int:
    """A beginner's worth of a card (to keep in hand, to keep loaded): characters it can still place
    first (bigger ones higher), then supports, ability cards it can use, other ability cards, scenarios."""
    kind = str(facts.get("card_type", ""))
    value = 5 if facts.get("useful") else 0
    if kind.startswith("Personagem"):
        value += 2 if facts.get("duplicate") else 6 + _int(facts.get("initial_energy"))
    elif kind == "Suporte":
        value += 6
    elif kind == "Habilidade":
        value += 4
    else:
        value += 3
    return value


@dataclass
class HeuristicAgent:
    """A seeded, deterministic sensible beginner, reading the decisions' option facts.

    It places characters when it can (the biggest first), then supports, a scenario when the one in the
    scene is not its own, capacitates its characters, and in the combat steps uses the actions that
    harm an opponent's character, aiming at the character it can knock out (the biggest one) or else
    the one it hurts most; buffs go to its own characters. It declines optional steps marked harmful,
    keeps a hand with characters, discards and unloads its least useful cards, never renders or
    discards for nothing, and ends a phase when nothing useful is left. Decisions without facts (and
    ties) are answered by its seeded RNG among the legal options; ``fallbacks`` counts them by kind.
    """

    seed: int = 0
    max_characters: int = 3
    wants_facts: bool = True                   # the engine builds option facts for this agent
    rng: random.Random = field(init=False)
    fallbacks: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def decide(self, decision: Decision) -> Sequence[int]:
        handler = {
            "play": self._play, "target": self._target, "discard": self._lowest, "unload": self._unload,
            "cost": self._lowest, "load": self._highest, "search": self._highest, "evolve": self._highest,
            "resources": self._resources, "reveal": self._none, "order": self._as_given,
            "exchange": self._exchange, "first_player": self._first_player, "optional": self._optional,
            "x": self._x, "mode": self._mode,
        }.get(decision.kind)
        if not decision.facts or handler is None:
            self.fallbacks[decision.kind] = self.fallbacks.get(decision.kind, 0) + 1
            return self._random(decision)
        return handler(decision)

    # -- helpers ---------------------------------------------------------------------------------------
    def _random(self, d: Decision) -> list[int]:
        n = len(d.options)
        hi = min(d.maximum, n)
        count = self.rng.randint(min(d.minimum, hi), hi)
        return self.rng.sample(range(n), count)

    def _best(self, d: Decision, score: Callable[[int], float], count: int) -> list[int]:
        """The ``count`` best options by score, ties broken by the seeded RNG."""
        keyed = sorted(range(len(d.options)), key=lambda i: (-score(i), self.rng.random()))
        return keyed[:count]

    # -- the Preparation Phase and the combat steps -----------------------------------------------------
    def _play_score(self, d: Decision, i: int) -> float:
        kind = d.fact(i, "kind")
        if kind == "place":
            if str(d.fact(i, "card_type")) == "Suporte":
                return 40
            if _int(d.fact(i, "characters")) >= self.max_characters:
                return -1                      # each character feeds the opponent's countdown (6.2 A)
            return 50 + _int(d.fact(i, "initial_energy"))
        if kind == "extra_capacitate":
            return 35
        if kind == "scenario":
            return -5 if d.fact(i, "replaces_own") else 30
        if kind == "capacitate":
            return 20 if _int(d.fact(i, "hand"), 2) >= 2 else 8
        if kind == "action":
            if d.fact(i, "window") == "preparation":
                return -1                      # keep the character's one action for the Attack Step
            harm = d.fact(i, "harm")
            if harm is True:
                if _int(d.fact(i, "opponent_targets"), 1) == 0:
                    return -1                  # its only targets would be its own characters
                return 10 + _int(d.fact(i, "amount"))
            return 5 if harm is False else 1
        if kind == "activate":
            return 25 if d.fact(i, "harm") is True else 10
        if kind == "end":
            return 0
        return -10                             # discard, render: never for nothing

    def _play(self, d: Decision) -> list[int]:
        return self._best(d, lambda i: self._play_score(d, i), 1)

    def _target_score(self, d: Decision, i: int) -> float:
        harm = d.fact(i, "harm")
        mine = d.fact(i, "controller", d.fact(i, "player")) == d.player
        if harm is None:
            return 0
        if harm is False:
            return 10 if mine else -10
        if mine:
            return -10
        if d.fact(i, "kind") == "player":
            return 10
        damage = _int(d.fact(i, "amount")) - (0 if d.fact(i, "piercing") else _int(d.fact(i, "shield")))
        energy = _int(d.fact(i, "energy"), 1)
        if damage >= energy:
            return 30 + _int(d.fact(i, "initial_energy"))
        return 10 + max(0, damage)

    def _target(self, d: Decision) -> list[int]:
        return self._best(d, lambda i: self._target_score(d, i), min(d.maximum, len(d.options)))

    # -- cards -----------------------------------------------------------------------------------------
    def _lowest(self, d: Decision) -> list[int]:
        return self._best(d, lambda i: -card_value(d.facts[i]), d.minimum)

    def _highest(self, d: Decision) -> list[int]:
        return self._best(d, lambda i: card_value(d.facts[i]), d.minimum)

    def _unload(self, d: Decision) -> list[int]:
        """Its own cards: the least useful; an opponent's (the damage it causes, 4.8.1): the most useful."""
        theirs = d.fact(0, "owner", d.player) != d.player
        return self._highest(d) if theirs else self._lowest(d)

    def _none(self, d: Decision) -> list[int]:
        return list(range(d.minimum))

    def _as_given(self, d: Decision) -> list[int]:
        return list(range(d.minimum))

    def _resources(self, d: Decision) -> list[int]:
        """6.1: keep up to 3 characters, 2 ability cards, a scenario and a support (6 cards at most);
        the rest to the resources, and more if the cheapest kept character could not be placed."""
        limits = {"Personagem": 3, "Habilidade": 2, "Cenário": 1, "Suporte": 1}
        kept: list[int] = []
        put: list[int] = []
        for i in self._best(d, lambda i: card_value(d.facts[i]), len(d.options)):
            kind = str(d.fact(i, "card_type", "")).replace("Personagem-EV", "Personagem")
            if limits.get(kind, 0) > 0 and len(kept) < 6 and not d.fact(i, "duplicate"):
                limits[kind] -= 1
                kept.append(i)
            else:
                put.append(i)
        costs = [_int(d.fact(i, "initial_energy")) for i in kept
                 if str(d.fact(i, "card_type")).startswith("Personagem")]
        need = min(costs) if costs else 0
        others = [i for i in reversed(kept) if not str(d.fact(i, "card_type")).startswith("Personagem")]
        while len(put) + 1 < need and others:          # the Countdown Phase adds at least one
            put.append(others.pop(0))
        return sorted(put)[:d.maximum]

    # -- other choices ---------------------------------------------------------------------------------
    def _exchange(self, d: Decision) -> list[int]:
        kinds = [d.fact(i, "kind") for i in range(len(d.options))]
        if "reveal" in kinds and _int(d.fact(0, "characters"), 1) == 0:
            return [kinds.index("reveal")]
        return [kinds.index("keep")] if "keep" in kinds else [0]

    def _first_player(self, d: Decision) -> list[int]:
        kinds = [d.fact(i, "kind") for i in range(len(d.options))]
        return [kinds.index("start")] if "start" in kinds else [0]

    def _optional(self, d: Decision) -> list[int]:
        kinds = [d.fact(i, "kind") for i in range(len(d.options))]
        yes = kinds.index("yes") if "yes" in kinds else 0
        no = kinds.index("no") if "no" in kinds else 1 - yes
        return [no] if d.fact(yes, "harm") is True else [yes]

    def _x(self, d: Decision) -> list[int]:
        return self._best(d, lambda i: _int(d.fact(i, "value"), i), 1)

    def _mode(self, d: Decision) -> list[int]:
        return self._best(d, lambda i: 1 if d.fact(i, "harm") is True else 0, 1)


class FirstLegalAgent:
    """Always the first ``minimum`` options: deterministic and quick."""

    def decide(self, decision: Decision) -> Sequence[int]:
        return list(range(decision.minimum))


@dataclass
class InteractiveAgent:
    """A person at a terminal: prints the decision -- each option with its number, and what to type -- and reads
    the answer. ``help`` lists the commands; ``look CARD`` describes a card the player can see (its number or the
    start of its title), then the question is asked again. What a look shows is the game's: ``looker(match, player,
    query)`` (Battle Scenes': :mod:`cardscript.games.battle_scenes.runtime.looking`)."""

    read: Callable[[str], str] = field(default=lambda prompt: input(prompt))     # (input as it is when called)
    write: Callable[[str], Any] = print
    looker: Callable[[Any, int, str], str] | None = None

    def decide(self, decision: Decision) -> Sequence[int]:
        return self._ask(decision, None)

    def decide_in(self, match: Any, decision: Decision) -> Sequence[int]:
        looker = self.looker
        if match is None or looker is None:
            return self._ask(decision, None)
        return self._ask(decision, lambda query: looker(match, decision.player, query))

    def _ask(self, decision: Decision, looking: Callable[[str], str] | None) -> Sequence[int]:
        self.write(f"\n[player {decision.player}] {decision.prompt}")
        for i, option in enumerate(decision.options):
            self.write(f"  {i}: {option}")
        question = _what_to_type(decision)
        while True:
            text = self.read(question).strip()
            word, _, rest = text.partition(" ")
            if word.lower() in ("help", "?"):
                self.write(INTERACTIVE_HELP)
                continue
            if word.lower() == "look":
                self.write(looking(rest) if looking is not None and rest.strip() else
                           "look CARD: a card's number (12) or the start of its title (hulk)")
                continue
            try:
                return [int(t) for t in text.replace(",", " ").split()]
            except ValueError:
                return [-1]          # refused by validate() with its reason, and asked again


INTERACTIVE_HELP = """commands:
  a number, or numbers separated by spaces   answer with those options
  (nothing, just Enter)                      answer with no option, where none may be chosen
  look CARD                                  a card you can see: its number (12) or the start of its title (hulk)
  help                                       this list
(the trace shows what you may see: the opponent's hand, draws and deck are counts, rules 3)"""


def _what_to_type(d: Decision) -> str:
    """What the answer to ``d`` is, in words: how many options, their numbers."""
    last = len(d.options) - 1
    numbers = f"0-{last}" if last > 0 else "0"
    if d.minimum == d.maximum == 1:
        return f"choose one: type its number ({numbers}; help for more): "
    if d.minimum == d.maximum:
        return f"choose {d.minimum}: type their numbers separated by spaces ({numbers}; help for more): "
    if d.minimum == 0:
        return (f"choose up to {d.maximum}: their numbers separated by spaces, or just Enter for none "
                f"({numbers}; help for more): ")
    return f"choose {d.minimum} to {d.maximum}: their numbers separated by spaces ({numbers}; help for more): "
