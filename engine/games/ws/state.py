"""A Weiss Schwarz player's zones (ws 3) and the starting positions a game can be given.

Zone lists are bottom first (the last card is the top), except the deck, which
is top first, as it will be drawn.  The stage has five positions (ws 3.6.3): 1, 2
and 3 are the center stage (left, middle, right), 4 and 5 the back stage; a
position holds a pile (a list) because a rule action (ws 9.6) must see two
characters on one position before it puts the earlier one into the waiting room.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Final

from engine.core.cards import Card, IdentityPool
from engine.core.zones import Order, Visibility, ZoneTable, ZoneType

CENTER: Final = (1, 2, 3)
MIDDLE: Final = 2
"""The middle position of the center stage (3.6.3)."""
BACK: Final = (4, 5)
POSITIONS: Final = CENTER + BACK
"""The stage positions: the center stage, then the back stage."""
FACING: Final = {1: 3, 2: 2, 3: 1}
"""ws 3.6.5: my 1 faces the opponent's 3, 2 faces 2, 3 faces 1."""
BEHIND: Final = {1: (4,), 2: (4, 5), 3: (5,)}
"""ws 3.6.4: the back-stage positions behind each center-stage position."""
HAND_LIMIT: Final = 7
"""ws 3.3.3.1."""

ZONES: Final = ZoneTable(
    [
        ZoneType("deck", Visibility.HIDDEN, Order.FIXED, top_first=True, clauses=("ws:3.2.1", "ws:3.2.2")),
        ZoneType("hand", Visibility.OWNER, Order.OWNER, clauses=("ws:3.3.1", "ws:3.3.2")),
        ZoneType("waiting", Visibility.PUBLIC, Order.OWNER, clauses=("ws:3.4.1", "ws:3.4.2")),
        ZoneType("clock", Visibility.PUBLIC, Order.FIXED, clauses=("ws:3.8.1", "ws:3.8.2")),
        ZoneType("level", Visibility.PUBLIC, Order.FIXED, clauses=("ws:3.9.1", "ws:3.9.2")),
        ZoneType("stock", Visibility.HIDDEN, Order.FIXED, clauses=("ws:3.10.1", "ws:3.10.2")),
        ZoneType("climax", Visibility.PUBLIC, Order.SINGLE, clauses=("ws:3.11.2",)),
        ZoneType(
            "memory",
            Visibility.PUBLIC,
            Order.OWNER,
            face_down=Visibility.HIDDEN,
            clauses=("ws:3.12.2", "ws:3.12.2.1", "ws:3.12.2.2"),
        ),
        ZoneType("resolution", Visibility.PUBLIC, Order.FIXED, clauses=("ws:3.13.1", "ws:3.13.2")),
        ZoneType(
            "stage",
            Visibility.PUBLIC,
            Order.SINGLE,
            positions=POSITIONS,
            clauses=("ws:3.5.2", "ws:3.5.3", "ws:3.6.1", "ws:3.6.2"),
        ),
        ZoneType(
            "markers",
            Visibility.HIDDEN,
            Order.FIXED,
            positions=POSITIONS,
            face_down=Visibility.HIDDEN,
            clauses=("ws:3.7.1.2", "ws:3.7.2"),
        ),
    ]
)
"""A player's zones (ws 3), in the order of ``PlayerState``'s fields.  The memory's face-down
cards (3.12.2.2) are not modelled: every card in the memory is face up."""


ZONE_NAMES: Final = tuple(name for name in ZONES.names(piles=True) if name != "resolution")
"""The piles cards may be moved from or to by card text (the resolution zone is the rules' own)."""


Because = tuple[str, tuple[object, ...], int, int | None]
"""Why something on the table is as it is, kept until a refusal names it: a text to fill in and what fills it
(formatted only when read: most are never read), the turn, and the log entry being carried out then."""


def because(why: Because | None) -> str:
    """The text of a ``Because``, with its turn and log entry, or an empty text."""
    if why is None:
        return ""
    text, details, turn, entry = why
    return text.format(*details) + f" in turn {turn}" + (f" (entry {entry})" if entry is not None else "")


