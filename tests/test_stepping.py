"""The steppable engine (issue 12 part 4): a match advanced one decision at a time, cloned at any decision,
seen by one player, determinized, finished by agents -- and always the same match as the one the agents play
straight through (principle 9: same cards, seed and answers give the same match)."""

from __future__ import annotations

import gc
import random
import threading
from collections import Counter
from dataclasses import asdict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardscript.engine.agents import FirstLegalAgent, IllegalChoice, RandomAgent
from cardscript.engine.events import state_hash
from cardscript.games.battle_scenes.runtime.match import (
    bundled_deck_path,
    load_deck_file,
    make_agents,
    new_match,
    play_match,
)
from cardscript.games.battle_scenes.runtime.stepping import SteppedMatch, hidden_from, play_stepped


@pytest.fixture(scope="module")
def decks() -> tuple[list[object], list[object]]:
    return (load_deck_file(bundled_deck_path("vingadores")), load_deck_file(bundled_deck_path("irmandade")))


def _walk(match: SteppedMatch, agents: list[object], steps: int) -> None:
    decision = match.advance()
    for _ in range(steps):
        if decision is None:
            return
        decision = match.give(agents[decision.player].decide(decision))   # type: ignore[attr-defined]


@pytest.mark.parametrize(("kind", "seed"), [("random", 1), ("random", 2), ("heuristic", 3)])
def test_stepped_match_is_the_match_played_straight(decks, kind: str, seed: int) -> None:
    straight = new_match(*decks, make_agents(kind, seed), seed=seed)
    expected = play_match(straight)
    facts = (kind == "heuristic",) * 2
    stepped = SteppedMatch.start(*decks, seed=seed, facts=facts)       # type: ignore[arg-type]
    result = play_stepped(stepped, make_agents(kind, seed))
    assert result.state_hash == expected.state_hash
    assert [asdict(e) for e in stepped.game.log.events] == [asdict(e) for e in straight.log.events]
    assert stepped.over and stepped.advance() is None


def test_clone_has_the_same_state_hash_and_the_same_future(decks) -> None:
    match = SteppedMatch.start(*decks, seed=5, facts=(False, False))
    agents = make_agents("random", 5)
    rng = random.Random(0)
    checked = 0
    decision = match.advance()
    while decision is not None:
        if rng.random() < 0.08:
            clone = match.clone()
            assert clone.advance() == decision
            assert clone.state_hash() == match.state_hash()
            again = match.clone()
            ends = [c.finish([RandomAgent(11), RandomAgent(12)]).state_hash for c in (clone, again)]
            assert ends[0] == ends[1]
            checked += 1
        decision = match.give(agents[decision.player].decide(decision))
    assert checked >= 3


@pytest.mark.parametrize(("kind", "seed"), [("random", 21), ("random", 22), ("heuristic", 23)])
def test_a_clone_given_the_same_answers_has_the_same_whole_future(decks, kind: str, seed: int) -> None:
    """Clones made at decisions all through a match (many of them at rest points inside a turn, where the
    clone starts from a snapshot taken there), each given the answers the original got afterwards, end with the
    original's very log and state."""
    match = SteppedMatch.start(*decks, seed=seed, facts=(kind == "heuristic",) * 2)    # type: ignore[arg-type]
    agents = make_agents(kind, seed)
    rng = random.Random(seed)
    answers: list[object] = []
    clones: list[tuple[int, SteppedMatch]] = []
    decision = match.advance()
    while decision is not None:
        if rng.random() < 0.06:
            clones.append((len(answers), match.clone()))
        answers.append(agents[decision.player].decide(decision))
        decision = match.give(answers[-1])
    events = [asdict(e) for e in match.game.log.events]
    assert len(clones) >= 4
    for since, clone in clones:
        for raw in answers[since:]:
            clone.give(raw)
        assert clone.over
        assert clone.state_hash() == match.state_hash()
        assert [asdict(e) for e in clone.game.log.events] == events


def test_a_clone_at_the_first_turn_keeps_the_triggers_of_the_setup(decks) -> None:
    """6.1 puts cards from the hand into the resources before the first turn; a card that triggers on that
    (5.2.1) has its effect in the Effects Tree when the first turn starts, resolved there. That is no rest
    point: a clone made at its decision replays from before the setup, and keeps the effect."""
    from tests.engine_helpers import card

    rede = card("Habilidade: Rede V1\nPoder: Elasticidade\n\nTexto permanente:\n  Quando você colocar este card em "
                "seus recursos vindo de sua mão, você pode comprar um card.\n")
    deck_a = [rede if i % 2 else c for i, c in enumerate(decks[0])]
    checked = 0
    for seed in range(6):
        match = SteppedMatch.start(deck_a, decks[1], seed=seed, facts=(False, False))   # type: ignore[arg-type]
        agents = make_agents("random", seed)
        decision = match.advance()
        while decision is not None and match.game.state.turn <= 1:
            if match.game.state.turn == 1 and match.game.state.phase == "turn" and decision.kind == "optional":
                assert match.position().snapshot.at is None and match.position().snapshot.state.turn == 0
                clone = match.clone()
                assert clone.advance() == decision and clone.state_hash() == match.state_hash()
                clone.close()
                checked += 1
            decision = match.give(agents[decision.player].decide(decision))
        match.close()
    assert checked >= 1


