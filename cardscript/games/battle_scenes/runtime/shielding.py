"""The shield of a card now (rules 4.8.6): its record of shield events kept up to date with the statics.

Shields are records of events (:mod:`cardscript.games.battle_scenes.runtime.shields`, 4.8.6) kept in
``InScene.shields``: a resolved
effect's bonus, penalty or new base value, the damage a shield absorbed (4.8.1). The statics working now
(``Gain`` with a shield and ``SetShield`` while in place, 5.4) are brought into the record the moment they
start, stop or come back ("atualizados a cada modificação"); :func:`shield` reads the value without changing
the state. :func:`end_of_turn` is the turn loop's hook for the Final do Turno (6.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardscript.compiler.ir import EffectKind, Gain, Selector, SetShield
from cardscript.games.battle_scenes.runtime import continuous, derived, shields
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.selectors import EffectContext, attr, host, quantity, selected, title
from cardscript.games.battle_scenes.runtime.state import CardId
from cardscript.games.battle_scenes.runtime.statics import active_effects, layer

__all__ = ["effect_id", "end_of_turn", "shield", "shield_event", "watch_shields"]


def end_of_turn(game: Game) -> None:
    """6.2 Final do Turno: the turn loop's hook; "até o final do turno" effects expire (5.7 A.2.1); every
    shield is restored to its original value plus the bonuses that still apply (4.8.1.1 ATENÇÃO, 4.8.6)."""
    continuous.end_of_turn(game)
    _shields_end_of_turn(game)


def shield(game: Game, card: CardId) -> int:
    """The shield now (4.8.6): the card's shield record (this turn's gains, set-to-value effects, penalties,
    damage absorbed) with the statics working now (bonuses, set-to-value while in place) brought up to date,
    replayed by :func:`shields.shield_value`; never below 0 (4.7 ATENÇÃO). Reading never changes the state."""
    if card not in game.state.scene:
        return max(0, int(attr(game, card, "shield") or 0))
    return max(0, shields.shield_value(_shield_record(game, card, store=False)) - _static_penalty(game, card))


def _static_penalty(game: Game, card: CardId) -> int:
    """4.8.6 C for statics: "Escudo -N" from a permanent text working now lowers the shield while its card and
    condition hold. Being continuous, it applies to the shield as it stands at each moment (base first then bonus
    gives the same total), and it ends when its card leaves or its text stops working."""
    return sum(-value for _, what, value, _, sel, sctx in _shield_statics(game)
               if what == "bonus" and value < 0 and selected(game, sctx, sel, card))


def _nominal_shield(game: Game, card: CardId) -> int:
    return max(0, int(attr(game, card, "shield") or 0))


_ShieldStatic = tuple[tuple[int, int, int], str, int, str, Selector, EffectContext]


def _shield_statics(game: Game) -> list[_ShieldStatic]:
    """The statics working now that give shields: ((source card, effect index, procedure index), ``bonus`` /
    ``set``, value, source name, the selector of what gets it, the static's context). Kept per state version and
    layer (:mod:`cardscript.games.battle_scenes.runtime.derived`)."""
    return derived.cached(game, "shield_statics", layer(game), lambda: _find_shield_statics(game))


def _find_shield_statics(game: Game) -> list[_ShieldStatic]:
    out: list[_ShieldStatic] = []
    for src, effect, sctx in active_effects(game, (EffectKind.STATIC,), (SetShield, Gain)):
        if src < 0:
            continue                       # generated statics have no card to key them by (not produced today)
        procs = [(pi, p) for pi, p in enumerate(effect.procedures)
                 if isinstance(p, SetShield) or (isinstance(p, Gain) and (p.shield is not None
                                                                          or p.shield_x is not None))]
        if not procs:
            continue
        effects = tuple(attr(game, src, "effects") or ())
        ei = effects.index(effect) if effect in effects else -1
        for pi, p in procs:
            if isinstance(p, SetShield):
                value = p.value if p.value_x is None else quantity(game, sctx, p.value_x)   # counted now
                out.append(((src, ei, pi), "set", value, title(game, src), p.targets, sctx))
            elif isinstance(p, Gain) and p.shield_x is not None:     # "Escudo +1 para cada <x>", "Escudo +X":
                value = quantity(game, sctx, p.shield_x)               # counted now (a change is a new value)
                out.append(((src, ei, pi), "bonus", value, title(game, src), p.targets, sctx))
            elif isinstance(p, Gain) and p.shield is not None:
                out.append(((src, ei, pi), "bonus", p.shield, title(game, src), p.targets, sctx))
    return out


def _static_shield_effects(game: Game, card: CardId, statics: list[_ShieldStatic] | None = None
                           ) -> dict[tuple[int, int, int], tuple[str, int, str]]:
    """The statics giving ``card`` a shield now: (source card, effect index, procedure index) -> (``bonus`` /
    ``set``, value, source name). ``statics``: :func:`_shield_statics`, when the caller asks for many cards."""
    found = _shield_statics(game) if statics is None else statics
    return {key: (what, value, name) for key, what, value, name, sel, sctx in found
            if selected(game, sctx, sel, card)}


def _static_key(effect_id: str) -> tuple[int, int, int] | None:
    """``"Mansão dos Vingadores#s12.1.0"`` (or ``...#s12.1.0/2``, loaded again) -> (12, 1, 0)."""
    _, sep, tail = effect_id.rpartition("#s")
    if not sep:
        return None
    parts = tail.split("/")[0].split(".")
    try:
        src, ei, pi = (int(x) for x in parts)
    except ValueError:
        return None
    return src, ei, pi


def _generation(effect_id: str) -> int:
    """``"...#s12.1.0"`` -> 1, ``"...#s12.1.0/3"`` -> 3: which stay of the static an id is (a new id is past it)."""
    _, sep, gen = effect_id.rpartition("/")
    return int(gen) if sep and gen.isdigit() else 1


def _in_place(game: Game, card: CardId) -> bool:
    return card in game.state.scene or card == game.state.scenario or host(game, card) is not None


def _static_sync(game: Game, card: CardId, record: shields.ShieldRecord,
                 statics: list[_ShieldStatic] | None = None) -> list[shields.ShieldEvent]:
    """4.8.6 with statics ("atualizados a cada modificação"): the events that bring ``record`` up to date with
    the statics working now. New -> ``bonus`` / ``set_base`` (while); gone while its card is still in place
    (condition false, text suppressed) -> ``suspend`` (a set-value effect simply ends); back -> ``resume``;
    its card gone -> ``end_bonus`` / ``end_set_base``; a card loaded again is a new effect (a new id)."""
    now = _static_shield_effects(game, card, statics)
    live_bonus: dict[tuple[int, int, int], tuple[str, str, int]] = {}    # key -> (id, on/suspended, value)
    live_set: dict[tuple[int, int, int], tuple[str, int]] = {}
    seen: dict[tuple[int, int, int], int] = {}
    kinds = shields.ShieldEventKind
    for e in record.events:
        key = _static_key(e.effect)
        if key is None or e.duration is not shields.ShieldDuration.WHILE and e.kind in (kinds.BONUS, kinds.SET_BASE):
            continue
        if e.kind in (kinds.BONUS, kinds.SET_BASE):            # the latest generation of that static's ids
            seen[key] = max(seen.get(key, 0) + 1, _generation(e.effect))   # (a record may start past the first)
        if e.kind is kinds.BONUS:
            live_bonus[key] = (e.effect, "on", e.amount)
        elif e.kind is kinds.SET_BASE:
            live_set[key] = (e.effect, e.amount)
        elif e.kind is kinds.END_SET_BASE:
            live_set.pop(key, None)
        elif key in live_bonus:
            eid, _, value = live_bonus[key]
            if e.kind is kinds.BONUS_SUSPEND:
                live_bonus[key] = (eid, "suspended", value)
            elif e.kind is kinds.BONUS_RESUME:
                live_bonus[key] = (eid, "on", value)
            elif e.kind is kinds.BONUS_CHANGE:
                live_bonus[key] = (eid, live_bonus[key][1], e.amount)
            elif e.kind is kinds.BONUS_END:
                live_bonus.pop(key)
    out: list[shields.ShieldEvent] = []
    ended_sets: set[tuple[int, int, int]] = set()
    for key, (eid, value) in live_set.items():
        cur = now.get(key)
        if cur is None or cur[0] != "set" or cur[1] != value:
            out.append(shields.ShieldEvent.end_set_base(eid))
            ended_sets.add(key)
    for key, (eid, status, value) in live_bonus.items():
        cur = now.get(key)
        if cur is not None and cur[0] == "bonus" and cur[1] > 0:
            if status == "suspended":
                out.append(shields.ShieldEvent.resume(eid))
            if cur[1] != value:
                out.append(shields.ShieldEvent.change(eid, cur[1]))
        elif _in_place(game, key[0]):
            if status == "on":
                out.append(shields.ShieldEvent.suspend(eid))
        else:
            out.append(shields.ShieldEvent.end_bonus(eid))

    def new_id(key: tuple[int, int, int], name: str) -> str:
        seen[key] = seen.get(key, 0) + 1
        gen = seen[key]
        return f"{name}#s{key[0]}.{key[1]}.{key[2]}" + (f"/{gen}" if gen > 1 else "")

    for key, (what, value, name) in sorted(now.items()):       # set-value effects first, then bonuses (4.8.6)
        if what == "set" and (key not in live_set or key in ended_sets):
            out.append(shields.ShieldEvent.set_base(new_id(key, name), max(0, value), shields.ShieldDuration.WHILE))
    for key, (what, value, name) in sorted(now.items()):
        if what == "bonus" and key not in live_bonus and value > 0:
            out.append(shields.ShieldEvent.bonus(new_id(key, name), value, shields.ShieldDuration.WHILE))
    return out


_SHIELD_MOMENTS = frozenset({"load", "unload", "enter_scene", "leave_scene", "destroyed", "knocked_out", "chosen"})


@dataclass(frozen=True)
class _ShieldWatch:
    """4.8.6: a static bonus stops / resumes / is a new effect at the moment its card or its condition changes
    (Armadura de Combate I.M.A. losing {GE} when Homem-Aranha V3 is unloaded, then regaining it): after each
    event that can change the statics working (a card loaded, unloaded, entering or leaving, a choice made), the
    shield records of the scene store the static changes, so a stop and a return are two events, not none."""

    game: Game

    def __call__(self, event: Any) -> None:
        if event.kind not in _SHIELD_MOMENTS:
            return
        statics = _shield_statics(self.game)
        for card in list(self.game.state.scene):
            base = self.game.state.scene[card]
            record = base.shields if base.shields is not None else shields.ShieldRecord(_nominal_shield(self.game,
                                                                                                        card))
            if not statics and not record.events:
                continue                   # no static gives a shield now, and none did: nothing to bring up to date
            changes = _static_sync(self.game, card, record, statics)
            if changes:
                _store_shield(self.game, card, record.add(*changes))


def _watch_shields(game: Game) -> None:
    if not any(isinstance(w, _ShieldWatch) for w in game.listeners):
        game.listeners.append(_ShieldWatch(game))


def watch_shields(game: Game) -> None:
    """4.8.6: from the moment the engine runs a match, each card's shield record holds the statics in operation
    -- the bonuses and set values working now are recorded at once, so a bonus that stops later is a suspension
    of an effect already recorded (and keeps the window it began in, ATENÇÃO 1 and 2), never a new effect first
    seen when it returns. A match set at a moment of play (a scenario's board) starts with those records."""
    _watch_shields(game)
    statics = _shield_statics(game)
    for card in list(game.state.scene):
        base = game.state.scene[card]
        record = base.shields if base.shields is not None else shields.ShieldRecord(_nominal_shield(game, card))
        changes = _static_sync(game, card, record, statics)
        if changes:
            _store_shield(game, card, record.add(*changes))


def keep_watching_shields(game: Game) -> None:
    """4.8.6 for a match restored from a snapshot (runtime.stepping): its records are as they were; from now on
    each event that can change the statics brings them up to date, as in the match it copies."""
    _watch_shields(game)


def _shield_record(game: Game, card: CardId, store: bool) -> shields.ShieldRecord:
    """The card's shield record with the statics brought up to date; ``store``: keep it in the state (before
    a new event is recorded, so events stay in the order they happened)."""
    _watch_shields(game)
    base = game.state.scene[card]
    record = base.shields if base.shields is not None else shields.ShieldRecord(_nominal_shield(game, card))
    record = record.add(*_static_sync(game, card, record))
    if store:
        _store_shield(game, card, record)
    return record


def _store_shield(game: Game, card: CardId, record: shields.ShieldRecord) -> None:
    base = game.state.scene[card]
    base.shields = record
    base.shield_bonus = shields.shield_value(record) - record.nominal     # the turn loop's quick facts read it
    derived.edited(game)


def shield_event(game: Game, card: CardId, event: shields.ShieldEvent) -> None:
    """Record a shield event of a resolved effect or of damage (4.8.6)."""
    _store_shield(game, card, _shield_record(game, card, store=True).add(event))


def effect_id(game: Game, ctx: EffectContext) -> str:
    """A new id for a resolved effect's shield event ("<action or card>#<uid>")."""
    uid = game.state.next_effect_uid
    game.state.next_effect_uid += 1
    name = ctx.action_name or (title(game, ctx.source) if ctx.source is not None else "effect")
    return f"{name}#{uid}"


def _shields_end_of_turn(game: Game) -> None:
    """4.8.1.1 ATENÇÃO: every shield back to its original value plus the bonuses that still apply."""
    for card in list(game.state.scene):
        record = _shield_record(game, card, store=False)
        _store_shield(game, card, shields.end_of_turn(record))
