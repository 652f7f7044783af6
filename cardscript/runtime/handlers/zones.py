"""Cards changing place (rules 3, 4.1, 4.2, 4.4): drawing, discarding, loading, unloading, moving between areas,
putting into the scene, searching (5.5: a search can be replaced), revealing, looking, shuffling.

What a procedure moved, loaded onto, found or revealed fills its ``introduces`` slot ("aquele card", "aquele
personagem"). ``Swap`` has no handler yet (reported as unsupported when run).
"""

from __future__ import annotations

from cardscript.compiler.ir import (
    Discard,
    Draw,
    Load,
    Look,
    Move,
    PutInScene,
    Reveal,
    Search,
    Selector,
    Shuffle,
    Unload,
)
from cardscript.runtime.agents import Decision
from cardscript.runtime.game import Game
from cardscript.runtime.handlers import handles, run
from cardscript.runtime.queries import (
    placement_allowed,
    replacement_for,
    replacing_context,
    search_prevented,
    unload_prevented,
)
from cardscript.runtime.selectors import (
    EffectContext,
    Player,
    Thing,
    attr,
    candidates,
    choose,
    host,
    names,
    players,
    quantity,
    resolve,
    select,
)
from cardscript.runtime.state import CardId, Zone

_ZONES = {"hand": Zone.HAND, "resources": Zone.RESOURCES, "deck_top": Zone.DECK, "deck_bottom": Zone.DECK,
          "prizes": Zone.PRIZES, "set_aside": Zone.SET_ASIDE}


@handles(Draw)
def draw(game: Game, ctx: EffectContext, proc: Draw) -> None:
    """4.2: each player named draws N cards."""
    n = quantity(game, ctx, proc.amount)
    for player in players(game, ctx, proc.who):
        game.draw(player, n)


@handles(Discard)
def discard(game: Game, ctx: EffectContext, proc: Discard) -> None:
    """"descarte N cards": each player named chooses N cards of the hand, which go to the resources."""
    n = quantity(game, ctx, proc.amount)
    for player in players(game, ctx, proc.who):
        hand: list[Thing] = list(game.state.players[player].hand)
        for c in choose(game, ctx, hand, n, "discard", f"choose {n} card(s) to discard", player=player):
            assert isinstance(c, int)
            game.move(c, Zone.RESOURCES, reason="discard")


@handles(Load)
def load(game: Game, ctx: EffectContext, proc: Load) -> None:
    """4.1: "carregue <cards> em <onto>": the cards (or any of the alternatives) of the owner of what they are
    loaded onto, from where they are; a character to load onto that leaves a choice is chosen (introduced:
    "aquele personagem")."""
    sels = [proc.cards, *proc.alternatives]
    pool: list[Thing] = []
    for s in sels:
        if s.ref is not None:            # "carregue este card ...": from where it is (or the zone it names)
            pool.extend(c for c in resolve(game, ctx, s) if isinstance(c, int) and c not in pool
                        and (not s.zone or str(game.state.location(c)[0]) == s.zone))
        else:
            pool.extend(c for c in candidates(game, ctx, s) if c not in pool)
    onto_sel = proc.onto
    # "em um personagem que você controla": the controller chooses one (introduced: "aquele personagem")
    onto: list[CardId] = [t for t in (select(game, ctx, onto_sel, "target", f"{proc.text}: load onto which?")
                                      if onto_sel.ref is None and not onto_sel.every else resolve(game, ctx, onto_sel))
                          if isinstance(t, int)]
    if proc.introduces:
        ctx.slots[proc.introduces] = list(onto[:1])
    if not onto or onto[0] not in game.state.scene:
        game.emit("skipped", text=proc.text, reason="nothing to load onto")
        return
    owner = game.state.owner[onto[0]]
    pool = [c for c in pool if isinstance(c, int) and game.state.owner[c] == owner]
    n = quantity(game, ctx, sels[0].count)
    for c in choose(game, ctx, pool, n, "load", f"{proc.text}: choose the card(s) to load"):
        assert isinstance(c, int)
        game.load(c, onto[0])


@handles(Unload)
def unload(game: Game, ctx: EffectContext, proc: Unload) -> None:
    """4.1: "descarregue <cards>" (those still carried), or "descarregue N cards de <frm>" (chosen by ``who``;
    not where a static prevents unloading by this effect)."""
    if proc.cards is not None:
        for c in resolve(game, ctx, proc.cards):
            if isinstance(c, int) and host(game, c) is not None:
                game.unload(c)
        return
    assert proc.frm is not None
    bases = [t for t in select(game, ctx, proc.frm, "target", f"{proc.text}: from which?") if isinstance(t, int)]
    deciders = players(game, ctx, proc.who)
    n = quantity(game, ctx, proc.amount)
    for b in bases:
        if b not in game.state.scene:
            continue
        if unload_prevented(game, ctx, b):
            game.emit("prevented", text=proc.text, card=b, reason="an effect prevents unloading")
            continue
        chooser = deciders[0] if deciders else ctx.controller
        carried: list[Thing] = list(game.state.scene[b].carried)
        for c in choose(game, ctx, carried, n, "unload", f"{proc.text}: choose from {game.name(b)}", player=chooser):
            if isinstance(c, int) and b in game.state.scene and c in game.state.scene[b].carried:
                game.unload(c)


