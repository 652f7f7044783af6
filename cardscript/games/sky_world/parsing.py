"""How a Sky World text is read: the one sentence grammar with this game's words (``words.py``) and the
keywords of its prelude (``prelude/*.kw``, written in the language like Battle Scenes' ones)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from cardscript.compiler.prelude import Prelude, Usage, load_prelude
from cardscript.games.sky_world.words import LEXICON
from cardscript.grammar.lexicon import using
from cardscript.grammar.parser import SentenceProfile

PRELUDE_DIR = Path(__file__).with_name("prelude")


@lru_cache(maxsize=1)
def prelude() -> Prelude:
    """The Sky World keywords (read with this game's words: their meanings are Sky World text)."""
    with using(LEXICON):
        return load_prelude(str(PRELUDE_DIR))


@lru_cache(maxsize=1)
def profile() -> SentenceProfile:
    """The sentence grammar's profile for Sky World texts."""
    kept = prelude()
    return SentenceProfile("sky-world", LEXICON, frozenset(kept.names(Usage.PERMANENT)),
                           frozenset(kept.names(Usage.ACTION)))
