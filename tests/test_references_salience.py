"""What a reference means (principle 3, ``docs/semantics.md`` section 3): pronouns, clitics and demonstratives bound
to the thing the text means -- this card when it is the salient one, never a player as the object of a card verb,
never "este personagem" for "aquele personagem" -- and definite descriptions that restate the trigger's event.
Also: effects an action cannot create are reported, never run at once. Card texts written for these tests."""

from __future__ import annotations

from cardscript.compiler.ir import (
    CardDef,
    ChangeStage,
    Choose,
    Damage,
    Discard,
    Effect,
    EffectKind,
    Gain,
    Kind,
    Load,
    Lose,
    ModifyDamage,
    Move,
    PutInScene,
    Ref,
    Restrict,
    Reveal,
    Selector,
)
from cardscript.compiler.lower import lower_card
from cardscript.compiler.pipeline import compile_source
from cardscript.core.source import SourceFile

CHARACTER = """Personagem: Sentinela Teste V1
Alinhamento: Herói
Afiliações: Vingadores
Poderes: {AG}
Energia inicial: 4
Escudo: 1
"""

ABILITY = """Habilidade: Truque Teste V1
Poder: Agilidade
"""


def _lower(text: str) -> CardDef:
    card = compile_source(SourceFile("t.card", text))
    assert card.bound, [d.message for d in card.diagnostics]
    return lower_card(card)


def _permanent(head: str, *paragraphs: str, action: str = "") -> CardDef:
    text = head + "\nTexto permanente:\n" + "".join(f"  {p}\n" for p in paragraphs)
    if action:
        text += f"\nAção: Truque Teste\n  Custo: {{1}}\n  Poder: Agilidade\n  {action}\n"
    return _lower(text)


def _effects(d: CardDef, kind: EffectKind) -> list[Effect]:
    return [e for e in d.effects if e.kind is kind]


def test_clitic_after_a_condition_on_this_card_means_this_card_not_the_player() -> None:
    d = _permanent(ABILITY, "Durante a Etapa de Antecipação do turno de um oponente, se este card estiver em seus "
                            "recursos, você pode carregá-lo em um personagem com {AG} que você controla.",
                   action="Truque Teste causa 1 ponto de dano no alvo.")
    (eff,) = _effects(d, EffectKind.ACTIVATED)
    load = eff.procedures[0]
    assert isinstance(load, Load) and load.cards.ref is Ref.THIS_CARD
    assert d.executable


def test_clitic_object_of_a_card_verb_is_never_a_player() -> None:
    d = _permanent(ABILITY, "Durante sua Fase de Preparação, se este card estiver em seus recursos e seu oponente "
                            "não controlar nenhum personagem, você pode carregá-lo em um personagem que você controla.",
                   action="Truque Teste causa 1 ponto de dano no alvo.")
    load = _effects(d, EffectKind.ACTIVATED)[0].procedures[0]
    assert isinstance(load, Load) and load.cards.ref is Ref.THIS_CARD


def test_clitic_prefers_the_subject_of_its_clause() -> None:
    d = _permanent(ABILITY, "Quando este card for descarregado de um personagem, coloque-o na base do deck de seu "
                            "dono.",
                   action="Truque Teste causa 1 ponto de dano no alvo.")
    (eff,) = _effects(d, EffectKind.TRIGGERED)
    move = eff.procedures[0]
    assert isinstance(move, Move) and move.to == "deck_bottom"
    # the event's subject is this card: what the clitic reads is that slot, not "um personagem"
    assert move.cards.ref is Ref.SLOT and move.cards.slot == "event:subject"
    assert eff.trigger is not None and eff.trigger.subject is not None
    assert eff.trigger.subject.ref is Ref.THIS_CARD


def test_ele_after_a_condition_on_this_character_is_this_character() -> None:
    d = _permanent(CHARACTER, "Enquanto este personagem estiver carregando algum card de suporte, ele ganha "
                              "Escudo +1.", action="Truque Teste causa 1 ponto de dano no alvo.")
    (eff,) = _effects(d, EffectKind.STATIC)
    gain = eff.procedures[0]
    assert isinstance(gain, Gain) and gain.targets.ref is Ref.THIS_CHARACTER


