"""What a noun phrase's modifiers contribute to its selector (``docs/semantics.md`` section 1, "prepositional
modifier", "relative clause"), one rule per preposition and class of the governed phrase:

=========  =====================================  ============================================================
prep       governed phrase                        contribution
=========  =====================================  ============================================================
de         a card type, no determiner             ``card_type`` ("card de personagem"; its own modifiers too)
de         a power icon / "a afiliação X"         ``power`` / ``affiliation`` ("habilidade de {AE}")
de         an area                                where the cards are ("de seus recursos", "do topo de seu deck")
de         a thing                                carried by it (cards), used by it (actions)
de         a player                               controlled / owned by ("os personagens de um jogador")
com / sem  a characteristic                       ``attributes.filters_for`` ("com a afiliação X", "sem {VO}")
em         an area                                where it is ("em cena", "em seu deck, mão e recursos")
entre      an area of players                     where it is ("entre os prêmios de seus oponentes")
a          "escolha [de X]"                       who chooses ("à sua escolha", "à escolha daquele jogador")
sob        "seu controle"                         controlled by you
(part.)    "controlado por X", "carregado por X"  controller / carrier; "revelados nesta ação", "chamado X"
=========  =====================================  ============================================================

Relative clauses are read by ``relatives.relative_filter``.
"""

from __future__ import annotations

from cardscript.compiler.ast import Icon, Lexeme, Name
from cardscript.compiler.fast_replace import replace
from cardscript.compiler.ir import Filter, Kind, Quantity, Ref, Selector
from cardscript.compiler.semantics import attributes as at
from cardscript.compiler.semantics.places import place
from cardscript.compiler.semantics.reading import NotUnderstood, Reading
from cardscript.compiler.semantics.syntax import NP, PP, Other, Rel
from cardscript.compiler.semantics.vocabulary import (
    ACTION_TYPE_OF_WORD,
    ATTRIBUTE_OF_NOUN,
    CARD_TYPE_OF_NOUN,
    KIND_OF_NOUN,
    STATE_FILTERS,
)

_CARD_KINDS = (Kind.CARD, Kind.CHARACTER, Kind.SUPPORT, Kind.SCENARIO, Kind.ABILITY)


def add_filter(sel: Selector, *filters: Filter) -> Selector:
    return replace(sel, filters=(*sel.filters, *filters))


def apply_modifiers(sel: Selector, np: NP, r: Reading) -> Selector:
    """Apply every modifier of ``np`` to ``sel``."""
    from cardscript.compiler.semantics.relatives import relative_filter

    if np.participle is not None:
        sel = participle(sel, np, r)
    for m in np.mods:
        if isinstance(m, PP):
            sel = prepositional(sel, m, np, r)
        elif isinstance(m, Rel):
            sel = relative_filter(sel, m, r, np)
        elif isinstance(m, NP) and isinstance(m.head, Name):
            sel = _named(sel, np, r)
            if m.participle is not None and not m.mods and np.participle is None:
                # "o personagem Réplica de Loki nocauteado": the participle after the name is the whole phrase's
                sel = participle(sel, replace(np, participle=m.participle, mods=[]), r)
        elif isinstance(m, Other) and m.kind == "paren":
            sel = _restated(sel, m, r)
        elif isinstance(m, Other) and m.kind == "choice":
            sel = _choice(sel, m, r)
        elif isinstance(m, Other) and m.kind == "there":
            sel = _there(sel, m, r)
        elif isinstance(m, Other) and m.kind == "adj" and sel.kind is Kind.ACTION:
            sel = _action_type_words(sel, m, r)
    return sel


def _there(sel: Selector, m: Other, r: Reading) -> Selector:
    """"um card dali": from the area named last ("olhe a mão do jogador alvo, escolha um card dali")."""
    from cardscript.compiler.semantics.places import Place

    p = r.last_place
    if not isinstance(p, Place):
        raise NotUnderstood("from where?", m.nodes[0])
    r.use(*m.nodes)
    return _in_place(sel, p)


