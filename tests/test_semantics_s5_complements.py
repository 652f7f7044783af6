"""Complements that fitted no role of their verb (session 5, cluster "complements"): a participle after a power
icon ("um card de habilidade de {VO} carregado no personagem alvo"), ... -- their IR and what the engine does.
The card texts are our own."""

from __future__ import annotations

from cardscript.compiler.ir import (
    Allow,
    CardDef,
    Choose,
    Count,
    Damage,
    Duration,
    ExtraAction,
    Filter,
    KeepAside,
    KeywordBonus,
    Kind,
    Load,
    ModifyDamage,
    Move,
    PutInScene,
    Ref,
    Unload,
)
from cardscript.games.battle_scenes.runtime.selectors import EffectContext, count
from tests.corpus_play import at, card_of, enter, match, shield_of, usable, use
from tests.engine_helpers import card, own_character, punch

HEAD = ("Personagem: Guardião V1\nAlinhamento: Herói\nPoderes: Super Força, Voo\nEnergia inicial: 3\n"
        "Escudo: 0\n")
FLIGHT = card("Habilidade: Asa V1\nPoder: Voo\nAção: Asa\n  Custo: {1}\n  Compre um card.\n")
FORCE = card("Habilidade: Soco V1\nPoder: Super Força\nAção: Soco\n  Custo: {1}\n  Compre um card.\n")
PIERCING = ("Ação: Perfurar\n  Custo: {0}\n  Poder: Super Força\n  Perfurar causa 1 ponto de dano penetrante no "
            "alvo.\n")


def _action(body: str) -> CardDef:
    return card(HEAD + f"\nAção: Golpe\n  Custo: {{0}}\n  Poder: Super Força\n  {body}\n")


def _permanent(body: str) -> CardDef:
    return card(HEAD + f"\nTexto permanente:\n  {body}\n")


def _x_of_card(d: CardDef) -> Count:
    assert d.executable and d.action is not None
    (hit,) = [p for p in d.action.modes[0].procedures if isinstance(p, Damage)]
    assert hit.amount.x is not None
    return hit.amount.x


def _x_of(body: str) -> Count:
    return _x_of_card(_action(body))


# --- a participle after a power icon is the classified noun's ("de {VO} carregado no personagem alvo") ----------

def test_a_participle_after_a_power_icon_takes_its_place() -> None:
    d = _action("Escolha um card de habilidade de {VO} carregado no personagem alvo.")
    assert d.executable and d.action is not None
    (choose,) = d.action.modes[0].procedures
    assert isinstance(choose, Choose)
    what = choose.what
    assert what.kind is Kind.ABILITY and what.zone == "carried" and what.of is not None
    assert what.of.ref is not None and what.of.ref.name == "TARGET"


def test_a_count_of_cards_of_a_power_carried_by_every_character_on_the_engine() -> None:
    d = _action("Golpe causa X pontos de dano no alvo. X é igual ao número de cards de habilidade de {VO} "
                "carregados em todos os personagens.")
    assert d.executable and d.action is not None
    (hit,) = d.action.modes[0].procedures
    assert isinstance(hit, Damage) and hit.amount.x is not None
    game = match([d, FLIGHT, FLIGHT, FORCE])
    c = card_of(game, 0, "Guardião V1")
    enter(game, c, 0, carried=[card_of(game, 0, "Asa V1", 0), card_of(game, 0, "Asa V1", 1),
                               card_of(game, 0, "Soco V1")])
    assert count(game, EffectContext(controller=0, source=c), hit.amount.x) == 2      # only the two of {VO}


# --- "apenas N pontos de dano": the damage is that value (4.8.3 D) -------------------------------------------------

def test_only_n_points_after_a_damage_lead_sets_the_damage() -> None:
    d = _permanent("Toda vez que este personagem receber dano de uma fonte, aquela fonte causa apenas 2 pontos de "
                   "dano neste personagem.")
    assert d.executable
    (eff,) = d.effects
    (mod,) = eff.procedures
    assert isinstance(mod, ModifyDamage) and (mod.step, mod.set_to) == ("D", 2)
    assert mod.target is not None and mod.target.ref is Ref.THIS_CHARACTER and not mod.only_not_piercing


