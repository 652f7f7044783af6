"""The continuous effects working now (rules 5.3, 5.4, 5.7 B) and what they do to powers and keywords.

Continuous effects (5.3 damage modifiers, 5.4 statics: Gain / SetShield while in place, Restrict, Allow,
ExtraDraw, ChangeAction, Lose, SuppressText, ForceTarget) do nothing when "run"; they are read, while their
card works in the scene, by the queries (:mod:`cardscript.games.battle_scenes.runtime.queries`), the shields
(:mod:`cardscript.games.battle_scenes.runtime.shielding`), the damage pipeline
(:mod:`cardscript.games.battle_scenes.runtime.dealing`) and here:
:func:`powers` (printed, gained, lost: golden rule 8 B.2) and :func:`has_keyword` (5.6, lost under 5.8).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from cardscript.compiler.ir import Effect, EffectKind, Gain, Lose
from cardscript.compiler.vocabulary import fold_key
from cardscript.games.battle_scenes.runtime import characteristics, continuous, derived
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.selectors import (
    EffectContext,
    attr,
    check_condition,
    selected,
    static_context,
)
from cardscript.games.battle_scenes.runtime.state import PLACEMENTS, ActiveEffect, CardId

__all__ = ["active_effects", "at_top", "gathering_powers", "has_keyword", "layer", "powers", "powers_now", "reading",
           "state_effects"]


def _working(game: Game, card: CardId) -> tuple[bool, int | None]:
    """Is the card's permanent text working in the scene (4.4.2.3)? Returns (working, controller)."""
    from cardscript.games.battle_scenes.runtime.triggers import functional_in_scene

    return functional_in_scene(game, card)


@contextmanager
def reading(game: Game) -> Iterator[None]:
    """A stretch in which the state is only read (listing the legal plays). The continuous effects are kept per
    state version (:mod:`cardscript.games.battle_scenes.runtime.derived`) whether inside one or not; kept for the
    callers that mark
    their read-only stretches."""
    yield


def layer(game: Game) -> tuple[object, ...]:
    """Which of the statics' own readings are under way for ``game`` (the layering of
    :mod:`cardscript.games.battle_scenes.runtime.characteristics`): the statics' powers or characteristics being
    gathered, a card's
    5.8 text loss or a state effect's life being evaluated, a card's ``counts_as`` being read, a user's "como se"
    characteristics. The continuous effects working (and what they give) are a function of the state and of this
    layer: each layer's answers are kept apart. Empty at the top (the answer to a player's question)."""
    g = id(game)
    evaluating, living = continuous._EVALUATING, continuous._LIVE_CHECKING
    as_if = game.memo.get("using_as_if")
    busy = game.memo.get("counts_as_reading")
    gathering = characteristics._GATHERING
    if not (_GATHERING_POWERS or gathering or evaluating or living or as_if or busy):
        return _TOP
    return (_GATHERING_POWERS > 0, g in gathering,
            tuple(sorted(c for k, c in evaluating if k == g)) if evaluating else (),
            tuple(sorted(u for k, u in living if k == g)) if living else (),
            tuple(sorted((c, tuple(sorted((f, tuple(sorted(v))) for f, v in fs.items())))
                         for c, fs in as_if.items())) if as_if else (),
            tuple(sorted(busy)) if busy else ())


_TOP: tuple[object, ...] = (False, False, (), (), (), ())


def at_top(game: Game) -> bool:
    """Is a question about ``game`` asked at the top layer? (Then the characteristics it gets may be kept per state
    version; :func:`_settled` drops those read on an approximation.)"""
    return not any(layer(game))


