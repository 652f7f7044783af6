"""Clauses as procedures: one builder per family of the frame table, reading the filled roles (``docs/semantics.md``
section 2). Each returns the typed IR procedure(s) (``compiler/ir/``) of one clause -- one pause point of the
Effects Tree each (rules 9.1.1) -- and, for a clause that is itself a continuous effect, its effect kind.

The builders never look at the words of a sentence: only at the roles' denotations (``nouns``, ``places``,
``amounts``, ``attributes``, ``times``). A role a builder needs and does not find, or a denotation it cannot use,
is a :class:`NotUnderstood` naming the words and the frame's roles.
"""

from __future__ import annotations

from collections.abc import Callable

from cardscript.compiler.ast import Icon, Lexeme, Number
from cardscript.compiler.fast_replace import replace
from cardscript.compiler.ir import (
    Allow,
    ChangeStage,
    Choose,
    Count,
    Damage,
    Discard,
    Draw,
    Duration,
    Effect,
    EffectKind,
    ExtraDraw,
    Filter,
    ForceTarget,
    Gain,
    KeywordBonus,
    Kind,
    KnockOut,
    Load,
    Look,
    Lose,
    Move,
    Procedure,
    PutInScene,
    Quantity,
    Redirect,
    Ref,
    Reveal,
    Rule,
    Search,
    Selector,
    Shuffle,
    Swap,
    Unload,
)
from cardscript.compiler.semantics import attributes as at
from cardscript.compiler.semantics.amounts import is_x, np_quantity, number_value
from cardscript.compiler.semantics.build import Build, Built, leaves_choice
from cardscript.compiler.semantics.nouns import (
    OPPONENT,
    THIS_CARD,
    THIS_CHARACTER,
    YOU,
    players,
    plural,
    text_of,
    things,
)
from cardscript.compiler.semantics.places import Place, place
from cardscript.compiler.semantics.reading import NotUnderstood, Reading
from cardscript.compiler.semantics.syntax import NP, PP, Other, Rel, constituent_leaves, leaves
from cardscript.compiler.semantics.times import When, when_of
from cardscript.compiler.semantics.vocabulary import ATTRIBUTE_OF_NOUN, ZONE_OF_NOUN
from cardscript.compiler.vocabulary import fold_key
from cardscript.core.source import Span

# ---------------------------------------------------------------------------------------------
# damage (4.8)


def damage_amount(np: NP, b: Build) -> tuple[Quantity, bool, NP]:
    """"2 pontos de dano [penetrante]", "X+1 pontos de dano", "1 ponto de dano": the amount, piercing, and the
    "dano" phrase (which may carry "distribuídos ...")."""
    r = b.r
    if np.lemma == "vez" and (np.quantity or number_value(np.head) is None):
        return _times_damage(np, b)
    if np.lemma == "ponto":
        q = np_quantity(np, r)
        if q is None:
            raise NotUnderstood("how many points of damage?", np.node)
        r.use(np.head, *np.dets)
        dano = next((m.obj for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None
                     and m.obj.lemma == "dano"), None)
        if dano is None:
            raise NotUnderstood("points of what?", np.node)
        pp = next(m for m in np.mods if isinstance(m, PP) and m.obj is dano)
        r.use(*pp.preps, dano.head, *dano.dets)
        piercing = dano.adj("penetrante") or np.adj("penetrante")
        r.use(*(a for a in (*dano.post, *np.post) if isinstance(a, Lexeme) and a.lemma == "penetrante"))
        return q, piercing, dano
    raise NotUnderstood("an amount of damage ('N pontos de dano')", np.node)


def _times_damage(np: NP, b: Build) -> tuple[Quantity, bool, NP]:
    """"duas vezes X pontos de dano": the amount after "N vezes", multiplied (the multiple is the object, the
    points the noun phrase after it)."""
    times = np_quantity(np, b.r)
    points = next((c for c in b.roles.extra if isinstance(c, NP) and c.lemma == "ponto"), None)
    if times is None or times.x_times or points is None:
        raise NotUnderstood("an amount of damage ('N vezes ... pontos de dano')", np.node)
    b.r.use(np.head, *np.dets)
    b.roles.extra.remove(points)
    q, piercing, dano = damage_amount(points, b)
    k = times.fixed
    return replace(q, fixed=q.fixed * k, x_times=q.x_times * k), piercing, dano


def _damage(b: Build) -> Built:
    r = b.r
    source = b.subject(default=THIS_CARD)
    amount_np = b.required("amount", "how much")
    if amount_np.equal_to is not None and b.roles.pp("targets") is not None:
        return _damage_equal_to(b, source, amount_np)
    if _each_of(b.roles.subject_np):
        return _damage_by_each(b, source, amount_np)
    amount, piercing, dano = damage_amount(amount_np, b)
    distribute = dano.participle is not None and dano.participle.lemma == "distribuir"
    target_np: NP | None = None
    if distribute:
        r.use(dano.participle)
        for m in dano.mods:
            if isinstance(m, PP) and m.prep == "de" and m.obj is not None and m.obj.lemma == "forma":
                r.use(*m.preps, m.obj.head, *m.obj.dets)           # "da forma como você escolher"
                for rel in m.obj.mods:
                    if isinstance(rel, Rel) and rel.lemma == "escolher":
                        r.use(*rel.markers, rel.clause)
            elif isinstance(m, PP) and m.prep.startswith("entre") and m.obj is not None:
                r.use(*m.preps)
                target_np = m.obj
                if "até" in m.prep:
                    target_np.dets = [*target_np.dets]
        if target_np is None:
            raise NotUnderstood("distributed among what?", dano.node)
    else:
        got = b.pp_things("targets")
        gapped = r.or_damage_targets
        if got is None and gapped is not None and gapped.ref is not None:
            targets = gapped                  # "X causa 1 ponto de dano no alvo, ou X causa 2 pontos de dano se ...":
            #                                   the option after "ou" leaves out the destination it repeats
        elif got is None:
            raise NotUnderstood("causar: to what?", b.roles.clause, b.roles.describe())
        else:
            targets, target_np = got
    if distribute:
        assert target_np is not None
        targets = things(target_np, r)
    if distribute and "até" in next((m.prep for m in dano.mods if isinstance(m, PP) and m.prep.startswith("entre")),
                                    ""):
        targets = _up_to(targets, b)
    slot = b.introduce(targets, target_np, "damage") if leaves_choice(targets) else ""
    per = _per(b)
    proc = Damage(source=source, amount=amount, targets=targets, piercing=piercing, distribute=distribute, per=per,
                  text=b.text, introduces=slot)
    return Built([proc])


def _each_of(np: NP | None) -> bool:
    """"cada um dos personagens ...", "cada um deles": the subject is every one of them, each on its own."""
    return np is not None and np.lemma in ("um", "uma") and np.det("cada") and not np.heads and not np.coords


def _damage_by_each(b: Build, source: Selector, amount_np: NP) -> Built:
    """"cada um dos personagens que foi incapacitado desta forma causa 1 ponto de dano em um personagem ou suporte a
    sua escolha": every one of them deals the damage, each a procedure of its own with its own destination chosen
    (4.8.4.3: each effect's damage is calculated separately)."""
    amount, piercing, dano = damage_amount(amount_np, b)
    got = b.pp_things("targets")
    if got is None or dano.participle is not None:
        raise NotUnderstood("each of them deals damage to what?", b.roles.clause, b.roles.describe())
    targets, target_np = got
    if targets.ref is not None or targets.every or (source.ref is None and not source.union):
        raise NotUnderstood("each of them deals damage to the same ones", target_np.node)
    slot = b.introduce(targets, target_np, "damage") if leaves_choice(targets) else ""
    return Built([Damage(source=source, amount=amount, targets=targets, piercing=piercing, per=_per(b),
                         each_source=True, text=b.text, introduces=slot)])


def _damage_equal_to(b: Build, source: Selector, amount_np: NP) -> Built:
    """"causa uma quantidade de pontos de dano em outro suporte igual à Energia Atual daquele suporte": the value may
    name what is damaged, so the destination is read first (4.8: the damage is dealt to the chosen destination, its
    amount read then -- the runtime fills the slot before it reads the amount)."""
    got = b.pp_things("targets")
    if got is None:
        raise NotUnderstood("causar: to what?", b.roles.clause, b.roles.describe())
    targets, target_np = got
    slot = b.introduce(targets, target_np, "damage") if leaves_choice(targets) else ""
    amount, piercing, dano = damage_amount(amount_np, b)
    if dano.participle is not None:
        raise NotUnderstood("an amount equal to a value, distributed", dano.node)
    return Built([Damage(source=source, amount=amount, targets=targets, piercing=piercing, per=_per(b),
                         text=b.text, introduces=slot)])


def _up_to(sel: Selector, b: Build) -> Selector:
    if sel.ref is Ref.TARGET:
        t = b.r.targets[sel.index]
        b.r.targets[sel.index] = replace(t, count=replace(t.count, up_to=True))
        return sel
    return replace(sel, count=replace(sel.count, up_to=True))


def _per(b: Build) -> Count | None:
    """"para cada card procurado desta forma", "para cada card de personagem revelado nesta ação"."""
    pp = b.roles.pp("per")
    if pp is not None and pp.obj is None and pp.keyword is not None and [a.lemma for a in pp.adjs] == ["cada"]:
        return _per_keyword(pp, b)                            # "para cada Item Mágico que ..."
    if pp is None or pp.obj is None:
        return None
    np = pp.obj
    if not np.det("cada"):
        raise NotUnderstood("'para' what?", np.node)
    b.r.use(*pp.preps)
    if np.lemma == "tipo":                                   # "para cada tipo de card revelado nesta ação"
        inner = next((m.obj for m in np.mods if isinstance(m, PP) and m.obj is not None), None)
        if inner is None:
            raise NotUnderstood("each type of what?", np.node)
        b.r.use(np.head, *np.dets, *next(m for m in np.mods if isinstance(m, PP)).preps)
        sel = things(inner, b.r)
        return Count(what=replace(sel, every=True), attribute="card_types", text=b.text)
    from cardscript.compiler.semantics.xdef import _distinct_by

    distinct = _distinct_by(np, b.r)                          # "para cada card de tipo diferente que foi revelado":
    sel = things(np, b.r)                                     # how many different types among them
    return Count(what=replace(sel, every=True), attribute=distinct, text=b.text)


def _per_keyword(pp: PP, b: Build) -> Count:
    """"para cada Item Mágico que ele estiver carregando": each card with that characteristic keyword (rules 7: Item
    Mágico, Item Único are characteristics of cards) the relative describes."""
    from cardscript.compiler.semantics.relatives import relative_filter

    kw = pp.keyword
    assert kw is not None
    rels = [a for a in pp.args if isinstance(a, Rel)]
    if len(rels) != 1 or len(pp.args) != 1 or fold_key(kw.word) not in _CARD_KEYWORDS:
        raise NotUnderstood(f"each {kw.word} of what?", kw)
    b.r.use(*pp.preps, *pp.adjs, kw)
    sel = Selector(kind=Kind.CARD, filters=(Filter("keyword", "has", kw.word),), text=f"cada {kw.word}")
    sel = relative_filter(sel, rels[0], b.r)
    return Count(what=replace(sel, every=True), text=b.text)


# the keywords that are characteristics of a card (rules 7), counted as cards by "para cada <keyword>"
_CARD_KEYWORDS = frozenset({"item magico", "item unico"})


def per_each(q: Quantity, b: Build, where: NP) -> Quantity:
    """"Escudo +1 para cada <x>", "em {1} para cada <x>", "um card ... para cada <x>": the clause's number N times
    how many <x> there are -- N*X with X counting <x> when the effect resolves (or, for a permanent text, at each
    moment it is read). A number that already has an X, or is "até N", is not multiplied (nothing says how)."""
    per = _per(b)
    if per is None:
        return q
    if q.x_times or q.up_to or q.any_number or q.or_more:
        raise NotUnderstood("'para cada' on a number that is not fixed", where.node)
    return Quantity(x_times=q.fixed, x=per)


