"""The graph pages: one self-contained HTML file each, drawn as SVG from positions computed in Python.

Nothing is laid out in the browser, so a page is readable the moment it opens, from ``file://``, with no
network.  Three pages:

* :func:`procedure_page`: the turn procedure as a flowchart (:func:`judge.graphs.layout.procedure_layout`);
* :func:`replay_page`: a replayed game along time (:mod:`judge.graphs.timeline`);
* :func:`outline_page`: any other graph (the clause graph) as an outline: every node with its edges as links.

Hovering a node shows its clause id and heading; with ``docs_url`` (the base address of the rules site,
``judge docs``) a node links to its clause there (:func:`judge.clause_anchors.page_of` and ``anchor_for``).
After drawing, each page writes where its nodes ended up on screen into ``<pre id="layout">`` (JSON), so a
test in a headless browser can check that they are inside the window and do not overlap.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import networkx as nx

from judge.clause_anchors import anchor_for, page_of
from judge.graphs.layout import FONT, LINE, PAD, TAG_FONT, TAG_LINE, Box, Drawing, Route

# Fill, border and text colors of each node kind (the same in every page).
KIND_STYLE: dict[str, tuple[str, str, str]] = {
    "phase": ("#1f3b63", "#1f3b63", "#ffffff"),
    "step": ("#3d6aa5", "#2c5386", "#ffffff"),
    "check-timing": ("#fff4cc", "#c9a227", "#3d3100"),
    "play-timing": ("#d8f0d2", "#4b9a3c", "#173d10"),
    "choice": ("#dcecfb", "#4e79a7", "#12304f"),
    "forced": ("#eeeeee", "#8a8a8a", "#222222"),
    "activation": ("#fde6cf", "#d9822b", "#5a2f00"),
    "rule-action": ("#fbdada", "#c0392b", "#5a0f0a"),
    "timing": ("#ece1f5", "#8e5ab5", "#35174d"),
    "ability": ("#fde6cf", "#d9822b", "#5a2f00"),
    "event": ("#ffffff", "#8a8a8a", "#222222"),
    "record": ("#ffffff", "#b5b5b5", "#222222"),
    "unmodelled": ("#f3f3f3", "#999999", "#444444"),
    "exit": ("none", "none", "#3b3b3b"),
}
DEFAULT_STYLE = ("#ffffff", "#888888", "#222222")

KIND_NAMES: dict[str, str] = {
    "phase": "phase",
    "step": "step",
    "check-timing": "check timing",
    "play-timing": "play timing",
    "choice": "choice",
    "forced": "forced by the rules",
    "activation": "⚡ activation condition",
    "rule-action": "rule action",
    "timing": "timing",
    "ability": "ability",
    "event": "event",
}

_STYLE = """
:root { --font: "Liberation Sans", Arial, Helvetica, sans-serif; }
body { font-family: var(--font); margin: 0; color: #222; background: #fafafa; }
header { padding: 6px 12px 4px; }
h1 { font-size: 17px; margin: 0 0 3px; }
.legend { font-size: 12px; color: #444; }
.legend span.key { display: inline-block; margin-right: 12px; white-space: nowrap; }
.legend span.swatch { display: inline-block; width: 11px; height: 11px; border: 1px solid; border-radius: 2px;
  vertical-align: -1px; margin-right: 4px; }
svg.graph { display: block; width: 100%; height: 88vh; }
svg text { font-family: var(--font); }
.node rect { stroke-width: 1.2; }
.node.header rect { stroke-width: 1.6; }
.node text.mark { font-size: 11px; fill: #a02618; }
.node:hover rect, .node.lit rect { stroke: #d62728 !important; stroke-width: 2.4; }
.route { fill: none; stroke: #5b6770; stroke-width: 1.3; }
.route.conditional { stroke-dasharray: 5 3; }
text.branch { font-size: 9.5px; fill: #39424a; paint-order: stroke; stroke: #fafafa; stroke-width: 3px; }
.route.lit { stroke: #d62728; stroke-width: 2.4; }
.route-hit { fill: none; stroke: transparent; stroke-width: 9; }
.frame.phase { fill: #eef2f8; stroke: #c9d3e3; }
.frame.panel { fill: #fbf3f3; stroke: #e2c4c4; }
.frame.column { fill: #f2f4f7; stroke: #d5dae1; }
text.panel-title { font-size: 13px; font-weight: bold; fill: #5a0f0a; }
text.panel-heading { font-size: 11px; fill: #5a0f0a; }
text.note { font-size: 11px; fill: #555; font-style: italic; }
text.column-title { font-size: 12.5px; font-weight: bold; fill: #1f3b63; }
text.separator { font-size: 10.5px; fill: #667; font-style: italic; }
#tip { position: fixed; display: none; max-width: 460px; background: #fffff2; border: 1px solid #888;
  border-radius: 4px; padding: 5px 8px; font-size: 12.5px; line-height: 1.35; pointer-events: none;
  box-shadow: 0 2px 6px rgba(0,0,0,.2); white-space: pre-line; z-index: 9; }
"""

# Tooltips, highlighting a node's edges on hover, fitting the drawing to the window, and the layout report.
_SCRIPT = """
(function () {
  var tip = document.getElementById('tip');
  function visibleSvgs() {
    return Array.prototype.filter.call(document.querySelectorAll('svg.graph'), function (s) {
      return s.getBoundingClientRect().width > 0;
    });
  }
  function fit() {
    visibleSvgs().forEach(function (svg) {
      var room = window.innerHeight - svg.getBoundingClientRect().top - 6 + window.scrollY;
      var box = svg.viewBox.baseVal, width = svg.getBoundingClientRect().width;
      var natural = width * box.height / box.width;
      var minimum = svg.dataset.minScale ? parseFloat(svg.dataset.minScale) * box.height : 0;
      svg.style.height = Math.max(Math.min(natural, room), Math.min(natural, minimum), 60) + 'px';
    });
  }
  function shrinkTexts() {
    document.querySelectorAll('svg.graph text[data-fit]').forEach(function (t) {
      var limit = parseFloat(t.dataset.fit);
      if (t.getComputedTextLength() > limit) {
        t.setAttribute('textLength', limit);
        t.setAttribute('lengthAdjust', 'spacingAndGlyphs');
      }
    });
  }
  function report() {
    var nodes = [];
    visibleSvgs().forEach(function (svg) {
      svg.querySelectorAll('[data-node]').forEach(function (g) {
        var r = g.querySelector('rect').getBoundingClientRect();
        nodes.push({id: g.dataset.node, kind: g.dataset.kind, role: g.dataset.role,
                    x: r.left, y: r.top, w: r.width, h: r.height});
      });
    });
    var out = document.getElementById('layout');
    out.textContent = JSON.stringify({viewport: [window.innerWidth, window.innerHeight],
      view: document.body.dataset.view || '', ready_ms: Math.round(performance.now()), nodes: nodes});
  }
  function lit(id, on) {
    document.querySelectorAll('[data-source="' + id + '"], [data-target="' + id + '"]').forEach(function (e) {
      e.classList.toggle('lit', on);
    });
  }
  function goto(id, on) {
    document.querySelectorAll('[data-node="' + id + '"]').forEach(function (e) { e.classList.toggle('lit', on); });
  }
  document.addEventListener('mouseover', function (event) {
    var el = event.target.closest ? event.target.closest('[data-tip]') : null;
    if (!el) { tip.style.display = 'none'; return; }
    tip.textContent = el.dataset.tip;
    tip.style.display = 'block';
    if (el.dataset.node) { lit(el.dataset.node, true); }
    if (el.dataset.goto) { goto(el.dataset.goto, true); }
  });
  document.addEventListener('mouseout', function (event) {
    var el = event.target.closest ? event.target.closest('[data-tip]') : null;
    if (el && el.dataset.node) { lit(el.dataset.node, false); }
    if (el && el.dataset.goto) { goto(el.dataset.goto, false); }
  });
  document.addEventListener('mousemove', function (event) {
    var x = event.clientX + 14, y = event.clientY + 14;
    if (x + 470 > window.innerWidth) { x = Math.max(4, event.clientX - 474); }
    if (y + tip.offsetHeight > window.innerHeight) { y = Math.max(4, event.clientY - tip.offsetHeight - 10); }
    tip.style.left = x + 'px'; tip.style.top = y + 'px';
  });
  window.graphPage = {fit: fit, report: report, shrinkTexts: shrinkTexts};
  window.addEventListener('resize', function () { fit(); report(); });
  if (window.beforeFirstLayout) { window.beforeFirstLayout(); }
  shrinkTexts(); fit(); report();
})();
"""


def clause_link(clause: str, docs_url: str | None) -> str | None:
    """The address of ``clause`` on the rules site at ``docs_url``, or None (no site, or not a clause id)."""
    if not docs_url or not clause:
        return None
    page = page_of(clause)
    if page is None:
        return None
    return f"{docs_url.rstrip('/')}/{page}.html#{anchor_for(clause)}"


WHY_LINK_WIDTH = 30.0
"""Room kept at the right of a box that is a log entry, for its link to the entry's why answer."""


def _attr(value: Any) -> str:
    return html.escape(str(value), quote=True)


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def legend(kinds: Iterable[str], extra: Sequence[str] = ()) -> str:
    """A line of swatches naming each kind drawn, then free notes."""
    keys = []
    for kind in dict.fromkeys(kinds):
        fill, stroke, _ = KIND_STYLE.get(kind, DEFAULT_STYLE)
        name = KIND_NAMES.get(kind, kind)
        keys.append(
            f'<span class="key"><span class="swatch" style="background:{fill};border-color:{stroke}"></span>'
            f"{html.escape(name)}</span>"
        )
    keys += [f'<span class="key">{html.escape(note)}</span>' for note in extra]
    return f'<div class="legend">{"".join(keys)}</div>'


def _box_svg(box: Box, docs_url: str | None, hover_prefix: str = "") -> str:
    fill, stroke, color = KIND_STYLE.get(box.kind, DEFAULT_STYLE)
    if box.role in ("tag", "exit"):
        fill, stroke = "none", "none"
    radius = 9 if box.kind in ("check-timing", "timing") else 4 if box.role != "band" else 3
    inside = box.role in ("tag", "exit", "separator")
    size = TAG_FONT if inside else FONT + (1 if box.role in ("band", "header") else 0)
    weight = ' font-weight="bold"' if box.role in ("band", "header") else ""
    node = str(box.extra.get("node", box.id))
    tip = "\n".join([*([hover_prefix] if hover_prefix else []), *box.hover])
    entry = box.extra.get("entry")
    parts = [
        f'<g class="node {box.role}" data-node="{_attr(box.id)}" data-kind="{_attr(box.kind)}" '
        f'data-role="{_attr(box.role)}" data-clause="{_attr(box.clause)}" data-tip="{_attr(tip)}"'
        + (f' data-of="{_attr(node)}"' if node != box.id else "")
        + (f' data-entry="{_attr(entry)}"' if entry is not None else "")
        + (
            f' data-source="{_attr(box.extra["source"])}" data-target="{_attr(box.extra["target"])}"'
            f' data-goto="{_attr(box.extra["target"])}"'
            if box.role == "exit"
            else ""
        )
        + ">",
        (
            f'<rect x="{_num(box.x)}" y="{_num(box.y)}" width="{_num(box.w)}" height="{_num(box.h)}" '
            f'rx="{radius}" fill="{fill}" stroke="{stroke}"/>'
        ),
    ]
    if box.role == "band":
        baseline = box.y + box.h / 2 + size * 0.35
    elif inside:
        baseline = box.y + size
    else:
        baseline = box.y + PAD + size * 0.95
    indent = 4 if inside else PAD
    style = ' font-style="italic"' if box.role == "exit" else ""
    room = box.w - indent - 3 - (WHY_LINK_WIDTH if entry is not None else 0)
    for number, line in enumerate(box.lines):
        y = baseline + number * (TAG_LINE if inside else LINE)
        parts.append(
            f'<text x="{_num(box.x + indent)}" y="{_num(y)}" font-size="{_num(size)}"{weight}{style} fill="{color}" '
            f'data-fit="{_num(room)}">{html.escape(line)}</text>'
        )
    if box.marks:
        parts.append(
            f'<text class="mark" x="{_num(box.right - 13)}" y="{_num(box.y + 11)}">{html.escape(box.marks)}</text>'
        )
    parts.append("</g>")
    link = clause_link(box.clause, docs_url)
    drawn = "".join(parts)
    if link:
        drawn = f'<a href="{_attr(link)}" target="_blank">{drawn}</a>'
    if entry is not None:  # the log entry the box is: a link to what was legal there (judge why)
        drawn += (
            f'<a class="why-link" href="#why-{_attr(entry)}" data-why="{_attr(entry)}">'
            f'<text x="{_num(box.right - WHY_LINK_WIDTH)}" y="{_num(box.y + PAD + size * 0.95)}" '
            f'font-size="{_num(TAG_FONT)}">why?</text></a>'
        )
    return drawn


def drawing_svg(drawing: Drawing, docs_url: str | None, css_id: str = "", min_scale: float = 0.0) -> str:
    """One ``<svg>`` of a drawing: frames, then edges, then boxes (so edges never hide a box's text)."""
    width, height = drawing.width, drawing.height
    identity = f' id="{_attr(css_id)}"' if css_id else ""
    parts = [
        f'<svg class="graph"{identity} viewBox="0 0 {_num(width)} {_num(height)}" '
        f'preserveAspectRatio="xMidYMin meet" xmlns="http://www.w3.org/2000/svg" role="img"'
        + (f' data-min-scale="{min_scale}"' if min_scale else "")
        + ">",
        (
            '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
            'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#5b6770"/></marker></defs>'
        ),
    ]
    for frame in drawing.frames:
        parts.append(
            f'<rect class="frame {frame.role}" x="{_num(frame.x)}" y="{_num(frame.y)}" width="{_num(frame.w)}" '
            f'height="{_num(frame.h)}" rx="6"/>'
        )
        if frame.label:
            parts.append(
                f'<text class="column-title" x="{_num(frame.x + 6)}" y="{_num(frame.y + 15)}" '
                f'data-fit="{_num(frame.w - 10)}">{html.escape(frame.label)}</text>'
            )
    for x, y, text, css in drawing.notes:
        parts.append(f'<text class="{css}" x="{_num(x)}" y="{_num(y)}">{html.escape(text)}</text>')
    for route in drawing.routes:
        d = "M" + " L".join(f"{_num(x)},{_num(y)}" for x, y in route.points)
        css = "route" + (" conditional" if route.condition else "") + f" {route.relation}"
        parts.append(f'<path class="{css}" d="{d}" {common_of(route)} marker-end="url(#arrow)"/>')
        parts.append(f'<path class="route-hit" d="{d}" data-tip="{_attr(route.hover)}"/>')
    for route in drawing.routes:  # over every line, so that no later line crosses a label out
        if route.label:
            x, y, anchor = route.label_at
            parts.append(
                f'<text class="branch" x="{_num(x)}" y="{_num(y)}" text-anchor="{anchor}" '
                f"{common_of(route)}>{html.escape(route.label)}</text>"
            )
    for box in drawing.boxes:
        parts.append(_box_svg(box, docs_url))
    parts.append("</svg>")
    return "\n".join(parts)


def common_of(route: Route) -> str:
    """The attributes that tie a drawn piece to its route: its source and target."""
    return f'data-source="{_attr(route.source)}" data-target="{_attr(route.target)}"'


def page(title: str, header: str, body: str, script: str = "", body_attrs: str = "") -> str:
    """A whole HTML page: the shared style, tooltip and layout report, and ``script`` run before the first fit."""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n"
        f"<body{body_attrs}>\n<header><h1>{html.escape(title)}</h1>\n{header}</header>\n{body}\n"
        '<div id="tip"></div>\n<pre id="layout" hidden></pre>\n'
        f"<script>{script}</script>\n<script>{_SCRIPT}</script>\n</body>\n</html>\n"
    )


# --------------------------------------------------------------------------- the procedure


def procedure_page(graph: nx.MultiDiGraph, docs_url: str | None = None) -> str:
    """The procedure graph of a game as a flowchart page."""
    from judge.graphs.layout import procedure_layout

    drawing = procedure_layout(graph)
    kinds = [box.kind for box in drawing.boxes if box.role not in ("tag", "exit")]
    kinds += [box.kind for box in drawing.boxes if box.role == "tag"]
    notes = ["dashed arrow: one branch of several (hover it for its condition)"]
    if any(box.role == "exit" for box in drawing.boxes):
        notes.append("↩ then back to an earlier box")
    if any(box.marks for box in drawing.boxes):
        notes.append("◆ check type rule actions are checked here")
    notes.append("hover a box for its clause" + ("; click to open it on the rules site" if docs_url else ""))
    header = legend(kinds, notes)
    title = str(graph.graph.get("name", "turn procedure"))
    return page(title, header, drawing_svg(drawing, docs_url, "procedure"))


# --------------------------------------------------------------------------- any graph, as an outline


def outline_page(graph: nx.Graph, title: str, docs_url: str | None = None) -> str:
    """Any graph as a readable outline: nodes grouped by kind (a tree of ``parent`` edges is nested), each with
    its label, clause heading and attributes on hover, and its outgoing edges as links to their targets."""
    nodes = list(graph.nodes(data=True))
    number = {node: index for index, (node, _) in enumerate(nodes)}
    parents: dict[Any, Any] = {}
    links: dict[Any, list[tuple[str, Any]]] = {}
    for source, target, data in graph.edges(data=True):
        relation = str(data.get("relation", "") or "edge")
        if relation == "parent" and target not in parents:
            parents[target] = source
        else:
            links.setdefault(source, []).append((relation, target))
    children: dict[Any, list[Any]] = {}
    for child, parent in parents.items():
        children.setdefault(parent, []).append(child)

    def describe(node: Any, data: Mapping[str, Any]) -> str:
        label = str(data.get("label") or node)
        title_ = str(data.get("title") or "")
        tip = "\n".join(
            [f"id: {node}"]
            + [f"{key}: {value}" for key, value in data.items() if value not in (None, "") and key != "label"]
        )
        kind = str(data.get("kind", ""))
        fill, stroke, _ = KIND_STYLE.get(kind, DEFAULT_STYLE)
        text = f'<span class="label" style="background:{fill};border-color:{stroke}">{html.escape(label)}</span>'
        link = clause_link(str(data.get("clause", "")), docs_url)
        if link:
            text = f'<a href="{_attr(link)}" target="_blank">{text}</a>'
        if title_ and title_ != label:
            text += f' <span class="title">{html.escape(title_)}</span>'
        out = []
        for relation, target in links.get(node, []):
            target_label = graph.nodes[target].get("label") or target
            out.append(
                f'<a class="edge" href="#n{number[target]}">{html.escape(relation)}: {html.escape(str(target_label))}</a>'
            )
        edges = f' <span class="edges">{" ".join(out)}</span>' if out else ""
        return f'<span id="n{number[node]}" data-tip="{_attr(tip)}">{text}</span>{edges}'

    def tree(node: Any, depth: int) -> str:
        inner = "".join(tree(child, depth + 1) for child in children.get(node, []))
        return f"<li>{describe(node, graph.nodes[node])}{f'<ul>{inner}</ul>' if inner else ''}</li>"

    roots = [node for node, _ in nodes if node not in parents]
    by_kind: dict[str, list[Any]] = {}
    for node in roots:
        by_kind.setdefault(str(graph.nodes[node].get("kind", "")), []).append(node)
    sections = []
    for kind, members in by_kind.items():
        items = "".join(tree(node, 0) for node in members)
        sections.append(f"<section><h2>{html.escape(kind or 'nodes')} ({len(members)})</h2><ul>{items}</ul></section>")
    style = (
        "<style>main{padding:0 12px 20px;font-size:13px} main ul{list-style:none;padding-left:18px;margin:2px 0}"
        " main li{margin:2px 0} h2{font-size:14px;margin:10px 0 4px} span.label{border:1px solid;border-radius:3px;"
        "padding:0 4px} span.title{color:#333} a.edge{color:#3d6aa5;margin-left:6px;font-size:12px}"
        " span.edges{color:#666}</style>"
    )
    count = f"{graph.number_of_nodes()} nodes, {graph.number_of_edges()} edges; hover a node for its attributes"
    return page(
        title, f'<div class="legend">{html.escape(count)}</div>', style + "<main>" + "".join(sections) + "</main>"
    )


def replay_page(*args: Any, **kwargs: Any) -> str:
    """The replay page (:func:`judge.graphs.timeline.replay_page`), here for one place to find every page."""
    from judge.graphs.timeline import replay_page as build

    return build(*args, **kwargs)


def dumps(value: Any) -> str:
    """JSON for a ``<script>``: ``</`` escaped so that no string can close the script early."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
