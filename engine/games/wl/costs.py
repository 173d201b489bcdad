"""The activation costs of ENERGIO!! effects (wl 8.3.1, 10.2.14): what pays them, whether a choice pays them in full,
and paying them.

An activation cost is paid in full or not at all (8.3.1.3); one an auto effect "may" pay is its player's choice, and
an effect whose cost is not paid is not activated (8.3.1.4).  The costs the engine pays itself are ① (``energio``,
8.3.1.5), resting active ENERGIO!! cards of the cost area, and trashing cards from the hand (``trash``, 10.2.14.1).
``engine.games.wl.playing`` activates [Activate: Main] effects and ``engine.games.wl.autos`` auto effects; both ask
this part whether and how their costs are paid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from engine.core.cards import Card, first_unheld
from engine.core.protocol import Choice, Decision, Refusal
from engine.core.vocabulary import Word, number

if TYPE_CHECKING:
    from engine.games.wl.game import Energio

COST_DEFINITIONS: Final = (
    Word("energio", "cost", "① N: rest N active ENERGIO!! cards of the cost area.", number(0), ("wl:8.3.1.5",)),
    Word("trash", "cost", "Trash N cards from the hand.", number(0), ("wl:10.2.14",)),
)
"""The costs of the structured shape, as words of the vocabulary (``engine.core.vocabulary``)."""
COST_WORDS: Final = tuple(word.name for word in COST_DEFINITIONS)
"""The costs the engine pays itself: ① (``energio``, 8.3.1.5) and trashing from the hand (``trash``, 10.2.14).
ENERGIO!! -X (``energio_return``, 10.2.10) leaves the ability to card text the engine does not model."""


class Costs:
    """The activation costs of effects: whether cards pay them, asking an auto effect's player to, and paying them."""

    def __init__(self, game: Energio) -> None:
        self.game = game
        self.states = game.player_states

    def cost_decision(self, player: str, card: Card, index: int, ability: dict[str, Any]) -> Decision:
        """Whether to pay an auto effect's cost (8.3.1.4): not to, or to, with the first cards of the hand to trash;
        any cards of the hand the cost can trash are allowed."""
        me = self.states[player]
        cost = ability["cost"]
        hand = sorted(c.identity for c in me.hand if c.identity is not None)
        trash = cost.get("trash", 0) if isinstance(cost.get("trash", 0), int) else 0
        options = [Choice("pay", card=card.identity, flag=False)]
        if self.cost_refusal(player, cost, tuple(hand[:trash])) is None:
            options.append(Choice("pay", card=card.identity, cards=tuple(hand[:trash]), flag=True))
        return Decision(
            player,
            "pay",
            options,
            ("wl:8.3.1.4", "wl:8.3.1.3"),
            frozenset({"resolve"}),
            prompt=f"pay the cost of {card.identity}'s effect, or not",
            default=options[0],
            source=card.identity,
            ability=str(index),
            allows=lambda choice: (
                choice.verb == "pay" and (not choice.flag or self.cost_refusal(player, cost, choice.cards) is None)
            ),
        )

    def cost_refusal(self, player: str, cost: dict[str, Any], cards: tuple[str, ...]) -> Refusal | None:
        """Why ``cost`` cannot be paid in full with ``cards`` trashed: ① rests active ENERGIO!! cards (8.3.1.5),
        trashing takes exactly that many cards of the hand (10.2.14.1); None when it can."""
        me = self.states[player]
        if isinstance(cost.get("energio"), int) and cost["energio"] > me.cost_active:
            return Refusal(
                ("wl:8.3.1", "wl:8.3.1.5"), f"the cost rests {cost['energio']} ENERGIO!!; {me.cost_active} are active"
            )
        if isinstance(cost.get("trash"), int):
            if len(cards) != cost["trash"]:
                return Refusal(
                    ("wl:10.2.14.1", "wl:8.3.1.3"), f"the cost trashes {cost['trash']} card(s) from the hand"
                )
            if first_unheld(me.hand, cards) is not None:
                return Refusal(("wl:10.2.14.1",), f"{player}'s hand does not hold {', '.join(cards)}")
        return None

    def pay_cost(self, player: str, cost: dict[str, Any], cards: tuple[str, ...]) -> None:
        """Pay a cost in full (8.3.1.3): ① rests active ENERGIO!! cards (8.3.1.5), the hand cards are trashed."""
        me = self.states[player]
        rest = int(cost.get("energio", 0))
        me.cost_active -= rest
        me.cost_rested += rest
        if rest:
            self.game.spend_energio(player, f"{rest} rested for a cost (wl:8.3.1.5)")
        for identity in cards:
            me.trash.append(self.game.moves.take(player, "hand", identity))
        self.game.version += 1
