"""Corpus cards whose amounts are said by a noun phrase (session 6, cluster "amounts": "um número de cards ... igual
à Energia Inicial daquele vilão"), played on the engine with assertions on what their text says happens. Cards are
read from the development corpora at test time (``tests/corpus_play.py``); the module is skipped without them. The
docstrings describe each behaviour in our own words and cite the card by name and printed code."""

from __future__ import annotations

from collections.abc import Sequence

from cardscript.compiler.ir import CardDef
from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import (
    Eager,
    activatable,
    activate,
    at,
    card_of,
    corpus_card,
    enter,
    events,
    fillers,
    match,
    require_corpus,
    scenario,
    stage,
    step_starts,
    use,
)
from tests.engine_helpers import card, own_character, punch

require_corpus()


def test_assaltos_puts_as_many_top_cards_in_resources_as_the_villains_initial_energy() -> None:
    """Assaltos nas Vizinhanças (BSMI 55/100): with a Sexteto Sinistro character in the scene since the turn began,
    putting a villain with Energia Inicial 4 in the scene moves the four top cards of the deck to the resources --
    no more -- and then the scenario goes to its owner's resources."""
    ally = own_character("Comparsa", alignment="Vilão", affiliations="Sexteto Sinistro")
    boss = own_character("Chefe", alignment="Vilão", ie=4)
    game = match([corpus_card("(2014) BSMI 55/100"), ally, boss])
    me = game.state.players[0]
    card_id, a, v = card_of(game, 0, "Assaltos nas Vizinhanças V1"), card_of(game, 0, "Comparsa V1"), \
        card_of(game, 0, "Chefe V1")
    enter(game, a, 1)
    scenario(game, card_id)
    top = fillers(game, 0)[:8]
    load = top[:4]
    for c in [v, *load]:
        game.move(c, Zone.RESOURCES)
    before = list(me.deck)
    game.enter_scene(v, 0, load)
    game.eng.tree.resolve()
    moved = before[:4]
    assert all(c in me.resources for c in moved)
    assert before[4] in me.deck and me.deck[0] == before[4]
    assert card_id in me.resources


def test_assaltos_does_nothing_without_a_sexteto_sinistro_character() -> None:
    """Without a Sexteto Sinistro character, the villain entering moves no card of the deck, and the scenario stays
    in the scene: the condition is the whole effect's (5.2), "Então" included."""
    boss = own_character("Chefe", alignment="Vilão", ie=4)
    game = match([corpus_card("(2014) BSMI 55/100"), boss])
    me = game.state.players[0]
    card_id, v = card_of(game, 0, "Assaltos nas Vizinhanças V1"), card_of(game, 0, "Chefe V1")
    scenario(game, card_id)
    load = fillers(game, 0)[:4]
    for c in [v, *load]:
        game.move(c, Zone.RESOURCES)
    before = list(me.deck)
    game.enter_scene(v, 0, load)
    game.eng.tree.resolve()
    assert me.deck == before
    assert card_id not in me.resources and game.state.scenario == card_id


def test_bomba_relogio_deals_as_much_piercing_damage_as_the_other_supports_current_energy() -> None:
    """Bomba-Relógio (BSIC 48/100): in its controller's preparation phase, in the scene since the turn began, its
    cards are unloaded and it goes to its owner's resources; then it deals piercing damage to another support equal
    to that support's current energy -- the rival support (Energia Inicial 4, carrying 2 cards, shield 2) takes 2
    points, not 4, through its shield, and is left with no card."""
    wall = card("Suporte: Muralha V1\nEnergia inicial: 4\nEscudo: 2\n")
    game = match([corpus_card("(2014) BSIC 48/100")], [wall])
    bomb, rival = card_of(game, 0, "Bomba-Relógio V1"), card_of(game, 1, "Muralha V1")
    enter(game, bomb, 2)
    enter(game, rival, 2)
    at(game, "preparation")
    activate(game, bomb)
    game.eng.tree.resolve()
    me = game.state.players[0]
    assert bomb in me.resources and bomb not in game.state.scene
    (dealt,) = events(game, "damage")
    assert dealt["card"] == rival and dealt["source"] == bomb and dealt["amount"] == 2 and dealt["piercing"]
    assert dealt["absorbed"] == 0 and dealt["unloaded"] == 2


