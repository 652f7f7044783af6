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
from collections.abc import Collection, Iterator, Set
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter
from typing import Any

from lark import Tree
from lark.lexer import Lexer, LexerState, PatternStr, Token
from lark.parsers.lalr_analysis import Shift

from cardscript.core.normalize import fold_text
from cardscript.grammar.lalr_run import feed
from cardscript.grammar.lexicon import CORE, Lexicon, Word, lookup, on_switch
from cardscript.grammar.names import WORD, NameRegistry, match_name_shape

CONTRACTIONS: dict[str, tuple[str, str]] = {}
for _prep, _pfx in (("em", "n"), ("de", "d")):
    for _w in ("o", "a", "os", "as", "este", "esta", "estes", "estas", "esse", "essa", "esses", "essas",
               "aquele", "aquela", "aqueles", "aquelas", "ele", "ela", "eles", "elas", "outro", "outra",
               "outros", "outras"):
        CONTRACTIONS[_pfx + _w] = (_prep, _w)
CONTRACTIONS.update({"num": ("em", "um"), "numa": ("em", "uma"), "ao": ("a", "o"), "aos": ("a", "os"),
                     "à": ("a", "a"), "às": ("a", "as"), "àquele": ("a", "aquele"), "àquela": ("a", "aquela"),
                     "àqueles": ("a", "aqueles"), "àquelas": ("a", "aquelas"), "pelo": ("por", "o"),
                     "pela": ("por", "a"), "pelos": ("por", "os"), "pelas": ("por", "as"), "disso": ("de", "isso"),
                     "nisso": ("em", "isso")})
# the crasis forms ("à", "àquele"...) fold onto other words ("a", "aquele"): they are split only when
# the original spelling carries the grave accent
FOLDED_CONTRACTIONS = {fold_text(k): v for k, v in CONTRACTIONS.items() if not k.startswith("à")}

CLITICS = ("o", "a", "os", "as", "lo", "la", "los", "las", "lhe", "lhes", "se")
_INFINITIVE_STEM = {"a": "ar", "e": "er", "i": "ir", "o": "or"}

_QUANTITY_WORD = re.compile(r"[\dx]+(?:-[\dx]+)+")   # "x-1", "8-x": a quantity, read as its parts
_QUANTITY_PART = re.compile(r"[\dx]+")
_WORD = WORD       # a word: letters and digits, joined by hyphens or apostrophes (names.WORD)
_SPACE = re.compile(r"\s+")

NAME = "NAME"
UNKNOWN = "$UNKNOWN"
CLITIC = "CLITIC"
CLAUSE_AND = "CLAUSE_AND"
CLAUSE_COMMA = "CLAUSE_COMMA"
CLAUSE_OR = "CLAUSE_OR"
QUE_COMP = "QUE_COMP"
PROCLITIC = "PROCLITIC"
GER_ADV = "GER_ADV"
PART_ADV = "PART_ADV"
MID_ADV = "MID_ADV"
ASIDE_OPEN = "ASIDE_OPEN"
ASIDE_CLOSE = "ASIDE_CLOSE"
CLAUSE_DASH = "CLAUSE_DASH"
CLAUSE_GAP = "CLAUSE_GAP"
# grammar literals that open a clause ("da forma como você escolher"): read as the literal only when a
# clause follows, else as their lexicon word ("como alvo" is the preposition)
_CLAUSE_LITERALS = frozenset({"como"})
_WORD_QUE = re.compile(r" que\b")


@dataclass(frozen=True)
class LexInput:
    """What the parser is given: the paragraph, its folded twin, and the names in scope."""

    text: str
    folded: str
    names: NameRegistry
    # the second reading of a sentence that failed (parser.parse_paragraph): the speculative parses explore
    # every later reading (depth first, _sentence_parses_all), a lead's left-out comma is tried before any
    # subject, and when no reading of an ambiguous word lets the sentence parse, the one that reads furthest
    # is taken (the error is then nearer the real fault) instead of the preferred one
    thorough: bool = False
    # the card's own names (folded: its name, its action's name): written in its own text, such a name is the card
    # itself even where it is also a keyword's word ("Descarregue Atrasar", on the card Atrasar)
    own: frozenset[str] = frozenset()


# a reading of a word kept across paragraphs (SentenceLexer._readings): its rank, terminal, spelling, where its
# first token ends and its later parts, offsets relative to the word
_Template = tuple[int, str, str, int, tuple[tuple[str, int, int], ...]]


@dataclass(frozen=True)
class _WordInfo:
    """What a word as written can be, whatever its paragraph (kept across paragraphs: see SentenceLexer)."""

    terms: tuple[str, ...]              # its terminals (SentenceLexer._word_terminals)
    possible: frozenset[str]            # every terminal the lookahead may read it as (SentenceLexer._possible)
    contextual: bool                    # its readings depend on the words around it ("que", "e", "como", "mesmo")
    pronoun: bool                       # its pronoun reading depends on the next word (_pronoun_misread)
    gerund: bool
    adverb: bool
    participle: bool
    proclitic: bool
    joiner: str | None                  # CLAUSE_AND / CLAUSE_OR for "e" / "ou" / "nem"
    # a contraction ("no" -> "em o"): its first part, the first part's terminals (never DET or PRON), the offset of
    # the cut, the second part
    contraction: tuple[str, tuple[str, ...], int, str] | None
    # a verb with a clitic ("coloque-o", "colocá-lo" -> "colocar -o"): the verb, the offset of the cut, the clitic
    # part, the verb's terminals
    clitic: tuple[str, int, str, tuple[str, ...]] | None
    # the first reading may take a lead's left-out comma before it (SentenceLexer._first_gap): it opens with a
    # subject pronoun or is an imperative; when not, no comma is left out before it
    gap: bool = True
    # its readings per parser state (id of the state's actions), where they depend on the word and the state alone
    by_state: dict[int, tuple[_Template, ...]] = field(default_factory=dict, compare=False, repr=False)


_DECLARED = frozenset({"NAME", "VFIN", "VINF", "VPART", "VGER", "AUX", "NOUN", "ADJ", "DET", "REL", "NUMWORD",
                       "PREP", "PRON", "ADV", "PREADV", "AUX_NF", "CLITIC", "CLAUSE_COMMA", "CLAUSE_AND",
                       "CLAUSE_OR", "QUE_COMP", "PROCLITIC", "GER_ADV",
                       "CLAUSE_DASH", "CLAUSE_GAP", "PART_ADV", "MID_ADV", "ASIDE_OPEN", "ASIDE_CLOSE"})


