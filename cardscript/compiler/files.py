"""Card files on disk: the ``.card`` files of folders, in a stable order; reading one (or saying why not); the
bundled library's folder and the keyword prelude's. Light to import (no grammar): the compiled-card cache's warm
path uses it."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

from cardscript.core import diagnostics as dg
from cardscript.core.diagnostics import Diagnostic
from cardscript.core.games import DEFAULT_GAME
from cardscript.core.source import SourceFile, Span

CARD_SUFFIX = ".card"

__all__ = ["CARD_SUFFIX", "PRELUDE_ENV", "STDIN_NAME", "card_files", "library_path", "prelude_path",
           "read_source", "read_stdin"]

PRELUDE_ENV = "CARDSCRIPT_PRELUDE"


def card_files(paths: Iterable[str | Path]) -> list[Path]:
    """Expand files and folders into the ``.card`` files they hold, in a stable order."""
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(sorted(q for q in path.rglob(f"*{CARD_SUFFIX}") if q.is_file()))
        else:
            out.append(path)
    return out

def read_source(path: Path) -> SourceFile | Diagnostic:
    """A card file's text (a UTF-8 byte order mark dropped), or the CS001 diagnostic saying why it cannot be
    read: missing, a directory, binary (a NUL byte), not UTF-8 (the line and column of the first bad byte)."""
    from cardscript.compiler.textfile import UnreadableFile, read_text

    try:
        return SourceFile(str(path), read_text(path, "card file"))
    except UnreadableFile as exc:
        text, at = exc.located()               # a bad byte: its line and column, with a caret
        return Diagnostic(dg.E_IO, f"cannot read the card file: {exc.why}", Span(at, at + 1 if text else at),
                          SourceFile(str(path), text), hint="card files are UTF-8 text")

STDIN_NAME = "<stdin>"


def read_stdin(stream: BinaryIO | None = None, name: str = STDIN_NAME) -> SourceFile | Diagnostic:
    """A card file's text given on standard input (``-`` on the command line), named ``name`` in diagnostics, or
    the CS001 diagnostic saying why it cannot be read (as :func:`read_source` for a file)."""
    import sys

    from cardscript.compiler.textfile import UnreadableFile, read_stream

    try:
        return SourceFile(name, read_stream(stream if stream is not None else sys.stdin.buffer, name, "card file"))
    except UnreadableFile as exc:
        text, at = exc.located()
        return Diagnostic(dg.E_IO, f"cannot read the card file: {exc.why}", Span(at, at + 1 if text else at),
                          SourceFile(name, text), hint="card files are UTF-8 text")


def library_path() -> Path:
    """The bundled card library of the default game, installed inside its pack
    (``cardscript/games/battle_scenes/cards``)."""
    return DEFAULT_GAME.folder / "cards"


def decks_path() -> Path:
    """The default game's demo decks (``cardscript/games/battle_scenes/decks``)."""
    return DEFAULT_GAME.folder / "decks"


def prelude_path() -> Path:
    """The prelude folder: ``$CARDSCRIPT_PRELUDE`` when set (a prelude of one's own, or a test's), else the
    default game's, installed in its pack (``cardscript/games/battle_scenes/prelude``)."""
    folder = os.environ.get(PRELUDE_ENV)
    return Path(folder) if folder else DEFAULT_GAME.folder / "prelude"
