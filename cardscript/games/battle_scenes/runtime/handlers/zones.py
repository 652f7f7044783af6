"""Cards changing place (rules 3, 4.1, 4.2, 4.4): drawing, discarding, loading, unloading, moving between areas,
putting into the scene, searching (5.5: a search can be replaced), revealing, looking, shuffling.

What a procedure moved, loaded onto, found or revealed fills its ``introduces`` slot ("aquele card", "aquele
personagem"); ``Swap`` exchanges two cards' places (glossary "Permutar").
"""

from __future__ import annotations

import copy
from dataclasses import replace

from cardscript.compiler.ir import (
    Discard,
    Draw,
    KeepAside,
    Load,
    Look,
    Move,
    PutInScene,
    Quantity,
    Ref,
    Reveal,
    Search,
    Selector,
    Shuffle,
    Swap,
    Unload,
)
from cardscript.compiler.vocabulary import fold_key
from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.handlers import handles, run
from cardscript.games.battle_scenes.runtime.queries import (
    placement_allowed,
    put_in_scene_prevented,
    replacement_for,
    replacing_context,
    search_prevented,
    unload_prevented,
)
from cardscript.games.battle_scenes.runtime.selectors import (
    EffectContext,
    Player,
    Thing,
    attr,
    candidates,
    check_condition,
    choose,
    choose_different,
    host,
    matches,
    names,
    players,
    quantity,
    resolve,
    select,
)
from cardscript.games.battle_scenes.runtime.state import CardId, Zone

_ZONES = {"hand": Zone.HAND, "resources": Zone.RESOURCES, "deck_top": Zone.DECK, "deck_bottom": Zone.DECK,
          "deck": Zone.DECK, "prizes": Zone.PRIZES, "set_aside": Zone.SET_ASIDE}


def _still_in(game: Game, card: CardId, zone: str) -> bool:
    """``Move.from_zone``: is the card still in that area ("deck_top"/"deck_bottom": the deck; "scene": a base card
    or the scenario)?"""
    try:
        where, _ = game.state.location(card)
    except KeyError:
        return False
    if zone == "scene":
        return where in (Zone.SCENE, Zone.SCENARIO)
    return str(where) == str(_ZONES.get(zone, zone))


@handles(Draw)
def draw(game: Game, ctx: EffectContext, proc: Draw) -> None:
    """4.2: each player named draws N cards (``each_player``: N counted for each of them, "ele" being that one)."""
    n = quantity(game, ctx, proc.amount)
    for player in players(game, ctx, proc.who):
        if proc.each_player:
            ctx.write("each:player", [Player(player)])
            n = quantity(game, ctx, proc.amount)
        game.draw(player, n)


@handles(Discard)
def discard(game: Game, ctx: EffectContext, proc: Discard) -> None:
    """"descarte N cards": each player named chooses N cards of the hand, which go to the resources. With
    ``alternatives`` ("um card de cenário ou dois outros cards") the player first chooses which of them to discard,
    among those the hand can fully give (4.1)."""
    discarded: list[CardId] = []
    for player in players(game, ctx, proc.who):
        cards, amount = _alternative(game, ctx, proc, player)
        n = quantity(game, ctx, amount)
        wanted = Selector(kind=cards.kind, also=cards.also, filters=cards.filters)
        # only the cards the text describes ("um card de personagem com o mesmo alter ego do alvo")
        hand: list[Thing] = [c for c in game.state.players[player].hand if matches(game, ctx, c, wanted)]
        if proc.cards.ref is not None:                 # "descarta o card escolhido": that card, if in the hand
            named = resolve(game, ctx, proc.cards)
            hand = [c for c in game.state.players[player].hand if c in named]
        if _x_to_choose(ctx, proc):                    # "você pode ... descartar X cards": X is how many
            picked = choose(game, ctx, hand, len(hand), "discard", "choose X card(s) to discard", player=player,
                            minimum=0)
            ctx.x = len(picked)
        else:
            picked = choose(game, ctx, hand, n, "discard", f"choose {n} card(s) to discard", player=player)
        for c in picked:
            assert isinstance(c, int)
            game.move(c, Zone.RESOURCES, reason="discard")
            discarded.append(c)
    if proc.introduces:
        ctx.write(proc.introduces, list(discarded))
    if proc.optional:                  # "você pode descartar ... Se o fizer": done only if a card was discarded
        ctx.last_optional_done = bool(discarded)


