"""A readable log of a match (principle 9): turns, phases, plays, moves, and the Effects Tree (levels,
pauses, resumptions) indented by level, from the event log alone (a saved JSON Lines log prints the same).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from cardscript.runtime.events import Event

PHASE_NAMES = {
    "turn": "Turno", "countdown": "Fase de Contagem Regressiva", "draw": "Fase de Compra",
    "preparation": "Fase de Preparação", "adjustment": "Fase de Ajuste", "combat": "Fase de Combate",
    "anticipation": "Etapa de Antecipação", "attack": "Etapa de Ataque",
}
TREE = {"tree_pending": "pending", "tree_start": "resolves", "tree_pause": "PAUSED", "tree_resume": "RESUMES",
        "tree_end": "ends", "tree_skip": "does nothing"}

Namer = Callable[[Any], str]


def _default_name(card: Any) -> str:
    return f"card#{card}"


def describe(event: Event, name: Namer = _default_name) -> str | None:
    """One event as a line of text (None: not worth a line)."""
    d = event.data
    k = event.kind
    if k == "match":
        return f"Match (seed {d.get('seed')}): player 0 plays {d['decks'][0]}, player 1 plays {d['decks'][1]}"
    if k == "lot":
        return f"Player {d['player']} wins the lot (6.1)"
    if k == "first_player":
        return f"Player {d['player']} starts the match"
    if k in ("phase_start", "phase_end"):
        what = d.get("step") or d.get("phase", "")
        label = PHASE_NAMES.get(str(what), str(what))
        if what == "turn":
            return (f"\n=== Turn {d.get('turn')}: player {d.get('player')} ===" if k == "phase_start"
                    else f"--- end of turn {d.get('turn')}")
        return f"-- {label}" if k == "phase_start" else None
    if k in TREE:
        extra = f" (after procedure {d['procedure']})" if k == "tree_pause" else ""
        extra = f" (from procedure {d['procedure'] + 1})" if k == "tree_resume" else extra
        reason = f" -- {d['reason']}" if "reason" in d else ""
        label = str(d["effect"])
        label = label if len(label) <= 80 else label[:77] + "..."
        return f"[Effects Tree level {d['level']}] {label}: {TREE[k]}{extra}{reason}"
    if k == "move":
        reason = d.get("reason") or ""
        if reason == "draw":
            return f"P{d['owner']} draws {name(d['card'])}"
        if reason == "unload":
            return None
        return f"P{d['owner']}: {name(d['card'])} {d['frm']} -> {d['to']}{' (bottom)' if d.get('bottom') else ''}" + (
            f" [{reason}]" if reason else "")
    if k == "shuffle":
        return f"P{d['player']} shuffles the deck"
    if k == "enter_scene":
        carried = d.get("carried") or []
        extra = f" carrying {', '.join(name(c) for c in carried)}" if carried else ""
        return f"P{d['controller']}: {name(d['card'])} enters the scene{extra}"
    if k == "leave_scene":
        return f"{name(d['card'])} leaves the scene"
    if k == "load":
        return f"{name(d['card'])} is loaded onto {name(d['onto'])}"
    if k == "unload":
        return f"{name(d['card'])} is unloaded from {name(d['frm'])}"
    if k in ("capacitate", "incapacitate"):
        return f"{name(d['card'])} {k}d by {d['amount']} (stage {d['stage']})"
    if k == "knocked_out":
        return f"{name(d['card'])} is knocked out{(' -- ' + d['reason']) if d.get('reason') else ''}"
    if k == "destroyed":
        return f"{name(d['card'])} is destroyed"
    if k == "damage" and "card" in d and "amount" in d:
        source = name(d["source"]) if d.get("source") is not None else "an effect"
        notes = [f"{key} {d[key]}" for key in ("absorbed", "unloaded") if key in d]
        kind = "piercing damage" if d.get("piercing") else "damage"
        return (f"{source} causes {d['amount']} {kind} to {name(d['card'])}"
                + (f" ({', '.join(notes)})" if notes else ""))
    if k == "damage":
        return "damage: " + ", ".join(f"{key}={value}" for key, value in sorted(d.items()))
    if k == "targeted":
        return f"{name(d['card'])} is the target of {d['action']}"
    if k == "action":
        return f"P{d['player']}: {name(d['card'])} uses the action {d['action']}"
    if k == "play":
        return f"P{d['player']}: {d['play']}"
    if k == "choice":
        if d.get("decision") in ("play", "order"):
            return None
        return f"  (P{d['player']} {d['decision']}: {', '.join(str(p) for p in d.get('picked', []))})"
    if k in ("unsupported", "procedure_error"):
        return f"  !! {k}: {d.get('effect', '')}: {d.get('text', '')} {d.get('error', '')}".rstrip()
    if k == "reveal":
        cards = d.get("cards") or [d.get("card")]
        return f"P{d['player']} reveals {', '.join(name(c) for c in cards)} ({d.get('reason', '')})"
    if k == "game_over":
        return f"\n*** Player {d['winner']} wins: {d['reason']}"
    if k == "result":
        if d.get("ended"):
            return f"Result: player {d['winner']} wins after {d['turns']} turns (state {d['state_hash']})"
        return f"Result: {d['reason']} (state {d['state_hash']})"
    return None


def lines(events: Iterable[Event], name: Namer = _default_name) -> Iterator[str]:
    for event in events:
        text = describe(event, name)
        if text is None:
            continue
        indent = "    " * event.depth if event.kind not in ("phase_start", "phase_end") else ""
        yield indent + text


def render(events: Iterable[Event], name: Namer = _default_name) -> str:
    return "\n".join(lines(events, name))


def namer_from_log(events: Iterable[Event]) -> Namer:
    """Card names from a log's ``match`` event (card ids are given in deck order from 1, see match.py)."""
    titles: dict[int, str] = {}
    for event in events:
        if event.kind == "match":
            ident = 1
            for deck in event.data.get("cards", []):
                for title in deck:
                    titles[ident] = str(title)
                    ident += 1
            break

    def name(card: Any) -> str:
        return f"{titles[card]}#{card}" if card in titles else f"card#{card}"
    return name
