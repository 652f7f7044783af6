"""The Python API for tool builders (issue 13, part 5; docs/api.md): compile a card, load a library, start a match
and step it, each a thin, documented entry over the compiler and the runtime. Importable as ``cardscript.<name>``
(``cardscript.compile_card``...), loaded on first use so that ``import cardscript`` stays light."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardscript.compiler.ir import CardDef
    from cardscript.compiler.pipeline import CompiledCard
    from cardscript.core.diagnostics import Diagnostic
    from cardscript.engine.agents import Agent
    from cardscript.games.battle_scenes.runtime.library import Library
    from cardscript.games.battle_scenes.runtime.match import MatchResult
    from cardscript.games.battle_scenes.runtime.stepping import SteppedMatch

__all__ = ["CardResult", "compile_card", "load_library", "new_game", "play"]


@dataclass
class CardResult:
    """One compiled card: ``definition`` (the typed effects the engine runs; None when the card does not compile),
    ``diagnostics`` (as ``cardscript check`` prints them), ``not_executable`` (the parts the engine will not run,
    CS260), ``executable``; :meth:`to_json` is its ``cardscript export`` record."""

    compiled: CompiledCard
    definition: CardDef | None
    diagnostics: list[Diagnostic]
    not_executable: list[Diagnostic] = field(default_factory=list)
    executable: bool = False

    @property
    def ok(self) -> bool:
        """No error among the diagnostics."""
        return self.compiled.ok

    def to_json(self) -> dict[str, Any]:
        from cardscript.compiler.export import card_record

        return card_record(self.compiled, self.definition, self.not_executable)


def compile_card(source: str | Path, *, name: str = "<text>") -> CardResult:
    """Compile one card: ``source`` is the card file's text, or a :class:`~pathlib.Path` to one. The bundled
    library's names (cards, alter egos, affiliations, actions) are in scope, as for ``cardscript check``."""
    from cardscript.compiler.cache import build_of, names_in
    from cardscript.compiler.files import library_path, read_source
    from cardscript.compiler.pipeline import CompiledCard, compile_sources
    from cardscript.core.source import SourceFile

    if isinstance(source, Path):
        read = read_source(source)
        if not isinstance(read, SourceFile):
            card = CompiledCard(read.source, None, diagnostics=[read], unparsed=1)
            return CardResult(card, None, list(card.diagnostics))
        text_source = read
    else:
        text_source = SourceFile(name, source)
    (card,) = compile_sources([text_source], names_in([library_path()]))
    build = build_of(card)
    return CardResult(card, build.definition, list(card.diagnostics), list(build.lowering), build.executable)


def load_library(*folders: str | Path) -> Library:
    """The bundled library's cards, with the card files of ``folders`` added (a card with the printed code of a
    bundled one replaces it): a mapping from title (``"Hulk V1"``) and printed code (``"BSUM 20/100"``) to
    definitions, with ``find(ref)`` and ``path_of(definition)``."""
    from cardscript.games.battle_scenes.runtime.library import load_libraries
    from cardscript.games.battle_scenes.runtime.library import load_library as bundled

    return load_libraries(list(folders)).cards() if folders else bundled()


def _deck(deck: str | Path | Sequence[CardDef], library: Library | None) -> list[CardDef]:
    from cardscript.games.battle_scenes.runtime.match import bundled_deck_path, load_deck_file

    if isinstance(deck, (str, Path)):
        path = Path(deck)
        if not path.suffix and not path.exists():
            path = bundled_deck_path(str(deck))           # a bundled deck by name: "vingadores"
        return load_deck_file(path, library)
    return list(deck)


def new_game(deck_a: str | Path | Sequence[CardDef] = "vingadores",
             deck_b: str | Path | Sequence[CardDef] = "irmandade",
             *, seed: int = 0, library: Library | None = None, max_turns: int = 200) -> SteppedMatch:
    """A match between two decks -- a bundled deck's name (``"vingadores"``), a deck file, or a list of card
    definitions -- before its setup, to be stepped decision by decision (``advance``, ``answer``, ``clone``,
    ``view``, ``determinize``, ``finish``: docs/engine.md) or played by agents (:func:`play`)."""
    from cardscript.games.battle_scenes.runtime.stepping import SteppedMatch

    a, b = _deck(deck_a, library), _deck(deck_b, library)
    names = tuple(Path(str(d)).stem if isinstance(d, (str, Path)) else label
                  for d, label in ((deck_a, "A"), (deck_b, "B")))
    return SteppedMatch.start(a, b, seed=seed, max_turns=max_turns, deck_names=(names[0], names[1]))


def play(match: SteppedMatch, agents: str | Sequence[Agent] = "heuristic", seed: int = 0) -> MatchResult:
    """Play the rest of ``match`` with ``agents`` -- a kind (``"heuristic"``, ``"random"``, ``"mcts"``) or one agent
    per player -- and return its result (winner, turns, reason)."""
    from cardscript.games.battle_scenes.runtime.match import make_agents
    from cardscript.games.battle_scenes.runtime.stepping import play_stepped

    chosen = make_agents(agents, seed) if isinstance(agents, str) else list(agents)
    return play_stepped(match, chosen)
