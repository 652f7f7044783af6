"""4.6.2 C.1 waived by a grant: "... pode usar mais uma ação ... neste turno mesmo que ele tenha entrado em cena neste
turno" -- "mesmo que" is a concessive conjunction (grammar), read as the grant's waiver (``ExtraAction.ready``);
the runtime lets the use that grant allows be made by a character that entered the scene this turn, and a grant
without it leaves C.1 as it is."""

from __future__ import annotations

from cardscript.compiler.ir import ExtraAction
from tests.engine_helpers import card

_CARD = """Habilidade: Passo Largo V1
Poder: Voo

Ação: Passo Largo
  Custo: {{0}}
  Poder: Voo
  Compre um card. {text}
"""


def _grant(text: str) -> ExtraAction:
    action = card(_CARD.format(text=text)).action
    assert action is not None
    (grant,) = [p for m in action.modes for p in m.procedures if isinstance(p, ExtraAction)]
    return grant


def test_4_6_2_c1_mesmo_que_waives_entering_this_turn() -> None:
    grant = _grant("O personagem que usou esta ação pode usar mais uma ação de {VO} neste turno mesmo que ele tenha "
                   "entrado em cena neste turno.")
    assert grant.ready
    assert [(f.field, f.value) for f in grant.action_filters] == [("power", "VO")]


def test_4_6_2_c1_a_grant_without_it_keeps_c1() -> None:
    assert not _grant("O personagem que usou esta ação pode usar mais uma ação de {VO} neste turno.").ready
