"""The gallery in a real headless browser (issue 13, part 6, "the gallery test passes in headless Chromium"):
Playwright driving Debian's ``chromium`` (``/usr/bin/chromium``; Playwright's own browser download is never used),
the site opened from ``file://``. Every page loads with no console error, no page error and no failed request;
typing in the search box and each filter narrow the list exactly as the embedded data says; a card with
``<script>`` in its text shows it as text and no dialog ever opens.

Skipped when chromium or playwright is missing -- unless ``CARDSCRIPT_REQUIRE_TOOLS=1`` (set by ``.ci/run``, which
installs chromium), which makes a missing browser a failure (``tests/external_tools.py``)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardscript.compiler.files import library_path
from tests.external_tools import REQUIRE
from tests.gallery_site import INJECTED_TEXT, INJECTING_CARD, gallery, index_data, matching

CHROMIUM = os.environ.get("CARDSCRIPT_CHROMIUM", "/usr/bin/chromium")
REQUIRED = bool(os.environ.get(REQUIRE))


def _missing() -> str | None:
    """Why the browser test cannot run here (None: it can)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install '.[test]')"
    if not (Path(CHROMIUM).is_file() or shutil.which(CHROMIUM)):
        return f"no chromium at {CHROMIUM} (apt-get install chromium; .ci/run installs it)"
    return None