def _alternative(game: Game, ctx: EffectContext, proc: Discard, player: int) -> tuple[Selector, Quantity]:
    """Which cards ``player`` discards: ``proc.cards`` (``amount`` of them), or -- with ``alternatives`` -- the one
    the player chooses among those whose number of cards the hand holds (none holding enough: the first)."""
    if not proc.alternatives:
        return proc.cards, proc.amount
    options = [(proc.cards, proc.amount), *((alt, alt.count) for alt in proc.alternatives)]
    hand = game.state.players[player].hand

    def enough(sel: Selector, amount: Quantity) -> bool:
        wanted = Selector(kind=sel.kind, also=sel.also, filters=sel.filters)
        return sum(1 for c in hand if matches(game, ctx, c, wanted)) >= quantity(game, ctx, amount)

    open_ = [o for o in options if enough(*o)] or options[:1]
    if len(open_) == 1:
        return open_[0]
    (k,) = game.decide(Decision(player, "mode", f"{proc.text}: which to discard?",
                                tuple(sel.text or f"option {i + 1}" for i, (sel, _) in enumerate(open_))))
    return open_[k]


def _x_to_choose(ctx: EffectContext, proc: Discard) -> bool:
    """4.6.1: an X no definition counts and no cost has fixed, first met in what the player may do ("você pode
    ... descartar X cards"): the player chooses it by discarding that many cards; later uses read that X."""
    q = proc.amount
    return q is not None and q.x_times == 1 and q.fixed == 0 and q.x is None and ctx.x is None


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
        elif s.union:                    # "um dos cards revelados [de habilidade]": of that pool, its filters
            bare = replace(s, union=())
            pool.extend(c for c in resolve(game, ctx, s) if isinstance(c, int) and c not in pool
                        and matches(game, ctx, c, bare))
        else:
            pool.extend(c for c in candidates(game, ctx, s) if c not in pool)
    onto_sel = proc.onto
    # "em um personagem que você controla": the controller chooses one (introduced: "aquele personagem")
    onto: list[CardId] = [t for t in (select(game, ctx, onto_sel, "target", f"{proc.text}: load onto which?")
                                      if onto_sel.ref is None and not onto_sel.every else resolve(game, ctx, onto_sel))
                          if isinstance(t, int)]
    if proc.introduces:
        ctx.write(proc.introduces, list(onto[:1]))
    if not onto or onto[0] not in game.state.scene:
        game.emit("skipped", text=proc.text, reason="nothing to load onto")
        return
    owner = game.state.owner[onto[0]]
    pool = [c for c in pool if isinstance(c, int) and game.state.owner[c] == owner]
    count = sels[0].count
    # "todos os cards ...": all of them; "qualquer número de cards": as many as the player wants, none to all;
    # "até N cards": at most N
    n = len(pool) if sels[0].every or count.any_number else quantity(game, ctx, count)
    least = 0 if count.any_number or count.up_to else None
    if proc.until is not None:           # "até ele estar carregando N cards": what it lacks to carry N (4.1)
        n = min(n, max(0, quantity(game, ctx, proc.until) - len(game.state.scene[onto[0]].carried)))
        least = None
    loaded: list[Thing] = []
    for c in choose(game, ctx, pool, n, "load", f"{proc.text}: choose the card(s) to load", minimum=least):
        assert isinstance(c, int)
        game.load(c, onto[0])
        loaded.append(c)
    if proc.loaded:                      # "... descarregue aquele mesmo número de cards": as many as were loaded
        ctx.write(proc.loaded, loaded)