def active_effects(game: Game, kinds: Sequence[EffectKind] = (EffectKind.STATIC, EffectKind.DAMAGE_MODIFIER),
                   having: tuple[type, ...] = ()) -> Iterator[tuple[CardId, Effect, EffectContext]]:
    """The continuous effects working now (5.3, 5.4): their card works in the scene and their condition holds.
    ``having``: only the effects with a procedure of one of those types (a caller that reads only those: the
    conditions of the others are not evaluated).

    Computed from the cards where they are, so that a static starts and stops working the moment its card, its
    condition or a 5.8 text loss changes ("atualizados a cada modificação", 5.4); the answer is kept until the
    state's version changes (:mod:`cardscript.games.battle_scenes.runtime.derived`), per kind and per :func:`layer`. A
    static whose
    condition reads what the statics of its own layer change (a power, an affiliation they give) is settled by
    :func:`_settled`."""
    key = (tuple(kinds), having, layer(game))
    settling = game.derived.settling.get(key)
    if settling is not None:                # asked again while these are being settled: the approximation
        game.derived.reentered.add(key)
        yield from settling
        return
    placed = _placed_only(game, key)
    if placed is not None:
        yield from derived.reused(game, "active_effects", key, placed, lambda: _settled(game, key), _same_effects)
        return
    yield from derived.cached(game, "active_effects", key, lambda: _settled(game, key), _same_effects)


def _placed_only(game: Game, key: tuple[tuple[EffectKind, ...], tuple[type, ...], tuple[object, ...]]
                 ) -> list[tuple[CardId, Effect, EffectContext]] | None:
    """The answer to ``key`` when it reads only the placement of the cards in place, else None: the continuous
    effects asked for are only those of the cards in place (no effect a resolved effect created could be one,
    5.7 B), none of them has a condition, and no 5.8 text loss is possible in the match -- then the answer is the
    effects of :func:`_sources` asked for, in order, kept with the sources themselves (:class:`_Sources`) for as
    long as the placement holds (``state.PLACEMENTS``), across the versions of the state. Taken only when the
    sources for this placement are already found (finding them may ask questions of its own: those go through
    :func:`_settled`, which guards its re-entries).

    What it found is kept per question (the kinds and procedures asked: the layer does not change it) with the
    placement it was found for (:func:`_placement`, which holds the number of card definitions: the 5.8 cards of the
    match are found from them); it is taken again only while the state has no state effect (5.7 B: one may be
    live, or a text loss), which are looked at on each question otherwise."""
    d = game.derived
    stamp = _placement(game)
    if d.placed_stamp != stamp:
        d.placed_stamp, d.placed_answers = stamp, {}
    kinds, having, _ = key
    state = game.state
    if not state.effects:
        known = d.placed_answers.get((kinds, having), _UNKNOWN)
        if known is not _UNKNOWN:
            kept: list[tuple[CardId, Effect, EffectContext]] | None = known
            return kept
    if not all(k in _CONTINUOUS for k in kinds) or continuous._suppressing_cards(game):
        d.placed_answers[(kinds, having)] = None
        return None
    for made in state.effects:
        effect = made.effect
        if made.what == "text_loss" or isinstance(effect, Effect) and effect.kind in kinds \
                and made.what == str(effect.kind) and _has(effect, having):
            return None                                 # a state effect that may be live (5.7 B), a text loss
    hit = d.lasting.get("sources")
    if hit is None or hit[0] != stamp:
        return None
    sources: _Sources = hit[1]
    entries = sources.entries(kinds, having)
    found = None if entries.conditioned else entries.found
    d.placed_answers[(kinds, having)] = found
    return found


_UNKNOWN: Any = object()


class _Entries:
    """The effects of some kinds (and procedures) of a list of sources, in order, and whether any has a condition."""

    __slots__ = ("conditioned", "found")

    def __init__(self, found: list[tuple[CardId, Effect, EffectContext]]) -> None:
        self.found = found
        self.conditioned = any(e.condition is not None for _, e, _ in found)


