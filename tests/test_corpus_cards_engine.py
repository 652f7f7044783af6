"""Issue 9, part 8: corpus cards across the verb families played on the engine, with assertions on what their
printed text says happens -- which area each card ends in, how many cards are carried, stages, shields, the
damage calculation's numbers -- not only that they lower.

Every card is read from the development corpora (``../shared/corpus``) at test time, compiled with the corpora's
name registry and lowered (``tests/corpus_play.py``); the module is skipped without the corpora. The other cards
of each game (carriers, targets, loads) are small cards written here. The docstrings describe each behaviour in
our own words and cite the card by name and printed code.
"""

from __future__ import annotations

from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.shielding import end_of_turn
from cardscript.games.battle_scenes.runtime.state import CardId, Zone
from tests.corpus_play import (
    Eager,
    activatable,
    activate,
    at,
    calcs,
    card_of,
    corpus_card,
    energy,
    enter,
    events,
    fillers,
    match,
    player_option,
    require_corpus,
    scenario,
    shield_of,
    stage,
    stages,
    step_starts,
    usable,
    use,
    zone,
)
from tests.engine_helpers import own_character as char
from tests.engine_helpers import pick, punch

require_corpus()

ALL_POWERS = ("Agilidade, Ataque a Distância, Ataque Energético, Elasticidade, Genialidade, Lâminas, Regeneração, "
              "Super Força, Telecinesia, Telepatia, Voo")


CARRIER = char("Portador", powers=ALL_POWERS)          # can use any carried ability card's action
TARGET = char("Alvo")                                  # Escudo 0
VILLAIN = char("Bandido", alignment="Vilão")
WEIGHT = char("Peso")                                  # a non-ability card to carry


def combat(game: Match, turn_player: int = 0) -> None:
    at(game, "combat", "attack", turn_player)


def dealt(game: Match) -> list[tuple[CardId, int]]:
    return [(c["card"], c["amount"]) for c in calcs(game)]


# ---------------------------------------------------------------------------------------------------------------
# damage, stages, shields (4.5, 4.8)


def test_4_8_callisto_damages_and_incapacitates_the_target() -> None:
    """Callisto V1 ((2014) BSIC 10/100): its action deals 1 damage to the target and lowers the target's stage by
    one; paying its cost lowers Callisto's own stage by one."""
    callisto = corpus_card("(2014) BSIC 10/100")
    game = match([callisto], [TARGET])
    c, t = card_of(game, 0, "Callisto V1"), card_of(game, 1, "Alvo V1")
    enter(game, c, 3)
    enter(game, t, 3)
    combat(game)
    use(game, c, "Supremacia Tática")
    assert dealt(game) == [(t, 1)]
    assert (energy(game, t), stage(game, t), stage(game, c)) == (2, 0, 0)


def test_4_8_6_cisne_negro_lowers_the_shield_before_the_damage() -> None:
    """Cisne Negro V1 ((2014) BSIC 14/100): the target loses 1 shield for the turn, then takes 1 damage (so a
    shield of 1 no longer absorbs it) and is incapacitated by one; the shield is back at the end of the turn."""
    target = char("Alvo Blindado", shield=1)
    game = match([corpus_card("(2014) BSIC 14/100")], [target])
    c, t = card_of(game, 0, "Cisne Negro V1"), card_of(game, 1, "Alvo Blindado V1")
    enter(game, c, 3)
    enter(game, t, 3)
    combat(game)
    use(game, c, "Vírus Telepático")
    assert (energy(game, t), shield_of(game, t), stage(game, t)) == (2, 0, 0)
    end_of_turn(game)
    assert shield_of(game, t) == 1


def test_4_8_justiceiro_deals_plus_2_to_a_villain_and_capacitates_itself() -> None:
    """Justiceiro V1 ((2014) BSPO 18/100): its 2 damage becomes 4 against a villain, and after hitting a villain it
    capacitates itself by one (back to stage 1 after paying 1); against a hero, 2 and no capacitation."""
    justiceiro = corpus_card("(2014) BSPO 18/100")
    game = match([justiceiro, justiceiro], [VILLAIN, TARGET], a=Eager({"target": [lambda d: [0]]}))
    j1, j2 = card_of(game, 0, "Justiceiro V1", 0), card_of(game, 0, "Justiceiro V1", 1)
    v, h = card_of(game, 1, "Bandido V1"), card_of(game, 1, "Alvo V1")
    enter(game, j1, 3)
    enter(game, j2, 3)
    enter(game, v, 6)
    enter(game, h, 6)
    combat(game)
    game.agents[0].answers["target"] = [lambda d: [d.options.index(game.name(v))]]      # type: ignore[attr-defined]
    use(game, j1, "Caçada Implacável")
    assert dealt(game) == [(v, 4)] and energy(game, v) == 2 and stage(game, j1) == 1
    game.agents[0].answers["target"] = [lambda d: [d.options.index(game.name(h))]]      # type: ignore[attr-defined]
    use(game, j2, "Caçada Implacável")
    assert dealt(game)[-1] == (h, 2) and energy(game, h) == 4 and stage(game, j2) == 0


def test_4_9_x_23_knocks_out_a_character_it_empties() -> None:
    """X-23 V1 ((2014) BSMI 49/100): its 3 damage on a character with Escudo 0 carrying two cards unloads both;
    the emptied character is knocked out, to the prizes area, and its controller's opponent scores."""
    game = match([corpus_card("(2014) BSMI 49/100")], [TARGET])
    x, t = card_of(game, 0, "X-23 V1"), card_of(game, 1, "Alvo V1")
    enter(game, x, 4)
    enter(game, t, 2)
    combat(game)
    use(game, x, "Gatilho Olfativo")
    assert t not in game.state.scene and zone(game, t) == "prizes"
    assert events(game, "knocked_out")[-1]["card"] == t and game.prize_points(0) >= 1


def test_4_5_medusa_x_damage_and_x_incapacitation() -> None:
    """Medusa V1 ((2014) BSMI 32/100): with the cost X paid as 2 (Medusa from stage 2 to 0), the target takes 2
    damage and is incapacitated by 2."""
    game = match([corpus_card("(2014) BSMI 32/100")], [TARGET], a=Eager({"x": [[2]]}))
    m, t = card_of(game, 0, "Medusa V1"), card_of(game, 1, "Alvo V1")
    enter(game, m, 4)
    enter(game, t, 4)
    game.state.scene[m].stage = 2
    game.state.scene[t].stage = 2
    combat(game)
    use(game, m, "Armadilha de Cabelos")
    assert dealt(game) == [(t, 2)]
    assert (energy(game, t), stage(game, t), stage(game, m)) == (2, 0, 0)


