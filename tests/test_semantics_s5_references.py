"""References that bind to a slot of the resolution's environment (docs/semantics.md section 4): the owner of an
area a card was put into (golden rule D), "seu dono" of the thing a procedure acts on, the action of a damage
event. The card texts are our own."""

from __future__ import annotations

from cardscript.compiler.ir import (
    Allow,
    CardDef,
    Choose,
    Discard,
    Gain,
    Load,
    ModifyDamage,
    Move,
    Ref,
    Restrict,
    Selector,
    Swap,
    Unload,
)
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import (
    Eager,
    at,
    calcs,
    card_of,
    energy,
    enter,
    events,
    match,
    scenario,
    stage,
    step_starts,
    usable,
    use,
    where,
)
from tests.engine_helpers import card, own_character, pick, punch


def _scenario(*texts: str) -> CardDef:
    body = "\n  ".join(texts)
    return card(f"Cenário: Teste V1\n\nTexto permanente:\n  {body}\n")


TO_BOTTOM = ("Toda vez que um card for colocado na base do deck de um jogador, aquele jogador coloca um card do topo "
             "do próprio deck nos próprios recursos.")


def test_the_player_whose_area_a_card_went_to_is_the_owner_of_the_card() -> None:
    """Golden rule D: a card always goes to its owner's area, so "aquele jogador" after "o deck de um jogador" in the
    event is the owner of the card moved (``event:subject``), not a player chosen again."""
    d = _scenario(TO_BOTTOM)
    assert d.executable
    (move,) = d.effects[0].procedures
    assert isinstance(move, Move) and move.to_owner is not None
    assert move.to_owner.ref is Ref.OWNER and move.to_owner.of is not None
    assert move.to_owner.of.slot == "event:subject"


def test_the_owner_of_the_card_put_at_the_bottom_moves_the_top_of_their_deck() -> None:
    game = match([_scenario(TO_BOTTOM)])
    scenario(game, card_of(game, 0, "Teste V1"))
    theirs = where(game, 1)
    top, resources = theirs("deck")[0], len(theirs("resources"))
    game.move(theirs("hand")[0] if theirs("hand") else theirs("deck")[3], Zone.DECK, bottom=True)
    game.eng.tree.resolve()
    assert theirs("resources")[-1] == top and len(theirs("resources")) == resources + 1
    assert where(game, 0)("resources") == []              # yours untouched


STRETCH = ("Ação: Esticar\n  Custo: {0}\n  Poder: Super Força\n  Carregue o alvo com um card dos recursos de seu dono. "
           "Se o fizer, descarregue um card do alvo.\n")


def test_seu_dono_of_a_load_printed_after_its_target_is_the_targets_owner() -> None:
    d = own_character("Elástico", action=STRETCH)
    assert d.executable and d.action is not None
    load = d.action.modes[0].procedures[0]
    assert isinstance(load, Load) and load.cards.zone == "resources"
    owner = load.cards.of
    assert owner is not None and owner.ref is Ref.OWNER and owner.of is not None and owner.of.ref is Ref.TARGET


def test_the_target_is_loaded_from_its_owners_resources() -> None:
    """4.1: a character or support is loaded from the resources of its owner: "de seu dono", the target's."""
    game = match([own_character("Elástico", action=STRETCH)], [own_character("Outro")],
                 a=Eager({"target": [pick("Outro")]}))
    me, other = card_of(game, 0, "Elástico V1"), card_of(game, 1, "Outro V1")
    enter(game, me, 2)
    enter(game, other, 2)
    game.move(where(game, 1)("deck")[0], Zone.RESOURCES)
    theirs, mine = list(where(game, 1)("resources")), list(where(game, 0)("resources"))
    at(game, "combat", "attack")
    use(game, me, "Esticar")
    (loaded,) = [e for e in events(game, "load") if e["onto"] == other and e["frm"] == str(Zone.RESOURCES)]
    assert loaded["card"] in theirs                                 # one of the owner's resources (golden rule D)
    assert where(game, 0)("resources") == mine                      # none of yours
    assert energy(game, other) == 2                                 # loaded one, then one unloaded


LESS_FROM_OUTSIDERS = ("Toda vez que este personagem fosse receber dano de uma ação de um personagem sem a afiliação "
                       "Mutantes, aquela ação causará aquela quantidade de dano -1.")


def _guarded() -> CardDef:
    return card("Personagem: Guardado V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n\n"
                f"Texto permanente:\n  {LESS_FROM_OUTSIDERS}\n")


