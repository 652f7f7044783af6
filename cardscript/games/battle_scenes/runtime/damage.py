"""The damage pipeline (rules 4.8), as an explicit, traceable calculation.

This module is pure: it knows nothing of the game state. The engine describes one damage procedure
(:class:`DamageProcedure`: its source as rule 4.8.5 identifies it, its destination, its initial amount,
whether it is piercing), the damage modifiers in operation (:class:`Modifier`, one per card effect, each
saying in which step of 4.8.3 it acts) and the redirecting effects (:class:`Redirect`, 4.8.3.1), and
:func:`calculate` walks the rulebook's steps:

* **A** the initial value, as the effect's text gives it (even 0: it still goes through every step);
* **B** additions and subtractions;
* **C** multiplications, then divisions (each rounded as printed: down or up);
* **D** fixed values. On reaching D with 0 or less, nothing that would trigger in D triggers and the source
  does not cause damage (an action becomes an action that does not cause damage). Above 0, every D effect
  triggers at once, in the order the Active Player chooses; once one of them makes the damage 0 the source
  no longer causes damage and the later ones that would increase it do not work;
* **E** redirection to a new destination (only if the damage is above 0);
* **F** (F.B, F.C, F.D, F.E) steps B-D again for the new destination, applying only modifiers not applied
  in an earlier calculation of the same procedure; each redirecting effect at most once per procedure
  (MH1 -> MH2 -> MH1 stops there).

Multiple damage (4.8.4): :func:`split_targets` (one effect, several destinations: one procedure each, ordered
by the effect's controller, 4.8.4.1), :func:`distribute` (the controller splits the amount first, 4.8.4.2).
Separate effects on one destination are separate procedures, each with its own calculation (4.8.4.3).

Applying the damage (4.8.1, 4.8.1.1, 4.8.2): :func:`apply_damage`: non-piercing damage goes to the shield
first, the rest unloads cards chosen by the controller of the source; piercing damage ignores the shield
without zeroing it. Knocking out / destroying (4.7) is the caller's: the result says how many cards to unload
and which, and whether the destination is left empty.

Every decision (ordering procedures or D triggers, redirecting, distributing, which cards to unload) goes
through a :class:`DamageDecider` (principle 8); :class:`AgentDecider` asks the engine's agents. The terms -- sources,
parties, procedures, modifiers, redirects, deciders -- are :mod:`cardscript.games.battle_scenes.runtime.damage_terms`'
(re-exported
here).

Every calculation records its stages in the rulebook's lettering (:class:`TraceLine`, A, B, C, D, E, F.B,
F.C, F.D, F.E) with each modifier named and the running value; :func:`format_trace` prints it like the
rulebook's walk-throughs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardscript.games.battle_scenes.runtime.damage_terms import (
    AgentDecider,
    CardId,
    Circumstances,
    DamageDecider,
    DamageDecisionError,
    DamageProcedure,
    DamageSource,
    FirstChoice,
    Modifier,
    Party,
    Redirect,
    Rounding,
    Scope,
    ScriptedDecider,
    Situation,
    SourceKind,
    Step,
    checked_order,
)

__all__ = [
    "AgentDecider", "Application", "Circumstances", "DamageDecider", "DamageDecisionError", "DamageProcedure",
    "DamageResult", "DamageSource", "FirstChoice", "Modifier", "Party", "Redirect", "Rounding", "Scope",
    "ScriptedDecider", "Situation", "SourceKind", "Step", "TraceLine", "apply_damage", "apply_result",
    "calculate", "calculate_all", "distribute", "format_application", "format_trace", "split_targets",
]


# ---------------------------------------------------------------------------------------------
# the trace and the result


@dataclass(frozen=True)
class TraceLine:
    """One line of a calculation: ``stage`` in the rulebook's lettering (A, B, C, D, E, F.B, F.C, F.D, F.E),
    the modifier or redirecting effect acting (if any), what happened, and the running value after it."""

    stage: str
    text: str
    value: int
    modifier: str = ""
    destination: str = ""


@dataclass(frozen=True)
class DamageResult:
    """The outcome of :func:`calculate`: ``amount`` (never negative) to ``destination`` (the final one);
    ``causes_damage`` False when D was reached with 0 or less or a D effect made it 0 (4.8.3 D: an action
    becomes an action that does not cause damage, for this destination); ``applied`` the modifiers in the order
    they acted; ``triggered`` the D effects that triggered (the engine carries out the rest of their texts);
    ``redirected`` the redirecting effects used, in order; ``trace`` every stage; ``path`` the destinations in
    order, the original first (one more than ``redirected``: MH2, MH1, MH2 in the Kraven / Mulher-Hulk example)."""

    procedure: DamageProcedure
    amount: int
    destination: Party
    causes_damage: bool
    applied: tuple[Modifier, ...]
    triggered: tuple[Modifier, ...]
    redirected: tuple[Redirect, ...]
    trace: tuple[TraceLine, ...]
    path: tuple[Party, ...] = ()

    @property
    def piercing(self) -> bool:
        """4.8.2: modifiers change the amount, never the type."""
        return self.procedure.piercing

    @property
    def source(self) -> DamageSource:
        return self.procedure.source


# ---------------------------------------------------------------------------------------------
# 4.8.3 and 4.8.3.1: the calculation


@dataclass
class _Run:
    """The running state of one procedure's calculation."""

    procedure: DamageProcedure
    modifiers: Sequence[Modifier]
    circumstances: Circumstances
    dest: Party
    value: int
    calculation: int = 0
    applied: list[int] = field(default_factory=list)
    triggered: list[Modifier] = field(default_factory=list)
    used: list[int] = field(default_factory=list)
    trace: list[TraceLine] = field(default_factory=list)
    path: list[Party] = field(default_factory=list)

    @property
    def situation(self) -> Situation:
        return Situation(self.procedure, self.dest, self.calculation, self.circumstances)

    def note(self, stage: str, text: str, modifier: str = "") -> None:
        prefix = "F." if self.calculation else ""
        self.trace.append(TraceLine(prefix + stage, text, self.value, modifier, self.dest.name))

    def eligible(self, step: Step) -> list[int]:
        sit = self.situation
        return [i for i, m in enumerate(self.modifiers)
                if m.step is step and i not in self.applied and m.matches(sit)]

    def act(self, stage: str, i: int) -> None:
        m = self.modifiers[i]
        self.value = m.act(self.value)
        self.applied.append(i)
        self.note(stage, f"{m.name} {m.describe()}", m.name)

    def step_b(self) -> None:
        """4.8.3 B: additions and subtractions."""
        bs = self.eligible(Step.B)
        for i in bs:
            self.act("B", i)
        if not bs:
            self.note("B", "no addition or subtraction")

    def step_c(self) -> None:
        """4.8.3 C: multiplications first, then divisions."""
        cs = self.eligible(Step.C)
        for i in [i for i in cs if self.modifiers[i].multiply != 1] + [i for i in cs
                                                                       if self.modifiers[i].multiply == 1]:
            self.act("C", i)
        if not cs:
            self.note("C", "no multiplication or division")

    def step_d(self, decider: DamageDecider) -> bool:
        """4.8.3 D; False: the source does not cause damage (reached with 0 or less, or made 0)."""
        action = self.procedure.source.is_action
        if self.value <= 0:
            self.note("D", "the damage is 0 or less: nothing triggers in D; the source does not cause damage"
                      + (" (the action becomes an action that does not cause damage)" if action else ""))
            return False
        ds = self.eligible(Step.D)
        if not ds:
            self.note("D", "no fixed value")
            return True
        active = self.circumstances.active_player
        if len(ds) > 1:
            answer = decider.order(active, "order_d_triggers", [self.modifiers[i].name for i in ds])
            ds = [ds[k] for k in checked_order(answer, len(ds), "order of the D effects")]
            self.note("D", "triggered together: " + ", ".join(self.modifiers[i].name for i in ds)
                      + f" (in the order chosen by the Active Player, player {active})")
        for i in ds:
            m = self.modifiers[i]
            self.triggered.append(m)
            if m.consent is not None and not m.consent(self.situation):
                self.applied.append(i)
                self.note("D", f"{m.name}: not done, so it does not act", m.name)
                continue
            if self.value <= 0 and m.increases(self.value):
                self.applied.append(i)
                self.note("D", f"{m.name} {m.describe()}: does not work, the source no longer causes damage",
                          m.name)
                continue
            self.act("D", i)
        if self.value <= 0:
            self.note("D", "the damage became 0: the source does not cause damage"
                      + (" (no longer an action that causes damage)" if action else ""))
            return False
        return True

    def step_e(self, redirects: Sequence[Redirect], decider: DamageDecider) -> bool:
        """4.8.3.1 E: redirect the damage (above 0) to a new destination; True if it was redirected."""
        sit = self.situation
        offers: list[tuple[int, Party]] = []
        for r_index, r in enumerate(redirects):
            if r_index not in self.used:
                offers += [(r_index, p) for p in r.options(sit)]
        if not offers:
            self.note("E", "no redirection")
            return False
        effects = sorted({r for r, _ in offers})
        optional = all(redirects[r].optional for r in effects)
        if len(effects) > 1:
            chooser = self.circumstances.active_player
            who = f"the Active Player's choice, player {chooser}"
        else:
            only = redirects[effects[0]]
            chooser = only.chooser if only.chooser is not None else only.controller
            who = f"player {chooser}"
        labels = [f"{redirects[r].name}: to {p.name}" for r, p in offers]
        pick = (decider.choose(chooser, "redirect", labels, optional, [p.card for _, p in offers])
                if len(offers) > 1 or optional else 0)
        if pick is None:
            if not optional:
                raise DamageDecisionError("a redirection that must happen was declined")
            self.note("E", f"player {chooser} does not redirect ({', '.join(redirects[r].name for r in effects)})")
            return False
        if not 0 <= pick < len(offers):
            raise DamageDecisionError(f"redirect: no option {pick}")
        r_index, new = offers[pick]
        self.used.append(r_index)
        self.note("E", f"{self.value} redirected from {self.dest.name} to {new.name} by "
                       f"{redirects[r_index].name} ({who})", redirects[r_index].name)
        self.dest = new
        self.path.append(new)
        self.calculation += 1
        return True


