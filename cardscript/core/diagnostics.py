"""Diagnostics: one type, a registry of codes, and text / JSON / SARIF renderings.

Every problem the toolchain finds in user input is a :class:`Diagnostic` with a registered code,
a span into the source, and (where we can offer one) a hint. Nothing here raises on user input.
"""

from __future__ import annotations

import difflib
import functools
import heapq
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from cardscript.core.source import SourceFile, Span


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True)
class Code:
    """A registered diagnostic code: ``CS101`` and what it means."""

    code: str
    severity: Severity
    title: str
    explanation: str


CODES: dict[str, Code] = {}


def _register(code: str, severity: Severity, title: str, explanation: str) -> str:
    CODES[code] = Code(code, severity, title, explanation)
    return code


# --- file structure (CS0xx) ---
E_IO = _register("CS001", Severity.ERROR, "unreadable file",
                 "The file could not be read (missing, a directory, or not UTF-8 text).")
E_TOO_LARGE = _register("CS002", Severity.ERROR, "file too large",
                        "A card, keyword or deck file is longer than 32,768 characters (the longest card of the "
                        "library has 1,502); it is not read (docs/reliability.md).")
N_MORE = _register("CS005", Severity.NOTE, "more diagnostics not shown",
                   "At most 3 diagnostics of one line and 50 of one file are shown; this note counts the others. "
                   "After 50 paragraphs that do not parse, the rest of a card's text is not read "
                   "(docs/reliability.md).")
E_HEADER_FIRST = _register("CS010", Severity.ERROR, "missing card type line",
                           "A card file starts with `<Tipo>: <Nome> V<n>`, e.g. `Personagem: Raio Negro V1`.")
E_UNKNOWN_FIELD = _register("CS011", Severity.ERROR, "unknown header field",
                            "Header lines are `Campo: valor` with a field the language knows (see "
                            "docs/language.md, Header).")
E_FIELD_VALUE = _register("CS012", Severity.ERROR, "bad header value",
                          "A header field's value does not have the shape the field needs.")
E_FIELD_MISSING = _register("CS013", Severity.ERROR, "missing header field",
                            "A field this card type requires is absent (e.g. `Energia inicial` on a Personagem).")
E_FIELD_DUPLICATE = _register("CS014", Severity.ERROR, "duplicate header field",
                              "A header field may appear only once.")
E_FIELD_NOT_ALLOWED = _register("CS015", Severity.ERROR, "field not allowed for this card type",
                                "Some fields belong to one card type only (e.g. `Valor de acréscimo` is for "
                                "Personagem-EV).")
E_STRUCTURE = _register("CS020", Severity.ERROR, "bad file structure",
                        "After the header come blocks: `Texto permanente:` and `Ação: <nome>`, each followed by "
                        "indented lines.")
E_BLOCK_EMPTY = _register("CS021", Severity.ERROR, "empty block",
                          "A `Texto permanente:` or `Ação:` block needs at least one indented line of card text.")
E_BLOCK_DUPLICATE = _register("CS022", Severity.ERROR, "duplicate block",
                              "A card file has at most one `Texto permanente:` block and one `Ação:` block.")
# --- sentences (CS1xx) ---
E_SYNTAX = _register("CS100", Severity.ERROR, "sentence not understood",
                     "The card text does not match any sentence form of the language. Every word must belong to a "
                     "form with a meaning; see docs/language.md for the forms.")
E_UNEXPECTED_END = _register("CS101", Severity.ERROR, "sentence ends too early",
                             "The sentence stops where the form needs more words (often a missing period or object).")
E_BAD_CHAR = _register("CS102", Severity.ERROR, "unexpected character",
                       "A character that no form of the language uses here.")
E_ICON = _register("CS103", Severity.ERROR, "unknown icon",
                   "Icons are `{0}` `{1}` `{2}` `{X}` and the 13 power codes `{AG}` `{VO}` `{SF}` `{AD}` `{GE}` "
                   "`{AE}` `{LA}` `{RE}` `{EL}` `{TE}` `{TC}` `{MA}` `{PC}`.")
E_UNKNOWN_KEYWORD = _register("CS104", Severity.ERROR, "unknown keyword",
                              "A paragraph shaped like a keyword line (`Nome.`, `Nome N.`, "
                              "`Nome N - características.`) whose keyword is not defined in the prelude "
                              "(cardscript/games/battle_scenes/prelude/, docs/keywords.md).")
