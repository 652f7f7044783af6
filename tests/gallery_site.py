"""What the gallery's tests share: card files that try to inject markup, a broken card, running ``cardscript
gallery``, reading a page back (its text with each icon as its name, the index's embedded data and its filters),
and what the index's search and filters should show, computed here from the data (not by the page's script)."""

from __future__ import annotations

import contextlib
import io
import json
import re
import unicodedata
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from cardscript.cli import main

# a header that reads (so the card gets its printed layout) with markup in its alter ego and affiliation, and a
# text with a script, the end of a script element and the start of a comment
INJECTING_CARD = """Personagem: Injetor V1
Código: TST 1/1
Alter ego: <img src=x onerror=alert(2)>
Afiliações: <i>Liga</i>
Alinhamento: Herói
Poderes: Voo
Energia inicial: 3
Escudo: 2

Texto permanente:
  Quando <script>alert(1)</script> entrar em cena </script><!-- compre um card & {1}.
"""
INJECTED_TEXT = "<script>alert(1)</script>"

# a header that does not read (CS012 at 3:18): the page shows the file as written and the diagnostic
BROKEN_CARD = """Personagem: Quebrado V1
Código: TST 2/2
Energia inicial: abc
Escudo: 2

Texto permanente:
  Quando este personagem entrar em cena, compre um card.
"""


def gallery(*args: str) -> tuple[int, str, str]:
    """``cardscript gallery ARGS``: exit code, standard output, standard error."""
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = main(["gallery", *args])
    return code, stdout.getvalue(), stderr.getvalue()


class _Page(HTMLParser):
    """A page read back: the text of each element with an id or a class (an icon's ``<svg>`` read back as card
    text writes it, ``{SF}``, from its ``data-icon``), each select's option values, each link, each script's text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, list[str]]] = []       # (tag, the keys its text goes to)
        self.texts: dict[str, list[str]] = {}
        self.options: dict[str, list[str]] = {}
        self.links: list[str] = []
        self.scripts: list[str] = []
        self.in_svg = 0
        self.select: str | None = None
        self.script: list[str] | None = None

    def _add(self, text: str) -> None:
        for _, keys in self.open:
            for key in keys:
                self.texts.setdefault(key, [""])[-1] += text

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if self.in_svg:
            self.in_svg += tag == "svg"
            return
        if tag == "svg":
            self.in_svg = 1
            self._add("{" + a.get("data-icon", "?") + "}")
            return
        keys = ([f"#{a['id']}"] if "id" in a else []) + [f".{c}" for c in a.get("class", "").split()]
        for key in keys:
            self.texts.setdefault(key, []).append("")
        if tag not in ("br", "img", "input", "meta", "link"):
            self.open.append((tag, keys))
        if tag == "select":
            self.select = a.get("data-filter", "")
            self.options[self.select] = []
        if tag == "option" and self.select is not None:
            self.options[self.select].append(a.get("value", ""))
        if tag == "a":
            self.links.append(a.get("href", ""))
        if tag == "script":
            self.script = []

    def handle_endtag(self, tag: str) -> None:
        if self.in_svg:
            self.in_svg -= tag == "svg"
            return
        if tag == "select":
            self.select = None
        if tag == "script" and self.script is not None:
            self.scripts.append("".join(self.script))
            self.script = None
        while self.open:
            open_tag, _ = self.open.pop()
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.in_svg:
            return
        if self.script is not None:
            self.script.append(data)
        self._add(data)


def read_page(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


def index_data(out: Path) -> list[dict[str, Any]]:
    """The cards' data embedded in the index (``<script type="application/json" id="gallery-data">``)."""
    html = (out / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="gallery-data">(.*?)</script>', html, re.S)
    assert found is not None
    data: list[dict[str, Any]] = json.loads(found.group(1))
    return data


def fold(text: str) -> str:
    """As the page's script folds: NFD, combining accents dropped, lower case."""
    return "".join(ch for ch in unicodedata.normalize("NFD", text) if not "\u0300" <= ch <= "\u036f").lower()


def matching(data: list[dict[str, Any]], query: str = "", **wanted: str) -> list[str]:
    """The slugs the index should show for a search and filter values (field -> value)."""
    words = fold(query).split()
    shown = []
    for card in data:
        hay = fold(card["title"] + "\n" + card["text"])
        if not all(w in hay for w in words):
            continue
        ok = True
        for field, value in wanted.items():
            if field == "power":
                ok = ok and value in card["powers"]
            elif field == "affiliation":
                ok = ok and value in card["affiliations"]
            elif field == "executable":
                ok = ok and card["executable"] == (value == "yes")
            else:
                ok = ok and card[field] == value
        if ok:
            shown.append(card["slug"])
    return shown
