"""The typed zones of Weiss Schwarz (engine.games.ws.state.ZONES) against the rules and the player state."""

from __future__ import annotations

from collections import Counter
from dataclasses import fields

import pytest

from engine.core.cards import IdentityPool
from engine.core.zones import Order
from engine.games.ws.state import POSITIONS, ZONES, PlayerState


def test_every_zone_of_the_player_state_is_declared_and_no_other() -> None:
    state = PlayerState("P1", Counter(), IdentityPool("deck list of P1", Counter()))
    values = {field.name: getattr(state, field.name) for field in fields(PlayerState)}
    piles = [name for name, value in values.items() if value == []]
    positioned = [name for name, value in values.items() if value == [[] for _ in POSITIONS]]
    assert list(ZONES.names(piles=True)) == piles
    assert [zone.name for zone in ZONES if zone.positions] == positioned


@pytest.mark.parametrize(
    ("zone", "public", "order"),
    [
        ("deck", False, Order.FIXED),  # ws:3.2.2: hidden; nobody sees or changes the order
        ("hand", False, Order.OWNER),  # ws:3.3.2: hidden; its owner may change the order
        ("waiting", True, Order.OWNER),  # ws:3.4.2
        ("clock", True, Order.FIXED),  # ws:3.8.2
        ("level", True, Order.FIXED),  # ws:3.9.2
        ("stock", False, Order.FIXED),  # ws:3.10.2
        ("memory", True, Order.OWNER),  # ws:3.12.2.1 (face-up cards)
        ("resolution", True, Order.FIXED),  # ws:3.13.2
        ("markers", False, Order.FIXED),  # ws:3.7.2
    ],
)
def test_each_zone_is_public_or_hidden_and_ordered_as_its_clause_says(zone: str, public: bool, order: Order) -> None:
    assert (ZONES[zone].public, ZONES[zone].order) == (public, order)
    assert ZONES[zone].clauses, "each zone names the clause that defines it"


def test_only_the_deck_is_kept_top_first() -> None:
    assert [zone.name for zone in ZONES if zone.top_first] == ["deck"]
