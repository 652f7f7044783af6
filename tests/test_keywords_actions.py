"""Rules 7 "Palavras-Chave Relacionadas a Ações" and the glossary: the keywords that are characteristics of an
action -- Clarividência N, Energia Cósmica N, Ação Única, Singularidade -- played on the engine from their meanings
in the prelude (cardscript/games/battle_scenes/prelude/*.kw, lowered by cardscript/compiler/lower_action_keywords.py),
with the real
library cards that have them (Dr. Druida V1, Capuz V2, Quasar V1, Capitão América V3) and small test cards."""

from __future__ import annotations

import pytest

from cardscript.compiler.explain import explain_card
from cardscript.compiler.ir import (
    ACTION_COST,
    ACTION_END,
    ACTION_START,
    CardDef,
    Draw,
    Effect,
    EffectKind,
    EventPattern,
    Kind,
    Quantity,
    Ref,
    Rule,
    Selector,
)
from cardscript.compiler.pipeline import compile_paths, library_path
from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime.actions import legal_actions, use_action
from cardscript.games.battle_scenes.runtime.library import load_library
from cardscript.games.battle_scenes.runtime.match import Match, new_match
from cardscript.games.battle_scenes.runtime.state import CardId, Zone
from tests.engine_helpers import Script, card, ids, pick


@pytest.fixture(scope="module")
def library() -> dict[str, CardDef]:
    return load_library()


def char(name: str, action: str, *, cost: int = 0, power: str = "Super Força", types: str = "") -> CardDef:
    """A character whose action ``name``'s text is ``action`` (a keyword prefix and its effect)."""
    kind = f"  Tipo: {types}\n" if types else ""
    return card(f"Personagem: {name} V1\nAlter ego: {name}\nAlinhamento: Herói\nPoderes: {power}\n"
                f"Energia inicial: 3\nEscudo: 0\n\nAção: Golpe de {name}\n  Custo: {{{cost}}}\n  Poder: {power}\n"
                f"{kind}  {action}\n")


FILL = CardDef("Filler V1", "Filler", 1, "Habilidade", power="SF")
DUMMY = CardDef("Alvo V1", "Alvo", 1, "Personagem", alter_ego="Alvo", alignments=("Herói",), initial_energy=3,
                shield=0)


def match(deck_a: list[CardDef], deck_b: list[CardDef] | None = None, a: Script | None = None,
          b: Script | None = None) -> Match:
    game = new_match([*deck_a, *[FILL] * 20], [*(deck_b or [DUMMY]), *[FILL] * 20], [a or Script(), b or Script()],
                     seed=3, check=True, setup=False)
    game.state.turn = 2
    game.state.turn_player = 0
    game.state.active_player = 0
    return game


def enter(game: Match, card_id: CardId, n: int = 2) -> None:
    """In the scene since an earlier turn, loaded with ``n`` filler cards of its owner's deck."""
    owner = game.state.owner[card_id]
    load = [c for c in game.state.players[owner].deck if game.cards[c].title == "Filler V1"][:n]
    game.enter_scene(card_id, owner, load)
    game.state.scene[card_id].entered_turn = 0


def uses(game: Match, player: int = 0, window: str = "attack") -> list[str]:
    return [f"{game.cards[u.user].name}: {u.action.name}" for u in legal_actions(game.eng, player, window)]


def use(game: Match, action: str, player: int = 0, window: str = "attack") -> None:
    found = [u for u in legal_actions(game.eng, player, window) if u.action.name == action]
    assert found, f"{action} cannot be used: {uses(game, player, window)}"
    use_action(game.eng, found[0])


def to_resources(game: Match, player: int, n: int) -> list[CardId]:
    """``n`` filler cards of the player's deck (from the bottom) moved to the resources."""
    moved = [c for c in reversed(game.state.players[player].deck) if game.cards[c].title == "Filler V1"][:n]
    for c in moved:
        game.move(c, Zone.RESOURCES)
    return moved


def kinds(game: Match, *wanted: str) -> list[tuple[str, dict[str, object]]]:
    return [(e.kind, e.data) for e in game.log.events if e.kind in wanted]


# ---------------------------------------------------------------------------------------------------------------
# Clarividência N


