"""Session 5, cluster "times": construction rules for durations and times, on short card texts of our own --
the IR they lower to and, where the runtime is involved, what happens on the engine."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Count, Damage, Duration, EffectKind, Generate, Kind, Move, Ref
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import at, card_of, enter, match, use
from tests.engine_helpers import card
from tests.engine_helpers import own_character as char


def _action(body: str, name: str = "Truque") -> str:
    return f"Ação: {name}\n  Custo: {{0}}\n  Poder: Super Força\n  {body}\n"


def _procs(definition: CardDef) -> list[object]:
    assert definition.action is not None
    return list(definition.action.modes[0].procedures)


def turn_ends(game: Match, turn_player: int = 0) -> None:
    """6.2 Final do Turno: the turn's end triggers resolve."""
    at(game, "end", None, turn_player)
    game.emit("phase_end", phase="turn", player=turn_player, turn=game.state.turn)
    game.eng.tree.resolve()


# --- 5.7 B: an effect for a later moment, created by an action ----------------------------------------------


def test_5_7_B_no_final_do_turno_in_an_action_is_a_trigger_it_creates_that_fires_once() -> None:
    """"No final do turno, compre um card." inside an action: the action creates a triggered effect on the end
    of the turn, with no duration of its own -- it happens once (5.7 B)."""
    d = char("Mago", action=_action("Compre um card. No final do turno, compre um card."))
    assert d.executable
    gen = _procs(d)[-1]
    assert isinstance(gen, Generate) and gen.effect.kind is EffectKind.TRIGGERED
    assert gen.effect.trigger is not None and gen.effect.trigger.event == "phase_end"
    assert gen.effect.trigger.phase == "" and gen.effect.duration is Duration.INSTANT


def test_5_7_B_the_delayed_draw_happens_at_the_end_of_the_turn_only() -> None:
    """On the engine: one card drawn when the action resolves, one more at the end of the turn, none the next."""
    game = match([char("Mago", action=_action("Compre um card. No final do turno, compre um card."))])
    mage = card_of(game, 0, "Mago V1")
    enter(game, mage)
    at(game, "combat", "attack")
    hand = game.state.players[0].hand
    use(game, mage, "Truque")
    game.eng.tree.resolve()
    assert len(hand) == 1
    game.emit("phase_end", phase="combat", player=0, turn=game.state.turn)      # not the turn's end
    game.eng.tree.resolve()
    assert len(hand) == 1
    turn_ends(game)
    assert len(hand) == 2
    game.state.turn += 1
    turn_ends(game, 1)
    assert len(hand) == 2


def test_5_7_B_no_inicio_do_proximo_turno_waits_for_the_next_turn_start() -> None:
    """"No início do próximo turno, ..." -- the first turn start after the action (phase_start of the turn)."""
    d = char("Mago", action=_action("No início do próximo turno, compre um card."))
    assert d.executable
    gen = _procs(d)[-1]
    assert isinstance(gen, Generate) and gen.effect.trigger is not None
    assert gen.effect.trigger.event == "phase_start" and gen.effect.trigger.phase == ""


def test_5_7_B_a_later_phase_whose_occurrence_depends_on_when_the_action_is_used_stays_unread() -> None:
    """"No final do próximo turno" / "No início da Fase de Combate": which occurrence the words mean is not the
    next one of that event -- not executable, with a diagnostic."""
    for body in ("No final do próximo turno, compre um card.", "No início da Fase de Combate, compre um card."):
        d = char("Mago", action=_action(body))
        assert not d.executable, body


# --- "o card daquele personagem": the character's own card ------------------------------------------------


def test_o_card_daquele_personagem_is_the_characters_own_card_not_one_it_carries() -> None:
    """"Coloque o personagem alvo em sua mão. ... coloque o card daquele personagem ...": the definite singular
    "o card" of a demonstrative reference to a character is that character's card."""
    d = char("Mago", action=_action("Coloque o personagem alvo na mão de seu dono. No final do turno, coloque o "
                                    "card daquele personagem nos recursos de seu dono."))
    assert d.executable
    gen = _procs(d)[-1]
    assert isinstance(gen, Generate)
    (mv,) = gen.effect.procedures
    assert isinstance(mv, Move) and mv.cards.ref is Ref.TARGET and mv.cards.kind is Kind.CHARACTER
    assert mv.cards.zone != "carried"


