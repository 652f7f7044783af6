"""X (rules 4.6.1, the glossary): "X é igual ao número de <np>", "X é igual a duas vezes o número de ...", "X é igual
ao valor de Escudo atual do alvo", "X é o estágio de capacitação em que este personagem se encontra", "X é igual
ao número de poderes do alvo" -- what X counts, as a :class:`Count` the quantities of the block read."""

from __future__ import annotations

from cardscript.compiler.ast import Clause, Lexeme, Number, Sentence
from cardscript.compiler.fast_replace import replace
from cardscript.compiler.ir import Count, Filter, Kind, Ref, Selector
from cardscript.compiler.semantics.amounts import is_x
from cardscript.compiler.semantics.clauses import Roles, require_no_extra, roles_of
from cardscript.compiler.semantics.nouns import things
from cardscript.compiler.semantics.reading import NotUnderstood, Reading
from cardscript.compiler.semantics.syntax import NP, PP, Constituent, Other, Rel, leaves
from cardscript.compiler.semantics.text import render

# what "o número de <np>" / "o <attribute> de <np>" counts of the things
_COUNTED_ATTRIBUTE = {"escudo": "shield", "energia": "energy", "estágio": "stage", "poder": "powers",
                      "valor": "shield"}


def is_x_definition(sentence: Sentence) -> bool:
    clauses = sentence.body.clauses
    if not clauses or clauses[0].subject is None:
        return False
    if _otherwise_pair(sentence):
        return True
    return _defines_x(clauses[0]) and all(_is_rounding(c) for c in clauses[1:])


def _defines_x(clause: Clause) -> bool:
    """"X é ...": a clause whose subject is X alone and whose verb is "ser"."""
    words = [x for x in leaves(clause.subject)] if clause.subject is not None else []
    return len(words) == 1 and is_x(words[0]) and clause.procedure.value == "ser"


def _otherwise_pair(sentence: Sentence) -> bool:
    """"X é igual a 2 se <condição>, caso contrário, X é igual a 1": two definitions of X, the second led by "caso
    contrário" (and nothing else), joined by a comma."""
    body = sentence.body
    if len(body.clauses) != 2 or not all(_defines_x(c) for c in body.clauses) or len(body.leads) != 1:
        return False
    words = [w.lemma for w in leaves(body.leads[0]) if isinstance(w, Lexeme)]
    last = body.items.index(body.leads[0]) == len(body.items) - 2
    return last and words in (["caso", "contrário"], ["caso", "contrario"])


# "... dividido por 2 e arredondado para cima / para baixo": the rounding of a divided count
_ROUNDING = {"cima": True, "baixo": False}


def _is_rounding(clause: Clause) -> bool:
    """"e arredondado para cima": a second clause of X's definition, with no subject, rounding the division."""
    words = [w for w in leaves(clause.verb) if isinstance(w, Lexeme)]
    return clause.subject is None and len(words) == 1 and words[0].lemma == "arredondar"


def x_definition(sentence: Sentence, r: Reading) -> Count:
    if _otherwise_pair(sentence):
        return _conditional(sentence, r)
    clause: Clause = sentence.body.clauses[0]
    roles = roles_of(clause)
    r.use(*roles.verb.words, clause.subject)
    if sentence.body.leads or len(sentence.body.clauses) != 1 and not _joined_by_e(sentence):
        raise NotUnderstood("a conditional definition of X", sentence)
    divisor = _divisor(clause, roles, r)
    np = roles.np("predicate") or roles.np("of")
    pp = next((c for c in roles.extra if isinstance(c, PP) and c.prep == "a" and c.obj is not None), None)
    if pp is not None and np is None:
        r.use(*pp.preps)
        np = pp.obj
        roles.extra.remove(pp)
    if np is None:
        raise NotUnderstood("X is what?", clause)
    multiplier = 1
    if np.lemma == "vez" and np.quantity:                      # "duas vezes o número de ..."
        times = next((c for c in roles.extra if isinstance(c, NP)), None)
        from cardscript.compiler.semantics.amounts import np_quantity

        q = np_quantity(np, r)
        if times is None or q is None or q.x_times:
            raise NotUnderstood("X as a multiple of what?", np.node)
        r.use(np.head, *np.dets)
        roles.extra.remove(times)
        multiplier, np = q.fixed, times
    multiplier = _multiplied_by(roles, r) or multiplier
    np, offset = _less_than(np, roles, r)
    _attach_counted_relative(np, roles)
    times_used = _times_used(np, roles, r, render(sentence))
    when = [c for c in roles.get("when") if isinstance(c, PP)]
    count = times_used if times_used is not None else counted(np, r, render(sentence), when)
    if multiplier != 1:
        count = replace(count, multiplier=multiplier)
    for c in list(roles.extra):
        if isinstance(c, Rel) and np.lemma == "estágio":
            roles.extra.remove(c)
        elif isinstance(c, Other) and c.kind == "paren" and _example(c, r):
            roles.extra.remove(c)                              # "(ex.: se ... esta ação causará 3 pontos de dano)"
    require_no_extra(roles)
    if offset is not None:
        count = replace(count, offset=offset, subtracted=True)
    if divisor is not None:
        count = replace(count, divisor=divisor, round_up=_round_up(sentence, r))
    elif len(sentence.body.clauses) != 1:
        raise NotUnderstood("rounding what?", sentence.body.clauses[1])
    return count


