"""The game state's primitives, named after the rules they implement."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from cardscript.engine.agents import Decision, FirstLegalAgent, IllegalChoice, ScriptedAgent, ask
from cardscript.engine.events import EventLog, state_hash
from cardscript.games.battle_scenes.runtime.game import Game, GameOver
from cardscript.games.battle_scenes.runtime.state import GameState, PlayerState, Zone, check_invariants


@dataclass(frozen=True)
class FakeCard:
    title: str
    card_type: str = "Personagem"
    initial_energy: int = 5


def _game(deck_size: int = 20) -> Game:
    owner = {i: (0 if i < 100 else 1) for i in [*range(deck_size), *range(100, 100 + deck_size)]}
    players = [PlayerState(deck=list(range(deck_size))), PlayerState(deck=list(range(100, 100 + deck_size)))]
    cards = {i: FakeCard(f"C{i}") for i in owner}
    return Game(GameState(owner, players), cards, [FirstLegalAgent(), FirstLegalAgent()], check=True)


def _character_with(game: Game, base: int, carried: list[int], controller: int = 0) -> None:
    for c in [base, *carried]:
        game.move(c, Zone.RESOURCES)
    game.enter_scene(base, controller, carried)


def test_3_every_card_in_exactly_one_place() -> None:
    game = _game()
    assert check_invariants(game.state) == []
    game.state.players[0].hand.append(game.state.players[0].deck[0])     # a bug: the card is twice
    assert any("both in" in p for p in check_invariants(game.state))


def test_4_1_unloaded_cards_go_to_the_owners_resources() -> None:
    game = _game()
    _character_with(game, 0, [1, 2])
    game.unload(1)
    assert 1 in game.state.players[0].resources and game.state.scene[0].energy == 1


def test_4_5_capacitate_and_incapacitate_as_far_as_possible() -> None:
    game = _game()
    _character_with(game, 0, [1])
    assert game.capacitate(0, 2) == 1 and game.state.scene[0].stage == 2
    assert game.incapacitate(0, 2) == 2 and game.state.scene[0].stage == 0
    assert game.incapacitate(0, 1) == 0 and game.state.scene[0].stage == 0


def test_4_7_a_character_carrying_nothing_is_knocked_out_to_the_prizes() -> None:
    game = _game()
    _character_with(game, 0, [1])
    game.unload(1)
    assert 0 not in game.state.scene and 0 in game.state.players[0].prizes


def test_4_7_a_support_carrying_nothing_is_destroyed_to_the_resources() -> None:
    game = _game()
    game.cards[0] = FakeCard("S", card_type="Suporte")
    _character_with(game, 0, [1])
    game.unload(1)
    assert 0 in game.state.players[0].resources and 0 not in game.state.players[0].prizes


def test_4_9_1_victory_at_15_prize_points() -> None:
    game = _game()
    for base in (0, 2, 4):                      # three characters of initial energy 5 = 15 points
        _character_with(game, base, [base + 1])
    game.knock_out(0)
    game.knock_out(2)
    assert game.prize_points(1) == 10
    with pytest.raises(GameOver) as over:
        game.knock_out(4)
    assert over.value.winner == 1 and game.state.winner == 1


def test_4_9_2_defeat_by_deck() -> None:
    game = _game(deck_size=2)
    game.draw(0, 2)
    with pytest.raises(GameOver) as over:
        game.draw(0, 1)
    assert over.value.winner == 1


def test_8_D_a_character_is_loaded_only_with_its_owners_cards() -> None:
    game = _game()
    _character_with(game, 0, [1])
    with pytest.raises(ValueError):
        game.load(100, 0)


def test_an_illegal_choice_is_refused_with_a_reason_and_changes_nothing() -> None:
    game = _game()
    decision = Decision(0, "target", "choose a target", ("A", "B"))
    before = state_hash(game.state)
    refused: list[str] = []
    assert ask(ScriptedAgent([[5], [0, 1], [1]]), decision, on_refused=refused.append) == (1,)
    assert refused == ["options are numbered 0 to 1", "pick between 1 and 1 option(s), got 2"]
    assert state_hash(game.state) == before
    with pytest.raises(IllegalChoice):
        ask(ScriptedAgent([[9]] * 5), decision)


def test_the_event_log_round_trips_through_json_lines(tmp_path: Path) -> None:
    game = _game()
    game.draw(0, 3)
    path = tmp_path / "log.jsonl"
    game.log.save(path)
    assert EventLog.load(path).events == game.log.events
