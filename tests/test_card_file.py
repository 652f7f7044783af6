"""The card-file front end: structure, header values and spans, diagnostics, robustness."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardscript.compiler.header import CardFileRaw, HeaderField
from cardscript.compiler.vocabulary import ActionType, Alignment, CardType, Cost, Power
from cardscript.core.diagnostics import CODES, Diagnostic, format_text
from cardscript.core.source import SourceFile, Span
from cardscript.grammar import card_file
from cardscript.grammar.card_file import read_card_file

RAIO_NEGRO = """\
Personagem: Raio Negro V1
Código: BSUM 12/100
Alter ego: Blackagar Boltagon
Alinhamento: Herói
Afiliações: Inumanos, Illuminati
Poderes: Ataque Energético, Voo
Energia inicial: 5
Escudo: 2
Raridade: Raro

Texto permanente:
  Este personagem ganha {AG}.
  Pelotão.

Ação: Grito Hipersônico
  Custo: {2}
  Poder: Ataque Energético
  Tipo: Ação de Antecipar, Ação Imprevista
  Grito Hipersônico causa X pontos de dano penetrante no alvo. X é igual ao número de cards que o alvo estiver \
carregando.
"""

FENIX = """\
Personagem-EV: Fênix Negra V1
Alter ego: Jean Grey-Summers
Alinhamento: Vilão
Poderes: Ataque Energético, Telecinesia, Telepatia, Voo
Energia inicial: 7
Valor de acréscimo: 2
Escudo: 2
Evolução: Personagem com alter ego Jean Grey-Summers

Texto permanente:
  Quando este personagem entrar em cena, compre um card.
