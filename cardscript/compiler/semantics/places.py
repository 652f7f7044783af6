"""Areas: what a place phrase denotes ("sua mão", "os recursos de seu dono", "o topo de seu deck", "a base do
deck do jogador alvo", "cena", "os prêmios de seus oponentes") -- the zone, whose it is, and a deck end."""

from __future__ import annotations

from dataclasses import dataclass

from cardscript.compiler.ir import Kind, Ref, Selector
from cardscript.compiler.semantics.reading import NotUnderstood, Reading
from cardscript.compiler.semantics.syntax import NP, PP
from cardscript.compiler.semantics.vocabulary import DECK_END_OF_NOUN, ZONE_OF_NOUN


@dataclass(frozen=True)
class Place:
    """An area: ``zone`` (deck, hand, resources, prizes, scene, deck_top, deck_bottom), of ``owner`` (a player
    selector; None: each card's own owner -- "de seu dono" -- or, for "seu/sua", the effect's controller)."""

    zone: str
    owner: Selector | None = None
    each_owner: bool = False             # "nos recursos de seu dono": each card goes to its owner's


YOU = Selector(kind=Kind.PLAYER, ref=Ref.YOU, text="você")


def place(np: NP, r: Reading, subject: Selector | None = None) -> Place:
    """The area a noun phrase names. ``subject``: whose "próprio" means ("o próprio deck": the subject's)."""
    p = _place(np, r, subject)
    r.last_place = p
    return p


def _place(np: NP, r: Reading, subject: Selector | None = None) -> Place:
    from cardscript.compiler.semantics.nouns import players

    lemma = np.lemma
    r.use(np.head)
    if lemma in DECK_END_OF_NOUN:                          # "o topo de seu deck", "na base do deck de seu dono"
        end = DECK_END_OF_NOUN[lemma]
        r.use(*np.dets)
        deck = _of_zone(np)
        if deck is None:
            return Place(end, _owner_from_dets(np, r, subject))
        inner = _place(deck.obj, r, subject) if deck.obj is not None else Place("deck")
        r.use(*deck.preps)
        return Place(end, inner.owner, inner.each_owner)
    zone = ZONE_OF_NOUN.get(lemma)
    if zone is None:
        raise NotUnderstood(f"'{lemma}' is not an area", np.node)
    r.use(*(d for d in np.dets if d.lemma == "o"))
    if zone == "scene":
        r.use(*np.dets)
        return Place("scene")
    owner = _owner_from_dets(np, r, subject)
    each = False
    for m in np.mods:
        if isinstance(m, PP) and m.prep == "de" and m.obj is not None:
            if m.obj.lemma == "dono":                           # "de seu dono": each card's owner
                r.use(*m.preps, *m.obj.own_leaves)
                each = True
                owner = None
            else:
                r.use(*m.preps)
                owner = players(m.obj, r)
        elif isinstance(m, PP) and m.prep == "de" and m.obj is None:
            raise NotUnderstood("whose area?", np.node)
    return Place(zone, owner, each)


def _of_zone(np: NP) -> PP | None:
    for m in np.mods:
        if isinstance(m, PP) and m.prep == "de" and m.obj is not None and m.obj.lemma == "deck":
            return m
    return None


def _owner_from_dets(np: NP, r: Reading, subject: Selector | None) -> Selector | None:
    """"seu deck", "o próprio deck", "seu próprio deck": the area of the clause's subject when that is a player (the
    third person possessive: "aquele jogador embaralha o seu deck"), else the effect's controller's; "o deck"."""
    own = [a for a in np.pre if a.lemma == "próprio"]
    if own or np.det("seu"):
        r.use(*own, *np.dets)
        if subject is None and r.subject_stack and r.subject_stack[-1].kind.value == "player":
            subject = r.subject_stack[-1]
        return subject if subject is not None else YOU
    if np.lemma == "deck" and [d.lemma for d in np.dets] == ["um"]:
        return _a_deck(np, r)
    if np.lemma == "deck" and [d.lemma for d in np.dets] == ["aquele"]:
        return _that_deck(np, r)
    if np.det("aquele", "este"):
        return None
    r.use(*(d for d in np.dets if d.lemma == "o"))
    return None


def _a_deck(np: NP, r: Reading) -> Selector:
    """"os cinco cards do topo de *um deck*": any player's deck -- the controller chooses whose first (a
    :class:`Choose` before the procedure), so that "aquele deck" reads the same one."""
    from cardscript.compiler.ir import Choose
    from cardscript.compiler.semantics.nouns import _register

    r.use(*np.dets)
    slot = r.new_slot()
    r.pending.append(Choose(what=Selector(kind=Kind.PLAYER, text="um jogador"), introduces=slot, text="um deck"))
    owner = Selector(kind=Kind.PLAYER, ref=Ref.SLOT, slot=slot, every=True, text="o dono daquele deck")
    _register(r, np, slot, Kind.PLAYER, owner)
    return owner


def _that_deck(np: NP, r: Reading) -> Selector | None:
    """"no topo *daquele deck*": the deck a previous "um deck" chose (its owner's); None when the binder found no
    such deck (each card's own owner's, as before)."""
    binding = r.binding(np.node)
    found = r.referent_at(binding.target_span, (Kind.PLAYER,)) if binding is not None \
        and binding.target_span is not None else None
    if found is None or found.selector is None:
        return None
    r.use(*np.dets)
    return found.selector