class SentenceLexer(Lexer):
    """Context-aware word lexer (see module docstring). Terminals come from the grammar.

    When a piece of text can be read in more than one acceptable way (a literal or a word class,
    a determiner or a pronoun, a name or a word), the readings are tried in preference order and
    the first one after which the parser can also accept the *next* piece of text is taken: a
    one-token lookahead on top of the LALR(1) parser, probed on its tables without touching its state stack.
    Where several readings pass, a speculative parse to the end of the sentence decides, and the real parse then
    replays the speculation's tokens (``replay``). What a word can be is kept across paragraphs (``forget``
    drops it); what depends on its position is kept per paragraph (docs/performance.md, "The bare parse, faster").
    """

    __future_interface__ = 2   # Lark: lex(lexer_state, parser_state), input passed through untouched
    # the real parse takes the tokens of a successful speculation as they are (see _scripted); off, it reads the
    # text again and follows the speculation's choices by state stack (the reference the tests compare with)
    replay = True

    def __init__(self, lexer_conf: Any) -> None:
        self.words: dict[str, str] = {}      # folded word -> terminal name
        self.spelling: dict[str, str] = {}   # terminal name of a word literal -> its lower-case spelling
        self.puncts: dict[str, str] = {}     # punctuation literal -> terminal name
        self.regexes: list[tuple[str, re.Pattern[str]]] = []
        for t in lexer_conf.terminals:
            if isinstance(t.pattern, PatternStr):
                value = fold_text(t.pattern.value)
                if _WORD.fullmatch(value) or (value.startswith("-") and len(value) > 1):
                    self.words[value] = t.name
                    self.spelling[t.name] = t.pattern.value.lower()
                else:
                    self.puncts[value] = t.name
            elif t.name not in _DECLARED:
                self.regexes.append((t.name, re.compile(t.pattern.to_regexp())))
        self.any_regex = _any_of([rx for _, rx in self.regexes])
        self.max_punct = max((len(p) for p in self.puncts), default=1)
        self.punct_starts = frozenset(p[:1] for p in self.puncts)
        self._word_puncts = any(c.isalnum() for c in self.punct_starts)    # some punctuation opens like a word
        self._leads: frozenset[str] = frozenset()    # per paragraph: NameRegistry.lead_words()
        self.declared = {t.name for t in lexer_conf.terminals} | {CLITIC}
        # per paragraph (reset by lex): memoised look-ups by position, and the choices of the last
        # successful speculative parse, reused while the real parse follows the same path
        self._memo: dict[tuple[Any, ...], Any] = {}
        self._readings_at: dict[tuple[int, int], list[tuple[int, int, list[Token], list[tuple[str, int, int]]]]] = {}
        self._known_at: dict[int, int] = {}
        self._first_gap_at: dict[int, bool] = {}
        self._plan: dict[tuple[int, tuple[Any, ...]], Any] = {}
        self._planned_at: set[int] = set()   # the positions the plan holds a choice for
        # the first reading's plan: every choice of the last successful speculation in order, each with the
        # depth and top of the state stack it was made at; _step is the next one to take
        self._script: list[tuple[int, int, int, Any]] = []
        self._step = 0
        # the parser state a speculation feeds (see _feed_sentence), and where the parse goes on after a successful
        # one: the position, the split word's parts still to type, the last token fed
        self._fed: Any = None
        self._resume: tuple[int, list[tuple[str, int, int]], Token] | None = None
        # kept across paragraphs (forget() drops them): what depends on a word alone
        self._terminals: dict[tuple[str, str], tuple[str, ...]] = {}
        self._infos: dict[str, _WordInfo] = {}

    def forget(self) -> None:
        """Drop what is kept across paragraphs."""
        self._terminals = {}
        self._infos = {}

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        inp = lexer_state.text
        assert isinstance(inp, LexInput)
        text = inp.text
        pos = 0
        n = len(text)
        pending: list[tuple[str, int, int]] = []   # later parts of a split word, typed when reached
        self._memo = {}
        self._readings_at = {}
        self._known_at = {}
        self._first_gap_at = {}
        self._plan = {}
        self._planned_at = set()
        self._script = []
        self._step = 0
        self._resume = None
        self._leads = inp.names.lead_words()
        stack = parser_state.state_stack
        conf = parser_state.parse_conf
        # the parser's own stacks and table, when its state offers them (lalr_run.FedState): a successful
        # speculation of the first reading is then fed to the parser as it goes (_feed_sentence)
        self._fed = parser_state if self.replay and not inp.thorough \
            and getattr(parser_state, "actions", None) is not None else None
        fed_last: Token | None = None       # the last token fed by a speculation, when nothing was yielded after it
        while True:
            if pending:
                part, start, end = pending.pop(0)
                scripted = self._scripted(-1 - start, stack) if self._script else None
                if scripted is not None:
                    yield scripted
                    continue
                accepts = conf.states[stack[-1]]
                planned = self._planned(-1 - start, stack) if self._planned_at else None
                if planned is None:
                    planned = self._pending_token(inp, conf, stack, part, start, end, accepts, deep=True)
                    if self._resume is not None:       # fed up to the sentence's end: go on from there
                        pos, more, fed_last = self._resume
                        self._resume = None
                        pending.extend(more)
                        continue
                fed_last = None
                yield planned
                continue
            m = _SPACE.match(text, pos)
            if m:
                pos = m.end()
            if pos >= n:
                if fed_last is not None:
                    parser_state.last = fed_last
                return
            scripted = self._scripted(pos, stack) if self._script else None
            if scripted is not None:
                tokens, rest = scripted
            else:
                accepts = conf.states[stack[-1]]
                candidates = self._next(inp, pos, accepts)
                planned = self._planned(pos, stack) if self._planned_at else None
                if planned is not None:
                    tokens, rest = planned
                elif len(candidates) == 1:           # what _choose takes of a lone reading
                    tokens, rest = candidates[0][2], candidates[0][3]
                elif candidates:
                    tokens, rest = self._choose(inp, conf, stack, candidates, deep=True)
                    if self._resume is not None:       # fed up to the sentence's end: go on from there
                        pos, rest, fed_last = self._resume
                        self._resume = None
                        pending.extend(rest)
                        continue
                else:
                    tokens, rest = self._fallback(inp, pos, _WORD.match(inp.folded, pos)), []
            fed_last = None
            last = tokens[-1]
            if last.type != CLAUSE_GAP:          # a gap takes no room: the next token starts here
                end = (rest[-1][2] if rest else last.end_pos) or pos + 1
                pos = end if end > pos else pos + 1
            if rest:
                pending.extend(rest)
            yield from tokens
            # a name that ends in an abbreviation's period also ends the sentence when nothing follows it
            if last.type == NAME and str(last).endswith(".") and self._sentence_ends_after(text, pos):
                yield _tok(self.puncts.get(".", "DOT"), ".", pos - 1, pos - 1)

    def _scripted(self, key: int, stack: list[Any]) -> Any:
        """The choice the last successful speculative parse of the first reading made at ``key`` (a position; a
        split word's later part at -1 - its start), when the parse reaches it as the speculation did (the
        speculation follows the LALR tables exactly, so it does; the check is a guard). The real parse then
        takes the speculated tokens one after the other without reading the text again."""
        script = self._script
        step = self._step
        if step >= len(script):
            return None
        at, depth, top, choice = script[step]
        if at != key or depth != len(stack) or top != stack[-1]:
            self._script = []
            return None
        self._step = step + 1
        return choice

    def _planned(self, key: int, stack: list[Any]) -> Any:
        """The choice the last successful speculative parse made at ``key`` (a position; a split word's
        later part at -1 - its start), if the parse has reached it with the same state stack."""
        if key not in self._planned_at:
            return None
        return self._plan.get((key, tuple(stack)))

    @staticmethod
    def _sentence_ends_after(text: str, pos: int) -> bool:
        m = _SPACE.match(text, pos)
        at = m.end() if m else pos
        return at >= len(text) or text[at].isupper() or text[at] in "({"

    def _word_terminals(self, word: str, original: str = "") -> tuple[str, ...]:
        """Terminals a whole word can be: a grammar literal first, then its lexicon classes.

        Matching ignores accents, but when the word as written matches some reading exactly
        ("é" the verb, "e" the conjunction; "está" / "esta"), only the exact readings are kept.
        Kept across paragraphs: they depend on the word alone.
        """
        key = (word, original.lower())
        found = self._terminals.get(key)
        if found is None:
            found = self._terminals[key] = self._word_terminals_of(word, key[1])
        return found

    def _word_terminals_of(self, word: str, low: str) -> tuple[str, ...]:
        if word.startswith("-"):
            return (CLITIC,)
        if low in ("à", "às"):
            return ()                            # a crasis is always a contraction: read as its parts
        readings: list[tuple[str, str]] = []     # (terminal, spelling)
        lit = self.words.get(word)
        if lit is not None:
            readings.append((lit, self.spelling.get(lit, word)))
        for entry in lookup(word):
            term = word_class_terminal(entry)
            readings.append((term, entry.spelling.lower()))
            if term == "VINF":
                readings.append(("VFIN", entry.spelling.lower()))   # future subjunctive: "quando ... entrar"
        if low and any(sp == low for _, sp in readings):
            readings = [r for r in readings if r[1] == low]
        out: list[str] = []
        for term, _ in readings:
            if term not in out:
                out.append(term)
        return tuple(out)

    def _info(self, word: str, original: str) -> _WordInfo:
        """What the folded ``word``, written ``original``, can be (kept across paragraphs, by ``original``: the
        folded word is its folding, character by character)."""
        found = self._infos.get(original)
        if found is None:
            found = self._infos[original] = self._word_info(word, original)
        return found

    def _word_info(self, word: str, original: str) -> _WordInfo:
        terms = self._word_terminals(word, original)
        possible = set(terms)
        if word in ("e", "ou", "nem"):
            possible.update((CLAUSE_AND, CLAUSE_OR))
        parts = FOLDED_CONTRACTIONS.get(word) or CONTRACTIONS.get(original.lower())
        if parts:      # a contraction's first part is the preposition (see _split_word)
            possible.update(t for t in self._word_terminals(parts[0]) if t not in ("DET", "PRON"))
        if "-" in word:
            stem, _, clitic = word.rpartition("-")
            if clitic in CLITICS:
                possible.update(self._word_terminals(stem))
                if clitic.startswith("l") and stem and stem[-1] in _INFINITIVE_STEM:
                    possible.update(self._word_terminals(stem[:-1] + _INFINITIVE_STEM[stem[-1]]))
        contraction = None
        parts = FOLDED_CONTRACTIONS.get(word)
        if original[:1] in ("à", "À"):
            parts = CONTRACTIONS.get(original.lower())
        if parts and self._word_terminals(parts[1]):
            firsts = tuple(t for t in self._word_terminals(parts[0]) if t not in ("DET", "PRON"))
            contraction = (parts[0], firsts, 1 if len(word) > 1 else 0, parts[1])
        with_clitic = None
        if "-" in word:
            stem, _, clitic = word.rpartition("-")
            if clitic in CLITICS:
                verb = stem
                if clitic.startswith("l") and stem and stem[-1] in _INFINITIVE_STEM:
                    verb = stem[:-1] + _INFINITIVE_STEM[stem[-1]]
                    clitic = clitic[1:]
                with_clitic = (verb, len(stem), "-" + clitic, self._word_terminals(verb))
        contextual = word in _CLAUSE_LITERALS or word in ("mesmo", "que", "e", "ou", "nem")
        gap = word.startswith(_SUBJECT_PRONOUN_STARTS) or _imperative_word(word)
        return _WordInfo(terms, frozenset(possible), contextual, word in _PRONOUN_WORDS, word in _GERUNDS,
                         word in _ADVERBS, word in _PARTICIPLES, word in _PROCLITICS,
                         {"e": CLAUSE_AND, "ou": CLAUSE_OR, "nem": CLAUSE_OR}.get(word),
                         contraction, with_clitic, gap)

    def _next(self, inp: LexInput, pos: int,
              accepts: dict[str, Any]) -> list[tuple[int, int, list[Token], list[tuple[str, int, int]]]]:
        """Every acceptable reading at ``pos``, most preferred first (longest, then by kind)."""
        key = (pos, id(accepts))
        found = self._readings_at.get(key)
        if found is None:
            found = self._readings_at[key] = self._readings(inp, pos, accepts)
        return found

    def _readings(self, inp: LexInput, pos: int,
                  accepts: dict[str, Any]) -> list[tuple[int, int, list[Token], list[tuple[str, int, int]]]]:
        text, folded = inp.text, inp.folded
        word_m = _WORD.match(folded, pos)          # _match_word, inlined
        word = ""
        plain = False              # the word is the whole _WORD at pos (not a quantity's first part)
        if word_m is not None:
            word = word_m.group(0)
            plain = True
            if "-" in word and _QUANTITY_WORD.fullmatch(word):
                word_m = _QUANTITY_PART.match(folded, pos)
                word = word_m.group(0)     # type: ignore[union-attr]
                plain = False
        candidates: list[tuple[int, int, list[Token], list[tuple[str, int, int]]]] = []
        lexicon_word = False
        gap_first = False
        info: _WordInfo | None = None
        if word_m:
            end = word_m.end()
            value = text[pos:end]
            info = self._infos.get(value)
            if info is None:
                info = self._info(word, value)
            terms = info.terms
            lexicon_word = bool(terms)
            if not info.contextual and not (info.participle and PART_ADV in accepts) \
                    and not (info.pronoun and "PRON" in accepts):
                # what the word can be here depends on the word and the parser's state alone: kept across
                # paragraphs, offsets relative to the word
                readings = info.by_state.get(id(accepts))
                if readings is None:
                    readings = info.by_state[id(accepts)] = tuple(
                        (c[1], c[2][0].type, str(c[2][0]), (c[2][0].end_pos or 0) - pos,
                         tuple((part, a - pos, b - pos) for part, a, b in c[3]))
                        for c in self._word_readings_at(inp, pos, end, value, word, info, terms, accepts))
                width = end - pos
                for rank, term, spelling, cut, rest in readings:
                    token: Any = _str_new(Token, spelling)      # _tok(term, spelling, pos, pos + cut), inlined
                    token.type = term
                    token.start_pos = pos
                    token.value = spelling
                    token.line = 1
                    token.column = pos + 1
                    token.end_line = 1
                    token.end_column = pos + cut + 1
                    token.end_pos = pos + cut
                    candidates.append((width, rank, [token],
                                       [(part, pos + a, pos + b) for part, a, b in rest] if rest else []))
            else:
                candidates.extend(self._word_readings_at(inp, pos, end, value, word, info, terms, accepts))
        if NAME in accepts:
            if plain and word not in self._leads:
                length = 0                 # no known name starts with this word (NameRegistry.lead_word_may_start)
            else:
                length = self._known(inp, pos)
            if not length and not (word_m and lexicon_word):
                length = match_name_shape(text, pos)
            if length:
                lengths = [length]
                after = text[pos + length:pos + length + 2]
                if text[pos + length - 1] not in ".!?" and after[:1] == " " and after[1:].isupper():
                    following = _match_word(folded, pos + length + 1)
                    if not (following and lookup(following.group(0))):
                        # two names side by side, nothing between them, are one longer name ("Robert" and "Bruce
                        # Banner" known, "Robert Bruce Banner" printed): the whole run is tried first (language.md,
                        # open names); not after a name's final period, where the next sentence may start
                        # ("H.I.D.R.A. Se ..."), nor before a word of the lexicon (a sentence whose period is
                        # missing: "... Demolição Compre um card")
                        longer = match_name_shape(text, pos)
                        if longer > length:
                            lengths.insert(0, longer)
                for n in lengths:
                    own = fold_text(text[pos:pos + n]).rstrip("!") in inp.own
                    candidates.append((n, 36 if own else 10, [_tok(NAME, text[pos:pos + n], pos, pos + n)], []))
        if self.any_regex is None or self.any_regex.match(folded, pos) is not None:
            for name, rend in self._regexes_at(inp, pos):
                if name in accepts:
                    candidates.append((rend - pos, 35, [_tok(name, text[pos:rend], pos, rend)], []))
        # punctuation, a comma or a dash: never where a word starts (no punctuation literal starts with a letter or
        # a digit, else _word_puncts)
        first = "" if word_m is not None and not self._word_puncts else folded[pos:pos + 1]
        if first == ",":
            if CLAUSE_COMMA in accepts:
                rank = 50 if self._clause_follows(inp, pos + 1) else 20
                candidates.append((1, rank, [_tok(CLAUSE_COMMA, ",", pos, pos + 1)], []))
            if ASIDE_CLOSE in accepts:
                candidates.append((1, 45, [_tok(ASIDE_CLOSE, ",", pos, pos + 1)], []))
            if ASIDE_OPEN in accepts and self._aside_follows(inp, pos):
                candidates.append((1, 5, [_tok(ASIDE_OPEN, ",", pos, pos + 1)], []))
        elif first == "-" and folded.startswith("- ", pos) and CLAUSE_DASH in accepts \
                and folded[pos - 1:pos] == " " and self._clause_follows(inp, pos + 1):
            candidates.append((1, 50, [_tok(CLAUSE_DASH, "-", pos, pos + 1)], []))
        # the first reading takes a left-out comma only before a word that may open a subject pronoun or be an
        # imperative (_WordInfo.gap; _first_gap), never before anything but a word
        if CLAUSE_GAP in accepts and (inp.thorough or (info is not None and (info.gap or not plain))) \
                and self._gap_before(inp, pos):
            # a lead's comma left out before the subject of the main clause ("Se o alvo sair de cena neste
            # turno você pode ..."): a token of no width, right after the previous word; the last resort
            gap = len(text[:pos].rstrip())
            candidates.append((0, 0, [_tok(CLAUSE_GAP, "", gap, gap)], []))
            gap_first = inp.thorough and _imperative_at(inp, pos)
        if first and first in self.punct_starts:
            for k in range(self.max_punct, 0, -1):
                p = folded[pos:pos + k]
                if p in self.puncts and self.puncts[p] in accepts:
                    candidates.append((k, 30, [_tok(self.puncts[p], text[pos:pos + k], pos, pos + k)], []))
                    break
        if len(candidates) > 1:
            candidates.sort(key=_preference, reverse=True)
        if gap_first:
            # before an imperative a left-out comma is the likely reading ("... entrar em cena escolha um
            # personagem": not the noun "escolha"): the thorough reading tries it first
            candidates.insert(0, candidates.pop())
        return candidates

    def _word_readings_at(self, inp: LexInput, pos: int, end: int, value: str, word: str, info: _WordInfo,
                          terms: tuple[str, ...], accepts: dict[str, Any],
                          ) -> list[tuple[int, int, list[Token], list[tuple[str, int, int]]]]:
        """The readings of the word at ``pos`` (``value`` as written, ``word`` folded) as a word of the lexicon or
        of the grammar, a contraction or a verb with its clitic."""
        folded = inp.folded
        candidates: list[tuple[int, int, list[Token], list[tuple[str, int, int]]]] = []
        if word in _CLAUSE_LITERALS and self.words.get(word) in accepts and not self._clause_follows(inp, end):
            terms = tuple(t for t in terms if t != self.words[word])
        if word == "mesmo" and self.words.get(word) in accepts and _WORD_QUE.match(folded, end):
            terms = (self.words[word],)     # "mesmo que" + clause: concessive, not "neste turno mesmo"
        rank = 30
        width = end - pos
        for term in terms:
            if term in accepts:
                if term == "PRON" and word in _PRONOUN_WORDS and rank < 30 \
                        and self._pronoun_misread(inp, _tok(term, value, pos, end)):
                    continue      # "este personagem": no pronoun reading to weigh (see _choose)
                candidates.append((width, rank, [_tok(term, value, pos, end)], []))
                rank -= 1
        if word == "que" and QUE_COMP in accepts:
            # a bare noun phrase up to punctuation: a comparison; a noun phrase and more (usually a
            # relative clause's subject and verb): a comparison only if the relative reading fails
            comparative = self._comparative_follows(inp, end)
            if comparative is not None:
                candidates.append((width, 50 if comparative else 5, [_tok(QUE_COMP, value, pos, end)], []))
        if info.gerund and GER_ADV in accepts:
            candidates.append((width, 16, [_tok(GER_ADV, value, pos, end)], []))
        if info.adverb and MID_ADV in accepts:
            candidates.append((width, 12, [_tok(MID_ADV, value, pos, end)], []))
        if info.participle and PART_ADV in accepts and _after_verb(inp, pos):
            # a participle heading an adverbial phrase; right after a noun it is the noun's ("o personagem
            # escolhido"), so only after a verb: "que este personagem estiver carregando multiplicado por 2"
            candidates.append((width, 14, [_tok(PART_ADV, value, pos, end)], []))
        if info.proclitic and PROCLITIC in accepts:      # a clitic before its verb: "e o coloque"
            candidates.append((width, 15, [_tok(PROCLITIC, value, pos, end)], []))
        joiner = info.joiner
        if joiner and joiner in accepts:
            rank = 50 if self._clause_follows(inp, end) else 20
            candidates.append((width, rank, [_tok(joiner, value, pos, end)], []))
        if info.contraction is not None or info.clitic is not None:
            for k, split in enumerate(self._split_word(info, pos, end, accepts)):
                candidates.append((width, 40 - k, [split[0]], split[1]))
        return candidates

    def _pending_token(self, inp: LexInput, conf: Any, stack: list[Any], part: str, start: int, end: int,
                       accepts: dict[str, Any], deep: bool) -> Token:
        """The token of the later part of a split word ("o" of "ao"): when it can be read several ways
        ("igual ao de um personagem": the article standing for a noun), chosen like a whole word."""
        terms = [t for t in self._word_terminals(part) if t in accepts]
        if not terms:
            return _tok((self._word_terminals(part) or [UNKNOWN])[0], part, start, end)
        if len(terms) == 1:
            return _tok(terms[0], part, start, end)
        cands: list[tuple[int, int, list[Token], list[tuple[str, int, int]]]] = [
            (end - start, 30 - k, [_tok(t, part, start, end)], []) for k, t in enumerate(terms)]
        return self._choose(inp, conf, stack, cands, deep)[0][0]

    def _choose(self, inp: LexInput, conf: Any, stack: list[Any],
                candidates: list[tuple[int, int, list[Token], list[tuple[str, int, int]]]],
                deep: bool) -> tuple[list[Token], list[tuple[str, int, int]]]:
        """The reading to take: the first after which the parser accepts what follows; with ``deep``,
        when several pass, the first with which the rest of the sentence also parses."""
        if len(candidates) == 1:
            return candidates[0][2], candidates[0][3]
        viable = self._viable(inp, conf, stack, candidates, only_first=not deep)
        if not deep and viable:
            # the first reading that passes is the one taken, the readings after it are not weighed: the filter
            # below drops a lead's left-out comma only, which ranks last; when it comes first (only the thorough
            # reading tries it first, and does not filter), every reading is weighed
            if inp.thorough or viable[0][0][0].type != CLAUSE_GAP:
                return viable[0][0], viable[0][1]
            viable = self._viable(inp, conf, stack, candidates)
        if not viable:
            # nothing fits what follows (an error further on): a reading the parser can at least take
            # (LALR states list lookaheads that fail once reduced), so the error is reported after it
            taken = [c for c in candidates if _probe(conf, stack, len(stack), (), c[2][0].type) is not None] \
                or candidates
            return taken[0][2], taken[0][3]
        if not inp.thorough and len(viable) > 1 and any(v[0][0].type != CLAUSE_GAP for v in viable):
            # a lead's left-out comma before a subject only where nothing else fits the next word ("neste turno
            # você pode"); the thorough second reading of a sentence that failed also tries it before a
            # determiner ("neste turno este personagem ganha ..."). Before an imperative it stays.
            viable = [v for v in viable if v[0][0].type != CLAUSE_GAP
                      or _imperative_at(inp, _skip_space(inp, v[0][0].end_pos or 0))]
        if deep and len(viable) > 1:
            furthest = (-1, viable[0])
            fed = self._fed
            for reading in viable:
                tokens, rest, after_stack = reading
                if fed is not None and not self._period_after(inp, tokens, rest):
                    if self._feed_sentence(inp, conf, fed, tokens, rest):
                        return tokens, rest
                    continue
                plan: dict[tuple[int, tuple[Any, ...]], Any] | None = None if self.replay else {}
                script: list[tuple[int, int, int, Any]] = []
                if inp.thorough:
                    plan = {}
                    parses, reached = self._sentence_parses_all(inp, conf, list(after_stack), tokens, rest, plan)
                else:
                    parses, reached = self._sentence_parses(inp, conf, list(after_stack), tokens, rest, script, plan)
                if parses:
                    if plan is None:
                        self._script = script
                        self._step = 0
                    else:
                        self._plan = plan
                        self._planned_at = {k[0] for k in plan}
                    return tokens, rest
                if reached > furthest[0]:
                    furthest = (reached, reading)
            if inp.thorough:
                # no reading parses (the sentence has an error further on): take the one that reads
                # furthest, so that the diagnostic points at the real fault (parser.parse_paragraph)
                return furthest[1][0], furthest[1][1]
        return viable[0][0], viable[0][1]

    def _viable(self, inp: LexInput, conf: Any, stack: list[Any],
                candidates: list[tuple[int, int, list[Token], list[tuple[str, int, int]]]], only_first: bool = False,
                ) -> list[tuple[list[Token], list[tuple[str, int, int]], list[Any]]]:
        """The readings after which the parser also accepts the next piece of text (a one-token lookahead),
        each with the state stack after it, in preference order; with ``only_first``, only the first of them, and
        without its stack (an empty list)."""
        viable: list[tuple[list[Token], list[tuple[str, int, int]], list[Any]]] = []
        rows = _rows(conf.states)
        end_state = getattr(conf, "end_state", None)
        here = rows[stack[-1]]
        for _, _, tokens, rest in candidates:
            first = tokens[0].type
            if first == "DET" and not rest and self._article_misread(inp, tokens[0]):
                continue
            if first == "PRON" and not rest and self._pronoun_misread(inp, tokens[0]):
                continue
            action = here.get(first)
            if action is None:
                continue
            if action[0]:                # a shift, the usual case, without the general probe
                depth, extra = len(stack), [action[1]]
            else:
                shifted = _probe_rows(rows, end_state, stack, len(stack), (), first)
                if shifted is None:
                    continue
                depth, extra = shifted
            after = rows[extra[-1] if extra else stack[depth - 1]]
            nxt: Collection[str]
            if rest:
                nxt = self._word_terminals(rest[0][0])
            else:
                possible = self._possible(inp, tokens[-1].end_pos or 0)
                if CLAUSE_GAP in after and self._gap_before(inp, _skip_space(inp, tokens[-1].end_pos or 0)):
                    possible = possible | {CLAUSE_GAP}      # a lead may end here without its comma
                nxt = possible
            # a true one-token lookahead: the next token must be shifted after the reductions it
            # calls for (LALR states merged by core can list lookaheads that fail once reduced)
            for t in nxt:
                step = after.get(t)
                if step is not None and (step[0] or _probe_rows(rows, end_state, stack, depth, extra, t) is not None):
                    if only_first:
                        return [(tokens, rest, [])]
                    viable.append((tokens, rest, stack[:depth] + extra))
                    break
        return viable

    def _sentence_parses(self, inp: LexInput, conf: Any, stack: list[Any], tokens: list[Token],
                         rest: list[tuple[str, int, int]],
                         script: list[tuple[int, int, int, Any]],
                         plan: dict[tuple[int, tuple[Any, ...]], Any] | None = None) -> tuple[bool, int]:
        """Speculative parse, on a copy of the state stack, from after ``tokens`` to the end of the
        sentence (its period) or of the paragraph; each later choice uses the one-token lookahead.
        Every choice goes into ``script`` in order (see :meth:`_scripted`): when the parse succeeds, the
        real parse takes the same tokens without reading the text again. Without ``replay``, the choices
        between several readings go into ``plan`` instead, by state stack (see :meth:`_planned`; the real parse
        then reads the text again and makes the same choices). Returns whether it parses and, when not, the
        offset it read up to."""
        text = inp.text
        dot = self.puncts.get(".", "DOT")
        if tokens[-1].type == dot:
            return True, -1
        pending = list(rest)
        pos = (rest[-1][2] if rest else tokens[-1].end_pos) or 0
        for _ in range(400):
            accepts = conf.states[stack[-1]]
            if pending:
                part = pending.pop(0)
                tok = self._pending_token(inp, conf, stack, *part, accepts, deep=False)
                script.append((-1 - part[1], len(stack), stack[-1], tok))
                if plan is not None:
                    plan[(-1 - part[1], tuple(stack))] = tok
                nxt = _shift(conf, stack, tok.type) if tok.type in accepts else None
                if nxt is None:
                    return False, part[1]
                stack = nxt
                continue
            m = _SPACE.match(text, pos)
            if m:
                pos = m.end()
            if pos >= len(text):
                return "$END" in accepts, pos
            cands = self._readings_at.get((pos, id(accepts)))      # self._next, its memo first
            if cands is None:
                cands = self._next(inp, pos, accepts)
            if not cands:
                return False, pos
            if len(cands) == 1:
                toks, rst = cands[0][2], cands[0][3]
            else:
                toks, rst = self._choose(inp, conf, stack, cands, deep=False)
                if plan is not None:
                    plan[(pos, tuple(stack))] = (toks, rst)
            script.append((pos, len(stack), stack[-1], (toks, rst)))
            nxt = _shift(conf, stack, toks[0].type)
            if nxt is None:
                return False, pos
            stack = nxt
            if toks[0].type != CLAUSE_GAP:
                end = (rst[-1][2] if rst else toks[-1].end_pos) or pos + 1
                pos = end if end > pos else pos + 1
            pending = list(rst)
            if toks[0].type == dot:
                return True, pos
            if toks[0].type == NAME and str(toks[0]).endswith(".") and self._sentence_ends_after(text, pos):
                return _shift(conf, stack, dot) is not None, pos
        return True, pos

    def _period_after(self, inp: LexInput, tokens: list[Token], rest: list[tuple[str, int, int]]) -> bool:
        """Does the real parse take a period after this reading (a name ending in an abbreviation's period that ends
        the sentence, see :meth:`lex`)? The speculation from it does not: such a reading is weighed by
        :meth:`_sentence_parses` on a copy of the stack, as before, and the real parse then reads on."""
        last = tokens[-1]
        return last.type == NAME and str(last).endswith(".") \
            and self._sentence_ends_after(inp.text, (rest[-1][2] if rest else last.end_pos) or 0)

    def _feed_sentence(self, inp: LexInput, conf: Any, fed: Any, tokens: list[Token],
                       rest: list[tuple[str, int, int]]) -> bool:
        """:meth:`_sentence_parses` fed to the parser itself (``fed``: a ``lalr_run.FedState``): ``tokens`` and what
        follows them to the end of the sentence go to its stacks, trees built, as the real parse would take them.
        When the sentence parses, ``_resume`` says where the real parse goes on (and nothing is read twice); when
        not, the stacks are rolled back to what they were, and the trees on them too: a reduction that inlines a
        subtree (a ``_rule``) extends that subtree's children list in place (Lark's tree builder reuses it), so
        each list is cut back to its length at the checkpoint (nothing else of a tree on the stack changes)."""
        states, values = fed.state_stack, fed.value_stack
        saved_states, saved_values = states[:], values[:]
        lengths = [(v.children, len(v.children)) for v in values if v.__class__ is Tree]
        found = self._sentence_feeds(inp, conf, fed.actions, states, values, tokens, rest)
        if found is not None:
            self._resume = found
            return True
        states[:] = saved_states
        values[:] = saved_values
        for children, length in lengths:
            del children[length:]
        return False

    def _sentence_feeds(self, inp: LexInput, conf: Any, actions: Any, stack: list[Any], values: list[Any],
                        tokens: list[Token], rest: list[tuple[str, int, int]],
                        ) -> tuple[int, list[tuple[str, int, int]], Token] | None:
        """The loop of :meth:`_sentence_parses`, each token fed (``lalr_run.feed``) where that one shifts it on its
        simulation of the tables: where the parse goes on (position, parts still to type, the last token fed) when
        the sentence parses, None when not. A name's final period that ends the sentence is fed as the real parse
        yields it (see :meth:`lex`)."""
        text = inp.text
        dot = self.puncts.get(".", "DOT")
        last = tokens[-1]
        for tok in tokens:
            if not feed(actions, stack, values, tok):
                return None
        pos = (rest[-1][2] if rest else last.end_pos) or 0
        if last.type == dot:
            return pos, list(rest), last
        pending = list(rest)
        table, readings_at, n = conf.states, self._readings_at, len(text)
        for _ in range(400):
            accepts = table[stack[-1]]
            if pending:
                part = pending.pop(0)
                tok = self._pending_token(inp, conf, stack, *part, accepts, deep=False)
                if tok.type not in accepts or not feed(actions, stack, values, tok):
                    return None
                last = tok
                continue
            m = _SPACE.match(text, pos)
            if m:
                pos = m.end()
            if pos >= n:
                return (pos, pending, last) if "$END" in accepts else None
            cands = readings_at.get((pos, id(accepts)))      # self._next, its memo first
            if cands is None:
                cands = self._next(inp, pos, accepts)
            if not cands:
                return None
            if len(cands) == 1:
                toks, rst = cands[0][2], cands[0][3]
            else:
                toks, rst = self._choose(inp, conf, stack, cands, deep=False)
            for tok in toks:
                if not feed(actions, stack, values, tok):
                    return None
            last = toks[-1]
            if last.type != CLAUSE_GAP:
                end = (rst[-1][2] if rst else last.end_pos) or pos + 1
                pos = end if end > pos else pos + 1
            if rst:
                pending = list(rst)
            if toks[0].type == dot:
                return pos, pending, last
            if last.type == NAME and str(last).endswith(".") and self._sentence_ends_after(text, pos):
                period = _tok(dot, ".", pos - 1, pos - 1)
                return (pos, pending, period) if feed(actions, stack, values, period) else None
        return pos, pending, last

    def _sentence_parses_all(self, inp: LexInput, conf: Any, stack: list[Any], tokens: list[Token],
                             rest: list[tuple[str, int, int]],
                             plan: dict[tuple[int, tuple[Any, ...]], Any]) -> tuple[bool, int]:
        """The thorough reading's speculative parse (see :meth:`_sentence_parses`): every later choice
        between readings is explored, depth first, up to a budget; configurations (position, state stack,
        pending parts) already found to lead nowhere in this paragraph are not explored again."""
        text = inp.text
        dot = self.puncts.get(".", "DOT")
        if tokens[-1].type == dot:
            return True, -1
        start = (rest[-1][2] if rest else tokens[-1].end_pos) or 0
        # configurations found to lead nowhere, and how far they read
        dead: dict[tuple[Any, ...], int] = self._memo.setdefault(("dead",), {})
        frames: list[tuple[list[Any], int, list[tuple[str, int, int]], dict[tuple[int, tuple[Any, ...]], Any]]] = [
            (stack, start, list(rest), {})]
        furthest = start
        steps = 0
        while frames:
            stack, pos, pending, local = frames.pop()
            seen: list[tuple[Any, ...]] = []
            result: bool | None = None
            reach = pos                # how far this path reads
            while result is None:
                steps += 1
                if steps > _THOROUGH_BUDGET:
                    dead.clear()       # paths left unexplored: what was found dead may not be
                    return False, furthest
                key = (pos, tuple(stack), tuple(pending))
                if key in dead:
                    reach = max(reach, dead[key])
                    result = False
                    break
                seen.append(key)
                accepts = conf.states[stack[-1]]
                if pending:
                    part = pending[0]
                    before = tuple(stack)
                    options = [(t, a) for t in self._word_terminals(part[0]) if t in accepts
                               for a in [_shift(conf, list(stack), t)] if a is not None]
                    if not options:
                        result = False
                        break
                    for t, after in reversed(options[1:]):
                        frames.append((after, pos, pending[1:], {**local, (-1 - part[1], before): _tok(t, *part)}))
                    local[(-1 - part[1], before)] = _tok(options[0][0], *part)
                    stack, pending = options[0][1], pending[1:]
                    continue
                m = _SPACE.match(text, pos)
                if m:
                    pos = m.end()
                reach = max(reach, pos)
                if pos >= len(text):
                    result = "$END" in accepts
                    break
                cands = self._next(inp, pos, accepts)
                before = tuple(stack)
                if len(cands) > 1:
                    viable = self._viable(inp, conf, stack, cands)
                else:
                    viable = [(c[2], c[3], a) for c in cands for a in [_shift(conf, list(stack), c[2][0].type)]
                              if a is not None]
                if not viable:
                    result = False
                    break
                for toks, rst, after in reversed(viable[1:]):
                    frames.append((after, _after_reading(pos, toks, rst), list(rst),
                                   {**local, (pos, before): (toks, rst)}))
                toks, rst, stack = viable[0]
                if len(cands) > 1:
                    local[(pos, before)] = (toks, rst)
                pos, pending = _after_reading(pos, toks, rst), list(rst)
                reach = max(reach, pos)
                if toks[0].type == dot:
                    result = True
                elif toks[0].type == NAME and str(toks[0]).endswith(".") and self._sentence_ends_after(text, pos):
                    result = _shift(conf, list(stack), dot) is not None
            if result:
                plan.update(local)
                return True, pos
            furthest = max(furthest, reach)
            for key in seen:           # every configuration on this path leads nowhere
                dead[key] = max(dead.get(key, 0), reach)
        return False, furthest

    @staticmethod
    def _article_misread(inp: LexInput, tok: Token) -> bool:
        """An article ("o", "a"...) is never followed by another article, an indefinite or a
        demonstrative: in "dano a um personagem" the "a" is the preposition. "Toda vez que" / "cada vez que" opens a
        trigger (5.2), never a noun phrase "toda vez" with a relative clause."""
        word = inp.folded[tok.start_pos or 0:tok.end_pos]
        if word in ("toda", "cada") and _WORD.findall(inp.folded, tok.end_pos or 0, (tok.end_pos or 0) + 12)[:2] \
                == ["vez", "que"]:
            return True
        if not any(w.cls == "DET" and w.lemma == "o" for w in lookup(inp.folded[tok.start_pos or 0:tok.end_pos])):
            return False
        words = _WORD.findall(inp.folded, tok.end_pos or 0, (tok.end_pos or 0) + 20)
        return bool(words) and any(w.cls == "DET" and w.lemma in _NOT_AFTER_ARTICLE for w in lookup(words[0]))

    @staticmethod
    def _pronoun_misread(inp: LexInput, tok: Token) -> bool:
        """An article is a pronoun ("o de um personagem", "as que ele usou") only before "de" or "que", and so
        is "mesmo" ("o mesmo de X"); a demonstrative is one ("se esta foi a segunda vez") only when no noun,
        adjective, number, icon or name follows it."""
        word = inp.folded[tok.start_pos or 0:tok.end_pos]
        end = tok.end_pos or 0
        if word in _ARTICLES or word in _SAME:
            words = _WORD.findall(inp.folded, end, end + 20)
            return not words or not (words[0] == "que" or FOLDED_CONTRACTIONS.get(words[0], ("",))[0] == "de"
                                     or words[0] == "de")
        if word in _DEMONSTRATIVES:
            m = _SPACE.match(inp.folded, end)
            nxt = m.end() if m else end
            if inp.folded[nxt:nxt + 1] == "{":
                return True
            wm = _WORD.match(inp.folded, nxt)
            if wm is None:
                return False
            if wm.group(0).isdigit() or inp.text[nxt:nxt + 1].isupper():
                return True
            return any(w.cls in ("NOUN", "ADJ", "NUMWORD") for w in lookup(wm.group(0)))
        return False

    def _possible(self, inp: LexInput, pos: int) -> Set[str]:
        """Every terminal the text at ``pos`` could be read as (for the lookahead)."""
        key = ("possible", pos)
        found: Set[str] | None = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._possible_at(inp, pos)
        return found

    def _possible_at(self, inp: LexInput, pos: int) -> Set[str]:
        text, folded = inp.text, inp.folded
        m = _SPACE.match(text, pos)
        if m:
            pos = m.end()
        if pos >= len(text):
            return {"$END"}
        word_m = _match_word(folded, pos)
        words: Set[str] = frozenset()
        name = True                      # a known name may start here
        if word_m:
            value = text[pos:word_m.end()]
            info = self._infos.get(value)
            if info is None:
                info = self._info(word_m.group(0), value)
            words = info.possible
            name = word_m.re is not _WORD or word_m.group(0) in self._leads
        more: list[str] = []
        if (name and self._known(inp, pos)) or match_name_shape(text, pos):
            more.append(NAME)
        if self.any_regex is None or self.any_regex.match(folded, pos) is not None:
            more.extend(term for term, _ in self._regexes_at(inp, pos))
        first = "" if word_m is not None and not self._word_puncts else folded[pos]    # as in _readings
        if first == ",":
            more.append(CLAUSE_COMMA)
        elif first == "-" and folded.startswith("- ", pos):
            more.append(CLAUSE_DASH)
        if first and first in self.punct_starts:
            for k in range(self.max_punct, 0, -1):
                if folded[pos:pos + k] in self.puncts:
                    more.append(self.puncts[folded[pos:pos + k]])
        if not more:
            return words                 # what the word can be: kept with the word
        return words | set(more)

    def _known(self, inp: LexInput, pos: int) -> int:
        """The length of the longest known name at ``pos`` (per paragraph)."""
        found = self._known_at.get(pos)
        if found is None:
            found = self._known_at[pos] = inp.names.match_known(inp.folded, pos)
        return found

    def _regexes_at(self, inp: LexInput, pos: int) -> list[tuple[str, int]]:
        """The pattern terminals (icons, numbers, keywords...) that match at ``pos`` as whole words, with their
        ends (per paragraph: the readings and the lookahead both ask)."""
        folded = inp.folded
        if self.any_regex is not None and self.any_regex.match(folded, pos) is None:
            return []                            # none of them matches here (one match instead of each)
        key = ("regexes", pos)
        found: list[tuple[str, int]] | None = self._memo.get(key)
        if found is None:
            found = []
            for name, rx in self.regexes:
                rm = rx.match(folded, pos)
                if rm and rm.end() > pos and _ends_at_boundary(folded, rm.end()):
                    found.append((name, rm.end()))
            self._memo[key] = found
        return found

    def _clause_follows(self, inp: LexInput, pos: int) -> bool:
        key = ("clause", pos)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._clause_follows_at(inp, pos)
        return found

    def _clause_follows_at(self, inp: LexInput, pos: int) -> bool:
        """Does a new clause start after ``pos``?

        Yes when the next word is a verb (not a participle), "você", "então" or a word that opens a
        trigger or condition ("se", "quando", "enquanto", "caso", "toda vez", "sempre que"); or when a
        subject noun phrase (see :meth:`_skip_noun_phrase`) is followed by a finite verb, optionally
        after a pre-verbal adverb ("não", "também").
        """
        words = _words(inp, pos, 3)
        if not words:
            return False
        first = words[0]
        if first[1] in ("e", "ou", "nem") and len(words) > 1:
            return self._clause_follows(inp, first[3])
        if first[1] in _CLAUSE_OPENERS or (first[1] in ("toda", "sempre") and len(words) > 1
                                           and words[1][1] in ("vez", "que")):
            return True
        if _is_verb(first) or (_has_class(first, "PREADV") and len(words) > 1 and _is_verb(words[1])):
            return True
        end, seen = self._skip_noun_phrase(inp, pos)
        after = _words(inp, end, 2)
        if not seen or not after:
            return False
        return _is_verb(after[0]) or (_has_class(after[0], "PREADV") and len(after) > 1 and _is_verb(after[1]))

    def _gap_before(self, inp: LexInput, pos: int) -> bool:
        """May a lead end at ``pos`` without its comma? Before an imperative, and before a clause with an
        explicit subject; in the first reading only before a subject pronoun ("neste turno você pode"): before
        a determiner the determiner always fits as well, and the gap is left to the thorough second reading
        (see _choose)."""
        if not inp.thorough:
            return self._first_gap(inp, pos)
        key = ("gap", pos)
        found = self._memo.get(key)
        if found is None:
            # an imperative main clause ("Quando este cenário entrar em cena compre ..."), or a subject
            found = _imperative_at(inp, pos) or self._subject_clause_follows(inp, pos) \
                or self._clause_ahead(inp, pos)
            self._memo[key] = found
        return found

    def _first_gap(self, inp: LexInput, pos: int) -> bool:
        """May the first reading take a lead's left-out comma at ``pos``: before an imperative, or before a subject
        pronoun that a finite verb follows? Asked where the parser could take one, once per position (the same
        positions as :meth:`_first_gaps` finds in the whole paragraph)."""
        found = self._first_gap_at.get(pos)
        if found is None:
            folded = inp.folded
            found = self._first_gap_at[pos] = bool(
                (_SUBJECT_PRONOUN.match(folded, pos) and self._subject_clause_follows(inp, pos))
                or (_word_starts_at(folded, pos) and _imperative_at(inp, pos)))
        return found

    def _first_gaps(self, inp: LexInput) -> frozenset[int]:
        """Where the first reading may take a lead's left-out comma, in the whole paragraph (what :meth:`_first_gap`
        answers position by position; the tests compare them)."""
        found = self._memo.get(("first gaps",))
        if found is None:
            folded = inp.folded
            found = frozenset(
                [m.start() for m in _SUBJECT_PRONOUN.finditer(folded) if self._subject_clause_follows(inp, m.start())]
                + [m.start() for m in _WORD.finditer(folded)
                   if (m.group(0) in _IMPERATIVES or "-" in m.group(0)) and _imperative_at(inp, m.start())])
            self._memo[("first gaps",)] = found
        return found

    def _clause_ahead(self, inp: LexInput, pos: int) -> bool:
        """For the thorough reading: a subject's noun phrase may start at ``pos`` (a determiner, a subject
        pronoun, or a known name not in apposition to a noun: "a ação Flertar com a Morte" starts at "a"),
        and a verb comes before the next punctuation (the parse itself then judges)."""
        key = ("clause ahead", pos)
        found = self._memo.get(key)
        if found is None:
            words = _words(inp, pos, 24)
            previous = _previous_piece(inp, pos)
            after_det = previous is not None and _has_class(previous, "DET")
            if inp.text[pos:pos + 1].isupper() and inp.names.match_known(inp.folded, pos):
                # a name, unless it names what the word before it does ("a ação X", "cards de habilidade X",
                # "ações chamadas X") or completes a copula ("cujas afiliações não sejam X")
                opens = previous is None or not (_has_class(previous, "NOUN") or _is_predicating(previous))
            else:
                opens = bool(words) and (words[0][1] in _SUBJECT_PRONOUNS or _has_class(words[0], "DET"))
            found = bool(words) and words[0][2] == pos and not after_det and opens \
                and (_has_class(words[0], "DET") or not _has_class(words[0], "PREP")) \
                and words[0][1] not in FOLDED_CONTRACTIONS and any(_is_verb(w) for w in words[1:])
            self._memo[key] = found
        return found

    def _subject_clause_follows(self, inp: LexInput, pos: int) -> bool:
        key = ("subject clause", pos)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._subject_clause_follows_at(inp, pos)
        return found

    def _subject_clause_follows_at(self, inp: LexInput, pos: int) -> bool:
        """Does a clause with an explicit subject start at ``pos``: a noun phrase opening with a determiner
        or a subject pronoun, then a finite verb (optionally after a pre-verbal adverb)?"""
        wm = _WORD.match(inp.folded, pos)
        if wm is None:
            return False
        first = (inp.text[pos:wm.end()].lower(), wm.group(0), pos, wm.end())
        if inp.text[pos:pos + 1].isupper() and inp.names.match_known(inp.folded, pos):
            return False               # a name ("Ás da Esgrima" is no article): see _clause_ahead
        opens = first[1] in _SUBJECT_PRONOUNS or _has_class(first, "DET")
        if not opens or _has_class(first, "PREP") or first[1] in FOLDED_CONTRACTIONS:
            return False
        end, seen = self._skip_noun_phrase(inp, pos)
        after = _words(inp, end, 2)
        if not seen or not after:
            return False
        return _is_verb(after[0]) or (_has_class(after[0], "PREADV") and len(after) > 1 and _is_verb(after[1]))

    def _aside_follows(self, inp: LexInput, pos: int) -> bool:
        """Does the comma at ``pos`` open a phrase set off by commas: a preposition or adverb after it, and
        after the next comma (before any period) a verb?"""
        key = ("aside", pos)
        found = self._memo.get(key)
        if found is None:
            folded = inp.folded
            close = folded.find(",", pos + 1)
            end = folded.find(".", pos + 1)
            found = False
            if close > 0 and (end < 0 or close < end) and "(" not in folded[pos:close]:
                inner = _words(inp, pos + 1, 1)
                after = _words(inp, close + 1, 2)
                found = bool(inner) and bool(after) and (
                    any(w.cls in ("PREP", "ADV") for w in _entries(inner[0])) or inner[0][1] in FOLDED_CONTRACTIONS) \
                    and (_is_verb(after[0]) or (_has_class(after[0], "PREADV") and len(after) > 1
                                                and _is_verb(after[1])))
            self._memo[key] = found
        return found

    def _comparative_follows(self, inp: LexInput, pos: int) -> bool | None:
        """After "que": True for a bare noun phrase up to a "," / "." / ")" / "(" (a comparison: "o mesmo
        nome que o personagem escolhido", "maior que sua Energia Inicial"), not a relative clause;
        False when a noun phrase is followed by more ("... que outro personagem em cena não pode ..."
        may still be a comparison); None when no noun phrase follows."""
        end, seen = self._skip_noun_phrase(inp, pos, relatives=False)
        if not seen:
            return None
        if seen == 1 and [w[1] for w in _words(inp, pos, 1)] in ([d] for d in _LONE_DEMONSTRATIVES):
            return True      # "ações com o mesmo nome que aquela não podem ...": a demonstrative standing for its
            #                  noun, the second term (a relative's subject names its noun: "que aquele jogador ...")
        return end >= len(inp.folded) or inp.folded[end] in ",.);:("

    def _skip_noun_phrase(self, inp: LexInput, pos: int, relatives: bool = True) -> tuple[int, int]:
        """Where a noun phrase starting at ``pos`` ends (and how many pieces it had): determiners,
        nouns, adjectives, numbers, icons, subject pronouns, names, participles, "de" + noun phrase, a
        parenthesis, and one relative clause "que" + (noun phrase) + verb ("que você controla")."""
        text, folded = inp.text, inp.folded
        i = pos
        seen = 0
        relative = 0        # 0: none, 1: inside "que ...", 2: its verb read
        after_det = False
        n = len(folded)
        while True:
            m = _SPACE.match(folded, i)
            if m:
                i = m.end()
            if i >= n:
                return i, seen
            known = inp.names.match_known(folded, i)
            wm = _WORD.match(folded, i)
            if known:
                i += known
                seen += 1
                continue
            if not wm:
                close = folded.find(_CLOSING.get(folded[i], "\0"), i) if seen or folded[i] == "{" else -1
                if close > 0:        # an icon, or a parenthesis after the subject
                    i = close + 1
                    seen += 1
                    continue
                return i, seen
            word = wm.group(0)
            if relatives and word == "que" and seen and not relative:
                relative = 1
                i = wm.end()
                continue
            piece = (text[i:wm.end()].lower(), word, i, wm.end())
            entries = _entries(piece)
            classes = {w.cls for w in entries}
            if relative == 1 and (_is_verb(piece) or "PREADV" in classes):
                relative = 2 if _is_verb(piece) else 1
                i = wm.end()
                continue
            # after a determiner, a word that is a noun as well as a verb is the noun ("a sua escolha")
            if seen and (_is_verb(piece) and not (after_det and "NOUN" in classes) or "PREADV" in classes):
                return i, seen
            after_det = bool(classes & {"DET", "PREP"}) and "NOUN" not in classes
            participle = "VERB" in classes and all(w.form.startswith(("part", "ger")) for w in entries
                                                   if w.cls == "VERB")
            if classes & {"DET", "NOUN", "ADJ", "NUMWORD"} or participle or word in _SUBJECT_PRONOUNS \
                    or word.isdigit() or word in ("de", "do", "da", "dos", "das", "x") or (word == "com" and seen) \
                    or word in FOLDED_CONTRACTIONS or (word.startswith("chamad") and seen):
                i = wm.end()
                seen += 1
                continue
            shape = match_name_shape(text, i)
            if shape:
                i += shape
                seen += 1
                continue
            return i, seen

    def _split_word(self, info: _WordInfo, pos: int, end: int,
                    accepts: dict[str, Any]) -> list[tuple[Token, list[tuple[str, int, int]]]]:
        """The readings of a contraction or a verb with a clitic as two tokens (the second typed later)."""
        out: list[tuple[Token, list[tuple[str, int, int]]]] = []
        if info.contraction is not None:
            first_part, firsts, cut, second = info.contraction
            mid = pos + cut
            for first in firsts:
                if first in accepts:     # its first part is the preposition
                    out.append((_tok(first, first_part, pos, mid), [(second, mid, end)]))
        if info.clitic is not None:
            verb, stem_length, clitic, verb_terms = info.clitic
            vterm = next((t for t in verb_terms if t in accepts), None)
            cut = pos + stem_length
            if vterm is not None and CLITIC in self.declared:
                out.append((_tok(vterm, verb, pos, cut), [(clitic, cut, end)]))
            if GER_ADV in accepts and verb in _GERUNDS:
                # a gerund heading an adverbial phrase, with its clitic: "ou descarregando-o de um personagem"
                out.append((_tok(GER_ADV, verb, pos, cut), [(clitic, cut, end)]))
        return out

    def _fallback(self, inp: LexInput, pos: int, word_m: re.Match[str] | None) -> list[Token]:
        """Nothing acceptable matches: produce the token the text most looks like, for the error."""
        text, folded = inp.text, inp.folded
        if word_m:
            word = word_m.group(0)
            end = word_m.end()
            terms = self._word_terminals(word, text[pos:end])
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


