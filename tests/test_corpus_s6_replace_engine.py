"""Corpus cards of the session-6 cluster "replace" (replacements, prohibitions, coordination), played on the
engine with assertions on what their text says happens. Cards are read from the development corpora at test time
(``tests/corpus_play.py``); the module is skipped without them. The docstrings describe each behaviour in our own
words and cite the card by name and printed code."""

from __future__ import annotations

from cardscript.games.battle_scenes.runtime.match import Match
from cardscript.games.battle_scenes.runtime.state import CardId, Zone
from tests.corpus_play import (
    Eager,
    at,
    calcs,
    card_of,
    corpus_card,
    enter,
    events,
    fillers,
    match,
    require_corpus,
    usable,
    use,
)
from tests.engine_helpers import card, own_character, pick

require_corpus()


def _quick(name: str, kind: str = "Ação Imprevista") -> str:
    tipo = f"  Tipo: {kind}\n" if kind else ""
    return f"Ação: {name}\n  Custo: {{0}}\n  Poder: Super Força\n{tipo}  {name} causa 1 ponto de dano no alvo.\n"


def _ambush(code: str, title: str, kind: str, fresh: bool = False) -> tuple[Match, CardId, CardId, CardId, CardId]:
    """``title`` (player 0) in its owner's hand; player 1 controls two characters with an action named Rajada of
    ``kind`` (``fresh``: the first entered the scene this turn); player 0 controls a character to be hit."""
    hidden = corpus_card(code)
    game = match([hidden, own_character("Alvo", ie=5)],
                 [own_character("Atacante", action=_quick("Rajada", kind)),
                  own_character("Parceiro", action=_quick("Rajada", kind))], turn_player=1)
    me, foe, mate = card_of(game, 0, "Alvo V1"), card_of(game, 1, "Atacante V1"), card_of(game, 1, "Parceiro V1")
    enter(game, me, 4)
    enter(game, foe, 3)
    enter(game, mate, 3)
    if fresh:
        game.state.scene[foe].entered_turn = game.state.turn
        game.eng.ready.add(foe)                            # Prontidão: it may act in the turn it entered (4.4.2.2)
    hand_card = card_of(game, 0, hidden.title)
    game.move(hand_card, Zone.HAND)
    for c in fillers(game, 0)[:hidden.initial_energy]:      # its initial energy, loaded from the resources (4.4.2.1)
        game.move(c, Zone.RESOURCES)
    at(game, "combat", "attack", turn_player=1)
    return game, hand_card, me, foe, mate


def _dealt(game: Match) -> list[tuple[CardId, int]]:
    return [(c["card"], c["amount"]) for c in calcs(game) if c["amount"]]


def test_homem_formiga_enters_from_the_hand_and_the_imprevista_action_has_no_effect() -> None:
    """Homem-Formiga V1 ((2015) BSOS 23/100) in its owner's hand: an opponent's character uses an Imprevista
    action; its owner may put it in the scene -- it does: it is in the scene, that action deals no damage, and
    another character of the opponent cannot use an action of that same name this turn."""
    game, ant, me, foe, mate = _ambush("(2015) BSOS 23/100", "Homem-Formiga V1", "Ação Imprevista")
    assert usable(game, mate, "Rajada")
    use(game, foe, "Rajada")
    assert ant in game.state.scene
    assert _dealt(game) == []
    assert len(game.state.scene[me].carried) == 4
    assert not usable(game, mate, "Rajada")


def test_homem_formiga_stays_in_the_hand_for_an_action_that_is_not_imprevista() -> None:
    """The opponent's action is a plain one: nothing triggers; the damage is dealt, the card stays in the hand."""
    game, ant, me, foe, mate = _ambush("(2015) BSOS 23/100", "Homem-Formiga V1", "")
    use(game, foe, "Rajada")
    assert ant in game.state.players[0].hand
    assert _dealt(game) == [(me, 1)]
    assert usable(game, mate, "Rajada")


