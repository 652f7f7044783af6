"""A match from two decks: setup (rules 6.1) and the turn loop until victory or defeat (4.9).

:func:`new_match` builds the Game (every physical card gets a CardId; player 0 plays deck A, player 1
deck B), its :class:`~cardscript.games.battle_scenes.runtime.turn.Engine`, and plays the setup of 6.1:

1. a player is chosen by lot (the match's seeded RNG) and chooses who starts (a decision);
2. each player shuffles their deck;
3. each draws a hand of 10;
4. the first player, then the second, may exchange their hand, as often as they like, in the two ways
   of 6.1: reveal a hand with one or no character card, shuffle it into the deck and draw as many
   (once per match), or shuffle it into the deck and draw two fewer (while the hand has cards);
5. the first player, then the second, puts any cards of their hand into their resources.

:func:`play_match` plays turns until :class:`~cardscript.games.battle_scenes.runtime.game.GameOver` (victory by points
4.9.1,
defeat by deck 4.9.2) or ``max_turns``, which is reported as such (``ended=False``), never hidden.

:func:`simulate_matches` plays many seeded matches with invariant checks (``cardscript simulate``,
docs/simulation.md) and reports, besides wins and how the matches ended, each card whose procedure failed
(:class:`CardFailure`: the card, its file, the procedure's text, the error), counted. One match's crash -- an
exception escaping the engine -- is a procedure error of the card being resolved and stops that match only.
"""

from __future__ import annotations

import re
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import TracebackType
from typing import Any

from cardscript.compiler.ir import CardDef, Procedure
from cardscript.engine.agents import Agent, Decision, HeuristicAgent, RandomAgent
from cardscript.engine.events import state_hash
from cardscript.engine.tree import Pending
from cardscript.games.battle_scenes.runtime.derived import StaleDerivedState
from cardscript.games.battle_scenes.runtime.game import Game, GameOver
from cardscript.games.battle_scenes.runtime.state import CardId, GameState, PlayerState, Zone, check_invariants
from cardscript.games.battle_scenes.runtime.turn import ActionUse, Engine

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


AGENT_KINDS = ("heuristic", "random", "mcts")


def make_agents(kind: str, seed: int) -> list[Agent]:
    """Two seeded agents of one kind (``heuristic``, ``random``, or ``mcts`` with its budget: runtime.mcts
    ``agent_kind``) for the match of ``seed``."""
    if kind.split(":")[0] == "mcts":            # imported here: runtime.mcts imports this module
        from cardscript.games.battle_scenes.runtime.mcts import make_mcts_agents

        return make_mcts_agents(kind, seed)
    if kind == "heuristic":
        return [HeuristicAgent(seed * 2 + 1), HeuristicAgent(seed * 2 + 2)]
    if kind == "random":
        return [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)]
    raise ValueError(f"unknown agents {kind!r} (choose from {', '.join(AGENT_KINDS)})")


