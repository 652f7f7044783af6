"""Official rulings as scenario files (issue 11, part 5, first files): ``tests/rulings/<collection>/<card>-<n>.scn``
is ruling ``n`` of that card's ``faqs`` in the development corpora (the name ``cardscript rulings`` gives it).
The cards come from the corpora translated at test time (``cardscript translate ... --out DIR``, then the library
plus DIR); the rulings' text is never copied, each file cites the card's code and the ruling's number. A ruling
the engine does not meet yet says so (``falha conhecida:``): it is an XFAIL, counted; a CANNOT (a card text the
engine does not run yet) is counted too; no branch may FAIL, be an ERROR or an XPASS."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from cardscript.cli import main
from cardscript.games.battle_scenes.scenario.cards import CardIndex, library_index
from cardscript.games.battle_scenes.scenario.run import GOOD
from cardscript.tools.scenario import run_file
from tests.corpus_play import CORPORA, CORPUS_DIR, require_corpus

require_corpus()

RULINGS = Path(__file__).resolve().parent / "rulings"
CORPUS_EXAMPLES = Path(__file__).resolve().parent / "scenarios-corpus"


@pytest.fixture(scope="module")
def corpus_cards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("corpus-cards")
    for name in CORPORA:
        assert main(["translate", str(CORPUS_DIR / name), "--out", str(out / name.split(".")[0])]) == 0
    return out


@pytest.fixture(scope="module")
def index(corpus_cards: Path) -> CardIndex:
    return library_index([corpus_cards])


@pytest.mark.parametrize("path", sorted(RULINGS.rglob("*.scn")), ids=lambda p: p.stem)
def test_official_ruling(path: Path, index: CardIndex) -> None:
    result = run_file(path, index)
    assert not result.diagnostics, [d.message for d in result.diagnostics]
    bad = [(b.name, b.verdict, b.reason) for b in result.branches if b.verdict not in (*GOOD, "CANNOT")]
    assert result.branches and not bad, bad


@pytest.mark.parametrize("path", sorted(CORPUS_EXAMPLES.glob("*.scn")), ids=lambda p: p.stem)
def test_rulebook_example_with_corpus_cards(path: Path, index: CardIndex) -> None:
    """The rulebook's worked examples whose cards only the corpora print (tests/scenarios-corpus/): every branch
    PASS, as tests/scenarios/ with the bundled library."""
    result = run_file(path, index)
    assert not result.diagnostics, [d.message for d in result.diagnostics]
    assert result.branches and all(b.verdict == "PASS" for b in result.branches), \
        [(b.name, b.verdict, b.reason) for b in result.branches]


def test_rulings_are_named_after_the_card_and_numbered_and_cite_the_code() -> None:
    from cardscript.compiler.rulings import corpus_rulings
    from cardscript.compiler.translate import read_corpus

    codes = {r.ident: r.code for name in CORPORA                    # per corpus, as `cardscript rulings` does
             for r in corpus_rulings([rec for _, rec in read_corpus((CORPUS_DIR / name).read_bytes())
                                      if isinstance(rec, dict)])}
    for path in RULINGS.rglob("*.scn"):
        ident = path.relative_to(RULINGS).with_suffix("").as_posix()
        assert ident in codes, ident                                 # named as `cardscript rulings` names it
        number = ident.rpartition("-")[2]
        lines = path.read_text(encoding="utf-8").splitlines()
        head = " ".join(line.lstrip("# ") for line in lines[:3])
        assert lines[0].startswith(f"# Ruling {number} of ") and codes[ident] in head, lines[0]


def test_rulings_counts(index: CardIndex, capsys: pytest.CaptureFixture[str]) -> None:
    """The figures the issue asks for: PASS / FAIL / CANNOT / XFAIL over the rulings' branches."""
    counts: Counter[str] = Counter(v for p in sorted(RULINGS.rglob("*.scn")) for v in run_file(p, index).verdicts)
    with capsys.disabled():
        print(f"\nrulings: {dict(sorted(counts.items()))}")
    assert counts["PASS"] and not set(counts) - {"PASS", "XFAIL", "CANNOT"}


def test_every_ruling_is_a_scenario_file_or_a_line_of_docs_rulings() -> None:
    """Part 5: each ruling of both corpora is accounted for -- a scenario file under tests/rulings/, or a line of
    docs/rulings.md saying why it needs none or why it is not written yet -- and never both."""
    import re

    from cardscript.compiler.rulings import corpus_rulings
    from cardscript.compiler.translate import read_corpus

    idents = {r.ident for name in CORPORA
              for r in corpus_rulings([rec for _, rec in read_corpus((CORPUS_DIR / name).read_bytes())
                                       if isinstance(rec, dict)])}
    files = {p.relative_to(RULINGS).with_suffix("").as_posix() for p in RULINGS.rglob("*.scn")}
    doc = (RULINGS.parent.parent / "docs" / "rulings.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| `([^`]+)` \|", doc, flags=re.MULTILINE)
    assert len(listed) == len(set(listed))
    assert not files & set(listed), sorted(files & set(listed))
    assert set(listed) | files == idents, (sorted(idents - set(listed) - files), sorted(set(listed) - idents))
