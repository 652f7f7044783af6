"""Reference binding (principle 3): every anaphor in an effect is bound at compile time.

Within one paragraph, walking its words in order, the binder keeps what the effect has introduced
so far: noun phrases with an indefinite or quantified determiner (``um card``, ``até dois cards``),
the action's target (``alvo``), chosen things (``escolhido``), and the card itself (``este``). Then:

* ``este/esta/estes/estas ...`` -> the card that has the text (or the character carrying it);
* ``o alvo`` / ``alvo`` -> the action's target (only meaningful in an action, or a targeted effect);
* ``aquele/aquela(s) ...``, ``-o/-a/-os/-as``, ``ele/ela`` -> the most recent introduced thing, of a
  matching kind when a noun is given -- "este ..." and the card's own name are introduced too (never the antecedent
  of "aquele ..."); a pronoun prefers the subject of the latest clause and never means a thing of its own clause
  (binding principle B); the clitic object of a card verb is never a player (``docs/semantics.md`` section 4);
* ``o/a ... escolhido/a`` -> what an ``escolha ...`` of this card chose (in any paragraph); ``o valor
  escolhido (para X)`` -> the value the player chose for X;
* the card's own name and its action's name -> this card, this action;
* ``X`` -> needs ``X é (igual a) ...`` / ``sendo X igual a ...`` / ``onde X é ...`` in the same text, a first use
  in what the player may do ("você pode ... descartar X cards": the player chooses X), a cost of {X}, a
  stage ``{X}``, or X in an extra cost or keyword prefix (chosen by the player when paying).

An anaphor with nothing to refer to is a CS200 diagnostic. The bindings are recorded for
``cardscript explain``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from cardscript.compiler.ast import (
    Binding,
    Clause,
    Icon,
    Lexeme,
    Name,
    Node,
    Paragraph,
    Phrase,
    PhraseKind,
    Procedure,
    Sentence,
)
from cardscript.compiler.walks import nodes
from cardscript.core.normalize import fold_text
from cardscript.core.source import Span

_ANAPHORIC_DET = frozenset({"aquele", "esse"})
_PLAYERS = frozenset({"jogador", "oponente", "controlador", "dono"})
_NAMING = frozenset({"de", "chamado", "chamada", "chamados", "chamadas", "nome"})   # "os cards de <nome>"
# procedures whose object is a card: a clitic object ("carregá-lo") never means a player
_CARD_OBJECT = frozenset({Procedure.LOAD, Procedure.UNLOAD, Procedure.INCAPACITATE, Procedure.CAPACITATE,
                          Procedure.PUT, Procedure.REVEAL, Procedure.DISCARD, Procedure.SET_ASIDE, Procedure.SWAP,
                          Procedure.RETURN, Procedure.DESTROY, Procedure.KNOCK_OUT})
_PARTITIVE = frozenset({"um", "uma", "algum", "alguma"})     # "um daqueles cards", "um deles"
_PERSONS = frozenset({"personagem", "herói", "vilão", "jogador", "oponente", "suporte", "name", "alvo"})
_PRONOUNS = frozenset({"ele", "-o", "-a", "-os", "-as", "-lo", "-la", "-los", "-las", "ambos"})


@dataclass(frozen=True)
class Referent:
    description: str
    span: Span
    head: str
    clause: int = 0              # the clause that introduced it (ambiguity: two fitting in one clause)
    self_ref: bool = False       # "este personagem", the card's own name: the card itself, never "aquele ..."
    subject: bool = False        # the subject of its clause (the most salient thing a pronoun can mean)


@dataclass(frozen=True)
class Unbound:
    """A reference left unbound, or (``ambiguous``) bound to the latest of several that fit equally."""

    reference: str
    span: Span
    ambiguous: str = ""          # for an ambiguous reference: the other thing it could mean


def walk(node: Node) -> Iterator[Node]:
    """Every node under ``node`` (itself first), in printed order (``walks.nodes``, kept per node)."""
    return iter(nodes(node))


def _describe(np: Phrase) -> str:
    words: list[str] = []
    for n in walk(np):
        if isinstance(n, Lexeme):
            words.append(n.word)
        elif isinstance(n, Name):
            words.append(n.text)
    return " ".join(words)


def _head(np: Phrase) -> str:
    for p in np.parts:
        if isinstance(p, Lexeme) and p.cls in ("NOUN", "PRON"):
            return p.lemma
        if isinstance(p, Name):
            # a name is a person-like thing unless it is only known as an affiliation or an action
            if p.kinds and not {"card", "alter_ego"} & set(p.kinds):
                return "afiliação" if "affiliation" in p.kinds else "ação"
            return "name"
    return ""


@dataclass
class CardScope:
    """What binding knows of the whole card: its names and what its effects chose (``escolha ...``),
    which ``o ... escolhido`` refers to from any paragraph or block."""

    card_name: str
    action_name: str = ""
    chosen: list[Referent] = field(default_factory=list)


def chosen_in(paragraphs: tuple[Paragraph, ...]) -> list[Referent]:
    """The things chosen by ``escolher``/``nomear`` clauses: the first noun phrase after the verb
    (in the clause's complements, or after a relative such as "faça com que um oponente escolha")."""
    out: list[Referent] = []
    for para in paragraphs:
        after: int | None = None          # a choosing verb was seen; its object starts after this offset
        for node in walk(para):
            if isinstance(node, Clause) and node.procedure in (Procedure.CHOOSE, Procedure.NAME):
                after = node.verb.span.end
            elif (after is not None and isinstance(node, Phrase) and node.kind is PhraseKind.NOUN_PHRASE
                  and node.span.start >= after):
                out.append(Referent(_describe(node), node.span, _head(node)))
                after = None
    return out


def _is_chosen_reference(np: Phrase) -> bool:
    return any(isinstance(p, Lexeme) and p.cls == "VPART" and p.lemma == "escolher" for p in np.parts)


def bind_paragraphs(paragraphs: tuple[Paragraph, ...], in_action: bool, scope: CardScope,
                    x_defined_by_cost: bool) -> tuple[list[Binding], list[Unbound]]:
    """Bind the references of a block's paragraphs; return the bindings and what stayed unbound."""
    bindings: list[Binding] = []
    unbound: list[Unbound] = []
    x_uses: list[Span] = []
    x_defined = x_defined_by_cost
    card_name = scope.card_name
    card_key = fold_text(scope.card_name)
    action_key = fold_text(scope.action_name) if scope.action_name else ""
    previous_word = ""
    clause = 0
    choosing = False                      # inside a sentence with "você pode ..."
    subjects: set[int] = set()            # the noun phrases that are the subject of their clause
    nested: set[int] = set()              # noun phrases inside another noun phrase ("os cards de <nome>")
    predicates: dict[int, Span] = {}      # what the complements of "ser" hold ("X for um card de suporte"): X
    procedure = Procedure.OTHER           # the procedure of the clause being walked
    for para in paragraphs:
        introduced: list[Referent] = []
        proclitics: set[int] = set()          # "e o coloque ...": an object pronoun before its verb
        asides: list[Span] = []               # parentheses: what they say is no antecedent outside them
        embedded: set[int] = set()            # clauses inside another clause's phrases (relatives)
        shown: list[Referent] = []            # demonstratives ("aquele personagem"), for a later "ele"
        for node in nodes(para):
            # one type test per node (the walk is the paragraph's kept node list, walks.nodes); each kind of node
            # does what it did in the one cascade of tests, in the same order
            if isinstance(node, Lexeme):
                if node.lemma == "x" and node.cls == "LIT":
                    if previous_word in ("sendo", "onde"):
                        x_defined = True  # "..., sendo X igual ao número de ...", "..., onde X é o número de ..."
                    if choosing and not x_uses:
                        x_defined = True  # first used in what the player may do: "você pode ... descartar X cards"
                    x_uses.append(node.span)
                previous_word = node.word
                if node.cls == "CLITIC" and node.lemma in _PRONOUNS or id(node) in proclitics:
                    # "-o", or "e o coloque ...": the object of "carregá-lo", "descarregue-o", "coloque-o" is a
                    # card, never a player
                    pool = [x for x in introduced if x.head not in _PLAYERS] if procedure in _CARD_OBJECT \
                        else introduced
                    pool = [x for x in pool if x.clause != clause]   # never its own clause's object (binding B)
                    _bind_to_last(node.word, node.span, pool, bindings, unbound, embedded=embedded)
                continue
            if isinstance(node, Name):
                own = fold_text(node.text)
                if own == card_key:
                    bindings.append(Binding(node.text, node.span, "this card"))
                elif action_key and own == action_key:
                    bindings.append(Binding(node.text, node.span, "this action"))
                continue
            if isinstance(node, Icon):
                if node.code == "X":
                    x_defined = True      # "incapacite ... em {X}": the stage chosen is X
                continue
            if isinstance(node, Clause):
                clause = id(node)
                procedure = node.procedure
                if node.subject is not None:
                    subjects.update(id(p) for p in node.subject.parts)
                if _copula(node) and node.subject is not None:    # "se o card descarregado for um card de
                    predicates.update({id(n): node.subject.span for c in _predicate(node) for n in walk(c)})
                    #                   suporte": a description of the subject, no new thing
                embedded.update(id(c) for part in (node.subject, *node.complements) if part is not None
                                for c in walk(part) if isinstance(c, Clause))
                continue
            if isinstance(node, Sentence):
                if _defines_x(node) or _chosen_x(node.cost):
                    x_defined = True
                choosing = any(c.optional for c in node.body.clauses)
                continue
            if not isinstance(node, Phrase):
                continue
            kind = node.kind
            if kind is not PhraseKind.NOUN_PHRASE:
                if kind is PhraseKind.KEYWORD_PREFIX and _chosen_x(node):
                    x_defined = True      # "Energia Cósmica X -": X is chosen when the cost is paid
                elif kind is PhraseKind.VERB_GROUP:
                    proclitics.update(id(w) for w in proclitics_of(node))
                elif kind is PhraseKind.PARENTHETICAL:
                    asides.append(node.span)
                continue
            nested.update(id(n) for n in walk(node) if n is not node and isinstance(n, Phrase)
                          and n.kind is PhraseKind.NOUN_PHRASE)
            dets = [p for p in node.parts if isinstance(p, Lexeme) and p.cls == "DET"]
            det = dets[0].lemma if dets else ""
            head = _head(node)
            desc = _describe(node)
            if det == "este":
                target = _THIS.get(head) or (card_name if head in ("card", "cenário", "suporte", "habilidade")
                                             else f"the character with {card_name}")
                bindings.append(Binding(desc, node.span, target))
                if head not in ("turno", "partida", "fase", "etapa", "ação", "forma"):
                    introduced.append(Referent("this card" if target == card_name else target, node.span, head,
                                               clause, self_ref=True, subject=id(node) in subjects))
            elif head == "alvo" and det in ("o", ""):
                bindings.append(Binding(desc, node.span, "the action's target" if in_action else "the target"))
                if in_action:             # "... no alvo se ele já tiver recebido dano": what a later "ele" may mean
                    introduced.append(Referent(desc, node.span, head, clause, subject=id(node) in subjects))
            elif det == "o" and _is_chosen_reference(node) and head == "valor":
                # "o valor escolhido para X": the value the player chose for X (a cost {X}, an X to pay)
                bindings.append(Binding(desc, node.span, "the value chosen for X"))
            elif det == "o" and _is_chosen_reference(node):
                # "o personagem escolhido": what this card chose, in any of its paragraphs
                match = [r for r in scope.chosen if r.head in (head, "")] or scope.chosen
                if match:
                    bindings.append(Binding(desc, node.span, match[-1].description, match[-1].span))
                    shown.append(Referent(desc, node.span, head, clause))   # what a later "ele" may mean
                else:
                    unbound.append(Unbound(desc, node.span))
            elif det in _ANAPHORIC_DET or (head == "ele" and (not dets or det == "o")):
                # a pronoun never means a thing of its own clause ("você pode carregar um card ... nele": not that
                # card, binding principle B); a demonstrative may. "a ele" read with an article is the preposition
                # "a" and the pronoun (semantics.syntax._a_pronoun)
                pool = [x for x in introduced if x.clause != clause] if head == "ele" else introduced
                _bind_to_last(desc, node.span, pool, bindings, unbound, head, shown)
                if introduced and introduced[-1].head in _PARTITIVE and introduced[-1].clause == clause and head:
                    # "um daqueles cards": the one taken from them is a card introduced here ("colocá-lo")
                    part = introduced.pop()
                    introduced.append(Referent(f"{part.description} {desc}", part.span, head, clause))
                if head and head != "ele" and det in ("aquele", "esse"):
                    # "aquele personagem" is what a later "ele" means when nothing introduced fits ("Toda vez que
                    # aquele personagem usar uma ação, X causa 1 ponto de dano a ele")
                    shown.append(Referent(desc, node.span, head, clause))
            elif head and head != "ele":
                # an introduction: "um card", "até dois cards", "cada personagem"; the card's own name ("este
                # personagem (Demolidor)") is the card itself
                is_own = head == "name" and not dets and any(
                    isinstance(p, Name) and fold_text(p.text) == fold_text(card_name) for p in node.parts)
                aside = any(a.start <= node.span.start and node.span.end <= a.end for a in asides)
                described = _described(introduced, predicates.get(id(node))) if not is_own else None
                if described is not None:
                    # "se o card descarregado for um card de suporte, coloque aquele card ...": the card described
                    introduced.append(Referent(described.description, described.span, head, clause))
                    continue
                if det == "nenhum" or (is_own and (id(node) in nested or previous_word in _NAMING)):
                    continue              # nothing to refer to; "os cards de <este card>" names, not a thing
                if aside and head != "name":
                    continue              # a description in parentheses restates ("deste personagem (o personagem
                    #                       que usou esta ação) e o coloca"): no antecedent
                if is_own and in_action and fold_text(scope.action_name or "") == fold_text(card_name):
                    head = "ação"         # inside its action, the action's name names the action (4.6.2), which
                    #                       "ele" never means ("Surrar causa ... no alvo se ele ...": the target)
                introduced.append(Referent("this card" if is_own else desc, node.span, head, clause, self_ref=is_own,
                                           subject=id(node) in subjects))
    if x_uses and not x_defined:
        unbound.extend(Unbound("X", s) for s in x_uses[:1])
    return bindings, unbound


def _copula(clause: Clause) -> bool:
    """Is the clause's verb "ser" alone (a predicate follows: "for um card de suporte"), not a passive ("ser usada")
    nor another verb?"""
    verbs = [w for w in walk(clause.verb) if isinstance(w, Lexeme) and w.cls in ("VFIN", "VINF", "AUX", "VPART",
                                                                                 "VGER", "AUX_NF")]
    return len(verbs) == 1 and verbs[0].lemma == "ser"


def _described(introduced: list[Referent], subject: Span | None) -> Referent | None:
    """The thing a predicate of "ser" describes: the one its clause's subject introduced (None: no subject)."""
    if subject is None:
        return None
    return next((x for x in reversed(introduced) if subject.start <= x.span.start and x.span.end <= subject.end),
                None)


def _predicate(clause: Clause) -> list[Node]:
    """The complements of "ser" naming what the subject is ("um card de personagem ... ou um card de suporte"): the
    noun phrases and what they take ("de suporte", "com o alter ego X"); none when the first is a relation the
    subject is in ("alvo de uma ação": the action is a thing of its own)."""
    def first(c: Node) -> Lexeme | None:
        return next((w for w in walk(c) if isinstance(w, Lexeme) and w.lemma not in ("ou", "e", ",")), None)

    comps = list(clause.complements)
    phrases = [n for n in walk(comps[0]) if isinstance(n, Phrase) and n.kind is PhraseKind.NOUN_PHRASE] \
        if comps else []
    if not phrases or _head(phrases[0]) in ("alvo", "fonte", "dono", "controlador"):
        return []
    return [c for c in comps if (w := first(c)) is None or w.cls != "PREP" or w.lemma in ("de", "com")]


_PROCLITIC = frozenset({"o", "a", "os", "as"})


def proclitics_of(group: Phrase) -> list[Lexeme]:
    """The object pronouns written before the verb of a verb group ("e *o* coloque na base", "e *o* coloca em seus
    prêmios"): "o", "a", "os", "as" right before a finite or infinitive verb."""
    words = [p for p in group.parts if isinstance(p, Lexeme)]
    return [w for w, nxt in zip(words, words[1:], strict=False)
            if w.cls == "LIT" and w.word.lower() in _PROCLITIC and nxt.cls in ("VFIN", "VINF")]


def _chosen_x(node: Node | None) -> bool:
    """X inside an extra cost or a keyword prefix: the player chooses it when paying (rules 4.6.1)."""
    return node is not None and any(isinstance(n, Lexeme) and n.lemma == "x" for n in walk(node))


def _defines_x(sentence: Sentence) -> bool:
    clauses = sentence.body.clauses
    if not clauses or clauses[0].subject is None:
        return False
    first = next(iter(walk(clauses[0].subject)), None)
    words = [n for n in walk(clauses[0].subject) if isinstance(n, Lexeme)]
    return bool(words) and words[0].lemma == "x" and first is not None and clauses[0].procedure.value == "ser"


_CARD_LIKE = frozenset({"card", "habilidade", "suporte", "cenário", "personagem", "name"})
_COMPATIBLE = {
    "personagem": frozenset({"personagem", "herói", "vilão", "alvo", "name"}),
    "card": _CARD_LIKE,
    "suporte": frozenset({"suporte", "alvo", "name"}),
    "jogador": frozenset({"jogador", "oponente", "controlador", "dono"}),
    "dano": frozenset({"dano", "ponto"}),
}


# demonstratives that point at the event or procedure just described, not at a noun phrase
_EVENT_ANAPHORS = {
    "quantidade": "the amount of the triggering event (its damage, its cards)",
    "número": "the number counted by the triggering event or the previous procedure",
    "turno": "the turn in which the triggering event happened",
    "forma": "the way the previous sentence describes",
    "vez": "the time the triggering event happened",
}


# "este turno", "esta ação": what the demonstrative "este" names when it is not the card or its character
_THIS = {"turno": "this turn", "partida": "this match", "fase": "this phase", "etapa": "this step",
         "ação": "this action", "forma": "the way this effect describes"}


def _fits(head: str, ref: Referent) -> bool:
    """Can a reference with this head (a noun, "ele" for a pronoun, "" for a clitic) mean ``ref``?"""
    if head == "ele":
        return ref.head in _PERSONS
    if head == "":
        return ref.head in _PERSONS or ref.head in _CARD_LIKE
    return ref.head == head or ref.head in _COMPATIBLE.get(head, frozenset({head}))


def _bind_to_last(desc: str, span: Span, introduced: list[Referent], bindings: list[Binding],
                  unbound: list[Unbound], head: str = "", shown: Sequence[Referent] = (),
                  embedded: set[int] | None = None) -> None:
    """Bind an anaphor to the latest introduced thing it can mean (same or compatible kind).

    A pronoun with two equally fitting things introduced by the same clause is reported as
    ambiguous (it is still bound to the latest). With nothing fitting, a pronoun ("ele", "-o") means
    the card itself or the character it is on ("descarregue-o"); a demonstrative with a noun
    ("aquele personagem") stays unbound.
    """
    if head in _EVENT_ANAPHORS:
        bindings.append(Binding(desc, span, _EVENT_ANAPHORS[head]))
        return
    pronoun = head in ("ele", "")
    fitting = [ref for ref in reversed(introduced) if _fits(head, ref) and (pronoun or not ref.self_ref)]
    later = [ref for ref in reversed(shown) if _fits(head, ref)][:1] if head == "ele" else []
    if later and (not fitting or later[0].span.start > fitting[0].span.start):
        fitting = later                        # "ele": a demonstrative after what was introduced ("Toda vez que
        #                                        aquele personagem usar uma ação, X causa 1 ponto de dano a ele")
    if fitting:
        ref = fitting[0]
        if head == "" and embedded and ref.clause in embedded and not (ref.self_ref and ref.head == "card"):
            # a clitic: what a clause itself introduced, not a phrase inside its relative ("escolhe um card que o
            # personagem alvo ... estiver carregando e o coloca ..."); but the card the text is printed on stays
            # itself ("... que você controla estiver carregando este card, você pode colocá-lo ...")
            ref = next((r for r in fitting if r.clause not in embedded), ref)
        outer = next((r for r in fitting if r is not ref and r.span.start <= ref.span.start
                      and ref.span.end <= r.span.end), None)
        salient = next((r for r in fitting if r.clause == ref.clause and r.subject), None)
        same = next((r for r in fitting if r.head == head and r.clause == ref.clause), None)
        if not pronoun and ref.head != head and same is not None:
            ref = same            # "um ou mais cards de cenário com a Clarividência de uma ação ... aqueles cards":
            #                       the phrase of that very noun, not a merely compatible one later in its clause
        elif pronoun and outer is not None:
            ref = outer           # "Escolha um card que ... por um personagem ... e coloque-o": the whole phrase
        elif pronoun and salient is not None:
            ref = salient         # "Quando este card for descarregado de um personagem, coloque-o": the subject
        bindings.append(Binding(desc, span, ref.description, ref.span))
        rival = next((r for r in fitting if r is not ref and r.clause == ref.clause and r.head == ref.head
                      and not r.self_ref and not ref.self_ref), None)
        if rival is not None and head in ("ele", ""):
            # "Quando um personagem causar dano em um personagem, ele ...": either could be meant
            unbound.append(Unbound(desc, span, ambiguous=rival.description))
        return
    if head in ("ele", "") or desc.startswith("-"):
        bindings.append(Binding(desc, span, "this card"))
        return
    unbound.append(Unbound(desc, span))
