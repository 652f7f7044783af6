"""The ``cardscript`` command: check, fmt, render, explain, translate, corpus, deck check, play, simulate.

Each command is a module of :mod:`cardscript.tools`; this module builds the parser from them and
dispatches. Exit codes: 0 clean, 1 diagnostics (or a failed check), 2 usage errors. No Python traceback
reaches a user: an internal failure on one card is a CS900 diagnostic for that card, and an unexpected
failure of a command is one plain line (its traceback only with the command's ``--debug``).

Start-up is cheap: the command modules import the compiler and the runtime when their command runs, so
``cardscript --help`` and ``--version`` load neither (nor Lark, nor jinja2).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from cardscript import __version__
from cardscript.tools import COMMANDS


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The ``cardscript`` parser; given the command line, only the command it names is registered (argparse's
    options of the ten others cost a third of a warm ``check``'s start-up), else all of them."""
    p = argparse.ArgumentParser(prog="cardscript", description="The Battle Scenes card language toolchain.")
    p.add_argument("--version", action="version", version=f"cardscript {__version__}")
    sub = p.add_subparsers(dest="command")
    chosen: list[Any] = []
    for arg in argv or ():
        if arg in ("-h", "--help"):          # the top-level help lists every command
            break
        if not arg.startswith("-"):
            chosen = [c for c in COMMANDS if command_name(c) == arg]
            break
    for command in chosen or COMMANDS:
        command.register(sub)
    return p


def command_name(command: Any) -> str:
    """A command module's subcommand: its module's name (``cardscript.tools.check`` -> ``check``)."""
    return str(command.__name__).rsplit(".", 1)[-1]


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(given)
    try:
        args = parser.parse_args(given)
    except SystemExit as exc:
        return 2 if exc.code not in (0, None) else 0
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    from cardscript.tools.common import use_cache

    restore = use_cache(args)                # --no-cache, for this command only
    try:
        result: Any = args.func(args)
        return int(result)
    except KeyboardInterrupt:
        sys.stderr.write("cardscript: interrupted\n")
        return 130
    except Exception as exc:
        return _failure(exc, args)
    finally:
        restore()


def _raised(exc: Exception, module: str, name: str) -> bool:
    """``exc`` is the exception class ``name`` of ``module`` -- which it cannot be when that module was never
    imported (the CLI imports no command's modules before the command runs)."""
    loaded = sys.modules.get(module)
    kind = getattr(loaded, name, None) if loaded is not None else None
    return isinstance(kind, type) and isinstance(exc, kind)


def _failure(exc: Exception, args: argparse.Namespace) -> int:
    """The exit code of a command that raised, and its one line on standard error."""
    if _raised(exc, "cardscript.compiler.textfile", "UnreadableFile"):   # a named file that is not readable text
        sys.stderr.write(f"cardscript: {exc}\n")
        return 2
    if isinstance(exc, OSError):             # missing, a directory, no permission: a file, not a bug
        if isinstance(exc, BrokenPipeError):
            return 0
        sys.stderr.write(f"cardscript: {exc.strerror or type(exc).__name__}: {exc.filename}\n")
        return 2
    # a deck naming a card the library lacks
    if _raised(exc, "cardscript.games.battle_scenes.runtime.library", "DeckError"):
        sys.stderr.write(f"cardscript: {exc}\n")
        return 1
    debug = getattr(args, "debug", None)     # a bug: one plain line, the traceback only when asked for (None: no
    if debug:                                # --debug for this command)
        import traceback

        traceback.print_exc()
    hint = " (run it again with --debug to see where)" if debug is False else ""
    sys.stderr.write(f"cardscript: internal error in '{args.command}': {type(exc).__name__}: {exc}{hint}\n")
    return 2
