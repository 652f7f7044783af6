"""Effects that change what the rules allow (session 6, cluster "rules"): our own short card texts, lowered and run
on a small match."""

from __future__ import annotations

from cardscript.compiler.ir import (
    Allow,
    CardDef,
    ChangeAction,
    ChangeStage,
    CountdownAsIfNone,
    Damage,
    Duration,
    EffectKind,
    Filter,
    ForceTarget,
    Gain,
    Generate,
    Kind,
    Ref,
    Restrict,
    Rule,
    Selector,
    SetCost,
    SetEvolution,
)
from cardscript.games.battle_scenes.runtime.actions import action_context, legal_actions
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.queries import (
    action_cost,
    action_types,
    must_be_targeted,
    placement_allowed,
)
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import activatable, activate, at, card_of, energy, enter, fillers, match, use, zone
from tests.engine_helpers import card, pick, punch
from tests.engine_helpers import own_character as char

MENTOR = card("""Personagem: Mentor V1
Alinhamento: Herói
Energia inicial: 2
Escudo: 0

Texto permanente:
  Todas as ações de personagens chamados Aprendiz que você controla têm custo {1} e são ações imprevistas.
  Se um personagem controlado por um oponente usar uma ação que tenha um personagem chamado Aprendiz que """
                """você controla como alvo, você pode incapacitar aquele Aprendiz em {1}. Se o fizer, ele causa 1 """
                """ponto de dano naquele personagem.
""")


def test_5_4_a_plural_predicate_after_e_keeps_the_subject_of_the_one_before() -> None:
    """"As ações de X têm custo {1} e são ações imprevistas": "são" (third person plural, never an imperative)
    agrees with the subject said before "e" -- one static with both changes (4.6.1: cost and types are
    characteristics of the action)."""
    (static, _trig) = MENTOR.effects
    assert static.kind is EffectKind.STATIC
    cost, types = static.procedures
    assert isinstance(cost, SetCost) and cost.value == 1
    assert isinstance(types, ChangeAction) and types.unforeseen and not types.anticipate
    assert types.actions is not None and types.actions.filters == cost.action_filters
    pupil = char("Aprendiz", action=punch("Golpe", cost=2))
    game = match([MENTOR, pupil])
    m, p = card_of(game, 0, "Mentor V1"), card_of(game, 0, "Aprendiz V1")
    enter(game, p, 2)
    pa = game.cards[p].action
    assert pa is not None and action_cost(game, pa, user=p, holder=p) == 2
    assert action_types(game, p, pa) == (False, False)
    enter(game, m, 2)
    assert action_cost(game, pa, user=p, holder=p) == 1
    assert action_types(game, p, pa) == (False, True)


def test_9_a_demonstrative_with_a_name_is_the_participant_so_named() -> None:
    """"... usar uma ação que tenha um personagem chamado Aprendiz ... como alvo, ... aquele Aprendiz": the name
    picks the action's target (not the event's subject, which a bare "aquele personagem" names)."""
    (_static, trig) = MENTOR.effects
    stage, damage = trig.procedures
    assert isinstance(stage, ChangeStage) and stage.targets.slot == "event:target"
    assert isinstance(damage, Damage) and damage.source.slot == "event:target"
    assert damage.targets.slot == "event:subject"


SENTINEL = card("""Personagem: Sentinela V1
Alinhamento: Herói
Afiliações: Guarda
Energia inicial: 2
Escudo: 0

Texto permanente:
  Enquanto você controlar somente personagens com a afiliação Guarda, você pode colocar cards do topo de seu """
                """próprio deck em seus recursos em sua própria Fase de Contagem Regressiva como se você não """
                """controlasse nenhum personagem.
""")


def _placed(game: Match, player: int) -> int:
    before = len(game.state.players[player].resources)
    game.eng.countdown(player)
    return len(game.state.players[player].resources) - before


def test_6_2_A_only_a_player_with_no_character_places_cards_in_the_countdown() -> None:
    """6.2 A ("If you do not control any character in the scene: place one card ...; one more for each character
    controlled by your opponent; one more for each card in your opponent's prizes")."""
    game = match([char("Solitário")], [char("Rival")])
    enter(game, card_of(game, 1, "Rival V1"), 2)
    assert _placed(game, 0) == 1 + 1
    enter(game, card_of(game, 0, "Solitário V1"), 2)
    assert _placed(game, 0) == 0 and _placed(game, 1) == 0


