"""``cardscript gallery`` (issue 13, part 6) without a browser: a page per card of the bundled library, laid out
from its header, with the English of ``render --lang en``, the text of ``explain`` and the diagnostics of ``check``;
an index listing them whose filters offer the values the cards have; markup in a card escaped everywhere; a broken
card still a page; bad paths as ``check`` says them. The pages in a real browser: tests/test_gallery_browser.py."""

from __future__ import annotations

import contextlib
import fnmatch
import html
import io
import json
import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardscript.cli import main
from cardscript.compiler.card_refs import collection_of
from cardscript.compiler.files import library_path
from cardscript.compiler.vocabulary import Cost, Power
from cardscript.tools.gallery.icons import icon_of, power_icon, with_icons
from cardscript.tools.gallery.model import shown_path
from cardscript.tools.gallery.site import embedded_json
from tests.gallery_site import BROKEN_CARD, INJECTED_TEXT, INJECTING_CARD, gallery, index_data, read_page

ROOT = Path(__file__).resolve().parents[1]


def _cli(*args: str) -> tuple[int, str]:
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer), contextlib.redirect_stderr(io.StringIO()):
        code = main(list(args))
    return code, buffer.getvalue()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The gallery of the bundled library (the default PATH)."""
    out = tmp_path_factory.mktemp("gallery")
    code, stdout, stderr = gallery("--out", str(out))
    assert code == 0, stderr
    cards = len(list(library_path().rglob("*.card")))
    assert stdout.strip() == f"{cards} pages, 0 with errors: {out / 'index.html'}"
    return out


@cache
def _export() -> dict[str, dict[str, Any]]:
    """``cardscript export`` of the library, by file: what the compiler says of each card, independently."""
    code, text = _cli("export", "--compact")
    assert code == 0
    return {shown_path(r["file"]): r for r in json.loads(text)["cards"]}


def _page_of(site: Path, file: str) -> Path:
    for entry in index_data(site):
        page = site / "cards" / f"{entry['slug']}.html"
        shown = html.escape(shown_path(file), quote=False)
        if f"· <span class=\"file\">{shown}</span>" in page.read_text(encoding="utf-8"):
            return page
    raise AssertionError(f"no page for {file}")


def test_every_bundled_card_gets_a_page_and_the_index_lists_it(site: Path) -> None:
    files = sorted(str(p) for p in library_path().rglob("*.card"))
    data = index_data(site)
    pages = sorted((site / "cards").glob("*.html"))
    assert len(pages) == len(files) == len(data)
    index = read_page(site / "index.html")
    assert sorted(link for link in index.links if link.startswith("cards/")) == sorted(
        f"cards/{d['slug']}.html" for d in data)
    assert {p.stem for p in pages} == {d["slug"] for d in data}
    records = _export()
    assert {r["title"] for r in records.values()} == {d["title"] for d in data}
    for page in pages:                                 # each page is the card its file holds, laid out
        text = page.read_text(encoding="utf-8")
        file = re.search(r'<span class="file">(.*?)</span>', text)
        assert file is not None
        record = records[html.unescape(file.group(1))]
        h = record["header"]
        parsed = read_page(page)
        assert parsed.texts[".card-type"] == [h["card_type"]]
        assert parsed.texts[".card-name"][0].strip() == f"{h['name']} V{h['version']}"
        assert parsed.texts.get(".power-name", []) == [
            p for p in dict.fromkeys([*h["powers"], *([h["power"]] if h["power"] else []),
                                      *([record["action"]["power"]] if record["action"] and
                                        record["action"]["power"] else [])])]
        if h["shield"] is not None:
            assert parsed.texts[".shield"] == [f"Escudo{h['shield']}"]


def test_each_page_links_the_cards_before_and_after_it_in_the_index(site: Path) -> None:
    slugs = [d["slug"] for d in index_data(site)]
    for i, slug in enumerate(slugs):
        text = (site / "cards" / f"{slug}.html").read_text(encoding="utf-8")
        linked = re.findall(r'rel="(prev|next)" href="([^"]+)\.html"', text)
        expected = ([("prev", slugs[i - 1])] if i else []) + ([("next", slugs[i + 1])] if i + 1 < len(slugs) else [])
        assert linked == expected


def test_the_index_data_and_the_executable_flag_are_the_compilers(site: Path) -> None:
    records = {r["title"]: r for r in _export().values()}
    data = index_data(site)
    assert any(d["executable"] for d in data) and not all(d["executable"] for d in data)
    for entry in data:
        record = records[entry["title"]]
        assert entry["executable"] is record["executable"]
        assert entry["type"] == record["header"]["card_type"]
        assert entry["affiliations"] == record["header"]["affiliations"]


def test_the_filters_offer_the_values_the_cards_have(site: Path) -> None:
    records = list(_export().values())
    options = read_page(site / "index.html").options
    assert set(options) == {"collection", "type", "power", "affiliation", "executable"}
    headers = [r["header"] for r in records]
    expected = {
        "collection": {collection_of(h["code"]).upper() if h["code"] else "(no code)" for h in headers},
        "type": {h["card_type"] for h in headers},
        "power": {p for r in records for p in [*r["header"]["powers"], r["header"]["power"],
                                               (r["action"] or {}).get("power")] if p},
        "affiliation": {a for h in headers for a in h["affiliations"]},
    }
    for field, values in expected.items():
        assert options[field][0] == "" and set(options[field][1:]) == values, field
        assert len(options[field]) == len(set(options[field]))
    assert options["power"][1:] == [p.label for p in Power if p.label in expected["power"]]   # the rules' order
    assert options["executable"] == ["", "yes", "no"]


def test_a_card_page_holds_its_english_its_explain_and_its_check(site: Path) -> None:
    """The readings beside the card are the commands' own output (icons read back as written)."""
    from cardscript.compiler.explain import explain_card
    from cardscript.tools.common import single

    records = _export()
    clean = [f for f, r in records.items() if r["executable"] and not r["diagnostics"] and not r["not_executable"]]
    warned = [f for f, r in records.items() if r["not_executable"]]
    assert clean and warned
    for file in clean[:: max(1, len(clean) // 12)]:
        page = read_page(_page_of(site, file))
        _, english = _cli("render", "--lang", "en", file)
        assert page.texts[".english"] == [english.rstrip("\n")]
        card = single(file)
        assert card is not None
        assert page.texts[".explain"] == [explain_card(card)]
        assert "#diagnostics" in page.texts and ".diagnostic" not in page.texts
    for file in warned[:6]:
        page = read_page(_page_of(site, file))
        _, checked = _cli("check", "--format", "json", file)
        expected = [f"{d['line']}:{d['column']}" for d in json.loads(checked)]
        assert page.texts[".where"] == expected
        assert page.texts[".severity"] == [f"{d['severity']}[{d['code']}]" for d in json.loads(checked)]


def test_every_page_explains_and_renders_its_card_as_the_commands_do(site: Path) -> None:
    """The page's "what the engine runs" is ``explain_card`` and its English ``render_card`` of the card lowered
    afresh, for every card (the gallery passes the lowering it has; the commands lower again)."""
    from cardscript.compiler.english import render_card
    from cardscript.compiler.explain import explain_card
    from cardscript.tools.common import CardInputs, compile_inputs

    cards = {shown_path(c.source.path): c for c in compile_inputs(CardInputs([str(library_path())], False, 0))}
    for entry in index_data(site):
        page = read_page(site / "cards" / f"{entry['slug']}.html")
        (file,) = page.texts[".file"]
        assert page.texts[".explain"] == [explain_card(cards[file])], file
        assert page.texts[".english"] == [render_card(cards[file]).rstrip("\n")], file


def test_markup_in_a_card_is_escaped_in_its_page_and_in_the_index(tmp_path: Path) -> None:
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "injetor-v1.card").write_text(INJECTING_CARD, encoding="utf-8")
    out = tmp_path / "site"
    code, stdout, _ = gallery(str(tmp_path / "cards"), "--out", str(out))
    assert code == 0 and stdout.startswith("1 page, 1 with errors")
    page_html = (out / "cards" / "cards-injetor-v1.html").read_text(encoding="utf-8")
    index_html = (out / "index.html").read_text(encoding="utf-8")
    for text in (page_html, index_html):
        assert "<script>alert" not in text and "<img" not in text and "<i>" not in text and "<!--" not in text
    assert page_html.count("<script") == 0
    assert index_html.count("<script") == 2           # the data and gallery.js, no other
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page_html
    page = read_page(out / "cards" / "cards-injetor-v1.html")
    assert INJECTED_TEXT in page.texts[".paragraph"][0]
    assert page.texts[".alter-ego"] == ["<img src=x onerror=alert(2)>"]
    assert page.texts[".affiliation"] == ["<i>Liga</i>"]
    assert "\\u003cscript\\u003ealert(1)\\u003c/script\\u003e" in index_html
    (entry,) = index_data(out)
    assert INJECTED_TEXT in entry["text"] and entry["affiliations"] == ["<i>Liga</i>"]
    assert read_page(out / "index.html").options["affiliation"] == ["", "<i>Liga</i>"]


def test_a_broken_card_gets_a_page_with_its_diagnostics_and_stops_no_other(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "quebrado-v1.card").write_text(BROKEN_CARD, encoding="utf-8")
    good = next(library_path().rglob("*.card"))
    (folder / good.name).write_text(good.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "binario.card").write_bytes(b"\x00\xff\xfe binary")
    out = tmp_path / "site"
    code, stdout, _ = gallery(str(folder), "--out", str(out))
    assert code == 0                                   # a file inside a folder that does not read is a page
    assert stdout.strip() == f"3 pages, 2 with errors: {out / 'index.html'}"
    broken = read_page(out / "cards" / "cards-quebrado-v1.html")
    assert broken.texts[".where"] == ["3:18"]
    assert broken.texts[".severity"] == ["error[CS012]"]
    assert "Energia inicial: abc" in broken.texts[".source"][0]
    assert "Energia inicial: abc" in broken.texts[".check"][0]            # check's text: the line and a caret
    from cardscript.core.diagnostics import CODES

    assert f'title="{html.escape(CODES["CS012"].title)} (cardscript explain CS012)"' in (
        out / "cards" / "cards-quebrado-v1.html").read_text(encoding="utf-8")
    unreadable = read_page(out / "cards" / "cards-binario.html")
    assert unreadable.texts[".severity"] == ["error[CS001]"]
    other = read_page(out / "cards" / f"cards-{good.stem}.html")
    assert ".diagnostic" not in other.texts and other.texts[".card-type"]
    assert {d["errors"] > 0 for d in index_data(out)} == {True, False}


@pytest.mark.parametrize("paths", [["{missing}"], ["{missing}", "{good}"], ["{binary}"], ["{binary}", "{good}"],
                                   ["{good}"], ["{folder}"]])
def test_bad_paths_are_said_and_exit_as_check_does(tmp_path: Path, paths: list[str]) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    good = folder / "quebrado-v1.card"
    good.write_text(BROKEN_CARD, encoding="utf-8")
    (folder / "binario.card").write_bytes(b"\x00\xff binary")
    given_paths = [p.format(missing=str(tmp_path / "nope.card"), good=str(good), binary=str(folder / "binario.card"),
                            folder=str(folder)) for p in paths]
    check_code = _cli("check", *given_paths)[0]
    out = tmp_path / "site"
    stderr_buffer = io.StringIO()
    with contextlib.redirect_stderr(stderr_buffer), contextlib.redirect_stdout(io.StringIO()):
        code = main(["gallery", *given_paths, "--out", str(out)])
    assert code == (2 if check_code == 2 else 0)
    if "{missing}" in paths:
        assert stderr_buffer.getvalue() == f"cardscript: {tmp_path / 'nope.card'}: no such file or folder\n"
        assert (out / "index.html").exists() == (len(paths) > 1)          # the others are written
    else:
        assert stderr_buffer.getvalue() == ""


def test_out_must_be_a_folder_that_can_be_written(tmp_path: Path) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("", encoding="utf-8")
    code, stdout, stderr = gallery(str(tmp_path), "--out", str(a_file))
    assert (code, stdout, stderr) == (2, "", f"cardscript: --out {a_file}: not a folder\n")
    code, stdout, stderr = gallery(str(tmp_path), "--out", str(a_file / "under"))
    assert code == 2 and stdout == "" and stderr.startswith(f"cardscript: --out {a_file / 'under'}: cannot write")
    assert "Traceback" not in stderr


def test_standard_input_is_a_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(INJECTING_CARD.encode("utf-8"))))
    code, stdout, _ = gallery("-", "--out", str(tmp_path))
    assert code == 0 and stdout.startswith("1 page, ")
    assert INJECTED_TEXT in read_page(tmp_path / "cards" / "stdin.html").texts[".paragraph"][0]


