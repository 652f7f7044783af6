"""What the gallery shows of one card, built from the compiler's own results (nothing re-derived): the printed
header (rules 2: the card's characteristics), its text paragraph by paragraph, its English rendering
(:func:`cardscript.compiler.english.render_definition`), what the engine runs (:func:`cardscript.compiler.explain.
explain_card`, the ``explain`` command's text), its diagnostics as ``check`` reports them (the compiler's and what
will not run, CS260, by position), and whether it is *executable* (``CardDef.executable``, as ``check`` and
``corpus`` count it)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardscript.compiler.cache import CardBuild
    from cardscript.compiler.pipeline import CompiledCard
    from cardscript.compiler.vocabulary import Cost, Power

__all__ = ["ActionBox", "CardPage", "DiagnosticLine", "card_page", "slugs"]

NO_COLLECTION = "(no code)"
"""The collection of a card that prints no code."""


@dataclass(frozen=True)
class DiagnosticLine:
    """One diagnostic as ``check`` prints it: ``line:col: severity[CODE] message``, the hint, the whole text."""

    line: int
    column: int
    severity: str
    code: str
    message: str
    hint: str | None
    text: str


@dataclass(frozen=True)
class ActionBox:
    """The action's box (rules 4.6): name, cost icon, power icon, types, paragraphs."""

    name: str
    cost: Cost | None
    power: Power | None
    types: tuple[str, ...]
    paragraphs: tuple[str, ...]


@dataclass
class CardPage:
    """One card's page and its entry in the index."""

    file: str
    title: str
    slug: str = ""
    card_type: str = ""
    name: str = ""
    version: int | None = None
    code: str = ""
    collection: str = NO_COLLECTION
    number: str = ""
    alter_ego: str = ""
    alignments: tuple[str, ...] = ()
    affiliations: tuple[str, ...] = ()
    powers: tuple[Power, ...] = ()
    initial_energy: str = ""
    shield: str = ""
    addition_value: str = ""
    evolution: str = ""
    rarity: str = ""
    permanent: tuple[str, ...] = ()
    action: ActionBox | None = None
    source_text: str = ""            # the file as written: shown when its header does not read
    english: str = ""
    english_error: str = ""
    explain: str = ""
    diagnostics: tuple[DiagnosticLine, ...] = ()
    executable: bool = False
    parsed: bool = False

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity == "warning")

    @property
    def power_names(self) -> tuple[str, ...]:
        return tuple(p.label for p in self.powers)

    def search_text(self) -> str:
        """What the search box matches: the names and every paragraph of text."""
        parts = [self.title, self.alter_ego, *self.permanent]
        if self.action is not None:
            parts += [self.action.name, *self.action.paragraphs]
        if not self.permanent and self.action is None:
            parts.append(self.source_text)
        return "\n".join(p for p in parts if p)

    def index_entry(self) -> dict[str, Any]:
        """The card in the index's embedded data (what its search and filters read)."""
        return {"slug": self.slug, "title": self.title, "type": self.card_type, "collection": self.collection,
                "number": self.number, "powers": list(self.power_names), "affiliations": list(self.affiliations),
                "executable": self.executable, "errors": self.errors, "text": self.search_text()}


_NUMBER = re.compile(r"(\d+\s*/\s*\d+)\s*$")


def _stat(value: object) -> str:
    return "" if value is None else str(value)


def shown_path(path: str) -> str:
    """The card's file as its page names it: a bundled card from the package's folder
    (``cardscript/games/battle_scenes/cards/bsum/...``),
    not this machine's install path; any other as it was given."""
    import cardscript
    from cardscript.compiler.files import library_path

    library = library_path().resolve()
    if not Path(path).resolve().is_relative_to(library):
        return path
    try:
        return str(Path(path).resolve().relative_to(Path(cardscript.__file__).resolve().parent.parent))
    except ValueError:
        return path


