"""Corpus cards of the session-6 "rules" cluster played on the engine: effects that change what the rules allow
(action types and costs, the Countdown Phase, ...). Card texts are compiled from ../shared/corpus at test time."""

from __future__ import annotations

from cardscript.games.battle_scenes.runtime.continuous import end_of_turn
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.queries import action_cost, action_types
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import (
    activatable,
    activate,
    at,
    card_of,
    corpus_card,
    energy,
    enter,
    fillers,
    match,
    require_corpus,
    scenario,
    shield_of,
    stage,
    usable,
    use,
    zone,
)
from tests.engine_helpers import card, punch
from tests.engine_helpers import own_character as char

require_corpus()


def test_tia_may_spider_man_actions_cost_2_and_are_antecipar_and_from_the_prizes_she_strikes_back() -> None:
    """Tia May V1 ((2014) BSPO 37/100): in the scene, every action of a character named Homem-Aranha you control
    has cost {2} and is an Ação de Antecipar; while she is in your opponents' prizes (her owner's prize pile,
    golden rule D), when an opponent's character uses an action targeting your Homem-Aranha you may incapacitate
    that Homem-Aranha by {1}, and if you do it deals 2 damage to the character that used the action."""
    spider = char("Homem-Aranha", action=punch("Teia", cost=0))
    foe = char("Vilão", shield=0, action=punch("Soco", amount=1))
    game = match([corpus_card("(2014) BSPO 37/100"), spider], [foe])
    may, hero = card_of(game, 0, "Tia May V1"), card_of(game, 0, "Homem-Aranha V1")
    villain = card_of(game, 1, "Vilão V1")
    enter(game, hero, 3)
    web = game.cards[hero].action
    assert web is not None and action_cost(game, web, user=hero, holder=hero) == 0
    enter(game, may, 1)
    assert action_cost(game, web, user=hero, holder=hero) == 2 and action_types(game, hero, web) == (True, False)
    game.knock_out(may)
    assert may in game.state.players[0].prizes
    assert action_cost(game, web, user=hero, holder=hero) == 0      # no longer in the scene
    enter(game, villain, 3)
    game.state.scene[hero].stage = 2
    at(game, "combat", "attack", turn_player=1)
    use(game, villain, "Soco")
    game.eng.tree.resolve()
    assert stage(game, hero) == 1                                     # incapacitated by {1}
    assert energy(game, villain) == 3 - 2                             # Homem-Aranha dealt it 2 damage


def _placed(game: Match, player: int) -> int:
    before = len(game.state.players[player].resources)
    game.eng.countdown(player)
    return len(game.state.players[player].resources) - before


def test_harpia_places_in_her_countdown_as_if_she_controlled_no_character() -> None:
    """Harpia V1 ((2014) BSIC 23/100): while you control only S.H.I.E.L.D. characters, you may put cards from the
    top of your deck into your resources in your own Fase de Contagem Regressiva as if you controlled no character
    (6.2 A: 1 + one per opposing character + one per card in the opponent's prizes)."""
    game = match([corpus_card("(2014) BSIC 23/100"), char("Agente", affiliations="S.H.I.E.L.D."), char("Civil")],
                 [char("Rival")])
    enter(game, card_of(game, 0, "Harpia V1"), 2)
    enter(game, card_of(game, 0, "Agente V1"), 2)
    enter(game, card_of(game, 1, "Rival V1"), 2)
    game.move(fillers(game, 0)[0], Zone.PRIZES)              # a card of hers the opponent scored (4.9.1)
    game.move(fillers(game, 1)[0], Zone.PRIZES)              # one she scored: not in the opponent's prizes
    assert _placed(game, 0) == 1 + 1 + 1
    assert _placed(game, 1) == 0                              # the opponent controls a character: no placing
    enter(game, card_of(game, 0, "Civil V1"), 2)              # not only S.H.I.E.L.D. characters any more
    assert _placed(game, 0) == 0


def test_camaleao_places_while_the_others_control_no_character_and_he_only_sexteto_sinistro() -> None:
    """Camaleão V1 ((2014) BSMI 8/100): while the other players control no characters and you control only Sexteto
    Sinistro characters, you may place cards in your own countdown as if you controlled no character."""
    game = match([corpus_card("(2014) BSMI 8/100"), char("Abutre", affiliations="Sexteto Sinistro")],
                 [char("Rival")])
    enter(game, card_of(game, 0, "Camaleão V1"), 2)
    enter(game, card_of(game, 0, "Abutre V1"), 2)
    assert _placed(game, 0) == 1                              # no opposing character, no prizes
    enter(game, card_of(game, 1, "Rival V1"), 2)
    assert _placed(game, 0) == 0                              # the opponent controls a character now


