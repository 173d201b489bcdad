"""The ENERGIO!! turn procedure (the Whitelist rules, sections 6, 7 and 9) as data.

``game.py`` runs the procedure (``phases.py``, ``battle.py``, ``rule_processing.py``);
this module states its shape as plain tables of the nodes and edges of
``engine.core.procedure``, so that it can be drawn, exported and checked against
the rules text without running a game (``judge.graphs.static.procedure_graph``
turns it into a graph).  The engine must not depend on ``judge`` or
``rules_index``: nodes name their clause by id string only, and the judge looks
the headings up.  The pre-game preparations (5.2) are not part of the turn
procedure.

This game has no check timing and no play timing in the rules' sense: effects
activate and resolve at the point of the procedure where their activation timing
is fulfilled (8.6), and rule processing happens the moment its event occurs,
even in the middle of another action (9.1.2).

Nodes (``Node.kind``):

* ``phase``: the five phases of a turn (wl 6.2-6.6, in the order of 6.1.1);
* ``step``: the steps of a battle (attack, block, counter, damage, and the end of
  the battle: 7.1.1-7.1.5), which is one of the main phase's actions (6.5.6);
* ``play-timing``: the points where a player may act as often as they wish or
  once: the main phase's actions (6.5.2, the turn player's), the block (7.1.2.1)
  and the counters (7.1.3.2, the attacked player's), which the rules do not
  call play timings;
* ``choice``: the other decisions the order passes through: each main phase
  action (play a card 6.5.3.1, activate an effect 6.5.4.1, give ENERGIO!!
  6.5.5.1), the attacker and its target (7.1.1.1, 7.1.1.2), each kind of
  counter (7.1.3.2.1, 7.1.3.2.2), and activating a Life card's [Trigger]
  (10.1.5.1);
* ``forced``: actions the rules perform without a choice: the refresh (6.2.1,
  6.2.3, 6.2.4), the draw (6.3.1), the ENERGIO!! cards placed (6.4.1-6.4.3), the
  check whether the attacking or attacked card moved areas that ends each of
  the first three steps (7.1.1.4, 7.1.2.3, 7.1.3.2.3), the power comparison and
  its results (7.1.4), the end of a battle (7.1.5) and of a turn (6.6.1.2-6.6.1.4);
* ``activation``: the points where effects activate by the procedure: "at the
  start of your/your opponent's turn" (6.2.2), "at the start of the Main Phase"
  (6.5.1), [When Attacking] (7.1.1.3) and, after it, [On Your Opponent's
  Attack] (10.2.16.1), [On Block] (7.1.2.2), "when attacked" (7.1.3.1), "at the
  end of the battle" (7.1.5.2) and "end of your turn" (6.6.1.1);
* ``rule-action``: the defeat judgment of section 9 (9.2.1.1, 9.2.1.2);
* ``timing``: "any moment", where rule processing happens (9.1.2).

Edges (``Edge.relation``):

* ``next``: the order the procedure goes in.  An edge with a ``condition`` is
  one branch of several: the first player's first turn draws no card (6.3.1);
  the main phase's actions, battle only outside either player's first turn
  (6.5.6.1), until the end is declared (6.5.2.1); a block or not (7.1.2.1); a
  counter or not (7.1.3.2); each step's moved-areas check (7.1.1.4, 7.1.2.3,
  7.1.3.2.3); the battle won against the Leader, won against a Character, or
  lost (7.1.4.1-7.1.4.2); no Life left or not (7.1.4.1.1.1, 7.1.4.1.1.2);
  damage left (7.1.4.1.1.3); an "end of your turn" effect left (6.6.1.4).  The
  loops: every main phase action comes back to the main phase's actions
  (6.5.2), and so does a battle from its end (7.1.5.5); counters come back to
  the counter step's actions (7.1.3.2); each damage point of a [Double Attack]
  goes back to the damage dealt (7.1.4.1.1.3); the end phase goes on to the next
  turn's refresh phase (6.6.1.4).  The one node that leads nowhere is the
  attacking player's win (7.1.4.1.1.1): the game ends there.
* ``checked_at``: each rule action to the ``timing:any-moment`` node (9.1.2),
  and to the procedure's own points where its event happens: the draw
  (9.2.1.2: a deck of 0 cards) and the damage dealt to a Leader (9.2.1.1).
* No ``may_trigger`` edges: with no check timing there is no later point where
  triggered effects are played, so the activation nodes stand on the ``next``
  path themselves, in the order the rules give them (8.6.1: the turn player's
  effects first; 10.2.16.1: [On Your Opponent's Attack] after [When Attacking]).

Where the engine differs from the rules (the nodes stand where the rules put them):

* The engine takes the attacker and its target (7.1.1.1, 7.1.1.2) as one of the
  main phase's actions (an ``attack`` of the ``main`` decision) and rests the
  attacker then.
* The engine models no automatic effects: at the activation nodes nothing
  activates (card text with such a timing is reported as unmodelled, 8.1.1), so
  the end phase never goes back for an "end of your turn" effect (6.6.1.4).
  Nothing ends at 6.2.1 either: the engine has no "until the start of your next
  turn" duration.
* The block decision is offered only while the attacked player has an active
  [Blocker] other than the attacked card; otherwise the block step passes
  without a decision.
* The engine asks the [Trigger] decision of every Life card a damage takes
  (a point where the rules ask it only of a card with [Trigger], 10.1.5.1),
  with activating it an option only for a card with [Trigger] and no [Banish]
  (10.1.3.1); the graph's one ``choice:trigger`` node stands for both.
* Each damage point of a [Double Attack] goes back through the 0 Life check
  (7.1.4.1.1.1), where 7.1.4.1.1.3 repeats only 7.1.4.1.1.2; the outcome is the
  same (a Leader dealt its second damage with 0 Life loses by defeat judgment,
  9.2.1.1), and the graph follows the engine.
* Defeat judgment is made after every draw (and after the opening's Life cards
  and declared card text) for a deck of 0 cards (9.2.1.2), and in the damage
  step for a Leader dealt damage with 0 Life (9.2.1.1): damage dealt to a
  Leader by card effects is not modelled.
"""

