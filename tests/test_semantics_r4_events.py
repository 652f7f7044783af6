"""Events and their participants (session 5, round 4, cluster "events"): an action described by the types it is not
("uma ação que não seja de Antecipar nem Imprevista"), read by the relative's "ser" (4.6.2 F/G: an action's types)
as a trigger's dealer of damage (5.3); the types a damage modifier can say of the dealing action, nothing dropped.
The card texts are our own."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Filter, ModifyDamage, Ref
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.state import CardId, Zone
from tests.corpus_play import at, calcs, card_of, enter, match, scenario, usable, use, where, zone
from tests.engine_helpers import card, own_character


def _place(text: str) -> CardDef:
    return card(f"Cenário: Arena V1\n\nTexto permanente:\n  {text}\n")


def _plus_one(who: str) -> CardDef:
    return _place(f"Toda vez que {who} causar dano, ela causa aquela quantidade de dano +1.")


def _modifier(d: CardDef) -> ModifyDamage:
    (mod,) = d.effects[0].procedures
    assert isinstance(mod, ModifyDamage)
    return mod


def test_an_action_that_is_neither_antecipar_nor_imprevista_lacks_both_types() -> None:
    d = _plus_one("uma ação que não seja de Antecipar nem Imprevista")
    assert d.executable
    m = _modifier(d)
    assert m.source_kind == "action" and not m.action_types
    assert set(m.action_filters) == {Filter("action_type", "lacks", "antecipar"),
                                     Filter("action_type", "lacks", "imprevista")}


def test_an_action_that_is_not_antecipar_lacks_that_type() -> None:
    m = _modifier(_plus_one("uma ação que não seja de Antecipar"))
    assert m.action_filters == (Filter("action_type", "lacks", "antecipar"),)


def test_an_action_of_antecipar_or_imprevista_is_either_type() -> None:
    """"de Antecipar ou Imprevista": either type (the modifier's ``action_types`` is any of them); before, the
    coordinated types were dropped and every action's damage was raised."""
    for who in ("uma ação de Antecipar ou Imprevista", "uma ação que seja de Antecipar ou Imprevista"):
        m = _modifier(_plus_one(who))
        assert set(m.action_types) == {"antecipar", "imprevista"}, who


def _action(name: str, kind: str) -> str:
    tipo = f"  Tipo: {kind}\n" if kind else ""
    return f"Ação: {name}\n  Custo: {{0}}\n  Poder: Super Força\n{tipo}  {name} causa 2 pontos de dano no alvo.\n"


def _dealt(game: Match) -> list[tuple[CardId, int]]:
    return [(c["card"], c["amount"]) for c in calcs(game) if c["amount"]]


def test_neither_antecipar_nor_imprevista_raises_only_a_plain_actions_damage() -> None:
    """A plain action's 2 damage becomes 3; an Antecipar action's and an Imprevista action's stay 2."""
    for kind, window, phase_step, expected in (("", "attack", "attack", 3),
                                               ("Ação de Antecipar", "anticipation", "anticipation", 2),
                                               ("Ação Imprevista", "attack", "attack", 2)):
        arena = _plus_one("uma ação que não seja de Antecipar nem Imprevista")
        hitter = own_character("Lutador", ie=5, action=_action("Golpe", kind))
        game = match([hitter, arena], [own_character("Alvo", ie=9)])
        x, s, t = card_of(game, 0, "Lutador V1"), card_of(game, 0, "Arena V1"), card_of(game, 1, "Alvo V1")
        enter(game, x, 3)
        enter(game, t, 3)
        scenario(game, s)
        at(game, "combat", phase_step)
        use(game, x, "Golpe", window=window)
        assert _dealt(game) == [(t, expected)], kind


# ---------------------------------------------------------------------------------------------------------------
# "no mesmo turno em que este personagem entrou em cena": a condition on the trigger's event (5.2; the scene's
# entries this turn, TurnMemory.entered)

SAME_TURN = ("Toda vez que outro personagem com {EL} entrar em cena sob seu controle no mesmo turno em que este "
             "personagem entrou em cena, coloque o card do topo de seu deck em seus recursos.")


def _scout() -> CardDef:
    return card("Personagem: Batedor V1\nAlinhamento: Herói\nPoderes: Voo\nEnergia inicial: 3\nEscudo: 0\n\n"
                f"Texto permanente:\n  {SAME_TURN}\n")


def test_in_the_same_turn_this_character_entered_is_an_entered_condition_on_the_trigger() -> None:
    d = _scout()
    assert d.executable
    (effect,) = d.effects
    assert effect.trigger is not None and effect.trigger.event == "enter_scene"
    cond = effect.condition
    assert cond is not None and cond.kind == "entered" and cond.subject is not None
    assert cond.subject.ref is Ref.THIS_CHARACTER


def test_in_the_same_turn_when_something_else_entered_is_reported() -> None:
    """Only a named thing's entering marks the turn ("um personagem entrou": which turn would that be?)."""
    assert not _place(SAME_TURN.replace("este personagem entrou", "um personagem entrou")).executable


def test_another_character_entering_in_the_turn_this_one_entered_fires_it_not_later() -> None:
    """The Batedor enters this turn: an {EL} ally entering then moves the deck's top card to the resources. The next
    turn (the record of this turn's entries cleared) another ally entering does nothing."""
    ally = own_character("Eletro", powers="Elasticidade")
    ally2 = own_character("Faísca", powers="Elasticidade")
    game = match([_scout(), ally, ally2])
    s, a, b = card_of(game, 0, "Batedor V1"), card_of(game, 0, "Eletro V1"), card_of(game, 0, "Faísca V1")
    for c in (s, a, b):
        game.move(c, Zone.HAND)                      # out of the deck: its top is another card
    enter(game, s, 0)
    top = where(game, 0)("deck")[0]
    enter(game, a, 0)
    assert zone(game, top) == "resources"
    game.state.this_turn.entered.clear()
    top = where(game, 0)("deck")[0]
    enter(game, b, 0)
    assert zone(game, top) == "deck"


# ---------------------------------------------------------------------------------------------------------------
# "Durante as Fases de Preparação, <a continuous effect>": it works only in that phase (5.7 A.2.2; rules 6)

def _quick(name: str) -> str:
    return (f"Ação: {name}\n  Custo: {{0}}\n  Poder: Super Força\n  Tipo: Ação Imprevista\n"
            f"  {name} causa 1 ponto de dano no alvo.\n")


def test_a_restriction_during_the_preparation_phases_is_a_static_with_a_now_condition() -> None:
    d = _place("Durante as Fases de Preparação, os personagens não podem usar ações que não se chamem Golpe.")
    assert d.executable
    (effect,) = d.effects
    assert effect.condition is not None and effect.condition.kind == "now"
    assert effect.condition.value == "Fase de Preparação" and effect.condition.whose == ""
    mine = _place("Durante sua Fase de Preparação, os personagens não podem usar ações que não se chamem Golpe.")
    assert mine.effects[0].condition is not None and mine.effects[0].condition.whose == "you"


def test_a_restriction_during_the_preparation_phases_works_there_only() -> None:
    """With the scenario in scene, an Imprevista action not named Golpe cannot be used in a Fase de Preparação (of
    either player); Golpe can; in the Etapa de Ataque the other action can be used again."""
    arena = _place("Durante as Fases de Preparação, os personagens não podem usar ações que não se chamem Golpe.")
    a = own_character("Rápido", action=_quick("Soco"))
    b = own_character("Ligeiro", action=_quick("Golpe"))
    game = match([a, b, arena], [own_character("Alvo", ie=9)])
    x, y, s, t = (card_of(game, 0, "Rápido V1"), card_of(game, 0, "Ligeiro V1"), card_of(game, 0, "Arena V1"),
                  card_of(game, 1, "Alvo V1"))
    for c in (x, y, t):
        enter(game, c, 3)
    scenario(game, s)
    at(game, "preparation")
    assert not usable(game, x, "Soco", window="preparation") and usable(game, y, "Golpe", window="preparation")
    at(game, "combat", "attack")
    assert usable(game, x, "Soco")
