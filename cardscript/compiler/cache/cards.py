"""The one place the library and the commands compile card files: :func:`compile_cards`, each card compiled,
checked and lowered once and kept in the cache (``store``) per content hash; :func:`prelude_diagnostics`, the
keyword prelude's faults, kept the same way.

An entry of a card is keyed by the compiler's version, the prelude, the names in scope, the card file's path and
text (``keys``); what it holds is a :class:`CardBuild`: what the commands need of a compile -- its diagnostics
exactly as a compile gives them, whether it parsed and bound, the engine's ``CardDef``, the diagnostics of the
parts that will not run. On the warm path nothing of the grammar (Lark) nor of the text back-end (jinja2) is
imported: the names in scope come from each file's header facts, kept under the file's text digest. Editing a
card's text recompiles that card; editing a name in a header changes the names in scope of every card compiled
with it, which all compile again. A stale entry is never read (its key is another); an entry that does not
decode (``codec``) is compiled again and rewritten.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardscript.compiler import collector
from cardscript.compiler.cache import keys
from cardscript.compiler.cache.codec import BadEntry, decode, encode
from cardscript.compiler.cache.store import Store, open_store
from cardscript.compiler.files import card_files, prelude_path, read_source
from cardscript.core import diagnostics as dg
from cardscript.core.diagnostics import Diagnostic
from cardscript.core.games import DEFAULT_GAME
from cardscript.core.source import SourceFile

if TYPE_CHECKING:
    from cardscript.compiler.header import CardFileRaw
    from cardscript.compiler.ir import CardDef
    from cardscript.compiler.pipeline import CompiledCard
    from cardscript.grammar.names import NameRegistry

__all__ = ["CardBuild", "build_of", "compile_cards", "names_in", "prelude_diagnostics"]


@dataclass(frozen=True)
class CardBuild:
    """What the commands need of one card file's compile (kept in the cache)."""

    source: SourceFile
    diagnostics: tuple[Diagnostic, ...]      # the compile's, as ``pipeline.compile_paths`` gives them
    read: bool = False                       # the card-file grammar read it (header and text blocks)
    parsed: bool = False                     # and every paragraph parsed
    bound: bool = False                      # and every reference is bound
    definition: CardDef | None = None        # lowered (bound cards only; None when the lowering failed)
    lowering: tuple[Diagnostic, ...] = ()    # CS260 for each part that will not run; CS900 for a failed lowering
    executable: bool = False                 # the lowering runs entirely (``CardDef.executable``)
    lowering_error: str = ""                 # "TypeError: ..." when the lowering raised

    @property
    def path(self) -> str:
        return self.source.path

    @property
    def ok(self) -> bool:
        """Compiled without error diagnostics."""
        return not any(d.severity is dg.Severity.ERROR for d in self.diagnostics)

    @property
    def unreadable(self) -> bool:
        """The file could not be read at all (CS001)."""
        return not self.read and any(d.code == dg.E_IO for d in self.diagnostics)

    def lowering_diagnostics(self, strict: bool = False) -> list[Diagnostic]:
        """The parts that will not run: warnings (CS260), or with ``strict`` errors (CS261)."""
        if not strict:
            return list(self.lowering)
        return [replace(d, code=dg.E_NOT_EXECUTABLE) if d.code == dg.W_NOT_EXECUTABLE else d for d in self.lowering]


def build_of(card: CompiledCard) -> CardBuild:
    """A compiled card checked and lowered (``executable.lowering_diagnostics``, ``lower.lower_card``)."""
    from cardscript.compiler.executable import lowering_failed, problem_diagnostics
    from cardscript.compiler.lower import lower_compiled

    base = CardBuild(card.source, tuple(card.diagnostics), card.raw is not None, card.parsed, card.bound)
    if card.game != DEFAULT_GAME.key:            # another game's card: its pack lowered it in its compile
        return replace(base, read=not any(d.code == dg.E_IO for d in card.diagnostics), executable=card.runs)
    if card.raw is None or not card.bound:
        return base
    try:
        lowered = lower_compiled(card)
    except Exception as exc:  # noqa: BLE001 - one card's lowering failing never stops the others
        return replace(base, lowering=(lowering_failed(exc, card.source),),
                       lowering_error=f"{type(exc).__name__}: {exc}")
    runs, problems = problem_diagnostics(lowered, card.source)
    return replace(base, definition=lowered.card, lowering=tuple(problems), executable=runs)


