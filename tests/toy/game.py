"""The High Card engine: ``rules.txt`` played clause by clause, on ``engine.core``.

It implements the whole document: 1.2-1.5 (winning, losing, conceding, a draw),
3 (the zones), 4 (ten-card decks, three cards each to start), 5 (the draw, play
and end phases; a played card scores when it beats the top of the opponent's
discard pile) and 6.1 (an endless game is a draw, through the core's step
budget).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final

from engine.core.cards import Card, CardDefinition, IdentityPool
from engine.core.game import Game, GameClauses, GameEnded, Procedure, Termination
from engine.core.interface import PlayerSpec
from engine.core.protocol import PASS, Checkpoint, Choice, Decision, RecordKind, Refusal, Reveal
from engine.core.zones import Order, Visibility, ZoneTable, ZoneType

PHASES: Final = ("draw", "play", "end")
"""toy:5.1, in order."""
WINNING_SCORE: Final = 3
"""toy:1.2."""
DECK_SIZE: Final = 10
"""toy:4.1."""
ZONES: Final = ZoneTable(
    [
        ZoneType("deck", Visibility.HIDDEN, Order.FIXED, top_first=True, clauses=("toy:3.2",)),
        ZoneType("hand", Visibility.OWNER, Order.OWNER, clauses=("toy:3.3",)),
        ZoneType("discard", Visibility.PUBLIC, Order.FIXED, clauses=("toy:3.4",)),
        ZoneType("score", Visibility.PUBLIC, Order.FIXED, clauses=("toy:3.4",)),
    ]
)


@dataclass(slots=True, init=False)
class HighCardDefinition(CardDefinition):
    """A High Card card: its name and its value (toy:2.1)."""

    value: int

    def __init__(self, id: str, name: str, value: int) -> None:
        CardDefinition.__init__(self, id, name, "card")
        self.value = value


@dataclass(slots=True)
class Position:
    """A position to start from: the turn, its player, its phase, and each player's zones (card ids)."""

    turn: int
    active: str
    phase: str
    zones: dict[str, dict[str, list[str | None]]] = field(default_factory=dict)
    """Player id -> zone -> card ids (the deck top first; None for a card not known)."""


