"""Compiled cards as data, for tool builders (issue 13, part 5): ``cardscript export``.

Every card is one JSON record: its file, its printed header, its text paragraph by paragraph, a summary of how the
compiler read each paragraph (the syntax tree's outline), whether the engine runs it all and what it does not, its
diagnostics, and its **definition** -- the typed effect objects the engine executes (``compiler/ir``), each object
``{"type": "<ClassName>", <field>: <value>, ...}``, enums as their values, tuples as arrays. The same objects read
back (:func:`from_json`) give the very definition (tested on every bundled card), so nothing the engine reads is
left out.

The JSON Schema of the whole document (:func:`schema`, published as ``docs/schema/cards.schema.json``) is made from
the IR's own type annotations, so it cannot drift from the objects: a test compares the published file with it
and validates an export of the bundled library against it.
"""

from __future__ import annotations

import dataclasses
import enum
import sys
import types
import typing
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardscript.compiler import ir

if TYPE_CHECKING:
    from cardscript.compiler.pipeline import CompiledCard
    from cardscript.core.diagnostics import Diagnostic

__all__ = ["FORMAT", "FORMAT_VERSION", "card_record", "document", "from_json", "ir_classes", "schema", "to_json"]

FORMAT = "cardscript-cards"
FORMAT_VERSION = 1
_DIALECT = "https://json-schema.org/draft/2020-12/schema"


# -- the IR's classes and their fields -------------------------------------------------------------------------

def _namespace() -> dict[str, Any]:
    """The names the IR's annotations are written in (every module of ``compiler/ir``)."""
    ns: dict[str, Any] = {}
    for name, module in sorted(sys.modules.items()):
        if name == "cardscript.compiler.ir" or name.startswith("cardscript.compiler.ir."):
            ns.update(vars(module))
    return ns


def ir_classes() -> dict[str, type]:
    """Every dataclass and enum of ``compiler/ir``, by class name."""
    found: dict[str, type] = {}
    for value in _namespace().values():
        if isinstance(value, type) and value.__module__.startswith("cardscript.compiler.ir") and (
                dataclasses.is_dataclass(value) or issubclass(value, enum.Enum)):
            found[value.__name__] = value
    return dict(sorted(found.items()))


_HINTS: dict[type, dict[str, Any]] = {}


def _fields(cls: type) -> list[tuple[str, Any]]:
    """A dataclass's fields (not its class variables) with their resolved annotations, in order."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls, globalns=_namespace())
    return [(f.name, hints[f.name]) for f in dataclasses.fields(cls)]


def _subclasses(cls: type) -> list[type]:
    """The IR dataclasses a value annotated ``cls`` may be: itself (when instantiable data) and its subclasses."""
    out = [c for c in ir_classes().values() if dataclasses.is_dataclass(c) and issubclass(c, cls)]
    return sorted(out, key=lambda c: c.__name__)


# -- to JSON and back ---------------------------------------------------------------------------------------------

def to_json(value: Any) -> Any:
    """An IR value as JSON data: dataclasses as objects with their ``type``, enums as values, tuples as arrays."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"type": type(value).__name__}
        for f in dataclasses.fields(value):
            out[f.name] = to_json(getattr(value, f.name))
        return out
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    return value


