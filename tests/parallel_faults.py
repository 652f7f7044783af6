"""Faults injected into the engine in whichever process plays the matches (a worker started by ``spawn``
inherits no monkeypatch): a procedure error for Calmaria V1's draw in the matches of even seeds, an engine crash
for it in those of seeds divisible by 3 -- so a parallel run has failures, with seeds, to merge."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardscript.compiler.ir import CardDef, Procedure
from cardscript.games.battle_scenes.runtime import handlers
from cardscript.games.battle_scenes.runtime.parallel import RandomDecks
from cardscript.games.battle_scenes.runtime.turn import Engine

CALMARIA_DRAW = "compre um card"


def inject(setattr_: Callable[[Any, str, Any], None]) -> None:
    """Patch the engine with ``setattr_`` (``monkeypatch.setattr`` in the test process, ``setattr`` in a worker)."""
    run, run_procedure = handlers.run, Engine.run_procedure

    def failing(game: Any, ctx: Any, proc: Procedure) -> None:
        if proc.text == CALMARIA_DRAW and game.seed % 2 == 0:
            raise KeyError("no such zone")
        run(game, ctx, proc)

    def crashing(self: Engine, game: Any, pending: Any, proc: Procedure) -> None:
        if proc.text == CALMARIA_DRAW and game.seed % 3 == 0:
            raise RuntimeError("the engine broke")
        run_procedure(self, game, pending, proc)

    setattr_(handlers, "run", failing)
    setattr_(Engine, "run_procedure", crashing)


_injected = False


@dataclass(frozen=True)
class FaultyDecks(RandomDecks):
    """:class:`RandomDecks` that injects the faults into the process it is first called in (a worker's)."""

    def __call__(self, seed: int) -> tuple[Sequence[CardDef], Sequence[CardDef]]:
        global _injected
        if not _injected:
            inject(setattr)
            _injected = True
        return super().__call__(seed)
