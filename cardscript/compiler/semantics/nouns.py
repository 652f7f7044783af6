"""Noun phrases denote selectors (``docs/semantics.md`` section 1): one denotation over the phrase's parts.

* the **determiner** says how many and which: ``um`` (one, chosen when the effect resolves), ``até N``,
  ``cada`` / ``todos os`` / a plural definite or bare plural (all of them), ``este`` (this card), ``aquele``
  / ``esse`` / a pronoun (what the binder bound it to: a slot), ``outro`` (excluding this one);
* the **head** the kind of thing (``vocabulary.KIND_OF_NOUN``: personagem, suporte, card, jogador, ação...),
  an alignment (``herói``/``vilão``), a name (this card, this action, or a card of that name);
* **adjectives and participles** a filter or a reference (``alvo``: the action's target, ``escolhido``:
  what was chosen, ``diferentes``, ``aleatório``, ``próximo``);
* **modifiers** (``modifiers.apply``): prepositional phrases, appositions, relative clauses, comparisons;
* **coordination**: a union (``um personagem ou suporte``: one selector of two kinds; ``os personagens ...
  e os cards ...``: ``Selector.union``).

The same denotation serves every position: subjects, objects, targets, conditions, counts, event subjects.
A part no rule gives a meaning stays unused and is reported by the accounting.
"""

from __future__ import annotations

from cardscript.compiler.ast import Icon, Lexeme, Name, Number, Symbol
from cardscript.compiler.fast_replace import replace
from cardscript.compiler.ir import Filter, Kind, Quantity, Ref, Selector
from cardscript.compiler.semantics.amounts import np_quantity
from cardscript.compiler.semantics.reading import CardInfo, NotUnderstood, Reading, Referent
from cardscript.compiler.semantics.syntax import NP, PP, Leaf
from cardscript.compiler.semantics.vocabulary import (
    ACTION_TYPE_OF_WORD,
    ADJECTIVE_FILTERS,
    ALIGNMENT_OF_WORD,
    IMPLIED_FILTERS,
    KIND_OF_NOUN,
)
from cardscript.core.normalize import fold_text

YOU = Selector(kind=Kind.PLAYER, ref=Ref.YOU, text="você")
OPPONENT = Selector(kind=Kind.PLAYER, ref=Ref.OPPONENT, text="seu oponente")
EVERY_PLAYER = Selector(kind=Kind.PLAYER, ref=Ref.EVERY_PLAYER, every=True, text="cada jogador")
THIS_CARD = Selector(kind=Kind.CARD, ref=Ref.THIS_CARD, text="este card")
THIS_CHARACTER = Selector(kind=Kind.CHARACTER, ref=Ref.THIS_CHARACTER, text="este personagem")

_PLURAL_DETS = frozenset({"os", "as", "estes", "estas", "aqueles", "aquelas", "seus", "suas", "todos", "todas",
                          "outros", "outras", "esses", "essas"})


def plural(np: NP) -> bool:
    """Is the phrase plural (by its head's or its determiners' spelling)?"""
    h = np.head
    if isinstance(h, Lexeme) and h.cls == "NOUN":
        return h.word.lower() != h.lemma and h.word.lower().endswith("s")
    if isinstance(h, Lexeme) and h.cls == "PRON":
        return h.word.lower().endswith("s") or h.lemma in ("ambos",)
    return any(d.word.lower() in _PLURAL_DETS for d in np.dets)


def text_of(np: NP) -> str:
    from cardscript.compiler.semantics.syntax import constituent_leaves

    return " ".join(_w(x) for x in constituent_leaves(np))


def _w(leaf: Leaf) -> str:
    if isinstance(leaf, Lexeme):
        return leaf.word
    if isinstance(leaf, Name):
        return leaf.text
    if isinstance(leaf, Icon):
        return "{" + leaf.code + "}"
    if isinstance(leaf, Symbol):
        return leaf.text
    return str(getattr(leaf, "value", ""))


# ---------------------------------------------------------------------------------------------
# players


def players(np: NP, r: Reading) -> Selector:
    """A noun phrase naming players: "você", "seu oponente", "um oponente", "cada jogador", "aquele jogador",
    "o controlador daquele personagem", "seu dono", "o jogador alvo", "outro jogador"."""
    sel = _players(np, r)
    remembered = _remembered(np, r, sel)
    if remembered is not None:
        return remembered
    _register(r, np, "", Kind.PLAYER, sel)
    return sel


def _players(np: NP, r: Reading) -> Selector:
    from cardscript.compiler.semantics.modifiers import apply_modifiers

    lemma = np.lemma
    text = text_of(np)
    if lemma == "você" or (isinstance(np.head, Lexeme) and np.head.cls == "PRON" and np.head.lemma == "você"):
        r.use(np.head, *np.dets)
        return replace(YOU, text=text)
    if lemma in ("ele", "ela", "eles", "elas") or np.det("aquele", "esse"):
        ref = reference(np, r)
        if ref is not None:
            return ref
    if lemma in ("controlador", "dono"):
        r.use(np.head, *np.dets)
        of = _of_phrase(np, r)
        if of is None:
            of = r.subject_stack[-1] if r.subject_stack else THIS_CARD
        return Selector(kind=Kind.PLAYER, ref=Ref.CONTROLLER if lemma == "controlador" else Ref.OWNER, of=of,
                        text=text)
    one_of = _one_of_players(np, r)
    if one_of is not None:
        return one_of
    if lemma not in ("jogador", "oponente"):
        raise NotUnderstood(f"'{text}' does not name a player", np.node)
    if np.participle is not None and np.participle.lemma == "escolher" and np.det("o"):
        return _chosen(np, r, text)                          # "o oponente escolhido": the player chosen before
    r.use(np.head)
    if any(isinstance(p, Lexeme) and p.lemma == "alvo" for p in np.post):       # "o jogador alvo"
        r.use(*np.post, *np.dets)
        return _new_target(np, r, Selector(kind=Kind.PLAYER, text=text,
                                           filters=(Filter("controller", "ne", "you"),)
                                           if lemma == "oponente" else ()))
    every = np.det("cada", "todo", "qualquer") or (plural(np) and lemma == "jogador")   # "de qualquer jogador"
    other = np.det("outro")
    if r.player_case is not None and lemma == "jogador" and not plural(np) and not np.mods and (
            other or np.det("um")):                  # "... por um jogador ... por outro jogador": one of the two
        r.use(*np.dets)
        return replace(r.player_case[1 if other else 0], text=text)
    r.use(*np.dets)
    event_player = r.by_slot("event:player") if other and lemma == "jogador" else None
    if event_player is not None and event_player.kind is Kind.PLAYER and event_player.selector is not None \
            and event_player.selector.ref is not Ref.YOU:
        # "Se algum jogador comprar cards ..., cada outro jogador ...": every player but the event's
        return Selector(kind=Kind.PLAYER, ref=Ref.EVERY_PLAYER, text=text, excluding=Selector(
            kind=Kind.PLAYER, ref=Ref.SLOT, slot="event:player"))
    if other and any(x.kind is Kind.PLAYER and x.selector is not None and x.selector.ref is None
                     and x.selector.kind is Kind.PLAYER for x in r.referents):
        # "um herói controlado por um jogador ... um herói controlado por outro jogador": other than that one,
        # which is not "your opponent"
        raise NotUnderstood(f"'{text}': another player than one named before", np.node)
    if lemma == "oponente" or other:
        sel = replace(OPPONENT, text=text)       # two players: "um oponente", "seus oponentes", "outro jogador"
        if other and lemma == "oponente":
            raise NotUnderstood("'outro oponente' in a two-player game", np.node)
        return apply_modifiers(sel, np, r)
    if every:
        return apply_modifiers(replace(EVERY_PLAYER, text=text), np, r)
    sel = Selector(kind=Kind.PLAYER, text=text)
    return apply_modifiers(sel, np, r)


