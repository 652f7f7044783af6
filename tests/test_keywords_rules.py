"""Rules 7 "Outras Palavras-Chave" and the glossary: the keywords that change a rule of the game (issue 5, item 3),
lowered to RULE statics (cardscript/compiler/lower_rules.py) and read by the engine through
cardscript/games/battle_scenes/runtime/rules.py: Pelotão, Clone (4.4.2.1 A.4), Materializar, Reviver (4.4.2.1 / 4.4.2.2
A.3), Item
Único (the deck), Prontidão (4.6.2 C.1), Interligar (4.6.2 C.3). Each is played on the engine, with the rule's
limits and 5.8 (text lost, keywords included) where it matters."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cardscript.compiler.ir import CardDef, EffectKind, Rule
from cardscript.compiler.lower import lower_card
from cardscript.compiler.pipeline import compile_source
from cardscript.core import diagnostics as dg
from cardscript.core.source import SourceFile
from cardscript.games.battle_scenes.runtime.actions import legal_actions
from cardscript.games.battle_scenes.runtime.deck import check_source
from cardscript.games.battle_scenes.runtime.library import load_library
from cardscript.games.battle_scenes.runtime.match import Match, new_match
from cardscript.games.battle_scenes.runtime.rules import copy_limit
from cardscript.games.battle_scenes.runtime.state import ActiveEffect, CardId, Zone
from tests.engine_helpers import Script

MY_KEYWORDS = ("Pelotão", "Clone", "Materializar", "Reviver", "Item Único", "Prontidão", "Interligar")


@pytest.fixture(scope="module")
def library() -> dict[str, CardDef]:
    return load_library()


FILL = CardDef("Filler V1", "Filler", 1, "Habilidade", power="SF")


def card(text: str) -> CardDef:
    """A small test card written as a card file."""
    return lower_card(compile_source(SourceFile("t.card", text)))


def char(name: str, *, alter_ego: str = "", ie: int = 2, powers: str = "Super Força", text: str = "",
         action: str = "", kind: str = "Personagem") -> CardDef:
    head = f"{kind}: {name} V1\n"
    if kind == "Personagem":
        head += f"Alter ego: {alter_ego or name}\nAlinhamento: Herói\nPoderes: {powers}\n"
    head += f"Energia inicial: {ie}\nEscudo: 0\n"
    if text:
        head += "\nTexto permanente:\n" + "".join(f"  {p}\n" for p in text.split("\n"))
    if action:
        head += f"\n{action}"
    return card(head)


def strike(name: str, power: str = "Super Força", cost: int = 0) -> str:
    return f"Ação: {name}\n  Custo: {{{cost}}}\n  Poder: {power}\n  {name} causa 1 ponto de dano no alvo.\n"


def match(deck: list[CardDef], agent: Script | None = None) -> Match:
    game = new_match([*deck, *[FILL] * 20], [char("Rival", action=strike("Soco")), *[FILL] * 20],
                     [agent or Script(), Script()], seed=3, check=True, setup=False)
    rival = cards_of(game, 1, "Rival V1")[0]
    in_scene(game, rival, 1)
    game.state.turn = 3
    return game


def cards_of(game: Match, player: int, title: str) -> list[CardId]:
    return [c for c, d in game.cards.items() if d.title == title and game.state.owner[c] == player]


def in_scene(game: Match, card_id: CardId, n: int, carried: Sequence[CardId] = ()) -> None:
    """A character in the scene since an earlier turn, loaded with ``carried`` and ``n`` filler cards."""
    owner = game.state.owner[card_id]
    load = [c for c in game.state.players[owner].deck if c != card_id and game.cards[c] is FILL][:n]
    game.enter_scene(card_id, owner, [*carried, *load])
    game.state.scene[card_id].entered_turn = -1


def fill_resources(game: Match, n: int, player: int = 0) -> None:
    """``n`` filler cards of the deck to the resources (the cards under test stay where they are)."""
    for c in [c for c in game.state.players[player].deck if game.cards[c] is FILL][:n]:
        game.move(c, Zone.RESOURCES)


def plays(game: Match, player: int = 0) -> list[str]:
    return [p.label for p in game.eng.preparation_plays(player)]


def offered(game: Match, card_id: CardId, where: str = "") -> bool:
    return f"place {game.name(card_id)} in the scene{where}" in plays(game)


def lose_texts(game: Match, card_id: CardId, include_carried: bool = False) -> None:
    """5.8: "os textos permanentes de X não têm efeito" (as Câmara Neutralizadora leaves it), keywords included;
    ``include_carried``: and those of the cards it carries."""
    game.state.effects.append(ActiveEffect(uid=999, what="text_loss", source=None, controller=1,
                                           subjects=[card_id], duration="match",
                                           data={"include_carried": include_carried}))


def statics(defn: CardDef, rule: str) -> list[Rule]:
    return [p for e in defn.effects if e.kind is EffectKind.STATIC for p in e.procedures
            if isinstance(p, Rule) and p.rule == rule]


def action_names(game: Match, player: int = 0, window: str = "attack") -> list[str]:
    return [u.action.name for u in legal_actions(game.eng, player, window)]

# --- Pelotão ------------------------------------------------------------------------------------------------------


def test_7_pelotao_any_number_of_characters_of_its_alter_ego_may_be_in_the_scene(library: dict[str, CardDef]
                                                                                 ) -> None:
    """Glossary, Pelotão: "pode haver qualquer número de personagens com alter ego (ou nome se não houver alter
    ego) deste personagem em cena" -- 4.4.2.1 A.4 changed while the card is in the scene (5.6)."""
    mk2 = library["Sentinela Mk II V1"]                      # Pelotão, alter ego Sentinela
    assert [p.value for p in statics(mk2, "scene_identity")] == ["any"]
    other = char("Sentinela Mk III", alter_ego="Sentinela")  # the same alter ego, no Pelotão
    game = match([mk2, mk2, mk2, other])
    a, b, c = cards_of(game, 0, "Sentinela Mk II V1")
    (o,) = cards_of(game, 0, "Sentinela Mk III V1")
    for x in (b, c, o):
        game.move(x, Zone.HAND)
    fill_resources(game, 12)
    assert offered(game, b)                                 # nothing of that alter ego in the scene yet
    in_scene(game, a, 1)
    assert offered(game, b) and offered(game, o)            # "qualquer número de personagens com o alter ego"
    game.eng.place(0, b)
    assert offered(game, c)                                 # a third one too
    assert b in game.state.scene and game.state.scene[b].energy == mk2.initial_energy


