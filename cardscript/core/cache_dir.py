"""The per-user cache folder: ``$CARDSCRIPT_CACHE_DIR`` when set (tests, CI), else the platform's user cache
directory (``platformdirs``: ``~/.cache/cardscript`` on Linux, honouring ``$XDG_CACHE_HOME``).

The compiled-card cache (``cardscript.compiler.cache``) and the grammars' Lark tables
(``cardscript.grammar.lark_cache``) live in sub-folders of it. A folder that cannot be created or written is no
cache at all (``None``): everything still works, only slower.
"""

from __future__ import annotations

import os
from pathlib import Path

CACHE_DIR_ENV = "CARDSCRIPT_CACHE_DIR"

__all__ = ["CACHE_DIR_ENV", "cache_root", "cache_subdir"]


def cache_root() -> Path:
    """Where the caches go (the folder may not exist yet)."""
    given = os.environ.get(CACHE_DIR_ENV)
    if given:
        return Path(given)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("cardscript", appauthor=False))


def cache_subdir(name: str) -> Path | None:
    """``name`` inside :func:`cache_root`, created; ``None`` when it cannot be created or written."""
    path = cache_root() / name
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return path if os.access(path, os.W_OK) else None