def settle_emptied(game: Game, ctx: EffectContext) -> None:
    """After each procedure: a base left empty for a later move (:func:`_moved_later`) that no later procedure of
    the effect moves any more (it moved, or the effect went another way) is knocked out / destroyed now (4.7)."""
    deferred = ctx.memory.get("deferred_empty")
    if not isinstance(deferred, list) or not deferred:
        return
    leaving = _moved_later(game, ctx)
    for base in list(deferred):
        if base not in game.state.scene or base not in leaving:
            deferred.remove(base)
            game.check_empty(base)


def _moved_later(game: Game, ctx: EffectContext) -> set[CardId]:
    """The cards in the scene a later procedure of the same effect moves away: "descarregue os cards deste
    personagem e coloque-o em seus recursos" -- the effect itself moves it, so it is not knocked out (4.7)."""
    later = ctx.memory.get("later_steps", ())
    out: set[CardId] = set()
    for step in later if isinstance(later, tuple) else ():
        if isinstance(step, Move) and step.cards is not None and (step.cards.ref is not None or step.cards.every):
            out.update(c for c in resolve(game, ctx, step.cards) if isinstance(c, int) and c in game.state.scene)
    return out


def _unloaded(game: Game, ctx: EffectContext, proc: Unload, cards: Selector) -> list[Thing]:
    """The cards "descarregue <cards>" names: these very cards, or -- "descarregue um card de habilidade deste
    personagem", "até dois cards carregados por personagens" -- ``count`` of the candidates, chosen by ``who``."""
    if cards.ref is not None or cards.every:
        return resolve(game, ctx, cards)
    deciders = players(game, ctx, proc.who)
    return choose(game, ctx, resolve(game, ctx, cards), quantity(game, ctx, cards.count), "unload",
                  f"{proc.text}: choose", player=deciders[0] if deciders else ctx.controller,
                  minimum=0 if cards.count.up_to else None)


@handles(Unload)
def unload(game: Game, ctx: EffectContext, proc: Unload) -> None:
    """4.1: "descarregue <cards>" (those still carried), or "descarregue N cards de <frm>" (chosen by ``who``;
    not where a static prevents unloading by this effect)."""
    done: list[Thing] = []
    if proc.cards is not None:
        leaving = _moved_later(game, ctx)
        for c in _unloaded(game, ctx, proc, proc.cards):
            base = host(game, c) if isinstance(c, int) else None
            if isinstance(c, int) and base is not None:
                _remember_carried(ctx, base, c)
                if not _unloaded_elsewhere(game, ctx, proc, c, base, check=base not in leaving):
                    game.unload(c, check=base not in leaving, by=ctx.controller)
                done.append(c)
                if base in leaving:
                    deferred = ctx.memory.setdefault("deferred_empty", [])
                    if isinstance(deferred, list) and base not in deferred:
                        deferred.append(base)
        if proc.unloaded:
            ctx.write(proc.unloaded, done)
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
                _remember_carried(ctx, b, c)
                if not _unloaded_elsewhere(game, ctx, proc, c, b):
                    game.unload(c, by=ctx.controller)
                done.append(c)
    if proc.unloaded:
        ctx.write(proc.unloaded, done)


def _unloaded_elsewhere(game: Game, ctx: EffectContext, proc: Unload, card: CardId, base: CardId,
                        check: bool = True) -> bool:
    """5.5: "coloque aquele card em sua mão ao invés de colocá-lo em seus recursos" -- the card unloaded goes to
    ``instead_to`` of its owner when ``instead_if`` holds of it (read in the ``unloaded`` slot), not to the resources
    (4.1): it is still unloaded from ``base`` (which, left empty, is knocked out / destroyed, 4.7), but it is not put
    in the resources. False when the usual unloading applies."""
    if not proc.instead_to:
        return False
    if proc.instead_if is not None:
        probe = copy.copy(ctx)
        probe.slots = {**ctx.slots, proc.unloaded: [card]}
        if not check_condition(game, probe, proc.instead_if):
            return False
    to = _ZONES[proc.instead_to]
    game.move(card, to, bottom=proc.instead_to == "deck_bottom", reason="unload")
    game.emit("unload", card=card, frm=base, by=ctx.controller, to=str(to))
    if check:
        game.check_empty(base)
    return True


