"""Procedures of session 5 (issue 9, "procedures" cluster): short card texts of our own, their IR and what the
engine does with them. Rules sections are cited in each test's docstring."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, ChangeStage, EffectKind
from tests.corpus_play import Eager, at, card_of, enter, events, match, stage, use
from tests.engine_helpers import card, own_character, punch

HEAD = "Alinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n"


def test_4_5_a_bare_number_of_stages_is_that_many_stages() -> None:
    """4.5: "capacite este personagem em 1" changes its stage by one, as "em {1}" does."""
    d = card("Personagem: Saltador V1\n" + HEAD + "\nAção: Pulo\n  Custo: {0}\n  Poder: Super Força\n"
             "  Capacite este personagem em 1.\n")
    assert d.executable
    assert d.action is not None
    (proc,) = d.action.modes[0].procedures
    assert isinstance(proc, ChangeStage) and proc.capacitate and proc.amounts == (1,)


def test_4_6_2_i_after_the_effect_of_the_action_that_targeted_it() -> None:
    """4.6.2 F, I: "Toda vez que este personagem for alvo de uma ação ..., capacite-o em 1 após o efeito daquela
    ação": the trigger waits until the action that targeted it has resolved (its damage is dealt first), once."""
    text = ("Personagem: Mola V1\n" + HEAD + "\nTexto permanente:\n  Toda vez que este personagem for alvo de uma "
            "ação de um personagem controlado por um oponente, você pode capacitar este personagem em 1 após o "
            "efeito daquela ação.\n")
    mola = card(text)
    assert mola.executable
    (effect,) = mola.effects
    assert effect.kind is EffectKind.TRIGGERED and effect.trigger is not None
    assert effect.trigger.event == "action_resolved" and effect.trigger.target is not None
    attacker = own_character("Atacante", alignment="Vilão", action=punch("Soco"))
    game = match([mola], [attacker])
    m, a = card_of(game, 0, "Mola V1"), card_of(game, 1, "Atacante V1")
    enter(game, m, 3)
    enter(game, a)
    game.state.scene[m].stage = 0
    at(game, "combat", "attack", 1)
    game.agents[1] = Eager()
    game.agents[1].game, game.agents[1].me = game, 1
    use(game, a, "Soco")
    kinds = [e.kind for e in game.log.events if e.kind in ("damage", "capacitate", "action_resolved")]
    assert kinds.index("capacitate") > kinds.index("action_resolved") > kinds.index("damage")
    assert stage(game, m) == 1 and len(events(game, "capacitate")) == 1


def test_4_6_2_i_an_action_that_did_not_target_it_does_not_fire() -> None:
    """The action resolved but had another target: nothing happens (4.6.2 F: it was not its target)."""
    text = ("Personagem: Mola V1\n" + HEAD + "\nTexto permanente:\n  Toda vez que este personagem for alvo de uma "
            "ação, capacite este personagem em {1} após o efeito daquela ação.\n")
    other = own_character("Outro")
    attacker = own_character("Atacante", alignment="Vilão", action=punch("Soco"))
    game = match([card(text), other], [attacker])
    m, o, a = card_of(game, 0, "Mola V1"), card_of(game, 0, "Outro V1"), card_of(game, 1, "Atacante V1")
    for k in (m, o, a):
        enter(game, k, 3)
    game.state.scene[m].stage = 0
    at(game, "combat", "attack", 1)
    game.agents[1] = Eager({"target": [lambda d: [next(i for i, x in enumerate(d.options) if x.startswith("Outro"))]]})
    game.agents[1].game, game.agents[1].me = game, 1
    use(game, a, "Soco")
    assert stage(game, m) == 0


