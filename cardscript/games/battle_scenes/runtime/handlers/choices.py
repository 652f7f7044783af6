"""Choosing (principle 8): things, or a characteristic's value (a power, a card type, an affiliation).

What was chosen fills the procedure's ``introduces`` slot -- a chosen value as a
:class:`~cardscript.games.battle_scenes.runtime.selectors.Trait`, read by "com o poder escolhido" (``Filter(..,
"chosen", <slot>)``) and
"aquele poder" (``Lose.powers_of``) --; a ``card:N`` slot chosen by a permanent text is also remembered by its card
for its other texts ("o personagem escolhido": ``GameState.chosen``), and the chosen are marked when the choice
marks them ("potencializado" this turn, glossary).
"""

from __future__ import annotations

from dataclasses import replace

from cardscript.compiler.ir import Choose, ChooseOption, Ref
from cardscript.compiler.vocabulary import Power, fold_key
from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime import characteristics, derived
from cardscript.games.battle_scenes.runtime.conditions import check_condition
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.handlers import handles
from cardscript.games.battle_scenes.runtime.selectors import (
    EffectContext,
    Thing,
    Trait,
    names,
    players,
    quantity,
    resolve,
    select,
)
from cardscript.games.battle_scenes.runtime.selectors import choose as pick
from cardscript.games.battle_scenes.runtime.state import placed

CARD_TYPES = ("Personagem", "Suporte", "Cenário", "Habilidade")       # rules 2: the card types


def _values(game: Game, ctx: EffectContext, proc: Choose) -> list[str]:
    """The values that may be chosen: those ``among`` has (its things' powers / card types / affiliations now), else
    every one of the match's cards, less ``excluding``."""
    attr = proc.characteristic
    skip = {fold_key(x) for x in proc.excluding}
    if proc.among is not None:
        from cardscript.games.battle_scenes.runtime.statics import powers_now

        found: list[str] = []
        for t in resolve(game, ctx, proc.among):
            if isinstance(t, Trait):
                have = [t.value]
            elif not isinstance(t, int):
                continue
            elif attr == "power":                  # an ability card's power is its printed icon (rules 2)
                printed = getattr(game.cards.get(t), "power", None) if t not in game.state.scene else None
                have = sorted(powers_now(game, t, 0)) or ([str(printed)] if printed else [])
            elif attr == "card_type":
                have = [str(getattr(game.cards.get(t), "card_type", "") or "")]
            else:
                have = sorted(characteristics.traits(game, t, attr))
            found += [v for v in have if v and v not in found]
    elif attr == "name":
        found = _names_to_name(game, proc)
    elif attr == "card_type":
        found = list(CARD_TYPES)
    elif attr == "power":                          # "escolha um poder": any of the 13 powers (rules 2.1), not only
        found = sorted((p.code for p in Power), key=fold_key)   # those printed on the match's characters
    else:
        field = {"power": "powers", "affiliation": "affiliations", "alignment": "alignments"}.get(attr, attr)
        found = sorted({str(v) for d in game.cards.values() for v in (getattr(d, field, None) or ())}, key=fold_key)
    return [v for v in found if fold_key(v) not in skip]


def _names_to_name(game: Game, proc: Choose) -> list[str]:
    """"nomeie um card [de suporte]" / "nomeie uma ação": the names of the match's cards of that card type, or of
    their actions (the names a player can name that the engine knows)."""
    from cardscript.compiler.ir import Kind

    what = proc.what
    if what is not None and what.kind is Kind.ACTION:
        found = {d.action.name for d in game.cards.values() if getattr(d, "action", None) is not None}
    else:
        types = {str(f.value) for f in (what.filters if what is not None else ()) if f.field == "card_type"}
        found = {d.name for d in game.cards.values() if not types or d.card_type in types}
    return sorted((n for n in found if n), key=fold_key)


def _choose_value(game: Game, ctx: EffectContext, proc: Choose, player: int) -> None:
    """"escolha um poder [que aquele personagem tenha]", "escolha um tipo de card", "escolha uma afiliação": the
    value chosen fills ``introduces`` (a Trait); an affiliation chosen by a permanent text is also remembered by its
    card (``characteristics.choose_trait``: "a afiliação escolhida", Soprano V1)."""
    attr = proc.characteristic
    if attr == "affiliation" and proc.among is None and player == ctx.controller:
        named = characteristics.choose_trait(game, ctx, attr, proc.excluding, f"{proc.text}: choose")
    else:
        options = _values(game, ctx, proc)
        named = None
        if options:
            (pick,) = game.decide(Decision(player, f"choose_{attr}", f"{proc.text}: choose", tuple(options)))
            named = options[pick]
    if proc.introduces:
        ctx.write(proc.introduces, [Trait(attr, named)] if named is not None else [])
    if named is not None and not ctx.from_action and ctx.source is not None:
        # a permanent text's choice ("Quando este personagem entrar em cena, escolha um poder"): its card remembers
        game.state.chosen_traits.setdefault(ctx.source, {})[attr.rstrip("s")] = named   # it for its other texts
        derived.edited(game)
    ctx.last_optional_done = named is not None
    game.emit("chosen", things=[named] if named else [], player=player, characteristic=attr)


