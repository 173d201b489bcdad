"""From weiss-sim's decisions and events to the entries of a ``judge-log/1`` log.

The game is read as one *timeline*: the events before the first decision, then
each decision (``{"ev": "Decision", ...}``) followed by the events it caused.
Each item is applied to a ``tracker.Table`` and handed to the ``_EntryWriter``,
which writes the entries:

* a choice where the player made it (``mulligan``, ``clock``, ``play``,
  ``move``, ``climax``, ``attack``, ``level_up``, ``encore``, ``discard``,
  ``concede``); the passes are left implied, as is everything the rules do
  without a choice (the stand phase, trigger icons' soul, the end phase);
* every forced entry with the cards it revealed: draws, trigger checks, damage
  (each card up to a cancelling climax), refreshes with their new order,
  refresh points.  A refresh in the middle of an entry (the deck emptied while
  it still takes cards) is part of that entry and its refresh point follows it;
* an ``expect`` after every draw phase: both players' zone counts and stage.
  It is written on the draw, or on the refresh when the draw emptied the deck;
  a draw phase that empties the deck without weiss-sim refreshing it at once
  has none (its end is not a state the rules reach).

Before each decision the table is compared with weiss-sim's full-visibility
observation; a difference is a ``ConversionError`` naming the decision: the
converter, not the simulator, is wrong there.

Each timeline item is *owned* by an entry (``Conversion.owners``): the entry it
is part of, or, for what no entry writes (a priority pass, the stand phase),
the next entry.  The referee replays the items entry by entry, in the log's
order, and so sees the game as the log tells it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final

from judge.importers.weiss_sim.cards import sim_card
from judge.importers.weiss_sim.observation import seat_views
from judge.importers.weiss_sim.play import PlayedGame
from judge.importers.weiss_sim.replay_file import Event
from judge.importers.weiss_sim.tracker import DECISION, Table, TrackingError

PLAYER_IDS: Final = ("P1", "P2")
"""The log's player id of seat 0 and seat 1."""
POSITIONS: Final = ({0: 1, 1: 2, 2: 3, 3: 4, 4: 5}, {0: 3, 1: 2, 2: 1, 3: 5, 4: 4})
"""weiss-sim stage slot -> ws 3.6.3 position, per seat.  weiss-sim pairs equal slots across the table (slot k
attacks and faces the opponent's slot k), while the rules make position 1 face the opponent's 3 (ws 3.6.5):
seat 1's slots are mirrored, center 0 and 2 exchanged and back 3 and 4, which keeps what is behind what."""
ATTACK_TYPES: Final = {"Frontal": "front", "Side": "side", "Direct": "direct"}
UNSUPPORTED_ACTIONS: Final = frozenset({"CounterPlay", "MainPlayEvent", "MainActivateAbility"})
UNSUPPORTED_EVENTS: Final = frozenset(
    {"Counter", "PlayEvent", "ControlChanged", "ModifierAdded", "TriggerCanceled", "ChoiceAutopicked"}
)
DAMAGE_TRAILERS: Final = frozenset({"DamageModified", "DamageCancel", "DamageCommitted", "Damage"})
EXPECTED_ZONES: Final = ("hand", "deck", "stock", "clock", "level", "waiting", "memory", "climax")


class ConversionError(RuntimeError):
    """The converter's account of a game differs from weiss-sim's, or the game holds what it cannot write."""

    def __init__(self, seed: int, step: int | None, message: str) -> None:
        where = "before the first decision" if step is None else f"at decision {step}"
        super().__init__(f"weiss-sim game of seed {seed}, {where}: {message}")
        self.seed = seed
        self.step = step


@dataclass
class Conversion:
    """A converted game: the entries, and how the simulator's timeline maps onto them."""

    played: PlayedGame
    opening_decks: tuple[list[int], list[int]]
    """Each seat's deck after the opening shuffle, top first (sim ids)."""
    entries: list[dict[str, Any]]
    timeline: list[Event]
    owners: list[int | None]
    """For each timeline item, the entry that owns it (None: after the last entry)."""
    final: Table
    """The zones at the end of the game."""


