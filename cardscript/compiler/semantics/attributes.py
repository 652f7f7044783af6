"""Characteristics named in text: "a afiliação X", "as afiliações X e Y", "{AG}", "{AG} ou {LA}", "Escudo +2",
"o alter ego X", "nome X", "Energia Inicial 4 ou maior", "custo {1}", "Clarividência", "o mesmo nome ou alter
ego que <np>", "uma afiliação em comum com <np>" -- as filters on things (``com`` / ``sem`` / ``ter``), or as
what is gained and lost (``ganhar`` / ``perder``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardscript.compiler.ast import Icon, Lexeme, Name, Number, Symbol
from cardscript.compiler.fast_replace import replace
from cardscript.compiler.ir import Filter, Kind, Quantity, Ref, Selector
from cardscript.compiler.semantics.amounts import is_x, quantity_of_run
from cardscript.compiler.semantics.reading import NotUnderstood, Reading
from cardscript.compiler.semantics.syntax import NP, PP, Constituent, Leaf, Other, Rel, leaves
from cardscript.compiler.semantics.vocabulary import ALIGNMENT_OF_WORD, ATTRIBUTE_OF_NOUN, COMPARATIVE


@dataclass
class Attributes:
    """What an attribute phrase lists (for ganhar / perder)."""

    powers: list[str] = field(default_factory=list)
    affiliations: list[str] = field(default_factory=list)
    alignments: list[str] = field(default_factory=list)
    shield: int | None = None
    shield_x: Quantity | None = None
    keywords: list[str] = field(default_factory=list)
    powers_of: Selector | None = None
    affiliations_of: Selector | None = None
    all_powers: bool = False
    all_affiliations: bool = False
    all_alignments: bool = False             # "seus alinhamentos"
    alter_egos: list[str] = field(default_factory=list)     # "o alter ego Ultron"
    alter_egos_of: Selector | None = None    # "o alter ego de um card de personagem que ele estiver carregando"
    named_power: Selector | None = None      # "aquele poder", "o poder escolhido"


def names_in(np: NP, r: Reading) -> list[str]:
    """The names a phrase gives by apposition ("a afiliação X", "as afiliações X e Y", "chamado X, Y ou Z")."""
    out: list[str] = []
    for m in np.mods:
        if isinstance(m, NP) and isinstance(m.head, Name):
            r.use(m.head, *m.dets)
            out.append(m.head.text)
            for conjs, other in m.coords:
                if isinstance(other, NP) and isinstance(other.head, Name):
                    r.use_all(conjs)
                    r.use(other.head, *other.dets)
                    out.append(other.head.text)
                    for conj2, h in other.heads:
                        if isinstance(h.head, Name):
                            r.use(conj2, h.head)
                            out.append(h.head.text)
            for conj, h in m.heads:
                if isinstance(h.head, Name):
                    r.use(conj, h.head)
                    out.append(h.head.text)
    if isinstance(np.head, Name):
        r.use(np.head)
        out.insert(0, np.head.text)
        for conj, h in np.heads:
            if isinstance(h.head, Name):
                r.use(conj, h.head)
                out.append(h.head.text)
    return out


def icons_in(np: NP, r: Reading) -> list[str]:
    """Power icons of a phrase and its coordinated heads ("{AG}", "{AG}, {AD} ou {LA}")."""
    out: list[str] = []
    if isinstance(np.head, Icon):
        r.use(np.head)
        out.append(np.head.code)
    for conj, h in np.heads:
        if isinstance(h.head, Icon):
            r.use(conj, h.head)
            out.append(h.head.code)
    for conjs, other in np.coords:
        if isinstance(other, NP) and isinstance(other.head, Icon):
            r.use_all(conjs)
            out.extend(icons_in(other, r))
    return out


def signed_amount(np: NP, r: Reading) -> Quantity | None:
    """"Escudo +2", "Escudo -X", "+1": the signed number attached to a phrase."""
    for m in np.mods:
        if isinstance(m, Other) and m.kind == "signed":
            run = [x for n in m.nodes for x in leaves(n)]
            q = quantity_of_run(run, r)
            if q is not None:
                return q
    return None


def filters_for(np: NP, r: Reading, negate: bool = False) -> list[Filter]:
    """The filters an attribute phrase puts on things: "com a afiliação X", "sem {VO}", "com Energia Inicial 4 ou
    maior", "com custo {1}", "com alter ego X", "com nome X", "com Predador"; characteristics joined by "e" all
    hold ("com nome Homem de Ferro e alter ego Anthony Edward Stark")."""
    out = _filters_for(np, r, negate)
    for conj, other in np.coords:
        words = [w for w in conj if isinstance(w, Lexeme)]
        if isinstance(other, NP) and ATTRIBUTE_OF_NOUN.get(other.lemma) is not None and words \
                and all(w.lemma == "e" for w in words) and not r.is_used(other.head):     # type: ignore[arg-type]
            r.use_all(conj)
            out.extend(filters_for(other, r, negate))
    return out


def _filters_for(np: NP, r: Reading, negate: bool = False) -> list[Filter]:
    lemma = np.lemma
    attr = ATTRIBUTE_OF_NOUN.get(lemma)
    yes, no = ("lacks", "has") if negate else ("has", "lacks")
    if isinstance(np.head, Icon) and attr is None:
        codes = icons_in(np, r)
        r.use(*np.dets)
        if len(codes) > 1:
            return [Filter("power", "lacks_all" if negate else "has_any", "/".join(codes))]
        return [Filter("power", yes, codes[0])]
    if isinstance(np.head, Lexeme) and np.head.cls in ("KEYWORD", "KEYWORD_PREFIX"):
        r.use(np.head)
        return [Filter("keyword", yes, np.head.word)]
    if attr is None and isinstance(np.head, Name):
        names = names_in(np, r)
        r.use(*np.dets)
        return [Filter("affiliation", "lacks" if negate else ("has_any" if len(names) > 1 else "has"),
                       "/".join(names))]
    if attr is None:
        raise NotUnderstood(f"'{lemma}' is not a characteristic", np.node)
    r.use(np.head, *np.dets)
    if attr in ("affiliation", "name", "alter_ego") and _relational(np):
        return [_relational_filter(np, r, attr, negate)]
    if attr in ("name", "alter_ego") and not names_in_peek(np) and any(
            isinstance(m, PP) and m.prep == "de" and m.obj is not None
            for m in [*np.mods, *(x for _, o in np.coords if isinstance(o, NP) for x in o.mods)]):
        return [_relational_filter(np, r, attr, negate)]     # "com o alter ego deste personagem": the same one
    if attr == "affiliation" and any(isinstance(m, PP) and m.prep == "em" for m in np.mods):
        return [_in_common(np, r, negate)]
    if attr in ("affiliation", "power", "name") and (np.participle is not None and np.participle.lemma == "escolher"):
        return [_chosen_value(np, r, attr, negate)]          # "com a afiliação escolhida", "com o nome escolhido"
    if attr == "affiliation" and np.det("este", "esse") and not names_in_peek(np):
        if r.last_affiliation is None:                       # "com esta afiliação": the one just named
            raise NotUnderstood("which affiliation?", np.node)
        r.use(*np.dets)
        return [Filter("affiliation", yes, r.last_affiliation)]
    if attr in ("affiliation", "name", "alter_ego"):
        names = names_in(np, r)
        if not names:
            raise NotUnderstood(f"which {lemma}?", np.node)
        if attr == "affiliation":
            r.last_affiliation = names[-1]
        op = yes if len(names) == 1 else ("lacks_all" if negate else "has_any")
        if attr != "affiliation":
            op = ("ne" if negate else "eq") if len(names) == 1 else ("ne_all" if negate else "has_any")
        return [Filter(attr, op, "/".join(names))]
    if attr in ("energy", "cost", "stage", "shield"):
        return [_comparison(np, r, attr, negate)]
    if attr == "characteristic":
        names = names_in(np, r)
        kws = [x for x in names]
        return [Filter("keyword", yes, k) for k in kws]
    raise NotUnderstood(f"a filter on '{lemma}'", np.node)


def _chosen_value(np: NP, r: Reading, attr: str, negate: bool) -> Filter:
    """"com a afiliação escolhida", "das afiliações escolhidas": the value a choice of this card wrote."""
    ref = next((x for x in reversed([*r.referents, *r.card_referents]) if x.head == f"choose_{attr}"), None)
    if ref is None:
        raise NotUnderstood(f"which chosen {np.lemma}?", np.node)
    assert np.participle is not None
    from cardscript.compiler.ir import Kind, Ref
    from cardscript.compiler.semantics.nouns import plural

    if not ref.slot and ref.selector is not None and not plural(np) and _by_that_player(np, r):
        # "cada jogador só pode usar ações de personagens que sejam da afiliação escolhida por ele": each player's own
        # choice -- the one the controller of the card described made (a player uses its own characters' actions)
        r.use(*np.dets, np.participle)
        return Filter(attr, "not_chosen_by_controller" if negate else "chosen_by_controller", ref.selector)
    if not ref.slot:                                 # several choices ("cada um dos jogadores escolhe ..."): all of
        if not plural(np) or ref.selector is None or np.mods:     # them, "das afiliações escolhidas" -- not one
            raise NotUnderstood(f"which chosen {np.lemma}?", np.node)
        r.use(*np.dets, np.participle)
        return Filter(attr, "not_chosen" if negate else "chosen", ref.selector)
    r.use(*np.dets, np.participle)

    return Filter(attr, "not_chosen" if negate else "chosen", Selector(kind=Kind.CARD, ref=Ref.SLOT, slot=ref.slot))


def _by_that_player(np: NP, r: Reading) -> bool:
    """"escolhida por ele", the pronoun standing for "cada jogador" (every player, one at a time): its words used."""
    from cardscript.compiler.semantics.nouns import things

    if len(np.mods) != 1 or not isinstance(np.mods[0], PP) or np.mods[0].prep != "por" or np.mods[0].obj is None:
        return False
    by = np.mods[0]
    assert by.obj is not None
    if by.obj.lemma != "ele" or by.obj.mods or by.obj.dets:
        return False
    who = things(by.obj, r)
    if who.kind is not Kind.PLAYER or who.ref is not Ref.EVERY_PLAYER or who.filters or who.excluding is not None:
        return False
    r.use(*by.preps)
    return True


def names_in_peek(np: NP) -> bool:
    return any(isinstance(m, NP) and isinstance(m.head, Name) for m in np.mods) or isinstance(np.head, Name)


def _relational(np: NP) -> bool:
    return np.adj("mesmo") or np.adj("igual", "iguais") or any(h.adj("igual", "iguais") for _, h in np.heads) or any(
        isinstance(m, Other) and m.kind == "compare" for m in np.mods)


def _relational_filter(np: NP, r: Reading, attr: str, negate: bool) -> Filter:
    """"com o mesmo nome ou alter ego que o personagem escolhido", "com nome ou alter ego igual ao de um
    personagem com a afiliação H.I.D.R.A.", "com o mesmo alter ego do alvo": shares that characteristic with."""
    from cardscript.compiler.semantics.nouns import things

    field_name = attr
    for conj, h in np.heads:                                  # "nome ou alter ego"
        other = ATTRIBUTE_OF_NOUN.get(h.lemma)
        if other in ("name", "alter_ego") and other != attr:
            r.use(conj, h.head, *(a for a in h.post if isinstance(a, Lexeme) and a.lemma in ("igual", "iguais")))
            field_name = "name_or_alter_ego"
    for conjs, o in np.coords:                                 # "o nome ou o alter ego de ..."
        if isinstance(o, NP) and ATTRIBUTE_OF_NOUN.get(o.lemma) in ("name", "alter_ego") and o.lemma != np.lemma:
            r.use_all(conjs)
            r.use(o.head, *o.dets)
            field_name = "name_or_alter_ego"
            np.mods.extend(o.mods)
    r.use(*(a for a in np.pre if a.lemma == "mesmo"), *(a for a in np.post if isinstance(a, Lexeme)
                                                       and a.lemma in ("igual", "iguais")))
    with_: Selector | None = None
    for _, h in np.heads:                                     # "nome ou alter ego igual ao de ..."
        np.mods.extend(x for x in h.mods if x not in np.mods)
    for m in np.mods:
        if isinstance(m, Other) and m.kind == "compare" and m.np is not None:
            r.use(*m.nodes)
            with_ = things(m.np, r)
        elif isinstance(m, PP) and m.prep in ("de", "a") and m.obj is not None:
            r.use(*m.preps)
            obj = m.obj
            if isinstance(obj.head, Lexeme) and obj.head.cls == "PRON" and obj.head.lemma in ("o", "a", "os", "as"):
                r.use(obj.head)                               # "igual ao de um personagem": the article stands for
                inner = next((x for x in obj.mods if isinstance(x, PP) and x.obj is not None), None)
                if inner is None or inner.obj is None:
                    raise NotUnderstood("equal to whose?", obj.node)
                r.use(*inner.preps)
                with_ = things(inner.obj, r)
            else:
                with_ = things(obj, r)
    if with_ is None:
        raise NotUnderstood("the same as what?", np.node)
    if field_name == "alter_ego" and _or_name_if_none(np, r):
        field_name = "identity"                               # 4.4.2.1 A.4: the alter ego, or the name if none
    if with_.ref is None and with_.excluding is not None \
            and with_.excluding.ref in (Ref.THIS_CHARACTER, Ref.THIS_CARD):
        with_ = replace(with_, excluding=None)    # "o mesmo alter ego que outro personagem": other than the one
        #                                           compared, which a comparison never counts (runtime: shares)
    return Filter(field_name, "not_shares" if negate else "shares", with_)