def _load(store: Store | None, key: str, kind: type) -> Any:
    """The entry of ``key`` when it is there and holds a ``kind``, else None."""
    if store is None:
        return None
    data = store.get(key)
    if data is None:
        return None
    try:
        value = decode(key, data)
    except BadEntry:
        return None
    return value if isinstance(value, kind) else None


def _save(store: Store | None, key: str, value: object) -> None:
    if store is not None:
        store.put(key, encode(key, value))


def _memo(store: Store | None) -> Path | None:
    """Where the compiler's version is kept by its files' sizes and times (pruned like the entries)."""
    if store is None:
        return None
    folder = store.folder / "versions"
    try:
        folder.mkdir(exist_ok=True)
    except OSError:
        return None
    return folder


def _prelude_digest() -> str:
    return keys.prelude_digest(prelude_path())


def prelude_diagnostics() -> tuple[Diagnostic, ...]:
    """The keyword prelude's diagnostics (``prelude.load_prelude().diagnostics``), from the cache when kept."""
    store = open_store()
    key = keys.digest("prelude", keys.compiler_digest(_memo(store)), _prelude_digest())
    kept = _load(store, key, tuple)
    if kept is not None and all(isinstance(d, Diagnostic) for d in kept):
        return tuple(d for d in kept if isinstance(d, Diagnostic))
    from cardscript.compiler.prelude import load_prelude

    diags = tuple(load_prelude().diagnostics)
    _save(store, key, diags)
    return diags


_Read = tuple["CardFileRaw | None", list[Diagnostic]]


def _facts(store: Store | None, sources: Sequence[SourceFile],
           reads: dict[str, _Read]) -> list[keys.HeaderFacts | None]:
    """Each file's header facts (None: its header does not read), from the cache or by reading the file (kept in
    ``reads`` for its compile)."""
    from_cache = keys.digest("head", keys.compiler_digest(_memo(store)))
    out: list[keys.HeaderFacts | None] = []
    for src in sources:
        key = keys.digest(from_cache, keys.text_digest(src.text))
        kept = _load(store, key, tuple)
        if kept is not None and len(kept) == 1 and (kept[0] is None or isinstance(kept[0], keys.HeaderFacts)):
            out.append(kept[0])
            continue
        from cardscript.compiler.pipeline import other_game_name, read_header

        read = reads[src.path] = read_header(src)
        facts = keys.header_facts(read[0]) if read[0] is not None else None
        other = other_game_name(src) if facts is None else None
        if other:                                   # another game's card: the name its pack reads
            facts = keys.HeaderFacts(other, None, (), None)
        _save(store, key, (facts,))
        out.append(facts)
    return out


def names_in(paths: Iterable[str | Path]) -> NameRegistry:
    """The names the headers of the card files of ``paths`` give (card names, alter egos, affiliations, action
    names): what a card checked apart from its library has in scope. Each file's header facts come from the cache
    when kept (no card-file parse); a file that does not read gives none."""
    store = open_store()
    sources = [src for src in (read_source(path) for path in card_files(paths)) if isinstance(src, SourceFile)]
    facts = [f for f in _facts(store, sources, {}) if f is not None]
    if store is not None and store.written:
        store.prune()
    return keys.names_from_facts(facts)


@dataclass(frozen=True)
class DefinitionEntry:
    """The second entry of a card: its lowered definition (apart, so ``check`` never loads the IR)."""

    definition: CardDef | None


