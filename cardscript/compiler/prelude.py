"""The keyword prelude: every keyword defined once, in cardscript, as data the compiler reads (rules 7, 5.6).

A keyword definition is a ``.kw`` file in ``cardscript/games/battle_scenes/prelude/``, laid out like a card file::

    # Rules 7, "Outras Palavras-Chave": Liderar; Glossário: Liderar.
    Palavra-chave: Liderar
    Regra: 7 Outras Palavras-Chave; Glossário
    Parâmetros: N, características
    Zona: cena
    Exemplo: Liderar {1} - afiliação Vingadores.

    Significado:
      Durante sua Fase de Preparação, uma vez por turno, você pode capacitar em [N] um personagem que você
      controla [características].

``Significado`` is card text in the language itself: a card that has the keyword behaves as if its text said
this, with the parameters filled in (:meth:`KeywordDef.instantiate`). The compiler parses, binds and lowers the
filled-in meaning like any paragraph of the card (``pipeline``), so a keyword expands into ordinary effects.

Fields: ``Regra`` (the sections it implements), ``Parâmetros`` (``N``: a number, icon or X written after the
keyword; ``características``: the characteristics written after ``-``, filled in as a ``com ...`` / ``sem ...``
complement; ``ações``: the actions written after ``-``; a trailing ``?`` makes one optional; ``nenhum``),
``Zona`` (where its effects work, 5.6: ``cena``, ``recursos``, ``mão``, ``carregado``, ``qualquer área``; the
keyword as a characteristic holds in every area), ``Uso`` (``texto permanente``, the default, or ``ação``: the
keyword prefixes an action's effect, "Clarividência 2 - ..."), ``Exemplo`` (a use of it, compiled by the tests
and shown in the docs) and ``Forma antiga`` (repeatable: a long form printed on cards made before the keyword
existed, recognised by ``cardscript translate``). Inside the meaning and the old forms, ``[nome]`` is the
card's name, ``[ação]`` its action's name, ``[alter ego]`` its alter ego.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as _field
from enum import StrEnum
from functools import lru_cache
from pathlib import Path

from cardscript.compiler.files import PRELUDE_ENV as PRELUDE_ENV  # re-exported (tests, tools import it here)
from cardscript.compiler.files import prelude_path
from cardscript.compiler.vocabulary import fold_key
from cardscript.core import diagnostics as dg
from cardscript.core.diagnostics import Diagnostic, did_you_mean
from cardscript.core.source import SourceFile, Span

__all__ = [
    "KEYWORD_SUFFIX", "KeywordDef", "Parameter", "Prelude", "Usage", "Zone", "load_prelude",
    "prelude_path", "read_keyword_file",
]

KEYWORD_SUFFIX = ".kw"


class Zone(StrEnum):
    """Where a keyword's effects work (5.6); the keyword itself, as a characteristic, holds everywhere."""

    SCENE = "cena"
    RESOURCES = "recursos"
    HAND = "mão"
    CARRIED = "carregado"
    ANY = "qualquer área"
    FIELD = "campo"                  # Sky World: the five character slots

    @property
    def engine_zone(self) -> str:
        """The zone name the engine's effects use (``Effect.zone``)."""
        return {"cena": "scene", "recursos": "resources", "mão": "hand", "carregado": "carried",
                "qualquer área": "any", "campo": "field"}[self.value]


class Usage(StrEnum):
    PERMANENT = "texto permanente"     # a keyword line of the permanent text: "Pelotão."
    ACTION = "ação"                    # a prefix of an action's effect: "Clarividência 2 - ..."


class Parameter(StrEnum):
    N = "N"                            # "Liderar {1}", "Clarividência 2", "Energia Cósmica X"
    CHARACTERISTICS = "características"   # "- afiliação Vingadores", "- personagem sem a afiliação X"
    ACTIONS = "ações"                  # "Prontidão - ação Colisão Devastadora", "- ações de {AE}"


