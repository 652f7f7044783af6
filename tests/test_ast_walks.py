"""The AST's walks kept per node (compiler/walks.py): the same nodes and words, in the same order, as walking the
tree each time; kept on the node without changing what it equals, how it prints or what it pickles to; and the
readers built on them (a clause's verb analysis, a node's plain text) still give each caller its own answer."""

from __future__ import annotations

import pickle
from collections.abc import Iterator

from cardscript.compiler import walks
from cardscript.compiler.ast import (
    Clause,
    ClauseSeq,
    EffectParagraph,
    KeywordLine,
    Node,
    Phrase,
    Sentence,
)
from cardscript.compiler.pipeline import compile_paths, library_path
from cardscript.compiler.semantics.verbs import analyse


def _walk(node: Node) -> Iterator[Node]:
    """The walk as bind.walk first wrote it."""
    yield node
    if isinstance(node, Phrase):
        for p in node.parts:
            yield from _walk(p)
    elif isinstance(node, Clause):
        for f in node.fronted:
            yield from _walk(f)
        if node.subject is not None:
            yield from _walk(node.subject)
        yield from _walk(node.verb)
        for c in node.complements:
            yield from _walk(c)
    elif isinstance(node, ClauseSeq):
        for item in node.items:
            yield from _walk(item)
    elif isinstance(node, Sentence):
        if node.cost is not None:
            yield from _walk(node.cost)
        yield from _walk(node.body)
    elif isinstance(node, EffectParagraph):
        for k in node.keyword_lines:
            yield from _walk(k)
        if node.keyword_prefix is not None:
            yield from _walk(node.keyword_prefix)
        for s in node.sentences:
            yield from _walk(s)
    elif isinstance(node, KeywordLine):
        if node.value is not None:
            yield from _walk(node.value)
        for a in node.arguments:
            yield from _walk(a)
        if node.reminder is not None:
            yield from _walk(node.reminder)


def _leaves(node: Node) -> Iterator[Node]:
    """The words as syntax.leaves first wrote it: a keyword line's are not its paragraph's."""
    if isinstance(node, walks._LEAF_TYPES):
        yield node
    elif isinstance(node, Phrase):
        for p in node.parts:
            yield from _leaves(p)
    elif isinstance(node, Clause):
        for f in node.fronted:
            yield from _leaves(f)
        if node.subject is not None:
            yield from _leaves(node.subject)
        yield from _leaves(node.verb)
        for c in node.complements:
            yield from _leaves(c)
    elif isinstance(node, ClauseSeq):
        for item in node.items:
            yield from _leaves(item)
    elif isinstance(node, Sentence):
        if node.cost is not None:
            yield from _leaves(node.cost)
        yield from _leaves(node.body)
    elif isinstance(node, EffectParagraph):
        if node.keyword_prefix is not None:
            yield from _leaves(node.keyword_prefix)
        for sentence in node.sentences:
            yield from _leaves(sentence)


def _paragraphs() -> list[Node]:
    out: list[Node] = []
    for card in compile_paths([library_path()]):
        for block in (card.permanent, card.action):
            if block is not None:
                out.extend(block.paragraphs)
    return out


def test_the_kept_walks_are_the_walks() -> None:
    paragraphs = _paragraphs()
    assert len(paragraphs) > 100
    for para in paragraphs:
        for node in _walk(para):
            assert walks.nodes(node) == tuple(_walk(node))
            assert [id(n) for n in walks.nodes(node)] == [id(n) for n in _walk(node)]
            assert [id(n) for n in walks.leaves(node)] == [id(n) for n in _leaves(node)]
    assert any(isinstance(p, KeywordLine) for p in paragraphs)          # keyword lines are walked too


def test_a_walk_is_kept_and_invisible() -> None:
    para = _paragraphs()[0]
    fresh = pickle.loads(pickle.dumps(para))
    first = walks.nodes(para)
    assert walks.nodes(para) is first                   # worked out once
    assert para == fresh and hash(para) == hash(fresh) and repr(para) == repr(fresh)
    again = pickle.loads(pickle.dumps(para))
    assert not any(k.startswith("_") for n in _walk(again) for k in vars(n))      # not pickled
    assert again == para


def test_each_caller_gets_its_own_verb_analysis() -> None:
    clause = next(n for p in _paragraphs() for n in walks.nodes(p) if isinstance(n, Clause))
    first = analyse(clause)
    first.words.append(first.words[0])
    first.negated = not first.negated
    second = analyse(clause)
    assert second is not first and len(second.words) == len(first.words) - 1 and second.negated != first.negated
