"""A replayed game along time: one turn (or one attack) at a time, what triggered what within it.

The trigger graph of a game (:func:`judge.graphs.dynamic.replay_graph`) says what triggered what, but not
when; drawn as one picture it is a thousand nodes, most of them check timings where nothing happened.  This
module cuts the game's records into turns, and each turn into segments: its phases, and in the attack (or
battle) phase one segment per attack.  Segments follow the lanes of the game's procedure
(:func:`judge.graphs.layout.procedure_lanes`): a record belongs to the lane of the procedure node its clause
falls under, and a turn going back to an earlier lane of the same phase (the next attack) opens a segment.

In a segment every record is a line in time order; check timings that did nothing are folded into a count;
phase and step boundaries are thin separators; an ability is drawn where it is played, and the edges of the
trigger graph (``triggered``, ``played``, ``caused``, ``performed``) are arcs beside the lines.  Over the
turns, a strip of the whole game: each turn's attacks, abilities, rule actions and longest chain.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import networkx as nx

from engine.core.protocol import ABILITY_ID, IN_ABILITY, PLAYED, ActionRecord, RecordKind
from engine.core.wording import counted
from judge import games
from judge.graphs.dynamic import longest_chain, replay_graph
from judge.graphs.layout import Box, Drawing, Frame, Lanes, Route, lane_index, procedure_lanes, wrap
from judge.graphs.pages import clause_link, drawing_svg, dumps, legend, page
from judge.graphs.static import procedure_graph

FONT = 12.0
LINE = 14.5
ITEM_GAP = 5.0
SEPARATOR = 15.0
ARC_GUTTER = 34.0
TITLE = 22.0
WIDTH = 1380.0
COLUMN_HEIGHT = 760.0
"""A turn's segments are packed into as few columns as keep each under this height (at most MAX_COLUMNS)."""
MAX_COLUMNS = 5
MAX_COLUMN_WIDTH = 760.0
NARROW_WIDTH = 420.0
"""A view's width for a phone: its blocks one under another, in one column."""
RELATIONS = ("triggered", "played", "caused", "performed")
RELATION_COLORS = {"triggered": "#d9822b", "played": "#4b9a3c", "caused": "#6b7785", "performed": "#c0392b"}


@dataclass
class Line:
    """One record drawn in a segment: a node of the trigger graph, a plain record, or a separator."""

    id: str
    kind: str
    text: str
    hover: list[str]
    clause: str
    separator: bool = False
    notes: list[str] = field(default_factory=list)
    """Edges from outside the segment, said in words (``← triggered by ...``)."""
    entry: int | None = None
    """The log entry this line is the first drawn line of, if any: the line the page links to its why answer."""


@dataclass
class Segment:
    """A phase of a turn, or one attack: its lines in time order and the check timings folded away."""

    key: str
    turn: int
    title: str
    lines: list[Line]
    folded: list[str]
    attack: bool = False
    phase: str = ""


@dataclass
class Turn:
    """One turn: its segments and what the game strip shows of it."""

    number: int
    player: str
    segments: list[Segment]
    abilities: int = 0
    rule_actions: int = 0
    chain: list[str] = field(default_factory=list)

    @property
    def attacks(self) -> list[Segment]:
        return [segment for segment in self.segments if segment.attack]


# --------------------------------------------------------------------------- cutting a game into segments


def _lane_of(record: ActionRecord, index: Mapping[str, str], lanes: Lanes) -> str | None:
    """The lane of the procedure node a record's clauses fall under, if one is in the record's phase."""
    for clause in record.clauses:
        candidate = clause
        while candidate:
            lane = index.get(candidate)
            if lane is not None:
                if lanes.phase_of.get(lane) == f"phase:{record.phase}":
                    return lane
                break
            head, _, tail = candidate.rpartition(".")
            candidate = head if tail and ":" in head else ""
    return None


