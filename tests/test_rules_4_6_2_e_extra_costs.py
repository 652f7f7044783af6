"""Rules 4.6.2 E.2: the extra costs of an action are everything printed after its characteristics and before the
":" -- every sentence there, not only the one the ":" ends -- and an action whose costs cannot all be paid cannot
be used. The cards are our own, written as card files; the official ruling it settles is
``tests/rulings/bset/rompante-hipersonico-v1-1.scn``."""

from __future__ import annotations

from cardscript.compiler.ir import Damage, Load, Unload
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import at, card_of, enter, match, stage, usable, use
from tests.engine_helpers import card, own_character

ROCK = card("Habilidade: Rocha V1\nPoder: Super Força\nAção: Rocha\n  Custo: {1}\n  Poder: Super Força\n"
            "  Carregue um card de seus recursos neste personagem. Descarregue Rocha: Rocha causa 3 pontos de dano "
            "no alvo.\n")


def test_4_6_2_e_2_every_sentence_before_the_colon_is_an_extra_cost() -> None:
    """"Carregue ... . Descarregue Rocha: ..." -- both sentences before ":" are costs, paid in the printed order;
    the effect is what follows the ":"."""
    action = ROCK.action
    assert action is not None
    assert [type(p) for p in action.extra_costs] == [Load, Unload]
    assert [type(p) for m in action.modes for p in m.procedures] == [Damage]


def test_4_6_2_e_2_an_extra_cost_of_loading_from_empty_resources_cannot_be_paid() -> None:
    """4.6.2 E.2, G: with no card in the resources the cost "carregue um card de seus recursos" cannot be paid, so
    the action cannot be used; with one it is paid before the targets are chosen."""
    for resources, legal in ((0, False), (1, True)):
        game = match([own_character("Forte", ie=4), ROCK], [own_character("Alvo", ie=6)])
        u, t = card_of(game, 0, "Forte V1"), card_of(game, 1, "Alvo V1")
        enter(game, u, 2, carried=[card_of(game, 0, "Rocha V1")])
        enter(game, t, 4)
        me = game.state.players[0]
        assert not me.resources
        for c in me.deck[:resources]:
            game.move(c, Zone.RESOURCES)
        at(game, "combat", "attack")
        assert usable(game, u, "Rocha") is legal
        if legal:
            use(game, u, "Rocha")
            assert stage(game, u) == 0 and len(game.state.scene[u].carried) == 3    # + 1 loaded, Rocha unloaded
            assert me.resources == [card_of(game, 0, "Rocha V1")]                # the one card loaded, Rocha there
