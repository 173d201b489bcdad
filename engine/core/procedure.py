"""A game's procedure as data: the nodes and edges every game's procedure tables are made of.

Each game states the shape of its turn once, as plain tables of these types
(``engine.games.ws.procedure``), so that it can be drawn, exported and checked
against the rules text without running a game; the judge turns them into a
graph (``judge.graphs.static.procedure_graph``).  Nodes name their clause by id
string only: the engine does not depend on the rules index.

Node kinds (``Node.kind``), one vocabulary for every game:

* ``phase``: a phase of the turn;
* ``step``: a step inside a phase (the steps of an attack or a battle);
* ``check-timing``: a check timing, one node per clause that makes one happen;
* ``play-timing``: a point where a player may act (or the one decision of a step);
* ``choice``: another decision the procedure passes through;
* ``forced``: an action the rules perform without a choice worth a node;
* ``activation``: an "at the beginning of ..." / "at the end of ..." activation condition;
* ``rule-action``: a rule action;
* ``timing``: "any moment", where interrupt rule actions happen.

Edge relations (``Edge.relation``):

* ``next``: the order the procedure goes in; a ``condition`` makes it one branch of several;
* ``checked_at``: a rule action to the timing nodes where the rules check it;
* ``may_trigger``: an activation condition to the check timing that plays what it triggers.

A game writes its tables as rows of plain strings, and makes its nodes and edges of them with
``procedure_nodes`` and ``procedure_edges``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

PHASE: Final = "phase"
STEP: Final = "step"
CHECK_TIMING: Final = "check-timing"
PLAY_TIMING: Final = "play-timing"
CHOICE: Final = "choice"
FORCED: Final = "forced"
ACTIVATION: Final = "activation"
RULE_ACTION: Final = "rule-action"
TIMING: Final = "timing"

NEXT: Final = "next"
CHECKED_AT: Final = "checked_at"
MAY_TRIGGER: Final = "may_trigger"


@dataclass(frozen=True, slots=True)
class Node:
    """One point of the procedure, with the clause that states it."""

    key: str
    kind: str
    label: str
    clause: str


@dataclass(frozen=True, slots=True)
class Edge:
    """One relation between two procedure nodes."""

    source: str
    target: str
    relation: str
    clause: str = ""
    """The clause that states the relation, or ``""``."""
    condition: str = ""
    """When a ``next`` edge is one branch of several: when it is taken; else ``""``."""


Procedure = tuple[tuple[Node, ...], tuple[Edge, ...]]
"""A game's whole procedure: its nodes and its edges."""


def procedure_nodes(tables: Iterable[tuple[str, Iterable[tuple[str, ...]]]]) -> tuple[Node, ...]:
    """The nodes of a game's tables, table after table, each given with the kind of its nodes: each row of a
    table begins ``(key, clause, label)`` (a row of activations goes on with the check timing that plays what
    they trigger, which ``procedure_edges`` reads)."""
    return tuple(Node(row[0], kind, row[2], row[1]) for kind, rows in tables for row in rows)


def procedure_edges(
    flow: Iterable[tuple[str, str, str, str]],
    checked_at: Iterable[tuple[str, str, str]],
    activations: Iterable[tuple[str, str, str, str]] = (),
) -> tuple[Edge, ...]:
    """The edges of a game's procedure: the ``next`` edges of ``flow``, rows ``(source, target, clause,
    condition)``; then the ``checked_at`` edges, rows ``(rule action, where it is checked, clause)``; then a
    ``may_trigger`` edge for each row of ``activations``, ``(key, clause, label, the check timing that plays
    what it triggers)``."""
    edges = [Edge(source, target, NEXT, clause, condition) for source, target, clause, condition in flow]
    edges.extend(Edge(rule_action, where, CHECKED_AT, clause) for rule_action, where, clause in checked_at)
    edges.extend(Edge(key, timing, MAY_TRIGGER, clause) for key, clause, _, timing in activations)
    return tuple(edges)