def test_desatomizar_the_target_opponents_next_countdown_is_done_as_if_they_had_no_character() -> None:
    """Desatomizar V1 (BSUM 89/100): the target opponent's next Fase de Contagem Regressiva is done as if that
    player had no character in the scene (6.2 A): they place 1 + one per character of yours, that once only."""
    psychic = char("Telecinético", powers="Telecinesia")
    game = match([psychic, corpus_card("BSUM 89/100")], [char("Rival")])
    user, skill = card_of(game, 0, "Telecinético V1"), card_of(game, 0, "Desatomizar V1")
    enter(game, user, 2, carried=[skill])
    game.state.scene[user].stage = 2
    enter(game, card_of(game, 1, "Rival V1"), 2)
    assert _placed(game, 1) == 0
    at(game, "combat", "attack")
    use(game, user, "Desatomizar")
    game.eng.tree.resolve()
    assert _placed(game, 0) == 0                              # not the user's own
    assert _placed(game, 1) == 1 + 1                          # as if: 1 + the opponent's (player 0's) character
    assert _placed(game, 1) == 0                              # spent


def test_maquina_diabolica_needs_a_villain_and_makes_the_opponents_countdown_as_if_they_had_no_character() -> None:
    """Máquina Diabólica V1 (BSUM 40/100), a support: it can be put into the scene only if you control a villain
    (4.4.2); while it is there, your opponents do their Fase de Contagem Regressiva as if they had no character in
    the scene (6.2 A)."""
    game = match([corpus_card("BSUM 40/100"), char("Capanga", alignment="Vilão")], [char("Rival")])
    machine, villain = card_of(game, 0, "Máquina Diabólica V1"), card_of(game, 0, "Capanga V1")
    rival = card_of(game, 1, "Rival V1")
    for c in fillers(game, 0)[:10]:                           # its Energia Inicial (7) in the resources
        game.move(c, Zone.RESOURCES)
    game.move(machine, Zone.HAND)
    assert not game.eng.can_place(0, machine)                 # no villain
    enter(game, villain, 2)
    assert game.eng.can_place(0, machine)
    enter(game, rival, 2)
    assert _placed(game, 1) == 0
    enter(game, machine, 1)
    assert _placed(game, 1) == 1 + 1                          # as if: 1 + your character (the support is not one)
    assert _placed(game, 0) == 0                              # not yours


def test_tentaculos_alados_with_a_flyer_uses_every_option_in_order() -> None:
    """Tentáculos Alados V1 ((2014) BSIC 76/100): if you control a character with {VO}, you may use every effect of
    the action instead of one (4.6.2 B): the target gains Escudo -1 until the end of the turn, then takes 1 damage,
    then is incapacitated by {1}. Without a {VO} character, one option only."""
    stretchy = char("Elástico", powers="Elasticidade, Voo")
    game = match([stretchy, corpus_card("(2014) BSIC 76/100")], [char("Alvo", shield=1)])
    user, skill = card_of(game, 0, "Elástico V1"), card_of(game, 0, "Tentáculos Alados V1")
    target = card_of(game, 1, "Alvo V1")
    enter(game, user, 2, carried=[skill])
    game.state.scene[user].stage = 2
    enter(game, target, 3)
    game.state.scene[target].stage = 2
    at(game, "combat", "attack")
    use(game, user, "Tentáculos Alados")
    game.eng.tree.resolve()
    assert shield_of(game, target) == 0 and energy(game, target) == 3 - 1 and stage(game, target) == 1
    game = match([char("Elástico", powers="Elasticidade"), corpus_card("(2014) BSIC 76/100")],
                 [char("Alvo", shield=1)])
    user, skill = card_of(game, 0, "Elástico V1"), card_of(game, 0, "Tentáculos Alados V1")
    target = card_of(game, 1, "Alvo V1")
    enter(game, user, 2, carried=[skill])
    game.state.scene[user].stage = 2
    enter(game, target, 3)
    game.state.scene[target].stage = 2
    at(game, "combat", "attack")
    use(game, user, "Tentáculos Alados")
    game.eng.tree.resolve()
    assert (shield_of(game, target), energy(game, target), stage(game, target)) == (0, 3, 2)   # the first option


