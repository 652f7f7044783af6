"""Old wording: the long forms of keywords printed on cards made before the keyword existed (issue 5, item 5).

The rules' glossary says it of Pelotão, Clone, Liderar and Materializar: old cards carry the keyword's text in
full ("Pode haver qualquer número de personagens chamados Vigilante Kree em cena." is Pelotão), and both the old
and the new card have the keyword. Recognition is data: every keyword of the prelude offers its ``Forma antiga``
lines and its meaning (``Significado``) as templates, with the placeholders of :meth:`KeywordDef.instantiate`:

* ``[nome]``, ``[alter ego]``, ``[ação]``: the card's own name, alter ego (its name if it has none), action name;
  a card whose name differs does not match;
* ``[N]``: a number, an icon (``{1}``) or X, captured as the keyword's value;
* ``[características]``: a complement (``com a afiliação Vingadores``), captured and turned back into the
  keyword's argument (``afiliação Vingadores``, :func:`characteristics_argument`);
* ``[ações]``: the actions (``a ação X``), turned back into ``ação X``.

A template is matched against a whole paragraph, folded (case and accents, ``fold_text``) with a few equivalent
spellings (``de seu`` / ``do seu``, ``este card`` / ``este personagem``, ``personagem`` / ``personagens``,
commas optional). A keyword used as an action's prefix (``Uso: ação``) matches the start of an action paragraph
and the rest of it stays as the effect: "Este personagem não pode usar mais de uma ação chamada Golpe por turno.
Golpe causa ..." -> "Ação Única - Golpe causa ...".

Used by ``cardscript translate`` (:func:`rewrite_paragraphs`: the keyword is written, a ``#`` comment keeps the
printed text) and by ``cardscript check`` (:func:`check_old_wording`: warning CS250 with the keyword to write).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cardscript.compiler.header import CardFileRaw
from cardscript.compiler.prelude import KeywordDef, Parameter, Prelude, Usage, characteristics_complement, load_prelude
from cardscript.core import diagnostics as dg
from cardscript.core.diagnostics import Diagnostic
from cardscript.core.limits import MAX_PARAGRAPH_CHARS
from cardscript.core.normalize import Normalized, fold_text, normalize
from cardscript.core.source import SourceFile, Span

__all__ = [
    "OldWording", "actions_argument", "characteristics_argument", "check_old_wording", "comment_lines",
    "find_old_wording", "glossary_note", "rewrite_paragraphs",
]


@dataclass(frozen=True)
class OldWording:
    """A paragraph that is the long form of a keyword, and the keyword line that replaces it."""

    keyword: KeywordDef
    template: str              # the Forma antiga (or the meaning) that matched
    from_meaning: bool         # the template was the keyword's meaning itself
    printed: str               # the paragraph as printed
    value: str | None          # the keyword's N ("{1}")
    args: str | None           # its characteristics / actions ("afiliação Vingadores")
    rest: str | None = None    # an action keyword's effect, after the long form
    start: int = 0             # the long form in ``printed`` (the whole paragraph for permanent keywords)
    end: int = 0

    @property
    def written(self) -> str:
        """The keyword part of :attr:`line`: ``Pelotão.``, ``Liderar {1} - afiliação Vingadores.``, ``Ação Única``."""
        head = " ".join(p for p in (self.keyword.name, self.value or "") if p)
        if self.args:
            head += f" - {self.args}"
        return head if self.keyword.usage is Usage.ACTION or head.endswith(".") else f"{head}."

    @property
    def line(self) -> str:
        """The keyword as the card should write it: ``Pelotão.``, ``Liderar {1} - afiliação Vingadores.``,
        ``Ação Única - Golpe causa 1 ponto de dano no alvo.``"""
        if self.keyword.usage is Usage.ACTION:
            return f"{self.written} - {self.rest}" if self.rest else f"{self.written}."
        return self.written


# ---------------------------------------------------------------------------------------------------------
# arguments back from the text


def characteristics_argument(complement: str) -> str:
    """The inverse of :func:`characteristics_complement`: ``com a afiliação X`` -> ``afiliação X``, ``com a
    afiliação X ou com a afiliação Y`` -> ``afiliação X/Y``, ``com {TE}`` -> ``poder {TE}``, ``sem a afiliação X``
    -> ``personagem sem a afiliação X``. Whatever the argument, it fills the meaning back in as the complement."""
    text = " ".join(complement.split())          # a final "." is the name's: "afiliação S.H.I.E.L.D."
    wanted = _squash(text).rstrip(".")
    candidates: list[str] = []
    parts = re.split(r"\s+ou\s+", text)
    m = [re.fullmatch(r"com\s+(?:a\s+)?afilia\w+\s+(.+)", p, re.IGNORECASE) for p in parts]
    if all(m):                                   # com a afiliação X ou com a afiliação Y
        candidates.append("afiliação " + "/".join(x.group(1) for x in m if x))
    m1 = re.fullmatch(r"com\s+(?:o\s+)?(alter ego|alinhamento)\s+(.+)", text, re.IGNORECASE)
    if m1:
        candidates.append(f"{m1.group(1).lower()} {m1.group(2)}")
    if re.fullmatch(r"com\s+\{[A-Za-z]{2}\}(?:\s*(?:,|ou|e)\s*\{[A-Za-z]{2}\})*", text):
        candidates.append(f"poder {text[4:].strip()}")
    for candidate in candidates:
        if _squash(characteristics_complement(candidate)).rstrip(".") == wanted:
            return candidate
    if len(parts) > 1 and m[0]:                  # com a afiliação X ou Y: the same characteristics
        return f"afiliação {m[0].group(1)}/" + "/".join(parts[1:])
    return f"personagem {text}"                  # fills back in as the complement itself


def actions_argument(phrase: str) -> str | None:
    """The inverse of :func:`prelude.actions_phrase`: ``a ação X`` -> ``ação X``, ``as ações de {AE}`` ->
    ``ações de {AE}``, ``ações`` (all of them) -> None."""
    text = " ".join(phrase.split())
    if fold_text(text) in ("acoes", "as acoes"):
        return None
    return re.sub(r"^(?:as|a)\s+", "", text, flags=re.IGNORECASE)


def _fold_accents(text: str) -> str:
    """Accents folded, case kept (a capital starts a sentence); same length as ``text``."""
    return text.translate(_ACCENTS_TABLE)


class _AccentsTable(dict[int, str]):
    """``str.translate`` table of :func:`_fold_accents`, each character's entry worked out when first met."""

    def __missing__(self, code: int) -> str:
        ch = chr(code)
        f = fold_text(ch)
        out = f if ch.islower() or not ch.isalpha() else f.upper()
        self[code] = out
        return out


