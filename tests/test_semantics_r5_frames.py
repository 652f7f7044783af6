"""Round 5 (frames): a card's own name written in its own text is the card itself, even when the words are also a
keyword's (the lexer prefers the card's own name to the keyword there; rules 4.6.1 for the extra cost)."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Ref, Unload
from cardscript.compiler.lower import lower_card
from cardscript.compiler.pipeline import compile_source
from cardscript.core.source import SourceFile


def _ability(name: str, body: str) -> CardDef:
    text = (f"Habilidade: {name} V1\nPoder: Elasticidade\n\nAção: {name}\n  Custo: {{1}}\n  Poder: Elasticidade\n"
            f"  {body}\n")
    card = compile_source(SourceFile("t.card", text))
    assert card.bound, [d.message for d in card.diagnostics]
    return lower_card(card)


def test_own_name_that_is_a_keyword_word_is_this_card_in_an_extra_cost() -> None:
    d = _ability("Atrasar", "Descarregue Atrasar: Incapacite o alvo em {1}.")
    assert d.action is not None and d.executable
    (cost,) = d.action.extra_costs
    assert isinstance(cost, Unload) and cost.cards is not None and cost.cards.ref is Ref.THIS_CARD


def test_own_name_that_is_a_keyword_word_is_this_card_in_an_effect() -> None:
    d = _ability("Liderar", "Compre um card. Descarregue Liderar.")
    assert d.action is not None and d.executable
    unload = d.action.modes[0].procedures[-1]
    assert isinstance(unload, Unload) and unload.cards is not None and unload.cards.ref is Ref.THIS_CARD


def test_a_keyword_on_another_card_stays_a_keyword() -> None:
    d = _ability("Golpe", "Este personagem ganha Prontidão até o final do turno.")
    assert d.executable
