"""Clauses as conditions (rules 5.1, 5.2, 5.4: "Se ...", "Enquanto ...", "caso ..."): the state-reading of the
frame families.

======================  =========================================================================================
family                  condition
======================  =========================================================================================
control                 "você controlar <np>" / "um oponente não controlar nenhum personagem": such things exist
                        under that player's control (at least N: "dois ou mais"); "controlar mais personagens do
                        que você": a comparison of two counts
have                    "este personagem tiver {AG}", "tiver recebido dano neste turno": the subject matches
be                      "o alvo for um vilão", "o alter ego deste personagem for X", "X for igual a 1"
state                   "este card estiver em sua mão", "estiver no estágio {2}", "estiver carregando X",
                        "estiver com Energia igual a 1", "estiver em cena desde o início do turno"
exist                   "houver algum card com X entre os prêmios de seus oponentes"
======================  =========================================================================================
"""

from __future__ import annotations

from collections.abc import Callable

from cardscript.compiler.ast import Clause, Icon, Lexeme, Number
from cardscript.compiler.fast_replace import replace
from cardscript.compiler.ir import Condition, Count, Duration, Filter, Kind, Quantity, Ref, Selector
from cardscript.compiler.semantics import attributes as at
from cardscript.compiler.semantics.amounts import is_x, np_quantity
from cardscript.compiler.semantics.clauses import Roles, require_no_extra, roles_of, take_only
from cardscript.compiler.semantics.modifiers import add_filter
from cardscript.compiler.semantics.nouns import THIS_CARD, THIS_CHARACTER, YOU, players, things
from cardscript.compiler.semantics.places import place
from cardscript.compiler.semantics.reading import NotUnderstood, Reading
from cardscript.compiler.semantics.relatives import _predicate
from cardscript.compiler.semantics.syntax import NP, PP, Constituent, Other, Rel, leaves
from cardscript.compiler.semantics.times import adjuncts


def condition(clause: Clause, r: Reading, default_subject: Selector | None = None,
              args: list[Constituent] | None = None) -> Condition:
    """The condition a clause states (``args``: the complements a subordinate clause took, ``syntax.Rel.args``)."""
    roles = roles_of(clause, args)
    frame = roles.frame
    family = frame.family if frame is not None else ""
    rule = _RULES.get(family)
    if rule is None:
        raise NotUnderstood(f"a condition with '{roles.verb.lemma}'", clause)
    r.use(*roles.verb.words)
    r.in_condition += 1
    try:
        cond = rule(roles, r, default_subject)
    finally:
        r.in_condition -= 1
    require_no_extra(roles)
    _described(roles, r, cond)
    text = clause_text(clause)
    cond = replace(cond, text=text)
    if roles.verb.negated and family not in ("control", "exist", "be", "state", "have", "use", "receive"):
        cond = replace(cond, negated=not cond.negated)
    return cond


def _described(roles: Roles, r: Reading, cond: Condition) -> None:
    """"Se algum personagem estiver carregando um card chamado X, aquele personagem ...": what a reference to the
    condition's subject means is the things the condition describes (its filters), not every such thing."""
    np = roles.subject_np
    subject = cond.subject
    if subject is not None and subject.ref is Ref.SLOT and roles.verb.lemma == "ser" and not cond.negated:
        # "Se for um card de cenário, ... aquele cenário": the predicate names the thing the subject is (its slot)
        pred = roles.np("predicate")
        span = getattr(pred.node, "span", None) if pred is not None else None
        for ref in r.referents:
            if span is not None and ref.node_span == span and not ref.slot:
                ref.slot, ref.selector, ref.indefinite = subject.slot, subject, False
        return
    if np is None or subject is None or subject.ref is not None or subject.union or cond.negated:
        return
    span = getattr(np.node, "span", None)
    for ref in r.referents:
        if span is not None and ref.node_span == span and not ref.slot and ref.selector is not None \
                and ref.selector.ref is None:
            ref.selector = replace(subject, every=True)


def clause_text(clause: Clause) -> str:
    from cardscript.compiler.semantics.text import render

    return render(clause)


_ORDINALS = {"primeiro": 1, "segundo": 2, "terceiro": 3, "quarto": 4}


def _nth_use(roles: Roles, r: Reading, pred: NP) -> Condition:
    """"Se esta foi a segunda vez que este personagem usou esta ação neste turno" (4.6.2 H, the turn's record of
    uses): this use of the action is that character's N-th use of it this turn (``nth_use``, ``value`` N)."""
    from cardscript.compiler.semantics.verbs import analyse

    subj = roles.subject_np
    nth = [a for a in pred.pre if a.lemma in _ORDINALS]
    rels = [m for m in pred.mods if isinstance(m, Rel)]
    loose = [c for c in roles.extra if isinstance(c, Rel)]      # the relative left after the predicate
    if not rels and len(loose) == 1 and not pred.mods:
        rels = loose
        roles.extra.remove(loose[0])
    if subj is None or subj.mods or len(nth) != 1 or len(rels) != 1 or len(pred.mods) > 1 or roles.verb.negated:
        raise NotUnderstood("which time of what?", roles.clause)
    if not (isinstance(subj.head, Lexeme) and subj.head.cls == "PRON" and subj.head.lemma in ("este", "esta")):
        raise NotUnderstood("the time this action was used: which one is it?", subj.node)   # "esta": this use
    rel = rels[0]
    v = analyse(rel.clause)
    users = [c for c in rel.subject if isinstance(c, NP)]
    objs = [c for c in rel.args if isinstance(c, NP)]
    times = [c for c in rel.args if isinstance(c, PP)]
    if v.lemma != "usar" or v.negated or len(users) != 1 or len(objs) != 1 or len(times) != 1 \
            or len(rel.args) != 2:
        raise NotUnderstood("the time someone used what?", rel.clause)
    action = things(objs[0], r)
    when = times[0]
    if action.ref is not Ref.THIS_ACTION or when.prep != "em" or when.obj is None or when.obj.lemma != "turno" \
            or not when.obj.det("este") or when.obj.mods:
        raise NotUnderstood("used this action when?", rel.clause)
    user = things(users[0], r)
    r.use(subj.head, *subj.dets, pred.head, *pred.dets, *nth, *rel.markers, *v.words, *when.preps, when.obj.head,
          *when.obj.dets)
    return Condition("nth_use", subject=user, value=str(_ORDINALS[nth[0].lemma]))