def test_6_2_A_a_static_lets_its_controller_place_as_if_they_controlled_no_character() -> None:
    """"você pode colocar cards do topo de seu próprio deck em seus recursos em sua própria Fase de Contagem
    Regressiva como se você não controlasse nenhum personagem": the phase's placing, by the rule's number, while
    the condition holds; the player chooses ("pode")."""
    (static,) = SENTINEL.effects
    (proc,) = static.procedures
    assert static.kind is EffectKind.STATIC and static.condition is not None
    assert isinstance(proc, CountdownAsIfNone) and proc.who.ref is Ref.YOU and proc.optional
    game = match([SENTINEL, char("Intruso")], [char("Rival")])
    s = card_of(game, 0, "Sentinela V1")
    enter(game, s, 2)
    enter(game, card_of(game, 1, "Rival V1"), 2)
    assert _placed(game, 0) == 1 + 1                                    # as if: 1 + the opponent's character
    assert _placed(game, 1) == 0                                        # only its controller
    game.agents[0].answers["optional"] = [pick("no")]
    assert _placed(game, 0) == 0                                        # "pode": declined
    enter(game, card_of(game, 0, "Intruso V1"), 2)                      # not only Guarda characters any more
    assert _placed(game, 0) == 0


def test_6_2_A_a_resolved_effect_makes_a_players_next_countdown_as_if_they_had_no_character() -> None:
    """"A próxima Fase de Contagem Regressiva do jogador alvo é executada como se aquele jogador não controlasse
    nenhum personagem": the passive of "executar" with the phase as subject; that player's next phase only."""
    wave = card("""Habilidade: Onda Entrópica V1
Poder: Super Força

Ação: Onda Entrópica
  Custo: {0}
  Poder: Super Força
  A próxima Fase de Contagem Regressiva do jogador alvo é executada como se aquele jogador não controlasse """
                """nenhum personagem.
""")
    assert wave.action is not None
    (mode,) = wave.action.modes
    (proc,) = mode.procedures
    assert isinstance(proc, CountdownAsIfNone) and proc.who.ref is Ref.TARGET and not proc.optional
    (target,) = wave.action.targets
    assert target.kind is Kind.PLAYER
    for bad in ("A Fase de Contagem Regressiva do jogador alvo é executada como se aquele jogador não controlasse "
                "nenhum personagem.",                                            # which one? not said
                "A próxima Fase de Compra do jogador alvo é executada como se aquele jogador não controlasse "
                "nenhum personagem."):                                           # no such rule there
        other = card(f"Habilidade: Onda V1\nPoder: Super Força\n\nAção: Onda\n  Custo: {{0}}\n  Poder: Super Força\n"
                     f"  {bad}\n")
        assert other.action is not None and not other.action.executable


def test_4_4_2_only_after_the_subject_and_a_requirement_read_from_the_hand() -> None:
    """"Este suporte só pode ser colocado em cena se você controlar um herói": "só" between the subject and the
    verb is the verb's (prohibited unless the condition holds); the card's own requirement is checked while it is
    still in the hand (4.4.2). "Seus oponentes executam a Fase de Contagem Regressiva como se não tivessem nenhum
    personagem em cena": a static on each of their phases (6.2 A), the hypothesis' subject left out."""
    beacon = card("""Suporte: Farol V1
Energia inicial: 1
Escudo: 0

Texto permanente:
  Este suporte só pode ser colocado em cena se você controlar um herói.
  Seus oponentes executam a Fase de Contagem Regressiva como se não tivessem nenhum personagem em cena.
""")
    needs, countdown = beacon.effects
    (restrict,) = needs.procedures
    assert isinstance(restrict, Restrict) and restrict.what == "put_in_scene" and restrict.subject is not None
    assert restrict.subject.ref is Ref.THIS_CARD and needs.condition is not None and needs.condition.negated
    (proc,) = countdown.procedures
    assert countdown.kind is EffectKind.STATIC and isinstance(proc, CountdownAsIfNone)
    assert proc.who.ref is Ref.OPPONENT and not proc.optional
    game = match([beacon, char("Herói")], [char("Rival")])
    b = card_of(game, 0, "Farol V1")
    game.move(b, Zone.HAND)
    for c in fillers(game, 0)[:3]:
        game.move(c, Zone.RESOURCES)
    assert not game.eng.can_place(0, b)
    enter(game, card_of(game, 0, "Herói V1"), 2)
    assert game.eng.can_place(0, b)
    enter(game, card_of(game, 1, "Rival V1"), 2)
    enter(game, b, 1)
    assert _placed(game, 1) == 1 + 1 and _placed(game, 0) == 0


