"""Engine test helpers: a small match (30 filler cards a player, card definitions given by id, invariants checked),
scripted agents, test cards written as card files."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardscript.compiler.ir import CardDef
from cardscript.compiler.lower import lower_card
from cardscript.compiler.pipeline import compile_source
from cardscript.core.source import SourceFile
from cardscript.engine.agents import Agent, Decision, FirstLegalAgent
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.state import CardId, GameState, PlayerState, Zone

FILLER = CardDef(title="Filler V1", name="Filler", version=1, card_type="Habilidade", power="SF")


def small_game(cards: dict[int, CardDef], agents: Sequence[object] | None = None) -> Game:
    """Player 0 owns cards 0-29, player 1 cards 100-129 (all in their decks); ``cards`` overrides definitions."""
    ids = [*range(0, 30), *range(100, 130)]
    owner = {i: (0 if i < 100 else 1) for i in ids}
    players = [PlayerState(deck=list(range(0, 30))), PlayerState(deck=list(range(100, 130)))]
    defs: dict[int, CardDef] = {i: FILLER for i in ids}
    defs.update(cards)
    chosen: list[Agent] = list(agents) if agents else [FirstLegalAgent(), FirstLegalAgent()]  # type: ignore[arg-type]
    game = Game(GameState(owner, players), defs, chosen, check=True)
    game.state.turn = 1
    return game


def in_scene(game: Game, base: int, carried: list[int]) -> None:
    """Put ``base`` in the scene carrying ``carried`` (both taken from wherever they are)."""
    for c in [base, *carried]:
        game.move(c, Zone.RESOURCES)
    game.enter_scene(base, game.state.owner[base], carried)


@dataclass
class Script:
    """An agent answering decisions by kind from queues (an answer may be a function of the decision); otherwise
    the first legal answer. Remembers every decision."""

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
    """An answer choosing the options whose labels start with ``names``, in that order."""
    def answer(d: Decision) -> list[int]:
        return [next(i for i, o in enumerate(d.options) if o.startswith(n)) for n in names]
    return answer


def card(text: str) -> CardDef:
    """A small test card written as a card file, compiled and lowered."""
    return lower_card(compile_source(SourceFile("t.card", text)))


def own_character(name: str, *, shield: int = 0, alignment: str = "Herói", affiliations: str = "",
                  powers: str = "Super Força", ie: int = 3, action: str = "", alter_ego: str = "") -> CardDef:
    """A small character card of our own (no printed text), with ``action`` (a card file's action block) if any."""
    text = f"Personagem: {name} V1\n" + (f"Alter ego: {alter_ego}\n" if alter_ego else "")
    text += f"Alinhamento: {alignment}\n"
    if affiliations:
        text += f"Afiliações: {affiliations}\n"
    text += f"Poderes: {powers}\nEnergia inicial: {ie}\nEscudo: {shield}\n"
    if action:
        text += f"\n{action}"
    return card(text)


def punch(name: str, amount: int = 1, power: str = "Super Força", extra: str = "", cost: int = 0) -> str:
    """The action block of a card file: "<name> causa <amount> pontos de dano no alvo." (and ``extra``)."""
    return (f"Ação: {name}\n  Custo: {{{cost}}}\n  Poder: {power}\n  {name} causa {amount} pontos de dano no alvo."
            f"{' ' + extra if extra else ''}\n")


def ids(game: Game, player: int, title: str) -> list[CardId]:
    """The physical cards of ``player`` with that title."""
    return [c for c, d in game.cards.items() if d.title == title and game.state.owner[c] == player]
