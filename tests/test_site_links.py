"""The built rules site has no broken link: every internal ``href`` and ``src`` of every page lands on a file of
the site, and every ``#anchor`` on an element of that page with that id (or name).

The whole site is built once, as ``judge docs build OUT`` builds it by default (every game), and crawled page by
page: the rules chapters, the coverage pages, the scenario pages, the API pages and their highlighted source.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import pytest
from click.testing import CliRunner

from judge.cli import main

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