_OR_NAME_IF_NONE = (["ou", "nome", "se", "não", "haver", "alter ego"], ["ou", "mesmo", "nome", "se", "não", "haver",
                                                                        "alter ego"])


def _or_name_if_none(np: NP, r: Reading) -> bool:
    """"o mesmo alter ego (ou nome, se não houver alter ego)": the rules' identity of a character (4.4.2.1 A.4) --
    the parenthesis is read, and the comparison is of identities."""
    from cardscript.compiler.semantics.syntax import leaves

    for m in np.mods:
        if isinstance(m, Other) and m.kind == "paren":
            words = [x.lemma for n in m.nodes for x in leaves(n) if isinstance(x, Lexeme) and x.word != ","]
            if words in _OR_NAME_IF_NONE:
                r.use(*m.nodes)
                return True
    return False


def with_in_common(obj: NP, in_common: Constituent | None) -> NP:
    """"ter uma afiliação *em comum com X*": the verb's "em comum" complement (``ter``'s role ``in_common``) read
    as the affiliation's own modifier."""
    if isinstance(in_common, PP) and in_common.obj is not None and in_common.obj.lemma == "comum":
        return replace(obj, mods=[*obj.mods, in_common])
    return obj


def _in_common(np: NP, r: Reading, negate: bool) -> Filter:
    """"uma afiliação em comum com este personagem", "alguma afiliação em comum com alguma das afiliações deste
    personagem", "alguma afiliação em comum com as afiliações dos personagens que você controla". "(não tiver)
    nenhuma afiliação em comum" is negative concord: the verb's negation says it, "nenhuma" agrees."""
    with_: Selector | None = None
    for m in np.mods:
        if isinstance(m, PP) and m.prep == "em" and m.obj is not None and m.obj.lemma == "comum":
            r.use(*m.preps, *m.obj.own_leaves)
            for mm in (*m.obj.mods, *np.mods):
                if isinstance(mm, PP) and mm.prep == "com" and mm.obj is not None:
                    r.use(*mm.preps)
                    with_ = _owner_of_affiliations(mm.obj, r)
        elif isinstance(m, PP) and m.prep == "com" and m.obj is not None and with_ is None:
            r.use(*m.preps)
            with_ = _owner_of_affiliations(m.obj, r)
    if with_ is None:
        raise NotUnderstood("in common with what?", np.node)
    return Filter("affiliation", "not_shares" if negate else "shares", with_)


