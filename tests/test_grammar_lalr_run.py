"""Issue 12 (parse speed): the sentence parser's own LALR loop and tree callbacks build Lark's trees exactly.

``grammar.lalr_run.LalrRun`` runs Lark's tables with the callbacks of ``grammar.tree_build``; each test compares it
with ``sentence_parser().parse`` (Lark's loop and Lark's callbacks, the same lexer): the trees pickled, every
node's ``meta`` attributes in order, every token's fields, and on an error the exception's token, expected
terminals and parser state.
"""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from cardscript.core.normalize import fold_text
from cardscript.grammar.lalr_run import LalrRun
from cardscript.grammar.lexer import LexInput
from cardscript.grammar.names import NameRegistry
from cardscript.grammar.parser import forget_readings, sentence_parser, sentence_run
from cardscript.grammar.tree_build import fast_callbacks

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "battle-scenes-cards-dev.jsonl"


def dump(node: Any) -> Any:
    """Everything a tree holds: rule names, children, every meta attribute in order, every token field."""
    if isinstance(node, Tree):
        meta = None if node._meta is None else list(node._meta.__dict__.items())
        return ("tree", node.data, meta, [dump(c) for c in node.children])
    assert type(node) is Token
    return ("token", node.type, node.value, node.start_pos, node.line, node.column, node.end_line, node.end_column,
            node.end_pos)


def outcome(parse: Any) -> Any:
    try:
        tree = parse()
    except UnexpectedInput as e:
        state = getattr(e, "state", None)
        return ("error", type(e).__name__, dump(getattr(e, "token", None)) if hasattr(e, "token") else None,
                sorted(getattr(e, "expected", ()) or ()), None if state is None else list(state.state_stack),
                type(e.interactive_parser).__name__)
    return ("tree", dump(tree), pickle.dumps(tree))


def both(text: str, names: NameRegistry, start: str = "paragraph", thorough: bool = False) -> tuple[Any, Any]:
    """Lark's parse and LalrRun's of the same input, each with the lexer's word caches dropped first: a token's
    strings are then the same objects in both (pickle writes a string met again as a reference to the first)."""
    def inp() -> Any:
        forget_readings()
        return LexInput(text, fold_text(text), names, thorough)
    return (outcome(lambda: sentence_parser().parse(inp(), start=start)),
            outcome(lambda: sentence_run().parse(inp(), start)))


def corpus() -> tuple[list[str], NameRegistry]:
    from cardscript.compiler.pipeline import names_from_headers
    from cardscript.compiler.translate import record_to_card_text
    from cardscript.core.source import SourceFile
    from cardscript.grammar.card_file import read_card_file

    if not CORPUS.exists():
        pytest.skip("the development corpus (../shared/corpus) is not available")
    records = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line]
    raws = [read_card_file(SourceFile(r["code"], record_to_card_text(r)))[0] for r in records]
    names = names_from_headers(r for r in raws if r is not None)
    paragraphs = sorted({p.text for r in raws if r is not None for p in (*(r.permanent or ()), *r.action_text)})
    return paragraphs, names


def test_the_run_is_used_and_rebuilds_every_rule() -> None:
    run = sentence_run()
    assert run.usable
    callbacks = fast_callbacks(sentence_parser())
    assert callbacks is not None
    assert set(callbacks) == set(sentence_parser().parser.parser.parser.callbacks)


def test_corpus_paragraphs_give_lark_s_trees_and_errors() -> None:
    paragraphs, names = corpus()
    sample = random.Random(7).sample(paragraphs, 150)
    kinds = set()
    for text in sample:
        for thorough in (False, True):
            lark_result, run_result = both(text, names, thorough=thorough)
            assert lark_result == run_result, text
            kinds.add(lark_result[0])
    panel = both("um personagem Herói com custo 3 ou menos", names, start="panel")
    assert panel[0] == panel[1] and panel[0][0] == "tree"
    assert "tree" in kinds


def test_an_error_is_lark_s_error() -> None:
    names = NameRegistry()
    lark_result, run_result = both("compre compre.", names)
    assert lark_result[0] == "error"
    assert lark_result == run_result
    end = both("um um um", names)                  # the end of the text where more is wanted
    assert end[0][0] == "error" and end[0] == end[1]


def test_a_table_the_run_cannot_take_is_left_to_lark() -> None:
    run = LalrRun(sentence_parser())
    run.usable = False
    text = "Compre um card."
    names = NameRegistry()
    assert dump(run.parse(LexInput(text, fold_text(text), names), "paragraph")) == \
        dump(sentence_parser().parse(LexInput(text, fold_text(text), names), start="paragraph"))


_CORPUS: list[Any] = []


def kept_corpus() -> tuple[list[str], NameRegistry]:
    if not _CORPUS:
        _CORPUS.extend(corpus())
    return _CORPUS[0], _CORPUS[1]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_paragraphs_of_corpus_words_give_lark_s_result(data: st.DataObject) -> None:
    """A run of a corpus paragraph's words with some words swapped for words of other paragraphs (most parse
    partly, many fail somewhere)."""
    paragraphs, names = kept_corpus()
    words = data.draw(st.sampled_from(paragraphs)).split()
    start = data.draw(st.integers(0, len(words) - 1))
    picked = words[start:start + data.draw(st.integers(1, 24))]
    every = sorted({w for p in paragraphs[::10] for w in p.split()})
    for _ in range(data.draw(st.integers(0, 3))):
        picked[data.draw(st.integers(0, len(picked) - 1))] = data.draw(st.sampled_from(every))
    lark_result, run_result = both(" ".join(picked), names, thorough=data.draw(st.booleans()))
    assert lark_result == run_result


def test_the_run_follows_the_parser_when_the_grammar_is_made_again() -> None:
    """The prelude's keywords changed (compiler.prelude clears sentence_parser's cache): the run is the new
    parser's, not the old one's."""
    before = sentence_run()
    assert before.lark is sentence_parser()
    sentence_parser.cache_clear()
    try:
        after = sentence_run()
        assert after.lark is sentence_parser() and after is not before
        assert sentence_run() is after
    finally:
        sentence_parser.cache_clear()
