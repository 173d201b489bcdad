"""The Vanguard turn procedure graph (vg 6-9): its shape, its clauses, and its agreement with the engine."""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import networkx as nx
import pytest

from engine.games.vg import battle as vg_battle
from engine.games.vg import game as vg_game
from engine.games.vg import procedure
from judge.graphs.static import procedure_graph
from rules_index.index import RulesIndex
from tests.test_graphs_static import NODE_ATTRIBUTES, assert_scalar_attributes, next_of_kind, nodes_of, related

ENGINE = Path(procedure.__file__).parent
BOUNDARIES = {"phase", "step"}


@pytest.fixture(scope="module")
def graph() -> nx.MultiDiGraph:
    return procedure_graph("vg")


def next_edges(graph: nx.MultiDiGraph, source: str) -> dict[str, str]:
    """``source``'s ``next`` targets, each with its condition."""
    return {target: d["condition"] for _, target, d in graph.out_edges(source, data=True) if d["relation"] == "next"}


def flow(graph: nx.MultiDiGraph) -> nx.DiGraph:
    return nx.DiGraph((u, v) for u, v, d in graph.edges(data=True) if d["relation"] == "next")


def engine_calls(module: str, name: str) -> list[list[str]]:
    """The ``vg:`` string constants of each call of ``name`` (a function or a method) in an engine module."""
    tree = ast.parse((ENGINE / module).read_text(encoding="utf-8"))
    calls: list[list[str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if called == name:
            calls.append(
                [
                    constant.value
                    for argument in node.args
                    for constant in ast.walk(argument)
                    if isinstance(constant, ast.Constant)
                    and isinstance(constant.value, str)
                    and constant.value.startswith("vg:")
                ]
            )
    return calls


# -- the order: phases (6.2.1) and steps ------------------------------------------------


def test_phases_follow_each_other_in_a_turn_cycle_6_2_1_and_only_the_end_phase_repeats_6_8_1_5(
    graph: nx.MultiDiGraph,
) -> None:
    order = ["stand", "draw", "ride", "main", "battle", "end", "stand"]
    for phase, following in itertools.pairwise(order):
        assert next_of_kind(graph, f"phase:{phase}", {"phase"}) - {f"phase:{phase}"} == {f"phase:{following}"}
    returning = [phase for phase in order if f"phase:{phase}" in next_of_kind(graph, f"phase:{phase}", {"phase"})]
    assert returning == ["end"]
    assert next_edges(graph, "ct:6.8.1.4") == {
        "phase:stand": "nothing is left to do: the opponent's turn begins",
        "phase:end": "abilities or rule actions left",
    }


def test_phases_and_battle_steps_match_the_engine_6_2_1_and_7_2_to_7_7(graph: nx.MultiDiGraph) -> None:
    assert [key.removeprefix("phase:") for key, _, _ in procedure.PHASES] == list(vg_game.PHASES)
    assert [graph.nodes[f"phase:{phase}"]["clause"] for phase in vg_game.PHASES] == [f"vg:6.{n}" for n in range(3, 9)]
    assert [key.removeprefix("step:") for key in procedure.BATTLE_STEPS] == list(vg_battle.STEPS)
    assert [graph.nodes[step]["clause"] for step in procedure.BATTLE_STEPS] == [f"vg:7.{n}" for n in range(2, 8)]


def test_draw_phase_has_the_draw_and_g_assist_steps_6_4_1_1_and_6_4_1_2(graph: nx.MultiDiGraph) -> None:
    assert next_of_kind(graph, "phase:draw", BOUNDARIES) == {"step:draw"}
    assert next_of_kind(graph, "step:draw", BOUNDARIES) == {"step:g-assist"}
    assert next_of_kind(graph, "step:g-assist", BOUNDARIES) == {"phase:ride"}
    assert graph.nodes["step:draw"]["title"] == "Draw Step"
    assert graph.nodes["step:g-assist"]["title"] == "G Assist Step"
    # 6.4.1.2.4-6.4.1.2.5: no search unless its three conditions hold; 6.4.1.2.3: the turn player may not search.
    assert set(next_edges(graph, "ct:6.4.1.2.2")) == {"pt:g-assist", "ct:6.4.1.3"}
    assert set(next_edges(graph, "pt:g-assist")) == {"forced:reveal-hand", "ct:6.4.1.3"}
    assert next_of_kind(graph, "forced:reveal-hand", {"choice"}) == {"choice:g-assist"}


def test_ride_phase_has_the_ride_and_stride_steps_6_5_1_1_and_6_5_1_2(graph: nx.MultiDiGraph) -> None:
    assert next_of_kind(graph, "phase:ride", BOUNDARIES) == {"step:ride"}
    assert next_of_kind(graph, "step:ride", BOUNDARIES) == {"step:stride"}
    assert next_of_kind(graph, "step:stride", BOUNDARIES) == {"phase:main"}
    assert next_of_kind(graph, "step:ride", {"play-timing"}) == {"pt:ride"}
    assert next_of_kind(graph, "step:stride", {"play-timing"}) == {"pt:stride"}
    assert graph.nodes["step:ride"]["title"] == "Ride Step"
    assert graph.nodes["step:stride"]["title"] == "Stride Step"


def test_play_timings_repeat_after_an_action_8_4_2_2_and_7_4_1_2_1(graph: nx.MultiDiGraph) -> None:
    assert next_edges(graph, "pt:main") == {
        "ct:6.6.1.2": "the turn player took an action",
        "phase:battle": "the turn player does nothing",
    }
    assert set(next_edges(graph, "pt:guard")) == {"ct:7.4.1.2", "ct:7.4.1.4"}


def test_battle_steps_in_order_with_their_branches_7_2_to_7_7(graph: nx.MultiDiGraph) -> None:
    assert next_of_kind(graph, "phase:battle", BOUNDARIES) == {"step:start"}
    assert next_of_kind(graph, "step:start", BOUNDARIES) == {"step:attack", "phase:end"}  # 7.2.1.2.1
    assert next_of_kind(graph, "step:attack", BOUNDARIES) == {"step:guard", "step:close"}  # 7.3.1.3
    assert next_of_kind(graph, "step:guard", BOUNDARIES) == {"step:drive", "step:damage"}  # 7.4.1.4
    assert next_of_kind(graph, "step:drive", BOUNDARIES) == {"step:damage"}
    assert next_of_kind(graph, "step:damage", BOUNDARIES) == {"step:close"}
    assert next_of_kind(graph, "step:close", BOUNDARIES) == {"step:start", "step:close"}  # 7.7.1.3-7.7.1.4
    assert next_edges(graph, "ct:7.4.1.4") == {
        "step:drive": "the attacking unit is on the vanguard circle",
        "step:damage": "the attacking unit is not on the vanguard circle",
    }
    assert [graph.nodes[n]["clause"] for n in ("choice:attacker", "choice:target", "choice:boost")] == [
        "vg:7.3.1.3",
        "vg:7.3.1.4",
        "vg:7.3.1.6",
    ]


def test_every_start_step_has_its_check_timing_7_2_1_1_and_7_7_1_4(graph: nx.MultiDiGraph) -> None:
    loop = nx.DiGraph((u, v) for u, v in flow(graph).edges if v != "phase:end")
    assert "ct:7.2.1.1" in nx.descendants(loop, "forced:battle-ends")
    assert next_of_kind(graph, "forced:battle-ends", {"step"}) == {"step:start"}


def test_drive_checks_repeat_up_to_the_drive_7_5_1_3(graph: nx.MultiDiGraph) -> None:
    cycle = ["forced:drive-check", "forced:drive-trigger", "ct:7.5.1.2.3", "forced:drive-to-hand", "ct:7.5.1.3"]
    for source, target in itertools.pairwise([*cycle, cycle[0]]):
        assert target in next_edges(graph, source), (source, target)
    assert [graph.nodes[n]["clause"] for n in cycle[:4]] == [f"vg:7.5.1.2.{n}" for n in range(1, 5)]
    assert set(next_edges(graph, "ct:7.5.1.3")) == {"forced:drive-check", "ct:7.5.1.4"}


def test_damage_checks_repeat_while_damage_is_left_7_6_1_6_6(graph: nx.MultiDiGraph) -> None:
    cycle = [
        "forced:damage-check",
        "forced:damage-trigger",
        "ct:7.6.1.6.3",
        "forced:damage-to-zone",
        "ct:7.6.1.6.5",
    ]
    for source, target in itertools.pairwise([*cycle, cycle[0]]):
        assert target in next_edges(graph, source), (source, target)
    assert [graph.nodes[n]["clause"] for n in cycle] == [f"vg:7.6.1.6.{n}" for n in range(1, 6)]
    assert next_edges(graph, "ct:7.6.1.6.5") == {
        "forced:damage-check": "damage is left",
        "forced:retire": "no damage is left",
    }
    # 7.6.1.5, 7.6.1.7: only a hit on a vanguard deals damage, and only with critical 1 or more (7.6.1.5.1).
    assert set(next_edges(graph, "ct:7.6.1.4")) == {"forced:damage", "forced:retire"}
    assert set(next_edges(graph, "forced:damage")) == {"forced:damage-check", "forced:retire"}


def test_procedure_flow_is_one_cycle_through_every_procedure_node(graph: nx.MultiDiGraph) -> None:
    on_path = {n for n, d in graph.nodes(data=True) if d["kind"] not in {"activation", "rule-action", "timing"}}
    assert set(flow(graph)) == on_path
    assert nx.is_strongly_connected(flow(graph))
    assert procedure.START == "phase:stand"


def test_branches_name_their_conditions(graph: nx.MultiDiGraph) -> None:
    for node in flow(graph):
        targets = next_edges(graph, node)
        if len(targets) > 1:
            assert all(targets.values()), node
        else:
            assert list(targets.values()) == [""], node


# -- the clauses ------------------------------------------------------------------------


def test_every_clause_resolves_and_titles_come_from_the_index(graph: nx.MultiDiGraph, index: RulesIndex) -> None:
    for node, data in graph.nodes(data=True):
        clause = index.resolve(data["clause"])
        assert clause is not None, node
        assert data["title"] == clause.heading, node
    for u, v, data in graph.edges(data=True):
        assert index.resolve(data["clause"]) is not None, (u, v)
    assert graph.nodes["phase:stand"]["title"] == "Stand Phase"
    assert graph.nodes["step:close"]["title"] == "Close Step"


def test_check_timings_are_every_one_sections_6_and_7_resolve_8_4_1(graph: nx.MultiDiGraph, index: RulesIndex) -> None:
    resolves = re.compile(r"check(?:ing)? timing", re.IGNORECASE)
    in_text = {
        clause.id
        for clause in index.documents["vg"].clauses
        if clause.number.split(".")[0] in {"6", "7"} and resolves.search(clause.text)
    }
    check_timings = nodes_of(graph, "check-timing")
    # The main phase's, before its play timing (8.4.2.1), is named by the clause that grants it (6.6.1.2).
    assert {graph.nodes[node]["clause"] for node in check_timings} == in_text | {"vg:6.6.1.2"}
    assert len(check_timings) == 30
    assert [key for key, _, _ in procedure.CHECK_TIMINGS] == [
        f"ct:{c.removeprefix('vg:')}" for _, c, _ in procedure.CHECK_TIMINGS
    ]


def test_check_timings_are_the_ones_the_engine_resolves_8_4_1() -> None:
    cited = engine_calls("phases.py", "check_timing") + engine_calls("battle.py", "check_timing")
    # The engine names the main phase's by 6.6.1.1 (the activation it plays); a check's own check timing by
    # the check's clause and a suffix (7.5.1.2.3, 7.6.1.6.3), which the calls do not hold as constants.
    named = {clauses[0].replace("vg:6.6.1.1", "vg:6.6.1.2") for clauses in cited if clauses}
    named |= {"vg:7.5.1.2.3", "vg:7.6.1.6.3"}
    end_of_turn = [clauses for clauses in cited if "vg:6.8.1.4" in clauses]
    assert end_of_turn == [["vg:6.8.1.3", "vg:6.8.1.4"]]
    named = (named - {"vg:6.8.1.3"}) | {"vg:6.8.1.4"}
    assert named == {clause for _, clause, _ in procedure.CHECK_TIMINGS}


def test_play_timings_are_the_engines_decisions_6_and_7() -> None:
    decisions = engine_calls("phases.py", "Decision") + engine_calls("battle.py", "Decision")
    assert {clauses[0] for clauses in decisions} == {clause for _, clause, _ in procedure.PLAY_TIMINGS}


def test_rule_actions_are_checked_at_every_check_timing_9_1_2(graph: nx.MultiDiGraph) -> None:
    check_timings = sorted(nodes_of(graph, "check-timing"))
    actions = nodes_of(graph, "rule-action")
    assert {graph.nodes[action]["clause"] for action in actions} == {
        "vg:9.2.2",
        "vg:9.2.3",
        "vg:9.2.4",
        "vg:9.3.1",
        "vg:9.3.6",
        "vg:9.4.1",
        "vg:9.5.1",
    }
    for action in actions:
        assert sorted(related(graph, action, "checked_at")) == check_timings, action
    # 9.1.2: no interrupt rule actions, so no "any moment" timing and nothing else checks them.
    assert nodes_of(graph, "timing") == []
    checked = {(u, d["clause"]) for u, _, d in graph.edges(data=True) if d["relation"] == "checked_at"}
    assert {clause for _, clause in checked} == {"vg:9.1.2"}
    assert {u for u, _ in checked} == set(actions)


def test_rule_actions_are_the_engines_9() -> None:
    tree = ast.parse((ENGINE / "rule_actions.py").read_text(encoding="utf-8"))
    cited = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assert {clause for _, clause, _ in procedure.RULE_ACTIONS} <= cited


def test_every_activation_triggers_a_check_timing_of_its_own_phase_or_step(graph: nx.MultiDiGraph) -> None:
    activations = nodes_of(graph, "activation")
    assert len(activations) == 16
    for activation in activations:
        (timing,) = related(graph, activation, "may_trigger")
        assert graph.nodes[timing]["kind"] == "check-timing"
        own = graph.nodes[activation]["clause"].rsplit(".", 2)[0]
        assert graph.nodes[timing]["clause"].startswith(own + "."), activation
        assert related(graph, activation, "next") == []
    # 6.6.1.1 and 7.4.1.1 resolve no check timing: the one before the play timing (8.4.2.1) plays their abilities.
    assert related(graph, "act:beginning-of-main", "may_trigger") == ["ct:6.6.1.2"]
    assert related(graph, "act:beginning-of-guard", "may_trigger") == ["ct:7.4.1.2"]
    # 7.7.1.1 and 6.8.1.3: the check timing of the next clause.
    assert related(graph, "act:end-of-battle", "may_trigger") == ["ct:7.7.1.2"]
    assert related(graph, "act:end-of-turn", "may_trigger") == ["ct:6.8.1.4"]


def test_beginning_of_draw_phase_triggers_the_draw_steps_first_check_timing_6_4_1_1_1(graph: nx.MultiDiGraph) -> None:
    activation = next(n for n, d in graph.nodes(data=True) if d["label"] == "at the beginning of draw phase")
    assert next_of_kind(graph, "step:draw", {"check-timing"}) == {"ct:6.4.1.1.1"}
    assert related(graph, activation, "may_trigger") == ["ct:6.4.1.1.1"]


# -- the graph as data ------------------------------------------------------------------


def test_procedure_graph_attributes(graph: nx.MultiDiGraph) -> None:
    assert graph.graph["name"] == "vg turn procedure"
    assert graph.graph["game"] == "vg"
    for node, data in graph.nodes(data=True):
        assert set(data) == NODE_ATTRIBUTES, node
    assert {d["relation"] for _, _, d in graph.edges(data=True)} == {"next", "checked_at", "may_trigger"}
    assert len(procedure.PROCEDURE_NODES) == len({node.key for node in procedure.PROCEDURE_NODES})
    assert_scalar_attributes(graph)


def test_engine_procedure_depends_on_neither_judge_nor_the_rules_index() -> None:
    tree = ast.parse((ENGINE / "procedure.py").read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not {name for name in imported if name.split(".")[0] in {"judge", "rules_index"}}
