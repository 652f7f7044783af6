"""4.6.2 C.4 inside an action: "Este personagem pode usar a ação daquele card de habilidade neste turno", said by an
action that loaded that card, is the effect that lets its user use one more action this turn -- that card's action,
no other (its user has used an action: this one). The card is the one the action remembered (a slot), read when
the grant is used."""

from __future__ import annotations

from cardscript.compiler.ir import ExtraAction, Filter, Ref
from cardscript.games.battle_scenes.runtime.actions import legal_actions
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import card_of, enter, match, use
from tests.engine_helpers import card, own_character

CONJURE = """Ação: Conjurar
  Custo: {0}
  Tipo: Ação Imprevista
  Você pode procurar em sua mão por um card de habilidade de {MA}. Se o fizer, carregue-o neste personagem. Este \
personagem pode usar a ação daquele card de habilidade neste turno.
"""


def spell(name: str) -> str:
    return (f"Habilidade: {name} V1\nPoder: Magia\n\nAção: {name}\n  Custo: {{1}}\n  Poder: Magia\n"
            f"  {name} causa 1 ponto de dano no alvo.\n")


def test_the_permission_lowers_as_one_more_action_of_that_card() -> None:
    mage = own_character("Maga", powers="Magia", action=CONJURE)
    assert mage.action is not None
    grant = mage.action.modes[0].procedures[-1]
    assert isinstance(grant, ExtraAction) and grant.who.ref is Ref.THIS_CHARACTER
    (only,) = grant.action_filters
    assert only.field == "holder" and only.value.ref is Ref.SLOT     # the card the search found, not any action
    assert isinstance(only, Filter)


def test_4_6_2_C_4_the_loaded_cards_action_and_no_other_after_the_action() -> None:
    mage = own_character("Maga", powers="Magia", action=CONJURE)
    foe = own_character("Alvo", shield=0)
    game = match([mage, card(spell("Raio Arcano")), card(spell("Velha Magia"))], [foe])
    m = card_of(game, 0, "Maga V1")
    fresh, old = card_of(game, 0, "Raio Arcano V1"), card_of(game, 0, "Velha Magia V1")
    game.move(fresh, Zone.HAND)
    enter(game, m, 2, carried=[old])                 # carries another {MA} card since an earlier turn
    enter(game, card_of(game, 1, "Alvo V1"), 2)
    use(game, m, "Conjurar")
    assert game.state.scene[m].carried.count(fresh) == 1
    names = {u.action.name for u in legal_actions(game.eng, 0, "attack") if u.user == m}
    assert names == {"Raio Arcano"}                  # one more action: that card's, not Velha Magia's
    use(game, m, "Raio Arcano")
    assert not [u for u in legal_actions(game.eng, 0, "attack") if u.user == m]      # and only one more


def test_4_6_2_C_4_the_card_an_action_loaded_is_remembered_for_its_grant() -> None:
    """"Carregue este personagem com um card de habilidade de {MA}" (from the resources, 4.1) remembers the card it
    loaded: "uma ação daquele card" is that one's."""
    mage = own_character("Maga", powers="Magia", action="""Ação: Estudar
  Custo: {0}
  Tipo: Ação Imprevista
  Carregue este personagem com um card de habilidade de {MA}. Este personagem pode usar uma ação daquele card \
neste turno.
""")
    game = match([mage, card(spell("Raio Arcano")), card(spell("Velha Magia"))], [own_character("Alvo")])
    m, fresh, old = (card_of(game, 0, t) for t in ("Maga V1", "Raio Arcano V1", "Velha Magia V1"))
    game.move(fresh, Zone.RESOURCES)
    enter(game, m, 2, carried=[old])
    enter(game, card_of(game, 1, "Alvo V1"), 2)
    use(game, m, "Estudar")
    assert fresh in game.state.scene[m].carried
    assert {u.action.name for u in legal_actions(game.eng, 0, "attack") if u.user == m} == {"Raio Arcano"}


def test_4_6_2_D_no_action_of_the_chosen_card_is_the_actions_written_on_it() -> None:
    """"O alvo não pode usar ações do card escolhido neste turno": the actions written on that carried card (not
    actions that card would use: a carried card uses none)."""
    sniper = own_character("Atiradora", powers="Ataque a Distância", action="""Ação: Mira
  Custo: {1}
  Poder: Ataque a Distância
  Mira causa 1 ponto de dano no alvo. Escolha um dos cards de habilidade que o alvo estiver carregando. O alvo não \
pode usar ações do card escolhido neste turno.
""")
    foe = own_character("Mago Rival", powers="Magia", shield=3)
    game = match([sniper], [foe, card(spell("Raio Arcano"))])
    s, f, spell_card = card_of(game, 0, "Atiradora V1"), card_of(game, 1, "Mago Rival V1"), card_of(
        game, 1, "Raio Arcano V1")
    enter(game, s, 2)
    enter(game, f, 2, carried=[spell_card])

    def rivals_actions() -> set[str]:
        game.state.turn_player = game.state.active_player = 1      # still this turn, B acting: what may it use?
        names = {u.action.name for u in legal_actions(game.eng, 1, "attack") if u.user == f}
        game.state.turn_player = game.state.active_player = 0
        return names

    assert "Raio Arcano" in rivals_actions()
    use(game, s, "Mira")
    assert "Raio Arcano" not in rivals_actions()
