"""Corpus records and plain printed text to card files; the canonical layout (``fmt``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardscript.compiler.header import CardFileRaw
from cardscript.compiler.translate import (
    card_file_name,
    clean_printed_text,
    format_card_text,
    plain_text_to_card_text,
    record_to_card_text,
)
from cardscript.compiler.vocabulary import CardType, Cost, Power
from cardscript.core.diagnostics import format_text
from cardscript.core.normalize import Normalized
from cardscript.core.source import SourceFile
from cardscript.grammar.card_file import read_card_file

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "battle-scenes-cards-dev.jsonl"

RECORD: dict[str, Any] = {
    "code": "BSUM 12/100", "collection": "BSUM", "name": "Raio Negro", "version": "V1",
    "alter_ego": "Blackagar Boltagon", "type": "Personagem", "alignments": ["Herói"],
    "affiliations": ["Inumanos", "Illuminati"], "powers": ["Ataque Energético", "Voo"], "initial_energy": "5",
    "addition_value": "", "shield": "2",
    "action": {"name": "Grito Hipersônico", "text": "Grito Hipersônico causa X pontos de dano penetrante no alvo.",
               "power": "Ataque Energético", "cost": "2", "types": ["Ação de Antecipar", "Ação Imprevista"]},
    "permanent_text": "Este personagem ganha {AG}.<br>#&#Pelotão.", "ev_text": "", "errata": "", "faqs": "",
    "rarity": "Raro",
}

EXPECTED = """\
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
  Grito Hipersônico causa X pontos de dano penetrante no alvo.
"""


def read_ok(text: str, path: str = "t.card") -> CardFileRaw:
    raw, diags = read_card_file(SourceFile(path, text))
    assert diags == [], text + "\n" + "\n".join(format_text(d) for d in diags)
    assert raw is not None
    return raw


def printed(raw: CardFileRaw, paras: tuple[Normalized, ...] | None) -> list[str]:
    """The paragraphs as written in the file (not normalised), for a formatter fixpoint."""
    return [raw.source.text[p.origin[0]:p.origin[-1] + 1] for p in paras or ()]


def fmt(raw: CardFileRaw) -> str:
    return format_card_text(raw, printed(raw, raw.permanent), printed(raw, raw.action_text))


# --- corpus records ------------------------------------------------------------------------------------------


def test_record_to_card_text_writes_the_canonical_layout() -> None:
    assert record_to_card_text(RECORD) == EXPECTED


def test_record_special_shapes() -> None:
    ev = dict(RECORD, type="Personagem - EV", addition_value="2", ev_text="Evolução: Qualquer Personagem Vilão",
              alignments=[], powers=[], action=None, permanent_text="")
    text = record_to_card_text(ev)
    assert text.splitlines()[0] == "Personagem-EV: Raio Negro V1"
    assert "Valor de acréscimo: 2\nEscudo: 2\nEvolução: Qualquer Personagem Vilão\n" in text
    assert "Alinhamento" not in text and "Poderes" not in text and "Ação" not in text
    raw = read_ok(text)
    assert raw.header.evolution is not None and raw.header.evolution.text == "Qualquer Personagem Vilão"

    ability = dict(RECORD, type="Habilidade", alter_ego="", alignments=[], affiliations=[], powers=["Magia"],
                   initial_energy="", shield="", permanent_text="",
                   action={"name": "Celeridade", "text": "Compre 2 cards.", "power": None, "cost": None,
                           "types": []})
    text = record_to_card_text(ability)
    assert "Poder: Magia\n" in text and "Custo" not in text and "  Poder" not in text
    raw = read_ok(text)
    assert raw.header.power is Power.MAGIA and raw.action is not None and raw.action.cost is None


def test_site_markup_and_mis_encoded_quotes_are_cleaned() -> None:
    assert clean_printed_text("#&#Item Único.<br>Se  este card<BR/>x.") == ["Item Único.", "Se este card", "x."]
    assert clean_printed_text("<br>A.<br><br>") == ["A."]
    assert clean_printed_text("terá \x93Você pode\x94 após") == ["terá \u201cVocê pode\u201d após"]
    assert clean_printed_text(None) == []


@pytest.mark.parametrize("name, version, expected", [
    ("Raio Negro", "V1", "raio-negro-v1.card"),
    ("Fênix Negra", "V2", "fenix-negra-v2.card"),
    ("Avante, Vingadores!", "V1", "avante-vingadores-v1.card"),
    ("Joia do Infinito - Tempo", "V1", "joia-do-infinito-tempo-v1.card"),
    ("Mjölnir", "v3", "mjolnir-v3.card"),
    ("#?@&!$", "V1", "card-v1.card"),
])
def test_card_file_name(name: str, version: str, expected: str) -> None:
    assert card_file_name({"name": name, "version": version}) == expected


def _corpus() -> list[dict[str, Any]]:
    if not CORPUS.exists():
        pytest.skip("the development corpus (../shared/corpus) is not available")
    return [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_every_corpus_record_translates_to_a_clean_card_file() -> None:
    records = _corpus()
    failures = []
    for record in records:
        text = record_to_card_text(record)
        raw, diags = read_card_file(SourceFile(card_file_name(record), text))
        if diags or raw is None:
            failures.append(f"{record['code']} {record['name']}:\n" + "\n".join(format_text(d) for d in diags))
            continue
        h = raw.header
        assert h.name == " ".join(record["name"].split())
        assert f"V{h.version}" == record["version"]
        assert len(h.affiliations) == len(record["affiliations"])
        if raw.action is not None:
            assert record["action"] is not None
            assert (raw.action.cost.value if raw.action.cost else None) == record["action"]["cost"]
    assert not failures, f"{len(failures)} of {len(records)} records fail:\n" + "\n".join(failures[:5])


def test_corpus_files_are_format_fixpoints_and_plain_text_idempotent() -> None:
    for record in _corpus():
        text = record_to_card_text(record)
        raw = read_ok(text)
        assert fmt(raw) == text, record["name"]
        assert plain_text_to_card_text(text) == text, record["name"]


def test_corpus_card_types_survive() -> None:
    records = _corpus()
    types = {read_ok(record_to_card_text(r)).header.card_type for r in records}
    assert types == set(CardType)


# --- plain printed text --------------------------------------------------------------------------------------

PASTED = """\
Raio Negro - V1
Personagem
Código: BSUM 12/100
Alter-ego: Blackagar Boltagon
Alinhamento: heroi
Afiliação: Inumanos, Illuminati
Poderes: {AE} {VO}
Energia: 5
Escudo: 2
raridade: raro