def _subject(roles: Roles, r: Reading, default: Selector | None) -> Selector:
    np = roles.subject_np
    if np is None:
        if default is not None:
            return default
        if r.in_action and roles.verb.lemma == "ser" and r.referents:
            # "... causa 1 ponto de dano no alvo. Se for um personagem, ...": the thing just acted on -- the target;
            # one this effect does not remember ("Descarregue um card ... Se for um card de cenário") is reported
            latest = r.referents[-1]
            last = latest.selector
            if last is not None and last.ref is Ref.TARGET:
                return replace(last, filters=(), every=False)
            if latest.slot and latest.head not in ("", "np") and not latest.plural:
                # "Descarregue um card ... Se for um card de cenário": the one the procedure acted on, that it
                # remembers (its slot)
                return Selector(kind=latest.kind, ref=Ref.SLOT, slot=latest.slot, every=True)
            raise NotUnderstood("'se for ...': which thing is it?", roles.clause)
        if roles.verb.lemma == "chamar" and r.subject_stack and r.subject_stack[-1].ref is not None:
            return r.subject_stack[-1]    # "este personagem ganha ..., caso se chame X": the clause's own subject
        return THIS_CHARACTER if r.card.kind.startswith("Personagem") else THIS_CARD
    return things(np, r)


def _control(roles: Roles, r: Reading, default: Selector | None) -> Condition:
    np = roles.subject_np
    obj = roles.np("things")
    if np is not None and obj is not None and obj.lemma == "número" and obj.adj("mesmo"):
        return _no_other_as_many(roles, r, np, obj)
    who = players(np, r) if np is not None else YOU
    if obj is None:
        raise NotUnderstood("controls what?", roles.clause, roles.describe())
    adj = adjuncts(roles.filled, r)                          # type: ignore[arg-type]
    if adj.during or adj.duration:
        raise NotUnderstood("a time on a condition", roles.clause)
    since = adj.since_turn_start                             # "desde o início do turno" (4.6.2 C.1)
    after = take_only(roles)                                 # "controlar somente personagens ...": after the verb
    if after is not None:
        r.use(after)
    only = roles.verb.only or any(isinstance(c, Other) and c.kind == "adv" for c in roles.subject) or after is not None
    if obj.equal_to is not None and not (only or since):
        return _controls_a_number(roles, r, who, obj)
    count = np_quantity(obj, r)
    none = obj.det("nenhum")
    compare = obj.det("mais", "menos")
    shared = _shared_in_group(obj, r)
    what = things(obj, r)
    if compare:                                              # "controlar mais personagens do que você"
        return _more_than(roles, r, who, obj, what)
    if shared:                                               # "dois ou mais personagens ... que tenham uma
        n = count.fixed if count is not None and not count.x_times else 1     # afiliação em comum"
        if n < 2 or none or count is None or count.up_to:
            raise NotUnderstood("in common among how many?", obj.node)
        group = add_filter(replace(what, every=True, count=Quantity.of(1)), _controller(who))
        return Condition("share", subject=group, value=f"{shared}:{n}", negated=roles.verb.negated)
    controlled = add_filter(replace(what, every=True, count=Quantity.of(1)), _controller(who),
                            *((Filter("since_turn_start", "eq", "true"),) if since else ()))
    from cardscript.compiler.semantics.nouns import _register

    it = replace(controlled, every=False) if _one_of(obj, count, controlled) else controlled
    _register(r, obj, "", controlled.kind, it)              # "aqueles personagens": the ones controlled
    if not (roles.verb.negated or none):                     # "se você controlar um personagem chamado X, ...
        span = getattr(obj.node, "span", None)               # descarregue os cards dele": that one, not every X
        for ref in r.referents:
            if span is not None and ref.node_span == span and not ref.slot and ref.selector is not None \
                    and ref.selector.ref is None and ref.selector is not controlled:
                ref.selector = it
    n = count.fixed if count is not None and not count.x_times else 1
    if only:                                                 # "somente personagens com a afiliação S.H.I.E.L.D."
        r.use(*(w for w in roles.verb.words))
        base = add_filter(Selector(kind=what.kind, every=True), _controller(who))
        return Condition("only", subject=controlled, value="", all_of=(Condition("exists", subject=base),))
    negated = roles.verb.negated or none
    if none:
        r.use(*(d for d in obj.dets if d.lemma == "nenhum"))
    return Condition("exists", subject=controlled, value=str(n), negated=negated)   # "não controlar nenhum": none


