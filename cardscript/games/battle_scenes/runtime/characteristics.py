"""A card's alignments and affiliations now (rules 4.4.2.3, 5.4, 5.7, golden rule 8 B.2), and the affiliation its
text chose.

The printed ones, plus:

* those a carried version of the character lends it (4.4.2.3 A.1.2a/b: "concedem àquele personagem suas
  afiliações, alinhamentos, poderes ...");
* those gained by a static of a card in place (5.4, computed on demand like every static: Norman Osborn V1's
  "Os personagens vilões que você controla são heróis além de seus outros alinhamentos e ganham a afiliação
  Thunderbolts", Torre Stark V1's "... ganham a afiliação Vingadores") or by a state effect with a duration
  ("gain" with ``alignments`` / ``affiliations`` data, 5.7 A.2.1);
* minus those lost (a LOSE static or a "lose" state effect with ``alignments`` / ``affiliations``, a tuple or
  "all"): 8 B.2, the effect that makes it lose an attribute prevails over the one that makes it gain it.

Layering: the selectors and conditions of the statics that change these characteristics read the printed (and
lent, and state-effect) ones, never the statics' own results. So statics do not feed each other (the second
paragraph of Norman Osborn V1 does not make the first apply to the opponent's heroes), and there are no loops.

The engine's queries read these functions: ``selectors`` (selector filters "com a afiliação X", "heróis",
"que compartilhe uma afiliação", trigger subjects), ``dealing`` (the damage pipeline's ``Party``).
"""

from __future__ import annotations

from typing import Any

from cardscript.compiler.ir import Effect, EffectKind, Gain, Lose
from cardscript.compiler.vocabulary import fold_key
from cardscript.games.battle_scenes.runtime import derived
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.state import CardId

__all__ = ["ATTRS", "affiliations", "alignments", "chosen_trait", "choose_trait", "has_trait", "traits"]

ATTRS = {"alignment": "alignments", "alignments": "alignments", "affiliation": "affiliations",
         "affiliations": "affiliations"}

_CHANGERS: dict[int, tuple[object, bool]] = {}
_GATHERING: set[int] = set()          # id(game) while the statics changing characteristics are being read


def _printed(game: Game, card: CardId, attr: str) -> set[str]:
    raw = getattr(game.cards.get(card), attr, None)
    if isinstance(raw, tuple | list):
        return {str(v) for v in raw}
    return {str(raw)} if raw else set()


def _changes(effect: Effect) -> bool:
    return effect.kind is EffectKind.STATIC and any(
        bool(_gained(p, "alignments") or _gained(p, "affiliations") or p.affiliations_of) if isinstance(p, Gain)
        else bool(_lost_value(p, "alignments") or _lost_value(p, "affiliations")) if isinstance(p, Lose) else False
        for p in effect.procedures)


def _changer(definition: object) -> bool:
    """Does a card's text hold a static changing alignments or affiliations? (cached per definition)"""
    key = id(definition)
    hit = _CHANGERS.get(key)
    if hit is not None and hit[0] is definition:
        return hit[1]
    found = any(_changes(e) for e in getattr(definition, "effects", ()))
    _CHANGERS[key] = (definition, found)
    return found


def _changers_in_place(game: Game) -> bool:
    """Is a static changing alignments or affiliations in place, or a state effect doing it? (per state version)"""
    return derived.cached(game, "changers", None, lambda: _find_changers(game))


def _find_changers(game: Game) -> bool:
    state = game.state
    cards = state.in_place()
    return any(_changer(game.cards.get(c)) for c in cards) or any(
        isinstance(e.effect, Effect) and _changes(e.effect) for e in state.effects)


def _gained(p: Gain, attr: str) -> tuple[str, ...]:
    """The ``alignments`` / ``affiliations`` a ``Gain`` gives."""
    return p.alignments if attr == "alignments" else p.affiliations


def _lost_value(p: Lose, attr: str) -> object:
    """What a ``Lose`` takes of ``alignments`` / ``affiliations``: "all" ("todas as suas afiliações") or the names."""
    if attr == "alignments":
        return "all" if p.all_alignments else p.alignments
    return "all" if p.all_affiliations else p.affiliations


def _lost(value: object, have: set[str]) -> set[str]:
    if value == "all":
        return set(have)
    if isinstance(value, tuple | list):
        return {str(v) for v in value}
    return set()