def _item_ids(records: Sequence[ActionRecord], graph: nx.MultiDiGraph) -> dict[int, str | None]:
    """Each record's line: the id of its graph node, ``rec<seq>`` for a plain record, None when it is not
    drawn (an empty check timing is folded; an ability is drawn where it is played, not where it triggers)."""
    played = {record.data[ABILITY_ID] for record in records if ABILITY_ID in record.data and record.data.get(PLAYED)}
    ids: dict[int, str | None] = {}
    for record in records:
        seq, data = record.seq, record.data
        if f"ct{seq}" in graph:
            ids[seq] = f"ct{seq}" if graph.degree(f"ct{seq}") else None
        elif ABILITY_ID in data and IN_ABILITY not in data and f"ability{data[ABILITY_ID]}" in graph:
            node = f"ability{data[ABILITY_ID]}"
            plays = bool(data.get(PLAYED))
            ids[seq] = node if plays or data[ABILITY_ID] not in played else ""
        elif f"rule{seq}" in graph:
            ids[seq] = f"rule{seq}"
        elif f"event{seq}" in graph:
            ids[seq] = f"event{seq}"
        else:
            ids[seq] = f"rec{seq}"
    return ids


def game_turns(records: Sequence[ActionRecord], game: str, graph: nx.MultiDiGraph | None = None) -> list[Turn]:
    """The records of a replayed game cut into turns and segments (see the module docstring)."""
    graph = replay_graph(list(records), game=game) if graph is None else graph
    if game in games.available():
        procedure = procedure_graph(game)
        lanes = procedure_lanes(procedure)
        index = lane_index(procedure, lanes)
        names = {lane: str(procedure.nodes[lane].get("label", lane)) for lane in lanes.lanes}
    else:
        lanes, index, names = Lanes([], {}, [], {}, set(), set()), {}, {}
    order = {lane: number for number, lane in enumerate(lanes.lanes)}
    ids = _item_ids(records, graph)
    turns: list[Turn] = []
    current: Segment | None = None
    lane: str | None = None
    lanes_seen: list[str] = []
    attack_count = 0
    drawn_entries: set[int] = set()

    def close() -> None:
        if current is None:
            return
        steps = [names[seen] for seen in dict.fromkeys(lanes_seen) if seen in names and not seen.startswith("phase:")]
        if current.attack:
            first = next((line.text for line in current.lines if not line.separator), "")
            current.title = f"attack {attack_count}: {first}" if first else f"attack {attack_count}"
        elif steps:
            current.title = ", ".join(steps)

    for record in records:
        if not turns or record.turn != turns[-1].number:
            close()
            current = None
            attack_count = 0
            turns.append(Turn(record.turn, record.player or "", []))
        turn = turns[-1]
        if not turn.player and record.player and record.kind is RecordKind.TIMING:
            turn.player = record.player
        found = _lane_of(record, index, lanes)
        phase_lane = f"phase:{record.phase}"
        same_phase = current is not None and current.phase == record.phase
        new_lane = found or (lane if same_phase else phase_lane)
        loops_back = (
            same_phase
            and lane in order
            and new_lane in order
            and order[new_lane] < order[lane]
            and new_lane in lanes.loop_starts
        )
        if current is None or not same_phase or loops_back:
            close()
            lanes_seen = []
            title = names.get(phase_lane, record.phase or "setup")
            current = Segment(f"t{record.turn}s{len(turn.segments)}", record.turn, title, [], [], phase=record.phase)
            turn.segments.append(current)
        lane = new_lane
        if lane:
            lanes_seen.append(lane)
        if lane in lanes.loop_lanes and lane not in lanes.loop_starts and not current.attack:
            current.attack = True
            attack_count += 1
        item = ids.get(record.seq)
        if item is None:
            current.folded.append(record.message)
            continue
        if item == "":
            continue
        hover = [
            record.message,
            f"turn {record.turn}, {record.phase}" + (f", {record.player}" if record.player else ""),
        ]
        if record.clauses:
            hover.append("clauses: " + ", ".join(record.clauses))
        if record.entry is not None:
            hover.append(f"log entry {record.entry}")
        if item in graph:
            kind = str(graph.nodes[item]["kind"])
        else:  # a record of an ability's resolution the trigger graph does not hold is still an event
            kind = "event" if record.kind is RecordKind.ABILITY else record.kind.value
        separator = item.startswith("rec") and record.kind is RecordKind.TIMING
        text = record.message
        if item.startswith("ability") and ABILITY_ID in record.data:
            trigger = next(
                (
                    other
                    for other in records
                    if other.data.get(ABILITY_ID) == record.data[ABILITY_ID]
                    and not other.data.get(PLAYED)
                    and other is not record
                ),
                None,
            )
            if trigger is not None:
                hover.insert(1, trigger.message)
        line = Line(item, kind, text, hover, record.clauses[0] if record.clauses else "", separator)
        if record.entry is not None and record.entry not in drawn_entries:
            line.entry = record.entry
            drawn_entries.add(record.entry)
        current.lines.append(line)
        if kind == "ability":
            turn.abilities += 1
        elif kind == "rule-action":
            turn.rule_actions += 1
    close()
    _turn_chains(turns, graph)
    return turns