def calculate(procedure: DamageProcedure, modifiers: Sequence[Modifier] = (), redirects: Sequence[Redirect] = (),
              decider: DamageDecider | None = None, circumstances: Circumstances | None = None) -> DamageResult:
    """Rules 4.8.3 (A, B, C, D) and 4.8.3.1 (E, F.B, F.C, F.D, F.E) for one damage procedure.

    Every modifier acts at most once per procedure, in the first calculation where it matches (F: only
    modifiers not yet applied); :attr:`Scope.FIRST_CALCULATION` ones only in the first calculation. Each
    redirecting effect acts at most once per procedure. Redirection happens only with damage above 0 (E)."""
    decider = decider or FirstChoice()
    run = _Run(procedure, modifiers, circumstances or Circumstances(), procedure.destination, procedure.amount,
               path=[procedure.destination])
    run.trace.append(TraceLine("A", f"initial damage of {procedure.effect or procedure.source.name}"
                                    f"{' (piercing)' if procedure.piercing else ''} to {run.dest.name}",
                               run.value, destination=run.dest.name))
    while True:
        run.step_b()
        run.step_c()
        causes = run.step_d(decider)
        if not causes or not run.step_e(redirects, decider):
            break
    final = max(0, run.value) if causes else 0
    dest = run.dest
    run.trace.append(TraceLine("=", f"{final} {'piercing ' if procedure.piercing else ''}damage to {dest.name}"
                                    + ("" if causes else " (does not cause damage)"), final,
                               destination=dest.name))
    return DamageResult(procedure, final, dest, causes, tuple(modifiers[i] for i in run.applied),
                        tuple(run.triggered), tuple(redirects[i] for i in run.used), tuple(run.trace),
                        tuple(run.path))


