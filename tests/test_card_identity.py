"""A card that leaves the scene and comes back is a new object (issue 11, part 3;
``cardscript.games.battle_scenes.runtime.identity``).

The rules it rests on: 5.7 A.2.2 (an effect without a duration lasts while its card is where its effect works),
4.8.6 C (a card carried again is "um novo efeito"), 4.6.2 C.1 / 4.5 (what a character did this turn is kept with
its stay in the scene), and the publisher's rulings on Retirada Estratégica V1 / Mystério V1 ("é considerado um
novo personagem - seus efeitos podem ser usados novamente") and Kraven - O Caçador V1 ("Se o personagem escolhido
sair de cena, o efeito ... cessa, mesmo que aquele personagem seja recolocado em cena logo a seguir"). Choices,
per-turn limits and effects bound to its earlier stay do not follow it; the same card staying in the scene keeps
them.
"""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Generate
from cardscript.games.battle_scenes.runtime import continuous
from cardscript.games.battle_scenes.runtime.handlers import run
from cardscript.games.battle_scenes.runtime.identity import stay
from cardscript.games.battle_scenes.runtime.library import load_library
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.selectors import EffectContext
from cardscript.games.battle_scenes.runtime.shielding import shield
from cardscript.games.battle_scenes.runtime.state import CardId, Zone
from cardscript.games.battle_scenes.runtime.statics import powers
from tests.corpus_play import activatable, activate, at, card_of, enter, events, match, use
from tests.engine_helpers import card, own_character

GUARD = card("""Habilidade: Guarda Arcana V1
Poder: Super Força

Ação: Guarda Arcana
  Custo: {0}
  Poder: Super Força
  Escolha um personagem que você controla. Aquele personagem ganha Escudo +2 e {VO} até o final do turno.
""")

SEER = card("""Personagem: Vidente V1
Alinhamento: Herói
Poderes: Super Força
Energia inicial: 3
Escudo: 1

Texto permanente:
  Durante sua Fase de Preparação, uma vez por turno, você pode comprar um card.
""")

HERO = own_character("Sentinela", shield=1)
OTHER = own_character("Vigia", shield=1)


def _guard(game: Match, source: CardId) -> None:
    """Guarda Arcana's effect, resolved for player 0 (its first choice: the first character player 0 controls)."""
    assert GUARD.action is not None
    ctx = EffectContext(controller=0, source=source, user=source, from_action=True, action_name="Guarda Arcana")
    for proc in GUARD.action.modes[0].procedures:
        run(game, ctx, proc)


def _leave_to_hand(game: Match, base: CardId) -> None:
    """Returned to its owner's hand (as Retirada Estratégica does): its cards unloaded, then the card moved."""
    for c in list(game.state.scene[base].carried):
        game.unload(c, check=False)
    game.move(base, Zone.HAND)


def _back(game: Match, base: CardId) -> None:
    enter(game, base, n=2)


def test_identity_5_7_a_2_2_a_gain_bound_to_that_character_does_not_follow_it_back_from_the_hand() -> None:
    """"Aquele personagem ganha Escudo +2 e {VO} até o final do turno"; the character returns to the hand and is
    put back in the scene the same turn: a new object, without the bonus or the power."""
    game = match([HERO, GUARD])
    hero, guard = card_of(game, 0, "Sentinela V1"), card_of(game, 0, "Guarda Arcana V1")
    enter(game, hero, n=2)
    _guard(game, guard)
    assert shield(game, hero) == 3 and "VO" in powers(game, hero)
    _leave_to_hand(game, hero)
    _back(game, hero)
    assert stay(game.state, hero) == 1
    assert shield(game, hero) == 1 and "VO" not in powers(game, hero)


def test_identity_4_7_a_knocked_out_character_put_back_in_the_scene_has_no_shield_bonus() -> None:
    game = match([HERO, GUARD])
    hero, guard = card_of(game, 0, "Sentinela V1"), card_of(game, 0, "Guarda Arcana V1")
    enter(game, hero, n=2)
    _guard(game, guard)
    game.knock_out(hero)
    assert game.state.location(hero)[0] is Zone.PRIZES
    _back(game, hero)
    assert shield(game, hero) == 1 and "VO" not in powers(game, hero)