_CLOSING = {"{": "}", "(": ")"}
_LONE_DEMONSTRATIVES = frozenset({"aquele", "aquela", "aqueles", "aquelas"})
# folded words that are gerunds / participles of some verb (GER_ADV / PART_ADV readings)
# (of the active lexicon: a game's card is read with its own, lexicon.using; _lexicon_switched keeps them current)
_GERUNDS = CORE.gerunds
_PARTICIPLES = CORE.participles
_IMPERATIVES = CORE.imperatives
_ADVERBS = CORE.adverbs
# structural words of the grammar: never read as the accented word they fold onto ("e" is not "é")
_PROCLITICS = frozenset({"o", "a", "os", "as", "se", "lhe", "lhes"})
_ARTICLES = frozenset({"o", "a", "os", "as"})
_SAME = frozenset({"mesmo", "mesma", "mesmos", "mesmas"})
_DEMONSTRATIVES = frozenset({"este", "esta", "estes", "estas"})
_PRONOUN_WORDS = _SAME | _DEMONSTRATIVES | _ARTICLES     # those whose pronoun reading _pronoun_misread judges
_STRUCTURAL = frozenset({"e", "ou", "que", "se", "nem"})
_NOT_AFTER_ARTICLE = frozenset({"o", "um", "este", "esse", "aquele", "cada", "todo", "qualquer", "nenhum", "algum"})
_CLAUSE_OPENERS = frozenset({"voce", "entao", "se", "quando", "enquanto", "caso"})
_SUBJECT_PRONOUNS = frozenset({"ele", "ela", "eles", "elas", "voce", "ambos"})
_SUBJECT_PRONOUN_STARTS = tuple(sorted(_SUBJECT_PRONOUNS))
_SUBJECT_PRONOUN = re.compile(r"(?<![\w-])(?:" + "|".join(sorted(_SUBJECT_PRONOUNS)) + r")(?![\w-])")


