"""What may be done: using actions, being targeted, costs, draws (rules 4.6, 6.2; statics 5.4 and the
restrictions and permissions golden rule 8 B weighs: the effect that prevents beats the one that allows)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardscript.compiler.ir.base import Procedure
from cardscript.compiler.ir.core import Duration, Filter, Quantity, Ref, Selector


@dataclass(frozen=True, kw_only=True)
class ExtraAction(Procedure):
    """"<who> pode usar mais uma ação [de {AG}] / esta ação outra vez neste turno" (4.6.2 C.4): ``same_action``:
    the effect's own action again; ``again``: that action again ("aquela ação outra vez": the event's);
    ``action_filters``: only a matching action ("a ação X outra vez", "mais uma ação de {AG}"); ``free``: the use it
    grants pays no incapacitation cost ("... sem pagar seu custo de incapacitação", 4.6.2 E.1); ``target``: what the
    use it grants may target ("..., desde que seu alvo seja um personagem que ...", 4.6.2 F)."""

    family: ClassVar[str] = "extra_action"
    who: Selector
    amount: int = 1
    same_action: bool = False
    again: Selector | None = None
    action_filters: tuple[Filter, ...] = ()
    free: bool = False
    target: Selector | None = None
    ready: bool = False                  # "mesmo que ele tenha entrado em cena neste turno": 4.6.2 C.1 waived
    duration: Duration = Duration.INSTANT
    then: tuple[Procedure, ...] = ()     # "Se o fizer, ...": what happens when the use it grants is made (run then,
    #                                      in the granting effect's context)


@dataclass(frozen=True, kw_only=True)
class Restrict(Procedure):
    """A prohibition while its effect works (or for ``duration``): ``what`` is one of

    ``be_target`` (``subject`` cannot be a target of matching actions, 4.6.2 F.2.2), ``use_action``
    (``subject`` cannot use matching actions), ``unload_by_effect``, ``search`` (``subject`` players cannot
    search ``zones``), ``repeat_action_name`` (no action of a name already used this turn), ``capacitate``,
    ``put_in_scene`` (``subject`` cannot enter the scene), ``be_used`` (matching actions cannot be used),
    ``use_once_per_player`` (no player uses more than one matching action a turn), ``capacitate_again``
    (``subject`` cannot be capacitated a second time in a turn). ``phase`` / ``whose_turn``: only while that
    phase or step (of that player's turn) is under way ("durante as Fases de Preparação").

    Matching actions: ``action_filters`` (power, name, type...), ``by`` (used by whom: a selector of
    characters or players), ``first_per_turn``; ``unless`` keeps the prohibition off while it holds."""

    family: ClassVar[str] = "restrict"
    what: str
    subject: Selector | None = None
    action_filters: tuple[Filter, ...] = ()
    by: Selector | None = None
    by_ref: Ref | None = None
    first_per_turn: bool = False
    zones: tuple[str, ...] = ()
    duration: Duration = Duration.WHILE_IN_PLACE
    phase: str = ""
    whose_turn: Ref | None = None


@dataclass(frozen=True, kw_only=True)
class Allow(Procedure):
    """A permission: ``what`` is ``actions_per_turn`` (``subject`` may use ``amount`` matching actions each
    turn, ``distinct_names``; ``unlimited``: any number of them, "mais de uma vez por turno"), ``use_action`` (may
    use matching actions it could not), ``put_in_scene``, ``use_as_if`` (4.6.2 D: ``subject`` uses actions as if it
    had the characteristics ``as_if`` says -- a name, an alter ego --, for the prohibitions on who uses them),
    ``use_without_power`` (may use the actions of the ability cards it carries without the power 4.6.2 C.2 asks
    for), ``scene_identity`` (4.4.2.1 A.4b lifted: ``subject`` may be put in the scene though its player controls a
    character of its alter ego -- or name). ``then``: "Se o fizer, ...", what happens when a placing uses the
    permission (run then, in the permission's context; 4.4.2.1 A.3, before the cards are loaded)."""

    family: ClassVar[str] = "allow"
    what: str
    subject: Selector | None = None
    amount: int = 0
    unlimited: bool = False
    action_filters: tuple[Filter, ...] = ()
    distinct_names: bool = False
    duration: Duration = Duration.WHILE_IN_PLACE
    as_if: tuple[Filter, ...] = ()
    then: tuple[Procedure, ...] = ()


@dataclass(frozen=True, kw_only=True)
class KeywordBonus(Procedure):
    """"Ações com Clarividência que este personagem usar ganham Clarividência +1 [para cada ...]" (rules 7): the
    number of the ``keyword`` of matching ``actions`` is ``amount`` more when one is used (a static)."""

    family: ClassVar[str] = "keyword_bonus"
    keyword: str
    actions: Selector
    amount: Quantity


@dataclass(frozen=True, kw_only=True)
class ChangeAction(Procedure):
    """"a ação N torna-se / é uma ação de Antecipar [e Imprevista]": the action's types change."""

    family: ClassVar[str] = "change_action"
    action: str = ""                     # the action's name ("" with ``actions``: a selector of actions)
    actions: Selector | None = None
    anticipate: bool = False
    unforeseen: bool = False
    lose: tuple[str, ...] = ()
    duration: Duration = Duration.WHILE_IN_PLACE


@dataclass(frozen=True, kw_only=True)
class SetCost(Procedure):
    """"<ações> têm custo {N}" / "custa {N} a menos": matching actions cost ``value`` (8 B.3: the higher
    wins), or ``delta`` less/more; ``cost_in``: the printed costs it applies to (all if empty)."""

    family: ClassVar[str] = "set_cost"
    value: int | None = None
    delta: Quantity | None = None
    cost_in: tuple[int, ...] = ()
    action_filters: tuple[Filter, ...] = ()
    duration: Duration = Duration.WHILE_IN_PLACE
    next_only: bool = False              # "a próxima ação ... custará": the next matching use only (spent by it)


@dataclass(frozen=True, kw_only=True)
class ForceTarget(Procedure):
    """4.6.2 F.2.1: ``subject`` must be a target of matching actions when it can be (``by``: whose actions)."""

    family: ClassVar[str] = "force_target"
    subject: Selector
    by: Ref | None = None
    action_filters: tuple[Filter, ...] = ()
    duration: Duration = Duration.WHILE_IN_PLACE


@dataclass(frozen=True, kw_only=True)
class ExtraDraw(Procedure):
    """"<who> pode comprar N cards extra durante a Fase de Compra" (6.2 B); ``phase`` "countdown": "cada jogador
    coloca um card a mais do próprio deck nos próprios recursos durante a Fase de Contagem Regressiva" (6.2 A)."""

    family: ClassVar[str] = "extra_draw"
    who: Selector
    amount: Quantity
    phase: str = "draw"


@dataclass(frozen=True, kw_only=True)
class CountdownAsIfNone(Procedure):
    """6.2 A: the Fase de Contagem Regressiva's placing is done by a player who controls no character (the rulebook:
    "If you do not control any character in the scene: place one card from the top of your deck into your
    resources; ..."). This lets ``who`` do it in their own phase "como se não controlasse nenhum personagem": as a
    static ("você pode colocar cards do topo de seu próprio deck em seus recursos em sua própria Fase de Contagem
    Regressiva como se você não controlasse nenhum personagem"; ``optional``: the player chooses) or, resolved,
    for their next phase only ("A próxima Fase de Contagem Regressiva do oponente alvo é executada como se aquele
    jogador não tivesse nenhum personagem em cena"). The number of cards is the rule's own (the opponent's
    characters and prizes count as usual)."""

    family: ClassVar[str] = "countdown_as_if_none"
    who: Selector


@dataclass(frozen=True, kw_only=True)
class SetEvolution(Procedure):
    """4.4.2.2 A.2a: "o requisito para você colocar em cena um Personagem-EV chamado X será Qualquer personagem ao
    invés de <its panel>": while the static works, the Evolução requirement of the EV cards ``cards`` that its
    controller puts into the scene is ``requirement`` (a character controlled since the start of the turn that fits
    it) instead of the printed panel."""

    family: ClassVar[str] = "set_evolution"
    cards: Selector
    requirement: Selector


@dataclass(frozen=True, kw_only=True)
class ChangeHandLimit(Procedure):
    """"O número máximo de cards em sua mão durante a Fase de Ajuste aumenta/diminui em N cards" (6.2 D.2): the
    hand size ``who`` keep at the Ajuste de Mão changes by ``sign`` * ``amount`` while the static is active."""

    family: ClassVar[str] = "hand_limit"
    who: Selector
    amount: Quantity
    sign: int = 1