def test_4_6_2_B_every_option_of_an_action_instead_of_one() -> None:
    """"você pode usar todos os efeitos da ação X, ao invés de apenas um": a static (``Rule`` all_modes) under its
    condition; the action's user's controller may then take every option, in order (or decline: one option)."""
    double = card("""Habilidade: Golpe Duplo V1
Poder: Super Força

Texto permanente:
  Se você controlar um personagem com {VO}, você pode usar todos os efeitos da ação Golpe Duplo, ao invés de """
                  """apenas um.

Ação: Golpe Duplo
  Custo: {0}
  Poder: Super Força
  Golpe Duplo causa 1 ponto de dano no alvo, ou incapacite o alvo em {1}.
""")
    (static,) = double.effects
    (rule,) = static.procedures
    assert isinstance(rule, Rule) and rule.rule == "all_modes" and rule.value == "Golpe Duplo"
    assert static.kind is EffectKind.STATIC and static.condition is not None
    for answer, expected in (("yes", (3 - 1, 1)), ("no", (3 - 1, 2))):
        game = match([char("Voador", powers="Super Força, Voo"), double], [char("Alvo")])
        user, skill, target = card_of(game, 0, "Voador V1"), card_of(game, 0, "Golpe Duplo V1"), card_of(game, 1,
                                                                                                          "Alvo V1")
        enter(game, user, 2, carried=[skill])
        enter(game, target, 3)
        game.state.scene[target].stage = 2
        game.agents[0].answers["optional"] = [pick(answer)]
        at(game, "combat", "attack")
        use(game, user, "Golpe Duplo")
        game.eng.tree.resolve()
        assert (len(game.state.scene[target].carried), game.state.scene[target].stage) == expected


def test_4_6_2_B_every_option_applied_when_its_character_uses_it() -> None:
    """"Se <estado>, ao usar a ação X, aplique todos os seus efeitos ao invés de apenas um": a static (``Rule``
    all_modes, not optional, bound to this character) under its condition -- the character's use of X runs every
    option, in order, with no question; with the condition false, the option is chosen (4.6.2 B)."""
    mad = card("""Personagem: Cientista Louco V1
Alinhamento: Vilão
Poderes: Genialidade
Energia inicial: 5
Escudo: 0

Texto permanente:
  Se este personagem estiver carregando um card de habilidade de {GE}, ao usar a ação Ensaio, aplique todos os """
               """seus efeitos ao invés de apenas um.

Ação: Ensaio
  Custo: {1}
  Poder: Genialidade
  Ensaio causa 1 ponto de dano no alvo, ou compre 1 card.
""")
    skill = card("""Habilidade: Ideia V1
Poder: Genialidade

Ação: Ideia
  Poder: Genialidade
  Compre 1 card.
""")
    (static,) = mad.effects
    (rule,) = static.procedures
    assert isinstance(rule, Rule) and rule.rule == "all_modes" and rule.value == "Ensaio" and not rule.optional
    assert rule.subject is not None and rule.subject.ref is Ref.THIS_CHARACTER and static.condition is not None
    for carried, expected in ((True, (1, 1)), (False, (0, 1))):
        game = match([mad, skill], [char("Alvo")])
        user, target = card_of(game, 0, "Cientista Louco V1"), card_of(game, 1, "Alvo V1")
        enter(game, user, 3, carried=[card_of(game, 0, "Ideia V1")] if carried else [])
        enter(game, target, 3)
        hand = len(game.state.players[0].hand)
        game.agents[0].answers["mode"] = [[1]]                 # the second option: the draw
        at(game, "combat", "attack")
        use(game, user, "Ensaio")
        game.eng.tree.resolve()
        damage = 3 - len(game.state.scene[target].carried)
        assert (damage, len(game.state.players[0].hand) - hand) == expected
        assert ("mode" in game.agents[0].answers and game.agents[0].answers["mode"] == []) is not carried


