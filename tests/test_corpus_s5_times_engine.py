"""Session 5, cluster "times": corpus cards whose durations and times now lower, played on the engine with
assertions on what their printed text says happens (areas, numbers, stages).

Every card is read from the development corpora (``../shared/corpus``) at test time (``tests/corpus_play.py``);
the module is skipped without the corpora. The docstrings describe each behaviour in our own words and cite the
card by name and printed code.
"""

from __future__ import annotations

from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.shielding import end_of_turn
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import (
    Eager,
    activatable,
    activate,
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
    usable,
    use,
    zone,
)
from tests.engine_helpers import Script, card, pick, punch
from tests.engine_helpers import own_character as char

require_corpus()

FIELD = card("Cenário: Campo Aberto V1\n")
TARGET = char("Alvo", ie=2)


def turn_ends(game: Match, turn_player: int = 0) -> None:
    """6.2 Final do Turno: the turn's end triggers resolve."""
    at(game, "end", None, turn_player)
    game.emit("phase_end", phase="turn", player=turn_player, turn=game.state.turn)
    game.eng.tree.resolve()


def test_arcade_puts_the_scenario_in_scene_and_at_the_end_of_the_turn_at_the_bottom_of_the_deck() -> None:
    """Arcade (BSET 3/100), Brincadeira Mortal: a scenario card from your resources enters the scene; at the end of
    the turn (an effect the action creates, triggered once: 5.7 B) it goes to the bottom of your deck if it is
    still in the scene. Nothing happens before the end of the turn, and nothing the next turn."""
    game = match([corpus_card("BSET 3/100"), FIELD])
    arcade, field = card_of(game, 0, "Arcade V1"), card_of(game, 0, "Campo Aberto V1")
    enter(game, arcade)
    game.move(field, Zone.RESOURCES)
    at(game, "combat", "attack")
    use(game, arcade, "Brincadeira Mortal")
    game.eng.tree.resolve()
    assert game.state.scenario == field
    game.emit("phase_end", phase="combat", player=0, turn=game.state.turn)   # another end: not the turn's
    game.eng.tree.resolve()
    assert game.state.scenario == field
    turn_ends(game)
    assert game.state.players[0].deck[-1] == field and game.state.scenario != field
    assert not [e for e in game.state.effects if e.what == "triggered"]      # once: gone


def test_arcade_leaves_a_scenario_that_left_the_scene_where_it_is() -> None:
    """Arcade (BSET 3/100): "se aquele cenário ainda estiver em cena" -- a scenario that left before the end of the
    turn is not moved."""
    game = match([corpus_card("BSET 3/100"), FIELD])
    arcade, field = card_of(game, 0, "Arcade V1"), card_of(game, 0, "Campo Aberto V1")
    enter(game, arcade)
    game.move(field, Zone.RESOURCES)
    at(game, "combat", "attack")
    use(game, arcade, "Brincadeira Mortal")
    game.eng.tree.resolve()
    game.move(field, Zone.HAND)
    turn_ends(game)
    assert zone(game, field) == str(Zone.HAND)


def test_prisao_extradimensional_returns_the_imprisoned_card_to_its_owners_resources_at_the_end_of_the_turn()\
        -> None:
    """Prisão Extradimensional ((2015) BSOS 86/100): the target (another player's character, Energia Inicial at
    most X -- X paid as Energia Cósmica X+X before the target is chosen, 4.6.2 E.2) is unloaded and its card goes
    to your prizes; at the end of the turn (a delayed effect, 5.7 B) that same card ("o card daquele personagem":
    the character's own card) goes to its owner's resources."""
    caster = char("Cósmico", powers="Poder Cósmico")
    game = match([caster, corpus_card("(2015) BSOS 86/100")], [char("Fraco", ie=1)], a=Eager({"x": [pick("1")]}))
    user, prison = card_of(game, 0, "Cósmico V1"), card_of(game, 0, "Prisão Extradimensional V1")
    target = card_of(game, 1, "Fraco V1")
    enter(game, user, 1, carried=[prison])
    game.state.scene[user].stage = 2
    enter(game, target, 1)
    (load,) = game.state.scene[target].carried
    at(game, "combat", "attack")
    game.move(fillers(game, 0)[0], Zone.RESOURCES)
    assert not usable(game, user, "Prisão Extradimensional")   # one card: X can only be 0, no legal target
    for c in fillers(game, 0)[:3]:
        game.move(c, Zone.RESOURCES)
    use(game, user, "Prisão Extradimensional")
    game.eng.tree.resolve()
    assert zone(game, target) == str(Zone.PRIZES) and target not in game.state.scene    # your prizes: kept by
    assert target in game.state.players[1].prizes          # the engine with its owner's cards (golden rule D)
    assert load in game.state.players[1].resources
    turn_ends(game)
    assert target in game.state.players[1].resources


