"""What a player at the keyboard may look at (``look CARD`` in ``cardscript play --interactive``): a card they
can see -- in their hand, in the scene (with what each base carries), the scenario, either player's resources or
prizes (rules 3, areas of the game) -- with its printed characteristics, its texts, and its state now."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.state import CardId

__all__ = ["look", "visible_cards"]


def visible_cards(game: Game, viewer: int) -> Iterator[tuple[CardId, str]]:
    """Every card ``viewer`` may see, with where it is, in a stable order (their hand first)."""
    s = game.state
    for c in s.players[viewer].hand:
        yield c, "your hand"
    for base in s.scene.values():
        who = "your" if base.controller == viewer else "the opponent's"
        yield base.card, f"the scene ({who})"
        for c in base.carried:
            yield c, f"carried by {game.name(base.card)}"
    if s.scenario is not None:
        yield s.scenario, "the scenario"
    for p, player in enumerate(s.players):
        whose = "your" if p == viewer else "the opponent's"
        for c in player.resources:
            yield c, f"{whose} resources"
        for c in player.prizes:
            yield c, f"{whose} prizes"


def look(game: Game, viewer: int, query: str) -> str:
    """The card ``query`` names among those ``viewer`` may see -- its number (``12``, ``#12``) or the start of its
    title (``hulk``, case and accents as printed or not) -- described; or a line saying none or which ones."""
    from cardscript.compiler.vocabulary import fold_key

    q = query.strip().lstrip("#")
    seen = list(visible_cards(game, viewer))
    if q.isdigit():
        found = [(c, where) for c, where in seen if c == int(q)]
    else:
        key = fold_key(q)
        found = [(c, where) for c, where in seen if fold_key(game.name(c)).startswith(key)]
    if not found:
        return f"no card you can see is {query.strip()!r} (look takes a card's number or the start of its title)"
    if len({c for c, _ in found}) > 1:
        return "which one? " + ", ".join(f"{game.name(c)} ({where})" for c, where in found)
    card, where = found[0]
    return describe(game, card, where)


def describe(game: Game, card: CardId, where: str) -> str:
    """A card's printed characteristics and texts, then its state (rules 2; in the scene: 4.4)."""
    d = game.cards.get(card)
    lines = [f"{game.name(card)} -- {getattr(d, 'card_type', '?')}, in {where}"]
    facts = []
    if getattr(d, "initial_energy", None) is not None:
        facts.append(f"initial energy {d.initial_energy}")          # type: ignore[union-attr]
    if getattr(d, "shield", None) is not None:
        facts.append(f"shield {d.shield}")                          # type: ignore[union-attr]
    if getattr(d, "powers", ()):
        facts.append("powers " + ", ".join(d.powers))               # type: ignore[union-attr]
    if getattr(d, "power", None):
        facts.append(f"power {d.power}")                            # type: ignore[union-attr]
    if getattr(d, "affiliations", ()):
        facts.append("affiliations " + ", ".join(d.affiliations))   # type: ignore[union-attr]
    if facts:
        lines.append("  " + "; ".join(facts))
    for effect in getattr(d, "effects", ()) or ():
        if effect.text:
            lines.append(f"  text: {effect.text}")
    action = getattr(d, "action", None)
    if action is not None:
        cost = "X" if action.cost_is_x else action.cost
        lines.append(f"  action {action.name} (cost {cost}, power {action.power or '-'})")
        for mode in action.modes:
            if mode.text:
                lines.append(f"    {mode.text}")
    base = game.state.scene.get(card)
    if base is not None:
        carried = ", ".join(game.name(c) for c in base.carried) or "nothing"
        lines.append(f"  now: energy {base.energy}, stage {base.stage}, carrying {carried}; "
                     f"damage this turn {base.damage_taken_this_turn}")
    return "\n".join(lines)


def look_in(match: Any, viewer: int, query: str) -> str:
    """:func:`look` in the game of a match an agent is asked in (the ``looker`` of
    :class:`~cardscript.engine.agents.InteractiveAgent`)."""
    return look(match.game, viewer, query)