def test_jaqueta_amarela_answers_an_action_of_a_character_that_entered_this_turn() -> None:
    """Jaqueta Amarela V1 ((2015) BSOS 26/100) in the hand: an opponent's character that entered the scene this
    turn uses an action -- the card enters the scene, the action has no effect and no action of its name can be
    used this turn; from a character that entered earlier nothing triggers."""
    game, jacket, me, foe, mate = _ambush("(2015) BSOS 26/100", "Jaqueta Amarela V1", "", fresh=True)
    use(game, foe, "Rajada")
    assert jacket in game.state.scene and _dealt(game) == []
    assert not usable(game, mate, "Rajada")
    game, jacket, me, foe, mate = _ambush("(2015) BSOS 26/100", "Jaqueta Amarela V1", "")
    use(game, foe, "Rajada")
    assert jacket in game.state.players[0].hand and _dealt(game) == [(me, 1)]


def test_shang_chi_enters_from_the_hand_and_hits_the_user_of_the_action() -> None:
    """Shang Chi V1 ((2016) BSAQ 48/112) in the hand: an opponent's action damages a Heróis de Aluguel character its
    owner controls; he may enter the scene -- he does, and deals 3 damage to the character that used that action."""
    shang = corpus_card("(2016) BSAQ 48/112")
    game = match([shang, own_character("Aliado", ie=5, affiliations="Heróis de Aluguel")],
                 [own_character("Atacante", ie=6, action=_quick("Rajada", ""))], turn_player=1)
    ally, foe, hand_card = card_of(game, 0, "Aliado V1"), card_of(game, 1, "Atacante V1"), card_of(game, 0,
                                                                                                   shang.title)
    enter(game, ally, 4)
    enter(game, foe, 5)
    game.move(hand_card, Zone.HAND)
    for c in fillers(game, 0)[:shang.initial_energy]:
        game.move(c, Zone.RESOURCES)
    at(game, "combat", "attack", turn_player=1)
    use(game, foe, "Rajada")
    assert hand_card in game.state.scene
    assert (ally, 1) in _dealt(game) and (foe, 3) in _dealt(game)


def test_boneco_vodu_goes_to_the_deck_bottom_and_the_action_has_no_effect() -> None:
    """Boneco Vodu V1 ((2016) BSAQ 92/112) carried by a {MA} character of its owner: in the opponent's Fase de
    Preparação an opponent's character uses an action -- the owner may put this card (not the character) at the
    bottom of its deck; then that action has no effect and no action of that name can be used this turn."""
    doll = corpus_card("(2016) BSAQ 92/112")
    game = match([doll, own_character("Mago", ie=5, powers="Magia")],
                 [own_character("Atacante", action=_quick("Rajada")), own_character("Parceiro",
                                                                                    action=_quick("Rajada"))],
                 turn_player=1)
    mage, foe, mate = card_of(game, 0, "Mago V1"), card_of(game, 1, "Atacante V1"), card_of(game, 1, "Parceiro V1")
    d = card_of(game, 0, doll.title)
    enter(game, mage, 3, carried=[d])
    enter(game, foe, 3)
    enter(game, mate, 3)
    at(game, "preparation", turn_player=1)
    use(game, foe, "Rajada", window="preparation")
    assert mage in game.state.scene
    assert game.state.players[0].deck[-1] == d
    assert _dealt(game) == []
    assert not usable(game, mate, "Rajada", window="preparation")


def _piercing(name: str, amount: int, piercing: bool) -> str:
    kind = " penetrante" if piercing else ""
    return (f"Ação: {name}\n  Custo: {{0}}\n  Poder: Super Força\n  {name} causa {amount} pontos de dano{kind} no "
            "alvo.\n")