def _set_key(files: Sequence[Path], names: NameRegistry | None, memo: Path | None) -> str | None:
    """The key of a whole set's builds: every file's path and bytes, in order (the names in scope are a function of
    them), the names given, the prelude, the compiler; None when a file is not a regular file that reads (the slow
    path says why)."""
    from cardscript.compiler.textfile import MAX_BYTES

    h = hashlib.blake2b(digest_size=20)
    for path in files:
        try:
            with open(path, "rb") as f:
                st = os.fstat(f.fileno())
                if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_BYTES:
                    return None
                data = f.read()
        except OSError:
            return None
        name = os.fsencode(path)
        h.update(len(name).to_bytes(8, "little") + name + len(data).to_bytes(8, "little"))
        h.update(data)
    given = keys.scope_digest(names) if names is not None else ""
    return keys.digest("set", keys.compiler_digest(memo), _prelude_digest(), given, h.hexdigest())


def compile_cards(paths: Iterable[str | Path], names: NameRegistry | None = None,
                  definitions: bool = True) -> list[CardBuild]:
    """Compile, check and lower every card file of ``paths`` (files and folders, ``pipeline.card_files``); the
    names of all their headers in scope for each (and ``names``): what ``pipeline.compile_paths`` and a lowering
    of each card give, in the same order (the files that cannot be read first), from the cache when kept.
    ``definitions=False``: the builds carry no ``definition`` (what ``check`` needs, without loading the IR).

    Two layers: the builds of the whole set under one key (a library checked again unchanged: one read), and
    each card's under its own (a card edited: that card compiles again, the others are read one by one)."""
    files = card_files(paths)
    store = open_store()
    set_key = _set_key(files, names, _memo(store)) if store is not None else None
    if set_key is not None:
        set_key = keys.digest(set_key, "definitions" if definitions else "reports")
        kept = _load(store, set_key, tuple)
        if kept is not None and all(isinstance(b, CardBuild) for b in kept):
            return [b for b in kept if isinstance(b, CardBuild)]
    with collector.batch():                        # the kept builds grow the heap: the collector paced for it
        results = _compile_cards(store, files, names, definitions)
    again = _set_key(files, names, _memo(store)) if set_key is not None else None
    if set_key is not None and again is not None and set_key == keys.digest(again, "definitions" if definitions
                                                                              else "reports"):
        _save(store, set_key, tuple(results))          # (not when a file changed while the set compiled)
    if store is not None and store.written:
        store.prune()
    return results


def _compile_cards(store: Store | None, files: Sequence[Path], names: NameRegistry | None,
                   definitions: bool) -> list[CardBuild]:
    """:func:`compile_cards` card by card."""
    results: list[CardBuild] = []
    sources: list[SourceFile] = []
    for path in files:
        src = read_source(path)
        if isinstance(src, Diagnostic):
            results.append(CardBuild(src.source, (src,)))
        else:
            sources.append(src)
    reads: dict[str, _Read] = {}
    facts = [f for f in _facts(store, sources, reads) if f is not None]
    # the names in scope are a function of the facts (in order) and ``names``: their digest is the scope's
    given = keys.scope_digest(names) if names is not None else ""
    prefix = keys.digest("card", keys.compiler_digest(_memo(store)), _prelude_digest(), keys.facts_digest(facts), given)
    scope: NameRegistry | None = None            # built only when a card compiles
    for src in sources:
        key = keys.digest(prefix, src.path, src.text)
        kept = _load(store, key, CardBuild)
        if kept is not None and kept.source == src and kept.bound and definitions:
            second = _load(store, keys.digest(key, "definition"), DefinitionEntry)
            kept = replace(kept, definition=second.definition) if second is not None else None
        if kept is None or kept.source != src:
            from cardscript.compiler.pipeline import compile_read, read_header

            if scope is None:
                scope = keys.names_from_facts(facts)
                if names is not None:
                    scope = scope.merged(names)
            read = reads.pop(src.path, None) or read_header(src)
            kept = build_of(compile_read(src, read, scope))
            _save(store, key, replace(kept, definition=None))
            if kept.bound:
                _save(store, keys.digest(key, "definition"), DefinitionEntry(kept.definition))
            if not definitions:
                kept = replace(kept, definition=None)
        results.append(kept)
    return results
