"""The free plays of a turn, in the order the player chooses (manual, "Sua vez, passo a passo": "Pode converter
uma carta, despertar, evoluir, usar habilidades e poderes, atacar ou canalizar"): each legal play is an option
of one ``play`` decision, "Passar a vez" among them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from cardscript.compiler.ir import EffectKind
from cardscript.games.sky_world.engine import SkyEngine
from cardscript.games.sky_world.procedures import has_targets
from cardscript.games.sky_world.queries import Context, can_attack, can_channel, holds
from cardscript.games.sky_world.state import DRAIN_AMOUNT, DRAIN_COST, MAX_AWAKEN_LIMIT, RAISE_COST, CardId

MAX_PLAYS_PER_TURN = 60   # a bound on a turn's plays (repeatable abilities without a limit), reported when reached


@dataclass
class Play:
    label: str
    kind: str
    run: Callable[[], None]
    facts: dict[str, object] = field(default_factory=dict)


def conversions_allowed(engine: SkyEngine, player: int) -> int:
    """Virar Essência: one a turn; two on the second player's first turn."""
    p = engine.state.players[player]
    second = player != engine.state.first_player
    return 2 if second and p.turns_played == 0 else 1


def legal_plays(engine: SkyEngine, player: int) -> list[Play]:
    state = engine.state
    p = state.players[player]
    name = engine.game.name
    plays: list[Play] = []
    if p.conversions_used < conversions_allowed(engine, player):
        for card in p.hand:
            plays.append(Play(f"Virar Essência: {name(card)}", "convert", _bind(convert, engine, player, card),
                              {"card": card}))
    for card in p.hand:
        if engine.can_awaken(player, card):
            kind = "evolve" if state.cards[card].stage > 1 else "awaken"
            plays.append(Play(f"{'Evoluir' if kind == 'evolve' else 'Despertar'}: {name(card)}", kind,
                              _bind(engine.awaken, player, card), {"card": card, "power": state.cards[card].power}))
    if not p.limit_raised and p.awaken_limit < MAX_AWAKEN_LIMIT and p.consumable_count >= RAISE_COST:
        plays.append(Play("Ampliar o limite de Despertar (consumir 4)", "raise", _bind(raise_limit, engine, player)))
    for card in p.hand:
        for index, e in enumerate(state.cards[card].effects):
            if e.kind is EffectKind.ACTIVATED and e.zone == "hand" and _hand_usable(engine, player, card, index):
                plays.append(Play(f"Habilidade da mão: {name(card)}", "hand_ability",
                                  _bind(use_from_hand, engine, player, card, index), {"card": card}))
    for card in p.bank:
        for index, e in enumerate(state.cards[card].effects):
            if e.kind is EffectKind.ACTIVATED and e.zone == "bank" and _usable(engine, player, card, index):
                plays.append(Play(f"Ação no Banco: {name(card)}", "bank_action",
                                  _bind(activate, engine, player, card, index), {"card": card}))
    for ch in p.characters():
        for index, e in enumerate(state.cards[ch.card].effects):
            if e.kind is EffectKind.ACTIVATED and e.zone == "field" and not ch.preparation \
                    and _usable(engine, player, ch.card, index):
                plays.append(Play(f"Ativação: {name(ch.card)}", "activate",
                                  _bind(activate, engine, player, ch.card, index), {"card": ch.card}))
        if can_channel(state, ch.card):
            plays.append(Play(f"Canalizar: {name(ch.card)} (+{state.cards[ch.card].faith} Fé)", "channel",
                              _bind(engine.channel, ch.card), {"card": ch.card}))
        if can_attack(state, ch.card):
            for target in engine.attack_targets(ch.card):
                plays.append(Play(f"Atacar: {name(ch.card)} -> {name(target)}", "attack",
                                  _bind(engine.attack, ch.card, target), {"card": ch.card, "target": target}))
    if p.hero is not None:
        power = state.cards[p.hero].hero_power
        if power is not None and _hero_usable(engine, player):
            plays.append(Play(f"Poder do Herói: {name(p.hero)}", "hero", _bind(use_hero, engine, player)))
        if p.consumable_count >= DRAIN_COST:
            plays.append(Play(f"Drenar Fé {DRAIN_AMOUNT} (consumir {DRAIN_COST})", "drain",
                              _bind(drain, engine, player)))
    plays.append(Play("Passar a vez", "end", lambda: None))
    return plays


def _bind(fn: Callable[..., None], *args: object) -> Callable[[], None]:
    return lambda: fn(*args)


