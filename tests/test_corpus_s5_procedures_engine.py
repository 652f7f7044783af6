"""Corpus cards of the session-5 "procedures" cluster played on the engine, with assertions on what their text
says happens. Cards are read from the development corpora at test time (``tests/corpus_play.py``); the module is
skipped without them. The docstrings describe each behaviour in our own words and cite the card by name and
printed code."""

from __future__ import annotations

from tests.corpus_play import Eager, at, card_of, corpus_card, enter, match, require_corpus, stage, use
from tests.engine_helpers import own_character, punch

require_corpus()


def _opponent_punches(game: object, attacker: int) -> None:
    from cardscript.runtime.match import Match

    assert isinstance(game, Match)
    at(game, "combat", "attack", 1)
    game.agents[1] = Eager()
    game.agents[1].game, game.agents[1].me = game, 1
    use(game, attacker, "Soco")


def test_quebra_mola_capacitates_its_carrier_once_the_opponents_action_resolved() -> None:
    """Quebra-Mola V1 ((2016) BSAQ 78/112): when its carrier (with {AG}) is the target of an opponent's
    character's action, it may capacitate by one stage after that action's effect."""
    q = corpus_card("(2016) BSAQ 78/112")
    carrier = own_character("Ágil", powers="Agilidade", shield=1)
    game = match([carrier, q], [own_character("Atacante", alignment="Vilão", action=punch("Soco"))])
    c, qm, a = card_of(game, 0, "Ágil V1"), card_of(game, 0, "Quebra-Mola V1"), card_of(game, 1, "Atacante V1")
    enter(game, c, 2, carried=[qm])
    enter(game, a)
    game.state.scene[c].stage = 0
    _opponent_punches(game, a)
    assert stage(game, c) == 1
    kinds = [e.kind for e in game.log.events if e.kind in ("capacitate", "action_resolved")]
    assert kinds == ["action_resolved", "capacitate"]


def test_quebra_mola_needs_its_carrier_to_have_agilidade() -> None:
    """Quebra-Mola V1 ((2016) BSAQ 78/112): a carrier without {AG} is not capacitated."""
    q = corpus_card("(2016) BSAQ 78/112")
    attacker = own_character("Atacante", alignment="Vilão", action=punch("Soco"))
    game = match([own_character("Forte", shield=1), q], [attacker])
    c, qm, a = card_of(game, 0, "Forte V1"), card_of(game, 0, "Quebra-Mola V1"), card_of(game, 1, "Atacante V1")
    enter(game, c, 2, carried=[qm])
    enter(game, a)
    game.state.scene[c].stage = 0
    _opponent_punches(game, a)
    assert stage(game, c) == 0


def test_furia_descontrolada_capacitates_after_each_opponents_action_at_it_this_turn() -> None:
    """Fúria Descontrolada V1 ((2017) BSCA DECK 61/66): once used, this turn each action of an opponent's character
    that targets the user lets it capacitate after that action's effect ({1} or {2})."""
    from cardscript.runtime.match import Match

    f = corpus_card("(2017) BSCA DECK 61/66")
    game: Match = match([own_character("Brigão", shield=1), f],
                        [own_character("Atacante", alignment="Vilão", shield=5, action=punch("Soco"))])
    c, fd, a = card_of(game, 0, "Brigão V1"), card_of(game, 0, "Fúria Descontrolada V1"), card_of(game, 1,
                                                                                                  "Atacante V1")
    enter(game, c, 3, carried=[fd])
    enter(game, a, 3)
    at(game, "combat", "attack", 0)
    use(game, c, "Fúria Descontrolada")
    assert stage(game, c) == 0
    _opponent_punches(game, a)
    assert stage(game, c) in (1, 2)
    kinds = [e.kind for e in game.log.events if e.kind in ("capacitate", "action_resolved")]
    assert kinds[-2:] == ["action_resolved", "capacitate"]
