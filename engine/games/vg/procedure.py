"""The Vanguard turn procedure (CR 1.37, sections 6, 7, 8.4 and 9) as data.

``game.py`` runs the procedure (``phases.py``, ``battle.py``, ``rule_actions.py``);
this module states its shape as plain tables of the nodes and edges of
``engine.core.procedure``, so that it can be drawn, exported and checked against
the rules text without running a game (``judge.graphs.static.procedure_graph``
turns it into a graph).  The engine must not depend on ``judge`` or
``rules_index``: nodes name their clause by id string only, and the judge looks
the headings up.  The game's preparation and Stand Up (5.4, 6.1) are not part of
the turn procedure.

Nodes (``Node.kind``):

* ``phase``: the six phases of a turn (vg 6.3-6.8, in the order of 6.2.1);
* ``step``: the draw and G assist steps of the draw phase (6.4.1.1, 6.4.1.2),
  the ride and stride steps of the ride phase (6.5.1.1, 6.5.1.2), and the six
  steps of the battle phase (start, attack, guard, drive, damage, close: 7.2-7.7);
* ``check-timing``: every check timing sections 6 and 7 resolve, one node per
  clause that resolves one (the check timing before the main phase play timing,
  8.4.2.1, is named by the clause that grants the play timing, 6.6.1.2; the
  guard step's, by 7.4.1.2, which names it);
* ``play-timing``: main (6.6.1.2) and guard (7.4.1.2), and the one decision of
  each step that has one: search or not (G assist, 6.4.1.2.3), normal ride or
  not (6.5.1.1.2), normal stride or not (6.5.1.2.2), attack or not (start step,
  7.2.1.2), which the rules do not call play timings;
* ``choice``: the other decisions the order passes through (the card a G assist
  takes and what it removes, 6.4.1.2.7; the attacking unit, the unit attacked and
  the booster, 7.3.1.3, 7.3.1.4, 7.3.1.6);
* ``forced``: actions the rules perform without a choice worth a node (standing,
  drawing, the drive and damage checks card by card, the hit, the retirement,
  the end phase's returns);
* ``activation``: the "at the beginning of ..." / "at the end of ..." activation
  conditions the procedure activates;
* ``rule-action``: the rule actions of section 9 the engine performs.  Vanguard
  has no interrupt rule actions (9.1.2: the situation is checked only during
  check timings), so there is no "any moment" timing node.

Edges (``Edge.relation``):

* ``next``: the order the procedure goes in.  An edge with a ``condition`` is
  one branch of a choice the rules make: the G assist step's conditions
  (6.4.1.2.4-6.4.1.2.5), another play timing or advance (8.4.2.2-8.4.2.3), attack
  or not (7.2.1.2.1, 7.2.1.3), drive step or not (7.4.1.4), hit a vanguard or not
  (7.6.1.5, 7.6.1.7).  The loops: the main and guard play timings come back to
  their check timing after an action (8.4.2.2, 7.4.1.2.1-7.4.1.2.2); drive checks
  repeat while fewer than the drive were made (7.5.1.3); damage checks repeat
  while damage is left (7.6.1.6.6); the close step goes back to its own
  beginning while something is left (7.7.1.3), then returns to the start step
  for another attack (7.7.1.4); the end phase goes on to the next turn's stand
  phase or back to its own beginning (6.8.1.5).
* ``checked_at``: each rule action to every check timing node (9.1.2, 8.4.1.1).
* ``may_trigger``: each activation condition to the check timing in which the
  automatic abilities it makes stand by are played (8.4.1.2-8.4.1.3, 8.6.1).

Activation nodes stand beside the ``next`` path, not on it: an activation
condition is an event at the start of the clause whose check timing follows at
once, and two of them can activate at the same moment (6.3.1.1, 6.8.1.3,
7.7.1.1), which a chain of ``next`` edges would misstate as an order.

Unlike the Weiss Schwarz attack phase, the start step's check timing (7.2.1.1)
belongs to every start step, so each battle's close step returns to the start
step node (7.7.1.4), before that check timing.  The engine takes the attack
step's three choices (7.3.1.3, 7.3.1.4, 7.3.1.6) together with the start step's
decision to attack (one ``attack`` names the attacker, its target and its
booster), so before the check timings of 7.2.1.2.1 and 7.3.1.2, and carries
them out after those, at 7.3.1.3-7.3.1.6; the nodes stand where the rules put
the choices.
"""

