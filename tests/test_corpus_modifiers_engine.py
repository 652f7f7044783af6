"""Corpus cards whose modifiers ("para cada <x>", "após esta ação", "(ou mais de um)", ...)
now lower, played on the engine with assertions on what their text says happens. Cards are read from the
development corpora at test time (``tests/corpus_play.py``); the module is skipped without them. The docstrings
describe each behaviour in our own words and cite the card by name and printed code."""

from __future__ import annotations

from collections.abc import Callable

from cardscript.compiler.ir import CardDef
from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import (
    Eager,
    at,
    card_of,
    corpus_card,
    energy,
    enter,
    match,
    require_corpus,
    scenario,
    shield_of,
    stage,
    usable,
    use,
)
from tests.engine_helpers import card, own_character, pick

require_corpus()

ALL_POWERS = ("Agilidade, Ataque a Distância, Ataque Energético, Elasticidade, Genialidade, Lâminas, Magia, "
              "Regeneração, Super Força, Telecinesia, Telepatia, Voo")


def char(name: str, *, shield: int = 0, powers: str = "Super Força", alignment: str = "Herói", ie: int = 3) -> CardDef:
    return own_character(name, shield=shield, powers=powers, alignment=alignment, ie=ie)


CARRIER = char("Portador", powers=ALL_POWERS)
TARGET = char("Alvo", ie=4)
SUPPORT = card("Suporte: Caixa V1\nEnergia inicial: 1\nEscudo: 0\n")


def combat(game: Match) -> None:
    at(game, "combat", "attack", 0)


def test_armador_gains_a_shield_per_carried_support() -> None:
    """Armador V1 ((2015) BSIV 5/100, Escudo 1): Escudo +1 for each support card it carries -- two supports give 3,
    and unloading one leaves 2."""
    game = match([corpus_card("(2015) BSIV 5/100"), SUPPORT, SUPPORT])
    a = card_of(game, 0, "Armador V1")
    s1, s2 = card_of(game, 0, "Caixa V1", 0), card_of(game, 0, "Caixa V1", 1)
    enter(game, a, 1, carried=[s1, s2])
    assert shield_of(game, a) == 3
    game.unload(s2)
    assert shield_of(game, a) == 2


def test_vampira_gains_a_shield_per_other_character_you_control() -> None:
    """Vampira V1 (BSUM 33/100, Escudo 0): Escudo +1 for each other character its controller controls (not for
    itself, nor the opponent's)."""
    ally = char("Aliado")
    game = match([corpus_card("BSUM 33/100"), ally, ally], [ally])
    v = card_of(game, 0, "Vampira V1")
    a1, a2, o = card_of(game, 0, "Aliado V1", 0), card_of(game, 0, "Aliado V1", 1), card_of(game, 1, "Aliado V1")
    enter(game, v)
    assert shield_of(game, v) == 0
    enter(game, a1)
    enter(game, o)
    assert shield_of(game, v) == 1
    enter(game, a2)
    assert shield_of(game, v) == 2


def test_armadura_counted_shield_of_a_permanent_text_reaches_the_engine() -> None:
    """Armadura V1 ((2015) BSOS 6/100, Escudo 1): "Escudo +X", X the number of cards it carries -- a permanent
    text's counted bonus: 3 carried cards give Escudo 4 (it was executable before and gave nothing)."""
    game = match([corpus_card("(2015) BSOS 6/100")])
    a = card_of(game, 0, "Armadura V1")
    enter(game, a, 3)
    assert shield_of(game, a) == 1 + 3


def test_algemas_de_krakkan_incapacitates_once_per_revealed_character() -> None:
    """Algemas de Krakkan V1 ((2014) BSPO 81/100): Clarividência 2 sets the top two cards aside and the player may
    reveal any of them; the target is incapacitated by one stage for each character card revealed."""
    hero = char("Herói")
    game = match([CARRIER, corpus_card("(2014) BSPO 81/100"), hero, hero], [TARGET],
                 a=Eager({"reveal": [lambda d: list(range(len(d.options)))]}))
    p, k, t = card_of(game, 0, "Portador V1"), card_of(game, 0, "Algemas de Krakkan V1"), card_of(game, 1, "Alvo V1")
    h1, h2 = card_of(game, 0, "Herói V1", 0), card_of(game, 0, "Herói V1", 1)
    enter(game, p, 1, carried=[k])
    enter(game, t, 3)
    deck = game.state.players[0].deck
    deck.remove(h1)
    deck.remove(h2)
    deck[0:0] = [h1, h2]                                  # the two characters on top
    game.state.scene[t].stage = 2
    combat(game)
    use(game, p, "Algemas de Krakkan")
    assert stage(game, t) == 0                            # 2 stages: one per revealed character
    assert deck[:2] in ([h1, h2], [h2, h1])               # back on top at the end of the effect


def test_enviar_para_o_futuro_draws_after_the_set_aside_cards_are_back() -> None:
    """Enviar Para o Futuro V1 ((2015) BSOS 82/100): Clarividência 2 sets the top two aside; a card of the hand goes
    on top of the deck; at the end the two go back on top; only then, after the action, the player may draw --
    one of the two set aside, not the card put there from the hand."""
    game = match([CARRIER, corpus_card("(2015) BSOS 82/100"), char("Marca")], [TARGET])
    p, e, m = card_of(game, 0, "Portador V1"), card_of(game, 0, "Enviar Para o Futuro V1"), card_of(game, 0, "Marca V1")
    enter(game, p, 1, carried=[e])
    game.move(m, Zone.HAND)
    deck = game.state.players[0].deck
    top = list(deck[:2])
    combat(game)
    use(game, p, "Enviar Para o Futuro")
    hand = game.state.players[0].hand
    assert len(hand) == 1 and hand[0] in top
    assert deck[1] == m and deck[0] in top


