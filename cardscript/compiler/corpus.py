"""``cardscript corpus``: translate every corpus record, compile it, and measure the language.

A card is *parsed* when every paragraph of its text parses, *bound* when also every reference is
bound, and *roundtrips* when (bound and) every paragraph rendered from the AST equals the printed
paragraph after the documented normalisation (cardscript.compiler.roundtrip).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardscript.compiler.ir import Unsupported
from cardscript.compiler.pipeline import CompiledCard, compile_source, names_from_headers
from cardscript.compiler.roundtrip import paragraph_roundtrips
from cardscript.compiler.translate import record_to_card_text
from cardscript.core import diagnostics as dg
from cardscript.core.source import SourceFile
from cardscript.grammar.card_file import read_card_file

_NAME_RUN = re.compile(r"(?<=[a-zà-ý,] )[A-ZÀ-Ý][\w\-.!?']*"
                       r"(?: (?:de|da|do|das|dos|e) [A-ZÀ-Ý][\w\-.]*| [A-ZÀ-Ý][\w\-.]*)*")


def failure_shape(before: str, word: str, context: int = 5) -> str:
    """The shape of a failing sentence: its last words before the failure, names as NAME, numbers as N."""
    sentence = re.split(r"(?<=[.:])\s+(?=[A-ZÀ-Ý])", before.strip())[-1]
    sentence = _NAME_RUN.sub("NAME", sentence)
    sentence = re.sub(r"\{[^}]*\}", "{ICON}", re.sub(r"\b\d+\b", "N", sentence))
    words = sentence.split()
    lead = "... " if len(words) > context else ""
    return f"{lead}{' '.join(words[-context:])} <<< {word.lower()}"


def run_corpus(path: Path, data: bytes | None = None,
               bad: Callable[[int, str], None] | None = None) -> dict[str, Any]:
    """The report of a corpus (``data``: its bytes, else read from ``path``; raises
    :class:`~cardscript.compiler.textfile.UnreadableFile` when it cannot be read at all). A line that is not a
    card record (not UTF-8, not JSON, not an object, fields of the wrong type), or that the translator cannot
    write, is counted in ``summary.bad_lines`` and listed in ``bad_records`` (line, reason), and passed to
    ``bad``; the other records are still measured."""
    from cardscript.compiler.textfile import read_bytes
    from cardscript.compiler.translate import RecordError, read_corpus

    if data is None:
        data = read_bytes(path, "corpus file", nul_ok=True)   # a NUL byte: that line is refused
    bad_records: list[dict[str, Any]] = []

    def refuse(number: int, why: str) -> None:
        bad_records.append({"line": number, "reason": why})
        if bad is not None:
            bad(number, why)

    sources = []
    for number, rec in read_corpus(data):
        if isinstance(rec, RecordError):
            refuse(number, str(rec))
            continue
        try:
            text = record_to_card_text(rec)
        except Exception as exc:  # noqa: BLE001 - a record the translator cannot write: counted, the rest go on
            refuse(number, f"cannot translate this record ({type(exc).__name__}: {exc})")
            continue
        sources.append((rec, SourceFile(f"{rec.get('code', '?')} {rec.get('name', '?')}", text)))
    bad_lines = len(bad_records)
    raws = [read_card_file(src) for _, src in sources]
    names = names_from_headers(r for r, _ in raws if r is not None)
    parsed = bound = roundtrip = executable = 0
    kw: Counter[str] = Counter()
    failures: Counter[str] = Counter()
    examples: dict[str, str] = {}
    roundtrip_failures: list[str] = []
    for (_rec, src), (raw, _diags) in zip(sources, raws, strict=True):
        card = compile_source(src, names, raw) if raw is not None else compile_source(src, names)
        for d in card.diagnostics:
            if d.code in (dg.E_SYNTAX, dg.E_UNEXPECTED_END):
                line_no, col = d.location()
                line = d.source.line_text(line_no)
                word = d.source.text[d.span.start:d.span.end] or "<end>"
                key = failure_shape(line[: col - 1], word)
                failures[key] += 1
                examples.setdefault(key, line.strip()[:160])
        if not card.parsed:
            continue
        parsed += 1
        if not card.bound:
            continue
        bound += 1
        assert card.raw is not None
        if _executable(card):
            executable += 1
        kw.update(_keyword_figures(card))
        printed = [p.text for p in card.raw.permanent or ()] + [p.text for p in card.raw.action_text]
        rendered = [p for b in (card.permanent, card.action) if b is not None for p in b.paragraphs]
        if len(printed) == len(rendered) and all(paragraph_roundtrips(a, b)
                                                  for a, b in zip(rendered, printed, strict=True)):
            roundtrip += 1
        else:
            roundtrip_failures.append(src.path)
    return {
        "summary": {"parsed": parsed, "bound": bound, "roundtrip": roundtrip, "executable": executable,
                    "total": len(sources) + bad_lines,
                    "bad_lines": bad_lines},
        "bad_records": bad_records,
        "keywords": {k: kw[k] for k in ("cards", "uses", "uses_executable", "cards_otherwise_executable",
                                        "cards_read_with_keywords")},
        "failures": dict(failures), "examples": examples, "roundtrip_failures": roundtrip_failures,
    }


def _keyword_figures(card: CompiledCard) -> Counter[str]:
    """For a card using keywords: its keyword uses and how many lower to executable effects; whether the rest
    of its text is executable ("its only unread parts could be keywords") and whether the whole card is."""
    from cardscript.compiler.lower import lower_card

    out: Counter[str] = Counter()
    if not card.keywords:
        return out
    try:
        definition = lower_card(card)
    except Exception:  # noqa: BLE001 - a lowering bug counts as not executable, never stops the report
        return out
    out["cards"] = 1
    out["uses"] = len(card.keywords)
    keyword_effects = [e for e in definition.effects if e.from_keyword]
    action = definition.action
    if action is not None:
        keyword_effects.extend(action.keyword_effects)
    for use in card.keywords:
        mine = [e for e in keyword_effects if e.from_keyword == use.name]
        out["uses_executable"] += int(bool(mine) and all(e.executable for e in mine))
    rest = all(e.executable for e in definition.effects if not e.from_keyword) and (
        action is None or (all(m.executable for m in action.modes)
                           and not any(isinstance(p, Unsupported) for p in action.extra_costs)))
    if rest and (definition.card_type != "Personagem-EV" or definition.evolution is not None):
        out["cards_otherwise_executable"] = 1
        out["cards_read_with_keywords"] = int(definition.executable)
    return out


def _executable(card: CompiledCard) -> bool:
    """The card lowers to effect objects the engine can run entirely (CardDef.executable)."""
    from cardscript.compiler.lower import lower_card

    try:
        return lower_card(card).executable
    except Exception:  # noqa: BLE001 - a lowering bug counts as not executable, never stops the report
        return False