def test_aquela_acao_after_dano_de_uma_acao_is_the_action_dealing_it() -> None:
    """5.3, 4.8.5: "aquela ação" is the action the hypothetical's damage comes from (``event:source``), so the
    modifier applies to that damage: actions of characters without the affiliation, to this character."""
    d = _guarded()
    assert d.executable
    (mod,) = d.effects[0].procedures
    assert isinstance(mod, ModifyDamage) and mod.delta == -1 and mod.source_kind == "action"
    assert mod.target is not None and mod.target.ref is Ref.THIS_CHARACTER
    assert mod.source is not None and [(f.field, f.op, f.value) for f in mod.source.filters] == [
        ("affiliation", "lacks", "Mutantes")]


def test_the_action_of_a_character_without_the_affiliation_deals_one_less() -> None:
    outsider = own_character("Forasteiro", action=punch("Soco", 2))
    mutant = own_character("Mutante", affiliations="Mutantes", action=punch("Garra", 2))
    game = match([outsider, mutant], [_guarded()], a=Eager({"target": [pick("Guardado"), pick("Guardado")]}))
    a, m, g = card_of(game, 0, "Forasteiro V1"), card_of(game, 0, "Mutante V1"), card_of(game, 1, "Guardado V1")
    for c in (a, m):
        enter(game, c, 2)
    enter(game, g, 6)
    at(game, "combat", "attack")
    use(game, a, "Soco")
    assert energy(game, g) == 5                  # 2 - 1
    use(game, m, "Garra")
    assert energy(game, g) == 3                  # a Mutant's action: all of it


NOT_THAT_ONE = ("Quando um personagem com a afiliação Vingadores entrar em cena sob seu controle, você pode capacitar "
                "em {1} um personagem com a afiliação Vingadores que você controla e que não seja aquele.")


def test_que_nao_seja_aquele_excludes_the_character_that_entered() -> None:
    d = card("Personagem: Zelador V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n\n"
             f"Texto permanente:\n  {NOT_THAT_ONE}\n")
    assert d.executable
    (capacitate,) = d.effects[0].procedures
    excluded = capacitate.targets.excluding                                  # type: ignore[attr-defined]
    assert excluded is not None and excluded.ref is Ref.SLOT and excluded.slot == "event:subject"
    agent = Eager()
    game = match([d, own_character("Velho", affiliations="Vingadores"),
                  own_character("Novo", affiliations="Vingadores")], a=agent)
    watcher, old, new = (card_of(game, 0, t) for t in ("Zelador V1", "Velho V1", "Novo V1"))
    enter(game, watcher, 2)
    enter(game, old, 2)
    game.state.scene[old].stage = 0
    enter(game, new, 2)
    assert stage(game, old) == 1                       # the other Vingador, not the one that entered ...
    offered = [o for dec in agent.seen for o in dec.options]
    assert not any(o.startswith("Novo") for o in offered)      # ... never offered (the only one left: no choice)


SWAP_IF = ("Você pode permutar este card por um card que outro personagem que você controla estiver carregando se "
           "aquele personagem tiver uma afiliação em comum com este personagem.")


def _swapper() -> CardDef:
    return card(f"Habilidade: Troca V1\nPoder: Super Força\n\nAção: Troca\n  Custo: {{0}}\n  Poder: Super Força\n"
                f"  Troca causa 1 ponto de dano no alvo. {SWAP_IF}\n")


def test_a_trailing_se_about_a_thing_of_its_clause_is_what_may_be_chosen() -> None:
    """"... um card que outro personagem ... estiver carregando se aquele personagem tiver ...": the condition is read
    after the clause (what it refers to is introduced there); the character is chosen first (section 4, "Chosen
    first") and the condition on it says which may be chosen."""
    d = _swapper()
    assert d.executable and d.action is not None
    _, choose, swap = d.action.modes[0].procedures
    assert isinstance(choose, Choose) and isinstance(swap, Swap) and choose.optional and swap.if_done
    assert choose.what is not None and choose.condition is None
    assert [f.field for f in choose.what.filters] == ["controller", "affiliation"]
    assert choose.what.excluding is not None and choose.what.excluding.ref is Ref.THIS_CHARACTER
    assert swap.other.of is not None and swap.other.of.slot == choose.introduces