def test_um_card_or_os_cards_of_a_character_are_still_cards_it_carries() -> None:
    """Indefinite or plural: "um card do personagem alvo", "os cards daquele personagem" are carried cards."""
    for body in ("Coloque um card do personagem alvo na mão de seu dono.",
                 "Escolha um personagem. Coloque os cards daquele personagem nos recursos de seu dono."):
        d = char("Mago", action=_action(body))
        assert d.executable
        (mv,) = [p for p in _procs(d) if isinstance(p, Move)]
        assert mv.cards.zone == "carried", body


# --- 4.4: a card already chosen put in the scene ----------------------------------------------------------


def test_4_4_1_a_chosen_scenario_card_is_put_in_the_scene() -> None:
    """"Escolha um card de cenário em seus recursos e coloque-o em cena": the put-in-scene procedure places the
    card the choice named (a slot), not a card picked among the scene."""
    field = card("Cenário: Campo Aberto V1\n")
    game = match([char("Mago", action=_action("Escolha um card de cenário em seus recursos e coloque-o em cena.")),
                  field])
    mage, scen = card_of(game, 0, "Mago V1"), card_of(game, 0, "Campo Aberto V1")
    enter(game, mage)
    game.move(scen, Zone.RESOURCES)
    at(game, "combat", "attack")
    use(game, mage, "Truque")
    game.eng.tree.resolve()
    assert game.state.scenario == scen


# --- Prontidão gained by a resolving effect -------------------------------------------------------------------


def test_7_prontidao_gained_with_no_time_lasts_the_turn_it_matters_in() -> None:
    """"aquele personagem ganha Prontidão" in an action: Prontidão only matters in the turn the character entered
    the scene (4.6.2 C.1), and from a resolving effect that is this turn -- gained to the end of the turn."""
    from cardscript.compiler.ir import Gain

    d = char("Mago", action=_action("Você pode colocar um personagem de sua mão em cena. Se o fizer, aquele "
                                    "personagem ganha Prontidão."))
    assert d.executable
    gain = _procs(d)[-1]
    assert isinstance(gain, Gain) and gain.duration is Duration.END_OF_TURN and gain.keywords == ("Prontidão",)
    assert [r.rule for r in gain.keyword_rules] == ["ready"]


def test_other_gains_with_no_time_in_an_action_still_ask_for_how_long() -> None:
    for body in ("O alvo ganha {VO}.", "O alvo ganha Prontidão e {VO}."):
        assert not char("Mago", action=_action(body)).executable, body


# --- X defined by its own sentence ----------------------------------------------------------------------------


def _x(d: CardDef) -> Count:
    (dmg,) = [p for p in _procs(d) if isinstance(p, Damage)]
    assert dmg.amount.x is not None
    return dmg.amount.x


def test_x_the_number_of_powers_that_a_character_has() -> None:
    """"X é igual ao número de poderes que este personagem possui": the relative says whose powers (possuir / ter);
    an illustration in parentheses ("(ex.: ...)") only explains."""
    for verb in ("possui", "tem"):
        d = char("Mago", action=_action(f"Truque causa X pontos de dano no alvo. X é igual ao número de poderes que "
                                        f"este personagem {verb} (ex.: se este personagem tiver {{SF}} e {{VO}}, "
                                        f"esta ação causará 2 pontos de dano no alvo)."))
        assert d.executable, verb
        x = _x(d)
        assert x.attribute == "powers" and x.what is not None and x.what.ref is Ref.THIS_CHARACTER


def test_x_a_number_less_a_count() -> None:
    """"X é igual a 10 menos o número de personagens em cena controlados por aquele jogador": X = 10 - the count;
    the participle agreeing with "personagens" (not "cena") says whose."""
    d = char("Mago", action=_action("Coloque X cards do topo do deck do jogador alvo nos recursos daquele jogador. X "
                                    "é igual a 10 menos o número de personagens em cena controlados por aquele "
                                    "jogador."))
    assert d.executable
    (mv,) = [p for p in _procs(d) if isinstance(p, Move)]
    x = mv.cards.count.x
    assert x is not None and (x.offset, x.subtracted) == (10, True)
    assert x.what is not None and any(f.field == "controller" for f in x.what.filters)


