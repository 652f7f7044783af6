"""Session 7, the constructions of Parede Holográfica: an activated effect that EACH player may use in their own
phase ("Durante a Fase de Preparação de cada jogador, aquele jogador pode ...", 5.1: "aquele jogador" is the one
whose phase it is and who activates it, whoever controls the card); a discard between alternatives of different
numbers ("descartar um card de suporte ou dois outros cards": the discarding player chooses which, 4.1); no
scenario put in the scene by an effect while that is prohibited (Regras de Ouro B); a D effect that hangs on an
optional step (4.8.3 D). Our own card texts, lowered and played on the engine."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Discard, EffectKind, Move, Ref
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import activatable, activate, at, card_of, enter, fillers, match, scenario, use, where
from tests.engine_helpers import Script, card, punch
from tests.engine_helpers import own_character as char

WALL = card("Cenário: Muralha V1\n\nTexto permanente:\n  Durante a Fase de Preparação de cada jogador, aquele "
            "jogador pode descartar um card de suporte ou três outros cards. Se ele o fizer, coloque este cenário "
            "nos recursos de seu dono.\n")
BOX = card("Suporte: Caixa V1\nEnergia inicial: 2\nEscudo: 0\n")


def _effect(c: CardDef) -> tuple[Discard, Move]:
    (effect,) = c.effects
    assert effect.kind is EffectKind.ACTIVATED and effect.whose_window == "each"
    discard, move = effect.procedures
    assert isinstance(discard, Discard) and isinstance(move, Move)
    return discard, move


def test_5_1_each_players_phase_window_lowers_to_that_players_activation() -> None:
    assert WALL.executable
    discard, move = _effect(WALL)
    assert discard.who.ref is Ref.SLOT and discard.who.slot == "event:player"
    assert discard.amount.fixed == 1 and any(f.field == "card_type" and f.op == "eq" for f in discard.cards.filters)
    (other,) = discard.alternatives
    assert other.count.fixed == 3
    assert [(f.field, f.op, f.value) for f in other.filters] == [("card_type", "ne", "Suporte")]
    assert move.if_done and move.to == "resources"


def test_4_1_or_between_phrases_of_the_same_number_is_still_one_card() -> None:
    c = card("Cenário: Muralha V1\n\nTexto permanente:\n  Durante sua Fase de Preparação, você pode descartar um "
             "card de suporte ou um card de habilidade. Se o fizer, compre um card.\n")
    discard = c.effects[0].procedures[0]
    assert isinstance(discard, Discard) and not discard.alternatives


def test_5_1_the_player_whose_phase_it_is_activates_a_card_controlled_by_another() -> None:
    """Player 0's scenario; in player 1's Preparation Phase player 1 (not 0) may use it, discarding the one support
    card (the alternative the hand can give), and the scenario goes to its owner's resources."""
    game = match([WALL], [BOX])
    wall, box = card_of(game, 0, "Muralha V1"), card_of(game, 1, "Caixa V1")
    scenario(game, wall)
    game.move(box, Zone.HAND)
    at(game, "preparation", turn_player=1)
    assert activatable(game, wall, player=1)
    assert not activatable(game, wall, player=0)
    activate(game, wall, player=1)
    game.eng.tree.resolve()
    assert box in where(game, 1)("resources")
    assert wall in where(game, 0)("resources") and game.state.scenario is None


def test_4_1_the_other_alternative_discards_its_own_number_of_other_cards() -> None:
    """Without a support card in hand, the player discards three cards of other types."""
    game = match([WALL], [BOX])
    wall, box = card_of(game, 0, "Muralha V1"), card_of(game, 1, "Caixa V1")
    scenario(game, wall)
    spare = fillers(game, 1)[:3]
    for c in spare:
        game.move(c, Zone.HAND)
    at(game, "preparation", turn_player=1)
    activate(game, wall, player=1)
    game.eng.tree.resolve()
    assert all(c in where(game, 1)("resources") for c in spare) and box not in where(game, 1)("resources")
    assert wall in where(game, 0)("resources")


BARRIER = card("Cenário: Barreira V1\n\nTexto permanente:\n  Os jogadores não podem colocar cenários em cena.\n")
CALLER = card("Suporte: Chamador V1\nEnergia inicial: 1\nEscudo: 0\n\nTexto permanente:\n  Quando este suporte "
              "entrar em cena, coloque em cena um card de cenário de seus recursos.\n")
FIELD = card("Cenário: Campo V1\n")


def test_regras_de_ouro_b_an_effect_puts_no_scenario_in_the_scene_while_that_is_prohibited() -> None:
    """Regras de Ouro B: the prohibition beats the effect that would put a scenario in the scene; the scenario
    stays in the resources and the prohibiting one stays in the scene. Without it, the effect does put it there."""
    for barred in (True, False):
        game = match([CALLER, FIELD], [BARRIER])
        caller, field = card_of(game, 0, "Chamador V1"), card_of(game, 0, "Campo V1")
        game.move(field, Zone.RESOURCES)
        if barred:
            scenario(game, card_of(game, 1, "Barreira V1"))
        enter(game, caller, 1)
        assert (game.state.scenario == field) is not barred
        assert (field in where(game, 0)("resources")) is barred


SHELTER = card("Cenário: Abrigo V1\n\nTexto permanente:\n  Se um personagem que você controla receber dano, você pode "
               "colocar este cenário em seus recursos. Se o fizer, aquele dano torna-se 0.\n")


def test_4_8_3_d_a_fixed_value_that_hangs_on_an_optional_step_acts_only_when_it_is_done() -> None:
    """4.8.3 D: "você pode X. Se o fizer, aquele dano torna-se 0" -- the choice is made as the effect triggers;
    declined, the damage is not changed and the scenario stays; accepted, the damage becomes 0 and it goes."""
    for accept in (True, False):
        keeper = Script({"optional": [[0 if accept else 1]]})
        game = match([SHELTER, char("Guarda", ie=3)], [char("Lutador", action=punch("Soco", 2))], a=keeper,
                     turn_player=1)
        shelter, guard = card_of(game, 0, "Abrigo V1"), card_of(game, 0, "Guarda V1")
        fighter = card_of(game, 1, "Lutador V1")
        scenario(game, shelter)
        enter(game, guard, 3)
        enter(game, fighter, 3)
        at(game, "combat", "attack", turn_player=1)
        use(game, fighter, "Soco")
        game.eng.tree.resolve()
        assert len(game.state.scene[guard].carried) == (3 if accept else 1)
        assert (game.state.scenario == shelter) is not accept
        assert (shelter in game.state.players[0].resources) is accept
