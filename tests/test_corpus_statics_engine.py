"""Corpus cards played on the engine, with assertions on what their printed text
says happens (continuous effects created for a time or while their card stays, costs changed, characteristics
gained and lost). Every card is read from the development corpora at test time (``tests/corpus_play.py``); the
other cards of each game are small cards written here. The docstrings describe each behaviour in our own words."""

from __future__ import annotations

from cardscript.games.battle_scenes.runtime.continuous import end_of_turn
from cardscript.games.battle_scenes.runtime.filters import filter_matches
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.queries import action_cost
from cardscript.games.battle_scenes.runtime.selectors import EffectContext
from cardscript.games.battle_scenes.runtime.shielding import end_of_turn as shields_end_of_turn
from tests.corpus_play import (
    at,
    calcs,
    card_of,
    corpus_card,
    energy,
    enter,
    match,
    require_corpus,
    scenario,
    shield_of,
    stage,
    usable,
    use,
)
from tests.engine_helpers import card, punch
from tests.engine_helpers import own_character as char

require_corpus()


TARGET = char("Alvo")
ARMORED = char("Blindado", shield=2)
TWICE = char("Repetidor", action=punch("Golpe Repetido", extra="Este personagem pode usar esta ação outra vez neste "
                                                               "turno."))


def combat(game: Match, player: int = 0) -> None:
    at(game, "combat", "attack", player)


def test_combate_as_cegas_an_action_used_gains_acao_unica_for_the_turn() -> None:
    """Combate às Cegas V1 ((2015) BSIV 60/100), the scenario: every action used gains Ação Única until the end of
    the turn, so a character allowed to use its action again this turn cannot."""
    game = match([TWICE, corpus_card("(2015) BSIV 60/100")], [TARGET])
    r, t = card_of(game, 0, "Repetidor V1"), card_of(game, 1, "Alvo V1")
    enter(game, r, 3)
    enter(game, t, 4)
    scenario(game, card_of(game, 0, "Combate às Cegas V1"))
    combat(game)
    use(game, r, "Golpe Repetido")
    assert not usable(game, r, "Golpe Repetido")
    end_of_turn(game)
    game.state.turn += 1
    combat(game)
    assert usable(game, r, "Golpe Repetido")


def test_ossos_cruzados_chuva_de_balas_costs_0_the_first_time_in_a_turn() -> None:
    """Ossos Cruzados V1 ((2014) BSPO 31/100): while Chuva de Balas has not been used by it this turn it costs
    {0}; its text lets it use it again, and the second use pays the printed {1}."""
    ossos = corpus_card("(2014) BSPO 31/100")
    game = match([ossos], [TARGET])
    o, t = card_of(game, 0, "Ossos Cruzados V1"), card_of(game, 1, "Alvo V1")
    enter(game, o, 3)
    enter(game, t, 5)
    combat(game)
    assert ossos.action is not None and action_cost(game, ossos.action) == 0
    use(game, o, "Chuva de Balas")
    assert stage(game, o) == 1 and energy(game, t) == 4
    assert action_cost(game, ossos.action) == 1
    use(game, o, "Chuva de Balas")
    assert stage(game, o) == 0 and energy(game, t) == 3


def test_karnak_ponto_de_contato_sets_the_targets_shield_to_0_for_the_turn() -> None:
    """Karnak V1 ((2016) BSAQ 29/112): Ponto de Contato makes the target's shield 0 until the end of the turn, then
    deals 2 damage -- all of it gets through a printed shield of 2."""
    game = match([corpus_card("(2016) BSAQ 29/112")], [ARMORED])
    k, b = card_of(game, 0, "Karnak V1"), card_of(game, 1, "Blindado V1")
    enter(game, k, 3)
    enter(game, b, 4)
    game.state.scene[k].stage = 2                      # it costs {2}
    at(game, "preparation", None, 0)
    use(game, k, "Ponto de Contato", "preparation")      # an Ação Imprevista
    assert calcs(game)[-1]["amount"] == 2 and energy(game, b) == 2
    assert shield_of(game, b) == 0
    shields_end_of_turn(game)
    assert shield_of(game, b) == 2


def test_mesmero_hipnose_leaves_the_target_only_the_chosen_action_this_turn() -> None:
    """Mesmero V1 (BSET DECK 15/66): Hipnose chooses one action of the target; for the turn the target can use no
    other action (here: its own action chosen, the carried ability card's forbidden)."""
    kick = card("Habilidade: Chute V1\nPoder: Super Força\n\n" + punch("Chute"))
    brute = char("Brutamontes", action=punch("Soco Forte"))
    game = match([corpus_card("BSET DECK 15/66")], [brute, kick])
    m, b, kc = card_of(game, 0, "Mesmero V1"), card_of(game, 1, "Brutamontes V1"), card_of(game, 1, "Chute V1")
    enter(game, m, 3)
    enter(game, b, 2, carried=[kc])
    game.state.scene[m].stage = 2
    combat(game)
    use(game, m, "Hipnose")
    combat(game, 1)
    assert [usable(game, b, "Soco Forte"), usable(game, b, "Chute")].count(True) == 1


