"""Cards moving between zones (ws 3), drawing (ws 4.7) and the damage process (ws 4.10).

Implements ws 3.1.4 (a card that changes zone is a new card), 3.2.3.1 (a move
from an empty deck waits for the refresh), 3.7.3 (markers follow their
character), 4.7 (drawing, one card at a time), 4.10 (the damage process and
damage cancel) and 6.5.1.2.4 (exchanging two stage positions).  Cards whose
identity the log has not told yet are bound to it here, when revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from engine.core.cards import Card, IdentityPool, possible_identities
from engine.core.game import Procedure, Termination
from engine.core.protocol import Checkpoint, RecordKind, Refusal, Reveal
from engine.core.reveals import RevealRules, bind_revealed
from engine.core.wording import counted

if TYPE_CHECKING:
    from engine.games.ws.game import WeissSchwarz

REVEALS: Final = RevealRules(
    list_name="deck list",
    not_listed=("ws:5.2.1.1",),
    another_card=("ws:3.2.2",),
    all_accounted=("ws:5.2.1.1", "ws:5.1.2.2"),
    refreshed=("ws:9.2.2",),
    refreshed_from="the waiting room",
    card_records=("ws:2.3",),
)
"""What ws cites for a revealed card the replay cannot take as stated (``bind``)."""


class CardMoves:
    """Cards moving between a player's zones (ws 3, 4.7, 4.10)."""

    def __init__(self, game: WeissSchwarz) -> None:
        self.game = game
        self.states = game.player_states

    def ensure_deck(self, player: str) -> Procedure:
        """ws 3.2.3.1: a move from an empty deck waits for the refresh."""
        if not self.states[player].deck:
            yield from self.game.rule_actions.interrupts()
            if not self.states[player].deck:
                self.game.end_game(
                    Termination.LOSS,
                    self.game.opponent(player),
                    f"{player} cannot refresh",
                    ("ws:3.2.3.1", "ws:9.2.2.1"),
                )

    def draw(
        self, player: str, count: int, clauses: tuple[str, ...], purpose: str = "draw", simultaneous: bool = False
    ) -> Procedure:
        """Draw ``count`` cards one at a time (4.7.3), refreshing when the deck runs out (3.2.3.1); ``simultaneous``
        when every player draws at once (see ``Reveal``)."""
        reveal = Reveal(player, purpose, count, clauses, simultaneous=simultaneous)
        answer = yield reveal
        me = self.states[player]
        drawn = []
        for index in range(count):
            yield from self.ensure_deck(player)
            card = me.deck.pop(0)
            self.bind(card, answer, index, reveal)
            self.put(player, "hand", card)
            drawn.append(card.identity or "?")
            yield from self.game.rule_actions.interrupts()
        reveal.used = count
        if not self.game.unrecorded():
            self.game.record(
                RecordKind.FORCED, player, f"{player} draws {count} ({', '.join(drawn)})", clauses, cards=drawn
            )
        yield Checkpoint(reveal)

    def deal_damage(self, player: str, amount: int, clauses: tuple[str, ...], source: Card | None = None) -> Procedure:
        """ws 4.10.1: reveal cards one at a time; a climax cancels; otherwise all go to the clock.  A canceled
        damage triggers its ``source``'s abilities of that timing, "when damage dealt by this card is canceled"
        (4.10.1.2.1, 4.11.1), where the source is still on the stage."""
        reveal = Reveal(player, "damage", amount, ("ws:4.10.1",) + clauses)
        answer = yield reveal
        me = self.states[player]
        moved: list[Card] = []
        canceled = False
        self.game.in_damage = player
        for index in range(amount):
            yield from self.ensure_deck(player)
            card = me.deck.pop(0)
            self.bind(card, answer, index, reveal)
            self.put(player, "resolution", card)
            moved.append(card)
            reveal.used = index + 1
            yield from self.game.rule_actions.interrupts()
            definition = self.game.definition(card)
            if card.identity is None:
                self.assume("a damage card is not revealed in the log; it is taken as no climax", ("ws:4.10.1.1",))
            if definition is not None and definition.type == "climax":
                canceled = True
                break
        names = ", ".join(card.identity or "?" for card in moved)
        if canceled:
            for card in moved:
                self.put(player, "waiting", self.take_card(player, "resolution", card))
            self.game.record(
                RecordKind.FORCED,
                player,
                f"{amount} damage to {player}: {names}; the climax cancels it",
                ("ws:4.10.1.1", "ws:4.10.1.2", "ws:3.2.3", "ws:3.13.1.3"),
                cards=[c.identity for c in moved],
                canceled=True,
            )
            if answer and len(answer) > len(moved):
                reveal.problems.append(
                    Refusal(
                        ("ws:4.10.1.2",),
                        f"the damage was canceled by {moved[-1].identity} (card {len(moved)}), "
                        f"but the log lists {counted(len(answer) - len(moved), 'more card')}",
                    )
                )
            attack = self.game.attack_phase.attack
            defender = attack.defender if attack is not None else None
            if defender is not None and defender.owner == player and me.position_of(defender) is not None:
                self.game.playing.trigger_card(
                    player, defender, "when_received_damage_canceled", "saw the damage its master received canceled"
                )
            if source is not None and self.states[source.owner].position_of(source) is not None:
                self.game.playing.trigger_card(
                    source.owner, source, "when_damage_canceled", "saw the damage it dealt canceled"
                )
        else:
            for card in moved:
                self.put(player, "clock", self.take_card(player, "resolution", card))
            self.game.record(
                RecordKind.FORCED,
                player,
                f"{amount} damage to {player}: {names} go to the clock",
                ("ws:4.10.1.1", "ws:4.10.1.3", "ws:3.2.3", "ws:3.13.1.3", "ws:3.13.1.3.1"),
                cards=[c.identity for c in moved],
                canceled=False,
            )
        self.game.in_damage = None
        yield Checkpoint(reveal)
        yield from self.game.rule_actions.interrupts()
        return canceled

    def bind(self, card: Card, answer: list[Any] | None, index: int, reveal: Reveal | None) -> None:
        """Give ``card`` the identity the answer to ``reveal`` states for it, if any; an impossible one is a problem
        (``engine.core.reveals.bind_revealed``)."""
        owner = self.states[card.owner]
        bind_revealed(card, answer, index, reveal, owner.deck_list, owner.deck, REVEALS, self.game.definitions)

    def assume(self, message: str, clauses: tuple[str, ...]) -> None:
        """The log leaves out something the replay needs; say so (the verdict cannot be legal)."""
        self.game.unmodelled += 1
        self.game.record(RecordKind.UNMODELLED, None, message, clauses)

    def put(self, player: str, zone: str, card: Card, renew: bool = True) -> None:
        """Put ``card`` on top of ``player``'s ``zone``; it becomes a new object (3.1.4)."""
        if renew:
            card.renew()
        game = self.game
        game.version += 1
        state = self.states[player]
        state.zone(zone).append(card)
        state.placed_at[card.instance] = game.effects.next_timestamp()

    def take_card(self, player: str, zone: str, card: Card) -> Card:
        self.states[player].zone(zone).remove(card)
        return card

    def rest(self, card: Card, because: str, *details: object) -> None:
        """Rest ``card`` and remember why: ``because``, a text with ``details`` to fill in (it rested to attack
        from position {}, ws 7.2.1.5.3), with the turn and the entry, which a later refusal names."""
        card.orientation = "rest"
        self.game.why_rested[card.instance] = (because, details, self.game.turn, self.game.entry)

    def can_be(self, card: Card, identity: str) -> bool:
        """Whether ``card`` is, or unseen could be, ``identity``: its pool still holds one, or, with no pool,
        its owner's deck list has the card."""
        if card.identity is not None:
            return card.identity == identity
        if card.pool is not None:
            return card.pool.can_be(identity)
        return self.states[card.owner].deck_list[identity] > 0

    def unseen_identities(self, cards: list[Card]) -> list[str]:
        """The identities the unseen cards among ``cards`` could be, in a stable order."""
        found: set[str] = set()
        for card in cards:
            if card.identity is None:
                owner = self.states[card.owner]
                if card.pool is not None:
                    found |= card.pool.identities()
                else:
                    found |= {identity for identity, count in owner.deck_list.items() if count > 0}
        return sorted(found)

    def take_unseen_as(self, player: str, zone: str, identity: str | None, why: str) -> Card:
        """``take_from``, saying so (an inference the replay reports) when the card taken is an unseen one
        bound to ``identity`` because ``why``."""
        cards = self.states[player].zone(zone)
        if identity is not None and all(card.identity != identity for card in cards):
            place = "waiting room" if zone == "waiting" else zone
            self.game.inferences.append(f"an unseen card in {player}'s {place} is taken as {identity}: {why}")
        return self.take_from(player, zone, identity)

    def take_from(self, player: str, zone: str, identity: str | None) -> Card:
        """Take a card of ``identity`` from a zone: a known one, else an unknown one revealed as it."""
        cards = self.states[player].zone(zone)
        for card in cards:
            if card.identity == identity:
                cards.remove(card)
                return card
        for card in cards:
            if card.identity is None and identity is not None and card.reveal(identity):
                cards.remove(card)
                return card
        card = cards.pop() if cards else Card(player)
        card.identity = identity
        return card

    def shuffle_deck(self, player: str, clauses: tuple[str, ...]) -> Procedure:
        """Shuffle ``player``'s deck: no card's place in it is known any more.  Every card becomes an unseen one of
        one pool: the identities known there, and for each card not known, one draw from the pool it came from.
        The new order is a reveal (``shuffle``) a driver that knows it may answer, top first; a log does not."""
        deck = self.states[player].deck
        self.hide(player, deck, f"deck of {player} shuffled in turn {self.game.turn}")
        self.game.version += 1
        reveal = Reveal(player, "shuffle", len(deck), clauses)
        answer = yield reveal
        if answer:
            for index, card in enumerate(deck[: len(answer)]):
                self.bind(card, answer, index, reveal)

    def hide(self, player: str, cards: list[Card], name: str) -> None:
        """Put in place of ``cards`` (a part of ``player``'s deck, in place) as many unseen cards of one pool,
        ``name``: the identities known there, and for each card not known, one draw from the pool it came from."""
        known: dict[str, int] = {}
        unknown_from: list[IdentityPool] = []
        for card in cards:
            if card.identity is not None:
                known[card.identity] = known.get(card.identity, 0) + 1
            else:
                unknown_from.append(
                    card.pool or IdentityPool(f"deck list of {player}", dict(self.states[player].deck_list))
                )
        pool = IdentityPool(name, known, unknown_from)
        cards[:] = [Card(player, pool=pool) for _ in cards]

    def put_on_stage(self, player: str, card: Card, position: int) -> None:
        card.renew()
        game = self.game
        game.version += 1
        state = self.states[player]
        state.pile_at(position).append(card)
        state.placed_at[card.instance] = game.effects.next_timestamp()
        game.why_empty.pop((player, position), None)

    def leave_stage(self, player: str, card: Card, zone: str) -> None:
        """Move a character off the stage; its markers go to the waiting room at once (3.7.3, 3.7.3.2), which only
        card text can have put there (3.7.1); Encore may trigger (10.2).

        A replacement ability of the card (8.10) may send it elsewhere instead of the waiting room.
        """
        me = self.states[player]
        if zone == "waiting":
            instead = self.game.playing.replacement(card, "leaves_stage")
            if instead is not None:
                zone = instead.instead or zone
                self.game.record(
                    RecordKind.ABILITY,
                    player,
                    f"{card.identity} goes to the {zone} instead of the waiting room (ability {instead.index})",
                    ("ws:8.10.1", "ws:8.2.1", "ws:8.2.1.3", "ws:8.2.1.3.1"),
                )
        position = me.position_of(card)
        if position is None:
            raise LookupError(f"{card.identity} is not on {player}'s stage")
        given = self.game.keywords.encores_given(card) if zone == "waiting" and self.game.gives_encores else []
        me.pile_at(position).remove(card)
        self.game.why_empty[(player, position)] = (
            "{} left it for the {}",
            (card.identity, "waiting room" if zone == "waiting" else zone),
            self.game.turn,
            self.game.entry,
        )
        markers = me.markers_at(position)
        if markers:
            for marker in markers:
                self.put(player, "waiting", marker)
            if not self.game.unrecorded():
                self.game.record(
                    RecordKind.FORCED,
                    player,
                    f"the markers of position {position} ({len(markers)}) go to the waiting room with "
                    f"{card.identity or 'its character'}",
                    ("ws:3.7.3", "ws:3.7.3.2"),
                    cards=[marker.identity for marker in markers],
                )
            markers.clear()
        self.put(card.owner, zone, card)
        if zone == "waiting":
            self.game.keywords.trigger_encore(card.owner, card, position, given)
            self.game.playing.trigger_card(
                card.owner, card, "when_put_into_waiting_room", "went from the stage to the waiting room"
            )

    def swap(self, player: str, first: int, second: int, by_effect: bool = False) -> None:
        """ws 6.5.1.2.4: exchange the cards on two positions (a stage move keeps identity, 3.1.4); ``by_effect``, an
        effect's move, which its ability records.

        Markers move with their characters and no position gets a second character, so the
        only rule action a move can make due is 9.5.1, through an Assist that lowers power
        (tested broadly: any ability of the game that lowers power).
        """
        if self.game.static_lowering:
            self.game.version += 1
        me = self.states[player]
        me.exchange(first, second)
        for emptied, other in ((first, second), (second, first)):
            moved = me.pile_at(other)
            if moved and not me.pile_at(emptied):
                why = "{} moved from it to position {} " + (
                    "by an effect (ws:8.6.2.4.4)" if by_effect else "(ws:6.5.1.2.4)"
                )
                self.game.why_empty[(player, emptied)] = (
                    why,
                    (moved[-1].identity, other),
                    self.game.turn,
                    self.game.entry,
                )
        if not by_effect and not self.game.unrecorded():
            self.game.record(
                RecordKind.CHOICE, player, f"{player} moves position {first} <-> {second}", ("ws:6.5.1.2.4", "ws:3.1.4")
            )

    def in_hand(self, player: str, identity: str) -> bool:
        """Whether ``player``'s hand holds ``identity``, known or possibly among its unknown cards."""
        for card in self.states[player].hand:
            if card.identity == identity:
                return True
            if card.identity is None and card.pool is not None and card.pool.contents.get(identity, 0) > 0:
                return True
        return False

    def not_in_hand(self, player: str, identity: str) -> str:
        """Why ``identity`` is not in ``player``'s hand, as the table shows it: where the player's copies of it
        are (a judge looks for the entry that put them there), or that none has been seen."""
        me = self.states[player]
        places: list[str] = []
        for zone in ("waiting", "clock", "level", "stock", "memory", "climax", "resolution"):
            count = sum(card.identity == identity for card in me.zone(zone))
            if count:
                name = {"waiting": "the waiting room", "climax": "the climax area"}.get(zone, f"the {zone}")
                places.append(name + (f" ({count})" if count > 1 else ""))
        places.extend(f"stage position {pos}" for pos, card in me.characters() if card.identity == identity)
        if not places:
            return f"{identity} is not in {player}'s hand, and no copy of it has been seen outside the deck"
        return f"{identity} is not in {player}'s hand; {player}'s copies of it are in {', '.join(places)}"

    def hand_identities(self, player: str) -> list[str]:
        """The card ids ``player`` could take from hand: known cards, and what unknown ones could be."""
        return possible_identities(self.states[player].hand)
