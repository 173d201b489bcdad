"""Every game's records say what caused what in one shape (engine.core.protocol.LINKS), and the trigger graph
(judge.graphs.dynamic) links each effect to its cause from that shape alone: a Vanguard drive or damage check to
what its trigger icon does, an ENERGIO!! play, attack, block, K.O. or [Trigger] to the effects it activates, any
played ability to what set it off."""

from __future__ import annotations

import json
from functools import cache

import networkx as nx
import pytest
from click.testing import CliRunner

from engine.core.protocol import ActionRecord, RecordKind
from judge import games
from judge.cli import main
from judge.graphs.dynamic import corpus_stats, graph_summary, replay_graph
from judge.logfile import load_log, parse_log
from judge.replay import verify_log
from judge.verdict import VerdictKind
from tests.conftest import REPO

GAMES = ("ws", "vg", "wl")
SEEDS = (0, 1, 2)
ICON_CLAUSE = "vg:2.8.1.1."
"""vg 2.8.1.1.2-2.8.1.1.5: what a critical, draw, stand or heal trigger icon does."""


@cache
def example(game: str) -> tuple[nx.MultiDiGraph, tuple[ActionRecord, ...]]:
    verdict = verify_log(load_log(REPO / "judge" / "examples" / f"{game}-game.yaml"))
    assert verdict.kind is VerdictKind.LEGAL
    return replay_graph(verdict.records, f"{game}-game.yaml", game=game), tuple(verdict.records)


@cache
def self_played(game: str, seed: int) -> tuple[nx.MultiDiGraph, tuple[ActionRecord, ...]]:
    document = games.get(game).self_play(seed)
    verdict = verify_log(parse_log(json.dumps(document), f"{game}-{seed}.json", "json"))
    assert verdict.kind is VerdictKind.LEGAL
    return replay_graph(verdict.records, f"{game}-{seed}", game=game), tuple(verdict.records)


def replays() -> list[tuple[str, int | None]]:
    return [(game, None) for game in GAMES] + [(game, seed) for game in GAMES for seed in SEEDS]


def replayed(game: str, seed: int | None) -> tuple[nx.MultiDiGraph, tuple[ActionRecord, ...]]:
    return example(game) if seed is None else self_played(game, seed)


def node_of(graph: nx.MultiDiGraph, record: ActionRecord) -> str | None:
    for node in (f"event{record.seq}", f"rule{record.seq}", f"ct{record.seq}"):
        if node in graph:
            return node
    return None


def causes(graph: nx.MultiDiGraph, node: str) -> list[dict[str, object]]:
    return [graph.nodes[source] for source, _ in graph.in_edges(node)]


@pytest.mark.parametrize(("game", "seed"), replays())
def test_every_played_ability_has_an_incoming_edge_from_its_cause(game: str, seed: int | None) -> None:
    """An automatic ability is played in a check timing (ws 8.5.1.2, vg 8.4.1.2) or, in a game without them, as
    its timing comes (wl 8.1.3, 8.4.1.1); an activated one in a play timing (vg 8.5.2): every ability node of the
    graph hangs from what set it off."""
    graph, _ = replayed(game, seed)
    abilities = [node for node, data in graph.nodes(data=True) if data["kind"] == "ability"]
    assert all(graph.in_degree(node) for node in abilities), [
        graph.nodes[node]["label"] for node in abilities if not graph.in_degree(node)
    ]


@pytest.mark.parametrize(("game", "seed"), [(game, seed) for game, seed in replays() if game == "vg"])
def test_every_trigger_icon_effect_hangs_from_its_check_vg_2_8_1_1(game: str, seed: int | None) -> None:
    """vg 7.5.1.2.2, 7.6.1.6.2, 2.8.1.1.2-2.8.1.1.5: every record of what a trigger icon did (power, critical,
    draw, stand, heal) is a node caused by the drive or damage check that revealed it."""
    graph, records = replayed(game, seed)
    effects = [record for record in records if any(clause.startswith(ICON_CLAUSE) for clause in record.clauses)]
    assert effects
    for record in effects:
        node = node_of(graph, record)
        assert node is not None, record.message
        steps = {data["step"] for data in causes(graph, node)}
        assert steps & {"drive check", "damage check"}, (record.message, steps)


