"""Noun-phrase modifiers that no rule consumed before (session 5, cluster "words"): the complement an adjective
requires ("em comum *com este personagem*"), a name given by "chamar" that takes nothing after it, a negated
description read as one ("que não seja de habilidade de {AD}"), each with the selector meaning the engine runs.
Card texts are our own."""

from __future__ import annotations

from cardscript.compiler.ir import (
    CardDef,
    ChangeStage,
    Choose,
    Draw,
    Filter,
    Kind,
    Load,
    ModifyDamage,
    Move,
    Ref,
    Restrict,
    Search,
    Selector,
    Swap,
    Unload,
)
from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import Eager, at, card_of, enter, match, use
from tests.engine_helpers import card, own_character

HEAD = ("Personagem: Guardião V1\nAlinhamento: Herói\nAfiliações: Vingadores\nPoderes: Super Força, Voo\n"
        "Energia inicial: 5\nEscudo: 1\n")


def _action(body: str) -> CardDef:
    d = card(HEAD + f"\nAção: Golpe\n  Custo: {{0}}\n  Poder: Super Força\n  {body}\n")
    assert d.executable, d.action and [m.why for m in d.action.modes]
    return d


def _procedures(d: CardDef) -> list[object]:
    assert d.action is not None
    return list(d.action.modes[0].procedures)


# --- "com uma afiliação em comum *com X*": the adjective's complement, not the verb's ----------------------------


def test_in_common_with_stays_with_the_noun_after_a_relative() -> None:
    """"carregar ... em outro personagem que você controla com uma afiliação em comum com este personagem":
    "com este personagem" completes "em comum" (what the affiliation is shared with), not carregar's "com"."""
    d = _action("Você pode carregar um card de seus recursos em outro personagem que você controla com uma afiliação "
                "em comum com este personagem.")
    (load,) = _procedures(d)
    assert isinstance(load, Load) and load.onto is not None and load.onto.kind is Kind.CHARACTER
    assert Filter("controller", "eq", "you") in load.onto.filters
    shares = [f for f in load.onto.filters if f.op == "shares"]
    assert len(shares) == 1 and isinstance(shares[0].value, Selector) and shares[0].value.ref is Ref.THIS_CHARACTER
    assert load.onto.excluding is not None and load.onto.excluding.ref is Ref.THIS_CHARACTER


def _friend(name: str, affiliations: str) -> CardDef:
    return card(f"Personagem: {name} V1\nAlinhamento: Herói\nAfiliações: {affiliations}\nPoderes: Voo\n"
                "Energia inicial: 3\nEscudo: 0\n")


def test_in_common_on_the_engine_offers_only_the_characters_sharing_an_affiliation() -> None:
    """4.4.2.1: a shared affiliation -- the ally of the Vingadores may receive the card, the X-Men may not, and
    neither may the user itself ("outro")."""
    d = _action("Você pode carregar um card de seus recursos em outro personagem que você controla com uma afiliação "
                "em comum com este personagem.")
    seen: list[tuple[str, ...]] = []

    def onto(decision: Decision) -> list[int]:
        seen.append(decision.options)
        return [0]

    game = match([d, _friend("Aliado", "Vingadores"), _friend("Parceiro", "Vingadores, X-Men"),
                  _friend("Mutante", "X-Men")], a=Eager({"target": [onto]}))
    c, ally, mutant = card_of(game, 0, "Guardião V1"), card_of(game, 0, "Aliado V1"), card_of(game, 0, "Mutante V1")
    for x in (c, ally, card_of(game, 0, "Parceiro V1"), mutant):
        enter(game, x, 1)
    game.move(game.state.players[0].deck[0], Zone.RESOURCES)
    at(game, "combat", "attack")
    before = len(game.state.scene[ally].carried)
    use(game, c, "Golpe")
    (options,) = seen
    assert sorted(o.split(" ")[0] for o in options) == ["Aliado", "Parceiro"]
    assert len(game.state.scene[ally].carried) == before + 1


# --- a name given by "chamar" takes nothing after it: what follows is the antecedent's --------------------------


