"""The typed zones of Weiss Schwarz (engine.games.ws.state.ZONES) against the rules and the player state."""

from __future__ import annotations

from collections import Counter
from dataclasses import fields

import pytest

from engine.core.cards import Card, IdentityPool
from engine.core.zones import Order, Visibility
from engine.games.ws.state import POSITIONS, ZONES, PlayerState


def test_every_zone_of_the_player_state_is_declared_and_no_other() -> None:
    state = PlayerState("P1", Counter(), IdentityPool("deck list of P1", Counter()))
    values = {field.name: getattr(state, field.name) for field in fields(PlayerState)}
    piles = [name for name, value in values.items() if value == []]
    positioned = [name for name, value in values.items() if value == [[] for _ in POSITIONS]]
    assert list(ZONES.names(piles=True)) == piles
    assert [zone.name for zone in ZONES if zone.positions] == positioned


@pytest.mark.parametrize(
    ("zone", "visibility", "order"),
    [
        ("deck", Visibility.HIDDEN, Order.FIXED),  # ws:3.2.2: nobody sees or changes the order
        ("hand", Visibility.OWNER, Order.OWNER),  # ws:3.3.2: its owner sees it and may change the order
        ("waiting", Visibility.PUBLIC, Order.OWNER),  # ws:3.4.2
        ("clock", Visibility.PUBLIC, Order.FIXED),  # ws:3.8.2
        ("level", Visibility.PUBLIC, Order.FIXED),  # ws:3.9.2
        ("stock", Visibility.HIDDEN, Order.FIXED),  # ws:3.10.2
        ("memory", Visibility.PUBLIC, Order.OWNER),  # ws:3.12.2.1 (face-up cards)
        ("resolution", Visibility.PUBLIC, Order.FIXED),  # ws:3.13.2
        ("markers", Visibility.HIDDEN, Order.FIXED),  # ws:3.7.2
    ],
)
def test_each_zone_is_seen_and_ordered_as_its_clause_says(zone: str, visibility: Visibility, order: Order) -> None:
    assert (ZONES[zone].visibility, ZONES[zone].order) == (visibility, order)
    assert ZONES[zone].public is (visibility is Visibility.PUBLIC)
    assert ZONES[zone].clauses, "each zone names the clause that defines it"


def test_a_face_down_card_in_the_memory_is_seen_by_nobody_ws_3_12_2_2() -> None:
    """ws:3.12.2.2: the memory is public, but its face-down cards are seen by no player, their owner included."""
    assert ZONES["memory"].visibility is Visibility.PUBLIC
    assert ZONES["memory"].face_down_visibility is Visibility.HIDDEN
    assert ZONES["waiting"].face_down_visibility is Visibility.PUBLIC


def test_only_the_deck_is_kept_top_first() -> None:
    assert [zone.name for zone in ZONES if zone.top_first] == ["deck"]


@pytest.mark.parametrize("position", [0, -1, 6])
def test_a_position_off_the_stage_is_refused_not_read_from_another_pile_ws_3_6_3(position: int) -> None:
    """ws:3.6.3: the stage has five positions; asking for any other is an error, never another position's pile."""
    state = PlayerState("P1", Counter(), IdentityPool("deck list of P1", Counter()))
    with pytest.raises(LookupError):
        state.pile_at(position)
    with pytest.raises(LookupError):
        state.markers_at(position)
    with pytest.raises(LookupError):
        state.exchange(1, position)


def test_a_move_exchanges_two_positions_with_their_markers_ws_6_5_1_2_4() -> None:
    """ws:6.5.1.2.4: a move exchanges what two positions hold; markers stay with their characters (ws:3.7.3)."""
    state = PlayerState("P1", Counter(), IdentityPool("deck list of P1", Counter()))
    character, marker = Card("P1", "YL-01"), Card("P1", "YL-02")
    state.pile_at(1).append(character)
    state.markers_at(1).append(marker)
    state.exchange(1, 4)
    assert (state.pile_at(1), state.markers_at(1)) == ([], [])
    assert (state.pile_at(4), state.markers_at(4)) == ([character], [marker])
    assert state.character_at(4) is character and state.position_of(character) == 4
