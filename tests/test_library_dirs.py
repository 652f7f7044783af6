"""Playtesting your own cards (issue 11, part 4) and naming a card by its printed code (part 3).

``--library DIR`` is repeatable and adds the folders' card files to the bundled library (``play``, ``simulate``,
``deck check``; ``scenario`` uses the same ``tools.common.add_library_option`` / ``library_of``). A folder's card
with the printed code of a bundled card replaces it (a note says so); a card without a code replaces the earlier
card of its title; two cards with one title and different codes are different printed cards, and their title is
ambiguous: a located CS404 naming each candidate's code and file, with a hint to write the code.
``--random-decks`` with ``--library`` builds its decks from the folders' cards only.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardscript.cli import main
from cardscript.compiler.card_refs import CardIndex, code_key
from cardscript.compiler.translate import card_file_name, record_to_card_text
from cardscript.core import diagnostics as dg
from cardscript.core.source import SourceFile
from cardscript.games.battle_scenes.runtime.deck import check_source
from cardscript.games.battle_scenes.runtime.library import load_libraries, load_library
from tests.card_library import character, write_library
from tests.corpus_play import CORPUS_DIR, corpus_available


def _card(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _coded(title: str, code: str, shield: int = 1) -> str:
    name = title.rsplit(" ", 1)[0]
    return (f"Personagem: {title}\nCódigo: {code}\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\n"
            f"Escudo: {shield}\n\nAção: Soco de {name}\n  Custo: {{1}}\n  Poder: Super Força\n"
            f"  Soco de {name} causa 2 pontos de dano no alvo.\n")


def test_folders_are_added_to_the_bundled_library_and_are_repeatable(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    _card(tmp_path / "a", "alfa-v1.card", character("Alfa"))
    _card(tmp_path / "b", "bravo-v1.card", character("Bravo"))
    merged = load_libraries([str(tmp_path / "a"), str(tmp_path / "b")])
    cards = merged.cards()
    assert {"Alfa V1", "Bravo V1", "Hulk V1", "BSUM 20/100"} <= set(cards)
    assert cards.path_of(cards["Alfa V1"]).endswith("a/alfa-v1.card")
    assert merged.replaced == ()
    assert [Path(e.path).name for e in merged.folder_entries()] == ["alfa-v1.card", "bravo-v1.card"]
    deck = tmp_path / "meu.deck"
    deck.write_text("3 Alfa V1\n3 Bravo V1\n3 Hulk V1\n1 BSUM 65/100\n", encoding="utf-8")
    args = ["deck", "check", str(deck), "--library", str(tmp_path / "a"), "--library", str(tmp_path / "b")]
    assert main(args) == 0
    assert "meu.deck: 10 cards, 4 distinct, valid" in capsys.readouterr().out
    assert main(["deck", "check", str(deck)]) == 1, "without --library the folders' cards are unknown"
    assert "unknown card 'Alfa V1'" in capsys.readouterr().out


def test_a_folders_card_with_a_bundled_code_replaces_it_with_a_note(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The user's card wins: "Hulk V1" with Hulk V1's printed code and another shield is the Hulk V1 of the
    decks, the bundled file is no longer in the library, and a note names both files."""
    mine = _card(tmp_path / "meus", "hulk-v1.card", _coded("Hulk V1", "BSUM 20/100", shield=7))
    merged = load_libraries([str(tmp_path / "meus")])
    cards = merged.cards()
    assert cards["Hulk V1"].shield == 7 and cards["BSUM 20/100"].shield == 7
    assert cards.path_of(cards["Hulk V1"]) == str(mine)
    (replacement,) = merged.replaced
    assert replacement.by_code
    assert replacement.replaced.path.endswith("cardscript/games/battle_scenes/cards/bsum/hulk-v1.card")
    assert load_library()["Hulk V1"].shield == 3, "the bundled library alone is unchanged"
    deck = tmp_path / "d.deck"
    deck.write_text("3 hulk v1\n", encoding="utf-8")
    assert main(["deck", "check", str(deck), "--library", str(tmp_path / "meus")]) == 0
    captured = capsys.readouterr()
    assert f"cardscript: note: {mine} replaces " in captured.err and "(the same code BSUM 20/100)" in captured.err


def test_a_card_without_a_code_replaces_the_earlier_card_of_its_title(tmp_path: Path) -> None:
    """tests/card_library.py's Calmaria V1 has no printed code: it is "the card of that title" and replaces the
    bundled (2014) BSPO 47/100, so the title stays unambiguous."""
    folder = write_library(tmp_path)
    merged = load_libraries([str(folder)])
    cards = merged.cards()
    calmaria = cards.find("Calmaria V1").card
    assert calmaria is not None and calmaria.code == ""
    assert cards.find("BSPO 47/100").card is None
    assert any(not r.by_code and r.key == "Calmaria V1" for r in merged.replaced)