def test_7_pelotao_negative_without_it_in_the_scene_or_with_its_text_lost(library: dict[str, CardDef]) -> None:
    """The rule holds when no Pelotão works in the scene: a plain character, a Pelotão in the hand (5.6: its
    effect works in the scene only), a Pelotão whose texts are lost (5.8, example 1)."""
    mk2 = library["Sentinela Mk II V1"]
    plain = char("Sentinela Mk III", alter_ego="Sentinela")
    game = match([mk2, plain, plain])
    (m,) = cards_of(game, 0, "Sentinela Mk II V1")
    p1, p2 = cards_of(game, 0, "Sentinela Mk III V1")
    game.move(m, Zone.HAND)
    game.move(p2, Zone.HAND)
    fill_resources(game, 6)
    in_scene(game, p1, 1)
    assert not offered(game, m) and not offered(game, p2)    # A.4: the one in the hand does not count
    game2 = match([mk2, mk2])
    a, b = cards_of(game2, 0, "Sentinela Mk II V1")
    game2.move(b, Zone.HAND)
    fill_resources(game2, 6)
    in_scene(game2, a, 1)
    assert offered(game2, b)
    lose_texts(game2, a)
    assert not offered(game2, b)                            # 5.8: "inclusive as palavras-chave"


def test_7_pelotao_old_wordings_lower_to_the_same_static() -> None:
    """Glossary, Pelotão: "uma palavra-chave nova para uma característica antiga" -- the long forms printed on old
    cards (Vigilante Kree V1: "personagem chamados Vigilante Kree"; Tony Stark V1: "com nome Homem de Ferro e alter
    ego Anthony Edward Stark ... sob seu controle") are the same static."""
    kree = char("Vigilante Kree", alter_ego="", text="Pode haver qualquer número de personagem chamados "
                "Vigilante Kree em cena.")
    keyword = char("Vigilante Kree", alter_ego="", text="Pelotão.")
    assert [(p.rule, p.value, p.of) for p in statics(kree, "scene_identity")] == \
        [(p.rule, p.value, p.of) for p in statics(keyword, "scene_identity")] == \
        [("scene_identity", "any", None)]
    assert kree.executable
    tony = char("Tony Stark", alter_ego="Anthony Edward Stark", text="Pode haver qualquer número de personagens "
                "com nome Homem de Ferro e alter ego Anthony Edward Stark em cena sob seu controle.")
    (rule,) = statics(tony, "scene_identity")
    assert rule.value == "any" and rule.of is not None and tony.executable
    iron = char("Homem de Ferro", alter_ego="Anthony Edward Stark")
    stark = char("Stark", alter_ego="Anthony Edward Stark")
    game = match([tony, iron, iron, stark])
    (t,) = cards_of(game, 0, "Tony Stark V1")
    i1, i2 = cards_of(game, 0, "Homem de Ferro V1")
    (s,) = cards_of(game, 0, "Stark V1")
    for x in (i2, s):
        game.move(x, Zone.HAND)
    fill_resources(game, 6)
    in_scene(game, i1, 1)
    assert not offered(game, i2)                            # no Tony Stark in the scene: A.4
    in_scene(game, t, 1)                                    # (as if an effect had put it there)
    assert offered(game, i2)                                # "personagens com nome Homem de Ferro e alter ego ..."
    assert not offered(game, s)                             # the same alter ego, another name: not spoken of
    kree_game = match([kree, kree])
    k1, k2 = cards_of(kree_game, 0, "Vigilante Kree V1")
    kree_game.move(k2, Zone.HAND)
    fill_resources(kree_game, 3)
    in_scene(kree_game, k1, 1)
    assert offered(kree_game, k2)

