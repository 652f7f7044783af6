"""The compiler's front door: card file -> header + AST of every paragraph + bindings + diagnostics.

One broken paragraph never stops the others being read, and one broken card never stops a library
being checked: every failure becomes a :class:`Diagnostic`, including internal errors (CS900).
"""

from __future__ import annotations

import re
import traceback
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from cardscript.compiler import collector
from cardscript.compiler.ast import Paragraph, Phrase, TextBlock
from cardscript.compiler.bind import CardScope, bind_paragraphs, chosen_in
from cardscript.compiler.build import build_panel, build_paragraph
from cardscript.compiler.checks import check_paragraphs
from cardscript.compiler.expand import KeywordUse, expand_keywords
from cardscript.compiler.files import CARD_SUFFIX as CARD_SUFFIX  # re-exported: callers import them from here
from cardscript.compiler.files import card_files as card_files
from cardscript.compiler.files import decks_path as decks_path
from cardscript.compiler.files import library_path as library_path
from cardscript.compiler.files import read_source as read_source
from cardscript.compiler.game_text import DEFAULT_TEXT, GameText
from cardscript.compiler.header import CardFileRaw
from cardscript.compiler.old_wording import check_old_wording
from cardscript.core import diagnostics as dg
from cardscript.core.diagnostics import Diagnostic, did_you_mean
from cardscript.core.games import DEFAULT_GAME, Game, load_pack
from cardscript.core.limits import (
    MAX_DIGITS,
    MAX_PARAGRAPH_CHARS,
    MAX_PER_FILE,
    MAX_TEXT_CHARS,
    bound_diagnostics,
    long_number,
)
from cardscript.core.normalize import Normalized, fold_text
from cardscript.core.source import SourceFile, Span
from cardscript.grammar.card_file import declared_game, read_card_file
from cardscript.grammar.lexicon import Lexicon, active, lookup
from cardscript.grammar.names import NameRegistry
from cardscript.grammar.parser import ParseFailure, parse_paragraph


@dataclass
class CompiledCard:
    """What the compiler knows of one card file."""

    source: SourceFile
    raw: CardFileRaw | None
    permanent: TextBlock | None = None
    action: TextBlock | None = None
    evolution: Phrase | None = None   # a Personagem-EV's Evolução panel (4.4.2.2 A.2a)
    keywords: list[KeywordUse] = field(default_factory=list)   # each keyword and its meaning (expand.py)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    unparsed: int = 0            # paragraphs that did not parse
    unbound: int = 0             # references left unbound
    text_read: int = 0           # characters of card text given to the parser (limits.MAX_TEXT_CHARS)
    game: str = DEFAULT_GAME.key  # the game whose pack read it (cardscript.core.games; a ``Jogo:`` line)
    runs: bool = False           # another game's card: its pack lowered all of it to effects its engine runs

    @property
    def ok(self) -> bool:
        return not any(d.severity is dg.Severity.ERROR for d in self.diagnostics)

    @property
    def parsed(self) -> bool:
        return self.raw is not None and self.unparsed == 0

    @property
    def bound(self) -> bool:
        return self.parsed and self.unbound == 0


def names_from_headers(raws: Iterable[CardFileRaw]) -> NameRegistry:
    """The open vocabulary of a set of cards: their names, action names, alter egos, affiliations."""
    reg = NameRegistry()
    for raw in raws:
        h = raw.header
        reg.add("card", h.name)
        if h.alter_ego:
            reg.add("alter_ego", h.alter_ego)
        reg.add_all("affiliation", h.affiliations)
        if raw.action is not None:
            reg.add("action", raw.action.name)
    return reg


def compile_source(source: SourceFile, names: NameRegistry | None = None,
                   raw: CardFileRaw | None = None) -> CompiledCard:
    """Compile one card file's text. Never raises on user input."""
    try:
        card = _compile(source, names, raw)
        card.diagnostics = bound_diagnostics(card.diagnostics)     # at most N per line and per file
        return card
    except Exception as exc:  # noqa: BLE001 - the one place an internal bug becomes a diagnostic
        where = traceback.extract_tb(exc.__traceback__)[-1]
        diag = Diagnostic(dg.E_INTERNAL, f"internal compiler error: {type(exc).__name__}: {exc}",
                          Span(0, 0), source, hint=f"at {Path(where.filename).name}:{where.lineno}")
        return CompiledCard(source, None, diagnostics=[diag], unparsed=1)