"""


def read(text: str, path: str = "test.card") -> tuple[CardFileRaw | None, list[Diagnostic]]:
    return read_card_file(SourceFile(path, text))


def ok(text: str) -> CardFileRaw:
    raw, diags = read(text)
    assert diags == [], "\n".join(format_text(d) for d in diags)
    assert raw is not None
    return raw


def at(text: str, span: Span) -> str:
    return text[span.start:span.end]


def errors(text: str) -> list[tuple[str, int, int]]:
    raw, diags = read(text)
    assert raw is None
    return [(d.code, *d.location()) for d in diags]


# --- reading good files --------------------------------------------------------------------------------------


def test_reads_the_example_card() -> None:
    raw = ok(RAIO_NEGRO)
    h = raw.header
    assert (h.card_type, h.name, h.version) == (CardType.PERSONAGEM, "Raio Negro", 1)
    assert h.code == "BSUM 12/100" and h.alter_ego == "Blackagar Boltagon"
    assert h.alignments == (Alignment.HEROI,)
    assert h.affiliations == ("Inumanos", "Illuminati")
    assert h.powers == (Power.ATAQUE_ENERGETICO, Power.VOO)
    assert (h.initial_energy, h.shield, h.rarity, h.power, h.addition_value, h.evolution) == (5, 2, "Raro",
                                                                                              None, None, None)
    assert raw.permanent is not None
    assert [p.text for p in raw.permanent] == ["Este personagem ganha {AG}.", "Pelotão."]
    assert raw.action is not None
    assert raw.action.name == "Grito Hipersônico" and raw.action.cost is Cost.TWO
    assert raw.action.power is Power.ATAQUE_ENERGETICO
    assert raw.action.types == (ActionType.ANTECIPAR, ActionType.IMPREVISTA)
    assert len(raw.action_text) == 1 and raw.action_text[0].text.startswith("Grito Hipersônico causa X")


def test_spans_point_at_the_values() -> None:
    raw = ok(RAIO_NEGRO)
    s = raw.header.spans
    assert at(RAIO_NEGRO, s.card_type) == "Personagem"
    assert at(RAIO_NEGRO, s.name) == "Raio Negro"
    assert at(RAIO_NEGRO, s.version) == "V1"
    assert at(RAIO_NEGRO, s.title) == "Personagem: Raio Negro V1"
    assert s.code is not None and at(RAIO_NEGRO, s.code) == "BSUM 12/100"
    assert [at(RAIO_NEGRO, x) for x in s.affiliations] == ["Inumanos", "Illuminati"]
    assert [at(RAIO_NEGRO, x) for x in s.powers] == ["Ataque Energético", "Voo"]
    assert s.shield is not None and raw.source.position(s.shield.start) == (8, 9)
    assert [f for f, _ in s.fields][:2] == [HeaderField.CODE, HeaderField.ALTER_EGO]
    assert raw.permanent_span is not None and at(RAIO_NEGRO, raw.permanent_span) == "Texto permanente"
    assert raw.action is not None and raw.action_span is not None
    assert at(RAIO_NEGRO, raw.action_span) == "Ação"
    a = raw.action.spans
    assert at(RAIO_NEGRO, a.name) == "Grito Hipersônico"
    assert a.cost is not None and at(RAIO_NEGRO, a.cost) == "{2}"
    assert [at(RAIO_NEGRO, t) for t in a.types] == ["Ação de Antecipar", "Ação Imprevista"]


def test_paragraph_offsets_are_absolute_file_offsets() -> None:
    raw = ok(RAIO_NEGRO)
    assert raw.permanent is not None
    para = raw.permanent[1]
    assert RAIO_NEGRO[para.origin[0]:para.origin[-1] + 1] == "Pelotão."
    assert raw.source.position(para.origin[0]) == (13, 3)
    text = raw.action_text[0]
    assert raw.source.position(text.origin[0]) == (19, 3)


def test_personagem_ev_evolution_is_a_text_paragraph_with_spans() -> None:
    raw = ok(FENIX)
    h = raw.header
    assert h.card_type is CardType.PERSONAGEM_EV and h.addition_value == 2
    assert h.evolution is not None and h.evolution.text == "Personagem com alter ego Jean Grey-Summers"
    assert FENIX[h.evolution.origin[0]:h.evolution.origin[-1] + 1] == h.evolution.text
    assert raw.action is None and raw.action_text == ()


def test_addition_value_may_be_printed_with_its_sign() -> None:
    """BSAQ prints the Valor de Acréscimo as an addition ("+2"): the same value as "2"."""
    assert ok(FENIX.replace("Valor de acréscimo: 2", "Valor de acréscimo: +2")).header.addition_value == 2
    raw, diags = read(FENIX.replace("Valor de acréscimo: 2", "Valor de acréscimo: +"))
    assert raw is None and [d.code for d in diags] == ["CS012"]


def test_keys_match_without_case_or_accents_and_ev_spellings() -> None:
    text = ("PERSONAGEM - EV: Fenix V2\ncodigo: X 1\nALTER EGO: Jean\nafiliacoes: X-Men\nenergia INICIAL: 7\n"
            "valor de acrescimo: 2\nescudo: 2\nevolucao: Qualquer personagem\n\nTEXTO PERMANENTE:\n  Pelotão.\n"
            "acao: Golpe\n  CUSTO: {x}\n  poder: {tc}\n  tipos: acao imprevista\n"
            "  Golpe causa X pontos de dano no alvo.\n")
    raw = ok(text)
    assert raw.header.card_type is CardType.PERSONAGEM_EV and raw.header.version == 2
    assert raw.header.affiliations == ("X-Men",)
    assert raw.action is not None and raw.action.cost is Cost.X and raw.action.power is Power.TELECINESIA
    assert raw.action.types == (ActionType.IMPREVISTA,)


def test_minimal_cards_of_each_type() -> None:
    assert ok("Cenário: Batalha V1\nTexto permanente:\n  Compre um card.\n").header.card_type is CardType.CENARIO
    hab = ok("Habilidade: Obliterar V1\nPoder: Poder Cósmico\nAção: Obliterar\n  Custo: {2}\n  Obliterar causa 9.\n")
    assert hab.header.power is Power.PODER_COSMICO and hab.permanent is None
    sup = ok("Suporte: Zeus V1\nAfiliações: Thunderbolts\nEnergia inicial: 5\nEscudo: 2\n")
    assert sup.header.card_type is CardType.SUPORTE and sup.permanent is None and sup.action is None


def test_corpus_shapes_no_alter_ego_no_powers_no_cost_star_shield() -> None:
    """Shapes the corpus has: characters without alter ego/alignment/powers, actions without a printed cost
    (BSIV abilities), a shield defined by the card's text (Mulher Invisível: `*`), N/A characteristics."""
    raw = ok("Personagem: Mulher Invisível V1\nAlinhamento: N/A\nEnergia inicial: 4\nEscudo: *\n"
             "Ação: Campo\n  Poder: Telecinesia\n  Campo causa 1 ponto de dano no alvo.\n")
    assert raw.header.shield == "*" and raw.header.alignments == () and raw.header.alter_ego is None
    assert raw.action is not None and raw.action.cost is None