def test_visao_makes_the_piercing_damage_of_actions_targeting_him_zero_this_turn() -> None:
    """Visão V1 (BSET DECK 24/66), Intangibilidade, used in the opponent's Etapa de Antecipação: an action targeting
    him later this turn deals 2 piercing damage -- it becomes 0; a plain 2 damage is still dealt (absorbed by his
    Escudo first, 4.8.1)."""
    for piercing, dealt in ((True, 0), (False, 2)):
        vision = corpus_card("BSET DECK 24/66")
        game = match([vision], [own_character("Atacante", action=_piercing("Raio", 2, piercing))], turn_player=1)
        v, foe = card_of(game, 0, vision.title), card_of(game, 1, "Atacante V1")
        enter(game, v, 4)
        enter(game, foe, 3)
        at(game, "combat", "anticipation", turn_player=1)
        use(game, v, "Intangibilidade", window="anticipation")
        at(game, "combat", "attack", turn_player=1)
        use(game, foe, "Raio")
        amounts = [c["amount"] for c in calcs(game) if c["card"] == v]
        assert amounts == [dealt], piercing


def _ultron(unloading: str) -> tuple[Match, CardId, CardId]:
    """Ultron-1 V1 ((2015) BSIV 46/100) at stage {2} carrying a support card, another Ultron character card and a
    filler; a filler in its owner's resources to load as the extra cost. It uses Genialidade Robótica and unloads
    the card titled ``unloading``."""
    ultron = corpus_card("(2015) BSIV 46/100")
    other = own_character("Ultron-2", alter_ego="Ultron")
    machine = card("Suporte: Máquina V1\nEnergia inicial: 1\nEscudo: 0\n")
    game = match([ultron, other, machine], a=Eager({"unload": [pick(unloading)]}))
    u = card_of(game, 0, ultron.title)
    enter(game, u, 1, carried=[card_of(game, 0, "Ultron-2 V1"), card_of(game, 0, "Máquina V1")])
    game.state.scene[u].stage = 2
    game.move(fillers(game, 0)[0], Zone.RESOURCES)
    at(game, "combat", "attack")
    use(game, u, "Genialidade Robótica")
    return game, u, card_of(game, 0, unloading.split(" ")[0] + " V1") if " " not in unloading else -1


def test_ultron_1_puts_an_unloaded_support_or_ultron_card_in_the_hand_instead_of_the_resources() -> None:
    """Ultron-1 V1 ((2015) BSIV 46/100), Genialidade Robótica: the card unloaded is a support card, or a character
    card with the alter ego Ultron -- it goes to its owner's hand, not to the resources (5.5); it was unloaded all
    the same (it left the character)."""
    for title in ("Máquina", "Ultron-2"):
        game, u, c = _ultron(title)
        assert c in game.state.players[0].hand and c not in game.state.players[0].resources, title
        assert c not in game.state.scene[u].carried


def test_ultron_1_unloads_any_other_card_to_the_resources() -> None:
    """The card unloaded is neither (a filler ability): it goes to the resources, as any unloaded card (4.1)."""
    game, u, _ = _ultron("Filler")
    assert not any(game.cards[c].title == "Filler V1" for c in game.state.players[0].hand)
    assert [e["to"] for e in events(game, "move") if e.get("reason") == "unload"] == ["resources"]


def _replica(with_loki: bool) -> tuple[Match, CardId, CardId]:
    """Imagem Falsa V1 (BSET DECK 33/66) is player 0's scenario; player 0 controls a Réplica de Loki (and Loki when
    ``with_loki``); the opponent's action deals it more damage than it carries."""
    scene = corpus_card("BSET DECK 33/66")
    replica = own_character("Réplica de Loki", ie=2)
    loki = own_character("Loki", ie=3)
    game = match([scene, replica, loki], [own_character("Atacante", action=_piercing("Raio", 3, True))],
                 turn_player=1)
    r, foe = card_of(game, 0, "Réplica de Loki V1"), card_of(game, 1, "Atacante V1")
    enter(game, r, 1)
    if with_loki:
        enter(game, card_of(game, 0, "Loki V1"), 2)
    enter(game, foe, 3)
    from tests.corpus_play import scenario

    scenario(game, card_of(game, 0, scene.title))
    at(game, "combat", "attack", turn_player=1)
    use(game, foe, "Raio")
    return game, r, card_of(game, 0, scene.title)


