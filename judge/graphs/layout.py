"""Positions for the graph pages, computed here so that a page opens already laid out.

A force-directed drawing of a procedure scatters it; a procedure is a flowchart,
and a replay happens along time.  This module places things where a reader
expects them, with plain arithmetic and no layout engine:

* :func:`procedure_layout`: the turn procedure as a flowchart.  The ``next``
  edges are walked from the first phase in the order the tables list them (the
  turn order); every phase or step opens a lane and every other node joins the
  lane it was reached from.  Lanes are columns in turn order under a band per
  phase, steps stacked inside; the columns wrap into a second row when one row
  would be too narrow to read.  Activation conditions are drawn inside the check
  timing that plays what they trigger; rule actions stand in a panel, and each
  timing where they are checked carries a mark.
* :func:`lane_index`: which lane of the procedure a clause belongs to, so that
  a replay's records can be placed in the same lanes (:mod:`judge.graphs.timeline`).
* :func:`text_width` and :func:`wrap`: how wide a text is in the pages' font, to
  size boxes without a browser.

Coordinates are SVG user units (pixels at scale 1); boxes are ``(x, y, w, h)``
with ``(x, y)`` the top-left corner.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

# --------------------------------------------------------------------------- text metrics

# Advance widths of Liberation Sans / Arial in thousandths of an em (the pages ask for those fonts first).
_WIDTHS: dict[str, int] = {" ": 278, "!": 278, '"': 355, "'": 191, "(": 333, ")": 333, "*": 389, ",": 278}
_WIDTHS.update({"-": 333, ".": 278, "/": 278, ":": 278, ";": 278, "[": 278, "]": 278, "|": 260, "@": 1015})
_WIDTHS.update({"%": 889, "&": 667, "<": 584, ">": 584, "=": 584, "+": 584, "?": 556, "_": 556, "#": 556})
_WIDTHS.update(dict.fromkeys("0123456789$", 556))
_WIDTHS.update(dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", (667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667,
                                                      556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667,
                                                      944, 667, 667, 611))))  # fmt: skip
_WIDTHS.update(dict(zip("abcdefghijklmnopqrstuvwxyz", (556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
                                                      222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500,
                                                      722, 500, 500, 500))))  # fmt: skip
_OTHER_WIDTH = 1000  # symbols and letters outside ASCII: an em, so a box is never too small for them


def text_width(text: str, size: float) -> float:
    """The width of ``text`` set in ``size`` px Liberation Sans (Arial metrics)."""
    return sum(_WIDTHS.get(char, 600 if char.isascii() else _OTHER_WIDTH) for char in text) * size / 1000


def wrap(text: str, width: float, size: float, max_lines: int = 0) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (a word longer than a line is cut).

    With ``max_lines``, lines past it are dropped and the last one kept ends with an ellipsis.
    """
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if text_width(candidate, size) <= width or not current:
            current = candidate
        else:
            lines.append(current)
            current = word
        while text_width(current, size) > width and len(current) > 1:
            cut = len(current)
            while cut > 1 and text_width(current[:cut], size) > width:
                cut -= 1
            lines.append(current[:cut])
            current = current[cut:]
    if current:
        lines.append(current)
    if max_lines and len(lines) > max_lines:
        last = lines[max_lines - 1]
        while last and text_width(last + "…", size) > width:
            last = last[:-1]
        lines = lines[: max_lines - 1] + [last.rstrip() + "…"]
    return lines or [""]


# --------------------------------------------------------------------------- shapes


@dataclass
class Box:
    """A node drawn as a box: where, what it says, and what shows on hover."""

    id: str
    kind: str
    x: float
    y: float
    w: float
    h: float
    lines: list[str]
    hover: list[str]
    clause: str = ""
    role: str = "node"
    """``node``, ``band`` (a phase spanning its columns), ``header`` (a step heading its column), ``tag`` (an
    activation condition or rule action drawn inside another box), ``panel`` (in the rule actions panel)."""
    marks: str = ""
    """Short symbols drawn at the top right corner (the mark of timings where rule actions are checked)."""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def mid_y(self) -> float:
        return self.y + self.h / 2

    @property
    def mid_x(self) -> float:
        return self.x + self.w / 2


