"""``judge graph`` through CliRunner: the three graphs, every export, statistics and clean errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.logfile import load_log
from judge.why import PAGE_OPTIONS, why
from tests.conftest import REPO

EXAMPLE = REPO / "judge" / "examples" / "ws-game.yaml"
SCENARIO = REPO / "scenarios" / "ws" / "abilities" / "standby-order-chosen.yaml"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_procedure_graph_as_json_on_stdout() -> None:
    code, out = run("graph", "rules", "--game", "ws")
    data = json.loads(out)
    assert code == 0
    graph = nx.node_link_graph(data, edges="links")
    assert graph.graph["game"] == "ws"
    assert {d["relation"] for _, _, d in graph.edges(data=True)} == {"next", "checked_at", "may_trigger"}


@pytest.mark.parametrize(("fmt", "reader"), [("graphml", nx.read_graphml), ("gexf", nx.read_gexf)])
def test_clause_graph_exports_read_back(tmp_path: Path, fmt: str, reader) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / f"clauses.{fmt}"
    code, _ = run("graph", "clauses", "--game", "ws", "--format", fmt, "--out", str(target))
    assert code == 0
    graph = reader(target)
    assert graph.number_of_nodes() == 568
    assert graph.nodes["ws:4.10"]["title"] == "Damage Process"
    assert graph.nodes["ws:4.10.1.2"]["title"].startswith("If a climax card is moved")


def test_replay_graph_as_dot_and_html(tmp_path: Path) -> None:
    code, out = run("graph", "replay", str(SCENARIO), "--format", "dot")
    assert code == 0 and out.startswith("digraph") and '"ability1"' in out
    page = tmp_path / "view.html"
    code, _ = run("graph", "replay", str(EXAMPLE), "--html", str(page), "--out", str(tmp_path / "g.json"))
    assert code == 0
    html = page.read_text(encoding="utf-8")
    assert "check-timing" in html and "<script src=" not in html
    assert nx.node_link_graph(json.loads((tmp_path / "g.json").read_text()), edges="links").number_of_nodes() > 1000


@pytest.mark.parametrize("game", ["ws", "vg", "wl"])
def test_a_replay_graph_names_the_game_of_its_log(game: str) -> None:
    code, out = run("graph", "replay", str(REPO / "judge" / "examples" / f"{game}-game.yaml"), "--format", "json")
    assert code == 0 and json.loads(out)["graph"]["game"] == game


@pytest.mark.parametrize("command", [["rules", "--game", "vg"], ["clauses", "--game", "wl"], ["replay", str(SCENARIO)]])
def test_html_alone_writes_only_the_file(tmp_path: Path, command: list[str]) -> None:
    page = tmp_path / "view.html"
    result = CliRunner().invoke(main, ["graph", *command, "--html", str(page)])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert list(tmp_path.iterdir()) == [page]
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_html_with_a_format_also_prints_the_export(tmp_path: Path) -> None:
    page = tmp_path / "view.html"
    result = CliRunner().invoke(main, ["graph", "rules", "--html", str(page), "--format", "json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["graph"]["game"] == "ws"
    assert page.exists()


def test_docs_url_links_nodes_to_their_clauses(tmp_path: Path) -> None:
    page = tmp_path / "view.html"
    code, _ = run("graph", "rules", "--html", str(page))
    assert code == 0 and "href=" not in page.read_text(encoding="utf-8")
    code, _ = run("graph", "rules", "--html", str(page), "--docs-url", "https://example.org/judge")
    text = page.read_text(encoding="utf-8")
    assert code == 0 and 'href="https://example.org/judge/rules/ws/6.html#ws-6-2"' in text
    assert 'data-clause="ws:6.2"' in text and "ws:6.2: Stand Phase" in text  # the clause and heading on hover


def test_replay_page_has_a_view_per_turn_and_attack(tmp_path: Path) -> None:
    page = tmp_path / "game.html"
    code, _ = run("graph", "replay", str(EXAMPLE), "--html", str(page))
    text = page.read_text(encoding="utf-8")
    assert code == 0
    assert 'id="view-t17"' in text and 'id="view-t17s6"' in text
    assert '<option value="t17s6">' in text and "attack 2: P2 attacks with YL-04" in text
    assert "check timings with nothing to do" in text
    assert text.count('data-kind="check-timing"') < 200  # the 896 empty ones are folded, not drawn


def test_stats_over_a_corpus() -> None:
    code, out = run("graph", "stats", str(EXAMPLE), str(SCENARIO), "--json")
    data = json.loads(out)
    assert code == 0 and data["logs"] == 2
    assert len(data["longest_chain"]) >= 2
    assert "ws:9.6" in data["procedure_clauses_reached"]
    assert data["busiest_check_timings"][0]["abilities"] >= 2


def test_errors_are_clean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = run("graph", "rules", "--game", "xx")
    assert code == 2 and "xx" in out
    monkeypatch.setattr("shutil.which", lambda name: None)
    code, out = run("graph", "rules", "--render", "svg", "--out", str(tmp_path / "x.svg"))
    assert code == 2 and "Graphviz is not installed" in out
    code, out = run("graph", "rules", "--render", "svg")
    assert code == 2 and "--render needs --out" in out
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: judge-log/1\ngame: [ws\n")
    code, out = run("graph", "replay", str(broken))
    assert code == 2 and "malformed log" in out


@pytest.mark.parametrize("command", ["rules", "clauses", "replay", "stats"])
def test_help_has_examples(command: str) -> None:
    code, out = run("graph", command, "--help")
    assert code == 0 and "Examples:" in out and f"judge graph {command}" in out


@pytest.mark.parametrize("game", ["ws", "vg", "wl"])
def test_replay_page_links_each_entry_to_its_why_answer(game: str, tmp_path: Path) -> None:
    """Each log entry drawn on the replay page links to ``#why-N``, and the page carries the answer ``judge why``
    gives there: the point, the legal options by verb and every refusal with its clauses."""
    example = REPO / "judge" / "examples" / f"{game}-game.yaml"
    page = tmp_path / "replay.html"
    result = CliRunner().invoke(main, ["graph", "replay", str(example), "--html", str(page)])
    assert result.exit_code == 0, result.output
    text = page.read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="why-data">(.*?)</script>', text, re.DOTALL)
    assert found is not None
    data = json.loads(found[1].replace("<\\/", "</"))
    linked = {int(entry) for entry in re.findall(r'<a class="why-link" href="#why-(\d+)"', text)}
    log = load_log(str(example))
    assert linked == {int(entry) for entry in data["entries"]}
    assert len(linked) >= len(log.entries) * 0.8  # entries whose records are all folded away have no box
    assert set(data["views"]) == set(data["entries"])
    assert all(f'id="view-{view}"' in text for view in data["views"].values())
    for index in sorted(linked)[:: max(1, len(linked) // 6)]:
        answer = why(log, index)
        shown = data["entries"][str(index)]
        assert shown["point"] == answer.point and shown["player"] == answer.acting
        assert shown["line"] == answer.line and shown["taken"] == answer.taken
        assert shown["legal"].keys() == answer.legal.keys()
        for verb, options in answer.legal.items():
            more = [f"... {len(options) - PAGE_OPTIONS} more"] if len(options) > PAGE_OPTIONS else []
            assert shown["legal"][verb] == options[:PAGE_OPTIONS] + more
        refused = {data["refusals"][number][0]: data["refusals"][number][1:] for number in shown["refused"]}
        assert refused == {verb: [r.message, list(r.clauses)] for verb, r in answer.refused.items()}
