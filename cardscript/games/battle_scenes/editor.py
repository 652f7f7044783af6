"""What an editor offers in a Battle Scenes card file (``cardscript lsp``): the card types and header fields of rules 2
and 3, the keywords of the prelude (rules 7), the 13 powers and their icons (rules 2.1)."""

from __future__ import annotations

from functools import cache

from cardscript.compiler.header import HeaderField
from cardscript.compiler.prelude import load_prelude
from cardscript.compiler.vocabulary import CardType, Power
from cardscript.games import EditorTerms, Term

BLOCKS = ("Texto permanente", "Ação")


@cache
def editor_terms() -> EditorTerms:
    """Battle Scenes' terms (the prelude read once per process; ``$CARDSCRIPT_PRELUDE`` is read then)."""
    start = [Term(f"{t.label}: ", "card type", "card type (rules 2)") for t in CardType]
    start += [Term(f"{f.label}: ", "field", "header field") for f in HeaderField]
    start += [Term(f"{b}: ", "field", "header field") for b in BLOCKS]
    text = [Term(k, "keyword", "keyword (prelude)") for k in load_prelude().names()]
    text += [Term(p.label, "power", f"power {p.icon}") for p in Power]
    text += [Term(p.icon, "icon", f"the power {p.label}") for p in Power]
    return EditorTerms(tuple(start), tuple(text))
