"""Sentences: clauses in order with their leads (triggers, conditions, windows, "Se o fizer", "então") and joiners.

A sentence's meaning is a list of *steps* -- the procedures of its clauses, each with the conditions and
dependencies its leads give it -- split into *modes* at a clause-level "ou" (an action's options, 4.6.2 B),
and what its leads say about the whole effect (the trigger, the activation window, "uma vez por turno").

Modality is composed here, the same for every verb: "você pode ..." is optional for the controller; "<a
player> pode ..." optional for that player (``Procedure.decider``); "você pode A e B": B only if A was done;
"Se o fizer" / "Se não o fizer": only if the latest optional step was / was not done; a condition lead
applies to every clause after it in the sentence, a trailing one to the clause before it.
"""

from __future__ import annotations

from collections import abc
from dataclasses import dataclass, field

from cardscript.compiler.ast import Clause, ClauseSeq, Lexeme, Node, Phrase, PhraseKind, Symbol
from cardscript.compiler.fast_replace import replace
from cardscript.compiler.ir import (
    Condition,
    Damage,
    Duration,
    EffectKind,
    EventPattern,
    Filter,
    Kind,
    Procedure,
    PutInScene,
    Ref,
    Selector,
    Unsupported,
)
from cardscript.compiler.semantics import frames as fr
from cardscript.compiler.semantics.build import Build, Built
from cardscript.compiler.semantics.clauses import require_no_extra, roles_of
from cardscript.compiler.semantics.conditions import condition
from cardscript.compiler.semantics.damage_effects import hypothetical_lead, modifier_clause
from cardscript.compiler.semantics.events import event
from cardscript.compiler.semantics.procedures import PROCEDURE_BUILDERS
from cardscript.compiler.semantics.reading import NotUnderstood, Reading, clause_problem
from cardscript.compiler.semantics.reminders import read_explanatory
from cardscript.compiler.semantics.statics import STATIC_BUILDERS, target_proviso
from cardscript.compiler.semantics.syntax import PP, Constituent, leaves
from cardscript.compiler.semantics.syntax import Other as _Other
from cardscript.compiler.semantics.syntax import Rel as _Rel
from cardscript.compiler.semantics.text import render
from cardscript.compiler.semantics.times import When, when_of
from cardscript.compiler.semantics.verbs import analyse
from cardscript.compiler.vocabulary import fold_key
from cardscript.core.source import Span


@dataclass
class Problem:
    """Words the compiler could not give a meaning: why, where, and the roles the verb's frame has."""

    message: str
    node: object = None
    roles: str = ""
    span: Span | None = None         # where to point in the card file when the node is elsewhere (a keyword's
                                     # meaning is the prelude's text: the keyword's use)


@dataclass
class Leads:
    """What a paragraph's leads said."""

    trigger: EventPattern | None = None
    also: tuple[EventPattern, ...] = ()    # "Quando X entrar ou sair de cena": the other events (one effect each)
    phase_trigger: When | None = None
    window: str = ""
    whose_window: str = ""
    limit: int = 0
    hypothetical: Clause | None = None     # "Se X fosse receber dano", "Toda vez que X fosse causar dano"
    hypothetical_trigger: bool = False     # ... introduced by "toda vez que" (5.3) rather than "se" (5.5)
    condition: Condition | None = None     # "Enquanto ...", a leading "Se <state>" of a static
    duration: Duration | None = None       # "Até o final do turno, ..."
    using: PP | None = None                # "Se ..., ao usar a ação X, <clause>": the action the clause speaks of
    trigger_late: bool = False             # the trigger came after clauses already read ("X ganha ..., e toda vez
    #                                        que ...": those clauses are not the trigger's effect)


@dataclass
class Sequence:
    """The meaning of one sentence."""

    modes: list[list[Procedure]] = field(default_factory=lambda: [[]])
    kinds: list[EffectKind] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def _its_own_use(roles: object, rel: _Rel) -> bool:
    """"<a ação X> causará +N ponto de dano toda vez que for usada": the clause's subject, an action, changes the
    damage it deals, and the "toda vez que" clause, with no subject nor complement of its own, is that action being
    used -- a damage modifier of the action works at each of its uses (5.3, 4.8.3 B), so it says nothing more (read
    as a trigger, it would add a modifier at every use)."""
    from cardscript.compiler.semantics.clauses import Roles

    assert isinstance(roles, Roles)
    subject = roles.subject_np
    if roles.frame is None or roles.frame.family != "damage" or subject is None or subject.lemma != "ação":
        return False
    clause = rel.clause
    v = analyse(clause)
    return v.lemma == "usar" and v.passive and clause.subject is None and not clause.complements and not rel.args


_ONCE_INTRODUCERS = ("quando", "se")   # a trigger they introduce, tied to one's own phase, fires once in it (5.2)