def test_only_n_points_of_damage_that_is_not_piercing() -> None:
    d = _permanent("Toda vez que este personagem receber dano não penetrante de uma fonte, aquela fonte causa apenas "
                   "1 ponto de dano neste personagem.")
    assert d.executable
    (mod,) = d.effects[0].procedures
    assert isinstance(mod, ModifyDamage) and mod.set_to == 1 and mod.only_not_piercing and not mod.only_piercing


def test_only_with_a_signed_amount_is_not_read_as_a_value() -> None:
    d = _permanent("Toda vez que este personagem receber dano de uma fonte, aquela fonte causa apenas +1 ponto de "
                   "dano neste personagem.")
    assert not d.executable


def test_a_trigger_on_damage_that_is_not_piercing_fires_only_for_it() -> None:
    d = _permanent("Toda vez que este personagem receber dano não penetrante, compre um card.")
    assert d.executable
    (eff,) = d.effects
    assert eff.trigger is not None and eff.trigger.action_filters == (Filter("piercing", "eq", "false"),)
    game = match([d], [own_character("Atacante", action=punch("Soco", 1)), own_character("Perfurador",
                                                                                         action=PIERCING)])
    c, a, p = card_of(game, 0, "Guardião V1"), card_of(game, 1, "Atacante V1"), card_of(game, 1, "Perfurador V1")
    enter(game, c, 0)
    enter(game, a, 4)
    enter(game, p, 4)
    at(game, "combat", "attack", 1)
    hand = len(game.state.players[0].hand)
    use(game, p, "Perfurar")
    assert len(game.state.players[0].hand) == hand                 # piercing damage: no card
    use(game, a, "Soco")
    assert len(game.state.players[0].hand) == hand + 1


# --- more actions "sem pagar seu custo de incapacitação"; "[até] duas outras ações ... neste turno" (4.6.2 C.4) ----

def _extra(body: str) -> ExtraAction:
    d = _action(body)
    assert d.executable and d.action is not None
    (extra,) = [p for p in d.action.modes[0].procedures if isinstance(p, ExtraAction)]
    return extra


def test_one_more_action_without_paying_its_cost() -> None:
    extra = _extra("Este personagem pode usar mais uma ação que cause dano neste turno sem pagar seu custo de "
                   "incapacitação.")
    assert extra.free and extra.amount == 1 and extra.duration is Duration.END_OF_TURN
    assert extra.action_filters == (Filter("damaging", "eq", "true"),)


def test_one_more_named_action_without_paying_the_cost_of_that_action() -> None:
    extra = _extra("Este personagem pode usar mais uma ação chamada Golpe neste turno sem pagar o custo de "
                   "incapacitação daquela ação.")
    assert extra.free and extra.action_filters == (Filter("name", "eq", "Golpe"),)


def test_two_other_actions_of_a_power_this_turn() -> None:
    extra = _extra("Este personagem pode usar até duas outras ações de {VO} neste turno sem pagar seus custos de "
                   "incapacitação.")
    assert extra.free and extra.amount == 2 and extra.action_filters == (Filter("power", "has", "VO"),)
    plain = _extra("Este personagem pode usar duas outras ações neste turno.")
    assert not plain.free and plain.amount == 2 and plain.action_filters == ()


def test_without_paying_another_cost_is_not_executable() -> None:
    assert not _action("Este personagem pode usar mais uma ação neste turno sem pagar seu custo de Energia "
                       "Cósmica.").executable
    assert not _action("Este personagem pode usar mais uma ação neste turno sem pagar seus cards.").executable


def test_a_free_use_on_the_engine_pays_nothing_and_is_spent() -> None:
    d = _action("Golpe causa 1 ponto de dano no alvo. Este personagem pode usar mais uma ação neste turno sem "
                "pagar seu custo de incapacitação.")
    hit = card("Habilidade: Pancada V1\nPoder: Super Força\nAção: Pancada\n  Custo: {2}\n  Poder: Super Força\n"
               "  Pancada causa 1 ponto de dano no alvo.\n")
    game = match([d, hit], [own_character("Alvo")])
    c, t = card_of(game, 0, "Guardião V1"), card_of(game, 1, "Alvo V1")
    enter(game, c, 1, carried=[card_of(game, 0, "Pancada V1")])
    enter(game, t, 6)
    at(game, "combat", "attack", 0)
    assert not usable(game, c, "Pancada")              # cost {2}, stage 1
    use(game, c, "Golpe")
    use(game, c, "Pancada")                            # the use granted: not paid
    assert game.state.scene[c].stage == 1


