"""Sky World TCG cards as the compiler lowers them: the contract between the compiler and the Sky World engine.

A card is a :class:`SkyCard` whose effects are core :class:`~cardscript.compiler.ir.effects.Effect` objects
(manual, "Aprenda a ler uma carta", "Gatilhos: como usar"):

* a seal (AO ENTRAR, AO ATACAR, AO MORRER, INÍCIO DO TURNO, ...) is ``EffectKind.TRIGGERED`` with
  ``trigger=EventPattern(event=<the seal's event>)`` (``seals.py`` holds the table: seal -> activation, event,
  zone, the manual's sentence) -- a seal with a "·" qualifier (AO ENTRAR · MENOS FÉ) is the same event with
  ``Effect.condition`` set to the qualifier's condition kind;
* ATIVAÇÃO is ``ACTIVATED`` with ``zone="field"``, HABILIDADE DA MÃO ``ACTIVATED`` ``zone="hand"``, AÇÃO NO BANCO
  ``ACTIVATED`` ``zone="bank"``, PODER DO HERÓI ``ACTIVATED`` ``zone="hero"`` (the Herói's :class:`HeroPower`);
* CONTÍNUA and EM PREPARAÇÃO are ``STATIC`` (``zone="field"``; EM PREPARAÇÃO with the condition
  ``Condition("is", THIS_CHARACTER + Filter("preparation", "eq", "true"))``);
* ``Effect.limit_per_turn`` ("Uma vez por turno"; never renewed by becoming ready) and ``Effect.condition`` as in
  the core. An effect's costs are its procedures marked ``cost=True`` (:class:`Consume`, :class:`Block`): paid
  before the rest, checked before anything is paid ("O jogo verifica a quantidade livre antes de abrir o
  pagamento").

Selectors (core :class:`~cardscript.compiler.ir.core.Selector`): ``Kind.CHARACTER`` on the field (``zone=""`` or
``"field"``), ``Kind.CARD`` in a zone (``"hand"``, ``"bank"``, ``"deck"``, ``"deck_top"``); ``Kind.PLAYER`` with
``Ref.YOU`` / ``Ref.OPPONENT``; ``Ref.THIS_CHARACTER`` / ``Ref.THIS_CARD`` for the source; ``Ref.SLOT`` for the
trigger's ``event:subject`` / ``event:object`` (the one attacked, destroyed). Sky World filter fields
(``Filter(field, op, value)``):

=================  ==========  ======================================================================
field              ops         meaning
=================  ==========  ======================================================================
``controller``     eq          ``"you"`` (an ally, "aliado") / ``"opponent"`` (an enemy, "inimigo")
``preparation``    eq          ``"true"`` / ``"false"``: in Preparação (the hourglass)
``vulnerable``     eq          ``"true"`` / ``"false"``: vulnerable (after acting, or exposed)
``channeled``      eq          ``"true"``: vulnerable because it channelled Fé this turn ("quem gerou Fé")
``ready``          eq          ``"true"``: its action is available (not spent)
``stage``          eq ge le    ``"1"`` .. ``"3"`` (the roman I-III)
``power``          eq ge le    its current Poder
``faith``          eq ge le    its printed Fé
``insignia``       eq ne       its Insígnia
``name``           eq ne       its name ("um Dudurima")
``card_type``      eq          ``"Personagem"`` / ``"Herói"``
``amber``          eq          ``"false"``: a Banco card not converted this turn (available to consume)
=================  ==========  ======================================================================

Condition kinds of the pack (core :class:`~cardscript.compiler.ir.core.Condition`): ``reserve`` (Reserva N:
``value`` = N Essências in the Banco), ``apogee`` (a III on your field), ``formation`` (I, II and III on your
field), ``less_faith`` (you have less Fé than the rival), ``more_essences`` (your Banco has more than the
rival's), ``free_slot`` (a free field slot), ``evolutions`` (``value`` = N evolved cards, II or III, on your
field), ``is`` / ``exists`` (a selector with the filters above matches / has ``value`` members), with
``negated`` / ``all_of`` / ``any_of`` as in the core. :data:`CONDITIONS` lists them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, Literal

from cardscript.compiler.ir.base import Procedure
from cardscript.compiler.ir.core import Condition, Kind, Ref, Selector
from cardscript.compiler.ir.effects import Effect

CardType = Literal["Personagem", "Herói"]

# -- zones (every card is in exactly one at every moment) -------------------------------------------------------

ZONES: dict[str, str] = {
    "deck": "o baralho (50 cartas)",
    "hand": "a mão (até seis cartas)",
    "bank": "o Banco de Essências (cada carta, 1 Essência)",
    "field": "um dos cinco espaços de personagem",
    "trail": "o Rastro: a fonte de uma habilidade da mão, consumida no próximo turno do dono",
    "fixed": "fixada em um personagem (Fixe, Legado + Fixe, Fixar + Despertar)",
    "consumed": "consumida: fora da partida",
    "hero": "o Herói, fora dos cinco espaços",
}


CONDITIONS: dict[str, str] = {
    "reserve": "Reserva N: pelo menos N Essências no Banco",
    "apogee": "Apogeu: pelo menos um personagem III no seu campo",
    "formation": "Formação: personagens I, II e III no seu campo",
    "less_faith": "você tem menos Fé que o rival",
    "more_essences": "seu Banco tem mais Essências que o do rival",
    "free_slot": "há um espaço livre no seu campo",
    "evolutions": "pelo menos N cartas II ou III no seu campo (Evolução ×N)",
    "is": "cada coisa do seletor cumpre seus filtros",
    "exists": "pelo menos N coisas cumprem o seletor",
}

# condition keywords: written before the effect they condition ("Reserva 4 - ..."), each the effect's condition of
# that kind (its N the value); the prelude's meaning says the rule in words, the engine checks it by name
CONDITION_KEYWORDS: dict[str, str] = {"Reserva": "reserve", "Apogeu": "apogee", "Formação": "formation"}

# keyword characteristics (no procedure: rules the engine applies to the card that has them)
KEYWORDS: dict[str, str] = {
    "Salvaguarda": "não pode ser alvo de habilidades inimigas",
    "Interceptar": "o primeiro ataque contra seus aliados deve ser contra este personagem; renova ao ficar "
                   "vulnerável novamente",
    "Interceptar + Execuções": "o primeiro ataque ou execução contra seus aliados deve ser contra este "
                               "personagem; uma carga compartilhada, renovada ao ficar vulnerável novamente",
}


# -- selectors the families default to ------------------------------------------------------------------------

YOU = Selector(kind=Kind.PLAYER, ref=Ref.YOU)
OPPONENT = Selector(kind=Kind.PLAYER, ref=Ref.OPPONENT)
THIS = Selector(kind=Kind.CHARACTER, ref=Ref.THIS_CHARACTER)


# -- procedure families ----------------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class GainFaith(Procedure):
    """``player`` gains ``amount`` Fé (20 wins at once: "Sua primeira partida")."""

    family: ClassVar[str] = "gain_faith"
    amount: int
    player: Selector = YOU


@dataclass(frozen=True, kw_only=True)
class LoseFaith(Procedure):
    """Drenar Fé N: ``player`` loses ``amount`` Fé, not below zero; nobody gains it ("Seu Herói também
    participa")."""

    family: ClassVar[str] = "lose_faith"
    amount: int
    player: Selector = OPPONENT


@dataclass(frozen=True, kw_only=True)
class ChangePower(Procedure):
    """Inspirar N (+N this turn), Intimidar N (-N this turn), Fortalecer N (+N permanently, ``permanent``);
    Poder zero destroys, checked when the effect ends ("Poder zero destrói")."""

    family: ClassVar[str] = "change_power"
    targets: Selector
    amount: int                            # signed
    permanent: bool = False


@dataclass(frozen=True, kw_only=True)
class MakeReady(Procedure):
    """Prontidão N (``leave_preparation``: an ally in Preparação leaves it and is ready to act this turn) and
    Revigorar N (a vulnerable ally out of Preparação is ready again: its action back, not its limits).
    ``amount``: how many allies ("Prontidão e Revigorar sempre têm número")."""

    family: ClassVar[str] = "make_ready"
    targets: Selector
    leave_preparation: bool = False
    amount: int = 1


@dataclass(frozen=True, kw_only=True)
class Expose(Procedure):
    """Make ``targets`` vulnerable ("exposto por habilidade": it may then be attacked)."""

    family: ClassVar[str] = "expose"
    targets: Selector


@dataclass(frozen=True, kw_only=True)
class Vasculhar(Procedure):
    """Vasculhar N: reveal the top N of your deck (to you only), one to the hand, the rest to the bottom; one
    search a turn among your Vasculhar abilities."""

    family: ClassVar[str] = "vasculhar"
    amount: int


@dataclass(frozen=True, kw_only=True)
class Consume(Procedure):
    """Consumir N: N available Essências (not the amber one of this turn, not blocked capacity) leave the Banco
    and the match. ``cost``: paid before the rest of the effect."""

    family: ClassVar[str] = "consume"
    amount: int
    cost: bool = False


@dataclass(frozen=True, kw_only=True)
class Block(Procedure):
    """Bloquear N: reserve N of the Banco's free capacity until your next turn, without choosing cards; the
    Banco's total still counts for requisitos and Reserva."""

    family: ClassVar[str] = "block"
    amount: int
    cost: bool = False


@dataclass(frozen=True, kw_only=True)
class Deposit(Procedure):
    """Depositar N: send N cards of your hand to the Banco as available Essências; one Depósito a turn, shared
    between your cards."""

    family: ClassVar[str] = "deposit"
    amount: int


@dataclass(frozen=True, kw_only=True)
class Permutar(Procedure):
    """Permutar: bring an available Essência of the Banco (``take`` its filters: the stage restrictions) to the
    hand, then send another card of the hand (``send``) to the Banco, available at once. Optional to begin,
    both steps then mandatory."""

    family: ClassVar[str] = "permutar"
    take: Selector = Selector(kind=Kind.CARD, zone="bank")
    send: Selector = Selector(kind=Kind.CARD, zone="hand")


@dataclass(frozen=True, kw_only=True)
class Execute(Procedure):
    """Executar: destroy ``targets`` without comparing Poder; immunities, Interceptar + Execuções and
    protections against it apply; fires AO OCORRER UMA EXECUÇÃO."""

    family: ClassVar[str] = "execute"
    targets: Selector


@dataclass(frozen=True, kw_only=True)
class Destroy(Procedure):
    """Destroy ``targets`` (to the owner's Banco, available at once)."""

    family: ClassVar[str] = "destroy"
    targets: Selector


@dataclass(frozen=True, kw_only=True)
class DrawCards(Procedure):
    """``player`` draws ``amount`` cards, never above six in the hand (no Fé for the rival: that is only the
    start-of-turn replenishing)."""

    family: ClassVar[str] = "draw_cards"
    amount: int
    player: Selector = YOU


@dataclass(frozen=True, kw_only=True)
class Fix(Procedure):
    """Fixe: bind the source card to ``onto``; it leaves its zone, is not an Essência nor a character; when its
    last binding ends it is consumed. ``awaken``: Fixar + Despertar -- the binding reserves a slot and when it
    ends the source comes back to the field there, in Preparação. ``grants``: what the bound card gives its
    character while bound (Legado + Fixe: Arthur's attack permission)."""

    family: ClassVar[str] = "fix"
    onto: Selector
    cards: Selector = Selector(kind=Kind.CARD, ref=Ref.THIS_CARD)     # what is fixed: the source, or one chosen
    awaken: bool = False
    grants: tuple[Effect, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Awaken(Procedure):
    """Despertar by an effect: ``cards`` (from the hand, or the Banco with ``zone="bank"``) enter the field.
    ``free``: without spending a despertar ("sem gastar despertar": requisito, consumo, slot and previous stage
    still apply; a card awakened from the Banco never pays its own consumo)."""

    family: ClassVar[str] = "awaken"
    cards: Selector
    free: bool = False


@dataclass(frozen=True, kw_only=True)
class Protect(Procedure):
    """A protection, in a CONTÍNUA (STATIC) effect: ``targets`` are not destroyed by ``against`` -- ``"combat"``
    (a combat shield: not by Poder zero, "Poder zero destrói"), ``"execute"`` (Executar) or ``"any"`` ("não pode
    ser destruído": every destruction, Poder zero included)."""

    family: ClassVar[str] = "protect"
    targets: Selector
    against: Literal["combat", "execute", "any"] = "combat"


@dataclass(frozen=True, kw_only=True)
class AllowAttack(Procedure):
    """An attack permission, in a CONTÍNUA (STATIC) effect or a Fixação's grant: ``targets`` may attack while in
    Preparação (``in_preparation``) and / or enemies that are not vulnerable (``any_target``). It grants no extra
    action and does not let it channel ("Apenas permitir um ataque em Preparação não libera canalizar")."""

    family: ClassVar[str] = "allow_attack"
    targets: Selector
    in_preparation: bool = False
    any_target: bool = False


@dataclass(frozen=True, kw_only=True)
class Restrict(Procedure):
    """"<personagem> não pode atacar [nem canalizar]": ``targets`` may not do ``acts`` ("attack", "channel") -- for
    the rest of this turn as a resolving step ("neste turno"), while it is in place in a CONTÍNUA (STATIC). It takes
    no action away that the character has not got (manual, last chapter: "Leon, Voz da Formação age no fim do turno:
    o aliado fica pronto para se proteger, sem agir novamente")."""

    family: ClassVar[str] = "restrict"
    targets: Selector
    acts: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class ConsumptionAsBlock(Procedure):
    """A passive (a Herói's CONTÍNUA, ``zone="hero"``): each Essência an evolution of yours would consume is replaced
    by Bloquear ``per`` ("Consumo 2 vira Bloquear 4"); requisito and the previous stage still apply."""

    family: ClassVar[str] = "consumption_as_block"
    per: int = 2


@dataclass(frozen=True, kw_only=True)
class PreventChannelFaith(Procedure):
    """Registered for the rival's next turn: its first ``times`` channellings grant no Fé. Registering concludes
    the effect (no refund if the rival does not channel); activated from the field, it ends if the source is
    destroyed before ("ATIVAÇÃO ATIVA"); from the hand it lasts its written time (manual, "Ativação, fonte e
    duração": Dudurima)."""

    family: ClassVar[str] = "prevent_channel_faith"
    times: int = 1


@dataclass(frozen=True, kw_only=True)
class CounterAwaken(Procedure):
    """Counter de despertar, in a CONTÍNUA (STATIC) effect: while it is in place the rival may awaken or evolve
    only by spending a normal despertar; a candidate without Salvaguarda that tries otherwise is destroyed before
    entering (no costs paid, no AO ENTRAR; an evolution's predecessor stays). ``registered``: resolved from the
    hand, it is registered until the end of the rival's next turn ("Da mão, o Counter dura até o fim do próximo
    turno inimigo")."""

    family: ClassVar[str] = "counter_awaken"
    registered: bool = False            # from the hand: registered until the end of the rival's next turn


# -- cards -----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class HeroPower:
    """A Herói's main power (PODER DO HERÓI): ``cost`` Essências consumed, the evolution tier (``evolutions``:
    evolved cards, II or III, on the field), ``limit_per_turn`` (0: no limit) and its effect. Drenar Fé 2 is every
    Herói's secondary power: a rule of the engine, not data."""

    effect: Effect
    cost: int = 0
    evolutions: int = 0
    limit_per_turn: int = 1

    @property
    def used(self) -> Effect:
        """The power as it is used ("quando cumprir custo, patamar de evolução e limite"): its cost a ``Consume``
        paid first (``cost=True``), its tier the condition ``evolutions`` (with the card's words, "Evolução ×2"),
        its limit per turn -- what the engine checks and pays, and what the effect's anatomy shows."""
        tier = Condition("evolutions", value=str(self.evolutions), text=f"Evolução ×{self.evolutions}") \
            if self.evolutions else None
        condition = tier if self.effect.condition is None or tier is None else \
            Condition("all", all_of=(tier, self.effect.condition))
        cost = Consume(amount=self.cost, cost=True, text=f"custo {self.cost}")     # "custa zero": shown as 0
        return replace(self.effect, procedures=(cost, *self.effect.procedures), condition=condition,
                       limit_per_turn=self.limit_per_turn)


@dataclass(frozen=True)
class SkyCard:
    """One printed Sky World card (manual, "Aprenda a ler uma carta"). A Herói has ``hero_power`` and may have
    passive effects (``effects``: CONTÍNUA with ``zone="hero"``); its stage / power / faith are unused."""

    title: str                             # "Morteus, Senhor do Fim"
    name: str                              # "Morteus"
    card_type: CardType = "Personagem"
    requirement: int = 0                   # Essências needed in the Banco
    consumption: int = 0                   # Essências consumed when awakened (the red skulls)
    power: int = 0
    faith: int = 0
    stage: int = 1                         # 1..3 (I-III); not the requirement
    insignia: str = ""
    effects: tuple[Effect, ...] = ()
    keywords: tuple[str, ...] = ()         # Salvaguarda, Interceptar, Interceptar + Execuções
    hero_power: HeroPower | None = None

    def __post_init__(self) -> None:
        if self.card_type == "Personagem" and not 1 <= self.stage <= 3:
            raise ValueError(f"{self.title}: stage {self.stage} is not I, II or III")
        if self.requirement < 0 or self.consumption < 0:
            raise ValueError(f"{self.title}: requisito and consumo are not negative")

    @property
    def is_hero(self) -> bool:
        return self.card_type == "Herói"


@dataclass(frozen=True, kw_only=True)
class HoldPreparation(Procedure):
    """``targets`` stay in Preparação until the end of their owner's next turn, instead of the end of this one
    ("Algumas cartas mantêm a Preparação por mais tempo, como Sião, Deus do Sinal. Siga a duração escrita")."""

    family: ClassVar[str] = "hold_preparation"
    targets: Selector


@dataclass(frozen=True, kw_only=True)
class ReleaseBlocks(Procedure):
    """``player``'s blocked capacity released now, instead of at the start of their next turn ("Morteus da Reserva
    libera Essências bloqueadas")."""

    family: ClassVar[str] = "release_blocks"
    player: Selector = YOU


FAMILIES: tuple[type[Procedure], ...] = (
    GainFaith, LoseFaith, ChangePower, MakeReady, Expose, Vasculhar, Consume, Block, Deposit, Permutar, Execute,
    Destroy, DrawCards, Fix, Awaken, Protect, CounterAwaken, AllowAttack,
    ConsumptionAsBlock, PreventChannelFaith, ReleaseBlocks, HoldPreparation, Restrict,
)

__all__ = [
    "CONDITIONS", "CONDITION_KEYWORDS", "FAMILIES", "KEYWORDS", "OPPONENT", "THIS", "YOU",
    "ZONES", "AllowAttack", "Awaken", "Block", "CardType", "ChangePower", "Condition", "Consume", "ConsumptionAsBlock",
    "CounterAwaken",
    "Deposit", "Destroy", "DrawCards", "Execute", "Expose", "Fix", "GainFaith", "HeroPower", "LoseFaith", "MakeReady",
    "Permutar", "PreventChannelFaith", "HoldPreparation", "Protect", "ReleaseBlocks", "Restrict", "SkyCard",
    "Vasculhar",
]