def other_game_name(source: SourceFile) -> str | None:
    """The card name the header of another game's card file gives (its pack reads it), or None."""
    game = _other_game(source)
    name: str | None = load_pack(game).card_name(source) if game is not None else None
    return name


def _other_game(source: SourceFile) -> Game | None:
    """The game of a card file whose ``Jogo:`` line names another game than the default (None otherwise)."""
    game = declared_game(source)
    return game if game is not None and game is not DEFAULT_GAME else None


def _compile(source: SourceFile, names: NameRegistry | None, raw: CardFileRaw | None) -> CompiledCard:
    diags: list[Diagnostic] = []
    if raw is None:
        game = _other_game(source)
        if game is not None:                 # another game's card: its pack reads it (issue 14)
            card: CompiledCard = load_pack(game).compile_source(source, names)
            return card
        raw, file_diags = read_card_file(source)
        diags.extend(file_diags)
    card = CompiledCard(source, raw, diagnostics=diags)
    if raw is None:
        card.unparsed = 1
        _check_text_alone(card, names)
        return card
    card.diagnostics.extend(check_old_wording(raw, source))      # CS250: the long form of a keyword
    own = names_from_headers([raw])
    if names is None:
        scope = own
    elif all(names.kinds_of(n) for n in own.all_names()):
        scope = names            # the caller's scope already holds this card's names (a library, a corpus)
    else:
        scope = names.merged(own)
    x_by_cost = raw.action is not None and raw.action.cost is not None and str(raw.action.cost.value) == "X"
    card_scope = CardScope(raw.header.name, raw.action.name if raw.action else "")
    blocks = [(raw.permanent or (), False, False), (raw.action_text, True, x_by_cost)]
    own_names = frozenset(fold_text(n) for n in (raw.header.name, raw.action.name if raw.action else "") if n)
    built = [_parse_block(card, paragraphs, scope, own_names) for paragraphs, _, _ in blocks]
    card_scope.chosen = chosen_in(tuple(p for b in built for p in b))
    for (paragraphs, in_action, x_cost), paras in zip(blocks, built, strict=True):
        if not paragraphs:
            continue
        block = _bind_block(card, paras, scope, card_scope, in_action, x_cost)
        card.keywords.extend(expand_keywords(block, card.source, in_action, scope, card_scope, card.diagnostics,
                                             alter_ego=raw.header.alter_ego or ""))
        if in_action:
            card.action = block
        else:
            card.permanent = block
    if raw.header.evolution is not None:
        card.evolution = _parse_panel(card, raw.header.evolution, scope)
    return card


_HEADER_ONLY = frozenset({dg.E_HEADER_FIRST, dg.E_UNKNOWN_FIELD, dg.E_FIELD_VALUE, dg.E_FIELD_MISSING,
                          dg.E_FIELD_DUPLICATE, dg.E_FIELD_NOT_ALLOWED})


def _check_text_alone(card: CompiledCard, names: NameRegistry | None) -> None:
    """A card file whose header does not read: its text is still parsed and bound, for its diagnostics only (the
    card stays unread: it neither lowers nor runs), so one pass reports every independent problem of the file.
    Not when the file's structure itself is broken (its blocks are not known) or it could not be read."""
    from cardscript.grammar.card_file import read_text_blocks

    if not card.diagnostics or any(d.code not in _HEADER_ONLY for d in card.diagnostics
                                   if d.severity is dg.Severity.ERROR):
        return
    blocks = read_text_blocks(card.source)
    if blocks is None:
        return
    own = NameRegistry()
    if blocks.name:
        own.add("card", blocks.name)
    if blocks.action is not None:
        own.add("action", blocks.action.name)
    scope = own if names is None else names.merged(own)
    card_scope = CardScope(blocks.name, blocks.action.name if blocks.action else "")
    own_names = frozenset(fold_text(n) for n in (blocks.name, blocks.action.name if blocks.action else "") if n)
    x_by_cost = blocks.action is not None and blocks.action.cost is not None and str(blocks.action.cost.value) == "X"
    for paragraphs, in_action in ((blocks.permanent, False), (blocks.action_text, True)):
        if paragraphs:
            built = _parse_block(card, paragraphs, scope, own_names)
            _bind_block(card, built, scope, card_scope, in_action, x_by_cost and in_action)
    card.unparsed = max(card.unparsed, 1)