def _owner_of_affiliations(np: NP, r: Reading) -> Selector:
    """"este personagem", "as afiliações dos personagens que você controla", "alguma das afiliações deste
    personagem": whose affiliations."""
    from cardscript.compiler.semantics.nouns import things

    if np.lemma in ("afiliação",) or (isinstance(np.head, Lexeme) and np.head.cls == "PRON"):
        r.use(np.head, *np.dets)
        for m in np.mods:
            if isinstance(m, PP) and m.prep == "de" and m.obj is not None:
                r.use(*m.preps)
                if m.obj.lemma == "afiliação":
                    return _owner_of_affiliations(m.obj, r)
                return things(m.obj, r)
        raise NotUnderstood("whose affiliations?", np.node)
    return things(np, r)


def _comparison(np: NP, r: Reading, attr: str, negate: bool) -> Filter:
    """"Energia Inicial 4 ou maior", "Energia inicial maior ou igual a 6", "Energia igual a 1", "custo {0}",
    "custo igual ao estágio ...", "estágio {0}"."""
    field_name = attr
    for a in (*np.pre, *np.post):
        if isinstance(a, Lexeme) and a.lemma == "inicial":
            r.use(a)
            field_name = "initial_energy"
        elif isinstance(a, Lexeme) and a.lemma == "atual":
            r.use(a)
    op = "eq"
    value: str | None = None
    stage_of: Selector | None = None
    words: list[Leaf] = []
    values: list[str] = []
    for m in np.mods:
        if isinstance(m, Other) and m.kind == "value":              # "estágio {2}", "custo {0} e {1}"
            for x in (x for n in m.nodes for x in leaves(n)):
                if isinstance(x, Icon):
                    values.append(x.code)
                elif isinstance(x, Number):
                    values.append(str(x.value))
                r.use(x)
            continue
        if isinstance(m, Other) and m.kind in ("adj",):
            words.extend(x for n in m.nodes for x in leaves(n))
        elif isinstance(m, PP) and m.prep == "de" and m.obj is not None and m.obj.lemma == "capacitação" \
                and attr == "stage" and not m.obj.mods:
            r.use(*m.preps, m.obj.head, *m.obj.dets)                # "o estágio de capacitação {0}"
        elif isinstance(m, PP) and m.obj is not None and m.prep in ("a", "de") and _stage_where(m.obj) is not None:
            r.use(*m.preps)                                          # "custo igual ao estágio de capacitação em
            stage_of = _stage_of(m.obj, r)                           # que X se encontra": the stage that thing
            #                                                          is at now
        elif isinstance(m, PP) and m.obj is not None and m.prep in ("a", "de"):
            r.use(*m.preps)
            v = _value(m.obj, r)
            if v is not None:
                value = v
        elif isinstance(m, NP):
            v = _value(m, r)
            if v is not None:
                value = v
    for a in (*np.post, *words):
        if isinstance(a, Lexeme) and a.lemma in COMPARATIVE:
            r.use(a)
            op = {"eq": op, "ge": "ge", "le": "le", "ne": "ne"}[COMPARATIVE[a.lemma]] if op == "eq" else op
        elif (isinstance(a, Lexeme) and a.lemma in ("ou",)) or isinstance(a, Symbol):
            r.use(a)
    if stage_of is not None:
        if op != "eq" or value is not None or values:
            raise NotUnderstood(f"{np.lemma} compared how with the stage?", np.node)
        return Filter(field_name, "ne_stage" if negate else "eq_stage", stage_of)
    if value is None and len(values) == 1:
        value = values[0]
    elif value is None and len(values) > 1:
        return Filter(field_name, "in" if not negate else "not_in", "/".join(values))
    if value is None:
        raise NotUnderstood(f"{np.lemma} compared with what?", np.node)
    if negate:
        op = {"eq": "ne", "ge": "lt", "le": "gt", "ne": "eq"}[op]
    return Filter(field_name, op, value)