# ---------------------------------------------------------------------------------------------
# stages (4.5), knock-out (4.7)


def stage_amounts(np: NP, b: Build) -> tuple[tuple[int, ...], Quantity | None]:
    """"{1}", "{1} ou {2}", "{X}": the stages offered (several: a choice), or X; a bare number ("em 1") is
    that many stages as its icon is (4.5: a character changes stage by a number of stages)."""
    codes: list[str] = []
    if _is_stage(np):
        assert isinstance(np.head, Icon | Number)
        b.r.use(np.head)
        codes.append(_stage_code(np.head))
    for conj, h in np.heads:
        if _is_stage(h):
            assert isinstance(h.head, Icon | Number)
            b.r.use(conj, h.head)
            codes.append(_stage_code(h.head))
    if not codes:
        raise NotUnderstood("by how many stages?", np.node)
    if "X" in codes:
        return (), Quantity(x_times=1, x=b.r.x)
    return tuple(int(c) for c in codes), None


def _is_stage(np: NP) -> bool:
    """A stage icon, or a bare number with nothing about it ("em 1")."""
    return isinstance(np.head, Icon) or (isinstance(np.head, Number) and not (np.mods or np.dets or np.post))


def _stage_code(head: Icon | Number) -> str:
    """The stage icon's code, or a bare number's digits."""
    return head.code if isinstance(head, Icon) else str(head.value)


def _stage(b: Build) -> Built:
    capacitate = b.verb.lemma == "capacitar"
    targets_np = b.required("targets", "whom")
    stages_np = b.required("stages", "by how many stages ('em {1}')")
    targets = things(targets_np, b.r)
    amounts, x = stage_amounts(stages_np, b)
    if b.roles.pp("per") is not None:                       # "incapacite o alvo em {1} para cada <x>"
        if len(amounts) != 1 or x is not None:
            raise NotUnderstood("'para cada' on a choice of stages", stages_np.node)
        x, amounts = per_each(Quantity.of(amounts[0]), b, stages_np), ()
    slot = b.introduce(targets, targets_np, "stage") if leaves_choice(targets) else ""
    return Built([ChangeStage(targets=targets, capacitate=capacitate, amounts=amounts, amount=x, text=b.text,
                              introduces=slot)])


def _knock_out(b: Build) -> Built:
    np = b.required("targets", "whom")
    targets = things(np, b.r)
    slot = b.introduce(targets, np, "knock_out") if leaves_choice(targets) else ""
    return Built([KnockOut(targets=targets, text=b.text, introduces=slot)])


# ---------------------------------------------------------------------------------------------
# cards: draw, discard (4.2), load, unload (4.1), move, search, reveal, look, shuffle, swap


def card_count(np: NP, b: Build) -> Quantity:
    """"um card", "dois cards", "X cards", "até dois cards" (a PP "até"), "aquele mesmo número de cards"."""
    q = np_quantity(np, b.r)
    if q is None:
        for d in np.dets:
            if d.lemma == "um":
                b.r.use(d)
                q = Quantity.of(1)
        for _m in np.mods:                                   # "aquele mesmo número de cards"
            pass
    if q is None:
        if np.lemma == "número" and np.det("aquele"):
            b.r.use(np.head, *np.dets, *np.pre)
            if b.r.counted:                                 # as many as the effect loaded before
                return Quantity(x_times=1, x=Count(what=Selector(kind=Kind.CARD, ref=Ref.SLOT, slot=b.r.counted,
                                                                 every=True), text=b.text))
            return Quantity(x_times=1, x=Count(event="amount", text=b.text))     # 5.5: the replaced event's
        raise NotUnderstood("how many cards?", np.node)
    return q


