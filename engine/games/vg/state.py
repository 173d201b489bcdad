"""A Vanguard player's zones (vg 4) and the starting positions a game can be given.

Zone lists are bottom first (the last card is the top), except the deck, which
is top first, as it will be drawn.  The field has seven circles (vg 4.6.1): the
vanguard circle ``V`` in the center of the front row, the rear-guard circles
``FL`` and ``FR`` beside it, ``BL``, ``BC`` and ``BR`` behind, and the guardian
circle ``G`` in front.  A circle holds a pile (a list), because a rule action
(vg 9.3) must see two units on one circle before it moves the earlier one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Final

from engine.core.cards import Card, IdentityPool
from engine.core.zones import Order, Visibility, ZoneTable, ZoneType

VANGUARD: Final = "V"
REAR_GUARD_CIRCLES: Final = ("FL", "FR", "BL", "BC", "BR")
"""vg 4.6.6: every circle but the vanguard circle and the guardian circle starts as a rear-guard circle."""
CIRCLES: Final = (VANGUARD, *REAR_GUARD_CIRCLES)
"""The circles that hold units between battles, in the order a board shows them."""
GUARDIAN: Final = "G"
"""vg 4.6.5: the guardian circle, which holds any number of guardians (vg 4.6.8.2)."""
FRONT_ROW: Final = ("FL", VANGUARD, "FR")
"""vg 4.6.3: the front row."""
BACK_ROW: Final = ("BL", "BC", "BR")
COLUMN: Final = {"FL": "BL", VANGUARD: "BC", "FR": "BR", "BL": "FL", "BC": VANGUARD, "BR": "FR"}
"""vg 4.6.2: the other circle of each circle's column."""
OPPOSITE: Final = {"FL": "FR", VANGUARD: VANGUARD, "FR": "FL", "BL": "BR", "BC": "BC", "BR": "BL"}
"""vg 4.6.2.1: the circle of the opponent's field in the same column (their left is my right)."""
LOSING_DAMAGE: Final = 6
"""vg 9.2.2."""
OPENING_HAND: Final = 5
"""vg 5.4.4."""

ZONES: Final = ZoneTable(
    [
        ZoneType("deck", Visibility.HIDDEN, Order.FIXED, top_first=True, clauses=("vg:4.2.1", "vg:4.2.2")),
        ZoneType("hand", Visibility.OWNER, Order.OWNER, clauses=("vg:4.3.1", "vg:4.3.2")),
        ZoneType("drop", Visibility.PUBLIC, Order.OWNER, clauses=("vg:4.4.1", "vg:4.4.2")),
        ZoneType("soul", Visibility.PUBLIC, Order.OWNER, clauses=("vg:4.7.1", "vg:4.7.2", "vg:4.7.3")),
        ZoneType(
            "damage",
            Visibility.PUBLIC,
            Order.OWNER,
            face_down=Visibility.PUBLIC,
            clauses=("vg:4.8.1", "vg:4.8.2", "vg:4.8.2.1"),
        ),
        ZoneType(
            "bind", Visibility.PUBLIC, Order.OWNER, face_down=Visibility.OWNER, clauses=("vg:4.9.1", "vg:4.9.2.1")
        ),
        ZoneType("trigger", Visibility.PUBLIC, Order.FIXED, clauses=("vg:4.10.1", "vg:4.10.4")),
        ZoneType(
            "g_zone", Visibility.OWNER, Order.OWNER, face_down=Visibility.OWNER, clauses=("vg:4.11.1", "vg:4.11.2")
        ),
        ZoneType("removed", Visibility.PUBLIC, Order.OWNER, clauses=("vg:6.4.1.2.7.1",)),
        ZoneType(
            "circles",
            Visibility.PUBLIC,
            Order.SINGLE,
            positions=(*CIRCLES, GUARDIAN),
            clauses=(
                "vg:4.5.1",
                "vg:4.5.2",
                "vg:4.6.1",
                "vg:4.6.2",
                "vg:4.6.3",
                "vg:4.6.4",
                "vg:4.6.5",
                "vg:4.6.6",
                "vg:4.6.8.1",
                "vg:4.6.8.2",
            ),
        ),
    ],
    clauses=("vg:4.1.1",),
)
"""A player's zones (vg 4), each player with their own (vg 4.1.1).  The G zone keeps its face-down and face-up cards
apart (vg 4.11.2, 4.11.3); the cards removed from the game by a G assist lie apart too (vg 6.4.1.2.7.1), though
section 4 names no zone."""