def test_nem_an_infinitive_in_the_scope_of_the_negated_modal_before_it() -> None:
    """"Este personagem não pode usar ações nem ser alvo de ações de antecipar": "nem ser alvo" is "não pode ser
    alvo" (4.6.2 F.2.2), with the first clause's subject."""
    from cardscript.compiler.ir import Restrict

    d = card("Personagem: Tímido V1\n" + HEAD + "\nTexto permanente:\n  Este personagem não pode usar ações nem ser "
             "alvo de ações de antecipar.\n")
    assert d.executable
    (effect,) = d.effects
    what = [p.what for p in effect.procedures if isinstance(p, Restrict)]
    assert what == ["use_action", "be_target"]
    be = effect.procedures[1]
    assert isinstance(be, Restrict) and be.subject is not None and be.subject.text == "este personagem"
    assert [f.value for f in be.action_filters] == ["antecipar"]


def test_nem_after_a_clause_without_a_modal_is_not_read() -> None:
    """"nem" after a clause that is not "não pode ...": no scope to share; the clause stays not executable."""
    d = card("Personagem: Tímido V1\n" + HEAD + "\nTexto permanente:\n  Este personagem ganha Escudo +1 nem ser "
             "alvo de ações de antecipar.\n")
    assert not d.executable


def _rajada(condition: str) -> CardDef:
    return card("Personagem: Atirador V1\n" + HEAD + "\nAção: Rajada\n  Custo: {1}\n  Poder: Super Força\n  Rajada "
                "causa X pontos de dano em cada um de até X alvos. X é igual a 2 se " + condition + ", caso "
                "contrário, X é igual a 1.\n")


def test_4_6_1_x_is_one_number_while_a_condition_holds_otherwise_another() -> None:
    """4.6.1 (X is a number the text defines): "X é igual a 2 se <condição>, caso contrário, X é igual a 1"."""
    d = _rajada("você controlar dois ou mais personagens")
    assert d.executable and d.action is not None
    x = d.action.targets[0].count.x
    assert x is not None and x.fixed == 2 and x.when is not None and x.when.kind == "exists"
    assert x.otherwise is not None and x.otherwise.fixed == 1 and x.otherwise.when is None


def test_4_6_1_the_engine_reads_x_when_the_action_needs_it() -> None:
    """The conditional X, on the engine: with one character X is 1 (one target, 1 damage); with two, X is 2 -- up
    to two targets (4.6.2 F), 2 damage each."""
    from cardscript.engine.agents import Decision

    for mine, lost in ((1, [0, 0, 1]), (2, [0, 2, 2])):
        foes = [own_character(n, alignment="Vilão") for n in ("Um", "Dois", "Três")]
        game = match([_rajada("você controlar dois ou mais personagens")] + [own_character("Amigo")] * (mine - 1),
                     foes)
        a = card_of(game, 0, "Atirador V1")
        theirs = [card_of(game, 1, f"{n} V1") for n in ("Um", "Dois", "Três")]
        for c in [a, *theirs, *[card_of(game, 0, "Amigo V1", k) for k in range(mine - 1)]]:
            enter(game, c, 4)
        at(game, "combat", "attack", 0)

        def most(d: Decision) -> list[int]:
            return [i for i, o in enumerate(d.options) if o.split(" ")[0] in ("Um", "Dois", "Três")][:d.maximum]

        game.agents[0] = Eager({"target": [most]})
        game.agents[0].game, game.agents[0].me = game, 0
        use(game, a, "Rajada")
        assert sorted(4 - len(game.state.scene[t].carried) for t in theirs) == lost


def test_4_8_6_a_a_shield_equal_to_a_count() -> None:
    """4.8.6 A: "O Escudo deste personagem é igual ao número de cards que ele estiver carregando": a base shield
    counted whenever it is read; on the engine it follows the cards carried."""
    from cardscript.compiler.ir import SetShield
    from cardscript.games.battle_scenes.runtime.state import Zone
    from tests.corpus_play import fillers, shield_of

    d = card("Personagem: Muralha V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 5\n"
             "\nTexto permanente:\n  O Escudo deste personagem é igual ao número de cards que ele estiver "
             "carregando.\n")
    assert d.executable
    (proc,) = d.effects[0].procedures
    assert isinstance(proc, SetShield) and proc.value_x is not None and proc.value_x.x is not None
    game = match([d])
    m = card_of(game, 0, "Muralha V1")
    enter(game, m, 2)
    assert shield_of(game, m) == 2
    extra = fillers(game, 0)[0]
    game.move(extra, Zone.RESOURCES)
    game.load(extra, m)
    assert shield_of(game, m) == 3


