"""Lowering: a compiled card (header + AST + bindings) -> the engine's :class:`CardDef` of effect objects.

The header gives the characteristics (rules 2); the action block gives an :class:`ActionDef` (4.6.1:
cost, power, types, keyword prefix, extra costs, modes, targets); every paragraph of the permanent
text gives one or more :class:`Effect` (rules 5): keyword lines (5.6), triggered (5.2: "Quando ...",
"Toda vez que ...", "No início de ..."), activated (5.1: "Durante sua Fase de Preparação, uma vez por
turno, você pode ..."), damage modifiers (5.3, 4.8.3) and statics (5.4).

Clauses are lowered by their structure: the procedure their verb names (``Clause.procedure``) and
their complements read as a flat stream of items (noun phrases, prepositions, relative clauses,
operators), never by matching whole sentences. Each clause becomes one :class:`Procedure` (9.1.1).
What the lowering cannot express becomes an :class:`Unsupported` procedure (or an ``EffectKind.UNSUPPORTED``
effect) carrying the text, so that ``explain`` and ``corpus`` report it: nothing is silently skipped.

What a procedure introduces ("aquele card", "o personagem escolhido") is a slot of the resolution's environment
(``ir/core.py``): the N-th thing introduced in a paragraph is the slot ``intro:N``, except what a permanent text
chooses first, which its card remembers for its other texts (``card:0``); the subject of the event that fired a
trigger is ``event:subject``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from cardscript.compiler.ast import (
    Binding,
    Clause,
    ClauseSeq,
    EffectParagraph,
    Icon,
    KeywordLine,
    Lexeme,
    Name,
    Node,
    Number,
    Paragraph,
    Phrase,
    PhraseKind,
    Sentence,
    Symbol,
    TextBlock,
)
from cardscript.compiler.ast import Procedure as Verb
from cardscript.compiler.bind import walk
from cardscript.compiler.expand import KeywordUse
from cardscript.compiler.header import CardFileRaw
from cardscript.compiler.ir import (
    ActionDef,
    Allow,
    CardDef,
    ChangeAction,
    ChangeStage,
    Choose,
    Condition,
    Count,
    Damage,
    Discard,
    Draw,
    Duration,
    Effect,
    EffectKind,
    EventPattern,
    ExtraAction,
    ExtraDraw,
    Filter,
    Gain,
    Generate,
    Kind,
    Load,
    Look,
    Lose,
    ModifyDamage,
    Move,
    Procedure,
    Quantity,
    Redirect,
    Ref,
    Replace,
    Restrict,
    Reveal,
    Search,
    Selector,
    SetCost,
    SetShield,
    Shuffle,
    SuppressText,
    Unload,
    Unsupported,
)
from cardscript.compiler.lower_rules import lower_rule_static
from cardscript.compiler.pipeline import CompiledCard
from cardscript.compiler.prelude import Usage
from cardscript.compiler.render import render_node
from cardscript.compiler.vocabulary import ActionType
from cardscript.grammar.normalize import fold_text

__all__ = ["LoweringError", "lower_card", "lower_paragraph"]


class LoweringError(Exception):
    """A clause the lowering cannot express; caught per clause and kept as an :class:`Unsupported` procedure."""


# ---------------------------------------------------------------------------------------------
# the complement stream


@dataclass(frozen=True)
class NP:
    """A noun phrase's words, by class."""

    node: Phrase
    dets: tuple[str, ...] = ()
    nouns: tuple[str, ...] = ()
    adjs: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    icons: tuple[str, ...] = ()
    nums: tuple[int, ...] = ()
    lits: tuple[str, ...] = ()
    vparts: tuple[str, ...] = ()
    prons: tuple[str, ...] = ()

    @property
    def head(self) -> str:
        if self.nouns:
            return self.nouns[0]
        if self.prons:
            return self.prons[0]
        return ""


@dataclass(frozen=True)
class W:
    """A word outside a noun phrase (preposition, literal, adverb, verb form...)."""

    cls: str
    lemma: str


@dataclass(frozen=True)
class Rel:
    """A relative or embedded clause ("que você controla", "com que este suporte cause")."""

    clause: Clause


@dataclass(frozen=True)
class Sy:
    text: str


Item = NP | W | Rel | Sy


def _np(phrase: Phrase) -> NP:
    acc: dict[str, list[object]] = {k: [] for k in ("dets", "nouns", "adjs", "names", "icons", "nums", "lits",
                                                   "vparts", "prons")}

    def visit(n: Node) -> None:
        if isinstance(n, Lexeme):
            key = {"DET": "dets", "NOUN": "nouns", "ADJ": "adjs", "VPART": "vparts", "PRON": "prons"}.get(n.cls, "lits")
            acc[key].append(n.lemma)
        elif isinstance(n, Name):
            acc["names"].append(n.text)
        elif isinstance(n, Icon):
            acc["icons"].append(n.code)
        elif isinstance(n, Number):
            acc["nums"].append(n.value)
        elif isinstance(n, Phrase):
            for p in n.parts:
                visit(p)

    for p in phrase.parts:
        visit(p)
    return NP(phrase, **{k: tuple(v) for k, v in acc.items()})  # type: ignore[arg-type]


def flatten(nodes: Iterable[Node]) -> list[Item]:
    """Complements as a flat stream of items, in printed order."""
    out: list[Item] = []
    for n in nodes:
        if isinstance(n, Phrase):
            if n.kind is PhraseKind.NOUN_PHRASE:
                out.append(_np(n))
            else:
                out.extend(flatten(n.parts))
        elif isinstance(n, Clause):
            out.append(Rel(n))
        elif isinstance(n, Lexeme):
            out.append(W(n.cls, n.lemma))
        elif isinstance(n, Symbol):
            out.append(Sy(n.text))
        elif isinstance(n, Name):
            out.append(NP(Phrase(n.span, PhraseKind.NOUN_PHRASE, (n,)), names=(n.text,)))
        elif isinstance(n, Icon):
            out.append(NP(Phrase(n.span, PhraseKind.NOUN_PHRASE, (n,)), icons=(n.code,)))
        elif isinstance(n, Number):
            out.append(NP(Phrase(n.span, PhraseKind.NOUN_PHRASE, (n,)), nums=(n.value,)))
    return out


def _np_with(item: Item | None, det: str = "", head: str = "") -> bool:
    return isinstance(item, NP) and (not det or det in item.dets) and (not head or item.head == head)


def _is_w(item: Item | None, *lemmas: str) -> bool:
    return isinstance(item, W) and item.lemma in lemmas


def _text(node: Node | None) -> str:
    if node is None:
        return ""
    try:
        return render_node(node)
    except Exception:  # noqa: BLE001 - a trace text is never worth a failure
        return ""


# ---------------------------------------------------------------------------------------------
# lowering environment


_KIND_OF_NOUN: dict[str, Kind] = {
    "personagem": Kind.CHARACTER, "herói": Kind.CHARACTER, "vilão": Kind.CHARACTER, "suporte": Kind.SUPPORT,
    "cenário": Kind.SCENARIO, "habilidade": Kind.ABILITY, "card": Kind.CARD, "jogador": Kind.PLAYER,
    "oponente": Kind.PLAYER, "ação": Kind.ACTION, "alvo": Kind.CHARACTER,
}
_CARD_TYPE_OF_NOUN = {"personagem": "Personagem", "suporte": "Suporte", "cenário": "Cenário",
                      "habilidade": "Habilidade"}
_ALIGNMENT_OF_NOUN = {"herói": "Herói", "vilão": "Vilão"}
_ZONE_OF_NOUN = {"deck": "deck", "mão": "hand", "recursos": "resources", "recurso": "resources",
                 "prêmio": "prizes", "prêmios": "prizes", "cena": "scene"}
_PHASE_NOUNS = {"preparação": "Fase de Preparação", "compra": "Fase de Compra", "ajuste": "Fase de Ajuste",
                "combate": "Fase de Combate", "contagem": "Fase de Contagem Regressiva",
                "ataque": "Etapa de Ataque", "antecipação": "Etapa de Antecipação"}


@dataclass
class Env:
    """What the lowering of one paragraph knows: the card, the bindings, what was introduced."""

    card_name: str
    action_name: str
    in_action: bool
    bindings: dict[int, Binding]
    intro_spans: list[tuple[int, int, int]] = field(default_factory=list)   # (start, end, index)
    next_intro: int = 0
    trigger_subject: Selector | None = None
    last_this: Selector | None = None          # the latest "este ..." said: what a stray "ele" falls back to
    targets: list[Selector] = field(default_factory=list)
    x: Count | None = None
    last_object: Selector | None = None        # what the previous clause acted on (5.8 text loss targets)
    trigger_duration: Duration | None = None   # "Toda vez que ... neste turno": a generated trigger's duration
    last_subject: Selector | None = None       # the subject of the latest clause that had one ("<personagens> são
    #                                            heróis ... e ganham a afiliação X": the second clause's subject)
    trigger_event: str = ""                    # the event of the paragraph's trigger ("use_action"...)
    intro_zones: dict[str, str] = field(default_factory=dict)   # slot -> the zone a procedure put its things in
    intro_slots: dict[int, str] = field(default_factory=dict)   # index -> its slot when not ``intro:N``

    def introduce(self, np: NP | None, upto: Sequence[Item] = ()) -> int:
        """A new introduced thing (its index; :meth:`slot` names its slot); its span runs from ``np`` over the
        items ``upto``."""
        index = self.next_intro
        self.next_intro += 1
        if np is not None:
            end = max([np.node.span.end, *(it.node.span.end for it in upto if isinstance(it, NP))])
            self.intro_spans.append((np.node.span.start, end, index))
        return index

    def slot(self, index: int) -> str:
        """The slot of the ``index``-th thing introduced: ``intro:N``, or ``card:0`` for the first thing a
        permanent text chose (:meth:`remember`)."""
        return self.intro_slots.get(index, f"intro:{index}")

    def remember(self, index: int) -> str:
        """A choice of the paragraph: the first one of a permanent text is remembered by its card for its other
        texts ("o personagem escolhido", ``GameState.chosen``): the slot ``card:0``. Returns its slot."""
        if index == 0 and not self.in_action:
            self.intro_slots[index] = "card:0"
        return self.slot(index)

    def intro_at(self, start: int, end: int) -> int | None:
        best: int | None = None
        for s, e, index in self.intro_spans:
            if s <= start and end <= e or start <= s < end:
                best = index
        return best


def _this_ref(env: Env, name: str) -> Ref | None:
    own = fold_text(name)
    if own == fold_text(env.card_name):
        if env.in_action and env.action_name and own == fold_text(env.action_name):
            return Ref.THIS_CARD      # an ability card whose action has its name: the card is the source
        return Ref.THIS_CARD
    if env.action_name and own == fold_text(env.action_name):
        return Ref.THIS_ACTION
    return None


# ---------------------------------------------------------------------------------------------
# selectors


def _quantity_in(np: NP) -> Quantity | None:
    if "x" in np.lits:
        return Quantity(x_times=1)
    if np.nums:
        return Quantity.of(np.nums[0])
    return None


def _det_count(np: NP) -> tuple[Quantity, bool]:
    """How many a noun phrase asks for, and whether it is "cada/todos"."""
    every = any(d in ("cada", "todo") for d in np.dets)
    if np.nums:
        return Quantity.of(np.nums[0]), every
    return Quantity.of(1), every


