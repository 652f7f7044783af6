"""The Effects Tree (rules 9.1): pending effects at levels, resolved procedure by procedure.

Reading of the rules implemented here:

* 9.1.1 / principle 2: an effect is a sequence of procedures; the tree runs ONE procedure at a time.
* 9.1.2: effects triggered while the tree is empty become pending at level 1; effects triggered
  during the resolution of an effect at level L become pending at level L + 1. The effect of an action
  (or of an activated effect) that starts a resolution is the *start of the tree*: it sits at level 0,
  so what its procedures trigger is pending at level 1 -- exactly the rulebook's walk-through, where
  Planos de Infiltração, loaded by the action Poderes Obscuros, "fica pendente no nível 1" and
  Heimdall, triggered by Planos de Infiltração, at level 2.
* 9.1.2.1: when a procedure triggers new effects, that procedure finishes, the effect PAUSES (it stays
  pending at its level) and the Active Player chooses one effect of the highest level. When an effect
  ends it leaves the tree and the Active Player chooses the next one by a)-d):
  a) an effect of a level higher than the one that ended; b) else one of the same level; c) else the
  paused effect of the highest level, resumed from its next procedure; d) else any effect of the
  highest level. If the last procedure of an effect triggers effects, the effect ends (nothing is left
  to pause) and rule a) picks one of the new effects.
* 5.2: a triggered effect's conditions are checked when it starts to resolve, not when it triggers;
  an effect whose condition fails leaves the tree without doing anything.
* 5.1: activated effects (and actions, 6.2 C/E "enquanto todos os efeitos que tenham sido
  desencadeados não forem resolvidos") may only start with an empty tree: :meth:`EffectsTree.empty`.

Every choice between pending effects goes to the Active Player's agent (principle 8) as an
``order`` decision (skipped when there is one candidate). Every step is logged (``tree_pending``,
``tree_start``, ``tree_pause``, ``tree_resume``, ``tree_end``, ``tree_skip``) with its level, for the
trace (principle 9); ``game.depth`` holds the level being resolved, so the events a procedure causes
carry their level too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from cardscript.compiler.ir import Effect, Procedure
from cardscript.engine.agents import Decision
from cardscript.engine.events import EventLog

CardId = int
"""A card's identity in a game (the engines number their cards)."""


class _TurnState(Protocol):
    @property
    def active_player(self) -> int: ...


class TreeHost(Protocol):
    """What the tree needs of a game (any game pack's: Battle Scenes' ``Game``, Sky World's ``SkyGame``): the
    level being resolved, the event log, whose turn it is, and a way to ask a player's agent."""

    depth: int

    @property
    def log(self) -> EventLog: ...

    @property
    def state(self) -> _TurnState: ...

    def decide(self, decision: Decision) -> Sequence[int]: ...


G = TypeVar("G", bound=TreeHost)

StepFn = Callable[[Any, "Pending"], None]
Step = Procedure | StepFn
"""One procedure: an IR :class:`Procedure` (run by the procedure runner) or a Python callable taking the game
(the engine's own procedures, e.g. the two halves of Clarividência; and hand-built test effects)."""

ConditionCheck = Callable[[Any, "Pending"], bool]


@dataclass(eq=False)
class Pending:
    """An effect in the tree: its procedures, where it is (``level``), how far it got (``next``)."""

    label: str
    steps: tuple[Step, ...]
    controller: int
    source: CardId | None = None
    effect: Effect | None = None
    kind: str = "triggered"                 # action | activated | triggered
    ctx: Any = None                         # the procedures' EffectContext (targets, chosen things...)
    condition: ConditionCheck | None = None # 5.2: checked when it starts to resolve
    event: Any = None                       # the event that triggered it
    level: int = 0
    next: int = 0                           # index of the next procedure to run
    started: bool = False
    paused: bool = False
    uid: int = 0
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def done(self) -> bool:
        return self.next >= len(self.steps)