def test_imagem_falsa_sends_the_knocked_out_replica_to_its_owners_resources() -> None:
    """Imagem Falsa V1 (BSET DECK 33/66): its controller controls Loki; the Réplica de Loki is knocked out -- it goes
    to its owner's resources instead of the prizes (no points for the opponent, 4.9.1) and the scenario goes to its
    owner's resources too (5.5)."""
    game, r, s = _replica(True)
    me = game.state.players[0]
    assert r in me.resources and r not in me.prizes and r not in game.state.scene
    assert s in me.resources and game.state.scenario is None
    assert game.prize_points(1) == 0


def test_imagem_falsa_without_loki_leaves_the_knockout_as_it_is() -> None:
    """Without Loki the condition fails: the replica goes to the prizes as usual (4.7), the scenario stays."""
    game, r, s = _replica(False)
    assert r in game.state.players[0].prizes
    assert s not in game.state.players[0].resources


def test_capturar_mutante_bars_only_its_own_action_to_characters_without_the_alter_ego() -> None:
    """Capturar Mutante V1 ((2014) BSMI 99/100): "A ação Capturar Mutante não pode ser usada exceto por personagens
    que tenham o alter ego Sentinela" -- a character without that alter ego carrying it cannot use that action, but
    still uses its own (the prohibition names one action, 4.6); a Sentinela carrying it may use it."""
    capture = corpus_card("(2014) BSMI 99/100")
    hero = own_character("Herói", action="Ação: Soco\n  Custo: {0}\n  Poder: Super Força\n  Soco causa 1 ponto de "
                                         "dano no alvo.\n")
    robot = own_character("Robô", alter_ego="Sentinela", ie=5)
    game = match([hero, robot, capture, capture], [own_character("Mutante", ie=4, affiliations="X-Men")])
    h, s = card_of(game, 0, "Herói V1"), card_of(game, 0, "Robô V1")
    enter(game, h, 2, carried=[card_of(game, 0, capture.title, 0)])
    enter(game, s, 2, carried=[card_of(game, 0, capture.title, 1)])
    enter(game, card_of(game, 1, "Mutante V1"), 3)
    game.state.scene[h].stage = game.state.scene[s].stage = 2
    at(game, "combat", "attack")
    assert usable(game, h, "Soco")
    assert not usable(game, h, "Capturar Mutante")
    assert usable(game, s, "Capturar Mutante")


def test_soldado_invernal_uses_the_shield_action_as_if_named_capitao_america() -> None:
    """Soldado Invernal V1 ((2014) BSPO DECK 22/56) carrying Escudo do Capitão América V1 (BSUM 61/100), whose text
    bars its action to characters not named Capitão América: he uses actions as if he were so named, so he may use
    Arremesso de Escudo; another character carrying the shield may not."""
    soldier = corpus_card("(2014) BSPO DECK 22/56")
    shield = corpus_card("BSUM 61/100")
    game = match([soldier, own_character("Outro", ie=5), shield, shield], [own_character("Alvo", ie=6)])
    w, o = card_of(game, 0, soldier.title), card_of(game, 0, "Outro V1")
    enter(game, w, 2, carried=[card_of(game, 0, shield.title, 0)])
    enter(game, o, 2, carried=[card_of(game, 0, shield.title, 1)])
    enter(game, card_of(game, 1, "Alvo V1"), 3)
    game.state.scene[w].stage = game.state.scene[o].stage = 2
    at(game, "combat", "attack")
    assert usable(game, w, "Arremesso de Escudo")
    assert not usable(game, o, "Arremesso de Escudo")


