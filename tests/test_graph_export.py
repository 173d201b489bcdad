"""Graph exports: GraphML, GEXF, JSON and DOT round trips, Graphviz rendering (the procedure as a flowchart),
the offline HTML views."""

from __future__ import annotations

import copy
import json
import re
import shutil
import stat
import subprocess
import sys
from html import escape as html_escape
from pathlib import Path

import networkx as nx
import pydot
import pytest
from networkx.drawing.nx_pydot import from_pydot

from judge.graphs import export
from judge.graphs.export import FORMATS, ExportError, graph_text, render, write_graph, write_html
from judge.graphs.static import procedure_graph

NODE_IDS = ["ws:4.10.1.2", "ws:4.10", "proc:turn-3/climax", "card:WS-1"]
QUOTED_LABEL = 'Say "hi": yes'
TRICKY_TITLE = "Back\\slash, colon: and a trailing backslash\\"


def _replay_graph() -> nx.MultiDiGraph:
    """A small replay-like graph with the project's attribute conventions and parallel edges."""
    graph = nx.MultiDiGraph(name="ws game")
    graph.add_node(
        "ws:4.10.1.2", kind="clause", label=QUOTED_LABEL, clause="4.10.1.2", title=TRICKY_TITLE,
        turn=0, phase="", player="", card="", seq=0, entry=-1,
    )  # fmt: skip
    graph.add_node(
        "ws:4.10", kind="clause", label="Check timing", clause="4.10", title="Check Timing",
        turn=0, phase="", player="", card="", seq=1, entry=-1,
    )  # fmt: skip
    graph.add_node(
        "proc:turn-3/climax", kind="check_timing", label="turn 3: climax", clause="4.10", title="Check Timing",
        turn=3, phase="climax", player="P1", card="", seq=2, entry=7,
    )  # fmt: skip
    graph.add_node(
        "card:WS-1", kind="ability", label="Ébène <lance> & co", clause="", title="", turn=3,
        phase="climax", player="P1", card="WS/S01-001", seq=3, entry=8,
    )  # fmt: skip
    graph.add_edge("ws:4.10.1.2", "ws:4.10", relation="parent")
    graph.add_edge("ws:4.10.1.2", "ws:4.10", relation="refers_to")  # parallel, different relation
    graph.add_edge("proc:turn-3/climax", "ws:4.10.1.2", relation="performed")
    graph.add_edge("proc:turn-3/climax", "card:WS-1", relation="played")
    graph.add_edge("card:WS-1", "proc:turn-3/climax", relation="triggered")
    graph.add_edge("card:WS-1", "card:WS-1", relation="caused")  # a self-loop
    return graph


def _messy_graph() -> nx.MultiDiGraph:
    """Values GraphML and GEXF cannot take as they are."""
    graph = nx.MultiDiGraph()
    graph.add_node("a", kind="clause", label="a", clause=None, title="", turn=None, tags=["x", "y"], seen={"q", "p"})
    graph.add_node("b", kind="card", label="b", clause="1.2", title="t", turn=4, tags=[], seen=set())
    graph.add_edge("a", "b", relation="next", weights=[1, 2])
    graph.add_edge("a", "b", relation=None)
    return graph


def _snapshot(graph: nx.Graph) -> tuple:
    return (
        copy.deepcopy(dict(graph.graph)),
        copy.deepcopy(list(graph.nodes(data=True))),
        copy.deepcopy(
            list(graph.edges(keys=True, data=True)) if graph.is_multigraph() else list(graph.edges(data=True))
        ),
    )


def _relations(graph: nx.Graph) -> list[str]:
    return sorted(str(data.get("relation")) for *_, data in graph.edges(data=True))


def _dot_unquoted(value: str) -> str:
    """A DOT attribute value as pydot gives it back (quoted, escaped), as the original text."""
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return re.sub(r"\\(.)", lambda m: {"n": "\n", "r": "\r"}.get(m[1], m[1]), value[1:-1], flags=re.DOTALL)
    return value


# --------------------------------------------------------------------------- GraphML, GEXF, JSON


