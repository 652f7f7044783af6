"""Round 4 constructions of the references cluster, on card texts of our own."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Gain, Lose
from tests.engine_helpers import card


def _support(*texts: str) -> CardDef:
    body = "\n  ".join(texts)
    return card(f"Suporte: Teste V1\nEnergia inicial: 2\nEscudo: 1\n\nTexto permanente:\n  {body}\n")


def test_icons_after_the_first_e_are_still_what_is_gained() -> None:
    """"ganha {AG} e {VO} e cada um dos outros ... perde {AG}": a power icon is what is gained or lost (4.3), never
    the subject of the next clause; the clauses join at the second "e"."""
    d = _support("Este suporte ganha {AG} e {VO} e cada um dos outros suportes em cena perde {AG} e {VO}.")
    assert d.executable
    gain, lose = d.effects[0].procedures
    assert isinstance(gain, Gain) and gain.powers == ("AG", "VO")
    assert isinstance(lose, Lose) and lose.powers == ("AG", "VO") and lose.targets.every
    assert lose.targets.excluding is not None


def test_a_clause_whose_subject_is_a_noun_is_left_as_printed() -> None:
    """Only icons move: "ganha {AG} e este suporte perde {VO}" keeps two clauses with their own subjects."""
    d = _support("Cada outro suporte em cena ganha {AG} e este suporte perde {VO}.")
    gain, lose = d.effects[0].procedures
    assert isinstance(gain, Gain) and gain.powers == ("AG",)
    assert isinstance(lose, Lose) and lose.powers == ("VO",)
