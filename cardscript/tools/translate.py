"""``cardscript translate``: corpus records (or plain printed text) to ``.card`` files.

* ``translate FILE|-``: one corpus record per line, or plain printed text, translated to standard output
  (diagnostics of the translated cards on standard error; exit 1 if one does not compile);
* ``translate CORPUS.jsonl --out DIR``: one card file per record, placed as the bundled library's are
  (``DIR/bsum/rasgar-v1.card``; records that would share a path get distinct names,
  :func:`cardscript.compiler.translate.place_records`). A line that is not a card record is reported as
  ``CORPUS.jsonl:LINE: ...`` on standard error and the others are still written; the last line says
  ``N cards written to DIR, M records failed``. Exit 1 if a record failed, else 0.

A file that cannot be read as a corpus (missing, a directory, binary, not UTF-8 text) is one plain message and
exit 2; no input gives a Python traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from cardscript.tools.common import add_cache_option, err, out


class InputError(Exception):
    """The input cannot be read at all (exit 2)."""


def read_input(name: str) -> tuple[str, bytes]:
    """``(label, bytes)`` of a file or of standard input (``-``); :class:`InputError` when it cannot be read
    or is not text (a NUL byte: a binary file)."""
    if name == "-":
        data = sys.stdin.buffer.read()
        label = "<stdin>"
    else:
        from cardscript.compiler.textfile import UnreadableFile, read_bytes

        path = Path(name)
        if path.is_dir():
            raise InputError(f"{name} is a directory, not a corpus file")
        try:
            data = read_bytes(path, "corpus file", nul_ok=True)    # a device, UTF-16, too large: refused
        except UnreadableFile as exc:
            raise InputError(f"no such file: {name}" if exc.why == "no such file" else str(exc)) from None
        label = name
    if b"\x00" in data and not data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
        raise InputError(f"{label} is a binary file, not card records or card text")
    return label, data       # records: a line holding a NUL byte is refused as that record (not JSON)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def run(args: argparse.Namespace) -> int:
    try:
        label, data = read_input(args.input)
    except InputError as exc:
        err(str(exc))
        return 2
    if args.out is not None:
        return translate_to_folder(label, data, Path(args.out))
    return translate_to_stdout(label, data)


def translate_to_stdout(label: str, data: bytes) -> int:
    """Records (a first non-blank character ``{``) or plain text, translated to standard output."""
    from cardscript.compiler.translate import RecordError, plain_text_to_card_text, read_corpus, record_to_card_text

    status = 0
    texts: list[str] = []
    whole = _one_record(data)
    if isinstance(whole, RecordError):
        first = next((n for n, text in enumerate(data.split(b"\n"), 1) if text.strip()), 1)
        err(f"{label}:{first}: {whole}")
        return 1
    if whole is not None:                          # one record, perhaps spread over several lines
        texts.append(record_to_card_text(whole))
    elif data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
        for number, item in read_corpus(data):
            if isinstance(item, RecordError):
                err(f"{label}:{number}: {item}")
                status = 1
            else:
                texts.append(record_to_card_text(item))
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            err(f"{label} is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})")
            return 2
        texts.append(plain_text_to_card_text(text))
    from cardscript.compiler.pipeline import compile_source
    from cardscript.core.diagnostics import format_text
    from cardscript.core.source import SourceFile

    for text in texts:
        card = compile_source(SourceFile("<translated>", text))
        out(text)
        for d in card.diagnostics:
            sys.stderr.write(format_text(d) + "\n")
        if not card.ok:
            status = 1
    return status


def _one_record(data: bytes) -> Any:
    """The whole input as one JSON value checked as a card record (a record, perhaps pretty-printed over
    several lines; or its RecordError), or None when the whole input is not one JSON value."""
    from cardscript.compiler.translate import RecordError, check_record

    try:
        value = json.loads(data.decode("utf-8-sig"))
    except (ValueError, RecursionError):
        return None
    try:
        return check_record(value)
    except RecordError as exc:
        return exc


def translate_to_folder(label: str, data: bytes, folder: Path) -> int:
    """Every record of a corpus to its card file under ``folder``; bad records reported, located."""
    from cardscript.compiler.translate import RecordError, place_records, read_corpus, record_to_card_text

    if folder.exists() and not folder.is_dir():
        err(f"--out {folder} is a file, not a folder")
        return 2
    failed = 0
    good: list[tuple[int, dict[str, Any], str]] = []
    for number, item in read_corpus(data):
        if isinstance(item, RecordError):
            err(f"{label}:{number}: {item}")
            failed += 1
            continue
        try:
            good.append((number, item, record_to_card_text(item)))
        except Exception as exc:  # noqa: BLE001 - a record the translator cannot write: reported, the rest go on
            err(f"{label}:{number}: cannot translate this record ({type(exc).__name__}: {exc})")
            failed += 1
    written = 0
    for (number, _, text), relative in zip(good, place_records([r for _, r, _ in good]), strict=True):
        target = folder / relative
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        except OSError as exc:
            err(f"{label}:{number}: cannot write {target}: {exc.strerror or exc}")
            failed += 1
            continue
        written += 1
    out(f"{_plural(written, 'card')} written to {folder}, {_plural(failed, 'record')} failed")
    return 1 if failed else 0


def register(sub: Any) -> None:
    t = sub.add_parser("translate", help="corpus JSON records (or plain printed text) -> .card files")
    t.add_argument("input", help="a file, or - for standard input")
    t.add_argument("--out", metavar="DIR",
                   help="write one card file per record of a JSON Lines corpus into DIR, placed as the bundled "
                        "library's are (DIR/<collection>/<name>-<version>.card)")
    add_cache_option(t, cached=False)
    t.set_defaults(func=run)
