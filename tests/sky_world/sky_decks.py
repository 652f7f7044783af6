"""Two demo decks of hand-built cards exercising every procedure family and many seals (the card files come
from the compiler later)."""

from __future__ import annotations

from sky_fixtures import ELYRA, FLOR_I, FLOR_II, HERO, LOTUS, MORTEUS, NINA, THIS, activated, ally, enemy, seal, static

from cardscript.compiler.ir import Condition, Effect, EffectKind, Filter, Kind, Ref, Selector
from cardscript.games.sky_world import ir
from cardscript.games.sky_world.match import SkyDeck

SUCCESSOR = Selector(kind=Kind.CHARACTER, ref=Ref.SLOT, slot="event:object")
FLOR_III = ir.SkyCard("Flor III", "Flor", requirement=3, consumption=1, power=8, faith=3, stage=3, insignia="Flor")

CARDS = (
    MORTEUS, ELYRA, NINA, FLOR_I, FLOR_II, FLOR_III, LOTUS,
    ir.SkyCard("Arauto", "Arauto", requirement=1, power=2, faith=1, effects=(
        seal("AO ENTRAR", ir.Vasculhar(amount=3)),)),
    ir.SkyCard("Guardiã", "Guardiã", requirement=2, power=4, faith=1, keywords=("Interceptar", "Salvaguarda")),
    ir.SkyCard("Carrasco", "Carrasco", requirement=3, consumption=1, power=3, faith=1, effects=(
        activated("field", ir.Consume(amount=1, cost=True), ir.Execute(targets=enemy()), limit=1),)),
    ir.SkyCard("Sacerdote", "Sacerdote", requirement=1, power=1, faith=2, effects=(
        seal("AO CANALIZAR FÉ", ir.ChangePower(targets=THIS, amount=1, permanent=True)),)),
    ir.SkyCard("Intimidador", "Intimidador", requirement=2, power=3, faith=1, effects=(
        seal("AO ENTRAR", ir.ChangePower(targets=enemy(), amount=-2)),)),
    ir.SkyCard("Leon, Voz do Legado", "Leon", requirement=2, power=3, faith=1, effects=(
        activated("field", ir.Block(amount=3, cost=True),
                  ir.MakeReady(targets=Selector(kind=Kind.CHARACTER, filters=(Filter("controller", "eq", "you"),),
                                                excluding=THIS)), limit=1),)),
    ir.SkyCard("Veloz", "Veloz", requirement=2, power=2, faith=2, effects=(
        seal("AO ENTRAR", ir.MakeReady(targets=THIS, leave_preparation=True)),)),
    ir.SkyCard("Mártir", "Mártir", requirement=1, power=2, faith=1, effects=(
        seal("AO MORRER", ir.DrawCards(amount=1)),)),
    ir.SkyCard("Dreno", "Dreno", requirement=2, power=2, faith=1, effects=(
        seal("AO SOBREVIVER ATACANDO", ir.LoseFaith(amount=1)),)),
    ir.SkyCard("Escudeiro", "Escudeiro", requirement=1, power=2, faith=1, effects=(
        static(ir.Protect(targets=THIS, against="combat")),)),
    ir.SkyCard("Estandarte", "Estandarte", requirement=3, power=2, faith=1, effects=(
        static(ir.ChangePower(targets=Selector(kind=Kind.CHARACTER, every=True,
                                               filters=(Filter("controller", "eq", "you"),)), amount=1)),)),
    ir.SkyCard("Tesoureiro", "Tesoureiro", requirement=0, power=1, faith=1, effects=(
        activated("hand", ir.Deposit(amount=1)), activated("field", ir.Permutar(optional=True), limit=1))),
    ir.SkyCard("Arthur I", "Arthur", requirement=1, power=3, faith=1, stage=1, insignia="Arthur", effects=(
        seal("LEGADO", ir.Fix(onto=SUCCESSOR)),)),
    ir.SkyCard("Arthur II", "Arthur", requirement=2, power=5, faith=2, stage=2, insignia="Arthur"),
    ir.SkyCard("Gili", "Gili", requirement=1, power=1, faith=1, effects=(
        activated("hand", ir.Fix(onto=ally()), ir.ChangePower(targets=ally(), amount=2)),)),
    ir.SkyCard("Anastacia", "Anastacia", requirement=2, power=2, faith=1, effects=(
        activated("bank", ir.Awaken(cards=Selector(kind=Kind.CARD, ref=Ref.THIS_CARD, zone="bank"), free=True),
                  limit=1, condition=Condition("apogee")),)),
    ir.SkyCard("Dudurima", "Dudurima", requirement=1, power=2, faith=1, effects=(
        activated("field", ir.Consume(amount=1, cost=True), ir.PreventChannelFaith(), limit=1),)),
    ir.SkyCard("Aurora", "Aurora", requirement=2, power=3, faith=1, effects=(
        static(ir.CounterAwaken()),
        seal("INÍCIO DO TURNO", ir.ChangePower(targets=THIS, amount=-1, permanent=True)),
        seal("NO FIM DO SEU TURNO", ir.Expose(targets=enemy(), optional=True)))),
)

HERO_RESERVA = ir.SkyCard("Morteus da Reserva", "Morteus", card_type="Herói", hero_power=ir.HeroPower(
    Effect(EffectKind.ACTIVATED, (ir.DrawCards(amount=1),), zone="hero"), cost=0, evolutions=2))


def deck(name: str, offset: int = 0) -> SkyDeck:
    cards = [CARDS[(i + offset) % len(CARDS)] for i in range(50)]
    return SkyDeck(HERO_RESERVA if offset % 2 else HERO, tuple(cards), name)
