"""The rules pages of the annotated site: anchors, nesting, quiet annotations, glossary, coverage, jump box, search.

The site is built once for the module, with all three rules documents (every clause's
anchor is checked, the ``#2`` ones of Vanguard included).  The browser checks open the
built files in Chromium from ``file://``, as a reader does, and are skipped without it;
a page whose state they need is copied beside the original with a small script that
writes that state into the page, which ``--dump-dom`` then prints.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from judge import games
from judge.clause_anchors import anchor_for, page_of
from judge.docs_build import build, engine_citations, rules_documents, scenario_citations
from rules_index import Clause, RulesIndex, load_index
from tests.browser import dump_dom, needs_chromium

RULE_DOCUMENTS = rules_documents(games.BUILT_IN)
"""The comprehensive rules of every built-in game: what `judge docs build` builds by default."""

HIGHLIGHT = "rgb(255, 241, 184)"
"""The background judge/site/_static/judge-rules.css gives the clause an anchor opens."""


class Elements(HTMLParser):
    """Every element with an id: (id, tag, classes), in page order."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str, list[str]]] = []

    @classmethod
    def parse(cls, html: str) -> list[tuple[str, str, list[str]]]:
        parser = cls()
        parser.feed(html)
        parser.close()
        return parser.found

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        if "id" in attributes:
            self.found.append((attributes["id"], tag, attributes.get("class", "").split()))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site of all three rules documents, this module's own (not the session's ``--game ws`` one): the browser
    checks write their probe pages into it."""
    out = tmp_path_factory.mktemp("site")
    build(out, RULE_DOCUMENTS)
    return out


@pytest.fixture(scope="module")
def index() -> RulesIndex:
    return load_index()


@pytest.fixture(scope="module")
def known(index: RulesIndex) -> dict[str, set[str]]:
    """The clause ids the engine cites, the scenarios exercise and the lint reports on, from their sources."""
    exercised = scenario_citations(RULE_DOCUMENTS)[0]
    return {
        "cited": set(engine_citations()),
        "exercised": {clause for clause, scenarios in exercised.items() if scenarios},
        "linted": {finding.clause for doc in RULE_DOCUMENTS for finding in index.findings(doc)},
    }


def read(site: Path, page: str) -> str:
    return (site / f"{page}.html").read_text(encoding="utf-8")


def blocks(html: str) -> dict[str, str]:
    """Each clause anchor of a page with its HTML, up to the next clause (the notes and markers it owns)."""
    starts = [
        (match.start(), match["id"])
        for match in re.finditer(r'<(?:div|section) class="rules-clause[ "][^>]*id="(?P<id>[^"]+)"', html)
    ]
    return {
        anchor: html[start : starts[position + 1][0] if position + 1 < len(starts) else len(html)]
        for position, (start, anchor) in enumerate(starts)
    }


# -- anchors and nesting ----------------------------------------------------------


def test_every_clause_has_exactly_its_anchor_on_its_page(site: Path, index: RulesIndex) -> None:
    where: dict[str, Counter[str]] = defaultdict(Counter)
    kinds: dict[tuple[str, str], list[str]] = {}
    for path in (site / "rules").rglob("*.html"):
        page = path.relative_to(site).with_suffix("").as_posix()
        for element_id, _tag, classes in Elements.parse(path.read_text(encoding="utf-8")):
            where[element_id][page] += 1
            kinds[page, element_id] = classes
    clauses = [clause for doc in RULE_DOCUMENTS for clause in index.documents[doc].clauses]
    assert len(clauses) == 568 + 790 + 457
    for clause in clauses:
        anchor, page = anchor_for(clause.id), str(page_of(clause.id))
        assert where[anchor] == {page: 1}, clause.id
        assert "rules-clause" in kinds[page, anchor], clause.id
    second = [clause.id for clause in clauses if "#" in clause.id]
    assert second == ["vg:3.1.1#2", "vg:8.1.1.1#2", "vg:8.1.1.2.3#2", "vg:10.1.6.1.1.1#2"]
    assert where["vg-3-1-1-2nd"] == {"rules/vg/3": 1} and where["vg-3-1-1"] == {"rules/vg/3": 1}


def headings(index: RulesIndex, root: Clause) -> list[tuple[Clause, str]]:
    """The sub-headings a chapter page should have: its children (h2), and the children of a child whose
    children all have titles (h3), in document order."""
    found: list[tuple[Clause, str]] = []
    for child in index.children(root):
        found.append((child, "h2"))
        grandchildren = index.children(child)
        if grandchildren and all(grandchild.title for grandchild in grandchildren):
            found.extend((grandchild, "h3") for grandchild in grandchildren)
    return found


def test_chapters_have_sub_headings_listed_at_the_top(site: Path, index: RulesIndex) -> None:
    for doc in RULE_DOCUMENTS:
        for root in index.roots(doc):
            page = str(page_of(root.id))
            html = read(site, page)
            expected = headings(index, root)
            for clause, tag in expected:
                opening = rf'<section class="rules-clause[^"]*" id="{anchor_for(clause.id)}">\s*(?:<span id="[^"]*"></span>)*<{tag}>'
                assert re.search(opening, html), clause.id
            if len(expected) > 1:
                toc = re.search(r'<nav class="[^"]*\brules-toc\b[^"]*"[^>]*>(.*?)</nav>', html, re.DOTALL)
                assert toc is not None, page
                listed = re.findall(r'href="#([^"]+)"', toc.group(1))
                assert listed == [anchor_for(clause.id) for clause, _tag in expected], page
    page = read(site, "rules/ws/4")
    between = page[page.index("<h2>4.10 Damage Process") : page.index('id="ws-4-10-1-2"')]
    assert "<h2>" not in between[4:]  # ws:4.10.1.2 is under its own sub-heading
    assert '<h3>10.1.7 Heal<a class="headerlink" href="#vg-10-1-7"' in read(site, "rules/vg/10")


def test_deeper_clauses_are_indented_as_the_document_nests_them(site: Path, index: RulesIndex) -> None:
    for doc in RULE_DOCUMENTS:
        heading_depth: dict[str, int] = {}  # clause id -> how deep its page's heading is, for headings
        for root in index.roots(doc):
            for clause, tag in headings(index, root):
                heading_depth[clause.id] = 1 if tag == "h2" else 2
        pages: dict[str, dict[str, list[str]]] = {}
        for clause in index.documents[doc].clauses:
            ancestors = index.ancestors(clause)
            if len(ancestors) < 2 or clause.id in heading_depth:
                continue
            under = max(heading_depth.get(ancestor.id, 0) for ancestor in ancestors)
            page = str(page_of(clause.id))
            if page not in pages:
                pages[page] = {element_id: classes for element_id, _tag, classes in Elements.parse(read(site, page))}
            expected = f"rules-depth-{min(len(ancestors) - under - 1, 6)}"
            assert expected in pages[page][anchor_for(clause.id)], clause.id


def test_number_and_text_are_one_paragraph(site: Path) -> None:
    block = blocks(read(site, "rules/ws/4"))["ws-4-10-1-2"]
    paragraph = re.search(r'<p class="rules-clause-text">(.*?)</p>', block, re.DOTALL)
    assert paragraph is not None
    assert '<span class="rules-clause-id">4.10.1.2</span>' in paragraph.group(1)
    assert "If a climax card is moved to the" in paragraph.group(1)
    wl = blocks(read(site, "rules/wl/7"))["wl-7-1-4-1-2"]
    assert '<span class="rules-clause-id">7-1-4-1-2</span>' in wl  # as the ENERGIO!! rules print it
    vg = blocks(read(site, "rules/vg/3"))["vg-3-1-1-2nd"]
    assert '<span class="rules-clause-id">3.1.1 (2nd)</span>' in vg


# -- annotations only where there are some --------------------------------------------


def test_a_clause_has_notes_and_markers_only_for_what_covers_it(
    site: Path, index: RulesIndex, known: dict[str, set[str]]
) -> None:
    quiet = annotated = 0
    for doc in RULE_DOCUMENTS:
        pages: dict[str, dict[str, str]] = {}
        for clause in index.documents[doc].clauses:
            page = str(page_of(clause.id))
            if page not in pages:
                html = read(site, page)
                assert "not cited" not in html and "Coverage:" not in html
                pages[page] = blocks(html)
            block = pages[page][anchor_for(clause.id)]
            opening = block[: block.index(">") + 1]
            cited, exercised, linted = (clause.id in known[kind] for kind in ("cited", "exercised", "linted"))
            assert ("rules-notes" in block) == (cited or exercised or linted), clause.id
            assert ("<strong>Engine</strong>" in block) == cited, clause.id
            assert ("<strong>Scenarios</strong>" in block) == exercised, clause.id
            assert ("<strong>Lint</strong>" in block) == linted, clause.id
            assert ("rules-cov-engine" in opening) == cited, clause.id
            assert ("rules-cov-scenario" in opening) == exercised, clause.id
            quiet += not (cited or exercised or linted)
            annotated += cited or exercised or linted
    assert quiet > 500 and annotated > 500  # both kinds, each in the hundreds: the page says which is which


def test_pages_link_to_the_previous_and_next_chapter(site: Path) -> None:
    rellinks = re.findall(r'<nav id="rellinks">(.*?)</nav>', read(site, "rules/ws/4"), re.DOTALL)
    assert len(rellinks) == 2  # above and below the page
    assert 'href="3.html" title="Previous document"' in rellinks[0]
    assert 'href="5.html" title="Next document"' in rellinks[0]


# -- glossary and coverage -----------------------------------------------------------------


def test_glossary_lists_every_term_with_its_definition_and_uses(site: Path, index: RulesIndex) -> None:
    for doc in RULE_DOCUMENTS:
        entry = index.documents[doc]
        html = read(site, f"rules/{doc}/glossary")
        terms = re.findall(
            r'<div class="rules-term docutils container" id="([^"]+)">(.*?)(?=<div class="rules-term |<nav|</section>)',
            html,
            re.DOTALL,
        )
        assert len(terms) == len(entry.definitions) > 0
        users = Counter(use.term for clause in entry.clauses for use in clause.terms)
        by_name = {re.sub(r"<[^>]+>", "", body.split("</strong>")[0]).strip(): body for _id, body in terms}
        assert sorted(by_name, key=str.lower) == list(by_name)  # alphabetical
        for term, defined_by in entry.definitions.items():
            body = by_name[term]
            definer = f'href="{str(page_of(defined_by)).rsplit("/", 1)[1]}.html#{anchor_for(defined_by)}"'
            assert definer in body.split("</p>")[0], term
            used = body.split("rules-term-definition")[1]
            links = re.findall(r'<a class="reference internal" href="([^"]+)"', used)
            assert len(links) == users[term], term
            if users[term]:
                assert f"Used in {users[term]} clause" in used
        letters = re.search(r'<div class="rules-glossary-letters[^"]*">(.*?)</div>', html, re.DOTALL)
        assert letters is not None
        term_ids = [term_id for term_id, _body in terms]
        assert all(target in term_ids for target in re.findall(r'href="#([^"]+)"', letters.group(1)))
    assert 'id="ws-term-waiting-room"' in read(site, "rules/ws/glossary")


def test_coverage_page_numbers_match_the_index(site: Path, index: RulesIndex, known: dict[str, set[str]]) -> None:
    for doc in RULE_DOCUMENTS:
        html = read(site, f"rules/{doc}/coverage")
        table = html[html.index('<table class="rules-coverage') : html.index("</table>")]
        rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.DOTALL)[1:]
        shown = [
            [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td>(.*?)</td>", row, re.DOTALL)]
            for row in rows
        ]
        chapters: dict[str, list[str]] = defaultdict(list)
        for clause in index.documents[doc].clauses:
            chapters[str(page_of(clause.id))].append(clause.id)
        everything = [clause.id for clause in index.documents[doc].clauses]
        expected = []
        for ids in [*chapters.values(), everything]:
            counts = [
                sum(clause in known["cited"] for clause in ids),
                sum(clause in known["exercised"] for clause in ids),
                sum(clause in known["linted"] for clause in ids),
                sum(clause not in known["cited"] and clause not in known["exercised"] for clause in ids),
            ]
            expected.append([str(len(ids)), *(f"{count} ({100 * count / len(ids):.0f}%)" for count in counts)])
        assert [row[1:] for row in shown] == expected, doc
        assert shown[-1][0] == "All chapters"
        links = re.findall(r'<td><p><a class="reference internal" href="([^"]+)"', table)
        assert links == [f"{page.rsplit('/', 1)[1]}.html" for page in chapters]
        # every uncovered clause is listed with a link to it
        uncovered = [
            clause_id
            for clause_id in everything
            if clause_id not in known["cited"] and clause_id not in known["exercised"]
        ]
        for clause_id in uncovered:
            assert f'#{anchor_for(clause_id)}"' in html, clause_id


# -- the jump box -----------------------------------------------------------------------------


def jump_table(site: Path) -> Any:
    """The clause table the build wrote for the jump box (a script setting one JSON value)."""
    text = (site / "_static" / "judge-clauses.js").read_text(encoding="utf-8")
    return json.loads(text.split("window.JUDGE_CLAUSE_TABLE = ", 1)[1].rstrip().rstrip(";"))


def test_jump_table_points_every_clause_at_its_anchor(site: Path, index: RulesIndex) -> None:
    table = jump_table(site)
    rows = {row[0]: row for row in table["clauses"]}
    assert [row[0] for row in table["documents"]] == list(RULE_DOCUMENTS)
    assert next(row[2] for row in table["documents"] if row[0] == "wl") is True
    pages: dict[str, set[str]] = {}
    for doc in RULE_DOCUMENTS:
        for clause in index.documents[doc].clauses:
            href = rows[clause.id][1]
            assert href == f"{page_of(clause.id)}.html#{anchor_for(clause.id)}"
            page, anchor = href.split("#")
            if page not in pages:
                pages[page] = {
                    element_id for element_id, _t, _c in Elements.parse((site / page).read_text(encoding="utf-8"))
                }
            assert anchor in pages[page], clause.id
    assert rows["vg:3.1.1#2"][1] == "rules/vg/3.html#vg-3-1-1-2nd"


JUMP_QUERIES = {
    "4.10.1.2": "rules/ws/4.html#ws-4-10-1-2",
    "ws:4.10.1.2": "rules/ws/4.html#ws-4-10-1-2",
    " WS : 4.10.1.2. ": "rules/ws/4.html#ws-4-10-1-2",
    "wl:7-1-4-1-2": "rules/wl/7.html#wl-7-1-4-1-2",
    "7-1-4-1-2": "rules/wl/7.html#wl-7-1-4-1-2",
    "wl:7.1.4.1.2": "rules/wl/7.html#wl-7-1-4-1-2",
    "vg:3.1.1#2": "rules/vg/3.html#vg-3-1-1-2nd",
    "vg-3-1-1-2nd": "rules/vg/3.html#vg-3-1-1-2nd",
    "#ws-4-10-1-2": "rules/ws/4.html#ws-4-10-1-2",
}


@needs_chromium
def test_jump_box_resolves_what_people_type(site: Path, tmp_path: Path) -> None:
    queries = json.dumps([*JUMP_QUERIES, "3.1.1", "ws:4.10.1.99", "damage"])
    harness = site / "_jump_check.html"
    harness.write_text(
        '<!DOCTYPE html><html data-content_root="./"><head><meta charset="utf-8">'
        '<script src="_static/judge-jump.js"></script></head><body><pre id="judge-check"></pre><script>'
        "JudgeJump.load().then(function (table) {"
        f"  var out = {{}}; {queries}.forEach(function (q) {{"
        "    var r = JudgeJump.resolve(q, table, null);"
        "    out[q] = {hits: r.hits.map(function (h) { return h.href; }), nearest: r.nearest && r.nearest.id, valid: r.valid};"
        "  });"
        "  document.getElementById('judge-check').textContent = JSON.stringify(out);"
        "});</script></body></html>",
        encoding="utf-8",
    )
    dom = dump_dom(harness.as_uri(), tmp_path / "profile")
    found = re.search(r'<pre id="judge-check">(.*?)</pre>', dom, re.DOTALL)
    assert found is not None and found.group(1), dom[-2000:]
    results = json.loads(found.group(1).replace("&quot;", '"'))
    for query, href in JUMP_QUERIES.items():
        assert results[query]["hits"][0] == href, query
    # a number the Vanguard rules print twice: both clauses, the first one first
    assert results["3.1.1"]["hits"][:3] == [
        "rules/ws/3.html#ws-3-1-1",
        "rules/vg/3.html#vg-3-1-1",
        "rules/vg/3.html#vg-3-1-1-2nd",
    ]
    assert results["ws:4.10.1.99"] == {"hits": [], "nearest": "ws:4.10.1", "valid": True}
    assert results["damage"]["valid"] is False


@needs_chromium
def test_jump_box_on_a_page_goes_to_the_clause(site: Path, tmp_path: Path) -> None:
    page = site / "rules" / "ws" / "_jump_from.html"
    html = (site / "rules" / "ws" / "4.html").read_text(encoding="utf-8")
    typing = (
        "<script>window.addEventListener('load', function () {"
        "  var input = document.getElementById('judge-jump-input');"
        "  input.value = '7-1-4-1-2'; input.form.requestSubmit();"
        "});</script></body>"
    )
    page.write_text(html.replace("</body>", typing), encoding="utf-8")
    dom = dump_dom(page.as_uri(), tmp_path / "profile")
    assert "<title>ENERGIO!! CR - 7. Card Attacks and Battles" in dom  # the ENERGIO!! page the number names
    assert 'id="wl-7-1-4-1-2"' in dom


# -- reading: the highlighted clause, the sidebar, the search ---------------------------------------


@needs_chromium
@pytest.mark.parametrize(
    ("page", "anchor", "highlighted"),
    [
        ("rules/ws/4", "ws-4-10-1-2", "ws-4-10-1-2"),
        ("rules/vg/3", "vg-3-1-1-2nd", "vg-3-1-1-2nd"),
        ("rules/ws/4", "ws-4-10", "ws-4-10 > h2"),
    ],
)
def test_the_clause_an_anchor_opens_is_highlighted_and_in_view(
    site: Path, tmp_path: Path, page: str, anchor: str, highlighted: str
) -> None:
    original = site / f"{page}.html"
    check = original.with_name(f"_check_{anchor}.html")
    probe = (
        "<script>window.addEventListener('load', function () { setTimeout(function () {"
        f"  var target = document.querySelector('#{highlighted}');"
        "  var box = target.getBoundingClientRect();"
        "  var sidebar = document.querySelector('div.sphinxsidebar');"
        "  document.getElementById('judge-check').textContent = JSON.stringify({"
        "    target: location.hash, background: getComputedStyle(target).backgroundColor,"
        "    top: box.top, height: window.innerHeight, scrolled: window.scrollY,"
        "    sidebar: getComputedStyle(sidebar).position, sidebarTop: sidebar.getBoundingClientRect().top});"
        "}, 200); });</script>"
    )
    html = original.read_text(encoding="utf-8")
    check.write_text(html.replace("</body>", f'<pre id="judge-check"></pre>{probe}</body>'), encoding="utf-8")
    dom = dump_dom(f"{check.as_uri()}#{anchor}", tmp_path / "profile")
    found = re.search(r'<pre id="judge-check">(.*?)</pre>', dom, re.DOTALL)
    assert found is not None and found.group(1), dom[-2000:]
    state = json.loads(found.group(1).replace("&quot;", '"'))
    assert state["target"] == f"#{anchor}"
    assert state["background"] == HIGHLIGHT
    assert state["scrolled"] > 0 and 0 <= state["top"] < 100  # scrolled to, at the top of the window
    assert state["sidebar"] == "fixed" and state["sidebarTop"] >= 0  # the sidebar stayed in view


@needs_chromium
@pytest.mark.parametrize(
    ("query", "first"),
    [("4.10.1.2", "ws:4.10.1.2"), ("7-1-4-1-2", "wl:7.1.4.1.2"), ("vg:3.1.1#2", "vg:3.1.1#2")],
)
def test_search_for_a_clause_number_finds_that_clause_first(site: Path, tmp_path: Path, query: str, first: str) -> None:
    dom = dump_dom(f"{(site / 'search.html').as_uri()}?q={quote(query)}", tmp_path / "profile", budget_ms=10000)
    hits = re.search(r'<div class="judge-clause-hits">.*?<a href="[^"]*"[^>]*>([^<]+)</a>', dom, re.DOTALL)
    assert hits is not None and hits.group(1) == first  # the jump box's answer, above the results
    results = re.search(r'<ul role="list" class="search">\s*<li[^>]*><a href="[^"]*"[^>]*>(.*?)</a>', dom)
    assert results is not None and re.sub(r"<[^>]+>", "", results.group(1)) == first  # and Sphinx's own ranking
