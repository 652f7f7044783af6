"""Session 6, cluster "replace": replacements, prohibitions and coordination -- constructions read from our own short
card texts, with the IR they lower to and, where the runtime is involved, what the engine does."""

from __future__ import annotations

from cardscript.compiler.ir import CancelAction, CardDef, EffectKind, PutInScene, Ref, Restrict
from tests.engine_helpers import card

HEAD = ("Personagem: Guardião V1\nAlinhamento: Herói\nAfiliações: Vingadores\nPoderes: Super Força, Voo\n"
        "Energia inicial: 3\nEscudo: 1\n")


def _permanent(body: str) -> CardDef:
    d = card(HEAD + f"\nTexto permanente:\n  {body}\n")
    assert d.executable, [e.why for e in d.effects]
    return d


# --- "ações com o mesmo nome que aquela": a lone demonstrative as the second term; "e" + a clause of its own ------


def test_same_name_as_a_lone_demonstrative_after_a_coordinated_clause() -> None:
    """"aquela ação não tem efeito e ações com o mesmo nome que aquela não podem ser usadas neste turno": two
    clauses (the "e" starts one with its own subject and verb); "que aquela" is the comparison's second term, the
    demonstrative standing for "aquela ação" -- the event's action (4.6.2) -- not a relative clause's subject."""
    d = _permanent("Toda vez que um personagem controlado por outro jogador usar uma ação, aquela ação não tem efeito "
                   "e ações com o mesmo nome que aquela não podem ser usadas neste turno.")
    (effect,) = d.effects
    cancel, barred = effect.procedures
    assert isinstance(cancel, CancelAction) and cancel.action.slot == "event:action"
    assert isinstance(barred, Restrict) and barred.what == "be_used" and barred.subject is None
    (same,) = barred.action_filters
    assert same.field == "name" and same.op == "shares"
    assert getattr(same.value, "slot", "") == "event:action"


def test_a_demonstrative_followed_by_its_noun_still_opens_a_relative() -> None:
    """"os personagens que aquele jogador controla": a demonstrative with its noun is a relative clause's subject,
    as before -- the comparison reading is only for a demonstrative standing alone."""
    d = card(HEAD + "\nAção: Golpe\n  Custo: {0}\n  Poder: Super Força\n  Escolha um oponente. Cada personagem que "
             "aquele jogador controla perde {VO} até o final do turno.\n")
    assert d.executable and d.action is not None


# --- "Quando este personagem entrar em cena desta forma": the optional step above was done ----------------------


AMBUSH = ("Quando um personagem controlado por outro jogador usar uma ação, se este card estiver em sua mão, você pode "
          "colocá-lo em cena. Quando este personagem entrar em cena desta forma, aquela ação não tem efeito.")


def test_entering_this_way_reads_as_if_done_and_keeps_the_first_trigger() -> None:
    """5.2: the paragraph has one trigger (the opponent's action); "Quando este personagem entrar em cena desta forma"
    names no second event but the optional step "você pode colocá-lo em cena" having been done ("se o fizer")."""
    d = _permanent(AMBUSH)
    (effect,) = d.effects
    assert effect.kind is EffectKind.TRIGGERED and effect.trigger is not None
    assert effect.trigger.event == "use_action"
    put, cancel = effect.procedures
    assert isinstance(put, PutInScene) and put.optional and put.cards.ref is Ref.THIS_CARD
    assert isinstance(cancel, CancelAction) and cancel.if_done


def test_a_trigger_hanging_on_this_card_in_the_hand_works_from_the_hand() -> None:
    """5.2.1: every step hangs on "se este card estiver em sua mão" (the first says it, the rest follow it): the
    effect works from the hand."""
    (effect,) = _permanent(AMBUSH).effects
    assert effect.zone == "hand"


