"""Triggers on several events, new event kinds and the windows and times around them
(rules 5.2 triggered effects, 5.1 activation windows, 4.6.2 C.1 "desde o início do turno"). Short card texts of our
own, their IR, and what happens on the engine."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, EffectKind, Filter, Kind, Ref
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import Eager, at, card_of, enter, events, fillers, match, scenario, zone
from tests.engine_helpers import card


def scenario_card(name: str, *texts: str) -> CardDef:
    body = "".join(f"  {t}\n" for t in texts)
    return card(f"Cenário: {name} V1\nRaridade: Comum\n" + (f"\nTexto permanente:\n{body}" if body else ""))


def char(name: str, *, powers: str = "Super Força", affiliations: str = "", texts: tuple[str, ...] = ()) -> CardDef:
    text = f"Personagem: {name} V1\nAlinhamento: Herói\n"
    if affiliations:
        text += f"Afiliações: {affiliations}\n"
    text += f"Poderes: {powers}\nEnergia inicial: 3\nEscudo: 0\n"
    if texts:
        text += "\nTexto permanente:\n" + "".join(f"  {t}\n" for t in texts)
    return card(text)


def hand(game: Match, player: int) -> list[int]:
    return game.state.players[player].hand


def draws(game: Match) -> list[dict[str, object]]:
    return [e for e in events(game, "move") if e.get("reason") == "draw"]


# --- a trigger with several events (5.2) ------------------------------------------------------------------------


def test_5_2_either_event_fires_the_effect_once_each() -> None:
    """"Quando este cenário entrar ou sair de cena": one triggered effect per event; "sair" shares the subject and
    "entrar" the complement ("de cena" is the scene for both)."""
    both = scenario_card("Portal", "Quando este cenário entrar ou sair de cena, compre um card.")
    assert both.executable
    triggers = [(e.kind, e.trigger.event if e.trigger else "") for e in both.effects]
    assert triggers == [(EffectKind.TRIGGERED, "enter_scene"), (EffectKind.TRIGGERED, "leave_scene")]
    other = scenario_card("Outro Lugar")
    game = match([both, other])
    p, o = card_of(game, 0, "Portal V1"), card_of(game, 0, "Outro Lugar V1")
    scenario(game, p)
    assert len(draws(game)) == 1                              # it entered
    scenario(game, o)                                         # replaced: it leaves the scene
    assert zone(game, p) == "resources" and len(draws(game)) == 2


def test_5_2_targeted_or_damaged_share_the_subject() -> None:
    """"Quando este personagem for alvo de alguma ação ou receber dano": the second event has no subject of its
    own -- it is the first one's."""
    c = char("Sentinela", texts=("Quando este personagem for alvo de alguma ação ou receber dano, compre um card.",))
    assert c.executable
    events = [e.trigger for e in c.effects if e.trigger is not None]
    assert [t.event for t in events] == ["targeted", "damage"]
    assert all(t.subject is not None and t.subject.ref is Ref.THIS_CHARACTER for t in events)


def test_5_2_events_joined_by_e_are_not_read_as_either() -> None:
    """"Quando X sair de cena e for colocado na mão": both at once, not either -- not executable."""
    c = scenario_card("Duplo", "Quando este cenário sair de cena e for colocado na mão, compre um card.")
    assert not c.executable


# --- "desde o início do turno" (4.6.2 C.1) ----------------------------------------------------------------------


def test_since_the_start_of_the_turn_in_a_relative() -> None:
    """"um personagem que você controla desde o início do turno": one that did not enter the scene this turn; the
    time is the relative's ("controla desde ..."), not the procedure's around it."""
    retreat = scenario_card("Recuo", "Quando este cenário entrar em cena, descarregue um personagem que você "
                                     "controla desde o início do turno e devolva-o para sua mão.")
    assert retreat.executable
    (effect,) = retreat.effects
    choose = effect.procedures[0]
    assert Filter("since_turn_start", "eq", "true") in choose.what.filters      # type: ignore[attr-defined]
    veteran, rookie = char("Veterano"), char("Novato")
    game = match([retreat, veteran, rookie], a=Eager())
    r, v, n = card_of(game, 0, "Recuo V1"), card_of(game, 0, "Veterano V1"), card_of(game, 0, "Novato V1")
    enter(game, v, 2)
    enter(game, n, 2)
    game.state.scene[n].entered_turn = game.state.turn       # the rookie entered this turn
    scenario(game, r)
    assert zone(game, v) == "hand" and zone(game, n) == "scene"