def test_the_vanguard_example_links_a_drive_check_to_the_power_critical_and_heal_of_its_icon() -> None:
    """vg 7.5.1.2.2, 2.8.1.1.2, 2.8.1.1.5: a drive check's node leads to the +5000 power of its icon; the
    example's critical and heal triggers lead to their +1 critical and the healed card."""
    graph, _ = example("vg")
    done: dict[str, set[str]] = {"drive check": set(), "damage check": set()}
    for node, data in graph.nodes(data=True):
        if data["step"] in done:
            done[data["step"]] |= {str(graph.nodes[effect]["label"]) for _, effect in graph.out_edges(node)}
    every = done["drive check"] | done["damage check"]
    assert any(label.endswith("gets +5000 power") for label in done["drive check"])
    assert any(label.endswith("gets +1 critical") for label in every)
    assert any(" heals " in label for label in every)


@pytest.mark.parametrize(("game", "seed"), [(game, seed) for game, seed in replays() if game == "wl"])
def test_every_energio_effect_hangs_from_its_cause_wl_8_4_1(game: str, seed: int | None) -> None:
    """wl 8.4.1.1, 8.1.1: every effect that gives power (an [On Play], [When Attacking], [On Block], [On K.O.],
    end-of-turn, [Trigger], [Counter] or activated effect) is a node with an incoming edge; every K.O. (wl
    7.1.4.1.2) hangs from the battle that won."""
    graph, records = replayed(game, seed)
    effects = [record for record in records if record.kind is RecordKind.ABILITY and "wl:8.1.1" in record.clauses]
    assert effects
    for record in effects:
        node = node_of(graph, record)
        assert node is not None and graph.in_degree(node), record.message
    for record in records:
        if "wl:7.1.4.1.2" in record.clauses and record.message.endswith("is K.O.'d)"):
            node = node_of(graph, record)
            assert node is not None
            assert any(str(data["label"]).endswith("the attack wins") for data in causes(graph, node))


def test_the_energio_example_links_on_play_and_trigger_effects_to_their_causes_wl_8_4_1_wl_10_1_5() -> None:
    """wl 8.4.1.1: a play leads to its [On Play] effect (``triggered``), which leads to what it did; wl 10.1.5.1:
    a revealed [Trigger] leads to its effect, and comes of the attack that dealt the damage."""
    graph, _ = example("wl")
    plays = [node for node, data in graph.nodes(data=True) if data["step"] == "play" and graph.out_degree(node)]
    assert plays
    on_play = [ability for play in plays for _, ability, edge in graph.out_edges(play, data=True)]
    assert any(graph.nodes[ability]["kind"] == "ability" and graph.out_degree(ability) for ability in on_play)
    triggers = [node for node, data in graph.nodes(data=True) if data["step"] == "[Trigger]"]
    assert triggers
    for node in triggers:
        assert graph.out_degree(node)
        assert graph.in_degree(node)


def test_the_graph_stats_name_per_game_the_longest_chain_and_what_starts_it() -> None:
    """Over the examples and self-played games of every game: per game, its longest chain and the step it starts
    at; a Vanguard chain starts at a drive check among others."""
    graphs = [example(game)[0] for game in GAMES] + [self_played(game, seed)[0] for game in GAMES for seed in SEEDS]
    stats = corpus_stats(graphs, (), set(), top=1000)
    per_game = {chains.game: chains for chains in stats.games}
    assert set(per_game) == set(GAMES)
    for game, chains in per_game.items():
        assert len(chains.longest_chain) >= 2, game
        assert chains.start, game
        assert chains.start in {starts.start for starts in chains.starts}, game
        assert chains.starts[0].longest == len(chains.longest_chain), game
        assert chains.logs == 1 + len(SEEDS)
    assert "drive check" in {starts.start for starts in per_game["vg"].starts}
    assert "attack" in {starts.start for starts in per_game["wl"].starts}
    summary = graph_summary(example("vg")[0])
    assert summary.game == "vg" and summary.starts["drive check"][0] >= 1


def test_graph_stats_prints_per_game_the_longest_chain_and_what_starts_chains() -> None:
    """``judge graph stats`` over the three examples: a line per game with its longest chain and the step it starts
    at, then the steps chains start at; the same as JSON."""
    logs = [str(REPO / "judge" / "examples" / f"{game}-game.yaml") for game in GAMES]
    result = CliRunner().invoke(main, ["graph", "stats", *logs])
    assert result.exit_code == 0, result.output
    assert "wl (1 log): longest chain " in result.output and ", starting at: attack" in result.output
    assert "\n  drive check: " in result.output or "\n  attack: " in result.output
    result = CliRunner().invoke(main, ["graph", "stats", *logs, "--json"])
    per_game = {entry["game"]: entry for entry in json.loads(result.output)["games"]}
    assert set(per_game) == set(GAMES)
    for entry in per_game.values():
        assert entry["longest_chain_starts_at"] and entry["chain_starts"][0]["longest"] == len(entry["longest_chain"])
