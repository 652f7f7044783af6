"""Words that had no meaning (session 5, round 5, cluster "words"): a finite verb joined by "e" to a relative
clause ("personagens que estiverem carregando X *e tenham {TE}*") is a second relative on the same noun, sharing
its "que" and its gap (both must hold). Card texts are our own."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Filter, Restrict
from tests.engine_helpers import card

HEAD = "Habilidade: Foco Mental V1\nPoder: Telepatia\n\nTexto permanente:\n  "


def _skill(text: str) -> CardDef:
    return card(HEAD + text + "\n")


def test_a_verb_joined_by_e_to_a_relative_is_a_second_relative_of_the_same_noun() -> None:
    """"Apenas personagens que estiverem carregando Foco Mental e tenham {TE} podem usar ações de {GE}": the
    characters excluded from the prohibition (4.6.2 D) carry this card AND have {TE} -- one filter per relative."""
    d = _skill("Apenas personagens que estiverem carregando Foco Mental e tenham {TE} podem usar ações de {GE}.")
    assert d.executable, [e.why for e in d.effects]
    (restrict,) = d.effects[0].procedures
    assert isinstance(restrict, Restrict) and restrict.what == "use_action"
    assert restrict.action_filters == (Filter("power", "has", "GE"),)
    only = restrict.subject.excluding
    assert only is not None
    assert [f.field for f in only.filters] == ["carrying", "power"]
    assert only.filters[1] == Filter("power", "has", "TE")


def test_a_negated_second_verb_is_not_read_as_the_first_relatives_polarity() -> None:
    """"... e não tenham {TE}": the second verb's own negation is not taken over by the copy of the first clause;
    it stays not executable rather than reading "e tenham"."""
    d = _skill("Apenas personagens que estiverem carregando Foco Mental e não tenham {TE} podem usar ações de {GE}.")
    assert not d.executable