@dataclass(frozen=True)
class KeywordDef:
    """One keyword: its name, parameters, zone, usage, the rules it implements, and its meaning as card text."""

    name: str
    section: str
    parameters: tuple[Parameter, ...]
    optional: frozenset[Parameter]
    zone: Zone
    usage: Usage
    meaning: tuple[str, ...]            # paragraphs of card text with [N], [características], [nome]...
    example: str = ""
    old_forms: tuple[str, ...] = ()
    source: SourceFile | None = None

    @property
    def key(self) -> str:
        return fold_key(self.name)

    def missing(self, value: str | None, args: str | None) -> list[Parameter]:
        """The required parameters a use of the keyword leaves out."""
        given = {Parameter.N: value, Parameter.CHARACTERISTICS: args, Parameter.ACTIONS: args}
        return [p for p in self.parameters if p not in self.optional and not given[p]]

    def unexpected(self, value: str | None, args: str | None) -> list[str]:
        """What a use of the keyword gives that its definition takes no parameter for: a number, arguments."""
        out: list[str] = []
        if value and Parameter.N not in self.parameters:
            out.append(f"number ({value})")
        if args and not ({Parameter.CHARACTERISTICS, Parameter.ACTIONS} & set(self.parameters)):
            out.append(f"arguments (- {args})")
        return out

    def instantiate(self, value: str | None = None, args: str | None = None, card: str = "", action: str = "",
                    alter_ego: str = "", templates: tuple[str, ...] | None = None) -> list[str]:
        """The meaning (or ``templates``) with the parameters of one use filled in: card text to compile."""
        fills = {
            "[N]": value or "",
            "[características]": characteristics_complement(args or ""),
            "[ações]": actions_phrase(args or ""),
            "[nome]": card, "[ação]": action, "[alter ego]": alter_ego or card,
        }
        out: list[str] = []
        for template in (self.meaning if templates is None else templates):
            text = template
            for hole, fill in fills.items():
                text = text.replace(hole, fill)
            text = re.sub(r"(?<!os )\b(1|\{1\}) (card|ponto)s\b", r"\1 \2", text)   # "coloque 1 card" (not "1 cards")
            out.append(re.sub(r"\s+([.,])", r"\1", re.sub(r" {2,}", " ", text)).strip())
        return out


def characteristics_complement(args: str) -> str:
    """The characteristics after a keyword's ``-`` as a complement of "um personagem ...": ``afiliação X`` ->
    ``com a afiliação X``, ``afiliação X/Y`` -> ``com a afiliação X ou com a afiliação Y``, ``poder {TE}`` ->
    ``com {TE}``, ``personagem sem a afiliação X`` -> ``sem a afiliação X``; nothing -> nothing."""
    text = args.strip().rstrip(".")
    if not text:
        return ""
    text = re.sub(r"^(?:um |outro )?personage(?:m|ns)\s+", "", text, flags=re.IGNORECASE)
    if re.match(r"^(com|sem|que)\b", text, flags=re.IGNORECASE):
        return text
    m = re.match(r"^(afiliaç(?:ão|ões)|alter ego|alinhamento)\s+(.+)$", text, flags=re.IGNORECASE)
    if m:
        noun = "afiliação" if m.group(1).lower().startswith("afilia") else m.group(1).lower()
        values = [v.strip() for v in re.split(r"/| ou ", m.group(2)) if v.strip()]
        return " ou ".join(f"com a {noun} {v}" if noun == "afiliação" else f"com {noun} {v}" for v in values)
    m = re.match(r"^poder(?:es)?\s+(.+)$", text, flags=re.IGNORECASE)
    if m:
        return f"com {m.group(1)}"
    return f"com {text}"


def actions_phrase(args: str) -> str:
    """The actions after ``Prontidão -`` as a noun phrase: ``ação X`` -> ``a ação X``, ``ações X e Y`` ->
    ``as ações X e Y``, ``ações de {AE}`` -> ``as ações de {AE}``; nothing -> ``ações`` (all of them)."""
    text = args.strip().rstrip(".")
    if not text:
        return "ações"
    if re.match(r"^ações\b", text, flags=re.IGNORECASE):
        return f"as {text}"
    if re.match(r"^ação\b", text, flags=re.IGNORECASE):
        return f"a {text}"
    return text


# ---------------------------------------------------------------------------------------------------------
# reading .kw files

_FIELDS = {"regra": "section", "parametros": "parameters", "zona": "zone", "uso": "usage", "exemplo": "example",
           "forma antiga": "old_form", "significado": "meaning"}
_TITLE = "palavra-chave"


