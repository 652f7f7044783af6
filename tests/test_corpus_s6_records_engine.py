"""Session 6, cluster "records": corpus cards that ask what the turn remembers of its action uses (the turn's
record, ``TurnMemory.uses`` of :class:`~cardscript.games.battle_scenes.runtime.state.ActionUseRecord`: who used which
action, written
where, its targets, the phase and step, its order), played on the engine with assertions on what their printed text
says happens.

Every card is read from the development corpora (``../shared/corpus``) at test time (``tests/corpus_play.py``);
the module is skipped without the corpora. The docstrings describe each behaviour in our own words and cite the
card by name and printed code.
"""

from __future__ import annotations

from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.state import ActionUseRecord, CardId, Zone
from tests.corpus_play import (
    Eager,
    at,
    calcs,
    card_of,
    corpus_card,
    enter,
    match,
    require_corpus,
    scenario,
    usable,
    use,
    zone,
)
from tests.engine_helpers import card, pick, punch
from tests.engine_helpers import own_character as char

require_corpus()


def damage_of(game: Match, card_id: CardId) -> int:
    return game.state.scene[card_id].damage_taken_this_turn


def test_assalto_sincronizado_counts_the_other_uses_of_its_name_in_the_combat_phase() -> None:
    """Assalto Sincronizado (PROMO 6): X+1 damage, X the other uses this turn of actions of that name made during
    the Combat Phase -- the first use deals 1, a second copy's use after it 2; a use in the Preparation Phase is not
    counted, nor the use resolving now."""
    assault = corpus_card("PROMO 6")
    game = match([char("Um", powers="Agilidade", ie=4), char("Dois", powers="Agilidade", ie=4),
                  char("Tres", powers="Agilidade", ie=4), assault, assault, assault],
                 [char("Alvo", ie=9)])
    one, two, three = (card_of(game, 0, f"{n} V1") for n in ("Um", "Dois", "Tres"))
    a1, a2, a3 = (card_of(game, 0, "Assalto Sincronizado V1", k) for k in range(3))
    enter(game, one, 3, carried=[a1])
    enter(game, two, 3, carried=[a2])
    enter(game, three, 3, carried=[a3])
    target = card_of(game, 1, "Alvo V1")
    enter(game, target, 9)
    at(game, "combat", "attack")
    use(game, one, "Assalto Sincronizado")
    game.eng.tree.resolve()
    assert damage_of(game, target) == 1          # X = 0: no other use before it
    # a use of that name in another phase of the turn (actions used by effects outside the Combat Phase): not counted
    game.state.this_turn.uses.append(ActionUseRecord(two, a2, "Assalto Sincronizado", "AG", player=0,
                                                     phase="preparation", order=1))
    use(game, two, "Assalto Sincronizado")
    game.eng.tree.resolve()
    assert damage_of(game, target) == 3          # X = 1: the first combat use only
    use(game, three, "Assalto Sincronizado")
    game.eng.tree.resolve()
    assert damage_of(game, target) == 6          # X = 2: the two other combat uses
    records = game.state.this_turn.uses
    assert [(r.phase, r.step, r.order) for r in records] == [
        ("combat", "attack", 0), ("preparation", "", 1), ("combat", "attack", 2), ("combat", "attack", 3)]


SEEING = ("Ação: Visão\n  Custo: {0}\n  Poder: Magia\n  Clarividência 1 - Este personagem ganha Escudo +1 até o final "
          "do turno.\n")