_Piece = tuple[str, str, int, int]      # a word as written (lower case), folded, start, end


def _words(inp: LexInput, pos: int, count: int) -> list[_Piece]:
    """The next ``count`` words after ``pos``, stopping at punctuation."""
    out: list[_Piece] = []
    folded = inp.folded
    while len(out) < count:
        m = _SPACE.match(folded, pos)
        if m:
            pos = m.end()
        wm = _WORD.match(folded, pos)
        if not wm:
            break
        out.append((inp.text[pos:wm.end()].lower(), wm.group(0), pos, wm.end()))
        pos = wm.end()
    return out


_PREVIOUS_WORD = re.compile(r"([^\W_]+(?:[-'][^\W_]+)*)\s*$", re.UNICODE)


def _previous_piece(inp: LexInput, pos: int) -> _Piece | None:
    """The word right before ``pos`` (only spaces between)."""
    base = max(0, pos - 40)
    m = _PREVIOUS_WORD.search(inp.folded[base:pos])
    if m is None:
        return None
    start, end = base + m.start(1), base + m.end(1)
    return (inp.text[start:end].lower(), m.group(1), start, end)


def _after_verb(inp: LexInput, pos: int) -> bool:
    """Is the word before ``pos`` a verb form other than a participle (a gerund, a finite verb...)?"""
    piece = _previous_piece(inp, pos)
    if piece is None:
        return False
    entries = [w for w in _entries(piece) if w.cls == "VERB"]
    return bool(entries) and not any(w.form.startswith("part") for w in entries)


