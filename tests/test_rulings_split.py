"""The official rulings of a corpus record, one by one (issue 11, part 5): ``compiler.rulings`` and the
``cardscript rulings`` command. Unit texts are our own; the corpus is read from ``../shared/corpus`` at test time."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardscript.cli import main
from cardscript.compiler.rulings import clean_ruling, corpus_rulings, icon_code, split_question, split_rulings
from tests.corpus_play import CORPORA, CORPUS_DIR, corpus_available

SEP = "<br>" + "-" * 40 + "<br>"


def test_rulings_are_split_on_a_line_of_dashes_and_cleaned() -> None:
    faqs = ('Primeira regra com <img src=\\"http://x/bs_symbols/BS_ag.png\\" width=\\"10\\"> e <i>itálico</i>.'
            + SEP + "Segunda?<br>- um item<br>- outro item R.: Sim &amp; não." + SEP)
    first, second = split_rulings(faqs)
    assert first == "Primeira regra com {AG} e itálico ."
    assert second == "Segunda?\n- um item\n- outro item R.: Sim & não."
    assert split_question(second) == ("Segunda?\n- um item\n- outro item", "Sim & não.")
    assert split_question(first) == (first, None)


def test_empty_fields_and_leading_or_doubled_separators_give_no_empty_ruling() -> None:
    assert split_rulings("") == [] and split_rulings("  ") == []
    assert split_rulings(SEP + "Uma." + SEP + SEP + "Duas.") == ["Uma.", "Duas."]
    assert split_rulings("Três traços - no meio -- não separam.") == ["Três traços - no meio -- não separam."]


def test_icons_become_the_card_texts_codes() -> None:
    assert icon_code('<img src="x/BS_na.png">') == "{NA}"
    assert icon_code('<img src="x/BS_1.png">') == "{1}"
    assert icon_code('<img src="x/BS_zz.png">') == "{?}"
    assert icon_code("<img src=x>") == "{?}"


_WORD = st.text(alphabet="abcdeçãé ?.,", min_size=1, max_size=30).filter(lambda s: bool(re.search(r"\w", s)))


@settings(max_examples=200, deadline=None)
@given(st.lists(_WORD, min_size=1, max_size=6), st.integers(3, 60))
def test_joined_rulings_split_back_into_the_same_words(parts: list[str], dashes: int) -> None:
    faqs = ("<br>" + "-" * dashes + "<br>").join(parts)
    got = split_rulings(faqs)
    assert [re.findall(r"\w+", g) for g in got] == [re.findall(r"\w+", clean_ruling(p)) for p in parts]


def test_rulings_are_named_after_the_card_file_and_numbered() -> None:
    records = [{"code": "(2014) XX 1/10", "collection": "XX", "name": "Teste", "version": "V1",
                "faqs": "Uma." + SEP + "Duas."},
               {"code": "(2014) XX 2/10", "collection": "XX", "name": "Teste", "version": "V1", "faqs": "Três."}]
    got = [(r.ident, r.number, r.text) for r in corpus_rulings(records)]
    assert got == [("xx/teste-v1-1-1", 1, "Uma."), ("xx/teste-v1-1-2", 2, "Duas."), ("xx/teste-v1-2-1", 1, "Três.")]


@pytest.mark.skipif(not corpus_available(), reason="the development corpora (../shared/corpus) are not available")
def test_every_ruling_of_the_corpora_keeps_every_word() -> None:
    total = 0
    for name in CORPORA:
        for line in (CORPUS_DIR / name).read_text(encoding="utf-8").splitlines():
            faqs = json.loads(line).get("faqs") or ""
            rulings = split_rulings(faqs)
            total += len(rulings)
            whole = re.findall(r"\w+", clean_ruling(re.sub(r"-{3,}", " ", faqs.replace('\\"', '"'))))
            assert [w for r in rulings for w in re.findall(r"\w+", r)] == whole
            assert all(r.strip() for r in rulings)
    assert total == 238


@pytest.mark.skipif(not corpus_available(), reason="the development corpora (../shared/corpus) are not available")
def test_the_rulings_command_lists_one_card_by_its_printed_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulings", str(CORPUS_DIR / CORPORA[0]), "--card", "BSMI 25/100", "--json"]) == 0
    (one,) = json.loads(capsys.readouterr().out)
    assert (one["ident"], one["number"], one["code"]) == ("bsmi/homem-aranha-v1-1", 1, "(2014) BSMI 25/100")


def test_the_rulings_command_on_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulings", str(tmp_path / "none.jsonl")]) == 2
    bad = tmp_path / "bad.jsonl"
    good = {"code": "(2014) XX 1/10", "collection": "XX", "name": "Teste", "version": "V1", "type": "Cenário",
            "faqs": "Uma."}
    bad.write_text("not json\n" + json.dumps(good) + "\n", encoding="utf-8")
    assert main(["rulings", str(bad)]) == 1
    captured = capsys.readouterr()
    assert f"{bad}:1: not JSON" in captured.err and "xx/teste-v1-1" in captured.out
    assert main(["rulings", str(bad), "--card", "Ninguém V9"]) == 1
    assert "no ruling of 'Ninguém V9'" in capsys.readouterr().err