class SentenceReader:
    """Reads the sentences of one paragraph (or of an action's text) in order, sharing the reading."""

    def __init__(self, r: Reading, static_context: bool) -> None:
        self.r = r
        self.static_context = static_context      # a permanent text's paragraph: clauses may be statics
        self.leads = Leads()
        self.last_optional = False
        self.last_optional_step: Procedure | None = None    # the latest optional step ("você pode colocá-lo em cena")
        self.built_clauses = 0                    # clauses read so far in the paragraph
        self.shared_duration: Duration | None = None    # the duration closing the clause's coordination
        self.coordinated = False                  # the clause being read follows "e" with no subject of its own
        self.trailing_while: Condition | None = None    # the clause's closing "enquanto ..." (read_sequence)
        self.effect_condition: Condition | None = None   # "Quando X, se Y, A. Então, B": Y, for B too (5.2)

    # -- leads ------------------------------------------------------------------------------
    def lead(self, item: Phrase, seq: Sequence, first: bool) -> tuple[Condition | None, str]:
        """Read one lead; returns a condition for the clauses after it, or a flag ("if_done", "if_not_done")."""
        r = self.r
        kind = item.kind
        if kind is PhraseKind.IF_DONE:
            r.use(item)
            negated = any(isinstance(x, Lexeme) and x.lemma in ("não", "nao") for x in leaves(item))
            return None, "if_not_done" if negated else "if_done"
        if kind is PhraseKind.THEN:
            r.use(item)
            return None, ""
        clauses = [n for n in _top(item) if isinstance(n, Clause)]
        words = [x for x in _top(item) if isinstance(x, Lexeme)]
        first_word = words[0].lemma if words else ""
        if kind is PhraseKind.TRIGGER and len(clauses) == 1 and self.entered_this_way(clauses[0]):
            r.use(*words, clauses[0])                     # "Quando este personagem entrar em cena desta forma":
            return None, "if_done"                        # the optional step above put it there -- "Se o fizer"
        if kind is PhraseKind.TRIGGER:
            r.use(*words)
            self._trigger(item, clauses, first_word, seq)
            return None, ""
        if kind is PhraseKind.CONDITION:
            r.use(*(w for w in words if w.lemma in ("se", "enquanto", "caso", "e", "ou")))
            if first_word == "caso" and any(w.lemma in ("contrário",) for w in words):
                r.use(*words)
                return None, "otherwise"
            if first_word == "se" and clauses and _did_it(clauses[0]):
                r.use(words[0], clauses[0])               # "Se (não) o fizer", "Se ele o fizer"
                flag = "if_not_done" if analyse(clauses[0]).negated else "if_done"
                if len(clauses) == 1:
                    r.use(*words)
                    return None, flag
                # "Se o fizer e se você não controlar nenhum personagem ...": done, and the rest holds
                cond = self._conditions(clauses[1:], words[1:], seq)
                return cond, flag
            if first_word == "se" and len(clauses) == 1 and _done_this_way(clauses[0]):
                r.use(*words, clauses[0])                 # "Se você capacitar algum personagem desta forma"
                return None, "if_done"
            if first_word == "se" and len(clauses) == 0 and any(w.lemma == "possível" for w in words):
                r.use(*words)
                return Condition("possible", text="se possível"), ""
            if first_word == "se" and len(clauses) == 1 and self._is_event(clauses[0]) and first \
                    and self.static_context and self.leads.trigger is None:
                self._as_trigger(clauses[0], seq, once=True)   # "Se este personagem for alvo de uma ação, ..."
                return None, ""
            if first_word == "se" and len(clauses) == 2 and [w.lemma for w in words] == ["se", "e"] and first \
                    and self.static_context and self.leads.trigger is None and not self._is_event(clauses[0]) \
                    and self._is_event(clauses[1]) and clauses[0].subject is not None:
                return self._state_and_event(clauses, words, seq), ""
            if first_word == "se" and len(clauses) == 1 and analyse(clauses[0]).hypothetical:
                self.leads.hypothetical = clauses[0]     # "Se X fosse receber dano, ao invés disso ..."
                r.use(*analyse(clauses[0]).words)
                hypothetical_lead(clauses[0], r)
                return None, ""
            if first and self.static_context and self.leads.trigger is None and len(clauses) == 1:
                clauses = [self._trailing_windows(clauses[0], seq)]
            cond = self._conditions(clauses, words, seq)
            if cond is None:
                return None, ""
            if first_word == "enquanto" and first:
                self.leads.condition = cond if self.leads.condition is None else Condition(
                    "all", all_of=(self.leads.condition, cond))
                return None, ""
            if first and not seq.modes[-1] and self.leads.trigger is not None and first_word == "se":
                self.effect_condition = _and(self.effect_condition, cond)
            return cond, ""
        if kind is PhraseKind.WINDOW:
            self._window(item, seq)
            return None, ""
        seq.problems.append(Problem(f"a lead of kind '{kind.value}'", item))
        return None, ""

    def entered_this_way(self, clause: Clause) -> bool:
        """"Quando este personagem entrar em cena desta forma" after the effect's optional step "você pode colocá-lo
        em cena" (its trigger already read): not a second event (5.2) but that step having been done."""
        step = self.last_optional_step
        if self.leads.trigger is None or not isinstance(step, PutInScene) or step.cards.ref is not Ref.THIS_CARD:
            return False
        v = analyse(clause)
        if v.lemma != "entrar" or v.negated or v.past or v.passive or v.modal or not clause.complements:
            return False
        words = [x.lemma for x in leaves(clause.subject) if isinstance(x, Lexeme)] if clause.subject else []
        if words not in (["este", "personagem"], ["este", "card"], ["ele"]):
            return False
        said = [x.lemma for c in clause.complements for x in leaves(c) if isinstance(x, Lexeme)]
        return said in (["em", "cena", "de", "este", "forma"], ["em", "cena", "de", "esse", "forma"])

    def _within_window(self, w: When) -> bool:
        """"em seu turno" / "na Fase de Combate de seu turno" around the window "durante ..." already read: the
        whole turn, or the phase the window's step is part of (6.5: the Etapas are in the Fase de Combate)."""
        window = fold_key(self.leads.window)
        if not window:
            return False
        phase = fold_key(w.phase)
        return not phase or phase == window or (phase == fold_key("Fase de Combate") and window in (
            fold_key("Etapa de Ataque"), fold_key("Etapa de Antecipação")))

    def _trailing_windows(self, clause: Clause, seq: Sequence) -> Clause:
        """"Se este personagem tiver {RE}, durante sua Fase de Preparação, uma vez por turno, você pode ...", "Se
        este card estiver em seus recursos durante a sua Fase de Preparação, você pode ...": the windows printed at
        the end of a leading condition are the effect's (5.1), not the condition's -- read as window leads."""
        comps = list(clause.complements)
        using = next((i for i, c in enumerate(comps) if _starts_using(c)), None)
        if using is not None:            # ", ao usar a ação X," ending the condition: the main clause's (Build.using)
            from cardscript.compiler.semantics.syntax import attach_parts

            group = [x for c in comps[using:] for x in (c.parts if isinstance(c, Phrase) else (c,))]
            self.r.use(*(x for x in group if isinstance(x, Symbol)))
            made = attach_parts([x for x in group if not isinstance(x, Symbol)])
            if len(made) == 1 and isinstance(made[0], PP):
                self.leads.using = made[0]
                comps = comps[:using]
                clause = replace(clause, complements=tuple(comps))
        at = next((i for i, c in enumerate(comps) if _starts_window(c)), None)
        if at is None:
            return clause
        groups: list[list[Node]] = []
        for c in comps[at:]:
            if not groups or _comma_led(c):
                groups.append([])
            if isinstance(c, Phrase) and c.parts and isinstance(c.parts[0], Symbol) and c.parts[0].text == ",":
                self.r.use(c.parts[0])
                groups[-1].extend(x for x in c.parts[1:] if isinstance(x, Node))
            else:
                groups[-1].append(c)
        for group in groups:
            span = Span(group[0].span.start, group[-1].span.end)
            self._window(Phrase(span, PhraseKind.WINDOW, tuple(group)), seq)
        return replace(clause, complements=tuple(comps[:at]))

    def _state_and_event(self, clauses: list[Clause], words: list[Lexeme], seq: Sequence) -> Condition | None:
        """"Se este personagem tiver {SF} e receber dano de uma ação de Antecipar, ...": the event triggers the effect
        (5.2), the state before it is its condition (checked when it resolves, 5.2); the event's clause with no
        subject of its own shares the state's."""
        state, happening = clauses
        if happening.subject is None:
            happening = replace(happening, subject=state.subject)
        cond = self._conditions([state], words[:1], seq)
        self._as_trigger(happening, seq, once=True)
        return cond

    def _is_event(self, clause: Clause) -> bool:
        """Does the clause describe an event (an action used, a character targeted, knocked out...) rather than
        a state? Events trigger ("Se este personagem for alvo de uma ação, ...")."""
        v = analyse(clause)
        frame = fr.FRAMES.get(v.lemma)
        family = frame.family if frame is not None else ""
        if v.hypothetical or v.negated:            # "se a ação X ainda não tiver sido usada": a state, not an event
            return False
        if family in ("use", "enter", "leave", "receive", "knock_out", "damage") and not v.gerund:
            return not v.past or v.lemma in ("usar",)
        if family == "be":
            roles = roles_of(clause)
            pred = roles.np("predicate")
            return pred is not None and pred.lemma == "alvo"
        if v.passive and family in ("knock_out", "load", "unload", "stage", "move"):
            return True
        return family in ("move", "load", "unload", "search", "draw") and not v.gerund and not v.past

    def _trigger(self, item: Phrase, clauses: list[Clause], first_word: str, seq: Sequence) -> None:
        if len(clauses) > 1:
            self._several(item, clauses, seq, once=first_word in _ONCE_INTRODUCERS)
            return
        if not clauses:
            seq.problems.append(Problem("a trigger with no event", item))
            return
        clause = clauses[0]
        v = analyse(clause)
        if v.hypothetical:                          # "Toda vez que um herói fosse causar dano ..." (5.3)
            self.leads.hypothetical = clause
            self.leads.hypothetical_trigger = True
            self.r.use(*v.words)
            hypothetical_lead(clause, self.r)
            return
        self._as_trigger(clause, seq, once=first_word in _ONCE_INTRODUCERS)

    def _several(self, item: Phrase, clauses: list[Clause], seq: Sequence, once: bool = False) -> None:
        """"Quando este cenário entrar ou sair de cena", "Quando X for alvo de alguma ação ou receber dano" (5.2):
        events joined by "ou" -- each fires the effect (one triggered effect per event). A clause with no subject
        shares the one before; a verb with no complements shares the last verb's ("entrar ou sair de cena")."""
        joiners = [x.lemma for x in _top(item) if isinstance(x, Lexeme) and x.lemma in ("ou", "e")]
        if joiners != ["ou"] * (len(clauses) - 1) or any(analyse(c).hypothetical for c in clauses):
            seq.problems.append(Problem("a trigger with several events", item))
            return
        shared = next((c.complements for c in reversed(clauses) if c.complements), ())
        patterns: list[EventPattern] = []
        subject = clauses[0].subject
        for clause in clauses:
            if clause.subject is None:
                clause = replace(clause, subject=subject)
            subject = clause.subject
            if not clause.complements and clause is not clauses[-1]:
                clause = replace(clause, complements=shared)
            self._as_trigger(clause, seq, once=once)
            if self.leads.trigger is None:
                return
            patterns.append(self.leads.trigger)
            self.leads.trigger = None
        self.leads.trigger = patterns[0]
        self.leads.also = tuple(patterns[1:])

    def _as_trigger(self, clause: Clause, seq: Sequence, args: list[Constituent] | None = None,
                    once: bool = False) -> None:
        """The trigger's event (5.2); ``once``: introduced by "Quando" / "Se" rather than "Toda vez que"."""
        if self.leads.trigger is not None:          # "Quando A, escolha X. Quando aquele personagem B, ...": two
            seq.problems.append(Problem("a second trigger in the paragraph", clause))   # effects, not one
            return
        self.r.trigger_span = clause.span
        try:
            pattern = event(clause, self.r, args, once=once)
        except NotUnderstood as exc:
            seq.problems.append(Problem(f"trigger: {exc}", exc.node or clause, exc.roles))
            return
        self.r.event_kind = pattern.event
        self.leads.trigger = pattern
        for cond in self.r.trigger_conditions:           # what must hold when the event happens (5.2)
            self.leads.condition = cond if self.leads.condition is None else Condition(
                "all", all_of=(self.leads.condition, cond))
        self.r.trigger_conditions.clear()
        self.leads.trigger_late = self.built_clauses > 0

    def _conditions(self, clauses: list[Clause], words: list[Lexeme], seq: Sequence) -> Condition | None:
        conds: list[Condition] = []
        previous: Selector | None = None
        for c in clauses:
            try:                        # "se o alvo for um personagem e tiver o poder escolhido": the same subject
                conds.append(condition(c, self.r, default_subject=previous if c.subject is None else None))
                said = conds[-1].subject
                if said is not None:    # a reference ("o alvo"), without what the condition said of it
                    previous = replace(said, filters=()) if said.ref is not None else said
            except NotUnderstood as exc:
                seq.problems.append(Problem(f"condition: {exc}", exc.node or c, exc.roles))
                return None
        if len(conds) == 1:
            return conds[0]
        joiner = "any" if any(w.lemma == "ou" for w in words) else "all"
        return Condition(joiner, all_of=tuple(conds) if joiner == "all" else (),
                         any_of=tuple(conds) if joiner == "any" else ())

    def _window(self, item: Phrase, seq: Sequence) -> None:
        """"Durante sua Fase de Preparação", "uma vez por turno", "No início de sua Fase de Contagem Regressiva",
        "Até o final do turno", "Neste turno"."""
        from cardscript.compiler.semantics.syntax import NP, PP, attach_parts

        r = self.r
        parts = [p for p in item.parts if not (hasattr(p, "text") and getattr(p, "text", "") == ",")]
        words = [x for x in leaves(item) if isinstance(x, Lexeme)]
        if len(words) >= 3 and words[1].lemma == "vez" and words[2].lemma == "por":   # "uma vez por turno"
            r.use(item)
            self.leads.limit = 1
            return
        constituents = attach_parts(parts)
        for c in constituents:
            if not isinstance(c, PP) or c.obj is None:
                seq.problems.append(Problem("a window not understood", item))
                return
            r.use(*c.preps)
            known = len(r.referents)
            try:
                w = when_of(c.obj, r)
            except NotUnderstood as exc:
                seq.problems.append(Problem(f"window: {exc}", exc.node or item))
                return
            prep = c.prep
            if w.whose_filters and not (prep == "em" and w.edge):
                seq.problems.append(Problem("a window of a player known by a description", item))
                return
            if prep == "em" and w.edge:                      # "No início de sua Fase de Contagem Regressiva"
                self.leads.phase_trigger = w
                for ref in r.referents[known:]:             # "... da Fase de Ajuste de cada jogador, ... daquele
                    if ref.kind is Kind.PLAYER and not ref.slot and (   # jogador": the player whose phase it is
                            ref.selector is None or ref.selector.ref in (None, Ref.EVERY_PLAYER)):
                        ref.slot, ref.selector, ref.indefinite = "event:player", None, False
            elif prep == "durante" and w.phase and w.each_player:
                # "Durante a Fase de Preparação de cada jogador, aquele jogador pode ...": each player may activate
                # it in their own phase (5.1), "aquele jogador" being the one who does
                self.leads.window = w.phase
                self.leads.whose_window = "each"
                for ref in r.referents[known:]:
                    if ref.kind is Kind.PLAYER and not ref.slot and (
                            ref.selector is None or ref.selector.ref in (None, Ref.EVERY_PLAYER)):
                        ref.slot, ref.selector, ref.indefinite = "event:player", None, False
            elif prep == "durante" and w.phase:
                self.leads.window = w.phase
                if w.whose is not None or not self.leads.whose_window:
                    self.leads.whose_window = _whose_window(w.whose)      # "durante sua própria Fase ...": yours
            elif (prep == "até" and w.edge == "end" and not w.phase and not w.next_turn) \
                    or (prep in ("em", "durante") and w.this_turn):      # "até o fim do próximo turno" is not this one
                self.leads.duration = Duration.END_OF_TURN
            elif prep == "em" and not w.edge and not w.next_turn and not w.each_player and w.whose is not None \
                    and self._within_window(w):
                # "Durante a Fase de Compra, em seu próprio turno", "Durante a Etapa de Ataque, na Fase de Combate
                # de seu turno": whose turn the window is in
                self.leads.whose_window = _whose_window(w.whose)
            else:
                seq.problems.append(Problem("a window not understood", item))
        for word in words:
            if word.cls == "PREP":
                r.use(word)
        del NP

    # -- clauses ----------------------------------------------------------------------------
    def _lead_duration(self) -> Duration | None:
        """A leading "Neste turno, ..." is the duration of the clauses after it -- unless the sentence's effect is a
        trigger or modifier it creates, whose duration it is (5.7 B: ``effects._generated``). Else the duration that
        closes a coordination sharing this clause's subject ("ganha aquele poder e pode usar mais uma ação neste
        turno": both for the turn), in an effect that resolves (an action's, a trigger's)."""
        if self.leads.trigger is not None or self.leads.hypothetical is not None:
            resolving = self.leads.trigger is not None and self.leads.hypothetical is None
            if resolving and self.r.after_trigger_duration is not None:
                return self.r.after_trigger_duration      # "Quando X, até o final do turno, ..." (events.py)
            return self.shared_duration if resolving else None
        if self.leads.duration is not None:
            return self.leads.duration
        return self.shared_duration if not self.static_context else None

    def clause(self, clause: Clause, args: list[Constituent] | None = None) -> Built:
        """One clause's meaning: its frame's builder over its filled roles (``args``: the complements an embedded
        clause took, ``syntax.Rel.args``)."""
        r = self.r
        roles = roles_of(clause, args)
        v = roles.verb
        frame = roles.frame
        if frame is None:
            raise NotUnderstood(f"no meaning for the verb '{v.lemma}'", clause)
        text = render(clause)
        family = frame.family
        b = Build(roles, r, static=self.static_context, text=text,
                  lead_duration=self._lead_duration(), coordinated=self.coordinated, using=self.leads.using)
        if family == "make":                       # "você pode fazer com que <clause>"
            return self._make(b, clause)
        unless: list[tuple[Clause, list[Constituent]]] = []
        later = self._forward_conditions(roles, clause)
        self.trailing_while = None
        own_condition = self._subordinates(roles, unless)
        self._after_each_action(roles, clause)
        built = self._build(b, roles, clause, family)
        if self.leads.trigger is not None and self.r.after_trigger_duration is not None and not all(
                getattr(p, "duration", None) is self.r.after_trigger_duration for p in built.procedures):
            raise NotUnderstood("'até o final do turno' after the event: what lasts until then?", clause)
        for rel in later:                      # "permute ... por um card que outro personagem ... estiver carregando
            r.use(*rel.markers)                # se aquele personagem ...": read after what it refers to
            own_condition = _and(own_condition, condition(rel.clause, r, args=rel.args))
        for deed, deed_args in unless:         # read after the clause: its pronouns are the clause's ("-o")
            built.unless.extend(self._deed(deed, deed_args))
        for coord in [c for c in (*roles.extra, *roles.get("_coord")) if isinstance(c, _Other) and c.kind == "coord"]:
            r.use(*coord.nodes)
        for again in roles.gapped:                 # "coloque A em X e B em Y"
            more = self._build(Build(again, r, static=self.static_context, text=text,
                                     lead_duration=self._lead_duration()), again, clause, family)
            built.procedures.extend(more.procedures)
        only = [p for p in built.procedures if isinstance(getattr(p, "what", None), str)
                and getattr(p, "what").endswith("_unless")]  # noqa: B009
        if only:                                   # "só pode ser colocado em cena se C": prohibited unless C
            if own_condition is None:
                raise NotUnderstood("only if what?", clause)
            negated = replace(own_condition, negated=not own_condition.negated,
                              text=f"a não ser que {own_condition.text}")
            built.procedures = [replace(p, what=p.what.removesuffix("_unless"), condition=negated)  # type: ignore[attr-defined, call-arg]
                                if p in only else p for p in built.procedures]
            return built
        built.condition = _and(built.condition, own_condition)
        return built

    def _forward_conditions(self, roles: object, clause: Clause) -> list[_Rel]:
        """A trailing "se ..." among the clause's complements that refers to a phrase of the clause itself ("você pode
        permutar este card por um card que outro personagem ... estiver carregando se aquele personagem tiver ..."):
        taken out to be read after the clause, once what it refers to is introduced (it still conditions the
        clause). Any other subordinate is read first (``_subordinates``)."""
        from cardscript.compiler.semantics.clauses import Roles

        assert isinstance(roles, Roles)
        span = getattr(clause, "span", None)
        if span is None:
            return []
        out: list[_Rel] = []
        for c in list(roles.extra):
            if not isinstance(c, _Rel) or not c.markers or getattr(c.markers[0], "lemma", "") != "se":
                continue
            inner = [x.span for x in leaves(c.clause)]
            if not inner:
                continue
            lo, hi = min(x.start for x in inner), max(x.end for x in inner)
            targets = [b.target_span for x in leaves(c.clause) if (b := self.r.bindings.get(x.span.start)) is not None
                       and b.target_span is not None]
            if any(span.start <= t.start and t.end <= lo for t in targets) and hi <= span.end:
                out.append(c)
                roles.extra.remove(c)
        return out

    def _subordinates(self, roles: object, unless: list[tuple[Clause, list[Constituent]]]) -> Condition | None:
        """Subordinate clauses among a clause's complements: "... se você controlar X" (a condition on it), "... a
        não ser que você incapacite ..." (unless), "... enquanto ...", "... desde que ...", "... toda vez que
        <event>" (the paragraph's trigger)."""
        from cardscript.compiler.semantics.clauses import Roles
        from cardscript.compiler.semantics.syntax import NP, Rel

        assert isinstance(roles, Roles)
        r = self.r
        out: Condition | None = None
        extra = roles.extra
        i = 0
        while i < len(extra):
            c = extra[i]
            if isinstance(c, NP) and c.lemma == "vez" and c.det("todo") and i + 1 < len(extra) \
                    and isinstance(extra[i + 1], Rel):
                rel = extra[i + 1]
                assert isinstance(rel, Rel)
                r.use(c.head, *c.dets, *rel.markers)
                if _its_own_use(roles, rel):        # "a ação X causará +1 ponto de dano toda vez que for usada"
                    r.use(*analyse(rel.clause).words, rel.clause)
                    del extra[i:i + 2]
                    continue
                if self.leads.trigger is None and self.static_context:
                    seq = Sequence()
                    self._as_trigger(rel.clause, seq, list(rel.args))
                    if seq.problems:
                        raise NotUnderstood(seq.problems[0].message, rel.clause)
                else:
                    raise NotUnderstood("a second trigger", rel.clause)
                del extra[i:i + 2]
                continue
            if isinstance(c, Rel):
                markers = [m.lemma if isinstance(m, Lexeme) else "" for m in c.markers]
                first = markers[0] if markers else ""
                if first == "desde" and roles.frame is not None and roles.frame.family == "exist":
                    i += 1                         # "Pode haver ..., desde que cada um deles tenha nomes diferentes"
                    continue
                if first == "desde" and roles.frame is not None and roles.frame.family == "use" \
                        and target_proviso(c) is not None:
                    i += 1                         # "pode usar mais uma ação ..., desde que seu alvo seja X": what
                    continue                       # the granted use may target (statics reads it)
                if markers == ["mesmo", "que"] and roles.frame is not None and roles.frame.family == "use":
                    i += 1                         # "pode usar mais uma ação ... mesmo que ele tenha entrado em cena
                    continue                       # neste turno": a waiver of the granted use (statics reads it)
                if first in ("se", "caso", "enquanto", "desde") or markers[:3] == ["a", "não", "ser"] \
                        or markers[:2] == ["a", "nao"]:
                    r.use(*c.markers)
                    if first == "a" and _is_deed(c.clause):   # "a não ser que você incapacite em {1} X"
                        unless.append((c.clause, list(c.args)))
                        del extra[i]
                        continue
                    cond = condition(c.clause, r, args=c.args)
                    if first == "a":
                        cond = replace(cond, negated=not cond.negated, text=f"a não ser que {cond.text}")
                    if first == "enquanto" and i == len(extra) - 1:
                        self.trailing_while = cond     # closing the clause: it may close a coordination too
                    out = _and(out, cond)
                    del extra[i]
                    continue
            i += 1
        return out

    def _after_each_action(self, roles: object, clause: Clause) -> None:
        """"<procedimento> após cada ação [com Clarividência] que <personagem> usar" in a permanent text: the
        paragraph's trigger -- each such action used, once it has finished resolving (4.6.2 I; after what its
        keywords do at its end, 7.1), like "toda vez que <personagem> usar uma ação ..., <procedimento> após o
        efeito daquela ação"."""
        from cardscript.compiler.ir import EventPattern
        from cardscript.compiler.semantics.clauses import Roles
        from cardscript.compiler.semantics.nouns import things

        assert isinstance(roles, Roles)
        after = roles.pp("after")
        if after is None or after.obj is None or not self.static_context or self.leads.trigger is not None:
            return
        obj = after.obj
        if obj.lemma != "ação" or not obj.det("cada", "todo") or self.r.in_action:
            return
        r = self.r
        r.use(*after.preps, *obj.dets)
        action = things(obj, r)
        users = [f.value for f in action.filters if f.field == "user" and isinstance(f.value, Selector)]
        if action.kind is not Kind.ACTION or action.ref is not None or len(users) != 1:
            raise NotUnderstood("after each action used by whom?", obj.node)
        filters = tuple(f for f in action.filters if f.field != "user")
        r.trigger_span = clause.span
        r.event_kind = "action_resolved"
        self.leads.trigger = EventPattern("action_resolved", subject=users[0], action_filters=filters,
                                          text=render(clause))
        roles.filled.pop("after", None)

    def _deed(self, clause: Clause, args: list[Constituent]) -> list[Procedure]:
        """"a não ser que <player> <procedure>": the player may do it (optional, decided by that player); the
        clauses it governs happen only if it was not done (golden rule C: a step that could not be done was not
        done)."""
        built = self.clause(clause, args)
        if built.unless or built.condition is not None or built.kind is not None:
            raise NotUnderstood("'a não ser que' with a condition of its own", clause)
        subject = built.subject
        decider = subject if subject is not None and subject.kind is Kind.PLAYER and subject.ref is not Ref.YOU \
            else None
        return [replace(p, optional=True, decider=decider) for p in built.procedures]

    def _build(self, b: Build, roles: object, clause: Clause, family: str) -> Built:
        from cardscript.compiler.semantics.clauses import Roles

        assert isinstance(roles, Roles)
        r = self.r
        v = roles.verb
        if family in ("damage", "become", "reduce", "be", "receive"):
            modified = modifier_clause(b)
            if modified is not None:
                r.use(*v.words)
                require_no_extra(roles)
                _ = b.adjuncts
                return modified
        if v.passive:
            from cardscript.compiler.semantics.statics import passive_static

            made = passive_static(b)
            if made is not None:
                r.use(*v.words)
                require_no_extra(roles)
                return made
        builder = STATIC_BUILDERS.get(family) if (v.negated or v.passive or family in _STATIC_ONLY
                                                  or family == "use" or family == "be"
                                                  or (b.static and v.modal == "pode")) else None
        built: Built | None = None
        if builder is not None:
            built = builder(b)
        if built is None:
            pbuilder = PROCEDURE_BUILDERS.get(family)
            if pbuilder is None:
                raise NotUnderstood(f"'{v.lemma}' as a procedure", clause, roles.describe())
            if v.negated:
                raise NotUnderstood(f"'não {v.lemma}' as a procedure", clause)
            built = pbuilder(b)
        r.use(*v.words)
        require_no_extra(roles)
        built = _delayed(b, built)
        built.subject = built.subject or b.subject_sel
        if roles.get("instead") and self.leads.hypothetical is None:    # "... ao invés de colocá-lo em seus recursos"
            built = _instead_of_area(built, [*roles.get("instead"), *roles.get("back")], self.r, clause)
        elif roles.get("instead"):                        # "ao invés disso": what a replacement does instead
            from cardscript.compiler.semantics.syntax import constituent_leaves

            for c in roles.get("instead"):
                r.use_all(constituent_leaves(c))
        subject = roles.subject_np
        if subject is not None and b.subject_sel is None and subject.lemma == "você" and not subject.mods:
            r.use(subject.head, *subject.dets)           # "você pode incapacitar ...": the controller does it
        return built

    def _make(self, b: Build, clause: Clause) -> Built:
        """"você pode fazer com que <subject> <clause>": the embedded clause, decided by the subject."""
        from cardscript.compiler.semantics.syntax import Rel, attach_complements

        comps = attach_complements(clause)
        rel = next((c for c in comps if isinstance(c, Rel)), None)
        if rel is None:
            raise NotUnderstood("fazer com que what?", clause)
        self.r.use(*b.verb.words, *rel.markers)
        rest = comps[comps.index(rel) + 1:]             # "fazer com que ele cause | 2 pontos de dano em X"
        subject = b.roles.subject_np
        if subject is not None and subject.lemma == "você" and not subject.mods:
            self.r.use(subject.head, *subject.dets)        # the controller makes it happen
        built = self.clause(rel.clause, list(rel.args) + rest)
        return built


