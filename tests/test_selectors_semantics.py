"""What the new semantics' selectors, filters, conditions and counts stand for
(cardscript.games.battle_scenes.runtime.selectors,
filters, conditions), on a small game with IR objects built directly."""

from __future__ import annotations

from cardscript.compiler.ir import (
    ActionDef,
    CardDef,
    Condition,
    Count,
    Damage,
    Effect,
    EffectKind,
    Filter,
    Kind,
    Quantity,
    Ref,
    Selector,
)
from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.selectors import (
    ActionThing,
    EffectContext,
    Player,
    Trait,
    check_condition,
    count,
    quantity,
    resolve,
    select,
)
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.engine_helpers import Script, in_scene, small_game


def _char(title: str, *, affiliations: tuple[str, ...] = (), powers: tuple[str, ...] = (), alter_ego: str | None = None,
          shield: int = 1, action: ActionDef | None = None) -> CardDef:
    name = title.rsplit(" ", 1)[0]
    return CardDef(title=title, name=name, version=1, card_type="Personagem", alter_ego=alter_ego,
                   affiliations=affiliations, powers=powers, initial_energy=3, shield=shield, action=action)


SOCO = ActionDef(name="Soco", cost=1, power="SF", modes=(Effect(EffectKind.ACTION, (
    Damage(source=Selector(ref=Ref.THIS_ACTION), amount=Quantity.of(2), targets=Selector(ref=Ref.TARGET)),)),),
    targets=(Selector(kind=Kind.CHARACTER),))
OLHAR = ActionDef(name="Olhar", cost=0, power="TE", anticipate=True)


def _scene() -> Game:
    game = small_game({0: _char("Capitão América V1", affiliations=("Vingadores",), powers=("SF",), action=SOCO),
                       3: _char("Ares V1", affiliations=("Vingadores Sombrios",), powers=("AE",)),
                       100: _char("Ares V2", affiliations=("Vingadores Sombrios", "Cabala"), alter_ego="Ares",
                                  action=OLHAR, shield=2),
                       103: _char("Ultron V1", affiliations=("Vingadores",), powers=("TE", "AE"))})
    in_scene(game, 0, [1, 2])
    in_scene(game, 3, [4])
    in_scene(game, 100, [101, 102, 104])
    in_scene(game, 103, [105])
    return game


def _cards(game: Game, ctx: EffectContext, sel: Selector) -> list[int]:
    return sorted(t for t in resolve(game, ctx, sel) if isinstance(t, int))


def test_affiliation_words_compare_whole_not_by_prefix() -> None:
    game = _scene()
    ctx = EffectContext(controller=0, source=0)
    vingadores = Selector(kind=Kind.CHARACTER, filters=(Filter("affiliation", "has", "Vingadores"),))
    assert _cards(game, ctx, vingadores) == [0, 103]
    named = Selector(kind=Kind.CHARACTER, filters=(Filter("name", "eq", "Ares"),))
    assert _cards(game, ctx, named) == [3, 100]
    assert _cards(game, ctx, Selector(kind=Kind.CHARACTER, filters=(Filter("name", "eq", "Are"),))) == []


def test_selector_union_excluding_and_target_every() -> None:
    game = _scene()
    ctx = EffectContext(controller=0, source=0, targets=[[100], [103]])
    union = Selector(union=(Selector(ref=Ref.TARGET, index=0), Selector(ref=Ref.TARGET, index=1)))
    assert _cards(game, ctx, union) == [100, 103]
    assert _cards(game, ctx, Selector(ref=Ref.TARGET, index=-1)) == [100, 103]
    others = Selector(kind=Kind.CHARACTER, every=True, excluding=Selector(ref=Ref.THIS_CHARACTER))
    assert _cards(game, ctx, others) == [3, 100, 103]
    ctx.slots["intro:1"] = [3]
    assert _cards(game, ctx, Selector(kind=Kind.CHARACTER, every=True, excluding=Selector(
        ref=Ref.SLOT, slot="intro:1"), filters=(Filter("controller", "eq", "you"),))) == [0]


def test_slot_rest_is_what_no_later_slot_took() -> None:
    ctx = EffectContext(controller=0)
    ctx.write("intro:0", [1, 2, 3, 4])
    ctx.write("intro:1", [2])
    ctx.write("intro:2", [4])
    game = _scene()
    assert resolve(game, ctx, Selector(ref=Ref.SLOT, slot="intro:0:rest")) == [1, 3]