@pytest.mark.parametrize("fmt", ["graphml", "gexf"])
def test_xml_formats_round_trip(tmp_path: Path, fmt: str) -> None:
    graph = _replay_graph()
    path = tmp_path / f"g.{fmt}"
    write_graph(graph, path, fmt)
    back = nx.read_graphml(path) if fmt == "graphml" else nx.read_gexf(path)
    assert back.is_directed() and back.is_multigraph()
    assert set(back.nodes) == set(NODE_IDS)
    assert back.number_of_edges() == graph.number_of_edges()
    for node, data in graph.nodes(data=True):
        for key, value in data.items():
            assert back.nodes[node][key] == value, (node, key)
            assert type(back.nodes[node][key]) is type(value), (node, key)
    assert _relations(back) == _relations(graph)
    assert sorted(back["ws:4.10.1.2"]["ws:4.10"][k]["relation"] for k in back["ws:4.10.1.2"]["ws:4.10"]) == [
        "parent",
        "refers_to",
    ]
    assert list(tmp_path.iterdir()) == [path]


def test_json_round_trip_with_stable_keys(tmp_path: Path) -> None:
    graph = _replay_graph()
    path = tmp_path / "g.json"
    write_graph(graph, path, "json")
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert "links" in data
    back = nx.node_link_graph(data, edges="links")
    assert isinstance(back, nx.MultiDiGraph)
    assert list(back.nodes(data=True)) == list(graph.nodes(data=True))
    assert sorted(back.edges(keys=True, data=True)) == sorted(graph.edges(keys=True, data=True))
    assert back.graph == graph.graph
    # keys are sorted, so the same graph always gives the same text
    assert text == graph_text(graph, "json") == graph_text(_replay_graph(), "json")
    assert list(data["nodes"][0]) == sorted(data["nodes"][0])


def test_graph_text_matches_the_file_for_every_format(tmp_path: Path) -> None:
    graph = _replay_graph()
    for fmt in FORMATS:
        text = graph_text(graph, fmt)
        assert text.endswith("\n")
        if fmt == "gexf":  # carries the date it was written; compare the rest
            assert "ws:4.10.1.2" in text and "<gexf" in text
            continue
        write_graph(graph, tmp_path / f"g.{fmt}", fmt)
        written = (tmp_path / f"g.{fmt}").read_text(encoding="utf-8")
        assert written.strip() == text.strip(), fmt


def test_a_plain_digraph_exports_too(tmp_path: Path) -> None:
    """Every format writes a plain directed graph as one, which reads back with its nodes, edge and labels."""
    graph = nx.DiGraph()
    graph.add_node("ws:1", kind="phase", label="Stand", clause="1", title="")
    graph.add_node("ws:2", kind="phase", label="Draw", clause="2", title="")
    graph.add_edge("ws:1", "ws:2", relation="next")
    readers = {
        "graphml": nx.read_graphml,
        "gexf": nx.read_gexf,
        "json": lambda path: nx.node_link_graph(json.loads(path.read_text(encoding="utf-8")), edges="links"),
        "dot": lambda path: from_pydot(pydot.graph_from_dot_data(path.read_text(encoding="utf-8"))[0]),
    }
    assert set(readers) == set(FORMATS)
    for fmt in FORMATS:
        write_graph(graph, tmp_path / f"g.{fmt}", fmt)
        back = readers[fmt](tmp_path / f"g.{fmt}")
        assert back.is_directed() and not back.is_multigraph(), fmt
        assert set(back.edges) == {("ws:1", "ws:2")}, fmt
        assert {node: back.nodes[node]["label"].strip('"') for node in back} == {"ws:1": "Stand", "ws:2": "Draw"}, fmt
        assert next(iter(back.edges(data=True)))[2]["relation"].strip('"') == "next", fmt


# --------------------------------------------------------------------------- sanitizing


def test_sanitizing_leaves_the_callers_graph_alone(tmp_path: Path) -> None:
    graph = _messy_graph()
    before = _snapshot(graph)
    for fmt in FORMATS:
        write_graph(graph, tmp_path / f"g.{fmt}", fmt)
        graph_text(graph, fmt)
    write_html(graph, tmp_path / "g.html", "messy")
    assert _snapshot(graph) == before