def read_keyword_file(source: SourceFile) -> tuple[KeywordDef | None, list[Diagnostic]]:
    """One ``.kw`` file -> its definition, or None and diagnostics (file:line:col, caret, hint). Never raises."""
    from cardscript.grammar.card_file import read_entries

    entries, diags = read_entries(source)
    if entries is None:
        return None, diags
    diags = list(diags)

    def error(code: str, message: str, span: Span, hint: str | None = None) -> None:
        diags.append(Diagnostic(code, message, span, source, hint=hint))

    if not entries or fold_key(entries[0].key.text) != _TITLE or entries[0].value is None:
        error(dg.E_HEADER_FIRST, "a keyword file starts with `Palavra-chave: <Nome>`",
              entries[0].line if entries else Span(0, 0), hint="e.g. `Palavra-chave: Pelotão`")
        return None, diags
    name = entries[0].value.text
    for entry in entries:
        if entry.bodies and _FIELDS.get(fold_key(entry.key.text)) != "meaning":
            error(dg.E_STRUCTURE, f"indented line under '{entry.key.text}'", entry.bodies[0].indent,
                  hint="only `Significado:` has indented lines (the keyword's meaning as card text)")
    values: dict[str, tuple[str, Span]] = {}
    old_forms: list[str] = []
    meaning: list[str] = []
    for entry in entries[1:]:
        field = _FIELDS.get(fold_key(entry.key.text))
        if field is None:
            guess = did_you_mean(entry.key.text, ["Regra", "Parâmetros", "Zona", "Uso", "Exemplo", "Forma antiga",
                                                  "Significado"])
            error(dg.E_UNKNOWN_FIELD, f"unknown keyword field '{entry.key.text}'", entry.key.span,
                  hint=f"did you mean '{guess}'?" if guess else "fields: Regra, Parâmetros, Zona, Uso, Exemplo, "
                  "Forma antiga, Significado")
            continue
        if field == "meaning":
            meaning.extend(b.text.text for b in entry.bodies if b.text is not None)
            if entry.value is not None:
                meaning.insert(0, entry.value.text)
            continue
        if entry.value is None:
            error(dg.E_FIELD_VALUE, f"'{entry.key.text}' has no value", entry.key.span)
            continue
        if field == "old_form":
            old_forms.append(entry.value.text)
        elif field in values:
            error(dg.E_FIELD_DUPLICATE, f"'{entry.key.text}' is given twice", entry.key.span)
        else:
            values[field] = (entry.value.text, entry.value.span)
    if not meaning:
        error(dg.E_FIELD_MISSING, f"keyword {name} has no meaning", entries[0].line,
              hint="add a block `Significado:` with the keyword's rule text as card text, indented")
    if "section" not in values:
        error(dg.E_FIELD_MISSING, f"keyword {name} cites no rule", entries[0].line,
              hint="add `Regra: <section>` (rules 7, the glossary...)")
    params, optional = _parameters(values.get("parameters"), error)
    zone = _enum(Zone, values.get("zone"), Zone.SCENE, "zone", error)
    usage = _enum(Usage, values.get("usage"), Usage.PERMANENT, "usage", error)
    assert isinstance(zone, Zone) and isinstance(usage, Usage)
    if any(d.severity is dg.Severity.ERROR for d in diags):
        return None, diags
    return KeywordDef(name, values["section"][0], params, optional, zone, usage, tuple(meaning),
                      values.get("example", ("", Span(0, 0)))[0], tuple(old_forms), source), diags


def _parameters(given: tuple[str, Span] | None,
                error: Callable[..., None]) -> tuple[tuple[Parameter, ...], frozenset[Parameter]]:
    if given is None or fold_key(given[0]) in ("nenhum", "nenhuma", "-"):
        return (), frozenset()
    params: list[Parameter] = []
    optional: set[Parameter] = set()
    for part in given[0].split(","):
        word = part.strip()
        opt = word.endswith("?")
        word = word.rstrip("?").strip()
        found = next((p for p in Parameter if fold_key(p.value) == fold_key(word)), None)
        if found is None:
            error(dg.E_FIELD_VALUE, f"unknown keyword parameter '{word}'", given[1],
                  "parameters: N, características, ações (a trailing ? makes one optional), or nenhum")
            continue
        params.append(found)
        if opt:
            optional.add(found)
    return tuple(params), frozenset(optional)


def _enum(kind: type[Zone] | type[Usage], given: tuple[str, Span] | None, default: Zone | Usage, what: str,
          error: Callable[..., None]) -> Zone | Usage:
    if given is None:
        return default
    for member in kind:
        if fold_key(member.value) == fold_key(given[0]):
            return member
    error(dg.E_FIELD_VALUE, f"unknown {what} '{given[0]}'", given[1],
          "one of: " + ", ".join(m.value for m in kind))
    return default


