"""Rule actions (ws 9): refresh and level up the moment they are due, the others at check timings.

Implements ws 9.1 (the two types: interrupt, 9.1.2.1, and check, 9.1.2.2),
9.2 (refresh), 9.3 (level up), 9.4 (losing), 9.5 (a character with 0 or less
power), 9.6 (two characters on one position), 9.7 (two climaxes), 9.8 (markers
with no character) and 9.9 (the refresh point).  Interrupt rule actions wait
while a cost is being paid (8.4.2.1, 9.2.3, 9.3.3).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final

from engine.core.cards import IdentityPool
from engine.core.game import Procedure, Termination
from engine.core.protocol import Checkpoint, Choice, Decision, RecordKind, Reveal
from engine.games.ws.state import POSITIONS

UNSTATED_LEVEL_UP: Final = Choice("level_up")
"""A level up whose card the log does not give (``Decision.unstated``)."""
INTERRUPT_TYPE: Final = ("ws:9.1.1", "ws:9.1.2", "ws:9.1.2.1")
"""What a refresh and a level up cite: rule actions (9.1.1) of the interrupt type (9.1.2, 9.1.2.1)."""
CHECK_TYPE: Final = ("ws:9.1.1", "ws:9.1.2", "ws:9.1.2.2")
"""What the rule actions of 9.5-9.9 cite: rule actions (9.1.1) of the check type (9.1.2, 9.1.2.2)."""
POWERLESS: Final = ("ws:9.5.1", *CHECK_TYPE, "ws:8.9.1", "ws:8.9.1.1")
"""A character with 0 or less power: its power printed, then changed by continuous effects in order (8.9.1)."""

if TYPE_CHECKING:
    from engine.games.ws.game import WeissSchwarz


class RuleActions:
    """The rule actions of ws 9."""

    def __init__(self, game: WeissSchwarz) -> None:
        self.game = game
        self.states = game.player_states
        self.refresh_count = 0
        """How many refreshes this game has had (each names the pool of its new deck)."""

    def interrupts(self) -> Procedure:
        """Interrupt rule actions: refresh (9.2) and level up (9.3), turn player's first (9.1.2.1.1.1); none while a
        cost is paid (9.2.3, 9.3.3), and those due then happen at the next call, once it is paid."""
        game = self.game
        if game.paying_cost:
            return
        while True:
            game.spend()
            acted = False
            order: tuple[str, ...] | None = None  # looked at when the first is due, before any is done
            for player in (game.turn_player, game.non_turn_player):
                me = self.states[player]
                if not me.deck and self.refresh_due(player):
                    order = self.order_of_interrupts() if order is None else order
                    yield from self.refresh(player, order)
                    acted = True
                if len(me.clock) >= 7:
                    order = self.order_of_interrupts() if order is None else order
                    yield from self.level_up(player, order)
                    acted = True
            if not acted:
                return

    def order_of_interrupts(self) -> tuple[str, ...]:
        """What orders the interrupt rule actions due at this moment: none when at most one is due; several are
        done in order (9.1.2.1.1), the turn player's first when both players have one (9.1.2.1.1.1)."""
        due = [
            (not me.deck and bool(me.waiting)) + (len(me.clock) >= 7)
            for me in (self.states[self.game.turn_player], self.states[self.game.non_turn_player])
        ]
        if sum(due) < 2:
            return ()
        return ("ws:9.1.2.1.1", "ws:9.1.2.1.1.1") if all(due) else ("ws:9.1.2.1.1",)

    def refresh_due(self, player: str) -> bool:
        me = self.states[player]
        if me.waiting:
            return True
        in_damage_with_climax = self.game.in_damage == player and any(
            (d := self.game.definition(card)) is not None and d.type == "climax" for card in me.resolution
        )
        if not in_damage_with_climax:
            loser_clauses = ("ws:9.2.2.1", "ws:9.4.1.2", "ws:1.2.2.2")
            self.game.end_game(
                Termination.LOSS,
                self.game.opponent(player),
                f"{player} has no cards in deck or waiting room",
                loser_clauses,
            )
        return False

    def refresh(self, player: str, order: tuple[str, ...] = ()) -> Procedure:
        """ws 9.2.2: the waiting room becomes the deck, shuffled; the refresh point goes up by one.  ``order``: the
        clauses that put it before or after other interrupt rule actions due at once."""
        me = self.states[player]
        self.refresh_count += 1
        pool = IdentityPool(
            f"refresh {self.refresh_count} of {player}",
            dict(Counter(c.identity for c in me.waiting if c.identity)),
            [c.pool for c in me.waiting if c.identity is None and c.pool is not None],
        )
        cards = me.waiting
        me.waiting = []
        for card in cards:
            card.renew()
            card.hide_in(pool)
        me.deck = cards
        me.refresh_point += 1
        self.game.version += 1
        reveal = Reveal(player, "refresh", len(cards), ("ws:9.1.2.1", "ws:9.2.1", "ws:9.2.2"), due_here=True)
        answer = yield reveal
        if answer:
            for index, card in enumerate(me.deck[: len(answer)]):
                self.game.moves.bind(card, answer, index, reveal)
            reveal.used = min(len(answer), len(me.deck))
        self.game.record(
            RecordKind.RULE_ACTION,
            player,
            f"refresh: {player}'s waiting room ({len(cards)} cards) becomes the deck; refresh point {me.refresh_point}",
            ("ws:9.2.1", "ws:9.2.2", "ws:9.2.4", "ws:3.2.4", *INTERRUPT_TYPE, *order),
        )
        yield Checkpoint(reveal)

    def level_up(self, player: str, order: tuple[str, ...] = ()) -> Procedure:
        """ws 9.3.2: choose one of the bottom seven clock cards for the level; the other six go to the waiting room.
        ``order``: the clauses that put it before or after other interrupt rule actions due at once."""
        me = self.states[player]
        bottom = me.clock[:7]
        identities = dict.fromkeys(c.identity or "?" for c in bottom)
        identities.update(dict.fromkeys(self.game.moves.unseen_identities(bottom)))  # what unseen cards could be
        options = [Choice("level_up", card=identity) for identity in identities]
        decision = Decision(
            player,
            "level_up",
            options,
            ("ws:9.3.1", "ws:9.3.2", "ws:9.1.2.1"),
            frozenset({"level_up"}),
            prompt="choose a card from the bottom seven of the clock for the level",
            unstated=UNSTATED_LEVEL_UP,
        )
        choice = yield decision
        if choice is UNSTATED_LEVEL_UP:  # which card went to the level stays unseen until the log shows it
            known = Counter(card.identity for card in bottom if card.identity is not None)
            unseen_from = [card.pool for card in bottom if card.identity is None and card.pool is not None]
            pool = IdentityPool(f"level up of {player} in turn {self.game.turn}", dict(known), unseen_from)
            traceable = all(card.identity is not None or card.pool is not None for card in bottom)
            if traceable and len({card.identity for card in bottom}) > 1:
                for card in bottom:
                    card.hide_in(pool)
        chosen = next((card for card in bottom if card.identity == choice.card), None)
        if chosen is None and choice.card not in (None, "?"):  # an unseen card of the clock is the one named
            chosen = next((card for card in bottom if self.game.moves.can_be(card, str(choice.card))), None)
            if chosen is not None and chosen.reveal(str(choice.card)):
                self.game.inferences.append(
                    f"an unseen card of {player}'s clock is taken as {choice.card}: the level up names it"
                )
        chosen = chosen or bottom[0]
        rest = [card for card in bottom if card is not chosen]
        me.clock = me.clock[7:]
        self.game.moves.put(player, "level", chosen)
        for card in rest:
            self.game.moves.put(player, "waiting", card)
        self.game.record(
            RecordKind.RULE_ACTION,
            player,
            f"level up: {chosen.identity or 'a card of the bottom seven'} goes to {player}'s level ({me.level_count})",
            ("ws:9.3.1", "ws:9.3.2", "ws:3.8.3", *INTERRUPT_TYPE, *order),
            card=chosen.identity,
        )
        yield Checkpoint(decision)

    def power_can_drop(self) -> bool:
        """Whether any character's power can be below its printed power now (effects, abilities)."""
        return self.game.static_lowering or self.game.effects.can_lower("power")

    def rule_actions_due(self) -> bool:
        """Whether a rule action of 9.4-9.9 is due: the conditions ``perform_rule_actions`` acts on."""
        can_lower = self.power_can_drop()
        game = self.game
        weak_printed = game.weak_printed
        for me in self.states.values():
            if me.level_count >= 4 or (not me.deck and not me.waiting):  # 9.4.1
                return True
            if len(me.climax) > 1 or me.refresh_point >= 1:  # 9.7.1, 9.9.1
                return True
            for cards, markers in zip(me.stage, me.markers):
                if len(cards) > 1 or (not cards and markers):  # 9.6.1, 9.8.1
                    return True
                if cards and (can_lower or weak_printed or cards[-1].identity is None):
                    definition = game.definition(cards[-1])
                    if (can_lower or definition is None or definition.power <= 0) and game.characteristics.power(
                        cards[-1]
                    ) <= 0:
                        return True  # 9.5.1
        return False

    def perform_rule_actions(self) -> Procedure:
        """Check rule actions (9.4-9.9), all at once: a loss ends the game; then each player's, turn player first
        (9.5 power, 9.6 two characters on a position, 9.7 two climaxes, 9.8 markers alone); then the refresh
        points (9.9).  Returns whether any was performed."""
        if self.game.nothing_due():
            return False
        self.end_for_losers()
        acted = False
        can_lower = self.power_can_drop()
        for player in (self.game.turn_player, self.game.non_turn_player):
            acted = self.powerless_characters(player, can_lower) or acted
            acted = self.characters_put_over(player) or acted
            acted = self.climaxes_put_over(player) or acted
            acted = self.markers_left_alone(player) or acted
        acted = (yield from self.refresh_points()) or acted
        if not acted:
            self.game.quiet_version = self.game.version
        return acted

    def end_for_losers(self) -> None:
        """9.4.1: a player at level 4, or with neither deck nor waiting room, loses; both at once, a draw (1.2.3)."""
        losers = [
            player
            for player in self.game.players
            if self.states[player].level_count >= 4
            or (not self.states[player].deck and not self.states[player].waiting)
        ]
        if not losers:
            return
        if len(losers) == 2:
            self.game.end_game(Termination.ALL_LOSE, None, "both players lose at once", ("ws:9.4.1", "ws:1.2.3"))
        loser = losers[0]
        clauses: tuple[str, ...]
        if self.states[loser].level_count >= 4:
            why, clauses = "level 4", ("ws:9.4.1", "ws:9.4.1.1", "ws:3.9.3", "ws:1.2.2", "ws:1.2.1")
        else:
            why, clauses = "no cards in deck or waiting room", ("ws:9.4.1", "ws:9.4.1.2", "ws:1.2.2", "ws:1.2.1")
        self.game.end_game(Termination.LOSS, self.game.opponent(loser), f"{loser} loses ({why})", clauses)

    def powerless_characters(self, player: str, can_lower: bool) -> bool:
        """9.5.1: a character with 0 or less power goes to the waiting room.  ``can_lower`` False: no effect of
        this game lowers power, so only a character printed with 0 or less is looked at."""
        acted = False
        for _, card in self.states[player].characters():
            definition = self.game.definition(card)
            if not can_lower and definition is not None and definition.power > 0:
                continue
            if self.game.characteristics.power(card) <= 0:
                self.game.moves.leave_stage(player, card, "waiting")
                self.game.record(RecordKind.RULE_ACTION, player, f"{card.identity} has 0 or less power", POWERLESS)
                acted = True
        return acted

    def characters_put_over(self, player: str) -> bool:
        """9.6.1: of two characters on one position, the one there before goes to the waiting room."""
        acted = False
        for pos, cards in zip(POSITIONS, self.states[player].stage):
            while len(cards) > 1:
                earlier = cards[0]
                self.game.moves.leave_stage(player, earlier, "waiting")
                if not self.game.unrecorded():
                    self.game.record(
                        RecordKind.RULE_ACTION,
                        player,
                        f"{earlier.identity} leaves position {pos}: another character was put there",
                        ("ws:9.6.1", *CHECK_TYPE),
                    )
                acted = True
        return acted

    def climaxes_put_over(self, player: str) -> bool:
        """9.7.1: of two climaxes in the climax area, the earlier goes to the waiting room."""
        me = self.states[player]
        acted = False
        while len(me.climax) > 1:
            earlier = me.climax[0]
            self.game.moves.put(player, "waiting", self.game.moves.take_card(player, "climax", earlier))
            self.game.record(
                RecordKind.RULE_ACTION,
                player,
                f"the earlier climax {earlier.identity} goes to the waiting room",
                ("ws:9.7.1", *CHECK_TYPE),
            )
            acted = True
        return acted

    def markers_left_alone(self, player: str) -> bool:
        """9.8.1: markers on a position with no character go to the waiting room."""
        me = self.states[player]
        acted = False
        for pos, cards, markers in zip(POSITIONS, me.stage, me.markers):
            if markers and not cards:
                for marker in list(markers):
                    markers.remove(marker)
                    self.game.moves.put(player, "waiting", marker)
                self.game.record(
                    RecordKind.RULE_ACTION,
                    player,
                    f"markers of position {pos} go to the waiting room",
                    ("ws:9.8.1", *CHECK_TYPE),
                )
                acted = True
        return acted

    def refresh_points(self) -> Procedure:
        """9.9.1: each player with a refresh point puts the top card of the deck into the clock, turn player
        first; both are simultaneous (9.1.2.2.1), and the level ups they bring are checked after both.  Returns
        whether any was paid."""
        paid = False
        for player in (self.game.turn_player, self.game.non_turn_player):
            me = self.states[player]
            if me.refresh_point >= 1:
                reveal = Reveal(player, "refresh_point", 1, ("ws:9.9.1",), due_here=True)
                answer = yield reveal
                yield from self.game.moves.ensure_deck(player)
                card = me.deck.pop(0)
                self.game.moves.bind(card, answer, 0, reveal)
                reveal.used = 1
                self.game.moves.put(player, "clock", card)
                me.refresh_point -= 1
                self.game.record(
                    RecordKind.RULE_ACTION,
                    player,
                    f"refresh point: {card.identity or '?'} goes from the deck to the clock",
                    ("ws:9.9.1", "ws:9.1.2.2.1", *CHECK_TYPE),
                    card=card.identity,
                )
                yield Checkpoint(reveal)
                paid = True
        if paid:
            yield from self.interrupts()
        return paid
