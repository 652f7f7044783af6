"""The constituents of a clause: noun phrases with their modifiers attached, prepositional phrases, relatives.

The sentence grammar keeps a clause's complements flat (an LALR grammar cannot decide where a
prepositional phrase attaches without conflicts): "procure em seu deck por um card de personagem com a
afiliação X" arrives as seven chunks. This module rebuilds the phrase structure the meaning needs, by
rules that look at the words' classes (``vocabulary.head_class``) and at the verb frames (``frames``):

* a run of numbers, ``X`` and ``+``/``-`` before a bare noun is that noun's quantity ("X+1 pontos");
* a prepositional phrase attaches to the innermost open frame that has an unfilled role for its
  preposition and the class of its noun (``em`` after ``causar``: the targets), else to the nearest noun
  phrase that takes it as a modifier (``vocabulary.takes_modifier``: "card *de habilidade*", "personagem
  *com a afiliação X*", "cards *do topo de seu deck*"), else to an outer frame; "de" tries the noun first;
* a relative clause ("que você controla") attaches to the nearest noun phrase that can be its antecedent;
  without a subject of its own, the relative's verb takes the complements that follow by its own frame
  ("que estiver carregando *um card*", "que esteja *em cena*");
* a coordinated phrase joins the nearest phrase of its class ("em seu deck, mão e recursos": zones;
  "um personagem ou suporte": heads; "os personagens ... e os cards ...": whole noun phrases).

Nothing is dropped here: every word of the clause ends up in exactly one constituent, and what the rules
cannot place is kept as a :class:`Stray` for the meaning to report (``accounting``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from cardscript.compiler.ast import (
    Clause,
    Icon,
    Lexeme,
    Name,
    Node,
    Number,
    Phrase,
    PhraseKind,
    Symbol,
)
from cardscript.compiler.fast_replace import replace
from cardscript.compiler.semantics import frames as fr
from cardscript.compiler.semantics.vocabulary import ACTION_TYPE_OF_WORD, PARTICIPLE_PREPS, head_class, takes_modifier
from cardscript.compiler.walks import Leaf as Leaf
from cardscript.compiler.walks import leaves as tree_leaves


def leaves(node: Node) -> Iterator[Leaf]:
    """Every word and symbol under ``node``, in printed order (``walks.leaves``, kept per node)."""
    return iter(tree_leaves(node))


# ---------------------------------------------------------------------------------------------
# constituents


@dataclass
class NP:
    """A noun phrase: determiners, adjectives, its head, and what attached to it."""

    node: Node                                  # the np phrase (or the bare Name / Icon / Number)
    dets: list[Lexeme] = field(default_factory=list)
    pre: list[Lexeme] = field(default_factory=list)        # adjectives before the head ("mesmo", "único")
    head: Leaf | None = None
    post: list[Node] = field(default_factory=list)         # adjectives / nouns after the head ("alvo", "vilões")
    negated: list[Node] = field(default_factory=list)      # "não vilões"
    participle: Lexeme | None = None
    quantity: list[Leaf] = field(default_factory=list)     # "X+1" before the head ("X+1 pontos")
    or_more: list[Leaf] = field(default_factory=list)      # "dois *ou mais* personagens", "2 ou menos"
    more_than: list[Leaf] = field(default_factory=list)    # "*mais de* uma ação", "*menos de* três cards"
    up_to: list[Leaf] = field(default_factory=list)        # "*até* dois cards" (as an object)
    mods: list[Constituent] = field(default_factory=list)  # attached PPs, relatives, appositions, parens...
    heads: list[tuple[Leaf, NP]] = field(default_factory=list)   # coordinated bare heads: "personagem ou suporte"
    coords: list[tuple[list[Leaf], Constituent]] = field(default_factory=list)   # "... e os cards ..."
    fills: frozenset[str] = frozenset()    # a clitic's: the classes its verb's object role accepts ("coloque-o")
    equal_to: PP | None = None             # "um número de cards ... *igual à Energia Inicial daquele vilão*"
    amount_words: list[Leaf] = field(default_factory=list)   # its "um número de" and "igual" (amounts.py)
    amount_op: str = "eq"                  # ... "maior ou igual ao número de ...": ge (conditions.py)
    amount_offset: int = 0                 # ... "igual à sua Energia Inicial menos um": -1

    @property
    def cls(self) -> str:
        if isinstance(self.head, Name) and self.head.kinds == ("affiliation",) and self.det("um") \
                and len(self.dets) == 1:
            return "thing"                  # "um X-Men": a character of that affiliation (nouns.things)
        return head_class(self.head, self.participle)

    @property
    def lemma(self) -> str:
        h = self.head
        if isinstance(h, Lexeme):
            return h.lemma
        if isinstance(h, Name):
            return h.text
        return ""

    def det(self, *lemmas: str) -> bool:
        for d in self.dets:     # noqa: SIM110 - a loop: no generator per call (a hot test)
            if d.lemma in lemmas:
                return True
        return False

    def adj(self, *lemmas: str) -> bool:
        for group in (self.pre, self.post):
            for a in group:
                if isinstance(a, Lexeme) and a.lemma in lemmas:
                    return True
        return False

    @property
    def own_leaves(self) -> list[Leaf]:
        """The words of the phrase itself, without its modifiers and coordinations."""
        out: list[Leaf] = [*self.up_to, *self.more_than, *self.dets, *self.pre, *self.quantity, *self.or_more]
        if self.head is not None:
            out.append(self.head)
        out.extend(x for p in self.post for x in leaves(p))
        out.extend(x for p in self.negated for x in leaves(p))
        if self.participle is not None:
            out.append(self.participle)
        return out


@dataclass
class PP:
    """A prepositional phrase: its prepositions and what they govern (a noun phrase, an infinitive, an adverb)."""

    preps: list[Lexeme]
    obj: NP | None = None
    verb: list[Leaf] = field(default_factory=list)         # "ao usar", "para ser usada", "sem descarregá-lo"
    subject: NP | None = None                              # "para você colocar": the infinitive's subject
    args: list[Constituent] = field(default_factory=list)  # what the infinitive took ("ao usar *a ação X*")
    adv: Lexeme | None = None                              # "a menos", "de volta"
    adjs: list[Lexeme] = field(default_factory=list)       # "com mesmo alter ego"
    keyword: Lexeme | None = None                          # "com Clarividência", "devido à Clarividência"
    coords: list[tuple[list[Leaf], PP]] = field(default_factory=list)   # "em sua mão ... ou em cena"

    @property
    def prep(self) -> str:
        """The preposition(s) as one key: "em", "de", "para cada" is a PP "para" over "cada ..."."""
        return " ".join(p.lemma for p in self.preps)

    @property
    def own_leaves(self) -> list[Leaf]:
        out: list[Leaf] = [*self.preps, *self.verb, *self.adjs]
        for x in (self.adv, self.keyword):
            if x is not None:
                out.append(x)
        return out


@dataclass
class Rel:
    """A relative or subordinate clause: its markers ("que", "cujo", "em que", "se", "como"...) and the clause,
    with the complements its verb took from the list it stands in."""

    markers: list[Leaf]
    clause: Clause
    args: list[Constituent] = field(default_factory=list)
    subject: list[Constituent] = field(default_factory=list)   # the relative's own subject, attached

    @property
    def lemma(self) -> str:
        return verb_lemma(self.clause)

    @property
    def marker(self) -> str:
        return " ".join(m.lemma if isinstance(m, Lexeme) else str(getattr(m, "text", "")) for m in self.markers)


@dataclass
class Other:
    """Anything else in a complement list: an adverb, an operator, a keyword, a parenthesis, a quotation, a
    gerund, a comparison ("que o personagem escolhido"), a coordinated adjective ("ou maior")."""

    kind: str            # adv, op, keyword, paren, quote, gerund, compare, adj, lit
    nodes: list[Node]
    np: NP | None = None  # compare: the second term


@dataclass
class Stray:
    """Words no rule could place (reported by the meaning, never dropped)."""

    nodes: list[Node]


Constituent = NP | PP | Rel | Other | Stray


def parens_in(c: Constituent) -> Iterator[Other]:
    """Every parenthesis attached anywhere inside a constituent."""
    if isinstance(c, Other) and c.kind == "paren":
        yield c
    elif isinstance(c, NP):
        for _, h in c.heads:
            yield from parens_in(h)
        for m in c.mods:
            yield from parens_in(m)
        for _, other in c.coords:
            yield from parens_in(other)
    elif isinstance(c, PP):
        for x in (c.subject, c.obj, *c.args, *(o for _, o in c.coords)):
            if x is not None:
                yield from parens_in(x)


def constituent_leaves(c: Constituent) -> Iterator[Leaf]:
    """Every word of a constituent, its attachments included."""
    out: list[Leaf] = []
    _constituent_leaves(c, out)
    return iter(out)


def _constituent_leaves(c: Constituent, out: list[Leaf]) -> None:
    if isinstance(c, NP):
        out.extend(c.own_leaves)
        for first, h in c.heads:
            out.append(first)
            _constituent_leaves(h, out)
        for m in c.mods:
            _constituent_leaves(m, out)
        for conj, other in c.coords:
            out.extend(conj)
            _constituent_leaves(other, out)
    elif isinstance(c, PP):
        out.extend(c.own_leaves)
        if c.subject is not None:
            _constituent_leaves(c.subject, out)
        if c.obj is not None:
            _constituent_leaves(c.obj, out)
        for a in c.args:
            _constituent_leaves(a, out)
        for conj, other in c.coords:
            out.extend(conj)
            _constituent_leaves(other, out)
    elif isinstance(c, Rel):
        out.extend(c.markers)
        out.extend(tree_leaves(c.clause))
        for a in c.args:
            _constituent_leaves(a, out)
    elif isinstance(c, Other):
        for n in c.nodes:
            out.extend(tree_leaves(n))
        if c.np is not None:
            _constituent_leaves(c.np, out)
    else:
        for n in c.nodes:
            out.extend(tree_leaves(n))


# ---------------------------------------------------------------------------------------------
# verbs


def verb_words(clause: Clause) -> list[Lexeme]:
    return [w for w in leaves(clause.verb) if isinstance(w, Lexeme)]


def verb_lemma(clause: Clause) -> str:
    """The main verb's lemma (the last verb of the group; an auxiliary alone is its own main verb)."""
    words = verb_words(clause)
    main = [w for w in words if w.cls in ("VFIN", "VINF", "VPART", "VGER")]
    if main:
        return main[-1].lemma
    aux = [w for w in words if w.cls in ("AUX", "AUX_NF")]
    return aux[-1].lemma if aux else ""