def _choice(sel: Selector, m: Other, r: Reading) -> Selector:
    """"um personagem a sua escolha", "à escolha daquele jogador": who chooses it."""
    from cardscript.compiler.semantics.syntax import attach_parts, np_of

    np = np_of(m.nodes[0])
    r.use(np.head, *np.dets)
    rest = attach_parts(list(getattr(m.nodes[0], "parts", ()))[0:0])
    del rest
    chooser: Selector | None = None
    if not np.det("seu"):
        raise NotUnderstood("chosen by whom?", m.nodes[0])
    return replace(sel, chooser=chooser)


def _action_type_words(sel: Selector, m: Other, r: Reading) -> Selector:
    """"uma ação de Antecipar ou Imprevista": the coordinated action type (any of them)."""
    from cardscript.compiler.semantics.syntax import leaves

    words = [x for n in m.nodes for x in leaves(n) if isinstance(x, Lexeme)]
    types = [ACTION_TYPE_OF_WORD[w.lemma] for w in words if w.lemma in ACTION_TYPE_OF_WORD]
    if not types:
        return sel
    r.use(*words)
    have = [f for f in sel.filters if f.field == "action_type" and f.op == "has"]
    others = [f for f in sel.filters if not (f.field == "action_type" and f.op == "has")]
    names = [str(f.value) for f in have] + types
    return replace(sel, filters=(*others, Filter("action_type", "has_any", "/".join(names))))


def _named(sel: Selector, np: NP, r: Reading) -> Selector:
    """"a ação Golpe de Pé-de-Cabra", "o cenário Véspera do Julgamento", "chamado Galactus, Odin, Thor ou Loki"."""
    if any(f.field == "name" for f in sel.filters):
        return sel
    names = at.names_in(NP(np.node, mods=[m for m in np.mods if isinstance(m, NP)]), r)
    if not names:
        return sel
    from cardscript.core.normalize import fold_text

    if len(names) == 1 and sel.kind is Kind.ACTION and r.card.action_name \
            and fold_text(names[0]) == fold_text(r.card.action_name) and sel.ref is None and not sel.every:
        return replace(sel, ref=Ref.THIS_ACTION, filters=())      # "a ação X" of this card's action
    if sel.kind in (Kind.CHARACTER, Kind.CARD) and sel.ref is None and _only_affiliations(np):
        return add_filter(sel, Filter("affiliation", "has_any" if len(names) > 1 else "has", "/".join(names)))
    return add_filter(sel, Filter("name", "has_any" if len(names) > 1 else "eq", "/".join(names)))


def _only_affiliations(np: NP) -> bool:
    """"um personagem X-Men ou Irmandade de Mutantes": names the library knows only as affiliations (never as a
    card's name) said after the head noun are the character's affiliations (rules 2.1), not its name."""
    from cardscript.compiler.semantics.syntax import leaves

    found = [n for m in np.mods if isinstance(m, NP) for n in leaves(m.node) if isinstance(n, Name)]
    return bool(found) and all("affiliation" in n.kinds and "card" not in n.kinds for n in found)


def _restated(sel: Selector, m: Other, r: Reading) -> Selector:
    """"este personagem (o personagem que usou esta ação)", "este personagem (Heimdall)": the same thing said again
    -- read, and used, only when it means what the phrase already means."""
    from cardscript.compiler.semantics.nouns import things
    from cardscript.compiler.semantics.syntax import attach_parts

    paren = m.nodes[0]
    if _or_more_than_one(paren) and sel.count == Quantity.of(1) and sel.ref is None and not sel.every:
        r.use(paren)                                        # "um personagem (ou mais de um)": "um ou mais"
        return replace(sel, count=replace(sel.count, or_more=True))
    inner_parts = [p for p in getattr(paren, "parts", ()) if getattr(p, "text", None) not in ("(", ")")]
    if len(inner_parts) == 1 and hasattr(inner_parts[0], "parts"):
        inner_parts = list(inner_parts[0].parts)
    constituents = attach_parts(inner_parts)
    if len(constituents) == 1 and isinstance(constituents[0], PP) and constituents[0].obj is not None \
            and not constituents[0].verb and not constituents[0].coords:
        constituents = [constituents[0].obj]                # "neste personagem (no personagem que usou esta ação)":
        #                                                     the place said again, its preposition repeated
    if len(constituents) != 1 or not isinstance(constituents[0], NP):
        return sel
    probe = Reading(r.card, r.bindings, r.in_action, list(r.referents), list(r.card_referents), list(r.targets),
                    r.x, r.next_slot)
    try:
        again = things(constituents[0], probe)
    except NotUnderstood:
        return sel
    refs = {again.ref, sel.ref}
    same = (again.ref == sel.ref or refs <= {Ref.THIS_CHARACTER, Ref.ACTION_USER}
            or (refs <= {Ref.THIS_CARD, Ref.THIS_CHARACTER} and r.card.kind.startswith("Personagem")))
    if same and sel.ref is not None:
        r.use(paren)
    return sel


