"""The static graphs: the Weiss Schwarz turn procedure, its flowchart layout, and the clause graph of a rules
document.

The Vanguard turn procedure has its own checks, in ``test_vg_procedure``.
"""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import networkx as nx
import pytest

from engine.games.ws import attack as ws_attack
from engine.games.ws import phases as ws_phases
from engine.games.ws import procedure
from judge.graphs.layout import Box, branch_words, procedure_lanes, procedure_layout
from judge.graphs.static import clause_graph, procedure_graph
from rules_index.index import RulesIndex

SCALARS = (str, int, float, bool)
NODE_ATTRIBUTES = {"kind", "label", "clause", "title"}


@pytest.fixture(scope="module")
def graph() -> nx.MultiDiGraph:
    return procedure_graph("ws")


@pytest.fixture(scope="module")
def clauses() -> nx.MultiDiGraph:
    return clause_graph("ws")


def related(graph: nx.MultiDiGraph, source: str, relation: str) -> list[str]:
    """Targets of ``source``'s edges of one relation."""
    return [target for _, target, data in graph.out_edges(source, data=True) if data["relation"] == relation]


def next_of_kind(graph: nx.MultiDiGraph, start: str, kinds: set[str]) -> set[str]:
    """The nodes of ``kinds`` reached from ``start`` by ``next`` edges without passing another of them."""
    found: set[str] = set()
    seen = {start}
    todo = [start]
    while todo:
        for target in related(graph, todo.pop(), "next"):
            if graph.nodes[target]["kind"] in kinds:
                found.add(target)
            elif target not in seen:
                seen.add(target)
                todo.append(target)
    return found


def nodes_of(graph: nx.MultiDiGraph, kind: str) -> list[str]:
    return [node for node, data in graph.nodes(data=True) if data["kind"] == kind]


# -- the procedure graph ------------------------------------------------------


def test_phases_follow_each_other_in_a_turn_cycle(graph: nx.MultiDiGraph) -> None:
    order = ["stand", "draw", "clock", "main", "climax", "attack", "end", "stand"]
    for phase, following in itertools.pairwise(order):
        assert next_of_kind(graph, f"phase:{phase}", {"phase"}) - {f"phase:{phase}"} == {f"phase:{following}"}
    # Only the end phase can come back to itself (6.8.1.5: something is left to do).
    returning = [phase for phase in order if f"phase:{phase}" in next_of_kind(graph, f"phase:{phase}", {"phase"})]
    assert returning == ["end"]


def test_phases_match_the_engine(graph: nx.MultiDiGraph) -> None:
    assert [graph.nodes[f"phase:{phase}"]["clause"] for phase in ws_phases.PHASES] == [f"ws:6.{n}" for n in range(2, 9)]
    assert [key.removeprefix("step:") for key, _, _ in procedure.STEPS] == [*ws_attack.ATTACK_STEPS, "encore"]


def test_attack_steps_in_order_with_the_loop_and_the_frontal_branch(graph: nx.MultiDiGraph) -> None:
    boundaries = {"phase", "step"}
    assert next_of_kind(graph, "phase:attack", boundaries) == {"step:declaration"}
    assert next_of_kind(graph, "step:declaration", boundaries) == {"step:trigger", "step:encore"}
    assert next_of_kind(graph, "step:trigger", boundaries) == {"step:counter", "step:damage"}
    assert next_of_kind(graph, "step:counter", boundaries) == {"step:damage"}
    assert next_of_kind(graph, "step:damage", boundaries) == {"step:battle", "step:declaration"}
    assert next_of_kind(graph, "step:battle", boundaries) == {"step:declaration"}
    assert next_of_kind(graph, "step:encore", boundaries) == {"phase:end"}

    # The branch after the trigger step (7.3.1.3): counter step for a frontal attack, else damage step.
    into_counter = [(u, d) for u, _, d in graph.in_edges("step:counter", data=True) if d["relation"] == "next"]
    assert len(into_counter) == 1
    branch, data = into_counter[0]
    assert graph.nodes[branch]["clause"] == "ws:7.3.1.3"
    assert data["condition"] == "frontal attack"
    others = {target: d["condition"] for _, target, d in graph.out_edges(branch, data=True) if d["relation"] == "next"}
    assert others == {"step:counter": "frontal attack", "step:damage": "direct or side attack"}