# ---------------------------------------------------------------------------------------------
# atoms: a complement list flattened into its syntactic items


@dataclass
class _Atom:
    kind: str            # prep, np, coord, rel, compare, paren, adj, adv, verb, keyword, op, gerund, quote, lit
    nodes: list[Node]
    clause: Clause | None = None


_MARKERS = frozenset({"que", "se", "enquanto", "como", "a", "não", "nao", "ser", "desde", "quando", "caso", "mesmo"})
_COORD_WORDS = frozenset({"e", "ou", "nem", ",", "/"})


def _atoms(parts: Sequence[Node]) -> list[_Atom]:
    out: list[_Atom] = []
    for n in parts:
        _atomize(n, out)
    return _and_or(out)


def _and_or(atoms: list[_Atom]) -> list[_Atom]:
    """"e/ou" between two heads ("em seu deck e/ou recursos"): one inclusive "ou" (any of them, or both)."""
    out: list[_Atom] = []
    i = 0
    while i < len(atoms):
        a = atoms[i]
        if a.kind == "coord" and _lemma(a.nodes[0]) == "e" and i + 2 < len(atoms) \
                and atoms[i + 1].kind in ("coord", "lit") and _lemma(atoms[i + 1].nodes[0]) == "/" \
                and atoms[i + 2].kind == "coord" and _lemma(atoms[i + 2].nodes[0]) == "ou":
            ou = atoms[i + 2].nodes[0]
            assert isinstance(ou, Lexeme)
            parts = (a.nodes[0], atoms[i + 1].nodes[0], ou)
            out.append(_Atom("coord", [AndOr(ou.span, ou.cls, ou.lemma, ou.word, parts=parts)]))
            i += 3
            continue
        out.append(a)
        i += 1
    return out


def _atomize(n: Node, out: list[_Atom]) -> None:
    if isinstance(n, Clause):
        markers: list[Node] = []
        while out and out[-1].kind == "lit" and _lemma(out[-1].nodes[0]) in _MARKERS | {"cujo"}:
            markers.insert(0, out.pop().nodes[0])
        while out and out[-1].kind == "prep" and markers:
            markers.insert(0, out.pop().nodes[0])          # "em que", "com que"
        out.append(_Atom("rel", markers, n))
        return
    if isinstance(n, Phrase):
        if n.kind is PhraseKind.NOUN_PHRASE:
            out.extend(_a_pronoun(n))
            return
        if n.kind is PhraseKind.PARENTHETICAL:
            out.append(_Atom("paren", [n]))
            return
        if n.kind in (PhraseKind.VERB_GROUP,):
            out.append(_Atom("verb", [n]))
            return
        parts = list(n.parts)
        if parts and isinstance(parts[0], Symbol) and parts[0].text == '"':
            out.append(_Atom("quote", [n]))
            return
        if parts and isinstance(parts[0], Symbol) and parts[0].text == "(":
            for p in parts:
                if isinstance(p, Phrase) and p.kind is PhraseKind.PARENTHETICAL:
                    out.append(_Atom("paren", [n]))
                    return
        for p in parts:
            _atomize(p, out)
        return
    if isinstance(n, Symbol):
        if n.text in ("+", "-", "="):
            out.append(_Atom("op", [n]))
        elif n.text in (",", "/"):
            out.append(_Atom("coord", [n]))
        else:
            out.append(_Atom("lit", [n]))
        return
    if isinstance(n, Name | Icon | Number):
        out.append(_Atom("np", [n]))
        return
    if isinstance(n, Lexeme):
        if n.cls == "PREP":
            out.append(_Atom("prep", [n]))
        elif n.cls in ("KEYWORD", "KEYWORD_PREFIX"):
            out.append(_Atom("keyword", [n]))
        elif n.cls == "ADV":
            out.append(_Atom("adv", [n]))
        elif n.cls == "ADJ":
            out.append(_Atom("adj", [n]))
        elif n.cls == "GER_ADV" or n.cls == "VGER":
            out.append(_Atom("gerund", [n]))
        elif n.cls in ("VINF", "VPART", "AUX_NF", "CLITIC", "PREADV") or (n.cls == "DET" and out
                                                                            and out[-1].kind == "prep"):
            out.append(_Atom("verb", [n]))
        elif n.cls == "QUE_COMP" or (n.cls == "LIT" and n.lemma == "que"):
            out.append(_Atom("lit", [n]))
        elif n.lemma in ("e", "ou", "nem") and n.cls in ("LIT", "CONJ"):
            out.append(_Atom("coord", [n]))
        else:
            out.append(_Atom("lit", [n]))


_PERSONAL = frozenset({"ele", "ela", "eles", "elas"})


@dataclass(frozen=True)
class Retagged(Lexeme):
    """A word read in another class than the grammar gave it (the article "a" before a pronoun: the preposition);
    giving it a meaning gives one to the ``original`` word too (``Reading.use``)."""

    original: Lexeme | None = None


@dataclass(frozen=True)
class AndOr(Lexeme):
    """"e/ou" read as one inclusive "ou"; giving it a meaning gives one to the printed ``parts`` ("e", "/", "ou")
    (``Reading.use``)."""

    parts: tuple[Node, ...] = ()


@dataclass(frozen=True)
class NamedKeyword(Name):
    """A keyword's words used as an action's name ("uma ação chamada Ataque-Surpresa": the action of that name, not
    the keyword); giving it a meaning gives one to the ``original`` keyword word (``Reading.use``)."""

    original: Lexeme | None = None


def _a_pronoun(n: Phrase) -> list[_Atom]:
    """A noun phrase; "a ele", "a ela" read as an article before a personal pronoun -- which takes none -- is the
    preposition "a" and the pronoun ("causa 1 ponto de dano a ele"). The phrase keeps its span (its binding)."""
    parts = list(n.parts)
    if len(parts) == 2 and isinstance(parts[0], Lexeme) and parts[0].cls == "DET" and parts[0].word.lower() == "a" \
            and isinstance(parts[1], Lexeme) and parts[1].cls == "PRON" and parts[1].lemma in _PERSONAL:
        prep = Retagged(parts[0].span, "PREP", "a", parts[0].word, original=parts[0])
        return [_Atom("prep", [prep]), _Atom("np", [replace(n, parts=tuple(parts[1:]))])]
    return [_Atom("np", [n])]


def _lemma(n: Node) -> str:
    if isinstance(n, Lexeme):
        return n.lemma
    if isinstance(n, Symbol):
        return n.text
    return ""


# ---------------------------------------------------------------------------------------------
# noun phrases from np nodes


def _raise_participle(np: NP, pp: PP) -> None:
    """"um card de habilidade de {VO} *carregado* no personagem alvo", "um personagem com Energia Inicial 1
    *controlado* por outro jogador": a participle after a power icon or a characteristic's value is the noun's they
    describe -- a power is not carried, an initial energy is not controlled -- and the places and agents it takes
    ("no personagem alvo", "por outro jogador") attach to it."""
    obj = pp.obj
    if pp.prep in ("de", "com") and obj is not None and obj.participle is not None and np.participle is None \
            and np.cls in ("thing", "action") and _after_a_value(obj):
        np.participle, obj.participle = obj.participle, None
        took = PARTICIPLE_PREPS.get(np.participle.lemma, frozenset())
        moved = [m for m in obj.mods if isinstance(m, PP) and m.prep in took]
        obj.mods = [m for m in obj.mods if m not in moved]
        np.mods.extend(moved)                           # "... controlado *por outro jogador*"