def test_entering_this_way_without_an_optional_step_before_is_not_if_done() -> None:
    """With no optional step putting this card in the scene before it, the clause is not read as "se o fizer"."""
    d = card(HEAD + "\nTexto permanente:\n  Quando um personagem usar uma ação, compre um card. Quando este personagem "
             "entrar em cena desta forma, aquela ação não tem efeito.\n")
    assert not d.executable or all(not getattr(p, "if_done", False) for e in d.effects for p in e.procedures)


# --- a clitic after "... estiver carregando este card": the card the text is printed on --------------------------


def test_a_clitic_after_carrying_this_card_means_this_card() -> None:
    """"se um personagem que você controla estiver carregando este card, você pode colocá-lo na base do deck de seu
    dono": "-lo" is this card (named in the condition), not the character carrying it."""
    from cardscript.compiler.ir import Move

    d = card("Habilidade: Amuleto V1\nPoder: Magia\n\nTexto permanente:\n  Toda vez que um personagem controlado por "
             "um oponente usar uma ação, se um personagem com {MA} que você controla estiver carregando este card, "
             "você pode colocá-lo na base do deck de seu dono.\n")
    assert d.executable, [e.why for e in d.effects]
    (effect,) = d.effects
    (move,) = effect.procedures
    assert isinstance(move, Move) and move.to == "deck_bottom" and move.cards.ref is Ref.THIS_CARD


# --- "todo o dano ... que seria causado neste turno a X por Y torna-se 0": the relative's complements, a time ------


def _action(body: str) -> CardDef:
    d = card(HEAD + f"\nAção: Fase\n  Custo: {{1}}\n  Tipo: Ação de Antecipar\n  {body}\n")
    assert d.executable and d.action is not None, d.action and [m.why for m in d.action.modes]
    return d


def test_damage_that_would_be_dealt_this_turn_becomes_zero_until_the_end_of_the_turn() -> None:
    """4.8.3 D, 5.7 B: "Todo o dano penetrante que seria causado neste turno a este personagem por ações que tenham
    ele como alvo torna-se 0" -- in "<dano> torna-se N" the complements before the verb are the relative's ("a" the
    destination, "por" the source); "neste turno" makes the action create the modifier until the end of the turn."""
    from cardscript.compiler.ir import Duration, Generate, Kind, ModifyDamage

    d = _action("Todo o dano penetrante que seria causado neste turno a este personagem por ações que tenham ele "
                "como alvo torna-se 0.")
    assert d.action is not None
    (made,) = d.action.modes[0].procedures
    assert isinstance(made, Generate) and made.effect.kind is EffectKind.DAMAGE_MODIFIER
    assert made.effect.duration is Duration.END_OF_TURN
    (mod,) = made.effect.procedures
    assert isinstance(mod, ModifyDamage) and mod.step == "D" and mod.set_to == 0 and mod.only_piercing
    assert mod.target is not None and mod.target.ref is Ref.THIS_CHARACTER
    assert mod.source is not None and mod.source.kind is Kind.ACTION
    assert [(f.field, f.op) for f in mod.source.filters] == [("targets", "has")]


def test_this_turn_after_the_destination_reads_the_same() -> None:
    """"Todo o dano que seria causado a este personagem neste turno torna-se 0": the time after the destination."""
    from cardscript.compiler.ir import Duration, Generate

    d = _action("Todo o dano que seria causado a este personagem neste turno torna-se 0.")
    assert d.action is not None
    (made,) = d.action.modes[0].procedures
    assert isinstance(made, Generate) and made.effect.duration is Duration.END_OF_TURN


# --- "coloque aquele card em sua mão ao invés de colocá-lo em seus recursos": the unloading's destination ---------


UNLOAD_INSTEAD = ("Descarregue um card deste personagem. Se o card descarregado for um card de suporte, coloque aquele "
                  "card em sua mão ao invés de colocá-lo em seus recursos.")


