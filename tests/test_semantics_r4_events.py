"""Events and their participants (session 5, round 4, cluster "events"): an action described by the types it is not
("uma ação que não seja de Antecipar nem Imprevista"), read by the relative's "ser" (4.6.2 F/G: an action's types)
as a trigger's dealer of damage (5.3); the types a damage modifier can say of the dealing action, nothing dropped.
The card texts are our own."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Filter, ModifyDamage
from cardscript.runtime.match import Match
from cardscript.runtime.state import CardId
from tests.corpus_play import at, calcs, card_of, enter, match, scenario, use
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
