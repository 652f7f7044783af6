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

from cardscript.grammar.lexicon import Word, lookup
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
# the crasis forms ("à", "àquele"...) fold onto other words ("a", "aquele"): they are split only when
# the original spelling carries the grave accent
FOLDED_CONTRACTIONS = {fold_text(k): v for k, v in CONTRACTIONS.items() if not k.startswith("à")}

CLITICS = ("o", "a", "os", "as", "lo", "la", "los", "las", "lhe", "lhes", "se")
_INFINITIVE_STEM = {"a": "ar", "e": "er", "i": "ir", "o": "or"}

_WORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*", re.UNICODE)
_SPACE = re.compile(r"\s+")

NAME = "NAME"
UNKNOWN = "$UNKNOWN"
CLITIC = "CLITIC"
CLAUSE_AND = "CLAUSE_AND"
CLAUSE_COMMA = "CLAUSE_COMMA"


@dataclass(frozen=True)
class LexInput:
    """What the parser is given: the paragraph, its folded twin, and the names in scope."""

    text: str
    folded: str
    names: NameRegistry


_DECLARED = frozenset({"NAME", "VFIN", "VINF", "VPART", "VGER", "AUX", "NOUN", "ADJ", "DET", "NUMWORD",
                       "PREP", "PRON", "ADV", "PREADV", "AUX_NF", "CLITIC", "CLAUSE_COMMA", "CLAUSE_AND"})