def _turn_chains(turns: list[Turn], graph: nx.MultiDiGraph) -> None:
    """Each turn's longest chain of triggers and consequences (labels), for the game strip."""
    by_turn: dict[int, list[str]] = {}
    for node, data in graph.nodes(data=True):
        by_turn.setdefault(int(data.get("turn", 0)), []).append(node)
    for turn in turns:
        members = by_turn.get(turn.number, [])
        if members:
            chain = longest_chain(graph.subgraph(members))
            turn.chain = [str(graph.nodes[node]["label"]) for node in chain] if len(chain) >= 2 else []


# --------------------------------------------------------------------------- drawing a view


def _segment_height(segment: Segment, width: float) -> float:
    height = TITLE + 6
    for line in segment.lines:
        height += _line_height(line, width) + ITEM_GAP
    if segment.folded:
        height += SEPARATOR
    return height + 6


def _line_lines(line: Line, width: float) -> list[str]:
    if line.separator:
        return wrap(line.text, width - 8, 10.5, 1)
    return wrap(line.text, width - 12, FONT, 3) + [
        text for note in line.notes for text in wrap(note, width - 12, 10.5, 1)
    ]


def _line_height(line: Line, width: float) -> float:
    if line.separator:
        return SEPARATOR - ITEM_GAP + 2
    return len(_line_lines(line, width)) * LINE + 8


def _pack(heights: list[float], columns: int) -> list[int]:
    """Cut a sequence of heights into ``columns`` runs with the lowest tallest run; the first index of each."""
    count = len(heights)
    columns = max(1, min(columns, count))
    best: tuple[float, list[int]] | None = None

    def search(start: int, left: int, starts: list[int]) -> None:
        nonlocal best
        if left == 1:
            candidate = [*starts, start]
            ends = [*candidate[1:], count]
            tallest = max(sum(heights[a:b]) for a, b in zip(candidate, ends))
            if best is None or tallest < best[0]:
                best = (tallest, candidate)
            return
        for cut in range(start + 1, count - left + 2):
            if best is not None and sum(heights[start:cut]) >= best[0]:
                break
            search(cut, left - 1, [*starts, start])

    search(0, columns, [])
    assert best is not None
    return best[1]


