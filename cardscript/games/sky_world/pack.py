"""The Sky World pack's front door for the core (:class:`cardscript.games.GamePack`).

What it reads today: the header (``header.py``) and each paragraph's seal (``seals.py``), with the core's
diagnostics. The text after the seal is not yet lowered to the engine's effects: each paragraph says so with
a CS260 warning (never silently), as a Battle Scenes text the engine does not run does.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardscript.compiler.pipeline import CompiledCard
from cardscript.core import diagnostics as dg
from cardscript.core.diagnostics import Diagnostic, did_you_mean
from cardscript.core.games import GAMES, Game
from cardscript.core.normalize import Normalized
from cardscript.core.source import SourceFile, Span
from cardscript.games.sky_world.header import read_sky_card
from cardscript.games.sky_world.seals import read_seal, seal_spellings, split_lead
from cardscript.grammar.names import NameRegistry


@dataclass(frozen=True)
class SkyWorld:
    game: Game

    def compile_source(self, source: SourceFile, names: NameRegistry | None = None) -> CompiledCard:
        card, diags = read_sky_card(source)
        unread = 0
        if card is not None:
            for paragraph in card.paragraphs:
                lead = split_lead(paragraph.text)
                span = _span(paragraph, len(lead[0]) if lead is not None else len(paragraph.text))
                seal = read_seal(lead[0]) if lead is not None else None
                if seal is None:
                    unread += 1
                    written = lead[0] if lead is not None else paragraph.text.split(":")[0][:40]
                    sugg = did_you_mean(written, seal_spellings())
                    diags.append(Diagnostic(
                        dg.E_SYNTAX, f"a Sky World paragraph starts with its seal, not `{written}`", span, source,
                        f"did you mean `{sugg}: ...`?" if sugg else "e.g. `AO ENTRAR: Fortalecer 1.`"))
                    continue
                diags.append(Diagnostic(
                    dg.W_NOT_EXECUTABLE, f"{seal.seal.words}: Sky World card text is read up to its seal; the "
                    "text after it is not lowered to the engine's effects yet", span, source,
                    "the Sky World engine runs its keywords and procedures; the compiler's lowering of this "
                    "game's sentences is the next step of issue 14"))
        return CompiledCard(source, None, diagnostics=diags, unparsed=1 if card is None else unread,
                            game=self.game.key)


def _span(paragraph: Normalized, length: int) -> Span:
    """The span of the paragraph's first ``length`` characters in the file."""
    if not paragraph.origin or length <= 0:
        return Span(0, 0)
    return Span(paragraph.origin[0], paragraph.origin[min(length, len(paragraph.origin)) - 1] + 1)


PACK = SkyWorld(next(g for g in GAMES if g.key == "sky-world"))