# --- "uma ação chamada <a keyword's words>": the action's name ---------------------------------------------------

def test_an_action_called_by_a_keywords_words_is_named_so() -> None:
    extra = _extra("Este personagem pode usar mais uma ação chamada Ataque-Surpresa neste turno.")
    assert extra.action_filters == (Filter("name", "eq", "Ataque-Surpresa"),) and not extra.free


def test_a_keyword_after_a_noun_not_naming_stays_a_keyword() -> None:
    d = _permanent("Este personagem ganha Ataque-Surpresa.")
    assert d.effects and all("Ataque-Surpresa" not in str(f.value) for e in d.effects for p in e.procedures
                             for f in getattr(p, "action_filters", ()))


def test_a_participle_after_a_characteristics_value_is_the_characters() -> None:
    d = _action("Descarregue um card de um personagem com Energia Inicial 1 controlado por outro jogador.")
    assert d.executable and d.action is not None
    (unload,) = d.action.modes[0].procedures
    assert isinstance(unload, Unload) and unload.frm is not None
    frm = unload.frm
    assert {(f.field, f.value) for f in frm.filters} == {("controller", "opponent"), ("initial_energy", "1")}


def test_a_participle_after_a_characteristic_without_a_value_stays_its() -> None:
    """"a afiliação escolhida": the affiliation is the one chosen, not the character."""
    d = _permanent("Quando este personagem entrar em cena, escolha uma afiliação. Os personagens com a afiliação "
                   "escolhida que você controla ganham Escudo +1 até o final do turno.")
    assert d.executable


# --- X "... multiplicado por N" (4.6.1) ---------------------------------------------------------------------------

def test_x_multiplied_after_a_relative() -> None:
    hit = _x_of("Golpe causa X pontos de dano no alvo. X é igual ao número de cards de habilidade que este personagem "
                "estiver carregando multiplicado por 3.")
    assert hit.multiplier == 3 and hit.what is not None and hit.what.kind is Kind.ABILITY


def test_x_multiplied_by_what_is_not_executable() -> None:
    assert not _action("Golpe causa X pontos de dano no alvo. X é igual ao número de cards de habilidade que este "
                       "personagem estiver carregando multiplicado por seus poderes.").executable


def test_x_multiplied_on_the_engine() -> None:
    d = _action("Golpe causa X pontos de dano no alvo. X é igual ao número de cards de habilidade que este personagem "
                "estiver carregando multiplicado por 2.")
    x = _x_of_card(d)
    game = match([d, FLIGHT, FORCE])
    c = card_of(game, 0, "Guardião V1")
    enter(game, c, 0, carried=[card_of(game, 0, "Asa V1"), card_of(game, 0, "Soco V1")])
    assert count(game, EffectContext(controller=0, source=c), x) == 4


# --- "<coisa> em cena <outro lugar>": "em cena" is where the thing is ----------------------------------------------

def test_in_the_scene_before_a_place_is_the_things() -> None:
    d = _action("Coloque um cenário em cena nos recursos de seu dono.")
    assert d.executable and d.action is not None
    (move,) = d.action.modes[0].procedures
    assert isinstance(move, Move) and move.cards.kind is Kind.SCENARIO and move.cards.zone == "scene"
    assert move.to == "resources"


def test_in_the_scene_alone_is_still_the_destination() -> None:
    d = _action("Procure em seu deck por um card de personagem. Se o fizer, coloque-o em cena.")
    assert d.executable and d.action is not None
    assert isinstance(d.action.modes[0].procedures[-1], PutInScene)


# --- "aqueles cards não serão colocados no topo de seu deck devido à Clarividência" (rules 7) ----------------------

CLAIRVOYANT = "Clarividência 3 - Você pode carregar um card de habilidade revelado nesta ação neste personagem. {}"


def test_not_put_back_because_of_clairvoyance_keeps_the_loaded_card_aside() -> None:
    d = _action(CLAIRVOYANT.format("Se o fizer, ele não será colocado no topo de seu deck devido à Clarividência."))
    assert d.executable and d.action is not None
    load, keep = d.action.modes[0].procedures
    aside = next(p for e in d.action.keyword_effects for p in e.procedures if p.introduces and isinstance(p, Move))
    assert isinstance(keep, KeepAside) and keep.slot == aside.introduces and keep.if_done
    assert isinstance(load, Load) and not load.cards.every and load.cards.count.fixed == 1   # one of them