def _instead_of_area(built: Built, instead: list[Constituent], r: Reading, clause: Clause) -> Built:
    """5.5: "coloque aquele card em sua mão ao invés de colocá-lo em seus recursos" -- one sentence saying both the
    replacing move and the area it replaces: the move is marked with that area (``Move.instead_of``) and the
    lowering folds it into the step before that would put the card there (the unloading of 4.1); "ao invés disso"
    with no such area names nothing it replaces."""
    from cardscript.compiler.ir import Move
    from cardscript.compiler.semantics.syntax import constituent_leaves

    words = [x for c in instead for x in constituent_leaves(c) if isinstance(x, Lexeme)]
    moves = [p for p in built.procedures if isinstance(p, Move)]
    head = instead[0] if instead else None
    if len(moves) != 1 or len(built.procedures) != 1 or not isinstance(head, PP) or head.obj is None \
            or head.obj.lemma != "invés":
        raise NotUnderstood("'ao invés disso' with nothing it replaces", clause)
    area = _replaced_area(head, instead[1:])
    if area not in ("resources", "prizes"):
        raise NotUnderstood("instead of what area?", clause)
    r.use(*words)
    return replace(built, procedures=[replace(moves[0], instead_of=area)])


def _replaced_area(head: PP, rest: list[Constituent]) -> str:
    """The area "ao invés de ..." names: "ao invés de colocá-lo em seus recursos" (the verb again, its place), "ao
    invés de nos prêmios de seus oponentes" (the place alone); '' for anything else."""
    from cardscript.compiler.semantics.vocabulary import ZONE_OF_NOUN

    assert head.obj is not None
    place: Constituent | None = None
    if len(rest) == 1 and isinstance(rest[0], PP) and rest[0].prep == "de" and rest[0].obj is None \
            and [w.lemma for w in rest[0].verb if isinstance(w, Lexeme) and w.cls == "VINF"] == ["colocar"] \
            and len(rest[0].args) == 1:
        place = rest[0].args[0]
    elif not rest and len(head.obj.mods) == 1:
        m = head.obj.mods[0]
        if isinstance(m, PP) and [p.lemma for p in m.preps] == ["de", "em"]:
            place = PP(preps=m.preps[1:], obj=m.obj)
    if isinstance(place, PP) and place.prep == "em" and place.obj is not None:
        return ZONE_OF_NOUN.get(place.obj.lemma, "")
    return ""


