"""Rules 4.2-4.7 and 6.2 not covered elsewhere, one test per section, each quoting its rule.

Every game here is built with ``check=True``: the invariants (every card in exactly one place, stages
0-2...) are checked after every primitive.
"""

from __future__ import annotations

import functools
from dataclasses import replace

from cardscript.compiler.ir import (
    ActionDef,
    CardDef,
    Damage,
    Discard,
    Duration,
    Effect,
    EffectKind,
    EventPattern,
    ForceTarget,
    Kind,
    Procedure,
    Quantity,
    Ref,
    Selector,
    Unload,
)
from cardscript.engine.events import Event
from cardscript.games.battle_scenes.runtime.actions import legal_actions, use_action
from cardscript.games.battle_scenes.runtime.library import load_library
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import activatable, activate, at, enter, events, use
from tests.corpus_play import card_of as cp_card_of
from tests.corpus_play import match as cp_match
from tests.engine_helpers import Script, card, own_character
from tests.test_actions import TARGET, fighter, names, setup
from tests.test_turn import FILL, cards_of, char, in_scene, match, put


@functools.cache
def library() -> dict[str, CardDef]:
    return load_library()


def add_card(game: Match, definition: CardDef, owner: int, zone: Zone = Zone.RESOURCES) -> int:
    """A new physical card of ``owner`` in one of their areas."""
    card = max(game.cards) + 1
    game.cards[card] = definition
    game.state.owner[card] = owner
    getattr(game.state.players[owner], str(zone)).append(card)
    return card


def damage_mode(amount: int) -> Effect:
    return Effect(EffectKind.ACTION, procedures=(Damage(
        source=Selector(Kind.ACTION, Ref.THIS_ACTION), targets=Selector(Kind.CARD, Ref.TARGET),
        amount=Quantity.of(amount), text=f"causa {amount} pontos de dano no alvo"),))


def test_4_2_swapping_carried_cards_triggers_no_load_or_unload_effects() -> None:
    """4.2 PERMUTAR CARDS: "um dos cards especificados no efeito, e que está sendo carregado por um
    personagem ou suporte, deverá ser trocado pelo outro card especificado" -- a swap is neither a load nor
    an unload, so effects that trigger on loading or unloading do not trigger."""
    on_load = Effect(EffectKind.TRIGGERED, trigger=EventPattern("load", Selector(Kind.CARD, Ref.THIS_CARD)),
                     text="Quando este card for carregado")
    on_unload = Effect(EffectKind.TRIGGERED, trigger=EventPattern("unload", Selector(Kind.CARD, Ref.THIS_CARD)),
                       text="Quando este card for descarregado")
    watched = CardDef("Vigiado V1", "Vigiado", 1, "Habilidade", effects=(on_load, on_unload))
    game = match([char("X"), char("Z"), watched] + [FILL] * 20, [FILL] * 20)
    x, z = cards_of(game, 0, "X V1")[0], cards_of(game, 0, "Z V1")[0]
    w = cards_of(game, 0, "Vigiado V1")[0]
    in_scene(game, x, 1)
    in_scene(game, z, 2)
    put(game, w, Zone.RESOURCES)
    game.load(w, x)
    game.eng.tree.resolve()
    before = len([e for e in game.log.events if e.kind == "tree_pending"])
    assert before == 1                                   # loading it did trigger
    other = game.state.scene[z].carried[0]
    game.swap(w, other)
    game.eng.tree.resolve()
    assert w in game.state.scene[z].carried and other in game.state.scene[x].carried
    assert len([e for e in game.log.events if e.kind == "tree_pending"]) == before


def test_4_3_current_energy_is_the_number_of_cards_carried() -> None:
    """4.3: "A Energia Atual de um personagem ou suporte corresponde ao número de cards que aquele
    personagem ou suporte estiver carregando em um determinado momento do jogo." """
    game = match([char("X", ie=3)] + [FILL] * 20, [FILL] * 20)
    x = cards_of(game, 0, "X V1")[0]
    in_scene(game, x, 3)
    base = game.state.scene[x]
    assert base.energy == 3 == len(base.carried)
    game.unload(base.carried[0])
    assert base.energy == 2
    game.mill_to_resources(0, 2)
    for c in list(game.state.players[0].resources):
        game.load(c, x)
    assert base.energy == 5 == len(base.carried)          # above the initial energy until the Adjustment


def test_4_4_2_1_A_1a_an_ev_character_needs_its_addition_value_in_the_resources() -> None:
    """4.4.2.1 A.1a: "Deve haver um número de cards nos seus recursos igual ou maior do que Valor de
    Acréscimo do card do personagem-EV"; A.1b: non-EV characters and supports need their initial energy;
    A.3a: the EV is loaded with that many cards plus the evolved base card and everything it carried."""
    ev = CardDef("X V3", "X", 3, "Personagem-EV", alter_ego="X", initial_energy=8, shield=1, addition_value=2)
    game = match([char("X", ie=3), ev] + [FILL] * 20, [FILL] * 20)
    x, e = cards_of(game, 0, "X V1")[0], cards_of(game, 0, "X V3")[0]
    put(game, e, Zone.HAND)
    in_scene(game, x, 3)
    game.state.turn = 4
    game.mill_to_resources(0, 1)
    assert not game.eng.can_place(0, e)                   # 1 < addition value 2 (the initial energy 8 is not asked)
    game.mill_to_resources(0, 1)
    assert game.eng.can_place(0, e)
    carried = list(game.state.scene[x].carried)
    game.eng.place(0, e)
    assert x not in game.state.scene and e in game.state.scene
    assert set(game.state.scene[e].carried) >= {x, *carried} and game.state.scene[e].energy == 3 + 2 + 1


