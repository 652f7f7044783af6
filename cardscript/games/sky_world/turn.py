"""The turn (manual, "Sua vez, passo a passo"; "Sua primeira partida" for the replenishing):

1. start: renew the despertar rights and the actions, release the blocks and the amber marks, resolve the
   INÍCIO DO TURNO seals, replenish the hand to six (the rival gains 1 Fé per card missing), consume the Rastro;
2. the free plays, in the order the player chooses (:mod:`cardscript.games.sky_world.plays`);
3. end: the NO FIM DO SEU TURNO seals, this turn's Poder changes and every Preparação end (Poder zero checked).
"""

from __future__ import annotations

from cardscript.engine.agents import Decision
from cardscript.games.sky_world.engine import SkyEngine
from cardscript.games.sky_world.plays import MAX_PLAYS_PER_TURN, legal_plays
from cardscript.games.sky_world.state import HAND_LIMIT


def start_turn(engine: SkyEngine, player: int) -> None:
    state = engine.state
    state.active_player = player
    state.turn += 1
    p = state.players[player]
    engine.game.emit("turn", turn=state.turn, player=player, faith=[q.faith for q in state.players])
    p.awakens_used = p.conversions_used = p.hero_uses = 0
    p.limit_raised = p.deposit_used = p.search_used = False
    p.uses = {}
    for ch in p.characters():
        ch.spent = ch.vulnerable = ch.channeled = False
    p.blocks = 0
    p.amber = []
    engine.game.emit("renewed", player=player)
    engine.fire("turn_start", None, player)
    engine.settle()
    replenish(engine, player)
    if p.trail:
        trail, p.trail = list(p.trail), []
        p.consumed.extend(trail)
        engine.game.emit("trail_consumed", player=player, cards=trail)


def replenish(engine: SkyEngine, player: int) -> None:
    """Draw up to six; for each card missing the rival gains 1 Fé, up to the goal ("Com três cartas na mão e
    baralho vazio, o rival ganha 3 de Fé")."""
    p = engine.state.players[player]
    wanted = HAND_LIMIT - len(p.hand)
    drawn = p.deck[:wanted]
    del p.deck[:len(drawn)]
    p.hand.extend(drawn)
    engine.game.emit("replenish", player=player, drawn=len(drawn), missing=wanted - len(drawn))
    if wanted > len(drawn):
        engine.gain_faith(1 - player, wanted - len(drawn), why="cartas que faltaram na reposição do rival")


def free_plays(engine: SkyEngine, player: int) -> None:
    for _ in range(MAX_PLAYS_PER_TURN):
        plays = legal_plays(engine, player)
        (i,) = engine.game.decide(Decision(player, "play", "your play", tuple(x.label for x in plays),
                                           facts=tuple({"kind": x.kind, **x.facts} for x in plays)))
        if plays[i].kind == "end":
            return
        engine.game.emit("play", player=player, play=plays[i].label)
        plays[i].run()
        engine.settle()
    engine.game.emit("play_limit", player=player, limit=MAX_PLAYS_PER_TURN)


def end_turn(engine: SkyEngine, player: int) -> None:
    state = engine.state
    engine.fire("turn_end", None, player)
    engine.settle()
    for q in state.players:
        for ch in q.characters():
            ch.temporary_power = 0
            ch.restricted = ()
            if ch.held_until <= state.turn:      # "mantêm a Preparação por mais tempo" (Sião): until its turn ends
                ch.preparation = False
    state.players[player].turns_played += 1
    engine.expire(player)
    engine.game.emit("end_turn", player=player)
    engine.check_zero()
    engine.settle()


def play_turn(engine: SkyEngine, player: int) -> None:
    start_turn(engine, player)
    free_plays(engine, player)
    end_turn(engine, player)