_ACCENTS_TABLE = _AccentsTable()


def _squash(text: str) -> str:
    return " ".join(fold_text(text).split())


# ---------------------------------------------------------------------------------------------------------
# templates to patterns

_TOKEN = re.compile(r"\[[^\]]+\]|[^\s\[]+")
_SELF_NOUNS = ("card", "personagem", "suporte", "cenario", "habilidade")
_POSSESSIVES = ("seu", "seus", "sua", "suas")
_NUMBER = r"\{\s*(?:\d+|x)\s*\}|\d+|x(?:\s*\+\s*x)?"
# within one sentence: "S.H.I.E.L.D. que" but not ". Se o fizer" (a sentence starts with a capital letter)
_PHRASE = r"(?:[^.:;]|\.(?=\S)|\.(?=\s+(?-i:[a-z{])))+?"
_PLURALS = {"personagens": "personage(?:ns|m)", "personagem": "personage(?:ns|m)",
            "chamados": "chamad[oa]s?", "chamado": "chamad[oa]s?"}


@dataclass(frozen=True)
class _Pattern:
    regex: re.Pattern[str]
    groups: tuple[tuple[str, Parameter], ...]   # capture group name -> the parameter it fills
    names: tuple[tuple[str, str], ...]          # capture group name -> "nome", "alter ego" or "acao"