def test_since_the_start_of_the_turn_of_a_state() -> None:
    """"que estão em cena desde o início do turno": the same filter, read from "estar em cena"."""
    c = char("Líder", texts=("As ações dos personagens que você controla e que estão em cena desde o início do "
                             "turno tornam-se ações imprevistas.",))
    assert c.executable
    (effect,) = c.effects
    assert "since_turn_start" in repr(effect.procedures[0])


# --- a pronoun fills its verb's role (coloque-o: a card) ---------------------------------------------------------


def test_an_object_clitic_of_put_is_a_card_not_a_player() -> None:
    """"olhe os cards da mão de um oponente, escolha um deles e coloque-o nos recursos de seu dono": "-o" is the
    card chosen (the latest masculine thing a card can be), not the opponent."""
    spy = scenario_card("Espiar", "Quando este cenário entrar em cena, olhe os cards da mão de um oponente, "
                                  "escolha um deles e coloque-o nos recursos de seu dono.")
    assert spy.executable
    move = spy.effects[0].procedures[-1]
    assert move.cards.ref is Ref.SLOT and move.cards.kind is not Kind.PLAYER     # type: ignore[attr-defined]
    game = match([spy])
    s = card_of(game, 0, "Espiar V1")
    theirs = fillers(game, 1)[0]
    game.move(theirs, Zone.HAND)
    scenario(game, s)
    assert zone(game, theirs) == "resources" and game.state.owner[theirs] == 1


def test_unloading_all_the_cards_of_a_character_chooses_it_first() -> None:
    """"descarregar todos os cards de um personagem que você controla e colocá-lo em seus recursos": the character
    is chosen once; "-lo" is that one (not every character you control)."""
    c = scenario_card("Retirada", "Quando este cenário entrar em cena, você pode descarregar todos os cards de um "
                                  "personagem que você controla e colocá-lo em seus recursos.")
    assert c.executable
    procs = c.effects[0].procedures
    assert [p.family for p in procs] == ["choose", "unload", "move"]
    game = match([c, char("Um"), char("Dois")], a=Eager())
    s, one, two = card_of(game, 0, "Retirada V1"), card_of(game, 0, "Um V1"), card_of(game, 0, "Dois V1")
    enter(game, one, 2)
    enter(game, two, 2)
    scenario(game, s)
    assert sorted(zone(game, x) for x in (one, two)) == ["resources", "scene"]


# --- stages changed (4.5) ---------------------------------------------------------------------------------------


def test_4_5_capacitated_fires_only_when_the_stage_changes() -> None:
    """"Toda vez que este personagem for capacitado": the engine's ``capacitate`` event with a change; a character
    already at {2} is not capacitated."""
    c = char("Atento", texts=("Toda vez que este personagem for capacitado, compre um card.",))
    (effect,) = c.effects
    assert effect.trigger is not None and effect.trigger.event == "capacitate"
    game = match([c])
    x = card_of(game, 0, "Atento V1")
    enter(game, x, 2)
    game.state.scene[x].stage = 1
    game.capacitate(x, 1)
    game.eng.tree.resolve()
    assert len(draws(game)) == 1
    game.capacitate(x, 1)                                    # already at {2}: nothing changed
    game.eng.tree.resolve()
    assert len(draws(game)) == 1


def test_4_5_incapacitated_by_an_effect_an_opponent_controls() -> None:
    """"for incapacitado em {1} ou {2} por um efeito controlado por um oponente": any number of stages, by an
    effect (not a cost, not the rules) whose controller is an opponent; "aquele personagem" is the one."""
    c = char("Resiliente", texts=("Quando um personagem que você controla for incapacitado em {1} ou {2} por um "
                                  "efeito controlado por um oponente, você pode capacitar aquele personagem em {1}.",))
    (effect,) = c.effects
    assert effect.trigger is not None and effect.trigger.by is Ref.OPPONENT
    game = match([c], a=Eager())
    x = card_of(game, 0, "Resiliente V1")
    enter(game, x, 2)
    game.state.scene[x].stage = 2
    game.incapacitate(x, 1, by=0)                            # your own effect: no
    game.eng.tree.resolve()
    assert game.state.scene[x].stage == 1
    game.incapacitate(x, 1, by=1)                            # the opponent's: capacitated back
    game.eng.tree.resolve()
    assert game.state.scene[x].stage == 1
    game.incapacitate(x, 1)                                  # a cost or the rules: no
    game.eng.tree.resolve()
    assert game.state.scene[x].stage == 0


