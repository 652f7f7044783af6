"""Issue 10, part 1: one error boundary per command. Every wrong input a user can give (card, deck, prelude,
corpus record, log, path) is one message with a location where there is one, exit 2 for unreadable input or
usage and 1 for diagnostics, never a Python traceback; corpus and library runs go on past a bad record or
file and count it (docs/reliability.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardscript.cli import main
from cardscript.compiler.pipeline import decks_path, library_path
from cardscript.compiler.textfile import UnreadableFile, read_text
from cardscript.core.source import SourceFile
from cardscript.games.battle_scenes.runtime.deck import check_source, parse_deck
from cardscript.games.battle_scenes.runtime.library import load_library

RASGAR = library_path() / "bsum" / "rasgar-v1.card"
GOOD_RECORD = {
    "code": "(2014) BSUM 80/100", "collection": "BSUM", "name": "Rasgar", "version": "V1", "alter_ego": "",
    "type": "Habilidade", "alignments": [], "affiliations": [], "powers": ["Lâminas"], "initial_energy": "",
    "addition_value": "", "shield": "",
    "action": {"name": "Rasgar", "text": "Rasgar causa 1 ponto de dano penetrante no alvo.", "power": "Lâminas",
               "cost": "1", "types": ["Ação de Antecipar"]},
    "permanent_text": "", "ev_text": "", "errata": "", "faqs": "", "rarity": "Raro",
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return code, captured.out, captured.err


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    """A directory, a binary file, a file with one bad UTF-8 byte and a missing path."""
    folder = tmp_path / "folder"
    folder.mkdir()
    binary = tmp_path / "image.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    latin1 = tmp_path / "latin1.card"
    latin1.write_bytes("Habilidade: Rasgar V1\nCódigo: BSUM 80/100\n".encode("latin-1"))
    return {"dir": folder, "binary": binary, "latin1": latin1, "missing": tmp_path / "nowhere.card"}


# --- reading a file ------------------------------------------------------------------------------------------


def test_read_text_says_why_a_file_does_not_read(files: dict[str, Path]) -> None:
    reasons = {}
    for kind, path in files.items():
        with pytest.raises(UnreadableFile) as info:
            read_text(path, "card file")
        reasons[kind] = info.value.why
    assert reasons["dir"] == "a directory, not a card file"
    assert reasons["binary"].startswith("a binary file, not a card file (a NUL byte at line 3, column 1)")
    assert reasons["latin1"].startswith("not UTF-8 text (byte 0xf3 at line 2, column 2)")
    assert reasons["missing"] == "no such file"


def test_a_device_and_utf16_text_are_refused(tmp_path: Path) -> None:
    with pytest.raises(UnreadableFile, match="not a regular file"):
        read_text("/dev/zero", "card file")
    path = tmp_path / "utf16.card"
    path.write_bytes(RASGAR.read_text(encoding="utf-8").encode("utf-16"))
    with pytest.raises(UnreadableFile, match="UTF-16 text, not UTF-8: save the card file as UTF-8"):
        read_text(path, "card file")


def test_a_byte_order_mark_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "bom.card"
    path.write_bytes(b"\xef\xbb\xbf" + RASGAR.read_bytes())
    assert read_text(path) == RASGAR.read_text(encoding="utf-8")


# --- card files: check, render, explain -----------------------------------------------------------------------


@pytest.mark.parametrize("command", ["check", "render", "explain"])
def test_a_card_file_that_does_not_read_is_located_and_exit_2(capsys: pytest.CaptureFixture[str],
                                                                files: dict[str, Path], command: str) -> None:
    code, out, _ = run(capsys, command, str(files["latin1"]))
    assert code == 2
    assert f"{files['latin1']}:2:2: error[CS001] cannot read the card file: not UTF-8 text (byte 0xf3" in out
    assert "^" in out


@pytest.mark.parametrize("command", ["check", "render", "explain"])
def test_a_binary_card_file_is_exit_2_and_no_control_character_is_echoed(
        capsys: pytest.CaptureFixture[str], files: dict[str, Path], command: str) -> None:
    code, out, err = run(capsys, command, str(files["binary"]))
    assert code == 2
    assert "a binary file, not a card file" in out + err
    assert "\x00" not in out and "\x1a" not in out


@pytest.mark.parametrize("command", ["render", "explain"])
def test_a_directory_given_for_one_card_is_exit_2(capsys: pytest.CaptureFixture[str], files: dict[str, Path],
                                                   command: str) -> None:
    code, _, err = run(capsys, command, str(files["dir"]))
    assert code == 2
    assert f"no card file at {files['dir']}" in err


def test_check_goes_on_past_an_unreadable_file(capsys: pytest.CaptureFixture[str], files: dict[str, Path]) -> None:
    code, out, _ = run(capsys, "check", str(files["latin1"]), str(RASGAR))
    assert code == 2                                   # a file named on the command line does not read
    assert "checked 2 card(s): 1 executable" in out
    folder = files["dir"]
    (folder / "latin1.card").write_bytes(files["latin1"].read_bytes())
    (folder / "rasgar-v1.card").write_bytes(RASGAR.read_bytes())
    code, out, _ = run(capsys, "check", str(folder))
    assert code == 1                                   # one file of a library: a diagnostic, counted
    assert "checked 2 card(s): 1 executable" in out and "error[CS001]" in out


def test_cr_only_line_endings_give_the_right_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mac.card"
    text = RASGAR.read_text(encoding="utf-8").replace("Poder: Lâminas\nRaridade", "Poder: Lamina\nRaridade")
    path.write_bytes(text.replace("\n", "\r").encode())
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1
    assert f"{path}:3:8: error[CS012] unknown power `Lamina`" in out
    assert "     3 | Poder: Lamina\n" in out


def test_source_file_numbers_lines_as_an_editor_does() -> None:
    source = SourceFile("x", "a\rb\r\nc\nd")
    assert [source.position(i) for i in (0, 2, 5, 7)] == [(1, 1), (2, 1), (3, 1), (4, 1)]
    assert [source.line_text(n) for n in (1, 2, 3, 4)] == ["a", "b", "c", "d"]


def test_a_number_of_thousands_of_digits_is_a_diagnostic(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.card"
    text = RASGAR.read_text(encoding="utf-8").replace("causa 1 ponto", "causa " + "9" * 1000 + " pontos")
    path.write_text(text.replace("Rasgar V1", "Rasgar V" + "1" * 5000), encoding="utf-8")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1
    assert "error[CS106] a version of 5,000 digits" in out
    path.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1
    assert f"{path}:10:16: error[CS106] a number of 1,000 digits" in out
    path.write_text(text.replace("9" * 1000, "9" * 5000), encoding="utf-8")     # past the paragraph's bound
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1
    assert f"{path}:10:3: error[CS105] a paragraph of 5,048 characters" in out
    assert "CS900" not in out


# --- corpus and translate ----------------------------------------------------------------------------------


def _corpus(tmp_path: Path) -> Path:
    lines = [
        json.dumps(GOOD_RECORD, ensure_ascii=False).encode(),
        json.dumps({**GOOD_RECORD, "name": 3, "powers": "Lâminas"}).encode(),   # wrong JSON types
        b'{"name": "Rasgar \xff"}',                                               # a bad UTF-8 byte
        b"[1, 2]",                                                                 # not an object
        b'"a string"',
        b"{not json",
        b"\x00\x01",                                                               # binary garbage
        json.dumps({**GOOD_RECORD, "name": "Cortar", "action": {**GOOD_RECORD["action"], "name": "Cortar",
                                                                 "text": "Cortar causa 2 pontos de dano."}},
                   ensure_ascii=False).encode(),
    ]
    path = tmp_path / "corpus.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


def test_corpus_goes_on_past_bad_records_and_counts_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _corpus(tmp_path)
    code, out, err = run(capsys, "corpus", str(path))
    assert code == 1
    assert f"{path}:2: field 'name' is a number, not a string" in err
    assert f"{path}:3: not UTF-8 text (byte 0xff at column 18)" in err
    assert f"{path}:4: a card record is a JSON object, not an array" in err
    assert f"{path}:5: a card record is a JSON object, not a string" in err
    assert f"{path}:6: not JSON" in err
    assert f"{path}:7: not JSON" in err
    assert "total=8 bad_lines=6" in out
    assert "parsed=2" in out


def test_corpus_with_cr_only_line_ends(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mac.jsonl"
    path.write_bytes(_corpus(tmp_path).read_bytes().replace(b"\n", b"\r"))
    code, out, err = run(capsys, "corpus", str(path))
    assert code == 1
    assert f"{path}:4: a card record is a JSON object, not an array" in err
    assert "total=8 bad_lines=6" in out


def test_corpus_json_lists_the_bad_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "corpus", str(_corpus(tmp_path)), "--json")
    report = json.loads(out)
    assert code == 1
    assert report["summary"]["bad_lines"] == 6
    assert [r["line"] for r in report["bad_records"]] == [2, 3, 4, 5, 6, 7]


@pytest.mark.parametrize("kind", ["dir", "missing"])
def test_corpus_of_something_that_is_no_file_is_exit_2(capsys: pytest.CaptureFixture[str], files: dict[str, Path],
                                                        kind: str) -> None:
    code, out, err = run(capsys, "corpus", str(files[kind]))
    assert code == 2
    assert out == ""
    assert err.startswith(f"cardscript: {files[kind]}: ")


def test_translate_goes_on_past_bad_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _corpus(tmp_path)
    code, out, err = run(capsys, "translate", str(path), "--out", str(tmp_path / "cards"))
    assert code == 1
    assert "2 cards written" in out and "6 records failed" in out
    assert f"{path}:3: not UTF-8 text" in err
    assert f"{path}:7: not JSON" in err


@pytest.mark.parametrize("kind", ["dir", "binary", "missing"])
def test_translate_of_no_text_is_exit_2(capsys: pytest.CaptureFixture[str], files: dict[str, Path], kind: str) -> None:
    code, _, err = run(capsys, "translate", str(files[kind]))
    assert code == 2
    assert err.startswith("cardscript: ")


def test_translate_a_record_with_a_huge_version(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps({**GOOD_RECORD, "version": "V" + "9" * 5000}), encoding="utf-8")
    code, out, err = run(capsys, "translate", str(path))
    assert code == 1
    assert "CS106" in err and "digits" in err
    assert out.startswith("Habilidade: Rasgar V999")


# --- decks -----------------------------------------------------------------------------------------------------


def test_a_deck_with_a_byte_order_mark_keeps_its_first_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bom.deck"
    path.write_bytes(b"\xef\xbb\xbf3 Rasgar V1\n")
    code, out, _ = run(capsys, "deck", "check", str(path))
    assert "bom.deck: 3 cards, 1 distinct" in out
    assert "CS400" not in out
    assert code == 0


def test_a_deck_with_cr_only_line_endings(tmp_path: Path) -> None:
    library = load_library()
    source = SourceFile("mac.deck", "3 Rasgar V1\r2 Rasgr V1\r# comment\r1 Hulk V9")
    entries, problems = parse_deck(source)
    assert [(e.line, e.count) for e in entries] == [(1, 3), (2, 2), (4, 1)]
    assert not problems
    report = check_source(source, library)
    assert [(d.location(), d.code) for d in report.diagnostics] == [((2, 3), "CS401"), ((4, 3), "CS401")]


def test_a_deck_count_of_thousands_of_digits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.deck"
    path.write_text("9" * 5000 + " Rasgar V1\n", encoding="utf-8")
    code, out, _ = run(capsys, "deck", "check", str(path))
    assert code == 1
    assert f"{path}:1:1: error[CS106] a count of 5,000 digits" in out


@pytest.mark.parametrize("kind", ["dir", "binary", "missing"])
def test_deck_check_of_no_deck_is_exit_2(capsys: pytest.CaptureFixture[str], files: dict[str, Path], kind: str) -> None:
    code, out, _ = run(capsys, "deck", "check", str(files[kind]), str(decks_path() / "vingadores.deck"))
    assert code == 2
    assert f"{files[kind]}:1:1: error[CS001] cannot read the deck" in out
    assert "vingadores.deck: 40 cards" in out            # the other deck is still checked


# --- play and simulate ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("option", ["--deck-a", "--deck-b"])
@pytest.mark.parametrize("kind", ["dir", "binary", "missing"])
def test_play_with_a_deck_that_is_no_deck_is_exit_2(capsys: pytest.CaptureFixture[str], files: dict[str, Path],
                                                      option: str, kind: str) -> None:
    code, out, err = run(capsys, "play", option, str(files[kind]))
    assert code == 2
    assert out == ""
    assert err.startswith(f"cardscript: {option} {files[kind]}: ")


def test_simulate_with_a_deck_that_is_a_directory(capsys: pytest.CaptureFixture[str], files: dict[str, Path]) -> None:
    code, _, err = run(capsys, "simulate", "--deck-a", str(files["dir"]), "--games", "1", "--quiet")
    assert code == 2
    assert f"--deck-a {files['dir']}: a directory, not a deck file" in err


def test_play_log_into_a_directory_is_refused_before_the_match(capsys: pytest.CaptureFixture[str],
                                                                files: dict[str, Path]) -> None:
    code, out, err = run(capsys, "play", "--log", str(files["dir"]))
    assert code == 2
    assert out == ""
    assert f"--log {files['dir']}: a directory" in err
    code, out, err = run(capsys, "play", "--log", str(files["dir"] / "no" / "such" / "match.jsonl"))
    assert code == 2
    assert "no folder" in err


@pytest.mark.parametrize("kind", ["dir", "binary", "missing", "latin1"])
def test_play_replay_of_no_log_is_exit_2(capsys: pytest.CaptureFixture[str], files: dict[str, Path], kind: str) -> None:
    code, out, err = run(capsys, "play", "--replay", str(files[kind]))
    assert code == 2
    assert out == ""
    assert err.startswith("cardscript: ")


@pytest.mark.parametrize("text", ["[1]\n", '"x"\n', "{not json\n", '{"data": {}}\n'])
def test_play_replay_of_records_that_are_no_events(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    text: str) -> None:
    path = tmp_path / "match.jsonl"
    path.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "play", "--replay", str(path))
    assert code == 2
    assert err.startswith(f"cardscript: {path}:1: ")      # located at the line that is no event


def test_simulate_library_of_broken_files_counts_them(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      files: dict[str, Path]) -> None:
    library = tmp_path / "library"
    library.mkdir()
    (library / "rasgar-v1.card").write_bytes(RASGAR.read_bytes())
    (library / "binary.card").write_bytes(b"\x00\x01\x02")
    (library / "latin1.card").write_bytes(files["latin1"].read_bytes())
    (library / "folder.card").mkdir()
    code, _, err = run(capsys, "simulate", "--library", str(library), "--random-decks", "--games", "1", "--quiet")
    assert code == 2
    assert f"{library}: 1 executable card(s) of 3 card file(s)" in err


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize("value", ["-1", "0", "many"])
def test_a_turn_limit_that_is_no_limit_is_a_usage_error(capsys: pytest.CaptureFixture[str], command: str,
                                                        value: str) -> None:
    code, out, err = run(capsys, command, "--max-turns", value)
    assert code == 2
    assert out == ""
    assert "--max-turns" in err
