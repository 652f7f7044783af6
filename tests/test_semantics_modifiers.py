"""Words of a clause that modify its amount, its time or a noun phrase of it ("para cada <x>",
"neste turno", "de seus recursos", "por um card ... ou por um card ...", reminders in parentheses), each given the
meaning the engine runs. Card texts are our own."""

from __future__ import annotations

from cardscript.compiler.ir import (
    CardDef,
    ChangeStage,
    Choose,
    Damage,
    Discard,
    EffectKind,
    Filter,
    Gain,
    Kind,
    Load,
    Move,
    Quantity,
    Ref,
    Restrict,
    Reveal,
    Search,
    Selector,
    Swap,
    Unload,
)
from cardscript.engine.agents import Decision
from tests.corpus_play import Eager, at, card_of, enter, match, shield_of, use
from tests.engine_helpers import card

HEAD = ("Personagem: Guardião V1\nAlinhamento: Herói\nAfiliações: Vingadores\nPoderes: Super Força, Voo\n"
        "Energia inicial: 5\nEscudo: 1\n")
SUPPORT = card("Suporte: Escudinho V1\nEnergia inicial: 1\nEscudo: 0\n")


def _permanent(*paragraphs: str) -> CardDef:
    d = card(HEAD + "\nTexto permanente:\n" + "".join(f"  {p}\n" for p in paragraphs))
    assert d.executable, [e.why for e in d.effects]
    return d


def _action(body: str) -> CardDef:
    d = card(HEAD + f"\nAção: Golpe\n  Custo: {{0}}\n  Poder: Super Força\n  {body}\n")
    assert d.executable, d.action and [m.why for m in d.action.modes]
    return d


# --- "para cada <x>": the clause's number times how many <x> -----------------------------------------------------


def test_shield_for_each_carried_card_is_a_counted_static_bonus() -> None:
    d = _permanent("Este personagem ganha Escudo +1 para cada card de suporte que ele estiver carregando.")
    (e,) = d.effects
    (g,) = e.procedures
    assert e.kind is EffectKind.STATIC and isinstance(g, Gain) and g.shield is None
    assert g.shield_x is not None and g.shield_x.x_times == 1 and g.shield_x.x is not None
    what = g.shield_x.x.what
    assert what is not None and what.zone == "carried" and what.of is not None
    assert what.of.ref is Ref.THIS_CHARACTER and what.kind is Kind.SUPPORT


def test_shield_for_each_counts_on_the_engine_and_follows_the_count() -> None:
    """4.8.6: the bonus is the count at each moment -- two supports carried give +2, one unloaded leaves +1."""
    d = _permanent("Este personagem ganha Escudo +1 para cada card de suporte que ele estiver carregando.")
    game = match([d, SUPPORT, SUPPORT])
    c = card_of(game, 0, "Guardião V1")
    s1, s2 = card_of(game, 0, "Escudinho V1", 0), card_of(game, 0, "Escudinho V1", 1)
    enter(game, c, 2, carried=[s1, s2])
    assert shield_of(game, c) == 1 + 2
    game.unload(s1)
    assert shield_of(game, c) == 1 + 1


def test_stage_for_each_revealed_card() -> None:
    d = _action("Revele os três cards do topo de seu deck. Incapacite o alvo em {1} para cada card de personagem "
                "revelado nesta ação.")
    assert d.action is not None
    _, stage = d.action.modes[0].procedures
    assert isinstance(stage, ChangeStage) and stage.amounts == () and stage.amount is not None
    assert stage.amount.x_times == 1 and stage.amount.x is not None and stage.amount.x.what is not None
    assert stage.amount.x.what.union[0].ref is Ref.SLOT


def test_for_each_is_not_read_on_a_gained_power() -> None:
    d = card(HEAD + "\nTexto permanente:\n  Este personagem ganha {VO} para cada herói que você controla.\n")
    assert not d.executable


def test_for_each_on_a_choice_of_stages_is_not_executable() -> None:
    d = card(HEAD + "\nAção: Golpe\n  Custo: {0}\n  Poder: Super Força\n  Incapacite o alvo em {1} ou {2} para "
             "cada herói que você controla.\n")
    assert d.action is not None and not d.executable


# --- reminders in parentheses -----------------------------------------------------------------------------------