def _or_more_than_one(paren: object) -> bool:
    """"(ou mais de um)", "(ou mais de uma)": the count before it is at least one."""
    from cardscript.compiler.semantics.syntax import leaves

    words = [x.lemma for x in leaves(paren) if isinstance(x, Lexeme)]   # type: ignore[arg-type]
    return words in (["ou", "mais", "de", "um"], ["ou", "mais", "de", "uma"])


def _own_card(np: NP, r: Reading) -> bool:
    """"(descrita) em seu próprio card": the one card its user is (4.1), read (the PP taken off the phrase);
    False, nothing read, for any other place."""
    pp = next((m for m in np.mods if isinstance(m, PP) and m.prep == "em" and m.obj is not None), None)
    card = pp.obj if pp is not None else None
    if pp is None or card is None or card.lemma != "card" or not card.det("seu") or card.mods or card.post \
            or [a.lemma for a in card.pre] != ["próprio"]:
        return False
    r.use(*pp.preps, card.head, *card.dets, *card.pre)
    np.mods.remove(pp)
    return True


def _plural(np: NP) -> bool:
    from cardscript.compiler.semantics.nouns import plural

    return plural(np)


def participle(sel: Selector, np: NP, r: Reading) -> Selector:
    """"chamado X", "controlado por X", "carregados por X", "revelados nesta ação", "escolhido" (a reference, read
    by nouns.reference), "procurado desta forma"."""
    from cardscript.compiler.semantics.nouns import players, things

    p = np.participle
    assert p is not None
    lemma = p.lemma
    if lemma == "chamar":
        r.use(p)
        return _named(sel, np, r)
    agent = next((m for m in np.mods if isinstance(m, PP) and m.prep == "por" and m.obj is not None), None)
    if lemma == "controlar" and agent is not None and agent.obj is not None and _one_same(agent.obj):
        r.use(p, *agent.preps, agent.obj.head, *agent.obj.dets, *agent.obj.pre)   # "dois personagens controlados
        np.mods.remove(agent)                                                     # por um mesmo jogador"
        return replace(sel, same="controller")
    if lemma == "controlar" and agent is not None and agent.obj is not None:
        r.use(p, *agent.preps)
        _coordinated_relatives(agent.obj, np)
        who = players(agent.obj, r)
        if who.ref in (Ref.YOU, Ref.OPPONENT) and who.filters:   # "por um oponente que entrou em cena": a
            raise NotUnderstood("controlled by which player?", agent.obj.node)   # player's filter is not theirs
        np.mods.remove(agent)
        return add_filter(sel, _controller_filter(who))
    onto = next((m for m in np.mods if isinstance(m, PP) and m.prep == "em" and m.obj is not None
                 and m.obj.cls == "thing"), None)
    if lemma == "carregar" and agent is None and onto is not None and sel.ref is None:
        agent = onto                                        # "os cards carregados naquele suporte" (4.4)
    if lemma == "carregar" and agent is not None and agent.obj is not None:
        r.use(p, *agent.preps)
        carrier = things(agent.obj, r)
        np.mods.remove(agent)
        return replace(sel, zone="carried", of=carrier)
    if lemma == "descrever" and sel.kind is Kind.ACTION and sel.ref is None and _own_card(np, r):
        r.use(p)                                   # "uma ação descrita em seu próprio card": written on its user's
        return add_filter(sel, Filter("own_card", "eq", "true"))   # card, not on a card it carries (4.6.2 C.3)
    if lemma in ("revelar", "procurar", "escolher", "separar", "carregar", "descartar", "colocar", "permutar",
                 "indicar", "descrever") and sel.ref is None:
        found = _introduced_by(lemma, r)
        if found is not None:
            r.use(p)
            _use_this_action(np, r)
            if sel.filters:                                 # "um card de habilidade revelado nesta ação": one of
                return Selector(kind=sel.kind, union=(found,), filters=sel.filters, text=sel.text,   # them, as
                                every=sel.every, count=sel.count)                                 # many as said
            return replace(found, kind=sel.kind, text=sel.text)
    if lemma in ("incapacitar", "capacitar") and sel.ref is None and _this_way(np):
        found = _introduced_by(lemma, r)                    # "o personagem incapacitado desta forma": the one(s)
        if found is not None and found.ref is Ref.SLOT and found.slot.startswith("intro:"):   # whose stage the
            r.use(p)                                        # change of stage changed (runtime.stages ':changed')
            _use_this_action(np, r)
            return replace(found, kind=sel.kind, slot=f"{found.slot}:changed", text=sel.text)
    if lemma == "nocautear" and r.event_kind == "knocked_out" and sel.ref is None and np.det("o") \
            and not _plural(np) and sel.kind is Kind.CHARACTER:
        r.use(p, *np.dets)                                  # "Quando X for nocauteado, ... o personagem nocauteado":
        return Selector(kind=Kind.CHARACTER, ref=Ref.SLOT, slot="event:subject", every=True,   # the event's
                        text=sel.text)                                                           # subject (4.7)
    if lemma == "escolher":
        return sel                                          # "o ... escolhido": nouns.reference
    if lemma == "usar" and sel.kind is Kind.ACTION and sel.next_only and agent is not None \
            and agent.obj is not None and agent.obj.cls == "thing":
        r.use(p, *agent.preps)                              # "a próxima ação usada por um personagem ...": the
        np.mods.remove(agent)                               # next use of an action by such a user (4.6.2 H)
        return add_filter(sel, Filter("user", "eq", things(agent.obj, r)))
    if lemma == "usar" and sel.kind is Kind.ACTION:
        return sel                                          # "ações usadas ...": relatives / clauses read it
    return sel