def test_x_a_count_less_never_goes_below_zero_on_the_engine() -> None:
    from cardscript.compiler.ir import Selector
    from cardscript.games.battle_scenes.runtime.selectors import EffectContext, count

    game = match([char("A")], [char("B"), char("C")])
    chars = Selector(kind=Kind.CHARACTER, every=True)
    assert count(game, EffectContext(controller=0), Count(what=chars, offset=2, subtracted=True)) == 2
    for player, title in ((0, "A V1"), (1, "B V1"), (1, "C V1")):
        enter(game, card_of(game, player, title))
    assert count(game, EffectContext(controller=0), Count(what=chars, offset=2, subtracted=True)) == 0


def test_x_the_cards_you_reveal_in_this_action() -> None:
    """"X é igual ao número de cards de personagem que você revelar nesta ação": the active "você revelar" says the
    same as "revelados nesta ação" -- those of the cards this action revealed that are character cards."""
    d = char("Mago", action="Ação: Truque\n  Custo: {0}\n  Poder: Super Força\n  Clarividência 2 - Truque causa X "
                            "pontos de dano no alvo. X é igual ao número de cards de personagem que você revelar "
                            "nesta ação.\n")
    assert d.executable
    x = _x(d)
    what = x.what
    assert what is not None and what.union and what.union[0].ref is Ref.SLOT and what.filters


# --- "os cards que aquele personagem estava carregando": a past state -------------------------------------------


_SWAP = ("Durante sua Fase de Preparação, se este card estiver em sua mão e você controlar desde o início do turno "
         "um personagem chamado Velho, você pode descarregar todos os cards dele e devolvê-lo para sua mão. Se o "
         "fizer, coloque este personagem em cena e carregue-o com os cards que aquele personagem estava "
         "carregando.")


def _newcomer() -> CardDef:
    return card("Personagem: Novo V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 2\nEscudo: 0\n\n"
                f"Texto permanente:\n  {_SWAP}\n")


def test_4_4_2_1_a_character_put_in_scene_loaded_with_the_cards_another_was_carrying() -> None:
    """"coloque este personagem em cena e carregue-o com os cards que aquele personagem estava carregando": one
    placing (4.4.2.1 A.1) loaded with those cards -- the cards the effect unloaded from that character; the effect
    works from the hand ("se este card estiver em sua mão"); "dele" is the character the condition describes."""
    from cardscript.compiler.ir import PutInScene, Unload

    d = _newcomer()
    assert d.executable
    (effect,) = d.effects
    assert effect.zone == "hand" and effect.kind is EffectKind.ACTIVATED
    put = next(p for p in effect.procedures if isinstance(p, PutInScene))
    assert put.loaded_with is not None and put.loaded_with.zone == "carried_before"
    assert not any(type(p).__name__ == "Load" for p in effect.procedures)
    unload = next(p for p in effect.procedures if isinstance(p, Unload))
    assert unload.cards is not None and unload.cards.of is not None
    assert {f.field for f in unload.cards.of.filters} == {"name", "controller", "since_turn_start"}


def test_4_4_2_1_the_swap_on_the_engine() -> None:
    """On the engine: the old character goes to the hand, the new one enters with exactly its cards."""
    from tests.corpus_play import activate

    old = char("Velho", ie=2)
    game = match([_newcomer(), old])
    new, veteran = card_of(game, 0, "Novo V1"), card_of(game, 0, "Velho V1")
    enter(game, veteran, 2)
    cards = list(game.state.scene[veteran].carried)
    game.move(new, Zone.HAND)
    at(game, "preparation")
    activate(game, new)
    game.eng.tree.resolve()
    assert veteran in game.state.players[0].hand
    assert sorted(game.state.scene[new].carried) == sorted(cards)


def test_the_cards_it_was_carrying_without_an_unloading_are_those_it_carries() -> None:
    """"os cards que aquele personagem estava carregando" with nothing unloaded by the effect: what it carries."""
    from cardscript.compiler.ir import Selector
    from cardscript.games.battle_scenes.runtime.selectors import EffectContext, resolve

    game = match([char("Velho")])
    veteran = card_of(game, 0, "Velho V1")
    enter(game, veteran, 2)
    sel = Selector(kind=Kind.CARD, zone="carried_before", every=True,
                   of=Selector(kind=Kind.CHARACTER, ref=Ref.THIS_CHARACTER))
    assert resolve(game, EffectContext(controller=0, source=veteran), sel) == game.state.scene[veteran].carried


