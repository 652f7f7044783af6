"""Action keywords: the meaning of a keyword that prefixes an action's effect -> what it adds to the action.

Some keywords are characteristics of an action (rules 7, "Palavras-Chave Relacionadas a Ações"; the glossary):
``Clarividência 2 - ...``, ``Energia Cósmica 1 - ...``, ``Ação Única (...) - ...``, ``Singularidade - ...``.
Their meanings (``cardscripts/prelude/*.kw``, ``Uso: ação``) are card text about *this action*, in three frames
this module reads, each sentence's procedures lowered by the ordinary clause lowering (``lower._lower_seq``):

======================================================  =====================================================
frame of a sentence                                     what the action gets (``ActionDef.keyword_effects``)
======================================================  =====================================================
"Como parte do custo desta ação, <procedures>."          ``Effect(ACTION, window=ir.ACTION_COST)``: extra costs,
                                                        paid with the others before the effect (4.6.1, 4.6.2
                                                        E.2): Energia Cósmica
"No início do efeito desta ação, <procedures>."          ``window=ir.ACTION_START``: procedures run before every
                                                        mode of the effect (Clarividência's first half)
"No final do efeito desta ação, <procedures>."           ``window=ir.ACTION_END``: run after it (Clarividência's
                                                        return, after the effects its procedures triggered,
                                                        9.1.2.1)
"Este personagem não pode usar mais de uma ação          a STATIC :class:`Rule` ``use_once_by_name`` (value: the
chamada <ação> por turno."                              action's name): Ação Única
"Um jogador não pode usar mais de uma ação com           a STATIC :class:`Rule` ``once_per_player`` (value: the
<característica> por turno."                            characteristic): Singularidade
======================================================  =====================================================

A sentence without a frame continues the frame of the sentence before it ("No início do efeito desta ação,
separe ... Você pode revelar ..." are both the start). The engine (``cardscript/runtime/actions.py``) reads only
these effects -- ``ActionDef.costs``, ``ActionDef.effect_procedures``, and the RULE queries of
``cardscript/runtime/rules.py`` -- never the keyword's name: a new action keyword whose meaning uses these frames
and known procedures needs no engine code. ``ActionDef.keywords`` stays as data (display, search).

The things a meaning introduces ("aqueles cards") are numbered from :data:`INTRO_BASE` on (slots ``intro:100``...),
apart from those of the action's own text: the procedures of both share one effect context when the action
resolves.
"""

from __future__ import annotations

from dataclasses import Field, fields, replace
from typing import Any

from cardscript.compiler.ast import Clause, ClauseSeq, EffectParagraph, Paragraph, Phrase, PhraseKind, Sentence
from cardscript.compiler.ast import Procedure as Verb
from cardscript.compiler.expand import KeywordUse
from cardscript.compiler.header import CardFileRaw
from cardscript.compiler.ir import (
    ACTION_COST,
    ACTION_END,
    ACTION_START,
    ActionDef,
    Duration,
    Effect,
    EffectKind,
    Kind,
    Procedure,
    Quantity,
    Rule,
    Selector,
)
from cardscript.compiler.lower import (
    NP,
    Env,
    LoweringError,
    W,
    _bindings,
    _is_w,
    _lower_seq,
    _np_with,
    _subject_selector,
    _text,
    _unsupported,
    flatten,
)
from cardscript.compiler.prelude import load_prelude

__all__ = ["INTRO_BASE", "action_frame", "lower_action_keyword", "use_limit", "with_action_x"]

INTRO_BASE = 100
"""The first index of what an action keyword's meaning introduces (the action's own text numbers its things from 0)."""


def action_frame(phrase: Phrase) -> str | None:
    """The frame a WINDOW lead names: ACTION_COST ("como parte do custo desta ação"), ACTION_START ("no início
    do efeito desta ação"), ACTION_END ("no final do efeito desta ação"); None for any other lead."""
    items = [it for it in flatten(phrase.parts) if isinstance(it, NP | W)]      # without the comma
    if len(items) != 6 or not _np_with(items[5], det="este", head="ação") or not _is_w(items[4], "de"):
        return None
    if _is_w(items[0], "como") and _np_with(items[1], head="parte") and _is_w(items[2], "de") \
            and _np_with(items[3], head="custo"):
        return ACTION_COST
    if _is_w(items[0], "em") and _is_w(items[2], "de") and _np_with(items[3], head="efeito"):
        if _np_with(items[1], head="início"):
            return ACTION_START
        if _np_with(items[1], head="final"):
            return ACTION_END
    return None


def use_limit(clause: Clause, env: Env) -> Procedure | None:
    """"<Este personagem> não pode usar mais de uma ação chamada <ação> por turno" -> RULE ``use_once_by_name``;
    "<Um jogador> não pode usar mais de uma ação com <característica> por turno" -> RULE ``once_per_player``.
    None when the clause is not one of these forms."""
    if clause.procedure is not Verb.USE or not clause.negated:
        return None
    items = flatten(clause.complements)
    if len(items) < 6 or not (_is_w(items[0], "mais") and _is_w(items[1], "de")
                              and _np_with(items[2], det="um", head="ação")):
        return None
    if not (_is_w(items[-2], "por") and _np_with(items[-1], head="turno")):
        return None
    middle = items[3:-2]
    try:
        subject = _subject_selector(clause, env)
    except LoweringError:
        return None
    text = _text(clause)
    if subject is None:
        return None
    if subject.kind is Kind.PLAYER and len(middle) == 2 and _is_w(middle[0], "com") \
            and isinstance(middle[1], W) and middle[1].cls in ("KEYWORD", "KEYWORD_PREFIX"):
        definition = load_prelude().get(middle[1].lemma)
        characteristic = definition.name if definition is not None else middle[1].lemma
        return Rule(rule="once_per_player", value=characteristic, text=text)
    if subject.kind is Kind.CHARACTER and len(middle) == 1 and isinstance(middle[0], NP) and middle[0].names:
        return Rule(rule="use_once_by_name", value=middle[0].names[0], subject=subject, text=text)
    return None


