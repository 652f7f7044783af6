"""A readable log of a match (principle 9), from the event log alone: a saved JSON Lines log prints the
same trace as the match that wrote it (``cardscript play --replay FILE``).

What it shows:

* the setup (6.1): the lot, who starts, hands, exchanges, the initial resources;
* per turn a header with both players' prize points and hand / deck / resources / prizes counts and
  their characters (the ``status`` event the engine logs at the start of each turn);
* the phases and steps in which something happened (an empty phase prints nothing);
* plays ("P0 places Thor V2#12 (loads 5 from the resources)"), capacitations, discards;
* actions with their cost, their target and, for each damage, the calculation: the initial value, the
  value after the 4.8.3 modifiers, what the shield absorbed and how many cards were unloaded; knock-outs
  with the points they give;
* the Effects Tree (9.1.2): effects pending at each level, resolving, pausing after a procedure and
  resuming, indented by level;
* a final summary: the winner and why, points, knock-outs and actions per player, the final state hash.

Consecutive moves of the same kind (draws, the countdown, unloads) are grouped into one line.

The 4.8.3 damage calculation is printed in the rulebook's own lettering (A, B, C, D, E, F.B, F.C, F.D, F.E)
with each modifier named and the running value (:func:`calculation_lines`): by ``cardscript play`` whenever a
modifier, a fixed value or a redirection changed the damage; in full (every stage, even with no modifier) by
the *detailed* writer (``TraceWriter(detail=True)``) that ``cardscript explain LOG`` uses, which also prints
the Effects Tree's level 0, every choice and the procedures' quieter events (shield gains, skipped or declined
procedures, continuous effects); :mod:`cardscript.games.battle_scenes.runtime.resolutions` cuts a log into resolutions
and prints
them step by step with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from cardscript.engine.events import Event

if TYPE_CHECKING:
    from cardscript.games.battle_scenes.runtime.damage import DamageResult

PHASE_NAMES = {
    "turn": "Turno", "countdown": "Fase de Contagem Regressiva", "draw": "Fase de Compra",
    "preparation": "Fase de Preparação", "adjustment": "Fase de Ajuste", "combat": "Fase de Combate",
    "anticipation": "Etapa de Antecipação", "attack": "Etapa de Ataque",
}
SHOWN_CHOICES = ("optional", "mode", "evolve", "x", "reveal", "stage")
_HIDDEN_AREAS = frozenset({"hand", "deck"})          # rules 3: their cards are seen by no one / their owner only

Namer = Callable[[Any], str]


def default_name(card: Any) -> str:
    return f"card#{card}"


def _short(text: object, width: int = 72) -> str:
    s = " ".join(str(text).split())
    return s if len(s) <= width else s[: width - 3] + "..."


def _cards(name: Namer, cards: Iterable[Any]) -> str:
    return ", ".join(name(c) for c in cards)


# ---------------------------------------------------------------------------------------------
# the 4.8.3 calculation in the rulebook's lettering

F_NOTE = "steps B-D again for the new destination, only modifiers not yet applied"


def stage_records(result: DamageResult) -> list[list[Any]]:
    """A calculation's stages as records ``[stage, text, value, modifier, destination]`` (the event's
    ``stages`` carry the first three; :func:`calculation_lines` reads either)."""
    return [[line.stage, line.text, line.value, line.modifier, line.destination] for line in result.trace]


def calculation_lines(stages: Sequence[Sequence[Any]], full: bool = True) -> list[str]:
    """One line per stage of a 4.8.3 calculation, ``"<stage> <what happened>  [<running value>]"``, in the
    rulebook's lettering (A, B, C, D, E, F.B, F.C, F.D, F.E; ``=`` the final damage), each modifier named by
    its card or effect.

    ``full``: every stage, the ones where nothing acted ("B    no addition or subtraction") and the final
    value included, with an ``F`` line before the steps repeated for a new destination (4.8.3.1 F). Otherwise
    only the stages where something happened (``cardscript play``), and nothing at all when only A did:
    the damage line says the rest."""
    records = [(str(r[0]), str(r[1]), r[2], str(r[4]) if len(r) > 4 else "") for r in stages]
    if not full:
        shown = [(st, text, value) for st, text, value, _ in records if st != "=" and not text.startswith("no ")]
        if all(st == "A" for st, _, _ in shown):
            return []
        return [f"{st:<4} {text}  [{value}]" for st, text, value in shown]
    out: list[str] = []
    previous = ""
    for st, text, value, destination in records:
        if st == "=":
            out.append(f"=    {text}")
            continue
        if st == "F.B" and previous != "F.B":           # after a redirection (E / F.E): F for the new one
            out.append(f"F    {destination + ': ' if destination else ''}{F_NOTE}")
        out.append(f"{st:<4} {text}  [{value}]")
        previous = st
    return out


class TraceWriter:
    """Turns events into lines, one event at a time (``feed``), holding back only what it groups.

    ``detail`` (``cardscript explain LOG``): every damage calculation in full, the Effects Tree's level 0 and
    every choice shown, the quieter events of the procedures printed, no phase headers (the resolution's
    header says where it happens), indented by the Effects Tree levels open.

    ``viewer``: only what that player may see (rules 3, areas of the game: the hand and the deck are hidden,
    their sizes are not) -- the opponent's draws, the cards shuffled back and what they search or look at are
    counts, never names (a person playing at the keyboard, ``cardscript play --interactive``)."""

    def __init__(self, name: Namer = default_name, detail: bool = False, viewer: int | None = None) -> None:
        self.name = name
        self.detail = detail
        self.viewer = viewer                          # the trace of what this player may see (None: everything)
        self.open: list[int] = []                     # Effects Tree levels resolving (detail: the indentation)
        self.decks: list[str] = ["A", "B"]
        self.energy: dict[int, int] = {}              # initial energy by card id (from the ``match`` event)
        self.points = [0, 0]
        self.knockouts = [0, 0]                       # knock-outs each player made
        self.actions = [0, 0]
        self.damage = [0, 0]                          # damage caused by each player's effects
        self.phase_line: str | None = None            # printed when the phase shows its first line
        self.step_line: str | None = None
        self.group: tuple[Any, ...] | None = None     # (key, indent, cards) of grouped moves
        self.group_cards: list[Any] = []
        self.action: dict[str, Any] | None = None     # an action being announced (cost, targets)
        self.tree_pending: tuple[Event, str] | None = None   # a tree_pending line (and its indentation)
        #                                                       that may merge with its start

    # -- output helpers ----------------------------------------------------------------------------
    def _indent(self, event: Event) -> str:
        if self.detail:
            return "  " + "  " * len(self.open)
        return "  " + "    " * event.depth

    def _flush_group(self) -> list[str]:
        if self.group is None:
            return []
        key, indent = self.group[0], self.group[1]
        cards = self.group_cards
        self.group, self.group_cards = None, []
        kind, who = key[0], key[1]
        n = len(cards)
        if self._hidden_group(key):
            what = {"draw": "draws", "exchange": "shuffles into the deck"}.get(kind, f"moves ({key[2]} -> {key[3]})"
                                                                                if kind == "move" else kind)
            return [f"{indent}P{who} {what} {n} card(s)"]
        if kind == "draw":
            return [f"{indent}P{who} draws {n}: {_cards(self.name, cards)}"]
        if kind == "countdown":
            return [f"{indent}P{who} countdown: {n} card(s) from the deck to the resources "
                    f"({_cards(self.name, cards)})"]
        if kind == "exchange":
            return [f"{indent}P{who} shuffles {n} card(s) of the hand into the deck"]
        if kind == "setup":
            return [f"{indent}P{who} puts {n} card(s) into the resources: {_cards(self.name, cards)}"]
        if kind == "unload":
            return [f"{indent}{_cards(self.name, cards)} unloaded from {self.name(who)}"]
        if kind == "discard":
            return [f"{indent}P{who} discards {_cards(self.name, cards)}"]
        frm, to, reason = key[2], key[3], key[4]
        return [f"{indent}P{who}: {_cards(self.name, cards)} {frm} -> {to}" + (f" [{reason}]" if reason else "")]

    def _hidden_group(self, key: tuple[Any, ...]) -> bool:
        """Grouped moves of the opponent's cards the viewer may not see: between their hand and their deck."""
        if self.viewer is None or str(key[1]) == str(self.viewer):
            return False
        if key[0] in ("draw", "exchange"):
            return True
        return key[0] == "move" and str(key[2]) in _HIDDEN_AREAS and str(key[3]).split(" ")[0] in _HIDDEN_AREAS

    def _flush_action(self) -> list[str]:
        if self.action is None:
            return []
        a, self.action = self.action, None
        cost = f" (cost {a['cost']}: stage {a['stage']})" if a.get("cost") else ""
        targets = f" on {_cards(self.name, a['targets'])}" if a.get("targets") else ""
        paid = (f" [Energia Cósmica: {_cards(self.name, a['paid'])} to the bottom of the deck]"
                if a.get("paid") else "")
        return [f"{a['indent']}P{a['player']}: {self.name(a['card'])} uses {a['name']}{cost}{targets}{paid}"]

    def _flush_pending(self) -> list[str]:
        if self.tree_pending is None:
            return []
        (e, ind), self.tree_pending = self.tree_pending, None
        return [f"{ind}[tree level {e.data['level']}] pending: {_short(e.data['effect'])}"]

    def _emit(self, out: list[str], *lines: str) -> list[str]:
        """Everything held back goes first, then the phase header, then the lines."""
        out.extend(self._flush_group())
        out.extend(self._flush_pending())
        out.extend(self._flush_action())
        if lines:
            out.extend(self._headers())
        out.extend(lines)
        return out

    def _headers(self) -> list[str]:
        out = [h for h in (self.phase_line, self.step_line) if h is not None]
        self.phase_line = self.step_line = None
        return out

    # -- one event ---------------------------------------------------------------------------------
    def feed(self, event: Event) -> list[str]:
        d, k = event.data, event.kind
        out: list[str] = []
        name = self.name
        ind = self._indent(event)
        if k == "match":
            self.decks = [str(x) for x in d.get("decks", self.decks)]
            ident = 1
            ids = d.get("ids")                      # the cards' ids when they are not numbered deck by deck
            for k_deck, deck in enumerate(d.get("energy", [])):
                for k_card, value in enumerate(deck):
                    at = ids[k_deck][k_card] if ids else ident
                    self.energy[int(at)] = int(value or 0)
                    ident += 1
            return self._emit(out, f"Match (seed {d.get('seed')}): P0 plays {self.decks[0]}, "
                                   f"P1 plays {self.decks[1]}", "", "-- Setup (6.1)")
        if k == "lot":
            return self._emit(out, f"  P{d['player']} wins the lot")
        if k == "first_player":
            return self._emit(out, f"  P{d['player']} starts the match")
        if k == "status":
            out = self._emit(out)
            out.append("")
            out.append(f"=== Turn {d['turn']}: P{d['player']} ({self.deck(d['player'])}) ===")
            for p, st in enumerate(d.get("players", [])):
                if p < len(self.points):
                    self.points[p] = int(st.get("points", self.points[p]))     # the running total, as it stands
                scene = ", ".join(f"{name(c)} [energy {e}, stage {s}]" for c, e, s in st.get("scene", []))
                out.append(f"  P{p}: {st['points']} point(s) | hand {st['hand']}, deck {st['deck']}, "
                           f"resources {st['resources']}, prizes {st['prizes']} | scene: {scene or '-'}")
            return out
        if k in ("phase_start", "phase_end"):
            what = d.get("step") or d.get("phase", "")
            if what == "turn":
                return self._emit(out)
            if k == "phase_start":
                out = self._emit(out)
                if self.detail:
                    return out
                label = PHASE_NAMES.get(str(what), str(what))
                if d.get("step"):
                    self.step_line = f" -- {label}"
                else:
                    self.phase_line, self.step_line = f" - {label}", None
                return out
            return self._emit(out) if what in ("combat", "attack") else out
        if k == "move":
            return self._move(event, out)
        if k in ("shuffle", "draw"):
            return out                                  # implied by the lines around it (a draw: its moves)
        if k == "choice":
            if self.detail and d.get("decision") not in ("play", "exchange"):
                picked = ", ".join(self._picked(p) for p in d.get("picked", []))
                return self._emit(out, f"{ind}(P{d['player']} chooses {d['decision']}: {_short(picked or 'nothing')})")
            if d.get("decision") in SHOWN_CHOICES:
                return self._emit(out, f"{ind}(P{d['player']} chooses {d['decision']}: "
                                       f"{_short(', '.join(str(p) for p in d.get('picked', [])) or 'nothing')})")
            if d.get("decision") == "exchange":
                picked = str((d.get("picked") or [""])[0])
                return self._emit(out, f"  P{d['player']}: {picked}")
            return out
        if k == "refused":
            return self._emit(out, f"{ind}(P{d['player']}'s answer to {d['decision']} refused: {d['reason']})")
        if k == "play":
            what = d.get("what")
            if what in ("place", "scenario", "action", "discard"):
                return self._emit(out)                  # the events that follow say it better
            return self._emit(out, f"  P{d['player']}: {d['play']}")
        if k == "enter_scene":
            carried = d.get("carried") or []
            if d.get("scenario"):
                return self._emit(out, f"{ind}P{d['controller']} places the scenario {name(d['card'])}")
            return self._emit(out, f"{ind}P{d['controller']} places {name(d['card'])} "
                                   f"(loads {len(carried)} from the resources)")
        if k == "leave_scene":
            return self._emit(out, f"{ind}{name(d['card'])} leaves the scene (to the {d.get('to', 'resources')})")
        if k == "load":
            if d.get("entering"):
                return out
            return self._emit(out, f"{ind}{name(d['card'])} is loaded onto {name(d['onto'])} (from the {d.get('frm')})")
        if k == "unload":
            key = ("unload", d["frm"])
            if self.group is not None and self.group[0] == key:
                self.group_cards.append(d["card"])
                return out
            out = self._emit(out)
            out.extend(self._headers())
            self.group, self.group_cards = (key, ind), [d["card"]]
            return out
        if k == "swap":
            return self._emit(out, f"{ind}{name(d['a'])} and {name(d['b'])} swap places (4.2)")
        if k in ("capacitate", "incapacitate"):
            if (k == "incapacitate" and self.action is not None and d["card"] == self.action["card"]
                    and "cost" not in self.action):
                self.action.update(cost=d["amount"], stage=f"{d['stage'] + d['amount']} -> {d['stage']}")
                return out
            return self._emit(out, f"{ind}{name(d['card'])} {k}d by {d['amount']} (stage {d['stage']})")
        if k == "knocked_out":
            owner = int(d.get("owner", 0))
            scorer = 1 - owner
            gained = self.energy.get(d["card"], 0)
            self.points[scorer] += gained
            self.knockouts[scorer] += 1
            why = f" ({d['reason']})" if d.get("reason") else ""
            return self._emit(out, f"{ind}** {name(d['card'])} is knocked out{why}: P{scorer} scores {gained} "
                                   f"(P{scorer}: {self.points[scorer]} point(s))")
        if k == "destroyed":
            return self._emit(out, f"{ind}** {name(d['card'])} is destroyed (to the resources, 4.7)")
        if k == "damage":
            return self._damage(event, out)
        if k == "damage_calculation":
            return self._calculation(event, out)
        if k == "damage_fizzled":
            return self._emit(out, f"{ind}damage to {name(d.get('target'))} fizzles: {d.get('reason', '')}")
        if k == "action":
            out = self._emit(out)
            self.actions[int(d["player"])] += 1
            out.extend(self._headers())
            self.action = {"player": d["player"], "card": d["card"], "name": d["action"], "targets": [],
                           "indent": ind}
            return out
        if k == "targeted":
            if self.action is not None:
                self.action["targets"].append(d["card"])
                return out
            return self._emit(out, f"{ind}{name(d['card'])} becomes the target of {d['action']}")
        if k == "use_action":
            return self._emit(out)
        if k.startswith("tree_"):
            return self._tree(event, out)
        if k in ("unsupported", "procedure_error"):
            return self._emit(out, f"{ind}!! {k}: {_short(d.get('effect', ''), 50)}: {_short(d.get('text', ''), 60)} "
                                   f"{d.get('error', '')}".rstrip())
        if k == "reveal":
            cards = d.get("cards") or [d.get("card")]
            return self._emit(out, f"{ind}P{d['player']} reveals {_cards(name, cards)} ({d.get('reason', '')})")
        if k == "game_over":
            return self._emit(out, "", f"*** P{d['winner']} ({self.deck(d['winner'])}) wins: {d['reason']}")
        if k == "result":
            return self._emit(out, *self._summary(d))
        if self.detail:
            return self._detail(event, out)
        return out

    def _picked(self, picked: Any) -> str:
        return self.name(int(picked)) if isinstance(picked, int) or str(picked).isdigit() else str(picked)

    def _detail(self, event: Event, out: list[str]) -> list[str]:
        """The events a readable match trace leaves out and an explanation shows."""
        d, k, name = event.data, event.kind, self.name
        ind = self._indent(event)
        if k == "gain":
            what = [f"shield {int(d['shield']):+d}"] if d.get("shield") else []
            what += [str(p) for p in d.get("powers") or []]
            until = (f" ({str(d['duration']).replace('_', ' ')})" if d.get("duration") not in (None, "", "None")
                     else "")
            return self._emit(out, f"{ind}{name(d['card'])} gains {', '.join(what) or 'nothing'}{until}")
        if k == "set_shield":
            return self._emit(out, f"{ind}{name(d['card'])}'s shield becomes {d.get('value')} (4.8.6)")
        if k in ("skipped", "interrupted", "prevented"):
            why = f" ({d['reason']})" if d.get("reason") else ""
            return self._emit(out, f"{ind}procedure {k}: {_short(d.get('text', ''))}{why}")
        if k == "declined":
            return self._emit(out, f"{ind}procedure declined: {_short(d.get('text', ''))}")
        if k == "continuous":
            return self._emit(out, f"{ind}continuous: {_short(d.get('text', ''))}")
        if k == "continuous_effect":
            return self._emit(out, f"{ind}continuous effect #{d.get('uid')} starts ({d.get('duration')}): "
                                   f"{_short(d.get('what', ''))}")
        if k == "effect_expired":
            return self._emit(out, f"{ind}continuous effect #{d.get('uid')} ends: {_short(d.get('what', ''))}")
        if k == "replaced":
            to = f" to {name(d['to'])}" if d.get("to") is not None else ""
            return self._emit(out, f"{ind}replacement (5.5): {d.get('text')} goes{to} instead, by {d.get('by')}")
        if k == "search":
            found = _cards(name, d.get("found") or []) or "nothing"
            if self._unseen(d.get("player")):
                found = f"{len(d.get('found') or [])} card(s)"
            return self._emit(out, f"{ind}P{d.get('player')} searches the {', '.join(d.get('zones') or [])}: "
                                   f"{found}")
        if k == "chosen":
            return self._emit(out, f"{ind}P{d.get('player')} chooses {', '.join(map(str, d.get('things') or []))}")
        if k == "extra_action":
            return self._emit(out, f"{ind}{name(d['card'])} may use another action")
        if k == "forced_target":
            return self._emit(out, f"{ind}P{d.get('player')}: {d.get('action')} must target "
                                   f"{_cards(name, d.get('cards') or [])}")
        if k in ("use_action", "shuffle", "turn_over", "end_of_turn_resets"):
            return out
        return self._emit(out, f"{ind}{k}: " + ", ".join(f"{key}={value}" for key, value in sorted(d.items())))

    def _unseen(self, player: Any) -> bool:
        """What ``player`` found or chose among hidden cards is not for the viewer (another player)."""
        return self.viewer is not None and str(player) != str(self.viewer)

    def deck(self, player: Any) -> str:
        try:
            return self.decks[int(player)]
        except (IndexError, TypeError, ValueError):
            return "?"

    def _move(self, event: Event, out: list[str]) -> list[str]:
        d = event.data
        reason = str(d.get("reason") or "")
        if reason == "unload":
            return out
        owner = d["owner"]
        if reason == "Energia Cósmica" and self.action is not None:
            self.action.setdefault("paid", []).append(d["card"])
            return out
        if reason == "draw":
            key: tuple[Any, ...] = ("draw", owner)
        elif reason == "countdown":
            key = ("countdown", owner)
        elif reason.startswith("hand exchange"):
            key = ("exchange", owner)
        elif reason.startswith("setup"):
            key = ("setup", owner)
        elif reason == "discard" and d.get("frm") == "hand":
            key = ("discard", owner)
        else:
            key = ("move", owner, d.get("frm"), str(d.get("to")) + (" (bottom)" if d.get("bottom") else ""), reason)
        if self.group is not None and self.group[0] == key:
            self.group_cards.append(d["card"])
            return out
        out = self._emit(out)
        out.extend(self._headers())
        self.group, self.group_cards = (key, self._indent(event)), [d["card"]]
        return out

    def _damage(self, event: Event, out: list[str]) -> list[str]:
        d = event.data
        if "card" not in d or "amount" not in d:
            return self._emit(out, f"{self._indent(event)}damage: "
                                   + ", ".join(f"{key}={value}" for key, value in sorted(d.items())))
        source = self.name(d["source"]) if d.get("source") is not None else "an effect"
        initial, final = d.get("initial", d["amount"]), d["amount"]
        steps = [f"{initial}" + (f" -> {final} (4.8.3 modifiers)" if initial != final else "")]
        if d.get("piercing"):
            steps.append("piercing, the shield is ignored (4.8.2)")
        elif final:
            steps.append(f"shield absorbs {d.get('absorbed', 0)}")
        if final:
            steps.append(f"{d.get('unloaded', 0)} card(s) unloaded")
        player = d.get("player")
        if isinstance(player, int) and player in (0, 1):
            self.damage[player] += int(final)
        return self._emit(out, f"{self._indent(event)}{source} causes {final} damage to {self.name(d['card'])}: "
                               + "; ".join(steps))

    def _calculation(self, event: Event, out: list[str]) -> list[str]:
        """The 4.8.3 calculation in the rulebook's lettering, when anything changed the damage (a
        modifier, a fixed value, a redirection); a plain calculation is summed up by the damage line.
        ``detail``: every calculation, every stage, after a header naming the source and the destination."""
        d = event.data
        stages = d.get("stages") or []
        ind = self._indent(event)
        if self.detail:
            lines = d.get("lines") or []
            head = str(lines[0]).removesuffix(" (4.8.3)") if lines else (
                f"{self.name(d.get('source'))} -> {self.name(d.get('card'))}: {d.get('initial')} damage")
            return self._emit(out, f"{ind}damage calculation (4.8.3): {head}",
                              *(f"{ind}  {line}" for line in calculation_lines(stages, full=True)))
        shown = calculation_lines(stages, full=False)
        if not shown:
            return out
        return self._emit(out, f"{ind}damage calculation (4.8.3):", *(f"{ind}  {line}" for line in shown))

    def _tree(self, event: Event, out: list[str]) -> list[str]:
        d, k = event.data, event.kind
        level = d["level"]
        label = _short(d["effect"])
        if self.detail and k in ("tree_pause", "tree_end") and self.open:
            self.open.pop()
        ind = self._indent(event)
        if self.detail and k in ("tree_start", "tree_resume"):
            self.open.append(level)
        if k == "tree_pending":
            if level == 0:
                return out                           # an action's own effect: the action line says it
            out = self._emit(out)
            out.extend(self._headers())
            self.tree_pending = (event, ind)
            return out
        if k == "tree_start":
            if self.tree_pending is not None and self.tree_pending[0].data.get("effect") == d["effect"]:
                self.tree_pending = None
                return self._emit(out, f"{ind}[tree level {level}] triggers and resolves: {label}")
            if level == 0:
                return self._emit(out, f"{ind}[tree level 0] resolves: {label}") if self.detail else self._emit(out)
            return self._emit(out, f"{ind}[tree level {level}] resolves: {label}")
        if k == "tree_pause":
            return self._emit(out, f"{ind}[tree level {level}] PAUSED after procedure {d['procedure']}: {label}")
        if k == "tree_resume":
            return self._emit(out, f"{ind}[tree level {level}] RESUMES from procedure {d['procedure'] + 1}: {label}")
        if k == "tree_end":
            if level == 0 and not self.detail:
                return self._emit(out)
            return self._emit(out, f"{ind}[tree level {level}] ends: {label}")
        if k == "tree_skip":
            return self._emit(out, f"{ind}[tree level {level}] does nothing ({d.get('reason', '')}): {label}")
        return out

    def _summary(self, d: dict[str, Any]) -> list[str]:
        lines = ["", "=== Summary ==="]
        if d.get("ended"):
            lines.append(f"P{d['winner']} ({self.deck(d['winner'])}) wins after {d['turns']} turns: {d['reason']}")
        else:
            lines.append(f"No winner: {d['reason']}")
        for p, st in enumerate(d.get("players", [])):
            lines.append(f"  P{p} ({self.deck(p)}): {st['points']} point(s), {self.knockouts[p]} knock-out(s) made, "
                         f"{self.actions[p]} action(s) used, {self.damage[p]} damage caused | hand {st['hand']}, "
                         f"deck {st['deck']}, resources {st['resources']}, {len(st.get('scene', []))} in the scene")
        lines.append(f"  final state hash {d['state_hash']}")
        return lines

    def finish(self) -> list[str]:
        return self._emit([])


def lines(events: Iterable[Event], name: Namer = default_name) -> Iterator[str]:
    writer = TraceWriter(name)
    for event in events:
        yield from writer.feed(event)
    yield from writer.finish()


def render(events: Iterable[Event], name: Namer = default_name) -> str:
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