# --- 5.5: a replacement for a phase or step of someone's turn ----------------------------------------------------


def test_5_5_a_damage_replacement_during_a_step_of_your_turn() -> None:
    """"Toda vez que um personagem que você controla fosse receber dano durante a Etapa de Ataque de seu turno,
    redirecione aquele dano para este suporte": the replacement works in that step of its controller's turn."""
    from cardscript.compiler.ir import Replace

    d = card("Suporte: Escudo Vivo V1\nEnergia inicial: 2\nEscudo: 0\n\nTexto permanente:\n  Toda vez que um "
             "personagem que você controla fosse receber dano durante a Etapa de Ataque de seu turno, redirecione "
             "aquele dano para este suporte.\n")
    assert d.executable
    (rep,) = d.effects[0].procedures
    assert isinstance(rep, Replace) and rep.phase == "Etapa de Ataque" and rep.whose_turn is Ref.YOU
    d = card("Suporte: Escudo Vivo V1\nEnergia inicial: 2\nEscudo: 0\n\nTexto permanente:\n  Toda vez que um "
             "personagem que você controla fosse receber dano durante a Fase de Preparação do turno de outro "
             "jogador, redirecione aquele dano para este suporte.\n")
    assert d.executable
    (rep,) = d.effects[0].procedures
    assert isinstance(rep, Replace) and rep.phase == "Fase de Preparação" and rep.whose_turn is Ref.OPPONENT


def test_the_cards_it_was_carrying_loaded_onto_another_character_on_the_engine() -> None:
    """"descarregar todos os cards dele. Se o fizer, carregue neste personagem os cards que aquele personagem
    estava carregando": the very cards unloaded from it are loaded onto this character."""
    from tests.corpus_play import activate

    taker = card("Personagem: Herdeiro V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 1\n"
                 "Escudo: 0\n\nTexto permanente:\n  Durante sua Fase de Preparação, se você controlar um personagem "
                 "chamado Velho, você pode descarregar todos os cards dele. Se o fizer, carregue neste personagem "
                 "os cards que aquele personagem estava carregando.\n")
    game = match([taker, char("Velho", ie=2)])
    heir, veteran = card_of(game, 0, "Herdeiro V1"), card_of(game, 0, "Velho V1")
    enter(game, heir, 1)
    enter(game, veteran, 2)
    cards = list(game.state.scene[veteran].carried)
    for c in game.state.players[0].deck[:3]:
        game.move(c, Zone.RESOURCES)                      # other cards in the resources: not these
    at(game, "preparation")
    activate(game, heir)
    game.eng.tree.resolve()
    assert all(c in game.state.scene[heir].carried for c in cards) and len(game.state.scene[heir].carried) == 3


# --- "mais de uma ... por turno": use limits ---------------------------------------------------------------------


def test_a_player_cannot_use_more_than_one_action_of_a_name_per_turn() -> None:
    """"Um jogador não pode usar mais de uma ação chamada Truque por turno": a restriction on every player, counted
    over the uses of the turn (6.2: the count starts again each turn)."""
    from cardscript.compiler.ir import Restrict

    d = card("Habilidade: Truque V1\nPoder: Super Força\n\nTexto permanente:\n  Um jogador não pode usar mais de uma "
             "ação chamada Truque por turno.\n\nAção: Truque\n  Custo: {0}\n  Poder: Super Força\n  Compre um card.\n")
    assert d.executable
    (rest,) = d.effects[0].procedures
    assert isinstance(rest, Restrict) and rest.what == "use_once_per_player"
    assert [(f.field, f.value) for f in rest.action_filters] == [("name", "Truque")]


def test_not_capacitated_more_than_once_per_turn() -> None:
    """"Os personagens não podem ser capacitados mais de uma vez por turno": a prohibition of a second
    capacitation in the turn; without the phrase, of any."""
    from cardscript.compiler.ir import Restrict

    for text, what in (("Os personagens não podem ser capacitados mais de uma vez por turno.", "capacitate_again"),
                       ("Os personagens não podem ser capacitados.", "capacitate")):
        d = card(f"Cenário: Batalha V1\n\nTexto permanente:\n  {text}\n")
        assert d.executable, text
        (rest,) = d.effects[0].procedures
        assert isinstance(rest, Restrict) and rest.what == what