def test_4_8_6_alucinacao_sets_the_shield_to_0_until_the_end_of_the_turn() -> None:
    """Alucinação V1 (BSUM 92/100), carried: the target's shield is 0 for the rest of the turn, then its printed
    value again."""
    big = char("Muralha", shield=3)
    game = match([CARRIER, corpus_card("BSUM 92/100")], [big])
    p, al, t = card_of(game, 0, "Portador V1"), card_of(game, 0, "Alucinação V1"), card_of(game, 1, "Muralha V1")
    enter(game, p, 1, carried=[al])
    enter(game, t, 3)
    assert shield_of(game, t) == 3
    combat(game)
    use(game, p, "Alucinação")
    assert shield_of(game, t) == 0
    end_of_turn(game)
    assert shield_of(game, t) == 3


def test_4_8_6_esquiva_gives_its_carrier_3_shield_for_the_turn() -> None:
    """Esquiva V1 (BSUM 57/100), carried: its carrier gains Escudo +3 until the end of the turn."""
    game = match([CARRIER, corpus_card("BSUM 57/100")])
    p, e = card_of(game, 0, "Portador V1"), card_of(game, 0, "Esquiva V1")
    enter(game, p, 1, carried=[e])
    combat(game)
    use(game, p, "Esquiva")
    assert shield_of(game, p) == 3
    end_of_turn(game)
    assert shield_of(game, p) == 0


def test_4_5_paralisar_incapacitates_every_character_of_the_target_opponent() -> None:
    """Paralisar V1 (BSUM 94/100), carried (cost 2): each character the targeted opponent controls is incapacitated
    by one; the user's own other characters are not."""
    game = match([CARRIER, corpus_card("BSUM 94/100"), TARGET], [TARGET, VILLAIN])
    p, pa = card_of(game, 0, "Portador V1"), card_of(game, 0, "Paralisar V1")
    mine, e1, e2 = card_of(game, 0, "Alvo V1"), card_of(game, 1, "Alvo V1"), card_of(game, 1, "Bandido V1")
    enter(game, p, 1, carried=[pa])
    for c in (mine, e1, e2):
        enter(game, c, 2)
    game.state.scene[p].stage = 2
    game.state.scene[e2].stage = 2
    combat(game)
    use(game, p, "Paralisar")
    assert (stage(game, e1), stage(game, e2), stage(game, mine), stage(game, p)) == (0, 1, 1, 0)


def test_4_5_paralisar_offers_only_an_opponent_as_its_target() -> None:
    """Paralisar V1 (BSUM 94/100): its target is an opponent -- the user's controller is not a legal choice."""
    a = Eager()
    game = match([CARRIER, corpus_card("BSUM 94/100")], [TARGET], a=a)
    p, pa = card_of(game, 0, "Portador V1"), card_of(game, 0, "Paralisar V1")
    enter(game, p, 1, carried=[pa])
    enter(game, card_of(game, 1, "Alvo V1"))
    game.state.scene[p].stage = 2
    combat(game)
    use(game, p, "Paralisar")
    (choice,) = [d for d in a.seen if d.kind == "target"]
    assert player_option(choice, 0) == []


def test_4_8_granada_de_mao_grants_its_power_and_is_unloaded_as_the_cost() -> None:
    """Granada de Mão V1 (BSUM 63/100): it gives its carrier {AD}, so a carrier with only {SF} can use it; its cost
    unloads the Granada itself (to the resources) and the target takes 4 damage."""
    lutador = char("Lutador")
    game = match([lutador, corpus_card("BSUM 63/100")], [TARGET])
    lu, g, t = card_of(game, 0, "Lutador V1"), card_of(game, 0, "Granada de Mão V1"), card_of(game, 1, "Alvo V1")
    enter(game, lu, 2, carried=[g])
    enter(game, t, 6)
    game.state.scene[lu].stage = 2
    combat(game)
    use(game, lu, "Granada de Mão")
    assert g in game.state.players[0].resources and energy(game, lu) == 2
    assert dealt(game) == [(t, 4)] and energy(game, t) == 2


def test_4_8_2_onda_de_energia_piercing_damage_to_every_other_character() -> None:
    """Onda de Energia V1 (BSUM 68/100): unloading itself as its cost, it deals 2 piercing damage to every
    character but its user -- friend or foe, shields ignored."""
    guard = char("Guarda", shield=2)
    game = match([CARRIER, corpus_card("BSUM 68/100"), TARGET], [guard])
    p, o = card_of(game, 0, "Portador V1"), card_of(game, 0, "Onda de Energia V1")
    ally, g = card_of(game, 0, "Alvo V1"), card_of(game, 1, "Guarda V1")
    enter(game, p, 2, carried=[o])
    enter(game, ally, 4)
    enter(game, g, 4)
    game.state.scene[p].stage = 2
    combat(game)
    use(game, p, "Onda de Energia")
    assert sorted(dealt(game)) == sorted([(ally, 2), (g, 2)])
    assert (energy(game, ally), energy(game, g), energy(game, p), shield_of(game, g)) == (2, 2, 2, 2)
    assert o in game.state.players[0].resources


# ---------------------------------------------------------------------------------------------------------------
# damage modifiers and replacements (4.8.3)


def test_4_8_3_batalha_em_area_povoada_draws_and_heroes_deal_1_less() -> None:
    """Batalha em Área Povoada V1 (BSUM 44/100): entering, its controller draws a card; a hero's 3 damage is 2;
    a villain's is unchanged."""
    hero = char("Herói Forte", action=punch("Soco", 3))
    villain = char("Vilão Forte", alignment="Vilão", action=punch("Murro", 3))
    game = match([corpus_card("BSUM 44/100"), hero], [villain, TARGET, TARGET],
                 a=Eager({"target": [pick("Alvo V1")]}), b=Eager({"target": [pick("Alvo V1")]}))
    b = card_of(game, 0, "Batalha em Área Povoada V1")
    h, v = card_of(game, 0, "Herói Forte V1"), card_of(game, 1, "Vilão Forte V1")
    t1, t2 = card_of(game, 1, "Alvo V1", 0), card_of(game, 1, "Alvo V1", 1)
    enter(game, h)
    enter(game, v)
    enter(game, t1, 5)
    game.move(t2, Zone.RESOURCES)
    scenario(game, b)
    assert len(game.state.players[0].hand) == 1
    combat(game)
    use(game, h, "Soco")
    assert calcs(game)[-1]["amount"] == 2 and energy(game, t1) == 3
    combat(game, 1)
    use(game, v, "Murro", window="attack")
    assert calcs(game)[-1]["amount"] == 3


