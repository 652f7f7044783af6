"""What every input of the toolchain must get, and inputs made at random from real ones (docs/reliability.md).

Each ``check_*`` function runs one input through its reader and raises ``AssertionError`` when the promise is
broken: an exception, a CS900 internal error, a diagnostic pointing outside the text, unbounded output. The
``make_*`` functions build an input from a seeded :class:`random.Random`: a library card, deck or keyword
file mutated (characters inserted, deleted, replaced, lines duplicated, bytes broken), or a corpus record with
fields of the wrong JSON type. Used by ``tests/test_fuzz_inputs.py`` (bounded, in the suite) and
``bench/fuzz_inputs.py`` (the long run).
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardscript.compiler.pipeline import compile_source, decks_path, library_path
from cardscript.compiler.prelude import prelude_path, read_keyword_file, sensible
from cardscript.compiler.textfile import UnreadableFile, decode
from cardscript.compiler.translate import RecordError, read_corpus, record_to_card_text
from cardscript.core import limits
from cardscript.core.diagnostics import Diagnostic, format_text
from cardscript.core.source import SourceFile
from cardscript.games.battle_scenes.runtime.deck import check_source

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "battle-scenes-cards-dev.jsonl"
JUNK = list("abc éõÇ{}()[]-–:;,.!?\n\n\r\t\u00a0\u200b\ufeff0123456789XV#&<>/\"'\\*+") + ["<br>", "#&#", "  ", "\r\n",
                                                                                        "Ação: ", "Texto permanente:"]


@lru_cache(maxsize=1)
def library_texts() -> tuple[str, ...]:
    return tuple(p.read_text(encoding="utf-8") for p in sorted(library_path().rglob("*.card")))


@lru_cache(maxsize=1)
def deck_texts() -> tuple[str, ...]:
    return tuple(p.read_text(encoding="utf-8") for p in sorted((decks_path()).glob("*.deck")))


@lru_cache(maxsize=1)
def keyword_texts() -> tuple[str, ...]:
    return tuple(p.read_text(encoding="utf-8") for p in sorted(prelude_path().glob("*.kw")))


@lru_cache(maxsize=1)
def corpus_records() -> tuple[dict[str, Any], ...]:
    if not CORPUS.is_file():
        return ()
    return tuple(json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()[:200] if line.strip())


# ---------------------------------------------------------------------------------------------------------
# making inputs


def mutate(text: str, rnd: random.Random, edits: int | None = None) -> str:
    """``text`` with a few random edits: junk inserted, characters deleted or replaced, a line repeated."""
    for _ in range(edits if edits is not None else rnd.randint(1, 6)):
        i = rnd.randint(0, len(text))
        junk = "".join(rnd.choice(JUNK) for _ in range(rnd.randint(1, 4)))
        op = rnd.random()
        if op < 0.35:
            text = text[:i] + junk + text[i:]
        elif op < 0.6:
            text = text[:i] + text[i + rnd.randint(1, 8):]
        elif op < 0.85:
            text = text[:i] + junk + text[i + len(junk):]
        else:
            lines = text.split("\n")
            k = rnd.randrange(len(lines))
            lines[k:k] = [lines[k]] * rnd.randint(1, 3)
            text = "\n".join(lines)
    return text


def mutate_bytes(text: str, rnd: random.Random) -> bytes:
    """A mutated text as bytes, sometimes with a broken UTF-8 byte, a NUL, a BOM or CR-only line ends."""
    data = mutate(text, rnd).encode("utf-8")
    op = rnd.random()
    if op < 0.15:
        i = rnd.randint(0, len(data))
        data = data[:i] + bytes([rnd.choice([0xff, 0xc3, 0x80, 0xe9, 0x00])]) + data[i:]
    elif op < 0.25:
        data = b"\xef\xbb\xbf" + data
    elif op < 0.35:
        data = data.replace(b"\n", b"\r")
    return data


def make_card(rnd: random.Random) -> bytes:
    return mutate_bytes(rnd.choice(library_texts()), rnd)


def make_deck(rnd: random.Random) -> bytes:
    return mutate_bytes(rnd.choice(deck_texts()), rnd)


def make_keyword(rnd: random.Random) -> bytes:
    return mutate_bytes(rnd.choice(keyword_texts()), rnd)


def random_json(rnd: random.Random, depth: int = 0) -> Any:
    """Any JSON value: what a corpus field may hold when it is wrong."""
    kind = rnd.randrange(7 if depth < 3 else 5)
    if kind == 0:
        return None
    if kind == 1:
        return rnd.choice([True, False])
    if kind == 2:
        return rnd.choice([0, -1, 3, 10 ** 30, 2.5, float("1e308")])
    if kind in (3, 4):
        return mutate(rnd.choice(["", "Rasgar", "V1", "1", "Personagem", "{X}", "a<br>b"]), rnd, rnd.randint(0, 2))
    if kind == 5:
        return [random_json(rnd, depth + 1) for _ in range(rnd.randint(0, 3))]
    keys = ["name", "text", "cost", "x", ""]
    return {rnd.choice(keys): random_json(rnd, depth + 1) for _ in range(rnd.randint(0, 3))}


def make_corpus(rnd: random.Random) -> bytes:
    """A few corpus lines: real records with a field of the wrong type, mutated text, or not records at all."""
    records = corpus_records()
    lines: list[bytes] = []
    for _ in range(rnd.randint(1, 4)):
        op = rnd.random()
        record: Any = dict(rnd.choice(records)) if records else {}
        if op < 0.4 and record:
            record[rnd.choice(list(record))] = random_json(rnd)
        elif op < 0.55 and record:
            del record[rnd.choice(list(record))]
        elif op < 0.65:
            record = random_json(rnd)
        line = json.dumps(record, ensure_ascii=rnd.random() < 0.5).encode()
        if op >= 0.65 and op < 0.85:
            line = mutate_bytes(line.decode(), rnd).replace(b"\n", b" ")
        lines.append(line)
    return b"\n".join(lines)


# ---------------------------------------------------------------------------------------------------------
# the promises


def check_diagnostics(diags: list[Diagnostic], text: str) -> None:
    """Located inside the text, no internal error, bounded in number and size."""
    assert not [d for d in diags if d.code == "CS900"], [d.message for d in diags if d.code == "CS900"]
    assert len(diags) <= 2 * (limits.MAX_PER_FILE + 2)
    for d in diags:
        assert 0 <= d.span.start <= d.span.end <= max(len(text), d.span.start), d
        line, col = d.location()
        assert line >= 1 and col >= 1
        rendered = format_text(d)
        assert len(rendered) < 2_500
        assert not any(ord(c) < 0x20 and c != "\n" for c in rendered), repr(rendered)


def _text_of(data: bytes, what: str) -> tuple[str | None, str]:
    try:
        return decode("fuzz", data, what), ""
    except UnreadableFile as exc:
        text, at = exc.located()
        assert 0 <= at <= len(text)
        return None, exc.why


def check_card(data: bytes) -> None:
    text, _ = _text_of(data, "card file")
    if text is None:
        return
    card = compile_source(SourceFile("fuzz.card", text))
    check_diagnostics(card.diagnostics, text)


def check_deck(data: bytes) -> None:
    from cardscript.games.battle_scenes.runtime.library import load_library

    text, _ = _text_of(data, "deck file")
    if text is None:
        return
    report = check_source(SourceFile("fuzz.deck", text), load_library())
    check_diagnostics(report.diagnostics, text)
    report.summary()


def check_keyword(data: bytes) -> None:
    text, _ = _text_of(data, "keyword file")
    if text is None:
        return
    source = SourceFile("fuzz.kw", text)
    definition, diags = read_keyword_file(source)
    if definition is not None:
        diags = [*diags, *sensible(definition, source)]
        definition.instantiate("1", "afiliação X", card="Nome", action="Ação")
    check_diagnostics(diags, text)


def check_corpus(data: bytes) -> None:
    for number, item in read_corpus(data):
        assert number >= 1
        if isinstance(item, RecordError):
            assert str(item)
            continue
        text = record_to_card_text(item)
        card = compile_source(SourceFile("<translated>", text))
        check_diagnostics(card.diagnostics, text)


TARGETS = {"card": (make_card, check_card), "deck": (make_deck, check_deck),
           "keyword": (make_keyword, check_keyword), "corpus": (make_corpus, check_corpus)}