def test_the_card_is_swapped_with_one_of_a_character_sharing_an_affiliation() -> None:
    agent = Eager({"target": [pick("Alvo")]})
    game = match([own_character("Usuário", affiliations="Vingadores"), _swapper(),
                  own_character("Colega", affiliations="Vingadores"), own_character("Estranho", affiliations="X-Men")],
                 [own_character("Alvo")], a=agent)
    user, swapper = card_of(game, 0, "Usuário V1"), card_of(game, 0, "Troca V1")
    mate, stranger = card_of(game, 0, "Colega V1"), card_of(game, 0, "Estranho V1")
    enter(game, user, 1, carried=[swapper])
    enter(game, stranger, 2)
    enter(game, mate, 2)
    enter(game, card_of(game, 1, "Alvo V1"), 3)
    mates = list(game.state.scene[mate].carried)
    at(game, "combat", "attack")
    use(game, user, "Troca")
    assert swapper in game.state.scene[mate].carried                # it went to the one sharing Vingadores ...
    assert any(c in game.state.scene[user].carried for c in mates)  # ... for one of its cards
    assert not any(o.startswith("Estranho") for d in agent.seen if d.kind != "target" for o in d.options)


HAUNT = ("Descarregue um card que estiver sendo carregado por um personagem ou suporte controlado por outro jogador e "
         "que esteja carregando mais de um card.")


def test_e_que_after_the_agent_of_controlado_describes_the_head_and_mais_de_um_is_at_least_two() -> None:
    """"... controlado por outro jogador e que esteja carregando mais de um card": the relative joined by "e" is
    coordinated with the participle (the character carries, not the player); "mais de um" is two or more."""
    d = card(f"Habilidade: Susto V1\nPoder: Super Força\n\nAção: Susto\n  Poder: Super Força\n  {HAUNT}\n")
    assert d.executable and d.action is not None
    (unload,) = d.action.modes[0].procedures
    assert isinstance(unload, Unload) and unload.cards is not None
    carrier = unload.cards.of
    assert carrier is not None and unload.cards.zone == "carried"
    assert [(f.field, f.op) for f in carrier.filters] == [("controller", "eq"), ("carrying", "has")]
    carried = carrier.filters[1].value
    assert isinstance(carried, Selector) and carried.count.fixed == 2 and carried.count.or_more


PEEK = ("Quando este cenário entrar em cena, se um de seus oponentes não controlar nenhum personagem, olhe os cards da "
        "mão daquele jogador, escolha um deles e aquele jogador descarta o card escolhido.")


def test_um_de_seus_oponentes_is_the_opponent_and_descarta_o_card_escolhido_discards_that_card() -> None:
    """"um de seus oponentes" (two players: the opponent, as "um oponente") is what "aquele jogador" reads; "descarta
    o card escolhido": the card chosen, from the hand (4.1), not any card."""
    d = _scenario(PEEK)
    assert d.executable
    look, choose, discard = d.effects[0].procedures
    assert isinstance(discard, Discard) and discard.who.ref is Ref.OPPONENT
    assert discard.cards.ref is Ref.SLOT and discard.cards.slot == choose.introduces
    assert look.condition is not None and look.condition.negated
    game = match([d], [own_character("Filler de mão")], a=Eager())
    theirs = where(game, 1)
    for c in theirs("deck")[:3]:
        game.move(c, Zone.HAND)
    hand = list(theirs("hand"))
    scenario(game, card_of(game, 0, "Teste V1"))
    (gone,) = [c for c in hand if c not in theirs("hand")]
    assert gone in theirs("resources") and len(theirs("hand")) == 2
    chosen = [e for e in events(game, "chosen") if e.get("player") == 0]
    assert chosen and chosen[-1]["things"] == [game.name(gone)]


CIVIL_WAR = ("Toda vez que um herói controlado por um jogador fosse causar dano em um herói controlado por outro "
             "jogador, ele causará aquela quantidade de dano +1.")


def test_um_jogador_and_outro_jogador_are_two_different_players_either_way_round() -> None:
    """"um herói controlado por um jogador ... um herói controlado por outro jogador": two different players -- with
    two players, you and your opponent or your opponent and you (5.3: one modifier for each)."""
    d = _scenario(CIVIL_WAR)
    assert d.executable
    mods = d.effects[0].procedures
    assert len(mods) == 2 and all(isinstance(m, ModifyDamage) and m.delta == 1 for m in mods)
    sides = []
    for m in mods:
        assert isinstance(m, ModifyDamage) and m.source is not None and m.target is not None
        sides.append(tuple(next(f.value for f in s.filters if f.field == "controller") for s in (m.source, m.target)))
    assert sorted(sides) == [("opponent", "you"), ("you", "opponent")]


