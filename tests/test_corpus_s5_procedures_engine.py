"""Corpus cards of the session-5 "procedures" cluster played on the engine, with assertions on what their text
says happens. Cards are read from the development corpora at test time (``tests/corpus_play.py``); the module is
skipped without them. The docstrings describe each behaviour in our own words and cite the card by name and
printed code."""

from __future__ import annotations

from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import Eager, at, card_of, corpus_card, enter, events, match, require_corpus, stage, use
from tests.engine_helpers import own_character, pick, punch

require_corpus()


def _opponent_punches(game: object, attacker: int) -> None:
    from cardscript.games.battle_scenes.runtime.match import Match

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
    from cardscript.games.battle_scenes.runtime.match import Match

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


def test_golias_at_stage_0_cannot_use_its_action() -> None:
    """Golias V1 ((2015) BSOS 18/100): at stage {0} it cannot use its action (nor be the target of anticipation or
    unforeseen actions: the same restriction's second clause, asserted on the IR); at stage {1} it can again."""
    from cardscript.compiler.ir import Restrict
    from tests.corpus_play import usable

    g = corpus_card("(2015) BSOS 18/100")
    restricts = [p for e in g.effects for p in e.procedures if isinstance(p, Restrict)]
    assert [p.what for p in restricts] == ["use_action", "be_target"]
    game = match([g], [own_character("Atacante", alignment="Vilão")])
    gid = card_of(game, 0, "Golias V1")
    enter(game, gid, 3)
    at(game, "combat", "attack", 0)
    game.state.scene[gid].stage = 0
    assert not usable(game, gid, "Pisotear")
    game.state.scene[gid].stage = 1
    assert usable(game, gid, "Pisotear")


def _tentacles(copies: int) -> tuple[list[int], list[int]]:
    """Shuma-Gorath V1 ((2015) BSOS 43/100), ``copies`` of it in the scene (Pelotão), uses Tentáculos da Escuridão
    at up to X of three opposing characters: the energy each target lost and the stages of all three."""
    from cardscript.games.battle_scenes.runtime.match import Match

    sg = corpus_card("(2015) BSOS 43/100")
    foes = [own_character(n, alignment="Vilão") for n in ("Um", "Dois", "Três")]
    game: Match = match([sg] * copies, foes)
    mine = [card_of(game, 0, "Shuma-Gorath V1", k) for k in range(copies)]
    theirs = [card_of(game, 1, f"{n} V1") for n in ("Um", "Dois", "Três")]
    for c in [*mine, *theirs]:
        enter(game, c, 4)
    at(game, "combat", "attack", 0)
    offered: list[int] = []

    def as_many_as_allowed(d: Decision) -> list[int]:
        offered.append(d.maximum)
        return [i for i, o in enumerate(d.options) if not o.startswith("Shuma")][:d.maximum]

    game.agents[0] = Eager({"target": [as_many_as_allowed]})
    game.agents[0].game, game.agents[0].me = game, 0
    use(game, mine[0], "Tentáculos da Escuridão")
    assert offered == [copies]
    return [4 - len(game.state.scene[t].carried) for t in theirs], [stage(game, t) for t in theirs]


def test_shuma_gorath_alone_x_is_1() -> None:
    """Shuma-Gorath V1 ((2015) BSOS 43/100): with no other character of its alter ego in the scene X is 1 -- one
    target, 1 point of damage, incapacitated by one stage."""
    lost, stages = _tentacles(1)
    assert sorted(lost) == [0, 0, 1] and sorted(stages) == [0, 1, 1]


def test_shuma_gorath_with_another_of_its_alter_ego_x_is_2() -> None:
    """Shuma-Gorath V1 ((2015) BSOS 43/100): with more than one character of alter ego Shuma-Gorath in the scene X
    is 2 -- up to two targets, 2 points of damage each."""
    lost, stages = _tentacles(2)
    assert sorted(lost) == [0, 2, 2] and sorted(stages) == [0, 0, 1]


def test_tentaculos_da_escuridao_reads_the_same_definition_of_x() -> None:
    """Tentáculos da Escuridão V1 ((2015) BSOS 48/100) prints the same action: X is 1 or 2 by the same test."""
    d = corpus_card("(2015) BSOS 48/100")
    assert d.action is not None and d.action.targets[0].count.x is not None
    x = d.action.targets[0].count.x
    assert (x.fixed, x.otherwise.fixed if x.otherwise else None) == (2, 1) and x.when is not None


