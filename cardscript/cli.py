"""The ``cardscript`` command: check, fmt, render, explain, translate, corpus, deck check, play, simulate.

Each command is a module of :mod:`cardscript.tools`; this module builds the parser from them and
dispatches. Exit codes: 0 clean, 1 diagnostics (or a failed check), 2 usage errors. No Python traceback
reaches a user: an internal failure on one card is a CS900 diagnostic for that card, and an unexpected
failure of a command is one plain line (its traceback only with the command's ``--debug``).
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Sequence
from typing import Any

from cardscript.compiler.textfile import UnreadableFile
from cardscript.runtime.library import DeckError
from cardscript.tools import COMMANDS


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cardscript", description="The Battle Scenes card language toolchain.")
    sub = p.add_subparsers(dest="command")
    for command in COMMANDS:
        command.register(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return 2 if exc.code not in (0, None) else 0
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        result: Any = args.func(args)
        return int(result)
    except UnreadableFile as exc:            # a file named on the command line that is not readable text
        sys.stderr.write(f"cardscript: {exc}\n")
        return 2
    except OSError as exc:                   # missing, a directory, no permission: a file, not a bug
        if isinstance(exc, BrokenPipeError):
            return 0
        sys.stderr.write(f"cardscript: {exc.strerror or type(exc).__name__}: {exc.filename}\n")
        return 2
    except DeckError as exc:                 # a deck naming a card the library does not have / cannot compile
        sys.stderr.write(f"cardscript: {exc}\n")
        return 1
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        sys.stderr.write("cardscript: interrupted\n")
        return 130
    except Exception as exc:                 # a bug: one plain line, the traceback only when asked for
        debug = getattr(args, "debug", None)  # None: the command has no --debug
        if debug:
            traceback.print_exc()
        hint = " (run it again with --debug to see where)" if debug is False else ""
        sys.stderr.write(f"cardscript: internal error in '{args.command}': {type(exc).__name__}: {exc}{hint}\n")
        return 2
