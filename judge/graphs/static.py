"""Graphs of the rules themselves: the turn procedure and the clause tree.

These graphs do not depend on a game being played.  ``procedure_graph`` draws
a registered game's procedure tables (``judge.games``, from ``engine.games.<game>.procedure``) with each
node's clause heading looked up in the rules index, so a view of the turn can
cite the text it follows; ``clause_graph`` draws a whole rules document: its
clause tree, its cross-references and its defined terms.  Both follow the
conventions of ``judge.graphs`` (node ``kind``/``label``/``clause``/``title``,
edge ``relation``, scalar attribute values only).
"""

from __future__ import annotations

import networkx as nx

from judge import games
from rules_index import RulesIndex, load_index
from rules_index.model import Clause


def procedure_graph(game: str) -> nx.MultiDiGraph:
    """The turn procedure of ``game`` (a registered game): phases, steps, timings, activations, rule actions."""
    if game not in games.available():
        raise ValueError(f"no procedure for game {game!r}; games with one: {', '.join(games.available())}")
    nodes, edges = games.get(game).procedure()
    index = load_index()
    graph = nx.MultiDiGraph(name=f"{game} turn procedure", game=game)
    for node in nodes:
        graph.add_node(
            node.key,
            kind=node.kind,
            label=node.label,
            clause=node.clause,
            title=_title(index, node.clause),
        )
    for edge in edges:
        for end in (edge.source, edge.target):
            if end not in graph:
                raise ValueError(f"{game} procedure: edge {edge.source} -> {edge.target} names no node {end!r}")
        graph.add_edge(
            edge.source,
            edge.target,
            relation=edge.relation,
            clause=edge.clause,
            condition=edge.condition,
        )
    return graph


def clause_graph(doc: str) -> nx.MultiDiGraph:
    """Every clause of ``doc``, linked by ``parent``, ``refers_to`` and ``uses_term`` edges."""
    index = load_index()
    document = index.documents.get(doc)
    if document is None:
        raise ValueError(f"no rules document {doc!r}; documents: {', '.join(index.documents)}")
    graph = nx.MultiDiGraph(name=f"{doc} clauses", game=document.document.game, doc=doc)
    for clause in document.clauses:
        graph.add_node(clause.id, kind="clause", label=clause.id, clause=clause.id, title=clause.heading)
    for clause in document.clauses:
        if clause.parent is not None:
            graph.add_edge(clause.parent, clause.id, relation="parent")
        for ref in clause.refs:
            if ref.target is not None:
                _ensure_node(graph, index, ref.target)
                graph.add_edge(clause.id, ref.target, relation="refers_to")
        for use in clause.terms:
            _ensure_node(graph, index, use.defined_by)
            graph.add_edge(clause.id, use.defined_by, relation="uses_term", term=use.term)
    return graph


def _title(index: RulesIndex, clause_id: str) -> str:
    """The heading of a clause (raises UnknownClauseError when the id names none)."""
    return index.get(clause_id).heading if clause_id else ""


def _ensure_node(graph: nx.MultiDiGraph, index: RulesIndex, clause_id: str) -> None:
    """Give a clause of another document, reached by an edge, the same attributes as the others."""
    if clause_id not in graph:
        clause: Clause = index.get(clause_id)
        graph.add_node(clause.id, kind="clause", label=clause.id, clause=clause.id, title=clause.heading)
