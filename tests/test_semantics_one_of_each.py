"""one of each of several things ("escolha um A e um B": a Choose per conjunct, each writing
its own slot, the whole phrase reading their union) and "que não sejam os escolhidos" (not those). The card texts
are our own."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef, Choose, EffectKind, Kind, Ref, Restrict
from tests.corpus_play import Eager, card_of, enter, match, scenario
from tests.engine_helpers import card


def _scenario(*texts: str) -> CardDef:
    body = "\n  ".join(texts)
    return card(f"Cenário: Teste V1\n\nTexto permanente:\n  {body}\n")


def _char(name: str, alignment: str = "Herói") -> CardDef:
    return card(f"Personagem: {name} V1\nAlinhamento: {alignment}\nPoderes: Super Força\nEnergia inicial: 3\n"
                "Escudo: 0\n")


EACH = ("Quando este cenário entrar em cena, escolha um personagem herói que você controla e um personagem vilão "
        "controlado por outro jogador. Este cenário causa 1 ponto de dano nos personagens escolhidos.")
NOT_THEM = "Os personagens escolhidos não podem ser alvo de ações de personagens que não sejam os escolhidos."


def test_one_of_each_is_a_choose_per_conjunct_and_the_phrase_reads_their_union() -> None:
    d = _scenario(EACH, NOT_THEM)
    assert d.executable
    trig, static = d.effects
    first, second = trig.procedures[:2]
    assert isinstance(first, Choose) and isinstance(second, Choose)
    assert first.introduces != second.introduces
    assert [f.value for f in first.what.filters if f.field == "alignment"] == ["Herói"]   # type: ignore[union-attr]
    assert [f.value for f in second.what.filters if f.field == "alignment"] == ["Vilão"]  # type: ignore[union-attr]
    assert static.kind is EffectKind.STATIC
    (restrict,) = static.procedures
    assert isinstance(restrict, Restrict) and restrict.subject is not None
    assert {p.slot for p in restrict.subject.union} == {first.introduces, second.introduces}
    assert all(p.ref is Ref.SLOT for p in restrict.subject.union)
    (user,) = restrict.action_filters
    excluded = user.value.excluding                                                       # type: ignore[union-attr]
    assert excluded is not None and {p.slot for p in excluded.union} == {first.introduces, second.introduces}


def test_ou_between_indefinites_stays_one_choice_among_alternatives() -> None:
    d = _scenario("Quando este cenário entrar em cena, escolha um personagem herói ou um personagem vilão.")
    (choose,) = d.effects[0].procedures
    assert isinstance(choose, Choose) and choose.what is not None and len(choose.what.union) == 2


def test_three_conjuncts_are_three_choices() -> None:
    d = _scenario("Quando este cenário entrar em cena, escolha um personagem herói, um personagem vilão e um suporte.")
    assert d.executable
    chooses = d.effects[0].procedures
    assert len(chooses) == 3 and all(isinstance(c, Choose) for c in chooses)
    assert len({c.introduces for c in chooses}) == 3


def test_one_of_each_on_the_engine_both_chosen_are_damaged() -> None:
    game = match([_scenario(EACH), _char("Herói"), _char("Outro")], [_char("Vilão", "Vilão"), _char("Mocinho")],
                 a=Eager())
    s = card_of(game, 0, "Teste V1")
    hero, other = card_of(game, 0, "Herói V1"), card_of(game, 0, "Outro V1")
    villain, good = card_of(game, 1, "Vilão V1"), card_of(game, 1, "Mocinho V1")
    for c in (hero, other, villain, good):
        enter(game, c, 3)
    scenario(game, s)
    carried = {c: len(game.state.scene[c].carried) for c in (hero, other, villain, good)}
    assert carried[villain] == 2 and carried[good] == 3              # the villain of the other player, not a hero
    assert sorted((carried[hero], carried[other])) == [2, 3]         # one hero of yours


def test_que_nao_sejam_os_escolhidos_only_the_chosen_may_target_the_chosen() -> None:
    from cardscript.games.battle_scenes.runtime.queries import can_be_targeted
    from cardscript.games.battle_scenes.runtime.selectors import EffectContext

    choose_two = ("Quando este cenário entrar em cena, escolha um personagem herói que você controla e um personagem "
                  "vilão controlado por outro jogador.")
    game = match([_scenario(choose_two, NOT_THEM), _char("Herói")], [_char("Vilão", "Vilão"), _char("Mocinho")],
                 a=Eager())
    s, hero = card_of(game, 0, "Teste V1"), card_of(game, 0, "Herói V1")
    villain, good = card_of(game, 1, "Vilão V1"), card_of(game, 1, "Mocinho V1")
    for c in (hero, villain, good):
        enter(game, c, 3)
    scenario(game, s)

    def by(user: int, player: int) -> EffectContext:
        return EffectContext(controller=player, source=user, user=user, from_action=True, action_name="Soco")

    assert can_be_targeted(game, by(villain, 1), hero)              # a chosen one's action
    assert not can_be_targeted(game, by(good, 1), hero)             # another character's action
    assert not can_be_targeted(game, by(good, 1), villain)
    assert can_be_targeted(game, by(hero, 0), good)                 # the one not chosen: anyone


def test_load_one_of_each_is_a_load_per_conjunct_from_the_area_said_once() -> None:
    """"carregue um card de habilidade e um card de personagem de seus recursos neste personagem" (4.1): one Load
    per conjunct, one card each, both from the resources said after the last one."""
    from cardscript.compiler.ir import Load

    d = card("Habilidade: Reforço V1\nPoder: Super Força\n\nAção: Reforço\n  Custo: {0}\n  Poder: Super Força\n"
             "  Carregue um card de habilidade e um card de personagem de seus recursos neste personagem.\n")
    assert d.executable and d.action is not None
    loads = d.action.modes[0].procedures
    assert [type(p) for p in loads] == [Load, Load]
    assert all(isinstance(p, Load) and p.cards.zone == "resources" and p.cards.count.fixed == 1 for p in loads)
    assert [p.cards.kind for p in loads if isinstance(p, Load)] == [Kind.ABILITY, Kind.CHARACTER]