# --- Clone --------------------------------------------------------------------------------------------------------


def test_7_clone_any_number_of_its_alter_ego_with_different_names(library: dict[str, CardDef]) -> None:
    """Glossary, Clone: "você pode ter um personagem Ultron-6 e um Ultron-1 em cena ao mesmo tempo, porém não poderá
    ter dois Ultron-6"."""
    u6, u1 = library["Ultron-6 V1"], library["Ultron-1 V1"]
    assert [p.value for p in statics(u6, "scene_identity")] == ["distinct_names"]
    game = match([u6, u6, u1])
    a, b = cards_of(game, 0, "Ultron-6 V1")
    (one,) = cards_of(game, 0, "Ultron-1 V1")
    game.move(b, Zone.HAND)
    game.move(one, Zone.HAND)
    fill_resources(game, 14)
    in_scene(game, a, 1)
    assert offered(game, one)                               # another name, the same alter ego
    assert not offered(game, b)                             # "desde que cada um deles tenha nomes diferentes"
    game.eng.place(0, one)
    assert one in game.state.scene and not offered(game, b)
    plain = match([u6, u1])
    (pa,) = cards_of(plain, 0, "Ultron-6 V1")
    (p1,) = cards_of(plain, 0, "Ultron-1 V1")
    plain.move(p1, Zone.HAND)
    fill_resources(plain, 14)
    in_scene(plain, pa, 1)
    assert offered(plain, p1)
    lose_texts(plain, pa)
    assert not offered(plain, p1)                           # 5.8: no Clone working, A.4 again

# --- Materializar -------------------------------------------------------------------------------------------------


MATERIALIZAR = char("Espectro", ie=3, text="Materializar.")


