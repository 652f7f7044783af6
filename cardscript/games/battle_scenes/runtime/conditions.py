"""Conditions on the game state (an effect's activation / resolution condition, 5.1 / 5.2 / 5.4; a procedure's,
checked when it resolves; a static's ``unless``).

Kinds (``cardscript.compiler.ir.Condition``): ``controls`` (the controller controls at least ``value`` such things),
``exists`` (at least ``value`` things match the subject), ``only`` ("somente": every thing of ``all_of[0]``'s subject
also matches the subject, and there is one), ``is`` (every thing the subject's reference stands for passes its
filters), ``compare`` (``left`` ``value`` ``right``, two quantities), ``searched`` (this effect searched: a Search
of it ran, ``EffectContext.memory``), ``possible`` ("se possível": the procedure is done as far as it can be, golden
rule C), ``has_power``, ``energy``, ``in_zone``, ``damaged_this_turn``, ``now`` (the phase / step / whose turn it
is now), ``entered`` / ``action_used`` (the turn's record of what entered the scene / of the actions used),
``share`` (N of the things have a characteristic's value in common);
``all`` / ``any`` combine ``all_of`` / ``any_of``; ``negated`` inverts.
"""

from __future__ import annotations

from cardscript.compiler.ir import Condition, Kind, Selector
from cardscript.compiler.vocabulary import fold_key
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.selectors import (
    EffectContext,
    controller_of,
    counted,
    matches,
    quantity,
    resolve,
    used_action,
)

__all__ = ["check_condition"]

_COMPARE = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "ge": lambda a, b: a >= b,
            "le": lambda a, b: a <= b, "gt": lambda a, b: a > b, "lt": lambda a, b: a < b}


def check_condition(game: Game, ctx: EffectContext, cond: Condition) -> bool:
    """A condition on the state now."""
    ok = _condition(game, ctx, cond)
    return not ok if cond.negated else ok


def _bare(sel: Selector) -> Selector:
    """The subject's filters alone, to check things a reference stands for (whatever their kind)."""
    return Selector(kind=Kind.CARD, also=(Kind.PLAYER, Kind.ACTION), filters=sel.filters)


def _condition(game: Game, ctx: EffectContext, cond: Condition) -> bool:
    if cond.all_of and cond.kind != "only":
        return all(check_condition(game, ctx, c) for c in cond.all_of)
    if cond.any_of:
        return any(check_condition(game, ctx, c) for c in cond.any_of)
    sel = cond.subject
    kind = cond.kind
    if kind in ("all", "any"):                 # an empty combination
        return kind == "all"
    if kind == "possible":                     # "se possível": golden rule C, as far as possible
        return True
    if kind == "option":                       # "A ou B": the option a ChooseOption of this effect picked
        index, _, slot = cond.value.partition("@")
        return bool(ctx.memory.get("options", {}).get(slot, -1) == int(index))
    if kind == "searched":                     # "se tiver procurado ali": a Search of this effect ran
        zones = ctx.memory.get("searched", ())
        return bool(zones) and (not cond.value or cond.value in zones)
    if kind == "now":                          # "se esta ação for usada durante a Etapa de Ataque de seu turno"
        return _now(game, ctx, cond)
    if kind == "entered" and sel is not None:  # "se outro personagem ... entrou em cena sob seu controle neste turno"
        return _entered(game, ctx, cond, sel)
    if kind == "action_used" and sel is not None:   # "se outra ação chamada X tiver sido usada neste turno"
        return _action_used(game, ctx, cond, sel)
    if kind == "nth_use" and sel is not None:  # "se esta foi a segunda vez que este personagem usou esta ação ..."
        return _nth_use(game, ctx, cond, sel)
    if kind == "share" and sel is not None:    # "dois ou mais personagens ... que tenham uma afiliação em comum"
        return _share(game, ctx, cond, sel)
    if kind == "compare":                      # "se você controlar mais personagens do que ...", "se X for 1"
        left, right = quantity(game, ctx, cond.left), quantity(game, ctx, cond.right)
        return bool(_COMPARE[cond.value or "eq"](left, right))
    if kind == "controls" and sel is not None:
        mine = [c for c in resolve(game, ctx, sel) if isinstance(c, int) and controller_of(game, c) == ctx.controller]
        return len(mine) >= max(1, int(cond.value or 1))
    if kind == "exists" and sel is not None:   # "se houver N ...", "se você controlar N ..."
        return len(counted(game, ctx, sel)) >= max(1, int(cond.value or 1))
    if kind == "only" and sel is not None:     # "se você controlar somente personagens com ..."
        pool = cond.all_of[0].subject if cond.all_of and cond.all_of[0].subject is not None else None
        every = counted(game, ctx, pool) if pool is not None else []
        allowed = counted(game, ctx, sel)
        return bool(every) and all(t in allowed for t in every)
    things = [t for t in resolve(game, ctx, sel) if isinstance(t, int)] if sel is not None else []
    if kind == "is" and sel is not None:
        if any(m.ref is not None and not resolve(game, ctx, m) for m in sel.union):
            return False                       # "este suporte e o personagem escolhido estiverem em cena": each
        #                                        one named must be there (the chosen one may be gone: identity.py)
        every_thing = resolve(game, ctx, sel) if sel.ref is not None else things
        bare = _bare(sel)
        return bool(every_thing) and all(matches(game, ctx, t, bare) for t in every_thing)
    if kind == "has_power":
        from cardscript.games.battle_scenes.runtime.statics import gathering_powers, powers_now

        # a static granting powers under a power condition (Armadura de Combate I.M.A.) must not ask itself:
        # while the statics' powers are being gathered, the condition reads the powers without statics
        depth = 1 if gathering_powers() else 0
        return bool(things) and all(cond.value in powers_now(game, t, depth) for t in things)
    if kind == "energy":
        op, _, num = cond.value.partition(":")
        want = int(num)
        energies = [game.state.scene[t].energy for t in things if t in game.state.scene]
        return bool(energies) and all(_COMPARE[op or "eq"](e, want) for e in energies)
    if kind == "in_zone":                      # "se este card estiver em sua mão" (Ataque-Surpresa)
        return bool(things) and all(str(game.state.location(t)[0]) == cond.value
                                    and game.state.owner[t] == ctx.controller for t in things)
    if kind == "damaged_this_turn":
        return bool(things) and all(game.state.scene[t].damage_taken_this_turn > 0 for t in things
                                    if t in game.state.scene)
    raise ValueError(f"condition kind '{cond.kind}' is not implemented")


