"""Writing the project's graphs out: GraphML, GEXF, JSON node-link, DOT, Graphviz images and an HTML view.

Every function works on a copy of the graph it is given and never changes the caller's graph. Every
function writes exactly one file, ``path``, and nothing else (no temporary files, no ``lib/`` folder).

* :func:`write_graph` / :func:`graph_text`: one of :data:`FORMATS`, to a file or as text (for stdout).
  GraphML and GEXF get a sanitized copy: every attribute value a str, int, float or bool (``None`` becomes
  ``""``, lists and sets comma-joined strings, an attribute whose values mix types becomes all strings).
  JSON is ``networkx.node_link_data`` with ``edges="links"``, keys sorted. DOT quotes every node name and
  every string value itself, so ids like ``ws:4.10.1.2`` are not read as ``node:port`` and quotes,
  backslashes and newlines in labels survive a round trip through ``pydot.graph_from_dot_data``.
* :func:`render`: SVG or PNG through the Graphviz ``dot`` program, when it is installed.
* :func:`write_html`: one self-contained page (vis-network inlined by pyvis), no network needed.
"""

from __future__ import annotations

import html
import io
import json
import numbers
import re
import shutil
import subprocess
import zlib
from collections import Counter
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

    Edges are labelled with their ``relation``. Raises :class:`ExportError` when Graphviz is not installed
    (saying how to get the graph as DOT or HTML instead) or when ``dot`` fails; ``path`` is written only
    when ``dot`` succeeded.
    """
    normal = str(fmt).strip().lower()
    if normal not in RENDER_FORMATS:
        raise ExportError(f"cannot render as {fmt!r}: choose one of {', '.join(RENDER_FORMATS)}")
    program = shutil.which("dot")
    if program is None:
        raise ExportError(GRAPHVIZ_MISSING.format(fmt=normal.upper()))
    source = _to_pydot(graph, edge_labels=True).to_string().encode("utf-8")
    try:
        done = subprocess.run([program, f"-T{normal}"], input=source, capture_output=True, check=False)
    except OSError as error:
        raise ExportError(f"cannot run Graphviz ({program}): {error}") from None
    if done.returncode != 0 or not done.stdout:
        message = done.stderr.decode("utf-8", "replace").strip() or f"exit status {done.returncode}"
        raise ExportError(f"Graphviz could not draw the graph as {normal.upper()}: {message}")
    Path(path).write_bytes(done.stdout)


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


def _hover_lines(node: Any, data: Mapping[str, Any]) -> list[str]:
    lines = [f"id: {node}"]
    for attr in HOVER_ATTRIBUTES:
        value = data.get(attr)
        if value is not None and value != "":
            lines.append(f"{attr}: {_simple(value)}")
    return lines


# Tags that would fetch something over the network. pyvis's template links Bootstrap from a CDN even with
# cdn_resources="in_line" (only used for its menus, which are off here), so those tags are dropped.
_REMOTE_LINK = re.compile(r"""<link\b[^>]*?\bhref\s*=\s*["']?\s*(?:https?:)?//[^>]*>""", re.IGNORECASE)
_REMOTE_SCRIPT = re.compile(
    r"""<script\b[^>]*?\bsrc\s*=\s*["']?\s*(?:https?:)?//[^>]*>\s*</script\s*>""", re.IGNORECASE
)
_REMOTE_ANY = re.compile(r"""<(?:script\b[^>]*?\bsrc|link\b[^>]*?\bhref)\s*=\s*["']?\s*(?:https?:)?//""", re.IGNORECASE)
_EMPTY_HEADING = re.compile(r"<center>\s*<h1>\s*</h1>\s*</center>\s*")
_COMMENTED_TAGS = re.compile(r"<!--\s*<link\b[^>]*>\s*<script\b[^>]*>\s*</script>\s*-->\s*")