def calculate_all(procedures: Sequence[DamageProcedure], modifiers: Sequence[Modifier] = (),
                  redirects: Sequence[Redirect] = (), decider: DamageDecider | None = None,
                  circumstances: Circumstances | None = None) -> list[DamageResult]:
    """4.8.4.3: separate procedures, each through its own calculation (even from one source, to one
    destination). In order; the caller applies each result before the next when they interact."""
    return [calculate(p, modifiers, redirects, decider, circumstances) for p in procedures]


# ---------------------------------------------------------------------------------------------
# 4.8.4: multiple damage


def _ordered(procs: list[DamageProcedure], controller: int, decider: DamageDecider) -> list[DamageProcedure]:
    if len(procs) < 2:
        return procs
    labels = [f"{p.amount} to {p.destination.name}" for p in procs]
    order = checked_order(decider.order(controller, "order_procedures", labels), len(procs),
                           "order of the procedures")
    return [procs[k] for k in order]


def split_targets(source: DamageSource, destinations: Sequence[Party], amount: int, piercing: bool = False,
                  decider: DamageDecider | None = None, effect: str = "") -> list[DamageProcedure]:
    """4.8.4.1: an effect causing damage to several different destinations is divided into one procedure per
    destination, each with its own calculation, in the order its controller chooses."""
    procs = [DamageProcedure(source, d, amount, piercing, effect) for d in destinations]
    return _ordered(procs, source.controller, decider or FirstChoice())


