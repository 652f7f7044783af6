"""The sentence parser's tree-building callbacks, lighter than Lark's and building the same trees.

Lark (1.3, ``parse_tree_builder``) wraps each rule's ``Tree`` constructor in a child filter (inlining ``_rule``
children) and in ``PropagatePositions`` (each node's ``meta`` from its first and last child, with ``container_*``
copies for the nodes that inline it), walking the children through ``getattr``/``hasattr`` at every reduction.
:func:`fast_callbacks` makes one closure per rule that does the same with direct attribute reads, and writes each
node and its ``meta`` without their ``__init__``, their attributes in the order Lark's ``__init__`` and wrappers set
them: the trees, their children lists and every ``meta`` attribute are the same (``tests/test_grammar_lalr_run.py``
compares them with Lark's, pickled).

Only the wrapper chains this grammar's options give (``propagate_positions=True``, ``maybe_placeholders=False``,
no ``?rule`` expansion, no transformer) are rebuilt; :func:`fast_callbacks` returns None for anything else, and
the caller keeps Lark's own callbacks.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from lark import Lark, Token, Tree
from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders, PropagatePositions
from lark.tree import Meta

Callback = Callable[[list[Any]], Any]
_new: Any = object.__new__         # an instance without its __init__ (its attributes set at once)


def fast_callbacks(lark: Lark) -> dict[Any, Callback] | None:
    """A callback per rule of ``lark``'s grammar (keyed by the same rule objects as Lark's), or None when some
    rule's tree building is not one this module rebuilds."""
    builder = getattr(lark, "_parse_tree_builder", None)
    if builder is None or builder.tree_class is not Tree or builder.ambiguous or lark.options.transformer:
        return None
    # the nodes are made with their attributes set at once: only where Lark's classes set just these
    made: Any = Tree("x", [])
    if list(vars(made)) != ["data", "children", "_meta"] or vars(made.meta) != {"empty": True}:
        return None
    out: dict[Any, Callback] = {}
    for rule, chain in builder.rule_builders:
        include: list[tuple[int, bool]] | None = None
        positions = False
        for wrapper in chain:
            if isinstance(wrapper, partial) and wrapper.func is ChildFilterLALR_NoPlaceholders and not positions:
                include = list(wrapper.args[0])
            elif wrapper is PropagatePositions:
                positions = True
            else:
                return None
        if not positions:
            return None
        out[rule] = _callback(rule.alias or rule.options.template_source or rule.origin.name, include)
    return out


def _callback(name: str, include: list[tuple[int, bool]] | None) -> Callback:
    """Lark's ``PropagatePositions(ChildFilterLALR_NoPlaceholders(partial(Tree, name)))`` for one rule."""

    def build(children: list[Any]) -> Tree[Token]:
        if include is None:
            filtered = children
        else:
            filtered = []
            for i, expand in include:
                if expand:
                    if filtered:
                        filtered += children[i].children
                    else:                      # Lark reuses the first inlined child's list (left recursion)
                        filtered = children[i].children
                else:
                    filtered.append(children[i])
        # Tree(name, filtered) with its meta: the attributes Tree.__init__ and Meta.__init__ set, in their order
        # (set one by one, not as a dict given to __dict__: the instance keeps them inline, at less than half the
        # instructions; the attributes, their order and the pickle are the same)
        meta = _new(Meta)
        res: Tree[Token] = _new(Tree)
        res.data = name
        res.children = filtered
        res._meta = meta
        if len(children) == 1:             # the usual node: its one child's positions are its start and end
            c = children[0]
            if c.__class__ is Token:
                line, column, start = c.line, c.column, c.start_pos
                end_line, end_column, end = c.end_line, c.end_column, c.end_pos
            else:
                m = c._meta
                if m.empty:
                    meta.empty = True
                    return res
                line, column, start = m.container_line, m.container_column, m.container_start_pos
                end_line, end_column, end = m.container_end_line, m.container_end_column, m.container_end_pos
        else:
            # the first child with a position: a token, or a subtree whose meta is set (every subtree here has one:
            # it was built by one of these callbacks)
            for c in children:
                if c.__class__ is Token:
                    line, column, start = c.line, c.column, c.start_pos
                    break
                m = c._meta
                if not m.empty:
                    line, column, start = m.container_line, m.container_column, m.container_start_pos
                    break
            else:
                meta.empty = True
                return res
            for c in reversed(children):
                if c.__class__ is Token:
                    end_line, end_column, end = c.end_line, c.end_column, c.end_pos
                    break
                m = c._meta
                if not m.empty:
                    end_line, end_column, end = m.container_end_line, m.container_end_column, m.container_end_pos
                    break
        # Lark's order: empty (Meta()), line, column, start_pos, container_*, then the end's
        meta.empty = False
        meta.line = line
        meta.column = column
        meta.start_pos = start
        meta.container_line = line
        meta.container_column = column
        meta.container_start_pos = start
        meta.end_line = end_line
        meta.end_column = end_column
        meta.end_pos = end
        meta.container_end_line = end_line
        meta.container_end_column = end_column
        meta.container_end_pos = end
        return res

    return build