def test_attack_phase_check_timing_only_before_the_first_declaration(graph: nx.MultiDiGraph) -> None:
    loop = nx.DiGraph((u, v) for u, v, d in graph.edges(data=True) if d["relation"] == "next" and v != "phase:end")
    assert "ct:7.2.1.1" not in nx.descendants(loop, "step:declaration")
    assert "ct:7.2.1.1" in nx.descendants(loop, "phase:attack")


def test_procedure_flow_is_one_cycle_through_every_procedure_node(graph: nx.MultiDiGraph) -> None:
    flow = nx.DiGraph((u, v) for u, v, d in graph.edges(data=True) if d["relation"] == "next")
    on_path = {n for n, d in graph.nodes(data=True) if d["kind"] not in {"activation", "rule-action", "timing"}}
    assert set(flow) == on_path
    assert nx.is_strongly_connected(flow)


def test_every_node_clause_resolves_and_titles_come_from_the_index(graph: nx.MultiDiGraph, index: RulesIndex) -> None:
    for node, data in graph.nodes(data=True):
        clause = index.resolve(data["clause"])
        assert clause is not None, node
        assert data["title"] == clause.heading, node
    assert graph.nodes["phase:stand"]["title"] == "Stand Phase"
    assert graph.nodes["ra:refresh"]["title"] == "Resolving a Reshuffle"


def test_check_timings_are_every_one_sections_6_and_7_trigger(graph: nx.MultiDiGraph, index: RulesIndex) -> None:
    triggers = re.compile(r"check timing is triggered|resolves a check timing|accompanying check timing", re.IGNORECASE)
    in_text = {
        clause.id
        for clause in index.documents["ws"].clauses
        if clause.number.split(".")[0] in {"6", "7"} and triggers.search(clause.text)
    }
    check_timings = nodes_of(graph, "check-timing")
    assert len(check_timings) == 27
    assert {graph.nodes[node]["clause"] for node in check_timings} == in_text


def test_check_rule_actions_are_checked_at_every_check_timing(graph: nx.MultiDiGraph) -> None:
    check_timings = set(nodes_of(graph, "check-timing"))
    kinds = {key: action_type for key, _, _, action_type in procedure.RULE_ACTIONS}
    assert set(nodes_of(graph, "rule-action")) == set(kinds)
    assert [key for key, t in kinds.items() if t == "interrupt"] == ["ra:refresh", "ra:level-up"]
    for action, action_type in kinds.items():
        targets = related(graph, action, "checked_at")
        if action_type == "check":
            assert sorted(targets) == sorted(check_timings), action
            assert graph.nodes[action]["label"].endswith("(check type)")
        else:
            assert targets == [procedure.ANY_MOMENT], action
            assert graph.nodes[action]["label"].endswith("(interrupt type)")


def test_beginning_of_draw_phase_triggers_the_draw_phase_first_check_timing(graph: nx.MultiDiGraph) -> None:
    activation = next(n for n, d in graph.nodes(data=True) if d["label"] == "at the beginning of draw phase")
    first = next_of_kind(graph, "phase:draw", {"check-timing"})
    assert first == {"ct:6.3.1.1"}
    assert related(graph, activation, "may_trigger") == ["ct:6.3.1.1"]


def test_every_activation_triggers_a_check_timing_of_its_own_phase_or_step(graph: nx.MultiDiGraph) -> None:
    activations = nodes_of(graph, "activation")
    assert len(activations) == 15
    for activation in activations:
        (timing,) = related(graph, activation, "may_trigger")
        assert graph.nodes[timing]["kind"] == "check-timing"
        own = graph.nodes[activation]["clause"].rsplit(".", 2)[0]
        assert graph.nodes[timing]["clause"].startswith(own + "."), activation
    # 6.5.1.1 and 7.4.1.1 trigger no check timing: the one before the play timing plays their abilities.
    assert related(graph, "act:beginning-of-main", "may_trigger") == ["ct:6.5.1.2"]
    assert related(graph, "act:beginning-of-counter", "may_trigger") == ["ct:7.4.1.2"]


