"""Deck files: the parser, and the deck check (``cardscript deck check``).

A ``.deck`` file lists a deck, one entry a line: ``<count> <Nome> V<n>`` (``2 Hulk V1``) or ``<count> <código>``
with the card's printed code (``1 BSUM 65/100``; the year some codes carry, ``(2015) BSOS 99/100``, may be left
out). Names and codes match without regard to case or accents (``1 mjolnir v1``). ``#`` starts a comment (a whole
line, or the rest of a line after a blank); blank lines are ignored. See docs/decks.md.

:func:`parse_deck` reads the lines (no library needed); :func:`check_deck` resolves them against the library
and checks the deck-building rules, collecting every problem as a located :class:`Diagnostic` (CS4xx):
malformed lines, unknown cards (with the closest title), the copy limit of each card (3, or what its RULE
statics say: Item Único, 1 -- :func:`cardscript.games.battle_scenes.runtime.rules.copy_limit`), and a note for a card
listed on
several lines (their counts are summed). The rulebook states no deck size: it is reported, not checked.
``cardscript.games.battle_scenes.runtime.library.load_deck`` uses the same check and raises on the first error.

:func:`check_cards` checks a deck that is a list of cards rather than a file (what
``cardscript.games.battle_scenes.runtime.random_decks`` builds): the same copy limits, and the :data:`DECK_SIZE` of 40
cards.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardscript.compiler.card_refs import (
    CODE_PATTERN,
    CardIndex,
    Found,
    candidates_text,
    collection_of,
    title_key,
)
from cardscript.compiler.ir import CardDef
from cardscript.compiler.vocabulary import fold_key
from cardscript.core import diagnostics as dg
from cardscript.core.diagnostics import Diagnostic, did_you_mean
from cardscript.core.limits import MAX_DIGITS, MAX_FILE_CHARS, MAX_PER_FILE, bound_diagnostics
from cardscript.core.source import SourceFile, Span
from cardscript.games.battle_scenes.runtime.rules import DEFAULT_DECK_COPIES, copy_limit

__all__ = ["DECK_SIZE", "CardCount", "DeckLine", "DeckReport", "check_cards", "check_deck", "check_source",
           "parse_deck", "read_deck"]

DECK_SIZE = 40
"""The number of cards of a deck this project builds: the bundled decks and ``simulate --random-decks``' decks.
The rulebook states no deck size, so ``deck check`` reports a deck file's size and does not check it."""

LINE_FORM = "`<count> <Nome> V<n>` or `<count> <código>`, e.g. `2 Hulk V1` or `1 BSUM 65/100`"


@dataclass(frozen=True)
class DeckLine:
    """One entry of a deck file: ``count`` copies of the card ``ref`` names, as written on line ``line``."""

    line: int
    count: int
    ref: str                 # "Hulk V1", "BSUM 65/100", or a bare name ("Hulk": no version, an error)
    kind: str                # "title", "code" or "name"
    span: Span               # the whole entry (count and card), in the file's text
    ref_span: Span           # the card part


@dataclass(frozen=True)
class CardCount:
    """One distinct card of a deck: how many copies, on which lines, and its copy limit with what set it."""

    card: CardDef
    count: int
    lines: tuple[int, ...]
    limit: int
    reason: str

    @property
    def over(self) -> bool:
        return self.count > self.limit


@dataclass
class DeckReport:
    """What :func:`check_deck` found: the resolved entries, the cards counted, every problem."""

    path: str
    source: SourceFile | None                       # None: the file could not be read
    entries: list[tuple[DeckLine, CardDef]] = field(default_factory=list)
    counts: list[CardCount] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def readable(self) -> bool:
        return self.source is not None

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is dg.Severity.ERROR]

    @property
    def valid(self) -> bool:
        return self.readable and not self.errors

    @property
    def cards(self) -> list[CardDef]:
        """The deck, one item per copy, in file order (lines that did not resolve left out)."""
        return [card for entry, card in self.entries for _ in range(entry.count)]

    @property
    def size(self) -> int:
        return sum(entry.count for entry, _ in self.entries)

    @property
    def distinct(self) -> int:
        return len(self.counts)

    def summary(self) -> str:
        """``vingadores.deck: 40 cards, 24 distinct, valid`` (or ``..., 2 errors``, ``unreadable``)."""
        name = Path(self.path).name
        if not self.readable:
            return f"{name}: unreadable"
        n = len(self.errors)
        verdict = "valid" if n == 0 else f"invalid, {n} error{'s' if n != 1 else ''}"
        return f"{name}: {self.size} cards, {self.distinct} distinct, {verdict}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.path, "readable": self.readable, "valid": self.valid, "cards": self.size,
            "distinct": self.distinct,
            "entries": [{"card": c.card.title, "code": c.card.code, "count": c.count, "lines": list(c.lines),
                         "limit": c.limit, "limit_reason": c.reason} for c in self.counts],
            "diagnostics": [d.to_dict() for d in self.diagnostics],
        }