@dataclass
class Route:
    """An edge drawn as a polyline from ``points[0]`` to ``points[-1]`` (the arrowhead's end)."""

    source: str
    target: str
    relation: str
    points: list[tuple[float, float]]
    condition: str = ""
    hover: str = ""
    label: str = ""
    """The branch written on the arrow: ``yes`` or ``no`` out of a question, else its condition in a few words."""
    label_at: tuple[float, float, str] = (0.0, 0.0, "middle")
    """Where the label is written: x, baseline y, and its anchor (``middle`` on a segment, ``start`` beside one)."""


@dataclass
class Frame:
    """A labelled rectangle behind boxes: a phase's lanes, a column, the rule actions panel."""

    x: float
    y: float
    w: float
    h: float
    label: str = ""
    role: str = "lane"


@dataclass
class Drawing:
    """Everything a page draws, in one coordinate system ``width`` x ``height``."""

    width: float
    height: float
    boxes: list[Box] = field(default_factory=list)
    routes: list[Route] = field(default_factory=list)
    frames: list[Frame] = field(default_factory=list)
    notes: list[tuple[float, float, str, str]] = field(default_factory=list)
    """Free text: (x, y of the baseline, text, css class)."""


# --------------------------------------------------------------------------- the procedure's lanes

LANE_KINDS = ("phase", "step")
FONT = 12.0
LINE = 14.5
TAG_FONT = 10.5
TAG_LINE = 15.0
PAD = 5.0
GAP = 17.0
BAND_HEADER = 28.0
TARGET_WIDTH = 1380.0
MIN_COLUMN = 150.0
COMFORTABLE_COLUMN = 185.0
MAX_STACK = 9
"""A column of more nodes than this goes on in a second column."""
TARGET_HEIGHT = 900.0
BOX_SHARE = 0.80
"""A box takes this share of its column; the rest is the gutter where edges run."""


@dataclass
class Lanes:
    """The procedure graph cut into lanes in turn order."""

    order: list[str]
    """Every node on the ``next`` path, in the order a turn reaches it."""
    lane_of: dict[str, str]
    """Each node on the path: the phase or step node whose lane it is in."""
    lanes: list[str]
    """Lane keys (phase and step nodes) in turn order."""
    phase_of: dict[str, str]
    """Each lane: the phase it belongs to (a phase's own lane belongs to itself)."""
    loop_lanes: set[str]
    """Lanes inside a loop of the turn that goes back to an earlier lane of the same phase (the attacks)."""
    loop_starts: set[str]
    """The lanes such loops go back to."""


def _next_adjacency(graph: nx.MultiDiGraph) -> dict[str, list[str]]:
    adjacency: dict[str, list[str]] = {node: [] for node in graph.nodes}
    for source, target, data in graph.edges(data=True):
        if data.get("relation") == "next" and target not in adjacency[source]:
            adjacency[source].append(target)
    return adjacency


