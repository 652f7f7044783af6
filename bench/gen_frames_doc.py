"""Prints the frame table of docs/semantics.md from cardscript/compiler/semantics/frames.py:
python bench/gen_frames_doc.py

tests/test_semantics_doc.py checks that docs/semantics.md holds exactly this table between its markers: regenerate
it (and paste it in) after changing a frame.
"""

from __future__ import annotations

from cardscript.compiler.semantics.frames import ADJUNCTS, FRAMES


def table() -> str:
    lines = ["| verb | family | roles: name (position: classes it accepts) |", "|---|---|---|"]
    for frame in FRAMES.values():
        roles = [r for r in frame.roles if r not in ADJUNCTS]
        text = "; ".join(f"{r.name} ({r.position}{': ' + '/'.join(sorted(r.accepts)) if r.accepts else ''})"
                         for r in roles)
        lines.append(f"| {frame.lemma} | {frame.family} | {text} |")
    adjuncts = "; ".join(f"{r.name} ({r.position}{': ' + '/'.join(sorted(r.accepts)) if r.accepts else ''})"
                         for r in ADJUNCTS)
    lines.append("")
    lines.append(f"Every frame also has the adjuncts: {adjuncts}.")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table())
