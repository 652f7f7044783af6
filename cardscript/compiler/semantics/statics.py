"""Clauses that are continuous effects (rules 5.4 statics; with a duration, 5.7 A.2.1): prohibitions and
permissions ("não pode ser alvo de ...", "não pode usar ...", "pode usar mais uma ação"), characteristics that
change ("torna-se", "é uma ação Imprevista", "têm custo {2}", "custa {1} a menos"), texts losing their effect
(5.8), and actions losing theirs ("aquela ação não terá efeito").

A builder returns ``None`` when the clause is not its static reading; the procedure builders are tried then.
"""

from __future__ import annotations

from collections.abc import Callable

from cardscript.compiler.ast import Icon, Lexeme, Phrase
from cardscript.compiler.fast_replace import replace
from cardscript.compiler.ir import (
    Allow,
    CancelAction,
    ChangeAction,
    ChangeHandLimit,
    Count,
    CountdownAsIfNone,
    Duration,
    EffectKind,
    ExtraAction,
    Filter,
    Gain,
    KeepAside,
    Kind,
    ModifyDamage,
    Quantity,
    Ref,
    Restrict,
    Selector,
    SetCost,
    SetEvolution,
    SetShield,
    SuppressText,
)
from cardscript.compiler.semantics.build import Build, Built
from cardscript.compiler.semantics.clauses import ONLY
from cardscript.compiler.semantics.nouns import THIS_CARD, THIS_CHARACTER, YOU, players, plural, things
from cardscript.compiler.semantics.places import place
from cardscript.compiler.semantics.reading import NotUnderstood, Reading
from cardscript.compiler.semantics.syntax import NP, PP, Other, Rel, leaves
from cardscript.compiler.semantics.text import render
from cardscript.compiler.semantics.verbs import analyse
from cardscript.compiler.semantics.vocabulary import ACTION_TYPE_OF_WORD, ALIGNMENT_OF_WORD
from cardscript.compiler.vocabulary import fold_key


def _kind(d: Duration) -> EffectKind | None:
    return EffectKind.STATIC if d is Duration.WHILE_IN_PLACE else None


def _static_duration(b: Build) -> Duration:
    """A continuous effect's duration: its adjunct ("até o final do turno", "neste turno"), else while its card is in
    place (a permanent text's static) -- an action's prohibition without one lasts the turn? No: it must say."""
    d = b.adjuncts.duration
    if d is not None:
        return d
    if b.static:
        return Duration.WHILE_IN_PLACE
    raise NotUnderstood("for how long?", b.roles.clause)


def _actions(np: NP | None, b: Build) -> tuple[Filter, ...]:
    """The action filters of "ações de {GE}", "ações que causem dano", "a ação Crescimento Repentino", "ações de
    Antecipar", "ações chamadas X"; () for "ações" / "nenhuma ação"."""
    if np is None:
        return ()
    sel = things(np, b.r)
    if sel.kind is not Kind.ACTION and sel.ref is None:
        raise NotUnderstood("which actions?", np.node)
    if sel.ref is Ref.THIS_ACTION:
        return (Filter("name", "eq", b.r.card.action_name),)
    return sel.filters


# ---------------------------------------------------------------------------------------------
# usar: prohibitions, permissions, extra actions (4.6.2 C)


_AS_IF_FIELDS = frozenset({"name", "alter_ego"})


def _use_as_character(b: Build, user: Selector, obj: NP, as_if: Rel) -> Built:
    """"Este personagem pode usar ações como se fosse um personagem chamado X" (4.6.2 D): for the prohibitions on who
    may use an action ("Os personagens que não sejam chamados X não podem usar a ação Y"), it counts as having that
    name (or alter ego) -- nothing else about it changes (``Allow(what="use_as_if")``)."""
    r = b.r
    verb = analyse(as_if.clause)
    who = [a for a in as_if.args if isinstance(a, NP)]
    if verb.lemma != "ser" or as_if.clause.subject is not None or len(who) != 1 or len(as_if.args) != 1 \
            or user.ref is not Ref.THIS_CHARACTER:
        raise NotUnderstood("as if what?", as_if.clause)
    r.use(obj.head, *as_if.markers, *verb.words)
    said = things(who[0], r)
    traits = tuple(f for f in said.filters if f.field in _AS_IF_FIELDS and f.op == "eq")
    if said.kind is not Kind.CHARACTER or not traits or len(traits) != len(said.filters) or said.ref is not None:
        raise NotUnderstood("as if a character with what?", who[0].node)
    return Built([Allow(what="use_as_if", subject=user, as_if=traits, duration=_static_duration(b), text=b.text)],
                 _kind(_static_duration(b)))


def _only_usable_by(obj: NP) -> Rel | None:
    """"ações que só poderiam ser usadas por <personagens ...>": the relative naming who alone may use them."""
    if obj.lemma != "ação" or obj.dets or obj.quantity or len(obj.mods) != 1 or not isinstance(obj.mods[0], Rel):
        return None
    rel = obj.mods[0]
    v = analyse(rel.clause)
    if v.lemma != "usar" or not v.passive or v.negated or not v.only or rel.clause.subject is not None:
        return None
    return rel


def _use_as_those(b: Build, user: Selector, obj: NP, rel: Rel) -> Built:
    """"Este personagem pode usar ações que só poderiam ser usadas por personagens com o alter ego X" (4.6.2 D): the
    actions a prohibition keeps to characters of that name or alter ego -- it uses them as if it had it."""
    r = b.r
    v = analyse(rel.clause)
    agents = [a for a in rel.args if isinstance(a, PP) and a.prep == "por" and a.obj is not None]
    if len(agents) != 1 or len(rel.args) != 1 or user.ref is not Ref.THIS_CHARACTER:
        raise NotUnderstood("used only by whom?", rel.clause)
    agent = agents[0]
    assert agent.obj is not None
    r.use(obj.head, *rel.markers, *v.words, *agent.preps)
    said = things(agent.obj, r)
    traits = tuple(f for f in said.filters if f.field in _AS_IF_FIELDS and f.op == "eq")
    if said.kind is not Kind.CHARACTER or not traits or len(traits) != len(said.filters) or said.ref is not None:
        raise NotUnderstood("only by characters with what?", agent.obj.node)
    obj.mods.remove(rel)
    d = _static_duration(b)
    return Built([Allow(what="use_as_if", subject=user, as_if=traits, duration=d, text=b.text)], _kind(d))


def _use_as_if(b: Build, user: Selector, obj: NP, as_if: Rel) -> Built:
    """"<personagem> pode usar suas ações como se fossem ações de antecipar [até o final do turno]" (4.6.2 C.5): its
    actions are of that type for it, for the duration (a ChangeAction on the actions it uses)."""
    from cardscript.compiler.semantics.times import when_of

    r = b.r
    if not (obj.lemma == "ação" and obj.det("seu") and not obj.mods):
        raise NotUnderstood("uses which actions as if?", obj.node)
    verb = analyse(as_if.clause)
    if verb.lemma != "ser" or as_if.clause.subject is not None:
        raise NotUnderstood("as if what?", as_if.clause)
    r.use(obj.head, *obj.dets, *as_if.markers, *verb.words)
    kind: NP | None = None
    d: Duration | None = b.adjuncts.duration
    for a in as_if.args:
        if isinstance(a, NP) and a.lemma == "ação" and kind is None:
            kind = a
        elif isinstance(a, PP) and a.prep == "até" and a.obj is not None and d is None:
            w = when_of(a.obj, r)
            if w.edge != "end" or w.phase:
                raise NotUnderstood("as if until when?", a.obj.node)
            r.use(*a.preps)
            d = Duration.END_OF_TURN
        else:
            raise NotUnderstood("as if what?", as_if.clause)
    if kind is None:
        raise NotUnderstood("as if what?", as_if.clause)
    types = _action_types_of(kind, r)
    if d is None:
        d = _static_duration(b)
    actions = Selector(kind=Kind.ACTION, filters=(Filter("user", "eq", user),), every=True, text=b.text)
    return Built([ChangeAction(actions=actions, anticipate="antecipar" in types, unforeseen="imprevista" in types,
                               duration=d, text=b.text)], _kind(d))


