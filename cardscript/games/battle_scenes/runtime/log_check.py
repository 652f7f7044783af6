"""Checking a saved match log: read strictly, replayed, and compared event by event.

:func:`read_log` reads a log file line by line: every line one JSON object ``{"kind": str, "data": {...},
"depth": int}``, the first a ``match`` event with the seed and the two decks' names and cards, the last the
seal (:mod:`cardscript.engine.log_seal`). A file that does not read, is not JSON, has the wrong shape, or was
truncated (no seal, or the seal counts other events) is a :class:`LogError` with its line.

:func:`check_log` replays the match from the log's seed and decks and feeds each decision the answer the log
gives at that very place (:class:`LogAgent`); every event the replay logs is compared, as it is logged, with
the log's event at the same index (:class:`CheckingLog`). The first that differs stops the replay: a
:class:`Divergence` with its index, its line and what differs (``data.winner is 1 in the log, the replay gives
0``). A replay that reproduces every event is then checked against the seal, which covers the inputs the
replay took from the log (seed, deck names, cards). So any edit of any event is refused, with the first event
that differs; an answer the engine refuses (wrong type, out of range) is a divergence at its choice.
"""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardscript.compiler.card_refs import candidates_text
from cardscript.engine.agents import Decision, IllegalChoice, validate
from cardscript.engine.events import Event, EventLog
from cardscript.engine.log_seal import SEAL_KIND, canonical, chain, field_digests

MAX_TURNS = 1000            # a replay never plays more turns than this, whatever the log says


class LogError(Exception):
    """A log file that cannot be checked: unreadable, not JSON, wrong shape, truncated (exit 2)."""


class Divergence(BaseException):
    """The replay differs from the log at ``index``. A BaseException so that the engine, which turns a
    procedure's exceptions into logged procedure errors, lets it through and the replay stops at once."""

    def __init__(self, index: int, what: str) -> None:
        super().__init__(what)
        self.index = index
        self.what = what


class PastTheEnd(Divergence):
    """The replay has a decision to make after the log's last event."""


@dataclass
class LogFile:
    """A log read by :func:`read_log`: its event records (as parsed) and its seal's data."""

    records: list[dict[str, Any]]
    seal: dict[str, Any] | None         # None: events without their file's seal (not checked)

    def events(self) -> list[Event]:
        return [Event(r["kind"], r["data"], r["depth"]) for r in self.records]


@dataclass(frozen=True)
class Verdict:
    """The outcome of :func:`check_log`: ``ok``, what was checked or what differs, and where (-1: nowhere)."""

    ok: bool
    message: str
    index: int = -1


# -- reading ---------------------------------------------------------------------------------------------------


