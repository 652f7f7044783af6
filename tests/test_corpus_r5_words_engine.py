"""Corpus cards of the "words" cluster (session 5, round 5) played on the engine, with assertions on what their
text says happens. Cards are read from the development corpora at test time (``tests/corpus_play.py``); the module
is skipped without them. The docstrings describe each behaviour in our own words and cite the card by name and
printed code."""

from __future__ import annotations

from tests.corpus_play import at, card_of, corpus_card, enter, match, require_corpus, usable
from tests.engine_helpers import own_character

require_corpus()

_GE = "Ação: Rajada\n  Custo: {0}\n  Poder: Genialidade\n  Rajada causa 1 ponto de dano no alvo.\n"


def test_dispersar_intelecto_only_its_carrier_with_te_uses_ge_actions() -> None:
    """Dispersar Intelecto V1 (BSET 94/100): while it is in the scene, a character uses actions of {GE} only if it
    carries Dispersar Intelecto and has {TE}; the carrier with {TE} still may, others (with {GE}) may not."""
    carrier = own_character("Mente", powers="Telepatia, Genialidade", action=_GE)
    other = own_character("Gerador", powers="Genialidade", action=_GE)
    foe = own_character("Rival", powers="Genialidade", action=_GE)
    game = match([corpus_card("BSET 94/100"), carrier, other], [foe])
    di, c, o = card_of(game, 0, "Dispersar Intelecto V1"), card_of(game, 0, "Mente V1"), card_of(game, 0, "Gerador V1")
    f = card_of(game, 1, "Rival V1")
    enter(game, c, 1, carried=[di])
    enter(game, o, 2)
    enter(game, f, 2)
    at(game, "combat", "attack")
    assert usable(game, c, "Rajada")
    assert not usable(game, o, "Rajada")
    at(game, "combat", "attack", turn_player=1)
    assert not usable(game, f, "Rajada")