def test_transporte_aereo_the_character_put_in_scene_can_act_this_turn() -> None:
    """Transporte Aéreo (BSET 99/100): you may put a character from your hand in the scene; it gains Prontidão --
    it may use actions in the turn it entered the scene (4.6.2 C.1, rules 7), which without it it could not."""
    flier = char("Piloto", powers="Voo")
    newcomer = char("Recruta", ie=1, action=punch("Soco"))
    game = match([flier, corpus_card("BSET 99/100"), newcomer], [TARGET])
    user, ability = card_of(game, 0, "Piloto V1"), card_of(game, 0, "Transporte Aéreo V1")
    recruit, target = card_of(game, 0, "Recruta V1"), card_of(game, 1, "Alvo V1")
    enter(game, user, 1, carried=[ability])
    game.state.scene[user].stage = 2
    enter(game, target, 2)
    game.move(recruit, Zone.HAND)
    for c in fillers(game, 0)[:2]:
        game.move(c, Zone.RESOURCES)
    at(game, "combat", "attack")
    use(game, user, "Transporte Aéreo")
    game.eng.tree.resolve()
    assert recruit in game.state.scene and game.state.scene[recruit].entered_turn == game.state.turn
    assert usable(game, recruit, "Soco")


def test_a_character_that_entered_this_turn_without_prontidao_cannot_act() -> None:
    """The contrast (4.6.2 C.1): the same character put in the scene this turn by the rules cannot act."""
    newcomer = char("Recruta", ie=1, action=punch("Soco"))
    game = match([newcomer], [TARGET])
    recruit, target = card_of(game, 0, "Recruta V1"), card_of(game, 1, "Alvo V1")
    enter(game, target, 2)
    enter(game, recruit, 1)
    game.state.scene[recruit].entered_turn = game.state.turn
    at(game, "combat", "attack")
    assert not usable(game, recruit, "Soco")


def test_aguia_estelar_takes_the_place_of_aleta_with_the_cards_she_was_carrying() -> None:
    """Águia Estelar ((2014) BSIC 2/100), from your hand in your Preparation Phase, if you control Aleta since the
    start of the turn: Aleta's cards are unloaded and she returns to your hand; Águia Estelar enters the scene
    loaded with the very cards Aleta was carrying (not from the resources) and gains Prontidão: it may use its
    action this turn."""
    game = match([corpus_card("(2014) BSIC 2/100"), corpus_card("(2014) BSIC 4/100")], [TARGET])
    eagle, aleta = card_of(game, 0, "Águia Estelar V1"), card_of(game, 0, "Aleta V1")
    target = card_of(game, 1, "Alvo V1")
    enter(game, aleta, 3)
    enter(game, target, 2)
    carried = list(game.state.scene[aleta].carried)
    game.move(eagle, Zone.HAND)
    spare = fillers(game, 0)[:3]
    for c in spare:
        game.move(c, Zone.RESOURCES)
    at(game, "preparation")
    assert activatable(game, eagle)
    activate(game, eagle)
    game.eng.tree.resolve()
    assert aleta in game.state.players[0].hand
    assert eagle in game.state.scene and sorted(game.state.scene[eagle].carried) == sorted(carried)
    assert all(c in game.state.players[0].resources for c in spare)
    at(game, "combat", "attack")
    game.state.scene[eagle].stage = 2
    assert usable(game, eagle, "Energia Fotônica")


