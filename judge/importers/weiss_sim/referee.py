"""The referee: every departure from CR 2.00 a converted game holds, at the log entry where it shows.

The referee does not ask the judge.  It reads weiss-sim's own events, entry by
entry in the log's order (``Conversion.owners``), keeps the zones with a
``tracker.Table``, and knows the departures of ``departures.DepartureKind``:

* a rule action the rules perform at once, written after entries that should
  have come after it: a level up (D1, D7) or a refresh (D2).  It shows at the
  late entry, if the rules could have performed it where it was due (else at
  the entry after that point); for a refresh inside an entry, at that entry when
  it reveals a card the waiting room did not hold when the deck emptied, else at
  its refresh point;
* an end phase that left the turn player over the hand limit or a climax in
  the climax area (D3): it shows at the next turn's first entry;
* a side attack whose battle reversed characters (D4): it shows at the first
  ``encore`` entry of one of them;
* a climax played without its color (D5): at the ``climax`` entry;
* a side attack whose damage the simulator counted with the soul floored (D6):
  at the ``damage`` entry, when the cards it reveals are not those the rules'
  damage reveals.

A departure that no later entry shows (the game ended first) is not counted:
the log holds nothing to judge of it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Final

from judge.importers.weiss_sim.cards import sim_card
from judge.importers.weiss_sim.convert import PLAYER_IDS, Conversion
from judge.importers.weiss_sim.departures import Departure, DepartureKind
from judge.importers.weiss_sim.replay_file import Event
from judge.importers.weiss_sim.tracker import DECISION, Table

HAND_LIMIT: Final = 7
LEVEL_UP_CLOCK: Final = 7
ATTACK_ENDS: Final = frozenset({"AttackType", "Stand", "EndTurn", "Terminal"})
"""Events after which the attack under way is over (the next attack's declaration among them)."""
ATTACK_ENDING_DECISIONS: Final = frozenset({"AttackDeclaration", "Encore", "Main", "Clock", "Climax"})
"""Decisions no attack is under way at (a trigger's order and a level up are decided inside one)."""


@dataclass
class _Attack:
    """The attack under way: what its damage must be by the rules, and what the simulator did."""

    seat: int
    slot: int
    kind: str
    soul: int
    facing_level: int
    trigger_soul: int = 0
    sim_amount: int | None = None
    revealed: list[int] = field(default_factory=list)
    damage_entry: int | None = None
    battle_shown: bool = False
    """Whether an entry has shown the battle a side attack should not have had."""


@dataclass
class _DueRefresh:
    """A refresh the rules performed the moment a deck emptied."""

    after: int
    """The entry in which the deck emptied."""
    waiting: Counter[int]
    """The waiting room when it emptied: what the rules' refresh makes the deck of."""
    clock: int
    """The clock after that entry: at six, the rules' refresh point calls for a level up at once."""
    late: bool = False
    """Whether an entry other than the refresh follows that entry."""


@dataclass
class _DueLevelUp:
    """A level up the rules performed the moment a clock reached seven."""

    after: int
    """The entry after which the clock held seven cards or more."""
    bottom_seven: Counter[int]
    """The cards the rules' level up chooses from (ws 9.3.2)."""


class _Referee:
    def __init__(self, conversion: Conversion) -> None:
        self.conversion = conversion
        self.entries = conversion.entries
        self.table = Table(conversion.opening_decks, strict=False)
        self.found: list[Departure] = []
        self.entry = 0
        self.attack: _Attack | None = None
        self.side_reversed: dict[tuple[int, int], _Attack] = {}
        self.due_level_up: dict[int, _DueLevelUp] = {}
        self.due_refresh: dict[int, _DueRefresh] = {}
        self.refreshed_in_entry: dict[int, list[int]] = {}
        """Seat -> the cards taken from its deck since a late refresh inside the current entry."""
        self.late_inner_refresh: dict[int, _DueRefresh] = {}
        self.emptied: dict[int, Counter[int]] = {}
        """Seat -> its waiting room when its deck last emptied, until it is refreshed."""
        self.turns_begun = 0

    def run(self) -> list[Departure]:
        by_entry: list[list[int]] = [[] for _ in self.entries]
        trailing: list[int] = []
        for index, owner in enumerate(self.conversion.owners):
            (trailing if owner is None else by_entry[owner]).append(index)
        for entry, items in enumerate(by_entry):
            self.entry = entry
            for index in items:
                self._item(self.conversion.timeline[index])
            self._after_entry(entry)
        self.entry = len(self.entries)
        for index in trailing:
            self._item(self.conversion.timeline[index])
        self._end_attack()
        self._never_refreshed()
        return sorted(self.found, key=lambda departure: departure.entry)

    def _found(self, entry: int, kind: DepartureKind, detail: str) -> None:
        if entry < len(self.entries):
            self.found.append(Departure(entry, kind, detail))

    # -- the items of one entry

    def _item(self, item: Event) -> None:
        kind = item["ev"]
        if kind in ATTACK_ENDS or (kind == DECISION and item["kind"] in ATTACK_ENDING_DECISIONS):
            self._end_attack()
        if kind == "Stand":
            self._turn_begins(item["player"])
        elif kind == "AttackType":
            self._attack_declared(item)
        elif kind == "Trigger" and self.attack is not None and item["icon"] == "Soul":
            self.attack.trigger_soul += 1
        elif kind == "DamageIntent" and self.attack is not None and item["source_slot"] is not None:
            self.attack.sim_amount = int(item["amount"])
        elif kind == "Reveal" and item["reason"] == "DamageCheck" and self.attack is not None:
            self.attack.revealed.append(item["card"])
            self.attack.damage_entry = self.entry
        elif kind == "ReversalCommitted" and self.attack is not None and self.attack.kind == "Side":
            self.side_reversed[(item["player"], item["slot"])] = self.attack
        elif kind == "Encore":
            self._encore(item)
        elif kind == "PlayClimax":
            self._climax(item)
        elif kind == "Refresh":
            self._refresh(item["player"])
        elif kind == "LevelUpChoice":
            self._level_up(item["player"], item["card"])
        elif kind == "ZoneMove" and item["frm"] == "Deck" and item["player"] in self.refreshed_in_entry:
            self.refreshed_in_entry[item["player"]].append(item["card"])
        self.table.apply(item)
        if kind == "ZoneMove" and item["frm"] == "Deck":
            seat = self.table.seats[item["player"]]
            if not seat.deck:
                self.emptied[item["player"]] = Counter(seat.piles["waiting"])

    def _turn_begins(self, player: int) -> None:
        """The turn before has ended: its end phase left the hand within the limit and the climax area empty."""
        self.turns_begun += 1
        self.side_reversed.clear()
        if self.turns_begun == 1:
            return
        ended = self.table.seats[1 - player]
        symptoms = []
        if len(ended.piles["hand"]) > HAND_LIMIT:
            symptoms.append(f"{len(ended.piles['hand'])} cards in hand, over the limit of {HAND_LIMIT} (ws:6.8.1.2)")
        if ended.piles["climax"]:
            symptoms.append("a climax left in the climax area (ws:6.8.1.3)")
        if symptoms:
            who = PLAYER_IDS[1 - player]
            self._found(
                self.entry, DepartureKind.END_PHASE_CUT_SHORT, f"{who}'s turn ended with " + " and ".join(symptoms)
            )

    def _attack_declared(self, item: Event) -> None:
        seat, slot = item["player"], item["attacker_slot"]
        attacker = self.table.seats[seat].stage[slot]
        facing = self.table.seats[1 - seat].stage[slot]
        soul = int(sim_card(attacker.card).record.get("soul", 0)) if attacker is not None else 0
        level = int(sim_card(facing.card).record.get("level", 0)) if facing is not None else 0
        self.attack = _Attack(seat, slot, item["attack_type"], soul, level)

    def _end_attack(self) -> None:
        """An attack is over: was its damage the rules' damage?"""
        attack, self.attack = self.attack, None
        if attack is None or attack.kind != "Side" or attack.sim_amount is None:
            return
        amount = attack.soul - attack.facing_level + attack.trigger_soul  # ws 7.2.1.4.2: -X for a level above 0
        by_the_rules = _damage_reveals(attack.revealed, max(amount, 0))
        if by_the_rules != attack.revealed and attack.damage_entry is not None:
            self._found(
                attack.damage_entry,
                DepartureKind.SIDE_ATTACK_SOUL_FLOORED,
                f"side attack of soul {attack.soul} facing level {attack.facing_level} with {attack.trigger_soul} "
                f"soul trigger(s): {max(amount, 0)} damage by the rules, {attack.sim_amount} in weiss-sim",
            )

    def _encore(self, item: Event) -> None:
        attack = self.side_reversed.pop((item["player"], item["slot"]), None)
        if attack is None or attack.battle_shown:
            return
        attack.battle_shown = True
        self._found(
            self.entry,
            DepartureKind.SIDE_ATTACK_BATTLE,
            f"{PLAYER_IDS[item['player']]}'s character was reversed by the battle of a side attack",
        )

    def _climax(self, item: Event) -> None:
        seat = self.table.seats[item["player"]]
        colors = {sim_card(card).record["color"] for card in [*seat.piles["level"], *seat.piles["clock"]]}
        color = sim_card(item["card"]).record["color"]
        if color not in colors:
            self._found(
                self.entry,
                DepartureKind.CLIMAX_WITHOUT_COLOR,
                f"{PLAYER_IDS[item['player']]} played a {color} climax with no {color} card in level or clock",
            )

    # -- rule actions due at once

    def _after_entry(self, entry: int) -> None:
        for seat_index, seat in enumerate(self.table.seats):
            if seat_index in self.refreshed_in_entry:
                self._inner_refresh_shown(seat_index, entry)
            if not seat.deck and seat.piles["waiting"] and seat_index not in self.due_refresh:
                self._refresh_due(seat_index, entry)
            if len(seat.piles["clock"]) >= LEVEL_UP_CLOCK and seat_index not in self.due_level_up:
                bottom = Counter(seat.piles["clock"][:LEVEL_UP_CLOCK])
                self.due_level_up[seat_index] = _DueLevelUp(entry, bottom)

    def _writes(self, entry: int, seat: int, verb: str) -> bool:
        """Whether entry ``entry`` exists and is ``verb`` of ``seat``."""
        if entry >= len(self.entries):
            return False
        return self.entries[entry]["do"] == verb and self.entries[entry]["p"] == PLAYER_IDS[seat]

    def _refresh_due(self, seat_index: int, entry: int) -> None:
        """A deck emptied in ``entry``: the rules refresh it at once, so the next entry is the refresh (or the log
        leaves it out, when nothing it would show follows)."""
        seat = self.table.seats[seat_index]
        waiting = self.emptied.get(seat_index, Counter(seat.piles["waiting"]))
        due = _DueRefresh(entry, waiting, len(seat.piles["clock"]))
        due.late = entry + 1 < len(self.entries) and not self._writes(entry + 1, seat_index, "refresh")
        self.due_refresh[seat_index] = due

    def _never_refreshed(self) -> None:
        """The game ended with a refresh the rules performed and weiss-sim did not.  It shows where the rules'
        refresh point brings the clock to seven: the level up is a choice the next entry should write."""
        for seat, due in self.due_refresh.items():
            if due.late and due.clock == LEVEL_UP_CLOCK - 1 and not self._writes(due.after + 1, seat, "level_up"):
                self._found(due.after + 1, DepartureKind.LATE_REFRESH, self._late_refresh_detail(seat, due))

    def _refresh(self, seat: int) -> None:
        """weiss-sim refreshes: was it when the deck emptied, with the waiting room as it was then?"""
        emptied = self.emptied.pop(seat, None)
        due = self.due_refresh.pop(seat, None)
        if due is None:  # inside the entry that emptied the deck: at once
            return
        extra = Counter(self.table.seats[seat].piles["waiting"]) - (emptied or due.waiting)
        if not (due.late or extra):
            return
        if self.entries[self.entry]["do"] == "refresh":
            self._found(self.entry, DepartureKind.LATE_REFRESH, self._late_refresh_detail(seat, due))
        else:  # a refresh inside a later entry: where it shows depends on what that entry reveals
            self.refreshed_in_entry[seat] = []
            self.late_inner_refresh[seat] = due

    def _late_refresh_detail(self, seat: int, due: _DueRefresh) -> str:
        return f"{PLAYER_IDS[seat]}'s deck emptied in entry {due.after}; weiss-sim did not refresh it at once"

    def _inner_refresh_shown(self, seat: int, entry: int) -> None:
        """A late refresh inside ``entry``: it shows there when a card the entry took from the new deck was not
        in the waiting room when the deck emptied, else at the refresh point that follows."""
        taken = Counter(self.refreshed_in_entry.pop(seat))
        due = self.late_inner_refresh.pop(seat)
        shown_at = entry
        if not taken - due.waiting:
            later = [
                index for index in range(entry + 1, len(self.entries)) if self._writes(index, seat, "refresh_point")
            ]
            shown_at = later[0] if later else entry
        self._found(shown_at, DepartureKind.LATE_REFRESH, self._late_refresh_detail(seat, due))

    def _level_up(self, seat: int, card: int) -> None:
        """weiss-sim levels up: was it at once when the clock reached seven?  Late, it shows at the level up,
        unless the rules' level up could not have been this one (a card not among the bottom seven then): then
        at the entry after the one it was due after.  A fourth level ends the game only at the next check
        timing (ws 9.4.1, a rule action), after the rest of the action it interrupted (the clock's draw)."""
        due = self.due_level_up.pop(seat, None)
        if due is None:
            return
        between = self.entries[due.after + 1 : self.entry]
        if all(entry["do"] == "refresh" for entry in between):  # a refresh as the deck emptied comes first
            return
        verbs = [entry["do"] for entry in between]
        detail = (
            f"{PLAYER_IDS[seat]}'s clock reached {LEVEL_UP_CLOCK} at entry {due.after}; weiss-sim wrote "
            + ", ".join(verbs)
            + " before the level up"
        )
        shown_at = self.entry
        if card not in due.bottom_seven:
            shown_at = due.after + 1
        if self.entries[due.after]["do"] == "clock" and "draw" in verbs:
            self._found(shown_at, DepartureKind.LEVEL_UP_AFTER_DRAWS, detail)
        else:
            self._found(shown_at, DepartureKind.REFRESH_POINT_BEFORE_LEVEL_UP, detail)


def _damage_reveals(revealed: list[int], amount: int) -> list[int]:
    """The cards a damage of ``amount`` reveals from the same deck: up to ``amount``, ending at a climax
    (ws 4.10.1.2)."""
    shown = []
    for card in revealed[:amount]:
        shown.append(card)
        if sim_card(card).record["type"] == "climax":
            break
    return shown


def departures_of(conversion: Conversion) -> list[Departure]:
    """Every departure the converted game shows, in the order of the entries where they show."""
    return _Referee(conversion).run()