def test_4_8_3_combate_ao_crime_hero_against_villain_plus_1() -> None:
    """Combate ao Crime V1 (BSUM 45/100): a hero's damage to a villain is 1 more; to a hero it is unchanged."""
    hero = char("Herói Forte", action=punch("Soco", 2))
    game = match([corpus_card("BSUM 45/100"), hero, hero], [VILLAIN, TARGET],
                 a=Eager({"target": [lambda d: [d.options.index(next(o for o in d.options if "Bandido" in o))],
                                     lambda d: [d.options.index(next(o for o in d.options if "Alvo" in o))]]}))
    h1, h2 = card_of(game, 0, "Herói Forte V1", 0), card_of(game, 0, "Herói Forte V1", 1)
    v, t = card_of(game, 1, "Bandido V1"), card_of(game, 1, "Alvo V1")
    for c in (h1, h2):
        enter(game, c)
    enter(game, v, 5)
    enter(game, t, 5)
    scenario(game, card_of(game, 0, "Combate ao Crime V1"))
    combat(game)
    use(game, h1, "Soco")
    use(game, h2, "Soco")
    assert dealt(game) == [(v, 3), (t, 2)]


def test_4_8_3_C_a_essencia_do_medo_halves_anticipation_damage() -> None:
    """A Essência do Medo V1 ((2014) BSPO 44/100): an Ação de Antecipar's 3 damage is halved, rounded down, to 1;
    a normal action's 3 stays 3."""
    ante = char("Antecipador", action="Ação: Rajada\n  Custo: {0}\n  Poder: Super Força\n  Tipo: Ação de Antecipar\n"
                                      "  Rajada causa 3 pontos de dano no alvo.\n")
    normal = char("Normal", action=punch("Soco", 3))
    game = match([corpus_card("(2014) BSPO 44/100"), ante, normal], [TARGET])
    a, n, t = card_of(game, 0, "Antecipador V1"), card_of(game, 0, "Normal V1"), card_of(game, 1, "Alvo V1")
    enter(game, a)
    enter(game, n)
    enter(game, t, 6)
    scenario(game, card_of(game, 0, "A Essência do Medo V1"))
    combat(game)
    use(game, a, "Rajada")
    assert stages(calcs(game)[-1])[:3] == [("A", 3), ("B", 3), ("C", 1)] and calcs(game)[-1]["amount"] == 1
    use(game, n, "Soco")
    assert calcs(game)[-1]["amount"] == 3 and energy(game, t) == 2


def test_4_8_3_D_miss_marvel_the_first_damaging_action_of_the_turn_deals_0() -> None:
    """Miss Marvel V1 ((2014) BSMI 34/100): the first action that would damage her in a turn deals 0 (she loses no
    card); the second deals its damage."""
    hitter = char("Batedor", action=punch("Soco", 3))
    game = match([hitter, hitter], [corpus_card("(2014) BSMI 34/100")])
    h1, h2 = card_of(game, 0, "Batedor V1", 0), card_of(game, 0, "Batedor V1", 1)
    mm = card_of(game, 1, "Miss Marvel V1")
    enter(game, h1)
    enter(game, h2)
    enter(game, mm, 5)
    combat(game)
    use(game, h1, "Soco")
    assert calcs(game)[-1]["amount"] == 0 and energy(game, mm) == 5
    use(game, h2, "Soco")
    assert calcs(game)[-1]["amount"] == 3 and energy(game, mm) == 5 - (3 - 1)       # Escudo 1


def test_4_8_3_luke_cage_damage_from_ranged_actions_becomes_0() -> None:
    """Luke Cage V1 ((2014) BSPO 19/100): damage from an {AD} action becomes 0; a {SF} action's damage is dealt
    (3 against Escudo 2: one card unloaded)."""
    ranged = char("Atirador", powers="Ataque a Distância", action=punch("Tiro", 3, "Ataque a Distância"))
    brute = char("Bruto", action=punch("Soco", 3))
    game = match([ranged, brute], [corpus_card("(2014) BSPO 19/100")])
    r, b, lc = card_of(game, 0, "Atirador V1"), card_of(game, 0, "Bruto V1"), card_of(game, 1, "Luke Cage V1")
    enter(game, r)
    enter(game, b)
    enter(game, lc, 4)
    combat(game)
    use(game, r, "Tiro")
    assert calcs(game)[-1]["amount"] == 0 and energy(game, lc) == 4
    use(game, b, "Soco")
    assert calcs(game)[-1]["amount"] == 3 and energy(game, lc) == 3


def test_4_8_3_D_escudo_improvisado_goes_to_the_deck_bottom_and_the_damage_is_0() -> None:
    """Escudo Improvisado V1 ((2014) BSPO 99/100): when its carrier would take damage from an action, the Escudo
    cards it carries go to the bottom of their owner's deck and that action's damage becomes 0."""
    hitter = char("Batedor", action=punch("Soco", 3))
    game = match([hitter], [TARGET, corpus_card("(2014) BSPO 99/100")])
    h, t, e = card_of(game, 0, "Batedor V1"), card_of(game, 1, "Alvo V1"), card_of(game, 1, "Escudo Improvisado V1")
    enter(game, h)
    enter(game, t, 3, carried=[e])
    combat(game)
    use(game, h, "Soco")
    assert calcs(game)[-1]["amount"] == 0
    assert game.state.players[1].deck[-1] == e and energy(game, t) == 3


def test_5_7_cidade_fantasma_a_search_of_the_deck_becomes_drawing() -> None:
    """Cidade Fantasma V1 ((2015) BSIV 59/100): entering, it draws a card; then a player who would search their
    own deck for a card (Exploração Aérea V1, (2014) BSPO 97/100) draws one card instead: the sought card stays
    in the deck, the top card is drawn."""
    game = match([corpus_card("(2015) BSIV 59/100"), CARRIER, corpus_card("(2014) BSPO 97/100"), WEIGHT])
    cf, p = card_of(game, 0, "Cidade Fantasma V1"), card_of(game, 0, "Portador V1")
    ea, w = card_of(game, 0, "Exploração Aérea V1"), card_of(game, 0, "Peso V1")
    enter(game, p, 2, carried=[ea])
    game.move(w, Zone.DECK, bottom=True)
    scenario(game, cf)
    assert len(game.state.players[0].hand) == 1
    top = game.state.players[0].deck[0]
    combat(game)
    use(game, p, "Exploração Aérea")
    assert top in game.state.players[0].hand and len(game.state.players[0].hand) == 2
    assert w in game.state.players[0].deck and w not in game.state.scene[p].carried


# ---------------------------------------------------------------------------------------------------------------
# drawing, discarding, moving cards between areas (3, 4.2)


def test_peter_parker_draws_then_discards() -> None:
    """Peter Parker V1 ((2014) BSMI 39/100): draw a card, then discard a card -- with an empty hand, the card
    drawn (the deck's top) ends in the resources."""
    game = match([corpus_card("(2014) BSMI 39/100")])
    pp = card_of(game, 0, "Peter Parker V1")
    enter(game, pp, 1)
    top = game.state.players[0].deck[0]
    combat(game)
    use(game, pp, "Fotos Reveladoras")
    assert top in game.state.players[0].resources and game.state.players[0].hand == []


