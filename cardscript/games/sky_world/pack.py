"""The Sky World pack's front door for the core (:class:`cardscript.games.GamePack`).

A card file is read by this game's header reader (``header.py``); each paragraph of its text is a seal
(``seals.py``) and a body, which the core compiler reads as it reads any card text -- the one sentence grammar
with this game's words and keywords (``parsing.py``), references bound, keywords expanded from this game's
prelude -- with the core's diagnostics. The bodies are not yet lowered to the engine's effects: each paragraph
that reads says so with a CS260 warning (never silently), as a Battle Scenes text the engine does not run does.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cardscript.compiler.ast import Paragraph
from cardscript.compiler.game_text import GameText
from cardscript.compiler.ir import Effect
from cardscript.compiler.pipeline import CompiledCard, read_text_block
from cardscript.core import diagnostics as dg
from cardscript.core.diagnostics import Diagnostic, did_you_mean
from cardscript.core.games import GAMES, Game
from cardscript.core.normalize import Normalized
from cardscript.core.source import SourceFile, Span
from cardscript.games import EditorTerms, MatchOptions, Say
from cardscript.games.sky_world import anatomy_words  # noqa: F401 - registers this game's anatomy rows
from cardscript.games.sky_world.header import SkyCardFile, read_sky_card
from cardscript.games.sky_world.ir import SkyCard
from cardscript.games.sky_world.lower import NOT_READ, lower_sky
from cardscript.games.sky_world.parsing import prelude, profile
from cardscript.games.sky_world.seals import ReadSeal, read_seal, seal_spellings, split_lead
from cardscript.games.sky_world.words import LEXICON
from cardscript.grammar.lexicon import using
from cardscript.grammar.names import NameRegistry


@dataclass(frozen=True)
class SealedParagraph:
    """A paragraph of a Sky World card: its seal, where the seal is, and the text after it."""

    seal: ReadSeal
    seal_span: Span
    body: Normalized


@dataclass(frozen=True)
class SkyWorld:
    game: Game

    def compile_source(self, source: SourceFile, names: NameRegistry | None = None) -> CompiledCard:
        with using(LEXICON):
            return _compile(self.game, source, names)[0]

    def card_name(self, source: SourceFile) -> str | None:
        read, _ = read_sky_card(source)
        return read.header.name if read is not None else None

    def explain(self, card: CompiledCard) -> str:
        from cardscript.games.sky_world.explain import explain

        return explain(card)

    def editor_terms(self) -> EditorTerms:
        from cardscript.games.sky_world.editor import editor_terms

        return editor_terms()

    def play(self, options: MatchOptions, say: Say, err: Say) -> int:
        from cardscript.games.sky_world.commands import play

        return play(options, say, err)

    def simulate(self, options: MatchOptions, games: int, as_json: bool, say: Say, err: Say) -> int:
        from cardscript.games.sky_world.commands import simulate_matches

        return simulate_matches(options, games, as_json, say, err)


def _compile(game: Game, source: SourceFile, names: NameRegistry | None) -> tuple[CompiledCard, SkyCard | None]:
    """The compile (its diagnostics) and the engine's card, lowered (None when the file does not read)."""
    read, diags = read_sky_card(source)
    card = CompiledCard(source, None, diagnostics=diags, unparsed=1 if read is None else 0, game=game.key)
    if read is None:
        return card, None
    sealed = sealed_paragraphs(read, card.diagnostics)
    card.unparsed += len(read.paragraphs) - len(sealed)
    scope = (names if names is not None else NameRegistry()).merged(library_names())
    scope = scope if scope.kinds_of(read.header.name) else scope.merged(_own_names(read))
    text = GameText(profile(), prelude())
    card.permanent = read_text_block(card, [p.body for p in sealed], scope, read.header.name, text)
    lowered = lower_sky(read.header, _pairs(sealed, card), card.permanent, card.keywords)
    card.runs = card.ok and len(sealed) == len(read.paragraphs) and all(_runs(e) for e in lowered.paragraphs)
    for paragraph, effect in zip(sealed, lowered.paragraphs, strict=True):
        missing = _unhandled(effect)
        if effect.executable and missing:
            card.diagnostics.append(Diagnostic(
                dg.W_NOT_EXECUTABLE, f"{paragraph.seal.seal.words}: not executable: the Sky World engine has no "
                f"procedure for {', '.join(missing)}", paragraph.seal_span, source,
                "the text reads, as the core's procedures; this game's engine does not run them"))
        if not effect.executable and effect.why != NOT_READ:
            card.diagnostics.append(Diagnostic(
                dg.W_NOT_EXECUTABLE, f"{paragraph.seal.seal.words}: not executable: {effect.why}",
                paragraph.seal_span, source, "the Sky World construction rules do not read this yet"))
    return card, lowered.card


