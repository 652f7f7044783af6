"""Procedures: choices between effects outside an action ("A ou B", "A e/ou B"),
multiplied damage amounts and the other complements the frame table gained -- their IR, and what they do on
the engine. The card texts are our own."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, ChooseOption, Damage, Draw, EffectKind, Move
from tests.corpus_play import Eager, card_of, enter, match, scenario
from tests.engine_helpers import card, pick


def _scenario(text: str) -> CardDef:
    return card(f"Cenário: Teste V1\n\nTexto permanente:\n  {text}\n")


def _char(name: str, ie: int = 3, shield: int = 0) -> CardDef:
    return card(f"Personagem: {name} V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: {ie}\n"
                f"Escudo: {shield}\n")


# ---------------------------------------------------------------------------------------------------------------
# "A ou B" outside an action: a choice of the controller (4.6.2 B read for any effect)

CHOICE = ("Quando este cenário entrar em cena, ele causa 2 pontos de dano em um personagem ou você pode comprar "
          "dois cards.")


def test_ou_between_effects_is_a_choice_then_each_option_under_its_choice() -> None:
    d = _scenario(CHOICE)
    assert d.executable
    (effect,) = d.effects
    assert effect.kind is EffectKind.TRIGGERED
    choice, hit, draw = effect.procedures
    assert isinstance(choice, ChooseOption) and len(choice.options) == 2 and choice.who is None
    assert isinstance(hit, Damage) and isinstance(draw, Draw) and draw.optional
    assert hit.condition is not None and hit.condition.kind == "option"
    assert draw.condition is not None and draw.condition.kind == "option"
    assert hit.condition.value != draw.condition.value


def _play_choice(option: str) -> tuple[int, int]:
    game = match([_scenario(CHOICE)], [_char("Alvo")], a=Eager({"mode": [pick(option)]}))
    s, t = card_of(game, 0, "Teste V1"), card_of(game, 1, "Alvo V1")
    enter(game, t, 3)
    hand = len(game.state.players[0].hand)
    scenario(game, s)
    return len(game.state.scene[t].carried), len(game.state.players[0].hand) - hand


def test_ou_the_controller_chooses_the_damage_and_does_not_draw() -> None:
    assert _play_choice("ele causa") == (1, 0)


def test_ou_the_controller_chooses_the_draw_and_deals_no_damage() -> None:
    assert _play_choice("você pode comprar") == (3, 2)


def test_ou_se_o_fizer_after_a_choice_follows_the_option_chosen() -> None:
    text = ("Quando este cenário entrar em cena, ele causa 1 ponto de dano em um personagem ou você pode procurar "
            "em seu deck por um card de personagem. Se o fizer, coloque-o em sua mão e embaralhe o seu deck.")
    d = _scenario(text)
    assert d.executable
    hero = _char("Herói")
    game = match([_scenario(text), hero], [_char("Alvo")], a=Eager({"mode": [pick("ele causa")]}))
    s, t = card_of(game, 0, "Teste V1"), card_of(game, 1, "Alvo V1")
    enter(game, t, 3)
    h = card_of(game, 0, "Herói V1")
    scenario(game, s)
    assert len(game.state.scene[t].carried) == 2 and h not in game.state.players[0].hand


def test_ou_an_option_with_its_own_condition_is_offered_only_when_it_holds() -> None:
    text = ("Quando este cenário entrar em cena, compre um card, ou compre dois cards se você controlar dois ou "
            "mais personagens.")
    d = _scenario(text)
    assert d.executable
    game = match([d], [], a=Eager({"mode": [pick("compre dois")]}))
    s = card_of(game, 0, "Teste V1")
    hand = len(game.state.players[0].hand)
    scenario(game, s)                                 # no character: only the first option is open
    assert len(game.state.players[0].hand) == hand + 1


def test_a_continuous_ou_is_no_choice() -> None:
    """A continuous effect chooses nothing (5.7 A): "A ou B, caso C" is B while C holds and A otherwise -- two
    statics (tests/test_semantics_r4_references.py), no option offered."""
    d = card("Personagem: Escudeiro V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n\n"
             "Texto permanente:\n  Este personagem ganha Escudo +1 ou ganha Escudo +2, caso se chame Capitão.\n")
    assert d.executable
    one, two = d.effects
    assert one.kind is two.kind is EffectKind.STATIC
    assert one.condition is not None and two.condition is not None and one.condition.negated != two.condition.negated


# ---------------------------------------------------------------------------------------------------------------
# "A e/ou B"


def test_e_ou_between_two_optional_steps_makes_each_optional() -> None:
    text = ("Quando este cenário entrar em cena, você pode comprar um card e/ou colocar o card do topo de seu deck "
            "em seus recursos.")
    d = _scenario(text)
    assert d.executable
    draw, move = d.effects[0].procedures
    assert isinstance(draw, Draw) and isinstance(move, Move)
    assert draw.optional and move.optional and not move.if_done


def test_e_ou_in_an_action_is_either_or_both() -> None:
    d = card("Habilidade: Golpe V1\nPoder: Super Força\nAção: Golpe\n  Custo: {0}\n  Poder: Super Força\n"
             "  Golpe causa 1 ponto de dano no alvo e/ou compre um card.\n")
    assert d.executable and d.action is not None
    assert [[type(p).__name__ for p in m.procedures] for m in d.action.modes] == [
        ["Damage"], ["Draw"], ["Damage", "Draw"]]


# ---------------------------------------------------------------------------------------------------------------
# "N vezes X pontos de dano" (4.8): the amount multiplied


def test_duas_vezes_x_pontos_de_dano_is_twice_x() -> None:
    d = card("Habilidade: Pisão V1\nPoder: Super Força\nAção: Pisão\n  Custo: {X}\n  Poder: Super Força\n"
             "  Pisão causa duas vezes X pontos de dano no alvo.\n")
    assert d.executable and d.action is not None
    (hit,) = d.action.modes[0].procedures
    assert isinstance(hit, Damage) and (hit.amount.fixed, hit.amount.x_times) == (0, 2)


def test_tres_vezes_2_pontos_de_dano_is_six() -> None:
    d = card("Habilidade: Pisão V1\nPoder: Super Força\nAção: Pisão\n  Custo: {0}\n  Poder: Super Força\n"
             "  Pisão causa três vezes 2 pontos de dano no alvo.\n")
    assert d.executable and d.action is not None
    (hit,) = d.action.modes[0].procedures
    assert isinstance(hit, Damage) and hit.amount.fixed == 6


# ---------------------------------------------------------------------------------------------------------------
# "pode usar esta ação / aquela ação / a ação X outra vez neste turno" (4.6.2 C.4): that action only

def _fighter(name: str, text: str) -> CardDef:
    return card(f"Personagem: {name} V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\n"
                f"Escudo: 0\n\nAção: Golpe\n  Custo: {{0}}\n  Poder: Super Força\n  {text}\n")


KICK = card("Habilidade: Chute V1\nPoder: Super Força\nAção: Chute\n  Custo: {0}\n  Poder: Super Força\n"
            "  Chute causa 1 ponto de dano no alvo.\n")


def _again_game(text: str) -> tuple[object, int]:
    from tests.corpus_play import at, match

    game = match([_fighter("Lutador", text), KICK], [_char("Alvo", ie=8)])
    f, k, t = card_of(game, 0, "Lutador V1"), card_of(game, 0, "Chute V1"), card_of(game, 1, "Alvo V1")
    enter(game, f, 2, carried=[k])
    enter(game, t, 6)
    at(game, "combat", "attack")
    return game, f


def test_esta_acao_outra_vez_allows_this_action_only_once_more() -> None:
    from tests.corpus_play import usable, use

    game, f = _again_game("Golpe causa 1 ponto de dano no alvo. Este personagem pode usar esta ação outra vez "
                          "neste turno.")
    use(game, f, "Golpe")                                            # type: ignore[arg-type]
    assert usable(game, f, "Golpe") and not usable(game, f, "Chute")  # type: ignore[arg-type]
    base = game.state.scene[f]                                       # type: ignore[attr-defined]
    assert len(base.extra_grants) == 1 and base.extra_actions == 0
    use(game, f, "Golpe")                 # the grant is spent, and this use grants one more (its own text again)
    assert len(base.extra_grants) == 1 and not usable(game, f, "Chute")  # type: ignore[arg-type]


def test_a_acao_x_outra_vez_names_the_action() -> None:
    from cardscript.compiler.ir import ExtraAction, Filter
    from tests.corpus_play import usable, use

    text = "Golpe causa 1 ponto de dano no alvo. Este personagem pode usar a ação Chute outra vez neste turno."
    d = _fighter("Lutador", text)
    assert d.executable and d.action is not None
    extra = d.action.modes[0].procedures[-1]
    assert isinstance(extra, ExtraAction) and extra.action_filters == (Filter("name", "eq", "Chute"),)
    game, f = _again_game(text)
    use(game, f, "Golpe")                                            # type: ignore[arg-type]
    assert usable(game, f, "Chute") and not usable(game, f, "Golpe")  # type: ignore[arg-type]


def test_mais_uma_acao_is_any_action() -> None:
    from tests.corpus_play import usable, use

    game, f = _again_game("Golpe causa 1 ponto de dano no alvo. Este personagem pode usar mais uma ação neste turno.")
    use(game, f, "Golpe")                                            # type: ignore[arg-type]
    assert usable(game, f, "Chute")                                  # type: ignore[arg-type]
    use(game, f, "Chute")                                            # type: ignore[arg-type]
    assert not usable(game, f, "Golpe")                              # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------------------------
# "<quem> [pode] escolher e <verbo> ...": the choice is the next clause's; "ele" is never "você"


def test_voce_pode_escolher_e_descarregar_is_one_optional_unload() -> None:
    from cardscript.compiler.ir import Unload

    d = _scenario("Quando este cenário entrar em cena, você pode escolher e descarregar um card de habilidade de "
                  "um personagem.")
    assert d.executable
    (unload,) = d.effects[0].procedures
    assert isinstance(unload, Unload) and unload.optional and unload.decider is None


def test_um_oponente_escolhe_e_descarrega_the_opponent_picks() -> None:
    from cardscript.compiler.ir import Kind, Ref, Unload

    d = _scenario("Toda vez que um personagem entrar em cena, um oponente escolhe e descarrega um card daquele "
                  "personagem.")
    assert d.executable
    (unload,) = d.effects[0].procedures
    assert isinstance(unload, Unload) and not unload.optional
    assert unload.who.kind is Kind.PLAYER and unload.who.ref is Ref.OPPONENT


def test_dele_after_voce_is_this_card_not_you() -> None:
    from cardscript.compiler.ir import Ref, Unload

    d = card("Suporte: Caixa V1\nEnergia inicial: 2\nEscudo: 0\n\nTexto permanente:\n  Durante sua Fase de "
             "Preparação, você pode descarregar um card dele.\n")
    assert d.executable
    (unload,) = d.effects[0].procedures
    assert isinstance(unload, Unload) and unload.frm is not None and unload.frm.ref is Ref.THIS_CARD


# ---------------------------------------------------------------------------------------------------------------
# "a ele": the preposition "a" before a pronoun (no article goes there); "ele" is not its own clause's subject


def test_causa_dano_a_ele_is_the_event_subject() -> None:
    from cardscript.compiler.ir import Ref

    d = _scenario("Quando um personagem entrar em cena, este cenário causa 1 ponto de dano a ele.")
    assert d.executable
    (hit,) = d.effects[0].procedures
    assert isinstance(hit, Damage) and hit.targets.ref is Ref.SLOT and hit.targets.slot == "event:subject"


def test_a_ele_after_a_demonstrative_is_that_character_not_the_source() -> None:
    from cardscript.compiler.ir import Generate, Ref

    d = card("Habilidade: Lança V1\nPoder: Super Força\nAção: Lança\n  Custo: {0}\n  Poder: Super Força\n"
             "  Lança causa 1 ponto de dano no personagem alvo. Toda vez que aquele personagem usar uma ação neste "
             "turno, Lança causa 1 ponto de dano a ele.\n")
    assert d.executable and d.action is not None
    gen = d.action.modes[0].procedures[-1]
    assert isinstance(gen, Generate)
    (hit,) = gen.effect.procedures
    assert isinstance(hit, Damage) and hit.targets.ref is Ref.SLOT and hit.targets.slot == "event:subject"


# ---------------------------------------------------------------------------------------------------------------
# "ganha Prontidão - ação X / ações de {AE} (...)": the keyword's parameter and its rule (4.6.2 C.1)


def test_ganha_prontidao_for_named_actions_is_a_gain_with_its_actions() -> None:
    from cardscript.compiler.ir import Filter, Gain

    d = card("Personagem: Rápido V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n\n"
             "Texto permanente:\n  Enquanto você controlar outro personagem, este personagem ganha Prontidão - ações "
             "de {AE} (as ações indicadas podem ser usadas por este personagem no turno em que ele entrou em cena).\n")
    assert d.executable
    (effect,) = d.effects
    (gain,) = effect.procedures
    assert isinstance(gain, Gain) and gain.keywords == ("Prontidão",) and effect.condition is not None
    assert gain.ready_actions == (Filter("power", "has", "AE"),)


def test_a_gained_keyword_with_other_parameters_is_its_meaning_filled_in() -> None:
    from cardscript.compiler.ir import EffectKind, Gain

    d = card("Personagem: Chefe V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n\n"
             "Texto permanente:\n  Este personagem ganha Liderar {1} - afiliação Vingadores.\n")
    (gain,) = d.effects[0].procedures
    assert d.executable and isinstance(gain, Gain)
    assert [e.kind for e in gain.keyword_effects] == [EffectKind.ACTIVATED]       # Liderar's meaning (5.6)
    timed = card("Personagem: Chefe V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n\n"
                 "Texto permanente:\n  Quando este personagem entrar em cena, ele ganha Liderar {1} - afiliação "
                 "Vingadores até o final do turno.\n")
    assert not timed.executable                                                    # not for a time


# ---------------------------------------------------------------------------------------------------------------
# "e o coloque ...": the object pronoun before its verb; a clitic is what its clause introduced, not a phrase
# inside that phrase's relative, nor a restatement in parentheses


def test_a_proclitic_object_is_the_chosen_card() -> None:
    from cardscript.compiler.ir import Choose, Ref

    d = _scenario("Quando este cenário entrar em cena, escolha um card de sua mão e o coloque na base de seu deck.")
    assert d.executable
    choose, move = d.effects[0].procedures
    assert isinstance(choose, Choose) and isinstance(move, Move) and move.to == "deck_bottom"
    assert move.cards.ref is Ref.SLOT and move.cards.slot == choose.introduces


def test_a_clitic_is_not_a_phrase_inside_the_relative_before_it() -> None:
    from cardscript.compiler.ir import Choose, Ref

    d = card("Habilidade: Troca V1\nPoder: Super Força\nAção: Troca\n  Custo: {0}\n  Poder: Super Força\n"
             "  Um oponente escolhe um card que o personagem alvo estiver carregando e o coloca na base do deck de "
             "seu dono.\n")
    assert d.executable and d.action is not None
    choose, move = d.action.modes[0].procedures
    assert isinstance(choose, Choose) and isinstance(move, Move)
    assert move.cards.ref is Ref.SLOT and move.cards.slot == choose.introduces


# ---------------------------------------------------------------------------------------------------------------
# "um card que não seja de habilidade | que ... estiver carregando / deste personagem / de seus recursos": the
# bare type after "seja de" takes no relative and no possessor -- they are the card's


def test_a_relative_after_que_nao_seja_de_habilidade_is_the_cards() -> None:
    from cardscript.compiler.ir import Filter, Ref, Unload

    d = card("Personagem: Forte V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n\n"
             "Texto permanente:\n  Durante sua Fase de Preparação, você pode descarregar um card que não seja de "
             "habilidade que este personagem estiver carregando.\n")
    assert d.executable
    (unload,) = d.effects[0].procedures
    assert isinstance(unload, Unload) and unload.cards is not None
    assert unload.cards.zone == "carried" and unload.cards.of is not None
    assert unload.cards.of.ref is Ref.THIS_CHARACTER
    assert Filter("card_type", "ne", "Habilidade") in unload.cards.filters


def test_de_seus_recursos_after_que_nao_seja_de_habilidade_is_where_the_card_is() -> None:
    from cardscript.compiler.ir import Load

    d = card("Habilidade: Sede V1\nPoder: Super Força\nAção: Sede\n  Custo: {0}\n  Poder: Super Força\n"
             "  Carregue um card que não seja de habilidade de seus recursos neste personagem.\n")
    assert d.executable and d.action is not None
    (load,) = d.action.modes[0].procedures
    assert isinstance(load, Load) and load.cards.zone == "resources"


# ---------------------------------------------------------------------------------------------------------------
# "<personagens> podem usar <ações> como [se fossem] ações de antecipar": those actions gain the type (C.5)


def test_usar_acoes_como_acoes_de_antecipar_is_a_change_of_their_type() -> None:
    from cardscript.compiler.ir import ChangeAction, Filter

    d = card("Personagem: Atirador V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n\n"
             "Texto permanente:\n  Este personagem pode usar ações de {AD} como ações de antecipar.\n")
    assert d.executable
    (change,) = d.effects[0].procedures
    assert isinstance(change, ChangeAction) and change.anticipate and not change.unforeseen
    assert change.actions is not None and Filter("power", "has", "AD") in change.actions.filters


def test_voce_pode_usar_uma_acao_como_se_fosse_imprevista_is_not_read() -> None:
    d = _scenario("Você pode usar uma ação de {AG} de um personagem que você controla como se fosse uma ação "
                  "Imprevista.")
    assert not d.executable


def test_a_present_verb_with_no_subject_shares_the_one_before() -> None:
    from cardscript.compiler.ir import Ref

    d = card("Habilidade: Ordem V1\nPoder: Super Força\nAção: Ordem\n  Custo: {0}\n  Poder: Super Força\n"
             "  O oponente alvo descarta um card e então compra um card.\n")
    assert d.executable and d.action is not None
    _, draw = d.action.modes[0].procedures
    assert isinstance(draw, Draw) and draw.who.ref is Ref.TARGET


def test_ele_after_o_personagem_escolhido_is_the_chosen_one() -> None:
    from cardscript.compiler.ir import Ref

    d = _scenario("Quando este cenário entrar em cena, escolha um personagem controlado por um oponente. Este cenário "
                  "causa 1 ponto de dano no personagem escolhido, ou este cenário causa 2 pontos de dano no personagem "
                  "escolhido se ele tiver {AG}.")
    assert d.executable
    choice = next(p for p in d.effects[0].procedures if isinstance(p, ChooseOption))
    guard = choice.guards[1]
    assert guard is not None and guard.subject is not None and guard.subject.ref is Ref.SLOT
    assert guard.subject.slot.startswith("card:")
