"""Alignments and affiliations changed by effects (rules 4.4.2.3 A.1.2a, 5.4, 5.7 A.2.1, golden rule 8 B.2) and an
affiliation chosen by a text: ``cardscript/games/battle_scenes/runtime/characteristics.py``, read by the selectors, the
trigger
subjects and the damage pipeline."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from cardscript.compiler.ir import CardDef, Duration, Filter, Gain, Kind, Ref, Selector
from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime import continuous
from cardscript.games.battle_scenes.runtime.characteristics import affiliations, alignments, chosen_trait
from cardscript.games.battle_scenes.runtime.dealing import party
from cardscript.games.battle_scenes.runtime.handlers import run
from cardscript.games.battle_scenes.runtime.library import load_library
from cardscript.games.battle_scenes.runtime.selectors import EffectContext, matches, static_context
from cardscript.games.battle_scenes.runtime.shielding import shield
from tests.engine_helpers import card, in_scene, small_game

A, B = 0, 1


@pytest.fixture(scope="module")
def lib() -> dict[str, CardDef]:
    return load_library()


def test_norman_osborn_v1_villains_are_also_heroes_and_thunderbolts(lib: dict[str, CardDef]) -> None:
    """Norman Osborn V1: "Os personagens vilões que você controla são heróis além de seus outros alinhamentos e
    ganham a afiliação Thunderbolts. Os personagens não vilões que seus oponentes controlam são vilões além de seus
    outros alinhamentos." Statics: they hold while Norman is in the scene and stop when he leaves (5.4)."""
    game = small_game({0: lib["Norman Osborn V1"], 10: lib["Kraven - O Caçador V1"], 20: lib["Mulher-Hulk V1"],
                       100: lib["Mulher-Hulk V1"], 110: lib["Kraven - O Caçador V1"]})
    for c in (10, 20, 100, 110):
        in_scene(game, c, [c + 1])
    assert alignments(game, 10) == {"Vilão"} and affiliations(game, 10) == {"Sexteto Sinistro"}
    in_scene(game, 0, [1])
    assert alignments(game, 10) == {"Vilão", "Herói"}                          # his villain: also a hero
    assert affiliations(game, 10) == {"Sexteto Sinistro", "Thunderbolts"}
    assert alignments(game, 20) == {"Herói"} and affiliations(game, 20) == {"Quarteto Fantástico"}  # his hero
    assert alignments(game, 100) == {"Herói", "Vilão"}                         # the opponent's hero: also a villain
    assert alignments(game, 110) == {"Vilão"} and "Thunderbolts" not in affiliations(game, 110)
    p = party(game, 10)                                                        # what the damage pipeline sees
    assert "Herói" in p.alignments and "Thunderbolts" in p.affiliations
    ctx = EffectContext(controller=A)
    heroes = Selector(Kind.CHARACTER, filters=(Filter("alignment", "has", "Herói"),
                                               Filter("affiliation", "has", "Thunderbolts")))
    assert [c for c in game.state.scene if matches(game, ctx, c, heroes)] == [10]
    game.unload(1)                                        # Norman, emptied, is knocked out: he leaves the scene
    assert 0 not in game.state.scene
    assert alignments(game, 10) == {"Vilão"} and alignments(game, 100) == {"Herói"}


def test_statics_read_printed_characteristics_no_chaining(lib: dict[str, CardDef]) -> None:
    """Layering: the selectors of the statics changing alignments read the printed ones. Player B's Norman makes
    A's hero Mulher-Hulk a villain too; A's own Norman ("os personagens vilões que você controla ... ganham a
    afiliação Thunderbolts") still reads her printed alignment, a hero: no Thunderbolts. A static does not feed on
    another's result (and there are no loops)."""
    game = small_game({0: lib["Norman Osborn V1"], 20: lib["Mulher-Hulk V1"], 100: lib["Norman Osborn V1"]})
    in_scene(game, 20, [21])
    in_scene(game, 0, [1])
    in_scene(game, 100, [101])
    assert alignments(game, 20) == {"Herói", "Vilão"}
    assert affiliations(game, 20) == {"Quarteto Fantástico"}


def test_8_b_2_losing_an_affiliation_beats_gaining_it() -> None:
    """8 B.2: "Se um efeito faz um personagem ... ganhar algum ... afiliação, alinhamento ... e outro faz com que
    ele perca aquele mesmo atributo, o efeito que faz perder prevalece" -- whatever their order."""
    hero = CardDef(title="H V1", name="H", version=1, card_type="Personagem", shield=0, initial_energy=1,
                   alignments=("Herói",), affiliations=("Vingadores",))
    game = small_game({0: hero})
    in_scene(game, 0, [1])
    gain = Gain(targets=Selector(ref=Ref.THIS_CHARACTER), affiliations=("X-Men",), duration=Duration.END_OF_TURN,
                text="este personagem ganha a afiliação X-Men")
    run(game, EffectContext(controller=A, source=0), gain)
    assert affiliations(game, 0) == {"Vingadores", "X-Men"}
    continuous.add(game, "lose", None, B, [0], affiliations=("X-Men",))
    run(game, EffectContext(controller=A, source=0), gain)                      # gained again, after: still lost
    assert affiliations(game, 0) == {"Vingadores"}
    continuous.add(game, "lose", None, B, [0], affiliations="all")
    assert affiliations(game, 0) == frozenset() and alignments(game, 0) == {"Herói"}


