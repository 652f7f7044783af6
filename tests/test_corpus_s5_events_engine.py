"""Corpus cards of the session-5 "events" cluster played on the engine: conditions and events reading the turn's
record (actions used, damage actions dealt, knock-outs by an action), with assertions on what their text says
happens. The cards are read from the development corpora at test time (``tests/corpus_play.py``); the module is
skipped without them. Docstrings describe each behaviour in our own words."""

from __future__ import annotations

from cardscript.runtime.match import Match
from cardscript.runtime.state import CardId
from tests.corpus_play import Eager, at, calcs, card_of, corpus_card, enter, match, require_corpus, stage, use, zone
from tests.engine_helpers import own_character as char

require_corpus()

TARGET = char("Alvo", ie=9)
SECOND = [lambda d: [1]] * 3              # the second option of an action "A, ou B se ..." (4.6.2 B)


def dealt(game: Match) -> list[tuple[CardId, int]]:
    return [(c["card"], c["amount"]) for c in calcs(game) if c["amount"]]


def _hit(name: str, power: str = "Super Força") -> str:
    return f"Ação: {name}\n  Custo: {{0}}\n  Poder: {power}\n  {name} causa 1 ponto de dano no alvo.\n"


def test_vendaval_polar_deals_2_after_the_other_twins_vendaval_polar() -> None:
    """Aurora V1 ((2015) BSIV 6/100) and Estrela Polar V1 ((2015) BSIV 22/100): Vendaval Polar's second option
    deals 2 damage when another action named Vendaval Polar was used this turn -- not its own use."""
    aurora, estrela = corpus_card("(2015) BSIV 6/100"), corpus_card("(2015) BSIV 22/100")
    game = match([aurora, estrela], [TARGET], a=Eager({"mode": list(SECOND)}))
    a, e, t = card_of(game, 0, "Aurora V1"), card_of(game, 0, "Estrela Polar V1"), card_of(game, 1, "Alvo V1")
    for c in (a, e, t):
        enter(game, c, 4)
        game.state.scene[c].stage = 2
    at(game, "combat", "attack")
    use(game, a, "Vendaval Polar")
    assert dealt(game) == []
    use(game, e, "Vendaval Polar")
    assert dealt(game) == [(t, 2)]


def test_surrar_deals_4_to_a_target_already_damaged_by_another_sf_action() -> None:
    """Surrar V1 ((2014) BSPO 90/100), carried: its second option deals 4 damage to the target ("ele") when another
    {SF} action damaged it this turn; an action of another power does not count."""
    for power, expected in (("Super Força", [(1, 4)]), ("Voo", [])):
        puncher = char("Socador", powers="Super Força, Voo", action=_hit("Soco", power))
        carrier = char("Portador")
        game = match([puncher, carrier, corpus_card("(2014) BSPO 90/100")], [TARGET],
                     a=Eager({"mode": list(SECOND)}))
        x, p, s = card_of(game, 0, "Socador V1"), card_of(game, 0, "Portador V1"), card_of(game, 0, "Surrar V1")
        t = card_of(game, 1, "Alvo V1")
        enter(game, x, 3)
        enter(game, p, 2, carried=[s])
        enter(game, t, 8)
        game.state.scene[p].stage = 2
        at(game, "combat", "attack")
        use(game, x, "Soco")
        use(game, p, "Surrar")
        assert dealt(game) == [(t, 1)] + [(t, n) for _, n in expected]


def test_homem_gorila_deals_5_after_a_mestres_do_terror_ally_damaged_the_target() -> None:
    """Homem Gorila V1 ((2015) BSOS 20/100): Fúria da Selva's second option deals 5 damage when an action of another
    character with the affiliation Mestres do Terror damaged that character this turn."""
    for affiliation, expected in (("Mestres do Terror", [5]), ("Vingadores", [])):
        ally = char("Aliado", affiliations=affiliation, action=_hit("Soco"))
        game = match([ally, corpus_card("(2015) BSOS 20/100")], [TARGET], a=Eager({"mode": list(SECOND)}))
        x, g, t = card_of(game, 0, "Aliado V1"), card_of(game, 0, "Homem Gorila V1"), card_of(game, 1, "Alvo V1")
        for c in (x, g, t):
            enter(game, c, 4)
        game.state.scene[g].stage = 2
        at(game, "combat", "attack")
        use(game, x, "Soco")
        use(game, g, "Fúria da Selva")
        assert dealt(game) == [(t, 1)] + [(t, n) for n in expected]


