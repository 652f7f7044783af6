"""Words that had no meaning (session 5, round 4, cluster "words"): "e/ou" between two heads (one inclusive "ou"),
a "cujo" relative after "com {ICON}" (the character's, not the power's), "um personagem ... -lo" after "se você
controlar" (the one chosen), and an X first met in "você pode ... descartar X cards" (how many are discarded).
Card texts are our own."""

from __future__ import annotations

from cardscript.compiler.ir import (
    CardDef,
    ChangeStage,
    Choose,
    Condition,
    Damage,
    Discard,
    Draw,
    Filter,
    Kind,
    Look,
    Move,
    Restrict,
    Search,
)
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import Eager, activate, at, card_of, enter, match, scenario, usable
from tests.engine_helpers import card, own_character

HEAD = ("Personagem: Guardião V1\nAlinhamento: Herói\nAfiliações: Vingadores\nPoderes: Super Força, Voo\n"
        "Energia inicial: 5\nEscudo: 1\n")


def _action(body: str) -> CardDef:
    d = card(HEAD + f"\nAção: Golpe\n  Custo: {{0}}\n  Poder: Super Força\n  {body}\n")
    assert d.executable, d.action and [m.why for m in d.action.modes]
    return d


def _scenario(text: str) -> CardDef:
    d = card(f"Cenário: Ritual V1\n\nTexto permanente:\n  {text}\n")
    assert d.executable, [e.why for e in d.effects]
    return d


def test_and_or_between_two_areas_searches_both() -> None:
    """"procure em seu deck e/ou recursos": the cards may come from either area (or both) -- "e/ou" is read as
    one inclusive "ou", as "em seu deck ou recursos" already was."""
    d = _action("Procure em seu deck e/ou recursos por um card de suporte, revele-o, coloque-o em sua mão e "
                "embaralhe o seu deck.")
    assert d.action is not None
    search = d.action.modes[0].procedures[0]
    assert isinstance(search, Search) and search.zones == ("deck", "resources")


def test_and_or_between_two_nouns_is_one_pool_of_up_to_n() -> None:
    """"entre até três personagens e/ou suportes": up to three of the characters and supports together (the
    heads' union), not up to one of (three characters | every support)."""
    d = _action("Este personagem causa 3 pontos de dano distribuídos entre até três personagens e/ou suportes.")
    assert d.action is not None
    (damage,) = d.action.modes[0].procedures
    assert isinstance(damage, Damage) and damage.distribute
    assert damage.targets.kind is Kind.CHARACTER and Kind.SUPPORT in damage.targets.also
    assert damage.targets.count.fixed == 3 and damage.targets.count.up_to and not damage.targets.union


def test_cujo_after_a_power_describes_the_character() -> None:
    """"um personagem com {MA} cujo alter ego não seja X": the alter ego is the character's (a power has none)."""
    d = _scenario("Durante sua Fase de Preparação, se você controlar um personagem com {MA} cujo alter ego não seja "
                  "Thor, você pode incapacitá-lo em {1}. Se o fizer, compre um card.")
    (effect,) = d.effects
    cond = effect.condition
    assert isinstance(cond, Condition) and cond.kind == "exists" and cond.subject is not None
    assert Filter("power", "has", "MA") in cond.subject.filters
    assert Filter("alter_ego", "ne", "Thor") in cond.subject.filters
    stage, draw = effect.procedures
    assert isinstance(stage, ChangeStage) and isinstance(draw, Draw)
    assert stage.targets is not None and not stage.targets.every and stage.targets.count.fixed == 1


def test_the_character_controlled_is_the_one_chosen_on_the_engine() -> None:
    """"se você controlar um personagem com {MA} ..., você pode incapacitá-lo": with two such characters, only
    the one the controller picks is incapacitated (not both)."""
    d = _scenario("Durante sua Fase de Preparação, se você controlar um personagem com {MA}, você pode "
                  "incapacitá-lo em {1}. Se o fizer, compre um card.")
    first, second = own_character("Maga", powers="Magia"), own_character("Bruxo", powers="Magia")
    game = match([d, first, second], a=Eager({"target": [lambda dec: [1]]}))
    ritual, m, b = card_of(game, 0, "Ritual V1"), card_of(game, 0, "Maga V1"), card_of(game, 0, "Bruxo V1")
    scenario(game, ritual)
    enter(game, m, 2)
    enter(game, b, 2)
    before = [game.state.scene[c].stage for c in (m, b)]
    hand = len(game.state.players[0].hand)
    at(game, "preparation")
    activate(game, ritual)
    after = [game.state.scene[c].stage for c in (m, b)]
    assert [x - y for x, y in zip(before, after, strict=True)] == [0, 1]
    assert len(game.state.players[0].hand) == hand + 1


