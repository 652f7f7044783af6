"""Issue 12 (lexer and parse speed): the sentence lexer's shortcuts never change a parse.

The shortcuts (docs/performance.md, "The bare parse, faster"): what a word can be is kept across paragraphs; the
real parse takes the tokens of a successful speculation as they are instead of reading the text again
(``SentenceLexer.replay``); the one-token lookahead probes the LALR tables without copying the state stack
(``lexer._probe``). Each is compared here with what it replaces: the lexer with its caches dropped before every
paragraph, the lexer that reads the text again and follows the speculation's choices by state stack, and
``lexer._shift`` on a copy of the stack.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Token, Tree

from cardscript.grammar import lexer as lexer_module
from cardscript.grammar.lexer import SentenceLexer, _probe, _shift
from cardscript.grammar.lexicon import LEXICON
from cardscript.grammar.names import NameRegistry
from cardscript.grammar.parser import ParseFailure, _parse, forget_readings, parse_paragraph, sentence_parser
from tests.test_grammar_lalr_run import corpus


def shape(result: Any) -> Any:
    """A parse as plain data: every token's type, text and offsets, every node's rule and positions."""
    if isinstance(result, Token):
        return (result.type, str(result), result.start_pos, result.end_pos, result.column, result.end_column)
    if isinstance(result, Tree):
        meta = result.meta
        where = () if meta.empty else (meta.start_pos, meta.end_pos, meta.column, meta.end_column)
        return (str(result.data), where, tuple(shape(c) for c in result.children))
    assert isinstance(result, ParseFailure)
    return ("failure", result.start, result.end, result.found, result.expected, result.at_end)


@contextmanager
def rereading() -> Iterator[None]:
    """The lexer without replay: the real parse reads the text again (the algorithm before issue 12)."""
    lexer = sentence_parser().parser.lexer
    assert isinstance(lexer, SentenceLexer)
    lexer.replay = False
    try:
        yield
    finally:
        del lexer.replay


def both_readings(text: str, names: NameRegistry, start: str = "paragraph") -> tuple[Any, Any]:
    """The first and the thorough reading of a paragraph (parser.parse_paragraph takes the second on a failure)."""
    return (shape(_parse(text, names, start, thorough=False)), shape(_parse(text, names, start, thorough=True)))


def corpus_sample() -> tuple[list[str], NameRegistry]:
    """Paragraphs of the development corpus where the lexer has choices to make: contractions, clitics, names with
    periods, "que", commas before a clause, and those that do not parse (read twice); at most 120, seeded."""
    paragraphs, names = corpus()
    marks = (" que ", "-o", "-lo", " no ", " da ", " ao ", ". ", ", ", " ou ", " e ", "mesmo", " como ")
    tricky = [p for p in paragraphs if sum(m in p for m in marks) >= 3
              or isinstance(parse_paragraph(p, names), ParseFailure)]
    return random.Random(12).sample(tricky, min(120, len(tricky))), names


def test_tricky_corpus_paragraphs_parse_the_same_with_every_shortcut_off() -> None:
    sample, names = corpus_sample()
    assert len(sample) >= 60
    forget_readings()
    fast = [both_readings(text, names) for text in sample]
    cold = []
    for text in sample:
        forget_readings()                   # nothing kept from the paragraphs before
        cold.append(both_readings(text, names))
    with rereading():
        reread = [both_readings(text, names) for text in reversed(sample)][::-1]
    assert fast == cold
    assert fast == reread
    assert any(first[0] == "failure" for first, _ in fast)      # the sample holds failures too
    assert any(first[0] != "failure" for first, _ in fast)


def test_a_speculation_that_succeeds_is_replayed_not_read_again() -> None:
    """The replay is not dead code: on an ambiguous paragraph the real parse asks for the readings of fewer
    positions with it (without it, it asks again for every position the speculation read)."""
    names = NameRegistry()
    names.add("card", "Thor")
    text = "Escolha um personagem e coloque-o no topo do seu deck, e o jogador que o controla compra um card."
    asked: list[int] = []
    original = SentenceLexer._next

    def counting(self: SentenceLexer, *args: Any) -> Any:
        asked.append(args[1])
        return original(self, *args)

    SentenceLexer._next = counting            # type: ignore[method-assign]
    try:
        with_replay = shape(parse_paragraph(text, names))
        replayed = len(asked)
        asked.clear()
        with rereading():
            without = shape(parse_paragraph(text, names))
    finally:
        SentenceLexer._next = original        # type: ignore[method-assign]
    assert with_replay == without
    assert with_replay[0] != "failure"
    assert replayed < len(asked)


# --- random input --------------------------------------------------------------------------------------------

WORDS = sorted(LEXICON)[::7] + ["que", "e", "ou", "se", "o", "a", "no", "da", "ao", "coloque-o", "colocá-lo",
                                 "você", "este", "personagem", "card", "Thor", "Thor.", "S.H.I.E.L.D.", "{1}",
                                 "2", "x-1", ",", ".", "(", ")", "-", ":"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=14), st.booleans())
def test_random_word_sequences_parse_the_same_with_every_shortcut_off(words: list[str], capital: bool) -> None:
    names = NameRegistry()
    names.add("card", "Thor")
    names.add("affiliation", "S.H.I.E.L.D.")
    text = " ".join(words)
    if capital:
        text = text[:1].upper() + text[1:]
    fast = both_readings(text, names)
    forget_readings()
    cold = both_readings(text, names)
    with rereading():
        reread = both_readings(text, names)
    assert fast == cold == reread


def reachable_stacks(seed: int, steps: int) -> Iterator[list[Any]]:
    """State stacks of the sentence grammar reached by feeding random acceptable terminals from the start."""
    conf = _conf()
    rng = random.Random(seed)
    stack = [conf.start_state]
    for _ in range(steps):
        yield list(stack)
        terms = sorted(t for t in conf.states[stack[-1]] if t.isupper() and t != "$END")
        moved = False
        for term in rng.sample(terms, len(terms)):
            after = _shift(conf, list(stack), term)
            if after is not None:
                stack = after
                moved = True
                break
        if not moved:
            return


def _conf() -> Any:
    from lark.parsers.lalr_parser_state import ParseConf

    parser = sentence_parser().parser.parser.parser
    return ParseConf(parser.parse_table, parser.callbacks, "paragraph")


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=0, max_value=40))
def test_probing_the_tables_is_shifting_a_copy_of_the_stack(seed: int, extra: int) -> None:
    conf = _conf()
    terminals = sorted({t for state in conf.states.values() for t in state if t.isupper()})
    rng = random.Random(seed)
    for stack in reachable_stacks(seed, 30):
        # the stack as stack[:depth] + above, split anywhere
        cut = rng.randint(1, len(stack))
        base, above = stack[:cut] + [0] * (extra % 3), stack[cut:]
        for term in rng.sample(terminals, 12):
            expected = _shift(conf, list(stack), term)
            probed = _probe(conf, base, cut, above, term)
            got = None if probed is None else base[:probed[0]] + probed[1]
            assert got == expected
        assert base[:cut] + above == stack          # the probe leaves what it was given as it was


def test_the_word_caches_are_dropped_by_forget_readings() -> None:
    names = NameRegistry()
    parse_paragraph("Compre um card.", names)
    lexer = sentence_parser().parser.lexer
    assert isinstance(lexer, SentenceLexer)
    assert lexer._terminals and lexer._infos
    forget_readings()
    assert not lexer._terminals and not lexer._infos
    assert lexer_module.SentenceLexer.replay is True


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="0123456789{}xa -alterego" + "energia cosmica" + "clarividencia", max_size=30),
       st.integers(min_value=0, max_value=30))
def test_the_joined_pattern_matches_where_any_pattern_does(text: str, pos: int) -> None:
    lexer = sentence_parser().parser.lexer
    assert isinstance(lexer, SentenceLexer) and lexer.any_regex is not None
    pos = min(pos, len(text))
    joined = lexer.any_regex.match(text, pos) is not None
    assert joined == any(rx.match(text, pos) is not None for _, rx in lexer.regexes)


# --- the per-word shortcuts of _readings and _possible_at (docs/performance.md, "The bare parse, faster") ---------

_TEXT_ALPHABET = "aeiouxvcls EÉÀçã-'_0123.,!?(){}" + "\u00d7\u00b2"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=_TEXT_ALPHABET, max_size=30))
def test_word_starts_are_the_starts_finditer_finds(text: str) -> None:
    starts = {m.start() for m in lexer_module._WORD.finditer(text)}
    assert {p for p in range(len(text) + 2) if lexer_module._word_starts_at(text, p)} == starts


def test_a_letter_or_digit_is_what_the_word_pattern_takes() -> None:
    """_word_starts_at reads [^\\W_] as str.isalnum."""
    for code in range(0x3000):
        c = chr(code)
        assert (lexer_module._WORD.fullmatch(c) is not None) == c.isalnum(), hex(code)


def test_a_name_shape_starts_only_at_its_initials() -> None:
    """match_name_shape answers 0 at once before a character no capitalised word starts with."""
    from cardscript.grammar import names as names_module

    for code in range(0x3000):
        c = chr(code)
        assert (names_module._CAP_WORD.match(c + "bc") is not None) == (c in names_module._NAME_INITIALS), hex(code)


_NAMES = ["Thor", "S.H.I.E.L.D.", "Avante, Vingadores!", "Vai, Lockheed!", "O Vigia", "Homem-Aranha", "X-Men",
          "d'Artagnan", "A Coisa", "Dr. Estranho", "Ás da Esgrima", "(Anônimo)"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_NAMES), min_size=1, max_size=6),
       st.text(alphabet=_TEXT_ALPHABET + "THSvdhiAOD", max_size=40), st.integers(0, 40),
       st.lists(st.sampled_from(_NAMES), max_size=3))
def test_no_known_name_starts_where_its_lead_word_is_unknown(known: list[str], text: str, pos: int,
                                                              inserted: list[str]) -> None:
    registry = NameRegistry()
    for name in known:
        registry.add("card", name)
    text = " ".join([text[:pos], *inserted, text[pos:]])
    folded = lexer_module.fold_text(text)
    for p in range(len(folded)):
        m = lexer_module._WORD.match(folded, p)
        if m and not registry.lead_word_may_start(m.group(0)):
            assert registry.match_known(folded, p) == 0
    registry.add("card", "Vigia Supremo")            # a first word added later is seen
    assert registry.lead_word_may_start("vigia")


def test_the_first_reading_s_gaps_position_by_position_are_the_paragraph_s() -> None:
    """_first_gap (asked per position) finds the positions _first_gaps finds in the whole paragraph, and a word whose
    _WordInfo.gap is false is never one of them."""
    sample, names = corpus_sample()
    lexer = sentence_parser().parser.lexer
    assert isinstance(lexer, SentenceLexer)
    found = 0
    for text in sample:
        inp = lexer_module.LexInput(text, lexer_module.fold_text(text), names)
        lexer._memo, lexer._first_gap_at = {}, {}
        gaps = lexer._first_gaps(inp)
        lexer._memo, lexer._first_gap_at = {}, {}
        assert {p for p in range(len(text) + 1) if lexer._first_gap(inp, p)} == gaps
        found += len(gaps)
        for m in lexer_module._WORD.finditer(inp.folded):
            if not lexer._info(m.group(0), text[m.start():m.end()]).gap:
                assert m.start() not in gaps
    assert found > 0


# --- session 10: the speculation fed to the parser, the first passing reading (docs/performance.md) ---------------

def _lark_and_run(text: str, names: NameRegistry) -> tuple[Any, Any]:
    """Lark's own parse (its parser state offers no table: the lexer simulates a speculation and replays it) and
    the run's (lalr_run.FedState: the lexer feeds it), pickled, each with the word caches dropped first."""
    import pickle

    from lark.exceptions import UnexpectedInput

    from cardscript.grammar.parser import sentence_run

    def outcome(parse: Any) -> Any:
        forget_readings()
        try:
            return pickle.dumps(parse(lexer_module.LexInput(text, lexer_module.fold_text(text), names)))
        except UnexpectedInput as e:
            return ("error", shape(getattr(e, "token", None)), sorted(getattr(e, "expected", ()) or ()))

    return (outcome(lambda inp: sentence_parser().parse(inp, start="paragraph")),
            outcome(lambda inp: sentence_run().parse(inp, "paragraph")))


