"""cardscript: the Battle Scenes card language, its compiler and its rules engine.

The Python API (docs/api.md) -- :func:`compile_card`, :func:`load_library`, :func:`new_game`, :func:`play` -- is
loaded on first use (``cardscript.api``), so that ``import cardscript`` (and ``cardscript --help``) stays light.
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"

_API = ("CardResult", "compile_card", "load_library", "new_game", "play")
__all__ = ["__version__", *_API]


def __getattr__(name: str) -> Any:
    if name in _API:
        from cardscript import api

        return getattr(api, name)
    raise AttributeError(f"module 'cardscript' has no attribute {name!r}")
