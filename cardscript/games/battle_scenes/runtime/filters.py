"""The one filter evaluator: does a thing -- a card, a player, an action -- pass a selector's filters?

A :class:`~cardscript.compiler.ir.Filter` is ``field`` ``op`` ``value``; the value is a word (several joined by
"/": one of them), a number, or a :class:`~cardscript.compiler.ir.Selector` for a relation to other things, read
in the effect's context ("com o mesmo nome que o personagem escolhido": ``name shares <slot>``).

Positive ops (``eq``, ``has``, ``has_any``, ``in``, ``shares``, ``chosen``, ``exactly``, ``ge``/``le``/``gt``/``lt``)
and their negations (``ne``, ``lacks``, ``lacks_all``, ``ne_all``, ``not_shares``). Words compare whole, accents
and case folded: "Vingadores" is not "Vingadores Sombrios".

Cards are read as they are now: powers printed, lent by a carried version (4.4.2.3 A.1.2) and gained by state
effects (5.7 A.2.1; ``depth`` > 0 for a static's own selectors, without the statics: ``statics.powers_now``),
alignments and affiliations with gains and losses (``characteristics``, 8 B.2), keywords unless lost (5.6, 5.8).
Actions (:class:`~cardscript.games.battle_scenes.runtime.selectors.ActionThing`) are read by their definition (4.6.1:
name, power,
types now, cost now, keywords, whether their effect causes damage) and their use (user, targets).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from cardscript.compiler.ir import ActionDef, Damage, Filter, Gain, Kind, Ref, Selector
from cardscript.compiler.vocabulary import fold_key
from cardscript.games.battle_scenes.runtime import characteristics
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.selectors import (
    KIND_TYPES,
    ActionThing,
    EffectContext,
    Player,
    Thing,
    Trait,
    attr,
    base_of,
    controller_of,
    host,
    identity,
    resolve,
    used_action,
)
from cardscript.games.battle_scenes.runtime.state import CardId, Zone

__all__ = ["NEGATIVE", "action_def", "action_matches", "filter_matches", "kind_of", "matches"]

NEGATIVE = frozenset({"ne", "lacks", "lacks_all", "ne_all", "not_shares", "lacks_words", "ne_stage",
                      "not_chosen_by_controller"})
_NUMERIC = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "ge": lambda a, b: a >= b,
            "le": lambda a, b: a <= b, "gt": lambda a, b: a > b, "lt": lambda a, b: a < b}
_NUMERIC_FIELDS = ("initial_energy", "energy", "cost", "stage", "shield")


def kind_of(game: Game, thing: Thing) -> Kind:
    """The kind of a thing (a card's by its card type)."""
    if isinstance(thing, Player):
        return Kind.PLAYER
    if isinstance(thing, ActionThing):
        return Kind.ACTION
    if isinstance(thing, Trait):
        return Kind.CARD
    ctype = str(attr(game, thing, "card_type") or "")
    return next((k for k, types in KIND_TYPES.items() if ctype in types), Kind.CARD)


def matches(game: Game, ctx: EffectContext, thing: Thing, sel: Selector, depth: int = 0) -> bool:
    """Does ``thing`` have the selector's kind (or one of ``also``) and pass its filters?"""
    kinds = (sel.kind, *sel.also)
    typed = isinstance(thing, Player | ActionThing) or isinstance(thing, int) and Kind.CARD not in kinds
    if typed and kind_of(game, thing) not in kinds:
        return False
    if all(filter_matches(game, ctx, thing, f, depth) for f in sel.filters):
        return True
    return isinstance(thing, int) and not isinstance(thing, bool) and _counts_as(game, ctx, thing, sel, depth)


def _counts_as(game: Game, ctx: EffectContext, card: int, sel: Selector, depth: int) -> bool:
    """A card whose text makes it also count as a card of a description (the ``counts_as`` rule: "este card também
    conta como se fosse um card de personagem chamado X", while its condition holds) has what the description says
    besides its own characteristics: a filter it fails passes when the description names that value (same field, an
    "eq" / "has" of the word) -- it is a base for an evolution from "Personagem chamado X" (4.4.2.2 A.2a)."""
    from cardscript.games.battle_scenes.runtime.conditions import check_condition
    from cardscript.games.battle_scenes.runtime.rules import rule_statics, working_rule_statics
    from cardscript.games.battle_scenes.runtime.selectors import controller_of, static_context

    defn = game.cards.get(card)
    if depth > 1 or defn is None or not any(True for _ in rule_statics(defn, "counts_as")):
        return False                        # (the common case, cheaply: no such text)
    busy: set[int] = game.memo.setdefault("counts_as_reading", set())
    if card in busy:
        return False                        # its own condition asks about it: read as it is printed meanwhile
    busy.add(card)
    try:
        for effect, rule in working_rule_statics(game, card, "counts_as"):
            of = rule.of
            if of is None or (effect.condition is not None and not check_condition(
                    game, static_context(game, card, controller_of(game, card)), effect.condition)):
                continue
            said = {(f.field, w) for f in of.filters if f.op in ("eq", "has", "has_any") and isinstance(f.value, str)
                    for w in _wanted(f.value)}
            if all(filter_matches(game, ctx, card, f, depth + 1) or _said(f, said) for f in sel.filters):
                return True
        return False
    finally:
        busy.discard(card)


def _said(flt: Filter, said: set[tuple[str, str]]) -> bool:
    """Does a description's ``said`` (field, word) pairs give the value ``flt`` asks for?"""
    if flt.op not in ("eq", "has", "has_any") or not isinstance(flt.value, str):
        return False
    return any((flt.field, w) in said for w in _wanted(flt.value))


def _wanted(value: str) -> list[str]:
    return [fold_key(v) for v in value.split("/") if v.strip()] or [""]


def _related(game: Game, ctx: EffectContext, value: str | Selector) -> list[Thing]:
    return resolve(game, ctx, value) if isinstance(value, Selector) else []


IDENTITY = ("name", "alter_ego")


def _chosen_left(game: Game, ctx: EffectContext, value: Selector) -> list[Thing]:
    """"com o mesmo nome ou alter ego que o personagem escolhido": the text aims at the chosen one's name or alter
    ego, not at the object, so a chosen card that has left the scene since still gives them (runtime.identity,
    ``GameState.chosen_left``); "o personagem escolhido" itself no longer names it."""
    if value.ref is not Ref.SLOT or ctx.source is None:
        return []
    return list(game.state.chosen_left.get(ctx.source, {}).get(value.slot, []))


def _number(ctx: EffectContext, value: str) -> int:
    text = value.strip().strip("{}")
    if text.upper() == "X":
        return ctx.x or 0
    return int(text)


def filter_matches(game: Game, ctx: EffectContext, thing: Thing, flt: Filter, depth: int = 0) -> bool:
    """Does ``thing`` pass one filter of a selector read in ``ctx``? ``depth`` > 0: read for a static (its
    powers and characteristics without the statics' own results)."""
    if flt.field == "other" and isinstance(thing, int):    # "outro" (the old lowering's ``other ne this``)
        return thing != base_of(game, ctx) and thing != ctx.source
    if isinstance(thing, ActionThing):
        ok = _action_filter(game, ctx, thing, flt)
    elif isinstance(thing, Player):
        ok = _player_filter(game, ctx, thing, flt)
    elif isinstance(thing, Trait):
        ok = isinstance(flt.value, str) and fold_key(thing.value) in _wanted(flt.value)
    else:
        ok = _card_filter(game, ctx, thing, flt, depth)
    return not ok if flt.op in NEGATIVE else ok


def _players_named(game: Game, ctx: EffectContext, value: str | Selector) -> set[int]:
    """"you" / "opponent" (the effect's controller / the other), or the players a selector stands for."""
    if isinstance(value, Selector):
        return {t.index for t in resolve(game, ctx, value) if isinstance(t, Player)}
    word = fold_key(value)
    if word in ("you", "voce", "this"):
        return {ctx.controller}
    if word == "opponent":
        return {1 - ctx.controller}
    return {0, 1} if word in ("any", "every_player") else set()


def _player_filter(game: Game, ctx: EffectContext, player: Player, flt: Filter) -> bool:
    if flt.field in ("controller", "player"):
        return player.index in _players_named(game, ctx, flt.value)
    if flt.field == "kind":
        return isinstance(flt.value, str) and fold_key(flt.value) in _wanted(Kind.PLAYER.value)
    if flt.field == "controls" and isinstance(flt.value, Selector):   # "jogador que controlar algum personagem"
        found = [t for t in resolve(game, ctx, flt.value) if isinstance(t, int) and t in game.state.scene]
        if flt.op in ("fewest", "most", "count_unique"):   # "o jogador que controlar menos personagens": none
            counts = [sum(1 for t in found if controller_of(game, t) == p)       # controls fewer (more) of them;
                      for p in range(len(game.state.players))]                 # "nenhum outro jogador controlar
            mine = counts[player.index]                                        # o mesmo número ... que ele"
            if flt.op == "count_unique":
                return all(c != mine for p, c in enumerate(counts) if p != player.index)
            return all(mine <= c for c in counts) if flt.op == "fewest" else all(mine >= c for c in counts)
        return any(controller_of(game, t) == player.index for t in found)
    raise ValueError(f"filter '{flt.field}' on a player is not implemented")


# ---------------------------------------------------------------------------------------------
# cards


def _card_words(game: Game, card: CardId, field: str, depth: int) -> set[str]:
    """A card's values of a characteristic now, folded (with those it uses actions as if it had, while a prohibition
    on using actions is read: queries._user_barred)."""
    as_if = game.memo.get("using_as_if", {}).get(card, {}).get(field)
    if as_if:
        return _own_words(game, card, field, depth) | {fold_key(v) for v in as_if}
    return _own_words(game, card, field, depth)


def _own_words(game: Game, card: CardId, field: str, depth: int) -> set[str]:
    if field == "power":
        from cardscript.games.battle_scenes.runtime.statics import gathering_powers, powers_now

        # 5.4: as it is now, the statics' powers included -- unless read for a static's own selectors (depth > 0) or
        # while the statics' powers are being gathered (a static's condition on powers: they do not feed each other)
        have = {fold_key(p) for p in powers_now(game, card, depth + 1 if depth or gathering_powers() else 0)}
        if str(attr(game, card, "card_type")) == "Habilidade":
            have.add(fold_key(str(attr(game, card, "power") or "")))
        return have
    if field in ("affiliation", "alignment"):
        return {fold_key(v) for v in characteristics.traits(game, card, field, depth)}
    if field == "alter_ego":                  # printed, and gained for a time ("ganha o alter ego X", 5.7 A.2.1)
        from cardscript.games.battle_scenes.runtime.statics import state_effects

        egos = {fold_key(str(v)) for e in state_effects(game, "gain", card) for v in e.data.get("alter_egos", ())}
        printed = attr(game, card, "alter_ego")
        return egos | ({fold_key(str(printed))} if printed is not None else set())
    raw = attr(game, card, {"keyword": "keywords"}.get(field, field))
    if field == "card_type" and str(raw or "").startswith("Personagem-"):
        return {fold_key(str(raw)), fold_key("Personagem")}   # 2.1.1: a Personagem-EV is a character card too
    if isinstance(raw, tuple | list):
        return {fold_key(str(v)) for v in raw}
    return {fold_key(str(raw))} if raw is not None else set()


def _values_of(game: Game, things: Sequence[Thing], field: str, depth: int) -> set[str]:
    """What the related things have of ``field`` (their names, alter egos, affiliations...)."""
    out: set[str] = set()
    for t in things:
        if isinstance(t, int):
            out |= _card_words(game, t, field, depth)
        elif isinstance(t, Trait):
            out.add(fold_key(t.value))
        elif isinstance(t, ActionThing) and field == "name":
            out.add(fold_key(t.name))
    out.discard("")
    return out


def _carrying(game: Game, ctx: EffectContext, card: CardId, flt: Filter, since_turn_start: bool = False) -> bool:
    """"que estiver carregando <sel>": carries at least the selector's count of matching cards (``exactly``: that
    many; ``lacks``: none -- the negation of ``has``). ``since_turn_start``: "estiver carregando <sel> desde o
    início do turno" -- only cards carried since the turn began count (in the scene since then, 4.6.2 C.1, and
    not loaded this turn, 4.1)."""
    base = game.state.scene.get(card)
    carried = list(base.carried) if base is not None else []
    if since_turn_start:
        loaded = game.state.this_turn.loaded
        carried = [c for c in carried if c not in loaded] if base is not None and base.entered_turn < \
            game.state.turn else []
    sel = flt.value
    if not isinstance(sel, Selector):
        return bool(carried) if not sel else any(fold_key(str(attr(game, c, "name") or "")) in _wanted(sel)
                                                 for c in carried)
    if sel.ref is not None or sel.union:
        them = resolve(game, ctx, sel)
        n = sum(1 for c in carried if c in them)
    else:
        n = sum(1 for c in carried if matches(game, ctx, c, sel))
    want = max(1, sel.count.fixed) if not sel.every else 1
    return n == want if flt.op == "exactly" else n >= want


def _used(game: Game, ctx: EffectContext, card: CardId, flt: Filter, this_turn: bool) -> bool:
    """"o personagem que usou <ação>": the user of one of those actions (the event's action: its user); a
    selector of actions with no reference: the character used such an action this turn."""
    sel = flt.value
    base = game.state.scene.get(card)
    if not isinstance(sel, Selector):                       # "que usou uma ação neste turno"
        return base is not None and bool(base.actions_used)
    if sel.ref is not None or sel.union:
        return any(isinstance(a, ActionThing) and a.user == card for a in resolve(game, ctx, sel))
    found = 0
    for rec in game.state.this_turn.uses:
        if rec.user == card and matches(game, ctx, used_action(rec), sel):
            found += 1
    # read inside an action's own effect ("... se este personagem já tiver usado uma ação chamada X neste turno"),
    # the use resolving now is not one it "já tiver usado": an earlier use is needed
    current = this_turn and ctx.from_action and ctx.user == card and ctx.action_use >= 0 and bool(ctx.action_name) \
        and matches(game, ctx, ActionThing(ctx.source if ctx.source is not None else -1, ctx.action_name, card,
                                           ctx.action_power), sel)
    return found > (1 if current else 0)


def _damaged_from(game: Game, ctx: EffectContext, card: CardId, flt: Filter) -> bool:
    """The card received damage (4.8.1: more than 0) this turn from an action the selector describes
    (``TurnMemory.damaged_from``: the action, its holder and user then); an ``excluding`` this action: another
    action than the one whose effect this is. The user is described as a card wherever it is now (a character
    knocked out since still dealt that damage)."""
    sel = flt.value
    if not isinstance(sel, Selector):
        return False
    other = sel.excluding is not None and sel.excluding.ref is Ref.THIS_ACTION
    for dest, user, holder, name, power in game.state.this_turn.damaged_from:
        if dest != card or other and holder == ctx.source and fold_key(name) == fold_key(ctx.action_name):
            continue
        if _recorded_action_matches(game, ctx, ActionThing(holder, name, user, power), sel):
            return True
    return False


def _recorded_action_matches(game: Game, ctx: EffectContext, action: ActionThing, sel: Selector) -> bool:
    """An action of the turn's record fits the description: its user ("de um outro personagem com ...") is matched
    as a card, not among the characters in the scene now."""
    for f in sel.filters:
        user_sel = f.value if f.field == "user" and isinstance(f.value, Selector) and f.value.ref is None else None
        if user_sel is None:
            if not filter_matches(game, ctx, action, f):
                return False
            continue
        excluded = resolve(game, ctx, user_sel.excluding) if user_sel.excluding is not None else []
        ok = action.user is not None and action.user not in excluded and matches(
            game, ctx, action.user, replace(user_sel, excluding=None))
        if ok == (f.op in NEGATIVE):
            return False
    return True


def _zone_of(game: Game, card: CardId) -> str:
    try:
        zone, _ = game.state.location(card)
    except KeyError:
        return ""
    return "scene" if zone is Zone.SCENARIO else str(zone)


def _card_number(game: Game, card: CardId, field: str) -> int | None:
    base = game.state.scene.get(card)
    if field == "initial_energy":
        return int(attr(game, card, "initial_energy") or 0)
    if field == "energy":
        return base.energy if base is not None else None
    if field == "stage":
        return base.stage if base is not None else None
    if field == "shield":
        from cardscript.games.battle_scenes.runtime.shielding import shield

        return shield(game, card)
    action = attr(game, card, "action")                     # "cost": its action's
    return action.cost if isinstance(action, ActionDef) and action.cost is not None else None


def _card_filter(game: Game, ctx: EffectContext, card: CardId, flt: Filter, depth: int) -> bool:
    """Does a card pass the filter (before negation)?"""
    name, value, op = flt.field, flt.value, flt.op
    word = value if isinstance(value, str) else ""
    scene = game.state.scene
    if name in _NUMERIC_FIELDS and op in _NUMERIC:          # "ne": "eq", negated by the caller
        have = _card_number(game, card, name)
        return have is not None and bool(_NUMERIC["eq" if op == "ne" else op](have, _number(ctx, word)))
    if name == "name" and op in ("contains", "lacks_words"):   # "que tenha Plano Magistral no nome"
        return any(_has_words(have, fold_key(word)) for have in _card_words(game, card, "name", depth))
    if name == "matches" and isinstance(value, Selector):  # "que não seja de habilidade de {AD}": the whole
        return matches(game, ctx, card, value, depth)       # description, negated as one by the caller
    if name == "keyword":
        from cardscript.games.battle_scenes.runtime.statics import has_keyword

        return any(has_keyword(game, card, w) for w in word.split("/"))  # "com Predador" (5.6; lost under 5.8)
    if name == "controller":
        return controller_of(game, card) in _players_named(game, ctx, value)
    if name == "owner":
        return game.state.owner.get(card) in _players_named(game, ctx, value)
    if name == "identity" and isinstance(value, Selector):  # "o mesmo alter ego (ou nome, se não houver alter
        mine = identity(game, card)                         # ego) daquele personagem" (4.4.2.1 A.4)
        return bool(mine) and any(isinstance(t, int) and t != card and identity(game, t) == mine
                                  for t in _related(game, ctx, value))
    if name == "identity":                                  # "com o alter ego deste personagem": the alter ego,
        base = base_of(game, ctx)                           # or the name if none (4.4.2.1 A.4)
        return base is not None and card != base and identity(game, card) == identity(game, base)
    if name == "this_turn":                                 # "que não tenha sido potencializado neste turno"
        return (word, card) in game.state.this_turn.marked
    if name == "since_turn_start":                          # "desde o início do turno" (4.6.2 C.1)
        base_in = scene.get(card)
        return base_in is not None and base_in.entered_turn < game.state.turn
    if name == "entered_this_turn":
        base_in = scene.get(card)
        return base_in is not None and base_in.entered_turn == game.state.turn
    if name == "damaged_this_turn":                         # "que recebeu dano neste turno"
        base_in = scene.get(card)
        return base_in is not None and base_in.damage_taken_this_turn > 0
    if name == "knocked_out_this_turn":                     # "se ... não tiver sido nocauteado" (4.7)
        return card in game.state.this_turn.knocked_out
    if name == "targeted_this_turn" and isinstance(flt.value, Selector):   # "que tenha sido alvo de ações chamadas X
        return any(card in rec.targets and matches(game, ctx, used_action(rec), flt.value)   # neste turno": the
                   for rec in game.state.this_turn.uses)                                   # turn's record (4.6.2 F)
    if name == "loaded_this_turn" and isinstance(value, Selector):   # "se ela tiver sido carregada neste
        onto = set(resolve(game, ctx, value))                         # personagem neste turno"
        return any(c == card and o in onto for c, o in game.state.this_turn.loaded_onto)
    if name == "damaged_from":                              # "tiver recebido dano de uma ação de ... neste turno"
        return _damaged_from(game, ctx, card, flt)
    if name in ("carrying", "carrying_since_turn_start"):
        return _carrying(game, ctx, card, flt, since_turn_start=name == "carrying_since_turn_start")
    if name in ("used", "used_this_turn"):
        return _used(game, ctx, card, flt, name == "used_this_turn")
    if name == "targeted":                                  # a target of the action of this effect
        return any(card in ts for ts in ctx.targets)
    if name == "kind":
        return kind_of(game, card).value in _wanted(word) or (
            "card" in _wanted(word) and kind_of(game, card) is not Kind.PLAYER)
    if name == "zone":
        zone = _zone_of(game, card)
        if zone == "carried" and card == ctx.source and "scene" in _wanted(word):
            # "enquanto este card ... estiver em cena" on a card carried by a character in the scene: its permanent
            # text works there (4.4.2.3 A.1.1), so it is in the scene as its text means it
            return host(game, card) is not None
        return zone in _wanted(word)
    if op in ("chosen_by_controller", "not_chosen_by_controller") and isinstance(value, Selector) \
            and len(value.union) == 2:              # "da afiliação escolhida por ele", each player's own choice: of
        own = value.union[0] if controller_of(game, card) == ctx.controller else value.union[1]   # the (you,
        return bool(_chosen_values(game, ctx, own, name) & _card_words(game, card, name, depth))  # opponent) ones
    if op == "chosen":                                      # "com o poder / tipo escolhido": a Choose's slot
        if isinstance(value, Selector):
            picked = _chosen_values(game, ctx, value, name)
        else:                                               # (Soprano V1: the trait its card's text chose)
            one = characteristics.chosen_trait(game, ctx.source, name)
            picked = {fold_key(one)} if one is not None else set()
        return bool(picked & _card_words(game, card, name, depth))
    if name == "name_or_alter_ego":                         # "com o nome ou o alter ego de ..."
        if isinstance(value, Selector):
            others = _related(game, ctx, value) + _chosen_left(game, ctx, value)   # the chosen one shares its own
            return bool(_card_words(game, card, "name", depth) & _values_of(game, others, "name", depth)
                        or _card_words(game, card, "alter_ego", depth) & _values_of(game, others, "alter_ego", depth))
        return _shares_name_or_alter_ego(game, ctx, card)
    if op in ("shares", "not_shares") or name == "shares":
        field = "affiliation" if name == "shares" else name
        if isinstance(value, Selector):                     # the same value as one of those things
            related = _related(game, ctx, value) + (_chosen_left(game, ctx, value) if field in IDENTITY else [])
            # a thing named by reference ("o personagem escolhido") shares with itself; "um personagem em cena"
            # means another one
            others = related if value.ref is not None else [t for t in related if t != card]
        else:                                               # "que compartilhe uma afiliação com este personagem"
            base = base_of(game, ctx)
            others = [base] if base is not None else []
        return bool((_card_words(game, card, field, depth) - {""}) & _values_of(game, others, field, depth))
    if name in ("affiliation", "alignment"):                # printed, lent, gained, lost (8 B.2)
        return any(characteristics.has_trait(game, card, name, v, depth) for v in word.split("/"))
    if name == "alter_ego":
        return any(_same_person(w, have) for w in _wanted(word) for have in _card_words(game, card, name, depth))
    return bool(_card_words(game, card, name, depth) & set(_wanted(word)))


def _same_person(named: str, printed: str) -> bool:
    """Does an alter ego a text names (folded) aim at a card's printed alter ego (4.4.2.1 A.4: one person, one
    alter ego)? The same, or its longer form: the printed given name and surname ending the named one, after more
    given names ("Robert Bruce Banner" names the cards printing "Bruce Banner"); one word alone is no person's full
    name ("Robert" is not "Robert Baldwin")."""
    if named == printed:
        return True
    have, full = printed.split(), named.split()
    return len(have) >= 2 and len(full) > len(have) and full[-len(have):] == have


def _has_words(name: str, words: str) -> bool:
    """Are ``words`` (folded) in the folded ``name``, as whole words ("Plano Magistral" in "Plano Magistral -
    Preparação", not in "Planos Magistrais")?"""
    have, want = re.findall(r"\w+", name), re.findall(r"\w+", words)
    return bool(want) and any(have[i:i + len(want)] == want for i in range(len(have) - len(want) + 1))


def _shares_name_or_alter_ego(game: Game, ctx: EffectContext, card: CardId) -> bool:
    """The card has the name, or the alter ego, of a character an opponent of the effect's controller controls."""
    name, ego = fold_key(str(attr(game, card, "name") or "")), fold_key(str(attr(game, card, "alter_ego") or ""))
    for base in game.state.scene.values():
        if base.controller == ctx.controller or not str(attr(game, base.card, "card_type") or "").startswith(
                "Personagem"):
            continue
        if name and name == fold_key(str(attr(game, base.card, "name") or "")):
            return True
        if ego and ego == fold_key(str(attr(game, base.card, "alter_ego") or "")):
            return True
    return False


# ---------------------------------------------------------------------------------------------
# actions


def action_def(game: Game, action: ActionThing) -> ActionDef | None:
    """The definition of the action (the ``ActionDef`` of its holder with that name)."""
    if isinstance(action.definition, ActionDef):
        return action.definition
    found = attr(game, action.holder, "action")
    return found if isinstance(found, ActionDef) and fold_key(found.name) == fold_key(action.name) else None


def _action_power(game: Game, action: ActionThing, adef: ActionDef | None) -> str:
    from cardscript.games.battle_scenes.runtime.actions import power_key

    if action.power:
        return power_key(action.power)
    if adef is not None and adef.power:
        return power_key(adef.power)
    if str(attr(game, action.holder, "card_type") or "") == "Habilidade":
        return power_key(str(attr(game, action.holder, "power") or ""))
    return ""


def _damaging(adef: ActionDef | None, piercing: bool) -> bool:
    """"uma ação que cause dano (penetrante)": one of its effect's procedures deals (piercing) damage."""
    if adef is None:
        return False
    procs = [p for m in adef.modes for p in adef.effect_procedures(m)] or list(adef.effect_procedures(None))
    return any(isinstance(p, Damage) and (p.piercing or not piercing) for p in procs)


def _lowers_shield(adef: ActionDef | None) -> bool:
    """"ações cujos efeitos reduzam o valor de Escudo": one of its effect's procedures gives a Shield penalty
    (4.8.6 C: "ganha Escudo -N")."""
    if adef is None:
        return False
    procs = [p for m in adef.modes for p in adef.effect_procedures(m)] or list(adef.effect_procedures(None))
    return any(isinstance(p, Gain) and p.shield is not None and p.shield < 0 for p in procs)


def _chosen_values(game: Game, ctx: EffectContext, slot: Selector, name: str) -> set[str]:
    """The values a Choose wrote in ``slot`` (folded); a permanent text's choice, from its card's memory."""
    picked = {fold_key(t.value) for t in resolve(game, ctx, slot) if isinstance(t, Trait)}
    if not picked and slot.slot.startswith("card:") and ctx.source is not None:
        one = game.state.chosen_traits.get(ctx.source, {}).get(name.rstrip("s"))
        picked = {fold_key(one)} if one is not None else set()
    return picked


def _used_names(game: Game) -> set[str]:
    """The names of the actions used this turn (by any character, whatever has become of it since)."""
    return {fold_key(rec.name) for rec in game.state.this_turn.uses}


def _action_names(game: Game, ctx: EffectContext, sel: Selector) -> set[str]:
    """The names of the actions a selector stands for; "as ações usadas neste turno": every name used this turn
    (an action used by a card no longer in the scene too)."""
    if sel.ref is None and not sel.union and [f.field for f in sel.filters] == ["used_this_turn"]:
        return _used_names(game)
    return {fold_key(a.name) for a in resolve(game, ctx, sel) if isinstance(a, ActionThing)}


def _action_filter(game: Game, ctx: EffectContext, action: ActionThing, flt: Filter) -> bool:
    """Does an action pass the filter (before negation)?"""
    from cardscript.games.battle_scenes.runtime.actions import power_key

    name, value = flt.field, flt.value
    word = value if isinstance(value, str) else ""
    adef = action_def(game, action)
    if name == "name" and isinstance(value, Selector) and flt.op != "chosen":   # "com os mesmos nomes de <ações>"
        return fold_key(action.name) in _action_names(game, ctx, value)
    if name == "name":
        if flt.op == "chosen" and isinstance(value, Selector):  # "ações com o nome escolhido"
            return fold_key(action.name) in _chosen_values(game, ctx, value, "name")
        return fold_key(action.name) in _wanted(word)
    if name in ("power", "action_power"):
        if flt.op == "chosen" and isinstance(value, Selector):
            picked = {power_key(t.value) for t in resolve(game, ctx, value) if isinstance(t, Trait)}
        else:
            picked = {power_key(w) for w in word.split("/")}
        return _action_power(game, action, adef) in picked
    if name == "action_type":                               # "de Antecipar", "Imprevista", "normal" (now, 8 B.1)
        from cardscript.games.battle_scenes.runtime.queries import action_types

        if adef is None:
            return False
        anticipate, unforeseen = action_types(game, action.user, adef) if action.user is not None else (
            adef.anticipate, adef.unforeseen)
        have = {t for t, on in (("antecipar", anticipate), ("imprevista", unforeseen)) if on} or {"normal"}
        return bool(have & set(_wanted(word)))
    if name == "printed_action_type":                       # the types printed on the action, no static's change
        if adef is None:                                    # (4.6.2 C.5: "usada dessa forma", as another type)
            return False
        have = {t for t, on in (("antecipar", adef.anticipate), ("imprevista", adef.unforeseen)) if on} or {"normal"}
        return bool(have & set(_wanted(word)))
    if name == "cost":
        from cardscript.games.battle_scenes.runtime.queries import action_cost

        if flt.op == "in":                  # "as ações com custo {0} e {1}": the printed cost (a cost a static
            return adef is not None and adef.cost is not None and str(adef.cost) in word.split("/")   # sets)
        cost = action_cost(game, adef, _action_power(game, action, adef) or None) if adef is not None else None
        if cost is None and adef is not None and adef.cost_is_x:
            cost = _chosen_x(game, action)
            if cost is None and action.x is not None:
                cost = action.x             # the use's event says the X chosen (after it resolved, too)
        if flt.op in ("eq_stage", "ne_stage") and isinstance(value, Selector):   # "custo igual ao estágio ... em
            scene = game.state.scene                                               # que X se encontra": X's now
            stages = [scene[t].stage for t in resolve(game, ctx, value) if isinstance(t, int) and t in scene]
            return cost is not None and len(stages) == 1 and cost == stages[0]     # ("ne": negated by the caller)
        return flt.op in _NUMERIC and cost is not None and bool(
            _NUMERIC["eq" if flt.op == "ne" else flt.op](cost, _number(ctx, word)))
    if name == "keyword":
        return adef is not None and any(fold_key(k) in _wanted(word) for k, _ in adef.keywords)
    if name in ("user", "used_by"):
        return action.user is not None and action.user in _related(game, ctx, value)
    if name in ("user_controller", "controller"):
        who = controller_of(game, action.user if action.user is not None else action.holder)
        return who in _players_named(game, ctx, value)
    if name == "targets":                                   # "uma ação que tenha <sel> como alvo"
        them = _related(game, ctx, value)
        return any(t in them for t in action.targets)
    if name == "targeted":                                  # "uma ação com alvo"
        return bool(action.targets) or (adef is not None and bool(adef.targets))
    if name == "damaging":
        return _damaging(adef, fold_key(word) == "piercing")
    if name == "lowers":                                    # "ações cujos efeitos reduzam o valor de Escudo"
        return _lowers_shield(adef)
    if name == "kind":
        return Kind.ACTION.value in _wanted(word)
    if name == "holder":
        return action.holder in _related(game, ctx, value)
    if name == "used_this_turn":                            # "ações que ... tenha usado neste turno"
        return any(rec.user == action.user and rec.holder == action.holder
                   and fold_key(rec.name) == fold_key(action.name) for rec in game.state.this_turn.uses)
    if name == "name_used_by_user":       # "de nome diferente das que ele já usou neste turno": its user used an
        return action.user is not None and any(       # action of that name this turn (the turn's record, 4.6.2 H)
            rec.user == action.user and fold_key(rec.name) == fold_key(action.name)
            for rec in game.state.this_turn.uses)
    if name == "own_card":                # "uma ação descrita em seu próprio card": written on its user's own card
        return action.user is not None and action.holder == action.user      # (not a carried one's, 4.6.2 C.3)
    if name == "used_during":             # "usadas ... durante a Fase de Combate": a use of the turn made in that
        from cardscript.games.battle_scenes.runtime.triggers import phase_id  # phase or step (6)

        return bool(phase_id(word)) and phase_id(word) in (action.phase, action.step)
    if name == "one_of" and isinstance(value, Selector):    # "nenhuma ação além da escolhida": one of those actions
        return any(isinstance(a, ActionThing) and a.holder == action.holder
                   and fold_key(a.name) == fold_key(action.name) for a in resolve(game, ctx, value))
    if name == "card_type":                                 # "ações de cards de habilidade": the card it is written on
        return action.holder >= 0 and bool(_card_words(game, action.holder, "card_type", 0) & set(_wanted(word)))
    raise ValueError(f"filter '{name}' on an action is not implemented")


def _chosen_x(game: Game, action: ActionThing) -> int | None:
    """4.6.2 E.1: the cost of an action of cost {X} being used is the X chosen for that use ("ações de custo {X}
    terão custo {2} sempre que o valor escolhido para X for 2"); None before it is chosen or for no use."""
    in_use = game.memo.get("actions_in_use", {}).get(action.use) if action.use >= 0 else None
    x = getattr(in_use, "x", None)
    return x if isinstance(x, int) else None


def action_matches(game: Game, ctx: EffectContext, action: ActionThing, filters: Sequence[Filter]) -> bool:
    """Does an action pass every one of ``filters`` (an effect's ``action_filters``)?"""
    return all(filter_matches(game, ctx, action, f) for f in filters)
