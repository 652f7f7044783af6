"""Writing the gallery: ``index.html`` (search and filters over the cards' data, embedded in the page), one
``cards/<slug>.html`` per card, ``style.css`` and ``gallery.js`` -- a static site that works opened from
``file://``. The pages are jinja2 templates with autoescape on (a separate Environment from the card-text
templates of ``compiler/templates``, which lay out plain text and do not escape)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from cardscript.tools.gallery.icons import cost_icon, power_icon, with_icons
from cardscript.tools.gallery.model import CardPage

__all__ = ["STATIC", "Filters", "embedded_json", "filters_of", "write_site"]

STATIC = ("style.css", "gallery.js")
"""The files copied beside the pages as they are."""

_JSON_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def embedded_json(data: Any) -> Markup:
    """JSON to embed in a ``<script>`` element: ``<``, ``>`` and ``&`` (only ever inside its strings) written as
    ``\\u003c``..., so no card text can close the element (``</script>``) or open a comment (``<!--``)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return Markup("".join(_JSON_ESCAPES.get(ch, ch) for ch in text))


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The gallery's templates (package data ``tools/gallery/templates``), autoescaped."""
    env = jinja2.Environment(loader=jinja2.PackageLoader("cardscript.tools.gallery", "templates"),
                             autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined)
    env.filters.update({"icons": with_icons, "power_icon": power_icon, "cost_icon": cost_icon,
                        "json_script": embedded_json})
    return env


@dataclass(frozen=True)
class Filters:
    """The values each filter of the index offers: those the cards have, in a stable order."""

    collection: tuple[str, ...]
    type: tuple[str, ...]
    power: tuple[str, ...]
    affiliation: tuple[str, ...]


def filters_of(pages: Sequence[CardPage]) -> Filters:
    """Every collection, type, power (in the rules' order, 2.1) and affiliation of the cards."""
    from cardscript.compiler.vocabulary import CardType, Power

    types = [t.label for t in CardType]
    present_powers = {p for page in pages for p in page.powers}
    return Filters(collection=tuple(sorted({p.collection for p in pages})),
                   type=tuple(sorted({p.card_type for p in pages if p.card_type},
                                     key=lambda t: types.index(t) if t in types else len(types))),
                   power=tuple(p.label for p in Power if p in present_powers),
                   affiliation=tuple(sorted({a for p in pages for a in p.affiliations}, key=str.casefold)))


def write_site(pages: Sequence[CardPage], out: Path) -> Path:
    """Write the site for ``pages`` into the folder ``out`` (made when missing); the index's path."""
    env = environment()
    (out / "cards").mkdir(parents=True, exist_ok=True)
    card = env.get_template("card.html.j2")
    for i, page in enumerate(pages):             # each page links the cards before and after it in the index
        before = pages[i - 1] if i > 0 else None
        after = pages[i + 1] if i + 1 < len(pages) else None
        _write(out / "cards" / f"{page.slug}.html", card.render(card=page, before=before, after=after, root="../",
                                                                 code_title=_code_title))
    index = out / "index.html"
    _write(index, env.get_template("index.html.j2").render(
        pages=pages, filters=filters_of(pages), data=[p.index_entry() for p in pages], root=""))
    templates = resources.files("cardscript.tools.gallery") / "templates"
    for name in STATIC:
        _write(out / name, (templates / name).read_text(encoding="utf-8"))
    return index


def _code_title(code: str) -> str:
    """A diagnostic code's title (what ``cardscript explain CODE`` heads its explanation with)."""
    from cardscript.core.diagnostics import CODES

    found = CODES.get(code)
    return found.title if found is not None else ""


def _write(path: Path, text: str) -> None:
    path.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