@handles(Move)
def move(game: Game, ctx: EffectContext, proc: Move) -> None:
    """"coloque ... em / no topo de / na base de ...", "separe ...", "devolva aqueles cards ..." (``from_zone``:
    only those still there); a selector leaving a choice is chosen by the controller; ``any_order``: the
    controller orders the cards (the first chosen ends on top); what moved is introduced."""
    to = proc.to
    cards = [c for c in select(game, ctx, proc.cards, "move", f"{proc.text}: which?") if isinstance(c, int)]
    if proc.from_zone:
        cards = [c for c in cards if c in game.state.players[game.state.owner[c]].pile(_ZONES[proc.from_zone])]
    if proc.any_order and len(cards) > 1:
        order = game.decide(Decision(ctx.controller, "order", f"{proc.text}: in which order? (first = top)",
                                     names(game, cards), len(cards), len(cards), ordered=True))
        cards = [cards[i] for i in order]
    if to == "deck_top":
        cards.reverse()                     # each goes on top of the one before: the first ends on top
    for c in cards:
        carrier = host(game, c)
        if proc.unload_first and c in game.state.scene:
            # "descarregar os cards deste personagem e colocar este personagem em seus recursos" (Metamorfo): its
            # cards are unloaded, then it moves -- it never stands empty in the scene, so it is not knocked out
            for carried in list(game.state.scene[c].carried):
                game.move(carried, Zone.RESOURCES, reason="unload")
                game.emit("unload", card=carried, frm=c)
        game.move(c, _ZONES[to], bottom=to == "deck_bottom", reason=proc.text[:40])
        if carrier is not None:
            game.check_empty(carrier)
    if proc.introduces:
        ctx.slots[proc.introduces] = list(reversed(cards) if to == "deck_top" else cards)


@handles(PutInScene)
def put_in_scene(game: Game, ctx: EffectContext, proc: PutInScene) -> None:
    """"coloque em cena um card de personagem de sua mão ..." (Metamorfo): one such card the controller chooses,
    placed by the normal rules (4.4.2.1: A.1 its initial energy loaded from the resources, cards the controller
    chooses; A.4 the alter ego / name uniqueness, with the scene's statics), entering the scene (4.4.2.2)."""
    player = ctx.controller
    resources = game.state.players[player].resources

    def placeable(c: CardId) -> bool:
        energy = int(attr(game, c, "initial_energy") or 0)
        return len([r for r in resources if r != c]) >= energy and placement_allowed(game, player, c)

    options: list[Thing] = [c for c in candidates(game, ctx, proc.cards) if placeable(c)]
    picked = choose(game, ctx, options, 1, "put_in_scene", f"{proc.text}: which card?")
    for c in picked:
        if not isinstance(c, int):
            continue
        pool: list[Thing] = [r for r in resources if r != c]
        n = int(attr(game, c, "initial_energy") or 0)
        loaded = [x for x in choose(game, ctx, pool, n, "load", f"load {n} card(s) onto {game.name(c)}")
                  if isinstance(x, int)]
        game.enter_scene(c, player, loaded)
        for x in loaded:
            game.emit("load", card=x, onto=c, frm="resources", entering=True)
        if proc.introduces:
            ctx.slots[proc.introduces] = [c]
    ctx.last_optional_done = bool(picked)


@handles(Search)
def search(game: Game, ctx: EffectContext, proc: Search) -> None:
    """"procure em <zones> por <cards>": the controller chooses among the matching cards of those zones (what was
    found fills ``introduces``), unless an effect prevents it (8 B) or replaces it (5.5: the search does not
    happen, nothing it would trigger is triggered; the replacing procedures run instead)."""
    sel = proc.cards
    zones = proc.zones or ("deck",)
    n = quantity(game, ctx, sel.count)
    if search_prevented(game, ctx.controller, zones):
        ctx.last_optional_done = False
        game.emit("prevented", text=proc.text, player=ctx.controller, reason="an effect prevents searching (8 B)")
        return
    found_rep = replacement_for(game, "search", Player(ctx.controller), zones)
    if found_rep is not None:
        rep, sctx = found_rep
        ctx.last_optional_done = False
        if proc.introduces:
            ctx.slots[proc.introduces] = []
        game.emit("replaced", text=proc.text, by=rep.text, source=sctx.source, player=ctx.controller)
        rctx = replacing_context(rep, sctx, Player(ctx.controller), n)
        for q in rep.instead:
            run(game, rctx, q)
        return
    pool: list[Thing] = []
    for zone in zones:
        pool.extend(candidates(game, ctx, Selector(kind=sel.kind, filters=sel.filters, zone=str(zone))))
    found = choose(game, ctx, pool, n, "search", f"{proc.text}: choose") if pool else []
    if proc.introduces:
        ctx.slots[proc.introduces] = list(found)
    ctx.last_optional_done = bool(found)
    game.emit("search", player=ctx.controller, found=list(found), zones=list(zones))


@handles(Reveal)
def reveal(game: Game, ctx: EffectContext, proc: Reveal) -> None:
    """"revele aquele card"; ``any_number`` ("qualquer número daqueles cards"): the controller picks which."""
    cards = [c for c in resolve(game, ctx, proc.cards) if isinstance(c, int)]
    if proc.any_number and cards:
        cards = [c for c in choose(game, ctx, cards, len(cards), "reveal", f"{proc.text}: which?", minimum=0)
                 if isinstance(c, int)]
    if cards or not proc.any_number:
        game.emit("reveal", cards=cards, player=ctx.controller)


@handles(Look)
def look(game: Game, ctx: EffectContext, proc: Look) -> None:
    """"olhe-os": the controller looks at the cards (hidden information: logged for the trace only)."""
    cards = resolve(game, ctx, proc.cards)
    game.emit("look", cards=[c for c in cards if isinstance(c, int)], player=ctx.controller)


@handles(Shuffle)
def shuffle(game: Game, ctx: EffectContext, proc: Shuffle) -> None:
    """"embaralhe o seu deck"."""
    for player in players(game, ctx, proc.who):
        game.shuffle(player)
