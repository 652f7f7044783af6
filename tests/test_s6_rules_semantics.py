"""Effects that change what the rules allow (session 6, cluster "rules"): our own short card texts, lowered and run
on a small match."""

from __future__ import annotations

from cardscript.compiler.ir import ChangeAction, ChangeStage, Damage, EffectKind, SetCost
from cardscript.runtime.queries import action_cost, action_types
from tests.corpus_play import card_of, enter, match
from tests.engine_helpers import card, punch
from tests.engine_helpers import own_character as char

MENTOR = card("""Personagem: Mentor V1
Alinhamento: Herói
Energia inicial: 2
Escudo: 0

Texto permanente:
  Todas as ações de personagens chamados Aprendiz que você controla têm custo {1} e são ações imprevistas.
  Se um personagem controlado por um oponente usar uma ação que tenha um personagem chamado Aprendiz que """
                """você controla como alvo, você pode incapacitar aquele Aprendiz em {1}. Se o fizer, ele causa 1 """
                """ponto de dano naquele personagem.
""")


def test_5_4_a_plural_predicate_after_e_keeps_the_subject_of_the_one_before() -> None:
    """"As ações de X têm custo {1} e são ações imprevistas": "são" (third person plural, never an imperative)
    agrees with the subject said before "e" -- one static with both changes (4.6.1: cost and types are
    characteristics of the action)."""
    (static, _trig) = MENTOR.effects
    assert static.kind is EffectKind.STATIC
    cost, types = static.procedures
    assert isinstance(cost, SetCost) and cost.value == 1
    assert isinstance(types, ChangeAction) and types.unforeseen and not types.anticipate
    assert types.actions is not None and types.actions.filters == cost.action_filters
    pupil = char("Aprendiz", action=punch("Golpe", cost=2))
    game = match([MENTOR, pupil])
    m, p = card_of(game, 0, "Mentor V1"), card_of(game, 0, "Aprendiz V1")
    enter(game, p, 2)
    pa = game.cards[p].action
    assert pa is not None and action_cost(game, pa, user=p, holder=p) == 2
    assert action_types(game, p, pa) == (False, False)
    enter(game, m, 2)
    assert action_cost(game, pa, user=p, holder=p) == 1
    assert action_types(game, p, pa) == (False, True)


def test_9_a_demonstrative_with_a_name_is_the_participant_so_named() -> None:
    """"... usar uma ação que tenha um personagem chamado Aprendiz ... como alvo, ... aquele Aprendiz": the name
    picks the action's target (not the event's subject, which a bare "aquele personagem" names)."""
    (_static, trig) = MENTOR.effects
    stage, damage = trig.procedures
    assert isinstance(stage, ChangeStage) and stage.targets.slot == "event:target"
    assert isinstance(damage, Damage) and damage.source.slot == "event:target"
    assert damage.targets.slot == "event:subject"