def _one_same(agent: NP) -> bool:
    """"por um mesmo jogador": one player, the same for every thing chosen (no player of its own described)."""
    return agent.lemma == "jogador" and [d.lemma for d in agent.dets] == ["um"] \
        and [a.lemma for a in agent.pre] == ["mesmo"] and not agent.post and not agent.mods and not agent.heads \
        and not agent.coords


def _this_way(np: NP) -> bool:
    """The participle of ``np`` is followed by "desta forma" (among its modifiers)."""
    return any(isinstance(m, PP) and m.prep == "de" and m.obj is not None and m.obj.lemma == "forma"
               and m.obj.det("este") for m in np.mods)


def _coordinated_relatives(agent: NP, np: NP) -> None:
    """"um personagem controlado por outro jogador *e que esteja carregando mais de um card*": a relative joined by
    "e" after the participle's agent is coordinated with the participle -- it describes the head noun, not the
    player (it moves to ``np``'s modifiers, read after the participle)."""
    for m in list(agent.mods):
        if isinstance(m, Rel) and m.markers and isinstance(m.markers[0], Lexeme) and m.markers[0].lemma == "e":
            agent.mods.remove(m)
            np.mods.append(m)


_VERB_SLOT_KIND = {"revelar": "reveal", "procurar": "search", "escolher": "choose", "separar": "set_aside",
                   "carregar": "load", "descartar": "discard", "colocar": "move", "permutar": "swap",
                   "incapacitar": "stage", "capacitar": "stage", "nocautear": "knock_out", "descarregar": "unload"}


def _introduced_by(lemma: str, r: Reading) -> Selector | None:
    """"os cards revelados (nesta ação)", "cada card procurado desta forma": what the latest procedure of that verb
    introduced."""
    family = _VERB_SLOT_KIND.get(lemma)
    for ref in reversed(r.referents):
        if ref.head == family and not ref.slot and ref.selector is not None:
            return ref.selector                             # one of each: the union of their slots
        if ref.head == family:
            return Selector(kind=ref.kind, ref=Ref.SLOT, slot=ref.slot, every=True)
    if family is not None and family in r.acted:            # "o card carregado (desta forma)": the cards the
        return Selector(Kind.CARD, ref=Ref.SLOT, slot=r.acted[family], every=True)   # latest load loaded
    if family is not None and family == r.event_kind and family in _EVENT_NAMING_CARDS:
        # in a trigger's effect, "cada card procurado desta forma": the cards the triggering search found (5.2)
        return Selector(Kind.CARD, ref=Ref.SLOT, slot="event:cards", every=True)
    return None


