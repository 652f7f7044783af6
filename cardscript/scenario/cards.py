"""The cards a scenario can name (docs/scenarios.md, Cards): the library (bundled, plus ``--library`` folders) indexed
by printed code and by title, and card files named by path (relative to the scenario file).

A title that names several printed cards (two collections printing the same "Nome Vn") is ambiguous: the
scenario names the card by its code instead (CS503 lists the candidates).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from cardscript.compiler.ir import CardDef
from cardscript.compiler.vocabulary import fold_key
from cardscript.runtime.card_refs import code_key

FILLER = CardDef(title="Card V0", name="Card", version=0, card_type="Habilidade")   # "N cards": no text


@dataclass
class CardIndex:
    """Titles and codes -> the card definitions of a library; card files by path, compiled once."""

    by_title: dict[str, list[CardDef]] = field(default_factory=dict)
    by_code: dict[str, CardDef] = field(default_factory=dict)
    by_path: dict[str, CardDef | str] = field(default_factory=dict)     # a definition, or why there is none
    files: dict[int, str] = field(default_factory=dict)                 # id(definition) -> its card file

    @staticmethod
    def of(definitions: Iterable[CardDef]) -> CardIndex:
        index = CardIndex()
        for d in definitions:
            index.add(d)
        return index

    def name_of(self, d: CardDef) -> str:
        """How a scenario names this card unambiguously: its printed code, else its card file's path."""
        if d.code:
            return d.code
        return f'"{self.files[id(d)]}"' if id(d) in self.files else d.title

    def add(self, d: CardDef, file: str = "") -> None:
        if file:
            self.files[id(d)] = file
        same = self.by_title.setdefault(fold_key(d.title), [])
        if not any(o is d or (o.code and o.code == d.code) for o in same):
            same.append(d)
        if d.code:
            self.by_code.setdefault(code_key(d.code), d)

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
    from cardscript.compiler.lower import lower_card
    from cardscript.compiler.pipeline import compile_paths

    if not path.is_file():
        return "no such card file"
    cards = compile_paths([path])
    if not cards:
        return "not a card file"
    card = cards[0]
    if card.raw is None or not card.bound or not card.ok:
        first = next((d for d in card.diagnostics if d.severity.value == "error"), None)
        return "it does not compile" + (f" ({first.message})" if first else "") + " (`cardscript check` says why)"
    try:
        return lower_card(card)
    except Exception as exc:  # noqa: BLE001 - a card's lowering failing is that card's problem, reported
        return f"its lowering failed: {type(exc).__name__}: {exc}"


def library_index(folders: Iterable[str | Path] = ()) -> CardIndex:
    """The bundled library plus ``folders`` (``--library DIR``), every card that compiles -- merged as ``play``,
    ``simulate`` and ``deck check`` merge them (``cardscript.runtime.library.load_libraries``: a folder's card with
    the printed code of a bundled card replaces it)."""
    from cardscript.runtime.library import load_libraries

    index = CardIndex()
    for entry in load_libraries([str(f) for f in folders]).entries:
        if entry.definition is not None:
            index.add(entry.definition, entry.path)
    return index