def new_match(deck_a: Sequence[CardDef], deck_b: Sequence[CardDef], agents: Sequence[Agent] | None = None,
              seed: int = 0, *, check: bool = False, deck_names: tuple[str, str] = ("A", "B"),
              setup: bool = True, card_names: Callable[[CardDef], str] | None = None) -> Match:
    """A match ready to play its first turn (``setup=False``: before 6.1, for tests). The log's ``match`` event
    lists the decks' cards by ``card_names`` (default: the title; ``Library.name_of`` writes the printed code of
    a card whose title the library shares with another card, so a replay finds the same card)."""
    named = card_names or (lambda d: d.title)
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
    for ident, definition in cards.items():           # a title the library shares: the code in traces too
        if named(definition) != definition.title:
            game.labels[ident] = f"{definition.title} ({named(definition)})"
    game.log.add("match", 0, seed=seed, decks=list(deck_names),
                 cards=[[named(d) for d in deck_a], [named(d) for d in deck_b]],
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
    return match_result(game)


def match_result(game: Match) -> MatchResult:
    """How a match that stopped playing turns ended (or did not), logged as its ``result`` event."""
    engine = game.eng
    s = game.state
    ended = s.winner is not None
    result = MatchResult(
        winner=s.winner, reason=s.end_reason if ended else f"not ended after {s.turn} turns (max_turns)",
        turns=s.turn, ended=ended, state_hash=state_hash(s), procedures=engine.tree.procedures_run,
        procedure_errors=engine.procedure_errors)
    game.log.add("result", 0, winner=s.winner, reason=result.reason, turns=s.turn, ended=ended,
                 state_hash=result.state_hash, players=engine.status())
    return result


def bundled_deck_path(name: str) -> Path:
    """``vingadores`` -> the bundled deck file ``cardscript/games/battle_scenes/decks/vingadores.deck``."""
    from cardscript.compiler.pipeline import decks_path

    return decks_path() / f"{name}.deck"


def load_deck_file(path: str | Path, cards: dict[str, CardDef] | None = None) -> list[CardDef]:
    """A deck file's cards, from ``cards`` (as ``library.load_library`` returns them; default: the bundled
    library) -- ``library.load_deck``. (Imported here: a simulation's worker process plays compiled cards and
    never loads the library, nor imports the compiler's lowering with it.)"""
    from cardscript.games.battle_scenes.runtime.library import load_deck

    return list(load_deck(Path(path), cards))


# ---------------------------------------------------------------------------------------------------------
# many matches: the simulation and what it reports


@dataclass(frozen=True)
class CardFailure:
    """A procedure that failed in a match: the card whose text holds it, that card's file, the procedure's
    text and the error. ``crash``: the exception escaped the engine and stopped the match (else the engine
    logged a ``procedure_error`` and went on). ``card`` is "" when no card was being resolved."""

    card: str
    file: str
    procedure: str
    error: str
    crash: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "file": self.file, "procedure": self.procedure, "error": self.error,
                "crash": self.crash}


@dataclass(frozen=True)
class MatchRecord:
    """One match of a simulation: its seed, how it ended, who started it (6.1; None when the match stopped
    before the report could tell: a crash or an invariant violation), and (random decks) the decks played."""

    seed: int
    winner: int | None
    ended: str                         # "victory by points", "defeat by deck", "unfinished", "engine crash"...
    turns: int
    procedure_errors: int
    decks: tuple[tuple[tuple[str, int], ...], ...] = ()    # [(title, copies)...] of side A's and side B's deck
    first: int | None = None           # the player who started the match (6.1)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seed": self.seed, "winner": self.winner, "ended": self.ended, "turns": self.turns,
                               "procedure_errors": self.procedure_errors, "first": self.first}
        if self.decks:
            out["decks"] = [[{"card": t, "count": n} for t, n in deck] for deck in self.decks]
        return out


CRASH = "engine crash"
VIOLATION = "invariant violation"