def test_identity_5_7_a_2_1_the_same_character_staying_in_the_scene_keeps_the_bonus() -> None:
    """Another character leaving and coming back changes nothing for the one that stayed."""
    game = match([HERO, OTHER, GUARD])
    hero, other = card_of(game, 0, "Sentinela V1"), card_of(game, 0, "Vigia V1")
    guard = card_of(game, 0, "Guarda Arcana V1")
    enter(game, hero, n=2)
    enter(game, other, n=2)
    _guard(game, guard)                              # its choice: the first character player 0 controls
    (made,) = [e for e in game.state.effects if e.what == "gain"]
    (bound,) = made.subjects
    staying = other if bound == hero else hero
    assert bound in (hero, other)
    _leave_to_hand(game, staying)
    _back(game, staying)
    assert shield(game, bound) == 3 and "VO" in powers(game, bound)
    assert stay(game.state, bound) == 0


def test_identity_5_1_a_per_turn_limit_starts_afresh_for_the_new_object() -> None:
    """"Uma vez por turno" (the Mystério V1 ruling: "seus efeitos podem ser usados novamente"): used, then the
    card leaves and comes back: it may be used again; staying in the scene, it may not."""
    game = match([SEER])
    seer = card_of(game, 0, "Vidente V1")
    enter(game, seer, n=2)
    game.state.phase = "preparation"
    assert activatable(game, seer)
    activate(game, seer)
    assert not activatable(game, seer), "once per turn, the same card staying in the scene"
    _leave_to_hand(game, seer)
    _back(game, seer)
    assert activatable(game, seer), "a new object: its once-per-turn effect may be used again"
    activate(game, seer)
    assert not activatable(game, seer)


def test_identity_5_7_a_2_2_a_choice_of_another_card_no_longer_holds_the_character_after_it_left() -> None:
    """What a card's text chose ("o personagem escolhido", ``GameState.chosen``) is bound to the chosen card's
    stay: it left and came back, it is no longer the chosen one (the Kraven - O Caçador V1 ruling)."""
    game = match([HERO, OTHER])
    hero, other = card_of(game, 0, "Sentinela V1"), card_of(game, 0, "Vigia V1")
    enter(game, hero, n=2)
    enter(game, other, n=2)
    game.state.chosen[other] = {"card:0": [hero]}
    _leave_to_hand(game, hero)
    _back(game, hero)
    assert game.state.chosen[other] == {"card:0": []}


def test_identity_5_7_b_a_generated_effect_no_longer_finds_its_target_after_it_left() -> None:
    """5.7 B: a generated effect reads "o alvo" in its creating effect's context; the target left and came back:
    it is not that effect's target any more."""
    game = match([HERO, OTHER])
    hero, other = card_of(game, 0, "Sentinela V1"), card_of(game, 0, "Vigia V1")
    enter(game, hero, n=2)
    enter(game, other, n=2)
    ctx = EffectContext(controller=0, source=other, user=other, targets=[[hero]], slots={"intro:0": [hero]})
    made = continuous.add(game, "triggered", other, 0, [], context=ctx)
    _leave_to_hand(game, hero)
    _back(game, hero)
    assert made.context.targets == [[]] and made.context.slots == {"intro:0": []}


def test_identity_4_8_6_c_a_carried_card_unloaded_and_loaded_again_is_a_new_object() -> None:
    game = match([HERO])
    hero = card_of(game, 0, "Sentinela V1")
    enter(game, hero, n=3)
    carried = game.state.scene[hero].carried[0]
    game.unload(carried)
    game.load(carried, hero)
    assert stay(game.state, carried) == 1 and stay(game.state, hero) == 0


