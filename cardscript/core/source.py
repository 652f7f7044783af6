"""Source files and spans: every AST node and diagnostic points back into the text a person wrote."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

_LINE_END = re.compile(r"\r\n?|\n")


@dataclass(frozen=True, init=False)
class Span:
    """A half-open character range ``[start, end)`` in a :class:`SourceFile`'s text (an end before the start is
    the start: an empty range)."""

    start: int
    end: int

    def __init__(self, start: int, end: int) -> None:
        # the frozen dataclass's __init__ and __post_init__ in one step (every node and token has spans: issue 12)
        d = self.__dict__
        d["start"] = start
        d["end"] = end if end >= start else start

    def merge(self, other: Span) -> Span:
        return Span(min(self.start, other.start), max(self.end, other.end))


@dataclass(frozen=True)
class SourceFile:
    """A named text with a line index for ``line:col`` positions (both 1-based)."""

    path: str
    text: str
    _line_starts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # a line ends at "\n", "\r\n" or a lone "\r" (old Mac files): every line is numbered as an editor shows it
        starts = [0, *(m.end() for m in _LINE_END.finditer(self.text))]
        object.__setattr__(self, "_line_starts", tuple(starts))

    def position(self, offset: int) -> tuple[int, int]:
        """The 1-based ``(line, column)`` of a character offset."""
        offset = max(0, min(offset, len(self.text)))
        line = bisect.bisect_right(self._line_starts, offset) - 1
        return line + 1, offset - self._line_starts[line] + 1

    @property
    def line_count(self) -> int:
        """How many lines the text has (an empty text: one empty line)."""
        return len(self._line_starts)

    def line_start(self, line: int) -> int:
        """The offset where a 1-based line starts (the end of the text past the last line)."""
        if line < 1:
            return 0
        return self._line_starts[line - 1] if line <= len(self._line_starts) else len(self.text)

    def line_text(self, line: int) -> str:
        """The text of a 1-based line, without its newline."""
        if line < 1 or line > len(self._line_starts):
            return ""
        start = self._line_starts[line - 1]
        end = self._line_starts[line] if line < len(self._line_starts) else len(self.text)
        return self.text[start:end].rstrip("\r\n")