def test_a_hero_damaging_a_hero_of_the_other_player_deals_one_more() -> None:
    mine = own_character("Capitão", action=punch("Soco", 1))
    game = match([_scenario(CIVIL_WAR), mine], [own_character("Homem de Ferro", shield=0),
                                                 own_character("Caveira", alignment="Vilão")],
                 a=Eager({"target": [pick("Homem de Ferro")]}))
    cap, iron = card_of(game, 0, "Capitão V1"), card_of(game, 1, "Homem de Ferro V1")
    enter(game, cap, 3)
    enter(game, iron, 4)
    enter(game, card_of(game, 1, "Caveira V1"), 3)
    scenario(game, card_of(game, 0, "Teste V1"))
    at(game, "combat", "attack")
    use(game, cap, "Soco")
    assert [(c["card"], c["amount"]) for c in calcs(game)] == [(iron, 2)]


def test_a_hero_damaging_a_villain_deals_what_it_says() -> None:
    mine = own_character("Capitão", action=punch("Soco", 1))
    game = match([_scenario(CIVIL_WAR), mine], [own_character("Caveira", alignment="Vilão")],
                 a=Eager({"target": [pick("Caveira")]}))
    cap, skull = card_of(game, 0, "Capitão V1"), card_of(game, 1, "Caveira V1")
    enter(game, cap, 3)
    enter(game, skull, 3)
    scenario(game, card_of(game, 0, "Teste V1"))
    at(game, "combat", "attack")
    use(game, cap, "Soco")
    assert [(c["card"], c["amount"]) for c in calcs(game)] == [(skull, 1)]


EACH_CHOOSES = ("No início do turno de cada jogador, cada um dos jogadores escolhe uma afiliação. Até o final do "
                "turno, os jogadores não poderão usar ações de personagens das afiliações escolhidas.")


def test_cada_um_dos_jogadores_escolhe_is_a_choice_of_each_and_the_chosen_are_all_of_them() -> None:
    d = _scenario(EACH_CHOOSES)
    assert d.executable
    mine, theirs, restrict = d.effects[0].procedures
    assert isinstance(mine, Choose) and isinstance(theirs, Choose) and isinstance(restrict, Restrict)
    assert mine.who is None and theirs.who is not None and theirs.who.ref is Ref.OPPONENT
    assert mine.characteristic == theirs.characteristic == "affiliation"
    (user,) = restrict.action_filters
    chosen = user.value.filters[0].value                                     # type: ignore[union-attr]
    assert isinstance(chosen, Selector) and {s.slot for s in chosen.union} == {mine.introduces, theirs.introduces}


def test_neither_player_may_use_actions_of_characters_of_either_chosen_affiliation() -> None:
    def fighter(name: str, affiliation: str) -> CardDef:
        return own_character(name, affiliations=affiliation, action=punch(f"Golpe de {name}"))

    game = match([_scenario(EACH_CHOOSES), fighter("Vingador", "Vingadores"), fighter("Defensor", "Defensores")],
                 [fighter("Mutante", "X-Men"), fighter("Outro Vingador", "Vingadores")],
                 a=Eager({"choose_affiliation": [pick("Vingadores")]}),
                 b=Eager({"choose_affiliation": [pick("X-Men")]}))
    names = ("Vingador", "Defensor")
    a, d = (card_of(game, 0, f"{n} V1") for n in names)
    m, v = card_of(game, 1, "Mutante V1"), card_of(game, 1, "Outro Vingador V1")
    for c in (a, d, m, v):
        enter(game, c, 2)
    scenario(game, card_of(game, 0, "Teste V1"))
    step_starts(game, "turn", None)
    at(game, "combat", "attack")
    assert not usable(game, a, "Golpe de Vingador") and usable(game, d, "Golpe de Defensor")
    at(game, "combat", "attack", turn_player=1)
    assert not usable(game, m, "Golpe de Mutante") and not usable(game, v, "Golpe de Outro Vingador")


SHARED_OF = "Este personagem ganha os poderes e pode usar as ações dos cards de personagem que ele estiver carregando."


def test_the_de_closing_the_second_conjunct_is_the_first_ones_too() -> None:
    """"ganha os poderes e pode usar as ações dos cards ...": the powers and the actions of those cards -- the
    actions written on them (``holder``: a carried card uses no action, 4.6.2 C.3)."""
    d = card("Personagem: Muitos V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n\n"
             f"Texto permanente:\n  {SHARED_OF}\n")
    assert d.executable
    gain, allow = d.effects[0].procedures
    assert isinstance(gain, Gain) and gain.powers_of is not None and gain.powers_of.zone == "carried"
    assert isinstance(allow, Allow)
    (holder,) = allow.action_filters
    assert holder.field == "holder" and holder.value == gain.powers_of