def _counted_cards(b: Build, role: str) -> tuple[Quantity, NP]:
    """The "N cards" of draw / discard, with "até" and "aquele mesmo número de"."""
    c = b.roles.one(role)
    up_to = False
    if isinstance(c, PP) and c.prep == "até" and c.obj is not None:
        b.r.use(*c.preps)
        np = c.obj
        up_to = True
    elif isinstance(c, NP):
        np = c
    else:
        raise NotUnderstood(f"{b.verb.lemma}: how many cards?", b.roles.clause, b.roles.describe())
    if np.lemma == "número":                                # "aquele mesmo número de cards"
        q = card_count(np, b)
        inner = next((m for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
        if inner is None or inner.obj is None or inner.obj.lemma != "card":
            raise NotUnderstood("that number of what?", np.node)
        b.r.use(*inner.preps, inner.obj.head)
        return q, inner.obj
    b.r.use(np.head, *(d for d in np.dets if d.lemma == "mais"))     # "compre mais dois cards": two more
    q = card_count(np, b)
    return (replace(q, up_to=True) if up_to else q), np


def _draw(b: Build) -> Built:
    who = b.player_subject()
    q, np = _counted_cards(b, "amount")
    if np.adj("extra"):                                     # "um card extra durante a própria Fase de Compra"
        b.r.use(*(a for a in np.post if isinstance(a, Lexeme) and a.lemma == "extra"))
        during = b.adjuncts.during
        if during is None or during.phase != "Fase de Compra":
            raise NotUnderstood("an extra card drawn when?", np.node)
        return Built([ExtraDraw(who=who, amount=q, text=b.text)], EffectKind.STATIC)
    _no_filters(np, b)
    each = False
    if b.roles.pp("per") is not None:                       # "compra um card para cada <x>"
        q = per_each(q, b, np)
        if who.ref is Ref.EVERY_PLAYER and q.x is not None and q.x.what is not None:
            what = _each_player(q.x.what)                   # "cada jogador ... que ele controla": each in turn
            each = what != q.x.what
            q = replace(q, x=replace(q.x, what=what))
    return Built([Draw(who=who, amount=q, text=b.text, each_player=each)])


EACH_PLAYER = Selector(kind=Kind.PLAYER, ref=Ref.SLOT, slot="each:player", text="ele")


def _each_player(sel: Selector) -> Selector:
    """A controller filter naming every player ("que ele controla", "ele" bound to "cada jogador") in what a
    distributive subject counts: the player whose turn of the count it is."""
    def each(f: Filter) -> Filter:
        if f.field == "controller" and isinstance(f.value, Selector) and f.value.ref is Ref.EVERY_PLAYER:
            return replace(f, value=EACH_PLAYER)
        return f
    return replace(sel, filters=tuple(each(f) for f in sel.filters))


def _no_filters(np: NP, b: Build) -> None:
    from cardscript.compiler.semantics.reminders import only_explains

    kind = b.r.card.kind
    if any(not (isinstance(m, Other) and m.kind == "paren" and all(only_explains(n, kind) for n in m.nodes))
           for m in np.mods):
        raise NotUnderstood("draw which cards?", np.node)


def _discard(b: Build) -> Built:
    who = b.player_subject()
    named = _discarded_reference(b, who)
    if named is not None:
        return named
    q, np = _counted_cards(b, "cards")
    others = _discard_alternatives(np, b)
    sel = things(replace(np, coords=[]) if others else np, b.r)

    def in_hand(s: Selector, n: Quantity) -> Selector:
        if who.ref in (None, Ref.YOU, Ref.OPPONENT):        # a player discards from their own hand (4.1)
            return replace(s, zone="hand", zone_owner=who.ref or Ref.YOU, count=n, every=False)
        return replace(s, zone="hand", zone_owner=None, of=who, count=n, every=False)   # "o oponente ...": theirs

    cards = in_hand(sel, q)
    alternatives = tuple(in_hand(_other_than(other, sel, b), card_count(other, b)) for other in others)
    # the cards discarded, for "aquele mesmo número de cards" later: as many as were discarded, which may be fewer
    # than asked (4.6.1: a hand with fewer cards discards them all); dropped when nothing reads it
    discarded = b.r.counted = _discarded_slot(b.r)
    return Built([Discard(who=who, amount=q, cards=cards, alternatives=alternatives, text=b.text,
                          introduces=discarded)])


def _discard_alternatives(np: NP, b: Build) -> list[NP]:
    """"descarte um card de cenário ou dois outros cards": the phrases after "ou", each an alternative with its own
    number of cards (the discarding player chooses one, 4.1); none when the phrase is not such a choice."""
    if not np.coords:
        return []
    others: list[NP] = []
    for conj, other in np.coords:
        lemmas = [getattr(w, "lemma", "") for w in conj]
        if lemmas != ["ou"] or not isinstance(other, NP) or other.coords or other.lemma != "card":
            return []
        others.append(other)
    counts = [card_count(np, b), *(card_count(o, b) for o in others)]
    if len(set(counts)) == 1:                               # "um card A ou um card B": one card, of either kind
        return []
    for conj, _ in np.coords:
        b.r.use_all(conj)
    for other in others:
        b.r.use(other.head)
    return others


def _other_than(np: NP, first: Selector, b: Build) -> Selector:
    """An alternative of a discard: "dois outros cards" after "um card de cenário" are cards of another card type
    than the first alternative's (its one card-type filter, negated); without "outros", what it describes."""
    other = [d for d in np.dets if d.lemma == "outro"]
    sel = things(replace(np, dets=[d for d in np.dets if d.lemma != "outro"]) if other else np, b.r)
    if not other:
        return sel
    b.r.use(*other)
    types = [f for f in first.filters if f.field == "card_type" and f.op == "eq"]
    if len(types) != 1 or len(first.filters) != 1 or first.also:
        raise NotUnderstood("other than what?", np.node)
    return replace(sel, filters=(*sel.filters, replace(types[0], op="ne")))


def _discarded_slot(r: Reading) -> str:
    """The slot of the cards a "descarte N cards" discards: what "aquele mesmo número de cards" counts."""
    slot = f"discarded:{int(r.acted.get('discard', 'discarded:-1').split(':')[1]) + 1}"
    r.acted["discard"] = slot
    return slot


def _discarded_reference(b: Build, who: Selector) -> Built | None:
    """"aquele jogador descarta o card escolhido", "descarte-o": the card a reference names, from the hand (4.1:
    discarding moves a card of the hand to the resources) -- not N cards chosen when it resolves."""
    np = b.roles.np("cards")
    if np is None or not (np.det("aquele", "esse") or (np.det("o") and np.participle is not None
                                                       and np.participle.lemma == "escolher")):
        return None
    sel = things(np, b.r)
    if sel.ref is None or sel.kind not in (Kind.CARD, Kind.CHARACTER, Kind.SUPPORT, Kind.ABILITY, Kind.SCENARIO) \
            or plural(np):
        raise NotUnderstood("discard which card?", np.node)
    return Built([Discard(who=who, amount=Quantity.of(1), cards=replace(sel, zone="hand"), text=b.text)])


def _load(b: Build) -> Built:
    """"carregue <cards> em <onto>", "carregue-o neste personagem", "carregue este personagem com <cards>",
    "carregue neste personagem um card ..." (4.1: from the resources of the carrier's owner unless said)."""
    r = b.r
    b.player_subject()
    obj = b.roles.np("cards")
    with_np = b.optional_np("with")
    onto_np = b.optional_np("onto")
    if with_np is None and onto_np is None and obj is not None:
        with_np = _with_of_object(obj, r)
    if with_np is not None:                                 # "carregue-o com os cards que ... estava carregando"
        if obj is None:
            raise NotUnderstood("load what with those cards?", b.roles.clause)
        onto_np, obj = obj, with_np
    if obj is None or onto_np is None:
        raise NotUnderstood("load what onto what?", b.roles.clause, b.roles.describe())
    and_up_to = _and_up_to(b)
    if and_up_to is not None:
        return _load_both(b, obj, and_up_to, onto_np)
    up_to = False
    c = b.roles.one("cards")
    if isinstance(c, PP) and c.prep == "até":
        up_to = True
    if _one_of_each(obj) and not up_to:
        return _load_each(b, obj, onto_np)
    owners = _from_its_owner(obj, r)
    cards = things(obj, r)
    if owners is not None:                                  # "um card dos recursos de seu dono": the carrier's owner
        cards = replace(cards, zone=owners, zone_owner=None,
                        of=Selector(kind=Kind.PLAYER, ref=Ref.OWNER, of=things(onto_np, r), text="seu dono"))
    if up_to:
        cards = replace(cards, count=replace(cards.count, up_to=True))
    origin = b.optional_np("origin")
    if origin is not None:
        p = place(origin, r)
        cards = replace(cards, zone=p.zone, zone_owner=p.owner.ref if p.owner is not None else Ref.YOU)
    alternatives: tuple[Selector, ...] = ()
    both = any(any(isinstance(x, Lexeme) and x.lemma == "e" for x in conj) for conj, _ in obj.coords)
    if len(cards.union) > 1 and not cards.ref:               # "A ou B", "A e B" (one member: a part of a pool,
        parts = list(cards.union)                            # "um dos cards revelados", chosen from it)
        origin_zone = next((p.zone for p in reversed(parts) if p.zone), "")     # "A e B de seus recursos": both
        parts = [p if p.zone or p.ref is not None or not origin_zone else replace(p, zone=origin_zone,
                                                                                  zone_owner=Ref.YOU) for p in parts]
        if both:                                             # "carregue A e B neste personagem": two loads
            onto = things(onto_np, r)
            return Built([Load(cards=replace(p, zone=p.zone or "resources", zone_owner=p.zone_owner or Ref.YOU)
                               if p.ref is None else p, onto=onto, text=b.text) for p in parts])
        alternatives = tuple(parts[1:])
        cards = parts[0]
    if cards.ref is None and not cards.zone and not cards.union:
        cards = replace(cards, zone="resources", zone_owner=Ref.YOU)   # 4.1: from the resources
    onto = things(onto_np, r)
    slot = b.introduce(onto, onto_np, "load_onto") if leaves_choice(onto) else ""
    until = _until_carrying(b, onto)
    if until is not None:
        if not cards.every or cards.ref is not None or alternatives:
            raise NotUnderstood("load how many until it carries that many?", obj.node)
        return Built([Load(cards=replace(cards, every=False, count=Quantity(any_number=True)), onto=onto,
                           text=b.text, introduces=slot, until=until)])
    loaded = ""
    if cards.ref is None and not alternatives and (cards.count.any_number or cards.count.up_to
                                                   or cards.count.x_times):
        loaded = r.counted = r.new_slot()                  # "carregue até X cards ...": how many, for later
    elif cards.ref is None and not alternatives:          # "o card carregado (desta forma)": the card loaded
        loaded = f"loaded:{int(r.acted.get('load', 'loaded:-1').split(':')[1]) + 1}"
        b.introduce(cards, obj, "load", slot=loaded)       # and what a later "aquele card" means: that one
    if loaded:
        r.acted["load"] = loaded
    return Built([Load(cards=cards, onto=onto, alternatives=alternatives, text=b.text, introduces=slot,
                       loaded=loaded)])


def _until_carrying(b: Build, onto: Selector) -> Quantity | None:
    """"carregue cards de seus recursos neste personagem *até ele estar carregando um número de cards igual ao seu
    valor de Energia Inicial menos um*" (4.1): the load goes on until the one loaded onto carries that many cards --
    the number it lacks (none when it carries that many already). The subject of "estar" must be the one loaded
    onto; a possessive value ("seu valor de Energia Inicial") is its. None when the clause says no "até ... estar
    carregando"."""
    extra = b.roles.extra
    at = next((k for k, c in enumerate(extra) if isinstance(c, PP) and c.prep == "até" and c.subject is not None
               and [getattr(v, "lemma", "") for v in c.verb] == ["estar"] and not c.args and c.obj is None), None)
    if at is None or at + 2 >= len(extra):
        return None
    pp, gerund, amount = extra[at], extra[at + 1], extra[at + 2]
    words = [w for n in gerund.nodes for w in leaves(n)] if isinstance(gerund, Other) and gerund.kind == "gerund" \
        else []
    if not isinstance(pp, PP) or pp.subject is None or [getattr(w, "lemma", "") for w in words] != ["carregar"] \
            or not isinstance(amount, NP) or amount.equal_to is None or amount.lemma != "card" or amount.mods:
        return None
    who = things(pp.subject, b.r)
    if who.ref is None or who.ref is not onto.ref or who.slot != onto.slot:
        raise NotUnderstood("until whom is carrying that many?", pp.subject.node)
    from cardscript.compiler.semantics.amounts import equal_to_quantity

    b.r.use(*pp.preps, *pp.verb, *words, amount.head)
    until = equal_to_quantity(amount, amount.equal_to, b.r, owner=who)
    del extra[at:at + 3]
    return until


def _with_of_object(obj: NP, r: Reading) -> NP | None:
    """"carregue o personagem alvo controlado por outro jogador *com* <cards>": the "com" phrase read as a modifier
    of the object (after its participle's agent) is the verb's -- what the object is loaded with (4.1); taken off
    the object, or None."""
    pp = next((m for m in obj.mods if isinstance(m, PP) and m.prep == "com" and m.obj is not None
               and m.obj.cls in ("thing", "amount") and not m.verb), None)
    if pp is None or pp is not obj.mods[-1] or obj.lemma not in ("personagem", "suporte"):
        return None
    obj.mods.remove(pp)
    r.use(*pp.preps)
    return pp.obj


def _and_up_to(b: Build) -> NP | None:
    """"carregue este cenário *e até um card de {RE} de seus recursos* naquele personagem": a second object said
    with "até" after "e" (its count is at most that many) -- the phrase, taken off the clause's complements."""
    extra = b.roles.extra
    coord = [c for c in b.roles.get("_coord") if isinstance(c, Other)]
    if len(extra) != 1 or not isinstance(extra[0], PP) or extra[0].prep != "até" or extra[0].obj is None \
            or len(coord) != 1 or [getattr(n, "lemma", "") for n in coord[0].nodes] != ["e"]:
        return None
    pp = extra[0]
    assert pp.obj is not None
    if pp.obj.cls != "thing" or pp.verb or pp.args:
        return None
    b.r.use(*pp.preps)
    extra.clear()
    return pp.obj


def _load_each(b: Build, obj: NP, onto_np: NP) -> Built:
    """"carregue um card de habilidade e um card que não seja de habilidade de seus recursos neste personagem"
    (4.1, principle 8): one of each -- a :class:`Load` per conjunct, each of one card; an area said once, after the
    last conjunct, is where all of them come from (the resources by default)."""
    r = b.r
    conjuncts: list[NP] = [replace(obj, coords=[])]
    for conj, other in obj.coords:
        if not isinstance(other, NP):
            raise NotUnderstood("one of each of several things", obj.node)
        r.use_all(conj)
        conjuncts.append(other)
    onto = things(onto_np, r)
    if leaves_choice(onto):
        raise NotUnderstood("load them onto which one?", onto_np.node)
    parts = [things(part, r) for part in conjuncts]
    if any(p.ref is not None or p.every or p.union or p.count != Quantity.of(1) for p in parts):
        raise NotUnderstood("one of each of several things", obj.node)
    origin = next((p for p in reversed(parts) if p.zone), None)
    where = (origin.zone, origin.zone_owner) if origin is not None else ("resources", Ref.YOU)
    return Built([Load(cards=p if p.zone else replace(p, zone=where[0], zone_owner=where[1]), onto=onto,
                       text=b.text) for p in parts])


def _load_both(b: Build, first_np: NP, second_np: NP, onto_np: NP) -> Built:
    """Two loads onto the same one ("carregue A e até N B em X", 4.1): each card from where it is said to be
    (a card not in the scene and of no area: from the resources); the second at most its number."""
    r = b.r
    onto = things(onto_np, r)
    if leaves_choice(onto):
        raise NotUnderstood("load both onto which one?", onto_np.node)
    loads: list[Procedure] = []
    for np, up_to in ((first_np, False), (second_np, True)):
        cards = things(np, r)
        if up_to:
            cards = replace(cards, count=replace(cards.count, up_to=True))
        if cards.ref is None and not cards.zone:
            cards = replace(cards, zone="resources", zone_owner=Ref.YOU)     # 4.1: from the resources
        if cards.ref is None and cards.union:
            raise NotUnderstood("load which of them?", np.node)
        # "você pode carregar A e até N B": the second only if the first was done (one "pode" for both; its own
        # "pode" then only lets it load none, as "até" does)
        chained = up_to and b.verb.modal == "pode" and not b.verb.negated
        loads.append(Load(cards=cards, onto=onto, text=b.text, if_done=chained))
    return Built(loads)


def _from_its_owner(obj: NP, r: Reading) -> str | None:
    """"carregue o alvo com um card *dos recursos de seu dono*" (4.1): the area of the owner of what is loaded -- the
    only thing the clause names that has one. The phrase is taken off ``obj`` (of its cards in "qualquer número de
    cards dos recursos de seu dono"); the area's zone is returned."""
    if obj.lemma == "número":
        inner = next((m.obj for m in obj.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None
                      and m.obj.lemma == "card"), None)
        obj = inner if inner is not None else obj
    pp = next((m for m in obj.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None
               and m.obj.lemma in ZONE_OF_NOUN), None)
    if pp is None or pp.obj is None or not any(isinstance(m, PP) and m.obj is not None and m.obj.lemma == "dono"
                                               and m.obj.det("seu") for m in pp.obj.mods):
        return None
    p = place(pp.obj, r)
    if not p.each_owner or p.zone != "resources":
        return None
    r.use(*pp.preps)
    obj.mods.remove(pp)
    return p.zone


def _unload(b: Build) -> Built:
    """"descarregue um card deste personagem", "descarregue até dois cards de um personagem ou suporte",
    "descarregue <este card>", "descarregue-o", "descarregue todos os cards dele", "descarregue X cards de ..."."""
    r = b.r
    who = b.player_subject()
    c = b.roles.one("cards")
    up_to = isinstance(c, PP) and c.prep == "até"
    obj = b.roles.np("cards")
    if up_to and isinstance(c, PP):
        r.use(*c.preps)
    origin = b.optional_np("origin")
    if obj is None:
        raise NotUnderstood("unload what?", b.roles.clause, b.roles.describe())
    if origin is None:
        origin = _origin_after_chosen(obj, r)
    if obj.lemma == "número" and obj.det("aquele") and r.counted:
        return _unload_that_many(b, who, obj, origin)
    cards = things(obj, r)
    if origin is not None:
        frm: Selector | None = things(origin, r)
        cards = replace(cards, zone="carried", of=frm)
    if cards.ref is not None:
        if cards.kind in (Kind.CHARACTER, Kind.SUPPORT) and cards.ref in (Ref.THIS_CHARACTER, Ref.SLOT) \
                and obj.lemma in ("personagem", "suporte", "-o", "-a", "ele", "ela"):
            # "descarregue um personagem": every card it carries (4.1)
            every = Selector(kind=Kind.CARD, zone="carried", of=cards, every=True, text=cards.text)
            return Built([Unload(who=who, cards=every, text=b.text)])
        return Built([Unload(who=who, cards=cards, text=b.text)])
    if cards.zone != "carried":
        if obj.lemma in ("personagem", "suporte"):               # "descarregue um personagem que você controla"
            slot = b.introduce(cards, obj, "unload")
            chosen = Selector(kind=cards.kind, ref=Ref.SLOT, slot=slot, every=True)
            from cardscript.compiler.ir import Choose as _Choose

            return Built([_Choose(what=cards, text=b.text, introduces=slot),
                          Unload(who=who, cards=Selector(kind=Kind.CARD, zone="carried", of=chosen, every=True),
                                 text=b.text)])
        raise NotUnderstood("unload cards carried by what?", obj.node)
    frm = cards.of
    assert frm is not None
    carrier_np = origin or next((m.obj for m in obj.mods if isinstance(m, PP) and m.prep == "de"
                                 and m.obj is not None and m.obj.cls == "thing"), None)
    if cards.every and leaves_choice(frm) and carrier_np is not None:
        slot = b.introduce(frm, carrier_np, "unload")       # "descarregue todos os cards de um personagem ... e
        chosen = Selector(kind=frm.kind, ref=Ref.SLOT, slot=slot, every=True)   # coloque-o ...": that one
        return Built([Choose(what=frm, text=b.text, introduces=slot),
                      Unload(who=who, cards=replace(cards, of=chosen), text=b.text)])
    if cards.every:
        return Built([Unload(who=who, cards=cards, text=b.text)])
    amount = replace(cards.count, up_to=up_to or cards.count.up_to)
    unloaded = _unloaded_slot(r)
    if obj.det("um") and not plural(obj):                  # "descarregue um card que ... Se for um card de cenário,
        b.introduce(cards, obj, "unload", slot=unloaded)   # ... aquele cenário": the card unloaded (4.1)
    if origin is None and _carried_by_phrase(obj):         # "até dois cards que estiverem sendo carregados por
        return Built([Unload(who=who, cards=replace(cards, count=amount), text=b.text,   # personagens": in all
                             unloaded=unloaded)])
    filtered = replace(cards, of=None, zone="", count=Quantity.of(1))
    if filtered.filters or filtered.union:
        return Built([Unload(who=who, cards=replace(cards, count=amount), text=b.text, unloaded=unloaded)])
    return Built([Unload(who=who, amount=amount, frm=frm, text=b.text, unloaded=unloaded)])


def _unloaded_slot(r: Reading) -> str:
    """The slot of the cards a "descarregue N cards ..." chooses and unloads: what "o card descarregado" reads."""
    slot = f"unloaded:{int(r.acted.get('unload', 'unloaded:-1').split(':')[1]) + 1}"
    r.acted["unload"] = slot
    return slot


def _origin_after_chosen(obj: NP, r: Reading) -> NP | None:
    """"descarregue todos os cards de habilidade com o poder escolhido *daquele personagem*": after a
    characteristic already fixed by a choice ("o poder escolhido"), a last "de <personagem>" cannot be whose
    characteristic it is -- it is what the cards are unloaded from (4.1). It is taken off the phrase it hung on."""
    m = obj.mods[-1] if obj.mods else None
    if not isinstance(m, PP) or m.obj is None:
        return None
    chosen = m.obj
    fixed = (chosen.participle is not None and chosen.participle.lemma == "escolher") or chosen.adj("escolhido")
    last = chosen.mods[-1] if chosen.mods else None
    if m.prep == "com" and fixed and isinstance(last, PP) and last.prep == "de" and last.obj is not None \
            and last.obj.cls == "thing":
        chosen.mods.remove(last)
        r.use(*last.preps)
        return last.obj
    return _origin_after_chosen(chosen, r) if m.prep == "de" else None    # "cards de habilidade com ..."


def _carried_by_phrase(np: NP) -> bool:
    """"cards que estiverem sendo carregados por <x>", "cards carregados por <x>": the cards are counted among all
    that <x> carry (4.1), not so many from each ("um card de cada personagem")."""
    if np.participle is not None and np.participle.lemma == "carregar":
        return True
    return any(isinstance(m, Rel) and m.lemma == "carregar" for m in np.mods)


def _unload_that_many(b: Build, who: Selector, obj: NP, origin: NP | None) -> Built:
    """"descarregue aquele mesmo número de cards deste personagem": as many cards as the effect loaded, from the
    base named (chosen by ``who``)."""
    r = b.r
    q = card_count(obj, b)
    inner = next((m for m in obj.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    if inner is None or inner.obj is None or inner.obj.lemma != "card":
        raise NotUnderstood("that number of what?", obj.node)
    r.use(*inner.preps, inner.obj.head)
    carriers = [m for m in (*obj.mods, *inner.obj.mods) if isinstance(m, PP) and m is not inner and m.prep == "de"
                and m.obj is not None]
    frm_np = origin or (carriers[0].obj if carriers else None)
    if frm_np is None or len(carriers) > (0 if origin is not None else 1) or inner.obj.mods and not carriers:
        raise NotUnderstood("unload from what?", obj.node)
    if carriers:
        r.use(*carriers[0].preps)
    return Built([Unload(who=who, amount=q, frm=things(frm_np, r), text=b.text)])


_DESTINATIONS = {"hand": "hand", "resources": "resources", "deck_top": "deck_top", "deck_bottom": "deck_bottom",
                 "prizes": "prizes", "deck": "deck_top"}


def _one_more(b: Build, obj: NP, more: PP, dest: NP) -> Built:
    """"Cada jogador coloca um card a mais do próprio deck nos próprios recursos durante a Fase de Contagem
    Regressiva do turno daquele jogador": a static adding to what the phase moves (6.2 A), for each such player in
    their own phase."""
    r = b.r
    who = b.subject_sel
    during = b.adjuncts.during
    if not b.static or who is None or who.kind is not Kind.PLAYER or during is None \
            or during.phase != "Fase de Contagem Regressiva":
        raise NotUnderstood("one card more: when?", b.roles.clause)
    if during.whose not in (None, Ref.OWNER) and during.whose is not who.ref:     # in that player's own phase
        raise NotUnderstood("one card more: in whose phase?", b.roles.clause)
    r.use(*more.preps, more.adv)
    origin = next((m for m in obj.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    if origin is None or origin.obj is None or place(origin.obj, r, who).zone != "deck":
        raise NotUnderstood("one card more: from where?", obj.node)
    r.use(*origin.preps)
    if place(dest, r, who).zone != "resources":
        raise NotUnderstood("one card more: to where?", dest.node)
    dest_pp = b.roles.pp("destination")
    if dest_pp is not None:
        r.use(*dest_pp.preps)
    r.use(obj.head)
    q = card_count(obj, b)
    return Built([ExtraDraw(who=who, amount=q, phase="countdown", text=b.text)], EffectKind.STATIC)


def _perform(b: Build) -> Built:
    """"A próxima Fase de Contagem Regressiva do oponente alvo é executada como se aquele jogador não tivesse nenhum
    personagem em cena" (6.2 A: only a player with no character places cards in that phase): that player's next
    one is done as if -- a resolved effect spent by it; "Seus oponentes executam a Fase de Contagem Regressiva como
    se não tivessem nenhum personagem em cena": a static, each of their phases while it works."""
    from cardscript.compiler.ir import CountdownAsIfNone
    from cardscript.compiler.semantics.statics import no_characters_as_if

    r = b.r
    as_if = next((c for c in b.roles.extra if isinstance(c, Rel)
                  and [m.lemma for m in c.markers if isinstance(m, Lexeme)][:1] == ["como"]), None)
    if as_if is None:
        raise NotUnderstood("a phase done how?", b.roles.clause)
    if not b.verb.passive:                                  # "<jogadores> executam a Fase de ..."
        phase = b.roles.np("phase")
        if phase is None or not b.static or b.verb.modal or phase.adj("próximo"):
            raise NotUnderstood("which players do which phase how?", b.roles.clause)
        who = b.player_subject()
        r.use(*phase.dets)
        _countdown_phase(when_of(phase, r), phase)
        no_characters_as_if(as_if, who, r)
        b.roles.extra.remove(as_if)
        return Built([CountdownAsIfNone(who=who, text=b.text)], EffectKind.STATIC)
    phase = b.roles.subject_np
    hosts = [phase, *(m.obj for m in phase.mods if isinstance(m, PP) and m.obj is not None)] \
        if phase is not None else []                # "da Contagem Regressiva do oponente alvo": the name's "de"
    whose, host = next(((m, h) for h in hosts for m in h.mods if isinstance(m, PP) and m.prep == "de"
                        and m.obj is not None and m.obj.cls == "player"), (None, None))
    if phase is None or whose is None or whose.obj is None or host is None or not phase.adj("próximo") \
            or b.static:
        raise NotUnderstood("which phase is done how?", b.roles.clause)
    who = players(whose.obj, r)
    host.mods.remove(whose)
    r.use(*whose.preps, *(a for a in phase.pre if a.lemma == "próximo"), *phase.dets)
    _countdown_phase(when_of(phase, r), phase)
    no_characters_as_if(as_if, who, r)
    b.roles.extra.remove(as_if)
    return Built([CountdownAsIfNone(who=who, text=b.text)])


def _identity_permission(b: Build, obj: NP, cards: Selector) -> Built:
    """"Até o final do turno, você pode colocar em cena um personagem com o mesmo alter ego de um outro personagem
    com a afiliação X que você controla": for the turn, placing (6.2 C.3, with its costs) such a character is
    allowed though you control one of that alter ego (4.4.2.1 A.4b lifted for it) -- a permission (``Allow``
    scene_identity), not a placing now. "um outro personagem": another than the character with this text -- the
    card compared is the one to be placed, never the one compared with, so "outro" cannot be read as the comparison
    reads it (attributes._relational_filter); this card's own alter ego is not lifted (official ruling 1 of Selene
    V1: not for a copy of herself)."""
    shared = [f for f in cards.filters if f.field in ("alter_ego", "name", "name_or_alter_ego") and f.op == "shares"
              and isinstance(f.value, Selector)]
    compared = [m.obj for m in obj.mods if isinstance(m, PP) and m.prep == "com" and m.obj is not None
                and m.obj.adj("mesmo") and m.obj.lemma in ("alter ego", "nome")]
    whose = [m.obj for c in compared for m in c.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None]
    if len(shared) != 1 or len(whose) != 1 or cards.kind is not Kind.CHARACTER or cards.ref is not None:
        raise NotUnderstood("until the end of the turn you may put in the scene: which rule is lifted?",
                            b.roles.clause)
    allowed = replace(cards, zone="", zone_owner=None)
    if whose[0].det("outro") and isinstance(shared[0].value, Selector) and shared[0].value.excluding is None:
        other = replace(shared[0], value=replace(shared[0].value, excluding=THIS_CHARACTER))
        allowed = replace(allowed, filters=tuple(other if f is shared[0] else f for f in allowed.filters))
    return Built([Allow(what="scene_identity", subject=allowed, duration=Duration.END_OF_TURN, text=b.text)])


def _countdown_phase(w: When, phase: NP) -> None:
    """Only the Fase de Contagem Regressiva has a placing done "as if" a player had no character (6.2 A)."""
    if w.phase != "Fase de Contagem Regressiva" or w.edge or w.whose is not None or w.this_turn or w.next_turn:
        raise NotUnderstood("only the Fase de Contagem Regressiva is done as if", phase.node)


def _move(b: Build) -> Built:
    """"coloque <cards> em/no topo de/na base de <área>", "coloque <cards> em cena" (4.4), "coloque aquele personagem
    no estágio {0}", "devolva-o para sua mão", "recoloque ..."."""
    r = b.r
    b.player_subject()
    obj = b.roles.np("cards")
    dest = b.optional_np("destination")
    if obj is None:
        raise NotUnderstood("put what?", b.roles.clause, b.roles.describe())
    if dest is None:
        raise NotUnderstood("put where?", b.roles.clause, b.roles.describe())
    more = next((m for m in obj.mods if isinstance(m, PP) and m.obj is None and m.adv is not None
                 and m.adv.lemma == "mais" and m.prep == "a"), None)
    if more is not None:                                     # "coloca um card a mais ... durante a Fase de ..."
        return _one_more(b, obj, more, dest)
    that_many: Quantity | None = None
    if obj.lemma == "número" and obj.det("aquele") and r.counted:
        that_many, obj = _counted_cards(b, "cards")        # "coloque aquele mesmo número de cards de seus recursos
    c = b.roles.one("cards")                                # ...": as many as the effect counted before
    up_to = isinstance(c, PP) and c.prep == "até"
    if up_to and isinstance(c, PP):
        r.use(*c.preps)
    cards = b.chosen_by_subject(things(obj, r))
    if that_many is not None:
        cards = replace(cards, count=that_many, every=False)
    if cards.kind is Kind.PLAYER:                            # a pronoun bound to a player: a card is put, not a player
        raise NotUnderstood(f"'{cards.text or 'it'}' is a player, not a card to put", obj.node)
    if up_to:
        cards = replace(cards, count=replace(cards.count, up_to=True))
    _use_back(b, obj)
    any_order = _any_order(b)
    if dest.lemma == "estágio":                              # "coloque aquele personagem no estágio {0}"
        r.use(dest.head, *dest.dets)
        stage_icon = next((x for x in leaves(dest.node) if isinstance(x, Icon)), None) or next(
            (x for m in dest.mods if isinstance(m, Other) and m.kind == "value" for n in m.nodes for x in leaves(n)
             if isinstance(x, Icon)), None)
        if not isinstance(stage_icon, Icon) or not stage_icon.code.isdigit():
            raise NotUnderstood("which stage?", dest.node)
        r.use(stage_icon)
        return Built([ChangeStage(targets=cards, to_stage=int(stage_icon.code), text=b.text)])
    p = place(dest, r)
    or_to: list[str] = []
    dest_pp = b.roles.pp("destination")
    if dest_pp is not None:                                  # "no topo de seu deck ou em seus recursos"
        for conj, other in dest_pp.coords:
            r.use_all(conj)
            r.use(*other.preps)
            if other.obj is None:
                raise NotUnderstood("or where?", b.roles.clause)
            alt = _DESTINATIONS.get(place(other.obj, r).zone)
            if alt is None:
                raise NotUnderstood("or where?", other.obj.node)
            or_to.append(alt)
    if p.zone == "scene" and b.verb.modal == "pode" and (not b.static or b.r.event_kind) \
            and b.adjuncts.duration is Duration.END_OF_TURN:
        return _identity_permission(b, obj, cards)          # "até o final do turno, você pode colocar em cena ..."
    if p.zone == "scene":
        if or_to:
            raise NotUnderstood("into the scene or elsewhere", b.roles.clause)
        slot = b.introduce(cards, obj, "put_in_scene")
        as_if = _as_if(b)
        if as_if and not cards.zone and cards.ref is None:
            cards = _keyword_zone(cards, as_if)
        elif not cards.zone and cards.ref is None and not cards.union:   # "coloque em cena um card de personagem":
            cards = replace(cards, zone="hand", zone_owner=Ref.YOU)       # from your hand (what is put in scene is)
        loading = _entering_loaded(b)
        return Built([PutInScene(cards=cards, as_if=as_if, text=b.text, introduces=slot, loading=loading)])
    to = _DESTINATIONS.get(p.zone)
    if to is None:
        raise NotUnderstood(f"put into '{p.zone}'", dest.node)
    owner = None if p.each_owner else p.owner
    if b.roles.pp("per") is not None and cards.ref is None and not cards.union:
        cards = replace(cards, count=per_each(cards.count, b, obj))   # "coloque um card do topo de seu deck em
        #                                                               seus recursos para cada <x>": N*X cards
    from_zone = ""
    if cards.ref is Ref.SLOT:                                # "devolva aqueles cards": those still set aside
        ref = r.by_slot(cards.slot)
        if ref is not None and ref.head == "set_aside":
            from_zone = "set_aside"
    slot = b.introduce(cards, obj, "move") if leaves_choice(cards) or cards.zone in ("deck_top", "deck_bottom") \
        else ""
    who = b.subject_sel
    orderer = who if any_order and who is not None and who.kind is Kind.PLAYER and who.ref is not Ref.YOU else None
    return Built([Move(cards=cards, to=to, to_owner=owner if owner is not None and owner.ref is not Ref.YOU
                       or (owner is not None and not p.each_owner and _others(cards)) else None,
                       any_order=any_order, from_zone=from_zone, or_to=tuple(or_to), text=b.text, introduces=slot,
                       orderer=orderer)])


def _others(sel: Selector) -> bool:
    return sel.zone_owner is Ref.OPPONENT


def _use_back(b: Build, obj: NP | None = None) -> None:
    """"de volta" ("coloque-o de volta no topo", "recoloque aqueles cards de volta no topo"): back where it came
    from -- adds nothing to the destination."""
    pp = b.roles.pp("back")
    if pp is not None and pp.obj is not None and pp.obj.lemma == "volta":
        b.r.use(*pp.preps, pp.obj.head)
    for m in obj.mods if obj is not None else ():
        if isinstance(m, PP) and m.prep == "de" and (m.adv is not None and m.adv.lemma == "volta" or (
                m.obj is not None and m.obj.lemma == "volta" and not m.obj.dets and not m.obj.mods)):
            b.r.use(*m.preps, m.adv, m.obj.head if m.obj is not None else None)


def _any_order(b: Build) -> bool:
    for c in b.roles.extra:
        if isinstance(c, PP) and c.prep == "em" and c.obj is not None and c.obj.lemma == "ordem" \
                and c.obj.det("qualquer"):
            b.r.use(*c.preps, c.obj.head, *c.obj.dets)
            b.roles.extra.remove(c)
            return True
    return False


def _keyword_zone(cards: Selector, keyword: str) -> Selector:
    """"coloque em cena um card de suporte como se ele tivesse Materializar": the card comes from where the keyword
    works (its prelude's zone: Materializar, the hand), the player's own."""
    from cardscript.compiler.prelude import load_prelude

    kw = load_prelude().get(keyword)
    zone = kw.zone.engine_zone if kw is not None else ""
    if zone not in ("hand", "resources"):
        return cards
    return replace(cards, zone=zone, zone_owner=Ref.YOU)


def _as_if(b: Build) -> str:
    """"como se ele tivesse Materializar": the keyword whose rule the placing follows (inside the relative, or the
    keyword right after it)."""
    extra = b.roles.extra
    for c in list(extra) + b.roles.get("as_if"):
        if isinstance(c, Rel) and any(isinstance(m, Lexeme) and m.lemma == "como" for m in c.markers):
            kws = [x for x in leaves(c.clause) if isinstance(x, Lexeme) and x.cls in ("KEYWORD", "KEYWORD_PREFIX")]
            after = extra[extra.index(c) + 1] if c in extra and extra.index(c) + 1 < len(extra) else None
            if not kws and isinstance(after, Other) and after.kind == "keyword" and c.lemma == "ter":
                kws = [x for x in after.nodes if isinstance(x, Lexeme)]
                if kws:
                    b.r.use(*after.nodes)
                    extra.remove(after)
            if kws:
                b.r.use(*c.markers, c.clause)
                if c in extra:
                    extra.remove(c)
                return kws[0].word
    return ""


def _search(b: Build) -> Built:
    """"procure em <áreas> por <cards>" -> what is found fills a slot ("aquele card", "-o")."""
    r = b.r
    who = b.player_subject()
    zones_pp = b.roles.pp("zones")
    what = b.roles.pp("what")
    if zones_pp is None or what is None or what.obj is None:
        raise NotUnderstood("search where, for what?", b.roles.clause, b.roles.describe())
    zones = _zones(zones_pp, b)
    r.use(*what.preps)
    np = what.obj
    up_to = False
    if what.prep == "por até":
        up_to = True
    cards = _searched_for(things(np, r), what, b)
    if up_to:
        cards = replace(cards, count=replace(cards.count, up_to=True))
    among = b.roles.pp("among")
    if among is not None and among.obj is not None:         # "em cena entre os cards que você controla"
        r.use(*among.preps)
        scope = things(among.obj, r)
        if not any(f.field == "controller" for f in scope.filters):
            raise NotUnderstood("search among which cards?", among.obj.node)
    slot = b.introduce(cards, np, "search")
    alternatives = [o.obj for _, o in what.coords] + [o for _, o in np.coords if isinstance(o, NP)]
    for other in alternatives:                             # "... ou (por) um card Y, revele aquele card": the card
        if other is not None:                              # found, whichever description it fits
            _also_introduces(b, slot, cards, other, "search")
    return Built([Search(who=who, zones=zones, cards=replace(cards, every=False), text=b.text, introduces=slot)])


def _also_introduces(b: Build, slot: str, sel: Selector, np: NP, head: str) -> None:
    """A reference bound to ``np`` (an alternative of what a procedure found) reads ``slot`` too."""
    from cardscript.compiler.semantics.syntax import constituent_leaves
    from cardscript.core.source import Span

    spans = [x.span for x in constituent_leaves(np)]
    if spans:
        b.r.introduce(slot, sel.kind, Span(min(x.start for x in spans), max(x.end for x in spans)), head, sel,
                      node_span=getattr(np.node, "span", None))


def _searched_for(cards: Selector, what: PP, b: Build) -> Selector:
    """"por um card de habilidade chamado X ou por um card de personagem chamado Y": one card that is either (a
    union); "por X e por Y" would be two searches, which one clause does not say how to order."""
    if not what.coords:
        return cards
    alternatives = [cards]
    for conjs, other in what.coords:
        if not any(getattr(w, "lemma", "") == "ou" for w in conjs) or other.obj is None:
            raise NotUnderstood("search for one thing and another", what.obj.node if what.obj else None)
        b.r.use_all(conjs)
        b.r.use(*other.preps)
        alternatives.append(things(other.obj, b.r))
    if any(a.count != cards.count or a.ref is not None or a.every for a in alternatives):
        raise NotUnderstood("search for different numbers of things", what.obj.node if what.obj else None)
    return Selector(kind=Kind.CARD, union=tuple(alternatives), count=cards.count, text=cards.text)


def _zones(pp: PP, b: Build) -> tuple[str, ...]:
    b.r.use(*pp.preps)
    assert pp.obj is not None
    zones = [place(pp.obj, b.r).zone]
    for conj, h in pp.obj.heads:
        b.r.use(conj)
        zones.append(place(h, b.r).zone)
    for conjs, other in pp.coords:
        b.r.use_all(conjs)
        zones.extend(_zones(other, b))
    return tuple(z if z != "scene" else "scene" for z in zones)


def _reveal(b: Build) -> Built:
    """"revele aquele card", "revele-o", "revele qualquer número daqueles cards", "revela a própria mão e o card do
    topo do próprio deck"."""
    r = b.r
    who = b.player_subject()
    np = b.required("cards", "what")
    if np.lemma == "número" and np.det("qualquer"):
        r.use(np.head, *np.dets)
        inner = next((m for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
        if inner is None or inner.obj is None:
            raise NotUnderstood("any number of what?", np.node)
        r.use(*inner.preps)
        cards = things(inner.obj, r)
        slot = b.introduce(cards, np, "reveal")
        return Built([Reveal(cards=cards, any_number=True, text=b.text, introduces=slot)])
    cards = _cards_or_area(np, b, who)
    slot = b.introduce(cards, np, "reveal")
    return Built([Reveal(cards=cards, who=who if who.ref is not Ref.YOU else None, text=b.text, introduces=slot)])


def _cards_or_area(np: NP, b: Build, who: Selector) -> Selector:
    """Cards, or a whole area ("a própria mão": every card in it), with coordinated phrases as a union."""
    parts = [np, *(o for _, o in np.coords if isinstance(o, NP))]
    for conj, _ in np.coords:
        b.r.use_all(conj)
    sels: list[Selector] = []
    for part in parts:
        if part.cls == "zone":
            p = place(part, b.r, subject=who)
            owner = p.owner if p.owner is not None else who
            sels.append(Selector(kind=Kind.CARD, zone=p.zone, zone_owner=owner.ref if owner.ref in (Ref.YOU,
                        Ref.OPPONENT) else None, of=None if owner.ref in (Ref.YOU, Ref.OPPONENT) else owner,
                        every=True, text=part.lemma))
        else:
            saved = part.coords
            part.coords = []
            sels.append(things(part, b.r))
            part.coords = saved
    if len(sels) == 1:
        return sels[0]
    return Selector(kind=Kind.CARD, union=tuple(sels), every=True)


def _look(b: Build) -> Built:
    """"olhe <cards>"; "aquele jogador olha os três cards do topo do próprio deck": that player looks."""
    who = b.player_subject()
    np = b.required("cards", "at what")
    cards = _looked_area(np, b.r) or things(np, b.r)
    if cards.ref is None and cards.zone in ("deck_top", "deck_bottom"):
        cards = replace(cards, every=True)
    slot = b.introduce(cards, np, "look")
    return Built([Look(cards=cards, text=b.text, introduces=slot, who=None if who.ref is Ref.YOU else who)])


def _looked_area(np: NP, r: Reading) -> Selector | None:
    """"olhe a mão do jogador alvo": an area looked at is every card in it (hidden information, 4.5); the area is the
    one "dali" names next ("escolha um card dali"). Only hidden areas (hand, deck, resources): not the scene."""
    from cardscript.compiler.semantics.modifiers import _in_place

    if ZONE_OF_NOUN.get(np.lemma) not in ("hand", "deck", "resources") or np.coords:
        return None
    return _in_place(Selector(kind=Kind.CARD, every=True, text=text_of(np)), place(np, r))


def _set_aside(b: Build) -> Built:
    """"separe os N cards do topo de seu deck" (Clarividência, 7.1)."""
    np = b.required("cards", "what")
    cards = things(np, b.r)
    if cards.zone not in ("deck_top",):
        raise NotUnderstood("set aside which cards?", np.node)
    cards = replace(cards, every=True)
    slot = b.introduce(cards, np, "set_aside")
    return Built([Move(cards=cards, to="set_aside", text=b.text, introduces=slot)])


def _shuffle(b: Build) -> Built:
    """"embaralhe o seu deck", "embaralhe-o no deck de seu dono" (the card goes into the deck, shuffled)."""
    who = b.player_subject()
    np = b.required("cards", "what")
    into = b.optional_np("into")
    if into is not None:
        cards = things(np, b.r)
        place(into, b.r)
        return Built([Move(cards=cards, to="deck_top", shuffle_in=True, text=b.text)])
    if np.lemma != "deck":
        raise NotUnderstood("shuffle what?", np.node)
    p = place(np, b.r, subject=who)
    return Built([Shuffle(who=p.owner or who, text=b.text)])


def _swap(b: Build) -> Built:
    """"permute <card> por <card>", "permute um card ... entre este personagem e um outro personagem" (4.1: the two
    exchange places; not a load or an unload)."""
    np = b.required("cards", "what")
    other = b.optional_np("other")
    between = b.optional_np("between")
    cards = things(np, b.r)
    if cards.ref is Ref.SLOT and cards.kind in (Kind.CHARACTER, Kind.SUPPORT) or (
            cards.ref is None and cards.every and cards.kind in (Kind.CHARACTER, Kind.SUPPORT)):
        # "escolha um card que um personagem ... estiver carregando e permute-o ...": a base is never exchanged
        # (4.1): the pronoun is the card the clause before chose
        chosen = next((x for x in reversed(b.r.referents) if x.kind in (Kind.CARD, Kind.ABILITY) and x.slot
                       and not x.slot.startswith("event:")), None)
        if chosen is None:
            raise NotUnderstood("exchange a character?", np.node)
        cards = Selector(kind=chosen.kind, ref=Ref.SLOT, slot=chosen.slot, every=True, text=cards.text)
    if other is not None:
        return Built([Swap(cards=cards, other=things(other, b.r), text=b.text)])
    if between is not None:
        raise NotUnderstood("swap between two characters", between.node)
    raise NotUnderstood("swap for what?", np.node)


def _choose(b: Build) -> Built:
    """"escolha <things>" (the chosen fill a slot; a permanent text's choice is remembered by the card, 5.4), "escolha
    uma afiliação [que não seja X]", "escolha um poder de <np>"."""
    r = b.r
    who = b.player_subject()
    np = b.required("what", "what")
    as_target = next((c for c in b.roles.extra if isinstance(c, PP) and c.prep == "como" and c.obj is not None
                      and _one_of_the_targets(c.obj) is not None), None)
    if as_target is not None:
        return _must_target(b, who, np, as_target)
    if b.verb.lemma == "nomear":
        return _name_choice(np, b, who)
    if np.lemma in ("afiliação", "poder") or (np.lemma == "tipo"):
        return _choose_characteristic(np, b, who)
    c = b.roles.one("what")
    up_to = isinstance(c, PP) and c.prep == "até"
    if _bare_one(np) and b.roles.np("among") is not None:  # "escolha um dentre os cards revelados": one of them
        among_np = b.optional_np("among")
        assert among_np is not None
        r.use(np.head, *np.dets)
        pool = things(among_np, r)
        what = Selector(kind=pool.kind, union=(pool,), count=Quantity.of(1), text=text_of(np))
        slot = b.introduce(what, np, "choose", card_level=not r.in_action)
        return Built([Choose(what=what, who=who if who.ref is not Ref.YOU else None, text=b.text, introduces=slot)])
    if _one_of_each(np) and not up_to and b.roles.np("among") is None:
        return _choose_each(np, b, who)
    same_number = _same_number_as_done(np, b)
    if same_number is not None:                              # "escolha o mesmo número de cards que foi descartado
        q, np = same_number                                  # desta forma dos recursos daquele jogador"
        what = replace(things(np, r), count=q, every=False)
        slot = b.introduce(what, np, "choose", card_level=not r.in_action)
        return Built([Choose(what=what, who=who if who.ref is not Ref.YOU else None, text=b.text, introduces=slot)])
    what = _opponent_of(things(np, r), who)
    if up_to:
        what = replace(what, count=replace(what.count, up_to=True))
    among = b.optional_np("among")
    if among is not None:
        pool = things(among, r)
        what = Selector(kind=what.kind, union=(pool,), count=what.count, filters=what.filters, text=what.text)
    slot = b.introduce(what, np, "choose", card_level=not r.in_action)
    marks = tuple(str(f.value) for f in what.filters if f.field == "this_turn")   # "que não tenha sido potencializado"
    return Built([Choose(what=replace(what, every=False) if what.ref is None else what,
                         who=who if who.ref is not Ref.YOU else None, text=b.text, introduces=slot, marks=marks)])


def _opponent_of(what: Selector, who: Selector) -> Selector:
    """"<aquele jogador> escolhe um oponente": an opponent of the player choosing, not of the card's controller -- the
    players other than the chooser (6.1: a match of two players, one against the other). The chooser "você" keeps
    the usual "seu oponente"."""
    if what.kind is not Kind.PLAYER or what.ref is not Ref.OPPONENT or who.ref is Ref.YOU or what.filters:
        return what
    return Selector(kind=Kind.PLAYER, ref=Ref.EVERY_PLAYER, every=True, excluding=who, text=what.text)


def _one_of_the_targets(np: NP) -> NP | None:
    """"um dos alvos daquela ação": the action (its NP) whose targets it is one of; None for anything else."""
    if np.lemma != "um" or len(np.mods) != 1 or np.dets or np.pre or np.post:
        return None
    of = np.mods[0]
    targets = of.obj if isinstance(of, PP) and of.prep == "de" else None
    if targets is None or targets.lemma != "alvo" or not targets.det("o") or len(targets.mods) != 1:
        return None
    inner = targets.mods[0]
    if not isinstance(inner, PP) or inner.prep != "de" or inner.obj is None or inner.obj.lemma != "ação":
        return None
    return inner.obj


def _must_target(b: Build, who: Selector, np: NP, as_target: PP) -> Built:
    """"<jogador> deve escolher <X> como um dos alvos daquela ação" (4.6.2 F.2.1): X must be one of the targets of
    that action when that player chooses them -- a static (``ForceTarget``: ``by`` the player who must, the action's
    filters; ``effects`` reads the "Enquanto ... estiver escolhendo os alvos de ..." it depends on)."""
    r = b.r
    if b.verb.modal != "deve" or b.verb.negated:
        raise NotUnderstood("must choose it as a target?", b.roles.clause)
    assert as_target.obj is not None
    action_np = _one_of_the_targets(as_target.obj)
    assert action_np is not None
    targets = as_target.obj.mods[0]
    assert isinstance(targets, PP) and targets.obj is not None
    inner = targets.obj.mods[0]
    assert isinstance(inner, PP)
    r.use(*as_target.preps, as_target.obj.head, *targets.preps, targets.obj.head, *targets.obj.dets, *inner.preps)
    action = things(action_np, r)
    what = things(np, r)
    by = Ref.OPPONENT if who.ref is Ref.OPPONENT else None
    if action.kind is not Kind.ACTION or what.kind not in (Kind.CHARACTER, Kind.SUPPORT, Kind.CARD) \
            or who.filters or who.ref not in (Ref.OPPONENT, Ref.EVERY_PLAYER):
        raise NotUnderstood("who must choose what as a target of which action?", b.roles.clause)
    b.roles.extra.remove(as_target)
    return Built([ForceTarget(subject=what, by=by, action_filters=action.filters, text=b.text)], EffectKind.STATIC)


# the participle of a procedure and the family whose cards ``Reading.counted`` names (what "desta forma" points at)
_COUNTED_FAMILY = {"descartar": "discard", "carregar": "load"}


def _same_number_as_done(np: NP, b: Build) -> tuple[Quantity, NP] | None:
    """"o mesmo número de <cards> que foi <descartado> desta forma": as many cards as the latest procedure of that
    verb in this effect handled (its slot, ``Reading.counted``: fewer than it asked when fewer were there, 4.6.1), of
    the cards the rest of the phrase describes. None for any other phrase."""
    r = b.r
    if np.lemma != "número" or not np.det("o") or not any(a.lemma == "mesmo" for a in np.pre) or not r.counted:
        return None
    inner = next((m for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    if inner is None or inner.obj is None or inner.obj.lemma != "card":
        return None
    cards = inner.obj
    rel = next((m for m in cards.mods if isinstance(m, Rel)), None)
    if rel is None or _COUNTED_FAMILY.get(rel.lemma) is None \
            or r.acted.get(_COUNTED_FAMILY[rel.lemma]) != r.counted:
        return None
    i = cards.mods.index(rel)
    how = cards.mods[i + 1] if i + 1 < len(cards.mods) else None
    if not (isinstance(how, PP) and how.prep == "de" and how.obj is not None and how.obj.lemma == "forma"
            and how.obj.det("este", "esse") and not how.obj.mods):
        return None
    from cardscript.compiler.semantics.syntax import constituent_leaves as _leaves

    r.use(np.head, *np.dets, *np.pre, *inner.preps, *_leaves(rel), *how.preps, how.obj.head, *how.obj.dets)
    rest = replace(cards, mods=[m for m in cards.mods if m is not rel and m is not how])
    q = Quantity(x_times=1, x=Count(what=Selector(kind=Kind.CARD, ref=Ref.SLOT, slot=r.counted, every=True),
                                    text=b.text))
    return q, rest


def _one_of_each(np: NP) -> bool:
    """"um A e um B": singular indefinites joined by "e" (not "ou": one choice among alternatives)."""
    if not np.coords or not np.det("um") or plural(np):
        return False
    return all(isinstance(o, NP) and o.det("um") and not plural(o)
               and not any(getattr(w, "lemma", "") == "ou" for w in conj) for conj, o in np.coords)


def _choose_each(np: NP, b: Build, who: Selector) -> Built:
    """"escolha um personagem que você controla e um personagem controlado por outro jogador" (principle 8): one of
    each -- a :class:`Choose` per conjunct, each writing its own slot (what "aquele personagem" after a conjunct
    reads); the whole phrase ("os personagens escolhidos") reads the union of those slots. Only singular
    indefinites joined by "e": "ou" is one choice among alternatives, read by :func:`things`."""
    r = b.r
    conjuncts: list[NP] = [replace(np, coords=[])]
    for conj, other in np.coords:
        if not isinstance(other, NP) or any(getattr(w, "lemma", "") == "ou" for w in conj):
            raise NotUnderstood("one of each of several things", np.node)
        r.use_all(conj)
        conjuncts.append(other)
    card_level = not r.in_action
    chooser = who if who.ref is not Ref.YOU else None
    procedures: list[Procedure] = []
    parts: list[Selector] = []
    for part in conjuncts:
        sel = things(part, r)
        if sel.ref is not None or sel.every or sel.union or sel.count != Quantity.of(1) or plural(part):
            raise NotUnderstood("one of each of several things", np.node)
        slot = b.introduce(sel, None, "choose", card_level=card_level)
        spans = [x.span for x in constituent_leaves(part)]
        r.introduce(slot, sel.kind, Span(min(s.start for s in spans), max(s.end for s in spans)), "choose", sel,
                    card_level, node_span=None if part is conjuncts[0] else getattr(part.node, "span", None),
                    noun=part.lemma)
        procedures.append(Choose(what=sel, who=chooser, text=sel.text, introduces=slot))
        parts.append(Selector(kind=sel.kind, ref=Ref.SLOT, slot=slot, every=True, text=sel.text))
    kinds = {p.kind for p in parts}
    union = Selector(kind=parts[0].kind if len(kinds) == 1 else Kind.CARD, union=tuple(parts), every=True,
                     text=text_of(np))
    spans = [x.span for x in constituent_leaves(np)]
    r.introduce("", union.kind, Span(min(s.start for s in spans), max(s.end for s in spans)), "choose", union,
                card_level, node_span=getattr(np.node, "span", None), plural=True, noun=np.lemma)
    return Built(procedures)


def _bare_one(np: NP) -> bool:
    """"um" / "uma" standing alone as the thing chosen (its pool is the verb's "dentre" / "entre")."""
    return isinstance(np.head, Lexeme) and np.head.cls == "PRON" and np.head.lemma in ("um", "uma") \
        and not np.mods and not np.dets and not np.post


def _name_choice(np: NP, b: Build, who: Selector) -> Built:
    """"nomeie um card", "nomeie um card de suporte", "nomeie uma ação": a name is chosen -- of a card of that kind,
    or of an action (``Choose.characteristic`` "name", ``what`` the kind of thing named) -- and fills a slot "o nome
    escolhido" reads (a permanent text's choice is remembered by its card, 5.4)."""
    r = b.r
    if np.lemma not in ("card", "ação") or not np.det("um") or np.quantity:
        raise NotUnderstood("name what?", np.node)
    kind = things(np, r)
    if kind.ref is not None or kind.union or any(f.field != "card_type" for f in kind.filters):
        raise NotUnderstood("name a card of what kind?", np.node)
    slot = b.introduce(Selector(kind=Kind.CARD), np, "choose_name", card_level=not r.in_action)
    for ref in reversed(r.referents):                        # "o nome escolhido" reads this choice
        if ref.slot == slot:
            ref.head = "choose_name"
            break
    return Built([Choose(characteristic="name", what=replace(kind, every=True),
                         who=who if who.ref is not Ref.YOU else None, text=b.text, introduces=slot)])


def _choose_characteristic(np: NP, b: Build, who: Selector) -> Built:
    r = b.r
    r.use(np.head, *np.dets)
    field_name = ATTRIBUTE_OF_NOUN.get(np.lemma, "card_type")
    excluding: list[str] = []
    among: Selector | None = None
    for m in np.mods:
        if isinstance(m, Rel):                                # "que não seja Thunderbolts"
            r.use(*m.markers)
            from cardscript.compiler.semantics.verbs import analyse

            v = analyse(m.clause)
            r.use(*v.words)
            if v.lemma != "ser" or not v.negated:
                raise NotUnderstood("an affiliation that ...?", m.clause)
            for a in m.args:
                if isinstance(a, NP):
                    excluding.extend(at.names_in(a, r))
        elif isinstance(m, PP) and m.prep == "de" and m.obj is not None:   # "um poder de qualquer personagem"
            r.use(*m.preps)
            if m.obj.lemma == "card" and np.lemma == "tipo":
                r.use(m.obj.head)
                continue
            r.np_depth += 1          # inside the phrase: "um poder de um personagem ... aquele personagem" -- the
            try:                     # character is chosen first and read again (nouns._remembered)
                among = things(m.obj, r)
            finally:
                r.np_depth -= 1
    if who.ref is Ref.EVERY_PLAYER and not who.filters and who.excluding is None:
        return _each_chooses(np, b, field_name, tuple(excluding), among)
    slot = b.introduce(Selector(kind=Kind.CARD), np, "choose_" + field_name, card_level=not r.in_action)
    for ref in reversed(r.referents):                        # "a afiliação escolhida" reads this choice
        if ref.slot == slot:
            ref.head = f"choose_{field_name}"
            break
    return Built([Choose(characteristic=field_name, excluding=tuple(excluding), among=among,
                         who=who if who.ref is not Ref.YOU else None, text=b.text, introduces=slot)])


def _each_chooses(np: NP, b: Build, field_name: str, excluding: tuple[str, ...], among: Selector | None) -> Built:
    """"cada um dos jogadores escolhe uma afiliação": each player chooses one (you, then your opponent), each
    choice in its own slot; "as afiliações escolhidas" reads them all (a plural referent: "a afiliação escolhida",
    one of them, is not said)."""
    r = b.r
    card_level = not r.in_action
    slots = [r.new_slot(card_level) for _ in (YOU, OPPONENT)]
    spans = [x.span for x in constituent_leaves(np)]
    union = Selector(kind=Kind.CARD, union=tuple(Selector(kind=Kind.CARD, ref=Ref.SLOT, slot=s, every=True)
                                                 for s in slots), every=True, text=text_of(np))
    r.introduce("", Kind.CARD, Span(min(s.start for s in spans), max(s.end for s in spans)), f"choose_{field_name}",
                union, card_level, node_span=getattr(np.node, "span", None), plural=True, noun=np.lemma)
    return Built([Choose(characteristic=field_name, excluding=excluding, among=among,
                         who=None if who.ref is Ref.YOU else who, text=b.text, introduces=slot)
                  for who, slot in zip((YOU, OPPONENT), slots, strict=True)])


def _redirect(b: Build) -> Built:
    """"redirecione aquele dano para <np>" (4.8.3.1 E)."""
    what = b.required("what", "what")
    if what.lemma != "dano":
        raise NotUnderstood("redirect what?", what.node)
    b.r.use(what.head, *what.dets)
    to_np = b.required("to", "to what")
    return Built([Redirect(to=things(to_np, b.r), text=b.text)])


# ---------------------------------------------------------------------------------------------
# characteristics (5.4, 5.7): gain, lose


def _changed(b: Build, verb: str) -> tuple[Selector, at.Attributes, Duration]:
    """What "ganha ..." / "perde ..." says: whose characteristics, which, and for how long (an effect that resolves
    needs a time: "até o final do turno"; a permanent text's holds while it works)."""
    targets = b.subject()
    got = at.gained(b.required("what", "what"), b.r)
    duration = b.duration(Duration.INSTANT)
    if not b.static and duration is Duration.INSTANT and verb == "gains" and _only_readiness(got):
        duration = Duration.END_OF_TURN
    if not b.static and duration is Duration.INSTANT:
        raise NotUnderstood(f"{verb} it for how long?", b.roles.clause)
    return targets, got, duration


def _entering_loaded(b: Build) -> Selector | None:
    """"coloque-o em cena *carregando até quatro cards de seus recursos*" (4.4.2.1 A.1 as the text says): the cards
    it enters the scene loaded with, chosen as it enters -- up to that many, from that area -- instead of as many as
    its initial energy."""
    extra = b.roles.extra
    at = next((i for i, c in enumerate(extra) if isinstance(c, Other) and len(c.nodes) == 1
               and isinstance(c.nodes[0], Lexeme) and c.nodes[0].lemma in ("carregar", "carregando")), None)
    if at is None:
        return None
    what = extra[at + 1] if at + 1 < len(extra) else None
    np = what.obj if isinstance(what, PP) and what.prep == "até" else None
    if np is None or np.lemma != "card":
        raise NotUnderstood("entering the scene carrying what?", extra[at].nodes[0])   # type: ignore[union-attr]
    q = np_quantity(np, b.r)
    if q is None or q.x_times or q.fixed < 1:
        raise NotUnderstood("carrying how many cards?", np.node)
    origin = next((m for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    if origin is None or origin.obj is None or len(np.mods) != 1:
        raise NotUnderstood("carrying cards from where?", np.node)
    p = place(origin.obj, b.r)
    if p.zone != "resources" or p.owner is None or p.owner.ref is not Ref.YOU:
        raise NotUnderstood("carrying cards from where?", origin.obj.node)
    b.r.use(*extra[at].nodes, *what.preps, np.head, *np.dets, *origin.preps)     # type: ignore[union-attr]
    del extra[at:at + 2]
    return Selector(kind=Kind.CARD, zone="resources", zone_owner=Ref.YOU, count=replace(q, up_to=True),
                    text="cards de seus recursos")


# the action keywords whose number the engine raises when the action is used (runtime.actions._with_keyword_bonus:
# the cards its start sets aside, rules 7.1 Clarividência); another keyword "+N" is not read
_RAISED_AT_USE = frozenset({"clarividencia"})


def _keyword_bonus(b: Build) -> Built | None:
    """"Ações com Clarividência que este personagem usar ganham Clarividência +1 [para cada Item Mágico que ele
    estiver carregando]": the number of an action keyword's parameter (rules 7, "Clarividência N") is that much
    more for those actions -- a static read when one of them is used."""
    from cardscript.compiler.semantics.amounts import quantity_of_run
    from cardscript.compiler.semantics.syntax import constituent_leaves

    what = b.roles.np("what")
    subj = b.roles.subject_np
    head = what.head if what is not None else None
    each = [c for c in b.roles.extra[1:] if isinstance(c, PP) and c.prep == "para" and c.keyword is not None
            and [a.lemma for a in c.adjs] == ["cada"]]          # "+1 para cada Item Mágico que ...": the clause's
    if each and len(b.roles.extra) == 2 and not b.roles.get("per"):
        b.roles.extra.remove(each[0])
        b.roles.filled["per"] = list(each)
    if what is None or not b.static or subj is None or subj.cls != "action" or not isinstance(head, Lexeme) \
            or head.cls not in ("KEYWORD", "KEYWORD_PREFIX") or len(b.roles.extra) != 1:
        return None
    signed = b.roles.extra[0]
    if isinstance(signed, NP):                   # "+1 para cada Item Mágico ...": the "para cada" is the clause's
        per = [m for m in signed.mods if isinstance(m, PP) and m.prep == "para cada"]
        if per and not b.roles.get("per"):
            signed.mods = [m for m in signed.mods if m not in per]
            b.roles.filled["per"] = list(per)
    run = list(constituent_leaves(signed))
    if not run or getattr(run[0], "text", None) != "+":
        return None
    q = quantity_of_run(run, b.r)
    if q is None or q.x_times or q.fixed < 1:
        raise NotUnderstood("the keyword plus what?", head)
    from cardscript.compiler.vocabulary import fold_key

    if fold_key(head.word) not in _RAISED_AT_USE:
        raise NotUnderstood(f"'{head.word} +N': a keyword whose number the engine does not raise", head)
    actions = b.subject()
    if actions.kind is not Kind.ACTION or not any(f.field == "keyword" for f in actions.filters):
        raise NotUnderstood("a keyword's number for which actions?", b.roles.clause)
    b.r.use(head, *run)
    b.roles.extra.clear()
    amount = per_each(Quantity.of(q.fixed), b, what)
    return Built([KeywordBonus(keyword=head.word, actions=actions, amount=amount, text=b.text)], EffectKind.STATIC)


def _only_readiness(got: at.Attributes) -> bool:
    """"aquele personagem ganha Prontidão" said by a resolving effect with no time: Prontidão (rules 7) only lets a
    character use actions in the turn it entered the scene (4.6.2 C.1), so from a resolving effect it can only
    matter in the turn it resolves -- gained to the end of that turn says exactly the same."""
    from cardscript.compiler.vocabulary import fold_key

    return bool(got.keywords) and all(fold_key(k) == fold_key("Prontidão") for k in got.keywords) and not (
        got.powers or got.affiliations or got.alignments or got.shield is not None or got.shield_x is not None
        or got.alter_egos or got.alter_egos_of is not None or got.powers_of is not None
        or got.affiliations_of is not None or got.named_power is not None)


def _gain(b: Build) -> Built:
    bonus = _keyword_bonus(b)
    if bonus is not None:
        return bonus
    targets, got, duration = _changed(b, "gains")
    if b.roles.pp("per") is not None:                       # "ganha Escudo +1 para cada <x>"
        got = _shield_per_each(got, b)
    if got.all_powers or got.all_affiliations or got.all_alignments:
        raise NotUnderstood("gains all of its own what?", b.roles.clause)
    if (got.shield is not None or got.shield_x is not None) and duration is Duration.UNTIL_NEXT_TURN:
        raise NotUnderstood("a shield change until the next turn (shields last the turn or while in place)",
                            b.roles.clause)
    if (got.alter_egos or got.alter_egos_of is not None) and duration is Duration.WHILE_IN_PLACE:
        raise NotUnderstood("an alter ego gained while in place (only for a time)", b.roles.clause)
    gained_effects = _keyword_with_parameters(b, got, duration)
    ready = _keyword_actions(b, got)
    if b.static and not b.r.event_kind and duration is Duration.END_OF_TURN and got.keywords:
        duration = Duration.WHILE_IN_PLACE      # a permanent text's "ganham Ação Única até o final do turno": the
                                                # keyword holds while the text works (its rule is per turn, 7);
                                                # in a trigger's effect it is gained then, for the turn (5.7 A.2.1)
    proc = Gain(targets=targets, powers=tuple(got.powers), affiliations=tuple(got.affiliations),
                alignments=tuple(got.alignments), shield=got.shield, shield_x=got.shield_x, powers_of=got.powers_of,
                affiliations_of=got.affiliations_of, keywords=tuple(got.keywords), alter_egos=tuple(got.alter_egos),
                alter_egos_of=got.alter_egos_of, ready_actions=ready,
                duration=duration, text=b.text)
    if got.named_power is not None:
        proc = replace(proc, powers_of=got.named_power)
    if gained_effects:
        proc = replace(proc, keyword_effects=gained_effects)
    elif got.keywords and targets.kind is not Kind.ACTION:
        rules = _keyword_rules(got.keywords, b)
        if ready:                               # "Prontidão - ação X": its rule for those actions only
            rules = tuple(replace(x, value="actions", actions=ready) if x.rule == "ready" else x for x in rules)
        proc = replace(proc, keyword_rules=rules)
    if got.keywords:
        _reminders(b)
    kind = EffectKind.STATIC if duration is Duration.WHILE_IN_PLACE else None
    return Built([proc], kind)


def _shield_per_each(got: at.Attributes, b: Build) -> at.Attributes:
    """"Escudo +N para cada <x>": a counted bonus (``shield_x``); only a shield is a number to multiply."""
    what = b.required("what", "what")
    if got.shield is None or got.powers or got.affiliations or got.alignments or got.keywords:
        raise NotUnderstood("'para cada' on what is gained that is not a number", what.node)
    return replace(got, shield=None, shield_x=per_each(Quantity.of(got.shield), b, what))


def _keyword_rules(keywords: list[str], b: Build) -> tuple[Rule, ...]:
    """A keyword a character gains means what its prelude says (5.6): the Rule statics of its meaning, which the
    engine reads for the character while the gain lasts. A keyword meaning anything else (a trigger, an activated
    effect) is not given for a time by the engine: not executable."""
    from cardscript.compiler.lower import keyword_meaning

    out: list[Rule] = []
    for kw in keywords:
        meaning = keyword_meaning(kw)
        if meaning is None or not meaning or not all(
                e.kind is EffectKind.STATIC and all(isinstance(p, Rule) for p in e.procedures) for e in meaning):
            raise NotUnderstood(f"gains {kw}: a keyword whose meaning the engine cannot give for a time",
                                b.roles.clause)
        out.extend(p for e in meaning for p in e.procedures if isinstance(p, Rule))
    return tuple(out)


def _keyword_with_parameters(b: Build, got: at.Attributes, duration: Duration) -> tuple[Effect, ...]:
    """"este personagem ganha Liderar {1} - afiliação X" (rules 7: a keyword with a number and characteristics): the
    keyword's meaning with its parameters filled in, as on a card that has it printed (5.6) -- here activated
    effects (Liderar: once per turn in your Fase de Preparação, capacitate a character ...), which the engine
    offers the character while the static works. () when the keyword takes no parameters here."""
    from cardscript.compiler.lower import keyword_meaning
    from cardscript.compiler.prelude import Parameter, load_prelude
    from cardscript.compiler.semantics.text import render_leaves

    extra = b.roles.extra
    dash = next((i for i, c in enumerate(extra) if isinstance(c, Other) and c.kind == "op" and c.nodes
                 and getattr(c.nodes[0], "text", "") == "-"), None)
    if len(got.keywords) != 1 or dash is None or dash + 1 >= len(extra) or not isinstance(extra[dash + 1], NP):
        return ()
    kw = load_prelude().get(got.keywords[0])
    if kw is None or Parameter.CHARACTERISTICS not in kw.parameters or Parameter.N not in kw.parameters:
        return ()                                            # Prontidão - ação X: read by _keyword_actions
    value = extra[:dash]
    icons = [x for c in value for x in constituent_leaves(c)]
    if len(icons) != 1 or not isinstance(icons[0], Icon) or not icons[0].code.isdecimal():
        raise NotUnderstood(f"{got.keywords[0]} with which number?", b.roles.clause)
    args = extra[dash + 1]
    assert isinstance(args, NP)
    written = f"{kw.name} {{{icons[0].code}}} - {render_leaves(list(constituent_leaves(args)))}"
    meaning = keyword_meaning(written)
    if meaning is None or not meaning or any(e.kind is not EffectKind.ACTIVATED for e in meaning):
        raise NotUnderstood(f"gains {written}: a meaning the engine cannot give", b.roles.clause)
    if duration is not Duration.WHILE_IN_PLACE or not b.static:
        raise NotUnderstood(f"gains {written} for a time (only a static gives an activated effect)", b.roles.clause)
    b.r.use_all(list(constituent_leaves(args)))
    b.r.use(*icons, *(x for c in extra[dash:dash + 1] for x in constituent_leaves(c)))
    del extra[:dash + 2]
    return meaning


def _keyword_actions(b: Build, got: at.Attributes) -> tuple[Filter, ...]:
    """"ganha Prontidão - ação X / ações X e Y / ações de {AE}": the actions a gained Prontidão is for (its
    parameter, rules 7), by name or power; () when it names none."""
    from cardscript.compiler.semantics.statics import action_filters
    from cardscript.compiler.vocabulary import fold_key

    extra = b.roles.extra
    dash = next((i for i, c in enumerate(extra) if isinstance(c, Other) and c.kind == "op" and c.nodes
                 and getattr(c.nodes[0], "text", "") == "-"), None)
    if dash is None or dash + 1 >= len(extra):
        return ()
    np, sign = extra[dash + 1], extra[dash]
    if not isinstance(np, NP) or not isinstance(sign, Other):
        return ()
    if [fold_key(k) for k in got.keywords] != [fold_key("Prontidão")]:
        raise NotUnderstood("a gained keyword with parameters", np.node)
    filters = action_filters(np, b)
    if not filters or any(f.field not in ("name", "power") for f in filters):
        raise NotUnderstood("Prontidão for which actions?", np.node)
    from cardscript.compiler.semantics.syntax import parens_in

    b.r.use(*sign.nodes, *(n for p in parens_in(np) for n in p.nodes))   # the keyword's reminder text
    del extra[dash:dash + 2]
    _naming_parens(b)
    return filters


def _naming_parens(b: Build) -> None:
    """"este personagem (Hogun) ganha ...": a parenthesis that only names the subject restates which it is."""
    from cardscript.compiler.ast import Name

    subject = b.roles.subject_np
    if subject is None or not subject.det("este"):
        return
    for m in subject.mods:
        if isinstance(m, Other) and m.kind == "paren":
            words = [x for n in m.nodes for x in leaves(n) if getattr(x, "text", "") not in ("(", ")")]
            if words and all(isinstance(x, Name) for x in words):
                b.r.use(*m.nodes)


def _reminders(b: Build) -> None:
    """A gained keyword's reminder text in parentheses ("ganham Ação Única até o final do turno (o personagem não
    pode usar mais ações com o nome ...)"): the keyword's meaning is the prelude's (5.6); the reminder restates it."""
    from cardscript.compiler.semantics.syntax import parens_in

    for role in list(b.roles.filled.values()) + [b.roles.extra]:
        for c in role:
            for paren in parens_in(c):
                b.r.use(*paren.nodes)
    b.roles.extra = [c for c in b.roles.extra if not (isinstance(c, Other) and c.kind == "paren")]


def _lose(b: Build) -> Built:
    targets, got, duration = _changed(b, "loses")
    if got.alter_egos or got.alter_egos_of is not None or got.keywords or got.shield is not None:
        raise NotUnderstood("loses what?", b.roles.clause)
    proc = Lose(targets=targets, powers=tuple(got.powers), powers_of=got.named_power or got.powers_of,
                all_powers=got.all_powers, affiliations=tuple(got.affiliations),
                all_affiliations=got.all_affiliations, alignments=tuple(got.alignments),
                all_alignments=got.all_alignments, duration=duration, text=b.text)
    kind = EffectKind.STATIC if duration is Duration.WHILE_IN_PLACE else None
    return Built([proc], kind)


Builder = Callable[[Build], Built]

PROCEDURE_BUILDERS: dict[str, Builder] = {
    "damage": _damage, "stage": _stage, "knock_out": _knock_out, "draw": _draw, "discard": _discard, "load": _load,
    "unload": _unload, "move": _move, "search": _search, "reveal": _reveal, "look": _look, "set_aside": _set_aside,
    "shuffle": _shuffle, "swap": _swap, "choose": _choose, "redirect": _redirect, "gain": _gain, "lose": _lose,
    "perform": _perform,
}

__all__ = ["PROCEDURE_BUILDERS", "damage_amount", "stage_amounts", "card_count", "is_x", "plural", "players", "YOU",
           "Filter", "Place", "Other"]