def _one_of_players(np: NP, r: Reading) -> Selector | None:
    """"um de seus oponentes", "algum de seus oponentes", "cada um de seus oponentes": one of the opponents -- in a
    two-player game, the opponent (as "um oponente" is); "cada um dos jogadores": each player."""
    head = np.head
    each = np.det("cada")                          # "cada um dos jogadores": every player, each on their own
    if not isinstance(head, Lexeme) or head.cls != "PRON" or head.lemma not in ("um", "algum") \
            or (np.dets and not (each and len(np.dets) == 1)) or len(np.mods) != 1:
        return None
    pp = np.mods[0]
    if not isinstance(pp, PP) or pp.prep != "de" or pp.obj is None or pp.obj.lemma not in ("oponente", "jogador") \
            or not plural(pp.obj) or pp.obj.mods or pp.coords or (pp.obj.lemma == "jogador" and not each) \
            or (pp.obj.lemma == "jogador" and not pp.obj.det("o")):
        return None
    r.use(head, *np.dets, *pp.preps, *pp.obj.own_leaves)
    if pp.obj.lemma == "jogador":
        return replace(EVERY_PLAYER, text=text_of(np))
    return replace(OPPONENT, text=text_of(np))


def _of_phrase(np: NP, r: Reading) -> Selector | None:
    """The "de <np>" of a relational noun ("o controlador *daquele personagem*")."""
    for m in np.mods:
        if isinstance(m, PP) and m.prep == "de" and m.obj is not None:
            r.use(*m.preps)
            return things(m.obj, r)
    if np.det("seu"):                         # "seu controlador", "seu dono": of the thing being talked about
        if r.subject_stack:
            return r.subject_stack[-1]
        if any(x.slot == "event:subject" and x.kind is not Kind.PLAYER for x in r.referents):
            # "Toda vez que um personagem ... usar ..., seu controlador ...": the event's subject's
            return Selector(kind=Kind.CHARACTER, ref=Ref.SLOT, slot="event:subject", text=text_of(np))
        return THIS_CARD
    return None


# ---------------------------------------------------------------------------------------------
# references (principle 3)


_ORDINALS = {"primeiro": 0, "segundo": 1, "terceiro": 2}


def _ordinal_of_group(np: NP, r: Reading, text: str) -> Selector | None:
    """"o primeiro personagem", "o segundo personagem" after "escolha dois personagens ...": the first / second of
    the group chosen (in the order chosen) -- the slot's N-th thing (``<slot>:nthN``). Only a bare "o <ordinal>
    <noun>" with such a group before it of a fitting kind; else it describes ("a primeira ação que ...")."""
    ords = [a for a in np.pre if isinstance(a, Lexeme) and a.lemma in _ORDINALS]
    if len(ords) != 1 or len(np.pre) != 1 or not np.det("o") or len(np.dets) != 1 or np.mods or np.post \
            or plural(np):
        return None
    want = _FITS.get(np.lemma)
    group = next((x for x in reversed([*r.referents, *r.card_referents]) if x.slot and x.plural
                  and x.selector is not None and x.selector.count.fixed > _ORDINALS[ords[0].lemma]
                  and not x.selector.count.up_to and (want is None or x.kind in want)), None)
    if group is None:
        return None
    r.use(*np.dets, ords[0], np.head)
    return Selector(kind=KIND_OF_NOUN.get(np.lemma, group.kind), ref=Ref.SLOT,
                    slot=f"{group.slot}:nth{_ORDINALS[ords[0].lemma]}", text=text)


def reference(np: NP, r: Reading) -> Selector | None:
    """A phrase that refers instead of describing: este, aquele/esse, a pronoun, the card's own name, "o alvo",
    "o ... escolhido", "os cards revelados". None when it describes."""
    head = np.head
    text = text_of(np)
    ordinal = _ordinal_of_group(np, r, text)
    if ordinal is not None:
        return ordinal
    if isinstance(head, Name) and not np.dets:
        own = fold_text(head.text)
        if own == fold_text(r.card.name):
            r.use(head)
            if r.in_action and r.card.action_name and own == fold_text(r.card.action_name) \
                    and r.card.kind != "Habilidade":
                return Selector(kind=Kind.ACTION, ref=Ref.THIS_ACTION, text=text)
            return replace(THIS_CARD, text=text)
        if r.card.action_name and own == fold_text(r.card.action_name):
            r.use(head)
            return Selector(kind=Kind.ACTION, ref=Ref.THIS_ACTION, text=text)
        return None
    if np.det("este"):
        r.use(*np.dets, head)
        lemma = np.lemma
        if lemma == "personagem":
            return replace(THIS_CHARACTER, text=text)
        if lemma == "ação":
            return Selector(kind=Kind.ACTION, ref=Ref.THIS_ACTION, text=text)
        if lemma in ("turno", "partida", "fase", "etapa"):
            return None
        if lemma == "alvo" and r.in_action:                # "X-1 destes alvos": the action's targets (4.6.2 F)
            if plural(np):
                return Selector(kind=Kind.CHARACTER, ref=Ref.TARGET, index=-1, text=text, every=True)
            return _the_target(r, None, text)
        return replace(THIS_CARD, kind=KIND_OF_NOUN.get(lemma, Kind.CARD), text=text)
    if np.lemma == "alvo" and not np.det("um", "cada", "outro", "qualquer") and not np.quantity \
            and (np.dets or not plural(np)):
        r.use(*np.dets, head)
        if plural(np):                                     # "seus alvos", "os alvos": every target of the action
            return Selector(kind=Kind.CHARACTER, ref=Ref.TARGET, index=-1, text=text, every=True)
        return _the_target(r, None, text)
    if np.lemma == "ação" and np.dets and all(d.lemma == "o" for d in np.dets) and not np.mods \
            and not np.post and not plural(np) and r.by_slot("event:action") is not None and not r.in_action:
        r.use(*np.dets, head)                  # "o personagem que usou a ação": the action of the event
        return Selector(kind=Kind.ACTION, ref=Ref.SLOT, slot="event:action", text=text)
    if np.det("ambos") and not np.mods and not np.post and not np.coords and not np.heads:
        return _both(np, r, text)
    pron = isinstance(head, Lexeme) and head.cls in ("PRON", "CLITIC") and head.lemma in (
        "ele", "ela", "eles", "elas", "-o", "-a", "-os", "-as", "-lo", "-la", "-los", "-las", "ambos", *_DEMONSTRATIVES)
    contracted = [d for d in np.dets if d.lemma in ("aquele", "esse") and d.word.lower().startswith("d")]
    count = [d for d in np.dets if d.lemma == "um"]
    if contracted and (count or isinstance(np.quantity[0] if np.quantity else None, Number)):
        # "um desses cards", "dois daqueles cards": a part of what the demonstrative refers to
        whole = NP(np.node, dets=contracted, pre=np.pre, head=np.head, post=np.post, mods=np.mods)
        of = _anaphor(whole, r, text)
        n = np_quantity(np, r) or Quantity.of(1)
        r.use(*count)
        return Selector(kind=of.kind, union=(_remaining(of, r),), count=n, text=text)
    if pron or np.det("aquele", "esse"):
        return _anaphor(np, r, text)
    if np.participle is not None and np.participle.lemma == "escolher" and np.det("o"):
        return _chosen(np, r, text)
    if np.participle is not None and np.det("o") and not np.mods:      # "o personagem incapacitado": what that
        from cardscript.compiler.semantics.modifiers import _introduced_by  # procedure introduced
        found = _introduced_by(np.participle.lemma, r)
        if found is not None:
            r.use(*np.dets, np.head, np.participle)
            return replace(found, kind=KIND_OF_NOUN.get(np.lemma, found.kind), text=text)
    return None


