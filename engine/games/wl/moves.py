"""Cards moving between areas (wl 3, 4): drawing (4.5), shuffling, K.O. (10.2.1), ENERGIO!! cards returned.

Implements 3.1.6 (a card leaving the Character or Stage area is a new card),
3.2.3 (cards leave the deck one at a time), 4.5 (drawing), 6.5.5.4 (ENERGIO!!
given to a card that leaves go to the cost area, rested) and 10.2.1.2 (a K.O.'d
Character goes to its owner's trash).  Cards whose identity the log has not told
yet are bound to it here, when revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from engine.core.cards import Card
from engine.core.game import Procedure
from engine.core.protocol import Checkpoint, RecordKind, Refusal, Reveal
from engine.core.reveals import RevealRules, bind_revealed, shuffled_in, take_named
from engine.games.wl.state import PlayerState

if TYPE_CHECKING:
    from engine.games.wl.game import Energio

REVEALS: Final = RevealRules(
    list_name="deck list",
    not_listed=("wl:5.2.1.1",),
    another_card=("wl:3.2.2",),
    all_accounted=("wl:5.2.1.1", "wl:5.1.2.3"),
    another_card_in_damage=("wl:7.1.4.1.1.2", "wl:3.10.2"),
    card_records=("wl:2.1",),
)
"""What wl cites for a revealed card the replay cannot take as stated (``bind``): a damage's Life card has
clauses of its own (7.1.4.1.1.2)."""


class CardMoves:
    """Cards moving between a player's areas (wl 3, 4)."""

    def __init__(self, game: Energio) -> None:
        self.game = game
        self.states = game.player_states

    def draw(
        self, player: str, count: int, clauses: tuple[str, ...], purpose: str = "draw", simultaneous: bool = False
    ) -> Procedure:
        """wl 4.5: draw ``count`` cards, one at a time (3.2.3); a deck that runs out is a defeat at once (9.2.1.2)."""
        me = self.states[player]
        count = min(count, len(me.deck))
        reveal = Reveal(player, purpose, count, clauses, simultaneous=simultaneous)
        answer = yield reveal
        if answer is not None and purpose == "mulligan_draw" and len(answer) != count:
            reveal.problems.append(
                Refusal(("wl:5.2.1.6.1",), f"a redraw draws {count} cards; the entry lists {len(answer)}")
            )
        drawn = []
        for index in range(count):
            card = me.deck.pop(0)
            self.bind(card, answer, index, reveal)
            me.hand.append(card)
            drawn.append(card.identity or "?")
        reveal.used = count
        self.game.version += 1
        if not self.game.unrecorded():
            self.game.record(
                RecordKind.FORCED, player, f"{player} draws {count} ({', '.join(drawn)})", clauses, cards=drawn
            )
        yield Checkpoint(reveal)
        self.game.rule_processing.check()

    def bind(self, card: Card, answer: list[Any] | None, index: int, reveal: Reveal | None) -> None:
        """Give ``card`` the identity the answer to ``reveal`` states for it, if any; an impossible one is a problem
        (``engine.core.reveals.bind_revealed``)."""
        owner = self.states[card.owner]
        bind_revealed(card, answer, index, reveal, owner.deck_list, owner.deck, REVEALS, self.game.definitions)

    def shuffle_in(self, me: PlayerState, added: list[Card]) -> None:
        """The deck with ``added`` shuffled in: no card's place in it is known any more."""
        pool = me.unknown
        assert pool is not None
        me.deck = shuffled_in(me.id, me.deck, added, pool)

    def take(self, player: str, zone: str, identity: str) -> Card:
        """The first card of ``identity`` in a pile (known, or an unseen card that could be it), taken out."""
        return take_named(self.states[player].zone(zone), identity, player, zone)

    def leave_field(self, player: str, card: Card) -> None:
        """A Character or Stage leaves its area (a new card, 3.1.6); ENERGIO!! given to it go to the cost area,
        rested (6.5.5.4)."""
        me = self.states[player]
        if card in me.characters:
            me.characters.remove(card)
        elif card in me.stage:
            me.stage.remove(card)
        given = me.given.pop(card.instance, 0)
        me.cost_rested += given
        me.fresh.discard(card.instance)
        card.renew()
        self.game.version += 1

    def trash_from_field(self, player: str, card: Card, clauses: tuple[str, ...], why: str) -> int:
        """``card`` leaves the field for its owner's trash, a new card (3.1.6), its given ENERGIO!! to the cost area
        (6.5.5.4); returns its record's ``seq``."""
        given = self.states[player].given.get(card.instance, 0)
        self.leave_field(player, card)
        self.states[player].trash.append(card)
        cited = (*clauses, "wl:3.1.6", "wl:6.5.5.4") if given else (*clauses, "wl:3.1.6")
        return self.game.record(RecordKind.FORCED, player, f"{card.identity} goes to {player}'s trash ({why})", cited)