WHY = _missing()
if WHY is not None:
    if REQUIRED:
        pytest.fail(f"{REQUIRE} is set but {WHY}", pytrace=False)
    pytest.skip(WHY, allow_module_level=True)

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The gallery of the bundled library and one card trying to inject a script."""
    root = tmp_path_factory.mktemp("gallery-browser")
    (root / "mine").mkdir()
    (root / "mine" / "injetor-v1.card").write_text(INJECTING_CARD, encoding="utf-8")
    code, _, stderr = gallery(str(library_path()), str(root / "mine"), "--out", str(root / "site"))
    assert code == 0, stderr
    return root / "site"


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                     args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        yield launched
        launched.close()


class Watched:
    """A page with everything that went wrong on it recorded: console errors, page errors, failed requests,
    dialogs (``alert`` and the like, dismissed)."""

    def __init__(self, browser: Browser) -> None:
        self.page: Page = browser.new_page()
        self.problems: list[str] = []
        self.dialogs: list[str] = []
        self.page.on("console", lambda m: self.problems.append(f"console {m.type}: {m.text}")
                     if m.type in ("error", "warning") else None)
        self.page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        self.page.on("requestfailed", lambda r: self.problems.append(f"request failed: {r.url}"))
        self.page.on("dialog", self._dialog)

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    def open(self, path: Path) -> Page:
        self.page.goto(path.resolve().as_uri(), wait_until="load")
        return self.page


def _visible(page: Page) -> list[str]:
    slugs: list[str] = page.eval_on_selector_all(
        "#cards .entry", "els => els.filter(e => !e.hidden && e.offsetParent !== null).map(e => e.dataset.slug)")
    return slugs


def _shown(page: Page) -> int:
    return int(page.inner_text("#shown"))


def _sample(data: list[dict[str, Any]]) -> list[str]:
    """The card pages opened (a third of the library, to keep the test under a minute): the first card of each
    type, collection, power and affiliation, every card with an error, and every sixth card."""
    chosen: dict[str, None] = {}
    seen: set[tuple[str, str]] = set()
    for i, card in enumerate(data):
        values = [("type", card["type"]), ("collection", card["collection"]),
                  *(("power", p) for p in card["powers"]), *(("affiliation", a) for a in card["affiliations"])]
        if card["errors"] or i % 6 == 0 or not seen.issuperset(values):
            chosen[card["slug"]] = None
        seen.update(values)
    return list(chosen)


def test_the_pages_load_without_errors(site: Path, browser: Browser) -> None:
    watched = Watched(browser)
    page = watched.open(site / "index.html")
    data = index_data(site)
    assert _shown(page) == len(data) == len(_visible(page))
    sample = _sample(data)
    assert len(data) // 6 < len(sample) < len(data)
    for slug in sample:
        card = site / "cards" / f"{slug}.html"
        opened = watched.open(card)
        assert opened.locator(".card-name").count() == 1, card.name
        # the style sheet beside the pages applies (file://: its rules cannot be read, their effect can)
        assert opened.evaluate("getComputedStyle(document.querySelector('.card')).borderTopWidth") == "10px"
    assert watched.problems == []
    assert watched.dialogs == []
    watched.page.close()


def test_typing_in_the_search_box_filters_the_list(site: Path, browser: Browser) -> None:
    watched = Watched(browser)
    page = watched.open(site / "index.html")
    data = index_data(site)
    before = _visible(page)
    assert len(before) == len(data)
    title = next(d["title"] for d in data if d["collection"] != "(no code)")
    for query in (title.split()[0], title.upper(), "escudo", "COMPRE UM", "mjolnir", "zzz-nada-zzz"):
        page.fill("#search", "")
        page.locator("#search").press_sequentially(query)
        expected = matching(data, query)
        assert _visible(page) == expected, query
        assert _shown(page) == len(expected)
        assert page.is_visible("#none") == (not expected)
    assert 0 < len(matching(data, "escudo")) < len(data)        # the search narrows, and finds
    page.fill("#search", "")
    assert _visible(page) == before
    assert watched.problems == [] and watched.dialogs == []
    watched.page.close()


def test_each_filter_narrows_the_list_as_its_data_says(site: Path, browser: Browser) -> None:
    watched = Watched(browser)
    page = watched.open(site / "index.html")
    data = index_data(site)
    fields = ("collection", "type", "power", "affiliation", "executable")
    for field in fields:
        values: list[str] = page.eval_on_selector_all(f"#filter-{field} option", "os => os.map(o => o.value)")
        assert values[0] == "" and len(values) > 2 or field == "executable"
        narrowed = False
        for value in values[1:]:
            page.select_option(f"#filter-{field}", value)
            expected = matching(data, **{field: value})
            assert expected, (field, value)              # every value offered is some card's
            assert _visible(page) == expected, (field, value)
            narrowed = narrowed or len(expected) < len(data)
        assert narrowed, field
        page.select_option(f"#filter-{field}", "")
        assert len(_visible(page)) == len(data)
    # filters and the search together: what both allow
    page.select_option("#filter-executable", "yes")
    page.select_option("#filter-type", "Personagem")
    page.fill("#search", "dano")
    assert _visible(page) == matching(data, "dano", executable="yes", type="Personagem")
    assert watched.problems == [] and watched.dialogs == []
    watched.page.close()


def test_a_card_with_a_script_in_its_text_shows_it_as_text(site: Path, browser: Browser) -> None:
    watched = Watched(browser)
    page = watched.open(site / "cards" / "mine-injetor-v1.html")
    assert INJECTED_TEXT in page.inner_text(".permanent .paragraph")
    assert page.inner_text(".alter-ego") == "<img src=x onerror=alert(2)>"
    assert page.locator(".card img, .card script, .card i").count() == 0
    assert page.locator("script").count() == 0
    assert "CS100" in page.inner_text("#diagnostics")
    index = watched.open(site / "index.html")
    index.fill("#search", "alert(1)")
    assert _visible(index) == ["mine-injetor-v1"]
    index.fill("#search", "")
    index.select_option("#filter-affiliation", "<i>Liga</i>")
    assert _visible(index) == ["mine-injetor-v1"]
    assert watched.dialogs == []
    assert watched.problems == []
    watched.page.close()


def test_icons_are_drawn_inline(site: Path, browser: Browser) -> None:
    """The power and cost icons are inline SVG with their names (no image file, nothing fetched)."""
    watched = Watched(browser)
    data = index_data(site)
    card = next(d for d in data if len(d["powers"]) >= 2)
    page = watched.open(site / "cards" / f"{card['slug']}.html")
    labels = page.eval_on_selector_all(".powers svg", "ss => ss.map(s => s.getAttribute('aria-label'))")
    assert labels == card["powers"]
    assert page.eval_on_selector_all(".powers svg", "ss => ss.every(s => s.getBoundingClientRect().width > 8)")
    assert page.locator("img").count() == 0
    watched.page.close()