from __future__ import annotations

from engine.core.procedure import (
    ACTIVATION,
    CHECK_TIMING,
    CHOICE,
    FORCED,
    PHASE,
    PLAY_TIMING,
    RULE_ACTION,
    STEP,
    Edge,
    Node,
    Procedure,
    procedure_edges,
    procedure_nodes,
)

# -- the nodes ----------------------------------------------------------------

PHASES: tuple[tuple[str, str, str], ...] = (
    # key            clause     label
    ("phase:stand", "vg:6.3", "stand phase"),
    ("phase:draw", "vg:6.4", "draw phase"),
    ("phase:ride", "vg:6.5", "ride phase"),
    ("phase:main", "vg:6.6", "main phase"),
    ("phase:battle", "vg:6.7", "battle phase"),
    ("phase:end", "vg:6.8", "end phase"),
)
"""vg 6.2.1, in turn order."""

STEPS: tuple[tuple[str, str, str], ...] = (
    ("step:draw", "vg:6.4.1.1", "draw step"),
    ("step:g-assist", "vg:6.4.1.2", "G assist step"),
    ("step:ride", "vg:6.5.1.1", "ride step"),
    ("step:stride", "vg:6.5.1.2", "stride step"),
    ("step:start", "vg:7.2", "start step"),
    ("step:attack", "vg:7.3", "attack step"),
    ("step:guard", "vg:7.4", "guard step"),
    ("step:drive", "vg:7.5", "drive step"),
    ("step:damage", "vg:7.6", "damage step"),
    ("step:close", "vg:7.7", "close step"),
)
"""The steps of the draw phase (6.4.1), the ride phase (6.5.1) and the battle phase (7.2-7.7), in order
(the drive step only for an attacking vanguard, 7.4.1.4)."""

BATTLE_STEPS: tuple[str, ...] = ("step:start", "step:attack", "step:guard", "step:drive", "step:damage", "step:close")
"""vg 7.1.1-7.1.2: the battle phase's steps, from the start step to the close step."""