def test_a_relative_after_a_name_given_belongs_to_the_card() -> None:
    """"um card que não se chame X *que este personagem estiver carregando*": the card is carried by this
    character; the relative is not the name's."""
    d = _action("Permute um card que o personagem alvo estiver carregando por um card que não se chame Golpe que este "
                "personagem estiver carregando.")
    (swap,) = _procedures(d)
    assert isinstance(swap, Swap) and swap.other is not None
    assert Filter("name", "ne", "Golpe") in swap.other.filters
    assert swap.other.zone == "carried" and swap.other.of is not None and swap.other.of.ref is Ref.THIS_CHARACTER


def test_an_area_after_a_name_given_is_where_the_cards_are() -> None:
    """"cards que não sejam chamados X *de seus recursos*": cards of your resources, not named X."""
    d = _action("Carregue até dois cards que não sejam chamados Golpe de seus recursos neste personagem.")
    (load,) = _procedures(d)
    assert isinstance(load, Load) and load.cards.zone == "resources" and load.cards.zone_owner is Ref.YOU
    assert Filter("name", "ne", "Golpe") in load.cards.filters and load.cards.count.up_to


# --- "que não seja de habilidade de {AD}": the description denied as one ---------------------------------------


def test_a_negated_description_with_its_own_modifier_is_one_filter() -> None:
    """Not (an ability card of {AD}): one ``matches`` filter negated, so that an ability of another power and any
    card of another type pass -- two negated filters would refuse both."""
    d = _action("Descarregue um card que não seja de habilidade de {AD} deste personagem.")
    (unload,) = _procedures(d)
    assert isinstance(unload, Unload) and unload.cards is not None and unload.cards.zone == "carried"
    (f,) = unload.cards.filters
    assert f.field == "matches" and f.op == "ne" and isinstance(f.value, Selector)
    assert set(f.value.filters) == {Filter("card_type", "eq", "Habilidade"), Filter("power", "has", "AD")}


def test_a_negated_description_on_the_engine() -> None:
    """Only the ability of {AD} is spared: the ability of {VO} and the support may be unloaded."""
    d = _action("Descarregue um card que não seja de habilidade de {AD} deste personagem.")
    ranged = card("Habilidade: Mira V1\nPoder: Ataque a Distância\n")
    flight = card("Habilidade: Asas V1\nPoder: Voo\n")
    support = card("Suporte: Caixa V1\nEnergia inicial: 1\nEscudo: 0\n")
    seen: list[tuple[str, ...]] = []

    def unload(decision: Decision) -> list[int]:
        seen.append(decision.options)
        return [0]

    game = match([d, ranged, flight, support], a=Eager({"unload": [unload]}))
    c = card_of(game, 0, "Guardião V1")
    carried = [card_of(game, 0, t) for t in ("Mira V1", "Asas V1", "Caixa V1")]
    enter(game, c, 0, carried=carried)
    at(game, "combat", "attack")
    use(game, c, "Golpe")
    (options,) = seen
    assert sorted(o.split(" ")[0] for o in options) == ["Asas", "Caixa"]
    assert card_of(game, 0, "Mira V1") in game.state.scene[c].carried and len(game.state.scene[c].carried) == 2



# --- "o card carregado (desta forma)": the card the latest load loaded ------------------------------------------


def test_the_card_loaded_is_the_loads_slot() -> None:
    """The load writes the cards it loaded in a slot; "o card carregado desta forma" reads it (not the character it
    was loaded onto, which the load introduces for "aquele personagem")."""
    d = _action("Carregue um card de seus recursos em um personagem que você controla. Se o card carregado desta "
                "forma for um card de habilidade, compre um card.")
    load, draw = _procedures(d)
    assert isinstance(load, Load) and load.loaded
    cond = getattr(draw, "condition", None)
    assert cond is not None and cond.kind == "is" and cond.subject is not None
    assert cond.subject.ref is Ref.SLOT and cond.subject.slot == load.loaded and cond.subject.slot != load.introduces


