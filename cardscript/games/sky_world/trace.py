"""A readable trace of a Sky World match from its event log, in the core trace's style
(:mod:`cardscript.games.battle_scenes.runtime.trace`): a header per turn with both players' Fé, one line per play and
per thing
that happened, indented by the Effects Tree level, decisions in parentheses."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from cardscript.engine.events import Event

Namer = Callable[[Any], str]


def namer_from_log(events: Iterable[Event]) -> Namer:
    """Card names from the log's ``match`` event (its ``titles``)."""
    titles: dict[str, str] = {}
    for e in events:
        if e.kind == "match":
            titles = dict(e.data.get("titles", {}))
            break

    def name(card: Any) -> str:
        return f"{titles.get(str(card), 'card')}#{card}"
    return name


def _cards(name: Namer, cards: Iterable[Any]) -> str:
    return ", ".join(name(c) for c in cards) or "-"


_LASTING = {"prevent_channel_faith": "the first channelling of the next turn grants no Fé",
            "counter_awaken": "Counter de despertar until the end of the next turn"}
_ACTS = {"attack": "attack", "channel": "channel"}


def line(event: Event, name: Namer) -> str | None:
    """One event as a line (None: an event the trace leaves out)."""
    d = event.data
    ind = "  " + "    " * event.depth
    kind = event.kind
    simple: dict[str, Callable[[], str]] = {
        "match": lambda: f"Match (seed {d['seed']}): P0 plays {d['decks'][0] or 'A'}, P1 plays {d['decks'][1] or 'B'}"
                         f"; P{d['first_player']} starts",
        "mulligan": lambda: f"  P{d['player']} mulligan: {d['exchanged']} card(s) exchanged",
        "turn": lambda: f"=== Turn {d['turn']}: P{d['player']} === Fé {d['faith'][0]} x {d['faith'][1]}",
        "replenish": lambda: f"{ind}P{d['player']} replenishes: {d['drawn']} drawn"
                             + (f", {d['missing']} missing" if d["missing"] else ""),
        "play": lambda: f"  P{d['player']}: {d['play']}",
        "faith": lambda: f"{ind}P{d['player']} Fé {d['before']} -> {d['after']} ({d['why']})",
        "awaken": lambda: f"{ind}{name(d['card'])} awakens in slot {d['slot'] + 1} (Preparação)"
                          + (" without spending a despertar" if d["free"] else ""),
        "evolve": lambda: f"{ind}{name(d['card'])} evolves {name(d['replaced'])} (slot {d['slot'] + 1})",
        "consume": lambda: f"{ind}P{d['player']} consumes {_cards(name, d['cards'])}",
        "block": lambda: f"{ind}P{d['player']} blocks {d['amount']} (padlocks: {d['blocks']})",
        "bank": lambda: f"{ind}{name(d['card'])} to P{d['player']}'s Banco ({d['why']})" + (" [amber]" if d["amber"]
                                                                                          else ""),
        "attack": lambda: f"{ind}{name(d['card'])} attacks {name(d['target'])}",
        "combat": lambda: f"{ind}combat: {name(d['attacker'])} Poder {d['attacker_power']} x "
                          f"{name(d['target'])} Poder {d['target_power']}",
        "destroyed": lambda: f"{ind}{name(d['card'])} destroyed ({d['how']})",
        "protected": lambda: f"{ind}{name(d['card'])} protected ({d['how']})",
        "power": lambda: f"{ind}{name(d['card'])} Poder {d['amount']:+d}" + (" permanently" if d["permanent"]
                                                                             else " this turn") + f" (now {d['now']})",
        "ready": lambda: f"{ind}{name(d['card'])} ready" + (" (out of Preparação)" if d["preparation_left"] else ""),
        "fix": lambda: f"{ind}{name(d['card'])} fixed on {name(d['host'])}" + (" (Fixar + Despertar)" if d["awaken"]
                                                                                else ""),
        "binding_ended": lambda: f"{ind}{name(d['card'])} loses its last binding: consumed",
        "returned": lambda: f"{ind}{name(d['card'])} returns to the field (slot {d['slot'] + 1}, Preparação)",
        "trail": lambda: f"{ind}{name(d['card'])} to the Rastro",
        "trail_consumed": lambda: f"{ind}P{d['player']}'s Rastro consumed: {_cards(name, d['cards'])}",
        "awaken_limit": lambda: f"{ind}P{d['player']}'s despertar limit: {d['limit']}",
        "searched": lambda: f"{ind}P{d['player']} Vasculhar: {len(d['taken'])} to the hand, "
                            f"{d['bottom']} to the bottom",
        "tree_start": lambda: f"{ind}[level {d['level']}] {d['effect']}",
        "tree_skip": lambda: f"{ind}[level {d['level']}] {d['effect']}: skipped ({d['reason']})",
        "unsupported": lambda: f"{ind}UNSUPPORTED {d['effect']}: {d['text']}",
        "play_limit": lambda: f"  P{d['player']} reached {d['limit']} plays this turn",
        "registered": lambda: f"{ind}registered against P{d['against']}: {_LASTING.get(d['what'], d['what'])}",
        "lasting_ended": lambda: f"{ind}ended: {_LASTING.get(d['what'], d['what'])} ({d['why']})",
        "countered": lambda: f"{ind}{name(d['card'])} stopped by a Counter de despertar (a despertar without spending "
                             f"one)",
        "restricted": lambda: f"{ind}{name(d['card'])} may not {' nor '.join(_ACTS.get(a, a) for a in d['acts'])} "
                              f"this turn",
        "permutar": lambda: f"{ind}P{d['player']} Permutar: {name(d['taken'])} to the hand"
                            + (f", {_cards(name, d['sent'])} to the Banco" if d["sent"] else ""),
        "hold_preparation": lambda: f"{ind}{name(d['card'])} stays in Preparação until the end of turn "
                                    f"{d['until_turn']}",
        "game_over": lambda: f"*** P{d['winner']} wins: {d['reason']} ***",
    }
    if kind in simple:
        return simple[kind]()
    if kind == "choice" and d.get("decision") not in ("play",):
        return f"{ind}(P{d['player']} chooses {d['decision']}: {', '.join(map(str, d.get('picked', []))) or 'nothing'})"
    return None


def lines(events: Iterable[Event], name: Namer | None = None) -> Iterator[str]:
    events = list(events)
    namer = name or namer_from_log(events)
    for e in events:
        text = line(e, namer)
        if text is not None:
            yield text


def render(events: Iterable[Event], name: Namer | None = None) -> str:
    return "\n".join(lines(events, name))
