"""The Weiss Schwarz turn procedure (CR 2.00, sections 6, 7, 8.5 and 9) as data.

``game.py`` runs the procedure; this module states its shape as plain tables of the
nodes and edges of ``engine.core.procedure``, so that it can be drawn, exported and checked against the rules text without
running a game (``judge.graphs.static.procedure_graph`` turns it into a graph).
The engine must not depend on ``judge`` or ``rules_index``: nodes name their
clause by id string only, and the judge looks the headings up.

Nodes (``Node.kind``):

* ``phase``: the seven phases of a turn (ws 6.2-6.8);
* ``step``: the six steps of the attack phase (ws 7.2-7.7);
* ``check-timing``: every check timing sections 6 and 7 trigger, one node per
  clause that triggers one (a play timing's preceding check timing, 8.5.2.1, is
  named by the clause that grants the play timing: 6.5.1.2, 6.6.1.2, 7.4.1.2);
* ``play-timing``: main (6.5.1.2), climax (6.6.1.2), counter (7.4.1.2), and the
  attack declaration choice (7.2.1.3), which the rules do not call a play
  timing but which is the turn player's one decision of the step;
* ``choice``: the other decisions of the turn player the order passes through
  (clocking 6.4.1.2, the attack type 7.2.1.4);
* ``forced``: actions the rules perform without a choice worth a node;
* ``activation``: the "at the beginning of ..." / "at the end of turn"
  activation conditions the procedure activates;
* ``rule-action``: the rule actions of section 9;
* ``timing``: "any moment", where interrupt rule actions happen (9.1.2.1).

Edges (``Edge.relation``):

* ``next``: the order the procedure goes in.  An edge with a ``condition`` is
  one branch of a choice the rules make (front attack or not, 7.3.1.3 and
  7.5.1.3; another play timing or advance, 8.5.2.2-8.5.2.3; ...).  The attack
  loops from the damage step (not front) or the battle step back to the
  declaration step, and the end phase goes on to the next turn's stand phase
  (or back to its own beginning, 6.8.1.5).
* ``checked_at``: each check type rule action (9.1.2.2) to every check timing
  node.  The interrupt type rule actions (refresh 9.2, level up 9.3) are not
  tied to the procedure: 9.1.2.1 executes them the moment their condition holds,
  so they point at the single ``timing:any-moment`` node (except while a cost
  is paid, 9.2.3 and 9.3.3) rather than at the steps where decks typically run
  out or clocks fill up (draw, clock, trigger check, damage).
* ``may_trigger``: each activation condition to the check timing in which the
  automatic abilities it triggers are played (8.7.1).

Activation nodes stand beside the ``next`` path, not on it: an activation
condition is an event at the start of the clause whose check timing follows at
once, and two of them can activate at the same moment (6.2.1.1, 6.8.1.1), which
a chain of ``next`` edges would misstate as an order.

The check timing of 7.2.1.1 ("at the beginning of attack phase") happens only
in the first attack declaration step of a turn, so it stands between the attack
phase node and the declaration step node: the attack loop returns to the
declaration step after it.
"""

from __future__ import annotations

from typing import Final

from engine.core.procedure import (
    ACTIVATION,
    CHECK_TIMING,
    CHOICE,
    FORCED,
    PHASE,
    PLAY_TIMING,
    RULE_ACTION,
    STEP,
    TIMING,
    Edge,
    Node,
    Procedure,
    procedure_edges,
    procedure_nodes,
)

INTERRUPT: Final = "interrupt"
CHECK: Final = "check"


# -- the nodes ----------------------------------------------------------------

PHASES: tuple[tuple[str, str, str], ...] = (
    # key            clause     label
    ("phase:stand", "ws:6.2", "stand phase"),
    ("phase:draw", "ws:6.3", "draw phase"),
    ("phase:clock", "ws:6.4", "clock phase"),
    ("phase:main", "ws:6.5", "main phase"),
    ("phase:climax", "ws:6.6", "climax phase"),
    ("phase:attack", "ws:6.7", "attack phase"),
    ("phase:end", "ws:6.8", "end phase"),
)
"""ws 6.1.1, in turn order."""