def test_olho_de_agamotto_its_carrier_s_clarividencia_actions_let_you_draw_after_them() -> None:
    """Olho de Agamotto ((2014) BSPO 86/100): after each action with Clarividência its carrier uses (once it has
    resolved, the cards set aside back: 7.1), its controller may draw a card; another character's action with
    Clarividência, or an action of the carrier without it, draws nothing."""
    other = "Ação: Olhar\n  Custo: {0}\n  Poder: Magia\n  Este personagem ganha Escudo +1 até o final do turno.\n"
    game = match([corpus_card("(2014) BSPO 86/100"), char("Vidente", powers="Magia", action=SEEING),
                  char("Outro", powers="Magia", action=SEEING), char("Terceiro", powers="Magia", action=other)],
                 [char("Alvo", ie=5)])
    eye = card_of(game, 0, "Olho de Agamotto V1")
    seer, second, third = (card_of(game, 0, f"{n} V1") for n in ("Vidente", "Outro", "Terceiro"))
    enter(game, seer, 2, carried=[eye])
    enter(game, second, 2)
    enter(game, third, 2)
    enter(game, card_of(game, 1, "Alvo V1"), 2)
    at(game, "combat", "attack")
    hand = len(game.state.players[0].hand)
    use(game, seer, "Visão")
    game.eng.tree.resolve()
    assert len(game.state.players[0].hand) == hand + 1
    kinds = [e.kind for e in game.log.events if e.kind in ("draw", "action_resolved")]
    assert kinds[-2:] == ["action_resolved", "draw"]                      # after the action, not during it
    use(game, second, "Visão")
    game.eng.tree.resolve()
    assert len(game.state.players[0].hand) == hand + 1                    # not the carrier's action
    use(game, third, "Olhar")
    game.eng.tree.resolve()
    assert len(game.state.players[0].hand) == hand + 1                    # no Clarividência (nor the carrier)


def test_olho_de_agamotto_an_action_without_clarividencia_of_its_carrier_draws_nothing() -> None:
    """Olho de Agamotto ((2014) BSPO 86/100): only the actions with Clarividência of its carrier."""
    other = "Ação: Olhar\n  Custo: {0}\n  Poder: Magia\n  Este personagem ganha Escudo +1 até o final do turno.\n"
    game = match([corpus_card("(2014) BSPO 86/100"), char("Vidente", powers="Magia", action=other)],
                 [char("Alvo", ie=5)])
    seer = card_of(game, 0, "Vidente V1")
    enter(game, seer, 2, carried=[card_of(game, 0, "Olho de Agamotto V1")])
    at(game, "combat", "attack")
    hand = len(game.state.players[0].hand)
    use(game, seer, "Olhar")
    game.eng.tree.resolve()
    assert len(game.state.players[0].hand) == hand


def test_acao_dupla_the_chosen_character_s_own_action_may_be_used_again() -> None:
    """Ação Dupla ((2014) BSMI 53/100): entering, it chooses a character in the scene; when that character uses an
    action written on its own card, you may put the scenario in its owner's resources, and then that character may
    use that action once more this turn. An action of a card it carries does not trigger it, nor another
    character's action."""
    skill = card("Habilidade: Golpe Emprestado V1\nPoder: Super Força\n\n" + punch("Golpe Emprestado"))
    game = match([corpus_card("(2014) BSMI 53/100"), char("Herói", action=punch("Soco Duplo")),
                  char("Outro", action=punch("Soco Alheio")), skill], [char("Alvo", ie=9)],
                 a=Eager({"choose": [pick("Herói")]}))
    scene_card = card_of(game, 0, "Ação Dupla V1")
    hero, other = card_of(game, 0, "Herói V1"), card_of(game, 0, "Outro V1")
    enter(game, hero, 3, carried=[card_of(game, 0, "Golpe Emprestado V1")])
    enter(game, other, 3)
    enter(game, card_of(game, 1, "Alvo V1"), 9)
    scenario(game, scene_card)
    assert game.state.chosen[scene_card]["card:0"] == [hero]
    at(game, "combat", "attack")
    use(game, other, "Soco Alheio")                                      # not the chosen character
    game.eng.tree.resolve()
    assert game.state.scenario == scene_card
    use(game, hero, "Golpe Emprestado")                                  # written on a card it carries
    game.eng.tree.resolve()
    assert game.state.scenario == scene_card
    assert not usable(game, hero, "Soco Duplo")                          # its one action of the turn is spent
    game.state.scene[hero].actions_used.clear()
    use(game, hero, "Soco Duplo")                                        # its own card's action
    game.eng.tree.resolve()
    assert game.state.scenario is None and zone(game, scene_card) == str(Zone.RESOURCES)
    assert usable(game, hero, "Soco Duplo") and not usable(game, hero, "Golpe Emprestado")