def _too_long(card: CompiledCard, para: Normalized, read: int) -> bool:
    """A paragraph the parser is not given (CS105, CS106; ``read``: the characters of card text before it), so a
    card of any size is read in bounded time; the diagnostic (once for the text past the card's bound) says why."""
    start = para.source_offset(0)
    if read <= MAX_TEXT_CHARS < read + len(para.text):
        card.diagnostics.append(Diagnostic(
            dg.E_TOO_LONG, f"the card's text passes {MAX_TEXT_CHARS:,} characters here; the rest is not read",
            Span(start, start + 1), card.source, hint="a card's text is a few short paragraphs (the longest "
            "card of the corpora has 695 characters)"))
    if read + len(para.text) > MAX_TEXT_CHARS:
        return True
    if len(para.text) > MAX_PARAGRAPH_CHARS:
        card.diagnostics.append(Diagnostic(
            dg.E_TOO_LONG, f"a paragraph of {len(para.text):,} characters; at most {MAX_PARAGRAPH_CHARS:,} are "
            "parsed", Span(start, start + 1), card.source,
            hint="one paragraph per line; the longest paragraph of the corpora has 545 characters"))
        return True
    number = long_number(para.text)
    if number is not None:
        at = para.source_offset(number.start())
        card.diagnostics.append(Diagnostic(
            dg.E_LONG_NUMBER, f"a number of {len(number.group()):,} digits", Span(at, at + len(number.group())),
            card.source, hint=f"numbers on cards have at most {MAX_DIGITS} digits"))
        return True
    return False


def _parse_block(card: CompiledCard, paragraphs: Iterable[Normalized], names: NameRegistry,
                 own: frozenset[str] = frozenset(), text: GameText = DEFAULT_TEXT) -> list[Paragraph]:
    built: list[Paragraph] = []
    for para in paragraphs:
        if card.unparsed >= MAX_PER_FILE:           # the diagnostics shown are full: the rest is not read
            if card.unparsed == MAX_PER_FILE:
                start = para.source_offset(0)
                card.diagnostics.append(Diagnostic(
                    dg.N_MORE, f"{MAX_PER_FILE} paragraphs do not parse; the rest of the card's text is not read",
                    Span(start, start + 1), card.source, hint="fix these first"))
            card.unparsed += 1
            continue
        if _too_long(card, para, card.text_read):
            card.text_read += len(para.text)
            card.unparsed += 1
            continue
        card.text_read += len(para.text)
        result = parse_paragraph(para.text, names, own=own, profile=text.profile)
        if isinstance(result, ParseFailure):
            card.unparsed += 1
            card.diagnostics.append(_syntax_diagnostic(card.source, para, result, names, text))
            card.diagnostics.extend(_later_failures(card.source, para, result, names, own, text))
            continue
        built.append(build_paragraph(result, para, names))
    return built


# a sentence starts after ". " (or "! ", "? ", ") ") before a capital -- not after an initial ("T. Ross")
_SENTENCE_START = re.compile(r"(?<=[a-zà-ÿ0-9})\]][.!?]|[.!?][)\]])\s+(?=[A-ZÀ-Ý])")
MAX_PER_PARAGRAPH = 5


def _later_failures(source: SourceFile, para: Normalized, failure: ParseFailure, names: NameRegistry,
                    own: frozenset[str], text: GameText = DEFAULT_TEXT) -> list[Diagnostic]:
    """The problems of a paragraph after the first one: the parser resumes at the next sentence after each
    failure and reads the rest of the paragraph on its own (a paragraph that parses whole parses from each of
    its sentences on, but for a handful in the corpus), up to :data:`MAX_PER_PARAGRAPH` diagnostics."""
    out: list[Diagnostic] = []
    at = max(failure.start, failure.end)
    while len(out) < MAX_PER_PARAGRAPH - 1:
        start = next((m.end() for m in _SENTENCE_START.finditer(para.text, at)
                      if para.text.count('"', 0, m.end()) % 2 == 0), None)     # not inside a quotation
        if start is None:
            break
        rest = Normalized(para.text[start:], para.origin[start:])
        result = parse_paragraph(rest.text, names, own=own, profile=text.profile)
        if not isinstance(result, ParseFailure):
            break
        out.append(_syntax_diagnostic(source, rest, result, names, text))
        at = start + max(result.start, result.end, 1)
    return out


