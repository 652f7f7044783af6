"""Effect objects: the typed, immutable IR the compiler lowers card text into and the runtime executes.

One frozen dataclass per procedure family, in one module per group of families; the runtime dispatches
on the type (``cardscript/games/battle_scenes/runtime/handlers/``). ``core`` holds what every procedure is built from
(selectors, quantities, conditions, event patterns, durations, slots); ``effects`` the effects, actions
and cards they make up. Anything the compiler cannot express is an :class:`Unsupported` procedure (or an
``EffectKind.UNSUPPORTED`` effect) carrying its reason: reported, counted, never silently skipped.
"""

from cardscript.compiler.ir.actions import (
    Allow,
    ChangeAction,
    ChangeHandLimit,
    CountdownAsIfNone,
    ExtraAction,
    ExtraDraw,
    ForceTarget,
    KeywordBonus,
    Restrict,
    SetCost,
    SetEvolution,
)
from cardscript.compiler.ir.attributes import Gain, Lose, SetShield
from cardscript.compiler.ir.base import Procedure, Unsupported
from cardscript.compiler.ir.choices import Choose, ChooseOption
from cardscript.compiler.ir.core import Condition, Count, Duration, EventPattern, Filter, Kind, Quantity, Ref, Selector
from cardscript.compiler.ir.damage import Damage, ModifyDamage, Redirect
from cardscript.compiler.ir.effects import (
    ACTION_COST,
    ACTION_END,
    ACTION_START,
    ACTION_WINDOWS,
    ActionDef,
    CardDef,
    Effect,
    EffectKind,
)
from cardscript.compiler.ir.rules import RULES, CancelAction, Generate, Replace, Rule, SuppressText
from cardscript.compiler.ir.stages import ChangeStage, KnockOut
from cardscript.compiler.ir.zones import (
    Discard,
    Draw,
    KeepAside,
    Load,
    Look,
    Move,
    PutInScene,
    Reveal,
    Search,
    Shuffle,
    Swap,
    Unload,
)

__all__ = [
    "ACTION_COST", "ACTION_END", "ACTION_START", "ACTION_WINDOWS", "RULES",
    "ActionDef", "Allow", "CancelAction", "CardDef", "ChangeAction", "ChangeStage", "Choose", "ChooseOption",
    "ChangeHandLimit", "Condition", "Count", "CountdownAsIfNone",
    "Damage", "Discard", "Draw", "Duration", "Effect", "EffectKind", "EventPattern", "ExtraAction", "ExtraDraw",
    "Filter", "ForceTarget", "Gain", "Generate", "KeepAside", "KeywordBonus", "Kind", "KnockOut", "Load", "Look",
    "Lose", "ModifyDamage", "Move",
    "Procedure", "PutInScene", "Quantity", "Redirect", "Ref", "Replace", "Restrict", "Reveal", "Rule", "Search",
    "Selector", "SetCost", "SetEvolution", "SetShield", "Shuffle", "SuppressText", "Swap", "Unload", "Unsupported",
]
