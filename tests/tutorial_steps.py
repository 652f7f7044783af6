"""The authoring tutorial (docs/tutorial.md) as steps a test can take: the files it asks the reader to write and
the commands it asks them to run, each with the output the page shows.

Marks in the page (HTML comments, invisible when it is read): ``<!-- file: PATH -->`` before a fenced block means
"save this as PATH"; ``<!-- run -->`` before a ``console`` block means "run each ``$ `` line here; the lines under
it are what it prints". In a shown output, a line ``...`` stands for any number of lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

FILE_MARK = re.compile(r"<!-- file: (?P<path>\S+) -->")
RUN_MARK = "<!-- run -->"
ELIDED = "..."


@dataclass(frozen=True)
class WriteFile:
    line: int           # the mark's line in the page (1-based)
    path: str
    text: str


@dataclass(frozen=True)
class RunCommand:
    line: int
    command: str
    output: tuple[str, ...]


Step = WriteFile | RunCommand


def steps(page: Path) -> list[Step]:
    """The page's steps in its order."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found: list[Step] = []
    for i, line in enumerate(lines):
        mark = FILE_MARK.fullmatch(line.strip())
        if mark is None and line.strip() != RUN_MARK:
            continue
        body = _block_after(lines, i)
        if mark is not None:
            found.append(WriteFile(i + 1, mark["path"], "\n".join(body) + "\n"))
            continue
        command: str | None = None
        output: list[str] = []
        for row in body:
            if row.startswith("$ "):
                if command is not None:
                    found.append(RunCommand(i + 1, command, tuple(output)))
                command, output = row[2:], []
            else:
                output.append(row)
        if command is None:
            raise ValueError(f"{page}:{i + 1}: a run mark before a block with no `$ ` line")
        found.append(RunCommand(i + 1, command, tuple(output)))
    return found


def _block_after(lines: list[str], mark: int) -> list[str]:
    """The lines of the fenced block that starts on the line after ``mark``."""
    start = mark + 1
    if start >= len(lines) or not lines[start].startswith("```"):
        raise ValueError(f"line {mark + 1}: a mark not followed by a fenced block")
    end = next((j for j in range(start + 1, len(lines)) if lines[j].startswith("```")), None)
    if end is None:
        raise ValueError(f"line {start + 1}: a fenced block that is never closed")
    return lines[start + 1:end]


def matches(shown: tuple[str, ...], printed: list[str]) -> bool:
    """Whether the printed lines are the shown ones, where a shown ``...`` line stands for any number of lines
    (trailing blanks are not compared)."""
    want = [line.rstrip() for line in shown]
    got = [line.rstrip() for line in printed]
    while got and not got[-1]:
        got.pop()
    while want and not want[-1]:
        want.pop()
    return _match(want, got)


def _match(want: list[str], got: list[str]) -> bool:
    if not want:
        return not got
    if want[0] == ELIDED:
        return any(_match(want[1:], got[k:]) for k in range(len(got) + 1))
    return bool(got) and got[0] == want[0] and _match(want[1:], got[1:])