_STATIC_ONLY = frozenset({"become", "cost", "have", "count_as", "play", "change_amount", "exist", "control",
                          "apply"})


_DEEDS = frozenset({"stage", "discard", "unload", "knock_out", "pay", "reveal", "move", "load"})
"""Families whose subjunctive after "a não ser que" is a deed a player may do, not a state ("a não ser que você
incapacite ...", "... descarte um card")."""


def _is_deed(clause: Clause) -> bool:
    v = analyse(clause)
    frame = fr.FRAMES.get(v.lemma)
    return frame is not None and frame.family in _DEEDS and not (v.past or v.passive or v.gerund or v.negated
                                                                 or v.hypothetical or v.modal)


def _did_it(clause: Clause) -> bool:
    """"o fizer", "não o fizer", "ele o fizer": the clause says the latest optional step was (not) done."""
    v = analyse(clause)
    pronoun = any(w.cls in ("CLITIC", "PROCLITIC") or (w.cls == "LIT" and w.lemma == "o") for w in v.words)
    if v.lemma != "fazer" or not pronoun or clause.complements:
        return False
    return clause.subject is None or _pronoun_subject(clause)


def _done_this_way(clause: Clause) -> bool:
    """"Se você capacitar algum personagem desta forma": the optional step just said (or the keyword's, rules 7)
    was done -- "Se o fizer" naming the verb again; the clause ends with "desta/dessa forma"."""
    v = analyse(clause)
    if clause.procedure is None or v.negated or not clause.complements or not _pronoun_subject(clause):
        return False
    tail = [x.lemma for x in leaves(clause.complements[-1]) if isinstance(x, Lexeme)]
    return tail in (["de", "este", "forma"], ["de", "esse", "forma"])