def test_4_4_2_1_A_2a_an_ev_evolves_only_from_a_character_controlled_since_the_start_of_the_turn() -> None:
    """4.4.2.1 A.2a: "Você deve controlar desde o início do turno pelo menos um personagem ou suporte que
    possa ser escolhido como requisito para evolução"."""
    ev = CardDef("X V3", "X", 3, "Personagem-EV", alter_ego="X", initial_energy=8, addition_value=1)
    game = match([char("X", ie=2), ev] + [FILL] * 20, [FILL] * 20)
    x, e = cards_of(game, 0, "X V1")[0], cards_of(game, 0, "X V3")[0]
    put(game, e, Zone.HAND)
    in_scene(game, x, 2)
    game.mill_to_resources(0, 3)
    game.state.turn = 3
    game.state.scene[x].entered_turn = 3                  # entered this turn
    assert not game.eng.can_place(0, e)
    game.state.scene[x].entered_turn = 2
    assert game.eng.can_place(0, e)


def test_4_4_2_2_A_4b_A_4c_alter_ego_and_name_uniqueness_of_characters_and_supports() -> None:
    """4.4.2.1 A.4b: "Não pode haver outro personagem em cena sob seu controle com o mesmo alter ego (ou mesmo
    nome, se não houver alter ego)"; A.4c: "Não pode haver outro suporte em cena sob seu controle com o mesmo
    nome que o suporte que está entrando em cena." The opponent's copies do not count."""
    nameless_a = CardDef("Sem V1", "Sem", 1, "Personagem", initial_energy=1)
    nameless_b = CardDef("Sem V2", "Sem", 2, "Personagem", initial_energy=1)
    base_a = CardDef("Base V1", "Base", 1, "Suporte", initial_energy=1)
    base_b = CardDef("Base V2", "Base", 2, "Suporte", initial_energy=1)
    other = CardDef("Torre V1", "Torre", 1, "Suporte", initial_energy=1)
    game = match([nameless_a, nameless_b, base_a, base_b, other] + [FILL] * 20,
                 [nameless_a, base_a] + [FILL] * 20)
    eng = game.eng
    (s1,), (s2,) = cards_of(game, 0, "Sem V1"), cards_of(game, 0, "Sem V2")
    (b1,), (b2,), (t,) = cards_of(game, 0, "Base V1"), cards_of(game, 0, "Base V2"), cards_of(game, 0, "Torre V1")
    for c in (s1, s2, b1, b2, t):
        put(game, c, Zone.HAND)
    (o_s,), (o_b,) = cards_of(game, 1, "Sem V1"), cards_of(game, 1, "Base V1")
    in_scene(game, o_s, 1)
    in_scene(game, o_b, 1)
    game.mill_to_resources(0, 6)
    assert eng.can_place(0, s1) and eng.can_place(0, b1)  # the opponent's Sem and Base do not count
    eng.place(0, s1)
    assert not eng.can_place(0, s2)                       # no alter ego: the same name
    eng.place(0, b1)
    assert not eng.can_place(0, b2) and eng.can_place(0, t)


def test_4_4_2_3_A_1_1_a_carried_ability_cards_permanent_text_works_for_the_character() -> None:
    """4.4.2.3 A.1.1: "Os textos permanentes dos Cards de Habilidade que o personagem estiver carregando
    tornam-se funcionais [...] O personagem também pode usar as ações descritas nestes cards de habilidade caso
    ele possua o poder daquela ação." Jogar Objeto V1 ("Este personagem ganha {AD}") gives the power its own
    action needs."""
    jogar = library()["Jogar Objeto V1"]
    assert jogar.power == "AD"
    game, x, _ = setup(fighter(powers=("SF",)))
    card = add_card(game, jogar, 0)
    assert "Jogar Objeto" not in names(game, 0, "attack")
    game.load(card, x)
    assert names(game, 0, "attack") == ["Golpe de X", "Jogar Objeto"]


def test_4_4_2_3_A_2a_an_ability_card_on_a_support_works_when_its_text_names_that_support() -> None:
    """4.4.2.3 A.2a: "Cards de Habilidade [...] carregados em Suportes não fazem nada além de contar como energia
    para aquele suporte, a menos que seus textos digam o contrário" (the rulebook's example: Reparos Provisórios).
    Reparos Provisórios V1's "O suporte que estiver carregando este card ganha Escudo +1" works on the support
    carrying it; Cubo Cósmico V1 ("Toda vez que este personagem causar dano ...") on a support does nothing
    (tests/scenarios/4-4-2-3-A-2a-habilidade-num-suporte.scn)."""
    from cardscript.games.battle_scenes.runtime.shielding import shield
    from cardscript.games.battle_scenes.runtime.triggers import functional_in_scene

    lib = library()
    game = match([char("X", ie=2)] + [FILL] * 20, [FILL] * 20)
    mansao = add_card(game, lib["Mansão dos Vingadores V1"], 0)
    reparos = add_card(game, lib["Reparos Provisórios V1"], 0)
    cubo = add_card(game, lib["Cubo Cósmico V1"], 0)
    game.enter_scene(mansao, 0, [reparos, cubo])
    assert functional_in_scene(game, reparos) == (True, 0)
    assert functional_in_scene(game, cubo) == (False, 0)
    assert shield(game, mansao) == 2 + 1