def _parse_panel(card: CompiledCard, panel: Normalized, names: NameRegistry) -> Phrase | None:
    """The Evolução panel, read as a noun phrase (the grammar's ``panel`` start symbol)."""
    if _too_long(card, panel, card.text_read):
        card.unparsed += 1
        return None
    result = parse_paragraph(panel.text, names, start="panel")
    if isinstance(result, ParseFailure):
        card.unparsed += 1
        card.diagnostics.append(_syntax_diagnostic(card.source, panel, result, names))
        return None
    return build_panel(result, panel, names)


def _bind_block(card: CompiledCard, built: list[Paragraph], names: NameRegistry, scope: CardScope,
                in_action: bool, x_by_cost: bool) -> TextBlock:
    card.diagnostics.extend(check_paragraphs(built, names, card.source))
    bindings, unbound = bind_paragraphs(tuple(built), in_action, scope, x_by_cost)
    for u in unbound:
        if u.ambiguous:
            card.diagnostics.append(Diagnostic(dg.W_AMBIGUOUS, f"'{u.reference}' could also mean '{u.ambiguous}'",
                                               u.span, card.source,
                                               hint="it is read as the latest one; name the thing to be sure"))
            continue
        card.unbound += 1
        if u.reference == "X":
            card.diagnostics.append(Diagnostic(dg.E_X_UNDEFINED, "X is used but never defined", u.span, card.source,
                                               hint="add a sentence 'X é igual a ...' or give the action cost {X}"))
        else:
            card.diagnostics.append(Diagnostic(dg.E_UNBOUND, f"'{u.reference}' refers to nothing earlier in this "
                                               "effect", u.span, card.source,
                                               hint="name the thing first (e.g. 'escolha um personagem') "
                                               "or say it directly"))
    return TextBlock(tuple(built), tuple(bindings))


def read_text_block(card: CompiledCard, paragraphs: Sequence[Normalized], names: NameRegistry, card_name: str,
                    text: GameText) -> TextBlock | None:
    """A game pack's text front door (issue 14): one block of a card's text parsed with the game's profile, its
    references bound, its keywords expanded from the game's prelude, every problem in ``card.diagnostics``
    (as for a Battle Scenes card); None when no paragraph parses. The caller reads it under the game's lexicon
    (``lexicon.using``): the words' lemmas are that lexicon's."""
    own = frozenset({fold_text(card_name)}) if card_name else frozenset()
    built = _parse_block(card, paragraphs, names, own, text)
    if not built:
        return None
    scope = CardScope(card_name, "")
    scope.chosen = chosen_in(tuple(built))
    block = _bind_block(card, built, names, scope, False, False)
    card.keywords.extend(expand_keywords(block, card.source, False, names, scope, card.diagnostics, text=text))
    return block


def _misread_name(before: str, names: NameRegistry) -> str | None:
    """A capitalised word earlier in the sentence that is no known name but close to a word of the
    language: it was read as a name, which is the likely cause of the failure ("Compri um card")."""
    import re

    sentence_start = max(before.rfind(". "), before.rfind(": ")) + 1
    for m in re.finditer(r"(?<![\w-])([A-ZÀ-Ý][a-zà-ý]+)\b", before[sentence_start:]):
        word = m.group(1)
        folded = fold_text(word)
        if _known_word(folded) or names.kinds_of(word):
            continue
        guess = did_you_mean(word, _lexicon_words())
        if guess and fold_text(guess) != folded:
            return f"'{word}' was read as a name; did you mean '{guess[0].upper() + guess[1:]}'?"
    return None