E_TOO_LONG = _register("CS105", Severity.ERROR, "paragraph too long",
                       "A paragraph of card text longer than 2,000 characters, or the text of a card past 6,000 "
                       "characters, is not parsed (the longest of the corpora: 545 and 695; docs/reliability.md).")
E_LONG_NUMBER = _register("CS106", Severity.ERROR, "number too long",
                          "A number of more than 4 digits; no card prints one (docs/reliability.md).")
# --- names and references (CS2xx) ---
E_UNBOUND = _register("CS200", Severity.ERROR, "unbound reference",
                      "A reference (aquele, -o, ele, o alvo, o personagem escolhido, X) has nothing earlier in its "
                      "effect that it could mean.")
W_AMBIGUOUS = _register("CS201", Severity.WARNING, "ambiguous reference",
                        "A pronoun (ele, -o) could mean two things the same clause introduced; it is read as the "
                        "latest one. Rephrase (aquele personagem, o alvo...) so only one fits.")
E_VOCAB = _register("CS210", Severity.ERROR, "unknown game term",
                    "Powers, alignments, card types, phases and steps are fixed by the rules; this one is not among "
                    "them.")
W_UNKNOWN_NAME = _register("CS220", Severity.WARNING, "unknown name",
                           "An affiliation, card, alter ego or action name that no header in the checked files or "
                           "the library defines. It may be a new name, or a misspelling.")
E_X_UNDEFINED = _register("CS230", Severity.ERROR, "X is used but not defined",
                          "A card that uses X needs `X é igual a ...` (or an {X} cost) to say what X is.")
W_X_UNUSED = _register("CS231", Severity.WARNING, "X is defined but not used",
                       "The card defines X but no quantity uses it.")
E_KEYWORD_PARAMETER = _register("CS240", Severity.ERROR, "keyword parameters do not fit",
                                "A keyword used without a parameter its definition requires (Liderar needs N and "
                                "the characteristics: `Liderar {1} - afiliação Vingadores.`), or with one it does not "
                                "take (`Pelotão 2.`).")
E_KEYWORD_MEANING = _register("CS241", Severity.ERROR, "keyword meaning does not compile",
                              "The keyword's meaning from the prelude, filled in with this use's parameters, is not "
                              "card text the compiler understands (a fault of the prelude or of the arguments).")
W_OLD_WORDING = _register("CS250", Severity.WARNING, "long form of a keyword",
                          "A paragraph is the long form of a keyword, as cards printed before the keyword existed "
                          "carry it (a `Forma antiga` of the prelude, or the keyword's meaning: \"Pode haver "
                          "qualquer número de personagens chamados Vigilante Kree em cena.\" is Pelotão); write the "
                          "keyword the hint names (rules, Glossário). `cardscript translate` does it.")
W_NOT_EXECUTABLE = _register("CS260", Severity.WARNING, "not executable",
                             "The engine cannot run these words: no construction rule gives them a meaning (the "
                             "message says why; the hint lists the roles of the verb's frame). The card still "
                             "compiles, but this part of its text does nothing in a match (docs/semantics.md).")
E_NOT_EXECUTABLE = _register("CS261", Severity.ERROR, "not executable (--strict)",
                             "As CS260, reported as an error by `cardscript check --strict`.")
# --- roundtrip / translation (CS3xx) ---
E_CORPUS_RECORD = _register("CS300", Severity.ERROR, "bad corpus record",
                            "A corpus line is not a JSON object with the card record fields.")
W_ROUNDTRIP = _register("CS310", Severity.WARNING, "rendering differs from the printed text",
                        "The canonical text rendered from the AST differs from the printed text after "
                        "normalisation.")
# --- decks (CS4xx): cardscript deck check, cardscript/games/battle_scenes/runtime/deck.py ---
E_DECK_LINE = _register("CS400", Severity.ERROR, "malformed deck line",
                        "A deck line is `<count> <Nome> V<n>` or `<count> <código>` (e.g. `2 Hulk V1`, "
                        "`1 BSUM 65/100`), with a count of at least 1; `#` starts a comment. See docs/decks.md.")
E_DECK_CARD = _register("CS401", Severity.ERROR, "unknown card in deck",
                        "The deck names a card (title or printed code) that is not in the library, or whose card "
                        "file does not compile.")
E_DECK_COPIES = _register("CS402", Severity.ERROR, "too many copies of a card",
                          "A deck holds at most 3 copies of a card (glossary, Item Único), or fewer when the card "
                          "says so: Item Único makes it 1 (rules 7; 5.6 invalidates such a deck before the match).")