def knockout_elsewhere(game: Game, card: CardId) -> bool:
    """5.5 / 4.7: "Quando X for nocauteado, ... coloque o personagem nocauteado nos recursos de seu dono ao invés de
    nos prêmios de seus oponentes ...": a replacement working now for this character (its condition holding) runs
    its procedures instead of the character going to the prizes; True when the character left the scene so."""
    found = replacement_for(game, "knock_out", card)
    if found is None:
        return False
    rep, sctx = found
    rctx = replacing_context(rep, sctx, card, 0)
    if rep.condition is not None and not check_condition(game, rctx, rep.condition):
        return False
    game.emit("replaced", text="knocked out: to the prizes (4.7)", by=rep.text, source=sctx.source, card=card)
    for p in rep.instead:
        run(game, rctx, p)
    return card not in game.state.scene


def _remember_carried(ctx: EffectContext, base: CardId, card: CardId) -> None:
    """What this effect unloaded from each base, in order: "os cards que aquele personagem estava carregando"
    (``carried_before``) reads it after the unloading."""
    before = ctx.memory.setdefault("carried_before", {})
    if isinstance(before, dict):
        before.setdefault(base, []).append(card)


_PLACE_NAMES = {"deck_top": "the top of the deck", "deck_bottom": "the bottom of the deck",
                "resources": "the resources", "hand": "the hand", "prizes": "the prizes", "deck": "the deck"}


@handles(Move)
def move(game: Game, ctx: EffectContext, proc: Move) -> None:
    """"coloque ... em / no topo de / na base de ...", "separe ...", "devolva aqueles cards ..." (``from_zone``:
    only those still there); a selector leaving a choice is chosen by the controller; ``any_order``: the
    controller orders the cards (the first chosen ends on top); what moved is introduced."""
    to = proc.to
    cards = [c for c in select(game, ctx, proc.cards, "move", f"{proc.text}: which?") if isinstance(c, int)]
    if proc.or_to and cards:                # "... de volta no topo de seu deck ou em seus recursos": the choice
        places = (to, *proc.or_to)
        (pick,) = game.decide(Decision(ctx.controller, "choose", f"{proc.text}: where?",
                                       tuple(_PLACE_NAMES.get(p, p) for p in places)))
        to = places[pick]
    if proc.from_zone:
        cards = [c for c in cards if _still_in(game, c, proc.from_zone)]
    if proc.any_order and len(cards) > 1:
        orderer = (players(game, ctx, proc.orderer) or [ctx.controller])[0] if proc.orderer else ctx.controller
        order = game.decide(Decision(orderer, "order", f"{proc.text}: in which order? (first = top)",
                                     names(game, cards), len(cards), len(cards), ordered=True))
        cards = [cards[i] for i in order]
    if to == "deck_top":
        cards.reverse()                     # each goes on top of the one before: the first ends on top
    # 4.7: "o alvo e os cards que ele estiver carregando": a base this procedure moves goes with the cards of it the
    # procedure names -- those move first (to the same place, not unloaded), and it is not knocked out meanwhile
    leaving = {c for c in cards if c in game.state.scene}
    cards.sort(key=lambda c: host(game, c) not in leaving)
    for c in cards:
        carrier = host(game, c)
        if c in game.state.scene:
            # "descarregar os cards deste personagem e colocar este personagem em seus recursos" (Metamorfo): its
            # cards are unloaded, then it moves -- it never stands empty in the scene, so it is not knocked out
            for carried in list(game.state.scene[c].carried):        # (a base never leaves the scene carrying)
                _remember_carried(ctx, c, carried)
                game.move(carried, Zone.RESOURCES, reason="unload")
                game.emit("unload", card=carried, frm=c, by=ctx.controller)
        # its owner's (golden rule D, whatever ``to_owner`` says); paying an action's extra cost, that cost's
        game.move(c, _ZONES[to], bottom=to == "deck_bottom", reason=proc.text[:40],
                  cost=str(ctx.memory.get("paying_cost") or ""))
        if carrier is not None and carrier not in leaving:
            game.check_empty(carrier)
    if proc.shuffle_in:                     # "embaralhe-o no deck de seu dono": into the deck, then shuffled
        for owner in sorted({game.state.owner[c] for c in cards}):
            game.shuffle(owner)
    if proc.introduces:
        ctx.write(proc.introduces, list(reversed(cards) if to == "deck_top" else cards))