def from_json(data: Any, hint: Any = ir.CardDef) -> Any:
    """The IR value that :func:`to_json` wrote as ``data``, read as annotated by ``hint``."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if data is None and type(None) in options:
            return None
        for option in options:
            if option is type(None):
                continue
            if _fits(data, option):
                return from_json(data, option)
        raise ValueError(f"{data!r} fits none of {hint}")
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(v, args[0]) for v in data)
        return tuple(from_json(v, a) for v, a in zip(data, args, strict=True))
    if origin is list:
        return [from_json(v, typing.get_args(hint)[0]) for v in data]
    if origin is dict:
        return {k: from_json(v, typing.get_args(hint)[1]) for k, v in data.items()}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint(data)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        cls = ir_classes().get(str(data.get("type")))
        if cls is None or not issubclass(cls, hint):
            raise ValueError(f"{data.get('type')!r} is not a {hint.__name__}")
        return cls(**{name: from_json(data[name], h) for name, h in _fields(cls)})
    return data


def _fits(data: Any, hint: Any) -> bool:
    """Could ``data`` be a value of ``hint`` (one option of a union)?"""
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return isinstance(data, dict)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return data in {m.value for m in hint}
    if typing.get_origin(hint) in (tuple, list):
        return isinstance(data, list)
    if hint is bool:
        return isinstance(data, bool)
    if hint is int:
        return isinstance(data, int) and not isinstance(data, bool)
    if hint in (str, float):
        return isinstance(data, hint)
    return True


# -- the schema ---------------------------------------------------------------------------------------------------

def _schema_of(hint: Any) -> dict[str, Any]:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_schema_of(a) for a in typing.get_args(hint)]}
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _schema_of(args[0])}
        return {"type": "array", "prefixItems": [_schema_of(a) for a in args], "items": False,
                "minItems": len(args)}
    if origin is list:
        return {"type": "array", "items": _schema_of(typing.get_args(hint)[0])}
    if origin is dict:
        return {"type": "object", "additionalProperties": _schema_of(typing.get_args(hint)[1])}
    if hint is type(None):
        return {"type": "null"}
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return {"type": "integer"}
    if hint is float:
        return {"type": "number"}
    if hint is str:
        return {"type": "string"}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return {"$ref": f"#/$defs/{hint.__name__}"}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        subs = _subclasses(hint)
        if len(subs) == 1:
            return {"$ref": f"#/$defs/{subs[0].__name__}"}
        return {"anyOf": [{"$ref": f"#/$defs/{c.__name__}"} for c in subs]}
    return {}


def _ir_defs() -> dict[str, Any]:
    defs: dict[str, Any] = {}
    for name, cls in ir_classes().items():
        doc = " ".join((cls.__doc__ or "").split())
        if issubclass(cls, enum.Enum):
            defs[name] = {"description": doc, "enum": [m.value for m in cls]}
            continue
        props: dict[str, Any] = {"type": {"const": name}}
        props.update({field: _schema_of(hint) for field, hint in _fields(cls)})
        defs[name] = {"description": doc, "type": "object", "properties": props, "required": list(props),
                      "additionalProperties": False}
    return defs


_STRINGS = {"type": "array", "items": {"type": "string"}}
_NULLABLE_INT = {"type": ["integer", "null"]}
_NULLABLE_STR = {"type": ["string", "null"]}


def _record_schema() -> dict[str, Any]:
    """One card's record (:func:`card_record`)."""
    diagnostic = {"type": "object", "required": ["code", "severity", "message", "file", "line", "column"],
                  "properties": {"code": {"type": "string", "pattern": "^CS[0-9]{3}$"},
                                 "severity": {"enum": ["error", "warning", "note"]},
                                 "message": {"type": "string"}, "file": {"type": "string"},
                                 "line": {"type": "integer", "minimum": 1}, "column": {"type": "integer", "minimum": 1},
                                 "hint": _NULLABLE_STR}}
    paragraph = {"type": "object", "required": ["text", "reading"], "additionalProperties": False,
                 "properties": {"text": {"type": "string"}, "reading": {"type": "array", "items": {"type": "string"}}}}
    header = {"type": "object", "additionalProperties": False,
              "required": ["card_type", "name", "version", "code", "alter_ego", "alignments", "affiliations",
                           "powers", "power", "initial_energy", "shield", "addition_value", "rarity"],
              "properties": {"card_type": {"type": "string"}, "name": {"type": "string"},
                             "version": {"type": "integer"}, "code": _NULLABLE_STR, "alter_ego": _NULLABLE_STR,
                             "alignments": _STRINGS, "affiliations": _STRINGS, "powers": _STRINGS,
                             "power": _NULLABLE_STR, "initial_energy": {"type": ["integer", "string", "null"]},
                             "shield": _NULLABLE_INT, "addition_value": _NULLABLE_INT, "rarity": _NULLABLE_STR}}
    action = {"type": ["object", "null"], "additionalProperties": False,
              "required": ["name", "cost", "power", "types", "paragraphs"],
              "properties": {"name": {"type": "string"}, "cost": {"type": ["integer", "string", "null"]},
                             "power": _NULLABLE_STR, "types": _STRINGS,
                             "paragraphs": {"type": "array", "items": paragraph}}}
    return {"type": "object", "additionalProperties": False,
            "required": ["file", "title", "header", "permanent", "action", "parsed", "executable", "not_executable",
                         "diagnostics", "definition"],
            "properties": {"file": {"type": "string"}, "title": {"type": "string"},
                           "header": {"anyOf": [header, {"type": "null"}]},
                           "permanent": {"type": "array", "items": paragraph}, "action": action,
                           "parsed": {"type": "boolean"}, "executable": {"type": "boolean"},
                           "not_executable": {"type": "array", "items": diagnostic},
                           "diagnostics": {"type": "array", "items": diagnostic},
                           "definition": {"anyOf": [{"$ref": "#/$defs/CardDef"}, {"type": "null"}]}}}