N_DECK_REPEAT = _register("CS403", Severity.NOTE, "card listed more than once",
                          "The same card is on several lines of the deck; their counts are summed.")
E_CARD_AMBIGUOUS = _register("CS404", Severity.ERROR, "ambiguous card title",
                             "The title names more than one printed card of the library (the corpus prints six "
                             "titles, Homem-Aranha V1 among them, on two or three different cards); the message "
                             "lists each one's code and file: write the printed code instead (`1 BSUM 19/100`). "
                             "See docs/decks.md.")
# --- scenario files (CS5xx): cardscript scenario, cardscript/games/battle_scenes/scenario/, docs/scenarios.md ---
E_SCN_SYNTAX = _register("CS500", Severity.ERROR, "scenario statement not understood",
                         "A line of a scenario file is not one of its statements (docs/scenarios.md lists them all, "
                         "with the words each starts with).")
E_SCN_INDENT = _register("CS501", Severity.ERROR, "bad indentation",
                         "In a scenario file the lines of a block are indented under the line that opens it "
                         "(`jogador A:`, `em cena:`, `jogadas:`, `esperado:`, `e se em vez disso:`, a move and its "
                         "answers), all by the same amount; a line that goes back must go back to an earlier level.")
E_SCN_CARD = _register("CS502", Severity.ERROR, "unknown card in scenario",
                       "A scenario names a card (title, printed code, or path to a card file) that is not in the "
                       "library (bundled, or given with --library), or whose file does not compile.")
E_SCN_AMBIGUOUS = _register("CS503", Severity.ERROR, "ambiguous card",
                            "A title names several printed cards (or a card on the board has several copies): name "
                            "it by its printed code, by its owner (`de A`), or by its copy (`(2)`).")
E_SCN_TERM = _register("CS504", Severity.ERROR, "unknown phase or step",
                       "`fase:` takes a phase of rules 6.2 (`preparação`, `combate, etapa de ataque`...; "
                       "docs/scenarios.md lists them).")
E_SCN_STRUCTURE = _register("CS505", Severity.ERROR, "bad scenario structure",
                            "A statement is repeated, misplaced (a branch inside a branch, a title in a branch) or "
                            "missing (a scenario needs `jogadas:` or `esperado:`).")
E_SCN_NOT_ON_BOARD = _register("CS506", Severity.ERROR, "card not on the board",
                               "A move or an expectation names a card the setup does not put anywhere.")
E_INTERNAL = _register("CS900", Severity.ERROR, "internal compiler error",
                       "The compiler failed on this card; this is a bug in cardscript, please report it with the file.")


MAX_MESSAGE = 600   # characters of a message, hint or note; a longer one is cut in the middle


# control characters (an escape sequence in a binary file, a NUL) are never written to a terminal: shown as U+FFFD
_CONTROLS = {c: "\ufffd" for c in (*range(0x20), *range(0x7f, 0xa0))}
_IN_MESSAGE = {c: r for c, r in _CONTROLS.items() if c != 0x0a}
_IN_LINE = {**_CONTROLS, 0x09: " "}