def test_not_put_back_without_the_keyword_or_elsewhere_is_not_executable() -> None:
    assert not _action("Você pode carregar um card de seus recursos neste personagem. Aquele card não será colocado "
                       "no topo de seu deck devido à Clarividência.").executable
    assert not _action(CLAIRVOYANT.format("Aqueles cards não serão colocados na base de seu deck devido à "
                                          "Clarividência.")).executable


# --- "pode usar ações chamadas X mais de uma vez por turno" (4.6.2 C.4) -------------------------------------------

def test_named_actions_more_than_once_per_turn() -> None:
    d = _permanent("Este personagem pode usar ações chamadas Golpe mais de uma vez por turno.")
    assert d.executable
    (allow,) = d.effects[0].procedures
    assert isinstance(allow, Allow) and allow.what == "actions_per_turn" and allow.unlimited
    assert allow.action_filters == (Filter("name", "eq", "Golpe"),)


def test_more_than_once_without_a_turn_or_of_any_action_is_not_executable() -> None:
    assert not _permanent("Este personagem pode usar ações chamadas Golpe mais de uma vez.").executable
    assert not _permanent("Este personagem pode usar ações mais de uma vez por turno.").executable


# --- "Ações com Clarividência que este personagem usar ganham Clarividência +N" (rules 7) -------------------------

def test_actions_with_a_keyword_gain_more_of_its_number() -> None:
    d = _permanent("Ações com Clarividência que este personagem usar ganham Clarividência +2.")
    assert d.executable
    (bonus,) = d.effects[0].procedures
    assert isinstance(bonus, KeywordBonus) and bonus.keyword == "Clarividência" and bonus.amount.fixed == 2
    assert Filter("keyword", "has", "Clarividência") in bonus.actions.filters


def test_a_keyword_number_bonus_for_a_character_is_not_this() -> None:
    assert not _permanent("Este personagem ganha Clarividência +1.").executable


# --- "controlar somente / apenas <coisas>" after the verb: the "only" condition ---------------------------------

def test_control_only_after_the_verb_is_the_only_condition() -> None:
    d = _permanent("Enquanto você controlar somente heróis, este personagem ganha Escudo +1.")
    assert d.executable
    (eff,) = d.effects
    assert eff.condition is not None and eff.condition.kind == "only"


def test_control_only_on_the_engine() -> None:
    d = _permanent("Enquanto você controlar apenas heróis, este personagem ganha Escudo +1.")
    game = match([d, own_character("Vilão", alignment="Vilão")])
    c, v = card_of(game, 0, "Guardião V1"), card_of(game, 0, "Vilão V1")
    enter(game, c, 1)
    assert shield_of(game, c) == 1
    enter(game, v, 1)
    assert shield_of(game, c) == 0


# --- "coloque-o em cena carregando até N cards de seus recursos"; "for nocauteado por uma ação que cause dano" -----

ENTERING = ("Quando este personagem entrar em cena, você pode procurar em seu deck por um card de personagem. Se o "
            "fizer, coloque-o em cena carregando {}.")


def test_put_in_scene_carrying_up_to_n_cards_of_the_resources() -> None:
    d = _permanent(ENTERING.format("até dois cards de seus recursos"))
    assert d.executable
    put = d.effects[0].procedures[-1]
    assert isinstance(put, PutInScene) and put.loading is not None
    assert put.loading.zone == "resources" and put.loading.count.fixed == 2 and put.loading.count.up_to


def test_put_in_scene_carrying_from_elsewhere_is_not_executable() -> None:
    assert not _permanent(ENTERING.format("até dois cards de sua mão")).executable


def test_knocked_out_by_a_damaging_action_is_the_events_agent() -> None:
    d = _permanent("Quando este personagem for nocauteado por uma ação que cause dano, compre um card.")
    assert d.executable
    (eff,) = d.effects
    assert eff.trigger is not None and eff.trigger.event == "knocked_out"
    assert eff.trigger.action_filters == (Filter("damaging", "eq", "true"),)
