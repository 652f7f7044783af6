"""Battle Scenes' rows of the effect anatomy's tables (:mod:`cardscript.compiler.anatomy`): its event names, phases,
areas and procedure families in words, and the rule sections of its kinds of effect and of its actions.

Registered into the default game's tables when this module is imported, which the pack does (``pack.py``): the
anatomy loads the pack when it first needs these rows (``anatomy.game_tables``). Battle Scenes' other words still
live in the compiler (issue 14 moves them into this package, as it moved these). The
English is the rulebook's where it has it (``english/terms.py``: the phases)."""

from __future__ import annotations

from cardscript.compiler.anatomy import TABLES, AnatomyTables
from cardscript.compiler.english.terms import PHASES

# EventPattern.event -> the moment (rules 5.2: "Quando", "Toda vez que", "No início/final de"; compiler
# semantics/events.py makes them).
TIMING: dict[str, tuple[str, str]] = {
    "enter_scene": ("quando entra em cena", "when it enters the scene"),
    "leave_scene": ("quando sai de cena", "when it leaves the scene"),
    "move": ("quando um card é colocado em outra área", "when a card is put into another area"),
    "use_action": ("quando uma ação é usada (4.6.2)", "when an action is used (4.6.2)"),
    "action_resolved": ("quando o efeito de uma ação termina de resolver", "when an action's effect has resolved"),
    "targeted": ("quando é escolhido como alvo de uma ação (4.6.2 F)", "when chosen as an action's target (4.6.2 F)"),
    "damage": ("quando um dano é causado ou recebido (4.8)", "when damage is dealt or received (4.8)"),
    "action_damage": ("quando uma ação causa dano (4.8)", "when an action deals damage (4.8)"),
    "knocked_out": ("quando um personagem é nocauteado (4.7)", "when a character is knocked out (4.7)"),
    "knock_out": ("quando um personagem seria nocauteado (4.7)", "when a character would be knocked out (4.7)"),
    "destroyed": ("quando um suporte é destruído (4.7)", "when a support is destroyed (4.7)"),
    "load": ("quando um card é carregado", "when a card is loaded"),
    "unload": ("quando cards são descarregados", "when cards are unloaded"),
    "capacitate": ("quando um personagem é capacitado", "when a character is capacitated"),
    "incapacitate": ("quando um personagem é incapacitado", "when a character is incapacitated"),
    "draw": ("quando um jogador compra cards", "when a player draws cards"),
    "search": ("quando um jogador procura cards no deck", "when a player searches their deck"),
    "reveal": ("quando cards são revelados", "when cards are revealed"),
    "phase_start": ("no início de uma fase ou etapa (6)", "at the start of a phase or step (6)"),
    "phase_end": ("no final de uma fase ou etapa (6)", "at the end of a phase or step (6)"),
    "lower_shield": ("quando uma ação reduz o escudo (4.8.6)", "when an action lowers a shield (4.8.6)"),
}

# Effect.zone -> where the effect works (3: the areas; 5.2.1 triggered from other areas; 5.6 keywords anywhere).
ZONES: dict[str, tuple[str, str]] = {
    "scene": ("em cena", "in the scene"), "hand": ("na mão (5.2.1)", "in the hand (5.2.1)"),
    "resources": ("nos recursos (5.2.1)", "in the resources (5.2.1)"),
    "prizes": ("nos prêmios (5.2.1)", "in the prizes (5.2.1)"), "deck": ("no deck (5.2.1)", "in the deck (5.2.1)"),
    "any": ("em qualquer área (5.6)", "in any area (5.6)"),
}

# Procedure.family -> what it does; with the roles naming what it affects where they differ from the default.
TASKS: dict[str, tuple[str, str, tuple[str, ...] | None]] = {
    "damage": ("causar dano (4.8)", "deal damage (4.8)", ("targets",)),
    "modify_damage": ("modificar o dano (4.8.3 B–D)", "modify damage (4.8.3 B-D)", ("target",)),
    "redirect": ("redirecionar o dano (4.8.3.1 E)", "redirect damage (4.8.3.1 E)", ("to",)),
    "draw": ("comprar cards", "draw cards", ("who",)),
    "extra_draw": ("comprar mais cards na Fase de Compra", "draw more cards in the Draw Phase", ("who",)),
    "discard": ("descartar cards", "discard cards", ("who", "cards")),
    "load": ("carregar cards", "load cards", ("cards", "onto")),
    "unload": ("descarregar cards", "unload cards", ("who", "cards", "frm")),
    "move": ("colocar cards em outra área", "put cards into another area", ("cards",)),
    "put_in_scene": ("colocar em cena", "put into the scene", ("cards",)),
    "keep_aside": ("separar cards", "set cards aside", None),
    "search": ("procurar cards", "search for cards", ("who", "cards")),
    "reveal": ("revelar cards", "reveal cards", ("cards",)),
    "look": ("olhar cards", "look at cards", ("cards",)),
    "shuffle": ("embaralhar o deck", "shuffle the deck", ("who",)),
    "swap": ("permutar cards", "swap cards", ("cards", "other")),
    "stage": ("capacitar ou incapacitar (4.5)", "capacitate or incapacitate (4.5)", ("targets",)),
    "knock_out": ("nocautear (4.7)", "knock out (4.7)", ("targets",)),
    "gain": ("ganhar características", "gain characteristics", ("targets",)),
    "lose": ("perder características", "lose characteristics", ("targets",)),
    "set_shield": ("mudar o escudo (4.8.6)", "change the shield (4.8.6)", ("targets",)),
    "choose": ("escolher", "choose", ("what",)),
    "choose_option": ("escolher uma opção", "choose an option", ()),
    "extra_action": ("usar mais uma ação (4.6.2 C.4)", "use one more action (4.6.2 C.4)", ("who",)),
    "restrict": ("proibir (8 B)", "forbid (8 B)", ("subject", "by")),
    "allow": ("permitir (8 B)", "allow (8 B)", ("subject",)),
    "keyword_bonus": ("aumentar uma palavra-chave de ações (7)", "raise an action keyword (7)", ("actions",)),
    "change_action": ("mudar o tipo de ações", "change actions' types", ("actions",)),
    "set_cost": ("mudar o custo de ações (8 B.3)", "change actions' cost (8 B.3)", ()),
    "force_target": ("obrigar a escolher um alvo (4.6.2 F.2.1)", "force a target (4.6.2 F.2.1)", ("subject",)),
    "countdown_as_if_none": ("contar a Contagem Regressiva como sem personagens",
                             "count the Countdown as with no characters", ("who",)),
    "set_evolution": ("mudar o que um Personagem-EV evolui", "change what an EV character evolves from", ("cards",)),
    "hand_limit": ("mudar o limite de cards na mão", "change the hand limit", ("who",)),
    "generate": ("criar um efeito (5.7 B)", "create an effect (5.7 B)", ()),
    "replace": ("substituir um procedimento (5.5)", "replace a procedure (5.5)", ("subject",)),
    "suppress_text": ("tirar o efeito de textos permanentes (5.8)", "make permanent texts lose their effect (5.8)",
                      ("targets",)),
    "cancel_action": ("deixar uma ação sem efeito", "make an action have no effect", ("action",)),
    "rule": ("mudar uma regra do jogo (7)", "change a rule of the game (7)", ("of", "subject")),
    "keyword": ("característica de palavra-chave (5.6)", "keyword characteristic (5.6)", None),
}

