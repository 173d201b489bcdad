"""The ENERGIO!! CR: numbers derived from list nesting, and its hyphen form."""

from __future__ import annotations

import pytest

from rules_index.index import RulesIndex


def test_clause_count(index: RulesIndex) -> None:
    assert len(index.documents["wl"].clauses) == 457


def test_numbers_come_from_the_nesting(index: RulesIndex) -> None:
    clause = index.get("wl:7.1.4.1.2")
    assert clause.text.startswith("If a Character card: That Character card is K.O.’d (see 10-2-1.).")
    assert clause.parent == "wl:7.1.4.1"
    assert index.get("wl:7.1.4").title == "Damage Step"


@pytest.mark.parametrize("alias", ["wl:7-1-4-1-2", "wl:7-1-4-1-2.", "wl:7.1.4.1.2.", " wl:7.1.4.1.2 "])
def test_hyphen_and_dotted_aliases(index: RulesIndex, alias: str) -> None:
    assert index.get(alias).id == "wl:7.1.4.1.2"


def test_wrapped_lines_are_joined(index: RulesIndex) -> None:
    assert index.get("wl:1.1.1").text == (
        "Fundamentally, this game is intended to be played by two players, head-to-head. "
        "These rules do not currently support play by three or more players."
    )


def test_labels_in_the_text_are_labels(index: RulesIndex) -> None:
    draw_phase = index.get("wl:6.3")
    assert draw_phase.title == "Draw Phase"
    assert draw_phase.label == "6-3."
    draws = index.get("wl:6.3.1")
    assert draws.text.startswith("The turn player draws 1 card from their deck.")
    assert draws.refs == []


def test_label_glued_to_the_end_of_the_item_before(index: RulesIndex) -> None:
    clause = index.get("wl:6.5.6.2")
    assert clause.text == "For more information on battles, please refer to “7. Card Attacks and Battles” below."
    assert [ref.target for ref in clause.refs] == ["wl:7"]
    assert index.get("wl:6.6").title == "End Phase"
