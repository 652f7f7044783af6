"""The engine's answers to "what does rule X say now?", read from the cards' RULE statics.

Some keywords change a rule of the game itself rather than the state of a match (rules 7; 5.6: keyword
characteristics work in every area of the game, some before the match even starts). The compiler lowers
them into a STATIC effect whose procedure is ``Procedure(Op.RULE, args=(("rule", <name>), ("value", <v>)))``;
``cardscript.compiler.ir.RULES`` lists the rules such a static may change. Each query here answers one rule
for one card: the rulebook's default, unless a RULE static on the card says otherwise (rules 8 A: a card's
effect prevails over a game rule), together with what set the answer, so a report can say why.

Queries:

- :func:`copy_limit` -- ``deck_copies``: how many copies of a card a deck may hold (3; Item Único: 1).

Action keywords carry their RULE statics on the action itself (``ActionDef.keyword_effects``, lowered by
``cardscript/compiler/lower_action_keywords.py``; an action's characteristics hold wherever it is used):

- :func:`use_limited` -- ``use_once_by_name`` (Ação Única: the character may not use an action of that name again
  this turn, even with more actions allowed) and ``once_per_player`` (Singularidade: a player uses one action with
  that characteristic per turn), recorded by :func:`note_action_use` and reset at the Final do Turno.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardscript.compiler.ir import ActionDef, Effect, Op, Procedure
from cardscript.compiler.vocabulary import fold_key
from cardscript.runtime.cards import CardDef
from cardscript.runtime.game import Game
from cardscript.runtime.state import CardId

__all__ = ["DEFAULT_DECK_COPIES", "copy_limit", "note_action_use", "rule_statics", "use_limited"]

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


def use_limited(game: Game, player: int, user: CardId, action: ActionDef) -> str | None:
    """Why the action's own use restrictions forbid ``user`` (controlled by ``player``) to use ``action`` now, or
    None. ``use_once_by_name`` (Ação Única, glossary: "não poderá usar mais de uma vez por turno, mesmo que algum
    outro efeito ou ação o autorize a usar mais de uma ação"): the character used an action of that name this turn;
    ``once_per_player`` (Singularidade: "Um jogador não pode usar mais de uma ação com Singularidade por turno"):
    the player used an action with that characteristic this turn."""
    base = game.state.scene.get(user)
    used = {fold_key(n) for n in (base.actions_used if base is not None else ())}
    for proc in action.rules("use_once_by_name"):
        if fold_key(str(proc.arg("value"))) in used:
            return f"{proc.arg('value')} was already used by this character this turn ({proc.text or 'Ação Única'})"
    for proc in action.rules("once_per_player"):
        if (player, fold_key(str(proc.arg("value")))) in game.state.this_turn.used_once_per_player:
            return f"player {player} already used an action with {proc.arg('value')} this turn"
    return None


def note_action_use(game: Game, player: int, action: ActionDef) -> None:
    """Record that ``player`` used ``action`` for its ``once_per_player`` rules (cleared at the Final do Turno)."""
    for proc in action.rules("once_per_player"):
        key = (player, fold_key(str(proc.arg("value"))))
        if key not in game.state.this_turn.used_once_per_player:
            game.state.this_turn.used_once_per_player.append(key)