def test_mulher_invisivel_shield_is_the_number_of_cards_she_carries() -> None:
    """Mulher Invisível V1 (BSUM 24/100): her Escudo is the number of cards she carries (4.8.6 A, a new base
    shield) -- it follows each load and unload."""
    from tests.corpus_play import fillers, shield_of

    mi = corpus_card("BSUM 24/100")
    game = match([mi])
    m = card_of(game, 0, "Mulher Invisível V1")
    enter(game, m, 3)
    assert shield_of(game, m) == 3
    extra = fillers(game, 0)[0]
    game.move(extra, Zone.RESOURCES)
    game.load(extra, m)
    assert shield_of(game, m) == 4
    game.unload(game.state.scene[m].carried[0])
    game.unload(game.state.scene[m].carried[0])
    assert shield_of(game, m) == 2


def test_desfigurar_unloads_every_ability_card_of_the_chosen_power_from_the_target() -> None:
    """Desfigurar V1 ((2014) BSPO 91/100): the target's controller chooses a power among the ability cards it
    carries (an ability card's power is its printed icon); then every ability card of that power is unloaded from
    it -- the others stay."""
    from cardscript.compiler.ir import CardDef
    from tests.engine_helpers import pick

    agile = CardDef("Ágil V1", "Ágil", 1, "Habilidade", power="AG")
    user = own_character("Usuário", powers="Telecinesia")
    game = match([user, corpus_card("(2014) BSPO 91/100")], [own_character("Vítima", alignment="Vilão"),
                                                              agile, agile])
    u, d = card_of(game, 0, "Usuário V1"), card_of(game, 0, "Desfigurar V1")
    v = card_of(game, 1, "Vítima V1")
    agiles = [card_of(game, 1, "Ágil V1", k) for k in range(2)]
    enter(game, u, 3, carried=[d])
    enter(game, v, 2, carried=agiles)
    game.agents[1] = Eager({"choose_power": [pick("SF")]})
    game.agents[1].game, game.agents[1].me = game, 1
    at(game, "combat", "attack", 0)
    use(game, u, "Desfigurar")
    assert game.state.scene[v].carried == agiles           # the two {SF} fillers are unloaded, the {AG} cards stay


def test_microdeposito_the_chosen_card_to_resources_the_others_to_hand_itself_to_resources() -> None:
    """Microdepósito V1 ((2014) BSMI 52/100): in your Preparation Phase (in the scene since the turn began) you may
    have an opponent choose one of the cards it carries: that card is unloaded (to your resources), the other
    cards it carries go back to your hand, and the support goes to its owner's resources."""
    from tests.corpus_play import activate, fillers

    game = match([corpus_card("(2014) BSMI 52/100")])
    md = card_of(game, 0, "Microdepósito V1")
    load = fillers(game, 0)[:3]
    enter(game, md, 0, carried=load)
    at(game, "preparation", None, 0)
    game.agents[1] = Eager({"choose": [lambda d: [1]]})
    game.agents[1].game, game.agents[1].me = game, 1
    activate(game, md)
    me = game.state.players[0]
    assert load[1] in me.resources and load[0] in me.hand and load[2] in me.hand
    assert md in me.resources and md not in game.state.scene


def _maximus_draws(x: int) -> int:
    """Maximus - O Louco V1 ((2016) BSAQ 34/112) and an Inumanos character of ours whose action costs {X}, used
    with that X: how many cards its controller drew."""
    from cardscript.games.battle_scenes.runtime.match import Match
    from tests.engine_helpers import card

    inumano = card("Personagem: Inumano V1\nAlinhamento: Herói\nAfiliações: Inumanos\nPoderes: Super Força\n"
                   "Energia inicial: 3\nEscudo: 0\n\nAção: Golpe\n  Custo: {X}\n  Poder: Super Força\n  Golpe causa X "
                   "pontos de dano no alvo.\n")
    game: Match = match([corpus_card("(2016) BSAQ 34/112"), inumano], [own_character("Alvo", alignment="Vilão")])
    mx, i, t = card_of(game, 0, "Maximus - O Louco V1"), card_of(game, 0, "Inumano V1"), card_of(game, 1, "Alvo V1")
    for c in (mx, i, t):
        enter(game, c, 3)
    game.state.scene[i].stage = 2
    game.agents[0] = Eager({"x": [lambda d: [x]]})
    game.agents[0].game, game.agents[0].me = game, 0
    at(game, "combat", "attack", 0)
    hand = len(game.state.players[0].hand)
    use(game, i, "Golpe")
    return len(game.state.players[0].hand) - hand


def test_maximus_an_action_of_cost_x_used_with_x_2_is_an_action_of_cost_2() -> None:
    """Maximus - O Louco V1 ((2016) BSAQ 34/112): an Inumanos character of yours using an action of cost {2} lets you
    draw a card; an action of cost {X} counts as cost {2} when X chosen is 2 (4.6.2 E.1: the cost paid), not
    when X is 1."""
    assert _maximus_draws(2) == 1
    assert _maximus_draws(1) == 0


