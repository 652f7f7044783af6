"""Damage lowering (rules 4.8): sentence forms of damage modifiers and of load triggers that ``lower.py``'s
general paths do not read, each lowered into the IR the damage pipeline already runs.

================================================================================  =====================================
form (as printed)                                                                 lowered into
================================================================================  =====================================
Toda vez que <personagem> usar uma ação que cause dano em <seletor>, aquela ação  DAMAGE_MODIFIER: ModifyDamage step B,
causa +N pontos de dano naquele personagem. (Bishop V1)                          ``delta`` N, ``source`` the user,
                                                                                  ``source_kind`` action, ``target``
Toda vez que a ação <Nome> causar dano, se ela for a primeira ação usada neste    ModifyDamage step B, ``delta`` N,
turno, ela causará aquela quantidade de dano +N. (Impossível de se Ver)           ``action_name``, ``first_action``
Se o personagem que estiver carregando este card receber dano de uma ação,        a D trigger (4.8.3 D): Move the named
coloque todos os cards de <Nome> que ele estiver carregando na base dos decks    cards it carries to the bottom of the
de seus donos. Todo o dano que ele receberia daquela ação torna-se 0.            decks, ModifyDamage step D set_to 0
(Escudo Improvisado)                                                              (carrier, actions only)
Toda vez que um card for carregado neste personagem [durante a Fase de X]         TRIGGERED on ``load``: ``subject`` the
/ Quando este card for carregado de seus recursos em <seletor> (4.8.4.3)          card loaded (``zone`` where from),
                                                                                  ``target`` what it is loaded onto
================================================================================  =====================================

:func:`lower_damage_paragraph` is called by ``lower.lower_paragraph`` before its general path and returns None
for anything that is not exactly one of the paragraph forms; :func:`load_trigger` by ``lower._trigger`` for a
trigger clause whose verb is "carregar" (None: not this form).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cardscript.compiler.ast import Clause, EffectParagraph, Lexeme, Phrase, PhraseKind
from cardscript.compiler.ast import Procedure as Verb
from cardscript.compiler.ir import (
    Duration,
    Effect,
    EffectKind,
    EventPattern,
    Filter,
    Kind,
    ModifyDamage,
    Move,
    Procedure,
    Ref,
    Selector,
)
from cardscript.compiler.lower import (
    NP,
    Env,
    Item,
    LoweringError,
    Rel,
    Sy,
    _is_w,
    _np_with,
    _phase_in,
    _subject_selector,
    _text,
    _walk_top,
    flatten,
    selector_at,
)

__all__ = ["load_trigger", "lower_damage_paragraph"]

_ZONES = {"recursos": "resources", "recurso": "resources", "mão": "hand", "deck": "deck"}


def lower_damage_paragraph(para: EffectParagraph, env: Env, text: str) -> Effect | None:
    """One of the paragraph forms above as its effect; None when the paragraph is not exactly one of them."""
    for form in (_used_action_bonus, _named_action_first_bonus, _damage_from_action_zeroed):
        try:
            effect = form(para, env, text)
        except LoweringError:
            effect = None
        if effect is not None:
            return effect
    return None


def _seq(para: EffectParagraph, sentence: int = 0) -> list[Phrase | Clause]:
    """A sentence's leads and clauses, without the plain commas between them."""
    return [it for it in para.sentences[sentence].body.items if isinstance(it, Phrase | Clause)
            and not (isinstance(it, Phrase) and it.kind is PhraseKind.JOINER and _text(it).strip() == ",")]


def _lead_clause(lead: Phrase | Clause, kind: PhraseKind) -> Clause | None:
    if not isinstance(lead, Phrase) or lead.kind is not kind:
        return None
    clauses = [n for n in _walk_top(lead) if isinstance(n, Clause)]
    return clauses[0] if len(clauses) == 1 else None


def _signed_amount(items: Sequence[Item]) -> tuple[int, int] | None:
    """"+3" / "-1" at the start of ``items``: the signed number and where it ended."""
    if len(items) < 2 or not isinstance(items[0], Sy) or items[0].text not in "+-":
        return None
    number = items[1]
    if not isinstance(number, NP) or not number.nums or number.nouns:
        return None
    return (number.nums[0] if items[0].text == "+" else -number.nums[0]), 2


def _modifier(modifier: ModifyDamage, *before: Procedure) -> Effect:
    return Effect(EffectKind.DAMAGE_MODIFIER, (*before, modifier), duration=Duration.WHILE_IN_PLACE,
                  text=modifier.text)