def test_4_6_2_D_each_player_only_uses_actions_of_the_affiliation_it_chose() -> None:
    """"cada um dos jogadores escolhe uma afiliação. Até o final do turno, cada jogador só pode usar ações de
    personagens que sejam da afiliação escolhida por ele": a prohibition (``Restrict`` use_action) on the actions
    of every character but those of the affiliation its own controller chose (``chosen_by_controller``)."""
    judge = card("""Personagem: Juiz V1
Alinhamento: Herói
Afiliações: Guarda
Poderes: Super Força
Energia inicial: 3
Escudo: 0

Texto permanente:
  Quando este personagem entrar em cena, cada um dos jogadores escolhe uma afiliação. Até o final do turno, cada """
                 """jogador só pode usar ações de personagens que sejam da afiliação escolhida por ele.
""")
    (trig,) = judge.effects
    made = trig.procedures[-1]
    assert isinstance(made, Generate)
    (restrict,) = made.effect.procedures
    assert isinstance(restrict, Restrict) and restrict.what == "use_action" and restrict.subject is None
    (users,) = restrict.action_filters
    assert isinstance(users.value, Selector) and users.value.excluding is not None
    assert [f.op for f in users.value.excluding.filters] == ["chosen_by_controller"]
    guard, patrol = (char(n, affiliations=a, action=punch("Soco " + n)) for n, a in (("Guarda", "Guarda"),
                                                                                     ("Patrulha", "Ronda")))
    game = match([judge, guard, patrol], [guard, patrol])
    game.agents[0].answers["choose_affiliation"] = [pick("Ronda")]
    game.agents[1].answers["choose_affiliation"] = [pick("Guarda")]
    mine = [card_of(game, 0, t) for t in ("Guarda V1", "Patrulha V1")]
    theirs = [card_of(game, 1, t) for t in ("Guarda V1", "Patrulha V1")]
    for c in (*mine, *theirs):
        enter(game, c, 2)
    enter(game, card_of(game, 0, "Juiz V1"), 2)
    at(game, "combat", "attack")
    assert {u.user for u in legal_actions(game.eng, 0, "attack")} == {mine[1]}      # A chose Ronda
    at(game, "combat", "attack", turn_player=1)
    assert {u.user for u in legal_actions(game.eng, 1, "attack")} == {theirs[0]}    # B chose Guarda


def test_7_a_gained_keyword_with_parameters_is_its_meaning_filled_in() -> None:
    """"este personagem ganha Liderar {1} - afiliação Guarda" while the condition holds: the prelude's meaning of
    Liderar with N = 1 and the affiliation (5.6), an activated effect the engine offers the character; a keyword
    whose meaning is not an activated effect, or a gain for a time, stays not executable."""
    captain = card("""Personagem: Capitão da Guarda V1
Alinhamento: Herói
Afiliações: Guarda
Energia inicial: 2
Escudo: 0

Texto permanente:
  Enquanto você controlar dois ou mais personagens com a afiliação Guarda, este personagem ganha Liderar {1} - """
                   """afiliação Guarda.
""")
    (static,) = captain.effects
    (gain,) = static.procedures
    assert isinstance(gain, Gain) and gain.keywords == ("Liderar",)
    (meaning,) = gain.keyword_effects
    assert meaning.kind is EffectKind.ACTIVATED and meaning.limit_per_turn == 1 and meaning.from_keyword == "Liderar"
    game = match([captain, char("Guarda", affiliations="Guarda")])
    c, g = card_of(game, 0, "Capitão da Guarda V1"), card_of(game, 0, "Guarda V1")
    enter(game, c, 2)
    at(game, "preparation")
    assert not activatable(game, c)
    enter(game, g, 2)
    game.state.scene[g].stage = 0
    game.agents[0].answers["target"] = [lambda d: [d.options.index(game.name(g))]]
    activate(game, c)
    assert game.state.scene[g].stage == 1 and not activatable(game, c)
    timed = card("""Personagem: Capitão V1
Alinhamento: Herói
Energia inicial: 2
Escudo: 0

Texto permanente:
  Quando este personagem entrar em cena, ele ganha Liderar {1} - afiliação Guarda até o final do turno.
""")
    assert not timed.executable


def test_4_6_2_C_2_carried_ability_cards_used_without_their_powers() -> None:
    """"Cada um dos personagens com a afiliação Guarda que você controla pode usar ações dos cards de habilidade que
    estiver carregando, mesmo que não tenha os poderes daquelas ações": a static waiving C.2 for the actions of the
    ability cards those characters carry (``Allow`` use_without_power)."""
    text = ("Suporte: Arsenal V1\nEnergia inicial: 1\nEscudo: 0\n\nTexto permanente:\n  Cada um dos personagens com a "
            "afiliação Guarda que você controla pode usar ações dos cards de habilidade que estiver carregando{}.\n")
    arsenal = card(text.format(", mesmo que não tenha os poderes daquelas ações"))
    (static,) = arsenal.effects
    (allow,) = static.procedures
    assert isinstance(allow, Allow) and allow.what == "use_without_power" and allow.subject is not None
    assert Filter("affiliation", "has", "Guarda") in allow.subject.filters
    assert not card(text.format("")).executable                  # without the concession: not this permission