def _pronoun_subject(clause: Clause) -> bool:
    """"Se ele o fizer": the subject is a personal pronoun (the one who could do the optional step)."""
    words = [x for x in leaves(clause.subject) if isinstance(x, Lexeme)] if clause.subject is not None else []
    return len(words) == 1 and words[0].lemma in ("ele", "ela", "eles", "elas", "você")


def _whose_window(whose: Ref | None) -> str:
    return "you" if whose in (Ref.YOU, Ref.OWNER) else "opponent" if whose is Ref.OPPONENT else "any"


def _chunk_leaves(node: Node) -> list[object]:
    return [x for x in leaves(node) if isinstance(x, Lexeme | Symbol)]


def _comma_led(node: Node) -> bool:
    first = _chunk_leaves(node)[:1]
    return bool(first) and isinstance(first[0], Symbol) and first[0].text == ","


def _starts_using(node: Node) -> bool:
    """", ao usar <...>" (a complement led by a comma, "a", the infinitive "usar")."""
    words = [x for x in _chunk_leaves(node) if isinstance(x, Lexeme)]
    return _comma_led(node) and len(words) >= 2 and words[0].lemma == "a" and words[-1].lemma == "usar" \
        and words[-1].cls == "VINF"


def _starts_window(node: Node) -> bool:
    """A complement opening a window: "durante <uma fase>" (a phase or step, not "este turno"), or ", uma vez por
    turno"."""
    words = [x for x in _chunk_leaves(node) if isinstance(x, Lexeme)]
    if not words:
        return False
    if words[0].lemma == "durante":
        return len(words) > 1 and words[-1].lemma in ("fase", "etapa")
    return _comma_led(node) and len(words) >= 2 and words[0].lemma == "um" and words[1].lemma == "vez"


def top_parts(phrase: Phrase) -> list[object]:
    """A lead's parts, its nested trigger / condition / window phrases opened."""
    return _top(phrase)


def _top(phrase: Phrase) -> list[object]:
    out: list[object] = []
    for p in phrase.parts:
        if isinstance(p, Phrase) and p.kind in (PhraseKind.TRIGGER, PhraseKind.CONDITION, PhraseKind.WINDOW):
            out.extend(_top(p))
        else:
            out.append(p)
    return out


