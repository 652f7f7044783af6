"""Rules 7 "Outras Palavras-Chave" and the glossary: keywords whose meanings are activated or triggered effects
(cardscript/games/battle_scenes/prelude/*.kw), played on the engine: Liderar, Atrasar, Potencializar, Aprimoramento,
Item Mágico,
Metamorfo, Ataque-Surpresa, Antecipação-Surpresa, Espionar, Predador."""

from __future__ import annotations

import pytest

from cardscript.compiler.ir import CardDef, EffectKind
from cardscript.games.battle_scenes.runtime.library import load_library
from cardscript.games.battle_scenes.runtime.match import Match, new_match
from cardscript.games.battle_scenes.runtime.state import CardId, Zone
from tests.engine_helpers import Script, card, ids, pick


@pytest.fixture(scope="module")
def library() -> dict[str, CardDef]:
    return load_library()


def char(name: str, *, affiliations: str = "", ie: int = 3, alter_ego: str = "", extra: str = "",
         action: str = "") -> CardDef:
    head = f"Personagem: {name} V1\nAlter ego: {alter_ego or name}\nAlinhamento: Herói\n"
    if affiliations:
        head += f"Afiliações: {affiliations}\n"
    head += f"Poderes: Super Força\nEnergia inicial: {ie}\nEscudo: 0\n"
    if extra:
        head += f"\nTexto permanente:\n  {extra}\n"
    if action:
        head += f"\n{action}"
    return card(head)


FILL = CardDef("Filler V1", "Filler", 1, "Habilidade", power="SF")


def match(deck_a: list[CardDef], deck_b: list[CardDef] | None = None, a: Script | None = None,
          b: Script | None = None) -> Match:
    game = new_match([*deck_a, *[FILL] * 30], [*(deck_b or []), *[FILL] * 30], [a or Script(), b or Script()],
                     seed=3, check=True, setup=False)
    game.state.turn = 2
    game.state.turn_player = 0
    return game


def enter(game: Match, card_id: CardId, n: int = 2) -> None:
    """In the scene since an earlier turn, loaded with ``n`` filler cards of its owner's deck."""
    owner = game.state.owner[card_id]
    load = [c for c in game.state.players[owner].deck if game.cards[c].title == "Filler V1"][:n]
    game.enter_scene(card_id, owner, load)
    game.state.scene[card_id].entered_turn = 0
    game.eng.tree.resolve()                         # its entry triggers, if any


def plays(game: Match, player: int = 0) -> list[str]:
    return [p.label for p in game.eng.preparation_plays(player)]


def activations(game: Match, keyword: str, player: int = 0, window: str = "preparation") -> list[tuple[int, int]]:
    return [(c, i) for c, i, e in game.eng.activatable(player, window) if e.from_keyword == keyword]


def activate(game: Match, keyword: str, player: int = 0, window: str = "preparation") -> None:
    for c, i, e in game.eng.activatable(player, window):
        if e.from_keyword == keyword:
            game.eng.activate(player, c, i, e)
            return
    raise AssertionError(f"{keyword} cannot be activated")


def keyword_effects(definition: CardDef, keyword: str) -> list[object]:
    return [e for e in definition.effects if e.from_keyword == keyword]


def assert_executable(definition: CardDef, keyword: str, kind: EffectKind) -> None:
    effects = [e for e in definition.effects if e.from_keyword == keyword]
    assert effects and all(e.executable and e.kind is kind for e in effects), effects


# ---------------------------------------------------------------------------------------------------------------
# Liderar


def test_7_liderar_capacitates_a_character_with_the_characteristic_once_per_turn(
        library: dict[str, CardDef]) -> None:
    """Liderar {1} - afiliação Vingadores (Mansão dos Vingadores V1): during your Preparation Phase, once per turn,
    capacitate in {1} a character you control with the affiliation; not one without it, not twice a turn."""
    mansao = library["Mansão dos Vingadores V1"]
    assert_executable(mansao, "Liderar", EffectKind.ACTIVATED)
    avenger, other = char("Vingador", affiliations="Vingadores"), char("Outro", affiliations="X-Men")
    a = Script()
    game = match([mansao, avenger, other], a=a)
    m, v, o = ids(game, 0, "Mansão dos Vingadores V1")[0], ids(game, 0, "Vingador V1")[0], ids(game, 0, "Outro V1")[0]
    for c in (m, v, o):
        enter(game, c)
    game.incapacitate(v, 1)
    game.incapacitate(o, 1)
    assert any(p.startswith("activate Mansão dos Vingadores") for p in plays(game))
    activate(game, "Liderar")
    target_choices = [d for d in a.seen if d.kind == "target"]
    assert all(game.name(o) not in d.options for d in target_choices)       # the wrong characteristic
    assert game.state.scene[v].stage == 1 and game.state.scene[o].stage == 0
    assert activations(game, "Liderar") == []                               # once per turn
    game.eng.end_of_turn()
    assert activations(game, "Liderar") != []                               # reset at the Final do Turno (6.2)
    assert activations(game, "Liderar", window="attack") == []               # only in the Preparation Phase


