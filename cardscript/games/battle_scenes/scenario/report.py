"""What ``cardscript scenario`` prints: per file its diagnostics, per branch the engine's trace and the verdict with
what was expected and what the engine did instead; a count at the end; the same as JSON for tools."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from cardscript.core.diagnostics import Diagnostic, format_text
from cardscript.core.source import SourceFile
from cardscript.games.battle_scenes.scenario.run import ERROR, PASS, BranchResult

INVALID = "INVALID"          # a branch whose file has diagnostics: not run


@dataclass
class FileResult:
    path: str
    source: SourceFile | None
    title: str = ""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    branches: list[BranchResult] = field(default_factory=list)
    not_run: list[str] = field(default_factory=list)     # branches with diagnostics
    unreadable: bool = False

    @property
    def verdicts(self) -> list[str]:
        return [b.verdict for b in self.branches] + [INVALID] * (len(self.not_run) or (1 if self.diagnostics and
                                                                                         not self.branches else 0))

    def to_dict(self) -> dict[str, Any]:
        def where(b: BranchResult) -> dict[str, int] | None:
            if b.reason_span is None or self.source is None:
                return None
            line, col = self.source.position(b.reason_span.start)
            return {"line": line, "column": col}

        return {
            "file": self.path, "title": self.title, "diagnostics": [d.to_dict() for d in self.diagnostics],
            "not_run": self.not_run,
            "branches": [{"branch": b.name, "verdict": b.verdict, "reason": b.reason, "at": where(b),
                          "findings": [{"expected": f.expected, "actual": f.actual, "ok": f.ok,
                                        "line": self.source.position(f.span.start)[0] if self.source else None}
                                       for f in b.findings],
                          "unsupported": b.unsupported, "in_play_not_running": b.in_play, "trace": b.trace}
                         for b in self.branches],
        }


def counts(results: list[FileResult]) -> Counter[str]:
    return Counter(v for r in results for v in r.verdicts)


def text_report(results: list[FileResult], trace: bool = True) -> list[str]:
    out: list[str] = []
    for r in results:
        head = f"== {r.path}" + (f": {r.title}" if r.title else "")
        out.append(head)
        for d in r.diagnostics:
            out.append(format_text(d))
        for b in r.branches:
            out.append(f"-- branch {b.name!r}")
            if trace:
                out.extend(b.trace)
            line = f"{b.verdict}  {r.path} [{b.name}]"
            if b.verdict != PASS:
                where = ""
                if b.reason_span is not None and r.source is not None:
                    ln, col = r.source.position(b.reason_span.start)
                    where = f"{r.path}:{ln}:{col}: "
                if b.verdict != "FAIL" or not any(not f.ok for f in b.findings):
                    line += f"\n  {where}{b.reason}"
                for f in b.findings:
                    if not f.ok and r.source is not None:
                        ln, col = r.source.position(f.span.start)
                        line += f"\n  {r.path}:{ln}:{col}: expected `{f.expected}`; the engine: {f.actual}"
                if b.verdict == ERROR and b.reason_span is not None and r.source is not None:
                    ln, _ = r.source.position(b.reason_span.start)
                    line += f"\n  {ln:>4} | {r.source.line_text(ln)}"
            if b.in_play and b.verdict == PASS:
                line += "\n  note: in play, text the engine does not run: " + "; ".join(b.in_play[:3])
            out.append(line)
        for name in r.not_run:
            out.append(f"{INVALID}  {r.path} [{name}]: not run (the diagnostics above)")
    total = counts(results)
    shown = ("PASS", "FAIL", "CANNOT", "ERROR", INVALID) + tuple(v for v in ("XFAIL", "XPASS") if total.get(v))
    summary = ", ".join(f"{total.get(v, 0)} {v}" for v in shown)
    out.append(f"{sum(total.values())} branch(es) in {len(results)} file(s): {summary}")
    return out