def test_impetuosidade_actions_become_imprevistas_and_one_used_in_preparation_knocks_its_user_out_first() -> None:
    """Impetuosidade V1 ((2015) BSIV 66/100), a scenario: the actions of your characters in the scene since the
    start of the turn become Ações Imprevistas (so usable in the Fase de Preparação, 6.2 C.6); when one of your
    characters uses an action in your Fase de Preparação, it is knocked out (its cards unloaded, it goes to the
    opponents' prizes) and then Impetuosidade goes to its owner's resources -- before the action's effect, which
    still resolves."""
    hasty = char("Apressado", action=punch("Investida", amount=2))
    game = match([corpus_card("(2015) BSIV 66/100"), hasty], [char("Alvo")])
    scen, user, target = card_of(game, 0, "Impetuosidade V1"), card_of(game, 0, "Apressado V1"), card_of(game, 1,
                                                                                                       "Alvo V1")
    enter(game, user, 2)
    enter(game, target, 3)
    scenario(game, scen)
    assert usable(game, user, "Investida", "preparation")
    at(game, "preparation")
    use(game, user, "Investida", "preparation")
    game.eng.tree.resolve()
    assert user in game.state.players[0].prizes and zone(game, scen) == str(Zone.RESOURCES)
    assert energy(game, target) == 3 - 2                      # the action's effect after


CROWBAR = card("""Habilidade: Pé-de-Cabra Encantado V1
Poder: Super Força
""")


def test_destruidor_gains_liderar_while_you_control_two_wrecking_crew_and_summons_the_crowbar() -> None:
    """Destruidor V1 ((2014) BSIC 17/100): while you control two or more characters with the affiliation Gangue da
    Demolição, he gains Liderar {1} - afiliação Gangue da Demolição (rules 7: once per turn, in your Fase de
    Preparação, you may capacitate by {1} a character of that affiliation you control); Invocar Pé-de-Cabra
    searches your hand, deck, resources or the cards you control in the scene for a Pé-de-Cabra Encantado, reveals
    it, loads it onto him, and the deck is shuffled if it was searched."""
    game = match([corpus_card("(2014) BSIC 17/100"), char("Demolidor", affiliations="Gangue da Demolição"),
                  CROWBAR], [char("Rival")])
    d, mate = card_of(game, 0, "Destruidor V1"), card_of(game, 0, "Demolidor V1")
    crowbar = card_of(game, 0, "Pé-de-Cabra Encantado V1")
    enter(game, d, 5)
    at(game, "preparation")
    assert not activatable(game, d)                           # only one Gangue da Demolição character
    enter(game, mate, 2)
    game.state.scene[mate].stage = 0
    assert activatable(game, d)
    game.agents[0].answers["target"] = [lambda dec: [dec.options.index(game.name(mate))]]
    activate(game, d)
    assert stage(game, mate) == 1                             # capacitated by {1}
    assert not activatable(game, d)                           # once per turn
    assert crowbar in game.state.players[0].deck
    at(game, "combat", "attack")
    use(game, d, "Invocar Pé-de-Cabra")
    game.eng.tree.resolve()
    assert crowbar in game.state.scene[d].carried


def test_avante_vingadores_lets_avengers_use_carried_ability_cards_without_their_powers() -> None:
    """Avante, Vingadores! V1 (BSUM 43/100), a scenario: while you control a character named Capitão América, each
    Vingadores character you control may use the actions of the ability cards it carries even without those
    actions' powers (4.6.2 C.2 waived); others still need them."""
    magic = card("""Habilidade: Raio Místico V1
Poder: Magia

Ação: Raio Místico
  Custo: {0}
  Poder: Magia
  Raio Místico causa 1 ponto de dano no alvo.
""")
    game = match([corpus_card("BSUM 43/100"), char("Gavião", affiliations="Vingadores"), char("Capitão América"),
                  char("Civil"), magic, magic], [char("Alvo")])
    hawk, cap, civ = card_of(game, 0, "Gavião V1"), card_of(game, 0, "Capitão América V1"), card_of(game, 0, "Civil V1")
    enter(game, hawk, 2, carried=[card_of(game, 0, "Raio Místico V1", 0)])
    enter(game, civ, 2, carried=[card_of(game, 0, "Raio Místico V1", 1)])
    enter(game, card_of(game, 1, "Alvo V1"), 3)
    scenario(game, card_of(game, 0, "Avante, Vingadores! V1"))
    at(game, "combat", "attack")
    assert not usable(game, hawk, "Raio Místico")              # no Capitão América yet
    enter(game, cap, 2)
    assert usable(game, hawk, "Raio Místico") and not usable(game, civ, "Raio Místico")