def test_an_example_in_parentheses_is_explanatory() -> None:
    d = _action("Descarregue até dois cards que estiverem sendo carregados por personagens ou suportes (você pode, "
                "por exemplo, descarregar dois cards de um personagem ou um card de um personagem e um de outro).")
    assert d.action is not None
    (u,) = d.action.modes[0].procedures
    assert isinstance(u, Unload) and u.cards is not None and u.cards.count == Quantity(fixed=2, up_to=True)
    assert u.cards.zone == "carried" and u.cards.of is not None and u.cards.of.every


def test_up_to_n_cards_carried_by_several_is_n_in_all_on_the_engine() -> None:
    """4.1: "até dois cards carregados por personagens": two cards in all, from one character or from two."""
    d = _action("Descarregue até dois cards que estiverem sendo carregados por personagens ou suportes.")
    other = card("Personagem: Outro V1\nAlinhamento: Herói\nPoderes: Voo\nEnergia inicial: 3\nEscudo: 0\n")
    seen: list[int] = []

    def first_and_last(decision: Decision) -> list[int]:
        seen.append(decision.maximum)
        return [0, len(decision.options) - 1]

    game = match([d], [other], a=Eager({"unload": [first_and_last]}))
    c, o = card_of(game, 0, "Guardião V1"), card_of(game, 1, "Outro V1")
    enter(game, c, 4)
    enter(game, o, 4)
    at(game, "combat", "attack")
    use(game, c, "Golpe")
    assert seen == [2]                                  # one choice of two among the eight carried cards
    assert (len(game.state.scene[c].carried), len(game.state.scene[o].carried)) == (3, 3)


def test_the_card_types_restated_are_explanatory_only_when_they_are_the_rules() -> None:
    ok = _permanent("Este personagem ganha Escudo +1 para cada tipo de card que ele estiver carregando (os tipos de "
                    "cards são personagem, suporte, cenário e habilidade).")
    (g,) = ok.effects[0].procedures
    assert isinstance(g, Gain) and g.shield_x is not None and g.shield_x.x is not None
    assert g.shield_x.x.attribute == "card_types"
    wrong = card(HEAD + "\nTexto permanente:\n  Este personagem ganha Escudo +1 para cada tipo de card que ele "
                 "estiver carregando (os tipos de cards são personagem e suporte).\n")
    assert not wrong.executable


def test_a_reminder_that_is_no_example_stays_unread() -> None:
    d = card(HEAD + "\nAção: Golpe\n  Custo: {0}\n  Poder: Super Força\n  Golpe causa 1 ponto de dano no alvo "
             "(compre um card).\n")
    assert not d.executable


# --- "de <área>" after a relative about what the card is not; "por X ou por Y" in a search ----------------------


def test_origin_after_a_negated_be_relative_is_the_cards_area() -> None:
    d = _action("Carregue um card que não seja de habilidade de seus recursos neste personagem.")
    assert d.action is not None
    (load,) = d.action.modes[0].procedures
    assert isinstance(load, Load) and load.cards.zone == "resources"
    assert Filter("card_type", "ne", "Habilidade") in load.cards.filters


def test_search_for_one_card_or_another() -> None:
    d = _action("Procure em seu deck por um card de habilidade de {VO} ou por um card de personagem com a afiliação "
                "X-Men, revele aquele card e coloque-o em sua mão. Embaralhe o seu deck.")
    assert d.action is not None
    search, reveal, move, _ = d.action.modes[0].procedures
    assert isinstance(search, Search) and len(search.cards.union) == 2
    assert isinstance(reveal, Reveal) and reveal.cards.ref is Ref.SLOT and reveal.cards.slot == search.introduces
    assert isinstance(move, Move) and move.cards.ref is Ref.SLOT


def test_search_for_one_card_or_another_on_the_engine() -> None:
    """The searched card is either description, never another card of the deck."""
    d = _action("Procure em seu deck por um card de habilidade de {VO} ou por um card de personagem com a afiliação "
                "X-Men, revele aquele card e coloque-o em sua mão. Embaralhe o seu deck.")
    flight = card("Habilidade: Asas V1\nPoder: Voo\n")
    mutant = card("Personagem: Mutante V1\nAlinhamento: Herói\nAfiliações: X-Men\nPoderes: Voo\n"
                  "Energia inicial: 3\nEscudo: 0\n")
    game = match([d, mutant, flight])
    c = card_of(game, 0, "Guardião V1")
    enter(game, c, 2)
    at(game, "combat", "attack")
    use(game, c, "Golpe")
    hand = [game.cards[x].title for x in game.state.players[0].hand]
    assert len(hand) == 1 and hand[0] in ("Asas V1", "Mutante V1")


