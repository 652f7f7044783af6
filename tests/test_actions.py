"""Using actions (rules 4.6.2) and cards entering/leaving the scene (4.4, 4.5, 4.7)."""

from __future__ import annotations

from dataclasses import replace

from cardscript.compiler.ir import (
    ActionDef,
    CardDef,
    Damage,
    Effect,
    EffectKind,
    EventPattern,
    Kind,
    Quantity,
    Ref,
    Rule,
    Selector,
)
from cardscript.games.battle_scenes.runtime.actions import legal_actions, use_action
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.engine_helpers import Script
from tests.test_turn import FILL, in_scene, match, put

HIT = Effect(EffectKind.ACTION, procedures=(Damage(source=Selector(Kind.ACTION, Ref.THIS_ACTION),
                                                   targets=Selector(Kind.CARD, Ref.TARGET), amount=Quantity.of(1),
                                                   text="causa 1 ponto de dano no alvo"),))
TARGET = Selector(Kind.CARD, targeted=True, text="o alvo")          # a bare "alvo" (F.1.2)


def fighter(name: str = "X", *, cost: int = 1, power: str | None = "SF", powers: tuple[str, ...] = ("SF",),
            anticipate: bool = False, unforeseen: bool = False, keywords: tuple[tuple[str, str], ...] = (),
            targets: tuple[Selector, ...] = (TARGET,), card_keywords: tuple[str, ...] = ()) -> CardDef:
    action = ActionDef(f"Golpe de {name}", cost=cost, power=power, anticipate=anticipate, unforeseen=unforeseen,
                       keywords=keywords, modes=(HIT,), targets=targets)
    return CardDef(f"{name} V1", name, 1, "Personagem", alter_ego=name, powers=powers, initial_energy=2, shield=0,
                   action=action, keywords=card_keywords)


def setup(a: CardDef, b: CardDef | None = None, agent: Script | None = None,
          extra: tuple[CardDef, ...] = ()) -> tuple[Match, int, int]:
    game = match([a, *extra] + [FILL] * 20, [b or fighter("Y")] + [FILL] * 20, agent)
    x = next(c for c, d in game.cards.items() if d is a and game.state.owner[c] == 0)
    y = next(c for c in game.cards if game.state.owner[c] == 1 and game.cards[c].is_character)
    in_scene(game, x, 2)
    in_scene(game, y, 2)
    game.state.turn = 5
    return game, x, y


def names(game: Match, player: int, window: str) -> list[str]:
    return [u.action.name for u in legal_actions(game.eng, player, window)]


def test_4_6_2_C_1_in_the_scene_since_the_start_of_the_turn_or_prontidao() -> None:
    game, x, _ = setup(fighter())
    game.state.scene[x].entered_turn = game.state.turn
    assert names(game, 0, "attack") == []
    ready = Effect(EffectKind.STATIC, (Rule(rule="ready", value="all"),),
                   from_keyword="Prontidão")                      # what "Prontidão." lowers to (lower_rules.py)
    game2, x2, _ = setup(replace(fighter(card_keywords=("Prontidão",)), effects=(ready,)))
    game2.state.scene[x2].entered_turn = game2.state.turn
    assert names(game2, 0, "attack") == ["Golpe de X"]


def test_4_6_2_C_2_the_character_needs_the_power_of_the_action() -> None:
    game, _, _ = setup(fighter(powers=("VO",)))
    assert names(game, 0, "attack") == []


def test_4_6_2_C_3_actions_of_carried_ability_cards() -> None:
    ability = CardDef("Rajada V1", "Rajada", 1, "Habilidade", power="AE",
                      action=ActionDef("Rajada", cost=1, modes=(HIT,), targets=(TARGET,)))
    game, x, _ = setup(fighter(powers=("SF", "AE")))
    # a Rajada of player 0, loaded onto X
    game.cards[999] = ability
    game.state.owner[999] = 0
    game.state.players[0].resources.append(999)
    game.load(999, x)
    assert names(game, 0, "attack") == ["Golpe de X", "Rajada"]


def test_4_6_2_C_4_one_action_per_turn_unless_an_effect_allows_more() -> None:
    game, x, _ = setup(fighter(cost=0))
    use_action(game.eng, legal_actions(game.eng, 0, "attack")[0])
    assert names(game, 0, "attack") == []
    game.state.scene[x].extra_actions = 1
    assert names(game, 0, "attack") == ["Golpe de X"]


def test_4_6_2_C_5_action_types_by_phase_and_step() -> None:
    for kw, expected in (({}, {"attack"}), ({"anticipate": True}, {"attack", "anticipation"}),
                         ({"unforeseen": True}, {"attack", "preparation"})):
        game, _, _ = setup(fighter(**kw))  # type: ignore[arg-type]
        assert {w for w in ("preparation", "anticipation", "attack") if names(game, 0, w)} == expected


def test_4_6_2_E_1_the_cost_must_be_payable_and_incapacitates() -> None:
    game, x, _ = setup(fighter(cost=2))
    assert names(game, 0, "attack") == []                 # stage 1 < cost 2
    game.capacitate(x, 1)
    use_action(game.eng, legal_actions(game.eng, 0, "attack")[0])
    assert game.state.scene[x].stage == 0


