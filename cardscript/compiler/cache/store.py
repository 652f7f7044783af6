"""The compiled-card cache on disk: one file per entry under ``<cache root>/compiled/`` (sharded by the key's
first two characters), written to a temporary file and renamed into place (concurrent processes never read half
an entry), its modification time the time it was last used; pruned, oldest-used first, to a size bound.

``$CARDSCRIPT_CACHE_SIZE`` sets the bound (bytes, or with a K/M/G suffix; default 256M); ``--no-cache``
(:func:`set_enabled`) or ``$CARDSCRIPT_NO_CACHE=1`` turns the cache off: nothing read, nothing written.
"""

from __future__ import annotations

import os
import re
import tempfile
import time
from pathlib import Path

__all__ = ["SIZE_ENV", "NO_CACHE_ENV", "Store", "enabled", "open_store", "set_enabled", "size_limit"]

SIZE_ENV = "CARDSCRIPT_CACHE_SIZE"
NO_CACHE_ENV = "CARDSCRIPT_NO_CACHE"
DEFAULT_SIZE = 256 * 1024 * 1024
FOLDER = "compiled"
_TOUCH_AFTER = 3600.0          # an entry used again within the hour keeps its time (one write less per read)
_PRUNE_TO = 0.8                # pruning leaves the cache at 80% of its bound, so it is not pruned on every run
_SIZE = re.compile(r"\s*(\d+)\s*([kmg]?)i?b?\s*", re.IGNORECASE)

_enabled = True


def set_enabled(on: bool) -> None:
    """Turn the compiled-card cache on or off for this process (``--no-cache``)."""
    global _enabled
    _enabled = on


def enabled() -> bool:
    """Whether the compiled-card cache is on for this process (:func:`set_enabled`; the environment aside)."""
    return _enabled


def size_limit() -> int:
    """The size bound in bytes: ``$CARDSCRIPT_CACHE_SIZE`` when it reads as a size, else 256 MiB."""
    m = _SIZE.fullmatch(os.environ.get(SIZE_ENV, ""))
    if m is None:
        return DEFAULT_SIZE
    power: int = " kmg".index(m.group(2).lower() or " ")
    return int(m.group(1)) * int(1024 ** power)


class Store:
    """Entries by key (a hex digest) in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._root = str(folder)
        self.written = 0               # bytes written by this process (pruning runs only after writes)

    def _path(self, key: str) -> str:
        return os.path.join(self._root, key[:2], key)

    def get(self, key: str) -> bytes | None:
        """The entry's bytes, or None (none, or it cannot be read); a read marks it used."""
        path = self._path(key)
        try:
            with open(path, "rb") as f:
                data = f.read()
                mtime = os.fstat(f.fileno()).st_mtime
            if time.time() - mtime > _TOUCH_AFTER:
                os.utime(path)
        except OSError:
            return None
        return data

    def put(self, key: str, data: bytes) -> None:
        """Write (or rewrite) an entry; a cache that cannot be written is left as it is."""
        path = self._path(key)
        try:
            shard = os.path.dirname(path)
            os.makedirs(shard, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".", suffix=".tmp", dir=shard)
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                os.replace(tmp, path)
            except BaseException:
                os.unlink(tmp)
                raise
        except OSError:
            return
        self.written += len(data)

    def entries(self) -> list[tuple[float, int, Path]]:
        """Every entry: (last used, size, path)."""
        out: list[tuple[float, int, Path]] = []
        try:
            shards = [d for d in os.scandir(self.folder) if d.is_dir(follow_symlinks=False)]
        except OSError:
            return out
        for shard in shards:
            try:
                for e in os.scandir(shard.path):
                    if e.is_file(follow_symlinks=False) and not e.name.startswith("."):
                        st = e.stat(follow_symlinks=False)
                        out.append((st.st_mtime, st.st_size, Path(e.path)))
            except OSError:
                continue
        return out

    def prune(self, limit: int | None = None) -> int:
        """Remove the oldest-used entries while the cache is over ``limit`` (default :func:`size_limit`), down to
        80% of it; the number removed. The folder is listed only when the size kept in ``size`` (what the last
        listing found, plus what was written since) passes the bound, not after every run that wrote."""
        bound = size_limit() if limit is None else limit
        known = self._known_size()
        if known is not None and known + self.written <= bound:
            self._keep_size(known + self.written)
            return 0
        entries = self.entries()
        total = sum(size for _, size, _ in entries)
        removed = 0
        if total > bound:
            for _, size, path in sorted(entries, key=lambda e: e[0]):
                if total <= bound * _PRUNE_TO:
                    break
                try:
                    path.unlink()
                except OSError:
                    continue
                total -= size
                removed += 1
        self._keep_size(total)
        return removed

    def _known_size(self) -> int | None:
        try:
            return int((self.folder / "size").read_text(encoding="ascii"))
        except (OSError, ValueError):
            return None

    def _keep_size(self, total: int) -> None:
        self.written = 0
        try:
            fd, tmp = tempfile.mkstemp(prefix=".", suffix=".tmp", dir=self.folder)
            with os.fdopen(fd, "w", encoding="ascii") as f:
                f.write(str(total))
            os.replace(tmp, self.folder / "size")
        except OSError:
            return


def open_store() -> Store | None:
    """The cache of this user (``cardscript.core.cache_dir``), or None: turned off, or no writable folder."""
    if not _enabled or os.environ.get(NO_CACHE_ENV, "") not in ("", "0"):
        return None
    from cardscript.core.cache_dir import cache_subdir

    folder = cache_subdir(FOLDER)
    return Store(folder) if folder is not None else None
