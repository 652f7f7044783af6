"""Corpus cards played on the engine (issue 9, part 8): card definitions compiled at test time from the development
corpora in ``../shared/corpus`` (the publisher's text is never copied into the repository) and a small match to
play them in, with helpers to put them in the scene, use their actions, activate and trigger their effects."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cardscript.compiler.ir import CardDef
from cardscript.compiler.lower import lower_card
from cardscript.compiler.pipeline import NameRegistry, compile_source, names_from_headers
from cardscript.compiler.translate import record_to_card_text
from cardscript.core.source import SourceFile
from cardscript.games.battle_scenes.runtime.actions import legal_actions, use_action
from cardscript.games.battle_scenes.runtime.match import Match, new_match
from cardscript.games.battle_scenes.runtime.shielding import shield
from cardscript.games.battle_scenes.runtime.state import CardId, Zone
from cardscript.grammar.card_file import read_card_file
from tests.engine_helpers import Script

ROOT = Path(__file__).resolve().parent.parent
CORPUS_DIR = ROOT.parent / "shared" / "corpus"
CORPORA = ("battle-scenes-cards-dev.jsonl", "battle-scenes-cards-bsgc-bsaq.jsonl")

FILL = CardDef("Filler V1", "Filler", 1, "Habilidade", power="SF")


def corpus_available() -> bool:
    return all((CORPUS_DIR / name).exists() for name in CORPORA)


def require_corpus() -> None:
    if not corpus_available():
        pytest.skip("the development corpora (../shared/corpus) are not available", allow_module_level=True)


@cache
def _records() -> tuple[dict[str, Any], ...]:
    out: list[dict[str, Any]] = []
    for name in CORPORA:
        for line in (CORPUS_DIR / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                out.append(json.loads(line))
    return tuple(out)


@cache
def _names() -> NameRegistry:
    raws = [read_card_file(SourceFile(str(r["code"]), record_to_card_text(r)))[0] for r in _records()]
    return names_from_headers(r for r in raws if r is not None)


@cache
def corpus_card(code: str) -> CardDef:
    """The corpus card with that printed code, compiled (with the corpora's name registry), lowered; it must
    compile clean and lower as executable -- the engine runs all of it."""
    (record,) = [r for r in _records() if r["code"] == code]
    compiled = compile_source(SourceFile(f"{code} {record['name']}", record_to_card_text(record)), _names())
    assert compiled.ok, [d.message for d in compiled.diagnostics]
    definition = lower_card(compiled)
    assert definition.executable, f"{definition.title} does not lower as executable"
    return definition


# --- a small match ------------------------------------------------------------------------------------------


def match(deck_a: Sequence[CardDef], deck_b: Sequence[CardDef] = (), a: Script | None = None,
          b: Script | None = None, turn_player: int = 0) -> Match:
    """Player 0's deck: ``deck_a`` then 30 fillers; player 1's: ``deck_b`` then 30 fillers. Turn 2, before any
    phase (the test sets the phase / step it needs)."""
    agents = [a or Eager(), b or Eager()]
    game = new_match([*deck_a, *[FILL] * 30], [*deck_b, *[FILL] * 30], agents, seed=3, check=True, setup=False)
    for player, agent in enumerate(agents):
        if isinstance(agent, Eager):
            agent.game, agent.me = game, player
    game.state.turn = 2
    game.state.turn_player = game.state.active_player = turn_player
    return game


def card_of(game: Match, player: int, title: str, n: int = 0) -> CardId:
    """The ``n``-th physical card of ``player`` with that title."""
    found = [c for c, d in game.cards.items() if d.title == title and game.state.owner[c] == player]
    return found[n]


def fillers(game: Match, player: int) -> list[CardId]:
    """``player``'s filler cards still in the deck, from its top."""
    return [c for c in game.state.players[player].deck if game.cards[c].title == "Filler V1"]


def enter(game: Match, card_id: CardId, n: int = 2, carried: Sequence[CardId] = ()) -> None:
    """In the scene since an earlier turn, loaded with ``carried`` and ``n`` filler cards of its owner's deck;
    its entry triggers (if any) resolve."""
    owner = game.state.owner[card_id]
    load = [*carried, *[c for c in fillers(game, owner) if c not in carried][:n]]
    for c in [card_id, *load]:
        game.move(c, Zone.RESOURCES)
    game.enter_scene(card_id, owner, load)
    game.state.scene[card_id].entered_turn = 0
    game.eng.tree.resolve()


def scenario(game: Match, card_id: CardId) -> None:
    """``card_id`` becomes the scenario; its entry triggers resolve."""
    game.move(card_id, Zone.RESOURCES)
    game.place_scenario(card_id)
    game.eng.tree.resolve()


def at(game: Match, phase: str, step: str | None = None, turn_player: int = 0) -> None:
    s = game.state
    s.phase, s.step, s.turn_player = phase, step, turn_player
    s.active_player = turn_player if step != "anticipation" else 1 - turn_player


def step_starts(game: Match, phase: str, step: str | None, turn_player: int = 0) -> None:
    """The start of a phase (``step`` None) or step of ``turn_player``'s turn: its triggers resolve."""
    at(game, phase, step, turn_player)
    game.emit("phase_start", phase=phase, step=step, player=turn_player, turn=game.state.turn)
    game.eng.tree.resolve()


def usable(game: Match, user: CardId, name: str, window: str = "attack") -> bool:
    player = game.state.scene[user].controller
    return any(u.user == user and u.action.name == name for u in legal_actions(game.eng, player, window))


def use(game: Match, user: CardId, name: str, window: str = "attack") -> None:
    """``user`` uses its action (or a carried card's) named ``name``, as the engine does in that window: it
    must be legal now."""
    player = game.state.scene[user].controller
    uses = [u for u in legal_actions(game.eng, player, window) if u.user == user and u.action.name == name]
    assert uses, f"{game.name(user)} cannot use {name} now"
    use_action(game.eng, uses[0])


def activatable(game: Match, card_id: CardId, player: int = 0, window: str = "preparation") -> bool:
    return any(c == card_id for c, _, _ in game.eng.activatable(player, window))


def activate(game: Match, card_id: CardId, player: int = 0, window: str = "preparation") -> None:
    for c, i, e in game.eng.activatable(player, window):
        if c == card_id:
            game.eng.activate(player, c, i, e)
            return
    raise AssertionError(f"{game.name(card_id)} has no effect to activate now")


# --- what happened ------------------------------------------------------------------------------------------


def energy(game: Match, card_id: CardId) -> int:
    return len(game.state.scene[card_id].carried)


def stage(game: Match, card_id: CardId) -> int:
    return game.state.scene[card_id].stage


def shield_of(game: Match, card_id: CardId) -> int:
    return shield(game, card_id)


def events(game: Match, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in game.log.events if e.kind == kind]


def calcs(game: Match) -> list[dict[str, Any]]:
    return events(game, "damage_calculation")


def stages(calc: dict[str, Any]) -> list[tuple[str, int]]:
    return [(s[0], s[2]) for s in calc["stages"]]


def zone(game: Match, card_id: CardId) -> str:
    where, _ = game.state.location(card_id)
    return str(where)


def where(game: Match, player: int) -> Callable[[str], list[CardId]]:
    """``where(game, p)("hand")``: the list of that area of player ``p``."""
    me = game.state.players[player]
    return lambda area: {"deck": me.deck, "hand": me.hand, "resources": me.resources, "prizes": me.prizes}[area]


class Eager(Script):
    """A :class:`Script` whose unscripted answers take at least one option when the decision allows it ("up to"
    choices pick one; an optional "você pode" answers its first option, yes); an unscripted target is an
    opponent's card (or the opponent) when there is one."""

    game: Any = None
    me: int = 0

    def decide(self, decision: Any) -> Sequence[int]:
        queue = self.answers.get(decision.kind)
        if queue:
            return super().decide(decision)
        self.seen.append(decision)
        n = max(decision.minimum, min(1, decision.maximum, len(decision.options)))
        if decision.kind == "target" and self.game is not None:
            theirs = [i for i, o in enumerate(decision.options) if self._theirs(o)]
            rest = [i for i in range(len(decision.options)) if i not in theirs]
            return (theirs + rest)[:n]
        return list(range(n))

    def _theirs(self, label: str) -> bool:
        if label in (f"player {1 - self.me}", f"player Player(index={1 - self.me})"):
            return True
        game = self.game
        for c, base in game.state.scene.items():
            if game.name(c) == label:
                return bool(base.controller != self.me)
        return False


def player_option(decision: Any, player: int) -> list[int]:
    """The answer choosing ``player`` among a decision's options."""
    return [decision.options.index(o) for o in decision.options
            if o in (f"player {player}", f"player Player(index={player})")]
