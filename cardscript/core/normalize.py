"""Input normalisation, before any parsing.

* Unicode NFC, typographic quotes/dashes/spaces to plain ones, runs of blanks to one space;
* the official card site's markup: ``#&#`` (marks a keyword) is dropped, ``<br>`` separates paragraphs;
* folding for matching: keywords match regardless of case and accents (``Clarividencia`` =
  ``Clarividência``). :func:`fold_text` maps character by character, so a folded text has the same
  offsets as the text it came from and every token keeps an exact span.

Every normalised text carries ``origin``: for each of its characters, the offset of the character it
came from, so diagnostics point into what the person wrote.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_CHAR_MAP = {
    "\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-",
    "\u0093": '"', "\u0094": '"',          # Windows-1252 quotes mis-decoded as C1 controls
    "\u00a0": " ", "\t": " ", "\u2009": " ", "\u202f": " ",
}
_MARKUP = re.compile(r"#&#|<br\s*/?>|\s+", re.IGNORECASE)


@dataclass(frozen=True)
class Normalized:
    """Normalised text and, per character, the offset it came from in the input."""

    text: str
    origin: tuple[int, ...]

    def source_offset(self, i: int) -> int:
        if not self.origin:
            return 0
        if i >= len(self.origin):
            return self.origin[-1] + 1
        return self.origin[max(i, 0)]


def normalize(raw: str, base: int = 0) -> Normalized:
    """Normalise one line or paragraph of card text; offsets in ``origin`` are ``base`` + input offset.

    ``<br>`` becomes a newline (a paragraph break); the caller splits paragraphs on it.
    """
    return _normalize_plain(raw, base) if _plain(raw) else _normalize_general(raw, base)


def _normalize_general(raw: str, base: int) -> Normalized:
    """:func:`normalize` character by character, for any text."""
    # NFC per character run keeps the offset map exact for precomposed input (the usual case);
    # decomposed input (e + combining accent) is composed and mapped to the base letter's offset.
    chars: list[str] = []
    origin: list[int] = []
    i = 0
    n = len(raw)
    while i < n:
        m = _MARKUP.match(raw, i)
        if m:
            token = m.group(0)
            if token == "#&#":
                pass
            elif token.startswith("<"):
                chars.append("\n")
                origin.append(base + i)
            else:  # whitespace run
                if "\n" in token:
                    chars.append("\n")
                else:
                    chars.append(" ")
                origin.append(base + i)
            i = m.end()
            continue
        j = i + 1
        while j < n and unicodedata.combining(raw[j]):
            j += 1
        piece = unicodedata.normalize("NFC", raw[i:j])
        for ch in piece:
            chars.append(_CHAR_MAP.get(ch, ch))
            origin.append(base + i)
        i = j
    # trim blanks around paragraph breaks and at the ends
    out_c: list[str] = []
    out_o: list[int] = []
    for ch, o in zip(chars, origin, strict=True):
        if ch == " " and (not out_c or out_c[-1] in " \n"):
            continue
        if ch == "\n" and out_c and out_c[-1] == " ":
            out_c.pop()
            out_o.pop()
        out_c.append(ch)
        out_o.append(o)
    while out_c and out_c[-1] in " \n":
        out_c.pop()
        out_o.pop()
    return Normalized("".join(out_c), tuple(out_o))


_PLAIN: set[str] = set()       # characters seen that normalisation keeps as they are


def _plain(raw: str) -> bool:
    """Does every character of ``raw`` outside the markup stay as it is (composed, not combining, not mapped)?"""
    for ch in set(raw) - _PLAIN:
        if ch.isspace() or ch in "#<" or ch in _CHAR_MAP or unicodedata.combining(ch) \
                or unicodedata.normalize("NFC", ch) != ch:
            if not (ch.isspace() or ch in "#<"):
                return False
            continue          # blanks and markup characters are the markup pass's
        _PLAIN.add(ch)
    return True


def _normalize_plain(raw: str, base: int) -> Normalized:
    """:func:`normalize` of a text whose characters all stay as they are (:func:`_plain`): only the markup and the
    blanks change, so the text is copied in stretches between them instead of character by character. Same
    result as the general loop (``tests/test_normalize.py`` checks it)."""
    if raw.isprintable() and "  " not in raw and "<" not in raw and "#&#" not in raw and raw[:1] != " " \
            and raw[-1:] != " ":
        return Normalized(raw, tuple(range(base, base + len(raw))))   # single spaces between words: all kept
    out: list[tuple[str, int]] = []          # stretches of text (no blanks) and single blanks, with their offset
    last = 0
    for m in _MARKUP.finditer(raw):
        if m.start() > last:
            out.append((raw[last:m.start()], base + last))
        last = m.end()
        token = m.group(0)
        if token == "#&#":
            continue
        blank = "\n" if token.startswith("<") or "\n" in token else " "
        if blank == " ":
            if not out or out[-1][0] in (" ", "\n"):
                continue
        elif out and out[-1][0] == " ":
            out.pop()
        out.append((blank, base + m.start()))
    if last < len(raw):
        out.append((raw[last:], base + last))
    while out and out[-1][0] in (" ", "\n"):
        out.pop()
    origin: list[int] = []
    for text, at in out:
        origin.extend(range(at, at + len(text)))
    return Normalized("".join(text for text, _ in out), tuple(origin))


def fold_char(ch: str) -> str:
    """One character, lower-cased and without accents; always exactly one character."""
    low = ch.lower()
    if len(low) != 1:
        return ch
    base = unicodedata.normalize("NFD", low)[0]
    return base if base.isascii() or base.isalpha() else low


class _FoldTable(dict[int, str]):
    """``str.translate`` table that computes (and remembers) each character's folded form."""

    def __missing__(self, code: int) -> str:
        folded = fold_char(chr(code))
        self[code] = folded
        return folded


_FOLD_TABLE = _FoldTable()


def fold_text(text: str) -> str:
    """Case- and accent-insensitive form of a text, same length as the text."""
    return text.translate(_FOLD_TABLE)


def split_paragraphs(norm: Normalized) -> list[Normalized]:
    """Split normalised text at paragraph breaks (``<br>`` / newlines), keeping offsets."""
    parts: list[Normalized] = []
    start = 0
    text = norm.text
    while start <= len(text):
        k = text.find("\n", start)
        if k < 0:
            k = len(text)
        if k > start:
            parts.append(Normalized(text[start:k], norm.origin[start:k]))
        start = k + 1
    return parts
