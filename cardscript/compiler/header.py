"""The card file as read, before any sentence is parsed: header, blocks and their spans.

:func:`cardscript.grammar.card_file.read_card_file` produces a :class:`CardFileRaw`; the sentence parser
reads its paragraphs (:class:`~cardscript.core.normalize.Normalized`, whose ``origin`` offsets are
absolute offsets into the file text), and ``fmt`` writes it back with
:func:`cardscript.compiler.translate.format_card_text`.

Every value keeps the span of the text it came from; list fields keep one span per item.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal

from cardscript.compiler.vocabulary import ActionType, Alignment, CardType, Cost, Power
from cardscript.core.normalize import Normalized
from cardscript.core.source import SourceFile, Span

Stat = int | Literal["*"]
"""Initial energy or shield as printed: a number, or ``*`` when the card's text defines it."""

_NO_SPAN = Span(0, 0)


class HeaderField(Enum):
    """The header fields of a card file, with their canonical spelling (the formatter writes it, in this order)."""

    GAME = "Jogo"                   # the game the card belongs to (cardscript.core.games; Battle Scenes by default)
    CODE = "Código"
    ALTER_EGO = "Alter ego"
    ALIGNMENTS = "Alinhamento"
    AFFILIATIONS = "Afiliações"
    POWERS = "Poderes"
    POWER = "Poder"
    INITIAL_ENERGY = "Energia inicial"
    ADDITION_VALUE = "Valor de acréscimo"
    SHIELD = "Escudo"
    EVOLUTION = "Evolução"
    RARITY = "Raridade"

    @property
    def label(self) -> str:
        return self.value


class ActionField(Enum):
    """The indented fields at the top of an ``Ação:`` block."""

    COST = "Custo"
    POWER = "Poder"
    TYPES = "Tipo"

    @property
    def label(self) -> str:
        return self.value


@dataclass(frozen=True)
class HeaderSpans:
    """Where each header value is in the file (list fields: one span per item; None: field absent)."""

    title: Span = _NO_SPAN
    card_type: Span = _NO_SPAN
    name: Span = _NO_SPAN
    version: Span = _NO_SPAN
    game: Span | None = None
    code: Span | None = None
    alter_ego: Span | None = None
    alignments: tuple[Span, ...] = ()
    affiliations: tuple[Span, ...] = ()
    powers: tuple[Span, ...] = ()
    power: Span | None = None
    initial_energy: Span | None = None
    shield: Span | None = None
    addition_value: Span | None = None
    evolution: Span | None = None
    rarity: Span | None = None
    fields: tuple[tuple[HeaderField, Span], ...] = ()
    """Each header line present, in file order, with the span of its key."""


@dataclass(frozen=True)
class CardHeader:
    """The title line and the ``Campo: valor`` header of a card file (rules 2: the card's characteristics)."""

    card_type: CardType
    name: str
    version: int
    game: str | None = None         # the ``Jogo:`` line's game, as its title ("Battle Scenes"); None: no such line
    code: str | None = None
    alter_ego: str | None = None
    alignments: tuple[Alignment, ...] = ()
    affiliations: tuple[str, ...] = ()
    powers: tuple[Power, ...] = ()
    power: Power | None = None
    initial_energy: Stat | None = None
    shield: Stat | None = None
    addition_value: int | None = None
    evolution: Normalized | None = None
    rarity: str | None = None
    spans: HeaderSpans = HeaderSpans()

    @property
    def title(self) -> str:
        """``Raio Negro V1``."""
        return f"{self.name} V{self.version}"


@dataclass(frozen=True)
class ActionSpans:
    """Where each part of an action's head is in the file."""

    keyword: Span = _NO_SPAN
    name: Span = _NO_SPAN
    cost: Span | None = None
    power: Span | None = None
    types: tuple[Span, ...] = ()


@dataclass(frozen=True)
class ActionHeader:
    """An action's name, cost, power and types (rules 4.6). ``cost`` is None when the card prints none."""

    name: str
    cost: Cost | None
    power: Power | None = None
    types: tuple[ActionType, ...] = ()
    spans: ActionSpans = ActionSpans()


@dataclass(frozen=True)
class Comment:
    """A ``#`` comment line (kept so the formatter does not drop it)."""

    text: str
    span: Span


@dataclass(frozen=True)
class CardFileRaw:
    """A card file, read: header, permanent text paragraphs, action head and action text paragraphs.

    ``permanent`` is None when the file has no ``Texto permanente:`` block; ``action_text`` is empty when it
    has no action. Paragraph ``origin`` offsets are absolute offsets into ``source.text``.
    """

    source: SourceFile
    header: CardHeader
    permanent: tuple[Normalized, ...] | None = None
    action: ActionHeader | None = None
    action_text: tuple[Normalized, ...] = ()
    permanent_span: Span | None = None
    """Span of the ``Texto permanente`` keyword."""
    action_span: Span | None = None
    """Span of the ``Ação`` keyword."""
    comments: tuple[Comment, ...] = ()