def test_7_materializar_loads_the_cards_from_the_top_of_the_deck_instead_of_the_resources() -> None:
    """Glossary, Materializar: "Você pode colocar cards de personagens ou suportes com Materializar em cena carregando
    cards do topo do seu deck ao invés de cards dos seus recursos." (4.4.2.1 A.1b asks for cards in the
    resources only for the cards it loads from there.)"""
    (rule,) = statics(MATERIALIZAR, "load_from")
    assert rule.value == "deck_top" and MATERIALIZAR.executable
    assert next(e for e in MATERIALIZAR.effects if e.kind is EffectKind.STATIC).zone == "hand"
    agent = Script()
    game = match([MATERIALIZAR], agent)
    (m,) = cards_of(game, 0, "Espectro V1")
    game.move(m, Zone.HAND)
    assert not game.state.players[0].resources
    assert offered(game, m)                                 # no resources at all: the deck loads it
    top = list(game.state.players[0].deck[:3])
    game.eng.place(0, m)
    assert game.state.scene[m].carried == top               # the top three cards of the deck, in order
    assert not set(top) & set(game.state.players[0].deck) and not game.state.players[0].resources
    loads = [e for e in game.log.events if e.kind == "load" and e.data.get("onto") == m]
    assert [e.data["frm"] for e in loads] == ["deck"] * 3


def test_7_materializar_is_a_choice_and_works_from_the_hand_only() -> None:
    """"Você pode": with enough resources the player chooses where the cards come from; a card without
    Materializar needs the resources (A.1b); Materializar works in the hand (where the card is put into the scene
    from), not once the card is elsewhere."""
    agent = Script({"load_from": [[0]]})
    plain = char("Comum", ie=3)
    game = match([MATERIALIZAR, MATERIALIZAR, plain], agent)
    m1, m2 = cards_of(game, 0, "Espectro V1")
    (p,) = cards_of(game, 0, "Comum V1")
    game.move(m1, Zone.HAND)
    game.move(p, Zone.HAND)
    assert offered(game, m1) and not offered(game, p)       # A.1b: 0 < 3 for the plain one
    fill_resources(game, 3)
    resources = list(game.state.players[0].resources)
    game.eng.place(0, m1)                                   # the player picks "the resources"
    (asked,) = [d for d in agent.seen if d.kind == "load_from"]
    assert asked.options == ("the resources", "the top of the deck")
    assert sorted(game.state.scene[m1].carried) == sorted(resources)
    from cardscript.games.battle_scenes.runtime.rules import load_sources
    game.move(m2, Zone.RESOURCES)
    assert load_sources(game, m2) == ("resources",)         # not in the hand: Materializar does not work

# --- Reviver ------------------------------------------------------------------------------------------------------


REVIVER = char("Fantasma", ie=2, text="Reviver.")


def test_7_reviver_the_card_may_enter_the_scene_directly_from_the_resources() -> None:
    """Glossary, Reviver: "Efeito estático que funciona apenas nos recursos ... Você pode colocar um card com esta
    característica em cena diretamente de seus recursos." The legal plays offer it; it loads the other cards of
    the resources (4.4.2.2 A.3)."""
    (rule,) = statics(REVIVER, "enter_from")
    assert rule.value == "resources" and REVIVER.executable
    game = match([REVIVER])
    (r,) = cards_of(game, 0, "Fantasma V1")
    game.move(r, Zone.RESOURCES)
    fill_resources(game, 1)
    assert not offered(game, r, " from the resources")      # A.1b: one other card in the resources, 2 needed
    fill_resources(game, 1)
    assert offered(game, r, " from the resources")
    others = [c for c in game.state.players[0].resources if c != r]
    game.eng.place(0, r)
    assert r in game.state.scene and sorted(game.state.scene[r].carried) == sorted(others)
    assert not game.state.players[0].resources


