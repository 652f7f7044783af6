"""Effects on effects and on the rules themselves: generated effects (5.7 B), replacements (5.5), texts losing
their effect (5.8), and statics that change a rule of the game (rules 7 keywords, 5.6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from cardscript.compiler.ir.base import Procedure
from cardscript.compiler.ir.core import Duration, Filter, Ref, Selector

if TYPE_CHECKING:
    from cardscript.compiler.ir.effects import Effect


@dataclass(frozen=True, kw_only=True)
class Generate(Procedure):
    """5.7 B: the resolving effect creates ``effect``, which works from now on for its own duration, with the
    creating effect's environment (its slots: "o alvo", "aquele personagem" keep their meaning)."""

    family: ClassVar[str] = "generate"
    effect: Effect


@dataclass(frozen=True, kw_only=True)
class Replace(Procedure):
    """5.5: when ``event`` ("search", "damage", "leave_scene", ...) would happen to / be done by ``subject``
    (in ``zones``), ``instead`` happens. The subject fills ``subject_slot`` for the replacing procedures;
    ``amount_slot``: the replaced event's number ("aquele mesmo número"); ``source``: damage only from that source
    ("fosse receber dano de uma ação"); ``phase`` / ``whose_turn``: only while that phase or step of that player's
    turn is under way ("durante a Etapa de Antecipação de seu turno")."""

    family: ClassVar[str] = "replace"
    event: str
    subject: Selector
    instead: tuple[Procedure, ...]
    zones: tuple[str, ...] = ()
    subject_slot: str = ""
    source: Selector | None = None
    phase: str = ""
    whose_turn: Ref | None = None


@dataclass(frozen=True, kw_only=True)
class SuppressText(Procedure):
    """5.8: ``targets``' permanent texts have no effect (``include_carried``: those of the cards they carry)."""

    family: ClassVar[str] = "suppress_text"
    targets: Selector
    include_carried: bool = False
    duration: Duration = Duration.WHILE_IN_PLACE


@dataclass(frozen=True, kw_only=True)
class CancelAction(Procedure):
    """"aquela ação não terá efeito": the action being used (the event's) resolves with no effect (4.6.2)."""

    family: ClassVar[str] = "cancel_action"
    action: Selector | None = None


# The rules a Rule static changes, with the value each takes (cardscript/games/battle_scenes/prelude/ defines the
# keywords that
# use them; cardscript/games/battle_scenes/runtime/rules.py answers the engine's questions about them).
RULES: dict[str, str] = {
    "deck_copies": "how many copies of this card a deck may hold (Item Único: 1 instead of 3)",
    "scene_identity": "characters sharing this one's identity allowed in the scene together (Pelotão: 'any'; "
                      "Clone: 'distinct_names', any number with different names)",
    "load_from": "where this card loads its cards from when it enters the scene (Materializar: 'deck_top')",
    "entry_load": "how many cards a character may enter the scene loaded with: 'fewer' (from one up to its initial "
                  "energy), '-N' (its initial energy or N fewer); ``of``: the cards it concerns (None: this card)",
    "enter_from": "a zone this card may be put into the scene from (Reviver: 'resources')",
    "ready": "actions this character may use in the turn it entered the scene (Prontidão: 'all' or a filter)",
    "use_once_by_name": "an action a character may not use twice by name in a turn (Ação Única)",
    "once_per_player": "an action characteristic a player may use once per turn (Singularidade)",
    "use_carried_action": "a carried card whose action the carrier may use (Interligar)",
    "open_hand": "a player plays with the hand revealed ('you' or 'opponent': whose, from the controller's side)",
    "counts_as": "this card also counts as a card of the ``of`` description while where its effect works",
    "all_modes": "the action named ``value`` uses every option of its effect, in order, instead of one (optional: its "
                 "user's controller may decline; ``subject``: the user it binds)",
}


@dataclass(frozen=True, kw_only=True)
class Rule(Procedure):
    """A static on a rule of the game itself: ``rule`` (a key of :data:`RULES`) takes ``value``;
    ``actions`` filters the actions it concerns (Prontidão), ``of`` the cards (Pelotão's identity)."""

    family: ClassVar[str] = "rule"
    rule: str
    value: str = ""
    actions: tuple[Filter, ...] = ()
    of: Selector | None = None
    subject: Selector | None = None      # who the rule binds: Ação Única's "este personagem" (use_once_by_name)