def _after_a_value(np: NP) -> bool:
    """The participle of ``np`` comes right after an icon or a number ("{VO} carregado", "Energia Inicial 1
    controlado"): a value, which the participle does not describe ("a afiliação escolhida" is the affiliation's)."""
    p = np.participle
    if p is None:
        return False
    words = [*leaves(np.node), *(x for m in np.mods if isinstance(m, Other) and m.kind == "value"
                                 for n in m.nodes for x in leaves(n))]
    before = [w for w in words if w.span.start < p.span.start]
    return bool(before) and isinstance(max(before, key=lambda w: w.span.start), Icon | Number)


def _value_nodes(np: NP, value: Node) -> list[Node]:
    """"Energia Inicial 1 *controlado* por ...": a participle after the value is not the value's -- it is kept
    as the noun's (:func:`_raise_participle` gives it to the noun the characteristic describes)."""
    if not isinstance(value, Phrase) or np.participle is not None:
        return [value]
    vpart = [p for p in value.parts if isinstance(p, Lexeme) and p.cls == "VPART"]
    if len(vpart) != 1 or value.parts[-1] is not vpart[0]:
        return [value]
    np.participle = vpart[0]
    return [replace(value, parts=value.parts[:-1])]


def np_of(node: Node) -> NP:
    """The parts of one np phrase (or a bare name / icon / number)."""
    if not isinstance(node, Phrase):
        assert isinstance(node, Name | Icon | Number | Lexeme | Symbol)
        return NP(node, head=node)
    out = NP(node)
    seen_head = False
    negating = False
    for p in node.parts:
        if isinstance(p, Phrase):               # negated (not flattened): "não vilões"
            out.negated.append(p)
            continue
        if not isinstance(p, Lexeme | Name | Icon | Number | Symbol):
            continue
        if negating:
            out.negated.append(p)
            negating = False
            continue
        if isinstance(p, Lexeme) and p.cls == "LIT" and p.lemma in ("nao", "não"):
            out.negated.append(p)
            negating = True
            continue
        if isinstance(p, Lexeme) and p.cls == "DET" and not seen_head:
            out.dets.append(p)
        elif isinstance(p, Lexeme) and p.cls == "ADJ" and not seen_head:
            out.pre.append(p)
        elif isinstance(p, Lexeme) and p.cls == "VPART":
            out.participle = p
        elif not seen_head:
            out.head = p
            seen_head = True
        else:
            out.post.append(p)
    if out.head is None and out.participle is None and out.pre:
        out.head = out.pre.pop()                # "os escolhidos" (participle), "o restante" (adjective as noun)
    return out


# ---------------------------------------------------------------------------------------------
# the attacher


@dataclass
class _Open:
    """A frame being filled while attaching: the main verb's, or a relative's / an infinitive's."""

    frame: fr.Frame | None
    filled: set[str] = field(default_factory=set)
    target: list[Constituent] = field(default_factory=list)   # where its complements go
    passive: bool = False                                      # "for usada por ...": "por" names the agent
    timed: bool = True                                         # takes time adjuncts (a past event does; "que
    #                                                            você controla" does not: they are the clause's)


_OTHER_KINDS = {"adv": "adv", "op": "op", "keyword": "keyword", "paren": "paren", "quote": "quote",
                "gerund": "gerund", "adj": "adj", "verb": "verb"}     # an atom's kind -> its Other's (else "lit")


