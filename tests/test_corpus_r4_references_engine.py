"""Round 4 corpus cards of the references cluster played on the engine, with assertions on what the printed text
says happens. The cards are read from the development corpora (``tests/corpus_play.py``); the module is skipped
without them."""

from __future__ import annotations

from cardscript.games.battle_scenes.runtime.state import Zone
from cardscript.games.battle_scenes.runtime.statics import powers_now
from tests.corpus_play import card_of, corpus_card, enter, events, match, require_corpus, step_starts
from tests.engine_helpers import own_character

require_corpus()


def test_amplificador_mental_the_chosen_gains_te_tc_every_other_character_loses_them() -> None:
    """Amplificador Mental V1 (BSET 40/100): the villain chosen as the support entered gains {TE} and {TC} and every
    other character in the scene (either player's) loses them, while both the support and the chosen character
    are in the scene (4.3 powers; golden rule 8 B.2: losing beats gaining -- the chosen one is not among "os
    outros")."""
    villain = own_character("Vilã", alignment="Vilão", powers="Super Força")
    hero = own_character("Herói Próprio", powers="Telecinesia")
    foe = own_character("Inimigo", powers="Telepatia, Super Força")
    game = match([corpus_card("BSET 40/100"), villain, hero], [foe])
    v, h, f = card_of(game, 0, "Vilã V1"), card_of(game, 0, "Herói Próprio V1"), card_of(game, 1, "Inimigo V1")
    enter(game, v, 0)
    enter(game, h, 2)
    enter(game, f, 2)
    enter(game, card_of(game, 0, "Amplificador Mental V1"), 0)
    assert powers_now(game, v, 0) == {"SF", "TE", "TC"}
    assert not {"TE", "TC"} & powers_now(game, h, 0)
    assert not {"TE", "TC"} & powers_now(game, f, 0)
    assert "SF" in powers_now(game, f, 0)
    game.move(v, Zone.RESOURCES)                               # the chosen character leaves: the effect ends
    assert "TC" in powers_now(game, h, 0)
    assert "TE" in powers_now(game, f, 0)


def test_cassandra_nova_deals_its_damage_only_at_the_start_of_the_chosen_characters_controllers_turn() -> None:
    """Cassandra Nova V1 ((2015) BSOS 10/100): at the start of the turn of the chosen character's controller (rules
    6; the condition is checked as the trigger fires, 5.2), you may have the chosen character deal 2 damage to
    another character you choose; at the start of your own turn nothing happens."""
    foe = own_character("Escolhido", shield=0)
    mine = own_character("Meu", shield=0)
    game = match([corpus_card("(2015) BSOS 10/100"), mine], [foe])
    f, m = card_of(game, 1, "Escolhido V1"), card_of(game, 0, "Meu V1")
    enter(game, f, 2)
    enter(game, m, 2)
    enter(game, card_of(game, 0, "Cassandra Nova V1"), 2)      # chooses the only character another player controls
    step_starts(game, "turn", None, turn_player=0)
    assert not events(game, "damage")
    step_starts(game, "turn", None, turn_player=1)
    (hit,) = events(game, "damage")
    assert hit["amount"] == 2 and hit["card"] != f


def test_escudo_do_capitao_america_gives_two_to_capitao_america_and_one_to_any_other_carrier() -> None:
    """Escudo do Capitão América V1 (BSUM 61/100): "Este personagem ganha Escudo +1 ou ganha Escudo +2, caso se
    chame Capitão América" -- a continuous effect chooses nothing (5.7 A): +2 for a carrier named Capitão América,
    +1 for any other (4.8.6)."""
    from tests.corpus_play import shield_of

    cap = own_character("Capitão América", shield=1)
    other = own_character("Outro", shield=1)
    game = match([corpus_card("BSUM 61/100"), corpus_card("BSUM 61/100"), cap, other])
    s1, s2 = card_of(game, 0, "Escudo do Capitão América V1"), card_of(game, 0, "Escudo do Capitão América V1", 1)
    c, o = card_of(game, 0, "Capitão América V1"), card_of(game, 0, "Outro V1")
    enter(game, c, 2, carried=[s1])
    enter(game, o, 2, carried=[s2])
    assert shield_of(game, c) == 3
    assert shield_of(game, o) == 2


def test_prancha_do_surfista_gives_its_shield_and_power_only_to_surfista_prateado() -> None:
    """Prancha do Surfista V1 ((2014) BSIC 88/100): "Este personagem também ganha Escudo +1 e {PC} se for chamado
    Surfista Prateado" -- the statement's own condition is on the carrier (not on the card carried) and is kept: the
    static works only while it holds (5.7 A.2.2)."""
    from tests.corpus_play import shield_of

    surfer = own_character("Surfista Prateado", shield=1)
    other = own_character("Outro", shield=1)
    game = match([corpus_card("(2014) BSIC 88/100"), corpus_card("(2014) BSIC 88/100"), surfer, other])
    p1, p2 = card_of(game, 0, "Prancha do Surfista V1"), card_of(game, 0, "Prancha do Surfista V1", 1)
    s, o = card_of(game, 0, "Surfista Prateado V1"), card_of(game, 0, "Outro V1")
    enter(game, s, 2, carried=[p1])
    enter(game, o, 2, carried=[p2])
    assert shield_of(game, s) == 2 and {"VO", "PC"} <= powers_now(game, s, 0)
    assert shield_of(game, o) == 1 and "VO" in powers_now(game, o, 0) and "PC" not in powers_now(game, o, 0)