def view_drawing(
    segments: Sequence[Segment],
    edges: Sequence[tuple[str, str, str]],
    docs_url: str | None,
    width: float = WIDTH,
    most_columns: int = MAX_COLUMNS,
) -> Drawing:
    """Segments packed into columns (in reading order: down, then right), each line a box, each edge of the
    trigger graph between two lines of one segment an arc left of them, any other edge said in words; ``width``
    and ``most_columns`` ask for a narrower drawing (a phone's: one column, block after block)."""
    del docs_url
    located = {line.id: segment.key for segment in segments for line in segment.lines}
    texts = {line.id: line.text for segment in segments for line in segment.lines}
    for segment in segments:
        for line in segment.lines:
            line.notes = []
    for source, target, relation in edges:
        if source in located and target in located and located[source] != located[target]:
            for segment in segments:
                for line in segment.lines:
                    if line.id == target:
                        line.notes.append(f"← {relation} by: {texts[source]}")
    columns = 1
    while True:
        column_width = min(width / columns, MAX_COLUMN_WIDTH)
        heights = [_segment_height(segment, column_width - ARC_GUTTER) for segment in segments]
        starts = _pack(heights, columns)
        ends = [*starts[1:], len(segments)]
        tallest = max(sum(heights[a:b]) for a, b in zip(starts, ends)) if segments else 0
        if tallest <= COLUMN_HEIGHT or columns >= min(most_columns, len(segments)):
            break
        columns += 1
    drawing = Drawing(width=width, height=0)
    place: dict[str, Box] = {}
    bottom = 0.0
    for column, (first, last) in enumerate(zip(starts, ends)):
        x0 = column * column_width + 4
        inner = column_width - 8
        y = 6.0
        for segment in segments[first:last]:
            top = y
            y += TITLE
            for line in segment.lines:
                lines = _line_lines(line, inner - ARC_GUTTER)
                h = _line_height(line, inner - ARC_GUTTER)
                role = "separator" if line.separator else "node"
                box = Box(
                    line.id,
                    line.kind,
                    x0 + ARC_GUTTER,
                    y,
                    inner - ARC_GUTTER - 4,
                    h,
                    lines,
                    line.hover,
                    line.clause,
                    role,
                    extra={} if line.entry is None else {"entry": line.entry},
                )
                place[line.id] = box
                drawing.boxes.append(box)
                y += h + ITEM_GAP
            if segment.folded:
                y += 2
                count = len(segment.folded)
                note = f"{count} check timing{'s' if count != 1 else ''} with nothing to do"
                drawing.notes.append((x0 + ARC_GUTTER, y + 9, note, "note"))
                y += SEPARATOR - 2
            y += 6
            frame = Frame(x0, top, inner, y - top, segment.title, "column")
            drawing.frames.append(frame)
            y += 6
        bottom = max(bottom, y)
    # Arcs: nested by length so that a longer arc runs outside the shorter ones it spans.
    arcs = [
        (source, target, relation)
        for source, target, relation in edges
        if source in place and target in place and located[source] == located[target]
    ]
    arcs.sort(key=lambda arc: abs(place[arc[1]].mid_y - place[arc[0]].mid_y))
    levels: list[tuple[float, float, int]] = []
    for source, target, relation in arcs:
        a, b = place[source], place[target]
        low, high = sorted((a.mid_y, b.mid_y))
        level = 0
        for other_low, other_high, other_level in levels:
            if other_low < high and low < other_high and other_level >= level:
                level = other_level + 1
        levels.append((low, high, level))
        x = a.x - 4 - min(level, 5) * 5
        points = [(a.x, a.mid_y - 2), (x, a.mid_y - 2), (x, b.mid_y + 2), (b.x, b.mid_y + 2)]
        hover = f"{a.lines[0] if a.lines else source} — {relation} → {b.lines[0] if b.lines else target}"
        drawing.routes.append(Route(source, target, relation, points, "", hover))
    drawing.height = bottom + 6
    return drawing


# --------------------------------------------------------------------------- the page

_REPLAY_STYLE = """<style>
#controls { font-size: 13px; margin: 4px 0 2px; }
#controls select { font-size: 13px; max-width: 720px; }
#controls button { font-size: 13px; }
#strip-box { overflow-x: auto; }
#strip { display: block; width: 100%; height: auto; margin: 2px 0 0; }
.view .narrow { display: none; }
@media (max-width: 760px) {
  #controls select { max-width: 70vw; }
  .view .wide { display: none; }
  .view .narrow { display: block; }
}
#strip .cell { cursor: pointer; }
#strip .cell:hover rect.bg, #strip .cell.on rect.bg { stroke: #d62728; stroke-width: 2; }
.view { display: none; }
.view.on { display: block; }
.route.triggered { stroke: #d9822b; } .route.played { stroke: #4b9a3c; }
.route.caused { stroke: #6b7785; } .route.performed { stroke: #c0392b; }
g.node.separator rect { fill: none; stroke: none; }
g.node.separator text { font-style: italic; fill: #667; }
a.why-link text { fill: #1f5fa8; text-decoration: underline; cursor: pointer; }
#why { position: fixed; right: 12px; bottom: 12px; width: min(560px, 92vw); max-height: 55vh; overflow: auto;
  background: #fff; border: 1px solid #889; border-radius: 5px; padding: 8px 12px; font-size: 12.5px;
  box-shadow: 0 2px 10px rgba(0,0,0,.25); z-index: 8; }
#why .head { font-weight: bold; margin-right: 1.5em; }
#why .point { color: #444; margin: 2px 0 4px; }
#why ul { margin: 2px 0 6px; padding-left: 1.3em; }
#why .close { position: absolute; right: 9px; top: 4px; font-size: 16px; text-decoration: none; color: #555; }
</style>"""