def test_4_5_one_stage_alone_is_not_read_as_any() -> None:
    c = char("Exato", texts=("Quando um personagem for incapacitado em {1}, compre um card.",))
    assert not c.executable


# --- a player unloads (4.1) -------------------------------------------------------------------------------------


def test_4_1_you_unload_a_card_of_a_power_from_a_character_you_control() -> None:
    """"toda vez que você descarregar um card de {AD} de um personagem que você controla": the unload event with
    the player who did it (an effect of yours), the card unloaded and where from."""
    c = char("Glutão", texts=("Toda vez que você descarregar um card de {AD} de um personagem que você controla, "
                              "compre um card.",))
    (effect,) = c.effects
    t = effect.trigger
    assert t is not None and (t.event, t.by) == ("unload", Ref.YOU)
    ad = card("Habilidade: Rajada Distante V1\nPoder: Ataque a Distância\nRaridade: Comum\n")
    game = match([c, ad, ad])
    x = card_of(game, 0, "Glutão V1")
    a1, a2 = card_of(game, 0, "Rajada Distante V1"), card_of(game, 0, "Rajada Distante V1", 1)
    enter(game, x, 2, carried=[a1, a2])
    game.unload(a1, by=1)                                    # the opponent's doing: no
    game.eng.tree.resolve()
    assert len(draws(game)) == 0
    game.unload(a2, by=0)
    game.eng.tree.resolve()
    assert len(draws(game)) == 1


# --- a player draws (4.2) ---------------------------------------------------------------------------------------


def test_4_2_a_player_draws_during_their_own_phase_and_each_other_player_draws() -> None:
    """"Se algum jogador comprar cards durante a própria Fase de Combate, cada outro jogador pode comprar um card":
    the draw event, in the drawing player's own combat phase; "cada outro jogador" is every player but that one."""
    c = scenario_card("Vigia", "Se algum jogador comprar cards durante a própria Fase de Combate, cada outro "
                               "jogador pode comprar um card.")
    (effect,) = c.effects
    t = effect.trigger
    assert t is not None and (t.event, t.turn_of) == ("draw", Ref.OWNER)
    game = match([c], a=Eager(), b=Eager())
    scenario(game, card_of(game, 0, "Vigia V1"))
    at(game, "combat", "attack", turn_player=1)
    game.draw(1, 1)                                          # the opponent, in their own combat phase
    game.eng.tree.resolve()
    assert [d["owner"] for d in draws(game)] == [1, 0]
    game.draw(0, 1)                                          # you, in the opponent's combat phase: no
    game.eng.tree.resolve()
    assert [d["owner"] for d in draws(game)] == [1, 0, 0]


def test_4_2_the_cards_drawn_fill_event_cards_and_the_player_event_player() -> None:
    """"Quando um jogador comprar um ou mais cards de habilidade ..., aquele jogador pode revelar um daqueles cards.
    Se o fizer, aquele jogador pode colocar o card revelado nos recursos de seu dono e comprar um card": the drawn
    ability cards are "daqueles cards"; "comprar" shares "aquele jogador" (a bare infinitive after "pode ... e")."""
    c = scenario_card("Pistas", "Quando um jogador comprar um ou mais cards de habilidade, aquele jogador pode "
                                "revelar um daqueles cards. Se o fizer, aquele jogador pode colocar o card revelado "
                                "nos recursos de seu dono e comprar um card.")
    assert c.executable
    procs = c.effects[0].procedures
    assert all(p.who is not None and p.who.slot == "event:player" for p in procs     # type: ignore[attr-defined]
               if p.family in ("reveal", "draw"))
    ability = card("Habilidade: Truque V1\nPoder: Super Força\nRaridade: Comum\n")
    game = match([c], [ability, char("Peso")], a=Eager(), b=Eager())
    scenario(game, card_of(game, 0, "Pistas V1"))
    trick, weight = card_of(game, 1, "Truque V1"), card_of(game, 1, "Peso V1")
    deck = game.state.players[1].deck
    for x in (weight, trick):                                # the ability card on top, a character under it
        deck.remove(x)
        deck.insert(0, x)
    game.draw(1, 1)
    game.eng.tree.resolve()
    assert zone(game, trick) == "resources"
    assert zone(game, weight) == "hand"                      # that player drew again (a character: no trigger)