def test_zone_of_a_player_selector_and_carried_of() -> None:
    game = _scene()
    ctx = EffectContext(controller=0, source=0, targets=[[Player(1)]])
    hand = Selector(kind=Kind.CARD, zone="hand", of=Selector(kind=Kind.PLAYER, ref=Ref.TARGET, every=True))
    game.draw(1, 2)
    assert _cards(game, ctx, hand) == sorted(game.state.players[1].hand)
    opp_res = Selector(kind=Kind.CARD, zone="resources", zone_owner=Ref.OPPONENT, every=True)
    assert _cards(game, ctx, opp_res) == sorted(game.state.players[1].resources)
    carried = Selector(kind=Kind.CARD, zone="carried", every=True, of=Selector(ref=Ref.THIS_CHARACTER))
    assert _cards(game, ctx, carried) == [1, 2]


def test_chooser_chooses_and_random_uses_the_seeded_rng() -> None:
    script = Script({"choose": [[1]]})
    game = small_game({}, agents=[Script(), script])
    for c in (0, 1, 2):
        game.move(c, Zone.RESOURCES)
    ctx = EffectContext(controller=0)
    sel = Selector(kind=Kind.CARD, zone="resources", chooser=Selector(kind=Kind.PLAYER, ref=Ref.OPPONENT))
    assert select(game, ctx, sel, "choose", "pick") == [1]
    assert isinstance(script.seen[0], Decision) and script.seen[0].player == 1
    again = small_game({})
    for c in (0, 1, 2):
        again.move(c, Zone.RESOURCES)
    for g in (game, again):
        g.rng.seed(7)
    rnd = Selector(kind=Kind.CARD, zone="deck", random=True, count=Quantity.of(2))
    assert select(game, ctx, rnd, "choose", "r") == select(again, ctx, rnd, "choose", "r")


def test_filters_with_selector_values() -> None:
    game = _scene()
    ctx = EffectContext(controller=0, source=0)
    ctx.slots["intro:0"] = [100]
    chosen = Selector(ref=Ref.SLOT, slot="intro:0")
    shares = Selector(kind=Kind.CHARACTER, filters=(Filter("affiliation", "shares", chosen),))
    # Vingadores Sombrios in common; the chosen one itself shares its own (a thing named by reference)
    assert _cards(game, ctx, shares) == [3, 100]
    not_shares = Selector(kind=Kind.CHARACTER, filters=(Filter("affiliation", "not_shares", chosen),))
    assert _cards(game, ctx, not_shares) == [0, 103]
    same_name = Selector(kind=Kind.CHARACTER, filters=(Filter("name", "shares", chosen),))
    assert _cards(game, ctx, same_name) == [3, 100]
    in_scene_one = Selector(kind=Kind.CHARACTER, count=Quantity.of(1), zone="scene")
    another = Selector(kind=Kind.CHARACTER, filters=(Filter("name", "shares", in_scene_one),))
    assert _cards(game, ctx, another) == [3, 100]                   # "o mesmo nome de um personagem em cena": another
    theirs = Selector(kind=Kind.CHARACTER, filters=(Filter("controller", "eq", Selector(
        kind=Kind.PLAYER, ref=Ref.CONTROLLER, of=chosen)),))
    assert _cards(game, ctx, theirs) == [100, 103]
    two = Selector(kind=Kind.CARD, count=Quantity.of(3))
    assert _cards(game, ctx, Selector(kind=Kind.CHARACTER, filters=(Filter("carrying", "has", two),))) == [100]
    assert _cards(game, ctx, Selector(kind=Kind.CHARACTER, filters=(
        Filter("carrying", "exactly", Selector(kind=Kind.CARD, count=Quantity.of(2))),))) == [0]
    assert _cards(game, ctx, Selector(kind=Kind.CHARACTER, filters=(Filter("carrying", "lacks", Selector(
        kind=Kind.CARD, filters=(Filter("name", "eq", "Ninguém"),))),))) == [0, 3, 100, 103]


def test_numeric_power_and_chosen_filters() -> None:
    game = _scene()
    ctx = EffectContext(controller=0, source=0)
    assert _cards(game, ctx, Selector(kind=Kind.CHARACTER, filters=(Filter("energy", "ge", "3"),))) == [100]
    assert _cards(game, ctx, Selector(kind=Kind.CHARACTER, filters=(Filter("energy", "ne", "1"),))) == [0, 100]
    assert _cards(game, ctx, Selector(kind=Kind.CHARACTER, filters=(Filter("shield", "gt", "1"),))) == [100]
    assert _cards(game, ctx, Selector(kind=Kind.CHARACTER, filters=(Filter("power", "has_any", "TE/SF"),))) == [
        0, 103]
    assert _cards(game, ctx, Selector(kind=Kind.CHARACTER, filters=(Filter("power", "lacks_all", "TE/SF"),))) == [
        3, 100]
    ctx.slots["intro:0"] = [Trait("power", "AE")]
    assert _cards(game, ctx, Selector(kind=Kind.CHARACTER, filters=(
        Filter("power", "chosen", Selector(ref=Ref.SLOT, slot="intro:0")),))) == [3, 103]
    assert _cards(game, ctx, Selector(kind=Kind.CHARACTER, filters=(Filter("zone", "in", "scene/hand"),))) == [
        0, 3, 100, 103]
    assert _cards(game, ctx, Selector(kind=Kind.CHARACTER, filters=(Filter("entered_this_turn", "eq", "true"),))) \
        == [0, 3, 100, 103]