# ---------------------------------------------------------------------------------------------------------
# the prelude


@dataclass(frozen=True)
class Prelude:
    """Every keyword the compiler knows, by folded name; ``missing``: the keywords whose ``.kw`` file does not
    read (folded name -> why), so a card using one is told so instead of "unknown keyword"."""

    keywords: dict[str, KeywordDef]
    diagnostics: tuple[Diagnostic, ...] = ()
    missing: dict[str, str] = _field(default_factory=dict)

    def get(self, name: str) -> KeywordDef | None:
        return self.keywords.get(fold_key(name))

    def missing_reason(self, name: str) -> str | None:
        """Why the keyword ``name`` is not available (its definition did not read), or None."""
        return self.missing.get(fold_key(name))

    def names(self, usage: Usage | None = None) -> list[str]:
        return sorted(k.name for k in self.keywords.values() if usage is None or k.usage is usage)

    def closest(self, word: str) -> str | None:
        return did_you_mean(word, self.names())


def load_prelude(folder: str | None = None) -> Prelude:
    """The keyword definitions of ``folder`` (default: :func:`prelude_path`), read once.

    Never raises: a ``.kw`` file that does not read (not UTF-8, binary, a broken layout, a field that makes no
    sense) is a located diagnostic of the prelude and its keyword is reported missing (:attr:`Prelude.missing`,
    named by its ``Palavra-chave`` line or else its file name); the other keywords are unaffected."""
    return _load(str(Path(folder) if folder is not None else prelude_path()))


_FORGET_ALSO: list[Callable[[], None]] = []


def on_forget_prelude(forget: Callable[[], None]) -> None:
    """Have :func:`forget_prelude` call ``forget`` too: what a later layer keeps that was built from the prelude
    (the engine's compiled libraries) registers its own forgetting, so the compiler need not import it."""
    if forget not in _FORGET_ALSO:
        _FORGET_ALSO.append(forget)


def forget_prelude() -> None:
    """Forget the prelude and everything built from it (the sentence grammar holds the keywords; compiled
    libraries hold their expansions): the next use reads :func:`prelude_path` again. For tests and tools
    that point ``$CARDSCRIPT_PRELUDE`` elsewhere."""
    from cardscript.compiler import build, expand, pipeline
    from cardscript.grammar import parser

    _load.cache_clear()
    parser.sentence_parser.cache_clear()
    build.literal_spellings.cache_clear()
    build._leaf_of.cache_clear()         # its words are spelled from the grammar's literals
    pipeline._words_of.cache_clear()
    pipeline._structural_words.cache_clear()
    expand.forget_parses()
    for forget in _FORGET_ALSO:
        forget()


_KEYWORD_LINE = re.compile(r"(?im)^palavra-chave[^\S\n]*:[^\S\n]*(\S[^\n]*?)[^\S\n]*$")


def _missing_name(file: Path, text: str) -> str:
    """The keyword a file that does not read defines: its ``Palavra-chave:`` line, else its file name."""
    m = _KEYWORD_LINE.search(text[:4096])
    return m.group(1) if m else file.stem.replace("-", " ")


@lru_cache(maxsize=4)
def _load(folder: str) -> Prelude:
    from cardscript.compiler.textfile import UnreadableFile, read_text
    from cardscript.core.limits import bound_diagnostics

    path = Path(folder)
    keywords: dict[str, KeywordDef] = {}
    diags: list[Diagnostic] = []
    missing: dict[str, str] = {}
    if not path.is_dir():
        diags.append(Diagnostic(dg.E_IO, "no keyword prelude: not a folder", Span(0, 0), SourceFile(folder, ""),
                                hint="the keyword definitions (*.kw) are in cardscript/games/battle_scenes/prelude/; "
                                f"${PRELUDE_ENV} names another folder"))
        return Prelude(keywords, tuple(diags), missing)
    for file in sorted(path.glob(f"*{KEYWORD_SUFFIX}")):
        try:
            source = SourceFile(str(file), read_text(file, "keyword file"))
        except UnreadableFile as exc:
            text, at = exc.located()
            source = SourceFile(str(file), text)
            diags.append(Diagnostic(dg.E_IO, f"cannot read the keyword file: {exc.why}",
                                    Span(at, at + 1 if text else at), source, hint="keyword files are UTF-8 text"))
            missing[fold_key(_missing_name(file, text))] = f"{file} does not read: {exc.why}"
            continue
        definition, file_diags = read_keyword_file(source)
        file_diags = [*file_diags, *sensible(definition, source)] if definition is not None else file_diags
        file_diags = bound_diagnostics(file_diags)        # at most 3 per line and 50 per file
        diags.extend(file_diags)
        errors = [d for d in file_diags if d.severity is dg.Severity.ERROR]
        if definition is None or errors:
            name = definition.name if definition is not None else _missing_name(file, source.text)
            first = errors[0] if errors else None
            line, col = first.location() if first else (1, 1)
            why = f"{first.message} ({file}:{line}:{col})" if first else f"{file} does not read"
            missing.setdefault(fold_key(name), why)
            continue
        if definition.key in keywords:
            diags.append(Diagnostic(dg.E_FIELD_DUPLICATE, f"keyword {definition.name} is defined twice",
                                    Span(0, 0), source, hint=f"also in {keywords[definition.key].source}"))
            continue
        keywords[definition.key] = definition
    for key in keywords:
        missing.pop(key, None)
    return Prelude(keywords, tuple(diags), missing)