def test_aquele_personagem_is_never_this_character_restated_by_its_name() -> None:
    d = _permanent(CHARACTER, "Quando um personagem entrar em cena, você pode incapacitar este personagem "
                              "(Sentinela Teste) em {2}. Se o fizer, este personagem causa 4 pontos de dano naquele "
                              "personagem.", action="Truque Teste causa 1 ponto de dano no alvo.")
    (eff,) = _effects(d, EffectKind.TRIGGERED)
    stage, damage = eff.procedures
    assert isinstance(stage, ChangeStage) and stage.targets.ref is Ref.THIS_CHARACTER
    assert isinstance(damage, Damage) and damage.targets.ref is Ref.SLOT and damage.targets.slot == "event:subject"


def test_5_2_the_definite_description_restating_the_event_is_its_subject() -> None:
    d = _permanent(CHARACTER, "Toda vez que um personagem entrar em cena, você pode incapacitar este personagem em "
                              "{1}. Se o fizer, ele causa 1 ponto de dano no personagem que entrou em cena.",
                   action="Truque Teste causa 1 ponto de dano no alvo.")
    damage = _effects(d, EffectKind.TRIGGERED)[0].procedures[1]
    assert isinstance(damage, Damage)
    assert damage.targets == Selector(kind=damage.targets.kind, ref=Ref.SLOT, slot="event:subject", every=True,
                                      text=damage.targets.text)
    assert damage.source.ref is Ref.THIS_CHARACTER


def test_entered_this_turn_stays_a_filter() -> None:
    """"que entrou em cena neste turno" is a description (any character that entered this turn), not the event."""
    d = _permanent(CHARACTER, "Toda vez que um personagem entrar em cena, este personagem causa 1 ponto de dano em "
                              "um personagem que entrou em cena neste turno.",
                   action="Truque Teste causa 1 ponto de dano no alvo.")
    damage = _effects(d, EffectKind.TRIGGERED)[0].procedures[0]
    assert isinstance(damage, Damage) and damage.targets.ref is None
    assert any(f.field == "entered_this_turn" for f in damage.targets.filters)


def test_the_carried_card_a_condition_names_is_a_card_the_subject_carries() -> None:
    d = _permanent(CHARACTER, "Durante sua Fase de Preparação, uma vez por turno, se este personagem estiver "
                              "carregando um card de habilidade com {AG}, você pode colocar aquele card na base do "
                              "deck de seu dono.", action="Truque Teste causa 1 ponto de dano no alvo.")
    move = _effects(d, EffectKind.ACTIVATED)[0].procedures[0]
    assert isinstance(move, Move) and move.cards.zone == "carried"
    assert move.cards.of is not None and move.cards.of.ref is Ref.THIS_CHARACTER


def test_5_7_an_action_creates_an_effect_for_a_later_phase_not_run_at_once() -> None:
    """"No início do próximo turno, compre um card": not run at once -- a trigger the action creates (5.7 B; see
    tests/test_semantics_s5_times.py); a later phase whose occurrence is unclear stays not executable."""
    d = _permanent(CHARACTER, "Este personagem ganha Escudo +1.",
                   action="Truque Teste causa 1 ponto de dano no alvo. No início do próximo turno, compre um card.")
    assert d.action is not None and d.executable
    assert type(d.action.modes[0].procedures[-1]).__name__ == "Generate"
    d = _permanent(CHARACTER, "Este personagem ganha Escudo +1.",
                   action="Truque Teste causa 1 ponto de dano no alvo. No final do próximo turno, compre um card.")
    assert d.action is not None and not d.executable


def test_5_7_what_a_generated_effect_cannot_read_is_reported() -> None:
    """A hypothetical trigger inside an action whose body is not a damage modifier: reported, never run at once."""
    d = _permanent(CHARACTER, "Este personagem ganha Escudo +1.",
                   action="Até o final do turno, toda vez que um personagem fosse causar dano a este personagem, "
                          "este personagem causa 2 pontos de dano no personagem que causou aquele dano.")
    assert d.action is not None and not d.executable


def test_every_one_of_coordinated_targets_each_with_cada() -> None:
    """"a cada outro personagem e a cada suporte": all of them, not one of the two groups."""
    d = _permanent(CHARACTER, "Este personagem ganha Escudo +1.",
                   action="Truque Teste causa 3 pontos de dano a cada outro personagem e a cada suporte.")
    assert d.action is not None
    (damage,) = d.action.modes[0].procedures
    assert isinstance(damage, Damage) and damage.targets.every and len(damage.targets.union) == 2