@dataclass
class SimulationReport:
    """What :func:`simulate_matches` found. Every match is one of: won (``wins``, its ending in ``by_reason``),
    ``unfinished`` (max turns), a crash (``crashes``) or an invariant violation (``violations``)."""

    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    by_reason: dict[str, int] = field(default_factory=dict)
    unfinished: int = 0
    violations: list[str] = field(default_factory=list)
    turns: int = 0
    procedures: int = 0
    procedure_errors: int = 0
    crashes: int = 0                                   # matches stopped by an exception escaping the engine
    failures: dict[CardFailure, int] = field(default_factory=dict)
    failure_seeds: dict[CardFailure, list[int]] = field(default_factory=dict)
    matches: list[MatchRecord] = field(default_factory=list)
    tracebacks: list[tuple[int, str]] = field(default_factory=list)   # (seed, traceback) of each crash

    @property
    def average_turns(self) -> float:
        return self.turns / self.games if self.games else 0.0

    def add_failure(self, failure: CardFailure, seed: int) -> None:
        self.failures[failure] = self.failures.get(failure, 0) + 1
        seeds = self.failure_seeds.setdefault(failure, [])
        if seed not in seeds:
            seeds.append(seed)

    def failures_by_count(self) -> list[tuple[CardFailure, int]]:
        """Every failure with its count, the most frequent first (then by card and procedure)."""
        return sorted(self.failures.items(), key=lambda fc: (-fc[1], fc[0].card, fc[0].procedure, fc[0].error))

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games, "wins": list(self.wins), "ended": dict(sorted(self.by_reason.items())),
            "unfinished": self.unfinished, "crashes": self.crashes, "average_turns": round(self.average_turns, 2),
            "procedures": self.procedures, "procedure_errors": self.procedure_errors,
            "invariant_violations": list(self.violations),
            "card_failures": [{**f.to_dict(), "count": n, "seeds": self.failure_seeds.get(f, [])}
                              for f, n in self.failures_by_count()],
            "matches": [m.to_dict() for m in self.matches],
        }


DeckSource = Callable[[int], tuple[Sequence[CardDef], Sequence[CardDef]]]


def simulate(deck_a: Sequence[CardDef], deck_b: Sequence[CardDef], games: int, seed: int = 0,
             max_turns: int = 200, check: bool = True,
             progress: Any = None, agents: str = "random",
             files: Mapping[str, str] | None = None) -> SimulationReport:
    """``games`` matches between the same two decks (:func:`simulate_matches`)."""
    return simulate_matches(lambda _seed: (deck_a, deck_b), games, seed=seed, max_turns=max_turns, check=check,
                            progress=progress, agents=agents, files=files)


def simulate_matches(decks: DeckSource, games: int, seed: int = 0, max_turns: int = 200, check: bool = True,
                     progress: Any = None, agents: str = "random", files: Mapping[str, str] | None = None,
                     record_decks: bool = False) -> SimulationReport:
    """``games`` matches (seeds ``seed``, ``seed + 1``...) between two agents of the kind ``agents``
    (:func:`make_agents`); ``decks(game_seed)`` gives each match's two decks.

    Invariant checks are on (``check``): a violation (an AssertionError of ``Game(check=True)`` with the state
    broken) is counted and reported with its seed. Every ``procedure_error`` the engine logged is a
    :class:`CardFailure` of the card being resolved (its file from ``files``: title -> path). An exception that
    escapes the engine (a crash) stops that match only: it is counted as a procedure error and a failure of the
    card being resolved (:func:`crash_failure`), and its traceback kept in ``tracebacks`` for ``--debug``.
    ``record_decks``: keep each match's decks in its :class:`MatchRecord` (random decks)."""
    report = SimulationReport()
    files = files or {}
    for k in range(games):
        game_seed = seed + k
        report.games += 1
        if progress is not None:
            progress(k, games)
        deck_a, deck_b = decks(game_seed)
        played = _play_one(deck_a, deck_b, game_seed, agents, max_turns, check, report, files)
        if record_decks:
            played = replace(played, decks=(_entries(deck_a), _entries(deck_b)))
        report.matches.append(played)
    if progress is not None:
        progress(games, games)
    return report


def _entries(deck: Sequence[CardDef]) -> tuple[tuple[str, int], ...]:
    counts: dict[str, int] = {}
    for card in deck:
        counts[card.title] = counts.get(card.title, 0) + 1
    return tuple(counts.items())


def _ending(reason: str) -> str:
    """``victory by points: 19 (4.9.1)`` -> ``victory by points``."""
    return reason.split(":")[0].split(" (")[0]


