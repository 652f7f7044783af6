"""Triggered effects reading what their event names (rules 5.2: the ``event:*`` slots), the new event patterns
(``action_resolved``, a damage ``source``, action filters on ``targeted``), activated windows (5.1), and the
target entries an action's chosen mode uses (4.6.2 B, F)."""

from __future__ import annotations

from cardscript.compiler.ir import (
    ActionDef,
    CardDef,
    Condition,
    Damage,
    Draw,
    Effect,
    EffectKind,
    EventPattern,
    Filter,
    Kind,
    Quantity,
    Ref,
    Selector,
)
from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime.actions import legal_actions, use_action
from cardscript.games.battle_scenes.runtime.match import Match
from tests.engine_helpers import Script, pick
from tests.test_actions import HIT, fighter, setup

EVENT_USER = Selector(ref=Ref.SLOT, slot="event:user")
EVENT_ACTION = Selector(kind=Kind.ACTION, ref=Ref.SLOT, slot="event:action")


def _watcher(trigger: EventPattern, condition: Condition | None = None, who: Selector | None = None) -> CardDef:
    """Y's character: when ``trigger`` fires (and ``condition`` holds), ``who`` (Y's controller) draws a card."""
    draw = Draw(who=who or Selector(kind=Kind.PLAYER, ref=Ref.YOU), amount=Quantity.of(1), condition=condition,
                text="compre um card")
    base = fighter("Y")
    return CardDef(base.title, base.name, 1, "Personagem", alter_ego="Y", powers=("SF",), initial_energy=2,
                   shield=0, action=base.action, effects=(Effect(EffectKind.TRIGGERED, (draw,), trigger=trigger),))


def _use(game: Match, x: int) -> None:
    (use,) = [u for u in legal_actions(game.eng, 0, "attack") if u.user == x]
    use_action(game.eng, use)


def _hand(game: Match, player: int) -> int:
    return len(game.state.players[player].hand)


def test_5_2_use_action_fills_event_user_and_event_action() -> None:
    user_is_x = Condition("is", subject=Selector(ref=Ref.SLOT, slot="event:user", filters=(
        Filter("name", "eq", "X"),)))
    action_named = Condition("is", subject=Selector(kind=Kind.ACTION, ref=Ref.SLOT, slot="event:action", filters=(
        Filter("name", "eq", "Golpe de X"), Filter("power", "has", "SF"))))
    trigger = EventPattern("use_action", subject=Selector(kind=Kind.CHARACTER, filters=(
        Filter("controller", "eq", "opponent"),)))
    game, x, y = setup(fighter(), _watcher(trigger, Condition("all", all_of=(user_is_x, action_named)),
                                           who=Selector(kind=Kind.PLAYER, ref=Ref.CONTROLLER, of=EVENT_USER)))
    before = _hand(game, 0)
    _use(game, x)
    assert _hand(game, 0) == before + 1                  # the controller of the event's user drew


def test_5_2_action_resolved_fires_after_the_effect() -> None:
    trigger = EventPattern("action_resolved", subject=Selector(kind=Kind.CHARACTER), action_filters=(
        Filter("damaging", "eq", "true"),))
    game, x, y = setup(fighter(), _watcher(trigger))
    _use(game, x)
    kinds = [e.kind for e in game.log.events]
    assert "action_resolved" in kinds
    damage_at = max(i for i, k in enumerate(kinds) if k == "damage")
    draw_at = max(i for i, e in enumerate(game.log.events) if e.kind == "move" and e.data.get("reason") == "draw")
    assert damage_at < kinds.index("action_resolved") < draw_at


def test_5_2_damage_source_and_targeted_action_filters() -> None:
    by_sf = EventPattern("damage", subject=Selector(ref=Ref.THIS_CHARACTER),
                         source=Selector(kind=Kind.ACTION, filters=(Filter("power", "has", "SF"),)))
    game, x, y = setup(fighter(), _watcher(by_sf), agent=Script({"target": [pick("Y")]}))
    before = _hand(game, 1)
    _use(game, x)
    assert _hand(game, 1) == before + 1
    by_te = EventPattern("targeted", subject=Selector(ref=Ref.THIS_CHARACTER), action_filters=(
        Filter("power", "has", "TE"),))
    game, x, y = setup(fighter(), _watcher(by_te), agent=Script({"target": [pick("Y")]}))
    before = _hand(game, 1)
    _use(game, x)
    assert _hand(game, 1) == before                        # a {SF} action: the {TE} filter does not match


def test_5_1_whose_window_opponent() -> None:
    effect = Effect(EffectKind.ACTIVATED, (Draw(who=Selector(kind=Kind.PLAYER, ref=Ref.YOU), amount=Quantity.of(1)),),
                    window="preparation", whose_window="opponent")
    game, x, y = setup(CardDef("Z V1", "Z", 1, "Personagem", initial_energy=2, shield=0, effects=(effect,)))
    game.state.turn_player = 0
    assert game.eng.activatable(0, "preparation") == []
    game.state.turn_player = 1
    assert [c for c, _, _ in game.eng.activatable(0, "preparation")] == [x]


TWO_MODES = ActionDef("Escolha", cost=1, power="SF", targets=(
    Selector(kind=Kind.CHARACTER, targeted=True, filters=(Filter("name", "eq", "Ninguém"),)),
    Selector(kind=Kind.CHARACTER, targeted=True)), modes=(
    HIT,
    Effect(EffectKind.ACTION, (Damage(source=Selector(ref=Ref.THIS_ACTION), amount=Quantity.of(1),
                                      targets=Selector(ref=Ref.TARGET, index=1)),), text="o segundo")))