def test_one_of_each_of_several_things_is_not_one_of_them() -> None:
    """"por um card chamado A, um card chamado B e um card chamado C": three cards -- not yet run (reported)."""
    d = _permanent(CHARACTER, "Quando este personagem entrar em cena, você pode procurar em seus recursos por um card "
                              "chamado Truque Teste, um card chamado Sentinela Teste e um card chamado Vingadores.",
                   action="Truque Teste causa 1 ponto de dano no alvo.")
    assert not d.executable


def test_4_6_an_activation_window_inside_an_action_is_reported() -> None:
    d = _permanent(CHARACTER, "Este personagem ganha Escudo +1.",
                   action="Durante a Fase de Preparação deste turno, você pode comprar um card.")
    assert not d.executable


def test_clitic_means_the_whole_phrase_a_procedure_acted_on() -> None:
    """"procure por um card ... que o personagem incapacitado, revele-o": the card found, not the character inside
    its description; "escolha um card que estiver sendo carregado por um personagem ... e coloque-o": the card."""
    d = _permanent(CHARACTER, "Quando este personagem entrar em cena, você pode incapacitar em {1} um personagem que "
                              "você controla. Se o fizer, procure em seu deck por um card de personagem com o mesmo "
                              "alter ego que o personagem incapacitado, revele-o, coloque-o em sua mão e embaralhe o "
                              "seu deck.", action="Escolha um card que estiver sendo carregado por um personagem ou "
                                                  "suporte e coloque-o na base do deck de seu dono.")
    stage, search, reveal, move, _ = _effects(d, EffectKind.TRIGGERED)[0].procedures
    assert isinstance(reveal, Reveal) and reveal.cards.slot == search.introduces != stage.introduces
    assert isinstance(move, Move) and move.cards.slot == search.introduces
    assert d.action is not None
    choose, put = d.action.modes[0].procedures
    assert isinstance(put, Move) and put.cards.ref is Ref.SLOT and put.cards.slot == choose.introduces


def test_another_player_than_one_named_before_is_not_your_opponent() -> None:
    """"um jogador ... outro jogador": two different players, either way round -- not "your opponent" alone
    (tests/test_semantics_s5_references.py plays it)."""
    d = _permanent(CHARACTER, "Toda vez que um herói controlado por um jogador fosse causar dano em um herói "
                              "controlado por outro jogador, ele causará aquela quantidade de dano +1.",
                   action="Truque Teste causa 1 ponto de dano no alvo.")
    assert d.executable
    (effect,) = _effects(d, EffectKind.DAMAGE_MODIFIER)
    targets = [p.target for p in effect.procedures if isinstance(p, ModifyDamage)]
    assert sorted(str(f.value) for t in targets if t is not None for f in t.filters if f.field == "controller") == [
        "opponent", "you"]


def test_x_definition_words_are_accounted_for() -> None:
    """"X é igual ao número de outras ações chamadas X que foram usadas neste turno durante a Fase de Combate": every
    word is read now -- the phase too (the turn's record keeps it: ``used_during``, tests/test_s6_records_semantics.py);
    a phase of another player's turn is still reported there. ("de poderes diferentes": test_semantics_references.)"""
    d = _permanent(CHARACTER, "Este personagem ganha Escudo +1.",
                   action="Truque Teste causa X+3 pontos de dano no alvo. X é igual ao número de outras ações chamadas "
                          "Truque Teste que foram usadas neste turno durante a Fase de Combate.")
    assert d.executable


def test_x_is_the_initial_energy_when_the_text_says_inicial() -> None:
    d = _permanent(CHARACTER, "Este personagem ganha Escudo +1.",
                   action="Coloque os X cards do topo de seu deck em seus recursos. X é igual à Energia Inicial deste "
                          "personagem.")
    assert d.action is not None and d.executable
    (move,) = d.action.modes[0].procedures
    assert isinstance(move, Move) and move.cards.count.x is not None
    assert move.cards.count.x.attribute == "initial_energy"


