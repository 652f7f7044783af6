"""Events and conditions that read the turn's record (session 5, cluster "events"): an action used this turn as a
condition ("se outra ação chamada X tiver sido usada neste turno"), damage received this turn from an action of ...
("se ele já tiver recebido dano de outra ação de {SF} neste turno"), a character knocking out another with one of
its actions ("Se este personagem nocautear um personagem ao usar a ação X, ..."), each checked in the IR and on the
engine. The card texts are our own."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Condition, Damage, Kind, Redirect, Ref, Replace, Selector, Unload
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.state import CardId
from tests.corpus_play import Eager, at, calcs, card_of, enter, match, scenario, stage, usable, use, zone
from tests.engine_helpers import card, own_character


def _dealt(game: Match) -> list[tuple[CardId, int]]:
    return [(c["card"], c["amount"]) for c in calcs(game) if c["amount"]]


def _mode_conditions(d: CardDef) -> list[Condition | None]:
    assert d.action is not None
    return [next(p for p in m.procedures if isinstance(p, Damage)).condition for m in d.action.modes]


# ---------------------------------------------------------------------------------------------------------------
# an action used this turn (4.6.2 H: used before its effect resolves; TurnMemory.uses)

GUST = ("Ação: Rajada\n  Custo: {0}\n  Poder: Voo\n  Rajada causa 1 ponto de dano no alvo, ou Rajada causa 2 pontos de "
        "dano no alvo se outra ação chamada Rajada tiver sido usada neste turno.\n")


def test_another_action_named_x_used_this_turn_is_an_action_used_condition() -> None:
    d = own_character("Ventania", powers="Voo", action=GUST)
    assert d.executable
    cond = _mode_conditions(d)[1]
    assert cond is not None and cond.kind == "action_used" and cond.value == "other"
    assert cond.subject is not None and [(f.field, f.value) for f in cond.subject.filters] == [("name", "Rajada")]


def test_another_action_named_x_counts_another_cards_action_not_its_own_use() -> None:
    """The first use of Rajada, in its second option, finds no other Rajada used this turn (its own use does not
    count): no damage. A second character's Rajada then finds the first one's: 2 damage."""
    a = own_character("Ventania", powers="Voo", action=GUST)
    b = own_character("Tufão", powers="Voo", action=GUST)
    t = own_character("Alvo", ie=6)
    game = match([a, b], [t], a=Eager({"mode": [lambda d: [1], lambda d: [1]]}))
    x, y, z = card_of(game, 0, "Ventania V1"), card_of(game, 0, "Tufão V1"), card_of(game, 1, "Alvo V1")
    for c in (x, y, z):
        enter(game, c, 4)
    at(game, "combat", "attack")
    use(game, x, "Rajada")
    assert _dealt(game) == []
    use(game, y, "Rajada")
    assert _dealt(game) == [(z, 2)]


def test_an_action_used_with_no_other_inside_an_action_is_reported() -> None:
    text = GUST.replace("outra ação", "uma ação")
    d = own_character("Ventania", powers="Voo", action=text)
    assert not d.executable


# ---------------------------------------------------------------------------------------------------------------
# damage received this turn from an action of ... (4.8.1; TurnMemory.damaged_from)

BEAT = ("Ação: Surra\n  Custo: {0}\n  Poder: Super Força\n  Surra causa 1 ponto de dano no alvo, ou Surra causa 3 "
        "pontos de dano no alvo se ele já tiver recebido dano de outra ação de {SF} neste turno.\n")
PACK = ("Ação: Matilha\n  Custo: {0}\n  Poder: Super Força\n  Matilha causa 1 ponto de dano no personagem alvo, ou "
        "Matilha causa 3 pontos de dano no personagem alvo se aquele personagem tiver recebido dano de uma ação de "
        "um outro personagem com a afiliação Vingadores neste turno.\n")


def _hit(name: str, power: str = "Super Força") -> str:
    return f"Ação: {name}\n  Custo: {{0}}\n  Poder: {power}\n  {name} causa 1 ponto de dano no alvo.\n"


def test_damage_from_another_action_of_a_power_is_a_damaged_from_filter_on_the_target() -> None:
    d = own_character("Brutamontes", action=BEAT)
    assert d.executable
    cond = _mode_conditions(d)[1]
    assert cond is not None and cond.kind == "is" and cond.subject is not None
    assert cond.subject.ref is Ref.TARGET                        # "ele": the target, not the action named before
    (f,) = cond.subject.filters
    assert f.field == "damaged_from" and isinstance(f.value, Selector)
    assert [(g.field, g.value) for g in f.value.filters] == [("power", "SF")]
    assert f.value.excluding is not None and f.value.excluding.ref is Ref.THIS_ACTION


def _beat_game(first_power: str) -> tuple[Match, CardId, CardId, CardId]:
    a = own_character("Socador", powers="Super Força, Voo", action=_hit("Soco", first_power))
    b = own_character("Brutamontes", action=BEAT)
    t = own_character("Alvo", ie=8)
    game = match([a, b], [t], a=Eager({"mode": [lambda d: [1]]}))
    x, y, z = card_of(game, 0, "Socador V1"), card_of(game, 0, "Brutamontes V1"), card_of(game, 1, "Alvo V1")
    for c in (x, y, z):
        enter(game, c, 4)
    at(game, "combat", "attack")
    use(game, x, "Soco")
    return game, x, y, z


def test_damage_from_another_action_of_sf_this_turn_makes_the_second_option_deal_3() -> None:
    game, _, y, z = _beat_game("Super Força")
    use(game, y, "Surra")
    assert _dealt(game) == [(z, 1), (z, 3)]


def test_damage_from_an_action_of_another_power_does_not_count() -> None:
    game, _, y, z = _beat_game("Voo")
    use(game, y, "Surra")
    assert _dealt(game) == [(z, 1)]


def test_damage_from_an_action_of_another_character_with_an_affiliation() -> None:
    """The user of the earlier action is described as a card: "um outro personagem com a afiliação Vingadores"."""
    for affiliation, second in (("Vingadores", 3), ("X-Men", 0)):
        a = own_character("Aliado", affiliations=affiliation, action=_hit("Soco"))
        b = own_character("Lobo", affiliations="Vingadores", action=PACK)
        t = own_character("Alvo", ie=8)
        assert b.executable
        game = match([a, b], [t], a=Eager({"mode": [lambda d: [1]]}))
        x, y, z = card_of(game, 0, "Aliado V1"), card_of(game, 0, "Lobo V1"), card_of(game, 1, "Alvo V1")
        for c in (x, y, z):
            enter(game, c, 4)
        at(game, "combat", "attack")
        use(game, x, "Soco")
        use(game, y, "Matilha")
        assert _dealt(game) == [(z, 1)] + ([(z, second)] if second else [])


def test_damage_from_an_action_of_this_character_itself_is_reported() -> None:
    text = PACK.replace("um outro personagem", "um personagem")
    assert not own_character("Lobo", affiliations="Vingadores", action=text).executable


# ---------------------------------------------------------------------------------------------------------------
# a character knocking out another with its action (4.7; the knocked_out event's user and action)

HORN = ("Personagem: Touro V1\nAlinhamento: Vilão\nPoderes: Super Força\nEnergia inicial: 5\nEscudo: 0\n\n"
        "Texto permanente:\n  Se este personagem nocautear um personagem ao usar a ação Chifrada, capacite este "
        "personagem em {1} e este personagem pode usar a ação Chifrada outra vez neste turno.\n\n"
        "Ação: Chifrada\n  Custo: {1}\n  Poder: Super Força\n  Chifrada causa 2 pontos de dano no alvo.\n")


def test_knocking_out_with_an_action_is_a_knocked_out_event_with_its_user_and_action() -> None:
    d = card(HORN)
    assert d.executable
    (trig,) = [e for e in d.effects if e.trigger is not None]
    assert trig.trigger is not None and trig.trigger.event == "knocked_out"
    assert trig.trigger.source is not None and trig.trigger.source.ref is Ref.THIS_CHARACTER
    assert [(f.field, f.value) for f in trig.trigger.action_filters] == [("name", "Chifrada")]


def _horn_game(victim_energy: int) -> tuple[Match, CardId, CardId]:
    game = match([card(HORN)], [own_character("Alvo", ie=9)])
    x, t = card_of(game, 0, "Touro V1"), card_of(game, 1, "Alvo V1")
    enter(game, x, 4)
    enter(game, t, victim_energy)
    game.state.scene[x].stage = 1
    at(game, "combat", "attack")
    use(game, x, "Chifrada")
    return game, x, t


def test_knocking_out_with_the_action_capacitates_and_allows_it_again() -> None:
    game, x, t = _horn_game(2)
    assert zone(game, t) == "prizes"
    assert stage(game, x) == 1                       # paid {1} (stage 0), then capacitated by {1}
    assert usable(game, x, "Chifrada")


def test_not_knocking_out_fires_nothing() -> None:
    game, x, t = _horn_game(3)
    assert zone(game, t) == "scene" and stage(game, x) == 0
    assert not usable(game, x, "Chifrada")


def test_knocking_out_without_saying_how_is_reported() -> None:
    assert not card(HORN.replace(" ao usar a ação Chifrada", "")).executable


# ---------------------------------------------------------------------------------------------------------------
# "Se <state> e <event>, ...": the event triggers (5.2), the state is the condition checked when it resolves

RIPOSTE = ("Personagem: Esgrimista V1\nAlinhamento: Herói\nPoderes: Lâminas\nEnergia inicial: 6\nEscudo: 0\n\n"
           "Texto permanente:\n  Se este personagem tiver {LA} e receber dano de uma ação que tenha ele como alvo, "
           "ele causa 1 ponto de dano penetrante no personagem que usou aquela ação.\n")


def test_state_and_event_lead_is_a_trigger_with_a_condition() -> None:
    d = card(RIPOSTE)
    assert d.executable
    (trig,) = d.effects
    assert trig.trigger is not None and trig.trigger.event == "damage"
    assert trig.trigger.source is not None and trig.trigger.source.kind is Kind.ACTION
    (hit,) = trig.procedures
    assert isinstance(hit, Damage) and hit.condition is not None and hit.condition.kind == "is"
    assert hit.targets.slot == "event:user" and hit.piercing


def test_state_and_event_lead_fires_on_damage_from_an_action_targeting_it() -> None:
    """The damage of an action that has it as a target (the event's action, with its targets) fires it: 1 piercing
    damage back to that action's user."""
    game = match([card(RIPOSTE)], [own_character("Atacante", ie=5, action=_hit("Soco"))], turn_player=1)
    x, y = card_of(game, 0, "Esgrimista V1"), card_of(game, 1, "Atacante V1")
    enter(game, x, 4)
    enter(game, y, 4)
    at(game, "combat", "attack", turn_player=1)
    use(game, y, "Soco")
    assert _dealt(game) == [(x, 1), (y, 1)]


def test_state_and_event_lead_with_the_state_false_does_nothing() -> None:
    game = match([card(RIPOSTE.replace("Poderes: Lâminas", "Poderes: Voo"))],
                 [own_character("Atacante", ie=5, action=_hit("Soco"))], turn_player=1)
    x, y = card_of(game, 0, "Esgrimista V1"), card_of(game, 1, "Atacante V1")
    enter(game, x, 4)
    enter(game, y, 4)
    at(game, "combat", "attack", turn_player=1)
    use(game, y, "Soco")
    assert _dealt(game) == [(x, 1)]


# ---------------------------------------------------------------------------------------------------------------
# "for incapacitado por uma ação de ...": the stage changed by that action's effect; "os cards ... dele": a carrier

DODGE = ("Habilidade: Esquivar V1\nPoder: Agilidade\n\nTexto permanente:\n  Se o personagem que estiver carregando "
         "este card tiver {AG} e for incapacitado por uma ação de um personagem controlado por um oponente, "
         "capacite-o em {1} e então descarregue todos os cards de habilidade chamados Esquivar dele.\n")
SAP = "Ação: Dreno\n  Custo: {0}\n  Poder: Super Força\n  Incapacite o alvo em {1}.\n"


def test_incapacitated_by_an_action_is_a_stage_event_with_the_action_as_source() -> None:
    d = card(DODGE)
    assert d.executable
    (trig,) = d.effects
    assert trig.trigger is not None and trig.trigger.event == "incapacitate"
    assert trig.trigger.source is not None and trig.trigger.source.kind is Kind.ACTION
    unload = trig.procedures[1]
    assert isinstance(unload, Unload) and unload.cards.of is not None
    assert unload.cards.of.slot == "event:subject"          # "dele": the carrier, not the opponent


def test_incapacitated_by_an_opponents_action_capacitates_and_unloads_the_card() -> None:
    dodge = card(DODGE)
    carrier = own_character("Ágil", powers="Agilidade")
    game = match([carrier, dodge], [own_character("Sugador", action=SAP)], turn_player=1)
    x, s, y = card_of(game, 0, "Ágil V1"), card_of(game, 0, "Esquivar V1"), card_of(game, 1, "Sugador V1")
    enter(game, x, 3, carried=[s])
    enter(game, y, 3)
    game.state.scene[x].stage = 1
    at(game, "combat", "attack", turn_player=1)
    use(game, y, "Dreno")
    assert stage(game, x) == 1 and zone(game, s) == "resources"


def test_incapacitated_by_a_cost_does_not_fire() -> None:
    """Paying an action's cost ({1}: the user's own stage, 4.6.2 E) is no action's effect incapacitating it."""
    dodge = card(DODGE)
    carrier = own_character("Ágil", powers="Agilidade, Super Força", action=SAP.replace("{0}", "{1}"))
    game = match([carrier, dodge], [own_character("Alvo")])
    x, s, t = card_of(game, 0, "Ágil V1"), card_of(game, 0, "Esquivar V1"), card_of(game, 1, "Alvo V1")
    enter(game, x, 3, carried=[s])
    enter(game, t, 3)
    game.state.scene[x].stage = 1
    at(game, "combat", "attack")
    use(game, x, "Dreno")
    assert stage(game, x) == 0 and zone(game, s) == "carried"


# ---------------------------------------------------------------------------------------------------------------
# "N ou mais personagens com alguma afiliação em comum entre si" / "que tenham uma afiliação em comum": a group

GATHER = ("Cenário: Reunião V1\n\nTexto permanente:\n  Quando este cenário entrar em cena, compre um card. Se você "
          "controlar dois ou mais personagens com alguma afiliação em comum entre si, você pode comprar mais dois "
          "cards.\n")
MEET = ("Cenário: Encontro V1\n\nTexto permanente:\n  Quando este cenário entrar em cena, se você controlar dois ou "
        "mais personagens heróis que tenham uma afiliação em comum, compre um card.\n")


def test_an_affiliation_in_common_among_a_group_is_a_share_condition() -> None:
    for text in (GATHER, MEET):
        d = card(text)
        assert d.executable
        cond = d.effects[0].procedures[-1].condition
        assert cond is not None and cond.kind == "share" and cond.value == "affiliation:2"


def _drawn_on_entering(text: str, first: str, second: str) -> int:
    a = own_character("Primeiro", affiliations=first)
    b = own_character("Segundo", affiliations=second)
    game = match([a, b, card(text)])
    for name in ("Primeiro V1", "Segundo V1"):
        enter(game, card_of(game, 0, name), 2)
    before = len(game.state.players[0].hand)
    scenario(game, card_of(game, 0, text.split("\n")[0].split(": ")[1]))
    return len(game.state.players[0].hand) - before


def test_an_affiliation_in_common_on_the_engine() -> None:
    assert _drawn_on_entering(GATHER, "Vingadores, X-Men", "X-Men") == 3
    assert _drawn_on_entering(GATHER, "Vingadores", "X-Men") == 1
    assert _drawn_on_entering(MEET, "Vingadores", "Vingadores") == 1
    assert _drawn_on_entering(MEET, "Vingadores", "X-Men") == 0


def test_an_affiliation_in_common_for_one_is_reported() -> None:
    assert not card(MEET.replace("dois ou mais personagens heróis que tenham", "um personagem herói que tenha")
                    ).executable


# ---------------------------------------------------------------------------------------------------------------
# "Toda vez que X receber dano [de uma ação], redirecione aquele dano para Y" (4.8.3.1 E, 5.3): in the calculation

SHIELDING = ("Suporte: Escudeiro V1\nEnergia inicial: 3\nEscudo: 0\n\nTexto permanente:\n  Toda vez que um "
             "personagem que você controla receber dano de uma ação, você pode redirecionar aquele dano para este "
             "suporte.\n")


def test_a_redirect_on_receiving_damage_is_a_damage_replacement_of_that_source() -> None:
    d = card(SHIELDING)
    assert d.executable
    (eff,) = d.effects
    (rep,) = eff.procedures
    assert eff.kind.value == "replacement" and isinstance(rep, Replace) and rep.event == "damage"
    assert rep.source is not None and rep.source.kind is Kind.ACTION
    assert isinstance(rep.instead[0], Redirect) and rep.instead[0].optional


def test_a_redirect_on_receiving_damage_sends_the_actions_damage_to_the_support() -> None:
    """Before: a triggered effect whose redirect the engine never ran. Now the damage goes to the support."""
    game = match([own_character("Protegido"), card(SHIELDING)], [own_character("Atacante", action=_hit("Soco"))],
                 turn_player=1)
    x, s, y = card_of(game, 0, "Protegido V1"), card_of(game, 0, "Escudeiro V1"), card_of(game, 1, "Atacante V1")
    enter(game, x, 3)
    enter(game, s, 3)
    enter(game, y, 3)
    at(game, "combat", "attack", turn_player=1)
    use(game, y, "Soco")
    assert len(game.state.scene[x].carried) == 3 and len(game.state.scene[s].carried) == 2


def test_a_redirect_during_a_phase_of_the_other_players_turn_only_then() -> None:
    for phase, redirected in (("Combate", True), ("Preparação", False)):
        text = SHIELDING.replace("receber dano de uma ação, você pode redirecionar", f"receber dano durante a Fase "
                                 f"de {phase} do turno de outro jogador, redirecione")
        d = card(text)
        assert d.executable
        (rep,) = d.effects[0].procedures
        assert isinstance(rep, Replace) and rep.condition is not None and rep.condition.kind == "now"
        game = match([own_character("Protegido"), d], [own_character("Atacante", action=_hit("Soco"))],
                     turn_player=1)
        x, s, y = card_of(game, 0, "Protegido V1"), card_of(game, 0, "Escudeiro V1"), card_of(game, 1, "Atacante V1")
        for c in (x, s, y):
            enter(game, c, 3)
        at(game, "combat", "attack", turn_player=1)
        use(game, y, "Soco")
        assert (len(game.state.scene[x].carried), len(game.state.scene[s].carried)) == (
            (3, 2) if redirected else (2, 3))


# ---------------------------------------------------------------------------------------------------------------
# a relative whose gap is the subject of "entrar em cena" is about a card, never a player (frames: subject "thing")


def test_a_relative_about_entering_the_scene_skips_a_player_for_its_antecedent() -> None:
    text = ("Suporte: Barreira V1\nEnergia inicial: 3\nEscudo: 0\n\nTexto permanente:\n  Quando um personagem que "
            "você controla receber dano de um personagem controlado por um oponente que entrou em cena neste turno, "
            "aquele dano torna-se 0.\n")
    d = card(text)
    assert d.executable
    (mod,) = d.effects[0].procedures
    assert mod.source is not None                                    # type: ignore[attr-defined]
    assert [(f.field, f.value) for f in mod.source.filters] == [     # type: ignore[attr-defined]
        ("controller", "opponent"), ("entered_this_turn", "true")]


# ---------------------------------------------------------------------------------------------------------------
# "a fonte daquele dano" in a damage modifier's condition: the damage's source (4.8.5), ``event:source``

SHREWD = ("Personagem: Astuto V1\nAlinhamento: Herói\nPoderes: Genialidade\nEnergia inicial: 6\nEscudo: 0\n\n"
          "Texto permanente:\n  Toda vez que este personagem fosse receber dano durante a Fase de Combate de outro "
          "jogador, se a fonte daquele dano não for um personagem com {GE}, aquele dano torna-se 0.\n")


def test_the_source_of_that_damage_is_the_event_source_slot() -> None:
    d = card(SHREWD)
    assert d.executable
    cond = d.effects[0].procedures[0].condition
    assert cond is not None and cond.negated and cond.subject is not None
    assert cond.subject.slot == "event:source"


def test_the_source_of_that_damage_on_the_engine() -> None:
    """An action's source is the character that used it: one with {GE} deals its damage, another none."""
    for powers, expected in (("Super Força", [0]), ("Genialidade, Super Força", [1])):
        game = match([card(SHREWD)], [own_character("Atacante", powers=powers, action=_hit("Soco"))], turn_player=1)
        x, y = card_of(game, 0, "Astuto V1"), card_of(game, 1, "Atacante V1")
        enter(game, x, 3)
        enter(game, y, 3)
        at(game, "combat", "attack", turn_player=1)
        use(game, y, "Soco")
        assert [c["amount"] for c in calcs(game) if c["card"] == x] == expected


def test_the_source_of_a_damage_no_event_names_is_reported() -> None:
    text = SHREWD.replace("Toda vez que este personagem fosse receber dano durante a Fase de Combate de outro "
                          "jogador, se", "Durante sua Fase de Preparação, se")
    assert not card(text).executable


# ---------------------------------------------------------------------------------------------------------------
# "o personagem que estava carregando este card" after its unloading: ``event:onto``; "não tiver sido nocauteado"

RELOAD = ("Habilidade: Retorno V1\nPoder: Regeneração\n\nTexto permanente:\n  Quando este card for descarregado, se "
          "o personagem que estava carregando este card não tiver sido nocauteado, compre um card.\n")


def test_the_character_that_was_carrying_this_card_is_the_unloads_carrier() -> None:
    d = card(RELOAD)
    assert d.executable
    cond = d.effects[0].procedures[0].condition
    assert cond is not None and cond.negated and cond.subject is not None
    assert cond.subject.slot == "event:onto"
    assert [(f.field, f.value) for f in cond.subject.filters] == [("knocked_out_this_turn", "true")]


def test_a_past_carrier_outside_an_unload_trigger_is_reported() -> None:
    assert not card(RELOAD.replace("Quando este card for descarregado", "Quando este card for carregado")).executable
