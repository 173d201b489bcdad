"""The game-agnostic core of a game run: records, the step budget, check timing, standby abilities.

A game subclass writes its procedure as generator methods that ``yield`` the
``Decision`` and ``Reveal`` requests of ``engine.core.protocol`` and receive the
answers.  This class provides what every game built on the check-timing model
shares (ws 8.5, vg 8.4):

    check timing:
      1. perform every rule action due, all at once; repeat while any are due
      2. if the turn player has abilities in standby, they play one, then go to 1
      3. else if the other player has abilities in standby, they play one, then go to 1
      4. end

and a step budget: every step spends from it, the driver renews it each time it
answers a request, and running out raises ``EngineLimitReached`` so that an
endless loop the rules run on their own (ws 11.1) is reported, never run.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, Final

from engine.core.cards import Card, CardDefinition
from engine.core.effects import EffectLedger
from engine.core.protocol import (
    ActionRecord,
    Checkpoint,
    Choice,
    Decision,
    EngineLimitReached,
    RecordKind,
    Refusal,
    Reveal,
)

Request = Decision | Reveal | Checkpoint
Procedure = Generator[Request, Any, Any]
"""A piece of game procedure: yields requests, receives answers."""

DEFAULT_STEP_BUDGET: Final = 200_000


def ability_label(name: str) -> str:
    """An ability as a reader names it: ``encore``, or ``ability 0`` for the first of a card's abilities."""
    return f"ability {name}" if name.isdigit() else name


class GameEnded(Exception):
    """Raised inside the procedure when the game ends (a loss, a draw, a concession)."""


@dataclass(eq=False, slots=True, init=False)
class StandbyAbility:
    """An automatic ability whose activation condition was met, waiting for a check timing.

    Its initialiser is written out, as those of ``engine.core.protocol`` are: a compiled
    build runs a written initialiser natively.
    """

    master: str
    name: str
    """What it is: ``encore``, ``shot`` ... (the ``ability`` of a log's ``resolve`` entry)."""
    source: Card
    source_instance: int
    """The instance that triggered it (the card may have moved on since)."""
    resolve: Callable[[StandbyAbility], Procedure]
    clauses: tuple[str, ...]
    data: dict[str, Any]
    id: int
    """Numbers the abilities that triggered in this game, set by ``Game.trigger``."""

    def __init__(
        self,
        master: str,
        name: str,
        source: Card,
        source_instance: int,
        resolve: Callable[[StandbyAbility], Procedure],
        clauses: tuple[str, ...],
        data: dict[str, Any] | None = None,
    ) -> None:
        self.master = master
        self.name = name
        self.source = source
        self.source_instance = source_instance
        self.resolve = resolve
        self.clauses = clauses
        self.data = {} if data is None else data
        self.id = 0


