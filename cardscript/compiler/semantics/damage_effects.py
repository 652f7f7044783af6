"""Damage modifiers (rules 5.3, 4.8.3 B, C, D) and replacements (5.5): clauses that change damage being caused
rather than cause it, and effects that happen instead of a procedure.

A clause is a **modifier** by its own construction -- a *relative* amount of damage: "aquela quantidade de dano
+1" (B), "+2 pontos de dano" (B), "metade do dano[, arredondado para baixo / cima]" (C), "o dobro do dano" (C),
"apenas 1 ponto de dano" (D), "aquele dano torna-se 0 / penetrante" (D), "reduza o total daquele dano para 1"
(D), "todo o dano que este personagem receber de ações de {AE} torna-se 0" (D). What the modifier applies to
comes from the clause (its subject: the source; "em seu alvo", "neste personagem": the destination) and from the
paragraph's lead ("Toda vez que um herói fosse causar dano a um vilão, ..." -- source and destination; "Toda vez
que este personagem receber dano, ..."), merged by :func:`modifier_effect`.

A **replacement** is a hypothetical lead ("Se este personagem fosse receber dano", "Se um jogador fosse procurar
...") with "ao invés disso": ``Replace(event, subject, instead=<the body's procedures>)``.
"""

from __future__ import annotations

from cardscript.compiler.ast import Clause, Lexeme
from cardscript.compiler.fast_replace import replace
from cardscript.compiler.ir import (
    Count,
    Damage,
    Duration,
    Effect,
    EffectKind,
    EventPattern,
    Filter,
    Kind,
    ModifyDamage,
    Procedure,
    Quantity,
    Redirect,
    Ref,
    Replace,
    Selector,
)
from cardscript.compiler.semantics.amounts import np_quantity, quantity_of_run
from cardscript.compiler.semantics.build import Build, Built
from cardscript.compiler.semantics.clauses import ONLY, Roles, require_no_extra, roles_of, take_only
from cardscript.compiler.semantics.nouns import plural, things
from cardscript.compiler.semantics.reading import NotUnderstood, Reading
from cardscript.compiler.semantics.syntax import NP, PP, Other, Rel, constituent_leaves, leaves
from cardscript.compiler.semantics.verbs import analyse


def _signed(np: NP, b: Build) -> Quantity | None:
    for m in np.mods:
        if isinstance(m, Other) and m.kind == "signed":
            return quantity_of_run([x for n in m.nodes for x in leaves(n)], b.r)
    return None


def relative_amount(np: NP, b: Build) -> ModifyDamage | None:
    """The modifier a relative amount of damage names (None: an absolute amount, an ordinary damage procedure)."""
    r = b.r
    lemma = np.lemma
    if lemma == "quantidade" and np.det("aquele"):             # "aquela quantidade de dano +1"
        r.use(np.head, *np.dets)
        dano = next((m for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None
                     and m.obj.lemma == "dano"), None)
        if dano is None or dano.obj is None:
            raise NotUnderstood("that amount of what?", np.node)
        r.use(*dano.preps, dano.obj.head)
        delta = _signed(dano.obj, b) or _signed(np, b)
        if delta is None:
            raise NotUnderstood("that amount of damage plus what?", np.node)
        if delta.x_times:
            return ModifyDamage(step="B", delta_x=delta, text=b.text)
        return ModifyDamage(step="B", delta=delta.fixed, text=b.text)
    if lemma in ("metade", "dobro"):                           # "metade do dano", "o dobro do dano"
        r.use(np.head, *np.dets)
        dano = next((m for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None
                     and m.obj.lemma == "dano"), None)
        if dano is None or dano.obj is None:
            raise NotUnderstood(f"{lemma} of what?", np.node)
        r.use(*dano.preps, dano.obj.head, *dano.obj.dets)
        if lemma == "dobro":
            return ModifyDamage(step="C", multiply=2, text=b.text)
        return ModifyDamage(step="C", divide=2, round=_rounding(b), text=b.text)
    if lemma == "ponto" and np.quantity and isinstance(np.quantity[0], Lexeme | object) and _leading_sign(np):
        q = np_quantity(np, r)                                  # "+2 pontos de dano"
        assert q is not None
        r.use(np.head)
        _dano(np, b)
        if q.x_times:
            return ModifyDamage(step="B", delta_x=q, text=b.text)
        return ModifyDamage(step="B", delta=q.fixed, text=b.text)
    return None


def _only_points(amount: NP, b: Build) -> ModifyDamage | None:
    """"aquela fonte causa *apenas 1 ponto de dano* neste personagem" after "Toda vez que este personagem receber
    dano de uma fonte": the damage being dealt is that value -- a fixed value, applied last (4.8.3 D; a damage
    already 0 there is not dealt and does not reach it)."""
    if amount.lemma != "ponto" or not isinstance(amount.head, Lexeme) or b.roles.verb.negated:
        return None
    only = [c for c in b.roles.extra if isinstance(c, Other) and c.kind == "adv" and len(c.nodes) == 1
            and isinstance(c.nodes[0], Lexeme) and c.nodes[0].lemma in ONLY]
    q = np_quantity(amount, b.r) if only else None
    if q is None or q.x_times or q.up_to or _leading_sign(amount):
        return None
    word = take_only(b.roles)
    b.r.use(word, amount.head, *amount.dets)
    _dano(amount, b)
    return ModifyDamage(step="D", set_to=q.fixed, text=b.text)


