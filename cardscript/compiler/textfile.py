"""Reading a text file a user names (a card, a keyword definition, a deck, a corpus, a match log): its text, or
one plain reason why it cannot be read, located at the first bad byte.

Every command reads its files through :func:`read_text` (or :func:`read_bytes` when it decodes line by line
itself; :func:`read_stream` for standard input), so a missing file, a directory, a binary file or a file that is
not UTF-8 is the same message everywhere, and never a Python traceback. A UTF-8 byte order mark is dropped (an
editor on Windows writes one; the first line keeps its meaning).
"""

from __future__ import annotations

import codecs
from pathlib import Path
from typing import BinaryIO

__all__ = ["MAX_BYTES", "UnreadableFile", "decode", "read_bytes", "read_stream", "read_text"]

MAX_BYTES = 256 * 1024 * 1024     # no file a user names is read past this (a corpus of 1,000 cards is ~2 MB)


class UnreadableFile(Exception):
    """A file that cannot be read as text: ``why`` says it in a few words (``str()``: ``path: why``)."""

    def __init__(self, path: str | Path, why: str, data: bytes | None = None, offset: int | None = None) -> None:
        super().__init__(f"{path}: {why}")
        self.path = str(path)
        self.why = why
        self.data = data          # the bytes read, when the fault is in them
        self.offset = offset      # ... and the byte offset of the fault

    def located(self) -> tuple[str, int]:
        """The file's text as far as it reads (a bad byte replaced by U+FFFD) and the character offset of the
        fault, for a diagnostic with a line, a column and a caret; ``("", 0)`` when nothing was read."""
        if self.data is None or self.offset is None:
            return "", 0
        data = self.data[len(codecs.BOM_UTF8):] if self.data.startswith(codecs.BOM_UTF8) else self.data
        cut = self.offset - (len(self.data) - len(data))
        text = data.decode("utf-8", "replace").replace("\x00", "\ufffd")
        return text, len(data[:cut].decode("utf-8", "replace"))


def _where(data: bytes, offset: int) -> str:
    """``line L, column C`` of a byte offset (lines end at LF, CR LF or a lone CR; columns count bytes)."""
    before = data[:offset]
    line_start = max(before.rfind(b"\n"), before.rfind(b"\r")) + 1
    lines = before.count(b"\n") + before.count(b"\r") - before.count(b"\r\n")
    return f"line {lines + 1}, column {offset - line_start + 1}"


def read_bytes(path: str | Path, what: str = "file", nul_ok: bool = False) -> bytes:
    """The bytes of a file; :class:`UnreadableFile` when it is missing, a directory, unreadable or binary (a NUL
    byte, unless ``nul_ok``: a reader of records that refuses each bad line itself)."""
    p = Path(path)
    if p.is_dir():
        raise UnreadableFile(path, f"a directory, not a {what}")
    if p.exists() and not p.is_file():           # a device or a pipe (/dev/zero would never end)
        raise UnreadableFile(path, f"not a regular file, not a {what}")
    try:
        if p.stat().st_size > MAX_BYTES:
            raise UnreadableFile(path, f"{p.stat().st_size:,} bytes: too large for a {what} (at most {MAX_BYTES:,})")
        data = p.read_bytes()
    except FileNotFoundError:
        raise UnreadableFile(path, "no such file") from None
    except OSError as exc:
        raise UnreadableFile(path, f"cannot be read ({exc.strerror or type(exc).__name__})") from None
    return _text_like(path, data, what, nul_ok)


def read_stream(stream: BinaryIO, name: str, what: str = "file") -> str:
    """The text of a stream (standard input, named ``name`` in messages), checked as :func:`read_text` checks a
    file's: UTF-8, not binary, at most :data:`MAX_BYTES`."""
    data = stream.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise UnreadableFile(name, f"more than {MAX_BYTES:,} bytes: too large for a {what}")
    return decode(name, _text_like(name, data, what), what)


def _text_like(path: str | Path, data: bytes, what: str, nul_ok: bool = False) -> bytes:
    """``data`` when it can be text: not UTF-16, no NUL byte (unless ``nul_ok``); else :class:`UnreadableFile`."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise UnreadableFile(path, f"UTF-16 text, not UTF-8: save the {what} as UTF-8")
    nul = -1 if nul_ok else data.find(b"\x00")
    if nul >= 0:
        raise UnreadableFile(path, f"a binary file, not a {what} (a NUL byte at {_where(data, nul)})", data, nul)
    return data


def decode(path: str | Path, data: bytes, what: str = "file") -> str:
    """UTF-8 bytes as text, a leading byte order mark dropped; :class:`UnreadableFile` at the first bad byte."""
    bom = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        return data[bom:].decode("utf-8")
    except UnicodeDecodeError as exc:
        at = exc.start + bom
        raise UnreadableFile(path, f"not UTF-8 text (byte 0x{data[at]:02x} at {_where(data, at)}); "
                                   f"a {what} is UTF-8 text", data, at) from None


def read_text(path: str | Path, what: str = "file") -> str:
    """The text of a UTF-8 file (a byte order mark dropped), or :class:`UnreadableFile` saying why not."""
    return decode(path, read_bytes(path, what), what)
