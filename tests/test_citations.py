"""Every clause id the project cites, anywhere, resolves in the index."""

from __future__ import annotations

import re

from rules_index.index import RulesIndex
from tests.conftest import REPO

CITATION = re.compile(r"\b(?:ws|vg|wl|ws-sheet|ws-guide):(?:\d+(?:[.\-]\d+)*(?:#\d+)?|[a-z0-9][a-z0-9/-]*[a-z0-9])")
CITING_FOLDERS = ("engine", "judge", "scenarios", "docs", "rules_index", "bench")
CITING_SUFFIXES = {".py", ".yaml", ".yml", ".md", ".rst", ".json", ".jsonl"}
EXAMPLES_OF_UNKNOWN_IDS = {"ws:99.9"}
"""Ids quoted on purpose as ones that do not exist (in help texts and docs)."""


def cited_ids() -> dict[str, list[str]]:
    """Every cited id, with the files citing it."""
    files = [REPO / "README.md"]
    for folder in CITING_FOLDERS:
        files.extend(path for path in (REPO / folder).rglob("*") if path.suffix in CITING_SUFFIXES)
    found: dict[str, list[str]] = {}
    for path in files:
        if "data" in path.relative_to(REPO).parts or "_build" in path.parts:
            continue
        for match in CITATION.finditer(path.read_text(encoding="utf-8")):
            found.setdefault(match.group(0), []).append(str(path.relative_to(REPO)))
    return found


def test_the_scan_finds_citations() -> None:
    cited = cited_ids()
    assert "ws:4.10.1.2" in cited  # the README's quick start
    assert len(cited) >= 5


def test_every_cited_id_resolves(index: RulesIndex) -> None:
    dangling = {
        clause_id: where
        for clause_id, where in cited_ids().items()
        if clause_id not in EXAMPLES_OF_UNKNOWN_IDS and index.resolve(clause_id) is None
    }
    assert dangling == {}