def test_a_later_folder_wins_over_an_earlier_one(tmp_path: Path) -> None:
    _card(tmp_path / "a", "x-v1.card", _coded("Xis V1", "TST 1/10", shield=1))
    _card(tmp_path / "b", "x-v1.card", _coded("Xis V1", "TST 1/10", shield=2))
    merged = load_libraries([str(tmp_path / "a"), str(tmp_path / "b")])
    assert merged.cards()["Xis V1"].shield == 2
    assert [Path(r.by.path).parent.name for r in merged.replaced] == ["b"]
    again = load_libraries([str(tmp_path), str(tmp_path / "a")])       # a file given twice counts once
    assert not any(r.by.path == r.replaced.path for r in again.replaced)


def test_an_ambiguous_title_is_a_located_diagnostic_naming_the_candidates(tmp_path: Path) -> None:
    """Two printed cards with one title (as Homem-Aranha V1 is three in the corpus): the title is CS404, with each
    candidate's code and file and a hint to write the code; the codes name each card."""
    one = _card(tmp_path / "tst", "gemeo-v1-1.card", _coded("Gêmeo V1", "TST 1/10", shield=1))
    two = _card(tmp_path / "tst", "gemeo-v1-2.card", _coded("Gêmeo V1", "(2020) TST 2/10", shield=2))
    cards = load_libraries([str(tmp_path / "tst")]).cards()
    assert set(cards.ambiguous_titles()) == {"Gêmeo V1"}
    text = "# dois gêmeos\n2 Gemeo V1\n1 tst 1/10\n2 TST 2 / 10\n"
    report = check_source(SourceFile("g.deck", text), cards)
    (diag,) = report.errors
    assert diag.code == dg.E_CARD_AMBIGUOUS and diag.location() == (2, 3)
    assert "'Gemeo V1' names 2 different printed cards" in diag.message
    assert f"TST 1/10 ({one})" in diag.message and f"(2020) TST 2/10 ({two})" in diag.message
    assert diag.hint is not None and "write the printed code" in diag.hint and "`2 TST 1/10`" in diag.hint
    assert [(c.card.shield, c.count) for c in report.counts] == [(1, 1), (2, 2)], "the codes name each card"
    first = cards.find("TST 1/10").card
    assert first is not None and cards.name_of(first) == "TST 1/10"          # a log names it by its code
    assert cards.name_of(cards["Hulk V1"]) == "Hulk V1"


def test_codes_match_without_case_year_or_blanks() -> None:
    library = load_library()
    index = CardIndex(library.values())
    for ref in ("BSOS 99/100", "(2015) BSOS 99/100", "bsos 99 / 100", "Joia do Infinito-Tempo V1"):
        found = index.find(ref)
        assert found.card is not None and found.card.code == "(2015) BSOS 99/100", ref
    assert index.find("BSOS 98/100").card is None and not index.find("Nada V1").ambiguous
    assert code_key("(2017) BSCA DECK 47/66") == code_key("bsca deck 47 /66")


@pytest.mark.parametrize("command", [["deck", "check", "x.deck"], ["play"], ["simulate", "--games", "1"]])
def test_a_library_that_is_not_a_folder_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          command: list[str]) -> None:
    afile = _card(tmp_path, "x.card", character("Alfa"))
    assert main([*command, "--library", str(tmp_path / "none")]) == 2
    assert "no such folder" in capsys.readouterr().err
    assert main([*command, "--library", str(afile)]) == 2
    err = capsys.readouterr().err
    assert "not a folder" in err and "Traceback" not in err


def test_random_decks_come_from_the_folders_given_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With --library, the random decks' pool is the folders' executable cards (both folders here), not the
    bundled library's."""
    write_library(tmp_path / "a", characters=4, abilities=0, item=False, scenario=False, broken=False)
    _card(tmp_path / "b" / "tst", "extra-v1.card", character("Zulu"))
    for name in ("Yankee", "Xray", "Whisky", "Victor", "Uniform", "Tango", "Sierra", "Romeo", "Quebec"):
        _card(tmp_path / "b" / "tst", f"{name.lower()}-v1.card", character(name))
    status = main(["simulate", "--library", str(tmp_path / "a"), "--library", str(tmp_path / "b"),
                   "--random-decks", "--games", "1", "--quiet", "--json"])
    assert status == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["pool"]["library"] == f"{tmp_path / 'a'}, {tmp_path / 'b'}"
    assert doc["pool"]["card_files"] == 14 and doc["pool"]["executable"] == 14
    played = {e["card"] for deck in doc["matches"][0]["decks"] for e in deck}
    assert played <= {f"{n} V1" for n in ("Alfa", "Bravo", "Charlie", "Delta", "Zulu", "Yankee", "Xray", "Whisky",
                                          "Victor", "Uniform", "Tango", "Sierra", "Romeo", "Quebec")}