def test_4_4_2_3_A_1_2a_a_carried_same_alter_ego_character_card_grants_its_powers_and_action() -> None:
    """4.4.2.3 A.1.2a: "Cards de personagem carregados em um personagem que possua o mesmo alter ego, porém
    sejam de uma versão diferente do card base [...] concedem àquele personagem suas afiliações, alinhamentos,
    poderes, todos os seus textos permanentes e as ações neles descritas." A.1.2: other character cards only
    count as energy."""
    v2 = CardDef("X V2", "X", 2, "Personagem", alter_ego="X", powers=("AE",), initial_energy=2,
                 action=ActionDef("Rajada de X", cost=1, power="AE", modes=(damage_mode(1),), targets=(TARGET,)))
    stranger = CardDef("W V1", "W", 1, "Personagem", alter_ego="W", powers=("VO",), initial_energy=2,
                       action=ActionDef("Voo de W", cost=1, power="VO", modes=(damage_mode(1),), targets=(TARGET,)))
    game, x, _ = setup(fighter(powers=("SF",)))
    w = add_card(game, stranger, 0)
    game.load(w, x)
    assert names(game, 0, "attack") == ["Golpe de X"]     # another alter ego: energy only
    card = add_card(game, v2, 0)
    game.load(card, x)
    assert names(game, 0, "attack") == ["Golpe de X", "Rajada de X"]


def test_4_5_capacitating_and_incapacitating_go_as_far_as_possible() -> None:
    """4.5.1: "efeitos que o incapacitem [...] o incapacitarão o máximo possível. De forma semelhante,
    personagens no Estágio [0] de capacitação não poderão ser incapacitados de nenhuma maneira. Já, se algum
    efeito capacitar um personagem, aquele efeito será cumprido tanto quanto possível." A character enters
    the scene at stage 1 (vertical, 4.4.2.2 A.1)."""
    game = match([char("X", ie=2)] + [FILL] * 20, [FILL] * 20)
    x = cards_of(game, 0, "X V1")[0]
    in_scene(game, x, 2)
    base = game.state.scene[x]
    assert base.stage == 1
    assert game.capacitate(x, 2) == 1 and base.stage == 2
    assert game.capacitate(x, 1) == 0 and base.stage == 2
    assert game.incapacitate(x, 5) == 2 and base.stage == 0
    assert game.incapacitate(x, 1) == 0 and base.stage == 0


def test_4_6_2_B_an_action_with_options_asks_which_one_is_used() -> None:
    """4.6.2 B: "Se a ação tiver opções (ex: 'esta ação causa X pontos de dano no alvo, OU incapacite o alvo'),
    escolha qual destas opções será usada [...] A maioria das ações não tem opções, nesse caso a opção única
    delas é considerada escolhida." """
    two = ActionDef("Escolha", cost=0, power="SF", modes=(damage_mode(1), damage_mode(3)), targets=(TARGET,))
    user = CardDef("X V1", "X", 1, "Personagem", alter_ego="X", powers=("SF",), initial_energy=2, shield=0,
                   action=two)
    agent = Script({"mode": [[1]], "target": [[1]]})
    game, x, y = setup(user, agent=agent)
    use_action(game.eng, legal_actions(game.eng, 0, "attack")[0])
    modes = [d for d in agent.seen if d.kind == "mode"]
    assert len(modes) == 1 and len(modes[0].options) == 2
    damage = [e.data for e in game.log.events if e.kind == "damage"]
    assert damage and damage[0]["card"] == y and damage[0]["initial"] == 3
    game2, _, _ = setup(fighter(cost=0))
    use_action(game2.eng, legal_actions(game2.eng, 0, "attack")[0])
    assert not [d for d in game2.agents[0].seen if d.kind == "mode"]  # type: ignore[attr-defined]


def test_4_6_2_F_2_2_a_character_that_cannot_be_the_target_is_never_offered() -> None:
    """4.6.2 F.2.2: "If an effect says that a certain character/support cannot be the target of the action
    being used, no action may be used if it chooses that character/support as a target." Fanático V1: "Este
    personagem não pode ser alvo de ações de {TE}." """
    fanatico = library()["Fanático V1"]
    agent = Script()
    game, x, y = setup(fighter(power="TE", powers=("TE",), cost=0), fanatico, agent=agent)
    assert game.cards[y].title == "Fanático V1"
    use_action(game.eng, legal_actions(game.eng, 0, "attack")[0])
    offered = next(d.options for d in agent.seen if d.kind == "target")
    assert game.name(y) not in offered and offered == (game.name(x),)
    agent2 = Script()
    game2, _, y2 = setup(fighter(power="SF", powers=("SF",), cost=0), fanatico, agent=agent2)
    use_action(game2.eng, legal_actions(game2.eng, 0, "attack")[0])
    offered2 = next(d.options for d in agent2.seen if d.kind == "target")
    assert game2.name(y2) in offered2                     # an action of another power may target it


def _with_extra_cost(user: CardDef, *extra: Procedure) -> CardDef:
    assert user.action is not None
    return replace(user, action=replace(user.action, extra_costs=extra))