def test_a_fed_speculation_parses_as_the_replayed_one_and_one_that_fails_leaves_the_stacks_as_they_were() -> None:
    """Where the lexer feeds a speculation to the parser, the trees and errors are those of the speculation
    simulated on the tables and replayed (Lark's own parse, pickled); a fed speculation that fails leaves the
    state stack and every value on the value stack (children lists included) as they were before it."""
    import pickle

    sample, names = corpus_sample()
    outcomes: list[bool] = []
    original = SentenceLexer._feed_sentence

    def checking(self: SentenceLexer, inp: Any, conf: Any, fed: Any, tokens: Any, rest: Any) -> bool:
        states, values = list(fed.state_stack), pickle.dumps(fed.value_stack)
        found = original(self, inp, conf, fed, tokens, rest)
        outcomes.append(found)
        if not found:
            assert fed.state_stack == states and pickle.dumps(fed.value_stack) == values
        return found

    SentenceLexer._feed_sentence = checking        # type: ignore[method-assign]
    try:
        for text in sample:
            lark_result, run_result = _lark_and_run(text, names)
            assert lark_result == run_result, text
    finally:
        SentenceLexer._feed_sentence = original    # type: ignore[method-assign]
    assert True in outcomes and False in outcomes    # both ways taken: fed to the end, and rolled back


