"""Agents and option facts (principle 8): the heuristic agent plays like a sensible beginner."""

from __future__ import annotations

import functools

import pytest

from cardscript.compiler.ir import CardDef, Damage, Kind, Quantity, Ref, Selector, Unload
from cardscript.engine.agents import Decision, HeuristicAgent, RandomAgent, validate
from cardscript.games.battle_scenes.runtime.actions import legal_actions
from cardscript.games.battle_scenes.runtime.match import (
    bundled_deck_path,
    load_deck_file,
    make_agents,
    new_match,
    play_match,
)
from tests.test_actions import fighter, setup


@functools.cache
def decks() -> tuple[list[CardDef], list[CardDef]]:
    return load_deck_file(bundled_deck_path("vingadores")), load_deck_file(bundled_deck_path("irmandade"))


def card(i: int, controller: int, **facts: object) -> dict[str, object]:
    return {"kind": "card", "card": i, "controller": controller, **facts}


def test_decision_facts_are_parallel_to_the_options() -> None:
    with pytest.raises(ValueError):
        Decision(0, "target", "?", ("a", "b"), facts=({"kind": "card"},))
    d = Decision(0, "target", "?", ("a", "b"), facts=({"kind": "card", "card": 1}, {"kind": "card"}))
    assert d.fact(0, "card") == 1 and d.fact(1, "card", 7) == 7
    assert Decision(0, "target", "?", ("a",)).fact(0, "card", 3) == 3


def test_heuristic_damage_goes_to_the_opponent_and_prefers_a_knock_out() -> None:
    harm = {"harm": True, "amount": 3, "piercing": False}
    d = Decision(0, "target", "Golpe: o alvo", ("mine", "big", "weak"),
                 facts=(card(1, 0, energy=1, shield=0, **harm),
                        card(2, 1, energy=7, shield=1, initial_energy=7, **harm),
                        card(3, 1, energy=2, shield=1, initial_energy=3, **harm)))
    assert list(HeuristicAgent(1).decide(d)) == [2]                     # 3 - 1 >= 2: a knock-out
    buff = Decision(0, "target", "Força: o alvo", ("theirs", "mine"),
                    facts=(card(2, 1, harm=False), card(1, 0, harm=False)))
    assert list(HeuristicAgent(1).decide(buff)) == [1]


def test_heuristic_declines_harmful_optional_steps() -> None:
    harmful = Decision(0, "optional", "descarregue um card deste personagem?", ("yes", "no"),
                       facts=({"kind": "yes", "harm": True}, {"kind": "no"}))
    harmless = Decision(0, "optional", "compre um card?", ("yes", "no"), facts=({"kind": "yes"}, {"kind": "no"}))
    agent = HeuristicAgent(5)
    assert list(agent.decide(harmful)) == [1] and list(agent.decide(harmless)) == [0]


def test_heuristic_plays_places_first_keeps_actions_for_the_attack_and_never_renders_for_nothing() -> None:
    facts = ({"kind": "end"}, {"kind": "discard"}, {"kind": "render", "card": 4},
             {"kind": "capacitate", "card": 4, "hand": 3},
             {"kind": "place", "card": 9, "card_type": "Personagem", "initial_energy": 4, "characters": 1},
             {"kind": "action", "card": 4, "window": "preparation", "harm": True, "amount": 2})
    d = Decision(0, "play", "Fase de Preparação", tuple(str(f["kind"]) for f in facts), facts=facts)
    assert list(HeuristicAgent(2).decide(d)) == [4]
    rest = Decision(0, "play", "Fase de Preparação", ("end", "discard", "render", "imprevista"),
                    facts=(facts[0], facts[1], facts[2], facts[5]))
    assert list(HeuristicAgent(2).decide(rest)) == [0]
    attack = Decision(0, "play", "attack", ("end", "no target", "hit"), facts=(
        {"kind": "end"}, {"kind": "action", "harm": True, "amount": 4, "opponent_targets": 0},
        {"kind": "action", "harm": True, "amount": 1, "opponent_targets": 2}))
    assert list(HeuristicAgent(2).decide(attack)) == [2]