from __future__ import annotations

from typing import Final

from engine.core.procedure import (
    ACTIVATION,
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

# -- the nodes ----------------------------------------------------------------

PHASES: tuple[tuple[str, str, str], ...] = (
    # key              clause     label
    ("phase:refresh", "wl:6.2", "refresh phase"),
    ("phase:draw", "wl:6.3", "draw phase"),
    ("phase:energio", "wl:6.4", "ENERGIO!! phase"),
    ("phase:main", "wl:6.5", "main phase"),
    ("phase:end", "wl:6.6", "end phase"),
)
"""wl 6.1.1, in turn order."""

STEPS: tuple[tuple[str, str, str], ...] = (
    ("step:attack", "wl:7.1.1", "attack step"),
    ("step:block", "wl:7.1.2", "block step"),
    ("step:counter", "wl:7.1.3", "counter step"),
    ("step:damage", "wl:7.1.4", "damage step"),
    ("step:end", "wl:7.1.5", "end of the battle"),
)
"""wl 7.1.1-7.1.5: a battle's steps, in order (7.1)."""

PLAY_TIMINGS: tuple[tuple[str, str, str], ...] = (
    (
        "pt:main",
        "wl:6.5.2",
        "main phase actions: play a card, activate an effect, give ENERGIO!!, battle, or declare the end",
    ),
    ("pt:block", "wl:7.1.2.1", "the attacked player may activate one [Blocker] (10.1.4.1), once a battle"),
    ("pt:counter", "wl:7.1.3.2", "the attacked player's counters, in any order and as many as they wish"),
)

CHOICES: tuple[tuple[str, str, str], ...] = (
    ("choice:play", "wl:6.5.3.1", "play a Character or Stage, or activate a [Main] Event, from the hand"),
    ("choice:activate", "wl:6.5.4.1", "activate a [Main] or [Activate: Main] effect"),
    ("choice:give", "wl:6.5.5.1", "give an active ENERGIO!! card to the Leader or a Character"),
    ("choice:attacker", "wl:7.1.1.1", "declare the attack: rest the active Leader or an active Character"),
    ("choice:target", "wl:7.1.1.2", "choose the target: the opponent's Leader or a rested Character"),
    (
        "choice:counter-character",
        "wl:7.1.3.2.1",
        "trash a Character card with (Symbol) Counter: the Leader or a Character gets its power this battle",
    ),
    ("choice:counter-event", "wl:7.1.3.2.2", "pay the cost of a [Counter] Event, trash it and activate it"),
    (
        "choice:trigger",
        "wl:10.1.5.1",
        "reveal the top Life card and activate its [Trigger] instead of adding it to the hand, or not (10.1.5.2)",
    ),
)

FORCED_STEPS: tuple[tuple[str, str, str], ...] = (
    ("forced:next-turn-effects-end", "wl:6.2.1", 'effects "until the start of your next turn" end'),
    ("forced:energio-returns", "wl:6.2.3", "ENERGIO!! given to the Leader and Characters return to the cost area"),
    ("forced:set-active", "wl:6.2.4", "every rested card of the turn player becomes active"),
    ("forced:draw", "wl:6.3.1", "the turn player draws a card"),
    (
        "forced:energio",
        "wl:6.4.1",
        "place 2 ENERGIO!! cards in the cost area (1 in the first player's first turn; fewer left: 6.4.2, 6.4.3)",
    ),
    ("forced:attack-moved", "wl:7.1.1.4", "has the attacking or attacked card moved areas?"),
    ("forced:block-moved", "wl:7.1.2.3", "has the attacking or attacked card moved areas?"),
    ("forced:counter-moved", "wl:7.1.3.2.3", "has the attacking or attacked card moved areas?"),
    ("forced:compare", "wl:7.1.4.1", "compare powers: the attack wins if the attacker's is greater or equal"),
    ("forced:damage", "wl:7.1.4.1.1", "1 damage is dealt to the Leader (each of the 2 of a [Double Attack], 10.1.2.1)"),
    ("forced:attacker-wins", "wl:7.1.4.1.1.1", "the opponent has 0 Life: the attacking player wins the game"),
    (
        "forced:life-card",
        "wl:7.1.4.1.1.2",
        "the top Life card goes to the hand (to the trash with [Banish], 10.1.3.1, or for its [Trigger])",
    ),
    ("forced:ko", "wl:7.1.4.1.2", "the Character attacked is K.O.'d (10.2.1)"),
    ("forced:battle-ends", "wl:7.1.5.1", "the battle ends"),
    ("forced:battle-effects-end", "wl:7.1.5.3", 'the turn player\'s effects "during this battle" end'),
    (
        "forced:opponent-battle-effects-end",
        "wl:7.1.5.4",
        'the non-turn player\'s effects "during this battle" end',
    ),
    ("forced:turn-effects-end", "wl:6.6.1.2", 'the turn player\'s effects "during this turn" end'),
    ("forced:opponent-turn-effects-end", "wl:6.6.1.3", 'the non-turn player\'s effects "during this turn" end'),
    ("forced:turn-ends", "wl:6.6.1.4", "the turn ends: the opponent becomes the turn player"),
)

ACTIVATIONS: tuple[tuple[str, str, str], ...] = (
    ("act:start-of-turn", "wl:6.2.2", 'effects "at the start of your/your opponent\'s turn" activate'),
    ("act:start-of-main", "wl:6.5.1", 'effects "at the start of the Main Phase" activate'),
    ("act:when-attacking", "wl:7.1.1.3", '[When Attacking] and "when you attack" effects activate'),
    ("act:on-opponents-attack", "wl:10.2.16.1", "[On Your Opponent's Attack] effects activate"),
    ("act:on-block", "wl:7.1.2.2", '[On Block] and "when you block" effects activate'),
    ("act:when-attacked", "wl:7.1.3.1", 'the attacked player\'s "when attacked" effects activate'),
    ("act:end-of-battle", "wl:7.1.5.2", 'effects "at the end of the/this battle" activate'),
    ("act:end-of-turn", "wl:6.6.1.1", 'effects "end of your turn" activate, once each (6.6.1.1.1)'),
)
"""The points where effects activate by the procedure, each on the ``next`` path where its clause stands."""

RULE_ACTIONS: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    # key, clause, label, the procedure's points where its event happens
    (
        "ra:damage-at-zero-life",
        "wl:9.2.1.1",
        "defeat: the Leader takes damage with 0 Life cards",
        ("forced:damage",),
    ),
    ("ra:empty-deck", "wl:9.2.1.2", "defeat: 0 cards in the deck", ("forced:draw",)),
)
"""Defeat judgment (9.2.1): every player who fulfils a defeat condition at that point loses, both if both do.

Besides any moment (9.1.2), each is tied to the procedure's own point where its event happens."""

