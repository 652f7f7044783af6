"""docs/api.md's examples run as written (issue 13, part 5): every code block marked ``python example``."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "api.md"


def _examples() -> list[str]:
    return re.findall(r"```python example\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def test_the_api_examples_run(tmp_path: Path) -> None:
    examples = _examples()
    assert examples
    for k, code in enumerate(examples):
        script = tmp_path / f"example_{k}.py"
        script.write_text(code, encoding="utf-8")
        done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path,
                              timeout=300)
        assert done.returncode == 0, done.stderr
        assert "Damage 2" in done.stdout and "winner" in done.stdout


def test_import_cardscript_loads_neither_the_compiler_nor_the_engine() -> None:
    code = ("import sys, cardscript; print(sorted(m for m in sys.modules if m.startswith('cardscript.')));"
            "cardscript.compile_card; print('cardscript.api' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    before, after = done.stdout.splitlines()
    assert before == "[]" and after == "True"