def test_heuristic_without_facts_answers_at_random_and_counts_it() -> None:
    agent = HeuristicAgent(3)
    d = Decision(1, "order", "which pending effect resolves now?", ("a", "b", "c"))
    answers = {tuple(validate(d, agent.decide(d))) for _ in range(20)}
    assert len(answers) > 1 and agent.fallbacks == {"order": 20}


def test_heuristic_is_deterministic_for_a_seed() -> None:
    a, b = decks()
    logs = []
    for _ in range(2):
        game = new_match(a, b, make_agents("heuristic", 6), seed=6, check=True)
        play_match(game)
        logs.append([e.to_json() for e in game.log.events])
    assert logs[0] == logs[1]


def test_heuristic_targets_the_opponents_character_in_a_match() -> None:
    game, x, y = setup(fighter(cost=0))
    game.agents[0] = HeuristicAgent(1)
    game.eng.action_step(0, "attack")
    targeted = [e.data["card"] for e in game.log.events if e.kind == "targeted"]
    assert targeted == [y]


def test_heuristic_does_not_use_a_damage_action_whose_only_targets_are_its_own() -> None:
    game, x, y = setup(fighter(cost=0))
    for c in list(game.state.scene[y].carried):
        game.unload(c)                                  # y is knocked out: only x could be the target
    game.agents[0] = HeuristicAgent(1)
    assert legal_actions(game.eng, 0, "attack")
    game.eng.action_step(0, "attack")
    assert not [e for e in game.log.events if e.kind == "use_action"]


def test_heuristic_setup_keeps_characters_and_puts_the_rest_in_the_resources() -> None:
    kinds = ["Personagem"] * 4 + ["Habilidade"] * 4 + ["Cenário"] * 2
    facts = tuple({"kind": "card", "card": i, "card_type": t, "initial_energy": 3 + i if t == "Personagem" else 0,
                   "duplicate": i == 3} for i, t in enumerate(kinds))
    d = Decision(0, "resources", "Put any cards of your hand into your resources", tuple(kinds), 0, 10, facts=facts)
    put = list(HeuristicAgent(1).decide(d))
    kept = set(range(10)) - set(put)
    assert {0, 1, 2} <= kept and 3 in put                 # three characters kept; the duplicate goes
    assert len(kept) <= 6 and len(put) + 1 >= 3           # the cheapest kept character (3) can be placed


def test_engine_annotates_a_procedure_decision_with_the_running_damage() -> None:
    game, x, y = setup(fighter(cost=0))
    game.agents[0] = HeuristicAgent(1)
    damage = Damage(source=Selector(Kind.CARD, Ref.THIS_CARD), targets=Selector(Kind.CHARACTER), amount=Quantity.of(2))
    game.eng.running = damage
    d = game.eng.annotate(Decision(0, "target", "choose", (game.name(x), game.name(y), "player 1")))
    assert d.fact(0, "controller") == 0 and d.fact(1, "controller") == 1 and d.fact(1, "harm") is True
    assert d.fact(2, "player") == 1 and d.fact(1, "amount") == 2
    unload = Unload(who=Selector(Kind.PLAYER, Ref.YOU), frm=Selector(Kind.CHARACTER, Ref.THIS_CARD), optional=True)
    game.eng.running = unload
    yes_no = game.eng.annotate(Decision(0, "optional", "?", ("yes", "no")))
    assert yes_no.fact(0, "harm") is True and list(HeuristicAgent(1).decide(yes_no)) == [1]
    game.agents[0] = RandomAgent(1)                      # facts only for agents that read them
    assert game.eng.annotate(Decision(0, "target", "choose", (game.name(x),))).facts == ()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_heuristic_match_ends_and_actions_never_hit_their_own_side(seed: int) -> None:
    a, b = decks()
    game = new_match(a, b, make_agents("heuristic", seed), seed=seed, check=True)
    result = play_match(game)
    assert result.ended
    for e in game.log.events:
        if e.kind == "targeted":
            assert game.state.owner[e.data["card"]] != e.data["player"], e
