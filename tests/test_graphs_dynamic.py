"""The trigger graph of a replay (judge.graphs.dynamic): check timings, abilities, and what caused what; and
the game cut into turns, phases and attacks for its page (judge.graphs.timeline)."""

from __future__ import annotations

import networkx as nx
import pytest

from judge.graphs.dynamic import corpus_stats, longest_chain, replay_graph
from judge.graphs.timeline import Turn, game_turns, view_drawing
from judge.logfile import load_log
from judge.replay import verify_log
from judge.scenarios import check, find
from tests.conftest import REPO

EXAMPLE = REPO / "judge" / "examples" / "ws-game.yaml"


def graph_of(scenario_id: str) -> nx.MultiDiGraph:
    result = check(find(scenario_id))
    assert result.passed, result.differences
    return replay_graph(result.verdict.records, scenario_id, game=scenario_id.partition("/")[0])


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


# -- the game along time (judge.graphs.timeline) ----------------------------------


@pytest.fixture(scope="module")
def example() -> tuple[list, nx.MultiDiGraph, list[Turn]]:
    verdict = verify_log(load_log(EXAMPLE))
    graph = replay_graph(verdict.records, "ws-game", game="ws")
    return verdict.records, graph, game_turns(verdict.records, "ws", graph)


def test_turns_are_cut_into_phases_and_attacks(example: tuple[list, nx.MultiDiGraph, list[Turn]]) -> None:
    records, _, turns = example
    assert [turn.number for turn in turns] == sorted({record.turn for record in records})
    turn = next(turn for turn in turns if turn.number == 17)
    assert turn.player == "P2"
    titles = [segment.title for segment in turn.segments]
    assert titles[:5] == ["stand phase", "draw phase", "clock phase", "main phase", "climax phase"]
    attacks = turn.attacks
    assert [segment.title.split(":")[0] for segment in attacks] == ["attack 1", "attack 2", "attack 3"]
    assert "YL-04 at position 2 (direct attack)" in attacks[1].title
    # the last declaration ("no more attacks") and the encore step are not an attack
    assert titles[-2:] == ["attack declaration step, encore step", "end phase"]
    # every record of the turn is drawn, folded (an empty check timing) or the trigger of an ability drawn later
    shown = sum(len(segment.lines) + len(segment.folded) for segment in turn.segments)
    triggers = sum(1 for r in records if r.turn == 17 and r.kind.value == "ability" and " triggers (" in r.message)
    assert shown + triggers == sum(1 for record in records if record.turn == 17)


def test_check_timings_that_did_nothing_are_folded(example: tuple[list, nx.MultiDiGraph, list[Turn]]) -> None:
    _, graph, turns = example
    empty = sum(1 for node, data in graph.nodes(data=True) if data["kind"] == "check-timing" and not graph.degree(node))
    assert empty > 800
    assert sum(len(segment.folded) for turn in turns for segment in turn.segments) == empty
    drawn = {line.id for turn in turns for segment in turn.segments for line in segment.lines}
    busy = {node for node, data in graph.nodes(data=True) if data["kind"] == "check-timing" and graph.degree(node)}
    assert busy <= drawn


def test_an_ability_is_drawn_where_it_is_played_below_what_triggered_it(
    example: tuple[list, nx.MultiDiGraph, list[Turn]],
) -> None:
    _, graph, turns = example
    attack = next(turn for turn in turns if turn.number == 17).attacks[1]
    ids = [line.id for line in attack.lines]
    ability = next(line for line in attack.lines if line.kind == "ability")
    assert ability.text == "the first ability of YL-04 is played"
    (cause,) = [u for u, _, d in graph.in_edges(ability.id, data=True) if d["relation"] == "triggered"]
    (timing,) = [u for u, _, d in graph.in_edges(ability.id, data=True) if d["relation"] == "played"]
    assert ids.index(cause) < ids.index(timing) < ids.index(ability.id)
    drawing = view_drawing([attack], [(u, v, d["relation"]) for u, v, d in graph.edges(data=True)], None)
    arcs = {(route.source, route.target, route.relation) for route in drawing.routes}
    assert {(cause, ability.id, "triggered"), (timing, ability.id, "played")} <= arcs
    assert any(relation == "caused" and source == ability.id for source, _, relation in arcs)
    notes = [text for _, _, text, _ in drawing.notes]
    assert f"{len(attack.folded)} check timings with nothing to do" in notes


def test_turn_strip_counts_and_chains(example: tuple[list, nx.MultiDiGraph, list[Turn]]) -> None:
    records, graph, turns = example
    assert sum(turn.abilities for turn in turns) == sum(1 for _, d in graph.nodes(data=True) if d["kind"] == "ability")
    assert max(len(turn.chain) for turn in turns) == len(longest_chain(graph))
    declared = sum(1 for record in records if record.kind.value == "choice" and " attacks with " in record.message)
    assert sum(len(turn.attacks) for turn in turns) == declared
