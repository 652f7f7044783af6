"""Choosing (principle 8): things, or a characteristic such as an affiliation or a power."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardscript.compiler.ir.base import Procedure
from cardscript.compiler.ir.core import Selector


@dataclass(frozen=True, kw_only=True)
class Choose(Procedure):
    """"<who> escolhe <what>" -> the chosen fill ``introduces``. ``characteristic`` ("affiliation", "power",
    "card_type") chooses a value instead, excluding ``excluding``, optionally among those ``among`` has;
    ``marks``: choosing marks the chosen for this turn ("potencializado", glossary)."""

    family: ClassVar[str] = "choose"
    what: Selector | None = None
    who: Selector | None = None          # None: the effect's controller
    characteristic: str = ""
    excluding: tuple[str, ...] = ()
    among: Selector | None = None
    marks: tuple[str, ...] = ()