class Game:
    """State and bookkeeping shared by every game; the procedure is the subclass's ``run``."""

    game_id = ""
    check_timing_clauses: tuple[str, ...] = ()
    standby_clauses: tuple[str, ...] = ()
    loop_clauses: tuple[str, ...] = ()

    def __init__(
        self,
        players: tuple[str, str],
        definitions: dict[str, CardDefinition],
        step_budget: int = DEFAULT_STEP_BUDGET,
    ) -> None:
        self.players = players
        self.definitions = definitions
        self.records: list[ActionRecord] = []
        self.keeps_trace = True
        """False when no one will read the trace (a verifier that prints only verdicts): steps are
        still numbered, but their records are neither made nor kept."""
        self.recorded = 0
        """How many steps have been recorded: the next record's ``seq``."""
        self.effects = EffectLedger()
        self.standby: list[StandbyAbility] = []
        self.turn = 0
        self.phase = "setup"
        self.turn_player = players[0]
        self.winner: str | None = None
        """A player id, ``draw``, or None while the game is on."""
        self.end_reason = ""
        self.steps = 0
        self.step_budget = step_budget
        self.unmodelled = 0
        """How many times card text the engine does not model was relied on."""
        self.triggered = 0
        self.pending_triggers: list[tuple[StandbyAbility, str]] = []
        self.context: dict[str, int] = {}
        """Where records are being made: ``ct`` (the check timing's record) and ``in_ability`` (the
        resolving ability's id); each record carries it, so graphs can tell what caused what."""

    # -- bookkeeping -------------------------------------------------------

    def opponent(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]

    @property
    def non_turn_player(self) -> str:
        return self.opponent(self.turn_player)

    def record(self, kind: RecordKind, player: str | None, message: str, clauses: tuple[str, ...], **data: Any) -> int:
        """Write one step of the trace; return its number (``seq``)."""
        seq = self.recorded
        self.recorded = seq + 1
        if self.keeps_trace:
            if self.context:
                data = {**self.context, **data}
            self.records.append(ActionRecord(seq, self.turn, self.phase, kind, player, message, clauses, data))
        if self.pending_triggers:
            self.record_triggers(seq)
        return seq

    def trigger(self, ability: StandbyAbility, cause: str) -> None:
        """An automatic ability's activation condition is met: it enters standby (ws 8.7.2).

        Its record follows the record of the step that triggered it (``cause`` in its data).
        """
        self.triggered += 1
        ability.id = self.triggered
        self.standby.append(ability)
        self.pending_triggers.append((ability, cause))

    def record_triggers(self, cause: int) -> None:
        pending, self.pending_triggers = self.pending_triggers, []
        for ability, why in pending:
            self.record(
                RecordKind.ABILITY,
                ability.master,
                f"{ability_label(ability.name)} of {ability.source.identity or '?'} triggers ({why})",
                ability.clauses,
                standby=ability.id,
                ability=ability.name,
                cause=cause,
            )

    def fresh_budget(self) -> None:
        """Start a new step budget: the driver answered a request, so the game is not looping on its own."""
        self.steps = 0

    def spend(self, steps: int = 1) -> None:
        """Spend from the step budget; an exhausted budget is an endless loop, reported."""
        self.steps += steps
        if self.steps > self.step_budget:
            raise EngineLimitReached(
                f"no end after {self.step_budget} steps: an endless loop ({', '.join(self.loop_clauses)})"
            )

    def definition(self, card: Card) -> CardDefinition | None:
        return self.definitions.get(card.identity) if card.identity is not None else None

    def end_game(self, winner: str | None, reason: str, clauses: tuple[str, ...]) -> None:
        """End the game now: ``winner`` is a player id or ``draw``."""
        self.winner = winner
        self.end_reason = reason
        self.record(RecordKind.RULE_ACTION, None, f"the game ends: {reason}", clauses, winner=winner)
        raise GameEnded(reason)

    # -- legality ------------------------------------------------------------

    def check(self, decision: Decision, choice: Choice) -> Refusal | None:
        """None when ``choice`` is legal at ``decision``, else why not (with clauses)."""
        if decision.offers(choice):
            return None
        return self.explain(decision, choice)

    def explain(self, decision: Decision, choice: Choice) -> Refusal:
        """Why an option not offered is illegal; games refine this per decision."""
        return Refusal(decision.clauses, f"{choice.describe()} is not a legal option here")

    # -- check timing ----------------------------------------------------------

    def nothing_due(self) -> bool:
        """True when no rule action can be due (a game that tracks its changes says so cheaply)."""
        return False

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
                self.record(RecordKind.TIMING, None, f"check timing: {why}", clauses + self.check_timing_clauses)
            else:  # the commonest step of all: without a trace, not even its message is made
                self.recorded += 1
            return
        outer = dict(self.context)
        self.context.pop("in_ability", None)
        self.context["ct"] = self.record(
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
                        ability = yield from self.choose_standby(player, waiting)
                        self.standby.remove(ability)
                        self.record(
                            RecordKind.ABILITY,
                            player,
                            f"{ability_label(ability.name)} of {ability.source.identity or '?'} is played",
                            ability.clauses + self.standby_clauses,
                            standby=ability.id,
                            ability=ability.name,
                        )
                        self.context["in_ability"] = ability.id
                        yield from ability.resolve(ability)
                        self.context.pop("in_ability", None)
                        break
                else:
                    return
        finally:
            self.context = outer

    def choose_standby(self, player: str, waiting: list[StandbyAbility]) -> Procedure:
        """The ability ``player`` plays next; with several, the player chooses."""
        if len(waiting) == 1:
            return waiting[0]
        options = [Choice("resolve", card=ability.source.identity, target=ability.name) for ability in waiting]
        decision = Decision(
            player,
            "standby",
            options,
            self.standby_clauses,
            frozenset({"resolve"}),
            prompt="choose which automatic ability in standby to play first",
            default=options[0],
        )
        choice = yield decision
        return waiting[options.index(choice)] if choice in options else waiting[0]