def _word(core: str, nxt: str) -> tuple[str, bool]:
    """One folded word of a template as a regex; True when it also consumed the next word."""
    if core in ("este", "esta", "deste", "desta", "neste", "nesta") and nxt in _SELF_NOUNS:
        return core[:-1].rstrip("t") + r"t[ea]\s+(?:" + "|".join(_SELF_NOUNS) + ")", True
    if core in ("de", "do", "da", "dos", "das") and nxt in _POSSESSIVES:
        return r"d(?:e|[oa]s?)", False
    if core in ("em", "no", "na", "nos", "nas") and nxt in _POSSESSIVES:
        return r"(?:em|n[oa]s?)", False
    if core in _POSSESSIVES:
        return r"(?:[oa]s?\s+)?" + core, False
    if core == "ao" and nxt == "inves":
        return r"(?:ao\s+inves|em\s+vez)", True
    return _PLURALS.get(core, re.escape(core)), False


@lru_cache(maxsize=1024)
def _pattern(template: str, keyword: KeywordDef, prefix: bool) -> _Pattern | None:
    """A template as a regex over accent-folded text (compiled once: the card's names are captured, then compared
    with the card's); None for an unknown placeholder."""
    folded = fold_text(template).strip()
    found = list(_TOKEN.finditer(folded))
    tokens = [t.group(0) for t in found]
    glued = [i > 0 and found[i - 1].end() == t.start() for i, t in enumerate(found)]   # "+[N]": no blank
    if tokens and tokens[-1].endswith("."):
        tokens[-1] = tokens[-1][:-1]
        if not tokens[-1]:
            tokens.pop()
    out: list[str] = []
    groups: list[tuple[str, Parameter]] = []
    names: list[tuple[str, str]] = []
    seen: dict[Parameter | str, str] = {}
    i = 0
    while i < len(tokens):
        token = tokens[i]
        sep = "" if not out or glued[i] else r"\s+"
        nxt = tokens[i + 1].rstrip(".,;:") if i + 1 < len(tokens) else ""
        hole = re.fullmatch(r"\[([^\]]+)\]([.,;:]*)", token)
        if hole:
            kind, punct = hole.group(1), hole.group(2)
            tail = _punct(punct)
            if kind in ("nome", "alter ego", "acao"):
                if kind in seen:
                    out.append(sep + f"(?P={seen[kind]})" + tail)
                else:
                    group = f"n{len(names)}"
                    seen[kind] = group
                    names.append((group, kind))
                    out.append(sep + f"(?P<{group}>\\S.*?)" + tail)
            elif kind in ("n", "caracteristicas", "acoes"):
                param = {"n": Parameter.N, "caracteristicas": Parameter.CHARACTERISTICS,
                         "acoes": Parameter.ACTIONS}[kind]
                if param in seen:
                    out.append(sep + f"(?P={seen[param]})" + tail)
                else:
                    group = f"g{len(groups)}"
                    seen[param] = group
                    groups.append((group, param))
                    body = {Parameter.N: _NUMBER, Parameter.CHARACTERISTICS: rf"(?:com|sem|que)\s{_PHRASE}",
                            Parameter.ACTIONS: rf"(?:as?\s+)?(?:acao|acoes)(?:\s{_PHRASE})?"}[param]
                    optional = param is not Parameter.N and (param not in keyword.parameters
                                                             or param in keyword.optional)
                    capture = f"(?P<{group}>{body})"
                    out.append(f"(?:{sep}{capture})?{tail}" if optional else sep + capture + tail)
            else:
                return None
            i += 1
            continue
        m = re.fullmatch(r"(.*?)([.,;:!?]*)", token)
        assert m is not None
        core, punct = m.group(1), m.group(2)
        if not core:
            out.append(r"\s*" + _punct(punct))
            i += 1
            continue
        regex, consumed = _word(core, nxt)
        if consumed:
            punct = tokens[i + 1][len(tokens[i + 1].rstrip(".,;:!?")):]
            i += 1
        out.append(sep + regex + _punct(punct))
        i += 1
    body = "".join(out)
    end = r"\s*[.:]\s*(?P<rest>\S.*?)\s*" if prefix else r"\s*\.?\s*"
    return _Pattern(re.compile(rf"\s*{body}{end}", re.DOTALL | re.IGNORECASE), tuple(groups), tuple(names))