def test_robust_to_crlf_tabs_bom_trailing_spaces_and_no_final_newline() -> None:
    text = ("\ufeffPersonagem: Raio Negro V1  \r\nEnergia inicial:\t5\r\nEscudo : 2 \r\n\r\n"
            "Texto permanente:  \r\n\tEste personagem ganha {AG}.  \r\n\t  Pelotão.")
    raw = ok(text)
    assert raw.header.name == "Raio Negro" and raw.header.shield == 2 and raw.header.initial_energy == 5
    assert raw.permanent is not None and [p.text for p in raw.permanent] == ["Este personagem ganha {AG}.",
                                                                              "Pelotão."]
    assert raw.source.position(raw.permanent[1].origin[0]) == (7, 4)


def test_site_markup_in_text_lines_is_normalised() -> None:
    raw = ok("Cenário: X V1\nTexto permanente:\n  #&#Item Único.<br>Compre um card.\n")
    assert raw.permanent is not None and [p.text for p in raw.permanent] == ["Item Único.", "Compre um card."]
    assert raw.permanent[1].origin[0] == raw.source.text.index("Compre")


def test_comments_in_column_1_only_an_indented_hash_is_card_text() -> None:
    """Barracuda's action is called `#?@&!$`: an indented line starting with # is card text."""
    text = ("# cabeçalho\nPersonagem: Barracuda V1\nEnergia inicial: 4\n# meio\nEscudo: 1\n\n"
            "Ação: #?@&!$\n  Custo: {1}\n# antes do texto\n  #?@&!$ causa 1 ponto de dano no alvo.\n")
    raw = ok(text)
    assert raw.action is not None and raw.action.name == "#?@&!$"
    assert [p.text for p in raw.action_text] == ["#?@&!$ causa 1 ponto de dano no alvo."]
    assert [c.text for c in raw.comments] == ["# cabeçalho", "# meio", "# antes do texto"]
    assert raw.source.position(raw.comments[1].span.start) == (4, 1)


def test_blocks_in_either_order() -> None:
    raw = ok("Habilidade: X V1\nAção: A\n  Custo: {0}\n  Compre um card.\n\nTexto permanente:\n  Item Único.\n")
    assert raw.permanent is not None and raw.action is not None


# --- diagnostics ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, expected", [
    ("", [("CS010", 1, 1)]),
    ("\n\n  \n", [("CS010", 1, 1)]),
    ("# só um comentário\n", [("CS010", 1, 1)]),
    ("Personagen: Raio Negro V1\nEnergia inicial: 5\nEscudo: 2\n", [("CS010", 1, 1)]),
    ("Código: BSUM 1/100\nEnergia inicial: 5\n", [("CS010", 1, 1)]),
    ("Raio Negro V1\n", [("CS010", 1, 1)]),
    ("Texto permanente:\n  Pelotão.\n", [("CS010", 1, 1)]),
    ("Personagem: Raio Negro\nEnergia inicial: 5\nEscudo: 2\n", [("CS012", 1, 13)]),
    ("Personagem:\nEnergia inicial: 5\nEscudo: 2\n", [("CS012", 1, 1)]),
    ("Personagem: V1\nEnergia inicial: 5\nEscudo: 2\n", [("CS012", 1, 13)]),
    ("Personagem: X V1\nEnergia incial: 5\nEnergia inicial: 5\nEscudo: 2\n", [("CS011", 2, 1)]),
    ("Personagem: X V1\nEnergia inicial: cinco\nEscudo: 2\n", [("CS012", 2, 18)]),
    ("Personagem: X V1\nEnergia inicial: 5\nEscudo: -1\n", [("CS012", 3, 9)]),
    ("Personagem: X V1\nPoderes: Voo, Agilidadee\nEnergia inicial: 5\nEscudo: 2\n", [("CS012", 2, 15)]),
    ("Personagem: X V1\nAlinhamento: Herói, Neutro\nEnergia inicial: 5\nEscudo: 2\n", [("CS012", 2, 21)]),
    ("Personagem: X V1\nAlinhamento: Herói, Herói\nEnergia inicial: 5\nEscudo: 2\n", [("CS012", 2, 21)]),
    ("Personagem: X V1\nAfiliações: A,, B\nEnergia inicial: 5\nEscudo: 2\n", [("CS012", 2, 15)]),
    ("Personagem: X V1\nEnergia inicial: 5\n", [("CS013", 1, 1)]),
    ("Personagem-EV: X V1\nEnergia inicial: 5\nEscudo: 2\nValor de acréscimo: 2\n", [("CS013", 1, 1)]),
    ("Personagem: X V1\nEnergia inicial: 5\nEscudo: 2\nEscudo: 3\n", [("CS014", 4, 1)]),
    ("Personagem: X V1\nPersonagem: Y V1\nEnergia inicial: 5\nEscudo: 2\n", [("CS014", 2, 1)]),
    ("Habilidade: X V1\nEscudo: 2\n", [("CS015", 2, 1)]),
    ("Habilidade: X V1\nPoderes: Voo\n", [("CS015", 2, 1)]),
    ("Personagem: X V1\nPoder: Voo\nEnergia inicial: 5\nEscudo: 2\n", [("CS015", 2, 1)]),
    ("Personagem: X V1\nEnergia inicial: 5\nEscudo: 2\nValor de acréscimo: 1\n", [("CS015", 4, 1)]),
    ("Cenário: X V1\nCusto: {1}\n", [("CS020", 2, 1)]),
    ("Cenário: X V1\n  Compre um card.\n", [("CS020", 2, 1)]),
    ("Cenário: X V1\nTexto permanente:\nCompre um card.\n", [("CS020", 3, 1)]),
    ("Cenário: X V1\nTexto permanente:\n  Compre.\nRaridade: Rara\n", [("CS020", 4, 1)]),
    ("Cenário: X V1\nTexto permanente: Compre um card.\n", [("CS020", 2, 19)]),
    ("Cenário: X V1\nTexto permanente\n  Compre.\n", [("CS020", 2, 1)]),
    ("Cenário: X V1\nTexto permanente:\n  Poder: Voo\n  Compre.\n", [("CS020", 3, 3)]),
    ("Habilidade: X V1\nAção: A\n  Custo: {1}\n  A causa 1.\n  Poder: Voo\n", [("CS020", 5, 3)]),
    ("  Personagem: X V1\n", [("CS020", 1, 1)]),
    ("Cenário: X V1\nTexto permanente:\n\n", [("CS021", 2, 1)]),
    ("Habilidade: X V1\nAção: A\n  Custo: {1}\n", [("CS021", 2, 1)]),
    ("Cenário: X V1\nTexto permanente:\n  A.\nTexto permanente:\n  B.\n", [("CS022", 4, 1)]),
    ("Habilidade: X V1\nAção: A\n  Custo: {3}\n  A causa 1.\n", [("CS012", 3, 10)]),
    ("Habilidade: X V1\nAção: A\n  Custo: {1}\n  Custo: {2}\n  A causa 1.\n", [("CS014", 4, 3)]),
    ("Habilidade: X V1\nAção: A\n  Poder: Vooo\n  A causa 1.\n", [("CS012", 3, 10)]),
    ("Habilidade: X V1\nAção: A\n  Tipo: Ação de Antecipação\n  A causa 1.\n", [("CS012", 3, 9)]),
    ("Habilidade: X V1\nAção:\n  A causa 1.\n", [("CS012", 2, 1)]),
])
def test_bad_files_give_located_diagnostics(text: str, expected: list[tuple[str, int, int]]) -> None:
    assert errors(text) == expected