def schema() -> dict[str, Any]:
    """The JSON Schema (2020-12) of an export document (:func:`document`)."""
    return {
        "$schema": _DIALECT,
        "$id": "https://cardscript.dev/schema/cards.schema.json",
        "title": "cardscript export: compiled cards",
        "description": "Every card compiled by cardscript: header, text, how it was read, what the engine runs "
                       "(the typed effect objects of compiler/ir) and its diagnostics.",
        "type": "object", "additionalProperties": False,
        "required": ["format", "format_version", "cardscript", "cards"],
        "properties": {"format": {"const": FORMAT}, "format_version": {"const": FORMAT_VERSION},
                       "cardscript": {"type": "string"},
                       "cards": {"type": "array", "items": {"$ref": "#/$defs/CardRecord"}}},
        "$defs": {"CardRecord": _record_schema(), **_ir_defs()},
    }


# -- records ------------------------------------------------------------------------------------------------------

def _diagnostic(d: Diagnostic) -> dict[str, Any]:
    line, col = d.location()
    return {"code": d.code, "severity": d.severity.value, "message": d.message, "file": d.source.path,
            "line": line, "column": col, "hint": d.hint}


def _paragraphs(block: Any, raw_paragraphs: Sequence[Any]) -> list[dict[str, Any]]:
    """Each paragraph's text and its reading: the outline of its syntax tree -- a keyword line, or each sentence's
    leads (trigger, condition, window...) and clauses (by their procedure), ``kind: text`` in printed order."""
    built = list(getattr(block, "paragraphs", ()) or ())
    out: list[dict[str, Any]] = []
    for i, para in enumerate(raw_paragraphs):
        out.append({"text": getattr(para, "text", str(para)), "reading": _outline(built[i]) if i < len(built) else []})
    return out


def _outline(paragraph: Any) -> list[str]:
    from cardscript.compiler.ast import Clause, ClauseSeq, KeywordLine, Phrase, PhraseKind
    from cardscript.compiler.render import render_node

    if isinstance(paragraph, KeywordLine):
        return [f"keyword: {paragraph.keyword}"]
    lines: list[str] = []
    if getattr(paragraph, "keyword_prefix", None) is not None:
        lines.append(f"keyword_prefix: {render_node(paragraph.keyword_prefix)}")
    for k, sentence in enumerate(getattr(paragraph, "sentences", ()), start=1):
        for seq, label in ((sentence.cost, "cost"), (sentence.body, "")):
            if not isinstance(seq, ClauseSeq):
                continue
            for item in seq.items:
                if isinstance(item, Clause):
                    lines.append(f"sentence {k}: {label + ' ' if label else ''}{item.procedure.name.lower()}: "
                                 f"{render_node(item)}")
                elif isinstance(item, Phrase) and item.kind is not PhraseKind.JOINER:
                    lines.append(f"sentence {k}: {item.kind.value}: {render_node(item)}")
    for line in getattr(paragraph, "keyword_lines", ()):
        lines.append(f"keyword: {line.keyword}")
    return lines


def card_record(card: CompiledCard, definition: ir.CardDef | None,
                lowering: Sequence[Diagnostic] = ()) -> dict[str, Any]:
    """One compiled card as data (the module docstring); ``lowering``: what the engine will not run (CS260)."""
    raw = card.raw
    header: dict[str, Any] | None = None
    action: dict[str, Any] | None = None
    permanent: list[dict[str, Any]] = []
    title = definition.title if definition is not None else card.source.path
    if raw is not None:
        h = raw.header
        title = f"{h.name} V{h.version}"
        header = {"card_type": h.card_type.label, "name": h.name, "version": h.version, "code": h.code,
                  "alter_ego": h.alter_ego or None, "alignments": [a.label for a in h.alignments],
                  "affiliations": list(h.affiliations), "powers": [p.label for p in h.powers],
                  "power": h.power.label if h.power is not None else None, "initial_energy": h.initial_energy,
                  "shield": h.shield if isinstance(h.shield, int) else None, "addition_value": h.addition_value,
                  "rarity": h.rarity}
        permanent = _paragraphs(card.permanent, raw.permanent or ())
        if raw.action is not None:
            a = raw.action
            action = {"name": a.name, "cost": None if a.cost is None else (a.cost.stages if a.cost.stages is not None
                                                                            else a.cost.value),
                      "power": a.power.label if a.power is not None else None, "types": [t.label for t in a.types],
                      "paragraphs": _paragraphs(card.action, raw.action_text or ())}
    return {"file": card.source.path, "title": title, "header": header, "permanent": permanent, "action": action,
            "parsed": card.parsed, "executable": bool(definition is not None and definition.executable),
            "not_executable": [_diagnostic(d) for d in lowering],
            "diagnostics": [_diagnostic(d) for d in card.diagnostics],
            "definition": to_json(definition) if definition is not None else None}


def document(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The export document: its format, version, the cardscript that wrote it, and the cards."""
    from cardscript import __version__

    return {"format": FORMAT, "format_version": FORMAT_VERSION, "cardscript": __version__, "cards": list(records)}
