"""Lark parsers built once per user: their tables cached on disk, keyed by the grammar text, the options, Lark's
version and Python's (a new Lark or a new grammar never reads an old table), written to a temporary file and
renamed into place so concurrent processes never read half a file."""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from typing import Any

from lark import Lark
from lark import __version__ as LARK_VERSION

from cardscript.core.cache_dir import cache_subdir

__all__ = ["cached_lark", "lark_cache_name"]


def lark_cache_name(name: str, grammar: str, options: dict[str, Any]) -> str:
    """The cache file's name: ``name``, Lark's version and a digest of everything the tables depend on."""
    described = "\0".join(f"{k}={v!r}" for k, v in sorted(options.items()) if k not in ("lexer", "postlex"))
    lexer = options.get("lexer")
    lexer_name = lexer if isinstance(lexer, str) else f"{getattr(lexer, '__module__', '')}." \
        f"{getattr(lexer, '__qualname__', '')}"
    digest = hashlib.sha256(
        f"{LARK_VERSION}\0{sys.version_info[:2]}\0{lexer_name}\0{described}\0{grammar}".encode()).hexdigest()[:20]
    return f"{name}-lark{LARK_VERSION}-{digest}.lark-cache"


def cached_lark(name: str, grammar: str, **options: Any) -> Lark:
    """``Lark(grammar, **options)``, its tables read from the cache when there, else built and written there.
    No cache folder, or one that fails: the parser is built without a cache."""
    folder = cache_subdir("lark")
    if folder is None:
        return Lark(grammar, **options)
    final = folder / lark_cache_name(name, grammar, options)
    try:
        if final.is_file():
            return Lark(grammar, cache=str(final), **options)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}-", suffix=".tmp", dir=folder)
        os.close(fd)
        os.unlink(tmp)                       # Lark writes the file itself
        parser = Lark(grammar, cache=tmp, **options)
        os.replace(tmp, final)
        return parser
    except (OSError, EOFError):
        return Lark(grammar, **options)