def test_gerador_de_raios_gama_a_permission_until_the_end_of_the_turn_works_for_the_turn() -> None:
    """Gerador de Raios Gama V1 ((2014) BSIC 50/100): once per turn in your Fase de Preparação you may unload a card
    of it; if you do, choose a character you control: until the end of the turn it may use the action Força Gama
    (a permission a resolving effect creates: a generated static for the turn, 5.7 A.2.1 / B)."""
    hulk = char("Gigante", powers="Super Força, Genialidade")
    game = match([corpus_card("(2014) BSIC 50/100"), hulk], [char("Alvo")])
    sup, h = card_of(game, 0, "Gerador de Raios Gama V1"), card_of(game, 0, "Gigante V1")
    enter(game, h, 2)
    enter(game, card_of(game, 1, "Alvo V1"), 3)
    game.state.scene[h].stage = 2
    enter(game, sup, 3)                                       # (its entry: Gigante incapacitated by {1})
    at(game, "combat", "attack")
    assert not usable(game, h, "Força Gama")
    at(game, "preparation")
    activate(game, sup)
    assert energy(game, sup) == 2
    at(game, "combat", "attack")
    assert usable(game, h, "Força Gama")
    end_of_turn(game)
    game.state.turn += 1
    assert not usable(game, h, "Força Gama")


def test_selene_entering_lets_you_place_a_same_alter_ego_character_until_the_end_of_the_turn() -> None:
    """Selene V1 ((2015) BSIV 41/100): when she enters the scene, until the end of the turn you may put into the scene
    a character with the same alter ego as another Irmandade de Mutantes or Clube do Inferno character you control
    (4.4.2.1 A.4b lifted for it, the placing's costs as usual) -- not one sharing the alter ego of a character of
    other affiliations."""
    mystique = char("Metamorfa", alter_ego="Raven", affiliations="Irmandade de Mutantes")
    twin = char("Sombra Azul", alter_ego="Raven")
    loner = char("Solitário", alter_ego="Logan")
    loner2 = char("Lobo", alter_ego="Logan")
    game = match([corpus_card("(2015) BSIV 41/100"), mystique, twin, loner, loner2], [char("Rival")])
    selene, m = card_of(game, 0, "Selene V1"), card_of(game, 0, "Metamorfa V1")
    t, lo, lo2 = (card_of(game, 0, n) for n in ("Sombra Azul V1", "Solitário V1", "Lobo V1"))
    enter(game, m, 2)
    enter(game, lo, 2)
    for c in (t, lo2):
        game.move(c, Zone.HAND)
    for c in fillers(game, 0)[:8]:
        game.move(c, Zone.RESOURCES)
    assert not game.eng.can_place(0, t)
    game.move(selene, Zone.RESOURCES)
    game.enter_scene(selene, 0, [c for c in game.state.players[0].resources if c != selene][:4])   # this turn
    game.eng.tree.resolve()
    assert game.eng.can_place(0, t)                           # Raven, as Metamorfa (Irmandade de Mutantes)
    assert not game.eng.can_place(0, lo2)                     # Logan: Solitário has neither affiliation
    end_of_turn(game)
    game.state.turn += 1
    assert not game.eng.can_place(0, t)


def test_arnim_zola_capacitates_on_a_hydra_lookalike_and_his_action_allows_a_second_of_a_name() -> None:
    """Arnim Zola V1 ((2014) BSMI 4/100): each time you put into the scene a character with the name or alter ego of
    a H.I.D.R.A. character already in the scene, you may capacitate him by {1}; Técnica de Clonagem: this turn you
    may put into the scene a character with the same name or alter ego as one in the scene (4.4.2.1 A.4 lifted)."""
    soldier = char("Soldado", alter_ego="João", affiliations="H.I.D.R.A.")
    clone = char("Clone", alter_ego="João")
    game = match([corpus_card("(2014) BSMI 4/100"), soldier, clone], [char("Rival")])
    arnim, s, c = card_of(game, 0, "Arnim Zola V1"), card_of(game, 0, "Soldado V1"), card_of(game, 0, "Clone V1")
    enter(game, arnim, 3)
    enter(game, s, 2)
    game.state.scene[arnim].stage = 2
    game.move(c, Zone.HAND)
    for f in fillers(game, 0)[:10]:
        game.move(f, Zone.RESOURCES)
    assert not game.eng.can_place(0, c)                       # João is in the scene under your control
    at(game, "combat", "attack")
    use(game, arnim, "Técnica de Clonagem")
    game.eng.tree.resolve()
    assert stage(game, arnim) == 0 and game.eng.can_place(0, c)
    at(game, "preparation")
    game.eng.place(0, c)
    game.eng.tree.resolve()
    assert c in game.state.scene and stage(game, arnim) == 1  # João, as the H.I.D.R.A. Soldado: capacitated


