"""Amounts said by a noun phrase (session 6, cluster "amounts"): "um número de <np> ... igual a <valor>", "uma
quantidade de pontos de dano ... igual a <valor>" -- the value may stand after another complement of the clause (the
amount's predicate, discontinuous) -- and the condition of a triggered effect's sentence going on to its "Então"
sentence (5.2). Card texts are our own."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Damage, Filter, Kind, Move, Ref
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import card_of, enter, fillers, match, scenario
from tests.engine_helpers import card, own_character

SCENE = "Cenário: Mercado V1\n\nTexto permanente:\n  {}\n"


def _scenario(text: str) -> CardDef:
    d = card(SCENE.format(text))
    assert d.executable, [e.why for e in d.effects]
    return d


def test_a_number_of_cards_equal_to_a_value_said_after_the_destination() -> None:
    """"coloque um número de cards do topo de seu deck em sua mão igual à Energia Inicial daquele personagem": the
    cards of the top of the deck, as many as that character's initial energy (a count read when it resolves)."""
    d = _scenario("Quando você colocar um personagem em cena, coloque um número de cards do topo de seu deck em sua "
                  "mão igual à Energia Inicial daquele personagem.")
    (move,) = d.effects[0].procedures
    assert isinstance(move, Move) and move.to == "hand" and move.cards is not None
    assert move.cards.zone == "deck_top" and move.cards.count.x_times == 1 and move.cards.count.fixed == 0
    x = move.cards.count.x
    assert x is not None and x.attribute == "initial_energy" and x.what is not None
    assert x.what.ref is Ref.SLOT and x.what.slot == "event:subject"


def test_a_number_of_cards_equal_to_a_value_right_after_it() -> None:
    """The value may also follow the counted phrase itself: "descarte um número de cards de sua mão igual à Energia
    Inicial daquele personagem"."""
    d = _scenario("Quando você colocar um personagem em cena, descarte um número de cards de sua mão igual à Energia "
                  "Inicial daquele personagem.")
    (discard,) = d.effects[0].procedures
    assert "igual" in discard.text and d.executable


def test_an_amount_of_damage_equal_to_a_value() -> None:
    """"causa uma quantidade de pontos de dano em um personagem igual à Energia Inicial deste personagem": the damage
    is that many points."""
    d = card("Personagem: Guardião V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 4\nEscudo: 1\n"
             "\nTexto permanente:\n  Quando este personagem entrar em cena, ele causa uma quantidade de pontos de dano "
             "em um personagem igual à Energia Inicial deste personagem.\n")
    assert d.executable, [e.why for e in d.effects]
    (dmg,) = d.effects[0].procedures
    assert isinstance(dmg, Damage) and dmg.amount.x is not None and dmg.amount.x.attribute == "initial_energy"
    assert dmg.amount.x.what is not None and dmg.amount.x.what.ref is Ref.THIS_CHARACTER
    assert dmg.targets.kind is Kind.CHARACTER


def test_a_number_of_cards_on_the_engine() -> None:
    """On the engine: a character of initial energy 4 entering moves exactly the four top cards of the deck."""
    d = _scenario("Quando você colocar um personagem em cena, coloque um número de cards do topo de seu deck em sua "
                  "mão igual à Energia Inicial daquele personagem.")
    game = match([d, own_character("Chefe", ie=4)])
    me = game.state.players[0]
    scenario(game, card_of(game, 0, "Mercado V1"))
    v = card_of(game, 0, "Chefe V1")
    load = fillers(game, 0)[-4:]
    for c in [v, *load]:
        game.move(c, Zone.RESOURCES)
    top = list(me.deck)[:5]
    game.enter_scene(v, 0, load)
    game.eng.tree.resolve()
    assert me.hand == top[:4] or sorted(me.hand) == sorted(top[:4])
    assert me.deck[0] == top[4]


def test_the_trigger_sentences_condition_goes_on_to_the_then_sentence() -> None:
    """"Quando X, se Y, A. Então, B": B happens only if Y holds too (5.2: the effect happens only if its conditions
    hold when it resolves) -- without Y the scenario stays."""
    d = _scenario("Quando você colocar um personagem em cena, se você controlar um personagem com a afiliação X-Men, "
                  "compre um card. Então, coloque este cenário nos recursos de seu dono.")
    first, then = d.effects[0].procedures
    assert first.condition is not None and then.condition == first.condition
    game = match([d, own_character("Chefe")])
    c = card_of(game, 0, "Mercado V1")
    scenario(game, c)
    enter(game, card_of(game, 0, "Chefe V1"), 1)
    assert game.state.scenario == c and c not in game.state.players[0].resources


