""""o número máximo de cards em sua mão durante a Fase de Ajuste aumenta / diminui em N cards"
changes the hand size kept at the Ajuste de Mão (6.2 D.2). Card texts written here (not the publisher's), plus
corpus cards played on the engine."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, ChangeHandLimit, EffectKind, ModifyDamage, Ref
from cardscript.games.battle_scenes.runtime.match import Match
from tests.corpus_play import at, card_of, corpus_card, energy, enter, match, require_corpus, use
from tests.engine_helpers import card


def _char(name: str, permanent: str = "") -> CardDef:
    text = (f"Personagem: {name} V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n")
    if permanent:
        text += f"\nTexto permanente:\n  {permanent}\n"
    return card(text)


def _hand_after_adjustment(game: Match, player: int, drawn: int) -> int:
    game.draw(player, drawn)
    game.eng.adjustment(player)
    return len(game.state.players[player].hand)


HOARDER = _char("Acumulador", "O número máximo de cards em sua mão durante a Fase de Ajuste aumenta em dois cards.")
MISER = _char("Avarento", "O número máximo de cards na mão de cada oponente diminui em um card.")
WRONG_PHASE = _char("Apressado", "O número máximo de cards em sua mão durante a Fase de Compra aumenta em um card.")


def test_6_2_D_2_the_maximum_hand_size_of_the_controller_grows_by_the_amount() -> None:
    (eff,) = HOARDER.effects
    (proc,) = eff.procedures
    assert eff.kind is EffectKind.STATIC and HOARDER.executable
    assert isinstance(proc, ChangeHandLimit) and proc.sign == 1 and proc.amount.fixed == 2
    assert proc.who.ref is Ref.YOU
    game = match([HOARDER])
    enter(game, card_of(game, 0, "Acumulador V1"))
    assert _hand_after_adjustment(game, 0, 12) == 9          # 7 + 2
    assert _hand_after_adjustment(game, 1, 12) == 7          # the opponent keeps 7


def test_6_2_D_2_the_maximum_hand_size_of_the_opponents_shrinks() -> None:
    (eff,) = MISER.effects
    (proc,) = eff.procedures
    assert isinstance(proc, ChangeHandLimit) and proc.sign == -1 and proc.amount.fixed == 1 and MISER.executable
    game = match([MISER])
    enter(game, card_of(game, 0, "Avarento V1"))
    assert _hand_after_adjustment(game, 1, 12) == 6
    assert _hand_after_adjustment(game, 0, 12) == 7


def test_6_2_D_2_without_the_card_in_the_scene_the_hand_size_is_seven() -> None:
    game = match([HOARDER])
    assert _hand_after_adjustment(game, 0, 12) == 7


def test_the_maximum_hand_size_in_another_phase_is_not_executable() -> None:
    assert not WRONG_PHASE.executable
    (eff,) = WRONG_PHASE.effects
    assert eff.kind is EffectKind.UNSUPPORTED


def test_corpus_amadeus_cho_keeps_eight_and_the_opponent_six() -> None:
    require_corpus()
    cho = corpus_card("(2015) BSOS 4/100")
    assert cho.executable
    game = match([cho])
    enter(game, card_of(game, 0, cho.title))
    assert _hand_after_adjustment(game, 0, 12) == 8
    assert _hand_after_adjustment(game, 1, 12) == 6


# ---------------------------------------------------------------------------------------------------------------
# "aquele dano é reduzido à metade[, arredondado para baixo / cima]" (4.8.3 C)

LAUGHING = _char("Risonho", "Toda vez que este personagem fosse receber dano durante a Fase de Preparação de outro "
                            "jogador, aquele dano é reduzido à metade, arredondado para cima.")
PUNCHER = card("Personagem: Socador V1\nAlinhamento: Vilão\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n\n"
               "Ação: Soco Forte\n  Custo: {0}\n  Poder: Super Força\n  Soco Forte causa 5 pontos de dano no alvo.\n")


def _punched(phase: str, turn_player: int) -> int:
    game = match([LAUGHING], [PUNCHER], turn_player=turn_player)
    laughing, puncher = card_of(game, 0, "Risonho V1"), card_of(game, 1, "Socador V1")
    enter(game, laughing, 8)
    enter(game, puncher, 2)
    at(game, phase, "attack" if phase == "combat" else None, turn_player)
    before = energy(game, laughing)
    use(game, puncher, "Soco Forte")
    return before - energy(game, laughing)


def test_4_8_3_C_the_damage_is_halved_rounding_up() -> None:
    (eff,) = LAUGHING.effects
    (mod,) = eff.procedures
    assert eff.kind is EffectKind.DAMAGE_MODIFIER and LAUGHING.executable
    assert isinstance(mod, ModifyDamage) and mod.step == "C" and mod.divide == 2 and mod.round == "up"
    assert mod.phase == "Fase de Preparação" and mod.whose_turn is Ref.OPPONENT
    assert _punched("preparation", 1) == 3           # 5 / 2 rounded up, in the other player's Fase de Preparação
    assert _punched("combat", 1) == 5                # not in another phase
    assert _punched("preparation", 0) == 5           # nor in its controller's own


# ---------------------------------------------------------------------------------------------------------------
# "aquele personagem receberá -1 ponto de dano" (4.8.3 B)

TOUGH = _char("Casca Grossa", "Toda vez que este personagem receber dano, ele receberá -1 ponto de dano.")


def test_4_8_3_B_a_character_receiving_minus_one_point_of_damage() -> None:
    (eff,) = TOUGH.effects
    (mod,) = eff.procedures
    assert eff.kind is EffectKind.DAMAGE_MODIFIER and TOUGH.executable
    assert isinstance(mod, ModifyDamage) and mod.step == "B" and mod.delta == -1
    game = match([TOUGH], [PUNCHER])
    tough, puncher = card_of(game, 0, "Casca Grossa V1"), card_of(game, 1, "Socador V1")
    enter(game, tough, 8)
    enter(game, puncher, 2)
    at(game, "combat", "attack", 1)
    before = energy(game, tough)
    use(game, puncher, "Soco Forte")
    assert before - energy(game, tough) == 4


def test_corpus_resistencia_extrema_lowers_the_damage_of_big_characters_only() -> None:
    require_corpus()
    arena = corpus_card("(2015) BSIV 70/100")
    assert arena.executable
    (mod,) = [p for e in arena.effects if e.kind is EffectKind.DAMAGE_MODIFIER for p in e.procedures]
    assert isinstance(mod, ModifyDamage) and mod.delta == -1 and mod.target is not None
    assert [(f.field, f.op, f.value) for f in mod.target.filters] == [("initial_energy", "ge", "6")]


def test_corpus_resistencia_extrema_on_the_engine() -> None:
    require_corpus()
    from tests.corpus_play import scenario

    arena = corpus_card("(2015) BSIV 70/100")
    big = card("Personagem: Gigante V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 6\nEscudo: 0\n")
    for victim, ie, lost in ((big, 6, 4), (_char("Pequeno"), 3, 5)):
        game = match([arena, victim], [PUNCHER])
        v, puncher = card_of(game, 0, victim.title), card_of(game, 1, "Socador V1")
        scenario(game, card_of(game, 0, arena.title))
        enter(game, v, 8)
        enter(game, puncher, 2)
        at(game, "combat", "attack", 1)
        before = energy(game, v)
        use(game, puncher, "Soco Forte")
        assert before - energy(game, v) == lost, ie


# ---------------------------------------------------------------------------------------------------------------
# "o personagem escolhido tem {VO}": a power had while the text works, as if gained (5.4)

WINGS = card("Suporte: Asas V1\nEnergia inicial: 2\nEscudo: 0\n\nTexto permanente:\n  Quando este suporte entrar em "
             "cena, escolha um personagem que você controla.\n  O personagem escolhido tem {VO}.\n")


def test_5_4_the_chosen_character_has_the_power_while_the_support_is_in_the_scene() -> None:
    from cardscript.compiler.ir import Gain
    from cardscript.games.battle_scenes.runtime.statics import powers

    (gain,) = [p for e in WINGS.effects if e.kind is EffectKind.STATIC for p in e.procedures]
    assert isinstance(gain, Gain) and gain.powers == ("VO",) and WINGS.executable
    game = match([_char("Voador"), WINGS])
    flyer = card_of(game, 0, "Voador V1")
    enter(game, flyer, 2)
    assert "VO" not in powers(game, flyer)
    enter(game, card_of(game, 0, "Asas V1"), 2)
    assert "VO" in powers(game, flyer)