class _Attacher:
    def __init__(self, atoms: list[_Atom], frame: fr.Frame | None, object_filled: bool) -> None:
        self.atoms = atoms
        self._ahead: list[_Atom | None] = [*atoms, None, None, None, None]    # peek(k) for k < 4 past the end
        self.pos = 0
        self.top = _Open(frame, {"object"} if object_filled else set())
        self.heads: list[NP] = []          # the noun phrases whose "de" complement is being read, innermost last

    # -- helpers ----------------------------------------------------------------------------
    def peek(self, k: int = 0) -> _Atom | None:
        i = self.pos + k
        ahead = self._ahead
        return ahead[i] if i < len(ahead) else None

    @staticmethod
    def _compared_value(np: NP, a: _Atom) -> bool:
        """Is the atom "a <number / X / icon>" the value a comparative noun phrase ("Energia Inicial igual", "custo
        maior ou igual") is compared with? The grammar reads the preposition "a" before it as an article."""
        if np.cls != "attribute" or np.mods and not all(isinstance(m, Other) and m.kind == "adj" for m in np.mods):
            return False
        words = [x for m in np.mods if isinstance(m, Other) for x in m.nodes if isinstance(x, Lexeme)]
        if not (np.adj("igual", "maior", "menor") or any(w.lemma in ("igual", "maior", "menor") for w in words)):
            return False
        value = np_of(a.nodes[0])
        head = value.head
        return len(value.dets) == 1 and value.dets[0].word.lower() == "a" and (
            isinstance(head, Number | Icon) or (isinstance(head, Lexeme) and head.lemma == "x"))

    def _more_than(self) -> bool:
        """"mais / menos de <np>": a count compared, standing as a noun phrase."""
        a = self.peek()
        if a is None or a.kind != "adv":
            return False
        b, c = self.peek(1), self.peek(2)
        return _lemma(a.nodes[0]) in ("mais", "menos") and b is not None \
            and b.kind == "prep" and _lemma(b.nodes[0]) == "de" and c is not None and c.kind == "np"

    def _do_que(self) -> bool:
        """"do que <np>" (after "mais ..."): the preposition, a lone article and "que" before a noun phrase."""
        a, b, c, d = (self.peek(k) for k in range(4))
        if a is None or b is None or c is None or d is None:
            return False
        article = [x for x in leaves(b.nodes[0]) if isinstance(x, Lexeme)] if b.kind == "np" else []
        return a.kind == "prep" and _lemma(a.nodes[0]) == "de" and len(article) == 1 \
            and article[0].lemma == "o" and c.kind == "lit" and _lemma(c.nodes[0]) == "que" and d.kind == "np"

    def take(self) -> _Atom:
        a = self.atoms[self.pos]
        self.pos += 1
        return a

    # -- entry ------------------------------------------------------------------------------
    def run(self) -> list[Constituent]:
        stack = [self.top]
        out = self.top.target
        while self.pos < len(self.atoms):
            self.one(stack, out)
        _amount_phrases(out)
        return out

    def one(self, stack: list[_Open], out: list[Constituent]) -> None:
        """Read one constituent at the level of ``stack[-1]`` and attach it."""
        a = self.peek()
        assert a is not None
        if a.kind == "coord":
            self.coordination(stack, out)
            return
        c = self.constituent(stack)
        self.attach(c, stack, out)

    def constituent(self, stack: list[_Open]) -> Constituent:
        a = self.peek()
        assert a is not None
        nxt = self.peek(1)
        if self._more_than():
            adv = self.take().nodes[0]                          # "mais de uma ação": a count compared
            de = self.take().nodes[0]
            np = self.noun_phrase(stack)
            np.more_than = [adv, de]                            # type: ignore[list-item]
            return np
        if a.kind in ("np", "op") and self._quantity_or_np():
            return self.noun_phrase(stack)
        if a.kind == "prep" and _lemma(a.nodes[0]) == "a" and nxt is not None and nxt.kind == "np" \
                and _at_least(nxt.nodes[0]):
            prep = self.take().nodes[0]                         # "ao menos dois personagens": at least two
            np = self.noun_phrase(stack)
            marks = [d for d in np.dets if d.lemma in ("o", "menos")][:2]
            np.dets = [d for d in np.dets if d not in marks]
            np.or_more = [prep, *marks]                         # type: ignore[list-item]
            return np
        if a.kind == "prep":
            return self.prepositional(stack)
        if a.kind == "rel":
            return self.relative(stack)
        self.take()
        if a.kind == "lit" and _lemma(a.nodes[0]) == "que" and self.peek() is not None \
                and self.peek().kind == "np":                                   # type: ignore[union-attr]
            np = self.noun_phrase(stack)                                        # "o mesmo nome que X"
            return Other("compare", list(a.nodes), np=np)
        kind = _OTHER_KINDS.get(a.kind, "lit")
        if kind == "gerund" and self.peek() is not None and self.peek().kind == "verb":   # type: ignore[union-attr]
            nodes = list(a.nodes) + list(self.take().nodes)                           # "descarregando-o"
            return Other(kind, nodes)
        return Other(kind, list(a.nodes))

    def _quantity_or_np(self) -> bool:
        a = self.peek()
        return a is not None and (a.kind == "np" or (a.kind == "op" and self._op_starts_quantity()))

    def _op_starts_quantity(self) -> bool:
        nxt = self.peek(1)
        return nxt is not None and nxt.kind == "np" and (_is_number_np(nxt.nodes[0]) or (
            _is_icon_number(nxt.nodes[0]) and self.peek(2) is not None and self.peek(2).kind == "np"))  # type: ignore[union-attr]

    # -- noun phrases -----------------------------------------------------------------------
    def noun_phrase(self, stack: list[_Open]) -> NP:
        """A noun phrase, with a quantity run before it ("X+1 pontos", "os dez cards", "dois ou mais personagens")
        merged into its head."""
        start = self.pos
        quantity: list[Leaf] = []
        dets: list[Lexeme] = []
        one_or_more = False
        while True:
            a = self.peek()
            signed = bool(quantity) and isinstance(quantity[-1], Symbol)
            if a is not None and a.kind == "op" and (a1 := self.peek(1)) is not None and a1.kind == "np" \
                    and (_is_number_np(a1.nodes[0]) or _is_icon_number(a1.nodes[0])):
                quantity.extend(n for n in self.take().nodes if isinstance(n, Symbol))
                continue
            if a is not None and a.kind == "np" and signed and _is_icon_number(a.nodes[0]):
                quantity.extend(_parts(self.take().nodes[0]))         # type: ignore[arg-type]  # "+{1} pontos"
                continue
            if a is not None and a.kind == "np" and _is_number_np(a.nodes[0]) and (not quantity or isinstance(
                    quantity[-1], Symbol)):
                number = np_of(self.take().nodes[0])
                dets.extend(number.dets)
                quantity.append(number.head)                                          # type: ignore[arg-type]
                continue
            if a is not None and a.kind == "np" and not quantity and not dets and _lone_um(a.nodes[0]) \
                    and (a1 := self.peek(1)) is not None and a1.kind == "coord" and (a2 := self.peek(2)) is not None \
                    and a2.kind == "np" and _starts_with_det(a2.nodes[0], "mais"):
                dets.extend(n for n in _parts(self.take().nodes[0]) if isinstance(n, Lexeme))  # "um ou mais X"
                one_or_more = True
            break
        or_more: list[Leaf] = []
        nxt = self.peek()
        if (quantity or one_or_more) and nxt is not None and nxt.kind == "coord" and (a1 := self.peek(1)) is not None \
                and a1.kind == "np" and _lemma(a1.nodes[0]) == "" \
                and _starts_with_det(a1.nodes[0], "mais", "menos"):
            or_more.extend(self.take().nodes)                                         # type: ignore[arg-type]
            nxt = self.peek()
        if (quantity or one_or_more) and nxt is not None and nxt.kind == "np" and not _is_number_np(nxt.nodes[0]) \
                and (_bare(nxt.nodes[0]) or or_more or _other_only(nxt.nodes[0])) \
                and not (quantity and isinstance(quantity[-1], Symbol)):
            np = np_of(self.take().nodes[0])
            if or_more:
                or_more.extend(d for d in np.dets if d.lemma in ("mais", "menos"))
                np.dets = [d for d in np.dets if d.lemma not in ("mais", "menos")]
            np.dets[:0] = dets
            np.quantity = quantity
            np.or_more = or_more
        elif quantity and not isinstance(quantity[-1], Symbol) and not or_more:
            # a number standing alone ("igual a 2", "{1} a menos"): the number is the head
            np = NP(quantity[-1], dets=dets, head=quantity[-1], quantity=quantity[:-1])
        else:
            self.pos = start
            first = self.take().nodes[0]
            nxt = self.peek()
            lone = _lone_pronoun(first, "outro") or _lone_pronoun(first, "um")
            if lone and nxt is not None and nxt.kind == "np" and _bare(nxt.nodes[0]) \
                    and not _is_number_np(nxt.nodes[0]):
                np = np_of(self.take().nodes[0])                     # "outro | jogador", "um | oponente"
                np.dets[:0] = [x for x in _parts(first) if isinstance(x, Lexeme)]
            else:
                np = np_of(first)
        self.modifiers(np, stack)
        return np

    def modifiers(self, np: NP, stack: list[_Open]) -> None:
        """What follows a noun phrase and belongs to it: bare heads coordinated with its head, appositions
        ("a afiliação X", "chamado X"), prepositional phrases it takes, relatives, comparisons."""
        while True:
            a = self.peek()
            if a is None:
                return
            if a.kind == "np" and not _is_number_np(a.nodes[0]) and _apposition(np, a.nodes[0]):
                named = self.noun_phrase_simple()
                while (a0 := self.peek()) is not None and a0.kind == "coord" and (a1 := self.peek(1)) is not None \
                        and a1.kind == "np" and isinstance(np_of(a1.nodes[0]).head, Name) \
                        and _bare(a1.nodes[0]):
                    conj = self.take()
                    named.heads.append((conj.nodes[0], np_of(self.take().nodes[0])))   # type: ignore[arg-type]
                np.mods.append(named)
                continue
            if a.kind == "keyword" and np.participle is not None and np.participle.lemma == "chamar" \
                    and np.cls == "action" and isinstance(a.nodes[0], Lexeme) and a.nodes[0].cls == "KEYWORD":
                word = self.take().nodes[0]                     # "uma ação chamada Ataque-Surpresa": a name
                assert isinstance(word, Lexeme)
                named_kw = NamedKeyword(word.span, word.word, ("action",), original=word)
                np.mods.append(NP(named_kw, head=named_kw))
                continue
            if a.kind == "np" and np.cls == "thing" and np_of(a.nodes[0]).lemma in ("ali", "dali"):
                np.mods.append(Other("there", list(self.take().nodes)))       # "escolha um card dali"
                continue
            if a.kind == "coord" and (a1 := self.peek(1)) is not None and a1.kind == "rel" \
                    and _antecedent(np, a1):
                conj = self.take()                                                    # "... e que esteja ..."
                rel = self.relative(stack)
                rel.markers[:0] = [n for n in conj.nodes if isinstance(n, Lexeme | Symbol)]
                np.mods.append(rel)
                continue
            if a.kind == "np" and np.lemma in ("estágio", "custo", "energia", "valor") \
                    and all(_of_capacitation(m) for m in np.mods) \
                    and isinstance(np_of(a.nodes[0]).head, Icon | Number):          # "estágio (de capacitação) {0}"
                value = self.take()                                         # "no estágio {2}", "custo {1}"
                np.mods.append(Other("value", _value_nodes(np, value.nodes[0])))
                while (a0 := self.peek()) is not None and a0.kind == "coord" and (a1 := self.peek(1)) is not None \
                        and a1.kind == "np" and isinstance(np_of(a1.nodes[0]).head, Icon):
                    np.mods.append(Other("value", list(self.take().nodes) + list(self.take().nodes)))
                continue
            if a.kind == "np" and np.cls == "thing" and np_of(a.nodes[0]).lemma == "escolha":
                choice = np_of(a.nodes[0])
                np.mods.append(Other("choice", list(self.take().nodes)))     # "um personagem a sua escolha"
                if choice.participle is not None and np.participle is None:
                    np.participle = choice.participle                        # "... a sua escolha controlado por X"
                continue
            if a.kind == "np" and _post_noun(a.nodes[0]) and np.head is not None and np.cls in ("thing", "player"):
                for x in leaves(self.take().nodes[0]):          # "o jogador alvo", "os personagens vilões"
                    if isinstance(x, Lexeme) and x.cls == "VPART" and np.participle is None:
                        np.participle = x                       # "o personagem alvo controlado por ..."
                    else:
                        np.post.append(x)
                continue
            if a.kind == "op" and (a1 := self.peek(1)) is not None and a1.kind == "np" \
                    and _is_number_np(a1.nodes[0]):
                nodes = list(self.take().nodes) + list(self.take().nodes)             # "Escudo +1", "dano -X"
                np.mods.append(Other("signed", nodes))
                continue
            if a.kind == "coord" and self._bare_head_coordination(np):
                conj = self.take()
                other = np_of(self.take().nodes[0])
                if other.participle is not None and np.participle is None:
                    np.participle, other.participle = other.participle, None   # "personagem ou suporte controlado"
                np.post.extend(a for a in other.post if isinstance(a, Lexeme) and a.lemma == "alvo")
                other.post = [a for a in other.post if not (isinstance(a, Lexeme) and a.lemma == "alvo")]
                np.heads.append((conj.nodes[0], other))        # type: ignore[arg-type]
                continue
            if a.kind == "adj" or (a.kind == "coord" and self.peek(1) is not None
                                   and self.peek(1).kind == "adj"):       # type: ignore[union-attr]
                nodes = list(self.take().nodes)
                if a.kind == "coord":
                    nodes += self.take().nodes
                np.mods.append(Other("adj", nodes))            # "4 ou maior", "maior ou igual a"
                continue
            compared = np.adj("mesmo", "igual", "maior", "menor", "diferente") or np.det("mais", "menos")
            if a.kind == "np" and self._compared_value(np, a):   # "Energia Inicial maior ou igual | a 6"
                np.mods.append(np_of(self.take().nodes[0]))
                continue
            if a.kind == "lit" and _lemma(a.nodes[0]) == "que" and self.peek(1) is not None \
                    and self.peek(1).kind == "np" and compared:  # type: ignore[union-attr]
                self.take()
                other = self.noun_phrase(stack)
                np.mods.append(Other("compare", list(a.nodes), np=other))
                continue
            if compared and self._do_que():                     # "mais personagens do que você"
                nodes = [*self.take().nodes, *self.take().nodes, *self.take().nodes]
                other = self.noun_phrase(stack)
                np.mods.append(Other("compare", nodes, np=other))
                continue
            if a.kind == "paren":
                np.mods.append(Other("paren", list(self.take().nodes)))
                continue
            if a.kind == "rel":
                if not _antecedent(np, a) or self._bare_predicate(np, stack) or self._name_given(np, stack) \
                        or self._agrees_further_out(np, a):
                    return                              # it belongs to a phrase further out ("um card que não seja
                    #                                     de habilidade | que este personagem estiver carregando")
                np.mods.append(self.relative(stack))
                while (more := self._shared_gap_relative(np.mods[-1], stack)) is not None:
                    np.mods.append(more)                # "que estiverem carregando X *e tenham {TE}*"
                continue
            if a.kind == "prep":
                if self._name_given(np, stack):
                    return                              # "que não sejam chamados X | de seus recursos"
                if isinstance(np.head, Icon) or (stack and stack[-1].frame is not None
                                                 and stack[-1].frame.family == "be" and not np.dets
                                                 and _lemma(a.nodes[0]) == "em" and self._is_predicate(np, stack)):
                    return                              # "{AE} de seus recursos", "que não seja herói em cena"
                pp_start = self.pos
                self.heads.append(np)
                try:
                    pp = self.prepositional(stack, head=np)
                finally:
                    self.heads.pop()
                if not takes_modifier(np, pp) or self._pp_goes_to_frame(pp, stack, np) or (
                        self._predicate_of_be(np, stack) and pp.prep == "de" and pp_class(pp) == "zone") or (
                        pp.prep == "de" and pp.obj is not None and pp.obj.dets and self._bare_predicate(np, stack)):
                    self.pos = pp_start                 # a phrase further out, or the frame, takes it ("um card
                    return                              # que não seja de habilidade *de seus recursos* | deste ...")
                np.mods.append(pp)
                _raise_participle(np, pp)
                continue
            return

    def _agrees_further_out(self, np: NP, a: _Atom) -> bool:
        """Does the relative of ``a`` belong to the phrase ``np`` is the "de" complement of, by the agreement of its
        verb? "as ações do personagem escolhido *que tenham* X como alvo": a relative with a subject gap whose finite
        verb is plural ("tenham") has a plural antecedent -- the actions, not the one character."""
        from cardscript.compiler.semantics.nouns import plural
        from cardscript.compiler.semantics.verbs import analyse

        if not self.heads or a.clause is None or a.clause.subject is not None or plural(np):
            return False
        outer = self.heads[-1]
        if not plural(outer) or not _antecedent(outer, a):
            return False
        v = analyse(a.clause)
        finite = [w for w in v.words if w.cls in ("VFIN", "AUX")]
        return bool(finite) and v.form(finite[0]).endswith("3p")

    def _predicate_of_be(self, np: NP, stack: list[_Open]) -> bool:
        """Is ``np`` the bare predicate of an open "ser" relative ("que não seja *de habilidade*")? An area after it
        is where the antecedent is, not part of what it is or is not."""
        return bool(stack) and stack[-1].frame is not None and stack[-1].frame.family == "be" and not np.dets \
            and self._is_predicate(np, stack)

    def _bare_predicate(self, np: NP, stack: list[_Open]) -> bool:
        """A bare noun as the predicate of an open "ser" ("que não seja de habilidade"): a type, which takes no
        relative and no possessor of its own -- those are the antecedent's."""
        return bool(stack) and stack[-1].frame is not None and stack[-1].frame.family == "be" and not np.dets \
            and isinstance(np.head, Lexeme) and np.head.cls == "NOUN" and self._is_predicate(np, stack)

    def _name_given(self, np: NP, stack: list[_Open]) -> bool:
        """A name as the object of an open "chamar" ("que não se chame *X*"): a name, which takes no relative and no
        place -- one after it is the antecedent's ("um card que não se chame X | que este personagem estiver
        carregando", "cards que não sejam chamados X | de seus recursos")."""
        return bool(stack) and stack[-1].frame is not None and stack[-1].frame.family == "named" \
            and isinstance(np.head, Name) and len(stack) > 1 and stack[-1] is not self.top

    def _is_predicate(self, np: NP, stack: list[_Open]) -> bool:
        """Is ``np`` the predicate of the open "ser" frame (a bare noun: "que não seja herói")?"""
        opened = stack[-1]
        return len(stack) > 1 and opened is not self.top and not opened.target

    def noun_phrase_simple(self) -> NP:
        return np_of(self.take().nodes[0])

    def _bare_head_coordination(self, np: NP) -> bool:
        """"personagem ou suporte", "{AE}, {SF} ou {VO}", "Galactus, Odin, Thor ou Loki": a bare head of the same
        class joined to this phrase's head (no determiner, nothing after it that makes it a phrase of its own)."""
        nxt = self.peek(1)
        if nxt is None or nxt.kind != "np" or not _bare(nxt.nodes[0]):
            return False
        other = np_of(nxt.nodes[0])
        if other.head is None or np.head is None:
            return False
        if np.mods and not (isinstance(np.head, Name | Icon) or np.cls in ("zone",)):
            return False
        return _same_class(np, other)

    def _pp_goes_to_frame(self, pp: PP, stack: list[_Open], head: NP | None = None) -> bool:
        """A PP a noun phrase could take goes to the innermost open frame instead when that frame has an unfilled
        role for it -- except "de", which a noun takes first ("um card *deste personagem*")."""
        if pp.prep.split()[0] == "de" or not stack or self._in_scene_then_place(pp):
            return False
        if head is not None and head.lemma == "comum" and not head.dets:
            return False                                # "em comum *com este personagem*": the adjective's own
        role = _role_for(stack[-1], pp.prep, pp_class(pp), adjuncts=False)
        if role is not None and role.name == "in_common" and (pp.obj is None or pp.obj.lemma not in ("comum", "nome")):
            return False                                # "... que outro personagem *em cena*": a place, not "em comum"
        return role is not None

    def _in_scene_then_place(self, pp: PP) -> bool:
        """"coloque um cenário *em cena* nos recursos de seu dono": "em cena" followed by another place is where the
        thing is (the noun's), the place after it where it goes."""
        nxt = self.peek()
        return pp.prep == "em" and pp.obj is not None and pp.obj.lemma == "cena" and not pp.obj.dets \
            and not pp.obj.mods and nxt is not None and nxt.kind == "prep" and _lemma(nxt.nodes[0]) == "em"

    # -- prepositional phrases --------------------------------------------------------------
    def _article_keyword(self, a: _Atom) -> bool:
        """An article between a preposition and a keyword ("na Clarividência": em + a + the keyword)."""
        nxt = self.peek(1)
        return a.kind == "verb" and len(a.nodes) == 1 and isinstance(a.nodes[0], Lexeme) \
            and a.nodes[0].cls == "DET" and nxt is not None and nxt.kind == "keyword"

    def _same_before_noun(self) -> bool:
        """"com mesmo alter ego que ...": "mesmo" with no article opens the noun phrase (a comparison follows)."""
        a, nxt = self.peek(), self.peek(1)
        return a is not None and len(a.nodes) == 1 and isinstance(a.nodes[0], Lexeme) \
            and a.nodes[0].lemma == "mesmo" and nxt is not None and nxt.kind == "np"

    def prepositional(self, stack: list[_Open], head: NP | None = None) -> PP:
        preps: list[Lexeme] = []
        while self.peek() is not None and self.peek().kind == "prep":      # type: ignore[union-attr]
            p = self.take().nodes[0]
            assert isinstance(p, Lexeme)
            preps.append(p)
        pp = PP(preps)
        a = self.peek()
        if a is None:
            return pp
        if a.kind == "adv":
            pp.adv = self.take().nodes[0]                                   # type: ignore[assignment]
            return pp
        if a.kind == "keyword":
            pp.keyword = self.take().nodes[0]                               # type: ignore[assignment]
            return pp
        if self._article_keyword(a):                                         # "revelados *na Clarividência*"
            pp.adjs.append(self.take().nodes[0])                            # type: ignore[arg-type]
            pp.keyword = self.take().nodes[0]                               # type: ignore[assignment]
            if pp.prep == "para" and [x.lemma for x in pp.adjs] == ["cada"] and (r := self.peek()) is not None \
                    and r.kind == "rel":
                pp.args.append(self.relative(stack))     # "para cada Item Mágico *que ele estiver carregando*"
            return pp
        if a.kind == "adj" and self._same_before_noun():         # "com mesmo alter ego que ...": no article
            same = self.take().nodes[0]
            obj = np_of(self.take().nodes[0])
            obj.pre.insert(0, same)                                         # type: ignore[arg-type]
            self.modifiers(obj, stack)
            pp.obj = obj
            return pp
        if a.kind == "adj":
            while self.peek() is not None and self.peek().kind == "adj":   # type: ignore[union-attr]
                pp.adjs.append(self.take().nodes[0])                        # type: ignore[arg-type]
        if a.kind == "verb":
            while self.peek() is not None and self.peek().kind == "verb":  # type: ignore[union-attr]
                pp.verb.extend(x for n in self.take().nodes for x in leaves(n))
            self.infinitive_args(pp, stack)
            return pp
        if self.peek() is not None and self._quantity_or_np():
            pp.obj = self.noun_phrase(stack)
            nxt = self.peek()
            if nxt is not None and nxt.kind == "verb":                      # "para você colocar", "até ele estar"
                pp.subject = pp.obj
                pp.obj = None
                while self.peek() is not None and self.peek().kind == "verb":  # type: ignore[union-attr]
                    pp.verb.extend(x for n in self.take().nodes for x in leaves(n))
                self.infinitive_args(pp, stack)
        # "em sua mão, deck, recursos ou em cena": a PP coordinated with this one
        while (a0 := self.peek()) is not None and a0.kind == "coord" and (a1 := self.peek(1)) is not None \
                and a1.kind == "prep" and _lemma(a1.nodes[0]) == pp.prep.split()[0]:
            conj = self.take().nodes
            pp.coords.append((list(conj), self.prepositional(stack)))      # type: ignore[arg-type]
        return pp

    def infinitive_args(self, pp: PP, stack: list[_Open]) -> None:
        """The complements an infinitive takes by its frame ("ao usar *a ação X*", "para colocar *em cena ...*")."""
        words = [w for w in pp.verb if isinstance(w, Lexeme) and w.cls in ("VINF", "VPART")]
        frame = fr.FRAMES.get(words[-1].lemma) if words else None
        if frame is None:
            return
        opened = _Open(frame, target=pp.args)
        self.fill(opened, [*stack, opened])

    # -- relatives --------------------------------------------------------------------------
    def relative(self, stack: list[_Open]) -> Rel:
        a = self.take()
        assert a.clause is not None
        rel = Rel([n for n in a.nodes if isinstance(n, Lexeme | Symbol)], a.clause)
        if a.clause.subject is not None:
            rel.subject = attach_subject(a.clause.subject)
        frame = fr.FRAMES.get(verb_lemma(a.clause))
        has_subject = a.clause.subject is not None
        gap = bool({_lemma(n) for n in a.nodes} & _RELATIVE_MARKERS) and not (
            {_lemma(n) for n in a.nodes} & _SUBORDINATORS)          # "que você controla": the object is the gap
        before = self.atoms[self.pos - 2] if self.pos >= 2 else None
        if before is not None and before.kind == "np" and np_of(before.nodes[0]).lemma == "vez":
            gap = False                                  # "toda vez que este personagem usar a ação X": a conjunction
        if any(_lemma(n) == "cujo" for n in a.nodes):
            gap = False                                  # "cujas afiliações não sejam X": the subject is not a gap
        opened = _Open(frame, {"object"} if gap and has_subject and frame is not None and frame.object_gap else set(),
                       target=rel.args, passive=_is_passive(a.clause), timed=_is_past(a.clause) or not gap)
        self.fill(opened, [*stack, opened])
        return rel

    def _shared_gap_relative(self, first: Constituent, stack: list[_Open]) -> Rel | None:
        """"personagens que estiverem carregando X *e tenham {TE}*": a finite verb joined by "e" to a relative with
        a subject gap and no subject is a second relative on the same noun, sharing its "que" (both must hold)."""
        a0, a1 = self.peek(), self.peek(1)
        if not isinstance(first, Rel) or first.subject or first.clause.subject is not None or a0 is None \
                or a1 is None or a0.kind != "coord" or _lemma(a0.nodes[0]) != "e" or a1.kind != "verb" \
                or not isinstance(a1.nodes[0], Phrase) or a1.nodes[0].kind is not PhraseKind.VERB_GROUP \
                or not ({_lemma(n) for n in first.markers} & _RELATIVE_MARKERS) \
                or first.clause.negated or any(_lemma(n) in ("não", "nao") for n in leaves(a1.nodes[0])):
            return None                                                     # "e não tenham": its own negation
        conj = self.take()
        verb = self.take().nodes[0]
        assert isinstance(verb, Phrase)
        clause = replace(first.clause, verb=verb, complements=(), fronted=())
        rel = Rel([n for n in conj.nodes if isinstance(n, Lexeme | Symbol)], clause)
        opened = _Open(fr.FRAMES.get(verb_lemma(clause)), set(), target=rel.args, passive=_is_passive(clause),
                       timed=_is_past(clause))
        self.fill(opened, [*stack, opened])
        return rel

    def fill(self, opened: _Open, stack: list[_Open]) -> None:
        """Let an embedded frame (a relative's, an infinitive's) take the complements that follow by its roles."""
        frame = opened.frame
        if frame is None:
            return
        while self.pos < len(self.atoms):
            a = self.peek()
            assert a is not None
            if a.kind in ("np", "op") and self._quantity_or_np() and "object" not in opened.filled \
                    and frame.role("object") is not None:
                opened.filled.add("object")
                opened.target.append(self.noun_phrase(stack))
                continue
            if self._more_than() and "object" not in opened.filled and frame.role("object") is not None:
                opened.filled.add("object")                     # "se houver mais de um personagem ..."
                opened.target.append(self.constituent(stack))
                continue
            if a.kind == "prep":
                start = self.pos
                pp = self.prepositional(stack)
                role = _role_for(opened, pp.prep, pp_class(pp))
                if role is not None and not (role in fr.ADJUNCTS and role.name in _TIME_ROLES and not opened.timed
                                             and not _lasting(role.name, frame)):
                    opened.filled.add(role.name)
                    opened.target.append(pp)
                    continue
                if self._action_type_predicate(opened, pp):
                    continue
                self.pos = start
            if a.kind == "coord" and "type" in opened.filled and self._coordinated_type(opened):
                continue
            if a.kind == "adv" and frame.takes_adverbs:
                opened.target.append(Other("adv", list(self.take().nodes)))
                continue
            return

    def _action_type_predicate(self, opened: _Open, pp: PP) -> bool:
        """"(uma ação) que não seja *de Antecipar* nem Imprevista": "de" + the type's word, the predicate of a
        relative's "ser" (4.6.2 F/G: an action's types), taken by the relative (``relatives._be``) rather than left
        to the head noun as a modifier of its own."""
        if opened.frame is None or opened.frame.lemma != "ser" or "object" in opened.filled \
                or pp.prep != "de" or pp.obj is not None or not pp.verb or pp.coords:
            return False
        if [ACTION_TYPE_OF_WORD.get(_lemma(w)) for w in pp.verb] != ["antecipar"]:
            return False
        opened.filled.add("type")
        opened.target.append(pp)
        return True

    def _coordinated_type(self, opened: _Open) -> bool:
        """"que não seja de Antecipar *nem Imprevista*": a second action type coordinated with the first, an
        adjective after "nem" / "e" (no noun of its own), read with it."""
        a, b = self.peek(), self.peek(1)
        if a is None or [_lemma(n) for n in a.nodes] not in (["nem"], ["e"]):
            return False                     # "ou" would be either type: no conjunction of filters says it
        if b is None or b.kind != "adj" or len(b.nodes) != 1 \
                or _lemma(b.nodes[0]) not in ACTION_TYPE_OF_WORD:
            return False
        nxt = self.peek(2)
        if nxt is not None and nxt.kind in ("np", "adj"):
            return False
        opened.target.append(Other("coord", list(self.take().nodes)))
        opened.target.append(Other("adj", list(self.take().nodes)))
        return True

    # -- attaching a finished constituent ---------------------------------------------------
    def attach(self, c: Constituent, stack: list[_Open], out: list[Constituent]) -> None:
        if isinstance(c, NP):
            stack[0].filled.add("object")
        elif isinstance(c, PP):
            role = _role_for(stack[0], c.prep, pp_class(c))
            if role is not None:
                stack[0].filled.add(role.name)
        out.append(c)

    def coordination(self, stack: list[_Open], out: list[Constituent]) -> None:
        """A coordinated phrase that did not join a head: it joins the nearest phrase of its class at this level,
        or stands as a constituent of its own (a second object, a second PP)."""
        conj: list[Leaf] = []
        while self.peek() is not None and self.peek().kind == "coord":      # type: ignore[union-attr]
            conj.extend(self.take().nodes)                                  # type: ignore[arg-type]
        if self.peek() is None:
            out.append(Stray(list(conj)))
            return
        top = stack[0]
        if "object" in top.filled and len(top.filled) > 1 and self.peek() is not None \
                and self.peek().kind == "np":                                       # type: ignore[union-attr]
            top.filled = set()              # "... em seus recursos e o restante no topo": the complements again
        c = self.constituent(stack)
        host = _coordination_host(out, c)
        if host is None and isinstance(c, NP) and out and isinstance(out[-1], NP):
            host = out[-1]                                   # "revela a própria mão e o card do topo ..."
        if host is not None:
            host.coords.append((conj, c))                                   # type: ignore[arg-type]
        else:
            out.append(Other("coord", list(conj)))
            out.append(c)