def read_sequence(reader: SentenceReader, seq_node: ClauseSeq, first_sentence: bool, allow_modes: bool,
                  options: bool = True) -> Sequence:
    """The meaning of one sentence's clause sequence. Outside an action (``allow_modes`` false), effects joined by
    "ou" are a choice (:func:`_options`) where ``options`` allows one."""
    r = reader.r
    out = Sequence()
    joiners: list[Phrase] = []
    and_or = both = False
    chooser: tuple[Selector, bool] | None = None
    items = list(seq_node.items)
    pending = None if first_sentence else _effect_condition_goes_on(reader, items)
    flag = ""
    last_procs: list[Procedure] = []
    chain: list[Procedure] = []         # the procedures of the clauses coordinated by "e" under one subject so far
    previous_condition: Condition | None = None
    first = first_sentence
    optional_chain = False
    last_clause: Clause | None = None
    for i, item in enumerate(items):
        if isinstance(item, Phrase) and item.kind is PhraseKind.JOINER:
            r.use(item)
            words = [x for x in leaves(item) if isinstance(x, Lexeme)]
            if any(w.lemma == "ou" for w in words) and any(w.lemma == "e" for w in words):
                nxt = next((x for x in items[i + 1:] if isinstance(x, Clause)), None)
                if not allow_modes and nxt is not None and _independent(last_procs, nxt):
                    and_or = True              # "você pode A e/ou B": each of them, as the player decides
                    continue
                both = True                    # "A e/ou B": A, B or both (4.6.2 B)
            if any(w.lemma == "ou" for w in words):
                joiners.append(item)
                before = [p for p in out.modes[-1] if isinstance(p, Damage)]
                r.or_damage_targets = before[-1].targets if len(before) == 1 and len(out.modes[-1]) == 1 else None
                out.modes.append([])
                optional_chain = False
            continue
        if isinstance(item, Phrase):
            trailing = i == len(items) - 1 and item.kind is PhraseKind.CONDITION and last_procs
            cond, lead_flag = reader.lead(item, out, first and not last_procs)
            if lead_flag == "otherwise" and previous_condition is not None:
                pending = replace(previous_condition, negated=not previous_condition.negated,
                                  text=f"não ({previous_condition.text})")
                continue
            if lead_flag:
                flag = lead_flag
                if cond is None:
                    continue
            if cond is not None and trailing:
                for p in last_procs:
                    idx = out.modes[-1].index(p)
                    out.modes[-1][idx] = _granted_if(p, cond) or replace(p, condition=_and(p.condition, cond))
                previous_condition = cond
                continue
            if cond is not None:
                pending = _and(pending, cond)
                previous_condition = cond
            continue
        if not isinstance(item, Clause):
            continue
        if _rounding(item, last_procs, out, r):
            continue
        r.pending = []
        printed = item
        gapped_targets, r.or_damage_targets = r.or_damage_targets, None
        if i > 0 and items[i - 1] in joiners:
            r.or_damage_targets = gapped_targets          # only the clause right after "ou" (procedures._damage)
        item = _shared_subject(item, items[i - 1] if i else None, last_clause)
        last_clause = item
        if chooser is None and _choose_and(item, items[i + 1:]):
            chooser = _chooser(item, r)                # "você pode escolher e descarregar um card ..."
            continue
        try:
            reader.shared_duration = _closing_duration(items, i)
            r.shared_of = _shared_of(item, items[i + 1:])
            reader.coordinated = item.subject is None and i > 0 and _joined_by_e(items[i - 1])
            built = reader.clause(item)
            read_explanatory(item, r, built.procedures)    # "(ex.: ...)", "(os tipos de cards são ...)"
            reader.built_clauses += 1
            missing = clause_problem(item, r)
            if missing:
                raise NotUnderstood(f"words with no meaning: {missing}", item)
            if r.pending and built.kind is not None:
                raise NotUnderstood("a thing chosen first inside a continuous effect", item)
        except NotUnderstood as exc:
            r.pending = []
            out.problems.append(Problem(str(exc), exc.node or item, exc.roles))
            unsupported = Unsupported(why=str(exc), text=render(item))
            out.modes[-1].append(unsupported)
            last_procs = [unsupported]
            continue
        v = analyse(item)
        if and_or:
            and_or = False
            optional_chain = False
            procs = [replace(p, optional=True, decider=last_procs[0].decider) for p in built.procedures]
        elif chooser is not None:
            procs = [_chosen_by(p, *chooser) for p in built.procedures]
            chooser = None
            optional_chain = False
        else:
            procs = [_modality(p, printed, v, built.subject, optional_chain) for p in built.procedures]
        if procs and procs[0].optional:
            optional_chain = True
            reader.last_optional = True
            reader.last_optional_step = procs[0]
        elif item.subject is not None:
            optional_chain = False
        granted = [_granted_if(p, built.condition) for p in procs]
        if procs and all(g is not None for g in granted):
            procs = [g for g in granted if g is not None]           # the condition was the grant's action's
            built.condition = None
        procs = [replace(p, condition=_and(_and(pending, built.condition), p.condition),
                         if_done=p.if_done or flag == "if_done",
                         if_not_done=p.if_not_done or flag == "if_not_done") for p in procs]
        if r.pending and procs:           # what the procedure's phrase chose first ("de um jogador ... aquele jogador")
            lead = procs[0]
            procs = [*(replace(_chosen_as_said(c, lead.condition), if_done=lead.if_done,
                               if_not_done=lead.if_not_done, optional=lead.optional, decider=lead.decider)
                       for c in r.pending),
                     *([replace(lead, optional=False, if_done=True), *procs[1:]] if lead.optional else procs)]
            # "você pode escolher um poder de um personagem ...": the "pode" is asked once, before the first choice
        r.pending = []
        if built.kind is not None:
            out.kinds.append(built.kind)
        if built.unless:
            try:
                procs = _spared(out.modes[-1], procs, built.unless, item)
            except NotUnderstood as exc:
                out.problems.append(Problem(str(exc), exc.node or item, exc.roles))
                procs = [Unsupported(why=str(exc), text=render(item))]
        procs = _loaded_as_placed(out.modes[-1], procs)
        _unloaded_as_moved(out.modes[-1], procs)
        if not reader.coordinated:
            chain = []
        elif reader.trailing_while is not None:
            _while_closes_coordination(out.modes[-1], chain, reader.trailing_while)
        out.modes[-1].extend(procs)
        chain.extend(procs)
        last_procs = procs or last_procs
    if both:
        if len(out.modes) != 2:
            out.problems.append(Problem("'e/ou' among more than two options", seq_node))
        else:
            out.modes.append([*out.modes[0], *out.modes[1]])
    if len(out.modes) > 1 and not allow_modes:
        _options(out, joiners, r, options)
    return out


def _while_closes_coordination(mode: list[Procedure], chain: list[Procedure], cond: Condition) -> None:
    """"Este personagem perde {SF} e não pode ser alvo de ... enquanto não estiver no estágio {2}": a closing
    "enquanto <estado>" says how long the whole predicate holds -- each verb the subject's "e" coordinates, not
    only the last (5.4: a continuous effect with its condition). ``chain``'s procedures in ``mode`` (those of the
    earlier coordinated clauses) take it; they are changed in place. A closing "se" stays its own clause's ("...
    e embaralhe o seu deck se tiver procurado ali")."""
    for k, p in enumerate(mode):
        if any(p is q for q in chain):
            mode[k] = replace(p, condition=_and(p.condition, cond))
            chain[chain.index(p)] = mode[k]


def _loaded_as_placed(mode: list[Procedure], procs: list[Procedure]) -> list[Procedure]:
    """"coloque este personagem em cena, carregue-o com os cards que aquele personagem estava carregando": the
    loading says which cards it enters the scene with (4.4.2.1 A.1: a character is put in the scene loaded; the
    card says with what, golden rule A) -- one placing with those cards, not a placing from the resources and then
    a second load. The placing (``mode``'s last procedure) is changed in place; nothing is left to add."""
    from cardscript.compiler.ir import Load, PutInScene

    if len(procs) != 1 or not isinstance(procs[0], Load) or not mode or not isinstance(mode[-1], PutInScene):
        return procs
    load, put = procs[0], mode[-1]
    onto = load.onto
    same = onto == put.cards or (onto.ref is Ref.SLOT and bool(put.introduces) and onto.slot == put.introduces)
    if not same or load.cards.zone != "carried_before" or put.loaded_with is not None or put.as_if \
            or load.alternatives or load.condition != put.condition or load.optional:
        return procs
    mode[-1] = replace(put, loaded_with=load.cards, text=f"{put.text}, {load.text}")
    return []


def _unloaded_as_moved(mode: list[Procedure], procs: list[Procedure]) -> None:
    """"descarregue os cards do alvo e devolva-o para a mão de seu dono se ele for ...": unloading every card of a
    thing and then moving it is one placing (4.7: the effect takes it elsewhere, so it is not knocked out), so the
    move's own condition is the unloading's too -- unloading alone would knock out what the card spares. (``mode``'s
    last procedure is changed in place.)"""
    from cardscript.compiler.ir import Move, Unload

    if len(procs) != 1 or not isinstance(procs[0], Move) or procs[0].condition is None or not mode:
        return
    move, unload = procs[0], mode[-1]
    if not isinstance(unload, Unload) or unload.condition is not None or unload.cards is None \
            or unload.cards.zone != "carried" or unload.cards.of is None \
            or replace(unload.cards.of, text="") != replace(move.cards, text=""):
        return
    mode[-1] = replace(unload, condition=move.condition)


def _spared(mode: list[Procedure], procs: list[Procedure], deed: list[Procedure], clause: Clause) -> list[Procedure]:
    """"descarregue-o e coloque-o em seus recursos a não ser que você incapacite X": the deed first (optional);
    then the sentence's clauses so far and this one, only if it was not done. The sentence's earlier steps move
    after the deed (``mode`` is changed in place)."""
    governed = [*mode, *procs]
    if any(p.optional or p.if_done or p.if_not_done for p in governed):
        raise NotUnderstood("'a não ser que' over an optional step", clause)
    mode.clear()
    mode.extend(deed)
    return [replace(p, if_not_done=True) for p in governed]


_THIS_TURN = (["em", "este", "turno"], ["durante", "este", "turno"], ["até", "o", "final", "de", "o", "turno"])


