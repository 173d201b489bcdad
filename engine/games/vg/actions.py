"""Cards moving between zones (vg 4) and the specific actions of vg 10.1.

Implements vg 4.1.4 (a card that moves, other than from circle to circle, is a
new card), 4.6.4.1 and 4.6.6.1 (a unit put on a circle stands), 10.1.1 (draw,
one card at a time, 4.2.3), 10.1.3 (retire), 10.1.5 (ride: the old vanguard to
the soul, a G unit to the G zone), 10.1.6 (call), 10.1.7 (heal), 10.1.11
(stand and rest), 10.1.10 (shuffle) and 10.1.15 (Counter Blast).  Cards whose identity the log
has not told yet are bound to it here, when revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from engine.core.cards import Card, possible_identities
from engine.core.game import Procedure
from engine.core.protocol import Checkpoint, RecordKind, Reveal
from engine.core.reveals import RevealRules, bind_revealed, shuffled_in, take_named
from engine.games.vg.state import GUARDIAN, VANGUARD, PlayerState

if TYPE_CHECKING:
    from engine.games.vg.game import Vanguard

REVEALS: Final = RevealRules(
    list_name="main deck list",
    not_listed=("vg:5.4.2",),
    another_card=("vg:4.2.2",),
    all_accounted=("vg:5.4.2", "vg:5.2.2.2"),
    card_records=("vg:2.1",),
)
"""What vg cites for a revealed card the replay cannot take as stated (``bind``)."""


class CardMoves:
    """Cards moving between a player's zones (vg 4, 10.1)."""

    def __init__(self, game: Vanguard) -> None:
        self.game = game
        self.states = game.player_states
        self.together = False
        """While True (an ``effect`` entry's operations), the units placed on a vanguard circle are placed at the
        same time: they share the player's last placing (vg 9.3.3-9.3.5)."""

    # -- zones ---------------------------------------------------------------------------

    def put(self, player: str, zone: str, card: Card) -> None:
        """Put ``card`` on top of one of ``player``'s piles as a new card (vg 4.1.4)."""
        card.renew()
        me = self.states[player]
        me.face_down.discard(card.instance)
        if zone == "deck":
            me.deck.insert(0, card)
        else:
            me.zone(zone).append(card)
        self.game.version += 1

    def take(self, player: str, zone: str, identity: str) -> Card:
        """The first card of ``identity`` in a pile (known, or an unknown card that could be it), taken out."""
        return take_named(self.states[player].zone(zone), identity, player, zone)

    def shuffle_in(self, me: PlayerState, added: list[Card]) -> None:
        """vg 10.1.10: the deck with ``added`` shuffled in; no card's place in it is known any more."""
        pool = me.unknown
        assert pool is not None
        me.deck = shuffled_in(me.id, me.deck, added, pool)

    def hand_identities(self, player: str) -> list[str]:
        """The card ids ``player`` could take from the hand: known cards, and what unknown ones could be."""
        return possible_identities(self.states[player].hand)

    def leave_field(self, player: str, card: Card) -> None:
        """Take a unit off its circle (with its hearts, for a G unit on the vanguard circle)."""
        me = self.states[player]
        if card in me.guardians:
            me.guardians.remove(card)
            me.guarding.pop(card.instance, None)
            return
        for pile in me.circles.values():
            if card in pile:
                pile.remove(card)
                return
        raise LookupError(f"{card.identity} is not on {player}'s field")

    def place_together(self) -> None:
        """The units placed on a vanguard circle from now until ``together`` is False are placed at the same
        time: one new placing for each player."""
        for me in self.states.values():
            me.placings += 1
        self.together = True

    def place(self, player: str, circle: str, card: Card, orientation: str = "stand") -> None:
        """vg 10.1.4: put ``card`` on ``circle``, standing unless it enters rested (a guardian, vg 8.5.3.3)."""
        card.renew()
        card.orientation = orientation
        me = self.states[player]
        if circle == VANGUARD:
            if not self.together:
                me.placings += 1
            me.placed_at[card.instance] = me.placings
        if circle == GUARDIAN:
            me.guardians.append(card)
        else:
            me.circles[circle].append(card)
        self.game.version += 1

    def retire(self, player: str, card: Card, clauses: tuple[str, ...]) -> None:
        """vg 10.1.3: a unit goes from the field to the drop zone (a G unit to the G zone, vg 10.1.27.3), a new
        card there that no effect on the unit follows (vg 4.1.4)."""
        self.leave_field(player, card)
        definition = self.game.definition(card)
        g_unit = definition is not None and definition.is_g_unit
        self.put(player, "g_up" if g_unit else "drop", card)
        if not self.game.unrecorded():
            self.game.record(
                RecordKind.FORCED,
                player,
                f"{card.identity} is retired",
                (*clauses, "vg:4.1.4", *(("vg:10.1.27.3",) if g_unit else ())),
            )

    # -- drawing and revealing -------------------------------------------------------------

    def draw(
        self, player: str, count: int, clauses: tuple[str, ...], purpose: str = "draw", simultaneous: bool = False
    ) -> Procedure:
        """vg 10.1.1: draw ``count`` cards, one at a time (4.2.3); an empty deck draws nothing (the loss comes
        at the next check timing, vg 9.2.3).  ``simultaneous`` when every player draws at once (see ``Reveal``)."""
        me = self.states[player]
        count = min(count, len(me.deck))
        reveal = Reveal(player, purpose, count, clauses, simultaneous=simultaneous)
        answer = yield reveal
        drawn = []
        for index in range(count):
            card = me.deck.pop(0)
            self.bind(card, answer, index, reveal)
            self.put(player, "hand", card)
            drawn.append(card.identity or "?")
        reveal.used = len(drawn)
        if not self.game.unrecorded():
            self.game.record(
                RecordKind.FORCED, player, f"{player} draws {len(drawn)} ({', '.join(drawn)})", clauses, cards=drawn
            )
        yield Checkpoint(reveal)

    def reveal_top(self, player: str, purpose: str, clauses: tuple[str, ...]) -> Procedure:
        """Put the top card of ``player``'s deck into the trigger zone face up (vg 7.5.1.2.1, 7.6.1.6.1), told by
        the log; returns the card (None when the deck is empty) and the reveal, for its checkpoint."""
        reveal = Reveal(player, purpose, 1, clauses)
        answer = yield reveal
        me = self.states[player]
        if not me.deck:
            return None, reveal
        card = me.deck.pop(0)
        self.bind(card, answer, 0, reveal)
        reveal.used = 1
        self.put(player, "trigger", card)
        return card, reveal

    def bind(self, card: Card, answer: list[Any] | None, index: int, reveal: Reveal | None) -> None:
        """Give ``card`` the identity the answer to ``reveal`` states for it, if any; an impossible one is a problem
        (``engine.core.reveals.bind_revealed``)."""
        owner = self.states[card.owner]
        bind_revealed(card, answer, index, reveal, owner.deck_list, owner.deck, REVEALS, self.game.definitions)

    # -- riding ---------------------------------------------------------------------------

    def ride(self, player: str, card: Card, clauses: tuple[str, ...]) -> None:
        """vg 10.1.5: ``card`` becomes the vanguard, standing (vg 8.5.1.1.1); the vanguard it rides goes to the
        soul (8.5.3.1), a G unit to the G zone face up with its hearts to the soul (10.1.5.1.3, 10.1.27.3,
        10.1.5.1.4), a Legion Leader with its Legion Mate (10.1.5.1.2), a deleted unit face up (10.1.25.11).  The
        record cites what this ride did."""
        me = self.states[player]
        old = list(me.circles[VANGUARD])
        me.circles[VANGUARD].clear()
        done: list[str] = []
        if any(unit.instance in me.deleted for unit in old):  # a deleted unit ridden on goes face up (10.1.25.11)
            done.append("vg:10.1.25.11")
        if me.mate is not None:  # the ride was allowed by the Legion Leader's grade (10.1.24.10)
            done.append("vg:10.1.24.10")
        for unit in old:
            definition = self.game.definition(unit)
            g_unit = definition is not None and definition.is_g_unit
            self.put(player, "g_up" if g_unit else "soul", unit)
            if g_unit:
                done += ["vg:10.1.5.1.3", "vg:10.1.27.3"]
        if me.hearts:
            done.append("vg:10.1.5.1.4")
        for heart in me.hearts:
            self.put(player, "soul", heart)
        me.hearts.clear()
        me.legion_in_hearts = None
        if me.mate is not None:  # riding over a legion: the Leader and the Mate go to the soul (10.1.5.1.2)
            self.put(player, "soul", me.mate)
            me.mate = None
            done.append("vg:10.1.5.1.2")
        self.place(player, VANGUARD, card)
        self.game.record(RecordKind.CHOICE, player, f"{player} rides {card.identity}", (*clauses, *done), step="ride")

    # -- costs ------------------------------------------------------------------------------

    def counter_blast(self, player: str, identities: tuple[str, ...]) -> list[Card]:
        """vg 10.1.15: turn face-up damage cards face down; the cards turned, found by their ids."""
        me = self.states[player]
        turned = []
        for identity in identities:
            card = next(
                (c for c in me.damage if c.identity == identity and c.instance not in me.face_down and c not in turned),
                None,
            )
            if card is None:
                raise LookupError(f"{player} has no face-up {identity} in the damage zone")
            turned.append(card)
        for card in turned:
            me.face_down.add(card.instance)
        return turned


def face_up_count(state: PlayerState, identity: str) -> int:
    """How many face-up cards of ``identity`` lie in the damage zone."""
    return sum(1 for card in state.damage if card.identity == identity and card.instance not in state.face_down)
