"""Capacitation stages and leaving the scene by effect (rules 4.5, 4.7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardscript.compiler.ir.base import Procedure
from cardscript.compiler.ir.core import Quantity, Selector


@dataclass(frozen=True, kw_only=True)
class ChangeStage(Procedure):
    """"(in)capacite <targets> em {N}" (4.5): ``amounts`` offered (several: the controller picks one), or
    ``amount`` (X); ``to_stage``: "coloque aquele personagem no estágio {0}" sets it."""

    family: ClassVar[str] = "stage"
    targets: Selector
    capacitate: bool = False
    amounts: tuple[int, ...] = ()
    amount: Quantity | None = None
    to_stage: int | None = None


@dataclass(frozen=True, kw_only=True)
class KnockOut(Procedure):
    """"nocauteie <targets>" / "destrua <targets>" (4.7)."""

    family: ClassVar[str] = "knock_out"
    targets: Selector
