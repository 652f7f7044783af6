"""Session 7, slice "cards-a": printed wordings made to run by construction -- our own short card texts, with the IR
they lower to and, played in a scenario file, what the engine does with them."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardscript.compiler.ir import Damage, EffectKind, Filter, Kind, Ref, Replace
from cardscript.games.battle_scenes.scenario.cards import CardIndex, library_index
from cardscript.games.battle_scenes.scenario.report import FileResult
from cardscript.tools.scenario import run_file
from tests.engine_helpers import card


@pytest.fixture(scope="module")
def index() -> CardIndex:
    return library_index()


def _run(tmp_path: Path, files: dict[str, str], scenario: str, index: CardIndex) -> dict[str, str]:
    """Write the card files and the scenario beside them, run it; each branch's verdict."""
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    path = tmp_path / "t.scn"
    path.write_text(scenario, encoding="utf-8")
    result: FileResult = run_file(path, index)
    assert not result.diagnostics, [d.message for d in result.diagnostics]
    return {b.name: b.verdict for b in result.branches}


# --- 5.5: "Ações de {X} cujos efeitos reduzam o valor de Escudo causam aquela mesma quantidade de dano ao invés disso"

THORNS = ("Cenário: Campo de Espinhos V1\n\nTexto permanente:\n  Ações de {AG} cujos efeitos reduzam o valor de Escudo "
          "causam aquela mesma quantidade de dano ao invés disso.\n")
LASHER = ("Personagem: Chicoteador V1\nAlinhamento: Herói\nPoderes: Agilidade, Super Força\n"
          "Energia inicial: 3\nEscudo: 1\n\nAção: Laçar\n  Custo: {0}\n  Poder: Agilidade\n"
          "  O alvo ganha Escudo -2 até o final do turno.\n")
SHOVER = ("Personagem: Empurrador V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 1\n\n"
          "Ação: Empurrar\n  Custo: {0}\n  Poder: Super Força\n  O alvo ganha Escudo -2 até o final do turno.\n")

TARGET = "Personagem: Alvo V1\nAlinhamento: Vilão\nPoderes: Super Força\nEnergia inicial: 5\nEscudo: 1\n"


def test_5_5_shield_penalty_of_some_actions_replaced_by_damage_lowers_to_a_replacement() -> None:
    """The permanent text is a replacement (5.5) of the Shield penalty (4.8.6 C) given by the effect of actions of that
    power whose effect lowers a Shield; what happens instead is that the action deals the penalty's number of damage
    to the character."""
    d = card(THORNS)
    assert d.executable, [e.why for e in d.effects]
    (effect,) = d.effects
    assert effect.kind is EffectKind.REPLACEMENT
    (rep,) = effect.procedures
    assert isinstance(rep, Replace) and rep.event == "lower_shield"
    assert rep.subject.kind is Kind.ACTION and Filter("lowers", "eq", "shield") in rep.subject.filters
    assert any(f.field == "power" and f.value == "AG" for f in rep.subject.filters)
    (dmg,) = rep.instead
    assert isinstance(dmg, Damage) and dmg.source.ref is Ref.THIS_ACTION
    assert dmg.amount.x is not None and dmg.amount.x.event == "amount"
    assert dmg.targets.slot == rep.subject_slot == "event:subject"


def test_5_5_the_penalty_becomes_damage_only_for_actions_of_that_power(tmp_path: Path, index: CardIndex) -> None:
    """Played: the Agilidade action's Escudo -2 is 2 damage instead (the target keeps its Shield: 2 damage against
    Shield 1 unloads 1 card); a Super Força action with the same effect lowers the Shield as usual (no damage); with
    no such scenario, the Agilidade action lowers it too."""
    scenario = """turno: A
jogador A:
  em cena:
    "lasher.card", carregando 3 cards
    "shover.card", carregando 3 cards
  cenário: "thorns.card"
jogador B:
  em cena: "target.card", carregando 5 cards
jogadas:
  "lasher.card" usa Laçar em "target.card"
esperado:
  dano em "target.card" = 2
  energia de "target.card" = 4

e se em vez disso: uma ação de outro poder
  jogadas:
    "shover.card" usa Empurrar em "target.card"
  esperado:
    dano em "target.card" = 0
    energia de "target.card" = 5
    escudo de "target.card" = 0
"""
    files = {"thorns.card": THORNS, "lasher.card": LASHER, "shover.card": SHOVER, "target.card": TARGET}
    verdicts = _run(tmp_path, files, scenario, index)
    assert set(verdicts.values()) == {"PASS"}, verdicts
    alone = scenario.split("e se em vez disso")[0].replace('  cenário: "thorns.card"\n', "")
    alone = alone.replace("= 2\n", "= 0\n").replace("energia de \"target.card\" = 4", "escudo de \"target.card\" = 0")
    assert _run(tmp_path, files, alone, index) == {"principal": "PASS"}      # no scenario: the Shield is lowered


# --- 5.2: "Toda vez que o efeito de uma ação de {X} ... fizer com que você compre um ou mais cards, ..." -------------