def _nth_use(game: Game, ctx: EffectContext, cond: Condition, sel: Selector) -> bool:
    """The action of ``ctx`` is being used for the ``value``-th time this turn by the character ``sel`` stands for:
    the turn's record of uses (4.6.2 H: a use counts once its targets are chosen, so this one is in it) holds that
    many uses by it of this action -- the one written on the same card, by name -- up to this use."""
    if not ctx.from_action or ctx.source is None:
        return False
    users = {t for t in resolve(game, ctx, sel) if isinstance(t, int)}
    uses = [rec for rec in game.state.this_turn.uses if rec.user in users and rec.holder == ctx.source
            and fold_key(rec.name) == fold_key(ctx.action_name)
            and (ctx.action_use < 0 or rec.use < 0 or rec.use <= ctx.action_use)]
    return len(uses) == int(cond.value or 1)


def _entered(game: Game, ctx: EffectContext, cond: Condition, sel: Selector) -> bool:
    """At least ``value`` cards the subject describes (or stands for) entered the scene this turn -- under the
    control of ``whose`` -- wherever they are now (``TurnMemory.entered``)."""
    entered = [(c, p) for c, p, turn in game.state.this_turn.entered if turn == game.state.turn]
    if cond.whose == "you":
        entered = [(c, p) for c, p in entered if p == ctx.controller]
    elif cond.whose == "opponent":
        entered = [(c, p) for c, p in entered if p != ctx.controller]
    cards = {c for c, _ in entered}
    if sel.ref is not None:
        meant = [t for t in resolve(game, ctx, sel) if isinstance(t, int)]
        return bool(meant) and all(t in cards for t in meant)
    excluded = set(resolve(game, ctx, sel.excluding)) if sel.excluding is not None else set()
    bare = Selector(kind=sel.kind, also=sel.also, filters=sel.filters)
    found = [c for c in cards if c not in excluded and _described(game, ctx, c, bare)]
    return len(found) >= max(1, int(cond.value or 1))


def _action_used(game: Game, ctx: EffectContext, cond: Condition, sel: Selector) -> bool:
    """An action the subject describes was used this turn (``TurnMemory.uses``, appended when an action is used,
    4.6.2 H), by any character, whatever has become of it since; ``value`` "other": an action other than the one
    whose effect this is (another holder's, or another name)."""
    for rec in game.state.this_turn.uses:
        if cond.value == "other" and rec.holder == ctx.source and fold_key(rec.name) == fold_key(ctx.action_name):
            continue
        if matches(game, ctx, used_action(rec), sel):
            return True
    return False


def _share(game: Game, ctx: EffectContext, cond: Condition, sel: Selector) -> bool:
    """``value`` "<characteristic>:<N>": at least N of the things the subject describes have one value of that
    characteristic in common (each one's values now: printed, lent, gained, lost -- 8 B.2)."""
    from cardscript.games.battle_scenes.runtime import characteristics

    field, _, n = cond.value.partition(":")
    having: dict[str, int] = {}
    for thing in counted(game, ctx, sel):
        if isinstance(thing, int):
            for v in {fold_key(x) for x in characteristics.traits(game, thing, field, 0)}:
                having[v] = having.get(v, 0) + 1
    return max(having.values(), default=0) >= int(n or 2)


def _described(game: Game, ctx: EffectContext, card: int, sel: Selector) -> bool:
    """Does the card, wherever it is, fit the description (its kind and filters)?"""
    from cardscript.games.battle_scenes.runtime.filters import kind_of

    kinds = (sel.kind, *sel.also)
    return (Kind.CARD in kinds or kind_of(game, card) in kinds) and matches(game, ctx, card, sel)


def _now(game: Game, ctx: EffectContext, cond: Condition) -> bool:
    """The game is now in that phase or step (rules 6) of that player's turn; with a ``subject``, of the turn of
    the controller of what it stands for (none of it in the scene: no one's)."""
    from cardscript.games.battle_scenes.runtime.triggers import phase_id

    state = game.state
    if cond.subject is not None:
        things = [t for t in resolve(game, ctx, cond.subject) if isinstance(t, int)]
        controllers = {controller_of(game, t) for t in things if t in state.scene}
        if controllers != {state.turn_player}:
            return False
    if cond.whose == "you" and state.turn_player != ctx.controller:
        return False
    if cond.whose == "opponent" and state.turn_player == ctx.controller:
        return False
    wanted = phase_id(cond.value)
    return wanted in ("", "turn") or wanted in (state.phase, state.step)