def traits(game: Game, card: CardId, attr: str, depth: int = 0) -> frozenset[str]:
    """The card's ``alignments`` or ``affiliations`` now (see the module docstring). ``depth`` > 0 (a selector
    being read for a static): printed, lent and state effects only. Kept per state version at the top layer
    (``statics.at_top``, :mod:`cardscript.games.battle_scenes.runtime.derived`)."""
    from cardscript.games.battle_scenes.runtime.statics import at_top

    if depth == 0 and at_top(game):
        key = ATTRS[attr]
        return derived.cached(game, "traits", (card, key), lambda: _traits(game, card, key, 0))
    return _traits(game, card, attr, depth)


def _traits(game: Game, card: CardId, attr: str, depth: int) -> frozenset[str]:
    from cardscript.games.battle_scenes.runtime import continuous
    from cardscript.games.battle_scenes.runtime.selectors import resolve, selected
    from cardscript.games.battle_scenes.runtime.statics import active_effects
    from cardscript.games.battle_scenes.runtime.triggers import lends_text

    attr = ATTRS[attr]
    have = _printed(game, card, attr)
    base = game.state.scene.get(card)
    if base is not None:                   # 4.4.2.3 A.1.2a/b: a carried version of this character lends them
        for c in base.carried:
            if str(getattr(game.cards.get(c), "card_type", "") or "").startswith("Personagem") \
                    and lends_text(game, c, card):
                have |= _printed(game, c, attr)
    lost: set[str] = set()
    for e in game.state.effects:
        if card in e.subjects and continuous.live(game, e) and e.what in ("gain", "lose") and e.data.get(attr):
            if e.what == "gain":
                have |= {str(v) for v in e.data[attr]}
            else:
                lost |= _lost(e.data[attr], have)
    if depth > 0 or id(game) in _GATHERING or base is None or not _changers_in_place(game):
        return frozenset(have - lost)
    _GATHERING.add(id(game))
    try:
        for _, effect, sctx in list(active_effects(game, (EffectKind.STATIC,), (Gain, Lose))):
            if not _changes(effect) or not effect.executable:
                continue
            for p in effect.procedures:
                if isinstance(p, Gain):
                    gained = set(_gained(p, attr))
                    if attr == "affiliations" and p.affiliations_of is not None:   # "as afiliações de <x>", as now
                        gained |= {a for c in resolve(game, sctx, p.affiliations_of) if isinstance(c, int)
                                   for a in traits(game, c, attr, 1)}
                    if gained and selected(game, sctx, p.targets, card, 1):
                        have |= gained
                elif isinstance(p, Lose):
                    value = _lost_value(p, attr)
                    if value and selected(game, sctx, p.targets, card, 1):
                        lost |= _lost(value, have)
    finally:
        _GATHERING.discard(id(game))
    return frozenset(have - lost)


def alignments(game: Game, card: CardId) -> frozenset[str]:
    return traits(game, card, "alignments")


def affiliations(game: Game, card: CardId) -> frozenset[str]:
    return traits(game, card, "affiliations")


def has_trait(game: Game, card: CardId, attr: str, value: str, depth: int = 0) -> bool:
    """"com a afiliação X", "heróis": does the card have that alignment / affiliation now (accents and case
    folded)?"""
    want = fold_key(value)
    return any(fold_key(v) == want for v in traits(game, card, attr, depth))


def chosen_trait(game: Game, card: CardId | None, attr: str) -> str | None:
    """The alignment / affiliation ``card``'s text chose ("a afiliação escolhida"), if it chose one."""
    if card is None:
        return None
    picked = game.state.chosen_traits.get(card, {}).get(ATTRS[attr].rstrip("s"))
    return None if picked is None else str(picked)


def choose_trait(game: Game, ctx: Any, attr: str, excluding: tuple[str, ...], prompt: str) -> str | None:
    """"escolha uma afiliação [que não seja X]": the controller picks one of the affiliations of the match's cards
    (a Decision of kind ``choose_affiliation``); a permanent text's card remembers it for "a afiliação
    escolhida" (``GameState.chosen_traits``). None when there is nothing to choose."""
    from cardscript.engine.agents import Decision

    attr = ATTRS[attr]
    skip = {fold_key(x) for x in excluding}
    options = sorted({str(v) for d in game.cards.values() for v in (getattr(d, attr, None) or ())
                      if fold_key(str(v)) not in skip}, key=fold_key)
    if not options:
        return None
    singular = attr.rstrip("s")
    (pick,) = game.decide(Decision(ctx.controller, f"choose_{singular}", prompt, tuple(options)))
    chosen = options[pick]
    if not ctx.from_action and ctx.source is not None:
        game.state.chosen_traits.setdefault(ctx.source, {})[singular] = chosen
        derived.edited(game)
    return chosen