def test_4_4_2_1_A_4_a_permission_for_the_turn_after_the_trigger_is_not_a_placing_now() -> None:
    """"Quando este personagem entrar em cena, até o final do turno, você pode colocar em cena um personagem com o
    mesmo alter ego de um outro personagem com a afiliação Guarda que você controla": the duration after the event
    is the effect's (a permanent trigger has none of its own); "até o final do turno, você pode colocar em cena" is
    a permission for the turn (``Allow`` scene_identity); "outro" is another than this character -- the card
    compared is the one to be placed, so it cannot mean "another than the one compared" as in other comparisons
    (the official ruling 1 of Selene V1: her effect never allows a copy of herself)."""
    warden = card("""Personagem: Carcereiro V1
Alinhamento: Herói
Afiliações: Guarda
Energia inicial: 1
Escudo: 0

Texto permanente:
  Quando este personagem entrar em cena, até o final do turno, você pode colocar em cena um personagem com o """
                  """mesmo alter ego de um outro personagem com a afiliação Guarda que você controla.
""")
    (trig,) = warden.effects
    (allow,) = trig.procedures
    assert trig.kind is EffectKind.TRIGGERED and isinstance(allow, Allow) and allow.what == "scene_identity"
    assert allow.duration is Duration.END_OF_TURN and not allow.optional and allow.subject is not None
    (shares,) = [f for f in allow.subject.filters if f.op == "shares"]
    assert isinstance(shares.value, Selector) and shares.value.excluding is not None
    assert shares.value.excluding.ref is Ref.THIS_CHARACTER
    assert Filter("affiliation", "has", "Guarda") in shares.value.filters


def test_4_4_2_1_A_4b_a_permission_for_one_character_is_spent_by_it() -> None:
    """The permission above lets ONE character of an alter ego already controlled enter (the official ruling 1 of
    Selene V1): once a copy of one Guarda character entered, a copy of another may not; nor a copy of the
    character whose entry gave the permission."""
    def guard(name: str, ego: str) -> CardDef:
        return card(f"Personagem: {name}\nAlter ego: {ego}\nAlinhamento: Herói\nAfiliações: Guarda\n"
                    "Energia inicial: 1\nEscudo: 0\n")
    warden = card("""Personagem: Carcereiro V1
Alter ego: Carcereiro
Alinhamento: Herói
Afiliações: Guarda
Energia inicial: 1
Escudo: 0

Texto permanente:
  Quando este personagem entrar em cena, até o final do turno, você pode colocar em cena um personagem com o """
                  """mesmo alter ego de um outro personagem com a afiliação Guarda que você controla.
""")
    deck = [warden, warden, guard("Vigia V1", "Vigia"), guard("Vigia V2", "Vigia"), guard("Sentinela V1", "Sentinela"),
            guard("Sentinela V2", "Sentinela")]
    game = match(deck)
    w, w2 = card_of(game, 0, "Carcereiro V1"), card_of(game, 0, "Carcereiro V1", 1)
    v1, v2 = card_of(game, 0, "Vigia V1"), card_of(game, 0, "Vigia V2")
    s1, s2 = card_of(game, 0, "Sentinela V1"), card_of(game, 0, "Sentinela V2")
    enter(game, v1, 1)
    enter(game, s1, 1)
    for c in (w2, v2, s2):
        game.move(c, Zone.HAND)
    at(game, "preparation")
    assert not placement_allowed(game, 0, v2) and not placement_allowed(game, 0, s2)
    enter(game, w, 1)                               # its entry: the permission for the turn
    assert placement_allowed(game, 0, v2) and placement_allowed(game, 0, s2)
    assert not placement_allowed(game, 0, w2)       # not for a copy of itself
    enter(game, v2, 1)
    assert not placement_allowed(game, 0, s2)       # spent by the one character it let in


def test_a_comparison_after_coordinated_heads_takes_its_ao_de() -> None:
    """"um personagem com nome ou alter ego igual ao de um personagem com a afiliação Guarda": "igual" on the second
    of the coordinated heads still takes "ao de ..." (the comparison's other term), in a trigger's event too."""
    keeper = card("""Personagem: Arquivista V1
Alinhamento: Herói
Energia inicial: 2
Escudo: 0

Texto permanente:
  Toda vez que você colocar em cena um personagem com nome ou alter ego igual ao de um personagem com a """
                  """afiliação Guarda, você pode capacitar este personagem em {1}.
""")
    (trig,) = keeper.effects
    assert keeper.executable and trig.trigger is not None and trig.trigger.subject is not None
    (shares,) = [f for f in trig.trigger.subject.filters if f.op == "shares"]
    assert shares.field == "name_or_alter_ego" and isinstance(shares.value, Selector)
    assert Filter("affiliation", "has", "Guarda") in shares.value.filters


