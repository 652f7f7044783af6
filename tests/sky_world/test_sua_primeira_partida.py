"""Manual, "Sua primeira partida": 50 cards and a Herói, six cards, the mulligan once, replenishing to six with
1 Fé for the rival per card missing, 20 Fé wins."""

from __future__ import annotations

import pytest
from sky_fixtures import FILLER, HERO, NINA, LabelAgent, Side, Table

from cardscript.games.sky_world.match import DeckError, SkyDeck, new_match
from cardscript.games.sky_world.turn import replenish, start_turn


def test_three_cards_in_hand_and_an_empty_deck_give_the_rival_3_fe() -> None:
    t = Table(Side(hand=[FILLER] * 3), Side(faith=5))
    replenish(t.engine, 0)
    assert t.state.players[1].faith == 8
    assert len(t.state.players[0].hand) == 3


def test_five_cards_and_no_deck_give_the_rival_1_fe_at_the_start_of_your_turn() -> None:
    t = Table(Side(hand=[FILLER] * 5))
    start_turn(t.engine, 0)
    assert t.state.players[1].faith == 1


def test_an_empty_hand_and_an_empty_deck_miss_six_draws_6_fe() -> None:
    t = Table(Side())
    start_turn(t.engine, 0)
    assert t.state.players[1].faith == 6


def test_a_full_hand_gives_no_bonus_and_draws_by_abilities_neither() -> None:
    t = Table(Side(hand=[FILLER] * 6))
    replenish(t.engine, 0)
    t.engine.draw(0, 2)
    assert t.state.players[1].faith == 0 and len(t.state.players[0].hand) == 6


def test_replenishing_draws_what_is_left_in_the_deck() -> None:
    t = Table(Side(hand=[FILLER] * 2, deck=[NINA] * 3))
    replenish(t.engine, 0)
    assert len(t.state.players[0].hand) == 5 and t.state.players[1].faith == 1


def test_the_bonus_stops_at_the_goal_of_20_and_wins() -> None:
    t = Table(Side(), Side(faith=17))
    from cardscript.games.sky_world.game import SkyGameOver
    with pytest.raises(SkyGameOver) as over:
        replenish(t.engine, 0)
    assert over.value.winner == 1 and t.state.players[1].faith == 20


def _deck(n: int = 50) -> SkyDeck:
    return SkyDeck(HERO, tuple([NINA] * n), "N")


def test_a_deck_has_50_cards_and_a_hero() -> None:
    with pytest.raises(DeckError, match="49 cards"):
        new_match(_deck(49), _deck(), 0)
    with pytest.raises(DeckError, match="not a Herói"):
        new_match(SkyDeck(NINA, tuple([NINA] * 50)), _deck(), 0)


def test_both_players_begin_with_six_cards_no_essences_and_one_despertar() -> None:
    m = new_match(_deck(), _deck(), 3)
    for p in m.game.state.players:
        assert len(p.hand) == 6 and len(p.deck) == 44 and p.bank == [] and p.awaken_limit == 1 and p.faith == 0


def test_the_mulligan_exchanges_part_of_the_hand_once() -> None:
    a, b = LabelAgent(["Nina#"] * 0), LabelAgent()
    m = new_match(_deck(), _deck(), 1, agents=[a, b])
    mulligans = [d for d in a.seen + b.seen if d.kind == "mulligan"]
    assert len(mulligans) == 2 and all(d.minimum == 0 and d.maximum == 6 for d in mulligans)
    assert [e.data["exchanged"] for e in m.game.log.events if e.kind == "mulligan"] == [0, 0]


def test_the_mulligan_puts_back_the_chosen_cards_and_draws_as_many() -> None:
    first = new_match(_deck(), _deck(), 5, agents=[LabelAgent(), LabelAgent()]).game.state.first_player
    agents = [LabelAgent(), LabelAgent()]
    agents[first] = LabelAgent(["#", "#"])
    m = new_match(_deck(), _deck(), 5, agents=agents)
    p = m.game.state.players[first]
    assert len(p.hand) == 6 and len(p.deck) == 44
    assert [e.data["exchanged"] for e in m.game.log.events if e.kind == "mulligan"][0] == 2