class _Sources(list[tuple[CardId, object, EffectContext]]):
    """The cards in place whose continuous effects can work, with their definitions and contexts (:func:`_sources`),
    and, found once per list and question, the effects of each kind of question they hold (:meth:`entries`): the
    list is kept while the placement holds, and so are they (they read nothing else: the definitions are immutable)."""

    __slots__ = ("_by_question",)

    def __init__(self) -> None:
        super().__init__()
        self._by_question: dict[tuple[tuple[EffectKind, ...], tuple[type, ...]], _Entries] = {}

    def entries(self, kinds: tuple[EffectKind, ...], having: tuple[type, ...]) -> _Entries:
        """The effects of ``kinds`` (with a procedure of ``having``) of these sources, in order."""
        found = self._by_question.get((kinds, having))
        if found is None:
            found = self._by_question[(kinds, having)] = _Entries(
                [(card, e, ctx) for card, definition, ctx in self for e in _effects_of(definition, kinds, having)])
        return found


def _same_effects(a: list[tuple[CardId, Effect, EffectContext]], b: list[tuple[CardId, Effect, EffectContext]]
                  ) -> bool:
    return len(a) == len(b) and all(x[0] == y[0] and x[1] is y[1] and x[2] == y[2] for x, y in zip(a, b, strict=True))


def _same_working(a: list[tuple[CardId, Effect, EffectContext]], b: list[tuple[CardId, Effect, EffectContext]]
                  ) -> bool:
    return [(c, id(e)) for c, e, _ in a] == [(c, id(e)) for c, e, _ in b]


def _settled(game: Game, key: tuple[tuple[EffectKind, ...], tuple[type, ...], tuple[object, ...]]
             ) -> list[tuple[CardId, Effect, EffectContext]]:
    """The continuous effects working, settled: 5.4 "todos eles se atualizam simultaneamente" -- a static whose
    condition reads what the statics of the same layer change (a power or an affiliation one of them gives) is
    working when its condition holds in the state those very statics give. Found as a fixed point: first with
    the conditions read on the printed characteristics (no static working), then on what the statics found
    give, until the statics working no longer change. Conditions that read nothing the statics change settle
    at once. A cycle with no fixed point ("ganha X enquanto não tiver X") has no answer the rules define: it is
    logged once as ``unsupported`` and the statics found on the printed characteristics work."""
    d = game.derived
    kinds, having, lay = key
    rounds: list[list[tuple[CardId, Effect, EffectContext]]] = []
    approx: list[tuple[CardId, Effect, EffectContext]] = []
    try:
        while True:
            d.settling[key] = approx
            d.reentered.discard(key)
            found = list(_active_effects(game, kinds, having, lay))
            if key not in d.reentered:
                return found
            d.tables = {}                       # what was read on the approximation is computed again
            if _same_working(found, approx):
                return found
            if any(_same_working(found, r) for r in rounds):
                _unsettled(game, found)
                return rounds[0]
            rounds.append(found)
            approx = found
    finally:
        d.settling.pop(key, None)
        d.reentered.discard(key)


def _unsettled(game: Game, found: list[tuple[CardId, Effect, EffectContext]]) -> None:
    """Log once per match and set of cards a cycle of statics with no fixed point (unsupported)."""
    cards = tuple(sorted({c for c, _, _ in found}))
    seen: set[tuple[CardId, ...]] = game.memo.setdefault("unsettled_statics", set())
    if cards in seen:
        return
    seen.add(cards)
    game.log.add("unsupported", game.depth, text="; ".join(game.name(c) for c in cards if c >= 0),
                 why="statics whose conditions read what they change have no fixed point (5.4): read on the "
                     "printed characteristics", source=cards[0] if cards else None)


_EFFECTS_OF: dict[tuple[int, tuple[EffectKind, ...], tuple[type, ...]], tuple[object, tuple[Effect, ...]]] = {}


def _effects_of(definition: object, kinds: tuple[EffectKind, ...], having: tuple[type, ...]) -> tuple[Effect, ...]:
    """A card definition's effects of those kinds (with a procedure of a type of ``having``, if given), in order
    (kept per definition: derived from the immutable card definition, not game state)."""
    key = (id(definition), kinds, having)
    hit = _EFFECTS_OF.get(key)
    if hit is not None and hit[0] is definition:
        return hit[1]
    found = tuple(e for e in getattr(definition, "effects", None) or () if e.kind in kinds and _has(e, having))
    _EFFECTS_OF[key] = (definition, found)
    return found