def _stage_where(np: NP) -> Rel | None:
    """"o estágio (de capacitação) em que este personagem se encontra": the relative naming whose stage it is."""
    from cardscript.compiler.semantics.verbs import analyse

    if np.lemma != "estágio":
        return None
    hosts = [np, *(m.obj for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None
                   and m.obj.lemma == "capacitação")]            # "... de capacitação em que": on the noun before
    rels = [m for h in hosts for m in h.mods if isinstance(m, Rel)]
    if len(rels) != 1 or [getattr(x, "lemma", "") for x in rels[0].markers] != ["em", "que"] \
            or analyse(rels[0].clause).lemma != "encontrar" or len(rels[0].subject) != 1 or rels[0].args:
        return None
    return rels[0]


def _stage_of(np: NP, r: Reading) -> Selector:
    """The thing whose stage ``np`` ("o estágio de capacitação em que este personagem (X) se encontra") is; a
    parenthesis after its subject that only names it restates which one it is."""
    from cardscript.compiler.semantics.nouns import things
    from cardscript.compiler.semantics.verbs import analyse

    rel = _stage_where(np)
    assert rel is not None
    subject = rel.subject[0]
    if not isinstance(subject, NP):
        raise NotUnderstood("the stage of what?", np.node)
    for m in list(subject.mods):                                   # "este personagem (Rocha Lunar)"
        words = [x for n in (m.nodes if isinstance(m, Other) and m.kind == "paren" else []) for x in leaves(n)
                 if getattr(x, "text", "") not in ("(", ")")]
        if words and all(isinstance(x, Name) for x in words):
            r.use(*m.nodes)                                        # type: ignore[union-attr]
            subject.mods.remove(m)
    for m in np.mods:
        if isinstance(m, PP) and m.prep == "de" and m.obj is not None and m.obj.lemma == "capacitação":
            r.use(*m.preps, m.obj.head, *m.obj.dets)
            if any(not isinstance(x, Rel) for x in m.obj.mods):
                raise NotUnderstood("the stage of capacitation of what?", m.obj.node)
    sel = things(subject, r)
    if sel.ref is None or sel.kind is not Kind.CHARACTER:
        raise NotUnderstood("the stage of which character?", subject.node)
    r.use(np.head, *np.dets, *rel.markers, *analyse(rel.clause).words, rel.clause)
    return sel