def test_4_6_2_F_only_the_chosen_modes_targets_are_chosen_and_checked() -> None:
    agent = Script()
    a = CardDef("X V1", "X", 1, "Personagem", alter_ego="X", powers=("SF",), initial_energy=2, shield=0,
                action=TWO_MODES)
    game, x, y = setup(a, agent=agent)
    (use,) = [u for u in legal_actions(game.eng, 0, "attack") if u.user == x]   # mode 0's target is impossible
    use_action(game.eng, use)
    asked = [d.kind for d in agent.seen if isinstance(d, Decision)]
    assert "mode" not in asked                              # only the second option can have its targets
    targets = [e.data["card"] for e in game.log.events if e.kind == "targeted"]
    assert len(targets) == 1                                 # the second entry only
    damaged = [e for e in game.log.events if e.kind == "damage_calculation"]
    assert damaged and damaged[0].data["card"] == targets[0]


def test_4_6_2_F_an_entry_no_mode_uses_is_never_chosen() -> None:
    unused = ActionDef("Golpe", cost=1, power="SF", modes=(HIT,), targets=(
        Selector(kind=Kind.CHARACTER, targeted=True), Selector(kind=Kind.CHARACTER, targeted=True, filters=(
            Filter("name", "eq", "Ninguém"),))))
    a = CardDef("X V1", "X", 1, "Personagem", alter_ego="X", powers=("SF",), initial_energy=2, shield=0,
                action=unused)
    game, x, y = setup(a)
    _use(game, x)
    assert len([e for e in game.log.events if e.kind == "targeted"]) == 1


VIGIA = """Personagem: Vigia V1
Código: (2014) TEST 1/1
Alinhamento: Herói
Afiliações: X-Men
Energia inicial: 2
Escudo: 1
Poderes: {SF}
Raridade: Deck

Texto permanente:
  Toda vez que um personagem que um oponente controla usar uma ação de {SF}, você pode comprar um card.
"""


def test_5_2_a_card_lowered_by_the_new_semantics_triggers_on_an_action_of_a_power() -> None:
    from cardscript.compiler.lower import lower_compiled
    from cardscript.compiler.pipeline import compile_source
    from cardscript.core.source import SourceFile

    lowered = lower_compiled(compile_source(SourceFile("vigia.card", VIGIA)))
    assert not lowered.problems
    watcher = lowered.card
    game, x, y = setup(fighter(), watcher, agent=Script({"target": [pick("Vigia")]}))
    game.agents[1] = Script({"optional": [[0]]})           # Vigia's controller draws ("você pode")
    before = _hand(game, 1)
    _use(game, x)
    assert _hand(game, 1) == before + 1
    game, x, y = setup(fighter(power="TE", powers=("TE",)), watcher, agent=Script({"target": [pick("Vigia")]}))
    before = _hand(game, 1)
    _use(game, x)
    assert _hand(game, 1) == before                          # a {TE} action: no trigger


# --- 5.2: "Quando / Se <event> durante a própria / sua Fase X" fires once in that phase ---------------------------


def _trigger_of(paragraph: str) -> EventPattern:
    """The trigger of a scenario whose permanent text is ``paragraph`` (a made-up text, not a corpus card's)."""
    from cardscript.compiler.lower import lower_card
    from cardscript.compiler.pipeline import compile_source
    from cardscript.core.source import SourceFile

    card = compile_source(SourceFile("t.card", f"Cenário: Teste V1\n\nTexto permanente:\n  {paragraph}\n"))
    d = lower_card(card)
    (effect,) = [e for e in d.effects if e.kind is EffectKind.TRIGGERED]
    assert effect.trigger is not None
    return effect.trigger


def test_5_2_quando_or_se_during_ones_own_phase_reads_once_in_that_phase() -> None:
    quando = _trigger_of("Quando um jogador comprar cards durante a própria Fase de Combate, compre um card.")
    assert (quando.event, quando.phase, quando.turn_of, quando.once_in_phase) == (
        "draw", "Fase de Combate", Ref.OWNER, True)
    se = _trigger_of("Se um personagem que você controla usar uma ação durante sua Fase de Preparação, "
                     "compre um card.")
    assert (se.event, se.turn_of, se.once_in_phase) == ("use_action", Ref.YOU, True)


def test_5_2_toda_vez_que_or_another_players_phase_fires_every_time() -> None:
    every = _trigger_of("Toda vez que um jogador comprar cards durante a própria Fase de Combate, compre um card.")
    assert every.phase == "Fase de Combate" and not every.once_in_phase
    other = _trigger_of("Se um jogador usar uma ação durante a Fase de Combate de um oponente, compre um card.")
    assert other.phase == "Fase de Combate" and not other.once_in_phase


def test_5_2_a_trigger_once_in_phase_fires_once_in_each_such_phase() -> None:
    from cardscript.games.battle_scenes.runtime.continuous import end_of_turn

    trigger = EventPattern("draw", subject=Selector(kind=Kind.PLAYER), phase="Fase de Combate", turn_of=Ref.OWNER,
                           once_in_phase=True)
    game, x, y = setup(fighter(), _watcher(trigger))
    game.state.turn_player, game.state.phase = 0, "combat"
    game.draw(0, 1)
    game.eng.tree.resolve()
    assert _hand(game, 1) == 1                           # the first draw of the phase fired it
    game.draw(0, 1)
    game.eng.tree.resolve()
    assert _hand(game, 1) == 1                           # the second one in the same phase did not
    end_of_turn(game)
    game.draw(0, 1)
    game.eng.tree.resolve()
    assert _hand(game, 1) == 2                           # the next turn's combat phase: once again