def _conditional(sentence: Sentence, r: Reading) -> Count:
    """"X é igual a 2 se houver ..., caso contrário, X é igual a 1" (4.6.1: X is a number the text defines): the
    first value while the condition holds (read when X is needed), the second otherwise."""
    from cardscript.compiler.semantics.conditions import condition

    first, second = sentence.body.clauses
    r.use(*(i for i in sentence.body.items if not isinstance(i, Clause)))
    roles = roles_of(first)
    ifs = [c for c in roles.extra if isinstance(c, Rel) and [getattr(m, "lemma", "") for m in c.markers] == ["se"]]
    if len(ifs) != 1:
        raise NotUnderstood("X is that value when?", first)
    roles.extra.remove(ifs[0])
    r.use(*ifs[0].markers)
    when = condition(ifs[0].clause, r, args=list(ifs[0].args))
    said = render(first)
    when = replace(when, text=said[said.index(" se ") + 4:] if " se " in said else when.text)
    text = render(sentence)
    return replace(_number_value(first, roles, r, text), when=when,
                   otherwise=_number_value(second, roles_of(second), r, text))


def _number_value(clause: Clause, roles: Roles, r: Reading, text: str) -> Count:
    """"X é igual a 2", "X é 1": a number written out, as a count that is that number."""
    r.use(*roles.verb.words, clause.subject)
    np = roles.np("predicate")
    pp = next((c for c in roles.extra if isinstance(c, PP) and c.prep == "a" and c.obj is not None), None)
    if np is None and pp is not None:
        roles.extra.remove(pp)
        r.use(*pp.preps)
        np = pp.obj
    if np is None or not isinstance(np.head, Number) or np.mods or np.quantity or np.post:
        raise NotUnderstood("X is which number?", clause)
    r.use(np.head, *np.dets)
    require_no_extra(roles)
    return Count(fixed=np.head.value, text=text)


def _multiplied_by(roles: Roles, r: Reading) -> int | None:
    """"X é igual ao número de cards ... que este personagem estiver carregando *multiplicado por 2*": the
    participle after the counted phrase (standing alone after its relative) and "por <número>" -- the count times
    that number (a multiplication, 4.6.1)."""
    extra = roles.extra
    at = next((i for i, c in enumerate(extra) if isinstance(c, Other) and len(c.nodes) == 1
               and isinstance(c.nodes[0], Lexeme) and c.nodes[0].lemma in ("multiplicar", "multiplicado")), None)
    if at is None:
        return None
    por = extra[at + 1] if at + 1 < len(extra) else None
    if not isinstance(por, PP) or por.prep != "por" or por.obj is None or not isinstance(por.obj.head, Number) \
            or por.obj.mods or por.obj.dets or not por.obj.head.value or por.obj.head.value < 2:
        raise NotUnderstood("multiplied by what?", extra[at].nodes[0])     # type: ignore[union-attr]
    word = extra[at]
    r.use(*word.nodes, *por.preps, por.obj.head)                           # type: ignore[union-attr]
    extra.remove(word)
    extra.remove(por)
    return int(por.obj.head.value)