def selector_at(items: Sequence[Item], i: int, env: Env) -> tuple[Selector, int]:
    """Read a selector starting at the noun phrase ``items[i]`` with its modifiers; return it and the
    index of the first item not read."""
    first = items[i]
    if not isinstance(first, NP):
        raise LoweringError("expected a noun phrase")
    np = first
    i += 1
    text = _text(np.node)
    # counts printed as their own noun phrase before the head ("até [2] [ações]", "[2] ou [mais personagens]")
    up_to = False
    count: Quantity | None = None
    run = _count_run(items, i - 1, env) if (np.nums or "x" in np.lits) and not np.nouns else None
    if run is not None:                                  # "2 cards", "X cards", "X+1 cards", "X+X cards"
        count, i = run
        nxt = items[i]
        assert isinstance(nxt, NP)
        np, i = nxt, i + 1
    elif np.nums and not np.nouns and _is_w(items[i] if i < len(items) else None, "ou") \
            and i + 1 < len(items) and isinstance(items[i + 1], NP):
        nxt = items[i + 1]
        assert isinstance(nxt, NP)
        if "mais" in nxt.dets:
            count = Quantity.of(np.nums[0])
            np, i = nxt, i + 2
    sel = _base_selector(np, env)
    if count is not None:
        sel = replace(sel, count=count)
    if up_to:
        sel = replace(sel, count=replace(sel.count, up_to=True))
    filters = list(sel.filters)
    also = list(sel.also)
    while i < len(items):
        it = items[i]
        nxt2 = items[i + 1] if i + 1 < len(items) else None
        if _is_w(it, "que") and isinstance(nxt2, Rel):
            i += 1                                                                      # "que" + a relative
        elif isinstance(it, Rel) and (marked := _turn_mark(items, i)) is not None:
            filters.append(marked[0])                        # "que não tenha sido potencializado neste turno"
            i = marked[1]
        elif isinstance(it, NP) and it.head in _ALIGNMENT_OF_NOUN and not it.dets:
            filters.append(Filter("alignment", "has", _ALIGNMENT_OF_NOUN[it.head]))     # "personagens vilões"
            i += 1
        elif _is_w(it, "ou") and isinstance(nxt2, NP) and nxt2.head in _KIND_OF_NOUN and not nxt2.dets \
                and sel.ref is None:
            also.append(_KIND_OF_NOUN[nxt2.head])                                      # "personagem ou suporte"
            i += 2
        elif _is_w(it, "com") and isinstance(nxt2, W) and nxt2.cls == "KEYWORD":
            filters.append(Filter("keyword", "has", nxt2.lemma))                     # "com Predador" (5.6)
            i += 2
        elif isinstance(it, Rel) and it.clause.procedure is Verb.USE and it.clause.subject is None \
                and env.trigger_event == "use_action" and env.trigger_subject is not None \
                and "o" in np.dets and _np_with(nxt2, det="o", head="ação"):
            sel = replace(env.trigger_subject, text=text)                              # "o personagem que usou
            i += 2                                                                     # a ação" (the trigger's)
        elif _is_w(it, "com") and isinstance(nxt2, NP) and nxt2.icons:
            filters.extend(Filter("power", "has", c) for c in nxt2.icons)              # "com {SF}"
            i += 2
        elif (_is_w(it, "com") and isinstance(nxt2, NP) and "alter ego" in nxt2.lits and i + 3 < len(items)
              and _is_w(items[i + 2], "de") and _np_with(items[i + 3], det="este")):
            filters.append(Filter("identity", "eq", "this"))          # "com o alter ego deste personagem": its
            i += 4                                                    # alter ego, or name if none (Aprimoramento)
        elif (_is_w(it, "com") and isinstance(nxt2, NP) and "alter ego" in nxt2.lits
              and i + 2 < len(items) and isinstance(items[i + 2], NP) and items[i + 2].names):   # type: ignore[union-attr]
            named = items[i + 2]
            assert isinstance(named, NP)
            filters.append(Filter("alter_ego", "eq", named.names[0]))                 # "com alter ego X"
            i += 3
        elif _is_w(it, "com", "de", "sem") and isinstance(nxt2, NP) and nxt2.head == "afiliação":
            names = nxt2.names
            j = i + 2
            if not names and j < len(items) and isinstance(items[j], NP):
                cand = items[j]
                assert isinstance(cand, NP)
                names = cand.names
                j += 1
            if not names:
                break
            alternatives = [names[0]]
            while j + 1 < len(items) and _is_w(items[j], "ou") and not _is_w(it, "sem"):
                k = j + 1                  # "com a afiliação X ou (com a afiliação) Y" (Liderar X/Y, rules 7)
                if _is_w(items[k], "com") and k + 1 < len(items) and isinstance(items[k + 1], NP) \
                        and items[k + 1].head == "afiliação":             # type: ignore[union-attr]
                    k += 1
                    if not items[k].names and k + 1 < len(items):       # type: ignore[union-attr]
                        k += 1                                          # "a afiliação" [X]
                more = items[k]
                if not isinstance(more, NP) or not more.names:
                    break
                alternatives.append(more.names[0])
                j = k + 1
            if len(alternatives) > 1:
                filters.append(Filter("affiliation", "has_any", "/".join(alternatives)))
            else:              # "sem a afiliação X" (Triton V1): the character lacks it
                filters.append(Filter("affiliation", "lacks" if _is_w(it, "sem") else "has", names[0]))
            i = j
        elif _is_w(it, "de") and isinstance(nxt2, NP) and nxt2.head in _CARD_TYPE_OF_NOUN and not nxt2.dets \
                and sel.kind in (Kind.CARD,):
            filters.append(Filter("card_type", "eq", _CARD_TYPE_OF_NOUN[nxt2.head]))   # "card de suporte"
            if "chamar" in nxt2.vparts and i + 2 < len(items) and isinstance(items[i + 2], NP):
                named = items[i + 2]
                assert isinstance(named, NP)
                if named.names:
                    filters.append(Filter("name", "eq", named.names[0]))
                    i += 1
            i += 2
        elif _is_w(it, "de") and isinstance(nxt2, NP) and nxt2.icons and not nxt2.nouns:
            filters.extend(Filter("power", "has", c) for c in nxt2.icons)              # "habilidade de {RE}"
            i += 2
        elif _is_w(it, "em") and isinstance(nxt2, NP) and nxt2.head == "cena" and not nxt2.dets:
            sel = replace(sel, zone="scene")
            i += 2
        elif _is_w(it, "de") and isinstance(nxt2, NP) and nxt2.head in ("deck", "mão", "recursos", "recurso") \
                and sel.kind in (Kind.CARD, Kind.ABILITY, Kind.CHARACTER, Kind.SUPPORT) and sel.ref is None:
            sel = replace(sel, zone=_ZONE_OF_NOUN[nxt2.head], zone_owner=Ref.YOU)       # "de seus recursos"
            i += 2
        elif isinstance(it, NP) and it.names and "chamar" in np.vparts:
            filters.append(Filter("name", "eq", it.names[0]))                         # "chamado X"
            i += 1
        elif isinstance(it, Rel) and it.clause.procedure is Verb.CONTROL and _subject_is_you(it.clause):
            filters.append(Filter("controller", "ne" if it.clause.negated else "eq", "you"))   # "que você
            #                                                                               (não) controla"
            i += 1
        elif isinstance(it, Rel) and it.clause.procedure is Verb.CONTROL and _subject_is_opponents(it.clause):
            filters.append(Filter("controller", "ne" if it.clause.negated else "eq", "opponent"))   # "que seus
            #                                                                           oponentes controlam"
            i += 1
        elif isinstance(it, Rel) and it.clause.procedure is Verb.BE and it.clause.negated \
                and _is_w(nxt2, "de") and i + 2 < len(items) and isinstance(items[i + 2], NP):
            aff = items[i + 2]
            assert isinstance(aff, NP)
            names = aff.names
            j = i + 3
            if aff.head == "afiliação" and not names and j < len(items) and isinstance(items[j], NP):
                cand = items[j]
                assert isinstance(cand, NP)
                names = cand.names
                j += 1
            if aff.head != "afiliação" or not names:
                break
            filters.append(Filter("affiliation", "lacks", names[0]))                  # "que não seja da afiliação X"
            i = j
        elif "controlar" in np.vparts and _is_w(it, "por") and isinstance(nxt2, NP):
            who = "you" if nxt2.head == "você" else "opponent"           # "controlado por seus oponentes"
            filters.append(Filter("controller", "eq", who))
            i += 2
        else:
            break
    if "diferente" in np.adjs:
        sel = replace(sel, distinct=True)
    return replace(sel, filters=tuple(filters), also=tuple(also), text=text), i


def _turn_mark(items: Sequence[Item], i: int) -> tuple[Filter, int] | None:
    from cardscript.compiler.lower_keyword_forms import turn_mark_filter  # Potencializar's forms

    return turn_mark_filter(items, i)


def _count_run(items: Sequence[Item], i: int, env: Env) -> tuple[Quantity, int] | None:
    """A count printed before its head as numbers and X joined by + / - ("X+1 [cards]"): the quantity and the index
    of the head noun phrase; None when no head noun phrase follows."""
    fixed, x_times, sign = 0, 0, 1
    expect_term = True
    while i < len(items):
        it = items[i]
        if expect_term and isinstance(it, NP) and not it.nouns and (it.nums or "x" in it.lits):
            fixed, x_times = (fixed + sign * it.nums[0], x_times) if it.nums else (fixed, x_times + sign)
            expect_term = False
        elif not expect_term and isinstance(it, Sy) and it.text in "+-":
            sign = 1 if it.text == "+" else -1
            expect_term = True
        elif not expect_term and isinstance(it, NP) and it.nouns:
            return Quantity(fixed=fixed, x_times=x_times, x=env.x if x_times else None), i
        else:
            return None
        i += 1
    return None


def _subject_is_you(clause: Clause) -> bool:
    if clause.subject is None:
        return False
    items = flatten([clause.subject])
    return bool(items) and isinstance(items[0], NP) and items[0].head == "você"


def _subject_is_opponents(clause: Clause) -> bool:
    """"que seus oponentes controlam": the relative's subject is the effect's controller's opponents."""
    items = flatten([clause.subject]) if clause.subject is not None else []
    return len(items) == 1 and _np_with(items[0], det="seu", head="oponente")


def _base_selector(np: NP, env: Env) -> Selector:
    """The selector of one noun phrase on its own (reference, kind, count, adjectives)."""
    text = _text(np.node)
    head = np.head
    binding = env.bindings.get(np.node.span.start)
    if np.names and not np.nouns:
        ref = _this_ref(env, np.names[0])
        if ref is not None:
            kind = Kind.ACTION if ref is Ref.THIS_ACTION else Kind.CARD
            return Selector(kind=kind, ref=ref, text=text)
        return Selector(kind=Kind.CARD, filters=(Filter("name", "eq", np.names[0]),), text=text)
    if "este" in np.dets:
        if head in ("personagem",):
            return Selector(kind=Kind.CHARACTER, ref=Ref.THIS_CHARACTER, text=text)
        if head == "ação":
            return Selector(kind=Kind.ACTION, ref=Ref.THIS_ACTION, text=text)
        return Selector(kind=_KIND_OF_NOUN.get(head, Kind.CARD), ref=Ref.THIS_CARD, text=text)
    if head == "alvo" and not ({"um", "cada"} & set(np.dets)):
        return Selector(kind=Kind.CHARACTER, ref=Ref.TARGET, text=text)
    if "alvo" in np.nouns[1:] or "alvo" in np.adjs:
        # "personagem alvo", "até dois personagens alvo diferentes": chosen as the action's target (4.6.2 F)
        kind = _KIND_OF_NOUN.get(head, Kind.CHARACTER)
        count, _ = _det_count(np)
        sel = Selector(kind=kind, targeted=True, count=count, text=text,
                       filters=_noun_filters(np))
        env.targets.append(sel)
        return Selector(kind=kind, ref=Ref.TARGET, index=len(env.targets) - 1, text=text)
    if head == "você":
        return Selector(kind=Kind.PLAYER, ref=Ref.YOU, text=text)
    if head == "controlador" or (head == "dono"):
        return Selector(kind=Kind.PLAYER, ref=Ref.CONTROLLER if head == "controlador" else Ref.OWNER, text=text)
    if head == "oponente" and "seu" in np.dets:
        return Selector(kind=Kind.PLAYER, ref=Ref.OPPONENT, text=text)
    if head == "jogador" and "cada" in np.dets:
        return Selector(kind=Kind.PLAYER, ref=Ref.EVERY_PLAYER, every=True, text=text)
    if _is_anaphor(np):
        return _anaphor(np, env, binding, text)
    if _is_chosen(np):
        return Selector(kind=_KIND_OF_NOUN.get(head, Kind.CARD), ref=Ref.SLOT, slot=_chosen_slot(env, binding),
                        text=text)
    if head in _KIND_OF_NOUN or head in ("quantidade",):
        kind = _KIND_OF_NOUN.get(head, Kind.CARD)
        count, every = _det_count(np)
        if "até" in np.lits:
            count = replace(count, up_to=True)
        filters = _noun_filters(np)
        if "outro" in np.dets:
            filters = (*filters, Filter("other", "ne", "this"))
        return Selector(kind=kind, count=count, every=every, filters=filters, text=text)
    raise LoweringError(f"cannot read '{text}' as a game object")


def _noun_filters(np: NP) -> tuple[Filter, ...]:
    out: list[Filter] = []
    for noun in np.nouns:
        if noun in _ALIGNMENT_OF_NOUN:      # "personagens vilões"; "personagens não vilões" (Norman Osborn V1)
            out.append(Filter("alignment", "lacks" if "nao" in np.lits else "has", _ALIGNMENT_OF_NOUN[noun]))
    for adj in np.adjs:
        if adj in _ALIGNMENT_OF_NOUN:
            out.append(Filter("alignment", "has", _ALIGNMENT_OF_NOUN[adj]))
    out.extend(Filter("power", "has", c) for c in np.icons)
    return tuple(out)


def _is_anaphor(np: NP) -> bool:
    """"aquele personagem", "esse card", "ele", a pronoun."""
    return np.head in ("ele",) or bool(np.prons and not np.nouns) or bool({"aquele", "esse"} & set(np.dets))


def _is_chosen(np: NP) -> bool:
    """"o personagem escolhido" (read after the anaphors)."""
    return not _is_anaphor(np) and "escolher" in np.vparts and "o" in np.dets


def _chosen_slot(env: Env, binding: Binding | None) -> str:
    """The slot "o <...> escolhido" reads: the choice it is bound to in this paragraph; otherwise the first
    thing introduced -- in a permanent text, what the card remembers its text chose (``card:0``)."""
    if binding is not None and binding.target_span is not None:
        found = env.intro_at(binding.target_span.start, binding.target_span.end)
        if found is not None:
            return env.slot(found)
    return env.slot(0) if env.in_action else "card:0"


def _anaphor(np: NP, env: Env, binding: Binding | None, text: str) -> Selector:
    """"aquele personagem", "ele", "-o": what the compiler bound it to (principle 3)."""
    kind = _KIND_OF_NOUN.get(np.head, Kind.CARD)
    if binding is not None and binding.target in ("this card",):
        return Selector(kind=Kind.CARD, ref=Ref.THIS_CARD, text=text)
    if binding is not None and binding.target_span is not None:
        found = env.intro_at(binding.target_span.start, binding.target_span.end)
        if found is not None:
            return Selector(kind=kind, ref=Ref.SLOT, slot=env.slot(found), text=text)
    if env.trigger_subject is not None:
        return replace(env.trigger_subject, text=text)
    if env.last_this is not None and np.head in ("ele", ""):
        return replace(env.last_this, text=text)
    raise LoweringError(f"'{text}' is bound to nothing the engine tracks")


# ---------------------------------------------------------------------------------------------
# clauses -> procedures


@dataclass(frozen=True)
class Lowered:
    """What one clause became: procedures, and the effect kind it asks for (static, modifier...)."""

    procedures: tuple[Procedure, ...]
    kind: EffectKind | None = None
    duration: Duration | None = None


def _duration(items: Sequence[Item]) -> Duration | None:
    for k, it in enumerate(items):
        if _is_w(it, "até") and k + 1 < len(items) and isinstance(items[k + 1], NP) and \
                items[k + 1].head == "final":     # type: ignore[union-attr]
            return Duration.END_OF_TURN
        if _is_w(it, "em") and k + 1 < len(items) and isinstance(items[k + 1], NP):
            nxt = items[k + 1]
            assert isinstance(nxt, NP)
            if nxt.head == "turno" and "este" in nxt.dets:
                return Duration.END_OF_TURN
            if nxt.head == "partida" and "este" in nxt.dets:
                return Duration.MATCH
    return None


def _find_np(items: Sequence[Item], start: int = 0) -> int | None:
    for k in range(start, len(items)):
        if isinstance(items[k], NP):
            return k
    return None


def _subject_selector(clause: Clause, env: Env) -> Selector | None:
    if clause.subject is None:
        return None
    items = list(_strip_instead(flatten([clause.subject])))
    if not items:
        return None
    if isinstance(items[0], NP) and items[0].head == "controlador":
        # "o controlador daquele personagem", "seu controlador"
        of: Selector | None = None
        if len(items) > 2 and _is_w(items[1], "de") and isinstance(items[2], NP):
            of, _ = selector_at(items, 2, env)
        elif env.trigger_subject is not None:
            of = env.trigger_subject
        return Selector(kind=Kind.PLAYER, ref=Ref.CONTROLLER, of=of, text=_text(clause.subject))
    sel, _ = selector_at(items, 0, env)
    if sel.ref in (Ref.THIS_CARD, Ref.THIS_CHARACTER):
        env.last_this = sel
    return sel