def _no_other_as_many(roles: Roles, r: Reading, subj: NP, obj: NP) -> Condition:
    """"nenhum outro jogador controlar o mesmo número de personagens que ele": no player but him controls as many of
    those as he does -- a condition on him (``controls`` ``count_unique``: his count differs from every other's)."""
    from cardscript.compiler.semantics.nouns import PLAYER_ONLY

    of_pp = next((m for m in obj.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    compare = next((m for m in obj.mods if isinstance(m, Other) and m.kind == "compare" and m.np is not None), None)
    if subj.lemma != "jogador" or [d.lemma for d in subj.dets] != ["nenhum", "outro"] or subj.mods or subj.post \
            or of_pp is None or of_pp.obj is None or compare is None or compare.np is None \
            or [d.lemma for d in obj.dets] != ["o"] or len(obj.mods) != 2 or roles.verb.negated:
        raise NotUnderstood("the same number as whom?", obj.node)
    other = compare.np
    if isinstance(other.head, Lexeme) and other.head.cls == "PRON" and not other.fills:
        other = replace(other, fills=PLAYER_ONLY)          # "que ele": a player
    him = players(other, r)
    if him.ref not in (Ref.SLOT, Ref.YOU, Ref.OPPONENT, Ref.CONTROLLER, Ref.OWNER):
        raise NotUnderstood("the same number as which player?", compare.np.node)
    r.use(subj.head, *subj.dets, obj.head, *obj.dets, *obj.pre, *of_pp.preps,
          *(w for n in compare.nodes for w in leaves(n)))
    counted_things = things(of_pp.obj, r)
    if counted_things.ref is not None:
        raise NotUnderstood("the number of which things?", of_pp.obj.node)
    return Condition("is", subject=replace(him, filters=(*him.filters, Filter(
        "controls", "count_unique", replace(counted_things, every=True)))))


def _controls_a_number(roles: Roles, r: Reading, who: Selector, obj: NP) -> Condition:
    """"você controlar um número de personagens sem a afiliação X maior ou igual ao número de personagens com a
    afiliação X que você controla" (``syntax._amount_phrases``): how many of those the player controls, compared with
    the value (counted when the condition is checked)."""
    from cardscript.compiler.semantics.text import render
    from cardscript.compiler.semantics.xdef import counted

    pp = obj.equal_to
    assert pp is not None and pp.obj is not None
    r.use_all(obj.amount_words)
    r.use(*pp.preps)
    what = things(replace(obj, equal_to=None), r)             # the things counted (the value is not their number)
    if what.ref is not None or what.union:
        raise NotUnderstood("the number of which things?", obj.node)
    mine = Count(what=add_filter(replace(what, every=True, count=Quantity.of(1)), _controller(who)), text=what.text)
    value = counted(pp.obj, r, render(pp.obj.node))
    return Condition("compare", value=obj.amount_op, left=Quantity(x_times=1, x=mine),
                     right=Quantity(x_times=1, x=value), negated=roles.verb.negated)


def _shared_in_group(obj: NP, r: Reading) -> str:
    """"dois ou mais personagens vilões que tenham uma afiliação em comum", "três ou mais personagens com alguma
    afiliação em comum entre si": a characteristic the counted things share among themselves (no "com <X>" to
    compare with). The modifier saying it is taken off the noun phrase; returns the characteristic ("affiliation")
    or ''."""
    for m in list(obj.mods):
        trait: NP | None = None
        rest: list[Constituent] = []
        if isinstance(m, Rel) and m.lemma == "ter" and not m.clause.negated:
            nps = [a for a in m.args if isinstance(a, NP)]
            trait = nps[0] if len(nps) == 1 else None
            rest = [a for a in m.args if a is not trait]
        elif isinstance(m, PP) and m.prep == "com" and m.obj is not None:
            trait = m.obj
        if trait is None or trait.lemma != "afiliação" or not trait.det("um", "algum") or trait.heads:
            continue
        parts = [*rest, *trait.mods]
        common = [c for c in parts if isinstance(c, PP) and c.prep == "em" and c.obj is not None
                  and c.obj.lemma == "comum" and not c.obj.mods]
        between = [c for c in parts if isinstance(c, PP) and c.prep == "entre" and c.obj is not None
                   and c.obj.lemma == "si"]
        if len(common) != 1 or len(parts) != len(common) + len(between):
            continue
        if isinstance(m, Rel):
            r.use(*m.markers, m.clause.verb)
        elif isinstance(m, PP):
            r.use(*m.preps)
        r.use(trait.head, *trait.dets)
        for c in (*common, *between):
            assert isinstance(c, PP) and c.obj is not None
            r.use(*c.preps, c.obj.head, *c.obj.dets)
        obj.mods.remove(m)
        return "affiliation"
    return ""


def _controller(who: Selector) -> Filter:
    if who.ref is Ref.YOU:
        return Filter("controller", "eq", "you")
    if who.ref is Ref.OPPONENT:
        return Filter("controller", "eq", "opponent")
    return Filter("controller", "eq", who)


def _more_than(roles: Roles, r: Reading, who: Selector, obj: NP, what: Selector) -> Condition:
    other = _compared_player(obj, r)
    r.use(*(d for d in obj.dets if d.lemma in ("mais", "menos")))
    mine = Count(what=add_filter(replace(what, every=True), _controller(who)))
    theirs = Count(what=add_filter(replace(what, every=True), _controller(other)))
    op = "gt" if obj.det("mais") else "lt"
    return Condition("compare", value=op, left=Quantity(x_times=1, x=mine), right=Quantity(x_times=1, x=theirs))


def _have(roles: Roles, r: Reading, default: Selector | None) -> Condition:
    as_np = roles.np("as")
    if roles.verb.modal == "pode" and as_np is not None and as_np.lemma == "alvo":
        return _may_target(roles, r)
    subject = _subject(roles, r, default)
    obj = roles.np("what")
    adj = adjuncts(roles.filled, r)                          # type: ignore[arg-type]
    if roles.verb.past and roles.verb.lemma != "ter":
        raise NotUnderstood("a past event as a condition", roles.clause)
    if obj is None:
        raise NotUnderstood("has what?", roles.clause, roles.describe())
    if obj.lemma == "ponto" and obj.det("mais", "menos"):     # "um oponente tiver mais pontos que você"
        return _more_points(roles, r, obj)
    alternatives = [o for conj, o in obj.coords if isinstance(o, NP) and any(
        isinstance(w, Lexeme) and w.lemma == "ou" for w in conj)]
    if alternatives:                 # "tiver a afiliação I.M.A. ou {GE}": either characteristic
        for conj, o in obj.coords:
            if o in alternatives:
                r.use_all(conj)
        obj.coords = [(c, o) for c, o in obj.coords if o not in alternatives]
        options = [at.filters_for(x, r, negate=False) for x in (obj, *alternatives)]
        cond = Condition("any", any_of=tuple(Condition("is", subject=add_filter(subject, *f)) for f in options))
        return replace(cond, negated=roles.verb.negated)
    obj = at.with_in_common(obj, roles.one("in_common"))  # "tiver uma afiliação em comum com ..."
    filters = at.filters_for(obj, r, negate=False)
    del adj
    return Condition("is", subject=subject, value="", negated=roles.verb.negated,
                     all_of=(), any_of=()) if not filters else is_(subject, filters, roles.verb.negated)


def _more_points(roles: Roles, r: Reading, obj: NP) -> Condition:
    """"<player> tiver mais / menos pontos que <player> [nos prêmios]": the points each has (4.9.1: the initial
    energies of the characters in the Prêmios do Oponente area) compared."""
    np = roles.subject_np
    if np is None:
        raise NotUnderstood("who has the points?", roles.clause)
    who = players(np, r)
    other = _compared_player(obj, r)
    for c in [*roles.get("in_common"), *roles.extra]:
        if isinstance(c, PP) and c.prep == "em" and c.obj is not None and c.obj.lemma in ("prêmio", "prêmios"):
            r.use(*c.preps, c.obj.head, *c.obj.dets)         # "nos prêmios": where the points are
            for got in roles.filled.values():
                if c in got:
                    got.remove(c)
            if c in roles.extra:
                roles.extra.remove(c)
    r.use(obj.head, *(d for d in obj.dets if d.lemma in ("mais", "menos")))
    mine, theirs = (Count(what=p, attribute="points") for p in (who, other))
    op = "gt" if obj.det("mais") else "lt"
    return Condition("compare", value=op, left=Quantity(x_times=1, x=mine), right=Quantity(x_times=1, x=theirs),
                     negated=roles.verb.negated)


def _compared_player(obj: NP, r: Reading) -> Selector:
    """The player of "... que / do que <player>" on a compared noun phrase."""
    for m in obj.mods:
        if isinstance(m, Other) and m.kind == "compare" and m.np is not None:
            r.use(*m.nodes)
            return players(m.np, r)
    raise NotUnderstood("more than whom?", obj.node)


def _be(roles: Roles, r: Reading, default: Selector | None) -> Condition:
    """"o alvo for um vilão", "se for um personagem", "X for igual a 1", "o alter ego deste personagem for X"."""
    np = roles.subject_np
    pred = roles.np("predicate")
    if np is not None and is_x(np.head):                              # "Se X for igual a 1", "X for maior que 0"
        return _x_compared(roles, r, np, pred)
    if np is not None and np.lemma in ("alter ego", "nome") and pred is not None:
        r.use(np.head, *np.dets)
        whose = next((m.obj for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
        if whose is None:
            raise NotUnderstood("whose name?", np.node)
        r.use(*next(m for m in np.mods if isinstance(m, PP)).preps)
        sel = things(whose, r)
        names = at.names_in(pred, r)
        field = "alter_ego" if np.lemma == "alter ego" else "name"
        return Condition("is", subject=add_filter(sel, Filter(field, "eq", "/".join(names))),
                         negated=roles.verb.negated)
    if pred is not None and pred.lemma == "ação" and pred.adj("primeiro") and pred.participle is not None \
            and pred.participle.lemma == "usar":
        when = next((m for m in pred.mods if isinstance(m, PP) and m.prep == "em" and m.obj is not None
                     and m.obj.lemma == "turno" and m.obj.det("este")), None)
        if when is not None and when.obj is not None and len(pred.mods) == 1:
            # "se ela for a primeira ação usada neste turno": no action was used before it this turn
            subject = _subject(roles, r, default)
            r.use(pred.head, *pred.dets, *(a for a in pred.pre if a.lemma == "primeiro"), pred.participle,
                  *when.preps, when.obj.head, *when.obj.dets)
            return Condition("first_action", subject=subject, negated=roles.verb.negated)
    if pred is not None and pred.lemma == "vez" and r.in_action:
        return _nth_use(roles, r, pred)
    subject = _subject(roles, r, default)
    filters: list[Filter] = []
    kind: Kind | None = None
    of = roles.pp("of")
    if pred is not None:
        if pred.lemma in ("personagem", "suporte", "herói", "vilão", "card") and not pred.mods:
            from cardscript.compiler.semantics.vocabulary import ALIGNMENT_OF_WORD, KIND_OF_NOUN

            r.use(pred.head, *pred.dets)
            if pred.lemma in ALIGNMENT_OF_WORD:
                filters.append(Filter("alignment", "has", ALIGNMENT_OF_WORD[pred.lemma]))
            else:
                kind = KIND_OF_NOUN[pred.lemma]
            for conj, h in pred.heads:
                if h.lemma in ALIGNMENT_OF_WORD:
                    r.use(conj, h.head)
        else:
            sel = things(pred, r)
            if sel.ref is not None:
                raise NotUnderstood("is which one?", pred.node)
            if sel.union:                                  # "se ele for um personagem com {LA} ou um suporte":
                return Condition("any", any_of=tuple(is_(subject, [*alt.filters, *_kind_filters(alt)])
                                                     for alt in sel.union), negated=roles.verb.negated)
            filters.extend(sel.filters)
            filters.extend(_kind_filters(sel))
    elif of is not None and of.obj is not None:               # "não for da afiliação X"
        r.use(*of.preps)
        filters.extend(_predicate(of.obj, r, False, subject))
    else:
        raise NotUnderstood("is what?", roles.clause, roles.describe())
    if kind is not None:
        filters.append(Filter("kind", "eq", kind.value))
    return is_(subject, filters, roles.verb.negated)


def _kind_filters(sel: Selector) -> list[Filter]:
    """What a predicate noun says of the kind: "um personagem" (character), "um personagem ou suporte" (either);
    "um card" says nothing more."""
    kinds = (sel.kind, *sel.also)
    return [] if Kind.CARD in kinds else [Filter("kind", "eq", "/".join(k.value for k in kinds))]


def is_(subject: Selector, filters: list[Filter] | tuple[Filter, ...], negated: bool = False) -> Condition:
    """"<subject> <is / has> <filters>": for a universal description ("se cada personagem que você controlar tiver a
    afiliação X") every one it describes must pass -- the described ones are *only* those that pass -- and there
    must be one; otherwise the subject (a reference, or "um personagem ...") passes them."""
    if subject.ref is None and subject.every and not subject.union:
        return Condition("only", subject=add_filter(subject, *filters), negated=negated,
                         all_of=(Condition("exists", subject=subject),))
    return Condition("is", subject=add_filter(subject, *filters), negated=negated)


def _x_compared(roles: Roles, r: Reading, np: NP, pred: NP | None) -> Condition:
    """"X for igual a 1", "X for maior que 0", "X for menor ou igual a 2", "X for 2 ou mais": X compared with a
    number (the comparative words may stand in the verb group, "for maior", or after the number, "ou mais")."""
    r.use(np.head)
    words = [w.lemma for w in roles.verb.words if w.cls == "ADJ"]
    value: int | None = _number(pred, r) if pred is not None else None
    for c in list(roles.extra) + list(roles.get("_coord")):
        if isinstance(c, Other) and c.kind == "compare" and c.np is not None and value is None:
            r.use(*c.nodes)
            value = _number(c.np, r)
        elif isinstance(c, Other) and c.kind in ("adj", "adv", "coord"):
            lemmas = [x.lemma for x in c.nodes if isinstance(x, Lexeme)]
            if not set(lemmas) <= {"ou", "igual", "maior", "menor", "mais", "menos"}:
                continue
            words.extend(lemmas)
            r.use(*c.nodes)
        else:
            continue
        if c in roles.extra:
            roles.extra.remove(c)
    if value is None:
        raise NotUnderstood("X compared with what?", roles.clause)
    op = _comparative(set(words))
    return Condition("compare", value=op, left=Quantity(x_times=1, x=r.x), right=Quantity.of(value),
                     negated=roles.verb.negated)


def _comparative(words: set[str]) -> str:
    """The comparison the words say: "maior" gt, "maior ou igual" ge, "menor" lt, "menor ou igual" le, "N ou mais"
    ge, "N ou menos" le, "igual" (or none) eq."""
    if "maior" in words:
        return "ge" if "igual" in words else "gt"
    if "menor" in words:
        return "le" if "igual" in words else "lt"
    if "mais" in words:
        return "ge"
    if "menos" in words:
        return "le"
    return "eq"


def _number(np: NP, r: Reading) -> int:
    if isinstance(np.head, Number):
        r.use(np.head, *(d for d in np.dets if d.word.lower() == "a"))     # "igual a 1": the preposition
        return np.head.value
    for m in np.mods:
        if isinstance(m, PP) and m.obj is not None and isinstance(m.obj.head, Number):
            r.use(*m.preps, m.obj.head)
            r.use(*(a for a in np.post if isinstance(a, Lexeme)))
            if isinstance(np.head, Lexeme):
                r.use(np.head)
            return m.obj.head.value
    raise NotUnderstood("equal to what?", np.node)


def _carried_by(r: Reading, obj: NP, carried: Selector, carrier: Selector) -> None:
    """"Se este personagem estiver carregando um card X, você pode colocar aquele card ...": what a reference to the
    carried card means is a card the subject carries (not every card X)."""
    if carried.ref is not None:
        return
    span = getattr(obj.node, "span", None)
    for ref in r.referents:
        if span is not None and ref.node_span == span and not ref.slot:
            ref.selector = replace(carried, zone="carried", of=carrier, every=True)


def _state(roles: Roles, r: Reading, default: Selector | None) -> Condition:
    """"este card estiver em sua mão", "estiver no estágio {2}", "estiver carregando X", "estiver com Energia igual a
    1", "estiver em cena desde o início do turno"."""
    subject = _subject(roles, r, default)
    adj = adjuncts(roles.filled, r)                          # type: ignore[arg-type]
    filters: list[Filter] = []
    if adj.since_turn_start:
        filters.append(Filter("since_turn_start", "eq", "true"))
    where = roles.pp("where")
    with_ = roles.pp("with")
    if roles.verb.gerund and roles.verb.lemma == "carregar":
        obj = roles.np("cards") or roles.np("object")
        if obj is None:
            raise NotUnderstood("carrying what?", roles.clause)
        carried = things(obj, r)
        _carried_by(r, obj, carried, subject)
        exactly = any(isinstance(c, Other) and c.kind == "adv" for c in roles.extra)
        for c in list(roles.extra):
            if isinstance(c, Other) and c.kind == "adv":
                r.use(*c.nodes)
                roles.extra.remove(c)
        since = adj.since_turn_start                         # "estiver carregando X desde o início do turno":
        filters[:] = [f for f in filters if f.field != "since_turn_start"]      # the cards, not only the carrier
        filters.append(Filter("carrying_since_turn_start" if since else "carrying", "exactly" if exactly else "has",
                              carried))
    elif where is not None and where.obj is not None:
        r.use(*where.preps)
        if where.obj.lemma == "estágio":
            filters.extend(at.filters_for(where.obj, r))
        else:
            zones = [place(where.obj, r)]
            for conj, h in where.obj.heads:
                r.use(conj)
                zones.append(place(h, r))
            for conjs, other in where.coords:
                r.use_all(conjs)
                r.use(*other.preps)
                if other.obj is not None:
                    zones.append(place(other.obj, r))
            names = "/".join(z.zone for z in zones)
            filters.append(Filter("zone", "in", names))
    elif with_ is not None and with_.obj is not None:
        r.use(*with_.preps)
        filters.extend(at.filters_for(with_.obj, r))
    elif not filters:
        raise NotUnderstood("is where / how?", roles.clause, roles.describe())
    under = roles.pp("under")
    if under is not None:                                    # "estiver em cena sob seu controle": yours
        if under.obj is None or under.obj.lemma != "controle" or not under.obj.det("seu"):
            raise NotUnderstood("under whose control?", roles.clause)
        r.use(*under.preps, under.obj.head, *under.obj.dets)
        filters.append(Filter("controller", "eq", "you"))
    return is_(subject, filters, roles.verb.negated)


def _exist(roles: Roles, r: Reading, default: Selector | None) -> Condition:
    """"houver algum card com a afiliação X entre os prêmios de seus oponentes", "houver mais de um personagem com o
    alter ego X em cena"."""
    obj = roles.np("what")
    if obj is None:
        raise NotUnderstood("there is what?", roles.clause, roles.describe())
    more_than = obj.det("mais") and any(isinstance(m, PP) and m.prep == "de" for m in obj.mods)
    what = things(obj, r)
    for name in ("where", "among"):
        pp = roles.pp(name)
        if pp is not None and pp.obj is not None:
            r.use(*pp.preps)
            p = place(pp.obj, r)
            what = replace(what, zone=p.zone, zone_owner=p.owner.ref if p.owner is not None else None)
    n = what.count.fixed if what.count.fixed else 1
    if more_than:
        r.use(*(d for d in obj.dets if d.lemma == "mais"))
        n += 1
    if obj.more_than:                                        # "mais de um personagem": at least two
        if not any(isinstance(w, Lexeme) and w.lemma == "mais" for w in obj.more_than):
            raise NotUnderstood("'menos de N' as a condition on what exists", obj.node)
        r.use(*obj.more_than)
        n += 1
    return Condition("exists", subject=replace(what, every=True), value=str(n), negated=roles.verb.negated)


def _time(roles: Roles, r: Reading) -> None:
    adj = adjuncts(roles.filled, r)                          # type: ignore[arg-type]
    if adj.since_turn_start or adj.during or adj.duration:
        raise NotUnderstood("a time on a condition", roles.clause)


def _searched(roles: Roles, r: Reading, default: Selector | None) -> Condition:
    """"se tiver procurado ali" (after "procure em seu deck ou recursos ..."): this effect searched the deck."""
    if not roles.verb.past:
        raise NotUnderstood("a search as a condition", roles.clause)
    there = roles.np("there")
    if there is not None and there.lemma in ("ali", "dali"):
        r.use(there.head)
    if roles.subject_np is not None:
        raise NotUnderstood("searched by whom?", roles.clause)
    return Condition("searched", value="deck")


def _received(roles: Roles, r: Reading, default: Selector | None) -> Condition:
    """"se este personagem tiver recebido dano [neste turno]", "se aquele personagem tiver sofrido dano neste turno"."""
    subject = _subject(roles, r, default)
    dano = roles.np("damage")
    if dano is None or dano.lemma != "dano":
        raise NotUnderstood("received what?", roles.clause)
    r.use(dano.head, *dano.dets)
    adj = adjuncts(roles.filled, r)                          # type: ignore[arg-type]
    if not roles.verb.past:
        raise NotUnderstood("receiving damage as a condition", roles.clause)
    duration = adj.duration                                  # "neste turno": the turn's record (read)
    if duration is None and adj.per_turn:                    # "tiver recebido dano em um turno": in a turn -- the
        duration = Duration.END_OF_TURN                      # turn's record too (cleared at its end, 6.2)
    if duration not in (None, Duration.END_OF_TURN) or (adj.at is not None and not duration):
        raise NotUnderstood("damage received when?", roles.clause)
    source = roles.pp("source") or next((m for m in dano.mods if isinstance(m, PP) and m.prep == "de"), None)
    if source is not None:
        return _received_from(roles, r, subject, source, duration)
    if any(isinstance(m, PP) for m in dano.mods):
        raise NotUnderstood("damage from what?", roles.clause)
    return Condition("is", subject=add_filter(subject, Filter("damaged_this_turn", "eq", "true")),
                     negated=roles.verb.negated)


def _received_from(roles: Roles, r: Reading, subject: Selector, source: PP, duration: Duration | None
                   ) -> Condition:
    """"se ele já tiver recebido dano de outra ação de {SF} neste turno", "... de uma ação de um outro personagem com
    a afiliação X neste turno": the turn's record of the damage actions dealt (4.8.1: more than 0), with the
    action, its holder and its user then (``damaged_from``). "outra ação" inside an action's effect: an action other
    than this one. Damage from anything but an action, or before this turn, is not recorded."""
    np = source.obj
    if np is None or np.lemma != "ação" or duration is not Duration.END_OF_TURN:
        raise NotUnderstood("damage from what? (an action's, this turn)", roles.clause)
    other = np.det("outro")
    another_user = any(isinstance(m, PP) and m.prep == "de" and m.obj is not None and m.obj.det("outro")
                       and m.obj.lemma == "personagem" for m in np.mods)     # "de um outro personagem": not this
    if other and not r.in_action or r.in_action and not (other or another_user):
        raise NotUnderstood("damage from which action? (this one, or another?)", roles.clause)
    sel = things(np, r)
    if sel.ref not in (None, Ref.THIS_ACTION) or sel.count.fixed > 1 or sel.count.or_more:
        raise NotUnderstood("damage from which action?", np.node)
    r.use(*source.preps)
    for w in roles.verb.adverbs:
        if w.lemma == "já":                                  # "já": up to now
            r.use(w)
    action = Selector(kind=Kind.ACTION, filters=sel.filters, text=sel.text,
                      excluding=Selector(kind=Kind.ACTION, ref=Ref.THIS_ACTION) if other else None)
    return Condition("is", subject=add_filter(subject, Filter("damaged_from", "has", action)),
                     negated=roles.verb.negated)


def _used(roles: Roles, r: Reading, default: Selector | None) -> Condition:
    """"se este personagem já tiver usado uma ação chamada X neste turno"; "se esta ação for usada durante a Etapa
    de Ataque", "caso esta ação tenha sido usada em seu próprio turno" (``now``); passive with the user after "por":
    "se a ação X ainda não tiver sido usada por este personagem neste turno" (the action named in the subject)."""
    if roles.verb.passive and roles.pp("agent") is None:
        return _used_now(roles, r)
    if roles.verb.passive:
        agent = roles.pp("agent")
        action = roles.subject_np
        if agent is None or agent.obj is None:
            raise NotUnderstood("an action used by whom?", roles.clause)
        r.use(*agent.preps)
        subject = things(agent.obj, r)
    else:
        subject = _subject(roles, r, default)
        action = roles.np("action")
    adj = adjuncts(roles.filled, r)                          # type: ignore[arg-type]
    if action is None or not roles.verb.past or adj.duration is None:
        raise NotUnderstood("an action used as a condition", roles.clause)
    for w in roles.verb.adverbs:
        if w.lemma == "já" or (w.lemma == "ainda" and roles.verb.negated):     # "já", "ainda não": up to now
            r.use(w)
    sel = things(action, r)
    if sel.ref is Ref.THIS_ACTION:                           # "a ação <this card's action>": any use of it by name
        sel = Selector(kind=Kind.ACTION, filters=(Filter("name", "eq", r.card.action_name),))
    return Condition("is", subject=add_filter(subject, Filter("used_this_turn", "has", sel)),
                     negated=roles.verb.negated)


def _used_now(roles: Roles, r: Reading) -> Condition:
    """"esta ação for usada durante seu turno": an action resolves when it is used (4.6.2), so its use -- past
    ("tenha sido usada") or not -- was in the phase / step of the turn that is under way now (``now``). Any other
    action's use is history the condition cannot read."""
    np = roles.subject_np
    sel = things(np, r) if np is not None else None
    if sel is not None and np is not None and sel.kind is Kind.ACTION and (
            sel.ref is None or sel.ref is Ref.THIS_ACTION and np.det("outro") and sel.filters):   # "outra ação X"
        return _action_used_this_turn(roles, r, np, sel)
    if sel is None or sel.ref is not Ref.THIS_ACTION or sel.filters:
        raise NotUnderstood("an action used as a condition", roles.clause)
    adj = adjuncts(roles.filled, r)                          # type: ignore[arg-type]
    when = adj.during or adj.at
    if when is None or when.edge or when.next_turn or when.each_player or adj.duration or adj.since_turn_start:
        raise NotUnderstood("used when?", roles.clause)
    whose = {Ref.YOU: "you", Ref.OWNER: "you", Ref.OPPONENT: "opponent", None: ""}.get(when.whose)
    if whose is None or when.phase in ("current", "match"):
        raise NotUnderstood("in whose turn?", roles.clause)
    return Condition("now", value=when.phase, whose=whose, negated=roles.verb.negated)


def _action_used_this_turn(roles: Roles, r: Reading, np: NP, sel: Selector) -> Condition:
    """"se outra ação chamada X tiver sido usada neste turno": the turn's record of the actions used (4.6.2 H:
    an action is used before its effect resolves), by any character, whatever has become of it since
    (``action_used``). "outra" inside an action's effect: an action other than this one (another card's action of
    that name, or another action); an action with no "outra" there would count its own use, and is reported."""
    adj = adjuncts(roles.filled, r)                          # type: ignore[arg-type]
    if not roles.verb.past or adj.duration is not Duration.END_OF_TURN or adj.during or adj.at \
            or adj.since_turn_start:
        raise NotUnderstood("an action used when? (only this turn is known)", roles.clause)
    other = np.det("outro")
    if other != r.in_action:
        raise NotUnderstood("which action used? (this one, or another?)", roles.clause)
    if sel.count.fixed > 1 or sel.count.or_more:
        raise NotUnderstood("how many actions used?", roles.clause)
    bare = Selector(kind=Kind.ACTION, filters=sel.filters, text=sel.text)
    return Condition("action_used", subject=bare, value="other" if other else "", negated=roles.verb.negated)


def _entered(roles: Roles, r: Reading, default: Selector | None) -> Condition:
    """"se outro personagem com a afiliação X entrou em cena sob seu controle neste turno", "se este personagem
    tiver entrado em cena neste turno": the turn's record of what entered the scene (``entered``), wherever those
    cards are now. Only this turn's past can be read."""
    if not roles.verb.past:
        raise NotUnderstood("entering the scene as a condition", roles.clause)
    zone = roles.pp("zone")
    if zone is None or zone.obj is None or zone.obj.lemma != "cena":
        raise NotUnderstood("entered where?", roles.clause, roles.describe())
    adj = adjuncts(roles.filled, r)                          # type: ignore[arg-type]
    if adj.duration is not Duration.END_OF_TURN or adj.during or adj.at or adj.since_turn_start:
        raise NotUnderstood("entered when? (only this turn is known)", roles.clause)
    r.use(*zone.preps, zone.obj.head)
    whose = ""
    under = roles.pp("under")
    if under is not None:
        if under.obj is None or under.obj.lemma != "controle" or not under.obj.det("seu"):
            raise NotUnderstood("under whose control?", under.obj.node if under.obj is not None else roles.clause)
        r.use(*under.preps, under.obj.head, *under.obj.dets)
        whose = "you"
    subject = _subject(roles, r, default)
    n = subject.count.fixed if subject.ref is None and subject.count.fixed else 1
    return Condition("entered", subject=subject, value=str(n), whose=whose, negated=roles.verb.negated)


def _loaded(roles: Roles, r: Reading, default: Selector | None) -> Condition:
    """"se ela tiver sido carregada neste personagem neste turno" (a passive past of "carregar"): the turn's record
    of the cards loaded and where (``TurnMemory.loaded``: by effects and on entering the scene, 4.4.2.1 A.3); any
    other "carregar" is a state ("estiver carregando", ``_state``)."""
    from cardscript.compiler.semantics.nouns import things

    v = roles.verb
    if not (v.passive and v.past):
        return _state(roles, r, default)
    adj = adjuncts(roles.filled, r)                          # type: ignore[arg-type]
    onto = roles.pp("onto")
    if adj.during or adj.at or adj.since_turn_start or adj.duration is not Duration.END_OF_TURN \
            or onto is None or onto.obj is None or roles.extra:
        raise NotUnderstood("loaded where, when? (only this turn is known)", roles.clause)
    r.use(*onto.preps)
    where = things(onto.obj, r)
    subject = _subject(roles, r, default)
    return Condition("is", subject=add_filter(subject, Filter("loaded_this_turn", "eq", where)),
                     negated=v.negated)


def _knocked_out(roles: Roles, r: Reading, default: Selector | None) -> Condition:
    """"(não) tiver sido nocauteado [neste turno]": the turn's record of the characters knocked out (4.7,
    ``TurnMemory.knocked_out``); with no time, only in a trigger's effect (knocked out by now, this turn: what the
    event just did). "destruído" (a support) likewise. Negated by the verb (``condition``)."""
    v = roles.verb
    if not v.passive or not v.past:
        raise NotUnderstood("knocking out as a condition", roles.clause)
    adj = adjuncts(roles.filled, r)                          # type: ignore[arg-type]
    if adj.during or adj.at or adj.since_turn_start or adj.duration not in (None, Duration.END_OF_TURN) \
            or adj.duration is None and not r.event_kind:
        raise NotUnderstood("knocked out when? (only this turn is known)", roles.clause)
    subject = _subject(roles, r, default)
    return Condition("is", subject=add_filter(subject, Filter("knocked_out_this_turn", "eq", "true")))


def _named(roles: Roles, r: Reading, default: Selector | None) -> Condition:
    """"se for chamado Surfista Prateado": the subject has that name."""
    subject = _subject(roles, r, default)
    names = [n for c in roles.get("name") if isinstance(c, NP) for n in at.names_in(c, r)]
    if not names:
        raise NotUnderstood("named what?", roles.clause)
    return Condition("is", subject=add_filter(subject, Filter("name", "eq" if len(names) == 1 else "has_any",
                                                             "/".join(names))), negated=roles.verb.negated)


def _may_target(roles: Roles, r: Reading) -> Condition:
    """"se aquela ação puder ter este suporte como alvo" (4.6.2 F.1, F.2.2: one of its target selectors can choose
    it, nothing prevents it): ``may_target``, the thing in ``subject``, the action in ``all_of`` (an ``is`` on it)."""
    action_np, thing_np, as_np = roles.subject_np, roles.np("what"), roles.np("as")
    if action_np is None or thing_np is None or as_np is None or roles.verb.negated or as_np.dets or as_np.mods:
        raise NotUnderstood("may have what as a target?", roles.clause)
    action = things(action_np, r)
    thing = things(thing_np, r)
    as_pp = roles.pp("as")
    r.use(as_np.head, *(as_pp.preps if as_pp is not None else ()))
    if action.kind is not Kind.ACTION:
        raise NotUnderstood("which action may have it as a target?", action_np.node)
    return Condition("may_target", subject=thing, all_of=(Condition("is", subject=action),))


def _choosing(roles: Roles, r: Reading, default: Selector | None) -> Condition:
    """"Enquanto um oponente estiver escolhendo os alvos de <uma ação ...>" (4.6.2 F: the targets are chosen as the
    action is used): while that player chooses the targets of such an action -- ``choosing_targets``, the action in
    ``subject``, the player in ``whose`` ("you" / "opponent" / "" any player). What it governs says what happens
    then (``effects``: a target that must be chosen, 4.6.2 F.2.1)."""
    v = roles.verb
    who_np, obj = roles.subject_np, roles.np("what")
    if not v.gerund or v.negated or v.modal or who_np is None or obj is None or obj.lemma != "alvo" \
            or not obj.det("o") or len(obj.mods) != 1:
        raise NotUnderstood("a condition with 'escolher'", roles.clause)
    of = obj.mods[0]
    if not isinstance(of, PP) or of.prep != "de" or of.obj is None or of.obj.lemma != "ação":
        raise NotUnderstood("choosing the targets of what?", obj.node)
    who = players(who_np, r)
    names: dict[Ref | None, str] = {Ref.YOU: "you", Ref.OPPONENT: "opponent", Ref.EVERY_PLAYER: ""}
    whose = names.get(who.ref) if not who.filters else None
    if whose is None:
        raise NotUnderstood("which player chooses the targets?", who_np.node)
    r.use(obj.head, *obj.dets, *of.preps)
    act = of.obj
    _feminine_participle_back(act)
    user: Selector | None = None
    agent = next((m for m in act.mods if isinstance(m, PP) and m.prep == "por" and m.obj is not None), None)
    if act.participle is not None and act.participle.lemma == "usar" and agent is not None and agent.obj is not None:
        act.mods.remove(agent)                      # "usada por um personagem [vilão] que ele controla": its user;
        r.use(act.participle, *agent.preps)         # the one choosing its targets controls it (4.6.2: the player
        user_np = agent.obj                         # using the action chooses them), so that relative says nothing
        for m in list(user_np.mods):
            if isinstance(m, Rel) and m.lemma == "controlar" and _the_chooser(m):
                user_np.mods.remove(m)
                r.use(*m.markers, *leaves(m.clause))
        user = things(user_np, r)
        if user.kind is not Kind.CHARACTER or user.ref is not None:
            raise NotUnderstood("an action used by whom?", user_np.node)
    action = things(act, r)
    if action.kind is not Kind.ACTION or action.ref is not None:
        raise NotUnderstood("choosing the targets of which action?", act.node)
    if user is not None and user.filters:
        action = replace(action, filters=(*action.filters, Filter("user", "eq", replace(user, every=True))))
    return Condition("choosing_targets", subject=action, whose=whose)


def _feminine_participle_back(act: NP) -> None:
    """"uma ação que cause dano *usada por* ...": the feminine participle agrees with "ação", not with the masculine
    "dano" it was attached to inside the relative -- it is the action's (moved back with its complements)."""
    if act.participle is not None:
        return
    for m in act.mods:
        if not isinstance(m, Rel):
            continue
        for a in m.args:
            p = a.participle if isinstance(a, NP) else None
            if isinstance(a, NP) and p is not None and a.lemma == "dano" and p.lemma == "usar" \
                    and p.word.endswith(("a", "as")):
                act.participle, a.participle = p, None
                act.mods.extend(a.mods)
                a.mods = []
                return


def _the_chooser(rel: Rel) -> bool:
    """"que ele controla" with a pronoun subject: the player said before (the one choosing)."""
    words = [x for x in leaves(rel.clause) if isinstance(x, Lexeme)]
    return [w.lemma for w in words] in (["ele", "controlar"], ["ela", "controlar"])


_RULES: dict[str, Callable[[Roles, Reading, Selector | None], Condition]] = {
    "choose": _choosing,
    "named": _named,
    "control": _control, "have": _have, "be": _be, "state": _state, "exist": _exist, "load": _loaded,
    "search": _searched, "receive": _received, "use": _used, "enter": _entered, "knock_out": _knocked_out,
}

__all__ = ["condition", "Icon"]


def _one_of(obj: NP, count: Quantity | None, controlled: Selector) -> bool:
    """"se você controlar *um* personagem com {MA}, você pode incapacitá-lo": "it" is one of them, the one the
    controller picks when several match -- not every such character. A name or an alter ego names that one
    ("um personagem chamado X ... dele": the character of that name)."""
    named = any(f.field in ("name", "alter_ego") and f.op == "eq" for f in controlled.filters)
    return obj.det("um") and not named and (count is None or (count.fixed == 1 and not count.x_times
                                                               and not count.up_to))
