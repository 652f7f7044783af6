"""Running a branch (docs/scenarios.md, Moves and Expectations): the board built (:mod:`board`), each move played
through the engine as a player would make it (:mod:`moves`: an action only when 4.6.2 C allows it, a card placed
only when 4.4.2.1 does, a pass runs the phases up to the next one a player acts in), every decision answered from
the file (:mod:`answers`), then each expectation compared with the engine's state and log (:mod:`expect`).

The verdicts: ``PASS``; ``FAIL`` (a move the engine refuses, or an expectation it does not meet: what was
expected, what the engine did instead); ``CANNOT`` (a card text the engine does not run -- ``unsupported``, a
procedure error -- was reached: the outcome does not tell the rule); ``ERROR`` (the file does not say enough:
a decision it does not answer, an answer no decision used). A branch with ``falha conhecida: <why>`` (a ruling
the engine does not meet yet) is ``XFAIL`` when it fails, ``XPASS`` when it passes (then the line must go).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardscript.core.source import SourceFile, Span
from cardscript.games.battle_scenes.runtime.game import GameOver
from cardscript.games.battle_scenes.runtime.trace import TraceWriter
from cardscript.games.battle_scenes.scenario import ast
from cardscript.games.battle_scenes.scenario.answers import BadAnswer, FileAgent, Unanswered, WrongPlayer
from cardscript.games.battle_scenes.scenario.board import build_board
from cardscript.games.battle_scenes.scenario.expect import Expectations, Finding
from cardscript.games.battle_scenes.scenario.moves import MoveFailed, Moves
from cardscript.games.battle_scenes.scenario.plan import Plan

PASS, FAIL, CANNOT, ERROR = "PASS", "FAIL", "CANNOT", "ERROR"
XFAIL, XPASS = "XFAIL", "XPASS"      # a known failure that fails, that passes (`falha conhecida:`)
GOOD = (PASS, XFAIL)
PLAYER = ast.PLAYERS


@dataclass
class BranchResult:
    name: str
    verdict: str
    span: Span
    findings: list[Finding] = field(default_factory=list)
    reason: str = ""                   # FAIL / ERROR / CANNOT: the first reason
    reason_span: Span | None = None
    trace: list[str] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)      # texts that do not run, reached (logged)
    in_play: list[str] = field(default_factory=list)          # texts that do not run, of cards in play


class Runner(Moves, Expectations):
    """One branch: its board, its moves, its expectations, its verdict."""

    def __init__(self, plan: Plan, source: SourceFile) -> None:
        self.plan = plan
        self.source = source
        self.agent = FileAgent()
        self.game = build_board(plan, [self.agent, self.agent])
        self.agent.game = self.game
        self.trace = TraceWriter(self.game.name)
        self.lines: list[str] = []
        self.fed = 0
        self.start_event = len(self.game.log.events)
        self.seen_in_play: set[int] = set(self.game.state.in_place())

    # -- the trace ---------------------------------------------------------------------------------------
    def feed(self) -> None:
        events = self.game.log.events
        while self.fed < len(events):
            self.lines.extend(self.trace.feed(events[self.fed]))
            self.fed += 1

    def unsupported_text(self, data: dict[str, Any]) -> str:
        """An ``unsupported`` / ``procedure_error`` event as a CANNOT names it: the card, its words, why."""
        source = data.get("source")
        card = self.game.cards[source].title + ": " if isinstance(source, int) and source in self.game.cards else ""
        text = " ".join(str(data.get("text") or data.get("effect") or "").split())
        why = data.get("why") or data.get("error") or ""
        return f"{card}\"{text}\"" + (f" ({why})" if why else "")

    def not_running(self, cards: list[int]) -> list[str]:
        """The permanent texts of these cards the engine does not run (CardDef.executable's parts): "Card: "words".
        An action that does not run matters only when used, and then it logs ``unsupported`` itself."""
        out: list[str] = []
        for c in cards:
            d = self.game.cards[c]
            for e in d.effects:
                if not e.executable:
                    out.append(f'{d.title}: "{" ".join((e.text or e.keyword or str(e.kind)).split())}"')
        return list(dict.fromkeys(out))

    # -- the whole branch --------------------------------------------------------------------------------------
    def run(self) -> BranchResult:
        plan = self.plan
        result = BranchResult(plan.name, PASS, plan.span)
        self.feed()                              # the board as the trace's turn header shows it
        self.lines = [f"  board: turn {plan.turn_number} of {PLAYER[plan.turn_player]}, {self.phase_name()}",
                      *(line for line in self.lines if line.startswith("  P"))]
        if self.game.state.scenario is not None:
            self.lines.insert(1, f"  scenario: {self.game.name(self.game.state.scenario)}")
        failed: tuple[str, Span] | None = None
        checked: list[Finding] = []                # the moves' own checks: `recusada`, `sem opção:`
        try:
            for pm in plan.moves:
                try:
                    refusal = self.play(pm)
                finally:
                    self.feed()
                    self.seen_in_play.update(self.game.state.in_place())
                if refusal is not None:
                    said = " ".join(self.source.text[pm.move.span.start:pm.move.span.end].split())
                    checked.append(Finding(pm.move.span, f"{said}: recusada", refusal[0], refusal[1]))
                    if not refusal[1]:
                        raise MoveFailed(f"the file says the engine refuses this move, but {refusal[0]}",
                                         pm.move.span)
        except WrongPlayer as exc:
            failed = (exc.message, exc.span or plan.span)
        except BadAnswer as exc:
            result.verdict, result.reason, result.reason_span = ERROR, exc.message, exc.span
        except Unanswered as exc:
            result.verdict, result.reason, result.reason_span = ERROR, exc.message, exc.span
        except MoveFailed as exc:
            failed = (exc.message, exc.span)
        except GameOver:
            self.feed()
        self.lines.extend(self.trace.finish() if hasattr(self.trace, "finish") else [])
        result.unsupported = [self.unsupported_text(e.data) for e in self.game.log.events[self.start_event:]
                              if e.kind in ("unsupported", "procedure_error")]
        checked += [Finding(span, " ".join(self.source.text[span.start:span.end].split()), said, ok)
                    for span, said, ok in self.agent.checks]
        checked.sort(key=lambda f: f.span.start)
        if result.verdict == PASS:
            if failed is None:
                result.findings = [*checked, *(self.expect(pe) for pe in plan.expectations)]
                bad = [f for f in result.findings if not f.ok]
                if bad:
                    result.verdict, result.reason, result.reason_span = FAIL, bad[0].actual, bad[0].span
            else:
                result.verdict, result.reason, result.reason_span = FAIL, failed[0], failed[1]
        self.seen_in_play.update(self.game.state.in_place())
        result.in_play = self.not_running(sorted(self.seen_in_play))
        if result.unsupported:                  # the text that does not run may be what would have asked / done it
            result.verdict = CANNOT
            result.reason = "a card text the engine does not run was reached: " + result.unsupported[0]
        elif result.verdict in (FAIL, ERROR) and result.in_play:
            result.verdict = CANNOT
            result.reason = (f"a card in play has text the engine does not run ({result.in_play[0]}); "
                             f"the engine: {result.reason}")
        if plan.known_failure and result.verdict == FAIL:
            result.verdict = XFAIL
            result.reason = f"known failure ({plan.known_failure}); the engine: {result.reason}"
        elif plan.known_failure and result.verdict == PASS:
            result.verdict = XPASS
            result.reason = "it passes now: remove its `falha conhecida:` line"
        result.trace = self.lines
        return result


def run_plan(plan: Plan, source: SourceFile) -> BranchResult:
    """One branch, start to verdict; an engine crash is an ERROR of that branch with its exception, never more."""
    try:
        return Runner(plan, source).run()
    except (Unanswered, MoveFailed) as exc:        # raised while building (never expected)
        return BranchResult(plan.name, ERROR, plan.span, reason=exc.message, reason_span=exc.span)
    except Exception as exc:  # noqa: BLE001 - one branch's crash must not stop the others
        return BranchResult(plan.name, ERROR, plan.span, reason=f"the engine failed: {type(exc).__name__}: {exc}")