def _damage_amount(items: Sequence[Item], env: Env) -> tuple[Quantity, int]:
    """``X+2 pontos``, ``3 pontos``, ``aquela quantidade de dano -1``: the amount and where it ended."""
    fixed = 0
    x_times = 0
    sign = 1
    k = 0
    found = False
    while k < len(items):
        it = items[k]
        if isinstance(it, NP) and "x" in it.lits and not it.nouns:
            x_times += sign
            found = True
        elif isinstance(it, NP) and it.nums and not it.nouns:
            fixed += sign * it.nums[0]
            found = True
        elif isinstance(it, Sy) and it.text in "+-":
            sign = 1 if it.text == "+" else -1
        elif isinstance(it, NP) and it.head == "ponto":
            if it.nums:
                fixed += sign * it.nums[0]
                found = True
        else:
            break
        k += 1
    if not found:
        raise LoweringError("no damage amount")
    return Quantity(fixed=fixed, x_times=x_times, x=env.x if x_times else None), k


def lower_damage(clause: Clause, items: Sequence[Item], source: Selector | None, env: Env) -> Procedure:
    """"<source> causa N pontos de dano [penetrante] em <targets>" (rules 4.8, 4.8.5)."""
    if source is None:
        raise LoweringError("damage without a source")
    amount, k = _damage_amount(items, env)
    piercing = False
    if _is_w(items[k] if k < len(items) else None, "de") and k + 1 < len(items) and isinstance(items[k + 1], NP) \
            and items[k + 1].head == "dano":      # type: ignore[union-attr]
        dano = items[k + 1]
        assert isinstance(dano, NP)
        piercing = "penetrante" in dano.adjs
        k += 2
        if "distribu" in fold_text(_text(dano.node)).lower():
            return _distributed_damage(clause, items, k, source, amount, piercing, env)
    else:
        raise LoweringError("damage without 'de dano'")
    if k < len(items) and _is_w(items[k], "em", "a") and k + 1 < len(items):
        k += 1
    else:
        raise LoweringError("damage without a destination")
    # "a cada um de até três alvos diferentes"
    nxt = items[k]
    each = False
    if isinstance(nxt, NP) and "cada" in nxt.dets and nxt.head == "" and k + 2 < len(items) \
            and _is_w(items[k + 1], "de"):
        each = True
        k += 2
    head_np = items[k]
    start = k
    target, k = selector_at(items, k, env)
    if each and target.ref is Ref.TARGET:
        target = replace(target, every=True)
    introduces = ""
    if target.ref is None and isinstance(head_np, NP):
        introduces = env.slot(env.introduce(head_np, items[start:k]))
    rest = items[k:]
    if rest and not all(isinstance(r, Sy) for r in rest):
        raise LoweringError(f"damage: unread complements ({len(rest)})")
    return Damage(source=source, amount=amount, piercing=piercing, targets=target, text=_text(clause),
                  introduces=introduces)


def _distributed_damage(clause: Clause, items: Sequence[Item], k: int, source: Selector, amount: Quantity,
                        piercing: bool, env: Env) -> Procedure:
    """4.8.4.2: "... N pontos de dano [penetrante] distribuídos [da forma como você escolher] entre até M alvos /
    personagens e/ou suportes": the destinations (up to M; "alvos" are the action's targets, chosen when it is
    used, 4.6.2 F) and ``distribute``: the controller splits N among them before any calculation."""
    if k + 2 < len(items) and _is_w(items[k], "de") and _np_with(items[k + 1], head="forma"):
        k += 2
        if k + 1 < len(items) and _is_w(items[k], "como") and isinstance(items[k + 1], Rel):
            k += 2
    if not (k < len(items) and _is_w(items[k], "entre")):
        raise LoweringError("distributed damage: among what?")
    k += 1
    up_to = _is_w(items[k] if k < len(items) else None, "até")
    if up_to:
        k += 1
    count, k = _distribution_count(items, k, env)
    if not (k < len(items) and isinstance(items[k], NP)):
        raise LoweringError("distributed damage: among what?")
    head = items[k]
    assert isinstance(head, NP)
    count = replace(count, up_to=up_to)
    if head.head == "alvo" and not head.dets:
        env.targets.append(Selector(kind=Kind.CHARACTER, also=(Kind.SUPPORT,), targeted=True, count=count,
                                    text=_text(head.node)))
        target = Selector(kind=Kind.CHARACTER, ref=Ref.TARGET, index=len(env.targets) - 1, every=True,
                          text=_text(head.node))
        k += 1
    else:
        target, k = selector_at(items, k, env)
        if target.ref is not None:
            raise LoweringError("distributed damage: among what?")
        target = replace(target, count=count)
    rest = items[k:]
    if rest and not all(isinstance(r, Sy) for r in rest):
        raise LoweringError(f"damage: unread complements ({len(rest)})")
    return Damage(source=source, amount=amount, piercing=piercing, targets=target, distribute=True,
                  text=_text(clause))


def _distribution_count(items: Sequence[Item], k: int, env: Env) -> tuple[Quantity, int]:
    """``quatro``, ``X+1``, ``três`` before the destinations of distributed damage."""
    fixed, x_times, sign, found = 0, 0, 1, False
    while k < len(items):
        it = items[k]
        if isinstance(it, NP) and "x" in it.lits and not it.nouns:
            x_times += sign
        elif isinstance(it, NP) and it.nums and not it.nouns:
            fixed += sign * it.nums[0]
        elif isinstance(it, Sy) and it.text in "+-":
            sign = 1 if it.text == "+" else -1
            k += 1
            continue
        elif isinstance(it, NP) and it.nums and it.nouns:
            return Quantity(fixed=fixed + it.nums[0], x_times=x_times, x=env.x if x_times else None), k
        else:
            break
        found = True
        k += 1
    if not found:
        raise LoweringError("distributed damage: how many destinations?")
    return Quantity(fixed=fixed, x_times=x_times, x=env.x if x_times else None), k


def _count_word_amount(items: Sequence[Item]) -> tuple[Quantity, NP | None, bool]:
    """``um card``, ``dois cards``, ``X cards``, ``um card extra``, ``aquele mesmo número de cards`` (the
    number of the event, 5.5): amount, the np, extra."""
    for k, it in enumerate(items):
        if isinstance(it, NP) and it.head == "card":
            before = items[k - 1] if k else None
            if _is_w(before, "de") and k >= 2 and _np_with(items[k - 2], det="aquele", head="número"):
                return Quantity(x_times=1, x=Count(event="amount", text=_text(items[k - 2].node))), it, False  # type: ignore[union-attr]
            if isinstance(before, NP) and not before.nouns and (before.nums or "x" in before.lits):
                q = Quantity(x_times=1) if "x" in before.lits else Quantity.of(before.nums[0])
                return q, it, "extra" in it.adjs
            if "x" in it.lits:
                return Quantity(x_times=1), it, "extra" in it.adjs
            q, _ = _det_count(it)
            return q, it, "extra" in it.adjs
    raise LoweringError("no card count")


def _phase_in(items: Sequence[Item]) -> str:
    for k, it in enumerate(items):
        if isinstance(it, NP) and it.head in ("fase", "etapa") and k + 2 < len(items) and _is_w(items[k + 1], "de"):
            ph = items[k + 2]
            if isinstance(ph, NP) and ph.head in _PHASE_NOUNS:
                return _PHASE_NOUNS[ph.head]
    return ""


def lower_clause(clause: Clause, env: Env, items: Sequence[Item] | None = None,
                 subject: Selector | None = None) -> Lowered:
    """One clause -> its procedure (raises LoweringError when it cannot)."""
    if items is None:
        items = flatten(clause.complements)
    items = _strip_instead(items)
    verb = clause.procedure
    text = _text(clause)
    if verb is Verb.HAVE and clause.negated and _is_text_subject(clause):
        return _lower_text_loss(clause, items, env, text)
    if verb is Verb.GAIN and any(_is_w(it, "acao unica") for it in items):
        return _lower_gain_single_use(clause, items, env, text)
    if verb is Verb.SEARCH and clause.negated:
        return _lower_search_restriction(clause, items, env, text)
    if verb is Verb.BECOME:
        return _lower_become(clause, items, env, text)
    if verb is Verb.HAVE and not clause.negated and items and _np_with(items[0], head="custo"):
        return _lower_set_cost(clause, items, text)
    if subject is None:
        subject = _subject_selector(clause, env)
    if subject is None and verb is Verb.GAIN and clause.subject is None and env.last_subject is not None:
        subject = env.last_subject           # "<personagens> são heróis ... e ganham a afiliação X" (Norman Osborn V1)
    env.last_subject = subject
    if subject is not None and subject.ref in (Ref.THIS_CARD, Ref.THIS_CHARACTER):
        env.last_this = subject
    if verb is Verb.BE and subject is not None and not clause.negated:
        from cardscript.compiler.lower_characteristics import alignment_gain

        gained = alignment_gain(clause, items, subject, env, text)    # "são heróis além de seus outros alinhamentos"
        if gained is not None:
            return gained
    if verb is Verb.DO:
        # "você pode fazer com que <subject> cause ...": the embedded clause, with the complements that follow
        for k, it in enumerate(items):
            if isinstance(it, Rel):
                inner = it.clause
                rest = [*flatten(inner.complements), *items[k + 1:]]
                low = lower_clause(inner, env, rest)
                return Lowered(tuple(replace(p, text=text) for p in low.procedures), low.kind, low.duration)
        raise LoweringError("fazer without an embedded clause")
    if verb is Verb.DAMAGE:
        if clause.negated:
            raise LoweringError("negated damage")
        if any(isinstance(n, Lexeme) and n.lemma == "ser" for n in clause.verb.parts):
            raise LoweringError("conditional damage ('fosse causar') is a modifier")
        if subject is not None and subject.ref is None and "primeira" in subject.text:
            return _first_action_zero(clause, items, env)
        if subject is not None and subject.kind is Kind.ACTION and subject.ref is None:
            from cardscript.compiler.lower_keyword_forms import next_action_bonus  # Potencializar

            bonus = next_action_bonus(clause, items, env)
            if bonus is not None:
                return Lowered((bonus,))
            raise LoweringError("an action as a general damage source")
        return Lowered((lower_damage(clause, items, subject, env),))
    if verb is Verb.DRAW:
        amount, np, extra = _count_word_amount(items)
        who = subject or Selector(kind=Kind.PLAYER, ref=Ref.YOU)
        if extra:
            phase = _phase_in(items)
            if phase != "Fase de Compra":
                raise LoweringError("extra draw outside the Fase de Compra")
            return Lowered((ExtraDraw(who=who, amount=amount, text=text),), EffectKind.STATIC)
        if amount.x is not None and amount.x.event:
            items = [it for it in items if not (_np_with(it, det="aquele", head="número") or _is_w(it, "de"))]
        _only(items, {np}, "draw")
        return Lowered((Draw(who=who, amount=amount, text=text),))
    if verb is Verb.DISCARD:
        amount, np, _ = _count_word_amount(items)
        _only(items, {np}, "discard")
        who = subject or Selector(kind=Kind.PLAYER, ref=Ref.YOU)
        return Lowered((Discard(who=who, amount=amount, cards=Selector(kind=Kind.CARD, zone="hand", count=amount),
                                text=text),))
    if verb in (Verb.INCAPACITATE, Verb.CAPACITATE):
        return Lowered((_lower_stage(clause, items, env, text),))
    if verb is Verb.UNLOAD:
        if clause.negated:
            return Lowered((_restrict_unload(clause, items, env, text),), EffectKind.STATIC)
        return Lowered((_lower_unload(clause, items, subject, env, text),))
    if verb is Verb.LOAD:
        return Lowered((_lower_load(items, env, text),))
    if verb is Verb.PUT:
        return Lowered((_lower_put(clause, items, env, text),))
    if verb is Verb.SEARCH:
        return Lowered((_lower_search(items, env, text),))
    if verb is Verb.REVEAL:
        clitic = _clitic_object(clause, env)
        if clitic is not None and not items:
            return Lowered((Reveal(cards=clitic, text=text),))
        if len(items) > 2 and _np_with(items[0], det="qualquer", head="número") and _is_w(items[1], "de"):
            cards, end = selector_at(items, 2, env)                  # "qualquer número daqueles cards"
            _rest_empty(items[end:], "reveal")
            return Lowered((Reveal(cards=cards, any_number=True, text=text),))
        kr = _find_np(items)
        if kr is None:
            raise LoweringError("reveal what?")
        cards, end = selector_at(items, kr, env)
        _rest_empty(items[end:], "reveal")
        return Lowered((Reveal(cards=cards, text=text),))
    if verb is Verb.SET_ASIDE:
        return Lowered((_lower_set_aside(items, env, text),))
    if verb is Verb.LOOK:
        looked = _clitic_object(clause, env)
        if looked is None or items:
            raise LoweringError("look at what?")
        return Lowered((Look(cards=looked, text=text),))
    if verb is Verb.RETURN:
        return Lowered((_lower_return(items, env, text),))
    if verb is Verb.SHUFFLE:
        ks = _find_np(items)
        deck = items[ks] if ks is not None else None
        if not isinstance(deck, NP) or deck.head != "deck":
            raise LoweringError("shuffle what?")
        assert ks is not None
        _rest_empty([*items[:ks], *items[ks + 1:]], "shuffle")
        return Lowered((Shuffle(who=Selector(kind=Kind.PLAYER, ref=Ref.YOU), text=text),))
    if verb is Verb.CHOOSE:
        kc = _find_np(items)
        if kc is None:
            raise LoweringError("choose what?")
        chosen_np = items[kc]
        assert isinstance(chosen_np, NP)
        if chosen_np.head == "afiliação":
            from cardscript.compiler.lower_characteristics import affiliation_choice

            named = affiliation_choice(items, kc, env, text)      # "escolha uma afiliação [que não seja X]"
            if named is not None:
                return named
        what, end = selector_at(items, kc, env)
        _rest_empty(items[end:], "choose")
        slot = env.remember(env.introduce(chosen_np, items[kc:end]))
        # choosing one "que não tenha sido potencializado neste turno" for this effect is what marks it so (glossary)
        marks = tuple(str(f.value) for f in what.filters if f.field == "this_turn" and f.op == "lacks")
        return Lowered((Choose(what=what, marks=marks, text=text, introduces=slot),))
    if verb is Verb.GAIN:
        return _lower_gain(clause, items, subject, env, text)
    if verb is Verb.LOSE:
        if subject is None:
            raise LoweringError("lose: who?")
        lost = items[0] if items else None
        if isinstance(lost, NP) and lost.head == "poder" and "todo" in lost.dets:
            return Lowered((Lose(targets=subject, all_powers=True, text=text),), EffectKind.STATIC)
        raise LoweringError("lose what?")
    if verb is Verb.USE:
        return _lower_use(clause, items, subject, env, text)
    if verb is Verb.REDIRECT:
        # "redirecionar aquele dano para <selector>" (4.8.3.1; the replacing procedure of a 5.5 damage replacement)
        to_at = next((i for i, it in enumerate(items) if _is_w(it, "para")), None)
        if to_at is None or not _np_with(items[0], head="dano"):
            raise LoweringError("redirect what, to what?")
        to, end = selector_at(items, to_at + 1, env)
        _rest_empty(items[end:], "redirect")
        may = clause.optional or any(isinstance(n, Lexeme) and n.lemma == "poder" for n in clause.verb.parts)
        return Lowered((Redirect(to=to, optional=may, text=text),))
    if verb is Verb.BE and clause.negated and items and isinstance(items[0], NP) and items[0].head == "alvo":
        return Lowered((_restrict_target(items, subject, env, text),), EffectKind.STATIC)
    raise LoweringError(f"no lowering for the verb '{verb.value}'")


