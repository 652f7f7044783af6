"""Paragraphs as effects (rules 5): what the leads and the clauses' meanings make of a paragraph.

===========================================================  ======================================================
paragraph                                                    effect
===========================================================  ======================================================
keyword line ("Pelotão.")                                    KEYWORD (5.6); its meaning is the prelude's (expand.py)
"Quando / Toda vez que / Se <event>, <procedures>"           TRIGGERED (5.2), the event's participants as slots
"No início / final de <fase>, <procedures>"                  TRIGGERED on the phase's start / end
"Durante sua Fase X, [uma vez por turno,] você pode ..."     ACTIVATED (5.1) in that window, with its limit
"Se <X> fosse <procedimento>, ao invés disso ..."            REPLACEMENT (5.5)
"Toda vez que <X> fosse causar dano ..., ele causará ..."    DAMAGE_MODIFIER (5.3, 4.8.3)
"[Enquanto <estado>,] <statics>"                              STATIC (5.4) under that condition
an action's text                                             its modes (4.6.2 B), extra costs (4.6.1), targets
"Como parte do custo / No início / No final do efeito        an action keyword's costs and procedures around the
desta ação, ..." (a keyword's meaning)                       effect (ActionDef.keyword_effects)
===========================================================  ======================================================

What does not fit is an UNSUPPORTED effect carrying every problem, located: ``cardscript check`` reports them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass

from cardscript.compiler.ast import (
    Clause,
    ClauseSeq,
    EffectParagraph,
    KeywordLine,
    Lexeme,
    Paragraph,
    Phrase,
    PhraseKind,
    Sentence,
)
from cardscript.compiler.fast_replace import replace
from cardscript.compiler.ir import (
    ACTION_COST,
    ACTION_END,
    ACTION_START,
    Allow,
    ChangeAction,
    Condition,
    Count,
    Discard,
    Duration,
    Effect,
    EffectKind,
    EventPattern,
    ExtraAction,
    Filter,
    ForceTarget,
    Generate,
    Kind,
    ModifyDamage,
    Move,
    Procedure,
    PutInScene,
    Redirect,
    Ref,
    Replace,
    Rule,
    Selector,
    SetCost,
    SuppressText,
    Unload,
    Unsupported,
)
from cardscript.compiler.semantics.reading import NotUnderstood, Reading
from cardscript.compiler.semantics.sentences import Leads, Problem, SentenceReader, Sequence, read_sequence
from cardscript.compiler.semantics.syntax import leaves
from cardscript.compiler.semantics.text import render
from cardscript.compiler.semantics.times import When
from cardscript.compiler.semantics.xdef import is_x_definition, x_definition


@dataclass
class Lowered:
    """The effects of a paragraph, and the problems that kept parts of it from running."""

    effects: list[Effect] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def keyword_effect(k: KeywordLine) -> Effect:
    args: list[str] = []
    if k.value is not None:
        args.append(render(k.value))
    for a in k.arguments:
        t = render(a)
        if t and t not in ("e", ","):
            args.append(t)
    return Effect(EffectKind.KEYWORD, keyword=k.keyword, keyword_args=tuple(args), text=render(k))


def read_x(paragraphs: tuple[Paragraph, ...], r: Reading, problems: list[Problem],
           later: tuple[Paragraph, ...] = ()) -> list[Sentence]:
    """"X é igual a ..." anywhere in the block defines X for every sentence of it (read first); a word of the
    definition no rule read is a problem of the card (once, however many paragraphs read the definition).

    A definition in one of the paragraphs ``later`` that cannot be read first -- it refers to what the text
    introduces ("escolha um suporte em cena ... X é igual à Energia Inicial daquele suporte") -- is returned, to be
    read after the text (:func:`read_x_after`); what the failed first reading introduced is forgotten. (One in
    another paragraph is left to that paragraph's reading.)"""
    deferred: list[Sentence] = []
    for para in paragraphs:
        if not isinstance(para, EffectParagraph):
            continue
        for sentence in para.sentences:
            if not is_x_definition(sentence):
                continue
            mark = (len(r.targets), len(r.referents), r.next_slot)
            try:
                r.x = _definition(sentence, r)
                r.provisional_targets.update(i for i in range(mark[0], len(r.targets))
                                             if r.targets[i].text == "o alvo" and not r.targets[i].filters)
            except NotUnderstood as exc:
                if later:                     # forgotten; read after the text of its own paragraph
                    del r.targets[mark[0]:], r.referents[mark[1]:]
                    r.next_slot = mark[2]
                    if any(para is p for p in later):
                        deferred.append(sentence)
                    continue
                _report_x(exc, sentence, problems)
    return deferred


def read_x_after(sentences: list[Sentence], r: Reading, problems: list[Problem]) -> Count | None:
    """The definitions of X :func:`read_x` deferred, read with what the text introduced (its referents and
    targets); None when one cannot be read (then it is a problem of the card)."""
    x: Count | None = None
    for sentence in sentences:
        late = Reading(r.card, r.bindings, r.in_action, list(r.referents), r.card_referents, r.targets,
                       next_slot=r.next_slot, event_kind=r.event_kind, trigger_span=r.trigger_span)
        try:
            x = _definition(sentence, late)
        except NotUnderstood as exc:
            _report_x(exc, sentence, problems)
            return None
        r.next_slot = late.next_slot
    return x


def _definition(sentence: Sentence, r: Reading) -> Count:
    x = x_definition(sentence, r)
    missing = r.unused(sentence)
    if missing:                               # nothing is silently dropped in X's definition either
        from cardscript.compiler.semantics.reading import _word

        raise NotUnderstood("words with no meaning: " + " ".join(_word(w) for w in missing), missing[0])
    return x


def _report_x(exc: NotUnderstood, sentence: Sentence, problems: list[Problem]) -> None:
    problem = Problem(f"X: {exc}", exc.node or sentence, exc.roles)
    if all((p.message, p.node) != (problem.message, problem.node) for p in problems):
        problems.append(problem)


def permanent_paragraph(para: Paragraph, r: Reading) -> Lowered:
    """One paragraph of the permanent text -> its effects."""
    out = Lowered()
    if isinstance(para, KeywordLine):
        out.effects.append(keyword_effect(para))
        return out
    out.effects.extend(keyword_effect(k) for k in para.keyword_lines)
    if not para.sentences:
        return out
    text = render(para)
    reader = SentenceReader(r, static_context=True)
    procs: list[Procedure] = []
    kinds: list[EffectKind] = []
    before: list[Effect] = []                 # the triggered effects of earlier sentences with their own trigger
    r.use(para.keyword_prefix)
    for k, sentence in enumerate(para.sentences):
        if is_x_definition(sentence):
            r.use(sentence)                 # read first by read_x
            continue
        if sentence.cost is not None:
            out.problems.append(Problem("extra costs outside an action", sentence))
            continue
        if k and reader.leads.trigger is not None and _opens_with_trigger(sentence) and procs \
                and not _done_this_way(reader, sentence):
            made = _effect_of(reader, procs, kinds, text, out)   # "Quando A, escolha X. Quando aquele X B, ...":
            if made is None or made.kind is not EffectKind.TRIGGERED or reader.leads.also:   # a second effect
                out.problems.append(Problem("a second trigger in the paragraph", sentence))
            else:
                before.append(replace(made, zone=_trigger_zone(made) or _step_zone(made)
                                      or _working_zone(made.condition)))
            reader = SentenceReader(r, static_context=True)
            procs, kinds = [], []
        seq = read_sequence(reader, sentence.body, first_sentence=k == 0 or not procs, allow_modes=False)
        out.problems.extend(seq.problems)
        procs.extend(p for m in seq.modes for p in m)
        kinds.extend(seq.kinds)
    procs = _unread_slots_dropped(fold_used_this_way(fold_granted_then(fold_instead(procs, out.problems)),
                                                     out.problems))
    effect = _effect_of(reader, procs, kinds, text, out)      # reads the hypothetical lead, if any
    effect = _knockout_to(effect, out.problems)
    if before and (effect is None or effect.kind is not EffectKind.TRIGGERED) and not out.problems:
        out.problems.append(Problem("a second trigger in the paragraph", None))
    if not out.problems:
        unread_words(para, r, out.problems)
        if out.problems and effect is not None:
            effect = Effect(EffectKind.UNSUPPORTED, effect.procedures, text=text,
                            why="; ".join(p.message for p in out.problems))
    if out.problems:
        before = [Effect(EffectKind.UNSUPPORTED, e.procedures, text=text,
                         why="; ".join(p.message for p in out.problems)) for e in before]
    out.effects.extend(before)
    parts = _static_parts(effect)
    out.effects.extend(replace(part, zone=_working_zone(part.condition)) for part in parts)
    if effect is not None and not parts:
        out.effects.append(replace(effect, zone=_trigger_zone(effect) or _step_zone(effect)
                                   or _working_zone(effect.condition)))
        if effect.kind is EffectKind.TRIGGERED:          # "Quando X entrar ou sair de cena": one effect an event
            out.effects.extend(replace(out.effects[-1], trigger=replace(t, text=text)) for t in reader.leads.also)
        elif reader.leads.also and not out.problems:
            out.problems.append(Problem("several events for a non-triggered effect", None))
            out.effects[-1] = Effect(EffectKind.UNSUPPORTED, effect.procedures, text=text,
                                     why=out.problems[-1].message)
    return out


def _done_this_way(reader: SentenceReader, sentence: Sentence) -> bool:
    """The sentence's trigger is "Quando este personagem entrar em cena desta forma" after the optional step that
    puts it there: the same effect goes on ("se o fizer", SentenceReader.lead), no second trigger."""
    from cardscript.compiler.ast import Clause
    from cardscript.compiler.semantics.sentences import top_parts

    first = next(iter(sentence.body.items), None)
    clauses = [n for n in top_parts(first) if isinstance(n, Clause)] if isinstance(first, Phrase) else []
    return len(clauses) == 1 and reader.entered_this_way(clauses[0])


def _opens_with_trigger(sentence: Sentence) -> bool:
    """The sentence starts with a trigger of its own ("Quando aquele personagem usar ..., ...", 5.2)."""
    first = next(iter(sentence.body.items), None)
    return isinstance(first, Phrase) and first.kind is PhraseKind.TRIGGER


def _static_parts(effect: Effect | None) -> list[Effect]:
    """A static whose statements have conditions of their own ("ganha Escudo +1 ou ganha Escudo +2, caso ..."): one
    static per statement, each working while its condition (and the paragraph's) holds (5.7 A.2.2); [] for any
    other effect (the engine reads a static's condition on the effect)."""
    if effect is None or effect.kind is not EffectKind.STATIC or all(p.condition is None for p in effect.procedures):
        return []
    return [replace(effect, procedures=(replace(p, condition=None),), condition=_and(effect.condition, p.condition))
            for p in effect.procedures]


def _trigger_zone(effect: Effect) -> str:
    """5.2.1: "Quando este card for colocado de seus recursos ...": a trigger on this card leaving an area of its
    owner works from that area."""
    t = effect.trigger
    if effect.kind is not EffectKind.TRIGGERED or t is None or t.event != "move" or t.subject is None \
            or t.subject.ref is not Ref.THIS_CARD or not t.origin:
        return ""
    areas = t.origin.split("/")
    if any(a not in ("resources", "hand", "deck", "prizes", "carried") for a in areas) or areas == ["carried"]:
        return ""
    return areas[0] if len(areas) == 1 else "any"       # "vinda de sua mão ou deck": from either ("ou
    #                                                     descarregando-o de um personagem": or carried)


def _step_zone(effect: Effect) -> str:
    """5.2.1: "Quando <evento>, se este card estiver em sua mão, você pode colocá-lo em cena. ...": a triggered effect
    whose steps all hang on this card being in an area of its owner (the first step's condition; the others say
    it, or follow that step: "se o fizer") works from that area; '' otherwise."""
    if effect.kind is not EffectKind.TRIGGERED or not effect.procedures or effect.condition is not None:
        return ""
    first = effect.procedures[0]
    zone = _working_zone(first.condition)
    if zone == "scene" or not first.optional:
        return ""
    if all(p.condition == first.condition or (p.if_done and p.condition is None) for p in effect.procedures[1:]):
        return zone
    return ""


def _working_zone(cond: Condition | None) -> str:
    """Where a permanent effect works (5.2.1, 5.6): the scene, unless its condition puts this very card elsewhere
    ("Enquanto este card estiver nos prêmios de seus oponentes", "Enquanto estiver em seu deck ou recursos": the
    zone, or any zone when it names several -- the condition still says which)."""
    if cond is not None and cond.kind == "all" and not cond.negated:   # "se este card estiver em sua mão e ...":
        zoned = [z for c in cond.all_of if (z := _working_zone(c)) != "scene"]   # where the one naming this card
        return zoned[0] if len(zoned) == 1 else "scene"                            # puts it
    if cond is None or cond.kind != "is" or cond.negated or cond.subject is None:
        return "scene"
    if cond.subject.ref not in (Ref.THIS_CARD, Ref.THIS_CHARACTER):
        return "scene"
    zones = [str(f.value) for f in cond.subject.filters if f.field == "zone" and f.op in ("in", "eq")]
    if not zones:
        return "scene"
    names = zones[0].split("/")
    return names[0] if len(names) == 1 else "any"


def unread_words(para: Paragraph, r: Reading, problems: list[Problem]) -> None:
    """Words of the paragraph no rule gave a meaning (in its leads, its joiners, anywhere): each run of them is a
    problem, so that nothing is silently dropped (``docs/semantics.md``, "accounting")."""
    if problems:
        return
    missing = r.unused(para)
    if not missing:
        return
    from cardscript.compiler.semantics.reading import _word

    problems.append(Problem("words with no meaning: " + " ".join(_word(x) for x in missing), missing[0]))


def _redirecting(trigger: EventPattern, procs: list[Procedure], text: str, out: Lowered,
                 condition: Condition | None) -> Effect:
    """"Toda vez que outro personagem que você controla receber dano [de uma ação], [você pode] redirecionar aquele
    dano para este personagem" (4.8.3.1: the rulebook's example of a damage-redirecting effect, 5.3): it acts in the
    calculation of that damage (step E), not after it -- the engine's damage replacement with a redirection."""
    subject = trigger.subject
    whose = {None: "", Ref.YOU: "you", Ref.OPPONENT: "opponent"}.get(trigger.turn_of)
    if trigger.event != "damage" or subject is None or trigger.action_filters or trigger.whose or whose is None:
        return _unsupported(out, text, procs, "redirecting which damage?")
    if trigger.source is not None and not redirect_source_ok(trigger.source):
        return _unsupported(out, text, procs, "redirecting the damage of which source?")
    when = [c for c in (condition,) if c is not None]
    if trigger.phase or whose:             # "... receber dano durante a Fase de Preparação do turno de outro jogador"
        when.append(Condition("now", value=trigger.phase, whose=whose))
    return Effect(EffectKind.REPLACEMENT, (Replace(event="damage", subject=subject, instead=tuple(procs),
                                                   subject_slot="event:subject", source=trigger.source, text=text,
                                                   condition=when[0] if len(when) == 1 else Condition(
                                                       "all", all_of=tuple(when)) if when else None),),
                  duration=Duration.WHILE_IN_PLACE, text=text)


def redirect_source_ok(source: Selector) -> bool:
    """The sources a redirection can be limited to (``dealing.damage_redirects``): any action ("de uma ação"), or
    cards described without a reference."""
    if source.kind is Kind.ACTION:
        return not source.filters and source.ref is None
    return source.ref is None and not source.union


def _effect_of(reader: SentenceReader, procs: list[Procedure], kinds: list[EffectKind], text: str,
               out: Lowered) -> Effect | None:
    from cardscript.compiler.semantics.damage_effects import hypothetical_effect

    leads = reader.leads
    if out.problems:
        return Effect(EffectKind.UNSUPPORTED, tuple(procs), text=text,
                      why="; ".join(p.message for p in out.problems))
    if leads.hypothetical is not None:
        try:
            return hypothetical_effect(reader, procs, text)
        except NotUnderstood as exc:
            out.problems.append(Problem(str(exc), exc.node, exc.roles))
            return Effect(EffectKind.UNSUPPORTED, tuple(procs), text=text, why=str(exc))
    if kinds and all(k is EffectKind.DAMAGE_MODIFIER for k in kinds) and leads.trigger is not None:
        from cardscript.compiler.semantics.damage_effects import modifier_effect

        try:                                               # "Toda vez que X causar / receber dano, ..." (5.3)
            made = modifier_effect(procs, leads.trigger, text)
        except NotUnderstood as exc:
            return _unsupported(out, text, procs, str(exc))
        return replace(made, condition=leads.condition)
    if leads.trigger is not None and procs and all(isinstance(p, Redirect) for p in procs):
        return _redirecting(leads.trigger, procs, text, out, leads.condition)
    if leads.trigger is not None and reader.r.event_kind == "action_resolved":
        leads.trigger = _once_resolved(leads.trigger)
    if leads.trigger is not None or leads.phase_trigger is not None:
        trigger = leads.trigger
        if trigger is None:
            pt = leads.phase_trigger
            assert pt is not None
            whose = Ref.YOU if pt.whose is Ref.OWNER else pt.whose     # "No início de sua própria Etapa ..."
            of_turn = _turn_of_controller(pt)
            if whose not in (None, Ref.YOU, Ref.OPPONENT) and of_turn is None:
                return _unsupported(out, text, procs, "at the start of whose turn?")
            trigger = EventPattern("phase_start" if pt.edge == "start" else "phase_end", phase=pt.phase,
                                   whose=whose if whose in (Ref.YOU, Ref.OPPONENT) else None,
                                   text=text)
            if of_turn is not None:
                leads.condition = _and(leads.condition, of_turn)
            if pt.whose_filters:                         # "... do jogador que controlar menos personagens" (5.2)
                leads.condition = _and(leads.condition, Condition("is", subject=Selector(
                    kind=Kind.PLAYER, ref=Ref.SLOT, slot="event:player", filters=pt.whose_filters,
                    text="o jogador")))
        if any(k is EffectKind.STATIC for k in kinds):
            if _self_leaving(trigger):
                return _unsupported(out, text, procs, "for how long? (a continuous effect with no duration created "
                                                      "as its card leaves where it works)")
            if leads.trigger_late:
                return _unsupported(out, text, procs, "a static inside a triggered effect (a static before the "
                                                      "trigger: two effects in one paragraph)")
            if any(isinstance(p, Rule) for p in procs):
                return _unsupported(out, text, procs, "a rule of the game inside a triggered effect")
            procs = [_while_source(p) for p in procs]
        return Effect(EffectKind.TRIGGERED, tuple(procs), trigger=trigger, condition=leads.condition, text=text)
    if leads.window and not leads.limit and kinds and all(k is EffectKind.STATIC for k in kinds) \
            and len(kinds) == len(procs) and not any(p.optional for p in procs):
        return _static_during(leads, procs, text)
    if leads.window or leads.limit:
        if not procs or not procs[0].optional:
            return _unsupported(out, text, procs, "an activation window without 'você pode'")
        if any(k is EffectKind.STATIC for k in kinds):     # created by the activated effect's resolution (5.7 B)
            if any(isinstance(p, Rule) for p in procs):
                return _unsupported(out, text, procs, "a rule of the game inside an activated effect")
            procs = [_while_source(p) for p in procs]
        first = replace(procs[0], optional=False)
        cond = first.condition
        first = replace(first, condition=None)
        rest = list(procs[1:])
        for i, p in enumerate(rest):                 # the first clause's other procedures ("você pode descarregar
            if p.text != first.text or not p.optional:   # todos os cards de um personagem": choose, unload): the
                break                                # activation is their "pode" too
            rest[i] = replace(p, optional=False)
        return Effect(EffectKind.ACTIVATED, (first, *rest), window=leads.window,
                      whose_window=leads.whose_window, limit_per_turn=leads.limit,
                      condition=_and(leads.condition, cond), text=text)
    permission = _placing_permission(procs, leads.condition, text)
    if permission is not None:
        return permission
    if kinds and all(k is EffectKind.STATIC for k in kinds) and len(kinds) == len(procs):
        cond = procs[0].condition if procs and all(p.condition == procs[0].condition for p in procs) else None
        procs = [replace(p, condition=None) for p in procs] if cond is not None else procs
        made = Effect(EffectKind.STATIC, tuple(procs), condition=_and(leads.condition, cond),
                      duration=Duration.WHILE_IN_PLACE, text=text)
        try:
            return _forced_while_choosing(made)
        except NotUnderstood as exc:
            return _unsupported(out, text, procs, str(exc))
    if kinds and all(k is EffectKind.DAMAGE_MODIFIER for k in kinds):
        return Effect(EffectKind.DAMAGE_MODIFIER, tuple(procs), condition=leads.condition,
                      duration=Duration.WHILE_IN_PLACE, text=text)
    if kinds and all(k is EffectKind.REPLACEMENT for k in kinds) and all(isinstance(p, Replace) for p in procs):
        return Effect(EffectKind.REPLACEMENT, tuple(procs), condition=leads.condition,   # a permanent text's 5.5
                      duration=Duration.WHILE_IN_PLACE, text=text)                       # replacement, no lead
    kept = _while_the_turns_record(procs, leads.condition, text)
    if kept is not None:
        return kept
    return _unsupported(out, text, procs, "no trigger, window or static form")


_TURN_RECORDS = ("damaged_this_turn",)       # filters on what happened this turn: true once, true to its end (6.2)


def _turns_record(cond: Condition | None) -> bool:
    """"este personagem tiver recebido dano em um turno": a condition on the turn's record -- once it holds, it holds
    until the Final do Turno clears the record (6.2)."""
    return cond is not None and cond.kind == "is" and not cond.negated and cond.subject is not None \
        and any(f.field in _TURN_RECORDS and f.op == "eq" and f.value == "true" for f in cond.subject.filters)


def _while_the_turns_record(procs: list[Procedure], condition: Condition | None, text: str) -> Effect | None:
    """A permanent text with no trigger: "Se este personagem tiver recebido dano em um turno, até o final daquele
    turno <modifier or static>" -- from the moment the condition holds to the end of that turn is exactly while
    the turn's record holds it, so the effect is continuous under that condition (5.4, 5.3; 5.7 A.2.2 while the
    card works), not one created once (nothing triggers it)."""
    if not procs or not all(isinstance(p, Generate) and p.effect is not None and p.effect.trigger is None
                            and p.effect.duration is Duration.END_OF_TURN and p.effect.condition is None
                            and p.effect.kind in (EffectKind.DAMAGE_MODIFIER, EffectKind.STATIC)
                            and not p.optional and p.condition == procs[0].condition for p in procs):
        return None
    made = [p.effect for p in procs if isinstance(p, Generate) and p.effect is not None]
    cond = _and(condition, procs[0].condition)
    if len({e.kind for e in made}) != 1 or not any(_turns_record(c) for c in _choosing_parts(cond)):
        return None
    return Effect(made[0].kind, tuple(q for e in made for q in e.procedures), condition=cond,
                  duration=Duration.WHILE_IN_PLACE, text=text)


def _choosing_parts(cond: Condition | None) -> list[Condition]:
    if cond is None:
        return []
    return list(cond.all_of) if cond.kind == "all" and not cond.negated else [cond]


def _forced_while_choosing(effect: Effect) -> Effect:
    """4.6.2 F.2.1: "Enquanto um oponente estiver escolhendo os alvos de <uma ação ...>, se aquela ação puder ter este
    suporte como alvo, aquele oponente deve escolher este suporte como um dos alvos daquela ação": the target a
    player must choose for such actions -- a ``ForceTarget`` whose action filters and player are the condition's
    (``choosing_targets``); "se aquela ação puder ter X como alvo" is F.2.2, which the forcing always checks (the
    engine forces only a target the action can choose), so neither stays a condition."""
    parts = _choosing_parts(effect.condition)
    choosing = [c for c in parts if c.kind == "choosing_targets"]
    if not choosing and not any(c.kind == "may_target" for c in parts):
        return effect
    forced = [p for p in effect.procedures if isinstance(p, ForceTarget)]
    if len(choosing) != 1 or len(forced) != len(effect.procedures) or choosing[0].subject is None:
        raise NotUnderstood("while choosing the targets: what must be chosen?", None)
    mays = [c for c in parts if c.kind == "may_target"]
    if any(m.subject != p.subject for m in mays for p in forced) or len(parts) != 1 + len(mays):
        raise NotUnderstood("while choosing the targets: under which condition?", None)
    action = choosing[0].subject
    by = {"opponent": Ref.OPPONENT, "": None}.get(choosing[0].whose, Ref.YOU)
    if by is Ref.YOU or any(p.by != by for p in forced):
        raise NotUnderstood("while choosing the targets: whose actions?", None)
    procs = tuple(replace(p, action_filters=action.filters) for p in forced)
    return replace(effect, procedures=procs, condition=None)


def _placing_permission(procs: list[Procedure], condition: Condition | None, text: str) -> Effect | None:
    """A permanent "Você pode colocar em cena um card de personagem com o mesmo nome ou alter ego de um personagem
    que seu oponente controla[. Se o fizer, <procedimentos>]" with no trigger and no window places nothing now: it
    lets its controller's placings -- the Fase de Preparação's (6.2 C.3), or one an effect makes -- put such a
    character in the scene though they control one of its alter ego or name (4.4.2.1 A.4b lifted for it, golden
    rule 8 A): a permission (``Allow`` scene_identity) while the card works where it is (its condition: "Se este card
    estiver em seus recursos"); "Se o fizer, ..." is what a placing that uses it does then (``Allow.then``). Only a
    description compared with other characters' name or alter ego is such a permission; None otherwise."""
    first = procs[0] if procs else None
    if not isinstance(first, PutInScene) or not first.optional or first.if_done or first.if_not_done \
            or first.as_if or first.loaded_with is not None or first.loading is not None:
        return None
    rest = procs[1:]
    if any(not p.if_done or p.optional or p.if_not_done or p.condition not in (None, first.condition) for p in rest):
        return None
    cards = first.cards
    shared = [f for f in cards.filters if f.field in ("alter_ego", "name", "name_or_alter_ego") and f.op == "shares"
              and isinstance(f.value, Selector)]
    if len(shared) != 1 or cards.kind is not Kind.CHARACTER or cards.ref is not None or cards.union \
            or cards.count.fixed != 1 or cards.count.x is not None:
        return None
    allow = Allow(what="scene_identity", subject=replace(cards, zone="", zone_owner=None),
                  then=tuple(replace(p, if_done=False, condition=None) for p in rest),
                  introduces=first.introduces, text=first.text)
    return Effect(EffectKind.STATIC, (allow,), condition=_and(condition, first.condition),
                  duration=Duration.WHILE_IN_PLACE, text=text)


def _turn_of_controller(pt: When) -> Condition | None:
    """"No início do turno do controlador do personagem escolhido": the phase trigger fires in every player's turn
    and its condition (checked as it fires and as it resolves, 5.2) is that the turn is that card's controller's
    (``now`` with a subject, rules 6). Only a card a slot remembers (the one chosen) names that controller."""
    of = pt.whose_of
    if pt.whose is not Ref.CONTROLLER or of is None or of.ref is not Ref.SLOT:
        return None
    return Condition("now", subject=of, text="in the turn of the controller of " + (of.text or of.slot))


def _static_during(leads: Leads, procs: list[Procedure], text: str) -> Effect:
    """"Durante as Fases de Preparação, os personagens não podem ...": a continuous effect (5.7 A.2.2) working only
    while the game is in that phase or step (rules 6) -- of its controller's turn ("sua"), an opponent's, or any
    player's (no possessive, or the plural: every one of them)."""
    whose = {"you": "you", "opponent": "opponent"}.get(leads.whose_window, "")
    now = Condition("now", value=leads.window, whose=whose)
    cond = procs[0].condition if procs and all(p.condition == procs[0].condition for p in procs) else None
    procs = [replace(p, condition=None) for p in procs] if cond is not None else procs
    return Effect(EffectKind.STATIC, tuple(procs), condition=_and(_and(leads.condition, cond), now),
                  duration=Duration.WHILE_IN_PLACE, text=text)


def _while_source(p: Procedure) -> Procedure:
    """A continuous effect inside a triggered effect, with no duration of its own ("Quando este personagem entrar em
    cena, escolha um personagem ... Aquele personagem não pode usar ações que causem dano"): the trigger's resolution
    creates it (5.7 B) and, having no defined duration, it lasts while its card stays where its effect works (5.7
    A.2.2). Its references keep the creating effect's meaning ("aquele personagem": the one chosen then); the
    resolution-time flags ("Se o fizer", a condition) stay on the creating step."""
    if getattr(p, "duration", None) is not Duration.WHILE_IN_PLACE:
        return p
    if isinstance(p, SuppressText):        # 5.8 as a state effect (its handler), ending with its source
        return replace(p, duration=Duration.WHILE_SOURCE)
    inner = replace(p, condition=None, if_done=False, if_not_done=False, optional=False, decider=None,
                    duration=Duration.WHILE_SOURCE)                     # type: ignore[call-arg]
    made = Effect(EffectKind.STATIC, (inner,), duration=Duration.WHILE_SOURCE, text=p.text)
    return Generate(effect=made, text=p.text, condition=p.condition, if_done=p.if_done, if_not_done=p.if_not_done,
                    optional=p.optional, decider=p.decider)


def _self_leaving(trigger: EventPattern) -> bool:
    """Is the trigger this very card leaving where it works ("Quando este cenário sair de cena")?"""
    return trigger.event in ("leave_scene", "knocked_out", "destroyed") and trigger.subject is not None \
        and trigger.subject.ref in (Ref.THIS_CARD, Ref.THIS_CHARACTER)


def _unsupported(out: Lowered, text: str, procs: list[Procedure], why: str) -> Effect:
    out.problems.append(Problem(why, None))
    return Effect(EffectKind.UNSUPPORTED, tuple(procs), text=text, why=why)


def _and(a: Condition | None, b: Condition | None) -> Condition | None:
    if a is None:
        return b
    if b is None:
        return a
    return Condition("all", all_of=(a, b))


# ---------------------------------------------------------------------------------------------
# actions (4.6)


@dataclass
class ActionText:
    """The meaning of an action's text box: its modes, extra costs and the effects its keywords add."""

    modes: list[list[Procedure]] = field(default_factory=lambda: [[]])
    costs: list[Procedure] = field(default_factory=list)
    framed: dict[str, list[Procedure]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    statics: list[Effect] = field(default_factory=list)


def action_paragraphs(paragraphs: tuple[Paragraph, ...], r: Reading, frames_allowed: bool = False) -> ActionText:
    """An action's paragraphs (or an action keyword's meaning: ``frames_allowed``) -> its procedures by mode."""
    out = ActionText()
    reader = SentenceReader(r, static_context=False)
    frame: str | None = None
    for para in paragraphs:
        if not isinstance(para, EffectParagraph):
            continue
        r.use(para.keyword_prefix)          # "Clarividência 2 - ...": the keyword's use, lowered from the prelude
        paid_before = next((k for k, s in enumerate(para.sentences) if s.cost is not None), 0)
        for k, sentence in enumerate(para.sentences):
            if is_x_definition(sentence):
                r.use(sentence)             # read first by read_x
                continue
            if k < paid_before and not frames_allowed:
                _read_cost(reader, sentence.body, out)     # "Carregue um card ... . Coloque X na base ...: ..."
                continue
            body = sentence.body
            lead_frame, body = _action_frame(body, r) if frames_allowed else (None, body)
            frame = lead_frame or frame
            if sentence.cost is not None:
                _read_cost(reader, sentence.cost, out)
            reader.leads = type(reader.leads)()
            seq = read_sequence(reader, body, first_sentence=k == 0, allow_modes=True)
            if frames_allowed and frame is None:
                out.problems.extend(seq.problems)
                statics = [p for m in seq.modes for p in m]
                if seq.kinds and all(kk is EffectKind.STATIC for kk in seq.kinds):
                    out.statics.append(Effect(EffectKind.STATIC, tuple(statics), duration=Duration.WHILE_IN_PLACE,
                                              text=render(sentence)))
                    continue
                out.problems.append(Problem("an action keyword's sentence outside the frames 'como parte do custo /"
                                            " no início / no final do efeito desta ação'", sentence))
                continue
            generated = _generated(reader, seq, render(sentence))
            out.problems.extend(seq.problems)            # (after: what the generated effect could not read too)
            if generated is not None:
                seq.modes = [[generated]]
            elif any(kk is EffectKind.STATIC for kk in seq.kinds):
                out.problems.append(Problem("a static effect without a duration in an action", sentence))
            elif any(isinstance(p, ModifyDamage) for m in seq.modes for p in m):
                # 5.7 B: a damage modifier an action creates works for the time it says ("neste turno"); with none
                # said it would modify nothing (the action's own damage is modified by "esta ação causa +N")
                out.problems.append(Problem("a damage modifier created by an action: for how long?", sentence))
            if frame is not None:
                out.framed.setdefault(frame, []).extend(p for m in seq.modes for p in m)
                continue
            _merge_modes(out, seq)
        unread_words(para, r, out.problems)
    every = [q for m in out.modes for q in m] + [q for f in out.framed.values() for q in f]
    out.modes = [_unread_slots_dropped(m) for m in out.modes]
    out.costs = _unread_slots_dropped(out.costs, every)
    return out


def _read_cost(reader: SentenceReader, clauses: ClauseSeq, out: ActionText) -> None:
    """4.6.2 E.2: extra costs -- every sentence printed after the action's characteristics and before the ":" (not
    only the one the ":" ends): its procedures are paid, in order, before the targets are chosen."""
    cost_seq = read_sequence(reader, clauses, first_sentence=False, allow_modes=False, options=False)
    out.problems.extend(cost_seq.problems)
    out.costs.extend(p for m in cost_seq.modes for p in m)
    if any(_names_target(p) for m in cost_seq.modes for p in m):
        out.problems.append(Problem("an extra cost on the action's target (4.6.2: the costs are paid before the "
                                    "targets are chosen)", clauses))


def _merge_modes(out: ActionText, seq: Sequence) -> None:
    if len(seq.modes) > 1:
        if len(out.modes) > 1:
            out.problems.append(Problem("two sentences with options", None))
            return
        base = out.modes[0]
        out.modes = [[*base, *m] for m in seq.modes]
    else:
        for m in out.modes:
            m.extend(seq.modes[0])
    out.modes = [fold_granted_then(fold_instead(m, out.problems)) for m in out.modes]


def _knockout_to(effect: Effect | None, problems: list[Problem]) -> Effect | None:
    """5.5 (Hela V1's example: "Quando ... ao invés disso aquele personagem deve ser colocado nos prêmios ..."): "Quando
    X for nocauteado, [se ...,] coloque o personagem nocauteado nos recursos de seu dono ao invés de nos prêmios de
    seus oponentes [e ...]" -- not a trigger after the fact but a replacement of where the knocked-out character goes
    (4.7: the prizes): the move (and what follows it) happens instead, the condition read when it would go there."""
    if effect is None or not any(isinstance(p, Move) and p.instead_of == "prizes" for p in effect.procedures):
        return effect
    t = effect.trigger
    first = effect.procedures[0]
    if effect.kind is not EffectKind.TRIGGERED or t is None or t.event != "knocked_out" or t.subject is None:
        problems.append(Problem("'ao invés de nos prêmios' outside a knockout", None))
        return Effect(EffectKind.UNSUPPORTED, effect.procedures, text=effect.text, why=problems[-1].message)
    if not isinstance(first, Move) or first.instead_of != "prizes" or first.cards.ref is not Ref.SLOT \
            or first.cards.slot != "event:subject" or first.optional or first.to not in ("resources", "hand") \
            or any(isinstance(p, Move) and p.instead_of for p in effect.procedures[1:]) \
            or any(p.optional or p.if_done or p.if_not_done or p.condition != first.condition
                   for p in effect.procedures[1:]) or first.to_owner is not None:
        problems.append(Problem("'ao invés de nos prêmios' with other steps before it", None))
        return Effect(EffectKind.UNSUPPORTED, effect.procedures, text=effect.text, why=problems[-1].message)
    instead = tuple(replace(p, condition=None, instead_of="") if isinstance(p, Move) else replace(p, condition=None)
                    for p in effect.procedures)
    assert t is not None and t.subject is not None
    rep = Replace(event="knock_out", subject=t.subject, instead=instead, subject_slot="event:subject",
                  condition=first.condition, text=effect.text)
    return Effect(EffectKind.REPLACEMENT, (rep,), condition=effect.condition, text=effect.text,
                  duration=Duration.WHILE_IN_PLACE)


def fold_granted_then(procs: list[Procedure]) -> list[Procedure]:
    """4.6.2 C.4: "X pode usar mais uma ação chamada Y neste turno ... Se o fizer, X não pode usar mais ações neste
    turno" -- "o fizer" is using the action granted (no optional step comes between): those procedures happen when
    the grant is used (``ExtraAction.then``), not now."""
    out: list[Procedure] = []
    for p in procs:
        grant = out[-1] if out else None
        if p.if_done and not p.optional and isinstance(grant, ExtraAction) and not grant.optional \
                and not grant.if_done and grant.amount == 1:
            out[-1] = replace(grant, then=(*grant.then, replace(p, if_done=False)))
            continue
        out.append(p)
    return out


_TYPE_WINDOW = {"anticipate": "Etapa de Antecipação", "unforeseen": "Fase de Preparação"}
"""Where an action is used as a type it does not have (4.6.2 C.5): an Antecipar action in the opponent's Etapa de
Antecipação, an Imprevista in the Fase de Preparação."""


def fold_used_this_way(procs: list[Procedure], problems: list[Problem]) -> list[Procedure]:
    """"Este personagem pode usar ações de {AD} como ações de antecipar. O custo de incapacitação [de] cada ação usada
    dessa forma será {2}": "dessa forma" is the type change said before (``ChangeAction``); the cost is set for those
    actions when they are used as that type -- in that type's window (4.6.2 C.5), not having it printed -- a
    SetCost with the change's action filters, under that condition (its own static, ``_static_parts``)."""
    from cardscript.compiler.semantics.statics import USED_THIS_WAY

    out: list[Procedure] = []
    for p in procs:
        if not (isinstance(p, SetCost) and USED_THIS_WAY in p.action_filters):
            out.append(p)
            continue
        change = next((c for c in reversed(out) if isinstance(c, ChangeAction)), None)
        types = [t for t in ("anticipate", "unforeseen") if change is not None and getattr(change, t)]
        if change is None or change.actions is None or len(types) != 1 or change.lose:
            problems.append(Problem("'usada dessa forma': used which way?", None))
            out.append(p)
            continue
        word = {"anticipate": "antecipar", "unforeseen": "imprevista"}[types[0]]
        filters = (*change.actions.filters, Filter("printed_action_type", "ne", word))
        now = Condition("now", value=_TYPE_WINDOW[types[0]], text=f"used as {word}")
        out.append(replace(p, action_filters=filters, condition=_and(p.condition, now)))
    return out


def fold_instead(procs: list[Procedure], problems: list[Problem]) -> list[Procedure]:
    """5.5 in one sentence: "Descarregue um card deste personagem. Se o card descarregado for X, coloque aquele card
    em sua mão ao invés de colocá-lo em seus recursos" -- the move marked ``instead_of`` replaces where the unloading
    before it puts that card (4.1: its owner's resources): the unloading sends the card it unloads there instead
    when the move's condition holds of it. A marked move that replaces nothing said before it is a problem."""
    out: list[Procedure] = []
    for p in procs:
        if not isinstance(p, Move) or not p.instead_of or p.instead_of == "prizes":
            out.append(p)                    # (a knocked-out character's prizes: the paragraph's, _knockout_to)
            continue
        before = out[-1] if out else None
        if isinstance(before, Unload) and before.unloaded and not before.instead_to and p.instead_of == "resources" \
                and p.cards.ref is Ref.SLOT and p.cards.slot == before.unloaded and not (
                    p.optional or p.if_done or p.if_not_done or p.from_zone or p.or_to or p.shuffle_in) \
                and p.to in ("hand", "deck_top", "deck_bottom") and (p.to_owner is None or p.to_owner.ref is Ref.YOU):
            out[-1] = replace(before, instead_to=p.to, instead_if=p.condition)
            continue
        problems.append(Problem("'ao invés de' naming nothing the step before does", None))
        out.append(Unsupported(why=problems[-1].message, text=p.text))
    return out


def _unread_slots_dropped(procs: list[Procedure], readers: list[Procedure] | None = None) -> list[Procedure]:
    """An unloading names the cards it unloaded (``Unload.unloaded``) only when a later step (or one of ``readers``:
    an action's effect after its costs) reads them ("o card descarregado"): the IR says no more than the text."""
    from cardscript.compiler.semantics.sentences import mentions

    out = list(procs)
    for i, p in enumerate(out):
        if isinstance(p, Unload) and p.unloaded and not p.instead_to \
                and not any(mentions(q, p.unloaded) for q in (*out[i + 1:], *(readers or ()))):
            out[i] = replace(p, unloaded="")
        if isinstance(p, Discard) and p.introduces.startswith("discarded:") \
                and not any(mentions(q, p.introduces) for q in (*out[i + 1:], *(readers or ()))):
            out[i] = replace(p, introduces="")            # the same for the cards discarded ("aquele mesmo número")
    return out


def _names_target(x: object) -> bool:
    """Does an IR value refer to the action's target ("o personagem alvo") anywhere in it?"""
    if isinstance(x, Selector) and x.ref is Ref.TARGET:
        return True
    if isinstance(x, tuple | list):
        return any(_names_target(y) for y in x)
    if is_dataclass(x) and not isinstance(x, type):
        return any(_names_target(getattr(x, f.name)) for f in fields(x))
    return False


def _generated(reader: SentenceReader, seq: Sequence, text: str) -> Generate | None:
    """5.7 B: a trigger (or a damage modifier) inside an action's text is an effect the action creates, working from
    its resolution for its duration ("neste turno", "até o final do turno"; none: once)."""
    from cardscript.compiler.semantics.damage_effects import hypothetical_effect

    leads = reader.leads
    procs = [p for m in seq.modes for p in m]
    if leads.hypothetical is not None:
        try:
            made = hypothetical_effect(reader, procs, text)
        except NotUnderstood as exc:
            seq.problems.append(Problem(str(exc), exc.node, exc.roles))
            return None
        duration = leads.duration or _trigger_duration(reader)
        return Generate(effect=replace(made, duration=duration or Duration.INSTANT), text=text)
    if leads.window or leads.limit:                       # "Durante a Fase de Preparação deste turno, você pode
        seq.problems.append(Problem("an activation window inside an action (when may it be done?)", None))
        return None                                       # ...": a permission for later, not an effect now
    if leads.phase_trigger is not None:                   # "No final do turno, coloque-o na base de seu deck"
        delayed = _delayed_trigger(leads.phase_trigger, text)
        if delayed is None:
            seq.problems.append(Problem("an effect for a later phase, created by an action (which occurrence of "
                                        "that phase?)", None))
            return None
        made = Effect(EffectKind.TRIGGERED, tuple(procs), trigger=delayed, duration=Duration.INSTANT, text=text)
        return Generate(effect=made, text=text)
    if leads.trigger is None:
        return None
    if leads.also:
        seq.problems.append(Problem("an effect generated on several events", None))
        return None
    duration = leads.duration or _trigger_duration(reader) or Duration.INSTANT
    trigger = _once_resolved(leads.trigger) if reader.r.event_kind == "action_resolved" else leads.trigger
    if trigger.target_slot == "event:subject" and (trigger.target is None or trigger.target.ref in (None, Ref.SLOT)):
        seq.problems.append(Problem("after the effect of an action that targeted which one? (a generated "
                                    "trigger names the action's user as its subject)", None))
        return None
    made = Effect(EffectKind.TRIGGERED, tuple(procs), trigger=trigger, duration=duration, text=text)
    return Generate(effect=made, text=text)


def _delayed_trigger(w: When, text: str) -> EventPattern | None:
    """5.7 B: "No final do turno, ..." / "No início do próximo turno, ..." inside an action is an effect the action
    creates, triggered once (no duration of its own: "tais efeitos acontecem apenas uma vez") at the next end of
    the turn (6.2 Final do Turno: this turn's) or the next turn's start. Any other phase is left unread: which of
    its occurrences the words mean depends on when the action is used."""
    if w.phase or w.each_player or w.whose is not None:
        return None
    if w.edge == "end" and not w.next_turn:
        return EventPattern("phase_end", text=text)
    if w.edge == "start" and w.next_turn:
        return EventPattern("phase_start", text=text)
    return None


def _trigger_duration(reader: SentenceReader) -> Duration | None:
    """A generated trigger's duration said inside its event clause ("Toda vez que o alvo usar uma ação neste turno")."""
    if (reader.leads.trigger is not None or reader.leads.hypothetical is not None) and reader.r.trigger_this_turn:
        return Duration.END_OF_TURN
    return None


def _action_frame(body: object, r: Reading) -> tuple[str | None, ClauseSeq]:
    """"Como parte do custo desta ação, ...", "No início / final do efeito desta ação, ...": an action keyword's
    frame (the lead is used and dropped from the body)."""
    from cardscript.compiler.ast import ClauseSeq

    assert isinstance(body, ClauseSeq)
    for k, item in enumerate(body.items):
        if isinstance(item, Phrase) and item.kind is PhraseKind.WINDOW:
            words = [x.lemma for x in leaves(item) if isinstance(x, Lexeme)]
            frame = None
            if words[:3] == ["como", "parte", "de"] and "custo" in words and "ação" in words:
                frame = ACTION_COST
            elif "efeito" in words and "ação" in words and ("início" in words or "inicio" in words):
                frame = ACTION_START
            elif "efeito" in words and "ação" in words and "final" in words:
                frame = ACTION_END
            if frame is not None:
                r.use(item)
                rest = tuple(it for j, it in enumerate(body.items) if j != k)
                return frame, replace(body, items=rest)
    return None, body


__all__ = ["ActionText", "Lowered", "action_paragraphs", "keyword_effect", "permanent_paragraph", "read_x",
           "Clause", "Count", "Unsupported"]


def _once_resolved(trigger: EventPattern) -> EventPattern:
    """"<efeito> após o efeito daquela ação" (4.6.2 I): the trigger's action, once it has finished resolving.
    "Toda vez que X usar uma ação": that action resolved; "Toda vez que X for alvo de uma ação" (4.6.2 F): an
    action that had X as a target resolved -- once per such target, which stays the event's subject ("aquele
    personagem")."""
    if trigger.event == "use_action":
        return replace(trigger, event="action_resolved")
    if trigger.event == "targeted":
        return replace(trigger, event="action_resolved", subject=None, target=trigger.subject,
                       target_slot="event:subject")
    return trigger
