"""Where weiss-sim 1.2 plays otherwise than Weiss Schwarz CR 2.00: the kinds of departure the referee knows.

Each kind says what the simulator does, what the rules require instead and the
clauses it breaks; the referee (``referee``) finds each occurrence in a game and
the entry of the log where it shows.  Some kinds follow from a choice the policy
can steer clear of (``avoided_by``), the others from the simulator's own
procedure.

This module is also where the importer names its game: the logs it writes are
Weiss Schwarz logs, and the clauses are those of the Weiss Schwarz rules.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

GAME: Final = "ws"
"""The ``game:`` of the logs the importer writes."""


def clause(number: str) -> str:
    """The id of a clause of the game's comprehensive rules (CR 2.00)."""
    return f"{GAME}:{number}"


class DepartureKind(enum.Enum):
    """A way weiss-sim departs from CR 2.00.  The value is the name the log's ``meta`` and ``--avoid`` use."""

    LEVEL_UP_AFTER_DRAWS = "level_up_after_draws"
    """D1. A clock phase that brings the clock to seven: weiss-sim draws its two cards, then levels up.  A level
    up is an interrupt rule action, performed at once (ws 9.3.1, 9.1.2.1): before the draws."""
    LATE_REFRESH = "late_refresh"
    """D2. A deck emptied with nothing more to take from it: weiss-sim refreshes only at the end of the attack
    or when a card is next needed.  A refresh is an interrupt rule action, performed the moment the deck is
    empty (ws 9.2.1, 9.2.2, 9.1.2.1)."""
    END_PHASE_CUT_SHORT = "end_phase_cut_short"
    """D3. After a hand-limit discard weiss-sim ends the end phase there: the climax stays in the climax area,
    and the next end phase that should discard does not (ws 6.8.1.2, 6.8.1.3)."""
    SIDE_ATTACK_BATTLE = "side_attack_battle"
    """D4. A side attack goes on to a battle in weiss-sim and reverses characters.  After a side attack's
    damage step the attack ends: only a frontal attack has a battle step (ws 7.5.1.3, 7.6.1)."""
    CLIMAX_WITHOUT_COLOR = "climax_without_color"
    """D5. weiss-sim lets a climax be played with no card of its color in the level or clock (ws 8.6.2.1.1)."""
    SIDE_ATTACK_SOUL_FLOORED = "side_attack_soul_floored"
    """D6. weiss-sim floors a side attacker's soul at zero after the facing level's -X, then adds the soul
    triggers: the soul is the sum of all changes, and only a total of zero or less deals no damage
    (ws 7.2.1.4.2, 7.5.1.2.1)."""
    REFRESH_POINT_BEFORE_LEVEL_UP = "refresh_point_before_level_up"
    """D7. A damage that refreshes the deck and brings the clock to seven: weiss-sim puts the refresh point's
    card into the clock before the level up.  The level up is an interrupt rule action, performed at once
    (ws 9.3.1); the refresh point is a check-type one, performed at the next check timing (ws 9.9.1)."""


@dataclass(frozen=True, slots=True)
class KindFacts:
    """What a departure kind cites, and which of the policy's choices it follows from."""

    label: str
    clauses: tuple[str, ...]
    avoided_by: str | None
    """The choices a policy avoids to avoid this kind, or None when no choice of a player causes it."""


FACTS: Final = {
    DepartureKind.LEVEL_UP_AFTER_DRAWS: KindFacts(
        "D1", (clause("9.3.1"), clause("9.1.2.1")), "clocking a card with six in the clock"
    ),
    DepartureKind.LATE_REFRESH: KindFacts("D2", (clause("9.2.1"), clause("9.2.2"), clause("9.1.2.1")), None),
    DepartureKind.END_PHASE_CUT_SHORT: KindFacts("D3", (clause("6.8.1.2"), clause("6.8.1.3")), None),
    DepartureKind.SIDE_ATTACK_BATTLE: KindFacts("D4", (clause("7.5.1.3"), clause("7.6.1")), "side attacks"),
    DepartureKind.CLIMAX_WITHOUT_COLOR: KindFacts(
        "D5", (clause("8.6.2.1.1"),), "climaxes whose color is not in the level or clock"
    ),
    DepartureKind.SIDE_ATTACK_SOUL_FLOORED: KindFacts(
        "D6", (clause("7.2.1.4.2"), clause("7.5.1.2.1")), "side attacks against a level above the soul"
    ),
    DepartureKind.REFRESH_POINT_BEFORE_LEVEL_UP: KindFacts(
        "D7", (clause("9.3.1"), clause("9.9.1"), clause("9.1.2.1")), None
    ),
}
AVOIDABLE: Final = tuple(kind for kind, facts in FACTS.items() if facts.avoided_by is not None)
"""The kinds a policy can steer clear of, by leaving out the choices that cause them."""


@dataclass(frozen=True, slots=True)
class Departure:
    """One occurrence: the log entry where it shows (0-based, in ``actions``), its kind and what it is."""

    entry: int
    kind: DepartureKind
    detail: str

    @property
    def clauses(self) -> tuple[str, ...]:
        return FACTS[self.kind].clauses

    def to_meta(self) -> dict[str, object]:
        """The departure as the log's ``meta`` records it."""
        return {"entry": self.entry, "kind": self.kind.value, "clauses": list(self.clauses), "detail": self.detail}