def _strip_instead(items: Sequence[Item]) -> Sequence[Item]:
    """"... ao invés disso" (5.5): the replacement's marker, read by the paragraph's lead, not a complement."""
    for k in range(len(items) - 3):
        if _is_w(items[k], "a") and _np_with(items[k + 1], head="invés") and _is_w(items[k + 2], "de") \
                and _np_with(items[k + 3], head="isso"):
            return [*items[:k], *items[k + 4:]]
    return items


def _is_text_subject(clause: Clause) -> bool:
    subj = flatten([clause.subject]) if clause.subject is not None else []
    return bool(subj) and isinstance(subj[0], NP) and subj[0].head == "texto" and "permanentes" in subj[0].adjs


def _lower_text_loss(clause: Clause, items: Sequence[Item], env: Env, text: str) -> Lowered:
    """5.8: "Os textos permanentes de <cards> não têm efeito [(isso inclui os textos permanentes dos cards que
    ele estiver carregando)] [até o final do turno]" -> SuppressText (static while in place, or a state effect
    with the duration given)."""
    assert clause.subject is not None
    subj = flatten([clause.subject])
    if not (len(subj) > 2 and _is_w(subj[1], "de")):
        raise LoweringError("permanent texts of what?")
    targets, end = selector_at(subj, 2, env)
    _rest_empty(subj[end:], "permanent texts")
    if not (items and _np_with(items[0], head="efeito")):
        raise LoweringError("permanent texts: not 'não têm efeito'")
    rest = list(items[1:])
    include_carried = False
    if rest and isinstance(rest[0], Sy) and rest[0].text == "(":
        close = next((k for k, it in enumerate(rest) if isinstance(it, Sy) and it.text == ")"), None)
        if close is None:
            raise LoweringError("permanent texts: unclosed parenthesis")
        inside = rest[1:close]
        if not any(isinstance(it, Rel) and it.clause.procedure in (Verb.LOAD, Verb.BE_STATE) for it in inside):
            raise LoweringError("permanent texts: parenthesis not understood")
        include_carried = True
        rest = rest[close + 1:]
    duration = _duration(rest)
    if rest and duration is None:
        raise LoweringError("permanent texts: unread complements")
    env.last_object = targets
    proc = SuppressText(targets=targets, include_carried=include_carried,
                        duration=duration or Duration.WHILE_IN_PLACE, text=text)
    return Lowered((proc,), None if duration else EffectKind.STATIC, duration or Duration.WHILE_IN_PLACE)


def _lower_gain_single_use(clause: Clause, items: Sequence[Item], env: Env, text: str) -> Lowered:
    """"as ações que <personagem> usar ganham Ação Única [até o final do turno]": that character cannot use an
    action with the name of one it used this turn (Ação Única, glossary) -> Restrict repeat_action_name. Ação
    Única works per turn, so the printed "até o final do turno" restates its scope."""
    subj = flatten([clause.subject]) if clause.subject is not None else []
    rel = next((it.clause for it in subj if isinstance(it, Rel)), None)
    if not (subj and _np_with(subj[0], head="ação") and rel is not None and rel.procedure is Verb.USE):
        raise LoweringError("Ação Única: the actions of whom?")
    user = _subject_selector(rel, env)
    if user is not None and user.ref is Ref.THIS_CARD and env.last_object is not None:
        user = env.last_object         # "ele" after "os textos permanentes do personagem escolhido": that character
    if user is None:
        raise LoweringError("Ação Única: the actions of whom?")
    k = next(i for i, it in enumerate(items) if _is_w(it, "acao unica")) + 1
    rest = list(items[k:])
    if "(" in [it.text for it in rest if isinstance(it, Sy)]:
        rest = rest[:[i for i, it in enumerate(rest) if isinstance(it, Sy) and it.text == "("][0]]
    if rest and _duration(rest) is None:
        raise LoweringError("Ação Única: unread complements")
    return Lowered((Restrict(what="repeat_action_name", subject=user, text=text),), EffectKind.STATIC)


def _lower_search_restriction(clause: Clause, items: Sequence[Item], env: Env, text: str) -> Lowered:
    """"Os jogadores não podem procurar cards nos decks [até o final do turno]" (Planos Frustrados) ->
    Restrict search (golden rule 8 B: it beats any effect that lets a player search)."""
    who = _subject_selector(clause, env) or Selector(kind=Kind.PLAYER, ref=Ref.YOU)
    zones: list[str] = []
    k = 0
    if k < len(items) and _np_with(items[k], head="card"):
        k += 1
    if k + 1 < len(items) and _is_w(items[k], "em") and isinstance(items[k + 1], NP) \
            and items[k + 1].head in _ZONE_OF_NOUN:       # type: ignore[union-attr]
        zones.append(_ZONE_OF_NOUN[items[k + 1].head])    # type: ignore[union-attr]
        k += 2
    duration = _duration(items[k:])
    if k < len(items) and duration is None:
        raise LoweringError("search restriction: unread complements")
    proc = Restrict(what="search", subject=who, zones=tuple(zones or ["deck"]),
                    duration=duration or Duration.WHILE_IN_PLACE, text=text)
    return Lowered((proc,), None if duration else EffectKind.STATIC, duration or Duration.WHILE_IN_PLACE)


def _only(items: Sequence[Item], allowed: set[NP | None], what: str) -> None:
    extra = [it for k, it in enumerate(items) if not (isinstance(it, NP) and it in allowed)
             and not isinstance(it, Sy) and not _is_count_np(it, items[k + 1] if k + 1 < len(items) else None)]
    if extra:
        raise LoweringError(f"{what}: unread complements")


def _is_count_np(item: Item, nxt: Item | None) -> bool:
    """``[2] [cards]``: a number printed as its own noun phrase before what it counts."""
    return isinstance(item, NP) and not item.nouns and bool(item.nums or "x" in item.lits) and isinstance(nxt, NP)


def _rest_empty(items: Sequence[Item], what: str) -> None:
    if any(not isinstance(it, Sy) for it in items):
        raise LoweringError(f"{what}: unread complements")


def _stage_amounts(items: Sequence[Item], start: int) -> tuple[tuple[int, ...], bool, int]:
    """``em {1}``, ``em {1} ou {2}``, ``em {X}``: the stage amounts offered (a choice), X, end."""
    amounts: list[int] = []
    is_x = False
    k = start
    while k < len(items):
        it = items[k]
        if isinstance(it, NP) and it.icons and not it.nouns:
            for code in it.icons:
                if code == "X":
                    is_x = True
                elif code.isdigit():
                    amounts.append(int(code))
            k += 1
        elif _is_w(it, "ou", "em"):
            k += 1
        else:
            break
    return tuple(amounts), is_x, k


def _lower_stage(clause: Clause, items: Sequence[Item], env: Env, text: str) -> Procedure:
    capacitate = clause.procedure is not Verb.INCAPACITATE
    if items and _is_w(items[0], "em"):
        # "capacitar em {1} um personagem que você controla ..." (Liderar, Atrasar): the stage first
        amounts, is_x, at = _stage_amounts(items, 0)
        if (amounts or is_x) and at < len(items) and isinstance(items[at], NP):
            target, end = selector_at(items, at, env)
            _rest_empty(items[end:], "stage")
            return ChangeStage(targets=target, capacitate=capacitate, amounts=amounts,
                               amount=Quantity(x_times=1, x=env.x) if is_x else None, text=text)
    k = _find_np(items)
    if k is None:
        raise LoweringError("incapacitate whom?")
    target, end = selector_at(items, k, env)
    # "(o personagem que usou esta ação)" after "este personagem": the same thing, said again
    again = items[end] if end < len(items) else None
    if isinstance(again, NP) and again.head == "personagem" and end + 1 < len(items) \
            and isinstance(items[end + 1], Rel):
        end += 2
        while end < len(items) and _np_with(items[end], det="este"):
            end += 1
    if end >= len(items) or not _is_w(items[end], "em"):
        raise LoweringError("stage not given")
    amounts, is_x, end = _stage_amounts(items, end)
    _rest_empty(items[end:], "stage")
    if not amounts and not is_x:
        raise LoweringError("stage not given")
    return ChangeStage(targets=target, capacitate=capacitate, amounts=amounts,
                       amount=Quantity(x_times=1, x=env.x) if is_x else None, text=text)


def _lower_unload(clause: Clause, items: Sequence[Item], subject: Selector | None, env: Env,
                  text: str) -> Procedure:
    """"descarregue um card deste personagem", "descarregue <this card>", "descarregue-o" (4.1)."""
    who = subject if subject is not None and subject.kind is Kind.PLAYER else Selector(kind=Kind.PLAYER, ref=Ref.YOU)
    clitic = [n for n in clause.verb.parts if isinstance(n, Lexeme) and n.cls == "CLITIC"]
    if not items and clitic:
        binding = env.bindings.get(clitic[0].span.start)
        if binding is not None and binding.target == "this card":
            return Unload(who=who, cards=Selector(kind=Kind.CARD, ref=Ref.THIS_CARD), text=text)
        raise LoweringError("unload it: bound to something the engine does not track")
    k = _find_np(items)
    if k is None:
        raise LoweringError("unload what?")
    first = items[k]
    assert isinstance(first, NP)
    if first.head == "card" and "o" in first.dets and not first.nums and k + 2 < len(items) \
            and _is_w(items[k + 1], "de") and any(isinstance(n, Lexeme) and n.word.lower() == "os"
                                                  for n in first.node.parts):
        frm, end = selector_at(items, k + 2, env)          # "os cards deste personagem": every card it carries
        _rest_empty(items[end:], "unload")
        if frm.ref is None:
            raise LoweringError("unload: the cards of which?")
        return Unload(who=who, cards=Selector(kind=Kind.CARD, zone="carried", of=frm, every=True,
                                              text=_text(first.node)), text=text)
    if first.head == "card" or first.nums and not first.names:
        amount, _ = _det_count(first)
        if "x" in first.lits:
            amount = Quantity(x_times=1, x=env.x)
        end = k + 1
        if end < len(items) and isinstance(items[end], NP) and items[end].head == "card":  # type: ignore[union-attr]
            end += 1
        if end < len(items) and _is_w(items[end], "de"):
            frm, end = selector_at(items, end + 1, env)
        else:
            raise LoweringError("unload: from where?")
        _rest_empty(items[end:], "unload")
        return Unload(who=who, amount=amount, frm=frm, text=text)
    cards, end = selector_at(items, k, env)
    _rest_empty(items[end:], "unload")
    if cards.ref is Ref.THIS_CARD:
        return Unload(who=who, cards=cards, text=text)
    raise LoweringError("unload a character/support itself is not supported")


def _lower_load(items: Sequence[Item], env: Env, text: str) -> Procedure:
    """"carregue um card de seus recursos neste personagem" (4.1); "carregar neste personagem um card ..."
    (Aprimoramento: where first); "carregue este card em um personagem que você controla" (Ataque-Surpresa: this
    card from wherever it is; the character chosen is introduced: "daquele personagem")."""
    onto_first: Selector | None = None
    if len(items) > 2 and _is_w(items[0], "em") and isinstance(items[1], NP):
        onto_first, k0 = selector_at(items, 1, env)
        items = items[k0:]
    k = _find_np(items)
    if k is None:
        raise LoweringError("load what?")
    # cards: possibly "A ou B" alternatives of cards
    alts: list[Selector] = []
    cards, end = selector_at(items, k, env)
    alts.append(cards)
    while end + 1 < len(items) and _is_w(items[end], "ou") and isinstance(items[end + 1], NP):
        more, end = selector_at(items, end + 1, env)
        alts.append(more)
    zone = next((a.zone for a in alts if a.zone), "")
    if end < len(items) and _is_w(items[end], "de") and end + 1 < len(items) and isinstance(items[end + 1], NP) \
            and items[end + 1].head in _ZONE_OF_NOUN:    # type: ignore[union-attr]
        zone_np = items[end + 1]
        assert isinstance(zone_np, NP)
        zone = _ZONE_OF_NOUN[zone_np.head]
        end += 2
    if not zone and not (len(alts) == 1 and alts[0].ref is Ref.THIS_CARD):
        raise LoweringError("load: from where?")
    introduces = ""
    if onto_first is not None:
        onto = onto_first
    else:
        if end >= len(items) or not _is_w(items[end], "em"):
            raise LoweringError("load: onto what?")
        onto_np = items[end + 1] if end + 1 < len(items) else None
        onto, end = selector_at(items, end + 1, env)
        if onto.ref is None and not onto.every and isinstance(onto_np, NP):
            introduces = env.slot(env.introduce(onto_np))   # "... e descarregue um card daquele personagem"
    _rest_empty(items[end:], "load")
    alts = [replace(a, zone=zone, zone_owner=Ref.YOU) if zone else a for a in alts]
    return Load(cards=alts[0], alternatives=tuple(alts[1:]), onto=onto, text=text, introduces=introduces)


def _clitic_object(clause: Clause, env: Env) -> Selector | None:
    """``revele-o``, ``coloque-o``: the clitic's binding (principle 3)."""
    for n in clause.verb.parts:
        if isinstance(n, Lexeme) and n.cls == "CLITIC":
            binding = env.bindings.get(n.span.start)
            if binding is None:
                return None
            if binding.target == "this card":
                return Selector(kind=Kind.CARD, ref=Ref.THIS_CARD, text=n.word)
            if binding.target_span is not None:
                found = env.intro_at(binding.target_span.start, binding.target_span.end)
                if found is not None:
                    return Selector(kind=Kind.CARD, ref=Ref.SLOT, slot=env.slot(found), text=n.word)
            raise LoweringError(f"'{n.word}' is bound to something the engine does not track")
    return None


