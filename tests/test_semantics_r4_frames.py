"""Frames of session 5, round 4 (issue 9, "frames" cluster): short card texts of our own and their IR. Rules
sections are cited in each test's docstring."""

from __future__ import annotations

from cardscript.compiler.ir import EffectKind, Rule
from tests.engine_helpers import card

HEAD = "Alinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n"


def _open_hand_of(sentence: str) -> Rule:
    d = card("Personagem: Vidente V1\n" + HEAD + "\nTexto permanente:\n  " + sentence + "\n")
    assert d.executable, sentence
    (effect,) = d.effects
    assert effect.kind is EffectKind.STATIC
    (proc,) = effect.procedures
    assert isinstance(proc, Rule)
    return proc


def test_rules_3_playing_with_the_cards_of_the_hands_revealed() -> None:
    """Rules 3 (hidden information): "jogam com os cards de suas mãos revelados" says what "jogam com as mãos
    abertas" says -- the same rule, for the same players."""
    revealed = _open_hand_of("Os oponentes jogam com os cards de suas mãos revelados.")
    opened = _open_hand_of("Seus oponentes jogam com as mãos abertas.")
    assert (revealed.rule, revealed.value) == (opened.rule, opened.value) == ("open_hand", "opponent")


def test_rules_3_cards_of_another_place_are_not_a_revealed_hand() -> None:
    """"com os cards de seus recursos revelados" is no hand: not read as one."""
    d = card("Personagem: Vidente V1\n" + HEAD + "\nTexto permanente:\n  Os oponentes jogam com os cards de seus "
             "recursos revelados.\n")
    assert not d.executable
