"""Corpus cards of the session-5 "events" cluster played on the engine: conditions and events reading the turn's
record (actions used, damage actions dealt, knock-outs by an action), with assertions on what their text says
happens. The cards are read from the development corpora at test time (``tests/corpus_play.py``); the module is
skipped without them. Docstrings describe each behaviour in our own words."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.state import CardId, Zone
from tests.corpus_play import (
    Eager,
    at,
    calcs,
    card_of,
    corpus_card,
    enter,
    fillers,
    match,
    require_corpus,
    scenario,
    stage,
    use,
    zone,
)
from tests.engine_helpers import card, pick
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


def test_objetivos_iguais_draws_two_more_with_three_characters_sharing_an_affiliation() -> None:
    """Objetivos Iguais V1 ((2016) BSAQ 72/112): entering the scene, its controller draws a card, and may draw two
    more when controlling three or more characters with an affiliation in common among them."""
    for third, drawn in (("Vingadores, X-Men", 3), ("Tropa Alfa", 1)):
        chars = [char("Um", affiliations="Vingadores"), char("Dois", affiliations="Vingadores, Fugitivos"),
                 char("Três", affiliations=third)]
        game = match([*chars, corpus_card("(2016) BSAQ 72/112")])
        for name in ("Um V1", "Dois V1", "Três V1"):
            enter(game, card_of(game, 0, name), 2)
        before = len(game.state.players[0].hand)
        scenario(game, card_of(game, 0, "Objetivos Iguais V1"))
        assert len(game.state.players[0].hand) - before == drawn


def _attacked(defenders: list[CardDef], attacker_text: str = "") -> tuple[Match, CardId]:
    enemy = char("Atacante", action=attacker_text or _hit("Golpe").replace("1 ponto", "2 pontos"))
    game = match(defenders, [enemy], turn_player=1)
    y = card_of(game, 1, "Atacante V1")
    for d in defenders:
        enter(game, card_of(game, 0, d.title), 3)
    enter(game, y, 3)
    return game, y


def test_loki_redirects_an_actions_damage_to_a_replica() -> None:
    """Loki V1 (BSET DECK 13/66): damage an action would deal to Loki may go to a Réplica de Loki its controller
    controls instead (4.8.3.1 E)."""
    loki, replica = corpus_card("BSET DECK 13/66"), char("Réplica de Loki")
    game, y = _attacked([loki, replica])
    lk, rp = card_of(game, 0, loki.title), card_of(game, 0, "Réplica de Loki V1")
    at(game, "combat", "attack", turn_player=1)
    game.agents[1].answers["target"] = [lambda d: [d.options.index(game.name(lk))]]
    use(game, y, "Golpe")
    assert dealt(game) == [(rp, 2)]


def test_asteroide_m_may_take_the_damage_of_an_action_to_a_brotherhood_character() -> None:
    """Asteróide M V1 ((2014) BSMI 50/100): an action's damage to a character with the affiliation Irmandade de
    Mutantes its controller controls may be redirected to the support."""
    asteroid, mutant = corpus_card("(2014) BSMI 50/100"), char("Mutante", affiliations="Irmandade de Mutantes")
    game, y = _attacked([asteroid, mutant])
    a, m = card_of(game, 0, asteroid.title), card_of(game, 0, "Mutante V1")
    at(game, "combat", "attack", turn_player=1)
    game.agents[1].answers["target"] = [lambda d: [d.options.index(game.name(m))]]
    use(game, y, "Golpe")
    assert dealt(game) == [(a, 2)]


def test_camaleao_damage_from_a_character_that_entered_this_turn_becomes_0() -> None:
    """Camaleão V1 ((2015) BSIV 12/100): damage to a Sexteto Sinistro character its controller controls from an
    opponent's character that entered the scene this turn becomes 0 (here: that character's own entry effect); from
    one in the scene since an earlier turn, it is dealt."""
    blast = ("Personagem: Bomba V1\nAlinhamento: Vilão\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n\n"
             "Texto permanente:\n  Quando este personagem entrar em cena, ele causa 2 pontos de dano em um "
             "personagem.\n")
    for new, expected in ((True, 0), (False, 2)):
        camaleao, ally = corpus_card("(2015) BSIV 12/100"), char("Sinistro", affiliations="Sexteto Sinistro")
        game = match([camaleao, ally], [card(blast)], turn_player=1)
        s, y = card_of(game, 0, "Sinistro V1"), card_of(game, 1, "Bomba V1")
        enter(game, card_of(game, 0, camaleao.title), 3)
        enter(game, s, 3)
        game.agents[1].answers["target"] = [pick(game.name(s))]
        at(game, "preparation", None, turn_player=1)
        load = fillers(game, 1)[:3]
        for c in [y, *load]:
            game.move(c, Zone.RESOURCES)
        game.enter_scene(y, 1, load)                  # entering in this turn (its entry effect still to resolve)
        if not new:
            game.state.scene[y].entered_turn = 0
        game.eng.tree.resolve()
        assert [n for c, n in [(c["card"], c["amount"]) for c in calcs(game)] if c == s] == [expected]


def test_sagacidade_zeroes_preparation_damage_not_from_a_genius_character() -> None:
    """Sagacidade V1 ((2016) BSAQ 88/112), carried by a {GE} character: damage during another player's Preparation
    Phase becomes 0 unless its source is a character with {GE} (here: an entering character's own effect)."""
    for powers, expected in (("Super Força", 0), ("Genialidade", 2)):
        blast = (f"Personagem: Bomba V1\nAlinhamento: Vilão\nPoderes: {powers}\nEnergia inicial: 3\nEscudo: 0\n\n"
                 "Texto permanente:\n  Quando este personagem entrar em cena, ele causa 2 pontos de dano em um "
                 "personagem.\n")
        genius = char("Gênio", powers="Genialidade", ie=6)
        game = match([genius, corpus_card("(2016) BSAQ 88/112")], [card(blast)], turn_player=1)
        g, s, y = card_of(game, 0, "Gênio V1"), card_of(game, 0, "Sagacidade V1"), card_of(game, 1, "Bomba V1")
        enter(game, g, 4, carried=[s])
        game.agents[1].answers["target"] = [pick(game.name(g))]
        at(game, "preparation", None, turn_player=1)
        load = fillers(game, 1)[:3]
        for c in [y, *load]:
            game.move(c, Zone.RESOURCES)
        game.enter_scene(y, 1, load)
        game.eng.tree.resolve()
        assert [c["amount"] for c in calcs(game) if c["card"] == g] == [expected]


def test_recuperacao_rapida_reloads_its_carrier_unless_it_was_knocked_out() -> None:
    """Recuperação Rápida V1 (BSET 86/100): unloaded from a {RE} character that was not knocked out, its controller
    loads a {RE} card of their resources (not Recuperação Rápida) onto that character -- the one it was unloaded
    from; knocked out, nothing is loaded."""
    heal = card("Habilidade: Cura V1\nPoder: Regeneração\n")
    for amount, knocked in ((1, False), (3, True)):
        enemy = char("Atacante", action=_hit("Golpe").replace("1 ponto", f"{amount} pontos"))
        game = match([char("Regenerador", powers="Regeneração"), corpus_card("BSET 86/100"), heal], [enemy],
                     b=Eager({"unload": [lambda d: [0, 1, 2][:len(d.options)][:max(d.minimum, 1)]]}), turn_player=1)
        x, rr, h = card_of(game, 0, "Regenerador V1"), card_of(game, 0, "Recuperação Rápida V1"), card_of(
            game, 0, "Cura V1")
        y = card_of(game, 1, "Atacante V1")
        enter(game, x, 2, carried=[rr])                  # Recuperação Rápida first: the damage unloads it
        enter(game, y, 3)
        game.move(h, Zone.RESOURCES)
        at(game, "combat", "attack", turn_player=1)
        use(game, y, "Golpe")
        assert zone(game, rr) == "resources"
        assert (zone(game, x) == "prizes") is knocked
        assert zone(game, h) == ("resources" if knocked else "carried")


def test_carga_total_unloaded_goes_to_the_bottom_of_its_owners_deck() -> None:
    """Carga Total V1 ((2016) BSAQ 81/112): unloaded from a character (here by damage), it sees its own unloading
    (5.2) and goes to the bottom of its owner's deck instead of staying in the resources."""
    enemy = char("Atacante", action=_hit("Golpe"))
    game = match([char("Portador", powers="Ataque Energético"), corpus_card("(2016) BSAQ 81/112")], [enemy],
                 b=Eager({"unload": [lambda d: [0]]}), turn_player=1)
    x, c, y = card_of(game, 0, "Portador V1"), card_of(game, 0, "Carga Total V1"), card_of(game, 1, "Atacante V1")
    enter(game, x, 2, carried=[c])
    enter(game, y, 3)
    at(game, "combat", "attack", turn_player=1)
    use(game, y, "Golpe")
    assert game.state.players[0].deck[-1] == c
