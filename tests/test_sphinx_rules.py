"""The ``rules`` Sphinx domain (judge.sphinx_rules): anchors, links, warnings, parallel and incremental builds.

Every build copies ``tests/roots/test-rules`` into ``tmp_path`` first and builds
there, so nothing is ever written inside the repository.  The root itself is
clean (no warnings); the broken cases (a dangling ``:rule:`` and duplicate
clauses) are added to the copy as an orphan page by the tests that need them.
"""

from __future__ import annotations

import io
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from unittest import mock

import pytest

pytest.importorskip("sphinx")

from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace, patch_docutils
from sphinx.util.parallel import parallel_available

from judge import sphinx_rules
from judge.sphinx_rules import RulesDomain, anchor_for, normalise_clause_id
from rules_index import load_index

ROOT = Path(__file__).parent / "roots" / "test-rules"
ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")

BROKEN_PAGE = """\
:orphan:

Broken page
===========

A dangling reference: :rule:`ws:99.9`.

.. rules:clause:: ws:4.10.1.2
   :title: Damage Cancel, again

   Defined a second time, in another document.

.. rules:clause:: vg:1.1

   First definition on this page.

.. rules:clause:: vg:1.1

   Second definition on the same page.

Links still go to the first definition: :rule:`ws:4.10.1.2`, :rule:`vg:1.1`.
"""


# -- helpers -------------------------------------------------------------------


@dataclass
class Build:
    """One finished build: the application, its output folder and what it warned."""

    app: Sphinx
    srcdir: Path
    outdir: Path
    warning: io.StringIO

    @property
    def warnings(self) -> str:
        """The warning stream without colour codes (Sphinx colours it unless told otherwise)."""
        return ANSI_ESCAPE.sub("", self.warning.getvalue())

    def page(self, docname: str) -> Page:
        return Page.parse((self.outdir / f"{docname}.html").read_text(encoding="utf-8"))

    def rebuild(self) -> None:
        """``app.build()`` once more on the same application (an incremental build).

        Only inside :func:`open_app`, whose docutils namespace still holds the nodes
        and roles the application registered.
        """
        self.warning.seek(0)
        self.warning.truncate()
        self.app.build()


@dataclass
class Link:
    href: str
    text: str
    classes: str


