"""The ENERGIO!! turn procedure graph (wl 6, 7, 9): its shape, its clauses, and its agreement with the engine."""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import networkx as nx
import pytest

from engine.games.wl import battle as wl_battle
from engine.games.wl import game as wl_game
from engine.games.wl import procedure
from judge.graphs.static import procedure_graph
from rules_index.index import RulesIndex
from tests.test_graphs_static import NODE_ATTRIBUTES, assert_scalar_attributes, next_of_kind, nodes_of, related

ENGINE = Path(procedure.__file__).parent
BOUNDARIES = {"phase", "step"}
BATTLE_STEPS = ["step:attack", "step:block", "step:counter", "step:damage", "step:end"]
MOVED_CHECKS = {
    "step:attack": "forced:attack-moved",
    "step:block": "forced:block-moved",
    "step:counter": "forced:counter-moved",
}
WIN = "forced:attacker-wins"


@pytest.fixture(scope="module")
def graph() -> nx.MultiDiGraph:
    return procedure_graph("wl")


def next_edges(graph: nx.MultiDiGraph, source: str) -> dict[str, str]:
    """``source``'s ``next`` targets, each with its condition."""
    return {target: d["condition"] for _, target, d in graph.out_edges(source, data=True) if d["relation"] == "next"}


def next_clause(graph: nx.MultiDiGraph, source: str, target: str) -> str:
    (clause,) = [
        d["clause"] for _, t, d in graph.out_edges(source, data=True) if t == target and d["relation"] == "next"
    ]
    return str(clause)


def previous(graph: nx.MultiDiGraph, target: str) -> set[str]:
    return {source for source, _, d in graph.in_edges(target, data=True) if d["relation"] == "next"}


def flow(graph: nx.MultiDiGraph) -> nx.DiGraph:
    return nx.DiGraph((u, v) for u, v, d in graph.edges(data=True) if d["relation"] == "next")


def module(name: str) -> ast.Module:
    return ast.parse((ENGINE / name).read_text(encoding="utf-8"))


def cited(tree: ast.AST) -> set[str]:
    """Every ``wl:`` clause id written as a string constant under ``tree``."""
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("wl:")
    }