def _punct(punct: str) -> str:
    return "".join(",?" if ch == "," else re.escape(ch) for ch in punct)


# ---------------------------------------------------------------------------------------------------------
# matching


_MARKUP = re.compile("[#<\u2018\u2019\u201c\u201d\u2013\u2014\u0093\u0094]")   # what normalize() would change


@lru_cache(maxsize=256)
def _templates(keyword: KeywordDef) -> tuple[tuple[str, bool], ...]:
    """The keyword's old forms, then its meaning (True) unless an old form says the same or it has several
    paragraphs (a meaning of several paragraphs is no one paragraph)."""
    old = {_squash(o) for o in keyword.old_forms}
    meaning = [(t, True) for t in keyword.meaning if len(keyword.meaning) == 1 and _squash(t) not in old]
    return tuple((t, False) for t in keyword.old_forms) + tuple(meaning)


_Candidate = tuple[KeywordDef, str, bool, _Pattern]
_CANDIDATES: dict[tuple[int, bool], tuple[Prelude, dict[str, KeywordDef], int, tuple[_Candidate, ...]]] = {}


def _candidates(prelude: Prelude, in_action: bool) -> tuple[_Candidate, ...]:
    """The templates :func:`find_old_wording` tries, in its order (each keyword of ``prelude`` of the usage, its
    templates, those with a pattern), each with its keyword and pattern: listed once per prelude (the two
    ``lru_cache`` lookups per keyword and template hashed the whole keyword definition, for every paragraph)."""
    hit = _CANDIDATES.get((id(prelude), in_action))
    if hit is not None and hit[0] is prelude and hit[1] is prelude.keywords and hit[2] == len(prelude.keywords):
        return hit[3]
    out: list[_Candidate] = []
    for keyword in prelude.keywords.values():
        if (keyword.usage is Usage.ACTION) != in_action:
            continue
        for template, from_meaning in _templates(keyword):
            pattern = _pattern(template, keyword, in_action)
            if pattern is not None:
                out.append((keyword, template, from_meaning, pattern))
    if len(_CANDIDATES) > 8:
        _CANDIDATES.clear()
    found = tuple(out)
    _CANDIDATES[(id(prelude), in_action)] = (prelude, prelude.keywords, len(prelude.keywords), found)
    return found


def find_old_wording(text: str, name: str, alter_ego: str = "", action: str = "", in_action: bool = False,
                     prelude: Prelude | None = None) -> OldWording | None:
    """The keyword whose long form (a ``Forma antiga`` or its meaning) ``text``, one paragraph, is; None if none.

    Permanent-text keywords match the whole paragraph of the permanent text; action keywords (``Uso: ação``) the
    start of an action paragraph, the rest being the action's effect. The longest matching template wins.
    """
    norm = normalize(text).text if _MARKUP.search(text) else " ".join(text.split())
    if not norm or "\n" in norm:
        return None
    folded = _fold_accents(norm)
    own = {"nome": name, "alter ego": alter_ego or name, "acao": action}
    best: tuple[int, OldWording] | None = None
    for keyword, template, from_meaning, pattern in _candidates(prelude or load_prelude(), in_action):
        m = pattern.regex.fullmatch(folded)
        if m is None or any(_squash(m.group(g)) != _squash(own[kind]) for g, kind in pattern.names):
            continue
        value: str | None = None
        args: str | None = None
        for group, param in pattern.groups:
            if m.group(group) is None:
                continue
            captured = norm[m.start(group):m.end(group)].strip()
            if param is Parameter.N:
                value = re.sub(r"\s+", "", captured.upper())        # "{ 1 }" -> "{1}", "x" -> "X"
            elif param is Parameter.CHARACTERISTICS:
                args = characteristics_argument(captured)
            else:
                args = actions_argument(captured)
        rest = norm[m.start("rest"):m.end("rest")] if in_action else None
        found = OldWording(keyword, template, from_meaning, norm, value, args, rest,
                           0, len(norm[:m.start("rest")].rstrip()) if in_action else len(norm))
        score = len(template)
        if best is None or score > best[0]:
            best = (score, found)
    return best[1] if best is not None else None