def _has(effect: Effect, having: tuple[type, ...]) -> bool:
    return not having or any(isinstance(p, having) for p in effect.procedures)


_CONTINUOUS = (EffectKind.STATIC, EffectKind.DAMAGE_MODIFIER, EffectKind.REPLACEMENT)


def _sources(game: Game, lay: tuple[object, ...]) -> _Sources:
    """The cards in place whose continuous effects can work now (their text works where they are, 4.4.2.3, 5.8),
    with their definitions and contexts, for every kind of question: kept while the cards in place, who controls
    and who carries them, and what their texts chose are unchanged -- per version and layer when a 5.8 text loss
    is possible in the match (it is read with the layer's guards)."""
    def find() -> _Sources:
        out = _Sources()
        for card in game.state.in_place():
            definition = game.cards.get(card)
            if not _effects_of(definition, _CONTINUOUS, ()):
                continue
            working, controller = _working(game, card)
            if working and controller is not None:
                out.append((card, definition, static_context(game, card, controller)))
        return out

    state = game.state
    if continuous._suppressing_cards(game) or any(e.what == "text_loss" for e in state.effects):
        return derived.cached(game, "sources", lay, find)          # 5.8 read with the layer's guards, per version
    return derived.kept_while(game, "sources", _placement(game), find)   # what it reads: who is where, carried by
    #                                                          whom, what the texts chose (static_context)


def _placement(game: Game) -> tuple[object, ...]:
    """The placement's count (``state.PLACEMENTS``: bumped where who is in place, who controls and carries them,
    or what their texts chose changes), with the scene's size, the scenario and the number of card definitions
    (a card added to the match)."""
    state = game.state
    return PLACEMENTS[0], len(state.scene), state.scenario, state.scenario_controller, len(game.cards)


def _active_effects(game: Game, kinds: tuple[EffectKind, ...], having: tuple[type, ...] = (),
                    lay: tuple[object, ...] = _TOP) -> Iterator[tuple[CardId, Effect, EffectContext]]:
    """The effects working now, found from the cards in place (their contexts and conditions kept per state
    version and layer, so that the lists of different kinds share them)."""
    state = game.state
    if all(k in _CONTINUOUS for k in kinds):
        entries = _sources(game, lay).entries(kinds, having).found
    else:
        entries = []
        for card in state.in_place():
            definition = game.cards.get(card)
            if _effects_of(definition, kinds, having):
                working, controller = _working(game, card)
                if working and controller is not None:
                    ctx = static_context(game, card, controller)
                    entries.extend((card, e, ctx) for e in _effects_of(definition, kinds, having))
    holds = derived.table(game, "condition")
    for card, e, ctx in entries:
        if e.condition is not None:
            key = (card, id(e), lay)
            held = holds.get(key)
            if held is None:
                held = holds[key] = check_condition(game, ctx, e.condition)
            if not held:
                continue
        yield card, e, ctx
    for made in list(state.effects):           # effects generated by resolved effects (5.7 B), with a duration
        effect = made.effect
        if isinstance(effect, Effect) and effect.kind in kinds and made.what == str(effect.kind) \
                and _has(effect, having) and continuous.live(game, made) and isinstance(made.context, EffectContext):
            yield (made.source if made.source is not None else -1), effect, made.context


def state_effects(game: Game, what: str, card: CardId) -> Iterator[ActiveEffect]:
    """The state effects (5.7 A.2.1) of kind ``what`` ("gain", "lose") working on ``card`` now."""
    for e in game.state.effects:
        if e.what == what and card in e.subjects and continuous.live(game, e):
            yield e


_GATHERING_POWERS = 0


def gathering_powers() -> bool:
    """Are the statics' powers being gathered? (A condition on powers then reads them without the statics.)"""
    return _GATHERING_POWERS > 0