# events that name the cards they drew, found or revealed (runtime.triggers.event_slots: "event:cards")
_EVENT_NAMING_CARDS = ("search", "reveal")


# action keywords whose procedure a participle can point back at: "revelados na Clarividência desta ação" (7.1)
_KEYWORD_PROCEDURE = {"clarividencia": "revelar"}


def _use_this_action(np: NP, r: Reading) -> None:
    """"revelados *nesta ação*", "procurado *desta forma*", "revelados *na Clarividência desta ação*": the words
    pointing back at the procedure (a keyword's own: its procedure is the latest of that verb, 7.1)."""
    p = np.participle
    for m in list(np.mods):
        if isinstance(m, PP) and m.prep == "em" and m.keyword is not None and p is not None \
                and _KEYWORD_PROCEDURE.get(m.keyword.lemma) == p.lemma and r.in_action:
            r.use(*m.own_leaves)
            np.mods.remove(m)
    for m in list(np.mods):
        if isinstance(m, PP) and m.obj is not None and m.prep in ("em", "de") and (
                m.obj.lemma in ("ação", "forma") and m.obj.det("este", "esse")):
            r.use(*m.preps, *m.obj.own_leaves)
            np.mods.remove(m)


def _controller_filter(who: Selector) -> Filter:
    if who.ref is Ref.YOU:
        return Filter("controller", "eq", "you")
    if who.ref is Ref.OPPONENT:
        return Filter("controller", "eq", "opponent")
    return Filter("controller", "eq", who)


def prepositional(sel: Selector, pp: PP, np: NP, r: Reading) -> Selector:
    prep = pp.prep
    obj = pp.obj
    if pp.keyword is not None and prep in ("com", "sem", "de"):      # "ações com Clarividência"
        r.use(*pp.preps, pp.keyword)
        return add_filter(sel, Filter("keyword", "lacks" if prep == "sem" else "has", pp.keyword.word))
    if obj is None:
        if pp.verb and sel.kind is Kind.ACTION and prep == "de":       # "ação de Antecipar"
            words = [v for v in pp.verb if isinstance(v, Lexeme) and v.lemma == "antecipar"]
            if words:
                r.use(*pp.preps, *words)
                return add_filter(sel, Filter("action_type", "has", "antecipar"))
        if pp.adv is not None:
            raise NotUnderstood(f"'{prep} {pp.adv.word}' after a thing", np.node)
        return sel
    if prep == "de":
        return _of(sel, pp, obj, np, r)
    if prep == "em" and obj.lemma in STATE_FILTERS and not obj.dets and not obj.mods:     # a game's state
        r.use(*pp.preps, obj.head)                                       # ("um aliado em Preparação")
        return add_filter(sel, STATE_FILTERS[obj.lemma])
    if prep in ("com", "sem"):
        if sel.kind is Kind.ACTION and obj.lemma == "alvo":
            r.use(*pp.preps, *obj.own_leaves)
            out = add_filter(sel, Filter("targeted", "eq" if prep == "com" else "ne", "true"))
            for m in obj.mods:                 # "uma ação com alvos que cada jogador usar": the relative of "usar"
                if isinstance(m, Rel) and m.lemma == "usar":      # describes the action used, not its targets
                    from cardscript.compiler.semantics.relatives import relative_filter

                    out = relative_filter(out, m, r, np)
            return out
        r.use(*pp.preps)
        further = [c for c in obj.mods if isinstance(c, PP) and c.prep in ("com", "sem") and c.obj is not None
                   and isinstance(c.obj.head, Icon) and obj.lemma in ATTRIBUTE_OF_NOUN]   # "com a afiliação X-Men
        # *com {TE}*": a power is the thing's,
        obj.mods = [c for c in obj.mods if c not in further]  # a characteristic has no characteristics
        for c in further:
            sel = prepositional(sel, c, np, r)
        found = at.filters_for(obj, r, negate=prep == "sem")
        if pp.coords and all(getattr(w, "lemma", "") == "e" for conj, _ in pp.coords for w in conj):
            for conj, other in pp.coords:          # "com {LA} e com uma afiliação em comum com ...": both
                r.use_all(conj)
                r.use(*other.preps)
                if other.obj is None:
                    raise NotUnderstood("and with what?", np.node)
                found.extend(at.filters_for(other.obj, r, negate=prep == "sem"))
            return add_filter(sel, *found)
        if pp.coords:                              # "com a afiliação X ou com a afiliação Y": either
            alts = list(found)
            for conj, other in pp.coords:
                r.use_all(conj)
                r.use(*other.preps)
                if other.obj is None:
                    raise NotUnderstood("or with what?", np.node)
                alts.extend(at.filters_for(other.obj, r))
            if not all(f.field == alts[0].field and f.op == "has" for f in alts) or prep == "sem":
                raise NotUnderstood("with one thing or another", np.node)
            return add_filter(sel, Filter(alts[0].field, "has_any", "/".join(str(f.value) for f in alts)))
        return add_filter(sel, *found)
    if prep in ("em", "entre", "dentre") and obj.cls == "zone":
        return _located(sel, pp, r)
    if prep in ("dentre", "entre") and obj.cls == "thing" and sel.ref is None:    # "cards de habilidade dentre eles"
        from cardscript.compiler.semantics.nouns import things

        r.use(*pp.preps)
        pool = things(obj, r)
        return replace(sel, union=(pool,))         # those of them matching the phrase's kind and filters
    if prep == "a" and obj.lemma == "escolha":                        # "à sua escolha", "à escolha daquele jogador"
        from cardscript.compiler.semantics.nouns import players

        r.use(*pp.preps, *obj.own_leaves)
        chooser: Selector | None = None
        for m in obj.mods:
            if isinstance(m, PP) and m.prep == "de" and m.obj is not None:
                r.use(*m.preps)
                chooser = players(m.obj, r)
        return replace(sel, chooser=chooser)
    if prep == "sob" and obj.lemma == "controle":                     # "sob seu controle"
        r.use(*pp.preps, *obj.own_leaves)
        return add_filter(sel, Filter("controller", "eq", "you"))
    if prep == "exceto":
        from cardscript.compiler.semantics.nouns import things

        r.use(*pp.preps)
        return replace(sel, excluding=things(obj, r))
    if prep in ("em", "a", "de") and obj.lemma in ("comum",):
        return sel
    return sel