def test_banshee_damages_and_every_player_discards() -> None:
    """Banshee V1 ((2014) BSPO 2/100): 2 damage to the target, then every player discards a card from the hand
    (to their resources)."""
    game = match([corpus_card("(2014) BSPO 2/100")], [TARGET])
    b, t = card_of(game, 0, "Banshee V1"), card_of(game, 1, "Alvo V1")
    enter(game, b, 3)
    enter(game, t, 4)
    mine, theirs = game.draw(0, 1)[0], game.draw(1, 1)[0]
    combat(game)
    use(game, b, "Ataque Sônico")
    assert energy(game, t) == 2
    assert mine in game.state.players[0].resources and theirs in game.state.players[1].resources
    assert game.state.players[0].hand == [] and game.state.players[1].hand == []


def test_conversas_telepaticas_each_player_draws_one() -> None:
    """Conversas Telepáticas V1 ((2014) BSMI 93/100), carried: each player draws one card, the top of their
    deck."""
    game = match([CARRIER, corpus_card("(2014) BSMI 93/100")])
    p, ct = card_of(game, 0, "Portador V1"), card_of(game, 0, "Conversas Telepáticas V1")
    enter(game, p, 1, carried=[ct])
    tops = [game.state.players[0].deck[0], game.state.players[1].deck[0]]
    combat(game)
    use(game, p, "Conversas Telepáticas")
    assert [game.state.players[0].hand, game.state.players[1].hand] == [[tops[0]], [tops[1]]]


def test_invencao_draws_three() -> None:
    """Invenção V1 (BSUM 76/100), carried: its user's controller draws the three top cards of their deck."""
    game = match([CARRIER, corpus_card("BSUM 76/100")])
    p, inv = card_of(game, 0, "Portador V1"), card_of(game, 0, "Invenção V1")
    enter(game, p, 1, carried=[inv])
    top3 = game.state.players[0].deck[:3]
    combat(game)
    use(game, p, "Invenção")
    assert sorted(game.state.players[0].hand) == sorted(top3)


def test_poltergeist_mills_five_of_the_target_player() -> None:
    """Poltergeist V1 (BSUM 91/100), carried: the five top cards of the targeted player's deck go to that player's
    resources."""
    game = match([CARRIER, corpus_card("BSUM 91/100")], a=Eager({"target": [lambda d: player_option(d, 1)]}))
    p, pg = card_of(game, 0, "Portador V1"), card_of(game, 0, "Poltergeist V1")
    enter(game, p, 1, carried=[pg])
    top5 = game.state.players[1].deck[:5]
    combat(game)
    use(game, p, "Poltergeist")
    assert game.state.players[1].resources == top5


def test_arrancar_das_maos_the_opponent_puts_a_hand_card_on_top_of_the_deck() -> None:
    """Arrancar das Mãos V1 (BSUM 71/100), carried: the targeted opponent puts one card of their hand (their
    choice) on top of their own deck."""
    b = Eager({"choose": [[1]], "move": [[1]], "hand": [[1]]})
    game = match([CARRIER, corpus_card("BSUM 71/100")], b=b)
    p, am = card_of(game, 0, "Portador V1"), card_of(game, 0, "Arrancar das Mãos V1")
    enter(game, p, 1, carried=[am])
    first, second = game.draw(1, 2)
    combat(game)
    use(game, p, "Arrancar das Mãos")
    deck, hand = game.state.players[1].deck, game.state.players[1].hand
    assert len(hand) == 1 and deck[0] in (first, second) and deck[0] not in hand
    assert any(d.player == 1 for d in b.seen)                                  # the opponent chose


def test_onda_de_tranquilidade_the_scenario_to_its_owners_resources_and_draw() -> None:
    """Onda de Tranquilidade V1 (BSUM 93/100), carried: with a scenario in the scene (the opponent's Ben Urich
    Investiga V1, (2014) BSPO 46/100), it goes to its owner's resources and the user's controller draws a card."""
    game = match([CARRIER, corpus_card("BSUM 93/100")], [corpus_card("(2014) BSPO 46/100")])
    p, ot, bu = card_of(game, 0, "Portador V1"), card_of(game, 0, "Onda de Tranquilidade V1"), \
        card_of(game, 1, "Ben Urich Investiga V1")
    enter(game, p, 1, carried=[ot])
    scenario(game, bu)
    top = game.state.players[0].deck[0]
    combat(game)
    use(game, p, "Onda de Tranquilidade")
    assert game.state.scenario is None and bu in game.state.players[1].resources
    assert game.state.players[0].hand == [top]


def test_explorar_possibilidades_a_resource_to_the_deck_bottom_then_draw_two() -> None:
    """Explorar Possibilidades V1 ((2014) BSPO 76/100), carried: as its cost a card of the resources goes to the
    bottom of the deck, then its controller draws two cards."""
    game = match([CARRIER, corpus_card("(2014) BSPO 76/100"), WEIGHT])
    p, w = card_of(game, 0, "Portador V1"), card_of(game, 0, "Peso V1")
    ex = card_of(game, 0, "Explorar Possibilidades V1")
    enter(game, p, 1, carried=[ex])
    game.move(w, Zone.RESOURCES)
    top2 = game.state.players[0].deck[:2]
    combat(game)
    use(game, p, "Explorar Possibilidades")
    assert game.state.players[0].deck[-1] == w and w not in game.state.players[0].resources
    assert sorted(game.state.players[0].hand) == sorted(top2)


def test_incursao_de_batedor_damage_then_the_top_card_to_the_resources() -> None:
    """Incursão de Batedor V1 ((2014) BSPO 98/100), carried: 1 damage to the target, then its controller looks at
    the top card of their deck and may put it in their resources (here: yes)."""
    game = match([CARRIER, corpus_card("(2014) BSPO 98/100")], [TARGET])
    p, ib, t = card_of(game, 0, "Portador V1"), card_of(game, 0, "Incursão de Batedor V1"), card_of(game, 1, "Alvo V1")
    enter(game, p, 1, carried=[ib])
    enter(game, t, 3)
    top = game.state.players[0].deck[0]
    combat(game)
    use(game, p, "Incursão de Batedor")
    assert energy(game, t) == 2 and top in game.state.players[0].resources


def test_fenix_returns_the_target_to_its_owners_hand() -> None:
    """Fênix V1 (BSUM 15/100): the target's cards are all unloaded (to its owner's resources) and the target goes
    back to its owner's hand."""
    game = match([corpus_card("BSUM 15/100")], [TARGET])
    f, t = card_of(game, 0, "Fênix V1"), card_of(game, 1, "Alvo V1")
    enter(game, f, 4)
    enter(game, t, 3)
    loads = list(game.state.scene[t].carried)
    game.state.scene[f].stage = 2
    combat(game)
    use(game, f, "Arremesso Mental")
    assert t in game.state.players[1].hand and t not in game.state.scene
    assert all(c in game.state.players[1].resources for c in loads)