def card_number(sim_id: int) -> str:
    """The log's id of a card: its printed number."""
    return sim_card(sim_id).number


def position(seat: int, slot: int) -> int:
    """The stage position (ws 3.6.3) of a seat's weiss-sim slot."""
    return POSITIONS[seat][slot]


class _Unsupported(Exception):
    """What the game holds that the converter cannot write (card text): a ConversionError once located."""


@dataclass
class _Open:
    """The entry still taking cards (a draw, a mulligan, a damage, a trigger check, a hand-limit discard)."""

    entry: int
    kind: str
    seat: int
    refreshed: bool = False
    """Whether a refresh happened inside it: its refresh points wait for it to end."""


@dataclass
class _EntryWriter:
    """Writes the entries as the timeline goes by (see the module's docstring)."""

    timeline: list[Event]
    decision_at: set[int]
    table: Table
    entries: list[dict[str, Any]] = field(default_factory=list)
    owners: list[int | None] = field(default_factory=list)
    pending: list[int] = field(default_factory=list)
    open: _Open | None = None
    turn: int = 0
    draw_phase: bool = False
    action: str = ""
    paid: list[int] = field(default_factory=list)
    penalty_items: list[int] = field(default_factory=list)
    deferred_points: list[tuple[int, int, list[int]]] = field(default_factory=list)
    awaiting_order: dict[int, int] = field(default_factory=dict)
    """Seat -> its refresh entry whose ``order`` the next observation tells."""
    checkpoint_after_refresh: int | None = None
    """The seat whose draw phase emptied its deck: its checkpoint goes on the refresh, when one follows at once."""

    def __post_init__(self) -> None:
        self.owners = [None] * len(self.timeline)

    # -- entries and ownership

    def _create(self, seat: int, verb: str, items: list[int], **arguments: Any) -> int:
        """Close the open entry, then write a new one owning the pending items and ``items``."""
        self.close()
        return self._append(seat, verb, items, **arguments)

    def _append(self, seat: int, verb: str, items: list[int], **arguments: Any) -> int:
        entry: dict[str, Any] = {"p": PLAYER_IDS[seat], "do": verb, **arguments}
        if self.turn:
            entry["turn"] = self.turn
        if self.checkpoint_after_refresh is not None:
            if (verb, seat) == ("refresh", self.checkpoint_after_refresh):
                entry["expect"] = self.expectation()
            self.checkpoint_after_refresh = None
        self.entries.append(entry)
        index = len(self.entries) - 1
        for item in [*self.pending, *items]:
            self.owners[item] = index
        self.pending = []
        return index

    def _own(self, item: int) -> None:
        assert self.open is not None
        self.owners[item] = self.open.entry
        for earlier in self.pending:  # what happened inside the entry (a refresh) is part of it
            self.owners[earlier] = self.open.entry
        self.pending = []

    def _open(self, seat: int, kind: str, verb: str, item: int, **arguments: Any) -> None:
        self.open = _Open(self._create(seat, verb, [item], **arguments), kind, seat)

    def close(self) -> None:
        """End the open entry; the refresh points that waited for it follow it."""
        if self.open is None:
            return
        entry = self.entries[self.open.entry]
        if entry["do"] == "mulligan" and not entry.get("draw"):
            entry.pop("draw", None)
        self.open = None
        for seat, card, items in self.deferred_points:
            self._append(seat, "refresh_point", items, card=card_number(card))
        self.deferred_points = []

    def _open_entry(self) -> dict[str, Any]:
        assert self.open is not None
        return self.entries[self.open.entry]

    def _is_open(self, kind: str, seat: int) -> bool:
        return self.open is not None and self.open.kind == kind and self.open.seat == seat

    # -- the timeline

    def feed(self, index: int) -> None:
        item = self.timeline[index]
        if item["ev"] == DECISION:
            self._decision(index, item)
        else:
            self._event(index, item)

    def _decision(self, index: int, item: Event) -> None:
        seat, action = item["actor"], item["action"]
        kind = action["kind"]
        if kind in UNSUPPORTED_ACTIONS:
            raise _Unsupported(f"the action {kind} (card text) cannot be written")
        if not (kind == "ChoiceSelect" and self.open is not None and self.open.kind == "discard"):
            self.close()
        self.action = kind
        self.paid = []
        if kind == "MulliganConfirm":
            self._open(seat, "mulligan", "mulligan", index, discard=[], draw=[])
        elif kind == "MainMove":
            moved = {"from": position(seat, action["from_slot"]), "to": position(seat, action["to_slot"])}
            self._create(seat, "move", [index], **moved)
        elif kind == "Attack":
            self._create(
                seat, "attack", [index], pos=position(seat, action["slot"]), type=ATTACK_TYPES[action["attack_type"]]
            )
        elif kind == "Concede":
            self._create(seat, "concede", [index])
        else:
            self.pending.append(index)

    def _event(self, index: int, item: Event) -> None:
        kind, seat = item["ev"], int(item.get("player", -1))
        if kind in UNSUPPORTED_EVENTS:
            raise _Unsupported(f"the event {kind} (card text) cannot be written")
        if kind == "ZoneMove":
            self._zone_move(index, item)
        elif kind == "Draw":
            self._draw(index, item)
        elif kind == "Reveal":
            self._reveal(index, item)
        elif kind in ("Trigger", "TriggerQueued", "TriggerResolved"):
            effect = item.get("icon", item.get("effect"))
            if effect != "Soul":
                raise _Unsupported(f"the trigger icon {effect} cannot be written (only soul icons are converted)")
            self._own_if_open("trigger", item.get("player"), index)
        elif kind == "TriggerGrouped":
            self._own_if_open("trigger", self.open.seat if self.open else None, index)
        elif kind in DAMAGE_TRAILERS:
            self._own_if_open("damage", item.get("target", seat), index)
        elif kind == "DamageIntent":
            self.close()
            self.pending.append(index)
        elif kind in ("Shuffle", "Refresh"):
            self._refresh(index, item)
        elif kind == "RefreshPenalty":
            self.penalty_items.append(index)
            if self.open is not None and self.open.refreshed:
                self.deferred_points.append((seat, item["card"], self.penalty_items))
            else:
                self._create(seat, "refresh_point", self.penalty_items, card=card_number(item["card"]))
            self.penalty_items = []
        elif kind == "LevelUpChoice":
            self._create(seat, "level_up", [index], card=card_number(item["card"]))
        elif kind == "Clock":
            if item["card"] is None:  # the clock phase passed
                self.pending.append(index)
            else:
                self._create(seat, "clock", [index], card=card_number(item["card"]))
        elif kind == "Play":
            played: dict[str, Any] = {"card": card_number(item["card"]), "pos": position(seat, item["slot"])}
            if self.paid:
                played["paid"] = [card_number(card) for card in self.paid]
            self._create(seat, "play", [index], **played)
            self.paid = []
        elif kind == "PlayClimax":
            self._create(seat, "climax", [index], card=card_number(item["card"]))
        elif kind == "Encore":
            self._create(seat, "encore", [index], pos=position(seat, item["slot"]), pay=bool(item["kept"]))
            self.paid = []
        elif kind == "Stand":
            self.close()
            self.turn += 1
            self.draw_phase = True
            self.pending.append(index)
        elif kind in ("EndTurn", "Terminal"):
            self.close()
            self.pending.append(index)
        else:
            self.pending.append(index)

    def _own_if_open(self, kind: str, seat: int | None, index: int) -> None:
        if seat is not None and self._is_open(kind, seat):
            self._own(index)
        else:
            self.pending.append(index)

    def _zone_move(self, index: int, item: Event) -> None:
        seat, card, source, target = item["player"], item["card"], item["frm"], item["to"]
        if (source, target) == ("Hand", "WaitingRoom"):
            self._discarded(index, seat, card)
        elif (source, target) == ("Stock", "WaitingRoom"):
            self.paid.append(card)
            self.pending.append(index)
        elif (source, target) == ("Deck", "Hand") and (self._is_open("draw", seat) or self._is_open("mulligan", seat)):
            self._own(index)
        elif source in ("Deck", "Resolution") and target in ("Resolution", "Clock", "WaitingRoom", "Stock"):
            if (source, target) == ("Deck", "Clock"):  # a refresh point's card
                self.penalty_items.append(index)
            elif self.open is not None and self.open.kind in ("damage", "trigger") and self.open.seat == seat:
                self._own(index)
            else:
                self.pending.append(index)
        else:
            self.pending.append(index)

    def _discarded(self, index: int, seat: int, card: int) -> None:
        if self.action == "MulliganConfirm" and self._is_open("mulligan", seat):
            self._open_entry()["discard"].append(card_number(card))
            self._own(index)
        elif self.action == "ChoiceSelect":
            if self._is_open("discard", seat):
                self._open_entry()["cards"].append(card_number(card))
                self._own(index)
            else:
                self._open(seat, "discard", "discard", index, cards=[card_number(card)])
        else:
            raise _Unsupported(f"a card put from the hand into the waiting room after {self.action}")

    def _draw(self, index: int, item: Event) -> None:
        seat, card = item["player"], card_number(item["card"])
        if self.action == "MulliganConfirm" and self._is_open("mulligan", seat):
            self._open_entry()["draw"].append(card)
            self._own(index)
            return
        if self._is_open("draw", seat):
            self._open_entry()["cards"].append(card)
            self._own(index)
        else:
            self._open(seat, "draw", "draw", index, cards=[card])
        if self.draw_phase:  # the draw phase's one card: the checkpoint after it, or after the refresh it calls for
            self.draw_phase = False
            if self.table.seats[seat].deck:
                self._open_entry()["expect"] = self.expectation()
            else:
                self.checkpoint_after_refresh = seat

    def _reveal(self, index: int, item: Event) -> None:
        seat, reason = item["player"], item["reason"]
        if reason == "TriggerCheck":
            self._open(seat, "trigger", "trigger", index, card=card_number(item["card"]))
        elif reason == "DamageCheck":
            if self._is_open("damage", seat):
                self._open_entry()["cards"].append(card_number(item["card"]))
                self._own(index)
            else:
                self._open(seat, "damage", "damage", index, to=PLAYER_IDS[seat], cards=[card_number(item["card"])])
        elif reason == "RefreshPenalty":
            self.penalty_items.append(index)
        elif reason == "Play":
            self.pending.append(index)
        else:
            raise _Unsupported(f"a card revealed for {reason}")

    def _refresh(self, index: int, item: Event) -> None:
        """A refresh inside the open entry (which takes more cards after it) is part of it; any other is an entry
        of its own, whose order the next observation tells."""
        seat = item["player"]
        if item["ev"] == "Refresh":
            self.awaiting_order.pop(seat, None)
        if self.open is not None and self.open.seat == seat and self._continues(index):
            self.open.refreshed = True
            self._own(index)
        elif item["ev"] == "Shuffle":
            self.pending.append(index)
        else:
            self.awaiting_order[seat] = self._create(seat, "refresh", [index])

    def _continues(self, index: int) -> bool:
        """Whether the open entry takes another card before the next decision."""
        assert self.open is not None
        wanted = {"draw": ("Draw", None), "mulligan": ("Draw", None), "damage": ("Reveal", "DamageCheck")}
        if self.open.kind not in wanted:
            return False
        kind, reason = wanted[self.open.kind]
        for later in range(index + 1, len(self.timeline)):
            if later in self.decision_at:
                return False
            item = self.timeline[later]
            if item["ev"] == kind and item.get("player") == self.open.seat and item.get("reason") == reason:
                return True
        return False

    def expectation(self) -> dict[str, Any]:
        """Both players' zone counts and stage, as the table holds them now."""
        expect = {}
        for seat_index, seat in enumerate(self.table.seats):
            counts: dict[str, Any] = {zone: seat.count(zone) for zone in EXPECTED_ZONES}
            stage = {}
            for slot, character in enumerate(seat.stage):
                shown = None if character is None else {"card": card_number(character.card), "state": character.state}
                stage[position(seat_index, slot)] = shown
            counts["stage"] = dict(sorted(stage.items()))
            expect[PLAYER_IDS[seat_index]] = counts
        return expect

    def learned_order(self, seat: int, order: list[int]) -> None:
        if seat in self.awaiting_order:
            self.entries[self.awaiting_order.pop(seat)]["order"] = [card_number(card) for card in order]