def _coordination_host(out: list[Constituent], c: Constituent) -> NP | PP | None:
    """The phrase of the same class as ``c`` it coordinates with, on the right spine of the phrase before it: the
    outermost for a phrase with a determiner ("um card de habilidade de {RE} *ou um card de personagem*"), the
    innermost for a bare one ("em seu deck, *mão* e *recursos*")."""
    if not out:
        return None
    last = out[-1]
    if isinstance(c, PP) and isinstance(last, PP) and last.prep == c.prep:
        return last
    if isinstance(c, NP):
        spine = [x for x in _spine(last) if isinstance(x, NP) and _same_class(x, c)]
        if spine:
            return spine[0] if c.dets else spine[-1]
    return None


_TIME_ROLES = frozenset({"until", "during", "when", "since", "after", "per_turn"})


def _lasting(role: str, frame: fr.Frame) -> bool:
    """"desde o início do turno" after "que você controla" / "que estão em cena": a state's start, the relative's
    own time (a procedure around it happens at once and has no "since")."""
    return role == "since" and frame.family in ("control", "state")


def _is_past(clause: Clause) -> bool:
    """A relative about a past event ("que entrou em cena", "que tenha recebido dano") takes time adjuncts."""
    from cardscript.compiler.semantics.verbs import analyse

    return analyse(clause).past


