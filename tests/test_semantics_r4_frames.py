"""Frames of session 5, round 4 (issue 9, "frames" cluster): short card texts of our own and their IR. Rules
sections are cited in each test's docstring."""

from __future__ import annotations

from cardscript.compiler.ir import EffectKind, Rule
from tests.engine_helpers import card

HEAD = "Alinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n"


def _open_hand_of(sentence: str) -> Rule:
    d = card("Personagem: Vidente V1\n" + HEAD + "\nTexto permanente:\n  " + sentence + "\n")
    assert d.executable, sentence
    (effect,) = d.effects
    assert effect.kind is EffectKind.STATIC
    (proc,) = effect.procedures
    assert isinstance(proc, Rule)
    return proc


def test_rules_3_playing_with_the_cards_of_the_hands_revealed() -> None:
    """Rules 3 (hidden information): "jogam com os cards de suas mãos revelados" says what "jogam com as mãos
    abertas" says -- the same rule, for the same players."""
    revealed = _open_hand_of("Os oponentes jogam com os cards de suas mãos revelados.")
    opened = _open_hand_of("Seus oponentes jogam com as mãos abertas.")
    assert (revealed.rule, revealed.value) == (opened.rule, opened.value) == ("open_hand", "opponent")


def test_rules_3_cards_of_another_place_are_not_a_revealed_hand() -> None:
    """"com os cards de seus recursos revelados" is no hand: not read as one."""
    d = card("Personagem: Vidente V1\n" + HEAD + "\nTexto permanente:\n  Os oponentes jogam com os cards de seus "
             "recursos revelados.\n")
    assert not d.executable


def test_4_1_load_this_and_up_to_one_more_card() -> None:
    """4.1: "você pode carregar este cenário e até um card de {AG} de seus recursos em <aquele personagem>": two
    loads onto the same character, the second of at most one card of the resources and only if the first was
    done (one "pode" for both)."""
    from cardscript.compiler.ir import Load, Ref

    d = card("Cenário: Arena V1\n\nTexto permanente:\n  Quando este cenário entrar em cena, você pode incapacitar "
             "em {1} um personagem que você controla. Se o fizer, você pode carregar este cenário e até um card de "
             "{AG} de seus recursos naquele personagem.\n")
    assert d.executable
    (effect,) = d.effects
    _, first, second = effect.procedures
    assert isinstance(first, Load) and isinstance(second, Load)
    assert first.cards.ref is Ref.THIS_CARD and first.onto == second.onto
    assert second.cards.count.up_to and second.cards.count.fixed == 1 and second.cards.zone == "resources"
    assert second.if_done and second.optional


def test_4_1_and_up_to_onto_a_character_still_to_choose_is_not_read() -> None:
    """"carregue este card e até um card ... em um personagem que você controla": which one both go onto is not
    said to be the same -- not read."""
    d = card("Cenário: Arena V1\n\nTexto permanente:\n  Quando este cenário entrar em cena, carregue este cenário e "
             "até um card de {AG} de seus recursos em um personagem que você controla.\n")
    assert not d.executable


def test_4_1_load_the_target_with_any_number_of_its_owners_cards() -> None:
    """4.1: "carregue o personagem alvo controlado por outro jogador com qualquer número de cards dos recursos de
    seu dono": the "com" phrase after the participle's agent is what the target is loaded with -- any number of
    cards of the resources of the target's owner; "aquele mesmo número" after it counts those loaded."""
    from cardscript.compiler.ir import Load, Ref, Unload

    d = card("Personagem: Vidente V1\n" + HEAD + "\nAção: Troca\n  Custo: {1}\n  Poder: Super Força\n  Carregue o "
             "personagem alvo controlado por outro jogador com qualquer número de cards dos recursos de seu dono e "
             "então descarregue aquele mesmo número de cards do alvo.\n")
    assert d.executable and d.action is not None
    load, unload = d.action.modes[0].procedures
    assert isinstance(load, Load) and isinstance(unload, Unload)
    assert load.cards.count.any_number and load.cards.zone == "resources"
    assert load.cards.of is not None and load.cards.of.ref is Ref.OWNER and load.loaded


def test_4_1_up_to_two_cards_loaded_may_be_none() -> None:
    """4.1 with "até": "carregue até dois cards de seus recursos neste personagem" lets the player load fewer --
    none, if it answers so -- and at most two."""
    from cardscript.games.battle_scenes.runtime.state import Zone
    from tests.corpus_play import at, card_of, energy, enter, match, use
    from tests.engine_helpers import Script

    me = card("Personagem: Vidente V1\n" + HEAD + "\nAção: Reforço\n  Custo: {0}\n  Poder: Super Força\n  Carregue "
              "até dois cards de seus recursos neste personagem.\n")
    for answer, loaded in (([], 0), ([0, 1], 2)):
        agent = Script(answers={"load": [answer]})
        game = match([me], a=agent)
        v = card_of(game, 0, "Vidente V1")
        enter(game, v, 2)
        for c in game.state.players[0].deck[:3]:
            game.move(c, Zone.RESOURCES)
        at(game, "combat", "attack", 0)
        use(game, v, "Reforço")
        (decision,) = [d for d in agent.seen if d.kind == "load"]
        assert (decision.minimum, decision.maximum) == (0, 2)
        assert energy(game, v) == 2 + loaded
