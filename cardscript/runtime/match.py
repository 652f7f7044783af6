"""A match from two decks: setup (rules 6.1) and the turn loop until victory or defeat (4.9).

:func:`new_match` builds the Game (every physical card gets a CardId; player 0 plays deck A, player 1
deck B), its :class:`~cardscript.runtime.turn.Engine`, and plays the setup of 6.1:

1. a player is chosen by lot (the match's seeded RNG) and chooses who starts (a decision);
2. each player shuffles their deck;
3. each draws a hand of 10;
4. the first player, then the second, may exchange their hand, as often as they like, in the two ways
   of 6.1: reveal a hand with one or no character card, shuffle it into the deck and draw as many
   (once per match), or shuffle it into the deck and draw two fewer (while the hand has cards);
5. the first player, then the second, puts any cards of their hand into their resources.

:func:`play_match` plays turns until :class:`~cardscript.runtime.game.GameOver` (victory by points 4.9.1,
defeat by deck 4.9.2) or ``max_turns``, which is reported as such (``ended=False``), never hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardscript.compiler.ir import CardDef
from cardscript.runtime import library
from cardscript.runtime.agents import Agent, Decision, HeuristicAgent, RandomAgent
from cardscript.runtime.events import state_hash
from cardscript.runtime.game import Game, GameOver
from cardscript.runtime.state import CardId, GameState, PlayerState, Zone
from cardscript.runtime.turn import Engine

HAND_SIZE = 10          # 6.1


@dataclass
class Match(Game):
    """A Game with its engine (turn structure, Effects Tree, triggers)."""

    engine: Engine | None = None
    deck_names: tuple[str, str] = ("A", "B")

    @property
    def eng(self) -> Engine:
        assert self.engine is not None
        return self.engine

    def decide(self, decision: Decision) -> tuple[int, ...]:
        """As :meth:`Game.decide`, with option facts added where the decision was built without them
        (:meth:`Engine.annotate`); the facts never change the legal answers nor the log."""
        if not decision.facts and self.engine is not None:
            decision = self.engine.annotate(decision)
        return super().decide(decision)


@dataclass
class MatchResult:
    winner: int | None               # None: the match did not end (max_turns)
    reason: str
    turns: int
    ended: bool
    state_hash: str
    procedures: int = 0
    procedure_errors: int = 0
    extra: dict[str, int] = field(default_factory=dict)


AGENT_KINDS = ("heuristic", "random")


def make_agents(kind: str, seed: int) -> list[Agent]:
    """Two seeded agents of one kind (``heuristic`` or ``random``) for the match of ``seed``."""
    if kind == "heuristic":
        return [HeuristicAgent(seed * 2 + 1), HeuristicAgent(seed * 2 + 2)]
    if kind == "random":
        return [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)]
    raise ValueError(f"unknown agents {kind!r} (choose from {', '.join(AGENT_KINDS)})")


def new_match(deck_a: Sequence[CardDef], deck_b: Sequence[CardDef], agents: Sequence[Agent] | None = None,
              seed: int = 0, *, check: bool = False, deck_names: tuple[str, str] = ("A", "B"),
              setup: bool = True) -> Match:
    """A match ready to play its first turn (``setup=False``: before 6.1, for tests)."""
    if agents is None:
        agents = make_agents("random", seed)
    cards: dict[CardId, CardDef] = {}
    owner: dict[CardId, int] = {}
    players = [PlayerState(), PlayerState()]
    next_id = 1
    for player, deck in enumerate((deck_a, deck_b)):
        for definition in deck:
            cards[next_id] = definition
            owner[next_id] = player
            players[player].deck.append(next_id)
            next_id += 1
    game = Match(GameState(owner, players), dict(cards), list(agents), seed=seed, check=check,
                 deck_names=deck_names)
    game.engine = Engine(game)
    game.log.add("match", 0, seed=seed, decks=list(deck_names),
                 cards=[[d.title for d in deck_a], [d.title for d in deck_b]],
                 energy=[[d.initial_energy or 0 for d in deck_a], [d.initial_energy or 0 for d in deck_b]])
    if setup:
        setup_match(game)
    return game


def setup_match(game: Match) -> None:
    """Rules 6.1, in order."""
    s = game.state
    lot = game.rng.randrange(2)
    game.log.add("lot", 0, player=lot)
    (i,) = game.decide(Decision(lot, "first_player", "You won the lot: who starts the match?",
                                ("I start", "my opponent starts"), facts=({"kind": "start"}, {"kind": "let_start"})))
    first = lot if i == 0 else 1 - lot
    s.first_player = s.turn_player = s.active_player = first
    game.log.add("first_player", 0, player=first)
    for p in (0, 1):
        game.shuffle(p)
    for p in (first, 1 - first):
        game.draw(p, HAND_SIZE)
    for p in (first, 1 - first):
        exchange_hand(game, p)
    for p in (first, 1 - first):
        hand = list(s.players[p].hand)
        idx = game.decide(Decision(p, "resources", "Put any cards of your hand into your resources",
                                   tuple(game.name(c) for c in hand), 0, len(hand),
                                   facts=game.eng.option_facts(p, game.eng.cards_facts, hand)))
        for k in sorted(idx):
            game.move(hand[k], Zone.RESOURCES, reason="setup (6.1)")
    s.phase = "setup done"


def exchange_hand(game: Match, player: int) -> None:
    """6.1: the two hand exchanges, interleaved as the player likes, until they keep the hand."""
    s = game.state
    me = s.players[player]
    for _ in range(HAND_SIZE + 2):
        hand = list(me.hand)
        options = ["keep this hand"]
        chars = sum(1 for c in hand if game.cards[c].is_character)
        facts: list[dict[str, object]] = [{"kind": "keep", "characters": chars, "hand": len(hand)}]
        can_reveal = not me.hand_exchanged_reveal and chars <= 1 and bool(me.deck or hand)
        if can_reveal:
            options.append(f"reveal the hand ({chars} character card(s)), shuffle it in, draw {len(hand)}")
            facts.append({"kind": "reveal", "draw": len(hand)})
        if hand:
            options.append(f"shuffle the hand in and draw {max(0, len(hand) - 2)}")
            facts.append({"kind": "fewer", "draw": max(0, len(hand) - 2)})
        (i,) = game.decide(Decision(player, "exchange", "Exchange your hand?", tuple(options), facts=tuple(facts)))
        choice = options[i]
        if i == 0:
            return
        if choice.startswith("reveal"):
            me.hand_exchanged_reveal = True
            game.log.add("reveal", 0, player=player, cards=hand, reason="hand exchange (6.1)")
            count = len(hand)
        else:
            count = max(0, len(hand) - 2)
        for c in hand:
            game.move(c, Zone.DECK, reason="hand exchange (6.1)")
        game.shuffle(player)
        game.draw(player, count)


def play_match(game: Match, max_turns: int = 200) -> MatchResult:
    """Play turns until the match ends (4.9) or ``max_turns`` turns were played."""
    engine = game.eng
    s = game.state
    try:
        if s.winner is None:
            while s.turn < max_turns:
                engine.play_turn()
    except GameOver:
        pass
    ended = s.winner is not None
    result = MatchResult(
        winner=s.winner, reason=s.end_reason if ended else f"not ended after {s.turn} turns (max_turns)",
        turns=s.turn, ended=ended, state_hash=state_hash(s), procedures=engine.tree.procedures_run,
        procedure_errors=engine.procedure_errors)
    game.log.add("result", 0, winner=s.winner, reason=result.reason, turns=s.turn, ended=ended,
                 state_hash=result.state_hash, players=engine.status())
    return result


def bundled_deck_path(name: str) -> Path:
    """``vingadores`` -> the bundled deck file ``cardscripts/decks/vingadores.deck``."""
    from cardscript.compiler.pipeline import library_path

    return library_path() / "decks" / f"{name}.deck"


def load_deck_file(path: str | Path) -> list[CardDef]:
    """A deck file's cards, from the bundled library (``library.load_deck``)."""
    return list(library.load_deck(Path(path)))