WATCHER = ("Personagem: Observador V1\nAlinhamento: Herói\nPoderes: Agilidade\nEnergia inicial: 3\nEscudo: 1\n\n"
           "Texto permanente:\n  Toda vez que o efeito de uma ação de {AG} de um personagem que você controla "
           "fizer com que você compre um ou mais cards, este personagem causa 1 ponto de dano em cada personagem "
           "que seus oponentes controlam.\n\nAção: Estudar\n  Custo: {0}\n  Poder: Agilidade\n  Compre um card.\n")
READER = ("Personagem: Leitor V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 1\n\n"
          "Ação: Ler\n  Custo: {0}\n  Poder: Super Força\n  Compre um card.\n")


def test_5_2_an_event_an_actions_effect_makes_happen_lowers_to_that_event_with_the_actions_filters() -> None:
    """"o efeito de <ação> fizer com que você compre ...": the trigger is the embedded clause's event (a draw by
    you), and the phrase of the action says which actions' effects count (their power, their user)."""
    d = card(WATCHER)
    assert d.executable, [e.why for e in d.effects]
    trigger = d.effects[0].trigger
    assert trigger is not None and trigger.event == "draw"
    assert trigger.subject is not None and trigger.subject.ref is Ref.YOU
    fields = {f.field: f for f in trigger.action_filters}
    assert fields["power"].value == "AG" and fields["user"].op == "eq"


def test_5_2_the_draw_triggers_only_when_an_actions_effect_of_that_power_made_it(tmp_path: Path,
                                                                                 index: CardIndex) -> None:
    """Played: the Agilidade action's draw sets the trigger off (1 damage to the opponent's character); a Super Força
    action's draw does not, nor a draw that no action's effect made (rendering a character draws one by the rules of
    the game, 6.2 C.5)."""
    scenario = """turno: A
jogador A:
  em cena:
    "watcher.card", carregando 3 cards
    "reader.card", carregando 3 cards
jogador B:
  em cena: "target.card", carregando 5 cards
jogadas:
  "watcher.card" usa Estudar
esperado:
  dano em "target.card" = 1
  mão de A: 1 card

e se em vez disso: a compra de uma ação de outro poder
  jogadas:
    "reader.card" usa Ler
  esperado:
    dano em "target.card" = 0
    mão de A: 1 card

e se em vez disso: uma compra que nenhuma ação fez
  fase: preparação
  jogadas:
    A rende "reader.card"
  esperado:
    dano em "target.card" = 0
    mão de A: 1 card
"""
    files = {"watcher.card": WATCHER, "reader.card": READER, "target.card": TARGET}
    verdicts = _run(tmp_path, files, scenario, index)
    assert set(verdicts.values()) == {"PASS"}, verdicts


# --- 4.6.2 H: "Se esta foi a segunda vez que este personagem usou esta ação neste turno, ..." ----------------------

REPEATER = ("Personagem: Repetidor V1\nAlinhamento: Herói\nPoderes: Agilidade\nEnergia inicial: 3\nEscudo: 1\n\n"
            "Ação: Golpe Duplo\n  Custo: {0}\n  Poder: Agilidade\n  Tipo: Ação Imprevista\n  Este personagem pode usar "
            "esta ação outra vez neste turno. Se esta foi a segunda vez que este personagem usou esta ação neste "
            "turno, ela causa 2 pontos de dano no alvo.\n")


def test_4_6_2_h_the_nth_use_of_this_action_this_turn_lowers_to_a_condition_on_the_turns_record() -> None:
    """"Se esta foi a segunda vez que este personagem usou esta ação neste turno": the damage's condition is that this
    use is that character's second use of this action this turn (``nth_use``, value 2)."""
    d = card(REPEATER)
    assert d.executable, [e.why for e in d.effects]
    assert d.action is not None
    damage = next(p for m in d.action.modes for p in d.action.effect_procedures(m) if isinstance(p, Damage))
    assert damage.condition is not None and damage.condition.kind == "nth_use" and damage.condition.value == "2"
    assert damage.condition.subject is not None and damage.condition.subject.ref is Ref.THIS_CHARACTER


def test_4_6_2_h_only_the_second_use_of_the_turn_causes_the_damage(tmp_path: Path, index: CardIndex) -> None:
    """Played: the first use deals nothing, the second deals 2, a third (allowed again by the second) nothing more."""
    scenario = """turno: A
fase: preparação
jogador A:
  em cena: "repeater.card", carregando 3 cards
jogador B:
  em cena: "target.card", carregando 5 cards
jogadas:
  "repeater.card" usa Golpe Duplo em "target.card"
esperado:
  dano em "target.card" = 0

e se em vez disso: duas vezes
  jogadas:
    "repeater.card" usa Golpe Duplo em "target.card"
    "repeater.card" usa Golpe Duplo em "target.card"
  esperado:
    dano em "target.card" = 2

e se em vez disso: três vezes
  jogadas:
    "repeater.card" usa Golpe Duplo em "target.card"
    "repeater.card" usa Golpe Duplo em "target.card"
    "repeater.card" usa Golpe Duplo em "target.card"
  esperado:
    dano em "target.card" = 2
"""
    verdicts = _run(tmp_path, {"repeater.card": REPEATER, "target.card": TARGET}, scenario, index)
    assert set(verdicts.values()) == {"PASS"}, verdicts