_THOROUGH_BUDGET = 10000     # steps of one speculative parse of the thorough reading


def _after_reading(pos: int, toks: list[Token], rest: list[tuple[str, int, int]]) -> int:
    """The position after a reading taken at ``pos`` (a gap takes no room)."""
    if toks[0].type == CLAUSE_GAP:
        return pos
    end = (rest[-1][2] if rest else toks[-1].end_pos) or pos + 1
    return end if end > pos else pos + 1


def _is_predicating(piece: _Piece) -> bool:
    """A participle ("chamadas") or a form of a copula ("sejam", "é", "torna-se")."""
    verbs = [w for w in _entries(piece) if w.cls == "VERB"]
    return any(w.form.startswith("part") or w.lemma in ("ser", "estar", "tornar-se") for w in verbs)


def _imperative_word(word: str) -> bool:
    """An imperative ("compre"), or one with its clitic ("coloque-o")."""
    return word in _IMPERATIVES or ("-" in word and word.rpartition("-")[0] in _IMPERATIVES
                                    and word.rpartition("-")[2] in CLITICS)


def _imperative_at(inp: LexInput, pos: int) -> bool:
    """An imperative at ``pos`` ("compre", "coloque-o"), the verb of a main clause without a subject; a
    capitalised word inside a sentence is a name's ("a ação Ataque de ...")."""
    if not inp.text[pos:pos + 1].islower():
        return False
    wm = _WORD.match(inp.folded, pos)
    if wm is None:
        return False
    word = wm.group(0)
    return word in _IMPERATIVES or ("-" in word and word.rpartition("-")[0] in _IMPERATIVES
                                    and word.rpartition("-")[2] in CLITICS)