def _both(np: NP, r: Reading, text: str) -> Selector:
    """"embaralhe ambos os personagens": the two things of the noun's kind coordinated last in this effect ("este
    personagem e o personagem alvo"), each of them."""
    r.use(*np.dets, np.head)
    pair = r.last_pair
    kind = KIND_OF_NOUN.get(np.lemma)
    if len(pair) != 2 or kind is None or any(p.kind is not kind for p in pair):
        raise NotUnderstood(f"'{text}': both of what?", np.node)
    return Selector(kind=kind, union=pair, every=True, text=text)


def _anaphor(np: NP, r: Reading, text: str) -> Selector:
    """"aquele personagem", "ele", "-o", "esses cards": what the phrase the binder bound it to stands for (a slot, a
    target, this card...); with no binding to a phrase, the latest thing of a fitting kind and gender; with none,
    this card -- or, for "ele", the character it is (or is carried by)."""
    head = np.head
    if isinstance(head, Lexeme) and head.lemma == "ambos":           # "os cards que ambos estiverem carregando":
        r.use(head, *np.dets)                                          # the two things coordinated before it
        both = r.conjuncts[-2:]
        if len(both) != 2:
            raise NotUnderstood(f"'{text}': both of what?", np.node)
        return Selector(kind=both[0].kind, union=tuple(both), every=True, text=text)
    binding = r.binding(head if isinstance(head, Lexeme) and head.cls == "CLITIC" else np.node)
    if binding is None and np.dets:
        binding = r.binding(np.dets[0])
    r.use(*np.dets, head)
    if np.head is not None and isinstance(np.head, Lexeme) and np.head.lemma in ("quantidade", "número", "vez",
                                                                                 "forma", "turno", "dano"):
        raise NotUnderstood(f"'{text}' names the event, not a thing", np.node)
    pronoun = isinstance(head, Lexeme) and head.cls in ("PRON", "CLITIC")
    fits = _pronoun_fits(head) if pronoun else _FITS.get(np.lemma)
    if fits is not None and np.fills and "player" not in np.fills:   # "coloque-o": a card, not a player
        fits = tuple(k for k in fits if k is not Kind.PLAYER)
    if fits is not None and np.fills == PLAYER_ONLY and Kind.PLAYER in fits:   # "um personagem que ele controla":
        fits = (Kind.PLAYER,)                                                     # a player, not a card
    r.use(*(a for a in np.pre if a.lemma == "mesmo"))       # "daquele mesmo personagem"
    if pronoun:                                             # "nele mesmo", "ela mesma": the same one, stressed
        r.use(*(a for a in np.post if isinstance(a, Lexeme) and a.lemma == "mesmo"))
    for conj, other in np.heads:                           # "aquele personagem ou suporte"
        r.use(conj, other.head)
        extra = _FITS.get(other.lemma)
        if fits is not None and extra is not None:
            fits = (*fits, *extra)
    found: Referent | None = None
    if binding is not None and binding.target_span is not None:
        found = r.referent_at(binding.target_span, fits, named=isinstance(head, Name))
        if found is None and binding.target == "this card":          # bound to "este card", the card's name
            return replace(THIS_CARD, text=text)
        if found is None and binding.target.startswith("the character with"):   # to "este personagem"
            return replace(THIS_CHARACTER, text=text)
        same_noun = isinstance(head, Lexeme) and head.cls == "NOUN" and fold_text(head.word) in fold_text(
            binding.target).split()                      # "aquele personagem" -> "outro personagem"
        if found is None and same_noun and _not_read_yet(binding.target_span, r):
            # bound to a phrase read later (a condition read before its clause: "permute ... por um card que outro
            # personagem ... estiver carregando se aquele personagem ..."): not the latest thing read so far
            raise NotUnderstood(f"'{text}' refers to '{binding.target}', not introduced yet", np.node)
    # an object clitic agrees with its noun's gender ("um card de habilidade ... carregá-lo"); "ele" keeps to kinds
    gender = _gender(head) if isinstance(head, Lexeme) and head.cls == "CLITIC" else ""
    third = pronoun or _demonstrative_player(np)       # "aquele jogador" is not "você" either
    if found is None:
        found = _latest(r, fits, gender, third_person=third)
    if found is not None and (pronoun or np.lemma == "card"):
        found = _whole_phrase(r, found, fits)      # ("aquele card" bound to the character inside "um card que um
        #                                              personagem estiver carregando": the card)
    singular = pronoun and isinstance(head, Lexeme) and head.lemma.lstrip("-") in ("ele", "ela", "o", "a", "lo", "la")
    personal = pronoun and isinstance(head, Lexeme) and head.lemma in ("ele", "eles", "ela", "elas")

    def ok(x: Referent) -> bool:
        """A third-person pronoun never means "você"; "ele" is one in the scene, not a card carried ("Enquanto este
        personagem estiver carregando um card de suporte, ele ganha ...")."""
        return _agrees(x, fits, gender) and not (third and _addressee(x)) and not (personal and _carried(x))

    if found is not None and not ok(found):
        found = next((x for x in reversed(r.referents) if ok(x)), None)
    if found is not None and singular and found.plural:     # "ele" is not "todos os cards ...": the latest singular
        found = next((x for x in reversed(r.referents) if ok(x) and not x.plural), None)
    several = pronoun and isinstance(head, Lexeme) and head.lemma.lstrip("-") in ("eles", "elas", "os", "as", "los",
                                                                               "las")
    if found is not None and several and not found.plural:
        found = next((x for x in reversed(r.referents) if ok(x) and x.plural), found)
        # "um deles" after "coloque um desses cards ...": the group, not the one card taken from it
    if found is not None:
        return _read_referent(found, np, text)
    if binding is not None and binding.target.startswith("the character with"):
        return replace(THIS_CHARACTER, text=text)
    if binding is not None and binding.target == "this card" or pronoun:
        if pronoun and isinstance(head, Lexeme) and head.lemma in ("ele", "eles") and r.card.kind in (
                "Personagem", "Personagem-EV", "Habilidade"):
            return replace(THIS_CHARACTER, text=text)
        return replace(THIS_CARD, text=text)
    raise NotUnderstood(f"'{text}' refers to nothing this effect introduced", np.node)