def test_forca_enigma_while_outnumbered_capitao_universo_evolves_from_any_character() -> None:
    """Força Enigma V1 ((2015) BSIV 64/100), a scenario: while you control fewer characters than an opponent, the
    Evolução requirement for you to put a Personagem-EV named Capitão Universo into the scene is any character
    instead of a non-villain one (4.4.2.2 A.2a)."""
    villain = char("Vilão", alignment="Vilão")
    game = match([corpus_card("(2015) BSIV 64/100"), corpus_card("(2015) BSIV 2/100"), villain],
                 [char("Rival"), char("Rival2")])
    scen, cu, v = card_of(game, 0, "Força Enigma V1"), card_of(game, 0, "Capitão Universo V1"), card_of(game, 0,
                                                                                                      "Vilão V1")
    enter(game, v, 2)
    game.move(cu, Zone.HAND)
    for f in fillers(game, 0)[:6]:
        game.move(f, Zone.RESOURCES)
    assert not game.eng.evolution_bases(0, cu)                # a villain is not a "Personagem não vilão"
    scenario(game, scen)
    assert not game.eng.evolution_bases(0, cu)                # you do not control fewer characters yet
    enter(game, card_of(game, 1, "Rival V1"), 2)
    enter(game, card_of(game, 1, "Rival2 V1"), 2)
    assert [b.card for b in game.eng.evolution_bases(0, cu)] == [v]


def test_rocha_lunar_the_chosen_character_cannot_use_actions_costing_her_stage_this_turn() -> None:
    """Rocha Lunar V1 ((2014) BSMI 40/100): once per turn in your Fase de Preparação you may choose a character in
    the scene; until the end of the turn it cannot use an action whose cost equals the stage Rocha Lunar is at --
    read while it lasts (her stage now, not when chosen)."""
    foe = char("Rival", action=punch("Soco", cost=1))
    game = match([corpus_card("(2014) BSMI 40/100")], [foe, char("Alvo")])
    moon, rival = card_of(game, 0, "Rocha Lunar V1"), card_of(game, 1, "Rival V1")
    enter(game, moon, 2)
    enter(game, rival, 3)
    enter(game, card_of(game, 1, "Alvo V1"), 3)
    game.state.scene[moon].stage = 1
    game.state.scene[rival].stage = 2
    at(game, "combat", "attack", turn_player=1)
    assert usable(game, rival, "Soco")
    at(game, "preparation")
    game.agents[0].answers["choose"] = [lambda d: [d.options.index(game.name(rival))]]
    activate(game, moon)
    at(game, "combat", "attack", turn_player=1)
    assert not usable(game, rival, "Soco")                    # cost {1}, Rocha Lunar at stage 1
    game.state.scene[moon].stage = 2
    assert usable(game, rival, "Soco")                        # now at stage 2
    game.state.scene[moon].stage = 1
    end_of_turn(game)
    game.state.turn += 1
    assert usable(game, rival, "Soco")


def test_surgir_das_sombras_deals_2_if_it_was_loaded_onto_its_user_this_turn() -> None:
    """Surgir das Sombras V1 ((2015) BSOS 72/100): 1 damage to the target, or 2 damage (to it: the destination
    left out after "ou") if this card was loaded onto this character this turn (Antecipação-Surpresa loads it in
    the opponent's turn); loaded in an earlier turn, the second option does nothing."""
    for this_turn, expected in ((True, 3 - 2), (False, 3)):
        game = match([char("Sorrateiro", powers="Agilidade"), corpus_card("(2015) BSOS 72/100")], [char("Alvo")])
        user, skill = card_of(game, 0, "Sorrateiro V1"), card_of(game, 0, "Surgir Das Sombras V1")
        target = card_of(game, 1, "Alvo V1")
        enter(game, user, 2)
        enter(game, target, 3)
        game.move(skill, Zone.RESOURCES)
        game.load(skill, user)
        if not this_turn:
            end_of_turn(game)
            game.state.turn += 1
        game.state.scene[user].stage = 2
        game.agents[0].answers["mode"] = [lambda d: [1]]
        at(game, "combat", "attack")
        use(game, user, "Surgir Das Sombras")
        game.eng.tree.resolve()
        assert energy(game, target) == expected