def test_an_amount_of_damage_equal_to_a_value_of_what_is_damaged() -> None:
    """"causa uma quantidade de pontos de dano em outro personagem igual à Energia Atual daquele personagem": the
    value names the destination, read first (its slot) -- the amount counts the cards the chosen one carries."""
    d = card("Personagem: Guardião V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 4\nEscudo: 1\n"
             "\nTexto permanente:\n  Quando este personagem entrar em cena, ele causa uma quantidade de pontos de dano "
             "em outro personagem igual à Energia Atual daquele personagem.\n")
    assert d.executable, [e.why for e in d.effects]
    (dmg,) = d.effects[0].procedures
    assert isinstance(dmg, Damage) and dmg.introduces and dmg.amount.x is not None
    assert dmg.amount.x.attribute == "energy" and dmg.amount.x.what is not None
    assert dmg.amount.x.what.slot == dmg.introduces


def test_controlling_a_number_compared_with_another_count() -> None:
    """"Enquanto você controlar um número de personagens sem a afiliação X-Men maior ou igual ao número de
    personagens com a afiliação X-Men que você controla, ...": a comparison of two counts (ge), each read while the
    static is checked."""
    d = _scenario("Enquanto você controlar um número de personagens sem a afiliação X-Men maior ou igual ao número de "
                  "personagens com a afiliação X-Men que você controla, os personagens com a afiliação X-Men que você "
                  "controla ganham Escudo +1.")
    (static,) = d.effects
    cond = static.condition
    assert cond is not None and cond.kind == "compare" and cond.value == "ge"
    assert cond.left is not None and cond.left.x is not None and cond.left.x.what is not None
    assert cond.right is not None and cond.right.x is not None and cond.right.x.what is not None
    assert Filter("affiliation", "lacks", "X-Men") in cond.left.x.what.filters
    assert Filter("affiliation", "has", "X-Men") in cond.right.x.what.filters
    assert Filter("controller", "eq", "you") in cond.left.x.what.filters


def test_a_compared_amount_is_no_number() -> None:
    """"descarte um número de cards de sua mão maior que ..." says no number to discard: not executable."""
    d = card(SCENE.format("Quando você colocar um personagem em cena, descarte um número de cards de sua mão menor ou "
                          "igual à Energia Inicial daquele personagem."))
    assert not d.executable


def test_for_each_card_of_a_different_type() -> None:
    """"para cada card de tipo diferente que foi revelado nesta ação": how many different card types among the cards
    revealed (the count's ``card_types``), as "para cada tipo de card revelado" says."""
    d = card("Personagem: Guardião V1\nAlinhamento: Herói\nPoderes: Magia\nEnergia inicial: 4\nEscudo: 1\n\n"
             "Ação: Visão\n  Custo: {0}\n  Poder: Magia\n  Clarividência 2 - Visão causa 1 ponto de dano no alvo para "
             "cada card de tipo diferente que foi revelado nesta ação.\n")
    assert d.executable and d.action is not None
    (dmg,) = d.action.modes[0].procedures
    assert isinstance(dmg, Damage) and dmg.per is not None and dmg.per.attribute == "card_types"


def test_cards_of_different_names() -> None:
    """"procure em seu deck por até dois cards de personagens de nomes diferentes com a afiliação X-Men": the search's
    cards differ in name (``Selector.different``), and "com a afiliação X-Men" still describes the cards."""
    from cardscript.compiler.ir import Search

    d = _scenario("Quando este cenário entrar em cena, procure em seu deck por até dois cards de personagens de nomes "
                  "diferentes com a afiliação X-Men. Então, embaralhe seu deck.")
    search = d.effects[0].procedures[0]
    assert isinstance(search, Search) and search.cards.different == "name"
    assert search.cards.count.up_to and search.cards.count.fixed == 2
    assert Filter("affiliation", "has", "X-Men") in search.cards.filters