def test_rino_knocking_out_with_atropelar_capacitates_and_may_use_it_again() -> None:
    """Rino V1 (BSET 35/100): when its Atropelar knocks a character out, Rino is capacitated by {1} and may use
    Atropelar once more this turn; damage that knocks nobody out does nothing more."""
    for energy, knocked in ((2, True), (3, False)):
        game = match([corpus_card("BSET 35/100")], [TARGET])
        r, t = card_of(game, 0, "Rino V1"), card_of(game, 1, "Alvo V1")
        enter(game, r, 4)
        enter(game, t, energy)
        game.state.scene[r].stage = 2
        at(game, "combat", "attack")
        use(game, r, "Atropelar")
        assert (zone(game, t) == "prizes") is knocked
        assert stage(game, r) == (2 if knocked else 1)
        assert bool(game.state.scene[r].extra_grants) is knocked


def test_ariete_knocking_out_capacitates_ariete_itself() -> None:
    """Aríete V1 ((2014) BSIC 6/100): "capacite-o" after knocking a character out with Ataque de Derrubada is
    Aríete (the one knocked out is in the prizes)."""
    game = match([corpus_card("(2014) BSIC 6/100")], [TARGET])
    a, t = card_of(game, 0, "Aríete V1"), card_of(game, 1, "Alvo V1")
    enter(game, a, 4)
    enter(game, t, 1)
    game.state.scene[a].stage = 1
    at(game, "combat", "attack")
    use(game, a, "Ataque de Derrubada")
    assert zone(game, t) == "prizes" and stage(game, a) == 1


def _anticipate(name: str) -> str:
    return (f"Ação: {name}\n  Custo: {{0}}\n  Poder: Super Força\n  Tipo: Ação de Antecipar\n"
            f"  {name} causa 2 pontos de dano no alvo.\n")


def test_ignorar_fracotes_makes_an_anticipation_actions_damage_0() -> None:
    """Ignorar Fracotes V1 ((2014) BSMI 89/100), carried by a {SF} character: the damage of an Antecipar action to
    it becomes 0; a normal action's damage is dealt."""
    for anticipate, expected in ((True, []), (False, [2])):
        text = _anticipate("Golpe") if anticipate else _hit("Golpe").replace("1 ponto", "2 pontos")
        enemy = char("Inimigo", action=text)
        game = match([char("Forte"), corpus_card("(2014) BSMI 89/100")], [enemy], turn_player=0 if anticipate else 1)
        x, s, y = card_of(game, 0, "Forte V1"), card_of(game, 0, "Ignorar Fracotes V1"), card_of(game, 1, "Inimigo V1")
        enter(game, x, 3, carried=[s])
        enter(game, y, 3)
        if anticipate:
            at(game, "combat", "anticipation", turn_player=0)
            use(game, y, "Golpe", window="anticipation")
        else:
            at(game, "combat", "attack", turn_player=1)
            use(game, y, "Golpe")
        assert [n for c, n in dealt(game) if c == x] == expected


def test_contra_ataque_afiado_hits_back_the_user_of_an_action_targeting_its_carrier() -> None:
    """Contra-Ataque Afiado V1 (BSUM 79/100), carried by a {LA} character: damaged by an action that has it as a
    target, the carrier deals 1 piercing damage to the character that used it."""
    blade = char("Espadachim", powers="Lâminas")
    enemy = char("Inimigo", shield=2, action=_hit("Golpe"))
    game = match([blade, corpus_card("BSUM 79/100")], [enemy], b=Eager({"unload": [lambda d: [len(d.options) - 1]]}),
                 turn_player=1)
    x, s, y = card_of(game, 0, "Espadachim V1"), card_of(game, 0, "Contra-Ataque Afiado V1"), card_of(
        game, 1, "Inimigo V1")
    enter(game, x, 3, carried=[s])                     # the damage unloads a filler, not Contra-Ataque Afiado
    enter(game, y, 3)
    at(game, "combat", "attack", turn_player=1)
    use(game, y, "Golpe")
    assert dealt(game) == [(x, 1), (y, 1)]             # piercing: the shield of 2 does not stop it
    assert len(game.state.scene[y].carried) == 2


def test_desviar_capacitates_its_carrier_incapacitated_by_an_opponents_action() -> None:
    """Desviar V1 ((2014) BSPO 66/100), carried by an {AG} character incapacitated by the action of an opponent's
    character: the carrier is capacitated by {1} and Desviar is unloaded from it."""
    sap = "Ação: Dreno\n  Custo: {0}\n  Poder: Super Força\n  Incapacite o alvo em {1}.\n"
    game = match([char("Ágil", powers="Agilidade"), corpus_card("(2014) BSPO 66/100")], [char("Sugador", action=sap)],
                 turn_player=1)
    x, s, y = card_of(game, 0, "Ágil V1"), card_of(game, 0, "Desviar V1"), card_of(game, 1, "Sugador V1")
    enter(game, x, 3, carried=[s])
    enter(game, y, 3)
    game.state.scene[x].stage = 2
    at(game, "combat", "attack", turn_player=1)
    use(game, y, "Dreno")
    assert stage(game, x) == 2 and zone(game, s) == "resources" and len(game.state.scene[x].carried) == 3