@dataclass(slots=True)
class PlayerState:
    """Everything one player has on the table."""

    id: str
    deck: list[Card] = field(default_factory=list)
    """Top first."""
    hand: list[Card] = field(default_factory=list)
    drop: list[Card] = field(default_factory=list)
    soul: list[Card] = field(default_factory=list)
    damage: list[Card] = field(default_factory=list)
    bind: list[Card] = field(default_factory=list)
    trigger: list[Card] = field(default_factory=list)
    g_down: list[Card] = field(default_factory=list)
    """The G zone's face-down cards (vg 4.11.2): the G deck, and G units not yet used."""
    g_up: list[Card] = field(default_factory=list)
    """The G zone's face-up cards (vg 4.11.3): G units that went back after their stride."""
    removed: list[Card] = field(default_factory=list)
    circles: dict[str, list[Card]] = field(default_factory=lambda: {circle: [] for circle in CIRCLES})
    """Circle -> its pile of units (one, or two while vg 9.3 is due); a G unit on ``V`` lies over its hearts."""
    hearts: list[Card] = field(default_factory=list)
    """The cards in heart state under a G unit on the vanguard circle, the chosen heart first (vg 10.1.26)."""
    mate: Card | None = None
    """The Legion Mate beside the vanguard, the Legion Leader, while they are in legion (vg 10.1.24)."""
    legion_in_hearts: tuple[Card, Card] | None = None
    """The Legion Leader and Mate a G unit strode over, in heart state until it leaves (vg 10.1.27.2.2)."""
    locked: set[int] = field(default_factory=set)
    """Instances of locked cards on circles: not units, no orientation, their circles lock circles (vg 10.1.21)."""
    deleted: set[int] = field(default_factory=set)
    """Instances of deleted units: face down, original power 0, no text (vg 10.1.25)."""
    been_in_legion: set[int] = field(default_factory=set)
    placings: int = 0
    """How many times units were placed on the vanguard circle; the units one ``effect`` entry places there share
    one (placed at the same time, vg 9.3.3-9.3.5)."""
    placed_at: dict[int, int] = field(default_factory=dict)
    """Instance -> the placing (``placings``) by which it came onto the vanguard circle: the last placed (vg 9.3)."""
    """Instances that have been in a legion state, whose Seek Mate cannot be used again (vg 10.2.9.2)."""
    guardians: list[Card] = field(default_factory=list)
    """The guardian circle (vg 4.6.5), in the order the guardians were placed."""
    guarding: dict[int, str] = field(default_factory=dict)
    """Guardian instance -> the circle of the unit it guards (vg 7.4.1.2.1)."""
    face_down: set[int] = field(default_factory=set)
    """Instances lying face down in a public place: a first vanguard before Stand Up (vg 5.4.3), a damage card
    turned by a Counter Blast (vg 10.1.15)."""
    deck_list: Counter[str] = field(default_factory=Counter)
    g_deck_list: Counter[str] = field(default_factory=Counter)
    unknown: IdentityPool | None = None
    """The identities the unknown cards of the main deck and hand could be."""

    def zone(self, name: str) -> list[Card]:
        """A pile by its name (``deck``, ``hand``, ``drop``, ``soul``, ``damage`` ...)."""
        if name == "g_zone":
            return self.g_down
        return getattr(self, name)

    def unit_at(self, circle: str) -> Card | None:
        """The unit on ``circle`` (the last one placed, while a rule action is pending); a locked card is no
        unit (vg 10.1.21.3)."""
        pile = self.circles.get(circle)
        return pile[-1] if pile and pile[-1].instance not in self.locked else None

    @property
    def vanguard(self) -> Card | None:
        return self.unit_at(VANGUARD)

    def units(self) -> list[tuple[str, Card]]:
        """Every unit on the vanguard and rear-guard circles, circle by circle (a Legion Mate on ``V`` too)."""
        found = [
            (circle, pile[-1]) for circle, pile in self.circles.items() if pile and pile[-1].instance not in self.locked
        ]
        if self.mate is not None:
            found.insert(1, (VANGUARD, self.mate))
        return found

    def rear_guards(self) -> list[tuple[str, Card]]:
        return [
            (circle, pile[-1])
            for circle, pile in self.circles.items()
            if pile and circle != VANGUARD and pile[-1].instance not in self.locked
        ]

    def circle_of(self, card: Card) -> str | None:
        if card is self.mate:
            return VANGUARD
        for circle, pile in self.circles.items():
            if card in pile:
                return circle
        if card in self.guardians:
            return GUARDIAN
        return None

    def damage_count(self) -> int:
        return len(self.damage)

    def face_up_damage(self) -> list[Card]:
        return [card for card in self.damage if card.instance not in self.face_down]


@dataclass(slots=True)
class PlayerPosition:
    """One player's part of a starting position; card ids, ``None`` for an unknown card."""

    hand: list[str | None] = field(default_factory=list)
    drop: list[str | None] = field(default_factory=list)
    soul: list[str | None] = field(default_factory=list)
    damage: list[tuple[str | None, bool]] = field(default_factory=list)
    """(card id, face down)."""
    bind: list[str | None] = field(default_factory=list)
    removed: list[str | None] = field(default_factory=list)
    g_down: list[str | None] = field(default_factory=list)
    g_up: list[str] = field(default_factory=list)
    deck_top: list[str] = field(default_factory=list)
    """Known cards at the top of the deck, top first."""
    deck_rest: int | None = None
    """How many unknown cards lie under ``deck_top``; None: every card of the deck list not placed elsewhere."""
    circles: dict[str, tuple[str, str, bool]] = field(default_factory=dict)
    """Circle -> (card id, orientation, face down)."""
    hearts: list[str] = field(default_factory=list)
    """The hearts under a G unit on ``V``, the chosen heart first."""
    mate: str | None = None
    """The Legion Mate beside the vanguard on ``V`` (vg 10.1.24)."""
    guardians: list[str] = field(default_factory=list)
    """The guardian circle's cards (a position in the battle phase), each guarding the vanguard."""
    states: list[tuple[str, str]] = field(default_factory=list)
    """(circle, ``locked`` or ``deleted``): the cards a position gives in those states (vg 10.1.21, 10.1.25)."""


@dataclass(slots=True)
class Position:
    """A game position to start from instead of the opening procedure (vg 5.4, 6.1)."""

    turn: int
    active: str
    phase: str
    players: dict[str, PlayerPosition]