def _word_starts_at(folded: str, pos: int) -> bool:
    """Does a word of ``_WORD.finditer(folded)`` start at ``pos``: a letter or digit there, not joined to a word before
    it (directly, or through a hyphen or apostrophe after a letter or digit)?"""
    if pos >= len(folded) or not folded[pos].isalnum():
        return False
    if pos == 0:
        return True
    before = folded[pos - 1]
    if before.isalnum():
        return False
    return not (before in "-'" and pos >= 2 and folded[pos - 2].isalnum())


def _skip_space(inp: LexInput, pos: int) -> int:
    m = _SPACE.match(inp.folded, pos)
    return m.end() if m else pos


def _entries(piece: _Piece) -> tuple[Word, ...]:
    """Lexicon entries of a word; those spelled exactly as written, when there are any."""
    return _entries_of(piece[0], piece[1])


@lru_cache(maxsize=1 << 16)
def _entries_of(written: str, folded: str) -> tuple[Word, ...]:
    """:func:`_entries` of the word written ``written`` (lower case), folded ``folded`` (the lexicon never changes:
    kept per word)."""
    entries = lookup(folded)
    exact = tuple(w for w in entries if w.spelling.lower() == written)
    if exact or written in _STRUCTURAL:
        return exact
    return tuple(entries)