def _lower_put(clause: Clause, items: Sequence[Item], env: Env, text: str) -> Procedure:
    """"coloque-o em sua mão", "coloque aquele card nos recursos de seu dono", "no topo/fundo do deck"; "colocar em
    cena um card ..." (Metamorfo: PutInScene)."""
    from cardscript.compiler.lower_keyword_forms import put_in_scene

    placed = put_in_scene(items, env, text)
    if placed is not None:
        return placed
    k = 0
    cards: Selector | None = None
    if items and isinstance(items[0], NP) and not _is_w(items[0], "em"):
        first = items[0]
        assert isinstance(first, NP)
        if first.head not in ("mão", "recursos", "topo", "fundo", "base", "deck"):
            cards, k = selector_at(items, 0, env)
    if cards is None:
        cards = _clitic_object(clause, env)
    if cards is None:
        raise LoweringError("put what?")
    if k >= len(items) or not _is_w(items[k], "em") or k + 1 >= len(items):
        raise LoweringError("put: where?")
    dest = items[k + 1]
    if not isinstance(dest, NP):
        raise LoweringError("put: where?")
    k += 2
    if dest.head in ("mão", "recursos"):
        to = "hand" if dest.head == "mão" else "resources"
    elif dest.head in ("topo", "fundo", "base"):
        to = "deck_top" if dest.head == "topo" else "deck_bottom"          # "na base de seu deck": the bottom
        if k + 1 < len(items) and _is_w(items[k], "de"):
            k += 2
    else:
        raise LoweringError(f"put: into '{dest.head}'")
    if k + 1 < len(items) and _is_w(items[k], "de") and isinstance(items[k + 1], NP) \
            and items[k + 1].head in ("dono", "seu"):       # type: ignore[union-attr]
        k += 2
    _rest_empty(items[k:], "put")
    return Move(cards=cards, to=to, text=text)


def _deck_place(items: Sequence[Item], k: int) -> tuple[str, int] | None:
    """"[d]o topo de seu deck" / "[n]a base de seu deck" at ``items[k]`` (a preposition first): ("deck_top" or
    "deck_bottom", the index after it); None if it is not that."""
    if not (k + 3 < len(items) and _is_w(items[k], "de", "a", "em") and isinstance(items[k + 1], NP)
            and _is_w(items[k + 2], "de") and _np_with(items[k + 3], head="deck")):
        return None
    place = items[k + 1]
    assert isinstance(place, NP)
    if place.head not in ("topo", "fundo", "base") or "seu" not in items[k + 3].dets:   # type: ignore[union-attr]
        return None
    return ("deck_top" if place.head == "topo" else "deck_bottom"), k + 4


def _lower_set_aside(items: Sequence[Item], env: Env, text: str) -> Procedure:
    """"separe os N cards do topo de seu deck" (Clarividência, 7.1): they go to the set-aside area, in order, and
    are introduced ("olhe-os", "aqueles cards")."""
    if not items or not isinstance(items[0], NP):
        raise LoweringError("set aside what?")
    cards, end = selector_at(items, 0, env)
    place = _deck_place(items, end)
    if cards.ref is not None or cards.kind is not Kind.CARD or place is None or place[0] != "deck_top":
        raise LoweringError("set aside: only 'os N cards do topo de seu deck'")
    _rest_empty(items[place[1]:], "set aside")
    first = items[0]
    assert isinstance(first, NP)
    slot = env.slot(env.introduce(first, items[:end]))
    env.intro_zones[slot] = "set_aside"
    sel = replace(cards, zone="deck_top", zone_owner=Ref.YOU, every=True)
    return Move(cards=sel, to="set_aside", text=text, introduces=slot)


def _lower_return(items: Sequence[Item], env: Env, text: str) -> Procedure:
    """"devolva aqueles cards ao topo de seu deck [em qualquer ordem]": those of them still where a procedure
    put them (``from_zone``) go back; "em qualquer ordem": the controller orders them."""
    if not items or not isinstance(items[0], NP):
        raise LoweringError("return what?")
    first = items[0]
    assert isinstance(first, NP)
    cards, end = selector_at(items, 0, env)
    place = _deck_place(items, end)
    # "aqueles cards": a slot an earlier procedure introduced (not "o card escolhido", not the event's subject)
    introduced = cards.ref is Ref.SLOT and cards.slot.startswith(("intro:", "card:")) and not _is_chosen(first)
    if not introduced or place is None:
        raise LoweringError("return: only 'aqueles cards' to the top / bottom of the deck")
    end = place[1]
    any_order = False
    if end + 1 < len(items) and _is_w(items[end], "em") and _np_with(items[end + 1], det="qualquer",
                                                                       head="ordem"):
        any_order = True
        end += 2
    _rest_empty(items[end:], "return")
    return Move(cards=cards, to=place[0], any_order=any_order, from_zone=env.intro_zones.get(cards.slot, ""),
                text=text)


def _lower_search(items: Sequence[Item], env: Env, text: str) -> Procedure:
    """"Procure em seu deck [ou recursos] por um card de ..." -> the cards found fill a slot ("aquele card")."""
    zones: list[str] = []
    k = 0
    if k < len(items) and _is_w(items[k], "em"):
        k += 1
        while k < len(items):
            it = items[k]
            if isinstance(it, NP) and any(n in _ZONE_OF_NOUN for n in it.nouns):
                zones.extend(_ZONE_OF_NOUN[n] for n in it.nouns if n in _ZONE_OF_NOUN)
                k += 1
            elif _is_w(it, "ou", "e"):
                k += 1
            else:
                break
    if not zones or k >= len(items) or not _is_w(items[k], "por"):
        raise LoweringError("search: in which zone, for what?")
    np = items[k + 1]
    if not isinstance(np, NP):
        raise LoweringError("search for what?")
    cards, end = selector_at(items, k + 1, env)
    _rest_empty(items[end:], "search")
    slot = env.slot(env.introduce(np, items[k + 1:end]))
    return Search(who=Selector(kind=Kind.PLAYER, ref=Ref.YOU), zones=tuple(zones), cards=cards, text=text,
                  introduces=slot)


def _lower_gain(clause: Clause, items: Sequence[Item], subject: Selector | None, env: Env,
                text: str) -> Lowered:
    """"<subject> ganha {AG}", "... ganha Escudo +1 até o final do turno", "... ganham {GE} e Escudo +1", "...
    ganham a afiliação X" (lower_characteristics.affiliations_at)."""
    from cardscript.compiler.lower_characteristics import affiliations_at, subject_read_whole

    if subject is None:
        raise LoweringError("gain: who?")
    powers: list[str] = []
    affiliations: list[str] = []
    shield = 0
    k = 0
    sign = 1
    saw_shield = False
    while k < len(items):
        it = items[k]
        named = affiliations_at(items, k)
        if named is not None:
            affiliations.extend(named[0])
            k = named[1]
            continue
        if isinstance(it, NP) and it.icons and not it.nouns:
            powers.extend(it.icons)
        elif isinstance(it, NP) and it.head == "escudo":
            saw_shield = True
        elif isinstance(it, Sy) and it.text in "+-":
            sign = 1 if it.text == "+" else -1
        elif isinstance(it, NP) and it.nums and not it.nouns and saw_shield:
            shield += sign * it.nums[0]
        elif _is_w(it, "e", "ou") or isinstance(it, Sy):
            pass
        else:
            break
        k += 1
    duration = _duration(items[k:])
    if k < len(items) and duration is None:
        raise LoweringError("gain: unread complements")
    if not powers and not saw_shield and not affiliations:
        raise LoweringError("gain what?")
    if affiliations and not subject_read_whole(clause, env):
        raise LoweringError("gain an affiliation: whose? (the subject is not read whole)")
    kind = None if duration else EffectKind.STATIC
    gain = Gain(targets=subject, powers=tuple(powers), affiliations=tuple(affiliations),
                shield=shield if saw_shield else None, duration=duration or Duration.WHILE_IN_PLACE, text=text)
    return Lowered((gain,), kind, duration or Duration.WHILE_IN_PLACE)


def _lower_become(clause: Clause, items: Sequence[Item], env: Env, text: str) -> Lowered:
    """"o Escudo de X torna-se N [até o final do turno]" (4.8.6); "o dano que ... torna-se 0" (4.8.3 D);
    "a ação N deste personagem torna-se uma ação de Antecipar e Imprevista"."""
    if clause.subject is None:
        raise LoweringError("become: what?")
    subj = flatten([clause.subject])
    head = subj[0] if subj else None
    if not isinstance(head, NP):
        raise LoweringError("become: what?")
    if head.head == "escudo":
        whose: Selector
        if len(subj) > 2 and _is_w(subj[1], "de"):
            whose, _ = selector_at(subj, 2, env)
        elif "seu" in head.dets:
            whose = env.last_this or Selector(kind=Kind.CHARACTER, ref=Ref.THIS_CHARACTER)
            whose = replace(whose, text="seu Escudo")
        else:
            raise LoweringError("whose shield?")
        value = items[0] if items else None
        if not isinstance(value, NP) or not value.nums:
            raise LoweringError("shield becomes what?")
        duration = _duration(items[1:])
        kind = None if duration else EffectKind.STATIC
        return Lowered((SetShield(targets=whose, value=value.nums[0], duration=duration or Duration.WHILE_IN_PLACE,
                                  text=text),), kind)
    if head.head == "dano":
        value = items[0] if items else None
        if not isinstance(value, NP) or not value.nums or len(items) > 1:
            raise LoweringError("damage becomes what?")
        return Lowered((_damage_becomes(subj, value.nums[0], env, text),), EffectKind.DAMAGE_MODIFIER)
    if head.head == "ação" and len(subj) > 1 and isinstance(subj[1], NP) and subj[1].names:
        name = subj[1].names[0]
        types = {it.lemma for it in items if isinstance(it, W)}
        anticipate = "antecipar" in types
        unforeseen = "imprevista" in types or any(isinstance(it, NP) and "imprevista" in it.adjs for it in items)
        if not anticipate and not unforeseen:
            raise LoweringError("the action becomes what?")
        return Lowered((ChangeAction(action=name, anticipate=anticipate, unforeseen=unforeseen, text=text),),
                       EffectKind.STATIC)
    raise LoweringError("become: not a shield, damage or action")


def _cost_values(items: Sequence[Item], start: int) -> tuple[tuple[int, ...], int]:
    """``custo {0} e {1}`` from ``items[start]`` (the "custo" noun phrase): the costs named, and the end."""
    head = items[start]
    assert isinstance(head, NP)
    values = [int(c) for c in head.icons if c.isdigit()]
    k = start + 1
    while k < len(items):
        it = items[k]
        if isinstance(it, NP) and it.icons and not it.nouns and all(c.isdigit() for c in it.icons):
            values.extend(int(c) for c in it.icons)
            k += 1
        elif _is_w(it, "e", "ou") or isinstance(it, Sy) and it.text == ",":
            k += 1
        else:
            break
    while k > start + 1 and not isinstance(items[k - 1], NP):
        k -= 1                                      # a joiner not followed by a cost is not read
    return tuple(values), k


def _lower_set_cost(clause: Clause, items: Sequence[Item], text: str) -> Lowered:
    """"Todas as ações [de {TE}] [com custo {0} e {1}] têm custo {2}" (Máquina de Bloqueio Mental): a static
    setting the cost of the matching actions (8 B.3: with several such effects the higher cost wins)."""
    values, end = _cost_values(items, 0)
    if len(values) != 1:
        raise LoweringError("cost: which value?")
    _rest_empty(items[end:], "cost")
    subj = flatten([clause.subject]) if clause.subject is not None else []
    if not (subj and _np_with(subj[0], head="ação") and ({"todo", "cada"} & set(subj[0].dets))):  # type: ignore[union-attr]
        raise LoweringError("cost: of which actions?")
    filters, k = _action_filters(subj, 1)
    cost_in: tuple[int, ...] = ()
    if k + 1 < len(subj) and _is_w(subj[k], "com") and _np_with(subj[k + 1], head="custo"):
        cost_in, k = _cost_values(subj, k + 1)
        if not cost_in:
            raise LoweringError("cost: with which cost?")
    _rest_empty(subj[k:], "cost")
    return Lowered((SetCost(value=values[0], cost_in=cost_in, action_filters=filters, text=text),),
                   EffectKind.STATIC)


def _action_filters(items: Sequence[Item], start: int) -> tuple[tuple[Filter, ...], int]:
    """``ações de {TE}`` -> the action's power; returns filters and the end."""
    out: list[Filter] = []
    k = start
    while k + 1 < len(items) and _is_w(items[k], "de") and isinstance(items[k + 1], NP) \
            and items[k + 1].icons and not items[k + 1].nouns:    # type: ignore[union-attr]
        nxt = items[k + 1]
        assert isinstance(nxt, NP)
        out.extend(Filter("power", "eq", c) for c in nxt.icons)
        k += 2
    return tuple(out), k


def _damage_becomes(subj: Sequence[Item], value: int, env: Env, text: str) -> Procedure:
    """"O dano que este personagem receber de ações de {AE} torna-se 0" / "Todo o dano que seria causado a
    personagens ... que você controla durante a Fase de Preparação dos turnos de outros jogadores torna-se 0"."""
    target: Selector | None = None
    action_filters: tuple[Filter, ...] = ()
    phase = ""
    whose: Ref | None = None
    k = 1
    while k < len(subj):
        it = subj[k]
        if _is_w(it, "que"):
            k += 1
        elif isinstance(it, Rel) and it.clause.procedure is Verb.RECEIVE:
            target = _subject_selector(it.clause, env)
            k += 1
        elif isinstance(it, Rel) and it.clause.procedure is Verb.DAMAGE:
            k += 1
            if k + 1 < len(subj) and _is_w(subj[k], "a", "em") and isinstance(subj[k + 1], NP):
                k += 1                                  # "seria causado a este personagem" (Karnak V1)
            if k < len(subj) and isinstance(subj[k], NP):
                target, k = selector_at(subj, k, env)
        elif _is_w(it, "de") and k + 1 < len(subj) and isinstance(subj[k + 1], NP) and \
                subj[k + 1].head == "ação":      # type: ignore[union-attr]
            action_filters, k = _action_filters(subj, k + 2)
        elif _is_w(it, "durante"):
            phase = _phase_in(subj[k + 1:])
            rest = subj[k + 1:]
            if any(isinstance(r, NP) and r.head == "jogador" and "outro" in r.dets for r in rest):
                whose = Ref.OPPONENT
            k = len(subj)
        else:
            raise LoweringError("damage modifier: unread words")
    if target is None:
        raise LoweringError("damage modifier: to what?")
    return ModifyDamage(step="D", set_to=value, target=target, action_filters=action_filters, phase=phase,
                        whose_turn=whose, text=text)


def _first_action_zero(clause: Clause, items: Sequence[Item], env: Env) -> Lowered:
    """Blob V1: "A primeira ação que causar dano neste personagem em um turno causa 0 pontos de dano neste
    personagem" -> a 4.8.3 D modifier limited to the first damaging action each turn."""
    amount, k = _damage_amount(items, env)
    if amount.x_times or amount.fixed != 0:
        raise LoweringError("first action: only 'causa 0 pontos' is supported")
    rest = items[k:]
    target: Selector | None = None
    for j, it in enumerate(rest):
        if isinstance(it, NP) and "este" in it.dets:
            target, _ = selector_at(rest, j, env)
    if target is None:
        raise LoweringError("first action: to what?")
    return Lowered((ModifyDamage(step="D", set_to=0, target=target, source_kind="action", first_per_turn=True,
                                 text=_text(clause)),), EffectKind.DAMAGE_MODIFIER)


