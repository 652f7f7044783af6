"""One handler per procedure family of :mod:`cardscript.games.sky_world.ir` (manual, "Palavras-chave de efeito",
"Condições, vínculos e escolhas"): the Effects Tree's runner for Sky World effects."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cardscript.compiler.ir import Choose, Effect, Filter, Kind, Procedure, Ref, Selector, Unsupported
from cardscript.games.sky_world import ir
from cardscript.games.sky_world.queries import Context, holds, members, safeguarded
from cardscript.games.sky_world.state import HAND_LIMIT, CardId, Lasting

if TYPE_CHECKING:
    from cardscript.engine.tree import Pending
    from cardscript.games.sky_world.engine import SkyEngine


def player_of(selector: Selector, ctx: Context) -> int:
    return ctx.controller if selector.ref in (None, Ref.YOU) else 1 - ctx.controller


def select(engine: SkyEngine, selector: Selector, ctx: Context, how_many: int | None = None,
           prompt: str = "") -> list[CardId]:
    """The things a procedure acts on: its reference / slot / every candidate, or a choice by the controller
    among the candidates (Salvaguarda: an enemy ability cannot choose it)."""
    found = members(engine.state, selector, ctx)
    if selector.ref is not None or selector.every:
        return found
    found = [c for c in found if not safeguarded(engine.state, c, ctx.controller)]
    n = how_many if how_many is not None else selector.count.fixed
    if selector.count.up_to or selector.count.any_number:
        return engine.choose(ctx.controller, "target", prompt or selector.text or "choose", found, 0, n)
    n = min(n, len(found))
    return engine.choose(ctx.controller, "target", prompt or selector.text or "choose", found, n, n)


# the role of each choosing family that holds what it chooses (manual, "Use uma habilidade da mão": "Primeiro
# confira requisito, alvos e todos os custos")
_CHOSEN_ROLE: dict[type[Procedure], str] = {
    ir.ChangePower: "targets", ir.MakeReady: "targets", ir.Expose: "targets", ir.Execute: "targets",
    ir.Destroy: "targets", ir.HoldPreparation: "targets", ir.Restrict: "targets", ir.Fix: "onto", Choose: "what",
}


def candidates(engine: SkyEngine, proc: Procedure, ctx: Context) -> list[CardId] | None:
    """What a procedure that chooses may choose now (after Salvaguarda and its family's own filters), or None when
    it chooses nothing (a reference, a slot, every candidate, no choice at all)."""
    if isinstance(proc, ir.Awaken):            # what it awakens must be able to enter now (this card included)
        return _awakenable(engine, proc, ctx)
    role = _CHOSEN_ROLE.get(type(proc))
    selector = getattr(proc, role, None) if role is not None else None
    if not isinstance(selector, Selector) or selector.ref is not None or selector.every:
        return None
    if isinstance(proc, ir.MakeReady):
        selector = _narrow(selector, *_READY_FILTERS[proc.leave_preparation])
    return [c for c in members(engine.state, selector, ctx) if not safeguarded(engine.state, c, ctx.controller)]


def has_targets(engine: SkyEngine, effect: Effect, ctx: Context) -> bool:
    """An ability needing a target is not used without one ("Sem um resultado legal, o pagamento não é
    confirmado"): each mandatory step that chooses -- not optional, not after "Se o fizer", not conditional --
    has at least one legal candidate now."""
    for proc in effect.procedures:
        if proc.optional or proc.if_done or proc.if_not_done or proc.condition is not None:
            continue
        found = candidates(engine, proc, ctx)
        if found is not None and not found and not selector_allows_none(proc):
            return False
    return True


def selector_allows_none(proc: Procedure) -> bool:
    """"até N": choosing none is legal."""
    role = _CHOSEN_ROLE.get(type(proc))
    selector = getattr(proc, role, None) if role is not None else None
    return isinstance(selector, Selector) and (selector.count.up_to or selector.count.any_number)


def run(engine: SkyEngine, pending: Pending, proc: Procedure) -> None:
    """Run one procedure of a resolving effect (optional steps asked, "Se o fizer" honoured)."""
    ctx: Context = pending.ctx
    if proc.if_done and not ctx.done or proc.if_not_done and ctx.done:
        return
    if proc.condition is not None and not holds(engine.state, proc.condition, ctx):
        engine.game.emit("condition_failed", effect=pending.label, text=proc.text or proc.family)
        return
    if proc.optional:
        (answer,) = engine.game.decide(engine.yes_no(ctx.controller, f"{pending.label}: {proc.text or proc.family}?"))
        ctx.done = answer == 0
        if not ctx.done:
            return
    handler = HANDLERS.get(type(proc))
    if handler is None:
        why = proc.why if isinstance(proc, Unsupported) else f"no Sky World handler for {proc.family}"
        engine.game.emit("unsupported", effect=pending.label, text=proc.text or why)
        return
    affected = handler(engine, ctx, proc)
    if proc.introduces:
        ctx.slots[proc.introduces] = affected


def _gain_faith(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    engine.gain_faith(player_of(proc.player, ctx), proc.amount, why=proc.text or "effect")
    return []


def _lose_faith(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    engine.lose_faith(player_of(proc.player, ctx), proc.amount)
    return []


def _change_power(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    targets = select(engine, proc.targets, ctx)
    for card in targets:
        engine.change_power(card, proc.amount, proc.permanent)
    return targets


def _make_ready(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    state = engine.state
    narrowed = _narrow(proc.targets, *_READY_FILTERS[proc.leave_preparation])
    targets = select(engine, narrowed, ctx, how_many=proc.amount)
    for card in targets:
        ch = state.character(card)
        if ch is not None:
            engine.make_ready(card, proc.leave_preparation)
    return targets


# Prontidão chooses allies in Preparação; Revigorar vulnerable ones out of it ("Palavras-chave de efeito")
_READY_FILTERS: dict[bool, tuple[tuple[str, str], ...]] = {
    True: (("preparation", "true"),),
    False: (("vulnerable", "true"), ("preparation", "false")),
}


def _narrow(selector: Selector, *filters: tuple[str, str]) -> Selector:
    """The selector with the filters the keyword itself requires (Prontidão: in Preparação; Revigorar: vulnerable,
    out of Preparação), unless it is a reference."""
    if selector.ref is not None:
        return selector
    return replace(selector, kind=Kind.CHARACTER,
                   filters=(*selector.filters, *(Filter(f, "eq", v) for f, v in filters)))


def _expose(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    targets = select(engine, proc.targets, ctx)
    for card in targets:
        engine.make_vulnerable(card)
    return targets


def _vasculhar(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    p = engine.state.players[ctx.controller]
    if p.search_used:
        engine.game.emit("search_refused", player=ctx.controller, reason="one Vasculhar search a turn")
        return []
    p.search_used = True
    revealed = p.deck[:proc.amount]
    engine.game.emit("search", player=ctx.controller, revealed=list(revealed))
    taken: list[CardId] = []
    if revealed and len(p.hand) < HAND_LIMIT:
        taken = engine.choose(ctx.controller, "search", "Vasculhar: one card to the hand", revealed, 1, 1)
    for card in revealed:
        p.deck.remove(card)
    p.hand.extend(taken)
    p.deck.extend(c for c in revealed if c not in taken)
    engine.game.emit("searched", player=ctx.controller, taken=taken, bottom=len(revealed) - len(taken))
    return taken


def _consume(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    return engine.consume(ctx.controller, proc.amount)


def _block(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    engine.block(ctx.controller, proc.amount)
    return []


def _deposit(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    p = engine.state.players[ctx.controller]
    if p.deposit_used:
        engine.game.emit("deposit_refused", player=ctx.controller, reason="one Depósito a turn")
        return []
    p.deposit_used = True
    n = min(proc.amount, len(p.hand))
    cards = engine.choose(ctx.controller, "deposit", f"Depositar {proc.amount}", list(p.hand), n, n)
    for card in cards:
        p.hand.remove(card)
        engine.to_bank(card, "deposit")
    return cards


def _permutar(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    state = engine.state
    p = state.players[ctx.controller]
    takeable = [c for c in members(state, proc.take, ctx) if c in p.consumable()]
    if not takeable or p.consumable_count < 1:
        return []
    (taken,) = engine.choose(ctx.controller, "permutar", "Permutar: an Essência to the hand", takeable, 1, 1)
    p.bank.remove(taken)
    p.hand.append(taken)
    sendable = [c for c in members(state, proc.send, ctx) if c != taken and c in p.hand]
    sent: list[CardId] = []
    if sendable:
        sent = engine.choose(ctx.controller, "permutar", "Permutar: another card to the Banco", sendable, 1, 1)
        p.hand.remove(sent[0])
        p.bank.append(sent[0])
    if len(p.hand) > HAND_LIMIT:             # nothing else to send: the card taken goes back
        p.hand.remove(taken)
        p.bank.append(taken)
    engine.game.emit("permutar", player=ctx.controller, taken=taken, sent=sent)
    return [taken, *sent]


def _execute(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    targets = engine.redirect_execution(select(engine, proc.targets, ctx), ctx.controller)
    done = [c for c in targets if engine.destroy(c, "execute")]
    if done:
        engine.fire("execution", None, ctx.controller, objects=done)
    return done


def _destroy(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    return [c for c in select(engine, proc.targets, ctx) if engine.destroy(c, "effect")]


def _draw(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    return engine.draw(player_of(proc.player, ctx), proc.amount)


def _fix(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    """Fixe: the card (the source, or one chosen: "um card chamado ... de sua mão") bound to the character ``onto``
    names, with what it grants that character while bound."""
    hosts = select(engine, proc.onto, ctx, how_many=1)
    if not hosts or engine.state.character(hosts[0]) is None:
        return []
    fixed = select(engine, proc.cards, ctx, how_many=1, prompt=proc.text)
    fixed = [c for c in fixed if c != hosts[0] and engine.state.where(c) != ["fixed"]]
    if not fixed:
        return []
    engine.fix(fixed[0], hosts[0], proc.awaken, proc.grants)
    return hosts


def _awaken(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    """Despertar by an effect: one of what ``cards`` selects that may be awakened now (from the Banco if it is
    there: "A carta despertada do Banco nunca paga o próprio consumo")."""
    found = _awakenable(engine, proc, ctx)
    chosen = engine.choose(ctx.controller, "awaken", proc.text or "despertar", found, min(1, len(found)),
                           min(1, len(found)))
    for card in chosen:
        engine.awaken(ctx.controller, card, free=proc.free)
    return chosen


def _awakenable(engine: SkyEngine, proc: Any, ctx: Context) -> list[CardId]:
    bank = engine.state.players[ctx.controller].bank
    return [c for c in members(engine.state, proc.cards, ctx)
            if engine.can_awaken(ctx.controller, c, free=proc.free, from_bank=c in bank)]


def _counter_awaken(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    """A Counter resolved from the hand is registered against the rival until the end of their next turn ("Da mão,
    o Counter dura até o fim do próximo turno inimigo"); in a CONTÍNUA it is a static (nothing to resolve)."""
    if proc.registered:
        engine.register(Lasting("counter_awaken", 1 - ctx.controller, engine.state.turn, 1, ctx.source, False))
    return []


def _restrict(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    """"Neste turno, ele não pode atacar nem canalizar": kept from those acts for the rest of the turn."""
    kept: list[CardId] = []
    for card in select(engine, proc.targets, ctx, prompt=proc.text):
        ch = engine.state.character(card)
        if ch is not None:
            ch.restricted = (*ch.restricted, *(a for a in proc.acts if a not in ch.restricted))
            engine.game.emit("restricted", card=card, acts=list(proc.acts))
            kept.append(card)
    return kept


def _prevent_channel_faith(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    tied = ctx.source is not None and engine.state.character(ctx.source) is not None
    engine.register(Lasting("prevent_channel_faith", 1 - ctx.controller, engine.state.turn, proc.times, ctx.source,
                            tied))
    return []


def _protect(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    """A protection, a Counter, a permission are statics: as a resolving procedure they do nothing (the statics of
    cards in place act)."""
    return []


def _hold_preparation(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    """Preparação until the end of the owner's next turn (this one's end does not end it)."""
    state = engine.state
    held: list[CardId] = []
    for card in select(engine, proc.targets, ctx, prompt=proc.text):
        ch = state.character(card)
        if ch is None:
            continue
        owner = state.owner[card]
        ch.preparation = True
        ch.held_until = state.turn + (2 if state.active_player == owner else 1)
        engine.game.emit("hold_preparation", card=card, until_turn=ch.held_until)
        held.append(card)
    return held


def _release_blocks(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    player = player_of(proc.player, ctx)
    released = engine.state.players[player].blocks
    engine.state.players[player].blocks = 0
    engine.game.emit("release_blocks", player=player, amount=released)
    return []


def _choose(engine: SkyEngine, ctx: Context, proc: Any) -> list[CardId]:
    """The core's "escolha <what>": the chosen fill the procedure's slot, read by the next steps ("Ele ...")."""
    if proc.what is None or proc.characteristic or proc.who is not None or proc.marks:
        engine.game.emit("unsupported", effect=proc.text, text="a choice of a characteristic or by another player")
        return []
    chosen = select(engine, proc.what, ctx, prompt=proc.text)
    engine.game.emit("chosen", player=ctx.controller, cards=list(chosen))
    return chosen


HANDLERS: dict[type[Procedure], Callable[[SkyEngine, Context, Any], list[CardId]]] = {
    ir.GainFaith: _gain_faith, ir.LoseFaith: _lose_faith, ir.ChangePower: _change_power, ir.MakeReady: _make_ready,
    ir.Expose: _expose, ir.Vasculhar: _vasculhar, ir.Consume: _consume, ir.Block: _block, ir.Deposit: _deposit,
    ir.Permutar: _permutar, ir.Execute: _execute, ir.Destroy: _destroy, ir.DrawCards: _draw, ir.Fix: _fix,
    ir.Awaken: _awaken, ir.Protect: _protect, ir.CounterAwaken: _counter_awaken, ir.AllowAttack: _protect,
    ir.ConsumptionAsBlock: _protect, ir.PreventChannelFaith: _prevent_channel_faith,
    ir.ReleaseBlocks: _release_blocks, ir.Restrict: _restrict, Choose: _choose, ir.HoldPreparation: _hold_preparation,
}

__all__ = ["HANDLERS", "candidates", "has_targets", "player_of", "run", "select"]