def test_choosing_things_of_different_names_on_the_engine() -> None:
    """On the engine: with two copies of one X-Men character and one of another in the deck, the search offers the
    second copy no more once the first is taken -- one card of each name."""
    d = _scenario("Quando este cenário entrar em cena, procure em seu deck por até dois cards de personagens de nomes "
                  "diferentes com a afiliação X-Men e coloque-os em sua mão. Então, embaralhe seu deck.")
    mutants = [own_character("Mutante", affiliations="X-Men"), own_character("Mutante", affiliations="X-Men"),
               own_character("Outro", affiliations="X-Men")]
    game = match([d, *mutants])
    scenario(game, card_of(game, 0, "Mercado V1"))
    assert sorted(game.cards[c].title for c in game.state.players[0].hand) == ["Mutante V1", "Outro V1"]


def test_chosen_things_controlled_by_one_same_player() -> None:
    """"Escolha dois personagens controlados por um mesmo jogador": the two chosen share their controller
    (``Selector.same``), whoever that is -- no controller filter."""
    from cardscript.compiler.ir import Choose

    d = card("Habilidade: Troca V1\nPoder: Telecinesia\n\nAção: Troca\n  Custo: {0}\n  Poder: Telecinesia\n"
             "  Escolha dois personagens controlados por um mesmo jogador. Cada um deles ganha Escudo +1 neste "
             "turno.\n")
    assert d.action is not None
    choose = d.action.modes[0].procedures[0]
    assert isinstance(choose, Choose) and choose.what is not None and choose.what.same == "controller"
    assert choose.what.count.fixed == 2 and not any(f.field == "controller" for f in choose.what.filters)


def test_choosing_alike_on_the_engine() -> None:
    """On the engine: with two characters of ours and one of the rival, the first pick is among ours only (the
    rival's has no partner), and the second is the other one of ours."""
    from cardscript.games.battle_scenes.runtime.selectors import EffectContext, choose_alike

    game = match([own_character("Um"), own_character("Dois")], [own_character("Tres")])
    ids = [card_of(game, 0, "Um V1"), card_of(game, 0, "Dois V1"), card_of(game, 1, "Tres V1")]
    for c in ids:
        enter(game, c, 1)
    picked = choose_alike(game, EffectContext(controller=0), ids, 2, "controller", "choose", "which?")
    assert sorted(picked) == sorted(ids[:2])


def test_each_of_those_staged_this_way_deals_damage() -> None:
    """"Você pode incapacitar em {1} qualquer número de personagens que você controla. Se o fizer, cada um dos
    personagens que foi incapacitado desta forma causa 1 ponto de dano em um personagem a sua escolha": the damage's
    sources are those whose stage the incapacitation changed (its slot's ``:changed``), each dealing it on its own
    (``Damage.each_source``)."""
    d = _scenario("Quando este cenário entrar em cena, você pode incapacitar em {1} qualquer número de personagens que "
                  "você controla. Se o fizer, cada um dos personagens que foi incapacitado desta forma causa 1 ponto "
                  "de dano em um personagem a sua escolha (os danos poderão ser atribuídos a diferentes personagens e "
                  "suportes).")
    stage_change, dmg = d.effects[0].procedures
    assert isinstance(dmg, Damage) and dmg.each_source and dmg.if_done
    assert dmg.source.union and dmg.source.union[0].slot == f"{stage_change.introduces}:changed"
    assert dmg.targets.ref is None and dmg.targets.count.fixed == 1


def test_the_reminder_of_separate_destinations_needs_each_source() -> None:
    """The parenthesis restates 4.8.4.3 only for damage each source deals on its own: after one source's damage to
    one character it says something the clause does not -- left unread, not executable."""
    d = card("Personagem: Guardião V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 4\nEscudo: 1\n"
             "\nTexto permanente:\n  Quando este personagem entrar em cena, ele causa 1 ponto de dano em um personagem "
             "(os danos poderão ser atribuídos a diferentes personagens e suportes).\n")
    assert not d.executable