def test_4_6_2_E_an_action_whose_extra_cost_cannot_be_paid_is_not_offered() -> None:
    """4.6.2 E.2: "Assim como os custos de incapacitação, os custos adicionais não são opcionais e o jogador deve
    pagar todos eles para poder usar a ação." (G: "Caso algum dos custos não puder ser pago [...] a ação não está
    apta a ser realizada".)"""
    this_character = Selector(Kind.CHARACTER, Ref.THIS_CHARACTER, text="este personagem")
    you = Selector(Kind.PLAYER, Ref.YOU)

    def unload_from(n: int) -> Procedure:
        return Unload(who=you, amount=Quantity.of(n), frm=this_character,
                      text=f"descarregue {n} card(s) deste personagem")

    # "Descarregue um card deste personagem:" (Ultron-14 V1): payable only while it carries more than that
    game, x, _ = setup(_with_extra_cost(fighter(cost=0), unload_from(1)), agent=Script({"target": [[1]]}))
    assert names(game, 0, "attack") == ["Golpe de X"]
    use_action(game.eng, legal_actions(game.eng, 0, "attack")[0])
    assert len(game.state.scene[x].carried) == 1           # the cost was paid
    game.state.scene[x].extra_actions = 1
    assert names(game, 0, "attack") == []                  # nothing left beyond what the cost needs
    # "Descarregue X cards ...": too few carried
    game2, _, _ = setup(_with_extra_cost(fighter(cost=0), unload_from(3)))
    assert names(game2, 0, "attack") == []
    # "Descarregue <this card>:": the card must be carried -- an ability card is, a base card is not
    unload_this = Unload(who=you, cards=Selector(Kind.CARD, Ref.THIS_CARD), text="descarregue este card")
    game3, _, _ = setup(_with_extra_cost(fighter(cost=0), unload_this))
    assert names(game3, 0, "attack") == []
    grenade = CardDef("Granada V1", "Granada", 1, "Habilidade", power="SF",
                      action=ActionDef("Granada", cost=0, modes=(damage_mode(1),), targets=(TARGET,),
                                       extra_costs=(unload_this,)))
    game4, x4, _ = setup(fighter(cost=0), agent=Script({"target": [[1]]}))
    g = add_card(game4, grenade, 0)
    game4.load(g, x4)
    assert names(game4, 0, "attack") == ["Golpe de X", "Granada"]
    use_action(game4.eng, next(u for u in legal_actions(game4.eng, 0, "attack") if u.action.name == "Granada"))
    assert g in game4.state.players[0].resources
    # "Descarte um card:": a card in the hand
    discard = Discard(who=you, amount=Quantity.of(1), cards=Selector(Kind.CARD, zone="hand", count=Quantity.of(1)),
                      text="descarte um card")
    game5, _, _ = setup(_with_extra_cost(fighter(cost=0), discard))
    game5.state.players[0].hand.clear()
    assert names(game5, 0, "attack") == []
    put(game5, game5.state.players[0].deck[0], Zone.HAND)
    assert names(game5, 0, "attack") == ["Golpe de X"]


def _forced(name: str, *more: Effect) -> CardDef:
    """A character of the opponent that must be the target of its opponents' actions (F.2.1)."""
    force = Effect(EffectKind.STATIC, procedures=(ForceTarget(
        subject=Selector(Kind.CHARACTER, Ref.THIS_CHARACTER), by=Ref.OPPONENT, action_filters=()),),
        duration=Duration.WHILE_IN_PLACE, text="este personagem deve ser escolhido como alvo")
    return char(name, effects=(force, *more))


def test_4_6_2_F_2_1_a_forced_target_must_be_chosen() -> None:
    """4.6.2 F.2.1: "If an effect says that a certain character/support must be the target of the action being
    used [...] then if the action has one or more targets that can choose that character/support, the player may
    only use the action if it has that character/support as a target. Where there are multiple effects, the
    action must have each of the characters/supports as a target." """
    agent = Script()
    game, x, y = setup(fighter(cost=0), agent=agent)
    decoy = add_card(game, _forced("Chamariz"), 1)
    in_scene(game, decoy, 2)
    use_action(game.eng, legal_actions(game.eng, 0, "attack")[0])
    assert [e.data["card"] for e in game.log.events if e.kind == "targeted"] == [decoy]
    assert not [d for d in agent.seen if d.kind == "target"]            # no choice left
    # two targets: the forced one, and one chosen among the others
    two = Selector(Kind.CARD, targeted=True, count=Quantity.of(2), text="dois alvos")
    agent2 = Script()
    game2, x2, y2 = setup(fighter(cost=0, targets=(two,)), agent=agent2)
    decoy2 = add_card(game2, _forced("Chamariz"), 1)
    in_scene(game2, decoy2, 2)
    use_action(game2.eng, legal_actions(game2.eng, 0, "attack")[0])
    offered = next(d.options for d in agent2.seen if d.kind == "target")
    assert game2.name(decoy2) not in offered and len(offered) == 2
    assert decoy2 in [e.data["card"] for e in game2.log.events if e.kind == "targeted"]
    # two forced characters and a single target: the action cannot have both, so it cannot be used
    game3, _, _ = setup(fighter(cost=0))
    for name in ("Chamariz", "Isca"):
        in_scene(game3, add_card(game3, _forced(name), 1), 2)
    assert names(game3, 0, "attack") == []
    # the controller's own actions are not forced ("by" an opponent only)
    game4, _, y4 = setup(fighter(cost=0), fighter("Y", cost=0))
    in_scene(game4, add_card(game4, _forced("Chamariz"), 1), 2)
    assert names(game4, 1, "attack") == ["Golpe de Y"]