def test_torre_stark_v1_allies_gain_vingadores() -> None:
    """Torre Stark V1 (a support): "Os personagens com a afiliação Aliados do Homem de Ferro que você controla
    ganham a afiliação Vingadores" -- so its own "um personagem com a afiliação Vingadores que você controla" reads
    them."""
    lib = load_library()
    ally = CardDef(title="Aliado V1", name="Aliado", version=1, card_type="Personagem", shield=0, initial_energy=1,
                   alignments=("Herói",), affiliations=("Aliados do Homem de Ferro",))
    game = small_game({0: lib["Torre Stark V1"], 10: ally, 100: ally})
    in_scene(game, 10, [11])
    in_scene(game, 100, [101])
    assert affiliations(game, 10) == {"Aliados do Homem de Ferro"}
    in_scene(game, 0, [1, 2])
    assert affiliations(game, 10) == {"Aliados do Homem de Ferro", "Vingadores"}
    assert affiliations(game, 100) == {"Aliados do Homem de Ferro"}             # not one its controller controls


def test_4_4_2_3_a_1_2a_a_carried_version_lends_its_affiliations() -> None:
    """4.4.2.3 A.1.2a: character cards of the same alter ego, another version, carried by a character "concedem
    àquele personagem suas afiliações, alinhamentos, poderes ..."."""
    v1 = CardDef(title="Z V1", name="Z", version=1, card_type="Personagem", alter_ego="Zeta", shield=0,
                 initial_energy=1, alignments=("Herói",), affiliations=("Vingadores",))
    v2 = CardDef(title="Z V2", name="Z", version=2, card_type="Personagem", alter_ego="Zeta", shield=0,
                 initial_energy=1, alignments=("Vilão",), affiliations=("Thunderbolts",))
    game = small_game({0: v1, 1: v2})
    in_scene(game, 0, [1, 2])
    assert affiliations(game, 0) == {"Vingadores", "Thunderbolts"} and alignments(game, 0) == {"Herói", "Vilão"}



def test_4_4_2_3_two_copies_of_one_other_version_lend_their_characteristics_once() -> None:
    """4.4.2.3: a character carrying two or more copies of one other version of its own card gains the
    characteristics of one of them only (the official rulings of Ciclope V1 and Veículo de Combate S.H.I.E.L.D.
    V1, ``tests/rulings/bsum/``): two copies of a V1 that gives "Escudo +1" give +1; a V1 and a V3 give +2."""
    def version(n: int) -> CardDef:
        return card(f"Personagem: Sentinela V{n}\nAlter ego: Bob\nAlinhamento: Herói\nPoderes: Super Força\n"
                    "Energia inicial: 3\nEscudo: 0\nTexto permanente:\n  Este personagem ganha Escudo +1.\n")
    base = replace(version(2), effects=())
    for carried, bonus in (((1,), 1), ((1, 1), 1), ((1, 3), 2)):
        game = small_game({0: base, **{1 + k: version(n) for k, n in enumerate(carried)}})
        in_scene(game, 0, [1 + k for k in range(len(carried))] + [10])
        assert shield(game, 0) == bonus, carried

class _Answer:
    def __init__(self, label: str) -> None:
        self.label = label
        self.seen: list[Decision] = []

    def decide(self, decision: Decision) -> Sequence[int]:
        self.seen.append(decision)
        return [decision.options.index(self.label)] if self.label in decision.options else [0]


def test_soprano_v1_chooses_an_affiliation_other_than_thunderbolts(lib: dict[str, CardDef]) -> None:
    """Soprano V1: "Quando este personagem entrar em cena, escolha uma afiliação que não seja Thunderbolts": its
    controller's decision (``choose_affiliation``) among the affiliations of the match's cards, Thunderbolts
    excluded; the card remembers it ("a afiliação escolhida")."""
    b = _Answer("Quarteto Fantástico")
    game = small_game({100: lib["Soprano V1"], 0: lib["Mulher-Hulk V1"]}, [_Answer(""), b])
    in_scene(game, 100, [101])
    for p in game.cards[100].effects[0].procedures:
        run(game, static_context(game, 100, B), p)
    (asked,) = b.seen
    assert asked.kind == "choose_affiliation" and asked.player == B
    assert asked.options == ("Quarteto Fantástico",)                            # Thunderbolts excluded
    assert chosen_trait(game, 100, "affiliation") == "Quarteto Fantástico"
    chosen = [e.data for e in game.log.events if e.kind == "chosen"]
    assert chosen[-1]["things"] == ["Quarteto Fantástico"]
