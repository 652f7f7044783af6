"""Seeded edits of a card file's text, as a careless user makes them: for the fuzz of ``fmt`` (tests,
bench/fuzz_fmt.py). Each :func:`mutation` is one edit -- blanks, line breaks, joined lines, CR / CRLF line
endings, comments, punctuation dropped or added, long lines, indentation, case, accents, a character deleted --
placed by ``position`` (0..1) and sized by ``amount``."""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable


def mutation(kind: str, position: float, amount: int) -> Callable[[str], str]:
    """One edit of a card file's text: blanks, line breaks, line endings, comments, punctuation, case..."""
    def edit(text: str) -> str:
        lines = text.split("\n")
        i = int(position * len(lines)) % len(lines)
        line = lines[i]
        at = int(position * 997) % (len(line) + 1)
        if kind == "blanks":
            lines[i] = line[:at] + " " * amount + line[at:]
        elif kind == "trailing":
            lines[i] = line + " " * amount
        elif kind == "blank line":
            lines.insert(i, " " * (amount % 3))
        elif kind == "break":
            spaces = [j for j, ch in enumerate(line) if ch == " " and j > 2]
            if spaces:
                j = spaces[amount % len(spaces)]
                lines[i:i + 1] = [line[:j], ("  " if line.startswith("  ") else "") + line[j + 1:]]
        elif kind == "join" and i + 1 < len(lines):
            lines[i:i + 2] = [line + " " + lines[i + 1].strip()]
        elif kind == "comment":
            lines.insert(i, "# " + ("Texto permanente:", "nota", "", "Ação: x")[amount % 4])
        elif kind == "drop punctuation":
            marks = [j for j, ch in enumerate(line) if ch in ".,;:"]
            if marks:
                j = marks[amount % len(marks)]
                lines[i] = line[:j] + line[j + 1:]
        elif kind == "punctuation":
            lines[i] = line[:at] + '".,;:()-{}/\''[amount % 12] + line[at:]
        elif kind == "long line" and line.startswith("  "):
            lines[i] = line + (" " + line.strip()) * amount
        elif kind == "indent" and line.startswith("  "):
            lines[i] = " " * (1, 3, 4, 8)[amount % 4] + line.lstrip()
        elif kind == "case":
            words = line.split(" ")
            k = amount % len(words)
            words[k] = words[k].upper() if amount % 2 else words[k].capitalize()
            lines[i] = " ".join(words)
        elif kind == "accents":
            lines[i] = "".join(ch for ch in unicodedata.normalize("NFD", line) if unicodedata.category(ch) != "Mn")
        elif kind == "delete" and line:
            lines[i] = line[:at] + line[at + 1:]
        joined = "\n".join(lines)
        if kind == "CRLF":
            return joined.replace("\n", "\r\n")
        if kind == "CR":
            return joined.replace("\n", "\r")
        return joined
    return edit


KINDS = ("blanks", "trailing", "blank line", "break", "join", "comment", "drop punctuation", "punctuation",
         "long line", "indent", "case", "accents", "delete", "CRLF", "CR")


def random_mutations(rng: random.Random, count: int) -> list[Callable[[str], str]]:
    """``count`` random edits."""
    return [mutation(rng.choice(KINDS), rng.random(), rng.randint(1, 20)) for _ in range(count)]