def test_the_card_loaded_on_the_engine() -> None:
    """The draw happens exactly when the card loaded was an ability: a support loaded draws nothing."""
    d = _action("Carregue um card de seus recursos neste personagem. Se o card carregado for um card de habilidade, "
                "compre um card.")
    for extra, drawn in ((card("Habilidade: Asas V1\nPoder: Voo\n"), 1),
                         (card("Suporte: Caixa V1\nEnergia inicial: 1\nEscudo: 0\n"), 0)):
        game = match([d, extra])
        c = card_of(game, 0, "Guardião V1")
        enter(game, c, 1)
        game.move(card_of(game, 0, extra.title), Zone.RESOURCES)
        at(game, "combat", "attack")
        hand = len(game.state.players[0].hand)
        use(game, c, "Golpe")
        assert card_of(game, 0, extra.title) in game.state.scene[c].carried
        assert len(game.state.players[0].hand) == hand + drawn


def test_until_the_end_of_the_turn_after_an_event_is_not_dropped() -> None:
    """"Quando este personagem entrar em cena, até o final do turno, você pode ...": a permission lasting the turn,
    which the engine has no meaning for -- not executable (it was read as an immediate, one-time choice)."""
    d = card(HEAD + "\nTexto permanente:\n  Quando este personagem entrar em cena, até o final do turno, você pode "
             "comprar um card.\n")
    assert not d.executable


# --- rules restated in parentheses, read only about the clause the rule is about --------------------------------

SCENARIO_AGAIN = ("(o cenário pode ser colocado em cena desta forma mesmo que outro cenário já tenha sido colocado em "
                  "cena neste turno)")


def test_a_scenario_put_in_the_scene_by_an_effect_restates_the_rule() -> None:
    """Rules 3 "Cena" / 4.4.1: a scenario an effect puts in the scene is not the turn's one scenario -- the
    parenthesis says nothing more, and is read only on a clause that puts a scenario in the scene."""
    _action(f"Coloque em cena um card de cenário de sua mão {SCENARIO_AGAIN}.")
    other = card(HEAD + f"\nAção: Golpe\n  Custo: {{0}}\n  Poder: Super Força\n  Compre um card {SCENARIO_AGAIN}.\n")
    assert not other.executable


def test_a_scenario_put_in_the_scene_by_an_effect_after_the_turns_scenario_on_the_engine() -> None:
    """The player placed the turn's scenario already; the action still puts another one in the scene."""
    d = _action(f"Coloque em cena um card de cenário de sua mão {SCENARIO_AGAIN}.")
    place = card("Cenário: Praça V1\n")
    game = match([d, place])
    c = card_of(game, 0, "Guardião V1")
    enter(game, c, 1)
    game.move(card_of(game, 0, "Praça V1"), Zone.HAND)
    game.state.players[0].scenario_placed_this_turn = True
    at(game, "combat", "attack")
    use(game, c, "Golpe")
    assert game.state.scenario == card_of(game, 0, "Praça V1")


PAY_AGAIN = "(para usar novamente a ação, você deve pagar novamente todos os seus custos)"


def test_using_an_action_again_pays_its_costs_again_restates_the_rule() -> None:
    """4.6.2 E: every use of an action pays its costs; read only after "esta ação outra vez"."""
    _action(f"Este personagem pode usar esta ação outra vez neste turno {PAY_AGAIN}.")
    other = card(HEAD + f"\nAção: Golpe\n  Custo: {{0}}\n  Poder: Super Força\n  Compre um card {PAY_AGAIN}.\n")
    assert not other.executable


def test_using_an_action_again_pays_its_cost_again_on_the_engine() -> None:
    """The second use of a cost {1} action incapacitates its user again: stage 2, 1, then 0."""
    d = card(HEAD + f"\nAção: Golpe\n  Custo: {{1}}\n  Poder: Super Força\n  Este personagem pode usar esta ação "
             f"outra vez neste turno {PAY_AGAIN}.\n")
    assert d.executable
    game = match([d])
    c = card_of(game, 0, "Guardião V1")
    enter(game, c, 1)
    game.state.scene[c].stage = 2
    at(game, "combat", "attack")
    use(game, c, "Golpe")
    assert game.state.scene[c].stage == 1
    use(game, c, "Golpe")
    assert game.state.scene[c].stage == 0


COST_X = "(ações de custo {X} terão custo {2} sempre que o valor escolhido para X for 2)"