class EffectsTree(Generic[G]):
    """The Effects Tree of a match (9.1.2). ``runner`` executes one IR procedure."""

    def __init__(self, game: G, runner: Callable[[G, Pending, Procedure], None] | None = None,
                 active_player: Callable[[], int] | None = None) -> None:
        self.game = game
        self.runner = runner
        self.pending: list[Pending] = []
        self.incoming: list[Pending] = []        # triggered since the last procedure finished
        self.current: Pending | None = None
        self.active_player = active_player or (lambda: game.state.active_player)
        self.procedures_run = 0
        self._uid = 0

    # -- state -------------------------------------------------------------------------------------
    def empty(self) -> bool:
        """5.1: activated effects and actions start only when no effect is pending (nor being resolved)."""
        return not self.pending and not self.incoming and self.current is None

    def levels(self) -> dict[int, list[str]]:
        out: dict[int, list[str]] = {}
        for p in self.pending:
            out.setdefault(p.level, []).append(p.label + (" (paused)" if p.paused else ""))
        return dict(sorted(out.items()))

    def trigger(self, effect: Pending) -> None:
        """A triggered effect: pending from the end of the current procedure on (9.1.2)."""
        self._uid += 1
        effect.uid = self._uid
        self.incoming.append(effect)

    # -- resolution ----------------------------------------------------------------------------------
    def resolve(self, root: Pending | None = None) -> None:
        """Resolve until the tree is empty. ``root``: an action's / activated effect's effect (level 0).

        Effects triggered before the call (while the tree was empty) become pending at level 1. A call
        made from inside a procedure returns at once: what it triggered waits for that procedure to end.
        """
        if self.current is not None:
            return
        if root is not None:
            self._uid += 1
            root.uid = self._uid
            root.level = 0
            self.pending.append(root)
            self._log("tree_pending", root)
        self._flush(1)
        if not self.pending:
            return
        chosen: Pending | None = root if root is not None else self._choose(self._highest(), "start")
        while chosen is not None:
            ended = self._run(chosen)
            if ended:
                chosen = self._after_end(chosen.level)
            else:
                chosen = self._choose(self._highest(), "after a pause")

    def _flush(self, level: int) -> bool:
        if not self.incoming:
            return False
        for p in self.incoming:
            p.level = level
            self.pending.append(p)
            self._log("tree_pending", p)
        self.incoming = []
        return True

    def _run(self, p: Pending) -> bool:
        """Run ``p`` from its next procedure until it pauses (False) or ends (True)."""
        game = self.game
        outer_depth = game.depth
        outer_current = self.current
        self.current = p
        game.depth = p.level
        try:
            if not p.started:
                p.started = True
                if p.condition is not None and not p.condition(game, p):
                    self._log("tree_skip", p, reason="condition not met at resolution (5.2)")
                    self._remove(p)
                    return True
                self._log("tree_start", p)
            elif p.paused:
                p.paused = False
                self._log("tree_resume", p, procedure=p.next)
            while not p.done:
                step = p.steps[p.next]
                p.next += 1
                self._run_step(p, step)
                if self._flush(p.level + 1) and not p.done:
                    p.paused = True
                    self._log("tree_pause", p, procedure=p.next)
                    return False
            self._remove(p)
            self._log("tree_end", p)
            return True
        finally:
            self.current = outer_current
            game.depth = outer_depth

    def _run_step(self, p: Pending, step: Step) -> None:
        self.procedures_run += 1
        if isinstance(step, Procedure):
            if self.runner is None:
                self.game.log.add("unsupported", p.level, effect=p.label, text=step.text or step.family)
            else:
                self.runner(self.game, p, step)
        else:
            step(self.game, p)

    def _remove(self, p: Pending) -> None:
        if p in self.pending:
            self.pending.remove(p)

    def _highest(self) -> list[Pending]:
        if not self.pending:
            return []
        top = max(p.level for p in self.pending)
        return [p for p in self.pending if p.level == top]

    def _after_end(self, level: int) -> Pending | None:
        """9.1.2.1 a)-d): the next effect after one at ``level`` ended."""
        higher = [p for p in self.pending if p.level > level]
        if higher:
            top = max(p.level for p in higher)
            return self._choose([p for p in higher if p.level == top], "a) higher level")
        same = [p for p in self.pending if p.level == level and not p.paused]
        if same:
            return self._choose(same, "b) same level")
        paused = [p for p in self.pending if p.paused]
        if paused:
            top = max(p.level for p in paused)
            return self._choose([p for p in paused if p.level == top], "c) paused, highest level")
        return self._choose(self._highest(), "d) highest level")

    def _choose(self, candidates: list[Pending], rule: str) -> Pending | None:
        if not candidates:
            return None
        candidates = sorted(candidates, key=lambda p: p.uid)
        if len(candidates) == 1:
            return candidates[0]
        player = self.active_player()
        (i,) = self.game.decide(Decision(
            player, "order", f"Effects Tree ({rule}): which pending effect resolves now?",
            tuple(f"[level {p.level}] {p.label}" for p in candidates)))
        return candidates[i]

    def _log(self, kind: str, p: Pending, **extra: Any) -> None:
        self.game.log.add(kind, p.level, effect=p.label, level=p.level, source=p.source, **extra)
