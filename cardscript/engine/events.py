"""The event log: every decision and every procedure of a match, in order, as JSON-able records.

Same cards, decks, seed and choices give the same log (principle 9); a saved log (JSON Lines) can be
replayed to the same final state, checked by :func:`state_hash`.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Event:
    """One thing that happened: ``kind`` (``draw``, ``damage``, ``choice``, ``phase``...) and its data."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    depth: int = 0            # Effects Tree level when it happened (0: outside the tree), for traces

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, sort_keys=True)


@dataclass
class EventLog:
    events: list[Event] = field(default_factory=list)

    def add(self, kind: str, depth: int = 0, **data: Any) -> Event:
        event = Event(kind, data, depth)
        self.events.append(event)
        return event

    def save(self, path: Path) -> None:
        """The events as JSON Lines, then the seal (:mod:`cardscript.engine.log_seal`) that a replay checks."""
        from cardscript.engine.log_seal import canonical, seal_record

        records = [asdict(e) for e in self.events]
        path.write_text("".join(e.to_json() + "\n" for e in self.events) + canonical(seal_record(records)) + "\n",
                        encoding="utf-8")

    @staticmethod
    def load(path: Path) -> EventLog:
        """The events of a saved log (its seal left out;
        :func:`cardscript.games.battle_scenes.runtime.log_check.read_log` checks
        the file strictly)."""
        from cardscript.engine.log_seal import SEAL_KIND

        log = EventLog()
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                raw = json.loads(line)
                if raw["kind"] != SEAL_KIND:
                    log.events.append(Event(raw["kind"], raw.get("data", {}), raw.get("depth", 0)))
        return log

    def choices(self) -> list[Any]:
        """The answers of every decision, in order: what a scripted agent needs to replay the match."""
        return [e.data["answer"] for e in self.events if e.kind == "choice"]


def state_hash(state: Any) -> str:
    """A stable hash of a whole game state (any game's: a dataclass): its fields as ``dataclasses.asdict`` gives them,
    as sorted JSON."""
    blob = json.dumps(_plain(state), sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def _plain(value: Any) -> Any:
    """What ``dataclasses.asdict`` makes of a value, without its deep copies (a tenth of the time): dataclasses
    as dicts of their fields, lists / tuples / dicts element by element, anything else as it is (JSON's
    ``default=str`` names it)."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    names = _FIELDS.get(kind)
    if names is None and is_dataclass(value) and not isinstance(value, type):
        names = _FIELDS[kind] = tuple(f.name for f in fields(value))
    if names is not None:
        return {name: _plain(getattr(value, name)) for name in names}
    if kind is list or kind is tuple:
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


_ATOMS = frozenset({int, str, bool, float, type(None)})
_FIELDS: dict[type, tuple[str, ...]] = {}
