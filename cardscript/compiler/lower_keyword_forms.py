"""Lowering of the sentence forms the meanings of Potencializar and Metamorfo (rules 7, glossary;
``cardscripts/prelude/potencializar.kw``, ``metamorfo.kw``) use and ``lower.py``'s general paths do not read.

==============================================================================  =======================================
form (as the meaning says it)                                                   lowered into
==============================================================================  =======================================
... um personagem ... que não tenha sido potencializado neste turno             Filter("this_turn", "lacks", verb): the
                                                                                card was not marked with the verb this
                                                                                turn (``TurnMemory.marked``)
escolher <that selector>                                                        Choose with ``marks`` = the verb: being
                                                                                chosen for this effect is what marks it
                                                                                (glossary: "um personagem é considerado
                                                                                potencializado quando ele é escolhido
                                                                                para um efeito com ... Potencializar")
a próxima ação que causar dano que <personagem> usar neste turno causa +N       Generate a DAMAGE_MODIFIER until the
pontos de dano em cada um de seus alvos                                         end of the turn (5.7 B): ModifyDamage
                                                                                step B +N, ``source`` the character,
                                                                                actions only, ``next_action`` (bound to
                                                                                the first use of an action of it that
                                                                                causes damage, then over) and
                                                                                ``each_target`` (once per target)
se você controlar este personagem desde o início do turno                       Condition "is": this character, with
                                                                                filters controller = you and
                                                                                ``since_turn_start`` (entered before)
descarregar os cards deste personagem e colocar este personagem em seus          one Move of the character to the
recursos                                                                        resources with ``unload_first``: its
                                                                                cards unloaded, then itself moved --
                                                                                never knocked out in between (the
                                                                                rulebook's FAQ on Metamorfo)
colocar em cena um card de personagem de sua mão com o nome ou o alter ego      PutInScene of a card of the hand with
de um personagem que um oponente controla                                       Filter("name_or_alter_ego", "of",
                                                                                "opponent"), placed by the normal rules
                                                                                (4.4.2.1: its initial energy loaded
                                                                                from the resources, A.4 uniqueness)
==============================================================================  =======================================
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cardscript.compiler.ast import Clause, Lexeme
from cardscript.compiler.ast import Procedure as Verb
from cardscript.compiler.ir import (
    Duration,
    Effect,
    EffectKind,
    Filter,
    Generate,
    Kind,
    ModifyDamage,
    Move,
    Procedure,
    PutInScene,
    Ref,
    Selector,
    Unload,
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
    _subject_selector,
    _text,
    flatten,
    selector_at,
)

__all__ = ["merge_unload_then_move", "next_action_bonus", "put_in_scene", "since_turn_start", "turn_mark_filter"]


def _this_turn(items: Sequence[Item], k: int) -> bool:
    """"em este turno" (neste turno) at ``items[k]``."""
    return k + 1 < len(items) and _is_w(items[k], "em") and _np_with(items[k + 1], det="este", head="turno")


def turn_mark_filter(items: Sequence[Item], i: int) -> tuple[Filter, int] | None:
    """"que não tenha sido potencializado neste turno" (the Rel at ``items[i]``): a card not marked with that verb
    this turn; the filter and where it ended. None for any other relative clause."""
    it = items[i]
    if not isinstance(it, Rel) or not it.clause.negated or it.clause.subject is not None or it.clause.complements:
        return None
    lemmas = [n.lemma for n in it.clause.verb.parts if isinstance(n, Lexeme)]
    if len(lemmas) < 3 or lemmas[-3:-1] != ["ter", "ser"] or not _this_turn(items, i + 1):
        return None
    return Filter("this_turn", "lacks", lemmas[-1]), i + 3


def _signed(items: Sequence[Item]) -> int | None:
    """"+1", "+{1}" at the start of ``items``."""
    if len(items) < 2 or not isinstance(items[0], Sy) or items[0].text not in "+-":
        return None
    n = items[1]
    if not isinstance(n, NP) or n.nouns:
        return None
    value = n.nums[0] if n.nums else int(n.icons[0]) if n.icons and n.icons[0].isdigit() else None
    if value is None:
        return None
    return value if items[0].text == "+" else -value


def next_action_bonus(clause: Clause, items: Sequence[Item], env: Env) -> Procedure | None:
    """Potencializar: "a próxima ação que causar dano que aquele personagem usar neste turno causa +N pontos de dano
    em cada um de seus alvos" -> Generate a damage modifier (5.7 B, 4.8.3 B) lasting until the end of the turn at
    most. None when the clause is not this form."""
    subj = flatten([clause.subject]) if clause.subject is not None else []
    if not (len(subj) == 8 and isinstance(subj[0], NP) and subj[0].head == "ação" and "próximo" in subj[0].adjs
            and _is_w(subj[1], "que") and isinstance(subj[2], Rel) and subj[2].clause.procedure is Verb.DAMAGE
            and _np_with(subj[3], head="dano") and _is_w(subj[4], "que") and isinstance(subj[5], Rel)
            and subj[5].clause.procedure is Verb.USE and _this_turn(subj, 6)):
        return None
    user = _subject_selector(subj[5].clause, env)
    if user is None or user.ref is None:
        raise LoweringError("the next action of whom?")
    delta = _signed(items)
    rest = items[2:]
    if delta is None or not (len(rest) == 7 and _np_with(rest[0], head="ponto") and _is_w(rest[1], "de")
                             and _np_with(rest[2], head="dano") and _is_w(rest[3], "em")
                             and _np_with(rest[4], det="cada") and _is_w(rest[5], "de")
                             and _np_with(rest[6], det="seu", head="alvo")):
        raise LoweringError("the next action: causes what?")
    text = _text(clause)
    bonus = ModifyDamage(step="B", delta=delta, source=user, source_kind="action", next_action=True, each_target=True,
                         text=text)
    made = Effect(EffectKind.DAMAGE_MODIFIER, (bonus,), duration=Duration.END_OF_TURN, text=text)
    return Generate(effect=made, text=text)


def since_turn_start(items: Sequence[Item]) -> bool:
    """"desde o início do turno" (all of ``items``)."""
    return (len(items) == 4 and _is_w(items[0], "desde") and _np_with(items[1], head="início")
            and _is_w(items[2], "de") and _np_with(items[3], head="turno"))


def put_in_scene(items: Sequence[Item], env: Env, text: str) -> Procedure | None:
    """"colocar em cena um card de personagem de sua mão com o nome ou o alter ego de um personagem que um oponente
    controla" (Metamorfo) -> PutInScene. None when the clause does not start with "em cena"."""
    if not (len(items) > 2 and _is_w(items[0], "em") and _np_with(items[1], head="cena") and not items[1].dets):  # type: ignore[union-attr]
        return None
    cards, k = selector_at(items, 2, env)
    if cards.ref is not None or not cards.zone:
        raise LoweringError("put in the scene: which card, from where?")
    rest = items[k:]
    if rest:
        owner = rest[7].clause.subject if len(rest) == 8 and isinstance(rest[7], Rel) else None
        if not (len(rest) == 8 and _is_w(rest[0], "com") and _np_with(rest[1], head="nome") and _is_w(rest[2], "ou")
                and isinstance(rest[3], NP) and "alter ego" in rest[3].lits and _is_w(rest[4], "de")
                and _np_with(rest[5], det="um", head="personagem") and _is_w(rest[6], "que")
                and isinstance(rest[7], Rel) and rest[7].clause.procedure is Verb.CONTROL
                and owner is not None and _np_with(next(iter(flatten([owner])), None), head="oponente")):
            raise LoweringError("put in the scene: unread complements")
        cards = Selector(kind=cards.kind, filters=(*cards.filters, Filter("name_or_alter_ego", "of", "opponent")),
                         zone=cards.zone, zone_owner=cards.zone_owner, text=cards.text)
    return PutInScene(cards=cards, text=text)


def merge_unload_then_move(procs: list[Procedure]) -> list[Procedure]:
    """"descarregar os cards deste personagem e colocar este personagem em seus recursos": one Move of the
    character with ``unload_first`` (it never stands empty in the scene, so it is not knocked out, 4.7)."""
    out: list[Procedure] = []
    for p in procs:
        prev = out[-1] if out else None
        cards = prev.cards if isinstance(prev, Unload) else None
        if isinstance(prev, Unload) and isinstance(p, Move) and isinstance(cards, Selector) \
                and cards.zone == "carried" and cards.every and cards.of is not None \
                and p.cards.ref is not None and p.cards.ref is cards.of.ref and p.cards.kind is Kind.CHARACTER \
                and cards.of.ref in (Ref.THIS_CHARACTER,) and not p.optional and not p.if_done:
            out[-1] = replace(p, unload_first=True, optional=prev.optional, condition=prev.condition,
                              text=f"{prev.text} e {p.text}")
            continue
        out.append(p)
    return out