def test_7_liderar_not_in_the_opponents_turn_nor_out_of_the_scene(library: dict[str, CardDef]) -> None:
    mansao = library["Mansão dos Vingadores V1"]
    game = match([mansao, char("Vingador", affiliations="Vingadores")])
    m = ids(game, 0, "Mansão dos Vingadores V1")[0]
    game.move(m, Zone.RESOURCES)
    assert activations(game, "Liderar") == []                               # in the resources: not in the scene
    enter(game, m)
    assert activations(game, "Liderar", player=1) == []                     # the opponent does not control it


# ---------------------------------------------------------------------------------------------------------------
# Atrasar


def test_7_atrasar_incapacitates_any_character_with_the_characteristic_once_per_turn(
        library: dict[str, CardDef]) -> None:
    """Atrasar {1} - personagem sem a afiliação Thunderbolts (Zeus V1): incapacitate in {1} a character -- any
    controller's (glossary) -- without the affiliation, once per turn."""
    zeus = library["Zeus V1"]
    assert_executable(zeus, "Atrasar", EffectKind.ACTIVATED)
    a = Script({"target": [pick("Inimigo")]})
    game = match([zeus, char("Raio", affiliations="Thunderbolts"), char("Amigo", affiliations="X-Men")],
                 [char("Inimigo", affiliations="X-Men")], a=a)
    z, r, e = ids(game, 0, "Zeus V1")[0], ids(game, 0, "Raio V1")[0], ids(game, 1, "Inimigo V1")[0]
    f = ids(game, 0, "Amigo V1")[0]
    for c in (z, r, e, f):
        enter(game, c)
    activate(game, "Atrasar")
    assert game.state.scene[e].stage == 0 and game.state.scene[r].stage == 1
    choice = next(d for d in a.seen if d.kind == "target")
    assert set(choice.options) == {game.name(e), game.name(f)}             # not Raio (Thunderbolts), not Zeus
    assert activations(game, "Atrasar") == []


# ---------------------------------------------------------------------------------------------------------------
# Item Mágico


AMULETO = """Habilidade: Amuleto V1
Poder: Magia

Texto permanente:
  Item Mágico.
  Este personagem ganha Escudo +1.
"""


def test_7_item_magico_loads_itself_from_the_resources_in_the_preparation_phase() -> None:
    """Item Mágico: during your Preparation Phase, you may load this card from your resources onto a character
    you control; if you do, unload a card from that character. Activated from the resources only (not from the
    hand, not in the Attack Step)."""
    amuleto = card(AMULETO)
    assert_executable(amuleto, "Item Mágico", EffectKind.ACTIVATED)
    a = Script({"target": [pick("Mago")]})
    game = match([amuleto, amuleto, char("Mago"), char("Outro")], a=a)
    am1, am2 = ids(game, 0, "Amuleto V1")
    mago, outro = ids(game, 0, "Mago V1")[0], ids(game, 0, "Outro V1")[0]
    enter(game, mago)
    enter(game, outro)
    game.move(am2, Zone.HAND)
    assert activations(game, "Item Mágico") == []                           # in the hand: not from there
    game.move(am1, Zone.RESOURCES)
    assert [c for c, _ in activations(game, "Item Mágico")] == [am1]
    assert activations(game, "Item Mágico", window="attack") == []
    before = list(game.state.scene[mago].carried)
    activate(game, "Item Mágico")
    carried = game.state.scene[mago].carried
    assert am1 in carried and len(carried) == len(before)                   # loaded, then one card unloaded
    assert len(game.state.scene[outro].carried) == 2
    unloaded = next(c for c in before if c not in carried)
    assert unloaded in game.state.players[0].resources
    assert activations(game, "Item Mágico") == []                           # carried now: no longer activatable