def test_sr_fantastico_loads_the_target_from_its_owners_resources() -> None:
    """Sr. Fantástico V1 (BSUM 28/100), Esticar: the target is loaded with a card from the resources of its owner
    (the opponent), then a card is unloaded from it -- our own resources are not touched."""
    from tests.corpus_play import fillers

    game = match([corpus_card("BSUM 28/100")], [own_character("Alvo", alignment="Vilão")])
    sf, t = card_of(game, 0, "Sr. Fantástico V1"), card_of(game, 1, "Alvo V1")
    enter(game, sf, 3)
    enter(game, t, 2)
    theirs = fillers(game, 1)[0]
    game.move(theirs, Zone.RESOURCES)
    ours = fillers(game, 0)[0]
    game.move(ours, Zone.RESOURCES)
    at(game, "combat", "attack", 0)
    use(game, sf, "Esticar")
    assert ours in game.state.players[0].resources
    assert len(game.state.scene[t].carried) == 2 and game.state.players[1].resources != [theirs]
    assert any(e["card"] == theirs and e["onto"] == t for e in events(game, "load"))


def test_trabalho_em_equipe_swaps_a_card_of_the_ally_for_another_card_of_the_user() -> None:
    """Trabalho em Equipe V1 ((2017) BSFE DECK 60/60): a card the target (another character of yours sharing an
    affiliation) carries and a card the user carries -- not Trabalho em Equipe itself -- exchange places."""
    from cardscript.games.battle_scenes.runtime.match import Match

    user = own_character("Líder", affiliations="Vingadores")
    ally = own_character("Aliado", affiliations="Vingadores")
    game: Match = match([user, ally, corpus_card("(2017) BSFE DECK 60/60")])
    u, a, te = card_of(game, 0, "Líder V1"), card_of(game, 0, "Aliado V1"), card_of(game, 0, "Trabalho em Equipe V1")
    enter(game, u, 2, carried=[te])
    enter(game, a, 2)
    before_u, before_a = list(game.state.scene[u].carried), list(game.state.scene[a].carried)
    at(game, "combat", "attack", 0)
    game.agents[0] = Eager({"target": [lambda d: [next(i for i, o in enumerate(d.options) if o.startswith("Aliado"))]]})
    game.agents[0].game, game.agents[0].me = game, 0
    use(game, u, "Trabalho em Equipe")
    after_u, after_a = game.state.scene[u].carried, game.state.scene[a].carried
    assert te in after_u and len(after_u) == 3 and len(after_a) == 2
    assert len(set(after_u) & set(before_a)) == 1 and len(set(after_a) & set(before_u)) == 1


def test_venom_x_targets_then_x_minus_1_of_them_incapacitated() -> None:
    """Venom V1 (BSUM 34/100), Tiro de Teia (cost {X}): with X = 2, two targets take 2 damage each (4.6.2 F: X
    targets) and X-1 = one of those targets is incapacitated by one stage."""
    from cardscript.games.battle_scenes.runtime.match import Match

    foes = [own_character(n, alignment="Herói") for n in ("Um", "Dois", "Três")]
    game: Match = match([corpus_card("BSUM 34/100")], foes)
    v = card_of(game, 0, "Venom V1")
    theirs = [card_of(game, 1, f"{n} V1") for n in ("Um", "Dois", "Três")]
    for c in [v, *theirs]:
        enter(game, c, 4)
    game.state.scene[v].stage = 2

    def foes_only(d: Decision) -> list[int]:
        return [i for i, o in enumerate(d.options) if o.split(" ")[0] in ("Um", "Dois", "Três")][:d.maximum]

    game.agents[0] = Eager({"x": [pick("2")], "target": [foes_only]})
    game.agents[0].game, game.agents[0].me = game, 0
    at(game, "combat", "attack", 0)
    use(game, v, "Tiro de Teia")
    lost = sorted(4 - len(game.state.scene[t].carried) for t in theirs)
    assert lost == [0, 2, 2]
    hit = [t for t in theirs if len(game.state.scene[t].carried) == 2]
    assert sorted(stage(game, t) for t in hit) == [0, 1]