def _runs(effect: Effect) -> bool:
    """The engine runs the effect: it lowered whole, and each of its procedures has a handler of this engine."""
    return effect.executable and not _unhandled(effect)


def _unhandled(effect: Effect) -> list[str]:
    """The families of the effect's procedures this engine has no handler for, in order, once each."""
    from cardscript.games.sky_world.procedures import HANDLERS

    return list(dict.fromkeys(p.family for p in effect.procedures if type(p) not in HANDLERS))


def sky_card(source: SourceFile, names: NameRegistry | None = None) -> tuple[SkyCard | None, CompiledCard]:
    """A Sky World card file compiled and lowered: the engine's card (None when its file does not read) and the
    compile (its diagnostics)."""
    with using(LEXICON):
        card, lowered = _compile(PACK.game, source, names)
    return (lowered if card.ok else None), card


def _pairs(sealed: list[SealedParagraph], card: CompiledCard) -> list[tuple[ReadSeal, Paragraph | None, str]]:
    """Each sealed paragraph with the syntax tree of its body (None: it did not parse) and its text as written."""
    read_at = {p.span.start: p for p in card.permanent.paragraphs} if card.permanent is not None else {}
    return [(p.seal, read_at.get(p.body.source_offset(0)) if p.body.origin else None,
             f"{p.seal.seal.words}: {p.body.text}") for p in sealed]


def sealed_paragraphs(card: SkyCardFile, diagnostics: list[Diagnostic]) -> list[SealedParagraph]:
    """Each paragraph split into its seal and its body; a paragraph without a known seal is a CS100."""
    out: list[SealedParagraph] = []
    for paragraph in card.paragraphs:
        lead = split_lead(paragraph.text)
        seal = read_seal(lead[0]) if lead is not None else None
        if lead is None or seal is None:
            written = lead[0] if lead is not None else paragraph.text.split(":")[0][:40]
            sugg = did_you_mean(written, seal_spellings())
            diagnostics.append(Diagnostic(
                dg.E_SYNTAX, f"a Sky World paragraph starts with its seal, not `{written}`",
                _span(paragraph, 0, len(written)), card.source,
                f"did you mean `{sugg}: ...`?" if sugg else "e.g. `AO ENTRAR: Fortalecer 1.`"))
            continue
        words, body_at = lead
        body = Normalized(paragraph.text[body_at:], paragraph.origin[body_at:])
        out.append(SealedParagraph(seal, _span(paragraph, 0, len(words)), body))
    return out


LIBRARY = Path(__file__).with_name("cards")


@lru_cache(maxsize=1)
def library_names() -> NameRegistry:
    """The names of this game's bundled cards: in scope for every Sky World card (and for no other game's)."""
    from cardscript.compiler.cache import names_in

    return names_in([LIBRARY])


def _own_names(card: SkyCardFile) -> NameRegistry:
    names = NameRegistry()
    names.add("card", card.header.name)
    return names


def _span(paragraph: Normalized, start: int, length: int) -> Span:
    """The span of ``length`` characters of the paragraph from ``start``, in the file."""
    origin = paragraph.origin
    if not origin or length <= 0:
        return Span(0, 0)
    first = origin[min(start, len(origin) - 1)]
    return Span(first, origin[min(start + length, len(origin)) - 1] + 1)


PACK = SkyWorld(next(g for g in GAMES if g.key == "sky-world"))