PLAYER_ONLY = frozenset({"player"})      # an NP's ``fills`` where only a player fits (the one who controls)


def _demonstrative_player(np: NP) -> bool:
    """"aquele jogador", "esse oponente": a player mentioned in the third person, never the addressee "você"."""
    return bool(np.det("aquele", "esse")) and np.lemma in ("jogador", "oponente", "adversário", "controlador", "dono")


def _addressee(ref: Referent) -> bool:
    """A referent standing for "você" (the effect's controller)."""
    return ref.selector is not None and ref.selector.ref is Ref.YOU


def _carried(ref: Referent) -> bool:
    """A referent standing for cards carried (a condition's "estiver carregando um card de X"), or for the cards an
    unloading took off (now in the resources, 4.1: "descarregar um card dele. Se o fizer, ele causa ...": not that
    card)."""
    return ref.selector is not None and ref.selector.zone == "carried" and (not ref.slot or ref.head == "unload")


def _not_read_yet(span: object, r: Reading) -> bool:
    """Is the phrase at ``span`` after everything this effect has read so far (so no referent can be it yet)?"""
    start = getattr(span, "start", None)
    if start is None:
        return False
    seen = [x.span.end for x in (*r.referents, *r.card_referents)]
    return bool(seen) and start >= max(seen) and not any(x.span.start <= start < x.span.end for x in r.referents)


# a card of ability is "um card" (masculine), whatever the feminine "habilidade"
_MASCULINE = (Kind.CHARACTER, Kind.SUPPORT, Kind.SCENARIO, Kind.CARD, Kind.ABILITY, Kind.PLAYER)
_FEMININE = (Kind.ACTION, Kind.ABILITY, Kind.CARD)


_DEMONSTRATIVES = ("aquele", "aquela", "aqueles", "aquelas")
"""A demonstrative standing for the noun said before ("ações com o mesmo nome que aquela": that action)."""


def _pronoun_fits(head: Leaf | None) -> tuple[Kind, ...] | None:
    """The kinds a pronoun can stand for, by its gender: "ele", "-o" (personagem, suporte, cenário, card, jogador);
    "ela", "-a" (ação, habilidade)."""
    if not isinstance(head, Lexeme):
        return None
    lemma = head.lemma.lstrip("-")
    if lemma in ("o", "os", "lo", "los"):     # "coloque-o", "revele-os": a card ("um card de habilidade"), not a
        return tuple(k for k in _MASCULINE if k is not Kind.PLAYER)     # player (the verbs move cards)
    if lemma in ("ele", "eles", "aquele", "aqueles"):
        return tuple(k for k in _MASCULINE if k is not Kind.ABILITY)    # "ele": a character, a card, a player
    if lemma in ("ela", "elas", "a", "as", "la", "las", "aquela", "aquelas"):   # "aquela": an action, an ability
        return _FEMININE
    return None


def _whole_phrase(r: Reading, found: Referent, fits: tuple[Kind, ...] | None) -> Referent:
    """A pronoun bound to a phrase inside a bigger one a procedure acted on means the bigger one: "procure por um card
    com o mesmo alter ego que o personagem incapacitado, revele-o" (the card found), "escolha um card que estiver
    sendo carregado por um personagem ... e coloque-o" (the card chosen)."""
    for ref in reversed(r.referents):
        if ref is found or not ref.slot.startswith(("intro:", "card:")) or ref.plural:
            continue
        inside = ref.span.start <= found.span.start and found.span.end <= ref.span.end and ref.span != found.span
        if inside and (fits is None or ref.kind in fits):
            return ref
    made = next((x for x in reversed(r.referents) if x.slot.startswith(("intro:", "card:"))
                 and x.head not in ("np", "chosen_first")), None)
    of = made.selector.of if made is not None and made.selector is not None else None
    if made is not None and made is not found and of is not None and found.selector is not None \
            and (of.ref, of.index, of.slot) == (found.selector.ref, found.selector.index, found.selector.slot) \
            and of.ref is not None and not made.plural and (fits is None or made.kind in fits):
        return made       # "escolha um card ... carregado no personagem alvo e coloque-o": the card chosen, not the
        #                   target named inside the phrase the choice acted on
    if found.head == "chosen_first" and found in r.referents:     # chosen first for the procedure that follows
        after = r.referents[r.referents.index(found) + 1:]
        made = next((x for x in after if x.slot.startswith(("intro:", "card:")) and x.head not in (
            "np", "chosen_first")), None)
        if made is not None and not made.plural and (fits is None or made.kind in fits):
            return made
    return found


def _latest(r: Reading, fits: tuple[Kind, ...] | None, gender: str = "", third_person: bool = False) -> Referent | None:
    """The latest referent of a fitting kind and gender; a third-person pronoun ("ele", "dele", "-o") is never
    "você", the player the text speaks to ("você pode descarregar um card dele": not a card of yours)."""
    for ref in reversed(r.referents):
        if third_person and ref.selector is not None and ref.selector.ref is Ref.YOU:
            continue
        if _agrees(ref, fits, gender):
            return ref
    return None


_NOUN_GENDER = {"card": "m", "personagem": "m", "suporte": "m", "cenário": "m", "jogador": "m", "oponente": "m",
                "habilidade": "f", "ação": "f"}


def _gender(head: Leaf | None) -> str:
    """A pronoun's gender: "m" ("ele", "-o", "-lo"), "f" ("ela", "-a", "-la"), '' otherwise."""
    if not isinstance(head, Lexeme):
        return ""
    lemma = head.lemma.lstrip("-")
    return "m" if lemma in ("ele", "eles", "o", "os", "lo", "los") else "f" if lemma in (
        "ela", "elas", "a", "as", "la", "las") else ""


def _agrees(ref: Referent, fits: tuple[Kind, ...] | None, gender: str) -> bool:
    """Can a pronoun of ``gender`` standing for ``fits`` refer to ``ref``? By its noun's gender when known ("um
    card de habilidade ... carregá-lo": the card, masculine, though an ability), else by its kind."""
    noun = _NOUN_GENDER.get(ref.noun)
    if gender and noun is not None:
        if noun != gender:
            return False
        return fits is None or ref.kind in fits or (ref.kind is Kind.ABILITY and Kind.CARD in fits)
    return fits is None or ref.kind in fits


def _read_referent(found: Referent, np: NP, text: str) -> Selector:
    """A reference to ``found``: its slot, or the target / reference it is (``Referent.selector``)."""
    kind = KIND_OF_NOUN.get(np.lemma, found.kind)
    if found.indefinite:          # "carregue um card dos recursos de um jogador em um personagem que aquele jogador
        raise NotUnderstood(f"'{text}': which one '{found.selector.text if found.selector else ''}' was is not "
                            "remembered (it would be chosen again)", np.node)            # controla"
    if not found.slot and found.selector is not None:
        return replace(found.selector, text=text)
    return Selector(kind=kind, ref=Ref.SLOT, slot=found.slot, text=text, every=True)