def test_4_4_2_2_A_2a_a_static_sets_an_ev_cards_requirement() -> None:
    """"O requisito para você colocar em cena um Personagem-EV chamado Titã será Qualquer personagem ao invés de
    Personagem herói": while the static works, any character you control since the start of the turn is a base."""
    lab = card("""Cenário: Laboratório V1

Texto permanente:
  O requisito para você colocar em cena um Personagem-EV chamado Titã será Qualquer personagem ao invés de """
               """Personagem herói.
""")
    (static,) = lab.effects
    (proc,) = static.procedures
    assert static.kind is EffectKind.STATIC and isinstance(proc, SetEvolution)
    assert Filter("name", "eq", "Titã") in proc.cards.filters and proc.requirement.kind is Kind.CHARACTER
    assert not proc.requirement.filters


def test_a_condition_on_the_turns_loads_this_card_loaded_onto_this_character_this_turn() -> None:
    """"... se ela tiver sido carregada neste personagem neste turno": the turn's record of the cards loaded and
    where (by effects and on entering the scene, 4.4.2.1 A.3), cleared at the end of the turn."""
    hidden = card("""Habilidade: Golpe Oculto V1
Poder: Super Força

Ação: Golpe Oculto
  Custo: {0}
  Poder: Super Força
  Golpe Oculto causa 2 pontos de dano no alvo se ela tiver sido carregada neste personagem neste turno.
""")
    assert hidden.executable
    for loaded_now, expected in ((True, 3 - 2), (False, 3)):
        game = match([char("Lutador"), hidden], [char("Alvo")])
        user, skill, target = card_of(game, 0, "Lutador V1"), card_of(game, 0, "Golpe Oculto V1"), card_of(
            game, 1, "Alvo V1")
        enter(game, user, 2)
        enter(game, target, 3)
        game.move(skill, Zone.RESOURCES)
        game.load(skill, user)
        if not loaded_now:
            game.state.this_turn.loaded_onto.clear()              # loaded in an earlier turn
        at(game, "combat", "attack")
        use(game, user, "Golpe Oculto")
        game.eng.tree.resolve()
        assert len(game.state.scene[target].carried) == expected


def test_a_cost_compared_with_the_stage_a_character_is_at() -> None:
    """"ações com custo igual ao estágio de capacitação em que este personagem (Nome) se encontra": the cost equals
    that character's stage when the filter is read (``eq_stage``); the parenthesis only names the subject."""
    text = ("Personagem: Pêndulo V1\nAlinhamento: Herói\nEnergia inicial: 2\nEscudo: 0\n\nTexto permanente:\n  "
            "Os personagens de seus oponentes não podem usar ações com custo igual ao estágio de capacitação em que "
            "este personagem (Pêndulo) se encontra.\n")
    pendulum = card(text)
    (static,) = pendulum.effects
    (restrict,) = static.procedures
    assert isinstance(restrict, Restrict) and restrict.what == "use_action"
    (flt,) = [f for f in restrict.action_filters if f.field == "cost"]
    assert flt.op == "eq_stage" and isinstance(flt.value, Selector) and flt.value.ref is Ref.THIS_CHARACTER


def test_4_6_2_B_the_option_after_ou_may_leave_out_the_destination_it_repeats() -> None:
    """"X causa 1 ponto de dano no alvo, ou X causa 3 pontos de dano se ...": the second option's destination is the
    first's (left out after "ou"); a clause not right after "ou" still needs its own."""
    def action(text: str) -> CardDef:
        return card(f"Personagem: Duelista V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 2\n"
                    f"Escudo: 0\n\nAção: Estocada\n  Custo: {{0}}\n  Poder: Super Força\n  {text}\n")

    d = action("Estocada causa 1 ponto de dano no alvo, ou Estocada causa 3 pontos de dano se este personagem estiver "
               "no estágio {2}.")
    assert d.action is not None and len(d.action.modes) == 2
    second = d.action.modes[1].procedures[0]
    assert isinstance(second, Damage) and second.targets.ref is Ref.TARGET and second.amount.fixed == 3
    assert not action("Estocada causa 1 ponto de dano no alvo. Estocada causa 3 pontos de dano.").executable


PORTAL = card("""Cenário: Portal Gêmeo V1

Texto permanente:
  Você pode colocar em cena um personagem com o mesmo alter ego de um personagem que seu oponente controla. Se o """
              """fizer, coloque este cenário em sua mão.
  Se este card estiver em seus recursos, você pode colocar em cena um personagem com o mesmo alter ego de um """
              """personagem que seu oponente controla. Se o fizer, coloque este card na base de seu deck.
""")