def test_7_clarividencia_sets_the_top_cards_aside_at_the_start_and_returns_them_at_the_end_in_any_order(
        library: dict[str, CardDef]) -> None:
    """Dr. Druida V1, "Clarividência 2 - Fogo Druídico causa 2 pontos de dano no alvo.": at the start of the effect
    the top 2 cards of the deck are set aside and looked at, any number of them revealed; the damage; at the end
    they go back on top in the order the player chooses (first = top)."""
    druida = library["Dr. Druida V1"]
    assert druida.action is not None and druida.action.executable
    assert [e.window for e in druida.action.keyword_effects] == [ACTION_START, ACTION_END]
    a = Script({"reveal": [pick("Filler")], "order": [[1, 0]], "target": [pick("Alvo")]})
    game = match([druida], a=a)
    d, alvo = ids(game, 0, "Dr. Druida V1")[0], ids(game, 1, "Alvo V1")[0]
    enter(game, d)
    enter(game, alvo)
    top = list(game.state.players[0].deck[:2])
    use(game, "Fogo Druídico")
    deck = game.state.players[0].deck
    assert deck[:2] == [top[1], top[0]] and not game.state.players[0].set_aside
    assert alvo not in game.state.scene                                               # 2 damage: knocked out
    log = kinds(game, "move", "damage", "look", "reveal")
    order = [(k, data.get("to")) for k, data in log]
    aside_at = order.index(("move", "set_aside"))
    assert order[aside_at + 1] == ("move", "set_aside") and order[aside_at + 2] == ("look", None)
    assert order.index(("damage", None)) > aside_at                                   # the effect in between
    back = [i for i, o in enumerate(order) if o == ("move", "deck")]
    assert back and min(back) > order.index(("damage", None))                         # returned at the end
    revealed = [data["cards"] for k, data in log if k == "reveal"]
    assert revealed == [[top[0]]]                                                     # the one chosen only
    assert any(dec.kind == "reveal" and dec.minimum == 0 for dec in a.seen)           # "qualquer número"


def test_7_clarividencia_returns_only_the_cards_still_set_aside_and_fewer_when_the_deck_is_short() -> None:
    """Clarividência 3 with 2 cards in the deck: both are set aside (the top N there are); a set-aside card that
    left the set-aside area meanwhile (as the Feiticeira Escarlate's text puts a revealed scenario in the scene) is
    not put back on the deck at the end -- only "aqueles cards" still set aside are."""
    seer = char("Vidente", "Clarividência 3 - Golpe de Vidente causa 1 ponto de dano no alvo.")
    assert seer.action is not None and seer.action.executable
    taken: list[CardId] = []

    def reveal_then_take(decision: Decision) -> list[int]:      # something takes the second one while set aside
        aside = game.state.players[0].set_aside
        taken.append(aside[1])
        game.move(aside[1], Zone.HAND)
        return [0]
    a = Script({"reveal": [reveal_then_take], "target": [pick("Alvo")]})
    game = match([seer], a=a)
    v, alvo = ids(game, 0, "Vidente V1")[0], ids(game, 1, "Alvo V1")[0]
    enter(game, v)
    enter(game, alvo)
    deck = game.state.players[0].deck
    for c in list(deck[2:]):
        game.move(c, Zone.RESOURCES)
    first, second = list(deck)
    use(game, "Golpe de Vidente")
    assert taken == [second]
    assert game.state.players[0].deck == [first] and not game.state.players[0].set_aside
    assert second in game.state.players[0].hand
    assert not [d for d in a.seen if d.kind == "order"]                        # one card back: nothing to order


def test_7_clarividencia_x_plus_1_reads_x_as_the_action_text_defines_it() -> None:
    """"Clarividência X+1" (as Tríade Arcana V1 prints it) with X defined by the action's text: X = the characters
    you control (2 here), so 3 cards are set aside and returned."""
    seer = char("Vidente", "Clarividência X+1 - Golpe de Vidente causa X pontos de dano no alvo. X é igual ao número "
                "de personagens que você controla.")
    assert seer.action is not None and seer.action.executable
    a = Script({"target": [pick("Alvo")]})
    game = match([seer, char("Amigo", "Compre um card.")], a=a)
    for c in (ids(game, 0, "Vidente V1")[0], ids(game, 0, "Amigo V1")[0], ids(game, 1, "Alvo V1")[0]):
        enter(game, c)
    top = list(game.state.players[0].deck[:3])
    use(game, "Golpe de Vidente")
    aside = [e.data["card"] for e in game.log.events if e.kind == "move" and e.data.get("to") == "set_aside"]
    assert aside == top and set(game.state.players[0].deck[:3]) == set(top)


