"""Both seats' zones, as weiss-sim's events change them.

The converter keeps one ``Table`` in the simulator's own order of events and
compares it with the full-visibility observation at every decision
(``differences``): what the log says is then what the simulator did, and any
disagreement is the converter's mistake, found where it happens.  The referee
keeps another, fed in the log's order of entries; it is told not to be
``strict`` about the order cards leave the deck and stock, since the log may
write a card taken in the middle of an entry after it.

Zones are lists of sim ids, bottom first, but the deck, which is top first (as
the log writes it).  A refresh makes the deck's order unknown until the next
observation shows it (``learn_deck``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Final

from judge.importers.weiss_sim.observation import SLOTS, SeatView
from judge.importers.weiss_sim.replay_file import Event

PILES: Final = ("hand", "waiting", "clock", "level", "stock", "memory", "climax", "resolution")
"""The zones besides the deck and the stage, by the log's names."""
ZONE_NAMES: Final = {
    "Deck": "deck",
    "Hand": "hand",
    "WaitingRoom": "waiting",
    "Clock": "clock",
    "Level": "level",
    "Stock": "stock",
    "Memory": "memory",
    "Climax": "climax",
    "Resolution": "resolution",
    "Stage": "stage",
}
"""weiss-sim's zone names and the log's."""
DECISION: Final = "Decision"
"""The ``ev`` of a decision in a timeline: ``{"ev": "Decision", "step", "actor", "kind", "action"}`` (``kind`` is
the decision's kind, ``action`` the action taken)."""


class TrackingError(ValueError):
    """An event the zones as tracked cannot have produced (a card not where the event takes it from)."""


@dataclass(slots=True)
class OnStage:
    """A character on a stage slot and its orientation (``stand``, ``rest``, ``reverse``)."""

    card: int
    state: str


@dataclass(slots=True)
class PendingRefresh:
    """A refresh whose new deck order is not yet known: what the deck was made of, and what left it since."""

    pool: Counter[int]
    taken: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Seat:
    """One seat's zones."""

    deck: list[int] = field(default_factory=list)
    piles: dict[str, list[int]] = field(default_factory=lambda: {name: [] for name in PILES})
    stage: list[OnStage | None] = field(default_factory=lambda: [None] * SLOTS)
    refresh: PendingRefresh | None = None

    def count(self, zone: str) -> int:
        return len(self.deck) if zone == "deck" else len(self.piles[zone])