def test_frenesi_de_batalha_adds_one_to_the_damage_of_actions_of_laminas_only() -> None:
    """Frenesi de Batalha V1 ((2015) BSOS 64/100): an action of {LA} that would damage its targets deals +1 to each;
    an action of another power does not."""
    from tests.corpus_play import scenario

    blades = own_character("Espadachim", powers="Lâminas", action=punch("Corte", 1, power="Lâminas"))
    fists = own_character("Lutador", action=punch("Soco", 1))
    game = match([corpus_card("(2015) BSOS 64/100"), blades, fists], [own_character("Alvo", alignment="Vilão")])
    fr, b, f = card_of(game, 0, "Frenesi de Batalha V1"), card_of(game, 0, "Espadachim V1"), card_of(game, 0,
                                                                                                   "Lutador V1")
    t = card_of(game, 1, "Alvo V1")
    scenario(game, fr)
    for c in (b, f, t):
        enter(game, c, 5)
    at(game, "combat", "attack", 0)
    use(game, b, "Corte")
    assert len(game.state.scene[t].carried) == 3
    use(game, f, "Soco")
    assert len(game.state.scene[t].carried) == 2


def _set_aside_by_seer(carried_title_code: str | None) -> int:
    """A character of ours with an action "Clarividência 2 - ...", carrying the corpus card with that code (or
    nothing): how many cards its action set aside (rules 7.1)."""
    from cardscript.games.battle_scenes.runtime.match import Match
    from tests.engine_helpers import card

    seer = card("Personagem: Vidente V1\nAlinhamento: Herói\nPoderes: Magia, Voo\nEnergia inicial: 3\nEscudo: 0\n\n"
                "Ação: Visão\n  Custo: {0}\n  Poder: Magia\n  Clarividência 2 - Visão causa 1 ponto de dano no alvo.\n")
    deck = [seer] + ([corpus_card(carried_title_code)] if carried_title_code else [])
    game: Match = match(deck, [own_character("Alvo", alignment="Vilão")])
    s, t = card_of(game, 0, "Vidente V1"), card_of(game, 1, "Alvo V1")
    item = [c for c in game.cards if game.cards[c].code == carried_title_code] if carried_title_code else []
    enter(game, s, 2, carried=item)
    enter(game, t, 3)
    at(game, "combat", "attack", 0)
    use(game, s, "Visão")
    return sum(1 for e in events(game, "move") if e["to"] == str(Zone.SET_ASIDE))


def test_manto_de_levitacao_raises_the_clarividencia_of_its_carriers_actions() -> None:
    """Manto de Levitação V1 ((2014) BSMI 84/100): actions with Clarividência its carrier uses have Clarividência +1
    -- Clarividência 2 sets aside three cards (two without it)."""
    assert _set_aside_by_seer(None) == 2
    assert _set_aside_by_seer("(2014) BSMI 84/100") == 3


def test_livro_de_vishanti_raises_it_by_two() -> None:
    """Livro de Vishanti V1 ((2014) BSPO 85/100): Clarividência +2 -- four cards set aside."""
    assert _set_aside_by_seer("(2014) BSPO 85/100") == 4


def test_4_6_2_I_a_count_below_zero_chooses_nothing() -> None:
    """4.6.2 I: "X-1 destes alvos" with X = 0 is none of them -- no decision, no error (a random agent once failed
    on a negative count in the random-deck simulation)."""
    from cardscript.games.battle_scenes.runtime.selectors import EffectContext, choose

    game = match([own_character("Um")], [own_character("Dois")])
    options = [card_of(game, 0, "Um V1"), card_of(game, 1, "Dois V1")]
    assert choose(game, EffectContext(controller=0), options, -1, "stage", "which?") == []


def test_4_8_6_a_set_shield_static_whose_record_starts_past_its_first_id_gets_a_new_id() -> None:
    """4.8.6: each change of a counted base shield ends the set-value effect and begins a new one with a new id --
    also when the record kept starts at a later stay ("...#s66.0.0/2"): the random-deck simulation once ended a
    match on "began twice" while Mulher Invisível V1 was rendered."""
    from dataclasses import replace as _replace

    from cardscript.games.battle_scenes.runtime import shields
    from cardscript.games.battle_scenes.runtime.shielding import _shield_record
    from tests.corpus_play import shield_of

    game = match([corpus_card("BSUM 24/100")])
    m = card_of(game, 0, "Mulher Invisível V1")
    enter(game, m, 4)
    base = game.state.scene[m]
    _shield_record(game, m, store=True)            # the record of her shield begins (the watch with it)
    game.unload(base.carried[0])                   # 4 -> 3
    assert base.shields is not None
    first = [e for e in base.shields.events if e.kind is shields.ShieldEventKind.SET_BASE][-1]
    later = _replace(first, effect=first.effect.split("/")[0] + "/2")
    base.shields = shields.ShieldRecord(base.shields.nominal, (later,))
    game.unload(base.carried[0])                   # 3 -> 2: the /2 effect ends, a new one begins
    assert shield_of(game, m) == 2
    ids = [e.effect for e in base.shields.events if e.kind is shields.ShieldEventKind.SET_BASE]
    assert len(ids) == len(set(ids)) == 2
