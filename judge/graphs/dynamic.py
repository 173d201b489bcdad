"""The graph of what triggered what in a replayed game.

Built from the replay's trace, reading only what every game's records say of
their causes (``engine.core.protocol.LINKS``): every check timing that happened
is a node, linked to the rule actions it performed (``performed``) and to the
automatic abilities played in it, in order (``played``, with ``order``); an
activated ability hangs the same way from the check timing before the play
timing it was played in.  Each ability played is linked to the events its
resolution caused (``caused``), and an event to the abilities it made trigger
(``triggered``; also an ability a game without check timings plays at once, as
the step that set it off happens).  Any other record that names its ``cause``
(what a trigger icon did, after the check that revealed it; an effect, after
the play or the attack that activated it) is an event caused by it.  A chain
of triggers is then a path: event → ability → event → ability.  Rule actions
that interrupt outside a check timing (refresh, level up) hang from their cause
or else the step before them (``caused``).

Statistics over one or more replays: the longest trigger chain, per game its
longest chain and the steps chains start at, the check timings with the most
abilities played, and which clauses of the procedure graph the replays reached.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

import networkx as nx

from engine.core.protocol import (
    ABILITY_ID,
    CAUSE,
    CHECK_TIMING,
    IN_ABILITY,
    PLAYED,
    STEP,
    ActionRecord,
    RecordKind,
)


def _node_attributes(record: ActionRecord, kind: str) -> dict[str, object]:
    return {
        "kind": kind,
        "label": record.message if len(record.message) <= 60 else record.message[:57] + "...",
        "clause": record.clauses[0] if record.clauses else "",
        "title": "",
        "turn": record.turn,
        "phase": record.phase,
        "player": record.player or "",
        "card": str(record.data.get("card") or ""),
        "seq": record.seq,
        "entry": record.entry if record.entry is not None else -1,
        "step": str(record.data.get(STEP) or ""),
    }


def replay_graph(records: list[ActionRecord], name: str = "replay", *, game: str) -> nx.MultiDiGraph:
    """The trigger graph of one replay's records (see the module docstring); ``game`` is the log's game key.

    It reads only what every game's records say of their causes (``engine.core.protocol.LINKS``)."""
    graph = nx.MultiDiGraph(name=name, game=game)
    last_node: str | None = None
    played_in: Counter[str] = Counter()
    by_seq = {record.seq: record for record in records}
    for record in records:
        node = None
        data = record.data
        ct = data.get(CHECK_TIMING)
        in_ability = data.get(IN_ABILITY)
        cause = data.get(CAUSE)
        if record.kind is RecordKind.TIMING and record.message.startswith("check timing"):
            node = f"ct{record.seq}"
            graph.add_node(node, **_node_attributes(record, "check-timing"))
        elif ABILITY_ID in data and data.get(PLAYED):
            node = f"ability{data[ABILITY_ID]}"
            if node not in graph:
                graph.add_node(node, **_node_attributes(record, "ability"))
            if ct is not None and f"ct{ct}" in graph:
                played_in[f"ct{ct}"] += 1
                graph.add_edge(f"ct{ct}", node, relation="played", order=played_in[f"ct{ct}"])
            elif cause in by_seq and graph.in_degree(node) == 0:
                source = _cause_node(graph, by_seq[cause])
                if graph.nodes[source]["kind"] == "check-timing":  # played in the play timing after it
                    played_in[source] += 1
                    graph.add_edge(source, node, relation="played", order=played_in[source])
                else:  # played at once, as the step that set it off happens
                    graph.add_edge(source, node, relation="triggered")
        elif ABILITY_ID in data:  # it triggers
            node = f"ability{data[ABILITY_ID]}"
            graph.add_node(node, **_node_attributes(record, "ability"))
            graph.nodes[node]["label"] = record.message.split(" triggers (")[0]
            if cause in by_seq:
                graph.add_edge(_cause_node(graph, by_seq[cause]), node, relation="triggered")
        elif record.kind is RecordKind.RULE_ACTION:
            node = f"rule{record.seq}"
            graph.add_node(node, **_node_attributes(record, "rule-action"))
            if in_ability is not None and f"ability{in_ability}" in graph:
                graph.add_edge(f"ability{in_ability}", node, relation="caused")
            elif cause in by_seq:
                graph.add_edge(_cause_node(graph, by_seq[cause]), node, relation="caused")
            elif ct is not None and f"ct{ct}" in graph:
                graph.add_edge(f"ct{ct}", node, relation="performed")
            elif last_node is not None:
                graph.add_edge(last_node, node, relation="caused")
        elif in_ability is not None and f"ability{in_ability}" in graph:
            node = f"event{record.seq}"
            graph.add_node(node, **_node_attributes(record, "event"))
            graph.add_edge(f"ability{in_ability}", node, relation="caused")
        elif cause in by_seq:
            node = f"event{record.seq}"
            if node not in graph:
                graph.add_node(node, **_node_attributes(record, "event"))
            graph.add_edge(_cause_node(graph, by_seq[cause]), node, relation="caused")
        if node is not None:
            last_node = node
    return graph