def test_aguia_estelar_needs_aleta_under_your_control_since_the_start_of_the_turn() -> None:
    """The condition: an Aleta that entered the scene this turn (or another player's) does not let it act."""
    game = match([corpus_card("(2014) BSIC 2/100")], [corpus_card("(2014) BSIC 4/100")])
    eagle, theirs = card_of(game, 0, "Águia Estelar V1"), card_of(game, 1, "Aleta V1")
    enter(game, theirs, 3)
    game.move(eagle, Zone.HAND)
    at(game, "preparation")
    assert not activatable(game, eagle)


# --- X defined by its own sentence ------------------------------------------------------------------------------

CARRIER = char("Portador", powers="Ataque Energético, Super Força, Voo, Magia, Telecinesia")


def _damage_to(game: Match, card_id: int) -> list[int]:
    return [c["amount"] for c in calcs(game) if c["card"] == card_id]


def test_energias_ocultas_counts_the_powers_the_user_has() -> None:
    """Energias Ocultas ((2016) BSGC 73/100): X is the number of powers the character using it has -- here five
    (its card's example: three powers, three damage)."""
    game = match([CARRIER, corpus_card("(2016) BSGC 73/100")], [char("Alvo", ie=6)])
    user, ability = card_of(game, 0, "Portador V1"), card_of(game, 0, "Energias Ocultas V1")
    target = card_of(game, 1, "Alvo V1")
    enter(game, user, 1, carried=[ability])
    enter(game, target, 6)
    game.state.scene[user].stage = 2
    at(game, "combat", "attack")
    use(game, user, "Energias Ocultas")
    assert _damage_to(game, target) == [5]


def test_calypso_counts_the_character_cards_you_reveal() -> None:
    """Calypso ((2016) BSGC 6/100), Magia Vodu: Clarividência 2; X is the number of character cards you reveal in
    this action -- one of the two set aside is a character and is revealed: 1+2 damage."""
    game = match([corpus_card("(2016) BSGC 6/100"), char("Herói")], [char("Alvo", ie=6)],
                 a=Eager({"reveal": [lambda d: list(range(len(d.options)))]}))
    calypso, hero, target = card_of(game, 0, "Calypso V1"), card_of(game, 0, "Herói V1"), card_of(game, 1, "Alvo V1")
    enter(game, calypso, 3)
    enter(game, target, 6)
    deck = game.state.players[0].deck
    deck.remove(hero)
    deck.insert(0, hero)                                  # a character and a filler on top
    game.state.scene[calypso].stage = 2
    at(game, "combat", "attack")
    use(game, calypso, "Magia Vodu")
    assert _damage_to(game, target) == [3]


def test_assombrar_puts_10_minus_the_number_of_that_players_characters_in_the_resources() -> None:
    """Assombrar (BSET 91/100): X is 10 minus the number of characters in the scene controlled by the target
    player: with two of theirs in the scene (and one of yours, not counted), 8 cards of the top of their deck go to
    their resources."""
    game = match([char("Mago", powers="Telecinesia"), corpus_card("BSET 91/100"), char("Meu")],
                 [char("Alvo"), char("Outro")], b=Script())
    mage, ability, mine = card_of(game, 0, "Mago V1"), card_of(game, 0, "Assombrar V1"), card_of(game, 0, "Meu V1")
    enter(game, mage, 1, carried=[ability])
    enter(game, mine, 1)
    for title in ("Alvo V1", "Outro V1"):
        enter(game, card_of(game, 1, title), 1)
    game.state.scene[mage].stage = 2
    theirs = game.state.players[1]
    before = len(theirs.resources)
    top = list(theirs.deck[:8])
    at(game, "combat", "attack")
    use(game, mage, "Assombrar")
    game.eng.tree.resolve()
    assert len(theirs.resources) == before + 8 and all(c in theirs.resources for c in top)


