"""The sentence lexer: words, contractions, clitics and names, chosen by what the parser accepts.

It is a Lark custom lexer for the LALR parser. At each position it asks the parser which terminals
are acceptable (the same idea as Lark's contextual lexer) and then:

* matches keyword terminals on the folded text (no case, no accents), whole words only;
* splits Portuguese contractions into their parts when the parser wants the preposition
  (``no`` -> ``em o``, ``daquele`` -> ``de aquele``, ``à`` -> ``a a``...);
* splits verb clitics (``coloque-o`` -> ``coloque -o``, ``colocá-lo`` -> ``colocar -o``);
* reads a ``NAME`` (card, action, alter ego, affiliation) as one token: the longest known name,
  else a name-shaped run of capitalised words.

Tokens carry offsets into the normalised paragraph; values are the original spelling.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from lark.exceptions import UnexpectedCharacters
from lark.lexer import Lexer, LexerState, PatternStr, Token

from cardscript.grammar.names import NameRegistry, match_name_shape
from cardscript.grammar.normalize import fold_text

CONTRACTIONS: dict[str, tuple[str, str]] = {}
for _prep, _pfx in (("em", "n"), ("de", "d")):
    for _w in ("o", "a", "os", "as", "este", "esta", "estes", "estas", "esse", "essa", "esses", "essas",
               "aquele", "aquela", "aqueles", "aquelas", "ele", "ela", "eles", "elas", "outro", "outra",
               "outros", "outras"):
        CONTRACTIONS[_pfx + _w] = (_prep, _w)
CONTRACTIONS.update({"num": ("em", "um"), "numa": ("em", "uma"), "ao": ("a", "o"), "aos": ("a", "os"),
                     "à": ("a", "a"), "às": ("a", "as"), "àquele": ("a", "aquele"), "àquela": ("a", "aquela"),
                     "àqueles": ("a", "aqueles"), "àquelas": ("a", "aquelas"), "pelo": ("por", "o"),
                     "pela": ("por", "a"), "pelos": ("por", "os"), "pelas": ("por", "as")})
FOLDED_CONTRACTIONS = {fold_text(k): v for k, v in CONTRACTIONS.items()}
# "da"/"das"/"do"/"dos" fold to themselves; "a" (folded "à") would shadow the article: keep "à" apart
FOLDED_CONTRACTIONS.pop("a", None)
FOLDED_CONTRACTIONS.pop("as", None)

CLITICS = ("o", "a", "os", "as", "lo", "la", "los", "las", "lhe", "lhes", "se")
_INFINITIVE_STEM = {"a": "ar", "e": "er", "i": "ir", "o": "or"}

_WORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*", re.UNICODE)
_SPACE = re.compile(r"\s+")

NAME = "NAME"
UNKNOWN = "$UNKNOWN"


@dataclass(frozen=True)
class LexInput:
    """What the parser is given: the paragraph, its folded twin, and the names in scope."""

    text: str
    folded: str
    names: NameRegistry


class SentenceLexer(Lexer):
    """Context-aware word lexer (see module docstring). Terminals come from the grammar."""

    def __init__(self, lexer_conf: Any) -> None:
        self.words: dict[str, str] = {}      # folded word -> terminal name
        self.puncts: dict[str, str] = {}     # punctuation literal -> terminal name
        self.regexes: list[tuple[str, re.Pattern[str]]] = []
        for t in lexer_conf.terminals:
            if isinstance(t.pattern, PatternStr):
                value = fold_text(t.pattern.value)
                if _WORD.fullmatch(value) or value.startswith("-"):
                    self.words[value] = t.name
                else:
                    self.puncts[value] = t.name
            elif t.name != NAME:
                self.regexes.append((t.name, re.compile(t.pattern.to_regexp())))
        self.max_punct = max((len(p) for p in self.puncts), default=1)

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        inp = lexer_state.text
        assert isinstance(inp, LexInput)
        text, folded = inp.text, inp.folded
        pos = 0
        n = len(text)
        pending: list[Token] = []
        while True:
            while pending:
                yield pending.pop(0)
            m = _SPACE.match(text, pos)
            if m:
                pos = m.end()
            if pos >= n:
                return
            accepts = parser_state.parse_conf.states[parser_state.position]
            tokens = self._next(inp, pos, accepts)
            if not tokens:
                raise UnexpectedCharacters(text, pos, 1, 1, allowed=set(accepts), state=parser_state)
            pos = tokens[-1].end_pos if tokens[-1].end_pos is not None else pos + 1
            pending.extend(tokens)
            # a name that ends in an abbreviation's period also ends the sentence when nothing follows it
            last = tokens[-1]
            if last.type == NAME and str(last).endswith(".") and self._sentence_ends_after(text, pos):
                pending.append(_tok(".", ".", pos - 1, pos - 1))

    @staticmethod
    def _sentence_ends_after(text: str, pos: int) -> bool:
        rest = text[pos:].lstrip()
        return not rest or rest[0].isupper() or rest[0] in "({"

    def _next(self, inp: LexInput, pos: int, accepts: dict[str, Any]) -> list[Token]:
        text, folded = inp.text, inp.folded
        word_m = _WORD.match(folded, pos)
        candidates: list[tuple[int, int, list[Token]]] = []   # (length, preference, tokens)
        if word_m:
            word = word_m.group(0)
            end = word_m.end()
            term = self.words.get(word)
            if term is not None and term in accepts:
                candidates.append((end - pos, 2, [_tok(term, text[pos:end], pos, end)]))
            split = self._split_word(word, text[pos:end], pos, accepts)
            if split:
                candidates.append((end - pos, 3, split))
        if NAME in accepts:
            length = inp.names.match_known(folded, pos) or match_name_shape(text, pos)
            if length:
                candidates.append((length, 1, [_tok(NAME, text[pos:pos + length], pos, pos + length)]))
        for name, rx in self.regexes:
            if name in accepts:
                rm = rx.match(folded, pos)
                if rm and rm.end() > pos:
                    candidates.append((rm.end() - pos, 2, [_tok(name, text[pos:rm.end()], pos, rm.end())]))
        for k in range(self.max_punct, 0, -1):
            p = folded[pos:pos + k]
            if p in self.puncts and self.puncts[p] in accepts:
                candidates.append((k, 2, [_tok(self.puncts[p], text[pos:pos + k], pos, pos + k)]))
                break
        if candidates:
            candidates.sort(key=lambda c: (c[0], c[1]), reverse=True)
            return candidates[0][2]
        return self._fallback(inp, pos, word_m)

    def _split_word(self, word: str, original: str, pos: int, accepts: dict[str, Any]) -> list[Token] | None:
        end = pos + len(word)
        parts = FOLDED_CONTRACTIONS.get(word)
        if original in ("à", "às", "À", "Às"):
            parts = CONTRACTIONS[original.lower()]
        if parts and self.words.get(parts[0]) in accepts and parts[1] in self.words:
            mid = pos + (1 if len(word) > 1 else 0)
            return [_tok(self.words[parts[0]], parts[0], pos, mid),
                    _tok(self.words[parts[1]], parts[1], mid, end)]
        if "-" in word:
            stem, _, clitic = word.rpartition("-")
            if clitic in CLITICS:
                verb = stem
                if clitic.startswith("l") and stem and stem[-1] in _INFINITIVE_STEM:
                    verb = stem[:-1] + _INFINITIVE_STEM[stem[-1]]
                    clitic = clitic[1:]
                vterm = self.words.get(verb)
                cterm = self.words.get("-" + clitic)
                if vterm is not None and vterm in accepts and cterm is not None:
                    cut = pos + len(stem)
                    return [_tok(vterm, verb, pos, cut), _tok(cterm, "-" + clitic, cut, end)]
        return None

    def _fallback(self, inp: LexInput, pos: int, word_m: re.Match[str] | None) -> list[Token]:
        """Nothing acceptable matches: produce the token the text most looks like, for the error."""
        text, folded = inp.text, inp.folded
        if word_m:
            word = word_m.group(0)
            end = word_m.end()
            term = self.words.get(word, UNKNOWN)
            return [_tok(term, text[pos:end], pos, end)]
        for k in range(self.max_punct, 0, -1):
            p = folded[pos:pos + k]
            if p in self.puncts:
                return [_tok(self.puncts[p], text[pos:pos + k], pos, pos + k)]
        for name, rx in self.regexes:
            rm = rx.match(folded, pos)
            if rm and rm.end() > pos:
                return [_tok(name, text[pos:rm.end()], pos, rm.end())]
        return []


def _tok(type_: str, value: str, start: int, end: int) -> Token:
    return Token(type_, value, start_pos=start, line=1, column=start + 1, end_line=1, end_column=end + 1,
                 end_pos=end)
