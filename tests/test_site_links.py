"""The built site's links and the ways a judge finds their way in it, by game.

No broken link: every internal ``href`` and ``src`` of every page lands on a file of the site, and every
``#anchor`` on an element of that page with that id (or name).  Every rules page names its document (its game)
in its title; previous and next stay within a document; the sidebar switches between the games' documents; a
link to a clause previews its text; the annotations can be hidden, and stay hidden from page to page.

The whole site is built once, as ``judge docs build OUT`` builds it by default (every game), and crawled page by
page: the rules chapters, the coverage pages, the scenario pages, the API pages and their highlighted source.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import pytest
from click.testing import CliRunner

from judge.cli import main
from rules_index import documents, load_index
from tests.browser import dump_dom, needs_chromium

EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//)", re.IGNORECASE)
"""An address with a scheme (``https:``, ``mailto:``, ``data:``) or a network path: not the site's own."""


class Page(HTMLParser):
    """The ids (and names) a page defines, and the addresses it refers to."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.addresses: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.ids.update(value for key in ("id", "name") if (value := found.get(key)))
        self.addresses.extend(value for key in ("href", "src") if (value := found.get(key)))


@pytest.fixture(scope="module")
def whole_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("whole-site")
    result = CliRunner().invoke(main, ["docs", "build", str(out)])
    assert result.exit_code == 0, result.output
    return out


def read_pages(site: Path) -> dict[Path, Page]:
    pages = {}
    for path in site.rglob("*.html"):
        page = Page()
        page.feed(path.read_text(encoding="utf-8"))
        pages[path.resolve()] = page
    return pages


def broken_links(site: Path) -> list[str]:
    """Every internal address of the site that lands nowhere, as ``page: address (why)``."""
    pages = read_pages(site)
    broken = []
    for path, page in pages.items():
        for address in page.addresses:
            if EXTERNAL.match(address):
                continue
            target, _, anchor = address.partition("#")
            target = unquote(target.partition("?")[0])  # a static file's ?v=<hash> is no part of its path
            landed = (path.parent / target).resolve() if target else path
            if landed.is_dir():
                landed = landed / "index.html"
            where = f"{path.relative_to(site.resolve())}: {address}"
            if not landed.is_file():
                broken.append(f"{where} (no such file)")
            elif anchor and landed.suffix == ".html" and unquote(anchor) not in pages[landed].ids:
                broken.append(f"{where} (no such anchor)")
    return sorted(broken)


def test_no_page_of_the_site_links_to_a_missing_page_or_anchor(whole_site: Path) -> None:
    pages = read_pages(whole_site)
    assert len(pages) > 200  # the rules of the three games, their scenarios and the project's pages
    assert sum(len(page.addresses) for page in pages.values()) > 10_000
    assert broken_links(whole_site) == []


def test_the_crawl_finds_a_dead_anchor_and_a_missing_page(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_text('<p id="here"><a href="a.html#here">ok</a> <a href="#gone">x</a></p>')
    (tmp_path / "b.html").write_text('<a href="missing.html">y</a> <a href="https://example.org/">z</a>')
    assert broken_links(tmp_path) == ["a.html: #gone (no such anchor)", "b.html: missing.html (no such file)"]


def rules_pages(site: Path) -> dict[str, list[Path]]:
    """The pages of each rules document of the site, by document key: ``rules/<key>/*.html`` or ``rules/<key>.html``."""
    pages = {}
    for document in documents.documents():
        folder = site / "rules" / document.key
        found = (
            sorted(folder.glob("*.html")) if folder.is_dir() else sorted((site / "rules").glob(f"{document.key}.html"))
        )
        if found:
            pages[document.key] = found
    return pages


def test_every_rules_page_names_its_game_in_its_title(whole_site: Path) -> None:
    """ "Weiss Schwarz CR 2.00 - 6. Game Procedure", "ENERGIO!! CR - Glossary": never a bare "6. Game Procedure"
    that could be any of the three games."""
    pages = rules_pages(whole_site)
    assert {"ws", "vg", "wl"} <= set(pages)
    for key, found in pages.items():
        names = (documents.DOCUMENTS_BY_KEY[key].short_title, documents.DOCUMENTS_BY_KEY[key].title)
        for path in found:
            title = re.search(r"<title>(.*?)</title>", path.read_text(encoding="utf-8"), re.DOTALL)
            assert title is not None and title.group(1).startswith(names), (path, title)
    chapter = (whole_site / "rules" / "ws" / "6.html").read_text(encoding="utf-8")
    assert "<title>Weiss Schwarz CR 2.00 - 6. Game Procedure" in chapter


def test_previous_and_next_stay_within_a_document(whole_site: Path) -> None:
    """The last page of the Weiss Schwarz rules does not lead into the Vanguard rules, nor the first back out of
    them: every previous and next link of a rules page lands on a page of the same document."""
    for key, found in rules_pages(whole_site).items():
        for path in found:
            links = re.findall(r'<link rel="(?:next|prev)"[^>]*href="([^"]+)"', path.read_text(encoding="utf-8"))
            if path.parent.name != key:  # a document the site shows whole on one page: nothing before or after
                assert links == [], (path, links)
            for address in links:
                assert (path.parent / address).resolve().parent == path.parent.resolve(), (path, address)
    last = (whole_site / "rules" / "ws" / "accounting.html").read_text(encoding="utf-8")
    assert 'rel="next"' not in last and 'rel="prev"' in last


def test_the_sidebar_switches_between_the_games_documents(whole_site: Path) -> None:
    pages = rules_pages(whole_site)
    for key, found in pages.items():
        for path in found[:3]:
            box = re.search(r'<div class="judge-games".*?</ul>', path.read_text(encoding="utf-8"), re.DOTALL)
            assert box is not None, path
            titles = re.findall(r"<li(?: class=\"current\")?><a [^>]*>([^<]+)</a>", box.group(0))
            assert titles == [documents.DOCUMENTS_BY_KEY[other].short_title for other in pages], titles
            current = re.findall(r'<li class="current"><a [^>]*>([^<]+)</a>', box.group(0))
            assert current == [documents.DOCUMENTS_BY_KEY[key].short_title], (path, current)


def test_a_link_to_a_clause_previews_its_text(whole_site: Path) -> None:
    """ws 6.1.1 refers to the turn player, defined elsewhere: hovering any link to a clause shows the clause's
    id and the start of its text."""
    index = load_index()
    page = (whole_site / "rules" / "ws" / "6.html").read_text(encoding="utf-8")
    previews = re.findall(r'<a class="reference internal" href="[^"]*#(ws-[0-9-]+)" title="([^"]+)"', page)
    with_text = [(anchor, title) for anchor, title in previews if ": " in title]
    assert len(with_text) > 10, previews[:5]
    for _anchor, title in with_text:
        clause_id, _, text = title.partition(": ")
        clause_id = clause_id.split(" ")[0]
        start = " ".join(index.clauses[clause_id].text.split())[:40]
        assert html.unescape(text).startswith(start), (clause_id, text, start)


@needs_chromium
def test_the_annotations_switch_hides_them_and_is_remembered_from_page_to_page(
    whole_site: Path, tmp_path: Path
) -> None:
    """Ticking "hide the annotations" on one page hides them on the next page opened (the same browser
    profile), from the first paint: the class is on <html> before the page is shown."""
    profile = tmp_path / "profile"
    chapter = whole_site / "rules" / "ws" / "6.html"
    shown = dump_dom(chapter.as_uri(), profile, budget_ms=1000)
    assert 'class="rules-notes' in shown and "judge-hide-notes" not in shown.split("<head", 1)[0]
    probe = whole_site / "rules" / "ws" / "probe-switch.html"  # beside the pages: the same scripts, the same origin
    probe.write_text(
        '<!doctype html><html><head><script src="../../_static/judge-notes.js"></script></head><body>'
        '<input type="checkbox" id="judge-hide-notes"><script>document.addEventListener("DOMContentLoaded",'
        ' function () { document.getElementById("judge-hide-notes").click(); });</script></body></html>',
        encoding="utf-8",
    )
    try:
        dump_dom(probe.as_uri(), profile, budget_ms=1000)
    finally:
        probe.unlink()
    hidden = dump_dom(chapter.as_uri(), profile, budget_ms=1000)
    assert re.search(r'<html[^>]*class="[^"]*judge-hide-notes', hidden), hidden[:300]
