"""Setting up the game (ws 5): the decks as presented, the opening draw and mulligan, or a given position.

Implements ws 5.1.2 (deck construction, checked: 50 cards, at most four of a
name, at most eight climaxes), 5.2.1.1-5.2.1.2 (the decks presented and
shuffled; a log may say their order), 5.2.1.4 (five cards each, then one
mulligan each, starting player first), 5.2.1.5 (refresh points 0) and 5.2.1.6
(the starting player's first turn; who it is, drawn at the table by 5.2.1.3, the
log states as ``first``).  A scenario's starting position replaces
all of it; its cards must fit the deck lists and the zones (3).

A position a log asserts in the middle of the game, where the replay's differs
(``take_asserted``), is taken the same way: the game goes on from the one the
log describes, its cards as far as the deck lists allow.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from engine.core.cards import Card
from engine.core.game import Procedure
from engine.core.protocol import Checkpoint, Choice, Decision, RecordKind, Refusal
from engine.core.reveals import (
    asserted_card,
    card_from_deck_list,
    lay_known_order,
    match_counts,
    take_asserted_place,
)
from engine.core.wording import counted
from engine.games.ws.state import POSITIONS, ZONE_NAMES, PlayerState, Position

if TYPE_CHECKING:
    from engine.games.ws.game import WeissSchwarz

ASSERTED_PILES = ("hand", "deck", "stock", "clock", "level", "waiting", "memory", "climax")
"""The piles a log's assertion counts, in the order cards are looked for in them."""
OPENING_DRAW: Final = ("ws:5.2.1.4", "ws:5.2.1.2", "ws:3.1.1")
"""The opening draw: five cards each (5.2.1.4), from the top of the deck each player shuffled and put in the deck
zone (5.2.1.2), a zone each player has their own of (3.1.1)."""