# ---------------------------------------------------------------------------------------------------------------
# Aprimoramento


def test_7_aprimoramento_loads_a_same_alter_ego_character_card_once_per_turn(library: dict[str, CardDef]) -> None:
    """Aprimoramento (Ultron-14 V1): during your Preparation Phase, once per turn, load onto this character a
    character card from your resources with its alter ego; if you do, unload a card from it. A card of another
    alter ego is not offered."""
    ultron = library["Ultron-14 V1"]
    assert_executable(ultron, "Aprimoramento", EffectKind.ACTIVATED)
    other_ultron = char("Ultron-5", alter_ego="Ultron")
    stranger = char("Visão")
    a = Script()
    game = match([ultron, other_ultron, other_ultron, stranger], a=a)
    u = ids(game, 0, "Ultron-14 V1")[0]
    u5a, u5b = ids(game, 0, "Ultron-5 V1")
    v = ids(game, 0, "Visão V1")[0]
    enter(game, u)
    for c in (u5a, v):
        game.move(c, Zone.RESOURCES)
    before = list(game.state.scene[u].carried)
    activate(game, "Aprimoramento")
    carried = game.state.scene[u].carried
    assert u5a in carried and v not in carried and len(carried) == len(before)
    assert not any(game.name(v) in d.options for d in a.seen)               # another alter ego: not offered
    game.move(u5b, Zone.RESOURCES)
    assert activations(game, "Aprimoramento") == []                          # once per turn


# ---------------------------------------------------------------------------------------------------------------
# Ataque-Surpresa, Antecipação-Surpresa: triggered from the hand (5.2.1)


GOLPE = """Habilidade: Golpe Súbito V1
Poder: Super Força

Texto permanente:
  Ataque-Surpresa.
"""


def _step_starts(game: Match, step: str, turn_player: int) -> None:
    s = game.state
    s.turn_player, s.phase, s.step = turn_player, "combat", step
    s.active_player = turn_player if step == "attack" else 1 - turn_player
    game.emit("phase_start", phase="combat", step=step, player=turn_player, turn=s.turn)
    game.eng.tree.resolve()


def test_7_ataque_surpresa_loads_from_the_hand_at_the_start_of_your_attack_step() -> None:
    """Ataque-Surpresa: at the start of the Attack Step of your turn, if this card is in your hand, you may reveal
    it; if you do, load it onto a character you control and unload a card from that character. Not in the
    opponent's turn, not from the resources."""
    golpe = card(GOLPE)
    assert_executable(golpe, "Ataque-Surpresa", EffectKind.TRIGGERED)
    game = match([golpe, golpe, char("Herói")])
    g1, g2 = ids(game, 0, "Golpe Súbito V1")
    h = ids(game, 0, "Herói V1")[0]
    enter(game, h)
    game.move(g1, Zone.HAND)
    game.move(g2, Zone.RESOURCES)
    _step_starts(game, "attack", turn_player=1)                              # the opponent's turn: nothing
    assert g1 in game.state.players[0].hand
    _step_starts(game, "anticipation", turn_player=0)                        # another step: nothing
    assert g1 in game.state.players[0].hand
    _step_starts(game, "attack", turn_player=0)
    carried = game.state.scene[h].carried
    assert g1 in carried and len(carried) == 2 and g2 in game.state.players[0].resources
    assert any(e.kind == "reveal" and e.data.get("cards") == [g1] for e in game.log.events)


def test_7_ataque_surpresa_declined_stays_in_the_hand() -> None:
    a = Script({"optional": [[1]]})                                          # "no": not revealed
    game = match([card(GOLPE), char("Herói")], a=a)
    g, h = ids(game, 0, "Golpe Súbito V1")[0], ids(game, 0, "Herói V1")[0]
    enter(game, h)
    game.move(g, Zone.HAND)
    _step_starts(game, "attack", turn_player=0)
    assert g in game.state.players[0].hand and len(game.state.scene[h].carried) == 2


def test_7_antecipacao_surpresa_loads_from_the_hand_at_the_start_of_the_opponents_anticipation_step(
        library: dict[str, CardDef]) -> None:
    """Antecipação-Surpresa (Multiplicação de DNA V1): at the start of the Anticipation Step of an opponent's turn,
    from the hand; not in your own turn's."""
    dna = library["Multiplicação de Dna V1"]
    assert_executable(dna, "Antecipação-Surpresa", EffectKind.TRIGGERED)
    game = match([dna, char("Herói")])
    d, h = ids(game, 0, "Multiplicação de Dna V1")[0], ids(game, 0, "Herói V1")[0]
    enter(game, h)
    game.move(d, Zone.HAND)
    _step_starts(game, "anticipation", turn_player=0)                        # your own turn: nothing
    assert d in game.state.players[0].hand
    _step_starts(game, "anticipation", turn_player=1)
    assert d in game.state.scene[h].carried and len(game.state.scene[h].carried) == 2