def test_7_reviver_negative_other_cards_and_other_zones() -> None:
    """A character without Reviver is never placed from the resources; Reviver works in the resources only (from
    the deck, nothing); from the hand it is placed as any card."""
    plain = char("Comum", ie=1)
    game = match([REVIVER, plain])
    (r,) = cards_of(game, 0, "Fantasma V1")
    (p,) = cards_of(game, 0, "Comum V1")
    game.move(p, Zone.RESOURCES)
    fill_resources(game, 3)
    assert not offered(game, p, " from the resources")
    assert not any("Fantasma" in label for label in plays(game))      # still in the deck
    game.move(r, Zone.HAND)
    assert offered(game, r) and not offered(game, r, " from the resources")

# --- Item Único ---------------------------------------------------------------------------------------------------


def test_7_item_unico_a_deck_holds_one_copy_not_three(library: dict[str, CardDef]) -> None:
    """Rules 7: "Efeito estático de um card que diminui para 1 a quantidade máxima de cópias daquele card que são
    permitidas em um deck"; 5.6: it works "antes mesmo da partida começar, invalidando um deck que tenha mais de um
    card" of it. Mjölnir V1's "Item Único." lowers to the deck_copies static the deck check reads."""
    mjolnir = library["Mjölnir V1"]
    (rule,) = statics(mjolnir, "deck_copies")
    assert rule.value == "1"
    assert copy_limit(mjolnir) == (1, "Item Único")
    two = check_source(SourceFile("t.deck", "2 Mjölnir V1\n"), library)
    assert [d.code for d in two.errors] == [dg.E_DECK_COPIES]
    one = check_source(SourceFile("t.deck", "1 Mjölnir V1\n3 Pyro V1\n"), library)
    assert not one.errors                                   # the others keep the limit of 3
    assert copy_limit(library["Pyro V1"])[0] == 3
    old = card("Habilidade: Relíquia V1\nPoder: Super Força\n\nTexto permanente:\n"
               "  Só pode haver uma cópia deste card em seu deck.\n")
    assert copy_limit(old)[0] == 1 and old.executable     # the rule's text itself

# --- Prontidão ----------------------------------------------------------------------------------------------------


def test_7_prontidao_the_indicated_action_may_be_used_in_the_turn_it_entered(library: dict[str, CardDef]) -> None:
    """Glossary, Prontidão: "aquele personagem poderá usar a ação indicada por aquele texto no turno em que ele
    entrou em cena" (4.6.2 C.1: "ou tem prontidão para a ação que vai usar"). Pyro V1: Prontidão - ação Parede de
    Plasma; placed this turn, that action is legal, an action of a carried ability card is not."""
    pyro = library["Pyro V1"]
    (rule,) = statics(pyro, "ready")
    assert rule.value == "actions"
    ability = card("Habilidade: Rajada V1\nPoder: Ataque Energético\n\n" + strike("Rajada", "Ataque Energético"))
    game = match([pyro, ability])
    (p,) = cards_of(game, 0, "Pyro V1")
    (a,) = cards_of(game, 0, "Rajada V1")
    game.move(p, Zone.HAND)
    game.move(a, Zone.RESOURCES)
    fill_resources(game, 3)
    game.eng.place(0, p)                                   # first pick: the Rajada among the resources
    assert a in game.state.scene[p].carried and game.state.scene[p].entered_turn == game.state.turn
    assert action_names(game) == ["Parede de Plasma"]      # not Rajada: Prontidão names one action
    game.state.turn += 1
    assert sorted(action_names(game)) == ["Parede de Plasma", "Rajada"]


