"""Characteristics gained and lost, and shields set (rules 4.8.6, 5.4, 5.7, golden rule 8 B.2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from cardscript.compiler.ir.base import Procedure
from cardscript.compiler.ir.core import Duration, Filter, Quantity, Selector
from cardscript.compiler.ir.rules import Rule

if TYPE_CHECKING:
    from cardscript.compiler.ir.effects import Effect


@dataclass(frozen=True, kw_only=True)
class Gain(Procedure):
    """"<targets> ganha(m) {AG}, Escudo +N, a afiliação X, ..." for ``duration`` (WHILE_IN_PLACE: a static).

    ``shield`` is the bonus (negative: a 4.8.6 C penalty); ``shield_x`` a counted one ("Escudo +X");
    ``powers_of`` / ``affiliations_of``: "os poderes / as afiliações de <selector>" (read when asked);
    ``actions_of``: may use the actions of those cards; ``keywords``: keyword characteristics gained -- a gained
    Prontidão is also its rule (4.6.2 C.1), for the actions ``ready_actions`` names (none: every action)."""

    family: ClassVar[str] = "gain"
    targets: Selector
    powers: tuple[str, ...] = ()
    affiliations: tuple[str, ...] = ()
    alignments: tuple[str, ...] = ()
    shield: int | None = None
    shield_x: Quantity | None = None
    powers_of: Selector | None = None
    affiliations_of: Selector | None = None
    actions_of: Selector | None = None
    keywords: tuple[str, ...] = ()
    alter_egos: tuple[str, ...] = ()     # "ganha o alter ego X": another alter ego besides its own (a state effect)
    alter_egos_of: Selector | None = None   # "o alter ego de um card de personagem que ele estiver carregando"
    keyword_rules: tuple[Rule, ...] = ()    # what the gained keywords mean (their prelude's Rule statics, 5.6)
    ready_actions: tuple[Filter, ...] = ()   # "ganha Prontidão - ação X / ações de {AE}": those actions only
    keyword_effects: tuple[Effect, ...] = ()   # a gained keyword's activated effects, its parameters filled in
    #                                           ("ganha Liderar {1} - afiliação X": the prelude's meaning, 5.6)
    duration: Duration = Duration.WHILE_IN_PLACE


@dataclass(frozen=True, kw_only=True)
class Lose(Procedure):
    """"<targets> perde(m) ..." for ``duration``: powers (``all_powers``: "todos os seus poderes"),
    affiliations (``all_affiliations``); losing beats gaining (8 B.2)."""

    family: ClassVar[str] = "lose"
    targets: Selector
    powers: tuple[str, ...] = ()
    powers_of: Selector | None = None    # "aquele poder": the one chosen earlier
    all_powers: bool = False
    affiliations: tuple[str, ...] = ()
    all_affiliations: bool = False
    alignments: tuple[str, ...] = ()     # alignments lost (the runtime's characteristics read them, like affiliations)
    all_alignments: bool = False         # ... all of them
    duration: Duration = Duration.WHILE_IN_PLACE


@dataclass(frozen=True, kw_only=True)
class SetShield(Procedure):
    """"o Escudo de <targets> torna-se N" (4.8.6 A: a new base shield) for ``duration``."""

    family: ClassVar[str] = "set_shield"
    targets: Selector
    value: int
    value_x: Quantity | None = None       # "é igual ao número de cards que ele estiver carregando": counted
    duration: Duration = Duration.WHILE_IN_PLACE