def _restrict_target(items: Sequence[Item], subject: Selector | None, env: Env, text: str) -> Procedure:
    """"Este personagem não pode ser alvo de ações de {TE}" / "... da primeira ação com alvo que for usada
    por um oponente em cada turno" (4.6.2 F.2.2)."""
    if subject is None:
        raise LoweringError("restriction: on what?")
    k = 1
    if k == len(items):
        return Restrict(what="be_target", subject=subject, text=text)
    if not (_is_w(items[k], "de") and k + 1 < len(items) and isinstance(items[k + 1], NP)
            and items[k + 1].head == "ação"):      # type: ignore[union-attr]
        raise LoweringError("restriction: unread words")
    action = items[k + 1]
    assert isinstance(action, NP)
    filters, k = _action_filters(items, k + 2)
    first_per_turn = "primeiro" in action.adjs
    by: Ref | None = None
    if first_per_turn:
        # "com alvo que for usada por um oponente em cada turno"
        rest = items[k:]
        if any(isinstance(r, NP) and r.head == "oponente" for r in rest):
            by = Ref.OPPONENT
        k = len(items)
    _rest_empty(items[k:], "restriction")
    return Restrict(what="be_target", subject=subject, action_filters=filters, first_per_turn=first_per_turn,
                    by_ref=by, text=text)


def _restrict_unload(clause: Clause, items: Sequence[Item], env: Env, text: str) -> Procedure:
    """Mantis V1: "Cards não podem ser descarregados deste personagem pelo efeito de ações de {TC}"."""
    k = 0
    if not (items and _is_w(items[0], "de")):
        raise LoweringError("unload restriction: from what?")
    frm, k = selector_at(items, 1, env)
    filters: tuple[Filter, ...] = ()
    if k + 1 < len(items) and _is_w(items[k], "por") and isinstance(items[k + 1], NP) \
            and items[k + 1].head == "efeito":       # type: ignore[union-attr]
        if not (k + 3 < len(items) and _is_w(items[k + 2], "de")):
            raise LoweringError("unload restriction: effect of what?")
        filters, k = _action_filters(items, k + 4)
    _rest_empty(items[k:], "unload restriction")
    return Restrict(what="unload_by_effect", subject=frm, action_filters=filters, text=text)


def _lower_use(clause: Clause, items: Sequence[Item], subject: Selector | None, env: Env,
               text: str) -> Lowered:
    """"Este personagem pode usar esta ação outra vez neste turno" / "mais uma ação" (4.6.2 C.4);
    "... não podem usar ações de {LA}"; "pode usar até duas ações de {LA} de nomes diferentes em cada turno"."""
    if subject is None:
        raise LoweringError("use: who?")
    if clause.negated:
        k = 0
        if not (items and isinstance(items[0], NP) and items[0].head == "ação"):
            raise LoweringError("cannot use what?")
        filters, k = _action_filters(items, 1)
        _rest_empty(items[k:], "use restriction")
        return Lowered((Restrict(what="use_action", subject=subject, action_filters=filters, text=text),),
                       EffectKind.STATIC)
    words = {it.lemma for it in items if isinstance(it, W)}
    nps = [it for it in items if isinstance(it, NP)]
    if any("outro" in n.dets and n.head == "vez" for n in nps) or any("mais" in n.dets for n in nps):
        duration = _duration(items) or Duration.INSTANT
        same_action = any(n.head == "ação" and "este" in n.dets for n in nps)
        return Lowered((ExtraAction(who=subject, amount=1, same_action=same_action, duration=duration, text=text),))
    if "até" in words and nps and nps[0].nums:
        filters, _ = _action_filters(items, 3)
        distinct = any(n.head == "nome" and "diferente" in n.adjs for n in nps)
        if not any(n.head == "turno" and "cada" in n.dets for n in nps):
            raise LoweringError("use: per what?")
        return Lowered((Allow(what="actions_per_turn", subject=subject, amount=nps[0].nums[0], action_filters=filters,
                              distinct_names=distinct, text=text),), EffectKind.STATIC)
    raise LoweringError("use: not an extra action")


# ---------------------------------------------------------------------------------------------
# leads: triggers, windows, conditions


def _trigger(phrase: Phrase, env: Env) -> tuple[EventPattern | None, EffectKind | None]:
    """"Quando este cenário entrar em cena", "Toda vez que ... usar uma ação de {AE}", "No início de sua
    Fase de X" (5.2). Returns (None, DAMAGE_MODIFIER) for "Toda vez que um herói fosse causar dano" (5.3)."""
    inner = [p for p in phrase.parts if isinstance(p, Phrase)]
    parts = inner[0].parts if inner and inner[0].kind is PhraseKind.TRIGGER else phrase.parts
    clauses = [p for p in parts if isinstance(p, Clause)]
    text = _text(phrase)
    if not clauses:
        raise LoweringError("trigger without a clause")
    clause = clauses[0]
    items = flatten(clause.complements)
    subject = _subject_selector(clause, env)
    verb = clause.procedure
    if verb is Verb.DAMAGE and any(isinstance(n, Lexeme) and n.lemma == "ser" for n in clause.verb.parts):
        return None, EffectKind.DAMAGE_MODIFIER
    if verb is Verb.DAMAGE and clause.subject is not None:
        # "Toda vez que uma ação deste personagem causar dano em um ou mais personagens que você não controla"
        # (Predador): the action's user, the characters damaged; once per action (rules 7)
        subj = flatten([clause.subject])
        if len(subj) == 3 and _np_with(subj[0], head="ação") and _is_w(subj[1], "de") and isinstance(subj[2], NP) \
                and len(items) > 2 and _np_with(items[0], head="dano") and _is_w(items[1], "em"):
            user, _ = selector_at(subj, 2, env)
            at = 2
            if len(items) > 4 and isinstance(items[2], NP) and _is_w(items[3], "ou") \
                    and _np_with(items[4], det="mais"):
                at = 4                                         # "um ou mais personagens"
            damaged, end = selector_at(items, at, env)
            _rest_empty(items[end:], "trigger")
            return EventPattern("action_damage", subject=user, text=text,
                                target=replace(damaged, count=Quantity.of(1))), None
    if verb is Verb.ENTER and items and _is_w(items[0], "em"):
        return EventPattern("enter_scene", subject=subject, text=text), None
    if verb is Verb.LEAVE:
        return EventPattern("leave_scene", subject=subject, text=text), None
    if verb is Verb.PUT and len(items) >= 2 and _is_w(items[0], "em") and _np_with(items[1], head="prêmios") \
            and (len(items) == 2 or len(items) == 4 and _is_w(items[2], "de") and _np_with(items[3], head="oponente")):
        # "Quando este card for colocado nos prêmios de um oponente" (Espionar): knocked out, or put there from
        # any area -- the prize area counting for the opponent is its owner's (rules 3, 4.9.1)
        return EventPattern("to_prizes", subject=subject, text=text), None
    if verb is Verb.USE:
        k = _find_np(items)
        if k is None or not isinstance(items[k], NP) or items[k].head != "ação":    # type: ignore[union-attr]
            raise LoweringError("trigger: uses what?")
        filters, end = _action_filters(items, k + 1)
        whose: Ref | None = None
        rest = items[end:]
        if rest and _is_w(rest[0], "durante") and any(_np_with(r, det="outro", head="jogador") for r in rest):
            whose = Ref.OPPONENT
            rest = []
        if len(rest) == 2 and _duration(rest) is not None:
            env.trigger_duration = _duration(rest)     # "Toda vez que o alvo usar uma ação neste turno"
            rest = []
        target: Selector | None = None
        target_slot = ""
        if len(rest) > 3 and _is_w(rest[0], "ter", "tendo") and _is_w(rest[1], "como") \
                and _np_with(rest[2], head="alvo") and isinstance(rest[3], NP):
            # "tendo como alvo um personagem com Predador que você controla": filters the targets
            target, end = selector_at(rest, 3, env)
            if target.ref is not None:
                raise LoweringError("trigger: which target?")
            target_slot = env.slot(env.introduce(rest[3], rest[3:end]))
            rest = rest[end:]
        if rest:
            raise LoweringError("trigger: unread words")
        return EventPattern("use_action", subject=subject, whose=whose, text=text, action_filters=filters,
                            target=target, target_slot=target_slot), None
    if verb is Verb.LOAD:
        from cardscript.compiler.lower_damage import load_trigger  # "Toda vez que um card for carregado ..."

        loaded = load_trigger(clause, env, text)
        if loaded is not None:
            return loaded, None
    raise LoweringError(f"trigger on '{verb.value}' not supported")


def _window(phrase: Phrase) -> tuple[str, int, Ref | None]:
    """"Durante sua Fase de Preparação" -> phase; "uma vez por turno" -> limit; "No início de ..." -> phase."""
    items = flatten(phrase.parts)
    words = [it.lemma for it in items if isinstance(it, W)]
    if "vez" in words and "por" in words:
        return "", 1, None
    phase = _phase_in(items)
    whose = Ref.YOU if any(isinstance(it, NP) and "seu" in it.dets and it.head in ("fase", "etapa")
                           for it in items) else None
    if phase:
        return phase, 0, whose
    raise LoweringError("window not understood")


def _phase_trigger(phrase: Phrase) -> EventPattern | None:
    """"No início da Etapa de Ataque de seu turno", "No início da Etapa de Antecipação do turno de um oponente",
    "No final de sua Fase de Compra": triggered by the start / end of a phase or step (5.2, 6.2). None when the
    phrase is not "No início / final de ..."."""
    items = flatten(phrase.parts)
    if len(items) < 3 or not _is_w(items[0], "em") or not _np_with(items[1]) \
            or items[1].head not in ("início", "final"):      # type: ignore[union-attr]
        return None
    phase = _phase_in(items)
    if not phase:
        raise LoweringError("the start of which phase?")
    whose: Ref | None = None
    if any(_np_with(it, head="oponente") for it in items):
        whose = Ref.OPPONENT
    elif any(isinstance(it, NP) and "seu" in it.dets and it.head in ("fase", "etapa", "turno") for it in items):
        whose = Ref.YOU
    event = "phase_start" if items[1].head == "início" else "phase_end"      # type: ignore[union-attr]
    return EventPattern(event, phase=phase, whose=whose, text=_text(phrase))


def _condition(phrase: Phrase, env: Env) -> Condition:
    """"Se/Enquanto você controlar ...", "... este personagem estiver com Energia igual a 1", "se o alvo for ..."."""
    clauses = [n for n in _walk_top(phrase) if isinstance(n, Clause)]
    text = _text(phrase)
    if len(clauses) != 1:
        raise LoweringError("condition: one clause expected")
    clause = clauses[0]
    items = flatten(clause.complements)
    verb = clause.procedure
    if verb is Verb.CONTROL and _subject_is_you(clause):
        k = _find_np(items)
        if k is None:
            raise LoweringError("controls what?")
        what, end = selector_at(items, k, env)
        if what.ref is not None:
            from cardscript.compiler.lower_keyword_forms import since_turn_start

            if not since_turn_start(items[end:]):
                raise LoweringError("controls: unread complements")
            # "se você controlar este personagem desde o início do turno" (Metamorfo; 4.6.2 C.1 entered_turn)
            return Condition("is", subject=replace(what, filters=(*what.filters, Filter("controller", "eq", "you"),
                                                                  Filter("since_turn_start", "eq", "true"))),
                             text=text)
        extra: list[Filter] = []
        # "com uma afiliação em comum com este personagem"
        if end + 3 < len(items) and _is_w(items[end], "com") and isinstance(items[end + 1], NP) \
                and items[end + 1].head == "afiliação":       # type: ignore[union-attr]
            extra.append(Filter("affiliation", "shares", "this"))
            end = len(items)
        _rest_empty(items[end:], "condition")
        what = replace(what, filters=(*what.filters, *extra))
        return Condition("controls", subject=what, value=str(what.count.fixed), text=text)
    subject = _subject_selector(clause, env)
    if verb is Verb.BE_STATE and subject is not None and len(items) == 2 and _is_w(items[0], "em") \
            and isinstance(items[1], NP) and items[1].head in _ZONE_OF_NOUN:
        # "se este card estiver em sua mão" (Ataque-Surpresa): where the card is when the effect resolves
        return Condition("in_zone", subject=subject, value=_ZONE_OF_NOUN[items[1].head], text=text)
    if verb is Verb.BE_STATE and subject is not None and len(items) >= 3 and _is_w(items[0], "com") \
            and isinstance(items[1], NP) and items[1].head == "energia" and "igual" in items[1].adjs:
        value = items[2]
        if isinstance(value, NP) and value.nums:
            return Condition("energy", subject=subject, value=f"eq:{value.nums[0]}", text=text)
    if verb is Verb.HAVE and subject is not None and items and isinstance(items[0], NP) and items[0].icons \
            and len(items) == 1:
        return Condition("has_power", subject=subject, value=items[0].icons[0], text=text)
    if verb is Verb.HAVE and subject is not None and any(_is_w(it, "ou") for it in items):
        return _has_any(subject, items, text)
    if verb is Verb.BE and subject is not None and items and isinstance(items[0], NP):
        what, end = selector_at(items, 0, env)
        _rest_empty(items[end:], "condition")
        kind_filter = () if what.kind is Kind.CHARACTER else ()
        return Condition("is", subject=replace(subject, filters=(*subject.filters, *what.filters, *kind_filter)),
                         negated=clause.negated, text=text)
    raise LoweringError("condition not understood")


def _has_any(subject: Selector, items: Sequence[Item], text: str) -> Condition:
    """"Enquanto este personagem tiver a afiliação I.M.A. ou {GE}" (Armadura de Combate I.M.A.): any of an
    affiliation or a power (4.8.6: a bonus under such a condition stops and resumes with it)."""
    alts: list[Condition] = []
    k = 0
    while k < len(items):
        it = items[k]
        if _is_w(it, "ou"):
            k += 1
        elif isinstance(it, NP) and it.icons and not it.nouns:
            alts.extend(Condition("has_power", subject=subject, value=c, text=text) for c in it.icons)
            k += 1
        elif isinstance(it, NP) and it.head == "afiliação":
            names = it.names
            if not names and k + 1 < len(items) and isinstance(items[k + 1], NP):
                names = items[k + 1].names      # type: ignore[union-attr]
                k += 1
            if not names:
                raise LoweringError("condition: which affiliation?")
            alts.append(Condition("is", subject=replace(subject, filters=(
                *subject.filters, Filter("affiliation", "has", names[0]))), text=text))
            k += 1
        else:
            raise LoweringError("condition not understood")
    if len(alts) < 2:
        raise LoweringError("condition not understood")
    return Condition("any", any_of=tuple(alts), text=text)