_COUNT = re.compile(r"(\d+)(?=\s|$)")
_TITLE = re.compile(r".*\S\s+[Vv]\d+")
_COMMENT = re.compile(r"(^|\s)#.*$")


def _diag(source: SourceFile, code: str, message: str, span: Span, hint: str | None = None,
          notes: tuple[str, ...] = ()) -> Diagnostic:
    return Diagnostic(code, message, span, source, hint=hint, notes=notes)


def parse_deck(source: SourceFile) -> tuple[list[DeckLine], list[Diagnostic]]:
    """The entries of a deck file, and a CS400 diagnostic for each line that is not an entry."""
    entries: list[DeckLine] = []
    problems: list[Diagnostic] = []
    for number in range(1, source.line_count + 1):
        start = source.line_start(number)      # lines end at LF, CR LF or a lone CR, as SourceFile numbers them
        text = _COMMENT.sub("", source.line_text(number)).rstrip()
        body = text.lstrip()
        if not body:
            continue
        at = start + len(text) - len(body)
        whole = Span(at, at + len(body))
        m = _COUNT.match(body)
        if m is None:
            problems.append(_diag(source, dg.E_DECK_LINE, "a deck line starts with the number of copies", whole,
                                  hint=f"write {LINE_FORM}"))
            continue
        if len(m.group(1)) > MAX_DIGITS:
            problems.append(_diag(source, dg.E_LONG_NUMBER, f"a count of {len(m.group(1)):,} digits",
                                  Span(at, at + m.end()), hint="a deck holds 40 cards (docs/decks.md)"))
            continue
        count = int(m.group(1))
        rest = body[m.end():]
        ref = rest.strip()
        ref_at = at + m.end() + (len(rest) - len(rest.lstrip()))
        ref_span = Span(ref_at, ref_at + len(ref))
        if not ref:
            problems.append(_diag(source, dg.E_DECK_LINE, f"{count} copies of what? the card is missing", whole,
                                  hint=f"write {LINE_FORM}"))
            continue
        if count == 0:
            problems.append(_diag(source, dg.E_DECK_LINE, "a count of 0 copies", Span(at, at + m.end()),
                                  hint="remove the line, or comment it out with `#`"))
            continue
        kind = "code" if CODE_PATTERN.fullmatch(ref) else "title" if _TITLE.fullmatch(ref) else "name"
        entries.append(DeckLine(number, count, ref, kind, whole, ref_span))
    return entries, problems


def _unknown(source: SourceFile, entry: DeckLine, library: Mapping[str, CardDef],
             index: CardIndex, guess_again: bool = True) -> Diagnostic:
    if entry.kind == "name":
        versions = sorted(index.by_name.get(fold_key(entry.ref), []), key=lambda c: c.version)
        if versions:
            listed = " or ".join(f"`{entry.count} {c.title}`" for c in versions)
            return _diag(source, dg.E_DECK_LINE, f"{entry.ref!r} has no version", entry.ref_span,
                         hint=f"a deck names a card with its version: {listed}")
    if not guess_again:             # past the diagnostics shown (limits.MAX_PER_FILE): no search for a guess
        guess = None
    elif entry.kind == "code":      # a code is only close to codes of the same collection ("BSUM 56/100")
        by_code = {c.code: c for c in library.values() if c.code and collection_of(c.code) == collection_of(entry.ref)}
        guess = did_you_mean(entry.ref, sorted(by_code))
        guess = f"'{guess}' ({by_code[guess].title})" if guess else None
    else:
        title = did_you_mean(entry.ref, sorted({c.title for c in library.values()}))
        guess = f"'{title}'" if title else None
    what = "card code" if entry.kind == "code" else "card"
    hint = (f"did you mean {guess}?" if guess else
            "not in the library, or its card file does not compile (`cardscript check` says why)")
    return _diag(source, dg.E_DECK_CARD, f"unknown {what} {entry.ref!r}", entry.ref_span, hint=hint)


def _ambiguous(source: SourceFile, entry: DeckLine, found: Found, library: Mapping[str, CardDef]) -> Diagnostic:
    """CS404: a title several printed cards of the library carry; the candidates' codes and files, and the
    line to write instead."""
    file_of = getattr(library, "path_of", None)
    listed = candidates_text(found.candidates, file_of)
    coded = [c for c in found.candidates if c.code]
    hint = (f"write the printed code of the one you mean, e.g. `{entry.count} {coded[0].code}`" if coded else
            "give each card a printed code (`Código:` in its file) and write the code")
    return _diag(source, dg.E_CARD_AMBIGUOUS,
                 f"{entry.ref!r} names {len(found.candidates)} different printed cards: {listed}",
                 entry.ref_span, hint=hint)


