"""Roundtrip: the canonical text rendered from the AST against the printed text.

Both sides are normalised the same documented way before comparing (docs/language.md,
"Roundtrip normalisation"): the site markup is removed, blanks collapsed, case ignored (printings
capitalise game terms inconsistently), spaces around ``+``/``-`` before a number or X ignored, and
the phrasings in :data:`SYNONYMS` are taken as the same.
"""

from __future__ import annotations

import re

from cardscript.compiler.ast import Paragraph
from cardscript.compiler.render import render_node
from cardscript.core.normalize import normalize

# printed variant -> canonical phrasing (both sides are rewritten before comparing)
SYNONYMS: tuple[tuple[str, str], ...] = (
    ("toda a vez que", "toda vez que"),
    ("o seu deck", "seu deck"),
    # contractions of "em"/"de" with "um"/"outro" are printed both ways
    ("num ", "em um "), ("numa ", "em uma "), ("noutro", "em outro"), ("noutra", "em outra"),
    ("doutro", "de outro"), ("doutra", "de outra"),
)


def canonical_compare_form(text: str) -> str:
    t = normalize(text).text.lower()
    t = re.sub(r"\s*([+\-])\s*(?=[\dx])", r" \1", t)
    t = re.sub(r"\s+([,.:;)])", r"\1", t)
    t = re.sub(r",(?=\S)", ", ", t)
    t = re.sub(r"\s+", " ", t).strip()
    for variant, canonical in SYNONYMS:
        t = t.replace(variant, canonical)
    return t


def paragraph_roundtrips(paragraph: Paragraph, printed: str) -> bool:
    return canonical_compare_form(render_node(paragraph)) == canonical_compare_form(printed)