def _lexicon_words() -> list[str]:
    """The words of the language: the active lexicon's, and the grammar's structural words ("sempre", "quando")."""
    return _words_of(active())


@lru_cache(maxsize=4)
def _words_of(lexicon: Lexicon) -> list[str]:
    words = {e.spelling for entries in lexicon.words.values() for e in entries if e.cls not in ("NUMWORD",)}
    return sorted(words | set(_structural_words().values()))


@lru_cache(maxsize=1)
def _structural_words() -> dict[str, str]:
    """The grammar's word literals ("que", "se", "sempre"...), folded -> spelling."""
    from cardscript.compiler.build import literal_spellings

    return {fold_text(w): w for w in literal_spellings().values() if w.isalpha()}


def _known_word(folded: str) -> bool:
    return bool(lookup(folded)) or folded in _structural_words()


def _syntax_diagnostic(source: SourceFile, para: Normalized, failure: ParseFailure,
                       names: NameRegistry, text: GameText = DEFAULT_TEXT) -> Diagnostic:
    start = para.source_offset(failure.start)
    end = para.source_offset(max(failure.end - 1, failure.start)) + 1
    expected = describe_expected(failure.expected)
    if failure.at_end:
        return Diagnostic(dg.E_UNEXPECTED_END, "the sentence ends before it is complete",
                          Span(start, start + 1), source,
                          hint=f"expected {expected}" if expected else "end the sentence with a period")
    unknown = _unknown_keyword(source, para, text)
    if unknown is not None:
        return unknown
    hint = f"expected {expected}" if expected else None
    misread = _misread_name(para.text[:failure.start], names)
    if misread:
        hint = f"{misread}; {hint}" if hint else misread
    word = failure.found
    if word[:1].islower() and not _known_word(fold_text(word)):
        guess = did_you_mean(word, _lexicon_words())
        message = f"unknown word '{word}'"
        hint = f"did you mean '{guess}'?" if guess else "this word is not part of the card language"
        return Diagnostic(dg.E_SYNTAX, message, Span(start, max(end, start + 1)), source, hint=hint)
    return Diagnostic(dg.E_SYNTAX, f"'{word}' does not fit here", Span(start, max(end, start + 1)),
                      source, hint=hint)


_KEYWORD_SHAPE = re.compile(r"^\s*(?P<kw>[A-ZÀ-Ý][\w-]*(?: [A-ZÀ-Ý][\w-]*)?)"
                            r"(?: +(?:\{\w+\}|\d+|X))?(?: *[-–] *[^.]+)?\s*\.?\s*$")


def _unknown_keyword(source: SourceFile, para: Normalized, text: GameText = DEFAULT_TEXT) -> Diagnostic | None:
    """A paragraph shaped like a keyword line ("Furtividade.", "Comandar {1} - afiliação X.") whose first words
    are no keyword of the prelude and no word of the language: CS104, naming the closest keyword."""
    m = _KEYWORD_SHAPE.match(para.text)
    if m is None:
        return None
    word = m.group("kw")
    prelude = text.keywords()
    start = para.source_offset(m.start("kw"))
    missing = next((w for w in (word, word.split()[0]) if prelude.missing_reason(w)), None)
    if missing is not None:                  # its definition did not read: say so, not "unknown"
        return Diagnostic(dg.E_UNKNOWN_KEYWORD, f"keyword '{missing}' is missing: its definition in the prelude "
                          "does not read", Span(start, start + len(missing)), source,
                          hint=f"{prelude.missing_reason(missing)} (`cardscript check` lists the prelude's faults)")
    if any(lookup(fold_text(w)) or prelude.get(w) for w in word.split()) or prelude.get(word):
        return None
    guess = prelude.closest(word)
    hint = (f"did you mean '{guess}'?" if guess else "keywords: " + ", ".join(prelude.names())) + \
        (" (keywords are defined in cardscript/games/battle_scenes/prelude/, see docs/keywords.md)"
         if text.prelude is None else "")
    return Diagnostic(dg.E_UNKNOWN_KEYWORD, f"unknown keyword '{word}'", Span(start, start + len(word)), source,
                      hint=hint)


