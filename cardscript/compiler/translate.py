"""Printed card text to card files, and the canonical card-file layout.

* :func:`record_to_card_text`: a record of the card corpus (the official site's JSON) to a ``.card`` file;
* :func:`card_file_name`: the file name for a record (``raio-negro-v1.card``);
* :func:`read_corpus`, :func:`check_record`: the records of a JSON Lines corpus, each checked against the corpus
  format (``../shared/corpus/README.md``) or a :class:`RecordError` saying what is wrong with its line;
* :func:`card_file_path`, :func:`place_records`: where a record's card file goes in a library folder
  (``bsum/rasgar-v1.card``), with distinct names for records that would share a path;
* :func:`plain_text_to_card_text`: printed text pasted by a person, best effort (see its docstring);
* :func:`format_card_text`: the canonical layout of a read file (what ``fmt`` writes).

Card text stays as printed; only the site's markup goes: ``#&#`` (it marks a keyword) is dropped, ``<br>``
separates paragraphs, and characters the site mis-encoded (Windows-1252 quotes stored as C1 controls) are
repaired. Each paragraph is one line, indented by two spaces.

One exception, the old wording of keywords (rules, Glossário: cards printed before a keyword existed carry its long
form, and have the keyword): a paragraph that is the long form of a keyword of the prelude (a ``Forma antiga`` of
its ``.kw`` file, or its meaning) is written as the keyword (``Pelotão.``, ``Liderar {1} - afiliação
Vingadores.``), and a ``#`` comment above the title keeps the printed text, the keyword and the glossary's note
(:mod:`cardscript.compiler.old_wording`).
"""

from __future__ import annotations

import codecs
import json
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardscript.compiler.header import CardFileRaw, HeaderField, Stat
from cardscript.compiler.old_wording import comment_lines, rewrite_paragraphs
from cardscript.compiler.vocabulary import (
    ACTION_TYPES,
    ALIGNMENTS,
    CARD_TYPES,
    COSTS,
    POWERS,
    RARITIES,
    CardType,
    fold_key,
)

__all__ = [
    "INDENT", "RecordError", "card_file_name", "card_file_path", "check_record", "clean_printed_text",
    "format_card_text", "place_records", "plain_text_to_card_text", "read_corpus", "record_to_card_text",
]

INDENT = "  "
_BR = re.compile(r"<br\s*/?>", re.IGNORECASE)
_BLANKS = re.compile(r"\s+")


# ---------------------------------------------------------------------------------------------------------
# the layout, shared by every writer


@dataclass
class _Draft:
    """A card file about to be written; values are single-line strings in canonical spelling."""

    card_type: str
    title: str
    fields: dict[HeaderField, str] = field(default_factory=dict)
    permanent: list[str] = field(default_factory=list)
    action_name: str | None = None
    action_fields: list[tuple[str, str]] = field(default_factory=list)
    action_text: list[str] = field(default_factory=list)
    top_comments: list[str] = field(default_factory=list)
    permanent_comments: list[str] = field(default_factory=list)
    action_comments: list[str] = field(default_factory=list)
    end_comments: list[str] = field(default_factory=list)

    def render(self) -> str:
        out: list[str] = [*self.top_comments, f"{self.card_type}: {self.title}"]
        out += [f"{fld.label}: {self.fields[fld]}" for fld in HeaderField if self.fields.get(fld)]
        if self.permanent:
            out += ["", *self.permanent_comments, "Texto permanente:"]
            out += [INDENT + p for p in self.permanent]
        elif self.permanent_comments:
            self.action_comments = self.permanent_comments + self.action_comments
        if self.action_name is not None:
            out += ["", *self.action_comments, f"Ação: {self.action_name}"]
            out += [f"{INDENT}{key}: {value}" for key, value in self.action_fields]
            out += [INDENT + p for p in self.action_text]
        elif self.action_comments:
            self.end_comments = self.action_comments + self.end_comments
        if self.end_comments:
            out += ["", *self.end_comments]
        return "\n".join(out) + "\n"