_REPLAY_SCRIPT = r"""
// What was legal at a log entry and why the rest was refused (judge why), in a panel over the view: opened by
// an entry's "why?" link or an address #why-N.  The answers are the page's #why-data (judge.why.page_data).
function whyPanel(showView) {
  var source = document.getElementById('why-data');
  if (!source) { return null; }
  var data = JSON.parse(source.textContent);
  var panel = document.getElementById('why');
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }
  function clauses(ids) {
    var span = el('span', 'clauses');
    ids.forEach(function (id, i) {
      span.appendChild(document.createTextNode(i ? ', ' : ' ('));
      var address = data.links[id];
      var item = el(address ? 'a' : 'span', null, id);
      if (address) { item.href = address; item.target = '_blank'; }
      span.appendChild(item);
    });
    if (ids.length) { span.appendChild(document.createTextNode(')')); }
    return span;
  }
  function open(hash) {
    var match = /^why-(\d+)$/.exec(hash || '');
    var found = match && data.entries[match[1]];
    if (!found) { return false; }
    var view = data.views[match[1]];
    if (view) { showView(view); }
    document.querySelectorAll('[data-entry].lit').forEach(function (g) { g.classList.remove('lit'); });
    document.querySelectorAll('[data-entry="' + match[1] + '"]').forEach(function (g) { g.classList.add('lit'); });
    panel.textContent = '';
    var close = el('a', 'close', '×');
    close.href = '#';
    close.setAttribute('aria-label', 'close');
    panel.appendChild(close);
    panel.appendChild(el('div', 'head', 'entry ' + match[1] + ' (line ' + found.line + '): ' + found.taken));
    panel.appendChild(el('div', 'point', found.point));
    var verbs = Object.keys(found.legal);
    panel.appendChild(el('div', null, verbs.length ? 'legal for ' + found.player + ':' : 'nothing legal here'));
    var legal = el('ul');
    verbs.forEach(function (verb) { legal.appendChild(el('li', null, verb + ': ' + found.legal[verb].join('; '))); });
    panel.appendChild(legal);
    if (found.refused.length) { panel.appendChild(el('div', null, 'refused, and why:')); }
    var refused = el('ul');
    found.refused.forEach(function (number) {
      var refusal = data.refusals[number];
      var item = el('li', null, refusal[0] + ': ' + refusal[1]);
      item.appendChild(clauses(refusal[2]));
      refused.appendChild(item);
    });
    panel.appendChild(refused);
    panel.hidden = false;
    return true;
  }
  window.addEventListener('hashchange', function () {
    if (!open(location.hash.slice(1))) { panel.hidden = true; }
  });
  return {open: open};
}

window.beforeFirstLayout = function () {
  var select = document.getElementById('pick');
  function show(id) {
    var view = document.getElementById('view-' + id);
    if (!view) { return; }
    document.querySelectorAll('.view.on').forEach(function (v) { v.classList.remove('on'); });
    view.classList.add('on');
    document.body.dataset.view = id;
    select.value = id;
    var turn = id.split('s')[0];
    document.querySelectorAll('#strip .cell').forEach(function (c) {
      c.classList.toggle('on', c.dataset.turn === turn);
    });
    if (window.graphPage) { window.graphPage.shrinkTexts(); window.graphPage.fit(); window.graphPage.report(); }
  }
  function step(by) {
    var i = select.selectedIndex + by;
    if (i >= 0 && i < select.options.length) { show(select.options[i].value); }
  }
  select.addEventListener('change', function () { show(select.value); });
  document.getElementById('prev').addEventListener('click', function () { step(-1); });
  document.getElementById('next').addEventListener('click', function () { step(1); });
  document.addEventListener('keydown', function (e) {
    if (e.target === select) { return; }
    if (e.key === 'ArrowRight') { step(1); } else if (e.key === 'ArrowLeft') { step(-1); }
  });
  document.querySelectorAll('#strip .cell').forEach(function (c) {
    c.addEventListener('click', function () { show(c.dataset.turn); });
  });
  var start = (location.hash || '').slice(1);
  var why = whyPanel(show);
  if (why && why.open(start)) {
    document.getElementById('opening').textContent = 'Opened on the entry the address names (#' + start + '), '
      + 'with what was legal there: ' + select.options[select.selectedIndex].text.trim() + '.';
  } else if (document.getElementById('view-' + start)) {
    show(start);
    document.getElementById('opening').textContent = 'Opened on the view the address names (#' + start + '): '
      + select.options[select.selectedIndex].text.trim() + '.';
  } else {
    show(document.body.dataset.start);
  }
};
"""