def test_instead_of_the_resources_folds_into_the_unloading() -> None:
    """5.5 in one sentence: the move replaces where the unloading before it puts the card (4.1: the resources); the
    unloading names its cards in a slot ("o card descarregado"), the condition reads it there; "aquele card" is that
    card: a predicate of "ser" ("um card de suporte") describes the subject, it introduces no new thing."""
    from cardscript.compiler.ir import Unload

    d = _action(UNLOAD_INSTEAD)
    assert d.action is not None
    (unload,) = d.action.modes[0].procedures
    assert isinstance(unload, Unload) and unload.unloaded and unload.instead_to == "hand"
    assert unload.instead_if is not None and unload.instead_if.subject is not None
    assert unload.instead_if.subject.slot == unload.unloaded


def test_instead_of_with_nothing_before_to_replace_is_not_executable() -> None:
    """The same move with no unloading before it names nothing it replaces: not executable."""
    d = card(HEAD + "\nAção: Fase\n  Custo: {1}\n  Escolha um card de seus recursos. Coloque aquele card em sua mão "
             "ao invés de colocá-lo em seus recursos.\n")
    assert not d.executable


def test_instead_of_on_the_engine_sends_a_support_to_the_hand_and_others_to_the_resources() -> None:
    """4.1 / 5.5 on the engine: the unloaded support goes to the hand; an unloaded ability to the resources."""
    from tests.corpus_play import Eager, at, card_of, enter, match, use
    from tests.engine_helpers import pick

    d = _action(UNLOAD_INSTEAD)
    support = card("Suporte: Máquina V1\nEnergia inicial: 1\nEscudo: 0\n")
    ability = card("Habilidade: Murro V1\nPoder: Super Força\n")
    for title, area in (("Máquina", "hand"), ("Murro", "resources")):
        game = match([d, support, ability], a=Eager({"unload": [pick(title)]}))
        g = card_of(game, 0, "Guardião V1")
        enter(game, g, 1, carried=[card_of(game, 0, "Máquina V1"), card_of(game, 0, "Murro V1")])
        game.state.scene[g].stage = 2
        at(game, "combat", "attack")
        use(game, g, "Fase")
        me = game.state.players[0]
        assert card_of(game, 0, f"{title} V1") in (me.hand if area == "hand" else me.resources), title


def test_a_relation_after_ser_still_introduces_its_thing() -> None:
    """A predicate of "ser" describes its subject ("o card descarregado for um card de suporte ... aquele card": that
    card, above); "for alvo de uma ação ... aquela ação" is a relation, and still introduces the action."""
    d = _permanent("Se este personagem for alvo de uma ação, este personagem causa 1 ponto de dano no personagem que "
                   "usou aquela ação.")
    assert d.executable


# --- "Quando X for nocauteado, ... nos recursos de seu dono ao invés de nos prêmios de seus oponentes": 5.5 --------


DECOY = ("Cenário: Engodo V1\n\nTexto permanente:\n  Quando um personagem chamado Sósia for nocauteado, se você "
         "controlar um personagem chamado Mestre, coloque o personagem Sósia nocauteado nos recursos de seu dono ao "
         "invés de nos prêmios de seus oponentes e coloque este cenário nos recursos de seu dono.\n")


def test_instead_of_the_prizes_is_a_replacement_of_the_knockout() -> None:
    """5.5 (the Hela V1 example's shape) and 4.7: a trigger on a knockout whose move says "ao invés de nos prêmios" is
    a replacement of where the character goes; "o personagem Sósia nocauteado" is the event's character; the
    condition is the replacement's; the scenario's own move is one of the replacing procedures."""
    from cardscript.compiler.ir import Move, Replace

    d = card(DECOY)
    assert d.executable, [e.why for e in d.effects]
    (effect,) = d.effects
    assert effect.kind is EffectKind.REPLACEMENT
    (rep,) = effect.procedures
    assert isinstance(rep, Replace) and rep.event == "knock_out" and rep.condition is not None
    first, second = rep.instead
    assert isinstance(first, Move) and first.cards.slot == "event:subject" and first.to == "resources"
    assert isinstance(second, Move) and second.cards.ref is Ref.THIS_CARD and not first.instead_of