def test_sentinela_omega_uses_an_action_kept_to_the_sentinela_alter_ego() -> None:
    """Sentinela Ômega V1 ((2014) BSIC 42/100) carrying Capturar Mutante V1 ((2014) BSMI 99/100), whose action only
    characters with the alter ego Sentinela may use: he may use actions kept to that alter ego, so he uses it."""
    omega = corpus_card("(2014) BSIC 42/100")
    capture = corpus_card("(2014) BSMI 99/100")
    game = match([omega, capture], [own_character("Mutante", ie=4, affiliations="X-Men")])
    o = card_of(game, 0, omega.title)
    enter(game, o, 3, carried=[card_of(game, 0, capture.title)])
    enter(game, card_of(game, 1, "Mutante V1"), 3)
    game.state.scene[o].stage = 2
    at(game, "combat", "attack")
    assert usable(game, o, "Capturar Mutante")


def test_sentinela_omega_cancels_an_x_men_action_targeting_a_sentinela() -> None:
    """Sentinela Ômega V1: an X-Men character uses an action targeting a character with the affiliation Sentinelas;
    his controller may unload two of his cards -- then that action has no effect."""
    omega = corpus_card("(2014) BSIC 42/100")
    game = match([omega, own_character("Robô", ie=4, affiliations="Sentinelas")],
                 [own_character("Mutante", ie=4, affiliations="X-Men", action=_piercing("Rajada", 2, False))],
                 turn_player=1)
    o, robot, foe = card_of(game, 0, omega.title), card_of(game, 0, "Robô V1"), card_of(game, 1, "Mutante V1")
    enter(game, o, 4)
    enter(game, robot, 4)
    enter(game, foe, 3)
    at(game, "combat", "attack", turn_player=1)
    game.agents[1].answers["target"] = [pick("Robô")]     # type: ignore[attr-defined]
    use(game, foe, "Rajada")
    assert len(game.state.scene[o].carried) == 2
    assert _dealt(game) == []


def test_adaga_psiquica_loaded_from_the_resources_deals_1_damage_as_the_card() -> None:
    """Adaga Psíquica V1 ((2015) BSIV 97/100) loaded from its owner's resources onto a {TE} character he controls:
    he may choose another character in the scene -- it takes 1 damage whose source is the card itself (4.8.5: not
    the character carrying it)."""
    dagger = corpus_card("(2015) BSIV 97/100")
    game = match([dagger, own_character("Telepata", ie=4, powers="Telepatia")], [own_character("Alvo", ie=4)])
    t, foe, d = card_of(game, 0, "Telepata V1"), card_of(game, 1, "Alvo V1"), card_of(game, 0, dagger.title)
    enter(game, t, 2)
    enter(game, foe, 3)
    game.move(d, Zone.RESOURCES)
    at(game, "preparation")
    game.load(d, t)
    game.eng.tree.resolve()
    hits = [c for c in calcs(game) if c["amount"]]
    assert [(c["card"], c["amount"], c["source"]) for c in hits] == [(foe, 1, d)]


def _rescue(how: str) -> tuple[Match, CardId, CardId]:
    """Resgate Enroscado V1 (BSET 80/100) goes to its owner's resources ``how`` ("hand", "unload"); a character card of
    his is in the resources; he controls a character with {EL}."""
    rescue = corpus_card("BSET 80/100")
    stretchy = own_character("Elástico", ie=4, powers="Elasticidade")
    spare = own_character("Reserva")
    game = match([rescue, stretchy, spare])
    e, c, x = card_of(game, 0, "Elástico V1"), card_of(game, 0, rescue.title), card_of(game, 0, "Reserva V1")
    enter(game, e, 2, carried=[c] if how == "unload" else [])
    game.move(x, Zone.RESOURCES)
    at(game, "preparation")
    if how == "hand":
        game.move(c, Zone.HAND)
        game.move(c, Zone.RESOURCES)
    else:
        game.unload(c, by=0)
    game.eng.tree.resolve()
    return game, c, x