def _summary(turn: Turn) -> str:
    """What a turn held, as a sentence's words: ``1 attack, 5 abilities played, 3 rule actions``."""
    return (
        f"{counted(len(turn.attacks), 'attack')}, {counted(turn.abilities, 'ability', 'abilities')} played,"
        f" {counted(turn.rule_actions, 'rule action')}"
    )


def _opening(turns: Sequence[Turn], start: str) -> str:
    """Why the page opens where it does, in words."""
    turn = next((turn for turn in turns if f"t{turn.number}" == start), None)
    if turn is None:
        return ""
    if turn.chain:
        return (
            f"Opened on turn {turn.number}: the turn with the longest chain of triggers and their consequences"
            f" ({counted(len(turn.chain), 'step')}, starting with {turn.chain[0]}). Choose another turn or attack"
            " in the list or on the strip."
        )
    return (
        f"Opened on turn {turn.number}, the first turn of the game: no ability triggered another step."
        " Choose another turn or attack in the list or on the strip."
    )


STRIP_LEGEND: Final = (
    "strip: a cell per turn, coloured by its player",
    "⚔ an attack (⚔2: two)",
    "● an ability played (●●●+: more than three)",
    "◆ a rule action",
    "chain N: the turn's longest chain of triggers and consequences, N steps",
)
"""What the strip's marks mean, as the page's legend says it."""


def _strip(turns: Sequence[Turn], players: Sequence[str]) -> str:
    """The whole game in one row: a cell per turn with its player, attacks, abilities, rule actions, chain."""
    if not turns:
        return ""
    cell = max(34.0, min(90.0, WIDTH / len(turns)))
    width = max(WIDTH, cell * len(turns))
    colors = ["#dcecfb", "#fde6cf", "#d8f0d2", "#ece1f5"]
    opening = f'<svg id="strip" viewBox="0 0 {width:.0f} 62" style="min-width:{34 * len(turns)}px" '
    parts = [opening + 'xmlns="http://www.w3.org/2000/svg">']
    for number, turn in enumerate(turns):
        x = number * cell
        fill = colors[players.index(turn.player) % len(colors)] if turn.player in players else "#eeeeee"
        attacks = len(turn.attacks)
        tip = [f"turn {turn.number}" + (f" ({turn.player})" if turn.player else "")]
        tip.append(_summary(turn))
        if turn.chain:
            tip.append("longest chain: " + " → ".join(turn.chain))
        chain = f"chain {len(turn.chain)}" if turn.chain else ""
        marks = "".join(["⚔" if attacks else "", str(attacks) if attacks > 1 else ""])
        parts.append(
            f'<g class="cell" data-turn="t{turn.number}" data-tip="{html.escape(chr(10).join(tip), quote=True)}">'
            f'<rect class="bg" x="{x + 1:.1f}" y="1" width="{cell - 2:.1f}" height="60" rx="4" fill="{fill}" '
            'stroke="#999"/>'
            f'<text x="{x + cell / 2:.1f}" y="15" font-size="12" font-weight="bold" text-anchor="middle">'
            f"{turn.number}</text>"
            f'<text x="{x + cell / 2:.1f}" y="30" font-size="10.5" text-anchor="middle">{html.escape(marks)}</text>'
            f'<text x="{x + cell / 2:.1f}" y="43" font-size="10.5" text-anchor="middle" fill="#a0521a">'
            f"{'●' * min(turn.abilities, 3) + ('+' if turn.abilities > 3 else '')}"
            f"{'◆' * min(turn.rule_actions, 2)}</text>"
            f'<text x="{x + cell / 2:.1f}" y="56" font-size="9.5" text-anchor="middle" fill="#5a0f0a">{chain}</text>'
            "</g>"
        )
    parts.append("</svg>")
    return "".join(parts)


