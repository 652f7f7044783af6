"""Rules 4.8: every worked example of the rulebook, END TO END through the engine.

The cards are the library's scripts (``cardscript/games/battle_scenes/cards/``: the corpus's printed text, or, for cards
the corpus lacks,
the rulebook-derived scripts in ``cardscript/games/battle_scenes/cards/rulebook/`` with their derivation at the top of
the file),
compiled and lowered by :func:`load_library`. Each test puts them in the scene of a small game, uses the action
(its lowered procedures run by ``handlers.run`` with the action's context, as the Effects Tree runs them) or
triggers the effect, and checks the rulebook's numbers: each stage of the ``damage_calculation`` event, the
shields (``shielding.shield``, the 4.8.6 record) and the cards unloaded. The pipeline itself, with hand-built
modifiers, is tested in ``tests/test_damage_4_8.py`` and ``tests/test_shields_4_8_6.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from cardscript.compiler.ir import CardDef
from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.handlers import run
from cardscript.games.battle_scenes.runtime.library import load_library
from cardscript.games.battle_scenes.runtime.selectors import EffectContext, static_context
from cardscript.games.battle_scenes.runtime.shielding import end_of_turn, shield
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.engine_helpers import in_scene, small_game

A, B = 0, 1


@pytest.fixture(scope="module")
def lib() -> dict[str, CardDef]:
    return load_library()


@dataclass
class Picks:
    """An agent answering decisions by kind: each queued answer is an option label (the first option
    containing it) or a list of indices; with nothing queued, the first legal answer."""

    answers: dict[str, list[str | list[int]]] = field(default_factory=dict)
    seen: list[Decision] = field(default_factory=list)

    def decide(self, decision: Decision) -> Sequence[int]:
        self.seen.append(decision)
        queue = self.answers.get(decision.kind)
        if queue:
            answer = queue.pop(0)
            if isinstance(answer, str):
                return [next(i for i, o in enumerate(decision.options) if answer in o)]
            return answer
        return list(range(decision.minimum))


def game_with(cards: dict[int, CardDef], a: Picks | None = None, b: Picks | None = None) -> Game:
    return small_game(cards, [a or Picks(), b or Picks()])


def use(game: Game, user: int, targets: Sequence[int], holder: int | None = None, x: int | None = None,
        costs: bool = False) -> None:
    """``user`` uses the action written on ``holder`` (itself, or a carried ability card) on ``targets``: the
    action's lowered procedures run with the action's context (4.6.2 I), as the Effects Tree runs them; ``costs``:
    its extra costs are paid first (4.6.2 E.2)."""
    holder = user if holder is None else holder
    action = game.cards[holder].action
    assert action is not None
    ctx = EffectContext(controller=game.state.scene[user].controller, source=holder, user=user,
                        targets=[list(targets)], x=x, action_name=action.name, action_power=action.power,
                        from_action=True)
    game.state.scene[user].actions_used.append(action.name)         # 4.6.2 C.4: used from now on
    (mode,) = action.modes[:1]
    for p in (*(action.extra_costs if costs else ()), *mode.procedures):
        run(game, ctx, p)


def calcs(game: Game) -> list[dict[str, Any]]:
    return [e.data for e in game.log.events if e.kind == "damage_calculation"]


def stages(calc: dict[str, Any]) -> list[tuple[str, int]]:
    return [(s[0], s[2]) for s in calc["stages"]]


def scenario(game: Game, card: int) -> None:
    game.move(card, Zone.RESOURCES)
    game.place_scenario(card)


def at(game: Game, phase: str, step: str | None, turn_player: int) -> None:
    game.state.phase = phase
    game.state.step = step
    game.state.turn_player = turn_player
    game.state.active_player = turn_player


def energy(game: Game, card: int) -> int:
    return len(game.state.scene[card].carried)


# ---------------------------------------------------------------------------------------------
# 4.8.1, 4.8.1.1, 4.8.2


def test_4_8_1_1_hulk_v3_takes_2_4_and_3_from_three_actions(lib: dict[str, CardDef]) -> None:
    """4.8.1.1: Hulk V3 (Escudo 3, Energia inicial 8) takes damage from three actions: 2 (Estapear, Blob V1),
    4 (Hulk Esmaga, Hulk V1) and 3 (Punho de Adamantium, Ultron-6 V1). The first takes the shield to 1; the
    second empties it and unloads 3 cards; the third unloads 3 more: 6 in all."""
    game = game_with({0: lib["Hulk V3"], 100: lib["Blob V1"], 110: lib["Hulk V1"], 120: lib["Ultron-6 V1"]})
    in_scene(game, 0, list(range(1, 9)))
    for c in (100, 110, 120):
        in_scene(game, c, [c + 1, c + 2])
    got = []
    for user in (100, 110, 120):
        use(game, user, [0])
        got.append((calcs(game)[-1]["amount"], shield(game, 0), 8 - energy(game, 0)))
    assert got == [(2, 1, 0), (4, 0, 3), (3, 0, 6)]
    end_of_turn(game)
    assert shield(game, 0) == 3                              # 4.8.1.1 ATENÇÃO: restored at the end of the turn


def test_4_8_1_source_controller_chooses_the_cards_to_unload(lib: dict[str, CardDef]) -> None:
    """4.8.1: a character carrying 5 cards with Escudo 0 (Norman Osborn V1) takes 3 damage (Punho de Adamantium,
    Ultron-6 V1): 3 of its cards are unloaded, to their owner's resources; the controller of the source (player
    B) chooses which."""
    b = Picks({"unload": [[0, 2, 4]]})
    game = game_with({0: lib["Norman Osborn V1"], 100: lib["Ultron-6 V1"]}, b=b)
    in_scene(game, 0, [1, 2, 3, 4, 5])
    in_scene(game, 100, [101, 102])
    use(game, 100, [0])
    assert game.state.scene[0].carried == [2, 4]
    assert all(c in game.state.players[A].resources for c in (1, 3, 5))
    assert [d.player for d in b.seen if d.kind == "unload"] == [B]


def test_4_8_2_piercing_damage_ignores_the_shield_without_zeroing_it(lib: dict[str, CardDef]) -> None:
    """4.8.2: Navalhas de Sangue (Carnificina V1, 1 piercing) on Mulher-Hulk V1 (Escudo 2): 1 card unloaded, the
    shield still 2; then Pancadaria (Capanga do Rei V2, 2 normal) is absorbed by that shield."""
    game = game_with({0: lib["Mulher-Hulk V1"], 100: lib["Carnificina V1"], 110: lib["Capanga do Rei V2"]})
    in_scene(game, 0, [1, 2, 3, 4])
    in_scene(game, 100, [101, 102])
    in_scene(game, 110, [111, 112])
    use(game, 100, [0])
    assert (energy(game, 0), shield(game, 0), calcs(game)[-1]["piercing"]) == (3, 2, True)
    use(game, 110, [0])
    assert (energy(game, 0), shield(game, 0)) == (3, 0)


# ---------------------------------------------------------------------------------------------
# 4.8.3: the calculation


def test_4_8_3_C_essencia_do_medo_halves_bishops_metralhadora_on_a_sentinela(lib: dict[str, CardDef]) -> None:
    """4.8.3 B and C: Bishop V1 ("Toda vez que este personagem usar uma ação que cause dano em algum personagem com
    alter ego Sentinela, aquela ação causa +3 pontos de dano naquele personagem") uses Metralhadora (a carried
    ability card: 1 damage, Ação de Antecipar) on Sentinela Mk II V1 (alter ego Sentinela, Escudo 2), A Essência do
    Medo in the scene ("Toda vez que uma ação de Antecipar causar dano, ela causará metade do dano, arredondado
    para baixo"): A 1, B 1 + 3 = 4, C halved: 2, absorbed by the Sentinela's shield."""
    game = game_with({0: lib["Bishop V1"], 1: lib["Metralhadora V1"], 20: lib["A Essência do Medo V1"],
                      100: lib["Sentinela Mk II V1"]})
    in_scene(game, 0, [1, 2])
    in_scene(game, 100, [101, 102, 103])
    scenario(game, 20)
    use(game, 0, [100], holder=1)
    (calc,) = calcs(game)
    assert stages(calc) == [("A", 1), ("B", 4), ("C", 2), ("D", 2), ("E", 2), ("=", 2)]
    assert [s[1] for s in calc["stages"][1:3]] == ["Bishop V1 +3", "A Essência do Medo V1 /2, rounded down"]
    assert calc["causes_damage"] and (shield(game, 100), energy(game, 100)) == (0, 3)


def test_4_8_3_1_soprano_bonus_only_for_the_chosen_affiliation(lib: dict[str, CardDef]) -> None:
    """4.8.3.1 (the Kraven / Mulher-Hulk example's Soprano +1): Soprano V1's "... fosse causar dano a um personagem
    com a afiliação escolhida" binds its +1 to the affiliation it chose when it entered ("escolha uma afiliação que
    não seja Thunderbolts", its controller's ``choose_affiliation`` decision). Put in the scene without its text
    resolving, nothing is chosen: its Som Sólido (1) on Mulher-Hulk V1 (Quarteto Fantástico) gets no bonus; having
    chosen Quarteto Fantástico it gets +1, and nothing for another affiliation."""
    game = game_with({100: lib["Soprano V1"], 0: lib["Mulher-Hulk V1"]})
    in_scene(game, 100, [101, 102])
    in_scene(game, 0, [1, 2, 3])
    use(game, 100, [0])
    (calc,) = calcs(game)
    assert stages(calc)[:2] == [("A", 1), ("B", 1)] and calc["amount"] == 1
    for affiliation, bonus in (("Quarteto Fantástico", 2), ("Sexteto Sinistro", 1)):
        b = Picks()
        game = game_with({100: lib["Soprano V1"], 0: lib["Mulher-Hulk V1"], 10: lib["Kraven - O Caçador V1"]}, b=b)
        in_scene(game, 0, [1, 2, 3])
        in_scene(game, 10, [11, 12])
        enters(game, 100, [101, 102], "choose_affiliation", affiliation)
        (asked,) = [d for d in b.seen if d.kind == "choose_affiliation"]
        assert asked.player == B and "Thunderbolts" not in asked.options
        use(game, 100, [0])
        assert stages(calcs(game)[-1])[1] == ("B", bonus)


def blob_under_essencia_do_medo(lib: dict[str, CardDef], b: Picks) -> Game:
    """Player A: Blob V1 (0: "A primeira ação que causar dano neste personagem em um turno causa 0 pontos de dano
    neste personagem") carrying Escudo Improvisado (1) and three more cards, A Essência do Medo (20) the scenario;
    player B: Carnificina V1 (100: Navalhas de Sangue, 1 piercing, Ação de Antecipar) and Wolverine V1 (110: Garras,
    X piercing, Ação de Antecipar). The Anticipation Step of A's Combat Phase, B acting (the Active Player)."""
    game = game_with({0: lib["Blob V1"], 1: lib["Escudo Improvisado V1"], 20: lib["A Essência do Medo V1"],
                      100: lib["Carnificina V1"], 110: lib["Wolverine V1"]}, b=b)
    in_scene(game, 0, [1, 2, 3, 4])
    in_scene(game, 100, [101, 102])
    in_scene(game, 110, [111, 112])
    scenario(game, 20)
    at(game, "combat", "anticipation", A)
    game.state.active_player = B
    return game


def test_4_8_3_D_blob_navalhas_de_sangue_becomes_0_and_triggers_nothing(lib: dict[str, CardDef]) -> None:
    """4.8.3 D: Navalhas de Sangue causes 1 piercing damage to Blob; A Essência do Medo makes it 0 (C), so on
    reaching D with 0 nothing triggers: it becomes an action that does not cause damage, neither Blob's text nor
    Escudo Improvisado's ("Se o personagem que estiver carregando este card receber dano de uma ação, coloque
    todos os cards de Escudo Improvisado ... na base dos decks de seus donos. Todo o dano que ele receberia daquela
    ação torna-se 0") is triggered: Escudo Improvisado stays, Blob's text is still unused this turn."""
    game = blob_under_essencia_do_medo(lib, Picks())
    use(game, 100, [0])
    (calc,) = calcs(game)
    assert stages(calc) == [("A", 1), ("B", 1), ("C", 0), ("D", 0), ("=", 0)]
    assert not calc["causes_damage"] and "becomes an action that does not cause damage" in calc["stages"][3][1]
    assert game.state.scene[0].carried == [1, 2, 3, 4]
    assert 0 not in game.state.this_turn.damaged_by_action


def test_4_8_3_D_blob_garras_reduced_to_1_triggers_both_effects(lib: dict[str, CardDef]) -> None:
    """4.8.3 D: then Garras (X = 2: 2 piercing) is halved to 1 by A Essência do Medo; reaching D above 0, Blob's
    text and Escudo Improvisado's trigger together, in the order the Active Player (B) chooses: the damage is 0,
    Garras no longer causes damage, Escudo Improvisado goes to the bottom of its owner's deck and Blob loses no
    card."""
    b = Picks({"order": [[1, 0]]})
    game = blob_under_essencia_do_medo(lib, b)
    use(game, 100, [0])
    use(game, 110, [0], x=2)
    calc = calcs(game)[-1]
    assert stages(calc) == [("A", 2), ("B", 2), ("C", 1), ("D", 1), ("D", 0), ("D", 0), ("D", 0), ("=", 0)]
    assert "triggered together: Escudo Improvisado V1, Blob V1" in calc["stages"][3][1]
    assert [s[1] for s in calc["stages"][4:6]] == ["Escudo Improvisado V1 becomes 0", "Blob V1 becomes 0"]
    assert not calc["causes_damage"] and calc["amount"] == 0
    assert [d.player for d in b.seen if d.kind == "order"] == [B]
    assert game.state.scene[0].carried == [2, 3, 4] and game.state.players[A].deck[-1] == 1
    assert 0 in game.state.this_turn.damaged_by_action                # Blob's text was used


# ---------------------------------------------------------------------------------------------
# 4.8.3.1: redirection


def inumanos(lib: dict[str, CardDef], a: Picks) -> Game:
    """Player A: Maximus V1 (0), Karnak V1 (10), Triton V1 (20); player B: Capanga do Rei V2 (100)."""
    game = game_with({0: lib["Maximus V1"], 10: lib["Karnak V1"], 20: lib["Triton V1"],
                      100: lib["Capanga do Rei V2"]}, a=a)
    for c in (0, 10, 20, 100):
        in_scene(game, c, [c + 1, c + 2, c + 3])
    return game


def test_4_8_3_1_situation_A_maximus_redirects_pancadaria_to_triton(lib: dict[str, CardDef]) -> None:
    """4.8.3.1 Situation A: in B's Attack Step, Capanga do Rei V2 uses Pancadaria (2) on Maximus. A: 2; B, C, D:
    nothing; E: player A uses Maximus's text to redirect it to Triton; F.B: Capanga do Rei has no Inumanos
    affiliation, so Triton's text takes 1 off; Triton receives 1, absorbed by its shield (Escudo 2 -> 1)."""
    a = Picks({"redirect": ["Triton"]})
    game = inumanos(lib, a)
    at(game, "combat", "attack", B)
    use(game, 100, [0])
    (calc,) = calcs(game)
    assert stages(calc) == [("A", 2), ("B", 2), ("C", 2), ("D", 2), ("E", 2),
                            ("F.B", 1), ("F.C", 1), ("F.D", 1), ("F.E", 1), ("=", 1)]
    assert calc["card"] == 20 and calc["causes_damage"]
    assert [d.player for d in a.seen if d.kind == "redirect"] == [A]
    assert "F.B.  Triton V1 -1  [1]" in "\n".join(calc["lines"])
    assert (shield(game, 20), energy(game, 20), energy(game, 0)) == (1, 3, 3)


def test_4_8_3_1_situation_B_karnak_in_another_players_preparation_phase(lib: dict[str, CardDef]) -> None:
    """4.8.3.1 Situation B: in B's Preparation Phase, Pancadaria (2) on Maximus is redirected by player A to
    Karnak; F.D: another player's Preparation Phase, so Karnak's text makes it 0: Pancadaria becomes an action
    that does not cause damage (Karnak's shield and cards untouched)."""
    game = inumanos(lib, Picks({"redirect": ["Karnak"]}))
    at(game, "preparation", None, B)
    use(game, 100, [0])
    (calc,) = calcs(game)
    assert stages(calc) == [("A", 2), ("B", 2), ("C", 2), ("D", 2), ("E", 2),
                            ("F.B", 2), ("F.C", 2), ("F.D", 0), ("F.D", 0), ("=", 0)]
    assert calc["card"] == 10 and not calc["causes_damage"]
    assert "no longer an action that causes damage" in "\n".join(calc["lines"])
    assert (shield(game, 10), energy(game, 10)) == (1, 3)
    assert 10 not in game.state.this_turn.damaged_by_action


# ---------------------------------------------------------------------------------------------
# 4.8.4: multiple damage


@pytest.mark.parametrize(("points", "expected"), [([0, 1, 2, 3], {100: 2, 107: 2, 114: 2, 121: 2}),
                                                  ([0, 0, 0, 1], {100: 4, 107: 2}),
                                                  ([2, 2, 2, 2], {114: 5})])
def test_4_8_4_2_rompante_do_absoluto_with_cubo_cosmico(lib: dict[str, CardDef], points: list[int],
                                                         expected: dict[int, int]) -> None:
    """4.8.4.2: a character carrying Rompante do Absoluto ("4 pontos de dano penetrante distribuídos da forma
    como você escolher entre até quatro alvos") and Cubo Cósmico (+1 to damage its carrier causes). Its
    controller distributes the 4 points first (one decision per point), then each target is a procedure with
    its share as step A: 1/1/1/1 -> 2 piercing each; 3 and 1 -> 4 and 2; all 4 on one target -> 5."""
    a = Picks({"distribute": [[p] for p in points]})
    game = game_with({0: lib["Hulk V3"], 1: lib["Rompante do Absoluto V1"], 2: lib["Cubo Cósmico V1"],
                      100: lib["Mulher-Hulk V1"], 107: lib["Hulk V1"], 114: lib["Ultron-6 V1"],
                      121: lib["Capanga do Rei V2"]},
                     a=a)
    in_scene(game, 0, [1, 2, 3])
    targets = [100, 107, 114, 121]
    for c in targets:
        in_scene(game, c, list(range(c + 1, c + 7)))
    use(game, 0, targets, holder=1)
    got = {c["card"]: c["amount"] for c in calcs(game)}
    assert got == expected
    assert all(c["piercing"] and c["causes_damage"] and c["stages"][1][1] == "Cubo Cósmico V1 +1"
               for c in calcs(game))
    for c in targets:                                             # piercing: shields untouched
        assert 6 - energy(game, c) == expected.get(c, 0) and shield(game, c) == lib[game.cards[c].title].shield
    assert {d.kind for d in a.seen} >= {"distribute"} and all(d.player == A for d in a.seen)


def test_4_8_4_3_carnificina_v2_multiplicacao_de_dna_three_separate_unloads(lib: dict[str, CardDef]) -> None:
    """4.8.4.3: Carnificina V2 (rulebook-derived: "Toda vez que um card for carregado neste personagem durante a
    Fase de Combate, você pode descarregar um card deste personagem. Se o fizer, este personagem causa 1 ponto de
    dano penetrante em um personagem") carrying Multiplicação de DNA, À Espreita in the scene ("Toda vez que um
    personagem vilão causar dano, ele causará aquela quantidade de dano +1"). In the Combat Phase it uses
    Multiplicação de DNA and opts to load three cards from its resources: each load triggers Carnificina's text
    separately, three separate effects, each through its own calculation: 1 + 1 (À Espreita) = 2 piercing each, 6
    to one character (Mulher-Hulk V1, Escudo 2, carrying 8: 6 cards unloaded, the shield untouched). The action's
    first sentence ("Carregue um card de seus recursos neste personagem") loads a fourth card first; the rulebook
    counts only the three cards Carnificina's controller opts to load, so that trigger is declined ("você pode").
    That first sentence and "Coloque Multiplicação de DNA na base do deck de seu dono" are its extra costs (before
    the ":", 4.6.2 E.2): paid first, the card leaves."""
    from cardscript.games.battle_scenes.runtime.turn import Engine

    b = Picks({"optional": ["yes", "no", "yes", "yes", "yes"], "target": ["Mulher-Hulk"] * 3,
               "load": [[0], [0, 1, 2]]})                        # "até três cards": it opts for three
    game = game_with({100: lib["Carnificina V2"], 101: lib["Multiplicação de Dna V1"],
                      120: lib["À Espreita V1"], 0: lib["Mulher-Hulk V1"]}, b=b)
    engine = Engine(game)
    in_scene(game, 100, [101, 102, 103])
    in_scene(game, 0, list(range(1, 9)))
    for c in (104, 105, 106, 107):
        game.move(c, Zone.RESOURCES)
    scenario(game, 120)
    at(game, "combat", "attack", B)
    use(game, 100, [], holder=101, costs=True)
    assert energy(game, 100) == 3 + 1 - 1 + 3                      # one card loaded, the card leaves, three more
    engine.tree.resolve()                                          # the four triggers, one per card loaded
    got = calcs(game)
    assert [(c["card"], c["amount"], c["piercing"]) for c in got] == [(0, 2, True)] * 3
    assert all(stages(c)[:2] == [("A", 1), ("B", 2)] and c["stages"][1][1] == "À Espreita V1 +1" for c in got)
    assert (energy(game, 0), shield(game, 0)) == (2, 2)            # 6 cards unloaded, the shield untouched
    assert energy(game, 100) == 6 - 3                              # three separate unloads


# ---------------------------------------------------------------------------------------------
# 4.8.6: shields


def test_4_8_6_A_1_homem_de_ferro_v2_mach_6_restores_the_shield_over_amarrar(lib: dict[str, CardDef]) -> None:
    """4.8.6 A.1: Homem de Ferro V2 (Escudo 2) is the target of the opponent's Amarrar ("O alvo ganha Escudo -3
    até o final do turno"): 0. It uses Mach 6 ("O Escudo deste personagem torna-se 4 até o final do turno"):
    the new base ignores Amarrar, which happened outside its duration: 4. At the end of the turn: 2."""
    game = game_with({0: lib["Homem de Ferro V2"], 100: lib["Capanga do Rei V2"], 101: lib["Amarrar V1"]})
    in_scene(game, 0, [1, 2, 3])
    in_scene(game, 100, [101, 102])
    use(game, 100, [0], holder=101)
    assert shield(game, 0) == 0
    use(game, 0, [])
    assert shield(game, 0) == 4
    end_of_turn(game)
    assert shield(game, 0) == 2


def test_4_8_6_A_2_hulk_v1_forgets_amarrar_when_a_card_is_loaded(lib: dict[str, CardDef]) -> None:
    """4.8.6 A.2: Hulk V1 carrying one card ("Enquanto este personagem estiver com Energia igual a 1, seu
    Escudo torna-se 0"): 0. Amarrar (Escudo -3): still 0. A card is loaded on Hulk: the set-to-0 effect stops
    and Amarrar, which happened during it, is forgotten: 3, the printed value."""
    game = game_with({0: lib["Hulk V1"], 100: lib["Capanga do Rei V2"], 101: lib["Amarrar V1"]})
    in_scene(game, 0, [1])
    in_scene(game, 100, [101, 102])
    assert shield(game, 0) == 0
    use(game, 100, [0], holder=101)
    assert shield(game, 0) == 0
    game.move(2, Zone.RESOURCES)
    game.load(2, 0)
    assert shield(game, 0) == 3


def test_4_8_6_B_2_hulk_v1_forgets_barreira_telecinetica_when_a_card_is_loaded(lib: dict[str, CardDef]) -> None:
    """4.8.6 B.2: Hulk V1 carrying one card (shield 0); player A uses Barreira Telecinética (carried by another
    of A's characters) on Hulk: Escudo +2 until the end of the turn, 2. A card is loaded on Hulk: the set-to-0
    effect stops and the bonus that began during it is forgotten: 3."""
    game = game_with({0: lib["Hulk V1"], 10: lib["Triton V1"], 11: lib["Barreira Telecinética V1"]})
    in_scene(game, 0, [1])
    in_scene(game, 10, [11, 12])
    use(game, 10, [0], holder=11)
    assert shield(game, 0) == 2
    game.move(2, Zone.RESOURCES)
    game.load(2, 0)
    assert shield(game, 0) == 3


def test_4_8_6_B_1_ultron_6_barreira_telecinetica_then_ponto_de_contato(lib: dict[str, CardDef]) -> None:
    """4.8.6 B.1: Ultron-6 V1 (Escudo 3) is the target of Barreira Telecinética from another of player A's
    characters: 3 + 2 = 5. Then the opponent's Karnak V1 uses Ponto de Contato on it ("O Escudo do alvo
    torna-se 1 até o final do turno"; the value is an icon missing from the rulebook, see karnak-v1.card): the
    shield becomes 1, without the bonus, which began outside Ponto de Contato's duration."""
    game = game_with({0: lib["Ultron-6 V1"], 10: lib["Triton V1"], 11: lib["Barreira Telecinética V1"],
                      100: lib["Karnak V1"]})
    in_scene(game, 0, [1, 2, 3])
    in_scene(game, 10, [11, 12])
    in_scene(game, 100, [101, 102])
    use(game, 10, [0], holder=11)
    assert shield(game, 0) == 5
    use(game, 100, [0])
    assert shield(game, 0) == 1
    end_of_turn(game)
    assert shield(game, 0) == 3


def homem_aranha_v4(lib: dict[str, CardDef]) -> Game:
    """Homem-Aranha V4 (0; Escudo 2, derived in homem-aranha-v4.card) carrying Homem-Aranha V3 (1: same alter ego,
    it lends {GE}, 4.4.2.3 A.1.2a), Armadura de Combate I.M.A. (2: "Enquanto este personagem tiver a afiliação
    I.M.A. ou {GE}, ele ganha {SF} e Escudo +2") and two more cards; the opponent's Ultron-6 V1 (100)."""
    game = game_with({0: lib["Homem-Aranha V4"], 1: lib["Homem-Aranha V3"], 2: lib["Armadura de Combate I.M.A. V1"],
                      100: lib["Ultron-6 V1"]})
    in_scene(game, 0, [1, 2, 3, 4])
    in_scene(game, 100, [101, 102])
    return game


def test_4_8_6_suspended_bonus_homem_aranha_v4_loses_and_regains_armadura(lib: dict[str, CardDef]) -> None:
    """4.8.6 (suspended bonuses): Homem-Aranha V4 has Escudo 2 + 2 = 4. It takes 3 damage (Punho de Adamantium):
    1. An effect unloads Homem-Aranha V3: it loses {GE}, Armadura's +2 stops, 1 - 2 is not below 0: 0 (1 was
    taken). Homem-Aranha V3 is loaded again this turn: the bonus gives back only what it took: 1, not 2."""
    game = homem_aranha_v4(lib)
    assert shield(game, 0) == 4
    use(game, 100, [0])
    assert (shield(game, 0), energy(game, 0)) == (1, 4)
    game.unload(1)
    assert shield(game, 0) == 0
    game.load(1, 0)
    assert shield(game, 0) == 1


def test_4_8_6_suspended_bonus_armadura_unloaded_and_loaded_again_is_a_new_effect(lib: dict[str, CardDef]) -> None:
    """4.8.6 ATENÇÃO: in the same situation (3 damage, shield 1), Armadura de Combate I.M.A. itself is unloaded
    (0) and loaded again this turn: its bonus starts afresh at +2, a new effect: 2."""
    game = homem_aranha_v4(lib)
    use(game, 100, [0])
    game.unload(2)
    assert shield(game, 0) == 0
    game.load(2, 0)
    assert shield(game, 0) == 2


def enters_choosing(game: Game, card: int, carried: list[int], chosen: str) -> None:
    """``card`` enters the scene; its "Quando este suporte entrar em cena, escolha ..." (its first effect, a
    triggered one) resolves, its controller choosing the option named ``chosen``."""
    in_scene(game, card, carried)
    trigger = game.cards[card].effects[0]
    ctx = static_context(game, card, game.state.scene[card].controller)
    agent = game.agents[ctx.controller]
    assert isinstance(agent, Picks)
    agent.answers.setdefault("choose", []).append(chosen)
    for p in trigger.procedures:
        run(game, ctx, p)


def destroy(game: Game, support: int) -> None:
    for c in list(game.state.scene[support].carried):
        game.unload(c)                                      # the last one destroys it (4.7)
    assert support not in game.state.scene


def mansao(lib: dict[str, CardDef], hulk_carries: list[int]) -> Game:
    """Player A: Mansão dos Vingadores V1 (20: "Os personagens com a afiliação Vingadores que você controla ganham
    {GE} e Escudo +1") and Hulk V1 (0: Vingadores, Escudo 3, "Enquanto este personagem estiver com Energia igual
    a 1, seu Escudo torna-se 0"), since the start of the turn; player B's Gerador de P.E.M. V1 (100) in hand."""
    game = game_with({0: lib["Hulk V1"], 20: lib["Mansão dos Vingadores V1"], 100: lib["Gerador de P.E.M. V1"]})
    in_scene(game, 20, [21, 22, 23])
    in_scene(game, 0, hulk_carries)
    return game


def test_4_8_6_atencao_1_mansao_dos_vingadores_and_gerador_de_pem(lib: dict[str, CardDef]) -> None:
    """4.8.6 ATENÇÃO 1: Hulk V1 carrying one card: 0 + 1 = 1. Player B puts Gerador de P.E.M. in the scene
    naming the Mansão: its bonus stops, 0. Player A loads a card on Hulk: the set-to-0 effect stops: 3. The
    Gerador is destroyed this turn: still 3 (the set-value effect was working when the Mansão's bonus stopped
    and is not when it returns, so the bonus does not count)."""
    game = mansao(lib, [1])
    assert shield(game, 0) == 1
    enters_choosing(game, 100, [101, 102, 103], "Mansão")
    assert shield(game, 0) == 0
    game.move(2, Zone.RESOURCES)
    game.load(2, 0)
    assert shield(game, 0) == 3
    destroy(game, 100)
    assert shield(game, 0) == 3


def test_4_8_6_atencao_2_mansao_dos_vingadores_and_gerador_de_pem(lib: dict[str, CardDef]) -> None:
    """4.8.6 ATENÇÃO 2: Hulk V1 carrying two cards: 3 + 1 = 4. Gerador de P.E.M. names the Mansão: 3. A card is
    unloaded from Hulk (Energia 1): 0. The Gerador is destroyed this turn: still 0 (the set-value effect began
    between the bonus stopping and returning, so the bonus does not count)."""
    game = mansao(lib, [1, 2])
    assert shield(game, 0) == 4
    enters_choosing(game, 100, [101, 102, 103], "Mansão")
    assert shield(game, 0) == 3
    game.unload(2)
    assert shield(game, 0) == 0
    destroy(game, 100)
    assert shield(game, 0) == 0


def test_4_8_6_atencao_2_the_shield_record_starts_with_the_engine_not_with_the_first_read(
        lib: dict[str, CardDef]) -> None:
    """4.8.6 ATENÇÃO 2 when nobody reads the shield until the end (a scenario's board, a match's play): the
    statics in operation are recorded from the moment the engine runs the match, so the Mansão's bonus that the
    Gerador stops is a suspension of an effect already recorded, and it does not come back as a new +1 once the
    Gerador is destroyed after Hulk's set value began: 0
    (tests/scenarios/4-8-6-atencao-2-mansao-e-gerador-de-pem.scn)."""
    from cardscript.games.battle_scenes.runtime.turn import Engine

    game = game_with({0: lib["Hulk V1"], 20: lib["Mansão dos Vingadores V1"], 100: lib["Gerador de P.E.M. V1"]})
    Engine(game)
    in_scene(game, 20, [21, 22, 23])
    in_scene(game, 0, [1, 2])
    enters_choosing(game, 100, [101, 102, 103], "Mansão")
    game.unload(2)
    destroy(game, 100)
    assert shield(game, 0) == 0


# ---------------------------------------------------------------------------------------------
# 4.8.3.1: the Kraven / Mulher-Hulk example


def enters(game: Game, card: int, carried: list[int], kind: str, answer: str) -> None:
    """``card`` enters the scene (or, a scenario, is placed) and its "Quando ... entrar em cena, escolha ..." (its
    first effect) resolves: its controller answers the decision ``kind`` with the option containing ``answer``."""
    if str(game.cards[card].card_type) == "Cenário":
        scenario(game, card)
    else:
        in_scene(game, card, carried)
    ctx = static_context(game, card, game.state.scene[card].controller if card in game.state.scene
                         else game.state.owner[card])
    agent = game.agents[ctx.controller]
    assert isinstance(agent, Picks)
    agent.answers.setdefault(kind, []).append(answer)
    for p in game.cards[card].effects[0].procedures:
        run(game, ctx, p)


MH1, MH2, VEICULO, KRAVEN, NORMAN, SOPRANO, MANCHETE = 0, 10, 20, 100, 110, 115, 120


def kraven_and_mulheres_hulk(lib: dict[str, CardDef], b: Picks) -> Game:
    """4.8.3.1, the complex example. Player A: MH1 (0, Mulher-Hulk V1) carrying Rir do Perigo (1), Mulher-Hulk V2 (2),
    Cubo Cósmico (3) and Barreira Telecinética (4); MH2 (10, Mulher-Hulk V1) carrying Rir do Perigo (11),
    Mulher-Hulk V2 (12) and three other cards; Veículo de Combate S.H.I.E.L.D. V3 (20) carrying three cards, its
    text directed to MH1. Player B: Kraven V1 (100, "Kraven - O Caçador V1" in the corpus) directed to MH2, carrying
    Cubo Cósmico (101), Impossível de se Ver (102) and two other cards; Norman Osborn V1 (110) carrying one card;
    Soprano V1 (115) carrying three cards, Quarteto Fantástico chosen; the scenario Manchete do Clarim (120), MH1
    chosen. Each "escolha" is its controller's decision, made as the card enters."""
    a = Picks()
    game = game_with({MH1: lib["Mulher-Hulk V1"], 1: lib["Rir do Perigo V1"], 2: lib["Mulher-Hulk V2"],
                      3: lib["Cubo Cósmico V1"], 4: lib["Barreira Telecinética V1"],
                      MH2: lib["Mulher-Hulk V1"], 11: lib["Rir do Perigo V1"], 12: lib["Mulher-Hulk V2"],
                      VEICULO: lib["Veículo de Combate S.H.I.E.L.D. V3"],
                      KRAVEN: lib["Kraven - O Caçador V1"], 101: lib["Cubo Cósmico V1"],
                      102: lib["Impossível de se Ver V1"], NORMAN: lib["Norman Osborn V1"],
                      SOPRANO: lib["Soprano V1"], MANCHETE: lib["Manchete do Clarim V1"]}, a=a, b=b)
    in_scene(game, MH1, [1, 2, 3, 4])
    in_scene(game, MH2, [11, 12, 13, 14, 15])
    enters(game, VEICULO, [21, 22, 23], "choose", f"#{MH1}")
    enters(game, KRAVEN, [101, 102, 103, 104], "choose", f"Mulher-Hulk V1#{MH2}")
    in_scene(game, NORMAN, [111])
    enters(game, SOPRANO, [116, 117, 118], "choose_affiliation", "Quarteto Fantástico")
    enters(game, MANCHETE, [], "choose", f"Mulher-Hulk V1#{MH1}")
    at(game, "preparation", None, B)
    return game


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in game.log.events if e.kind == kind]