def test_x_first_met_in_an_optional_discard_is_how_many_are_discarded() -> None:
    """"você pode descartar X cards. Se o fizer, compre X cards": X is chosen by discarding (4.6.1: an X no
    definition counts); the draw reads that X."""
    d = _scenario("Durante sua Fase de Preparação, você pode descartar X cards. Se o fizer, compre X cards.")
    (effect,) = d.effects
    discard, draw = effect.procedures
    assert isinstance(discard, Discard) and discard.amount is not None and discard.amount.x_times == 1
    assert isinstance(draw, Draw)
    game = match([d], a=Eager({"discard": [lambda dec: [0, 1]]}))
    ritual = card_of(game, 0, "Ritual V1")
    scenario(game, ritual)
    hand = game.state.players[0].hand
    for c in list(game.state.players[0].deck[:3]):
        game.move(c, Zone.HAND)
    kept = list(hand)
    at(game, "preparation")
    activate(game, ritual)
    assert kept[0] in game.state.players[0].resources and kept[1] in game.state.players[0].resources
    assert kept[2] in hand and len(hand) == 3                  # two discarded, two drawn


def test_a_deck_is_chosen_first_and_that_deck_reads_the_same_one() -> None:
    """"olhe os três cards do topo de um deck e então recoloque aqueles cards de volta no topo daquele deck":
    whose deck is chosen first (any player's), the look and the move read that choice; "de volta" (back where
    they came from) adds nothing to the destination."""
    d = _action("Olhe os três cards do topo de um deck e então recoloque aqueles cards de volta no topo daquele "
                "deck em qualquer ordem.")
    assert d.action is not None
    choose, look, move = d.action.modes[0].procedures
    assert isinstance(choose, Choose) and choose.what.kind is Kind.PLAYER and not choose.what.every
    assert isinstance(look, Look) and look.cards.zone == "deck_top" and look.cards.count.fixed == 3
    assert look.cards.of is not None and look.cards.of.slot == choose.introduces
    assert isinstance(move, Move) and move.to == "deck_top" and move.any_order
    assert move.to_owner is not None and move.to_owner.slot == choose.introduces


def test_fewer_cards_than_named_in_the_deck_restated_is_read_only_for_a_move_from_the_top() -> None:
    """"(se não houver cards suficientes naquele deck, coloque todos eles nos recursos)" restates 4.6.2 I (an effect
    is done as far as it can be: the engine moves the cards there are) when the clause puts a deck's top cards in
    the resources; after a clause that draws, it says something else and stays unread."""
    ok = card(HEAD + "\nAção: Golpe\n  Custo: {0}\n  Poder: Super Força\n  Coloque os dois cards do topo de seu deck "
              "em seus recursos (se não houver cards suficientes naquele deck, coloque todos eles nos recursos).\n")
    assert ok.executable and ok.action is not None
    (move,) = ok.action.modes[0].procedures
    assert isinstance(move, Move) and move.to == "resources" and move.cards.zone == "deck_top"
    wrong = card(HEAD + "\nAção: Golpe\n  Custo: {0}\n  Poder: Super Força\n  Compre dois cards (se não houver cards "
                 "suficientes naquele deck, coloque todos eles nos recursos).\n")
    assert not wrong.executable


_THINK = "Ação: Pensar\n  Custo: {0}\n  Poder: Genialidade\n  Compre um card.\n"


def test_only_the_characters_described_may_use_those_actions() -> None:
    """"Apenas personagens que tenham {TE} podem usar ações de {GE}": every other character cannot use them (4.6.2
    D: a prohibition), those the subject describes are excluded from it; other actions are untouched."""
    d = _scenario("Apenas personagens que tenham {TE} podem usar ações de {GE}.")
    (effect,) = d.effects
    (restrict,) = effect.procedures
    assert isinstance(restrict, Restrict) and restrict.what == "use_action"
    assert restrict.subject is not None and restrict.subject.excluding is not None
    assert Filter("power", "has", "TE") in restrict.subject.excluding.filters
    assert restrict.action_filters == (Filter("power", "has", "GE"),)
    psychic = own_character("Telepata", powers="Genialidade, Telepatia", action=_THINK)
    genius = own_character("Gênio", powers="Genialidade", action=_THINK)
    game = match([d, psychic, genius])
    ritual, p, g = card_of(game, 0, "Ritual V1"), card_of(game, 0, "Telepata V1"), card_of(game, 0, "Gênio V1")
    scenario(game, ritual)
    enter(game, p, 2)
    enter(game, g, 2)
    at(game, "combat", "attack")
    assert usable(game, p, "Pensar") and not usable(game, g, "Pensar")