def _frame_lead(sentence: Sentence) -> tuple[str | None, ClauseSeq]:
    """The sentence's action frame (None without one) and its body without that lead."""
    items = sentence.body.items
    for k, item in enumerate(items):
        if isinstance(item, Phrase) and item.kind is PhraseKind.WINDOW:
            frame = action_frame(item)
            if frame is not None:
                rest = tuple(it for j, it in enumerate(items) if j != k)
                return frame, replace(sentence.body, items=rest)
    return None, sentence.body


def lower_action_keyword(use: KeywordUse, card_name: str, raw: CardFileRaw) -> list[Effect]:
    """An action keyword's compiled meaning -> its effects on the action: the procedures of each frame (one
    ACTION effect per frame, ``window`` naming it) and its use restrictions (STATIC RULE effects), each marked
    with the keyword and its zone; what cannot be read stays UNSUPPORTED with its text."""
    zone = use.definition.zone.engine_zone
    assert use.block is not None
    env = Env(card_name, raw.action.name if raw.action else "", True, _bindings(use.block))
    env.next_intro = INTRO_BASE
    framed: dict[str, list[Procedure]] = {}
    texts: dict[str, list[str]] = {}
    out: list[Effect] = []
    for para in use.block.paragraphs:
        frame: str | None = None
        for sentence in _sentences(para):
            lead, body = _frame_lead(sentence)
            frame = lead or frame
            text = _text(sentence)
            clauses = [it for it in body.items if isinstance(it, Clause)]
            if frame is None and sentence.cost is None and len(clauses) == 1 and len(body.items) == 1:
                rule = use_limit(clauses[0], env)
                if rule is not None:
                    out.append(Effect(EffectKind.STATIC, (rule,), duration=Duration.WHILE_IN_PLACE, text=text))
                    continue
            if frame is None or sentence.cost is not None:
                why = "an action keyword's sentence outside the frames 'como parte do custo / no início / no " \
                      "final do efeito desta ação'"
                out.append(Effect(EffectKind.UNSUPPORTED, (_unsupported(text, why),), text=text))
                continue
            modes, info = _lower_seq(body, env, [])
            procs = list(modes[0]) if len(modes) == 1 else [_unsupported(text, "'ou' in an action keyword")]
            for key in ("unsupported", "trigger", "window", "kind", "replaces"):
                if key in info:
                    procs.append(_unsupported(text, f"{key}: {info[key]}" if key == "unsupported" else
                                              f"a {key} lead inside an action keyword"))
            framed.setdefault(frame, []).extend(procs)
            texts.setdefault(frame, []).append(text)
    for frame in (ACTION_COST, ACTION_START, ACTION_END):
        if frame in framed:
            out.append(Effect(EffectKind.ACTION, tuple(framed[frame]), window=frame, text=" ".join(texts[frame])))
    return [replace(e, from_keyword=use.name, zone=zone) for e in out]


def with_action_x(action: ActionDef) -> tuple[Effect, ...]:
    """The action's keyword effects with their X read as the action text defines it ("Clarividência X+1 - ... X é
    igual ao número de ..."): the meaning was lowered apart from the action, so its X is tied here to the action's
    definition. Without one, X stays to be chosen (Energia Cósmica X: when the cost is paid)."""
    defined = next((v.x for m in action.modes for p in m.procedures for v in _operands(p)
                    if isinstance(v, Quantity) and v.x is not None), None)
    if defined is None:
        return action.keyword_effects

    def tie(q: Quantity) -> Quantity:
        return replace(q, x=defined) if q.x_times and q.x is None else q

    def proc(p: Procedure) -> Procedure:
        changes: dict[str, Any] = {}
        for f in _operand_fields(p):
            v = getattr(p, f.name)
            if isinstance(v, Quantity):
                changes[f.name] = tie(v)
            elif isinstance(v, Selector):
                changes[f.name] = replace(v, count=tie(v.count))
        return replace(p, **changes)

    return tuple(replace(e, procedures=tuple(proc(p) for p in e.procedures)) for e in action.keyword_effects)


def _operand_fields(p: Procedure) -> list[Field[object]]:
    """The fields of ``p``'s family (its operands), not those every procedure has (``Procedure``'s)."""
    common = {f.name for f in fields(Procedure)}
    return [f for f in fields(p) if f.name not in common]


def _operands(p: Procedure) -> list[object]:
    return [getattr(p, f.name) for f in _operand_fields(p)]


def _sentences(para: Paragraph) -> tuple[Sentence, ...]:
    return para.sentences if isinstance(para, EffectParagraph) else ()