def test_bomba_relogio_cannot_be_used_the_turn_it_entered() -> None:
    """It must be in the scene since the start of the turn."""
    wall = card("Suporte: Muralha V1\nEnergia inicial: 4\nEscudo: 2\n")
    game = match([corpus_card("(2014) BSIC 48/100")], [wall])
    bomb = card_of(game, 0, "Bomba-Relógio V1")
    enter(game, bomb, 2)
    game.state.scene[bomb].entered_turn = game.state.turn
    at(game, "preparation")
    assert not activatable(game, bomb)


def _multidao(fugitives: int, others: int) -> tuple[list[str], list[str]]:
    """Em Meio à Multidão as its controller's scenario with ``fugitives`` Fugitivos characters and ``others`` without
    the affiliation; an opponent's character uses a 1-damage action: the names it may target, Fugitivos first."""
    hitter = own_character("Batedor", action=punch("Soco", 1))
    mine = [own_character(f"Fugitivo{n}", affiliations="Fugitivos") for n in range(fugitives)]
    mine += [own_character(f"Civil{n}") for n in range(others)]
    chooser = Eager()
    game = match([hitter], [corpus_card("(2015) BSOS 59/100"), *mine], a=chooser)
    h = card_of(game, 0, "Batedor V1")
    enter(game, h)
    ids = [card_of(game, 1, d.title) for d in mine]
    for c in ids:
        enter(game, c, 2)
    game.move(card_of(game, 1, "Em Meio à Multidão V1"), Zone.RESOURCES)
    game.place_scenario(card_of(game, 1, "Em Meio à Multidão V1"))
    game.eng.tree.resolve()
    at(game, "combat", "attack")
    use(game, h, "Soco")
    (choice,) = [d for d in chooser.seen if d.kind == "target"]
    names = [game.name(c) for c in ids]
    return [n for n in names[:fugitives] if n in choice.options], [n for n in names[fugitives:] if n in choice.options]


def test_em_meio_a_multidao_hides_the_fugitivos_while_as_many_others_are_controlled() -> None:
    """Em Meio à Multidão (BSOS 59/100): its controller has one Fugitivos character and one without the affiliation
    (1 >= 1): the Fugitivos character cannot be the target of the opponent's action; the other one can."""
    fugitives, others = _multidao(1, 1)
    assert fugitives == [] and len(others) == 1


def test_em_meio_a_multidao_does_not_hide_them_when_the_fugitivos_are_more() -> None:
    """Two Fugitivos characters and one without (1 < 2): every one of them may be targeted."""
    fugitives, others = _multidao(2, 1)
    assert len(fugitives) == 2 and len(others) == 1


class _RevealAll(Eager):
    """Reveals every card it may (the other answers as :class:`Eager`)."""

    def decide(self, decision: Decision) -> Sequence[int]:
        if decision.kind == "reveal":
            self.seen.append(decision)
            return list(range(min(decision.maximum, len(decision.options))))
        return super().decide(decision)


def _impulso(top: list[CardDef]) -> int:
    """A Magia character carrying Impulso Arcano uses it with ``top`` as the two top cards of its deck, revealing
    both (Clarividência 2): the damage its target takes."""
    agent = _RevealAll()
    game = match([own_character("Mago", powers="Magia"), corpus_card("(2014) BSMI 83/100"), *top],
                 [own_character("Alvo", alignment="Vilão", ie=5)], a=agent)
    agent.game = game
    m, imp, t = card_of(game, 0, "Mago V1"), card_of(game, 0, "Impulso Arcano V1"), card_of(game, 1, "Alvo V1")
    enter(game, m, 2, carried=[imp])
    enter(game, t, 5)
    assert [game.cards[c].title for c in game.state.players[0].deck[:2]] == [d.title for d in top]
    at(game, "combat", "attack")
    use(game, m, "Impulso Arcano")
    game.eng.tree.resolve()
    (dealt,) = events(game, "damage")
    assert dealt["card"] == t
    return int(dealt["amount"])


