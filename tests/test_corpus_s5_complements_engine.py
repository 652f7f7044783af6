"""Corpus cards of the "complements" cluster (session 5) played on the engine, with assertions on what their
printed text says happens. Every card is read from the development corpora at test time (``tests/corpus_play.py``);
the other cards of each game are small cards written here. The docstrings describe each behaviour in our own
words."""

from __future__ import annotations

from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.state import CardId, Zone
from tests.corpus_play import (
    Eager,
    at,
    calcs,
    card_of,
    corpus_card,
    energy,
    enter,
    fillers,
    match,
    require_corpus,
    scenario,
    stage,
    usable,
    use,
)
from tests.engine_helpers import card, punch
from tests.engine_helpers import own_character as char

require_corpus()

TARGET = char("Alvo")
HITTER = char("Batedor", action=punch("Soco", 3))
PIERCER = char("Perfurador", action="Ação: Perfurar\n  Custo: {0}\n  Poder: Super Força\n  Perfurar causa 3 pontos "
                                    "de dano penetrante no alvo.\n")


def combat(game: Match, turn_player: int = 0) -> None:
    at(game, "combat", "attack", turn_player)


def dealt(game: Match) -> list[tuple[CardId, int]]:
    return [(c["card"], c["amount"]) for c in calcs(game)]


def test_rei_das_sombras_any_source_deals_it_only_1_damage() -> None:
    """Rei das Sombras V1 ((2014) BSIC 38/100): whatever source damages it, the damage is 1 (4.8.3 D)."""
    game = match([corpus_card("(2014) BSIC 38/100")], [HITTER])
    k, h = card_of(game, 0, "Rei das Sombras V1"), card_of(game, 1, "Batedor V1")
    enter(game, k, 3)                                 # entering, it has no other player's character to choose
    enter(game, h, 3)
    combat(game, 1)
    use(game, h, "Soco")
    assert dealt(game)[-1] == (k, 1) and energy(game, k) == 2


def test_fantasma_only_1_damage_of_non_piercing_damage_while_it_shares_an_affiliation() -> None:
    """Fantasma V1 ((2016) BSGC 18/100): while its controller has another character sharing one of its
    affiliations, non-piercing damage to it is 1; piercing damage is not changed, and without the ally nothing is."""
    ally = char("Aliado", affiliations="Thunderbolts")
    game = match([corpus_card("(2016) BSGC 18/100"), ally], [HITTER, PIERCER])
    f, a = card_of(game, 0, "Fantasma V1"), card_of(game, 0, "Aliado V1")
    h, p = card_of(game, 1, "Batedor V1"), card_of(game, 1, "Perfurador V1")
    enter(game, f, 6)
    enter(game, h, 3)
    enter(game, p, 3)
    combat(game, 1)
    use(game, h, "Soco")
    assert dealt(game)[-1] == (f, 3)                  # no ally sharing an affiliation yet
    enter(game, a, 1)
    game.state.scene[h].actions_used.clear()
    use(game, h, "Soco")
    assert dealt(game)[-1] == (f, 1)
    use(game, p, "Perfurar")
    assert dealt(game)[-1] == (f, 3)                  # piercing: unchanged


def test_incursao_surpreendente_one_more_damaging_action_without_its_cost() -> None:
    """Incursão Surpreendente V1 ((2017) BSCA DECK 65/66): after it, its user may use one more action that causes
    damage this turn, paying no incapacitation cost -- even one it could not pay; and only one."""
    flyer = char("Voador", powers="Voo, Super Força", action=punch("Soco", 1, cost=2))
    game = match([corpus_card("(2017) BSCA DECK 65/66"), flyer], [TARGET])
    v, t = card_of(game, 0, "Voador V1"), card_of(game, 1, "Alvo V1")
    enter(game, v, 2, carried=[card_of(game, 0, "Incursão Surpreendente V1")])
    enter(game, t, 8)
    game.state.scene[v].stage = 2
    combat(game)
    use(game, v, "Incursão Surpreendente")
    assert stage(game, v) == 0 and dealt(game)[-1] == (t, 2)
    use(game, v, "Soco")                              # cost {2} at stage 0: not paid
    assert stage(game, v) == 0 and dealt(game)[-1] == (t, 1)
    assert not usable(game, v, "Soco")                # the one use granted is spent