class Opening:
    """The game's set-up (ws 5), or the position it starts from."""

    def __init__(self, game: WeissSchwarz) -> None:
        self.game = game
        self.states = game.player_states

    def deal_decks(self) -> None:
        """Put each deck, as presented (5.2.1.1) and shuffled (5.2.1.2), into its deck zone."""
        for player in self.states.values():
            self.check_deck_construction(player)
            known = self.game.order.get(player.id, [])
            size = sum(player.deck_list.values())
            player.deck = [Card(player.id, pool=player.pool) for _ in range(size)]
            lay_known_order(player.deck, known, player.id, ("ws:5.2.1.1", "ws:5.2.1.2"), self.game.setup_problems)

    def check_deck_construction(self, player: PlayerState) -> None:
        """ws 5.1.2: 50 cards, at most 4 of a name (any number where a card of the name says so, 5.1.2.4), at most 8
        climaxes, in the deck each player prepared (5.1.1)."""
        size = sum(player.deck_list.values())
        if size != 50:
            self.game.setup_problems.append(
                Refusal(("ws:5.1.1", "ws:5.1.2.1"), f"{player.id}'s deck has {size} cards, not 50")
            )
        names: Counter[str] = Counter()
        climaxes = 0
        for card_id, copies in player.deck_list.items():
            definition = self.game.definitions.get(card_id)
            if definition is None:
                continue
            names[definition.name] += copies
            climaxes += copies if definition.type == "climax" else 0
        unlimited = {
            definition.name
            for card_id in player.deck_list
            if (definition := self.game.definitions.get(card_id)) is not None
            and any(
                ability.kind == "cont" and any("any_copies" in effect for effect in ability.effects)
                for ability in self.game.modelled.get(card_id, ())
            )
        }  # 5.1.2.4: a continuous ability on deck construction stands in for the rule it changes
        for name, copies in names.items():
            if copies > 4 and name not in unlimited:
                self.game.setup_problems.append(
                    Refusal(
                        ("ws:5.1.1", "ws:5.1.2.2", "ws:5.1.2.2.1"),
                        f"{player.id}'s deck has {copies} cards named {name!r}, more than 4",
                    )
                )
        if climaxes > 8:
            self.game.setup_problems.append(
                Refusal(("ws:5.1.1", "ws:5.1.2.3"), f"{player.id}'s deck has {climaxes} climaxes, more than 8")
            )

    def new_card(self, player: PlayerState, identity: str | None, where: str) -> Card:
        """A card of ``player``'s deck that a position names; one the deck list cannot give is a setup problem."""
        return card_from_deck_list(
            player.id, player.pool, player.deck_list, identity, where, ("ws:5.2.1.1",), self.game.setup_problems
        )

    def place(self, position: Position) -> None:
        """Lay out a starting position; cards must fit the deck lists and the zones (3.x)."""
        self.game.turn = position.turn
        self.game.turn_player = position.active
        self.game.phase = position.phase
        for player_id, layout in position.players.items():
            player = self.states[player_id]
            for zone in ("level", "clock", "stock", "waiting", "hand", "memory", "climax"):
                for identity in getattr(layout, zone):
                    card = self.new_card(player, identity, f"setup {player_id} {zone}")
                    player.zone(zone).append(card)
            for pos, (identity, orientation) in sorted(layout.stage.items()):
                if pos not in POSITIONS:
                    self.game.setup_problems.append(
                        Refusal(("ws:3.6.3",), f"setup {player_id}: no stage position {pos}")
                    )
                    continue
                card = self.new_card(player, identity, f"setup {player_id} stage {pos}")
                card.orientation = orientation
                player.pile_at(pos).append(card)
                definition = self.game.definitions.get(identity)
                if definition is not None and definition.type != "character":
                    self.game.setup_problems.append(
                        Refusal(("ws:3.5.1",), f"setup {player_id} stage {pos}: {identity!r} is a {definition.type}")
                    )
            for card in player.climax:
                definition = self.game.definition(card)
                if definition is not None and definition.type != "climax":
                    self.game.setup_problems.append(
                        Refusal(("ws:3.11.1",), f"setup {player_id} climax: {card.identity!r} is a {definition.type}")
                    )
            if len(player.climax) > 1:
                self.game.setup_problems.append(
                    Refusal(("ws:3.11.2",), f"setup {player_id}: the climax area holds {len(player.climax)} cards")
                )
            player.deck = [self.new_card(player, identity, f"setup {player_id} deck") for identity in layout.deck_top]
            rest = layout.deck_rest
            if rest is None:
                rest = max(0, sum(player.pool.contents.values()) - sum(1 for _ in self.unknown_cards(player)))
            player.deck.extend(Card(player.id, pool=player.pool) for _ in range(rest))
            player.refresh_point = layout.refresh_point
            if len(player.level) >= 4:
                self.game.setup_problems.append(
                    Refusal(("ws:9.4.1.1",), f"setup {player_id}: level {len(player.level)}")
                )

    def take_asserted(
        self, player_id: str, counts: dict[str, int], stage: dict[int, tuple[str | None, str | None] | None]
    ) -> list[str]:
        """Make ``player_id``'s cards what a log asserts they are, where the replay's differ: ``counts`` of piles
        (``hand``, ``deck``, ``stock``, ``clock``, ``level``, ``waiting``, ``memory``, ``climax``) and the
        ``stage``, each position empty (None) or a card and an orientation (either None: as it is).  Returns
        what was changed, in words.

        A character the stage needs is taken from where the replay has a card of that name (a pile with more
        cards than asserted first), or an unseen card that can be it; cards leave piles with more than asserted
        for piles with fewer.  Which cards moved between piles is not known, so they become unseen, drawn from
        one pool of their names: what the log reveals later binds them.
        """
        me = self.states[player_id]
        changed: list[str] = []
        loose: list[Card] = []
        for position, wanted in sorted(stage.items()):
            pile = me.pile_at(position) if position in POSITIONS else None
            if pile is None:
                continue
            placed = take_asserted_place(
                player_id,
                pile,
                wanted,
                f"{player_id} stage {position}",
                lambda identity: asserted_card(self._piles(me), identity, counts, loose),
                loose,
                changed,
            )
            if placed is not None:
                me.placed_at[placed.instance] = self.game.effects.next_timestamp()
        match_counts(player_id, self._piles(me), counts, loose, "waiting", changed)
        self.game.version += 1
        return changed

    @staticmethod
    def _piles(me: PlayerState) -> dict[str, list[Card]]:
        """The piles a log's assertion counts, in the order cards are looked for in them."""
        return {zone: me.zone(zone) for zone in ASSERTED_PILES}

    def unknown_cards(self, player: PlayerState) -> Iterable[Card]:
        for zone in ZONE_NAMES:
            yield from (card for card in player.zone(zone) if card.identity is None)

    def run(self) -> Procedure:
        """ws 5.2.1.4-5.2.1.6: draw five, mulligan once (starting player first), refresh points 0; the preparation
        (5.2.1) ends with the starting player's first turn."""
        self.game.phase = "setup"
        for player in (self.game.first, self.game.opponent(self.game.first)):
            yield from self.game.moves.draw(player, 5, OPENING_DRAW, purpose="opening", simultaneous=True)
        for player in (self.game.first, self.game.opponent(self.game.first)):
            decision = Decision(
                player,
                "mulligan",
                [Choice("mulligan", cards=())],
                ("ws:5.2.1.4",),
                frozenset({"mulligan"}),
                prompt="put any number of cards from hand into the waiting room, then draw as many",
                default=Choice("mulligan", cards=()),
            )
            choice = yield decision
            cards = [self.game.moves.take_from(player, "hand", identity) for identity in choice.cards]
            for card in cards:
                self.game.moves.put(player, "waiting", card)
            self.game.record(
                RecordKind.CHOICE,
                player,
                f"{player} mulligans {counted(len(cards), 'card')}",
                ("ws:5.2.1.4",),
                cards=list(choice.cards),
            )
            if cards:
                yield from self.game.moves.draw(player, len(cards), ("ws:5.2.1.4",), purpose="mulligan_draw")
            yield Checkpoint(decision)
        for state in self.states.values():
            state.refresh_point = 0
        self.game.record(RecordKind.FORCED, None, "both refresh points are set to 0", ("ws:5.2.1.5",))
        self.game.turn = 1
        self.game.turn_player = self.game.first
        self.game.record(
            RecordKind.TIMING, self.game.first, f"{self.game.first} takes the first turn", ("ws:5.2.1", "ws:5.2.1.6")
        )
