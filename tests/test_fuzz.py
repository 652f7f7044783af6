"""Property tests: the compiler answers any input with an AST or diagnostics, never an exception."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardscript.compiler.pipeline import compile_source
from cardscript.core.source import SourceFile

SEED_CARD = """Personagem: Callisto V1
Alter ego: Alexandra Gabler
Alinhamento: Vilão
Afiliações: Morlocks
Poderes: Agilidade, Elasticidade
Energia inicial: 3
Escudo: 1

Texto permanente:
  Quando este personagem entrar em cena, você pode procurar em seu deck por um card de personagem.
  Compre um card. Se o fizer, revele aquele card, coloque-o em sua mão e embaralhe o seu deck.

Ação: Supremacia Tática
  Custo: {1}
  Poder: Elasticidade
  Supremacia Tática causa 1 ponto de dano no alvo. Incapacite o alvo em {1}.
"""


@st.composite
def mutated_card(draw: st.DrawFn) -> str:
    text = SEED_CARD
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["insert", "delete", "replace"]))
        junk = draw(st.text(alphabet=st.sampled_from(list("abc éõ{}()-:,.\n\t0123XÇ#&<>")), max_size=6))
        if op == "insert":
            text = text[:i] + junk + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + len(junk):]
        else:
            text = text[:i] + junk + text[i + len(junk):]
    return text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_card())
def test_mutated_cards_never_raise(text: str) -> None:
    card = compile_source(SourceFile("fuzz.card", text))
    assert all(d.code != "CS900" for d in card.diagnostics), [d.message for d in card.diagnostics]
    for d in card.diagnostics:
        line, col = d.location()
        assert line >= 1 and col >= 1


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_never_raises(text: str) -> None:
    card = compile_source(SourceFile("any.card", text))
    assert all(d.code != "CS900" for d in card.diagnostics)
