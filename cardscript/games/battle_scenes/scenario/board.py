"""Building a branch's board directly on the engine (docs/scenarios.md, The setup): the game state written as the
plan says -- zones, the scene (stages, carried cards in order, entry turns, choices), the scenario, whose turn, the
phase and step (rules 6) -- without playing the setup (6.1) and without firing anything: a board is a moment of a
match, the effects of how it came about already resolved."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef
from cardscript.engine.agents import Agent
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.shielding import shield_event
from cardscript.games.battle_scenes.runtime.shields import ShieldDuration, ShieldEvent
from cardscript.games.battle_scenes.runtime.state import GameState, InScene, PlayerState
from cardscript.games.battle_scenes.runtime.turn import Engine
from cardscript.games.battle_scenes.scenario.plan import CardId, Plan

ACTED = "(an action used before the scenario)"     # "já usou uma ação neste turno": one action counted (4.6.2 C.4)


def build_board(plan: Plan, agents: list[Agent]) -> Match:
    """A Match (with its Engine) at the plan's moment; invariants checked after every primitive."""
    cards: dict[CardId, CardDef] = {p.id: p.definition for p in plan.cards}
    owner = {p.id: p.owner for p in plan.cards}
    players = [PlayerState(), PlayerState()]
    for who in (0, 1):
        me = players[who]
        me.hand = list(plan.order.get(f"{who}:hand", []))
        me.resources = list(plan.order.get(f"{who}:resources", []))
        me.prizes = list(plan.order.get(f"{who}:prizes", []))
        me.deck = list(plan.order.get(f"{who}:deck", []))          # index 0 is the top
    state = GameState(owner, players)
    state.turn = plan.turn_number
    state.turn_player = plan.turn_player
    state.first_player = plan.turn_player if plan.turn_number % 2 == 1 else 1 - plan.turn_player
    state.phase, state.step = plan.phase, plan.step
    state.active_player = 1 - plan.turn_player if plan.step == "anticipation" else plan.turn_player
    for p in plan.cards:
        if p.traits:
            state.chosen_traits[p.id] = dict(p.traits)
        if p.zone == "scene":
            entered = plan.turn_number if p.entered else plan.turn_number - 1
            controller = p.owner if p.controller is None else p.controller       # "pertence a": another's card
            base = InScene(p.id, controller, stage=1 if p.stage is None else p.stage, entered_turn=entered)
            base.carried = [c.id for c in plan.cards if c.zone == "carried" and c.carrier == p.id]
            if p.acted:
                base.actions_used.append(ACTED)
            state.scene[p.id] = base
            if p.damaged:                        # an action caused it damage this turn (4.8.1): "que recebeu /
                state.this_turn.damaged_by_action.append(p.id)     # tiver sofrido dano neste turno" too
                base.damage_taken_this_turn = max(1, base.damage_taken_this_turn)
            if p.entered:
                state.this_turn.entered.append((p.id, p.owner, plan.turn_number))
            if p.chose:
                state.chosen[p.id] = {"card:0": list(p.chose)}
        elif p.zone == "scenario":
            state.scenario = p.id
            if p.chose:
                state.chosen[p.id] = {"card:0": list(p.chose)}
    game = Match(state, cards, list(agents), seed=0, check=True, deck_names=("A", "B"))
    game.engine = Engine(game)
    game.engine.first_turn_done = plan.turn_number > 1
    ids = sorted(cards)
    game.log.add("match", 0, seed=0, decks=["A", "B"],
                 cards=[[cards[i].title for i in ids if owner[i] == w] for w in (0, 1)],
                 energy=[[cards[i].initial_energy or 0 for i in ids if owner[i] == w] for w in (0, 1)],
                 ids=[[i for i in ids if owner[i] == w] for w in (0, 1)])      # a board's ids mix the owners
    for p in plan.cards:                     # "escudo +2" / "escudo -1": shield changes of this turn (4.8.6 B, C)
        for k, change in enumerate(p.shield):
            eid = f"setup: Escudo {change:+d} ({k + 1})"
            shield_event(game, p.id, ShieldEvent.bonus(eid, change, ShieldDuration.END_OF_TURN) if change > 0
                         else ShieldEvent.penalty(eid, -change))
    game.log.add("status", 0, turn=state.turn, player=state.turn_player, players=game.eng.status())
    return game
