"""The Effects Tree (rules 9.1) and triggered effects (5.2), with hand-built effects."""

from __future__ import annotations

from collections.abc import Callable

from cardscript.compiler.ir import (
    CardDef,
    Condition,
    Effect,
    EffectKind,
    EventPattern,
    Filter,
    Kind,
    Procedure,
    Ref,
    Selector,
    Unsupported,
)
from cardscript.engine.agents import FirstLegalAgent, ScriptedAgent
from cardscript.engine.tree import EffectsTree, Pending
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.state import GameState, PlayerState, Zone
from cardscript.games.battle_scenes.runtime.triggers import Triggers, phase_id


def proc(text: str) -> Procedure:
    return Unsupported(text=text)


def _tree_events(game: Game) -> list[tuple[str, str, int]]:
    return [(e.kind, str(e.data["effect"]).split(":")[0], e.data["level"]) for e in game.log.events
            if e.kind.startswith("tree_")]


# -- the rulebook's walk-through of 9.1.2.1 --------------------------------------------------------
CAPUZ, UMAR, PLANOS, SETASIDE, WANTED, FILLER, HEIMDALL, HFILLER = 1, 2, 3, 4, 5, 6, 101, 102


def _walkthrough() -> tuple[Game, EffectsTree, list[str]]:
    """Player A (0): Capuz V2 and Umar V1 in the scene, Planos de Infiltração in the resources.
    Player B (1): Heimdall in the scene. Anticipation Step of B's turn: A is the Active Player."""
    planos = CardDef("Planos de Infiltração", "Planos de Infiltração", 1, "Habilidade", effects=(
        Effect(EffectKind.TRIGGERED, trigger=EventPattern("load", Selector(Kind.CARD, Ref.THIS_CARD)),
               procedures=(proc("search"), proc("reveal"), proc("to hand"), proc("shuffle")),
               text="Planos de Infiltração"),))
    heimdall = CardDef("Heimdall", "Heimdall", 1, "Personagem", initial_energy=3, effects=(
        Effect(EffectKind.TRIGGERED, trigger=EventPattern("search"), procedures=(proc("heimdall damage"),),
               text="Heimdall"),))
    cards = {CAPUZ: CardDef("Capuz V2", "Capuz", 2, "Personagem", initial_energy=3),
             UMAR: CardDef("Umar V1", "Umar", 1, "Personagem", initial_energy=3),
             PLANOS: planos, SETASIDE: CardDef("Set", "Set", 1, "Habilidade"),
             WANTED: CardDef("Wanted", "Wanted", 1, "Personagem", initial_energy=2),
             FILLER: CardDef("Filler", "Filler", 1, "Habilidade"),
             HEIMDALL: heimdall, HFILLER: CardDef("Filler", "Filler", 1, "Habilidade")}
    owner = {c: (1 if c > 100 else 0) for c in cards}
    players = [PlayerState(deck=[SETASIDE, WANTED], resources=[CAPUZ, UMAR, PLANOS, FILLER]),
               PlayerState(resources=[HEIMDALL, HFILLER])]
    state = GameState(owner, players, turn=3, turn_player=1, active_player=0, phase="combat", step="anticipation")
    game = Game(state, cards, [FirstLegalAgent(), FirstLegalAgent()], check=True)
    game.enter_scene(CAPUZ, 0, [FILLER])
    game.enter_scene(UMAR, 0, [])
    game.enter_scene(HEIMDALL, 1, [HFILLER])
    said: list[str] = []
    handlers: dict[str, Callable[[Game, Pending], None]] = {
        "search": lambda g, p: (said.append("A searches the deck"), g.emit("search", player=0))[0],
        "reveal": lambda g, p: said.append("A reveals the character card"),
        "to hand": lambda g, p: (said.append("A puts it in hand"), g.move(WANTED, Zone.HAND))[0],
        "shuffle": lambda g, p: (said.append("A shuffles"), g.shuffle(0))[0],
        "heimdall damage": lambda g, p: said.append("Heimdall: 1 piercing damage to Umar"),
    }

    def runner(g: Game, p: Pending, pr: Procedure) -> None:
        handlers[pr.text](g, p)

    tree = EffectsTree(game, runner)
    Triggers(game, tree)
    return game, tree, said