def _is_passive(clause: Clause) -> bool:
    words = verb_words(clause)
    return any(w.lemma == "ser" for w in words if w.cls in ("AUX", "AUX_NF")) and any(
        w.cls == "VPART" for w in words)


_AMOUNT_NOUNS = frozenset({"número", "quantidade"})
_COMPARATIVES = frozenset({"igual", "maior", "menor"})


def _amount_phrases(out: list[Constituent]) -> None:
    """"coloque *um número de cards* do topo de seu deck em seus recursos *igual à Energia Inicial daquele vilão*",
    "causa *uma quantidade de pontos de dano* em outro suporte *igual à Energia Atual daquele suporte*", "controlar
    *um número de personagens* sem a afiliação X *maior ou igual ao número de* ...": a phrase "um número / uma
    quantidade de <np>" whose amount is compared with a value ("igual a", "maior ou igual a", "menor que"...) that
    the attachment left on the right edge of its own phrase or of a later complement of the clause (the amount's
    predicate, discontinuous in Portuguese). The amount phrase is replaced by the counted phrase, which keeps the
    words, the comparison and the value (``NP.equal_to``, ``NP.amount_op``; read by ``amounts.np_quantity`` and the
    conditions)."""
    for i, c in enumerate(out):
        if not isinstance(c, NP) or c.lemma not in _AMOUNT_NOUNS or [d.lemma for d in c.dets] != ["um"] \
                or c.pre or c.post or c.quantity or len(c.mods) != 1 or not isinstance(c.mods[0], PP) \
                or c.mods[0].prep != "de" or c.mods[0].obj is None or c.heads or c.coords:
            continue
        of_pp = c.mods[0]
        inner = of_pp.obj
        assert inner is not None and c.head is not None
        found = _compared_on_edge(out, i, inner)
        if found is None:
            continue
        words, value = found
        inner.equal_to = value
        inner.amount_op = _comparison_op(words)
        inner.amount_words = [*c.dets, c.head, *of_pp.preps, *words]
        out[i] = inner