def procedure_lanes(graph: nx.MultiDiGraph) -> Lanes:
    """Walk the ``next`` edges depth first from the first phase, in the tables' order, and cut into lanes."""
    adjacency = _next_adjacency(graph)
    kinds = {node: data.get("kind", "") for node, data in graph.nodes(data=True)}
    start = next((node for node in graph.nodes if kinds[node] == "phase"), None)
    if start is None:
        return Lanes([], {}, [], {}, set(), set())
    order: list[str] = [start]
    parent: dict[str, str | None] = {start: None}
    stack = [(start, iter(adjacency[start]))]
    while stack:
        node, targets = stack[-1]
        following = next(targets, None)
        if following is None:
            stack.pop()
        elif following not in parent:
            parent[following] = node
            order.append(following)
            stack.append((following, iter(adjacency[following])))
    lane_of: dict[str, str] = {}
    phase_of: dict[str, str] = {}
    lanes: list[str] = []
    for node in order:
        up = parent[node]
        if kinds[node] in LANE_KINDS:
            lane_of[node] = node
            lanes.append(node)
            phase_of[node] = node if kinds[node] == "phase" or up is None else phase_of[lane_of[up]]
        else:
            lane_of[node] = lane_of[up] if up is not None else node
    position = {lane: number for number, lane in enumerate(lanes)}
    loop_lanes: set[str] = set()
    loop_starts: set[str] = set()
    for source in order:
        for target in adjacency[source]:
            back, ahead = lane_of.get(target), lane_of.get(source)
            if back is None or ahead is None or back == ahead or position[back] == 0:
                continue
            if position[back] < position[ahead] and phase_of[back] == phase_of[ahead]:
                loop_starts.add(back)
                loop_lanes.update(lanes[position[back] : position[ahead] + 1])
    return Lanes(order, lane_of, lanes, phase_of, loop_lanes, loop_starts)


def lane_index(graph: nx.MultiDiGraph, lanes: Lanes) -> dict[str, str]:
    """Each clause cited by a node on the ``next`` path: the lane of that node (the first one, in turn order)."""
    index: dict[str, str] = {}
    for node in lanes.order:
        clause = str(graph.nodes[node].get("clause", ""))
        if clause and clause not in index:
            index[clause] = lanes.lane_of[node]
    return index


# --------------------------------------------------------------------------- the procedure flowchart


def _hover(graph: nx.MultiDiGraph, node: str) -> list[str]:
    data = graph.nodes[node]
    lines = [str(data.get("label", node))]
    clause = str(data.get("clause", ""))
    title = str(data.get("title", ""))
    if clause:
        lines.append(f"{clause}: {title}" if title else clause)
    lines.append(f"{data.get('kind', '')} · {node}")
    return lines


def _display_label(data: Mapping[str, Any]) -> str:
    label = str(data.get("label", ""))
    if data.get("kind") == "check-timing" and label.startswith("check timing "):
        return label[len("check timing ") :]  # the shape says it is a check timing
    return label


def _balanced_bands(groups: list[int], bands: int) -> list[int]:
    """Cut the sequence of column counts ``groups`` into ``bands`` runs; the first index of each run.

    Picks the cut with the fewest columns in the widest run (ties: the earliest cut).
    """
    best: tuple[int, list[int]] | None = None
    count = len(groups)

    def cuts(start: int, left: int) -> Iterable[list[int]]:
        if left == 1:
            yield [start]
            return
        for cut in range(start + 1, count - left + 2):
            for rest in cuts(cut, left - 1):
                yield [start, *rest]

    for candidate in cuts(0, min(bands, count)):
        ends = [*candidate[1:], count]
        widest = max(sum(groups[a:b]) for a, b in zip(candidate, ends))
        if best is None or widest < best[0]:
            best = (widest, candidate)
    return best[1] if best else [0]


@dataclass
class _Flow:
    """What :func:`procedure_layout` works from: lanes, columns per phase, and what hangs off the path."""

    lanes: Lanes
    kinds: dict[str, str]
    columns_of: dict[str, list[tuple[str, list[str]]]]
    """Each phase: its columns, as (the step heading the column or "", the nodes top to bottom)."""
    attached: dict[str, list[str]]
    """A check timing: the activation conditions whose abilities it plays (drawn inside it)."""
    checked: dict[str, list[str]]
    """A rule action: the timings where it is checked."""
    every_check_timing: list[str]
    """Rule actions checked at every check timing: not drawn as edges, the timings get a mark instead."""
    elsewhere: dict[str, list[str]]
    """A node on the path: the other rule actions checked there (drawn inside it)."""
    panel: list[str]
    """Nodes neither on the path nor drawn inside another: the rule actions panel."""