def test_the_cost_x_reminder_is_read_only_with_one_value() -> None:
    trigger = ("Toda vez que um personagem que você controla usar uma ação de custo {2}, capacite este personagem "
               "em {1} ")
    card_ok = card(HEAD + f"\nTexto permanente:\n  {trigger}{COST_X}.\n")
    assert card_ok.executable
    wrong = card(HEAD + "\nTexto permanente:\n  " + trigger
                 + "(ações de custo {X} terão custo {2} sempre que o valor escolhido para X for 1).\n")
    assert not wrong.executable


def test_an_action_of_cost_x_has_the_cost_chosen_while_it_is_used_on_the_engine() -> None:
    """4.6.2 E.1: "uma ação de custo {2}" is the action of cost {X} used with X = 2, not with X = 1: the watcher is
    capacitated only then."""
    watcher = card(HEAD + f"\nTexto permanente:\n  Toda vez que um personagem que você controla usar uma ação de "
                   f"custo {{2}}, capacite este personagem em {{1}} {COST_X}.\n")
    user = card("Personagem: Pisador V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n"
                "\nAção: Pisão\n  Custo: {X}\n  Poder: Super Força\n  Pisão causa X pontos de dano no alvo.\n")
    assert user.executable
    for x, raised in ((2, 1), (1, 0)):
        game = match([watcher, user], [card("Personagem: Alvo V1\nAlinhamento: Vilão\nPoderes: Voo\n"
                                             "Energia inicial: 3\nEscudo: 0\n")], a=Eager({"x": [[x]]}))
        w, u, t = card_of(game, 0, "Guardião V1"), card_of(game, 0, "Pisador V1"), card_of(game, 1, "Alvo V1")
        for c in (w, u, t):
            enter(game, c, 1)
        game.state.scene[u].stage, game.state.scene[w].stage = 2, 0
        at(game, "combat", "attack")
        use(game, u, "Pisão")
        assert game.state.scene[u].stage == 2 - x
        assert game.state.scene[w].stage == raised


# --- "que tenha X no nome": those words in the card's name ------------------------------------------------------


def test_words_in_the_name_are_a_name_filter() -> None:
    d = _action("Procure em seu deck por um card de cenário que tenha Praça Central no nome, revele-o e coloque-o em "
                "sua mão. Embaralhe o seu deck.")
    search = _procedures(d)[0]
    assert isinstance(search, Search) and Filter("name", "contains", "Praça Central") in search.cards.filters


def test_words_in_the_name_on_the_engine() -> None:
    """Whole words of the name, whatever follows them: "Praça Central - Norte" is found, "Praças Centrais" is not."""
    d = _action("Procure em seu deck por um card de cenário que tenha Praça Central no nome, revele-o e coloque-o em "
                "sua mão. Embaralhe o seu deck.")
    north, plural = card("Cenário: Praça Central - Norte V1\n"), card("Cenário: Praças Centrais V1\n")
    game = match([d, plural, north])
    c = card_of(game, 0, "Guardião V1")
    enter(game, c, 1)
    at(game, "combat", "attack")
    use(game, c, "Golpe")
    assert [game.cards[x].title for x in game.state.players[0].hand] == ["Praça Central - Norte V1"]


# --- "(no personagem que usou esta ação)", "ações daquele poder", "uma ação de {X} fosse causar dano" -------------


def test_a_place_said_again_with_its_preposition_is_read() -> None:
    d = card("Habilidade: Troca V1\nPoder: Voo\n\nAção: Troca\n  Custo: {0}\n  Poder: Voo\n  Carregue um card de "
             "seus recursos neste personagem (no personagem que usou esta ação).\n")
    assert d.executable
    (load,) = _procedures(d)
    assert isinstance(load, Load) and load.onto.ref is Ref.THIS_CHARACTER
    wrong = card("Habilidade: Troca V1\nPoder: Voo\n\nAção: Troca\n  Custo: {0}\n  Poder: Voo\n  Carregue um card de "
                 "seus recursos neste personagem (no personagem alvo).\n")
    assert not wrong.executable


def test_actions_of_that_power_read_the_power_chosen() -> None:
    d = _action("Escolha um poder. O personagem alvo não pode usar ações daquele poder neste turno.")
    choose, restrict = _procedures(d)
    assert isinstance(choose, Choose) and isinstance(restrict, Restrict)
    flt = restrict.action_filters[0]
    assert flt.field == "power" and flt.op == "chosen" and isinstance(flt.value, Selector)
    assert flt.value.slot == choose.introduces