def _comparison_op(words: list[Leaf]) -> str:
    lemmas = {w.lemma for w in words if isinstance(w, Lexeme)}
    if "maior" in lemmas:
        return "ge" if "igual" in lemmas else "gt"
    if "menor" in lemmas:
        return "le" if "igual" in lemmas else "lt"
    return "eq"


def _compared_on_edge(out: list[Constituent], i: int, inner: NP) -> tuple[list[Leaf], PP] | None:
    """The comparison after the counted phrase ``inner`` (the amount phrase at ``out[i]``), taken off where the
    attachment left it: the comparative adjective ending a noun phrase on the right edge ("... recursos *igual*",
    "... a afiliação Fugitivos *maior*"), a coordinated "ou igual" after it, and the value -- the "a" phrase (or
    "menor do que <valor>") that is the last modifier there or the next complement of the clause. None (nothing
    taken) when the words are not so."""
    tops: list[Constituent] = [inner, *out[i + 1:]]
    for pos, top in enumerate(tops):
        found = _comparative_on(list(_spine(top)))
        if found is None:
            continue
        host, more = found
        last = host.mods[-1] if host.mods else None
        if isinstance(last, Other) and last.kind == "compare" and last.np is not None and more is None \
                and _lemma(host.post[-1]) in ("maior", "menor"):        # "menor do que sua Energia Inicial"
            host.mods[-1] = PP([w for n in last.nodes for w in leaves(n) if isinstance(w, Lexeme)], obj=last.np)
        value_at: NP | None = host if host.mods and isinstance(host.mods[-1], PP) and host.mods[-1].prep in (
            "a", "de o que", "que") and host.mods[-1].obj is not None and more is None else None
        nxt = tops[pos + 1] if pos + 1 < len(tops) else None
        if value_at is None and not (isinstance(nxt, PP) and nxt.prep == "a" and nxt.obj is not None):
            return None
        adj = host.post.pop()
        assert isinstance(adj, Lexeme)
        words: list[Leaf] = [adj]
        if more is not None:
            more[0].mods.remove(more[1])
            words.extend(leaf for n in more[1].nodes for leaf in leaves(n))
        if value_at is not None:
            pp = value_at.mods.pop()
            assert isinstance(pp, PP)
        else:
            assert isinstance(nxt, PP)
            out.remove(nxt)
            pp = nxt
        after = out.index(top) + 1 if top in out else i + 1      # "... igual a X *menos um*": the value's offset
        offset_np = out[after] if after < len(out) else None
        if isinstance(offset_np, NP) and offset_np.head is not None and _offset(offset_np) is not None:
            out.remove(offset_np)
            inner.amount_offset = _offset(offset_np) or 0
            words.extend([*offset_np.dets, offset_np.head])
        return words, pp
    return None


def _offset(np: NP) -> int | None:
    """"menos um", "mais 2" after a value: the number added to it (None when the phrase is not one)."""
    if len(np.dets) != 1 or np.dets[0].lemma not in ("menos", "mais") or np.mods or np.post or np.pre \
            or np.quantity or np.heads or np.coords:
        return None
    head = np.head
    n = head.value if isinstance(head, Number) else 1 if isinstance(head, Lexeme) and head.lemma in ("um", "uma") \
        else None
    if n is None:
        return None
    return -n if np.dets[0].lemma == "menos" else n


def _comparative_on(edge: list[NP | PP]) -> tuple[NP, tuple[NP, Other] | None] | None:
    """The noun phrase of the right edge ending in a comparative adjective ("recursos igual"), with the "ou igual"
    its holder took as its last modifier ("a afiliação Fugitivos maior | ou igual": the name's adjective, the
    affiliation's modifier)."""
    for x in reversed(edge):
        if not isinstance(x, NP):
            continue
        last = x.mods[-1] if x.mods else None
        if isinstance(last, Other) and last.kind == "adj" and {
                w.lemma for n in last.nodes for w in leaves(n) if isinstance(w, Lexeme)} <= {"ou", "igual"}:
            before = x.mods[-2] if len(x.mods) > 1 else None
            if isinstance(before, NP) and _ends_comparative(before):
                return before, (x, last)
            if _ends_comparative(x):
                return x, (x, last)
            return None
        if _ends_comparative(x):
            return x, None
    return None


def _ends_comparative(np: NP) -> bool:
    return bool(np.post) and isinstance(np.post[-1], Lexeme) and np.post[-1].lemma in _COMPARATIVES


def _spine(c: Constituent) -> Iterator[NP | PP]:  # noqa: C901 - one case per kind of constituent
    """The phrases along the right edge of a constituent, outermost first."""
    if isinstance(c, NP):
        yield c
        if c.coords:
            yield from _spine(c.coords[-1][1])
        elif c.mods and isinstance(c.mods[-1], NP | PP):
            yield from _spine(c.mods[-1])
        elif c.mods and isinstance(c.mods[-1], Rel) and c.mods[-1].args:
            yield from _spine(c.mods[-1].args[-1])
    elif isinstance(c, Rel) and c.args:
        yield from _spine(c.args[-1])
    elif isinstance(c, PP):
        yield c
        if c.obj is not None:
            yield from _spine(c.obj)


