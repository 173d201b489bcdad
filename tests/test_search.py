"""Ranked full-text search over all five documents."""

from __future__ import annotations

import pytest

from rules_index.index import RulesIndex
from rules_index.search import HIGHLIGHT_END, HIGHLIGHT_START


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("damage cancel", "ws:4.10.1.2"),
        ("great performance", "ws:10.6.1"),
        ("refresh point", "ws:9.9"),
        ("legion", "vg:10.1.24.1"),
        ("damage processing", "wl:4.6.1"),
    ],
)
def test_the_defining_clause_comes_first(index: RulesIndex, query: str, first: str) -> None:
    assert index.search(query)[0].clause.id == first


def test_doc_filter_and_limit(index: RulesIndex) -> None:
    hits = index.search("check timing", doc="vg", limit=3)
    assert len(hits) == 3
    assert {hit.clause.doc for hit in hits} == {"vg"}
    assert hits[0].clause.id == "vg:3.5.1"


def test_scores_descend_and_snippets_highlight(index: RulesIndex) -> None:
    hits = index.search("encore", limit=10)
    assert [hit.score for hit in hits] == sorted((hit.score for hit in hits), reverse=True)
    assert HIGHLIGHT_START in hits[0].snippet and HIGHLIGHT_END in hits[0].snippet


def test_the_beginner_sheets_are_searchable(index: RulesIndex) -> None:
    hits = index.search("interpolation step", doc="ws-sheet")
    assert hits[0].clause.id == "ws-sheet:attack-phase/vi-attack-phase/interpolation-step"


def test_any_word_when_no_clause_has_all(index: RulesIndex) -> None:
    assert index.search("stock zzzunknownword")
    assert index.search("zzzunknownword") == []
    assert index.search("  ... ") == []
