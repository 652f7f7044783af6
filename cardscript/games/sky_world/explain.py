"""``cardscript explain`` for a Sky World card: its header's numbers, each paragraph with the effect it lowered to
(or why it does not run), and every effect's anatomy in Apoteose's terms from this game's tables (issue 14, part 5)."""

from __future__ import annotations

from cardscript.compiler.anatomy import tables_of
from cardscript.compiler.explain import anatomy_section
from cardscript.compiler.ir import Effect
from cardscript.compiler.ir.describe import describe
from cardscript.compiler.pipeline import CompiledCard
from cardscript.games.sky_world import anatomy_words
from cardscript.games.sky_world.ir import SkyCard

_STAGES = {1: "I", 2: "II", 3: "III"}


def explain(compiled: CompiledCard) -> str:
    from cardscript.games.sky_world.pack import sky_card

    card, again = sky_card(compiled.source)
    if card is None:
        return f"{compiled.source.path}: the card file could not be read (see `cardscript check`)"
    lines = [_title(card), "  " + ("the engine runs all of it" if again.runs else
                                   "the engine does not run all of it (`cardscript check` says why)")]
    effects = list(card.effects)
    if card.hero_power is not None:
        hp = card.hero_power
        lines.append(f"  poder do Herói: custo {hp.cost}, patamar Evolução ×{hp.evolutions}, "
                     f"{hp.limit_per_turn} vez por turno")
        effects.append(hp.used)
    for effect in effects:
        lines.extend(_effect(effect))
    if card.is_hero:
        lines.append("  Drenar Fé 2: every Herói's second power (a rule): consume 4 Essências, the rival loses 2 Fé")
    if effects:
        lines.extend(anatomy_section(tuple(effects), None, tables_of(anatomy_words.GAME)))
    return "\n".join(lines)


def _title(card: SkyCard) -> str:
    if card.is_hero:
        return f"Herói: {card.title} (Sky World)"
    return (f"Personagem: {card.title} (Sky World): Requisito {card.requirement}, Consumo {card.consumption}, "
            f"Poder {card.power}, Fé {card.faith}, Estágio {_STAGES.get(card.stage, card.stage)}"
            + (f", Insígnia {card.insignia}" if card.insignia else ""))


def _effect(effect: Effect) -> list[str]:
    lines = [f"  {effect.text}"]
    if not effect.executable:
        lines.append(f"    not executable: {effect.why}")
        return lines
    where = f" ({effect.zone})" if effect.zone else ""
    trigger = f" on {effect.trigger.event}" if effect.trigger is not None else ""
    condition = f" if {effect.condition.kind}" if effect.condition is not None else ""
    lines.append(f"    {effect.kind.value}{where}{trigger}{condition}:")
    lines.extend(f"      {i}. {describe(p)}" for i, p in enumerate(effect.procedures, 1))
    return lines