_FITS = {
    "personagem": (Kind.CHARACTER,), "suporte": (Kind.SUPPORT,), "card": tuple(Kind), "jogador": (Kind.PLAYER,),
    "oponente": (Kind.PLAYER,), "ação": (Kind.ACTION,), "cenário": (Kind.SCENARIO, Kind.CARD),
    "habilidade": (Kind.ABILITY, Kind.CARD),
}


def _latest_fitting(np: NP, r: Reading) -> Referent | None:
    want = _FITS.get(np.lemma)
    for ref in reversed(r.referents):
        if want is None or ref.kind in want or (ref.kind is Kind.CARD and Kind.CARD not in want
                                                and np.lemma in ("personagem", "suporte", "cenário", "habilidade")):
            return ref
    return None


def _chosen(np: NP, r: Reading, text: str) -> Selector:
    """"o personagem escolhido": what a choice of this card chose (in any paragraph); "os cards escolhidos desta
    forma": by the choice of this effect, the one it reads."""
    from cardscript.compiler.semantics.modifiers import _use_this_action

    r.use(*np.dets, np.head, np.participle)
    _use_this_action(np, r)
    for conj, other in np.heads:                           # "o personagem ou suporte escolhido"
        r.use(conj, other.head)
    binding = r.binding(np.node)
    found = r.referent_at(binding.target_span) if binding is not None and binding.target_span is not None else None
    if found is None:
        pool = [x for x in (*r.referents, *r.card_referents) if x.slot.startswith(("card:", "intro:"))]
        want = _FITS.get(np.lemma)
        pool = [x for x in pool if want is None or x.kind in want] or pool
        found = pool[-1] if pool else None
    if found is None:
        raise NotUnderstood(f"'{text}': nothing was chosen", np.node)
    return _read_referent(found, np, text)


# ---------------------------------------------------------------------------------------------
# things


def things(np: NP, r: Reading, *, choose: bool = True) -> Selector:
    """The selector of a noun phrase naming cards, characters, supports, scenarios, actions or players (registered
    as what references to this phrase mean from now on)."""
    r.np_depth += 1
    try:
        sel = _things(np, r)
    finally:
        r.np_depth -= 1
    remembered = _remembered(np, r, sel)
    if remembered is not None:
        return remembered
    _register(r, np, "", sel.kind, sel if sel.ref is not None else replace(sel, every=True))
    return sel


def _remembered(np: NP, r: Reading, sel: Selector) -> Selector | None:
    """An indefinite inside what a procedure acts on that a later reference reads ("carregue um card dos recursos de
    um jogador em um personagem que aquele jogador controla", "escolha um poder de um personagem ... aquele
    personagem perde ..."): it is chosen first (a :class:`Choose` before the procedure, ``Reading.pending``) and its
    slot stands for it, so that the reference reads the same one. Not in conditions (checked, not chosen) nor in the
    trigger's event (its participants are the event's)."""
    if r.np_depth < 1 or r.in_condition or sel.ref is not None or sel.every or sel.union or not np.det("um", "outro") \
            or plural(np) or np.quantity or sel.count != Quantity.of(1) or np.heads or np.coords:
        return None
    span = getattr(np.node, "span", None)
    if span is None or (r.trigger_span is not None and r.trigger_span.start <= span.start < r.trigger_span.end):
        return None
    if not any(b.target_span == span for b in r.bindings.values()):
        return None
    from cardscript.compiler.ir import Choose

    slot = r.new_slot()
    r.pending.append(Choose(what=sel, introduces=slot, text=sel.text))
    out = Selector(kind=sel.kind, ref=Ref.SLOT, slot=slot, every=True, text=sel.text)
    _register(r, np, slot, sel.kind, out)
    r.referents[-1].head = "chosen_first"
    return out


