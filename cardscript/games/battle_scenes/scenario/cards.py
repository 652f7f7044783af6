"""The cards a scenario can name (docs/scenarios.md, Cards): the library (bundled, plus ``--library`` folders) indexed
by printed code and by title, and card files named by path (relative to the scenario file).

A title that names several printed cards (two collections printing the same "Nome Vn") is ambiguous: the
scenario names the card by its code instead (CS503 lists the candidates).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from cardscript.compiler import card_refs
from cardscript.compiler.ir import CardDef

FILLER = CardDef(title="Card V0", name="Card", version=0, card_type="Habilidade")   # "N cards": no text


class CardIndex(card_refs.CardIndex):
    """The library's index (:class:`cardscript.compiler.card_refs.CardIndex`: titles, codes) with
    what a scenario
    adds: card files named by path, compiled once, and the file of each library card for messages."""

    def __init__(self, cards: Iterable[CardDef] = ()) -> None:
        self.by_path: dict[str, CardDef | str] = {}     # a definition, or why there is none
        self.files: dict[int, str] = {}                 # id(definition) -> its card file
        super().__init__(cards)

    @staticmethod
    def of(definitions: Iterable[CardDef]) -> CardIndex:
        return CardIndex(definitions)

    def name_of(self, d: CardDef) -> str:
        """How a scenario names this card unambiguously: its printed code, else its card file's path."""
        if d.code:
            return d.code
        return f'"{self.files[id(d)]}"' if id(d) in self.files else d.title

    def add(self, card: CardDef, file: str = "") -> None:
        if file:
            self.files[id(card)] = file
        super().add(card)

    def titles(self) -> list[str]:
        return sorted({d.title for ds in self.by_title.values() for d in ds})

    def codes(self) -> list[str]:
        return sorted(d.code for d in self.by_code.values())

    def from_path(self, path: Path) -> CardDef | str:
        """The card of a card file (compiled, lowered), or why there is none."""
        key = str(path.resolve())
        if key not in self.by_path:
            self.by_path[key] = _compile_one(path)
        return self.by_path[key]


def _compile_one(path: Path) -> CardDef | str:
    from cardscript.compiler.cache import compile_cards

    if not path.is_file():
        return "no such card file"
    cards = compile_cards([path])
    if not cards:
        return "not a card file"
    card = cards[0]
    if not card.bound or not card.ok:
        first = next((d for d in card.diagnostics if d.severity.value == "error"), None)
        return "it does not compile" + (f" ({first.message})" if first else "") + " (`cardscript check` says why)"
    if card.definition is None:
        return f"its lowering failed: {card.lowering_error}"
    return card.definition


def library_index(folders: Iterable[str | Path] = ()) -> CardIndex:
    """The bundled library plus ``folders`` (``--library DIR``), every card that compiles -- merged as ``play``,
    ``simulate`` and ``deck check`` merge them (``cardscript.games.battle_scenes.runtime.library.load_libraries``: a
    folder's card with
    the printed code of a bundled card replaces it)."""
    from cardscript.games.battle_scenes.runtime.library import load_libraries

    index = CardIndex()
    for entry in load_libraries([str(f) for f in folders]).entries:
        if entry.definition is not None:
            index.add(entry.definition, entry.path)
    return index
