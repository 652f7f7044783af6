"""Session 4, modifiers: words of a clause that modify its amount, its time or a noun phrase of it ("para cada <x>",
"neste turno", "de seus recursos", "por um card ... ou por um card ...", reminders in parentheses), each given the
meaning the engine runs. Card texts are our own."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, ChangeStage, EffectKind, Gain, Kind, Ref
from tests.corpus_play import card_of, enter, match, shield_of
from tests.engine_helpers import card

HEAD = ("Personagem: Guardião V1\nAlinhamento: Herói\nAfiliações: Vingadores\nPoderes: Super Força, Voo\n"
        "Energia inicial: 5\nEscudo: 1\n")
SUPPORT = card("Suporte: Escudinho V1\nEnergia inicial: 1\nEscudo: 0\n")


def _permanent(*paragraphs: str) -> CardDef:
    d = card(HEAD + "\nTexto permanente:\n" + "".join(f"  {p}\n" for p in paragraphs))
    assert d.executable, [e.why for e in d.effects]
    return d


def _action(body: str) -> CardDef:
    d = card(HEAD + f"\nAção: Golpe\n  Custo: {{0}}\n  Poder: Super Força\n  {body}\n")
    assert d.executable, d.action and [m.why for m in d.action.modes]
    return d


# --- "para cada <x>": the clause's number times how many <x> -----------------------------------------------------


def test_shield_for_each_carried_card_is_a_counted_static_bonus() -> None:
    d = _permanent("Este personagem ganha Escudo +1 para cada card de suporte que ele estiver carregando.")
    (e,) = d.effects
    (g,) = e.procedures
    assert e.kind is EffectKind.STATIC and isinstance(g, Gain) and g.shield is None
    assert g.shield_x is not None and g.shield_x.x_times == 1 and g.shield_x.x is not None
    what = g.shield_x.x.what
    assert what is not None and what.zone == "carried" and what.of is not None
    assert what.of.ref is Ref.THIS_CHARACTER and what.kind is Kind.SUPPORT


def test_shield_for_each_counts_on_the_engine_and_follows_the_count() -> None:
    """4.8.6: the bonus is the count at each moment -- two supports carried give +2, one unloaded leaves +1."""
    d = _permanent("Este personagem ganha Escudo +1 para cada card de suporte que ele estiver carregando.")
    game = match([d, SUPPORT, SUPPORT])
    c = card_of(game, 0, "Guardião V1")
    s1, s2 = card_of(game, 0, "Escudinho V1", 0), card_of(game, 0, "Escudinho V1", 1)
    enter(game, c, 2, carried=[s1, s2])
    assert shield_of(game, c) == 1 + 2
    game.unload(s1)
    assert shield_of(game, c) == 1 + 1


def test_stage_for_each_revealed_card() -> None:
    d = _action("Revele os três cards do topo de seu deck. Incapacite o alvo em {1} para cada card de personagem "
                "revelado nesta ação.")
    assert d.action is not None
    _, stage = d.action.modes[0].procedures
    assert isinstance(stage, ChangeStage) and stage.amounts == () and stage.amount is not None
    assert stage.amount.x_times == 1 and stage.amount.x is not None and stage.amount.x.what is not None
    assert stage.amount.x.what.union[0].ref is Ref.SLOT


def test_for_each_is_not_read_on_a_gained_power() -> None:
    d = card(HEAD + "\nTexto permanente:\n  Este personagem ganha {VO} para cada herói que você controla.\n")
    assert not d.executable


def test_for_each_on_a_choice_of_stages_is_not_executable() -> None:
    d = card(HEAD + "\nAção: Golpe\n  Custo: {0}\n  Poder: Super Força\n  Incapacite o alvo em {1} ou {2} para "
             "cada herói que você controla.\n")
    assert d.action is not None and not d.executable
