"""Clause ids inside messages are written as ids (``ws:7.5.1.3``), the form ``judge rules show`` takes.

A message that cites a clause in prose, ``(ws 7.5.1.3)``, sends a reader to a form the command line used to
refuse; every message the engines and the judge produce writes the id itself.  The corpus is what the replay
says of the broken twins of the format's rows (``tests/data/format/<game>/broken/``) and of the scenario
library: every violation, its options and intended choice, every note, every step of the trace, and, at every
entry of the broken logs, the reason ``judge why`` gives for each verb refused there.  The message strings of
the engines' and the judge's code are scanned too, for the paths the corpus does not reach.

The other half: an id written the old way is still accepted wherever a user gives one (``judge rules show``,
``judge rules tree``, ``judge scenario list --clause``, a scenario's ``clauses``), and ``wl``'s hyphen form too.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.clause_anchors import normalise_clause_id
from judge.logfile import load_log
from judge.replay import verify_log
from judge.scenarios import library, parse_scenario
from judge.verdict import VerdictKind
from judge.why import points_of
from rules_index import load_index

REPO = Path(__file__).resolve().parents[1]
BROKEN = sorted((REPO / "tests" / "data" / "format").glob("*/broken/*.yaml"))
PROSE_ID = re.compile(r"\b(?:ws|vg|wl|ws-sheet|ws-guide) \d+(?:\.\d+)*\b")
"""A clause id written as prose writes it: the document key, a space, the number."""


def messages_of_log(path: Path, with_points: bool) -> Iterator[str]:
    """Everything the replay says of the log at ``path``; with ``with_points``, the refusals at every entry."""
    log = load_log(path)
    verdict = verify_log(log)
    for violation in verdict.violations:
        yield violation.message
        yield from violation.options
        if violation.intended is not None:
            yield violation.intended
    yield from verdict.notes
    yield from (record.message for record in verdict.records)
    if with_points and verdict.kind is not VerdictKind.MALFORMED:
        for point in points_of(load_log(path)).values():
            yield from (refusal.message for refusal in point.refused.values())


@cache
def corpus() -> tuple[tuple[str, str], ...]:
    """(where, message) for every message of the broken fixtures and the scenario library."""
    found: list[tuple[str, str]] = []
    for path in BROKEN:
        found.extend((str(path.relative_to(REPO)), text) for text in messages_of_log(path, with_points=True))
    for scenario in library():
        found.extend((scenario.id, text) for text in messages_of_log(Path(scenario.path), with_points=False))
    return tuple(found)


def test_the_corpus_reaches_the_messages_that_cite_clauses() -> None:
    """The corpus is large and holds messages that cite a clause inside their text, so that the test below can
    fail: a rested ws attacker's cause cites ws:7.2.1.5.3, a wl attack's wl:6.5.3.1, a vg guard's vg:7.3.1.4."""
    texts = [text for _, text in corpus()]
    assert len(texts) > 5000
    for cited in ("ws:7.2.1.5.3", "wl:6.5.3.1", "vg:7.3.1.4"):
        assert any(f"({cited}" in text or f", {cited}" in text for text in texts), cited


def test_no_message_writes_a_clause_id_as_prose() -> None:
    old = sorted({f"{where}: {text}" for where, text in corpus() if PROSE_ID.search(text)})
    assert not old, "\n".join(old[:20])


def message_strings(root: Path) -> Iterator[tuple[str, str]]:
    """(file:line, text) for each string constant of the Python files under ``root`` that is not a docstring."""
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        documentation = {
            id(node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in documentation:
                yield f"{path.relative_to(REPO)}:{node.lineno}", node.value


@pytest.mark.parametrize("package", ["engine/games", "judge"])
def test_no_message_string_of_the_code_writes_a_clause_id_as_prose(package: str) -> None:
    """Messages of the code (refusals, records, errors), docstrings aside.  The log schema's field descriptions
    (``judge/games/*/schema.py``) are documentation of the format, not messages, and are left out."""
    old = [
        f"{where}: {text!r}"
        for where, text in message_strings(REPO / package)
        if PROSE_ID.search(text) and not where.endswith(("schema.py", "_tests.py")) and "/schema.py:" not in where
    ]
    assert not old, "\n".join(old)


# --------------------------------------------------------------------------- the prose form, accepted


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("ws 7.2.1.5.3", "ws:7.2.1.5.3"),
        ("ws:7.2.1.5.3", "ws:7.2.1.5.3"),
        ("WS 7.2.1.5.3.", "ws:7.2.1.5.3"),
        ("wl 7-1-4-1-2", "wl:7.1.4.1.2"),
        ("wl:7-1-4-1-2", "wl:7.1.4.1.2"),
        ("vg 3.1.1#2", "vg:3.1.1#2"),
        ("ws-sheet playing-mat/level-area", "ws-sheet:playing-mat/level-area"),
    ],
)
def test_the_index_takes_an_id_written_as_prose(written: str, canonical: str) -> None:
    index = load_index()
    assert index.normalise(written) == canonical
    assert index.resolve(written) is not None


def test_two_words_that_are_no_id_stay_as_written() -> None:
    """``damage cancel`` is a search, not the clause ``damage:cancel``."""
    assert load_index().normalise("damage cancel") == "damage cancel"
    assert normalise_clause_id("damage cancel") is None
    assert normalise_clause_id("ws 4.10.1.2") == "ws:4.10.1.2"


@pytest.mark.parametrize("arguments", [["ws:7.2.1.5.3"], ["ws 7.2.1.5.3"], ["ws", "7.2.1.5.3"]])
def test_rules_show_takes_the_prose_form_quoted_or_not(arguments: list[str]) -> None:
    result = CliRunner().invoke(main, ["rules", "show", *arguments])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("ws:7.2.1.5.3  ")


def test_rules_tree_takes_the_prose_form() -> None:
    result = CliRunner().invoke(main, ["rules", "tree", "ws", "4.10", "--depth", "0"])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "ws:4.10  Damage Process"


def test_rules_show_refuses_more_than_an_id() -> None:
    result = CliRunner().invoke(main, ["rules", "show", "ws", "4.10", "extra"])
    assert result.exit_code == 2
    assert "one clause id" in result.output


def test_scenario_list_takes_the_prose_form_and_the_hyphen_form() -> None:
    dotted = CliRunner().invoke(main, ["scenario", "list", "--clause", "ws:4.10"])
    prose = CliRunner().invoke(main, ["scenario", "list", "--clause", "ws 4.10"])
    assert dotted.exit_code == prose.exit_code == 0
    assert prose.output == dotted.output and "ws/damage/" in dotted.output
    hyphen = CliRunner().invoke(main, ["scenario", "list", "--clause", "wl:7-1"])
    assert hyphen.output == CliRunner().invoke(main, ["scenario", "list", "--clause", "wl:7.1"]).output
    assert "wl/" in hyphen.output


def test_a_scenario_citing_the_prose_form_cites_the_id() -> None:
    """A scenario's ``clauses`` and an expected violation's ``clause`` are ids a user writes."""
    text = (REPO / "scenarios" / "ws" / "damage" / "cancel-first.yaml").read_text(encoding="utf-8")
    scenario = parse_scenario(text.replace("clauses: [ws:", "clauses: [ws "), "cancel-first.yaml", "cancel-first")
    assert all(":" in clause for clause in scenario.clauses), scenario.clauses
