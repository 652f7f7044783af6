"""Round 4 constructions of the references cluster, on card texts of our own."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Gain, Lose, Ref
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


def test_the_start_of_the_turn_of_the_controller_of_the_chosen_card() -> None:
    """"No início do turno do controlador do personagem escolhido": a turn-start trigger (rules 6) whose condition
    is that the turn is the controller's of the card the slot remembers (``now`` with a subject)."""
    d = card("Personagem: Teste V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n\n"
             "Texto permanente:\n  Quando este personagem entrar em cena, escolha um personagem controlado por outro "
             "jogador.\n  No início do turno do controlador do personagem escolhido, compre um card.\n")
    assert d.executable
    e = d.effects[1]
    assert e.trigger is not None and e.trigger.event == "phase_start" and e.trigger.whose is None
    assert e.condition is not None and e.condition.kind == "now" and e.condition.subject is not None
    assert e.condition.subject.slot == "card:0"


def _ability(*texts: str) -> CardDef:
    body = "\n  ".join(texts)
    return card(f"Habilidade: Teste V1\nPoder: Super Força\n\nTexto permanente:\n  {body}\n")


def test_a_or_b_under_a_condition_in_a_static_is_b_while_it_holds_and_a_otherwise() -> None:
    """"ganha Escudo +1 ou ganha Escudo +2, caso se chame X": continuous effects choose nothing (5.7 A): two statics,
    one under the condition and one under its negation; the condition's omitted subject is the clause's."""
    d = _ability("Este personagem ganha Escudo +1 ou ganha Escudo +2, caso se chame Fulano.")
    assert d.executable
    one, two = d.effects
    assert one.condition is not None and one.condition.negated and two.condition is not None
    assert not two.condition.negated and two.condition.subject is not None
    assert two.condition.subject.ref is Ref.THIS_CHARACTER
    assert isinstance(one.procedures[0], Gain) and one.procedures[0].shield == 1
    assert isinstance(two.procedures[0], Gain) and two.procedures[0].shield == 2