ANY_MOMENT: Final = "timing:any-moment"
TIMINGS: tuple[tuple[str, str, str], ...] = (
    (ANY_MOMENT, "wl:9.1.2", "any moment, even while another action is under way"),
)

# -- the order ----------------------------------------------------------------

MOVED = "the attacking or attacked card moved areas"
STAYED = "neither card moved areas"

FLOW: tuple[tuple[str, str, str, str], ...] = (
    # source                            target                              clause             condition
    # refresh phase (6.2)
    ("phase:refresh", "forced:next-turn-effects-end", "wl:6.2.1", ""),
    ("forced:next-turn-effects-end", "act:start-of-turn", "wl:6.2.2", ""),
    ("act:start-of-turn", "forced:energio-returns", "wl:6.2.3", ""),
    ("forced:energio-returns", "forced:set-active", "wl:6.2.4", ""),
    ("forced:set-active", "phase:draw", "wl:6.1.1", ""),
    # draw phase (6.3)
    ("phase:draw", "forced:draw", "wl:6.3.1", "not the first player's first turn"),
    ("phase:draw", "phase:energio", "wl:6.3.1", "the first player's first turn: no draw"),
    ("forced:draw", "phase:energio", "wl:6.1.1", ""),
    # ENERGIO!! phase (6.4)
    ("phase:energio", "forced:energio", "wl:6.4.1", ""),
    ("forced:energio", "phase:main", "wl:6.1.1", ""),
    # main phase (6.5): its actions in any order, as many times as the turn player wishes (6.5.2)
    ("phase:main", "act:start-of-main", "wl:6.5.1", ""),
    ("act:start-of-main", "pt:main", "wl:6.5.2", ""),
    ("pt:main", "choice:play", "wl:6.5.2", "the turn player plays a card"),
    ("pt:main", "choice:activate", "wl:6.5.2", "the turn player activates an effect"),
    ("pt:main", "choice:give", "wl:6.5.2", "the turn player gives an ENERGIO!! card"),
    ("pt:main", "step:attack", "wl:6.5.6.1", "the turn player battles (not in either player's first turn)"),
    ("pt:main", "phase:end", "wl:6.5.2.1", "the turn player declares the end of the Main Phase"),
    ("choice:play", "pt:main", "wl:6.5.2", ""),
    ("choice:activate", "pt:main", "wl:6.5.2", ""),
    ("choice:give", "pt:main", "wl:6.5.2", ""),
    # attack step (7.1.1)
    ("step:attack", "choice:attacker", "wl:7.1.1.1", ""),
    ("choice:attacker", "choice:target", "wl:7.1.1.2", ""),
    ("choice:target", "act:when-attacking", "wl:7.1.1.3", ""),
    ("act:when-attacking", "act:on-opponents-attack", "wl:10.2.16.1", ""),
    ("act:on-opponents-attack", "forced:attack-moved", "wl:7.1.1.4", ""),
    ("forced:attack-moved", "step:block", "wl:7.1.1.4", STAYED),
    ("forced:attack-moved", "step:end", "wl:7.1.1.4", MOVED),
    # block step (7.1.2)
    ("step:block", "pt:block", "wl:7.1.2.1", ""),
    ("pt:block", "act:on-block", "wl:7.1.2.2", "a [Blocker] is activated: it becomes the card attacked"),
    ("pt:block", "forced:block-moved", "wl:7.1.2.3", "no [Blocker] is activated"),
    ("act:on-block", "forced:block-moved", "wl:7.1.2.3", ""),
    ("forced:block-moved", "step:counter", "wl:7.1.2.3", STAYED),
    ("forced:block-moved", "step:end", "wl:7.1.2.3", MOVED),
    # counter step (7.1.3)
    ("step:counter", "act:when-attacked", "wl:7.1.3.1", ""),
    ("act:when-attacked", "pt:counter", "wl:7.1.3.2", ""),
    ("pt:counter", "choice:counter-character", "wl:7.1.3.2.1", "a Character card's (Symbol) Counter"),
    ("pt:counter", "choice:counter-event", "wl:7.1.3.2.2", "a [Counter] Event"),
    ("pt:counter", "forced:counter-moved", "wl:7.1.3.2.3", "the attacked player does no more"),
    ("choice:counter-character", "pt:counter", "wl:7.1.3.2", ""),
    ("choice:counter-event", "pt:counter", "wl:7.1.3.2", ""),
    ("forced:counter-moved", "step:damage", "wl:7.1.3.2.3", STAYED),
    ("forced:counter-moved", "step:end", "wl:7.1.3.2.3", MOVED),
    # damage step (7.1.4)
    ("step:damage", "forced:compare", "wl:7.1.4.1", ""),
    ("forced:compare", "forced:damage", "wl:7.1.4.1.1", "the attack wins against the Leader"),
    ("forced:compare", "forced:ko", "wl:7.1.4.1.2", "the attack wins against a Character"),
    ("forced:compare", "step:end", "wl:7.1.4.2", "the attacker's power is less: the attack loses, nothing happens"),
    ("forced:damage", "forced:attacker-wins", "wl:7.1.4.1.1.1", "the opponent has 0 Life"),
    ("forced:damage", "choice:trigger", "wl:7.1.4.1.1.2", "the opponent has 1 or more Life"),
    ("choice:trigger", "forced:life-card", "wl:7.1.4.1.1.2", ""),
    ("forced:life-card", "forced:damage", "wl:7.1.4.1.1.3", "damage is left ([Double Attack])"),
    ("forced:life-card", "step:end", "wl:7.1.4.1.1.3", "no damage is left"),
    ("forced:ko", "step:end", "wl:7.1.4.1.2", ""),
    # the end of the battle (7.1.5), back to the main phase's actions
    ("step:end", "forced:battle-ends", "wl:7.1.5.1", ""),
    ("forced:battle-ends", "act:end-of-battle", "wl:7.1.5.2", ""),
    ("act:end-of-battle", "forced:battle-effects-end", "wl:7.1.5.3", ""),
    ("forced:battle-effects-end", "forced:opponent-battle-effects-end", "wl:7.1.5.4", ""),
    ("forced:opponent-battle-effects-end", "pt:main", "wl:7.1.5.5", ""),
    # end phase (6.6)
    ("phase:end", "act:end-of-turn", "wl:6.6.1.1", ""),
    ("act:end-of-turn", "forced:turn-effects-end", "wl:6.6.1.2", ""),
    ("forced:turn-effects-end", "forced:opponent-turn-effects-end", "wl:6.6.1.3", ""),
    (
        "forced:opponent-turn-effects-end",
        "forced:turn-ends",
        "wl:6.6.1.4",
        'no "end of your turn" effect is left with its conditions unfulfilled',
    ),
    (
        "forced:opponent-turn-effects-end",
        "act:end-of-turn",
        "wl:6.6.1.4",
        'an "end of your turn" effect is left with its conditions unfulfilled',
    ),
    ("forced:turn-ends", "phase:refresh", "wl:6.6.1.4", ""),
)
"""The ``next`` edges: (source, target, clause, condition)."""


PROCEDURE_NODES: tuple[Node, ...] = procedure_nodes(
    (
        (PHASE, PHASES),
        (STEP, STEPS),
        (PLAY_TIMING, PLAY_TIMINGS),
        (CHOICE, CHOICES),
        (FORCED, FORCED_STEPS),
        (ACTIVATION, ACTIVATIONS),
        (TIMING, TIMINGS),
        (RULE_ACTION, [(key, clause, label) for key, clause, label, _ in RULE_ACTIONS]),
    )
)
"""Every node of the procedure."""
PROCEDURE_EDGES: tuple[Edge, ...] = procedure_edges(
    FLOW, [(key, point, "wl:9.1.2") for key, _, _, points in RULE_ACTIONS for point in (ANY_MOMENT, *points)]
)
"""Every edge of the procedure: ``next``, then ``checked_at``."""
START = "phase:refresh"
"""Where a turn starts (6.1.1); the pre-game preparations (5.2) are not part of the turn procedure."""


def procedure() -> Procedure:
    """The nodes and edges of the ENERGIO!! turn procedure."""
    return PROCEDURE_NODES, PROCEDURE_EDGES
