"""`judge docs build`: the annotated rules site builds with warnings as errors, and renders."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge import games
from judge.cli import main
from judge.docs_build import engine_citations
from rules_index import documents
from tests.browser import dump_dom, needs_chromium
from tests.conftest import REPO
from tests.toy.support import SUPPORT as TOY


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


def test_an_installed_judge_builds_the_site_from_any_folder(tmp_path: Path) -> None:
    """``pip install .`` and then ``judge docs build OUT`` elsewhere: the rules, the scenarios and the command
    reference are built from what the package ships; the project's own pages stay with the checkout."""
    source = tmp_path / "source"  # a copy, so that no build folder of the checkout's is read or written
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "build_backend.py", "MANIFEST.in", "README.md"):
        shutil.copy2(REPO / name, source / name)
    for package in ("engine", "judge", "rules_index", "scenarios"):
        shutil.copytree(REPO / package, source / package, ignore=shutil.ignore_patterns("__pycache__"))
    installed = tmp_path / "installed"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(installed), str(source)],
        check=False,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0 and "Could not find a version" in done.stderr:
        pytest.skip("no package index to build the package with")
    assert done.returncode == 0, done.stderr[-2000:]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = elsewhere / "site"
    built = subprocess.run(
        [sys.executable, "-m", "judge", "docs", "build", "site", "--game", "wl"],
        cwd=elsewhere,
        env={**os.environ, "PYTHONPATH": str(installed)},
        check=False,
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    assert (out / "rules" / "wl" / "7.html").is_file()
    assert "Accounting by chapter" in (out / "rules" / "wl" / "accounting.html").read_text(encoding="utf-8")  # data
    assert any((out / "scenarios" / "wl").rglob("*.html"))
    assert "judge verify" in (out / "commands.html").read_text(encoding="utf-8")
    assert (out / "log-format.html").is_file() and (out / "scenarios.html").is_file()
    assert not (out / "getting-started.html").exists()  # a page of the checkout's docs/


def test_a_registered_game_builds_its_rules_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--game`` takes any registered game, the toy game of the tests too, as docs/adding-a-game.rst says."""
    registered = dict(games._registered)
    monkeypatch.setattr(games, "_registered", registered)
    known = set(documents.DOCUMENTS_BY_KEY)
    try:
        games.register(TOY)
        result = CliRunner().invoke(main, ["docs", "build", str(tmp_path / "site"), "--game", "toy"])
    finally:  # the toy's rules document leaves with it: later tests count the documents
        for key in set(documents.DOCUMENTS_BY_KEY) - known:
            del documents.DOCUMENTS_BY_KEY[key]
    assert result.exit_code == 0, result.output
    page = (tmp_path / "site" / "rules" / "toy" / "index.html").read_text(encoding="utf-8")
    assert "High Card" in page
    assert not (tmp_path / "site" / "rules" / "toy" / "accounting.html").exists()  # the toy game keeps no account
    assert not (tmp_path / "site" / "rules" / "ws").exists()


def test_an_unknown_game_is_a_usage_error_naming_the_registered_ones(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["docs", "build", str(tmp_path / "site"), "--game", "nope"])
    assert result.exit_code == 2
    assert f"'nope' is not a registered game; registered: {', '.join(games.available())}" in result.output