# --- a replacement for a step of the turn ------------------------------------------------------------------------


def _force_field() -> tuple[Match, int, int]:
    game = match([corpus_card("(2016) BSAQ 57/112"), char("Gênio", powers="Genialidade", ie=3)], [TARGET])
    field, genius = card_of(game, 0, "Campo de Força V1"), card_of(game, 0, "Gênio V1")
    enter(game, genius, 3)
    game.state.scene[genius].stage = 2
    enter(game, field, 3)                                 # its entry: Gênio is incapacitated by 1 to keep it
    assert field in game.state.scene
    return game, field, genius


def test_campo_de_forca_takes_the_damage_in_the_anticipation_step_of_your_turn() -> None:
    """Campo de Força ((2016) BSAQ 57/112): damage that a character you control would receive during the
    Anticipation Step of your turn is redirected to this support (5.5, 4.8.3.1 E)."""
    from cardscript.games.battle_scenes.runtime.dealing import deal_damage
    from cardscript.games.battle_scenes.runtime.selectors import EffectContext

    game, field, genius = _force_field()
    at(game, "combat", "anticipation", 0)
    deal_damage(game, EffectContext(controller=1), None, genius, 1, True)
    assert calcs(game)[-1]["card"] == field


def test_campo_de_forca_does_nothing_in_other_steps_or_in_the_other_players_turn() -> None:
    """Not in the Attack Step of your turn, nor in the Anticipation Step of another player's turn."""
    from cardscript.games.battle_scenes.runtime.dealing import deal_damage
    from cardscript.games.battle_scenes.runtime.selectors import EffectContext

    for phase, step, turn_player in (("combat", "attack", 0), ("combat", "anticipation", 1),
                                     ("preparation", None, 0)):
        game, field, genius = _force_field()
        at(game, phase, step, turn_player)
        deal_damage(game, EffectContext(controller=1), None, genius, 1, True)
        assert calcs(game)[-1]["card"] == genius, (phase, step, turn_player)


# --- use limits --------------------------------------------------------------------------------------------------


def test_pensar_rapido_a_player_uses_one_action_of_that_name_a_turn() -> None:
    """Pensar Rápido (BSUM 77/100): a player cannot use more than one action named Pensar Rápido a turn -- a second
    character of the same player carrying another copy cannot use it after the first; its own other action it
    can."""
    genius = "Genialidade"
    quick = corpus_card("BSUM 77/100")
    game = match([char("Um", powers=genius), char("Dois", powers=genius,
                                                   action=punch("Cutucar", power=genius)), quick, quick],
                 [TARGET])
    one, two = card_of(game, 0, "Um V1"), card_of(game, 0, "Dois V1")
    q1, q2 = card_of(game, 0, "Pensar Rápido V1", 0), card_of(game, 0, "Pensar Rápido V1", 1)
    enter(game, one, 1, carried=[q1])
    enter(game, two, 1, carried=[q2])
    enter(game, card_of(game, 1, "Alvo V1"), 2)
    at(game, "combat", "anticipation", turn_player=1)
    assert usable(game, one, "Pensar Rápido", "anticipation") and usable(game, two, "Pensar Rápido", "anticipation")
    hand = len(game.state.players[0].hand)
    use(game, one, "Pensar Rápido", "anticipation")
    game.eng.tree.resolve()
    assert len(game.state.players[0].hand) == hand + 1
    assert not usable(game, two, "Pensar Rápido", "anticipation")
    game.state.turn += 1
    game.state.this_turn.uses.clear()                     # 6.2 Final do Turno: the count starts again
    assert usable(game, two, "Pensar Rápido", "anticipation")