def _weighed_in_full(lexer: SentenceLexer, inp: Any, conf: Any, stack: list[Any], candidates: Any) -> Any:
    """What _choose took without ``deep`` before session 10: every reading weighed, a left-out comma filtered."""
    viable = lexer._viable(inp, conf, stack, candidates)
    if not viable:
        taken = [c for c in candidates if _probe(conf, stack, len(stack), (), c[2][0].type) is not None] \
            or candidates
        return taken[0][2], taken[0][3]
    if not inp.thorough and len(viable) > 1 and any(v[0][0].type != "CLAUSE_GAP" for v in viable):
        viable = [v for v in viable if v[0][0].type != "CLAUSE_GAP"
                  or lexer_module._imperative_at(inp, lexer_module._skip_space(inp, v[0][0].end_pos or 0))]
    return viable[0][0], viable[0][1]


@contextmanager
def comparing_first_readings(counted: list[int]) -> Iterator[None]:
    """Every _choose without ``deep`` checked against every reading weighed in full."""
    original = SentenceLexer._choose

    def checking(self: SentenceLexer, inp: Any, conf: Any, stack: list[Any], candidates: Any, deep: bool) -> Any:
        found = original(self, inp, conf, stack, candidates, deep)
        if not deep and len(candidates) > 1:
            assert found == _weighed_in_full(self, inp, conf, stack, candidates)
            counted.append(len(candidates))
        return found

    SentenceLexer._choose = checking               # type: ignore[method-assign]
    try:
        yield
    finally:
        SentenceLexer._choose = original           # type: ignore[method-assign]


