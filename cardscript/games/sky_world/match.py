"""A Sky World match from two decks: setup and mulligan, then turns until a player reaches 20 Fé (manual, "Sua
primeira partida"). The front door, like :mod:`cardscript.games.battle_scenes.runtime.match`'s: :func:`new_match`,
:func:`play_match`, :func:`simulate`."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from cardscript.engine.agents import Agent, Decision, RandomAgent
from cardscript.games.sky_world.engine import SkyEngine
from cardscript.games.sky_world.game import SkyGame, SkyGameOver
from cardscript.games.sky_world.ir import SkyCard
from cardscript.games.sky_world.state import DECK_SIZE, HAND_LIMIT, CardId, SkyPlayer, SkyState, check_invariants
from cardscript.games.sky_world.turn import play_turn


class DeckError(ValueError):
    """A deck that breaks the manual's construction rule (50 cards and a Herói)."""


@dataclass(frozen=True)
class SkyDeck:
    hero: SkyCard
    cards: tuple[SkyCard, ...]
    name: str = ""

    def check(self, size: int | None = DECK_SIZE) -> None:
        if not self.hero.is_hero:
            raise DeckError(f"deck {self.name or '?'}: {self.hero.title} is not a Herói")
        if size is not None and len(self.cards) != size:
            raise DeckError(f"deck {self.name or '?'}: {len(self.cards)} cards, a deck has {size} and a Herói")
        wrong = [c.title for c in self.cards if c.is_hero]
        if wrong:
            raise DeckError(f"deck {self.name or '?'}: a Herói among the 50 cards ({wrong[0]})")


@dataclass
class SkyMatch:
    game: SkyGame
    engine: SkyEngine


@dataclass(frozen=True)
class SkyResult:
    winner: int | None
    reason: str
    turns: int
    ended: bool
    faith: tuple[int, int]
    state_hash: str


def new_match(deck_a: SkyDeck, deck_b: SkyDeck, seed: int = 0, agents: Sequence[Agent] | None = None,
              deck_size: int | None = DECK_SIZE, check: bool = True) -> SkyMatch:
    """The match's state from the two decks (player 0 plays A), the first player by lot, shuffled decks, six cards
    each and the mulligan, first player first."""
    deck_a.check(deck_size)
    deck_b.check(deck_size)
    cards: dict[CardId, SkyCard] = {}
    owner: dict[CardId, int] = {}
    players = [SkyPlayer(), SkyPlayer()]
    for index, deck in enumerate((deck_a, deck_b)):
        for definition in (deck.hero, *deck.cards):
            card = len(cards)
            cards[card] = definition
            owner[card] = index
            if definition is deck.hero:
                players[index].hero = card
            else:
                players[index].deck.append(card)
    state = SkyState(players, cards, owner)
    game = SkyGame(state, list(agents) if agents is not None else [RandomAgent(seed), RandomAgent(seed + 1)],
                   seed=seed, check=check)
    engine = SkyEngine(game)
    state.first_player = state.active_player = game.rng.randrange(2)
    game.emit("match", seed=seed, first_player=state.first_player, decks=[deck_a.name, deck_b.name],
              titles={str(c): d.title for c, d in cards.items()})
    for p in players:
        game.rng.shuffle(p.deck)
    for index, p in enumerate(players):
        p.hand, p.deck = p.deck[:HAND_LIMIT], p.deck[HAND_LIMIT:]
        game.emit("deal", player=index, cards=len(p.hand))
    for index in (state.first_player, 1 - state.first_player):
        mulligan(game, index)
    return SkyMatch(game, engine)


def mulligan(game: SkyGame, player: int) -> None:
    """Once, before playing: exchange part or all of the hand, or keep it (the cards back, shuffled, as many
    drawn)."""
    p = game.state.players[player]
    hand = list(p.hand)
    answer = game.decide(Decision(player, "mulligan", "mulligan: the cards to exchange (none: keep the hand)",
                                  tuple(game.name(c) for c in hand), 0, len(hand),
                                  facts=tuple({"kind": "card", "card": c} for c in hand)))
    back = [hand[i] for i in answer]
    if not back:
        game.emit("mulligan", player=player, exchanged=0)
        return
    for card in back:
        p.hand.remove(card)
    p.deck.extend(back)
    game.rng.shuffle(p.deck)
    p.hand.extend(p.deck[:len(back)])
    del p.deck[:len(back)]
    game.emit("mulligan", player=player, exchanged=len(back))


def play_match(match: SkyMatch, max_turns: int = 200) -> SkyResult:
    """Turns, players alternating from the first, until a player reaches the goal or ``max_turns`` (reported as
    not ended)."""
    state = match.game.state
    player = state.first_player
    try:
        while state.turn < max_turns:
            play_turn(match.engine, player)
            player = 1 - player
    except SkyGameOver as over:
        return result(match, over.winner, over.reason, True)
    return result(match, None, f"{max_turns} turns", False)


def result(match: SkyMatch, winner: int | None, reason: str, ended: bool) -> SkyResult:
    state = match.game.state
    return SkyResult(winner, reason, state.turn, ended, (state.players[0].faith, state.players[1].faith),
                     state_hash(state))


def state_hash(state: SkyState) -> str:
    blob = json.dumps(asdict(state), sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class SimulationReport:
    games: int
    wins: tuple[int, int]
    unfinished: int
    violations: int


def simulate(deck_a: SkyDeck, deck_b: SkyDeck, games: int, seed: int = 0, deck_size: int | None = DECK_SIZE,
             max_turns: int = 200) -> SimulationReport:
    """Seeded random matches with the invariants checked after every event."""
    wins = [0, 0]
    unfinished = violations = 0
    for n in range(games):
        match = new_match(deck_a, deck_b, seed + n, deck_size=deck_size)
        try:
            outcome = play_match(match, max_turns)
        except AssertionError:
            violations += 1
            continue
        if check_invariants(match.game.state):
            violations += 1
        if outcome.winner is None:
            unfinished += 1
        else:
            wins[outcome.winner] += 1
    return SimulationReport(games, (wins[0], wins[1]), unfinished, violations)
