"""The parser front door: the sentence grammar built once (LALR, strict) and cached per user.

``parse_paragraph`` reads one normalised paragraph of card text into a Lark tree, or returns a
:class:`ParseFailure` that the compiler turns into a diagnostic. It never raises on user input.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from cardscript.core.normalize import fold_text
from cardscript.grammar.lalr_run import LalrRun
from cardscript.grammar.lexer import UNKNOWN, LexInput, SentenceLexer
from cardscript.grammar.lexicon import Lexicon, using
from cardscript.grammar.names import NameRegistry


@dataclass(frozen=True, eq=False)
class SentenceProfile:
    """What a game brings to the one sentence grammar (issue 14): its lexicon (the core's words and its own) and
    the names of its prelude's keywords -- ``permanent`` ones read as KEYWORD ("Fortalecer 1."), ``action`` ones
    as KEYWORD_PREFIX ("Clarividência 2 -"). ``key`` names its parser in caches. The default game needs none."""

    key: str
    lexicon: Lexicon
    permanent: frozenset[str] = frozenset()
    action: frozenset[str] = frozenset()


def grammar_text(profile: SentenceProfile | None = None) -> str:
    """The sentence grammar: the fragments of ``grammar/sentences/`` in name order, and the keyword terminals (of
    ``profile``'s keywords, or the default game's prelude)."""
    folder = resources.files("cardscript.grammar") / "sentences"
    parts = sorted((p for p in folder.iterdir() if p.name.endswith(".lark")), key=lambda p: p.name)
    fragments = [f"// ---- {p.name}\n{p.read_text(encoding='utf-8')}" for p in parts]
    terminals = keyword_terminals() if profile is None else _terminals(profile.permanent, profile.action,
                                                                        f"the {profile.key} prelude")
    return "\n".join([*fragments, terminals])


def keyword_terminals() -> str:
    """KEYWORD and KEYWORD_PREFIX, one alternative per keyword of the prelude (cardscript/games/battle_scenes/prelude/):
    a
    permanent-text keyword is a KEYWORD ("Pelotão."), an action's keyword a KEYWORD_PREFIX ("Clarividência 2 -").
    The lexer matches them on folded text, whole words, longest first."""
    from cardscript.compiler.prelude import Usage, load_prelude

    prelude = load_prelude()
    return _terminals(prelude.names(Usage.PERMANENT), prelude.names(Usage.ACTION),
                      "the keyword prelude (cardscript/games/battle_scenes/prelude/*.kw)")


def _terminals(permanent: Iterable[str], action: Iterable[str], origin: str) -> str:
    def alternatives(given: Iterable[str]) -> str:
        names = sorted({fold_text(n) for n in given}, key=lambda n: (-len(n), n))
        return "|".join(re.escape(n).replace("\\ ", " ") for n in names) or "(?!)"

    return (f"// ---- generated from {origin}\n"
            f"KEYWORD.2: /{alternatives(permanent)}/\n"
            f"KEYWORD_PREFIX.3: /{alternatives(action)}/\n")


@lru_cache(maxsize=1)
def sentence_parser() -> Lark:
    """The sentence grammar's LALR parser, its tables cached per user (``grammar.lark_cache``)."""
    from cardscript.grammar.lark_cache import cached_lark

    return cached_lark("sentences", grammar_text(), **_OPTIONS)


_OPTIONS: dict[str, Any] = dict(parser="lalr", lexer=SentenceLexer, start=["paragraph", "panel"], strict=True,
                                propagate_positions=True, maybe_placeholders=False, keep_all_tokens=True)


def profile_parser(profile: SentenceProfile) -> Lark:
    """A game's sentence parser: the same grammar with its keywords, its own lexer (what the lexer keeps per word
    is per parser, so per game); built once per profile."""
    from cardscript.grammar.lark_cache import cached_lark

    found = _PROFILES.get(profile.key)
    if found is None or found[0] is not profile:
        found = _PROFILES[profile.key] = (profile, cached_lark(f"sentences-{profile.key}", grammar_text(profile),
                                                               **_OPTIONS), None)
    return found[1]


_PROFILES: dict[str, tuple[SentenceProfile, Lark, LalrRun | None]] = {}


def sentence_run(profile: SentenceProfile | None = None) -> LalrRun:
    """The sentence parser's LALR loop (``grammar.lalr_run``): the same trees as ``sentence_parser().parse``; made
    again whenever ``sentence_parser`` gives another parser (the prelude's keywords changed: its cache cleared).
    With a ``profile``, that game's parser's."""
    if profile is not None:
        lark = profile_parser(profile)
        kept = _PROFILES[profile.key]
        if kept[2] is None:
            kept = _PROFILES[profile.key] = (kept[0], kept[1], LalrRun(lark))
        assert kept[2] is not None
        return kept[2]
    lark = sentence_parser()
    run = _RUN[0]
    if run is None or run.lark is not lark:
        run = _RUN[0] = LalrRun(lark)
    return run


_RUN: list[LalrRun | None] = [None]


def forget_readings() -> None:
    """Drop what the sentence lexer keeps across paragraphs (benchmarks start each run cold)."""
    if sentence_parser.cache_info().currsize:
        lexer = sentence_parser().parser.lexer
        if isinstance(lexer, SentenceLexer):
            lexer.forget()


@dataclass(frozen=True)
class ParseFailure:
    """Where and why a paragraph did not parse (offsets into the paragraph)."""

    start: int
    end: int
    found: str
    expected: tuple[str, ...]
    at_end: bool


def parse_paragraph(text: str, names: NameRegistry, start: str = "paragraph",
                    own: frozenset[str] = frozenset(),
                    profile: SentenceProfile | None = None) -> Tree[Token] | ParseFailure:
    """Parse one paragraph (already normalised) into a tree, or say where it failed.

    ``start="panel"`` reads a Personagem-EV's Evolução panel (a noun phrase) instead of sentences; ``own`` holds
    the card's own names, folded (see ``LexInput.own``); ``profile``: another game's words and keywords (the
    caller reads the tree under ``lexicon.using(profile.lexicon)`` too, as the words' lemmas are that lexicon's).
    """
    if profile is not None:
        with using(profile.lexicon):
            return _parse_twice(text, names, start, own, profile)
    return _parse_twice(text, names, start, own, None)


def _parse_twice(text: str, names: NameRegistry, start: str, own: frozenset[str],
                 profile: SentenceProfile | None) -> Tree[Token] | ParseFailure:
    first = _parse(text, names, start, thorough=False, own=own, profile=profile)
    if not isinstance(first, ParseFailure):
        return first
    # a failure: read again, thoroughly (a lead's left-out comma tried wherever it may be; at each ambiguous
    # word the reading that gets furthest); this may find a parse the first reading missed, else it fails
    # nearer the real fault
    second = _parse(text, names, start, thorough=True, own=own, profile=profile)
    if not isinstance(second, ParseFailure) or second.start > first.start:
        return second
    return first


def _parse(text: str, names: NameRegistry, start: str, thorough: bool,
           own: frozenset[str] = frozenset(), profile: SentenceProfile | None = None) -> Tree[Token] | ParseFailure:
    try:
        inp: Any = LexInput(text, fold_text(text), names, thorough, own)   # a custom lexer's input (Lark types it str)
        return sentence_run(profile).parse(inp, start)
    except UnexpectedEOF as e:
        return ParseFailure(len(text), len(text), "", tuple(sorted(e.expected)), True)
    except UnexpectedToken as e:
        tok = e.token
        first = tok.start_pos if tok.start_pos is not None else len(text)
        end = tok.end_pos if tok.end_pos is not None else first
        at_end = tok.type == "$END"
        found = "" if at_end else str(tok)
        if tok.type == UNKNOWN:
            found = str(tok)
        return ParseFailure(first, max(end, first + (0 if at_end else 1)), found, tuple(sorted(e.expected)), at_end)
    except UnexpectedCharacters as e:
        pos = e.pos_in_stream or 0
        return ParseFailure(pos, pos + 1, text[pos:pos + 1],
                            tuple(sorted(e.allowed or ())), False)
    except (UnexpectedInput, LarkError, RecursionError) as e:  # pragma: no cover - defensive
        return ParseFailure(0, len(text), type(e).__name__, (), False)