def test_the_first_passing_reading_is_the_one_weighing_every_reading_takes_on_corpus_paragraphs() -> None:
    sample, names = corpus_sample()
    counted: list[int] = []
    with comparing_first_readings(counted):
        for text in sample:
            both_readings(text, names)
    assert len(counted) > 100


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=14), st.booleans())
def test_the_first_passing_reading_is_the_one_weighing_every_reading_takes_on_random_words(words: list[str],
                                                                                             capital: bool) -> None:
    names = NameRegistry()
    names.add("card", "Thor")
    text = " ".join(words)
    with comparing_first_readings([]):
        both_readings(text[:1].upper() + text[1:] if capital else text, names)


def test_no_punctuation_is_looked_up_where_a_word_starts_because_none_starts_like_a_word() -> None:
    """_readings and _possible_at skip the punctuation, the comma and the dash where a word matches: a word starts
    with a letter or a digit (test above), and no punctuation literal does (else the lexer's _word_puncts keeps the
    look-up); and the names' lead words taken once a paragraph are what lead_word_may_start answers."""
    lexer = sentence_parser().parser.lexer
    assert isinstance(lexer, SentenceLexer)
    assert lexer._word_puncts == any(p[:1].isalnum() for p in lexer.puncts)
    assert not any(lexer_module._WORD.match(p) for p in [*lexer.puncts, ",", "-"])
    names = NameRegistry()
    names.add("card", "Dr. Estranho")
    names.add("affiliation", "X-Men")
    assert all(names.lead_word_may_start(w) for w in names.lead_words())
    assert names.lead_words() == {"dr", "x-men"}