def test_every_icon_is_drawn_and_named() -> None:
    drawings = {str(power_icon(p)).split("</title>")[1] for p in Power}
    assert len(drawings) == len(Power)                 # no two powers look alike
    for p in Power:
        assert f'aria-label="{p.label}"' in str(icon_of(p.code))
    for c in Cost:
        assert f'aria-label="{c.icon}"' in str(icon_of(c.value))
    assert icon_of("ZZ") is None and with_icons("{ZZ} & {1}").startswith("{ZZ} &amp; <svg")


_SVG = re.compile(r'<svg[^>]*data-icon="([^"]*)".*?</svg>')


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.text(alphabet="<>&\"'{}/ -!aé\n", max_size=8),
                          st.sampled_from([*(p.icon for p in Power), *(c.icon for c in Cost), "{", "}", "{ZZ}"])),
                max_size=12).map("".join))
def test_text_with_icons_is_escaped_and_reads_back(text: str) -> None:
    """Whatever a card's text holds, the markup is only the icons drawn; read back, it is the text as written."""
    marked = str(with_icons(text))
    outside = _SVG.sub("", marked)
    assert "<" not in outside and ">" not in outside
    assert html.unescape(_SVG.sub(lambda m: "{" + m.group(1) + "}", marked)) == text


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.recursive(st.text() | st.integers() | st.booleans(),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=12))
def test_embedded_json_cannot_close_its_script(data: Any) -> None:
    text = str(embedded_json(data))
    assert not set(text) & {"<", ">", "&", "\u2028", "\u2029"}
    assert json.loads(text) == data


