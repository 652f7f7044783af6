"""Relative clauses as filters (``docs/semantics.md`` section 1): the clause's own meaning, read in its *filter*
reading, restricts the phrase it attaches to. The relativised position (the gap) is the subject when the
relative has no subject of its own ("que estiver carregando um card") and the object otherwise ("que você
controla", "que este personagem estiver carregando").

One rule per verb family (the frame's family), the same families the procedures and events use:

=================  ===========================================================================================
family             filter
=================  ===========================================================================================
control            controller: "que você controla", "que seus oponentes controlam", "que aquele jogador controla";
                   a player who controls: "o jogador que controla o alvo", "cada jogador que controlar algum personagem"
load (carregar)    carrying / carried by: "que estiver carregando X", "que este personagem estiver carregando"
have (ter)         a characteristic: "que tenha {AG}"; an action's target: "que tenha X como alvo"
be (ser)           "que não seja herói", "que não seja(m) cards de habilidade", "que não seja de Antecipar"
state (estar)      where / which stage: "que estiver em cena", "que esteja no estágio {0}"
exist (haver)      where: "que houver na mão daquele jogador" (the gap is what there is)
use (usar)         user / used: "o personagem que usou esta ação", "as ações que ele usar"
damage (causar)    an action that causes damage: "uma ação que cause dano [penetrante]"
reduce (reduzir)   an action whose effect lowers a Shield: "ações ... cujos efeitos reduzam o valor de Escudo"
receive            damaged this turn: "que tenha recebido dano neste turno"
enter              entered this turn: "que entrou em cena neste turno"
defeat (derrotar)  in that player's prizes (4.9.1): "os cards de personagens que você derrotou"
=================  ===========================================================================================
"""

from __future__ import annotations

from collections.abc import Callable

from cardscript.compiler.ast import Lexeme, Name
from cardscript.compiler.fast_replace import replace
from cardscript.compiler.ir import Filter, Kind, Quantity, Ref, Selector
from cardscript.compiler.semantics import attributes as at
from cardscript.compiler.semantics import frames as fr
from cardscript.compiler.semantics.modifiers import add_filter, apply_modifiers
from cardscript.compiler.semantics.reading import NotUnderstood, Reading
from cardscript.compiler.semantics.syntax import NP, PP, Constituent, Other, Rel
from cardscript.compiler.semantics.verbs import Verb, analyse
from cardscript.compiler.semantics.vocabulary import (
    ACTION_TYPE_OF_WORD,
    ADJECTIVE_FILTERS,
    ALIGNMENT_OF_WORD,
    CARD_TYPE_OF_NOUN,
    STATE_FILTERS,
)
from cardscript.compiler.vocabulary import fold_key as fold


def relative_filter(sel: Selector, rel: Rel, r: Reading, np: NP | None = None) -> Selector:
    """``sel`` restricted by the relative clause ``rel`` (of the noun phrase ``np``)."""
    v = analyse(rel.clause)
    frame = fr.FRAMES.get(v.lemma)
    family = frame.family if frame is not None else ""
    if np is not None and family == "stage":
        _this_way_after(rel, np)
    restated = _event_participant(sel, rel, v, family, r, np)
    if restated is not None:
        return restated
    rule = _RULES.get(family)
    mark = rule is None and v.passive and bool(r.card.keyword) and fold(v.lemma) == fold(r.card.keyword)
    if rule is None and not mark:
        raise NotUnderstood(f"a relative clause with '{v.lemma}'", rel.clause)
    r.use(*rel.markers)
    r.use(*v.words)
    if mark:
        return _keyword_mark(sel, rel, v, r)
    assert rule is not None
    if any(isinstance(m, Lexeme) and m.lemma == "cujo" for m in rel.markers):
        return _whose_effects(sel, rel, v, r) if family == "reduce" else _whose(sel, rel, v, r)
    possessor = _coordinated_possessor(rel, r, np)
    if possessor is not None:
        r.subject_stack.append(possessor)
    try:
        out = rule(sel, rel, v, r)
    finally:
        if possessor is not None:
            r.subject_stack.pop()
    return out


def _coordinated_possessor(rel: Rel, r: Reading, np: NP | None) -> Selector | None:
    """Relatives coordinated on one noun share their possessor: in "os cards que você derrotou e que estejam nos
    seus prêmios" the second has no subject of its own (the gap), so its "seus" is the player of the first ("você"),
    not the main clause's subject ("Seus oponentes não podem ..."). None when there is no such earlier relative."""
    from cardscript.compiler.semantics.nouns import PLAYER_ONLY, players

    if np is None or _subject(rel) is not None or rel not in np.mods:
        return None
    for m in reversed(np.mods[:np.mods.index(rel)]):
        subj = _subject(m) if isinstance(m, Rel) else None
        if subj is None:
            continue
        if isinstance(subj.head, Lexeme) and subj.head.cls == "PRON" and subj.head.lemma == "você":
            return players(replace(subj, fills=PLAYER_ONLY), r)
        return None
    return None


# the trigger's event a relative clause can restate, by the relative's verb family
_RESTATES = {"enter": "enter_scene", "leave": "leave_scene"}