def test_rompante_hipersonico_two_more_flight_actions_without_their_costs() -> None:
    """Rompante Hipersônico V1 (BSET 98/100): its user may use up to two other actions of {VO} this turn without
    paying their incapacitation costs; an action of another power gets no such use."""
    flyer = char("Voador", powers="Voo", action=punch("Rasante", 1, power="Voo", cost=1))
    game = match([corpus_card("BSET 98/100"), flyer], [TARGET])
    v, t = card_of(game, 0, "Voador V1"), card_of(game, 1, "Alvo V1")
    enter(game, v, 2, carried=[card_of(game, 0, "Rompante Hipersônico V1")])
    enter(game, t, 8)
    game.state.scene[v].stage = 1
    combat(game)
    use(game, v, "Rompante Hipersônico")
    assert stage(game, v) == 0
    use(game, v, "Rasante")
    use(game, v, "Rasante")
    assert stage(game, v) == 0 and dealt(game) == [(t, 1), (t, 1)]
    assert not usable(game, v, "Rasante")


SURPRISE = card("Habilidade: Surpresa V1\nPoder: Agilidade\nAção: Ataque-Surpresa\n  Custo: {0}\n  Poder: Agilidade\n"
                "  Ataque-Surpresa causa 1 ponto de dano no alvo.\n")
OTHER = card("Habilidade: Rasteira V1\nPoder: Agilidade\nAção: Rasteira\n  Custo: {0}\n  Poder: Agilidade\n"
             "  Rasteira causa 1 ponto de dano no alvo.\n")


def test_viuva_negra_ponto_cego_one_more_action_named_ataque_surpresa() -> None:
    """Viúva Negra V2 ((2015) BSIV 51/100), Ponto Cego: 2 damage, she capacitates by 1 and may use one more action
    this turn -- one named Ataque-Surpresa (the name, not the keyword), no other."""
    game = match([corpus_card("(2015) BSIV 51/100"), SURPRISE, OTHER], [TARGET])
    w, t = card_of(game, 0, "Viúva Negra V2"), card_of(game, 1, "Alvo V1")
    enter(game, w, 1, carried=[card_of(game, 0, "Surpresa V1"), card_of(game, 0, "Rasteira V1")])
    enter(game, t, 8)
    game.state.scene[w].stage = 1
    combat(game)
    use(game, w, "Ponto Cego")
    assert stage(game, w) == 1 and dealt(game)[-1] == (t, 2)      # {1} paid, then capacitated by 1
    assert not usable(game, w, "Rasteira")
    use(game, w, "Ataque-Surpresa")
    assert dealt(game)[-1] == (t, 1)


def test_barracuda_entering_unloads_a_card_of_an_opponents_character_of_initial_energy_1() -> None:
    """Barracuda V1 ((2015) BSIV 9/100): entering, its controller may unload a card from a character of initial
    energy 1 another player controls -- not from one of initial energy 3."""
    small, big = char("Pequeno", ie=1), char("Grande", ie=3)
    game = match([corpus_card("(2015) BSIV 9/100")], [small, big])
    b, s, g = card_of(game, 0, "Barracuda V1"), card_of(game, 1, "Pequeno V1"), card_of(game, 1, "Grande V1")
    enter(game, s, 2)
    enter(game, g, 2)
    enter(game, b, 2)
    assert energy(game, s) == 1 and energy(game, g) == 2


