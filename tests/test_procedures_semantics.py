"""The procedures the new semantics emits, run on a small game (cardscript.games.battle_scenes.runtime.handlers), named
after the rules
they check."""

from __future__ import annotations

from cardscript.compiler.ir import (
    CancelAction,
    CardDef,
    ChangeStage,
    Choose,
    Condition,
    Count,
    Draw,
    Duration,
    Effect,
    EffectKind,
    EventPattern,
    Filter,
    Gain,
    Kind,
    KnockOut,
    Lose,
    Move,
    PutInScene,
    Quantity,
    Ref,
    Restrict,
    Search,
    Selector,
    Swap,
)
from cardscript.games.battle_scenes.runtime.handlers import run
from cardscript.games.battle_scenes.runtime.queries import can_be_targeted, capacitate_prevented
from cardscript.games.battle_scenes.runtime.selectors import EffectContext, Trait
from cardscript.games.battle_scenes.runtime.shielding import shield
from cardscript.games.battle_scenes.runtime.state import Zone
from cardscript.games.battle_scenes.runtime.statics import powers
from tests.engine_helpers import Script, in_scene, small_game
from tests.test_actions import fighter, setup

HERO = CardDef(title="Herói V1", name="Herói", version=1, card_type="Personagem", powers=("SF", "VO"),
               initial_energy=2, shield=1)
MAQUINA = CardDef(title="Máquina V1", name="Máquina", version=1, card_type="Suporte", initial_energy=1, shield=0)
THIS = Selector(ref=Ref.THIS_CHARACTER)


def test_4_1_permutar_exchanges_places_without_loading_or_unloading() -> None:
    game = small_game({0: HERO})
    in_scene(game, 0, [1, 2])
    game.draw(0, 1)
    hand_card = game.state.players[0].hand[0]
    ctx = EffectContext(controller=0, source=0)
    before = len(game.log.events)
    run(game, ctx, Swap(cards=Selector(kind=Kind.CARD, zone="carried", of=THIS),
                        other=Selector(kind=Kind.CARD, zone="hand")))
    kinds = [e.kind for e in game.log.events[before:]]
    assert "load" not in kinds and "unload" not in kinds and "swap" in kinds
    assert hand_card in game.state.scene[0].carried and game.state.scene[0].energy == 2
    assert 1 in game.state.players[0].hand


def test_4_7_knock_out_and_destroy() -> None:
    game = small_game({0: HERO, 3: MAQUINA})
    in_scene(game, 0, [1, 2])
    in_scene(game, 3, [4])
    ctx = EffectContext(controller=1)
    run(game, ctx, KnockOut(targets=Selector(kind=Kind.CHARACTER, every=True, also=(Kind.SUPPORT,))))
    assert 0 in game.state.players[0].prizes and 3 in game.state.players[0].resources
    assert {1, 2, 4} <= set(game.state.players[0].resources) and not game.state.scene


def test_move_shuffle_in_and_to_stage() -> None:
    game = small_game({0: HERO})
    in_scene(game, 0, [1, 2])
    ctx = EffectContext(controller=0, source=0)
    run(game, ctx, ChangeStage(targets=THIS, to_stage=0))
    assert game.state.scene[0].stage == 0
    run(game, ctx, ChangeStage(targets=THIS, to_stage=2))
    assert game.state.scene[0].stage == 2
    run(game, ctx, Move(cards=Selector(kind=Kind.CARD, zone="carried", of=THIS, count=Quantity.of(1)), to="deck",
                        shuffle_in=True, introduces="intro:0"))
    assert ctx.slots["intro:0"][0] in game.state.players[0].deck
    assert game.log.events[-1].kind == "shuffle"


def test_choose_a_power_among_then_gain_and_lose_it() -> None:
    script = Script({"choose_power": [[1]]})
    game = small_game({0: HERO, 100: CardDef(title="Vilão V1", name="Vilão", version=1, card_type="Personagem",
                                              powers=("TE", "AE"), initial_energy=2, shield=0)},
                      agents=[script, Script()])
    in_scene(game, 0, [1, 2])
    in_scene(game, 100, [101, 102])
    ctx = EffectContext(controller=0, source=0)
    run(game, ctx, Choose(characteristic="power", among=Selector(kind=Kind.CHARACTER, ref=Ref.SLOT,
                                                                   slot="event:subject"), introduces="intro:0"))
    assert ctx.slots["intro:0"] == []                       # nothing among: nothing chosen
    ctx.slots["event:subject"] = [100]
    run(game, ctx, Choose(characteristic="power", among=Selector(ref=Ref.SLOT, slot="event:subject"),
                          introduces="intro:0"))
    assert ctx.slots["intro:0"] == [Trait("power", "TE")]
    chosen = Selector(ref=Ref.SLOT, slot="intro:0")
    run(game, ctx, Gain(targets=THIS, powers_of=chosen, duration=Duration.END_OF_TURN))
    run(game, ctx, Lose(targets=Selector(ref=Ref.SLOT, slot="event:subject"), powers_of=chosen,
                        duration=Duration.END_OF_TURN))
    assert "TE" in powers(game, 0) and "TE" not in powers(game, 100)
    run(game, ctx, Gain(targets=THIS, powers_of=Selector(ref=Ref.SLOT, slot="event:subject"),
                        shield_x=Quantity(x_times=1, x=Count(what=Selector(ref=Ref.SLOT, slot="event:subject"),
                                                             attribute="energy")), duration=Duration.END_OF_TURN))
    assert "AE" in powers(game, 0) and shield(game, 0) == 1 + 2


