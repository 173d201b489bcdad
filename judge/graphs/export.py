"""Writing the project's graphs out: GraphML, GEXF, JSON node-link, DOT, Graphviz images and an HTML view.

Every function works on a copy of the graph it is given and never changes the caller's graph. Every
function writes exactly one file, ``path``, and nothing else (no temporary files, no ``lib/`` folder).

* :func:`write_graph` / :func:`graph_text`: one of :data:`FORMATS`, to a file or as text (for stdout).
  GraphML and GEXF get a sanitized copy: every attribute value a str, int, float or bool (``None`` becomes
  ``""``, lists and sets comma-joined strings, an attribute whose values mix types becomes all strings).
  JSON is ``networkx.node_link_data`` with ``edges="links"``, keys sorted. DOT quotes every node name and
  every string value itself, so ids like ``ws:4.10.1.2`` are not read as ``node:port`` and quotes,
  backslashes and newlines in labels survive a round trip through ``pydot.graph_from_dot_data``.
* :func:`render`: SVG or PNG through the Graphviz ``dot`` program, when it is installed; the procedure graph
  is drawn as a flowchart (:func:`procedure_dot`: its lanes as columns in turn order, as in its HTML view).
* :func:`write_html`: one self-contained page, no network needed: the procedure graph as a flowchart, any
  other graph as an outline of its nodes and edges (:mod:`judge.graphs.pages`; a replay's page, drawn along
  time, needs the replay's records: :func:`judge.graphs.timeline.replay_page`).
"""

from __future__ import annotations

import io
import itertools
import json
import numbers
import re
import shutil
import subprocess
import zlib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import networkx as nx
import pydot

FORMATS = ("graphml", "gexf", "json", "dot")
RENDER_FORMATS = ("svg", "png")

# The node attributes shown when hovering a node in the HTML view, in this order.
HOVER_ATTRIBUTES = ("kind", "clause", "title", "turn", "phase", "player", "card")

# Tableau 20: distinct, readable on white. A kind keeps its slot (crc32 of its name) in every graph,
# unless another kind of the same graph already took it.
PALETTE = (
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
    "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
    "#a0cbe8", "#ffbe7d", "#8cd17d", "#b6992d", "#f1ce63",
    "#86bcb6", "#d37295", "#fabfd2", "#79706e", "#d4a6c8",
)  # fmt: skip
NO_KIND_COLOR = "#97c2fc"

GRAPHVIZ_MISSING = (
    "Graphviz is not installed: the `dot` program was not found on PATH, so the graph cannot be drawn as "
    "{fmt}. Install Graphviz (https://graphviz.org/download/, e.g. `apt install graphviz` or "
    "`brew install graphviz`), or get the same graph without it: as DOT text with `--format dot` (to draw "
    "later or elsewhere), or as an interactive page that opens in any browser with `--html FILE`."
)


class ExportError(Exception):
    """A graph cannot be exported as asked (unknown format, Graphviz missing or failing)."""


# --------------------------------------------------------------------------- formats


def write_graph(graph: nx.Graph, path: str | Path, fmt: str) -> None:
    """Write ``graph`` to ``path`` in ``fmt``, one of :data:`FORMATS`."""
    fmt = _check_format(fmt)
    if fmt == "graphml":
        nx.write_graphml(_sanitized(graph), path)
    elif fmt == "gexf":
        nx.write_gexf(_sanitized(graph), path)
    else:
        Path(path).write_text(graph_text(graph, fmt), encoding="utf-8")


def graph_text(graph: nx.Graph, fmt: str) -> str:
    """``graph`` in ``fmt`` (one of :data:`FORMATS`) as text, ending with a newline."""
    fmt = _check_format(fmt)
    if fmt in ("graphml", "gexf"):
        buffer = io.BytesIO()
        if fmt == "graphml":
            nx.write_graphml(_sanitized(graph), buffer)
        else:
            nx.write_gexf(_sanitized(graph), buffer)
        text = buffer.getvalue().decode("utf-8")
    elif fmt == "json":
        data = nx.node_link_data(graph, edges="links")
        text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False, default=str)
    else:
        text = _to_pydot(graph).to_string()
    return text if text.endswith("\n") else text + "\n"


def _check_format(fmt: str) -> str:
    normal = str(fmt).strip().lower()
    if normal not in FORMATS:
        raise ExportError(f"unknown graph format {fmt!r}: choose one of {', '.join(FORMATS)}")
    return normal