def test_4_6_2_F_2_2_cannot_be_target_prevails_over_must_be_target() -> None:
    """4.6.2 F.2.2: "If an effect says that a certain character/support cannot be the target of the action being
    used, no action may be used if it chooses that character/support as a target. This effect prevails over the
    effects of item F.2.1." A forced character that also says "não pode ser alvo de ações de {TE}" (Fanático V1)."""
    fanatico = library()["Fanático V1"]
    agent = Script()
    game, x, y = setup(fighter(power="TE", powers=("TE",), cost=0), agent=agent)
    decoy = add_card(game, _forced("Chamariz", *fanatico.effects), 1)
    in_scene(game, decoy, 2)
    assert names(game, 0, "attack") == ["Golpe de X"]                   # usable, without the forced target
    use_action(game.eng, legal_actions(game.eng, 0, "attack")[0])
    offered = next(d.options for d in agent.seen if d.kind == "target")
    assert game.name(decoy) not in offered and game.name(y) in offered
    game2, _, _ = setup(fighter(power="SF", powers=("SF",), cost=0))     # another power: forced again
    decoy2 = add_card(game2, _forced("Chamariz", *fanatico.effects), 1)
    in_scene(game2, decoy2, 2)
    use_action(game2.eng, legal_actions(game2.eng, 0, "attack")[0])
    assert [e.data["card"] for e in game2.log.events if e.kind == "targeted"] == [decoy2]


def test_4_7_a_support_carrying_nothing_is_destroyed_and_goes_to_the_resources() -> None:
    """4.7: "Quando um suporte não estiver carregando nenhum card, ele é considerado destruído, e deve ser
    colocado nos recursos de seu dono -- e não nos prêmios." (No points for the opponent.)"""
    support = CardDef("Base V1", "Base", 1, "Suporte", initial_energy=2, shield=0)
    game = match([support] + [FILL] * 20, [FILL] * 20)
    (b,) = cards_of(game, 0, "Base V1")
    in_scene(game, b, 2)
    for c in list(game.state.scene[b].carried):
        game.unload(c)
    me = game.state.players[0]
    assert b not in game.state.scene and b in me.resources and b not in me.prizes
    assert game.prize_points(1) == 0
    assert [e.kind for e in game.log.events][-1] == "destroyed"


def test_6_2_D_1_the_energy_adjustment_repeats_while_effects_load_cards() -> None:
    """6.2 D.1 ATENÇÃO: "Se algum efeito carregar cards em algum personagem ou suporte que você controla no
    decorrer do Ajuste de Energia, este ajuste irá ocorrer novamente até que aquele personagem ou suporte esteja
    carregando um número de cards igual a sua Energia Inicial." Here an effect loads a card from the resources
    the first time a card is unloaded."""
    agent = Script()
    game = match([char("X", ie=2)] + [FILL] * 20, [FILL] * 20, agent)
    x = cards_of(game, 0, "X V1")[0]
    in_scene(game, x, 3)
    game.mill_to_resources(0, 1)
    reloaded: list[int] = []

    def reload(event: Event) -> None:
        if event.kind == "unload" and not reloaded and game.state.players[0].resources:
            card = next(c for c in game.state.players[0].resources if c != event.data["card"])
            reloaded.append(card)
            game.load(card, x)

    game.listeners.append(reload)
    game.eng.adjustment(0)
    asked = [d for d in agent.seen if d.kind == "unload"]
    assert reloaded and len(asked) == 2 and game.state.scene[x].energy == 2


def test_6_2_C_6_an_imprevista_used_in_the_preparation_phase_means_no_action_in_the_attack_step() -> None:
    """6.2 E.1 ATENÇÃO: "Cada personagem só pode usar uma ação por turno. Se um personagem usou uma Ação
    Imprevista no passo C.6 da Fase de Preparação, ele não poderá usar ações durante a Etapa de Ataque." """
    agent = Script({"play": [[0]]})
    game, x, _ = setup(fighter(cost=0, unforeseen=True), agent=agent)
    plays = [p.label for p in game.eng.preparation_plays(0)]
    imprevista = next(i for i, label in enumerate(plays) if "uses Golpe de X" in label)
    agent.answers["play"] = [[imprevista + 1], [0]]
    game.eng.preparation(0)
    assert game.state.scene[x].actions_used == ["Golpe de X"]
    assert names(game, 0, "attack") == []
    game.eng.end_of_turn()
    assert names(game, 0, "attack") == ["Golpe de X"]     # a new turn, a new action


def test_4_4_2_2_A_2a_the_evolucao_panel_decides_what_an_ev_evolves_from() -> None:
    """4.4.2.2 A.2a: the EV needs a character "com as características indicadas no Painel EV" controlled since the
    start of the turn. Fênix Negra V1's panel is "Personagem com alter ego Jean Grey-Summers": a character with
    that alter ego qualifies, one with another alter ego does not (whatever its name)."""
    fenix = load_library()["Fênix Negra V1"]
    assert fenix.evolution is not None
    jean = CardDef("Garota Marvel V1", "Garota Marvel", 1, "Personagem", alter_ego="Jean Grey-Summers",
                   initial_energy=2)
    other = CardDef("Fênix Negra V9", "Fênix Negra", 9, "Personagem", alter_ego="Rachel Summers", initial_energy=2)
    game = match([jean, other, fenix] + [FILL] * 20, [FILL] * 20)
    (j,), (o,), (f,) = (cards_of(game, 0, t) for t in ("Garota Marvel V1", "Fênix Negra V9", "Fênix Negra V1"))
    put(game, f, Zone.HAND)
    in_scene(game, o, 2)
    game.mill_to_resources(0, 5)
    game.state.turn = 3
    game.state.scene[o].entered_turn = 2
    assert not game.eng.can_place(0, f)                   # the same name is not the panel's alter ego
    in_scene(game, j, 2)
    game.state.scene[j].entered_turn = 2
    assert [b.card for b in game.eng.evolution_bases(0, f)] == [j]
    assert game.eng.can_place(0, f)


