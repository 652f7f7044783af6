"""Random edits of a real match log, for the fuzz tests of the replay check (tests, bench/fuzz_logs.py).

:func:`random_edit` makes one edit of a log file's text, as a careless user or a forger would: a value of
some event changed (another number, string, type, null), a key removed or added, an event removed,
repeated, moved or forged, the file truncated, a line broken or replaced by something that is not an
event. Most edits are *resealed* (the seal recomputed over the edited events, as a forger would), so that
what refuses them is the replay, not the seal; the edits of the match event's inputs (seed, deck names,
cards) are never resealed, because the replay takes them from the log (only the seal covers them). Every
edit changes the log's canonical text: :func:`cardscript.games.battle_scenes.runtime.log_check.check_log` must refuse
each one.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from cardscript.engine.log_seal import SEAL_KIND, canonical, seal_record


@dataclass(frozen=True)
class Edit:
    """An edited log file's text and what was done (``value event 12 data.amount: 2 -> 3``)."""

    data: bytes
    what: str
    resealed: bool


def parse(text: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """A log file's event records and its seal record."""
    records = [json.loads(line) for line in text.splitlines() if line.strip()]
    return records[:-1], records[-1]


def write(records: list[dict[str, Any]], seal: dict[str, Any] | None) -> str:
    """A log file's text: the records, then ``seal`` (None: a new seal over the records)."""
    last = seal if seal is not None else seal_record(records)
    return "".join(canonical(r) + "\n" for r in records) + canonical(last) + "\n"


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of every value inside a JSON value (containers too)."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _leaves(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _leaves(item, (*path, i))
    return found


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def _set(value: Any, path: tuple[Any, ...], new: Any) -> None:
    for step in path[:-1]:
        value = value[step]
    value[path[-1]] = new


def other_value(value: Any, rng: random.Random) -> Any:
    """A JSON value different from ``value``: a near one of the same type, or one of another type."""
    if rng.random() < 0.3:
        return rng.choice([None, "0", 1.5, True, [], {}, -1, 10**12, "x" * 3])
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + rng.choice([-2, -1, 1, 2, 7])
    if isinstance(value, float):
        return value + 0.5
    if isinstance(value, str):
        if not value:
            return "a"
        i = rng.randrange(len(value))
        return value[:i] + rng.choice("aeiouXYZ019 ") + value[i + 1:]
    if isinstance(value, list):
        return value[:-1] if value and rng.random() < 0.5 else [*value, 0]
    if isinstance(value, dict):
        return {**value, "forged": 1}
    return 0


def _value_edit(records: list[dict[str, Any]], rng: random.Random) -> tuple[str, bool]:
    index = rng.randrange(len(records))
    record = records[index]
    paths = [p for p in _leaves(record) if p]
    path = rng.choice(paths)
    old = _get(record, path)
    new = other_value(old, rng)
    if path[0] == "kind" and rng.random() < 0.5:
        new = rng.choice(["damage", "choice", "knocked_out", "move", "result", "draw"])
    _set(record, path, new)
    where = ".".join(str(p) for p in path)
    return f"value event {index} {where}: {json.dumps(old)[:40]} -> {json.dumps(new)[:40]}", index != 0


def _structure_edit(records: list[dict[str, Any]], rng: random.Random) -> tuple[str, bool]:
    kind = rng.choice(["drop key", "add key", "delete", "repeat", "move", "forge damage", "truncate"])
    index = rng.randrange(1, len(records))
    record = records[index]
    if kind == "drop key" and record["data"]:
        key = rng.choice(sorted(record["data"]))
        del record["data"][key]
        return f"drop key event {index} data.{key}", True
    if kind == "add key" or kind == "drop key":
        record["data"]["extra"] = rng.choice([0, "x", None])
        return f"add key event {index} data.extra", True
    if kind == "delete":
        del records[index]
        return f"delete event {index}", True
    if kind == "repeat":
        records.insert(index, json.loads(json.dumps(record)))
        return f"repeat event {index}", True
    if kind == "move":
        other = rng.randrange(1, len(records))
        records.insert(other, records.pop(index))
        return f"move event {index} to {other}", True
    if kind == "forge damage":
        damages = [r for r in records if r["kind"] == "damage"]
        forged = json.loads(json.dumps(rng.choice(damages))) if damages else \
            {"kind": "damage", "depth": 0, "data": {"amount": 3, "card": 1}}
        records.insert(index, forged)
        return f"forged damage event at {index}", True
    cut = rng.randrange(1, len(records))
    del records[cut:]
    return f"truncate after event {cut - 1}", True


def _raw_edit(text: str, records: list[dict[str, Any]], seal: dict[str, Any],
              rng: random.Random) -> tuple[str, str]:
    """Edits not resealed: of the seal, of the match event's inputs, of the file's bytes and lines."""
    lines = text.splitlines()
    kind = rng.choice(["seal", "match input", "cut line", "not an object", "not JSON", "drop seal", "bytes",
                       "empty", "cut file", "seal shape"])
    if kind == "seal":
        data = seal["data"]
        key = rng.choice(["chain", "events", "match"])
        data[key] = other_value(data[key], rng)
        return write(records, seal), f"seal {key} edited"
    if kind == "match input":
        key = rng.choice(["seed", "decks", "cards", "energy"])
        data = records[0]["data"]
        paths = [p for p in _leaves(data[key]) if not isinstance(_get(data[key], p), (list, dict))] or [()]
        path = rng.choice(paths)
        new = other_value(_get(data[key], path), rng)
        if path:
            _set(data[key], path, new)
        else:
            data[key] = new
        return write(records, seal), f"match event {key} {path} edited (not resealed)"
    if kind == "cut line":
        i = rng.randrange(len(lines))
        lines[i] = lines[i][: rng.randrange(len(lines[i]))]
        return "\n".join(lines) + "\n", f"line {i + 1} cut short"
    if kind == "not an object":
        i = rng.randrange(len(lines))
        lines[i] = rng.choice(["[]", "42", '"event"', "null", '{"kind": 1, "data": {}, "depth": 0}',
                               '{"kind": "move", "data": [], "depth": 0}', '{"kind": "move"}'])
        return "\n".join(lines) + "\n", f"line {i + 1} replaced by a non-event"
    if kind == "not JSON":
        i = rng.randrange(len(lines))
        lines.insert(i, rng.choice(["{", "not json", "{'kind': 'move'}", '{"kind": NaN}']))
        return "\n".join(lines) + "\n", f"garbage line before line {i + 1}"
    if kind == "drop seal":
        return "\n".join(lines[:-1]) + "\n", "seal line removed"
    if kind == "bytes":
        i = rng.randrange(len(text))
        return text[:i] + "\udcff" + text[i:], f"a byte that is not UTF-8 at {i}"
    if kind == "empty":
        return rng.choice(["", "\n\n", "   \n"]), "empty file"
    if kind == "seal shape":
        seal["data"] = rng.choice([{}, {"events": "7", "chain": "", "match": {}}, {"events": len(records)}])
        return write(records, seal), "seal with the wrong shape"
    cut = rng.randrange(1, len(text))
    return text[:cut], f"file cut at character {cut}"


def random_edit(text: str, rng: random.Random) -> Edit:
    """One random edit of the log file ``text`` whose canonical text differs from it."""
    for _ in range(50):
        records, seal = parse(text)
        assert seal["kind"] == SEAL_KIND
        roll = rng.random()
        if roll < 0.55:
            what, reseal = _value_edit(records, rng)
            edited = write(records, None if reseal else seal)
        elif roll < 0.8:
            what, reseal = _structure_edit(records, rng)
            edited = write(records, None)
        else:
            edited, what = _raw_edit(text, records, seal, rng)
            reseal = False
        if edited != text:
            return Edit(edited.encode("utf-8", "surrogateescape"), what, reseal)
    raise AssertionError("no edit changed the log")