_NAME_SHAPE = re.compile(r"[A-ZÀ-Ý][^\W\d_]*(?:-[A-ZÀ-Ýa-zà-ý][^\W\d_]*)?(?: [A-ZÀ-Ý][^\W\d_]*){0,2}")


@lru_cache(maxsize=1)
def _grammar_words() -> frozenset[str]:
    """The word literals of the sentence grammar ("se", "quando", "sempre"...), folded; read from its fragments
    (the grammar itself is built from the prelude, so it cannot be asked)."""
    from importlib import resources

    from cardscript.core.normalize import fold_text

    folder = resources.files("cardscript.grammar") / "sentences"
    text = "\n".join(p.read_text(encoding="utf-8") for p in folder.iterdir() if p.name.endswith(".lark"))
    text = re.sub(r"//[^\n]*", "", text)                  # comments quote words too
    return frozenset(fold_text(w) for w in re.findall(r'"([^"\\\s]+)"', text) if w.isalpha())


def _a_word_of_the_language(name: str) -> bool:
    """A name whose first word the grammar reads as something else: a structural word ("Se", "Quando"), a
    determiner, pronoun, preposition... ("O", "Este"), or, for a name of one word, any word but a verb's
    infinitive (a keyword may be one: Potencializar) -- "Escolha", "Compre", "Personagem"."""
    from cardscript.core.normalize import fold_text
    from cardscript.grammar.lexicon import lookup

    words = fold_text(name).split()
    first = words[0].split("-")[0]
    if first in _grammar_words():
        return True
    entries = lookup(first)
    if any(e.cls not in ("NOUN", "ADJ", "VERB") for e in entries):
        return True
    return len(words) == 1 and "-" not in name and any(
        not (e.cls == "VERB" and e.form == "inf") for e in entries)


def sensible(definition: KeywordDef, source: SourceFile) -> list[Diagnostic]:
    """What makes a definition that reads unusable, so that it does not disturb the other cards: a name that is
    not one to three capitalised words (the grammar would read it in every sentence: "O", "."), or that is a
    word of the language ("Escolha"); a meaning longer than a paragraph may be. CS012 each, at the name."""
    from cardscript.core.limits import MAX_PARAGRAPH_CHARS

    out: list[Diagnostic] = []
    at = source.text.find(definition.name)
    span = Span(max(at, 0), max(at, 0) + len(definition.name))

    def bad(message: str, hint: str) -> None:
        out.append(Diagnostic(dg.E_FIELD_VALUE, message, span, source, hint=hint))

    if not _NAME_SHAPE.fullmatch(definition.name):
        bad(f"'{definition.name}' is not a keyword name",
            "a keyword is one to three capitalised words, e.g. `Palavra-chave: Ataque-Surpresa`")
    elif _a_word_of_the_language(definition.name):
        bad(f"'{definition.name}' is a word of the card language, not a keyword name",
            "a keyword's name is a word of its own (it would be read as the keyword in sentences that use the word)")
    if sum(len(p) for p in definition.meaning) > MAX_PARAGRAPH_CHARS:
        bad(f"the meaning of {definition.name} is longer than {MAX_PARAGRAPH_CHARS:,} characters",
            "a keyword means a few sentences of card text")
    return out