def test_a_match_with_cards_of_one_title_logs_their_codes_and_replays(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "tst"
    for n in range(1, 3):
        _card(folder, f"gemeo-v1-{n}.card", _coded("Gêmeo V1", f"TST {n}/10", shield=n))
    for name in ("Alfa", "Bravo", "Charlie", "Delta", "Eco", "Foxtrote", "Golfe", "Hotel", "India", "Julieta",
                 "Kilo", "Lima"):
        _card(folder, f"{name.lower()}-v1.card", character(name))
    deck = tmp_path / "g.deck"
    deck.write_text("3 TST 1/10\n3 TST 2/10\n" + "".join(f"3 {n} V1\n" for n in (
        "Alfa", "Bravo", "Charlie", "Delta", "Eco", "Foxtrote", "Golfe", "Hotel", "India", "Julieta", "Kilo")) +
        "1 Lima V1\n", encoding="utf-8")
    log = tmp_path / "m.jsonl"
    base = ["--library", str(folder)]
    assert main(["play", *base, "--deck-a", str(deck), "--deck-b", str(deck), "--max-turns", "3",
                 "--log", str(log)]) == 0
    assert "Gêmeo V1 (TST 1/10)#" in capsys.readouterr().out, "the trace names such a card with its code"
    first = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert first["data"]["cards"][0][:6] == ["TST 1/10"] * 3 + ["TST 2/10"] * 3
    assert "Alfa V1" in first["data"]["cards"][0]
    assert main(["play", "--replay", str(log), *base]) == 0
    assert "every event identical" in capsys.readouterr().out
    assert main(["play", "--replay", str(log)]) == 2
    assert "card 'TST 1/10' is not in the bundled library" in capsys.readouterr().err


def _records(title_name: str, version: str) -> list[dict[str, object]]:
    with (CORPUS_DIR / "battle-scenes-cards-dev.jsonl").open(encoding="utf-8") as f:
        records = [json.loads(line) for line in f if line.strip()]
    return [r for r in records if r["name"] == title_name and r["version"] == version]


@pytest.mark.skipif(not corpus_available(), reason="the development corpora (../shared/corpus) are not available")
def test_the_corpus_homem_aranha_v1_is_three_printed_cards_named_by_code(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """The corpus prints Homem-Aranha V1 on three cards (BSUM, BSMI, BSOS): translated into a folder, the title
    is CS404 listing the three codes and files, and each code is a valid deck line."""
    records = _records("Homem-Aranha", "V1")
    assert len(records) == 3
    for record in records:
        folder = tmp_path / "corpus" / str(record["collection"]).lower()
        _card(folder, card_file_name(record), record_to_card_text(record))
    codes = sorted(str(r["code"]) for r in records)
    deck = tmp_path / "ha.deck"
    deck.write_text("1 Homem-Aranha V1\n" + "".join(f"1 {c}\n" for c in codes), encoding="utf-8")
    assert main(["deck", "check", str(deck), "--library", str(tmp_path / "corpus"), "--format", "json"]) == 1
    (report,) = json.loads(capsys.readouterr().out)
    (diag,) = [d for d in report["diagnostics"] if d["severity"] == "error"]
    assert diag["code"] == "CS404" and diag["line"] == 1
    for code in codes:
        assert code in diag["message"]
    assert report["cards"] == 3 and report["distinct"] == 3


def test_explain_takes_a_title_or_a_printed_code(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "bsum 65 / 100"]) == 0
    assert capsys.readouterr().out.startswith("Habilidade: Mjölnir V1")
    for n in (1, 2):
        _card(tmp_path / "tst", f"gemeo-v1-{n}.card", _coded("Gêmeo V1", f"TST {n}/10", shield=n))
    assert main(["explain", "Gêmeo V1", "--library", str(tmp_path / "tst")]) == 2
    err = capsys.readouterr().err
    assert "'Gêmeo V1' names 2 different printed cards: TST 1/10 (" in err and "give the printed code" in err
    assert main(["explain", "TST 2/10", "--library", str(tmp_path / "tst")]) == 0
    assert capsys.readouterr().out.startswith("Personagem: Gêmeo V1")
    assert main(["explain", "Nada V1"]) == 2
    assert "nor a card of that title or printed code" in capsys.readouterr().err


def test_a_scenario_names_cards_from_the_same_merged_library(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """``cardscript scenario --library DIR`` merges as decks do: an own Hulk V1 without a code replaces the
    bundled one (its shield 5, not the printed 3)."""
    own = tmp_path / "own"
    _card(own, "hulk-v1.card", "Personagem: Hulk V1\nAlinhamento: Herói\nPoderes: Super Força\n"
                               "Energia inicial: 3\nEscudo: 5\n")
    scn = tmp_path / "s.scn"
    scn.write_text("jogador A:\n  em cena: Hulk V1, carregando 3 cards\nesperado:\n  escudo de Hulk V1 = 5\n",
                   encoding="utf-8")
    assert main(["scenario", str(scn), "--library", str(own)]) == 0, capsys.readouterr().out
