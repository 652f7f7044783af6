"""The official rulings of corpus records (field ``faqs``), one by one, numbered per card (issue 11, part 5).

A record's ``faqs`` is one HTML-ish string: rulings are separated by a line of dashes between line
breaks (``<br>-----------<br>``, 37 to 56 dashes in the development corpora); inside a ruling, ``<br>``
separates paragraphs and list items (a single ``-`` opens a list item and is never a separator).
Power/cost icons are images (``<img src=".../bs_symbols/BS_na.png">``); they become the ``{XX}`` form
the card texts use: ``BS_ag.png`` is ``{AG}``, ``BS_1.png`` is ``{1}``; ``BS_na`` (the grey, neutral
ability colour, rules 2.4 "N/A") is ``{NA}``; an icon that cannot be told is ``{?}``.

Cleaning keeps every word: tags are removed (``<i>``, ``</i>``...), entities unescaped, ``\\"`` (a
quote escaped twice in the source) undone, the corpus keyword mark ``#&#`` dropped, blanks collapsed,
paragraphs joined by ``\\n``. No ruling is empty; a separator at either end or two in a row yield none.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardscript.compiler.vocabulary import Cost, Power

# Icon codes as written in card text: the powers' (rules 2.1), the costs' and the neutral colour's.
ICON_CODES = frozenset({p.code for p in Power} | {c.value.strip("{}") for c in Cost} | {"NA"})

_BREAK = r"(?:<br\s*/?>|\r?\n)"
# A separator: a run of 3+ dashes alone on its line (breaks or the string's ends around it).
_PAD = r"(?:[ \t\u00a0]|&nbsp;)*"
_SEPARATOR = re.compile(rf"(?:^|{_BREAK}){_PAD}-{{3,}}{_PAD}(?={_BREAK}|$)", re.IGNORECASE)
_IMG = re.compile(r"<img\b[^>]*>", re.IGNORECASE)
_IMG_NAME = re.compile(r"BS_([A-Za-z0-9]+)\.(?:png|gif|jpe?g)", re.IGNORECASE)
_BREAK_RE = re.compile(_BREAK, re.IGNORECASE)
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_KEYWORD_MARK = "#&#"
_BLANKS = re.compile(r"[ \t\u00a0]+")
_QUESTION_ANSWER = re.compile(r"\s(R\s*\.?\s*:|R\s*\.)\s", re.UNICODE)


def icon_code(img_tag: str) -> str:
    """The ``{XX}`` icon an ``<img>`` stands for, ``{?}`` when its file name tells nothing known."""
    match = _IMG_NAME.search(img_tag)
    if not match:
        return "{?}"
    code = match.group(1).upper()
    if code in ICON_CODES:
        return "{" + code + "}"
    return "{?}"


def clean_ruling(text: str) -> str:
    """One ruling as plain text: icons as ``{XX}``, paragraphs on their own lines, blanks collapsed."""
    text = text.replace('\\"', '"')
    text = _IMG.sub(lambda m: icon_code(m.group(0)), text)
    text = _BREAK_RE.sub("\n", text)
    text = _TAG.sub(" ", text).replace(_KEYWORD_MARK, "")
    text = html.unescape(text)
    lines = (_BLANKS.sub(" ", line).strip() for line in text.split("\n"))
    return "\n".join(line for line in lines if line)


def split_rulings(faqs: str) -> list[str]:
    """The rulings of one ``faqs`` field, in order, cleaned; ``[]`` for an empty field."""
    if not faqs or not faqs.strip():
        return []
    pieces = _SEPARATOR.split(faqs.replace('\\"', '"'))
    rulings = [clean_ruling(piece) for piece in pieces]
    return [ruling for ruling in rulings if ruling]


def split_question(ruling: str) -> tuple[str, str | None]:
    """A question/answer ruling as (question, answer); (ruling, None) when it is a plain statement.

    Answers open with ``R.:`` / ``R.`` / ``R:`` after the question; a few rulings answer without the mark
    (``...? Não. ...``): those come back whole, as statements."""
    match = _QUESTION_ANSWER.search(ruling)
    if not match:
        return ruling, None
    return ruling[: match.start()].strip(), ruling[match.end():].strip()


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


def check_record(faqs: str) -> list[str]:
    """Problems of one split: words lost or gained against the whole field, empty rulings."""
    rulings = split_rulings(faqs)
    problems = [f"ruling {i} is empty" for i, r in enumerate(rulings, 1) if not r.strip()]
    whole = _words(clean_ruling(_SEPARATOR.sub("\n", faqs.replace('\\"', '"'))))
    parts = [w for r in rulings for w in _words(r)]
    if whole != parts:
        problems.append(f"words differ: {len(whole)} in the field, {len(parts)} in the rulings")
    if faqs.strip() and not rulings:
        problems.append("non-empty field gave no ruling")
    return problems


@dataclass(frozen=True)
class Ruling:
    """One official ruling of a card: ``ident`` names it everywhere (its scenario file under ``tests/rulings/``,
    the list in ``docs/rulings.md``): the card's file path in the library without ``.card`` and the number,
    ``bsmi/lavagem-de-dinheiro-v1-1``."""

    code: str
    title: str
    number: int
    text: str
    ident: str


def corpus_rulings(records: Sequence[Mapping[str, Any]]) -> Iterator[Ruling]:
    """Every ruling of ``records`` (checked corpus records, in corpus order), numbered 1.. per card; cards are
    named by the paths the translator gives their files (``translate.place_records``: distinct even when two
    printed cards share a title)."""
    from cardscript.compiler.translate import place_records

    for record, path in zip(records, place_records(records), strict=True):
        stem = path.removesuffix(".card")
        title = f"{record.get('name', '')} {record.get('version', '')}".strip()
        for number, text in enumerate(split_rulings(str(record.get("faqs") or "")), 1):
            yield Ruling(str(record.get("code", "")), title, number, text, f"{stem}-{number}")