_REPLACEABLE = {Verb.SEARCH: "search", Verb.RECEIVE: "damage"}


def _hypothetical(phrase: Phrase, env: Env) -> Replace | None:
    """5.5: "Se <subject> fosse procurar ..." / "Se <subject> fosse receber dano": the procedure a
    replacement effect replaces (its event and subject; the subject is introduced, so "ele" in the
    replacing procedure is the one who would have done it), as a :class:`Replace` whose replacing procedures
    are still to be given. None for an ordinary condition."""
    clauses = [n for n in _walk_top(phrase) if isinstance(n, Clause)]
    if len(clauses) != 1:
        return None
    clause = clauses[0]
    if not any(isinstance(n, Lexeme) and n.lemma == "ser" for n in clause.verb.parts):
        return None
    event = _REPLACEABLE.get(clause.procedure)
    if event is None:          # "se o alvo for ...": an ordinary condition, not "fosse <procedure>"
        return None
    subject = _subject_selector(clause, env)
    if subject is None:
        raise LoweringError("replacement: who would do it?")
    subj_items = flatten([clause.subject]) if clause.subject is not None else []
    slot = env.slot(env.introduce(subj_items[0] if subj_items and isinstance(subj_items[0], NP) else None))
    items = flatten(clause.complements)
    zones = tuple(_ZONE_OF_NOUN[n] for it in items if isinstance(it, NP) for n in it.nouns if n in _ZONE_OF_NOUN)
    if event == "damage" and not any(_np_with(it, head="dano") for it in items):
        raise LoweringError("replacement: receive what?")
    return Replace(event=event, subject=subject, instead=(), zones=zones, subject_slot=slot, text=_text(phrase))


def _walk_top(phrase: Phrase) -> list[Node]:
    out: list[Node] = []
    for p in phrase.parts:
        if isinstance(p, Phrase):
            out.extend(_walk_top(p))
        else:
            out.append(p)
    return out


def _is_if_done(phrase: Phrase) -> bool:
    return phrase.kind is PhraseKind.IF_DONE


# ---------------------------------------------------------------------------------------------
# paragraphs -> effects


def _x_definition(sentence: Sentence, env: Env) -> Count | None:
    """"X é igual ao número de <selector>" (Count)."""
    clauses = sentence.body.clauses
    if len(clauses) != 1 or clauses[0].procedure is not Verb.BE or clauses[0].subject is None:
        return None
    subj = flatten([clauses[0].subject])
    if not (subj and isinstance(subj[0], NP) and "x" in subj[0].lits):
        return None
    items = flatten(clauses[0].complements)
    text = _text(sentence)
    # "a o número de <selector>"
    if len(items) >= 4 and _is_w(items[0], "a") and isinstance(items[1], NP) and items[1].head == "número" \
            and _is_w(items[2], "de"):
        nxt = items[3]
        rels = [it for it in items[4:6] if isinstance(it, Rel)]
        if isinstance(nxt, NP) and nxt.head == "card" and rels:
            rel = rels[0].clause
            if rel.procedure in (Verb.BE_STATE, Verb.LOAD) and any(
                    isinstance(n, Lexeme) and n.lemma == "carregar" for n in rel.verb.parts):
                carrier = _subject_selector(rel, env)
                return Count(what=Selector(kind=Kind.CARD, zone="carried", of=carrier, every=True), text=text)
            raise LoweringError("X: cards that ... not understood")
        what, end = selector_at(items, 3, env)
        _rest_empty(items[end:], "X")
        return Count(what=replace(what, every=True), text=text)
    raise LoweringError("X definition not understood")


def _unsupported(text: str, why: str = "") -> Procedure:
    return Unsupported(why=why, text=text)


def _lower_seq(seq: ClauseSeq, env: Env, optional_seen: list[bool]
               ) -> tuple[list[list[Procedure]], dict[str, object]]:
    """A sentence's clauses -> procedures, split into modes at clause-level "ou". Also returns what the
    leads said (trigger, window, limit, condition, effect kind)."""
    modes: list[list[Procedure]] = [[]]
    info: dict[str, object] = {}
    pending_cond: Condition | None = None
    if_done = False
    last_clause_procs: list[Procedure] = []
    for item in seq.items:
        if isinstance(item, Phrase):
            kind = item.kind
            if kind is PhraseKind.JOINER:
                words = [n for n in _walk_top(item) if isinstance(n, Lexeme)]
                if any(w.lemma == "ou" for w in words):
                    modes.append([])
                continue
            if kind is PhraseKind.TRIGGER:
                try:
                    pattern, ek = _trigger(item, env)
                except LoweringError as exc:
                    info["unsupported"] = f"trigger: {exc}"
                    continue
                if ek is not None:
                    info["kind"] = ek
                    info["modifier_lead"] = item
                else:
                    info["trigger"] = pattern
                    env.trigger_event = pattern.event if pattern is not None else ""
                    if pattern is not None and pattern.subject is not None:
                        env.trigger_subject = (Selector(kind=pattern.subject.kind, ref=Ref.SLOT, slot="event:subject",
                                                        text=pattern.subject.text)
                                               if pattern.subject.ref is None else pattern.subject)
                continue
            if kind is PhraseKind.WINDOW:
                try:
                    at_phase = _phase_trigger(item)
                    if at_phase is not None:       # "No início da Etapa de Ataque de seu turno": a trigger
                        info["trigger"] = at_phase
                        continue
                    phase, limit, whose = _window(item)
                except LoweringError as exc:
                    info["unsupported"] = f"window: {exc}"
                    continue
                if phase:
                    info["window"] = phase
                    info["whose"] = whose
                if limit:
                    info["limit"] = limit
                continue
            if kind is PhraseKind.CONDITION:
                try:
                    replaced = _hypothetical(item, env)
                    if replaced is not None:
                        info["replaces"] = replaced
                        continue
                    cond = _condition(item, env)
                except LoweringError as exc:
                    info["unsupported"] = f"condition: {exc}"
                    continue
                if last_clause_procs and item is seq.items[-1]:
                    # trailing condition: applies to what comes before it
                    for p in last_clause_procs:
                        idx = modes[-1].index(p)
                        modes[-1][idx] = replace(p, condition=cond)
                else:
                    pending_cond = cond
                continue
            if kind is PhraseKind.IF_DONE:
                if_done = True
                continue
            if kind is PhraseKind.THEN:
                continue
            info["unsupported"] = f"lead '{kind.value}'"
            continue
        if isinstance(item, Clause):
            try:
                low = lower_clause(item, env)
                procs = [replace(p, optional=item.optional or p.optional, if_done=if_done or p.if_done,
                                 condition=pending_cond or p.condition) for p in low.procedures]
                if low.kind is not None:
                    info.setdefault("clause_kind", low.kind)
            except LoweringError as exc:
                procs = [_unsupported(_text(item), str(exc))]
            if item.optional:
                optional_seen.append(True)
            modes[-1].extend(procs)
            last_clause_procs = procs
            pending_cond = None
    return modes, info


def lower_paragraph(para: Paragraph, env: Env) -> list[Effect]:
    """One paragraph of the permanent text -> its effects (rules 5)."""
    text = _text(para)
    if isinstance(para, KeywordLine):
        return [_keyword_effect(para)]
    effects: list[Effect] = [_keyword_effect(k) for k in para.keyword_lines]
    if not para.sentences:
        return effects
    caused = _caused_damage_modifier(para, env, text)
    if caused is None:
        from cardscript.compiler.lower_damage import lower_damage_paragraph  # damage forms (rules 4.8)

        caused = lower_damage_paragraph(para, env, text)
    if caused is not None:
        return [*effects, caused]
    procs: list[Procedure] = []
    info: dict[str, object] = {}
    unsupported: list[str] = []
    optional_seen: list[bool] = []
    for sentence in para.sentences:
        try:
            count = _x_definition(sentence, env)
        except LoweringError as exc:
            procs.append(_unsupported(_text(sentence), str(exc)))
            continue
        if count is not None:
            env.x = count
            procs = [_with_x(p, count) for p in procs]
            continue
        if sentence.cost is not None:
            procs.append(_unsupported(_text(sentence), "extra costs outside an action"))
            continue
        modes, sinfo = _lower_seq(sentence.body, env, optional_seen)
        if len(modes) > 1:
            procs.append(_unsupported(_text(sentence), "'ou' between effects outside an action"))
            continue
        procs.extend(modes[0])
        for k, v in sinfo.items():
            if k == "unsupported":
                unsupported.append(str(v))
            else:
                info.setdefault(k, v)
    from cardscript.compiler.lower_keyword_forms import merge_unload_then_move

    procs = merge_unload_then_move(procs)      # "descarregar os cards deste personagem e colocar este personagem ..."
    trigger = info.get("trigger")
    window = str(info.get("window", ""))
    limit = int(str(info.get("limit", 0)))
    clause_kind = info.get("clause_kind")
    lead_kind = info.get("kind")
    rule = lower_rule_static(para, env.card_name, text)   # a rule-changing static (rules 7 keywords, old forms)
    if rule is not None:
        return [*effects, rule]
    if unsupported:
        return [*effects, Effect(EffectKind.UNSUPPORTED, tuple(procs), text=text + "  [" + "; ".join(unsupported)
                                 + "]")]
    replaced = info.get("replaces")
    if isinstance(replaced, Replace):
        # 5.5: "Se ... fosse ..., ... ao invés disso": the replaced procedure does not happen, these do
        instead = tuple(replace(p, condition=None) for p in procs)
        return [*effects, Effect(EffectKind.REPLACEMENT, (replace(replaced, instead=instead, text=text),),
                                 duration=Duration.WHILE_IN_PLACE, text=text)]
    if lead_kind is EffectKind.DAMAGE_MODIFIER:
        return [*effects, _damage_modifier_lead(para, info, env, text)]
    if isinstance(trigger, EventPattern):
        return [*effects, Effect(EffectKind.TRIGGERED, tuple(procs), trigger=trigger, text=text)]
    if window or limit:
        if not procs or not procs[0].optional:
            return [*effects, Effect(EffectKind.UNSUPPORTED, tuple(procs), text=text + "  [a window without "
                                     "'você pode']")]
        # a leading "se ..." of an activated effect is its activation condition (5.1: Metamorfo, "só pode ser
        # ativado ... se você controlar aquele personagem desde o início do turno")
        first = replace(procs[0], optional=False, condition=None)
        return [*effects, Effect(EffectKind.ACTIVATED, (first, *procs[1:]), window=window, limit_per_turn=limit,
                                 condition=procs[0].condition, text=text)]
    if isinstance(clause_kind, EffectKind):
        cond = procs[0].condition if procs else None
        procs = [replace(p, condition=None) for p in procs]
        return [*effects, Effect(clause_kind, tuple(procs), condition=cond, duration=Duration.WHILE_IN_PLACE,
                                 text=text)]
    return [*effects, Effect(EffectKind.UNSUPPORTED, tuple(procs), text=text + "  [no trigger, window or static "
                             "form]")]


def _caused_damage_modifier(para: EffectParagraph, env: Env, text: str) -> Effect | None:
    """"Toda vez que uma ação de Antecipar causar dano, ela causará metade do dano, arredondado para baixo" (A
    Essência do Medo), "Toda vez que um personagem vilão causar dano, ele causará aquela quantidade de dano +1"
    (À Espreita): the damage is being caused, so these modify it (5.3, 4.8.3 B / C) rather than trigger. Only
    the exact form -- one sentence: the lead, the "causará" clause and an optional "arredondado para baixo /
    cima" -- and nothing else (no condition); None otherwise (the paragraph lowers as before)."""
    if len(para.sentences) != 1 or para.sentences[0].cost is not None:
        return None
    seq = [it for it in para.sentences[0].body.items
           if not (isinstance(it, Phrase) and it.kind is PhraseKind.JOINER and _text(it).strip() == ",")]
    if len(seq) not in (2, 3) or not isinstance(seq[0], Phrase) or seq[0].kind is not PhraseKind.TRIGGER:
        return None
    lead = seq[0]
    inner = [p for p in lead.parts if isinstance(p, Phrase)]
    parts = inner[0].parts if inner and inner[0].kind is PhraseKind.TRIGGER else lead.parts
    lead_clauses = [p for p in parts if isinstance(p, Clause)]
    if len(lead_clauses) != 1 or lead_clauses[0].procedure is not Verb.DAMAGE or any(
            isinstance(n, Lexeme) and n.lemma == "ser" for n in lead_clauses[0].verb.parts):
        return None
    lead_clause = lead_clauses[0]
    lead_items = flatten(lead_clause.complements)
    if not (len(lead_items) == 1 and isinstance(lead_items[0], NP) and lead_items[0].head == "dano"):
        return None                       # "causar dano" and nothing else ("... no alvo desta ação": not this form)
    body = seq[1]
    if not isinstance(body, Clause) or body.procedure is not Verb.DAMAGE:
        return None
    rounding = "down"
    if len(seq) == 3:
        tail = seq[2]
        words = _text(tail).lower() if isinstance(tail, Clause) else ""
        if "arredondad" not in words or not ("baixo" in words or "cima" in words):
            return None
        rounding = "up" if "cima" in words else "down"
    bitems = flatten(body.complements)
    if not bitems or not isinstance(bitems[0], NP):
        return None
    step = _modifier_step(bitems[0].head, bitems, rounding, single=len(seq) == 2)
    if isinstance(step, str):
        return None
    modifier = step
    subj_words = _text(lead_clause).lower()
    if "ação" in subj_words.split(" causar")[0]:
        types = tuple(t for t, w in (("antecipar", "de antecipar"), ("imprevista", "imprevista")) if w in subj_words)
        if types != ("antecipar",) and types != ("imprevista",) and "uma ação causar" not in subj_words:
            return None
        modifier = replace(modifier, source_kind="action", action_types=types)
    else:
        try:
            source = _subject_selector(lead_clause, env)
        except LoweringError:
            return None
        if source is None:
            return None
        modifier = replace(modifier, source=source)
    # keyed on the source: the first calculation only (4.8.3.1 ATENÇÃO)
    return Effect(EffectKind.DAMAGE_MODIFIER, (replace(modifier, scope="first", text=text),),
                  duration=Duration.WHILE_IN_PLACE, text=text)


