"""What the command modules share: writing to standard output, the card paths of a command line (``-`` is
standard input; a missing path is one plain line), compiling them with the library's names in scope, the
``--library DIR`` option (repeatable: the user's folders of card files added to the bundled library) and the
library it gives."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:           # the commands import the compiler when they run, not when the CLI starts
    from cardscript.compiler.pipeline import CompiledCard
    from cardscript.core.diagnostics import Diagnostic
    from cardscript.core.source import SourceFile
    from cardscript.grammar.names import NameRegistry


def out(text: str) -> None:
    """A line (or lines) on standard output."""
    sys.stdout.write(text + ("\n" if not text.endswith("\n") else ""))


def err(text: str) -> None:
    """A ``cardscript: ...`` message on standard error."""
    sys.stderr.write(f"cardscript: {text}\n")


def unreadable(card: CompiledCard) -> bool:
    """The card file could not be read at all (missing, a directory, binary, not UTF-8: CS001): exit 2."""
    from cardscript.core.diagnostics import E_IO

    return card.raw is None and any(d.code == E_IO for d in card.diagnostics)


def other_game(card: CompiledCard, command: str) -> str | None:
    """For a command that reads the default game's cards only (``fmt``, ``render``): the plain line that says a
    card of another game is not done, or None (issue 14: those commands come to each game's pack later)."""
    from cardscript.core.games import DEFAULT_GAME, GAMES

    if card.game == DEFAULT_GAME.key:
        return None
    title = next((g.title for g in GAMES if g.key == card.game), card.game)
    return (f"{card.source.path}: a {title} card: `cardscript {command}` does {DEFAULT_GAME.title} cards only so "
            f"far (`cardscript check {card.source.path}` reads it)")


def diagnostics_of(cards: Sequence[CompiledCard]) -> list[Diagnostic]:
    return [d for c in cards for d in c.diagnostics]


STDIN = "-"
"""A card path meaning standard input (``cardscript check -``, ``fmt -``, ``render -``, ``explain -``)."""


@dataclass
class CardInputs:
    """The card paths of a command line: the files and folders that exist, as given; whether ``-`` (standard
    input) was among them; how many did not exist (each told on standard error: the command exits 2 after doing
    the others)."""

    paths: list[str]
    stdin: bool
    missing: int


def card_inputs(paths: Sequence[str]) -> CardInputs:
    """Sort the card paths given: a path that does not exist is one plain line (``cardscript: X: no such file or
    folder``), not a diagnostic; ``-`` is standard input, read once however often it is given."""
    found: list[str] = []
    missing = 0
    for path in paths:
        if path == STDIN:
            continue
        if Path(path).exists() or Path(path).is_symlink():
            found.append(path)
        else:
            err(f"{path}: no such file or folder")
            missing += 1
    return CardInputs(found, STDIN in paths, missing)


def read_card_sources(inputs: CardInputs) -> tuple[list[SourceFile], list[CompiledCard]]:
    """The card texts of ``inputs`` (the files of its folders, then standard input) and, for those that cannot be
    read, their cards with the CS001 diagnostic saying why."""
    from cardscript.compiler.files import card_files, read_source, read_stdin
    from cardscript.compiler.pipeline import CompiledCard
    from cardscript.core.diagnostics import Diagnostic

    sources: list[SourceFile] = []
    failed: list[CompiledCard] = []
    reads = [read_source(path) for path in card_files(inputs.paths)]
    if inputs.stdin:
        reads.append(read_stdin())
    for read in reads:
        if isinstance(read, Diagnostic):
            failed.append(CompiledCard(read.source, None, diagnostics=[read], unparsed=1))
        else:
            sources.append(read)
    return sources, failed


def library_names(paths: Sequence[str]) -> NameRegistry | None:
    """The names of the bundled library (its cards, alter egos, affiliations, actions), in scope for cards checked
    apart from it -- a card of the library's affiliations checked alone is not told its affiliation is unknown;
    None when the paths are the library itself."""
    from cardscript.compiler.cache import names_in
    from cardscript.compiler.files import library_path

    library = library_path().resolve()
    if paths and all(Path(p).resolve() == library for p in paths):
        return None
    return names_in([library])


def compile_inputs(inputs: CardInputs) -> list[CompiledCard]:
    """Every card of ``inputs`` compiled (no cache: the commands that need the syntax trees), the names of all their
    headers and of the bundled library in scope."""
    from cardscript.compiler.pipeline import compile_sources

    sources, failed = read_card_sources(inputs)
    return [*failed, *compile_sources(sources, library_names(inputs.paths))]


def single(path: str) -> CompiledCard | None:
    """The one card file at ``path`` (``-``: standard input) compiled, the library's names in scope (None, with a
    message, when there is none)."""
    inputs = card_inputs([path])
    cards = compile_inputs(inputs)
    if not cards:
        if not inputs.missing:
            err(f"no card file at {path}")
        return None
    return cards[0]


CACHE_HELP = ("compile every card afresh: the compiled-card cache (in the user cache folder, or "
              "$CARDSCRIPT_CACHE_DIR) is neither read nor written")


UNCACHED_HELP = ("accepted as on every command that compiles; this one needs the syntax trees, which the "
                 "compiled-card cache does not keep, and always compiles afresh")


def add_cache_option(parser: argparse.ArgumentParser, cached: bool = True) -> None:
    """``--no-cache`` on every command that compiles card files (see :func:`use_cache`); ``cached=False``: the
    command compiles without the cache anyway (``fmt``, ``render``, ``translate``, ``corpus``)."""
    parser.add_argument("--no-cache", action="store_true", help=CACHE_HELP if cached else UNCACHED_HELP)


def use_cache(args: argparse.Namespace) -> Callable[[], None]:
    """Turn the compiled-card cache off when ``--no-cache`` was given (``cli.main`` calls it before the command
    runs); the function that puts it back as it was."""
    if not getattr(args, "no_cache", False):
        return lambda: None
    from cardscript.compiler.cache import set_enabled
    from cardscript.compiler.cache.store import enabled

    before = enabled()
    set_enabled(False)
    return lambda: set_enabled(before)


def add_color_option(parser: argparse.ArgumentParser) -> None:
    """``--color auto|always|never`` for the commands printing diagnostics (see :func:`color_wanted`)."""
    parser.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                        help="colour the diagnostics: auto (on a terminal, unless NO_COLOR is set), always, never")