def _ability_card(owner: Selector) -> bool:
    """An ability card: of that kind, or described as one ("um card de habilidade de {MA}")."""
    return owner.kind is Kind.ABILITY or any(f.field == "card_type" and f.value == "Habilidade"
                                             for f in owner.filters)


def _of(sel: Selector, pp: PP, obj: NP, np: NP, r: Reading) -> Selector:
    """The "de" modifiers (see the module table)."""
    from cardscript.compiler.semantics.nouns import players, things

    lemma = obj.lemma
    if sel.kind is Kind.ACTION and lemma in (*CARD_TYPE_OF_NOUN, "card") and not obj.dets and sel.ref is None:
        r.use(*pp.preps)                       # "ações de personagens sem {VO}": used by such characters; "ações de
        owner = things(obj, r)                 # cards de habilidade": written on such cards
        return add_filter(sel, Filter("holder" if _ability_card(owner) else "user", "eq", replace(owner, every=True)))
    if lemma in CARD_TYPE_OF_NOUN and not obj.dets and sel.ref is None:          # "card de personagem"
        r.use(*pp.preps, obj.head)
        kind = KIND_OF_NOUN[lemma] if sel.kind in (Kind.CARD,) else sel.kind
        sel = replace(sel, kind=kind if kind is not Kind.ABILITY or sel.kind is Kind.CARD else kind)
        sel = add_filter(sel, Filter("card_type", "eq", CARD_TYPE_OF_NOUN[lemma]))
        for conj, other in obj.heads:                                            # "card de habilidade ou de personagem"
            if other.lemma in CARD_TYPE_OF_NOUN:
                r.use(conj, other.head)
                sel = replace(sel, kind=Kind.CARD, filters=tuple(
                    f for f in sel.filters if f.field != "card_type") + (Filter(
                        "card_type", "has_any", f"{CARD_TYPE_OF_NOUN[lemma]}/{CARD_TYPE_OF_NOUN[other.lemma]}"),))
        from cardscript.compiler.semantics.nouns import _adjectives

        sel = _adjectives(sel, obj, r)
        return apply_modifiers(sel, obj, r)                                      # its modifiers are the card's
    if isinstance(obj.head, Icon) and not obj.head.code.isdigit():            # "habilidade de {AE}"
        r.use(*pp.preps, *obj.dets)
        codes = at.icons_in(obj, r)
        field_name = "power" if sel.kind is not Kind.ACTION else "power"
        f = Filter(field_name, "has_any", "/".join(codes)) if len(codes) > 1 else Filter(field_name, "has", codes[0])
        return add_filter(sel, f)
    if lemma in _DIFFERENT_IN and obj.adj("diferente") and not obj.dets and not obj.heads and sel.ref is None \
            and not sel.every and not any(isinstance(m, PP) and m.prep == "de" for m in obj.mods):
        #                                       (not "de nome diferente *dos que ...*": different from something)
        return _different(sel, pp, obj, r)
    if lemma == "afiliação":                                                   # "da afiliação X"
        r.use(*pp.preps)
        return add_filter(sel, *at.filters_for(obj, r))
    if lemma in ("poder", "tipo") and (obj.participle is not None or obj.det("aquele", "esse")):
        #                                                                      "do poder escolhido", "daquele poder"
        from cardscript.compiler.semantics.nouns import reference

        r.use(*pp.preps, obj.head)
        ref = reference(obj, r)
        if ref is None:
            raise NotUnderstood(f"which {lemma}?", obj.node)
        return add_filter(sel, Filter("power" if lemma == "poder" else "card_type", "chosen", ref))
    if lemma == "custo" and sel.kind is Kind.ACTION:                           # "uma ação de custo {2}"
        r.use(*pp.preps)
        return add_filter(sel, *at.filters_for(obj, r))
    if obj.cls == "zone":
        return _located(sel, pp, r)
    if sel.kind is Kind.ACTION and obj.lemma == "dano" and not obj.dets and not obj.mods:   # "ações de dano"
        r.use(*pp.preps, obj.head)
        return add_filter(sel, Filter("damaging", "eq", "true"))
    if sel.kind is Kind.ACTION and isinstance(obj.head, Lexeme) and obj.head.lemma in ACTION_TYPE_OF_WORD:
        r.use(*pp.preps, obj.head)                                             # "ação de Antecipar"
        return add_filter(sel, Filter("action_type", "has", ACTION_TYPE_OF_WORD[obj.head.lemma]))
    if obj.cls == "player":
        r.use(*pp.preps)
        who = players(obj, r)
        if sel.kind is Kind.ACTION:
            return add_filter(sel, Filter("user_controller", "eq", who.ref.value if who.ref in (Ref.YOU, Ref.OPPONENT)
                                          else who))
        return add_filter(sel, _controller_filter(who))
    if obj.cls in ("thing", "action") and isinstance(obj.head, Name) and not obj.dets \
            and all(isinstance(m, Rel) for m in obj.mods) and sel.kind is Kind.CARD and sel.every:
        r.use(*pp.preps, obj.head)             # "todos os cards de Escudo Improvisado [que ele estiver carregando]":
        names = at.names_in(obj, r) or [obj.head.text]      # the cards of that name
        out = add_filter(sel, Filter("name", "has_any" if len(names) > 1 else "eq", "/".join(names)))
        from cardscript.compiler.semantics.relatives import relative_filter

        for m in obj.mods:
            assert isinstance(m, Rel)
            out = relative_filter(out, m, r)
        return out
    if obj.cls in ("thing", "action"):
        r.use(*pp.preps)
        if sel.kind is not Kind.ACTION and sel.ref is None and not obj.fills:
            obj = replace(obj, fills=frozenset({"thing"}))   # "os cards ... dele": a carrier, never a player (4.3)
        owner = things(obj, r)
        if sel.kind is Kind.ACTION and owner.zone == "carried" and owner.ref is None:
            # "as ações dos cards de personagem que ele estiver carregando": a card carried uses no action (4.6.2
            # C.3) -- the actions written on those cards
            return add_filter(sel, Filter("holder", "eq", owner))
        if sel.kind is Kind.ACTION and owner.kind is not Kind.CHARACTER and (
                _ability_card(owner) or obj.lemma in ("card", "habilidade")):
            # "a ação daquele card [de habilidade]": the action written on that card, whoever uses it (4.6.2 C.3);
            # a character's ("a ação deste personagem") is the one it uses
            return add_filter(sel, Filter("holder", "eq", owner))
        if sel.kind is Kind.ACTION:                                              # "ação deste personagem"
            return add_filter(sel, Filter("user", "eq", owner))
        if sel.ref is not None:
            return sel
        if _its_own_card(np, obj, owner):
            return replace(owner, text=sel.text or owner.text)                  # "o card daquele personagem"
        return replace(sel, zone="carried", of=owner)                           # "um card deste personagem"
    return sel