CHECK_TIMINGS: tuple[tuple[str, str, str], ...] = (
    ("ct:6.3.1.1", "vg:6.3.1.1", "check timing at the beginning of the stand phase"),
    ("ct:6.3.1.3", "vg:6.3.1.3", "check timing after standing"),
    ("ct:6.4.1.1.1", "vg:6.4.1.1.1", "check timing at the beginning of the draw phase"),
    ("ct:6.4.1.1.3", "vg:6.4.1.1.3", "check timing after the draw"),
    ("ct:6.4.1.2.2", "vg:6.4.1.2.2", "check timing at the beginning of the G assist step"),
    ("ct:6.4.1.3", "vg:6.4.1.3", "check timing at the end of the draw phase"),
    ("ct:6.5.1.1.1", "vg:6.5.1.1.1", "check timing at the beginning of the ride phase"),
    ("ct:6.5.1.1.4", "vg:6.5.1.1.4", "check timing after the ride step"),
    ("ct:6.5.1.2.1", "vg:6.5.1.2.1", "check timing at the beginning of the stride step"),
    ("ct:6.5.1.3", "vg:6.5.1.3", "check timing at the end of the ride phase"),
    ("ct:6.6.1.2", "vg:6.6.1.2", "check timing before the main phase play timing"),
    ("ct:7.2.1.1", "vg:7.2.1.1", "check timing at the beginning of the start step"),
    ("ct:7.2.1.2.1", "vg:7.2.1.2.1", "check timing after choosing to attack"),
    ("ct:7.3.1.2", "vg:7.3.1.2", "check timing at the beginning of the attack step"),
    ("ct:7.3.1.8", "vg:7.3.1.8", "check timing when a unit attacks or boosts"),
    ("ct:7.3.1.9", "vg:7.3.1.9", "check timing at the end of the attack step"),
    ("ct:7.4.1.2", "vg:7.4.1.2", "check timing before the guard play timing"),
    ("ct:7.4.1.4", "vg:7.4.1.4", "check timing at the end of the guard step"),
    ("ct:7.5.1.1", "vg:7.5.1.1", "check timing at the beginning of the drive step"),
    ("ct:7.5.1.2.3", "vg:7.5.1.2.3", "check timing after the drive check's trigger"),
    ("ct:7.5.1.3", "vg:7.5.1.3", "check timing after a drive check"),
    ("ct:7.5.1.4", "vg:7.5.1.4", "check timing at the end of the drive step"),
    ("ct:7.6.1.1", "vg:7.6.1.1", "check timing at the beginning of the damage step"),
    ("ct:7.6.1.4", "vg:7.6.1.4", "check timing after the hit is decided"),
    ("ct:7.6.1.6.3", "vg:7.6.1.6.3", "check timing after the damage check's trigger"),
    ("ct:7.6.1.6.5", "vg:7.6.1.6.5", "check timing after a damage check"),
    ("ct:7.6.1.9", "vg:7.6.1.9", "check timing when the attack hits"),
    ("ct:7.7.1.2", "vg:7.7.1.2", "check timing at the end of the battle (then until-end-of-battle effects end)"),
    ("ct:6.8.1.2", "vg:6.8.1.2", "check timing after the end phase's returns"),
    ("ct:6.8.1.4", "vg:6.8.1.4", "check timing at the end of the turn (then until-end-of-turn effects end)"),
)
"""Every check timing of sections 6 and 7 (8.4.1), in procedure order."""

PLAY_TIMINGS: tuple[tuple[str, str, str], ...] = (
    ("pt:g-assist", "vg:6.4.1.2.3", "search the deck by the G assist step, or not"),
    ("pt:ride", "vg:6.5.1.1.2", "normal ride, or not"),
    ("pt:stride", "vg:6.5.1.2.2", "normal stride, or not"),
    ("pt:main", "vg:6.6.1.2", "main phase play timing"),
    ("pt:start", "vg:7.2.1.2", "choose whether to attack"),
    ("pt:guard", "vg:7.4.1.2", "guard play timing (non-turn player)"),
)

CHOICES: tuple[tuple[str, str, str], ...] = (
    (
        "choice:g-assist",
        "vg:6.4.1.2.7",
        "look at the top 5, take up to one card a grade above the vanguard (removing 2 hand and 2 G zone cards)",
    ),
    ("choice:attacker", "vg:7.3.1.3", "choose a standing front-row unit to attack with, and rest it"),
    ("choice:target", "vg:7.3.1.4", "choose the opponent's vanguard or front-row rear-guard to attack"),
    ("choice:boost", "vg:7.3.1.6", "may rest the unit behind the attacker to boost it"),
)

