"""Lowering of characteristics changed or chosen by a text (alignments, affiliations): forms that ``lower.py``'s
general paths do not read, each lowered into the IR the runtime's characteristic queries read
(``cardscript/runtime/characteristics.py``).

=================================================================================  ==================================
form (as printed)                                                                  lowered into
=================================================================================  ==================================
<personagens> são heróis / vilões além de seus outros alinhamentos                 STATIC: Gain ``alignments``
(Norman Osborn V1)
<personagens> ganham a afiliação X / as afiliações X e Y [até o final do turno]    Gain ``affiliations`` (a static,
(Norman Osborn V1: "... e ganham a afiliação Thunderbolts": the subject of the     or a state effect with the
clause before it; Torre Stark V1)                                                  duration)
escolha uma afiliação [que não seja X] (Soprano V1)                                Choose ``characteristic``
                                                                                   affiliation, ``excluding`` X
=================================================================================  ==================================

Each function returns None when the items are not exactly its form, so ``lower.lower_clause`` keeps its own
paths (and their diagnostics) for everything else.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardscript.compiler.ast import Clause
from cardscript.compiler.ast import Procedure as Verb
from cardscript.compiler.ir import Choose, Duration, EffectKind, Gain, Selector
from cardscript.compiler.lower import (
    _ALIGNMENT_OF_NOUN,
    NP,
    Env,
    Item,
    Lowered,
    LoweringError,
    Rel,
    _duration,
    _is_w,
    _np_with,
    flatten,
    selector_at,
)

__all__ = ["affiliation_choice", "affiliations_at", "alignment_gain", "subject_read_whole"]


def subject_read_whole(clause: Clause, env: Env) -> bool:
    """Is the clause's subject one selector with nothing left unread after it? (``lower._subject_selector`` reads
    a prefix: "os personagens cujas afiliações não sejam X" must not become every character.)"""
    if clause.subject is None:
        return True
    items = flatten([clause.subject])
    try:
        _, end = selector_at(items, 0, env)
    except LoweringError:
        return False
    return end == len(items)


def alignment_gain(clause: Clause, items: Sequence[Item], subject: Selector, env: Env, text: str) -> Lowered | None:
    """"<personagens> são heróis além de seus outros alinhamentos" -> a STATIC Gain of the alignment (the others
    kept: 8 B.2 only lets an effect that makes them *lose* one win). Without "além de seus outros alinhamentos"
    the text would replace the alignments: not this form."""
    if not items or not isinstance(items[0], NP) or items[0].dets:
        return None
    head = items[0].head
    if head not in _ALIGNMENT_OF_NOUN or len(items) < 4:
        return None
    if not (_is_w(items[1], "além") and _is_w(items[2], "de") and _np_with(items[3], head="alinhamento")
            and "outro" in items[3].dets):                                                    # type: ignore[union-attr]
        return None
    if not subject_read_whole(clause, env):
        raise LoweringError("alignment: whose? (the subject is not read whole)")
    rest = items[4:]
    duration = _duration(rest)
    if rest and duration is None:
        raise LoweringError("alignment: unread complements")
    proc = Gain(targets=subject, alignments=(_ALIGNMENT_OF_NOUN[head],), duration=duration or Duration.WHILE_IN_PLACE,
                text=text)
    return Lowered((proc,), None if duration else EffectKind.STATIC, duration or Duration.WHILE_IN_PLACE)


def _names_run(items: Sequence[Item], j: int, names: list[str]) -> tuple[tuple[str, ...], int]:
    """Names from ``items[j]`` on, joined by "e", added to ``names``: all of them and the index after them."""
    while j < len(items):
        it = items[j]
        if isinstance(it, NP) and it.names and not it.nouns:
            names.extend(it.names)
        elif not (_is_w(it, "e") and names):
            break
        j += 1
    return tuple(names), j


def affiliations_at(items: Sequence[Item], k: int) -> tuple[tuple[str, ...], int] | None:
    """"a afiliação X" / "as afiliações X e Y" from ``items[k]``: the affiliations named and the index after them."""
    head = items[k] if k < len(items) else None
    if not isinstance(head, NP) or head.head != "afiliação" or len(head.nouns) > 1:
        return None
    names, j = _names_run(items, k + 1, list(head.names))
    return (names, j) if names else None


def affiliation_choice(items: Sequence[Item], k: int, env: Env, text: str) -> Lowered | None:
    """"escolha uma afiliação [que não seja X]" (Soprano V1, União Inabalável): its controller names an
    affiliation (not X); a permanent text's card remembers it for "a afiliação escolhida"."""
    np = items[k] if k < len(items) else None
    if not isinstance(np, NP) or np.head != "afiliação" or "um" not in np.dets or np.names:
        return None
    excluding: tuple[str, ...] = ()
    rest = list(items[k + 1:])
    if len(rest) >= 3 and _is_w(rest[0], "que") and isinstance(rest[1], Rel) \
            and rest[1].clause.procedure is Verb.BE and rest[1].clause.negated:
        excluding, end = _names_run(rest, 2, [])
        if not excluding or end != len(rest):
            raise LoweringError("choose an affiliation other than which?")
        rest = []
    if rest:
        raise LoweringError("choose an affiliation: unread complements")
    slot = env.remember(env.introduce(np, items[k:]))
    return Lowered((Choose(characteristic="affiliation", excluding=excluding, text=text, introduces=slot),))