STEPS: tuple[tuple[str, str, str], ...] = (
    ("step:declaration", "ws:7.2", "attack declaration step"),
    ("step:trigger", "ws:7.3", "trigger step"),
    ("step:counter", "ws:7.4", "counter step"),
    ("step:damage", "ws:7.5", "damage step"),
    ("step:battle", "ws:7.6", "battle step"),
    ("step:encore", "ws:7.7", "encore step"),
)
"""ws 7.2-7.7, in order (counter and battle only for a frontal attack)."""

CHECK_TIMINGS: tuple[tuple[str, str, str], ...] = (
    ("ct:6.2.1.1", "ws:6.2.1.1", "check timing at the beginning of the stand phase"),
    ("ct:6.2.1.3", "ws:6.2.1.3", "check timing after standing"),
    ("ct:6.3.1.1", "ws:6.3.1.1", "check timing at the beginning of the draw phase"),
    ("ct:6.3.1.3", "ws:6.3.1.3", "check timing after the draw"),
    ("ct:6.4.1.1", "ws:6.4.1.1", "check timing at the beginning of the clock phase"),
    ("ct:6.4.1.3", "ws:6.4.1.3", "check timing at the end of the clock phase"),
    ("ct:6.5.1.2", "ws:6.5.1.2", "check timing before the main phase play timing"),
    ("ct:6.6.1.1", "ws:6.6.1.1", "check timing at the beginning of the climax phase"),
    ("ct:6.6.1.2", "ws:6.6.1.2", "check timing before the climax play timing"),
    ("ct:6.6.1.3", "ws:6.6.1.3", "check timing at the end of the climax phase"),
    ("ct:6.8.1.1", "ws:6.8.1.1", "check timing at the beginning of the end phase"),
    ("ct:6.8.1.4", "ws:6.8.1.4", "check timing at the end of the turn"),
    ("ct:7.2.1.1", "ws:7.2.1.1", "check timing at the beginning of the attack phase"),
    ("ct:7.2.1.2", "ws:7.2.1.2", "check timing at the beginning of the attack declaration step"),
    ("ct:7.2.1.6", "ws:7.2.1.6", "check timing after the attack declaration"),
    ("ct:7.3.1.1", "ws:7.3.1.1", "check timing at the beginning of the trigger step"),
    ("ct:7.3.1.3", "ws:7.3.1.3", "check timing after the trigger check"),
    ("ct:7.4.1.2", "ws:7.4.1.2", "check timing before the counter play timing"),
    ("ct:7.4.1.3", "ws:7.4.1.3", "check timing at the end of the counter step"),
    ("ct:7.5.1.1", "ws:7.5.1.1", "check timing at the beginning of the damage step"),
    ("ct:7.5.1.3", "ws:7.5.1.3", "check timing after the damage"),
    ("ct:7.6.1.1", "ws:7.6.1.1", "check timing at the beginning of the battle step"),
    ("ct:7.6.2", "ws:7.6.2", "check timing after the battle"),
    ("ct:7.7.1.1", "ws:7.7.1.1", "check timing at the beginning of the encore step"),
    ("ct:7.7.1.2", "ws:7.7.1.2", "check timing after a turn player's reversed character goes to the waiting room"),
    ("ct:7.7.1.3", "ws:7.7.1.3", "check timing after a non-turn player's reversed character goes to the waiting room"),
    ("ct:7.7.1.4", "ws:7.7.1.4", "check timing at the end of the encore step"),
)
"""Every check timing of sections 6 and 7 (8.5.1), in procedure order."""

PLAY_TIMINGS: tuple[tuple[str, str, str], ...] = (
    ("pt:main", "ws:6.5.1.2", "main phase play timing"),
    ("pt:climax", "ws:6.6.1.2", "climax play timing"),
    ("pt:declaration", "ws:7.2.1.3", "attack declaration choice"),
    ("pt:counter", "ws:7.4.1.2", "counter play timing"),
)

CHOICES: tuple[tuple[str, str, str], ...] = (
    ("choice:clock", "ws:6.4.1.2", "may clock a card from hand and draw 2"),
    ("choice:attack-type", "ws:7.2.1.4", "choose the type of attack"),
)