def test_4_4_2_2_A_2a_negated_panels_lack_the_alignments_they_name() -> None:
    """The corpus panels "Personagem não vilão" and "Personagem que não seja herói nem vilão" are selectors that
    lack those alignments (a "não" never turns into its opposite)."""
    from cardscript.compiler.ir import Filter
    from cardscript.compiler.lower import lower_card
    from cardscript.compiler.pipeline import compile_source
    from cardscript.core.source import SourceFile

    def panel(text: str) -> tuple[Filter, ...]:
        card = compile_source(SourceFile("ev.card", "Personagem-EV: Teste V2\nEnergia inicial: 5\n"
                                         f"Valor de acréscimo: 2\nEscudo: 2\nEvolução: {text}\n"))
        evolution = lower_card(card).evolution
        assert evolution is not None, [d.message for d in card.diagnostics]
        return evolution.filters

    assert panel("Personagem não vilão") == (Filter("alignment", "lacks", "Vilão"),)
    assert panel("Personagem que não seja herói nem vilão") == (Filter("alignment", "lacks", "Herói"),
                                                               Filter("alignment", "lacks", "Vilão"))
    assert panel("Qualquer Personagem Vilão") == (Filter("alignment", "has", "Vilão"),)


def test_4_5_only_characters_have_a_capacitation_stage() -> None:
    """4.5: the stage is a character's; capacitating or incapacitating a support in the scene changes nothing (it
    keeps stage 1; the official ruling of Voar Alto V1: a support targeted by an incapacitating action is not
    incapacitated)."""
    from tests.engine_helpers import card as _card
    from tests.engine_helpers import in_scene as _in_scene
    from tests.engine_helpers import small_game as _small_game

    support = _card("Suporte: Torre V1\nEnergia inicial: 2\nEscudo: 0\n")
    hero = _card("Personagem: Herói V1\nAlinhamento: Herói\nPoderes: {VO}\nEnergia inicial: 3\nEscudo: 0\n")
    game = _small_game({0: support, 1: hero})
    _in_scene(game, 0, [2])
    _in_scene(game, 1, [3])
    assert game.incapacitate(0, 1) == 0 and game.capacitate(0, 1) == 0 and game.state.scene[0].stage == 1
    assert game.incapacitate(1, 1) == 1 and game.state.scene[1].stage == 0


def test_4_9_1_points_reached_by_an_effect_putting_a_card_in_the_prizes_win_at_once() -> None:
    """4.9.1: the points count as soon as a card is in the prizes, whatever put it there (an effect's move, not only
    a knock-out): the fifteenth point ends the match there and then."""
    import pytest as _pytest

    from cardscript.games.battle_scenes.runtime.game import GameOver
    from cardscript.games.battle_scenes.runtime.state import Zone as _Zone
    from tests.engine_helpers import card as _card
    from tests.engine_helpers import small_game as _small_game

    big = _card("Personagem: Gigante V1\nAlinhamento: Vilão\nPoderes: {SF}\nEnergia inicial: 8\nEscudo: 0\n")
    game = _small_game({100: big, 101: big})
    game.move(100, _Zone.PRIZES)
    assert game.state.winner is None and game.prize_points(0) == 8
    with _pytest.raises(GameOver):
        game.move(101, _Zone.PRIZES)
    assert game.state.winner == 0 and game.prize_points(0) == 16


def _carrier_away(text: str) -> CardDef:
    return own_character("Levador", ie=1, action=f"Ação: Levar\n  Custo: {{0}}\n  Poder: Super Força\n  {text}\n")


def test_4_7_a_base_moved_with_its_cards_by_one_procedure_is_not_knocked_out() -> None:
    """4.7: "o próprio efeito irá providenciar para que aquele personagem/suporte seja transferido da cena para uma
    outra área de jogo, evitando assim que o personagem/suporte seja nocauteado": "embaralhe o alvo e os cards que
    o alvo estiver carregando no deck de seu dono" moves the cards and the target together -- nobody scores."""
    game = cp_match([_carrier_away("Embaralhe o alvo e os cards que o alvo estiver carregando no deck de seu dono.")],
                    [own_character("Alvo", ie=3)])
    user, target = cp_card_of(game, 0, "Levador V1"), cp_card_of(game, 1, "Alvo V1")
    enter(game, user, 1)
    enter(game, target, 3)
    at(game, "combat", "attack")
    use(game, user, "Levar")
    assert target in game.state.players[1].deck and not events(game, "knocked_out")
    assert game.state.players[0].prizes == []


