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
_FILTERED = (Phrase, Clause, ClauseSeq, Sentence)     # the nodes whose words are those of their kept nodes
_LEAF_SET = frozenset(_LEAF_TYPES)       # the exact types, for one set lookup (a subclass takes the isinstance test)


def _walked(node: Node) -> tuple[Node, ...]:
    """The children :func:`nodes` descends into, in printed order."""
    if type(node) is Phrase:
        return node.parts
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
    """Every node under ``node`` (itself first), in printed order. A word or symbol is its own walk (nothing is kept
    on it: most nodes are words, and only their parents' walks are asked for again)."""
    done: tuple[Node, ...] | None = node.__dict__.get(_NODES)
    if done is not None:
        return done
    if type(node) in _LEAF_SET or isinstance(node, _LEAF_TYPES):
        return (node,)
    out: list[Node] = [node]
    for child in _walked(node):
        if type(child) in _LEAF_SET:
            out.append(child)
        else:
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
    if isinstance(node, _LEAF_TYPES):
        return (node,)
    found: tuple[Leaf, ...]
    kept: tuple[Node, ...] | None = node.__dict__.get(_NODES)
    if isinstance(node, KeywordLine):
        found = ()
    elif kept is not None and isinstance(node, _FILTERED):
        # its nodes are kept (the binder walked them): its words are theirs, in the same order, with no walk of
        # its own nor a tuple kept on each node under it (no keyword line is under these)
        found = tuple([n for n in kept if isinstance(n, _LEAF_TYPES)])
    else:
        children = _walked(node)
        if isinstance(node, EffectParagraph):
            children = children[len(node.keyword_lines):]
        out: list[Leaf] = []
        for child in children:
            if type(child) in _LEAF_SET:
                out.append(child)                       # type: ignore[arg-type]
            else:
                out.extend(leaves(child))
        found = tuple(out)
    object.__setattr__(node, _LEAVES, found)
    return found
