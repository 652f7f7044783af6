"""Card definitions as the engine sees them: the header's characteristics plus lowered effects.

A :class:`CardDef` is built from a compiled card by ``cardscript.compiler.lower.lower_card``; the
engine gives every physical card of a match a ``CardId`` mapped to its definition.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardscript.compiler.ir import ActionDef, Effect, Selector


@dataclass(frozen=True)
class CardDef:
    """One printed card (rules 2): characteristics, its action, its permanent text's effects."""

    title: str                            # "Raio Negro V1"
    name: str
    version: int
    card_type: str                        # Personagem, Personagem-EV, Suporte, Cenário, Habilidade
    alter_ego: str | None = None
    alignments: tuple[str, ...] = ()      # Herói / Vilão
    affiliations: tuple[str, ...] = ()
    powers: tuple[str, ...] = ()          # icon codes: AG, VO, SF...
    power: str | None = None              # an ability card's power (icon code)
    initial_energy: int | None = None
    shield: int | None = None
    addition_value: int | None = None
    evolution: Selector | None = None     # Personagem-EV: what it evolves from (4.4.2.2 A.2a)
    action: ActionDef | None = None
    effects: tuple[Effect, ...] = ()      # the permanent text, one effect per paragraph (or more)
    keywords: tuple[str, ...] = ()        # keyword characteristics (5.6): Pelotão, Item Único...
    code: str = ""

    @property
    def is_character(self) -> bool:
        return self.card_type in ("Personagem", "Personagem-EV")

    @property
    def executable(self) -> bool:
        """Every effect and the action can be executed by the engine (and an EV's panel was read)."""
        return (all(e.executable for e in self.effects) and (self.action is None or self.action.executable)
                and (self.card_type != "Personagem-EV" or self.evolution is not None))
