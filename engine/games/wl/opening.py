"""Game setup (wl 5.2), or a given position instead.

Implements 5.2.1.1 (the Leader, deck and ENERGIO!! deck presented, checked
against 5.1.2: ``engine.games.wl.cards.deck_problems``), 5.2.1.2 (the deck
shuffled; a log may say its order), 5.2.1.3 (the Leader face up), 5.2.1.4-5.2.1.5
(who goes first is chosen, and recorded by the log, not made again), 5.2.1.6
(five cards each; from the first player on, each may return the whole hand,
reshuffle and draw five again) and 5.2.1.7 (Life cards from the deck top, the top
card at the bottom of the Life area).  A scenario's starting position replaces all
of it; its cards must fit the deck lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.cards import Card
from engine.core.game import Procedure
from engine.core.protocol import Checkpoint, Choice, Decision, RecordKind, Refusal, Reveal
from engine.core.reveals import asserted_card, card_from_deck_list, lay_known_order, match_counts
from engine.games.wl.cards import ENERGIO_DECK_SIZE, deck_problems
from engine.games.wl.state import OPENING_HAND, PlayerState, Position

if TYPE_CHECKING:
    from engine.games.wl.game import Energio

ASSERTED_PILES = ("hand", "deck", "trash", "life", "stage")
"""The piles a log's assertion counts, in the order cards are looked for in them."""
Asserted = tuple[str | None, str | None, int | None]
"""A card a log asserts on the table: its id, its orientation (``stand`` or ``rest``) and the ENERGIO!! cards given
to it; each None where the log does not say."""