def timeline_of(played: PlayedGame) -> tuple[list[Event], list[int]]:
    """The game's events with its decisions between them, and where each decision stands in it."""
    replay, counts = played.replay, played.event_counts
    timeline = list(replay.events[: counts[0]])
    decision_at = []
    for step, action in enumerate(replay.actions):
        decision_at.append(len(timeline))
        decision = replay.steps[step]
        timeline.append(
            {"ev": DECISION, "step": step, "actor": decision.actor, "kind": decision.decision_kind, "action": action}
        )
        timeline.extend(replay.events[counts[step] : counts[step + 1]])
    return timeline, decision_at


def opening_decks(played: PlayedGame) -> tuple[list[int], list[int]]:
    """Each seat's deck after the opening shuffle: the five cards drawn first, then the deck the first observation
    shows."""
    drawn: tuple[list[int], list[int]] = ([], [])
    for event in played.replay.events[: played.event_counts[0]]:
        if event["ev"] == "Draw":
            drawn[event["player"]].append(event["card"])
    views = seat_views(played.observations[0])
    return (drawn[0] + list(views[0].deck), drawn[1] + list(views[1].deck))


def convert(played: PlayedGame) -> Conversion:
    """The entries of a played game; ConversionError where the converter's zones leave weiss-sim's."""
    decks = opening_decks(played)
    for seat, deck in enumerate(decks):
        if Counter(deck) != Counter(played.decks[seat].sim_ids()):
            raise ConversionError(played.seed, None, f"seat {seat}'s opening deck is not its deck list")
    timeline, decision_at = timeline_of(played)
    table = Table(decks)
    writer = _EntryWriter(timeline, set(decision_at), table)
    next_check = 0
    for index in range(len(timeline)):
        if next_check < len(decision_at) and index == decision_at[next_check]:
            _check(played, table, writer, next_check)
            next_check += 1
        try:
            table.apply(timeline[index])
            writer.feed(index)
        except (TrackingError, _Unsupported) as error:
            step = next_check - 1 if next_check else None
            raise ConversionError(played.seed, step, str(error)) from None
    writer.close()
    _check(played, table, writer, len(decision_at))
    return Conversion(played, decks, writer.entries, timeline, writer.owners, table)


def _check(played: PlayedGame, table: Table, writer: _EntryWriter, step: int) -> None:
    """Compare the table with the observation before decision ``step`` (after the last one: the final state)."""
    last_actor = played.replay.steps[step - 1].actor if step else None
    views = seat_views(played.observations[step], last_actor)
    for seat in (0, 1):
        try:
            order = table.learn_deck(seat, views[seat])
        except TrackingError as error:
            raise ConversionError(played.seed, step, str(error)) from None
        if order is not None:
            writer.learned_order(seat, order)
        found = table.differences(seat, views[seat])
        if found:
            raise ConversionError(played.seed, step, f"{PLAYER_IDS[seat]}: " + "; ".join(found))


__all__ = ["PLAYER_IDS", "Conversion", "ConversionError", "card_number", "convert", "position"]
