"""The text back-end: canonical card text rendered from the AST through jinja2 templates.

The templates (``templates/<lang>/text.j2``) lay the words out, one macro per AST node type;
:func:`finish` then applies Portuguese orthography: punctuation spacing, contractions (``em o`` ->
``no``), clitics (``coloque -o`` -> ``coloque-o``, ``colocar -o`` -> ``colocá-lo``) and sentence
capitals (the templates mark where sentences start). Names pass through untouched. Nothing is
copied from the source text: lexicon words are spelled from the lexicon, names from the name,
numbers and icons from their values.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import jinja2

from cardscript.compiler.ast import Node
from cardscript.grammar.lexer import CONTRACTIONS

LANGUAGES = ("pt",)
# contractions the printed cards write joined; "em um", "de outro" stay apart as printed
_JOIN = {(prep, word): contracted for contracted, (prep, word) in CONTRACTIONS.items()
         if word not in ("um", "uma", "outro", "outra", "outros", "outras")}
# game terms printed with a capital: Escudo, Energia Inicial, Fase de Preparação, Etapa de Ataque...
GAME_TERMS = frozenset({"escudo", "energia", "inicial", "preparação", "combate", "compra",
                        "ajuste", "contagem", "regressiva", "antecipação", "ataque"})
_ACCENTED_INFINITIVE = {"ar": "á", "er": "ê", "ir": "i", "or": "ô"}


@lru_cache(maxsize=4)
def _environment(lang: str) -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.PackageLoader("cardscript.compiler", f"templates/{lang}"),
                              autoescape=False, keep_trailing_newline=False)


def render_node(node: Node, lang: str = "pt") -> str:
    """The canonical text of one AST node (a paragraph, a sentence, a phrase...).

    Paragraphs and sentences get sentence capitals; a phrase is rendered as it stands in its sentence.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"no templates for language {lang!r} (available: {', '.join(LANGUAGES)})")
    env = _environment(lang)
    template = env.get_template("text.j2")

    def r(child: Any) -> str:
        macro = getattr(module, type(child).__name__)
        return str(macro(child))

    module = template.make_module({"r": r, "game_terms": GAME_TERMS})
    from cardscript.compiler.ast import EffectParagraph, KeywordLine, Sentence

    return finish(r(node), capitals=isinstance(node, (EffectParagraph, KeywordLine, Sentence)))


def finish(raw: str, capitals: bool = True) -> str:
    """Portuguese orthography over the laid-out words (see module docstring)."""
    # protect names
    names: list[str] = []

    def keep(m: re.Match[str]) -> str:
        names.append(m.group(1))
        return f"\x01{len(names) - 1}\x01"

    text = re.sub(r"\x02(.*?)\x03", keep, raw)
    words = text.split()
    out: list[str] = []
    for w in words:
        if out:
            prev = out[-1]
            if (prev.lower(), w.lower()) in _JOIN:
                joined = _JOIN[(prev.lower(), w.lower())]
                out[-1] = joined[0].upper() + joined[1:] if prev[:1].isupper() else joined
                continue
            if w.startswith("-") and len(w) > 1 and w[1:].isalpha() and prev[-1:].isalpha():
                out[-1] = _attach_clitic(prev, w[1:])
                continue
        out.append(w)
    text = " ".join(out)
    text = re.sub(r"\s+([,.:;)])", r"\1", text)
    text = re.sub(r"\(\s+", "(", text)
    text = _quotes(text)
    text = re.sub(r"(?<=[\dX])\s*([+\-])\s*(?=[\dX])", r"\1", text)     # X+2, 8-X
    text = re.sub(r"(?<=\s)([+\-])\s+(?=[\dX])", r"\1", text)           # Escudo +1
    if capitals:
        text = re.sub(r"\x04\s*([a-zà-ý])", lambda m: m.group(1).upper(), text)
    text = re.sub(r"\x04\s*", "", text)
    text = re.sub(r"\x01(\d+)\x01", lambda m: names[int(m.group(1))], text)
    text = re.sub(r"\s*/\s*", "/", text)
    # phases and steps are names when they are named: "Fase de Preparação", but "desta etapa ou fase do turno"
    text = re.sub(r"\b(fases?|etapas?)(?= (?:de|da) [A-ZÀ-Ý])", lambda m: m.group(1).capitalize(), text)
    # the action types are names of the rules (4.6.2): "Ação de Antecipar", "Ação Imprevista"
    text = re.sub(r"\b(de antecipar|imprevistas?)\b", lambda m: m.group(1).title().replace("De ", "de "), text)
    text = re.sub(r"\.\.+", ".", text)        # a name ending in an abbreviation ends the sentence
    return text.strip()


def _quotes(text: str) -> str:
    """Straight quotes hug what they quote: ``terá " você pode "`` -> ``terá "você pode"``."""
    parts = text.split('"')
    out = parts[0]
    for i, part in enumerate(parts[1:], 1):
        out = out.rstrip() + ' "' if i % 2 else out.rstrip() + '"'
        out += part.lstrip() if i % 2 else part
    return out.replace(' "', '"', 1) if text.startswith('"') else out


def _attach_clitic(verb: str, clitic: str) -> str:
    for ending, accented in _ACCENTED_INFINITIVE.items():
        if verb.endswith(ending) and len(verb) > 3:
            return f"{verb[:-2]}{accented}-l{clitic}"
    return f"{verb}-{clitic}"
