"""The costs of Vanguard abilities (vg 8.5.2.3, 8.6.4): what pays them, whether a choice pays them in full, and
paying them.

An activated ability's cost is paid in full when it is played, or the ability is not (8.5.2.3); an automatic
ability's, in full or not at all, as its master chooses (8.6.4).  The cost words of a card record are Counter
Blast (``counter_blast``, 10.1.15), Soul Blast (``soul_blast``, 10.1.16) and discarding (``discard``, 10.1.2); a
choice names the cards that pay each (``Activate``, ``PayAbility``).  ``engine.games.vg.playing`` plays the
abilities and asks this part whether and how their costs are paid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from engine.core.protocol import Choice, Refusal
from engine.core.vocabulary import Word, number
from engine.games.vg.choices import Activate, PayAbility

if TYPE_CHECKING:
    from engine.games.vg.game import Vanguard

COST_DEFINITIONS: Final = (
    Word(
        "counter_blast",
        "cost",
        "Counter Blast N: turn N face-up cards of the damage zone face down.",
        number(0),
        ("vg:10.1.15",),
    ),
    Word("soul_blast", "cost", "Soul Blast N: put N cards of the soul into the drop zone.", number(0), ("vg:10.1.16",)),
    Word("discard", "cost", "Discard N cards from the hand.", number(0), ("vg:10.1.2",)),
)
"""The costs of the structured shape, as words of the vocabulary (``engine.core.vocabulary``)."""
COST_WORDS: Final = tuple(word.name for word in COST_DEFINITIONS)
"""The costs an ability record may structure (``judge/site/vg-logs.rst``), as numbers of cards, in the order a
choice names the cards that pay them."""

COST_PLACES: Final = (
    ("counter_blast", "vg:10.1.15", "face-up damage"),
    ("soul_blast", "vg:10.1.16", "soul"),
    ("discard", "vg:10.1.2", "hand cards"),
)
"""Each cost word, the clause of its keyword action, and the cards that pay it."""


def paid_by(choice: Activate | PayAbility) -> tuple[str, ...]:
    """The keyword actions a payment as ``choice`` names it carries out: Counter Blast (vg 10.1.15.1), turning as
    many face-up damage cards face down as it says (10.1.15.1.1), and Soul Blast (vg 10.1.16.1), putting as many
    soul cards into the drop zone (10.1.16.1.1)."""
    return (("vg:10.1.15.1", "vg:10.1.15.1.1") if choice.counter_blast else ()) + (
        ("vg:10.1.16.1", "vg:10.1.16.1.1") if choice.soul_blast else ()
    )


def names_payment(choice: Activate | PayAbility) -> bool:
    """Whether a choice names any card that pays its cost."""
    return bool(choice.counter_blast or choice.soul_blast or choice.cards)


class Costs:
    """The costs of abilities: which cards pay them, whether a choice pays them, and paying them."""

    def __init__(self, game: Vanguard) -> None:
        self.game = game
        self.states = game.player_states
        self.cost_asked: dict[str, Any] = {}
        """The cost of the automatic ability whose payment is being asked (vg 8.6.4); empty between asks."""

    def pay_allows(self, player: str, ability: dict[str, Any], choice: Choice) -> bool:
        """Whether ``choice`` answers whether to pay an automatic ability's cost: not paying, or paying it in full
        with cards that are there (8.6.4)."""
        return self.payment_refusal(player, ability.get("cost") or {}, choice) is None

    def payment_refusal(self, player: str, cost: dict[str, Any], choice: Choice) -> Refusal | None:
        """Why ``choice`` does not answer whether to pay ``cost`` (8.6.4); None when it does.  A ``pay: true`` that
        names no card pays with the only cards that can pay it, when the rules leave no choice of them."""
        if not isinstance(choice, PayAbility):
            return Refusal(("vg:8.6.4",), f"{choice.describe()} does not say whether the cost is paid")
        if not choice.flag:
            return None
        if names_payment(choice):
            refusal = self.cost_refusal(player, {"cost": cost}, choice)
            return None if refusal is None else Refusal(("vg:8.6.4", *refusal.clauses), refusal.message)
        if self.only_payers(player, cost) is not None:
            return None
        short = self.shortfall(player, cost)
        if short is not None:
            return short
        return Refusal(("vg:8.5.2.3",), "the cost can be paid with different cards; the entry names none")

    def shortfall(self, player: str, cost: dict[str, Any]) -> Refusal | None:
        """The part of ``cost`` that ``player`` has too few cards to pay (8.6.4: then none of it is paid); None
        when every part can be paid."""
        me = self.states[player]
        for word, clause, place in COST_PLACES:
            needed = cost.get(word, 0)
            held = len({"counter_blast": me.face_up_damage(), "soul_blast": me.soul, "discard": me.hand}[word])
            if isinstance(needed, int) and held < needed:
                return Refusal(
                    ("vg:8.6.4", clause),
                    f"the cost has {word.replace('_', ' ')} {needed} and {player} has {held} {place}: "
                    "a cost that cannot be paid in full is not paid at all",
                )
        return None

    def only_payers(self, player: str, cost: dict[str, Any]) -> tuple[tuple[str, ...], ...] | None:
        """The cards that pay ``cost`` when there is no choice of them (as many cards there as the cost asks, or
        all alike), by cost word; None when there is a choice, or the cost cannot be paid."""
        paying = self.first_payers(player, cost)
        if paying is None:
            return None
        me = self.states[player]
        for word, paid in zip(COST_WORDS, paying):
            cards = {"counter_blast": me.face_up_damage(), "soul_blast": me.soul, "discard": me.hand}[word]
            if paid and len(cards) > len(paid) and len({card.identity for card in cards}) > 1:
                return None
        return paying

    def first_payers(self, player: str, cost: dict[str, Any]) -> tuple[tuple[str, ...], ...] | None:
        """The first known cards that pay ``cost`` (face-up damage, soul, hand), by cost word; None when it cannot
        be paid."""
        me = self.states[player]
        paid: list[tuple[str, ...]] = []
        for word in COST_WORDS:
            needed = cost.get(word, 0)
            if not isinstance(needed, int) or needed <= 0:
                paid.append(())
                continue
            cards = {"counter_blast": me.face_up_damage(), "soul_blast": me.soul, "discard": me.hand}[word]
            known = [card.identity for card in cards if card.identity is not None]
            if word == "discard":
                known.sort()
            if len(known) < needed:
                return None
            paid.append(tuple(known[:needed]))
        return tuple(paid)

    def pay(self, player: str, choice: Activate | PayAbility) -> None:
        """Pay a cost all at once (8.5.2.3, 8.6.4): the damage cards turned face down, the soul and hand cards put
        into the drop zone."""
        game = self.game
        game.moves.counter_blast(player, choice.counter_blast)
        for identity in choice.soul_blast:
            game.moves.put(player, "drop", game.moves.take(player, "soul", identity))
        for identity in choice.cards:
            game.moves.put(player, "drop", game.moves.take(player, "hand", identity))
        game.version += 1

    def cost_refusal(self, player: str, ability: dict[str, Any], choice: Activate | PayAbility) -> Refusal | None:
        """vg 8.5.2.3: the whole cost, as the record states it, paid with cards that are there."""
        me = self.states[player]
        cost = ability.get("cost") or {}
        paid = {"counter_blast": choice.counter_blast, "soul_blast": choice.soul_blast, "discard": choice.cards}
        for word in COST_WORDS:
            needed = cost.get(word, 0)
            if isinstance(needed, int) and len(paid[word]) != needed:
                return Refusal(
                    ("vg:8.5.2.3",), f"the cost has {word.replace('_', ' ')} {needed}; the entry pays {len(paid[word])}"
                )
        face_up = [c.identity for c in me.face_up_damage()]
        for identity in choice.counter_blast:
            if identity not in face_up:
                return Refusal(
                    ("vg:10.1.15", "vg:10.1.15.1", "vg:10.1.15.1.1", "vg:8.5.2.3"),
                    f"no face-up {identity} in {player}'s damage zone to turn",
                )
            face_up.remove(identity)
        soul = [c.identity for c in me.soul]
        for identity in choice.soul_blast:
            if identity not in soul:
                return Refusal(
                    ("vg:10.1.16", "vg:10.1.16.1", "vg:10.1.16.1.1", "vg:8.5.2.3"), f"no {identity} in {player}'s soul"
                )
            soul.remove(identity)
        return self.game.cards_in_hand(player, choice.cards, ("vg:10.1.2", "vg:8.5.2.3"))
