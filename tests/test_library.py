"""The bundled library: every card checks clean and is in canonical form (issue acceptance)."""

from __future__ import annotations

from cardscript.cli import main
from cardscript.compiler.pipeline import compile_paths, library_path


def test_the_library_checks_clean() -> None:
    assert main(["check", str(library_path())]) == 0


def test_the_library_is_in_canonical_form() -> None:
    assert main(["fmt", "--check", str(library_path())]) == 0


def test_every_library_card_roundtrips_through_the_ast() -> None:
    from cardscript.compiler.render import render_node
    from cardscript.compiler.roundtrip import canonical_compare_form

    for card in compile_paths([library_path()]):
        assert card.raw is not None and card.bound, card.source.path
        printed = [p.text for p in card.raw.permanent or ()] + [p.text for p in card.raw.action_text]
        rendered = [render_node(p) for b in (card.permanent, card.action) if b is not None for p in b.paragraphs]
        assert [canonical_compare_form(r) for r in rendered] == [canonical_compare_form(p) for p in printed]


def test_docs_library_lists_every_bundled_card_file_once() -> None:
    """docs/library.md's card table names each file of ``cardscript/games/battle_scenes/cards/`` once, and its heading
    counts them."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    doc = (root / "docs" / "library.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| `(cardscript/games/battle_scenes/cards/[^`]+\.card)`", doc, flags=re.MULTILINE)
    library = root / "cardscript" / "games" / "battle_scenes" / "cards"
    files = sorted(str(p.relative_to(root)) for p in library.rglob("*.card"))
    assert sorted(listed) == files
    assert f"## Cards ({len(files)})" in doc
