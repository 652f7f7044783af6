"""Issue 10, part 3: the prelude checked like cards. A ``.kw`` file that does not read (not UTF-8, binary, a
broken layout, a name that makes no sense) is a located diagnostic of ``cardscript check`` and its keyword is
reported missing on the cards that use it; the other keywords and cards are unaffected. The prelude folder is
``$CARDSCRIPT_PRELUDE`` (default: the bundled ``cardscript/games/battle_scenes/prelude``)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardscript.cli import main
from cardscript.compiler.pipeline import compile_paths, library_path
from cardscript.compiler.prelude import PRELUDE_ENV, forget_prelude, load_prelude, prelude_path

BUNDLED = prelude_path()
ULTRON = library_path() / "bsmi" / "ultron-5-v1.card"        # uses Clone
RASGAR = library_path() / "bsum" / "rasgar-v1.card"          # uses no keyword


@pytest.fixture
def prelude(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the bundled prelude the compiler reads instead (forgotten again afterwards)."""
    folder = tmp_path / "prelude"
    shutil.copytree(BUNDLED, folder)
    monkeypatch.setenv(PRELUDE_ENV, str(folder))
    forget_prelude()
    yield folder
    monkeypatch.delenv(PRELUDE_ENV)
    forget_prelude()


def _library_errors() -> dict[str, list[str]]:
    return {Path(c.source.path).name: [d.code for d in c.diagnostics if d.severity.value == "error"]
            for c in compile_paths([library_path()])}


def test_the_prelude_folder_can_be_pointed_at(prelude: Path) -> None:
    assert prelude_path() == prelude
    assert len(load_prelude().keywords) == len(list(BUNDLED.glob("*.kw")))


def test_a_kw_file_that_is_not_utf8_is_located_and_its_keyword_missing(prelude: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    clone = prelude / "clone.kw"
    clone.write_bytes(clone.read_bytes().replace("número".encode(), "número".encode("latin-1")))
    loaded = load_prelude()
    assert "clone" in loaded.missing and loaded.get("Clone") is None
    assert len(loaded.keywords) == len(list(BUNDLED.glob("*.kw"))) - 1
    assert main(["check", str(ULTRON), str(RASGAR)]) == 1
    out = capsys.readouterr().out
    assert f"{clone}:12:36: error[CS001] cannot read the keyword file: not UTF-8 text (byte 0xfa at line 12, " \
           "column 36)" in out
    assert f"{ULTRON}:12:3: error[CS104] keyword 'Clone' is missing: its definition in the prelude does not read" \
        in out
    assert "checked 2 card(s): 1 executable, 1 clean" in out               # Rasgar is unaffected


def test_a_binary_kw_file_leaves_the_other_keywords_and_cards_alone(prelude: Path) -> None:
    (prelude / "clone.kw").write_bytes(b"\x00\x01\x02\xff")
    errors = _library_errors()
    broken = {name for name, codes in errors.items() if codes}
    assert broken == {"ultron-1-v1.card", "ultron-14-v1.card", "ultron-5-v1.card", "ultron-6-v1.card",
                      "ultron-61112-v1.card"}
    assert all(codes == ["CS104"] for name, codes in errors.items() if name in broken)
    assert load_prelude().missing_reason("Clone") is not None


def test_a_nonsensical_keyword_name_is_refused_and_breaks_nothing(prelude: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 10: a keyword named "." silently broke 170 of the 173 library cards (every sentence's period was
    read as the keyword)."""
    (prelude / "ponto.kw").write_text("Palavra-chave: .\nRegra: 7\nSignificado:\n  Compre um card.\n",
                                      encoding="utf-8")
    (prelude / "o.kw").write_text("Palavra-chave: O\nRegra: 7\nSignificado:\n  Compre um card.\n",
                                  encoding="utf-8")
    loaded = load_prelude()
    assert {"o", "."} <= set(loaded.missing)
    assert not any(_library_errors().values())
    assert main(["check", str(RASGAR)]) == 1
    out = capsys.readouterr().out
    assert f"{prelude / 'ponto.kw'}:1:16: error[CS012] '.' is not a keyword name" in out
    assert f"{prelude / 'o.kw'}:1:16: error[CS012] 'O' is a word of the card language, not a keyword name" in out


@pytest.mark.parametrize(("text", "code"), [
    ("Regra: 7\n", "CS010"),                                     # no Palavra-chave line
    ("Palavra-chave: Zorro\nRegra: 7\n", "CS013"),               # no meaning
    ("Palavra-chave: Zorro\n  indented\nRegra: 7\nSignificado:\n  Compre um card.\n", "CS020"),
    ("Palavra-chave: Zorro\nRegra: 7\nSignificado:\n  " + "Compre um card. " * 200 + "\n", "CS012"),
    ("Palavra-chave: Zorro\nRegra: 7\nZona: lua\nSignificado:\n  Compre um card.\n", "CS012"),
    ("x" * 40_000, "CS002"),                                     # past the file bound
])
def test_a_kw_file_that_does_not_read_is_one_located_diagnostic(text: str, code: str, tmp_path: Path) -> None:
    """Without building another grammar: the prelude of a folder holding one bad file."""
    (tmp_path / "zorro.kw").write_text(text, encoding="utf-8")
    loaded = load_prelude(str(tmp_path))
    assert not loaded.keywords
    assert code in [d.code for d in loaded.diagnostics]
    assert all(d.source.path.endswith("zorro.kw") for d in loaded.diagnostics)
    assert set(loaded.missing) == {"zorro"}


def test_no_prelude_folder_is_a_diagnostic(tmp_path: Path) -> None:
    loaded = load_prelude(str(tmp_path / "nowhere"))
    assert [d.code for d in loaded.diagnostics] == ["CS001"]
    assert not loaded.keywords


def test_the_bundled_prelude_is_clean() -> None:
    loaded = load_prelude()
    assert not loaded.diagnostics
    assert not loaded.missing