# --- "pela primeira vez em um turno": the first such event of each turn ------------------------------------------


def test_the_first_time_in_a_turn_a_character_is_targeted() -> None:
    for when in ("em um turno", "em cada turno"):
        d = card("Personagem: Esquivo V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 2\nEscudo: 0\n\n"
                 f"Texto permanente:\n  Quando este personagem for alvo de uma ação pela primeira vez {when}, compre "
                 "um card.\n")
        assert d.executable, when
        trigger = d.effects[0].trigger
        assert trigger is not None and trigger.event == "targeted" and trigger.first_in_turn
    d = card("Personagem: Esquivo V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 2\nEscudo: 0\n\n"
             "Texto permanente:\n  Quando este personagem for alvo de uma ação, compre um card.\n")
    assert d.effects[0].trigger is not None and not d.effects[0].trigger.first_in_turn


# --- "no turno em que ele entrou em cena" on an event ----------------------------------------------------------


def test_an_action_used_in_the_turn_its_user_entered_the_scene() -> None:
    """"Se um personagem usar uma ação no turno em que ele entrou em cena, ...": the user is a character that
    entered the scene this turn (4.6.2 C.1)."""
    d = card("Suporte: Sentinela V1\nEnergia inicial: 1\nEscudo: 0\n\nTexto permanente:\n  Se um personagem usar "
             "uma ação no turno em que ele entrou em cena, compre um card.\n")
    assert d.executable
    trigger = d.effects[0].trigger
    assert trigger is not None and trigger.event == "use_action" and trigger.subject is not None
    assert ("entered_this_turn", "eq", "true") in [(f.field, f.op, f.value) for f in trigger.subject.filters]


# --- prohibitions for a time of the turn ------------------------------------------------------------------------


def test_prohibitions_during_a_phase_and_in_the_turn_a_character_entered() -> None:
    """"As ações imprevistas dos outros personagens não podem ser usadas durante as Fases de Preparação" (the
    action type as an adjective; the phase of any player's turn, 6.2) and "Os outros personagens não podem usar ações
    nos turnos em que entraram em cena" (those that entered the scene this turn)."""
    from cardscript.compiler.ir import Restrict

    d = card("Cenário: Calmaria V1\n\nTexto permanente:\n  As ações imprevistas dos personagens não podem ser usadas "
             "durante as Fases de Preparação dos turnos de outros jogadores.\n  Os personagens não podem usar ações "
             "nos turnos em que entraram em cena.\n")
    assert d.executable
    (used,), (acting,) = (e.procedures for e in d.effects)
    assert isinstance(used, Restrict) and used.what == "be_used"
    assert (used.phase, used.whose_turn) == ("Fase de Preparação", Ref.OPPONENT)
    assert ("action_type", "has", "imprevista") in [(f.field, f.op, f.value) for f in used.action_filters]
    assert isinstance(acting, Restrict) and acting.what == "use_action" and acting.subject is not None
    assert ("entered_this_turn", "eq", "true") in [(f.field, f.op, f.value) for f in acting.subject.filters]


# --- rules 7, Clarividência: cards not returned by the keyword ---------------------------------------------------


def test_7_cards_taken_from_those_set_aside_are_not_returned_by_clarividencia() -> None:
    """"Coloque os cards revelados desta forma na base do seu deck. Aqueles cards não serão colocados no topo de seu
    deck devido à Clarividência": the keyword's return (rules 7: "devolva aqueles cards ao topo de seu deck", of
    the cards still set aside) leaves out those cards. Another place than the keyword's is not understood."""
    from cardscript.compiler.ir import KeepAside

    body = ("Clarividência 2 - Coloque os cards revelados desta forma na base do seu deck. Aqueles cards não serão "
            "colocados no {where} de seu deck devido à Clarividência.")
    d = char("Mago", action=_action(body.format(where="topo")))
    assert d.executable
    kept = _procs(d)[-1]
    assert isinstance(kept, KeepAside) and kept.slot
    assert not char("Mago", action=_action(body.format(where="fundo"))).executable


def test_a_condition_on_damage_received_this_turn_reads_its_time() -> None:
    """"Se aquele personagem tiver sofrido dano neste turno, ...": the turn's record of damage (its time read);
    another time is not known."""
    d = char("Mago", action=_action("Incapacite o personagem alvo em {1}. Se aquele personagem tiver sofrido dano "
                                    "neste turno, compre um card."))
    assert d.executable
    draw = _procs(d)[-1]
    assert draw.condition is not None and draw.condition.subject is not None
    assert ("damaged_this_turn", "eq", "true") in [(f.field, f.op, f.value) for f in draw.condition.subject.filters]


