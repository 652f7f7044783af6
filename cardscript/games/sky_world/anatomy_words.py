"""Sky World's rows of the effect anatomy's tables (:mod:`cardscript.compiler.anatomy`, issue 14 part 5): its seals'
events in the manual's words, its zones, its procedure families, how its kinds of effect are used -- registered in
the game's own tables (``tables_of("sky-world")``), so its names never take Battle Scenes' words."""

from __future__ import annotations

from cardscript.compiler.anatomy import AnatomyTables, tables_of
from cardscript.games.sky_world.seals import SEALS

GAME = "sky-world"

# English of the seals' readings (the manual's sentences, seals.py, are the Portuguese)
_EVENT_EN: dict[str, str] = {
    "enter": "when this character enters the field, also as an evolution",
    "replaced_by_evolution": "when this card is replaced by an evolution",
    "channel": "when this character channels",
    "become_vulnerable": "when this character becomes vulnerable",
    "attack": "when this character's attack starts, before Poder is compared",
    "attack_or_channel": "when this character attacks or channels",
    "attack_channeler": "when this character attacks an enemy vulnerable for having channelled",
    "destroy_attacking": "when this character's attack destroys the enemy",
    "destroy_channeler": "when this character's attack destroys an enemy that channelled",
    "survive_attacking": "after combat, if this character attacked and survived",
    "survive_combat": "after combat, if this character survived, attacking or defending",
    "die": "when this character is destroyed",
    "execution": "when an execution is concluded",
    "turn_start": "at the start of its owner's turn, before the free plays",
    "turn_end": "at the end of its owner's turn",
    "hand_ability": "at its owner's next use of an ability from the hand",
    "ally_enter": "when another ally of the name given enters, while the source is ready",
}

ZONES: dict[str, tuple[str, str]] = {
    "field": ("em campo", "on the field"), "hand": ("na mão", "in the hand"),
    "bank": ("no Banco de Essências", "in the Banco of Essências"), "hero": ("o Herói", "the Herói"),
}

TASKS: dict[str, tuple[str, str, tuple[str, ...] | None]] = {
    "gain_faith": ("ganhar Fé", "gain Fé", ("player",)),
    "lose_faith": ("perder Fé (nunca abaixo de zero)", "lose Fé (never below zero)", ("player",)),
    "change_power": ("mudar o Poder (Poder zero destrói)", "change Poder (Poder zero destroys)", ("targets",)),
    "make_ready": ("deixar pronto (a ação de volta)", "make ready (its action back)", ("targets",)),
    "expose": ("deixar vulnerável", "make vulnerable", ("targets",)),
    "vasculhar": ("Vasculhar: revelar do topo, um para a mão", "Vasculhar: reveal from the top, one to the hand", ()),
    "consume": ("consumir Essências", "consume Essências", ()),
    "block": ("bloquear capacidade do Banco", "block the Banco's capacity", ()),
    "deposit": ("depositar cartas da mão no Banco", "deposit cards of the hand into the Banco", ()),
    "permutar": ("permutar uma Essência com uma carta da mão", "swap an Essência with a card of the hand", ()),
    "execute": ("executar: destruir sem comparar Poder", "execute: destroy without comparing Poder", ("targets",)),
    "destroy": ("destruir (vai ao Banco do dono)", "destroy (to its owner's Banco)", ("targets",)),
    "draw_cards": ("comprar cartas (até seis na mão)", "draw cards (up to six in the hand)", ("player",)),
    "fix": ("fixar em um personagem", "fix onto a character", ("onto",)),
    "awaken": ("despertar", "awaken", ("cards",)),
    "protect": ("proteger", "protect", ()),
    "counter_awaken": ("Counter de despertar", "Counter de despertar (awakening counter)", ()),
    "allow_attack": ("permitir um ataque", "allow an attack", ()),
    "consumption_as_block": ("consumo como bloqueio", "consumption as a block", ()),
    "prevent_channel_faith": ("impedir que a canalização conceda Fé", "stop channelling from granting Fé", ()),
    "release_blocks": ("liberar os bloqueios do Banco", "release the Banco's blocks", ("player",)),
    "hold_preparation": ("manter em Preparação até o fim do próximo turno do dono",
                         "keep in Preparação until the end of its owner's next turn", ("targets",)),
    "restrict": ("impedir de atacar ou canalizar", "keep from attacking or channelling", ("targets",)),
    "choose": ("escolher", "choose", ("what",)),
}

NOTES: dict[str, tuple[str, str]] = {
    "kind:activated": ("quando o jogador quiser, no seu turno, pagando seus custos e respeitando seus limites",
                       "when the player chooses, on their turn, paying its costs within its limits"),
    "kind:triggered": ("acontece quando o gatilho do selo acontece; resolvido pela Árvore de Efeitos",
                       "happens when its seal's trigger happens; resolved by the Effects Tree"),
    "kind:static": ("sempre, enquanto a fonte e as condições do texto estiverem presentes",
                    "always, while the source and the text's conditions are present"),
}


def register(tables: AnatomyTables | None = None) -> None:
    """Put Sky World's rows into its tables (registering the same words again changes nothing)."""
    tables = tables if tables is not None else tables_of(GAME)
    timing = {seal.event: (seal.reading, _EVENT_EN[seal.event]) for seal in SEALS if seal.event in _EVENT_EN}
    tables.register_rows(timing=timing, zones=ZONES, tasks=TASKS, notes=NOTES)


register()
