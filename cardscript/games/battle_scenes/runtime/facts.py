"""Option facts (``agents.py``): what a card is and where, and what an option would do, for the agents that read
them (``wants_facts``), and the facts of a decision built without them (:meth:`OptionFacts.annotate`).

A card's facts: where it is and its characteristics (4.4.2.1 A.4b ``duplicate``, 4.4.2.3 A.1.1 / A.1.2
``useful``; the shield, 4.8.6); a decision a procedure handler built: each option's card facts and the harm the
procedure being run would do (a damage procedure's target choice harms the chosen card). :class:`OptionFacts` is
a part of :class:`cardscript.games.battle_scenes.runtime.turn.Engine`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from cardscript.compiler.ir import Discard, Effect, EffectKind, KnockOut, Procedure, Unload
from cardscript.compiler.vocabulary import fold_key
from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime import shielding
from cardscript.games.battle_scenes.runtime.actions import character_powers, power_key, sketch
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.state import CardId
from cardscript.games.battle_scenes.runtime.triggers import card_attr

__all__ = ["OptionFacts"]


class OptionFacts:
    """The Engine's card and option facts: it gives ``game``, the procedure being run (``running``) and the
    names of the match's cards (``_names``, filled when first needed)."""

    game: Game
    running: Procedure | None
    _names: dict[str, CardId]

    # -- card facts -------------------------------------------------------------------------------------
    def is_character(self, card: CardId) -> bool:
        return str(card_attr(self.game, card, "card_type")).startswith("Personagem")

    def initial_energy(self, card: CardId) -> int:
        return int(card_attr(self.game, card, "initial_energy") or 0)

    def identity(self, card: CardId) -> str:
        """Alter ego, or the name if there is none (4.4.2.1 A.4)."""
        return str(card_attr(self.game, card, "alter_ego") or card_attr(self.game, card, "name") or "")

    def has_keyword(self, card: CardId, keyword: str) -> bool:
        want = fold_key(keyword)
        if any(fold_key(k) == want for k in (card_attr(self.game, card, "keywords") or ())):
            return True
        return any(e.kind is EffectKind.KEYWORD and fold_key(e.keyword) == want
                   for e in (card_attr(self.game, card, "effects") or ()))

    # -- option facts (agents.py) --------------------------------------------------------------------------
    def wants_facts(self, player: int) -> bool:
        """Does the player's agent read option facts (``wants_facts = True``)? Facts that cost something
        to compute are built only for those agents (random simulation stays fast)."""
        return bool(getattr(self.game.agents[player], "wants_facts", False))

    def option_facts(self, player: int, make: Callable[..., Iterable[Mapping[str, object]]], *args: Any
                     ) -> tuple[Mapping[str, object], ...]:
        """``make(*args)`` as a tuple when the player's agent wants facts, else ()."""
        return tuple(make(*args)) if self.wants_facts(player) else ()

    def cards_facts(self, cards: Iterable[CardId], base: CardId | None = None) -> list[dict[str, object]]:
        return [self.card_facts(c, base) for c in cards]

    def card_facts(self, card: CardId, base: CardId | None = None, exact_shield: bool = False) -> dict[str, object]:
        """A card's option facts: where it is and its characteristics; ``duplicate`` for a character card
        whose alter ego its owner already has in the scene (4.4.2.1 A.4b); with ``base`` (the character
        carrying it, or about to), ``useful`` when it lends that character an action or power it can use
        (4.4.2.3 A.1.1, A.1.2). The shield of a card in the scene is the printed one plus this turn's
        changes; ``exact_shield`` asks the ``shielding.shield`` query (statics too, slower)."""
        game, s = self.game, self.game.state
        owner = s.owner[card]
        ctype = str(card_attr(game, card, "card_type"))
        facts: dict[str, object] = {"kind": "card", "card": card, "owner": owner, "card_type": ctype,
                                    "initial_energy": self.initial_energy(card),
                                    "shield": int(card_attr(game, card, "shield") or 0)}
        where = s.scene.get(card)
        if where is not None:
            facts.update(controller=where.controller, energy=where.energy, stage=where.stage,
                         shield=shielding.shield(game, card) if exact_shield
                         else max(0, int(card_attr(game, card, "shield") or 0) + where.shield_bonus))
        elif ctype.startswith("Personagem"):
            ident = self.identity(card)
            facts["duplicate"] = any(self.is_character(b.card) and self.identity(b.card) == ident
                                     for b in s.controlled(owner))
        if base is not None:
            facts["useful"] = self.useful_for(card, base)
        return facts

    def annotate(self, decision: Decision) -> Decision:
        """Option facts for a decision built without them (the handlers'), when every option
        is a card or a player: the card's facts, and ``harm`` / ``amount`` inferred from the IR procedure
        being run (a damage procedure's target choice harms the chosen card). A yes/no optional step is
        marked harmful when the procedure would discard, unload or knock out (its cost falls on the one
        who decides). Other decisions are returned as they are."""
        if decision.facts or not self.wants_facts(decision.player):
            return decision
        proc = self.running
        if decision.kind == "optional" and decision.options == ("yes", "no"):
            harmful = isinstance(proc, Discard | Unload | KnockOut)
            yes: dict[str, object] = {"kind": "yes", "harm": True} if harmful else {"kind": "yes"}
            return replace(decision, facts=(yes, {"kind": "no"}))
        k = sketch(Effect(EffectKind.ACTION, procedures=(proc,))) if proc is not None else sketch(None)
        if len(self._names) != len(self.game.cards):
            self._names = {self.game.name(c): c for c in self.game.cards}
        facts: list[dict[str, object]] = []
        for label in decision.options:
            card = self._names.get(label)
            if card is not None:
                f = self.card_facts(card, exact_shield=decision.kind == "target")
            elif label.startswith("player ") and label[7:].isdigit():
                f = {"kind": "player", "player": int(label[7:])}
            else:
                return decision
            if decision.kind == "target" and k.harm is not None:
                f.update(harm=k.harm, amount=k.amount, piercing=k.piercing)
            facts.append(f)
        return replace(decision, facts=tuple(facts))

    def useful_for(self, card: CardId, base: CardId) -> bool:
        game = self.game
        ctype = str(card_attr(game, card, "card_type"))
        if ctype.startswith("Personagem"):
            return card != base and self.identity(card) == self.identity(base)
        if ctype != "Habilidade":
            return False
        where = game.state.scene.get(base)
        powers = (character_powers(game, where) if where is not None
                  else {power_key(p) for p in (card_attr(game, base, "powers") or ())})
        return power_key(card_attr(game, card, "power")) in powers
