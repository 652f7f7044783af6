"""Battle Scenes, the default game (rules: ``battle-scenes-regras-compreensivas-pt.txt``).

In this package: its rules engine (``runtime/``), its scenario files' language and runner (``scenario/``), its card
library (``cards/``, by collection), demo decks (``decks/``) and keyword prelude (``prelude/*.kw``), and its effect
anatomy's rows (``anatomy_words.py``). Still in the core, where the compiler reads them as the default game's (issue
14 moves them next): the header fields and card types (``compiler/header.py``, ``grammar/card_file.py``), the closed
vocabulary (``compiler/vocabulary.py``) and the semantic tables of ``compiler/semantics/``.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardscript.compiler.pipeline import CompiledCard, compile_source
from cardscript.core.games import GAMES, Game
from cardscript.core.source import SourceFile
from cardscript.games import EditorTerms
from cardscript.games.battle_scenes import anatomy_words  # noqa: F401 - registers this game's anatomy rows
from cardscript.grammar.card_file import read_card_file
from cardscript.grammar.names import NameRegistry


@dataclass(frozen=True)
class BattleScenes:
    game: Game

    def compile_source(self, source: SourceFile, names: NameRegistry | None = None) -> CompiledCard:
        return compile_source(source, names)

    def explain(self, card: CompiledCard) -> str:
        from cardscript.compiler.explain import explain_card

        return explain_card(card)

    def editor_terms(self) -> EditorTerms:
        from cardscript.games.battle_scenes.editor import editor_terms

        return editor_terms()

    def card_name(self, source: SourceFile) -> str | None:
        raw, _ = read_card_file(source)
        return raw.header.name if raw is not None else None


PACK = BattleScenes(next(g for g in GAMES if g.key == "battle-scenes"))