def test_identity_5_7_b_gamora_contra_golpear_does_not_follow_its_target_back() -> None:
    """Gamora V1's generated trigger ("Toda vez que o alvo usar uma ação neste turno ..."): its target returns
    to the hand and is put back in the scene; using an action then does not trigger it."""
    gamora_def: CardDef = load_library()["Gamora V1"]
    game = match([gamora_def], [OTHER])
    gamora, target = card_of(game, 0, "Gamora V1"), card_of(game, 1, "Vigia V1")
    enter(game, gamora, n=2)
    enter(game, target, n=4)
    assert gamora_def.action is not None
    ctx = EffectContext(controller=0, source=gamora, user=gamora, targets=[[target]],
                        action_name=gamora_def.action.name, from_action=True)
    generate = next(p for p in gamora_def.action.modes[0].procedures if isinstance(p, Generate))
    run(game, ctx, generate)
    _leave_to_hand(game, target)
    enter(game, target, n=4)
    game.emit("use_action", card=target, action="x", player=1)
    game.eng.tree.resolve()
    assert len(game.state.scene[target].carried) == 4


def test_identity_5_7_a_2_2_ruling_kraven_the_chosen_character_put_back_in_the_scene_is_not_chosen_any_more() -> None:
    """Kraven - O Caçador V1 chooses a character as it enters; its action deals +4 to that character. The
    character returns to the hand and is put back in the scene: the bonus no longer applies (the ruling: "mesmo
    que aquele personagem seja recolocado em cena logo a seguir")."""
    kraven_def = load_library()["Kraven - O Caçador V1"]
    game = match([kraven_def], [own_character("Presa", shield=0, ie=9)])
    kraven, prey = card_of(game, 0, kraven_def.title), card_of(game, 1, "Presa V1")
    enter(game, prey, n=9)
    enter(game, kraven, n=4)                          # its entry trigger: the choice (the opponent's character)
    assert game.state.chosen[kraven]["card:0"] == [prey]
    at(game, "combat", "attack")
    use(game, kraven, "Assalto do Caçador")
    game.eng.tree.resolve()
    _leave_to_hand(game, prey)
    enter(game, prey, n=9)
    game.state.scene[kraven].actions_used = []        # a second use, as in a later turn
    game.state.scene[kraven].stage = 2
    use(game, kraven, "Assalto do Caçador")
    game.eng.tree.resolve()
    assert [e["amount"] for e in events(game, "damage") if e["card"] == prey] == [2 + 4, 2]


def test_identity_5_4_a_bonus_aimed_at_the_chosen_ones_name_or_alter_ego_goes_on_after_it_left() -> None:
    """"a um personagem com o mesmo nome ou alter ego que o personagem escolhido": the text aims at the name or alter
    ego, not at the object (the rulings: "por visarem o alter ego ... não cessam quando o personagem ... sair de
    cena"); the chosen character returns to the hand and is put back: the bonus still applies -- unlike a bonus to
    "o personagem escolhido" itself (the test above)."""
    hunter = card("Personagem: Rastreador V1\nAlinhamento: Vilão\nPoderes: Super Força\nEnergia inicial: 4\n"
                  "Escudo: 0\n\nTexto permanente:\n  Quando este personagem entrar em cena, escolha um personagem "
                  "controlado por um oponente.\n  Toda vez que uma ação deste personagem fosse causar dano a um "
                  "personagem com o mesmo nome ou alter ego que o personagem escolhido, ela causará aquela quantidade "
                  "de dano +3.\n\nAção: Disparo\n  Custo: {0}\n  Poder: Super Força\n  Disparo causa 1 ponto de dano "
                  "no alvo.\n")
    assert hunter.executable
    game = match([hunter], [own_character("Presa", shield=0, ie=9)])
    me, prey = card_of(game, 0, "Rastreador V1"), card_of(game, 1, "Presa V1")
    enter(game, prey, n=9)
    enter(game, me, n=4)                              # its entry trigger: the choice (the opponent's character)
    assert game.state.chosen[me]["card:0"] == [prey]
    _leave_to_hand(game, prey)
    enter(game, prey, n=9)
    assert game.state.chosen[me]["card:0"] == []      # "o personagem escolhido" is no longer that object
    at(game, "combat", "attack")
    use(game, me, "Disparo")
    game.eng.tree.resolve()
    assert [e["amount"] for e in events(game, "damage") if e["card"] == prey] == [1 + 3]