def _carried_without_powers(b: Build, user: Selector, obj: NP) -> Built | None:
    """"<personagens> pode(m) usar ações dos cards de habilidade que estiver(em) carregando, mesmo que não tenha(m)
    os poderes daquelas ações": the actions of the ability cards each of them carries (4.6.2 C.3) without the power
    C.2 asks for -- a static (``Allow`` use_without_power) on those characters. None when it is not that phrase."""
    from cardscript.compiler.semantics.syntax import constituent_leaves

    r = b.r
    of_cards = next((m.obj for m in obj.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    of_kind = next((m.obj for m in of_cards.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None),
                   None) if of_cards is not None else None
    if obj.lemma != "ação" or obj.dets or len(obj.mods) != 1 or of_cards is None or of_cards.lemma != "card" \
            or of_kind is None or of_kind.lemma != "habilidade" or len(of_cards.mods) != 1:
        return None
    rels = [m for m in of_kind.mods if isinstance(m, Rel)]
    others = [m for m in of_kind.mods if not isinstance(m, Rel)]
    if len(rels) != 2 or not b.static or user.kind is not Kind.CHARACTER:
        return None
    carrying, concession = rels
    cv, tv = analyse(carrying.clause), analyse(concession.clause)
    even = [x for o in others for x in constituent_leaves(o) if getattr(x, "text", "") != ","]   # ", mesmo que"
    powers = [a for a in concession.args if isinstance(a, NP)]
    of_actions = next((m.obj for m in powers[0].mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None),
                      None) if len(powers) == 1 else None
    if cv.lemma != "carregar" or cv.negated or carrying.subject or carrying.args \
            or [x.lemma for x in even if isinstance(x, Lexeme)] != ["mesmo"] or len(even) != 1 \
            or tv.lemma != "ter" or not tv.negated or concession.subject or of_actions is None \
            or powers[0].lemma != "poder" or of_actions.lemma != "ação" or not of_actions.det("aquele") \
            or len(concession.args) != 1 or len(powers[0].mods) != 1 or of_actions.mods:
        raise NotUnderstood("the actions of which cards, without what?", obj.node)
    r.use(obj.head, *of_cards.dets, of_cards.head, of_kind.head, *(m.preps[0] for m in (*obj.mods, *of_cards.mods)
                                                                   if isinstance(m, PP)))
    r.use(*carrying.markers, *cv.words, carrying.clause, *(x for o in others for x in constituent_leaves(o)),
          *concession.markers, *tv.words, concession.clause)
    r.use(powers[0].head, *powers[0].dets, *powers[0].mods[0].preps, of_actions.head, *of_actions.dets)  # type: ignore[union-attr]
    d = _static_duration(b)
    return Built([Allow(what="use_without_power", subject=user, duration=d, text=b.text)], _kind(d))


_INSTEAD_OF_ONE = {"ao", "a", "o", "invés", "inves", "de", "apenas", "somente", "só", "um", "uma"}


def _all_modes(b: Build, user: Selector, obj: NP) -> Built:
    """"Você pode usar todos os efeitos da ação X, ao invés de apenas um" (4.6.2 B: an action with options uses one,
    its user's choice): the action named X uses every option, in order, when its user's controller so chooses --
    a static (``Rule`` all_modes, optional) while the card's text works and its condition holds."""
    r = b.r
    of = next((m for m in obj.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    if user.ref is not Ref.YOU or of is None or of.obj is None or not b.static or len(obj.mods) != 1:
        raise NotUnderstood("every effect of which action?", obj.node)
    name = _named_action(of.obj, r)
    r.use(obj.head, *obj.dets, *of.preps)
    _instead_of_one(b)
    return _rule("all_modes", name, b, optional=True)


def _named_action(np: NP, r: Reading) -> str:
    """"a ação X" (or this action): the action's name."""
    action = things(np, r)
    names = [f.value for f in action.filters if f.field == "name" and f.op == "eq" and isinstance(f.value, str)]
    name = r.card.action_name if action.ref is Ref.THIS_ACTION else names[0] if len(names) == 1 else ""
    if action.kind is not Kind.ACTION or not name or len(action.filters) > 1:
        raise NotUnderstood("every effect of which action?", np.node)
    return name


def _instead_of_one(b: Build) -> None:
    """"ao invés de apenas um" after "todos os efeitos" (4.6.2 B: instead of the one option): its words used."""
    from cardscript.compiler.semantics.syntax import constituent_leaves

    instead = [*b.roles.get("instead"), *b.roles.extra]
    words = [x for c in instead for x in constituent_leaves(c)]
    lemmas = {x.lemma for x in words if isinstance(x, Lexeme)}
    if "invés" not in lemmas and "inves" not in lemmas or not lemmas <= _INSTEAD_OF_ONE \
            or len(lemmas & {"um", "uma"}) != 1 or any(not isinstance(x, Lexeme) for x in words):
        raise NotUnderstood("every effect instead of what?", b.roles.clause)
    b.r.use_all(words)
    b.roles.extra = []
    b.roles.filled.pop("instead", None)


def _apply(b: Build) -> Built | None:
    """"Se <estado>, ao usar a ação X, aplique todos os seus efeitos ao invés de apenas um" (4.6.2 B: an action with
    options uses one): when this card's character uses X, it uses every option, in order -- the imperative leaves no
    choice (``Rule`` all_modes, not optional, ``subject`` the user it binds) -- a static while the card's text works
    and its condition holds."""
    r = b.r
    obj = b.roles.np("what")
    using = b.using
    if not b.static or obj is None or using is None or b.roles.subject or b.verb.modal or b.verb.negated \
            or obj.lemma != "efeito" or not obj.det("todo") or not obj.det("seu") or obj.mods \
            or using.subject is not None or len(using.args) != 1 or not isinstance(using.args[0], NP):
        return None
    name = _named_action(using.args[0], r)
    r.use(*using.preps, *using.verb, obj.head, *obj.dets)
    _instead_of_one(b)
    user = Selector(kind=Kind.CHARACTER, ref=Ref.THIS_CHARACTER, text="este personagem")
    return _rule("all_modes", name, b, subject=user)


def _action_types_of(np: NP, r: Reading) -> set[str]:
    """"ações de antecipar", "ações imprevistas": the action types a noun phrase names."""
    out: set[str] = set()
    r.use(np.head, *np.dets)
    for m in np.mods:
        if isinstance(m, PP) and m.prep == "de" and m.obj is None and [getattr(v, "lemma", "") for v in m.verb] == [
                "antecipar"]:
            r.use(*m.preps, *m.verb)
            out.add("antecipar")
        else:
            raise NotUnderstood("actions of which type?", np.node)
    for a in np.post:
        if isinstance(a, Lexeme) and a.lemma in ACTION_TYPE_OF_WORD:
            r.use(a)
            out.add(ACTION_TYPE_OF_WORD[a.lemma])
        else:
            raise NotUnderstood("actions of which type?", np.node)
    if not out:
        raise NotUnderstood("actions of which type?", np.node)
    return out


def _besides(b: Build, obj: NP | None) -> tuple[Filter, ...]:
    """"não pode usar nenhuma ação além da escolhida": every action but those (an action filter ``one_of ne``)."""
    pp = b.roles.pp("besides")
    if pp is None or pp.obj is None or obj is None or not obj.det("nenhum"):
        return ()
    b.r.use(*pp.preps)
    allowed = things(pp.obj, b.r)
    if allowed.kind is not Kind.ACTION and allowed.ref is None:
        raise NotUnderstood("no action besides what?", pp.obj.node)
    return (Filter("one_of", "ne", allowed),)


def _users_of(who: Selector, b: Build) -> Selector | None:
    """Who cannot use actions (4.6.2 D): a character (or what a selector of characters stands for); players using
    actions are their characters using them -- "os jogadores": every character (no subject), "seus oponentes":
    the characters they control."""
    if who.kind is not Kind.PLAYER:
        return who
    if who.ref is Ref.EVERY_PLAYER and not who.filters and who.excluding is None:
        return None
    if who.ref in (Ref.YOU, Ref.OPPONENT) and not who.filters:
        return Selector(kind=Kind.CHARACTER, every=True, text=who.text,
                        filters=(Filter("controller", "eq", who.ref.value),))
    raise NotUnderstood("the actions of which player's characters?", b.roles.clause)


def _only_those_actions(b: Build, user: Selector, filters: tuple[Filter, ...]) -> Built:
    """"<jogador> só pode usar ações de personagens que <...>" (4.6.2 D: a prohibition on using actions): the
    actions of every other character cannot be used by that player's characters (the players using actions are
    their characters using them) -- a ``Restrict`` use_action on actions whose user is not one the phrase
    describes. Only the actions' users may be said (no other filter on the actions)."""
    users = [f.value for f in filters if f.field == "user" and f.op == "eq" and isinstance(f.value, Selector)]
    if len(users) != 1 or len(filters) != 1 or users[0].ref is not None or users[0].kind is not Kind.CHARACTER:
        raise NotUnderstood("may use only which actions?", b.roles.clause)
    others = Selector(kind=Kind.CHARACTER, every=True, excluding=replace(users[0], every=True), text=b.text)
    d = _static_duration(b)
    return Built([_during(b, Restrict(what="use_action", subject=_users_of(user, b),
                                      action_filters=(Filter("user", "eq", others),), duration=d, text=b.text))],
                 _kind(d))


def _only_in_subject(b: Build) -> Lexeme | None:
    """"*Apenas* personagens que ... podem usar ...": an adverb of exclusion before the subject."""
    for c in b.roles.subject:
        if isinstance(c, Other) and c.kind == "adv" and len(c.nodes) == 1 and isinstance(c.nodes[0], Lexeme) \
                and c.nodes[0].lemma in ONLY:
            return c.nodes[0]
    return None


def _only_they_use(b: Build, only: Lexeme, user: Selector, obj: NP) -> Built:
    """"Apenas personagens que tenham {TE} podem usar ações de {GE}": every other character cannot use those actions
    (4.6.2 D: a prohibition on using actions) -- the characters the subject describes are excluded from it."""
    b.r.use(only)
    filters = _actions(obj, b)
    d = _static_duration(b)
    others = Selector(kind=Kind.CHARACTER, every=True, excluding=replace(user, every=True), text=b.text)
    return Built([Restrict(what="use_action", subject=others, action_filters=filters, duration=d, text=b.text)],
                 _kind(d))


def _use(b: Build) -> Built | None:
    v = b.verb
    r = b.r
    user = b.subject()
    obj = b.roles.np("action")
    if v.negated and obj is not None and obj.more_than and b.adjuncts.per_turn:
        return _use_limit(b, user, obj)
    if v.negated:
        if obj is not None and obj.det("mais") and obj.lemma == "ação" and plural(obj) and len(obj.dets) == 1 \
                and not obj.mods and b.adjuncts.duration is not None:
            r.use(*obj.dets)                 # "não pode usar mais ações neste turno": none from now on
            obj.dets = []
        filters = _actions(obj, b) + _having_as_target(b) + _besides(b, obj)
        if obj is not None and obj.det("nenhum"):
            r.use(*obj.dets)
        d = _static_duration(b)
        if user.ref is None and b.adjuncts.entered_turn:      # "não podem usar ações nos turnos em que entraram em
            user = replace(user, filters=(*user.filters, Filter("entered_this_turn", "eq", "true")))   # cena":
            # even with Prontidão (4.6.2 C.1; golden rule B: the prevention wins)
        return Built([_during(b, Restrict(what="use_action", subject=_users_of(user, b), action_filters=filters,
                                          duration=d, text=b.text))], _kind(d))
    if v.modal != "pode":
        return None
    if obj is None:
        raise NotUnderstood("may use what?", b.roles.clause, b.roles.describe())
    if obj.lemma == "efeito" and obj.det("todo"):              # "todos os efeitos da ação X, ao invés de apenas um"
        return _all_modes(b, user, obj)
    waived = _carried_without_powers(b, user, obj)
    if waived is not None:
        return waived
    only = _only_in_subject(b)
    if only is not None and user.ref is None and user.kind is Kind.CHARACTER and not v.only:
        return _only_they_use(b, only, user, obj)
    as_if = next((c for c in b.roles.extra if isinstance(c, Rel)
                  and [getattr(m, "lemma", "") for m in c.markers] == ["como", "se"]), None)
    if as_if is not None and obj.det("seu"):   # "pode usar suas ações como se fossem ações de antecipar"
        b.roles.extra.remove(as_if)
        return _use_as_if(b, user, obj, as_if)
    if as_if is not None and obj.lemma == "ação" and not obj.dets and not obj.mods and not obj.quantity:
        b.roles.extra.remove(as_if)            # "pode usar ações como se fosse um personagem chamado X"
        return _use_as_character(b, user, obj, as_if)
    only_by = _only_usable_by(obj)
    if only_by is not None and as_if is None:  # "pode usar ações que só poderiam ser usadas por personagens com X"
        return _use_as_those(b, user, obj, only_by)
    again = next((c for c in b.roles.extra if isinstance(c, NP) and c.lemma == "vez" and c.det("outro")), None)
    if obj.det("este") and obj.lemma == "ação" and again is None:
        raise NotUnderstood("use this action when?", obj.node)
    if again is not None:                                      # "esta ação / aquela ação / a ação X outra vez"
        return _use_again(b, user, obj, again)
    more = next((c for c in b.roles.extra if isinstance(c, NP) and c.lemma == "vez" and c.more_than), None)
    if more is not None:                                       # "... mais de uma vez por turno"
        return _more_than_once(b, user, obj, more)
    if obj.det("mais"):                                        # "mais uma ação [de {AG}]"
        r.use(*(d for d in obj.dets if d.lemma == "mais"))
        obj.dets = [d for d in obj.dets if d.lemma != "mais"]
        free = _without_paying(b)
        new_name = _named_unlike_used(b, user, obj)
        filters = (*_actions(obj, b), *new_name)
        target = _granted_target(b)
        ready = _even_if_entered(b)
        d = b.adjuncts.duration or Duration.INSTANT
        return Built([ExtraAction(who=user, action_filters=filters, duration=d, free=free, target=target,
                                  ready=ready, text=b.text)])
    if _other_actions(obj) and b.adjuncts.duration is not None:      # "até duas outras ações de {VO} neste turno"
        return _more_actions(b, user, obj)
    if b.adjuncts.per_turn and (obj.quantity or obj.up_to):           # "até duas ações de {LA} ... em cada turno"
        return _actions_per_turn(b, user, obj)
    filters = _actions(obj, b)
    as_type = _as_action_type(b)
    if as_type is not None:                     # "podem usar ações de {GE} como se fossem ações de antecipar"
        return _used_as(b, user, filters, as_type)
    if v.only:                                 # "cada jogador só pode usar ações de personagens que ..."
        return _only_those_actions(b, user, filters)
    if b.adjuncts.entered_turn:                                         # Prontidão: "... no turno em que ele entrou
        if user.ref is not Ref.THIS_CHARACTER:                          # em cena" (4.6.2 C.1)
            raise NotUnderstood("ready: which character?", b.roles.clause)
        if obj.lemma == "ação" and not obj.dets and not filters:
            return _rule("ready", "all", b)
        return _rule("ready", "actions", b, actions=filters)
    d = _static_duration(b)
    carrier = any(f.field == "carrying" and isinstance(f.value, Selector) and f.value.ref is Ref.THIS_CARD
                  for f in user.filters)
    if carrier and filters == (Filter("holder", "eq", THIS_CARD),) and d is Duration.WHILE_IN_PLACE:
        # "O personagem que estiver carregando este card pode usar a ação deste card" (Interligar, 4.4.2.3)
        return _rule("use_carried_action", "this_card", b)
    if b.r.in_action and user.ref is Ref.THIS_CHARACTER and d is Duration.END_OF_TURN and filters:
        # 4.6.2 C.4: an action's user has used an action this turn -- this one --, so "este personagem pode usar a
        # ação daquele card neste turno", said by the action, is the effect that lets it use one more: that one
        return Built([ExtraAction(who=user, action_filters=filters, duration=d, text=b.text)])
    return Built([Allow(what="use_action", subject=user, action_filters=filters, duration=d, text=b.text)],
                 _kind(d))


def _as_action_type(b: Build) -> set[str] | None:
    """"... como se fosse(m) uma ação Imprevista / ações de antecipar", "... como ações de antecipar": the types the
    actions are used as (None: no such phrase)."""
    from cardscript.compiler.semantics.clauses import roles_of
    from cardscript.compiler.semantics.syntax import Rel

    for c in list(b.roles.extra):
        pred: NP | None = None
        if isinstance(c, Rel) and [m.lemma for m in c.markers if isinstance(m, Lexeme)] == ["como", "se"] \
                and c.lemma == "ser":
            inner = roles_of(c.clause, list(c.args))
            pred = inner.np("predicate")
            used = [*c.markers, *analyse(c.clause).words]
        elif isinstance(c, PP) and c.prep == "como":
            pred = c.obj
            used = list(c.preps)
        if pred is None or pred.lemma != "ação":
            continue
        types = _types_of(pred, b)
        if not types:
            continue
        b.r.use(*used, pred.head, *pred.dets)
        b.roles.extra.remove(c)
        return types
    return None


def _used_as(b: Build, user: Selector, filters: tuple[Filter, ...], types: set[str]) -> Built:
    """"<personagens> podem usar <ações> como se fossem ações de antecipar": those characters' matching actions
    are of those types too (4.6.2 C.5) -- a ChangeAction on the actions they use. A player's "você pode usar ...
    como se fosse ..." is using an action now, not a static: not read here."""
    if user.kind is Kind.PLAYER:
        raise NotUnderstood("use an action now as another type", b.roles.clause)
    actions = Selector(kind=Kind.ACTION, filters=(*filters, Filter("user", "eq", user)), every=True,
                       text=b.text)
    d = _static_duration(b)
    return Built([ChangeAction(actions=actions, anticipate="antecipar" in types, unforeseen="imprevista" in types,
                               duration=d, text=b.text)], _kind(d))


def _more_than_once(b: Build, user: Selector, obj: NP, more: NP) -> Built:
    """"<who> pode usar ações chamadas X mais de uma vez por turno" (4.6.2 C.4: each use after the first needs an
    effect allowing it): those actions as many times as its stages pay for, each turn."""
    one = more.quantity or [d for d in more.dets if d.lemma == "um"]
    if len(one) != 1 or not b.adjuncts.per_turn or more.mods:
        raise NotUnderstood("more than how many times, when?", more.node)
    b.r.use(*more.more_than, *more.dets, *more.quantity, more.head)
    b.roles.extra.remove(more)
    filters = _actions(obj, b)
    if not filters:
        raise NotUnderstood("which actions more than once?", obj.node)
    d = _static_duration(b)
    return Built([Allow(what="actions_per_turn", subject=user, unlimited=True, action_filters=filters, duration=d,
                        text=b.text)], _kind(d))


def _other_actions(obj: NP) -> bool:
    """"duas outras ações", "até duas outras ações de {VO}": a number of actions more than those allowed."""
    return obj.lemma == "ação" and obj.det("outro") and (bool(obj.quantity) or obj.up_to is not None
                                                          or obj.det("um", "dois", "três"))


def _more_actions(b: Build, user: Selector, obj: NP) -> Built:
    """"<who> pode usar [até] duas outras ações de {VO} neste turno [sem pagar seus custos de incapacitação]": that
    many uses more this turn, of matching actions (4.6.2 C.4) -- "até": up to, as every permission is."""
    from cardscript.compiler.semantics.amounts import np_quantity

    q = np_quantity(obj, b.r)
    if q is None or q.x_times or q.fixed < 1:
        raise NotUnderstood("how many other actions?", obj.node)
    b.r.use(*(x for x in obj.dets if x.lemma in ("outro", "um", "dois", "três")))
    obj.dets = [x for x in obj.dets if x.lemma not in ("outro", "um", "dois", "três")]
    obj.quantity = []
    free = _without_paying(b)
    filters = _actions(obj, b)
    d = b.adjuncts.duration or Duration.INSTANT
    return Built([ExtraAction(who=user, amount=q.fixed, action_filters=filters, duration=d, free=free,
                              text=b.text)])


def target_proviso(rel: Rel) -> NP | None:
    """"desde que seu alvo seja <np>" after a grant of one more action: the noun phrase its target must fit
    (None when the relative is not that)."""
    if [getattr(m, "lemma", "") for m in rel.markers] != ["desde", "que"]:
        return None
    v = analyse(rel.clause)
    subj = next((c for c in rel.subject if isinstance(c, NP)), None)
    preds = [a for a in rel.args if isinstance(a, NP)]
    rest = [a for a in rel.args if a not in preds and not _this_turn_pp(a)]
    if v.lemma != "ser" or v.negated or subj is None or subj.lemma != "alvo" or not subj.det("seu") or subj.mods \
            or len(preds) != 1 or rest:
        return None
    return preds[0]


def _this_turn_pp(c: object) -> bool:
    """"neste turno" (a PP of "este turno" and nothing more)."""
    return isinstance(c, PP) and c.prep == "em" and c.obj is not None and c.obj.lemma == "turno" \
        and c.obj.det("este") and not c.obj.mods and not c.obj.pre


def _granted_target(b: Build) -> Selector | None:
    """"..., desde que seu alvo seja um personagem que ...": the use granted may only target such a card (4.6.2 C.4,
    F: its targets are chosen among those)."""
    rel = next((c for c in b.roles.extra if isinstance(c, Rel) and target_proviso(c) is not None), None)
    if rel is None:
        return None
    pred = target_proviso(rel)
    subj = next(c for c in rel.subject if isinstance(c, NP))
    assert pred is not None
    b.r.use(*rel.markers, *analyse(rel.clause).words, subj.head, *subj.dets)
    b.roles.extra.remove(rel)
    target = things(pred, b.r)
    if target.ref is not None or target.kind not in (Kind.CHARACTER, Kind.SUPPORT, Kind.CARD):
        raise NotUnderstood("its target must be what?", pred.node)
    times = [a for a in rel.args if _this_turn_pp(a)]
    if times and not any(f.field == "targeted_this_turn" for f in target.filters):
        raise NotUnderstood("its target is that when?", rel.clause)
    for a in times:                                 # "... que não tenha sido alvo de ações X neste turno": the
        assert isinstance(a, PP) and a.obj is not None      # record's time, this turn
        b.r.use(*a.preps, a.obj.head, *a.obj.dets)
    return target


def _even_if_entered(b: Build) -> bool:
    """"... mesmo que ele tenha entrado em cena neste turno": the use granted may be made by a character that
    entered the scene this turn -- 4.6.2 C.1 waived for it (a concessive clause, "mesmo que")."""
    from cardscript.compiler.semantics.syntax import constituent_leaves

    rel = next((c for c in b.roles.extra if isinstance(c, Rel)
                and [getattr(m, "lemma", "") for m in c.markers] == ["mesmo", "que"]), None)
    if rel is None:
        return False
    v = analyse(rel.clause)
    subj = next((c for c in rel.subject if isinstance(c, NP)), None)
    where = [a for a in rel.args if isinstance(a, PP) and a.obj is not None and a.obj.lemma == "cena"]
    times = [a for a in rel.args if _this_turn_pp(a)]
    if v.lemma != "entrar" or v.negated or subj is None or not isinstance(subj.head, Lexeme) \
            or subj.head.cls != "PRON" or len(where) != 1 or len(times) != 1 or len(rel.args) != 2:
        raise NotUnderstood("even if what?", rel.clause)
    b.r.use(*rel.markers, *v.words, subj.head, *subj.dets)
    for a in rel.args:
        b.r.use_all(constituent_leaves(a))
    b.roles.extra.remove(rel)
    return True


def _named_unlike_used(b: Build, user: Selector, obj: NP) -> tuple[Filter, ...]:
    """"mais uma ação de nome diferente das que ele já usou naquele mesmo turno" (4.6.2 C.4): a grant of an action
    whose name is none of the names of the actions its user used this turn (the turn's record of uses, read when
    the grant is used) -- "ele" must be the grant's user, the time this turn. () when the phrase is not there."""
    from cardscript.compiler.semantics.times import when_of

    r = b.r
    pp = next((m for m in obj.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None
               and m.obj.lemma == "nome" and m.obj.adj("diferente")), None)
    if pp is None or pp.obj is None:
        return ()
    name = pp.obj
    of = name.mods[0] if len(name.mods) == 1 else None
    those = of.obj if isinstance(of, PP) and of.prep == "de" else None
    rel = those.mods[0] if those is not None and len(those.mods) == 1 else None
    if not isinstance(rel, Rel) or those is None or not isinstance(those.head, Lexeme) \
            or those.head.lemma not in ("as", "os") or name.dets or name.pre:
        raise NotUnderstood("a name different from which?", name.node)
    v = analyse(rel.clause)
    subj = next((c for c in rel.subject if isinstance(c, NP)), None)
    when = rel.args[0] if len(rel.args) == 1 and isinstance(rel.args[0], PP) else None
    if v.lemma != "usar" or not v.past or v.negated or subj is None or when is None or when.prep != "em" \
            or when.obj is None or when.obj.lemma != "turno":
        raise NotUnderstood("a name different from the actions used by whom, when?", rel.clause)
    who = things(subj, r)
    if who.ref is None or (who.ref, who.slot, who.index) != (user.ref, user.slot, user.index):
        raise NotUnderstood("different from the actions another one used", subj.node)
    same_turn = when.obj.det("aquele") and [a.lemma for a in when.obj.pre] == ["mesmo"] and bool(r.event_kind)
    if not same_turn and not when_of(when.obj, r).this_turn:
        raise NotUnderstood("the actions used in which turn?", when.obj.node)
    assert isinstance(of, PP)
    r.use(*pp.preps, name.head, *name.post, *of.preps, those.head, *rel.markers, *v.words, *when.preps,
          when.obj.head, *when.obj.dets, *when.obj.pre)
    obj.mods.remove(pp)
    return (Filter("name_used_by_user", "ne", "true"),)


def _without_paying(b: Build) -> bool:
    """"... sem pagar seu custo de incapacitação" / "seus custos de incapacitação" / "o custo de incapacitação
    daquela ação" after a grant of more actions: the uses granted pay no incapacitation cost (4.6.2 E.1; their
    other costs are paid)."""
    pp = next((c for c in b.roles.extra if isinstance(c, PP) and c.prep == "sem"
               and [getattr(w, "lemma", "") for w in c.verb] == ["pagar"]), None)
    if pp is None:
        return False
    cost = pp.args[0] if len(pp.args) == 1 else None
    if not isinstance(cost, NP) or cost.lemma != "custo" or not cost.det("seu", "o"):
        raise NotUnderstood("without paying what?", pp.preps[0])
    of = [m for m in cost.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None]
    kind = next((m for m in of if m.obj is not None and m.obj.lemma == "incapacitação" and not m.obj.dets), None)
    rest = [m for m in cost.mods if m is not kind] + (list(kind.obj.mods) if kind is not None and kind.obj is not None
                                                       else [])
    ok_rest = all(isinstance(m, PP) and m.prep == "de" and m.obj is not None and m.obj.lemma == "ação"
                  and m.obj.det("aquele") and not m.obj.mods for m in rest)
    if kind is None or kind.obj is None or not ok_rest or len(rest) > 1:
        raise NotUnderstood("without paying which cost?", pp.preps[0])
    b.r.use(*pp.own_leaves, cost.head, *cost.dets, *kind.preps, kind.obj.head)
    for m in rest:                                     # "daquela ação": the action granted
        assert isinstance(m, PP) and m.obj is not None
        b.r.use(*m.preps, m.obj.head, *m.obj.dets)
    b.roles.extra.remove(pp)
    return True


def _use_again(b: Build, user: Selector, obj: NP, again: NP) -> Built:
    """"<who> pode usar esta ação / aquela ação / a ação X outra vez [neste turno]": one more use this turn, of
    that action only (4.6.2 C.4) -- this action, the one a reference names (the event's), or those named."""
    r = b.r
    r.use(again.head, *again.dets)
    b.roles.extra.remove(again)
    d = b.adjuncts.duration or Duration.INSTANT
    if obj.lemma == "ação" and obj.det("este") and not obj.mods:
        r.use(obj.head, *obj.dets)
        return Built([ExtraAction(who=user, same_action=True, duration=d, text=b.text)])
    sel = things(obj, r)
    if sel.ref is not None and sel.ref is not Ref.THIS_ACTION:
        if sel.kind is not Kind.ACTION:
            raise NotUnderstood("use which action again?", obj.node)
        return Built([ExtraAction(who=user, again=sel, duration=d, text=b.text)])
    filters = _actions(obj, b)
    if not any(f.field == "name" for f in filters):
        raise NotUnderstood("use which action again?", obj.node)
    return Built([ExtraAction(who=user, action_filters=filters, duration=d, text=b.text)])


def action_filters(np: NP | None, b: Build) -> tuple[Filter, ...]:
    """The action filters a phrase naming actions gives (see ``_actions``), for the other builders."""
    return _actions(np, b)


def _actions_per_turn(b: Build, user: Selector, obj: NP) -> Built:
    """"pode usar até duas ações de {LA} de nomes diferentes em cada turno" (4.6.2 C.4)."""
    from cardscript.compiler.semantics.amounts import np_quantity

    q = np_quantity(obj, b.r)
    if q is None or q.x_times:
        raise NotUnderstood("how many actions per turn?", obj.node)
    distinct = False
    for m in list(obj.mods):
        if isinstance(m, PP) and m.prep == "de" and m.obj is not None and m.obj.lemma == "nome" \
                and m.obj.adj("diferente"):
            b.r.use(*m.preps, m.obj.head, *m.obj.post)
            obj.mods.remove(m)
            distinct = True
    filters = _actions(obj, b)
    d = _static_duration(b)
    return Built([Allow(what="actions_per_turn", subject=user, amount=q.fixed, action_filters=filters,
                        distinct_names=distinct, duration=d, text=b.text)], _kind(d))


def _having_as_target(b: Build) -> tuple[Filter, ...]:
    """"... tendo como alvo um personagem com X": only uses of the action with such a target."""
    having = having_as_target(b)
    return (Filter("targets", "has", having[0]),) if having is not None else ()


def having_as_target(b: Build) -> tuple[Selector, NP] | None:
    """"tendo como alvo <np>" among a clause's complements (the gerund of "ter"): the target, and its phrase."""
    extra = b.roles.extra
    for i, c in enumerate(extra):
        if isinstance(c, Other) and c.kind in ("gerund", "lit") and any(
                isinstance(x, Lexeme) and (x.lemma == "ter" or x.word == "tendo") for x in c.nodes):
            rest = extra[i + 1:i + 3]
            as_ = next((x for x in rest if isinstance(x, PP) and x.prep == "como" and x.obj is not None
                        and x.obj.lemma == "alvo"), None)
            target = next((x for x in rest if isinstance(x, NP)), None)
            if as_ is None or target is None or as_.obj is None:
                raise NotUnderstood("having what as a target?", c.nodes[0])
            b.r.use(*c.nodes, *as_.preps, *as_.obj.own_leaves)
            sel = things(target, b.r)
            for x in (c, as_, target):
                extra.remove(x)
            return sel, target
    return None


def _use_limit(b: Build, user: Selector, obj: NP) -> Built:
    """"Este personagem não pode usar mais de uma ação chamada X por turno" (Ação Única), "Um jogador não pode usar
    mais de uma ação com Singularidade por turno" (Singularidade): use limits, as rules (rules 7)."""
    r = b.r
    one = obj.quantity or [d for d in obj.dets if d.lemma == "um"]
    r.use(*obj.more_than, *obj.dets, obj.head)
    if len(one) != 1:
        raise NotUnderstood("more than how many?", obj.node)
    actions = things(obj, r)
    names = [f.value for f in actions.filters if f.field == "name" and isinstance(f.value, str)]
    keywords = [f.value for f in actions.filters if f.field == "keyword" and isinstance(f.value, str)]
    if user.kind is Kind.PLAYER and keywords and len(actions.filters) == 1:
        return _rule("once_per_player", keywords[0], b)
    if user.ref is Ref.THIS_CHARACTER and names and len(actions.filters) == 1:
        return _rule("use_once_by_name", names[0], b)
    if user.kind is Kind.PLAYER and user.ref in (None, Ref.EVERY_PLAYER) and names and len(actions.filters) == 1:
        d = _static_duration(b)                  # "Um jogador não pode usar mais de uma ação chamada X por turno":
        return Built([Restrict(what="use_once_per_player", action_filters=actions.filters, duration=d,   # each
                               text=b.text)], _kind(d))                                                 # player
    raise NotUnderstood("a use limit on which actions?", obj.node)


# ---------------------------------------------------------------------------------------------
# ser: "não pode ser alvo de ...", "é uma ação Imprevista", "são heróis além de ...", passives


def _be(b: Build) -> Built | None:
    v = b.verb
    r = b.r
    if v.passive:
        return _passive(b)
    pred = b.roles.np("predicate")
    if b.roles.subject_np is not None and b.roles.subject_np.lemma == "requisito" and pred is not None:
        return _evolution_requirement(b, b.roles.subject_np, pred)
    if pred is None:
        return _shield_equal_to(b)
    if pred.lemma == "alvo":                                          # "não pode ser alvo de ações de {TE}"
        subject = b.subject()
        r.use(pred.head, *pred.dets)
        action: NP | None = None
        for m in pred.mods:
            if isinstance(m, PP) and m.prep == "de" and m.obj is not None:
                r.use(*m.preps)
                action = m.obj
        if not v.negated and not v.only:
            return None
        first = action is not None and action.adj("primeiro")
        by_ref = _first_used_by(action, b) if first and action is not None else None
        filters = _actions(action, b)
        if first:
            r.use(*(a for a in action.pre if a.lemma == "primeiro"))  # type: ignore[union-attr]
            _ = b.adjuncts.per_turn                                   # "... em cada turno": the first of each turn
        d = _static_duration(b)
        if v.only:                                                    # "só pode ser alvo das ações de X"
            return Built([Restrict(what="be_target_except", subject=subject, action_filters=filters, duration=d,
                                   text=b.text)], _kind(d))
        if not v.negated:
            return None
        return Built([Restrict(what="be_target", subject=subject, action_filters=filters, first_per_turn=first,
                               by_ref=by_ref, duration=d, text=b.text)], _kind(d))
    if pred.lemma in ALIGNMENT_OF_WORD and b.static:                  # "são heróis além de seus outros alinhamentos"
        targets = b.subject()
        r.use(pred.head, *pred.dets)
        if not b.roles.get("besides"):
            raise NotUnderstood("are heroes instead of their alignments?", pred.node)
        _ = b.adjuncts
        return Built([Gain(targets=targets, alignments=(ALIGNMENT_OF_WORD[pred.lemma],),
                           duration=Duration.WHILE_IN_PLACE, text=b.text)], EffectKind.STATIC)
    if pred.lemma == "ação":                                          # "a ação X é uma ação Imprevista"
        return _action_types(b, pred)
    cost = b.roles.subject_np
    if cost is not None and cost.lemma == "custo" and isinstance(pred.head, Icon) and pred.head.code.isdigit() \
            and not pred.dets and not pred.mods and not v.negated and b.static:
        return _cost_of_those_used_this_way(b, pred)
    return None


USED_THIS_WAY = Filter("used_this_way", "eq", "true")
"""A placeholder action filter: "cada ação usada dessa forma" -- the actions the permanent text's previous
statement lets be used as another type (``effects.fold_used_this_way`` replaces it)."""


def _cost_of_those_used_this_way(b: Build, pred: NP) -> Built:
    """"O custo de incapacitação [de] cada ação usada dessa forma será {2}" (4.6.2 E.1, 8 A): the actions used the
    way the sentence before allows ("pode usar ações de {AD} como ações de antecipar") have that cost -- a SetCost
    whose actions the paragraph's fold names (``USED_THIS_WAY``)."""
    r = b.r
    cost, *rest = [c for c in b.roles.subject if isinstance(c, NP)]
    of = [m for m in cost.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None]
    kind = [m for m in of if m.obj is not None and m.obj.lemma == "incapacitação"]
    inner = [x for m in kind if m.obj is not None for x in m.obj.mods]          # "de incapacitação de cada ação"
    of_inner = [x for x in inner if isinstance(x, PP) and x.prep == "de" and x.obj is not None]
    actions = [m.obj for m in (*of, *of_inner) if m not in kind] + rest
    if len(actions) != 1 or len(of_inner) != len(inner) or len(b.roles.subject) != 1 + len(rest) \
            or len(cost.mods) != len(of):
        raise NotUnderstood("the cost of which actions?", b.roles.clause)
    act = actions[0]
    assert act is not None
    p = act.participle
    way = [m for m in act.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None
           and m.obj.lemma == "forma" and m.obj.det("este", "esse") and not m.obj.mods]
    if act.lemma != "ação" or p is None or p.lemma != "usar" or len(way) != 1 or len(act.mods) != 1 \
            or [d.lemma for d in act.dets] != ["cada"] or act.pre or act.post:
        raise NotUnderstood("the cost of which actions?", act.node)
    r.use(cost.head, *cost.dets, *(x for m in (*of, *of_inner) for x in m.preps),
          *(m.obj.head for m in kind if m.obj is not None),
          act.head, *act.dets, p, *way[0].preps, *way[0].obj.own_leaves, pred.head)     # type: ignore[union-attr]
    assert isinstance(pred.head, Icon)
    return Built([SetCost(value=int(pred.head.code), action_filters=(USED_THIS_WAY,), text=b.text)],
                 EffectKind.STATIC)


def _evolution_requirement(b: Build, subject: NP, pred: NP) -> Built:
    """"O requisito para você colocar em cena um Personagem-EV chamado X será Qualquer personagem ao invés de
    Personagem não vilão" (4.4.2.2 A.2a): a static setting the Evolução requirement of those EV cards when you put
    them into the scene (``SetEvolution``); "ao invés de <panel>" names the printed one it replaces."""
    from cardscript.compiler.semantics.syntax import constituent_leaves

    r = b.r
    purpose = next((c for c in b.roles.extra if isinstance(c, PP) and c.prep == "para" and c.verb), None)
    verbs = [x for x in purpose.verb if isinstance(x, Lexeme)] if purpose is not None else []
    objs = [a for a in purpose.args if isinstance(a, NP)] if purpose is not None else []
    where = [a for a in purpose.args if isinstance(a, PP)] if purpose is not None else []
    who = players(purpose.subject, r) if purpose is not None and isinstance(purpose.subject, NP) else None
    if purpose is None or [v.lemma for v in verbs] != ["colocar"] or len(objs) != 1 or len(where) != 1 \
            or where[0].obj is None or where[0].obj.lemma != "cena" or who is None or who.ref is not Ref.YOU \
            or not b.static or subject.mods or not pred.det("qualquer") or pred.lemma != "personagem":
        raise NotUnderstood("the requirement to put what into the scene becomes what?", b.roles.clause)
    cards = _ev_cards(objs[0], r)
    instead = [x for c in b.roles.get("instead") for x in constituent_leaves(c)]
    if not any(isinstance(x, Lexeme) and x.lemma in ("invés", "inves") for x in instead):
        raise NotUnderstood("the requirement instead of what?", b.roles.clause)
    r.use(subject.head, *subject.dets, *purpose.preps, *verbs, *constituent_leaves(where[0]), pred.head, *pred.dets)
    r.use_all(instead)
    b.roles.extra.remove(purpose)
    b.roles.filled.pop("instead", None)
    requirement = Selector(kind=Kind.CHARACTER, text=render(pred.node))
    return Built([SetEvolution(cards=cards, requirement=requirement, text=b.text)],
                 EffectKind.STATIC)


def _ev_cards(np: NP, r: Reading) -> Selector:
    """"um Personagem-EV chamado X" (the card type written as a name): the EV character cards named X."""
    from cardscript.compiler.ast import Name

    head = np.head
    named = [m for m in np.mods if isinstance(m, NP) and isinstance(m.head, Name)]
    if not isinstance(head, Name) or fold_key(head.text) != fold_key("Personagem-EV") or len(named) != 1 \
            or np.participle is None or np.participle.lemma != "chamar" or len(np.mods) != 1:
        raise NotUnderstood("the Evolução requirement of which cards?", np.node)
    name = named[0].head
    assert isinstance(name, Name)
    r.use(head, *np.dets, np.participle, name)
    return Selector(kind=Kind.CHARACTER, filters=(Filter("card_type", "eq", "Personagem-EV"),
                                                  Filter("name", "eq", name.text)), every=True, text=render(np.node))


def _first_used_by(action: NP, b: Build) -> Ref | None:
    """"a primeira ação com alvo *que for usada por um oponente* em cada turno" (4.6.2 F.2.2): the first one that
    player uses -- the relative names whose first action it is (read here, not as a filter on the actions)."""
    from cardscript.compiler.semantics.nouns import players
    from cardscript.compiler.semantics.verbs import analyse

    hosts = [action, *(m.obj for m in action.mods if isinstance(m, PP) and m.prep == "com" and m.obj is not None
                       and m.obj.lemma == "alvo")]                 # "ação com alvo que for usada": the action's
    for host, m in [(h, m) for h in hosts for m in list(h.mods)]:
        if not isinstance(m, Rel):
            continue
        v = analyse(m.clause)
        agent = next((a for a in m.args if isinstance(a, PP) and a.prep == "por" and a.obj is not None), None)
        if v.lemma != "usar" or not v.passive or v.negated or agent is None or agent.obj is None \
                or len(m.args) != 1:
            continue
        who = players(agent.obj, b.r)
        if who.ref is not Ref.OPPONENT:
            raise NotUnderstood("the first action used by whom?", agent.obj.node)
        b.r.use(*m.markers, *v.words, *agent.preps)
        host.mods.remove(m)
        return Ref.OPPONENT
    return None


def _action_types(b: Build, pred: NP) -> Built:
    r = b.r
    subject_np = b.roles.subject_np
    left_out = b.subject() if subject_np is None and r.subject_stack else None
    if subject_np is None and (left_out is None or left_out.kind is not Kind.ACTION):
        raise NotUnderstood("which action?", b.roles.clause)   # "As ações de X ganham Y e são ações de antecipar"
    actions = left_out if left_out is not None else things(subject_np, r)   # type: ignore[arg-type]
    r.use(pred.head, *pred.dets)
    types = _types_of(pred, b)
    d = _static_duration(b)
    name = ""
    if actions.ref is Ref.THIS_ACTION:
        name = r.card.action_name
    else:
        names = [f.value for f in actions.filters if f.field == "name" and isinstance(f.value, str)]
        if len(names) == 1 and not [f for f in actions.filters if f.field != "name"]:
            name = names[0]
    return Built([ChangeAction(action=name, actions=None if name else actions, anticipate="antecipar" in types,
                               unforeseen="imprevista" in types, duration=d, text=b.text)], _kind(d))


def _types_of(np: NP, b: Build) -> set[str]:
    """"uma ação de Antecipar", "ações imprevistas", "uma ação de Antecipar e Imprevista"."""
    out: set[str] = set()
    for x in [*np.post, *(leaf for m in np.mods for leaf in _mod_leaves(m))]:
        if isinstance(x, Lexeme) and x.lemma in ACTION_TYPE_OF_WORD:
            b.r.use(x)
            out.add(ACTION_TYPE_OF_WORD[x.lemma])
        elif isinstance(x, Lexeme) and x.lemma in ("e", "de") or isinstance(x, Lexeme) and x.cls == "PREP":
            b.r.use(x)
    for conj, other in np.coords:
        b.r.use_all(conj)
        out |= _types_of(other, b) if isinstance(other, NP) else set()
    if not out:
        raise NotUnderstood("an action of which type?", np.node)
    return out


def _mod_leaves(m: object) -> list[object]:
    from cardscript.compiler.semantics.syntax import constituent_leaves

    return list(constituent_leaves(m))  # type: ignore[arg-type]


def _clairvoyance_pp(b: Build) -> PP | None:
    pp = b.roles.pp("because")
    if pp is None or pp.keyword is None or fold_key(pp.keyword.lemma) != "clarividencia":
        return None
    return pp


def _because_of_clairvoyance(b: Build) -> PP | None:
    """"devido à Clarividência": the keyword's own procedure, in an action that has it."""
    pp = _clairvoyance_pp(b)
    return pp if b.r.in_action else None


def _taken_from_aside(b: Build) -> Built:
    """"Toda vez que você revelar ... com a Clarividência de uma ação ..., coloque um daqueles cards em cena. Aquele
    card não será colocado no topo de seu deck devido à Clarividência": the card the trigger took from those the
    keyword set aside is no longer among them, and the keyword's end returns only the cards still set aside (rules
    7, Clarividência: "devolva aqueles cards"; the engine's return takes them from the set-aside pile) -- the
    sentence says what already follows, no procedure of its own. Only for a card the trigger's effect moved."""
    r = b.r
    pp = _clairvoyance_pp(b)
    dest = b.optional_np("destination")
    subj = b.roles.subject_np
    deck = next((m for m in dest.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None
                 and m.obj.lemma == "deck" and m.obj.det("seu") and not m.obj.mods), None) if dest is not None else None
    if pp is None or dest is None or dest.lemma != "topo" or deck is None or deck.obj is None or len(dest.mods) != 1 \
            or subj is None or not _anaphor_of_cards(subj) or b.adjuncts.duration is not None:
        raise NotUnderstood("not put where, by what?", b.roles.clause)
    moved = things(subj, r)
    if moved.ref is not Ref.SLOT or not moved.slot.startswith("intro:"):
        raise NotUnderstood("which card is not put back?", subj.node)
    r.use(subj.head, *subj.dets, *pp.own_leaves, dest.head, *dest.dets, *deck.preps, deck.obj.head, *deck.obj.dets,
          *(w for w in b.verb.words if w.cls in ("AUX", "VFIN", "VPART", "PREADV", "LIT")))
    return Built([])


def _kept_aside(b: Build) -> Built:
    """"Aqueles cards / ele não será(ão) colocado(s) no topo de seu deck devido à Clarividência" (rules 7,
    Clarividência: "no final do efeito desta ação, devolva aqueles cards ao topo de seu deck"): the cards are no longer
    among those the keyword set aside, and its end procedure leaves them where they are now."""
    r = b.r
    pp = _because_of_clairvoyance(b)
    aside = next((x for x in reversed(r.referents) if x.head == "set_aside" and x.slot), None)
    dest = b.optional_np("destination")
    if pp is None or aside is None or dest is None or dest.lemma != "topo" or b.adjuncts.duration is not None:
        raise NotUnderstood("not put where, by what?", b.roles.clause)
    deck = next((m for m in dest.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None
                 and m.obj.lemma == "deck" and m.obj.det("seu") and not m.obj.mods), None)
    if deck is None or deck.obj is None or len(dest.mods) != 1:
        raise NotUnderstood("not put on the top of which deck?", dest.node)
    subj = b.roles.subject_np
    if subj is None or not _anaphor_of_cards(subj):
        raise NotUnderstood("which cards are not put back?", b.roles.clause)
    r.use(subj.head, *subj.dets, *pp.own_leaves, dest.head, *dest.dets, *deck.preps, deck.obj.head, *deck.obj.dets,
          *(w for w in b.verb.words if w.cls in ("AUX", "VFIN", "VPART", "PREADV", "LIT")))
    return Built([KeepAside(slot=aside.slot, text=b.text)])


def _anaphor_of_cards(np: NP) -> bool:
    """"aqueles cards", "aquele card", "ele": the cards the action just took from the pile (a card still set aside is
    returned by the keyword whatever the text says of it, so these are the ones it moved)."""
    if np.mods or np.coords or np.heads:
        return False
    if isinstance(np.head, Lexeme) and np.head.cls == "PRON" and np.head.lemma in ("ele", "eles"):
        return not np.dets
    return np.lemma == "card" and np.det("aquele") and len(np.dets) == 1


def _during(b: Build, proc: Restrict) -> Restrict:
    """"... não podem ser usadas durante as Fases de Preparação (dos turnos de outros jogadores)": the prohibition
    holds while that phase or step of that player's turn is under way (6.2)."""
    during = b.adjuncts.during
    if during is None:
        return proc
    if not during.phase or during.phase == "current" or during.edge or during.this_turn or during.next_turn \
            or during.each_player:
        raise NotUnderstood("during what?", b.roles.clause)
    whose = Ref.YOU if during.whose is Ref.OWNER else during.whose
    if whose not in (None, Ref.YOU, Ref.OPPONENT):
        raise NotUnderstood("during whose turn?", b.roles.clause)
    return replace(proc, phase=during.phase, whose_turn=whose)


def _more_than_once_per_turn(b: Build) -> bool:
    """"... mais de uma vez por turno" after a prohibition: only a second time in the turn is forbidden (6.2: the
    count starts again each turn). The words are the clause's complements "mais", "de uma vez" and the per-turn
    "por turno"; all used when they are all there."""
    words: list[Lexeme] = []
    for c in b.roles.clause.complements:
        words.extend(w for w in leaves(c) if isinstance(w, Lexeme))
    lemmas = [w.lemma for w in words]
    for i in range(len(lemmas) - 3):
        if lemmas[i:i + 4] == ["mais", "de", "um", "vez"]:
            if not b.adjuncts.per_turn:
                return False
            b.r.use(*words[i:i + 4])
            return True
    return False


def passive_static(b: Build) -> Built | None:
    return _passive(b)


def _passive(b: Build) -> Built | None:
    """"não pode ser capacitado", "só pode ser colocado em cena se ...", "Ações chamadas X não podem ser usadas
    novamente nesta partida", "Cards não podem ser descarregados deste personagem pelo efeito de ações de {TC}"."""
    v = b.verb
    r = b.r
    lemma = v.lemma
    if not (v.negated or v.only):
        return None
    if lemma == "colocar" and v.negated and _because_of_clairvoyance(b) is not None:
        return _kept_aside(b)
    if lemma == "colocar" and v.negated and b.r.event_kind == "reveal" and _clairvoyance_pp(b) is not None:
        return _taken_from_aside(b)
    subject = b.subject()
    d = _static_duration(b)
    if lemma == "capacitar":
        again = _more_than_once_per_turn(b)          # "não podem ser capacitados mais de uma vez por turno"
        return Built([Restrict(what="capacitate_again" if again else "capacitate", subject=subject, duration=d,
                               text=b.text)], _kind(d))
    if lemma == "colocar":
        dest = b.optional_np("destination")
        if dest is None or dest.lemma != "cena":
            raise NotUnderstood("cannot be put where?", b.roles.clause)
        r.use(dest.head)
        return Built([Restrict(what="put_in_scene" if v.negated else "put_in_scene_unless", subject=subject,
                               duration=d, text=b.text)], _kind(d))
    if lemma == "usar" and subject.kind is Kind.ACTION:
        for c in list(b.roles.extra):
            if isinstance(c, PP) and c.prep == "exceto por" and c.obj is not None:
                r.use(*c.preps)                              # "não pode ser usada exceto por personagens que ..."
                allowed = things(c.obj, r)
                b.roles.extra.remove(c)
                everyone = Selector(kind=allowed.kind, every=True, excluding=replace(allowed, every=True))
                return Built([Restrict(what="use_action", subject=everyone, action_filters=_actions_said(subject, b),
                                       duration=d, text=b.text)], _kind(d))
            if isinstance(c, Other) and c.kind == "adv" and any(isinstance(x, Lexeme) and x.lemma == "novamente"
                                                                 for x in c.nodes):
                r.use(*c.nodes)                              # "não podem ser usadas novamente nesta partida"
                b.roles.extra.remove(c)
        return Built([_during(b, Restrict(what="be_used", subject=None, action_filters=_actions_said(subject, b),
                                          duration=d, text=b.text))], _kind(d))
    if lemma == "descarregar":
        origin = b.optional_np("origin")
        if origin is None:
            raise NotUnderstood("cannot be unloaded from what?", b.roles.clause)
        frm = things(origin, r)
        filters: tuple[Filter, ...] = ()
        agent = b.roles.pp("agent")
        if agent is not None and agent.obj is not None:
            r.use(*agent.preps)
            effect = agent.obj
            if effect.lemma != "efeito":
                raise NotUnderstood("unloaded by what?", effect.node)
            r.use(effect.head, *effect.dets)
            of = next((m for m in effect.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
            if of is None or of.obj is None:
                raise NotUnderstood("the effect of what?", effect.node)
            r.use(*of.preps)
            filters = _actions(of.obj, b)
        return Built([Restrict(what="unload_by_effect", subject=frm, action_filters=filters, duration=d,
                               text=b.text)], _kind(d))
    return None


# ---------------------------------------------------------------------------------------------
# tornar-se, custar, ter custo / não ter efeito


def _value_of(np: NP, r: Reading) -> NP:
    """"o valor de Escudo do alvo" is the target's shield (4.8.6: a shield *is* a value): the noun "valor" with
    "de <characteristic>" stands for that characteristic, and its other "de" (whose) goes with it."""
    if np.lemma != "valor":
        return np
    pps = [m for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None]
    if not pps or pps[0].obj is None or pps[0].obj.lemma != "escudo":
        return np
    inner = pps[0].obj
    r.use(np.head, *np.dets, *pps[0].preps)
    rest = [m for m in np.mods if m is not pps[0]]
    return replace(inner, dets=[*np.dets, *inner.dets], mods=[*inner.mods, *rest])


def _shield_equal_to(b: Build) -> Built | None:
    """"O Escudo deste personagem é igual ao número de cards que ele estiver carregando" (4.8.6 A: a new Base
    Shield, while the text works; the count is read each time the shield is, so it follows what it counts). None
    when the clause is not that."""
    r = b.r
    subj = b.roles.subject_np
    words = [w for w in b.verb.words if isinstance(w, Lexeme)]
    pp = next((c for c in b.roles.extra if isinstance(c, PP) and c.prep == "a" and c.obj is not None), None)
    if subj is None or pp is None or pp.obj is None or not b.static or b.verb.negated \
            or [w.lemma for w in words] != ["ser", "igual"]:
        return None
    subj = _value_of(subj, r)
    whose = next((m for m in subj.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    if subj.lemma != "escudo" or whose is None or whose.obj is None:
        return None
    from cardscript.compiler.semantics.xdef import counted

    r.use(subj.head, *subj.dets, *whose.preps, *pp.preps, *words)
    targets = things(whose.obj, r)
    value = Quantity(x_times=1, x=counted(pp.obj, r, render(pp.obj.node)))
    b.roles.extra.remove(pp)
    d = _static_duration(b)
    return Built([SetShield(targets=targets, value=0, value_x=value, duration=d, text=b.text)], _kind(d))


def _become(b: Build) -> Built:
    """"o Escudo de X torna-se N" (4.8.6 A), "aquele dano torna-se 0 / penetrante" (4.8.3 D), "a ação X torna-se
    uma ação de Antecipar"."""
    r = b.r
    subj = b.roles.subject_np
    pred = b.roles.np("predicate")
    if subj is None:
        raise NotUnderstood("what becomes?", b.roles.clause)
    subj = _value_of(subj, r)
    if subj.lemma == "escudo":
        r.use(subj.head, *subj.dets)
        whose = next((m.obj for m in subj.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
        if whose is not None:
            r.use(*next(m for m in subj.mods if isinstance(m, PP)).preps)
            targets = things(whose, r)
        elif subj.det("seu"):
            targets = r.subject_stack[-1] if r.subject_stack else THIS_CHARACTER
        else:
            raise NotUnderstood("whose shield?", subj.node)
        if pred is None or not hasattr(pred.head, "value"):
            raise NotUnderstood("the shield becomes what?", b.roles.clause)
        r.use(pred.head)
        d = _static_duration(b) if b.static or b.adjuncts.duration else Duration.END_OF_TURN
        if d is Duration.UNTIL_NEXT_TURN:
            raise NotUnderstood("a shield set until the next turn (shields last the turn or while in place)",
                                b.roles.clause)
        return Built([SetShield(targets=targets, value=int(getattr(pred.head, "value")), duration=d,  # noqa: B009
                                text=b.text)], _kind(d))
    if subj.lemma == "ação" or subj.cls == "action":
        if pred is None:
            raise NotUnderstood("the action becomes what?", b.roles.clause)
        return _action_types(b, pred)
    raise NotUnderstood(f"'{subj.lemma}' becoming something", subj.node)


def _cost(b: Build) -> Built:
    """"ela custa {0}", "A ação X custa {1} a menos para ser usada [para cada ...]"."""
    r = b.r
    subj = b.roles.subject_np
    value = b.roles.np("value")
    if subj is None or value is None or not isinstance(value.head, Icon) or not value.head.code.isdigit():
        raise NotUnderstood("costs what?", b.roles.clause, b.roles.describe())
    actions = things(subj, r)
    r.use(value.head)
    filters = (Filter("name", "eq", r.card.action_name),) if actions.ref is Ref.THIS_ACTION else actions.filters
    less = b.roles.pp("less")
    d = _static_duration(b)
    if less is not None and less.adv is not None and less.adv.lemma in ("menos", "mais"):
        r.use(*less.preps, less.adv)                 # "custa {1} a menos [para ser usada] [para cada ...]"
        n = int(value.head.code) * (-1 if less.adv.lemma == "menos" else 1)
        per = _to_be_used(b)
        delta = Quantity(x_times=n, x=per) if per is not None else Quantity(fixed=n)
        if actions.next_only and d is Duration.WHILE_IN_PLACE:
            raise NotUnderstood("the next action from when?", b.roles.clause)
        return Built([SetCost(delta=delta, action_filters=filters, duration=d, next_only=actions.next_only,
                              text=b.text)], _kind(d))
    return Built([SetCost(value=int(value.head.code), action_filters=filters, duration=d, text=b.text)], _kind(d))


def _to_be_used(b: Build) -> Count | None:
    """"(custa {1} a menos) para ser usada [para cada ação que o oponente tenha usado neste turno]": the purpose
    restates the cost's (an action's cost is paid to use it, 4.6.2 E); "para cada <x>" counts the change."""
    per: Count | None = None
    for c in list(b.roles.extra):
        if not (isinstance(c, PP) and c.prep == "para"
                and [getattr(w, "lemma", "") for w in c.verb] == ["ser", "usar"]):
            continue
        b.r.use(*c.preps, *c.verb)
        b.roles.extra.remove(c)
        for a in c.args:
            if isinstance(a, PP) and a.prep == "para" and a.obj is not None and a.obj.det("cada") and per is None:
                b.r.use(*a.preps)
                sel = things(a.obj, b.r)
                per = Count(what=replace(sel, every=True), text=b.text)
    return per


def _have(b: Build) -> Built | None:
    """"Todas as ações de X têm custo {2}", "os textos permanentes de X não têm efeito (isso inclui ...)", "aquela
    ação não terá efeito"."""
    r = b.r
    obj = b.roles.np("what")
    subj = b.roles.subject_np
    if obj is None or subj is None:
        return None
    if isinstance(obj.head, Icon) and not obj.dets and not obj.mods and not b.verb.negated and b.static:
        from cardscript.compiler.semantics.procedures import PROCEDURE_BUILDERS

        return PROCEDURE_BUILDERS["gain"](b)             # "o personagem escolhido tem {VO}": has the power while
                                                         # the text works, as if gained (5.4)
    if obj.lemma == "custo" and not b.verb.negated:
        actions = b.subject()                            # kept for "... têm custo {2} e são ações de antecipar"
        r.use(obj.head, *obj.dets)
        codes = [x for x in leaves(obj.node) if isinstance(x, Icon)] + [
            m.head for m in obj.mods if isinstance(m, NP) and isinstance(m.head, Icon)] + [
            x for m in obj.mods if isinstance(m, Other) and m.kind == "value" for n in m.nodes for x in leaves(n)
            if isinstance(x, Icon)]                  # "têm custo {2}": the value after the noun
        if len(codes) != 1 or not isinstance(codes[0], Icon):
            raise NotUnderstood("which cost?", obj.node)
        r.use(codes[0])
        d = _static_duration(b)
        return Built([SetCost(value=int(codes[0].code), action_filters=actions.filters, duration=d, text=b.text)],
                     _kind(d))
    if obj.lemma == "efeito" and b.verb.negated:
        r.use(obj.head, *obj.dets)
        if subj.lemma == "texto":
            r.use(subj.head, *subj.dets, *subj.post)
            whose = next((m.obj for m in subj.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None),
                         None)
            if whose is None:
                raise NotUnderstood("whose texts?", subj.node)
            r.use(*next(m for m in subj.mods if isinstance(m, PP)).preps)
            targets = things(whose, r)
            include = False
            for c in [*b.roles.extra, *obj.mods]:            # "(isso inclui os textos permanentes dos cards que
                if isinstance(c, Other) and c.kind == "paren":   # ele estiver carregando)": the carried cards' too
                    words = {x.lemma for n in c.nodes for x in leaves(n) if isinstance(x, Lexeme)}
                    if not {"incluir", "texto", "carregar"} <= words:
                        raise NotUnderstood("a parenthesis that says what?", c.nodes[0])
                    r.use(*c.nodes)
                    include = True
                    if c in b.roles.extra:
                        b.roles.extra.remove(c)
            d = _static_duration(b)
            return Built([SuppressText(targets=targets, include_carried=include, duration=d, text=b.text)],
                         _kind(d))
        action = things(subj, r)
        if action.kind is Kind.ACTION:
            return Built([CancelAction(action=action, text=b.text)])
    return None


# ---------------------------------------------------------------------------------------------
# other prohibitions: "não podem procurar", "não podem colocar em cena", "não podem ser descarregados"


def _search(b: Build) -> Built | None:
    if not b.verb.negated:
        return None
    who = b.player_subject()
    zones: list[str] = []
    for c in b.roles.extra + b.roles.get("zones"):
        if isinstance(c, PP) and c.prep == "em" and c.obj is not None:
            b.r.use(*c.preps)
            zones.append(place(c.obj, b.r).zone)
    obj = next((c for c in [*b.roles.extra, *b.roles.get("there")] if isinstance(c, NP) and c.lemma == "card"),
               None)                               # "procurar cards nos decks": what is searched for
    if obj is not None:
        b.r.use(obj.head, *obj.dets)
        if obj in b.roles.get("there"):
            b.roles.filled.pop("there")
        for m in obj.mods:
            if isinstance(m, PP) and m.prep == "em" and m.obj is not None:
                b.r.use(*m.preps)
                zones.append(place(m.obj, b.r).zone)
        if obj in b.roles.extra:
            b.roles.extra.remove(obj)
    b.roles.extra = [c for c in b.roles.extra if not (isinstance(c, PP) and c.prep == "em")]
    d = _static_duration(b)
    return Built([Restrict(what="search", subject=who, zones=tuple(zones or ("deck",)), duration=d, text=b.text)],
                 _kind(d))


def _put(b: Build) -> Built | None:
    if not b.verb.negated:
        return _countdown_as_if(b) or _put_rule(b)
    who = b.player_subject()
    dest = b.optional_np("destination")
    obj = b.roles.np("cards")
    if dest is None or dest.lemma != "cena" or obj is None:
        return None
    b.r.use(dest.head)
    cards = things(obj, b.r)
    d = _static_duration(b)
    return Built([Restrict(what="put_in_scene", subject=cards, by=who, duration=d, text=b.text)], _kind(d))


def _countdown_as_if(b: Build) -> Built | None:
    """"Você pode colocar cards do topo de seu próprio deck em seus recursos em sua própria Fase de Contagem
    Regressiva como se você não controlasse nenhum personagem" (6.2 A: only a player who controls no character
    does that placing): a static letting its subject do it in their own phase, with the rule's number of cards."""
    r = b.r
    as_if = next((c for c in b.roles.extra if isinstance(c, Rel) and _as_if_marker(c)), None)
    if as_if is None or not b.static or b.verb.modal != "pode":
        return None
    at = b.adjuncts.at
    if at is None or at.phase != "Fase de Contagem Regressiva" or at.edge or at.whose not in (Ref.OWNER, Ref.YOU):
        return None
    who = b.player_subject()
    obj, dest = b.roles.np("cards"), b.optional_np("destination")
    origin = next((m for m in obj.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None) \
        if obj is not None and obj.lemma == "card" and not obj.dets and not obj.quantity else None
    if origin is None or origin.obj is None or dest is None:
        raise NotUnderstood("the countdown's cards: which, where?", b.roles.clause)
    r.use(obj.head, *origin.preps)                                 # type: ignore[union-attr]
    if place(origin.obj, r, who).zone != "deck_top" or place(dest, r, who).zone != "resources":
        raise NotUnderstood("the countdown puts the top cards of the deck into the resources", b.roles.clause)
    dest_pp = b.roles.pp("destination")
    if dest_pp is not None:
        r.use(*dest_pp.preps)
    no_characters_as_if(as_if, who, r)
    b.roles.extra.remove(as_if)
    return Built([CountdownAsIfNone(who=who, text=b.text)], EffectKind.STATIC, phase_read=True)


def _as_if_marker(rel: Rel) -> bool:
    return [m.lemma for m in rel.markers if isinstance(m, Lexeme)][:1] == ["como"]


def no_characters_as_if(rel: Rel, who: Selector, r: Reading) -> None:
    """"como se você não controlasse nenhum personagem", "como se aquele jogador não tivesse nenhum personagem em
    cena": the hypothesis that ``who`` controls no character (6.2 A's condition), read whole; else NotUnderstood."""
    from cardscript.compiler.semantics.syntax import constituent_leaves

    v = analyse(rel.clause)
    subject = rel.subject[0] if len(rel.subject) == 1 and isinstance(rel.subject[0], NP) else None
    if v.lemma not in ("controlar", "ter") or not v.negated or not v.hypothetical or len(rel.subject) > 1:
        raise NotUnderstood("as if what?", rel.clause)
    said = players(subject, r) if subject is not None else who      # "como se não tivessem ...": the same players
    if (said.ref, said.slot) != (who.ref, who.slot) and not (said.ref is Ref.SLOT and who.ref is Ref.TARGET):
        raise NotUnderstood("as if who had no character?", subject.node if subject is not None else rel.clause)
    objs = [a for a in rel.args if isinstance(a, NP)]
    where = [a for a in rel.args if isinstance(a, PP)] + [m for o in objs[:1] for m in o.mods if isinstance(m, PP)]
    if len(objs) != 1 or objs[0].lemma != "personagem" or not objs[0].det("nenhum") \
            or len(objs[0].mods) + len(rel.args) != 1 + len(where):
        raise NotUnderstood("as if who had what?", rel.clause)
    for pp in where:                                                  # "(não tivesse nenhum personagem) em cena"
        if pp.prep != "em" or pp.obj is None or pp.obj.lemma != "cena" or pp.obj.mods or v.lemma != "ter":
            raise NotUnderstood("as if who had no character where?", rel.clause)
        r.use_all(constituent_leaves(pp))
    r.use(*rel.markers, *v.words, objs[0].head, *objs[0].dets, rel.clause)


# ---------------------------------------------------------------------------------------------
# statics on the rules themselves (rules 7 keywords and their old wordings, 5.6)


def _rule(rule: str, value: str, b: Build, **extra: object) -> Built:
    from cardscript.compiler.ir import Rule

    return Built([Rule(rule=rule, value=value, text=b.text, **extra)], EffectKind.STATIC)  # type: ignore[arg-type]


def _exist(b: Build) -> Built | None:
    """"Pode haver qualquer número de personagens com o alter ego deste personagem em cena [sob seu controle][,
    desde que cada um deles tenha nomes diferentes]" (Pelotão, Clone: 4.4.2.1 A.4), "Só pode haver uma cópia deste
    card em seu deck" (Item Único)."""
    r = b.r
    v = b.verb
    obj = b.roles.np("what")
    if obj is None or not b.static or v.modal != "pode":
        return None
    where = b.roles.pp("where")
    if obj.lemma == "número" and obj.det("qualquer"):
        r.use(obj.head, *obj.dets)
        inner = next((m for m in obj.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
        if inner is None or inner.obj is None or where is None or where.obj is None or where.obj.lemma != "cena":
            raise NotUnderstood("any number of what, where?", obj.node)
        r.use(*inner.preps, *where.preps, where.obj.head)
        under = b.roles.pp("under")                     # "em cena sob seu controle": yours
        if under is not None and under.obj is not None and under.obj.lemma == "controle" and under.obj.det("seu"):
            r.use(*under.preps, under.obj.head, *under.obj.dets)
        chars = things(inner.obj, r)
        distinct = False
        for c in list(b.roles.extra):                   # "desde que cada um deles tenha nomes diferentes"
            from cardscript.compiler.semantics.syntax import Rel

            if isinstance(c, Rel) and any(isinstance(m, Lexeme) and m.lemma == "desde" for m in c.markers):
                words = [x for x in leaves(c.clause) if isinstance(x, Lexeme)]
                if any(w.lemma == "nome" for arg in c.args for w in _leaf_words(arg)) or any(
                        w.lemma == "nome" for w in words):
                    r.use(*c.markers, c.clause, *(x for a in c.args for x in _leaf_words(a)))
                    b.roles.extra.remove(c)
                    distinct = True
        for _a in chars.filters:
            pass
        own = [f for f in chars.filters if f.field in ("alter_ego", "name", "identity") and isinstance(f.value,
                                                                                                       Selector)]
        named = [f for f in chars.filters if f.field in ("name", "alter_ego") and isinstance(f.value, str)]
        if named and all(f.field == "name" and f.op == "eq" and f.value == r.card.name for f in named):
            named, own = [], [Filter("identity", "eq", "this")]  # "personagem chamados Vigilante Kree": its own
        of = None if own and not named else Selector(kind=Kind.CHARACTER, filters=tuple(named), text=chars.text)
        return _rule("scene_identity", "distinct_names" if distinct else "any", b, of=of)
    if obj.lemma == "cópia" and v.only:
        count = obj.quantity or [d for d in obj.dets if d.lemma == "um"]
        r.use(obj.head, *obj.dets)
        n = 1
        for m in obj.mods:
            if isinstance(m, PP) and m.prep == "de" and m.obj is not None:
                r.use(*m.preps)
                if things(m.obj, r).ref is not Ref.THIS_CARD:
                    raise NotUnderstood("copies of what?", m.obj.node)
        if where is None or where.obj is None or where.obj.lemma != "deck":
            raise NotUnderstood("copies where?", obj.node)
        r.use(*where.preps)
        place(where.obj, r)
        del count
        return _rule("deck_copies", str(n), b)
    return None


def _leaf_words(c: object) -> list[Lexeme]:
    from cardscript.compiler.semantics.syntax import constituent_leaves

    return [x for x in constituent_leaves(c) if isinstance(x, Lexeme)]  # type: ignore[arg-type]


def _put_rule(b: Build) -> Built | None:
    """"Você pode colocar este card em cena diretamente de seus recursos" (Reviver), "... carregando cards do topo
    de seu deck ao invés de cards de seus recursos" (Materializar): a static on how this card enters the scene."""
    r = b.r
    if not b.static or b.verb.modal != "pode" or b.verb.negated:
        return None
    obj = b.roles.np("cards")
    dest = b.optional_np("destination")
    if obj is None or dest is None or dest.lemma != "cena":
        return None
    if obj.equal_to is not None and b.verb.passive and b.roles.subject_np is not None:
        return _fewer_when_put(b, obj, dest)          # "Este personagem pode ser colocado em cena carregando ..."
    if things(obj, r).ref is not Ref.THIS_CARD:
        return None
    r.use(dest.head)
    b.player_subject()
    for c in list(b.roles.extra):
        if isinstance(c, Other) and c.kind == "adv" and any(isinstance(x, Lexeme) and x.lemma == "diretamente"
                                                             for x in c.nodes):
            pp = next((x for x in [*b.roles.extra, *b.roles.get("back")] if isinstance(x, PP) and x.prep == "de"
                       and x.obj is not None), None)
            if pp is None or pp.obj is None or place(pp.obj, r).zone != "resources":
                raise NotUnderstood("directly from where?", b.roles.clause)
            r.use(*c.nodes, *pp.preps)
            b.roles.extra = [x for x in b.roles.extra if x is not c and x is not pp]
            b.roles.filled.pop("back", None)
            return _rule("enter_from", "resources", b)
        if isinstance(c, Other) and c.kind in ("gerund", "lit"):
            words = _leaf_words(c)
            if words and (words[0].lemma == "carregar" or words[0].word == "carregando"):   # the gerund
                return _loaded_from(b, c)
    return None


def _loaded_from(b: Build, gerund: Other) -> Built:
    """"... em cena carregando cards do topo de seu deck ao invés de cards de seus recursos" (Materializar): the
    cards it enters loaded with come from another area (4.4.2.1: its initial energy)."""
    from cardscript.compiler.semantics.syntax import constituent_leaves

    r = b.r
    rest = b.roles.extra[b.roles.extra.index(gerund) + 1:]
    cards = next((c for c in rest if isinstance(c, NP)), None)
    if cards is not None and cards.equal_to is not None:
        return _fewer_at_entry(b, gerund, cards)
    origin = next((m for m in cards.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None) \
        if cards is not None and cards.lemma == "card" else None
    if cards is None or origin is None or origin.obj is None:
        raise NotUnderstood("entering the scene loaded with what?", b.roles.clause)
    r.use(*gerund.nodes, cards.head, *origin.preps)
    zone = place(origin.obj, r).zone
    instead = b.roles.get("instead")
    for c in instead:                                      # "ao invés de cards de seus recursos": the usual way
        r.use_all(constituent_leaves(c))
    b.roles.extra = [c for c in b.roles.extra if c is not gerund and c is not cards]
    b.roles.filled.pop("instead", None)
    return _rule("load_from", zone, b)


def _fewer_when_put(b: Build, cards: NP, dest: NP) -> Built:
    """The passive "Este personagem pode ser colocado em cena carregando <uma quantidade de cards menor ...>": the
    subject is this card, the cards the gerund's (taken by the frame as the object)."""
    subj = b.roles.subject_np
    assert subj is not None
    gerund = next((c for c in b.roles.extra if isinstance(c, Other) and c.kind in ("gerund", "lit")
                   and [w.word for w in _leaf_words(c)] == ["carregando"]), None)
    if gerund is None or things(subj, b.r).ref not in (Ref.THIS_CARD, Ref.THIS_CHARACTER) \
            or not b.r.card.kind.startswith("Personagem"):
        raise NotUnderstood("put in the scene loaded how?", b.roles.clause)
    b.r.use(dest.head, *b.verb.words)
    b.roles.filled.pop("cards", None)
    return _fewer_at_entry(b, gerund, cards)


def _fewer_at_entry(b: Build, gerund: Other, cards: NP) -> Built:
    """"Este personagem pode ser colocado em cena carregando uma quantidade de cards menor do que sua Energia
    Inicial" (4.4.2.1 A.1: a character enters loaded with as many cards as its initial energy): its player may load
    it with fewer -- any number from one (4.7: one carrying none is knocked out) up to its initial energy."""
    from cardscript.compiler.semantics.syntax import constituent_leaves

    r = b.r
    value = cards.equal_to.obj if cards.equal_to is not None else None
    if cards.lemma != "card" or cards.mods or cards.amount_op != "lt" or cards.amount_offset or value is None \
            or value.lemma != "energia" or not value.adj("inicial") or [d.lemma for d in value.dets] != ["seu"] \
            or any(not isinstance(m, Other) or m.kind != "paren" for m in value.mods):
        raise NotUnderstood("entering the scene loaded with how many cards?", b.roles.clause)
    r.use(*gerund.nodes, cards.head, *cards.amount_words, *cards.equal_to.preps if cards.equal_to else [],
          value.head, *value.dets, *value.post)
    for m in value.mods:                                   # "(por exemplo, ... com 4 cards ...)": an example
        assert isinstance(m, Other)
        if not all(r.is_used(w) for n in m.nodes for w in leaves(n)):
            from cardscript.compiler.semantics.reminders import is_example

            if not any(is_example(n) for n in m.nodes if isinstance(n, Phrase)):
                raise NotUnderstood("entering with fewer cards: and what?", m.nodes[0])
            r.use_all(list(constituent_leaves(m)))
    b.roles.extra = [c for c in b.roles.extra if c is not gerund and c is not cards]
    return _rule("entry_load", "fewer", b)


def _cards_of_hand_revealed(np: NP) -> PP | None:
    """"os cards de suas mãos revelados": the phrase "de suas mãos" of the cards of the players' hands shown (a
    bare "de <mão>" with a possessive, no other modifier; the participle read with the cards or the hands), else
    None."""
    if np.lemma != "card" or len(np.mods) != 1:
        return None
    pp = np.mods[0]
    if not isinstance(pp, PP) or pp.prep != "de" or pp.obj is None or pp.obj.lemma != "mão" or pp.obj.mods \
            or not pp.obj.det("seu") or pp.obj.pre or pp.obj.post:
        return None
    shown = [p for p in (np.participle, pp.obj.participle) if p is not None]
    if len(shown) != 1 or shown[0].lemma != "revelar" or np.pre or np.post:
        return None
    return pp


def _play(b: Build) -> Built | None:
    """"Seus oponentes jogam com as mãos abertas" / "com os cards de suas mãos revelados": their hands are revealed
    (hidden information, rules 3)."""
    who = b.player_subject()
    with_ = b.roles.pp("with")
    if with_ is None or with_.obj is None:
        return None
    hand = _cards_of_hand_revealed(with_.obj)
    if hand is None and (with_.obj.lemma != "mão" or not with_.obj.adj("abertas")):
        return None
    if hand is not None:
        b.r.use(*hand.preps)
        assert hand.obj is not None
        b.r.use(hand.obj.head, *hand.obj.dets, *[p for p in (with_.obj.participle, hand.obj.participle) if p])
    b.r.use(*with_.preps, with_.obj.head, *with_.obj.dets, *with_.obj.post)
    if who.ref not in (Ref.OPPONENT, Ref.YOU):
        raise NotUnderstood("whose hands?", b.roles.clause)
    return _rule("open_hand", who.ref.value, b)


def _count_as(b: Build) -> Built | None:
    """"Este card também conta como se fosse um card de personagem chamado X[, Y e Z]" (while where its effect works,
    the lead's "Enquanto estiver em seu deck ou recursos"): a card of that description as well (a rule)."""
    from cardscript.compiler.semantics.syntax import Rel

    r = b.r
    if not b.static:
        return None
    subject = b.roles.subject_np
    if subject is None or things(subject, r).ref not in (Ref.THIS_CARD, Ref.THIS_CHARACTER):
        raise NotUnderstood("what counts as another card?", b.roles.clause)
    rel = next((c for c in b.roles.extra if isinstance(c, Rel) and [getattr(m, "lemma", "") for m in c.markers][:1]
                == ["como"]), None)
    if rel is None:
        raise NotUnderstood("counts as what?", b.roles.clause, b.roles.describe())
    inner = analyse(rel.clause)
    what = next((a for a in rel.args if isinstance(a, NP)), None)
    if inner.lemma != "ser" or what is None:
        raise NotUnderstood("counts as what?", rel.clause)
    b.roles.extra.remove(rel)
    r.use(*rel.markers, *inner.words, *b.verb.adverbs)
    of = things(what, r)
    return _rule("counts_as", "", b, of=replace(of, every=False, count=Quantity.of(1)))


def _hand_limit(b: Build) -> Built | None:
    """"O número máximo de cards em sua mão [durante a Fase de Ajuste] aumenta em um card", "o número máximo de
    cards na mão dos outros jogadores durante suas respectivas Fases de Ajuste diminui em um card": the hand size
    kept at the Ajuste de Mão (6.2 D.2) changes while the static is active."""
    r = b.r
    subj, by = b.roles.subject, b.roles.pp("by")
    if len(subj) != 2 or not b.static:
        return None
    number, most = subj
    if not isinstance(number, NP) or not isinstance(most, NP) or number.lemma != "número" or number.mods \
            or most.lemma != "máximo":
        return None
    of = next((m for m in most.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    hand = None if of is None or of.obj is None else \
        next((m for m in of.obj.mods if isinstance(m, PP) and m.prep == "em" and m.obj is not None), None)
    if of is None or of.obj is None or of.obj.lemma != "card" or len(most.mods) != 1 or len(of.obj.mods) != 1 \
            or hand is None or hand.obj is None or hand.obj.lemma != "mão" or by is None or by.obj is None \
            or by.obj.lemma != "card":
        raise NotUnderstood("the maximum number of what changes by how much?", most.node)
    who = _hand_owner(hand.obj, b)
    during = b.adjuncts.during
    if during is not None and during.phase != "Fase de Ajuste":
        raise NotUnderstood("the maximum hand size in which phase?", most.node)
    r.use(number.head, *number.dets, most.head, *of.preps, of.obj.head, *hand.preps, hand.obj.head, *by.preps,
          by.obj.head)
    from cardscript.compiler.semantics.procedures import card_count

    amount = card_count(by.obj, b)
    sign = -1 if b.verb.lemma == "diminuir" else 1
    return Built([ChangeHandLimit(who=who, amount=amount, sign=sign, text=b.text)], EffectKind.STATIC)


def _hand_owner(hand: NP, b: Build) -> Selector:
    """Whose hand: "sua mão" (the controller's), "na mão dos outros jogadores" / "de cada jogador"."""
    of = next((m for m in hand.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    if of is not None and of.obj is not None and not hand.dets[1:]:
        b.r.use(*of.preps, *hand.dets)
        return players(of.obj, b.r)
    if of is None and hand.det("seu") and not hand.mods:
        b.r.use(*hand.dets)
        return YOU
    raise NotUnderstood("whose hand?", hand.node)


def _load_fewer(b: Build) -> Built | None:
    """"Cards de personagens com Energia Inicial maior ou igual a 6 podem ser carregados com um card a menos ao serem
    colocados em cena" (4.4.2.1 A.1: a character enters loaded with as many cards as its initial energy): those cards
    may enter the scene loaded with that many fewer (their player chooses) -- a rule static on cards it describes."""
    from cardscript.compiler.ir import Rule
    from cardscript.compiler.semantics.amounts import np_quantity

    r = b.r
    v = b.verb
    subj = b.roles.subject_np
    extra = b.roles.extra
    with_pp = next((c for c in [*extra, *b.roles.get("with")] if isinstance(c, PP) and c.prep == "com"), None)
    when = next((c for c in [*extra, *b.roles.fronted] if isinstance(c, PP) and c.prep == "a" and c.verb), None)
    if not b.static or not v.passive or v.modal != "pode" or v.negated or subj is None or with_pp is None \
            or with_pp.obj is None or when is None:
        return None
    less = next((m for m in with_pp.obj.mods if isinstance(m, PP) and m.adv is not None
                 and m.adv.lemma == "menos"), None)
    put = [getattr(w, "lemma", "") for w in when.verb]
    scene = next((a for a in when.args if isinstance(a, PP) and a.prep == "em" and a.obj is not None
                  and a.obj.lemma == "cena" and not a.obj.mods), None)
    n = (np_quantity(with_pp.obj, r) or (Quantity.of(1) if [d.lemma for d in with_pp.obj.dets] == ["um"] else None)) \
        if less is not None else None
    if less is None or n is None or n.x_times or n.up_to or with_pp.obj.lemma != "card" \
            or put[-2:] != ["ser", "colocar"] or scene is None or len(when.args) != 1:
        return None
    what = things(subj, r)
    if what.ref is not None or not any(f.field == "card_type" and f.value == "Personagem" for f in what.filters):
        raise NotUnderstood("which cards enter with fewer?", subj.node)
    r.use(*v.words, *with_pp.preps, with_pp.obj.head, *with_pp.obj.dets, *less.preps, less.adv,
          *when.preps, *when.verb, *scene.preps, scene.obj.head if scene.obj is not None else None)
    b.roles.extra = [c for c in extra if c is not with_pp and c is not when]
    b.roles.filled.pop("with", None)
    return Built([Rule(rule="entry_load", value=f"-{n.fixed}", of=replace(what, every=True), text=b.text)],
                 EffectKind.STATIC)


STATIC_BUILDERS: dict[str, Callable[[Build], Built | None]] = {
    "play": _play, "count_as": _count_as, "load": _load_fewer,
    "use": _use, "be": _be, "become": _become, "cost": _cost, "have": _have, "search": _search, "move": _put,
    "unload": _passive, "stage": _passive, "exist": _exist,
    "change_amount": _hand_limit, "apply": _apply,
}

__all__ = ["STATIC_BUILDERS", "ModifyDamage", "Quantity", "Selector", "players", "replace"]


def _actions_said(subject: Selector, b: Build) -> tuple[Filter, ...]:
    """The actions a prohibition names, as filters: "a ação Capturar Mutante" on its own card is this action -- its
    name (4.6: the prohibition is on that action only, not on every action); another reference cannot be said as
    filters."""
    if subject.ref is Ref.THIS_ACTION and b.r.card.action_name:
        return (Filter("name", "eq", b.r.card.action_name),)
    if subject.ref is not None:
        raise NotUnderstood("which actions cannot be used?", b.roles.clause)
    return subject.filters