# "como se ele tivesse <keyword>": the rule of the keyword for this placing (rules 7, Materializar: "carregando cards
# do topo de seu deck ao invés de cards de seus recursos")
AS_IF_LOAD_FROM = {"materializar": "deck_top"}


def use_identity_permission(game: Game, player: int, card: CardId) -> None:
    """4.4.2.1 A.3 (the effects checked: after A.1 counted the resources, before 4.4.2.2 A.3 loads the cards): a
    character placed though ``player`` controls one of its alter ego or name uses a permission that lifts A.4b
    (``Allow`` scene_identity, golden rule 8 A) -- the player's pick when several would (their "Se o fizer" differ);
    one that the rules did not need ("você pode") is used only if the player says so. "Se o fizer, ..."
    (``Allow.then``) then happens in the permission's context, the placed card in its slot: "coloque este card na
    base de seu deck" leaves the resources before the loading, which takes what is left (4.4.2.2 A.3)."""
    from cardscript.games.battle_scenes.runtime import rules

    permissions = rules.identity_permissions(game, player, card)
    if not permissions:
        return
    needed = not rules.allowed_by_identity_rules(game, player, card)
    if not needed:
        permissions = [x for x in permissions if x[1].then]
        if not permissions:
            return
    if len(permissions) == 1 and not needed:
        src, allow, sctx = permissions[0]
        if game.decide(Decision(player, "optional", f"{allow.text or game.name(src)}: put {game.name(card)} in the "
                                "scene by this permission?", ("yes", "no"))) != (0,):
            return
    elif len(permissions) > 1 or not needed:
        labels = tuple(f"{game.name(src)}: {allow.text}" for src, allow, _ in permissions)
        extra = () if needed else ("none",)
        (k,) = game.decide(Decision(player, "choose", f"put {game.name(card)} in the scene by which permission?",
                                    (*labels, *extra)))
        if k >= len(permissions):
            return
        src, allow, sctx = permissions[k]
    else:
        src, allow, sctx = permissions[0]
    if not allow.then:
        return
    game.emit("permission", text=allow.text, source=src, player=player, card=card)
    ctx = copy.copy(sctx)
    ctx.slots = dict(sctx.slots)
    ctx.memory = {}
    if allow.introduces:
        ctx.write(allow.introduces, [card])
    for p in allow.then:
        run(game, ctx, p)


def _is_scenario(game: Game, card: CardId) -> bool:
    return str(attr(game, card, "card_type") or "") == "Cenário"