# --- "na / durante a Fase de Preparação do próximo turno" ------------------------------------------------------


def test_5_7_B_a_damage_modifier_for_a_phase_of_the_next_turn() -> None:
    """"Todo o dano que seria causado neste personagem na (durante a) Fase de Preparação do próximo turno torna-se
    0" in an action: a modifier the action creates, working in the next turn only (``Duration.NEXT_TURN``) and in
    that phase; in a permanent text "o próximo turno" has no meaning."""
    from cardscript.compiler.ir import ModifyDamage

    for prep in ("na", "durante a"):
        d = char("Mago", action=_action(f"Todo o dano que seria causado neste personagem {prep} Fase de Preparação "
                                        "do próximo turno torna-se 0."))
        assert d.executable, prep
        gen = _procs(d)[-1]
        assert isinstance(gen, Generate) and gen.effect.duration is Duration.NEXT_TURN
        (mod,) = gen.effect.procedures
        assert isinstance(mod, ModifyDamage) and mod.phase == "Fase de Preparação" and mod.set_to == 0


def test_the_next_turn_effect_works_in_the_next_turn_only() -> None:
    """On the engine (continuous.live / end_of_turn): created in turn T, working in T+1, gone after its end."""
    from cardscript.compiler.ir import Effect
    from cardscript.games.battle_scenes.runtime import continuous
    from cardscript.games.battle_scenes.runtime.shielding import end_of_turn

    game = match([])
    made = continuous.add(game, "damage_modifier", None, 0, [], Duration.NEXT_TURN,
                          effect=Effect(EffectKind.DAMAGE_MODIFIER, ()))
    assert not continuous.live(game, made)
    end_of_turn(game)
    game.state.turn += 1
    assert continuous.live(game, made) and made in game.state.effects
    end_of_turn(game)
    game.state.turn += 1
    assert made not in game.state.effects


# --- 5.3 / 6.2: "Se X tiver recebido dano em um turno, até o final daquele turno <modifier>" ---------------------


def _damaged_then(tail: str) -> CardDef:
    return card("Personagem: Ricochete V1\nAlinhamento: Herói\nPoderes: Agilidade\nEnergia inicial: 3\nEscudo: 1\n\n"
                "Texto permanente:\n  Se este personagem tiver recebido dano em um turno, até o final daquele turno "
                f"{tail}\n\nAção: Quique\n  Custo: {{1}}\n  Poder: Agilidade\n"
                "  Quique causa 1 ponto de dano no alvo.\n")


def test_5_3_a_modifier_until_the_end_of_the_turn_of_a_damage_received_is_static_under_the_turns_record() -> None:
    """From the moment the character was damaged to the end of that turn is while the turn's record says so (6.2
    clears it): a static damage modifier under that condition, not a one-off created by nothing; "toda vez que for
    usada", said of the action that deals the damage, is how a modifier of it works anyway (no trigger of its own)."""
    d = _damaged_then("a ação Quique causará +1 ponto de dano toda vez que for usada.")
    assert d.executable
    (effect,) = d.effects
    assert effect.kind is EffectKind.DAMAGE_MODIFIER and effect.trigger is None
    assert effect.duration is Duration.WHILE_IN_PLACE
    assert effect.condition is not None and effect.condition.subject is not None
    assert [(f.field, f.value) for f in effect.condition.subject.filters] == [("damaged_this_turn", "true")]
    (mod,) = effect.procedures
    assert getattr(mod, "delta", None) == 1 and mod.source is not None and mod.source.ref is Ref.THIS_ACTION


def test_5_3_toda_vez_que_with_a_subject_of_its_own_is_not_the_actions_own_use() -> None:
    """Only the action's own use says nothing more: "toda vez que outra ação for usada" is an event of its own."""
    d = _damaged_then("a ação Quique causará +1 ponto de dano toda vez que outra ação for usada.")
    assert not any(e.kind is EffectKind.DAMAGE_MODIFIER and e.duration is Duration.WHILE_IN_PLACE
                   and e.trigger is None for e in d.effects)
