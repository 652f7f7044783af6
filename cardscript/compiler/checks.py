"""Checks on the words of card text that the grammar alone cannot judge.

* Icons: a power code (``{AG}``...) or a cost/stage (``{0} {1} {2} {X}``); anything else is CS103.
* Phases and steps (rules 6): ``Fase de <nome>`` must name a phase and ``Etapa de <nome>`` a step of
  the turn (CS210, with "did you mean").
* Names: a name in card text that no header in scope defines is a CS220 warning with "did you mean";
  after ``afiliação``/``afiliações`` it is compared with the known affiliations. ``N/A`` (none) is no name.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardscript.compiler.ast import Icon, Lexeme, Name, Node, Paragraph, Phrase, PhraseKind
from cardscript.compiler.bind import walk
from cardscript.compiler.render import render_node
from cardscript.compiler.vocabulary import PHASES, POWERS, STEPS, Power
from cardscript.core import diagnostics as dg
from cardscript.core.diagnostics import Diagnostic, did_you_mean
from cardscript.core.source import SourceFile
from cardscript.grammar.names import NameRegistry

ICON_CODES = tuple(p.code for p in Power) + ("0", "1", "2", "X")


def check_paragraphs(paragraphs: Iterable[Paragraph], names: NameRegistry, source: SourceFile) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for para in paragraphs:
        for node in walk(para):
            if isinstance(node, Icon) and node.code not in ICON_CODES:
                guess = did_you_mean(node.code, ICON_CODES) if node.code else None
                out.append(Diagnostic(dg.E_ICON, f"unknown icon {{{node.code}}}", node.span, source,
                                      hint=f"did you mean {{{guess}}}?" if guess else
                                      "powers: " + " ".join("{" + c + "}" for c in ICON_CODES)))
            elif isinstance(node, Phrase):
                heads = [_head_lemma(part) if isinstance(part, Phrase) else "" for part in node.parts]   # read once,
                #                                                                          for both checks
                if "fase" in heads or "etapa" in heads:
                    out.extend(_phase_names(node, source, heads))
                out.extend(_names(node, names, source, heads))
    unique: dict[tuple[str, int, int], Diagnostic] = {}
    for d in out:                       # a name is seen from its noun phrase and from the phrase around it
        unique.setdefault((d.code, d.span.start, d.span.end), d)
    return list(unique.values())


def _phase_names(phrase: Phrase, source: SourceFile, heads: list[str]) -> list[Diagnostic]:
    """``Fase de X`` / ``Etapa de X`` among a phrase's parts (``heads``: their head lemmas): X must be a phase / step
    (rules 6)."""
    out: list[Diagnostic] = []
    parts = phrase.parts
    for i, part in enumerate(parts[:-1]):
        head = heads[i]
        if head not in ("fase", "etapa"):
            continue
        nxt = parts[i + 1]
        # "de <nome>" as one chunk, or as a preposition and a noun phrase side by side (in a window)
        np: Node
        end: Node
        if (isinstance(nxt, Phrase) and len(nxt.parts) == 2 and isinstance(nxt.parts[0], Lexeme)
                and nxt.parts[0].lemma == "de"):
            np, end = nxt.parts[1], nxt
        elif isinstance(nxt, Lexeme) and nxt.lemma == "de" and i + 2 < len(parts):
            np, end = parts[i + 2], parts[i + 2]
        else:
            continue
        if not isinstance(np, Phrase):
            continue
        if any(isinstance(p, Lexeme) and p.cls in ("DET", "PRON") for p in np.parts):
            continue                      # "fase do turno", "etapa de um jogador": not a name
        words = render_node(np)
        vocab = PHASES if head == "fase" else STEPS
        found = vocab.lookup(words)
        if not found:
            other = STEPS if head == "fase" else PHASES
            alt = other.lookup(words)
            kind = "phase" if head == "fase" else "step"
            hint = (f"{alt.value.label} is a {'step' if head == 'fase' else 'phase'}" if alt.value is not None
                    else f"did you mean {found.suggestion}?" if found.suggestion else
                    f"the {kind}s are: {', '.join(vocab.labels())}")
            out.append(Diagnostic(dg.E_VOCAB, f"'{head.capitalize()} de {words}' is not a {kind} of the turn",
                                  part.span.merge(end.span), source, hint=hint))
    return out


def _head_lemma(node: Node) -> str:
    if isinstance(node, Phrase) and node.kind is PhraseKind.NOUN_PHRASE:
        nouns = [p for p in node.parts if isinstance(p, Lexeme) and p.cls == "NOUN"]
        return nouns[-1].lemma if nouns else ""
    if isinstance(node, Phrase) and node.kind is PhraseKind.CHUNK and node.parts:
        return _head_lemma(node.parts[-1])
    return ""


def _names(phrase: Phrase, names: NameRegistry, source: SourceFile, heads: list[str]) -> list[Diagnostic]:
    """Names among a phrase's parts (directly or as a noun phrase; ``heads``: their head lemmas); after "afiliação" an
    affiliation."""
    out: list[Diagnostic] = []
    after_affiliation = False
    for part, head in zip(phrase.parts, heads, strict=True):
        name = part if isinstance(part, Name) else _name_of(part)
        if name is not None and not name.kinds and name.text.upper() not in _NONE and not POWERS.lookup(name.text):
            # (a power is the game's own word, not a name: "ganha Super Força", "ganha Voo")
            pool = names.all_names("affiliation") if after_affiliation else names.all_names()
            guess = did_you_mean(name.text, pool)
            what = "affiliation" if after_affiliation else "name"
            out.append(Diagnostic(dg.W_UNKNOWN_NAME, f"unknown {what} '{name.text}'", name.span, source,
                                  hint=f"did you mean '{guess}'?" if guess else
                                  "no checked card or library card defines it; check the spelling"))
        after_affiliation = head == "afiliação" or (after_affiliation and name is None
                                                                  and isinstance(part, Lexeme))
    return out


# "alter ego N/A": the printed notation for none (a header's N/A, rules 2.1), not a name to look up
_NONE = frozenset({"N/A"})


def _name_of(node: Node) -> Name | None:
    """The name a bare noun phrase consists of (``Gangue da Demolição``), if any."""
    if isinstance(node, Phrase) and node.kind is PhraseKind.NOUN_PHRASE and len(node.parts) == 1:
        only = node.parts[0]
        return only if isinstance(only, Name) else None
    return None