def powers_now(game: Game, card: CardId, depth: int) -> set[str]:
    """Printed powers, plus gained ones (statics; until-end-of-turn state effects), minus lost ones: golden
    rule 8 B.2, losing an attribute beats gaining it, whatever the order of the effects. ``depth`` > 0: read
    for a static, without the statics. Kept per state version at the top layer (:func:`at_top`)."""
    if depth == 0 and at_top(game):
        return set(derived.cached(game, "powers", card, lambda: frozenset(_powers_now(game, card, 0))))
    return _powers_now(game, card, depth)


def _powers_now(game: Game, card: CardId, depth: int) -> set[str]:
    have = {str(p) for p in (attr(game, card, "powers") or ())}
    base = game.state.scene.get(card)
    if base is not None:                   # 4.4.2.3 A.1.2a/b: a carried version of this character lends its powers
        from cardscript.games.battle_scenes.runtime.triggers import lends_text

        for c in base.carried:
            if str(attr(game, c, "card_type") or "").startswith("Personagem") and lends_text(game, c, card):
                have |= {str(p) for p in (attr(game, c, "powers") or ())}
    lost: set[str] = set()
    lost_all = False
    for e in state_effects(game, "gain", card):
        have |= {str(x) for x in e.data.get("powers", ())}
    for e in state_effects(game, "lose", card):
        if e.data.get("powers") == "all":
            lost_all = True
        else:
            lost |= {str(x) for x in e.data.get("powers", ())}
    if depth > 0:
        return set() if lost_all else have - lost
    global _GATHERING_POWERS
    _GATHERING_POWERS += 1
    try:
        statics = list(active_effects(game, (EffectKind.STATIC,), (Gain, Lose)))
    finally:
        _GATHERING_POWERS -= 1
    for _, effect, sctx in statics:
        for p in effect.procedures:
            if isinstance(p, Gain) and (p.powers or p.powers_of is not None):
                if selected(game, sctx, p.targets, card, depth + 1):
                    have |= set(p.powers) | _powers_of(game, sctx, p, depth + 1)
            elif isinstance(p, Lose) and selected(game, sctx, p.targets, card, depth + 1):
                if p.all_powers:
                    lost_all = True
                else:
                    lost |= set(p.powers)
    return set() if lost_all else have - lost


def _powers_of(game: Game, sctx: EffectContext, p: Gain, depth: int) -> set[str]:
    """"ganha os poderes de <x>": the powers those things have now (read when asked; a chosen power's value;
    without the statics, so statics do not feed each other); an ability card's is the power printed on it (2.3:
    "os poderes dos cards de habilidade que estiver carregando" -- a card just loaded gives its power at once, 5.4)."""
    if p.powers_of is None:
        return set()
    from cardscript.games.battle_scenes.runtime.selectors import Trait, resolve

    out: set[str] = set()
    for t in resolve(game, sctx, p.powers_of):
        if isinstance(t, Trait):
            out.add(t.value)
        elif isinstance(t, int):
            out |= powers_now(game, t, depth)
            if attr(game, t, "power"):
                out.add(str(attr(game, t, "power")))
    return out


def powers(game: Game, card: CardId) -> tuple[str, ...]:
    """A character's powers now: printed, gained (statics, until end of turn), unless an effect removed them."""
    return tuple(sorted(powers_now(game, card, 0)))


def has_keyword(game: Game, card: CardId, keyword: str) -> bool:
    """5.6: a keyword characteristic holds in any area; 5.8: not while the card's permanent texts have no
    effect ("qualquer texto que apareça naqueles cards é perdido, inclusive as palavras-chave")."""
    want = fold_key(keyword)
    definition = game.cards.get(card)
    printed = any(fold_key(k) == want for k in getattr(definition, "keywords", ()) or ()) or any(
        e.kind is EffectKind.KEYWORD and fold_key(e.keyword) == want for e in getattr(definition, "effects", ()))
    if not printed:                        # gained ("ganha Predador"): as a characteristic only -- the keyword's
        printed = any(fold_key(str(k)) == want for e in state_effects(game, "gain", card)   # rule is not applied
                      for k in e.data.get("keywords", ()))
    return printed and not continuous.text_lost(game, card)