def test_4_8_6_a_equal_without_a_shield_is_not_read() -> None:
    """"A Energia deste personagem é igual a ...": not a shield; not executable (no meaning given)."""
    d = card("Personagem: Muralha V1\n" + HEAD + "\nTexto permanente:\n  A Energia deste personagem é igual ao número "
             "de cards em sua mão.\n")
    assert not d.executable


def test_4_1_unload_from_the_character_named_after_a_chosen_power() -> None:
    """4.1: "descarregue todos os cards de habilidade com o poder escolhido do personagem alvo": the power is
    fixed by the choice, so "do personagem alvo" is what the cards are unloaded from."""
    from cardscript.compiler.ir import Ref, Unload

    d = card("Personagem: Ladrão V1\n" + HEAD + "\nAção: Roubo\n  Custo: {0}\n  Poder: Super Força\n  Escolha um "
             "poder. Descarregue todos os cards de habilidade com o poder escolhido do personagem alvo.\n")
    assert d.executable and d.action is not None
    unload = d.action.modes[0].procedures[-1]
    assert isinstance(unload, Unload) and unload.cards is not None and unload.cards.every
    assert unload.cards.zone == "carried" and unload.cards.of is not None and unload.cards.of.ref is Ref.TARGET
    assert any(f.field == "power" for f in unload.cards.filters)


def test_4_1_a_characteristic_not_chosen_keeps_its_owner() -> None:
    """"... com o poder daquele personagem": whose power it is; the unload's origin is still not said."""
    d = card("Personagem: Ladrão V1\n" + HEAD + "\nAção: Roubo\n  Custo: {0}\n  Poder: Super Força\n  Descarregue "
             "todos os cards de habilidade com o poder do personagem alvo.\n")
    assert not d.executable


def test_4_1_cards_being_carried_on_a_base() -> None:
    """4.1: "os cards que estiverem sendo carregados neste personagem": the cards attached to it (the passive
    with the base it is loaded on, "em", as with its carrier, "por")."""
    from cardscript.compiler.ir import Move, Ref

    d = card("Personagem: Mochileiro V1\n" + HEAD + "\nAção: Esvaziar\n  Custo: {0}\n  Poder: Super Força\n  "
             "Devolva todos os cards que estiverem sendo carregados neste personagem para sua mão.\n")
    assert d.executable and d.action is not None
    (move,) = d.action.modes[0].procedures
    assert isinstance(move, Move) and move.cards.zone == "carried" and move.cards.of is not None
    assert move.cards.of.ref is Ref.THIS_CHARACTER


def test_4_6_2_e_1_the_x_cost_parenthesis_restates_the_cost_paid() -> None:
    """4.6.2 E.1: "(ações de custo {X} terão custo {2} sempre que o valor escolhido para X for 2)" restates that an
    action of cost {X} used with X = 2 paid a cost of 2 -- which the engine reads as its cost; the parenthesis is
    explanatory. One that says another number than its own X is not."""
    trigger = ("Personagem: Atento V1\n" + HEAD + "\nTexto permanente:\n  Toda vez que um personagem que você controla "
               "usar uma ação de custo {2}, você pode comprar um card (ações de custo {X} terão custo {2} sempre que "
               "o valor escolhido para X for ")
    assert card(trigger + "2).\n").executable
    assert not card(trigger + "1).\n").executable