def test_pancada_avassaladora_x_is_twice_the_copies_it_carries_plus_1() -> None:
    """Pancada Avassaladora V1 ((2014) BSPO 89/100): X+1 damage, X twice the number of cards of it its user carries
    -- two copies carried: 5 damage."""
    strong = char("Forte", powers="Super Força")
    game = match([corpus_card("(2014) BSPO 89/100"), corpus_card("(2014) BSPO 89/100"), strong], [TARGET])
    s, t = card_of(game, 0, "Forte V1"), card_of(game, 1, "Alvo V1")
    enter(game, s, 1, carried=[card_of(game, 0, "Pancada Avassaladora V1", 0),
                               card_of(game, 0, "Pancada Avassaladora V1", 1)])
    enter(game, t, 8)
    game.state.scene[s].stage = 3
    combat(game)
    use(game, s, "Pancada Avassaladora")
    assert dealt(game)[-1] == (t, 5)


def test_sombras_ilusorias_puts_the_scenario_in_play_into_its_owners_resources() -> None:
    """Sombras Ilusórias V1 ((2014) BSIC 83/100), its second option: the scenario in play goes to its owner's
    resources and the target takes 2 damage."""
    magician = char("Mago", powers="Magia")
    place = card("Cenário: Praça V1\n\nTexto permanente:\n  Quando este cenário entrar em cena, compre um card.\n")
    game = match([corpus_card("(2014) BSIC 83/100"), magician], [TARGET, place], a=Eager({"mode": [[1]]}))
    m, t = card_of(game, 0, "Mago V1"), card_of(game, 1, "Alvo V1")
    p = card_of(game, 1, "Praça V1")
    enter(game, m, 1, carried=[card_of(game, 0, "Sombras Ilusórias V1")])
    enter(game, t, 8)
    scenario(game, p)
    game.state.scene[m].stage = 3
    combat(game)
    use(game, m, "Sombras Ilusórias")
    assert game.state.scenario is None and p in game.state.players[1].resources
    assert dealt(game)[-1] == (t, 2)


SPELL = card("Habilidade: Feitiço V1\nPoder: Magia\nAção: Feitiço\n  Custo: {1}\n  Poder: Magia\n  Compre um card.\n")


def test_ensinamento_mistico_loads_one_revealed_magic_card_which_stays_loaded() -> None:
    """Ensinamento Místico V1 ((2015) BSOS 81/100): Clarividência 3; one revealed ability card of {MA} may be
    loaded onto a character its controller controls -- one, not every one revealed -- and it is not put back on top
    of the deck at the end; the two others are."""
    mage = char("Maga", powers="Magia")
    game = match([corpus_card("(2015) BSOS 81/100"), mage, SPELL, SPELL],
                 [TARGET], a=Eager({"reveal": [lambda d: list(range(len(d.options)))]}))
    m = card_of(game, 0, "Maga V1")
    s1, s2 = card_of(game, 0, "Feitiço V1", 0), card_of(game, 0, "Feitiço V1", 1)
    enter(game, m, 1, carried=[card_of(game, 0, "Ensinamento Místico V1")])
    deck = game.state.players[0].deck
    deck.remove(s1)
    deck.remove(s2)
    deck[0:0] = [s1, s2]                                  # two {MA} abilities on top
    third = deck[2]
    size = len(deck)
    combat(game)
    use(game, m, "Ensinamento Místico")
    carried = game.state.scene[m].carried
    loaded = [c for c in (s1, s2) if c in carried]
    assert len(loaded) == 1
    assert len(deck) == size - 1 and set(deck[:2]) == {third, *({s1, s2} - set(loaded))}


