"""An entry's bytes: a frame (magic, the key it was written under, the payload's length and checksum) around a
pickle that may name only cardscript's own classes. Anything else -- another program's file, a truncated or
corrupted write, an entry written under another key, a pickle naming a function or a foreign class -- reads as
no entry (:class:`BadEntry`), never as a crash and never as code run."""

from __future__ import annotations

import gc
import hashlib
import importlib
import io
import pickle
from typing import Any

__all__ = ["BadEntry", "decode", "encode"]

MAGIC = b"cardscript-cache\x01"
_KEY_BYTES = 32
_SUM_BYTES = 16
_HEADER = len(MAGIC) + _KEY_BYTES + 8 + _SUM_BYTES
_BUILTINS = frozenset({"frozenset", "set", "slice", "complex", "bytearray", "range"})


class BadEntry(Exception):
    """The bytes are not an entry of this key (the caller compiles again and rewrites it)."""


def _key_bytes(key: str) -> bytes:
    return hashlib.blake2b(key.encode(), digest_size=_KEY_BYTES).digest()


def encode(key: str, value: object) -> bytes:
    """``value`` framed for ``key``."""
    payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    checksum = hashlib.blake2b(payload, digest_size=_SUM_BYTES).digest()
    return b"".join((MAGIC, _key_bytes(key), len(payload).to_bytes(8, "little"), checksum, payload))


def decode(key: str, data: bytes) -> Any:
    """The value framed in ``data`` for ``key``; :class:`BadEntry` when the frame or the pickle is not one."""
    if len(data) < _HEADER or not data.startswith(MAGIC):
        raise BadEntry("not an entry")
    at = len(MAGIC)
    if data[at:at + _KEY_BYTES] != _key_bytes(key):
        raise BadEntry("written under another key")
    at += _KEY_BYTES
    size = int.from_bytes(data[at:at + 8], "little")
    at += 8
    checksum, payload = data[at:at + _SUM_BYTES], data[at + _SUM_BYTES:]
    if len(payload) != size or hashlib.blake2b(payload, digest_size=_SUM_BYTES).digest() != checksum:
        raise BadEntry("truncated or corrupted")
    collecting = gc.isenabled()
    gc.disable()                    # a load makes many objects and no garbage: no collections meanwhile (-25%)
    try:
        return _Unpickler(io.BytesIO(payload)).load()
    except BadEntry:
        raise
    except Exception as exc:  # noqa: BLE001 - a pickle that does not load is no entry, whatever the reason
        raise BadEntry(f"does not load: {type(exc).__name__}") from None
    finally:
        if collecting:
            gc.enable()


_CLASSES: dict[tuple[str, str], type] = {}


class _Unpickler(pickle.Unpickler):
    """Loads cardscript's classes (and a few builtin containers) only: no function is ever called."""

    def find_class(self, module: str, name: str) -> Any:
        known = _CLASSES.get((module, name))
        if known is not None:
            return known
        found: Any = None
        if module == "builtins" and name in _BUILTINS:
            found = super().find_class(module, name)
        elif module.startswith("cardscript.") and not name.startswith("_"):
            found = importlib.import_module(module)
            for part in name.split("."):
                found = getattr(found, part, None)
        if not isinstance(found, type):
            raise BadEntry(f"names {module}.{name}")
        _CLASSES[(module, name)] = found
        return found
