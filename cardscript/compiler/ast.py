"""The AST of card text: immutable, typed, every node with a source span.

The tree keeps the grammar's phrase structure (so the canonical text can be rendered back from it)
and adds meaning where the compiler gives it: a clause knows the procedure its verb names
(:class:`Procedure`), a noun phrase its game object, a lead whether it is a trigger, a condition or
an activation window. Words are :class:`Lexeme` objects from the closed lexicon (a lemma and a form,
never a slice of source text) or :class:`Name` objects (the open vocabulary).

Procedures are the Effects Tree's pause points (rules 9.1.1): a sentence's clauses, in order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from cardscript.core.source import Span


@dataclass(frozen=True)
class Node:
    span: Span

    def __getstate__(self) -> dict[str, object]:
        """The fields only: what ``compiler/walks.py`` keeps on a node (its walks) is not pickled."""
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_")}


@dataclass(frozen=True)
class Lexeme(Node):
    """A word of the closed lexicon: its class (grammar terminal), lemma and canonical spelling."""

    cls: str
    lemma: str
    word: str

    def __init__(self, span: Span, cls: str, lemma: str, word: str) -> None:
        # the frozen dataclass's __init__ in one step (every word of every paragraph is one: issue 12); a subclass
        # with fields of its own gets the dataclass's
        d = self.__dict__
        d["span"] = span
        d["cls"] = cls
        d["lemma"] = lemma
        d["word"] = word


@dataclass(frozen=True)
class Name(Node):
    """An open-vocabulary name: a card, action, alter ego or affiliation (``kinds`` as known)."""

    text: str
    kinds: tuple[str, ...] = ()

    def __init__(self, span: Span, text: str, kinds: tuple[str, ...] = ()) -> None:
        d = self.__dict__                  # in one step, as Lexeme's
        d["span"] = span
        d["text"] = text
        d["kinds"] = kinds


@dataclass(frozen=True)
class Icon(Node):
    """A printed icon: a power code (``AG``...) or a cost/stage (``0`` ``1`` ``2`` ``X``)."""

    code: str

    def __init__(self, span: Span, code: str) -> None:
        d = self.__dict__                  # in one step, as Lexeme's
        d["span"] = span
        d["code"] = code


@dataclass(frozen=True)
class Number(Node):
    value: int
    spelled: str = ""              # the lexicon word when spelled out ("dois", "duas"), agreeing in gender

    def __init__(self, span: Span, value: int, spelled: str = "") -> None:
        d = self.__dict__                  # in one step, as Lexeme's
        d["span"] = span
        d["value"] = value
        d["spelled"] = spelled


@dataclass(frozen=True)
class Symbol(Node):
    """Punctuation and operators that carry meaning: ``+ - = , : ( )``."""

    text: str

    def __init__(self, span: Span, text: str) -> None:
        d = self.__dict__                  # in one step, as Lexeme's
        d["span"] = span
        d["text"] = text


class PhraseKind(StrEnum):
    """The phrase structure of controlled Portuguese, one kind per grammar rule."""

    NOUN_PHRASE = "np"                 # determiners, head, adjectives, participle: a game object
    CHUNK = "chunk"                    # a complement: np, prepositional phrase, adverb, operator
    COORDINATED = "coordinated"        # "e"/"ou"/"nem"/"," + chunk
    RELATIVE = "relative"              # "que ..." / "se ..." / "a não ser que ..." / "desde que ..."
    PARENTHETICAL = "paren"            # "(o personagem que usou esta ação)"
    VERB_GROUP = "verb_group"          # auxiliaries, main verb, clitic
    SUBJECT = "subject"
    TRIGGER = "trigger"                # rules 5.2: "Quando ...", "Toda vez que ..."
    CONDITION = "condition"            # "Se ...", "Enquanto ..."
    IF_DONE = "if_done"                # "Se o fizer," (depends on an optional step)
    THEN = "then"                      # "Então"
    WINDOW = "window"                  # activation window / duration: "Durante sua Fase de Preparação"
    JOINER = "joiner"                  # between clauses: "," "e" "e então"
    KEYWORD = "keyword"                # a keyword with its value and arguments (rules 7)
    KEYWORD_PREFIX = "keyword_prefix"  # "Energia Cósmica 2 -", "Clarividência 2 -"
    COST = "cost"                      # extra costs before ":" (rules 4.6.1)


Part = "Lexeme | Name | Icon | Number | Symbol | Phrase | Clause"


@dataclass(frozen=True)
class Phrase(Node):
    kind: PhraseKind
    parts: tuple[Node, ...]

    def __init__(self, span: Span, kind: PhraseKind, parts: tuple[Node, ...]) -> None:
        d = self.__dict__                  # in one step, as Lexeme's
        d["span"] = span
        d["kind"] = kind
        d["parts"] = parts


class Procedure(StrEnum):
    """What a clause does, from its main verb (rules 4, 9.1.1: one procedure, one pause point)."""

    DRAW = "comprar"
    DISCARD = "descartar"
    LOAD = "carregar"
    UNLOAD = "descarregar"
    INCAPACITATE = "incapacitar"
    CAPACITATE = "capacitar"
    PUT = "colocar"
    SEARCH = "procurar"
    REVEAL = "revelar"
    SHUFFLE = "embaralhar"
    CHOOSE = "escolher"
    LOOK = "olhar"
    SET_ASIDE = "separar"              # Clarividência: "separe os N cards do topo de seu deck"
    SWAP = "permutar"
    RETURN = "devolver"
    DAMAGE = "causar"
    RECEIVE = "receber"
    GAIN = "ganhar"
    LOSE = "perder"
    BECOME = "tornar-se"
    USE = "usar"
    ENTER = "entrar"
    LEAVE = "sair"
    CONTROL = "controlar"
    BE = "ser"
    BE_STATE = "estar"
    HAVE = "ter"
    EXIST = "haver"
    DO = "fazer"
    COUNT_AS = "contar"
    COST = "custar"
    KNOCK_OUT = "nocautear"
    DESTROY = "destruir"
    REDIRECT = "redirecionar"
    PLAY = "jogar"
    PAY = "pagar"
    NAME = "nomear"
    OTHER = "other"


@dataclass(frozen=True)
class Clause(Node):
    """One clause: an optional subject, a verb group and complements; ``procedure`` is its meaning.

    ``optional`` marks "você pode ..." (a choice of the controller, principle 8); ``modal`` keeps
    "pode"/"não pode" of statics.
    """

    subject: Phrase | None
    verb: Phrase
    complements: tuple[Node, ...]
    procedure: Procedure
    negated: bool = False
    optional: bool = False
    fronted: tuple[Node, ...] = ()     # complements printed before the subject ("ao invés disso você pode")

    def __init__(self, span: Span, subject: Phrase | None, verb: Phrase, complements: tuple[Node, ...],
                 procedure: Procedure, negated: bool = False, optional: bool = False,
                 fronted: tuple[Node, ...] = ()) -> None:
        d = self.__dict__                  # in one step, as Lexeme's
        d["span"] = span
        d["subject"] = subject
        d["verb"] = verb
        d["complements"] = complements
        d["procedure"] = procedure
        d["negated"] = negated
        d["optional"] = optional
        d["fronted"] = fronted


@dataclass(frozen=True)
class ClauseSeq(Node):
    """Clauses in printed order, each preceded by its leads (triggers, conditions, windows, "então")
    and separated by joiners; a lead applies to the clause after it. A condition after the last
    joiner (``..., se o alvo for um vilão``) is a trailing condition on what comes before it.
    """

    items: tuple[Node, ...]

    @property
    def leads(self) -> tuple[Phrase, ...]:
        return tuple(i for i in self.items if isinstance(i, Phrase) and i.kind is not PhraseKind.JOINER)

    @property
    def clauses(self) -> tuple[Clause, ...]:
        return tuple(i for i in self.items if isinstance(i, Clause))

    @property
    def joiners(self) -> tuple[Phrase, ...]:
        return tuple(i for i in self.items if isinstance(i, Phrase) and i.kind is PhraseKind.JOINER)


@dataclass(frozen=True)
class Sentence(Node):
    """One sentence; ``cost`` holds extra costs printed before it and a ``:`` (rules 4.6.1)."""

    body: ClauseSeq
    cost: ClauseSeq | None = None
    period: bool = True              # False: printed without its period, at the end of its paragraph


@dataclass(frozen=True)
class KeywordLine(Node):
    """A keyword paragraph: ``Pelotão.``, ``Liderar {1} - afiliação Vingadores.`` (rules 7)."""

    keyword: str
    value: Node | None               # a number or icon; a COORDINATED phrase for a choice ("{1} ou {2}")
    arguments: tuple[Node, ...]
    reminder: Phrase | None
    period: bool = True              # False: printed without its period, at the end of its paragraph


@dataclass(frozen=True)
class EffectParagraph(Node):
    """A paragraph of effects: keyword lines or a keyword prefix, then sentences (each with its costs)."""

    keyword_prefix: Phrase | None
    sentences: tuple[Sentence, ...]
    keyword_lines: tuple[KeywordLine, ...] = ()


Paragraph = KeywordLine | EffectParagraph


@dataclass(frozen=True)
class Binding:
    """A reference bound by the compiler: the words, and what they mean (principle 3)."""

    reference: str
    span: Span
    target: str
    target_span: Span | None = None


@dataclass(frozen=True)
class TextBlock:
    """The paragraphs of the permanent text or of the action, with their bindings."""

    paragraphs: tuple[Paragraph, ...]
    bindings: tuple[Binding, ...] = field(default_factory=tuple)