@handles(PutInScene)
def put_in_scene(game: Game, ctx: EffectContext, proc: PutInScene) -> None:
    """"coloque em cena um card de personagem de sua mão ..." (Metamorfo): one such card the controller chooses,
    placed by the normal rules (4.4.2.1: A.1 its initial energy loaded from the resources, cards the controller
    chooses; A.4 the alter ego / name uniqueness, with the scene's statics), entering the scene (4.4.2.2);
    ``as_if``: loaded as that keyword says (Materializar: from the top of the deck); ``loaded_with``: loaded with
    those cards instead ("com os cards que aquele personagem estava carregando")."""
    player = ctx.controller
    resources = game.state.players[player].resources
    load_from = AS_IF_LOAD_FROM.get(fold_key(proc.as_if), "resources") if proc.as_if else "resources"
    given = [c for c in resolve(game, ctx, proc.loaded_with) if isinstance(c, int)] \
        if proc.loaded_with is not None else None

    def pool_for(c: CardId) -> list[CardId]:
        if proc.loading is not None:        # "carregando até quatro cards de seus recursos"
            return [x for x in candidates(game, ctx, proc.loading) if isinstance(x, int) and x != c]
        if given is not None:
            return [x for x in given if x != c and game.state.owner[x] == game.state.owner[c]]
        if load_from == "deck_top":
            return [x for x in game.state.players[player].deck if x != c]
        return [r for r in resources if r != c]

    def placeable(c: CardId) -> bool:
        if game.state.location(c)[0] in (Zone.SCENE, Zone.CARRIED, Zone.SCENARIO):
            return False                    # already in the scene: it cannot be put there (4.4)
        if _is_scenario(game, c):           # a scenario enters with no cards (4.4.1), unless an effect says no
            return not put_in_scene_prevented(game, player, c)   # scenario may be put there (Regras de Ouro B)
        if _is_ev(game, c):                 # 4.4.2.1 A.1a, A.2a: its addition value, and a character to evolve from
            return len(pool_for(c)) >= int(attr(game, c, "addition_value") or 0) and bool(_bases(game, player, c))
        energy = int(attr(game, c, "initial_energy") or 0)
        return (given is not None or proc.loading is not None or len(pool_for(c)) >= energy) \
            and placement_allowed(game, player, c)

    named = proc.cards.ref is not None or bool(proc.cards.union)   # "escolha um card ... e coloque-o em cena"
    found = [c for c in resolve(game, ctx, proc.cards) if isinstance(c, int)] if named \
        else candidates(game, ctx, proc.cards)
    if named and not found and proc.cards.ref is Ref.THIS_CHARACTER and ctx.source is not None \
            and host(game, ctx.source) is None:     # "coloque este personagem em cena" said by a character card
        found = [ctx.source]                        # outside the scene (in the hand): that card itself
    options: list[Thing] = [c for c in found if placeable(c)]
    picked = choose(game, ctx, options, 1, "put_in_scene", f"{proc.text}: which card?")
    for c in picked:
        if not isinstance(c, int):
            continue
        if _is_scenario(game, c):           # "coloque em cena um card de cenário ...": the scene's scenario, the
            game.place_scenario(c, ctx.controller)   # effect's controller's (4.4.1 E), from whoever's area it came
            continue
        if _is_ev(game, c) and given is None and proc.loading is None:
            _evolve(game, ctx, c, pool_for(c), load_from)
            if proc.introduces:
                ctx.write(proc.introduces, [c])
            continue
        use_identity_permission(game, player, c)       # 4.4.2.1 A.4b lifted by a permission: its "Se o fizer"
        n = int(attr(game, c, "initial_energy") or 0)
        pool: list[Thing] = list(pool_for(c))
        if proc.loading is not None:        # as many as the text says, up to: chosen now, not its initial energy
            most = quantity(game, ctx, proc.loading.count)
            loaded = [x for x in choose(game, ctx, pool, most, "load", f"load up to {most} card(s) onto "
                                        f"{game.name(c)}", minimum=0) if isinstance(x, int)]
        elif given is not None:
            loaded = [x for x in pool if isinstance(x, int)]
        elif load_from == "deck_top":
            loaded = [x for x in pool[:n] if isinstance(x, int)]
        else:
            loaded = [x for x in choose(game, ctx, pool, n, "load", f"load {n} card(s) onto {game.name(c)}")
                      if isinstance(x, int)]
        game.enter_scene(c, player, loaded)
        for x in loaded:
            game.emit("load", card=x, onto=c, frm=load_from if given is None or proc.loading is not None
                      else "carried", entering=True)
        if proc.introduces:
            ctx.write(proc.introduces, [c])
    ctx.last_optional_done = bool(picked)


def _is_ev(game: Game, card: CardId) -> bool:
    return str(attr(game, card, "card_type") or "") == "Personagem-EV"


def _bases(game: Game, player: int, card: CardId) -> list[CardId]:
    """4.4.2.2 A.2a: the characters ``card`` (a Personagem-EV) may evolve from -- the engine's reading of its
    Evolução panel (none without an engine)."""
    engine = getattr(game, "engine", None)
    return [b.card for b in engine.evolution_bases(player, card)] if engine is not None else []