def test_messages_and_hints() -> None:
    _, diags = read("Personagen: X V1\n")
    assert diags[0].hint == "did you mean `Personagem`?"
    _, diags = read("Personagem: X V1\nAfilicoes: A\nEnergia inicial: 5\nEscudo: 2\n")
    assert diags[0].message == "unknown header field `Afilicoes`" and diags[0].hint == "did you mean `Afiliações`?"
    _, diags = read("Personagem: X V1\nPoderes: Agilidad\nEnergia inicial: 5\nEscudo: 2\n")
    assert diags[0].hint == "did you mean `Agilidade`?"
    _, diags = read("Personagem: X V1\nEnergia inicial: 5\nEscudo: 2\nEscudo: 3\n")
    assert diags[0].notes == ("first given at line 3, column 1",)
    _, diags = read("Personagem: X V1\nEscudo: 2\n")
    assert "Energia inicial" in diags[0].message


def test_lark_errors_become_cs020_in_words() -> None:
    raw, diags = read("\n   Personagem: X V1\n")
    assert raw is None and [d.code for d in diags] == ["CS020"]
    d = diags[0]
    assert d.location() == (2, 1)
    assert "INDENT" not in d.message and "indented line" in d.message
    assert d.hint is not None and "column 1" in d.hint


def test_syntax_error_words_for_other_unexpected_tokens() -> None:
    """The conversion names what was expected in words, never with terminal names."""
    from lark.exceptions import UnexpectedToken
    from lark.lexer import Token

    reader = card_file._Reader(SourceFile("x.card", "Cenário: X V1\n"))
    tok = Token("INDENT", "  ", start_pos=0, end_pos=2)
    reader.syntax_error(UnexpectedToken(tok, {"KEY", "PERMANENT", "$END"}))  # type: ignore[no-untyped-call]
    tok = Token("TEXT", "abc", start_pos=3, end_pos=6)
    reader.syntax_error(UnexpectedToken(tok, {"KEY", "_NL"}))  # type: ignore[no-untyped-call]
    assert reader.diags[1].message == ("unexpected card text; expected a header line `Campo: valor` or the end "
                                       "of the line")
    assert all(d.code == "CS020" for d in reader.diags)