def test_7_prontidao_filters_all_actions_and_text_lost() -> None:
    """Prontidão with no action (all of them), "ações de {AE}" (an action's power), on an ability card (the
    carrier is "este personagem"), the negative cases: a character without it, Prontidão lost under 5.8."""
    electro = char("Eletro", powers="Ataque Energético, Super Força", text="Prontidão - ações de {AE}.",
                   action=strike("Choque", "Ataque Energético"))
    (rule,) = statics(electro, "ready")
    assert rule.value == "actions" and electro.executable
    sf = card("Habilidade: Murro V1\nPoder: Super Força\n\n" + strike("Murro"))
    ready_all = char("Veloz", text="Prontidão.", action=strike("Golpe"))
    plain = char("Lento", action=strike("Pancada"))
    colisao = card("Habilidade: Colisão V1\nPoder: Super Força\n\nTexto permanente:\n  Prontidão - ação Colisão.\n\n"
                   + strike("Colisão"))
    game = match([electro, sf, ready_all, plain, colisao])
    (e,) = cards_of(game, 0, "Eletro V1")
    (m,) = cards_of(game, 0, "Murro V1")
    (v,) = cards_of(game, 0, "Veloz V1")
    (lo,) = cards_of(game, 0, "Lento V1")
    (c,) = cards_of(game, 0, "Colisão V1")
    for x, carried in ((e, [m]), (v, []), (lo, [c])):
        in_scene(game, x, 1, carried)
        game.state.scene[x].entered_turn = game.state.turn  # all of them entered this turn
    assert sorted(action_names(game)) == ["Choque", "Colisão", "Golpe"]   # not Murro ({SF}), not Pancada
    lose_texts(game, e)
    lose_texts(game, v)
    assert action_names(game) == ["Colisão"]                # 5.8: their Prontidão is lost
    lose_texts(game, lo)
    assert action_names(game) == ["Colisão"]                # the carrier's own texts only: the card's still works
    lose_texts(game, lo, include_carried=True)
    assert action_names(game) == []                         # the texts of the cards it carries too

# --- Interligar ---------------------------------------------------------------------------------------------------


def test_7_interligar_the_carrier_may_use_the_carried_cards_action() -> None:
    """Glossary, Interligar: "Efeito estático que funciona apenas enquanto o card com Interligar estiver sendo
    carregado por um personagem, permitindo que o personagem use uma ação que normalmente ele não poderia. O
    personagem que estiver carregando um card com Interligar pode usar a ação dele (se tiver o poder
    necessário)." A carried character card of another alter ego lends no action (4.6.2 C.3) unless it has it."""
    linked = char("Drone", text="Interligar.", action=strike("Laser", "Ataque Energético"))
    (rule,) = statics(linked, "use_carried_action")
    assert rule.value == "this_card" and linked.executable
    assert next(e for e in linked.effects if e.kind is EffectKind.STATIC).zone == "carried"
    unlinked = char("Robô", action=strike("Garra"))
    pilot = char("Piloto", powers="Ataque Energético, Super Força")
    weak = char("Fraco", powers="Voo")
    game = match([linked, unlinked, pilot, weak, linked])
    d1, d2 = cards_of(game, 0, "Drone V1")
    (r,) = cards_of(game, 0, "Robô V1")
    (p,) = cards_of(game, 0, "Piloto V1")
    (w,) = cards_of(game, 0, "Fraco V1")
    in_scene(game, p, 1, [d1, r])
    in_scene(game, w, 1, [d2])
    uses = legal_actions(game.eng, 0, "attack")
    assert [(u.user, u.action.name) for u in uses] == [(p, "Laser")]   # not Garra; not Fraco (no {AE}, C.2)
    lose_texts(game, d1)
    assert action_names(game) == []                         # 5.8: Interligar lost with the texts

# --- the keywords as the compiler expands them --------------------------------------------------------------------


def test_7_rule_keywords_of_the_library_lower_to_executable_rule_statics(library: dict[str, CardDef]) -> None:
    """Every use of these keywords in the library expands into RULE statics (cardscript explain shows no NOT
    EXECUTABLE for them)."""
    seen: set[str] = set()
    for defn in library.values():
        for effect in defn.effects:
            if effect.from_keyword in MY_KEYWORDS:
                seen.add(effect.from_keyword)
                assert effect.executable and effect.kind is EffectKind.STATIC, (defn.title, effect.text)
                assert all(isinstance(p, Rule) for p in effect.procedures)
    assert {"Pelotão", "Clone", "Item Único", "Prontidão"} <= seen