def _play_one(deck_a: Sequence[CardDef], deck_b: Sequence[CardDef], game_seed: int, agents: str, max_turns: int,
              check: bool, report: SimulationReport, files: Mapping[str, str]) -> MatchRecord:
    if agents.split(":")[0] == "mcts":           # a search agent needs the steppable engine (runtime.mcts)
        from cardscript.games.battle_scenes.runtime.mcts import simulate_one

        return simulate_one(deck_a, deck_b, game_seed, agents, max_turns, check, report, files)
    try:
        game = new_match(deck_a, deck_b, make_agents(agents, game_seed), seed=game_seed, check=check, setup=False)
    except Exception as exc:  # noqa: BLE001 - the match could not even be set up: a crash with no card resolved
        report.tracebacks.append((game_seed, "".join(traceback.format_exception(exc))))
        report.crashes += 1
        report.procedure_errors += 1
        report.add_failure(CardFailure("", "", "(building the match: no card was being resolved)",
                                       f"{type(exc).__name__}: {exc}".rstrip(": "), crash=True), game_seed)
        return MatchRecord(game_seed, None, CRASH, 0, 1)
    crash: CardFailure | None = None
    try:
        try:
            setup_match(game)
        except GameOver as over:                 # the match ended during the setup (a tiny deck)
            report.wins[over.winner] += 1
            report.by_reason[_ending(over.reason)] = report.by_reason.get(_ending(over.reason), 0) + 1
            return MatchRecord(game_seed, over.winner, _ending(over.reason), game.state.turn, 0,
                               first=game.state.first_player)
        result = play_match(game, max_turns=max_turns)
    except AssertionError as exc:
        if check_invariants(game.state) or isinstance(exc, StaleDerivedState):   # the state is broken, or an answer
            #                                    kept from it is stale (runtime.derived): a violation, not a crash
            report.violations.append(f"seed {game_seed}: {exc}")
            report.turns += game.state.turn
            return MatchRecord(game_seed, None, VIOLATION, game.state.turn, 0)
        crash = crash_failure(game, exc, files)
        report.tracebacks.append((game_seed, "".join(traceback.format_exception(exc))))
    except Exception as exc:  # noqa: BLE001 - one match's crash is reported, the run goes on
        crash = crash_failure(game, exc, files)
        report.tracebacks.append((game_seed, "".join(traceback.format_exception(exc))))
    finally:
        for failure in logged_failures(game, files):
            report.add_failure(failure, game_seed)
    errors = game.eng.procedure_errors
    report.procedures += game.eng.tree.procedures_run
    if crash is not None:
        report.crashes += 1
        report.procedure_errors += errors + 1
        report.add_failure(crash, game_seed)
        report.turns += game.state.turn
        return MatchRecord(game_seed, None, CRASH, game.state.turn, errors + 1)
    return count_result(report, game_seed, result, game.state.first_player)


def count_result(report: SimulationReport, game_seed: int, result: MatchResult, first: int) -> MatchRecord:
    """A match that played to its end or its turn limit, counted in ``report``: turns, procedure errors, a win and
    how, or an unfinished match."""
    report.turns += result.turns
    report.procedure_errors += result.procedure_errors
    if result.ended and result.winner is not None:
        report.wins[result.winner] += 1
        kind = _ending(result.reason)
        report.by_reason[kind] = report.by_reason.get(kind, 0) + 1
        return MatchRecord(game_seed, result.winner, kind, result.turns, result.procedure_errors, first=first)
    report.unfinished += 1
    return MatchRecord(game_seed, None, "unfinished", result.turns, result.procedure_errors, first=first)


# -- which card a failure belongs to ------------------------------------------------------------------------

_CARD_ID = re.compile(r"#(\d+)\b")


def _failure(game: Game, card: CardId | CardDef | None, procedure: str, error: str, files: Mapping[str, str],
             crash: bool = False) -> CardFailure:
    definition = game.cards.get(card) if isinstance(card, int) else card
    title = getattr(definition, "title", "") or ""
    return CardFailure(title, files.get(title, ""), procedure, error, crash)