def test_impulso_arcano_deals_one_point_per_different_type_revealed() -> None:
    """Impulso Arcano (BSMI 83/100): a character and a support revealed -- two types, 2 points of damage."""
    assert _impulso([own_character("Outro"), card("Suporte: Muro V1\nEnergia inicial: 1\nEscudo: 0\n")]) == 2


def test_impulso_arcano_counts_a_type_once() -> None:
    """Two characters revealed are one type: 1 point (not one per card)."""
    assert _impulso([own_character("Outro"), own_character("Mais")]) == 1


def test_laboratorio_ima_finds_characters_of_different_names_only() -> None:
    """Laboratório I.M.A. (BSIV 55/100): entering, it searches the deck for up to three I.M.A. character cards of
    different names: with two copies of one I.M.A. character, one of another and a character without the
    affiliation in the deck, at most two are found -- one of each name -- revealed and put in the hand."""
    agent = Eager()
    ima = [own_character("Cientista", affiliations="I.M.A."), own_character("Cientista", affiliations="I.M.A."),
           own_character("Chefe", affiliations="I.M.A."), own_character("Civil")]
    game = match([corpus_card("(2015) BSIV 55/100"), *ima], a=agent)
    agent.game = game
    lab = card_of(game, 0, "Laboratório I.M.A. V1")
    enter(game, lab, 2)
    hand = game.state.players[0].hand
    assert sorted(game.cards[c].title for c in hand) == ["Chefe V1", "Cientista V1"]
    picks = [d for d in agent.seen if d.kind == "search"]
    assert len(picks) == 2
    assert all("Civil V1" not in " ".join(d.options) for d in picks)
    second = [o for o in picks[1].options]
    assert len(second) == 1 and second[0].startswith("Chefe")


def test_evolucao_entropica_swaps_cards_between_two_characters_of_one_player() -> None:
    """Evolução Entrópica (BSIV 96/100): two characters controlled by one same player are chosen -- the rival's lone
    character is never offered (it has no partner) -- and a card the first carries is swapped for one the second
    carries."""
    agent = Eager()
    game = match([own_character("Mente", powers="Telecinesia"), corpus_card("(2015) BSIV 96/100"),
                  own_character("Dois")], [own_character("Alvo", alignment="Vilão")], a=agent)
    agent.game = game
    m, evo, d, t = (card_of(game, 0, "Mente V1"), card_of(game, 0, "Evolução Entrópica V1"),
                    card_of(game, 0, "Dois V1"), card_of(game, 1, "Alvo V1"))
    enter(game, m, 2, carried=[evo])
    enter(game, d, 2)
    enter(game, t, 2)
    first, second, rival = (list(game.state.scene[c].carried) for c in (m, d, t))
    at(game, "combat", "anticipation", 1)
    use(game, m, "Evolução Entrópica", window="anticipation")
    game.eng.tree.resolve()
    (pick,) = [x for x in agent.seen if x.kind == "choose"]
    assert game.name(t) not in pick.options and len(pick.options) == 2
    now_first, now_second = game.state.scene[m].carried, game.state.scene[d].carried
    assert len(now_first) == len(first) and len(now_second) == len(second)
    assert len(set(now_first) & set(second)) == 1 and len(set(now_second) & set(first)) == 1
    assert list(game.state.scene[t].carried) == rival


class _TakeAll(Eager):
    """Takes every option of a choice of any number (the other answers as :class:`Eager`)."""

    def decide(self, decision: Decision) -> Sequence[int]:
        if decision.kind == "target" and decision.minimum == 0 and decision.maximum > 1:
            self.seen.append(decision)
            return list(range(decision.maximum))
        return super().decide(decision)