def _used_action_bonus(para: EffectParagraph, env: Env, text: str) -> Effect | None:
    """Bishop V1: "Toda vez que este personagem usar uma ação que cause dano em algum personagem com alter ego
    Sentinela, aquela ação causa +3 pontos de dano naquele personagem": a step B bonus (4.8.3 B) to the damage
    an action of that user causes to such a character."""
    if len(para.sentences) != 1 or para.sentences[0].cost is not None:
        return None
    seq = _seq(para)
    if len(seq) != 2 or not isinstance(seq[1], Clause):
        return None
    lead = _lead_clause(seq[0], PhraseKind.TRIGGER)
    if lead is None or lead.procedure is not Verb.USE:
        return None
    items = flatten(lead.complements)
    if not (len(items) > 5 and _np_with(items[0], head="ação") and _is_w(items[1], "que")
            and isinstance(items[2], Rel) and items[2].clause.procedure is Verb.DAMAGE
            and _np_with(items[3], head="dano") and _is_w(items[4], "em", "a")):
        return None
    target, end = selector_at(items, 5, env)
    user = _subject_selector(lead, env)
    if end != len(items) or user is None:
        return None
    body = seq[1]
    subject = flatten([body.subject]) if body.subject is not None else []
    if body.procedure is not Verb.DAMAGE or not (len(subject) == 1 and _np_with(subject[0], det="aquele",
                                                                                   head="ação")):
        return None
    bitems = flatten(body.complements)
    amount = _signed_amount(bitems)
    if amount is None:
        return None
    delta, k = amount
    rest = bitems[k:]
    if not (len(rest) == 5 and _np_with(rest[0], head="ponto") and _is_w(rest[1], "de")
            and _np_with(rest[2], head="dano") and _is_w(rest[3], "em", "a")
            and _np_with(rest[4], det="aquele", head="personagem")):
        return None
    return _modifier(ModifyDamage(step="B", delta=delta, source=user, source_kind="action", target=target,
                                  text=text))


def _named_action_first_bonus(para: EffectParagraph, env: Env, text: str) -> Effect | None:
    """Impossível de se Ver: "Toda a vez que a ação Impossível de se Ver causar dano, se ela for a primeira ação
    usada neste turno, ela causará aquela quantidade de dano +2": a step B bonus to that action's damage, only
    when no other action was used before it this turn (``first_action``)."""
    if len(para.sentences) != 1 or para.sentences[0].cost is not None:
        return None
    seq = _seq(para)
    if len(seq) != 3 or not isinstance(seq[2], Clause):
        return None
    lead = _lead_clause(seq[0], PhraseKind.TRIGGER)
    cond = _lead_clause(seq[1], PhraseKind.CONDITION)
    if lead is None or cond is None or lead.procedure is not Verb.DAMAGE or cond.procedure is not Verb.BE:
        return None
    subject = flatten([lead.subject]) if lead.subject is not None else []
    if not (len(subject) == 2 and _np_with(subject[0], head="ação") and isinstance(subject[1], NP)
            and subject[1].names and not subject[1].nouns):
        return None
    name = subject[1].names[0]
    litems = flatten(lead.complements)
    if not (len(litems) == 1 and _np_with(litems[0], head="dano")):
        return None
    citems = flatten(cond.complements)
    if not (len(citems) == 3 and isinstance(citems[0], NP) and citems[0].head == "ação"
            and "primeiro" in citems[0].adjs and "usar" in citems[0].vparts and _is_w(citems[1], "em")
            and _np_with(citems[2], det="este", head="turno")):
        return None
    body = seq[2]
    bitems = flatten(body.complements)
    if body.procedure is not Verb.DAMAGE or not (len(bitems) == 5 and _np_with(bitems[0], head="quantidade")
                                                 and _is_w(bitems[1], "de") and _np_with(bitems[2], head="dano")):
        return None
    amount = _signed_amount(bitems[3:])
    if amount is None:
        return None
    return _modifier(ModifyDamage(step="B", delta=amount[0], source_kind="action", action_name=name,
                                  first_action=True, scope="first", text=text))


