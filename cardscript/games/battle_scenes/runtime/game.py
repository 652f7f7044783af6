"""The match: state + card definitions + agents + event log, and the primitive moves of the rules.

Every change of the game state goes through a primitive here, so that it is logged as an event
(which triggered effects listen to) and keeps the invariants: draw (4.9.2 defeat by deck), move a
card between areas, load / unload (4.1, 4.4), swap (4.2), capacitate / incapacitate "as far as
possible" (4.5, golden rule C), knock out / destroy (4.7), prizes and victory (4.9.1).

Higher layers (turn structure, actions, the Effects Tree, procedures) call these primitives and never
edit the state's lists themselves.
"""

from __future__ import annotations

import hashlib
import json
import numbers
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardscript.engine.agents import Agent, Decision, ask
from cardscript.engine.events import Event, EventLog
from cardscript.games.battle_scenes.runtime.derived import QUIET_EVENTS, Derived
from cardscript.games.battle_scenes.runtime.identity import end_stay
from cardscript.games.battle_scenes.runtime.state import (
    OWN_ZONES,
    CardId,
    GameState,
    InScene,
    Zone,
    check_invariants,
    placed,
)

VICTORY_POINTS = 15          # rules 4.9.1


@dataclass
class _Asked:
    """An agent made of a function (the player's agent, its raw answer recorded for the log)."""

    answer: Callable[[Decision], Sequence[int]]

    def decide(self, decision: Decision) -> Sequence[int]:
        return self.answer(decision)


def answer_tag(value: object) -> str:
    """A refused answer as its reason names it: its JSON text (long ones: the start and a digest of the whole),
    so that a replay, which gives the logged answer again, recomputes a reason that names that very answer."""
    text = json.dumps(value, ensure_ascii=False)
    if len(text) <= 80:
        return text
    return f"{text[:60]}... #{hashlib.sha256(text.encode()).hexdigest()[:12]}"


def json_safe(value: object) -> object:
    """An agent's answer as JSON, so that what the engine checks is what the log keeps and a replay gives
    back: a sequence of whole numbers (of any integer type) as a list of ints, another JSON value as it is,
    anything else as its ``repr`` (a string, refused with that text)."""
    if isinstance(value, (Sequence, range)) and not isinstance(value, (str, bytes, bytearray)) \
            and all(isinstance(i, numbers.Integral) and not isinstance(i, bool) for i in value):
        return [int(i) for i in value]
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return repr(value)
    return value


class GameOver(Exception):
    """Raised by a primitive when the match ends (victory by points or defeat by deck)."""

    def __init__(self, winner: int, reason: str) -> None:
        super().__init__(reason)
        self.winner = winner
        self.reason = reason