_TERMINAL_WORDS = {
    "VFIN": "a verb", "VINF": "a verb in the infinitive", "VPART": "a participle", "VGER": "a gerund",
    "AUX": "a verb (ser/estar/ter/poder)", "AUX_NF": "ser/estar/ter", "NOUN": "a noun", "ADJ": "an adjective",
    "DET": "a determiner (um, o, este, aquele...)", "NUMWORD": "a number", "NUMBER": "a number",
    "PREP": "a preposition", "PRON": "a pronoun", "NAME": "a name", "ICON": "an icon like {1} or {AG}",
    "CLAUSE_COMMA": "',' before a new clause", "CLAUSE_AND": "'e' before a new clause", "DOT": "'.'",
    "COMMA": "','", "COLON": "':'", "LPAR": "'('", "RPAR": "')'", "PLUS": "'+'", "MINUS": "'-'",
    "KEYWORD": "a keyword", "KEYWORD_PREFIX": "a keyword", "ADV": "an adverb", "PREADV": "'não'/'também'...",
}


def describe_expected(expected: Iterable[str]) -> str:
    """Terminal names in words a card designer understands."""
    from cardscript.compiler.build import literal_spellings

    lits = literal_spellings()
    words: list[str] = []
    for name in sorted(set(expected)):
        if name in _TERMINAL_WORDS:
            w = _TERMINAL_WORDS[name]
        elif name in lits:
            w = f"'{lits[name]}'"
        elif name == "$END":
            w = "the end of the paragraph"
        else:
            continue
        if w not in words:
            words.append(w)
    if len(words) > 8:
        words = words[:8] + ["..."]
    return ", ".join(words)


def compile_paths(paths: Iterable[str | Path], names: NameRegistry | None = None) -> list[CompiledCard]:
    """Compile many card files; names from all of their headers are in scope for each (and ``names``)."""
    sources: list[SourceFile] = []
    results: list[CompiledCard] = []
    for path in card_files(paths):
        src = read_source(path)
        if isinstance(src, Diagnostic):
            results.append(CompiledCard(src.source, None, diagnostics=[src], unparsed=1))
        else:
            sources.append(src)
    results.extend(compile_sources(sources, names))
    return results


def compile_sources(sources: Sequence[SourceFile], names: NameRegistry | None = None) -> list[CompiledCard]:
    """Compile card texts already read (files, or standard input); names from all of their headers are in scope
    for each (and ``names``)."""
    raws = [read_header(src) for src in sources]
    scope = names_from_headers(r for r, _ in raws if r is not None)
    for src, (raw, _) in zip(sources, raws, strict=True):
        other = other_game_name(src) if raw is None else None
        if other:
            scope.add("card", other)
    if names is not None:
        scope = scope.merged(names)
    with collector.batch():                   # the kept cards grow the heap: the collector paced for it
        return [compile_read(src, read, scope) for src, read in zip(sources, raws, strict=True)]


def read_header(src: SourceFile) -> tuple[CardFileRaw | None, list[Diagnostic]]:
    """The card file read by its grammar (header, text blocks) and its diagnostics; ``(None, [])`` when reading
    it failed inside (:func:`compile_read` then reports it as CS900)."""
    try:
        return read_card_file(src)
    except Exception:  # noqa: BLE001 - compile_source reports it as CS900
        return None, []


def compile_read(src: SourceFile, read: tuple[CardFileRaw | None, list[Diagnostic]],
                 scope: NameRegistry) -> CompiledCard:
    """One card of a set, its file already read (:func:`read_header`), compiled in the set's ``scope``."""
    raw, file_diags = read
    if raw is None and _other_game(src) is not None:
        return compile_source(src, scope)          # another game's card: its pack reads it
    if raw is None:
        if file_diags:
            card = CompiledCard(src, None, diagnostics=list(file_diags), unparsed=1)
            try:
                _check_text_alone(card, scope)
            except Exception:  # noqa: BLE001 - more diagnostics or none: the header's are kept either way
                card.diagnostics = list(file_diags)
            card.diagnostics = bound_diagnostics(card.diagnostics)
            return card
        return compile_source(src, scope)
    card = compile_source(src, scope, raw)
    card.diagnostics = bound_diagnostics([*file_diags, *card.diagnostics])
    return card
