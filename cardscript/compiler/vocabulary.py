"""The closed game vocabulary of Battle Scenes, as data.

Powers, cost/stage icons, alignments, card types, action types, zones, phases and steps are fixed by the
rules (sections 2, 3, 4.5, 4.6 and 6.2 of the comprehensive rules); a word outside these sets is a
misspelling, so every lookup either finds the term or offers a "did you mean" candidate.

Lookups compare keys folded with :func:`cardscript.core.normalize.fold_text` (no case, no accents),
with runs of blanks collapsed and blanks around hyphens dropped (``Personagem - EV`` = ``personagem-ev``).
Open vocabularies (affiliations, names, alter egos, rarities of future collections) are not here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Generic, TypeVar

from cardscript.core.diagnostics import did_you_mean
from cardscript.core.normalize import fold_text

__all__ = [
    "ALIGNMENTS", "ACTION_TYPES", "CARD_TYPES", "COSTS", "PHASES", "POWERS", "RARITIES", "STEPS",
    "TURN_ORDER", "ZONES", "ActionType", "Alignment", "CardType", "Cost", "Lookup", "Phase", "Power",
    "Rarity", "Step", "Vocabulary", "Zone", "fold_key", "lookup_power", "power_by_code",
]


@lru_cache(maxsize=1 << 16)
def fold_key(text: str) -> str:
    """The matching key of a term: folded, blanks collapsed, no blanks around ``-``, trimmed (kept per text: the
    engine folds the same few names millions of times)."""
    key = fold_text(text.strip())
    key = re.sub(r"\s+", " ", key)
    return re.sub(r"\s*-\s*", "-", key)


class _Labelled(Enum):
    """A term whose value is its canonical printed spelling."""

    @property
    def label(self) -> str:
        return str(self.value)


class Power(Enum):
    """The 13 powers (rules 2.1: the power icons on characters and ability cards) and their icon codes."""

    AGILIDADE = ("Agilidade", "AG")
    VOO = ("Voo", "VO")
    SUPER_FORCA = ("Super Força", "SF")
    ATAQUE_A_DISTANCIA = ("Ataque a Distância", "AD")
    GENIALIDADE = ("Genialidade", "GE")
    ATAQUE_ENERGETICO = ("Ataque Energético", "AE")
    LAMINAS = ("Lâminas", "LA")
    REGENERACAO = ("Regeneração", "RE")
    ELASTICIDADE = ("Elasticidade", "EL")
    TELEPATIA = ("Telepatia", "TE")
    TELECINESIA = ("Telecinesia", "TC")
    MAGIA = ("Magia", "MA")
    PODER_COSMICO = ("Poder Cósmico", "PC")

    @property
    def label(self) -> str:
        """Canonical Portuguese name, e.g. ``Super Força``."""
        return self.value[0]

    @property
    def code(self) -> str:
        """Icon code, e.g. ``SF``."""
        return self.value[1]

    @property
    def icon(self) -> str:
        """The icon as written in card text, e.g. ``{SF}``."""
        return "{" + self.value[1] + "}"


class Cost(Enum):
    """Action costs and stage icons (rules 4.5, 4.6 "Custos da Ação"): ``{0}`` ``{1}`` ``{2}`` ``{X}``."""

    ZERO = "0"
    ONE = "1"
    TWO = "2"
    X = "X"

    @property
    def label(self) -> str:
        return self.icon

    @property
    def icon(self) -> str:
        return "{" + self.value + "}"

    @property
    def stages(self) -> int | None:
        """The number of stages the icon stands for; None for ``{X}`` (decided when the action is used)."""
        return None if self is Cost.X else int(self.value)


class Alignment(_Labelled):
    """Alignments (rules 2.1); a character may have both, or neither (printed N/A)."""

    HEROI = "Herói"
    VILAO = "Vilão"


class CardType(_Labelled):
    """Card types (rules 2): Personagem (2.1), Personagem-EV (2.1.1), Suporte, Cenário, Habilidade."""

    PERSONAGEM = "Personagem"
    PERSONAGEM_EV = "Personagem-EV"
    SUPORTE = "Suporte"
    CENARIO = "Cenário"
    HABILIDADE = "Habilidade"


class ActionType(_Labelled):
    """Action types (rules 4.6, C.5): an action with neither is a normal action."""

    ANTECIPAR = "Ação de Antecipar"
    IMPREVISTA = "Ação Imprevista"


class Zone(_Labelled):
    """Play areas (rules 3): deck, mão, recursos, cena, prêmios."""

    DECK = "deck"
    MAO = "mão"
    RECURSOS = "recursos"
    CENA = "cena"
    PREMIOS = "prêmios"


class _Sectioned(Enum):
    """A part of the turn whose value is (printed name, rule section)."""

    @property
    def label(self) -> str:
        return str(self.value[0])

    @property
    def section(self) -> str:
        return str(self.value[1])


class Phase(_Sectioned):
    """The phases of the turn, in order (rules 6.2 A-E); values are (name, rule section)."""

    CONTAGEM_REGRESSIVA = ("Fase de Contagem Regressiva", "6.2 A")
    COMPRA = ("Fase de Compra", "6.2 B")
    PREPARACAO = ("Fase de Preparação", "6.2 C")
    AJUSTE = ("Fase de Ajuste", "6.2 D")
    COMBATE = ("Fase de Combate", "6.2 E")

    @property
    def steps(self) -> tuple[Step, ...]:
        """The steps a phase is divided into (only the Fase de Combate has steps, rules 6.2 E)."""
        return (Step.ANTECIPACAO, Step.ATAQUE) if self is Phase.COMBATE else ()


class Step(_Sectioned):
    """The steps of the Fase de Combate (rules 6.2 E.1, E.2); values are (name, rule section)."""

    ANTECIPACAO = ("Etapa de Antecipação", "6.2 E.1")
    ATAQUE = ("Etapa de Ataque", "6.2 E.2")

    @property
    def phase(self) -> Phase:
        return Phase.COMBATE


class Rarity(_Labelled):
    """Printed rarities of the collections so far; an open set (the reader keeps unknown ones as text)."""

    COMUM = "Comum"
    INCOMUM = "Incomum"
    RARO = "Raro"
    SUPER_RARO = "Super Raro"
    ULTRA_RARO = "Ultra Raro"
    DECK = "Deck"
    PROMO = "Promo"



TURN_ORDER: tuple[Phase | Step, ...] = (
    Phase.CONTAGEM_REGRESSIVA, Phase.COMPRA, Phase.PREPARACAO, Phase.AJUSTE, Phase.COMBATE,
    Step.ANTECIPACAO, Step.ATAQUE,
)
"""Phases and steps in the order a turn goes through them (rules 6.2); a step follows its phase's start."""