def test_instead_of_the_prizes_outside_a_knockout_is_not_executable() -> None:
    """The same move after another event names no knockout it replaces."""
    d = card(DECOY.replace("for nocauteado", "entrar em cena").replace(" nocauteado nos", " nos"))
    assert not d.executable


# --- "A ação <esta ação> não pode ser usada exceto por ...": the prohibition is on that action only -------------


def test_a_prohibition_on_this_cards_action_names_that_action() -> None:
    """4.6: "A ação Golpe não pode ser usada exceto por personagens que tenham o alter ego Robô", printed on the card
    whose action is Golpe, bars that action (by its name) to the others -- never every action."""
    d = card("Habilidade: Arma V1\nPoder: Super Força\n\nTexto permanente:\n  A ação Golpe não pode ser usada "
             "exceto por personagens que tenham o alter ego Robô.\n\nAção: Golpe\n  Custo: {0}\n  Poder: Super Força\n"
             "  Golpe causa 1 ponto de dano no alvo.\n")
    assert d.executable
    (restrict,) = [p for e in d.effects for p in e.procedures if isinstance(p, Restrict)]
    assert restrict.what == "use_action"
    assert [(f.field, f.op, f.value) for f in restrict.action_filters] == [("name", "eq", "Golpe")]


# --- "pode usar ações como se fosse um personagem chamado X" / "... que só poderiam ser usadas por ...": 4.6.2 D ----


def test_uses_actions_as_if_named() -> None:
    """"Este personagem pode usar ações como se fosse um personagem chamado Mestre": for the prohibitions on who uses
    an action it counts as named Mestre -- an Allow(use_as_if) with that name, nothing else."""
    from cardscript.compiler.ir import Allow

    d = _permanent("Este personagem pode usar ações como se fosse um personagem chamado Mestre.")
    (allow,) = [p for e in d.effects for p in e.procedures]
    assert isinstance(allow, Allow) and allow.what == "use_as_if"
    assert [(f.field, f.value) for f in allow.as_if] == [("name", "Mestre")]


def test_uses_actions_only_characters_with_an_alter_ego_could() -> None:
    """"Este personagem pode usar ações que só poderiam ser usadas por personagens com o alter ego Robô": the same,
    with that alter ego."""
    from cardscript.compiler.ir import Allow

    d = _permanent("Este personagem pode usar ações que só poderiam ser usadas por personagens com o alter ego Robô.")
    (allow,) = [p for e in d.effects for p in e.procedures]
    assert isinstance(allow, Allow) and allow.what == "use_as_if"
    assert [(f.field, f.value) for f in allow.as_if] == [("alter_ego", "Robô")]


def test_as_if_named_on_the_engine_lifts_a_prohibition_by_name_only() -> None:
    """On the engine: a weapon whose action characters not named Mestre cannot use -- the character that uses
    actions as if named Mestre uses it; its own name is unchanged for anything else."""
    from tests.corpus_play import at, card_of, enter, match, usable

    weapon = card("Habilidade: Arma V1\nPoder: Super Força\n\nTexto permanente:\n  Os personagens que não sejam "
                  "chamados Mestre não podem usar a ação Golpe.\n\nAção: Golpe\n  Custo: {0}\n  Poder: Super Força\n"
                  "  Golpe causa 1 ponto de dano no alvo.\n")
    pupil = _permanent("Este personagem pode usar ações como se fosse um personagem chamado Mestre.")
    other = card(HEAD.replace("Guardião", "Outro"))
    foe = card(HEAD.replace("Guardião", "Rival"))
    game = match([pupil, other, weapon, weapon], [foe])
    p, o = card_of(game, 0, "Guardião V1"), card_of(game, 0, "Outro V1")
    enter(game, p, 1, carried=[card_of(game, 0, "Arma V1", 0)])
    enter(game, o, 1, carried=[card_of(game, 0, "Arma V1", 1)])
    enter(game, card_of(game, 1, "Rival V1"), 2)
    at(game, "combat", "attack")
    assert usable(game, p, "Golpe") and not usable(game, o, "Golpe")
    assert game.cards[p].name == "Guardião"