# "cards de nomes diferentes": the characteristic the things chosen differ in
_DIFFERENT_IN = {"nome": "name"}


def _different(sel: Selector, pp: PP, obj: NP, r: Reading) -> Selector:
    """"até três cards de personagens *de nomes diferentes* com a afiliação X": no two of the cards chosen have the
    same name (4.1: a card's name). What the attachment hung on "nomes" ("com a afiliação X") describes the cards."""
    r.use(*pp.preps, obj.head, *(a for a in obj.post if isinstance(a, Lexeme) and a.lemma == "diferente"))
    sel = replace(sel, different=_DIFFERENT_IN[obj.lemma])
    return apply_modifiers(sel, obj, r)


def _its_own_card(np: NP, obj: NP, owner: Selector) -> bool:
    """"o card daquele personagem": the one card a character or support is (4.1: the character's base card), not
    one it carries ("um card deste personagem", "os cards dele") -- a definite singular "o card" of a demonstrative
    reference to one character or support, with nothing else said of the card."""
    return (np.lemma == "card" and isinstance(np.head, Lexeme) and np.head.word.lower() == "card"
            and np.det("o") and not np.pre and not np.post and len(np.mods) == 1
            and obj.det("aquele", "este", "esse") and owner.kind in (Kind.CHARACTER, Kind.SUPPORT)
            and owner.ref is not None)


