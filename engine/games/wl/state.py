"""An ENERGIO!! player's areas (wl 3) and the starting positions a game can be given.

Piles are bottom first (the last card is the top), except the deck, which is
top first, as it will be drawn; the Life area is bottom first, so its top card,
the one damage takes (wl 3.10.2), is the last.  The Character area keeps its
Characters in the order they entered it, which is how a log tells copies apart
(``AL-01@2``, the second AL-01 to enter).  ENERGIO!! cards are all alike within
a deck, so the cost area, the ENERGIO!! deck and the cards given to a Leader or
Character are counts (wl 3.3, 3.9, 6.5.5).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from engine.core.cards import Card, IdentityPool
from engine.core.zones import Order, Visibility, ZoneTable, ZoneType

CHARACTER_LIMIT: Final = 5
"""wl 3.7.6."""
OPENING_HAND: Final = 5
"""wl 5.2.1.6."""
LEADER: Final = "leader"
ORIENTATION_WORDS: Final = {"active": "stand", "stand": "stand", "rested": "rest", "rest": "rest"}
"""wl 4.4.1's active and rested, and the log format's stand and rest: the engine keeps ``stand`` and ``rest``."""
"""How a log names a player's Leader as an attacker or a target."""

ZONES: Final = ZoneTable(
    [
        ZoneType("deck", Visibility.HIDDEN, Order.FIXED, top_first=True, clauses=("wl:3.2.1", "wl:3.2.2")),
        ZoneType("hand", Visibility.OWNER, Order.OWNER, clauses=("wl:3.4.1", "wl:3.4.2")),
        ZoneType("trash", Visibility.PUBLIC, Order.OWNER, clauses=("wl:3.5.1", "wl:3.5.2")),
        ZoneType("life", Visibility.HIDDEN, Order.FIXED, clauses=("wl:3.10.1", "wl:3.10.2")),
        ZoneType("stage", Visibility.PUBLIC, Order.FIXED, clauses=("wl:3.8.1", "wl:3.8.2", "wl:3.8.5")),
        ZoneType("characters", Visibility.PUBLIC, Order.FIXED, clauses=("wl:3.7.1", "wl:3.7.2", "wl:3.7.6")),
        ZoneType("leader", Visibility.PUBLIC, Order.FIXED, clauses=("wl:3.6.1", "wl:3.6.2", "wl:3.6.3")),
        ZoneType("energio_deck", Visibility.PUBLIC, Order.ANYONE, clauses=("wl:3.3.1", "wl:3.3.2")),
        ZoneType("cost", Visibility.PUBLIC, Order.OWNER, clauses=("wl:3.9.1", "wl:3.9.2")),
    ],
    clauses=("wl:3.1.1", "wl:3.1.3"),
)
"""A player's areas (wl 3.1.1), one of each for each player (3.1.3)."""


@dataclass(slots=True)
class PlayerState:
    """Everything one player has on the table."""

    id: str
    leader: Card
    deck: list[Card] = field(default_factory=list)
    """Top first."""
    hand: list[Card] = field(default_factory=list)
    trash: list[Card] = field(default_factory=list)
    life: list[Card] = field(default_factory=list)
    """Bottom first: the top Life card is the last (wl 5.2.1.7, 3.10.2)."""
    characters: list[Card] = field(default_factory=list)
    """In the order they entered the Character area."""
    stage: list[Card] = field(default_factory=list)
    """None or one Stage (wl 3.8.5)."""
    given: dict[int, int] = field(default_factory=dict)
    """Instance of the Leader or a Character -> the ENERGIO!! cards given to it (wl 6.5.5)."""
    fresh: set[int] = field(default_factory=set)
    """Instances of the Characters played this turn, which attack only with [Rush] (wl 3.7.4, 10.1.1)."""
    cost_active: int = 0
    """Active ENERGIO!! cards in the cost area (wl 3.9)."""
    cost_rested: int = 0
    energio_deck: int = 0
    """Cards left in the ENERGIO!! deck (wl 3.3)."""
    energio_card: str | None = None
    """The card id of the player's ENERGIO!! cards."""
    deck_list: dict[str, int] = field(default_factory=dict)
    unknown: IdentityPool | None = None
    """The identities the unseen cards of the deck, hand and Life could be."""

    def zone(self, name: str) -> list[Card]:
        return getattr(self, name)

    def address(self, card: Card) -> str:
        """How a log names ``card``: ``leader``, or its id with ``@k`` among the Characters of that id."""
        if card is self.leader:
            return LEADER
        same = [c for c in self.characters if c.identity == card.identity]
        return f"{card.identity}@{same.index(card) + 1}" if card in same else str(card.identity)

    def find(self, address: str | None) -> Card | None:
        """The Leader or the Character a log's ``leader``, ``AL-01`` or ``AL-01@2`` names (a bare id only where
        there is one such Character)."""
        if address is None:
            return None
        if address == LEADER:
            return self.leader
        identity, _, index = address.partition("@")
        same = [c for c in self.characters if c.identity == identity]
        if not index:
            return same[0] if len(same) == 1 else None
        if not index.isdigit() or not 1 <= int(index) <= len(same):
            return None
        return same[int(index) - 1]

    @property
    def given_total(self) -> int:
        return sum(self.given.values())


@dataclass(slots=True)
class CharacterPosition:
    """A Character of a starting position."""

    card: str
    state: str = "stand"
    given: int = 0
    fresh: bool = False


@dataclass(slots=True)
class PlayerPosition:
    """One player's part of a starting position; card ids, ``None`` for an unknown card."""

    hand: list[str | None] = field(default_factory=list)
    trash: list[str | None] = field(default_factory=list)
    life: list[str | None] = field(default_factory=list)
    """Bottom first."""
    stage: list[str] = field(default_factory=list)
    stage_state: str = "stand"
    """The Stage's orientation (a Stage is rested by a cost and stood in its master's refresh phase)."""
    deck_top: list[str] = field(default_factory=list)
    deck_rest: int | None = None
    leader_state: str = "stand"
    leader_given: int = 0
    characters: list[CharacterPosition] = field(default_factory=list)
    cost_active: int = 0
    cost_rested: int = 0
    energio_deck: int | None = None
    """None: the ten of the ENERGIO!! deck less those placed elsewhere."""


@dataclass(slots=True)
class Position:
    """A game position to start from instead of the pre-game preparations (wl 5.2)."""

    turn: int
    active: str
    phase: str
    players: dict[str, PlayerPosition]
