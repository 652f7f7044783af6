"""Rules 7 "Outras Palavras-Chave" and the glossary: keywords whose meanings are activated or triggered effects
(cardscripts/prelude/*.kw), played on the engine: Liderar, Atrasar, Potencializar, Aprimoramento, Item Mágico,
Metamorfo, Ataque-Surpresa, Antecipação-Surpresa, Espionar, Predador."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from cardscript.compiler.ir import EffectKind
from cardscript.compiler.lower import lower_card
from cardscript.compiler.pipeline import compile_source
from cardscript.compiler.source import SourceFile
from cardscript.runtime.agents import Decision
from cardscript.runtime.cards import CardDef
from cardscript.runtime.library import load_library
from cardscript.runtime.match import Match, new_match
from cardscript.runtime.state import CardId, Zone


@pytest.fixture(scope="module")
def library() -> dict[str, CardDef]:
    return load_library()


@dataclass
class Script:
    """Answers decisions by kind from queues (an answer may also be a function of the decision); otherwise the
    first legal answer. Remembers every decision."""

    answers: dict[str, list[object]] = field(default_factory=dict)
    seen: list[Decision] = field(default_factory=list)

    def decide(self, decision: Decision) -> Sequence[int]:
        self.seen.append(decision)
        queue = self.answers.get(decision.kind)
        if queue:
            answer = queue.pop(0)
            if callable(answer):
                return answer(decision)          # type: ignore[no-any-return]
            return answer                        # type: ignore[return-value]
        return list(range(decision.minimum))


def pick(*names: str) -> object:
    """An answer choosing the options whose labels start with ``names``."""
    def answer(d: Decision) -> list[int]:
        return [next(i for i, o in enumerate(d.options) if o.startswith(n)) for n in names]
    return answer


def card(text: str) -> CardDef:
    """A small test card written as a card file."""
    return lower_card(compile_source(SourceFile("t.card", text)))


def char(name: str, *, affiliations: str = "", ie: int = 3, alter_ego: str = "", extra: str = "",
         action: str = "") -> CardDef:
    head = f"Personagem: {name} V1\nAlter ego: {alter_ego or name}\nAlinhamento: Herói\n"
    if affiliations:
        head += f"Afiliações: {affiliations}\n"
    head += f"Poderes: Super Força\nEnergia inicial: {ie}\nEscudo: 0\n"
    if extra:
        head += f"\nTexto permanente:\n  {extra}\n"
    if action:
        head += f"\n{action}"
    return card(head)


FILL = CardDef("Filler V1", "Filler", 1, "Habilidade", power="SF")


def match(deck_a: list[CardDef], deck_b: list[CardDef] | None = None, a: Script | None = None,
          b: Script | None = None) -> Match:
    game = new_match([*deck_a, *[FILL] * 30], [*(deck_b or []), *[FILL] * 30], [a or Script(), b or Script()],
                     seed=3, check=True, setup=False)
    game.state.turn = 2
    game.state.turn_player = 0
    return game


def ids(game: Match, player: int, title: str) -> list[CardId]:
    return [c for c, d in game.cards.items() if d.title == title and game.state.owner[c] == player]


def enter(game: Match, card_id: CardId, n: int = 2) -> None:
    """In the scene since an earlier turn, loaded with ``n`` filler cards of its owner's deck."""
    owner = game.state.owner[card_id]
    load = [c for c in game.state.players[owner].deck if game.cards[c].title == "Filler V1"][:n]
    game.enter_scene(card_id, owner, load)
    game.state.scene[card_id].entered_turn = 0
    game.eng.tree.resolve()                         # its entry triggers, if any


def plays(game: Match, player: int = 0) -> list[str]:
    return [p.label for p in game.eng.preparation_plays(player)]


def activations(game: Match, keyword: str, player: int = 0, window: str = "preparation") -> list[tuple[int, int]]:
    return [(c, i) for c, i, e in game.eng.activatable(player, window) if e.from_keyword == keyword]


def activate(game: Match, keyword: str, player: int = 0, window: str = "preparation") -> None:
    for c, i, e in game.eng.activatable(player, window):
        if e.from_keyword == keyword:
            game.eng.activate(player, c, i, e)
            return
    raise AssertionError(f"{keyword} cannot be activated")