def rewrite_paragraphs(paragraphs: Sequence[str], name: str, alter_ego: str = "", action: str = "",
                       in_action: bool = False) -> tuple[list[str], list[OldWording]]:
    """Paragraphs of printed text with every long form of a keyword replaced by the keyword line, and what was
    replaced (for the comments, :func:`comment_lines`)."""
    out: list[str] = []
    found: list[OldWording] = []
    for para in paragraphs:
        hit = find_old_wording(para, name, alter_ego, action, in_action)
        if hit is None:
            out.append(para)
            continue
        out.append(hit.line)
        found.append(hit)
    return out, found


def glossary_note(keyword: KeywordDef) -> str:
    """The keyword file's ``# Nota do glossário:`` comment (continued on ``#   `` lines), or the glossary's general
    rule on old cards."""
    if keyword.source is not None:
        lines = keyword.source.text.splitlines()
        for i, line in enumerate(lines):
            if line.startswith("# Nota do glossário:"):
                note = [line[len("# Nota do glossário:"):].strip()]
                for more in lines[i + 1:]:
                    if not more.startswith("#   "):
                        break
                    note.append(more[1:].strip())
                return " ".join(note)
    return (f"cards printed before {keyword.name} existed carry its long form; both have the keyword "
            "(rules, Glossário).")


def comment_lines(found: OldWording, width: int = 116) -> list[str]:
    """The ``#`` comment a translated card file keeps above it: the printed long form, the keyword it was
    written as, the template it matched and the glossary's note."""
    where = Path(found.keyword.source.path).name if found.keyword.source is not None else "the prelude"
    how = "its meaning" if found.from_meaning else "a Forma antiga"
    printed = found.printed[found.start:found.end].strip()
    text = (f"Old wording: the printed \"{printed}\" is the long form of the keyword {found.keyword.name} "
            f"({how} in cardscript/games/battle_scenes/prelude/{where}), written as \"{found.written}\". "
            f"Glossário: {glossary_note(found.keyword)}")
    return ["# " + line for line in textwrap.wrap(text, width=width - 2, break_long_words=False,
                                                  break_on_hyphens=False)]


# ---------------------------------------------------------------------------------------------------------
# the check


def check_old_wording(raw: CardFileRaw, source: SourceFile) -> list[Diagnostic]:
    """CS250 on each paragraph of a card file that is the long form of a keyword: the hint names the keyword."""
    h = raw.header
    action = raw.action.name if raw.action is not None else ""
    out: list[Diagnostic] = []
    blocks: Iterable[tuple[Sequence[Normalized], bool]] = ((raw.permanent or (), False), (raw.action_text, True))
    for paragraphs, in_action in blocks:
        for para in paragraphs:
            if len(para.text) > MAX_PARAGRAPH_CHARS:     # not parsed either (CS105): bounded time
                continue
            found = find_old_wording(para.text, h.name, h.alter_ego or "", action, in_action)
            if found is None:
                continue
            span = Span(para.source_offset(found.start), para.source_offset(max(found.end - 1, 0)) + 1)
            write = f"`{found.written} - ` before the effect" if in_action else f"`{found.written}`"
            out.append(Diagnostic(dg.W_OLD_WORDING, f"long form of the keyword {found.keyword.name}", span, source,
                                  hint=f"write the keyword: {write} (old cards carry the long form; both have "
                                  f"{found.keyword.name}: rules, Glossário)"))
    return out