def keyworded(prefix: str, **kw: object) -> CardDef:
    """A fighter whose action has the keyword prefix ``prefix`` ("Energia Cósmica 2"): its meaning compiled from
    the prelude (cardscript/games/battle_scenes/prelude/) into the action's keyword effects, which the engine runs."""
    from cardscript.compiler.lower import lower_card
    from cardscript.compiler.pipeline import compile_source
    from cardscript.core.source import SourceFile

    text = ("Personagem: K V1\nAlter ego: K\nEnergia inicial: 2\nEscudo: 0\n\nAção: Golpe de K\n  Custo: {0}\n"
            f"  {prefix} - Golpe de K causa 1 ponto de dano no alvo.\n")
    compiled = lower_card(compile_source(SourceFile("k.card", text))).action
    assert compiled is not None and compiled.executable
    base = fighter(cost=0, **kw)  # type: ignore[arg-type]
    assert base.action is not None
    return replace(base, action=replace(base.action, keywords=compiled.keywords,
                                        keyword_effects=compiled.keyword_effects))


def test_4_6_2_E_2_1_energia_cosmica_puts_resources_at_the_bottom_of_the_deck() -> None:
    game, x, _ = setup(keyworded("Energia Cósmica 2"))
    assert names(game, 0, "attack") == []                 # no resources
    game.mill_to_resources(0, 3)
    moved = list(game.state.players[0].resources[:2])
    use_action(game.eng, legal_actions(game.eng, 0, "attack")[0])
    assert game.state.players[0].deck[-2:] == moved and not set(moved) & set(game.state.players[0].resources)


def test_4_6_2_F_1_2_a_bare_target_is_a_character_or_a_support_and_is_required() -> None:
    support = CardDef("Base V1", "Base", 1, "Suporte", initial_energy=1)
    agent = Script({"target": [[1]]})
    game, x, y = setup(fighter(cost=0), agent=agent)
    game.cards[998] = support
    game.state.owner[998] = 1
    game.state.players[1].resources.append(998)
    filler = game.state.players[1].deck[0]
    put(game, filler, Zone.RESOURCES)
    game.enter_scene(998, 1, [filler])
    use_action(game.eng, legal_actions(game.eng, 0, "attack")[0])
    targeted = [e.data["card"] for e in game.log.events if e.kind == "targeted"]
    offered = next(d.options for d in agent.seen if d.kind == "target")
    assert len(offered) == 3 and any("Base" in o for o in offered)      # X, Y and the support
    assert len(targeted) == 1 and game.name(targeted[0]) == offered[1]
    # with no character or support able to be the target, the action cannot be used
    only_support = Selector(Kind.SCENARIO, targeted=True)
    game2, _, _ = setup(fighter(cost=0, targets=(only_support,)))
    assert names(game2, 0, "attack") == []


def test_4_6_2_G_H_I_triggers_of_costs_and_use_resolve_before_the_effect() -> None:
    on_use = Effect(EffectKind.TRIGGERED, trigger=EventPattern("use_action"), text="toda vez que ... usar uma ação")
    watcher = CardDef("Vigia V1", "Vigia", 1, "Cenário", effects=(on_use,))
    game, x, _ = setup(fighter(cost=1), extra=(watcher,))
    game.place_scenario(next(c for c, d in game.cards.items() if d is watcher))
    use_action(game.eng, legal_actions(game.eng, 0, "attack")[0])
    order = [(e.kind, e.data.get("effect", "")) for e in game.log.events
             if e.kind in ("incapacitate", "use_action", "tree_start", "tree_end")]
    assert [k for k, _ in order] == ["incapacitate", "use_action", "tree_start", "tree_end", "tree_start",
                                     "tree_end"]
    assert "Vigia" in order[2][1] and "Golpe de X" in order[4][1]


def test_7_1_clarividencia_sets_aside_first_and_returns_last_in_any_order() -> None:
    agent = Script({"reveal": [[0]], "order": [[1, 0]]})
    game, x, _ = setup(keyworded("Clarividência 2"), agent=agent)
    top = list(game.state.players[0].deck[:2])
    use_action(game.eng, legal_actions(game.eng, 0, "attack")[0])
    assert game.state.players[0].deck[:2] == [top[1], top[0]]
    assert not game.state.players[0].set_aside
    reveals = [e for e in game.log.events if e.kind == "reveal"]
    assert reveals and reveals[0].data["cards"] == [top[0]]


def test_4_7_a_character_left_carrying_nothing_is_knocked_out_and_scores_its_initial_energy() -> None:
    game, x, y = setup(fighter())
    for c in list(game.state.scene[y].carried):
        game.unload(c)
    assert y not in game.state.scene and y in game.state.players[1].prizes and game.prize_points(0) == 2


def test_4_5_incapacitating_an_action_cost_never_goes_below_stage_0() -> None:
    game, x, _ = setup(fighter(cost=1))
    use_action(game.eng, legal_actions(game.eng, 0, "attack")[0])
    assert game.state.scene[x].stage == 0
    game.state.scene[x].extra_actions = 1
    assert names(game, 0, "attack") == []                 # stage 0 < cost 1