@dataclass
class Game:
    """A match in progress. ``cards`` holds each card's definition (cardscript.compiler.ir.CardDef)."""

    state: GameState
    cards: dict[CardId, Any]
    agents: Sequence[Agent]
    seed: int = 0
    log: EventLog = field(default_factory=EventLog)
    rng: random.Random = field(init=False)
    listeners: list[Callable[[Event], None]] = field(default_factory=list)
    depth: int = 0                      # current Effects Tree level, for traces
    acting: dict[str, Any] | None = None   # the action whose effect's procedure is running (its user, holder, name,
    #                                        power, use): what knocks a character out / destroys a support then
    using: Any = None                   # the EffectContext of the action whose effect is resolving (4.6.2 I)
    check: bool = False                 # check invariants after every primitive (tests, simulation)
    memo: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)   # facts derived from ``cards``
    derived: Derived = field(default_factory=Derived, repr=False, compare=False)   # answers derived from the
    #   state, kept until its version changes (runtime.derived); a copy of the game starts a new one
    knockout_elsewhere: Callable[[CardId], bool] | None = field(default=None, repr=False, compare=False)
    #   5.5: the engine's replacements of where a knocked-out character goes (True: it went elsewhere, 4.7)
    labels: dict[CardId, str] = field(default_factory=dict, repr=False, compare=False)   # a card's name in
    #   traces when its title does not identify it ("Homem-Aranha V1 (BSUM 19/100)": match.new_match)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    # -- events and decisions ---------------------------------------------------------------------
    def emit(self, kind: str, **data: Any) -> Event:
        event = self.log.add(kind, self.depth, **data)
        if kind not in QUIET_EVENTS:
            self.derived.events += 1            # the derived state's version (runtime.derived)
        for listener in list(self.listeners):
            listener(event)
        if self.check:
            problems = check_invariants(self.state)
            if problems:
                raise AssertionError(f"after {kind}: " + "; ".join(problems))
        return event

    def decide(self, decision: Decision) -> tuple[int, ...]:
        """Ask the deciding player's agent; the answer is logged (replays feed it back), and so is each
        refused answer with its reason (a replay gives it again and checks it is refused the same way)."""
        agent = self.agents[decision.player]
        given: list[object] = [None]

        def recorded(d: Decision) -> Sequence[int]:
            given[0] = json_safe(agent.decide(d))      # what is checked is what is logged: a replay gives it again
            return given[0]             # type: ignore[return-value]  # validate() checks what it is

        def refused(reason: str) -> None:
            self.log.add("refused", self.depth, player=decision.player, decision=decision.kind,
                         reason=f"{reason} (answer {answer_tag(given[0])})", answer=given[0])

        answer = ask(_Asked(recorded), decision, on_refused=refused)
        self.log.add("choice", self.depth, player=decision.player, decision=decision.kind, answer=list(answer),
                     picked=[decision.options[i] for i in answer])
        return answer

    def name(self, card: CardId) -> str:
        definition = self.cards.get(card)
        title = self.labels.get(card) or getattr(definition, "title", None)
        return f"{title}#{card}" if title else f"card#{card}"

    # -- areas ---------------------------------------------------------------------------------------
    def _take(self, card: CardId) -> tuple[Zone, int | None]:
        """Remove a card from wherever it is; return where it was."""
        zone, host = self.state.location(card)
        owner = self.state.owner[card]
        if zone in OWN_ZONES:
            self.state.players[owner].pile(zone).remove(card)
        elif zone is Zone.SCENARIO:
            self.state.scenario = None
            self.state.scenario_controller = None
        elif zone is Zone.SCENE:
            base = self.state.scene.pop(card)
            if base.carried:
                raise AssertionError(f"{self.name(card)} leaves the scene still carrying cards")
        elif zone is Zone.CARRIED:
            assert host is not None
            self.state.scene[host].carried.remove(card)
        if zone in (Zone.SCENARIO, Zone.SCENE, Zone.CARRIED):
            placed()                          # the cards in place changed (state.PLACEMENTS)
            self._end_while_source(card)
            end_stay(self.state, card)        # coming back, it is a new object (runtime.identity)
        return zone, host

    def _end_while_source(self, card: CardId) -> None:
        """5.7 A.2.2: the continuous effects ``card``'s effects created with no duration of their own last while it
        stays where its effect works; it left, so they end (coming back, it is a new object: they do not return)."""
        ending = [e for e in self.state.effects if e.duration == "while_source" and e.source == card]
        if ending:
            self.state.effects = [e for e in self.state.effects if e not in ending]
            for e in ending:
                self.log.add("effect_expired", self.depth, uid=e.uid, what=e.what, source=e.source)

    def move(self, card: CardId, to: Zone, *, bottom: bool = False, reason: str = "", cost: str = "") -> None:
        """Move a card to one of its owner's areas (golden rule D: a card always goes to its owner's); ``cost``: the
        extra cost of an action it pays (4.6.2 E.2: the keyword's name, "Energia Cósmica", or "extra")."""
        if to not in OWN_ZONES:               # checked first: a refused move leaves the card where it was
            raise ValueError(f"use enter_scene / load to put a card in {to}")
        owner = self.state.owner[card]
        frm, host = self._take(card)
        pile = self.state.players[owner].pile(to)
        if to is Zone.DECK and not bottom:
            pile.insert(0, card)              # the top of the deck is index 0
        else:
            pile.append(card)
        self.emit("move", card=card, owner=owner, frm=str(frm), to=str(to), bottom=bottom, host=host, reason=reason,
                  **({"cost": cost} if cost else {}))
        if to is Zone.PRIZES:                 # points count at once, whatever put the card there (4.9.1)
            self.check_victory()

    def draw(self, player: int, count: int = 1) -> list[CardId]:
        """Draw from the top of the deck; a player who must draw from an empty deck loses (4.9.2)."""
        drawn: list[CardId] = []
        for _ in range(count):
            deck = self.state.players[player].deck
            if not deck:
                self.lose(player, "defeat by deck (4.9.2)")
            card = deck[0]
            self.move(card, Zone.HAND, reason="draw")
            drawn.append(card)
        if drawn:
            # "Toda vez que um jogador comprar cards" (5.2); "o efeito de uma ação ... fizer com que você compre": the
            # action whose effect made the draw (``acting``)
            self.emit("draw", player=player, cards=list(drawn), **(self.acting or {}))
        return drawn

    def mill_to_resources(self, player: int, count: int) -> list[CardId]:
        """Top cards of the deck to the resources (Countdown Phase, 6.2 A); as far as possible (8 C)."""
        moved: list[CardId] = []
        for _ in range(count):
            deck = self.state.players[player].deck
            if not deck:
                break
            moved.append(deck[0])
            self.move(deck[0], Zone.RESOURCES, reason="countdown")
        return moved

    def shuffle(self, player: int) -> None:
        self.rng.shuffle(self.state.players[player].deck)
        self.emit("shuffle", player=player)

    # -- the scene -----------------------------------------------------------------------------------
    def enter_scene(self, card: CardId, controller: int, carried: Sequence[CardId] = ()) -> InScene:
        """A character or support enters the scene loaded with ``carried`` (4.4.2.2 A.1, A.3); a permission to put
        one of an alter ego already controlled in the scene is used up (4.4.2.1 A.4b,
        :func:`cardscript.games.battle_scenes.runtime.rules.spend_identity_permission`)."""
        from cardscript.games.battle_scenes.runtime.rules import spend_identity_permission

        spend_identity_permission(self, controller, card)
        self._take(card)
        base = InScene(card, controller, stage=1, entered_turn=self.state.turn)
        self.state.scene[card] = base
        self.state.this_turn.entered.append((card, controller, self.state.turn))
        placed()
        for c in carried:
            self._take(c)
            base.carried.append(c)
            placed()
            self.state.this_turn.loaded_onto.append((c, card))
        self.emit("enter_scene", card=card, controller=controller, carried=list(carried))
        return base

    def place_scenario(self, card: CardId, controller: int | None = None) -> None:
        """A scenario enters the scene; the one already there goes to its owner's resources (4.4.1 C, E). The
        player who puts it there controls it (4.4.1 E: "toda vez que um efeito ... permitir que você coloque um
        cenário em cena" -- it enters "com seus textos virados para você"): ``controller``, its owner by default."""
        if self.state.scenario is not None:
            old = self.state.scenario
            self._take(old)
            self.state.players[self.state.owner[old]].resources.append(old)
            # replaced by the one entering, which its owner puts in the scene (4.4.1 E, golden rule D)
            self.emit("leave_scene", card=old, to="resources", replaced_by=card, player=self.state.owner[card])
        self._take(card)
        self.state.scenario = card
        who = self.state.owner[card] if controller is None else controller
        self.state.scenario_controller = None if who == self.state.owner[card] else who
        placed()
        self.emit("enter_scene", card=card, controller=who, scenario=True)

    def load(self, card: CardId, onto: CardId) -> None:
        """Load a card onto a character/support (4.1); it must be the base card's owner's card (8 D)."""
        if self.state.owner[card] != self.state.owner[onto]:
            raise ValueError("a character is loaded with its own owner's cards only (golden rule D)")
        frm, _ = self._take(card)
        self.state.scene[onto].carried.append(card)
        placed()
        self.state.this_turn.loaded.append(card)
        self.state.this_turn.loaded_onto.append((card, onto))
        self.emit("load", card=card, onto=onto, frm=str(frm))

    def unload(self, card: CardId, check: bool = True, by: int | None = None) -> None:
        """Unload a carried card to its owner's resources (4.1); a base left empty is knocked out (4.7) -- unless
        ``check`` is off: the effect unloading it moves it out of the scene next (4.7, "o próprio efeito irá
        providenciar para que aquele personagem seja transferido"). ``by``: the player unloading it (an effect's
        controller, the player adjusting energy, 6.4); None: damage or the rules (4.7, 4.8)."""
        zone, host = self.state.location(card)
        if zone is not Zone.CARRIED or host is None:
            raise ValueError(f"{self.name(card)} is not being carried")
        self.move(card, Zone.RESOURCES, reason="unload")
        self.emit("unload", card=card, frm=host, by=by)
        if check:
            self.check_empty(host)

    def swap(self, a: CardId, b: CardId) -> None:
        """Swap two carried cards between their bases (4.2); loading/unloading triggers do not fire."""
        za, ha = self.state.location(a)
        zb, hb = self.state.location(b)
        if za is not Zone.CARRIED or zb is not Zone.CARRIED or ha is None or hb is None:
            raise ValueError("only carried cards can be swapped")
        la, lb = self.state.scene[ha].carried, self.state.scene[hb].carried
        la[la.index(a)], lb[lb.index(b)] = b, a
        placed()
        self.emit("swap", a=a, b=b)

    def exchange(self, a: CardId, b: CardId) -> None:
        """Glossary "Permutar" (4.1): two cards exchange places -- carried by two bases (:meth:`swap`), or one carried
        and one in its owner's area: neither is loaded nor unloaded (no load / unload events)."""
        za, ha = self.state.location(a)
        zb, hb = self.state.location(b)
        if za is Zone.CARRIED and zb is Zone.CARRIED:
            self.swap(a, b)
            return
        if zb is Zone.CARRIED:
            a, b, za, zb, ha, hb = b, a, zb, za, hb, ha
        if za is not Zone.CARRIED or ha is None or zb not in OWN_ZONES:
            raise ValueError("a carried card is exchanged with a carried card or a card of its owner's areas")
        if self.state.owner[a] != self.state.owner[b]:
            raise ValueError("a character carries its own owner's cards only (golden rule D)")
        carried = self.state.scene[ha].carried
        pile = self.state.players[self.state.owner[b]].pile(zb)
        carried[carried.index(a)], pile[pile.index(b)] = b, a
        placed()
        self._end_while_source(a)
        end_stay(self.state, a)               # it left the card carrying it (runtime.identity)
        self.emit("swap", a=a, b=b)

    def check_empty(self, base_card: CardId) -> None:
        """A character carrying no card is knocked out; a support, destroyed (4.7)."""
        base = self.state.scene.get(base_card)
        if base is None or base.carried:
            return
        if self.is_support(base_card):
            self.destroy(base_card)
        else:
            self.knock_out(base_card)

    def is_support(self, card: CardId) -> bool:
        kind = getattr(self.cards.get(card), "card_type", None)
        return str(getattr(kind, "value", kind)) == "Suporte"

    def _unload_all(self, base_card: CardId) -> None:
        """4.7: every card the base carries is unloaded to its owner's resources (before it leaves the scene)."""
        base = self.state.scene[base_card]
        for c in list(base.carried):
            base.carried.remove(c)
            placed()
            end_stay(self.state, c)           # it left the card carrying it (runtime.identity)
            self.state.players[self.state.owner[c]].resources.append(c)
            self.emit("unload", card=c, frm=base_card)

    def destroy(self, base_card: CardId) -> None:
        """4.7: a support is destroyed -- its cards unloaded, it goes to its owner's resources."""
        self._unload_all(base_card)
        self._take(base_card)
        self.state.players[self.state.owner[base_card]].resources.append(base_card)
        self.state.this_turn.knocked_out.append(base_card)
        self.emit("destroyed", card=base_card, **(self.acting or {}))

    def knock_out(self, base_card: CardId, reason: str = "") -> None:
        """Unload everything, then the character goes to its owner's prize area (4.7, 4.9.1)."""
        self._unload_all(base_card)
        owner = self.state.owner[base_card]
        elsewhere = self.knockout_elsewhere is not None and self.knockout_elsewhere(base_card)
        if not elsewhere:                   # 5.5: a replacement may send it elsewhere (it is still knocked out)
            self._take(base_card)
            self.state.players[owner].prizes.append(base_card)
        self.state.this_turn.knocked_out.append(base_card)
        by = {**(self.acting or {}), **self.memo.get("knocking_out", {})}   # the action whose effect / damage did it
        self.emit("knocked_out", card=base_card, owner=owner, reason=reason, **by,           # (4.7)
                  **({"to": str(self.state.location(base_card)[0])} if elsewhere else {}))
        self.check_victory()

    def _staged(self, base_card: CardId) -> bool:
        """Only characters have a capacitation stage (4.5); a support in the scene keeps its stage 1."""
        definition = self.cards.get(base_card)
        return definition is None or definition.card_type != "Suporte"

    def capacitate(self, base_card: CardId, amount: int, by: int | None = None) -> int:
        """Raise the stage by ``amount``, as far as possible (4.5, golden rule C); return the change. ``by``: the
        controller of the effect doing it (None: the rules of the game, a cost)."""
        base = self.state.scene[base_card]
        new = min(2, base.stage + amount) if self._staged(base_card) else base.stage
        change = new - base.stage
        base.stage = new
        if change > 0:
            self.state.this_turn.capacitated.append(base_card)
        self.emit("capacitate", card=base_card, amount=change, stage=new, by=by, **(self.acting or {}))
        return change

    def incapacitate(self, base_card: CardId, amount: int, by: int | None = None) -> int:
        """Lower the stage by ``amount``, as far as possible (4.5); ``by`` as for :meth:`capacitate`."""
        base = self.state.scene[base_card]
        new = max(0, base.stage - amount) if self._staged(base_card) else base.stage
        change = base.stage - new
        base.stage = new
        self.emit("incapacitate", card=base_card, amount=change, stage=new, by=by, **(self.acting or {}))
        return change

    # -- the end ---------------------------------------------------------------------------------------
    def prize_points(self, player: int) -> int:
        """Points a player has: the initial energy of the opponent's knocked-out characters (4.9.1)."""
        opp = self.state.players[self.state.opponent(player)]
        return sum(int(getattr(self.cards.get(c), "initial_energy", 0) or 0) for c in opp.prizes)

    def check_victory(self) -> None:
        for player in (0, 1):
            if self.prize_points(player) >= VICTORY_POINTS:
                self.win(player, f"victory by points: {self.prize_points(player)} (4.9.1)")

    def win(self, player: int, reason: str) -> None:
        self.state.winner = player
        self.state.end_reason = reason
        self.log.add("game_over", self.depth, winner=player, reason=reason)
        raise GameOver(player, reason)

    def lose(self, player: int, reason: str) -> None:
        self.win(self.state.opponent(player), reason)
