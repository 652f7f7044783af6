"""Setup (rules 6.1) and the turn's phases (6.2), with hand-built cards and scripted choices."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Effect, EffectKind, EventPattern, Ref, Rule
from cardscript.games.battle_scenes.runtime.match import Match, new_match
from cardscript.games.battle_scenes.runtime.state import CardId, Zone
from tests.engine_helpers import Script


def char(name: str, ie: int = 2, alter_ego: str | None = None, **kw: object) -> CardDef:
    return CardDef(f"{name} V1", name, 1, "Personagem", alter_ego=alter_ego or name, initial_energy=ie,
                   shield=0, **kw)  # type: ignore[arg-type]


FILL = CardDef("Filler V1", "Filler", 1, "Habilidade")
SCEN = CardDef("Lugar V1", "Lugar", 1, "Cenário")


def match(deck_a: list[CardDef], deck_b: list[CardDef], a: Script | None = None, b: Script | None = None,
          setup: bool = False) -> Match:
    return new_match(deck_a, deck_b, [a or Script(), b or Script()], seed=3, check=True, setup=setup)


def cards_of(game: Match, player: int, title: str) -> list[CardId]:
    return [c for c, d in game.cards.items() if d.title == title and game.state.owner[c] == player]


def put(game: Match, card: CardId, zone: Zone) -> None:
    game.move(card, zone)


def in_scene(game: Match, card: CardId, n: int) -> None:
    """A character in the scene since an earlier turn, loaded with ``n`` of its owner's deck cards."""
    owner = game.state.owner[card]
    load = [c for c in game.state.players[owner].deck if c != card][:n]
    game.enter_scene(card, owner, load)
    game.state.scene[card].entered_turn = -1


def test_6_1_setup_lot_first_player_hands_of_ten_and_resources() -> None:
    a, b = Script({"first_player": [[1]], "resources": [[0, 1]]}), Script({"first_player": [[1]]})
    game = match([FILL] * 20, [FILL] * 20, a, b, setup=True)
    lot = next(e.data["player"] for e in game.log.events if e.kind == "lot")
    assert game.state.first_player == 1 - lot                    # the lot winner chose "my opponent starts"
    p0, p1 = game.state.players
    assert (len(p0.hand), len(p0.resources), len(p1.hand), len(p1.resources)) == (8, 2, 10, 0)


def test_6_1_hand_exchange_two_fewer_as_often_as_wanted() -> None:
    a = Script({"first_player": [[0]], "exchange": [[2], [2], [0]]})   # options: keep, reveal, two fewer
    game = match([char("X")] * 5 + [FILL] * 20, [FILL] * 20, a, setup=False)
    game.state.first_player = 0
    game.draw(0, 10)
    from cardscript.games.battle_scenes.runtime.match import exchange_hand
    game.state.players[0].hand_exchanged_reveal = True            # only "keep" and "two fewer" offered
    a.answers["exchange"] = [[1], [1], [0]]
    exchange_hand(game, 0)
    assert len(game.state.players[0].hand) == 6


def test_6_1_reveal_exchange_only_with_one_or_no_character_and_once_per_match() -> None:
    a = Script({"exchange": [[1], [0]]})
    game = match([FILL] * 30, [FILL] * 20, a)
    game.draw(0, 10)
    from cardscript.games.battle_scenes.runtime.match import exchange_hand
    exchange_hand(game, 0)
    assert len(game.state.players[0].hand) == 10 and game.state.players[0].hand_exchanged_reveal
    offered = [d.options for d in a.seen if d.kind == "exchange"]
    assert any(o.startswith("reveal") for o in offered[0]) and not any(o.startswith("reveal") for o in offered[1])


def test_6_2_A_countdown_one_plus_opponent_characters_plus_opponent_prizes() -> None:
    """1 + the opponent's characters + the cards in the opponent's own prizes: the cards the opponent scored (this
    player's knocked-out characters, 4.9.1) -- not the ones this player scored."""
    game = match([char("X")] * 2 + [FILL] * 20, [char("Y")] * 2 + [FILL] * 20)
    xs, ys = cards_of(game, 0, "X V1"), cards_of(game, 1, "Y V1")
    in_scene(game, ys[0], 1)
    put(game, xs[0], Zone.PRIZES)                 # scored by the opponent
    put(game, xs[1], Zone.PRIZES)
    put(game, ys[1], Zone.PRIZES)                 # scored by this player: does not count
    assert game.prize_points(1) > 0
    before = len(game.state.players[0].resources)
    game.eng.countdown(0)
    assert len(game.state.players[0].resources) - before == 1 + 1 + 2