def _cause_node(graph: nx.MultiDiGraph, cause: ActionRecord) -> str:
    """The node of the step that caused another (made an event node if it is not one yet)."""
    for candidate in (f"event{cause.seq}", f"rule{cause.seq}", f"ct{cause.seq}"):
        if candidate in graph:
            return candidate
    if ABILITY_ID in cause.data and f"ability{cause.data[ABILITY_ID]}" in graph:
        return f"ability{cause.data[ABILITY_ID]}"
    node = f"event{cause.seq}"
    graph.add_node(node, **_node_attributes(cause, "event"))
    return node


@dataclass(frozen=True, slots=True)
class ChainStarts:
    """What one kind of step starts: how many chains, and the longest (in steps, its nodes)."""

    start: str
    """The step the chains start at: its ``step`` (``drive check``), or its label where it names none."""
    chains: int
    longest: int


@dataclass(frozen=True, slots=True)
class GameChains:
    """One game's (``ws``) chains over a corpus: its longest, and what starts its chains."""

    game: str
    logs: int
    longest_chain: list[str]
    """Node labels along its longest chain."""
    start: str
    """What its longest chain starts at (as ``ChainStarts.start``)."""
    starts: list[ChainStarts]
    """What starts its chains, the longest chains first, then the most chains."""


@dataclass(frozen=True, slots=True)
class ReplayStats:
    """What the trigger graphs of a corpus show."""

    longest_chain: list[str]
    """Node labels along the longest path of triggers and their consequences."""
    busiest_timings: list[tuple[str, int]]
    """Check timings with the most abilities played: (label with turn and phase, count), most first."""
    reached: set[str]
    """Clauses of the procedure graph cited by a record, themselves or through a clause under them."""
    never: set[str]
    games: list[GameChains] = field(default_factory=list)
    """Per game of the corpus, in the order met: its longest chain and what starts its chains."""


CHAIN_RELATIONS: Final = ("triggered", "caused")
"""The edges a chain of triggers and consequences follows."""


def _chains(graph: nx.MultiDiGraph) -> nx.DiGraph:
    chains = nx.DiGraph()
    chains.add_nodes_from(graph.nodes)
    chains.add_edges_from((u, v) for u, v, data in graph.edges(data=True) if data["relation"] in CHAIN_RELATIONS)
    return chains


def longest_chain(graph: nx.MultiDiGraph) -> list[str]:
    """The nodes of the longest path through ``triggered`` and ``caused`` edges."""
    chains = _chains(graph)
    if chains.number_of_edges() == 0:
        return []
    return list(nx.dag_longest_path(chains))


def start_name(graph: nx.MultiDiGraph, node: str) -> str:
    """What a chain starting at ``node`` is said to start at: the kind of step its record names (``step``), or
    its label."""
    data = graph.nodes[node]
    if data.get("step"):
        return str(data["step"])
    return "check timing" if data["kind"] == "check-timing" else str(data["label"])


def chain_starts(graph: nx.MultiDiGraph) -> dict[str, tuple[int, int]]:
    """For each kind of step that starts a chain (``start_name``): how many chains start at one, and the longest
    of them in steps.  A chain starts at a node no chain edge leads to and goes on as far as it can."""
    chains = _chains(graph)
    length: dict[str, int] = {}
    for node in reversed(list(nx.topological_sort(chains))):
        length[node] = 1 + max((length[after] for after in chains.successors(node)), default=0)
    starts: dict[str, tuple[int, int]] = {}
    for node in chains:
        if chains.in_degree(node) == 0 and chains.out_degree(node) > 0:
            name = start_name(graph, node)
            count, longest = starts.get(name, (0, 0))
            starts[name] = (count + 1, max(longest, length[node]))
    return starts