def test_an_action_of_a_power_about_to_deal_damage_keeps_its_power() -> None:
    """"Toda vez que uma ação de {LA} fosse causar dano em um ou mais alvos": the modifier is for actions of {LA}
    (the power was dropped before), on its targets however many."""
    d = card("Cenário: Arena V1\n\nTexto permanente:\n  Toda vez que uma ação de {LA} fosse causar dano em um ou mais "
             "alvos, ela causará aquela quantidade de dano +1 a cada um de seus alvos.\n")
    assert d.executable
    (mod,) = d.effects[0].procedures
    assert isinstance(mod, ModifyDamage) and Filter("power", "has", "LA") in mod.action_filters and mod.each_target


def test_no_alter_ego_restated_and_on_the_engine() -> None:
    """Rules 2.1: "N/A" printed for the alter ego is none -- two characters printed N/A have no alter ego in
    common, so the condition "outro personagem com o mesmo alter ego do alvo" fails for them."""
    d = _action("Golpe causa 2 pontos de dano no personagem alvo se houver em cena um outro personagem com o mesmo "
                "alter ego do alvo (personagens com alter ego N/A não têm alter ego).")
    head = "Alinhamento: Vilão\nPoderes: Voo\nEnergia inicial: 4\nEscudo: 0\n"
    one = card("Personagem: Sem Nome V1\nAlter ego: N/A\n" + head)
    two = card("Personagem: Outro Sem Nome V1\nAlter ego: N/A\n" + head)
    assert one.alter_ego in (None, "")
    game = match([d], [one, two])
    c, t = card_of(game, 0, "Guardião V1"), card_of(game, 1, "Sem Nome V1")
    enter(game, c, 1)
    enter(game, t, 4)
    enter(game, card_of(game, 1, "Outro Sem Nome V1"), 4)
    at(game, "combat", "attack")
    use(game, c, "Golpe")
    other = card_of(game, 1, "Outro Sem Nome V1")
    assert len(game.state.scene[t].carried) == len(game.state.scene[other].carried) == 4   # no damage to either


def test_you_choose_whom_it_damages_restated_only_when_you_choose() -> None:
    """5: the controller of an effect makes its choices -- the parenthesis restates it for a damage to a character
    chosen when it resolves; on a clause that deals no such damage it stays unread."""
    ok = card(HEAD + "\nTexto permanente:\n  Quando este personagem entrar em cena, este personagem causa 1 ponto de "
              "dano em um outro personagem (você escolhe o personagem que receberá o dano).\n")
    assert ok.executable
    wrong = card(HEAD + "\nTexto permanente:\n  Quando este personagem entrar em cena, compre um card (você escolhe o "
                 "personagem que receberá o dano).\n")
    assert not wrong.executable


def test_the_start_of_the_turn_of_a_described_player_is_kept() -> None:
    """"No início do turno do controlador do personagem escolhido": whose turn it is is kept -- the trigger's
    condition is that the turn is the chosen card's controller's (tests/test_semantics_r4_references.py)."""
    d = card(HEAD + "\nTexto permanente:\n  Quando este personagem entrar em cena, escolha um personagem controlado "
             "por outro jogador.\n  No início do turno do controlador do personagem escolhido, compre um card.\n")
    assert d.executable
    cond = d.effects[1].condition
    assert cond is not None and cond.kind == "now" and cond.subject is not None and cond.subject.slot == "card:0"


# --- "coloque um card do topo de seu deck em seus recursos para cada <x>" ---------------------------------------


def test_put_for_each_multiplies_the_cards_put() -> None:
    d = _action("Coloque um card do topo de seu deck em seus recursos para cada personagem herói que você controla.")
    (move,) = _procedures(d)
    assert isinstance(move, Move) and move.cards.zone == "deck_top"
    assert move.cards.count.x_times == 1 and move.cards.count.x is not None


