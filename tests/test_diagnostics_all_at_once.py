"""Diagnostics that find everything at once (issue 13, part 3): one pass reports every independent problem of a
file -- the header's and the text's, several in one paragraph where the parser can resume at the next sentence --
in the order of their places."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardscript.cli import main
from cardscript.compiler.pipeline import compile_paths

TEN_MISTAKES = """Personagem: Dez Erros V1
Alinhamento: Heroi Malvado
Afiliações: X-Men
Poderes: Voo
Energia inicial: um
Escudo: muito
Cor: azul

Texto permanente:
  Compre um xyzzy. Descarte um card. Incapacite um wobble.
  Quando este personagem entrar em cena, compre um frobnicate.
  Durante sua Fase de Jantar, este personagem ganha Voo.
  Enquanto você controlar um personagem com a afiliação Vingadoras Secretas, este personagem ganha {ZZ}.

Ação: Golpe Errado
  Custo: {1}
  Poder: Voo
  Golpe Errado causa 1 ponto de dano no personagem alvo. Compre um blorp.
"""

EXPECTED = [  # (line, column, code): ten mistakes, each found in the one run
    (2, 14, "CS012"),      # an alignment that is none
    (5, 18, "CS012"),      # an energy that is no number
    (6, 9, "CS012"),       # a shield that is no number
    (7, 1, "CS011"),       # a field no card has
    (10, 13, "CS100"),     # an unknown word in the first sentence ...
    (10, 52, "CS100"),     # ... and another two sentences later, in the same paragraph
    (11, 52, "CS100"),     # in a triggered effect
    (12, 11, "CS210"),     # a phase the turn does not have
    (13, 100, "CS103"),    # an icon that is none
    (18, 68, "CS100"),     # in the action's second sentence
]


def test_ten_mistakes_are_reported_in_one_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    card = tmp_path / "dez-erros-v1.card"
    card.write_text(TEN_MISTAKES, encoding="utf-8")
    assert main(["check", str(card)]) == 1
    out = capsys.readouterr().out
    for line, col, code in EXPECTED:
        assert f"{card}:{line}:{col}: error[{code}]" in out, (line, col, code)
    found = [tuple(int(n) for n in row.split(":")[1:3]) for row in out.splitlines() if row.startswith(f"{card}:")]
    assert found == sorted(found)                      # in the order of their places
    assert "warning[CS220] unknown name 'Vingadoras Secretas'" in out


def test_a_card_whose_header_does_not_read_stays_unread(tmp_path: Path) -> None:
    """Its text is checked for diagnostics only: the card neither lowers nor counts as parsed."""
    card = tmp_path / "dez-erros-v1.card"
    card.write_text(TEN_MISTAKES, encoding="utf-8")
    (compiled,) = compile_paths([card])
    assert compiled.raw is None and not compiled.parsed and compiled.permanent is None


def test_a_paragraph_that_parses_gets_no_extra_diagnostic(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Resuming only follows a failure: a sound paragraph of several sentences, after a broken one, is quiet."""
    card = tmp_path / "um-erro-v1.card"
    card.write_text("Habilidade: Um Erro V1\nPoder: Voo\n\nAção: Um Erro\n  Custo: {1}\n  Poder: Voo\n"
                    "  Compre um xyzzy.\n  Um Erro causa 1 ponto de dano no personagem alvo. Se o fizer, compre um "
                    "card.\n", encoding="utf-8")
    assert main(["check", str(card)]) == 1
    out = capsys.readouterr().out
    assert out.count("error[") == 1 and ":7:13: error[CS100]" in out