def read_log(path: Path) -> LogFile:
    """The records and seal of a log file, or :class:`LogError` saying which line is wrong and how."""
    try:
        text = path.read_bytes().decode("utf-8")
    except IsADirectoryError:
        raise LogError(f"{path} is a directory, not a match log") from None
    except FileNotFoundError:
        raise LogError(f"no such file: {path}") from None
    except OSError as exc:
        raise LogError(f"{path} cannot be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise LogError(f"{path} is not a match log: byte {exc.start} is not UTF-8 text") from None
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise LogError(f"{path} is empty: not a match log (cardscript play --log FILE writes one)")
    records = [_record(path, n, line) for n, line in lines]
    *events, seal = records
    if seal["kind"] != SEAL_KIND:
        raise LogError(f"{path}:{lines[-1][0]}: the log ends without its seal line: it was truncated "
                       "(or not written by cardscript play --log)")
    for (n, _), r in zip(lines, events, strict=False):
        if r["kind"] == SEAL_KIND:
            raise LogError(f"{path}:{n}: a seal line before the end of the log")
    data = seal["data"]
    if not isinstance(data.get("events"), int) or not isinstance(data.get("chain"), str) \
            or not isinstance(data.get("match"), dict):
        raise LogError(f"{path}:{lines[-1][0]}: the seal line has the wrong shape (events, chain, match)")
    if data["events"] != len(events):
        raise LogError(f"{path}: the seal counts {data['events']} events, the log has {len(events)}: "
                       + ("lines were removed (truncated log)" if data["events"] > len(events) else "lines were added"))
    if not events or events[0]["kind"] != "match":
        raise LogError(f"{path}:1: a match log starts with its match event")
    _check_match(path, events[0]["data"])
    return LogFile(events, data)


def _record(path: Path, number: int, line: str) -> dict[str, Any]:
    where = f"{path}:{number}"
    try:
        raw = json.loads(line, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise LogError(f"{where}: not JSON ({exc})") from None
    if not isinstance(raw, dict):
        raise LogError(f"{where}: an event is a JSON object, not {type(raw).__name__}")
    if set(raw) != {"kind", "data", "depth"}:
        raise LogError(f"{where}: an event has exactly the keys kind, data, depth (it has {', '.join(sorted(raw))})")
    if not isinstance(raw["kind"], str) or not isinstance(raw["data"], dict) \
            or isinstance(raw["depth"], bool) or not isinstance(raw["depth"], int):
        raise LogError(f"{where}: an event's kind is a string, its data an object, its depth a whole number")
    return raw


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number")


def _check_match(path: Path, data: Mapping[str, Any]) -> None:
    seed, decks, cards = data.get("seed"), data.get("decks"), data.get("cards")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise LogError(f"{path}:1: the match event's seed is a whole number")
    if not (isinstance(decks, list) and len(decks) == 2 and all(isinstance(d, str) for d in decks)):
        raise LogError(f"{path}:1: the match event names the two decks (a list of two strings)")
    if not (isinstance(cards, list) and len(cards) == 2
            and all(isinstance(d, list) and all(isinstance(t, str) for t in d) for d in cards)):
        raise LogError(f"{path}:1: the match event lists the two decks' cards (two lists of card titles)")


# -- replaying ---------------------------------------------------------------------------------------------------


def describe(expected: Mapping[str, Any], index: int) -> str:
    """``event 12 (line 13, damage)``."""
    return f"event {index} (line {index + 1}, {expected.get('kind', '?')})"


def first_difference(logged: Any, replayed: Any, path: str = "") -> str | None:
    """Where two JSON values first differ (``data.amount is 5 in the log, the replay gives 2``), or None."""
    if type(logged) is not type(replayed) and not (_number(logged) and _number(replayed)):
        return f"{path or 'the event'} is {_short(logged)} in the log, the replay gives {_short(replayed)}"
    if isinstance(logged, dict):
        for key in sorted(set(logged) | set(replayed)):
            at = f"{path}.{key}" if path else key
            if key not in replayed:
                return f"{at} is in the log ({_short(logged[key])}), not in the replay"
            if key not in logged:
                return f"{at} is missing from the log (the replay gives {_short(replayed[key])})"
            found = first_difference(logged[key], replayed[key], at)
            if found:
                return found
        return None
    if isinstance(logged, list):
        for i, (a, b) in enumerate(zip(logged, replayed, strict=False)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        if len(logged) != len(replayed):
            return f"{path} has {len(logged)} item(s) in the log, {len(replayed)} in the replay"
        return None
    if json.dumps(logged) != json.dumps(replayed):
        return f"{path or 'the event'} is {_short(logged)} in the log, the replay gives {_short(replayed)}"
    return None


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _short(value: Any, limit: int = 80) -> str:
    text = json.dumps(value, ensure_ascii=False) if not (isinstance(value, float) and not math.isfinite(value)) \
        else repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


@dataclass
class CheckingLog(EventLog):
    """An event log that compares each event added with the saved log's event at the same index."""

    expected: list[dict[str, Any]] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)        # the canonical text of each expected event

    def __post_init__(self) -> None:
        self.texts = [canonical(r) for r in self.expected]

    def add(self, kind: str, depth: int = 0, **data: Any) -> Event:
        event = super().add(kind, depth, **data)
        self.compare(len(self.events) - 1)
        return event

    def compare(self, index: int) -> None:
        """Divergence if the replay's event ``index`` is not the log's (``Event.to_json`` is canonical)."""
        text = self.events[index].to_json()
        if index >= len(self.expected):
            raise Divergence(index, f"the replay goes on past the log's last event (event {index - 1}): "
                                    f"it gives a {self.events[index].kind} event there")
        if text != self.texts[index]:
            logged = self.expected[index]
            what = first_difference(logged, json.loads(text)) or "its JSON text differs"
            raise Divergence(index, f"{describe(logged, index)}: {what}")


@dataclass
class LogAgent:
    """Answers each decision with the log's answer at the place the replay has reached: a ``choice`` event
    gives its answer, a ``refused`` event the answer that was refused (so it is refused again, the same way)."""

    log: CheckingLog
    player: int

    def decide(self, decision: Decision) -> Sequence[int]:
        index = len(self.log.events)
        expected = self.log.expected
        if index >= len(expected):
            raise PastTheEnd(index, f"the replay goes on past the log's last event: player {decision.player} "
                                    f"has a {decision.kind} decision to make there")
        logged = expected[index]
        data = logged["data"]
        if logged["kind"] not in ("choice", "refused"):
            raise Divergence(index, f"{describe(logged, index)}: the replay asks player {decision.player} a "
                                    f"{decision.kind} decision here, the log has a {logged['kind']} event")
        if data.get("player") != decision.player or data.get("decision") != decision.kind:
            raise Divergence(index, f"{describe(logged, index)}: the log has player {_short(data.get('player'))}'s "
                                    f"{_short(data.get('decision'))} decision, the replay asks player "
                                    f"{decision.player} a {decision.kind!r} decision")
        answer = data.get("answer")
        if logged["kind"] == "choice":
            try:
                validate(decision, answer)
            except IllegalChoice as exc:
                raise Divergence(index, f"{describe(logged, index)}: the log's answer {_short(answer)} to the "
                                        f"{decision.kind} decision is refused by the engine: {exc}") from None
        return answer             # type: ignore[no-any-return]  # checked by validate()


def _find(library: Mapping[str, Any], name: str) -> Any:
    """The card a log names (its title, or its printed code when its title is ambiguous); a tuple of the
    candidates for an ambiguous title; None when there is none."""
    find = getattr(library, "find", None)
    if find is None:
        return library.get(name)
    found = find(name)
    return found.card if found.card is not None else (found.candidates if found.ambiguous else None)


def check_log(log: LogFile, library_paths: Sequence[str] | None = None, *,
              cards: Mapping[str, Any] | None = None) -> Verdict:
    """Replay ``log`` and compare it event by event (see the module docstring). The decks' cards come from
    ``cards`` (a :class:`~cardscript.games.battle_scenes.runtime.library.Library`: ``cardscript play --replay`` with
    ``--library``),
    else from ``library_paths`` (default: the bundled library); a card is named by title or printed code, and a
    title that several cards of the library carry refuses the log with the candidates."""
    from cardscript.games.battle_scenes.runtime.library import load_library
    from cardscript.games.battle_scenes.runtime.match import new_match

    records = log.records
    start = records[0]["data"]
    try:
        _check_match(Path("the log"), start)
    except LogError as exc:
        return Verdict(False, str(exc).removeprefix("the log:1: "), 0)
    unsealed = _unsealed_input(log)
    if unsealed:
        return Verdict(False, f"{describe(records[0], 0)}: data.{unsealed} is not what the log was sealed with "
                              "(the seal's digest differs)", 0)
    library = load_library(library_paths) if cards is None else cards
    where = "the library given" if library_paths or cards is not None else "the bundled library"
    decks: list[list[Any]] = []
    for titles in start["cards"]:
        deck: list[Any] = []
        for title in titles:
            found = _find(library, title)
            if found is None or isinstance(found, tuple):
                what = (f"names {len(found)} different cards of {where}: "
                        f"{candidates_text(found, getattr(library, 'path_of', None))}"
                        if isinstance(found, tuple) else f"is not in {where}")
                return Verdict(False, f"{describe(records[0], 0)}: card {title!r} {what}", 0)
            deck.append(found)
        decks.append(deck)
    abandonment = records[-1]["kind"] == "abandoned"
    result = next((r for r in reversed(records) if r["kind"] == "result"), None)
    if result is None and not abandonment:
        index = len(records) - 1
        return Verdict(False, f"{describe(records[index], index)}: the log ends without the match's result nor a "
                              "record of its abandonment: it was truncated", index)
    checking = CheckingLog(expected=records[:-1] if abandonment else records)
    agents = [LogAgent(checking, 0), LogAgent(checking, 1)]
    turns = result["data"].get("turns") if result else None
    max_turns = min(turns, MAX_TURNS) if isinstance(turns, int) and not isinstance(turns, bool) and turns > 0 \
        else MAX_TURNS
    abandoned = ""
    try:
        logged = {id(card): name for deck, names in zip(decks, start["cards"], strict=True)
                  for card, name in zip(deck, names, strict=True)}
        game = new_match(decks[0], decks[1], list(agents), seed=start["seed"], check=True,
                         card_names=lambda card: logged.get(id(card), card.title),
                         deck_names=(start["decks"][0], start["decks"][1]), setup=False)
        checking.events = game.log.events
        game.log = checking
        checking.compare(0)
        abandoned = _replay(game, not abandonment, max_turns)
        if abandonment and not abandoned:
            raise Divergence(len(records) - 1, f"{describe(records[-1], len(records) - 1)}: the log says the "
                                               "match was abandoned, the replay ends it")
        if abandonment and records[-1]["data"] != {"reason": abandoned}:
            raise Divergence(len(records) - 1, f"{describe(records[-1], len(records) - 1)}: "
                                               + (first_difference(records[-1]["data"], {"reason": abandoned}, "data")
                                                  or "differs"))
    except PastTheEnd as exc:
        if not abandonment:
            return Verdict(False, exc.what, exc.index)
        last = records[-1]["data"]                           # an interrupted match (end of input, Ctrl-C)
        if set(last) != {"reason"} or not isinstance(last["reason"], str):
            return Verdict(False, f"{describe(records[-1], len(records) - 1)}: an abandonment record holds its "
                                  "reason (a string) only", len(records) - 1)
        abandoned = last["reason"]
    except Divergence as exc:
        return Verdict(False, exc.what, exc.index)
    except Exception as exc:  # noqa: BLE001 - an edited log may drive the engine anywhere
        index = len(checking.events)
        return Verdict(False, f"the replay stopped at event {index} with an engine error "
                              f"({type(exc).__name__}: {exc})", index)
    if len(checking.events) < len(checking.expected):
        index = len(checking.events)
        return Verdict(False, f"{describe(records[index], index)}: the log goes on after the replay's last "
                              f"event (event {index - 1})", index)
    verdict = _check_seal(log, len(checking.events))
    if verdict.ok and abandoned:
        return Verdict(True, f"{verdict.message}; the match was abandoned there ({abandoned})")
    return verdict


def _replay(game: Any, has_result: bool, max_turns: int) -> str:
    """Play the replay as ``cardscript play`` played the match; "" or why it was abandoned."""
    from cardscript.games.battle_scenes.runtime.game import GameOver
    from cardscript.games.battle_scenes.runtime.match import play_match, setup_match

    try:
        with contextlib.suppress(GameOver):        # a deck too small to draw a hand, as in play
            setup_match(game)
        if has_result:
            play_match(game, max_turns=max_turns)
            return ""
        while True:                                 # no result: replayed until the log's end
            game.eng.play_turn()
    except GameOver:
        return ""
    except IllegalChoice as exc:                    # an agent refused 5 times: the match was abandoned there
        return str(exc)


def _unsealed_input(log: LogFile) -> str | None:
    """The first field of the match event (the replay's inputs) whose digest is not the seal's, or None."""
    if log.seal is None:
        return None
    sealed = log.seal["match"]
    actual = field_digests(log.records[0]["data"])
    return next((key for key in sorted(set(sealed) | set(actual)) if sealed.get(key) != actual.get(key)), None)


def _check_seal(log: LogFile, count: int) -> Verdict:
    """Every event was reproduced: now the seal, which covers the match event's inputs."""
    records = log.records
    result = next((r for r in reversed(records) if r["kind"] == "result"), None)
    choices = sum(1 for r in records if r["kind"] == "choice")
    final = f", final state hash {result['data'].get('state_hash')} matches the log" if result else ""
    if log.seal is None:
        return Verdict(True, f"{count} events and {choices} choices replayed, every event identical to the "
                             f"log's (no seal checked){final}")
    if chain(canonical(r) for r in records) != log.seal["chain"]:
        return Verdict(False, f"line {len(records) + 1} (seal): its hash chain is not the log's (the seal was "
                              "edited)", len(records))
    return Verdict(True, f"{count} events and {choices} choices replayed, every event identical to the log's, "
                         f"seal intact{final}")