# ---------------------------------------------------------------------------------------------------------------
# Espionar


ESPIAO = "Espionar."


def test_7_espionar_draws_a_card_when_put_in_the_prizes() -> None:
    """Espionar: when this card is put in an opponent's prizes (the Prêmios do Oponente area, from any area:
    knocked out, or moved there), you may draw a card. Moving it elsewhere draws nothing."""
    spy = char("Espiã", extra=ESPIAO, ie=2)
    assert_executable(spy, "Espionar", EffectKind.TRIGGERED)
    game = match([spy, spy, spy])
    s1, s2, s3 = ids(game, 0, "Espiã V1")

    def draws() -> int:
        return sum(1 for e in game.log.events if e.kind == "move" and e.data.get("reason") == "draw")

    enter(game, s1, 1)
    game.knock_out(s1)
    game.eng.tree.resolve()
    assert s1 in game.state.players[0].prizes and draws() == 1
    game.move(s2, Zone.RESOURCES)                                            # not the prizes: nothing
    game.eng.tree.resolve()
    assert draws() == 1
    game.move(s3, Zone.PRIZES)                                               # from the deck, straight there
    game.eng.tree.resolve()
    assert draws() == 2


# ---------------------------------------------------------------------------------------------------------------
# Predador


def _use(game: Match, user: CardId, name: str) -> None:
    from cardscript.games.battle_scenes.runtime.actions import legal_actions, use_action

    use = next(u for u in legal_actions(game.eng, game.state.owner[user], "attack")
               if u.user == user and u.action.name == name)
    use_action(game.eng, use)


PREDADOR_ACTION = """Ação: Mordida
  Custo: {0}
  Poder: Super Força
  Mordida causa 1 ponto de dano no alvo. Mordida causa 1 ponto de dano no alvo.
"""


def test_7_predador_loads_a_card_once_per_action_that_damages_an_opponents_character() -> None:
    """Predador: each time an action of this character damages one or more characters you do not control, you
    may load a card from your resources onto it -- only the first time that action damages such a character."""
    hunter = char("Caçadora", extra="Predador.", action=PREDADOR_ACTION)
    assert_executable(hunter, "Predador", EffectKind.TRIGGERED)
    a = Script({"target": [pick("Presa")]})
    game = match([hunter], [char("Presa", ie=5)], a=a)
    h, prey = ids(game, 0, "Caçadora V1")[0], ids(game, 1, "Presa V1")[0]
    enter(game, h)
    enter(game, prey, 5)
    game.mill_to_resources(0, 3)
    game.state.step = "attack"
    _use(game, h, "Mordida")
    assert len(game.state.scene[prey].carried) == 3                          # damaged twice by the one action
    assert len(game.state.scene[h].carried) == 3                             # ... Predador loaded one card only


def test_7_predador_not_for_your_own_characters() -> None:
    hunter = char("Caçadora", extra="Predador.", action=PREDADOR_ACTION)
    a = Script({"target": [pick("Aliado"), pick("Aliado")]})
    game = match([hunter, char("Aliado", ie=5)], a=a)
    h, ally = ids(game, 0, "Caçadora V1")[0], ids(game, 0, "Aliado V1")[0]
    enter(game, h)
    enter(game, ally, 4)
    game.mill_to_resources(0, 3)
    game.state.step = "attack"
    _use(game, h, "Mordida")
    assert len(game.state.scene[ally].carried) == 2 and len(game.state.scene[h].carried) == 2


# ---------------------------------------------------------------------------------------------------------------
# Potencializar


POTENCIALIZAR = "Potencializar {1} - afiliação Vingadores."
MARTELO = """Ação: Martelo
  Custo: {0}
  Poder: Super Força
  Martelo causa 1 ponto de dano no alvo. Martelo causa 1 ponto de dano no alvo.
"""


