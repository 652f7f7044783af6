"""Corpus cards whose noun-phrase modifiers now lower (session 5, cluster "words"), played on the engine with
assertions on what their text says happens. Cards are read from the development corpora at test time
(``tests/corpus_play.py``); the module is skipped without them. The docstrings describe each behaviour in our own
words and cite the card by name and printed code."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef
from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import (
    Eager,
    activate,
    at,
    card_of,
    corpus_card,
    enter,
    match,
    require_corpus,
    scenario,
    usable,
    use,
)
from tests.engine_helpers import card, own_character, pick

require_corpus()

PLANT = card("Habilidade: Raiz V1\nPoder: Elasticidade\n")
PUNCH = card("Habilidade: Murro V1\nPoder: Super Força\n")
RANGED = card("Habilidade: Mira V1\nPoder: Ataque a Distância\n")
FLIGHT = card("Habilidade: Asas V1\nPoder: Voo\n")


def _all(decision: Decision) -> list[int]:
    return list(range(min(decision.maximum, len(decision.options))))


def _stranger_if_offered(decision: Decision) -> list[int]:
    """Take the Vingadores character whenever it is a candidate (it must never be)."""
    return [next((i for i, o in enumerate(decision.options) if o.startswith("Estranho")), 0)]


def _klara(loaded: CardDef) -> tuple[Match, int, int, int]:
    foe = own_character("Rival", affiliations="Vingadores")
    game = match([corpus_card("(2015) BSOS 28/100"), loaded], [foe, PUNCH])
    k, rival, carried = card_of(game, 0, "Klara Prast V1"), card_of(game, 1, "Rival V1"), card_of(game, 1, "Murro V1")
    enter(game, k, 1)
    enter(game, rival, 1, carried=[carried])
    game.move(card_of(game, 0, loaded.title), Zone.RESOURCES)
    at(game, "combat", "anticipation", turn_player=1)
    use(game, k, "Falando com as Plantas", window="anticipation")
    return game, k, rival, carried


def test_klara_prast_unloads_an_ability_when_the_card_loaded_was_of_elasticidade() -> None:
    """Klara Prast V1 (BSOS 28/100), Falando com as Plantas: an ability of her resources is loaded on a Fugitivos
    character (she is the only one); that card being of {EL}, she may unload an ability from a character without
    the Fugitivos affiliation -- the rival's punch goes to its owner's resources."""
    game, k, rival, carried = _klara(PLANT)
    assert card_of(game, 0, "Raiz V1") in game.state.scene[k].carried
    assert carried not in game.state.scene[rival].carried
    assert carried in game.state.players[1].resources


def test_klara_prast_unloads_nothing_when_the_card_loaded_was_of_another_power() -> None:
    """The card loaded is of {SF}: the condition fails, the rival keeps its ability."""
    game, k, rival, carried = _klara(PUNCH)
    assert card_of(game, 0, "Murro V1") in game.state.scene[k].carried
    assert carried in game.state.scene[rival].carried


def test_cammi_loads_an_ad_ability_and_unloads_a_card_that_is_not_one() -> None:
    """Cammi V1 (BSGC 7/100): once per turn in her preparation phase she loads an ability of {AD} from her
    resources; then a card she carries that is not an ability of {AD} is unloaded -- the ability of {VO}, never
    one of the {AD} abilities."""
    game = match([corpus_card("(2016) BSGC 7/100"), RANGED, RANGED, FLIGHT])
    c = card_of(game, 0, "Cammi V1")
    first, second, wings = card_of(game, 0, "Mira V1", 0), card_of(game, 0, "Mira V1", 1), card_of(game, 0, "Asas V1")
    enter(game, c, 0, carried=[first, wings])
    game.move(second, Zone.RESOURCES)
    at(game, "preparation", None, 0)
    activate(game, c)
    assert sorted(game.state.scene[c].carried) == sorted([first, second])
    assert wings in game.state.players[0].resources


def test_cura_rapida_loads_up_to_three_cards_not_named_cura_rapida() -> None:
    """Cura Rápida V1 (BSUM 84/100): unloaded as the cost, it goes to the resources -- and the three cards loaded
    from there are others, never a card named Cura Rápida."""
    healer = own_character("Curandeiro", powers="Regeneração", ie=3)
    game = match([healer, corpus_card("BSUM 84/100"), corpus_card("BSUM 84/100")], a=Eager({"load": [_all]}))
    h, heal, spare = card_of(game, 0, "Curandeiro V1"), card_of(game, 0, "Cura Rápida V1", 0), \
        card_of(game, 0, "Cura Rápida V1", 1)
    enter(game, h, 1, carried=[heal])
    game.move(spare, Zone.RESOURCES)
    for filler in [c for c in game.state.players[0].deck if game.cards[c].title == "Filler V1"][:3]:
        game.move(filler, Zone.RESOURCES)
    at(game, "combat", "attack")
    before = len(game.state.scene[h].carried)
    use(game, h, "Cura Rápida")
    carried = game.state.scene[h].carried
    assert heal not in carried and spare not in carried and heal in game.state.players[0].resources
    assert len(carried) == before - 1 + 3


def test_arsenal_privado_loads_onto_another_character_sharing_an_affiliation() -> None:
    """Arsenal Privado V1 (BSAQ 79/112): an ability of {AD} from the resources may be loaded on another character
    you control with an affiliation in common with the user -- the X-Men ally, not the Vingadores one."""
    user = own_character("Atirador", powers="Ataque a Distância", affiliations="X-Men")
    friend = own_character("Amigo", affiliations="X-Men, Fugitivos")
    stranger = own_character("Estranho", affiliations="Vingadores")
    game = match([user, friend, stranger, corpus_card("(2016) BSAQ 79/112"), RANGED],
                 a=Eager({"target": [_stranger_if_offered]}))
    u, f, s = card_of(game, 0, "Atirador V1"), card_of(game, 0, "Amigo V1"), card_of(game, 0, "Estranho V1")
    enter(game, u, 1, carried=[card_of(game, 0, "Arsenal Privado V1")])
    enter(game, f, 1)
    enter(game, s, 1)
    game.move(card_of(game, 0, "Mira V1"), Zone.RESOURCES)
    at(game, "combat", "attack")
    use(game, u, "Arsenal Privado")
    assert card_of(game, 0, "Mira V1") in game.state.scene[f].carried
    assert len(game.state.scene[s].carried) == 1


def test_medusa_capacitates_an_inumano_that_used_an_action_of_cost_x_chosen_as_2() -> None:
    """Medusa V2 (BSAQ 35/112): an Inumanos character of yours using an action of cost {2} may be capacitated in
    {1} -- and an action of cost {X} used with X = 2 is one (the card's reminder: rules 4.6.2 E.1); with X = 1 it
    is not."""
    stomper = card("Personagem: Pisador V1\nAlinhamento: Herói\nAfiliações: Inumanos\nPoderes: Super Força\n"
                   "Energia inicial: 3\nEscudo: 0\n\nAção: Pisão\n  Custo: {X}\n  Poder: Super Força\n"
                   "  Pisão causa X pontos de dano no alvo.\n")
    for x, after in ((2, 1), (1, 1)):
        game = match([corpus_card("(2016) BSAQ 35/112"), stomper], [own_character("Alvo", ie=4)],
                     a=Eager({"x": [[x]]}))
        m, s, t = card_of(game, 0, "Medusa V2"), card_of(game, 0, "Pisador V1"), card_of(game, 1, "Alvo V1")
        for c in (m, s, t):
            enter(game, c, 1)
        game.state.scene[s].stage = 2
        at(game, "combat", "attack")
        use(game, s, "Pisão")
        assert game.state.scene[s].stage == after        # X = 2: 2 - 2 + 1; X = 1: 2 - 1, not capacitated


def test_manifesto_da_mente_puts_a_scenario_in_the_scene_after_the_turns_scenario() -> None:
    """Manifesto da Mente V1 (BSGC 95/100): a scenario from the hand enters the scene even though the player placed
    the turn's scenario already (its reminder restates rules 4.4.1)."""
    mind = own_character("Mente", powers="Telecinesia")
    square, street = card("Cenário: Praça V1\n"), card("Cenário: Rua V1\n")
    game = match([mind, corpus_card("(2016) BSGC 95/100"), square, street])
    c = card_of(game, 0, "Mente V1")
    enter(game, c, 1, carried=[card_of(game, 0, "Manifesto da Mente V1")])
    game.move(card_of(game, 0, "Rua V1"), Zone.RESOURCES)
    game.place_scenario(card_of(game, 0, "Rua V1"))
    game.state.players[0].scenario_placed_this_turn = True
    game.move(card_of(game, 0, "Praça V1"), Zone.HAND)
    game.state.scene[c].stage = 2
    at(game, "combat", "attack")
    use(game, c, "Manifesto da Mente")
    assert game.state.scenario == card_of(game, 0, "Praça V1")
    assert card_of(game, 0, "Rua V1") in game.state.players[0].resources


def test_impulso_impulsivo_used_again_pays_its_cost_again() -> None:
    """Impulso Impulsivo V1 (BSGC 100/100): discarding a card lets the user use it again this turn -- and the
    second use incapacitates it again (its reminder restates rules 4.6.2 E)."""
    code = "(2016) BSGC 100/100"
    d = corpus_card(code)
    assert d.action is not None and d.action.cost is not None and d.action.cost > 0
    user = own_character("Impulsivo", ie=3)
    game = match([user, d], [own_character("Alvo", ie=6)])
    u = card_of(game, 0, "Impulsivo V1")
    enter(game, u, 1, carried=[card_of(game, 0, d.title)])
    enter(game, card_of(game, 1, "Alvo V1"), 5)
    for filler in [c for c in game.state.players[0].deck if game.cards[c].title == "Filler V1"][:2]:
        game.move(filler, Zone.HAND)
    game.state.scene[u].stage = 2
    at(game, "combat", "attack")
    use(game, u, d.action.name)
    assert game.state.scene[u].stage == 2 - d.action.cost == 1
    use(game, u, d.action.name)                         # granted again by the discard
    assert game.state.scene[u].stage == 0
    assert len(game.state.players[0].hand) == 0



def test_capitao_america_finds_a_scenario_with_plano_magistral_in_its_name() -> None:
    """Capitão América V2 (BSPO DECK 4/56): once per turn in the preparation phase he may search the deck for a
    scenario with "Plano Magistral" in its name -- the one so named goes to the hand, another scenario stays."""
    plan, other = card("Cenário: Plano Magistral - Teste V1\n"), card("Cenário: Plano Secreto V1\n")
    game = match([corpus_card("(2014) BSPO DECK 4/56"), other, plan])
    c = card_of(game, 0, "Capitão América V2")
    enter(game, c, 1)
    at(game, "preparation", None, 0)
    activate(game, c)
    hand = [game.cards[x].title for x in game.state.players[0].hand]
    assert hand == ["Plano Magistral - Teste V1"]


def _forgotten(power: str) -> bool:
    from tests.engine_helpers import punch

    d = corpus_card("BSET 95/100")
    game = match([own_character("Mentor", powers="Telepatia"), d], [own_character("Rival", action=punch("Soco"))],
                 a=Eager({"choose_power": [lambda dec: [dec.options.index(power)]]}))
    m, f = card_of(game, 0, "Mentor V1"), card_of(game, 1, "Rival V1")
    enter(game, m, 1, carried=[card_of(game, 0, "Fazer Esquecer V1")])
    enter(game, f, 2)
    game.state.scene[m].stage = 2
    at(game, "combat", "attack")
    use(game, m, "Fazer Esquecer")
    at(game, "combat", "attack", 1)
    return not usable(game, f, "Soco")


def test_fazer_esquecer_forbids_the_actions_of_the_chosen_power() -> None:
    """Fazer Esquecer V1 (BSET 95/100): a power is chosen; the target cannot use actions of that power this turn --
    its {SF} punch is forbidden when {SF} was chosen, allowed when another power was."""
    assert _forgotten("SF")
    assert not _forgotten("TE")


def _damage_under_frenesi(power: str) -> int:
    from tests.engine_helpers import punch

    hitter = own_character("Lutador", powers=power, action=punch("Golpe", 2, power))
    game = match([corpus_card("(2015) BSOS 64/100"), hitter], [own_character("Alvo", ie=6)])
    h, t = card_of(game, 0, "Lutador V1"), card_of(game, 1, "Alvo V1")
    enter(game, h, 1)
    enter(game, t, 6)
    scenario(game, card_of(game, 0, "Frenesi de Batalha V1"))
    at(game, "combat", "attack")
    before = len(game.state.scene[t].carried)
    use(game, h, "Golpe")
    return before - len(game.state.scene[t].carried)


def test_frenesi_de_batalha_adds_one_to_the_damage_of_la_actions_only() -> None:
    """Frenesi de Batalha V1 (BSOS 64/100): an action of {LA} about to deal damage to its targets deals 1 more to
    each -- 3 instead of 2; an action of {SF} still deals 2 (the power of the action is part of the text)."""
    assert _damage_under_frenesi("Lâminas") == 3
    assert _damage_under_frenesi("Super Força") == 2


def test_trocar_de_arma_loads_an_ad_ability_on_its_user_then_unloads_itself() -> None:
    """Trocar de Arma V1 (BSMI 73/100): after its damage the user may load an ability of {AD} from the resources
    on itself (the parenthesis names the same character); if so, this card is unloaded."""
    user = own_character("Atirador", powers="Ataque a Distância")
    game = match([user, corpus_card("(2014) BSMI 73/100"), RANGED], [own_character("Alvo", ie=6)])
    u, swap, sight = card_of(game, 0, "Atirador V1"), card_of(game, 0, "Trocar de Arma V1"), card_of(game, 0, "Mira V1")
    enter(game, u, 1, carried=[swap])
    enter(game, card_of(game, 1, "Alvo V1"), 6)
    game.move(sight, Zone.RESOURCES)
    game.state.scene[u].stage = 2
    at(game, "combat", "attack")
    use(game, u, "Trocar de Arma")
    assert sight in game.state.scene[u].carried and swap not in game.state.scene[u].carried
    assert swap in game.state.players[0].resources


def test_eson_loads_the_four_top_cards_or_all_there_are() -> None:
    """Eson V1 (BSGC 15/100): entering, he loads the four cards of the top of the deck -- with two left in the deck,
    those two (the parenthesis restates rules 4.6.2 I: as much of the effect as can be done)."""
    game = match([corpus_card("(2016) BSGC 15/100")])
    e = card_of(game, 0, "Eson V1")
    deck = game.state.players[0].deck
    for c in [c for c in deck if c != e][2:]:
        game.move(c, Zone.RESOURCES)
    left = [c for c in deck if c != e]
    assert len(left) == 2
    game.move(e, Zone.HAND)
    game.enter_scene(e, 0, [])
    game.eng.tree.resolve()
    assert sorted(game.state.scene[e].carried) == sorted(left)


def test_lavagem_de_dinheiro_puts_a_card_per_villain_sharing_an_affiliation_with_the_chosen_one() -> None:
    """Lavagem de Dinheiro V1 (BSMI 63/100): a villain you control is chosen; a card of the top of the deck goes to
    the resources for each villain you control with an affiliation in common with the chosen one's -- the chosen
    one itself (a villain you control whose affiliations are its own) and the other Mestres do Crime villain; the
    villain of another affiliation and the hero do not count: two cards."""
    boss = own_character("Chefe", alignment="Vilão", affiliations="Mestres do Crime")
    crook = own_character("Capanga", alignment="Vilão", affiliations="Mestres do Crime, Sinistros")
    loner = own_character("Solitário", alignment="Vilão", affiliations="Thunderbolts")
    hero = own_character("Mocinho", affiliations="Mestres do Crime")
    game = match([corpus_card("(2014) BSMI 63/100"), boss, crook, loner, hero],
                 a=Eager({"choose": [lambda d: [next(i for i, o in enumerate(d.options) if o.startswith("Chefe"))]]}))
    for title in ("Chefe V1", "Capanga V1", "Solitário V1", "Mocinho V1"):
        enter(game, card_of(game, 0, title), 1)
    laundering = card_of(game, 0, "Lavagem de Dinheiro V1")
    top = [x for x in game.state.players[0].deck if x != laundering][:3]
    scenario(game, laundering)
    gained = [x for x in game.state.players[0].resources if x in top]
    assert gained == top[:2]


def test_reuniao_de_intelectos_each_player_draws_for_their_own_ge_characters() -> None:
    """Reunião de Intelectos V1 (BSUM 51/100): replaced by another scenario, each player draws a card for each
    character with {GE} that player controls -- one for player 0 (one such character), two for player 1."""
    genius = own_character("Gênio", powers="Genialidade")
    game = match([corpus_card("BSUM 51/100"), genius, card("Cenário: Praça V1\n")], [genius, genius])
    game.move(card_of(game, 0, "Praça V1"), Zone.RESOURCES)
    for player, n in ((0, 0), (1, 0), (1, 1)):
        enter(game, card_of(game, player, "Gênio V1", n), 1)
    scenario(game, card_of(game, 0, "Reunião de Intelectos V1"))
    hands = [len(p.hand) for p in game.state.players]
    scenario(game, card_of(game, 0, "Praça V1"))
    assert [len(p.hand) - h for p, h in zip(game.state.players, hands, strict=True)] == [1, 2]


def test_sussurros_na_mente_the_target_player_looks_keeps_one_and_orders_the_rest() -> None:
    """Sussurros na Mente V1 (BSMI 95/100): a card of the target player's hand goes to the bottom of that player's
    deck; then that player looks at the three top cards of their deck, puts one in their hand and returns the
    other two on top in an order they choose -- the choice and the order are theirs, not the user's."""
    mind = own_character("Mente", powers="Telepatia")
    theirs = Eager()
    game = match([mind, corpus_card("(2014) BSMI 95/100")], b=theirs)
    m = card_of(game, 0, "Mente V1")
    enter(game, m, 1, carried=[card_of(game, 0, "Sussurros na Mente V1")])
    deck = game.state.players[1].deck
    for c in deck[:2]:
        game.move(c, Zone.HAND)
    hand = list(game.state.players[1].hand)
    top = list(deck[:3])
    game.state.scene[m].stage = 2
    at(game, "combat", "attack")
    use(game, m, "Sussurros na Mente")
    p1 = game.state.players[1]
    assert p1.deck[-1] in hand and len(p1.hand) == 2
    kept = [c for c in p1.hand if c in top]
    assert len(kept) == 1 and sorted(p1.deck[:2]) == sorted(c for c in top if c not in kept)
    assert {d.kind for d in theirs.seen} >= {"order", "move"}


def _two_foes(decision: Decision) -> list[int]:
    return [i for i, o in enumerate(decision.options) if o.startswith(("Alvo", "Outro"))]


def test_venom_incapacitates_x_minus_one_of_its_targets() -> None:
    """Venom V1 (BSUM 34/100), Tiro de Teia: cost {X}, X targets each take 2 damage, and X-1 of those targets are
    incapacitated in {1} -- with X = 2, one of the two (chosen by the user's controller), never another character."""
    d = corpus_card("BSUM 34/100")
    bystander = own_character("Passante", ie=5)
    game = match([d], [own_character("Alvo", ie=5), own_character("Outro", ie=5), bystander],
                 a=Eager({"x": [pick("2")], "target": [_two_foes]}))
    v = card_of(game, 0, "Venom V1")
    foes = [card_of(game, 1, t) for t in ("Alvo V1", "Outro V1", "Passante V1")]
    enter(game, v, 3)
    for f in foes:
        enter(game, f, 5)
        game.state.scene[f].stage = 2
    game.state.scene[v].stage = 2
    at(game, "combat", "attack")
    use(game, v, "Tiro de Teia")
    targets = [f for f in foes if len(game.state.scene[f].carried) < 5]
    assert len(targets) == 2
    assert sorted(game.state.scene[f].stage for f in targets) == [1, 2]
    assert all(game.state.scene[f].stage == 2 for f in foes if f not in targets)


def _accumulated(alter_ego: str, wanted: CardDef) -> tuple[Match, int, int]:
    entering = own_character("Novato", alter_ego=alter_ego)
    game = match([corpus_card("(2016) BSGC 61/100"), entering, wanted])
    scenario(game, card_of(game, 0, "Experiência Acumulada V1"))
    at(game, "preparation", None, 0)
    n, w = card_of(game, 0, "Novato V1"), card_of(game, 0, wanted.title)
    enter(game, n, 1)
    return game, n, w


def test_experiencia_acumulada_finds_a_card_of_the_same_alter_ego_or_name() -> None:
    """Experiência Acumulada V1 (BSGC 61/100): a character you put in the scene in your preparation phase may get,
    from your deck, a card with its alter ego -- or, if it has none, its name (rules 4.4.2.1 A.4) -- loaded on it."""
    same_ego = own_character("Veterano", alter_ego="Fulano de Tal")
    game, n, w = _accumulated("Fulano de Tal", same_ego)
    assert w in game.state.scene[n].carried
    same_name = own_character("Novato")
    game, n, w = _accumulated("", same_name)
    assert card_of(game, 0, "Novato V1", 1) in game.state.scene[n].carried


def test_anomalias_expostas_damages_the_characters_sharing_an_alter_ego() -> None:
    """Anomalias Expostas V1 (BSAQ 86/112), second option: 2 piercing damage to each character in the scene with
    the same alter ego as another character in the scene -- the two "Fulano" characters, not the third."""
    d = corpus_card("(2016) BSAQ 86/112")
    user = own_character("Gênio", powers="Genialidade")
    one, two = own_character("Um", alter_ego="Fulano", ie=5), own_character("Dois", alter_ego="Fulano", ie=5)
    three = own_character("Três", alter_ego="Beltrano", ie=5)
    game = match([user, d], [one, two, three], a=Eager({"mode": [[1]], "choose": [[1]]}))
    u = card_of(game, 0, "Gênio V1")
    enter(game, u, 1, carried=[card_of(game, 0, "Anomalias Expostas V1")])
    foes = [card_of(game, 1, t) for t in ("Um V1", "Dois V1", "Três V1")]
    for f in foes:
        enter(game, f, 5)
    game.state.scene[u].stage = 2
    at(game, "combat", "attack")
    use(game, u, "Anomalias Expostas")
    assert [len(game.state.scene[f].carried) for f in foes] == [3, 3, 5]


def _brotherhood_hits(affiliations: str) -> int:
    from tests.engine_helpers import punch

    mutant = own_character("Mutante", affiliations="Irmandade de Mutantes", action=punch("Golpe", 2))
    victim = own_character("Vítima", affiliations=affiliations, ie=6)
    game = match([corpus_card("BSUM 21/100"), mutant], [victim])
    mag, m, v = card_of(game, 0, "Magneto V1"), card_of(game, 0, "Mutante V1"), card_of(game, 1, "Vítima V1")
    enter(game, mag, 2)
    enter(game, m, 1)
    enter(game, v, 6)
    at(game, "combat", "attack")
    use(game, m, "Golpe")
    return 6 - len(game.state.scene[v].carried)


def test_magneto_adds_one_to_the_brotherhoods_damage_to_an_x_men() -> None:
    """Magneto V1 (BSUM 21/100): a Irmandade de Mutantes character you control about to deal damage to an X-Men
    ("um X-Men": a character with that affiliation) deals 1 more -- 3 instead of 2; to a Vingadores, 2."""
    assert _brotherhood_hits("X-Men") == 3
    assert _brotherhood_hits("Vingadores") == 2