# --- the turn a phase is in ("durante o turno de um oponente") ------------------------------------------------


def test_5_2_during_an_opponents_turn_is_the_turn_not_the_player() -> None:
    """"Toda vez que este personagem usar uma ação durante o turno de outro jogador": the turn is the other
    player's (the user is still this character, yours)."""
    c = char("Reativo", texts=("Toda vez que este personagem usar uma ação durante o turno de outro jogador, "
                               "compre um card.",))
    (effect,) = c.effects
    assert effect.trigger is not None and effect.trigger.turn_of is Ref.OPPONENT and effect.trigger.whose is None


# --- a scenario replaced (4.4.1 E) ------------------------------------------------------------------------------


def test_4_4_1_an_opponent_replaces_this_scenario() -> None:
    """"Se um oponente colocar um cenário em cena substituindo este cenário, ... um personagem que aquele jogador
    controla": this scenario leaves because the opponent's took its place; "aquele jogador" is that opponent."""
    c = scenario_card("Trincheira", "Se um oponente colocar um cenário em cena substituindo este cenário, compre um "
                                    "card.")
    (effect,) = c.effects
    t = effect.trigger
    assert t is not None and (t.event, t.replaced, t.whose) == ("leave_scene", True, Ref.OPPONENT)
    game = match([c, scenario_card("Meu Outro")], [scenario_card("Deles")])
    mine, other, theirs = (card_of(game, 0, "Trincheira V1"), card_of(game, 0, "Meu Outro V1"),
                           card_of(game, 1, "Deles V1"))
    scenario(game, mine)
    scenario(game, other)                                    # replaced by your own scenario: no
    assert len(draws(game)) == 0
    scenario(game, mine)
    scenario(game, theirs)
    assert len(draws(game)) == 1


def test_4_4_1_this_scenario_replaced_by_another_and_not_when_it_leaves_otherwise() -> None:
    """"Quando este cenário for substituído por um outro cenário": only a replacement, not any leaving."""
    c = scenario_card("Sede", "Quando este cenário for substituído por um outro cenário, compre um card.")
    assert c.executable
    game = match([c, scenario_card("Nova Sede")])
    s, new = card_of(game, 0, "Sede V1"), card_of(game, 0, "Nova Sede V1")
    scenario(game, s)
    game.move(s, Zone.RESOURCES)                             # leaves, not replaced
    game.eng.tree.resolve()
    assert len(draws(game)) == 0
    scenario(game, s)
    scenario(game, new)
    assert len(draws(game)) == 1


# --- windows (5.1) ----------------------------------------------------------------------------------------------


def test_5_1_windows_printed_at_the_end_of_a_leading_condition() -> None:
    """"Se este personagem tiver {SF}, durante sua Fase de Preparação, uma vez por turno, você pode ...": the
    window and the limit are the effect's; the condition stays a condition."""
    c = char("Curandeiro", texts=("Se este personagem tiver {SF}, durante sua Fase de Preparação, uma vez por turno, "
                                  "você pode escolher um card de habilidade de seus recursos e carregá-lo neste "
                                  "personagem.",))
    assert c.executable
    (effect,) = c.effects
    assert (effect.kind, effect.window, effect.whose_window, effect.limit_per_turn) == (
        EffectKind.ACTIVATED, "Fase de Preparação", "you", 1)
    load = effect.procedures[1]
    assert load.cards.ref is Ref.SLOT                        # type: ignore[attr-defined]   # "-lo": the card chosen


def test_5_1_a_condition_on_the_area_with_its_window() -> None:
    """"Se este card estiver em seus recursos durante a sua Fase de Preparação, você pode ...": activated from the
    resources, in your preparation phase."""
    c = scenario_card("Reserva", "Se este card estiver em seus recursos durante a sua Fase de Preparação, você pode "
                                 "comprar um card.")
    (effect,) = c.effects
    assert (effect.kind, effect.window, effect.zone) == (EffectKind.ACTIVATED, "Fase de Preparação", "resources")


