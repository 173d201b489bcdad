"""Continuous effects with durations, applied in the rules' order.

The order (ws 8.9.1, vg 8.7.1): the printed value is the base; then effects
that do not change a number; then effects that change a number; among effects
the first three steps do not order, dependencies first and then timestamps
(ws 8.9.1.5: an effect's timestamp is when it was played, or for a continuous
ability when its card was put in its current zone).

Set-valued characteristics (traits, clans) change by effects that *gain* a
value, and any effect may *require* a value: it applies to a card only while the
card has it.  An effect that requires what another gains depends on it (ws
8.9.1.4, vg 8.7.2) and applies after it, whatever their timestamps; two effects
that each require what the other gains depend on neither.  Effects that are not from
continuous abilities follow one card *instance*: once the card changes zone
they stop applying (ws 8.9.2).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


class Layer(enum.IntEnum):
    """The application order of 8.9.1 (ws) / 8.7.1 (vg)."""

    NON_NUMERIC = 1
    """Effects that do not change a number (gain a trait, an ability)."""
    NUMERIC = 2
    """Effects that change a number (+1000 power, power becomes 0)."""


class Duration(enum.Enum):
    """How long an effect lasts; each game ends a duration where its procedure says.

    Where the rules end one player's effects before the other's (the turn player's
    "until the end of the turn" effects, then the other player's, wl 6.6.1.2-6.6.1.3),
    the ledger ends them per ``ContinuousEffect.controller``.
    """

    END_OF_TURN = "until end of turn"
    """Ends at the end phase (ws 6.8.1.4, vg 6.8.1.4, wl 6.6.1.2-6.6.1.3)."""
    END_OF_BATTLE = "until end of battle"
    """Ends at the end of a battle (vg 7.7.1.2; wl 7.1.5)."""
    OPPONENTS_NEXT_TURN = "until the end of the opponent's next turn"
    """Ends at the end of the first turn after the one it was made in whose turn player is not its controller
    (ws 8.2.1.2, 6.8.1.4)."""
    GAME = "during this game"
    """No stated duration (ws 8.2.1.2)."""


@dataclass(slots=True, init=False)
class ContinuousEffect:
    """A change to one characteristic of one card instance; never changed once made.

    Its initialiser is written out, as those of ``engine.core.protocol`` are: a game
    makes dozens of effects, and a compiled build runs a written initialiser natively.
    """

    target: int
    """The card instance it applies to."""
    attribute: str
    """``power``, ``soul``, ``level`` ..."""
    delta: int
    becomes: int | None
    """When set, the value becomes this (applied in timestamp order with deltas)."""
    layer: Layer
    duration: Duration
    timestamp: int
    source: str
    clauses: tuple[str, ...]
    gains: str | None
    """For a set-valued ``attribute`` (``traits``): the value the card gains (a non-numeric effect)."""
    requires: tuple[str, ...] | None
    """When set, the effect applies only while the card's set-valued characteristic holds one of these values
    (a character with 《Music》 or 《Idol》)."""
    controller: str | None
    """The player whose effect it is, where a game ends durations player by player; else None."""
    turn: int
    """The turn it was made in, for a duration that ends in a later turn."""

    def __init__(
        self,
        target: int,
        attribute: str,
        delta: int = 0,
        becomes: int | None = None,
        layer: Layer = Layer.NUMERIC,
        duration: Duration = Duration.END_OF_TURN,
        timestamp: int = 0,
        source: str = "",
        clauses: tuple[str, ...] = (),
        gains: str | None = None,
        requires: tuple[str, ...] | None = None,
        controller: str | None = None,
        turn: int = 0,
    ) -> None:
        self.target = target
        self.attribute = attribute
        self.delta = delta
        self.becomes = becomes
        self.layer = layer
        self.duration = duration
        self.timestamp = timestamp
        self.source = source
        self.clauses = clauses
        self.gains = gains
        self.requires = requires
        self.controller = controller
        self.turn = turn

    def apply(self, value: int) -> int:
        return self.becomes if self.becomes is not None else value + self.delta

    def depends_on(self, other: ContinuousEffect) -> bool:
        """Whether applying ``other`` first changes what this effect applies to, and not the other way round."""
        return (
            self.requires is not None
            and other.gains in self.requires
            and not (other.requires is not None and self.gains in other.requires)
        )


def application_order(effects: Sequence[ContinuousEffect]) -> list[ContinuousEffect]:
    """``effects`` in the order they apply: layer, then dependencies, then timestamp.

    Among the effects of a layer, the next one applied is the earliest whose
    dependencies have all been applied; when every remaining effect waits on
    another (a loop of three or more), the earliest of them goes first.
    """
    ordered: list[ContinuousEffect] = []
    for layer in sorted({effect.layer for effect in effects}):
        waiting = sorted((e for e in effects if e.layer == layer), key=lambda e: e.timestamp)
        while waiting:
            ready = next(
                (e for e in waiting if not any(e.depends_on(other) for other in waiting if other is not e)),
                waiting[0],
            )
            waiting.remove(ready)
            ordered.append(ready)
    return ordered


class EffectLedger:
    """The continuous effects in force that were created by resolved effects."""

    __slots__ = ("clock", "effects")

    def __init__(self) -> None:
        self.effects: list[ContinuousEffect] = []
        self.clock = 0

    def next_timestamp(self) -> int:
        self.clock += 1
        return self.clock

    def add(self, effect: ContinuousEffect) -> None:
        self.effects.append(effect)

    def can_lower(self, attribute: str) -> bool:
        """Whether any effect in force can lower ``attribute`` (a quick test before computing)."""
        return any(
            effect.attribute == attribute and (effect.delta < 0 or effect.becomes is not None)
            for effect in self.effects
        )

    def expire(self, duration: Duration, controller: str | None = None) -> int:
        """Remove the effects of ``duration`` (only ``controller``'s, when given); returns how many ended."""
        before = len(self.effects)
        self.effects = [
            effect
            for effect in self.effects
            if effect.duration is not duration or (controller is not None and effect.controller != controller)
        ]
        return before - len(self.effects)

    def expire_opponents_next_turn(self, turn_player: str, turn: int) -> int:
        """At the end of turn ``turn``, remove the effects that last until the end of their controller's
        opponent's next turn: those of another player than ``turn_player`` made in an earlier turn."""
        before = len(self.effects)
        self.effects = [
            effect
            for effect in self.effects
            if effect.duration is not Duration.OPPONENTS_NEXT_TURN
            or effect.controller == turn_player
            or effect.turn >= turn
        ]
        return before - len(self.effects)

    def value(
        self,
        instance: int,
        attribute: str,
        base: int,
        extra: Iterable[ContinuousEffect] = (),
        holds: frozenset[str] = frozenset(),
    ) -> int:
        """The value of ``attribute`` after every effect on ``instance`` (and ``extra``) applies.

        ``holds`` is the card's set-valued characteristic, for effects that require a value in it.
        """
        relevant = [e for e in self.effects if e.target == instance and e.attribute == attribute]
        relevant.extend(e for e in extra if e.target == instance and e.attribute == attribute)
        if not relevant:
            return base
        for effect in sorted(relevant, key=lambda e: (e.layer, e.timestamp)):
            if effect.requires is None or not holds.isdisjoint(effect.requires):
                base = effect.apply(base)
        return base

    def gained(
        self, instance: int, attribute: str, base: Iterable[str], extra: Iterable[ContinuousEffect] = ()
    ) -> tuple[frozenset[str], list[ContinuousEffect]]:
        """A set-valued ``attribute`` of ``instance`` after its effects apply, and the effects that did, in order."""
        relevant = [e for e in self.effects if e.target == instance and e.attribute == attribute]
        relevant.extend(e for e in extra if e.target == instance and e.attribute == attribute)
        values = set(base)
        applied = []
        for effect in application_order(relevant):
            if effect.gains is not None and (effect.requires is None or not values.isdisjoint(effect.requires)):
                values.add(effect.gains)
                applied.append(effect)
        return frozenset(values), applied
