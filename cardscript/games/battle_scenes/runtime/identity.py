"""A card that leaves the scene and comes back is a new object: nothing bound to its earlier stay follows it.

The rule. The comprehensive rules do not state it in one sentence; it is what they and the publisher's rulings
rest on:

* 5.7 A.2.2: an effect with no duration of its own "dura enquanto aquele card estiver em um local onde seu
  efeito funciona (normalmente em cena)" -- it ends when its card leaves, and does not come back with it
  (``Game._end_while_source``);
* 4.8.6 C (Armadura de Combate I.M.A. carried again in the same turn): its bonus "será reiniciado em +2, por
  tratar-se de um novo efeito" -- a card put back where its text works is a new effect, not the old one resumed;
* 4.6.2 C.1 / 4.5: what a character did this turn (actions used, capacitation, "entrou em cena neste turno") is
  kept with its stay in the scene (``InScene``: a new record each time it enters);
* the rulings (corpus field ``faqs``): Retirada Estratégica V1 and Mystério V1, "o Mystério que encontrava-se em
  cena é considerado um novo personagem - seus efeitos podem ser usados novamente" (a once-per-turn limit starts
  afresh); Kraven - O Caçador V1, "Se o personagem escolhido sair de cena, o efeito ... cessa, mesmo que aquele
  personagem seja recolocado em cena logo a seguir" (a choice bound to the earlier stay no longer applies);
  Reestruturação Muscular V1 / Treinamento Intenso V1: a carried card unloaded and loaded again may use its
  once-per-turn effect again; Veículo de Combate S.H.I.E.L.D. V3: the chosen character leaving leaves the
  Veículo "sem nenhuma função".

What the engine does (:func:`end_stay`, called by ``Game._take`` whenever a card leaves the scene, the scenario
slot, or a character or support carrying it): the card's stay counter (``GameState.stays``) goes up -- a new
stay is a new object (``Engine.activated_uses`` counts "uma vez por turno" per card *and stay*) -- and every
binding to the stay that ended is dropped:

* the continuous effects created by resolved effects that name it (``ActiveEffect.subjects``: "aquele personagem
  ganha {VO} até o final do turno") no longer cover it, and the generated effects (5.7 B) whose creating effect
  targeted or named it ("o alvo", "aquele personagem": the context's targets and slots) no longer find it;
* what other cards' texts chose (``GameState.chosen``: "o personagem escolhido") no longer holds it -- but a text
  aiming at the chosen one's name or alter ego ("um personagem com o mesmo nome ou alter ego que o personagem
  escolhido") aims at those, not at the object, and goes on (the rulings: "por visarem o alter ego de um
  personagem, os efeitos ... não cessam quando o personagem ... sair de cena"):
  the card left is kept in ``GameState.chosen_left`` for those comparisons only
  (:mod:`cardscript.games.battle_scenes.runtime.filters`);
* this turn's memory of it as a game object (damaged by an action, targeted, capacitated, "potencializado", the
  damage it received) is forgotten; what happened stays: it entered the scene this turn, it was knocked out, and
  the turn's record of the actions used (``TurnMemory.uses``: "ações chamadas N que foram usadas neste turno"
  counts uses whoever made them).

What a card's own stay recorded lives in its ``InScene`` record (actions used, shield record with this turn's
gains, basic capacitation) and starts afresh on its own. What a card's text chose that is not a game object
(``GameState.chosen_traits``: "a afiliação escolhida") is not touched: the effects it generated read it for
their duration even after the card left (ruling of No Lugar Errado V1 and Imposição Estratégica V1, "O efeito de
escolha de afiliação permanece até o final do turno mesmo que este cenário saia de cena").
"""

from __future__ import annotations

from typing import Any

from cardscript.games.battle_scenes.runtime.state import CardId, GameState, placed

__all__ = ["end_stay", "stay"]


def stay(state: GameState, card: CardId) -> int:
    """Which stay in the scene of ``card`` this is (0 until it first leaves; +1 each time it leaves)."""
    return state.stays.get(card, 0)


def _without(things: list[Any], card: CardId) -> list[Any]:
    return [t for t in things if not (isinstance(t, int) and not isinstance(t, bool) and t == card)]


def _forget_in_context(context: Any, card: CardId) -> None:
    """A generated effect's creating context: ``card`` leaves its targets and slots (it no longer is "o alvo",
    "aquele personagem" of that effect)."""
    targets = getattr(context, "targets", None)
    if isinstance(targets, list):
        context.targets = [_without(list(group), card) if isinstance(group, list) else group for group in targets]
    slots = getattr(context, "slots", None)
    if isinstance(slots, dict):
        for slot, things in slots.items():
            if isinstance(things, list):
                slots[slot] = _without(things, card)


def end_stay(state: GameState, card: CardId) -> None:
    """``card`` has left the scene (or the scenario slot, or the card carrying it): its stay ends, and every
    binding to it ends with it (see the module docstring)."""
    state.stays[card] = stay(state, card) + 1
    placed()                                       # what the texts chose may forget it (state.PLACEMENTS)
    for effect in state.effects:
        if card in effect.subjects:
            effect.subjects = [s for s in effect.subjects if s != card]
        if effect.context is not None:
            _forget_in_context(effect.context, card)
    state.chosen_left.pop(card, None)              # its own choices' identities end with it
    for source, slots in state.chosen.items():
        for slot, chosen in slots.items():
            if card in chosen:
                slots[slot] = [c for c in chosen if c != card]
                state.chosen_left.setdefault(source, {}).setdefault(slot, []).append(card)
    memory = state.this_turn
    memory.damaged_by_action = [c for c in memory.damaged_by_action if c != card]
    memory.targeted = [c for c in memory.targeted if c != card]
    memory.capacitated = [c for c in memory.capacitated if c != card]
    memory.marked = [(verb, c) for verb, c in memory.marked if c != card]
    memory.damaged_from = [d for d in memory.damaged_from if d[0] != card]
