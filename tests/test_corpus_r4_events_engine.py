"""Corpus cards of the round-4 "events" cluster played on the engine, with assertions on what their text says
happens. The cards are read from the development corpora at test time (``tests/corpus_play.py``); the module is
skipped without them. Docstrings describe each behaviour in our own words."""

from __future__ import annotations

from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.state import CardId, Zone
from tests.corpus_play import (
    at,
    calcs,
    card_of,
    corpus_card,
    enter,
    match,
    require_corpus,
    scenario,
    usable,
    use,
    where,
    zone,
)
from tests.engine_helpers import own_character as char

require_corpus()


def _dealt(game: Match) -> list[tuple[CardId, int]]:
    return [(c["card"], c["amount"]) for c in calcs(game) if c["amount"]]


def _action(name: str, kind: str) -> str:
    tipo = f"  Tipo: {kind}\n" if kind else ""
    return f"Ação: {name}\n  Custo: {{0}}\n  Poder: Super Força\n{tipo}  {name} causa 1 ponto de dano no alvo.\n"


def test_combate_em_campo_aberto_adds_1_to_actions_neither_antecipar_nor_imprevista() -> None:
    """Combate em Campo Aberto V1 ((2014) BSIC 55/100) in scene: a plain action's 1 damage becomes 2 (5.3); the
    damage of an Antecipar action or of an Imprevista action is unchanged."""
    for kind, window, expected in (("", "attack", 2), ("Ação de Antecipar", "anticipation", 1),
                                   ("Ação Imprevista", "attack", 1)):
        hitter = char("Lutador", ie=5, action=_action("Golpe", kind))
        game = match([hitter, corpus_card("(2014) BSIC 55/100")], [char("Alvo", ie=9)])
        x, s, t = card_of(game, 0, "Lutador V1"), card_of(game, 0, "Combate em Campo Aberto V1"), card_of(
            game, 1, "Alvo V1")
        enter(game, x, 3)
        enter(game, t, 3)
        scenario(game, s)
        at(game, "combat", window)
        use(game, x, "Golpe", window=window)
        assert _dealt(game) == [(t, expected)], kind


def test_incursao_estonteante_feeds_resources_in_the_turn_its_carrier_entered() -> None:
    """Incursão Estonteante V1 ((2014) BSIC 98/100) carried by a {VO} character that entered the scene this turn:
    another {EL} character entering under its controller's control puts the deck's top card in their resources. In
    a later turn (nothing of this turn's entries recorded), or with a carrier without {VO}, nothing moves."""
    for powers, later, moved in (("Voo", False, True), ("Voo", True, False), ("Super Força", False, False)):
        flyer = char("Piloto", powers=powers)
        ally = char("Elástico", powers="Elasticidade")
        game = match([flyer, corpus_card("(2014) BSIC 98/100"), ally])
        x, s, a = card_of(game, 0, "Piloto V1"), card_of(game, 0, "Incursão Estonteante V1"), card_of(
            game, 0, "Elástico V1")
        for c in (x, s, a):
            game.move(c, Zone.HAND)                  # out of the deck: its top is another card
        enter(game, x, 0, carried=[s])
        if later:
            game.state.this_turn.entered.clear()
        top = where(game, 0)("deck")[0]
        enter(game, a, 0)
        assert zone(game, top) == ("resources" if moved else "deck"), (powers, later)


def _quick(name: str) -> str:
    return (f"Ação: {name}\n  Custo: {{0}}\n  Poder: Super Força\n  Tipo: Ação Imprevista\n"
            f"  {name} causa 1 ponto de dano no alvo.\n")


def test_infestacao_de_nanitas_bars_other_actions_in_the_preparation_phases() -> None:
    """Infestação de Nanitas V1 ((2016) BSAQ 60/112) in scene: in a Fase de Preparação (its controller's or the
    opponent's) an Imprevista action not named Nanopraga cannot be used; without the scenario it can; in the Etapa
    de Ataque it can."""
    for with_card in (True, False):
        deck = [char("Rápido", action=_quick("Soco")), *([corpus_card("(2016) BSAQ 60/112")] if with_card else [])]
        game = match(deck, [char("Lento", action=_quick("Chute"))])
        x, y = card_of(game, 0, "Rápido V1"), card_of(game, 1, "Lento V1")
        enter(game, x, 3)
        enter(game, y, 3)
        if with_card:
            scenario(game, card_of(game, 0, "Infestação de Nanitas V1"))
        at(game, "preparation")
        assert usable(game, x, "Soco", window="preparation") is not with_card
        at(game, "preparation", turn_player=1)
        assert usable(game, y, "Chute", window="preparation") is not with_card
        at(game, "combat", "attack")
        assert usable(game, x, "Soco")