def test_carregar_para_longe_shuffles_both_characters_into_their_decks() -> None:
    """Carregar para Longe V1 (BSUM 95/100), carried (cost 2): the target, the user and every card they carry are
    shuffled into their owners' decks."""
    game = match([CARRIER, corpus_card("BSUM 95/100")], [TARGET])
    p, cl, t = card_of(game, 0, "Portador V1"), card_of(game, 0, "Carregar para Longe V1"), card_of(game, 1, "Alvo V1")
    enter(game, p, 2, carried=[cl])
    enter(game, t, 3)
    mine, theirs = [p, *game.state.scene[p].carried], [t, *game.state.scene[t].carried]
    game.state.scene[p].stage = 2
    combat(game)
    use(game, p, "Carregar para Longe")
    assert all(c in game.state.players[0].deck for c in mine)
    assert all(c in game.state.players[1].deck for c in theirs)
    assert {e["player"] for e in events(game, "shuffle")} == {0, 1}


# ---------------------------------------------------------------------------------------------------------------
# loading and unloading (4.3)


def test_rictor_unloads_up_to_two_cards() -> None:
    """Rictor V1 ((2014) BSIC 39/100, cost 2): two cards are unloaded from a character (to its owner's
    resources)."""
    game = match([corpus_card("(2014) BSIC 39/100")], [TARGET], a=Eager({"unload": [[0, 1]]}))
    r, t = card_of(game, 0, "Rictor V1"), card_of(game, 1, "Alvo V1")
    enter(game, r, 3)
    enter(game, t, 4)
    game.state.scene[r].stage = 2
    combat(game)
    before = list(game.state.scene[t].carried)
    use(game, r, "Energia Sísmica")
    assert energy(game, t) == 2
    assert sum(1 for c in before if c in game.state.players[1].resources) == 2


def test_justica_unloads_an_ability_card_only() -> None:
    """Justiça V1 ((2014) BSPO 17/100, cost 2): an ability card carried by a character is unloaded; the target's
    other (non-ability) cards stay."""
    game = match([corpus_card("(2014) BSPO 17/100")], [TARGET, corpus_card("BSUM 81/100"), WEIGHT, WEIGHT],
                 a=Eager({"unload": [pick("Sabre")]}))      # one ability card, of the character the player picks
    j, t, s = card_of(game, 0, "Justiça V1"), card_of(game, 1, "Alvo V1"), card_of(game, 1, "Sabre V1")
    w1, w2 = card_of(game, 1, "Peso V1", 0), card_of(game, 1, "Peso V1", 1)
    enter(game, j, 4)
    enter(game, t, 0, carried=[s, w1, w2])
    game.state.scene[j].stage = 2
    combat(game)
    carried = list(game.state.scene[j].carried)
    use(game, j, "Gavinhas Telecinéticas")
    assert game.state.scene[t].carried == [w1, w2] and s in game.state.players[1].resources
    assert game.state.scene[j].carried == carried              # only that one card


def test_sr_fantastico_loads_from_the_resources_of_the_targets_owner() -> None:
    """Sr. Fantástico V1 (BSUM 28/100): "carregue o alvo com um card dos recursos de seu dono" -- "seu dono" is the
    owner of what is loaded, the target (the only thing the clause names that has an owner); it used to load from
    the user's own resources, then was reported; now it reads the target's owner
    (tests/test_corpus_s5_procedures_engine.py plays it)."""
    from cardscript.compiler.ir import Load, Ref

    d = corpus_card("BSUM 28/100")
    assert d.action is not None
    load = d.action.modes[0].procedures[0]
    assert isinstance(load, Load) and load.cards.of is not None and load.cards.of.ref is Ref.OWNER
    assert load.cards.of.of is not None and load.cards.of.of.ref is Ref.TARGET


def test_fera_v2_loads_an_ability_from_the_resources_and_unloads_a_card() -> None:
    """Fera V2 ((2014) BSMI 19/100): an ability card from the resources is loaded on Fera, then one card is
    unloaded from it: the ability is carried, the energy unchanged."""
    sabre = corpus_card("BSUM 81/100")
    game = match([corpus_card("(2014) BSMI 19/100"), sabre], a=Eager({"unload": [lambda d: [0]]}))
    f, s = card_of(game, 0, "Fera V2"), card_of(game, 0, "Sabre V1")
    enter(game, f, 3)
    game.move(s, Zone.RESOURCES)
    combat(game)
    use(game, f, "Turbilhão de Ideias")
    assert s in game.state.scene[f].carried and energy(game, f) == 3


# ---------------------------------------------------------------------------------------------------------------
# search, reveal, look, shuffle, put in scene


def test_exploracao_aerea_searches_loads_the_card_and_unloads_itself() -> None:
    """Exploração Aérea V1 ((2014) BSPO 97/100), carried: its controller searches the deck for a card, reveals it,
    loads it on the user, unloads the Exploração Aérea (to the resources) and shuffles the deck."""
    a = Eager({"search": [lambda d: [next(i for i, o in enumerate(d.options) if "Peso" in o)]],
               "choose": [lambda d: [next(i for i, o in enumerate(d.options) if "Peso" in o)]]})
    game = match([CARRIER, corpus_card("(2014) BSPO 97/100"), WEIGHT], a=a)
    p, ea, w = card_of(game, 0, "Portador V1"), card_of(game, 0, "Exploração Aérea V1"), card_of(game, 0, "Peso V1")
    enter(game, p, 2, carried=[ea])
    combat(game)
    use(game, p, "Exploração Aérea")
    assert w in game.state.scene[p].carried and ea in game.state.players[0].resources
    assert any(e["player"] == 0 for e in events(game, "shuffle"))
    assert any(w in (e.get("cards") or []) for e in events(game, "reveal"))


def test_sugestao_coletiva_puts_a_scenario_from_any_resources_in_the_scene() -> None:
    """Sugestão Coletiva V1 (BSET 96/100), carried (cost 2): a scenario card from any player's resources -- here
    the opponent's -- becomes the scenario in the scene."""
    game = match([CARRIER, corpus_card("BSET 96/100")], [corpus_card("(2014) BSPO 46/100")])
    p, sc, bu = card_of(game, 0, "Portador V1"), card_of(game, 0, "Sugestão Coletiva V1"), \
        card_of(game, 1, "Ben Urich Investiga V1")
    enter(game, p, 2, carried=[sc])
    game.move(bu, Zone.RESOURCES)
    game.state.scene[p].stage = 2
    combat(game)
    use(game, p, "Sugestão Coletiva")
    assert game.state.scenario == bu


def test_5_1_professor_x_once_per_turn_a_resource_to_the_bottom_and_the_top_to_the_resources() -> None:
    """Professor X V1 (BSUM 26/100): in its controller's Preparation Phase, once per turn, a card of the resources
    may go to the bottom of the deck; if so, the deck's top card goes to the resources."""
    game = match([corpus_card("BSUM 26/100"), WEIGHT])
    px, w = card_of(game, 0, "Professor X V1"), card_of(game, 0, "Peso V1")
    enter(game, px, 3)
    game.move(w, Zone.RESOURCES)
    at(game, "preparation")
    res_before = set(game.state.players[0].resources)
    top = game.state.players[0].deck[0]
    activate(game, px)
    assert game.state.players[0].deck[-1] in res_before
    assert top in game.state.players[0].resources
    assert not activatable(game, px)