def test_9_1_2_1_poderes_obscuros_walkthrough() -> None:
    game, tree, said = _walkthrough()

    def clarividencia_first(g: Game, p: Pending) -> None:
        said.append("Clarividência: set aside")
        g.move(SETASIDE, Zone.SET_ASIDE)

    def load_planos(g: Game, p: Pending) -> None:
        said.append("load Planos de Infiltração onto Umar")
        g.load(PLANOS, UMAR)

    def clarividencia_last(g: Game, p: Pending) -> None:
        said.append("Clarividência: back on top")
        g.move(SETASIDE, Zone.DECK)

    root = Pending("Poderes Obscuros", (clarividencia_first, load_planos, clarividencia_last), controller=0,
                   source=CAPUZ, kind="action")
    tree.resolve(root)
    assert said == [
        "Clarividência: set aside", "load Planos de Infiltração onto Umar",
        "A searches the deck", "Heimdall: 1 piercing damage to Umar",
        "A reveals the character card", "A puts it in hand", "A shuffles",
        "Clarividência: back on top"]
    assert _tree_events(game) == [
        ("tree_pending", "Poderes Obscuros", 0), ("tree_start", "Poderes Obscuros", 0),
        ("tree_pending", "Planos de Infiltração#3", 1), ("tree_pause", "Poderes Obscuros", 0),
        ("tree_start", "Planos de Infiltração#3", 1),
        ("tree_pending", "Heimdall#101", 2), ("tree_pause", "Planos de Infiltração#3", 1),
        ("tree_start", "Heimdall#101", 2), ("tree_end", "Heimdall#101", 2),
        ("tree_resume", "Planos de Infiltração#3", 1), ("tree_end", "Planos de Infiltração#3", 1),
        ("tree_resume", "Poderes Obscuros", 0), ("tree_end", "Poderes Obscuros", 0)]
    assert tree.empty()
    assert game.state.players[0].deck[0] == SETASIDE and WANTED in game.state.players[0].hand


def _simple_tree(choices: list[list[int]] | None = None) -> tuple[Game, EffectsTree, list[str]]:
    owner = {1: 0, 2: 1}
    cards = {1: CardDef("A", "A", 1, "Personagem"), 2: CardDef("B", "B", 1, "Personagem")}
    agent = ScriptedAgent(list(choices or []))
    game = Game(GameState(owner, [PlayerState(deck=[1]), PlayerState(deck=[2])]), cards, [agent, agent])
    return game, EffectsTree(game), []


def _effect(tree: EffectsTree, said: list[str], name: str, n: int,
            spawn: dict[int, list[Pending]] | None = None) -> Pending:
    def step(i: int) -> Callable[[Game, Pending], None]:
        def run(g: Game, p: Pending) -> None:
            said.append(f"{name}{i}")
            for child in (spawn or {}).get(i, []):
                tree.trigger(child)
        return run
    return Pending(name, tuple(step(i) for i in range(1, n + 1)), controller=0)


def test_9_1_2_triggered_with_an_empty_tree_go_to_level_1_and_paused_effects_resume() -> None:
    game, tree, said = _simple_tree(choices=[[1], [0]])
    c1, c2 = _effect(tree, said, "C", 1), _effect(tree, said, "D", 1)
    e = _effect(tree, said, "E", 3, spawn={1: [c1, c2]})
    tree.trigger(e)
    tree.resolve()
    # E at level 1 pauses after its first procedure; the Active Player orders C/D (level 2): D first
    assert said == ["E1", "D1", "C1", "E2", "E3"]
    assert (e.level, c1.level, c2.level) == (1, 2, 2)


def test_9_1_2_1_a_effects_of_a_last_procedure_are_resolved_before_same_level_siblings() -> None:
    game, tree, said = _simple_tree(choices=[[0]])
    child = _effect(tree, said, "K", 1)
    first = _effect(tree, said, "F", 1, spawn={1: [child]})
    second = _effect(tree, said, "S", 1)
    tree.trigger(first)
    tree.trigger(second)
    tree.resolve()          # the Active Player picks F (option 0); F ends spawning K: a) K before S
    assert said == ["F1", "K1", "S1"]
    assert [e.kind for e in game.log.events if e.kind == "tree_pause"] == []