def test_a_clone_at_a_play_decision_replays_nothing(decks) -> None:
    """The Preparation Phase and the action steps are rest points: a clone made at one of their play decisions
    starts from the snapshot taken there, with no answer to replay; elsewhere the answers since the last rest
    point are replayed."""
    match = SteppedMatch.start(*decks, seed=8, facts=(False, False))
    agents = make_agents("random", 8)
    plays = others = 0
    decision = match.advance()
    while decision is not None and match.game.state.turn < 8:
        position = match.position()
        if decision.kind == "play":
            assert position.answers == () and position.snapshot.at is not None
            assert position.snapshot.at[0] in ("preparation", "anticipation", "attack")
            plays += 1
        elif position.answers:
            others += 1
        decision = match.give(agents[decision.player].decide(decision))
    assert plays >= 10 and others >= 1
    match.close()


def test_answering_a_clone_never_changes_the_original(decks) -> None:
    match = SteppedMatch.start(*decks, seed=6, facts=(False, False))
    _walk(match, make_agents("random", 6), 40)
    before = match.state_hash()
    events = len(match.game.log.events)
    clone = match.clone()
    clone.finish([FirstLegalAgent(), FirstLegalAgent()])
    assert clone.over
    assert match.state_hash() == before and len(match.game.log.events) == events
    assert not match.over


def test_an_illegal_answer_is_refused_and_changes_nothing(decks) -> None:
    match = SteppedMatch.start(*decks, seed=7)
    decision = match.advance()
    assert decision is not None
    before = match.state_hash()
    for wrong in ([len(decision.options)], [0, 0], "0", [-1]):
        with pytest.raises(IllegalChoice):
            match.answer(wrong)            # type: ignore[arg-type]
    assert match.advance() == decision and match.state_hash() == before


def test_view_shows_only_what_a_player_may_see(decks) -> None:
    """Rules 3: the hand and the deck are hidden (their sizes are not); the scene, resources, prizes are seen."""
    match = SteppedMatch.start(*decks, seed=8, facts=(False, False))
    _walk(match, make_agents("random", 8), 60)
    state = match.game.state
    for player in (0, 1):
        view = match.view(player)
        assert [c.card for c in view.hand] == state.players[player].hand
        assert view.hand_sizes == (len(state.players[0].hand), len(state.players[1].hand))
        assert view.deck_sizes == (len(state.players[0].deck), len(state.players[1].deck))
        assert {b[0].card for b in view.scene} == set(state.scene)
        shown = {c.card for c in view.hand} | {c.card for pile in (*view.resources, *view.prizes) for c in pile}
        opponent = state.players[1 - player]
        assert not shown & {*opponent.hand, *opponent.deck}


def test_determinize_deals_again_only_what_the_player_cannot_see(decks) -> None:
    match = SteppedMatch.start(*decks, seed=9, facts=(False, False))
    _walk(match, make_agents("random", 9), 50)
    state = match.game.state
    original = match.game.cards
    decision = match.advance()
    assert decision is not None
    seen_before = match.view(decision.player)
    changed = 0
    for k in range(5):
        other = match.determinize(decision.player, random.Random(k))
        assert other.advance() == decision
        assert other.view(decision.player) == seen_before      # what the player sees is the same world
        for group in hidden_from(state, decision.player):
            assert Counter(id(other.game.cards[c]) for c in group) == Counter(id(original[c]) for c in group)
            changed += sum(other.game.cards[c] is not original[c] for c in group)
        other.finish([RandomAgent(1), RandomAgent(2)])
    assert changed > 0


def test_dropped_paused_clones_release_their_threads(decks) -> None:
    match = SteppedMatch.start(*decks, seed=10, facts=(False, False))
    _walk(match, make_agents("random", 10), 30)
    before = threading.active_count()
    clones = [match.clone() for _ in range(5)]
    for c in clones:
        c.advance()
        c.state_hash()
    assert threading.active_count() >= before + 5
    del clones, c
    gc.collect()
    for t in [t for t in threading.enumerate() if t.name == "cardscript-match"]:
        t.join(timeout=5)
    assert threading.active_count() <= before


def test_game_state_copy_is_independent_and_equal(decks) -> None:
    match = SteppedMatch.start(*decks, seed=11, facts=(False, False))
    _walk(match, make_agents("random", 11), 80)
    state = match.game.state
    copied = state.copy()
    assert copied == state and state_hash(copied) == state_hash(state)
    copied.players[0].hand.append(999)
    copied.this_turn.knocked_out.append(999)
    for base in copied.scene.values():
        base.carried.append(999)
        base.actions_used.append("x")
    assert 999 not in state.players[0].hand and 999 not in state.this_turn.knocked_out
    assert all(999 not in b.carried and "x" not in b.actions_used for b in state.scene.values())


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 150), agent_seed=st.integers(0, 100))
def test_a_clone_at_any_decision_replays_to_the_same_state(decks, seed: int, steps: int, agent_seed: int) -> None:
    match = SteppedMatch.start(*decks, seed=seed, facts=(False, False))
    _walk(match, [RandomAgent(agent_seed), RandomAgent(agent_seed + 1)], steps)
    clone = match.clone()
    assert clone.advance() == match.advance()
    assert clone.state_hash() == match.state_hash()
    assert len(clone.game.log.events) == len(match.game.log.events)
    match.close()
    clone.close()


def test_finish_until_turn_stops_a_paused_match_too(decks) -> None:
    """A playout cut short: ``until_turn`` holds whether the match was paused in its thread or never run."""
    for paused in (False, True):
        match = SteppedMatch.start(*decks, seed=12, facts=(False, False))
        _walk(match, make_agents("random", 12), 10)
        clone = match.clone()
        if paused:
            clone.advance()                       # made real: its engine waits in its thread
        turn = clone.game.state.turn
        result = clone.finish([RandomAgent(3), RandomAgent(4)], until_turn=turn + 2)
        assert not result.ended and result.turns == turn + 2