def test_the_templates_are_package_data() -> None:
    """Every file the site is written from is in the package data pyproject.toml ships (a non-editable install
    finds them)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["cardscript.tools.gallery"]
    folder = ROOT / "cardscript" / "tools" / "gallery"
    files = [p.relative_to(folder).as_posix() for p in (folder / "templates").iterdir() if p.is_file()]
    assert {f"templates/{n}" for n in ("card.html.j2", "index.html.j2", "style.css", "gallery.js")} <= set(files)
    assert all(any(fnmatch.fnmatch(f, g) for g in globs) for f in files)


def test_mutated_cards_are_pages_never_a_traceback(tmp_path: Path) -> None:
    """Thirty library cards mutated at random (tests/fuzz_oracles.py; seeded), bytes broken too, in one gallery:
    a page each, exit 0, nothing on standard error."""
    import random

    from tests.fuzz_oracles import make_card

    rnd = random.Random(13)
    folder = tmp_path / "cards"
    folder.mkdir()
    for i in range(30):
        (folder / f"mutated-{i:02}.card").write_bytes(make_card(rnd))
    code, stdout, stderr = gallery(str(folder), "--out", str(tmp_path / "site"))
    assert (code, stderr) == (0, "")
    assert stdout.startswith("30 pages, ")
    assert len(list((tmp_path / "site" / "cards").glob("*.html"))) == 30
    for page in (tmp_path / "site" / "cards").glob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "Traceback" not in text and "<script" not in text
