"""The engine's answers to "what does rule X say now?", read from the cards' RULE statics.

Some keywords change a rule of the game itself rather than the state of a match (rules 7; 5.6: keyword
characteristics work in every area of the game, some before the match even starts). The compiler lowers
them into a STATIC effect whose procedure is ``Procedure(Op.RULE, args=(("rule", <name>), ("value", <v>)))``;
``cardscript.compiler.ir.RULES`` lists the rules such a static may change. Each query here answers one rule
for one card: the rulebook's default, unless a RULE static on the card says otherwise (rules 8 A: a card's
effect prevails over a game rule), together with what set the answer, so a report can say why.

Queries:

- :func:`copy_limit` -- ``deck_copies``: how many copies of a card a deck may hold (3; Item Único: 1).
"""

from __future__ import annotations

from collections.abc import Iterator

from cardscript.compiler.ir import Effect, Op, Procedure
from cardscript.runtime.cards import CardDef

__all__ = ["DEFAULT_DECK_COPIES", "copy_limit", "rule_statics"]

DEFAULT_DECK_COPIES = 3
"""Glossary, Item Único: "no máximo uma única cópia no deck, e não três" -- a deck holds at most three copies
of a card unless an effect changes it."""

_DEFAULT_COPIES_REASON = "the default limit of 3 copies of a card (glossary, Item Único: 'e não três')"


def rule_statics(defn: CardDef, rule: str) -> Iterator[tuple[Effect, Procedure]]:
    """The RULE procedures of ``defn``'s effects that change ``rule`` (a key of ``ir.RULES``), with their effect.

    A RULE procedure is a static by construction; it is read whatever the kind of the effect carrying it, since
    keyword characteristics are valid in any area (5.6)."""
    for effect in defn.effects:
        for proc in effect.procedures:
            if proc.op is Op.RULE and proc.arg("rule") == rule:
                yield effect, proc


def _source(effect: Effect, proc: Procedure) -> str:
    """What set a rule, for a person: the keyword, else the effect's (or procedure's) text."""
    text = effect.keyword or effect.text or proc.text
    return text.strip().rstrip(".") or f"a static on rule {proc.arg('rule')!r}"


def copy_limit(defn: CardDef) -> tuple[int, str]:
    """``(limit, reason)``: the most copies of ``defn`` a deck may hold and what set that limit.

    3 by default; the smallest ``deck_copies`` value of the card's RULE statics when it has any (Item Único:
    1, rules 7 and glossary; 5.6: it "funciona antes mesmo da partida começar, invalidando um deck que tenha
    mais de um card" of it). The reason names the keyword (or the effect's text) that set the limit."""
    best: tuple[int, str] | None = None
    for effect, proc in rule_statics(defn, "deck_copies"):
        value = proc.arg("value")
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            continue
        if best is None or value < best[0]:
            best = (value, _source(effect, proc))
    return best if best is not None else (DEFAULT_DECK_COPIES, _DEFAULT_COPIES_REASON)
