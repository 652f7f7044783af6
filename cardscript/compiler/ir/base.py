"""The procedure: one pause point of the Effects Tree (rules 9.1.1), the base of every procedure family.

Each family is a frozen dataclass of its own module (``ir/damage.py``, ``ir/zones.py``...) with typed
fields; the runtime dispatches on the type to one handler per family (``runtime/handlers/``). What is
common to every procedure lives here: whether it is optional ("você pode", principle 8) and who decides,
whether it depends on an earlier optional step ("Se o fizer" / "Se não o fizer"), a condition checked when
it resolves, the slot it writes, and the text it was lowered from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardscript.compiler.ir.core import Condition, Selector


@dataclass(frozen=True, kw_only=True)
class Procedure:
    """One procedure. Subclasses add the family's operands."""

    family: ClassVar[str] = "procedure"   # the family's name in traces and ``cardscript explain``

    optional: bool = False               # "... pode ..." (a choice, principle 8)
    decider: Selector | None = None      # who decides an optional step (None: the effect's controller)
    if_done: bool = False                # "Se o fizer, ...": only if the previous optional step was done
    if_not_done: bool = False            # "Se não o fizer, ...": only if it was not
    condition: Condition | None = None   # checked when the procedure resolves
    text: str = ""                       # the clause it was lowered from, for traces
    introduces: str = ""                 # the slot it writes with what it affected / found / chose (core.py)


@dataclass(frozen=True, kw_only=True)
class Unsupported(Procedure):
    """Text the compiler cannot turn into something the engine runs: kept with the reason, reported by
    ``cardscript check`` / ``explain`` / ``corpus``, never silently skipped."""

    family: ClassVar[str] = "unsupported"
    why: str = ""