FORCED_STEPS: tuple[tuple[str, str, str], ...] = (
    ("forced:stand", "vg:6.3.1.2", "stand all units"),
    ("forced:draw", "vg:6.4.1.1.2", "draw a card"),
    ("forced:reveal-hand", "vg:6.4.1.2.6", "reveal the hand for the opponent to confirm the G assist conditions"),
    ("forced:battle-begins", "vg:7.3.1.1", "the battle begins"),
    ("forced:drive-check", "vg:7.5.1.2.1", "drive check: the deck's top card into the trigger zone"),
    ("forced:drive-trigger", "vg:7.5.1.2.2", "resolve its trigger icon if its clan matches"),
    ("forced:drive-to-hand", "vg:7.5.1.2.4", "the checked card goes to the hand"),
    (
        "forced:hit",
        "vg:7.6.1.2",
        "compare power: the attack hits unless the attacked unit's power is greater (no hit if either moved, 7.6.1.3)",
    ),
    ("forced:damage", "vg:7.6.1.5", "the attacking unit deals damage equal to its critical"),
    ("forced:damage-check", "vg:7.6.1.6.1", "damage check: the deck's top card into the trigger zone"),
    ("forced:damage-trigger", "vg:7.6.1.6.2", "resolve its trigger icon if its clan matches"),
    ("forced:damage-to-zone", "vg:7.6.1.6.4", "the checked card goes to the damage zone"),
    ("forced:retire", "vg:7.6.1.8", "retire the hit rear-guard and every guardian"),
    ("forced:battle-ends", "vg:7.7.1.4", "the attacking and attacked units lose their roles"),
    ("forced:end-returns", "vg:6.8.1.1", "unlock, turn deleted units face up, G units back to the G zone"),
)

ACTIVATIONS: tuple[tuple[str, str, str, str], ...] = (
    # key                          clause          label                                   plays at
    ("act:beginning-of-turn", "vg:6.3.1.1", "at the beginning of turn", "ct:6.3.1.1"),
    ("act:beginning-of-stand", "vg:6.3.1.1", "at the beginning of stand phase", "ct:6.3.1.1"),
    ("act:beginning-of-draw", "vg:6.4.1.1.1", "at the beginning of draw phase", "ct:6.4.1.1.1"),
    ("act:beginning-of-g-assist", "vg:6.4.1.2.2", "at the beginning of G assist step", "ct:6.4.1.2.2"),
    ("act:beginning-of-ride", "vg:6.5.1.1.1", "at the beginning of ride phase", "ct:6.5.1.1.1"),
    ("act:beginning-of-stride", "vg:6.5.1.2.1", "at the beginning of stride step", "ct:6.5.1.2.1"),
    ("act:beginning-of-main", "vg:6.6.1.1", "at the beginning of main phase", "ct:6.6.1.2"),
    ("act:beginning-of-start", "vg:7.2.1.1", "at the beginning of start step", "ct:7.2.1.1"),
    ("act:beginning-of-attack", "vg:7.3.1.2", "at the beginning of attack step", "ct:7.3.1.2"),
    ("act:beginning-of-guard", "vg:7.4.1.1", "at the beginning of guard step", "ct:7.4.1.2"),
    ("act:beginning-of-drive", "vg:7.5.1.1", "at the beginning of drive step", "ct:7.5.1.1"),
    ("act:beginning-of-damage", "vg:7.6.1.1", "at the beginning of damage step", "ct:7.6.1.1"),
    ("act:beginning-of-close", "vg:7.7.1.1", "at the beginning of close step", "ct:7.7.1.2"),
    ("act:end-of-battle", "vg:7.7.1.1", "at the end of battle", "ct:7.7.1.2"),
    ("act:beginning-of-end", "vg:6.8.1.3", "at the beginning of end phase", "ct:6.8.1.4"),
    ("act:end-of-turn", "vg:6.8.1.3", "at the end of turn", "ct:6.8.1.4"),
)
"""Activation conditions the procedure activates, and the check timing that plays their abilities.

6.6.1.1 and 7.4.1.1 resolve no check timing of their own: their abilities are
played in the check timing that precedes the play timing (8.4.2.1) right after;
7.7.1.1 and 6.8.1.3 are followed by the check timing of the next clause.
"""

