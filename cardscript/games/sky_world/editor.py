"""What an editor offers in a Sky World card file (``cardscript lsp``): its card types (Personagem, Herói) and header
fields, its trigger seals at a paragraph's start (manual, "Gatilhos"), the keywords of its prelude."""

from __future__ import annotations

from functools import cache

from cardscript.games import EditorTerms, Term
from cardscript.games.sky_world.header import CARD_TYPES, FIELDS
from cardscript.games.sky_world.parsing import prelude
from cardscript.games.sky_world.seals import QUALIFIERS, SEALS


@cache
def editor_terms() -> EditorTerms:
    start = [Term(f"{t}: ", "card type", "card type") for t in CARD_TYPES]
    start += [Term(f"{f}: ", "field", "header field") for f in (*FIELDS, "Texto permanente")]
    seals = [Term(f"{s.words}: ", "seal", f"trigger seal ({s.activation}){': ' + s.reading if s.reading else ''}")
             for s in SEALS]
    seals += [Term(f"{s.words} · {q}: ", "seal", f"trigger seal ({s.activation}) with a condition")
              for s in SEALS if s.activation == "auto" for q in QUALIFIERS]
    text = [Term(k, "keyword", "keyword (prelude)") for k in prelude().names()]
    return EditorTerms(tuple(start), tuple(text), tuple(seals))
