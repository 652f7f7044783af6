"""The commands users run, one module per command, each thin over the compiler and the runtime.

Every module has ``register(sub)``, which adds its subcommand to the ``cardscript`` parser and sets
``func`` to the function running it (``args -> exit code``); :mod:`cardscript.cli` builds the parser from
:data:`COMMANDS` and dispatches. Exit codes: 0 clean, 1 diagnostics (or a failed check), 2 usage errors.
"""

from __future__ import annotations

from cardscript.tools import (
    check,
    corpus,
    deck,
    explain,
    export,
    fmt,
    gallery,
    lsp,
    play,
    render,
    rulings,
    scenario,
    simulate,
    translate,
)

COMMANDS = (check, fmt, render, explain, export, gallery, translate, corpus, rulings, deck, play, simulate, scenario,
            lsp)

__all__ = ["COMMANDS"]
