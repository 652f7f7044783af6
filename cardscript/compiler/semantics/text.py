"""The words of a phrase as plain text, for the ``text`` of IR objects (traces, ``cardscript explain``).

Cheap on purpose (no templates): the lexicon spellings joined by blanks, punctuation attached. The canonical
rendering of card text is ``compiler/render.py``'s.
"""

from __future__ import annotations

from operator import attrgetter

from cardscript.compiler.ast import Icon, Lexeme, Name, Node, Number, Symbol
from cardscript.compiler.semantics.syntax import Leaf, leaves

_CONTRACTIONS = {("em", "o"): "no", ("em", "a"): "na", ("em", "os"): "nos", ("em", "as"): "nas",
                 ("de", "o"): "do", ("de", "a"): "da", ("de", "os"): "dos", ("de", "as"): "das",
                 ("a", "o"): "ao", ("a", "a"): "à", ("a", "os"): "aos", ("a", "as"): "às",
                 ("de", "este"): "deste", ("de", "esta"): "desta", ("em", "este"): "neste", ("em", "esta"): "nesta",
                 ("de", "aquele"): "daquele", ("de", "aquela"): "daquela", ("em", "aquele"): "naquele",
                 ("em", "aquela"): "naquela", ("de", "ele"): "dele", ("de", "ela"): "dela", ("em", "ele"): "nele",
                 ("por", "o"): "pelo", ("por", "a"): "pela", ("de", "estes"): "destes", ("de", "aqueles"): "daqueles",
                 ("em", "um"): "em um", ("de", "um"): "de um"}


_KEPT = "_plain_text"


def render(node: Node) -> str:
    """The words under ``node`` as plain text; worked out once per node (a node's text is asked for by several
    readers) and kept on it (``compiler/walks.py`` says why that is safe)."""
    done: str | None = node.__dict__.get(_KEPT)
    if done is None:
        done = render_leaves(list(leaves(node)))
        object.__setattr__(node, _KEPT, done)
    return done


def render_leaves(items: list[Leaf]) -> str:
    """Words in printed order (by their spans) as plain text."""
    words: list[str] = []
    for leaf in sorted(items, key=_START):
        if isinstance(leaf, Lexeme):
            w = leaf.word
        elif isinstance(leaf, Name):
            w = leaf.text
        elif isinstance(leaf, Icon):
            w = "{" + leaf.code + "}"
        elif isinstance(leaf, Number):
            w = leaf.spelled or str(leaf.value)
        elif isinstance(leaf, Symbol):
            w = leaf.text
        else:
            continue
        if words:
            last = words[-1]
            if last.lower() in _CONTRACTED:
                joined = _CONTRACTIONS.get((last.lower(), w.lower()))
                if joined is not None:
                    words[-1] = joined
                    continue
            if (w.startswith("-") and len(w) > 1 and w[1].isalpha()) or w in (",", ".", ")", ":") or last == "(":
                words[-1] = last + w
                continue
        words.append(w)
    return " ".join(words)


_START = attrgetter("span.start")
_CONTRACTED = frozenset(first for first, _ in _CONTRACTIONS)     # the prepositions that contract
