"""Damage (rules 4.8): dealing it, modifying it (4.8.3 B, C, D; 5.3) and redirecting it (4.8.3.1 E, 5.5)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardscript.compiler.ir.base import Procedure
from cardscript.compiler.ir.core import Count, Filter, Quantity, Ref, Selector


@dataclass(frozen=True, kw_only=True)
class Damage(Procedure):
    """"<source> causa N pontos de dano [penetrante] em <targets>" (4.8, 4.8.5 the source).

    ``distribute``: 4.8.4.2, the controller splits ``amount`` among the destinations before any calculation;
    ``per``: "para cada <x>", the amount is multiplied by what ``per`` counts; ``each_source``: "cada um dos
    personagens ... causa N pontos de dano em um personagem": every one of the sources deals it, one procedure each
    with its own destination chosen (4.8.4.3: separate effects on one destination are calculated separately)."""

    family: ClassVar[str] = "damage"
    source: Selector
    amount: Quantity
    targets: Selector
    piercing: bool = False
    distribute: bool = False
    per: Count | None = None
    each_source: bool = False


@dataclass(frozen=True, kw_only=True)
class ModifyDamage(Procedure):
    """A 4.8.3 damage modifier (5.3), working while its effect works.

    Step B adds ``delta``; C multiplies by ``multiply`` or divides by ``divide`` rounding ``round``
    ("down"/"up"); D sets the damage to ``set_to`` (or adds ``delta``). What it applies to: ``source``
    (the dealer, or the user of the action dealing it), ``source_kind`` ("action"), ``target``,
    ``action_filters`` (the action's power...), ``action_types`` ("antecipar", "imprevista"), ``action_name``,
    ``phase``, ``whose_turn``, ``first_per_turn`` (the first damaging action each turn), ``first_action`` (the
    first action used this turn), ``first_by_player`` (the first use this turn, by the player using it, of an action
    ``source`` describes: "a primeira ação de dano com alvos que cada jogador usar em um turno"), ``next_action``
    (the next damaging action of ``source``, Potencializar) with
    ``each_target`` (once on each of its targets), ``scope`` (4.8.3.1 ATENÇÃO: "any", "first", "chosen")."""

    family: ClassVar[str] = "modify_damage"
    step: str = "B"
    delta: int = 0
    delta_x: Quantity | None = None      # "+X pontos de dano": a counted delta
    multiply: int = 1
    divide: int = 1
    round: str = "down"
    set_to: int | None = None
    becomes_piercing: bool = False       # "aquele dano torna-se penetrante"
    only_piercing: bool = False          # applies to piercing damage only ("toda vez que ... receber dano penetrante")
    only_not_piercing: bool = False      # to damage that is not piercing ("... receber dano não penetrante")
    source: Selector | None = None
    source_kind: str = ""
    target: Selector | None = None
    action_filters: tuple[Filter, ...] = ()
    action_types: tuple[str, ...] = ()
    action_name: str = ""
    phase: str = ""
    whose_turn: Ref | None = None
    first_per_turn: bool = False
    first_action: bool = False
    first_by_player: bool = False
    next_action: bool = False
    each_target: bool = False
    scope: str = ""


@dataclass(frozen=True, kw_only=True)
class Redirect(Procedure):
    """"redirecione aquele dano para <to>" (4.8.3.1 E; the replacing procedure of a damage replacement)."""

    family: ClassVar[str] = "redirect"
    to: Selector
