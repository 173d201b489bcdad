"""``judge rules`` through click's CliRunner: output and exit codes."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import main


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_show_prints_text_breadcrumb_children_and_terms() -> None:
    code, out = run("rules", "show", "ws:4.10.1.2")
    assert code == 0
    assert out.startswith("ws:4.10.1.2  (Weiss Schwarz Comprehensive Rules ver. 2.00, ws-cr-2.00.txt line 386)")
    assert "ws:4 Basic Concepts > ws:4.10 Damage Process > ws:4.10.1" in out
    assert 'This is called "Damage Cancel".' in out
    assert "Children:\n  ws:4.10.1.2.1" in out
    assert "Defines: damage cancel" in out
    assert "damage process -> ws:4.10.1" in out


def test_show_lists_references_both_ways() -> None:
    code, out = run("rules", "show", "ws:1.2.2")
    assert code == 0
    assert "Refers to:\n  ws:9  Rule Action\n" in out
    _, section = run("rules", "show", "ws:9")
    assert "Referred to by:" in section and "ws:1.2.2" in section


def test_show_unresolved_reference_is_marked() -> None:
    _, out = run("rules", "show", "ws:4.10.1.3")
    assert "ws:4.9.1.1  (written '4.9.1.1'; no such clause)" in out


def test_show_hyphen_alias_and_twin_numbers() -> None:
    code, out = run("rules", "show", "wl:7-1-4-1-2")
    assert code == 0 and out.startswith("wl:7.1.4.1.2 (7-1-4-1-2)")
    _, twins = run("rules", "show", "vg:3.1.1#2")
    assert "prints number 3.1.1 more than once: vg:3.1.1, vg:3.1.1#2" in twins


def test_show_unknown_id_names_the_nearest_and_exits_2() -> None:
    code, out = run("rules", "show", "ws:99.9")
    assert code == 2
    assert "no clause ws:99.9" in out
    assert "ws:9.9" in out


def test_show_json() -> None:
    code, out = run("rules", "show", "ws:4.10.1.2", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["id"] == "ws:4.10.1.2" and data["parent"] == "ws:4.10.1"
    assert [crumb["id"] for crumb in data["breadcrumb"]] == ["ws:4", "ws:4.10", "ws:4.10.1"]
    assert data["line"] == 386


def test_search_ranks_and_marks_matches() -> None:
    code, out = run("rules", "search", "damage", "cancel", "--limit", "3")
    assert code == 0
    assert out.splitlines()[0].startswith("ws:4.10.1.2")
    assert '"**Damage** **Cancel**"' in out
    code, out = run("rules", "search", "check timing", "--doc", "vg", "--json")
    hits = json.loads(out)
    assert hits[0]["id"] == "vg:3.5.1" and all(hit["id"].startswith("vg:") for hit in hits)


def test_search_without_results_and_bad_doc() -> None:
    assert run("rules", "search", "zzzunknownword") == (0, "no clause matches 'zzzunknownword'\n")
    code, out = run("rules", "search", "stock", "--doc", "nope")
    assert code == 2 and "Invalid value for '--doc'" in out


def test_tree_with_depth() -> None:
    code, out = run("rules", "tree", "ws:4.10", "--depth", "1")
    assert code == 0
    assert out.splitlines() == [
        "ws:4.10  Damage Process",
        '  ws:4.10.1  The Damage Process refers to the act of performing "deal [number] dam...',
        "  ws:4.10.2  If a card(s) are moved to the clock from another zone by the process...",
    ]
    _, sections = run("rules", "tree", "wl", "--depth", "0")
    assert sections.splitlines()[0] == "wl:1  Game Overview" and len(sections.splitlines()) == 11


def test_lint_text_json_and_exit_code() -> None:
    code, out = run("rules", "lint", "ws")
    assert code == 1
    assert "ws-cr-2.00.txt:388: unresolved-reference ws:4.10.1.3 -> ws:4.9.1.1:" in out
    code, out = run("rules", "lint", "wl", "--json")
    findings = json.loads(out)
    assert code == 1
    assert findings == [
        {
            "doc": "wl",
            "kind": "glued-label",
            "clause": "wl:6.6",
            "target": None,
            "line": 276,
            "message": "label 6-6. of the next item is glued to the end of wl:6.5.6.2",
        }
    ]


def test_lint_of_a_sheet_is_clean() -> None:
    assert run("rules", "lint", "ws-guide") == (0, "0 finding(s)\n")


def test_export_json_and_csv(tmp_path: Path) -> None:
    code, out = run("rules", "export", "--format", "json", "--doc", "ws")
    clauses = json.loads(out)
    assert code == 0 and len(clauses) == 568
    first = clauses[0]
    assert set(first) >= {"id", "doc", "number", "title", "text", "parent", "children", "line", "order", "refs"}
    by_id = {clause["id"]: clause for clause in clauses}
    assert by_id["ws:1.2.2"]["refs"] == ["ws:9"]
    target = tmp_path / "clauses.csv"
    code, _ = run("rules", "export", "--format", "csv", "--out", str(target))
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert code == 0 and len(rows) == 568 + 790 + 457 + 64 + 38
    assert {row["doc"] for row in rows} == {"ws", "vg", "wl", "ws-sheet", "ws-guide"}


def test_export_to_an_unwritable_place_is_a_clean_error(tmp_path: Path) -> None:
    code, out = run("rules", "export", "--out", str(tmp_path / "missing" / "x.json"))
    assert code == 2 and "cannot write" in out


@pytest.mark.parametrize("command", ["show", "search", "tree", "lint", "export", "coverage"])
def test_every_command_help_has_an_example(command: str) -> None:
    code, out = run("rules", command, "--help")
    assert code == 0
    assert "Examples:" in out and f"judge rules {command}" in out