def _joined_by_e(item: object) -> bool:
    return isinstance(item, Phrase) and item.kind is PhraseKind.JOINER and [
        x.lemma for x in leaves(item) if isinstance(x, Lexeme)] == ["e"]


def _closing_duration(items: abc.Sequence[object], i: int) -> Duration | None:
    """The duration said at the end of the clauses coordinated after ``items[i]`` by "e" with their subject left out
    ("X ganha aquele poder e pode usar mais uma ação neste turno"): it closes the coordination, so it is each
    clause's (a clause's own adjunct still wins)."""
    j = i + 1
    found: Duration | None = None
    while j + 1 < len(items):
        joiner, nxt = items[j], items[j + 1]
        if not (isinstance(joiner, Phrase) and joiner.kind is PhraseKind.JOINER and isinstance(nxt, Clause)
                and nxt.subject is None):
            break
        words = [x.lemma for x in leaves(joiner) if isinstance(x, Lexeme)]
        if words != ["e"]:
            break
        lemmas = [x.lemma for x in leaves(nxt) if isinstance(x, Lexeme)]
        if any(lemmas[-len(t):] == t for t in _THIS_TURN):
            found = Duration.END_OF_TURN
        j += 2
    return found


def _shared_subject(clause: Clause, before: object, last: Clause | None) -> Clause:
    """"aquele jogador pode colocar X ... e comprar um card": a bare infinitive joined by "e" to a clause with a
    subject has that subject (the modal's scope: ``_modality``); an imperative ("e compre") has its own."""
    if clause.subject is not None or last is None or last.subject is None:
        return clause
    nor = _nor(clause, before, last)
    if nor is not None:
        return nor
    if not (isinstance(before, Phrase) and before.kind is PhraseKind.JOINER
            and any(isinstance(x, Lexeme) and x.lemma == "e" for x in leaves(before))):
        return clause
    v = analyse(clause)
    verbs = [w for w in v.words if w.cls in ("VINF", "VFIN", "AUX")]
    if not verbs or any(w.cls != "VINF" for w in verbs) or v.clitics and v.main is None:
        return clause
    if not analyse(last).modal:
        return clause
    return replace(clause, subject=last.subject)


def _nor(clause: Clause, before: object, last: Clause) -> Clause | None:
    """"X não pode usar ações nem ser alvo de ...": a bare infinitive after "nem" is in the scope of the negated
    modal before it -- its subject, "não" and "pode" are the previous clause's (the clause is read as "X não pode
    ser alvo de ..."). None when the clause is not that."""
    if not (isinstance(before, Phrase) and before.kind is PhraseKind.JOINER
            and [x.lemma for x in leaves(before) if isinstance(x, Lexeme)] == ["nem"]):
        return None
    prev = analyse(last)
    v = analyse(clause)
    if not prev.negated or prev.modal != "pode" or v.negated or v.modal or v.clitics:
        return None
    if not v.words or any(w.cls not in ("VINF", "AUX_NF", "VPART") for w in v.words):
        return None
    scope = [w for w in prev.words if w.cls in ("PREADV", "AUX") and w.lemma in ("não", "poder")]
    if not isinstance(clause.verb, Phrase) or len(scope) != 2:
        return None
    verb = replace(clause.verb, parts=(*scope, *clause.verb.parts))
    return replace(clause, subject=last.subject, verb=verb, negated=True)


def _granted_if(p: Procedure, cond: Condition | None) -> Procedure | None:
    """"pode usar mais uma ação neste turno se ela se chamar X": the condition is on the action granted -- "ela"
    is that action --, so it restricts which action the grant allows (4.6.2 C.4), not whether it is granted."""
    from cardscript.compiler.ir import ExtraAction

    if cond is None or not isinstance(p, ExtraAction) or p.same_action or p.again is not None \
            or cond.kind != "is" or cond.negated or cond.subject is None:
        return None
    subject = cond.subject
    if subject.text.lower() != "ela" or not subject.filters or any(f.field not in ("name", "power")
                                                                    for f in subject.filters):
        return None
    return replace(p, action_filters=(*p.action_filters, *subject.filters))


def _choose_and(clause: Clause, rest: abc.Sequence[object]) -> bool:
    """"<quem> [pode] escolher e <verbo> <algo>": an "escolher" with nothing after it, joined by "e" to a clause
    of its own subject's -- the choice is the next clause's (who picks what it acts on)."""
    from cardscript.compiler.semantics.syntax import attach_complements

    v = analyse(clause)
    if v.lemma != "escolher" or v.negated or v.clitics or attach_complements(clause) or clause.fronted:
        return False
    if len(rest) < 2 or not isinstance(rest[0], Phrase) or rest[0].kind is not PhraseKind.JOINER:
        return False
    words = [x.lemma for x in leaves(rest[0]) if isinstance(x, Lexeme)]
    nxt = rest[1]
    return words == ["e"] and isinstance(nxt, Clause) and nxt.subject is None


def _chooser(clause: Clause, r: Reading) -> tuple[Selector, bool]:
    """The player of "<quem> [pode] escolher e ..." and whether it may (``pode``)."""
    from cardscript.compiler.semantics.nouns import YOU, players

    roles = roles_of(clause)
    np = roles.subject_np
    who = players(np, r) if np is not None else YOU
    v = analyse(clause)
    r.use(*v.words)
    return who, v.modal == "pode"


def _chosen_by(p: Procedure, who: Selector, optional: bool) -> Procedure:
    """The procedure after "<quem> escolhe e ...": that player picks what it acts on (its ``who`` and the
    choices its selectors leave) and, with "pode", decides whether it happens."""
    from dataclasses import fields

    mine = who.ref is Ref.YOU
    changes: dict[str, object] = {}
    for f in fields(p):
        value = getattr(p, f.name)
        if not mine and f.name == "who" and isinstance(value, Selector):
            changes["who"] = who
        elif not mine and isinstance(value, Selector) and value.ref is None and not value.every \
                and value.chooser is None and f.name not in ("decider",):
            changes[f.name] = replace(value, chooser=who)
    if optional:
        changes.update(optional=True, decider=None if mine else who, if_done=False)
    return replace(p, **changes)  # type: ignore[arg-type]


def _independent(before: list[Procedure], clause: Clause) -> bool:
    """"você pode A e/ou B": B is an infinitive under the same "pode" as A, so each is the player's own decision."""
    v = analyse(clause)
    return bool(before) and all(p.optional for p in before) and clause.subject is None and v.main is not None \
        and v.main.cls == "VINF"


def _options(out: Sequence, joiners: list[Phrase], r: Reading, allowed: bool) -> None:
    """"A ou B" outside an action: a choice between effects (4.6.2 B read for any effect), the controller's unless
    the text names who chooses. One :class:`ChooseOption` and then every option's procedures, each under the
    condition that its option was chosen; an option's own trailing condition ("... ou B se ...") guards it. A
    continuous effect ("ganha Escudo +1 ou ganha Escudo +2, caso ...") is no choice: left not understood."""
    from cardscript.compiler.ir import ChooseOption

    if _otherwise(out):
        return
    if not allowed or out.kinds or any(not m for m in out.modes):
        out.problems.append(Problem("'ou' between effects outside an action", joiners[0] if joiners else None))
        return
    slot = r.new_slot()
    procs: list[Procedure] = []
    for i, mode in enumerate(out.modes):
        chosen = Condition("option", value=f"{i}@{slot}", text=f"option {i + 1} chosen")
        procs.extend(replace(p, condition=_and(chosen, p.condition)) for p in mode)
    texts = tuple(" ".join(p.text for p in m if p.text) or f"option {i + 1}" for i, m in enumerate(out.modes))
    guards = tuple(m[0].condition for m in out.modes)
    choice = ChooseOption(options=texts, guards=guards, text=" ou ".join(texts), introduces=slot)
    out.modes = [[choice, *procs]]


def _otherwise(out: Sequence) -> bool:
    """"ganha Escudo +1 ou ganha Escudo +2, caso se chame X": continuous effects choose nothing (5.7 A), so "A ou
    B, caso C" is B while C holds and A while it does not -- each statement under its condition (one mode)."""
    if len(out.modes) != 2 or not out.kinds or any(k is not EffectKind.STATIC for k in out.kinds):
        return False
    first, second = out.modes
    cond = second[0].condition if second else None
    if cond is None or any(p.condition != cond for p in second) or any(p.condition is not None for p in first) \
            or not first:
        return False
    otherwise = replace(cond, negated=not cond.negated, text="not " + cond.text)
    out.modes = [[*(replace(p, condition=otherwise) for p in first), *second]]
    return True