@pytest.mark.parametrize("fmt", ["graphml", "gexf"])
def test_unsimple_values_become_simple(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / f"g.{fmt}"
    write_graph(_messy_graph(), path, fmt)
    back = nx.read_graphml(path) if fmt == "graphml" else nx.read_gexf(path)
    assert back.nodes["a"]["clause"] == ""
    assert back.nodes["a"]["tags"] == "x,y"
    assert back.nodes["a"]["seen"] == "p,q"
    assert back.nodes["b"]["tags"] == ""
    # `turn` mixes None and int: one type per attribute, so all strings
    assert back.nodes["a"]["turn"] == "" and back.nodes["b"]["turn"] == "4"
    assert sorted(str(d.get("relation")) for *_, d in back.edges(data=True)) == ["", "next"]
    assert any(d.get("weights") == "1,2" for *_, d in back.edges(data=True))


def test_unknown_format_names_the_formats(tmp_path: Path) -> None:
    graph = _replay_graph()
    with pytest.raises(ExportError) as raised:
        write_graph(graph, tmp_path / "g.yaml", "yaml")
    for fmt in FORMATS:
        assert fmt in str(raised.value)
    with pytest.raises(ExportError):
        graph_text(graph, "csv")
    assert list(tmp_path.iterdir()) == []


# --------------------------------------------------------------------------- DOT


def test_dot_round_trips_through_pydot(tmp_path: Path) -> None:
    graph = _replay_graph()
    path = tmp_path / "g.dot"
    write_graph(graph, path, "dot")
    text = path.read_text(encoding="utf-8")
    assert '"ws:4.10.1.2"' in text  # quoted, not read as node `ws`, port `4.10.1.2`
    parsed = pydot.graph_from_dot_data(text)
    assert parsed is not None and len(parsed) == 1
    dot = parsed[0]
    names = {node.get_name().strip('"') for node in dot.get_nodes()} - {"node", "graph", "edge"}
    assert names == set(NODE_IDS)
    assert len(dot.get_edges()) == graph.number_of_edges()

    back = from_pydot(dot)
    assert isinstance(back, nx.MultiDiGraph)
    assert set(back.nodes) == set(NODE_IDS)
    assert back.number_of_edges() == graph.number_of_edges()
    assert sorted(_dot_unquoted(d["relation"]) for *_, d in back.edges(data=True)) == _relations(graph)
    for node, data in graph.nodes(data=True):
        for key in ("kind", "label", "clause", "title", "phase", "player", "card"):
            assert _dot_unquoted(back.nodes[node][key]) == data[key], (node, key)
        assert int(_dot_unquoted(back.nodes[node]["turn"])) == data["turn"]
        assert int(_dot_unquoted(back.nodes[node]["entry"])) == data["entry"]
    assert back.name == "ws game"


def test_dot_quotes_awkward_names_and_values() -> None:
    graph = nx.MultiDiGraph()
    graph.add_node('odd "id": with\\back', label="two\nlines", kind="graph")
    graph.add_node("node", label="a DOT keyword as id")
    graph.add_edge('odd "id": with\\back', "node", relation="refers_to", key="k:1")
    dot = pydot.graph_from_dot_data(graph_text(graph, "dot"))[0]
    assert len(dot.get_edges()) == 1
    nodes = {_dot_unquoted(n.get_name()): n.get_attributes() for n in dot.get_nodes()}
    assert set(nodes) == {'odd "id": with\\back', "node"}
    attrs = nodes['odd "id": with\\back']
    assert _dot_unquoted(attrs["label"]) == "two\nlines"
    edge = dot.get_edges()[0]
    assert _dot_unquoted(edge.get_source()) == 'odd "id": with\\back'
    assert _dot_unquoted(edge.get_attributes()["key"]) == "k:1"


def test_dot_takes_a_node_attribute_called_name() -> None:
    """``to_pydot`` passes attributes as keywords and fails on ``name``; the export does not (pydot's own
    parser cannot read such a node back, Graphviz can)."""
    graph = nx.MultiDiGraph()
    graph.add_node("ws:1", name="Stand Phase")
    assert '"ws:1" [name="Stand Phase"];' in graph_text(graph, "dot")


# --------------------------------------------------------------------------- render (Graphviz)


def test_render_without_graphviz_says_what_to_do(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda *args, **kwargs: None)
    with pytest.raises(ExportError) as raised:
        render(_replay_graph(), tmp_path / "g.svg", "svg")
    message = str(raised.value)
    assert "Graphviz" in message and "not installed" in message
    assert "--format dot" in message and "--html" in message
    assert list(tmp_path.iterdir()) == []


def test_render_rejects_other_formats(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="svg, png"):
        render(_replay_graph(), tmp_path / "g.pdf", "pdf")


def _fake_dot(folder: Path, script: str) -> Path:
    folder.mkdir()
    program = folder / "dot"
    program.write_text(f"#!{sys.executable}\n{script}", encoding="utf-8")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    return program


def test_render_feeds_dot_to_graphviz(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The plumbing, with a stand-in `dot` that records what it was given."""
    record = tmp_path / "record"
    program = _fake_dot(
        record,
        "import sys, pathlib\n"
        "here = pathlib.Path(sys.argv[0]).parent\n"
        "(here / 'args').write_text(' '.join(sys.argv[1:]))\n"
        "(here / 'stdin').write_bytes(sys.stdin.buffer.read())\n"
        "sys.stdout.write('<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>')\n",
    )
    monkeypatch.setattr(shutil, "which", lambda name, *args, **kwargs: str(program) if name == "dot" else None)
    out = tmp_path / "out"
    out.mkdir()
    graph = _replay_graph()
    render(graph, out / "g.svg", "svg")
    assert (out / "g.svg").read_text().startswith("<svg")
    assert list(out.iterdir()) == [out / "g.svg"]
    assert (record / "args").read_text() == "-Tsvg"
    given = pydot.graph_from_dot_data((record / "stdin").read_text(encoding="utf-8"))[0]
    assert len(given.get_edges()) == graph.number_of_edges()
    # drawn edges show their relation
    assert sorted(_dot_unquoted(e.get_attributes()["label"]) for e in given.get_edges()) == _relations(graph)


def test_render_reports_a_graphviz_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    program = _fake_dot(tmp_path / "bin", "import sys\nsys.stderr.write('syntax error in line 1')\nsys.exit(1)\n")
    monkeypatch.setattr(shutil, "which", lambda *args, **kwargs: str(program))
    with pytest.raises(ExportError, match="syntax error in line 1"):
        render(_replay_graph(), tmp_path / "g.png", "png")
    assert not (tmp_path / "g.png").exists()


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz (dot) is not installed")
@pytest.mark.parametrize("fmt", ["svg", "png"])
def test_render_with_graphviz(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / f"g.{fmt}"
    render(_replay_graph(), path, fmt)
    assert list(tmp_path.iterdir()) == [path]
    if fmt == "svg":
        text = path.read_text(encoding="utf-8").lstrip()
        assert text.startswith(("<?xml", "<svg"))
        assert "refers_to" in text and "ws:4.10.1.2" in text
    else:
        assert path.read_bytes().startswith(b"\x89PNG")


# --------------------------------------------------------------------------- the procedure as a flowchart


def test_procedure_dot_draws_lanes_in_turn_order() -> None:
    """The Graphviz flowchart puts each lane's nodes in one column, the columns in the order of the turn."""
    graph = procedure_graph("ws")
    assert export.is_procedure(graph) and not export.is_procedure(_replay_graph())
    text = export.procedure_dot(graph)
    parsed = pydot.graph_from_dot_data(text)
    assert parsed, text[:500]
    heads = re.search(r"\{ rank=same; (.*?) \}", text)
    assert heads is not None
    order = re.findall(r'"([^"]+)"', heads[1])
    assert order[:6] == ["phase:stand", "phase:draw", "phase:clock", "phase:main", "phase:climax", "phase:attack"]
    assert order[6:11] == ["step:trigger", "step:counter", "step:damage", "step:battle", "step:encore"]
    assert order[11:] == ["phase:end", "rule actions"]
    # activation conditions are written inside the check timing that plays what they trigger
    assert "beginning of draw phase" in text.split('"ct:6.3.1.1" [label="', 1)[1].split('"', 1)[0]


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz (dot) is not installed")
@pytest.mark.parametrize("game", ["ws", "vg", "wl"])
def test_rendered_procedure_keeps_the_columns_in_turn_order(tmp_path: Path, game: str) -> None:
    """dot itself places the lanes' heads left to right in turn order (clusters would let it reorder them)."""
    graph = procedure_graph(game)
    done = subprocess.run(
        ["dot", "-Tplain"], input=export.procedure_dot(graph).encode(), capture_output=True, check=True
    )
    x_of = {}
    for line in done.stdout.decode().splitlines():
        found = re.match(r'node "((?:[^"\\]|\\.)*)" (\S+)', line) or re.match(r"node (\S+) (\S+)", line)
        if found:
            x_of[found[1]] = float(found[2])
    phases = [node for node, data in graph.nodes(data=True) if data["kind"] == "phase"]
    xs = [x_of[phase] for phase in phases]
    assert xs == sorted(xs), dict(zip(phases, xs))
    path = tmp_path / "procedure.svg"
    render(graph, path, "svg")
    assert "stand phase" in path.read_text(encoding="utf-8") or "refresh phase" in path.read_text(encoding="utf-8")


# --------------------------------------------------------------------------- HTML

_REMOTE_SCRIPT = re.compile(r"""<script\b[^>]*\bsrc\s*=\s*["']?\s*(https?:)?//""", re.IGNORECASE)
_REMOTE_LINK = re.compile(r"""<link\b[^>]*\bhref\s*=\s*["']?\s*(https?:)?//""", re.IGNORECASE)


def _write_view(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, graph: nx.Graph, docs: str | None = None
) -> tuple[Path, str]:
    folder = tmp_path / "view"
    folder.mkdir()
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    path = folder / "graph.html"
    write_html(graph, path, "WS game <turn 3>", docs)
    assert list(folder.iterdir()) == [path]
    assert list(elsewhere.iterdir()) == []
    return path, path.read_text(encoding="utf-8")


def test_html_view_is_self_contained(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, page = _write_view(tmp_path, monkeypatch, _replay_graph())
    assert not _REMOTE_SCRIPT.search(page)
    assert not _REMOTE_LINK.search(page)
    assert "<script src=" not in page and "<link" not in page
    assert "<title>WS game &lt;turn 3&gt;</title>" in page


def test_outline_view_lists_nodes_edges_and_hover_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    graph = _replay_graph()
    _, page = _write_view(tmp_path, monkeypatch, graph)
    for _, data in graph.nodes(data=True):
        assert html_escape(data["label"]) in page
    for relation in set(_relations(graph)) - {"parent"}:
        assert f">{relation}: " in page
    # the parent edge nests the child under its parent
    assert re.search(r"Say &quot;hi&quot;: yes</span>.*?<ul><li>.*?Check timing</span>", page, re.DOTALL)
    tips = re.findall(r'data-tip="([^"]*)"', page)
    turn3 = next(tip for tip in tips if "turn 3: climax" in tip or "proc:turn-3/climax" in tip)
    for line in ("kind: check_timing", "clause: 4.10", "title: Check Timing", "turn: 3", "phase: climax", "player: P1"):
        assert line in turn3
    assert "&lt;lance&gt;" in page and "<lance>" not in page


def test_clause_links_only_with_a_docs_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    graph = nx.MultiDiGraph()
    graph.add_node("ws:4.10.1.2", kind="clause", label="ws:4.10.1.2", clause="ws:4.10.1.2", title="Cancel")
    _, page = _write_view(tmp_path, monkeypatch, graph)
    assert "href=" not in page.split("<main>", 1)[1].split("</main>", 1)[0]
    (tmp_path / "view" / "graph.html").unlink()
    (tmp_path / "view").rmdir()
    (tmp_path / "cwd").rmdir()
    _, linked = _write_view(tmp_path, monkeypatch, graph, "https://example.org/site/")
    assert 'href="https://example.org/site/rules/ws/4.html#ws-4-10-1-2"' in linked


def test_kind_colors_are_stable_across_graphs() -> None:
    colors = export.kind_colors(["clause", "phase", "ability"])
    assert colors == export.kind_colors(["ability", "phase", "clause"])
    assert export.kind_colors(["clause"])["clause"] == colors["clause"]
    assert len(set(colors.values())) == 3
    assert export.kind_colors([""])[""] == export.NO_KIND_COLOR


def test_html_hover_text_is_escaped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    graph = nx.MultiDiGraph()
    graph.add_node("x", kind="clause", label="x", title='<a href="#">link</a> <img onerror=alert(1)>')
    _, page = _write_view(tmp_path, monkeypatch, graph)
    assert "<img" not in page and "&lt;img" in page


def test_procedure_graph_html_is_the_flowchart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, page = _write_view(tmp_path, monkeypatch, procedure_graph("ws"))
    assert '<svg class="graph" id="procedure"' in page
    assert page.count('data-node="phase:') == 7