def card_page(card: CompiledCard, build: CardBuild) -> CardPage:
    """The page of one compiled card (``build``: it checked and lowered, ``compiler.cache.build_of``)."""
    from cardscript.core.diagnostics import format_text
    from cardscript.tools.check import by_position

    raw = card.raw
    page = CardPage(file=shown_path(card.source.path), title=Path(card.source.path).name, parsed=card.parsed,
                    executable=build.executable)
    diags = by_position([*card.diagnostics, *build.lowering_diagnostics()])
    page.diagnostics = tuple(DiagnosticLine(*d.location(), d.severity.value, d.code, d.message, d.hint,
                                            format_text(d)) for d in diags)
    if raw is None:
        page.source_text = card.source.text
        return page
    _header(page, card)
    page.explain = _explain(card, build)
    page.english, page.english_error = _english(card, build)
    return page


def _header(page: CardPage, card: CompiledCard) -> None:
    from cardscript.compiler.card_refs import collection_of

    assert card.raw is not None
    h = card.raw.header
    page.title, page.card_type, page.name, page.version = h.title, h.card_type.label, h.name, h.version
    page.code = h.code or ""
    if h.code:
        page.collection = collection_of(h.code).upper() or NO_COLLECTION
        number = _NUMBER.search(h.code)
        page.number = number.group(1).replace(" ", "") if number else ""
    page.alter_ego = h.alter_ego or ""
    page.alignments = tuple(a.label for a in h.alignments)
    page.affiliations = tuple(h.affiliations)
    a = card.raw.action
    # a card's powers: the character's icons, the ability's power, its action's power (rules 2.1, 4.6)
    page.powers = tuple(dict.fromkeys([*h.powers, *([h.power] if h.power else []),
                                       *([a.power] if a is not None and a.power else [])]))
    page.initial_energy, page.shield = _stat(h.initial_energy), _stat(h.shield)
    page.addition_value = _stat(h.addition_value)
    page.evolution = h.evolution.text if h.evolution is not None else ""
    page.rarity = h.rarity or ""
    page.permanent = tuple(p.text for p in card.raw.permanent or ())
    if a is not None:
        page.action = ActionBox(a.name, a.cost, a.power, tuple(t.label for t in a.types),
                                tuple(p.text for p in card.raw.action_text))


def _explain(card: CompiledCard, build: CardBuild) -> str:
    """``cardscript explain``'s text for the card (its reading, keywords, the effects as the engine runs them), from
    the lowering ``build`` holds (a card whose lowering failed is lowered again by explain, which says why)."""
    from cardscript.compiler.explain import explain_card

    try:
        return explain_card(card, build.definition)
    except Exception as exc:  # noqa: BLE001 - one card's failure is said on its page, never stops the others
        return f"(explain failed: {type(exc).__name__}: {exc})"


def _english(card: CompiledCard, build: CardBuild) -> tuple[str, str]:
    """The card in English (``render --lang en``) or why there is none."""
    from cardscript.compiler.english import render_definition

    if not card.bound or build.definition is None:
        return "", "no English rendering: the card does not compile (see its diagnostics)"
    try:
        return render_definition(build.definition, card.raw.header.rarity if card.raw else None).rstrip("\n"), ""
    except Exception as exc:  # noqa: BLE001 - as `render --lang en`: said plainly, never a traceback
        return "", f"cannot render in English: {type(exc).__name__}: {exc}"


_UNSAFE = re.compile(r"[^a-z0-9]+")


def slugs(files: list[str]) -> list[str]:
    """A page name per card file, unique, from its folder and file name (``bsum/rajada-v1.card`` ->
    ``bsum-rajada-v1``; standard input: ``stdin``), numbered when two would be the same."""
    from cardscript.core.normalize import fold_text

    taken: set[str] = set()
    out: list[str] = []
    for file in files:
        path = Path(file)
        base = f"{path.parent.name}-{path.stem}" if path.parent.name else path.stem
        slug = _UNSAFE.sub("-", fold_text(base).lower()).strip("-") or "card"
        candidate, n = slug, 2
        while candidate in taken:
            candidate, n = f"{slug}-{n}", n + 1
        taken.add(candidate)
        out.append(candidate)
    return out