def _delayed(b: Build, built: Built) -> Built:
    """"... no final desta etapa ou fase do turno": the clause happens then (a triggered effect it creates, once,
    5.7 B), not now."""
    from cardscript.compiler.ir import Effect, EventPattern, Generate

    after = b.roles.pp("after")
    trigger = b.r.event_kind
    if after is not None and after.obj is not None and trigger in ("use_action", "targeted"):
        obj = after.obj                      # "... pode comprar um card após o efeito daquela ação": once it resolved
        inner = next((m.obj for m in obj.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
        action = inner if obj.lemma == "efeito" and inner is not None else obj
        if action.lemma == "ação" and action.det("aquele"):
            b.r.use(*after.preps, obj.head, *obj.dets, *action.own_leaves,
                    *(m.preps[0] for m in obj.mods if isinstance(m, PP) and m.obj is inner))
            b.r.event_kind = "action_resolved"
    elif after is not None and after.obj is not None and b.r.in_action and not trigger and built.kind is None:
        later = _after_this_action(b, after, built)      # "você pode comprar um card após esta ação"
        if later is not None:
            return later
    at = b.adjuncts.at
    if at is None or built.phase_read:
        return built
    if at.edge != "end" or at.phase != "current" or built.kind is not None:
        raise NotUnderstood("at which moment?", b.roles.clause)
    made = Effect(EffectKind.TRIGGERED, tuple(built.procedures), trigger=EventPattern("phase_end", phase="current"),
                  duration=Duration.INSTANT, text=b.text)
    return Built([Generate(effect=made, text=b.text)], None, built.condition, built.subject)


def _after_this_action(b: Build, after: PP, built: Built) -> Built | None:
    """"<procedimento> após esta ação" in an action's effect (4.6.2 I, 9.1.2.1): it happens once the action has
    finished resolving -- after what its keywords add at the end (Clarividência returns the cards it set aside) --
    as a triggered effect the action creates, which works once (5.7 B), on this action's end."""
    from cardscript.compiler.ir import Effect, EventPattern, Generate

    obj = after.obj
    assert obj is not None
    if obj.lemma != "ação" or not obj.det("este") or obj.mods or not b.r.card.action_name:
        return None
    b.r.use(*after.preps, obj.head, *obj.dets)
    end = EventPattern("action_resolved", subject=Selector(kind=Kind.CHARACTER, ref=Ref.ACTION_USER),
                       action_filters=(Filter("name", "eq", b.r.card.action_name),), text="após esta ação")
    made = Effect(EffectKind.TRIGGERED, tuple(built.procedures), trigger=end, duration=Duration.INSTANT, text=b.text)
    return Built([Generate(effect=made, text=b.text)], None, built.condition, built.subject)


def _rounding(clause: Clause, last: list[Procedure], out: Sequence, r: Reading) -> bool:
    """"..., arredondado para baixo / cima": how the halving of the clause before it rounds (4.8.3 C)."""
    from cardscript.compiler.ir import ModifyDamage

    v = analyse(clause)
    if v.lemma != "arredondar" or clause.subject is not None:
        return False
    words = [x for x in leaves(clause) if isinstance(x, Lexeme)]
    direction = "up" if any(w.lemma == "cima" for w in words) else "down" if any(w.lemma == "baixo"
                                                                                 for w in words) else ""
    halving = [p for p in last if isinstance(p, ModifyDamage) and p.divide > 1]
    if not direction or not halving:
        return False
    r.use(clause)
    for p in halving:
        i = out.modes[-1].index(p)
        out.modes[-1][i] = replace(p, round=direction)
    return True


def _shared_of(clause: Clause, rest: list[Node]) -> PP | None:
    """"ganha os poderes e pode usar as ações dos cards ... que ele estiver carregando": the "de ..." closing the
    second conjunct is the first one's too (its powers are those cards'); a copy of it, for the first clause to
    read (``attributes``: "os poderes" with no "de" of their own). Only "ganhar ... e [poder] usar ações de X"."""
    from copy import deepcopy

    from cardscript.compiler.semantics.syntax import NP

    if analyse(clause).lemma != "ganhar" or len(rest) < 2 or not _joined_by_e(rest[0]) \
            or not isinstance(rest[1], Clause) or rest[1].subject is not None or analyse(rest[1]).lemma != "usar":
        return None
    action = roles_of(rest[1]).np("action")
    if not isinstance(action, NP) or action.lemma != "ação":
        return None
    pp = next((m for m in action.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    return deepcopy(pp) if pp is not None else None


def _chosen_as_said(choose: Procedure, cond: Condition | None) -> Procedure:
    """A thing chosen first for a procedure (``nouns._remembered``) under the procedure's condition: a part of it
    saying what the chosen thing is ("... um card que outro personagem ... estiver carregando se aquele personagem
    tiver uma afiliação em comum com este personagem") is what may be chosen -- its filters go to the choice; any
    other part that reads the choice is checked after it (the procedure keeps the whole condition)."""
    slot = choose.introduces
    what = getattr(choose, "what", None)
    kept: list[Condition] = []
    for part in _conjuncts(cond):
        subject = part.subject
        if part.kind == "is" and not part.negated and subject is not None and subject.ref is Ref.SLOT \
                and subject.slot == slot and isinstance(what, Selector) and not part.all_of and not part.any_of \
                and subject.filters and subject.excluding is None:
            what = replace(what, filters=(*what.filters, *subject.filters))
        elif not _mentions(part, slot):
            kept.append(part)
    out: Condition | None = None
    for part in kept:
        out = _and(out, part)
    return replace(choose, condition=out, **({"what": what} if what is not None else {}))


def _conjuncts(cond: Condition | None) -> list[Condition]:
    if cond is None:
        return []
    if cond.kind == "all" and not cond.negated:
        return [x for c in cond.all_of for x in _conjuncts(c)]
    return [cond]


def mentions(node: object, slot: str) -> bool:
    """Does an IR value (a condition, a selector, a procedure...) read ``slot``?"""
    return _mentions(node, slot)


def _mentions(node: object, slot: str) -> bool:
    """Does an IR value (a condition, a selector...) read ``slot``?"""
    from dataclasses import fields, is_dataclass

    if isinstance(node, Selector) and node.slot.split(":rest")[0].split(":nth")[0] == slot:
        return True
    if isinstance(node, tuple):
        return any(_mentions(x, slot) for x in node)
    if is_dataclass(node) and not isinstance(node, type):
        return any(_mentions(getattr(node, f.name), slot) for f in fields(node))
    return False


def _effect_condition_goes_on(reader: SentenceReader, items: list[Node]) -> Condition | None:
    """"Quando X, se Y, A. *Então*, B": the condition the trigger's sentence put on its effect (5.2: a triggered
    effect's conditions are checked when it resolves -- it happens only if they hold) goes on to the next step of the
    same effect, the sentence led by "Então"; None for any other sentence (its own trigger, "Se (não) o fizer")."""
    first = items[0] if items else None
    if isinstance(first, Phrase) and first.kind is PhraseKind.THEN:
        return reader.effect_condition
    return None


def _and(a: Condition | None, b: Condition | None) -> Condition | None:
    if a is None:
        return b
    if b is None:
        return a
    return Condition("all", all_of=(a, b), text=f"{a.text} e {b.text}")


def _modality(p: Procedure, clause: Clause, v: object, subject: Selector | None, chain: bool) -> Procedure:
    """"você pode X" -> optional; "<jogador> pode X" -> optional, decided by that player; an infinitive after "você
    pode ... e" ("e devolvê-lo para sua mão") -> only if the optional step was done; "deve" -> mandatory."""
    from cardscript.compiler.semantics.verbs import Verb

    assert isinstance(v, Verb)
    if getattr(p, "family", "") in ("extra_action", "restrict", "allow", "change_action", "set_cost",
                                    "force_target", "extra_draw", "rule", "suppress_text"):
        return p
    if v.modal == "pode" and not v.negated:
        decider = subject if subject is not None and subject.kind is Kind.PLAYER and subject.ref is not Ref.YOU \
            else None
        from cardscript.compiler.ir import Generate

        if isinstance(p, Generate) and p.effect.kind is EffectKind.TRIGGERED:    # "você pode X após esta ação":
            later = tuple(replace(q, optional=True, decider=decider) for q in p.effect.procedures)  # decided then
            return replace(p, effect=replace(p.effect, procedures=later))
        return replace(p, optional=True, decider=decider)
    if chain and clause.subject is None and v.main is not None and v.main.cls == "VINF":
        return replace(p, if_done=True)
    return p


__all__ = ["Leads", "Problem", "Sequence", "SentenceReader", "read_sequence", "Kind", "Selector", "Built"]