def check_source(source: SourceFile, library: Mapping[str, CardDef]) -> DeckReport:
    """Check a deck's text against ``library`` (as ``load_library`` returns it): every problem, located. A card
    is named by its title or its printed code (:class:`~cardscript.compiler.card_refs.CardIndex`); a
    title that
    several printed cards carry is a CS404 error naming them (their codes and, for a
    :class:`~cardscript.games.battle_scenes.runtime.library.Library`, their files)."""
    report = DeckReport(source.path, source)
    if len(source.text) > MAX_FILE_CHARS:     # bounded time whatever the file: a deck is 40 cards
        report.diagnostics = [_diag(source, dg.E_TOO_LARGE, f"the file has {len(source.text):,} characters; at "
                                    f"most {MAX_FILE_CHARS:,} are read", Span(MAX_FILE_CHARS, MAX_FILE_CHARS + 1),
                                    hint="a deck file lists 40 cards, one line each")]
        return report
    entries, problems = parse_deck(source)
    diags = list(problems)
    index = CardIndex(library.values())
    shared = {title_key(t) for t in index.ambiguous_titles()}
    by_card: dict[CardDef, list[DeckLine]] = {}
    for entry in entries:
        found = Found() if entry.kind == "name" else index.find(entry.ref)
        card = found.card
        if card is None:
            diags.append(_ambiguous(source, entry, found, library) if found.ambiguous else
                         _unknown(source, entry, library, index, guess_again=len(diags) < MAX_PER_FILE))
            continue
        report.entries.append((entry, card))
        seen = by_card.setdefault(card, [])
        if seen:
            total = sum(e.count for e in seen) + entry.count
            diags.append(_diag(source, dg.N_DECK_REPEAT, f"{_named(card, shared)} is also listed on line "
                               f"{seen[0].line}", entry.ref_span,
                               hint=f"counts are summed: {total} copies; list it once"))
        seen.append(entry)
    for card, lines in by_card.items():
        title = _named(card, shared)
        limit, reason = copy_limit(card)
        total = sum(e.count for e in lines)
        counted = CardCount(card, total, tuple(e.line for e in lines), limit, reason)
        report.counts.append(counted)
        if counted.over:
            last = lines[-1]
            extra = total - limit
            where = ("" if len(lines) == 1 else
                     f" ({' + '.join(str(e.count) for e in lines)} on lines {', '.join(str(e.line) for e in lines)})")
            plural = "y" if limit == 1 else "ies"
            diags.append(_diag(
                source, dg.E_DECK_COPIES, f"{total} copies of {title}{where}, at most {limit}: {reason}",
                last.span, hint=f"remove {extra} cop{'y' if extra == 1 else 'ies'} (a deck may hold {limit} "
                                f"cop{plural} of {title})",
                notes=() if limit == DEFAULT_DECK_COPIES else
                (f"the limit is {DEFAULT_DECK_COPIES} copies of a card unless the card changes it (rules 8 A)",)))
    diags.sort(key=lambda d: (d.span.start, d.code))
    diags = bound_diagnostics(diags)          # at most 3 per line and 50 per file, then "... and K more"
    report.diagnostics = diags
    return report


def _named(card: CardDef, shared: set[str]) -> str:
    """A card's title in a message, with its code when other cards carry the same title."""
    return f"{card.title} ({card.code})" if card.code and title_key(card.title) in shared else card.title


def read_deck(path: str | Path) -> SourceFile:
    """A deck file's text, a byte order mark dropped (raises
    :class:`~cardscript.compiler.textfile.UnreadableFile` when it cannot be read: missing, a directory, binary,
    not UTF-8)."""
    from cardscript.compiler.textfile import read_text

    return SourceFile(str(path), read_text(path, "deck file"))


def check_deck(path: str | Path, library: Mapping[str, CardDef] | None = None) -> DeckReport:
    """Check a deck file against ``library`` (default: the bundled library); an unreadable file is a report
    with a CS001 diagnostic and no source."""
    from cardscript.compiler.textfile import UnreadableFile
    from cardscript.games.battle_scenes.runtime.library import load_library

    try:
        source = read_deck(path)
    except UnreadableFile as exc:
        diag = _diag(SourceFile(str(path), ""), dg.E_IO, f"cannot read the deck: {exc.why}", Span(0, 0))
        return DeckReport(str(path), None, diagnostics=[diag])
    return check_source(source, load_library() if library is None else library)


def check_cards(cards: Sequence[CardDef], size: int | None = DECK_SIZE) -> list[str]:
    """The deck-building rules a deck given as its cards (one item per copy) breaks, as messages (``[]``: legal).

    The copy limit of each card, counted by title as :func:`check_source` counts it (3, or what the card's RULE
    statics say: Item Único: 1 -- :func:`cardscript.games.battle_scenes.runtime.rules.copy_limit`; cards sharing a title
    take the
    smallest of their limits), and, unless ``size`` is None, the number of cards."""
    problems: list[str] = []
    if size is not None and len(cards) != size:
        problems.append(f"{len(cards)} cards, not {size}")
    counts: dict[str, int] = {}
    limits: dict[str, tuple[int, str]] = {}
    for card in cards:
        counts[card.title] = counts.get(card.title, 0) + 1
        limit = copy_limit(card)
        if card.title not in limits or limit[0] < limits[card.title][0]:
            limits[card.title] = limit
    for title, count in counts.items():
        most, reason = limits[title]
        if count > most:
            problems.append(f"{count} copies of {title}, at most {most}: {reason}")
    return problems