def test_a_era_de_ultron_each_incapacitated_ultron_deals_one_piercing_point() -> None:
    """A Era de Ultron (BSIV 58/100): entering, its controller incapacitates in {1} any number of its characters whose
    alter ego is Ultron (here both of them, never the third character); then each one incapacitated this way deals
    1 point of piercing damage to a character or support chosen for it -- two damages, one from each, each through
    its own choice."""
    agent = _TakeAll()
    game = match([corpus_card("(2015) BSIV 58/100"), own_character("Ultron", alter_ego="Ultron", alignment="Vilão"),
                  own_character("Drone", alter_ego="Ultron", alignment="Vilão"), own_character("Outro")],
                 [own_character("Alvo", ie=5, shield=3)], a=agent)
    agent.game = game
    ultrons = [card_of(game, 0, "Ultron V1"), card_of(game, 0, "Drone V1")]
    other, foe = card_of(game, 0, "Outro V1"), card_of(game, 1, "Alvo V1")
    for c in [*ultrons, other]:
        enter(game, c, 2)
    enter(game, foe, 4)
    scenario(game, card_of(game, 0, "A Era de Ultron V1"))
    assert [stage(game, c) for c in ultrons] == [0, 0] and stage(game, other) == 1
    (pick, *aims) = [d for d in agent.seen if d.kind == "target"]
    assert game.name(other) not in pick.options
    assert len(aims) == 2
    dealt = events(game, "damage")
    assert sorted(e["source"] for e in dealt) == sorted(ultrons)
    assert all(e["card"] == foe and e["amount"] == 1 and e["piercing"] and e["absorbed"] == 0 for e in dealt)


def test_a_era_de_ultron_deals_nothing_from_an_ultron_not_incapacitated() -> None:
    """An Ultron already at stage 0 chosen is not incapacitated this way: it deals no damage (only those whose stage
    changed do)."""
    agent = _TakeAll()
    game = match([corpus_card("(2015) BSIV 58/100"), own_character("Ultron", alter_ego="Ultron", alignment="Vilão"),
                  own_character("Drone", alter_ego="Ultron", alignment="Vilão")],
                 [own_character("Alvo", ie=5, shield=3)], a=agent)
    agent.game = game
    u, d, foe = card_of(game, 0, "Ultron V1"), card_of(game, 0, "Drone V1"), card_of(game, 1, "Alvo V1")
    enter(game, u, 2)
    enter(game, d, 2)
    game.state.scene[d].stage = 0
    enter(game, foe, 4)
    scenario(game, card_of(game, 0, "A Era de Ultron V1"))
    assert [e["source"] for e in events(game, "damage")] == [u]


def _rompante(carrying: int, resources: int) -> tuple[int, int, bool]:
    """A Regeneração character of Energia Inicial 5 carrying Rompante de Recuperação and ``carrying - 1`` other
    cards, with ``resources`` cards in its owner's resources, uses it (stage 1, cost {1}): the cards it carries
    after, how many of the resources are left, and whether Rompante went to the bottom of its owner's deck."""
    game = match([own_character("Regenerador", powers="Regeneração", ie=5), corpus_card("BSET 87/100")],
                 [own_character("Alvo", alignment="Vilão")])
    me = game.state.players[0]
    c, rompante = card_of(game, 0, "Regenerador V1"), card_of(game, 0, "Rompante de Recuperação V1")
    enter(game, c, carrying - 1, carried=[rompante])
    game.state.scene[c].stage = 1
    for f in fillers(game, 0)[:resources]:
        game.move(f, Zone.RESOURCES)
    at(game, "combat", "attack")
    use(game, c, "Rompante de Recuperação")
    game.eng.tree.resolve()
    return len(game.state.scene[c].carried), len(me.resources), me.deck[-1] == rompante


def test_rompante_de_recuperacao_loads_until_one_less_than_the_initial_energy() -> None:
    """Rompante de Recuperação (BSET 87/100): put at the bottom of its owner's deck, its character (Energia Inicial 5,
    left with 1 card) is loaded from the resources until it carries 5 - 1 = 4 cards: three loaded, no more."""
    carried, left, bottom = _rompante(carrying=2, resources=6)
    assert (carried, left, bottom) == (4, 3, True)


def test_rompante_de_recuperacao_loads_all_there_is_and_nothing_when_full() -> None:
    """With only two cards in the resources, both are loaded (4.6.2 I); carrying 5 already (4 after the cost), none."""
    assert _rompante(carrying=2, resources=2)[:2] == (3, 0)
    assert _rompante(carrying=5, resources=6)[:2] == (4, 6)


AMULET = card("Habilidade: Amuleto V1\nPoder: Magia\n\nTexto permanente:\n  Item Mágico.\n")
RING = card("Habilidade: Anel V1\nPoder: Magia\n")


