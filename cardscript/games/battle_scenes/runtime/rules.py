"""The engine's answers to "what does rule X say now?", read from the cards' :class:`Rule` statics.

Some keywords change a rule of the game itself rather than the state of a match (rules 7; 5.6: keyword
characteristics work in every area of the game, some before the match even starts). The compiler lowers
them into a STATIC effect whose procedure is ``Rule(rule=<name>, value=<v>)``; ``cardscript.compiler.ir.RULES``
lists the rules such a static may change. Each query here answers one rule for one card: the rulebook's
default, unless a RULE static on the card says otherwise (rules 8 A: a card's effect prevails over a game rule),
together with what set the answer, so a report can say why.

Queries:

- :func:`copy_limit` -- ``deck_copies``: how many copies of a card a deck may hold (3; Item Único: 1).

The queries of a match read only the statics that work now (:func:`working_rule_statics`): the card is in the
zone where the effect works (``Effect.zone``, the keyword's zone, 5.6: Pelotão, Clone, Prontidão in the scene --
carried cards that lend their texts included, 4.4.2.3; Materializar in the hand; Reviver in the resources;
Interligar while carried) and its permanent texts have effect (5.8: "qualquer texto que apareça naqueles cards é
perdido, inclusive as palavras-chave"):

- :func:`scene_identity_allowed` -- ``scene_identity``: 4.4.2.1 A.4, one character of an alter ego (or name) per
  player in the scene, unless a static of a character there says otherwise (Pelotão: any number; Clone: any
  number with different names);
- :func:`load_sources` -- ``load_from``: where a card entering the scene loads its cards from (the resources;
  Materializar: or the top of the deck);
- :func:`may_enter_from` -- ``enter_from``: the zones a card may be put into the scene from (the hand; Reviver:
  the resources);
- :func:`is_ready` -- ``ready``: may a character use an action in the turn it entered the scene (4.6.2 C.1;
  Prontidão, with the actions it names);
- :func:`carried_actions` -- ``use_carried_action``: the carried cards whose actions a character may use besides
  those of 4.6.2 C.3 (Interligar).

Action keywords carry their RULE statics on the action itself (``ActionDef.keyword_effects``, lowered by
``cardscript/compiler/lower_action_keywords.py``; an action's characteristics hold wherever it is used):

- :func:`use_limited` -- ``use_once_by_name`` (Ação Única: the character may not use an action of that name again
  this turn, even with more actions allowed) and ``once_per_player`` (Singularidade: a player uses one action with
  that characteristic per turn), recorded by :func:`note_action_use` and reset at the Final do Turno.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from cardscript.compiler.ir import ActionDef, Allow, CardDef, Effect, Filter, Kind, Rule, Selector
from cardscript.compiler.vocabulary import fold_key
from cardscript.games.battle_scenes.runtime import derived
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.state import CardId, Zone

if TYPE_CHECKING:
    from cardscript.games.battle_scenes.runtime.selectors import EffectContext

__all__ = ["DEFAULT_DECK_COPIES", "carried_actions", "copy_limit", "identity", "is_ready", "load_sources",
           "gained_action_keyword", "note_action_use", "use_limited",
           "allowed_by_identity_rules", "identity_permissions", "may_enter_from", "rule_statics",
           "scene_identity_allowed", "spend_identity_permission", "working_rule_statics"]

DEFAULT_DECK_COPIES = 3
"""Glossary, Item Único: "no máximo uma única cópia no deck, e não três" -- a deck holds at most three copies
of a card unless an effect changes it."""

_DEFAULT_COPIES_REASON = "the default limit of 3 copies of a card (glossary, Item Único: 'e não três')"


def rule_statics(defn: CardDef, rule: str) -> Iterator[tuple[Effect, Rule]]:
    """The :class:`Rule` procedures of ``defn``'s effects that change ``rule`` (a key of ``ir.RULES``), with their
    effect.

    A Rule procedure is a static by construction; it is read whatever the kind of the effect carrying it, since
    keyword characteristics are valid in any area (5.6)."""
    for effect in defn.effects:
        for proc in effect.procedures:
            if isinstance(proc, Rule) and proc.rule == rule:
                yield effect, proc


def _source(effect: Effect, proc: Rule) -> str:
    """What set a rule, for a person: the keyword, else the effect's (or procedure's) text."""
    text = effect.keyword or effect.from_keyword or effect.text or proc.text
    return text.strip().rstrip(".") or f"a static on rule {proc.rule!r}"


def copy_limit(defn: CardDef) -> tuple[int, str]:
    """``(limit, reason)``: the most copies of ``defn`` a deck may hold and what set that limit.

    3 by default; the smallest ``deck_copies`` value of the card's RULE statics when it has any (Item Único:
    1, rules 7 and glossary; 5.6: it "funciona antes mesmo da partida começar, invalidando um deck que tenha
    mais de um card" of it). The reason names the keyword (or the effect's text) that set the limit; a value that
    is not a number of copies is ignored."""
    best: tuple[int, str] | None = None
    for effect, proc in rule_statics(defn, "deck_copies"):
        if not proc.value.isdecimal():
            continue
        value = int(proc.value)
        if best is None or value < best[0]:
            best = (value, _source(effect, proc))
    return best if best is not None else (DEFAULT_DECK_COPIES, _DEFAULT_COPIES_REASON)


# ---------------------------------------------------------------------------------------------------------
# the rules of a match: statics working where their card is


def _works_in(game: Game, card: CardId, zone: str) -> bool:
    """Is ``card`` where an effect of zone ``zone`` works (5.6), its texts not lost (5.8)?"""
    from cardscript.games.battle_scenes.runtime.continuous import text_lost
    from cardscript.games.battle_scenes.runtime.triggers import lends_text

    try:
        where, host = game.state.location(card)
    except KeyError:
        return False
    zone = zone or "scene"
    if zone == "scene":
        ok = where is Zone.SCENE or where is Zone.SCENARIO or (
            where is Zone.CARRIED and host is not None and lends_text(game, card, host))
    elif zone == "any":
        ok = True
    else:
        ok = str(where) == zone
    return ok and not text_lost(game, card)


def working_rule_statics(game: Game, card: CardId, rule: str) -> Iterator[tuple[Effect, Rule]]:
    """The RULE statics of ``card`` changing ``rule`` that work now: the card is in its effect's zone and its
    permanent texts have effect (5.8)."""
    defn = game.cards.get(card)
    if not isinstance(defn, CardDef):
        return
    for effect, proc in rule_statics(defn, rule):
        if _works_in(game, card, effect.zone):
            yield effect, proc
    yield from _gained_rules(game, card, rule)


def _gained_rules(game: Game, card: CardId, rule: str) -> Iterator[tuple[Effect, Rule]]:
    """The RULE statics of the keywords ``card`` gained (5.6, the prelude's meaning carried by ``Gain.keyword_rules``):
    by a state effect with a duration, or by a continuous effect working now (a static of a card in place, or one a
    resolved effect created). Not while its own texts have no effect (5.8: "inclusive as palavras-chave")."""
    state = game.state
    if card not in state.scene:
        return
    from cardscript.compiler.ir import EffectKind, Gain
    from cardscript.games.battle_scenes.runtime.continuous import live, text_lost
    from cardscript.games.battle_scenes.runtime.selectors import selected
    from cardscript.games.battle_scenes.runtime.statics import active_effects

    found: list[tuple[Effect, Rule]] = []
    for e in state.effects:
        if e.what == "gain" and card in e.subjects and e.data.get("rules") and live(game, e):
            found += [(Effect(EffectKind.STATIC, (p,), text=p.text), p) for p in e.data["rules"]
                      if isinstance(p, Rule) and p.rule == rule]
    memo = game.memo.get("keyword_gainers")
    if memo is None or memo[0] != len(game.cards):          # definitions never change: found once per match
        memo = (len(game.cards), any(isinstance(d, CardDef) and any(
            isinstance(p, Gain) and p.keyword_rules for ef in d.effects for p in ef.procedures)
            for d in game.cards.values()))
        game.memo["keyword_gainers"] = memo
    if memo[1] or any(e.what == str(EffectKind.STATIC) for e in state.effects):
        for _, effect, sctx in active_effects(game, (EffectKind.STATIC,), (Gain,)):
            for p in effect.procedures:
                if isinstance(p, Gain) and any(r.rule == rule for r in p.keyword_rules) \
                        and selected(game, sctx, p.targets, card, 1):
                    found += [(effect, r) for r in p.keyword_rules if r.rule == rule]
    if found and not text_lost(game, card):
        yield from found


def _attr(game: Game, card: CardId, name: str) -> object:
    return getattr(game.cards.get(card), name, None)


def identity(game: Game, card: CardId) -> str:
    """4.4.2.1 A.4: a character's alter ego, or its name if it has none."""
    return str(_attr(game, card, "alter_ego") or _attr(game, card, "name") or "")


def _is_character(game: Game, card: CardId) -> bool:
    return str(_attr(game, card, "card_type") or "").startswith("Personagem")


def _in_scene_of(game: Game, player: int) -> Iterator[tuple[CardId, CardId]]:
    """(card, the character it belongs to): the bases ``player`` controls and the cards they carry."""
    for base in game.state.controlled(player):
        yield base.card, base.card
        for c in base.carried:
            yield c, base.card


def _covers(game: Game, proc: Rule, base: CardId, card: CardId, player: int) -> bool:
    """Does a ``scene_identity`` static of the character ``base`` speak of ``card``? Its ``of`` selector's
    filters (an old wording naming the characters; words compared whole), else
    ``base``'s identity."""
    if proc.of is not None:
        from cardscript.games.battle_scenes.runtime.selectors import EffectContext, filter_matches

        ctx = EffectContext(controller=player)
        return all(filter_matches(game, ctx, card, f) for f in proc.of.filters)
    return identity(game, base) == identity(game, card)


def scene_identity_allowed(game: Game, player: int, card: CardId) -> bool:
    """4.4.2.1 A.4: may ``player`` put the character ``card`` into the scene, as far as alter egos go?

    Yes when no character ``player`` controls has its identity (alter ego, or name without one); else only if a
    ``scene_identity`` static working in the scene under ``player``'s control speaks of it (5.6, golden rule 8 A:
    the card's effect beats the rule): ``any`` (Pelotão: "pode haver qualquer número de personagens com o alter
    ego deste personagem em cena"), ``distinct_names`` (Clone: "... desde que cada um deles tenha nomes
    diferentes": no character of that identity there has ``card``'s name). A card in the hand, or one whose
    texts are lost (5.8 example 1: Câmara Neutralizadora on the only Shuma-Gorath), allows nothing."""
    return allowed_by_identity_rules(game, player, card) or bool(identity_permissions(game, player, card))


def allowed_by_identity_rules(game: Game, player: int, card: CardId) -> bool:
    """4.4.2.1 A.4b without the permissions (``Allow`` scene_identity): no character ``player`` controls has
    ``card``'s identity, or a ``scene_identity`` rule static there speaks of it (Pelotão, Clone)."""
    ident = identity(game, card)
    same = [b.card for b in game.state.controlled(player)
            if _is_character(game, b.card) and identity(game, b.card) == ident]
    if not same:
        return True
    name = fold_key(str(_attr(game, card, "name") or ""))
    for src, base in _in_scene_of(game, player):
        for _, proc in working_rule_statics(game, src, "scene_identity"):
            if not _covers(game, proc, base, card, player):
                continue
            value = proc.value
            if value == "any":
                return True
            if value == "distinct_names" and all(fold_key(str(_attr(game, c, "name") or "")) != name for c in same):
                return True
    return False


def identity_permissions(game: Game, player: int, card: CardId) -> list[tuple[CardId, Allow, EffectContext]]:
    """The permissions working now to put ``card`` into the scene whatever A.4 says: each ``Allow(what=
    "scene_identity")`` of ``player``'s whose subject describes ``card`` (its source card, the permission, the
    context it works in) -- a static of a card in place, one a resolved effect created for the turn ("até o final do
    turno, você pode colocar em cena um personagem com o mesmo alter ego de um outro personagem ... que você
    controla"), or a static of one of ``player``'s cards working in the area it is in ("Se este card estiver em seus
    recursos, você pode colocar em cena ...", 5.2.1 / 5.6: ``Effect.zone``), its condition holding."""
    from cardscript.compiler.ir import EffectKind
    from cardscript.games.battle_scenes.runtime.selectors import check_condition, matches, static_context
    from cardscript.games.battle_scenes.runtime.statics import active_effects

    found = [(src, effect, sctx) for src, effect, sctx in active_effects(game, (EffectKind.STATIC,))]
    me = game.state.players[player]
    for src in [*me.resources, *me.hand, *me.prizes]:
        defn = game.cards.get(src)
        for effect in defn.effects if isinstance(defn, CardDef) else ():
            if effect.kind is EffectKind.STATIC and effect.zone not in ("", "scene") \
                    and _works_in(game, src, effect.zone):
                sctx = static_context(game, src, player)
                if effect.condition is None or check_condition(game, sctx, effect.condition):
                    found.append((src, effect, sctx))
    return [(src, p, sctx) for src, effect, sctx in found for p in effect.procedures
            if isinstance(p, Allow) and p.what == "scene_identity" and p.subject is not None
            and sctx.controller == player and matches(game, sctx, card, p.subject)]


def spend_identity_permission(game: Game, player: int, card: CardId) -> None:
    """4.4.2.1 A.4b lifted once: ``card`` entering the scene under ``player`` thanks to a permission a resolved
    effect created for the turn ("você pode colocar em cena um personagem com o mesmo alter ego de ...": one
    character, not every one) uses it up -- the permission ends (official ruling 1 of Selene V1: a single other
    character). Nothing is spent when no character of ``card``'s identity is controlled (A.4 did not bar it), or
    when the permission speaks of every such character."""
    from cardscript.compiler.ir import Allow, EffectKind
    from cardscript.games.battle_scenes.runtime import continuous
    from cardscript.games.battle_scenes.runtime.selectors import EffectContext, matches

    ident = identity(game, card)
    if not any(_is_character(game, b.card) and identity(game, b.card) == ident
               for b in game.state.controlled(player)):
        return
    for made in list(game.state.effects):
        effect, ctx = made.effect, made.context
        if not isinstance(effect, Effect) or effect.kind is not EffectKind.STATIC \
                or not isinstance(ctx, EffectContext) or ctx.controller != player or not continuous.live(game, made):
            continue
        if any(isinstance(p, Allow) and p.what == "scene_identity" and p.subject is not None and not p.subject.every
               and matches(game, ctx, card, p.subject) for p in effect.procedures):
            game.state.effects.remove(made)
            derived.edited(game)
            return


DEFAULT_LOAD_SOURCE = "resources"
"""4.4.2.1 A.1 / 4.4.2.2 A.3: a character or support enters the scene loaded with cards of its controller's
resources."""


def load_sources(game: Game, card: CardId) -> tuple[str, ...]:
    """Where ``card``, entering the scene now, may load its cards from: the resources, and whatever a working
    ``load_from`` static adds (Materializar, while the card is in the hand: "carregando cards do topo de seu deck
    ao invés de cards de seus recursos" -- ``deck_top``). The player chooses among them ("você pode")."""
    out = [DEFAULT_LOAD_SOURCE]
    for _, proc in working_rule_statics(game, card, "load_from"):
        value = proc.value
        if value not in out:
            out.append(value)
    return tuple(out)


def entry_loads(game: Game, card: CardId, initial: int) -> tuple[int, ...]:
    """How many cards ``card`` may enter the scene loaded with (4.4.2.1 A.1: its initial energy, ``initial``), most
    first: fewer when a working ``entry_load`` static of its own says so ("pode ser colocado em cena carregando uma
    quantidade de cards menor do que sua Energia Inicial": from one -- 4.7, one carrying none is knocked out --
    up to its initial energy). The card's own text says how it is put in the scene from wherever it is put from
    (as "só pode ser colocado em cena se ...": it is not in the scene yet)."""
    out = [initial]
    defn = game.cards.get(card)
    for _, proc in rule_statics(defn, "entry_load") if isinstance(defn, CardDef) else ():
        if proc.value == "fewer" and proc.of is None:
            out.extend(range(initial - 1, 0, -1))
    out.extend(initial - k for k in _fewer_by_statics(game, card) if initial - k >= 1)
    return tuple(sorted(set(out), reverse=True))


def _fewer_by_statics(game: Game, card: CardId) -> Iterator[int]:
    """The "N fewer" of the working ``entry_load`` statics in place that describe ``card`` ("Cards de personagens
    com Energia Inicial maior ou igual a 6 podem ser carregados com um card a menos ao serem colocados em cena"):
    what the card is, wherever it is put from (its filters, not its zone)."""
    from cardscript.compiler.ir import EffectKind
    from cardscript.games.battle_scenes.runtime.selectors import matches
    from cardscript.games.battle_scenes.runtime.statics import active_effects

    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,), (Rule,)):
        for p in effect.procedures:
            if isinstance(p, Rule) and p.rule == "entry_load" and p.of is not None and p.value.startswith("-") \
                    and p.value[1:].isdigit() \
                    and matches(game, sctx, card, Selector(kind=Kind.CARD, filters=p.of.filters)):
                yield int(p.value[1:])