def convert(engine: SkyEngine, player: int, card: CardId) -> None:
    """Virar Essência: the card leaves the hand for the Banco, amber until the owner's next turn."""
    p = engine.state.players[player]
    p.conversions_used += 1
    p.hand.remove(card)
    engine.to_bank(card, "Virar Essência", amber=True)


def raise_limit(engine: SkyEngine, player: int) -> None:
    """Once a turn, consume 4 available Essências: the despertar limit +1 (up to four), usable this turn."""
    p = engine.state.players[player]
    p.limit_raised = True
    engine.consume(player, RAISE_COST)
    p.awaken_limit += 1
    engine.game.emit("awaken_limit", player=player, limit=p.awaken_limit)


def drain(engine: SkyEngine, player: int) -> None:
    """Drenar Fé 2, every Herói's: consume 4 available Essências, the rival loses 2 Fé (not below zero);
    repeatable while it can be paid, apart from the main power."""
    engine.consume(player, DRAIN_COST)
    engine.lose_faith(1 - player, DRAIN_AMOUNT)
    engine.settle()


def _usable(engine: SkyEngine, player: int, card: CardId, index: int) -> bool:
    e = engine.state.cards[card].effects[index]
    ctx = Context(player, card, host=card)
    return (engine.uses_left(card, index, e.limit_per_turn) and engine.can_pay(player, e)
            and (e.condition is None or holds(engine.state, e.condition, ctx)) and has_targets(engine, e, ctx))


def _hand_block(engine: SkyEngine, card: CardId) -> int:
    return engine.state.cards[card].requirement


def _hand_usable(engine: SkyEngine, player: int, card: CardId, index: int) -> bool:
    """From the hand: requisito met, and blocking it plus the ability's Bloquear fits with its consumos."""
    d = engine.state.cards[card]
    p = engine.state.players[player]
    return d.requirement <= p.essences and _usable(engine, player, card, index) \
        and engine.can_pay(player, d.effects[index], requirement_block=_hand_block(engine, card))


def activate(engine: SkyEngine, player: int, card: CardId, index: int) -> None:
    """ATIVAÇÃO / AÇÃO NO BANCO: the action of the character is neither spent nor given back."""
    e = engine.state.cards[card].effects[index]
    engine.use_effect(card, index, e.limit_per_turn or 10 ** 6)
    engine.resolve(e, Context(player, card, host=card), f"{engine.game.name(card)}: {e.text or 'ativação'}")


def use_from_hand(engine: SkyEngine, player: int, card: CardId, index: int) -> None:
    """HABILIDADE DA MÃO: block the card's requisito (plus the ability's Bloquear, a cost of the effect), the card
    goes to the Rastro (consumed at the owner's next turn); no despertar spent."""
    d = engine.state.cards[card]
    p = engine.state.players[player]
    e = d.effects[index]
    engine.use_effect(card, index, e.limit_per_turn or 10 ** 6)
    p.hand.remove(card)
    p.trail.append(card)
    engine.game.emit("trail", player=player, card=card)
    if d.requirement:
        engine.block(player, d.requirement)
    engine.resolve(e, Context(player, card), f"{engine.game.name(card)} (da mão): {e.text or 'habilidade'}")
    engine.fire("hand_ability", card, player)
    engine.settle()


def _hero_usable(engine: SkyEngine, player: int) -> bool:
    """Its cost, its evolution tier and its limit (``HeroPower.used``), and a target if it needs one."""
    p = engine.state.players[player]
    assert p.hero is not None
    hp = engine.state.cards[p.hero].hero_power
    if hp is None:
        return False
    used, ctx = hp.used, Context(player, p.hero)
    return ((not used.limit_per_turn or p.hero_uses < used.limit_per_turn) and engine.can_pay(player, used)
            and (used.condition is None or holds(engine.state, used.condition, ctx))
            and has_targets(engine, used, ctx))


def use_hero(engine: SkyEngine, player: int) -> None:
    """PODER DO HERÓI: its cost consumed (the first step of ``HeroPower.used``), its tier and limit met; no
    despertar nor character action spent."""
    p = engine.state.players[player]
    assert p.hero is not None
    hp = engine.state.cards[p.hero].hero_power
    assert hp is not None
    p.hero_uses += 1
    engine.resolve(hp.used, Context(player, p.hero), f"{engine.game.name(p.hero)}: poder do Herói")


__all__ = ["MAX_PLAYS_PER_TURN", "Play", "conversions_allowed", "legal_plays"]