FORCED_STEPS: tuple[tuple[str, str, str], ...] = (
    ("forced:stand", "ws:6.2.1.2", "stand all characters"),
    ("forced:draw", "ws:6.3.1.2", "draw a card"),
    ("forced:trigger-check", "ws:7.3.1.2", "trigger check"),
    ("forced:damage", "ws:7.5.1.2", "the attacker deals damage equal to its soul"),
    ("forced:battle", "ws:7.6.1.2", "compare power; the lower is reversed"),
    ("forced:encore-turn-player", "ws:7.7.1.2", "turn player puts a reversed character into the waiting room"),
    ("forced:encore-non-turn-player", "ws:7.7.1.3", "non-turn player puts a reversed character into the waiting room"),
    ("forced:hand-limit", "ws:6.8.1.2", "discard down to the hand limit"),
    ("forced:climax-cleanup", "ws:6.8.1.3", "the climax goes to the waiting room"),
)

ACTIVATIONS: tuple[tuple[str, str, str, str], ...] = (
    # key                          clause        label                                  plays at
    ("act:beginning-of-turn", "ws:6.2.1.1", "at the beginning of turn", "ct:6.2.1.1"),
    ("act:beginning-of-stand", "ws:6.2.1.1", "at the beginning of stand phase", "ct:6.2.1.1"),
    ("act:beginning-of-draw", "ws:6.3.1.1", "at the beginning of draw phase", "ct:6.3.1.1"),
    ("act:beginning-of-clock", "ws:6.4.1.1", "at the beginning of clock phase", "ct:6.4.1.1"),
    ("act:beginning-of-main", "ws:6.5.1.1", "at the beginning of main phase", "ct:6.5.1.2"),
    ("act:beginning-of-climax", "ws:6.6.1.1", "at the beginning of climax phase", "ct:6.6.1.1"),
    ("act:beginning-of-attack", "ws:7.2.1.1", "at the beginning of attack phase", "ct:7.2.1.1"),
    ("act:beginning-of-declaration", "ws:7.2.1.2", "at the beginning of attack declaration step", "ct:7.2.1.2"),
    ("act:beginning-of-trigger", "ws:7.3.1.1", "at the beginning of trigger step", "ct:7.3.1.1"),
    ("act:beginning-of-counter", "ws:7.4.1.1", "at the beginning of counter step", "ct:7.4.1.2"),
    ("act:beginning-of-damage", "ws:7.5.1.1", "at the beginning of damage step", "ct:7.5.1.1"),
    ("act:beginning-of-battle", "ws:7.6.1.1", "at the beginning of battle step", "ct:7.6.1.1"),
    ("act:beginning-of-encore", "ws:7.7.1.1", "at the beginning of encore step", "ct:7.7.1.1"),
    ("act:beginning-of-end", "ws:6.8.1.1", "at the beginning of end phase", "ct:6.8.1.1"),
    ("act:end-of-turn", "ws:6.8.1.1", "at the end of turn", "ct:6.8.1.1"),
)
"""Activation conditions the procedure activates, and the check timing that plays their abilities.

6.5.1.1 and 7.4.1.1 trigger no check timing of their own: their abilities are
played in the check timing that precedes the play timing (8.5.2.1) right after.
"""

RULE_ACTIONS: tuple[tuple[str, str, str, str], ...] = (
    # key                        clause    label                          type (9.1.2)
    ("ra:refresh", "ws:9.2", "refresh", INTERRUPT),
    ("ra:level-up", "ws:9.3", "level up", INTERRUPT),
    ("ra:losing-verdict", "ws:9.4", "losing verdict", CHECK),
    ("ra:insufficient-power", "ws:9.5", "character with insufficient power", CHECK),
    ("ra:multiple-characters", "ws:9.6", "multiple characters", CHECK),
    ("ra:multiple-climax", "ws:9.7", "multiple climax", CHECK),
    ("ra:unaffiliated-marker", "ws:9.8", "unaffiliated marker", CHECK),
    ("ra:refresh-point", "ws:9.9", "refresh point", CHECK),
)

ANY_MOMENT = "timing:any-moment"
TIMINGS: tuple[tuple[str, str, str], ...] = ((ANY_MOMENT, "ws:9.1.2.1", "any moment (except while paying a cost)"),)

# -- the order ----------------------------------------------------------------

FRONT = "frontal attack"
NOT_FRONT = "direct or side attack"