def may_enter_from(game: Game, card: CardId, zone: str) -> bool:
    """May ``card`` be put into the scene from ``zone``? The hand always (4.4.2.1: "revelar de sua mão"); another
    zone when a working ``enter_from`` static names it (Reviver, working in the resources: "você pode colocar
    este card em cena diretamente de seus recursos")."""
    if zone == "hand":
        return True
    return any(proc.value == zone for _, proc in working_rule_statics(game, card, "enter_from"))


def _action_matches(filters: tuple[Filter, ...], name: str, power: str | None) -> bool:
    """Does an action (``name``, its power's code) match one of a ``ready`` static's filters (any of them)?"""
    for f in filters:
        values = {fold_key(v) for v in str(f.value).split("/")} if f.op == "has_any" else {fold_key(str(f.value))}
        if f.field == "name" and fold_key(name) in values:
            return True
        if f.field == "power" and power is not None and fold_key(power) in values:
            return True
    return False


def _gained_ready(game: Game, user: CardId, action_name: str, power: str | None) -> bool:
    """A Prontidão ``user`` gained ("este personagem ganha Prontidão [- ação X]", rules 7: the keyword's rule is
    its meaning): by an effect that resolved (a state effect, 5.7 A.2.1) or by a static working now (5.4)."""
    from cardscript.compiler.ir import EffectKind, Gain
    from cardscript.games.battle_scenes.runtime.selectors import selected
    from cardscript.games.battle_scenes.runtime.statics import active_effects, state_effects

    want = fold_key("Prontidão")
    for e in state_effects(game, "gain", user):
        if any(fold_key(str(k)) == want for k in e.data.get("keywords", ())):
            actions = tuple(e.data.get("ready_actions", ()))
            if not actions or _action_matches(actions, action_name, power):
                return True
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,), (Gain,)):
        for p in effect.procedures:
            if isinstance(p, Gain) and any(fold_key(k) == want for k in p.keywords) \
                    and (not p.ready_actions or _action_matches(p.ready_actions, action_name, power)) \
                    and selected(game, sctx, p.targets, user):
                return True
    return False


