"""Corpus cards of the session-5 round-4 "frames" cluster played on the engine, with assertions on what their text
says happens. Cards are read from the development corpora at test time (``tests/corpus_play.py``); the module is
skipped without them. The docstrings describe each behaviour in our own words and cite the card by name and
printed code."""

from __future__ import annotations

from tests.corpus_play import card_of, corpus_card, enter, match, require_corpus, scenario, stage
from tests.engine_helpers import card, own_character

require_corpus()

SKILL = "Habilidade: Couraça V1\nPoder: Regeneração\n\nAção: Couraça\n  Custo: {1}\n  Poder: Regeneração\n" \
        "  Compre um card.\n"


def test_imortalidade_insolita_loads_itself_and_a_card_onto_the_character() -> None:
    """Imortalidade Insólita V1 (BSET 54/100): entering the scene, it may incapacitate by one a character with {RE}
    you control; if so, it may load itself and up to one {RE} card of your resources onto that character (4.1)."""
    imo = corpus_card("BSET 54/100")
    game = match([imo, own_character("Forte", powers="Regeneração"), card(SKILL)])
    i, f, s = card_of(game, 0, imo.title), card_of(game, 0, "Forte V1"), card_of(game, 0, "Couraça V1")
    enter(game, f, 2)
    game.state.scene[f].stage = 2
    from cardscript.games.battle_scenes.runtime.state import Zone

    game.move(s, Zone.RESOURCES)
    scenario(game, i)
    assert stage(game, f) == 1
    assert i in game.state.scene[f].carried and s in game.state.scene[f].carried
    assert game.state.scenario is None


def test_emma_frost_loads_the_target_from_its_owners_resources_then_unloads_as_many() -> None:
    """Emma Frost V1 (BSUM 13/100), Confundir: the target (another player's character) is loaded with any number
    of cards of its owner's resources (4.1), then as many cards are unloaded from it."""
    from cardscript.games.battle_scenes.runtime.state import Zone
    from tests.corpus_play import at, energy, events, use

    emma = corpus_card("BSUM 13/100")
    game = match([emma], [own_character("Alvo", alignment="Vilão")])
    e, t = card_of(game, 0, emma.title), card_of(game, 1, "Alvo V1")
    enter(game, e, 3)
    enter(game, t, 2)
    theirs = game.state.players[1].deck[:3]
    for c in theirs:
        game.move(c, Zone.RESOURCES)
    before = len(game.state.players[1].resources)
    at(game, "combat", "attack", 0)
    use(game, e, "Confundir")
    loads = [x for x in events(game, "load") if x["onto"] == t]
    unloads = [x for x in events(game, "unload") if x["frm"] == t]
    assert len(loads) >= 1 and len(unloads) == len(loads)
    assert all(x["card"] in theirs for x in loads)
    assert energy(game, t) == 2 and len(game.state.players[1].resources) == before