def test_4_6_2_B_e_ou_gives_either_option_or_both() -> None:
    d = _permanent(CHARACTER, "Este personagem ganha Escudo +1.",
                   action="Truque Teste causa 2 pontos de dano no alvo e/ou compre um card.")
    assert d.action is not None and d.executable
    kinds = [[type(p).__name__ for p in m.procedures] for m in d.action.modes]
    assert kinds == [["Damage"], ["Draw"], ["Damage", "Draw"]]


def test_what_a_character_was_carrying_is_a_past_state_not_what_it_carries_now() -> None:
    d = _permanent(CHARACTER, "Durante sua Fase de Preparação, se você controlar um personagem chamado Vingadores, "
                              "você pode descarregar todos os cards dele. Se o fizer, carregue neste personagem os "
                              "cards que aquele personagem estava carregando.",
                   action="Truque Teste causa 1 ponto de dano no alvo.")
    assert d.executable              # the cards the effect unloaded from it (tests/test_semantics_s5_times.py)
    load = d.effects[0].procedures[-1]
    assert isinstance(load, Load) and load.cards.zone == "carried_before"


def test_an_indefinite_a_later_reference_reads_is_chosen_first() -> None:
    """"um card dos recursos de um jogador em um personagem que aquele jogador controla": one player, chosen first
    (its slot), read by both phrases -- not two independent choices."""
    d = _permanent(CHARACTER, "Este personagem ganha Escudo +1.",
                   action="Carregue um card dos recursos de um jogador em um personagem que aquele jogador controla.")
    assert d.action is not None and d.executable
    choose, load = d.action.modes[0].procedures
    assert isinstance(choose, Choose) and choose.what is not None and choose.what.kind is Kind.PLAYER
    assert isinstance(load, Load) and load.cards.of is not None and load.cards.of.slot == choose.introduces
    controller = next(f for f in load.onto.filters if f.field == "controller")
    assert isinstance(controller.value, Selector) and controller.value.slot == choose.introduces


def test_aquele_card_after_a_choice_of_a_card_carried_by_someone_is_that_card() -> None:
    d = _permanent(CHARACTER, "Este personagem ganha Escudo +1.",
                   action="Escolha um card carregado por um personagem em cena e coloque aquele card na base do deck "
                          "de seu dono. Então escolha outro card carregado por aquele mesmo personagem e devolva "
                          "aquele card para a mão de seu dono.")
    assert d.action is not None and d.executable
    first, card, put, other, back = d.action.modes[0].procedures
    assert isinstance(first, Choose) and isinstance(card, Choose) and isinstance(other, Choose)
    assert isinstance(put, Move) and put.cards.slot == card.introduces
    assert other.what is not None and other.what.of is not None and other.what.of.slot == first.introduces
    assert isinstance(back, Move) and back.cards.slot == other.introduces


def test_a_pronoun_never_means_its_own_clauses_object() -> None:
    """"Toda vez que este personagem usar uma ação, você pode carregar um card ... de seus recursos nele": in it --
    the character, not the card (binding principle B)."""
    d = _permanent(CHARACTER, "Toda vez que este personagem usar uma ação, você pode carregar um card de habilidade "
                              "de seus recursos nele.", action="Truque Teste causa 1 ponto de dano no alvo.")
    load = _effects(d, EffectKind.TRIGGERED)[0].procedures[0]
    assert isinstance(load, Load) and load.onto.ref in (Ref.SLOT, Ref.THIS_CHARACTER)
    assert load.onto.ref is not Ref.SLOT or load.onto.slot == "event:subject"


def test_a_reference_to_an_indefinite_not_remembered_is_reported() -> None:
    """"você pode escolher um poder de um personagem controlado por outro jogador. Se o fizer, aquele personagem
    perde ...": the character is not remembered by the choice of a power -- reported, not every such character."""
    d = _permanent(CHARACTER, "Durante sua Fase de Preparação, uma vez por turno, você pode escolher um poder de um "
                              "personagem controlado por outro jogador. Se o fizer, aquele personagem perde o poder "
                              "escolhido até o final do turno.", action="Truque Teste causa 1 ponto de dano no alvo.")
    for e in d.effects:
        for p in e.procedures:
            if isinstance(p, Lose):
                assert p.targets.ref is Ref.SLOT, "'aquele personagem' must read the one chosen, never 'every'"


