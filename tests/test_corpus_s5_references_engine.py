"""Corpus cards whose references bind to a slot of the resolution's environment (the owner of the card moved, the
target's owner, the action dealing the damage, the character that entered), played on the engine with assertions on
what the printed text says happens. The cards are read from the development corpora (``tests/corpus_play.py``); the
module is skipped without them."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef
from cardscript.games.battle_scenes.runtime.shielding import end_of_turn
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import (
    Eager,
    calcs,
    card_of,
    corpus_card,
    energy,
    enter,
    events,
    match,
    require_corpus,
    scenario,
    stage,
    step_starts,
    usable,
    use,
    where,
)
from tests.engine_helpers import own_character, pick, punch
from tests.test_corpus_cards_engine import CARRIER, combat

require_corpus()


def test_deflagrar_o_caos_the_owner_of_the_card_put_at_the_bottom_puts_a_card_in_resources() -> None:
    """Deflagrar o Caos V1 ((2014) BSPO 51/100): each time a card is put at the bottom of a player's deck, that
    player (the card's owner: golden rule D) puts the top card of their own deck into their own resources."""
    game = match([corpus_card("(2014) BSPO 51/100")])
    scenario(game, card_of(game, 0, "Deflagrar o Caos V1"))
    mine, theirs = where(game, 0), where(game, 1)
    hand = len(mine("hand"))                                  # entering: you drew one
    assert hand == 1
    top = theirs("deck")[0]
    game.move(theirs("deck")[5], Zone.DECK, bottom=True)
    game.eng.tree.resolve()
    assert theirs("resources") == [top] and mine("resources") == []
    top = mine("deck")[0]
    game.move(mine("hand")[0], Zone.DECK, bottom=True)
    game.eng.tree.resolve()
    assert mine("resources") == [top]


def test_sr_fantastico_loads_the_target_from_its_owners_resources_then_unloads_one() -> None:
    """Sr. Fantástico V1 (BSUM 28/100), Esticar: "Carregue o alvo com um card dos recursos de seu dono. Se o fizer,
    descarregue um card do alvo" -- the target's owner's resources (golden rule D: a character carries its owner's
    cards only), then one card of the target goes to its owner's resources (4.1)."""
    game = match([corpus_card("BSUM 28/100")], [own_character("Outro")], a=Eager({"target": [pick("Outro")]}))
    reed, other = card_of(game, 0, "Sr. Fantástico V1"), card_of(game, 1, "Outro V1")
    enter(game, reed, 3)
    enter(game, other, 2)
    game.move(where(game, 1)("deck")[0], Zone.RESOURCES)
    theirs = list(where(game, 1)("resources"))
    combat(game)
    use(game, reed, "Esticar")
    (loaded,) = [e for e in events(game, "load") if e["onto"] == other and e["frm"] == str(Zone.RESOURCES)]
    assert loaded["card"] in theirs
    assert energy(game, other) == 2 and len(where(game, 1)("resources")) == len(theirs)


def test_golpe_desnorteante_reloads_the_target_from_its_owners_resources() -> None:
    """Golpe Desnorteante V1 (BSUM 58/100), carried: 1 damage to the target, one of its cards unloaded, and, the
    target still in the scene, a card of its owner's resources loaded onto it."""
    game = match([CARRIER, corpus_card("BSUM 58/100")], [own_character("Outro")], a=Eager({"target": [pick("Outro")]}))
    p, g = card_of(game, 0, "Portador V1"), card_of(game, 0, "Golpe Desnorteante V1")
    other = card_of(game, 1, "Outro V1")
    enter(game, p, 2, carried=[g])
    enter(game, other, 4)
    game.move(where(game, 1)("deck")[0], Zone.RESOURCES)
    combat(game)
    use(game, p, "Golpe Desnorteante")
    assert energy(game, other) == 3                     # 4 - 1 damage - 1 unloaded + 1 loaded
    assert [e["frm"] for e in events(game, "load") if e["onto"] == other and "entering" not in e] == [
        str(Zone.RESOURCES)]


def test_triton_actions_of_characters_without_inumanos_deal_one_less_to_it() -> None:
    """Triton V1 ((2016) BSAQ 52/112): damage to it from an action of a character without the affiliation Inumanos
    is 1 less (4.8.3 B); an Inumano's action deals all of it."""
    outsider = own_character("Forasteiro", action=punch("Soco", 4))
    inhuman = own_character("Inumano", affiliations="Inumanos", action=punch("Garra", 4))
    game = match([outsider, inhuman], [corpus_card("(2016) BSAQ 52/112")],
                 a=Eager({"target": [pick("Triton"), pick("Triton")]}))
    a, i, t = card_of(game, 0, "Forasteiro V1"), card_of(game, 0, "Inumano V1"), card_of(game, 1, "Triton V1")
    enter(game, a, 2)
    enter(game, i, 2)
    enter(game, t, 6)
    combat(game)
    use(game, a, "Soco")
    use(game, i, "Garra")
    assert [(c["source"], c["amount"]) for c in calcs(game) if c["card"] == t] == [(a, 3), (i, 4)]


def test_barao_zemo_capacitates_another_mestre_do_terror_not_the_one_that_entered() -> None:
    """Barão Zemo V1 ((2015) BSIV 8/100): when a character with the affiliation Mestres do Terror enters under your
    control, you may capacitate by {1} one of yours with that affiliation "que não seja aquele" -- not the one that
    entered."""
    agent = Eager()
    game = match([corpus_card("(2015) BSIV 8/100"), own_character("Novo", affiliations="Mestres do Terror")], a=agent)
    zemo, new = card_of(game, 0, "Barão Zemo V1"), card_of(game, 0, "Novo V1")
    enter(game, zemo, 4)
    game.state.scene[zemo].stage = 0
    enter(game, new, 2)
    assert stage(game, zemo) == 1                        # Zemo is a Mestre do Terror too: the other one
    assert not any(o.startswith("Novo") for d in agent.seen for o in d.options)


def test_assombro_unloads_a_card_of_an_opponents_character_carrying_more_than_one() -> None:
    """Assombro V1 ((2015) BSIV 95/100), carried: unload a card carried by a character or support another player
    controls that carries more than one card -- the one carrying a single card cannot be chosen."""
    agent = Eager()
    game = match([CARRIER, corpus_card("(2015) BSIV 95/100")], [own_character("Magro"), own_character("Gordo")],
                 a=agent)
    p, a = card_of(game, 0, "Portador V1"), card_of(game, 0, "Assombro V1")
    thin, fat = card_of(game, 1, "Magro V1"), card_of(game, 1, "Gordo V1")
    enter(game, p, 2, carried=[a])
    enter(game, thin, 1)
    enter(game, fat, 3)
    combat(game)
    use(game, p, "Assombro")
    assert energy(game, thin) == 1 and energy(game, fat) == 2
    assert energy(game, p) == 3                                  # yours untouched


def test_batedor_avancado_the_opponent_with_no_character_discards_the_card_you_chose() -> None:
    """Batedor Avançado V1 ((2016) BSGC 54/100): entering, if one of your opponents controls no character, you may
    incapacitate by {1} a character of yours in the scene since the turn began; if you do, you look at that player's
    hand, choose one of its cards and that player discards it."""
    game = match([corpus_card("(2016) BSGC 54/100"), own_character("Batedor")])
    scout = card_of(game, 0, "Batedor V1")
    enter(game, scout, 2)
    theirs = where(game, 1)
    for c in theirs("deck")[:3]:
        game.move(c, Zone.HAND)
    hand, before = list(theirs("hand")), stage(game, scout)
    scenario(game, card_of(game, 0, "Batedor Avançado V1"))
    assert stage(game, scout) == before - 1
    assert len(theirs("hand")) == 2 and [c for c in hand if c not in theirs("hand")][0] in theirs("resources")


def test_batedor_avancado_does_nothing_while_the_opponent_controls_a_character() -> None:
    game = match([corpus_card("(2016) BSGC 54/100"), own_character("Batedor")], [own_character("Guarda")])
    scout = card_of(game, 0, "Batedor V1")
    enter(game, scout, 2)
    enter(game, card_of(game, 1, "Guarda V1"), 2)
    theirs = where(game, 1)
    game.move(theirs("deck")[0], Zone.HAND)
    before = stage(game, scout)
    scenario(game, card_of(game, 0, "Batedor Avançado V1"))
    assert stage(game, scout) == before and len(theirs("hand")) == 1


def test_guerra_civil_a_hero_of_either_player_deals_one_more_to_a_hero_of_the_other() -> None:
    """Guerra Civil V1 ((2014) BSMI 60/100): each time a hero controlled by a player would deal damage to a hero
    controlled by another player, it deals that much +1 -- your opponent's heroes too (5.3)."""
    theirs = own_character("Homem de Ferro", action=punch("Repulsor", 1))
    game = match([corpus_card("(2014) BSMI 60/100"), own_character("Capitão")], [theirs],
                 b=Eager({"target": [pick("Capitão")]}), turn_player=1)
    cap, iron = card_of(game, 0, "Capitão V1"), card_of(game, 1, "Homem de Ferro V1")
    enter(game, cap, 4)
    enter(game, iron, 3)
    scenario(game, card_of(game, 0, "Guerra Civil V1"))
    combat(game, turn_player=1)
    use(game, iron, "Repulsor")
    assert [(c["card"], c["amount"]) for c in calcs(game)] == [(cap, 2)]


def test_no_lugar_errado_each_player_chooses_and_nobody_uses_actions_of_those_affiliations() -> None:
    """No Lugar Errado V1 ((2014) BSIC 61/100): at the start of each player's turn, each player chooses an
    affiliation; until the end of the turn no player may use actions of characters of the chosen affiliations."""
    def fighter(name: str, affiliation: str) -> CardDef:
        return own_character(name, affiliations=affiliation, action=punch(f"Golpe de {name}"))

    game = match([corpus_card("(2014) BSIC 61/100"), fighter("Vingador", "Vingadores"),
                  fighter("Defensor", "Defensores")], [fighter("Mutante", "X-Men")],
                 a=Eager({"choose_affiliation": [pick("Defensores")]}),
                 b=Eager({"choose_affiliation": [pick("X-Men")]}))
    v, d, m = card_of(game, 0, "Vingador V1"), card_of(game, 0, "Defensor V1"), card_of(game, 1, "Mutante V1")
    for c in (v, d, m):
        enter(game, c, 2)
    scenario(game, card_of(game, 0, "No Lugar Errado V1"))
    step_starts(game, "turn", None)
    combat(game)
    assert usable(game, v, "Golpe de Vingador") and not usable(game, d, "Golpe de Defensor")
    combat(game, turn_player=1)
    assert not usable(game, m, "Golpe de Mutante")
    end_of_turn(game)
    assert usable(game, m, "Golpe de Mutante")                   # until the end of the turn only


def test_legiao_gains_the_powers_and_may_use_the_actions_of_the_character_cards_it_carries() -> None:
    """Legião V1 ((2015) BSOS 29/100): "ganha os poderes e pode usar ações dos cards de personagem que ele estiver
    carregando" -- the "de ..." is both conjuncts': the carried character cards' powers and actions."""
    from cardscript.games.battle_scenes.runtime.statics import powers_now

    carried = own_character("Personalidade", powers="Voo", action=punch("Rajada", 1, power="Voo"))
    game = match([corpus_card("(2015) BSOS 29/100"), carried], [own_character("Alvo")],
                 a=Eager({"target": [pick("Alvo")]}))
    legion, persona = card_of(game, 0, "Legião V1"), card_of(game, 0, "Personalidade V1")
    enter(game, legion, 2)
    assert "VO" not in powers_now(game, legion, 0)
    game.move(persona, Zone.RESOURCES)
    game.load(persona, legion)
    enter(game, card_of(game, 1, "Alvo V1"), 3)
    assert "VO" in powers_now(game, legion, 0)
    combat(game)
    assert usable(game, legion, "Rajada")
