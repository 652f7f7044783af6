"""``cardscript lsp``: the language server of card files over standard input/output (the optional ``lsp`` extra:
``pip install 'cardscript[lsp]'``): diagnostics as you type, hover, completion, go-to-definition, formatting."""

from __future__ import annotations

import argparse
from typing import Any

from cardscript.tools.common import err


def run(args: argparse.Namespace) -> int:
    try:
        from cardscript.lsp.server import main
    except ImportError as exc:            # pygls / lsprotocol not installed
        err(f"the language server needs the lsp extra ({exc.name} is missing): pip install 'cardscript[lsp]'")
        return 2
    return main()


def register(sub: Any) -> None:
    e = sub.add_parser("lsp", help="the language server of card files, over standard input/output (the lsp extra)")
    e.set_defaults(func=run)
