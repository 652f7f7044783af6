"""The authoring tutorial (issue 13, part 8), tried step by step: every file docs/tutorial.md asks for is written
and every command it shows is run in a fresh folder, in the page's order, through a shell with the installed
``cardscript``; each must print what the page shows."""

from __future__ import annotations

import difflib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tutorial_steps import ELIDED, RunCommand, WriteFile, matches, steps

PAGE = Path(__file__).resolve().parents[1] / "docs" / "tutorial.md"


def test_the_tutorial_runs_as_written(tmp_path: Path) -> None:
    work = tmp_path / "tutorial"
    work.mkdir()
    env = dict(os.environ, CARDSCRIPT_CACHE_DIR=str(tmp_path / "cache"), NO_COLOR="1", COLUMNS="100",
               PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    for step in steps(PAGE):
        if isinstance(step, WriteFile):
            target = work / step.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(step.text, encoding="utf-8")
            continue
        done = subprocess.run(step.command, shell=True, cwd=work, env=env, capture_output=True, text=True,
                              timeout=300)
        printed = (done.stdout + done.stderr).splitlines()
        assert "Traceback" not in done.stderr, f"{PAGE.name}:{step.line}: `{step.command}` crashed:\n{done.stderr}"
        if not matches(step.output, printed):
            diff = "\n".join(difflib.unified_diff(list(step.output), printed, "the page", "printed", lineterm=""))
            pytest.fail(f"{PAGE.name}:{step.line}: `{step.command}` printed something else:\n{diff}")


def test_the_tutorial_takes_every_step_the_issue_names() -> None:
    """Write a card, check it, explain it, playtest it in a deck, render it in English."""
    commands = [s.command for s in steps(PAGE) if isinstance(s, RunCommand)]
    for wanted in ("cardscript check ", "cardscript explain ", "cardscript scenario ", "cardscript deck check ",
                   "cardscript play ", "cardscript render --lang en "):
        assert any(c.startswith(wanted) for c in commands), wanted
    written = [s.path for s in steps(PAGE) if isinstance(s, WriteFile)]
    assert any(p.endswith(".card") for p in written) and any(p.endswith(".deck") for p in written)


def test_shown_output_may_leave_lines_out() -> None:
    assert matches(("a", ELIDED, "d"), ["a", "b", "c", "d"])
    assert matches(("a", ELIDED), ["a"])
    assert not matches(("a", ELIDED, "d"), ["a", "b", "c"])
    assert not matches(("a", "b"), ["a", "b", "c"])
    assert matches(("a", "b", ""), ["a", "b"])
