"""The AST's two walks, each computed once per node: every node under a node (:func:`nodes`) and every word
and symbol under it (:func:`leaves`), in printed order.

The binder, the checks and the lowering ask these of the same subtrees again and again (each noun phrase of a
clause, each clause of a sentence...); the nodes are immutable, so the answer is kept on the node itself, in an
attribute that is no dataclass field: equality, hashing and ``repr`` never see it and pickling drops it
(``ast.Node.__getstate__``).
"""

from __future__ import annotations

from cardscript.compiler.ast import (
    Clause,
    ClauseSeq,
    EffectParagraph,
    Icon,
    KeywordLine,
    Lexeme,
    Name,
    Node,
    Number,
    Phrase,
    Sentence,
    Symbol,
)

Leaf = Lexeme | Name | Icon | Number | Symbol

_NODES = "_walk_nodes"
_LEAVES = "_walk_leaves"
_LEAF_TYPES = (Lexeme, Name, Icon, Number, Symbol)


def _walked(node: Node) -> tuple[Node, ...]:
    """The children :func:`nodes` descends into, in printed order."""
    if isinstance(node, Phrase):
        return node.parts
    if isinstance(node, Clause):
        return (*node.fronted, *((node.subject,) if node.subject is not None else ()), node.verb,
                *node.complements)
    if isinstance(node, ClauseSeq):
        return node.items
    if isinstance(node, Sentence):
        return (node.cost, node.body) if node.cost is not None else (node.body,)
    if isinstance(node, EffectParagraph):
        return (*node.keyword_lines, *((node.keyword_prefix,) if node.keyword_prefix is not None else ()),
                *node.sentences)
    if isinstance(node, KeywordLine):
        return (*((node.value,) if node.value is not None else ()), *node.arguments,
                *((node.reminder,) if node.reminder is not None else ()))
    return ()


def nodes(node: Node) -> tuple[Node, ...]:
    """Every node under ``node`` (itself first), in printed order."""
    done: tuple[Node, ...] | None = node.__dict__.get(_NODES)
    if done is not None:
        return done
    out: list[Node] = [node]
    for child in _walked(node):
        out.extend(nodes(child))
    found = tuple(out)
    object.__setattr__(node, _NODES, found)
    return found


def leaves(node: Node) -> tuple[Leaf, ...]:
    """Every word and symbol under ``node``, in printed order (a keyword line's words are not its paragraph's:
    a :class:`KeywordLine` has none)."""
    done: tuple[Leaf, ...] | None = node.__dict__.get(_LEAVES)
    if done is not None:
        return done
    found: tuple[Leaf, ...]
    if isinstance(node, _LEAF_TYPES):
        found = (node,)
    elif isinstance(node, KeywordLine):
        found = ()
    else:
        children = _walked(node)
        if isinstance(node, EffectParagraph):
            children = children[len(node.keyword_lines):]
        out: list[Leaf] = []
        for child in children:
            out.extend(leaves(child))
        found = tuple(out)
    object.__setattr__(node, _LEAVES, found)
    return found