def _less_than(np: NP, roles: Roles, r: Reading) -> tuple[NP, int | None]:
    """"X é igual a 10 menos o número de ...": a number, then the count it is lessened by (the parser reads "menos"
    as the next phrase's determiner) -- that phrase and the number; else ``np`` and None."""
    rest = [c for c in roles.extra if isinstance(c, NP)]
    if not isinstance(np.head, Number) or np.head.value is None or np.mods or len(rest) != 1 \
            or not rest[0].dets or rest[0].dets[0].lemma != "menos":
        return np, None
    counted_np = rest[0]
    r.use(np.head, *np.dets, counted_np.dets[0])
    counted_np.dets = counted_np.dets[1:]
    roles.extra.remove(counted_np)
    return counted_np, int(np.head.value)


def _example(paren: Other, r: Reading) -> bool:
    """An illustration of X's definition ("(ex.: ...)"): it only explains (reminders.is_example); its words used."""
    from cardscript.compiler.ast import Phrase
    from cardscript.compiler.semantics.reminders import is_example

    nodes = [n for n in paren.nodes if isinstance(n, Phrase)]
    if len(nodes) != len(paren.nodes) or not nodes or not all(is_example(n) for n in nodes):
        return False
    r.use(*nodes)
    return True


def _attach_counted_relative(np: NP, roles: Roles) -> None:
    """"X é igual ao número de poderes que este personagem possui": a relative the parser left on the clause after
    "o número de <noun>" restricts that noun (what is counted) -- moved onto it when the noun has none."""
    of_pp = next((m for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    rels = [c for c in roles.extra if isinstance(c, Rel)]
    if np.lemma != "número" or of_pp is None or of_pp.obj is None or len(rels) != 1 \
            or any(isinstance(m, Rel) for m in of_pp.obj.mods) or of_pp.obj.lemma == "vez":
        return
    roles.extra.remove(rels[0])
    of_pp.obj.mods.append(rels[0])


def _joined_by_e(sentence: Sentence) -> bool:
    """X's definition and its rounding, joined by "e"."""
    joins = sentence.body.joiners
    return len(sentence.body.clauses) == 2 and len(joins) == 1 and render(joins[0]) == "e"


def _divisor(clause: Clause, roles: Roles, r: Reading) -> int | None:
    """"<o número de ...> dividido por 2": the participle ends the counted phrase (the parser attaches it to
    its last noun) and "por 2" follows as a complement of "ser" -- the divisor, both words taken off."""
    pool: list[Constituent] = [c for cs in (*roles.filled.values(), roles.extra) for c in cs]
    holder = _divided_np([c for c in pool if isinstance(c, (NP, PP))])
    found = _por_number(pool) if holder is not None else None
    if holder is None or holder.participle is None or found is None:
        return None
    where, por = found
    head = por.obj.head if por.obj is not None else None
    if not isinstance(head, Number) or not head.value or head.value < 2:
        raise NotUnderstood("divided by what?", por.obj.node if por.obj is not None else clause)
    r.use(holder.participle, *por.preps, head)
    holder.participle = None
    where.remove(por)
    return int(head.value)


def _por_number(pool: list[Constituent]) -> tuple[list[Constituent], PP] | None:
    """The "por <número>" after "dividido" and the list it was attached in (a complement or a modifier)."""
    for c in pool:
        if isinstance(c, PP) and c.prep == "por" and c.obj is not None and isinstance(c.obj.head, Number) \
                and not c.obj.mods:
            return pool, c
        np = c.obj if isinstance(c, PP) else c if isinstance(c, NP) else None
        inner = _por_number(np.mods) if np is not None else None
        if inner is not None:
            return inner
    return None


def _divided_np(pool: list[NP | PP]) -> NP | None:
    """The phrase, through the modifiers, whose participle is "dividido"."""
    for c in pool:
        np = c.obj if isinstance(c, PP) else c
        if np is None:
            continue
        if np.participle is not None and np.participle.lemma == "dividir":
            return np
        inner = _divided_np([m for m in np.mods if isinstance(m, (NP, PP))])
        if inner is not None:
            return inner
    return None


def _round_up(sentence: Sentence, r: Reading) -> bool:
    """"e arredondado para cima" (True) / "para baixo" (False); without it the division rounds down (4.6.1: a
    number of the game is a whole number)."""
    if len(sentence.body.clauses) == 1:
        return False
    second = sentence.body.clauses[1]
    roles = roles_of(second)
    pp = roles.one("direction")                        # the frame of "arredondar" (frames.py)
    others = [c for name, cs in roles.filled.items() if name != "direction" for c in cs]
    if not isinstance(pp, PP) or pp.obj is None or pp.obj.lemma not in _ROUNDING or pp.obj.mods or others \
            or roles.extra or len(roles.get("direction")) != 1:
        raise NotUnderstood("rounded how?", second)
    r.use(*roles.verb.words, *pp.preps, *pp.obj.own_leaves)
    r.use(*sentence.body.joiners)
    return _ROUNDING[pp.obj.lemma]


def _times_used(np: NP, roles: Roles, r: Reading, text: str) -> Count | None:
    """"o número de vezes que esta ação foi usada [anteriormente] [por este personagem] neste turno" (4.6: the uses of
    the turn the engine keeps): the uses of the turn of actions like that one, by that user; "anteriormente": before
    the use resolving now. None when the phrase is not "o número de vezes que ..."."""
    from cardscript.compiler.semantics.nouns import things
    from cardscript.compiler.semantics.times import when_of

    of_pp = next((m for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    if np.lemma != "número" or of_pp is None or of_pp.obj is None or of_pp.obj.lemma != "vez":
        return None
    pool = [*of_pp.obj.mods, *roles.extra]
    rel = next((c for c in pool if isinstance(c, Rel) and c.lemma == "usar"), None)
    action_np = next((c for c in rel.subject if isinstance(c, NP)), None) if rel is not None else None
    if rel is None or action_np is None:
        raise NotUnderstood("the number of times of what?", of_pp.obj.node)
    r.use(np.head, *np.dets, *of_pp.preps, of_pp.obj.head, *rel.markers, *leaves(rel.clause.verb))
    action = things(action_np, r)
    if action.kind is not Kind.ACTION:
        raise NotUnderstood("the number of times something that is not an action was used", action_np.node)
    if action.ref is Ref.THIS_ACTION:                      # "esta ação": actions of its name (4.6.1)
        if not r.card.action_name:
            raise NotUnderstood("which action?", action_np.node)
        action = Selector(kind=Kind.ACTION, filters=(Filter("name", "eq", r.card.action_name),), text=action.text)
    elif action.ref is not None:
        raise NotUnderstood("the uses of which actions?", action_np.node)
    before = False
    for c in [*pool]:
        if isinstance(c, Other) and c.kind == "adv" and any(
                isinstance(w, Lexeme) and w.lemma == "anteriormente" for n in c.nodes for w in leaves(n)):
            r.use(*c.nodes)
            before = True
            _drop(c, of_pp.obj, roles)
        elif isinstance(c, PP) and c.prep == "por" and c.obj is not None:     # by that user
            r.use(*c.preps)
            action = replace(action, filters=(*action.filters, Filter("user", "eq", things(c.obj, r))))
            _drop(c, of_pp.obj, roles)
    when = [c for c in roles.get("when") if isinstance(c, PP) and c.obj is not None]
    this_turn = [c for c in when if c.obj is not None and when_of(c.obj, r).this_turn]
    if len(this_turn) != 1 or len(when) != 1:
        raise NotUnderstood("the times used when?", of_pp.obj.node)
    r.use(*this_turn[0].preps, *this_turn[0].own_leaves, *(this_turn[0].obj.own_leaves if this_turn[0].obj else []))
    roles.extra = [c for c in roles.extra if c is not rel]
    return Count(what=action, attribute="times_used_before" if before else "times_used", text=text)


def _uses_counted(sel: Selector, np: NP, r: Reading, text: str) -> Count:
    """"o número de [outras] ações chamadas X que foram usadas neste turno [durante a Fase de Combate]": the uses
    of the turn (4.6.2 H, the turn's record) the description fits; "outras": not the use resolving now. Only actions
    described by their name, used this turn."""
    fields = {f.field for f in sel.filters}
    named = "name" in fields and sel.ref in (None, Ref.THIS_ACTION)
    other = sel.excluding is not None and sel.excluding.ref in (Ref.THIS_CARD, Ref.THIS_ACTION)
    if not named or "used_this_turn" not in fields or sel.union or (sel.excluding is not None and not other):
        raise NotUnderstood("counting the uses of actions", np.node)
    if sel.ref is Ref.THIS_ACTION and not any(f.field == "name" and f.value == r.card.action_name
                                              for f in sel.filters):
        raise NotUnderstood("counting the uses of which actions?", np.node)
    what = Selector(kind=Kind.ACTION, filters=sel.filters, text=sel.text)
    return Count(what=what, attribute="times_used_before" if other else "times_used", text=text)


def _drop(c: Constituent, np: NP, roles: Roles) -> None:
    if c in np.mods:
        np.mods.remove(c)
    if c in roles.extra:
        roles.extra.remove(c)


def _damage_received(np: NP, r: Reading, text: str, when_of_x: list[PP] | None = None) -> Count:
    """"o número de pontos de dano recebidos por este personagem neste turno": the damage it took this turn."""
    r.use(np.head)
    dano = next((m for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None
                 and m.obj.lemma == "dano"), None)
    if dano is None or dano.obj is None:
        raise NotUnderstood("points of what?", np.node)
    r.use(*dano.preps, dano.obj.head)
    holder = dano.obj if dano.obj.participle is not None else np
    p = holder.participle
    agent = next((m for m in holder.mods if isinstance(m, PP) and m.prep == "por" and m.obj is not None), None)
    when = next((m for m in [*holder.mods, *(when_of_x or [])] if isinstance(m, PP) and m.prep == "em"
                 and m.obj is not None and m.obj.lemma == "turno" and m.obj.det("este")), None)
    if p is None or p.lemma != "receber" or agent is None or agent.obj is None or when is None or when.obj is None:
        raise NotUnderstood("damage received by whom, when?", np.node)
    r.use(p, *agent.preps, *when.preps, when.obj.head, *when.obj.dets)
    return Count(what=things(agent.obj, r), attribute="damage_taken", text=text)


def counted(np: NP, r: Reading, text: str, when: list[PP] | None = None, owner: Selector | None = None) -> Count:
    """"o número de <np>", "duas vezes o número de <np>", "o valor de Escudo atual do alvo", "o estágio ... em que
    este personagem se encontra", "o número de poderes do alvo", "o número de pontos de dano recebidos por ..."."""
    multiplier = 1
    if np.lemma == "vez" and np.quantity:                     # "duas vezes o número de ..."
        raise NotUnderstood("X as a multiple", np.node)
    if isinstance(np.head, Number) and np.head.value and any(isinstance(m, NP) for m in np.mods):
        raise NotUnderstood("X as a multiple", np.node)
    lemma = np.lemma
    r.use(np.head, *np.dets)
    of_pp = next((m for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    if lemma == "número":
        if of_pp is None or of_pp.obj is None:
            raise NotUnderstood("the number of what?", np.node)
        r.use(*of_pp.preps)
        inner = of_pp.obj
        attr = _COUNTED_ATTRIBUTE.get(inner.lemma)
        if inner.lemma == "poder":                             # "o número de poderes do alvo"
            r.use(inner.head)
            whose = next((m for m in inner.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
            if whose is None or whose.obj is None:
                holder = _having(inner, r)                     # "o número de poderes que este personagem possui"
                if holder is None:
                    raise NotUnderstood("whose powers?", inner.node)
                return Count(what=holder, attribute="powers", multiplier=multiplier, text=text)
            r.use(*whose.preps)
            return Count(what=things(whose.obj, r), attribute="powers", multiplier=multiplier, text=text)
        if inner.lemma == "ponto":  # "pontos de dano recebidos por este personagem neste turno"
            return _damage_received(inner, r, text, when)   # "neste turno" may be X's sentence's adjunct
        del attr
        distinct = _distinct_by(inner, r)
        sel = things(inner, r)
        if sel.kind is Kind.ACTION:                           # "o número de outras ações chamadas X que foram
            return _uses_counted(sel, inner, r, text)         # usadas neste turno": uses, not cards
        return Count(what=replace(sel, every=True), multiplier=multiplier, text=text, attribute=distinct)
    if lemma in ("valor", "escudo", "energia", "estágio"):
        attr = _COUNTED_ATTRIBUTE[lemma]
        for a in (*np.pre, *np.post):                         # "a Energia Inicial / Atual deste personagem"
            if isinstance(a, Lexeme) and a.lemma in ("inicial", "atual") and lemma == "energia":
                r.use(a)
                attr = "initial_energy" if a.lemma == "inicial" else "energy"
            elif isinstance(a, Lexeme) and a.lemma == "atual":   # "o estágio de capacitação atual", "o valor atual"
                r.use(a)
        if lemma == "valor":                                  # "o valor de Energia Inicial": that characteristic's
            attr = _valued(np, r) or attr
        target = _owner(np, r)
        if target is None and owner is not None and np.det("seu") and [d.lemma for d in np.dets] in (
                ["o", "seu"], ["seu"]):
            target = owner                                    # "o seu valor de Energia Inicial": the subject's
        if target is None:
            raise NotUnderstood(f"whose {lemma}?", np.node)
        return Count(what=target, attribute=attr, text=text)
    raise NotUnderstood("X counts what?", np.node)


def _valued(np: NP, r: Reading) -> str:
    """"o valor *de Energia Inicial*", "o valor de Energia (Atual)", "o valor de Escudo": the characteristic named
    after "valor" ('' when none is)."""
    of = next((m.obj for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    if of is None or of.lemma not in ("energia", "escudo"):
        return ""
    if of.lemma == "escudo":
        return "shield"
    initial = [a for a in of.post if isinstance(a, Lexeme) and a.lemma == "inicial"]
    r.use(*initial)
    return "initial_energy" if initial else "energy"


def _having(np: NP, r: Reading) -> Selector | None:
    """"poderes que este personagem possui / tem": whose they are -- the subject of a relative of "possuir" / "ter"
    with the counted noun as its object and nothing else (the relative is taken off the phrase)."""
    for m in np.mods:
        if isinstance(m, Rel) and m.lemma in ("possuir", "ter") and not m.args:
            subj = next((c for c in m.subject if isinstance(c, NP)), None)
            if subj is None or len(m.subject) != 1:
                return None
            r.use(*m.markers, *leaves(m.clause.verb))
            np.mods.remove(m)
            return things(subj, r)
    return None


# "cards de habilidades de poderes diferentes": the number of different values of that characteristic among them
_DISTINCT_ATTRIBUTE = {"poder": "card_powers", "tipo": "card_types"}


def _distinct_by(np: NP, r: Reading) -> str:
    """"o número de cards de habilidades *de poderes diferentes* que ... estiver carregando": how many different
    powers (or card types) the cards have among them -- the count's attribute ("" when the phrase says none). The
    modifier is taken off the phrase (looked for through its "de" chain: "cards de habilidades de poderes ...")."""
    for m in list(np.mods):
        if not isinstance(m, PP) or m.prep != "de" or m.obj is None:
            continue
        obj = m.obj
        if obj.lemma in _DISTINCT_ATTRIBUTE and obj.adj("diferente") and not obj.mods:
            r.use(*m.preps, obj.head, *(a for a in obj.post if isinstance(a, Lexeme) and a.lemma == "diferente"))
            np.mods.remove(m)
            return _DISTINCT_ATTRIBUTE[obj.lemma]
        inner = _distinct_by(obj, r)
        if inner:
            return inner
    return ""


# the nouns that name the characteristic itself inside "o valor de Escudo", "o estágio de capacitação"
_CHARACTERISTIC_OF = {"escudo", "capacitação", "energia"}


def _owner(np: NP, r: Reading) -> Selector | None:
    """Whose characteristic "o valor de Escudo atual do alvo", "o estágio de capacitação atual deste personagem",
    "o estágio de capacitação em que este personagem se encontra" is (rules 4.2: the stage of capacitação; 4.8.6:
    the shield): the "de <np>" after the characteristic's own name, or the subject of "em que ... se encontra" --
    looked for through the name of the characteristic ("de capacitação atual *do alvo*")."""
    for m in np.mods:
        if isinstance(m, PP) and m.prep == "de" and m.obj is not None:
            r.use(*m.preps)
            if m.obj.lemma in _CHARACTERISTIC_OF and m.obj.lemma != np.lemma:
                r.use(m.obj.head, *(a for a in m.obj.post if isinstance(a, Lexeme) and a.lemma == "atual"))
                inner = _owner(m.obj, r)
                if inner is not None:
                    return inner
                continue
            return things(m.obj, r)
        if isinstance(m, Rel) and m.lemma == "encontrar":        # "em que este personagem se encontra"
            r.use(*m.markers, *[w for w in leaves(m.clause.verb)])
            subj = next((c for c in m.subject if isinstance(c, NP)), None)
            if subj is not None:
                return things(subj, r)
    return None
