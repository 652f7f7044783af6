"""The seal of a saved match log: its last line, a hash chain over every event before it.

``cardscript play --log FILE`` writes the events of a match (JSON Lines) and, last, one ``seal`` record:
how many events the log has, the SHA-256 hash chain over their canonical JSON text, and one digest per
field of the ``match`` event (the inputs a replay takes from the log: seed, decks' names, cards). The
replay (:mod:`cardscript.games.battle_scenes.runtime.log_check`) recomputes every event from the seed and the choices,
so the
seal is what covers the inputs themselves: an edited deck name replays consistently, but no longer fits
the seal. (The chain has no secret key: it refuses edits, not a forger who rewrites the seal too; every
event but the match's inputs is still checked against the replay.)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

SEAL_KIND = "seal"
CHAIN_START = "cardscript match log v1"


def canonical(record: Mapping[str, Any]) -> str:
    """The one JSON text of an event record (``kind``, ``data``, ``depth``): sorted keys, no ASCII escapes,
    so that reformatting a log file (spaces, key order, escapes) is not an edit, and 2 and 2.0 differ."""
    return json.dumps(record, ensure_ascii=False, sort_keys=True)


def chain(texts: Iterable[str]) -> str:
    """The hash chain over canonical event texts: h0 = sha256(start), h(i+1) = sha256(h(i) + text(i))."""
    h = hashlib.sha256(CHAIN_START.encode()).hexdigest()
    for text in texts:
        h = hashlib.sha256((h + "\n" + text).encode()).hexdigest()
    return h


def field_digests(data: Mapping[str, Any]) -> dict[str, str]:
    """One short digest per field of the ``match`` event's data."""
    return {key: hashlib.sha256(json.dumps(value, ensure_ascii=False, sort_keys=True).encode()).hexdigest()[:16]
            for key, value in data.items()}


def seal_record(records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The seal record of a log whose event records are ``records``."""
    first = records[0] if records else {}
    match = first.get("data", {}) if first.get("kind") == "match" else {}
    return {"kind": SEAL_KIND, "depth": 0,
            "data": {"events": len(records), "chain": chain(canonical(r) for r in records),
                     "match": field_digests(match)}}
