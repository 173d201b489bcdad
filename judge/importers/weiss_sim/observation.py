"""weiss-sim's full-visibility observation, read as each seat's zones.

The observation (378 integers, encoding version 2) is a header of 16 fields,
then two player blocks of 171, the perspective's first: the decision's player
when there is a decision; after the game's last decision, the player who took
it.  A block holds each zone's
count, the five stage slots (card, status and five numbers each), the top
cards of the climax area, level (oldest first), clock, waiting room and stock
(each the top card first), the hand and, in full visibility, the whole deck
(top first).  Card id 0 is an empty place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

HEADER_ACTIVE_PLAYER: Final = 0
HEADER_DECISION_PLAYER: Final = 3
BLOCK_STARTS: Final = (16, 187)
BLOCK_LENGTH: Final = 171
COUNTED_ZONES: Final = ("level", "clock", "deck", "hand", "stock", "waiting", "memory", "climax", "resolution")
"""The zones a block counts, in its order; the names are the log's."""
SLOTS: Final = 5
SLOT_WIDTH: Final = 7
STAGE_START: Final = 9
STATUS: Final = {1: "stand", 2: "rest", 3: "reverse"}
"""A stage slot's status code and the orientation the log writes."""
TOP_CARDS: Final = {"level": (45, 4), "clock": (49, 7), "waiting": (56, 5), "stock": (66, 5)}
"""Zone -> (offset, length) of the cards a block shows of it: the level oldest first, the others top first."""
CLIMAX_TOP: Final = 44
HAND_START: Final = 71
DECK_START: Final = 121
OBSERVATION_LENGTH: Final = 378


@dataclass(frozen=True, slots=True)
class Character:
    """A card on a stage slot, with its orientation."""

    card: int
    state: str


@dataclass(frozen=True, slots=True)
class SeatView:
    """What the observation shows of one seat."""

    counts: dict[str, int]
    stage: tuple[Character | None, ...]
    """By weiss-sim slot, 0 to 4."""
    hand: tuple[int, ...]
    deck: tuple[int, ...]
    """Top first."""
    shown: dict[str, tuple[int, ...]]
    """The cards of ``TOP_CARDS``: the level oldest first, the clock, waiting room and stock top first."""
    climax: int | None


def perspective(observation: Sequence[int], last_actor: int | None = None) -> int:
    """The seat whose block comes first: the deciding player's; with no decision, ``last_actor`` (the player of
    the last decision taken), else the turn player."""
    decider = int(observation[HEADER_DECISION_PLAYER])
    if decider in (0, 1):
        return decider
    return last_actor if last_actor is not None else int(observation[HEADER_ACTIVE_PLAYER])


def _seat_view(block: Sequence[int]) -> SeatView:
    counts = {zone: int(block[index]) for index, zone in enumerate(COUNTED_ZONES)}
    stage = []
    for slot in range(SLOTS):
        at = STAGE_START + SLOT_WIDTH * slot
        card, status = int(block[at]), int(block[at + 1])
        stage.append(Character(card, STATUS.get(status, f"status {status}")) if card > 0 else None)
    shown = {}
    for zone, (offset, length) in TOP_CARDS.items():
        shown[zone] = tuple(int(card) for card in block[offset : offset + length] if int(card) > 0)
    climax = int(block[CLIMAX_TOP])
    return SeatView(
        counts=counts,
        stage=tuple(stage),
        hand=tuple(int(card) for card in block[HAND_START : HAND_START + counts["hand"]]),
        deck=tuple(int(card) for card in block[DECK_START : DECK_START + counts["deck"]]),
        shown=shown,
        climax=climax if climax > 0 else None,
    )


def seat_views(observation: Sequence[int], last_actor: int | None = None) -> tuple[SeatView, SeatView]:
    """Seat 0's view and seat 1's, whichever comes first in the observation (see ``perspective``)."""
    if len(observation) != OBSERVATION_LENGTH:
        raise ValueError(f"an observation of {len(observation)} values, not {OBSERVATION_LENGTH}")
    first = perspective(observation, last_actor)
    blocks = [observation[start : start + BLOCK_LENGTH] for start in BLOCK_STARTS]
    views = (_seat_view(blocks[0]), _seat_view(blocks[1]))
    return views if first == 0 else (views[1], views[0])