# --- "(ou mais de um)", "mais um card", "nele mesmo", "o oponente escolhido" -----------------------------------


def test_or_more_than_one_in_parentheses_is_one_or_more() -> None:
    paren = _permanent("Durante sua Fase de Preparação, uma vez por turno, se você controlar um personagem (ou mais "
                       "de um), você pode comprar um card.")
    plain = _permanent("Durante sua Fase de Preparação, uma vez por turno, se você controlar um ou mais personagens, "
                       "você pode comprar um card.")
    a, b = paren.effects[0].condition, plain.effects[0].condition
    assert a is not None and b is not None and a.subject is not None and b.subject is not None
    assert (a.kind, a.value, a.subject.filters, a.subject.count.fixed) == (b.kind, b.value, b.subject.filters,
                                                                           b.subject.count.fixed)


def test_or_more_than_one_is_not_read_on_a_reference() -> None:
    d = card(HEAD + "\nTexto permanente:\n  Durante sua Fase de Preparação, uma vez por turno, você pode fazer com que "
             "este personagem (ou mais de um) cause 1 ponto de dano no alvo.\n")
    assert not d.executable


def test_one_more_card_is_one_card_now() -> None:
    d = _action("Coloque um card do topo de seu deck em seus recursos. Então, coloque mais um card do topo de seu "
                "deck em seus recursos se você controlar um herói.")
    assert d.action is not None
    first, second = d.action.modes[0].procedures
    assert isinstance(first, Move) and isinstance(second, Move)
    assert first.cards.count == second.cards.count == Quantity.of(1) and second.condition is not None


def test_the_pronoun_with_mesmo_is_the_same_thing() -> None:
    d = _permanent("Durante sua Fase de Preparação, uma vez por turno, você pode fazer com que este personagem cause "
                   "1 ponto de dano nele mesmo.")
    (dmg,) = d.effects[0].procedures
    assert isinstance(dmg, Damage) and dmg.targets.ref is Ref.THIS_CHARACTER and dmg.source.ref is Ref.THIS_CHARACTER


def test_the_chosen_opponent_is_the_player_chosen_before() -> None:
    d = _permanent("Quando este personagem entrar em cena, escolha um oponente. Compre um card e o oponente "
                   "escolhido descarta um card.")
    choose, _, discard = d.effects[0].procedures
    assert isinstance(choose, Choose) and isinstance(discard, Discard)
    assert discard.who.ref is Ref.SLOT and discard.who.slot == choose.introduces
    lone = card(HEAD + "\nTexto permanente:\n  Quando este personagem entrar em cena, o oponente escolhido descarta um "
                "card.\n")
    assert not lone.executable


# --- time adjuncts of a relative: "desde o início do turno", "neste turno" --------------------------------------


def test_controlled_since_the_start_of_the_turn() -> None:
    d = _permanent("Durante sua Fase de Preparação, você pode incapacitar em {1} um personagem que você controla "
                   "desde o início do turno. Se o fizer, compre um card.")
    stage, _ = d.effects[0].procedures
    assert isinstance(stage, ChangeStage)
    assert Filter("since_turn_start", "eq", "true") in stage.targets.filters
    assert Filter("controller", "eq", "you") in stage.targets.filters


def test_in_the_scene_since_the_start_of_the_turn_on_the_engine() -> None:
    """4.6.2 C.1: a character that entered this turn is not one "que você controla desde o início do turno"."""
    d = _permanent("Durante sua Fase de Preparação, você pode incapacitar em {1} um personagem que você controla "
                   "desde o início do turno. Se o fizer, compre um card.")
    game = match([d, card("Personagem: Novato V1\nAlinhamento: Herói\nPoderes: Voo\nEnergia inicial: 3\n"
                          "Escudo: 0\n")])
    c, n = card_of(game, 0, "Guardião V1"), card_of(game, 0, "Novato V1")
    enter(game, c)
    enter(game, n)
    game.state.scene[n].entered_turn = game.state.turn
    effect = d.effects[0]
    (stage,) = [p for p in effect.procedures if isinstance(p, ChangeStage)]
    from cardscript.games.battle_scenes.runtime.selectors import EffectContext, resolve

    ctx = EffectContext(controller=0, source=c)
    assert resolve(game, ctx, stage.targets) == [c]