def is_ready(game: Game, user: CardId, action_name: str, power: str | None = None) -> bool:
    """4.6.2 C.1: may the character ``user`` use the action ``action_name`` (whose power has the code ``power``)
    in the turn it entered the scene? Only by a working ``ready`` static of the character -- its base card or a
    card it carries that lends it its texts (4.4.2.3) -- that applies to the action: Prontidão (``all``), or
    Prontidão - ação X / ações X e Y / ações de {XX} (``actions``: the action's name or power). Whether the
    character has been in the scene since the start of the turn is the caller's question."""
    base = game.state.scene.get(user)
    if base is None:
        return False
    if _gained_ready(game, user, action_name, power):
        return True
    for card in (user, *base.carried):
        for _, proc in working_rule_statics(game, card, "ready"):
            if proc.value == "all" or _action_matches(proc.actions, action_name, power):
                return True
    return False


def carried_actions(game: Game, user: CardId) -> list[CardId]:
    """The cards ``user`` carries whose action it may use by a working ``use_carried_action`` static of the
    carried card (Interligar: "o personagem que estiver carregando este card pode usar a ação deste card"),
    besides the actions of 4.6.2 C.3. The power the action needs is still required (C.2)."""
    base = game.state.scene.get(user)
    if base is None:
        return []
    return [c for c in base.carried if any(True for _ in working_rule_statics(game, c, "use_carried_action"))]