class HighCard(Game[HighCardDefinition]):
    """A game of High Card, from the opening or from a position."""

    game_id = "toy"
    clauses = GameClauses(
        turn_order=("toy:5.1",),
        game_end=("toy:1.2", "toy:1.3"),
        unmodelled_text=("toy:2.1",),
        loops=("toy:6.1",),
        concession=("toy:1.4",),
        card_records=("toy:2.1",),
    )
    zones = ZONES

    def __init__(
        self,
        definitions: dict[str, HighCardDefinition],
        players: list[PlayerSpec],
        first: str,
        order: dict[str, list[str]] | None = None,
        position: Position | None = None,
    ) -> None:
        super().__init__((players[0].id, players[1].id), definitions)
        self.first = first
        self.turn_player = first
        self.position = position
        self.piles: dict[str, dict[str, list[Card]]] = {}
        """Player id -> zone -> cards."""
        for spec in players:
            pool = IdentityPool(f"deck list of {spec.id}", dict(Counter(spec.deck)))
            self.piles[spec.id] = {zone: [] for zone in ZONES.names()}
            if sum(spec.deck.values()) != DECK_SIZE:
                self.setup_problems.append(
                    Refusal(("toy:4.1",), f"{spec.id}'s deck has {sum(spec.deck.values())} cards, not {DECK_SIZE}")
                )
            if position is None:
                deck = [Card(spec.id, pool=pool) for _ in range(sum(spec.deck.values()))]
                for card, identity in zip(deck, (order or {}).get(spec.id, []), strict=False):
                    self._bind(card, identity, None)
                self.piles[spec.id]["deck"] = deck
            else:
                for zone, identities in position.zones.get(spec.id, {}).items():
                    for placed in identities:
                        card = Card(spec.id, pool=pool)
                        if placed is not None:
                            self._bind(card, placed, None)
                        self.piles[spec.id][zone].append(card)

    # -- the procedure ----------------------------------------------------------

    def run(self) -> Procedure:
        try:
            if self.position is None:
                for player in (self.first, self.opponent(self.first)):
                    yield from self.draw(player, 3, ("toy:4.2",))
                self.turn = 1
                self.record(RecordKind.TIMING, self.first, f"{self.first} takes the first turn", ("toy:4.2",))
                start = "draw"
            else:
                self.turn, self.turn_player, start = self.position.turn, self.position.active, self.position.phase
            while True:
                for phase in PHASES[PHASES.index(start) :]:
                    self.phase = phase
                    yield from self.phase_procedure(phase)
                start = "draw"
                self.turn += 1
                self.turn_player = self.non_turn_player
        except GameEnded:
            return

    def phase_procedure(self, phase: str) -> Procedure:
        player = self.turn_player
        if phase == "draw":
            self.record(RecordKind.TIMING, player, f"turn {self.turn} ({player}): draw phase", ("toy:5.2",))
            yield from self.draw(player, 1, ("toy:5.2.1",))
        elif phase == "play":
            self.record(RecordKind.TIMING, player, "play phase", ("toy:5.3",))
            decision = Decision(
                player,
                "play",
                [*(Choice("play", card=identity) for identity in self.hand_identities(player)), PASS],
                ("toy:5.3.1",),
                frozenset({"play"}),
                prompt="play a card from hand, or pass",
                default=PASS,
            )
            choice = yield decision
            if choice.verb == "play":
                self.play(player, choice.card_id)
            else:
                self.record(RecordKind.CHOICE, player, f"{player} plays no card", ("toy:5.3.1",))
            yield Checkpoint(decision)
            self.check_win()
        else:
            self.record(RecordKind.TIMING, player, "end phase: the turn ends", ("toy:5.4.1",))

    def draw(self, player: str, count: int, clauses: tuple[str, ...]) -> Procedure:
        """Draw ``count`` cards one at a time; drawing from an empty deck loses (toy:1.3)."""
        deck, hand = self.piles[player]["deck"], self.piles[player]["hand"]
        if not deck:  # nothing is revealed: the player loses before drawing
            self.end_game(Termination.LOSS, self.opponent(player), f"{player} cannot draw", ("toy:1.3",))
        reveal = Reveal(player, "draw", count, clauses)
        answer = yield reveal
        drawn = []
        for index in range(count):
            if not deck:
                self.end_game(Termination.LOSS, self.opponent(player), f"{player} cannot draw", ("toy:1.3",))
            card = deck.pop(0)
            if answer and index < len(answer) and answer[index] is not None:
                self._bind(card, str(answer[index]), reveal)
            hand.append(card)
            drawn.append(card.identity or "?")
        reveal.used = count
        self.record(RecordKind.FORCED, player, f"{player} draws {count} ({', '.join(drawn)})", clauses, cards=drawn)
        yield Checkpoint(reveal)

    def play(self, player: str, identity: str) -> None:
        """toy:5.3.2: the card scores when it beats the top of the opponent's discard pile."""
        hand = self.piles[player]["hand"]
        card = next(c for c in hand if c.identity == identity or (c.identity is None and c.reveal(identity)))
        hand.remove(card)
        top = self.piles[self.opponent(player)]["discard"][-1:]
        beaten = self._value(top[0]) if top else None
        scores = beaten is not None and self._value(card) > beaten
        self.piles[player]["score" if scores else "discard"].append(card)
        where = "the score pile: a point" if scores else "the discard pile"
        self.record(RecordKind.CHOICE, player, f"{player} plays {identity} to {where}", ("toy:5.3.1", "toy:5.3.2"))

    def check_win(self) -> None:
        for player in (self.turn_player, self.non_turn_player):
            if len(self.piles[player]["score"]) >= WINNING_SCORE:
                self.end_game(Termination.LOSS, player, f"{player} has {WINNING_SCORE} points", ("toy:1.2",))

    # -- what the interface asks -------------------------------------------------

    def hand_identities(self, player: str) -> list[str]:
        return sorted({card.identity for card in self.piles[player]["hand"] if card.identity is not None})

    def concrete(self, decision: Decision, choice: Choice) -> Choice:
        return choice

    def explain(self, decision: Decision, choice: Choice) -> Refusal:
        if choice.verb == "play" and choice.card not in self.hand_identities(decision.player):
            return Refusal(("toy:5.3.1",), f"{choice.card} is not in {decision.player}'s hand")
        return super().explain(decision, choice)

    def why_not_now(self, verb: str, player: str, choice: Choice | None = None) -> Refusal:
        if verb == "draw":
            return Refusal(("toy:5.2.1",), f"{player} draws in the draw phase of their own turn")
        return Refusal(("toy:5.3.1",), f"{verb} is the turn player's, in the play phase")

    def snapshot(self) -> dict[str, Any]:
        outcome = self.outcome
        return {
            "turn": self.turn,
            "phase": self.phase,
            "turn_player": self.turn_player,
            "outcome": None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason},
            "players": {
                player: {zone: [card.identity for card in cards] for zone, cards in piles.items()}
                for player, piles in self.piles.items()
            },
        }

    def _value(self, card: Card) -> int:
        definition = self.definition(card)
        return definition.value if definition is not None else 0

    def _bind(self, card: Card, identity: str, reveal: Reveal | None) -> None:
        if not card.reveal(identity):
            problem = Refusal(("toy:4.1",), f"{identity} cannot be in {card.owner}'s deck here")
            if reveal is not None:
                reveal.problems.append(problem)
            else:
                self.setup_problems.append(problem)
            card.identity = identity