def _evolve(game: Game, ctx: EffectContext, card: CardId, pool: list[CardId], load_from: str) -> None:
    """An effect puts a Personagem-EV in the scene (4.4.2.1 A.1a, A.2a; 4.4.2.2): it evolves from a character its
    player chooses, loading its addition value (from the top of the deck, "como se ele tivesse Materializar", or
    chosen from the resources), the old base and what it carried beneath; it can act this turn (Prontidão)."""
    player = ctx.controller
    n = min(int(attr(game, card, "addition_value") or 0), len(pool))
    if load_from == "deck_top":
        loaded = pool[:n]
    else:
        loaded = [x for x in choose(game, ctx, pool, n, "load", f"load {n} card(s) onto {game.name(card)}")
                  if isinstance(x, int)]
    bases = _bases(game, player, card)
    (b,) = game.decide(Decision(player, "evolve", f"{game.name(card)} evolves from",
                                tuple(game.name(x) for x in bases)))
    old = game.state.scene[bases[b]]
    game.enter_scene(card, player, [*old.carried, *loaded, old.card])
    engine = getattr(game, "engine", None)
    if engine is not None:
        engine.ready.add(card)                       # 4.4.2.2 ATENÇÃO: Prontidão
    for x in loaded:
        game.emit("load", card=x, onto=card, frm=load_from, entering=True)


def _search_pool(game: Game, ctx: EffectContext, sel: Selector, zones: tuple[str, ...]) -> list[Thing]:
    """The cards of the searched areas that match what is searched for: one description, or any of several ("por
    um card de habilidade chamado X ou por um card de personagem chamado Y": ``union``), each with its kinds."""
    members = sel.union or (sel,)
    extra = sel.filters if sel.union else ()
    pool: list[Thing] = []
    for zone in zones:
        for m in members:
            wanted = Selector(kind=m.kind, also=m.also, filters=(*m.filters, *extra), zone=str(zone))
            pool.extend(t for t in candidates(game, ctx, wanted) if t not in pool)
    return pool


@handles(Search)
def search(game: Game, ctx: EffectContext, proc: Search) -> None:
    """"procure em <zones> por <cards>": the controller chooses among the matching cards of those zones (what was
    found fills ``introduces``), unless an effect prevents it (8 B) or replaces it (5.5: the search does not
    happen, nothing it would trigger is triggered; the replacing procedures run instead)."""
    sel = proc.cards
    zones = proc.zones or ("deck",)
    n = quantity(game, ctx, sel.count)
    searched = ctx.memory.setdefault("searched", [])      # "se tiver procurado ali" (conditions: ``searched``)
    searched += [z for z in zones if z not in searched]
    if search_prevented(game, ctx.controller, zones):
        ctx.last_optional_done = False
        game.emit("prevented", text=proc.text, player=ctx.controller, reason="an effect prevents searching (8 B)")
        return
    found_rep = replacement_for(game, "search", Player(ctx.controller), zones)
    if found_rep is not None:
        rep, sctx = found_rep
        ctx.last_optional_done = False
        if proc.introduces:
            ctx.write(proc.introduces, [])
        game.emit("replaced", text=proc.text, by=rep.text, source=sctx.source, player=ctx.controller)
        rctx = replacing_context(rep, sctx, Player(ctx.controller), n)
        for q in rep.instead:
            run(game, rctx, q)
        return
    pool = _search_pool(game, ctx, sel, zones)
    if sel.different:
        found = choose_different(game, ctx, pool, n, sel.different, "search", f"{proc.text}: choose",
                                 minimum=0 if sel.count.up_to else None)
    else:
        found = choose(game, ctx, pool, n, "search", f"{proc.text}: choose") if pool else []
    if proc.introduces:
        ctx.write(proc.introduces, list(found))
    ctx.last_optional_done = bool(found)
    game.emit("search", player=ctx.controller, found=list(found), zones=list(zones))