def test_action_filters_read_the_action() -> None:
    game = _scene()
    ctx = EffectContext(controller=0, source=0, targets=[[100]])
    soco = ActionThing(0, "Soco", 0, "SF", (100,))
    olhar = ActionThing(100, "Olhar", 100, "TE")
    ctx.slots["event:action"] = [soco]
    actions = resolve(game, ctx, Selector(kind=Kind.ACTION, every=True))
    assert soco.name in [a.name for a in actions if isinstance(a, ActionThing)]
    damaging = Selector(kind=Kind.ACTION, every=True, filters=(Filter("damaging", "eq", "true"),))
    assert [a.name for a in resolve(game, ctx, damaging) if isinstance(a, ActionThing)] == ["Soco"]
    anticipate = Selector(kind=Kind.ACTION, every=True, filters=(Filter("action_type", "has", "antecipar"),))
    assert [a.name for a in resolve(game, ctx, anticipate) if isinstance(a, ActionThing)] == ["Olhar"]
    from cardscript.games.battle_scenes.runtime.filters import action_matches

    assert action_matches(game, ctx, soco, (Filter("targets", "has", Selector(ref=Ref.TARGET)),
                                            Filter("targeted", "eq", "true"), Filter("user_controller", "eq", "you")))
    assert not action_matches(game, ctx, olhar, (Filter("user", "eq", Selector(ref=Ref.THIS_CHARACTER)),))
    user = Selector(kind=Kind.CHARACTER, filters=(Filter("used", "has", Selector(ref=Ref.SLOT, slot="event:action")),))
    assert _cards(game, ctx, user) == [0]


def test_conditions_exists_only_compare_searched() -> None:
    game = _scene()
    ctx = EffectContext(controller=0, source=0)
    mine = Selector(kind=Kind.CHARACTER, every=True, filters=(Filter("controller", "eq", "you"),))
    assert check_condition(game, ctx, Condition("exists", subject=mine, value="2"))
    assert not check_condition(game, ctx, Condition("exists", subject=mine, value="3"))
    assert check_condition(game, ctx, Condition("exists", subject=mine, value="3", negated=True))
    vingadores = Selector(kind=Kind.CHARACTER, every=True, filters=(
        Filter("controller", "eq", "you"), Filter("affiliation", "has", "Vingadores")))
    assert not check_condition(game, ctx, Condition("only", subject=vingadores, all_of=(
        Condition("exists", subject=mine),)))
    theirs = Selector(kind=Kind.CHARACTER, every=True, filters=(Filter("controller", "eq", "opponent"),))
    left, right = Quantity(x_times=1, x=Count(what=mine)), Quantity(x_times=1, x=Count(what=theirs))
    assert check_condition(game, ctx, Condition("compare", value="eq", left=left, right=right))
    assert not check_condition(game, ctx, Condition("compare", value="gt", left=left, right=right))
    assert not check_condition(game, ctx, Condition("searched", value="deck"))
    ctx.memory["searched"] = ["deck"]
    assert check_condition(game, ctx, Condition("all", all_of=(Condition("searched", value="deck"),
                                                               Condition("possible"))))
    this = Selector(ref=Ref.THIS_CHARACTER, filters=(Filter("power", "has", "SF"),))
    assert check_condition(game, ctx, Condition("is", subject=this))


def test_counts_of_attributes() -> None:
    game = _scene()
    ctx = EffectContext(controller=0, source=0)
    every = Selector(kind=Kind.CHARACTER, every=True)
    assert count(game, ctx, Count(what=every, attribute="powers")) == 3           # SF, AE, TE
    assert count(game, ctx, Count(what=Selector(ref=Ref.THIS_CHARACTER), attribute="energy")) == 2
    assert count(game, ctx, Count(what=Selector(ref=Ref.THIS_CHARACTER), attribute="stage")) == 1
    assert count(game, ctx, Count(what=Selector(kind=Kind.CARD, zone="carried", every=True,
                                                of=Selector(ref=Ref.THIS_CHARACTER)), attribute="card_types")) == 1
    q = Quantity(fixed=1, x_times=2, x=Count(what=Selector(kind=Kind.CHARACTER, every=True, filters=(
        Filter("controller", "eq", "opponent"),)), attribute="shield"))
    assert quantity(game, ctx, q) == 1 + 2 * (2 + 1)