def distribute(source: DamageSource, total: int, destinations: Sequence[Party], piercing: bool = False,
               decider: DamageDecider | None = None, effect: str = "") -> list[DamageProcedure]:
    """4.8.4.2: the effect's controller first distributes all the damage among the destinations; each
    destination given damage is one procedure whose step A is its share; then the controller orders them."""
    decider = decider or FirstChoice()
    shares = list(decider.split(source.controller, "distribute", total, [d.name for d in destinations],
                                [d.card for d in destinations]))
    if len(shares) != len(destinations) or any(s < 0 for s in shares) or sum(shares) != total:
        raise DamageDecisionError(f"distribute {total} among {len(destinations)}: {shares} is not a distribution")
    procs = [DamageProcedure(source, d, s, piercing, effect)
             for d, s in zip(destinations, shares, strict=True) if s > 0]
    return _ordered(procs, source.controller, decider)


# ---------------------------------------------------------------------------------------------
# 4.8.1, 4.8.1.1, 4.8.2: applying the damage


@dataclass(frozen=True)
class Application:
    """Damage applied to a destination (4.8.1): ``absorbed`` by the shield (0 for piercing damage, 4.8.2),
    ``unloaded`` the cards the source's controller chose to unload (the rest beyond the shield, at most what it
    carries); ``emptied``: it carries nothing now (the caller knocks the character out / destroys the support,
    4.7)."""

    destination: Party
    damage: int
    piercing: bool
    shield_before: int
    absorbed: int
    shield_after: int
    unloaded: tuple[CardId, ...]
    emptied: bool

    @property
    def to_unload(self) -> int:
        return len(self.unloaded)


def apply_damage(destination: Party, damage: int, piercing: bool, shield: int, carried: Sequence[CardId],
                 chooser: int, decider: DamageDecider | None = None) -> Application:
    """4.8.1: non-piercing damage goes to the shield first (lowering it by what it absorbs; a shield never
    goes below 0, 4.7); the rest unloads that many cards, chosen by ``chooser`` (the controller of the
    damage's source). 4.8.2: piercing damage ignores the shield and does not lower it."""
    if damage < 0 or shield < 0:
        raise ValueError("damage and shields are never negative")
    absorbed = 0 if piercing else min(shield, damage)
    rest = min(damage - absorbed, len(carried))
    picked: list[CardId] = []
    if rest:
        picked = list((decider or FirstChoice()).pick(chooser, "unload", list(carried), rest))
        if len(picked) != rest or len(set(picked)) != rest or not set(picked) <= set(carried):
            raise DamageDecisionError(f"unload {rest} of {list(carried)}: {picked}")
    return Application(destination, damage, piercing, shield, absorbed, shield - absorbed, tuple(picked),
                       len(carried) - rest == 0)


def apply_result(result: DamageResult, shield: int, carried: Sequence[CardId],
                 decider: DamageDecider | None = None) -> Application:
    """Apply a calculated procedure to its final destination; the source's controller picks the cards."""
    return apply_damage(result.destination, result.amount, result.piercing, shield, carried,
                        result.source.controller, decider)


# ---------------------------------------------------------------------------------------------
# printing


def format_trace(result: DamageResult) -> str:
    """The calculation as the rulebook walks through it: one line per stage, each modifier named, the running
    value after it."""
    proc = result.procedure
    lines = [f"{proc.source.describe()} -> {proc.destination.name}: {proc.amount}"
             f"{' piercing' if proc.piercing else ''} damage (4.8.3)"]
    last_dest = proc.destination.name
    for line in result.trace:
        if line.stage == "=":
            lines.append(f"  = {line.text}")
            continue
        if line.destination != last_dest and not line.stage.endswith("E"):
            lines.append(f"  -- new destination {line.destination} (F: steps B-D again, only modifiers not yet "
                         "applied)")
            last_dest = line.destination
        lines.append(f"  {line.stage + '.':<5} {line.text}  [{line.value}]")
    return "\n".join(lines)


def format_application(app: Application) -> str:
    """One line for applying damage (4.8.1)."""
    kind = "piercing " if app.piercing else ""
    shield = ("shield ignored" if app.piercing else
              f"shield {app.shield_before} absorbs {app.absorbed} -> {app.shield_after}")
    end = "; it carries nothing now (4.7)" if app.emptied else ""
    return f"{app.damage} {kind}damage to {app.destination.name}: {shield}; {app.to_unload} card(s) unloaded{end}"