def _damage_modifier_lead(para: EffectParagraph, info: dict[str, object], env: Env, text: str) -> Effect:
    """"Toda vez que um herói fosse causar dano [a um vilão], ele causará aquela quantidade de dano -1/+1"
    (rules 5.3, 4.8.3 B)."""
    lead = info.get("modifier_lead")
    assert isinstance(lead, Phrase)
    clause = next(n for n in _walk_top(lead) if isinstance(n, Clause))
    source, source_kind = _modifier_source(clause, env)
    items = flatten(clause.complements)
    target: Selector | None = None
    if len(items) >= 3 and _is_w(items[1], "a", "em"):
        target, end = selector_at(items, 2, env)
        if any(_np_with(it, head="afiliação") and "escolher" in it.vparts for it in items[end:]):  # type: ignore[union-attr]
            # "a um personagem com a afiliação escolhida" (Soprano V1): only the affiliation its text chose
            target = replace(target, filters=(*target.filters, Filter("affiliation", "chosen", "this")))
    body = para.sentences[0].body.clauses
    rounding = "down"
    if len(body) == 2:                    # "..., arredondado para baixo / cima" (Rir do Perigo)
        words = _text(body[1]).lower()
        if "arredondad" not in words or not ("baixo" in words or "cima" in words):
            return Effect(EffectKind.UNSUPPORTED, (_unsupported(text, "damage modifier form"),), text=text)
        rounding = "up" if "cima" in words else "down"
        body = body[:1]
    if len(para.sentences) != 1 or len(body) != 1 or body[0].procedure is not Verb.DAMAGE:
        return Effect(EffectKind.UNSUPPORTED, (_unsupported(text, "damage modifier form"),), text=text)
    bitems = flatten(body[0].complements)
    head = bitems[0].head if bitems and isinstance(bitems[0], NP) else ""
    step = _modifier_step(head, bitems, rounding, single=len(para.sentences[0].body.clauses) == 1)
    if isinstance(step, str):
        return Effect(EffectKind.UNSUPPORTED, (_unsupported(text, step),), text=text)
    modifier = replace(step, source=source, source_kind=source_kind, target=target, text=text)
    return Effect(EffectKind.DAMAGE_MODIFIER, (modifier,), duration=Duration.WHILE_IN_PLACE, text=text)


def _modifier_step(head: str, items: Sequence[Item], rounding: str, single: bool) -> ModifyDamage | str:
    """The 4.8.3 step of "ela causará <quantidade>": "metade do dano[, arredondado para baixo/cima]" (C, divide by
    2), "o dobro do dano" (C, multiply by 2), "aquela quantidade de dano +N/-N" (B); the last two only as the
    clause's single statement (``single``). A reason instead when it is none of them."""
    if head == "metade":
        return ModifyDamage(step="C", divide=2, round=rounding)
    if head == "dobro" and single:
        return ModifyDamage(step="C", multiply=2)
    if head == "quantidade" and single:
        sign, delta = 1, None
        for it in items[1:]:
            if isinstance(it, Sy) and it.text in "+-":
                sign = 1 if it.text == "+" else -1
            elif isinstance(it, NP) and it.nums:
                delta = sign * it.nums[0]
        return "damage modifier amount" if delta is None else ModifyDamage(step="B", delta=delta)
    return "damage modifier form"


def _modifier_source(clause: Clause, env: Env) -> tuple[Selector | None, str]:
    """The source of a "Toda vez que <fonte> fosse causar dano" modifier (4.8.5): "um herói" -> that character;
    "uma ação" -> any action (``source_kind`` action); "uma ação deste personagem / de um herói que você
    controla" -> an action whose user is that character (the runtime matches the source's user)."""
    subj = flatten([clause.subject]) if clause.subject is not None else []
    first = subj[0] if subj else None
    if isinstance(first, NP) and first.head == "ação" and not first.names \
            and not ({"este", "aquele"} & set(first.dets)):
        if len(subj) == 1:
            return None, "action"
        if len(subj) > 2 and _is_w(subj[1], "de") and isinstance(subj[2], NP):
            user, end = selector_at(subj, 2, env)
            if end == len(subj):
                return user, "action"
        if len(subj) == 2 and isinstance(subj[1], NP) and "este" in subj[1].dets:
            user, _ = selector_at(subj, 1, env)           # "deste personagem" read as one phrase
            return user, "action"
        raise LoweringError("damage modifier: an action of whom?")
    return _subject_selector(clause, env), ""


def _with_x(p: Procedure, count: Count) -> Procedure:
    """``p`` with X defined by ``count`` in each of its quantities that leaves X undefined (its own operands,
    not those inside its selectors)."""
    changes: dict[str, Any] = {}
    for f in fields(p):
        v = getattr(p, f.name)
        if isinstance(v, Quantity) and v.x_times and v.x is None:
            changes[f.name] = replace(v, x=count)
    return replace(p, **changes) if changes else p


def _keyword_effect(k: KeywordLine) -> Effect:
    args: list[str] = []
    if k.value is not None:
        args.append(_text(k.value))
    for a in k.arguments:
        t = _text(a)
        if t and t not in ("e", ","):
            args.append(t)
    return Effect(EffectKind.KEYWORD, keyword=k.keyword, keyword_args=tuple(args), text=_text(k))


def lower_keyword(use: KeywordUse, card_name: str, raw: CardFileRaw) -> list[Effect]:
    """A keyword's meaning (the prelude's text filled in and compiled, see expand.py) -> the effects it stands
    for, each marked with the keyword and working in the keyword's zone (5.6)."""
    zone = use.definition.zone.engine_zone
    if use.block is None:
        return [Effect(EffectKind.UNSUPPORTED, (_unsupported(use.written, "the keyword's meaning did not compile"),),
                       text=use.written, from_keyword=use.name, zone=zone)]
    if use.in_action and use.definition.usage is Usage.ACTION:
        from cardscript.compiler.lower_action_keywords import lower_action_keyword

        return lower_action_keyword(use, card_name, raw)
    env_action = raw.action.name if raw.action else ""
    out: list[Effect] = []
    for para in use.block.paragraphs:
        env = Env(card_name, env_action, use.in_action, _bindings(use.block))
        try:
            lowered = lower_paragraph(para, env)
        except LoweringError as exc:     # pragma: no cover - lower_paragraph keeps its failures
            lowered = [Effect(EffectKind.UNSUPPORTED, (_unsupported(_text(para), str(exc)),), text=_text(para))]
        out.extend(replace(e, from_keyword=use.name, zone=zone) for e in lowered)
    return out


def _bindings(block: TextBlock) -> dict[int, Binding]:
    return {b.span.start: b for b in block.bindings}


# ---------------------------------------------------------------------------------------------
# the action


def _keyword_prefix(phrase: Phrase) -> tuple[str, str]:
    words = [n for n in _walk_top(phrase)]
    name = ""
    value = ""
    for n in words:
        if isinstance(n, Lexeme) and n.cls == "KEYWORD_PREFIX":
            name = {"clarividencia": "Clarividência", "energia cosmica": "Energia Cósmica",
                    "acao unica": "Ação Única"}.get(fold_text(n.lemma), n.word)
        elif isinstance(n, Number) and not value:
            value = str(n.value)
        elif isinstance(n, Lexeme) and n.lemma == "x" and not value:
            value = "X"
    return name, value


def lower_action(card: CompiledCard) -> ActionDef | None:
    raw = card.raw
    if raw is None or raw.action is None:
        return None
    head = raw.action
    cost = head.cost.stages if head.cost is not None else None
    cost_is_x = head.cost is not None and head.cost.stages is None
    base = ActionDef(name=head.name, cost=cost, cost_is_x=cost_is_x,
                     power=head.power.code if head.power is not None else None,
                     anticipate=ActionType.ANTECIPAR in head.types, unforeseen=ActionType.IMPREVISTA in head.types)
    block = card.action
    if block is None or not block.paragraphs:
        return replace(base, modes=(Effect(EffectKind.UNSUPPORTED, text="(the action text did not compile)"),))
    env = Env(raw.header.name, head.name, True, _bindings(block))
    keywords: list[tuple[str, str]] = []
    extra_costs: list[Procedure] = []
    modes: list[list[Procedure]] = [[]]
    unsupported: list[str] = []
    texts: list[str] = []
    optional_seen: list[bool] = []
    for para in block.paragraphs:
        texts.append(_text(para))
        if isinstance(para, KeywordLine):
            keywords.append((para.keyword, _text(para.value) if para.value is not None else ""))
            continue
        if para.keyword_lines:
            keywords.extend((k.keyword, _text(k.value) if k.value is not None else "") for k in para.keyword_lines)
        if para.keyword_prefix is not None:
            keywords.append(_keyword_prefix(para.keyword_prefix))
        env.intro_spans.clear()
        env.trigger_subject = None
        for sentence in para.sentences:
            try:
                count = _x_definition(sentence, env)
            except LoweringError as exc:
                for m in modes:
                    m.append(_unsupported(_text(sentence), str(exc)))
                continue
            if count is not None:
                env.x = count
                modes = [[_with_x(p, count) for p in m] for m in modes]
                continue
            if sentence.cost is not None:
                cost_modes, cinfo = _lower_seq(sentence.cost, env, [])
                extra_costs.extend(p for m in cost_modes for p in m)
                if "unsupported" in cinfo:
                    extra_costs.append(_unsupported(_text(sentence.cost), str(cinfo["unsupported"])))
            smodes, sinfo = _lower_seq(sentence.body, env, optional_seen)
            if "unsupported" in sinfo:
                unsupported.append(str(sinfo["unsupported"]))
            trigger = sinfo.get("trigger")
            if isinstance(trigger, EventPattern) and not any(k in sinfo for k in ("window", "kind")) \
                    and len(smodes) == 1:
                # 5.7 B: a triggered effect generated by the action, working from its resolution on
                duration = env.trigger_duration or Duration.INSTANT
                made = Effect(EffectKind.TRIGGERED, tuple(smodes[0]), trigger=trigger, duration=duration,
                              text=_text(sentence))
                smodes = [[Generate(effect=made, text=_text(sentence))]]
                env.trigger_subject = None
                env.trigger_duration = None
            elif any(k in sinfo for k in ("trigger", "window", "kind")):
                # other effects created by the action (5.7 B): not yet
                smodes = [[_unsupported(_text(sentence), "an effect generated by the action")]]
            if len(smodes) > 1:
                if len(modes) > 1:
                    unsupported.append("two sentences with options")
                modes = [[*m, *sm] for m in modes for sm in smodes] if len(modes) == 1 else modes
            else:
                for m in modes:
                    m.extend(smodes[0])
    text = " ".join(texts)
    effects = tuple(Effect(EffectKind.ACTION if not unsupported else EffectKind.UNSUPPORTED, tuple(m),
                           text=text + (f"  [{'; '.join(unsupported)}]" if unsupported else ""))
                    for m in modes)
    targets = list(env.targets)
    if not targets and _mentions_target(block):
        # 4.6.2 F.1.2: "alvo" with no characteristic: a character or a support
        targets.append(Selector(kind=Kind.CHARACTER, also=(Kind.SUPPORT,), targeted=True, text="o alvo"))
    return replace(base, keywords=tuple(keywords), extra_costs=tuple(extra_costs), modes=effects,
                   targets=tuple(targets))


def _mentions_target(block: TextBlock) -> bool:
    return any(b.target in ("the action's target", "the target") for b in block.bindings)


# ---------------------------------------------------------------------------------------------
# the card


def _stat(value: object) -> int | None:
    return value if isinstance(value, int) else None


def lower_card(card: CompiledCard) -> CardDef:
    """A compiled card -> the engine's CardDef (header characteristics, action, effects)."""
    raw = card.raw
    if raw is None:
        raise ValueError(f"{card.source.path}: the card file could not be read")
    h = raw.header
    effects: list[Effect] = []
    if card.permanent is not None:
        bindings = _bindings(card.permanent)
        for para in card.permanent.paragraphs:
            env = Env(h.name, raw.action.name if raw.action else "", False, bindings)
            try:
                effects.extend(lower_paragraph(para, env))
            except LoweringError as exc:     # pragma: no cover - lower_paragraph keeps its failures
                effects.append(Effect(EffectKind.UNSUPPORTED, (_unsupported(_text(para), str(exc)),),
                                      text=_text(para)))
    if raw.permanent and (card.permanent is None or len(card.permanent.paragraphs) < len(raw.permanent)):
        effects.append(Effect(EffectKind.UNSUPPORTED, text="(a paragraph of the permanent text did not compile)"))
    effects.extend(e for use in card.keywords if not use.in_action for e in lower_keyword(use, h.name, raw))
    action = lower_action(card)
    if action is not None:
        action = replace(action, keyword_effects=tuple(e for use in card.keywords if use.in_action
                                                       for e in lower_keyword(use, h.name, raw)))
        written = tuple((use.name, use.value or "") for use in card.keywords if use.in_action)
        if written:                       # every keyword of the prefix, as data ("ações com Clarividência")
            from cardscript.compiler.lower_action_keywords import with_action_x

            action = replace(action, keywords=written, keyword_effects=with_action_x(action))
    if raw.action is not None and raw.action_text and (card.action is None
                                                       or len(card.action.paragraphs) < len(raw.action_text)):
        assert action is not None
        action = replace(action, modes=(*action.modes, Effect(EffectKind.UNSUPPORTED,
                                                              text="(a paragraph of the action did not compile)")))
    keywords = tuple(e.keyword for e in effects if e.kind is EffectKind.KEYWORD)
    return CardDef(
        title=h.title, name=h.name, version=h.version, card_type=h.card_type.value, alter_ego=h.alter_ego,
        alignments=tuple(a.value for a in h.alignments), affiliations=tuple(h.affiliations),
        powers=tuple(p.code for p in h.powers), power=h.power.code if h.power is not None else None,
        initial_energy=_stat(h.initial_energy), shield=_stat(h.shield), addition_value=h.addition_value,
        action=action, effects=tuple(effects), keywords=keywords, code=h.code or "",
        evolution=_evolution(card, h.name))


def _evolution(card: CompiledCard, name: str) -> Selector | None:
    """The Evolução panel as a selector over the characters in the scene (4.4.2.2 A.2a).

    A negated panel ("Personagem não vilão", "Personagem que não seja herói nem vilão") lacks the
    alignments it names; any other panel must be read whole by the selector lowering, else None (the
    card is then not executable, see CardDef.executable)."""
    panel = card.evolution
    if panel is None:
        return None
    words = [n for n in walk(panel) if isinstance(n, Lexeme)]
    if any(w.lemma in ("não", "nao") for w in words):           # a literal "não" has a folded lemma
        named = [_ALIGNMENT_LABEL[w.lemma] for w in words if w.lemma in _ALIGNMENT_LABEL]
        if not named:
            return None
        return Selector(Kind.CHARACTER, filters=tuple(Filter("alignment", "lacks", a) for a in named),
                        text=_text(panel))
    items = flatten(panel.parts)
    try:
        selector, used = selector_at(items, 0, Env(name, "", False, {}))
    except LoweringError:
        return None
    return replace(selector, text=_text(panel)) if used == len(items) else None


_ALIGNMENT_LABEL = {"herói": "Herói", "vilão": "Vilão"}
