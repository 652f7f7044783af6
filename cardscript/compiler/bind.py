"""Reference binding (principle 3): every anaphor in an effect is bound at compile time.

Within one paragraph, walking its words in order, the binder keeps what the effect has introduced
so far: noun phrases with an indefinite or quantified determiner (``um card``, ``até dois cards``),
the action's target (``alvo``), chosen things (``escolhido``), and the card itself (``este``). Then:

* ``este/esta/estes/estas ...`` -> the card that has the text (or the character carrying it);
* ``o alvo`` / ``alvo`` -> the action's target (only meaningful in an action, or a targeted effect);
* ``aquele/aquela(s) ...``, ``-o/-a/-os/-as``, ``ele/ela`` -> the most recent introduced thing, of a
  matching kind when a noun is given;
* ``X`` -> needs ``X é (igual a) ...`` in the same text, or a cost of {X}.

An anaphor with nothing to refer to is a CS200 diagnostic. The bindings are recorded for
``cardscript explain``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from cardscript.compiler.ast import (
    Binding,
    Clause,
    ClauseSeq,
    EffectParagraph,
    KeywordLine,
    Lexeme,
    Name,
    Node,
    Paragraph,
    Phrase,
    PhraseKind,
    Sentence,
)
from cardscript.compiler.source import Span

_ANAPHORIC_DET = frozenset({"aquele", "esse"})
_PERSONS = frozenset({"personagem", "herói", "vilão", "jogador", "oponente", "suporte", "name", "alvo", "você"})
_PRONOUNS = frozenset({"ele", "-o", "-a", "-os", "-as", "-lo", "-la", "-los", "-las", "ambos"})


@dataclass(frozen=True)
class Referent:
    description: str
    span: Span
    head: str


@dataclass(frozen=True)
class Unbound:
    reference: str
    span: Span


def walk(node: Node) -> Iterator[Node]:
    """Every node under ``node`` (itself first), in printed order."""
    yield node
    if isinstance(node, Phrase):
        for p in node.parts:
            yield from walk(p)
    elif isinstance(node, Clause):
        for f in node.fronted:
            yield from walk(f)
        if node.subject is not None:
            yield from walk(node.subject)
        yield from walk(node.verb)
        for c in node.complements:
            yield from walk(c)
    elif isinstance(node, ClauseSeq):
        for item in node.items:
            yield from walk(item)
    elif isinstance(node, Sentence):
        if node.cost is not None:
            yield from walk(node.cost)
        yield from walk(node.body)
    elif isinstance(node, EffectParagraph):
        for k in node.keyword_lines:
            yield from walk(k)
        if node.keyword_prefix is not None:
            yield from walk(node.keyword_prefix)
        for s in node.sentences:
            yield from walk(s)
    elif isinstance(node, KeywordLine):
        if node.value is not None:
            yield from walk(node.value)
        for a in node.arguments:
            yield from walk(a)
        if node.reminder is not None:
            yield from walk(node.reminder)


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
            return "name"
    return ""


def bind_paragraphs(paragraphs: tuple[Paragraph, ...], in_action: bool,
                    card_name: str, x_defined_by_cost: bool) -> tuple[list[Binding], list[Unbound]]:
    """Bind the references of a block's paragraphs; return the bindings and what stayed unbound."""
    bindings: list[Binding] = []
    unbound: list[Unbound] = []
    x_uses: list[Span] = []
    x_defined = x_defined_by_cost
    for para in paragraphs:
        introduced: list[Referent] = []
        for node in walk(para):
            if isinstance(node, Sentence) and _defines_x(node):
                x_defined = True
            if isinstance(node, Lexeme) and node.lemma == "x" and node.cls == "LIT":
                x_uses.append(node.span)
            if not (isinstance(node, Phrase) and node.kind is PhraseKind.NOUN_PHRASE):
                if isinstance(node, Lexeme) and node.cls == "CLITIC" and node.lemma in _PRONOUNS:
                    _bind_to_last(node.word, node.span, introduced, bindings, unbound)
                continue
            dets = [p for p in node.parts if isinstance(p, Lexeme) and p.cls == "DET"]
            det = dets[0].lemma if dets else ""
            head = _head(node)
            desc = _describe(node)
            if det == "este":
                target = card_name if head in ("card", "cenário", "suporte") else f"the character with {card_name}"
                bindings.append(Binding(desc, node.span, target))
            elif head == "alvo" and det in ("o", ""):
                bindings.append(Binding(desc, node.span, "the action's target" if in_action else "the target"))
            elif det in _ANAPHORIC_DET or (head == "ele" and not dets):
                _bind_to_last(desc, node.span, introduced, bindings, unbound, head)
            elif head and head != "ele":
                # an introduction: "um card", "até dois cards", "cada personagem", "o personagem escolhido"
                introduced.append(Referent(desc, node.span, head))
    if x_uses and not x_defined:
        unbound.extend(Unbound("X", s) for s in x_uses[:1])
    return bindings, unbound


def _defines_x(sentence: Sentence) -> bool:
    clauses = sentence.body.clauses
    if not clauses or clauses[0].subject is None:
        return False
    first = next(iter(walk(clauses[0].subject)), None)
    words = [n for n in walk(clauses[0].subject) if isinstance(n, Lexeme)]
    return bool(words) and words[0].lemma == "x" and first is not None and clauses[0].procedure.value == "ser"


def _bind_to_last(desc: str, span: Span, introduced: list[Referent], bindings: list[Binding],
                  unbound: list[Unbound], head: str = "") -> None:
    if head == "quantidade":
        bindings.append(Binding(desc, span, "the amount of damage of the triggering event"))
        return
    for ref in reversed(introduced):
        if head == "ele" and ref.head not in _PERSONS:
            continue
        if not head or head in ("ele", "name") or ref.head in ("", head, "name") or ref.head == "card":
            bindings.append(Binding(desc, span, ref.description, ref.span))
            return
    if introduced:
        ref = introduced[-1]
        bindings.append(Binding(desc, span, ref.description, ref.span))
        return
    # "ele"/"-o" with nothing introduced in this paragraph: the card itself ("descarregue-o")
    if head in ("ele",) or desc.startswith("-"):
        bindings.append(Binding(desc, span, "this card"))
        return
    unbound.append(Unbound(desc, span))