def test_lockheed_fogo_do_dragao_more_than_once_per_turn_while_katherine_pryde_is_in_play() -> None:
    """Lockheed V1 ((2015) BSOS 31/100): while its controller controls a character with the alter ego Katherine
    Pryde, it may use Fogo do Dragão more than once a turn (paying each cost); without her, once."""
    kitty = char("Lince Negra", alter_ego="Katherine Pryde")
    game = match([corpus_card("(2015) BSOS 31/100"), kitty], [TARGET])
    lo, k, t = card_of(game, 0, "Lockheed V1"), card_of(game, 0, "Lince Negra V1"), card_of(game, 1, "Alvo V1")
    enter(game, lo, 2)
    enter(game, t, 9)
    game.state.scene[lo].stage = 3
    combat(game)
    use(game, lo, "Fogo do Dragão")
    assert not usable(game, lo, "Fogo do Dragão")          # no Katherine Pryde
    enter(game, k, 1)
    use(game, lo, "Fogo do Dragão")
    use(game, lo, "Fogo do Dragão")
    assert stage(game, lo) == 0 and dealt(game) == [(t, 2)] * 3
    assert not usable(game, lo, "Fogo do Dragão")          # stage 0: its cost {1} cannot be paid


def test_livro_de_vishanti_clarividencia_of_its_carriers_actions_sets_two_more_aside() -> None:
    """Livro de Vishanti V1 ((2014) BSPO 85/100): the actions with Clarividência its carrier uses have Clarividência
    +2 -- Clarividência 2 sets the top four cards aside (and returns them at the end); another character's is 2."""
    seer = char("Vidente", powers="Magia", action="Ação: Visão\n  Custo: {0}\n  Poder: Magia\n  Clarividência 2 - "
                                                   "Compre um card.\n")
    game = match([corpus_card("(2014) BSPO 85/100"), seer, seer], [TARGET])
    v1, v2 = card_of(game, 0, "Vidente V1", 0), card_of(game, 0, "Vidente V1", 1)
    enter(game, v1, 1, carried=[card_of(game, 0, "Livro de Vishanti V1")])
    enter(game, v2, 2)
    combat(game)
    use(game, v1, "Visão")
    assert len(set_aside(game)) == 4                     # Clarividência 2 + 2
    use(game, v2, "Visão")
    assert len(set_aside(game)) == 4 + 2                 # the other character's: 2


def set_aside(game: Match) -> list[object]:
    return [e for e in game.log.events if e.kind == "move" and e.data.get("to") == "set_aside"]


def test_bruce_banner_knocked_out_by_damage_puts_hulk_in_play_carrying_up_to_four_cards() -> None:
    """Bruce Banner V1 (BSET 5/100): knocked out by an action's damage, its controller may search for a character
    named Hulk and put it in the scene carrying up to four cards of the resources (not its initial energy's worth)."""
    hulk = char("Hulk", ie=6)
    game = match([corpus_card("BSET 5/100"), hulk], [HITTER],
                 a=Eager({"load": [lambda d: list(range(d.maximum))]}))
    bruce, h, foe = card_of(game, 0, "Bruce Banner V1"), card_of(game, 0, "Hulk V1"), card_of(game, 1, "Batedor V1")
    enter(game, bruce, 1)
    enter(game, foe, 3)
    for c in fillers(game, 0)[:5]:
        game.move(c, Zone.RESOURCES)
    combat(game, 1)
    use(game, foe, "Soco")
    assert bruce not in game.state.scene and h in game.state.scene
    assert energy(game, h) == 4


def test_bruce_banner_knocked_out_otherwise_does_nothing() -> None:
    """Bruce Banner V1 (BSET 5/100): knocked out by something other than an action's damage (here: its last card
    unloaded by an effect), its text does not trigger."""
    hulk = char("Hulk", ie=6)
    game = match([corpus_card("BSET 5/100"), hulk])
    bruce, h = card_of(game, 0, "Bruce Banner V1"), card_of(game, 0, "Hulk V1")
    enter(game, bruce, 1)
    game.unload(game.state.scene[bruce].carried[0])
    game.eng.tree.resolve()
    assert bruce not in game.state.scene and h not in game.state.scene
