"""The shared context of the family builders: one clause being given its meaning.

A builder (``procedures``, ``statics``, ``events``, ``conditions``) gets a :class:`Build` -- the clause's
filled roles, the reading (bindings, slots, accounting), and what the enclosing effect says (is it a
static of a permanent text, the trigger's event) -- and returns IR objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardscript.compiler.fast_replace import replace
from cardscript.compiler.ir import Condition, Duration, EffectKind, Kind, Procedure, Quantity, Ref, Selector
from cardscript.compiler.semantics.clauses import Roles
from cardscript.compiler.semantics.nouns import YOU, players, things
from cardscript.compiler.semantics.reading import NotUnderstood, Reading
from cardscript.compiler.semantics.syntax import NP, PP, constituent_leaves
from cardscript.compiler.semantics.times import Adjuncts, adjuncts


@dataclass
class Build:
    roles: Roles
    r: Reading
    static: bool = False                  # a permanent text's paragraph with no trigger or window (5.4)
    text: str = ""
    _adjuncts: Adjuncts | None = None
    subject_sel: Selector | None = None   # the clause's subject, once read (who decides a "pode")
    lead_duration: Duration | None = None  # the sentence's leading "Neste turno, ..." / "Até o final do turno, ..."
    coordinated: bool = False             # the clause follows "e" with its subject left out ("X ganha ... e pode ...")
    using: PP | None = None               # "Se ..., ao usar a ação X, <this clause>" (a leading condition's end)

    @property
    def verb(self):  # type: ignore[no-untyped-def]
        return self.roles.verb

    @property
    def adjuncts(self) -> Adjuncts:
        if self._adjuncts is None:
            self._adjuncts = adjuncts(self.roles.filled, self.r)     # type: ignore[arg-type]
            if self.lead_duration is not None:                       # a leading duration is the clause's (5.7 A.2.1)
                self._adjuncts.lead_duration(self.lead_duration)
        return self._adjuncts

    def duration(self, default: Duration) -> Duration:
        d = self.adjuncts.duration
        if d is not None:
            return d
        return Duration.WHILE_IN_PLACE if self.static else default

    def subject(self, default: Selector | None = None) -> Selector:
        """The clause's subject as a selector ("você" when the clause has none: an imperative)."""
        np = self.roles.subject_np
        if np is None and default is None and self.r.subject_stack and (
                self._plural_finite() or self.coordinated and self._finite("3s")):
            sel = self.r.subject_stack[-1]       # "... são heróis ... e ganham a afiliação X": the subject before
            self.r.subject_stack.append(sel)
            self.subject_sel = sel
            return sel
        if np is None:
            sel = default if default is not None else YOU
            self.r.subject_stack.append(sel)
            return sel
        sel = things(np, self.r) if np.cls != "player" else players(np, self.r)
        self.r.subject_stack.append(sel)
        self.subject_sel = sel
        return sel

    def _plural_finite(self) -> bool:
        """A finite verb in the third person plural ("ganham", "podem") or a present indicative singular ("Aquele
        jogador escolhe um card ... e o coloca ...": not the imperative "coloque"): its subject was left out, not
        "você"."""
        words = [w for w in self.roles.verb.words if w.cls in ("VFIN", "AUX")]
        form = self.roles.verb.form(words[0]) if words else ""
        return form.endswith("3p") or form == "pres3s"


    def _finite(self, person: str) -> bool:
        """The verb group's first finite verb is in that person ("3p": "ganham"; "3s": "pode", not the imperative
        "compre")."""
        words = [w for w in self.roles.verb.words if w.cls in ("VFIN", "AUX")]
        return bool(words) and self.roles.verb.form(words[0]).endswith(person)

    def player_subject(self) -> Selector:
        np = self.roles.subject_np
        if np is None and self.r.subject_stack and self._plural_finite() \
                and self.r.subject_stack[-1].kind is Kind.PLAYER:
            sel = self.r.subject_stack[-1]        # "Aquele jogador escolhe ... e o coloca em seus próprios prêmios"
            self.r.subject_stack.append(sel)
            self.subject_sel = sel
            return sel
        if np is None:
            self.r.subject_stack.append(YOU)
            self.subject_sel = YOU
            return YOU
        sel = players(np, self.r)
        self.r.subject_stack.append(sel)
        self.subject_sel = sel
        return sel

    def things(self, np: NP) -> Selector:
        return things(np, self.r)

    def pp_things(self, name: str) -> tuple[Selector, NP] | None:
        """The things a PP role names, with its coordinated PPs as alternatives: "em um personagem alvo com {LA} ou
        em um suporte alvo" is one target, a character with {LA} or a support (4.6.2 F)."""
        pp = self.roles.pp(name)
        np = self.roles.np(name)
        if np is None:
            return None
        if pp is not None:
            self.r.use(*pp.preps)
        sel = things(np, self.r)
        if pp is None or not pp.coords:
            return sel, np
        parts = [sel]
        conjunctive = True                               # "a cada personagem e a cada suporte": all of them
        for conj, other in pp.coords:
            self.r.use_all(conj)
            conjunctive = conjunctive and not any(getattr(w, "lemma", "") == "ou" for w in conj)
            self.r.use(*other.preps)
            if other.obj is None:
                raise NotUnderstood("or in what?", self.roles.clause)
            parts.append(things(other.obj, self.r))
        targets = [p for p in parts if p.ref is Ref.TARGET]
        if len(targets) == len(parts):                  # several new targets: one target, any of them
            entries = [self.r.targets[p.index] for p in parts]
            first = parts[0].index
            merged = replace(entries[0], union=tuple(replace(e, targeted=False) for e in entries), also=(),
                             filters=())
            self.r.targets[first] = merged
            for p in sorted({p.index for p in parts[1:]}, reverse=True):
                if p == len(self.r.targets) - 1:
                    self.r.targets.pop()
            return parts[0], np
        if any(p.ref is not None for p in parts):
            raise NotUnderstood("in one thing or another", self.roles.clause)
        if conjunctive:
            if not all(p.every for p in parts):          # "em um personagem e em um suporte": one of each
                raise NotUnderstood("one of each of several things", self.roles.clause)
            return Selector(kind=sel.kind, union=tuple(parts), every=True, text=sel.text), np
        return Selector(kind=sel.kind, union=tuple(parts), count=sel.count, text=sel.text), np

    def chosen_by_subject(self, sel: Selector) -> Selector:
        """Things the clause's subject picks ("o oponente alvo ... coloca X cards da mão dele ..."): a player other
        than the effect's controller chooses them."""
        who = self.subject_sel
        if who is not None and who.kind is Kind.PLAYER and who.ref is not Ref.YOU and sel.ref is None \
                and not sel.every and sel.chooser is None:
            return replace(sel, chooser=who)
        return sel

    def required(self, name: str, what: str) -> NP:
        np = self.roles.np(name)
        if np is None:
            raise NotUnderstood(f"{self.roles.verb.lemma}: {what}?", self.roles.clause, self.roles.describe())
        pp = self.roles.pp(name)
        if pp is not None:
            self.r.use(*pp.preps)
        return np

    def optional_np(self, name: str) -> NP | None:
        np = self.roles.np(name)
        pp = self.roles.pp(name)
        if np is not None and pp is not None:
            self.r.use(*pp.preps)
        return np

    def introduce(self, sel: Selector, np: NP | None, head: str, card_level: bool = False, slot: str = "") -> str:
        """``sel`` leaves a choice (or finds things): the procedure writes a slot that later references read (``slot``:
        one the procedure names already, as an unloading's cards unloaded)."""
        slot = slot or self.r.new_slot(card_level)
        if np is not None:
            leaves = list(constituent_leaves(np))
            spans = [x.span for x in leaves]
            start = min(s.start for s in spans) if spans else np.node.span.start
            end = max(s.end for s in spans) if spans else np.node.span.end
            from cardscript.compiler.semantics.nouns import plural
            from cardscript.core.source import Span

            one = sel.count.fixed == 1 and not sel.count.x_times and not sel.count.any_number and not sel.every
            many = (plural(np) and not (one and sel.union)) or (      # "um desses cards": one
                sel.ref is None and not sel.union and (sel.count.fixed > 1 or sel.count.any_number))
            self.r.introduce(slot, sel.kind, Span(start, end), head, sel, card_level,
                             node_span=getattr(np.node, "span", None), plural=many, noun=np.lemma)
        return slot


@dataclass
class Built:
    """What one clause became."""

    procedures: list[Procedure] = field(default_factory=list)
    kind: EffectKind | None = None        # STATIC, DAMAGE_MODIFIER, REPLACEMENT when the clause itself is one
    condition: Condition | None = None    # a condition the clause states on itself ("se for um personagem")
    subject: Selector | None = None       # the clause's subject as read by the builder
    unless: list[Procedure] = field(default_factory=list)   # "... a não ser que você incapacite X": the step
                                          # that, done, spares the sentence's clauses
    phase_read: bool = False              # the phase adjunct is part of the meaning ("em sua própria Fase de
                                          # Contagem Regressiva" of a static on that phase), not a delay


def leaves_choice(sel: Selector) -> bool:
    """Does the selector leave a choice to make when the procedure resolves?"""
    return sel.ref is None and not sel.every and sel.kind is not Kind.PLAYER


def with_count(sel: Selector, q: Quantity | None) -> Selector:
    return sel if q is None else replace(sel, count=q)


def is_you(sel: Selector) -> bool:
    return sel.ref is Ref.YOU