def use_limited(game: Game, player: int, user: CardId, action: ActionDef) -> str | None:
    """Why the action's own use restrictions forbid ``user`` (controlled by ``player``) to use ``action`` now, or
    None. ``use_once_by_name`` (Ação Única, glossary: "não poderá usar mais de uma vez por turno, mesmo que algum
    outro efeito ou ação o autorize a usar mais de uma ação"): the character used an action of that name this turn;
    ``once_per_player`` (Singularidade: "Um jogador não pode usar mais de uma ação com Singularidade por turno"):
    the player used an action with that characteristic this turn."""
    base = game.state.scene.get(user)
    used = {fold_key(n) for n in (base.actions_used if base is not None else ())}
    for proc in action.rules("use_once_by_name"):
        if fold_key(proc.value) in used:
            return f"{proc.value} was already used by this character this turn ({proc.text or 'Ação Única'})"
    for proc in action.rules("once_per_player"):
        if (player, fold_key(proc.value)) in game.state.this_turn.used_once_per_player:
            return f"player {player} already used an action with {proc.value} this turn"
    return None


def gained_action_keyword(game: Game, user: CardId, action: ActionDef, keyword: str) -> str:
    """The text of a working effect that gives ``user``'s ``action`` the keyword (Câmara Neutralizadora: "as ações
    que ele usar ganham Ação Única"), or ''."""
    from cardscript.compiler.ir import EffectKind, Gain
    from cardscript.games.battle_scenes.runtime import continuous
    from cardscript.games.battle_scenes.runtime.filters import matches
    from cardscript.games.battle_scenes.runtime.selectors import ActionThing
    from cardscript.games.battle_scenes.runtime.statics import active_effects

    for e in game.state.effects:          # gained for a time by a resolved effect ("aquela ação ganha Ação Única até o
        if e.what == "gain_action" and continuous.live(game, e) \
                and fold_key(str(e.data.get("name"))) == fold_key(action.name) \
                and fold_key(keyword) in {fold_key(str(k)) for k in e.data.get("keywords", ())}:   # final do turno")
            return f"{action.name} gained {keyword} until the end of the turn"
    thing = ActionThing(user, action.name, user, action.power, definition=action)
    for _, effect, sctx in active_effects(game, (EffectKind.STATIC,), (Gain,)):
        for p in effect.procedures:
            if isinstance(p, Gain) and fold_key(keyword) in {fold_key(k) for k in p.keywords} \
                    and matches(game, sctx, thing, p.targets):
                return p.text or effect.text
    return ""


def note_action_use(game: Game, player: int, action: ActionDef) -> None:
    """Record that ``player`` used ``action`` for its ``once_per_player`` rules (cleared at the Final do Turno)."""
    for proc in action.rules("once_per_player"):
        key = (player, fold_key(proc.value))
        if key not in game.state.this_turn.used_once_per_player:
            game.state.this_turn.used_once_per_player.append(key)
            derived.edited(game)
