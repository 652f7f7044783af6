"""Cards changing place (rules 3, 4.1, 4.4): drawing, discarding, loading, unloading, moving between areas,
putting into the scene, searching, revealing, looking, shuffling, swapping."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardscript.compiler.ir.base import Procedure
from cardscript.compiler.ir.core import Condition, Quantity, Selector


@dataclass(frozen=True, kw_only=True)
class Draw(Procedure):
    """"<who> compra N cards" (4.2); ``each_player``: the amount is counted for each player in turn, the slot
    ``each:player`` standing for that player ("cada jogador compra um card para cada personagem ... que ele
    controla")."""

    family: ClassVar[str] = "draw"
    who: Selector
    amount: Quantity
    each_player: bool = False


@dataclass(frozen=True, kw_only=True)
class Discard(Procedure):
    """"<who> descarta N cards" (from the hand to the resources): ``cards`` are the ones that may be chosen.
    ``alternatives``: "um card de cenário ou dois outros cards" -- the discarding player chooses which of ``cards``
    (``amount`` of them) or an alternative (its own ``count`` of its cards) to discard."""

    family: ClassVar[str] = "discard"
    who: Selector
    amount: Quantity
    cards: Selector
    alternatives: tuple[Selector, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Load(Procedure):
    """"carregue <cards> em <onto>" (4.1): ``cards`` (or any of ``alternatives``) from where they are."""

    family: ClassVar[str] = "load"
    cards: Selector
    onto: Selector
    alternatives: tuple[Selector, ...] = ()
    loaded: str = ""                     # the slot the cards loaded fill ("aquele mesmo número de cards": how many)
    until: Quantity | None = None        # "... até ele estar carregando N cards": as many as it takes for it to carry N


@dataclass(frozen=True, kw_only=True)
class Unload(Procedure):
    """"descarregue <cards>" / "descarregue N cards de <frm>" (4.1): ``who`` chooses which when N are asked."""

    family: ClassVar[str] = "unload"
    who: Selector
    cards: Selector | None = None        # these very cards
    amount: Quantity | None = None       # or this many of those ``frm`` carries
    frm: Selector | None = None
    unloaded: str = ""                   # the slot the cards unloaded fill ("o card descarregado")
    instead_to: str = ""                 # 5.5: an unloaded card meeting ``instead_if`` goes to this area of its owner
    instead_if: Condition | None = None  # instead of the resources ("coloque aquele card em sua mão ao invés de
    #                                      colocá-lo em seus recursos"); the condition reads it in ``unloaded``


@dataclass(frozen=True, kw_only=True)
class Move(Procedure):
    """"coloque <cards> em/no topo de/na base de <to>", "separe ...", "devolva ...": ``to`` is an area
    ("hand", "resources", "deck_top", "deck_bottom", "prizes", "set_aside"), of ``to_owner`` (None: each
    card's owner). ``any_order``: the controller orders them; ``from_zone``: only those still there;
    ``unload_first``: a base card's carried cards are unloaded before it moves (it is not knocked out)."""

    family: ClassVar[str] = "move"
    cards: Selector
    to: str
    to_owner: Selector | None = None
    any_order: bool = False
    from_zone: str = ""
    unload_first: bool = False
    shuffle_in: bool = False             # "embaralhe-o no deck de seu dono"
    or_to: tuple[str, ...] = ()          # "no topo de seu deck ou em seus recursos": the controller picks the area
    orderer: Selector | None = None      # "aquele jogador ... devolve os outros cards ... em qualquer ordem": who
    #                                      orders them (None: the controller)
    instead_of: str = ""                 # 5.5 "coloque-o em sua mão ao invés de colocá-lo em seus recursos": the area
    #                                      the step before would put the cards in (lowering folds it into that step)


@dataclass(frozen=True, kw_only=True)
class PutInScene(Procedure):
    """"coloque em cena <cards>" (4.4.2.1: loaded from the resources as usual unless ``loaded_with``)."""

    family: ClassVar[str] = "put_in_scene"
    cards: Selector
    loaded_with: Selector | None = None  # "carregue-o com os cards que aquele personagem estava carregando"
    as_if: str = ""                      # "como se ele tivesse Materializar": the keyword's rule applies
    loading: Selector | None = None      # "coloque-o em cena carregando até quatro cards de seus recursos": chosen
    #                                      as it enters, instead of its initial energy's worth


@dataclass(frozen=True, kw_only=True)
class KeepAside(Procedure):
    """"aqueles cards não serão colocados no topo de seu deck devido à Clarividência" (rules 7, Clarividência): the
    cards the action took from those its keyword set aside (its ``slot``) -- loaded, put into an area -- are no
    longer among them, so its end procedure does not return them to the top of the deck."""

    family: ClassVar[str] = "keep_aside"
    slot: str


@dataclass(frozen=True, kw_only=True)
class Search(Procedure):
    """"<who> procura em <zones> por <cards>" -> the cards found fill ``introduces``."""

    family: ClassVar[str] = "search"
    who: Selector
    zones: tuple[str, ...]
    cards: Selector


@dataclass(frozen=True, kw_only=True)
class Reveal(Procedure):
    """"revele <cards>"; ``any_number``: the controller reveals any number of them (they fill ``introduces``)."""

    family: ClassVar[str] = "reveal"
    cards: Selector
    any_number: bool = False
    who: Selector | None = None


@dataclass(frozen=True, kw_only=True)
class Look(Procedure):
    """"olhe <cards>": the controller looks at them (hidden information)."""

    family: ClassVar[str] = "look"
    cards: Selector
    who: Selector | None = None


@dataclass(frozen=True, kw_only=True)
class Shuffle(Procedure):
    """"embaralhe o seu deck"."""

    family: ClassVar[str] = "shuffle"
    who: Selector


@dataclass(frozen=True, kw_only=True)
class Swap(Procedure):
    """"permute <cards> por <other>" / "entre A e B": the two cards exchange places (4.1)."""

    family: ClassVar[str] = "swap"
    cards: Selector
    other: Selector
