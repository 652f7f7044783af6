"""Alter egos named in card texts, and a carried card "em cena" (4.4.2.1 A.4, 4.4.2.2 A.2a, 4.4.2.3 A.1.1).

- A name printed whole is one name even when shorter known names cover it: a panel "com o alter ego Robert Bruce
  Banner" names one alter ego, not "Robert" and "Bruce Banner" side by side (the open vocabulary, language.md).
- A text naming an alter ego in its longer form aims at the cards printing the shorter one: the given name and
  surname printed end the named one ("Robert Bruce Banner" and "Bruce Banner"); one word alone is no full name.
- "Enquanto este card ... estiver em cena" on an ability card carried by a character in the scene: its permanent
  text works there (4.4.2.3 A.1.1), so the card is in the scene as its text means it.
"""

from __future__ import annotations

from cardscript.games.battle_scenes.runtime.filters import _same_person
from cardscript.games.battle_scenes.runtime.shielding import shield
from cardscript.grammar.names import NameRegistry
from cardscript.grammar.parser import parse_paragraph
from tests.engine_helpers import card, in_scene, own_character, small_game


def _names(tree: object) -> list[str]:
    from lark import Token, Tree

    assert isinstance(tree, Tree)
    return [str(t) for t in tree.scan_values(lambda v: isinstance(v, Token) and v.type == "NAME")]


def test_4_4_2_2_a2a_a_panel_name_covered_by_two_known_names_is_one_name() -> None:
    names = NameRegistry()
    names.add("alter_ego", "Robert")
    names.add("alter_ego", "Bruce Banner")
    tree = parse_paragraph("Personagem com o alter ego Robert Bruce Banner", names, start="panel")
    assert _names(tree) == ["Robert Bruce Banner"]
    # a known name closed by its period still ends there: the next sentence may start after it
    names.add("affiliation", "H.I.D.R.A.")
    tree = parse_paragraph("Descarte um card de H.I.D.R.A. Se o fizer, compre um card.", names)
    assert "H.I.D.R.A." in _names(tree)


def test_4_4_2_1_a4_an_alter_ego_named_in_its_longer_form() -> None:
    assert _same_person("robert bruce banner", "bruce banner")
    assert _same_person("bruce banner", "bruce banner")
    assert not _same_person("bruce banner", "robert bruce banner")    # the shorter name does not aim at the longer
    assert not _same_person("robert baldwin", "baldwin")               # one word alone is no full name
    assert not _same_person("robert", "robert baldwin")
    assert not _same_person("robert bruce banner", "robert banner")


AMULET = card("""Habilidade: Amuleto de Teste V1
Poder: Super Força

Texto permanente:
  Enquanto este card estiver em cena, o personagem que estiver carregando este card ganha Escudo +2.
""")


def test_4_4_2_3_a1_1_a_carried_ability_card_is_in_the_scene() -> None:
    game = small_game({0: own_character("Portador", shield=1), 1: AMULET})
    in_scene(game, 0, [1, 2])
    assert shield(game, 0) == 3


_NO_PLACING = ("Seus oponentes não podem colocar em cena cards com nomes iguais aos dos cards que você derrotou e que "
               "estejam nos seus prêmios.")
CONQUEROR = card(f"""Personagem: Conquistador de Teste V1
Alinhamento: Vilão
Poderes: Genialidade
Energia inicial: 3
Escudo: 1

Texto permanente:
  {_NO_PLACING}
""")


def test_4_9_1_the_cards_you_defeated_are_in_your_prizes() -> None:
    """"que você derrotou": in your prizes (4.9.1); the coordinated "e que estejam nos seus prêmios" has no subject
    of its own, so its "seus" is the first relative's "você", not the main clause's "Seus oponentes"."""
    from cardscript.compiler.ir import Ref, Restrict

    (effect,) = CONQUEROR.effects
    (proc,) = effect.procedures
    assert isinstance(proc, Restrict) and proc.what == "put_in_scene"
    assert proc.by is not None and proc.by.ref is Ref.OPPONENT
    assert proc.subject is not None
    (shares,) = proc.subject.filters
    assert shares.field == "name" and shares.op == "shares"
    defeated = shares.value
    assert not isinstance(defeated, str) and defeated.zone == "prizes" and defeated.zone_owner is Ref.YOU