def _has_class(piece: _Piece, cls: str) -> bool:
    return cls in _classes_of(piece[0], piece[1])


@lru_cache(maxsize=1 << 16)
def _classes_of(written: str, folded: str) -> frozenset[str]:
    """The word classes of :func:`_entries`."""
    return frozenset(w.cls for w in _entries_of(written, folded))


def _is_verb(piece: _Piece) -> bool:
    """A verb form that can head a clause (any form but the participle and the gerund); a verb with
    a clitic ("coloque-o", "colocá-lo") counts by its stem."""
    return _is_verb_of(piece[0], piece[1])


@lru_cache(maxsize=1 << 16)
def _is_verb_of(written: str, word: str) -> bool:
    """:func:`_is_verb` of a word, written ``written`` (lower case), folded ``word`` (kept per word)."""
    entries = [w for w in _entries_of(written, word) if w.cls == "VERB"]
    if not entries and "-" in word and word.rpartition("-")[2] in CLITICS:
        stem = word.rpartition("-")[0]
        entries = [w for w in lookup(stem) + lookup(_infinitive(stem)) if w.cls == "VERB"]
    return bool(entries) and not all(w.form.startswith(("part", "ger")) for w in entries)


def _shift(conf: Any, stack: list[Any], term: str) -> list[Any] | None:
    """The LALR state stack after feeding ``term`` (reductions, then the shift); None if not accepted."""
    rows = _rows(conf.states)
    while True:
        action = rows[stack[-1]].get(term)
        if action is None:
            # the end of the text reduced to the start symbol: accepted (a panel or a paragraph without its
            # final period ends there, and LALR tables have no $END action in the end state)
            if term == "$END" and stack[-1] == getattr(conf, "end_state", None):
                return stack
            return None
        if action[0]:
            stack.append(action[1])
            return stack
        size = action[1]
        if size:
            del stack[-size:]
        stack.append(rows[stack[-1]][action[2]][1])


