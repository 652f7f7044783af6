"""Hand-built Sky World cards and tables for the rule tests (the card files come from the compiler later)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardscript.compiler.ir import Condition, Effect, EffectKind, EventPattern, Filter, Kind, Ref, Selector
from cardscript.engine.agents import Decision
from cardscript.games.sky_world import ir
from cardscript.games.sky_world.engine import SkyEngine
from cardscript.games.sky_world.game import SkyGame
from cardscript.games.sky_world.ir import SkyCard
from cardscript.games.sky_world.seals import read_seal
from cardscript.games.sky_world.state import CardId, Character, SkyPlayer, SkyState

ALLY = Filter("controller", "eq", "you")
ENEMY = Filter("controller", "eq", "opponent")


def ally(*filters: Filter) -> Selector:
    return Selector(kind=Kind.CHARACTER, filters=(ALLY, *filters))


def enemy(*filters: Filter) -> Selector:
    return Selector(kind=Kind.CHARACTER, filters=(ENEMY, *filters))


THIS = Selector(kind=Kind.CHARACTER, ref=Ref.THIS_CHARACTER)


def seal(name: str, *procedures: ir.Procedure, limit: int = 0, condition: Condition | None = None) -> Effect:
    """A triggered effect with one of the manual's seals (the pack's table gives the event)."""
    read = read_seal(name)
    assert read is not None, name
    cond = condition or (Condition(read.qualifier_condition) if read.qualifier else None)
    return Effect(EffectKind.TRIGGERED, procedures, trigger=EventPattern(event=read.seal.event), limit_per_turn=limit,
                  condition=cond, zone="field", text=name)


def activated(zone: str, *procedures: ir.Procedure, limit: int = 0, condition: Condition | None = None) -> Effect:
    return Effect(EffectKind.ACTIVATED, procedures, zone=zone, limit_per_turn=limit, condition=condition,
                  text={"field": "ATIVAÇÃO", "hand": "HABILIDADE DA MÃO", "bank": "AÇÃO NO BANCO"}[zone])


def static(*procedures: ir.Procedure) -> Effect:
    return Effect(EffectKind.STATIC, procedures, zone="field", text="CONTÍNUA")


def character(title: str, requirement: int = 0, consumption: int = 0, power: int = 1, faith: int = 1,
              stage: int = 1, insignia: str = "", effects: Sequence[Effect] = (),
              keywords: Sequence[str] = ()) -> SkyCard:
    return SkyCard(title, title.split(",")[0].split(" ")[0], "Personagem", requirement, consumption, power, faith,
                   stage, insignia, tuple(effects), tuple(keywords))


# the manual's cards, as far as the manual describes them
MORTEUS = character("Morteus", requirement=4, consumption=1, power=6, faith=2, stage=1)
ELYRA = character("Elyra", requirement=1, power=3, faith=1)
NINA = character("Nina", requirement=0, power=2, faith=1)
FLOR_I = character("Flor I", requirement=1, power=5, faith=1, stage=1, insignia="Flor")
FLOR_II = character("Flor II", requirement=2, power=6, faith=2, stage=2, insignia="Flor")
LOTUS = character("Lotus", requirement=1, power=2, faith=1,
                  effects=[activated("hand", ir.Block(amount=1, cost=True), ir.ChangePower(targets=ally(), amount=1))])
HERO = SkyCard("Herói", "Herói", card_type="Herói")
FILLER = character("Carta", requirement=9, power=1, faith=1)


class LabelAgent:
    """Answers each decision with the options whose labels contain the next scripted strings (a list: several
    picks; "" picks nothing); when the script has run out, the first legal option(s)."""

    def __init__(self, *answers: str | Sequence[str]) -> None:
        self.answers = list(answers)
        self.seen: list[Decision] = []

    def decide(self, decision: Decision) -> Sequence[int]:
        self.seen.append(decision)
        if not self.answers:
            return list(range(decision.minimum))
        wanted = self.answers.pop(0)
        if isinstance(wanted, str):
            wanted = [wanted] if wanted else []
        picks: list[int] = []
        for w in wanted:
            found = [i for i, o in enumerate(decision.options) if w in o and i not in picks]
            assert found, f"no option with {w!r} in {decision.options} ({decision.prompt})"
            picks.append(found[0])
        return picks


@dataclass
class Side:
    faith: int = 0
    hand: list[SkyCard] = field(default_factory=list)
    deck: list[SkyCard] = field(default_factory=list)
    bank: list[SkyCard] = field(default_factory=list)
    board: list[SkyCard] = field(default_factory=list)
    ready: bool = True                     # the field's characters out of Preparação
    hero: SkyCard = HERO


class Table:
    """A game set up mid-match: ``ids[player][title]`` the CardIds by title (the last one of a title)."""

    def __init__(self, me: Side, rival: Side | None = None, agents: Sequence[object] = (), first: int = 0) -> None:
        rival = rival or Side()
        cards: dict[CardId, SkyCard] = {}
        owner: dict[CardId, int] = {}
        players = [SkyPlayer(), SkyPlayer()]
        self.ids: list[dict[str, CardId]] = [{}, {}]
        for index, side in enumerate((me, rival)):
            p = players[index]
            p.faith = side.faith

            def add(d: SkyCard, index: int = index) -> CardId:
                card = len(cards)
                cards[card] = d
                owner[card] = index
                self.ids[index][d.title] = card
                return card

            p.hero = add(side.hero)
            p.hand = [add(d) for d in side.hand]
            p.deck = [add(d) for d in side.deck]
            p.bank = [add(d) for d in side.bank]
            for slot, d in enumerate(side.board):
                p.slots[slot] = Character(add(d), preparation=not side.ready)
        state = SkyState(players, cards, owner, active_player=0, first_player=first, turn=1)
        self.agents = list(agents) or [LabelAgent(), LabelAgent()]
        self.game = SkyGame(state, self.agents)   # type: ignore[arg-type]
        self.engine = SkyEngine(self.game)
        self.state = state

    def id(self, title: str, player: int = 0) -> CardId:
        return self.ids[player][title]

    def ch(self, title: str, player: int = 0) -> Character:
        found = self.state.character(self.id(title, player))
        assert found is not None, f"{title} is not on the field"
        return found

    def events(self, kind: str) -> list[dict[str, object]]:
        return [e.data for e in self.game.log.events if e.kind == kind]