def test_mandarim_dez_aneis_gains_the_chosen_power_for_the_turn() -> None:
    """Mandarim V1 ((2014) BSPO 22/100): Dez Anéis gives it a power of a character in the scene and one more action,
    both for the turn."""
    flyer = card("Personagem: Voador V1\nAlinhamento: Herói\nPoderes: Voo\nEnergia inicial: 3\nEscudo: 0\n")
    game = match([corpus_card("(2014) BSPO 22/100")], [flyer])
    m, f = card_of(game, 0, "Mandarim V1"), card_of(game, 1, "Voador V1")
    enter(game, m, 3)
    enter(game, f, 3)
    from cardscript.games.battle_scenes.runtime.statics import powers

    assert "VO" not in powers(game, m)
    at(game, "preparation", None, 0)
    game.agents[0].answers["choose_power"] = [lambda d: [d.options.index("VO")]]
    use(game, m, "Dez Anéis", "preparation")          # an Ação Imprevista
    assert "VO" in powers(game, m)
    assert game.state.scene[m].extra_actions == 1      # "e pode usar mais uma ação neste turno": this character
    end_of_turn(game)
    game.state.turn += 1
    assert "VO" not in powers(game, m)


def test_acumular_poder_costs_1_less_for_each_action_the_opponent_used() -> None:
    """Acumular Poder V1 ((2014) BSPO 70/100), carried: its action costs {1} less for each action the opponent used
    this turn (printed {2}: one opposing action, {1})."""
    acc = corpus_card("(2014) BSPO 70/100")
    brute = char("Brutamontes", action=punch("Soco Forte"))
    carrier = char("Portador", shield=3)               # the opposing punch does not unload Acumular Poder
    game = match([carrier, acc], [brute])
    c, a, b = card_of(game, 0, "Portador V1"), card_of(game, 0, "Acumular Poder V1"), card_of(game, 1, "Brutamontes V1")
    enter(game, c, 2, carried=[a])
    enter(game, b, 3)
    assert acc.action is not None
    printed = acc.action.cost
    assert printed is not None and action_cost(game, acc.action) == printed
    combat(game, 1)
    use(game, b, "Soco Forte")
    assert action_cost(game, acc.action) == printed - 1


def test_potencia_incomparavel_the_next_sf_action_costs_1_less_once() -> None:
    """Potência Incomparável V1 ((2014) BSPO 62/100), the scenario: incapacitating one of your {SF} characters by
    one makes its next {SF} action this turn cost {1} less; the use after that pays the full cost."""
    strong = char("Forte", action=punch("Murro", extra="Este personagem pode usar esta ação outra vez neste turno.",
                                        cost=1))
    game = match([strong, corpus_card("(2014) BSPO 62/100")], [TARGET])
    f, t = card_of(game, 0, "Forte V1"), card_of(game, 1, "Alvo V1")
    enter(game, f, 3)
    enter(game, t, 5)
    game.state.scene[f].stage = 2
    scenario(game, card_of(game, 0, "Potência Incomparável V1"))
    assert stage(game, f) == 1
    combat(game)
    use(game, f, "Murro")
    assert stage(game, f) == 1
    use(game, f, "Murro")
    assert stage(game, f) == 0


def test_ultron_61112_the_target_gains_the_alter_ego_ultron_for_the_turn() -> None:
    """Ultron-61112 V1 (Battle Royal 4): its action gives the target the alter ego Ultron until the end of the turn."""
    from cardscript.compiler.ir import Filter

    game = match([corpus_card("Battle Royal 4")], [TARGET])
    u, t = card_of(game, 0, "Ultron-61112 V1"), card_of(game, 1, "Alvo V1")
    enter(game, u, 3)
    enter(game, t, 3)
    combat(game)
    (name,) = [a.name for a in [game.cards[u].action] if a is not None]
    use(game, u, name)
    ctx = EffectContext(controller=0, source=u)
    assert filter_matches(game, ctx, t, Filter("alter_ego", "eq", "Ultron"))
    game.state.turn += 1
    assert not filter_matches(game, ctx, t, Filter("alter_ego", "eq", "Ultron"))


def test_onda_de_panico_each_countdown_puts_one_card_more_into_the_resources() -> None:
    """Onda de Pânico V1 (BSUM 49/100), the scenario: entering, its controller draws a card; while it is the
    scenario, each player puts one more card from the deck into the resources in their Fase de Contagem
    Regressiva."""
    game = match([corpus_card("BSUM 49/100")])
    hand = len(game.state.players[0].hand)
    scenario(game, card_of(game, 0, "Onda de Pânico V1"))
    assert len(game.state.players[0].hand) == hand + 1
    for player in (0, 1):
        before = len(game.state.players[player].resources)
        game.eng.countdown(player)
        assert len(game.state.players[player].resources) - before == 2


def test_ciclope_the_target_uses_its_actions_as_antecipar_actions_this_turn() -> None:
    """Ciclope V2 (BSET 11/100): Coordenar Ações lets the X-Men character it targets use its actions as Ações de
    Antecipar until the end of the turn (its normal action becomes one for it; the next turn, normal again)."""
    from cardscript.games.battle_scenes.runtime.queries import action_types

    xman = char("Mutante", affiliations="X-Men", action=punch("Rajada Óptica"))
    game = match([corpus_card("BSET 11/100"), xman], [TARGET])
    c, x = card_of(game, 0, "Ciclope V2"), card_of(game, 0, "Mutante V1")
    enter(game, c, 3)
    enter(game, x, 3)
    enter(game, card_of(game, 1, "Alvo V1"), 3)
    game.state.scene[c].stage = 2
    xa = game.cards[x].action
    assert xa is not None and action_types(game, x, xa) == (False, False)
    game.agents[0].answers["target"] = [lambda d: [d.options.index(game.name(x))]]
    combat(game)
    use(game, c, "Coordenar Ações")
    assert action_types(game, x, xa) == (True, False)
    game.state.turn += 1
    assert action_types(game, x, xa) == (False, False)
