"""4.9.1 / 6.2 C.5: a knocked-out character goes to the prizes of its controller's opponents, so "os prêmios de seus
oponentes" in a card's text are the cards the opponents scored -- this player's own knocked-out characters (the
engine keeps each card in its owner's prize pile). Corpus cards played on the engine; the texts are read from
``../shared/corpus`` at test time."""

from __future__ import annotations

from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import at, card_of, corpus_card, enter, match, require_corpus, use
from tests.engine_helpers import own_character as char

require_corpus()


def test_4_9_1_colossus_counts_his_own_fallen_x_men_in_the_opponents_prizes() -> None:
    """Colossus V2 ((2014) BSMI 10/100): X+2 damage, X twice the X-Men character cards in the prizes of your
    opponents -- your two knocked-out X-Men (X = 4), not the opponent's X-Man you knocked out: 6 damage."""
    mutant = char("Mutante", affiliations="X-Men")
    game = match([corpus_card("(2014) BSMI 10/100"), mutant, mutant], [mutant, char("Alvo", shield=0, ie=9)])
    colossus = card_of(game, 0, "Colossus V2")
    enter(game, colossus, 3)
    game.state.scene[colossus].stage = 2
    target = card_of(game, 1, "Alvo V1")
    enter(game, target, 9)
    for c in (card_of(game, 0, "Mutante V1", 0), card_of(game, 0, "Mutante V1", 1), card_of(game, 1, "Mutante V1")):
        game.move(c, Zone.PRIZES)
    assert game.prize_points(1) > 0 and game.prize_points(0) > 0
    at(game, "combat", "attack")
    before = len(game.state.scene[target].carried)
    use(game, colossus, "Vingança de Aço")
    game.eng.tree.resolve()
    assert before - len(game.state.scene[target].carried) == 2 * 2 + 2


def test_4_9_1_mistica_takes_back_one_of_her_players_knocked_out_characters() -> None:
    """Mística V1 (BSUM 23/100): her cost puts her in the prizes of her opponents; the effect puts a character card
    of the prizes of her opponents in her player's hand -- one of that player's own knocked-out characters (a card
    goes to its owner's areas, golden rule D), never one the player scored."""
    game = match([corpus_card("BSUM 23/100"), char("Caído")], [char("Vencido")])
    mistica = card_of(game, 0, "Mística V1")
    enter(game, mistica, 3)
    game.state.scene[mistica].stage = 2
    fallen, scored = card_of(game, 0, "Caído V1"), card_of(game, 1, "Vencido V1")
    game.move(fallen, Zone.PRIZES)
    game.move(scored, Zone.PRIZES)
    at(game, "combat", "attack")
    use(game, mistica, "Ludibriar")
    game.eng.tree.resolve()
    assert fallen in game.state.players[0].hand
    assert scored in game.state.players[1].prizes and mistica in game.state.players[0].prizes