def _damage_from_action_zeroed(para: EffectParagraph, env: Env, text: str) -> Effect | None:
    """Escudo Improvisado: "Se o personagem que estiver carregando este card receber dano de uma ação, coloque
    todos os cards de Escudo Improvisado que ele estiver carregando na base dos decks de seus donos. Todo o dano
    que ele receberia daquela ação torna-se 0": an effect that triggers in 4.8.3 D when an action would cause
    damage to the carrier (the rulebook's Blob V1 example): the damage becomes 0 and the named cards it carries
    go to the bottom of their owners' decks (run by ``dealing.deal_damage`` when it triggers)."""
    if len(para.sentences) != 2 or any(s.cost is not None for s in para.sentences):
        return None
    first, second = _seq(para, 0), _seq(para, 1)
    if len(first) != 2 or len(second) != 1 or not isinstance(first[1], Clause) or not isinstance(second[0], Clause):
        return None
    cond = _lead_clause(first[0], PhraseKind.CONDITION)
    if cond is None or cond.procedure is not Verb.RECEIVE:
        return None
    carrier = flatten([cond.subject]) if cond.subject is not None else []
    if not (len(carrier) == 4 and _np_with(carrier[0], head="personagem") and _is_w(carrier[1], "que")
            and isinstance(carrier[2], Rel) and carrier[2].clause.procedure is Verb.LOAD
            and _np_with(carrier[3], det="este", head="card")):
        return None
    citems = flatten(cond.complements)
    if not (len(citems) == 3 and _np_with(citems[0], head="dano") and _is_w(citems[1], "de")
            and _np_with(citems[2], head="ação")):
        return None
    put = first[1]
    pitems = flatten(put.complements)
    if put.procedure is not Verb.PUT or not (
            len(pitems) == 11 and _np_with(pitems[0], det="todo", head="card") and _is_w(pitems[1], "de")
            and isinstance(pitems[2], NP) and pitems[2].names and _is_w(pitems[3], "que")
            and isinstance(pitems[4], Rel) and pitems[4].clause.procedure is Verb.LOAD and _is_w(pitems[5], "em")
            and _np_with(pitems[6], head="base") and _is_w(pitems[7], "de") and _np_with(pitems[8], head="deck")
            and _is_w(pitems[9], "de") and _np_with(pitems[10], head="dono")):
        return None
    become = second[0]
    subject = flatten([become.subject]) if become.subject is not None else []
    bitems = flatten(become.complements)
    if become.procedure is not Verb.BECOME or not (
            subject and _np_with(subject[0], head="dano") and len(bitems) == 1 and isinstance(bitems[0], NP)
            and bitems[0].nums == (0,) and not bitems[0].nouns):
        return None
    this = Selector(kind=Kind.CHARACTER, ref=Ref.THIS_CHARACTER, text=_text(cond.subject))
    named = Selector(kind=Kind.CARD, zone="carried", of=this, every=True, text=_text(put),
                     filters=(Filter("name", "eq", pitems[2].names[0]),))
    move = Move(cards=named, to="deck_bottom", text=_text(put))
    return _modifier(ModifyDamage(step="D", set_to=0, target=this, source_kind="action", text=_text(become)), move)


def load_trigger(clause: Clause, env: Env, text: str) -> EventPattern | None:
    """"Toda vez que um card for carregado neste personagem durante a Fase de Combate" (Carnificina V2, rulebook
    4.8.4.3), "Quando este card for carregado de seus recursos em um personagem com {TE} que você controla"
    (Adaga Psíquica): a trigger on each card being loaded (the ``load`` event, one per card). ``subject``: the
    card loaded (``zone``: the area it is loaded from); ``target``: what it is loaded onto; ``phase``: the phase
    or step it must happen in. None when the clause is not a passive "for(em) carregado(s)"."""
    if clause.procedure is not Verb.LOAD or clause.subject is None or not any(
            isinstance(n, Lexeme) and n.lemma == "ser" for n in clause.verb.parts):
        return None
    subject = _subject_selector(clause, env)
    if subject is None:
        return None
    items = flatten(clause.complements)
    onto: Selector | None = None
    phase = ""
    k = 0
    while k < len(items):
        it = items[k]
        nxt = items[k + 1] if k + 1 < len(items) else None
        if _is_w(it, "de") and isinstance(nxt, NP) and nxt.head in _ZONES:      # "de seus recursos"
            subject = replace(subject, zone=_ZONES[nxt.head])
            k += 2
        elif _is_w(it, "em") and isinstance(nxt, NP) and onto is None:
            onto, k = selector_at(items, k + 1, env)
        elif _is_w(it, "durante"):
            phase = _phase_in(items[k + 1:])
            if not phase:
                raise LoweringError("load trigger: during what?")
            k = len(items)
        else:
            raise LoweringError("load trigger: unread words")
    return EventPattern("load", subject=subject, target=onto, phase=phase, text=text)
