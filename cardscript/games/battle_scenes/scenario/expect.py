"""The expectations of a scenario (docs/scenarios.md, The expectations), each compared with the engine's state
and event log after the moves: a :class:`Finding` says what was expected and what the engine shows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardscript.core.source import SourceFile, Span
from cardscript.games.battle_scenes.runtime import queries, rules
from cardscript.games.battle_scenes.runtime.actions import legal_actions
from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.shielding import shield
from cardscript.games.battle_scenes.runtime.state import Zone
from cardscript.games.battle_scenes.runtime.triggers import card_attr
from cardscript.games.battle_scenes.scenario import ast
from cardscript.games.battle_scenes.scenario.cards import FILLER
from cardscript.games.battle_scenes.scenario.moves import action_matches, where, window
from cardscript.games.battle_scenes.scenario.plan import PlannedExpectation

PLAYER = ast.PLAYERS


@dataclass
class Finding:
    """One line of a verdict: where in the file, what was expected, what the engine did."""

    span: Span
    expected: str
    actual: str
    ok: bool



class Expectations:
    """The expectations of a branch, read on its game (``start_event``: where the moves' events begin)."""

    game: Match
    source: SourceFile
    start_event: int

    # -- expectations ----------------------------------------------------------------------------------------
    def calculations(self, card: int) -> list[dict[str, Any]]:
        return [e.data for e in self.game.log.events[self.start_event:]
                if e.kind == "damage_calculation" and e.data.get("card") == card]

    def expect(self, pe: PlannedExpectation) -> Finding:
        e, game, s = pe.expectation, self.game, self.game.state
        card = pe.card
        title = game.cards[card].title if card is not None else ""
        text = " ".join(self.source.text[e.span.start:e.span.end].split())

        def found(actual: str, ok: bool) -> Finding:
            return Finding(e.span, text, actual, ok)

        k = e.kind
        if k == "damage":
            assert card is not None
            got = sum(int(c.get("amount", 0)) for c in self.calculations(card) if c.get("causes_damage"))
            return found(f"damage to {title}: {got}", got == e.number)
        if k == "calculation":
            assert card is not None
            calcs = self.calculations(card)
            if not calcs:
                return found(f"no damage calculation for {title}", False)
            stages = [(str(st[0]), int(st[2])) for st in calcs[-1]["stages"]]
            it = iter(stages)
            ok = all(any(x == want for x in it) for want in e.stages)
            shown = ", ".join(f"{'total' if a == '=' else a} {b}" for a, b in stages)
            return found(f"the calculation for {title}: {shown}", ok)
        if k in ("stage_of", "energy_of", "shield_of"):
            assert card is not None
            if card not in s.scene:
                return found(f"{title} is not in the scene ({where(game, card)})", False)
            base = s.scene[card]
            got = {"stage_of": base.stage, "energy_of": base.energy, "shield_of": shield(game, card)}[k]
            what = {"stage_of": "stage", "energy_of": "energy", "shield_of": "shield"}[k]
            return found(f"{what} of {title}: {got}", got == e.number)
        if k == "carries":
            assert card is not None
            if card not in s.scene:
                return found(f"{title} is not in the scene ({where(game, card)})", False)
            carried = s.scene[card].carried
            shape = ["card" if game.cards[c] is FILLER else f"#{c}" for c in carried]
            want: list[str] = []
            for kind, value in pe.things:
                want += ["card"] * int(value) if kind == "fillers" else [f"#{value}"]    # type: ignore[call-overload]
            return found(f"{title} carries: {self.things_text(carried)}", shape == want)
        if k == "where":
            assert card is not None and e.location is not None
            return found(f"{title} is {where(game, card)}", self.is_at(card, e.location, pe.carrier))
        if k in ("can_use", "cannot_use"):
            assert card is not None
            if card not in s.scene:
                return found(f"{title} is not in the scene ({where(game, card)})", k == "cannot_use")
            player = s.scene[card].controller
            win = window(game, player)
            uses = [u for u in legal_actions(game.eng, player, win) if u.user == card] if win else []
            named = [u for u in uses if action_matches(game, u, e.action)]
            if pe.targets and named:           # "pode usar A em Y": Y a legal target of it now (4.6.2 F)
                fits = [u for u in named if all(t in u.candidates for t in pe.targets)]
                on = ", ".join(game.cards[t].title for t in pe.targets)
                legal = sorted({game.cards[c].title for u in named for c in u.candidates if c in game.cards})
                return found(f"{title} {'can' if fits else 'cannot'} use {e.action} on {on} now (its legal "
                             f"targets: {', '.join(legal) or 'none'})", bool(fits) == (k == "can_use"))
            can = bool(named)
            now = ", ".join(u.action.name for u in uses) or "no action"
            return found(f"{title} {'can' if can else 'cannot'} use {e.action} now (it can use: {now})",
                         can == (k == "can_use"))
        if k in ("can_activate", "cannot_activate"):
            assert card is not None and e.player is not None
            win = window(game, e.player) or "preparation"
            can = any(a[0] == card for a in game.eng.activatable(e.player, win))
            return found(f"{PLAYER[e.player]} {'can' if can else 'cannot'} activate {title} now",
                         can == (k == "can_activate"))
        if k in ("can_place", "cannot_place"):
            assert card is not None and e.player is not None
            can = self.can_place(e.player, card)
            return found(f"{PLAYER[e.player]} {'can' if can else 'cannot'} place {title} now",
                         can == (k == "can_place"))
        if k == "points":
            assert e.player is not None
            got = game.prize_points(e.player)
            return found(f"points of {PLAYER[e.player]}: {got}", got == e.number)
        if k == "winner":
            winner = "none" if s.winner is None else PLAYER[s.winner]
            want_w = "none" if e.player is None else PLAYER[e.player]
            return found(f"winner: {winner}" + (f" ({s.end_reason})" if s.end_reason else ""), winner == want_w)
        if k == "count":
            assert e.player is not None
            keeper = e.player if e.zone != "prizes" else 1 - e.player     # prizes: the cards that player scored
            pile = s.players[keeper].pile(Zone(e.zone if e.zone not in ("deck_top", "deck_bottom") else "deck"))
            return found(f"{e.zone} of {PLAYER[e.player]}: {len(pile)} cards", len(pile) == e.number)
        if k == "event_order":
            return found(*self.event_order(pe))
        return found(f"unknown expectation {k}", False)

    def event_order(self, pe: PlannedExpectation) -> tuple[str, bool]:
        """"ordem dos eventos: dano em X, nocaute de Y": each event happened during the moves, the first time of each
        in the order listed (the events between them are free)."""
        game = self.game
        log = game.log.events[self.start_event:]
        at: list[int | None] = []
        for ev, card in zip(pe.expectation.events, pe.events, strict=True):
            at.append(next((i for i, e in enumerate(log) if _is(ev, card, e.kind, e.data)), None))
        shown = []
        for ev, card, i in zip(pe.expectation.events, pe.events, at, strict=True):
            what = _event_text(game, ev, card)
            shown.append(f"{what}: {'never' if i is None else f'event {i + 1}'}")
        found = [i for i in at if i is not None]
        ok = len(found) == len(at) and found == sorted(set(found))
        return "the events, in the order they happened: " + "; ".join(shown), ok

    def things_text(self, cards: list[int]) -> str:
        out: list[str] = []
        run = 0
        for c in cards:
            if self.game.cards[c] is FILLER:
                run += 1
                continue
            if run:
                out.append(f"{run} cards")
                run = 0
            out.append(self.game.cards[c].title)
        if run:
            out.append(f"{run} cards")
        return ", ".join(out) or "nothing"

    def is_at(self, card: int, loc: ast.Location, carrier: int | None) -> bool:
        s = self.game.state
        zone, host = s.location(card)
        owner = s.owner[card]
        area = owner if loc.zone != "prizes" else 1 - owner  # the prizes of a player: the cards that player scored
        if loc.owner is not None and loc.owner != area and loc.zone not in ("scene", "scenario", "carried"):
            return False
        if loc.zone == "scene":
            return zone is Zone.SCENE
        if loc.zone == "scenario":
            return zone is Zone.SCENARIO
        if loc.zone == "carried":
            return zone is Zone.CARRIED and host == carrier
        if loc.zone in ("deck_top", "deck_bottom"):
            deck = s.players[owner].deck
            return zone is Zone.DECK and deck.index(card) == (0 if loc.zone == "deck_top" else len(deck) - 1)
        return str(zone) == loc.zone

    def can_place(self, player: int, card: int) -> bool:
        game, s = self.game, self.game.state
        me = s.players[player]
        if s.phase != "preparation" or s.turn_player != player or not self.game.eng.tree.empty():
            return False
        if card not in me.hand and not (card in me.resources and rules.may_enter_from(game, card, "resources")):
            return False
        if str(card_attr(game, card, "card_type")) not in ("Cenário", "Personagem", "Personagem-EV", "Suporte"):
            return False                                 # an ability card is loaded, never placed (6.2 C.3)
        if str(card_attr(game, card, "card_type")) == "Cenário":
            return not me.scenario_placed_this_turn and not queries.put_in_scene_prevented(game, player, card)
        return bool(game.eng.can_place(player, card))


def _is(ev: ast.Event, card: int | None, kind: str, data: dict[str, Any]) -> bool:
    """Whether a logged event is the one ``ev`` names (``card``: its card on the board)."""
    if ev.kind == "damage":
        return kind == "damage" and data.get("card") == card and int(data.get("amount") or 0) > 0
    if ev.kind == "knocked_out":
        return kind in ("knocked_out", "destroyed") and data.get("card") == card
    if ev.kind == "enters":
        return kind == "enter_scene" and data.get("card") == card
    if ev.kind == "leaves":
        return kind == "leave_scene" and data.get("card") == card
    if ev.kind == "draws":
        return kind == "draw" and data.get("player") == ev.player
    if ev.kind == "uses":
        from cardscript.compiler.vocabulary import fold_key
        return (kind == "use_action" and data.get("card") == card
                and fold_key(str(data.get("action"))) == fold_key(ev.action))
    return False


def _event_text(game: Match, ev: ast.Event, card: int | None) -> str:
    title = game.cards[card].title if card is not None else ""
    return {"damage": f"damage to {title}", "knocked_out": f"{title} knocked out", "enters": f"{title} enters",
            "leaves": f"{title} leaves the scene", "draws": f"{PLAYER[ev.player or 0]} draws",
            "uses": f"{title} uses {ev.action}"}[ev.kind]