@handles(Reveal)
def reveal(game: Game, ctx: EffectContext, proc: Reveal) -> None:
    """"revele aquele card", "revele os 3 cards do topo de seu deck" (what was revealed fills ``introduces``);
    ``any_number`` ("qualquer número daqueles cards"): the revealing player (``who``, else the controller) picks."""
    player = (players(game, ctx, proc.who) or [ctx.controller])[0]
    cards = [c for c in select(game, ctx, proc.cards, "reveal", f"{proc.text}: which?") if isinstance(c, int)]
    if proc.any_number and cards:
        cards = [c for c in choose(game, ctx, cards, len(cards), "reveal", f"{proc.text}: which?", minimum=0,
                                   player=player) if isinstance(c, int)]
    if proc.introduces:
        ctx.write(proc.introduces, cards)
    if cards or not proc.any_number:                  # during an action's effect, the action that revealed them
        game.emit("reveal", cards=cards, player=player, **(game.acting or {}))   # (Clarividência, rules 7)


@handles(Look)
def look(game: Game, ctx: EffectContext, proc: Look) -> None:
    """"olhe-os": ``who`` (else the controller) looks at the cards (hidden information: logged for the trace
    only); what was looked at fills ``introduces``."""
    player = (players(game, ctx, proc.who) or [ctx.controller])[0]
    cards = [c for c in resolve(game, ctx, proc.cards) if isinstance(c, int)]
    if proc.introduces:
        ctx.write(proc.introduces, cards)
    game.emit("look", cards=cards, player=player)


def _exchangeable(game: Game, a: CardId, b: CardId) -> bool:
    """Can ``a`` and ``b`` exchange places without a base carrying another owner's card (golden rule D)?"""
    owner = game.state.owner
    za, ha = game.state.location(a)
    zb, hb = game.state.location(b)
    if za is Zone.CARRIED and zb is Zone.CARRIED:
        return ha is not None and hb is not None and owner[a] == owner[hb] and owner[b] == owner[ha]
    if Zone.CARRIED in (za, zb):
        return owner[a] == owner[b]
    return False


@handles(Swap)
def swap(game: Game, ctx: EffectContext, proc: Swap) -> None:
    """Glossary "Permutar" (4.1): the two cards exchange places -- neither is loaded nor unloaded, so nothing that
    loading or unloading triggers fires."""
    a = [c for c in select(game, ctx, proc.cards, "swap", f"{proc.text}: which?") if isinstance(c, int)]
    b = [c for c in select(game, ctx, proc.other, "swap", f"{proc.text}: for which?") if isinstance(c, int)]
    if not a or not b or a[0] == b[0]:
        ctx.last_optional_done = False
        game.emit("skipped", text=proc.text, reason="nothing to exchange")
        return
    if not _exchangeable(game, a[0], b[0]):
        ctx.last_optional_done = False        # golden rule D: a base carries its owner's cards only (rule C: the
        game.emit("skipped", text=proc.text, reason="a card would be carried by a base of another owner (8 D)")
        return                                # effect does what it can -- here, nothing)
    game.exchange(a[0], b[0])
    ctx.last_optional_done = True
    if proc.introduces:
        ctx.write(proc.introduces, [a[0], b[0]])


@handles(Shuffle)
def shuffle(game: Game, ctx: EffectContext, proc: Shuffle) -> None:
    """"embaralhe o seu deck"."""
    for player in players(game, ctx, proc.who):
        game.shuffle(player)


@handles(KeepAside)
def keep_aside(game: Game, ctx: EffectContext, proc: KeepAside) -> None:
    """"aqueles cards não serão colocados no topo de seu deck devido à Clarividência" (rules 7, Clarividência): the
    cards the action moved from the set-aside pile leave the slot of those the keyword set aside, which its end
    procedure returns to the top of the deck."""
    aside = ctx.slots.get(proc.slot, [])
    moved = [c for c in aside if isinstance(c, int) and game.state.location(c)[0] is not Zone.SET_ASIDE]
    ctx.slots[proc.slot] = [c for c in aside if c not in moved]
    game.emit("kept_aside", cards=moved)