def test_procedure_graph_attributes(graph: nx.MultiDiGraph) -> None:
    assert graph.graph["name"] == "ws turn procedure"
    assert graph.graph["game"] == "ws"
    for node, data in graph.nodes(data=True):
        assert set(data) == NODE_ATTRIBUTES, node
    assert {d["relation"] for _, _, d in graph.edges(data=True)} == {"next", "checked_at", "may_trigger"}
    assert_scalar_attributes(graph)


def test_unknown_game_raises_naming_the_games() -> None:
    with pytest.raises(ValueError, match="ws"):
        procedure_graph("nope")


def test_engine_procedure_depends_on_neither_judge_nor_the_rules_index() -> None:
    source = Path(procedure.__file__).parent / "procedure.py"  # its source also when the module is compiled
    tree = ast.parse(source.read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not {name for name in imported if name.split(".")[0] in {"judge", "rules_index"}}


# -- the clause graph -----------------------------------------------------------


def test_clause_graph_has_every_ws_clause(clauses: nx.MultiDiGraph, index: RulesIndex) -> None:
    document = index.documents["ws"].clauses
    assert clauses.number_of_nodes() == len(document) == 568
    assert clauses.nodes["ws:6.2"] == {"kind": "clause", "label": "ws:6.2", "clause": "ws:6.2", "title": "Stand Phase"}
    parents = [(u, v) for u, v, d in clauses.edges(data=True) if d["relation"] == "parent"]
    assert len(parents) == sum(1 for clause in document if clause.parent is not None)
    assert ("ws:6", "ws:6.2") in parents


def test_clause_graph_references_and_terms(clauses: nx.MultiDiGraph) -> None:
    assert "ws:9" in related(clauses, "ws:1.2.2", "refers_to")
    uses = [(v, d["term"]) for _, v, d in clauses.out_edges("ws:3.13.1.3", data=True) if d["relation"] == "uses_term"]
    assert ("ws:4.10.1.2", "damage cancel") in uses


def test_clause_graph_attributes(clauses: nx.MultiDiGraph) -> None:
    assert clauses.graph["game"] == "ws"
    for node, data in clauses.nodes(data=True):
        assert set(data) == NODE_ATTRIBUTES, node
    assert {d["relation"] for _, _, d in clauses.edges(data=True)} == {"parent", "refers_to", "uses_term"}
    assert_scalar_attributes(clauses)


def test_unknown_doc_raises_listing_the_documents() -> None:
    with pytest.raises(ValueError, match="ws-sheet"):
        clause_graph("nope")


def assert_scalar_attributes(graph: nx.MultiDiGraph) -> None:
    """Every attribute value is a str, int, float or bool (what GraphML and GEXF accept)."""
    for key, value in graph.graph.items():
        assert isinstance(value, SCALARS), key
    for node, data in graph.nodes(data=True):
        assert isinstance(node, str)
        for key, value in data.items():
            assert isinstance(value, SCALARS), (node, key)
    for u, v, data in graph.edges(data=True):
        for key, value in data.items():
            assert isinstance(value, SCALARS), (u, v, key)
    nx.generate_graphml(graph)  # must not raise


# -- the procedure as a flowchart (judge.graphs.layout) ---------------------------


@pytest.mark.parametrize(
    ("game", "lanes"),
    [
        ("ws", ["stand", "draw", "clock", "main", "climax", "attack", "declaration", "trigger", "counter", "damage",
                "battle", "encore", "end"]),
        ("vg", ["stand", "draw", "draw", "g-assist", "ride", "ride", "stride", "main", "battle", "start", "attack",
                "guard", "drive", "damage", "close", "end"]),
        ("wl", ["refresh", "draw", "energio", "main", "attack", "block", "counter", "damage", "end", "end"]),
    ],
)  # fmt: skip
def test_lanes_are_the_phases_and_steps_in_turn_order(game: str, lanes: list[str]) -> None:
    cut = procedure_lanes(procedure_graph(game))
    assert [lane.split(":", 1)[1] for lane in cut.lanes] == lanes
    assert all(cut.phase_of[lane].startswith("phase:") for lane in cut.lanes)


def test_every_node_on_the_path_is_in_the_lane_it_is_reached_from(graph: nx.MultiDiGraph) -> None:
    cut = procedure_lanes(graph)
    assert cut.lane_of["ct:6.3.1.3"] == "phase:draw"
    assert cut.lane_of["choice:attack-type"] == "step:declaration"
    assert cut.lane_of["forced:encore-non-turn-player"] == "step:encore"
    assert {cut.phase_of[lane] for lane in cut.lanes if lane.startswith("step:")} == {"phase:attack"}
    # the attacks loop back to the declaration step; the encore step is after the loop
    assert cut.loop_starts == {"step:declaration"}
    assert cut.loop_lanes == {f"step:{s}" for s in ("declaration", "trigger", "counter", "damage", "battle")}


def _overlap(a: Box, b: Box) -> bool:
    return a.x < b.right - 0.5 and b.x < a.right - 0.5 and a.y < b.bottom - 0.5 and b.y < a.bottom - 0.5


@pytest.mark.parametrize("game", ["ws", "vg", "wl"])
def test_flowchart_places_every_node_once_without_overlaps(game: str) -> None:
    graph = procedure_graph(game)
    drawing = procedure_layout(graph)
    boxes = [box for box in drawing.boxes if box.role not in ("tag", "exit")]
    inside = [box for box in drawing.boxes if box.role == "tag"]
    repeated = [box for box in boxes if box.id.endswith("@continued")]  # a step's header over its second column
    placed = {box.id for box in boxes if box not in repeated} | {str(box.extra["node"]) for box in inside}
    assert placed == set(graph.nodes)
    assert all(box.role == "header" and box.extra["node"] in placed for box in repeated)
    assert len({box.id for box in boxes}) == len(boxes)
    for first, second in itertools.combinations(boxes, 2):
        if first.role == "band" and second.role != "band" or second.role == "band" and first.role != "band":
            continue  # a phase band spans its columns above them, checked below
        assert not _overlap(first, second), (first.id, second.id)
    for box in drawing.boxes:
        assert 0 <= box.x and box.right <= drawing.width and 0 <= box.y and box.bottom <= drawing.height, box.id
    # a band is above every node of its phase's columns
    bands = {box.id: box for box in boxes if box.role == "band"}
    cut = procedure_lanes(graph)
    for box in boxes:
        if box.role != "band" and box.id in cut.lane_of:
            band = bands[cut.phase_of[cut.lane_of[box.id]]]
            assert band.bottom <= box.y and band.x <= box.x and box.right <= band.right + 1, box.id


@pytest.mark.parametrize("game", ["ws", "vg", "wl"])
def test_flowchart_columns_follow_the_turn(game: str) -> None:
    """Reading the chart row by row, left to right, meets the lanes in turn order; inside a column, the nodes
    come top to bottom in the order the turn reaches them."""
    graph = procedure_graph(game)
    drawing = procedure_layout(graph)
    cut = procedure_lanes(graph)
    place = {box.id: box for box in drawing.boxes if box.role not in ("tag", "exit")}
    rows = sorted({place[phase].y for phase in cut.lanes if phase == cut.phase_of[phase]})
    reading = sorted(
        cut.lanes, key=lambda lane: (rows.index(place[cut.phase_of[lane]].y), place[lane].x, place[lane].y)
    )
    assert reading == cut.lanes
    order = {node: number for number, node in enumerate(cut.order)}
    for first, second in itertools.pairwise(cut.order):
        a, b = place[first], place[second]
        if a.x == b.x and a.role != "band" and b.role != "band":
            assert (a.y < b.y) == (order[first] < order[second]), (first, second)


def test_activations_sit_in_their_check_timing_and_rule_actions_in_the_panel(graph: nx.MultiDiGraph) -> None:
    drawing = procedure_layout(graph)
    place = {box.id: box for box in drawing.boxes}
    ct = place["ct:6.2.1.1"]
    for activation in ("act:beginning-of-turn", "act:beginning-of-stand"):
        tag = place[activation]
        assert (
            tag.role == "tag" and ct.x <= tag.x and tag.right <= ct.right and ct.y <= tag.y and tag.bottom <= ct.bottom
        )
    check_timings = nodes_of(graph, "check-timing")
    assert all(place[node].marks == "◆" for node in check_timings)
    assert {box.id for box in drawing.boxes if box.role == "panel"} == set(nodes_of(graph, "rule-action")) | {
        "timing:any-moment"
    }
    # back to an earlier column: an exit line inside the box, not a line across the chart
    exits = {(box.extra["source"], box.extra["target"]) for box in drawing.boxes if box.role == "exit"}
    assert ("ct:7.6.2", "step:declaration") in exits and ("ct:6.8.1.4", "phase:stand") in exits
    routed = {(route.source, route.target) for route in drawing.routes}
    assert not exits & routed
    flow = {(u, v) for u, v, d in graph.edges(data=True) if d["relation"] == "next"}
    assert routed | exits == flow


@pytest.mark.parametrize("game", ["ws", "vg", "wl"])
def test_every_branch_is_written_on_its_arrow_and_every_column_is_headed(game: str) -> None:
    """A judge reads the flowchart without hovering: each arrow of one branch of several carries its words (yes
    or no out of a question), each column of a step that goes on in a second column is headed "(continued)",
    and no label of a box is cut short."""
    graph = procedure_graph(game)
    drawing = procedure_layout(graph)
    branches = [route for route in drawing.routes if route.condition]
    assert branches and all(route.label for route in branches)
    for route in branches:
        if str(graph.nodes[route.source].get("label", "")).endswith("?"):
            assert route.label in ("yes", "no"), route
    assert not [line for box in drawing.boxes for line in box.lines if line.endswith("…")]
    headed = {box.extra["node"] for box in drawing.boxes if box.id.endswith("@continued")}
    assert all(" ".join(box.lines).endswith("(continued)") for box in drawing.boxes if box.id.endswith("@continued"))
    if game == "vg":
        assert "step:damage" in headed  # the damage step runs over two columns


def test_a_question_answers_yes_and_no_on_its_arrows() -> None:
    """wl 7.1.1.4: "has the attacking or attacked card moved areas?" leads to the end of the battle on yes and to
    the block step on no."""
    assert branch_words("has the attacking or attacked card moved areas?", "neither card moved areas")[0] == "no"
    assert branch_words("has ... moved areas?", "the attacking or attacked card moved areas")[0] == "yes"
    assert branch_words("check timing after the trigger check", "frontal attack") == (
        "frontal attack",
        "frontal attack",
    )


@pytest.mark.parametrize("game", ["ws", "vg", "wl"])
def test_routes_into_one_box_from_the_left_are_bundled(game: str) -> None:
    """Arrows that reach one box through the gutter on its left run as one bundle: one lane from the column
    before it and one from the channel under the row, never a lane each (wl's end of the battle is reached by six
    branches)."""
    drawing = procedure_layout(procedure_graph(game))
    boxes = {box.id: box for box in drawing.boxes}
    lanes: dict[str, set[float]] = {}
    for route in drawing.routes:
        (x_before, _), (x_end, _) = route.points[-2], route.points[-1]
        if len(route.points) >= 4 and x_before < x_end and abs(x_end - boxes[route.target].x) < 0.5:
            lanes.setdefault(route.target, set()).add(round(x_before, 1))
    assert lanes and all(len(found) <= 2 for found in lanes.values()), lanes
