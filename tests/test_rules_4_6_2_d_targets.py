"""4.6.2 D with F: a prohibition that reads an action's targets ("as ações de X que não tenham Y como alvo não
podem ser usadas") is on the use, not on the character: the chosen character may use an
action only with that card among its targets -- an action without targets, or one that cannot aim at it, cannot be
used at all. The relative clause attaches by agreement: its plural verb ("tenham") has the plural "ações" as its
antecedent, not the singular character of the "de" complement. Our own texts, and the corpus card Armadilha
Reforçada V1 ((2014) BSPO 40/100, read from ``../shared/corpus`` at test time)."""

from __future__ import annotations

from cardscript.compiler.ir import Filter, Restrict
from tests.corpus_play import card_of, corpus_card, enter, match, require_corpus, usable, use
from tests.engine_helpers import Script, card, pick, punch
from tests.engine_helpers import own_character as char

HEAD = "Suporte: Rede V1\nEnergia inicial: 3\nEscudo: 1\n\nTexto permanente:\n  "


def _restrict(sentence: str) -> Restrict:
    d = card(HEAD + "Quando este suporte entrar em cena, escolha um personagem em cena.\n  " + sentence + "\n")
    (found,) = [p for e in d.effects for p in e.procedures if isinstance(p, Restrict)]
    return found


def _fields(filters: tuple[Filter, ...]) -> list[tuple[str, str]]:
    return [(f.field, f.op) for f in filters]


def test_4_6_2_d_a_plural_relative_after_a_singular_de_complement_filters_the_actions() -> None:
    """"As ações do personagem escolhido que tenham este card como alvo": "tenham" agrees with "ações" -- the
    target filter is on the actions, and the character is only their user."""
    r = _restrict("As ações do personagem escolhido que tenham este card como alvo não podem ser usadas.")
    assert _fields(r.action_filters) == [("user", "eq"), ("targets", "has")]
    user = r.action_filters[0].value
    assert not getattr(user, "filters", ())                     # the character carries no target filter
    r = _restrict("As ações do personagem escolhido que tenham alvo não podem ser usadas.")
    assert _fields(r.action_filters) == [("user", "eq"), ("targeted", "eq")]


def test_4_6_2_d_only_uses_aimed_at_the_support_are_allowed() -> None:
    """The chosen character cannot use its action without a target; its targeting action stays usable, and its
    target is the support (no other may be chosen). Another character is not concerned."""
    require_corpus()
    trap = corpus_card("(2014) BSPO 40/100")
    shout = card("Habilidade: Grito V1\nPoder: Super Força\n\nAção: Grito\n  Custo: {0}\n  Poder: Super Força\n"
                 "  Compre um card.\n")
    chosen, free = char("Escolhido", action=punch("Soco", 2)), char("Livre", action=punch("Tapa", 1))
    game = match([chosen, free, shout], [trap, char("Alvo", ie=5)], b=Script({"choose": [pick("Escolhido")]}))
    hero, other = card_of(game, 0, "Escolhido V1"), card_of(game, 0, "Livre V1")
    enter(game, hero, 3, carried=[card_of(game, 0, "Grito V1")])
    enter(game, other, 3)
    target = card_of(game, 1, "Alvo V1")
    enter(game, target, 5)
    game.state.phase, game.state.step = "combat", "attack"
    assert usable(game, hero, "Grito")                          # before the support
    support = card_of(game, 1, "Armadilha Reforçada V1")
    enter(game, support, 2)
    assert not usable(game, hero, "Grito")
    assert usable(game, hero, "Soco") and usable(game, other, "Tapa")
    use(game, hero, "Soco")
    game.eng.tree.resolve()
    targeted = [e.data["card"] for e in game.log.events if e.kind == "targeted"]
    assert targeted == [support]