_PAGE_STYLE = """<style>
  body { font-family: system-ui, sans-serif; margin: 0.5em; }
  h1.graph-title { font-size: 1.3em; margin: 0.2em 0; }
  #legend { margin: 0.2em 0 0.5em; font-size: 0.9em; }
  #legend span.kind { display: inline-block; margin-right: 1.2em; }
  #legend span.swatch { display: inline-block; width: 0.9em; height: 0.9em; border-radius: 50%;
                        vertical-align: -0.1em; margin-right: 0.3em; }
  .vis-tooltip { white-space: pre-line !important; max-width: 40em; }
</style>
"""


def write_html(graph: nx.Graph, path: str | Path, title: str) -> None:
    """Write one self-contained interactive page of ``graph`` to ``path``.

    Nodes are labelled by ``label`` (their id when it is empty) and colored by ``kind``; hovering a node
    lists its id and its kind, clause, title, turn, phase, player and card; edges are labelled by
    ``relation``; parallel edges are drawn as separate curves. vis-network is inlined: the page loads
    nothing over the network and needs no server. Only ``path`` is written.
    """
    from pyvis.network import Network

    net = Network(height="85vh", width="100%", directed=True, cdn_resources="in_line", heading="")
    nodes = list(graph.nodes(data=True))
    colors = kind_colors(str(_simple(data.get("kind", ""))) for _, data in nodes)
    hovers = [_hover_lines(node, data) for node, data in nodes]
    # pyvis switches to a popup filled through innerHTML when any hover text contains "href"; then the
    # text must be HTML, so escape it. Otherwise vis-network shows it as plain text (lines kept by CSS).
    as_html = any("href" in "\n".join(lines) for lines in hovers)
    ids: dict[Any, int] = {}
    for number, ((node, data), lines) in enumerate(zip(nodes, hovers)):
        ids[node] = number
        label = data.get("label")
        label = str(_simple(label)) if label not in (None, "") else str(node)
        hover = "<br>".join(html.escape(line) for line in lines) if as_html else "\n".join(lines)
        kind = str(_simple(data.get("kind", "")))
        net.add_node(number, label=label, title=hover, color=colors[kind])
    seen: Counter[tuple[int, int]] = Counter()
    pair_sizes = Counter((ids[u], ids[v]) for u, v in graph.edges())
    for u, v, data in graph.edges(data=True):
        source, target = ids[u], ids[v]
        options: dict[str, Any] = {}
        relation = data.get("relation")
        if relation not in (None, ""):
            options["label"] = options["title"] = str(_simple(relation))
        if not graph.is_directed():
            options["arrows"] = {"to": {"enabled": False}}
        index = seen[(source, target)]
        seen[(source, target)] += 1
        if source == target:
            options["selfReference"] = {"size": 20 + 12 * index}
        elif pair_sizes[(source, target)] > 1:
            options["smooth"] = {"enabled": True, "type": "curvedCW", "roundness": 0.15 + 0.2 * index}
        net.add_edge(source, target, **options)
    page = _offline(net.generate_html(), title, colors)
    Path(path).write_text(page, encoding="utf-8")


def _offline(page: str, title: str, colors: Mapping[str, str]) -> str:
    """pyvis's page with its remote tags removed, a <title>, a heading and a legend of the kinds."""
    page = _REMOTE_SCRIPT.sub("", _REMOTE_LINK.sub("", page))
    if _REMOTE_ANY.search(page):
        raise ExportError("the HTML view would load a script or stylesheet over the network")
    page = _COMMENTED_TAGS.sub("", _EMPTY_HEADING.sub("", page))
    head = f"<title>{html.escape(title)}</title>\n{_PAGE_STYLE}"
    page = page.replace("</head>", head + "</head>", 1)
    legend = "".join(
        f'<span class="kind"><span class="swatch" style="background:{color}"></span>{html.escape(kind)}</span>'
        for kind, color in colors.items()
        if kind
    )
    top = f'<h1 class="graph-title">{html.escape(title)}</h1>\n<div id="legend">{legend}</div>\n'
    return re.sub(r"<body>", lambda _: "<body>\n" + top, page, count=1)