@dataclass
class SimulationReport:
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    by_reason: dict[str, int] = field(default_factory=dict)
    unfinished: int = 0
    violations: list[str] = field(default_factory=list)
    turns: int = 0
    procedures: int = 0
    procedure_errors: int = 0

    @property
    def average_turns(self) -> float:
        return self.turns / self.games if self.games else 0.0


def simulate(deck_a: Sequence[CardDef], deck_b: Sequence[CardDef], games: int, seed: int = 0,
             max_turns: int = 200, check: bool = True,
             progress: Any = None, agents: str = "random") -> SimulationReport:
    """``games`` matches (seeds ``seed``, ``seed + 1``...) between two agents of the kind ``agents``
    (:func:`make_agents`), with invariant checks: a violation (AssertionError from ``Game(check=True)``)
    is caught, counted and reported with its seed."""
    report = SimulationReport()
    for k in range(games):
        game_seed = seed + k
        report.games += 1
        if progress is not None:
            progress(k, games)
        try:
            game = new_match(deck_a, deck_b, make_agents(agents, game_seed), seed=game_seed, check=check)
            result = play_match(game, max_turns=max_turns)
        except AssertionError as exc:
            report.violations.append(f"seed {game_seed}: {exc}")
            continue
        except GameOver as over:                 # the match ended during the setup (a tiny deck)
            report.wins[over.winner] += 1
            continue
        report.turns += result.turns
        report.procedures += result.procedures
        report.procedure_errors += result.procedure_errors
        if result.ended and result.winner is not None:
            report.wins[result.winner] += 1
            kind = result.reason.split(":")[0].split(" (")[0]
            report.by_reason[kind] = report.by_reason.get(kind, 0) + 1
        else:
            report.unfinished += 1
    if progress is not None:
        progress(games, games)
    return report
