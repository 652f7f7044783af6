"""Corpus cards with conditions, played on the engine with assertions on what
their text says happens. The cards are read from the development corpora at test time (``tests/corpus_play.py``);
the module is skipped without them. Docstrings describe each behaviour in our own words."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef
from cardscript.games.battle_scenes.runtime.conditions import check_condition
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.selectors import EffectContext
from cardscript.games.battle_scenes.runtime.state import CardId
from tests.corpus_play import (
    Eager,
    activatable,
    activate,
    at,
    calcs,
    card_of,
    corpus_card,
    enter,
    match,
    require_corpus,
    shield_of,
    stage,
    use,
    zone,
)
from tests.engine_helpers import card

require_corpus()


def _char(name: str, powers: str = "Genialidade", ie: int = 3, shield: int = 0) -> CardDef:
    return card(f"Personagem: {name} V1\nAlinhamento: Herói\nPoderes: {powers}\nEnergia inicial: {ie}\n"
                f"Escudo: {shield}\n")


GENIUS = _char("Gênio")
TARGET = _char("Alvo", powers="Super Força")


def dealt(game: Match) -> list[tuple[CardId, int]]:
    return [(c["card"], c["amount"]) for c in calcs(game)]


def test_gerador_de_raios_gama_stays_when_a_genius_is_incapacitated() -> None:
    """Gerador de Raios Gama V1 ((2014) BSIC 50/100): entering the scene, it is unloaded and put in the resources
    unless its controller incapacitates one of their {GE} characters by one -- done, the support stays loaded."""
    gerador = corpus_card("(2014) BSIC 50/100")
    game = match([gerador, GENIUS])
    g, s = card_of(game, 0, "Gênio V1"), card_of(game, 0, "Gerador de Raios Gama V1")
    enter(game, g, 2)
    game.state.scene[g].stage = 2
    enter(game, s, 2)
    assert stage(game, g) == 1 and zone(game, s) == "scene" and len(game.state.scene[s].carried) == 2


def test_gerador_de_raios_gama_goes_to_the_resources_without_a_genius_to_incapacitate() -> None:
    """... and with no {GE} character above stage {0}, nothing is incapacitated: the support goes to the resources
    and the cards it carried with it."""
    gerador = corpus_card("(2014) BSIC 50/100")
    game = match([gerador, GENIUS])
    g, s = card_of(game, 0, "Gênio V1"), card_of(game, 0, "Gerador de Raios Gama V1")
    enter(game, g, 2)
    game.state.scene[g].stage = 0
    enter(game, s, 2)
    carried = [c for c in game.state.players[0].resources if c != s]
    assert zone(game, s) == "resources" and stage(game, g) == 0 and len(carried) >= 2


def test_wong_deals_more_in_the_attack_step() -> None:
    """Wong V1 ((2015) BSOS 52/100): its action's second option deals 2 instead of 1, when the action is used
    during the Etapa de Ataque."""
    wong = corpus_card("(2015) BSOS 52/100")
    game = match([wong], [TARGET], a=Eager({"mode": [[1]]}))
    w, t = card_of(game, 0, "Wong V1"), card_of(game, 1, "Alvo V1")
    enter(game, w, 3)
    enter(game, t, 3)
    at(game, "combat", "attack")
    use(game, w, "Kamar-Taj")
    assert dealt(game) == [(t, 2)]


def test_capitao_universo_capacitates_itself_only_with_fewer_characters() -> None:
    """Capitão Universo V1 ((2015) BSIV 2/100): during its controller's Fase de Preparação, once a turn, it may
    capacitate itself by one -- only while its controller controls fewer characters than an opponent."""
    capitao = corpus_card("(2015) BSIV 2/100")
    game = match([capitao], [TARGET, _char("Outro")])
    c = card_of(game, 0, "Capitão Universo V1")
    t, o = card_of(game, 1, "Alvo V1"), card_of(game, 1, "Outro V1")
    enter(game, c, 3)
    enter(game, t, 2)
    at(game, "preparation")
    game.state.scene[c].stage = 0
    assert not activatable(game, c)                  # one character each
    enter(game, o, 2)
    assert activatable(game, c)                      # 1 against 2
    activate(game, c)
    game.eng.tree.resolve()
    assert stage(game, c) == 1


def test_sentinela_loses_shield_while_an_opponent_controls_fewer_characters() -> None:
    """Sentinela V1 ((2016) BSGC 42/100): while an opponent controls fewer characters than its controller, it has
    4 less shield."""
    sentinela = corpus_card("(2016) BSGC 42/100")
    game = match([sentinela, _char("Amigo")], [TARGET])
    s, f, t = card_of(game, 0, "Sentinela V1"), card_of(game, 0, "Amigo V1"), card_of(game, 1, "Alvo V1")
    enter(game, s, 3)
    enter(game, t, 2)
    printed = shield_of(game, s)
    enter(game, f, 2)
    assert shield_of(game, s) == printed - 4


def test_corvus_glaive_needs_another_black_order_character_entered_this_turn() -> None:
    """Corvus Glaive V1 ((2016) BSAQ 10/112): during its controller's Fase de Preparação, once a turn, if another
    character with the Ordem Negra or Cabala affiliation entered the scene under their control this turn, the two
    top cards of their deck go to their resources."""
    corvus = corpus_card("(2016) BSAQ 10/112")
    ally = card("Personagem: Aliado V1\nAlinhamento: Vilão\nAfiliações: Ordem Negra\nPoderes: Lâminas\n"
                "Energia inicial: 3\nEscudo: 0\n")
    (effect,) = [e for e in corvus.effects if e.condition is not None and e.condition.kind == "entered"]
    cond = effect.condition
    assert cond is not None
    game = match([corvus, ally])
    c, a = card_of(game, 0, "Corvus Glaive V1"), card_of(game, 0, "Aliado V1")
    ctx = EffectContext(controller=0, source=c)
    enter(game, c, 2)
    assert not check_condition(game, ctx, cond)      # only Corvus itself entered
    enter(game, a, 2)
    assert check_condition(game, ctx, cond)
    game.state.this_turn.entered.clear()             # the next turn: nothing entered yet
    assert not check_condition(game, ctx, cond)


def test_motoqueiro_fantasma_deals_1_when_nothing_is_discarded() -> None:
    """Motoqueiro Fantasma V1 ((2014) BSPO 27/100): its action deals 3 piercing damage if a character card with the
    target's alter ego was discarded, and 1 if not."""
    moto = corpus_card("(2014) BSPO 27/100")
    game = match([moto], [TARGET])
    m, t = card_of(game, 0, "Motoqueiro Fantasma V1"), card_of(game, 1, "Alvo V1")
    enter(game, m, 3)
    enter(game, t, 3)
    at(game, "combat", "attack")
    use(game, m, "Olhar da Penitência")              # no such card in hand: nothing discarded
    assert dealt(game) == [(t, 1)]
