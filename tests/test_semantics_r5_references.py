"""Round 5 constructions of the references cluster, on card texts of our own."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Move, Ref, Unload
from tests.engine_helpers import card


def _ability_action(text: str) -> CardDef:
    return card(f"Habilidade: Laço Teste V1\nPoder: Super Força\n\nAção: Laço Teste\n  Custo: {{1}}\n  "
                f"Poder: Super Força\n  {text}\n")


def test_the_target_of_this_actions_name_is_the_actions_target() -> None:
    """"o personagem alvo de <the action's name>" in the action's own text: the action's target (4.6.2 F), not a
    character carried by a card of that name."""
    d = _ability_action("Descarregue os cards que o personagem alvo de Laço Teste estiver carregando.")
    assert d.executable and d.action is not None
    (target,) = d.action.targets
    assert target.targeted and target.zone == "" and target.of is None


def test_ambos_os_personagens_are_the_two_characters_coordinated_before() -> None:
    """"ambos os personagens": each of the two characters the effect coordinated before ("este personagem e o
    personagem alvo"), in a later clause."""
    d = _ability_action("Descarregue os cards que este personagem e o personagem alvo estiverem carregando e "
                        "embaralhe ambos os personagens nos decks de seus donos.")
    assert d.executable and d.action is not None
    unload, move = d.action.modes[0].procedures
    assert isinstance(unload, Unload) and isinstance(move, Move)
    assert move.cards.every and [p.ref for p in move.cards.union] == [Ref.THIS_CHARACTER, Ref.TARGET]
    assert move.shuffle_in and move.to == "deck_top"


def test_ambos_with_nothing_coordinated_is_not_executable() -> None:
    """With no two things coordinated before, "ambos os personagens" refers to nothing: not executable."""
    d = _ability_action("Embaralhe ambos os personagens nos decks de seus donos.")
    assert not d.executable


def test_com_mesmo_alter_ego_without_an_article_is_a_comparison() -> None:
    """"com mesmo alter ego (ou mesmo nome, se não houver alter ego) que outro personagem": "mesmo" with no article
    opens the noun phrase, so "que ..." is what it is compared with -- the identity (4.4.2.1 A.4) shared."""
    d = card("Cenário: Teste V1\n\nTexto permanente:\n  Cada personagem em cena com mesmo alter ego (ou mesmo nome, "
             "se não houver alter ego) que outro personagem em cena não pode usar ações.\n")
    assert d.executable
    (f,) = [f for f in d.effects[0].procedures[0].subject.filters if f.field == "identity"]  # type: ignore[attr-defined]
    assert f.op == "shares"