def test_put_for_each_on_the_engine() -> None:
    """Two heroes controlled: the two top cards of the deck go to the resources."""
    d = _action("Coloque um card do topo de seu deck em seus recursos para cada personagem herói que você controla.")
    game = match([d, own_character("Aliado")])
    c, ally = card_of(game, 0, "Guardião V1"), card_of(game, 0, "Aliado V1")
    enter(game, c, 1)
    enter(game, ally, 1)
    top = list(game.state.players[0].deck[:2])
    at(game, "combat", "attack")
    use(game, c, "Golpe")
    assert all(x in game.state.players[0].resources for x in top) and game.state.players[0].deck[0] not in top


# --- "cada jogador compra um card para cada personagem ... que ele controla": each player in turn ---------------


def test_each_player_draws_for_what_they_control() -> None:
    d = card(HEAD + "\nTexto permanente:\n  Quando este personagem entrar em cena, cada jogador compra um card para "
             "cada personagem com {GE} que ele controla.\n")
    assert d.executable
    (draw,) = d.effects[0].procedures
    assert isinstance(draw, Draw) and draw.each_player and draw.amount.x is not None
    what = draw.amount.x.what
    assert what is not None and any(isinstance(f.value, Selector) and f.value.slot == "each:player"
                                    for f in what.filters)
    yours = card(HEAD + "\nTexto permanente:\n  Quando este personagem entrar em cena, cada jogador compra um card "
                 "para cada personagem com {GE} que você controla.\n")
    (same,) = yours.effects[0].procedures
    assert isinstance(same, Draw) and not same.each_player


def test_each_player_draws_for_what_they_control_on_the_engine() -> None:
    """Player 0 controls one character with {GE}, player 1 two: they draw one and two cards."""
    d = card(HEAD + "\nTexto permanente:\n  Quando este personagem entrar em cena, cada jogador compra um card para "
             "cada personagem com {GE} que ele controla.\n")
    genius = own_character("Gênio", powers="Genialidade")
    game = match([d, genius], [genius, genius])
    for player, n in ((0, 0), (1, 0), (1, 1)):
        enter(game, card_of(game, player, "Gênio V1", n), 1)
    hands = [len(p.hand) for p in game.state.players]
    enter(game, card_of(game, 0, "Guardião V1"), 1)
    assert [len(p.hand) - h for p, h in zip(game.state.players, hands, strict=True)] == [1, 2]


# --- "X-1 destes alvos": a count run before a partitive number; "estes alvos" are the action's targets ----------


def test_x_minus_one_of_these_targets() -> None:
    d = card(HEAD + "\nAção: Teia\n  Custo: {X}\n  Poder: Super Força\n  Teia causa 1 ponto de dano a cada um de X "
             "alvos. Incapacite em {1} X-1 destes alvos.\n")
    assert d.executable
    _, stage = _procedures(d)
    assert isinstance(stage, ChangeStage)
    assert stage.targets.count.fixed == -1 and stage.targets.count.x_times == 1
    (pool,) = stage.targets.union
    assert pool.ref is Ref.TARGET and pool.every


def test_same_alter_ego_or_name_if_none_is_the_identity() -> None:
    """4.4.2.1 A.4: "o mesmo alter ego (ou nome, se não houver alter ego) de X" compares identities."""
    d = _action("Procure em seu deck por um card com o mesmo alter ego (ou nome, se não houver alter ego) do "
                "personagem alvo, revele-o e coloque-o em sua mão. Embaralhe o seu deck.")
    search = _procedures(d)[0]
    assert isinstance(search, Search)
    (f,) = [f for f in search.cards.filters if f.field == "identity"]
    assert f.op == "shares" and isinstance(f.value, Selector) and f.value.ref is Ref.TARGET


def test_a_member_of_an_affiliation_named_as_a_noun() -> None:
    """"um X-Men" (an affiliation's name with "um"): a character with that affiliation, not a card so named."""
    d = card("Personagem: Caçador V1\nAlinhamento: Vilão\nAfiliações: X-Men\nPoderes: Voo\nEnergia inicial: 3\n"
             "Escudo: 0\n\nTexto permanente:\n  Toda vez que este personagem fosse causar dano a um X-Men, ele causará "
             "aquela quantidade de dano +1.\n")
    assert d.executable
    (mod,) = d.effects[0].procedures
    assert isinstance(mod, ModifyDamage) and mod.target is not None and mod.target.kind is Kind.CHARACTER
    assert mod.target.filters == (Filter("affiliation", "has", "X-Men"),)
