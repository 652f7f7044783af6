"""What an entry is keyed by: everything a compile reads besides the card's own text.

- :func:`compiler_digest`: the package version and a digest of every file of the compiler and the grammar
  (sources, ``.lark`` fragments, templates), so an edited checkout never reads an entry of its former self;
- :func:`prelude_digest`: the keyword prelude's folder and its ``.kw`` files (the keywords' meanings, and the
  grammar's keyword terminals);
- :func:`facts_digest`: the names in scope of a set of cards, as the header facts they come from (in order);
  :func:`scope_digest` the names of a registry given besides, as the registry holds them;
- :func:`text_digest`: a card file's text.

A card's header facts (:class:`HeaderFacts`, what ``pipeline.names_from_headers`` takes from it) are kept under
its text's digest too, so the names in scope of a library come from the cache without reading every card again.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from cardscript.grammar.names import NameRegistry

if TYPE_CHECKING:
    from cardscript.compiler.header import CardFileRaw

__all__ = ["FORMAT", "HeaderFacts", "compiler_digest", "digest", "facts_digest", "header_facts", "names_from_facts",
           "prelude_digest", "scope_digest", "text_digest"]

FORMAT = "1"          # the layout of the entries (cache.cards); a new layout never reads the old entries


def digest(*parts: str | bytes) -> str:
    """A hex digest of ``parts`` (each length-prefixed, so no two lists of parts give the same bytes)."""
    h = hashlib.blake2b(digest_size=20)
    for part in parts:
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def text_digest(text: str) -> str:
    return digest("text", text)


def _files(folder: Path) -> Iterable[Path]:
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if not name.endswith((".pyc", ".pyo")):
                yield Path(root) / name


@lru_cache(maxsize=4)
def compiler_digest(memo: Path | None = None) -> str:
    """The compiler's version: the package version, the Python version, the entry format, and every file of
    ``cardscript/core``, ``cardscript/grammar``, ``cardscript/compiler`` and ``cardscript/games`` (name and
    bytes; a game pack's header fields, vocabulary and prelude are part of what a compile reads). With a
    ``memo`` folder, the digest is kept there under the files' names, sizes and modification times, so a run
    whose files did not change reads one small file instead of them all."""
    import cardscript

    package = Path(cardscript.__file__).parent
    head: list[str | bytes] = [cardscript.__version__, f"{sys.version_info[:2]}", FORMAT]
    files = [(file.relative_to(package).as_posix(), file) for sub in ("core", "grammar", "compiler", "games")
             for file in _files(package / sub)]
    memo_file: Path | None = None
    if memo is not None:
        stats: list[str | bytes] = []
        for rel, file in files:
            try:
                st = file.stat()
            except OSError:
                stats = []
                break
            stats.append(f"{rel}\0{st.st_size}\0{st.st_mtime_ns}")
        if stats:
            memo_file = memo / f"version-{digest(*head, *stats)}"
            try:
                kept = memo_file.read_text(encoding="ascii")
            except (OSError, UnicodeDecodeError):
                kept = ""
            if len(kept) == 40 and all(c in "0123456789abcdef" for c in kept):
                return kept
    parts = list(head)
    for rel, file in files:
        parts.append(rel)
        try:
            parts.append(file.read_bytes())
        except OSError as exc:
            parts.append(f"unreadable: {exc}")
    content = digest(*parts)
    if memo_file is not None:
        _write(memo_file, content)
    return content


def _write(path: Path, text: str) -> None:
    """``text`` into ``path`` by a rename (never half a file); a folder that cannot be written is left alone."""
    import tempfile

    try:
        fd, tmp = tempfile.mkstemp(prefix=".", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError:
        return


def prelude_digest(folder: Path) -> str:
    """The prelude folder's path and its keyword files (name and bytes; one that cannot be read, why)."""
    parts: list[str | bytes] = [str(folder)]
    if not folder.is_dir():
        parts.append("not a folder")
    else:
        for file in sorted(folder.glob("*.kw")):
            parts.append(file.name)
            try:
                parts.append(file.read_bytes())
            except OSError as exc:
                parts.append(f"unreadable: {exc}")
    return digest(*parts)


def scope_digest(names: NameRegistry) -> str:
    """The registry's names: kind by kind, folded and as spelled, in the registry's order."""
    return digest(*(f"{kind}\0{folded}\0{spelling}" for kind, known in names.by_kind.items()
                    for folded, spelling in known.items()), "kinds", *names.by_kind)


@dataclass(frozen=True)
class HeaderFacts:
    """What a card's header adds to the names in scope (``pipeline.names_from_headers``)."""

    name: str
    alter_ego: str | None
    affiliations: tuple[str, ...]
    action: str | None


def facts_digest(facts: Iterable[HeaderFacts]) -> str:
    """The header facts in order: the names in scope they give (:func:`names_from_facts`) are a function of it."""
    return digest(*(repr((f.name, f.alter_ego, f.affiliations, f.action)) for f in facts))


def header_facts(raw: CardFileRaw) -> HeaderFacts:
    h = raw.header
    return HeaderFacts(h.name, h.alter_ego, tuple(h.affiliations), raw.action.name if raw.action else None)


def names_from_facts(facts: Iterable[HeaderFacts]) -> NameRegistry:
    """The registry ``pipeline.names_from_headers`` builds from the same cards, added in the same order."""
    reg = NameRegistry()
    for f in facts:
        reg.add("card", f.name)
        if f.alter_ego:
            reg.add("alter_ego", f.alter_ego)
        reg.add_all("affiliation", f.affiliations)
        if f.action is not None:
            reg.add("action", f.action)
    return reg
