"""Deck validation (issue 5, item 4; the Item Único part of item 3): ``cardscript deck check``.

Rules checked: at most 3 copies of a card (glossary, Item Único: "no máximo uma única cópia no deck, e não
três"); Item Único lowers it to 1 (rules 7, Outras Palavras-Chave: "diminui para 1 a quantidade máxima de
cópias daquele card que são permitidas em um deck"), and 5.6: it "funciona antes mesmo da partida começar,
invalidando um deck que tenha mais de um card" of it. The limit is read from the card's ``deck_copies`` RULE
static (``cardscript.games.battle_scenes.runtime.rules.copy_limit``); the unit tests build cards carrying that static by
hand.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardscript.cli import main
from cardscript.compiler.ir import CardDef, Effect, EffectKind, Rule
from cardscript.core import diagnostics as dg
from cardscript.core.diagnostics import format_text
from cardscript.core.source import SourceFile
from cardscript.games.battle_scenes.runtime.deck import DeckReport, check_deck, check_source, parse_deck
from cardscript.games.battle_scenes.runtime.library import DeckError, deck_paths, load_deck, load_library
from cardscript.games.battle_scenes.runtime.rules import DEFAULT_DECK_COPIES, copy_limit


def _rule(rule: str, value: str, keyword: str = "", text: str = "") -> Effect:
    return Effect(EffectKind.STATIC, (Rule(rule=rule, value=value),), keyword=keyword, zone="any", text=text)


ITEM_UNICO = _rule("deck_copies", "1", keyword="Item Único", text="Item Único.")

BONECO = CardDef("Boneco Vodu V1", "Boneco Vodu", 1, "Habilidade", effects=(ITEM_UNICO,),
                 keywords=("Item Único",), code="BSMI 90/100")
HULK1 = CardDef("Hulk V1", "Hulk", 1, "Personagem", code="BSUM 20/100")
HULK3 = CardDef("Hulk V3", "Hulk", 3, "Personagem", code="BSIC 30/100")
MJOLNIR = CardDef("Mjölnir V1", "Mjölnir", 1, "Habilidade", effects=(ITEM_UNICO,), code="BSUM 65/100")
JOIA = CardDef("Joia do Infinito - Tempo V1", "Joia do Infinito - Tempo", 1, "Habilidade",
               effects=(ITEM_UNICO,), code="(2015) BSOS 99/100")


def _library(*cards: CardDef) -> dict[str, CardDef]:
    out: dict[str, CardDef] = {}
    for c in cards or (BONECO, HULK1, HULK3, MJOLNIR, JOIA):
        out[c.title] = c
        out.setdefault(c.code, c)
    return out


def _check(text: str, *cards: CardDef) -> DeckReport:
    return check_source(SourceFile("t.deck", text), _library(*cards))


def _codes(report: DeckReport) -> list[str]:
    return [d.code for d in report.diagnostics]

# --- copy_limit: the rule query --------------------------------------------------------------------------------


def test_deck_copy_limit_three_by_default_glossary_item_unico() -> None:
    limit, reason = copy_limit(HULK1)
    assert limit == DEFAULT_DECK_COPIES == 3
    assert "3 copies" in reason and "Item Único" in reason


def test_item_unico_glossary_one_copy_read_from_the_deck_copies_rule_static() -> None:
    assert copy_limit(BONECO) == (1, "Item Único")


def test_item_unico_rule_static_without_keyword_names_the_effect_text() -> None:
    card = CardDef("X V1", "X", 1, "Habilidade", effects=(_rule("deck_copies", "1", text="Só pode haver uma cópia."),))
    assert copy_limit(card) == (1, "Só pode haver uma cópia")


def test_copy_limit_the_smallest_deck_copies_static_wins() -> None:
    card = CardDef("X V1", "X", 1, "Habilidade",
                   effects=(_rule("deck_copies", "2", keyword="Dupla"), ITEM_UNICO, _rule("deck_copies", "5")))
    assert copy_limit(card) == (1, "Item Único")


def test_copy_limit_a_card_may_raise_the_limit_rules_8_a() -> None:
    card = CardDef("X V1", "X", 1, "Personagem", effects=(_rule("deck_copies", "5", keyword="Horda"),))
    assert copy_limit(card) == (5, "Horda")


def test_copy_limit_ignores_other_rules_and_the_keyword_alone() -> None:
    pelotao = CardDef("X V1", "X", 1, "Personagem", effects=(_rule("scene_identity", "any", keyword="Pelotão"),))
    assert copy_limit(pelotao)[0] == 3
    keyword_only = CardDef("Y V1", "Y", 1, "Habilidade", keywords=("Item Único",),
                           effects=(Effect(EffectKind.KEYWORD, keyword="Item Único"),))
    assert copy_limit(keyword_only)[0] == 3          # the contract is the RULE static, not the keyword's name

# --- the deck check ---------------------------------------------------------------------------------------------


def test_item_unico_5_6_a_deck_with_two_copies_is_invalid() -> None:
    report = _check("2 Boneco Vodu V1\n3 Hulk V1\n")
    assert not report.valid
    [error] = report.errors
    assert error.code == dg.E_DECK_COPIES
    assert error.location() == (1, 1)
    assert "2 copies of Boneco Vodu V1" in error.message and "at most 1" in error.message
    assert "Item Único" in error.message
    assert error.hint is not None and "remove 1 copy" in error.hint
    text = format_text(error)
    assert "t.deck:1:1: error[CS402]" in text and "2 Boneco Vodu V1" in text and "^^^" in text


def test_item_unico_glossary_one_copy_is_valid() -> None:
    report = _check("1 Boneco Vodu V1\n3 Hulk V1\n")
    assert report.valid and report.diagnostics == []
    [boneco, hulk] = report.counts
    assert (boneco.limit, boneco.reason, hulk.limit) == (1, "Item Único", 3)


def test_item_unico_counts_copies_listed_by_title_and_by_code_together() -> None:
    report = _check("1 Mjölnir V1\n1 BSUM 65/100\n")
    assert _codes(report) == [dg.E_DECK_COPIES, dg.N_DECK_REPEAT]
    error = report.errors[0]
    assert error.location()[0] == 2 and "(1 + 1 on lines 1, 2)" in error.message


def test_deck_copy_limit_three_four_copies_is_an_error() -> None:
    report = _check("# four\n4 Hulk V1\n")
    [error] = report.errors
    assert error.code == dg.E_DECK_COPIES and error.location() == (2, 1)
    assert "4 copies of Hulk V1, at most 3" in error.message


def test_deck_copy_limit_three_counts_summed_over_lines_with_a_note() -> None:
    report = _check("2 Hulk V1\n1 Boneco Vodu V1\n2 hulk v1\n")
    assert _codes(report) == [dg.E_DECK_COPIES, dg.N_DECK_REPEAT]
    note = report.diagnostics[1]
    assert note.severity is dg.Severity.NOTE and note.location() == (3, 3)
    assert "also listed on line 1" in note.message and note.hint is not None and "4 copies" in note.hint
    assert [(c.card.title, c.count, c.lines) for c in report.counts] == [("Hulk V1", 4, (1, 3)),
                                                                          ("Boneco Vodu V1", 1, (2,))]


def test_deck_copy_limit_three_is_per_card_title_so_versions_count_apart() -> None:
    report = _check("3 Hulk V1\n3 Hulk V3\n")
    assert report.valid and report.size == 6 and report.distinct == 2


def test_deck_note_alone_does_not_invalidate() -> None:
    report = _check("1 Hulk V1\n1 Hulk V1\n")
    assert report.valid and _codes(report) == [dg.N_DECK_REPEAT]


def test_names_and_codes_match_without_case_or_accents_or_the_codes_year() -> None:
    report = _check("1 mjolnir v1\n1 joia do infinito-tempo V1\n1 BSIC 30/100\n1 bsum 20 / 100\n")
    assert report.valid
    assert [c.title for c in report.cards] == ["Mjölnir V1", "Joia do Infinito - Tempo V1", "Hulk V3", "Hulk V1"]
    assert _check("1 (2015) BSOS 99/100\n").cards == [JOIA]
    assert _check("1 BSOS 99/100\n").cards == [JOIA]
    thor = CardDef("Thor V2", "Thor", 2, "Personagem", code="BSET DECK 21/66")     # a starter-deck code
    assert _check("1 bset deck 21/66\n", thor).cards == [thor]


def test_unknown_card_with_did_you_mean() -> None:
    report = _check("1 Hulk V1\n2 Bonecco Vodu V1\n")
    [error] = report.errors
    assert error.code == dg.E_DECK_CARD and error.location() == (2, 3)
    assert error.message == "unknown card 'Bonecco Vodu V1'"
    assert error.hint == "did you mean 'Boneco Vodu V1'?"


def test_unknown_code_suggests_a_code_of_the_same_collection() -> None:
    [error] = _check("1 BSUM 21/100\n").errors
    assert error.code == dg.E_DECK_CARD and error.hint is not None and "BSUM 20/100" in error.hint
    [error] = _check("1 BSXX 20/100\n").errors
    assert error.hint is not None and "did you mean" not in error.hint


def test_a_name_without_version_lists_the_versions() -> None:
    [error] = _check("2 Hulk\n").errors
    assert error.code == dg.E_DECK_LINE and "has no version" in error.message
    assert error.hint is not None and "`2 Hulk V1` or `2 Hulk V3`" in error.hint


def test_malformed_lines_are_all_reported_with_their_line_and_column() -> None:
    report = _check("Hulk V1\n  0 Hulk V1\n3\n1 Hulk V1   # the comment is not part of the name\n")
    assert [(d.code, d.location()) for d in report.diagnostics] == [
        (dg.E_DECK_LINE, (1, 1)), (dg.E_DECK_LINE, (2, 3)), (dg.E_DECK_LINE, (3, 1))]
    assert report.size == 1 and all(d.hint for d in report.diagnostics)


def test_parse_deck_entries_keep_their_line_and_kind() -> None:
    entries, problems = parse_deck(SourceFile("t.deck", "# x\n\n2 Hulk V1\n1 BSUM 65/100\n1 Hulk\n"))
    assert problems == []
    assert [(e.line, e.count, e.ref, e.kind) for e in entries] == [
        (3, 2, "Hulk V1", "title"), (4, 1, "BSUM 65/100", "code"), (5, 1, "Hulk", "name")]


def test_deck_size_is_reported_not_checked() -> None:
    report = _check("1 Hulk V1\n")              # the rulebook states no deck size
    assert report.valid and report.summary() == "t.deck: 1 cards, 1 distinct, valid"


def test_unreadable_deck_is_a_cs001_report(tmp_path: Path) -> None:
    report = check_deck(tmp_path / "missing.deck", _library())
    assert not report.readable and not report.valid
    assert [d.code for d in report.diagnostics] == [dg.E_IO]
    assert report.summary() == "missing.deck: unreadable"


def test_load_deck_raises_the_first_error_of_the_same_check(tmp_path: Path) -> None:
    deck = tmp_path / "x.deck"
    deck.write_text("2 Boneco Vodu V1\n1 Ninguém V9\n", encoding="utf-8")
    with pytest.raises(DeckError, match=r"x.deck:1: 2 copies of Boneco Vodu V1, at most 1: Item Único"):
        load_deck(deck, _library())
    deck.write_text("1 Boneco Vodu V1\n2 hulk v1\n", encoding="utf-8")
    assert [c.title for c in load_deck(deck, _library())] == ["Boneco Vodu V1", "Hulk V1", "Hulk V1"]

# --- the bundled library and decks -------------------------------------------------------------------------------


def test_the_bundled_decks_pass() -> None:
    library = load_library()
    for path in deck_paths():
        report = check_deck(path, library)
        assert report.valid, [format_text(d) for d in report.diagnostics]
        assert report.size == 40


def test_item_unico_5_6_real_library_card_mjolnir_v1_two_copies_invalid() -> None:
    library = load_library()
    assert copy_limit(library["Mjölnir V1"])[0] == 1
    report = check_source(SourceFile("t.deck", "2 Mjölnir V1\n"), library)
    assert [d.code for d in report.errors] == [dg.E_DECK_COPIES]

# --- the command -------------------------------------------------------------------------------------------------


def test_cli_deck_check_bundled_decks_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deck", "check", *map(str, deck_paths())]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "vingadores.deck: 40 cards, 25 distinct, valid" in out
    assert any(line.startswith("irmandade.deck: 40 cards") and line.endswith("valid") for line in out)


def test_cli_deck_check_a_broken_rule_exits_1_with_located_text(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "bad.deck"
    deck.write_text("4 Hulk V1\n1 Hulkk V1\n", encoding="utf-8")
    assert main(["deck", "check", str(deck)]) == 1
    out = capsys.readouterr().out
    assert f"{deck}:1:1: error[CS402] 4 copies of Hulk V1, at most 3" in out
    assert f"{deck}:2:3: error[CS401] unknown card 'Hulkk V1'" in out
    assert "     2 | 1 Hulkk V1\n       |   ^^^^^^^^\n  hint: did you mean 'Hulk V1'?" in out
    assert out.rstrip().endswith("bad.deck: 4 cards, 1 distinct, invalid, 2 errors")


def test_cli_deck_check_unreadable_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = deck_paths()[0]
    assert main(["deck", "check", str(tmp_path / "none.deck"), str(good)]) == 2
    assert "none.deck: unreadable" in capsys.readouterr().out
    assert main(["deck"]) == 2                    # usage: the sub-subcommand is required


def test_cli_deck_check_json_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "j.deck"
    deck.write_text("1 Hulk V1\n4 Hulk V1\n", encoding="utf-8")
    assert main(["deck", "check", "--format", "json", str(deck), str(deck_paths()[0])]) == 1
    data = json.loads(capsys.readouterr().out)
    first, second = data
    assert (first["valid"], first["cards"], first["distinct"], second["valid"]) == (False, 5, 1, True)
    assert first["entries"] == [{"card": "Hulk V1", "code": "BSUM 20/100", "count": 5, "lines": [1, 2],
                                 "limit": 3, "limit_reason": copy_limit(HULK1)[1]}]
    assert [(d["code"], d["line"], d["column"], d["severity"]) for d in first["diagnostics"]] == [
        ("CS402", 2, 1, "error"), ("CS403", 2, 3, "note")]