def calls(tree: ast.AST, name: str) -> list[ast.Call]:
    """Each call of ``name`` (a function or a method) under ``tree``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if called == name:
                found.append(node)
    return found


def graph_clauses(graph: nx.MultiDiGraph) -> set[str]:
    return {d["clause"] for _, d in graph.nodes(data=True)} | {d["clause"] for _, _, d in graph.edges(data=True)}


# -- the order: phases (6.1.1) and the main phase's actions (6.5.2) ---------------------------------


def test_phases_follow_each_other_in_a_turn_cycle_6_1_1_and_6_6_1_4(graph: nx.MultiDiGraph) -> None:
    order = ["refresh", "draw", "energio", "main", "end", "refresh"]
    for phase, following in itertools.pairwise(order):
        assert next_of_kind(graph, f"phase:{phase}", {"phase"}) == {f"phase:{following}"}, phase
    assert procedure.START == "phase:refresh"
    assert next_edges(graph, "forced:turn-ends") == {"phase:refresh": ""}
    assert next_clause(graph, "forced:turn-ends", "phase:refresh") == "wl:6.6.1.4"


def test_phases_and_battle_steps_match_the_engine_6_1_1_and_7_1_1_to_7_1_5(graph: nx.MultiDiGraph) -> None:
    assert [key.removeprefix("phase:") for key, _, _ in procedure.PHASES] == list(wl_game.PHASES)
    assert [graph.nodes[f"phase:{phase}"]["clause"] for phase in wl_game.PHASES] == [f"wl:6.{n}" for n in range(2, 7)]
    assert [key for key, _, _ in procedure.STEPS] == BATTLE_STEPS
    assert [key.removeprefix("step:") for key in BATTLE_STEPS] == list(wl_battle.STEPS)
    assert [graph.nodes[step]["clause"] for step in BATTLE_STEPS] == [f"wl:7.1.{n}" for n in range(1, 6)]
    # Each phase of the engine begins by recording the phase's clause (phases.py ``enter``); the end phase's, the
    # clause that opens its procedure too (6.6.1), whose steps are the graph's nodes after it.
    entered = {
        call.args[0].value: cited(call.args[1])
        for call in calls(module("phases.py"), "enter")
        if isinstance(call.args[0], ast.Constant)
    }
    procedures = {"end": {"wl:6.6.1"}}
    assert entered == {
        phase: {graph.nodes[f"phase:{phase}"]["clause"], *procedures.get(phase, set())} for phase in wl_game.PHASES
    }


def test_refresh_phase_in_its_order_6_2_1_to_6_2_4(graph: nx.MultiDiGraph) -> None:
    chain = [
        "phase:refresh",
        "forced:next-turn-effects-end",
        "act:start-of-turn",
        "forced:energio-returns",
        "forced:set-active",
        "phase:draw",
    ]
    for source, target in itertools.pairwise(chain):
        assert next_edges(graph, source) == {target: ""}, source
    assert [graph.nodes[n]["clause"] for n in chain[1:5]] == [f"wl:6.2.{n}" for n in range(1, 5)]


def test_the_first_player_draws_no_card_in_the_first_turn_6_3_1(graph: nx.MultiDiGraph) -> None:
    assert next_edges(graph, "phase:draw") == {
        "forced:draw": "not the first player's first turn",
        "phase:energio": "the first player's first turn: no draw",
    }
    assert {next_clause(graph, "phase:draw", target) for target in ("forced:draw", "phase:energio")} == {"wl:6.3.1"}
    assert graph.nodes["forced:draw"]["clause"] == "wl:6.3.1"
    assert next_of_kind(graph, "phase:energio", {"forced"}) == {"forced:energio"}
    assert graph.nodes["forced:energio"]["clause"] == "wl:6.4.1"


def test_main_phase_actions_loop_until_the_end_is_declared_6_5_2_and_6_5_2_1(graph: nx.MultiDiGraph) -> None:
    assert next_of_kind(graph, "phase:main", {"activation"}) == {"act:start-of-main"}
    assert next_edges(graph, "act:start-of-main") == {"pt:main": ""}
    actions = next_edges(graph, "pt:main")
    assert set(actions) == {"choice:play", "choice:activate", "choice:give", "step:attack", "phase:end"}
    assert [graph.nodes[n]["clause"] for n in ("choice:play", "choice:activate", "choice:give")] == [
        "wl:6.5.3.1",
        "wl:6.5.4.1",
        "wl:6.5.5.1",
    ]
    for action in ("choice:play", "choice:activate", "choice:give"):
        assert next_edges(graph, action) == {"pt:main": ""}, action
        assert next_clause(graph, action, "pt:main") == "wl:6.5.2"
    assert next_clause(graph, "pt:main", "phase:end") == "wl:6.5.2.1"
    assert "declares the end" in actions["phase:end"]


def test_no_battle_in_either_players_first_turn_6_5_6_1(graph: nx.MultiDiGraph) -> None:
    assert next_clause(graph, "pt:main", "step:attack") == "wl:6.5.6.1"
    assert "first turn" in next_edges(graph, "pt:main")["step:attack"]
    # The engine refuses every attack in a player's first turn, citing 6.5.6.1 (battle.py ``can_attack``).
    (can_attack,) = [
        f for f in ast.walk(module("battle.py")) if isinstance(f, ast.FunctionDef) and f.name == "can_attack"
    ]
    assert "wl:6.5.6.1" in cited(can_attack)


# -- the battle (7.1) -----------------------------------------------------------------------------------


def test_battle_steps_in_order_with_their_branches_7_1_1_to_7_1_5(graph: nx.MultiDiGraph) -> None:
    assert next_of_kind(graph, "pt:main", {"step"}) == {"step:attack"}
    assert next_of_kind(graph, "step:attack", BOUNDARIES) == {"step:block", "step:end"}  # 7.1.1.4
    assert next_of_kind(graph, "step:block", BOUNDARIES) == {"step:counter", "step:end"}  # 7.1.2.3
    assert next_of_kind(graph, "step:counter", BOUNDARIES) == {"step:damage", "step:end"}  # 7.1.3.2.3
    assert next_of_kind(graph, "step:damage", BOUNDARIES) == {"step:end"}  # 7.1.4.1.2, 7.1.4.2
    assert next_of_kind(graph, "step:end", {"play-timing"}) == {"pt:main"}  # 7.1.5.5
    chain = ["step:attack", "choice:attacker", "choice:target", "act:when-attacking", "act:on-opponents-attack"]
    for source, target in itertools.pairwise(chain):
        assert next_edges(graph, source) == {target: ""}, source
    assert [graph.nodes[n]["clause"] for n in chain[1:4]] == ["wl:7.1.1.1", "wl:7.1.1.2", "wl:7.1.1.3"]


def test_each_step_ends_with_the_moved_areas_check_7_1_1_4_7_1_2_3_7_1_3_2_3(graph: nx.MultiDiGraph) -> None:
    following = {"step:attack": "step:block", "step:block": "step:counter", "step:counter": "step:damage"}
    clauses = {"step:attack": "wl:7.1.1.4", "step:block": "wl:7.1.2.3", "step:counter": "wl:7.1.3.2.3"}
    for step, check in MOVED_CHECKS.items():
        assert graph.nodes[check]["clause"] == clauses[step]
        assert next_of_kind(graph, step, {"forced"}) == {check}, step
        assert next_edges(graph, check) == {
            following[step]: "neither card moved areas",
            "step:end": "the attacking or attacked card moved areas",
        }
        assert {next_clause(graph, check, target) for target in (following[step], "step:end")} == {clauses[step]}


def test_block_step_one_blocker_then_on_block_effects_7_1_2_1_and_7_1_2_2(graph: nx.MultiDiGraph) -> None:
    assert next_edges(graph, "step:block") == {"pt:block": ""}
    assert graph.nodes["pt:block"]["clause"] == "wl:7.1.2.1"
    assert set(next_edges(graph, "pt:block")) == {"act:on-block", "forced:block-moved"}
    assert previous(graph, "act:on-block") == {"pt:block"}
    assert next_edges(graph, "act:on-block") == {"forced:block-moved": ""}


def test_counter_step_when_attacked_then_counters_as_many_as_wished_7_1_3(graph: nx.MultiDiGraph) -> None:
    assert next_edges(graph, "step:counter") == {"act:when-attacked": ""}
    assert next_edges(graph, "act:when-attacked") == {"pt:counter": ""}
    assert set(next_edges(graph, "pt:counter")) == {
        "choice:counter-character",
        "choice:counter-event",
        "forced:counter-moved",
    }
    for counter, clause in (("choice:counter-character", "wl:7.1.3.2.1"), ("choice:counter-event", "wl:7.1.3.2.2")):
        assert graph.nodes[counter]["clause"] == clause
        assert next_edges(graph, counter) == {"pt:counter": ""}


def test_damage_step_compares_powers_then_the_leader_or_the_character_7_1_4(graph: nx.MultiDiGraph) -> None:
    assert next_edges(graph, "step:damage") == {"forced:compare": ""}
    assert graph.nodes["forced:compare"]["clause"] == "wl:7.1.4.1"
    branches = next_edges(graph, "forced:compare")
    assert set(branches) == {"forced:damage", "forced:ko", "step:end"}
    assert [next_clause(graph, "forced:compare", t) for t in ("forced:damage", "forced:ko", "step:end")] == [
        "wl:7.1.4.1.1",
        "wl:7.1.4.1.2",
        "wl:7.1.4.2",
    ]
    assert "Leader" in branches["forced:damage"] and "Character" in branches["forced:ko"]
    assert next_edges(graph, "forced:ko") == {"step:end": ""}  # 7.1.4.1.2: then the end of the battle


def test_damage_to_the_leader_0_life_trigger_and_double_attack_7_1_4_1_1(graph: nx.MultiDiGraph) -> None:
    assert graph.nodes["forced:damage"]["clause"] == "wl:7.1.4.1.1"
    assert next_edges(graph, "forced:damage") == {
        WIN: "the opponent has 0 Life",
        "choice:trigger": "the opponent has 1 or more Life",
    }
    # 7.1.4.1.1.1: no Life left, the attacking player wins; the game ends there.
    assert graph.nodes[WIN]["clause"] == "wl:7.1.4.1.1.1"
    assert next_edges(graph, WIN) == {}
    # 7.1.4.1.1.2, 10.1.5: the top Life card to the hand, or its [Trigger] activated instead.
    assert next_clause(graph, "forced:damage", "choice:trigger") == "wl:7.1.4.1.1.2"
    assert graph.nodes["choice:trigger"]["clause"] == "wl:10.1.5.1"
    assert next_edges(graph, "choice:trigger") == {"forced:life-card": ""}
    assert graph.nodes["forced:life-card"]["clause"] == "wl:7.1.4.1.1.2"
    # 7.1.4.1.1.3: once per damage point.
    assert set(next_edges(graph, "forced:life-card")) == {"forced:damage", "step:end"}
    assert {next_clause(graph, "forced:life-card", t) for t in ("forced:damage", "step:end")} == {"wl:7.1.4.1.1.3"}


def test_end_of_the_battle_returns_to_the_main_phase_actions_7_1_5(graph: nx.MultiDiGraph) -> None:
    chain = [
        "step:end",
        "forced:battle-ends",
        "act:end-of-battle",
        "forced:battle-effects-end",
        "forced:opponent-battle-effects-end",
        "pt:main",
    ]
    for source, target in itertools.pairwise(chain):
        assert next_edges(graph, source) == {target: ""}, source
    assert [graph.nodes[n]["clause"] for n in chain[1:5]] == [f"wl:7.1.5.{n}" for n in range(1, 5)]
    assert next_clause(graph, chain[-2], "pt:main") == "wl:7.1.5.5"
    # Every way through a battle's steps leads to its end (but the attacking player's win), and only its end
    # leads back to the main phase's actions.
    battle = nx.DiGraph((u, v) for u, v in flow(graph).edges if u != "forced:opponent-battle-effects-end")
    reached = nx.descendants(battle, "step:attack")
    assert "pt:main" not in reached
    for node in reached - {WIN, "step:end"} - nx.descendants(battle, "step:end"):
        assert nx.has_path(battle, node, "step:end"), node


def test_end_phase_in_its_order_6_6_1_1_to_6_6_1_4(graph: nx.MultiDiGraph) -> None:
    chain = ["phase:end", "act:end-of-turn", "forced:turn-effects-end", "forced:opponent-turn-effects-end"]
    for source, target in itertools.pairwise(chain):
        assert next_edges(graph, source) == {target: ""}, source
    assert [graph.nodes[n]["clause"] for n in chain[1:]] == ["wl:6.6.1.1", "wl:6.6.1.2", "wl:6.6.1.3"]
    assert set(next_edges(graph, chain[-1])) == {"forced:turn-ends", "act:end-of-turn"}
    assert {next_clause(graph, chain[-1], t) for t in ("forced:turn-ends", "act:end-of-turn")} == {"wl:6.6.1.4"}
    assert graph.nodes["forced:turn-ends"]["clause"] == "wl:6.6.1.4"


def test_procedure_flow_reaches_every_node_and_only_the_win_ends_it(graph: nx.MultiDiGraph) -> None:
    on_path = {n for n, d in graph.nodes(data=True) if d["kind"] not in {"rule-action", "timing"}}
    turn = flow(graph)
    assert set(turn) == on_path
    assert [node for node in turn if turn.out_degree(node) == 0] == [WIN]
    assert nx.is_strongly_connected(turn.subgraph(on_path - {WIN}))
    assert nx.descendants(turn, procedure.START) == on_path - {procedure.START}


def test_branches_name_their_conditions(graph: nx.MultiDiGraph) -> None:
    for node in flow(graph):
        targets = next_edges(graph, node)
        if len(targets) > 1:
            assert all(targets.values()), node
            assert len(set(targets.values())) == len(targets), node
        else:
            assert list(targets.values()) in ([""], []), node


# -- the clauses ------------------------------------------------------------------------------------


def test_every_clause_resolves_and_titles_come_from_the_index(graph: nx.MultiDiGraph, index: RulesIndex) -> None:
    for node, data in graph.nodes(data=True):
        clause = index.resolve(data["clause"])
        assert clause is not None, node
        assert data["title"] == clause.heading, node
    for u, v, data in graph.edges(data=True):
        assert index.resolve(data["clause"]) is not None, (u, v)
    assert graph.nodes["phase:refresh"]["title"] == "Refresh Phase"
    assert graph.nodes["step:end"]["title"] == "End of the Battle"


def test_no_check_timing_and_no_may_trigger_9_1_2(graph: nx.MultiDiGraph) -> None:
    assert nodes_of(graph, "check-timing") == []
    assert {d["relation"] for _, _, d in graph.edges(data=True)} == {"next", "checked_at"}
    assert not any(d["relation"] == "may_trigger" for _, _, d in graph.edges(data=True))


def test_activation_points_stand_on_the_path_where_their_clauses_put_them(graph: nx.MultiDiGraph) -> None:
    activations = nodes_of(graph, "activation")
    assert {graph.nodes[a]["clause"] for a in activations} == {
        "wl:6.2.2",
        "wl:6.5.1",
        "wl:7.1.1.3",
        "wl:10.2.16.1",
        "wl:7.1.2.2",
        "wl:7.1.3.1",
        "wl:7.1.5.2",
        "wl:6.6.1.1",
    }
    for activation in activations:
        assert len(next_edges(graph, activation)) == 1, activation
        assert related(graph, activation, "may_trigger") == []
    # 6.2.2 between 6.2.1 and 6.2.3; 6.5.1 before the main phase's actions; 6.6.1.1 first in the end phase.
    assert previous(graph, "act:start-of-turn") == {"forced:next-turn-effects-end"}
    assert previous(graph, "act:start-of-main") == {"phase:main"}
    assert previous(graph, "act:end-of-turn") == {"phase:end", "forced:opponent-turn-effects-end"}
    # 10.2.16.1: [On Your Opponent's Attack] after the [When Attacking] effects (7.1.1.3).
    assert next_edges(graph, "act:when-attacking") == {"act:on-opponents-attack": ""}
    assert next_clause(graph, "act:when-attacking", "act:on-opponents-attack") == "wl:10.2.16.1"
    # 7.1.3.1 opens the counter step; 7.1.5.2 follows the battle's end (7.1.5.1).
    assert previous(graph, "act:when-attacked") == {"step:counter"}
    assert previous(graph, "act:end-of-battle") == {"forced:battle-ends"}


def test_rule_processing_is_checked_at_any_moment_and_where_its_events_happen_9_1_2_and_9_2_1(
    graph: nx.MultiDiGraph,
) -> None:
    actions = nodes_of(graph, "rule-action")
    assert {graph.nodes[a]["clause"]: a for a in actions} == {
        "wl:9.2.1.1": "ra:damage-at-zero-life",
        "wl:9.2.1.2": "ra:empty-deck",
    }
    assert nodes_of(graph, "timing") == [procedure.ANY_MOMENT]
    assert graph.nodes[procedure.ANY_MOMENT]["clause"] == "wl:9.1.2"
    assert sorted(related(graph, "ra:empty-deck", "checked_at")) == ["forced:draw", procedure.ANY_MOMENT]
    assert sorted(related(graph, "ra:damage-at-zero-life", "checked_at")) == ["forced:damage", procedure.ANY_MOMENT]
    checked = [(u, d["clause"]) for u, _, d in graph.edges(data=True) if d["relation"] == "checked_at"]
    assert {clause for _, clause in checked} == {"wl:9.1.2"}
    assert {u for u, _ in checked} == set(actions)
    for action in actions:
        assert related(graph, action, "next") == [], action


# -- against the engine's source ---------------------------------------------------------------------


def test_play_timings_and_choices_are_the_engines_decisions_6_5_2_7_1_2_1_7_1_3_2_10_1_5() -> None:
    # Decision(player, kind, options, clauses, ...): each kind with the clauses it cites (those of the function
    # that asks it, where the call names them by a variable).
    asked: dict[str, set[str]] = {}
    for name in ("phases.py", "battle.py"):
        for function in ast.walk(module(name)):
            if isinstance(function, ast.FunctionDef):
                for call in calls(function, "Decision"):
                    clauses = call.args[3]
                    asked[ast.literal_eval(call.args[1])] = cited(
                        function if isinstance(clauses, ast.Name) else clauses
                    )
    assert set(asked) == {"main", "block", "counter", "trigger"}
    timings = {key: clause for key, clause, _ in procedure.PLAY_TIMINGS}
    assert timings == {"pt:main": "wl:6.5.2", "pt:block": "wl:7.1.2.1", "pt:counter": "wl:7.1.3.2"}
    for kind in ("main", "block", "counter"):
        assert timings[f"pt:{kind}"] in asked[kind], kind
    choices = {key: clause for key, clause, _ in procedure.CHOICES}
    assert choices["choice:trigger"] in asked["trigger"]


def test_the_engines_turn_and_battle_clauses_are_in_the_graph_6_and_7(graph: nx.MultiDiGraph) -> None:
    engine = cited(module("phases.py")) | cited(module("battle.py"))
    of_the_turn = {clause for clause in engine if clause.removeprefix("wl:").split(".")[0] in {"6", "7"}}
    # 6.4.2-6.4.3 (fewer ENERGIO!! cards left) are cases of the one ENERGIO!! placing (6.4.1); 6.5.6.2 points the
    # main phase's battle to chapter 7, whose steps are the graph's, and 6.6.1 opens the end phase's procedure,
    # whose steps (6.6.1.1-6.6.1.4) are the graph's: neither is a point of the procedure of its own.
    assert of_the_turn - graph_clauses(graph) == {"wl:6.4.2", "wl:6.4.3", "wl:6.5.6.2", "wl:6.6.1"}
    assert {f"wl:7.1.{n}" for n in range(1, 6)} <= graph_clauses(graph)
    assert {f"wl:6.6.1.{n}" for n in range(1, 5)} <= graph_clauses(graph)
    assert "6.4.2" in graph.nodes["forced:energio"]["label"] and "6.4.3" in graph.nodes["forced:energio"]["label"]


def test_the_points_the_engine_does_not_model_are_the_documented_ones(graph: nx.MultiDiGraph) -> None:
    engine = set().union(*(cited(module(path.name)) for path in ENGINE.glob("*.py") if path.name != "procedure.py"))
    uncited = {d["clause"] for n, d in graph.nodes(data=True) if d["kind"] != "step"} - engine
    documented = {graph.nodes[a]["clause"] for a in nodes_of(graph, "activation")}
    documented |= {"wl:6.2.1", "wl:9.1.2"}
    assert uncited <= documented
    for clause in documented:
        assert clause.removeprefix("wl:") in (procedure.__doc__ or ""), clause


def test_defeat_judgment_is_made_where_the_graph_ties_it_9_2_1_1_and_9_2_1_2() -> None:
    assert {"wl:9.2.1.1", "wl:9.2.1.2"} <= cited(module("rule_processing.py"))
    judged: dict[str, set[str]] = {}
    for name in ("moves.py", "battle.py"):
        for function in ast.walk(module(name)):
            if isinstance(function, ast.FunctionDef):
                for call in calls(function, "check"):
                    if isinstance(call.func, ast.Attribute) and ast.unparse(call.func.value).endswith(
                        "rule_processing"
                    ):
                        judged.setdefault(function.name, set()).update(k.arg or "" for k in call.keywords)
    # A draw (the draw phase's, 6.3.1) checks for an empty deck; a damage dealt checks the Life (7.1.4.1.1).
    assert judged == {"draw": set(), "deal_damage": {"damaged_at_zero"}}
    points = {key: points for key, _, _, points in procedure.RULE_ACTIONS}
    assert points == {"ra:empty-deck": ("forced:draw",), "ra:damage-at-zero-life": ("forced:damage",)}


# -- the graph as data ------------------------------------------------------------------------------


def test_procedure_graph_attributes(graph: nx.MultiDiGraph) -> None:
    assert graph.graph["name"] == "wl turn procedure"
    assert graph.graph["game"] == "wl"
    for node, data in graph.nodes(data=True):
        assert set(data) == NODE_ATTRIBUTES, node
    assert len(procedure.PROCEDURE_NODES) == len({node.key for node in procedure.PROCEDURE_NODES}) == 51
    assert len(procedure.PROCEDURE_EDGES) == 67
    assert_scalar_attributes(graph)


def test_engine_procedure_depends_on_neither_judge_nor_the_rules_index() -> None:
    tree = module("procedure.py")
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not {name for name in imported if name.split(".")[0] in {"judge", "rules_index"}}
