"""A person playing at the keyboard (issue 13, part 7): the trace shows only what the player may see (rules 3:
the opponent's hand and draws are counts), ``help`` and ``look CARD`` at any question, questions that say what to
type; and the real thing, ``cardscript play --interactive`` driven through tmux."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardscript.cli import main
from cardscript.engine.agents import Decision, InteractiveAgent
from cardscript.engine.events import Event
from cardscript.games.battle_scenes.runtime.looking import look_in
from cardscript.games.battle_scenes.runtime.match import bundled_deck_path, load_deck_file
from cardscript.games.battle_scenes.runtime.stepping import SteppedMatch
from cardscript.games.battle_scenes.runtime.trace import TraceWriter
from tests.external_tools import unavailable


def _trace(viewer: int | None) -> list[str]:
    """The trace of seed 1's setup, as ``viewer`` sees it."""
    writer = TraceWriter(lambda c: f"card#{c}", viewer=viewer)
    events = [Event("match", {"seed": 1, "decks": ["A", "B"]})]
    events += [Event("move", {"card": c, "owner": 0, "frm": "deck", "to": "hand", "reason": "draw"}) for c in (1, 2)]
    events += [Event("move", {"card": c, "owner": 1, "frm": "deck", "to": "hand", "reason": "draw"})
               for c in (41, 42, 43)]
    events += [Event("move", {"card": 43, "owner": 1, "frm": "hand", "to": "resources", "reason": "setup (6.1)"})]
    events += [Event("move", {"card": c, "owner": 1, "frm": "hand", "to": "deck", "reason": "hand exchange"})
               for c in (41, 42)]
    return [line for e in events for line in writer.feed(e)] + writer.finish()


def test_3_the_trace_of_a_player_shows_the_opponents_hidden_cards_as_counts() -> None:
    everything = "\n".join(_trace(None))
    mine = "\n".join(_trace(0))
    theirs = "\n".join(_trace(1))
    assert "P1 draws 3: card#41, card#42, card#43" in everything
    assert "P1 draws 3 card(s)" in mine and "card#41" not in mine and "card#42" not in mine
    assert "P0 draws 2: card#1, card#2" in mine                       # one's own draws, by name
    assert "P1 puts 1 card(s) into the resources: card#43" in mine    # the resources are seen by all
    assert "P0 draws 2 card(s)" in theirs and "P1 draws 3: card#41" in theirs


def _answers(*lines: str) -> Iterator[str]:
    yield from lines


def test_help_and_look_are_answered_and_the_question_asked_again() -> None:
    deck_a = load_deck_file(bundled_deck_path("vingadores"))
    deck_b = load_deck_file(bundled_deck_path("irmandade"))
    match = SteppedMatch.start(deck_a, deck_b, seed=1, facts=(False, False))
    d = match.advance()
    while d is not None and not (d.kind == "play" and match.game.state.turn >= 1):
        d = match.give(list(range(d.minimum)))
    assert d is not None and d.player == 0
    hand = match.game.state.players[0].hand
    title = match.game.name(hand[0]).split(" V")[0]
    said: list[str] = []
    typed = _answers("help", f"look {title.lower()}", f"look {hand[0]}", "look nobody", "0")
    agent = InteractiveAgent(read=lambda prompt: (said.append(prompt), next(typed))[1], write=said.append,
                             looker=look_in)      # what `play --interactive` gives it: Battle Scenes' look
    assert agent.decide_in(match, d) == [0]
    text = "\n".join(said)
    assert "look CARD" in text and "help" in text
    assert f"{match.game.name(hand[0])} -- " in text and "in your hand" in text
    assert "no card you can see is 'nobody'" in text
    assert said.count(said[-1]) >= 5                                   # the question, asked again each time
    assert said[-1].startswith("choose one: type its number (0-")
    match.close()


def test_the_question_says_what_to_type() -> None:
    agent = InteractiveAgent(read=lambda prompt: "", write=lambda text: None)
    asked: list[str] = []
    agent.read = lambda prompt: (asked.append(prompt), "")[1]
    agent.decide(Decision(0, "discard", "discard 2", ("a", "b", "c"), 2, 2))
    agent.decide(Decision(0, "load", "load up to 2", ("a", "b", "c"), 0, 2))
    assert asked[0].startswith("choose 2: type their numbers separated by spaces (0-2")
    assert asked[1].startswith("choose up to 2: their numbers separated by spaces, or just Enter for none")


def test_play_interactive_shows_the_opponents_setup_draw_as_a_count(monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    typed = iter(["0", "0", ""])

    def typing(prompt: str = "") -> str:
        line = next(typed, None)
        if line is None:
            raise EOFError                               # the keyboard closed (Ctrl-D)
        return line

    monkeypatch.setattr("builtins.input", typing)
    assert main(["play", "--interactive", "--seed", "1"]) == 1            # the answers run out: abandoned
    out = capsys.readouterr().out
    assert "P1 draws 10 card(s)" in out and "P0 draws 10: " in out
    assert "match abandoned" in out


TMUX = shutil.which("tmux")


def test_play_interactive_through_tmux(tmp_path: Path) -> None:
    """The real terminal: ``cardscript play --interactive`` in a tmux pane, typed at with send-keys."""
    if TMUX is None:
        unavailable("tmux is not installed (.ci/run installs it)")
    session = f"cardscript-{uuid.uuid4().hex[:8]}"
    command = f"{sys.executable} -m cardscript play --interactive --seed 1 --no-cache"
    assert TMUX is not None
    subprocess.run([TMUX, "new-session", "-d", "-s", session, "-x", "200", "-y", "50", command], check=True)

    def screen() -> str:
        return subprocess.run([TMUX, "capture-pane", "-p", "-S", "-2000", "-t", session], capture_output=True,
                              text=True, check=True).stdout

    def wait_for(text: str, seconds: float = 60.0) -> str:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            shown = screen()
            if text in shown:
                return shown
            time.sleep(0.2)
        raise AssertionError(f"{text!r} not shown; the screen:\n{screen()}")

    try:
        wait_for("who starts the match?")
        subprocess.run([TMUX, "send-keys", "-t", session, "help", "Enter"], check=True)
        wait_for("look CARD")
        subprocess.run([TMUX, "send-keys", "-t", session, "0", "Enter"], check=True)
        shown = wait_for("Exchange your hand?")
        assert "P1 draws 10 card(s)" in shown and "P0 draws 10: " in shown
        subprocess.run([TMUX, "send-keys", "-t", session, "look hulk", "Enter"], check=True)
        wait_for("Hulk V1#10 -- Personagem, in your hand")
        subprocess.run([TMUX, "send-keys", "-t", session, "0", "Enter"], check=True)
        wait_for("Put any cards of your hand into your resources")
    finally:
        subprocess.run([TMUX, "kill-session", "-t", session], check=False)
