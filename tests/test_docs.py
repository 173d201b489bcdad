"""`judge docs build`: the annotated rules site builds with warnings as errors, and renders."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.docs_build import engine_citations
from tests.browser import dump_dom, needs_chromium


@pytest.fixture(scope="module")
def site(ws_site: Path) -> Path:
    """The session's ``--game ws`` site (tests/conftest.py); these tests only read it."""
    return ws_site


def test_every_clause_has_a_stable_anchor_and_its_annotations(site: Path) -> None:
    page = (site / "rules" / "ws" / "4.html").read_text(encoding="utf-8")
    assert 'id="ws-4-10-1-2"' in page
    start = page.index('id="ws-4-10-1-2"')
    block = page[start : page.index('id="ws-4-10-1-2-1"')]
    assert "CardMoves.deal_damage" in block
    assert "ws/damage/cancel-middle" in block
    # coverage is a class the stylesheet draws as a marker, not a line of text
    opening = '<div class="rules-clause rules-depth-1 rules-cov-engine rules-cov-scenario docutils container"'
    assert opening + ' id="ws-4-10-1-2">' in page
    assert "Coverage:" not in page and "not cited by the engine" not in page


def test_references_and_terms_are_links(site: Path) -> None:
    page = (site / "rules" / "ws" / "1.html").read_text(encoding="utf-8")
    start = page.index('id="ws-1-2-2"')
    assert 'href="9.html#ws-9"' in page[start : start + 3000]


def test_lint_findings_and_coverage_summary(site: Path) -> None:
    page = (site / "rules" / "ws" / "4.html").read_text(encoding="utf-8")
    start = page.index('id="ws-4-10-1-3"')
    assert "unresolved-reference" in page[start : start + 4000]
    summary = (site / "rules" / "ws" / "index.html").read_text(encoding="utf-8")
    assert "568 clauses" in summary and "the engine cites" in summary


def test_scenario_walks_schema_and_command_reference(site: Path) -> None:
    walk = (site / "scenarios" / "ws" / "damage" / "cancel-middle.html").read_text(encoding="utf-8")
    assert "step 0/" in walk and "stage" in walk and "ruling:" in walk
    assert (site / "_downloads").is_dir()
    commands = (site / "commands.html").read_text(encoding="utf-8")
    assert "judge verify" in commands and "judge rules show" in commands
    sheet = (site / "rules" / "ws-sheet.html").read_text(encoding="utf-8")
    assert "Explains:" in sheet and "#ws-" in sheet


def test_engine_citations_are_found_by_reading_the_source() -> None:
    citations = engine_citations()
    places = {(c.module, c.function) for c in citations["ws:4.10.1.2"]}
    assert ("engine.games.ws.moves", "CardMoves.deal_damage") in places


@needs_chromium
def test_a_built_page_renders_in_a_browser(site: Path, tmp_path: Path) -> None:
    page = site / "rules" / "ws" / "4.html"
    dom = dump_dom(page.as_uri(), tmp_path / "profile")
    assert 'id="ws-4-10-1-2"' in dom
    assert "CardMoves.deal_damage" in dom