class Table:
    """The two seats; ``apply`` takes the timeline's items (events and decisions) one by one."""

    def __init__(self, decks: tuple[list[int], list[int]], strict: bool = True) -> None:
        self.seats = (Seat(deck=list(decks[0])), Seat(deck=list(decks[1])))
        self.strict = strict

    def apply(self, item: Event) -> None:
        kind = item["ev"]
        if kind == "ZoneMove":
            self._move(item)
        elif kind == DECISION:
            action = item["action"]
            if action["kind"] == "MainMove":  # the two slots exchange their characters (ws 6.5.1.2.4)
                stage, source, target = self.seats[item["actor"]].stage, action["from_slot"], action["to_slot"]
                stage[source], stage[target] = stage[target], stage[source]
        elif kind == "Attack":
            self._orient(item["player"], item["slot"], "rest")
        elif kind == "ReversalCommitted":
            self._orient(item["player"], item["slot"], "reverse")
        elif kind == "Encore" and item["kept"]:
            self._orient(item["player"], item["slot"], "rest")
        elif kind == "Stand":
            for character in self.seats[item["player"]].stage:
                if character is not None:
                    character.state = "stand"
        elif kind == "Refresh":
            seat = self.seats[item["player"]]
            if seat.deck:
                raise TrackingError(f"seat {item['player']} refreshes with {len(seat.deck)} card(s) in the deck")
            seat.deck = list(seat.piles["waiting"])
            seat.piles["waiting"] = []
            seat.refresh = PendingRefresh(Counter(seat.deck))

    def _orient(self, seat: int, slot: int, state: str) -> None:
        character = self.seats[seat].stage[slot]
        if character is None:
            raise TrackingError(f"seat {seat} slot {slot} is empty: it cannot become {state}")
        character.state = state

    def _move(self, item: Event) -> None:
        seat_index, card = item["player"], item["card"]
        seat = self.seats[seat_index]
        source, target = ZONE_NAMES[item["frm"]], ZONE_NAMES[item["to"]]
        if source == "stage":
            on_slot = seat.stage[item["from_slot"]]
            if on_slot is None or on_slot.card != card:
                raise TrackingError(f"seat {seat_index} slot {item['from_slot']} holds {on_slot}, not {card}")
            seat.stage[item["from_slot"]] = None
        elif source == "deck":
            self._take_from_deck(seat_index, card)
        else:
            self._take_from_pile(seat_index, source, card)
        if target == "stage":
            if seat.stage[item["to_slot"]] is not None:
                raise TrackingError(f"seat {seat_index} slot {item['to_slot']} is occupied")
            seat.stage[item["to_slot"]] = OnStage(card, "stand")
        elif target == "deck":
            raise TrackingError(f"a card put into seat {seat_index}'s deck: not a move of vanilla decks")
        else:
            seat.piles[target].append(card)

    def _take_from_deck(self, seat_index: int, card: int) -> None:
        seat = self.seats[seat_index]
        order_known = seat.refresh is None
        if self.strict and order_known:
            if not seat.deck or seat.deck[0] != card:
                raise TrackingError(f"seat {seat_index}'s deck top is {seat.deck[:1]}, not {card}")
            seat.deck.pop(0)
        elif card in seat.deck:
            seat.deck.remove(card)
        else:
            raise TrackingError(f"seat {seat_index}'s deck holds no {card}")
        if seat.refresh is not None:
            seat.refresh.taken.append(card)

    def _take_from_pile(self, seat_index: int, pile: str, card: int) -> None:
        cards = self.seats[seat_index].piles[pile]
        if self.strict and pile == "stock":  # a cost is paid from the top of the stock
            if not cards or cards[-1] != card:
                raise TrackingError(f"seat {seat_index}'s stock top is {cards[-1:]}, not {card}")
            cards.pop()
        elif card in cards:
            cards.remove(card)
        else:
            raise TrackingError(f"seat {seat_index}'s {pile} holds no {card}")

    def learn_deck(self, seat_index: int, view: SeatView) -> list[int] | None:
        """After a refresh, read the deck's order from an observation: the new deck's order at the refresh
        (the cards taken since, then the observed deck), or None when no refresh was pending."""
        seat = self.seats[seat_index]
        if seat.refresh is None:
            return None
        order = [*seat.refresh.taken, *view.deck]
        if Counter(order) != seat.refresh.pool:
            raise TrackingError(f"seat {seat_index}'s refreshed deck is not the waiting room it was made of")
        seat.deck = list(view.deck)
        seat.refresh = None
        return order

    def differences(self, seat_index: int, view: SeatView) -> list[str]:
        """Where the tracked zones of a seat differ from what an observation shows (nothing when they agree)."""
        seat, found = self.seats[seat_index], []
        for zone, observed in view.counts.items():
            if seat.count(zone) != observed:
                found.append(f"{zone} holds {seat.count(zone)} card(s), weiss-sim {observed}")
        for slot in range(SLOTS):
            mine, theirs = seat.stage[slot], view.stage[slot]
            mine_shown = None if mine is None else (mine.card, mine.state)
            theirs_shown = None if theirs is None else (theirs.card, theirs.state)
            if mine_shown != theirs_shown:
                found.append(f"slot {slot} holds {mine_shown}, weiss-sim {theirs_shown}")
        if Counter(seat.piles["hand"]) != Counter(view.hand):
            found.append(f"hand {sorted(seat.piles['hand'])}, weiss-sim {sorted(view.hand)}")
        if seat.refresh is None and seat.deck != list(view.deck):
            found.append(f"deck {seat.deck[:5]}..., weiss-sim {list(view.deck[:5])}...")
        shown = {
            "level": tuple(seat.piles["level"][:4]),
            "clock": tuple(reversed(seat.piles["clock"]))[:7],
            "waiting": tuple(reversed(seat.piles["waiting"]))[:5],
            "stock": tuple(reversed(seat.piles["stock"]))[:5],
        }
        for zone, cards in shown.items():
            if cards != view.shown[zone]:
                found.append(f"{zone} shows {list(cards)}, weiss-sim {list(view.shown[zone])}")
        climax = seat.piles["climax"][-1] if seat.piles["climax"] else None
        if climax != view.climax:
            found.append(f"climax {climax}, weiss-sim {view.climax}")
        return found
