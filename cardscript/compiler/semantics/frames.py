"""Verb frames as data: for each verb lemma, the family of meaning it makes and which complement fills
which role (``docs/semantics.md``, "the frame table").

A role has a *position* -- ``subject``, ``object`` (a bare noun phrase or a clitic after the verb) or a
preposition ("em", "de", "por", "para", "com", "entre", "a", "como"...) -- and the classes of noun phrase
it accepts (``vocabulary.head_class``: thing, player, action, zone, damage, amount, attribute, stage,
time, phase, keyword; empty: any). ``syntax`` uses the roles to decide where a prepositional phrase
attaches; ``clauses`` gives each filled role its meaning and builds the family's procedure, event,
condition or filter from them.

Every frame also takes the *adjuncts* of time that any clause may carry ("até o final do turno", "neste
turno", "durante sua Fase de Preparação", "desde o início do turno", "após aquela ação"...): those are
roles of every frame (:data:`ADJUNCTS`).

Adding a verb: give it a lexicon entry (``grammar/lexicon.py``), a frame here, and -- if its family is
new -- a builder in ``clauses`` and a handler in ``runtime/handlers/`` (``docs/semantics.md``, "how to add
a verb").
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass(frozen=True)
class Role:
    name: str                             # what the role means to the family's builder
    position: str                         # "subject", "object" or a preposition
    accepts: frozenset[str] = frozenset()  # head classes accepted (empty: any)


@dataclass(frozen=True)
class Frame:
    lemma: str
    family: str                           # the builder (clauses.BUILDERS) and the IR family it makes
    roles: tuple[Role, ...]
    object_gap: bool = True               # a relative with its own subject relativises the object ("que você controla")
    takes_adverbs: bool = False

    def role(self, name: str) -> Role | None:
        return next((r for r in self.roles if r.name == name or r.position == name), None)

    def roles_at(self, position: str) -> tuple[Role, ...]:
        return tuple(r for r in self.roles if r.position == position)


def _r(name: str, position: str, *accepts: str) -> Role:
    """A role; ``accepts`` "" (or nothing): any class."""
    return Role(name, position, frozenset(a for a in accepts if a))


# time adjuncts any clause may carry (their meaning: clauses.adjunct)
ADJUNCTS: tuple[Role, ...] = (
    _r("until", "até", "time"),
    _r("during", "durante", "time", "phase"),
    _r("when", "em", "time"),
    _r("since", "desde", "time"),
    _r("after", "após", "action", "time", "thing"),
    _r("after", "depois", "action", "time"),
    _r("per_turn", "por", "time"),
    _r("besides", "além", ""),
    _r("because", "devido", ""),
    _r("instead", "a", "instead"),
    _r("under", "sob", ""),                # "sob seu controle" (builders read it)
    _r("per", "para", "each"),             # "para cada <x>": the clause's amount is multiplied (builders read it)
    _r("agent", "por", "thing", "player", "action"),   # a passive's agent: "for usada por um oponente"
)

_THING = ("thing",)
_CARDS = ("thing", "amount")


def _f(lemma: str, family: str, *roles: Role, object_gap: bool = True, adverbs: bool = False) -> Frame:
    return Frame(lemma, family, (*roles, *ADJUNCTS), object_gap, adverbs)


FRAMES: dict[str, Frame] = {f.lemma: f for f in (
    # procedures (rules 4, 9.1.1)
    _f("causar", "damage", _r("source", "subject"), _r("amount", "object", "damage", "amount"),
       _r("targets", "em", "thing"), _r("targets", "a", "thing"), _r("targets", "para", "thing"),
       _r("among", "entre", "thing")),
    _f("colocar", "move", _r("who", "subject"), _r("cards", "object", *_CARDS),
       _r("destination", "em", "zone", "attribute", "thing"), _r("back", "de", ""), _r("as_if", "como"),
       adverbs=True),
    _f("recolocar", "move", _r("who", "subject"), _r("cards", "object", *_CARDS), _r("destination", "em", "zone")),
    _f("devolver", "move", _r("who", "subject"), _r("cards", "object", *_CARDS), _r("destination", "para", "zone"),
       _r("destination", "a", "zone"), _r("destination", "em", "zone")),
    _f("carregar", "load", _r("who", "subject"), _r("cards", "object", *_CARDS), _r("onto", "em", "thing"),
       _r("with", "com", "thing"), _r("origin", "de", "zone")),
    _f("descarregar", "unload", _r("who", "subject"), _r("cards", "object", *_CARDS), _r("origin", "de", "thing"),
       _r("agent", "por", "action", "thing", "player")),
    _f("incapacitar", "stage", _r("who", "subject"), _r("targets", "object", "thing"),
       _r("stages", "em", "stage", "amount")),
    _f("capacitar", "stage", _r("who", "subject"), _r("targets", "object", "thing"),
       _r("stages", "em", "stage", "amount")),
    _f("nocautear", "knock_out", _r("who", "subject"), _r("targets", "object", "thing")),
    _f("destruir", "knock_out", _r("who", "subject"), _r("targets", "object", "thing")),
    _f("substituir", "replace_scenario", _r("new", "subject"), _r("old", "object", "thing")),
    _f("comprar", "draw", _r("who", "subject"), _r("amount", "object", *_CARDS), _r("origin", "de", "zone")),
    _f("descartar", "discard", _r("who", "subject"), _r("cards", "object", *_CARDS), _r("origin", "de", "zone")),
    _f("procurar", "search", _r("who", "subject"), _r("zones", "em", "zone"), _r("what", "por", "thing"),
       _r("there", "object", "zone"),
       _r("among", "entre", "thing")),
    _f("revelar", "reveal", _r("who", "subject"), _r("cards", "object", *_CARDS), _r("in", "em", "action"),
       _r("with", "com", "keyword", "thing")),
    _f("olhar", "look", _r("who", "subject"), _r("cards", "object", *_CARDS)),
    _f("separar", "set_aside", _r("who", "subject"), _r("cards", "object", *_CARDS)),
    _f("embaralhar", "shuffle", _r("who", "subject"), _r("cards", "object", "zone", "thing"),
       _r("into", "em", "zone")),
    _f("escolher", "choose", _r("who", "subject"), _r("what", "object"), _r("among", "entre", "thing", "zone"),
       _r("among", "dentre", "thing", "zone")),
    _f("nomear", "choose", _r("who", "subject"), _r("what", "object")),
    _f("permutar", "swap", _r("who", "subject"), _r("cards", "object", *_CARDS), _r("other", "por", "thing"),
       _r("between", "entre", "thing")),
    _f("redirecionar", "redirect", _r("who", "subject"), _r("what", "object", "damage"), _r("to", "para", "thing")),
    _f("redistribuir", "redistribute", _r("who", "subject"), _r("cards", "object", *_CARDS),
       _r("destination", "em", "zone")),
    # characteristics and rules (5.4)
    _f("ganhar", "gain", _r("targets", "subject"), _r("what", "object")),
    _f("perder", "lose", _r("targets", "subject"), _r("what", "object")),
    _f("tornar-se", "become", _r("subject", "subject"), _r("predicate", "object")),
    _f("usar", "use", _r("user", "subject"), _r("action", "object", "action", "thing", "amount"),
       _r("target", "em", "thing"), _r("target", "contra", "thing")),
    _f("aplicar", "apply", _r("who", "subject"), _r("what", "object")),
    _f("custar", "cost", _r("action", "subject"), _r("value", "object", "stage", "amount"), _r("less", "a", "")),
    _f("jogar", "play", _r("who", "subject"), _r("with", "com", "zone", "thing"), _r("turn", "object", "time")),
    _f("aumentar", "change_amount", _r("what", "subject"), _r("by", "em", "thing", "amount")),
    _f("diminuir", "change_amount", _r("what", "subject"), _r("by", "em", "thing", "amount")),
    _f("reduzir", "reduce", _r("what", "object"), _r("to", "para", "amount", "damage")),
    _f("contar", "count_as", _r("subject", "subject"), _r("as", "como")),
    _f("fazer", "make", _r("who", "subject")),
    _f("pagar", "pay", _r("who", "subject"), _r("what", "object")),
    _f("executar", "perform", _r("who", "subject"), _r("phase", "object")),
    # events and states (5.2 triggers, conditions, relatives)
    _f("entrar", "enter", _r("subject", "subject", "thing"), _r("zone", "em", "zone"), _r("under", "sob", "")),
    _f("sair", "leave", _r("subject", "subject", "thing"), _r("zone", "de", "zone")),
    _f("receber", "receive", _r("subject", "subject"), _r("damage", "object", "damage", "amount"),
       _r("source", "de", "thing", "action", "player", "")),
    _f("sofrer", "receive", _r("subject", "subject"), _r("damage", "object", "damage", "amount"),
       _r("source", "de", "thing", "action", "player", "")),
    _f("controlar", "control", _r("controller", "subject"), _r("things", "object", "thing", "amount")),
    _f("derrotar", "defeat", _r("who", "subject"), _r("things", "object", "thing")),
    _f("ser", "be", _r("subject", "subject"), _r("predicate", "object"), _r("of", "de", "attribute", "thing")),
    _f("estar", "state", _r("subject", "subject"), _r("predicate", "object"), _r("where", "em", "zone", "attribute"),
       _r("with", "com", "attribute", "amount")),
    _f("encontrar", "state", _r("subject", "subject"), _r("where", "em", "zone", "attribute")),
    _f("ter", "have", _r("subject", "subject"), _r("what", "object"), _r("as", "como", "thing"),
       _r("in_common", "em", "")),
    _f("haver", "exist", _r("what", "object"), _r("where", "em", "zone"), _r("among", "entre", "zone", "player")),
    _f("chamar", "named", _r("subject", "subject"), _r("name", "object")),
    _f("arredondar", "round", _r("direction", "para", "")),
    # a keyword's own verb, in its meaning ("que não tenha sido potencializado neste turno", Potencializar)
    _f("potencializar", "keyword_mark", _r("who", "subject"), _r("targets", "object", "thing")),
)}


CORE_FRAMES: dict[str, Frame] = FRAMES
"""The core's frames (the default game reads with these alone)."""


def frame(lemma: str, family: str, *roles: Role, object_gap: bool = True, adverbs: bool = False) -> Frame:
    """A frame with the time adjuncts every clause may carry (for a game pack's own frames)."""
    return _f(lemma, family, *roles, object_gap=object_gap, adverbs=adverbs)


def role(name: str, position: str, *accepts: str) -> Role:
    """A role of a frame: ``position`` "subject", "object" or a preposition; ``accepts`` the head classes."""
    return _r(name, position, *accepts)


@contextmanager
def using(overlay: Mapping[str, Frame]) -> Iterator[None]:
    """Read with a game's frames inside the block (issue 14): ``overlay`` adds frames for the game's own lemmas and
    replaces those whose meaning is the game's ("perde 1 de Fé"); the core's frames are back outside. The rules
    read the table as ``frames.FRAMES``, so the swap reaches them all."""
    global FRAMES
    before = FRAMES
    FRAMES = {**before, **overlay}
    try:
        yield
    finally:
        FRAMES = before