def test_possessao_sinistra_unloads_only_for_the_chosen_character_s_actions() -> None:
    """Possessão Sinistra ((2014) BSMI 65/100): entering, it chooses a character in the scene; each action that
    character uses makes you choose and unload a card of it -- another character's action unloads nothing (the
    trigger's subject is the character the card remembers it chose)."""
    game = match([corpus_card("(2014) BSMI 65/100"), char("Um", action=punch("Soco Um")),
                  char("Dois", action=punch("Soco Dois"))], [char("Alvo", ie=9)],
                 a=Eager({"choose": [pick("Um")]}))
    one, two = card_of(game, 0, "Um V1"), card_of(game, 0, "Dois V1")
    enter(game, one, 3)
    enter(game, two, 3)
    enter(game, card_of(game, 1, "Alvo V1"), 9)
    scenario(game, card_of(game, 0, "Possessão Sinistra V1"))
    at(game, "combat", "attack")
    use(game, two, "Soco Dois")
    game.eng.tree.resolve()
    assert game.state.scene[two].energy == 3
    use(game, one, "Soco Um")
    game.eng.tree.resolve()
    assert game.state.scene[one].energy == 2


def test_extrapolar_os_limites_a_carried_character_s_action_grants_one_of_another_name() -> None:
    """Extrapolar os Limites ((2014) BSMI 58/100): each time a character uses an action of a character card it
    carries, it may use one more action this turn, of a name different from those it already used this turn -- its
    own card's action (another name) then, not the carried one again; an action of its own card grants nothing."""
    lent = card("Personagem: Mentor V2\nAlter ego: Pessoa\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: "
                "2\nEscudo: 0\n\n" + punch("Lição do Mentor"))          # same alter ego, another version (C.3)
    game = match([corpus_card("(2014) BSMI 58/100"), char("Aluno", alter_ego="Pessoa", action=punch("Soco Próprio")),
                  lent,
                  char("Outro", action=punch("Soco Alheio"))], [char("Alvo", ie=9)])
    student, other = card_of(game, 0, "Aluno V1"), card_of(game, 0, "Outro V1")
    enter(game, student, 3, carried=[card_of(game, 0, "Mentor V2")])
    enter(game, other, 3)
    enter(game, card_of(game, 1, "Alvo V1"), 9)
    scenario(game, card_of(game, 0, "Extrapolar os Limites V1"))
    at(game, "combat", "attack")
    use(game, other, "Soco Alheio")                                     # its own card's action: no grant
    game.eng.tree.resolve()
    assert not usable(game, other, "Soco Alheio") and not game.state.scene[other].extra_grants
    use(game, student, "Lição do Mentor")                               # the carried character card's action
    game.eng.tree.resolve()
    assert usable(game, student, "Soco Próprio") and not usable(game, student, "Lição do Mentor")
    use(game, student, "Soco Próprio")
    game.eng.tree.resolve()
    assert not usable(game, student, "Soco Próprio") and not usable(game, student, "Lição do Mentor")


def dealt(game: Match) -> list[tuple[CardId, int]]:
    return [(c["card"], c["amount"]) for c in calcs(game)]