def test_batalha_exaustiva_a_character_is_capacitated_once_a_turn() -> None:
    """Batalha Exaustiva ((2015) BSOS 57/100): characters cannot be capacitated more than once per turn -- a second
    capacitation in the turn is prevented; the next turn it may be capacitated again. A character not yet
    capacitated this turn is not affected."""
    from cardscript.games.battle_scenes.runtime.handlers import run
    from cardscript.games.battle_scenes.runtime.selectors import EffectContext

    pump = char("Bomba", action="Ação: Bombear\n  Custo: {0}\n  Poder: Super Força\n  Capacite este personagem em "
                                "{1}.\n")
    assert pump.action is not None
    (cap,) = pump.action.modes[0].procedures
    game = match([corpus_card("(2015) BSOS 57/100"), pump, char("Outro")])
    battle, user, other = card_of(game, 0, "Batalha Exaustiva V1"), card_of(game, 0, "Bomba V1"), \
        card_of(game, 0, "Outro V1")
    scenario(game, battle)
    enter(game, user, 2)
    enter(game, other, 2)
    game.state.scene[user].stage = game.state.scene[other].stage = 0
    run(game, EffectContext(controller=0, source=user, user=user), cap)
    assert stage(game, user) == 1
    run(game, EffectContext(controller=0, source=user, user=user), cap)
    assert stage(game, user) == 1                          # not twice in one turn
    run(game, EffectContext(controller=0, source=other, user=other), cap)
    assert stage(game, other) == 1
    end_of_turn(game)
    game.state.turn += 1
    run(game, EffectContext(controller=0, source=user, user=user), cap)
    assert stage(game, user) == 2


# --- "pela primeira vez em um turno" ----------------------------------------------------------------------------


def test_batroc_strikes_back_only_the_first_time_it_is_targeted_in_a_turn() -> None:
    """Batroc ((2015) BSOS 8/100): the first time in a turn it is the target of an action, it deals 1 damage to the
    character that used that action; the second action targeting it that turn does not trigger it; in the next
    turn the first one does again."""
    game = match([char("Um", ie=4, action=punch("Soco")), char("Dois", ie=4, action=punch("Chute"))],
                 [corpus_card("(2015) BSOS 8/100")], b=Script())
    one, two, batroc = card_of(game, 0, "Um V1"), card_of(game, 0, "Dois V1"), card_of(game, 1, "Batroc V1")
    for c in (one, two):
        enter(game, c, 4)
    enter(game, batroc, 5)
    at(game, "combat", "attack")
    use(game, one, "Soco")
    game.eng.tree.resolve()
    assert [(c["card"], c["amount"]) for c in calcs(game) if c["card"] in (one, two)] == [(one, 1)]
    use(game, two, "Chute")
    game.eng.tree.resolve()
    assert [(c["card"], c["amount"]) for c in calcs(game) if c["card"] in (one, two)] == [(one, 1)]
    end_of_turn(game)
    game.state.turn += 1
    for c in (one, two):
        game.state.scene[c].actions_used.clear()
    use(game, two, "Chute")
    game.eng.tree.resolve()
    assert [(c["card"], c["amount"]) for c in calcs(game) if c["card"] in (one, two)] == [(one, 1), (two, 1)]


# --- "no turno em que ele entrou em cena" ------------------------------------------------------------------------

READY = card("Personagem: Apressado V1\nAlinhamento: Vilão\nPoderes: Super Força\nEnergia inicial: 2\nEscudo: 0\n\n"
             "Texto permanente:\n  Prontidão.\n\n" + punch("Investida", amount=2))


def test_embaralhador_eletronico_cancels_an_action_used_in_the_turn_its_user_entered() -> None:
    """Embaralhador Eletrônico ((2014) BSPO 42/100): when a character uses an action in the turn it entered the
    scene (here by Prontidão), you may unload a card of this support; then that character goes to stage {0} and
    the action has no effect (no damage)."""
    game = match([corpus_card("(2014) BSPO 42/100")], [READY, TARGET], turn_player=1)
    jammer, rusher = card_of(game, 0, "Embaralhador Eletrônico V1"), card_of(game, 1, "Apressado V1")
    target = card_of(game, 1, "Alvo V1")
    enter(game, jammer, 1)
    enter(game, target, 2)
    enter(game, rusher, 2)
    game.state.scene[rusher].entered_turn = game.state.turn          # it entered this turn
    game.state.scene[rusher].stage = 2
    at(game, "combat", "attack", turn_player=1)
    use(game, rusher, "Investida")
    game.eng.tree.resolve()
    assert stage(game, rusher) == 0 and not calcs(game)
    assert jammer not in game.state.scene                # its one card unloaded: destroyed (4.7)