def _one_line(text: object) -> str:
    """A value on one line: blanks collapsed, trimmed (site markup removed)."""
    if text is None:
        return ""
    return _BLANKS.sub(" ", _repair(str(text)).replace("#&#", " ")).strip()


def _repair(text: str) -> str:
    """Characters the site stored as C1 controls (Windows-1252 bytes read as Latin-1), repaired."""
    if not any("\x80" <= ch <= "\x9f" for ch in text):
        return text
    out: list[str] = []
    for ch in text:
        if "\x80" <= ch <= "\x9f":
            try:
                ch = bytes([ord(ch)]).decode("cp1252")
            except UnicodeDecodeError:
                ch = " "
        out.append(ch)
    return "".join(out)


def clean_printed_text(text: str | None) -> list[str]:
    """Printed text with site markup to paragraphs: ``#&#`` dropped, split at ``<br>``, one line each."""
    if not text:
        return []
    text = _repair(text).replace("#&#", "")
    return [p for p in (_BLANKS.sub(" ", part).strip() for part in _BR.split(text)) if p]


def _canonical_list(values: Iterable[str], canon: Any) -> str:
    out = []
    for value in values:
        value = _one_line(value)
        found = canon.get(value)
        out.append(found.label if found is not None else value)
    return ", ".join(v for v in out if v)


def _power_label(value: str) -> str:
    found = POWERS.get(value)
    return found.label if found is not None else _one_line(value)


def _version(value: object) -> str:
    text = _one_line(value)
    m = re.fullmatch(r"[Vv]?\s*(\d+)", text)
    # leading zeros dropped ("V01" -> "V1"); a number too long for a version is left as written (CS106 then)
    return f"V{m.group(1).lstrip('0') or '0'}" if m else text


# ---------------------------------------------------------------------------------------------------------
# corpus records


def record_to_card_text(record: Mapping[str, Any]) -> str:
    """A corpus record (``battle-scenes-cards-dev.jsonl``, one JSON object) as a card file.

    Fields are written in the canonical order with canonical spelling; empty ones are left out. A Habilidade's
    ``powers`` (its colour) becomes ``Poder``; ``ev_text`` (``Evolução: ...``) becomes ``Evolução``.
    """
    ctype_raw = _one_line(record.get("type"))
    ctype = CARD_TYPES.get(ctype_raw)
    draft = _Draft(
        card_type=ctype.label if ctype is not None else ctype_raw,
        title=f"{_one_line(record.get('name'))} {_version(record.get('version'))}".strip(),
    )
    f = draft.fields
    f[HeaderField.CODE] = _one_line(record.get("code"))
    f[HeaderField.ALTER_EGO] = _one_line(record.get("alter_ego"))
    f[HeaderField.ALIGNMENTS] = _canonical_list(record.get("alignments") or (), ALIGNMENTS)
    affiliations = (_one_line(a) for a in record.get("affiliations") or ())
    f[HeaderField.AFFILIATIONS] = ", ".join(a for a in affiliations if a)
    powers = [_power_label(p) for p in record.get("powers") or () if _one_line(p)]
    f[HeaderField.POWER if ctype is CardType.HABILIDADE else HeaderField.POWERS] = ", ".join(powers)
    f[HeaderField.INITIAL_ENERGY] = _one_line(record.get("initial_energy"))
    f[HeaderField.ADDITION_VALUE] = _one_line(record.get("addition_value"))
    f[HeaderField.SHIELD] = _one_line(record.get("shield"))
    evolution = " ".join(clean_printed_text(record.get("ev_text")))
    f[HeaderField.EVOLUTION] = re.sub(r"^evolu[cç][aã]o\s*:\s*", "", evolution, flags=re.IGNORECASE)
    rarity = _one_line(record.get("rarity"))
    known = RARITIES.get(rarity) if rarity else None
    f[HeaderField.RARITY] = known.label if known is not None else rarity
    draft.permanent = clean_printed_text(record.get("permanent_text"))
    action = record.get("action")
    if isinstance(action, Mapping):
        draft.action_name = _one_line(action.get("name"))
        cost = action.get("cost")
        if cost is not None and _one_line(cost):
            found_cost = COSTS.get(_one_line(cost))
            draft.action_fields.append(("Custo", found_cost.icon if found_cost else _one_line(cost)))
        if action.get("power"):
            draft.action_fields.append(("Poder", _power_label(str(action["power"]))))
        types = _canonical_list(action.get("types") or (), ACTION_TYPES)
        if types:
            draft.action_fields.append(("Tipo", types))
        draft.action_text = clean_printed_text(action.get("text"))
    _keywords_for_old_wording(draft, _one_line(record.get("name")), f[HeaderField.ALTER_EGO])
    return draft.render()