@handles(Choose)
def choose(game: Game, ctx: EffectContext, proc: Choose) -> None:
    """"<who> escolhe <what>": that player (``who``, else the controller; or the selector's ``chooser``) chooses among
    what the selector stands for, or a characteristic's value (``characteristic``)."""
    chooser = players(game, ctx, proc.who)[:1] if proc.who is not None else []
    player = chooser[0] if chooser else ctx.controller
    if proc.characteristic:
        _choose_value(game, ctx, proc, player)
        return
    assert proc.what is not None
    what = proc.what
    if proc.who is not None and what.chooser is None:
        what = replace(what, chooser=proc.who)
    need = _cards_taken_later(game, ctx, proc)
    if need and what.ref is None and not what.every and not (what.same or what.different or what.random
                                                              or what.count.any_number):
        things = [t for t in resolve(game, ctx, what)
                  if isinstance(t, int) and t in game.state.scene and len(game.state.scene[t].carried) >= need]
        chosen: list[Thing] = pick(game, ctx, things, quantity(game, ctx, what.count), "choose",
                                   f"{proc.text}: choose", player=player, minimum=0 if what.count.up_to else None)
    else:
        chosen = select(game, ctx, what, "choose", f"{proc.text}: choose")
    if proc.introduces:
        ctx.write(proc.introduces, chosen)
        if not ctx.from_action and ctx.source is not None and proc.introduces.startswith("card:"):
            # "o personagem escolhido" of a permanent text: the card remembers it for its other texts
            game.state.chosen.setdefault(ctx.source, {})[proc.introduces] = [t for t in chosen if isinstance(t, int)]
            derived.edited(game)
            placed()                                # what the texts chose: part of the placement (state.PLACEMENTS)
            game.state.chosen_left.get(ctx.source, {}).pop(proc.introduces, None)   # a new choice replaces it
    ctx.last_optional_done = bool(chosen)
    for verb in proc.marks:                                     # chosen for a Potencializar effect: it is
        for t in chosen:                                        # "potencializado" this turn (glossary)
            if isinstance(t, int):
                game.state.this_turn.marked.append((verb, t))
                derived.edited(game)
    game.emit("chosen", things=list(names(game, chosen)), player=player)


def _cards_taken_later(game: Game, ctx: EffectContext, proc: Choose) -> int:
    """How many of its carried cards the rest of the effect chooses from the character or support ``proc`` chooses
    ("escolha um card carregado por um personagem em cena e coloque aquele card ...; então escolha outro card
    carregado por aquele mesmo personagem e ..."): the effect's later choices among "cards carried by" the one
    chosen -- each excluding the ones before ("outro card") adds up. The choice is among those carrying that many: a
    choice the effect cannot follow through with is not one it allows (4.6.2 I, as the official ruling of such an
    action settles). 0: no later choice takes its cards."""
    if not proc.introduces:
        return 0
    later = ctx.memory.get("later_steps", ())
    takes = [q.what for q in (later if isinstance(later, tuple) else ()) if isinstance(q, Choose)
             and q.what is not None and q.what.zone == "carried" and q.what.of is not None
             and q.what.of.ref is Ref.SLOT and q.what.of.slot == proc.introduces]
    if not takes:
        return 0
    counts = [quantity(game, ctx, w.count) for w in takes]
    distinct = all(w.excluding is not None for w in takes[1:])
    return sum(counts) if distinct else max(counts)


@handles(ChooseOption)
def choose_option(game: Game, ctx: EffectContext, proc: ChooseOption) -> None:
    """"A ou B" in an effect that is not an action (4.6.2 B read for any effect): ``who`` -- else the controller --
    chooses one option among those whose guard holds now; the options' procedures after this one run only for the
    option chosen (``Condition("option")``). "Se o fizer" after the choice is about the option's own "pode": an
    option with none leaves it not done."""
    chooser = players(game, ctx, proc.who)[:1] if proc.who is not None else []
    player = chooser[0] if chooser else ctx.controller
    open_ = [i for i, g in enumerate(proc.guards or (None,) * len(proc.options))
             if g is None or check_condition(game, ctx, g)]
    picked = -1
    if len(open_) == 1:
        picked = open_[0]
    elif open_:
        (k,) = game.decide(Decision(player, "mode", f"{proc.text}: which option?",
                                    tuple(proc.options[i] for i in open_)))
        picked = open_[k]
    ctx.memory.setdefault("options", {})[proc.introduces] = picked
    ctx.last_optional_done = False
    game.emit("chosen", things=[proc.options[picked]] if picked >= 0 else [], player=player)