# --- "(o card X causa o dano, não o personagem que o estiver carregando)": 4.8.5 restated -----------------------


def test_the_card_deals_the_damage_not_its_carrier_is_a_reminder_of_4_8_5() -> None:
    """4.8.5 makes the source of the damage an ability's effect deals that card: the parenthesis restates it when
    the clause's damage has this card as its source (the engine deals it so), and is then read as a reminder."""
    d = card("Habilidade: Lâmina V1\nPoder: Telepatia\n\nTexto permanente:\n  Quando este card for carregado de seus "
             "recursos em um personagem que você controla, esta habilidade causa 1 ponto de dano em um personagem "
             "em cena (o card Lâmina causa o dano, não o personagem que o estiver carregando).\n")
    assert d.executable, [e.why for e in d.effects]
    from cardscript.compiler.ir import Damage

    (damage,) = [p for e in d.effects for p in e.procedures if isinstance(p, Damage)]
    assert damage.source.ref is Ref.THIS_CARD


# --- "vindo de sua mão ou deck, ou descarregando-o de um personagem": the areas it came from, carried too ---------


def test_coming_from_the_hand_or_deck_or_unloaded() -> None:
    """5.2.1: "Quando você colocar este card em seus recursos vindo de sua mão ou deck, ou descarregando-o de um
    personagem": the card came from the hand, the deck or a character carrying it (4.1: unloaded to the resources);
    the effect works from wherever the card was."""
    d = card("Habilidade: Rede V1\nPoder: Elasticidade\n\nTexto permanente:\n  Quando você colocar este card em seus "
             "recursos vindo de sua mão ou deck, ou descarregando-o de um personagem, compre um card.\n")
    assert d.executable, [e.why for e in d.effects]
    (effect,) = d.effects
    assert effect.trigger is not None and effect.trigger.origin == "hand/deck/carried"
    assert effect.trigger.destination == "resources" and effect.zone == "any"


# --- "pode usar mais uma ação ... Se o fizer, não pode usar mais ações neste turno": when the grant is used -------


def test_if_done_after_one_more_action_happens_when_that_action_is_used() -> None:
    """4.6.2 C.4: "Este personagem pode usar mais uma ação chamada Golpe neste turno. Se o fizer, este personagem não
    pode usar mais ações neste turno" -- "o fizer" is using the action granted: the prohibition ("mais ações": none
    from then on, this turn) is the grant's, made when it is used (``ExtraAction.then``)."""
    from cardscript.compiler.ir import ExtraAction

    d = _action("Este personagem pode usar mais uma ação chamada Golpe neste turno. Se o fizer, este personagem não "
                "pode usar mais ações neste turno.")
    assert d.action is not None
    (grant,) = d.action.modes[0].procedures
    assert isinstance(grant, ExtraAction)
    (barred,) = grant.then
    assert isinstance(barred, Restrict) and barred.what == "use_action" and not barred.if_done
    assert barred.subject is not None and barred.subject.ref is Ref.THIS_CHARACTER and not barred.action_filters


def test_a_damage_modifier_an_action_creates_without_a_time_is_not_executable() -> None:
    """5.7 B: "Todo o dano que seria causado a este personagem ... torna-se 0" in an action, with no time said, would
    modify nothing on the engine (a continuous effect nobody creates): reported, not executable."""
    d = card(HEAD + "\nAção: Fase\n  Custo: {1}\n  Tipo: Ação de Antecipar\n  Todo o dano que seria causado a este "
             "personagem por ações que tenham ele como alvo torna-se 0.\n")
    assert not d.executable