def _card_of_label(game: Game, label: str) -> CardId | CardDef | None:
    """The card a pending effect's label names: ``Blob V1#12: ...`` / ``Rajada (Thor V2#3)``; else a card of
    the match with an effect of that text (an activated effect's condition probed outside the tree)."""
    for m in _CARD_ID.finditer(label):
        card = int(m.group(1))
        if card in game.cards:
            return card
    for definition in game.cards.values():
        if not isinstance(definition, CardDef):
            continue
        texts = [e.text for e in definition.effects]
        if definition.action is not None:
            texts += [e.text for e in definition.action.modes]
        if label and label in texts:
            return definition
    return None


def logged_failures(game: Game, files: Mapping[str, str]) -> list[CardFailure]:
    """Every ``procedure_error`` of the match's log as a :class:`CardFailure` of the card being resolved: the
    source of the innermost effect the Effects Tree started (or resumed) and has not ended nor paused; failing
    that, the card its label names."""
    out: list[CardFailure] = []
    open_: list[Any] = []
    for event in game.log.events:
        kind = event.kind
        if kind in ("tree_start", "tree_resume"):
            open_.append(event.data.get("source"))
        elif kind in ("tree_end", "tree_pause") and open_:
            open_.pop()
        elif kind == "procedure_error":
            label = str(event.data.get("effect", ""))
            card = open_[-1] if open_ and isinstance(open_[-1], int) else _card_of_label(game, label)
            out.append(_failure(game, card, str(event.data.get("text", "")), str(event.data.get("error", "")), files))
    return out


def _frames(tb: TracebackType | None) -> list[Any]:
    frames = []
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    return frames


def crash_failure(game: Game, exc: BaseException, files: Mapping[str, str]) -> CardFailure:
    """The failure an exception that escaped the engine is: of the card being resolved when it was raised.

    Read from the raising frames, innermost first: the first effect being resolved (a :class:`Pending`: its
    source) with the innermost procedure run for it; else the action being used (its holder). Failing those,
    the innermost effect the log shows started and not ended, else the card of the last play of the turn."""
    procedure: Procedure | None = None
    pending: Pending | None = None
    use: ActionUse | None = None
    for frame in reversed(_frames(exc.__traceback__)):
        for value in frame.f_locals.values():
            if procedure is None and isinstance(value, Procedure):
                procedure = value
            elif pending is None and isinstance(value, Pending):
                pending = value
            elif use is None and isinstance(value, ActionUse):
                use = value
        if pending is not None:
            break
    error = f"{type(exc).__name__}: {exc}".rstrip(": ")
    if pending is not None:
        text = procedure.text or procedure.family if procedure is not None else pending.label
        card: CardId | CardDef | None = pending.source
        if card is None:
            card = _card_of_label(game, pending.label)
        return _failure(game, card, text, error, files, crash=True)
    if use is not None:
        return _failure(game, use.holder, f"using {use.action.name}", error, files, crash=True)
    card_of_log, what = _last_in_log(game)
    return _failure(game, card_of_log, what, error, files, crash=True)


def _last_in_log(game: Game) -> tuple[CardId | None, str]:
    """The innermost effect the log shows started and not ended, else the card of the turn's last play."""
    open_: list[tuple[Any, str]] = []
    last_play: tuple[CardId | None, str] = (None, "(the turn structure: no card was being resolved)")
    for event in game.log.events:
        kind = event.kind
        if kind in ("tree_start", "tree_resume"):
            open_.append((event.data.get("source"), str(event.data.get("effect", ""))))
        elif kind in ("tree_end", "tree_pause") and open_:
            open_.pop()
        elif kind == "status":
            last_play = (None, "(the turn structure: no card was being resolved)")
        elif kind in ("play", "action") and isinstance(event.data.get("holder", event.data.get("card")), int):
            last_play = (event.data.get("holder", event.data.get("card")),
                         str(event.data.get("play") or event.data.get("action") or kind))
    if open_:
        return open_[-1]
    return last_play
