"""The check timing: the loop Weiss Schwarz (ws 8.5) and Vanguard (vg 8.4) play abilities in.

A game whose rules have check timings subclasses ``CheckTimingGame`` and calls
``check_timing`` wherever its procedure makes one happen:

    check timing:
      1. perform every rule action due, all at once; repeat while any are due
      2. if the turn player has abilities in standby, they play one, then go to 1
      3. else if the other player has abilities in standby, they play one, then go to 1
      4. end

A game without (the ENERGIO!! game resolves triggered effects as they happen,
wl 8.1.3) subclasses ``Game`` and plays ``standby`` its own way.
"""

from __future__ import annotations

from engine.core.game import D, Game, Procedure, StandbyAbility, ability_label
from engine.core.protocol import Checkpoint, Choice, Decision, RecordKind, ResolveFirst


class CheckTimingGame(Game[D]):
    """A game that plays its rule actions and automatic abilities at check timings.

    Unlike ``Game``, it lets no interpreted class subclass it where this package is compiled: a compiled
    generator method of such a class costs an allocation more at every check timing, the commonest step of
    a replay.  A game of another package builds on ``Game``; one of this package on this.
    """

    check_timing_clauses: tuple[str, ...] = ()
    """The clauses of the check timing itself, cited by every one (ws 8.5.1)."""
    standby_clauses: tuple[str, ...] = ()
    """The clauses by which abilities in standby are played, turn player first (ws 8.5.1.2-8.5.1.3)."""

    last_check_timing: int = -1
    """The ``seq`` of the last check timing's record: an activated ability played in the play timing after it
    names it as its ``cause``."""
    quiet_version: int = -1
    """The ``version`` at which the last look found no rule action due."""

    def nothing_due(self) -> bool:
        """Whether no rule action is due: nothing changed since the last look found none (``version``), or none
        is now (``rule_actions_due``)."""
        if self.version != self.quiet_version and not self.rule_actions_due():
            self.quiet_version = self.version
        return self.version == self.quiet_version

    def rule_actions_due(self) -> bool:
        """Whether any rule action is due: each game looks at its own (ws 9); the check timing asks only after a
        change."""
        return True

    def perform_rule_actions(self) -> Procedure:
        """Perform every rule action due at once; return True when any was performed."""
        return False
        yield  # pragma: no cover - makes this a generator

    def check_timing(self, why: str, clauses: tuple[str, ...] = ()) -> Procedure:
        """Run a check timing (rule actions, then standby abilities, turn player first)."""
        if self.pending_triggers and self.recorded:
            self.record_triggers(self.recorded - 1)
        if not self.standby and self.nothing_due():  # the common case: nothing to do, no generator machinery
            if self.keeps_trace:
                self.last_check_timing = self.record(
                    RecordKind.TIMING, None, f"check timing: {why}", clauses + self.check_timing_clauses
                )
            else:  # the commonest step of all: without a trace, not even its message is made
                self.last_check_timing = self.recorded
                self.recorded += 1
            return
        outer = dict(self.context)
        self.context.pop("in_ability", None)
        self.context.pop("cause", None)
        self.context["ct"] = self.last_check_timing = self.record(
            RecordKind.TIMING, None, f"check timing: {why}", clauses + self.check_timing_clauses
        )
        try:
            while True:
                self.spend()
                if (yield from self.perform_rule_actions()):
                    continue
                for player in (self.turn_player, self.non_turn_player):
                    waiting = [ability for ability in self.standby if ability.master == player]
                    if waiting:
                        ability, chosen_by = yield from self.choose_standby(player, waiting)
                        self.standby.remove(ability)
                        if not self.unrecorded():
                            self.record(
                                RecordKind.ABILITY,
                                player,
                                f"{ability_label(ability.name)} of {ability.source_identity or '?'} is played",
                                ability.clauses + self.standby_clauses,
                                standby=ability.id,
                                ability=ability.name,
                                played=True,
                            )
                        self.context["in_ability"] = ability.id
                        yield from ability.resolve(ability)
                        self.context.pop("in_ability", None)
                        if chosen_by is not None:  # the choice of which to play first is applied: it was played
                            yield Checkpoint(chosen_by)
                        break
                else:
                    return
        finally:
            self.context = outer

    def choose_standby(self, player: str, waiting: list[StandbyAbility]) -> Procedure:
        """The ability ``player`` plays next, and the decision that chose it; with one, no decision."""
        if len(waiting) == 1:
            return waiting[0], None
        options: list[Choice] = [ResolveFirst(ability.source_identity, ability.name) for ability in waiting]
        decision = Decision(
            player,
            "standby_order",
            options,
            self.standby_clauses,
            frozenset({"resolve"}),
            prompt="choose which automatic ability in standby to play first",
            default=options[0],
        )
        choice = yield decision
        return (waiting[options.index(choice)] if choice in options else waiting[0]), decision