def test_actions_used_this_turn_read_their_time() -> None:
    d = _permanent("Os personagens não podem usar ações com os mesmos nomes de ações que já tiverem sido usadas "
                   "neste turno.")
    (restrict,) = d.effects[0].procedures
    assert isinstance(restrict, Restrict) and restrict.action_filters[0].field == "name"


def test_the_first_targeted_action_an_opponent_uses_each_turn() -> None:
    d = _permanent("Este personagem não pode ser alvo da primeira ação com alvo que for usada por um oponente em cada "
                   "turno.")
    (restrict,) = d.effects[0].procedures
    assert isinstance(restrict, Restrict) and restrict.what == "be_target" and restrict.first_per_turn
    assert restrict.by_ref is Ref.OPPONENT and Filter("targeted", "eq", "true") in restrict.action_filters
    mine = card(HEAD + "\nTexto permanente:\n  Este personagem não pode ser alvo da primeira ação com alvo que for "
                "usada por você em cada turno.\n")
    assert not mine.executable


# --- "no estágio {0} de capacitação"; "com a afiliação X com {TE}" ----------------------------------------------


def test_stage_of_capacitation_is_the_stage() -> None:
    a = _permanent("Este personagem não pode usar a ação Golpe a não ser que ele esteja no estágio {0} de "
                   "capacitação.")
    b = _permanent("Este personagem não pode usar a ação Golpe a não ser que ele esteja no estágio {0}.")
    assert a.effects[0].condition is not None and b.effects[0].condition is not None
    assert a.effects[0].condition.subject == b.effects[0].condition.subject


def test_a_power_after_an_affiliation_is_the_things() -> None:
    d = _permanent("Cada personagem com a afiliação X-Men com {TE} que você controla ganha Escudo +1.")
    (g,) = d.effects[0].procedures
    assert isinstance(g, Gain)
    assert Filter("power", "has", "TE") in g.targets.filters
    assert Filter("affiliation", "has", "X-Men") in g.targets.filters


def test_the_first_and_the_second_of_a_chosen_group() -> None:
    d = _permanent("Quando este personagem entrar em cena, escolha dois personagens controlados por um oponente e "
                   "então permute um dos cards que o primeiro personagem estiver carregando por um dos cards que o "
                   "segundo personagem estiver carregando.")
    choose, swap = d.effects[0].procedures
    assert isinstance(choose, Choose) and isinstance(swap, Swap)
    assert swap.cards.union[0].of is not None and swap.cards.union[0].of.slot == choose.introduces + ":nth0"
    assert swap.other is not None and swap.other.union[0].of is not None
    assert swap.other.union[0].of.slot == choose.introduces + ":nth1"
    lone = card(HEAD + "\nTexto permanente:\n  Quando este personagem entrar em cena, escolha um personagem e então "
                "permute um dos cards que o primeiro personagem estiver carregando por um card de sua mão.\n")
    assert not lone.executable


def test_a_name_known_only_as_an_affiliation_after_the_head_is_the_affiliation() -> None:
    """"Cada personagem Vingadores que você controla": a name the cards know only as an affiliation, said after the
    head noun, is the characters' affiliation (rules 2.1) -- no card is named "Vingadores"."""
    d = _permanent("Cada personagem Vingadores que você controla ganha Escudo +1.")
    (gain,) = d.effects[0].procedures
    assert isinstance(gain, Gain)
    assert Filter("affiliation", "has", "Vingadores") in gain.targets.filters
    assert not any(f.field == "name" for f in gain.targets.filters)


def test_other_in_the_thing_compared_with_is_other_than_the_one_compared() -> None:
    """"cada personagem em cena que tenha o mesmo alter ego que outro personagem em cena": "outro" is another
    than each character compared (a comparison never counts the thing itself), not another than this card --
    this card's own alter ego counts for the others."""
    d = _permanent("Cada personagem em cena que tenha o mesmo alter ego que outro personagem em cena ganha "
                   "Escudo +1.")
    (gain,) = d.effects[0].procedures
    assert isinstance(gain, Gain)
    (shares,) = [f for f in gain.targets.filters if f.op == "shares"]
    assert shares.field == "alter_ego" and isinstance(shares.value, Selector) and shares.value.excluding is None
