"""The closed game vocabulary: powers, costs, alignments, card types, action types, zones, phases, steps."""

from __future__ import annotations

import pytest

from cardscript.compiler.vocabulary import (
    ACTION_TYPES,
    ALIGNMENTS,
    CARD_TYPES,
    COSTS,
    PHASES,
    POWERS,
    RARITIES,
    STEPS,
    TURN_ORDER,
    ZONES,
    ActionType,
    Alignment,
    CardType,
    Cost,
    Phase,
    Power,
    Step,
    Zone,
    fold_key,
    lookup_power,
    power_by_code,
)

POWER_CODES = {
    "Agilidade": "AG", "Voo": "VO", "Super Força": "SF", "Ataque a Distância": "AD", "Genialidade": "GE",
    "Ataque Energético": "AE", "Lâminas": "LA", "Regeneração": "RE", "Elasticidade": "EL", "Telepatia": "TE",
    "Telecinesia": "TC", "Magia": "MA", "Poder Cósmico": "PC",
}


def test_the_13_powers_and_their_icons() -> None:
    assert {p.label: p.code for p in Power} == POWER_CODES
    assert Power.SUPER_FORCA.icon == "{SF}"
    assert POWERS.labels()[0] == "Agilidade"


@pytest.mark.parametrize("text", [
    "Super Força", "super forca", "SUPER FORÇA", "{SF}", "{sf}", "SF", "  Super   Força ",
])
def test_power_lookup_by_name_icon_or_code_ignores_case_and_accents(text: str) -> None:
    found = lookup_power(text)
    assert found and found.value is Power.SUPER_FORCA
    assert found.suggestion is None


def test_power_miss_suggests_the_canonical_spelling() -> None:
    found = POWERS.lookup("Telepatiaa")
    assert not found and found.value is None
    assert found.suggestion == "Telepatia"
    assert POWERS.lookup("Elastic").suggestion == "Elasticidade"
    assert POWERS.lookup("xyzzy quux").suggestion is None


def test_power_by_code() -> None:
    assert power_by_code("{pc}") is Power.PODER_COSMICO
    assert power_by_code("ZZ") is None


def test_costs_are_stage_icons() -> None:
    """Rules 4.5/4.6: an action's cost incapacitates its character by 0, 1 or 2 stages, or X."""
    assert [c.icon for c in Cost] == ["{0}", "{1}", "{2}", "{X}"]
    assert Cost.TWO.stages == 2 and Cost.X.stages is None
    assert COSTS.get("{x}") is Cost.X and COSTS.get("1") is Cost.ONE
    assert COSTS.get("{3}") is None


def test_alignments() -> None:
    assert ALIGNMENTS.get("heroi") is Alignment.HEROI
    assert ALIGNMENTS.get("VILÃO") is Alignment.VILAO
    assert ALIGNMENTS.lookup("Heroina").suggestion == "Herói"


@pytest.mark.parametrize("text", ["Personagem-EV", "Personagem - EV", "personagem ev", "PERSONAGEM-ev"])
def test_card_type_ev_spellings(text: str) -> None:
    assert CARD_TYPES.get(text) is CardType.PERSONAGEM_EV


def test_card_types() -> None:
    """Rules 2: the card types."""
    assert CARD_TYPES.labels() == ("Personagem", "Personagem-EV", "Suporte", "Cenário", "Habilidade")
    assert CARD_TYPES.get("cenario") is CardType.CENARIO
    assert CARD_TYPES.lookup("Suport").suggestion == "Suporte"
    assert "Habilidade" in CARD_TYPES and "Habilidades ocultas" not in CARD_TYPES


def test_action_types() -> None:
    """Rules 4.6 C.5: Ações de Antecipar and Ações Imprevistas."""
    assert ACTION_TYPES.get("Ação de Antecipar") is ActionType.ANTECIPAR
    assert ACTION_TYPES.get("acao imprevista") is ActionType.IMPREVISTA
    assert ACTION_TYPES.get("Antecipar") is ActionType.ANTECIPAR
    assert ACTION_TYPES.lookup("Ação de Antecipação").suggestion == "Ação de Antecipar"


def test_zones() -> None:
    """Rules 3: the play areas."""
    assert [z.label for z in Zone] == ["deck", "mão", "recursos", "cena", "prêmios"]
    assert ZONES.get("Mao") is Zone.MAO and ZONES.get("premios") is Zone.PREMIOS


def test_phases_and_steps_follow_rules_6_2() -> None:
    assert [p.label for p in Phase] == [
        "Fase de Contagem Regressiva", "Fase de Compra", "Fase de Preparação", "Fase de Ajuste", "Fase de Combate",
    ]
    assert Phase.COMBATE.steps == (Step.ANTECIPACAO, Step.ATAQUE)
    assert Phase.COMPRA.steps == ()
    assert Step.ATAQUE.phase is Phase.COMBATE and Step.ANTECIPACAO.section == "6.2 E.1"
    assert PHASES.get("fase de preparacao") is Phase.PREPARACAO
    assert PHASES.get("Preparação") is Phase.PREPARACAO
    assert STEPS.get("etapa de antecipacao") is Step.ANTECIPACAO
    assert PHASES.lookup("Fase de Compras").suggestion == "Fase de Compra"
    assert TURN_ORDER.index(Phase.COMBATE) < TURN_ORDER.index(Step.ANTECIPACAO) < TURN_ORDER.index(Step.ATAQUE)


def test_rarities_are_open_but_known_ones_canonicalise() -> None:
    assert RARITIES.get("super raro") is not None
    assert RARITIES.get("Secreto") is None


def test_fold_key() -> None:
    assert fold_key("  Personagem  -  EV ") == "personagem-ev"
    assert fold_key("Ação   Imprevista") == "acao imprevista"