RULE_ACTIONS: tuple[tuple[str, str, str], ...] = (
    # key                          clause      label
    ("ra:six-damage", "vg:9.2.2", "losing: six or more cards in the damage zone"),
    ("ra:empty-deck", "vg:9.2.3", "losing: no cards in the deck"),
    ("ra:no-vanguard-no-soul", "vg:9.2.4", "losing: no vanguard and no cards in the soul"),
    (
        "ra:overloaded-vanguard",
        "vg:9.3.1",
        "overloaded vanguard circle: all but the last placed (9.3.3-9.3.5: chosen) to the soul",
    ),
    ("ra:overloaded-rear-guard", "vg:9.3.6", "overloaded rear-guard circle: all but the last placed to the drop zone"),
    ("ra:illegal-guardians", "vg:9.4.1", "guardians outside the battle phase go to the drop zone"),
    ("ra:no-vanguard", "vg:9.5.1", "no vanguard: a card of the soul rides"),
)
"""The rule actions of section 9, all checked only during check timings (9.1.2) and performed at once (9.1.3)."""

# -- the order ----------------------------------------------------------------

FLOW: tuple[tuple[str, str, str, str], ...] = (
    # source                       target                          clause          condition
    # stand phase (6.3)
    ("phase:stand", "ct:6.3.1.1", "vg:6.3.1.1", ""),
    ("ct:6.3.1.1", "forced:stand", "vg:6.3.1.2", ""),
    ("forced:stand", "ct:6.3.1.3", "vg:6.3.1.3", ""),
    ("ct:6.3.1.3", "phase:draw", "vg:6.3.1.3", ""),
    # draw phase (6.4): draw step (6.4.1.1)
    ("phase:draw", "step:draw", "vg:6.4.1", ""),
    ("step:draw", "ct:6.4.1.1.1", "vg:6.4.1.1.1", ""),
    ("ct:6.4.1.1.1", "forced:draw", "vg:6.4.1.1.2", ""),
    ("forced:draw", "ct:6.4.1.1.3", "vg:6.4.1.1.3", ""),
    ("ct:6.4.1.1.3", "step:g-assist", "vg:6.4.1.1.3", ""),
    # G assist step (6.4.1.2)
    ("step:g-assist", "ct:6.4.1.2.2", "vg:6.4.1.2.2", ""),
    ("ct:6.4.1.2.2", "pt:g-assist", "vg:6.4.1.2.4", "the three conditions of 6.4.1.2.4 are fulfilled"),
    ("ct:6.4.1.2.2", "ct:6.4.1.3", "vg:6.4.1.2.5", "a condition of 6.4.1.2.4 is not fulfilled"),
    ("pt:g-assist", "forced:reveal-hand", "vg:6.4.1.2.6", "the turn player searches"),
    ("pt:g-assist", "ct:6.4.1.3", "vg:6.4.1.2.3", "the turn player does not search"),
    ("forced:reveal-hand", "choice:g-assist", "vg:6.4.1.2.7", ""),
    ("choice:g-assist", "ct:6.4.1.3", "vg:6.4.1.3", ""),
    ("ct:6.4.1.3", "phase:ride", "vg:6.4.1.3", ""),
    # ride phase (6.5): ride step (6.5.1.1), once a turn
    ("phase:ride", "step:ride", "vg:6.5.1", ""),
    ("step:ride", "ct:6.5.1.1.1", "vg:6.5.1.1.1", ""),
    ("ct:6.5.1.1.1", "pt:ride", "vg:6.5.1.1.2", ""),
    ("pt:ride", "ct:6.5.1.1.4", "vg:6.5.1.1.4", ""),
    ("ct:6.5.1.1.4", "step:stride", "vg:6.5.1.1.4", ""),
    # stride step (6.5.1.2), once a turn
    ("step:stride", "ct:6.5.1.2.1", "vg:6.5.1.2.1", ""),
    ("ct:6.5.1.2.1", "pt:stride", "vg:6.5.1.2.2", ""),
    ("pt:stride", "ct:6.5.1.3", "vg:6.5.1.3", ""),
    ("ct:6.5.1.3", "phase:main", "vg:6.5.1.3", ""),
    # main phase (6.6); the play timing repeats while the turn player acts (8.4.2.2)
    ("phase:main", "ct:6.6.1.2", "vg:8.4.2.1", ""),
    ("ct:6.6.1.2", "pt:main", "vg:8.4.2.1", ""),
    ("pt:main", "ct:6.6.1.2", "vg:8.4.2.2", "the turn player took an action"),
    ("pt:main", "phase:battle", "vg:6.6.1.3", "the turn player does nothing"),
    # battle phase (6.7, 7.1.1): start step (7.2)
    ("phase:battle", "step:start", "vg:7.1.1", ""),
    ("step:start", "ct:7.2.1.1", "vg:7.2.1.1", ""),
    ("ct:7.2.1.1", "pt:start", "vg:7.2.1.2", ""),
    ("pt:start", "ct:7.2.1.2.1", "vg:7.2.1.2.1", "the turn player attacks"),
    ("pt:start", "phase:end", "vg:7.2.1.2.1", "no attack (chosen, or regarded as chosen by 7.2.1.3)"),
    ("ct:7.2.1.2.1", "step:attack", "vg:7.2.1.2.1", ""),
    # attack step (7.3): one battle, from 7.3.1.1 to 7.7.1.4 (7.1.2)
    ("step:attack", "forced:battle-begins", "vg:7.3.1.1", ""),
    ("forced:battle-begins", "ct:7.3.1.2", "vg:7.3.1.2", ""),
    ("ct:7.3.1.2", "choice:attacker", "vg:7.3.1.3", ""),
    ("choice:attacker", "choice:target", "vg:7.3.1.4", "a unit is chosen"),
    ("choice:attacker", "step:close", "vg:7.3.1.3", "no unit can be chosen"),
    ("choice:target", "choice:boost", "vg:7.3.1.6", ""),
    ("choice:boost", "ct:7.3.1.8", "vg:7.3.1.8", ""),
    ("ct:7.3.1.8", "ct:7.3.1.9", "vg:7.3.1.9", ""),
    ("ct:7.3.1.9", "step:guard", "vg:7.3.1.9", ""),
    # guard step (7.4): one guardian or intercept per play timing
    ("step:guard", "ct:7.4.1.2", "vg:8.4.2.1", ""),
    ("ct:7.4.1.2", "pt:guard", "vg:7.4.1.2", ""),
    ("pt:guard", "ct:7.4.1.2", "vg:7.4.1.2.1", "a guardian was called or a unit intercepted"),
    ("pt:guard", "ct:7.4.1.4", "vg:7.4.1.2.3", "the non-turn player passes (or can do neither: 7.4.1.2.3.1)"),
    ("ct:7.4.1.4", "step:drive", "vg:7.4.1.4", "the attacking unit is on the vanguard circle"),
    ("ct:7.4.1.4", "step:damage", "vg:7.4.1.4", "the attacking unit is not on the vanguard circle"),
    # drive step (7.5): as many drive checks as the attacking vanguard's drive
    ("step:drive", "ct:7.5.1.1", "vg:7.5.1.1", ""),
    ("ct:7.5.1.1", "forced:drive-check", "vg:7.5.1.2", ""),
    ("forced:drive-check", "forced:drive-trigger", "vg:7.5.1.2.2", ""),
    ("forced:drive-trigger", "ct:7.5.1.2.3", "vg:7.5.1.2.3", ""),
    ("ct:7.5.1.2.3", "forced:drive-to-hand", "vg:7.5.1.2.4", ""),
    ("forced:drive-to-hand", "ct:7.5.1.3", "vg:7.5.1.3", ""),
    ("ct:7.5.1.3", "forced:drive-check", "vg:7.5.1.3", "fewer drive checks than the drive"),
    ("ct:7.5.1.3", "ct:7.5.1.4", "vg:7.5.1.3", "as many drive checks as the drive"),
    ("ct:7.5.1.4", "step:damage", "vg:7.5.1.4", ""),
    # damage step (7.6): one damage check per damage dealt to a vanguard
    ("step:damage", "ct:7.6.1.1", "vg:7.6.1.1", ""),
    ("ct:7.6.1.1", "forced:hit", "vg:7.6.1.2", ""),
    ("forced:hit", "ct:7.6.1.4", "vg:7.6.1.4", ""),
    ("ct:7.6.1.4", "forced:damage", "vg:7.6.1.5", "the attack hit a vanguard"),
    ("ct:7.6.1.4", "forced:retire", "vg:7.6.1.7", "the attack hit a rear-guard, or did not hit"),
    ("forced:damage", "forced:damage-check", "vg:7.6.1.6", "critical 1 or more"),
    ("forced:damage", "forced:retire", "vg:7.6.1.5.1", "critical 0 or less: no damage"),
    ("forced:damage-check", "forced:damage-trigger", "vg:7.6.1.6.2", ""),
    ("forced:damage-trigger", "ct:7.6.1.6.3", "vg:7.6.1.6.3", ""),
    ("ct:7.6.1.6.3", "forced:damage-to-zone", "vg:7.6.1.6.4", ""),
    ("forced:damage-to-zone", "ct:7.6.1.6.5", "vg:7.6.1.6.5", ""),
    ("ct:7.6.1.6.5", "forced:damage-check", "vg:7.6.1.6.6", "damage is left"),
    ("ct:7.6.1.6.5", "forced:retire", "vg:7.6.1.6.6", "no damage is left"),
    ("forced:retire", "ct:7.6.1.9", "vg:7.6.1.9", ""),
    ("ct:7.6.1.9", "step:close", "vg:7.6.1.9", ""),
    # close step (7.7); then the next battle's start step
    ("step:close", "ct:7.7.1.2", "vg:7.7.1.2", ""),
    ("ct:7.7.1.2", "forced:battle-ends", "vg:7.7.1.3", "nothing is left to do"),
    ("ct:7.7.1.2", "step:close", "vg:7.7.1.3", "abilities or rule actions left"),
    ("forced:battle-ends", "step:start", "vg:7.7.1.4", ""),
    # end phase (6.8)
    ("phase:end", "forced:end-returns", "vg:6.8.1.1", ""),
    ("forced:end-returns", "ct:6.8.1.2", "vg:6.8.1.2", ""),
    ("ct:6.8.1.2", "ct:6.8.1.4", "vg:6.8.1.4", ""),
    ("ct:6.8.1.4", "phase:stand", "vg:6.8.1.5", "nothing is left to do: the opponent's turn begins"),
    ("ct:6.8.1.4", "phase:end", "vg:6.8.1.5", "abilities or rule actions left"),
)
"""The ``next`` edges: (source, target, clause, condition)."""


PROCEDURE_NODES: tuple[Node, ...] = procedure_nodes(
    (
        (PHASE, PHASES),
        (STEP, STEPS),
        (CHECK_TIMING, CHECK_TIMINGS),
        (PLAY_TIMING, PLAY_TIMINGS),
        (CHOICE, CHOICES),
        (FORCED, FORCED_STEPS),
        (ACTIVATION, ACTIVATIONS),
        (RULE_ACTION, RULE_ACTIONS),
    )
)
"""Every node of the procedure."""
PROCEDURE_EDGES: tuple[Edge, ...] = procedure_edges(
    FLOW,
    [(key, timing, "vg:9.1.2") for key, _, _ in RULE_ACTIONS for timing, _, _ in CHECK_TIMINGS],
    ACTIVATIONS,
)
"""Every edge of the procedure: ``next``, then ``checked_at``, then ``may_trigger``."""
START = "phase:stand"
"""Where a turn starts (6.2.1); the game's preparation and Stand Up (5.4, 6.1) are not part of the turn procedure."""


def procedure() -> Procedure:
    """The nodes and edges of the Vanguard turn procedure."""
    return PROCEDURE_NODES, PROCEDURE_EDGES