def test_5_1_whose_turn_the_window_is_in() -> None:
    """"Durante a Fase de Compra, em seu próprio turno", "Durante a Etapa de Ataque, na Fase de Combate de seu
    turno": the window is yours; a phase that does not hold the window's step is not read."""
    a = scenario_card("Arquivo", "Durante a Fase de Compra, em seu próprio turno, você pode comprar um card.")
    b = scenario_card("Posto", "Durante a Etapa de Ataque, na Fase de Combate de seu turno, você pode comprar um "
                               "card.")
    for c, window in ((a, "Fase de Compra"), (b, "Etapa de Ataque")):
        (effect,) = c.effects
        assert (effect.kind, effect.window, effect.whose_window) == (EffectKind.ACTIVATED, window, "you")
    wrong = scenario_card("Erro", "Durante a Etapa de Ataque, na Fase de Compra de seu turno, você pode comprar um "
                                  "card.")
    assert not wrong.executable


def test_a_subject_pronoun_keeps_to_kinds_an_object_clitic_to_gender() -> None:
    """"Enquanto este personagem estiver carregando algum card de habilidade de {SF}, ele ganha Escudo +1": "ele" is
    the character, not the ability card (a clitic "-lo" would agree with "card")."""
    c = char("Blindado", texts=("Enquanto este personagem estiver carregando algum card de habilidade de {SF}, ele "
                                "ganha Escudo +1.",))
    (effect,) = c.effects
    assert effect.procedures[0].targets.ref is Ref.THIS_CHARACTER      # type: ignore[attr-defined]


# --- "aquele mesmo número de cards" after a load ----------------------------------------------------------------


def test_that_same_number_counts_the_cards_loaded_before() -> None:
    """"Você pode carregar até 2 cards de seus recursos neste personagem. Se o fizer, descarregue aquele mesmo número
    de cards deste personagem": the load writes what it loaded; the unload takes that many (not the amount of an
    event -- that reading is for replacements, 5.5)."""
    text = ("Ação: Respirar\n  Custo: {0}\n  Poder: Super Força\n  Você pode carregar até 2 cards de seus recursos "
            "neste personagem. Se o fizer, descarregue aquele mesmo número de cards deste personagem.\n")
    c = card("Habilidade: Respirar V1\nPoder: Super Força\nRaridade: Comum\n\n" + text)
    assert c.action is not None and c.action.executable
    load, unload = c.action.modes[0].procedures
    assert load.loaded                                                    # type: ignore[attr-defined]
    q = unload.amount                                                     # type: ignore[attr-defined]
    assert q.x is not None and q.x.what is not None and q.x.what.slot == load.loaded   # type: ignore[attr-defined]


def test_an_extra_cost_on_the_target_is_not_read() -> None:
    """4.6.2: the extra costs are paid before the targets are chosen -- a cost that loads "o personagem alvo" cannot
    be paid as printed."""
    text = ("Ação: Empurrar\n  Custo: {0}\n  Poder: Super Força\n  Carregue um card no personagem alvo: Descarregue "
            "um card daquele personagem.\n")
    c = card("Habilidade: Empurrar V1\nPoder: Super Força\nRaridade: Comum\n\n" + text)
    assert c.action is not None and not c.action.executable


# --- a player searches (8 B) ------------------------------------------------------------------------------------


def test_a_player_searches_their_own_deck() -> None:
    """"Toda vez que um oponente procurar em seu deck por um card de personagem, aquele jogador compra um card": the
    engine's search event, the areas searched, the cards looked for; "aquele jogador" is the one who searched."""
    watch = char("Olheiro", texts=("Toda vez que um oponente procurar em seu deck por um card de personagem, "
                                   "aquele jogador compra um card.",))
    (effect,) = watch.effects
    t = effect.trigger
    assert t is not None and (t.event, t.origin) == ("search", "deck") and t.subject is not None
    assert t.subject.ref is Ref.OPPONENT
    seeker = scenario_card("Busca", "Quando este cenário entrar em cena, procure em seu deck por um card de "
                                    "personagem, revele-o, coloque-o em sua mão e embaralhe o seu deck.")
    game = match([watch], [seeker, char("Achado")], a=Eager(), b=Eager())
    enter(game, card_of(game, 0, "Olheiro V1"), 2)
    scenario(game, card_of(game, 1, "Busca V1"))
    assert zone(game, card_of(game, 1, "Achado V1")) == "hand"
    assert [d["owner"] for d in draws(game)] == [1]          # the opponent who searched draws
