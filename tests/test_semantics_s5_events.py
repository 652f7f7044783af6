"""Events and conditions that read the turn's record (session 5, cluster "events"): an action used this turn as a
condition ("se outra ação chamada X tiver sido usada neste turno"), damage received this turn from an action of ...
("se ele já tiver recebido dano de outra ação de {SF} neste turno"), a character knocking out another with one of
its actions ("Se este personagem nocautear um personagem ao usar a ação X, ..."), each checked in the IR and on the
engine. The card texts are our own."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Condition, Damage
from cardscript.runtime.match import Match
from cardscript.runtime.state import CardId
from tests.corpus_play import Eager, at, calcs, card_of, enter, match, use
from tests.engine_helpers import own_character


def _dealt(game: Match) -> list[tuple[CardId, int]]:
    return [(c["card"], c["amount"]) for c in calcs(game) if c["amount"]]


def _mode_conditions(d: CardDef) -> list[Condition | None]:
    assert d.action is not None
    return [next(p for p in m.procedures if isinstance(p, Damage)).condition for m in d.action.modes]


# ---------------------------------------------------------------------------------------------------------------
# an action used this turn (4.6.2 H: used before its effect resolves; TurnMemory.uses)

GUST = ("Ação: Rajada\n  Custo: {0}\n  Poder: Voo\n  Rajada causa 1 ponto de dano no alvo, ou Rajada causa 2 pontos de "
        "dano no alvo se outra ação chamada Rajada tiver sido usada neste turno.\n")


def test_another_action_named_x_used_this_turn_is_an_action_used_condition() -> None:
    d = own_character("Ventania", powers="Voo", action=GUST)
    assert d.executable
    cond = _mode_conditions(d)[1]
    assert cond is not None and cond.kind == "action_used" and cond.value == "other"
    assert cond.subject is not None and [(f.field, f.value) for f in cond.subject.filters] == [("name", "Rajada")]


def test_another_action_named_x_counts_another_cards_action_not_its_own_use() -> None:
    """The first use of Rajada, in its second option, finds no other Rajada used this turn (its own use does not
    count): no damage. A second character's Rajada then finds the first one's: 2 damage."""
    a = own_character("Ventania", powers="Voo", action=GUST)
    b = own_character("Tufão", powers="Voo", action=GUST)
    t = own_character("Alvo", ie=6)
    game = match([a, b], [t], a=Eager({"mode": [lambda d: [1], lambda d: [1]]}))
    x, y, z = card_of(game, 0, "Ventania V1"), card_of(game, 0, "Tufão V1"), card_of(game, 1, "Alvo V1")
    for c in (x, y, z):
        enter(game, c, 4)
    at(game, "combat", "attack")
    use(game, x, "Rajada")
    assert _dealt(game) == []
    use(game, y, "Rajada")
    assert _dealt(game) == [(z, 2)]


def test_an_action_used_with_no_other_inside_an_action_is_reported() -> None:
    text = GUST.replace("outra ação", "uma ação")
    d = own_character("Ventania", powers="Voo", action=text)
    assert not d.executable