@dataclass(slots=True)
class PlayerState:
    """Everything one player has on the table."""

    id: str
    deck_list: Counter[str]
    pool: IdentityPool
    """What this player's not-yet-revealed cards from the original deck can be."""
    deck: list[Card] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    waiting: list[Card] = field(default_factory=list)
    clock: list[Card] = field(default_factory=list)
    level: list[Card] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    climax: list[Card] = field(default_factory=list)
    memory: list[Card] = field(default_factory=list)
    resolution: list[Card] = field(default_factory=list)
    stage: list[list[Card]] = field(default_factory=lambda: [[] for _ in POSITIONS])
    """What each stage position holds, position 1 first (``pile_at``).  A list, not a mapping of
    positions: a compiled build walks and indexes it natively, and the rule actions walk it often."""
    markers: list[list[Card]] = field(default_factory=lambda: [[] for _ in POSITIONS])
    """The markers under each stage position, position 1 first (``markers_at``)."""
    refresh_point: int = 0
    """ws 5.2.1.5, 9.2.2, 9.9."""
    placed_at: dict[int, int] = field(default_factory=dict)
    """Card instance -> the timestamp of its arrival in its current zone (ws 8.9.1.5.1)."""

    def zone(self, name: str) -> list[Card]:
        return getattr(self, name)

    def pile_at(self, position: int) -> list[Card]:
        """The cards on stage ``position`` (1-5): none or one character, two while a rule action (9.6) is due."""
        return self.stage[self._index(position)]

    def markers_at(self, position: int) -> list[Card]:
        """The markers under stage ``position`` (1-5)."""
        return self.markers[self._index(position)]

    def exchange(self, first: int, second: int) -> None:
        """Exchange what two stage positions hold, characters and their markers alike."""
        one, other = self._index(first), self._index(second)
        self.stage[one], self.stage[other] = self.stage[other], self.stage[one]
        self.markers[one], self.markers[other] = self.markers[other], self.markers[one]

    def _index(self, position: int) -> int:
        if not 1 <= position <= len(POSITIONS):
            raise LookupError(f"{self.id} has no stage position {position}")
        return position - 1

    def character_at(self, position: int) -> Card | None:
        """The character on ``position`` (the last one placed, if a rule action is pending)."""
        cards = self.pile_at(position)
        return cards[-1] if cards else None

    def character_on(self, position: int | None) -> Card:
        """The character a legal choice names by its position: there is one, or the choice was not legal."""
        card = self.character_at(position) if position is not None else None
        if card is None:
            raise LookupError(f"{self.id} has no character at position {position}")
        return card

    def characters(self) -> list[tuple[int, Card]]:
        return [(position, cards[-1]) for position, cards in zip(POSITIONS, self.stage) if cards]

    def position_of(self, card: Card) -> int | None:
        for position, cards in zip(POSITIONS, self.stage):
            if card in cards:
                return position
        return None

    @property
    def level_count(self) -> int:
        """The player's level: the number of cards in the level zone (ws 8.6.2.1.2)."""
        return len(self.level)


@dataclass(slots=True)
class PlayerPosition:
    """One player's part of a starting position; card ids, ``None`` for an unknown card."""

    level: list[str | None] = field(default_factory=list)
    clock: list[str | None] = field(default_factory=list)
    stock: list[str | None] = field(default_factory=list)
    waiting: list[str | None] = field(default_factory=list)
    hand: list[str | None] = field(default_factory=list)
    memory: list[str | None] = field(default_factory=list)
    climax: list[str | None] = field(default_factory=list)
    deck_top: list[str] = field(default_factory=list)
    """Known cards at the top of the deck, top first."""
    deck_rest: int | None = None
    """How many unknown cards lie under ``deck_top``; None: every card of the deck list not placed elsewhere."""
    stage: dict[int, tuple[str, str]] = field(default_factory=dict)
    """Position -> (card id, orientation)."""
    refresh_point: int = 0


@dataclass(slots=True)
class Position:
    """A game position to start from instead of the opening procedure."""

    turn: int
    active: str
    phase: str
    players: dict[str, PlayerPosition]


ZONE_CLAUSES: Final = {
    "deck": "ws:3.2.1",
    "hand": "ws:3.3.1",
    "waiting": "ws:3.4.1",
    "clock": "ws:3.8.1",
    "stock": "ws:3.10.1",
    "memory": "ws:3.12.1",
}
"""The clause that says what each zone a card text puts a character into is."""
