"""A small library of card files written into a tmp folder, for tests of tools that read a folder of cards."""

from __future__ import annotations

from pathlib import Path

CHARACTERS = ("Alfa", "Bravo", "Charlie", "Delta", "Eco", "Foxtrote", "Golfe", "Hotel")
ABILITIES = ("Arpão", "Bumerangue", "Chicote", "Dardo", "Estilingue")
ITEM = "Martelo"                           # an Item Único: at most 1 copy in a deck


def character(name: str) -> str:
    return (f"Personagem: {name} V1\nAlinhamento: Herói\nAfiliações: Vingadores\nPoderes: Super Força\n"
            f"Energia inicial: 3\nEscudo: 1\n\nAção: Soco de {name}\n  Custo: {{1}}\n  Poder: Super Força\n"
            f"  Soco de {name} causa 2 pontos de dano no alvo.\n")


def ability(name: str, item: bool = False) -> str:
    permanent = "\nTexto permanente:\n  Item Único.\n" if item else ""
    return (f"Habilidade: {name} V1\nPoder: Super Força\n{permanent}\nAção: {name}\n  Custo: {{1}}\n"
            f"  Poder: Super Força\n  {name} causa 1 ponto de dano penetrante no alvo.\n")


SCENARIO = "Cenário: Calmaria V1\n\nTexto permanente:\n  Quando este cenário entrar em cena, compre um card.\n"
BROKEN = "Cenário: Quebrado V1\n\nTexto permanente:\n  Compre um xyzzy.\n"


def write_library(folder: Path, characters: int = len(CHARACTERS), abilities: int = len(ABILITIES),
                  item: bool = True, scenario: bool = True, broken: bool = True) -> Path:
    """Card files in ``folder/tst/``: characters (3 copies each in a deck), abilities, an Item Único ability,
    a scenario, and a card that does not compile (never in a deck)."""
    cards = folder / "tst"
    cards.mkdir(parents=True, exist_ok=True)
    for name in CHARACTERS[:characters]:
        (cards / f"{name.lower()}-v1.card").write_text(character(name), encoding="utf-8")
    for name in ABILITIES[:abilities]:
        (cards / f"{name.lower()}-v1.card").write_text(ability(name), encoding="utf-8")
    if item:
        (cards / "martelo-v1.card").write_text(ability(ITEM, item=True), encoding="utf-8")
    if scenario:
        (cards / "calmaria-v1.card").write_text(SCENARIO, encoding="utf-8")
    if broken:
        (cards / "quebrado-v1.card").write_text(BROKEN, encoding="utf-8")
    return folder