# How each kind of effect happens (rules 5), and an action's parts (4.6.1, 4.6.2).
NOTES: dict[str, tuple[str, str]] = {
    "kind:activated": ("quando o jogador quiser, com a Árvore de Efeitos vazia (5.1)",
                       "when the player chooses, with the Effects Tree empty (5.1)"),
    "kind:triggered": ("fica pendente na Árvore de Efeitos quando o gatilho acontece (5.2, 9)",
                       "becomes pending in the Effects Tree when its trigger happens (5.2, 9)"),
    "kind:damage_modifier": ("ao calcular um dano, nos passos B–D (4.8.3, 5.3)",
                             "when a damage is calculated, in steps B-D (4.8.3, 5.3)"),
    "kind:static": ("sempre, enquanto funciona: sem ativação nem gatilho (5.4)",
                    "always, while it works: no activation, no trigger (5.4)"),
    "generated": ("criado quando o efeito que o gera resolve, pela duração que ele diz (5.7 B)",
                  "created when the effect generating it resolves, for the duration it says (5.7 B)"),
    "kind:replacement": ("no lugar do procedimento substituído, que não acontece (5.5)",
                         "instead of the replaced procedure, which does not happen (5.5)"),
    "kind:keyword": ("sempre: define uma característica do card (5.6)",
                     "always: it defines a characteristic of the card (5.6)"),
    "action:timing": ("na Etapa de Ataque de seu turno (4.6.2 C.5)", "in your Attack Step (4.6.2 C.5)"),
    "action:anticipate": ("Ação de Antecipar: também na Etapa de Antecipação do turno de um oponente (4.6.2 C.5.1)",
                          "Anticipation Action: also in an opponent's Anticipation Step (4.6.2 C.5.1)"),
    "action:unforeseen": ("Ação Imprevista: também na Fase de Preparação de seu turno (4.6.2 C.5.2)",
                          "Unforeseen Action: also in your Preparation Phase (4.6.2 C.5.2)"),
    "action:limit": ("uma ação por personagem por turno, salvo um efeito que permita mais (4.6.2 C.4, H)",
                     "one action per character per turn, unless an effect allows more (4.6.2 C.4, H)"),
    "rule:use_once_by_name": ("Ação Única: não mais de uma vez por turno, nem se outra ação for permitida (7)",
                              "Single Action: not more than once per turn, even if more actions are allowed (7)"),
    "rule:once_per_player": ("uma vez por turno por jogador (7)", "once per turn per player (7)"),
    "action:cost": ("custo de incapacitação {{{cost}}} (4.6.1, 4.6.2 E.1)",
                    "incapacitation cost {{{cost}}} (4.6.1, 4.6.2 E.1)"),
    "action:cost_x": ("custo de incapacitação {{X}}, o X escolhido ao usá-la (4.6.2 E.1)",
                      "incapacitation cost {{X}}, the X chosen when used (4.6.2 E.1)"),
    "action:no_cost": ("sem custo de incapacitação (4.6.1)", "no incapacitation cost (4.6.1)"),
    "action:power": ("o personagem tem o poder {{{power}}} (4.6.2 C.2)",
                     "the character has the power {{{power}}} (4.6.2 C.2)"),
    "action:extra_cost": ("custo adicional: {cost} (4.6.2 E.2)", "extra cost: {cost} (4.6.2 E.2)"),
    "action:target": ("um alvo que exista: {target} (4.6.2 F)", "a target that exists: {target} (4.6.2 F)"),
}


def register(tables: AnatomyTables = TABLES) -> None:
    """Put Battle Scenes' rows into ``tables`` (registering the same words again changes nothing)."""
    phases = {name: (name, en) for name, en in PHASES.items()
              if name[:1].isupper()}             # the Portuguese names (PHASES also keys the short ones)
    tables.register_rows(TIMING, phases, ZONES, TASKS, NOTES)


register()