def _things(np: NP, r: Reading) -> Selector:
    from cardscript.compiler.semantics.modifiers import apply_modifiers

    if np.cls == "player" or np.lemma in ("jogador", "oponente", "controlador", "dono"):
        return _players(np, r)
    sel = reference(np, r)
    if sel is not None:
        sel = apply_modifiers(sel, np, r)
        return _coordinated(sel, np, r)
    text = text_of(np)
    head = np.head
    if isinstance(head, Name) and head.kinds == ("affiliation",) and np.det("um") and len(np.dets) == 1 \
            and not np.heads and not np.coords:
        r.use(head, *np.dets)                              # "causar dano a um X-Men": a character of that
        sel = Selector(kind=Kind.CHARACTER, filters=(Filter("affiliation", "has", head.text),), text=text)   # team
        return apply_modifiers(sel, np, r)
    if isinstance(head, Name):
        r.use(head)
        sel = Selector(kind=Kind.CARD, filters=(Filter("name", "eq", head.text),), text=text, every=True)
        names = [head.text]
        for conj, other in np.heads:
            if isinstance(other.head, Name):
                r.use(conj, other.head)
                names.append(other.head.text)
        if len(names) > 1:
            sel = replace(sel, filters=(Filter("name", "has_any", "/".join(names)),))
        return _coordinated(apply_modifiers(sel, np, r), np, r)
    lemma = np.lemma
    if lemma == "número" and np.det("qualquer"):           # "qualquer número de cards (dentre eles)"
        of_pp = next((m for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
        if of_pp is None or of_pp.obj is None:
            raise NotUnderstood(f"'{text}': of what?", np.node)
        r.use(head, *np.dets, *of_pp.preps)
        of = things(of_pp.obj, r)
        return replace(of, every=False, count=Quantity(any_number=True), text=text) if of.ref is None else \
            Selector(kind=of.kind, union=(of,), count=Quantity(any_number=True), text=text)
    if isinstance(head, Number) and any(isinstance(m, PP) and m.prep in ("de", "dentre") for m in np.mods):
        r.use(head, *np.dets)                              # "dois deles": that many of them
        of_pp = next(m for m in np.mods if isinstance(m, PP) and m.prep in ("de", "dentre"))
        if of_pp.obj is None:
            raise NotUnderstood(f"'{text}': of what?", np.node)
        r.use(*of_pp.preps)
        of = things(of_pp.obj, r)
        count = np_quantity(np, r) if np.quantity else None    # "X-1 destes alvos": the run before the number
        return Selector(kind=of.kind, union=(of,), count=count or Quantity.of(head.value), text=text)
    if lemma in ("um", "uma", "cada", "todos", "todas", "outro", "outra", "outros", "outras", "nenhum", "algum",
                 "restante", "restantes", "demais", "único", "única") and isinstance(head, Lexeme) \
            and head.cls == "PRON":
        return _partitive(np, r, text)
    if lemma == "alvo":                                    # "até X alvos diferentes": targets of the action, a
        r.use(head)                                        # character or a support (4.6.2 F.1.2)
        bare = _adjectives(Selector(kind=Kind.CHARACTER, also=(Kind.SUPPORT,), text=text), np, r)
        return _new_target(np, r, apply_modifiers(bare, np, r))
    if lemma == "fonte":
        source = _source_of_damage(np, r, text)
        if source is not None:
            return source
    kind = KIND_OF_NOUN.get(lemma)
    if kind is None and np.participle is not None and head is None:
        kind = Kind.CARD                                   # "os escolhidos", "os revelados"
    if kind is None:
        raise NotUnderstood(f"'{text}' is not a card, a character or an action", np.node)
    r.use(head)
    filters: list[Filter] = []
    if lemma in ALIGNMENT_OF_WORD:                         # "um herói", "os vilões"
        filters.append(Filter("alignment", "has", ALIGNMENT_OF_WORD[lemma]))
    filters.extend(IMPLIED_FILTERS.get(lemma, ()))         # a game's: "um aliado" (a character you control)
    if lemma == "habilidade":
        kind = Kind.ABILITY
    sel = Selector(kind=kind, filters=tuple(filters), text=text)
    targeted = [a for a in (*np.pre, *np.post) if isinstance(a, Lexeme) and a.lemma == "alvo"]
    if targeted:                          # "um personagem alvo com {LA}": the target is the whole description
        r.use(*targeted)
        np = _without_this_action(np, r)
        existing = _existing_target(np, r, sel)
        if existing is not None:
            return _coordinated(existing, np, r)
    rest = [a for a in np.post if isinstance(a, Lexeme) and a.lemma in ("restante", "restantes")]
    if rest and np.det("o") and plural(np) and not np.mods:     # "os cards restantes": the rest of the group a
        group = _group(r)                                       # part was taken from
        if group is None:
            raise NotUnderstood(f"'{text}': the rest of what?", np.node)
        r.use(*rest, *np.dets)
        return Selector(kind=group.kind, ref=Ref.SLOT, slot=group.slot + ":rest", every=True, text=text)
    sel = _determiners(sel, np, r)
    sel = _adjectives(sel, np, r)
    sel = _coordinated_heads(sel, np, r)
    sel = _other_than_the_compared(apply_modifiers(sel, np, r))
    if targeted:
        sel = _new_target(np, r, sel)
    return _coordinated(sel, np, r)


def _without_this_action(np: NP, r: Reading) -> NP:
    """"o personagem alvo de <this action's name>" / "alvo desta ação", in the action's text: the action's own target
    (4.6.2 F) -- "de" names the action targeting, not a card carrying the character."""
    if not r.in_action:
        return np
    mods = [m for m in np.mods if not _of_this_action(m, r)]
    if len(mods) == len(np.mods):
        return np
    for m in np.mods:
        if m not in mods and isinstance(m, PP) and m.obj is not None:
            r.use(*m.preps, *m.obj.dets, m.obj.head)
    return replace(np, mods=mods)


def _of_this_action(m: object, r: Reading) -> bool:
    if not isinstance(m, PP) or [p.lemma for p in m.preps] != ["de"] or m.obj is None or m.obj.mods \
            or m.obj.coords or m.obj.heads:
        return False
    head = m.obj.head
    if isinstance(head, Name):
        return not m.obj.dets and bool(r.card.action_name) and head.text == r.card.action_name
    return isinstance(head, Lexeme) and head.lemma == "ação" and m.obj.det("este") and len(m.obj.dets) == 1


def _existing_target(np: NP, r: Reading, sel: Selector) -> Selector | None:
    """"o personagem alvo" (definite, no count): the target of that kind already named, if there is one."""
    plain = all(isinstance(a, Lexeme) and a.lemma == "alvo" for a in np.post) and not np.pre and not np.negated
    if np.det("o", "aquele") and np_quantity(np, Reading(r.card, {})) is None and not plural(np) and not np.mods \
            and plain and not np.heads:
        existing = _the_target(r, sel.kind, text_of(np))
        if existing.ref is Ref.TARGET:
            r.use(*np.dets)
            return existing
    return None


def _more_of_a_count(np: NP, d: Lexeme) -> bool:
    """"mais um card", "mais dois cards" (not "mais de ...", a comparison): N further things -- the same N now,
    the earlier ones being gone or already done."""
    i = np.dets.index(d)
    after = np.dets[i + 1:]
    counted = (after and after[0].lemma == "um") or (not after and np_quantity(np, Reading(CardInfo(""), {}))
                                                     is not None)
    return bool(counted) and not any(isinstance(m, PP) and m.prep == "de" and m.obj is not None
                                     and m.obj.lemma in ("um", "uma") for m in np.mods)


def _source_of_damage(np: NP, r: Reading, text: str) -> Selector | None:
    """"a fonte daquele dano" in the effect of a damage event or hypothetical ("Toda vez que este personagem fosse
    receber dano ..., se ... a fonte daquele dano não for um personagem com {GE}"): the event's source (4.8.5: an
    action's damage, the character that used it), ``event:source``; None for any other "fonte"."""
    of = next((m for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    if of is None or of.obj is None or of.obj.lemma != "dano" or not of.obj.det("aquele", "esse") \
            or not np.det("o") or len(np.mods) != 1 or of.obj.mods:
        return None
    if not (r.damage_lead or r.event_kind == "damage"):
        raise NotUnderstood(f"'{text}': which damage?", np.node)
    r.use(np.head, *np.dets, *of.preps, of.obj.head, *of.obj.dets)
    return Selector(kind=Kind.CARD, ref=Ref.SLOT, slot="event:source", text=text)


def _determiners(sel: Selector, np: NP, r: Reading) -> Selector:
    """um (one), cada / todo / a plural (all), outro (not this one), qualquer (any number), nenhum / algum."""
    count = np_quantity(np, r)
    every = False
    for d in np.dets:
        lemma = d.lemma
        if lemma in ("cada", "todo"):
            every = True
        elif lemma == "outro" and np.det("o") and (not plural(np) or np.lemma == "card") \
                and (group := _partitioned(r)) is not None:
            r.use(d)                                   # "coloque um deles ..., e então, coloque o outro card ...",
            #                                            "... e devolve os outros cards": the rest of that group
            return Selector(kind=group.kind, ref=Ref.SLOT, slot=group.slot + ":rest", every=True,  # the rest
                            text=sel.text)
        elif lemma == "outro":
            sel = replace(sel, excluding=_excluded(sel, r))
        elif lemma in ("um",):
            count = count or Quantity.of(1)
        elif lemma in ("o",):
            if plural(np) and count is None:
                every = True
        elif lemma in ("nenhum", "algum", "qualquer"):
            if lemma == "qualquer":
                every = plural(np) or count is None
        elif lemma == "seu":
            sel = replace(sel, filters=(*sel.filters, Filter("controller", "eq", "you")))
        elif lemma == "mais" and _more_of_a_count(np, d):
            pass                                       # "coloque mais um card do topo ...": one more, chosen now
        elif lemma in ("mais", "menos"):
            continue
        else:
            continue
        r.use(d)
    if np.or_more:
        r.use_all(np.or_more)
        fewer = any(getattr(w, "lemma", "") == "menos" for w in np.or_more)      # "2 ou menos": at most
        count = replace(count or Quantity.of(1), up_to=fewer, or_more=not fewer)
        sel = replace(sel, filters=(*sel.filters,))
    if count is None and not np.dets and plural(np):
        every = True                                       # a bare plural: "Personagens com {VO} não podem ..."
    if count is not None:
        sel = replace(sel, count=count)
    return replace(sel, every=every or sel.every)


def _excluded(sel: Selector, r: Reading) -> Selector:
    """What "outro" excludes: the latest thing of the same kind this effect chose or otherwise introduced ("escolha
    um card ... e permute-o por outro card ..."), else the clause's subject when it refers to a thing of that kind
    ("aquele personagem causa 2 pontos de dano em outro personagem"), else this card / the character it is on
    ("escolha outro personagem": another than this one)."""
    same = (Kind.CARD, Kind.ABILITY) if sel.kind in (Kind.CARD, Kind.ABILITY) else (sel.kind,)
    earlier = next((x for x in reversed(r.referents) if x.kind in same and x.slot
                    and not x.slot.startswith("event:")), None)
    if earlier is not None:
        return Selector(kind=earlier.kind, ref=Ref.SLOT, slot=earlier.slot, every=True, text="")
    subject = r.subject_stack[-1] if r.subject_stack else None
    if subject is not None and subject.kind is sel.kind and subject.ref in (Ref.TARGET, Ref.SLOT):
        return replace(subject, text="")          # "aquele personagem causa dano em outro personagem": the subject
    if sel.kind is Kind.CHARACTER and r.card.kind in ("Suporte", "Cenário"):
        evented = next((x for x in reversed(r.referents) if x.kind is Kind.CHARACTER and x.slot == "event:subject"),
                       None)                      # a support's "Se um personagem ... usar uma ação, ... um outro
        if evented is not None:                   # personagem": other than the event's (a support or scenario is no
            #                                       character, nor carried by one)
            return Selector(kind=Kind.CHARACTER, ref=Ref.SLOT, slot="event:subject", every=True, text="")
    if sel.kind is Kind.CHARACTER:
        return THIS_CHARACTER
    return THIS_CARD


def _other_than_the_compared(sel: Selector) -> Selector:
    """"um outro personagem com o mesmo alter ego do alvo": "outro" is another than the thing compared with (the
    target), not this card -- every thing shares its own alter ego, so the comparison needs it excluded."""
    if sel.excluding not in (THIS_CHARACTER, THIS_CARD):
        return sel
    compared = [f.value for f in sel.filters if f.op == "shares" and isinstance(f.value, Selector)
                and f.value.ref is not None and (f.value.kind is sel.kind or sel.kind in (Kind.CARD, Kind.ABILITY))]
    if len(compared) != 1:
        return sel
    return replace(sel, excluding=replace(compared[0], text=""))


def _adjectives(sel: Selector, np: NP, r: Reading) -> Selector:
    for a in (*np.pre, *np.post):
        if not isinstance(a, Lexeme):
            continue
        lemma = a.lemma
        if lemma == "alvo":
            continue                      # read by _things: the description becomes a target
        if lemma in ALIGNMENT_OF_WORD:
            r.use(a)
            sel = replace(sel, filters=(*sel.filters, Filter("alignment", "has", ALIGNMENT_OF_WORD[lemma])))
        elif lemma == "diferente":
            r.use(a)
            sel = replace(sel, distinct=True)
        elif lemma == "aleatório":
            r.use(a)
            sel = replace(sel, random=True)
        elif lemma == "próximo":
            r.use(a)
            sel = replace(sel, next_only=True)
        elif lemma in ADJECTIVE_FILTERS and not r.is_used(a):        # a game's state: "um aliado vulnerável"
            r.use(a)
            sel = replace(sel, filters=(*sel.filters, ADJECTIVE_FILTERS[lemma]))
        elif lemma in ACTION_TYPE_OF_WORD and sel.kind is Kind.ACTION and a in np.post and not r.is_used(a):
            r.use(a)                      # "as ações imprevistas": of that type (4.6.2 A)
            sel = replace(sel, filters=(*sel.filters, Filter("action_type", "has", ACTION_TYPE_OF_WORD[lemma])))
    for n in np.negated:                                   # "personagens não vilões"
        words = [x for x in _leaves_of(n) if isinstance(x, Lexeme)]
        for w in words:
            if w.lemma in ALIGNMENT_OF_WORD:
                r.use(*words)
                sel = replace(sel, filters=(*sel.filters, Filter("alignment", "lacks", ALIGNMENT_OF_WORD[w.lemma])))
    return sel


def _leaves_of(node: object) -> list[Leaf]:
    from cardscript.compiler.semantics.syntax import leaves

    return list(leaves(node))  # type: ignore[arg-type]


def _the_target(r: Reading, kind: Kind | None, text: str) -> Selector:
    """"o alvo" / "o personagem alvo": the latest target of the action (of that kind); with none yet, "o alvo" is the
    action's target with no characteristic -- a character or a support (4.6.2 F.1.2)."""
    for index in range(len(r.targets) - 1, -1, -1):
        t = r.targets[index]
        if kind is not None and index in r.provisional_targets and kind in (t.kind, *t.also):
            t = replace(t, kind=kind, also=())       # X's "do alvo", read first, is the text's "personagem alvo"
            r.targets[index] = t
            r.provisional_targets.discard(index)
        if kind is None or t.kind is kind or kind in t.also:
            return Selector(kind=t.kind, ref=Ref.TARGET, index=index, text=text, every=True)
    if kind is not None:
        return Selector()                                   # none: the caller makes a new one
    r.targets.append(Selector(kind=Kind.CHARACTER, also=(Kind.SUPPORT,), targeted=True, text="o alvo"))
    return Selector(kind=Kind.CHARACTER, ref=Ref.TARGET, index=len(r.targets) - 1, text=text, every=True)


def _new_target(np: NP, r: Reading, sel: Selector) -> Selector:
    """"personagem alvo", "até dois personagens alvo diferentes", "o jogador alvo": a target of the action, chosen
    when it is used (4.6.2 F); the phrase stands for it from then on."""
    count = np_quantity(np, r) or sel.count
    r.use(*np.dets)
    target = replace(sel, targeted=True, count=count, every=False, text=text_of(np))
    if np.det("outro") and r.targets:            # "em outro alvo": not the target named before
        previous = Selector(kind=r.targets[-1].kind, ref=Ref.TARGET, index=len(r.targets) - 1, every=True)
        target = replace(target, excluding=previous)
    r.targets.append(target)
    index = len(r.targets) - 1
    ref = Selector(kind=sel.kind, ref=Ref.TARGET, index=index, text=text_of(np), every=True)
    _register(r, np, "", sel.kind, ref)
    return ref


def _register(r: Reading, np: NP, slot: str, kind: Kind, selector: Selector) -> None:
    """``np`` stands for ``selector`` from now on: references bound to it read that."""
    from cardscript.compiler.semantics.syntax import constituent_leaves
    from cardscript.core.source import Span

    spans = [x.span for x in constituent_leaves(np)]
    node_span = getattr(np.node, "span", None)
    if spans:
        ref = r.introduce(slot, kind, Span(min(s.start for s in spans), max(s.end for s in spans)), "np", selector,
                          node_span=node_span, plural=plural(np), noun=np.lemma)
        ref.indefinite = not slot and not r.in_condition and np.det("um") and not plural(np) and not np.quantity \
            and selector.ref is None


def _adjectives_after_target(sel: Selector, np: NP, r: Reading) -> Selector:
    for a in np.post:
        if isinstance(a, Lexeme) and a.lemma == "diferente":
            r.use(a)
            sel = replace(sel, distinct=True)
        elif isinstance(a, Lexeme) and a.lemma in ALIGNMENT_OF_WORD:
            r.use(a)
            sel = replace(sel, filters=(*sel.filters, Filter("alignment", "has", ALIGNMENT_OF_WORD[a.lemma])))
    return sel


def _coordinated_heads(sel: Selector, np: NP, r: Reading) -> Selector:
    """"um personagem ou suporte": one selector accepting both kinds."""
    for conj, other in np.heads:
        kind = KIND_OF_NOUN.get(other.lemma)
        if kind is None:
            continue
        if other.lemma in ALIGNMENT_OF_WORD:
            sel = _either_alignment(sel, conj, other, r)
            continue
        r.use(conj, other.head)
        sel = replace(sel, also=(*sel.also, kind))
    return sel


def _either_alignment(sel: Selector, conj: Leaf, other: NP, r: Reading) -> Selector:
    """"um personagem herói ou vilão": the alignment coordinated with the head's alignment adjective -- either one
    (2.2); after a bare kind ("um personagem ou vilão") it is no alignment of that kind."""
    have = [f for f in sel.filters if f.field == "alignment" and f.op in ("has", "has_any")]
    if len(have) != 1 or not (isinstance(conj, Lexeme) and conj.lemma == "ou"):
        raise NotUnderstood("an alignment coordinated with a kind", other.node)
    r.use(conj, other.head)
    values = [*str(have[0].value).split("/"), ALIGNMENT_OF_WORD[other.lemma]]
    rest = tuple(f for f in sel.filters if f is not have[0])
    return replace(sel, filters=(*rest, Filter("alignment", "has_any", "/".join(values))))


def _coordinated(sel: Selector, np: NP, r: Reading) -> Selector:
    """"os personagens ... e os cards ...": the union of the coordinated phrases."""
    if not np.coords:
        return sel
    parts = [sel]
    conjunctive = True
    alternatives = True                             # "X ou Y" (not "X e/ou Y")
    for conj, other in np.coords:
        if not isinstance(other, NP):
            raise NotUnderstood("a coordinated phrase that is not a noun phrase", np.node)
        r.use_all(conj)
        conjunctive = conjunctive and not any(getattr(w, "lemma", "") == "ou" for w in conj)
        alternatives = alternatives and not any(getattr(w, "lemma", "") == "e" for w in conj)
        r.conjuncts = list(parts)                   # what "ambos" in the next conjunct refers to
        r.np_depth -= 1                             # a conjunct is not inside the phrase (not chosen first)
        try:
            parts.append(things(_without_coords(other), r))
        finally:
            r.np_depth += 1
    r.conjuncts = []
    if not conjunctive and alternatives and any(p.ref is None and not p.every and p.count != Quantity.of(1)
                                                for p in parts):
        # "um card de cenário ou dois outros cards": a choice of alternatives of different numbers, not one card
        raise NotUnderstood("'ou' between phrases of different numbers", np.node)
    # "o alvo, este personagem e os cards que ambos estiverem carregando": all of them; "X ou Y": one
    every = all(p.every or (conjunctive and p.ref is not None) for p in parts)
    if every and conjunctive and len(parts) == 2:
        r.last_pair = tuple(parts)
    if conjunctive and not every:            # "um card chamado A, um card chamado B e um card chamado C": one of
        raise NotUnderstood("one of each of several things", np.node)          # each (not one of them)
    return Selector(kind=sel.kind, union=tuple(parts), every=every, text=sel.text)


def _without_coords(np: NP) -> NP:
    return np


def _remaining(of: Selector, r: Reading) -> Selector:
    """The pool of a part: a group a part was already taken from gives what remains of it ("coloque um desses
    cards no topo ..., depois coloque um deles na base ...": another one)."""
    while len(of.union) == 1 and of.ref is None and of.count.fixed == 1:
        of = of.union[0]                                   # "deles": the group the last part came from
    group = _partitioned(r)
    if of.ref is Ref.SLOT and group is not None and group.slot == of.slot:
        return replace(of, slot=of.slot + ":rest")
    return of


def _partitioned(r: Reading) -> Selector | None:
    """The group a part was taken from in this effect ("um deles"), if any."""
    for ref in reversed(r.referents):
        sel = ref.selector
        if sel is not None and len(sel.union) == 1 and sel.union[0].ref is Ref.SLOT:
            pool = sel.union[0]
            return replace(pool, slot=pool.slot.removesuffix(":rest"))
    return None


def _group(r: Reading) -> Selector | None:
    """The latest group something was taken from ("coloque dois deles ..." -> "deles"), or the latest slot."""
    for ref in reversed(r.referents):
        sel = ref.selector
        if sel is not None and len(sel.union) == 1 and sel.union[0].ref is Ref.SLOT:
            return replace(sel.union[0], slot=sel.union[0].slot.removesuffix(":rest"))
    for ref in reversed(r.referents):
        if ref.slot:
            return Selector(kind=ref.kind, ref=Ref.SLOT, slot=ref.slot)
    return None


def _partitive(np: NP, r: Reading, text: str) -> Selector:
    """"cada um de até X alvos diferentes", "um deles", "um dentre os cards revelados", "os demais", "o restante":
    a part of what the "de"/"dentre" phrase names (or, with no phrase, of what was introduced last)."""
    head = np.head
    assert isinstance(head, Lexeme)
    r.use(head, *np.dets)
    of: Selector | None = None
    for m in np.mods:
        if isinstance(m, PP) and m.prep in ("de", "dentre", "de até", "entre") and m.obj is not None:
            r.use(*m.preps)
            of = things(m.obj, r)
            if "até" in m.prep:
                of = replace(of, count=replace(of.count, up_to=True)) if of.ref is None else of
            if of.ref is Ref.TARGET and "até" in m.prep:
                t = r.targets[of.index]
                r.targets[of.index] = replace(t, count=replace(t.count, up_to=True))
            break
    lemma = head.lemma
    if of is None:
        if lemma in ("restante", "restantes", "demais", "outro", "outra", "outros", "outras"):
            group = _group(r)                              # "o restante": the rest of the group a part was taken of
            if group is None:
                raise NotUnderstood(f"'{text}': the rest of what?", np.node)
            return Selector(kind=group.kind, ref=Ref.SLOT, slot=group.slot + ":rest", every=True, text=text)
        if lemma in ("todos", "todas") and r.referents:
            last = r.referents[-1]
            return Selector(kind=last.kind, ref=Ref.SLOT, slot=last.slot, every=True, text=text)
        raise NotUnderstood(f"'{text}': one of what?", np.node)
    if lemma in ("cada", "todos", "todas") or np.det("cada"):
        return replace(of, every=True, text=text)
    if lemma in ("um", "uma", "único", "única"):           # one of them, chosen when the effect resolves
        return Selector(kind=of.kind, union=(_remaining(of, r),), count=Quantity.of(1), text=text)
    return replace(of, text=text)
