"""What will not run (issue 9, "designers see what will not run"): the problems of a card's lowering as diagnostics.

Each clause or complement no construction rule gives a meaning (``compiler.lower``'s problems) is a CS260 warning
at the span of its words -- for a keyword's meaning, at the keyword's use -- with the roles of the verb's frame as
the hint; ``strict`` makes it CS261, an error. A card is *executable* when its lowering has no such part
(``CardDef.executable``).
"""

from __future__ import annotations

from cardscript.compiler.lower import LoweredCard, lower_compiled
from cardscript.compiler.pipeline import CompiledCard
from cardscript.core import diagnostics as dg
from cardscript.core.diagnostics import Diagnostic
from cardscript.core.source import SourceFile, Span

__all__ = ["lowering_diagnostics", "lowering_failed", "problem_diagnostics"]


def lowering_diagnostics(card: CompiledCard, strict: bool = False) -> tuple[bool, list[Diagnostic]]:
    """Is the card executable, and a diagnostic for each part of it that is not (none for a card that does not
    compile: its errors are reported already)."""
    if card.raw is None or not card.bound:
        return False, []
    try:
        lowered = lower_compiled(card)
    except Exception as exc:  # noqa: BLE001 - a lowering bug is reported, never stops the check of the rest
        return False, [lowering_failed(exc, card.source)]
    return problem_diagnostics(lowered, card.source, strict)


def lowering_failed(exc: Exception, source: SourceFile) -> Diagnostic:
    """CS900 for a lowering that raised."""
    return Diagnostic(dg.E_INTERNAL, f"the lowering failed: {type(exc).__name__}: {exc}", Span(0, 0), source)


def problem_diagnostics(lowered: LoweredCard, source: SourceFile,
                        strict: bool = False) -> tuple[bool, list[Diagnostic]]:
    """Is the lowered card executable, and a CS260 (``strict``: CS261) for each part of it that is not."""
    code = dg.E_NOT_EXECUTABLE if strict else dg.W_NOT_EXECUTABLE
    out: list[Diagnostic] = []
    seen: set[tuple[int, int, str]] = set()
    for p in lowered.problems:
        node_span = getattr(p.node, "span", None)
        span = p.span or (node_span if isinstance(node_span, Span) else None) or Span(0, 0)
        key = (span.start, span.end, p.message)
        if key in seen:
            continue
        seen.add(key)
        hint = f"the verb's roles -- {p.roles}" if p.roles else None
        out.append(Diagnostic(code, p.message, span, source, hint))
    executable = lowered.card.executable
    if not executable and not out:
        out.append(Diagnostic(code, "a part of this card's text does not run", Span(0, 0), source))
    return executable, out
