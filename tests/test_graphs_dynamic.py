"""The trigger graph of a replay (judge.graphs.dynamic): check timings, abilities, and what caused what."""

from __future__ import annotations

import networkx as nx

from judge.graphs.dynamic import corpus_stats, longest_chain, replay_graph
from judge.scenarios import check, find


def graph_of(scenario_id: str) -> nx.MultiDiGraph:
    result = check(find(scenario_id))
    assert result.passed, result.differences
    return replay_graph(result.verdict.records, scenario_id)


def edges(graph: nx.MultiDiGraph, relation: str) -> list[tuple[str, str, dict]]:
    return [(u, v, data) for u, v, data in graph.edges(data=True) if data["relation"] == relation]


def label(graph: nx.MultiDiGraph, node: str) -> str:
    return str(graph.nodes[node]["label"])


def test_one_check_timing_plays_two_abilities_in_the_order_chosen_ws_8_5_1_2() -> None:
    """Playing CALLER onto RUNNER's position: the rule action (ws:9.6.1) and the two abilities it leads to
    hang from one check timing, Bond played first as the log chose, then Encore."""
    graph = graph_of("ws/abilities/standby-order-chosen")
    played = edges(graph, "played")
    timings = {u for u, _, _ in played}
    assert len(timings) == 1
    (timing,) = timings
    order = [label(graph, v) for _, v, data in sorted(played, key=lambda edge: edge[2]["order"])]
    assert order == ["bond of CALLER", "encore of RUNNER"]
    performed = [label(graph, v) for u, v, _ in edges(graph, "performed") if u == timing]
    assert any("leaves position 1" in text for text in performed)
    assert graph.nodes[timing]["kind"] == "check-timing"
    assert graph.nodes[timing]["turn"] == 3 and graph.nodes[timing]["phase"] == "main"


def test_each_ability_hangs_from_the_event_that_triggered_it() -> None:
    graph = graph_of("ws/abilities/standby-order-chosen")
    triggered = {label(graph, v): label(graph, u) for u, v, _ in edges(graph, "triggered")}
    assert triggered["bond of CALLER"].startswith("P1 plays CALLER")
    assert "leaves position 1" in triggered["encore of RUNNER"]
    caused = [label(graph, v) for u, v, _ in edges(graph, "caused") if label(graph, u) == "bond of CALLER"]
    assert "Bond: READER returns to hand" in caused


def test_a_chain_of_triggers_is_a_path_ws_4_12_2_7() -> None:
    """The shot trigger: the cancel triggers the shot ability, whose resolution deals one more damage."""
    graph = graph_of("ws/triggers/shot-on-canceled-damage")
    chain = [label(graph, node) for node in longest_chain(graph)]
    assert len(chain) == 3
    assert "shot" in chain[1] and "damage to P2" in chain[2]
    for node, data in graph.nodes(data=True):
        assert {"kind", "label", "clause", "turn", "phase", "player", "seq", "entry"} <= data.keys(), node


def test_corpus_statistics() -> None:
    graphs = [graph_of("ws/abilities/standby-order-chosen"), graph_of("ws/triggers/shot-on-canceled-damage")]
    cited = ["ws:9.6.1", "ws:4.12.2.7"]
    stats = corpus_stats(graphs, cited, {"ws:9.6.1", "ws:9.5.1"})
    assert len(stats.longest_chain) == 3
    assert stats.busiest_timings[0][1] == 2
    assert stats.reached == {"ws:9.6.1"} and stats.never == {"ws:9.5.1"}
