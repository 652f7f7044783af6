"""The game's English words: the official terms of the English rulebook (``shared/rules/battle-scenes-rulebook-en.txt``)
where it gives them, and ours where it does not (marked: docs/english.md lists which is which).

Card names, alter egos and affiliations are proper names: they stay as printed. A keyword the rulebook does not
name in English keeps its Portuguese name (a proper name of the rules)."""

from __future__ import annotations

# Card types (rules 2: "Character", "Support", "Scenario", "Ability"; 2.1.1 EV characters).
CARD_TYPES = {"Personagem": "Character", "Personagem-EV": "EV Character", "Suporte": "Support",
              "Cenário": "Scenario", "Habilidade": "Ability"}

# Header field labels (rules 2.1: "Initial Energy", "Shield", "Alter ego", "Affiliation", "Alignment", "Power",
# "Addition Value"); "Code" and "Rarity" are ours.
FIELDS = {"code": "Code", "alter_ego": "Alter ego", "alignments": "Alignment", "affiliations": "Affiliations",
          "powers": "Powers", "power": "Power", "initial_energy": "Initial Energy", "shield": "Shield",
          "addition_value": "Addition Value", "evolution": "Evolution", "rarity": "Rarity",
          "permanent": "Permanent text", "action": "Action", "cost": "Cost", "type": "Type"}

ALIGNMENTS = {"Herói": "Hero", "Vilão": "Villain"}

RARITIES = {"Comum": "Common", "Incomum": "Uncommon", "Raro": "Rare", "Super Raro": "Super Rare",
            "Ultra Raro": "Ultra Rare", "Promocional": "Promotional", "Especial": "Special"}

# The 13 powers by icon code. The rulebook names Magic (4.6.1: "MAGIA, Magic"); the others are ours.
POWERS = {"AG": "Agility", "VO": "Flight", "SF": "Super Strength", "AD": "Ranged Attack", "GE": "Genius",
          "AE": "Energy Attack", "LA": "Blades", "RE": "Regeneration", "EL": "Elasticity", "TE": "Telepathy",
          "TC": "Telekinesis", "MA": "Magic", "PC": "Cosmic Power"}
RULEBOOK_POWERS = frozenset({"MA"})

# Action types (rules 7.3: "Ações de Antecipar (Anticipation Actions)", "Ações Imprevistas (Unforeseen Actions)").
ACTION_TYPES = {"antecipar": "Anticipation", "imprevista": "Unforeseen",
                "Ação de Antecipar": "Anticipation Action", "Ação Imprevista": "Unforeseen Action"}

# Keywords (rules 7, 7.2, 7.3 give these English names); the others keep their Portuguese name.
KEYWORDS = {"Ataque-Surpresa": "Surprise Attack", "Ação Única": "Single Action", "Clarividência": "Clairvoyance",
            "Atrasar": "Delay", "Energia Cósmica": "Cosmic Energy", "Clone": "Clone",
            "Antecipação-Surpresa": "Anticipation Surprise", "Interligar": "Interlink", "Item Mágico": "Magic Item",
            "Aprimoramento": "Enhancement", "Item Único": "Unique Item", "Liderar": "Lead",
            "Metamorfo": "Shapeshifter", "Pelotão": "Squad", "Potencializar": "Empower",
            "Prontidão": "Readiness", "Materializar": "Materialize", "Singularidade": "Singularity"}

# Phases and steps (rules 6: "Countdown Phase", "Draw Phase", "Preparation Phase", "Combat Phase" with its
# "Anticipation Step" and "Attack Step", "Adjustment Phase", "End of the Turn").
PHASES = {"Fase de Contagem Regressiva": "Countdown Phase", "countdown": "Countdown Phase",
          "Fase de Compra": "Draw Phase", "draw": "Draw Phase",
          "Fase de Preparação": "Preparation Phase", "preparation": "Preparation Phase",
          "Fase de Combate": "Combat Phase", "combat": "Combat Phase",
          "Etapa de Antecipação": "Anticipation Step", "anticipation": "Anticipation Step",
          "Etapa de Ataque": "Attack Step", "attack": "Attack Step",
          "Fase de Ajuste": "Adjustment Phase", "adjustment": "Adjustment Phase",
          "Final do Turno": "End of the Turn", "end": "End of the Turn"}

# Play areas (rules 3: "the scene", "resources", "prizes", "deck", "hand").
ZONES = {"hand": "hand", "resources": "resources", "prizes": "prizes", "deck": "deck", "scene": "scene",
         "set_aside": "set-aside cards"}

# Card kinds of a selector, singular and plural.
KINDS = {"character": ("character", "characters"), "support": ("support", "supports"),
         "scenario": ("scenario", "scenarios"), "ability": ("ability card", "ability cards"),
         "card": ("card", "cards"), "player": ("player", "players"), "action": ("action", "actions")}
# A card of a card type ("card de personagem": a character card).
TYPE_CARDS = {"Personagem": "character", "Personagem-EV": "EV character", "Suporte": "support",
              "Cenário": "scenario", "Habilidade": "ability"}

NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

# The rulebook's own words, for the docs' table (docs/english.md) and the tests.
RULEBOOK_TERMS = {
    "Personagem": "Character", "Suporte": "Support", "Cenário": "Scenario", "Habilidade": "Ability",
    "Energia Inicial": "Initial Energy", "Escudo": "Shield", "cena": "scene", "recursos": "resources",
    "prêmios": "prizes", "capacitar / incapacitar": "capacitate / incapacitate", "carregar / descarregar":
    "load / unload", "nocautear": "knock out", "dano (penetrante)": "(piercing) damage",
    "causa N pontos de dano em": "causes N points of damage to", "Herói / Vilão": "Hero / Villain",
    "Ação de Antecipar / Imprevista": "Anticipation / Unforeseen Action", "Texto permanente": "Permanent text",
    "até o final do turno": "until the end of the turn", "procurar / revelar": "search / reveal",
}