def test_4_4_2_1_A_4b_a_permanent_you_may_place_a_lookalike_is_a_permission_and_its_if_done_a_consequence() -> None:
    """A permanent "Você pode colocar em cena um personagem com o mesmo alter ego de um personagem que seu oponente
    controla. Se o fizer, ..." with no trigger nor window places nothing now: it lifts 4.4.2.1 A.4b for such a
    character (``Allow`` scene_identity, working where the card is: the scene; the resources with "Se este card
    estiver em seus recursos"), and "Se o fizer" is what a placing that uses it does (``Allow.then``)."""
    in_scene, in_resources = PORTAL.effects
    assert PORTAL.executable
    for effect in (in_scene, in_resources):
        (allow,) = effect.procedures
        assert effect.kind is EffectKind.STATIC and isinstance(allow, Allow) and allow.what == "scene_identity"
        assert allow.subject is not None and not allow.subject.zone and len(allow.then) == 1
    assert in_scene.zone in ("", "scene") and in_resources.zone == "resources"


def test_4_4_2_1_A_3_a_permission_used_by_a_placing_acts_after_the_count_and_before_the_loading() -> None:
    """4.4.2.1 A.1 counts the resources with the permission's card among them; using the permission (the second of
    an alter ego the player already controls, sharing it with the opponent's) moves that card before the
    character is loaded (4.4.2.2 A.3), which then takes every card left; without the opponent's lookalike the
    permission does not apply and A.4b refuses the second copy."""
    twin = char("Gêmeo", alter_ego="Duplo", ie=3)
    game = match([PORTAL, twin, twin], [char("Sósia", alter_ego="Duplo")])
    portal, t1, t2 = card_of(game, 0, "Portal Gêmeo V1"), card_of(game, 0, "Gêmeo V1"), card_of(game, 0, "Gêmeo V1", 1)
    rival = card_of(game, 1, "Sósia V1")
    enter(game, t1, 2)
    game.move(t2, Zone.HAND)
    game.move(portal, Zone.RESOURCES)
    for c in fillers(game, 0)[:2]:
        game.move(c, Zone.RESOURCES)
    at(game, "preparation")
    assert not game.eng.can_place(0, t2)                  # no lookalike of the opponent's: A.4b holds
    enter(game, rival, 2)
    assert game.eng.can_place(0, t2)                      # 3 cards counted, the Portal among them
    game.eng.place(0, t2)
    assert zone(game, t2) == "scene" and energy(game, t2) == 2    # the Portal left first: two cards loaded
    assert game.state.players[0].deck[-1] == portal
    assert not game.state.players[0].resources


ARCHER = card("""Personagem: Arqueira V1
Alinhamento: Herói
Poderes: Voo
Energia inicial: 3
Escudo: 0

Texto permanente:
  Este personagem pode usar ações de {VO} como ações de antecipar. O custo de incapacitação de cada ação usada """
              """dessa forma será {2}.

Ação: Rasante
  Custo: {1}
  Poder: Voo
  Rasante causa 1 ponto de dano no alvo.
""")
DIVE = card("""Habilidade: Mergulho V1
Poder: Voo

Ação: Mergulho
  Custo: {0}
  Poder: Voo
  Tipo: Ação de Antecipar
  Mergulho causa 1 ponto de dano no alvo.
""")


def test_4_6_2_C_5_an_action_used_as_another_type_this_way_has_the_cost_said_in_that_window_only() -> None:
    """"pode usar ações de {VO} como ações de antecipar. O custo de incapacitação de cada ação usada dessa forma será
    {2}": "dessa forma" is the type change before it; an action used as an Antecipar action it is not printed as
    (in the opponent's Etapa de Antecipação) costs {2}; in the player's own Etapa de Ataque it keeps its printed
    cost, and an action printed as Antecipar keeps its own in either (4.6.2 E.1)."""
    assert ARCHER.executable
    game = match([ARCHER, DIVE], [char("Alvo")])
    a, d = card_of(game, 0, "Arqueira V1"), card_of(game, 0, "Mergulho V1")
    enter(game, a, 2, carried=[d])
    swoop, dive = ARCHER.action, DIVE.action
    assert swoop is not None and dive is not None
    at(game, "combat", "anticipation", turn_player=1)
    assert action_cost(game, swoop, user=a, holder=a) == 2
    assert action_cost(game, dive, user=a, holder=d) == 0
    at(game, "combat", "attack")
    assert action_cost(game, swoop, user=a, holder=a) == 1