def test_6_2_B_draw_one_without_characters_two_with_and_none_on_the_first_players_first_turn() -> None:
    game = match([char("X")] + [FILL] * 20, [FILL] * 20)
    eng = game.eng
    x = cards_of(game, 0, "X V1")[0]
    put(game, x, Zone.RESOURCES)
    game.state.first_player = 0
    eng.draw_phase(0)
    assert len(game.state.players[0].hand) == 0
    eng.first_turn_done = True
    eng.draw_phase(0)
    assert len(game.state.players[0].hand) == 1
    in_scene(game, x, 1)
    eng.draw_phase(0)
    assert len(game.state.players[0].hand) == 3


def _prep(game: Match, player: int = 0) -> list[str]:
    return [play.label for play in game.eng.preparation_plays(player)]


def test_6_2_C_1_basic_capacitation_once_per_character_and_never_at_stage_2() -> None:
    game = match([char("X")] + [FILL] * 20, [FILL] * 20)
    x = cards_of(game, 0, "X V1")[0]
    in_scene(game, x, 1)
    game.draw(0, 3)
    game.state.turn = 1
    assert any(p.startswith("basic capacitation") for p in _prep(game))
    game.eng.basic_capacitation(0, game.state.scene[x])
    assert game.state.scene[x].stage == 2 and len(game.state.players[0].hand) == 2
    assert not any(p.startswith("basic capacitation") for p in _prep(game))
    game.incapacitate(x, 1)
    assert not any(p.startswith("basic capacitation") for p in _prep(game))     # once per turn


def test_6_2_C_2_extra_capacitation_with_a_same_alter_ego_card() -> None:
    x2 = CardDef("X V2", "X", 2, "Personagem", alter_ego="X", initial_energy=2)
    game = match([char("X"), x2] + [FILL] * 20, [FILL] * 20)
    x = cards_of(game, 0, "X V1")[0]
    in_scene(game, x, 1)
    put(game, cards_of(game, 0, "X V2")[0], Zone.HAND)
    game.eng.extra_capacitation(0, game.state.scene[x])
    assert game.state.scene[x].stage == 2
    assert not any(p.startswith("extra capacitation") for p in _prep(game))


def test_4_4_2_1_placing_needs_initial_energy_in_resources_and_a_unique_alter_ego() -> None:
    other_x = CardDef("Outro V1", "Outro", 1, "Personagem", alter_ego="X", initial_energy=1)
    pelotao = Effect(EffectKind.STATIC, (Rule(rule="scene_identity", value="any"),),
                     from_keyword="Pelotão")                    # what "Pelotão." lowers to (lower_rules.py)
    squad = CardDef("Soldado V1", "Soldado", 1, "Personagem", initial_energy=1, keywords=("Pelotão",),
                    effects=(pelotao,))
    game = match([char("X", ie=3), other_x, squad, squad] + [FILL] * 20, [FILL] * 20)
    eng = game.eng
    x, o = cards_of(game, 0, "X V1")[0], cards_of(game, 0, "Outro V1")[0]
    s1, s2 = cards_of(game, 0, "Soldado V1")
    for c in (x, o, s1, s2):
        put(game, c, Zone.HAND)
    game.mill_to_resources(0, 2)
    assert not eng.can_place(0, x)                      # A.1b: 2 < 3
    game.mill_to_resources(0, 1)
    assert eng.can_place(0, x)
    eng.place(0, x)
    assert game.state.scene[x].energy == 3 and not game.state.players[0].resources
    loads = [e for e in game.log.events if e.kind == "load" and e.data.get("onto") == x]
    assert len(loads) == 3                              # 4.4.2.2 A.4: loading triggers
    game.mill_to_resources(0, 3)
    assert not eng.can_place(0, o)                      # A.4b: same alter ego X
    eng.place(0, s1)
    assert eng.can_place(0, s2)                         # Pelotão