def _potencializar_game(a: Script) -> tuple[Match, dict[str, CardId]]:
    capita = char("Capitã", affiliations="Vingadores", extra=POTENCIALIZAR)
    vespa = char("Vespa", affiliations="Vingadores", extra=POTENCIALIZAR)
    thor = char("Thor", affiliations="Vingadores", action=MARTELO)
    mutante = char("Mutante", affiliations="X-Men", action=MARTELO)
    hulk = char("Hulk", affiliations="Vingadores")
    game = match([capita, vespa, thor, mutante, hulk], [char("Inimigo", ie=5), char("Outro Inimigo", ie=5)], a=a)
    cards = {t: ids(game, p, f"{t} V1")[0] for p, t in ((0, "Capitã"), (0, "Vespa"), (0, "Thor"), (0, "Mutante"),
                                                        (0, "Hulk"), (1, "Inimigo"), (1, "Outro Inimigo"))}
    for t, c in cards.items():
        enter(game, c, 5 if "Inimigo" in t else 2)
    game.mill_to_resources(0, 3)
    game.state.phase, game.state.step = "combat", "attack"
    return game, cards


def test_7_potencializar_adds_n_to_each_target_of_the_next_damaging_action_only() -> None:
    """Potencializar {1} - afiliação Vingadores: during your Attack Step (offered as a play of the step, 5.1), once
    per turn, choose ANOTHER character with the characteristic (not the potencializing card itself, not one without
    it); the next action that character uses this turn that causes damage causes +1 on each of its targets -- once
    per target, though Martelo damages its target twice -- and the action after it, nothing more."""
    capita = char("Capitã", affiliations="Vingadores", extra=POTENCIALIZAR)
    assert_executable(capita, "Potencializar", EffectKind.ACTIVATED)
    a = Script({"play": [pick("activate Capitã"), [0]], "choose": [pick("Thor")],
                "target": [pick("Inimigo"), pick("Outro Inimigo")]})
    game, c = _potencializar_game(a)
    assert activations(game, "Potencializar", window="preparation") == []     # the Attack Step only
    game.eng.action_step(0, "attack")                                         # activated as a play of the step
    choice = next(d for d in a.seen if d.kind == "choose")
    assert game.name(c["Thor"]) in choice.options
    assert game.name(c["Capitã"]) not in choice.options                      # "outro personagem"
    assert game.name(c["Mutante"]) not in choice.options                     # the wrong characteristic
    assert [x for x, _ in activations(game, "Potencializar", window="attack")] == [c["Vespa"]]   # once per turn
    _use(game, c["Thor"], "Martelo")
    assert len(game.state.scene[c["Inimigo"]].carried) == 5 - 3               # 1 + 1, and +1 once on its target
    game.state.scene[c["Thor"]].actions_used.clear()                          # Thor may act again
    _use(game, c["Thor"], "Martelo")
    assert len(game.state.scene[c["Outro Inimigo"]].carried) == 5 - 2         # the next action: no bonus


def test_7_potencializar_not_the_same_character_twice_a_turn_and_only_its_damaging_action() -> None:
    """A character potencializado this turn cannot be chosen again (another card's Potencializar offers the other
    Vingadores, not Thor); the bonus is the chosen character's only (another's action: nothing) and stops at the
    Final do Turno (6.2), when the character may be potencializado again."""
    a = Script({"choose": [pick("Thor"), pick("Hulk")], "target": [pick("Inimigo"), pick("Outro Inimigo")]})
    game, c = _potencializar_game(a)
    activate(game, "Potencializar", window="attack")
    assert game.state.this_turn.marked == [("potencializar", c["Thor"])]
    seen = len(a.seen)
    activate(game, "Potencializar", window="attack")                          # Vespa's
    second = next(d for d in a.seen[seen:] if d.kind == "choose")
    assert game.name(c["Hulk"]) in second.options and game.name(c["Thor"]) not in second.options
    _use(game, c["Mutante"], "Martelo")                                       # another character's action: 2
    assert len(game.state.scene[c["Inimigo"]].carried) == 3
    game.eng.end_of_turn()
    game.state.turn += 1
    assert game.state.this_turn.marked == []
    _use(game, c["Thor"], "Martelo")                                          # the bonus ended with the turn
    assert len(game.state.scene[c["Outro Inimigo"]].carried) == 3
    assert [x for x, _ in activations(game, "Potencializar", window="attack")] == [c["Capitã"], c["Vespa"]]


# ---------------------------------------------------------------------------------------------------------------
# Metamorfo


