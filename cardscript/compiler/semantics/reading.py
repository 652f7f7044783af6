"""What the meaning of one paragraph is computed with: the card, the references the binder made, what has been
introduced so far (the slots), and the accounting of every word.

Accounting (``docs/semantics.md``, "nothing is silently dropped"): every rule that gives a word its meaning
*uses* it (:meth:`Reading.use`). When a clause is done, the words of the clause no rule used are reported
(:meth:`Reading.unused`): the clause is then not executable, with a diagnostic naming those words.

Discourse (principle 3, semantics.md section 3): a noun phrase that introduces something the engine will
know when the effect resolves (a target, a choice, what a search found, the cards moved, the subject of the
event that fired) registers a :class:`Referent` with the slot the procedure writes. A reference ("aquele
card", "-o", "ele", "o personagem escolhido") reads the slot of the referent the binder bound it to.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from cardscript.compiler.ast import Binding, Clause, Icon, Lexeme, Name, Node, Number, Symbol
from cardscript.compiler.ir import Condition, Count, Duration, Kind, Procedure, Ref, Selector
from cardscript.compiler.semantics.syntax import Leaf, leaves
from cardscript.core.source import Span

# the leaf classes themselves: a word of one of them is no stand-in for another (syntax.Retagged, AndOr)
_PLAIN = frozenset({Lexeme, Name, Icon, Number, Symbol})


class NotUnderstood(Exception):
    """A phrase no construction rule gives a meaning: the clause is not executable (with this reason)."""

    def __init__(self, message: str, node: Node | None = None, roles: str = "") -> None:
        super().__init__(message)
        self.node = node
        self.roles = roles


@dataclass
class Referent:
    """Something introduced earlier in the effect that references may point at."""

    slot: str
    kind: Kind
    span: Span
    head: str = ""
    selector: Selector | None = None     # what it stands for when it was introduced (for "outro", "os demais")
    node_span: Span | None = None        # the noun phrase's own node (the binder points at such nodes)
    plural: bool = False                 # introduced by a plural phrase ("todos os cards ...": not "ele")
    indefinite: bool = False             # "um jogador" in what a procedure does, with no slot: chosen when it resolves,
    #                                      and not remembered -- "aquele jogador" cannot read it
    noun: str = ""                       # its noun phrase's head ("card", "habilidade"): the gender pronouns agree with


@dataclass
class CardInfo:
    """The card whose text is being read."""

    name: str
    action_name: str = ""
    kind: str = ""                       # Personagem, Suporte, Cenário, Habilidade
    alter_ego: str = ""
    keyword: str = ""                    # the keyword whose meaning is read ("Potencializar"), if any


@dataclass
class Reading:
    """The state of the meaning of one block of text (a paragraph, or the whole action text)."""

    card: CardInfo
    bindings: dict[int, Binding]                       # by the reference's start offset
    in_action: bool = False
    referents: list[Referent] = field(default_factory=list)
    card_referents: list[Referent] = field(default_factory=list)   # "o personagem escolhido" from any paragraph
    targets: list[Selector] = field(default_factory=list)           # the action's targets (4.6.2 F)
    x: Count | None = None
    next_slot: int = 0
    used: set[int] = field(default_factory=set)
    event_kind: str = ""                               # the trigger's event, while reading its effect
    damage_lead: bool = False                          # a hypothetical lead about damage ("fosse receber dano")
    subject_stack: list[Selector] = field(default_factory=list)     # the latest subjects (for "e ganham ...")
    last_place: object = None                          # the latest area named ("dali": from there)
    trigger_span: Span | None = None                   # the trigger's clause (its participants are the event's)
    conjuncts: list[Selector] = field(default_factory=list)   # the phrases coordinated so far ("ambos")
    last_pair: tuple[Selector, ...] = ()       # the latest two things coordinated ("ambos os personagens")
    trigger_this_turn: bool = False       # the trigger's event happens "neste turno" (a generated trigger's time)
    or_damage_targets: Selector | None = None   # the destination of the option before "ou" when it dealt damage
    #                                             (read by the next clause only: "..., ou causa 2 pontos de dano")
    after_trigger_duration: Duration | None = None   # "Quando X, até o final do turno, ...": the effect's duration,
    #                                                  written after the event (read with the trigger's clause)
    trigger_conditions: list[Condition] = field(default_factory=list)   # what the trigger's event clause
    #                                  says must hold when it happens ("no mesmo turno em que este personagem entrou")
    last_affiliation: str | None = None                # the latest affiliation named ("esta afiliação")
    in_condition: int = 0                              # reading a condition (its phrases are checked, not chosen)
    np_depth: int = 0                                  # noun phrases being read (> 0: inside another one)
    pending: list[Procedure] = field(default_factory=list)   # choices the next procedure needs made first
    provisional_targets: set[int] = field(default_factory=set)   # "o alvo" of X's definition, read before the
    #                                  text: the text's "o personagem alvo" says its kind (nouns._the_target)
    counted: str = ""                                  # the slot of the cards a procedure last loaded or
                                                       # discarded ("aquele mesmo número de cards": that many)
    acted: dict[str, str] = field(default_factory=dict)   # by verb family: the slot of the cards a procedure of
    #                                  that family last acted on ("o card carregado (desta forma)": those cards)
    player_case: tuple[Selector, Selector] | None = None   # "um jogador" / "outro jogador" read as these two
    #                                  (damage_effects._player_cases: two different players, either way round)
    shared_of: object = None                           # a "de ..." the next conjunct shares (sentences._shared_of)

    # -- accounting -------------------------------------------------------------------------
    def use(self, *nodes: Node | None) -> None:
        """Mark words as given a meaning (a phrase: every word under it)."""
        for n in nodes:
            if n is None:
                continue
            for leaf in leaves(n):
                if type(leaf) in _PLAIN:
                    self.used.add(id(leaf))
                else:
                    self._mark(leaf)

    def use_all(self, items: Iterable[Leaf]) -> None:
        for leaf in items:
            self._mark(leaf)

    def _mark(self, leaf: Leaf) -> None:
        self.used.add(id(leaf))
        if type(leaf) in _PLAIN:
            return
        original = getattr(leaf, "original", None)         # a word read in another class (syntax.Retagged)
        if original is not None:
            self.used.add(id(original))
        for part in getattr(leaf, "parts", ()):              # "e/ou" read as one "ou" (syntax.AndOr)
            self.used.add(id(part))

    def is_used(self, leaf: Node) -> bool:
        return id(leaf) in self.used

    def unused(self, node: Node) -> list[Leaf]:
        """The words under ``node`` that no rule used (punctuation that carries no meaning excepted)."""
        out: list[Leaf] = []
        for leaf in leaves(node):
            if id(leaf) in self.used:
                continue
            text = getattr(leaf, "text", None)
            if text in (",", "(", ")", ".", ":", '"') or (isinstance(leaf, Lexeme) and leaf.word in (",",)):
                continue
            out.append(leaf)
        return out

    # -- slots and referents ----------------------------------------------------------------
    def new_slot(self, card_level: bool = False) -> str:
        n = self.next_slot
        self.next_slot += 1
        return f"card:{n}" if card_level else f"intro:{n}"

    def introduce(self, slot: str, kind: Kind, span: Span, head: str = "", selector: Selector | None = None,
                  card_level: bool = False, node_span: Span | None = None, plural: bool = False,
                  noun: str = "") -> Referent:
        ref = Referent(slot, kind, span, head, selector, node_span, plural, noun=noun)
        self.referents.append(ref)
        if card_level:
            self.card_referents.append(ref)
        return ref

    def referent_at(self, span: Span, fits: tuple[Kind, ...] | None = None, named: bool = False) -> Referent | None:
        """The referent the binder's target ``span`` names: one whose own noun phrase is that node (a slot
        written by a procedure first), else the smallest one of a fitting kind whose phrase covers it. ``named``:
        the demonstrative's noun is a name ("aquele Homem-Aranha"), which picks its participant itself."""
        pool = [*self.card_referents, *self.referents]
        exact = [r for r in pool if r.node_span == span and (fits is None or r.kind in fits)]
        if exact:
            with_slot = [r for r in exact if r.slot]
            found = (with_slot or exact)[-1]
            return found if named else self._subject_first(found, fits)
        best: Referent | None = None
        for r in pool:
            if fits is not None and r.kind not in fits:
                continue
            if r.span.start <= span.start and span.end <= r.span.end and (
                    best is None or (r.span.end - r.span.start) < (best.span.end - best.span.start) or (
                        (r.span.end - r.span.start) == (best.span.end - best.span.start) and r.slot)):
                best = r
        if best is None or named:
            return best
        return self._subject_first(best, fits)

    def _subject_first(self, found: Referent, fits: tuple[Kind, ...] | None) -> Referent:
        """A demonstrative about a participant of the trigger's event other than its subject ("Toda vez que um
        personagem ... usar uma ação que tenha um personagem ... como alvo, ... aquele personagem"): the event's
        subject, when it fits, is what it refers to (the most prominent participant)."""
        subject = next((x for x in self.referents if x.slot == "event:subject"), None)
        if subject is None or found is subject or self.trigger_span is None or found.head == "event_adjunct":
            return found                  # ("tendo como alvo um personagem ...": a participant of its own)
        if subject.selector is not None and subject.selector.ref in (Ref.THIS_CARD, Ref.THIS_CHARACTER):
            return found                  # "aquele personagem" is never "este personagem"
        if found.selector is not None and found.selector.ref in (Ref.THIS_CARD, Ref.THIS_CHARACTER):
            return found                  # bound to "este personagem" ("Se este personagem nocautear um personagem
            #                               ..., capacite-o"): this character, not the event's subject
        inside = self.trigger_span.start <= found.span.start and found.span.end <= self.trigger_span.end
        if inside and (fits is None or subject.kind in fits) and found.kind == subject.kind:
            return subject
        return found

    def by_slot(self, slot: str) -> Referent | None:
        return next((x for x in reversed([*self.card_referents, *self.referents]) if x.slot == slot), None)

    def binding(self, node: Node) -> Binding | None:
        span = getattr(node, "span", None)
        if span is None:
            return None
        return self.bindings.get(span.start)


def clause_problem(clause: Clause, reading: Reading) -> str:
    """The words of a clause no rule used, quoted ("" when every word has its meaning)."""
    missing = reading.unused(clause)
    return " ".join(_word(x) for x in missing)


def _word(leaf: Leaf) -> str:
    if isinstance(leaf, Lexeme):
        return leaf.word
    text = getattr(leaf, "text", None)
    if text is not None:
        return str(text)
    code = getattr(leaf, "code", None)
    if code is not None:
        return "{" + str(code) + "}"
    return str(getattr(leaf, "value", "?"))