def test_resgate_enroscado_triggers_from_the_hand_and_when_unloaded() -> None:
    """Resgate Enroscado V1 (BSET 80/100): put in its owner's resources from the hand, or unloaded from a character --
    he may put a card that is not an ability from his resources at the bottom of his deck (the character card), and,
    controlling a character with {EL}, draws a card."""
    for how in ("hand", "unload"):
        game, c, x = _rescue(how)
        me = game.state.players[0]
        assert c in me.resources, how
        assert me.deck[-1] == x, how
        assert len(me.hand) == 1, how


def test_super_soco_may_be_used_again_free_and_then_no_more_actions() -> None:
    """Super Soco V2 (BSET DECK 57/66) carried by a character: its 2 damage; the character may use one more action
    named Super Soco this turn without paying its incapacitation cost -- it does (its stage unchanged) -- and then
    it cannot use any more actions this turn, not even one an effect would grant."""
    punch = corpus_card("BSET DECK 57/66")
    game = match([own_character("Lutador", ie=5), punch], [own_character("Alvo", ie=9)])
    f, foe = card_of(game, 0, "Lutador V1"), card_of(game, 1, "Alvo V1")
    enter(game, f, 2, carried=[card_of(game, 0, punch.title)])
    enter(game, foe, 3)
    game.state.scene[f].stage = 2
    at(game, "combat", "attack")
    use(game, f, "Super Soco")
    assert _dealt(game) == [(foe, 2)]
    stage_after_first = game.state.scene[f].stage
    game.state.scene[f].extra_actions += 1          # another effect's "mais uma ação": still usable now
    assert usable(game, f, "Super Soco")
    game.state.scene[f].extra_actions -= 1
    use(game, f, "Super Soco")
    assert _dealt(game) == [(foe, 2), (foe, 2)]
    assert game.state.scene[f].stage == stage_after_first
    game.state.scene[f].extra_actions += 1
    assert not usable(game, f, "Super Soco")


def test_cilada_afiada_triggers_from_the_resources() -> None:
    """Cilada Afiada V1 ((2016) BSAQ 89/112) in its owner's resources (5.2.1: every step hangs on that): a character
    enters the scene; its owner incapacitates his {LA} character in {1}, puts this card at the bottom of his deck, and
    the card deals 1 piercing damage to the character that entered."""
    trap = corpus_card("(2016) BSAQ 89/112")
    game = match([trap, own_character("Lâmina", ie=4, powers="Lâminas")], [own_character("Chegada", ie=4)])
    blade, newcomer, c = card_of(game, 0, "Lâmina V1"), card_of(game, 1, "Chegada V1"), card_of(game, 0, trap.title)
    enter(game, blade, 2)
    game.state.scene[blade].stage = 2
    game.move(c, Zone.RESOURCES)
    at(game, "preparation", turn_player=1)
    enter(game, newcomer, 3)
    assert game.state.players[0].deck[-1] == c
    assert game.state.scene[blade].stage == 1
    assert [(x["card"], x["amount"], x["piercing"]) for x in calcs(game) if x["amount"]] == [(newcomer, 1, True)]


def test_boneco_vodu_loads_itself_from_the_resources_after_the_opponents_action() -> None:
    """Boneco Vodu V1 ((2016) BSAQ 92/112) in its owner's resources: an opponent's character uses an action in that
    player's Fase de Preparação; after its effect the owner may load this card onto his {MA} character -- it does."""
    doll = corpus_card("(2016) BSAQ 92/112")
    game = match([doll, own_character("Mago", ie=5, powers="Magia")], [own_character("Atacante",
                                                                                     action=_quick("Rajada"))],
                 turn_player=1)
    mage, foe, d = card_of(game, 0, "Mago V1"), card_of(game, 1, "Atacante V1"), card_of(game, 0, doll.title)
    enter(game, mage, 3)
    enter(game, foe, 3)
    game.move(d, Zone.RESOURCES)
    at(game, "preparation", turn_player=1)
    use(game, foe, "Rajada", window="preparation")
    assert d in game.state.scene[mage].carried