def flow_of(graph: nx.MultiDiGraph) -> _Flow:
    """The lanes and columns of a procedure graph and what hangs off its path (for :func:`procedure_layout`
    and the Graphviz flowchart, :func:`judge.graphs.export.procedure_dot`)."""
    return _flow(graph)


def _flow(graph: nx.MultiDiGraph) -> _Flow:
    lanes = procedure_lanes(graph)
    kinds = {node: str(data.get("kind", "")) for node, data in graph.nodes(data=True)}
    on_path = set(lanes.order)
    check_timings = {node for node in graph.nodes if kinds[node] == "check-timing"}
    attached: dict[str, list[str]] = {}
    checked: dict[str, list[str]] = {}
    for source, target, data in graph.edges(data=True):
        relation = data.get("relation")
        if relation == "may_trigger" and source not in on_path and target in on_path:
            if not any(source in members for members in attached.values()):
                attached.setdefault(target, []).append(source)
        elif relation == "checked_at":
            checked.setdefault(source, []).append(target)
    every = [action for action, targets in checked.items() if check_timings and set(targets) == check_timings]
    elsewhere: dict[str, list[str]] = {}
    for action, targets in checked.items():
        if action not in every:
            for target in targets:
                if target in on_path:
                    elsewhere.setdefault(target, []).append(action)
    members: dict[str, list[str]] = {lane: [] for lane in lanes.lanes}
    for node in lanes.order:
        if node != lanes.lane_of[node]:
            members[lanes.lane_of[node]].append(node)
    steps_of: dict[str, list[str]] = {}
    for lane in lanes.lanes:
        if lanes.phase_of[lane] != lane:
            steps_of.setdefault(lanes.phase_of[lane], []).append(lane)
    columns_of: dict[str, list[tuple[str, list[str]]]] = {}
    for phase in (lane for lane in lanes.lanes if lanes.phase_of[lane] == lane):
        steps = steps_of.get(phase, [])
        own = members[phase]
        # A phase with steps and a single node of its own before them lends it to its first step's column.
        columns = [("", own)] if not steps or len(own) > 1 else []
        for number, step in enumerate(steps):
            lead = own if number == 0 and len(own) == 1 else []
            columns.append((step, [*lead, step, *members[step]]))
        # A column much taller than the others goes on in a second column beside it.
        split: list[tuple[str, list[str]]] = []
        for step, nodes in columns:
            parts = math.ceil(len(nodes) / MAX_STACK)
            size = math.ceil(len(nodes) / parts)
            split += [(step if index == 0 else "", nodes[index : index + size]) for index in range(0, len(nodes), size)]
        columns_of[phase] = split
    tagged = {node for group in attached.values() for node in group}
    panel = [node for node in graph.nodes if node not in on_path and node not in tagged]
    return _Flow(lanes, kinds, columns_of, attached, checked, every, elsewhere, panel)


def _band_choices(counts: list[int]) -> Iterable[tuple[list[int], int, int]]:
    """Every way worth trying to cut phases (their column counts) into rows, fewest rows first: the first
    phase of each row, the row the rule actions panel goes into, and the number of column slots a row has
    (the panel needs one free slot at least)."""
    for bands in range(1, len(counts) + 1):
        starts = _balanced_bands(counts, bands)
        ends = [*starts[1:], len(counts)]
        sums = [sum(counts[a:b]) for a, b in zip(starts, ends)]
        panel_band = min(range(len(sums)), key=lambda band: (sums[band], band))
        yield starts, panel_band, max(max(sums), sums[panel_band] + 1)


