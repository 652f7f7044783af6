"""How one game's card text is read (issue 14): the sentence grammar's profile -- the game's words and keywords,
``grammar.parser.SentenceProfile`` -- and the prelude its keywords expand from. The default game's is
:data:`DEFAULT_TEXT` (the core lexicon, ``cardscript/games/battle_scenes/prelude/``); a game pack gives its own to the
compiler's
text front door (``pipeline.read_text_block``)."""

from __future__ import annotations

from dataclasses import dataclass

from cardscript.compiler.prelude import Prelude, load_prelude
from cardscript.grammar.parser import SentenceProfile


@dataclass(frozen=True)
class GameText:
    profile: SentenceProfile | None = None   # None: the default grammar (the core lexicon, the default prelude)
    prelude: Prelude | None = None           # None: the default prelude (``load_prelude()``, which it may change)

    def keywords(self) -> Prelude:
        return self.prelude if self.prelude is not None else load_prelude()


DEFAULT_TEXT = GameText()
