"""The turn (rules 6.2) and the engine that ties the Game, the Effects Tree and the triggers together.

:class:`Engine` owns the :class:`~cardscript.engine.tree.EffectsTree` and the
:class:`~cardscript.games.battle_scenes.runtime.triggers.Triggers` of a Game and plays turns (:meth:`Engine.play_turn`):

* Início do Turno: ``phase_start`` for ``turn`` (start-of-turn triggers) -- every phase and step below
  emits ``phase_start`` / ``phase_end`` (with ``phase``, ``step``, ``player``) and resolves what they
  trigger, as 6.2 lists "Desencadeamento e resolução dos efeitos ... no início/final" for each.
* A Contagem Regressiva: a player who controls no character (or, by an effect, as if) puts 1 + one per character
  the opponent controls + one per card in the opponent's own prizes from the top of the deck to the resources
  (as far as possible, 8 C).
* B Compra: draw 1 if you control no character, else 2; the first player draws nothing on the first
  turn. Drawing from an empty deck loses the match (4.9.2).
* C Preparação: the player repeatedly chooses a play or ends the phase (:meth:`Engine.preparation`):
  C.1 basic capacitation (discard a card: +1 stage, once per character per turn, not at stage 2), C.2
  extra capacitation (discard a character card of the same alter ego/name), C.3 place a character or
  support (4.4.2.1: enough cards in the resources -- the initial energy, or the addition value of an
  EV; alter ego/name uniqueness unless a static of the scene allows more, Pelotão / Clone; load chosen cards
  from the resources, or from the top of the deck with Materializar; from the hand, or from the resources
  with Reviver -- the RULE statics of :mod:`cardscript.games.battle_scenes.runtime.rules`) or one scenario
  per turn (4.4.1), C.4 discard, C.5 render a character (knock out one controlled since the start of
  the turn, then draw), C.6 Imprevistas actions, and activated effects whose window is the Preparation
  Phase (5.1; once per turn limits). A play starts only with an empty Effects Tree and each play's
  triggers are resolved before the next (6.2 C ATENÇÃO).
* D Ajuste: D.1 energy -- each character/support carrying more than its initial energy unloads the
  excess (cards chosen by the controller), repeated while effects load cards; D.2 hand -- discard down
  to 7, repeated while effects add cards.
* E Combate: E.1 Antecipação, where the OPPONENT is the Active Player and may use Antecipar actions;
  E.2 Ataque, normal, Antecipar and Imprevistas actions (4.6.2 C.5).
* Final do Turno: end-of-turn triggers, then the resets: per-turn counters (actions used, basic
  capacitation, the scenario of the turn, activated-effect uses, extra actions), shield bonuses,
  damage this turn, Prontidão grants, and "until the end of the turn" effects
  (:func:`cardscript.games.battle_scenes.runtime.shielding.end_of_turn`).

Reading where the rules are silent: an effect whose condition the engine cannot evaluate is treated as
not met (logged ``unsupported``), so an activated effect is not offered and a triggered one does nothing.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import fields
from functools import partial
from typing import Any, NamedTuple

from cardscript.compiler.ir import Condition, Effect, EffectKind, Procedure, Selector
from cardscript.engine.agents import Decision
from cardscript.engine.events import Event
from cardscript.engine.tree import EffectsTree, Pending
from cardscript.games.battle_scenes.runtime import derived, handlers, queries, rules, selectors, shielding
from cardscript.games.battle_scenes.runtime.actions import (
    ActionUse,
    action_facts,
    legal_actions,
    sketch,
    use_action,
)
from cardscript.games.battle_scenes.runtime.facts import OptionFacts
from cardscript.games.battle_scenes.runtime.game import Game, GameOver
from cardscript.games.battle_scenes.runtime.handlers.zones import (
    knockout_elsewhere,
    settle_emptied,
    use_identity_permission,
)
from cardscript.games.battle_scenes.runtime.identity import stay
from cardscript.games.battle_scenes.runtime.state import CardId, InScene, Zone, check_invariants
from cardscript.games.battle_scenes.runtime.triggers import (
    Triggers,
    card_attr,
    event_slots,
    functional_in_scene,
    lends_text,
    phase_id,
)

HAND_LIMIT = 7          # 6.2 D.2
RestPoint = tuple[str, int]
"""Where a turn can be taken up (:meth:`Engine.at_rest`): the loop of plays ("preparation", "anticipation",
"attack") and the plays made in it so far."""
_PHASE_OF_REST = {"preparation": "preparation", "anticipation": "combat", "attack": "combat"}

MAX_PLAYS = 200         # safety net for one phase/step (a random agent always reaches "end" long before)


class Play(NamedTuple):
    """A play of the Preparation Phase: its label, what it does, and its option facts (agents.py)."""

    label: str
    do: Callable[[], None]
    facts: dict[str, object]


class Engine(OptionFacts):
    """Game + Effects Tree + triggers + the turn structure (rules 6); its card and option facts come from
    :class:`~cardscript.games.battle_scenes.runtime.facts.OptionFacts`."""

    def __init__(self, game: Game, resumed: bool = False) -> None:
        """``resumed``: the game is a match restored between two turns (runtime.stepping): its shield records
        are as the match left them, so they are watched from now on but not brought up to date first (the
        match it copies did not do so at this moment either)."""
        self.game = game
        game.knockout_elsewhere = partial(knockout_elsewhere, game)      # 5.5: replacements of 4.7's prizes
        self.tree = EffectsTree(game, self.run_procedure, active_player=lambda: game.state.active_player)
        self.triggers = Triggers(game, tree=self.tree, make_pending=self.make_pending)
        self.ready: set[CardId] = set()                     # Prontidão granted this turn (4.4.2.2 EV)
        self.activated_uses: Counter[tuple[object, ...]] = Counter()   # "uma vez por turno": see :meth:`use_key`
        self.procedure_errors = 0
        self.running: Procedure | None = None                # the IR procedure being run (for annotate)
        self._names: dict[str, CardId] = {}
        self.first_turn_done = False
        self.rest: Callable[[RestPoint], None] | None = None     # told at every rest point (runtime.stepping)
        self.activated: list[tuple[CardId, int, Effect]] = [
            (card, i, e) for card, d in game.cards.items() for i, e in enumerate(getattr(d, "effects", ()))
            if e.kind is EffectKind.ACTIVATED]
        if resumed:
            shielding.keep_watching_shields(game)
        else:
            shielding.watch_shields(game)                    # 4.8.6: shield records from the start

    # -- the handlers (another layer): run a procedure, check a condition --------------------------
    def make_context(self, pending: Pending) -> Any:
        """The EffectContext of a pending effect (built from the fields it has): what the event that fired it
        names fills the ``event:*`` slots (``triggers.event_slots``), what the trigger matched its other slots
        (``Pending.data``)."""
        event = pending.event
        user = pending.data.get("user")
        if user is None and pending.source is not None:
            working_in = self.game.state.scene
            user = pending.source if pending.source in working_in else next(
                (b.card for b in working_in.values() if pending.source in b.carried), None)
        slots: dict[str, Any] = event_slots(self.game, event) if isinstance(event, Event) else {}
        slots.update(copy.deepcopy(pending.data.get("slots") or {}))
        if pending.source is not None:       # what the card's other texts chose and it remembers ("o personagem
            own = {getattr(p, "introduces", "") for p in pending.steps}               # escolhido", card:N)
            for slot, chosen in self.game.state.chosen.get(pending.source, {}).items():
                if slot not in own:
                    slots.setdefault(slot, list(chosen))
        known: dict[str, Any] = {
            "source": pending.source, "controller": pending.controller, "user": user,
            "targets": pending.data.get("targets"), "x": pending.data.get("x"),
            "action_name": pending.data.get("action_name"), "action_power": pending.data.get("action_power"),
            "from_action": pending.kind == "action", "slots": slots}
        return self.new_context(**known)

    def new_context(self, **known: Any) -> selectors.EffectContext:
        """An EffectContext with the given fields (the known ones that are not None)."""
        names = {f.name for f in fields(selectors.EffectContext)}
        return selectors.EffectContext(**{k: v for k, v in known.items() if k in names and v is not None})

    def run_procedure(self, game: Game, pending: Pending, proc: Procedure) -> None:
        """One IR procedure through ``handlers.run(game, ctx, proc)``; engine errors are logged."""
        if pending.ctx is None:
            pending.ctx = self.make_context(pending)
        outer, self.running = self.running, proc
        pending.ctx.memory["later_steps"] = pending.steps[pending.next:]     # what the effect does next (4.7)
        try:
            handlers.run(game, pending.ctx, proc)
            pending.ctx.memory["later_steps"] = pending.steps[pending.next:]
            settle_emptied(game, pending.ctx)
        except GameOver:
            raise
        except Exception as exc:            # a procedure the other layer cannot run yet: logged, counted
            if isinstance(exc, AssertionError) and check_invariants(game.state):
                raise                       # a broken invariant is never swallowed
            self.procedure_errors += 1
            game.log.add("procedure_error", game.depth, effect=pending.label, text=proc.text or proc.family,
                         error=f"{type(exc).__name__}: {exc}")
        finally:
            self.running = outer

    def condition_holds(self, pending: Pending, condition: Condition | None) -> bool:
        if condition is None:
            return True
        if pending.ctx is None:
            pending.ctx = self.make_context(pending)
        try:
            return selectors.check_condition(self.game, pending.ctx, condition)
        except (GameOver, AssertionError):
            raise
        except Exception as exc:
            self.procedure_errors += 1
            self.game.log.add("procedure_error", self.game.depth, effect=pending.label,
                              text=condition.text or condition.kind, error=f"{type(exc).__name__}: {exc}")
            return False

    def make_pending(self, game: Game, card: CardId, effect: Effect, controller: int, event: Event) -> Pending:
        p = Pending(label=f"{game.name(card)}: {effect.text or effect.trigger}", steps=effect.procedures,
                    controller=controller, source=card, effect=effect, kind="triggered", event=event)
        if effect.condition is not None:
            p.condition = lambda g, pend: self.condition_holds(pend, effect.condition)      # 5.2
        return p

    # -- phases ---------------------------------------------------------------------------------------
    def _mark(self, kind: str, phase: str, step: str = "") -> None:
        s = self.game.state
        self.game.emit(kind, phase=phase, step=step, player=s.turn_player, turn=s.turn)
        self.tree.resolve()

    def play_turn(self, resume: RestPoint | None = None) -> None:
        """One whole turn of ``state.turn_player`` (6.2); raises GameOver when the match ends. ``resume``: the turn
        is taken up at that rest point (:meth:`at_rest`) of a match restored there (runtime.stepping), the state
        being as it was when the rest point was reached; what came before it in the turn is not done again."""
        game, s = self.game, self.game.state
        if resume is None:
            s.turn += 1
        player = s.turn_player
        if resume is None:
            s.active_player = player
            s.phase, s.step = "turn", ""
            game.log.add("status", 0, turn=s.turn, player=player, players=self.status())
            self._mark("phase_start", "turn")
        for phase, body in (("countdown", self.countdown), ("draw", self.draw_phase),
                            ("preparation", self.preparation), ("adjustment", self.adjustment),
                            ("combat", self.combat)):
            if resume is not None and phase != _PHASE_OF_REST[resume[0]]:
                continue                        # before the rest point: done already
            if resume is None:
                s.phase, s.step = phase, ""
                self._mark("phase_start", phase)
                body(player)
            else:                               # the phase of the rest point (preparation or combat)
                (self.preparation if phase == "preparation" else self.combat)(player, resume)
                resume = None
            s.phase, s.step = phase, ""
            s.active_player = player
            self._mark("phase_end", phase)
        s.phase, s.step = "end", ""
        self._mark("phase_end", "turn")
        self.end_of_turn()
        self.first_turn_done = True
        s.turn_player = s.opponent(player)
        game.log.add("turn_over", 0, turn=s.turn, player=player)

    def at_rest(self, where: str, plays: int) -> None:
        """The top of a loop of plays (the Preparation Phase, an action step): the Effects Tree is empty and no
        procedure runs, so the match is wholly in the state and the engine's counters -- a point it can be
        taken up at (:meth:`play_turn`'s ``resume``). Tells :attr:`rest` (runtime.stepping takes a snapshot)."""
        if self.rest is not None and self.resting():
            self.rest((where, plays))

    def resting(self) -> bool:
        """Nothing is under way: the Effects Tree is empty and no procedure or action runs (a turn's start, after
        the setup's triggers resolved; the top of a loop of plays)."""
        return not self.tree.pending and not self.tree.incoming and self.running is None and self.game.acting is None

    def status(self) -> list[dict[str, Any]]:
        """Both players' prize points, hand/deck/resources/prizes counts and scene (for the trace)."""
        game, s = self.game, self.game.state
        return [{"points": game.prize_points(p), "hand": len(me.hand), "deck": len(me.deck),
                 "resources": len(me.resources), "prizes": len(me.prizes),
                 "scene": [[b.card, b.energy, b.stage] for b in s.controlled(p)]}
                for p, me in enumerate(s.players)]

    def countdown(self, player: int) -> None:
        """6.2 A: 1 + the opponent's characters + the cards in the opponent's own prizes -- placed by a player who
        controls no character ("If you do not control any character in the scene:", the rulebook's line over the
        phase's placing; the cards confirm it: "... em sua própria Fase de Contagem Regressiva como se você não
        controlasse nenhum personagem"), or by one an effect makes do it as if (``queries.countdown_as_if_none``).
        Statics adding cards to the placing ("coloca um card a mais") add to it only when it is done."""
        s = self.game.state
        as_if = queries.countdown_as_if_none(self.game, player)
        if any(self.is_character(b.card) for b in s.controlled(player)) and not as_if:
            self.game.emit("countdown_skipped", player=player, reason="controls a character (6.2 A)")
            self.tree.resolve()
            return
        opp = s.opponent(player)
        # "para cada card que seu oponente tiver em seus próprios prêmios": the cards the opponent scored -- this
        # player's knocked-out characters, which the engine keeps in their owner's prize pile (4.9.1)
        n = 1 + sum(1 for b in s.controlled(opp) if self.is_character(b.card)) + len(s.players[player].prizes)
        n += queries.extra_draws(self.game, player, "countdown")    # "coloca um card a mais ..." statics
        self.game.mill_to_resources(player, n)
        self.tree.resolve()

    def draw_phase(self, player: int) -> None:
        """6.2 B: one card with no character, else two; none on the first player's first turn."""
        s = self.game.state
        if player == s.first_player and not self.first_turn_done:
            return
        n = 2 if any(self.is_character(b.card) for b in s.controlled(player)) else 1
        n += queries.extra_draws(self.game, player)     # "compre um card adicional" statics
        self.game.draw(player, n)
        self.tree.resolve()

    def adjustment(self, player: int) -> None:
        """6.2 D.1 energy adjustment, then D.2 hand adjustment, each repeated until it holds."""
        game, s = self.game, self.game.state
        for _ in range(MAX_PLAYS):
            over = [b for b in s.controlled(player) if b.energy > self.initial_energy(b.card)]
            if not over:
                break
            for base in over:
                if base.card not in s.scene:
                    continue
                excess = base.energy - self.initial_energy(base.card)
                carried = list(base.carried)
                idx = game.decide(Decision(player, "unload", f"Ajuste de Energia: unload {excess} from "
                                           f"{game.name(base.card)}", tuple(game.name(c) for c in carried),
                                           excess, excess,
                                           facts=self.option_facts(player, self.cards_facts, carried, base.card)))
                for i in idx:
                    if base.card in s.scene and carried[i] in s.scene[base.card].carried:
                        game.unload(carried[i], by=player)
                self.tree.resolve()
        limit = queries.hand_limit(game, player, HAND_LIMIT)     # "o número máximo de cards em sua mão ..." statics
        for _ in range(MAX_PLAYS):
            hand = s.players[player].hand
            if len(hand) <= limit:
                break
            excess = len(hand) - limit
            cards = list(hand)
            idx = game.decide(Decision(player, "discard", f"Ajuste de Mão: discard {excess}",
                                       tuple(game.name(c) for c in cards), excess, excess,
                                       facts=self.option_facts(player, self.cards_facts, cards)))
            for i in idx:
                game.move(cards[i], Zone.RESOURCES, reason="discard")
            self.tree.resolve()

    def combat(self, player: int, resume: RestPoint | None = None) -> None:
        """6.2 E: E.1 Antecipação (the opponent is the Active Player), then E.2 Ataque. ``resume``: taken up at a
        rest point of one of its steps (:meth:`play_turn`)."""
        s = self.game.state
        opp = s.opponent(player)
        if resume is None or resume[0] == "anticipation":
            if resume is None:
                s.step = "anticipation"
                s.active_player = opp
                self._mark("phase_start", "combat", "anticipation")
            self.action_step(opp, "anticipation", resume[1] if resume is not None else 0)
            self._mark("phase_end", "combat", "anticipation")
        if resume is None or resume[0] != "attack":
            s.step = "attack"
            s.active_player = player
            self._mark("phase_start", "combat", "attack")
        self.action_step(player, "attack", resume[1] if resume is not None and resume[0] == "attack" else 0)
        self._mark("phase_end", "combat", "attack")
        s.step = ""

    def action_step(self, player: int, window: str, start: int = 0) -> None:
        """Use actions -- or activate the effects whose window is this step (5.1) -- until the player ends the step
        (6.2 E.1, E.2). ``start``: the plays made already (a step taken up at a rest point)."""
        game = self.game
        end = "end the Etapa de Antecipação" if window == "anticipation" else "end the Etapa de Ataque"
        for k in range(start, MAX_PLAYS):
            self.at_rest(window, k)
            uses = legal_actions(self, player, window)
            # activated effects whose window is this step (5.1: Potencializar, "Durante sua Etapa de Ataque")
            effects = [a for a in self.activatable(player, window) if a[2].window]
            if not uses and not effects:
                return
            labels = [f"activate {game.name(c)}: {e.text or e.keyword}" for c, _, e in effects]
            facts = self.option_facts(player, self.step_facts, uses, window)
            if facts:
                facts = (*facts, *({"kind": "activate", "card": c, "amount": sketch(e).amount} for c, _, e in effects))
            (i,) = game.decide(Decision(player, "play", f"{window}: use an action or end",
                                        (end, *(u.label(game) for u in uses), *labels), facts=facts))
            if i == 0:
                return
            if i > len(uses):
                self.activate(player, *effects[i - 1 - len(uses)])
                continue
            use_action(self, uses[i - 1])

    def end_of_turn(self) -> None:
        """Final do Turno resets (6.2): per-turn counts, shield bonuses, "até o final do turno" effects."""
        s = self.game.state
        for base in s.scene.values():
            base.actions_used = []
            base.extra_actions = 0
            base.extra_grants = []
            base.basic_capacitation = False
            base.shield_bonus = 0
            base.damage_taken_this_turn = 0
        for p in s.players:
            p.scenario_placed_this_turn = False
            derived.edited(self.game)
        self.activated_uses.clear()
        self.ready.clear()
        shielding.end_of_turn(self.game)              # "até o final do turno" effects expire (5.7)
        self.game.log.add("end_of_turn_resets", 0, turn=s.turn)

    # -- C: the Preparation Phase -------------------------------------------------------------------------
    def preparation(self, player: int, resume: RestPoint | None = None) -> None:
        """6.2 C: plays chosen by the player, one at a time, each with its triggers resolved. ``resume``: taken up
        at a rest point (:meth:`play_turn`), after that many plays."""
        game = self.game
        for k in range(resume[1] if resume is not None else 0, MAX_PLAYS):
            self.at_rest("preparation", k)
            plays = self.preparation_plays(player)
            (i,) = game.decide(Decision(player, "play", "Fase de Preparação: a play, or end the phase",
                                        ("end the Fase de Preparação", *(p.label for p in plays)),
                                        facts=({"kind": "end"}, *(p.facts for p in plays))))
            if i == 0:
                return
            label, do, facts = plays[i - 1]
            game.log.add("play", 0, player=player, play=label, what=facts.get("kind"), card=facts.get("card"))
            do()
            self.tree.resolve()

    def preparation_plays(self, player: int) -> list[Play]:
        game, s = self.game, self.game.state
        me = s.players[player]
        plays: list[Play] = []
        mine = s.controlled(player)
        chars = [b for b in mine if self.is_character(b.card)]
        hand = list(me.hand)
        want = self.wants_facts(player)

        def facts(kind: str, card: CardId | None = None, **extra: object) -> dict[str, object]:
            out: dict[str, object] = {"kind": kind}
            if not want:
                return out if card is None else {"kind": kind, "card": card}
            if card is not None:
                out.update(self.card_facts(card))
                out["kind"] = kind
            out.update(extra)
            return out

        # C.1 basic capacitation
        if hand:
            for b in chars:
                if not b.basic_capacitation and b.stage < 2 and not queries.capacitate_prevented(game, b.card):
                    plays.append(Play(f"basic capacitation of {game.name(b.card)} (discard a card)",
                                      partial(self.basic_capacitation, player, b),
                                      facts("capacitate", b.card, hand=len(hand))))
        # C.2 extra capacitation
        for b in chars:
            if b.stage < 2 and not queries.capacitate_prevented(game, b.card) and any(
                    self.is_character(c) and self.identity(c) == self.identity(b.card) for c in hand):
                plays.append(Play(f"extra capacitation of {game.name(b.card)} (discard a same-alter-ego card)",
                                  partial(self.extra_capacitation, player, b), facts("extra_capacitate", b.card)))
        # C.3 place characters, supports, one scenario; from the resources by an enter_from static (Reviver)
        seen: set[str] = set()
        for c in [*hand, *(c for c in me.resources if rules.may_enter_from(game, c, "resources"))]:
            title = str(card_attr(game, c, "title")) + (" (resources)" if c in me.resources else "")
            if title in seen:
                continue
            ctype = str(card_attr(game, c, "card_type"))
            if ctype == "Cenário":
                if not me.scenario_placed_this_turn and not queries.put_in_scene_prevented(game, player, c):
                    seen.add(title)
                    own = s.scenario is not None and s.owner[s.scenario] == player
                    plays.append(Play(f"place the scenario {game.name(c)}", partial(self.place_scenario, player, c),
                                      facts("scenario", c, replaces_own=own)))
            elif ctype in ("Personagem", "Personagem-EV", "Suporte") and self.can_place(player, c):
                seen.add(title)
                where = " from the resources" if c in me.resources else ""
                plays.append(Play(f"place {game.name(c)} in the scene{where}", partial(self.place, player, c),
                                  facts("place", c, characters=len(chars))))
        # C.4 discard
        if hand:
            plays.append(Play("discard a card", partial(self.discard, player), facts("discard")))
        # C.5 render a character
        for b in chars:
            if b.entered_turn < s.turn:
                plays.append(Play(f"render {game.name(b.card)} (knock it out, draw a card)",
                                  partial(self.render, player, b), facts("render", b.card)))
        # C.6 Imprevistas actions
        for use in legal_actions(self, player, "preparation"):
            plays.append(Play(use.label(game), partial(use_action, self, use),
                              action_facts(self, use, "preparation") if want else facts("action", use.user)))
        # activated effects of the Preparation Phase (5.1)
        for card, i, effect in self.activatable(player, "preparation"):
            k = sketch(effect)
            extra: dict[str, object] = {} if k.harm is None else {"harm": k.harm}
            plays.append(Play(f"activate {game.name(card)}: {effect.text or effect.keyword}",
                              partial(self.activate, player, card, i, effect),
                              facts("activate", card, amount=k.amount, **extra)))
        return plays

    def step_facts(self, uses: Iterable[ActionUse], window: str) -> list[dict[str, object]]:
        return [{"kind": "end"}, *(action_facts(self, u, window) for u in uses)]

    def basic_capacitation(self, player: int, base: InScene) -> None:
        """6.2 C.1 / 4.5: discard any card to capacitate by 1 (once per character per turn)."""
        game = self.game
        hand = list(game.state.players[player].hand)
        (i,) = game.decide(Decision(player, "discard", f"discard a card to capacitate {game.name(base.card)}",
                                    tuple(game.name(c) for c in hand),
                                    facts=self.option_facts(player, self.cards_facts, hand)))
        game.move(hand[i], Zone.RESOURCES, reason="discard")
        base.basic_capacitation = True
        derived.edited(self.game)
        game.capacitate(base.card, 1)

    def extra_capacitation(self, player: int, base: InScene) -> None:
        """6.2 C.2: discard a character card of the same alter ego (or name) to capacitate by 1."""
        game = self.game
        cards = [c for c in game.state.players[player].hand
                 if self.is_character(c) and self.identity(c) == self.identity(base.card)]
        (i,) = game.decide(Decision(player, "discard", f"discard a card to capacitate {game.name(base.card)}",
                                    tuple(game.name(c) for c in cards),
                                    facts=self.option_facts(player, self.cards_facts, cards)))
        game.move(cards[i], Zone.RESOURCES, reason="discard")
        game.capacitate(base.card, 1)

    def load_pool(self, player: int, card: CardId, source: str) -> list[CardId]:
        """The cards ``card`` may load from ``source`` when it enters the scene (4.4.2.2 A.3): the resources (but
        the card itself, placed from there with Reviver), or the deck from its top (Materializar)."""
        me = self.game.state.players[player]
        if source == "deck_top":
            return list(me.deck)
        return [c for c in me.resources if c != card]

    def load_choices(self, player: int, card: CardId, n: int) -> list[str]:
        """4.4.2.1 A.1: the sources with at least ``n`` cards among those ``card`` may load from (the resources;
        the top of the deck by a load_from static, Materializar: "ao invés de cards de seus recursos")."""
        return [src for src in rules.load_sources(self.game, card) if len(self.load_pool(player, card, src)) >= n]

    def can_place(self, player: int, card: CardId) -> bool:
        """4.4.2.1 A.1 (cards in the resources, or where a static lets it load from) and A.4 (alter ego / name
        uniqueness); EV: A.2a."""
        s = self.game.state
        ctype = str(card_attr(self.game, card, "card_type"))
        if ctype == "Personagem-EV":
            return (bool(self.load_choices(player, card, int(card_attr(self.game, card, "addition_value") or 0)))
                    and bool(self.evolution_bases(player, card)))
        if not any(self.load_choices(player, card, k) for k in rules.entry_loads(self.game, card,
                                                                                  self.initial_energy(card))):
            return False
        if ctype == "Suporte":
            name = card_attr(self.game, card, "name")
            if queries.put_in_scene_prevented(self.game, player, card):     # "só pode ser colocada em cena se"
                return False
            return not any(card_attr(self.game, b.card, "name") == name and not self.is_character(b.card)
                           for b in s.controlled(player))
        # A.4b, with Pelotão as the in-scene static it is (5.6, golden rule 8 A; lost under 5.8)
        return queries.placement_allowed(self.game, player, card)

    def evolution_bases(self, player: int, card: CardId) -> list[InScene]:
        """4.4.2.2 A.2a: characters controlled since the start of the turn that fit the card's Evolução
        panel (a selector lowered from it; or the requirement a working static sets instead, ``SetEvolution``). A
        card whose panel did not lower (none in the library) falls back to "the same alter ego (or name)", the
        commonest panel."""
        s = self.game.state
        panel = queries.evolution_requirement(self.game, player, card) or card_attr(self.game, card, "evolution")
        since_start = [b for b in s.controlled(player) if self.is_character(b.card) and b.entered_turn < s.turn]
        if isinstance(panel, Selector):
            ctx = self.new_context(controller=player, source=card)
            return [b for b in since_start if selectors.matches(self.game, ctx, b.card, panel)]
        ident = self.identity(card)
        return [b for b in since_start if self.identity(b.card) == ident]

    def place(self, player: int, card: CardId) -> None:
        """4.4.2.2: enters the scene (A.1, entry triggers pending A.2), loads the cards (A.3, their load
        triggers pending A.4); the caller resolves them (A.5)."""
        game = self.game
        ctype = str(card_attr(game, card, "card_type"))
        n = (int(card_attr(game, card, "addition_value") or 0) if ctype == "Personagem-EV"
             else self._entry_load(player, card))
        sources = self.load_choices(player, card, n) or [rules.DEFAULT_LOAD_SOURCE]
        source = sources[0]
        if len(sources) > 1:                                   # Materializar: "você pode" load from the deck
            labels = {"resources": "the resources", "deck_top": "the top of the deck"}
            (k,) = game.decide(Decision(player, "load_from", f"load {game.name(card)} from",
                                        tuple(labels.get(x, x) for x in sources),
                                        facts=tuple({"kind": "load_from", "source": x} for x in sources)))
            source = sources[k]
        if ctype == "Personagem":                             # A.4b lifted by a permission: its "Se o fizer"
            use_identity_permission(game, player, card)
        pool = self.load_pool(player, card, source)
        n = min(n, len(pool))
        if source == "deck_top":
            loaded = pool[:n]                                  # the top n cards of the deck, in order
        else:
            idx = game.decide(Decision(player, "load", f"load {n} card(s) from the resources onto {game.name(card)}",
                                       tuple(game.name(c) for c in pool), n, n,
                                       facts=self.option_facts(player, self.cards_facts, pool, card))) if n else ()
            loaded = [pool[i] for i in idx]
        if ctype == "Personagem-EV":
            bases = self.evolution_bases(player, card)
            (b,) = game.decide(Decision(player, "evolve", f"{game.name(card)} evolves from",
                                        tuple(game.name(x.card) for x in bases),
                                        facts=self.option_facts(player, self.cards_facts, [x.card for x in bases])))
            old = bases[b]
            carried = [*old.carried, *loaded, old.card]        # old base last: it is empty by then
            game.enter_scene(card, player, carried)
            self.ready.add(card)                               # 4.4.2.2 ATENÇÃO: Prontidão
        else:
            carried = loaded
            game.enter_scene(card, player, carried)
        for c in loaded:
            game.emit("load", card=c, onto=card, frm="deck" if source == "deck_top" else "resources", entering=True)

    def _entry_load(self, player: int, card: CardId) -> int:
        """How many cards ``card`` enters loaded with: its initial energy (4.4.2.1 A.1), or -- when an
        ``entry_load`` static lets it enter with fewer -- the number its player chooses among those it can load."""
        counts = [k for k in rules.entry_loads(self.game, card, self.initial_energy(card))
                  if self.load_choices(player, card, k)]
        if len(counts) < 2:
            return counts[0] if counts else self.initial_energy(card)
        (i,) = self.game.decide(Decision(player, "load_count", f"enter {self.game.name(card)} loaded with how many "
                                         "cards?", tuple(str(k) for k in counts)))
        return counts[i]

    def place_scenario(self, player: int, card: CardId) -> None:
        """4.4.1: one scenario per turn in the Preparation Phase; the old one goes to the resources."""
        self.game.state.players[player].scenario_placed_this_turn = True
        derived.edited(self.game)
        self.game.place_scenario(card, player)

    def discard(self, player: int) -> None:
        """6.2 C.4: discard a card from the hand."""
        game = self.game
        hand = list(game.state.players[player].hand)
        (i,) = game.decide(Decision(player, "discard", "discard which card?", tuple(game.name(c) for c in hand),
                                    facts=self.option_facts(player, self.cards_facts, hand)))
        game.move(hand[i], Zone.RESOURCES, reason="discard")

    def render(self, player: int, base: InScene) -> None:
        """6.2 C.5: knock out a character controlled since the start of the turn, then draw a card."""
        self.game.knock_out(base.card, reason="render (6.2 C.5)")
        self.game.draw(player, 1)

    # -- activated effects (5.1) ---------------------------------------------------------------------------
    def activatable(self, player: int, window: str) -> list[tuple[CardId, int, Effect]]:
        out: list[tuple[CardId, int, Effect]] = []
        if not self.tree.empty():
            return out
        for card, i, effect in [*self.activated, *queries.gained_activated(self.game)]:
            if phase_id(effect.window) not in ("", window):
                continue
            zone = effect.zone or "scene"
            if zone == "scene":
                working, controller = functional_in_scene(self.game, card)
            else:
                where, _ = self.game.state.location(card)
                working, controller = str(where) == zone, self.game.state.owner[card]
            if effect.whose_window == "each":          # each player in their own phase, whoever controls it
                controller = player
            if not working or controller != player:
                continue
            if not self.in_whose_window(effect, controller, window):
                continue
            if effect.limit_per_turn and self.activated_uses[self.use_key(card, i)] >= effect.limit_per_turn:
                continue
            probe = Pending(effect.text, effect.procedures, controller=player, source=card, effect=effect,
                            kind="activated")
            if not self.condition_holds(probe, effect.condition):
                continue
            out.append((card, i, effect))
        return out

    def in_whose_window(self, effect: Effect, controller: int, window: str) -> bool:
        """5.1: whose phase or step the activated effect's window is (``Effect.whose_window``): "you" (the default,
        "sua Fase ..."; the Anticipation Step is the one a player acts in during the opponent's turn), "opponent"
        ("durante o turno de um oponente"), "any"; "each" ("durante a Fase de Preparação de cada jogador, aquele
        jogador pode ..."): the player whose phase it is, whoever controls the card (``controller``: that player)."""
        whose = effect.whose_window or "you"
        turn_player = self.game.state.turn_player
        if whose == "opponent":
            return turn_player != controller
        if whose == "each":
            return turn_player == controller
        if whose == "you":
            return turn_player == controller or window == "anticipation"
        return True

    def use_key(self, card: CardId, index: int) -> tuple[object, ...]:
        """5.1: what an activated effect's "uma vez por turno" is counted for. A card's own text: that card in its
        stay in the scene (a card back in the scene is a new object, runtime.identity). A character card carried by
        a version of the same character lends it "todos os seus textos permanentes" (4.4.2.3 A.1.2a/b): the text is
        that character's, counted for the character (in its stay) and the text -- the printed card and the effect --
        whichever copy of that card lends it: another copy carried later does not use it again this turn."""
        state = self.game.state
        carrier = next((b.card for b in state.scene.values() if card in b.carried), None)
        if carrier is not None and str(card_attr(self.game, card, "card_type") or "").startswith("Personagem") \
                and lends_text(self.game, card, carrier):
            return carrier, stay(state, carrier), str(card_attr(self.game, card, "title") or ""), index
        return card, stay(state, card), index

    def activate(self, player: int, card: CardId, index: int, effect: Effect) -> None:
        self.activated_uses[self.use_key(card, index)] += 1
        root = Pending(label=f"{self.game.name(card)}: {effect.text or effect.keyword}", steps=effect.procedures,
                       controller=player, source=card, effect=effect, kind="activated")
        if effect.whose_window == "each":               # "aquele jogador": the one activating it (5.1)
            root.data["slots"] = {"event:player": [selectors.Player(player)]}
        self.tree.resolve(root)


__all__ = ["ActionUse", "Engine", "HAND_LIMIT", "Play"]
