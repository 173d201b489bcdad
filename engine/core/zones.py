"""Typed zones: what a game's rules say about each place cards can be.

A game declares its zones once, each with the clauses that define it, and
everything that needs to know who may see a zone's cards, whether its order
means anything, who may change that order, or where its top is asks the
declaration instead of keeping its own list of names.

The three documents differ in the details, and the declaration says them all:
a zone may be public (ws 3.1.3), hidden from everyone (a deck), or seen by its
owner alone (a hand; vg 4.11.2, the G zone's face-down cards).  A card put face
down in a zone is seen as the zone says for face-down cards: by everyone in a
Vanguard damage zone (vg 4.8.2.1), by its owner alone in the bind zone (vg
4.9.2.1), by nobody in the Weiss Schwarz memory (ws 3.12.2.2).  The ENERGIO!!
deck is open though its cards lie face down (wl 3.3.2): a public zone.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass


class Visibility(enum.Enum):
    """Who may see the information of a zone's cards."""

    PUBLIC = "public"
    """Every player (a waiting room, a drop zone, a stage)."""
    OWNER = "owner"
    """Its owner only (a hand)."""
    HIDDEN = "hidden"
    """No player (a deck, a stock, Life)."""


class Order(enum.Enum):
    """What the order of a zone's cards is worth."""

    FIXED = "fixed"
    """The rules set it and no player may change it (a deck, a clock): it is part of the game's state."""
    OWNER = "owner"
    """Its owner may change it at will (a hand, a waiting room): any order is as legal as another."""
    ANYONE = "anyone"
    """Every player may change it (the ENERGIO!! deck, wl 3.3.2): any order is as legal as another."""
    SINGLE = "single"
    """Positions or an area that holds one card in principle (the stage, a climax area)."""


@dataclass(frozen=True, slots=True)
class ZoneType:
    """One zone of a game (each player has their own unless the game says otherwise)."""

    name: str
    """The name logs use (``deck``, ``waiting``, ``stage``)."""
    visibility: Visibility
    order: Order
    top_first: bool = False
    """Whether the engine keeps the top card first in the list (a deck, drawn from its top); else last."""
    positions: tuple[int | str, ...] = ()
    """Its positions, for a zone made of them (the ws stage's 1-5, the vg circles)."""
    face_down: Visibility | None = None
    """Who sees a card put face down in it, where that differs from ``visibility`` (None: the same)."""
    clauses: tuple[str, ...] = ()
    """The clauses that define it."""

    @property
    def public(self) -> bool:
        """Whether every player may see its (face-up) cards."""
        return self.visibility is Visibility.PUBLIC

    @property
    def face_down_visibility(self) -> Visibility:
        """Who sees a face-down card in it."""
        return self.visibility if self.face_down is None else self.face_down

    @property
    def owner_orders(self) -> bool:
        """Whether a player may reorder it at will, so the order of its cards is no claim about the game."""
        return self.order in (Order.OWNER, Order.ANYONE)


class ZoneTable:
    """A game's zones, by name, in the order they were declared."""

    __slots__ = ("_zones", "clauses")

    def __init__(self, zones: Iterable[ZoneType], clauses: tuple[str, ...] = ()) -> None:
        self._zones = {zone.name: zone for zone in zones}
        self.clauses = clauses
        """The clauses that say which zones each player has (the table as a whole; each zone has its own)."""

    def __getitem__(self, name: str) -> ZoneType:
        return self._zones[name]

    def __contains__(self, name: object) -> bool:
        return name in self._zones

    def __iter__(self) -> Iterator[ZoneType]:
        return iter(self._zones.values())

    def names(self, *, piles: bool = False) -> tuple[str, ...]:
        """The zones' names; with ``piles``, only those that hold a pile of cards (not positions)."""
        return tuple(zone.name for zone in self._zones.values() if not (piles and zone.positions))
