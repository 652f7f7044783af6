"""A Sky World card file's header (manual, "Aprenda a ler uma carta").

    Personagem: Morteus                 <- the title: card type and name (Personagem | Herói)
    Jogo: Sky World                     <- the game (required: without it the file is a Battle Scenes card)
    Requisito: 4                        <- Essências needed in the Banco
    Consumo: 1                          <- Essências consumed when it is awakened (0 when absent)
    Poder: 6                            <- decides combat
    Fé: 2                               <- what channelling adds to its player's score
    Estágio: I                          <- I, II or III (an evolution replaces the stage before it)
    Insígnia: ...                       <- the line an evolution follows
    Custo: 0                            <- a Herói: Essências its power consumes ("Seu Herói também participa")
    Patamar: Evolução ×2                <- a Herói: the evolved cards (II or III) on the field its power needs
    Texto permanente:
      AO ENTRAR: Fortalecer 1.          <- one paragraph per effect, each with its seal (seals.py)

The file's line structure is the language's (``grammar/card_file.read_entries``); which fields exist, which a
card type needs and what their values may be are this game's, checked here with the core's diagnostics.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cardscript.core import diagnostics as dg
from cardscript.core.diagnostics import Diagnostic, did_you_mean
from cardscript.core.normalize import Normalized, fold_text, normalize, split_paragraphs
from cardscript.core.source import SourceFile, Span
from cardscript.grammar.card_file import Entry, EntryPart, read_entries

CARD_TYPES = ("Personagem", "Herói")
NUMBER_FIELDS = ("Requisito", "Consumo", "Poder", "Fé", "Custo")
TEXT_FIELDS = ("Jogo", "Insígnia", "Código", "Raridade")
STAGE_FIELD = "Estágio"
TIER_FIELD = "Patamar"          # a Herói's power: how many evolutions it needs ("Evolução ×2", or "2")
FIELDS = (*TEXT_FIELDS[:1], *NUMBER_FIELDS, STAGE_FIELD, TIER_FIELD, *TEXT_FIELDS[1:])
REQUIRED: dict[str, tuple[str, ...]] = {
    "Personagem": ("Jogo", "Requisito", "Poder", "Fé", "Estágio"),
    "Herói": ("Jogo",),
}
ALLOWED: dict[str, frozenset[str]] = {
    "Personagem": frozenset(FIELDS) - {"Custo", TIER_FIELD},
    "Herói": frozenset({"Jogo", "Código", "Raridade", "Insígnia", "Custo", TIER_FIELD}),
}
STAGES = {"i": 1, "ii": 2, "iii": 3}
_TIER = re.compile(r"(?:evolucao\s*[x×*]\s*)?(\d)")
MAX_NUMBER = 99


@dataclass(frozen=True)
class SkyHeader:
    """The header as read: the numbers as printed (None when absent), the stage as 1..3."""

    card_type: str
    name: str
    requirement: int | None = None
    consumption: int = 0
    power: int | None = None
    faith: int | None = None
    stage: int | None = None
    insignia: str | None = None
    power_cost: int = 0             # a Herói's power: its cost ...
    tier: int = 0                   # ... and the evolutions it needs
    code: str | None = None
    rarity: str | None = None
    spans: dict[str, Span] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class SkyCardFile:
    """A Sky World card file, read: its header and its permanent text's paragraphs."""

    source: SourceFile
    header: SkyHeader
    paragraphs: tuple[Normalized, ...] = ()


_KEYS = {fold_text(k): k for k in (*FIELDS, "Texto permanente")}
_TYPES = {fold_text(k): k for k in CARD_TYPES}