def test_9_1_2_1_c_paused_effect_resumes_before_lower_levels() -> None:
    game, tree, said = _simple_tree(choices=[[0], [0]])
    grand = _effect(tree, said, "G", 1)
    child = _effect(tree, said, "C", 2, spawn={1: [grand]})
    sibling = _effect(tree, said, "S", 1)
    top = _effect(tree, said, "T", 2, spawn={1: [child, sibling]})
    tree.trigger(top)
    tree.resolve()
    # T pauses (level 1); C (2) pauses; G (3) ends -> c) resume C; C ends -> b) S; then c) resume T
    assert said == ["T1", "C1", "G1", "C2", "S1", "T2"]


def test_5_2_triggered_conditions_are_checked_at_resolution() -> None:
    game, tree, said = _simple_tree()
    flag = {"ok": True}
    late = _effect(tree, said, "L", 1)
    late.condition = lambda g, p: flag["ok"]
    early = _effect(tree, said, "E", 1)
    early.steps = (lambda g, p: flag.update(ok=False),)
    tree.trigger(early)
    tree.resolve()
    tree.trigger(late)
    tree.resolve()
    assert said == [] and any(e.kind == "tree_skip" for e in game.log.events)


def test_5_1_activated_effects_need_an_empty_tree() -> None:
    game, tree, said = _simple_tree()
    seen: list[bool] = []
    e = Pending("E", (lambda g, p: seen.append(tree.empty()),), controller=0)
    assert tree.empty()
    tree.resolve(e)
    assert seen == [False] and tree.empty()


def test_5_2_phase_trigger_matches_its_phase_and_whose_turn() -> None:
    eff = Effect(EffectKind.TRIGGERED, trigger=EventPattern("phase_start", phase="Fase de Compra", whose=Ref.YOU),
                 procedures=(), text="draw start")
    cards = {1: CardDef("A", "A", 1, "Cenário", effects=(eff,))}
    game = Game(GameState({1: 0}, [PlayerState(resources=[1]), PlayerState()]), cards,
                [FirstLegalAgent(), FirstLegalAgent()])
    tree = EffectsTree(game)
    Triggers(game, tree)
    game.emit("phase_start", phase="draw", step="", player=0)
    assert not tree.incoming                    # not in the scene
    game.place_scenario(1)
    game.emit("phase_start", phase="draw", step="", player=1)
    game.emit("phase_start", phase="countdown", step="", player=0)
    assert not tree.incoming
    game.emit("phase_start", phase="draw", step="", player=0)
    assert len(tree.incoming) == 1
    assert phase_id("Etapa de Ataque") == "attack" and phase_id("Fase de Contagem Regressiva") == "countdown"


def test_5_2_1_trigger_from_the_hand_is_revealed() -> None:
    eff = Effect(EffectKind.TRIGGERED, trigger=EventPattern("phase_start", phase="Etapa de Ataque"),
                 zone="hand", condition=Condition("always"), text="surprise")
    cards = {1: CardDef("A", "A", 1, "Habilidade", effects=(eff,))}
    game = Game(GameState({1: 0}, [PlayerState(hand=[1]), PlayerState()]), cards,
                [FirstLegalAgent(), FirstLegalAgent()])
    tree = EffectsTree(game)
    Triggers(game, tree)
    game.emit("phase_start", phase="combat", step="attack", player=0)
    assert len(tree.incoming) == 1 and any(e.kind == "reveal" for e in game.log.events)


def test_5_2_use_action_trigger_filtered_by_the_actions_power() -> None:
    pattern = EventPattern("use_action", action_filters=(Filter("power", "eq", "AE"),))
    eff = Effect(EffectKind.TRIGGERED, trigger=pattern,
                 text="toda vez que um personagem usar uma ação de {AE}")
    cards = {1: CardDef("A", "A", 1, "Cenário", effects=(eff,)), 2: CardDef("B", "B", 1, "Personagem")}
    game = Game(GameState({1: 0, 2: 0}, [PlayerState(resources=[1, 2]), PlayerState()]), cards,
                [FirstLegalAgent(), FirstLegalAgent()])
    tree = EffectsTree(game)
    Triggers(game, tree)
    game.place_scenario(1)
    game.emit("use_action", card=2, action="Soco", player=0, power="SF")
    assert not tree.incoming
    game.emit("use_action", card=2, action="Rajada", player=0, power="AE")
    assert len(tree.incoming) == 1