def _estranho_sets_aside(carried: list[CardDef]) -> int:
    """Dr. Estranho carrying ``carried`` (and fillers) uses Pesquisa Arcana (Clarividência 2, in the anticipation
    step): how many cards its Clarividência set aside (rules 7)."""
    game = match([corpus_card("(2014) BSPO 10/100"), *carried], [own_character("Alvo", alignment="Vilão")])
    d = card_of(game, 0, "Dr. Estranho V1")
    items = [c for c in game.cards if game.cards[c].title in {x.title for x in carried} and game.state.owner[c] == 0]
    enter(game, d, max(0, 3 - len(items)), carried=items)
    game.state.scene[d].stage = 1
    at(game, "combat", "anticipation", 1)
    use(game, d, "Pesquisa Arcana", window="anticipation")
    game.eng.tree.resolve()
    return sum(1 for e in events(game, "move") if e["to"] == str(Zone.SET_ASIDE))


def test_dr_estranho_raises_clarividencia_by_one_per_magic_item_carried() -> None:
    """Dr. Estranho (BSPO 10/100): his actions with Clarividência get Clarividência +1 for each Item Mágico he
    carries -- with two Item Mágico cards, Clarividência 2 sets aside four cards; with none, two; an ability that is
    no Item Mágico adds nothing."""
    assert _estranho_sets_aside([]) == 2
    assert _estranho_sets_aside([AMULET, RING]) == 3
    assert _estranho_sets_aside([AMULET, AMULET]) == 4


def _hidrico(resources: int, answer: int | None) -> tuple[bool, int]:
    """Homem-Hídrico (Energia Inicial 6) in its owner's hand with ``resources`` cards in the resources: whether it
    may be put in the scene, and how many cards it carries once put there (its player answering the ``answer``-th
    number offered, most first)."""
    agent = Eager()
    if answer is not None:
        agent.answers["load_count"] = [[answer]]
    game = match([corpus_card("(2015) BSIV 30/100")], a=agent)
    h = card_of(game, 0, "Homem-Hídrico V1")
    game.move(h, Zone.HAND)
    for f in fillers(game, 0)[:resources]:
        game.move(f, Zone.RESOURCES)
    if not game.eng.can_place(0, h):
        return False, 0
    game.eng.place(0, h)
    return True, len(game.state.scene[h].carried)


def test_homem_hidrico_may_enter_with_fewer_cards_than_its_initial_energy() -> None:
    """Homem-Hídrico (BSIV 30/100): it may be put in the scene carrying fewer cards than its Energia Inicial (6) --
    with 4 cards in the resources it may still be put there, carrying 4 (or fewer, as its player chooses); with 6,
    its player may still choose 6."""
    assert _hidrico(4, 0) == (True, 4)
    assert _hidrico(4, 2) == (True, 2)
    assert _hidrico(6, 0) == (True, 6)
    assert _hidrico(0, None) == (False, 0)


def _chegada(ie: int, resources: int, answer: int = 0) -> tuple[bool, int]:
    """Chegada Antecipada as the scenario; a character of Energia Inicial ``ie`` in the hand, ``resources`` cards in
    the resources: whether it may be put in the scene, and how many cards it carries then."""
    agent = Eager()
    agent.answers["load_count"] = [[answer]]
    game = match([corpus_card("(2014) BSMI 57/100"), own_character("Gigante", ie=ie)], a=agent)
    scenario(game, card_of(game, 0, "Chegada Antecipada V1"))
    g = card_of(game, 0, "Gigante V1")
    game.move(g, Zone.HAND)
    for f in fillers(game, 0)[:resources]:
        game.move(f, Zone.RESOURCES)
    if not game.eng.can_place(0, g):
        return False, 0
    game.eng.place(0, g)
    return True, len(game.state.scene[g].carried)


def test_chegada_antecipada_lets_big_characters_enter_with_one_card_less() -> None:
    """Chegada Antecipada (BSMI 57/100): a character card of Energia Inicial 6 or more may be loaded with one card less
    when put in the scene -- with 5 cards in the resources an Energia Inicial 6 character may enter carrying 5 (never
    4); with 6 its player may still load all 6."""
    assert _chegada(6, 5) == (True, 5)
    assert _chegada(6, 6, answer=0) == (True, 6)
    assert _chegada(6, 6, answer=1) == (True, 5)
    assert _chegada(6, 4) == (False, 0)