def test_4_7_an_actions_user_knocked_out_before_the_effect_is_not_followed_into_the_prizes() -> None:
    """A card that leaves the scene is a new object (runtime.identity; 9.1.1, the effect resolves after what its use
    triggered): "embaralhe este personagem no deck de seu dono" does not take the user back out of the prizes where
    an effect triggered by the use put it (4.7, knocked out carrying nothing)."""
    unloader = card("Personagem: Descarregador V1\nAlinhamento: Vilão\nPoderes: Super Força\nEnergia inicial: 3\n"
                    "Escudo: 0\n\nTexto permanente:\n  Toda vez que um personagem controlado por um oponente usar uma "
                    "ação, o controlador daquele personagem deve descarregar um card daquele personagem.\n")
    game = cp_match([_carrier_away("Embaralhe este personagem no deck de seu dono.")], [unloader])
    user, other = cp_card_of(game, 0, "Levador V1"), cp_card_of(game, 1, "Descarregador V1")
    enter(game, user, 1)
    enter(game, other, 3)
    at(game, "combat", "attack")
    use(game, user, "Levar")
    assert user in game.state.players[0].prizes and events(game, "knocked_out")     # its owner's prize area (4.9.1)


_ONCE_A_TURN = "Durante sua Fase de Preparação, uma vez por turno, você pode comprar um card."


def _version(n: int) -> CardDef:
    return card(f"Personagem: Planador V{n}\nAlter ego: Planador\nAlinhamento: Herói\nPoderes: Voo\n"
                f"Energia inicial: 2\nEscudo: 0\n" + (f"\nTexto permanente:\n  {_ONCE_A_TURN}\n" if n == 1 else ""))


def test_4_4_2_3_A_1_2a_a_lent_once_a_turn_text_is_the_characters_whichever_copy_lends_it() -> None:
    """4.4.2.3 A.1.2a: a carried version of the character "concede àquele personagem ... todos os seus textos
    permanentes" -- the text is the character's: its "uma vez por turno" (5.1) is used for the character, and
    another copy of that card carried later the same turn does not offer it again. An ability card's own text (A.1.1)
    is that card's: a new card carried offers it afresh."""
    game = cp_match([_version(2), _version(1), _version(1)])
    base, first, second = cp_card_of(game, 0, "Planador V2"), cp_card_of(game, 0, "Planador V1"), \
        cp_card_of(game, 0, "Planador V1", 1)
    enter(game, base, 1, carried=[first])
    game.move(second, Zone.RESOURCES)
    at(game, "preparation")
    activate(game, first)
    assert not activatable(game, first)
    game.load(second, base)
    game.unload(first)
    assert not activatable(game, second)
    ability = card(f"Habilidade: Asa Delta V1\nPoder: Voo\n\nTexto permanente:\n  {_ONCE_A_TURN}\n")
    game = cp_match([_version(2), ability, ability])
    base, first, second = cp_card_of(game, 0, "Planador V2"), cp_card_of(game, 0, "Asa Delta V1"), \
        cp_card_of(game, 0, "Asa Delta V1", 1)
    enter(game, base, 1, carried=[first])
    game.move(second, Zone.RESOURCES)
    at(game, "preparation")
    activate(game, first)
    game.load(second, base)
    game.unload(first)
    assert activatable(game, second)


def test_4_4_1_e_a_scenario_put_in_the_scene_by_an_effect_is_its_controllers() -> None:
    """4.4.1 E: the player who puts a scenario in the scene controls it -- also one taken from another player's
    area by an effect: its "você" is that player (its entry draw is theirs), and it goes back to its owner's
    resources when replaced (golden rule D)."""
    from cardscript.games.battle_scenes.runtime.selectors import controller_of
    from tests.corpus_play import card_of, scenario
    from tests.corpus_play import match as corpus_match
    from tests.engine_helpers import card

    place = card("Cenário: Praça V1\n\nTexto permanente:\n  Quando este cenário entrar em cena, compre um card.\n")
    other = card("Cenário: Beco V1\n")
    game = corpus_match([other], [place])
    square, alley = card_of(game, 1, "Praça V1"), card_of(game, 0, "Beco V1")
    game.move(square, Zone.RESOURCES)
    hands = [len(p.hand) for p in game.state.players]
    game.place_scenario(square, 0)                       # an effect of player 0 takes it from player 1's resources
    game.eng.tree.resolve()
    assert controller_of(game, square) == 0
    assert [len(p.hand) for p in game.state.players] == [hands[0] + 1, hands[1]]
    scenario(game, alley)
    assert square in game.state.players[1].resources and controller_of(game, alley) == 0
    game.move(alley, Zone.RESOURCES)
    game.place_scenario(square)                          # its owner's own placing: its owner's
    assert controller_of(game, square) == 1


def test_4_4_2_2_A_2a_a_card_counting_as_a_named_character_is_a_base_for_that_name() -> None:
    """4.4.2.2 A.2a with a ``counts_as`` text: a character whose text makes it also count as a character card named
    X (while it is in the scene) qualifies for an Evolução panel "Personagem chamado X"; without that text (or with
    another name) it does not. Our own cards."""
    from tests.engine_helpers import card

    ev = card("Personagem-EV: Titã V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 5\n"
              "Valor de acréscimo: 2\nEscudo: 1\nEvolução: Personagem chamado Velho\n")
    mimic = card("Personagem: Imitador V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 2\nEscudo: 0\n\n"
                 "Texto permanente:\n  Enquanto estiver em cena, este card também conta como se fosse um card de "
                 "personagem chamado Velho.\n")
    plain = card("Personagem: Comum V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 2\nEscudo: 0\n")
    assert any(getattr(p, "rule", "") == "counts_as" for e in mimic.effects for p in e.procedures)
    game = match([ev, mimic, plain] + [FILL] * 20, [FILL] * 20)
    (t,), (m,), (c,) = (cards_of(game, 0, x) for x in ("Titã V1", "Imitador V1", "Comum V1"))
    put(game, t, Zone.HAND)
    game.mill_to_resources(0, 5)
    game.state.turn = 3
    in_scene(game, c, 2)
    game.state.scene[c].entered_turn = 2
    assert not game.eng.can_place(0, t)
    in_scene(game, m, 2)
    game.state.scene[m].entered_turn = 2
    assert [b.card for b in game.eng.evolution_bases(0, t)] == [m]


