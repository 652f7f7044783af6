"""The agent of a scenario (principle 8): it answers the engine's decisions from the file, by name.

Each move's answers (and its targets, "usa X em Y") are offered to the decisions the move raises, in order: a
decision takes the first unused answer of its kind (``escolhe`` fits any kind) whose player, if named, is the
deciding player. An answer with several values serves a decision picking several options at once, or successive
decisions of one pick each (the Effects Tree's "which pending effect resolves now?", a distribution point by point).

A decision with one legal answer only (a single option to pick, or all options to pick without an order) needs no
answer, nor one among cards without text only (``N cards``: which of them is the same). Any other decision the
file does not answer stops the branch with :class:`Unanswered` -- naming the decision, its legal answers and the
word that answers it --, never a silent default; an answer that fits no option stops it with :class:`BadAnswer`;
an answer for the other player, when the engine asks this one, with :class:`WrongPlayer` (the rules disagree
with the file about who decides: a FAIL).
Both are BaseExceptions so that the engine's procedure guard (which logs an ``Exception`` as a procedure error and
goes on) lets them through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardscript.compiler.vocabulary import fold_key
from cardscript.core.source import Span
from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.scenario import ast
from cardscript.games.battle_scenes.scenario.cards import FILLER
from cardscript.games.battle_scenes.scenario.plan import PlannedAnswer
from cardscript.games.battle_scenes.scenario.vocabulary import KEYWORDS

# the answer keyword -> the decision kinds it answers ("" = any)
ANSWERS: dict[str, tuple[str, ...]] = {
    "target": ("target",), "redirect": ("redirect",), "no_redirect": ("redirect",), "order": ("order",),
    "unload": ("unload",), "discard": ("discard",), "load": ("load",), "mode": ("mode",), "x": ("x",),
    "yes": ("optional",), "no": ("optional",), "distribute": ("distribute",), "choose": ("",),
    "refused": ("-",), "absent": ("-",),          # no decision: the move's refusal, an option not offered
}
# a decision kind -> the answer keyword to name in a message
KEYWORD_OF = {"target": "A_TARGET", "redirect": "A_REDIRECT", "order": "A_ORDER", "unload": "A_UNLOAD",
              "discard": "A_DISCARD", "load": "A_LOAD", "mode": "A_MODE", "x": "A_X", "optional": "A_YES",
              "distribute": "A_DISTRIBUTE"}


def answer_word(kind: str) -> str:
    key = KEYWORD_OF.get(kind, "A_CHOOSE")
    word: str = KEYWORDS[key][0]
    if kind == "optional":
        return "`sim` / `não`"
    if kind == "x":
        return "`X = <número>`"
    return f"`{word}: ...`"


def describe(decision: Decision, game: Game) -> str:
    """A decision as a message names it: who, what, the legal answers."""
    who = ast.PLAYERS[decision.player]
    count = (f"{decision.minimum}" if decision.minimum == decision.maximum
             else f"{decision.minimum} to {decision.maximum}")
    shown = [_label(game, o) for o in decision.options]
    order = ", in order" if decision.ordered else ""
    return (f"player {who} must answer {decision.kind!r} ({decision.prompt}): pick {count}{order} of "
            + "; ".join(f"`{o}`" for o in shown))


def _label(game: Game, option: str) -> str:
    """An option label as the file would name it: a card id as its title."""
    if option.isdigit() and int(option) in game.cards:
        return str(game.cards[int(option)].title)
    head, sep, tail = option.rpartition("#")
    if sep and tail.isdigit():
        return head
    return option


class Unanswered(BaseException):  # noqa: N818 - a stop, not an error of the program
    """A decision the file does not answer (the branch stops: docs/scenarios.md, Answers)."""

    def __init__(self, message: str, span: Span | None) -> None:
        super().__init__(message)
        self.message, self.span = message, span


class BadAnswer(Unanswered):
    """An answer of the file that fits no legal option of the decision it was given to."""


class WrongPlayer(Unanswered):
    """The file answers a decision for one player and the engine asks the other: the rules disagree with the
    file about who decides (a FAIL, not a mistake of the file)."""


@dataclass
class _Open:
    planned: PlannedAnswer
    values: list[object]
    used: bool = False


@dataclass
class FileAgent:
    """Answers both players' decisions from the current move's answers (:meth:`start`)."""

    game: Game | None = None
    open: list[_Open] = field(default_factory=list)
    move_span: Span | None = None
    asked: list[Decision] = field(default_factory=list)
    checks: list[tuple[Span, str, bool]] = field(default_factory=list)    # "sem opção:": where, what, ok

    def start(self, answers: Sequence[PlannedAnswer], span: Span) -> None:
        self.open = [_Open(a, self._values(a)) for a in answers]
        self.move_span = span
        self.asked = []                                          # this move's decisions

    @staticmethod
    def _values(a: PlannedAnswer) -> list[object]:
        if a.shares:
            return [("card", card) for n, card in a.shares for _ in range(n)]
        return list(a.values)

    def leftovers(self) -> list[PlannedAnswer]:
        """The answers the move's decisions did not use up."""
        return [o.planned for o in self.open if not o.used or o.values]

    def decide(self, decision: Decision) -> Sequence[int]:
        assert self.game is not None
        self.asked.append(decision)
        n = len(decision.options)
        for o in self.open:
            if (o.planned.answer.kind == "absent" and not o.used
                    and o.planned.answer.player in (None, decision.player)):
                self._absent(o, decision)                  # checks this decision; another answer answers it
        for o in self.open:
            kinds = ANSWERS[o.planned.answer.kind]
            if o.used and not o.values:
                continue
            if o.planned.answer.player is not None and o.planned.answer.player != decision.player:
                continue
            if kinds != ("",) and decision.kind not in kinds:
                continue
            if kinds == ("",) and not self._fits(o.values[0] if o.values else None, decision):
                continue                                   # `escolhe:` waits for a decision its values name
            return self._apply(o, decision)
        other = next((o for o in self.open if (not o.used or o.values) and o.planned.answer.player is not None
                      and o.planned.answer.player != decision.player
                      and decision.kind in ANSWERS[o.planned.answer.kind]), None)
        if other is not None:                                    # the file says another player decides it
            who = ast.PLAYERS[other.planned.answer.player]       # type: ignore[index]
            raise WrongPlayer(f"the file has player {who} answer {decision.kind!r}, but the engine asks player "
                              f"{ast.PLAYERS[decision.player]}: {describe(decision, self.game)}",
                              other.planned.answer.span)
        if n == 0 or (decision.minimum == decision.maximum == n and (not decision.ordered or n == 1)):
            return list(range(decision.minimum))                 # one legal answer only
        if n == 1 and decision.minimum >= 1:
            return [0]
        if all(self._is_filler(o) for o in decision.options) and decision.minimum == decision.maximum:
            return list(range(decision.minimum))                 # cards without text: any is the same
        raise Unanswered(f"no answer in the file: {describe(decision, self.game)}; answer it under the move with "
                         f"{answer_word(decision.kind)}", self.move_span)

    # -- one answer, one decision ----------------------------------------------------------------------------
    def _absent(self, o: _Open, decision: Decision) -> None:
        """"sem opção: X": the first decision asked (of that player, if named) must not offer X."""
        assert self.game is not None
        o.used = True
        offered = [self._shown(v) for v in o.values if self._fits(v, decision)]
        o.values = []
        what = f"{ast.PLAYERS[decision.player]}'s decision {decision.kind!r} ({decision.prompt})"
        shown = "; ".join(f"`{_label(self.game, x)}`" for x in decision.options) or "no option"
        self.checks.append((o.planned.answer.span, (f"{what} offers {', '.join(offered)}" if offered
                                                     else f"{what} does not offer it") + f" (its options: {shown})",
                            not offered))

    def _fits(self, value: object, decision: Decision) -> bool:
        """Whether a value names an option of the decision (a card, cards without text, a number, words)."""
        if value is None:
            return True
        if isinstance(value, tuple) and value[0] == "fillers":
            return any(self._is_filler(lab) for lab in decision.options)
        return self._option(decision, value, []) is not None

    def _apply(self, o: _Open, decision: Decision) -> list[int]:
        assert self.game is not None
        kind = o.planned.answer.kind
        o.used = True
        span = o.planned.answer.span
        labels = [fold_key(o_) for o_ in decision.options]
        if kind in ("yes", "no", "no_redirect"):
            wanted = ("yes", "sim") if kind == "yes" else ("no", "nao", "decline")
            found = [i for i, lab in enumerate(labels) if lab in wanted]
            if not found:
                raise BadAnswer(f"`{kind}` does not answer this decision: {describe(decision, self.game)}", span)
            return [found[0]]
        if kind == "x":
            value = o.values.pop(0) if o.values else None
            found = [i for i, lab in enumerate(decision.options) if lab == str(value)]
            if not found:
                raise BadAnswer(f"X = {value} is not a legal choice: {describe(decision, self.game)}", span)
            return found
        want = decision.maximum if decision.minimum == decision.maximum else None
        picked: list[int] = []
        fixed_order = kind == "order" and o.planned.answer.first and decision.ordered
        while o.values and (want is None or len(picked) < want) and len(picked) < decision.maximum:
            value = o.values[0]
            if isinstance(value, tuple) and value[0] == "fillers":
                count = int(value[1])
                fillers = [i for i, lab in enumerate(decision.options) if i not in picked and self._is_filler(lab)]
                take = min(count, len(fillers), (want or decision.maximum) - len(picked))
                if take == 0:
                    raise BadAnswer(f"no card without text to pick: {describe(decision, self.game)}", span)
                picked += fillers[:take]
                if take == count:
                    o.values.pop(0)
                else:
                    o.values[0] = ("fillers", count - take)
                continue
            o.values.pop(0)
            i = self._option(decision, value, picked)
            if i is None:
                raise BadAnswer(f"{self._shown(value)} is not among the options: {describe(decision, self.game)}",
                                span)
            picked.append(i)
        if fixed_order and len(picked) < decision.maximum:
            rest = [i for i in range(len(decision.options)) if i not in picked]
            if len(rest) > 1:
                raise BadAnswer(f"`primeiro` leaves {len(rest)} effects unordered: {describe(decision, self.game)}",
                                span)
            picked += rest
        if len(picked) < decision.minimum:
            raise BadAnswer(f"{len(picked)} value(s) given, {decision.minimum} needed: "
                            f"{describe(decision, self.game)}", span)
        return picked

    def _is_filler(self, label: str) -> bool:
        assert self.game is not None
        if label.isdigit():
            return self.game.cards.get(int(label)) is FILLER
        return label.startswith(f"{FILLER.title}#")

    def _shown(self, value: object) -> str:
        assert self.game is not None
        if isinstance(value, tuple) and value[0] == "card":
            return f"`{self.game.cards[int(value[1])].title}`"
        if isinstance(value, tuple) and value[0] == "player":
            return f"`jogador {ast.PLAYERS[int(value[1])]}`"
        return f"`{value}`"

    def _option(self, decision: Decision, value: object, picked: list[int]) -> int | None:
        """The option a value names: a card by its id or title, a number, a word (the option starting with it)."""
        assert self.game is not None
        free = [i for i in range(len(decision.options)) if i not in picked]
        if isinstance(value, tuple) and value[0] == "card":
            card = value[1]
            if card is None:
                return None
            name, title = self.game.name(card), fold_key(self.game.cards[card].title)
            for i in free:
                if decision.options[i] in (name, str(card)) or (decision.facts and decision.fact(i, "card") == card):
                    return i
            for i in free:
                if fold_key(decision.options[i].rpartition("#")[0] or decision.options[i]) == title:
                    return i
            word = re.compile(rf"(?<![\w-]){re.escape(title)}(?![\w-])")
            for i in free:
                if word.search(fold_key(decision.options[i])):
                    return i
            return None
        if isinstance(value, tuple) and value[0] == "player":     # a player target: the option whose facts say so
            return next((i for i in free if (decision.fact(i, "kind") == "player"
                                             and decision.fact(i, "player") == value[1])
                         or fold_key(decision.options[i]) == f"player {value[1]}"), None)
        text = fold_key(str(value))
        for i in free:
            if fold_key(decision.options[i]) == text:
                return i
        if isinstance(value, int) and 1 <= value <= len(decision.options) and value - 1 in free:
            return value - 1                                     # the n-th option, counting from 1
        for i in free:
            if fold_key(decision.options[i]).startswith(text) or text in fold_key(decision.options[i]):
                return i
        return None