def procedure_layout(graph: nx.MultiDiGraph, width: float = TARGET_WIDTH, height: float = TARGET_HEIGHT) -> Drawing:
    """The procedure graph as a flowchart (see the module docstring), in as many rows of columns as make it
    most readable once scaled to fit ``width`` x ``height``: largest text, fewest lines wrapped in narrow
    columns (none narrower than :data:`MIN_COLUMN`)."""
    flow = _flow(graph)
    counts = [len(columns) for columns in flow.columns_of.values()]
    best: tuple[float, Drawing] | None = None
    for starts, panel_band, slots in _band_choices(counts) if counts else [([0], 0, 1)]:
        if width / slots < MIN_COLUMN and best is not None:
            continue
        drawing = _flowchart(graph, flow, starts, panel_band, slots, width)
        # How large the text ends up: scaled down to fit the height, and squeezed by narrow columns.
        scale = min(1.0, height / drawing.height) * min(1.0, width / slots / COMFORTABLE_COLUMN)
        if best is None or scale > best[0] + 0.01:
            best = (scale, drawing)
    assert best is not None
    return best[1]


def _flowchart(
    graph: nx.MultiDiGraph, flow: _Flow, starts: list[int], panel_band: int, slots: int, width: float
) -> Drawing:
    """The flowchart with the phases cut into rows at ``starts`` and ``slots`` columns to a row."""
    kinds = flow.kinds
    phases = list(flow.columns_of)
    ends = [*starts[1:], len(phases)]
    column_width = width / slots
    box_width = column_width * BOX_SHARE
    margin = (column_width - box_width) / 2
    marked = {node for node in graph.nodes if kinds[node] == "check-timing"} if flow.every_check_timing else set()

    drawing = Drawing(width=width, height=0)
    place: dict[str, Box] = {}
    where: dict[str, tuple[int, int, int]] = {}  # node -> (band, column, slot); slot -1 for a phase band

    def label_of(node: str) -> str:
        return str(graph.nodes[node].get("label", node))

    # Where each node goes, before any is drawn: an edge back to an earlier column or row is not drawn as a
    # line across the chart but as an exit line inside its source ("↩ attack declaration step").
    position: dict[str, tuple[int, int, int]] = {}
    for band, (first, last) in enumerate(zip(starts, ends)):
        column = 0
        for phase in phases[first:last]:
            position[phase] = (band, column, -1)
            for _, nodes in flow.columns_of[phase]:
                position.update((node, (band, column, slot)) for slot, node in enumerate(nodes))
                column += 1
    exits: dict[str, list[tuple[str, str]]] = {}
    channel_need: dict[int, int] = {}  # a row: how many edges run along the channel under it
    for source, target, data in graph.edges(data=True):
        if data.get("relation") == "next" and source in position and target in position:
            (band_a, col_a, _), (band_b, col_b, _) = position[source], position[target]
            if band_b < band_a or (band_b == band_a and col_b < col_a):
                exits.setdefault(source, []).append((target, str(data.get("condition", ""))))
            elif band_b > band_a or col_b > col_a + 1:
                channel_need[band_a] = channel_need.get(band_a, 0) + 1

    def tag_lines(tag: str, w: float) -> list[str]:
        text = label_of(tag)
        if kinds[tag] == "activation":
            return wrap("⚡ " + text.removeprefix("at the "), w, TAG_FONT)
        return wrap("◆ " + text, w, TAG_FONT)

    def box_for(node: str, x: float, y: float, w: float, role: str) -> Box:
        data = graph.nodes[node]
        size = FONT + 1 if role in ("band", "header") else FONT
        lines = wrap(
            _display_label(data), w - 2 * PAD - (10 if node in marked else 0), size, 1 if role == "band" else 0
        )
        tags = [*flow.attached.get(node, []), *flow.elsewhere.get(node, [])]
        tag_texts = [tag_lines(tag, w - 2 * PAD - 6) for tag in tags]
        exit_texts = [wrap("↩ " + label_of(target), w - 2 * PAD - 6, TAG_FONT) for target, _ in exits.get(node, [])]
        inner = sum(len(text) for text in [*tag_texts, *exit_texts]) * TAG_LINE
        height = BAND_HEADER if role == "band" else len(lines) * LINE + 2 * PAD + inner
        hover = _hover(graph, node)
        hover += [f"plays what is triggered {label_of(tag)}" for tag in flow.attached.get(node, [])]
        if node in marked:
            hover.append("◆ the check type rule actions are checked here (see the rule actions panel)")
        hover += [f"rule action checked here: {label_of(action)}" for action in flow.elsewhere.get(node, [])]
        for _, target, edge in graph.out_edges(node, data=True):
            if edge.get("relation") == "next" and edge.get("condition"):
                hover.append(f"→ {label_of(target)}, if {edge['condition']}")
        box = Box(node, kinds[node], x, y, w, height, lines, hover, str(data.get("clause", "")), role)
        box.marks = "◆" if node in marked else ""
        place[node] = box
        drawing.boxes.append(box)
        tag_y = y + PAD + len(lines) * LINE + 1
        for tag, text in zip(tags, tag_texts):
            identity = tag if kinds[tag] == "activation" else f"{tag}@{node}"
            tag_box = Box(
                identity, kinds[tag], x + PAD, tag_y, w - 2 * PAD, len(text) * TAG_LINE - 2, text, _hover(graph, tag)
            )
            tag_box.clause, tag_box.role = str(graph.nodes[tag].get("clause", "")), "tag"
            tag_box.extra["node"] = tag
            drawing.boxes.append(tag_box)
            tag_y += len(text) * TAG_LINE
        for (target, condition), text in zip(exits.get(node, []), exit_texts):
            tip = [f"then back to: {label_of(target)}" + (f", if {condition}" if condition else "")]
            tip += _hover(graph, target)[1:2]
            exit_box = Box(
                f"exit:{node}->{target}", "exit", x + PAD, tag_y, w - 2 * PAD, len(text) * TAG_LINE - 2, text, tip
            )
            exit_box.role = "exit"
            exit_box.extra.update(source=node, target=target, condition=condition)
            drawing.boxes.append(exit_box)
            tag_y += len(text) * TAG_LINE
        return box

    def continued(step: str, x: float, y: float, w: float) -> float:
        """The header of a column where the one before it goes on: the step's name, "(continued)"; its bottom."""
        lines = wrap(f"{label_of(step)} (continued)", w - 2 * PAD, FONT + 1)
        box = Box(f"{step}@continued", kinds[step], x, y, w, len(lines) * LINE + 2 * PAD, lines, _hover(graph, step))
        box.clause, box.role = str(graph.nodes[step].get("clause", "")), "header"
        box.extra["node"] = step
        drawing.boxes.append(box)
        return box.bottom

    def panel(x: float, y: float, w: float) -> float:
        """The rule actions panel from (x, y), ``w`` wide; where it ends."""
        top = y
        drawing.notes.append((x + 6, y + 16, "rule actions", "panel-title"))
        y += 22
        groups: list[tuple[str, list[str]]] = []
        if flow.every_check_timing:
            groups.append(("checked at every check timing (◆):", flow.every_check_timing))
        by_timing: dict[str, list[str]] = {}
        for action, targets in flow.checked.items():
            if action not in flow.every_check_timing:
                timing = next((t for t in targets if kinds.get(t) == "timing"), "")
                by_timing.setdefault(timing, []).append(action)
        for timing, actions in by_timing.items():
            groups.append((f"checked at {label_of(timing)}:" if timing else "checked at:", [timing, *actions]))
        shown = {node for _, group in groups for node in group}
        rest = [node for node in flow.panel if node not in shown]
        if rest:
            groups.append(("also:", rest))
        inner = w - 12
        for heading, group in groups:
            for line in wrap(heading, inner, 11):
                y += 14
                drawing.notes.append((x + 6, y, line, "panel-heading"))
            y += 6
            for node in group:
                if node and node not in place:
                    box = box_for(node, x + 6, y, inner, "panel")
                    where[node] = (-1, -1, -1)
                    y = box.bottom + 6
            y += 4
        drawing.frames.append(Frame(x, top, w, y - top, "", "panel"))
        return y

    top = 8.0
    channels: list[float] = []
    band_tops: list[float] = []
    for band, (first, last) in enumerate(zip(starts, ends)):
        band_tops.append(top)
        column = 0
        bottom = top + BAND_HEADER
        frames: list[Frame] = []
        for phase in phases[first:last]:
            columns = flow.columns_of[phase]
            span = len(columns) * column_width
            box_for(phase, column * column_width + margin, top, span - 2 * margin, "band")
            where[phase] = (band, column, -1)
            frames.append(Frame(column * column_width + margin / 2, top - 4, span - margin, 0, "", "phase"))
            heading = ""  # the step whose column goes on in the next one, headed "(continued)"
            for step, nodes in columns:
                y = top + BAND_HEADER + GAP
                heading = step or heading
                if not step and heading:
                    y = continued(heading, column * column_width + margin, y, box_width) + GAP
                for slot, node in enumerate(nodes):
                    box = box_for(
                        node, column * column_width + margin, y, box_width, "header" if node == step else "node"
                    )
                    where[node] = (band, column, slot)
                    y = box.bottom + GAP
                bottom = max(bottom, y - GAP)
                column += 1
        if band == panel_band and flow.panel:
            bottom = max(
                bottom, panel(column * column_width + margin / 2, top - 4, (slots - column) * column_width - margin)
            )
        for frame in frames:
            frame.h = bottom - frame.y + 6
        drawing.frames[:0] = frames
        channels.append(bottom + 12)
        top = bottom + 12 + 6 * channel_need.get(band, 0) + 12
    drawing.height = top

    skip = {(node, target) for node, targets in exits.items() for target, _ in targets}
    _route_next_edges(graph, drawing, place, where, channels, column_width, skip)
    return drawing