@pytest.mark.parametrize(("final", "answer", "left"), [(MH2, "Mulher-Hulk V2: to", 4), (VEICULO, "Veículo", 1)])
def test_4_8_3_1_kraven_mulher_hulk_impossivel_de_se_ver_on_mh2(lib: dict[str, CardDef], final: int, answer: str,
                                                               left: int) -> None:
    """4.8.3.1: in player B's Preparation Phase Kraven uses Impossível de se Ver (1, its carried ability card) on
    MH2, the first action used this turn. Norman Osborn V1 makes Kraven, a villain B controls, a hero with the
    affiliation Thunderbolts; so Manchete do Clarim's "ação de um herói que você controla" and Soprano's "ação de
    um personagem com a afiliação Thunderbolts que você controla" are both his.

    A 1. B: Barreira Telecinética -1 (MH1's: a character A controls), Impossível de se Ver +2 (first action), Kraven
    +4 (MH2 chosen), Cubo Cósmico +1 (Kraven's: damage its carrier causes), Soprano +1 (MH2 has Quarteto Fantástico):
    8 -- the engine adds them in the order of its cards in play (the scene's bases, then the carried cards), the
    sum is the rulebook's. C: Rir do Perigo on MH2 halves it: 4. D: nothing. E: above 0, MH2's Mulher-Hulk V2
    redirects it to MH1 (player A's effect, compulsory: no decision). F.B: the damage is caused to MH1, Manchete do
    Clarim +2: 6 (Barreira Telecinética, Cubo Cósmico and Soprano already acted). F.C: Rir do Perigo on MH1: 3.
    F.D: nothing. F.E: MH1's Mulher-Hulk V2 (to MH2) and the Veículo de Combate S.H.I.E.L.D. (to itself) could
    both redirect it: the Active Player (B) chooses; either way nothing changes it any more: 3. MH2 (Escudo 2)
    absorbs 2 and one card is unloaded (5 -> 4); the Veículo (Escudo 1) absorbs 1 and unloads 2 (3 -> 1)."""
    b = Picks({"redirect": [answer]})
    game = kraven_and_mulheres_hulk(lib, b)
    use(game, KRAVEN, [MH2], holder=102)
    (calc,) = calcs(game)
    assert stages(calc) == [("A", 1), ("B", 5), ("B", 6), ("B", 5), ("B", 6), ("B", 8), ("C", 4), ("D", 4), ("E", 4),
                            ("F.B", 6), ("F.C", 3), ("F.D", 3), ("F.E", 3),
                            ("F.B", 3), ("F.C", 3), ("F.D", 3), ("F.E", 3), ("=", 3)]
    acted = [(s[0], s[1]) for s in calc["stages"] if s[3] and s[0] != "E" and s[0] != "F.E"]
    assert sorted(acted[:5]) == sorted([("B", "Barreira Telecinética V1 -1"), ("B", "Impossível de se Ver V1 +2"),
                                        ("B", "Kraven - O Caçador V1 +4"), ("B", "Cubo Cósmico V1 +1"),
                                        ("B", "Soprano V1 +1")])
    assert acted[5:] == [("C", "Rir do Perigo V1 /2, rounded down"), ("F.B", "Manchete do Clarim V1 +2"),
                         ("F.C", "Rir do Perigo V1 /2, rounded down")]
    # the redirections: MH2's Mulher-Hulk V2 (12) to MH1, then by B's choice MH1's (2) to MH2 or the Veículo (20)
    assert [(r["source"], r["frm"], r["to"]) for r in events(game, "replaced")] == [
        (12, MH2, MH1), (2 if final == MH2 else VEICULO, MH1, final)]
    redirected = [s[1] for s in calc["stages"] if s[0] in ("E", "F.E") and "redirected" in s[1]]
    assert redirected[0].endswith("by Mulher-Hulk V2 (player 0)")
    assert redirected[1].endswith("(the Active Player's choice, player 1)")
    asked = [d for d in b.seen if d.kind == "redirect"]
    assert [d.player for d in asked] == [B] and len(asked[0].options) == 2
    assert not [d for d in game.agents[A].seen if d.kind == "redirect"]             # type: ignore[attr-defined]
    assert (calc["card"], calc["amount"], calc["causes_damage"]) == (final, 3, True)
    (dealt,) = events(game, "damage")
    assert (dealt["card"], dealt["amount"], dealt["absorbed"], dealt["unloaded"]) == (
        final, 3, 2 if final == MH2 else 1, 1 if final == MH2 else 2)
    assert (shield(game, final), energy(game, final)) == (0, left)
    assert (shield(game, MH1), energy(game, MH1)) == (2, 4)                          # MH1 takes nothing
    assert final == VEICULO or energy(game, VEICULO) == 3