def test_embaralhador_eletronico_ignores_a_character_in_the_scene_since_an_earlier_turn() -> None:
    game = match([corpus_card("(2014) BSPO 42/100")], [READY, TARGET], turn_player=1)
    jammer, rusher = card_of(game, 0, "Embaralhador Eletrônico V1"), card_of(game, 1, "Apressado V1")
    enter(game, jammer, 1)
    enter(game, card_of(game, 1, "Alvo V1"), 2)
    enter(game, rusher, 2)
    game.state.scene[rusher].stage = 2
    at(game, "combat", "attack", turn_player=1)
    use(game, rusher, "Investida")
    game.eng.tree.resolve()
    assert stage(game, rusher) == 2 and calcs(game)      # not triggered: the action had its effect


def test_joia_do_infinito_tempo_no_other_character_acts_in_the_turn_it_entered() -> None:
    """Joia do Infinito - Tempo ((2015) BSOS 99/100), carried: the other characters cannot use actions in the turns
    they entered the scene -- not even with Prontidão (golden rule B); one in the scene since before can."""
    game = match([char("Guardião"), corpus_card("(2015) BSOS 99/100")], [READY, TARGET], turn_player=1)
    keeper, gem = card_of(game, 0, "Guardião V1"), card_of(game, 0, "Joia do Infinito - Tempo V1")
    rusher = card_of(game, 1, "Apressado V1")
    enter(game, keeper, 1, carried=[gem])
    enter(game, card_of(game, 1, "Alvo V1"), 2)
    enter(game, rusher, 2)
    game.state.scene[rusher].stage = 2
    at(game, "combat", "attack", turn_player=1)
    assert usable(game, rusher, "Investida")              # in the scene since an earlier turn
    game.state.scene[rusher].entered_turn = game.state.turn
    assert not usable(game, rusher, "Investida")          # entered this turn: Prontidão does not help


def test_joia_do_infinito_tempo_no_unforeseen_actions_of_others_in_preparation_phases() -> None:
    """Its second text: the other characters' Imprevista actions cannot be used during the Preparation Phases (of
    any player's turn); in the Combat Phase they can."""
    sneaky = card("Personagem: Furtivo V1\nAlinhamento: Vilão\nPoderes: Super Força\nEnergia inicial: 2\nEscudo: 0\n\n"
                  "Ação: Bote\n  Custo: {0}\n  Poder: Super Força\n  Tipo: Imprevista\n  Bote causa 1 ponto de dano "
                  "no alvo.\n")
    assert sneaky.action is not None and sneaky.action.unforeseen
    game = match([char("Guardião"), corpus_card("(2015) BSOS 99/100")], [sneaky], turn_player=1)
    keeper, gem = card_of(game, 0, "Guardião V1"), card_of(game, 0, "Joia do Infinito - Tempo V1")
    foe = card_of(game, 1, "Furtivo V1")
    enter(game, keeper, 1, carried=[gem])
    enter(game, foe, 2)
    at(game, "preparation", None, turn_player=1)
    assert not usable(game, foe, "Bote", "preparation")
    at(game, "combat", "attack", turn_player=1)
    assert usable(game, foe, "Bote")


# --- "não será colocado no topo de seu deck devido à Clarividência" --------------------------------------------

MAGE = char("Místico", powers="Magia")