E = TypeVar("E", bound=Enum)


@dataclass(frozen=True)
class Lookup(Generic[E]):
    """The result of a vocabulary lookup: the term, or None and the closest canonical spelling (if any)."""

    value: E | None
    suggestion: str | None = None

    def __bool__(self) -> bool:
        return self.value is not None


class Vocabulary(Generic[E]):
    """A closed set of terms (an Enum with a ``label``) with case/accent-insensitive lookup and aliases."""

    def __init__(self, kind: str, enum: type[E], aliases: Iterable[tuple[str, E]] = ()) -> None:
        self.kind = kind
        self.enum = enum
        self._by_key: dict[str, E] = {}
        for member in enum:
            self._by_key[fold_key(self.label(member))] = member
        for alias, member in aliases:
            self._by_key[fold_key(alias)] = member

    @staticmethod
    def label(member: E) -> str:
        label = getattr(member, "label", None)
        return label if isinstance(label, str) else str(member.value)

    def labels(self) -> tuple[str, ...]:
        """The canonical spellings, in declaration order."""
        return tuple(self.label(m) for m in self.enum)

    def __iter__(self) -> Iterator[E]:
        return iter(self.enum)

    def __contains__(self, text: object) -> bool:
        return isinstance(text, str) and fold_key(text) in self._by_key

    def lookup(self, text: str) -> Lookup[E]:
        """Find a term by any accepted spelling; on a miss, suggest the closest canonical spelling."""
        found = self._by_key.get(fold_key(text))
        if found is not None:
            return Lookup(found)
        return Lookup(None, self.suggest(text))

    def get(self, text: str) -> E | None:
        return self._by_key.get(fold_key(text))

    def suggest(self, text: str) -> str | None:
        """The canonical spelling of the closest known term (aliases count), or None."""
        key = fold_key(text)
        spellings: dict[str, str] = {}
        for alias_key, member in self._by_key.items():
            spellings.setdefault(alias_key, self.label(member))
        match = did_you_mean(key, list(spellings))
        return spellings[match] if match is not None else None


POWERS: Vocabulary[Power] = Vocabulary(
    "power", Power,
    [(p.icon, p) for p in Power] + [(p.code, p) for p in Power]
    + [("Ataque à Distância", Power.ATAQUE_A_DISTANCIA)],
)
COSTS: Vocabulary[Cost] = Vocabulary("cost", Cost, [(c.value, c) for c in Cost])
ALIGNMENTS: Vocabulary[Alignment] = Vocabulary(
    "alignment", Alignment, [("Heroi", Alignment.HEROI), ("Vilao", Alignment.VILAO)]
)
CARD_TYPES: Vocabulary[CardType] = Vocabulary(
    "card type", CardType, [("Personagem EV", CardType.PERSONAGEM_EV), ("Cenario", CardType.CENARIO)]
)
ACTION_TYPES: Vocabulary[ActionType] = Vocabulary(
    "action type", ActionType,
    [("Antecipar", ActionType.ANTECIPAR), ("Ação Antecipar", ActionType.ANTECIPAR),
     ("Imprevista", ActionType.IMPREVISTA), ("Ação de Imprevista", ActionType.IMPREVISTA)],
)
ZONES: Vocabulary[Zone] = Vocabulary("zone", Zone)
PHASES: Vocabulary[Phase] = Vocabulary(
    "phase", Phase,
    [("Contagem Regressiva", Phase.CONTAGEM_REGRESSIVA), ("Compra", Phase.COMPRA),
     ("Preparação", Phase.PREPARACAO), ("Ajuste", Phase.AJUSTE), ("Combate", Phase.COMBATE)],
)
STEPS: Vocabulary[Step] = Vocabulary(
    "step", Step, [("Antecipação", Step.ANTECIPACAO), ("Ataque", Step.ATAQUE)]
)
RARITIES: Vocabulary[Rarity] = Vocabulary("rarity", Rarity)


def lookup_power(text: str) -> Lookup[Power]:
    """A power by full name (``Super Força``), icon (``{SF}``) or code (``SF``)."""
    return POWERS.lookup(text)


def power_by_code(code: str) -> Power | None:
    """A power by its icon code, with or without braces; None if unknown."""
    code = code.strip().strip("{}").upper()
    return next((p for p in Power if p.code == code), None)
