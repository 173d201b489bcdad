"""Typed zones: what a game's rules say about each place cards can be.

A game declares its zones once, each with the clauses that define it, and
everything that needs to know whether a zone is public, whether its order
means anything, who may change that order, or where its top is asks the
declaration instead of keeping its own list of names.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass


class Order(enum.Enum):
    """What the order of a zone's cards is worth."""

    FIXED = "fixed"
    """The rules set it and no player may change it (a deck, a clock): it is part of the game's state."""
    OWNER = "owner"
    """Its owner may change it at will (a hand, a waiting room): any order is as legal as another."""
    SINGLE = "single"
    """Positions or an area that holds one card in principle (the stage, a climax area)."""


@dataclass(frozen=True, slots=True)
class ZoneType:
    """One zone of a game (each player has their own unless the game says otherwise)."""

    name: str
    """The name logs use (``deck``, ``waiting``, ``stage``)."""
    public: bool
    """Whether every player may see its cards (a hidden zone's are face down)."""
    order: Order
    top_first: bool = False
    """Whether the engine keeps the top card first in the list (a deck, drawn from its top); else last."""
    positions: tuple[int, ...] = ()
    """Its positions, for a zone made of them (the stage)."""
    clauses: tuple[str, ...] = ()
    """The clauses that define it."""

    @property
    def owner_orders(self) -> bool:
        """Whether its owner may reorder it, so the order of its cards is no claim about the game."""
        return self.order is Order.OWNER


class ZoneTable:
    """A game's zones, by name, in the order they were declared."""

    __slots__ = ("_zones",)

    def __init__(self, zones: Iterable[ZoneType]) -> None:
        self._zones = {zone.name: zone for zone in zones}

    def __getitem__(self, name: str) -> ZoneType:
        return self._zones[name]

    def __contains__(self, name: object) -> bool:
        return name in self._zones

    def __iter__(self) -> Iterator[ZoneType]:
        return iter(self._zones.values())

    def names(self, *, piles: bool = False) -> tuple[str, ...]:
        """The zones' names; with ``piles``, only those that hold a pile of cards (not positions)."""
        return tuple(zone.name for zone in self._zones.values() if not (piles and zone.positions))