def _value(np: NP, r: Reading) -> str | None:
    """A compared value: a number, an icon ({1}), "X"."""
    head = np.head
    if isinstance(head, Number):
        r.use(head, *np.dets)
        return str(head.value)
    if isinstance(head, Icon):
        r.use(head, *np.dets)
        return head.code
    if is_x(head):
        r.use(head, *np.dets)
        return "X"
    return None


def gained(np: NP, r: Reading) -> Attributes:
    """What "ganha ..." / "perde ..." lists: powers, affiliations, alignments, Escudo ±N, keywords, "os poderes
    dos cards que ele estiver carregando", "todos os seus poderes", "aquele poder"."""
    out = Attributes()
    _gained_one(np, r, out)
    for joiner, bare in np.heads:                # "seus alinhamentos e afiliações": the determiners are shared
        if isinstance(bare.head, Icon):          # "{SF} e {VO}": read with the first (icons_in)
            continue
        r.use(joiner)
        _gained_one(replace(bare, dets=[*np.dets, *bare.dets]), r, out)
    for conj, other in np.coords:
        r.use_all(conj)
        if not isinstance(other, NP):
            raise NotUnderstood("a coordinated phrase that is not a characteristic", np.node)
        _gained_one(other, r, out)
    return out


def _gained_one(np: NP, r: Reading, out: Attributes) -> None:
    from cardscript.compiler.semantics.nouns import reference, things

    head = np.head
    lemma = np.lemma
    if isinstance(head, Icon):
        out.powers.extend(icons_in(np, r))
        return
    if isinstance(head, Lexeme) and head.cls in ("KEYWORD", "KEYWORD_PREFIX"):
        r.use(head)
        out.keywords.append(head.word)
        return
    if lemma == "escudo":
        r.use(head, *np.dets)
        q = signed_amount(np, r)
        if q is None:
            raise NotUnderstood("Escudo by how much?", np.node)
        if q.x_times:
            out.shield_x = q
        else:
            out.shield = q.fixed
        return
    if lemma in ALIGNMENT_OF_WORD:
        r.use(head, *np.dets)
        out.alignments.append(ALIGNMENT_OF_WORD[lemma])
        return
    if lemma == "alinhamento" and np.det("seu", "todo") and not np.mods:    # "seus alinhamentos": all of them
        r.use(head, *np.dets)
        out.all_alignments = True
        return
    if lemma == "afiliação":
        r.use(head)
        of = _of_things(np, r)
        if of is not None:                                      # "as afiliações dos personagens vilões ..."
            r.use(*np.dets)
            out.affiliations_of = of
            return
        if np.det("seu", "todo"):
            r.use(*np.dets)
            out.all_affiliations = True
            return
        names = names_in(np, r)
        if not names:
            raise NotUnderstood("which affiliation?", np.node)
        r.use(*np.dets)
        out.affiliations.extend(names)
        return
    if lemma == "poder":
        r.use(head)
        if np.participle is not None and np.participle.lemma == "escolher" or np.det("aquele", "esse"):
            ref = reference(np, r)
            if ref is None:
                raise NotUnderstood("which power?", np.node)
            out.named_power = ref
            return
        from cardscript.compiler.semantics.nouns import plural, things

        of = _of_things(np, r)
        if of is None and isinstance(r.shared_of, PP) and r.shared_of.obj is not None and plural(np) \
                and np.det("o") and not np.mods:
            of = things(r.shared_of.obj, r)          # "ganha os poderes e pode usar as ações dos cards ...": theirs
            from cardscript.compiler.semantics.syntax import constituent_leaves

            if any(not r.is_used(x) for x in constituent_leaves(r.shared_of.obj)):
                raise NotUnderstood("the powers of what (the shared 'de ...' is not read whole)?", np.node)
        if of is not None:
            r.use(*np.dets)
            out.powers_of = of
            return
        if np.det("todo", "seu"):
            r.use(*np.dets)
            out.all_powers = True
            return
        raise NotUnderstood("which powers?", np.node)
    if lemma in ("alter ego", "alter-ego") and np.det("o", "um") and not np.heads:
        r.use(head, *np.dets)
        of = _of_things(np, r)
        if of is not None:                                      # "o alter ego de um card de personagem ..."
            out.alter_egos_of = of
            return
        names = names_in(np, r)
        if not names:
            raise NotUnderstood("which alter ego?", np.node)
        out.alter_egos.extend(names)
        return
    if isinstance(head, Name):
        out.affiliations.extend(names_in(np, r))
        return
    del things
    from cardscript.compiler.semantics.nouns import text_of

    raise NotUnderstood(f"'{lemma or text_of(np)}' is not something that can be gained", np.node)


def _of_things(np: NP, r: Reading) -> Selector | None:
    from cardscript.compiler.semantics.nouns import things

    for m in np.mods:
        if isinstance(m, PP) and m.prep == "de" and m.obj is not None:
            r.use(*m.preps)
            return things(m.obj, r)
    return None


def alignment_word(np: NP) -> str | None:
    return ALIGNMENT_OF_WORD.get(np.lemma)
