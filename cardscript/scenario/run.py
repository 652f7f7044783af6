"""Running a branch (docs/scenarios.md, Moves and Expectations): the board built (:mod:`board`), each move played
through the engine as a player would make it (an action only when 4.6.2 C allows it, a card placed only when
4.4.2.1 does, a pass runs the phases up to the next one a player acts in), every decision answered from the file
(:mod:`answers`), then each expectation compared with the engine's state and log.

The verdicts: ``PASS``; ``FAIL`` (a move the engine refuses, or an expectation it does not meet: what was
expected, what the engine did instead); ``CANNOT`` (a card text the engine does not run -- ``unsupported``, a
procedure error -- was reached: the outcome does not tell the rule); ``ERROR`` (the file does not say enough:
a decision it does not answer, an answer no decision used). A branch with ``falha conhecida: <why>`` (a ruling
the engine does not meet yet) is ``XFAIL`` when it fails, ``XPASS`` when it passes (then the line must go).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardscript.compiler.source import SourceFile, Span
from cardscript.compiler.vocabulary import fold_key
from cardscript.runtime import rules
from cardscript.runtime.actions import ActionUse, available_actions, legal_actions, use_action
from cardscript.runtime.game import GameOver
from cardscript.runtime.match import Match
from cardscript.runtime.shielding import shield
from cardscript.runtime.state import Zone
from cardscript.runtime.trace import TraceWriter
from cardscript.runtime.triggers import card_attr
from cardscript.scenario import ast
from cardscript.scenario.answers import BadAnswer, FileAgent, Unanswered, WrongPlayer, describe
from cardscript.scenario.board import build_board
from cardscript.scenario.cards import FILLER
from cardscript.scenario.plan import Plan, PlannedAnswer, PlannedExpectation, PlannedMove

PASS, FAIL, CANNOT, ERROR = "PASS", "FAIL", "CANNOT", "ERROR"
XFAIL, XPASS = "XFAIL", "XPASS"      # a known failure that fails, that passes (`falha conhecida:`)
GOOD = (PASS, XFAIL)
PLAYER = ast.PLAYERS


@dataclass
class Finding:
    """One line of a verdict: where in the file, what was expected, what the engine did."""

    span: Span
    expected: str
    actual: str
    ok: bool


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


class MoveFailed(Exception):
    """The engine refuses a move the file makes."""

    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.message, self.span = message, span


def window(game: Match, player: int) -> str | None:
    """The window ``player`` may act in now (4.6.2 C.5): ``preparation``, ``anticipation``, ``attack``."""
    s = game.state
    if s.phase == "preparation" and s.turn_player == player:
        return "preparation"
    if s.phase == "combat" and s.step == "anticipation" and s.turn_player != player:
        return "anticipation"
    if s.phase == "combat" and s.step == "attack" and s.turn_player == player:
        return "attack"
    return None


def _action_matches(game: Match, use: ActionUse, text: str) -> bool:
    want = fold_key(text)
    holder = game.cards[use.holder]
    return want in (fold_key(use.action.name), fold_key(holder.title), fold_key(holder.name))


def _where(game: Match, card: int) -> str:
    zone, host = game.state.location(card)
    owner = PLAYER[game.state.owner[card]]
    if zone is Zone.CARRIED and host is not None:
        return f"carried by {game.cards[host].title}"
    if zone in (Zone.SCENE, Zone.SCENARIO):
        return "in the scene" if zone is Zone.SCENE else "the scenario"
    if zone is Zone.DECK:
        deck = game.state.players[game.state.owner[card]].deck
        at = deck.index(card)
        return f"in {owner}'s deck ({'top' if at == 0 else 'bottom' if at == len(deck) - 1 else f'{at + 1}th'})"
    return f"in {owner}'s {zone}"


class Runner:
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

    # -- moves ---------------------------------------------------------------------------------------------
    def play(self, pm: PlannedMove) -> None:
        m = pm.move
        answers = list(pm.answers)
        if pm.targets:                                     # "usa X em Y": Y answers the target decision
            answers.insert(0, PlannedAnswer(ast.Answer("target", m.span), [("card", t) for t in pm.targets]))
        if m.kind == "discard" and pm.card is not None:    # "A descarta X": X answers "which card?"
            answers.insert(0, PlannedAnswer(ast.Answer("discard", m.span), [("card", pm.card)]))
        self.agent.start(answers, m.span)
        s = self.game.state
        self.game.log.add("play", 0, player=m.player if m.player is not None else s.active_player,
                          play=self.source.text[m.span.start:m.span.end], what=m.kind, card=pm.card)
        {"use": self.use, "place": self.place, "activate": self.activate, "pass": self.pass_,
         "capacitate": self.capacitate, "render": self.render, "discard": self.discard}[m.kind](pm)
        left = self.agent.leftovers()
        if left:
            a = left[0].answer
            raise Unanswered("this answer was never asked for: no decision of the move took it"
                             + ("" if not self.agent.asked else "; the move's decisions: "
                                + " | ".join(describe(d, self.game) for d in self.agent.asked[-3:])), a.span)

    def use(self, pm: PlannedMove) -> None:
        m, game = pm.move, self.game
        user = pm.card
        assert user is not None
        if user not in game.state.scene:
            raise MoveFailed(f"{game.cards[user].title} is not in the scene ({_where(game, user)})", m.span)
        player = game.state.scene[user].controller
        win = window(game, player)
        uses = [u for u in legal_actions(game.eng, player, win) if u.user == user] if win else []
        chosen = [u for u in uses if _action_matches(game, u, m.action)]
        if not chosen and m.no_requirements:
            chosen = [u for u in available_actions(game, game.state.scene[user]) if _action_matches(game, u, m.action)]
        if not chosen:
            named = [u for u in available_actions(game, game.state.scene[user]) if _action_matches(game, u, m.action)]
            if not named:
                have = ", ".join(f"`{u.action.name}`" for u in available_actions(game, game.state.scene[user]))
                raise MoveFailed(f"{game.cards[user].title} has no action {m.action!r} (its actions: "
                                 f"{have or 'none'})", m.action_span or m.span)
            from cardscript.scenario.why import why_not
            raise MoveFailed(f"the engine does not let {game.cards[user].title} use {m.action} now: "
                             f"{why_not(game, named[0], win)}", m.span)
        use_action(game.eng, chosen[0])

    def place(self, pm: PlannedMove) -> None:
        m, game = pm.move, self.game
        card = pm.card
        assert card is not None
        player = game.state.owner[card] if m.player is None else m.player
        me = game.state.players[player]
        from_resources = card in me.resources and rules.may_enter_from(game, card, "resources")
        if card not in me.hand and not from_resources:
            raise MoveFailed(f"{game.cards[card].title} is not in {PLAYER[player]}'s hand ({_where(game, card)})",
                             m.span)
        if game.state.phase != "preparation" or game.state.turn_player != player:
            raise MoveFailed(f"cards are placed in their player's Fase de Preparação (6.2 C.3); now: "
                             f"{self.phase_name()}", m.span)
        kind = str(card_attr(game, card, "card_type"))
        if kind == "Cenário":
            if me.scenario_placed_this_turn:
                raise MoveFailed("one scenario per turn (4.4.1)", m.span)
            game.eng.place_scenario(player, card)
        else:
            if not game.eng.can_place(player, card):
                raise MoveFailed(f"the engine does not let {PLAYER[player]} place {game.cards[card].title} "
                                 "(4.4.2.1: enough cards in the resources, alter ego / name not already in the scene)",
                                 m.span)
            game.eng.place(player, card)
        game.eng.tree.resolve()

    def activate(self, pm: PlannedMove) -> None:
        m, game = pm.move, self.game
        card = pm.card
        assert card is not None
        player = m.player if m.player is not None else game.state.active_player
        win = window(game, player) or "preparation"
        found = [a for a in game.eng.activatable(player, win) if a[0] == card
                 and (not m.action or fold_key(m.action) in fold_key(a[2].text or a[2].keyword))]
        if not found:
            raise MoveFailed(f"the engine offers no effect of {game.cards[card].title} to activate for "
                             f"{PLAYER[player]} now (5.1; {self.phase_name()})", m.span)
        game.eng.activate(player, *found[0])

    def capacitate(self, pm: PlannedMove) -> None:
        m, game = pm.move, self.game
        card = pm.card
        assert card is not None
        base = game.state.scene.get(card)
        if base is None:
            raise MoveFailed(f"{game.cards[card].title} is not in the scene", m.span)
        player = base.controller
        plays = [p for p in game.eng.preparation_plays(player) if p.facts.get("kind") == "capacitate"
                 and p.facts.get("card") == card] if window(game, player) == "preparation" else []
        if not plays:
            raise MoveFailed(f"the engine does not offer the basic capacitation of {game.cards[card].title} now "
                             "(6.2 C.1: its controller's Fase de Preparação, a card in hand, once a turn, stage < 2)",
                             m.span)
        game.eng.basic_capacitation(player, base)
        game.eng.tree.resolve()

    def preparation_play(self, pm: PlannedMove, kind: str, what: str) -> Any:
        """The Fase de Preparação play of ``kind`` on the move's card the engine offers now (6.2 C), or a FAIL."""
        m, game = pm.move, self.game
        card = pm.card
        assert card is not None
        player = game.state.owner[card] if m.player is None else m.player
        if card in game.state.scene:
            player = game.state.scene[card].controller
        plays = [p for p in game.eng.preparation_plays(player) if p.facts.get("kind") == kind
                 and (p.facts.get("card") in (card, None))] if window(game, player) == "preparation" else []
        if not plays:
            raise MoveFailed(f"the engine does not offer {what} now ({self.phase_name()})", m.span)
        return plays[0]

    def render(self, pm: PlannedMove) -> None:
        """6.2 C.5: knock out a character controlled since the start of the turn, then draw a card."""
        assert pm.card is not None
        play = self.preparation_play(pm, "render", f"to render {self.game.cards[pm.card].title} (6.2 C.5: its "
                                     "controller's Fase de Preparação, in the scene since the start of the turn)")
        play.do()
        self.game.eng.tree.resolve()

    def discard(self, pm: PlannedMove) -> None:
        """6.2 C.4: discard a card from the hand (the move's card answers the engine's "which card?")."""
        assert pm.card is not None
        if self.game.state.location(pm.card)[0] is not Zone.HAND:
            raise MoveFailed(f"{self.game.cards[pm.card].title} is not in a hand ({_where(self.game, pm.card)})",
                             pm.move.span)
        play = self.preparation_play(pm, "discard", "a discard (6.2 C.4: its player's Fase de Preparação)")
        play.do()
        self.game.eng.tree.resolve()

    def phase_name(self) -> str:
        s = self.game.state
        from cardscript.runtime.trace import PHASE_NAMES
        where = PHASE_NAMES.get(s.step or s.phase, s.step or s.phase)
        return f"{where} of {PLAYER[s.turn_player]}'s turn"

    def pass_(self, pm: PlannedMove) -> None:
        """The active player ends the phase or step (6.2): the phases where no player acts (Contagem Regressiva,
        Compra, Ajuste, the Final do Turno and the next turn's start) are played, up to the next phase or step
        where a player acts: the Fase de Preparação, the Etapa de Antecipação, the Etapa de Ataque."""
        m, game, eng = pm.move, self.game, self.game.eng
        s = game.state
        if m.player is not None and m.player != s.active_player:
            raise MoveFailed(f"{PLAYER[s.active_player]} acts now ({self.phase_name()}), not {PLAYER[m.player]}",
                             m.span)
        mark = eng._mark                                              # noqa: SLF001 - the turn loop's own marker
        player = s.turn_player
        if s.phase == "combat":
            if s.step == "anticipation":
                mark("phase_end", "combat", "anticipation")
                s.step, s.active_player = "attack", player
                mark("phase_start", "combat", "attack")
                return
            if s.step == "attack":
                mark("phase_end", "combat", "attack")
            s.step = ""
            s.active_player = player
            mark("phase_end", "combat")
            self.next_turn()
            return
        order = ["turn", "countdown", "draw", "preparation", "adjustment"]
        body: dict[str, Callable[[int], None]] = {"countdown": eng.countdown, "draw": eng.draw_phase,
                                                  "adjustment": eng.adjustment}
        at = order.index(s.phase) if s.phase in order else len(order)
        if s.phase == "end":
            self.next_turn()
            return
        if s.phase in body:                       # the board is at the start of a phase no player acts in
            body[s.phase](player)
        if s.phase != "turn":                     # the turn's own end is the Final do Turno
            mark("phase_end", s.phase)
        for phase in order[at + 1:]:
            s.phase, s.step = phase, ""
            mark("phase_start", phase)
            if phase == "preparation":
                return
            body[phase](player)
            s.phase = phase
            mark("phase_end", phase)
        s.phase, s.step = "combat", ""
        mark("phase_start", "combat")
        s.step, s.active_player = "anticipation", 1 - player
        mark("phase_start", "combat", "anticipation")

    def next_turn(self) -> None:
        """Final do Turno (6.2), then the next player's turn up to its Fase de Preparação."""
        game, eng, s = self.game, self.game.eng, self.game.state
        player = s.turn_player
        s.phase, s.step = "end", ""
        eng._mark("phase_end", "turn")                                # noqa: SLF001
        eng.end_of_turn()
        eng.first_turn_done = True
        game.log.add("turn_over", 0, turn=s.turn, player=player)
        s.turn += 1
        s.turn_player = s.active_player = 1 - player
        s.phase = "turn"
        game.log.add("status", 0, turn=s.turn, player=s.turn_player, players=eng.status())
        eng._mark("phase_start", "turn")                              # noqa: SLF001
        self.pass_(PlannedMove(ast.Move("pass", Span(0, 0))))

    # -- expectations ----------------------------------------------------------------------------------------
    def calculations(self, card: int) -> list[dict[str, Any]]:
        return [e.data for e in self.game.log.events[self.start_event:]
                if e.kind == "damage_calculation" and e.data.get("card") == card]

    def expect(self, pe: PlannedExpectation) -> Finding:
        e, game, s = pe.expectation, self.game, self.game.state
        card = pe.card
        title = game.cards[card].title if card is not None else ""
        text = " ".join(self.source.text[e.span.start:e.span.end].split())

        def found(actual: str, ok: bool) -> Finding:
            return Finding(e.span, text, actual, ok)

        k = e.kind
        if k == "damage":
            assert card is not None
            got = sum(int(c.get("amount", 0)) for c in self.calculations(card) if c.get("causes_damage"))
            return found(f"damage to {title}: {got}", got == e.number)
        if k == "calculation":
            assert card is not None
            calcs = self.calculations(card)
            if not calcs:
                return found(f"no damage calculation for {title}", False)
            stages = [(str(st[0]), int(st[2])) for st in calcs[-1]["stages"]]
            it = iter(stages)
            ok = all(any(x == want for x in it) for want in e.stages)
            shown = ", ".join(f"{'total' if a == '=' else a} {b}" for a, b in stages)
            return found(f"the calculation for {title}: {shown}", ok)
        if k in ("stage_of", "energy_of", "shield_of"):
            assert card is not None
            if card not in s.scene:
                return found(f"{title} is not in the scene ({_where(game, card)})", False)
            base = s.scene[card]
            got = {"stage_of": base.stage, "energy_of": base.energy, "shield_of": shield(game, card)}[k]
            what = {"stage_of": "stage", "energy_of": "energy", "shield_of": "shield"}[k]
            return found(f"{what} of {title}: {got}", got == e.number)
        if k == "carries":
            assert card is not None
            if card not in s.scene:
                return found(f"{title} is not in the scene ({_where(game, card)})", False)
            carried = s.scene[card].carried
            shape = ["card" if game.cards[c] is FILLER else f"#{c}" for c in carried]
            want: list[str] = []
            for kind, value in pe.things:
                want += ["card"] * int(value) if kind == "fillers" else [f"#{value}"]    # type: ignore[call-overload]
            return found(f"{title} carries: {self.things_text(carried)}", shape == want)
        if k == "where":
            assert card is not None and e.location is not None
            return found(f"{title} is {_where(game, card)}", self.is_at(card, e.location, pe.carrier))
        if k in ("can_use", "cannot_use"):
            assert card is not None
            if card not in s.scene:
                return found(f"{title} is not in the scene ({_where(game, card)})", k == "cannot_use")
            player = s.scene[card].controller
            win = window(game, player)
            uses = [u for u in legal_actions(game.eng, player, win) if u.user == card] if win else []
            can = any(_action_matches(game, u, e.action) for u in uses)
            now = ", ".join(u.action.name for u in uses) or "no action"
            return found(f"{title} {'can' if can else 'cannot'} use {e.action} now (it can use: {now})",
                         can == (k == "can_use"))
        if k in ("can_activate", "cannot_activate"):
            assert card is not None and e.player is not None
            win = window(game, e.player) or "preparation"
            can = any(a[0] == card for a in game.eng.activatable(e.player, win))
            return found(f"{PLAYER[e.player]} {'can' if can else 'cannot'} activate {title} now",
                         can == (k == "can_activate"))
        if k in ("can_place", "cannot_place"):
            assert card is not None and e.player is not None
            can = self.can_place(e.player, card)
            return found(f"{PLAYER[e.player]} {'can' if can else 'cannot'} place {title} now",
                         can == (k == "can_place"))
        if k == "points":
            assert e.player is not None
            got = game.prize_points(e.player)
            return found(f"points of {PLAYER[e.player]}: {got}", got == e.number)
        if k == "winner":
            winner = "none" if s.winner is None else PLAYER[s.winner]
            want_w = "none" if e.player is None else PLAYER[e.player]
            return found(f"winner: {winner}" + (f" ({s.end_reason})" if s.end_reason else ""), winner == want_w)
        if k == "count":
            assert e.player is not None
            pile = s.players[e.player].pile(Zone(e.zone if e.zone not in ("deck_top", "deck_bottom") else "deck"))
            return found(f"{e.zone} of {PLAYER[e.player]}: {len(pile)} cards", len(pile) == e.number)
        return found(f"unknown expectation {k}", False)

    def things_text(self, cards: list[int]) -> str:
        out: list[str] = []
        run = 0
        for c in cards:
            if self.game.cards[c] is FILLER:
                run += 1
                continue
            if run:
                out.append(f"{run} cards")
                run = 0
            out.append(self.game.cards[c].title)
        if run:
            out.append(f"{run} cards")
        return ", ".join(out) or "nothing"

    def is_at(self, card: int, loc: ast.Location, carrier: int | None) -> bool:
        s = self.game.state
        zone, host = s.location(card)
        owner = s.owner[card]
        if loc.owner is not None and loc.owner != owner and loc.zone not in ("scene", "scenario", "carried"):
            return False
        if loc.zone == "scene":
            return zone is Zone.SCENE
        if loc.zone == "scenario":
            return zone is Zone.SCENARIO
        if loc.zone == "carried":
            return zone is Zone.CARRIED and host == carrier
        if loc.zone in ("deck_top", "deck_bottom"):
            deck = s.players[owner].deck
            return zone is Zone.DECK and deck.index(card) == (0 if loc.zone == "deck_top" else len(deck) - 1)
        return str(zone) == loc.zone

    def can_place(self, player: int, card: int) -> bool:
        game, s = self.game, self.game.state
        me = s.players[player]
        if s.phase != "preparation" or s.turn_player != player or not self.game.eng.tree.empty():
            return False
        if card not in me.hand and not (card in me.resources and rules.may_enter_from(game, card, "resources")):
            return False
        if str(card_attr(game, card, "card_type")) == "Cenário":
            return not me.scenario_placed_this_turn
        return bool(game.eng.can_place(player, card))

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
        try:
            for pm in plan.moves:
                try:
                    self.play(pm)
                finally:
                    self.feed()
                    self.seen_in_play.update(self.game.state.in_place())
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
        if result.verdict == PASS:
            if failed is None:
                result.findings = [self.expect(pe) for pe in plan.expectations]
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