def punch(name: str, amount: int = 1) -> str:
    return f"\nAção: {name}\n  Custo: {{0}}\n  Poder: Super Força\n  {name} causa {amount} pontos de dano no alvo.\n"


def test_poucas_opcoes_an_action_name_used_this_turn_cannot_be_used_again() -> None:
    """Poucas Opções V1 ((2014) BSPO 63/100), a scenario: once an action named X has been used this turn, no
    character can use an action named X this turn; an action of another name still can."""
    head = "Alinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n"
    a = card("Personagem: Lutador V1\n" + head + punch("Soco"))
    b = card("Personagem: Boxeador V1\n" + head + punch("Soco"))
    c = card("Personagem: Chutador V1\n" + head + punch("Chute"))
    game = match([corpus_card("(2014) BSPO 63/100"), a, b, c], [TARGET])
    s = card_of(game, 0, "Poucas Opções V1")
    x, y, z = card_of(game, 0, "Lutador V1"), card_of(game, 0, "Boxeador V1"), card_of(game, 0, "Chutador V1")
    scenario(game, s)
    for k in (x, y, z, card_of(game, 1, "Alvo V1")):
        enter(game, k)
    combat(game)
    assert usable(game, y, "Soco")
    use(game, x, "Soco")
    assert not usable(game, y, "Soco") and usable(game, z, "Chute")


def test_lorelei_takes_no_damage_from_the_chosen_character_only() -> None:
    """Lorelei V1 ((2016) BSAQ 31/112, Escudo 2): entering, she chooses an opponent's character; damage she would
    receive from that character becomes 0 -- another character's 3 damage is dealt (3 - 2 = 1)."""
    head = "Alinhamento: Vilão\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n"
    chosen = card("Personagem: Escolhido V1\n" + head + punch("Soco", 3))
    other = card("Personagem: Outro V1\n" + head + punch("Chute", 3))
    game = match([corpus_card("(2016) BSAQ 31/112")], [chosen, other], a=Eager({"choose": [[0]]}))
    lo, ch, ot = card_of(game, 0, "Lorelei V1"), card_of(game, 1, "Escolhido V1"), card_of(game, 1, "Outro V1")
    enter(game, ch)
    enter(game, ot)
    enter(game, lo, 4)
    at(game, "combat", "attack", 1)
    before = energy(game, lo)
    game.agents[1] = Eager({"target": [pick("Lorelei")]})
    game.agents[1].game, game.agents[1].me = game, 1
    use(game, ch, "Soco")
    assert energy(game, lo) == before
    game.agents[1] = Eager({"target": [pick("Lorelei")]})
    game.agents[1].game, game.agents[1].me = game, 1
    use(game, ot, "Chute")
    assert energy(game, lo) == before - 1


def test_pigmeu_cannot_be_the_target_of_an_opponents_first_targeted_action_each_turn() -> None:
    """Pigmeu V1 ((2014) BSIC 35/100): the first action with a target an opponent uses in a turn cannot target it;
    once that opponent has used one (at another target), the next one can."""
    head = "Alinhamento: Vilão\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n"
    attacker = card("Personagem: Atacante V1\n" + head + punch("Soco"))
    attacker2 = card("Personagem: Lutadora V1\n" + head + punch("Chute"))
    game = match([corpus_card("(2014) BSIC 35/100"), TARGET], [attacker, attacker2])
    pg, t = card_of(game, 0, "Pigmeu V1"), card_of(game, 0, "Alvo V1")
    a1, a2 = card_of(game, 1, "Atacante V1"), card_of(game, 1, "Lutadora V1")
    for k in (pg, t, a1, a2):
        enter(game, k)
    at(game, "combat", "attack", 1)
    seen: list[tuple[str, ...]] = []

    def choosing(name: str) -> Callable[[Decision], list[int]]:
        def answer(decision: Decision) -> list[int]:
            seen.append(decision.options)
            return [next(i for i, o in enumerate(decision.options) if o.startswith(name))]
        return answer

    game.agents[1] = Eager({"target": [choosing("Alvo"), choosing("Pigmeu")]})
    use(game, a1, "Soco")
    assert not any(o.startswith("Pigmeu") for o in seen[0])
    use(game, a2, "Chute")
    assert any(o.startswith("Pigmeu") for o in seen[1])


def test_serpente_da_lua_swaps_between_the_first_and_the_second_chosen() -> None:
    """Serpente da Lua V1 (BSET 37/100): entering, she chooses two of an opponent's characters; a card the first
    carries and a card the second carries exchange places (each keeps as many cards)."""
    head = "Alinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n"
    one, two = card("Personagem: Um V1\n" + head), card("Personagem: Dois V1\n" + head)
    game = match([corpus_card("BSET 37/100")], [one, two])
    s, a, b = card_of(game, 0, "Serpente da Lua V1"), card_of(game, 1, "Um V1"), card_of(game, 1, "Dois V1")
    enter(game, a, 2)
    enter(game, b, 3)
    before_a, before_b = list(game.state.scene[a].carried), list(game.state.scene[b].carried)
    enter(game, s)
    after_a, after_b = game.state.scene[a].carried, game.state.scene[b].carried
    assert (len(after_a), len(after_b)) == (2, 3)
    assert len(set(after_a) & set(before_b)) == 1 and len(set(after_b) & set(before_a)) == 1