def keyword_effects(definition: CardDef, keyword: str) -> list[object]:
    return [e for e in definition.effects if e.from_keyword == keyword]


def assert_executable(definition: CardDef, keyword: str, kind: EffectKind) -> None:
    effects = [e for e in definition.effects if e.from_keyword == keyword]
    assert effects and all(e.executable and e.kind is kind for e in effects), effects


# ---------------------------------------------------------------------------------------------------------------
# Liderar


def test_7_liderar_capacitates_a_character_with_the_characteristic_once_per_turn(
        library: dict[str, CardDef]) -> None:
    """Liderar {1} - afiliação Vingadores (Mansão dos Vingadores V1): during your Preparation Phase, once per turn,
    capacitate in {1} a character you control with the affiliation; not one without it, not twice a turn."""
    mansao = library["Mansão dos Vingadores V1"]
    assert_executable(mansao, "Liderar", EffectKind.ACTIVATED)
    avenger, other = char("Vingador", affiliations="Vingadores"), char("Outro", affiliations="X-Men")
    a = Script()
    game = match([mansao, avenger, other], a=a)
    m, v, o = ids(game, 0, "Mansão dos Vingadores V1")[0], ids(game, 0, "Vingador V1")[0], ids(game, 0, "Outro V1")[0]
    for c in (m, v, o):
        enter(game, c)
    game.incapacitate(v, 1)
    game.incapacitate(o, 1)
    assert any(p.startswith("activate Mansão dos Vingadores") for p in plays(game))
    activate(game, "Liderar")
    target_choices = [d for d in a.seen if d.kind == "target"]
    assert all(game.name(o) not in d.options for d in target_choices)       # the wrong characteristic
    assert game.state.scene[v].stage == 1 and game.state.scene[o].stage == 0
    assert activations(game, "Liderar") == []                               # once per turn
    game.eng.end_of_turn()
    assert activations(game, "Liderar") != []                               # reset at the Final do Turno (6.2)
    assert activations(game, "Liderar", window="attack") == []               # only in the Preparation Phase


def test_7_liderar_not_in_the_opponents_turn_nor_out_of_the_scene(library: dict[str, CardDef]) -> None:
    mansao = library["Mansão dos Vingadores V1"]
    game = match([mansao, char("Vingador", affiliations="Vingadores")])
    m = ids(game, 0, "Mansão dos Vingadores V1")[0]
    game.move(m, Zone.RESOURCES)
    assert activations(game, "Liderar") == []                               # in the resources: not in the scene
    enter(game, m)
    assert activations(game, "Liderar", player=1) == []                     # the opponent does not control it


# ---------------------------------------------------------------------------------------------------------------
# Atrasar


def test_7_atrasar_incapacitates_any_character_with_the_characteristic_once_per_turn(
        library: dict[str, CardDef]) -> None:
    """Atrasar {1} - personagem sem a afiliação Thunderbolts (Zeus V1): incapacitate in {1} a character -- any
    controller's (glossary) -- without the affiliation, once per turn."""
    zeus = library["Zeus V1"]
    assert_executable(zeus, "Atrasar", EffectKind.ACTIVATED)
    a = Script({"target": [pick("Inimigo")]})
    game = match([zeus, char("Raio", affiliations="Thunderbolts"), char("Amigo", affiliations="X-Men")],
                 [char("Inimigo", affiliations="X-Men")], a=a)
    z, r, e = ids(game, 0, "Zeus V1")[0], ids(game, 0, "Raio V1")[0], ids(game, 1, "Inimigo V1")[0]
    f = ids(game, 0, "Amigo V1")[0]
    for c in (z, r, e, f):
        enter(game, c)
    activate(game, "Atrasar")
    assert game.state.scene[e].stage == 0 and game.state.scene[r].stage == 1
    choice = next(d for d in a.seen if d.kind == "target")
    assert set(choice.options) == {game.name(e), game.name(f)}             # not Raio (Thunderbolts), not Zeus
    assert activations(game, "Atrasar") == []