def test_7_metamorfo_puts_the_character_in_the_resources_and_an_opponents_lookalike_in_the_scene(
        library: dict[str, CardDef]) -> None:
    """Metamorfo (Espião Skrull V1): during your Preparation Phase, if you control this character since the start
    of the turn (not if it entered this turn), unload its cards and put it in your resources -- it is not knocked
    out (the rulebook's FAQ: no prize for the opponent) -- then you may put into the scene a character card from
    your hand with the name or the alter ego of a character an opponent controls, placed by the normal rules
    (4.4.2.1: its initial energy loaded from the resources)."""
    skrull = library["Espião Skrull V1"]
    assert_executable(skrull, "Metamorfo", EffectKind.ACTIVATED)
    a = Script({"put_in_scene": [pick("Capitão")]})
    game = match([skrull, char("Capitão", alter_ego="Steve Rogers"), char("Nômade", alter_ego="Steve Rogers"),
                  char("Outro")], [char("Capitão", alter_ego="Steve Rogers", ie=2)], a=a)
    s = ids(game, 0, "Espião Skrull V1")[0]
    mine, nomade, outro = ids(game, 0, "Capitão V1")[0], ids(game, 0, "Nômade V1")[0], ids(game, 0, "Outro V1")[0]
    enter(game, ids(game, 1, "Capitão V1")[0])
    enter(game, s, 3)
    for x in (mine, nomade, outro):
        game.move(x, Zone.HAND)
    game.state.scene[s].entered_turn = game.state.turn
    assert activations(game, "Metamorfo") == []                              # entered this turn
    game.state.scene[s].entered_turn = 0
    assert any(p.startswith("activate Espião Skrull") for p in plays(game))
    activate(game, "Metamorfo")
    me = game.state.players[0]
    assert s in me.resources and s not in me.prizes                         # not knocked out
    choice = next(d for d in a.seen if d.kind == "put_in_scene")
    assert set(choice.options) == {game.name(mine), game.name(nomade)}       # the same name, or the same alter ego
    assert mine in game.state.scene and len(game.state.scene[mine].carried) == 3     # its initial energy
    assert outro in me.hand and nomade in me.hand
    assert activations(game, "Metamorfo") == []


def test_7_metamorfo_declined_or_nothing_matching_keeps_the_hand() -> None:
    meta = char("Metamorfa", extra="Metamorfo.", ie=2)
    game = match([meta, char("Outro")], [char("Inimigo")])
    m, o = ids(game, 0, "Metamorfa V1")[0], ids(game, 0, "Outro V1")[0]
    enter(game, ids(game, 1, "Inimigo V1")[0])
    enter(game, m)
    game.move(o, Zone.HAND)
    assert activations(game, "Metamorfo", player=1) == []                   # the opponent does not control it
    activate(game, "Metamorfo")
    assert m in game.state.players[0].resources and o in game.state.players[0].hand
    assert game.prize_points(1) == 0


# ---------------------------------------------------------------------------------------------------------------
# 5.8: a keyword's effects stop with its card's permanent texts


def test_5_8_liderar_not_offered_while_its_cards_text_has_no_effect(library: dict[str, CardDef]) -> None:
    """5.8: "qualquer texto que apareça naqueles cards é perdido, inclusive as palavras-chave": the opponent's
    Câmara Neutralizadora chooses the leader, whose Liderar is no longer offered; when the Câmara leaves the scene,
    it is offered again."""
    lider = char("Líder", affiliations="Vingadores", extra="Liderar {1} - afiliação Vingadores.")
    assert_executable(lider, "Liderar", EffectKind.ACTIVATED)
    camara = library["Câmara Neutralizadora V1"]
    b = Script({"choose": [pick("Líder")], "target": [pick("Líder")]})
    game = match([lider, char("Vingador", affiliations="Vingadores")], [camara], b=b)
    ld, v = ids(game, 0, "Líder V1")[0], ids(game, 0, "Vingador V1")[0]
    enter(game, ld)
    enter(game, v)
    game.incapacitate(v, 1)
    assert activations(game, "Liderar") != []
    cam = ids(game, 1, "Câmara Neutralizadora V1")[0]
    enter(game, cam, 1)
    assert game.state.chosen.get(cam) == {"card:0": [ld]}
    assert activations(game, "Liderar") == []                                # its text has no effect (5.8)
    assert not any(p.startswith("activate Líder") for p in plays(game))
    game.unload(game.state.scene[cam].carried[0])                             # the Câmara is destroyed (4.7)
    assert activations(game, "Liderar") != []