# --------------------------------------------------------------------------- sanitizing (GraphML, GEXF)

_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _simple(value: Any) -> str | int | float | bool:
    """``value`` as a str, int, float or bool."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return value
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        return float(value)
    if isinstance(value, str):
        return _XML_INVALID.sub("", value)
    if isinstance(value, bytes):
        return _XML_INVALID.sub("", value.decode("utf-8", "replace"))
    if isinstance(value, Mapping):
        return _XML_INVALID.sub("", json.dumps(value, sort_keys=True, ensure_ascii=False, default=str))
    if isinstance(value, (set, frozenset)):
        return ",".join(sorted(str(_simple(item)) for item in value))
    if isinstance(value, Iterable):
        return ",".join(str(_simple(item)) for item in value)
    return _XML_INVALID.sub("", str(value))


def _sanitized_attrs(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each record with str keys and simple values; an attribute whose values mix types becomes all str
    (all float when they mix only int and float), since GraphML and GEXF declare one type per attribute."""
    clean = [{str(key): _simple(value) for key, value in record.items()} for record in records]
    types: dict[str, set[type]] = {}
    for record in clean:
        for key, value in record.items():
            types.setdefault(key, set()).add(type(value))
    for key, seen in types.items():
        if len(seen) < 2:
            continue
        convert: type = float if seen <= {int, float} else str
        for record in clean:
            if key in record:
                record[key] = convert(record[key])
    return clean


def _sanitized(graph: nx.Graph) -> nx.Graph:
    """A new graph of the same class with the same nodes and edges and sanitized attributes."""
    copy = graph.__class__()
    copy.graph.update(_sanitized_attrs([dict(graph.graph)])[0])
    nodes = list(graph.nodes(data=True))
    copy.add_nodes_from(zip((node for node, _ in nodes), _sanitized_attrs([data for _, data in nodes])))
    if graph.is_multigraph():
        edges = list(graph.edges(keys=True, data=True))
        clean = _sanitized_attrs([data for *_, data in edges])
        copy.add_edges_from((u, v, key, data) for (u, v, key, _), data in zip(edges, clean))
    else:
        plain = list(graph.edges(data=True))
        clean = _sanitized_attrs([data for *_, data in plain])
        copy.add_edges_from((u, v, data) for (u, v, _), data in zip(plain, clean))
    return copy


# --------------------------------------------------------------------------- DOT

_DOT_PLAIN_ID = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_DOT_KEYWORDS = {"graph", "digraph", "subgraph", "node", "edge", "strict"}


def _dot_quoted(text: Any) -> str:
    """``text`` as a DOT double-quoted string: backslash, quote, newline and carriage return escaped."""
    escaped = str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
    return f'"{escaped}"'


def _dot_key(key: Any) -> str:
    key = str(key)
    return key if _DOT_PLAIN_ID.match(key) and key.lower() not in _DOT_KEYWORDS else _dot_quoted(key)