def _route_next_edges(
    graph: nx.MultiDiGraph,
    drawing: Drawing,
    place: Mapping[str, Box],
    where: Mapping[str, tuple[int, int, int]],
    channels: list[float],
    column_width: float,
    skip: set[tuple[str, str]],
) -> None:
    """Draw every ``next`` edge as right-angled lines that run between columns, never across a box.

    Down a column: a straight arrow.  Back up (or skipping down) a column: out of the right side and back in.
    To the next column: through the gutter between them.  Anywhere else: down to the channel under the row,
    along it, and up the gutter left of the target (for a target in an earlier row: along the left margin).
    """
    used: dict[tuple[str, int, int], int] = {}
    into: dict[str, tuple[float, float]] = {}  # a target reached through the channel: its channel y and gutter x

    def lane(side: str, band: int, column: int) -> int:
        key = (side, band, column)
        used[key] = used.get(key, 0) + 1
        return used[key] - 1

    gutter = column_width * (1 - BOX_SHARE) / 2
    step = max(3.0, min(5.0, gutter / 5))
    for source, target, data in graph.edges(data=True):
        if data.get("relation") != "next" or source not in place or target not in place:
            continue
        if (source, target) in skip:
            continue
        a, b = place[source], place[target]
        (band_a, col_a, slot_a), (band_b, col_b, slot_b) = where[source], where[target]
        points: list[tuple[float, float]]
        from_band = slot_a == -1 and slot_b == 0 and b.y > a.y and a.x <= b.mid_x <= a.right
        if band_a == band_b and (from_band or (col_a == col_b and slot_b == slot_a + 1)):
            points = [(b.mid_x, a.bottom), (b.mid_x, b.y)]
        elif band_a == band_b and slot_b == -1 and b.x <= a.mid_x <= b.right and slot_a >= 0:
            x = max(a.right, b.right) + 5 + step * lane("right", band_a, col_a)
            points = [(a.right, a.mid_y), (x, a.mid_y), (x, b.mid_y), (b.right, b.mid_y)]
        elif band_a == band_b and col_a == col_b and slot_b > slot_a:
            x = min(a.x, b.x) - 5 - step * lane("left", band_a, col_a)
            points = [(a.x, a.mid_y), (x, a.mid_y), (x, b.mid_y), (b.x, b.mid_y)]
        elif band_a == band_b and col_a == col_b and slot_b >= 0:
            x = max(a.right, b.right) + 5 + step * lane("right", band_a, col_a)
            points = [(a.right, a.mid_y), (x, a.mid_y), (x, b.mid_y), (b.right, b.mid_y)]
        elif band_a == band_b and col_b == col_a + 1:  # through the gutter: one lane per target, shared
            if f"gutter:{target}" not in into:
                into[f"gutter:{target}"] = (0.0, b.x - 5 - step * lane("left", band_b, col_b))
            x = into[f"gutter:{target}"][1]
            enter = b.y + min(b.h / 2, 14)
            points = [(a.right, a.mid_y), (x, a.mid_y), (x, enter), (b.x, enter)]
        else:
            # Routes from one row into one target share their way from the channel on: one bundle, not a set of
            # parallel lines (the first route to a target picks the channel's level and the gutter's lane).
            x1 = a.right + 5 + step * lane("right", band_a, col_a)
            enter = b.y + min(b.h / 2, 14)
            shared = into.get(f"{band_a}:{target}")
            if shared is None:
                y_channel = channels[band_a] + 6 * lane("channel", band_a, 0)
                if band_b >= band_a:
                    x2 = b.x - 5 - step * lane("left", band_b, col_b)
                else:
                    x2 = 2 + 4 * lane("margin", 0, 0)
                into[f"{band_a}:{target}"] = (y_channel, x2)
            else:
                y_channel, x2 = shared
            points = [(a.right, a.mid_y), (x1, a.mid_y), (x1, y_channel), (x2, y_channel), (x2, enter), (b.x, enter)]
        condition = str(data.get("condition", ""))
        hover = f"{graph.nodes[source].get('label', source)} → {graph.nodes[target].get('label', target)}"
        route = Route(source, target, "next", points, condition, hover)
        if condition:
            route.hover += f", if {condition}"
            _place_branch_label(route, str(graph.nodes[source].get("label", source)))
        drawing.routes.append(route)