def test_4_8_3_1_mh1_mh2_mh1_stops_there(lib: dict[str, CardDef]) -> None:
    """4.8.3.1 ATENÇÃO: each redirecting effect acts once per procedure. MH1 and MH2 (Mulher-Hulk V1, player A)
    each carry a Mulher-Hulk V2; Kraven's Assalto do Caçador (2) on MH1 is redirected at most twice: to MH2 (MH1's
    Mulher-Hulk V2), then back to MH1 (MH2's), which takes it; MH1's effect was already used in this procedure, so
    it does not go to MH2 again. Both redirections are compulsory (the derived Mulher-Hulk V2: "deve ser ...
    redirecionado"), so nobody is asked. MH1's Escudo 2 absorbs the 2."""
    a, b = Picks(), Picks()
    game = game_with({MH1: lib["Mulher-Hulk V1"], 2: lib["Mulher-Hulk V2"], MH2: lib["Mulher-Hulk V1"],
                      12: lib["Mulher-Hulk V2"], KRAVEN: lib["Kraven - O Caçador V1"]}, a=a, b=b)
    in_scene(game, MH1, [1, 2, 3])
    in_scene(game, MH2, [11, 12, 13])
    in_scene(game, KRAVEN, [101, 102])
    at(game, "combat", "attack", B)
    use(game, KRAVEN, [MH1])
    (calc,) = calcs(game)
    assert stages(calc) == [("A", 2), ("B", 2), ("C", 2), ("D", 2), ("E", 2), ("F.B", 2), ("F.C", 2), ("F.D", 2),
                            ("F.E", 2), ("F.B", 2), ("F.C", 2), ("F.D", 2), ("F.E", 2), ("=", 2)]
    assert [(r["source"], r["frm"], r["to"]) for r in events(game, "replaced")] == [(2, MH1, MH2), (12, MH2, MH1)]
    assert [s[1] for s in calc["stages"] if s[0] in ("E", "F.E")][-1] == "no redirection"
    assert [s[1].split(" by ")[1] for s in calc["stages"] if "redirected" in s[1]] == [
        "Mulher-Hulk V2 (player 0)", "Mulher-Hulk V2 (player 0)"]
    assert calc["card"] == MH1 and calc["amount"] == 2
    assert not [d for d in a.seen + b.seen if d.kind == "redirect"]
    assert (shield(game, MH1), energy(game, MH1), shield(game, MH2), energy(game, MH2)) == (0, 3, 2, 3)