def test_5_1_capitao_mar_vell_looks_at_the_top_and_may_put_it_in_the_resources() -> None:
    """Capitão Mar-Vell V1 ((2014) BSIC 12/100): in the Preparation Phase, once per turn, its controller looks at
    the deck's top card and puts it back on top or in the resources (here: the resources)."""
    a = Eager({"choose": [lambda d: [next((i for i, o in enumerate(d.options) if "recurso" in o.lower()
                                           or "resource" in o.lower()), len(d.options) - 1)]]})
    game = match([corpus_card("(2014) BSIC 12/100")], a=a)
    mv = card_of(game, 0, "Capitão Mar-Vell V1")
    enter(game, mv, 5)
    at(game, "preparation")
    top = game.state.players[0].deck[0]
    activate(game, mv)
    assert top in game.state.players[0].resources
    assert not activatable(game, mv)


def test_5_1_ultron_6_searches_the_resources_for_an_ultron() -> None:
    """Ultron-6 V1 ((2014) BSMI 46/100): in the Preparation Phase, once per turn, its controller takes a
    character card with alter ego Ultron (Ultron-5 V1, (2014) BSMI 45/100) from the resources, reveals it and
    puts it in the hand; another character there is not offered."""
    a = Eager()
    game = match([corpus_card("(2014) BSMI 46/100"), corpus_card("(2014) BSMI 45/100"), TARGET], a=a)
    u6, u5, t = card_of(game, 0, "Ultron-6 V1"), card_of(game, 0, "Ultron-5 V1"), card_of(game, 0, "Alvo V1")
    enter(game, u6, 6)
    game.move(u5, Zone.RESOURCES)
    game.move(t, Zone.RESOURCES)
    at(game, "preparation")
    activate(game, u6)
    assert u5 in game.state.players[0].hand and t in game.state.players[0].resources
    assert not any(game.name(t) in d.options for d in a.seen)
    assert not activatable(game, u6)


def test_5_2_nick_fury_entering_searches_up_to_three_agents() -> None:
    """Nick Fury V1 (BSUM 25/100): when it enters the scene, its controller searches the deck (or resources) for
    up to three character cards named Agente S.H.I.E.L.D. (BSUM 1/100), reveals them and puts them in the hand,
    then shuffles the deck; another card stays."""
    agent = corpus_card("BSUM 1/100")
    a = Eager({"search": [lambda d: [i for i, o in enumerate(d.options) if "Agente" in o][:3]],
               "choose": [lambda d: [i for i, o in enumerate(d.options) if "Agente" in o][:3]]})
    game = match([corpus_card("BSUM 25/100"), agent, agent, agent, WEIGHT], a=a)
    nf, w = card_of(game, 0, "Nick Fury V1"), card_of(game, 0, "Peso V1")
    agents = [card_of(game, 0, "Agente S.H.I.E.L.D. V1", i) for i in range(3)]
    enter(game, nf, 3)
    assert sorted(game.state.players[0].hand) == sorted(agents)
    assert w in game.state.players[0].deck
    assert any(e["player"] == 0 for e in events(game, "shuffle"))


# ---------------------------------------------------------------------------------------------------------------
# triggered effects (5.2)


def test_5_2_calmaria_draws_when_it_enters_and_when_it_leaves() -> None:
    """Calmaria V1 ((2014) BSPO 47/100): its controller draws a card when it enters the scene and another when it
    leaves (replaced by another scenario)."""
    game = match([corpus_card("(2014) BSPO 47/100"), corpus_card("(2014) BSPO 46/100")])
    c, bu = card_of(game, 0, "Calmaria V1"), card_of(game, 0, "Ben Urich Investiga V1")
    game.move(bu, Zone.RESOURCES)
    scenario(game, c)
    assert len(game.state.players[0].hand) == 1
    scenario(game, bu)
    assert len(game.state.players[0].hand) == 2 and c in game.state.players[0].resources


def test_5_2_aleksander_lukin_at_the_start_of_the_countdown_mills_one() -> None:
    """Aleksander Lukin V1 ((2014) BSIC 3/100): at the start of its controller's Countdown Phase, the deck's top
    card goes to the resources; not at the opponent's."""
    game = match([corpus_card("(2014) BSIC 3/100")])
    al = card_of(game, 0, "Aleksander Lukin V1")
    enter(game, al, 1)
    top = game.state.players[0].deck[0]
    step_starts(game, "countdown", None, turn_player=1)
    assert top in game.state.players[0].deck
    step_starts(game, "countdown", None, turn_player=0)
    assert top in game.state.players[0].resources


def test_5_2_aleksander_lukin_damage_becomes_0_while_you_control_a_villain() -> None:
    """Aleksander Lukin V1 ((2014) BSIC 3/100): while its controller controls a villain, damage to him becomes 0;
    without one, it is dealt."""
    hitter = char("Batedor", action=punch("Soco", 1))
    game = match([hitter, hitter], [corpus_card("(2014) BSIC 3/100"), VILLAIN])
    h1, h2 = card_of(game, 0, "Batedor V1", 0), card_of(game, 0, "Batedor V1", 1)
    al, v = card_of(game, 1, "Aleksander Lukin V1"), card_of(game, 1, "Bandido V1")
    enter(game, h1)
    enter(game, h2)
    enter(game, al, 2)
    game.agents[0].answers["target"] = [lambda d: [d.options.index(game.name(al))]] * 2  # type: ignore[attr-defined]
    combat(game)
    use(game, h1, "Soco")
    assert energy(game, al) == 1
    enter(game, v, 2)
    use(game, h2, "Soco")
    assert calcs(game)[-1]["amount"] == 0 and energy(game, al) == 1


def test_5_2_homem_radioativo_a_character_outside_mestres_do_terror_unloads_when_it_acts() -> None:
    """Homem Radioativo V1 ((2014) BSMI 26/100): whenever a character without the affiliation Mestres do Terror
    uses an action, its controller unloads a card from it; a Mestres do Terror character does not."""
    hitter = char("Batedor", action=punch("Soco", 1))
    master = char("Mestre", affiliations="Mestres do Terror", action=punch("Golpe", 1))
    game = match([hitter, master], [corpus_card("(2014) BSMI 26/100")])
    h, m, hr = card_of(game, 0, "Batedor V1"), card_of(game, 0, "Mestre V1"), card_of(game, 1, "Homem Radioativo V1")
    enter(game, h, 3)
    enter(game, m, 3)
    enter(game, hr, 5)
    combat(game)
    use(game, h, "Soco")
    assert energy(game, h) == 2
    use(game, m, "Golpe")
    assert energy(game, m) == 3


