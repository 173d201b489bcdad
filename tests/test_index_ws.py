"""Weiss Schwarz CR 2.00 as the index reads it."""

from __future__ import annotations

import itertools

from rules_index.index import RulesIndex


def test_clause_count(index: RulesIndex) -> None:
    assert len(index.documents["ws"].clauses) == 568


def test_sections_are_the_eleven_of_the_body_not_the_contents(index: RulesIndex) -> None:
    roots = index.roots("ws")
    assert [clause.number for clause in roots] == [str(n) for n in range(1, 12)]
    assert roots[3].title == "Basic Concepts"
    # The table of contents also lists "12. Changelog"; it is not the body.
    assert index.resolve("ws:12") is None


def test_damage_cancel_text_and_place(index: RulesIndex) -> None:
    clause = index.get("ws:4.10.1.2")
    assert clause.text == (
        "If a climax card is moved to the resolution zone, put all the cards that were moved to the "
        "resolution zone by this Damage Process into the waiting room, and end the Damage Process. "
        'This is called "Damage Cancel".'
    )
    assert clause.parent == "ws:4.10.1"
    assert clause.children == ["ws:4.10.1.2.1"]
    assert clause.line == 386
    assert [a.id for a in index.ancestors(clause)] == ["ws:4", "ws:4.10", "ws:4.10.1"]
    assert index.get("ws:4.10").title == "Damage Process"


def test_wrapped_lines_are_joined(index: RulesIndex) -> None:
    # "5.2.1.3. Randomly determine which player goes" / blank / "first."
    assert index.get("ws:5.2.1.3").text == "Randomly determine which player goes first."


def test_label_without_period_still_starts_a_clause(index: RulesIndex) -> None:
    assert index.get("ws:4.1.1.1").text.startswith("Abilities are divided into three categories")
    assert index.get("ws:4.1.1.1").parent == "ws:4.1.1"


def test_example_paragraphs_belong_to_their_clause(index: RulesIndex) -> None:
    assert "Example: If a character that has the ability" in index.get("ws:8.9.1.3").text


def test_headings_are_titles(index: RulesIndex) -> None:
    for clause_id, title in [("ws:1.3", "Golden rules of the game"), ("ws:7.7", "Encore Step"), ("ws:10.1", "Alarm")]:
        clause = index.get(clause_id)
        assert clause.title == title
        assert clause.text == ""


def test_document_order_and_lines_increase(index: RulesIndex) -> None:
    clauses = index.documents["ws"].clauses
    assert [c.order for c in clauses] == list(range(len(clauses)))
    assert all(a.line <= b.line for a, b in itertools.pairwise(clauses))