def _located(sel: Selector, pp: PP, r: Reading) -> Selector:
    """"em cena", "de seus recursos", "do topo de seu deck", "em seu deck, mão e recursos", "entre os prêmios de seus
    oponentes" -- where the things are (several areas: a union)."""
    obj = pp.obj
    assert obj is not None
    r.use(*pp.preps)
    places = [place(obj, r)]
    for conj, other in obj.heads:
        r.use(conj)
        places.append(place(other, r))
    for conjs, other_pp in pp.coords:
        r.use_all(conjs)
        r.use(*other_pp.preps)
        if other_pp.obj is not None:
            places.append(place(other_pp.obj, r))
            for conj2, o2 in other_pp.obj.heads:
                r.use(conj2)
                places.append(place(o2, r))
    located = [_in_place(sel, p) for p in places]
    if len(located) == 1:
        if obj.lemma == "cena" and obj.participle is not None and obj.participle.word.lower() != "controlada" \
                and obj.participle.lemma == "controlar":
            return participle(located[0], obj, r)   # "personagens em cena controlados por X": the participle
        return located[0]                           # agrees with the things, not with "cena"
    return Selector(kind=sel.kind, union=tuple(located), every=sel.every, count=sel.count, text=sel.text)


def _in_place(sel: Selector, p: object) -> Selector:
    from cardscript.compiler.semantics.places import Place

    assert isinstance(p, Place)
    if p.each_owner:            # "um card dos recursos de seu dono": the owner of what? (not each card's own: the card
        raise NotUnderstood("where things are, 'de seu dono': whose owner?", None)     # is not found yet)
    zone = p.zone
    owner = p.owner
    zone_owner: Ref | None = None
    if owner is not None and owner.ref in (Ref.YOU, Ref.OPPONENT):
        zone_owner = owner.ref
    elif owner is not None:
        return replace(sel, zone=zone, of=owner)
    if zone in ("deck_top", "deck_bottom") and sel.count == Quantity.of(1) and not sel.every:
        return replace(sel, zone=zone, zone_owner=zone_owner or Ref.YOU)
    return replace(sel, zone=zone, zone_owner=zone_owner or (Ref.YOU if zone != "scene" else None))