def _event_participant(sel: Selector, rel: Rel, v: Verb, family: str, r: Reading, np: NP | None) -> Selector | None:
    """"o personagem que entrou em cena" in the effect of "Quando um personagem entrar em cena, ...": a definite
    description restating the trigger's event names the event's subject (``event:subject``), not any character
    that entered this turn. Only a singular "o ..." with nothing else in the relative (no "neste turno")."""
    if np is None or not np.det("o") or np.quantity or v.negated or _RESTATES.get(family) != r.event_kind:
        return None
    from cardscript.compiler.semantics.nouns import plural
    from cardscript.compiler.semantics.syntax import constituent_leaves

    if plural(np) or _subject(rel) is not None:
        return None
    if any(not (isinstance(a, PP) and a.obj is not None and a.obj.lemma == "cena" and not a.obj.mods)
           for a in rel.args):
        return None
    subject = r.by_slot("event:subject")
    if subject is None or subject.kind not in (sel.kind, Kind.CARD):
        return None
    r.use(*rel.markers, *v.words)
    for a in rel.args:
        r.use_all(constituent_leaves(a))
    return Selector(kind=sel.kind, ref=Ref.SLOT, slot="event:subject", every=True, text=sel.text)


def _keyword_mark(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    """A keyword's meaning naming its own verb: "outro personagem que não tenha sido potencializado neste turno"
    (Potencializar, glossary): marked this turn by a choice of such an effect (``Choose.marks``)."""
    from cardscript.compiler.semantics.syntax import constituent_leaves
    from cardscript.compiler.semantics.times import when_of

    for a in rel.args:
        if not (isinstance(a, PP) and a.obj is not None and when_of(a.obj, r).this_turn):
            raise NotUnderstood(f"'{v.lemma}' when?", rel.clause)
        r.use_all(constituent_leaves(a))
    if not rel.args:
        raise NotUnderstood(f"'{v.lemma}' when?", rel.clause)
    return add_filter(sel, Filter("this_turn", _neg(v, "has", "lacks"), v.lemma))


def _whose_effects(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    """"ações ... cujos efeitos reduzam o valor de Escudo": actions whose own effect lowers a Shield (a penalty,
    4.8.6 C: "ganha Escudo -N"), read in their definition as "que cause dano" is (``lowers`` ``shield``)."""
    subj = _subject(rel)
    obj = _object(rel)
    if sel.kind is not Kind.ACTION or subj is None or subj.lemma != "efeito" or obj is None or v.negated:
        raise NotUnderstood("whose what reduces what?", rel.clause)
    what = obj
    if obj.lemma == "valor":                    # "o valor de Escudo": the characteristic itself
        of = next((m for m in obj.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
        if of is None or of.obj is None or len(obj.mods) != 1:
            raise NotUnderstood("the value of what?", rel.clause)
        r.use(obj.head, *obj.dets, *of.preps)
        what = of.obj
    if fold(what.lemma) != "escudo" or what.mods:
        raise NotUnderstood("reduces what?", rel.clause)
    r.use(subj.head, *subj.dets, what.head, *what.dets)
    return add_filter(sel, Filter("lowers", "eq", "shield"))


def _reduce(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    raise NotUnderstood("a relative clause with 'reduzir'", rel.clause)


def _whose(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    """"cujas afiliações não sejam Sentinelas", "cujo alter ego seja Ultron", "cujos nomes tenham a palavra X": a
    characteristic of the thing, compared."""
    subj = _subject(rel)
    if subj is None:
        raise NotUnderstood("whose what?", rel.clause)
    from cardscript.compiler.semantics.vocabulary import ATTRIBUTE_OF_NOUN

    attr = ATTRIBUTE_OF_NOUN.get(subj.lemma)
    r.use(subj.head, *subj.dets)
    obj = _object(rel)
    if obj is None:
        raise NotUnderstood("whose what is what?", rel.clause)
    if v.lemma == "ter" and attr == "name" and obj.lemma == "palavra":     # "cujos nomes tenham a palavra X"
        names = at.names_in(obj, r)
        r.use(obj.head, *obj.dets)
        return add_filter(sel, Filter("name", "lacks_word" if v.negated else "has_word", "/".join(names)))
    if v.lemma != "ser" or attr not in ("affiliation", "alter_ego", "name"):
        raise NotUnderstood("whose characteristic is what?", rel.clause)
    names = at.names_in(obj, r)
    if not names:
        raise NotUnderstood("is what?", obj.node)
    if attr == "affiliation":
        op = ("lacks" if v.negated else "has") if len(names) == 1 else ("lacks_all" if v.negated else "has_any")
    else:
        op = ("ne" if v.negated else "eq") if len(names) == 1 else ("ne_all" if v.negated else "has_any")
    return add_filter(sel, Filter(attr, op, "/".join(names)))


def _subject(rel: Rel) -> NP | None:
    nps = [c for c in rel.subject if isinstance(c, NP)]
    return nps[0] if nps else None


def _object(rel: Rel) -> NP | None:
    return next((c for c in rel.args if isinstance(c, NP)), None)


def _pp(rel: Rel, prep: str) -> PP | None:
    return next((c for c in rel.args if isinstance(c, PP) and c.prep == prep), None)


def _neg(v: Verb, yes: str, no: str) -> str:
    return no if v.negated else yes


def _control(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    from cardscript.compiler.semantics.nouns import PLAYER_ONLY, players

    subj = _subject(rel)
    if subj is None and sel.kind is Kind.PLAYER and _object(rel) is not None and not v.negated:
        return _controlling(sel, rel, r)
    if subj is None:
        raise NotUnderstood("controlled by whom?", rel.clause)
    if isinstance(subj.head, Lexeme) and subj.head.cls == "PRON" and not subj.fills:
        subj = replace(subj, fills=PLAYER_ONLY)        # "um personagem que ele controla": "ele" is a player (4.2)
    who = players(subj, r)
    if _since_turn_start(rel, r):                       # "que você controla desde o início do turno" (4.6.2 C.1)
        if v.negated:
            raise NotUnderstood("not controlled since when?", rel.clause)
        sel = add_filter(sel, Filter("since_turn_start", "eq", "true"))
    if who.ref is Ref.YOU:
        return add_filter(sel, Filter("controller", _neg(v, "eq", "ne"), "you"))
    if who.ref is Ref.OPPONENT:
        return add_filter(sel, Filter("controller", _neg(v, "eq", "ne"), "opponent"))
    return add_filter(sel, Filter("controller", _neg(v, "eq", "ne"), who))


def _controlling(sel: Selector, rel: Rel, r: Reading) -> Selector:
    """The gap is the controller ("o jogador que controla o alvo", "cada jogador que controlar algum personagem"):
    the controller of the thing referred to (4.4.1), or the players who control such a thing now."""
    from cardscript.compiler.semantics.nouns import plural, things

    obj = _object(rel)
    assert obj is not None
    controlled = things(obj, r)
    if controlled.ref is not None and not plural(obj) and sel.ref is None and not sel.every and not sel.filters:
        return Selector(kind=Kind.PLAYER, ref=Ref.CONTROLLER, of=controlled, text=sel.text)
    if controlled.ref is not None:
        raise NotUnderstood("the players who control which?", rel.clause)
    if sel.ref is Ref.EVERY_PLAYER:                     # "cada jogador que ...": each player who does
        sel = Selector(kind=Kind.PLAYER, every=True, text=sel.text)
    if sel.ref is not None:
        raise NotUnderstood("which player controls it?", rel.clause)
    fewest = [d for d in obj.dets if d.lemma in ("menos", "mais")]
    if fewest:                                          # "o jogador que controlar menos personagens em cena": the
        if len(obj.dets) != 1 or obj.quantity or obj.more_than:   # player none controls fewer than (ties too)
            raise NotUnderstood("controlling fewer than what?", rel.clause)
        r.use(*fewest)
        op = "fewest" if fewest[0].lemma == "menos" else "most"
        return add_filter(sel, Filter("controls", op, replace(controlled, every=True)))
    return add_filter(sel, Filter("controls", "has", replace(controlled, every=True)))


def _since_turn_start(rel: Rel, r: Reading) -> bool:
    """"desde o início do turno" in a relative: in the scene (and so controlled) since this turn began (4.6.2
    C.1: a character that entered the scene this turn has not)."""
    from cardscript.compiler.semantics.syntax import constituent_leaves
    from cardscript.compiler.semantics.times import when_of

    for a in rel.args:
        if isinstance(a, PP) and a.prep == "desde" and a.obj is not None:
            w = when_of(a.obj, r)
            if w.edge != "start" or w.phase not in ("", "turn", "turno") or w.next_turn:
                raise NotUnderstood("since when?", a.obj.node)
            r.use_all(constituent_leaves(a))
            return True
    return False


def _load(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    from cardscript.compiler.semantics.nouns import things

    subj = _subject(rel)
    agent = _pp(rel, "por")
    if v.passive and agent is not None and agent.obj is not None:       # "que estiverem sendo carregados por X"
        r.use(*agent.preps)
        carrier = things(agent.obj, r)
        return replace(sel, zone="carried", of=carrier)
    onto = _pp(rel, "em")
    if v.passive and agent is None and subj is None and onto is not None and onto.obj is not None \
            and onto.obj.cls == "thing" and not v.negated:              # "que estiverem sendo carregados neste
        r.use(*onto.preps)                                              # suporte": the base it is attached to (4.1)
        return replace(sel, zone="carried", of=things(onto.obj, r))
    if subj is not None:                                                # "que este personagem estiver carregando"
        was = any(isinstance(w, Lexeme) and w.word.lower().startswith("estava") for w in v.words)
        carrier = things(subj, r)
        if v.negated:
            raise NotUnderstood("cards a character is not carrying", rel.clause)
        return replace(sel, zone="carried_before" if was else "carried", of=carrier)   # "estava carregando": the
        # cards it carried before this effect (those the effect unloaded from it)
    obj = _object(rel)
    left_out = _left_out_carrier(sel, v, r) if obj is None else None
    if left_out is not None:
        return replace(sel, zone="carried", of=left_out)
    if obj is None:
        raise NotUnderstood("carrying what?", rel.clause)
    carried = _more_than_n(obj, things(obj, r), r)
    if any(isinstance(w, Lexeme) and w.word.lower().startswith("estava") for w in v.words):
        return _was_carrying(sel, rel, v, r, carried)
    exactly = any(isinstance(c, Other) and c.kind == "adv" for c in rel.args)
    for c in rel.args:
        if isinstance(c, Other) and c.kind == "adv":
            r.use(*c.nodes)
    return add_filter(sel, Filter("carrying", ("exactly" if exactly else "has") if not v.negated else "lacks",
                                  carried))


def _was_carrying(sel: Selector, rel: Rel, v: Verb, r: Reading, carried: Selector) -> Selector:
    """"Quando este card for descarregado, ... o personagem que estava carregando este card": the one it was unloaded
    from, the event's ``event:onto`` (what the unload names, 4.1). Any other past carrier is history not kept."""
    subject = r.by_slot("event:subject")
    if r.event_kind != "unload" or v.negated or carried.ref is not Ref.THIS_CARD or subject is None \
            or subject.selector is None or subject.selector.ref is not Ref.THIS_CARD:
        raise NotUnderstood("what it was carrying (before): a past state", rel.clause)
    return Selector(kind=sel.kind, also=sel.also, ref=Ref.SLOT, slot="event:onto", text=sel.text)


def _more_than_n(np: NP, sel: Selector, r: Reading) -> Selector:
    """"que esteja carregando mais de um card": more than N is at least N+1 (``or_more``); "menos de N" is not read."""
    if not np.more_than:
        return sel
    if not any(isinstance(w, Lexeme) and w.lemma == "mais" for w in np.more_than) or sel.every or sel.ref is not None \
            or sel.count.up_to or sel.count.x_times or sel.count.or_more:
        raise NotUnderstood("carrying how many?", np.node)
    r.use(*np.more_than)
    return replace(sel, count=Quantity(fixed=max(1, sel.count.fixed) + 1, or_more=True))


_ONE_CARRIER = (Ref.THIS_CHARACTER, Ref.THIS_CARD, Ref.SLOT, Ref.TARGET)


def _left_out_carrier(sel: Selector, v: Verb, r: Reading) -> Selector | None:
    """"Este personagem ganha Escudo +1 para cada card de habilidade que estiver carregando": a singular "estiver
    carregando" with its subject left out is carried by the clause's subject (4.3) -- only one definite character
    or support (this one, a chosen one, the target); "cada personagem ... que estiver carregando" (each its own) is
    not read here."""
    if sel.kind is Kind.PLAYER or not r.subject_stack or v.negated:
        return None
    words = [w for w in v.words if w.cls in ("VFIN", "AUX")]
    if not words or not v.form(words[0]).endswith("3s"):
        return None
    subject = r.subject_stack[-1]
    if subject.ref not in _ONE_CARRIER or subject.every or subject.kind is Kind.PLAYER:
        return None
    return subject


def _have(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    from cardscript.compiler.semantics.nouns import things

    obj = _object(rel)
    as_ = _pp(rel, "como")
    if as_ is not None and as_.obj is not None and as_.obj.lemma == "alvo":   # "que tenha X como alvo"
        r.use(*as_.preps, *as_.obj.own_leaves)
        if obj is None:
            raise NotUnderstood("which target?", rel.clause)
        return add_filter(sel, Filter("targets", _neg(v, "has", "lacks"), things(obj, r)))
    if obj is None:
        raise NotUnderstood("has what?", rel.clause)
    if obj.lemma == "alvo" and not obj.dets:
        r.use(*obj.own_leaves)
        return add_filter(sel, Filter("targeted", _neg(v, "eq", "ne"), "true"))
    in_name = _pp(rel, "em")
    if in_name is not None and in_name.obj is not None and in_name.obj.lemma == "nome" and not in_name.obj.mods:
        names = at.names_in(obj, r)                        # "que tenha Plano Magistral no nome": those words in
        if not names:                                      # its name (4.4.2.1 A.1: a card's name)
            raise NotUnderstood("has what in its name?", rel.clause)
        r.use(*in_name.preps, *in_name.obj.own_leaves)
        return add_filter(sel, *(Filter("name", _neg(v, "contains", "lacks_words"), n) for n in names))
    obj = at.with_in_common(obj, _pp(rel, "em"))          # "que tenha uma afiliação em comum com ..."
    return add_filter(sel, *at.filters_for(obj, r, negate=v.negated))


def _be(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    """"que não seja herói", "que não sejam cards de habilidade", "que não seja de habilidade", "que não seja de
    Antecipar nem Imprevista", "que não seja chamado X", "que não seja da afiliação X", "que seja um personagem"."""
    filters: list[Filter] = []
    preds: list[Constituent] = list(rel.args)
    targeted = _target_of(sel, rel, v, r)
    if targeted is not None:
        return targeted
    excluded = _excluded(preds, v, r)
    if excluded is not None:                               # "personagens que não sejam os escolhidos"
        return replace(sel, excluding=excluded)
    for c in preds:
        if isinstance(c, NP):
            filters.extend(_predicate(c, r, v.negated, sel))
        elif isinstance(c, PP) and c.prep == "de" and c.obj is None and c.verb and sel.kind is Kind.ACTION:
            words = [x for x in c.verb if isinstance(x, Lexeme) and x.lemma == "antecipar"]
            if not words:                                  # "que não seja de Antecipar nem Imprevista"
                raise NotUnderstood("is of what?", rel.clause)
            r.use(*c.preps, *words)
            filters.append(Filter("action_type", "lacks" if v.negated else "has", "antecipar"))
        elif isinstance(c, Other) and c.kind == "adj" and sel.kind is Kind.ACTION:
            words = [x for n in c.nodes for x in _leaves(n) if isinstance(x, Lexeme)]
            for w in words:
                if w.lemma in ACTION_TYPE_OF_WORD:
                    filters.append(Filter("action_type", "lacks" if v.negated else "has", ACTION_TYPE_OF_WORD[w.lemma]))
                    r.use(w)
                elif w.lemma in ("nem", "ou", "e"):
                    r.use(w)
        elif isinstance(c, PP) and c.prep == "de" and c.obj is not None:
            r.use(*c.preps)
            filters.extend(_predicate(c.obj, r, v.negated, sel))
            for conj, other in c.coords:
                r.use_all(conj)
                r.use(*other.preps)
                if other.obj is not None:
                    filters.extend(_predicate(other.obj, r, v.negated, sel))
        elif isinstance(c, Other) and c.kind == "coord":
            r.use(*c.nodes)
    if not filters:
        raise NotUnderstood("is what?", rel.clause)
    return add_filter(sel, *filters)


def _target_of(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector | None:
    """"um personagem que (ainda não) tenha sido alvo de ações chamadas X neste turno": a card among the targets of
    a use this turn (the turn's record, 4.6.2 F, H) of an action the phrase describes. None for other predicates."""
    from cardscript.compiler.semantics.nouns import things
    from cardscript.compiler.semantics.syntax import constituent_leaves

    nps = [c for c in rel.args if isinstance(c, NP)]
    perfect = v.past or any(isinstance(w, Lexeme) and w.lemma == "ter" for w in v.words)   # "tenha sido alvo"
    if len(nps) != 1 or nps[0].lemma != "alvo" or nps[0].dets or sel.kind is Kind.ACTION or not perfect:
        return None
    alvo = nps[0]
    of = alvo.mods[0] if len(alvo.mods) == 1 else None
    if not isinstance(of, PP) or of.prep != "de" or of.obj is None or of.obj.lemma != "ação" or of.obj.dets:
        raise NotUnderstood("a target of which actions?", rel.clause)
    r.use(alvo.head, *of.preps)
    actions = things(of.obj, r)
    if actions.ref is Ref.THIS_ACTION and r.card.action_name:     # "ações chamadas X" in X's own text: by name
        actions = Selector(kind=Kind.ACTION, filters=(Filter("name", "eq", r.card.action_name),), text=actions.text)
    if actions.kind is not Kind.ACTION or actions.ref is not None or actions.union:
        raise NotUnderstood("a target of which actions?", of.obj.node)
    for a in rel.args:
        if isinstance(a, PP) and a.prep == "em" and a.obj is not None and a.obj.lemma == "turno" \
                and a.obj.det("este") and not a.obj.mods:
            r.use_all(constituent_leaves(a))                  # "neste turno": the record's own time
        elif a is not alvo:
            raise NotUnderstood("a target of those actions when?", rel.clause)
    return add_filter(sel, Filter("targeted_this_turn", _neg(v, "has", "lacks"), actions))


def _excluded(preds: list[Constituent], v: Verb, r: Reading) -> Selector | None:
    """"que não sejam os escolhidos": not the things a reference names (the selector's ``excluding``) -- a bare
    participle standing for what this card chose, nothing else."""
    if not v.negated or len(preds) != 1 or not isinstance(preds[0], NP):
        return None
    np = preds[0]
    that_one = _that_one(np, r)
    if that_one is not None:                               # "um personagem ... que não seja aquele"
        return that_one
    if np.head is not None or np.participle is None or np.participle.lemma != "escolher" or np.mods or np.coords:
        return None
    from cardscript.compiler.semantics.nouns import things

    ref = things(np, r)
    return ref if ref.ref is not None or ref.union else None


def _that_one(np: NP, r: Reading) -> Selector | None:
    """"que não seja aquele" (a bare demonstrative pronoun): not the latest character mentioned before the phrase
    ("Quando um personagem ... entrar em cena ..., capacite um personagem ... que não seja aquele": not the one that
    entered, ``event:subject``). Only a masculine singular "aquele" with a character before it."""
    from cardscript.compiler.semantics.nouns import _read_referent

    head = np.head
    if not isinstance(head, Lexeme) or head.word.lower() != "aquele" or np.dets or np.mods or np.post or np.pre:
        return None
    found = next((x for x in reversed(r.referents) if x.kind is Kind.CHARACTER), None)
    if found is None or found.plural:
        return None
    r.use(head)
    return _read_referent(found, np, "aquele")


def _leaves(n: object) -> list[object]:
    from cardscript.compiler.semantics.syntax import leaves

    return list(leaves(n))  # type: ignore[arg-type]


def _predicate(np: NP, r: Reading, negated: bool, sel: Selector) -> list[Filter]:
    lemma = np.lemma
    out: list[Filter] = []
    if lemma in ALIGNMENT_OF_WORD:
        r.use(np.head, *np.dets)
        out.append(Filter("alignment", "lacks" if negated else "has", ALIGNMENT_OF_WORD[lemma]))
        for conj, h in np.heads:
            if h.lemma in ALIGNMENT_OF_WORD:
                r.use(conj, h.head)
                out.append(Filter("alignment", "lacks" if negated else "has", ALIGNMENT_OF_WORD[h.lemma]))
        for conjs, other in np.coords:
            if isinstance(other, NP) and other.lemma in ALIGNMENT_OF_WORD:
                r.use_all(conjs)
                r.use(other.head, *other.dets)
                out.append(Filter("alignment", "lacks" if negated else "has", ALIGNMENT_OF_WORD[other.lemma]))
        return out
    if lemma in CARD_TYPE_OF_NOUN:                          # "de habilidade", "cards de habilidade"
        r.use(np.head, *np.dets)
        if any(isinstance(m, PP) for m in np.mods):
            return [_kind_described(np, r, negated)]
        out.append(Filter("card_type", "ne" if negated else "eq", CARD_TYPE_OF_NOUN[lemma]))
        return out
    if lemma == "card":
        r.use(np.head, *np.dets)
        for m in np.mods:
            if isinstance(m, PP) and m.prep == "de" and m.obj is not None and m.obj.lemma in CARD_TYPE_OF_NOUN:
                r.use(*m.preps, m.obj.head)
                out.append(Filter("card_type", "ne" if negated else "eq", CARD_TYPE_OF_NOUN[m.obj.lemma]))
        return out
    if isinstance(np.head, Lexeme) and np.head.lemma in ACTION_TYPE_OF_WORD:
        r.use(np.head)
        out.append(Filter("action_type", "lacks" if negated else "has", ACTION_TYPE_OF_WORD[np.head.lemma]))
        for conjs, other in np.coords:
            if isinstance(other, NP) and isinstance(other.head, Lexeme) and other.head.lemma in ACTION_TYPE_OF_WORD:
                r.use_all(conjs)
                r.use(other.head)
                out.append(Filter("action_type", "lacks" if negated else "has",
                                  ACTION_TYPE_OF_WORD[other.head.lemma]))
        return out
    if lemma == "afiliação":
        out.extend(at.filters_for(np, r, negate=negated))
        return out
    if np.participle is not None and np.participle.lemma == "chamar":
        r.use(np.participle)
        names = at.names_in(np, r)
        out.append(Filter("name", "ne" if negated else "eq", "/".join(names)))
        return out
    from cardscript.compiler.semantics.vocabulary import KIND_OF_NOUN

    if lemma in KIND_OF_NOUN and lemma not in ("alvo",):
        r.use(np.head, *np.dets)
        kind = KIND_OF_NOUN[lemma]
        out.append(Filter("kind", "ne" if negated else "eq", kind.value))
        return out
    if np.cls == "keyword" or np.lemma:
        names = at.names_in(np, r) if np.head is not None and not isinstance(np.head, Lexeme) else []
        if names:
            out.append(Filter("name", "ne" if negated else "eq", "/".join(names)))
            return out
    raise NotUnderstood(f"'{lemma}' as what something is", np.node)


def _kind_described(np: NP, r: Reading, negated: bool) -> Filter:
    """"que não seja de habilidade *de {AD}*": what the thing is, a card type with its own modifiers, as one filter
    ``matches`` -- so that the negation denies the whole description (not an ability of {AD}: any other card, or an
    ability of another power), never each part of it. Only characteristics of the card (type, power, affiliation):
    a place or an owner in the description is not what the card is."""
    described = apply_modifiers(Selector(Kind.CARD, filters=(Filter("card_type", "eq", CARD_TYPE_OF_NOUN[np.lemma]),)),
                                np, r)
    if described.zone or described.of is not None or described.ref is not None or described.excluding is not None:
        raise NotUnderstood("is what, where?", np.node)
    return Filter("matches", "ne" if negated else "eq", described)


def _state(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    """"que estiver em cena", "que esteja no estágio {0}", "que estejam nos seus prêmios"."""
    from cardscript.compiler.semantics.places import place

    where = _pp(rel, "em")
    states = [w for w in v.words if w.cls == "ADJ" and w.lemma in ADJECTIVE_FILTERS]
    if where is None and len(states) == 1:              # a game's state: "que não estejam vulneráveis" (Sky World)
        r.use(*states)
        adjective = ADJECTIVE_FILTERS[states[0].lemma]
        return add_filter(sel, _negated_state(adjective) if v.negated else adjective)
    if where is None or where.obj is None:
        raise NotUnderstood("is where?", rel.clause)
    r.use(*where.preps)
    if where.obj.lemma == "estágio":
        return add_filter(sel, *at.filters_for(where.obj, r, negate=v.negated))
    state = STATE_FILTERS.get(where.obj.lemma)
    if state is not None and not where.obj.dets and not where.obj.mods:     # a game's state: "que não esteja em
        r.use(where.obj.head)                                               # Preparação" (Sky World)
        return add_filter(sel, _negated_state(state) if v.negated else state)
    p = place(where.obj, r)
    if _since_turn_start(rel, r):                       # "que estão em cena desde o início do turno" (4.6.2 C.1)
        if v.negated or p.zone != "scene":
            raise NotUnderstood("in that area since when?", rel.clause)
        return add_filter(sel, Filter("since_turn_start", "eq", "true"))
    if v.negated:
        return add_filter(sel, Filter("zone", "ne", p.zone))
    if p.owner is not None and p.owner.ref not in (Ref.YOU, Ref.OPPONENT):    # "na mão daquele jogador"
        return replace(sel, zone=p.zone, of=p.owner)
    return replace(sel, zone=p.zone, zone_owner=p.owner.ref if p.owner is not None else sel.zone_owner)


def _negated_state(state: Filter) -> Filter:
    """Not in that state: a yes / no state says the other value ("preparation" = "false"), another is "ne"."""
    if state.op == "eq" and state.value in ("true", "false"):
        return replace(state, value="false" if state.value == "true" else "true")
    return replace(state, op="ne" if state.op == "eq" else state.op)


def _exists(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    """"cada card ... que houver na mão daquele jogador", "os cards ... que houver nos prêmios de seus oponentes":
    the gap is what there is (haver's object), so the relative says where the things are -- as "que estiver em"."""
    if _subject(rel) is not None or _object(rel) is not None or v.negated:
        raise NotUnderstood("there is what, where?", rel.clause)
    where = _pp(rel, "em")
    if where is None or where.obj is None or where.obj.cls != "zone":
        raise NotUnderstood("there is it where?", rel.clause)
    return _state(sel, rel, v, r)


def _use(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    """"o personagem que usou esta ação" (the user), "as ações que ele usar" (used by), "ações que já tiverem sido
    usadas neste turno"."""
    from cardscript.compiler.semantics.nouns import things

    subj = _subject(rel)
    obj = _object(rel)
    if subj is None and obj is not None:
        used = things(obj, r)
        if used.ref is Ref.THIS_ACTION:
            return replace(sel, ref=Ref.ACTION_USER, filters=(), text=sel.text)
        if used.ref is Ref.SLOT and used.slot.startswith("event:"):
            return Selector(kind=sel.kind, ref=Ref.SLOT, slot="event:user", text=sel.text)
        return add_filter(sel, Filter("used", "has", used))
    if subj is not None and sel.kind is Kind.ACTION:
        out = _used_this_turn(sel, rel, v, r)
        if subj.cls == "player":                 # "as ações que o oponente tenha usado": used by its characters
            from cardscript.compiler.semantics.nouns import players

            who = players(subj, r)
            return add_filter(out, Filter("user_controller", "eq", who.ref.value if who.ref in (Ref.YOU, Ref.OPPONENT)
                                          else who))
        user = things(subj, r)
        return add_filter(out, Filter("user", "eq", user))
    if v.passive and sel.kind is Kind.ACTION:
        _this_turn(rel, r)                                  # "... que já tiverem sido usadas neste turno"
        return _used_during(add_filter(sel, Filter("used_this_turn", "eq", "true")), rel, r)
    raise NotUnderstood("used by / using what?", rel.clause)


def _used_during(sel: Selector, rel: Rel, r: Reading) -> Selector:
    """"(ações) que foram usadas neste turno durante a Fase de Combate": the uses of the turn made in that phase or
    step (6: the turn's record keeps the phase and step of each use). Whose turn's phase is not this filter's."""
    from cardscript.compiler.semantics.times import when_of

    during = _pp(rel, "durante")
    if during is None or during.obj is None or during.obj.lemma not in ("fase", "etapa"):
        return sel
    w = when_of(during.obj, r)
    if not w.phase or w.phase == "current" or w.whose is not None or w.edge or w.next_turn:
        raise NotUnderstood("used during which phase?", rel.clause)
    r.use(*during.preps)
    return add_filter(sel, Filter("used_during", "eq", w.phase))


def _this_turn(rel: Rel, r: Reading) -> None:
    """A relative's "neste turno" where its filter already is about this turn: its words read; another time is
    not this filter's (left unread)."""
    from cardscript.compiler.semantics.syntax import constituent_leaves
    from cardscript.compiler.semantics.times import when_of

    for a in rel.args:
        if isinstance(a, PP) and a.prep == "em" and a.obj is not None and a.obj.lemma == "turno" \
                and a.obj.det("este") and not a.obj.mods:
            probe = Reading(r.card, r.bindings)
            if when_of(a.obj, probe).this_turn:
                r.use_all(constituent_leaves(a))


def _used_this_turn(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    """"(as ações) que o oponente tenha usado neste turno": the uses of this turn (each use one action), not the
    actions they have now. Only with a past verb and "neste turno" (the relative's own time)."""
    from cardscript.compiler.semantics.syntax import constituent_leaves
    from cardscript.compiler.semantics.times import when_of

    times = [a for a in rel.args if isinstance(a, PP) and a.prep in ("em", "durante") and a.obj is not None
             and a.obj.lemma == "turno"]
    if not times:
        return sel
    if not v.past or len(times) > 1 or times[0].obj is None or not when_of(times[0].obj, r).this_turn:
        raise NotUnderstood("used when?", rel.clause)
    r.use_all(constituent_leaves(times[0]))
    return add_filter(sel, Filter("used_this_turn", "eq", "true"))


def _damage(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    obj = _object(rel)
    if obj is None or obj.lemma != "dano":
        raise NotUnderstood("causes what?", rel.clause)
    r.use(obj.head, *obj.dets)
    piercing = obj.adj("penetrante")
    r.use(*(a for a in obj.post if isinstance(a, Lexeme) and a.lemma == "penetrante"))
    out = add_filter(sel, Filter("damaging", _neg(v, "eq", "ne"), "piercing" if piercing else "true"))
    where = _pp(rel, "em") or _pp(rel, "a")
    if where is not None and where.obj is not None and not v.negated:
        from cardscript.compiler.semantics.nouns import things

        r.use(*where.preps)          # "uma ação que cause dano em algum personagem com ...": one aimed at it (its
        out = add_filter(out, Filter("targets", "has", things(where.obj, r)))   # targets: known when it is used)
    return out


def _receive(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    obj = _object(rel)
    if obj is None or obj.lemma != "dano":
        raise NotUnderstood("receives what?", rel.clause)
    r.use(obj.head, *obj.dets)
    return add_filter(sel, Filter("damaged_this_turn", _neg(v, "eq", "ne"), "true"))


def _enter(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    where = _pp(rel, "em")
    if where is None or where.obj is None or where.obj.lemma != "cena":
        raise NotUnderstood("entered where?", rel.clause)
    r.use(*where.preps, *where.obj.own_leaves)
    from cardscript.compiler.semantics.syntax import constituent_leaves

    for a in rel.args:                          # "que entrou em cena neste turno": the filter's own time
        if isinstance(a, PP) and a is not where and a.obj is not None and a.obj.lemma == "turno" \
                and a.obj.det("este") and not a.obj.mods:
            r.use_all(constituent_leaves(a))
    return add_filter(sel, Filter("entered_this_turn", _neg(v, "eq", "ne"), "true"))


def _defeated(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    """"os cards de personagens que você derrotou": the characters that player knocked out are the cards in its
    prizes (4.9.1: a knocked-out character goes to the prizes of its controller's opponents)."""
    from cardscript.compiler.semantics.nouns import PLAYER_ONLY, players

    subj = _subject(rel)
    if subj is None or v.negated or rel.args and any(not isinstance(a, NP) or a is not subj for a in rel.args):
        raise NotUnderstood("defeated by whom?", rel.clause)
    who = players(replace(subj, fills=PLAYER_ONLY) if isinstance(subj.head, Lexeme) and subj.head.cls == "PRON"
                  else subj, r)
    if who.ref not in (Ref.YOU, Ref.OPPONENT):
        raise NotUnderstood("defeated by which player?", rel.clause)
    if sel.zone not in ("", "prizes") or sel.zone_owner not in (None, who.ref):
        raise NotUnderstood("defeated, and where?", rel.clause)
    return replace(sel, zone="prizes", zone_owner=who.ref)


def _named(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    names = [n for c in rel.args if isinstance(c, NP) for n in at.names_in(c, r)]
    if not names:
        raise NotUnderstood("named what?", rel.clause)
    out = add_filter(sel, Filter("name", _neg(v, "eq", "ne"), "/".join(names)))
    for c in rel.args:            # "um card que não se chame X que este personagem estiver carregando": a relative
        if isinstance(c, NP) and isinstance(c.head, Name):           # after the name is the card's (a name takes
            for m in [m for m in c.mods if isinstance(m, Rel)]:      # none), stacked on the first
                c.mods.remove(m)
                out = relative_filter(out, m, r)
    return out


def _revealed(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    """"(cada card ...) que foi revelado nesta ação": among those the reveal of this action introduced."""
    from cardscript.compiler.semantics.modifiers import _introduced_by

    where = _pp(rel, "em")
    found = _introduced_by("revelar", r)
    you = _subject(rel)                  # "que você revelar nesta ação": the controller reveals them (Clarividência)
    active = not v.passive and you is not None and you.lemma == "você" and not you.mods and len(rel.subject) == 1
    if not (v.passive or active) or found is None or where is None or where.obj is None \
            or where.obj.lemma != "ação" or not where.obj.det("este"):
        raise NotUnderstood("revealed when?", rel.clause)
    r.use(*where.preps, where.obj.head, *where.obj.dets)
    if active and you is not None:
        r.use(you.head, *you.dets)
    return replace(sel, union=(found,))


def _this_way_after(rel: Rel, np: NP) -> None:
    """"os personagens que foi incapacitado *desta forma*": the "desta forma" the attachment hung on the noun right
    after the relative is the relative's (how it was done), moved to its complements."""
    i = np.mods.index(rel) if rel in np.mods else -1
    nxt = np.mods[i + 1] if 0 <= i < len(np.mods) - 1 else None
    if isinstance(nxt, PP) and nxt.prep == "de" and nxt.obj is not None and nxt.obj.lemma == "forma" \
            and nxt.obj.det("este") and not nxt.obj.mods:
        np.mods.remove(nxt)
        rel.args.append(nxt)


def _staged_this_way(sel: Selector, rel: Rel, v: Verb, r: Reading) -> Selector:
    """"(cada um dos personagens) que foi incapacitado desta forma": those the latest change of stage of this effect
    (4.5) changed -- what it introduced. Only the passive with "desta forma" and nothing else."""
    from cardscript.compiler.semantics.modifiers import _introduced_by

    how = _pp(rel, "de")
    found = _introduced_by(v.lemma, r)
    if not v.passive or v.negated or found is None or how is None or how.obj is None or how.obj.lemma != "forma" \
            or not how.obj.det("este") or how.obj.mods or len(rel.args) != 1 or _subject(rel) is not None:
        raise NotUnderstood(f"{v.lemma} when?", rel.clause)
    r.use(*how.preps, how.obj.head, *how.obj.dets)
    if found.ref is not Ref.SLOT or not found.slot.startswith("intro:"):
        raise NotUnderstood(f"{v.lemma} by what?", rel.clause)
    return replace(sel, union=(replace(found, slot=f"{found.slot}:changed"),))   # those it changed (runtime.stages)


_RULES: dict[str, Callable[[Selector, Rel, Verb, Reading], Selector]] = {
    "reveal": _revealed, "stage": _staged_this_way,
    "control": _control, "load": _load, "have": _have, "be": _be, "state": _state, "use": _use, "damage": _damage,
    "receive": _receive, "enter": _enter, "named": _named, "exist": _exists, "reduce": _reduce,
    "defeat": _defeated,
}