def test_the_masculine_clitic_means_a_card_of_ability() -> None:
    """"Escolha um card de habilidade ... de seus recursos e carregue-o": "-o" is the card chosen ("um card", however
    feminine "habilidade" is), not this card nor a player."""
    d = _permanent(CHARACTER, "Este personagem ganha Escudo +1.",
                   action="Escolha um card de habilidade de {AG} de seus recursos e carregue-o neste personagem.")
    assert d.action is not None
    choose, load = d.action.modes[0].procedures
    assert isinstance(load, Load) and load.cards.slot == choose.introduces


def test_a_card_in_the_area_of_its_owner_is_the_loaded_ones_owners() -> None:
    """"carregue no alvo um card dos recursos de seu dono": the owner of what is loaded (the target: the only thing
    the clause names that has an owner) -- not "your" (tests/test_semantics_s5_procedures.py)."""
    from cardscript.compiler.ir import Load

    d = _permanent(CHARACTER, "Este personagem ganha Escudo +1.",
                   action="Carregue no alvo um card dos recursos de seu dono.")
    assert d.executable and d.action is not None
    (load,) = d.action.modes[0].procedures
    assert isinstance(load, Load) and load.cards.of is not None and load.cards.of.ref is Ref.OWNER
    assert load.cards.of.of is not None and load.cards.of.of.ref is Ref.TARGET


def test_5_2_the_player_of_a_phase_trigger_is_the_one_whose_phase_it_is() -> None:
    """"No início da Fase de Ajuste de cada jogador, ... à escolha daquele jogador": that phase's player
    (``event:player``), not every player."""
    d = _permanent(CHARACTER, "No início da Fase de Ajuste de cada jogador, este personagem causa 1 ponto de dano em "
                              "um personagem à escolha daquele jogador.",
                   action="Truque Teste causa 1 ponto de dano no alvo.")
    damage = _effects(d, EffectKind.TRIGGERED)[0].procedures[0]
    assert isinstance(damage, Damage) and damage.targets.chooser is not None
    assert damage.targets.chooser.ref is Ref.SLOT and damage.targets.chooser.slot == "event:player"


def test_4_8_aquela_fonte_is_any_source_of_the_hypothetical_damage() -> None:
    """"Toda vez que este personagem fosse receber dano de uma fonte, aquela fonte causará aquela quantidade de dano
    -1": damage from any source is reduced -- not only damage this character deals."""
    d = _permanent(CHARACTER, "Toda vez que este personagem fosse receber dano de uma fonte, aquela fonte causará "
                              "aquela quantidade de dano -1.", action="Truque Teste causa 1 ponto de dano no alvo.")
    (eff,) = _effects(d, EffectKind.DAMAGE_MODIFIER)
    (mod,) = eff.procedures
    assert isinstance(mod, ModifyDamage) and mod.source is None and mod.delta == -1
    assert mod.target is not None and mod.target.ref is Ref.THIS_CHARACTER


def test_4_1_a_player_discards_from_their_own_hand() -> None:
    d = _permanent(CHARACTER, "Este personagem ganha Escudo +1.",
                   action="O oponente alvo descarta um card.")
    assert d.action is not None
    (discard,) = d.action.modes[0].procedures
    assert isinstance(discard, Discard) and discard.cards.zone == "hand"
    assert discard.cards.zone_owner is Ref.OPPONENT or (discard.cards.of is not None
                                                        and discard.cards.of.ref is Ref.TARGET)


def test_clitic_after_choosing_a_card_carried_by_the_target_is_that_card() -> None:
    """"Escolha um card de habilidade carregado no personagem alvo e coloque-o na base do deck": the card chosen,
    never the target the choice's phrase names."""
    d = _permanent(CHARACTER, "Este personagem ganha Escudo +1.",
                   action="Escolha um card de habilidade carregado no personagem alvo e coloque-o na base do deck de "
                          "seu dono.")
    assert d.action is not None
    choose, move = d.action.modes[0].procedures
    assert isinstance(move, Move) and move.cards.ref is Ref.SLOT and move.cards.slot == choose.introduces