def clip(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` cut to at most ``limit`` characters, its middle replaced by `` … ``; control characters (but
    newlines) shown as U+FFFD."""
    text = text.translate(_IN_MESSAGE)
    if len(text) <= limit:
        return text
    half = (limit - 3) // 2
    return text[:half] + " … " + text[len(text) - half:]


@dataclass(frozen=True)
class Diagnostic:
    """One finding: ``file:line:col: severity[CODE] message``, the line, a caret and a hint."""

    code: str
    message: str
    span: Span
    source: SourceFile
    hint: str | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        # a message quoting the input ("unknown field `...`") quotes at most MAX_MESSAGE characters of it
        object.__setattr__(self, "message", clip(self.message))
        if self.hint is not None:
            object.__setattr__(self, "hint", clip(self.hint))
        if any(len(n) > MAX_MESSAGE for n in self.notes):
            object.__setattr__(self, "notes", tuple(clip(n) for n in self.notes))

    @property
    def severity(self) -> Severity:
        return CODES[self.code].severity

    def location(self) -> tuple[int, int]:
        return self.source.position(self.span.start)

    def to_dict(self) -> dict[str, Any]:
        line, col = self.location()
        end_line, end_col = self.source.position(self.span.end)
        return {
            "file": self.source.path, "line": line, "column": col, "end_line": end_line, "end_column": end_col,
            "severity": self.severity.value, "code": self.code, "message": self.message,
            "hint": self.hint, "notes": list(self.notes),
        }


def did_you_mean(word: str, candidates: Iterable[str], fold: bool = True) -> str | None:
    """The closest candidate to ``word``, compared without case/accents, or None."""
    return _closest(word, tuple(dict.fromkeys(candidates)), fold)


@functools.lru_cache(maxsize=512)
def _closest(word: str, pool: tuple[str, ...], fold: bool) -> str | None:
    """:func:`did_you_mean`, kept per word and pool: a library's unknown name is looked up once among its 1,500
    names, not from each phrase it is seen in (difflib's comparisons were 2% of a cold compile)."""
    from cardscript.core.normalize import fold_text

    keyed = {fold_text(c) if fold else c: c for c in pool}
    key = fold_text(word) if fold else word
    near = close_matches(key, tuple(keyed), n=8)
    if not near:
        return None
    # the fewest typing mistakes first (a swapped pair of letters is one: 'crad' is 'card', not 'curado'), then
    # difflib's order (its likeness), which get_close_matches gives best first
    best = min(range(len(near)), key=lambda i: (edit_distance(key, near[i]), i))
    return keyed[near[best]]


def edit_distance(a: str, b: str) -> int:
    """Typing mistakes from ``a`` to ``b``: letters inserted, deleted, changed, or two neighbours swapped (the
    optimal string alignment distance)."""
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        earlier, before, row = before, row, [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(before[j] + 1, row[j - 1] + 1, before[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], earlier[j - 2] + 1)
    return row[len(b)]


def close_matches(word: str, possibilities: tuple[str, ...], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """``difflib.get_close_matches(word, possibilities, n, cutoff)``, the same matches in the same order (best
    first): the same three tests in the same order, the first two -- difflib's upper bounds of the ratio from the
    lengths and from the letters in common -- worked out without a ``SequenceMatcher`` per candidate (the letters of
    each candidate counted once per pool), so only the candidates that pass both are matched
    (``tests/test_closest.py`` holds it equal to difflib's)."""
    counts = _letter_counts(possibilities)
    want = _counter(word)
    lb = len(word)
    scored: list[tuple[float, str]] = []
    s = difflib.SequenceMatcher()
    s.set_seq2(word)
    for x, have in zip(possibilities, counts, strict=True):
        la = len(x)
        if _ratio(min(la, lb), la + lb) < cutoff:                     # SequenceMatcher.real_quick_ratio
            continue
        common = 0
        for letter, wanted in want.items():                          # SequenceMatcher.quick_ratio
            m = have.get(letter)
            if m:
                common += wanted if wanted < m else m
        if _ratio(common, la + lb) < cutoff:
            continue
        s.set_seq1(x)
        score = s.ratio()
        if score >= cutoff:
            scored.append((score, x))
    return [x for _, x in heapq.nlargest(n, scored)]                 # as difflib: best first, ties to the greater


def _ratio(matches: int, length: int) -> float:
    """difflib's ``_calculate_ratio``."""
    return 2.0 * matches / length if length else 1.0


def _counter(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in text:
        out[c] = out.get(c, 0) + 1
    return out


@functools.lru_cache(maxsize=16)
def _letter_counts(possibilities: tuple[str, ...]) -> tuple[dict[str, int], ...]:
    """Each candidate's letters counted (a library's names are one pool for all its unknown names)."""
    return tuple(_counter(x) for x in possibilities)


ECHO_WIDTH = 100   # the characters of a source line a diagnostic echoes: a window around the caret


def echo_window(text: str, col: int, width: int) -> tuple[str, int, int]:
    """A line cut to at most :data:`ECHO_WIDTH` characters around column ``col`` (1-based) and a caret
    ``width`` wide: ``(shown text, caret column, caret width)``; a cut end is marked ``…``."""
    if len(text) <= ECHO_WIDTH:
        return text.translate(_IN_LINE), col, width     # same length: the caret stays under its character
    start = max(0, min(col - 1 - ECHO_WIDTH // 3, len(text) - ECHO_WIDTH))
    end = start + ECHO_WIDTH
    shown = ("…" if start else "") + text[start:end].translate(_IN_LINE) + ("…" if end < len(text) else "")
    caret = col - start + (1 if start else 0)
    return shown, caret, max(1, min(width, end - (col - 1)))


_COLOURS = {Severity.ERROR: "\033[1;31m", Severity.WARNING: "\033[1;33m", Severity.NOTE: "\033[1;36m"}
_BOLD, _DIM, _RESET = "\033[1m", "\033[2m", "\033[0m"


def format_text(diag: Diagnostic, color: bool = False) -> str:
    """The human rendering, like a compiler's: location, message, the source line (a window of it when it is
    long), a caret and a hint. ``color``: ANSI colours for a terminal (the severity and the caret in the
    severity's colour, the location bold, the gutter dim); the text is the same without them."""
    def paint(text: str, code: str) -> str:
        return f"{code}{text}{_RESET}" if color else text

    line, col = diag.location()
    tone = _COLOURS[diag.severity]
    out = [f"{paint(f'{diag.source.path}:{line}:{col}:', _BOLD)} "
           f"{paint(f'{diag.severity.value}[{diag.code}]', tone)} {paint(diag.message, _BOLD)}"]
    text = diag.source.line_text(line)
    if text or diag.source.text:
        end_line, end_col = diag.source.position(diag.span.end)
        width = (end_col - col) if end_line == line else len(text) - col + 1
        shown, caret, width = echo_window(text, col, width)
        out.append(f"{paint(f'  {line:>4} |', _DIM)} {shown}")
        out.append(f"{paint('       |', _DIM)} {' ' * (caret - 1)}{paint('^' * max(1, width), tone)}")
    if diag.hint:
        out.append(f"  {paint('hint:', _BOLD)} {diag.hint}")
    out.extend(f"  {paint('note:', _BOLD)} {n}" for n in diag.notes)
    return "\n".join(out)


def format_json(diags: Sequence[Diagnostic]) -> str:
    return json.dumps([d.to_dict() for d in diags], ensure_ascii=False, indent=2)


SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}


def format_sarif(diags: Sequence[Diagnostic]) -> str:
    """SARIF 2.1.0, the format code-scanning tools read: the tool with its version, one rule per code used
    (its title, its explanation, its default level and the address of its entry in docs/diagnostics.md), and one
    result per diagnostic. Columns count code points (``columnKind``), as the text rendering does; a file's
    path is a URI reference (relative paths stay relative, absolute ones are ``file://``)."""
    from cardscript import __version__
    from cardscript.about import docs_page, project_urls

    used = sorted({d.code for d in diags})
    index = {c: i for i, c in enumerate(used)}
    rules = []
    for c in used:
        code = CODES[c]
        rule: dict[str, Any] = {
            "id": c, "name": _rule_name(code.title), "shortDescription": {"text": code.title},
            "fullDescription": {"text": code.explanation}, "help": {"text": code.explanation},
            "defaultConfiguration": {"level": _SARIF_LEVEL[code.severity]},
        }
        help_uri = docs_page("diagnostics.md", c.lower())
        if help_uri is not None:
            rule["helpUri"] = help_uri
        rules.append(rule)
    results = []
    for d in diags:
        line, col = d.location()
        end_line, end_col = d.source.position(d.span.end)
        message = d.message + (f" (hint: {d.hint})" if d.hint else "")
        results.append({
            "ruleId": d.code, "ruleIndex": index[d.code], "level": _SARIF_LEVEL[d.severity],
            "message": {"text": message},
            "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": _artifact_uri(d.source.path)},
                "region": {"startLine": line, "startColumn": col, "endLine": end_line, "endColumn": end_col},
            }}],
        })
    driver: dict[str, Any] = {"name": "cardscript", "version": __version__, "semanticVersion": __version__,
                              "rules": rules}
    home = project_urls().get("Homepage")
    if home is not None:
        driver["informationUri"] = home
    doc = {"$schema": SARIF_SCHEMA, "version": "2.1.0",
           "runs": [{"tool": {"driver": driver}, "columnKind": "unicodeCodePoints", "results": results}]}
    return json.dumps(doc, ensure_ascii=False, indent=2)


def _rule_name(title: str) -> str:
    """A rule's ``name`` is an identifier in SARIF's examples: ``unbound reference`` -> ``UnboundReference``."""
    words = ("".join(ch for ch in word if ch.isalnum()) for word in title.split())
    return "".join(word[:1].upper() + word[1:] for word in words)


def _artifact_uri(path: str) -> str:
    """A file's path as a URI reference: percent-encoded, ``file://`` when absolute, ``/`` between folders."""
    from pathlib import PurePath
    from urllib.parse import quote

    pure = PurePath(path)
    if pure.is_absolute():
        return "file://" + quote(pure.as_posix())
    return quote(pure.as_posix())