def test_5_2_groot_may_draw_when_using_its_action_with_another_guardian() -> None:
    """Groot V1 ((2014) BSMI 23/100): when it uses its action while its controller controls another Guardiões da
    Galáxia character, its controller may draw a card."""
    ally = char("Aliado", affiliations="Guardiões da Galáxia")
    game = match([corpus_card("(2014) BSMI 23/100"), ally], [TARGET])
    g, d, t = card_of(game, 0, "Groot V1"), card_of(game, 0, "Aliado V1"), card_of(game, 1, "Alvo V1")
    enter(game, g, 6)
    enter(game, d, 5)
    enter(game, t, 5)
    top = game.state.players[0].deck[0]
    combat(game)
    use(game, g, "Eu sou Groot")
    assert energy(game, t) == 2 and game.state.players[0].hand == [top]


def test_5_2_groot_alone_draws_nothing() -> None:
    game = match([corpus_card("(2014) BSMI 23/100")], [TARGET])
    g, t = card_of(game, 0, "Groot V1"), card_of(game, 1, "Alvo V1")
    enter(game, g, 6)
    enter(game, t, 5)
    combat(game)
    use(game, g, "Eu sou Groot")
    assert game.state.players[0].hand == []


def test_5_2_fanatico_v2_capacitates_at_the_start_of_its_attack_step() -> None:
    """Fanático V2 ((2014) BSMI 18/100): at the start of its controller's own Attack Step, if they control another
    character sharing an affiliation with it, it may be capacitated by one; not in the opponent's turn."""
    ally = char("Aliado", affiliations="Thunderbolts")
    game = match([corpus_card("(2014) BSMI 18/100"), ally])
    f, al = card_of(game, 0, "Fanático V2"), card_of(game, 0, "Aliado V1")
    enter(game, f, 6)
    enter(game, al)
    step_starts(game, "combat", "attack", turn_player=0)
    assert stage(game, f) == 2


def test_5_2_fanatico_v2_not_at_the_start_of_the_opponents_attack_step() -> None:
    """Fanático V2 ((2014) BSMI 18/100): its capacitation is for its controller's own Attack Step only."""
    ally = char("Aliado", affiliations="Thunderbolts")
    game = match([corpus_card("(2014) BSMI 18/100"), ally])
    f, al = card_of(game, 0, "Fanático V2"), card_of(game, 0, "Aliado V1")
    enter(game, f, 6)
    enter(game, al)
    step_starts(game, "combat", "attack", turn_player=1)
    assert stage(game, f) == 1


def test_5_2_mina_explosiva_a_character_entering_takes_1_piercing_and_the_mine_is_spent() -> None:
    """Mina Explosiva V1 ((2014) BSPO 43/100): when a character enters the scene, the mine's cards are all
    unloaded (destroying it) and the entering character takes 1 piercing damage (one card, its shield
    ignored)."""
    guard = char("Guarda", shield=2)
    game = match([corpus_card("(2014) BSPO 43/100")], [guard])
    mine, g = card_of(game, 0, "Mina Explosiva V1"), card_of(game, 1, "Guarda V1")
    enter(game, mine, 2)
    enter(game, g, 3)
    assert mine not in game.state.scene and zone(game, mine) == "resources"
    assert energy(game, g) == 2 and calcs(game)[-1]["piercing"]


def test_5_2_pulso_eletromagnetico_draws_and_damages_every_support() -> None:
    """Pulso Eletromagnético V1 ((2014) BSIC 63/100): entering, its controller draws a card and it deals 2 damage
    to each support -- the opponent's Mina Explosiva V1 ((2014) BSPO 43/100) loses two cards; characters are not
    hit."""
    game = match([corpus_card("(2014) BSIC 63/100"), TARGET], [corpus_card("(2014) BSPO 43/100")])
    pe, t, mine = card_of(game, 0, "Pulso Eletromagnético V1"), card_of(game, 0, "Alvo V1"), \
        card_of(game, 1, "Mina Explosiva V1")
    enter(game, t, 3)
    enter(game, mine, 3)
    scenario(game, pe)
    assert len(game.state.players[0].hand) == 1
    assert [c["amount"] for c in calcs(game) if c["card"] == mine] == [2]
    assert energy(game, mine) == 2 and energy(game, t) == 3                     # the mine's Escudo 1


def test_5_2_dominó_unloading_a_card_cancels_the_action_that_targets_it() -> None:
    """Dominó V1 ((2014) BSMI 16/100): when an action targets it, its controller may unload one of its cards; if
    so, that action has no effect (no damage)."""
    hitter = char("Batedor", action=punch("Soco", 3))
    game = match([hitter], [corpus_card("(2014) BSMI 16/100")])
    h, d = card_of(game, 0, "Batedor V1"), card_of(game, 1, "Dominó V1")
    enter(game, h)
    enter(game, d, 3)
    combat(game)
    use(game, h, "Soco")
    assert energy(game, d) == 2 and calcs(game) == []


def test_5_2_sentinela_kree_chooses_on_entry_and_adds_1_against_that_name() -> None:
    """Sentinela Kree V1 ((2014) BSIC 41/100): entering, it chooses a character an opponent controls; its action's
    damage to a character with that name or alter ego is 1 more; to another, unchanged."""
    a = Eager({"choose": [lambda d: [next(i for i, o in enumerate(d.options) if "Alvo" in o)]],
               "target": [lambda d: [next(i for i, o in enumerate(d.options) if "Alvo" in o)],
                          lambda d: [next(i for i, o in enumerate(d.options) if "Bandido" in o)]]})
    kree = corpus_card("(2014) BSIC 41/100")
    game = match([kree], [TARGET, VILLAIN], a=a)
    k1 = card_of(game, 0, "Sentinela Kree V1")
    t, v = card_of(game, 1, "Alvo V1"), card_of(game, 1, "Bandido V1")
    enter(game, t, 5)
    enter(game, v, 5)
    enter(game, k1, 3)
    combat(game)
    use(game, k1, "Projeteis Concussivos")
    assert dealt(game) == [(t, 3)]


# ---------------------------------------------------------------------------------------------------------------
# gaining and losing powers, affiliations, shields (5.6)


def test_5_6_ciclope_x_men_you_control_gain_1_shield() -> None:
    """Ciclope V1 (BSUM 4/100): the X-Men characters its controller controls (itself included) gain Escudo +1;
    another affiliation's, or the opponent's X-Men, do not."""
    xman = char("Mutante", affiliations="X-Men")
    game = match([corpus_card("BSUM 4/100"), xman, TARGET], [xman])
    c, x, t, ox = card_of(game, 0, "Ciclope V1"), card_of(game, 0, "Mutante V1"), card_of(game, 0, "Alvo V1"), \
        card_of(game, 1, "Mutante V1")
    for k in (c, x, t, ox):
        enter(game, k)
    assert (shield_of(game, c), shield_of(game, x), shield_of(game, t), shield_of(game, ox)) == (1, 1, 0, 0)