# the LALR tables as the lexer reads them: per state, per symbol, (True, the state shifted to) or (False, the
# reduced rule's length, the name it reduces to) -- Lark's (Shift, state) / (Reduce, rule) without the attribute reads
_Row = dict[str, tuple[Any, ...]]
_ROWS: dict[int, tuple[Any, dict[Any, _Row]]] = {}


def _rows(states: dict[Any, dict[str, tuple[Any, Any]]]) -> dict[Any, _Row]:
    """The lexer's form of Lark's ``states`` table (made once per table)."""
    found = _ROWS.get(id(states))
    if found is None or found[0] is not states:
        rows = {state: {term: (True, arg) if kind is Shift else (False, len(arg.expansion), arg.origin.name)
                        for term, (kind, arg) in row.items()} for state, row in states.items()}
        found = _ROWS[id(states)] = (states, rows)
    return found[1]


def _any_of(patterns: list[re.Pattern[str]]) -> re.Pattern[str] | None:
    """One pattern that matches where any of ``patterns`` does (their alternation), or None when they cannot be
    joined (group references, global flags)."""
    if not patterns or any(p.groups or p.flags & ~(re.UNICODE | re.IGNORECASE) for p in patterns):
        return None
    if len({p.flags for p in patterns}) > 1:
        return None
    try:
        return re.compile("|".join(f"(?:{p.pattern})" for p in patterns), patterns[0].flags)
    except re.error:
        return None


# how a reading ranks: the longest first, then by its kind's rank
_preference = itemgetter(0, 1)


def _probe(conf: Any, stack: list[Any], depth: int, extra: tuple[Any, ...] | list[Any],
           term: str) -> tuple[int, list[Any]] | None:
    """:func:`_shift` without copying the stack: the stack is ``stack[:depth] + extra`` (``stack`` is left as it
    is); returns the stack after feeding ``term`` in the same form, or None if ``term`` is not accepted."""
    return _probe_rows(_rows(conf.states), getattr(conf, "end_state", None), stack, depth, extra, term)


def _probe_rows(rows: dict[Any, _Row], end_state: Any, stack: list[Any], depth: int,
                extra: tuple[Any, ...] | list[Any], term: str) -> tuple[int, list[Any]] | None:
    """:func:`_probe` on the lexer's form of the table (``_rows``) and the end state, looked up once by the caller."""
    above = list(extra)
    while True:
        top = above[-1] if above else stack[depth - 1]
        action = rows[top].get(term)
        if action is None:
            if term == "$END" and top == end_state:
                return depth, above
            return None
        if action[0]:
            above.append(action[1])
            return depth, above
        size = action[1]
        if size:
            kept = len(above) - size
            if kept >= 0:
                del above[kept:]
            else:
                above.clear()
                depth += kept
        above.append(rows[above[-1] if above else stack[depth - 1]][action[2]][1])


_AUX_LEMMAS = frozenset({"poder", "dever", "ser", "estar", "ter", "haver", "fazer"})


def _match_word(folded: str, pos: int) -> re.Match[str] | None:
    """The word at ``pos``; a hyphenated quantity ("x-1") yields only its first part."""
    m = _WORD.match(folded, pos)
    if m and "-" in m.group(0) and _QUANTITY_WORD.fullmatch(m.group(0)):
        return _QUANTITY_PART.match(folded, pos)
    return m


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
    """A token of the paragraph's one line: what ``Token._future_new(type_, value, start, 1, start + 1, 1, end + 1,
    end)`` makes (Token(...) without its keyword-argument checks), without its calls."""
    token: Any = _str_new(Token, value)
    token.type = type_
    token.start_pos = start
    token.value = value
    token.line = 1
    token.column = start + 1
    token.end_line = 1
    token.end_column = end + 1
    token.end_pos = end
    return token  # type: ignore[no-any-return]


_str_new: Any = str.__new__


def _lexicon_switched(lexicon: Lexicon) -> None:
    """The active lexicon changed (a game's card is being read, or it ended): what is kept per word follows it.
    The lexer's own per-word caches are per parser, and each game has its own parser (``parser.sentence_run``)."""
    global _GERUNDS, _PARTICIPLES, _IMPERATIVES, _ADVERBS
    _GERUNDS, _PARTICIPLES = lexicon.gerunds, lexicon.participles
    _IMPERATIVES, _ADVERBS = lexicon.imperatives, lexicon.adverbs
    for kept in (_entries_of, _classes_of, _is_verb_of):
        kept.cache_clear()


on_switch(_lexicon_switched)