def test_4_4_what_is_put_in_scene_comes_from_the_hand_unless_said() -> None:
    """"você pode colocar em cena um card de personagem ...": from your hand (rules: the cards put in scene are the
    hand's) -- never a card already in the scene."""
    d = _permanent(CHARACTER, "Quando este personagem entrar em cena, você pode colocar em cena um card de personagem "
                              "com a afiliação Vingadores.", action="Truque Teste causa 1 ponto de dano no alvo.")
    put = _effects(d, EffectKind.TRIGGERED)[0].procedures[0]
    assert isinstance(put, PutInScene) and put.cards.zone == "hand" and put.cards.zone_owner is Ref.YOU


def test_se_for_after_damaging_the_target_is_about_the_target() -> None:
    """"... causa 1 ponto de dano no alvo. Se for um personagem, ...": the target is a character -- not this card."""
    d = _permanent(CHARACTER, "Este personagem ganha Escudo +1.",
                   action="Truque Teste causa 1 ponto de dano no alvo. Se for um personagem, o alvo não pode usar "
                          "ações de {AG} neste turno.")
    assert d.action is not None
    _, restrict = d.action.modes[0].procedures
    assert restrict.condition is not None and restrict.condition.subject is not None
    assert restrict.condition.subject.ref is Ref.TARGET


def test_se_for_about_the_card_unloaded_reads_it() -> None:
    """The unloading remembers the card it unloaded (session 7, tests/test_s7_unloaded_semantics.py): "Se for um
    card de cenário, ... aquele cenário" is that card, not a second choice."""
    d = _permanent(CHARACTER, "Este personagem ganha Escudo +1.",
                   action="Descarregue um card que estiver sendo carregado por um personagem. Se for um card de "
                          "cenário, você pode colocar aquele cenário em cena.")
    assert d.executable and d.action is not None
    unload, put = d.action.modes[0].procedures
    assert put.cards.slot == unload.unloaded  # type: ignore[attr-defined]


def test_aquele_personagem_after_a_condition_is_the_one_it_describes() -> None:
    """"Se algum personagem estiver carregando um card chamado X, aquele personagem não pode ser alvo de ações": the
    carrier -- not every character."""
    d = _permanent(CHARACTER, "Se algum personagem estiver carregando um card chamado Truque Teste, aquele personagem "
                              "não pode ser alvo de ações.", action="Truque Teste causa 1 ponto de dano no alvo.")
    (eff,) = _effects(d, EffectKind.STATIC)
    (restrict,) = eff.procedures
    assert isinstance(restrict, Restrict) and restrict.subject is not None
    assert any(f.field == "carrying" for f in restrict.subject.filters)


def test_other_in_a_comparison_excludes_what_it_is_compared_with() -> None:
    """"se houver em cena um outro personagem com o mesmo alter ego do alvo": another than the target (the target
    shares its own alter ego; excluding this card instead would make the condition always true)."""
    d = _permanent(CHARACTER, "Este personagem ganha Escudo +1.",
                   action="Truque Teste causa 2 pontos de dano no personagem alvo se houver em cena um outro "
                          "personagem com o mesmo alter ego do alvo.")
    assert d.executable
    assert d.action is not None
    (damage,) = d.action.modes[0].procedures
    cond = damage.condition
    assert cond is not None and cond.kind == "exists" and cond.subject is not None
    excluded = cond.subject.excluding
    assert excluded is not None and excluded.ref is Ref.TARGET


def test_este_names_the_turn_the_action_the_phase_not_the_character() -> None:
    """What "este turno", "esta ação", "esta etapa" are bound to (explain's and the editor's hover): the turn, the
    action, the step -- "este personagem" alone is the card's character."""
    text = ("Personagem: Teste V1\nAlinhamento: Herói\nPoderes: Voo\nEnergia inicial: 3\nEscudo: 1\n\n"
            "Ação: Golpe\n  Custo: {1}\n  Poder: Voo\n  Golpe causa 1 ponto de dano no alvo. Este personagem pode "
            "usar esta ação outra vez neste turno.\n")
    compiled = compile_source(SourceFile("t.card", text))
    assert compiled.action is not None
    bound = {b.reference: b.target for b in compiled.action.bindings}
    assert bound["este personagem"] == "the character with Teste"
    assert bound["esta ação"] == "this action" and bound["este turno"] == "this turn"