def test_5_6_sabre_gives_its_carrier_blades() -> None:
    """Sabre V1 (BSUM 81/100): its carrier gains {LA}, so a character with only {SF} can use the Sabre's {LA}
    action (1 damage); without a Sabre, a {LA} action of its own is not usable."""
    lutador = char("Lutador", action=punch("Corte", 1, "Lâminas"))
    game = match([lutador, lutador, corpus_card("BSUM 81/100")], [TARGET])
    l1, l2, s, t = card_of(game, 0, "Lutador V1", 0), card_of(game, 0, "Lutador V1", 1), card_of(game, 0, "Sabre V1"), \
        card_of(game, 1, "Alvo V1")
    enter(game, l1, 1, carried=[s])
    enter(game, l2, 2)
    enter(game, t, 4)
    combat(game)
    assert not usable(game, l2, "Corte") and usable(game, l1, "Corte")
    use(game, l1, "Sabre")
    assert dealt(game) == [(t, 1)]


def test_5_6_hulk_v1_at_energy_1_has_shield_0_and_no_powers() -> None:
    """Hulk V1 (BSUM 20/100): carrying exactly one card, its shield is 0 and it loses its powers, so it cannot use
    its {SF} action; carrying two, Escudo 3 and the action is usable."""
    game = match([corpus_card("BSUM 20/100")], [TARGET])
    h, t = card_of(game, 0, "Hulk V1"), card_of(game, 1, "Alvo V1")
    enter(game, h, 1)
    enter(game, t, 5)
    combat(game)
    assert shield_of(game, h) == 0 and not usable(game, h, "Hulk Esmaga")
    w = fillers(game, 0)[0]
    game.move(w, Zone.RESOURCES)
    game.load(w, h)
    assert shield_of(game, h) == 3 and usable(game, h, "Hulk Esmaga")


# ---------------------------------------------------------------------------------------------------------------
# restrictions (5.5)


def test_5_5_fanatico_v1_cannot_be_the_target_of_telekinesis_actions() -> None:
    """Fanático V1 (BSUM 14/100): it is not offered as a target of a {TE} (Telepatia) action (Professor X V1,
    BSUM 26/100); another character is."""
    a = Eager()
    game = match([corpus_card("BSUM 26/100")], [corpus_card("BSUM 14/100"), TARGET], a=a)
    f, fa, t = card_of(game, 0, "Professor X V1"), card_of(game, 1, "Fanático V1"), card_of(game, 1, "Alvo V1")
    enter(game, f, 3)
    enter(game, fa, 6)
    enter(game, t, 2)
    combat(game)
    use(game, f, "Controlar a Mente")
    (choice,) = [d for d in a.seen if d.kind == "target"]
    assert game.name(fa) not in choice.options and game.name(t) in choice.options
    assert fa in game.state.scene


def test_5_5_vespa_discards_to_capacitate_once_per_turn_and_cannot_be_targeted_at_stage_0() -> None:
    """Vespa V1 ((2014) BSIC 47/100): in the Preparation Phase, once per turn, its controller may discard a card to
    capacitate it by one; at stage 0 it cannot be the target of actions that deal piercing damage."""
    hitter = char("Batedor", action="Ação: Soco\n  Custo: {0}\n  Poder: Super Força\n"
                                    "  Soco causa 1 ponto de dano penetrante no alvo.\n")
    b = Eager()
    game = match([corpus_card("(2014) BSIC 47/100")], [hitter], b=b)
    v, h = card_of(game, 0, "Vespa V1"), card_of(game, 1, "Batedor V1")
    enter(game, v, 3)
    enter(game, h, 5)
    game.state.scene[v].stage = 0
    combat(game, 1)
    use(game, h, "Soco")
    assert game.name(v) not in [d for d in b.seen if d.kind == "target"][-1].options
    (discarded,) = game.draw(0, 1)
    at(game, "preparation")
    activate(game, v)
    assert discarded in game.state.players[0].resources and stage(game, v) == 1
    assert not activatable(game, v)
    game.state.scene[h].actions_used.clear()
    combat(game, 1)
    use(game, h, "Soco")
    assert game.name(v) in [d for d in b.seen if d.kind == "target"][-1].options


def test_5_5_destruidor_cannot_be_capacitated_without_a_named_ally() -> None:
    """Destruidor V1 ((2014) BSIC 16/100): while its controller controls no character named Galactus, Odin, Thor
    or Loki, it cannot be capacitated: the Preparation Phase offers no basic capacitation for it, but does for an
    ordinary character."""
    game = match([corpus_card("(2014) BSIC 16/100"), TARGET])
    d, t = card_of(game, 0, "Destruidor V1"), card_of(game, 0, "Alvo V1")
    enter(game, d, 5)
    enter(game, t, 2)
    game.state.scene[d].stage = 0
    game.state.scene[t].stage = 0
    game.draw(0, 3)
    at(game, "preparation")
    labels = [p.label for p in game.eng.preparation_plays(0)]
    assert any(x.startswith(f"basic capacitation of {game.name(t)}") for x in labels)
    assert not any(x.startswith(f"basic capacitation of {game.name(d)}") for x in labels)


def test_5_5_esconderijo_secreto_the_chosen_villain_cannot_be_targeted() -> None:
    """Esconderijo Secreto V1 (BSUM 37/100): entering, it chooses a villain its controller controls; that character
    cannot be the target of actions (an opponent's action is not offered it)."""
    hitter = char("Batedor", action=punch("Soco", 1))
    b = Eager()
    game = match([hitter], [corpus_card("BSUM 37/100"), VILLAIN, TARGET], b=Eager(), a=b)
    h, es, v, t = card_of(game, 0, "Batedor V1"), card_of(game, 1, "Esconderijo Secreto V1"), \
        card_of(game, 1, "Bandido V1"), card_of(game, 1, "Alvo V1")
    enter(game, h)
    enter(game, v, 3)
    enter(game, t, 3)
    enter(game, es, 3)
    combat(game)
    use(game, h, "Soco")
    (choice,) = [d for d in b.seen if d.kind == "target"]
    assert game.name(v) not in choice.options and game.name(t) in choice.options


# ---------------------------------------------------------------------------------------------------------------
# the draw phase (6.2)


def test_6_2_sucessao_de_eventos_every_player_draws_one_more_in_the_draw_phase() -> None:
    """Sucessão de Eventos V1 (BSUM 53/100): entering, its controller draws a card; in each player's Draw Phase
    that player draws one card more than usual."""
    game = match([corpus_card("BSUM 53/100")])
    se = card_of(game, 0, "Sucessão de Eventos V1")
    scenario(game, se)
    assert len(game.state.players[0].hand) == 1
    at(game, "draw", None, 1)
    game.eng.draw_phase(1)
    game.eng.tree.resolve()
    plain = match([])
    at(plain, "draw", None, 1)
    plain.eng.draw_phase(1)
    assert len(game.state.players[1].hand) == len(plain.state.players[1].hand) + 1