def _keywords_for_old_wording(draft: _Draft, name: str, alter_ego: str) -> None:
    """Long forms of keywords (old cards) written as the keyword, each with a ``#`` comment above the title."""
    action = draft.action_name or ""
    draft.permanent, found = rewrite_paragraphs(draft.permanent, name, alter_ego, action)
    draft.action_text, in_action = rewrite_paragraphs(draft.action_text, name, alter_ego, action, in_action=True)
    for hit in found + in_action:
        draft.top_comments.extend(comment_lines(hit))


def _slug(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")


def card_file_name(record: Mapping[str, Any]) -> str:
    """``<name>-<version>.card`` as an ASCII slug: ``Raio Negro``, ``V1`` -> ``raio-negro-v1.card``.

    Names are not unique within a collection (BSIC has two ``Destruidor V1``); callers placing files must
    check for collisions.
    """
    name = _slug(_one_line(record.get("name"))) or "card"
    version = _slug(_version(record.get("version")))
    return f"{name}-{version}.card" if version else f"{name}.card"


# ---------------------------------------------------------------------------------------------------------
# a corpus file: its records, checked, and where their card files go


class RecordError(ValueError):
    """A line of a corpus that is not a card record: what is wrong with it, for a person."""


_REQUIRED_TEXT = ("code", "collection", "name", "version", "type")   # what names and places a card file
_NOT_EMPTY = ("collection", "name", "type")
_OPTIONAL_TEXT = ("alter_ego", "permanent_text", "ev_text", "errata", "faqs", "rarity")
_STATS = ("initial_energy", "addition_value", "shield")            # strings as printed; a whole number is read too
_LISTS = ("alignments", "affiliations", "powers")


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def _check_fields(value: Mapping[str, Any], where: str, required: Sequence[str], optional: Sequence[str],
                  stats: Sequence[str], lists: Sequence[str], problems: list[str]) -> None:
    for key in required:
        if key not in value:
            problems.append(f"missing field '{where}{key}'")
        elif not isinstance(value[key], str):
            problems.append(f"field '{where}{key}' is {_json_type(value[key])}, not a string")
        elif key in _NOT_EMPTY and not value[key].strip():
            problems.append(f"field '{where}{key}' is empty")
    for key in optional:
        if value.get(key) is not None and not isinstance(value[key], str):
            problems.append(f"field '{where}{key}' is {_json_type(value[key])}, not a string")
    for key in stats:
        item = value.get(key)
        if item is not None and (isinstance(item, bool) or not isinstance(item, (str, int))):
            problems.append(f"field '{where}{key}' is {_json_type(item)}, not a string")
    for key in lists:
        items = value.get(key)
        if items is None:
            continue
        if not isinstance(items, list):
            problems.append(f"field '{where}{key}' is {_json_type(items)}, not an array of strings")
        elif not all(isinstance(i, str) for i in items):
            bad = next(i for i in items if not isinstance(i, str))
            problems.append(f"field '{where}{key}' holds {_json_type(bad)}, not only strings")


def check_record(value: object) -> dict[str, Any]:
    """``value`` (a parsed JSON line) as a card record, or :class:`RecordError` naming every field at fault.

    The fields that name and place a card file must be strings: ``code``, ``collection``, ``name``, ``version``
    and ``type`` (``collection``, ``name`` and ``type`` not empty). The others may be left out or ``null``; when
    present they have the corpus format's types: strings (``initial_energy``, ``addition_value``, ``shield``: a
    string or a whole number), arrays of strings (``alignments``, ``affiliations``, ``powers``), and ``action``:
    ``null`` or an object with the strings ``name`` and ``text``, ``power`` and ``cost`` (strings or ``null``)
    and ``types`` (an array of strings). Fields the format does not list are ignored.
    """
    if not isinstance(value, dict):
        raise RecordError(f"a card record is a JSON object, not {_json_type(value)}")
    problems: list[str] = []
    _check_fields(value, "", _REQUIRED_TEXT, _OPTIONAL_TEXT, _STATS, _LISTS, problems)
    action = value.get("action")
    if isinstance(action, dict):
        _check_fields(action, "action.", ("name", "text"), ("power",), ("cost",), ("types",), problems)
        if isinstance(action.get("name"), str) and not action["name"].strip():
            problems.append("field 'action.name' is empty")
    elif action is not None:
        problems.append(f"field 'action' is {_json_type(action)}, not an object or null")
    if problems:
        raise RecordError("; ".join(problems))
    return value


def read_corpus(data: bytes) -> Iterator[tuple[int, dict[str, Any] | RecordError]]:
    """The records of a JSON Lines corpus, by line number (from 1): each a checked record (:func:`check_record`)
    or the :class:`RecordError` of its line (not UTF-8, not JSON, not a card record). Blank lines are skipped;
    a UTF-8 byte order mark and ``\\r\\n`` or lone ``\\r`` line ends are accepted."""
    for number, line in enumerate(re.split(rb"\r\n|\r|\n", data), 1):   # a lone CR ends a line too (no JSON holds one)
        if number == 1 and line.startswith(codecs.BOM_UTF8):
            line = line[len(codecs.BOM_UTF8):]
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield number, RecordError(f"not UTF-8 text (byte 0x{line[exc.start]:02x} at column {exc.start + 1})")
            continue
        text = text.strip()
        if not text:
            continue
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            yield number, RecordError(f"not JSON: {exc.msg} (column {exc.colno})")
            continue
        except (ValueError, RecursionError) as exc:      # integers too long, arrays nested too deep
            yield number, RecordError(f"not JSON this reader accepts: {exc}")
            continue
        try:
            yield number, check_record(value)
        except RecordError as exc:
            yield number, exc


def card_file_path(record: Mapping[str, Any]) -> str:
    """Where the bundled library keeps a record's card file: ``<collection lowercase>/<name>-<version>.card``
    (``bsum/rasgar-v1.card``; ``PROMO`` cards in ``promo/``). Always a relative path inside the folder."""
    collection = _slug(_one_line(record.get("collection"))) or "cards"
    return f"{collection}/{card_file_name(record)}"


def _code_number(record: Mapping[str, Any]) -> str:
    """The printed code without year and collection, as a slug: ``(2014) BSIC 16/100`` -> ``16``,
    ``(2017) BSFE DECK 19/60`` -> ``deck-19``, ``PROMO 35`` -> ``35``."""
    code = re.sub(r"^\(\d{4}\)\s*", "", _one_line(record.get("code")))
    collection = _one_line(record.get("collection"))
    if collection and fold_key(code[:len(collection)]) == fold_key(collection):
        code = code[len(collection):]
    return _slug(code.split("/")[0])


def place_records(records: Sequence[Mapping[str, Any]]) -> list[str]:
    """The relative paths of ``records``' card files (:func:`card_file_path`), all distinct, in order.

    Names are not unique (BSIC prints two different ``Destruidor V1``): records that would share a path all get
    their printed code's number (``bsic/destruidor-v1-16.card``, ``bsic/destruidor-v1-17.card``); should that
    still collide, ``-2``, ``-3``... in corpus order. The same records always get the same paths, and a record
    whose path is its own keeps it whatever else the corpus holds. Paths are compared without regard to case.
    """
    base = [card_file_path(r) for r in records]
    shared = Counter(p.lower() for p in base)
    taken = {p.lower() for p in base if shared[p.lower()] == 1}
    out: list[str] = []
    for record, path in zip(records, base, strict=True):
        if shared[path.lower()] == 1:
            out.append(path)
            continue
        stem = path.removesuffix(".card")
        number = _code_number(record)
        candidate = f"{stem}-{number}.card" if number else f"{stem}.card"
        n = 2
        while candidate.lower() in taken:
            candidate = f"{stem}-{number}-{n}.card" if number else f"{stem}-{n}.card"
            n += 1
        taken.add(candidate.lower())
        out.append(candidate)
    return out


# ---------------------------------------------------------------------------------------------------------
# plain printed text

_KEY_LINE = re.compile(r"^(?P<key>[^:]{1,40}?)\s*:\s*(?P<value>.*)$")
_TITLE_VERSION = re.compile(r"^(?P<name>.*?\S)\s*(?:[-–—,]\s*)?[Vv](?:ers[aã]o)?\s*(?P<n>\d+)$")
_ICON = re.compile(r"\{\s*([A-Za-z]{2}|[012Xx])\s*\}")
_EXTRA_KEYS: dict[str, HeaderField] = {
    fold_key(k): v for k, v in [
        ("Alter-ego", HeaderField.ALTER_EGO), ("Alinhamentos", HeaderField.ALIGNMENTS),
        ("Afiliação", HeaderField.AFFILIATIONS), ("Energia", HeaderField.INITIAL_ENERGY),
        ("Acréscimo", HeaderField.ADDITION_VALUE), ("Requisito de evolução", HeaderField.EVOLUTION),
        ("Raridade", HeaderField.RARITY),
    ]
}


def _header_field(key: str) -> HeaderField | None:
    k = fold_key(key)
    for fld in HeaderField:
        if fold_key(fld.label) == k:
            return fld
    return _EXTRA_KEYS.get(k)


def _split_items(value: str) -> list[str]:
    """Items of a printed list: commas, slashes, `e`, or icons side by side."""
    icons = _ICON.findall(value)
    if icons and not _ICON.sub("", value).replace(",", "").strip():
        return ["{" + i.upper() + "}" for i in icons]
    return [p.strip() for p in re.split(r",|/|\s+e\s+", value) if p.strip()]


def _is_none(value: str) -> bool:
    return fold_key(value) in ("n/a", "na", "-", "")


def plain_text_to_card_text(text: str) -> str:
    """Printed card text typed or pasted by a person, to a card file (best effort; no diagnostics).

    Accepted, line by line (keys in any case, with or without accents; site markup removed everywhere):

    * the title: the first non-blank line, ``<Tipo>: <Nome> V<n>``; or ``<Nome> V<n>`` (also ``<Nome> - V2``,
      ``<Nome> Versão 2``) with the type on a line of its own (``Personagem``) or as ``Tipo: Personagem``;
    * header lines ``Campo: valor`` for the header fields (also ``Alter-ego``, ``Energia``, ``Afiliação``...);
      lists may be separated by commas, ``/`` or ``e``; powers may be icons side by side (``{AG} {VO}``);
      ``N/A`` means none; ``Poderes`` on a Habilidade becomes ``Poder``;
    * ``Texto permanente`` (colon optional) starts the permanent text;
    * ``Ação: <nome>`` (or ``Ação - <nome>``) starts the action; its ``Custo`` (``{1}``, ``1``), ``Poder`` and
      ``Tipo`` lines may follow, with or without colon after ``Custo``;
    * any other line is card text: of the action after ``Ação``, else permanent text. A line of the
      permanent/action text is a paragraph; an unindented line that starts in lower case and follows a
      paragraph not ended by ``.``, ``!``, ``?`` or ``)`` continues it (text wrapped by the printout).
      ``<br>`` splits paragraphs.

    Without a recognisable version the title is written without one, so reading the file reports it.
    A canonical card file is returned unchanged (up to layout).
    """
    lines = text.lstrip("\ufeff").splitlines()
    card_type: str | None = None
    title: str | None = None
    fields: dict[HeaderField, str] = {}
    permanent: list[str] = []
    action_name: str | None = None
    action_fields: dict[str, str] = {}
    action_text: list[str] = []
    mode = "header"
    target = permanent
    comments: list[str] = []

    def add_text(raw: str, indented: bool) -> None:
        paras = clean_printed_text(raw)
        if not paras:
            return
        first = paras[0]
        if (not indented and target and not re.search(r"[.!?)]$", target[-1])
                and first[:1].islower()):
            target[-1] = f"{target[-1]} {first}"
            paras = paras[1:]
        target.extend(paras)

    for line in lines:
        if not line.strip():
            continue
        if line.startswith("#") and not line.startswith("#&#"):
            comments.append(line.rstrip())
            continue
        indented = line[:1].isspace()
        stripped = _one_line(line)
        folded = fold_key(stripped)
        key_match = _KEY_LINE.match(stripped)
        key = fold_key(key_match.group("key")) if key_match else ""
        value = key_match.group("value").strip() if key_match else ""
        if title is None:
            ctype = CARD_TYPES.get(key_match.group("key")) if key_match else None
            if ctype is not None:
                card_type, title = ctype.label, value
            else:
                title = stripped
            continue
        if mode in ("header", "permanent") and (folded.rstrip(" :") == "texto permanente"):
            mode, target = "permanent", permanent
            continue
        m_action = re.match(r"^a[cç][aã]o\s*(?::|\s-\s)\s*(?P<name>.+)$", stripped, re.IGNORECASE)
        if m_action and action_name is None:
            mode, target = "action", action_text
            action_name = m_action.group("name").strip()
            continue
        if mode == "action" and not action_text:
            m_cost = re.match(r"^custo\s*:?\s*(?P<v>\{?\s*[012Xx]\s*\}?)$", stripped, re.IGNORECASE)
            if m_cost:
                found_cost = COSTS.get(m_cost.group("v").replace(" ", ""))
                action_fields["Custo"] = found_cost.icon if found_cost else m_cost.group("v")
                continue
            if key in ("poder", "tipo", "tipos") and value:
                if key == "poder":
                    action_fields["Poder"] = _power_label(value)
                else:
                    action_fields["Tipo"] = _canonical_list(_split_items(value), ACTION_TYPES)
                continue
        if mode == "header" and not indented:
            if card_type is None and CARD_TYPES.get(stripped) is not None:
                card_type = CARD_TYPES.get(stripped).label  # type: ignore[union-attr]
                continue
            if key_match and key == "tipo" and CARD_TYPES.get(value) is not None:
                card_type = CARD_TYPES.get(value).label  # type: ignore[union-attr]
                continue
            fld = _header_field(key_match.group("key")) if key_match else None
            if fld is not None:
                fields[fld] = _plain_value(fld, value)
                continue
        if mode == "header":
            mode, target = "permanent", permanent
        add_text(line, indented)

    if title is None:
        title = ""
    m = _TITLE_VERSION.match(title)
    if m:
        title = f"{m.group('name')} V{m.group('n').lstrip('0') or '0'}"
    if card_type == CardType.HABILIDADE.label and HeaderField.POWERS in fields:
        fields.setdefault(HeaderField.POWER, fields.pop(HeaderField.POWERS))
    draft = _Draft(card_type=card_type or "Personagem", title=title, fields=fields, permanent=permanent,
                   action_name=action_name, action_text=action_text, top_comments=comments)
    draft.action_fields = [(k, action_fields[k]) for k in ("Custo", "Poder", "Tipo") if k in action_fields]
    _keywords_for_old_wording(draft, m.group("name") if m else title, fields.get(HeaderField.ALTER_EGO, ""))
    return draft.render()


def _plain_value(fld: HeaderField, value: str) -> str:
    value = _one_line(value)
    none_ok = (HeaderField.ALIGNMENTS, HeaderField.POWERS, HeaderField.AFFILIATIONS, HeaderField.ALTER_EGO)
    if fld in none_ok and _is_none(value):
        return ""
    if fld is HeaderField.ALIGNMENTS:
        return _canonical_list(_split_items(value), ALIGNMENTS)
    if fld is HeaderField.POWERS:
        return ", ".join(_power_label(p) for p in _split_items(value))
    if fld is HeaderField.POWER:
        return _power_label(value)
    if fld is HeaderField.AFFILIATIONS:
        return ", ".join(p.strip() for p in value.split(",") if p.strip())
    if fld is HeaderField.RARITY:
        known = RARITIES.get(value)
        return known.label if known is not None else value
    if fld is HeaderField.EVOLUTION:
        return re.sub(r"^evolu[cç][aã]o\s*:\s*", "", value, flags=re.IGNORECASE)
    return value


# ---------------------------------------------------------------------------------------------------------
# canonical layout of a read file


def _stat(value: Stat | None) -> str:
    return "" if value is None else str(value)


def format_card_text(raw: CardFileRaw, permanent: Sequence[str], action_text: Sequence[str]) -> str:
    """The canonical layout of a card file: fixed field order, canonical key spelling, 2-space indent.

    ``permanent`` and ``action_text`` are the paragraphs to write (``fmt`` passes re-rendered sentences);
    the permanent block is written when ``permanent`` is not empty. Comments are kept: those above the title
    stay on top, the others go right above the next block (or at the end of the file).
    """
    h = raw.header
    draft = _Draft(card_type=h.card_type.label, title=f"{h.name} V{h.version}")
    f = draft.fields
    f[HeaderField.GAME] = h.game or ""
    f[HeaderField.CODE] = h.code or ""
    f[HeaderField.ALTER_EGO] = h.alter_ego or ""
    f[HeaderField.ALIGNMENTS] = ", ".join(a.label for a in h.alignments)
    f[HeaderField.AFFILIATIONS] = ", ".join(h.affiliations)
    f[HeaderField.POWERS] = ", ".join(p.label for p in h.powers)
    f[HeaderField.POWER] = h.power.label if h.power is not None else ""
    f[HeaderField.INITIAL_ENERGY] = _stat(h.initial_energy)
    f[HeaderField.ADDITION_VALUE] = _stat(h.addition_value)
    f[HeaderField.SHIELD] = _stat(h.shield)
    f[HeaderField.EVOLUTION] = _one_line(h.evolution.text) if h.evolution is not None else ""
    f[HeaderField.RARITY] = h.rarity or ""
    draft.permanent = [_one_line(p) for p in permanent if _one_line(p)]
    if raw.action is not None:
        a = raw.action
        draft.action_name = a.name
        if a.cost is not None:
            draft.action_fields.append(("Custo", a.cost.icon))
        if a.power is not None:
            draft.action_fields.append(("Poder", a.power.label))
        if a.types:
            draft.action_fields.append(("Tipo", ", ".join(t.label for t in a.types)))
        draft.action_text = [_one_line(p) for p in action_text if _one_line(p)]
    title_start = h.spans.title.start
    keywords = ((raw.permanent_span, "permanent"), (raw.action_span, "action"))
    blocks = [(span.start, kind) for span, kind in keywords if span is not None]
    for comment in raw.comments:
        start = comment.span.start
        following = sorted((b for b in blocks if b[0] > start), key=lambda b: b[0])
        if start < title_start:
            draft.top_comments.append(comment.text)
        elif not following:
            draft.end_comments.append(comment.text)
        elif following[0][1] == "permanent":
            draft.permanent_comments.append(comment.text)
        else:
            draft.action_comments.append(comment.text)
    return draft.render()