def test_9_1_2_1_capuz_poderes_obscuros_returns_the_set_aside_card_after_the_triggered_effects(
        library: dict[str, CardDef]) -> None:
    """The 9.1.2.1 walk-through on the engine: Capuz V2 uses Poderes Obscuros (Clarividência 1 - Carregue um card
    de habilidade de seus recursos em um personagem vilão que você controla.) loading a card onto Umar V1; the load
    triggers an effect (here a scenario's "draw a card") at level 1 and the action pauses; that effect resolves --
    drawing the card under the set-aside one -- and only then does the action resume and its last procedure, the
    Clarividência's, put the set-aside card back on top of the deck."""
    capuz, umar = library["Capuz V2"], library["Umar V1"]
    assert capuz.action is not None and capuz.action.executable
    on_load = Effect(EffectKind.TRIGGERED, (Draw(who=Selector(Kind.PLAYER, Ref.YOU), amount=Quantity.of(1),
                                                 text="compre um card"),),
                     trigger=EventPattern("load"), text="Toda vez que um card for carregado, compre um card.")
    vigia = CardDef("Vigia V1", "Vigia", 1, "Cenário", effects=(on_load,))
    a = Script({"target": [pick("Umar")]})
    game = match([capuz, umar, vigia], a=a)
    c, u, w = ids(game, 0, "Capuz V2")[0], ids(game, 0, "Umar V1")[0], ids(game, 0, "Vigia V1")[0]
    enter(game, c)
    enter(game, u)
    game.place_scenario(w)
    (ability,) = to_resources(game, 0, 1)
    top, under = game.state.players[0].deck[:2]
    use(game, "Poderes Obscuros")
    assert ability in game.state.scene[u].carried
    assert under in game.state.players[0].hand and top not in game.state.players[0].hand
    assert game.state.players[0].deck[0] == top and not game.state.players[0].set_aside
    steps = [(e.kind, str(e.data.get("effect", "")).split(" ")[0], e.data.get("level")) if e.kind.startswith("tree_")
             else (e.kind, e.data.get("card"), e.data.get("to")) for e in game.log.events
             if e.kind.startswith("tree_") or e.kind in ("move", "load")]
    start = steps.index(("tree_pending", "Poderes", 0))
    assert steps[start:] == [
        ("tree_pending", "Poderes", 0), ("tree_start", "Poderes", 0),
        ("move", top, "set_aside"),                                   # Clarividência, first procedure
        ("load", ability, None),                                      # the action's procedure
        ("tree_pending", "Vigia", 1), ("tree_pause", "Poderes", 0),    # what it triggered is resolved first
        ("tree_start", "Vigia", 1), ("move", under, "hand"), ("tree_end", "Vigia", 1),
        ("tree_resume", "Poderes", 0),
        ("move", top, "deck"),                                        # Clarividência, last procedure
        ("tree_end", "Poderes", 0)]


# ---------------------------------------------------------------------------------------------------------------
# Energia Cósmica N


def test_7_energia_cosmica_puts_resources_at_the_bottom_of_the_deck_as_a_cost_before_the_effect(
        library: dict[str, CardDef]) -> None:
    """Quasar V1, "Energia Cósmica 1 - Pulsos Quânticos causa 3 pontos de dano no alvo.": as part of the cost, a
    card chosen from the resources goes to the bottom of the deck -- paid with the incapacitation, before the
    targets are chosen and the effect; without a card in the resources the action cannot be used."""
    quasar = library["Quasar V1"]
    assert quasar.action is not None and quasar.action.executable
    assert [e.window for e in quasar.action.keyword_effects] == [ACTION_COST]
    a = Script({"move": [pick("Filler")], "target": [pick("Alvo")]})
    game = match([quasar], a=a)
    q, alvo = ids(game, 0, "Quasar V1")[0], ids(game, 1, "Alvo V1")[0]
    enter(game, q)
    enter(game, alvo)
    assert "Quasar: Pulsos Quânticos" not in uses(game)                        # nothing to pay with
    paid, kept = to_resources(game, 0, 2)
    use(game, "Pulsos Quânticos")
    me = game.state.players[0]
    assert me.deck[-1] in (paid, kept) and len(me.resources) == 1                 # one of them, at the bottom
    order = [e.kind for e in game.log.events if e.kind in ("incapacitate", "move", "targeted", "damage")]
    tail = order[order.index("incapacitate"):]
    assert tail[:3] == ["incapacitate", "move", "targeted"] and "damage" in tail    # cost, then targets, effect
    assert game.state.scene[q].stage == 0


def test_7_energia_cosmica_x_chooses_x_when_paying_up_to_the_resources() -> None:
    """Energia Cósmica X: X is chosen as the cost is paid (no more than the cards in the resources), X cards go
    to the bottom of the deck and the effect's X is that number."""
    cosmic = char("Cosmo", "Energia Cósmica X - Compre X cards.", power="Poder Cósmico")
    assert cosmic.action is not None and cosmic.action.executable
    a = Script({"x": [lambda d: [len(d.options) - 1]]})
    game = match([cosmic], a=a)
    c = ids(game, 0, "Cosmo V1")[0]
    enter(game, c)
    to_resources(game, 0, 3)
    hand = len(game.state.players[0].hand)
    use(game, "Golpe de Cosmo")
    x_choice = next(d for d in a.seen if d.kind == "x")
    assert x_choice.options == ("0", "1", "2", "3")
    assert not game.state.players[0].resources and len(game.state.players[0].hand) == hand + 3


# ---------------------------------------------------------------------------------------------------------------
# Ação Única