class Page(HTMLParser):
    """The ids and links of one HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.clause_ids: list[str] = []
        self.links: list[Link] = []
        self._open: list[tuple[str, list[str], str]] = []  # the <a> being read: href, text, xref classes

    @classmethod
    def parse(cls, html: str) -> Page:
        page = cls()
        page.feed(html)
        page.close()
        return page

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        if "id" in attributes:
            self.ids.append(attributes["id"])
            if "rules-clause" in attributes.get("class", "").split():
                self.clause_ids.append(attributes["id"])
        if tag == "a":
            self._open.append((attributes.get("href", ""), [], ""))
        elif tag == "span" and self._open and "xref" in attributes.get("class", "").split():
            href, text, _classes = self._open[-1]
            self._open[-1] = (href, text, attributes["class"])

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1][1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._open:
            href, text, classes = self._open.pop()
            self.links.append(Link(href, "".join(text).strip(), classes))

    @property
    def rule_links(self) -> list[tuple[str, str]]:
        """(text, href) of every ``:rule:`` reference, in page order."""
        return [(link.text, link.href) for link in self.links if "rules-clause" in link.classes.split()]


def copy_root(tmp_path: Path, extra: dict[str, str] | None = None) -> Path:
    """A private copy of the test root (plus *extra* pages), to build in."""
    srcdir = tmp_path / "src"
    shutil.copytree(ROOT, srcdir, ignore=shutil.ignore_patterns("_build", "__pycache__"))
    for name, text in (extra or {}).items():
        (srcdir / name).write_text(text, encoding="utf-8")
    return srcdir


@contextmanager
def open_app(srcdir: Path, *, parallel: int = 0, warningiserror: bool = False) -> Iterator[Build]:
    """Build *srcdir* to HTML under ``srcdir/_build`` (inside tmp_path), like sphinx-build does.

    Like sphinx.cmd.build, the application lives in its own docutils namespace, so
    the roles, directives and nodes it registers do not leak into the next
    application built in this process; the namespace stays open for rebuilds.
    """
    outdir, doctreedir = srcdir / "_build" / "html", srcdir / "_build" / "doctrees"
    warning = io.StringIO()
    with patch_docutils(srcdir), docutils_namespace():
        app = Sphinx(
            srcdir,
            srcdir,
            outdir,
            doctreedir,
            buildername="html",
            warningiserror=warningiserror,
            status=None,
            warning=warning,
            parallel=parallel,
        )
        app.build()
        yield Build(app, srcdir, outdir, warning)


def build(srcdir: Path, *, parallel: int = 0, warningiserror: bool = False) -> Build:
    """One build of *srcdir* with a fresh application (reusing the pickled environment if any)."""
    with open_app(srcdir, parallel=parallel, warningiserror=warningiserror) as result:
        return result


def site_map(result: Build) -> dict[str, tuple[list[str], list[tuple[str, str]]]]:
    """Per page: the clause anchors and the rule links, to compare two builds."""
    return {
        docname: (result.page(docname).clause_ids, result.page(docname).rule_links)
        for docname in sorted(result.app.env.found_docs)
    }


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> Build:
    """The clean root, built once for the read-only checks."""
    return build(copy_root(tmp_path_factory.mktemp("clean")))


@pytest.fixture
def broken(tmp_path: Path) -> Iterator[Build]:
    """The root plus an orphan page with a dangling reference and duplicate clauses."""
    yield build(copy_root(tmp_path, {"broken.rst": BROKEN_PAGE}))


# -- ids and anchors -------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("ws:4.10.1.2", "ws:4.10.1.2"),
        (" WS : 4.10.1.2. ", "ws:4.10.1.2"),
        ("wl:7-1-4-1-2", "wl:7.1.4.1.2"),
        ("vg:3.1.1#2", "vg:3.1.1#2"),
        ("ws-sheet:game-cards/climax-cards/level", "ws-sheet:game-cards/climax-cards/level"),
        ("not an id", None),
        ("ws:", None),
    ],
)
def test_normalise_clause_id(written: str, canonical: str | None) -> None:
    assert normalise_clause_id(written) == canonical


@pytest.mark.parametrize(
    ("clause_id", "anchor"),
    [
        ("ws:4.10.1.2", "ws-4-10-1-2"),
        ("vg:8.4.1.1", "vg-8-4-1-1"),
        ("wl:7.1.4.1.2", "wl-7-1-4-1-2"),
        ("wl:7-1-4-1-2", "wl-7-1-4-1-2"),
        ("vg:3.1.1#2", "vg-3-1-1-2nd"),
        ("vg:3.1.1#3", "vg-3-1-1-3rd"),
        ("vg:3.1.1#11", "vg-3-1-1-11th"),
        ("vg:3.1.1#21", "vg-3-1-1-21st"),
        ("ws-sheet:game-cards/climax-cards/level", "ws-sheet-game-cards--climax-cards--level"),
    ],
)
def test_anchor_for(clause_id: str, anchor: str) -> None:
    assert anchor_for(clause_id) == anchor


def test_second_occurrence_anchor_differs_from_deeper_clause() -> None:
    assert anchor_for("vg:3.1.1#2") != anchor_for("vg:3.1.1.2")


# -- the clean root ---------------------------------------------------------------


def test_clean_root_builds_without_warnings(clean: Build) -> None:
    assert clean.warnings == ""
    assert clean.app.statuscode == 0


def test_extension_metadata(clean: Build) -> None:
    extension = clean.app.extensions["judge.sphinx_rules"]
    assert extension.parallel_read_safe is True
    assert extension.parallel_write_safe is True
    assert extension.version == sphinx_rules.__version__
    assert sphinx_rules.setup(mock.Mock()) == {
        "version": sphinx_rules.__version__,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
        "env_version": 1,
    }


def test_clause_blocks_have_stable_anchors(clean: Build) -> None:
    assert clean.page("index").clause_ids == ["ws-4-10-1-2", "ws-4-10-1-1"]
    assert clean.page("clauses").clause_ids == [
        "vg-8-4-1-1",
        "wl-7-1-4-1-2",
        "vg-3-1-1-2nd",
        "ws-sheet-game-cards--climax-cards--level",
    ]
    assert 'id="ws-4-10-1-2"' in (clean.outdir / "index.html").read_text(encoding="utf-8")


def test_clause_heading_shows_id_alias_and_title(clean: Build) -> None:
    html = (clean.outdir / "clauses.html").read_text(encoding="utf-8")
    assert '<span class="rules-clause-id">wl:7.1.4.1.2</span>' in html
    assert '<span class="rules-clause-alias">(7-1-4-1-2)</span>' in html
    assert '<span class="rules-clause-title"><em>Energy</em> charge</span>' in html
    assert "Printed in the ENERGIO!! rules as 7-1-4-1-2." in html
    # only the hyphen-form documents get the alias
    assert html.count("rules-clause-alias") == 1
    index = (clean.outdir / "index.html").read_text(encoding="utf-8")
    assert '<span class="rules-clause-title">Damage Cancel</span>' in index


def test_rule_links_within_and_across_pages(clean: Build) -> None:
    assert clean.page("index").rule_links == [
        ("ws:4.10.1.1", "#ws-4-10-1-1"),
        ("ws:4.10.1.2", "#ws-4-10-1-2"),
        ("Damage Cancel", "#ws-4-10-1-2"),
        ("wl:7-1-4-1-2", "clauses.html#wl-7-1-4-1-2"),
        ("vg:8.4.1.1", "clauses.html#vg-8-4-1-1"),
        ("vg:3.1.1#2", "clauses.html#vg-3-1-1-2nd"),
        ("ws-sheet:game-cards/climax-cards/level", "clauses.html#ws-sheet-game-cards--climax-cards--level"),
    ]
    assert clean.page("clauses").rule_links == [
        ("ws:4.10.1.2", "index.html#ws-4-10-1-2"),
        ("Damage Cancel", "index.html#ws-4-10-1-2"),
        ("wl:7.1.4.1.2", "#wl-7-1-4-1-2"),
    ]


def test_hyphen_alias_resolves_to_dotted_clause(clean: Build) -> None:
    links = dict(clean.page("index").rule_links)
    assert links["wl:7-1-4-1-2"] == "clauses.html#wl-7-1-4-1-2"
    assert dict(clean.page("clauses").rule_links)["wl:7.1.4.1.2"] == "#wl-7-1-4-1-2"


def test_link_tooltip_is_id_plain_title_and_the_start_of_the_clause_text(clean: Build) -> None:
    """Hovering a link previews the clause: its id, its title, then its text (the rules index's), shortened."""
    text = " ".join(load_index().clauses["ws:4.10.1.2"].text.split())
    html = (clean.outdir / "clauses.html").read_text(encoding="utf-8")
    preview = re.search(r'title="ws:4\.10\.1\.2 \N{EM DASH} Damage Cancel: ([^"]*)"', html)
    assert preview is not None and text.startswith(preview.group(1).removesuffix("...")[:60])
    index = (clean.outdir / "index.html").read_text(encoding="utf-8")
    assert 'title="wl:7.1.4.1.2 \N{EM DASH} Energy charge' in index


def test_domain_objects(clean: Build) -> None:
    domain = clean.app.env.domains["rules"]
    assert isinstance(domain, RulesDomain)
    objects = {name: (docname, anchor) for name, _disp, typ, docname, anchor, _prio in domain.get_objects()}
    assert objects == {
        "ws:4.10.1.2": ("index", "ws-4-10-1-2"),
        "ws:4.10.1.1": ("index", "ws-4-10-1-1"),
        "vg:8.4.1.1": ("clauses", "vg-8-4-1-1"),
        "wl:7.1.4.1.2": ("clauses", "wl-7-1-4-1-2"),
        "vg:3.1.1#2": ("clauses", "vg-3-1-1-2nd"),
        "ws-sheet:game-cards/climax-cards/level": ("clauses", "ws-sheet-game-cards--climax-cards--level"),
    }
    assert domain.references["ws:4.10.1.2"] == {"index", "clauses"}
    assert domain.references["wl:7.1.4.1.2"] == {"index", "clauses"}


# -- dangling references and duplicates -------------------------------------------


def test_dangling_reference_warns(broken: Build) -> None:
    assert "undefined rules clause ws:99.9" in broken.warnings
    line = next(line for line in broken.warnings.splitlines() if "undefined rules clause ws:99.9" in line)
    assert "broken.rst:6:" in line
    # rendered as plain text, not as a link
    assert all(link.text != "ws:99.9" for link in broken.page("broken").links)
    assert "ws:99.9" in (broken.outdir / "broken.html").read_text(encoding="utf-8")


def test_duplicate_clause_warns(broken: Build) -> None:
    lines = broken.warnings.splitlines()
    across = [line for line in lines if "duplicate rules clause ws:4.10.1.2, also defined in index" in line]
    within = [line for line in lines if "duplicate rules clause vg:1.1, also defined in broken" in line]
    assert len(across) == 1 and "broken.rst:8:" in across[0]
    assert len(within) == 1 and "broken.rst:17:" in within[0]
    assert sum("duplicate rules clause" in line for line in lines) == 2


def test_duplicates_link_to_first_definition_and_keep_html_ids_unique(broken: Build) -> None:
    page = broken.page("broken")
    assert dict(page.rule_links)["ws:4.10.1.2"] == "index.html#ws-4-10-1-2"
    assert dict(page.rule_links)["vg:1.1"] == "#vg-1-1"
    assert page.clause_ids[0] == "ws-4-10-1-2"  # its own page has no other ws:4.10.1.2
    assert page.clause_ids[1] == "vg-1-1"
    assert page.clause_ids[2] != "vg-1-1"  # the second one on the page gets a generated id
    assert len(page.ids) == len(set(page.ids))


def test_warnings_are_errors_under_w(tmp_path: Path) -> None:
    result = build(copy_root(tmp_path, {"broken.rst": BROKEN_PAGE}), warningiserror=True)
    assert "undefined rules clause ws:99.9" in result.warnings
    assert "duplicate rules clause" in result.warnings
    assert result.app.statuscode != 0


def test_malformed_clause_id_warns(tmp_path: Path) -> None:
    page = ":orphan:\n\nMalformed\n=========\n\n.. rules:clause:: nothing-here\n\n   Text.\n"
    result = build(copy_root(tmp_path, {"malformed.rst": page}))
    assert "malformed rules clause id 'nothing-here'" in result.warnings


# -- the options of a page that shows a whole document ------------------------------

DOCUMENT_PAGE = """\
:orphan:

4. Basic Concepts
=================

.. rules:clause:: ws:4
   :title: Basic Concepts
   :section:
   :class: rules-cov-engine

   The text of the chapter itself.

4.10 Damage Process
-------------------

.. rules:clause:: ws:4.10
   :title: Damage Process
   :section:

.. rules:clause:: ws:4.10.1
   :label: 4.10.1
   :inline:
   :class: rules-depth-0 rules-cov-scenario

   The Damage Process is *done* in order.

.. rules:clause:: wl:7.1.4.1.3
   :label: 7-1-4-1-3
   :title: Repeat
   :inline:

   Repeat it.

.. rules:clause:: vg:8.1.1.1#2
   :label: 8.1.1.1 (2nd)
   :inline:

Links: :rule:`ws:4.10`, :rule:`ws:4`, :rule:`vg:8.1.1.1#2`.
"""


@pytest.fixture(scope="module")
def document_page(tmp_path_factory: pytest.TempPathFactory) -> Build:
    """The root plus a page written the way the rules site writes a chapter."""
    return build(copy_root(tmp_path_factory.mktemp("document"), {"chapter.rst": DOCUMENT_PAGE}))


def test_document_page_builds_without_warnings(document_page: Build) -> None:
    assert document_page.warnings == ""


def test_section_clauses_anchor_their_section(document_page: Build) -> None:
    html = (document_page.outdir / "chapter.html").read_text(encoding="utf-8")
    page = document_page.page("chapter")
    assert page.clause_ids == ["ws-4", "ws-4-10", "ws-4-10-1", "wl-7-1-4-1-3", "vg-8-1-1-1-2nd"]
    assert '<section class="rules-clause rules-cov-engine" id="ws-4">' in html
    assert '<section class="rules-clause" id="ws-4-10">' in html
    # the heading's own link is the clause's anchor, and the section holds only the text, no second heading
    assert 'href="#ws-4-10" title="Link to this heading"' in html
    chapter_text = html[html.index('id="ws-4"') : html.index('id="ws-4-10"')]
    assert "The text of the chapter itself." in chapter_text and "rules-clause-heading" not in chapter_text
    assert dict(page.rule_links)["ws:4.10"] == "#ws-4-10"
    assert dict(page.rule_links)["ws:4"] == "#ws-4"
    objects = {
        name: (docname, anchor)
        for name, _d, _t, docname, anchor, _p in document_page.app.env.domains["rules"].get_objects()
    }
    assert objects["ws:4.10"] == ("chapter", "ws-4-10")
    assert objects["ws:4"] == ("chapter", "ws-4")


def test_inline_clause_puts_number_and_text_in_one_paragraph(document_page: Build) -> None:
    html = (document_page.outdir / "chapter.html").read_text(encoding="utf-8")
    block = html[html.index('id="ws-4-10-1"') : html.index('id="wl-7-1-4-1-3"')]
    assert 'class="rules-clause rules-depth-0 rules-cov-scenario docutils container"' in html
    paragraph = re.search(r'<p class="rules-clause-text">(.*?)</p>', block, re.DOTALL)
    assert paragraph is not None
    assert '<span class="rules-clause-id">4.10.1</span>' in paragraph.group(1)  # the label, not the id
    assert 'title="ws:4.10.1"' in paragraph.group(1)  # the id stays in the tooltip
    assert "The Damage Process is <em>done</em> in order." in paragraph.group(1)
    assert block.count("<p") == 1


def test_label_replaces_the_id_and_its_alias(document_page: Build) -> None:
    html = (document_page.outdir / "chapter.html").read_text(encoding="utf-8")
    block = html[html.index('id="wl-7-1-4-1-3"') : html.index('id="vg-8-1-1-1-2nd"')]
    assert '<span class="rules-clause-id">7-1-4-1-3</span>' in block
    assert "rules-clause-alias" not in block and "wl:7.1.4.1.3</span>" not in block
    assert '<span class="rules-clause-title">Repeat</span> </span>Repeat it.' in block


def test_inline_clause_without_text_keeps_its_heading_line(document_page: Build) -> None:
    html = (document_page.outdir / "chapter.html").read_text(encoding="utf-8")
    block = html[html.index('id="vg-8-1-1-1-2nd"') :]
    assert '<p class="rules-clause-heading">' in block
    assert '<span class="rules-clause-id">8.1.1.1 (2nd)</span>' in block
    assert dict(document_page.page("chapter").rule_links)["vg:8.1.1.1#2"] == "#vg-8-1-1-1-2nd"


def test_section_option_out_of_place_warns_and_keeps_the_anchor(tmp_path: Path) -> None:
    page = (
        ":orphan:\n\nMisplaced\n=========\n\nA paragraph first.\n\n.. rules:clause:: ws:9.9\n   :section:\n\n   Text.\n"
    )
    result = build(copy_root(tmp_path, {"misplaced.rst": page}))
    assert "rules clause ws:9.9: :section: needs the clause to come first in its section" in result.warnings
    assert result.page("misplaced").clause_ids == ["ws-9-9"]


# -- parallel and incremental builds ----------------------------------------------


@pytest.mark.skipif(not parallel_available, reason="parallel builds need fork()")
def test_parallel_build_matches_serial(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    merged: list[set[str]] = []
    merge = RulesDomain.merge_domaindata

    def spy(self: RulesDomain, docnames: set[str], otherdata: dict[str, object]) -> None:
        merged.append(set(docnames))
        merge(self, docnames, otherdata)

    serial = build(copy_root(tmp_path / "serial"))
    assert merged == []
    monkeypatch.setattr(RulesDomain, "merge_domaindata", spy)
    parallel = build(copy_root(tmp_path / "parallel"), parallel=2)
    assert sorted(map(sorted, merged)) == [["clauses"], ["index"]]  # really read by two processes
    assert parallel.warnings == ""
    assert site_map(parallel) == site_map(serial)
    assert parallel.page("index").clause_ids == ["ws-4-10-1-2", "ws-4-10-1-1"]
    serial_domain, parallel_domain = serial.app.env.domains["rules"], parallel.app.env.domains["rules"]
    assert sorted(parallel_domain.get_objects()) == sorted(serial_domain.get_objects())
    assert parallel_domain.references == serial_domain.references


@pytest.mark.skipif(not parallel_available, reason="parallel builds need fork()")
def test_parallel_build_reports_duplicates_across_processes(tmp_path: Path) -> None:
    # Three documents in two processes: ``broken`` and ``index`` are read apart,
    # so the duplicate across them is only seen after the merge.
    parallel = build(copy_root(tmp_path, {"broken.rst": BROKEN_PAGE}), parallel=2)
    assert "duplicate rules clause ws:4.10.1.2, also defined in index" in parallel.warnings
    assert "duplicate rules clause vg:1.1, also defined in broken" in parallel.warnings
    assert "undefined rules clause ws:99.9" in parallel.warnings


def test_incremental_build_keeps_references(tmp_path: Path) -> None:
    srcdir = copy_root(tmp_path)
    with open_app(srcdir) as result:
        before = site_map(result)
        result.rebuild()  # nothing changed
        assert result.warnings == ""
        assert site_map(result) == before

        # Re-read one page: clear_doc drops its clauses, reading adds them back once.
        clauses = srcdir / "clauses.rst"
        clauses.write_text(clauses.read_text(encoding="utf-8") + "\nOne more paragraph.\n", encoding="utf-8")
        result.rebuild()
        assert result.warnings == ""
        assert site_map(result) == before
        domain = result.app.env.domains["rules"]
        assert all(len(entries) == 1 for entries in domain.clauses.values())
        assert domain.references["ws:4.10.1.2"] == {"index", "clauses"}


def test_incremental_build_follows_a_moved_clause(tmp_path: Path) -> None:
    srcdir = copy_root(tmp_path)
    result = build(srcdir)
    assert dict(result.page("index").rule_links)["vg:8.4.1.1"] == "clauses.html#vg-8-4-1-1"

    # Move vg:8.4.1.1 from clauses.rst to a new page; index.rst does not change.
    clauses = (srcdir / "clauses.rst").read_text(encoding="utf-8")
    block = ".. rules:clause:: vg:8.4.1.1\n   :title: Guard step\n\n   The non-active player may call units to the guardian circle.\n\n"
    assert block in clauses
    (srcdir / "clauses.rst").write_text(clauses.replace(block, ""), encoding="utf-8")
    (srcdir / "moved.rst").write_text(":orphan:\n\nMoved\n=====\n\n" + block, encoding="utf-8")
    result = build(srcdir)  # a second sphinx-build run: the pickled environment is reused

    assert result.warnings == ""
    domain = result.app.env.domains["rules"]
    assert domain.clauses["vg:8.4.1.1"] == [("moved", "vg-8-4-1-1", "Guard step", 6)]
    assert dict(result.page("index").rule_links)["vg:8.4.1.1"] == "moved.html#vg-8-4-1-1"
    assert result.page("moved").clause_ids == ["vg-8-4-1-1"]
    assert "vg-8-4-1-1" not in result.page("clauses").clause_ids

    # Remove it altogether: the unchanged index page is rewritten and now warns.
    (srcdir / "moved.rst").unlink()
    result = build(srcdir)
    warned = [line for line in result.warnings.splitlines() if "undefined rules clause vg:8.4.1.1" in line]
    assert len(warned) == 1 and "index.rst" in warned[0]
    assert "vg:8.4.1.1" not in dict(result.page("index").rule_links)