class SentenceLexer(Lexer):
    """Context-aware word lexer (see module docstring). Terminals come from the grammar."""

    __future_interface__ = 2   # Lark: lex(lexer_state, parser_state), input passed through untouched

    def __init__(self, lexer_conf: Any) -> None:
        self.words: dict[str, str] = {}      # folded word -> terminal name
        self.puncts: dict[str, str] = {}     # punctuation literal -> terminal name
        self.regexes: list[tuple[str, re.Pattern[str]]] = []
        for t in lexer_conf.terminals:
            if isinstance(t.pattern, PatternStr):
                value = fold_text(t.pattern.value)
                if _WORD.fullmatch(value) or (value.startswith("-") and len(value) > 1):
                    self.words[value] = t.name
                else:
                    self.puncts[value] = t.name
            elif t.name not in _DECLARED:
                self.regexes.append((t.name, re.compile(t.pattern.to_regexp())))
        self.max_punct = max((len(p) for p in self.puncts), default=1)
        self.declared = {t.name for t in lexer_conf.terminals} | {CLITIC}

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        inp = lexer_state.text
        assert isinstance(inp, LexInput)
        text = inp.text
        pos = 0
        n = len(text)
        pending: list[tuple[str, int, int]] = []   # later parts of a split word, typed when reached
        while True:
            if pending:
                part, start, end = pending.pop(0)
                accepts = parser_state.parse_conf.states[parser_state.position]
                term = self._accepted_terminal(part, accepts) or (self._word_terminals(part) or [UNKNOWN])[0]
                yield _tok(term, part, start, end)
                continue
            m = _SPACE.match(text, pos)
            if m:
                pos = m.end()
            if pos >= n:
                return
            accepts = parser_state.parse_conf.states[parser_state.position]
            tokens, rest = self._next(inp, pos, accepts)
            end = (rest[-1][2] if rest else tokens[-1].end_pos) or pos + 1
            pos = end if end > pos else pos + 1
            pending.extend(rest)
            yield from tokens
            last = tokens[-1]
            # a name that ends in an abbreviation's period also ends the sentence when nothing follows it
            if last.type == NAME and str(last).endswith(".") and self._sentence_ends_after(text, pos):
                yield _tok(self.puncts.get(".", "DOT"), ".", pos - 1, pos - 1)

    @staticmethod
    def _sentence_ends_after(text: str, pos: int) -> bool:
        rest = text[pos:].lstrip()
        return not rest or rest[0].isupper() or rest[0] in "({"

    def _word_terminals(self, word: str) -> list[str]:
        """Terminals a whole word can be: a grammar literal first, then its lexicon classes."""
        out: list[str] = []
        if word.startswith("-"):
            return [CLITIC]
        lit = self.words.get(word)
        if lit is not None:
            out.append(lit)
        for entry in lookup(word):
            term = word_class_terminal(entry)
            if term not in out:
                out.append(term)
            if term == "VINF" and "VFIN" not in out:
                out.append("VFIN")      # the future subjunctive is spelled as the infinitive: "quando ... entrar"
        return out

    def _next(self, inp: LexInput, pos: int, accepts: dict[str, Any]) -> tuple[list[Token], list[tuple[str, int, int]]]:
        text, folded = inp.text, inp.folded
        word_m = _WORD.match(folded, pos)
        candidates: list[tuple[int, int, list[Token], list[tuple[str, int, int]]]] = []
        lexicon_word = False
        if word_m:
            word = word_m.group(0)
            end = word_m.end()
            terms = self._word_terminals(word)
            lexicon_word = bool(terms)
            for term in terms:
                if term in accepts:
                    if term in ("PREP",) and word == "a" and self.words.get("a") in accepts:
                        continue
                    candidates.append((end - pos, 2, [_tok(term, text[pos:end], pos, end)], []))
                    break
            if word in ("e",) and CLAUSE_AND in accepts and self._clause_follows(folded, end):
                candidates.append((end - pos, 5, [_tok(CLAUSE_AND, text[pos:end], pos, end)], []))
            split = self._split_word(word, text[pos:end], pos, accepts)
            if split:
                candidates.append((end - pos, 4, [split[0]], split[1]))
        if NAME in accepts:
            length = inp.names.match_known(folded, pos)
            if not length and not (word_m and lexicon_word):
                length = match_name_shape(text, pos)
            if length:
                candidates.append((length, 1, [_tok(NAME, text[pos:pos + length], pos, pos + length)], []))
        for name, rx in self.regexes:
            if name in accepts:
                rm = rx.match(folded, pos)
                if rm and rm.end() > pos and _ends_at_boundary(folded, rm.end()):
                    candidates.append((rm.end() - pos, 3, [_tok(name, text[pos:rm.end()], pos, rm.end())], []))
        if folded.startswith(",", pos) and CLAUSE_COMMA in accepts and self._clause_follows(folded, pos + 1):
            candidates.append((1, 5, [_tok(CLAUSE_COMMA, ",", pos, pos + 1)], []))
        for k in range(self.max_punct, 0, -1):
            p = folded[pos:pos + k]
            if p in self.puncts and self.puncts[p] in accepts:
                candidates.append((k, 2, [_tok(self.puncts[p], text[pos:pos + k], pos, pos + k)], []))
                break
        if candidates:
            candidates.sort(key=lambda c: (c[0], c[1]), reverse=True)
            return candidates[0][2], candidates[0][3]
        return self._fallback(inp, pos, word_m), []

    def _clause_follows(self, folded: str, pos: int) -> bool:
        """Does a new clause start after ``pos``? (a verb, "você", "então", or "o" + verb)."""
        words = _WORD.findall(folded, pos, pos + 60)
        if not words:
            return False
        first = words[0].split("-")[0] if "-" in words[0] and words[0].rpartition("-")[2] in CLITICS else words[0]
        if first in ("voce", "entao"):
            return True
        classes = {w.cls for w in lookup(first)} | {w.cls for w in lookup(_infinitive(first))}
        if "VERB" in classes and not all(w.form.startswith("part") for w in lookup(first) if w.cls == "VERB"):
            return True
        if first in ("o", "a", "os", "as") and len(words) > 1:
            return any(w.cls == "VERB" for w in lookup(words[1]))
        return False

    def _split_word(self, word: str, original: str, pos: int,
                    accepts: dict[str, Any]) -> tuple[Token, list[tuple[str, int, int]]] | None:
        end = pos + len(word)
        parts = FOLDED_CONTRACTIONS.get(word)
        if original[:1] in ("à", "À"):
            parts = CONTRACTIONS.get(original.lower())
        if parts:
            first = self._accepted_terminal(parts[0], accepts)
            second_terms = self._word_terminals(parts[1])
            if first is not None and second_terms:
                mid = pos + (1 if len(word) > 1 else 0)
                return _tok(first, parts[0], pos, mid), [(parts[1], mid, end)]
        if "-" in word:
            stem, _, clitic = word.rpartition("-")
            if clitic in CLITICS:
                verb = stem
                if clitic.startswith("l") and stem and stem[-1] in _INFINITIVE_STEM:
                    verb = stem[:-1] + _INFINITIVE_STEM[stem[-1]]
                    clitic = clitic[1:]
                vterm = self._accepted_terminal(verb, accepts)
                if vterm is not None and CLITIC in self.declared:
                    cut = pos + len(stem)
                    return _tok(vterm, verb, pos, cut), [("-" + clitic, cut, end)]
        return None

    def _accepted_terminal(self, word: str, accepts: dict[str, Any]) -> str | None:
        for term in self._word_terminals(word):
            if term in accepts:
                return term
        return None

    def _fallback(self, inp: LexInput, pos: int, word_m: re.Match[str] | None) -> list[Token]:
        """Nothing acceptable matches: produce the token the text most looks like, for the error."""
        text, folded = inp.text, inp.folded
        if word_m:
            word = word_m.group(0)
            end = word_m.end()
            terms = self._word_terminals(word)
            return [_tok(terms[0] if terms else UNKNOWN, text[pos:end], pos, end)]
        for k in range(self.max_punct, 0, -1):
            p = folded[pos:pos + k]
            if p in self.puncts:
                return [_tok(self.puncts[p], text[pos:pos + k], pos, pos + k)]
        for name, rx in self.regexes:
            rm = rx.match(folded, pos)
            if rm and rm.end() > pos:
                return [_tok(name, text[pos:rm.end()], pos, rm.end())]
        return [_tok(UNKNOWN, text[pos], pos, pos + 1)]


_AUX_LEMMAS = frozenset({"poder", "ser", "estar", "ter", "haver", "fazer"})


def word_class_terminal(entry: Word) -> str:
    """The grammar terminal of a lexicon entry (verbs by form; auxiliaries apart)."""
    if entry.cls != "VERB":
        return entry.cls
    if entry.lemma in _AUX_LEMMAS:
        return "AUX_NF" if entry.form.startswith(("inf", "part", "ger")) else "AUX"
    if entry.form.startswith("part"):
        return "VPART"
    if entry.form.startswith("inf"):
        return "VINF"
    if entry.form == "ger":
        return "VGER"
    return "VFIN"


def _infinitive(word: str) -> str:
    if word and word[-1] in _INFINITIVE_STEM:
        return word[:-1] + _INFINITIVE_STEM[word[-1]]
    return word


def _ends_at_boundary(folded: str, end: int) -> bool:
    return not (folded[end - 1].isalnum() and end < len(folded) and folded[end].isalnum())


def _tok(type_: str, value: str, start: int, end: int) -> Token:
    return Token(type_, value, start_pos=start, line=1, column=start + 1, end_line=1, end_column=end + 1,
                 end_pos=end)