class _Reader:
    def __init__(self, source: SourceFile) -> None:
        self.source = source
        self.diags: list[Diagnostic] = []

    def error(self, code: str, message: str, span: Span, hint: str | None = None) -> None:
        self.diags.append(Diagnostic(code, message, span, self.source, hint))

    def read(self) -> SkyCardFile | None:
        entries, diags = read_entries(self.source)
        self.diags.extend(diags)
        if not entries:
            if entries is not None:
                self.error(dg.E_HEADER_FIRST, "no card type line: a Sky World card file starts with "
                           "`Personagem: <Nome>` or `Herói: <Nome>`", Span(0, 0))
            return None
        title, rest = entries[0], entries[1:]
        card_type = _TYPES.get(fold_text(title.key.text)) if title.kind == "field" else None
        if card_type is None or title.value is None:
            sugg = did_you_mean(title.key.text, list(CARD_TYPES))
            self.error(dg.E_HEADER_FIRST, f"a Sky World card file starts with its type and name, not "
                       f"`{title.key.text}`", title.key.span,
                       f"did you mean `{sugg}: ...`?" if sugg else "e.g. `Personagem: Morteus`")
            return None
        values: dict[str, object] = {}
        spans: dict[str, Span] = {}
        paragraphs: tuple[Normalized, ...] = ()
        for entry in rest:
            if entry.kind == "permanent":
                paragraphs = self.text(entry)
            elif entry.kind == "field":
                self.field(card_type, entry, values, spans)
            else:
                self.error(dg.E_STRUCTURE, f"`{entry.key.text}` is not a line of a Sky World card", entry.key.span,
                           "a Sky World card has header fields and one `Texto permanente:` block (no `Ação:`)")
        for name in REQUIRED[card_type]:
            if name not in values and name not in spans:
                self.error(dg.E_FIELD_MISSING, f"a Sky World {card_type} card needs `{name}`", title.line,
                           f"add a line `{name}: ...` to the header")
        header = SkyHeader(
            card_type, normalize(title.value.text).text,
            requirement=_int(values.get("Requisito")), consumption=_int(values.get("Consumo")) or 0,
            power=_int(values.get("Poder")), faith=_int(values.get("Fé")), stage=_int(values.get(STAGE_FIELD)),
            insignia=_str(values.get("Insígnia")), power_cost=_int(values.get("Custo")) or 0,
            tier=_int(values.get(TIER_FIELD)) or 0, code=_str(values.get("Código")),
            rarity=_str(values.get("Raridade")), spans=spans)
        return SkyCardFile(self.source, header, paragraphs)

    def field(self, card_type: str, entry: Entry, values: dict[str, object], spans: dict[str, Span]) -> None:
        name = _KEYS.get(fold_text(entry.key.text))
        if name is None or name == "Texto permanente":
            sugg = did_you_mean(entry.key.text, list(FIELDS))
            self.error(dg.E_UNKNOWN_FIELD, f"unknown Sky World header field `{entry.key.text}`", entry.key.span,
                       f"did you mean `{sugg}`?" if sugg else "the fields are " + ", ".join(FIELDS))
            return
        if name in spans:
            self.error(dg.E_FIELD_DUPLICATE, f"duplicate header field `{name}`", entry.key.span, "remove one of them")
            return
        spans[name] = entry.key.span
        if name not in ALLOWED[card_type]:
            self.error(dg.E_FIELD_NOT_ALLOWED, f"a Sky World {card_type} card has no `{name}`", entry.key.span)
            return
        value = entry.value
        if value is None:
            self.error(dg.E_FIELD_VALUE, f"`{name}` has no value", entry.key.span)
            return
        values[name] = self.value(name, value)

    def value(self, name: str, value: EntryPart) -> object:
        text = value.text
        if name in NUMBER_FIELDS:
            if not text.isdigit() or int(text) > MAX_NUMBER:
                self.error(dg.E_FIELD_VALUE, f"`{name}` must be a whole number from 0 to {MAX_NUMBER}, not "
                           f"`{text}`", value.span, f"e.g. `{name}: 2`")
                return None
            return int(text)
        if name == TIER_FIELD:
            tier = _TIER.fullmatch(fold_text(text).strip())
            if tier is None:
                self.error(dg.E_FIELD_VALUE, f"`{TIER_FIELD}` is `Evolução ×N` or a number, not `{text}`",
                           value.span, "how many evolved cards (II or III) on your field the power needs")
                return None
            return int(tier.group(1))
        if name == STAGE_FIELD:
            stage = STAGES.get(fold_text(text).strip())
            if stage is None:
                self.error(dg.E_FIELD_VALUE, f"`{STAGE_FIELD}` is I, II or III, not `{text}`", value.span,
                           "the roman numeral printed on the card (it is not the requisito)")
            return stage
        return normalize(text).text

    def text(self, entry: Entry) -> tuple[Normalized, ...]:
        if entry.value is not None:
            self.error(dg.E_STRUCTURE, "text after `Texto permanente:` on its line", entry.value.span,
                       "write each paragraph on an indented line below it")
        out: list[Normalized] = []
        for body in entry.bodies:
            if body.text is None:
                continue
            out.extend(split_paragraphs(normalize(body.text.text, base=body.text.span.start)))
        if not out:
            self.error(dg.E_BLOCK_EMPTY, "empty `Texto permanente:` block", entry.key.span,
                       "indent the card's text under it, one paragraph per line")
        return tuple(out)


def _int(value: object) -> int | None:
    return value if isinstance(value, int) else None


def _str(value: object) -> str | None:
    return value if isinstance(value, str) else None


def read_sky_card(source: SourceFile) -> tuple[SkyCardFile | None, list[Diagnostic]]:
    """Read a Sky World card file's header and text blocks (the file, when its title line reads, even if a field
    does not: its text is still checked; the diagnostics say what did not read). Never raises on any input."""
    reader = _Reader(source)
    try:
        return reader.read(), reader.diags
    except Exception as exc:  # noqa: BLE001 - the reader must not raise; report it as a bug instead
        return None, [*reader.diags, Diagnostic(dg.E_INTERNAL, f"internal error while reading the card file: "
                                                f"{exc!r}", Span(0, 0), source)]