def replay_page(
    records: Sequence[ActionRecord],
    title: str,
    game: str,
    docs_url: str | None = None,
    graph: nx.MultiDiGraph | None = None,
    why: Mapping[str, Any] | None = None,
) -> str:
    """The page of a replayed game: a selector of turns and attacks, the game strip, and the chosen view.

    It opens on the turn with the longest chain of triggers (the first turn when none has one), or on the
    view named after ``#`` in the address (``#t17``, ``#t17s6``).  With ``why`` (``judge.why.page_data``),
    each log entry's first box links to what was legal there and why the rest was refused, shown in a panel
    (``#why-N`` in the address opens entry N's turn with it).
    """
    graph = replay_graph(list(records), title, game=game) if graph is None else graph
    turns = game_turns(records, game, graph)
    answered = why["entries"] if why is not None else {}
    entry_views: dict[str, str] = {}
    """Entry index (as text) -> the view of the turn it is drawn in."""
    for turn in turns:
        for line in (line for segment in turn.segments for line in segment.lines if line.entry is not None):
            if str(line.entry) in answered:
                entry_views[str(line.entry)] = f"t{turn.number}"
            else:
                line.entry = None
    edges = [(u, v, str(d.get("relation", ""))) for u, v, d in graph.edges(data=True) if d.get("relation") in RELATIONS]
    players = sorted({turn.player for turn in turns if turn.player})
    options: list[str] = []
    views: list[str] = []
    for turn in turns:
        key = f"t{turn.number}"
        folded = sum(len(segment.folded) for segment in turn.segments)
        label = f"turn {turn.number}" + (f" ({turn.player})" if turn.player else "") if turn.number else "setup"
        summary = _summary(turn)
        options.append(f'<option value="{key}">{html.escape(label)} · {summary}</option>')
        head = f"{label}: {summary}; {counted(folded, 'check timing')} with nothing to do, folded"
        views.append(_view(key, head, turn.segments, edges, docs_url))
        for segment in turn.attacks:
            options.append(
                f'<option value="{segment.key}">\u2003{html.escape(label)} · {html.escape(segment.title)}</option>'
            )
            views.append(_view(segment.key, f"{label}, {segment.title}", [segment], edges, docs_url))
    busiest = max(
        turns, key=lambda turn: (len(turn.chain), turn.abilities + turn.rule_actions, -turn.number), default=None
    )
    start = f"t{busiest.number}" if busiest is not None and busiest.chain else (f"t{turns[0].number}" if turns else "")
    if turns and turns[0].number == 0 and len(turns) > 1 and start == "t0":
        start = f"t{turns[1].number}"
    kinds = ["choice", "forced", "check-timing", "ability", "rule-action", "event"]
    notes = [f"arc colors: {', '.join(RELATIONS)}", "←/→ keys: previous/next", "hover a line for its clauses"]
    header = (
        _REPLAY_STYLE
        + legend(kinds, notes)
        + '<div id="controls"><button id="prev" type="button" aria-label="previous">◀</button> '
        + f'<select id="pick">{"".join(options)}</select>'
        + ' <button id="next" type="button" aria-label="next">▶</button></div>'
        + f'<div id="strip-box">{_strip(turns, players)}</div>'
        + legend((), STRIP_LEGEND)
        + f'<p id="opening" class="legend">{html.escape(_opening(turns, start))}</p>'
    )
    body = "\n".join(views)
    if why is not None:
        cited = {clause for _, _, clauses in why["refusals"] for clause in clauses}
        links = {clause: link for clause in sorted(cited) if (link := clause_link(clause, docs_url)) is not None}
        drawn = {entry: answer for entry, answer in answered.items() if entry in entry_views}
        data = {"entries": drawn, "refusals": why["refusals"], "views": entry_views, "links": links}
        body += f'\n<div id="why" hidden></div>\n<script type="application/json" id="why-data">{dumps(data)}</script>'
    return page(title, header, body, _REPLAY_SCRIPT, f' data-start="{html.escape(start, quote=True)}"')


def _view(
    key: str, head: str, segments: Sequence[Segment], edges: Sequence[tuple[str, str, str]], docs_url: str | None
) -> str:
    wide = drawing_svg(view_drawing(segments, edges, docs_url), docs_url, min_scale=0.85)
    narrow = view_drawing(segments, edges, docs_url, width=NARROW_WIDTH, most_columns=1)
    return (
        f'<div class="view" id="view-{key}"><div class="legend" style="padding:2px 12px">{html.escape(head)}</div>'
        + f'<div class="wide">{wide}</div><div class="narrow">{drawing_svg(narrow, docs_url, min_scale=1.0)}</div>'
        + "</div>"
    )