@dataclass(frozen=True, slots=True)
class GraphSummary:
    """What one game's trigger graph adds to a corpus's statistics: small enough to send between processes."""

    chain: list[str]
    """Labels along its longest chain of triggers and consequences."""
    busy_timings: list[tuple[str, int]]
    """Its check timings where abilities were played: (label with game, turn and phase, count), in graph order."""
    cited: frozenset[str]
    """Every clause its records cite."""
    game: str = ""
    """The log's game key."""
    start: str = ""
    """What its longest chain starts at (``start_name``)."""
    starts: dict[str, tuple[int, int]] = field(default_factory=dict)
    """What starts its chains (``chain_starts``)."""


def graph_summary(graph: nx.MultiDiGraph, cited: Iterable[str] = ()) -> GraphSummary:
    """One game's contribution to :func:`corpus_stats`."""
    chain = longest_chain(graph)
    labels = [graph.nodes[node]["label"] for node in chain]
    name = graph.graph.get("name", "")
    busy = []
    for node, data in graph.nodes(data=True):
        if data["kind"] == "check-timing":
            played = sum(1 for _, _, edge in graph.out_edges(node, data=True) if edge["relation"] == "played")
            if played:
                busy.append((f"{name}: turn {data['turn']} {data['phase']}: {data['label']}", played))
    start = start_name(graph, chain[0]) if chain else ""
    return GraphSummary(labels, busy, frozenset(cited), str(graph.graph.get("game", "")), start, chain_starts(graph))


def corpus_stats(
    graphs: Iterable[nx.MultiDiGraph], cited: Iterable[str], procedure_clauses: set[str], top: int = 5
) -> ReplayStats:
    """Statistics over the trigger graphs of a corpus and the clauses its records cite."""
    summaries = [graph_summary(graph) for graph in graphs]
    tally = CorpusTally()
    for summary in summaries:
        tally.add(summary)
    tally.cited |= set(cited)
    return tally.stats(procedure_clauses, top)


def merged_stats(summaries: Iterable[GraphSummary], procedure_clauses: set[str], top: int = 5) -> ReplayStats:
    """Statistics over a corpus, from each game's summary."""
    tally = CorpusTally()
    for summary in summaries:
        tally.add(summary)
    return tally.stats(procedure_clauses, top)


class CorpusTally:
    """Game summaries added one at a time (a corpus can be large): only the running totals are kept."""

    def __init__(self) -> None:
        self.games = 0
        self.best: list[str] = []
        self.busy: Counter[str] = Counter()
        self.cited: set[str] = set()
        self.per_game: dict[str, tuple[int, list[str], str]] = {}
        """Per game key: its logs, its longest chain and what that starts at."""
        self.starts: dict[str, dict[str, tuple[int, int]]] = {}
        """Per game key: what starts its chains (``chain_starts``), summed."""

    def add(self, summary: GraphSummary) -> None:
        self.games += 1
        if len(summary.chain) > len(self.best):
            self.best = summary.chain
        for label, played in summary.busy_timings:
            self.busy[label] += played
        self.cited |= summary.cited
        logs, best, start = self.per_game.get(summary.game, (0, [], ""))
        if len(summary.chain) > len(best):
            best, start = summary.chain, summary.start
        self.per_game[summary.game] = (logs + 1, best, start)
        starts = self.starts.setdefault(summary.game, {})
        for name, (count, longest) in summary.starts.items():
            before, most = starts.get(name, (0, 0))
            starts[name] = (before + count, max(most, longest))

    def stats(self, procedure_clauses: set[str], top: int = 5) -> ReplayStats:
        """The statistics so far; ``procedure_clauses`` are the clauses the games could have reached."""
        reached = {
            clause
            for clause in procedure_clauses
            if clause in self.cited or any(other.startswith(clause + ".") for other in self.cited)
        }
        per_game = []
        for game, (logs, best, start) in self.per_game.items():
            starts = sorted(
                (ChainStarts(name, count, longest) for name, (count, longest) in self.starts[game].items()),
                key=lambda starting: (-starting.longest, -starting.chains, starting.start),
            )
            per_game.append(GameChains(game, logs, best, start, starts[:top]))
        return ReplayStats(
            longest_chain=self.best,
            busiest_timings=self.busy.most_common(top),
            reached=reached,
            never=procedure_clauses - reached,
            games=per_game,
        )