_ANTECEDENTS = frozenset({"thing", "player", "action"})
_SUBORDINATORS = frozenset({"se", "enquanto", "desde", "caso", "quando", "nao", "não", "ser", "mesmo"})
_RELATIVE_MARKERS = frozenset({"que", "cujo"})


def _antecedent(np: NP, a: _Atom) -> bool:
    """Can ``np`` be what the relative clause of ``a`` is about? Things, players and actions ("os personagens
    *que você controla*", "uma ação *que cause dano*"); a time or a place with "em que" ("o turno *em que* ele
    entrou em cena"); a way with "como" ("da forma *como* você escolher")."""
    markers = {_lemma(n) for n in a.nodes}
    if markers & _SUBORDINATORS or not markers:
        return False                                # "se ...", "a não ser que ...": about the clause, not a noun
    if markers & {"em", "de", "com", "a", "por", "para"}:
        return np.cls in ("time", "zone", "thing", "action", "attribute")
    if "como" in markers:
        return np.lemma == "forma"
    if "cujo" in markers and isinstance(np.head, Icon):
        return False                                # "um personagem com {MA} *cujo alter ego ...*": the character's
    frame = fr.FRAMES.get(verb_lemma(a.clause)) if a.clause is not None else None
    if a.clause is not None and a.clause.subject is not None and frame is not None and frame.object_gap:
        role = frame.role("object")                 # "a próxima ação que causar dano *que ele usar*": the gap is
        if role is not None and role.accepts and np.cls not in role.accepts:   # usar's object, an action, not "dano"
            return False
    if a.clause is not None and a.clause.subject is None and frame is not None:
        role = frame.role("subject")                # "um personagem controlado por um oponente *que entrou em cena
        if role is not None and role.accepts and np.cls not in role.accepts:   # neste turno*": a card enters,
            return False                                                         # never a player
    if np.cls == "attribute" and a.clause is not None and verb_lemma(a.clause) == "ser":
        return True                                  # "uma afiliação que não seja Thunderbolts"
    return np.cls in _ANTECEDENTS or np.cls == "damage" or (np.head is None and np.participle is not None)


def pp_class(pp: PP) -> str:
    """The class a PP's object gives it for the frames: "each" for "para cada <x>", else its noun's class."""
    if pp.obj is None:
        return ""
    if pp.prep == "para" and pp.obj.det("cada"):
        return "each"
    return pp.obj.cls


def _role_for(opened: _Open, prep: str, cls: str, adjuncts: bool = True) -> fr.Role | None:
    frame = opened.frame
    if frame is None:
        return None
    for role in frame.roles:
        if not adjuncts and role in fr.ADJUNCTS:
            continue
        if role.name == "agent" and not opened.passive:
            continue
        if role.position == prep and (not role.accepts or cls in role.accepts) and role.name not in opened.filled:
            return role
    return None


def _same_class(a: NP, b: NP) -> bool:
    ca, cb = a.cls, b.cls
    if isinstance(a.head, Name) and isinstance(b.head, Name):
        return True
    if isinstance(a.head, Icon) or isinstance(b.head, Icon):
        return isinstance(a.head, Icon) and isinstance(b.head, Icon)
    if isinstance(a.head, Name) != isinstance(b.head, Name) and "attribute" in (ca, cb):
        return False
    return ca == cb and ca != ""


def _bare(node: Node) -> bool:
    """An np with no determiner (a bare head, possibly with adjectives)."""
    if not isinstance(node, Phrase):
        return True
    return not any(isinstance(p, Lexeme) and p.cls == "DET" for p in node.parts)


def _of_capacitation(m: Constituent) -> bool:
    """"de capacitação" after "estágio": part of the noun ("o estágio de capacitação {0}")."""
    return isinstance(m, PP) and m.prep == "de" and m.obj is not None and m.obj.lemma == "capacitação" \
        and not m.obj.mods


def _at_least(node: Node) -> bool:
    """An np beginning "o menos" after the preposition "a": "ao menos um personagem", "ao menos dois"."""
    if not isinstance(node, Phrase):
        return False
    words = [p for p in node.parts if isinstance(p, Lexeme)]
    return len(words) >= 2 and words[0].lemma == "o" and words[1].lemma == "menos" and len(node.parts) > 2


def _other_only(node: Node) -> bool:
    """An np whose only determiner is "outro(s)" ("dois | outros personagens"): a count may stand before it."""
    if not isinstance(node, Phrase):
        return False
    dets = [p for p in node.parts if isinstance(p, Lexeme) and p.cls == "DET"]
    return len(dets) == 1 and dets[0].lemma == "outro"


def _is_number_np(node: Node) -> bool:
    """An np that is only a number or X, possibly after determiners ("[X] [+] [1] [pontos]", "[os dez] [cards]"); X
    may be written as its icon ("[{X}] [+] [1] [cards]": the X of the cost {X}, 4.6.1)."""
    if isinstance(node, Phrase):
        parts = node.parts
        i, n = 0, len(parts)
        while n - i > 1 and isinstance(parts[i], Lexeme) and parts[i].cls == "DET":    # type: ignore[attr-defined]
            i += 1
        if n - i != 1:
            return False
        p = parts[i]
    else:
        p = node
    return isinstance(p, Number) or (isinstance(p, Lexeme) and p.lemma == "x" and p.cls == "LIT") or (
        isinstance(p, Icon) and p.code.upper() == "X")


def _is_icon_number(node: Node) -> bool:
    """An energy icon standing for a number ("{1}")."""
    only = _only_part(node)
    return isinstance(only, Icon) and only.code.isdigit()


def _lone_um(node: Node) -> bool:
    """An np that is only "um"/"uma" (the quantity of "um ou mais personagens")."""
    only = _only_part(node)
    return isinstance(only, Lexeme) and only.lemma == "um"


def _lone_pronoun(node: Node, lemma: str) -> bool:
    """An np that is only the pronoun ``lemma`` ("outro" read alone before its noun: "outro | jogador")."""
    only = _only_part(node)
    return isinstance(only, Lexeme) and only.lemma == lemma


def _parts(node: Node) -> list[Node]:
    return list(node.parts) if isinstance(node, Phrase) else [node]


def _only_part(node: Node) -> Node | None:
    """The one part of :func:`_parts` (None when there are several or none), without building the list."""
    if isinstance(node, Phrase):
        return node.parts[0] if len(node.parts) == 1 else None
    return node


def _starts_with_det(node: Node, *lemmas: str) -> bool:
    return isinstance(node, Phrase) and bool(node.parts) and isinstance(node.parts[0], Lexeme) \
        and node.parts[0].cls == "DET" and node.parts[0].lemma in lemmas


_POST_NOUNS = frozenset({"alvo", "herói", "vilão"})


def _post_noun(node: Node) -> bool:
    """A bare noun that qualifies the noun before it: "personagem *alvo*", "personagens *vilões*"."""
    if not isinstance(node, Phrase) or len(node.parts) not in (1, 2, 3):
        return False
    first = node.parts[0]
    return isinstance(first, Lexeme) and first.cls == "NOUN" and first.lemma in _POST_NOUNS and all(
        isinstance(p, Lexeme) and p.cls in ("ADJ", "VPART") for p in node.parts[1:])


def _np_leaves(node: Node) -> list[Leaf]:
    return list(leaves(node))


def _apposition(np: NP, node: Node) -> bool:
    """A name right after a noun that names a thing by it: "a afiliação X", "as afiliações X e Y", "o alter
    ego X", "chamado X", "a ação X", "o cenário X", "com nome X"."""
    other = np_of(node)
    if not isinstance(other.head, Name) or other.dets:
        return False
    if np.participle is not None and np.participle.lemma == "chamar":
        return True
    return np.lemma in ("afiliação", "alter ego", "nome", "ação", "cenário", "card", "personagem", "suporte",
                        "habilidade", "poder", "característica", "palavra") and not np.mods


# ---------------------------------------------------------------------------------------------
# front doors


def attach_complements(clause: Clause) -> list[Constituent]:
    """The clause's complements as constituents, attached by the rules above and the clause's verb frame."""
    frame = fr.FRAMES.get(verb_lemma(clause))
    has_clitic_object = any(w.cls in ("CLITIC", "PROCLITIC") for w in verb_words(clause))
    return _Attacher(_atoms(clause.complements), frame, has_clitic_object).run()


def attach_subject(subject: Phrase) -> list[Constituent]:
    """A subject phrase ("Os personagens com a afiliação X que você controla e os cards ...") as constituents."""
    return _Attacher(_atoms(subject.parts), None, False).run()


def attach_parts(parts: Sequence[Node], lemma: str = "") -> list[Constituent]:
    """Any run of phrase parts (a lead's words, a panel) as constituents, with ``lemma``'s frame if given."""
    return _Attacher(_atoms(parts), fr.FRAMES.get(lemma) if lemma else None, False).run()
