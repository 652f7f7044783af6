"""What the command modules share: writing to standard output, reading one card file."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from cardscript.compiler.diagnostics import E_IO, Diagnostic
from cardscript.compiler.pipeline import CompiledCard, compile_paths


def out(text: str) -> None:
    """A line (or lines) on standard output."""
    sys.stdout.write(text + ("\n" if not text.endswith("\n") else ""))


def err(text: str) -> None:
    """A ``cardscript: ...`` message on standard error."""
    sys.stderr.write(f"cardscript: {text}\n")


def unreadable(card: CompiledCard) -> bool:
    """The card file could not be read at all (missing, a directory, binary, not UTF-8: CS001): exit 2."""
    return card.raw is None and any(d.code == E_IO for d in card.diagnostics)


def diagnostics_of(cards: Sequence[CompiledCard]) -> list[Diagnostic]:
    return [d for c in cards for d in c.diagnostics]


def single(path: str) -> CompiledCard | None:
    """The one card file at ``path`` compiled (None, with a message, when there is none)."""
    cards = compile_paths([path])
    if not cards:
        err(f"no card file at {path}")
        return None
    return cards[0]