def test_errors_only_on_bad_files_and_result_is_none() -> None:
    raw, diags = read("Personagem: X V1\nEnergia inicial: 5\nEscudo: 2\nFoo: 1\n")
    assert raw is None and [d.code for d in diags] == ["CS011"]


@pytest.mark.parametrize("text", [
    "\x00\x01\x02", "\ufeff", "\r\r\r", "::::\n:::", "\x0b\x0cPersonagem: X V1", "Ação: \n  Custo:\n",
    "Personagem: X V1\n\u2028Escudo: 1", "\udcff\n  \udcfe", "Personagem: X V99999999999999999999\n",
    "#\n#\n#", "Habilidade: A V1\nAção: B\n  Tipo: ,,\n  x\n", "Cenário: \x00 V1\nTexto permanente:\n  \x00\n",
])
def test_never_raises_on_garbage(text: str) -> None:
    raw, diags = read(text)
    assert raw is None or diags == []
    for d in diags:
        assert d.code in CODES and d.code != "CS900"
        assert 0 <= d.span.start <= d.span.end <= len(text)
        format_text(d)


# --- properties ----------------------------------------------------------------------------------------------

_ALPHABET = st.sampled_from(list("Personagem: V1\nCódigo:Escudo2 \t\r#&{}<br>,-*ÇçãAção\x00\ufeff") + [
    "Texto permanente:", "Ação: ", "  ", "\n  Custo: {1}", "Poder:", "Tipo:", "Energia inicial: 5", "\r\n",
])


def _check(text: str) -> None:
    raw, diags = read(text)
    assert raw is None or all(d.severity.value != "error" for d in diags)
    for d in diags:
        assert d.code in CODES
        assert d.code != "CS900", format_text(d)
        assert 0 <= d.span.start <= d.span.end <= len(text)
    if raw is not None:
        for para in (*(raw.permanent or ()), *raw.action_text):
            assert all(0 <= o < len(text) for o in para.origin)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_property_never_raises_on_arbitrary_text(text: str) -> None:
    _check(text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_ALPHABET, max_size=60).map("".join))
def test_property_never_raises_on_card_like_text(text: str) -> None:
    _check(text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_property_never_raises_on_mutated_card(data: st.DataObject) -> None:
    text = RAIO_NEGRO
    for _ in range(data.draw(st.integers(1, 6))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 12)))
        insert = data.draw(st.one_of(st.text(max_size=8), _ALPHABET))
        text = text[:i] + insert + text[j:]
    _check(text)


# --- the parser cache ----------------------------------------------------------------------------------------


@pytest.fixture
def fresh_parser() -> Iterator[None]:
    card_file.card_file_parser.cache_clear()
    yield
    card_file.card_file_parser.cache_clear()


def test_parser_is_cached_per_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_parser: None) -> None:
    """The tables in the user cache folder (``$CARDSCRIPT_CACHE_DIR`` when set), under ``lark/``, named by Lark's
    version: written once, read after."""
    import lark

    monkeypatch.setenv("CARDSCRIPT_CACHE_DIR", str(tmp_path))
    card_file.card_file_parser()
    files = list((tmp_path / "lark").glob(f"card_file-lark{lark.__version__}-*.lark-cache"))
    assert len(files) == 1 and files[0].stat().st_size > 0
    card_file.card_file_parser.cache_clear()
    ok(RAIO_NEGRO)  # loads from the cache file
    assert list((tmp_path / "lark").iterdir()) == files


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_CACHE_HOME is the Linux user cache folder")
def test_the_user_cache_folder_honours_xdg_cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      fresh_parser: None) -> None:
    monkeypatch.delenv("CARDSCRIPT_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    card_file.card_file_parser()
    assert list((tmp_path / "cardscript" / "lark").glob("card_file-*.lark-cache"))


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root can write anywhere")
def test_parser_works_without_a_writable_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               fresh_parser: None) -> None:
    tmp_path.chmod(stat.S_IRUSR | stat.S_IXUSR)
    monkeypatch.setenv("CARDSCRIPT_CACHE_DIR", str(tmp_path))
    try:
        ok(RAIO_NEGRO)
    finally:
        tmp_path.chmod(stat.S_IRWXU)


def test_parser_works_when_cache_home_is_not_a_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         fresh_parser: None) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("CARDSCRIPT_CACHE_DIR", str(blocker))
    ok(RAIO_NEGRO)
