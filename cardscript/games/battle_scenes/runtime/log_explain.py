"""``cardscript explain LOG``: how a saved match (``cardscript play --log FILE``) resolved, step by step -- each
resolution of one turn (or of every turn): the play, the Effects Tree's levels, pauses and resumptions (9.1), each
procedure's events and every damage calculation in the rulebook's lettering (4.8.3: A, B, C, D, E, F.B, F.C, F.D,
F.E), each modifier named; the log's choices are replayed to check it still describes what the engine does."""

from __future__ import annotations

import json
from pathlib import Path

from cardscript.engine.events import EventLog

LOG_SUFFIXES = (".jsonl", ".json", ".log")


class ExplainError(Exception):
    """What ``cardscript explain`` cannot explain (a missing file, a file that is not a match log, a turn
    the match did not have): a message for the user, exit code 2."""


def is_event_log(path: Path) -> bool:
    """A saved match log: its first record is a JSON object with an event ``kind`` (a card file starts
    with its type, "Personagem: ..."). A file named ``*.jsonl`` / ``*.json`` / ``*.log`` is taken for one
    even when it is not, so that :func:`explain_log` can say what is wrong with it."""
    if path.suffix.lower() in LOG_SUFFIXES:
        return True
    if not path.is_file():
        return False
    try:
        with path.open(encoding="utf-8") as f:
            first = next((line for line in f if line.strip()), "")
        record = json.loads(first)
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    return isinstance(record, dict) and "kind" in record


def _load_log(path: Path) -> EventLog:
    if not path.exists():
        raise ExplainError(f"no such file: {path}")
    if not path.is_file():
        raise ExplainError(f"{path} is not a file")
    try:
        log = EventLog.load(path)
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ExplainError(f"{path} is not a match log (cardscript play --log FILE writes one): "
                           f"{type(exc).__name__}: {exc}") from None
    if not log.events or log.events[0].kind != "match":
        raise ExplainError(f"{path} is not a match log: it does not start with a match event "
                           "(cardscript play --log FILE writes one)")
    return log


def replay_log(path: Path) -> tuple[bool, str]:
    """Check the log file ``path`` as ``play --replay`` does (:mod:`cardscript.games.battle_scenes.runtime.log_check`:
    read strictly,
    replayed event by event, its seal checked): (True, what was checked) or (False, the first event that
    differs, or why the file is not a log that can be checked)."""
    from cardscript.games.battle_scenes.runtime.log_check import LogError, check_log, read_log

    try:
        verdict = check_log(read_log(path))
    except LogError as exc:
        return False, f"{exc} (the log cannot be checked by a replay)"
    return verdict.ok, verdict.message if verdict.ok else f"{verdict.message}: the replay differs from the log"


def explain_log(path: Path, turn: int | None = None, replay: bool = True) -> tuple[str, int]:
    """A saved match log, resolution by resolution (all turns, or ``turn``): the text and an exit status
    (0; 1 when replaying the log's choices no longer reaches its final state: the explanation is still the
    log's). :class:`ExplainError` for a missing file, a file that is not a match log, a turn not played."""
    log = _load_log(path)
    try:
        return _explain_events(path, log, turn, replay)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ExplainError(f"{path} is not a well-formed match log: {type(exc).__name__}: {exc}") from None


def _explain_events(path: Path, log: EventLog, turn: int | None, replay: bool) -> tuple[str, int]:
    from cardscript.games.battle_scenes.runtime.resolutions import explain_resolutions, resolutions
    from cardscript.games.battle_scenes.runtime.trace import namer_from_log

    events = log.events
    turns = sorted({int(e.data.get("turn", 0)) for e in events if e.kind == "status"})
    if turn is not None and turn not in turns:
        played = f"turns {turns[0]}-{turns[-1]}" if turns else "no turn"
        raise ExplainError(f"turn {turn} is not in {path} (the match has {played})")
    start = events[0].data
    decks = list(start.get("decks", ("A", "B")))
    found = [r for r in resolutions(events) if turn is None or r.turn == turn]
    calculations = sum(1 for r in found for i in r.events if events[i].kind == "damage_calculation")
    lines = [f"Match log {path} (seed {start.get('seed')}): P0 plays {decks[0]}, P1 plays {decks[-1]}; "
             f"{len(turns)} turn(s)",
             f"{'turn ' + str(turn) if turn is not None else 'all turns'}: {len(found)} resolution(s), "
             f"{calculations} damage calculation(s)",
             "4.8.3 lettering: A initial value, B additions and subtractions, C multiplications then divisions, "
             "D fixed values, E redirection, F (F.B-F.E) B-E again for the new destination, = the damage"]
    lines += explain_resolutions(events, namer_from_log(events), turn)
    status = 0
    if replay:
        ok, message = replay_log(path)
        lines += ["", f"replay: {message}"]
        status = 0 if ok else 1
    return "\n".join(lines), status
