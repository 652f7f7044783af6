"""The moves of a scenario (docs/scenarios.md, The moves), played through the engine as a player makes them:
an action only when 4.6.2 C allows it (``legal_actions``, then ``use_action``), a card placed only when 4.4.2.1
does (``can_place``, ``place``), the Preparation Phase's plays as the engine offers them (6.2 C), an activated
effect as 5.1 offers it, and a pass through the turn loop's phases (6.2). A move the engine refuses raises
:class:`MoveFailed` with the reason (a FAIL)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardscript.compiler.vocabulary import fold_key
from cardscript.core.source import SourceFile, Span
from cardscript.games.battle_scenes.runtime import queries, rules
from cardscript.games.battle_scenes.runtime.actions import ActionUse, available_actions, legal_actions, use_action
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.state import Zone
from cardscript.games.battle_scenes.runtime.triggers import card_attr
from cardscript.games.battle_scenes.scenario import ast
from cardscript.games.battle_scenes.scenario.answers import FileAgent, Unanswered, describe
from cardscript.games.battle_scenes.scenario.plan import PlannedAnswer, PlannedMove

PLAYER = ast.PLAYERS


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


def action_matches(game: Match, use: ActionUse, text: str) -> bool:
    want = fold_key(text)
    holder = game.cards[use.holder]
    return want in (fold_key(use.action.name), fold_key(holder.title), fold_key(holder.name))


def where(game: Match, card: int) -> str:
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



class Moves:
    """The moves of a branch on its game; ``agent`` answers the decisions they raise."""

    game: Match
    agent: FileAgent
    source: SourceFile
    turn_started: bool = False        # a board set at `início do turno`: its start triggers fire at the first `passa`

    # -- moves ---------------------------------------------------------------------------------------------
    def play(self, pm: PlannedMove) -> tuple[str, bool] | None:
        """Play one move. A move the file says the engine must refuse (`recusada`) is checked, not played: the
        engine's answer (what it says, whether it refused) is returned; any other move returns None."""
        if any(a.answer.kind == "refused" for a in pm.answers):
            return self.refusal(pm)
        m = pm.move
        answers = list(pm.answers)
        if pm.target_values:                               # "usa X em Y": Y answers the target decision
            answers.insert(0, PlannedAnswer(ast.Answer("target", m.span), list(pm.target_values)))
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
        return None

    def refusal(self, pm: PlannedMove) -> tuple[str, bool]:
        """`recusada`: whether the engine refuses the move now. An action is asked without being used (4.6.2 C-F,
        and each target the move names a legal target); another move is tried, and refused if the engine says no."""
        m, game = pm.move, self.game
        self.agent.start([], m.span)
        if m.kind == "use":
            game.log.add("play", 0, player=game.state.active_player, what="use (must be refused)", card=pm.card,
                         play=self.source.text[m.span.start:m.span.end] + " -- recusada?")
            try:
                use = self.legal_use(pm)
            except MoveFailed as exc:
                return f"the engine refuses it: {exc.message}", True
            if pm.targets:
                bad = [t for t in pm.targets if t not in use.candidates]
                if bad:
                    return (f"the engine refuses it: {', '.join(game.cards[t].title for t in bad)} is not a legal "
                            f"target of {use.action.name} now (4.6.2 F)"), True
            return f"the engine lets {game.cards[use.user].title} use {use.action.name} now", False
        try:
            self.play(PlannedMove(m, pm.card, pm.targets, pm.target_values, []))
        except MoveFailed as exc:
            return f"the engine refuses it: {exc.message}", True
        except Unanswered:
            pass                                       # it was made, and asked something: not refused
        return "the engine makes the move", False

    def legal_use(self, pm: PlannedMove) -> ActionUse:
        """The use of the move's action the engine allows now (4.6.2 C-F), or MoveFailed saying why not; with
        targets named, one whose candidates hold them, if any."""
        m, game = pm.move, self.game
        user = pm.card
        assert user is not None
        if user not in game.state.scene:
            raise MoveFailed(f"{game.cards[user].title} is not in the scene ({where(game, user)})", m.span)
        player = game.state.scene[user].controller
        win = window(game, player)
        uses = [u for u in legal_actions(game.eng, player, win) if u.user == user] if win else []
        chosen = [u for u in uses if action_matches(game, u, m.action)]
        if not chosen and m.no_requirements:
            chosen = [u for u in available_actions(game, game.state.scene[user]) if action_matches(game, u, m.action)]
        if not chosen:
            named = [u for u in available_actions(game, game.state.scene[user]) if action_matches(game, u, m.action)]
            if not named:
                have = ", ".join(f"`{u.action.name}`" for u in available_actions(game, game.state.scene[user]))
                raise MoveFailed(f"{game.cards[user].title} has no action {m.action!r} (its actions: "
                                 f"{have or 'none'})", m.action_span or m.span)
            from cardscript.games.battle_scenes.scenario.why import why_not
            raise MoveFailed(f"the engine does not let {game.cards[user].title} use {m.action} now: "
                             f"{why_not(game, named[0], win)}", m.span)
        fits = [u for u in chosen if all(t in u.candidates for t in pm.targets)]
        return (fits or chosen)[0]

    def use(self, pm: PlannedMove) -> None:
        use_action(self.game.eng, self.legal_use(pm))

    def place(self, pm: PlannedMove) -> None:
        m, game = pm.move, self.game
        card = pm.card
        assert card is not None
        player = game.state.owner[card] if m.player is None else m.player
        me = game.state.players[player]
        from_resources = card in me.resources and rules.may_enter_from(game, card, "resources")
        if card not in me.hand and not from_resources:
            raise MoveFailed(f"{game.cards[card].title} is not in {PLAYER[player]}'s hand ({where(game, card)})",
                             m.span)
        if game.state.phase != "preparation" or game.state.turn_player != player:
            raise MoveFailed(f"cards are placed in their player's Fase de Preparação (6.2 C.3); now: "
                             f"{self.phase_name()}", m.span)
        kind = str(card_attr(game, card, "card_type"))
        if kind not in ("Cenário", "Personagem", "Personagem-EV", "Suporte"):
            raise MoveFailed(f"{game.cards[card].title} is a {kind} card: characters, supports and scenarios are "
                             "placed (6.2 C.3); an ability card is loaded", m.span)
        if kind == "Cenário":
            if me.scenario_placed_this_turn:
                raise MoveFailed("one scenario per turn (4.4.1)", m.span)
            if queries.put_in_scene_prevented(game, player, card):
                raise MoveFailed(f"an effect does not let {game.cards[card].title} enter the scene (golden rule B)",
                                 m.span)
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
            raise MoveFailed(f"{self.game.cards[pm.card].title} is not in a hand ({where(self.game, pm.card)})",
                             pm.move.span)
        play = self.preparation_play(pm, "discard", "a discard (6.2 C.4: its player's Fase de Preparação)")
        play.do()
        self.game.eng.tree.resolve()

    def phase_name(self) -> str:
        s = self.game.state
        from cardscript.games.battle_scenes.runtime.trace import PHASE_NAMES
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
        if s.phase == "turn" and not getattr(self, "turn_started", False):
            self.turn_started = True                  # a board at the turn's start: its triggers fire now (6.2)
            mark("phase_start", "turn")
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
        self.turn_started = True
        eng._mark("phase_start", "turn")                              # noqa: SLF001
        self.pass_(PlannedMove(ast.Move("pass", Span(0, 0))))
