"""X (rules 4.6.1, the glossary): "X é igual ao número de <np>", "X é igual a duas vezes o número de ...", "X é igual
ao valor de Escudo atual do alvo", "X é o estágio de capacitação em que este personagem se encontra", "X é igual
ao número de poderes do alvo" -- what X counts, as a :class:`Count` the quantities of the block read."""

from __future__ import annotations

from dataclasses import replace

from cardscript.compiler.ast import Clause, Lexeme, Number, Sentence
from cardscript.compiler.ir import Count, Kind
from cardscript.compiler.semantics.amounts import is_x
from cardscript.compiler.semantics.clauses import require_no_extra, roles_of
from cardscript.compiler.semantics.nouns import things
from cardscript.compiler.semantics.reading import NotUnderstood, Reading
from cardscript.compiler.semantics.syntax import NP, PP, Rel, leaves
from cardscript.compiler.semantics.text import render

# what "o número de <np>" / "o <attribute> de <np>" counts of the things
_COUNTED_ATTRIBUTE = {"escudo": "shield", "energia": "energy", "estágio": "stage", "poder": "powers",
                      "valor": "shield"}


def is_x_definition(sentence: Sentence) -> bool:
    clauses = sentence.body.clauses
    if len(clauses) != 1 or clauses[0].subject is None:
        return False
    words = [x for x in leaves(clauses[0].subject)]
    return len(words) == 1 and is_x(words[0]) and clauses[0].procedure.value == "ser"


def x_definition(sentence: Sentence, r: Reading) -> Count:
    clause: Clause = sentence.body.clauses[0]
    roles = roles_of(clause)
    r.use(*roles.verb.words, clause.subject)
    if sentence.body.leads or len(sentence.body.items) != 1:
        raise NotUnderstood("a conditional definition of X", sentence)
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
    count = counted(np, r, render(sentence))
    if multiplier != 1:
        from dataclasses import replace as _replace

        count = _replace(count, multiplier=multiplier)
    for c in list(roles.extra):
        if isinstance(c, Rel) and np.lemma == "estágio":
            roles.extra.remove(c)
    require_no_extra(roles)
    return count


def _damage_received(np: NP, r: Reading, text: str) -> Count:
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
    when = next((m for m in holder.mods if isinstance(m, PP) and m.prep == "em" and m.obj is not None
                 and m.obj.lemma == "turno" and m.obj.det("este")), None)
    if p is None or p.lemma != "receber" or agent is None or agent.obj is None or when is None or when.obj is None:
        raise NotUnderstood("damage received by whom, when?", np.node)
    r.use(p, *agent.preps, *when.preps, when.obj.head, *when.obj.dets)
    return Count(what=things(agent.obj, r), attribute="damage_taken", text=text)


def counted(np: NP, r: Reading, text: str) -> Count:
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
                raise NotUnderstood("whose powers?", inner.node)
            r.use(*whose.preps)
            return Count(what=things(whose.obj, r), attribute="powers", multiplier=multiplier, text=text)
        if inner.lemma == "ponto":  # "pontos de dano recebidos por este personagem neste turno"
            return _damage_received(inner, r, text)
        del attr
        sel = things(inner, r)
        if sel.kind is Kind.ACTION:                           # "o número de outras ações chamadas X que foram
            raise NotUnderstood("counting the uses of actions", inner.node)   # usadas neste turno": uses, not cards
        return Count(what=replace(sel, every=True), multiplier=multiplier, text=text)
    if lemma in ("valor", "escudo", "energia", "estágio"):
        attr = _COUNTED_ATTRIBUTE[lemma]
        for a in (*np.pre, *np.post):                         # "a Energia Inicial / Atual deste personagem"
            if isinstance(a, Lexeme) and a.lemma in ("inicial", "atual") and lemma == "energia":
                r.use(a)
                attr = "initial_energy" if a.lemma == "inicial" else "energy"
        target = None
        for m in np.mods:
            if isinstance(m, PP) and m.prep == "de" and m.obj is not None:
                r.use(*m.preps)
                if m.obj.lemma == "escudo":                     # "o valor de Escudo atual do alvo"
                    r.use(m.obj.head, *(a for a in m.obj.post if isinstance(a, Lexeme)))
                    for mm in m.obj.mods:
                        if isinstance(mm, PP) and mm.prep == "de" and mm.obj is not None:
                            r.use(*mm.preps)
                            target = things(mm.obj, r)
                elif m.obj.lemma == "capacitação":
                    r.use(m.obj.head)
                else:
                    target = things(m.obj, r)
            elif isinstance(m, Rel):                             # "em que este personagem se encontra"
                r.use(*m.markers, *[w for w in leaves(m.clause.verb)])
                subj = next((c for c in m.subject if isinstance(c, NP)), None)
                if subj is not None:
                    target = things(subj, r)
        if target is None:
            raise NotUnderstood(f"whose {lemma}?", np.node)
        return Count(what=target, attribute=attr, text=text)
    raise NotUnderstood("X counts what?", np.node)