def test_chegada_antecipada_does_not_help_smaller_characters() -> None:
    """A character of Energia Inicial 5 still needs its five cards."""
    assert _chegada(5, 4) == (False, 0)
    assert _chegada(5, 5) == (True, 5)


def _ruinas(mine: int, theirs: int, turn_player: int) -> tuple[int, int]:
    """Ruínas Suspeitas as player 0's scenario, player 0 controlling ``mine`` characters and player 1 ``theirs``; the
    Fase de Contagem Regressiva of ``turn_player`` begins (its player answering yes): how many cards each player's
    resources gained."""
    game = match([corpus_card("(2015) BSOS 70/100"), *[own_character(f"Meu{i}") for i in range(mine)]],
                 [*[own_character(f"Seu{i}") for i in range(theirs)]])
    scenario(game, card_of(game, 0, "Ruínas Suspeitas V1"))
    for i in range(mine):
        enter(game, card_of(game, 0, f"Meu{i} V1"), 1)
    for i in range(theirs):
        enter(game, card_of(game, 1, f"Seu{i} V1"), 1)
    before = [len(p.resources) for p in game.state.players]
    step_starts(game, "countdown", None, turn_player)
    return len(game.state.players[0].resources) - before[0], len(game.state.players[1].resources) - before[1]


def test_ruinas_suspeitas_helps_the_player_with_fewest_characters() -> None:
    """Ruínas Suspeitas (BSOS 70/100): at the start of the Fase de Contagem Regressiva of the player controlling fewer
    characters, if that player controls at least one and no other player controls as many, that player may put the
    two top cards of their own deck in the resources -- whoever controls the scenario."""
    assert _ruinas(1, 2, turn_player=0) == (2, 0)
    assert _ruinas(2, 1, turn_player=1) == (0, 2)


def test_ruinas_suspeitas_does_nothing_otherwise() -> None:
    """Not in the phase of the player with more characters; not on a tie; not for a player with no character."""
    assert _ruinas(2, 1, turn_player=0) == (0, 0)
    assert _ruinas(1, 1, turn_player=0) == (0, 0)
    assert _ruinas(0, 1, turn_player=0) == (0, 0)


def test_torre_stark_another_avenger_incapacitated_deals_two_points() -> None:
    """Torre Stark (BSIV 57/100): a Vingadores character of its controller uses an action in the attack step of its
    turn; its controller may incapacitate in {1} another Vingadores character (the user is never offered), and the
    one incapacitated this way deals 2 points of damage to a character."""
    agent = Eager()
    hitter = own_character("Capitao", affiliations="Vingadores", action=punch("Soco", 1))
    game = match([corpus_card("(2015) BSIV 57/100"), hitter, own_character("Viuva", affiliations="Vingadores"),
                  own_character("Gaviao", affiliations="Vingadores")],
                 [own_character("Alvo", alignment="Vilão", ie=6, shield=0)], a=agent)
    agent.game = game
    tower, cap, widow, foe = (card_of(game, 0, "Torre Stark V1"), card_of(game, 0, "Capitao V1"),
                              card_of(game, 0, "Viuva V1"), card_of(game, 1, "Alvo V1"))
    enter(game, tower, 2)
    enter(game, cap, 2)
    enter(game, widow, 2)
    enter(game, card_of(game, 0, "Gaviao V1"), 2)
    enter(game, foe, 6)
    at(game, "combat", "attack")
    use(game, cap, "Soco")
    game.eng.tree.resolve()
    (pick,) = [d for d in agent.seen if d.kind == "target" and d.prompt.startswith("você pode incapacitar")]
    assert game.name(cap) not in pick.options and len(pick.options) == 2
    assert stage(game, widow) == 0 and stage(game, cap) == 1
    dealt = [e for e in events(game, "damage") if e["source"] == widow]
    assert len(dealt) == 1 and dealt[0]["amount"] == 2 and dealt[0]["card"] == foe