FLOW: tuple[tuple[str, str, str, str], ...] = (
    # source                       target                          clause        condition
    # stand phase (6.2)
    ("phase:stand", "ct:6.2.1.1", "ws:6.2.1.1", ""),
    ("ct:6.2.1.1", "forced:stand", "ws:6.2.1.2", ""),
    ("forced:stand", "ct:6.2.1.3", "ws:6.2.1.3", ""),
    ("ct:6.2.1.3", "phase:draw", "ws:6.2.1.3", ""),
    # draw phase (6.3)
    ("phase:draw", "ct:6.3.1.1", "ws:6.3.1.1", ""),
    ("ct:6.3.1.1", "forced:draw", "ws:6.3.1.2", ""),
    ("forced:draw", "ct:6.3.1.3", "ws:6.3.1.3", ""),
    ("ct:6.3.1.3", "phase:clock", "ws:6.3.1.3", ""),
    # clock phase (6.4)
    ("phase:clock", "ct:6.4.1.1", "ws:6.4.1.1", ""),
    ("ct:6.4.1.1", "choice:clock", "ws:6.4.1.2", ""),
    ("choice:clock", "ct:6.4.1.3", "ws:6.4.1.3", ""),
    ("ct:6.4.1.3", "phase:main", "ws:6.4.1.3", ""),
    # main phase (6.5); the play timing repeats while the turn player acts (8.5.2.2)
    ("phase:main", "ct:6.5.1.2", "ws:8.5.2.1", ""),
    ("ct:6.5.1.2", "pt:main", "ws:8.5.2.2", ""),
    ("pt:main", "ct:6.5.1.2", "ws:8.5.2.2", "the turn player took an action"),
    ("pt:main", "phase:climax", "ws:6.5.1.3", "the turn player does nothing"),
    # climax phase (6.6); one play timing only (6.6.1.2.2)
    ("phase:climax", "ct:6.6.1.1", "ws:6.6.1.1", ""),
    ("ct:6.6.1.1", "ct:6.6.1.2", "ws:8.5.2.1", ""),
    ("ct:6.6.1.2", "pt:climax", "ws:8.5.2.2", ""),
    ("pt:climax", "ct:6.6.1.3", "ws:6.6.1.3", ""),
    ("ct:6.6.1.3", "phase:attack", "ws:6.6.1.3", ""),
    # attack phase (6.7, 7.1.1); 7.2.1.1 only before the first declaration step
    ("phase:attack", "ct:7.2.1.1", "ws:7.2.1.1", ""),
    ("ct:7.2.1.1", "step:declaration", "ws:7.1.1", ""),
    # attack declaration step (7.2)
    ("step:declaration", "ct:7.2.1.2", "ws:7.2.1.2", ""),
    ("ct:7.2.1.2", "pt:declaration", "ws:7.2.1.3", ""),
    ("pt:declaration", "choice:attack-type", "ws:7.2.1.4", "a standing center stage character is chosen"),
    ("pt:declaration", "step:encore", "ws:7.2.1.3", "no character is chosen"),
    ("choice:attack-type", "ct:7.2.1.6", "ws:7.2.1.6", ""),
    ("ct:7.2.1.6", "step:trigger", "ws:7.2.1.6", ""),
    # trigger step (7.3)
    ("step:trigger", "ct:7.3.1.1", "ws:7.3.1.1", ""),
    ("ct:7.3.1.1", "forced:trigger-check", "ws:7.3.1.2", ""),
    ("forced:trigger-check", "ct:7.3.1.3", "ws:7.3.1.3", ""),
    ("ct:7.3.1.3", "step:counter", "ws:7.3.1.3", FRONT),
    ("ct:7.3.1.3", "step:damage", "ws:7.3.1.3", NOT_FRONT),
    # counter step (7.4)
    ("step:counter", "ct:7.4.1.2", "ws:8.5.2.1", ""),
    ("ct:7.4.1.2", "pt:counter", "ws:8.5.2.2", ""),
    ("pt:counter", "ct:7.4.1.3", "ws:7.4.1.3", ""),
    ("ct:7.4.1.3", "step:damage", "ws:7.4.1.3", ""),
    # damage step (7.5)
    ("step:damage", "ct:7.5.1.1", "ws:7.5.1.1", ""),
    ("ct:7.5.1.1", "forced:damage", "ws:7.5.1.2", ""),
    ("forced:damage", "ct:7.5.1.3", "ws:7.5.1.3", ""),
    ("ct:7.5.1.3", "step:battle", "ws:7.5.1.3", FRONT),
    ("ct:7.5.1.3", "step:declaration", "ws:7.5.1.3", NOT_FRONT),
    # battle step (7.6)
    ("step:battle", "ct:7.6.1.1", "ws:7.6.1.1", ""),
    ("ct:7.6.1.1", "forced:battle", "ws:7.6.1.2", ""),
    ("forced:battle", "ct:7.6.2", "ws:7.6.2", ""),
    ("ct:7.6.2", "step:declaration", "ws:7.6.2", ""),
    # encore step (7.7): each forced node first asks whether its player has a reversed character
    ("step:encore", "ct:7.7.1.1", "ws:7.7.1.1", ""),
    ("ct:7.7.1.1", "forced:encore-turn-player", "ws:7.7.1.2", ""),
    ("forced:encore-turn-player", "ct:7.7.1.2", "ws:7.7.1.2", "the turn player put a reversed character"),
    ("forced:encore-turn-player", "forced:encore-non-turn-player", "ws:7.7.1.3", "the turn player has none"),
    ("ct:7.7.1.2", "forced:encore-turn-player", "ws:7.7.1.2", ""),
    ("forced:encore-non-turn-player", "ct:7.7.1.3", "ws:7.7.1.3", "the non-turn player put a reversed character"),
    ("forced:encore-non-turn-player", "ct:7.7.1.4", "ws:7.7.1.4", "the non-turn player has none"),
    ("ct:7.7.1.3", "forced:encore-turn-player", "ws:7.7.1.3", ""),
    ("ct:7.7.1.4", "forced:encore-turn-player", "ws:7.7.1.4", "a character on either stage is reversed"),
    ("ct:7.7.1.4", "phase:end", "ws:7.7.1.4", "no character is reversed"),
    # end phase (6.8)
    ("phase:end", "ct:6.8.1.1", "ws:6.8.1.1", ""),
    ("ct:6.8.1.1", "forced:hand-limit", "ws:6.8.1.2", ""),
    ("forced:hand-limit", "forced:climax-cleanup", "ws:6.8.1.3", ""),
    ("forced:climax-cleanup", "ct:6.8.1.4", "ws:6.8.1.4", ""),
    ("ct:6.8.1.4", "phase:stand", "ws:6.8.1.5", "nothing is left to do: the opponent's turn begins"),
    ("ct:6.8.1.4", "phase:end", "ws:6.8.1.5", "hand over the limit, or abilities or rule actions left"),
)
"""The ``next`` edges: (source, target, clause, condition)."""