def test_4_1_load_from_the_resources_of_its_owner() -> None:
    """4.1: "carregue o alvo com um card dos recursos de seu dono": the owner of what is loaded (the target)."""
    from cardscript.compiler.ir import Load, Ref

    for effect in ("Carregue o alvo com um card dos recursos de seu dono.",
                   "Carregue no alvo um card dos recursos de seu dono."):
        d = card("Personagem: Doador V1\n" + HEAD + "\nAção: Doar\n  Custo: {0}\n  Poder: Super Força\n  " + effect
                 + "\n")
        assert d.executable and d.action is not None, effect
        (load,) = d.action.modes[0].procedures
        assert isinstance(load, Load) and load.cards.zone == "resources" and load.cards.of is not None
        assert load.cards.of.ref is Ref.OWNER and load.cards.of.of is not None
        assert load.cards.of.of.ref is Ref.TARGET


def test_a_relative_after_a_name_is_the_head_nouns() -> None:
    """"um card que não se chame X que este personagem estiver carregando": a name takes no restrictive relative;
    the second relative restricts the card, as the first does (4.1: a card this character carries)."""
    from cardscript.compiler.ir import Move, Ref

    d = card("Personagem: Guarda V1\n" + HEAD + "\nAção: Guardar\n  Custo: {0}\n  Poder: Super Força\n  Devolva "
             "um card que não se chame Guardar que este personagem estiver carregando para sua mão.\n")
    assert d.executable and d.action is not None
    (move,) = d.action.modes[0].procedures
    assert isinstance(move, Move) and move.cards.zone == "carried" and move.cards.of is not None
    assert move.cards.of.ref is Ref.THIS_CHARACTER
    assert [(f.field, f.op, f.value) for f in move.cards.filters] == [("name", "ne", "Guardar")]


def test_4_6_2_f_x_minus_1_of_these_targets() -> None:
    """4.6.2 F: "Incapacite em {1} X-1 destes alvos": X-1 chosen among the action's targets ("estes alvos" are the
    targets, not this card)."""
    from cardscript.compiler.ir import Ref

    d = card("Personagem: Teia V1\n" + HEAD + "\nAção: Rede\n  Custo: {X}\n  Poder: Super Força\n  Rede causa 1 "
             "ponto de dano a cada um de X alvos. Incapacite em {1} X-1 destes alvos.\n")
    assert d.executable and d.action is not None
    stage_change = d.action.modes[0].procedures[1]
    assert isinstance(stage_change, ChangeStage)
    sel = stage_change.targets
    assert (sel.count.fixed, sel.count.x_times) == (-1, 1)
    assert len(sel.union) == 1 and sel.union[0].ref is Ref.TARGET and sel.union[0].every


def test_5_3_would_damage_one_or_more_targets_keeps_the_actions_power() -> None:
    """5.3: "Toda vez que uma ação de {AG} fosse causar dano em um ou mais alvos, ela causará aquela quantidade de
    dano +1 a cada um de seus alvos": a modifier of the damage of actions of {AG} to their targets (the power is
    kept; no new target is made)."""
    from cardscript.compiler.ir import ModifyDamage, Ref

    d = card("Cenário: Arena V1\n\nTexto permanente:\n  Toda vez que uma ação de {AG} fosse causar dano em um ou "
             "mais alvos, ela causará aquela quantidade de dano +1 a cada um de seus alvos.\n")
    assert d.executable
    (mod,) = d.effects[0].procedures
    assert isinstance(mod, ModifyDamage) and mod.delta == 1 and mod.each_target
    assert mod.target is not None and mod.target.ref is Ref.TARGET      # its targets: the dealing action's (filters)
    assert [(f.field, f.value) for f in mod.action_filters] == [("power", "AG")]


def test_7_a_keyword_without_a_number_is_not_raised() -> None:
    """"ganham Ataque-Surpresa +1": that keyword has no number; not read."""
    d = card("Suporte: Lente V1\nEnergia inicial: 1\nEscudo: 0\n\nTexto permanente:\n  Ações com Clarividência que "
             "este personagem usar ganham Ataque-Surpresa +1.\n")
    assert not d.executable