def _leading_sign(np: NP) -> bool:
    first = np.quantity[0] if np.quantity else None
    return getattr(first, "text", None) in ("+", "-")


def _dano(np: NP, b: Build) -> None:
    dano = next((m for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None
                 and m.obj.lemma == "dano"), None)
    if dano is None or dano.obj is None:
        raise NotUnderstood("points of what?", np.node)
    b.r.use(*dano.preps, dano.obj.head)


def _rounding(b: Build) -> str:
    """", arredondado para baixo / cima" after the clause (a participle clause in its complements)."""
    for c in list(b.roles.extra):
        words = [x for x in _leaves(c) if isinstance(x, Lexeme)]
        if words and words[0].lemma == "arredondar":
            b.r.use(*words)
            b.roles.extra.remove(c)
            return "up" if any(w.lemma == "cima" for w in words) else "down"
    return "down"


def _leaves(c: object) -> list[object]:
    from cardscript.compiler.semantics.syntax import constituent_leaves

    return list(constituent_leaves(c))  # type: ignore[arg-type]


def modifier_clause(b: Build) -> Built | None:
    """A clause that modifies damage (see the module docstring), or None."""
    family = b.roles.frame.family if b.roles.frame is not None else ""
    if family == "damage":
        amount = b.roles.np("amount")
        if amount is None:
            return None
        lowering = _lowering_as_damage(b, amount)
        if lowering is not None:
            return lowering
        mod = relative_amount(amount, b)
        subj = b.roles.subject_np
        if mod is None and b.static and subj is not None and subj.cls == "action" and amount.lemma == "ponto" \
                and subj.det("o", "um", "todo") and isinstance(amount.head, Lexeme):
            q = np_quantity(amount, b.r)         # "A primeira ação que ... causa 0 pontos de dano neste personagem":
            if q is not None and not q.x_times:  # the damage of those actions is that value (4.8.3 D)
                b.r.use(amount.head, *amount.dets)
                _dano(amount, b)
                mod = ModifyDamage(step="D", set_to=q.fixed, text=b.text)
        if mod is None:
            mod = _only_points(amount, b)
        if mod is None:
            if amount.lemma == "ponto" and any(isinstance(a, Lexeme) and a.lemma in ("apenas", "somente")
                                               for a in leaves(amount.node)):
                raise NotUnderstood("only N points of damage", amount.node)
            return None
        source = b.subject()
        target_np = b.optional_np("targets")
        target: Selector | None = None
        each = False
        if target_np is not None:
            target = things(target_np, b.r)
            each = target.every
            if target.ref is Ref.TARGET and not b.r.in_action:
                target = None                   # "em seu alvo", "a cada um de seus alvos": the modified action's
        mod = replace(mod, source=source if source.ref is not Ref.YOU else None, target=target,
                      each_target=each)
        subj = b.roles.subject_np
        if source.kind is Kind.ACTION and subj is not None and subj.adj("primeiro") and b.adjuncts.per_turn:
            # "A primeira ação que causar dano neste personagem em um turno causa 0 pontos de dano neste
            # personagem": the first action that damages it each turn (4.8.3 D)
            b.r.use(*(a for a in subj.pre if a.lemma == "primeiro"))
            aimed = [f for f in source.filters if f.field == "targets" and f.value == target]
            each_player = [f for f in source.filters if _each_player(f)]
            kept = tuple(f for f in source.filters if f not in aimed and f not in each_player)
            source = replace(source, filters=kept)
            if each_player:                     # "a primeira ação de dano ... que cada jogador usar em um turno": the
                if aimed or len(each_player) > 1:   # first such use of each player this turn (the turn's record)
                    raise NotUnderstood("the first action of each player, aimed at whom?", b.roles.clause)
                mod = replace(mod, source=source, first_by_player=True)
            else:
                mod = replace(mod, source=source, first_per_turn=True)
        src = mod.source
        if src is not None and src.kind is Kind.ACTION and src.ref is None and not src.union and not src.next_only \
                and all((f.field, f.op, f.value) == ("damaging", "eq", "true") for f in src.filters):
            mod = replace(mod, source=None, source_kind="action")     # any action causing damage (4.8.5)
        return _lasting(b, mod)
    if family == "reduce" and b.verb.passive:
        return _halved(b)
    if family == "receive":
        return _received(b)
    if family == "reduce":
        what = b.roles.np("what")
        to = b.optional_np("to")
        if what is None or to is None or what.lemma != "total" or not hasattr(to.head, "value"):
            return None
        dano = next((m.obj for m in what.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
        if dano is None or dano.lemma != "dano" or not dano.det("aquele"):
            return None
        b.r.use(what.head, *what.dets, *next(m for m in what.mods if isinstance(m, PP)).preps, dano.head, *dano.dets,
                to.head)
        return Built([ModifyDamage(step="D", set_to=int(getattr(to.head, "value")), text=b.text)],  # noqa: B009
                     EffectKind.DAMAGE_MODIFIER)
    if family in ("become", "be"):             # "... torna-se 0", "todo o dano causado por X a Y é penetrante"
        subj = b.roles.subject_np
        pred = b.roles.np("predicate")
        if subj is None or subj.lemma != "dano":
            return None
        if family == "be" and not any(w.cls == "ADJ" and w.lemma == "penetrante" for w in b.verb.words):
            return None
        b.r.use(subj.head, *subj.dets)
        set_to: int | None = None
        piercing = False
        if pred is not None and hasattr(pred.head, "value"):
            b.r.use(pred.head)
            set_to = int(getattr(pred.head, "value"))  # noqa: B009
        else:
            adjs = [w for w in b.verb.words if w.cls == "ADJ" and w.lemma == "penetrante"]
            if not adjs:
                raise NotUnderstood("the damage becomes what?", b.roles.clause)
            b.r.use(*adjs)
            piercing = True
        _into_the_relative(subj, b)
        target, subject_source, filters = _damage_subject(subj, b)
        mod = ModifyDamage(step="D", set_to=set_to, becomes_piercing=piercing, target=target, source=subject_source,
                           action_filters=filters, text=b.text)
        if subj.adj("penetrante"):            # "todo o dano penetrante que este personagem receberia ..."
            b.r.use(*(a for a in subj.post if isinstance(a, Lexeme) and a.lemma == "penetrante"))
            mod = replace(mod, only_piercing=True)
        during = b.adjuncts.during              # "durante a Fase de Preparação dos turnos de outros jogadores"
        if during is None and b.roles.get("when"):
            during = b.adjuncts.at              # "na Fase de Preparação do próximo turno"
            if during is not None and not during.phase:
                raise NotUnderstood("in what?", b.roles.clause)
        if b.adjuncts.duration is Duration.END_OF_TURN and not b.static:
            if during is not None:              # "... neste turno torna-se 0": until the end of the turn (5.7 B)
                raise NotUnderstood("'neste turno' with another time", b.roles.clause)
            return _lasting(b, mod)
        if during is not None:
            if not during.phase or during.phase == "current" or during.edge or during.each_player:
                raise NotUnderstood("during what?", b.roles.clause)
            whose = Ref.YOU if during.whose is Ref.OWNER else during.whose   # "sua própria Fase ...": the
            mod = replace(mod, phase=during.phase,                            # controller's
                          whose_turn=whose if whose in (Ref.YOU, Ref.OPPONENT) else None)
            if during.next_turn:                # "... do próximo turno": created now, working in the next turn
                if b.static:
                    raise NotUnderstood("the next turn of a permanent text?", b.roles.clause)
                from cardscript.compiler.ir import Effect, Generate

                made = Effect(EffectKind.DAMAGE_MODIFIER, (mod,), duration=Duration.NEXT_TURN, text=b.text)
                return Built([Generate(effect=made, text=b.text)])
        return Built([mod], EffectKind.DAMAGE_MODIFIER)
    return None


def _lowering_as_damage(b: Build, amount: NP) -> Built | None:
    """"Ações de {EL} cujos efeitos reduzam o valor de Escudo causam aquela mesma quantidade de dano ao invés disso"
    (5.5, a replacement in a permanent text): when such an action's effect would give a character a Shield penalty
    (4.8.6 C), the action causes that much damage to it instead (``Replace`` ``lower_shield``; the damage is the
    action's, 4.8.5, so the 4.8.3 modifiers of the action's damage apply to it). The action is no damaging action
    for that (its own effect still deals none): only its effect's penalty is replaced when it resolves."""
    instead = b.roles.get("instead")
    subj = b.roles.subject_np
    if not b.static or not instead or subj is None or subj.cls != "action" or amount.lemma != "quantidade" \
            or not amount.det("aquele") or _signed(amount, b) is not None:
        return None
    dano = next((m for m in amount.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    if dano is None or dano.obj is None or dano.obj.lemma != "dano" or len(amount.mods) != 1 or dano.obj.mods \
            or _signed(dano.obj, b) is not None:
        return None
    words = [x for c in instead for x in constituent_leaves(c) if isinstance(x, Lexeme)]
    if not any(x.lemma in ("invés", "inves") for x in words):
        return None
    actions = b.subject()
    lowers = Filter("lowers", "eq", "shield")
    if actions.kind is not Kind.ACTION or actions.ref is not None or lowers not in actions.filters:
        raise NotUnderstood("which actions' Shield penalty becomes damage?", b.roles.clause)
    r = b.r
    r.use(amount.head, *amount.dets, *amount.pre, *dano.preps, dano.obj.head)
    for c in instead:
        r.use_all(constituent_leaves(c))
    b.roles.filled.pop("instead", None)
    damage = Damage(source=Selector(kind=Kind.ACTION, ref=Ref.THIS_ACTION), text=b.text,
                    amount=Quantity(x_times=1, x=Count(event="amount", text="aquela mesma quantidade")),
                    targets=Selector(kind=Kind.CHARACTER, ref=Ref.SLOT, slot="event:subject", every=True))
    return Built([Replace(event="lower_shield", subject=actions, instead=(damage,), subject_slot="event:subject",
                          text=b.text)], EffectKind.REPLACEMENT)


def _received(b: Build) -> Built | None:
    """"aquele personagem receberá -1 ponto de dano", "este personagem recebe +1 ponto de dano" (4.8.3 B): a
    relative amount of damage the subject receives -- the damage dealt to it is changed by that much."""
    amount = b.roles.np("damage")
    subj = b.roles.subject_np
    if amount is None or subj is None or b.roles.get("source") or not _leading_sign(amount):
        return None
    mod = relative_amount(amount, b)
    if mod is None or mod.step != "B":
        return None
    return _lasting(b, replace(mod, target=b.subject()))

def _halved(b: Build) -> Built | None:
    """"aquele dano é reduzido à metade[, arredondado para baixo]" (4.8.3 C): the damage being dealt is halved
    (the rounding comes from the clause after it; down unless it says otherwise)."""
    subj = b.roles.subject_np
    half = next((c for c in b.roles.extra if isinstance(c, PP) and c.prep == "a" and c.obj is not None
                 and c.obj.lemma == "metade" and not c.obj.mods), None)
    if subj is None or subj.lemma != "dano" or half is None or half.obj is None or b.roles.filled:
        return None
    b.roles.extra.remove(half)
    b.r.use(subj.head, *subj.dets, *half.preps, half.obj.head, *half.obj.dets)
    target, subject_source, filters = _damage_subject(subj, b)
    mod = ModifyDamage(step="C", divide=2, round="down", target=target, source=subject_source,
                       action_filters=filters, text=b.text)
    if b.adjuncts.during is not None:
        raise NotUnderstood("halved during what?", b.roles.clause)
    return Built([mod], EffectKind.DAMAGE_MODIFIER)

def _into_the_relative(subj: NP, b: Build) -> None:
    """"todo o dano que seria causado neste turno *a este personagem por ações que ...* torna-se 0": in "<dano> torna-se
    N" nothing but the number follows the verb, so the complements the clause could not fit, printed before it, are
    the damage relative's (its destination "a"/"em", its source "por"), as if printed right after "causado"."""
    rel = next((m for m in subj.mods if isinstance(m, Rel)), None)
    if rel is None:
        return
    v = analyse(rel.clause)
    if v.lemma != "causar" or not v.passive:
        return
    for c in list(b.roles.extra):
        if isinstance(c, PP) and c.prep in ("a", "em", "por") and c.obj is not None:
            b.roles.extra.remove(c)
            rel.args.append(c)


def _lasting(b: Build, mod: ModifyDamage) -> Built:
    """A modifier an effect creates for a time ("... causa +1 ponto de dano neste turno", "a próxima ação que ele
    usar causa +1"): generated when the effect resolves (5.7 B), lasting to the end of the turn or, for "a próxima
    ação" without a time, until that action (the modifier is spent with it). A modifier of a permanent text without
    a time is a static one (5.3)."""
    from cardscript.compiler.ir import Effect, Generate

    duration = b.adjuncts.duration
    next_only = mod.source is not None and mod.source.next_only
    if duration is None and next_only and not b.static and _used_this_turn(b):
        duration = Duration.END_OF_TURN
    if next_only and not b.static and mod.target is not None and any(
            u.ref is Ref.TARGET for u in (mod.target, *mod.target.union)):
        # "a próxima ação ... causa +1 ponto de dano em um de seus alvos": the targets of that next action (not of
        # the effect creating the modifier), one of them chosen by its player -- a choice the engine does not make
        raise NotUnderstood("damage to one of the next action's targets", b.roles.clause)
    if duration is None and (b.static or not next_only):
        return Built([mod], EffectKind.DAMAGE_MODIFIER)
    made = Effect(EffectKind.DAMAGE_MODIFIER, (mod,), duration=duration or Duration.MATCH, text=b.text)
    return Built([Generate(effect=made, text=b.text)])


def _each_player(f: Filter) -> bool:
    """An action filter "que cada jogador usar": used by a player's characters, any player -- each one's own."""
    v = f.value
    return f.field == "user_controller" and isinstance(v, Selector) and v.kind is Kind.PLAYER and v.every \
        and v.ref in (None, Ref.EVERY_PLAYER) and not v.filters


def _used_this_turn(b: Build) -> bool:
    """"a próxima ação usada por X neste turno": the participle's own time -- the use must come this turn, so the
    modifier lasts to the end of the turn (6.2) at most; read here, where the modifier's duration is decided."""
    np = b.roles.subject_np
    if np is None or np.participle is None or np.participle.lemma != "usar":
        return False
    when = next((m for m in np.mods if isinstance(m, PP) and m.prep == "em" and m.obj is not None
                 and m.obj.lemma == "turno" and m.obj.det("este") and not m.obj.mods and not m.obj.pre), None)
    if when is None or when.obj is None:
        return False
    b.r.use(*when.preps, when.obj.head, *when.obj.dets)
    return True


def _damage_subject(np: NP, b: Build) -> tuple[Selector | None, Selector | None, tuple[Filter, ...]]:
    """"o dano que este personagem receber de ações de {AE}", "todo o dano que seria causado a personagens ...",
    "aquele dano" (the lead's): the destination, the source and the action filters."""
    target: Selector | None = None
    source: Selector | None = None
    filters: tuple[Filter, ...] = ()
    if np.participle is not None and np.participle.lemma == "causar":   # "todo o dano causado por X a Y"
        b.r.use(np.participle)
        for m in list(np.mods):
            if isinstance(m, PP) and m.obj is not None and m.prep == "por":
                b.r.use(*m.preps)
                source = things(m.obj, b.r)
                np.mods.remove(m)
            elif isinstance(m, PP) and m.obj is not None and m.prep in ("a", "em"):
                b.r.use(*m.preps)
                target = things(m.obj, b.r)
                np.mods.remove(m)
        for c in b.roles.subject[1:]:          # "... causado por X | a personagens ...": "a" before a plural
            if isinstance(c, NP) and c.dets and c.dets[0].word == "a" and plural(c) and target is None:
                b.r.use(c.dets[0])
                c.dets = c.dets[1:]
                target = things(c, b.r)
    for m in np.mods:
        if isinstance(m, PP) and m.prep == "de" and m.obj is not None and m.obj.cls == "action":
            b.r.use(*m.preps)                   # "o dano daquela ação", "o dano da ação Emboscada"
            act = things(m.obj, b.r)
            if act.ref is None and act.filters and all(f.field == "name" for f in act.filters):
                filters = (*filters, *act.filters)
            else:
                source = act
    for m in np.mods:
        if isinstance(m, Rel):
            v = analyse(m.clause)
            b.r.use(*m.markers, *v.words)
            subj = next((c for c in m.subject if isinstance(c, NP)), None)
            if v.lemma == "receber" and subj is not None:
                target = things(subj, b.r)
                src = next((a for a in m.args if isinstance(a, PP) and a.prep == "de" and a.obj is not None), None)
                if src is not None and src.obj is not None:
                    b.r.use(*src.preps)
                    s = things(src.obj, b.r)
                    filters = s.filters if s.kind is Kind.ACTION else ()
                    source = None if s.kind is Kind.ACTION else s
            elif v.lemma == "causar" and v.passive:
                for a in m.args:
                    if isinstance(a, NP) and a.dets and a.dets[0].word == "a" and plural(a):
                        # "causado a personagens ...": "a" before a plural noun is the preposition, not the article
                        b.r.use(a.dets[0])
                        a.dets = a.dets[1:]
                        target = things(a, b.r)
                    elif isinstance(a, PP) and a.prep in ("a", "em") and a.obj is not None:
                        b.r.use(*a.preps)
                        target = things(a.obj, b.r)
                    elif isinstance(a, PP) and a.prep == "por" and a.obj is not None:
                        b.r.use(*a.preps)
                        source = things(a.obj, b.r)
            else:
                raise NotUnderstood("which damage?", m.clause)
    return target, source, filters


def modifier_effect(procs: list[Procedure], trigger: EventPattern | None, text: str) -> Effect:
    """A paragraph of modifiers, with the damage event of its lead ("Toda vez que X causar dano", "toda vez que
    este personagem receber dano") as what they apply to."""
    out: list[Procedure] = []
    triggered = any(isinstance(p, ModifyDamage) and p.step == "D" for p in procs)
    for p in procs:
        if not isinstance(p, ModifyDamage) and triggered:
            out.append(p)                  # 4.8.3 D: a triggered modifier's other procedures happen with it
            continue
        if not isinstance(p, ModifyDamage):
            raise NotUnderstood("a damage modifier with other procedures", None)
        if p.condition is not None and p.condition.kind == "first_action" and not p.condition.negated:
            p = replace(p, condition=None, first_action=True)   # "se ela for a primeira ação usada neste turno"
        if trigger is not None:
            p = _from_event(p, trigger)
        out.append(p)
    return Effect(EffectKind.DAMAGE_MODIFIER, tuple(out), duration=Duration.WHILE_IN_PLACE, text=text)


def _from_event(p: ModifyDamage, t: EventPattern) -> ModifyDamage:
    """The damage event of the lead says what the modifier applies to: ``subject`` the destination ("toda vez que
    este personagem receber dano"), ``source`` the dealer ("toda vez que um personagem vilão causar dano")."""
    if t.event in ("use_action", "action_resolved") and t.event == "use_action":
        # "toda vez que este personagem usar a ação X, ela causa +1 ponto de dano em seu alvo": X's damage
        names = [f for f in t.action_filters if f.field == "name"]
        others = [f for f in t.action_filters if f.field != "name"]
        return replace(p, source=t.subject, source_kind="action",
                       action_name=str(names[0].value) if len(names) == 1 else p.action_name,
                       action_filters=(*p.action_filters, *others),
                       target=None if _event_slot(p.target) else p.target, scope=p.scope)
    if t.event != "damage":
        raise NotUnderstood(f"a damage modifier on the event '{t.event}'", None)

    def event_slot(sel: Selector | None) -> bool:
        return sel is not None and sel.ref is Ref.SLOT and sel.slot.startswith("event:")

    if event_slot(p.source):                               # "ele causa ...": the lead's dealer, as described
        p = replace(p, source=None)
    if event_slot(p.target):
        p = replace(p, target=None)
    source, kind = p.source, p.source_kind
    if t.source is not None and source is None:
        if t.source.kind is Kind.ACTION and t.source.ref is Ref.THIS_ACTION and not t.source.filters:
            kind, source = "action", t.source              # "a ação <this card's action>": that one, of this card
        elif t.source.kind is Kind.ACTION:                 # "uma ação de Antecipar", "uma ação deste personagem"
            kind = "action"
            user = next((f.value for f in t.source.filters if f.field == "user" and isinstance(f.value, Selector)),
                        None)
            source = user
            types = tuple(x for f in t.source.filters if f.field == "action_type" and f.op in ("has", "has_any")
                          for x in str(f.value).split("/"))    # "de Antecipar ou Imprevista": either (has_any)
            if any(not _said_of_action(f) for f in t.source.filters) or len(
                    [f for f in t.source.filters if f.field == "action_type" and f.op != "lacks"]) > 1:
                raise NotUnderstood("damage from which action?", None)    # a filter no modifier field says,
                #                                                     or types all required (the field is any-of)
            lacks = tuple(str(f.value) for f in t.source.filters if f.field == "action_type" and f.op == "lacks")
            powers = tuple(f for f in t.source.filters if f.field == "power")
            p = replace(p, action_types=p.action_types or types, action_filters=(*p.action_filters, *powers))
            if lacks:
                p = replace(p, action_filters=(*p.action_filters, *(Filter("action_type", "lacks", x)
                                                                       for x in lacks)))
        elif not (t.source.kind is Kind.CARD and not t.source.filters and t.source.ref is None):
            source = t.source                              # "de uma fonte": any source
    target = p.target or t.subject
    filters = tuple(f for f in t.action_filters if f.field != "piercing")
    piercing_only = any(f.field == "piercing" and f.value == "true" for f in t.action_filters)
    not_piercing = any(f.field == "piercing" and f.value == "false" for f in t.action_filters)
    return replace(p, source=source, source_kind=kind, target=target, action_filters=(*p.action_filters, *filters),
                   only_piercing=p.only_piercing or piercing_only,
                   only_not_piercing=p.only_not_piercing or not_piercing,
                   scope=p.scope or ("first" if source is not None or kind else ""))


def _said_of_action(f: Filter) -> bool:
    """A filter on the dealing action that a damage modifier's fields say (5.3): its user, its types, its power."""
    return f.field in ("user", "power") or (f.field == "action_type" and f.op in ("has", "has_any", "lacks"))


def _event_slot(sel: Selector | None) -> bool:
    return sel is not None and sel.ref is Ref.SLOT and sel.slot.startswith("event:")


def hypothetical_lead(clause: object, r: object) -> None:
    """The participant of a hypothetical lead that the body refers to ("Se este personagem fosse receber dano, ...
    redirecionar aquele dano ...", "ele causará"): its subject is the event's ("event:subject")."""
    from cardscript.compiler.ast import Clause
    from cardscript.compiler.semantics.reading import Reading
    from cardscript.compiler.semantics.syntax import attach_subject, constituent_leaves
    from cardscript.core.source import Span

    assert isinstance(clause, Clause) and isinstance(r, Reading)
    if clause.subject is None:
        return
    np = next((c for c in attach_subject(clause.subject) if isinstance(c, NP)), None)
    if np is None:
        return
    spans = [x.span for x in constituent_leaves(np)]
    if spans:
        from cardscript.compiler.semantics.vocabulary import KIND_OF_NOUN

        r.introduce("event:subject", KIND_OF_NOUN.get(np.lemma, Kind.CARD),
                    Span(min(s.start for s in spans), max(s.end for s in spans)), "event")
    from cardscript.compiler.semantics.syntax import leaves

    words = [x for x in leaves(clause) if isinstance(x, Lexeme)]
    r.damage_lead = any(w.lemma == "dano" for w in words)       # "a fonte daquele dano" (nouns._source_of_damage)
    for k, w in enumerate(words):        # "... fosse receber dano de uma fonte, aquela fonte ...": the event's source
        if w.lemma == "fonte" and k > 0 and words[k - 1].lemma == "um":
            r.introduce("event:source", Kind.CARD, Span(words[k - 1].span.start, w.span.end), "event")
        elif w.lemma == "ação" and k > 1 and words[k - 1].lemma == "um" and words[k - 2].lemma == "de" \
                and any(x.lemma == "dano" for x in words[:k]):
            # "... fosse receber dano de uma ação de ..., aquela ação causará ...": the action dealing it (its phrase
            # runs to the end of the lead)
            r.introduce("event:source", Kind.ACTION, Span(words[k - 1].span.start, words[-1].span.end), "event")


def _received_from(b: Build, dano: NP) -> Selector | None:
    """"fosse receber dano *de uma fonte*" (any: every damage has a source, 4.8.5 -- "aquela fonte" is the event's),
    "fosse receber dano *do personagem escolhido*" (that one): the source the hypothetical names, if it restricts."""
    from cardscript.compiler.semantics.events import _slot

    r = b.r
    pp = next((m for m in dano.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    src_np = pp.obj if pp is not None else b.optional_np("source")
    if pp is not None:
        r.use(*pp.preps)
    if src_np is None:
        return None
    if src_np.lemma == "fonte" and src_np.det("um") and not src_np.mods:
        r.use(src_np.head, *src_np.dets)
        _slot(b, src_np, "source", Selector(kind=Kind.CARD, text="uma fonte"))
        return None
    src = things(src_np, r)
    if src.kind is Kind.PLAYER:
        raise NotUnderstood("damage from what?", src_np.node)
    return src


def _from_action(m: ModifyDamage, src: Selector) -> ModifyDamage:
    """"fosse receber dano de uma ação de um personagem sem a afiliação X" (4.8.5: an action is the source): the
    modifier applies to the damage of such actions -- its user (``source``) and its power / types as said."""
    user = next((f.value for f in src.filters if f.field == "user" and isinstance(f.value, Selector)), None)
    rest = [f for f in src.filters if f.field != "user"]
    types = tuple(str(f.value) for f in rest if f.field == "action_type" and f.op == "has")
    others = tuple(f for f in rest if f.field == "power" or (f.field == "action_type" and f.op == "lacks"))
    if src.ref is not None or src.union or len(types) + len(others) != len(rest):
        raise NotUnderstood("damage from which action?", None)
    return replace(m, source=user, source_kind="action", action_types=m.action_types or types,
                   action_filters=(*m.action_filters, *others))


def hypothetical_effect(reader: object, procs: list[Procedure], text: str) -> Effect:
    """"Se X fosse receber dano, ao invés disso ..." (5.5), "Se um jogador fosse procurar ..." (5.5), "Toda vez que X
    fosse causar dano [a Y], ele causará ..." (5.3)."""
    from cardscript.compiler.semantics.sentences import SentenceReader

    assert isinstance(reader, SentenceReader)
    clause = reader.leads.hypothetical
    assert clause is not None
    r = reader.r
    roles = roles_of(clause)
    family = roles.frame.family if roles.frame is not None else ""
    b = Build(roles, r)
    subject_np = roles.subject_np
    if subject_np is None:
        raise NotUnderstood("who would?", clause)
    if b.adjuncts.duration is Duration.END_OF_TURN:    # "Toda vez que X fosse causar dano ... neste turno" (5.7 B)
        r.trigger_this_turn = True
    if family == "damage":                                    # "X fosse causar dano [a Y]"
        from copy import deepcopy

        out: list[Procedure] = []
        target_np = b.optional_np("targets")
        cases = _player_cases(clause, r)
        # reading a phrase changes it: a fresh copy for each further reading (its words are used once)
        phrases = [(subject_np, target_np)] + [deepcopy((subject_np, target_np)) for _ in cases[1:]]
        for case, (dealer_np, dealt_np) in zip(cases, phrases, strict=True):
            r.player_case = case
            try:
                out.extend(_would_deal(b, roles, dealer_np, dealt_np, procs, clause))
            finally:
                r.player_case = None
        return Effect(EffectKind.DAMAGE_MODIFIER, tuple(out), duration=Duration.WHILE_IN_PLACE, text=text)
    if family == "receive":                                   # "Se X fosse receber dano, ao invés disso ..."
        subject = things(subject_np, r)
        slot = "event:subject"
        dano = roles.np("damage")
        if dano is None or dano.lemma != "dano":
            raise NotUnderstood("would receive what?", clause)
        r.use(dano.head)
        src = _received_from(b, dano)
        if procs and all(isinstance(p, ModifyDamage) for p in procs):
            # "Toda vez que este personagem fosse receber dano, aquele dano torna-se 0": a modifier of that damage
            mods = tuple(replace(p, target=p.target if p.target is not None and not _event_slot(p.target)
                                 else subject, source=None if _event_slot(p.source) else p.source)
                         for p in procs if isinstance(p, ModifyDamage))
            if src is not None:                # "... fosse receber dano do personagem escolhido": from it only
                if any(m.source is not None or m.source_kind for m in mods):
                    raise NotUnderstood("damage from two sources", clause)
                mods = tuple(_from_action(m, src) if src.kind is Kind.ACTION else replace(m, source=src)
                             for m in mods)
            during = b.adjuncts.during         # "... fosse receber dano durante a Fase de Preparação de outro jogador"
            if during is not None:
                if not during.phase:
                    raise NotUnderstood("during what?", clause)
                whose = Ref.YOU if during.whose is Ref.OWNER else during.whose
                mods = tuple(replace(m, phase=during.phase,
                                     whose_turn=whose if whose in (Ref.YOU, Ref.OPPONENT) else None) for m in mods)
            return Effect(EffectKind.DAMAGE_MODIFIER, mods, duration=Duration.WHILE_IN_PLACE, text=text)
        if src is not None and not (procs and all(isinstance(p, Redirect) for p in procs)):
            raise NotUnderstood("replacing the damage of one source", clause)
        # "... fosse receber dano de uma ação, você pode redirecionar aquele dano para ...": that damage only
        phase, whose_turn = "", None
        during = b.adjuncts.during             # "... fosse receber dano durante a Etapa de Antecipação de seu turno"
        if during is not None:
            if not during.phase or during.phase == "current":
                raise NotUnderstood("during what?", clause)
            whose = Ref.YOU if during.whose is Ref.OWNER else during.whose
            phase, whose_turn = during.phase, whose if whose in (Ref.YOU, Ref.OPPONENT) else None
        return Effect(EffectKind.REPLACEMENT, (Replace(event="damage", subject=subject, instead=tuple(procs),
                                                       subject_slot=slot, source=src, phase=phase,
                                                       whose_turn=whose_turn,
                                                       text=text),),
                      duration=Duration.WHILE_IN_PLACE, text=text)
    if family == "search":                                    # "Se um jogador fosse procurar ... no próprio deck"
        from cardscript.compiler.semantics.nouns import players
        from cardscript.compiler.semantics.places import place

        who = players(subject_np, r)
        zones: list[str] = []
        for c in (*roles.get("zones"), *roles.extra):
            if isinstance(c, PP) and c.prep == "em" and c.obj is not None:
                r.use(*c.preps)
                zones.append(place(c.obj, r).zone)
        what = roles.np("there") or roles.np("what")
        if what is not None:                                  # "um ou mais cards": any search
            r.use_all(constituent_leaves(what))
        roles.extra = [c for c in roles.extra if not (isinstance(c, PP) and c.prep == "em")]
        require_no_extra(roles)
        return Effect(EffectKind.REPLACEMENT, (Replace(event="search", subject=who, instead=tuple(procs),
                                                       zones=tuple(zones or ("deck",)), subject_slot="event:subject",
                                                       text=text),),
                      duration=Duration.WHILE_IN_PLACE, text=text)
    raise NotUnderstood(f"'{roles.verb.lemma}' as something replaced", clause)


def _player_cases(clause: Clause, r: Reading) -> list[tuple[Selector, Selector] | None]:
    """"um herói controlado por um jogador fosse causar dano em um herói controlado por outro jogador": two
    different players -- in a two-player game, you and your opponent either way round (the clause is read once for
    each, ``Reading.player_case``); any other clause is read once."""
    from cardscript.compiler.semantics.nouns import OPPONENT, YOU
    from cardscript.compiler.semantics.syntax import leaves

    words = [x.lemma for x in leaves(clause) if isinstance(x, Lexeme)]
    pairs = [k for k in range(len(words) - 1) if words[k + 1] == "jogador"]
    if [words[k] for k in pairs] != ["um", "outro"]:
        return [None]
    return [(YOU, OPPONENT), (OPPONENT, YOU)]


def _would_deal(b: Build, roles: Roles, subject_np: NP, target_np: NP | None, procs: list[Procedure],
                clause: Clause) -> list[Procedure]:
    """The modifiers of "X fosse causar dano [a Y], ele causará ...": the body's, applying to damage X deals (to Y)."""
    r = b.r
    source = things(subject_np, r)
    dano = roles.np("amount")
    if dano is None or dano.lemma != "dano":
        raise NotUnderstood("would cause what?", clause)
    r.use(dano.head)
    target = things(target_np, r) if target_np is not None else None
    if target_np is not None and target is not None and target.ref is Ref.TARGET and target_np.or_more:
        r.use_all(target_np.or_more)                   # "em um ou mais alvos": its targets, however many
    kind = ""
    described: tuple[Filter, ...] = ()
    if source.kind is Kind.ACTION:
        kind = "action"
        user = next((f.value for f in source.filters if f.field == "user" and isinstance(f.value, Selector)),
                    None)
        described = tuple(f for f in source.filters if f.field != "user")   # "uma ação de {LA}": its power
        source = user if user is not None else None    # type: ignore[assignment]
    out: list[Procedure] = []
    for p in procs:
        if not isinstance(p, ModifyDamage):
            raise NotUnderstood("a modifier's body that does not modify the damage", None)
        out.append(replace(p, source=source, source_kind=kind, target=p.target or target, scope="",
                           action_filters=(*p.action_filters, *described)))
    return out

__all__ = ["hypothetical_effect", "modifier_clause", "modifier_effect", "relative_amount"]