def _where_checked() -> list[tuple[str, str, str]]:
    """Each rule action with where it is checked: a check type one at every check timing (9.1.2.2), an interrupt
    type one at any moment (9.1.2.1)."""
    checked: list[tuple[str, str, str]] = []
    for key, _, _, action_type in RULE_ACTIONS:
        if action_type == CHECK:
            checked.extend((key, timing, "ws:9.1.2.2") for timing, _, _ in CHECK_TIMINGS)
        else:
            checked.append((key, ANY_MOMENT, "ws:9.1.2.1"))
    return checked


PROCEDURE_NODES: tuple[Node, ...] = procedure_nodes(
    (
        (PHASE, PHASES),
        (STEP, STEPS),
        (CHECK_TIMING, CHECK_TIMINGS),
        (PLAY_TIMING, PLAY_TIMINGS),
        (CHOICE, CHOICES),
        (FORCED, FORCED_STEPS),
        (TIMING, TIMINGS),
        (ACTIVATION, ACTIVATIONS),
        (RULE_ACTION, [(key, clause, f"{label} ({kind} type)") for key, clause, label, kind in RULE_ACTIONS]),
    )
)
"""Every node of the procedure."""
PROCEDURE_EDGES: tuple[Edge, ...] = procedure_edges(FLOW, _where_checked(), ACTIVATIONS)
"""Every edge of the procedure: ``next``, then ``checked_at``, then ``may_trigger``."""
START = "phase:stand"
"""Where a turn starts (6.1.1); the game's opening (5.2) is not part of the turn procedure."""


def procedure() -> Procedure:
    """The nodes and edges of the Weiss Schwarz turn procedure."""
    return PROCEDURE_NODES, PROCEDURE_EDGES