DECOY = card("""Suporte: Isca V1
Energia inicial: 2
Escudo: 0

Texto permanente:
  Enquanto um oponente estiver escolhendo os alvos de uma ação que cause dano usada por um personagem vilão """
             """que ele controla, se aquela ação puder ter este suporte como alvo, aquele oponente deve escolher """
             """este suporte como um dos alvos daquela ação.
""")


def test_4_6_2_F_2_1_while_an_opponent_chooses_the_targets_of_such_an_action_this_must_be_one() -> None:
    """"Enquanto um oponente estiver escolhendo os alvos de uma ação que cause dano usada por um personagem vilão que
    ele controla, se aquela ação puder ter este suporte como alvo, aquele oponente deve escolher este suporte como um
    dos alvos daquela ação": a ``ForceTarget`` of this support for the opponents' damage actions used by villains
    (the "se ... puder ter ... como alvo" is F.2.2, which forcing checks itself); a hero's action, or one that
    causes no damage, chooses freely."""
    (static,) = DECOY.effects
    (force,) = static.procedures
    assert DECOY.executable and static.kind is EffectKind.STATIC and static.condition is None
    assert isinstance(force, ForceTarget) and force.by is Ref.OPPONENT and force.subject.ref is Ref.THIS_CARD
    fields = {f.field for f in force.action_filters}
    assert fields == {"damaging", "user"}
    villain = char("Vilão", alignment="Vilão", action=punch("Soco", cost=1))
    hero = char("Herói", action=punch("Golpe", cost=1))
    game = match([DECOY, char("Alvo")], [villain, hero])
    decoy, target = card_of(game, 0, "Isca V1"), card_of(game, 0, "Alvo V1")
    v, h = card_of(game, 1, "Vilão V1"), card_of(game, 1, "Herói V1")
    for c in (decoy, target, v, h):
        enter(game, c, 2)
    at(game, "combat", "attack", turn_player=1)
    uses = {u.user: u for u in legal_actions(game.eng, 1, "attack")}
    assert must_be_targeted(game, action_context(game.eng, uses[v])) == [decoy]   # the villain's punch
    assert must_be_targeted(game, action_context(game.eng, uses[h])) == []        # the hero's chooses freely
    use(game, v, "Soco")
    assert energy(game, decoy) == 1 and energy(game, target) == 2


SEER = card("""Personagem: Vidente V1
Alinhamento: Herói
Poderes: Magia
Energia inicial: 3
Escudo: 0

Texto permanente:
  Toda vez que você revelar um ou mais cards de cenário com a Clarividência de uma ação deste personagem, """
            """coloque um daqueles cards de cenário em cena. Aquele card não será colocado no topo de seu deck """
            """devido à Clarividência.

Ação: Visão
  Custo: {1}
  Poder: Magia
  Clarividência 2 - Visão causa 1 ponto de dano no alvo.
""")
PLACE = card("""Cenário: Lugar Revelado V1
""")


def test_7_clarividencia_a_reveal_by_this_characters_action_triggers_and_the_scenario_taken_stays_out() -> None:
    """"Toda vez que você revelar um ou mais cards de cenário com a Clarividência de uma ação deste personagem, coloque
    um daqueles cards de cenário em cena. Aquele card não será colocado no topo de seu deck devido à Clarividência":
    the reveal event of an action with Clarividência used by this character, the scenarios among the revealed cards
    in ``event:cards`` ("aqueles cards de cenário", not "uma ação" said after them); the scenario put in the scene
    left the cards set aside, so the keyword's end does not return it (the last sentence says what follows)."""
    (trig,) = SEER.effects
    assert SEER.executable and trig.kind is EffectKind.TRIGGERED and trig.trigger is not None
    assert trig.trigger.event == "reveal" and Filter("keyword", "has", "Clarividência") in trig.trigger.action_filters
    (put,) = trig.procedures
    (slot,) = put.cards.union
    assert slot.slot == "event:cards"
    game = match([SEER, PLACE], [char("Alvo")])
    s, p = card_of(game, 0, "Vidente V1"), card_of(game, 0, "Lugar Revelado V1")
    t = card_of(game, 1, "Alvo V1")
    enter(game, s, 2)
    enter(game, t, 2)
    deck = game.state.players[0].deck
    deck.remove(p)
    deck.insert(0, p)                                      # on top: the Clarividência sets it aside
    at(game, "combat", "attack")
    use(game, s, "Visão")
    assert game.state.scenario == p
