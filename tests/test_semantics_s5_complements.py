"""Complements that fitted no role of their verb (session 5, cluster "complements"): a participle after a power
icon ("um card de habilidade de {VO} carregado no personagem alvo"), ... -- their IR and what the engine does.
The card texts are our own."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Choose, Damage, Kind
from cardscript.runtime.selectors import EffectContext, count
from tests.corpus_play import card_of, enter, match
from tests.engine_helpers import card

HEAD = ("Personagem: Guardião V1\nAlinhamento: Herói\nPoderes: Super Força, Voo\nEnergia inicial: 3\n"
        "Escudo: 0\n")
FLIGHT = card("Habilidade: Asa V1\nPoder: Voo\nAção: Asa\n  Custo: {1}\n  Compre um card.\n")
FORCE = card("Habilidade: Soco V1\nPoder: Super Força\nAção: Soco\n  Custo: {1}\n  Compre um card.\n")


def _action(body: str) -> CardDef:
    return card(HEAD + f"\nAção: Golpe\n  Custo: {{0}}\n  Poder: Super Força\n  {body}\n")


def _permanent(body: str) -> CardDef:
    return card(HEAD + f"\nTexto permanente:\n  {body}\n")


# --- a participle after a power icon is the classified noun's ("de {VO} carregado no personagem alvo") ----------

def test_a_participle_after_a_power_icon_takes_its_place() -> None:
    d = _action("Escolha um card de habilidade de {VO} carregado no personagem alvo.")
    assert d.executable and d.action is not None
    (choose,) = d.action.modes[0].procedures
    assert isinstance(choose, Choose)
    what = choose.what
    assert what.kind is Kind.ABILITY and what.zone == "carried" and what.of is not None
    assert what.of.ref is not None and what.of.ref.name == "TARGET"


def test_a_count_of_cards_of_a_power_carried_by_every_character_on_the_engine() -> None:
    d = _action("Golpe causa X pontos de dano no alvo. X é igual ao número de cards de habilidade de {VO} "
                "carregados em todos os personagens.")
    assert d.executable and d.action is not None
    (hit,) = d.action.modes[0].procedures
    assert isinstance(hit, Damage) and hit.amount.x is not None
    game = match([d, FLIGHT, FLIGHT, FORCE])
    c = card_of(game, 0, "Guardião V1")
    enter(game, c, 0, carried=[card_of(game, 0, "Asa V1", 0), card_of(game, 0, "Asa V1", 1),
                               card_of(game, 0, "Soco V1")])
    assert count(game, EffectContext(controller=0, source=c), hit.amount.x) == 2      # only the two of {VO}