def test_investida_tatica_the_first_damaging_action_with_targets_of_each_player_deals_one_more() -> None:
    """Investida Tática ((2015) BSOS 65/100): the first damage action with targets each player uses in a turn deals
    +1 to each of its targets -- the turn's first use of such an action by that player, even after an action of
    another kind (the card's ruling says so); a second one of that player does not, the other player's first one
    does."""
    shield_up = ("Ação: Guarda\n  Custo: {0}\n  Poder: Super Força\n  Este personagem ganha Escudo +1 até o final do "
                 "turno.\n")
    counter = ("Ação: Troco\n  Custo: {0}\n  Poder: Super Força\n  Tipo: Ação de Antecipar\n  Troco causa 1 ponto de "
               "dano no alvo.\n")
    double = ("Ação: Rajada\n  Custo: {0}\n  Poder: Super Força\n  Rajada causa 1 ponto de dano em cada um de até 2 "
              "alvos.\n")
    game = match([corpus_card("(2015) BSOS 65/100"), char("Guarda", action=shield_up), char("Atirador", action=double),
                  char("Soqueiro", action=punch("Soco"))],
                 [char("Alvo", ie=9), char("Outro Alvo", ie=9), char("Rival", action=counter)])
    guard, shooter, puncher = (card_of(game, 0, f"{n} V1") for n in ("Guarda", "Atirador", "Soqueiro"))
    t1, t2, rival = (card_of(game, 1, f"{n} V1") for n in ("Alvo", "Outro Alvo", "Rival"))
    for c in (guard, shooter, puncher):
        enter(game, c, 3)
    for c in (t1, t2, rival):
        enter(game, c, 9)
    scenario(game, card_of(game, 0, "Investida Tática V1"))
    at(game, "combat", "attack")
    use(game, guard, "Guarda")                                          # no damage: not counted
    game.eng.tree.resolve()
    use(game, shooter, "Rajada")
    game.eng.tree.resolve()
    assert sorted(a for _, a in dealt(game)) == [2, 2]                  # +1 on each of its two targets
    use(game, puncher, "Soco")
    game.eng.tree.resolve()
    assert dealt(game)[-1][1] == 1                                      # the player's second one: no bonus
    at(game, "combat", "anticipation")                                  # the same turn, the opponent's first one
    use(game, rival, "Troco", "anticipation")
    game.eng.tree.resolve()
    assert dealt(game)[-1][1] == 2


def test_alvejar_comparsas_one_more_use_only_at_a_character_not_yet_its_target_this_turn() -> None:
    """Alvejar Comparsas (PROMO 33): 2 damage to the target character; then its user may use one more action of
    that name this turn, provided its target is a character not yet a target of actions of that name this turn --
    the second use cannot choose the first one's target (the turn's record of targets, 4.6.2 F); without the grant
    (a character that has not used an action yet) any character may be chosen."""
    seen: list[tuple[str, ...]] = []

    def goon_if_offered(d: object) -> list[int]:
        options = tuple(getattr(d, "options", ()))
        seen.append(options)
        return [next((i for i, o in enumerate(options) if o.startswith("Capanga")), len(options) - 1)]

    game = match([corpus_card("PROMO 33"), char("Atirador", powers="Ataque a Distância")],
                 [char("Capanga", ie=9), char("Chefe", ie=9)], a=Eager({"target": [goon_if_offered] * 2}))
    shooter = card_of(game, 0, "Atirador V1")
    goon, boss = card_of(game, 1, "Capanga V1"), card_of(game, 1, "Chefe V1")
    enter(game, shooter, 3, carried=[card_of(game, 0, "Alvejar Comparsas V1")])
    game.state.scene[shooter].stage = 2
    enter(game, goon, 9)
    enter(game, boss, 9)
    at(game, "combat", "attack")
    use(game, shooter, "Alvejar Comparsas")
    game.eng.tree.resolve()
    assert game.name(goon) in seen[0] and game.name(boss) in seen[0]
    assert game.state.scene[goon].damage_taken_this_turn == 2
    assert usable(game, shooter, "Alvejar Comparsas")                    # the grant
    use(game, shooter, "Alvejar Comparsas")
    game.eng.tree.resolve()
    assert game.name(goon) not in seen[1] and game.name(boss) in seen[1]  # its first target is not offered
    assert len(seen[1]) == len(seen[0]) - 1