def test_2_1_1_and_4_4_2_1_an_effect_putting_a_character_card_in_the_scene_may_evolve_an_ev() -> None:
    """2.1.1: a Personagem-EV is a character card too ("card de personagem" reads it); put in the scene by an effect
    "como se tivesse Materializar" it evolves as the rules say (4.4.2.1 A.1a, A.2a; 4.4.2.2): from a character its
    player controls since the start of the turn, loading its addition value from the top of the deck, the old base
    beneath. Our own cards."""
    from cardscript.compiler.ir import Filter, PutInScene
    from cardscript.games.battle_scenes.runtime.handlers import run
    from cardscript.games.battle_scenes.runtime.selectors import EffectContext, matches
    from tests.engine_helpers import card

    ev = card("Personagem-EV: Gigante V1\nAlter ego: Fulano\nAlinhamento: Herói\nPoderes: Super Força\n"
              "Energia inicial: 8\nValor de acréscimo: 2\nEscudo: 1\nEvolução: Personagem com o alter ego Fulano\n")
    small = CardDef("Pequeno V1", "Pequeno", 1, "Personagem", alter_ego="Fulano", initial_energy=2)
    game = match([ev, small] + [FILL] * 20, [FILL] * 20)
    (g,), (p,) = (cards_of(game, 0, t) for t in ("Gigante V1", "Pequeno V1"))
    put(game, g, Zone.HAND)
    in_scene(game, p, 2)
    game.state.turn = 3
    game.state.scene[p].entered_turn = 2
    wanted = Selector(Kind.CHARACTER, filters=(Filter("card_type", "eq", "Personagem"),), zone="hand")
    assert matches(game, EffectContext(controller=0), g, wanted)
    top = list(game.state.players[0].deck[:2])
    run(game, EffectContext(controller=0), PutInScene(cards=wanted, as_if="Materializar"))
    assert g in game.state.scene and game.state.scene[g].carried[-1] == p
    assert all(c in game.state.scene[g].carried for c in top) and len(game.state.scene[g].carried) == 2 + 2 + 1


def test_4_4_1_a_scenario_an_effect_puts_in_the_scene_is_controlled_by_who_put_it_there() -> None:
    """4.4.1 A: the player who puts a scenario in the scene ("o card de cenário que quer colocar em cena") controls
    it -- also when an effect lets a player put another player's scenario there: its texts' "você" is that player
    (its "Quando este cenário entrar em cena, compre um card" draws for the player who put it); replaced, it goes to
    its owner's resources (4.4.1, golden rule D)."""
    from cardscript.games.battle_scenes.runtime.selectors import controller_of
    from tests.corpus_play import card_of, match
    from tests.engine_helpers import card

    base = card("Cenário: Base Teste V1\n\nTexto permanente:\n  Quando este cenário entrar em cena, compre um card.\n")
    game = match([], [base])
    theirs = card_of(game, 1, "Base Teste V1")
    game.move(theirs, Zone.RESOURCES)
    hands = [len(p.hand) for p in game.state.players]
    game.place_scenario(theirs, 0)                 # player 0 puts player 1's scenario in the scene
    game.eng.tree.resolve()
    assert controller_of(game, theirs) == 0
    assert [len(p.hand) for p in game.state.players] == [hands[0] + 1, hands[1]]
    own = game.state.players[0].deck[0]
    game.move(own, Zone.RESOURCES)
    game.place_scenario(own)                       # replaced: back to its owner's resources
    assert theirs in game.state.players[1].resources and controller_of(game, own) == 0


def test_4_4_2_2_A_2a_a_counts_as_text_whose_condition_reads_the_card_itself_does_not_loop() -> None:
    """"Enquanto estiver em seu deck ou recursos, este card também conta como ... chamado Velho": the condition reads
    the card itself, so asking whether it is a card named Velho asks its condition, which asks about the card -- read
    as printed meanwhile, once (a match crashed on a RecursionError placing any character beside such a card)."""
    from cardscript.compiler.ir import Filter, Kind, Selector
    from cardscript.games.battle_scenes.runtime.filters import matches
    from cardscript.games.battle_scenes.runtime.selectors import EffectContext
    from tests.engine_helpers import card as make

    mimic = make("Personagem: Imitador V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 2\nEscudo: 0\n\n"
                 "Texto permanente:\n  Enquanto estiver em seu deck ou recursos, este card também conta como se fosse "
                 "um card de personagem chamado Velho.\n")
    game = match([mimic] + [FILL] * 20, [FILL] * 20)
    (m,) = cards_of(game, 0, "Imitador V1")
    put(game, m, Zone.RESOURCES)
    named = Selector(kind=Kind.CHARACTER, filters=(Filter("name", "eq", "Velho"),))
    assert matches(game, EffectContext(controller=0), m, named)
    put(game, m, Zone.HAND)
    assert not matches(game, EffectContext(controller=0), m, named)