class Opening:
    """The pre-game preparations (wl 5.2), or the position the game starts from."""

    def __init__(self, game: Energio) -> None:
        self.game = game
        self.states = game.player_states

    def check_decks(self) -> None:
        """wl 5.2.1.1: what each player presents must meet 5.1.2."""
        for player, spec in self.game.specs.items():
            self.game.setup_problems.extend(
                deck_problems(player, spec.leader, spec.deck, spec.energio, self.game.definitions)
            )

    def report_text_in_play(self) -> None:
        """The Leaders, and a position's Characters and Stage, with card text the engine does not model: what it
        does is not checked (the verdict cannot be legal)."""
        for me in self.states.values():
            for card in (me.leader, *me.characters, *me.stage):
                self.game.card_text.unmodelled_text(me.id, card)

    def new_card(self, me: PlayerState, identity: str | None, where: str) -> Card:
        """A card of ``me``'s deck that a position names; one the deck list cannot give is a setup problem."""
        return card_from_deck_list(
            me.id, me.unknown, me.deck_list, identity, where, ("wl:5.2.1.1",), self.game.setup_problems
        )

    # -- from the start -------------------------------------------------------------------------

    def run(self) -> Procedure:
        """wl 5.2.1.2-5.2.1.8."""
        game = self.game
        game.phase = "setup"
        for me in self.states.values():
            assert me.unknown is not None
            me.deck = [Card(me.id, pool=me.unknown) for _ in range(sum(me.unknown.contents.values()))]
            lay_known_order(me.deck, game.order.get(me.id, []), me.id, ("wl:5.2.1.1",), game.setup_problems)
            me.energio_deck = ENERGIO_DECK_SIZE
        game.record(
            RecordKind.FORCED,
            None,
            "each player shuffles the deck and places the Leader face up",
            ("wl:5.2.1", "wl:5.2.1.2", "wl:3.2.4", "wl:5.2.1.3"),
        )
        game.record(RecordKind.TIMING, game.first, f"{game.first} goes first", ("wl:5.2.1.4", "wl:5.2.1.5"))
        self.report_text_in_play()
        order = (game.first, game.opponent(game.first))
        for player in order:
            yield from game.moves.draw(
                player,
                OPENING_HAND,
                ("wl:5.2.1.6", "wl:4.5.1", "wl:4.5.3", "wl:3.2.3"),
                purpose="opening",
                simultaneous=True,
            )
        for player in order:
            yield from self.redraw(player)
        for player in order:
            yield from self.place_life(player)
        game.turn = 1
        game.turn_player = game.first
        game.record(RecordKind.TIMING, game.first, f"{game.first} begins the game", ("wl:5.2.1.8",))

    def redraw(self, player: str) -> Procedure:
        """wl 5.2.1.6-5.2.1.6.1: keep the hand, or return all of it, reshuffle and draw five again."""
        decision = Decision(
            player,
            "mulligan",
            [Choice("mulligan", flag=False), Choice("mulligan", flag=True)],
            ("wl:5.2.1.6", "wl:5.2.1.6.1"),
            frozenset({"mulligan"}),
            prompt="keep your opening hand, or return it all, reshuffle and draw five again",
            default=Choice("mulligan", flag=False),
        )
        choice = yield decision
        me = self.states[player]
        if choice.flag:
            returned = list(me.hand)
            me.hand.clear()
            self.game.moves.shuffle_in(me, returned)
            self.game.record(
                RecordKind.CHOICE, player, f"{player} returns the hand and reshuffles", ("wl:5.2.1.6.1", "wl:3.2.4")
            )
            yield from self.game.moves.draw(
                player, OPENING_HAND, ("wl:5.2.1.6.1", "wl:4.5.1", "wl:4.5.3", "wl:3.2.3"), purpose="mulligan_draw"
            )
        else:
            self.game.record(RecordKind.CHOICE, player, f"{player} keeps the opening hand", ("wl:5.2.1.6",))
        yield Checkpoint(decision)

    def place_life(self, player: str) -> Procedure:
        """wl 5.2.1.7, 2.9.2: as many cards as the Leader's Life from the deck top to the Life area, face down, the
        top card at the bottom; a log may write them as a ``life`` entry."""
        game = self.game
        me = self.states[player]
        definition = game.definition(me.leader)
        count = min(definition.life if definition is not None else 0, len(me.deck))
        reveal = Reveal(player, "life", count, ("wl:5.2.1.7", "wl:2.9.2"), simultaneous=True)
        answer = yield reveal
        for index in range(count):
            card = me.deck.pop(0)
            game.moves.bind(card, answer, index, reveal)
            me.life.append(card)
        reveal.used = count
        game.version += 1
        game.record(RecordKind.FORCED, player, f"{player} places {count} Life card(s)", ("wl:5.2.1.7",))
        yield Checkpoint(reveal)
        game.rule_processing.check()

    # -- from a position --------------------------------------------------------------------------

    def place(self, position: Position) -> None:
        """Lay out a starting position; its cards must fit the deck lists."""
        game = self.game
        game.turn = position.turn
        game.turn_player = position.active
        game.phase = position.phase
        for player_id, layout in position.players.items():
            me = self.states[player_id]
            for zone in ("hand", "trash", "life"):
                for identity in getattr(layout, zone):
                    me.zone(zone).append(self.new_card(me, identity, f"setup {player_id} {zone}"))
            for identity in layout.stage:
                stage = self.new_card(me, identity, f"setup {player_id} stage")
                stage.orientation = layout.stage_state
                me.stage.append(stage)
            me.leader.orientation = layout.leader_state
            if layout.leader_given:
                me.given[me.leader.instance] = layout.leader_given
            for spec in layout.characters:
                card = self.new_card(me, spec.card, f"setup {player_id} characters")
                card.orientation = spec.state
                me.characters.append(card)
                if spec.given:
                    me.given[card.instance] = spec.given
                if spec.fresh:
                    me.fresh.add(card.instance)
            me.deck = [self.new_card(me, identity, f"setup {player_id} deck") for identity in layout.deck_top]
            rest = layout.deck_rest
            if rest is None:
                assert me.unknown is not None
                placed = sum(
                    1
                    for pile in (me.hand, me.trash, me.life, me.stage, me.characters)
                    for c in pile
                    if c.identity is None
                )
                rest = max(0, sum(me.unknown.contents.values()) - placed)
            me.deck.extend(Card(player_id, pool=me.unknown) for _ in range(rest))
            me.cost_active, me.cost_rested = layout.cost_active, layout.cost_rested
            placed_energio = layout.cost_active + layout.cost_rested + me.given_total
            me.energio_deck = (
                layout.energio_deck if layout.energio_deck is not None else max(0, ENERGIO_DECK_SIZE - placed_energio)
            )
            if me.energio_deck + placed_energio > ENERGIO_DECK_SIZE:
                game.setup_problems.append(
                    Refusal(("wl:5.1.2",), f"setup {player_id}: more than {ENERGIO_DECK_SIZE} ENERGIO!! cards in play")
                )
            if len(me.characters) > 5:
                game.setup_problems.append(
                    Refusal(("wl:3.7.6",), f"setup {player_id}: {len(me.characters)} Characters, at most 5")
                )
            if len(me.stage) > 1:
                game.setup_problems.append(
                    Refusal(("wl:3.8.5",), f"setup {player_id}: {len(me.stage)} Stages, at most 1")
                )

    # -- a position a log asserts ---------------------------------------------------------------------

    def take_asserted(
        self,
        player_id: str,
        counts: dict[str, int],
        characters: int | list[Asserted] | None,
        stage: Asserted | None,
        leader: Asserted,
        cost: tuple[int | None, int | None],
        energio_deck: int | None,
    ) -> list[str]:
        """Make ``player_id``'s cards what a log asserts they are, where the replay's differ: ``counts`` of piles
        (``hand``, ``deck``, ``trash``, ``life``, ``stage``), the ``characters`` (a count, or each in the order they
        entered), the ``stage`` (its card and orientation), the ``leader``'s orientation and ENERGIO!! given, the
        ``cost`` area's active and rested cards and the ENERGIO!! deck's.  Returns what was changed, in words.

        A Character the log names is taken from where the replay has a card of that name (a pile with more cards
        than asserted first), or an unseen card that can be it; cards leave piles with more than asserted for
        piles with fewer, and those left over go to the trash.  Which cards moved is not known, so they become
        unseen, drawn from one pool of their names: what the log reveals later binds them.  A card's power is
        not set: effects make it."""
        me = self.states[player_id]
        changed: list[str] = []
        loose: list[Card] = []
        piles = {zone: me.zone(zone) for zone in ASSERTED_PILES}
        wanted: list[Asserted] | None = None
        if isinstance(characters, int):
            wanted = [(None, None, None)] * characters
        elif characters is not None:
            wanted = characters
        if wanted is not None:
            for extra in me.characters[len(wanted) :]:
                changed.append(f"{player_id} Character {extra.identity or '?'} taken off")
                self._lift(me, extra, loose)
            del me.characters[len(wanted) :]
            for index, (identity, orientation, given) in enumerate(wanted):
                have = me.characters[index] if index < len(me.characters) else None
                if have is None or (identity is not None and not have.reveal(identity)):
                    card = asserted_card(piles, identity, counts, loose)
                    if card is None:
                        changed.append(f"{player_id} Character {index + 1}: no card of {player_id}'s can be {identity}")
                        continue
                    if have is not None:
                        self._lift(me, have, loose)
                    card.renew()
                    if have is None:
                        me.characters.append(card)
                    else:
                        me.characters[index] = card
                    changed.append(f"{player_id} Character {index + 1}: {card.identity or 'a card'} put there")
                    have = card
                self._asserted_state(me, have, orientation, given, f"{player_id} Character {index + 1}", changed)
        if stage is not None:
            identity, orientation, _ = stage
            have = me.stage[-1] if me.stage else None
            if have is None or (identity is not None and not have.reveal(identity)):
                loose.extend(me.stage)
                me.stage.clear()
                card = asserted_card(piles, identity, counts, loose)
                if card is None:
                    changed.append(f"{player_id} stage: no card of {player_id}'s can be {identity}")
                else:
                    card.renew()
                    me.stage.append(card)
                    changed.append(f"{player_id} stage: {card.identity or 'a card'} put there")
                    have = card
            if have is not None:
                self._asserted_state(me, have, orientation, None, f"{player_id} stage", changed)
        _, orientation, given = leader
        self._asserted_state(me, me.leader, orientation, given, f"{player_id} leader", changed)
        match_counts(player_id, piles, counts, loose, "trash", changed)
        for name, value in (("cost_active", cost[0]), ("cost_rested", cost[1]), ("energio_deck", energio_deck)):
            before = getattr(me, name)
            if value is not None and value != before:
                setattr(me, name, value)
                changed.append(f"{player_id} {name.replace('_', ' ')} {before} -> {value}")
        self.game.version += 1
        return changed

    @staticmethod
    def _lift(me: PlayerState, card: Card, loose: list[Card]) -> None:
        """``card`` off the Character area, to go where the asserted counts want it; what was given to it with it."""
        me.given.pop(card.instance, None)
        me.fresh.discard(card.instance)
        loose.append(card)

    @staticmethod
    def _asserted_state(
        me: PlayerState, card: Card, orientation: str | None, given: int | None, label: str, changed: list[str]
    ) -> None:
        if orientation is not None and card.orientation != orientation:
            card.orientation = orientation
            changed.append(f"{label}: {card.identity or '?'} {orientation}")
        before = me.given.get(card.instance, 0)
        if given is not None and given != before:
            if given:
                me.given[card.instance] = given
            else:
                me.given.pop(card.instance, None)
            changed.append(f"{label}: ENERGIO!! given {before} -> {given}")