def test_load_until_it_carries_a_number() -> None:
    """"Carregue cards de seus recursos neste personagem até ele estar carregando um número de cards igual ao seu
    valor de Energia Inicial menos um": a load of what it lacks to carry that many (``Load.until``), the value its
    own initial energy less one ("seu" said of the subject of "estar")."""
    from cardscript.compiler.ir import Load

    d = card("Personagem: Guardião V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 4\nEscudo: 1\n\n"
             "Ação: Cura\n  Custo: {0}\n  Poder: Super Força\n  Carregue cards de seus recursos neste personagem até "
             "ele estar carregando um número de cards igual ao seu valor de Energia Inicial menos um.\n")
    assert d.executable and d.action is not None
    (load,) = d.action.modes[0].procedures
    assert isinstance(load, Load) and load.until is not None and load.until.fixed == -1
    assert load.until.x is not None and load.until.x.attribute == "initial_energy"
    assert load.until.x.what is not None and load.until.x.what.ref is Ref.THIS_CHARACTER
    assert load.cards.zone == "resources" and load.onto.ref is Ref.THIS_CHARACTER


def test_a_value_plus_a_number() -> None:
    """"um número de cards ... igual à Energia Inicial daquele personagem mais 1": the offset after the value."""
    d = _scenario("Quando você colocar um personagem em cena, coloque um número de cards do topo de seu deck em sua "
                  "mão igual à Energia Inicial daquele personagem mais 1.")
    (move,) = d.effects[0].procedures
    assert isinstance(move, Move) and move.cards is not None and move.cards.count.fixed == 1


def test_for_each_card_keyword_it_carries() -> None:
    """"para cada Item Mágico que ele estiver carregando": each card with that characteristic keyword the relative
    describes (the cards it carries with Item Mágico)."""
    from cardscript.compiler.ir import KeywordBonus

    d = card("Personagem: Guardião V1\nAlinhamento: Herói\nPoderes: Magia\nEnergia inicial: 4\nEscudo: 1\n\n"
             "Texto permanente:\n  Ações com Clarividência que este personagem usar ganham Clarividência +2 para "
             "cada Item Mágico que ele estiver carregando.\n")
    bonus = d.effects[0].procedures[0]
    assert isinstance(bonus, KeywordBonus) and bonus.amount.x_times == 2 and bonus.amount.x is not None
    what = bonus.amount.x.what
    assert what is not None and Filter("keyword", "has", "Item Mágico") in what.filters and what.zone == "carried"


def test_entering_with_fewer_cards_than_its_initial_energy() -> None:
    """"Este personagem pode ser colocado em cena carregando uma quantidade de cards menor do que sua Energia
    Inicial (por exemplo, ...)": a rule static (``entry_load`` 'fewer'); the example parenthesis only illustrates."""
    from cardscript.compiler.ir import Rule

    d = card("Personagem: Guardião V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 5\nEscudo: 1\n\n"
             "Texto permanente:\n  Este personagem pode ser colocado em cena carregando uma quantidade de cards menor "
             "do que sua Energia Inicial (por exemplo, ele pode ser colocado em cena com 3 cards).\n")
    assert d.executable, [e.why for e in d.effects]
    (rule,) = d.effects[0].procedures
    assert isinstance(rule, Rule) and rule.rule == "entry_load" and rule.value == "fewer"


def test_entering_with_fewer_on_the_engine() -> None:
    """On the engine: with two cards in the resources the character (Energia Inicial 5) may still be put in the
    scene, carrying two."""
    d = card("Personagem: Guardião V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 5\nEscudo: 1\n\n"
             "Texto permanente:\n  Este personagem pode ser colocado em cena carregando uma quantidade de cards menor "
             "do que sua Energia Inicial.\n")
    game = match([d])
    g = card_of(game, 0, "Guardião V1")
    game.move(g, Zone.HAND)
    for f in fillers(game, 0)[:2]:
        game.move(f, Zone.RESOURCES)
    assert game.eng.can_place(0, g)
    game.eng.place(0, g)
    assert len(game.state.scene[g].carried) == 2


def test_cards_loaded_with_fewer_when_put_in_the_scene() -> None:
    """"Cards de personagens com Energia Inicial maior ou igual a 5 podem ser carregados com dois cards a menos ao
    serem colocados em cena": a rule static (``entry_load`` '-2') on the character cards it describes."""
    from cardscript.compiler.ir import Rule

    d = _scenario("Cards de personagens com Energia Inicial maior ou igual a 5 podem ser carregados com dois cards a "
                  "menos ao serem colocados em cena.")
    (rule,) = d.effects[0].procedures
    assert isinstance(rule, Rule) and rule.rule == "entry_load" and rule.value == "-2" and rule.of is not None
    assert Filter("initial_energy", "ge", 5) in rule.of.filters or any(
        f.field == "initial_energy" and f.op == "ge" for f in rule.of.filters)


