"""X divided ("X é igual ao número de ... dividido por 2 [e arredondado para cima]"),
"revelados na Clarividência desta ação", "um dos cards revelados" loaded -- their IR, and what the engine does.
The card texts are our own."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Damage, Kind, Load, Move, Ref, Reveal
from cardscript.games.battle_scenes.runtime.selectors import EffectContext, count
from tests.corpus_play import card_of, enter, match
from tests.engine_helpers import card

HEAD = ("Personagem: Guardião V1\nAlinhamento: Herói\nPoderes: Super Força, Voo\nEnergia inicial: 3\n"
        "Escudo: 0\n")
ABILITY = card("Habilidade: Foco V1\nPoder: Ataque Energético\nAção: Foco\n  Custo: {1}\n  Compre um card.\n")


def _action(body: str) -> CardDef:
    return card(HEAD + f"\nAção: Golpe\n  Custo: {{0}}\n  Poder: Super Força\n  {body}\n")


def _x(d: CardDef) -> Damage:
    assert d.executable and d.action is not None
    (hit,) = d.action.modes[0].procedures
    assert isinstance(hit, Damage) and hit.amount.x is not None
    return hit


DIVIDED = ("Golpe causa X pontos de dano no alvo. X é igual ao número de cards de habilidade carregados em todos "
           "os personagens dividido por 2{}.")


def test_x_divided_by_two_rounds_down_without_a_rounding() -> None:
    x = _x(_action(DIVIDED.format(""))).amount.x
    assert x is not None and (x.divisor, x.round_up) == (2, False)
    assert x.what is not None and x.what.zone == "carried" and x.what.kind is Kind.ABILITY


def test_x_divided_and_rounded_up() -> None:
    x = _x(_action(DIVIDED.format(" e arredondado para cima"))).amount.x
    assert x is not None and (x.divisor, x.round_up) == (2, True)


def test_x_divided_and_rounded_down() -> None:
    x = _x(_action(DIVIDED.replace("por 2", "por 3").format(" e arredondado para baixo"))).amount.x
    assert x is not None and (x.divisor, x.round_up) == (3, False)


def test_a_rounding_without_a_division_is_not_executable() -> None:
    d = _action("Golpe causa X pontos de dano no alvo. X é igual ao número de cards de habilidade carregados em "
                "todos os personagens e arredondado para cima.")
    assert not d.executable


def test_divided_count_on_the_engine_three_cards_rounded_up_is_two() -> None:
    d = _action(DIVIDED.format(" e arredondado para cima"))
    x = _x(d).amount.x
    game = match([d, ABILITY, ABILITY, ABILITY])
    c = card_of(game, 0, "Guardião V1")
    abilities = [card_of(game, 0, "Foco V1", k) for k in range(3)]
    enter(game, c, 0, carried=abilities)
    assert count(game, EffectContext(controller=0, source=c), x) == 2          # 3 / 2 rounded up
    down = _x(_action(DIVIDED.format(""))).amount.x
    assert count(game, EffectContext(controller=0, source=c), down) == 1       # 3 / 2 rounded down


def test_revealed_in_the_keyword_of_this_action_is_what_it_revealed() -> None:
    """"os cards revelados na Clarividência desta ação" (7.1): the cards the keyword's procedure revealed."""
    d = _action("Clarividência 2 - Coloque os cards revelados na Clarividência desta ação na base de seu deck.")
    assert d.executable and d.action is not None
    (move,) = d.action.modes[0].procedures
    reveal = next(p for e in d.action.keyword_effects for p in e.procedures if isinstance(p, Reveal))
    assert isinstance(move, Move) and move.cards.ref is Ref.SLOT and move.cards.slot == reveal.introduces


def test_a_keyword_phrase_not_of_this_kind_is_left_unread() -> None:
    d = _action("Clarividência 2 - Coloque os cards revelados na Prontidão desta ação na base de seu deck.")
    assert not d.executable


def test_load_one_of_the_revealed_cards_loads_one_of_them_not_all() -> None:
    """"carregue um dos cards revelados": one chosen from the pool (a one-member union is a pool, not "A ou B")."""
    d = _action("Clarividência 2 - Você pode carregar neste personagem um dos cards de habilidade revelados nesta "
                "ação.")
    assert d.executable and d.action is not None
    (load,) = d.action.modes[0].procedures
    assert isinstance(load, Load) and load.cards.ref is None and load.cards.count.fixed == 1
    (pool,) = load.cards.union
    assert pool.ref is Ref.SLOT and not load.alternatives


def test_load_one_of_them_on_the_engine_loads_exactly_one_revealed_card() -> None:
    d = card(HEAD + "\nTexto permanente:\n  Quando este personagem entrar em cena, revele os três cards do topo de "
             "seu deck e carregue um deles neste personagem.\n")
    game = match([d])
    c = card_of(game, 0, "Guardião V1")
    enter(game, c, 0)
    (loaded,) = game.state.scene[c].carried
    assert loaded not in game.state.players[0].deck[:2]          # the two others stay on top of the deck
    assert len(game.state.players[0].deck) == 30 - 1