def test_ventos_de_watoomb_the_revealed_cards_go_to_the_bottom_not_back_on_top() -> None:
    """Ventos de Watoomb ((2015) BSIV 86/100): Clarividência 4; X damage, X the cards revealed; the revealed cards
    go to the bottom of your deck and are not returned to the top by Clarividência; the others are (rules 7)."""
    game = match([MAGE, corpus_card("(2015) BSIV 86/100")], [char("Alvo", ie=6)],
                 a=Eager({"reveal": [lambda d: [0, 1]]}))
    user, winds = card_of(game, 0, "Místico V1"), card_of(game, 0, "Ventos de Watoomb V1")
    target = card_of(game, 1, "Alvo V1")
    enter(game, user, 1, carried=[winds])
    enter(game, target, 6)
    game.state.scene[user].stage = 2
    deck = game.state.players[0].deck
    top4 = list(deck[:4])
    at(game, "combat", "attack")
    use(game, user, "Ventos de Watoomb")
    game.eng.tree.resolve()
    revealed = [c for e in game.log.events if e.kind == "reveal" for c in e.data["cards"]]
    assert len(revealed) == 2 and _damage_to(game, target) == [2]
    assert sorted(deck[-2:]) == sorted(revealed)           # at the bottom
    assert sorted(deck[:2]) == sorted(c for c in top4 if c not in revealed)   # the other two back on top


def test_retracar_o_tempo_the_loaded_card_is_not_returned_the_other_revealed_ones_are() -> None:
    """Retraçar o Tempo ((2016) BSAQ 94/112): Clarividência 4; a carried card goes on top of the deck; you may
    load one of the revealed cards on this character -- that one is not returned to the top; the other three
    cards set aside (revealed or not) are returned on top."""
    game = match([MAGE, corpus_card("(2016) BSAQ 94/112")], [TARGET],
                 a=Eager({"reveal": [lambda d: [0, 1]]}))
    user, trace = card_of(game, 0, "Místico V1"), card_of(game, 0, "Retraçar o Tempo V1")
    enter(game, user, 2, carried=[trace])
    enter(game, card_of(game, 1, "Alvo V1"), 2)
    game.state.scene[user].stage = 2
    deck = game.state.players[0].deck
    top4 = list(deck[:4])
    at(game, "combat", "attack")
    use(game, user, "Retraçar o Tempo")
    game.eng.tree.resolve()
    loaded = [c for c in top4 if c in game.state.scene[user].carried]
    assert len(loaded) == 1
    assert sorted(deck[:3]) == sorted(c for c in top4 if c not in loaded)   # the other three back on top
    assert not game.state.players[0].set_aside


# --- "na Fase de Preparação do próximo turno" --------------------------------------------------------------------


def test_batedor_da_ordem_negra_takes_no_damage_in_the_next_turns_preparation_phase() -> None:
    """Batedor da Ordem Negra ((2016) BSAQ 4/112), Ataque Intangível: 2 damage to the target; all damage that
    would be dealt to this character in the Preparation Phase of the next turn becomes 0 (a modifier the action
    creates for the next turn, 5.7 B) -- not in this turn, not in the next turn's other phases, not after."""
    from cardscript.games.battle_scenes.runtime.dealing import deal_damage
    from cardscript.games.battle_scenes.runtime.selectors import EffectContext

    game = match([corpus_card("(2016) BSAQ 4/112")], [char("Alvo", ie=4)])
    scout, target = card_of(game, 0, "Batedor da Ordem Negra V1"), card_of(game, 1, "Alvo V1")
    enter(game, scout, 5)
    enter(game, target, 4)
    game.state.scene[scout].stage = 2
    at(game, "combat", "attack")
    use(game, scout, "Ataque Intangível")
    game.eng.tree.resolve()
    assert _damage_to(game, target) == [2]

    def hit() -> int:
        deal_damage(game, EffectContext(controller=1), None, scout, 1, True)
        return int(calcs(game)[-1]["amount"])

    at(game, "preparation")
    assert hit() == 1                                     # this turn: not yet
    end_of_turn(game)
    game.state.turn += 1
    at(game, "preparation", None, turn_player=1)
    assert hit() == 0                                     # the next turn's Preparation Phase
    at(game, "combat", "attack", turn_player=1)
    assert hit() == 1
    end_of_turn(game)
    game.state.turn += 1
    at(game, "preparation")
    assert hit() == 1                                     # over