def test_the_phase_of_the_player_with_fewest_and_no_other_as_many() -> None:
    """"No início da Fase de Preparação do jogador que controlar menos personagens em cena, se nenhum outro jogador
    controlar o mesmo número de personagens que ele, aquele jogador compra um card": the phase of any player, under
    the condition that he controls the fewest (``controls`` 'fewest') and no one else as many ('count_unique')."""
    d = _scenario("No início da Fase de Preparação do jogador que controlar menos personagens em cena, se nenhum outro "
                  "jogador controlar o mesmo número de personagens que ele, aquele jogador compra um card.")
    (effect,) = d.effects
    assert effect.trigger is not None and effect.trigger.event == "phase_start" and effect.trigger.whose is None
    assert effect.condition is not None and effect.condition.subject is not None
    assert effect.condition.subject.slot == "event:player"
    assert [f.op for f in effect.condition.subject.filters] == ["fewest"]
    (draw,) = effect.procedures
    assert draw.condition is not None and draw.condition.subject is not None
    assert [f.op for f in draw.condition.subject.filters] == ["count_unique"]


def test_a_window_of_a_described_player_is_not_read() -> None:
    """"Durante a Fase de Preparação do jogador que controlar menos personagens, ...": a window of a player known by a
    description is not one the engine has -- not executable (never read as any player's)."""
    d = card(SCENE.format("Durante a Fase de Preparação do jogador que controlar menos personagens, uma vez por turno, "
                          "você pode comprar um card."))
    assert not d.executable


def test_the_one_staged_this_way_as_a_participle() -> None:
    """"Se o fizer, o personagem incapacitado desta forma causa 2 pontos de dano em um personagem": the participle
    reads, as the relative does, the one whose stage the change of stage changed."""
    d = _scenario("Quando este cenário entrar em cena, você pode incapacitar em {1} um personagem que você controla. "
                  "Se o fizer, o personagem incapacitado desta forma causa 2 pontos de dano em um personagem.")
    stage_change, dmg = d.effects[0].procedures
    assert isinstance(dmg, Damage) and dmg.source.slot == f"{stage_change.introduces}:changed"


def test_the_one_staged_this_way_deals_the_damage_on_the_engine() -> None:
    """On the engine: the character incapacitated is the source of the damage."""
    d = _scenario("Quando este cenário entrar em cena, você pode incapacitar em {1} um personagem que você controla. "
                  "Se o fizer, o personagem incapacitado desta forma causa 2 pontos de dano em um personagem.")
    game = match([d, own_character("Heroi")], [own_character("Vilao", alignment="Vilão", ie=5)])
    h, v = card_of(game, 0, "Heroi V1"), card_of(game, 1, "Vilao V1")
    enter(game, h, 2)
    enter(game, v, 4)
    scenario(game, card_of(game, 0, "Mercado V1"))
    from tests.corpus_play import events

    (dealt,) = events(game, "damage")
    assert game.state.scene[h].stage == 0 and dealt["source"] == h and dealt["amount"] == 2


def test_another_character_on_a_scenario_is_other_than_the_events() -> None:
    """On a scenario (no character is this card), "Toda vez que um personagem entrar em cena sob seu controle, você
    pode capacitar em {1} outro personagem que você controla": other than the one that entered (event:subject)."""
    from cardscript.compiler.ir import ChangeStage

    d = _scenario("Toda vez que um personagem entrar em cena sob seu controle, você pode capacitar em {1} outro "
                  "personagem que você controla.")
    (change,) = d.effects[0].procedures
    assert isinstance(change, ChangeStage) and change.targets.excluding is not None
    assert change.targets.excluding.slot == "event:subject"


def test_one_per_action_used_restates_the_trigger() -> None:
    """"(você só pode incapacitar desta forma um único personagem para cada ação usada)" after the one incapacitated
    this way deals damage, in an effect triggered by an action's use: a restatement (5.2, one event, one effect)."""
    d = _scenario("Toda vez que um personagem que você controla usar uma ação, você pode incapacitar em {1} outro "
                  "personagem que você controla. Se o fizer, o personagem incapacitado desta forma causa 1 ponto de "
                  "dano em um personagem (você só pode incapacitar desta forma um único personagem para cada ação "
                  "usada).")
    assert d.executable
