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
from engine.core.reveals import card_from_deck_list, lay_known_order
from engine.games.wl.cards import ENERGIO_DECK_SIZE, deck_problems
from engine.games.wl.state import OPENING_HAND, PlayerState, Position

if TYPE_CHECKING:
    from engine.games.wl.game import Energio


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
                self.game.playing.unmodelled_text(me.id, card, played=False)

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
