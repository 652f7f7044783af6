"""Writes docs/keywords.md from the prelude: python bench/gen_keywords_doc.py > docs/keywords.md

One section per keyword of cardscript/games/battle_scenes/prelude/*.kw: name, parameters, zone, usage, the rules it
implements, the
definition file's notes, its meaning as card text, the example, the old forms `cardscript translate` recognises,
and what the example expands to: the keyword and effect sections `cardscript explain` prints for a small card
that uses it (so the page shows honestly what the engine runs, and what is NOT EXECUTABLE yet).
tests/test_old_wording.py checks that docs/keywords.md is this script's output: regenerate it after changing the
prelude, the grammar or the lowering.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from cardscript.compiler.explain import explain_effects, explain_keywords
from cardscript.compiler.lower import lower_card
from cardscript.compiler.pipeline import CompiledCard, compile_source
from cardscript.compiler.prelude import KeywordDef, Parameter, Usage, load_prelude
from cardscript.core.source import SourceFile

_PARAMETERS = {
    Parameter.N: "N: a number, an icon or X after the keyword (`{1}`, `2`, `X`), fills `[N]`",
    Parameter.CHARACTERISTICS: "características: after ` - ` (`afiliação Vingadores`, `personagem sem a afiliação "
                               "X`), fills `[características]` as a complement (`com a afiliação Vingadores`)",
    Parameter.ACTIONS: "ações: after ` - ` (`ação Colisão Devastadora`, `ações de {AE}`), fills `[ações]` (`a ação "
                       "Colisão Devastadora`; all actions when left out)",
}
_ZONES = {
    "cena": "the scene (the card in play)",
    "recursos": "the resources",
    "mão": "the hand",
    "carregado": "carried by a character",
    "qualquer área": "any area (a characteristic-defining keyword, 5.6)",
}


def example_card(keyword: KeywordDef) -> str:
    """A small card file that uses the keyword's example: a character, or an ability card when the meaning is
    about carrying "este card" (Interligar, Item Mágico, Ataque-Surpresa...)."""
    meaning = " ".join(keyword.meaning)
    carried = re.search(r"carreg\w* este card|carregando este card", meaning, re.IGNORECASE)
    if carried:
        head = "Habilidade: Exemplo V1\nPoder: Ataque Energético\n"
    else:
        head = ("Personagem: Exemplo V1\nAlter ego: Fulano de Tal\nAfiliações: Vingadores\nPoderes: Ataque "
                "Energético\nEnergia inicial: 3\nEscudo: 1\n")
    if keyword.usage is Usage.ACTION:
        return f"{head}\nAção: Golpe Exemplo\n  Custo: {{1}}\n  Poder: Ataque Energético\n  {keyword.example}\n"
    text = f"{head}\nTexto permanente:\n  {keyword.example}\n"
    if carried:
        text += "\nAção: Golpe Exemplo\n  Custo: {1}\n  Poder: Ataque Energético\n  Golpe Exemplo causa 1 ponto de " \
                "dano no alvo.\n"
    return text


def compile_example(keyword: KeywordDef) -> CompiledCard:
    return compile_source(SourceFile(f"exemplo-{keyword.key}.card", example_card(keyword)))


def executable(card: CompiledCard) -> bool:
    try:
        return card.ok and card.bound and lower_card(card).executable
    except Exception:  # noqa: BLE001 - a lowering bug shows as not executable in the docs
        return False


def notes(keyword: KeywordDef) -> list[str]:
    """The definition file's ``#`` comments, as one paragraph."""
    if keyword.source is None:
        return []
    lines = [line[1:].strip() for line in keyword.source.text.splitlines() if line.startswith("#")]
    return [" ".join(line for line in lines if line)] if lines else []


def section(keyword: KeywordDef) -> list[str]:
    card = compile_example(keyword)
    where = Path(keyword.source.path).name if keyword.source is not None else "?"
    out = [f"## {keyword.name}", ""]
    params = [_PARAMETERS[p] + (" (optional)" if p in keyword.optional else "") for p in keyword.parameters]
    out += [
        f"- **Rules:** {keyword.section}",
        f"- **Parameters:** {'; '.join(params) if params else 'none'}",
        f"- **Zone:** `{keyword.zone.value}`: its effects work in {_ZONES[keyword.zone.value]}",
        f"- **Usage:** `{keyword.usage.value}`: " + ("a prefix of an action's effect, `Nome N - efeito`"
                                                      if keyword.usage is Usage.ACTION else
                                                      "a line of the permanent text"),
        f"- **Definition:** `cardscript/games/battle_scenes/prelude/{where}`",
        f"- **Executable:** {'yes' if executable(card) else 'no (see the NOT EXECUTABLE lines below)'}",
        "",
    ]
    for note in notes(keyword):
        out += [f"Notes: {note}", ""]
    out += ["**Meaning** (card text; `[N]`, `[características]`, `[ações]` are the parameters, `[nome]`, "
            "`[alter ego]`, `[ação]` the card's name, alter ego and action):", ""]
    out += [f"> {m}" for m in keyword.meaning] + [""]
    out += [f"**Example:** `{keyword.example}`", ""]
    if keyword.old_forms:
        out += ["**Old forms** (`Forma antiga`: printed on cards made before the keyword existed; `cardscript "
                "translate` writes the keyword instead, `cardscript check` warns CS250):", ""]
        out += [f"- {form}" for form in keyword.old_forms] + [""]
    out += ["**Expands to** (`cardscript explain` on a card whose text is the example):", "", "```"]
    out += [line[2:] if line.startswith("  ") else line for line in explain_keywords(card)]
    if card.bound:
        out += [line[2:] if line.startswith("  ") else line for line in explain_effects(card)]
    else:
        out += ["(the example card does not compile: run `cardscript check`)"]
    out += ["```", ""]
    return out


def render() -> str:
    prelude = load_prelude()
    keywords = sorted(prelude.keywords.values(), key=lambda k: k.key)
    out = [
        "# Keywords",
        "",
        "Every keyword of Battle Scenes (rules 7, \"Principais Palavras-Chave\", and the Glossário) is defined once, "
        "in the language, in `cardscript/games/battle_scenes/prelude/*.kw` (the definition form: docs/language.md, "
        "\"Keywords\"). A "
        "card that uses a keyword behaves as if its text said the keyword's meaning with the parameters filled in: "
        "the compiler expands each use into that card text and lowers it like any paragraph of the card.",
        "",
        "Generated from the prelude by `python bench/gen_keywords_doc.py > docs/keywords.md` (a test checks that "
        "this page is up to date). The \"Expands to\" blocks are the output of `cardscript explain` for a small "
        "card using the example; `NOT EXECUTABLE` marks what the engine does not run yet.",
        "",
        "| keyword | parameters | zone | usage | rules | executable |",
        "|---|---|---|---|---|---|",
    ]
    for k in keywords:
        params = ", ".join(p.value + ("?" if p in k.optional else "") for p in k.parameters) or "-"
        out.append(f"| [{k.name}](#{_anchor(k.name)}) | {params} | {k.zone.value} | {k.usage.value} | {k.section} | "
                   f"{'yes' if executable(compile_example(k)) else 'no'} |")
    out.append("")
    for k in keywords:
        out += section(k)
    return "\n".join(out).rstrip("\n") + "\n"


def _anchor(title: str) -> str:
    """GitHub's heading anchor: lower case, punctuation dropped, blanks to hyphens (accents kept)."""
    text = re.sub(r"[^\w\- ]", "", title.lower())
    return text.replace(" ", "-")


if __name__ == "__main__":
    sys.stdout.write(render())
