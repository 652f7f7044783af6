"""The card an unloading unloaded, read again (4.1; session 7): "Descarregue um card ... Se for um card de X, ...
aquele X" -- the condition's elided subject is the card unloaded (the unloading's ``unloaded`` slot), and a
demonstrative after it reads that card, never a second choice. Card texts are our own."""

from __future__ import annotations

from cardscript.compiler.ir import Condition, Move, PutInScene, Ref, Unload
from tests.engine_helpers import card

ACTION = "Habilidade: Telecinese V1\nPoder: Telecinesia\n\nAção: Telecinese\n  Custo: {1}\n  Poder: Telecinesia\n  "


def test_if_it_is_a_scenario_that_scenario_is_the_card_unloaded() -> None:
    """"Descarregue um card do personagem alvo. Se for um card de cenário, você pode colocar aquele cenário em
    cena": the condition asks about the card unloaded, and the card put in the scene is that card."""
    d = card(ACTION + "Descarregue um card do personagem alvo. Se for um card de cenário, você pode colocar "
                           "aquele cenário em cena." + "\n")
    assert d.executable and d.action is not None
    unload, put = d.action.modes[0].procedures
    assert isinstance(unload, Unload) and unload.unloaded
    assert isinstance(put, PutInScene) and put.optional
    assert put.cards.ref is Ref.SLOT and put.cards.slot == unload.unloaded
    cond = put.condition
    assert isinstance(cond, Condition) and cond.kind == "is" and cond.subject is not None
    assert cond.subject.slot == unload.unloaded
    assert ("card_type", "eq", "Cenário") in [(f.field, f.op, f.value) for f in cond.subject.filters]


def test_a_card_carried_by_any_character_read_again() -> None:
    """The same with the card chosen among those any character carries ("um card que estiver sendo carregado por um
    personagem"), and "aquele card" after "Se for um card de habilidade"."""
    d = card(ACTION + "Descarregue um card que estiver sendo carregado por um personagem. Se for um card de "
                           "habilidade, coloque aquele card na base do deck de seu dono." + "\n")
    assert d.executable and d.action is not None
    unload, move = d.action.modes[0].procedures
    assert isinstance(unload, Unload) and isinstance(move, Move) and move.to == "deck_bottom"
    assert move.cards.slot == unload.unloaded and move.condition is not None
    assert move.condition.subject is not None and move.condition.subject.slot == unload.unloaded


def test_without_a_card_acted_on_the_subject_stays_this_card() -> None:
    """A drawing remembers no card: "Compre um card. Se for um card de cenário, ..." still asks about this card."""
    d = card(ACTION + "Compre um card. Se for um card de cenário, compre um card.\n")
    assert d.action is not None
    cond = d.action.modes[0].procedures[1].condition
    assert cond is not None and cond.subject is not None and cond.subject.ref is Ref.THIS_CARD