def color_wanted(args: argparse.Namespace) -> bool:
    """Colour for ``--color``: ``always``; ``never``; ``auto`` -- standard output is a terminal and ``NO_COLOR``
    (no-color.org) is not set."""
    import os

    choice = getattr(args, "color", "never")
    if choice != "auto":
        return bool(choice == "always")
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


class UsageError(Exception):
    """Options that cannot be used (exit 2)."""


LIBRARY_HELP = ("a folder of your own card files, added to the bundled library (repeat it for more folders); a "
                "card with the printed code of a bundled card (or of a card of an earlier folder) replaces it, "
                "with a note. With --random-decks the decks are built from the cards of these folders only")


def add_library_option(parser: argparse.ArgumentParser, help_text: str = LIBRARY_HELP) -> None:
    """``--library DIR``, repeatable (``play``, ``simulate``, ``deck check``, ``scenario``): see :func:`library_of`."""
    parser.add_argument("--library", metavar="DIR", action="append", default=None, help=help_text)


def library_folders(args: argparse.Namespace) -> list[str]:
    """The ``--library`` folders given, in order (``[]``: the bundled library alone); UsageError for one that
    does not exist or is not a folder."""
    folders: list[str] = list(getattr(args, "library", None) or [])
    for folder in folders:
        path = Path(folder)
        if not path.exists():
            raise UsageError(f"--library {folder}: no such folder")
        if not path.is_dir():
            raise UsageError(f"--library {folder}: not a folder (give the folder that holds the .card files)")
    return folders


def library_of(args: argparse.Namespace, notes: bool = True) -> Any:
    """The bundled library plus the ``--library`` folders (a
    :class:`~cardscript.games.battle_scenes.runtime.library.MergedLibrary`; its ``cards()`` is what decks and scenarios
    name cards
    from). Each card of a folder replacing an earlier one is a ``note:`` line on standard error (``notes``)."""
    from cardscript.games.battle_scenes.runtime.library import load_libraries

    merged = load_libraries(library_folders(args))
    if notes:
        for line in merged.notes():
            err(f"note: {line}")
    return merged


def folders_text(folders: Sequence[str]) -> str:
    """``DIR`` or ``A, B`` (the ``--library`` folders in a message)."""
    return ", ".join(folders)
