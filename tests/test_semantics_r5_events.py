"""Round 5 (events cluster): "Se você <verbo> ... desta forma" -- "Se o fizer" naming the verb again, after a
keyword's optional step (rules 7: the keyword is shorthand for its text) or after the paragraph's own."""

from __future__ import annotations

from cardscript.compiler.ir import ChangeStage, Draw, EffectKind
from tests.engine_helpers import card

HEAD = "Cenário: Quartel V1\n\nTexto permanente:\n"


def test_keyword_then_done_this_way_joins_the_keyword_ability() -> None:
    c = card(HEAD + "  Liderar {1} - afiliação Vingadores. Se você capacitar algum personagem desta forma, "
             "compre um card.\n")
    assert all(e.executable for e in c.effects)
    (ability,) = [e for e in c.effects if e.kind is EffectKind.ACTIVATED]
    step, draw = ability.procedures
    assert isinstance(step, ChangeStage) and step.capacitate and step.optional
    assert isinstance(draw, Draw) and draw.if_done
    assert ability.window == "Fase de Preparação" and ability.limit_per_turn == 1


def test_done_this_way_after_the_paragraphs_own_step() -> None:
    c = card(HEAD + "  Quando este cenário entrar em cena, você pode capacitar em {1} um personagem que você "
             "controla. Se você capacitar algum personagem desta forma, compre um card.\n")
    (e,) = c.effects
    step, draw = e.procedures
    assert isinstance(step, ChangeStage) and step.optional
    assert isinstance(draw, Draw) and draw.if_done


def test_other_words_are_not_done_this_way() -> None:
    """Without "desta forma" the clause is an ordinary condition, not "Se o fizer"."""
    c = card(HEAD + "  Liderar {1} - afiliação Vingadores. Se você capacitar algum personagem, compre um card.\n")
    assert not all(e.executable for e in c.effects)