Texto Permanente
#&#Este personagem ganha {AG}.<br>Pelotão.
Ação - Grito Hipersônico
Custo {2}
Poder: {AE}
Tipo: Ação de Antecipar e Ação Imprevista
Grito Hipersônico causa X pontos de dano penetrante
no alvo.
"""


def test_plain_text_is_read_best_effort() -> None:
    text = plain_text_to_card_text(PASTED)
    assert text == EXPECTED
    raw = read_ok(text)
    assert raw.action is not None and raw.action.cost is Cost.TWO


def test_plain_text_unlabelled_lines_after_the_header_are_permanent_text() -> None:
    text = plain_text_to_card_text("Cenário: Batalha em Área Povoada V1\nQuando este cenário entrar em cena, "
                                   "compre um card.\nToda vez que um herói fosse causar dano, ele causará\n"
                                   "aquela quantidade de dano -1.\n")
    assert text == ("Cenário: Batalha em Área Povoada V1\n\nTexto permanente:\n"
                    "  Quando este cenário entrar em cena, compre um card.\n"
                    "  Toda vez que um herói fosse causar dano, ele causará aquela quantidade de dano -1.\n")
    read_ok(text)


def test_plain_text_without_version_is_left_for_the_reader_to_report() -> None:
    text = plain_text_to_card_text("Habilidade: Obliterar\nPoderes: Poder Cósmico\n")
    assert text == "Habilidade: Obliterar\nPoder: Poder Cósmico\n"
    _, diags = read_card_file(SourceFile("t.card", text))
    assert [d.code for d in diags] == ["CS012"]


def test_plain_text_na_means_none_and_versao_spelling() -> None:
    text = plain_text_to_card_text("Dormammu Versão 1\nTipo: Personagem\nAfiliações: N/A\nEnergia inicial: 6\n"
                                   "Escudo: 3\n")
    assert text == "Personagem: Dormammu V1\nEnergia inicial: 6\nEscudo: 3\n"


# --- the canonical layout ------------------------------------------------------------------------------------

MESSY = """\
# Raio Negro, escrito à mão
PERSONAGEM:   Raio Negro   V1
escudo: 2
poderes: {ae}, voo
energia inicial: 5
alinhamento: heroi
# a ação vem antes
acao: Grito Hipersônico
\ttipo: antecipar
\tcusto: 2
\tGrito Hipersônico causa X pontos de dano penetrante no alvo.
texto permanente:
    Este personagem ganha {AG}.
# fim
"""

MESSY_FORMATTED = """\
# Raio Negro, escrito à mão
Personagem: Raio Negro V1
Alinhamento: Herói
Poderes: Ataque Energético, Voo
Energia inicial: 5
Escudo: 2

Texto permanente:
  Este personagem ganha {AG}.

# a ação vem antes
Ação: Grito Hipersônico
  Custo: {2}
  Tipo: Ação de Antecipar
  Grito Hipersônico causa X pontos de dano penetrante no alvo.

# fim
"""


def test_format_writes_canonical_spelling_order_and_indent_keeping_comments() -> None:
    raw = read_ok(MESSY)
    out = fmt(raw)
    assert out == MESSY_FORMATTED
    again = read_ok(out)
    assert fmt(again) == out


def test_format_uses_the_given_paragraphs() -> None:
    raw = read_ok(EXPECTED)
    out = format_card_text(raw, ["Pelotão."], ["Outro texto."])
    assert "Texto permanente:\n  Pelotão.\n\nAção: Grito Hipersônico\n" in out
    assert out.endswith("  Tipo: Ação de Antecipar, Ação Imprevista\n  Outro texto.\n")
    no_permanent = format_card_text(raw, [], ["X."])
    assert "Texto permanente" not in no_permanent
    read_ok(no_permanent)


def test_format_ev_and_star_shield() -> None:
    text = ("Personagem-EV: Fênix Negra V1\nEvolução:   Personagem com alter ego   Jean Grey\nEscudo: *\n"
            "Valor de acréscimo: 2\nEnergia inicial: 7\n")
    out = fmt(read_ok(text))
    assert out == ("Personagem-EV: Fênix Negra V1\nEnergia inicial: 7\nValor de acréscimo: 2\nEscudo: *\n"
                   "Evolução: Personagem com alter ego Jean Grey\n")