def test_7_acao_unica_the_same_action_not_twice_a_turn_even_with_an_extra_action(
        library: dict[str, CardDef]) -> None:
    """Capitão América V3, "Ação Única (...) - Procure ... Este personagem pode usar mais uma ação neste turno.":
    the action grants one more action, but not that one again (by name); next turn it can be used again. The same
    text without Ação Única can be used twice."""
    cap = library["Capitão América V3"]
    assert cap.action is not None
    assert [type(p) for e in cap.action.keyword_effects for p in e.procedures] == [Rule]
    game = match([cap])
    c = ids(game, 0, "Capitão América V3")[0]
    enter(game, c)
    use(game, "Avante, Vingadores")
    assert game.state.scene[c].extra_actions == 1
    assert "Capitão América: Avante, Vingadores" not in uses(game)
    game.eng.end_of_turn()
    assert "Capitão América: Avante, Vingadores" in uses(game)
    # the same text, with and without the keyword
    once = char("Uno", "Ação Única (este personagem não pode usar mais de uma ação chamada Golpe de Uno por turno) - "
                "Compre um card. Este personagem pode usar mais uma ação neste turno.")
    twice = char("Duo", "Compre um card. Este personagem pode usar mais uma ação neste turno.")
    game2 = match([once, twice])
    u, d = ids(game2, 0, "Uno V1")[0], ids(game2, 0, "Duo V1")[0]
    enter(game2, u)
    enter(game2, d)
    use(game2, "Golpe de Uno")
    use(game2, "Golpe de Duo")
    assert uses(game2) == ["Duo: Golpe de Duo"]


# ---------------------------------------------------------------------------------------------------------------
# Singularidade


def test_7_singularidade_one_action_with_it_per_player_per_turn() -> None:
    """Singularidade: a player who used an action with Singularidade cannot use another this turn -- by any of
    their characters -- while actions without it still can; the other player still can; reset at the end of the
    turn."""
    one = char("Primeiro", "Singularidade - Compre um card.", types="Ação de Antecipar")
    two = char("Segundo", "Singularidade - Compre um card.", types="Ação de Antecipar")
    plain = char("Comum", "Compre um card.")
    theirs = char("Rival", "Singularidade - Compre um card.", types="Ação de Antecipar")
    assert all(x.action is not None and x.action.executable for x in (one, two, theirs))
    game = match([one, two, plain], [theirs])
    p1, p2, pc, r = (ids(game, 0, "Primeiro V1")[0], ids(game, 0, "Segundo V1")[0], ids(game, 0, "Comum V1")[0],
                     ids(game, 1, "Rival V1")[0])
    for x in (p1, p2, pc, r):
        enter(game, x)
    assert set(uses(game)) == {"Primeiro: Golpe de Primeiro", "Segundo: Golpe de Segundo", "Comum: Golpe de Comum"}
    use(game, "Golpe de Primeiro")
    assert uses(game) == ["Comum: Golpe de Comum"]                              # not Segundo's: the same player
    assert uses(game, player=1, window="anticipation") == ["Rival: Golpe de Rival"]     # the other player's
    game.eng.end_of_turn()
    assert "Segundo: Golpe de Segundo" in uses(game)


# ---------------------------------------------------------------------------------------------------------------
# the meanings lower to executable effects; ActionDef.keywords is data only


@pytest.mark.parametrize("path", ["bsic/dr-druida-v1.card", "bsic/quasar-v1.card", "rulebook/capuz-v2.card",
                                  "bsos/capitao-america-v3.card", "bsos/obliterar-v1.card"])
def test_7_explain_shows_the_action_keywords_expanded_and_executable(path: str) -> None:
    (compiled,) = compile_paths([library_path() / path])
    text = explain_card(compiled)
    section = text.split("effects (as the engine runs them)")[1]
    keyword_part = section[section.index("keyword effect:"):]
    assert "NOT EXECUTABLE" not in keyword_part and "(from keyword" in keyword_part


def test_7_the_engine_reads_the_keyword_effects_not_the_keyword_names(library: dict[str, CardDef]) -> None:
    """An action listing Clarividência in ActionDef.keywords but without its keyword effects sets nothing aside:
    the behaviour comes from the lowered meaning only."""
    from dataclasses import replace

    druida = library["Dr. Druida V1"]
    assert druida.action is not None and druida.action.keywords == (("Clarividência", "2"),)
    bare = replace(druida, action=replace(druida.action, keyword_effects=()))
    game = match([bare])
    d, alvo = ids(game, 0, "Dr. Druida V1")[0], ids(game, 1, "Alvo V1")[0]
    enter(game, d)
    enter(game, alvo)
    use(game, "Fogo Druídico")
    assert not [e for e in game.log.events if e.kind == "move" and e.data.get("to") == "set_aside"]