BRANCH_FONT = 9.5
NEGATIONS = re.compile(r"\b(?:no|not|neither|nothing|none|fewer)\b", re.IGNORECASE)


def branch_words(question: str, condition: str) -> tuple[str, str]:
    """What an arrow out of ``question`` says: ``yes``/``no`` when the box asks a question, else the condition
    in a few words; with a shorter form for a narrow place (its first words)."""
    if question.rstrip().endswith("?"):
        answer = "no" if NEGATIONS.search(condition) else "yes"
        return answer, answer
    words = re.split(r"[:(;]", condition)[0].strip().removeprefix("the turn player ").removeprefix("the ")
    meaningful = [word for word in words.split() if word.lower() not in ("a", "an", "the")]
    return words, " ".join(meaningful[:2])


def _place_branch_label(route: Route, question: str) -> None:
    """Write the branch on the route's longest level segment (or beside its only one, going down), in full where
    it fits, else in its first words."""
    full, short = branch_words(question, route.condition)
    segments = list(zip(route.points, route.points[1:]))
    level = [(a, b) for a, b in segments if abs(a[1] - b[1]) < 0.5 and abs(a[0] - b[0]) > 0.5]
    if level:
        a, b = max(level, key=lambda pair: abs(pair[0][0] - pair[1][0]))
        room = abs(a[0] - b[0]) - 6
        route.label = full if text_width(full, BRANCH_FONT) <= room else short
        route.label_at = ((a[0] + b[0]) / 2, a[1] - 3, "middle")
    else:
        a, b = segments[0]
        route.label = short
        route.label_at = (a[0] + 3, (a[1] + b[1]) / 2 + 3, "start")