def test_4_4_1_one_scenario_per_turn_and_the_old_one_goes_to_the_resources() -> None:
    game = match([SCEN, SCEN, SCEN] + [FILL] * 5, [SCEN] + [FILL] * 5)
    eng = game.eng
    s0, s1, _ = cards_of(game, 0, "Lugar V1")
    (t,) = cards_of(game, 1, "Lugar V1")
    put(game, s0, Zone.HAND)
    put(game, s1, Zone.HAND)
    assert sum(p.startswith("place the scenario") for p in _prep(game)) == 1    # two copies: one play
    eng.place_scenario(0, s0)
    assert game.state.scenario == s0
    assert not any(p.startswith("place the scenario") for p in _prep(game))
    put(game, t, Zone.HAND)
    eng.place_scenario(1, t)
    assert game.state.scenario == t and s0 in game.state.players[0].resources


def test_6_2_C_5_render_knocks_out_a_character_controlled_since_the_start_of_the_turn_then_draws() -> None:
    game = match([char("X")] + [FILL] * 20, [FILL] * 20)
    x = cards_of(game, 0, "X V1")[0]
    in_scene(game, x, 2)
    game.state.turn = 2
    assert any(p.startswith("render") for p in _prep(game))
    game.eng.render(0, game.state.scene[x])
    assert x in game.state.players[0].prizes and len(game.state.players[0].hand) == 1
    assert game.prize_points(1) == 2


def test_6_2_C_preparation_ends_when_the_player_ends_it() -> None:
    a = Script({"play": [[1], [0]]})
    game = match([FILL] * 20, [FILL] * 20, a)
    game.draw(0, 2)
    game.eng.preparation(0)
    plays = [e.data["play"] for e in game.log.events if e.kind == "play"]
    assert plays == ["discard a card"] and len(game.state.players[0].hand) == 1


def test_6_2_D_1_energy_adjustment_unloads_down_to_initial_energy() -> None:
    game = match([char("X", ie=2)] + [FILL] * 20, [FILL] * 20)
    x = cards_of(game, 0, "X V1")[0]
    in_scene(game, x, 4)
    game.eng.adjustment(0)
    assert game.state.scene[x].energy == 2


def test_6_2_D_2_hand_adjustment_discards_down_to_seven() -> None:
    game = match([FILL] * 20, [FILL] * 20)
    game.draw(0, 10)
    game.eng.adjustment(0)
    assert len(game.state.players[0].hand) == 7 and len(game.state.players[0].resources) == 3


def test_6_2_E_1_the_opponent_is_the_active_player_in_the_anticipation_step() -> None:
    seen: list[tuple[str, int]] = []
    game = match([FILL] * 20, [FILL] * 20)
    game.listeners.append(lambda e: seen.append((e.data.get("step", ""), game.state.active_player))
                          if e.kind == "phase_start" else None)
    game.state.turn_player = 0
    game.eng.combat(0)
    assert seen == [("anticipation", 1), ("attack", 0)]


def test_6_2_start_and_end_triggers_of_phases_and_the_turn() -> None:
    watch = Effect(EffectKind.TRIGGERED, trigger=EventPattern("phase_start", phase="Fase de Compra", whose=Ref.YOU),
                   text="no início de sua Fase de Compra")
    scen = CardDef("Vigia V1", "Vigia", 1, "Cenário", effects=(watch,))
    game = match([scen] + [FILL] * 30, [FILL] * 30)
    game.place_scenario(cards_of(game, 0, "Vigia V1")[0])
    game.eng.play_turn()
    game.eng.play_turn()
    starts = [e for e in game.log.events if e.kind == "tree_start"]
    assert len(starts) == 1                              # player 0's Draw Phase only
    kinds = [(e.data["phase"], e.data["step"]) for e in game.log.events if e.kind == "phase_start"][:8]
    assert kinds == [("turn", ""), ("countdown", ""), ("draw", ""), ("preparation", ""), ("adjustment", ""),
                     ("combat", ""), ("combat", "anticipation"), ("combat", "attack")]


def test_6_2_end_of_turn_resets_per_turn_counters() -> None:
    game = match([char("X")] + [FILL] * 30, [FILL] * 30)
    x = cards_of(game, 0, "X V1")[0]
    in_scene(game, x, 2)
    base = game.state.scene[x]
    base.actions_used, base.extra_actions, base.basic_capacitation, base.shield_bonus = ["A"], 1, True, 2
    game.state.players[0].scenario_placed_this_turn = True
    game.eng.end_of_turn()
    assert (base.actions_used, base.extra_actions, base.basic_capacitation, base.shield_bonus) == ([], 0, False, 0)
    assert not game.state.players[0].scenario_placed_this_turn
