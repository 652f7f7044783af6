"""Choosing (principle 8): things, or a characteristic such as an affiliation or a power."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardscript.compiler.ir.base import Procedure
from cardscript.compiler.ir.core import Condition, Selector


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


@dataclass(frozen=True, kw_only=True)
class ChooseOption(Procedure):
    """"<efeito A> ou <efeito B>" outside an action's modes (4.6.2 B read for any effect): ``who`` (None: the
    effect's controller) chooses one of ``options`` -- the options' texts --, among those whose ``guards`` (each
    option's own condition, "... ou B se ...") hold now. The choice is remembered under ``introduces``; each
    option's procedures follow this one in the effect, each with the condition ``Condition("option",
    value="<index>@<slot>")``, so every one stays its own pause point of the Effects Tree (9.1.1)."""

    family: ClassVar[str] = "choose_option"
    options: tuple[str, ...] = ()
    guards: tuple[Condition | None, ...] = ()
    who: Selector | None = None