def test_5_7_A_2_1_restrictions_with_a_duration() -> None:
    game = small_game({0: HERO, 100: HERO})
    in_scene(game, 0, [1, 2])
    in_scene(game, 100, [101, 102])
    ctx = EffectContext(controller=0, source=0)
    run(game, ctx, Restrict(what="capacitate", subject=Selector(kind=Kind.CHARACTER, every=True, filters=(
        Filter("controller", "eq", "opponent"),)), duration=Duration.END_OF_TURN))
    assert capacitate_prevented(game, 100) and not capacitate_prevented(game, 0)
    run(game, EffectContext(controller=1, source=100), ChangeStage(targets=Selector(ref=Ref.THIS_CHARACTER),
                                                                   capacitate=True, amounts=(1,)))
    assert game.state.scene[100].stage == 1
    run(game, ctx, Restrict(what="be_target_except", subject=THIS, action_filters=(Filter("power", "has", "VO"),),
                            duration=Duration.END_OF_TURN))
    sf = EffectContext(controller=1, source=100, user=100, action_name="Soco", action_power="SF", from_action=True)
    vo = EffectContext(controller=1, source=100, user=100, action_name="Voo", action_power="VO", from_action=True)
    assert not can_be_targeted(game, sf, 0) and can_be_targeted(game, vo, 0) and can_be_targeted(game, sf, 100)


def test_principle_8_decider_and_if_not_done() -> None:
    opponent = Script({"optional": [[1]]})
    game = small_game({}, agents=[Script(), opponent])
    ctx = EffectContext(controller=0)
    draw = Draw(who=Selector(kind=Kind.PLAYER, ref=Ref.YOU), amount=Quantity.of(1), optional=True,
                decider=Selector(kind=Kind.PLAYER, ref=Ref.OPPONENT))
    run(game, ctx, draw)
    assert opponent.seen and opponent.seen[0].player == 1 and not game.state.players[0].hand
    run(game, ctx, Draw(who=Selector(kind=Kind.PLAYER, ref=Ref.YOU), amount=Quantity.of(2), if_not_done=True))
    assert len(game.state.players[0].hand) == 2


def test_searched_condition_and_materializar() -> None:
    ev = CardDef(title="Novo V1", name="Novo", version=1, card_type="Personagem", initial_energy=2, shield=0)
    game = small_game({5: ev})
    ctx = EffectContext(controller=0)
    search = Search(who=Selector(kind=Kind.PLAYER, ref=Ref.YOU), zones=("deck",),
                    cards=Selector(kind=Kind.CHARACTER), introduces="intro:0")
    run(game, ctx, search)
    from cardscript.games.battle_scenes.runtime.selectors import check_condition

    assert check_condition(game, ctx, Condition("searched", value="deck")) and ctx.slots["intro:0"] == [5]
    game.move(5, Zone.HAND)
    top = game.state.players[0].deck[:2]
    run(game, ctx, PutInScene(cards=Selector(kind=Kind.CHARACTER, zone="hand"), as_if="Materializar"))
    assert game.state.scene[5].carried == top


def test_4_6_2_aquela_acao_nao_tera_efeito() -> None:
    cancel = Effect(EffectKind.TRIGGERED, (CancelAction(),), trigger=EventPattern(
        "use_action", subject=Selector(kind=Kind.CHARACTER, filters=(Filter("controller", "eq", "opponent"),))))
    y = fighter("Y")
    watcher = CardDef(y.title, y.name, 1, "Personagem", alter_ego="Y", powers=("SF",), initial_energy=2, shield=0,
                      action=y.action, effects=(cancel,))
    game, x, yid = setup(fighter(), watcher)
    from cardscript.games.battle_scenes.runtime.actions import legal_actions, use_action

    (use,) = [u for u in legal_actions(game.eng, 0, "attack") if u.user == x]
    use_action(game.eng, use)
    kinds = [e.kind for e in game.log.events]
    assert "cancelled" in kinds and "damage_calculation" not in kinds and "action_resolved" not in kinds