def _dot_value(value: Any) -> str:
    """Non-negative ints bare, everything else quoted (pydot leaves an already quoted string alone)."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool) and int(value) >= 0:
        return str(int(value))
    return _dot_quoted(_simple(value))


def _to_pydot(graph: nx.Graph, edge_labels: bool = False) -> pydot.Dot:
    """Like ``networkx.drawing.nx_pydot.to_pydot``, with every node name and value quoted by us.

    ``to_pydot`` hands node names to pydot as they are, and pydot reads ``ws:4.10.1.2`` as node ``ws``,
    port ``4.10.1.2``; it passes attributes as keywords, so a node attribute ``name`` breaks it; and pydot
    does not escape backslashes. Here names and values are quoted before pydot sees them. As in
    ``to_pydot``, multigraph edges carry their ``key`` and other graphs are ``strict`` when they have no
    self-loops, so ``from_pydot`` gives back the same class of graph. With ``edge_labels``, an edge with no
    ``label`` is labelled with its ``relation`` (for drawing).
    """
    graph_type = "digraph" if graph.is_directed() else "graph"
    strict = not graph.is_multigraph() and nx.number_of_selfloops(graph) == 0
    name = graph.graph.get("name", "")
    dot = pydot.Dot(_dot_quoted(name) if name else "", graph_type=graph_type, strict=strict)
    names = {node: _dot_quoted(node) for node in graph.nodes}
    for node, data in graph.nodes(data=True):
        element = pydot.Node(names[node])
        for key, value in data.items():
            element.set(_dot_key(key), _dot_value(value))
        dot.add_node(element)
    if graph.is_multigraph():
        edges: Iterable[tuple[Any, Any, Any, dict[str, Any]]] = graph.edges(keys=True, data=True)
    else:
        edges = ((u, v, None, data) for u, v, data in graph.edges(data=True))
    for u, v, key, data in edges:
        edge = pydot.Edge(names[u], names[v])
        if key is not None:
            edge.set("key", _dot_value(key))
        for attr, value in data.items():
            if attr != "key" or key is None:
                edge.set(_dot_key(attr), _dot_value(value))
        if edge_labels and "label" not in data and data.get("relation", "") != "":
            edge.set("label", _dot_value(data["relation"]))
        dot.add_edge(edge)
    return dot


# --------------------------------------------------------------------------- Graphviz images


def render(graph: nx.Graph, path: str | Path, fmt: str) -> None:
    """Draw ``graph`` into ``path`` as ``fmt`` (``svg`` or ``png``) with Graphviz's ``dot`` program.

    A procedure graph (``kind`` ``phase`` nodes and ``next`` edges) is drawn as a flowchart
    (:func:`procedure_dot`); any other graph as it is, edges labelled with their ``relation``. Raises :class:`ExportError` when Graphviz is not installed
    (saying how to get the graph as DOT or HTML instead) or when ``dot`` fails; ``path`` is written only
    when ``dot`` succeeded.
    """
    normal = str(fmt).strip().lower()
    if normal not in RENDER_FORMATS:
        raise ExportError(f"cannot render as {fmt!r}: choose one of {', '.join(RENDER_FORMATS)}")
    program = shutil.which("dot")
    if program is None:
        raise ExportError(GRAPHVIZ_MISSING.format(fmt=normal.upper()))
    text = procedure_dot(graph) if is_procedure(graph) else _to_pydot(graph, edge_labels=True).to_string()
    source = text.encode("utf-8")
    try:
        done = subprocess.run([program, f"-T{normal}"], input=source, capture_output=True, check=False)
    except OSError as error:
        raise ExportError(f"cannot run Graphviz ({program}): {error}") from None
    if done.returncode != 0 or not done.stdout:
        message = done.stderr.decode("utf-8", "replace").strip() or f"exit status {done.returncode}"
        raise ExportError(f"Graphviz could not draw the graph as {normal.upper()}: {message}")
    Path(path).write_bytes(done.stdout)


# --------------------------------------------------------------------------- the procedure as a flowchart


def is_procedure(graph: nx.Graph) -> bool:
    """Whether ``graph`` is a procedure graph (:func:`judge.graphs.static.procedure_graph`): it has phases and
    ``next`` edges between them."""
    if not graph.is_directed() or not any(data.get("kind") == "phase" for _, data in graph.nodes(data=True)):
        return False
    return any(data.get("relation") == "next" for *_, data in graph.edges(data=True))


def procedure_dot(graph: nx.MultiDiGraph) -> str:
    """The procedure graph as DOT for a flowchart: one column per lane in turn order (the lanes of its HTML
    view), a cluster per phase, activation conditions inside the check timing that plays what they trigger,
    the rule actions in a cluster of their own, a ◆ on each timing where the check type ones are checked."""
    from judge.graphs.layout import flow_of
    from judge.graphs.pages import DEFAULT_STYLE, KIND_STYLE

    flow = flow_of(graph)
    marked = flow.every_check_timing

    def label(node: str) -> str:
        data = graph.nodes[node]
        lines = _wrapped(str(data.get("label", node)), 26)
        lines += [
            f"⚡ {str(graph.nodes[tag].get('label', tag)).removeprefix('at the ')}"
            for tag in flow.attached.get(node, [])
        ]
        lines += [f"◆ {graph.nodes[action].get('label', action)}" for action in flow.elsewhere.get(node, [])]
        if marked and data.get("kind") == "check-timing":
            lines[0] += "  ◆"
        return "\n".join(line.replace("\\", "\\\\").replace('"', '\\"') for line in lines)

    def node_line(node: str, extra: str = "") -> str:
        data = graph.nodes[node]
        fill, stroke, color = KIND_STYLE.get(str(data.get("kind", "")), DEFAULT_STYLE)
        tooltip = f"{data.get('clause', '')}: {data.get('title', '')}".replace('"', "'")
        return (
            f'{_dot_quoted(node)} [label="{label(node)}", fillcolor="{fill}", color="{stroke}", fontcolor="{color}", '
            f'tooltip="{tooltip}"{", " + extra if extra else ""}];'
        )

    out = [
        f"digraph {_dot_quoted(graph.graph.get('name', 'procedure'))} {{",
        (
            '  graph [rankdir=TB, newrank=true, nodesep=0.22, ranksep=0.28, fontname="Liberation Sans", fontsize=13, '
            f"labelloc=t, label={_dot_quoted(graph.graph.get('name', ''))}];"
        ),
        '  node [shape=box, style="rounded,filled", fontname="Liberation Sans", fontsize=10, width=1.9, margin="0.08,0.04"];',
        '  edge [color="#5b6770", arrowsize=0.6];',
    ]
    # No clusters: with them, dot reorders the columns; the phase node heads its first column instead.
    heads: list[str] = []
    for phase, columns in flow.columns_of.items():
        out.append("  " + node_line(phase, "penwidth=2"))
        for column, (_, nodes) in enumerate(columns):
            out.extend("  " + node_line(node) for node in nodes)
            chain = [phase, *nodes] if column == 0 else nodes
            heads.append(chain[0])
            for upper, lower in itertools.pairwise(chain):
                out.append(f"  {_dot_quoted(upper)} -> {_dot_quoted(lower)} [style=invis, weight=20];")
    if flow.panel:
        out.append('  "rule actions" [shape=plaintext, style="", fontsize=12, fontcolor="#5a0f0a"];')
        out.extend("  " + node_line(node) for node in flow.panel)
        chain = ["rule actions", *flow.panel]
        heads.append(chain[0])
        for upper, lower in itertools.pairwise(chain):
            out.append(f"  {_dot_quoted(upper)} -> {_dot_quoted(lower)} [style=invis, weight=20];")
    out.append("  { rank=same; " + " ".join(_dot_quoted(head) for head in heads) + " }")
    for left, right in itertools.pairwise(heads):
        out.append(f"  {_dot_quoted(left)} -> {_dot_quoted(right)} [style=invis];")
    order = {node: number for number, node in enumerate(flow.lanes.order)}
    for source, target, data in graph.edges(data=True):
        if data.get("relation") != "next" or source not in order or target not in order:
            continue
        attributes = (
            ["constraint=false"] if order[target] <= order[source] or graph.nodes[target].get("kind") == "phase" else []
        )
        if data.get("condition"):
            attributes += ["style=dashed", f"tooltip={_dot_quoted(data['condition'])}"]
        out.append(f"  {_dot_quoted(source)} -> {_dot_quoted(target)} [{', '.join(attributes)}];")
    for action, targets in flow.checked.items():
        if action in marked:
            continue
        for target in targets:
            if graph.nodes[target].get("kind") == "timing":
                out.append(
                    f'  {_dot_quoted(action)} -> {_dot_quoted(target)} [style=dotted, constraint=false, color="#c0392b"];'
                )
    out.append("}")
    return "\n".join(out) + "\n"


def _wrapped(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


# --------------------------------------------------------------------------- HTML


def kind_colors(kinds: Iterable[str]) -> dict[str, str]:
    """A color from :data:`PALETTE` for each kind: its own slot (crc32 of the name, so the same in every
    graph and every run), or the next free one when another of these kinds has it."""
    colors: dict[str, str] = {}
    taken: set[int] = set()
    for kind in sorted(set(kinds)):
        if kind == "":
            colors[kind] = NO_KIND_COLOR
            continue
        slot = zlib.crc32(kind.encode("utf-8")) % len(PALETTE)
        if len(taken) < len(PALETTE):
            while slot in taken:
                slot = (slot + 1) % len(PALETTE)
        taken.add(slot)
        colors[kind] = PALETTE[slot]
    return colors


def write_html(graph: nx.Graph, path: str | Path, title: str, docs_url: str | None = None) -> None:
    """Write one self-contained page of ``graph`` to ``path``, and nothing else.

    A procedure graph is drawn as a flowchart (:func:`judge.graphs.pages.procedure_page`); any other graph as
    an outline (:func:`judge.graphs.pages.outline_page`): nodes grouped by kind, a tree of ``parent`` edges
    nested, each node's attributes on hover and its edges as links.  With ``docs_url``, nodes with a clause
    link to it on the rules site.  The page loads nothing over the network.
    """
    from judge.graphs.pages import outline_page, procedure_page

    if is_procedure(graph):
        text = procedure_page(graph, docs_url)
    else:
        text = outline_page(graph, title, docs_url)
    Path(path).write_text(text, encoding="utf-8")
