"""Paying costs (ws 8.4): stock from the top of the stock, resting the ability's card, and a card put from the hand
into the waiting room, paid in full with no refresh or level up in the middle (8.4.2.1, 9.2.3, 9.3.3).

``engine.games.ws.playing`` and ``engine.games.ws.keywords`` play the abilities and Encore and Bond, and ask this
part whether a cost can be paid in full (8.4.2.2) and to pay it.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING

from engine.core.cards import Card, first_unheld
from engine.core.game import Procedure
from engine.core.protocol import Checkpoint, Choice, Decision, RecordKind, Refusal, Reveal
from engine.games.ws.abilities import CardAbility
from engine.games.ws.choices import RestCharacters

if TYPE_CHECKING:
    from engine.games.ws.game import WeissSchwarz


class Costs:
    """What pays a cost and whether it can be paid in full (ws 8.4)."""

    def __init__(self, game: WeissSchwarz) -> None:
        self.game = game
        self.states = game.player_states

    def pay_stock(self, player: str, amount: int, clauses: tuple[str, ...]) -> None:
        """Put ``amount`` cards from the top of the stock into the waiting room (8.4.3).  Paid as a cost, no refresh
        or level up happens until it is paid (9.2.3, 9.3.3): ``rule_actions.interrupts`` waits it out."""
        me = self.states[player]
        paid = []
        for _ in range(amount):
            card = me.stock.pop()
            paid.append(card.identity or "?")
            self.game.moves.put(player, "waiting", card)
        if amount:
            if self.game.paying_cost:
                clauses += ("ws:9.2.3", "ws:9.3.3")
            self.game.record(
                RecordKind.FORCED, player, f"{player} pays {amount} stock ({', '.join(paid)})", clauses, paid=paid
            )

    def pay_clock(self, player: str, clauses: tuple[str, ...]) -> Procedure:
        """Put the top card of the deck into the clock as a cost (an Encore's); the entry being applied may name it
        (``revealed``).  A level up it makes due waits until the cost is paid (9.3.3)."""
        me = self.states[player]
        reveal = Reveal(player, "text", 1, clauses)
        answer = yield reveal
        top = me.deck.pop(0)
        self.game.moves.bind(top, answer, 0, reveal)
        reveal.used = 1
        self.game.moves.put(player, "clock", top)
        self.game.record(
            RecordKind.FORCED,
            player,
            f"{player} puts the top card of the deck ({top.identity or '?'}) into the clock as the cost",
            clauses + ("ws:3.8.1", "ws:9.3.3"),
        )
        yield Checkpoint(reveal)

    def refusal(self, player: str, card: Card, ability: CardAbility) -> Refusal | None:
        """Why the cost of ``ability`` cannot be paid in full now (8.4.2.2), or None."""
        if ability.stock > len(self.states[player].stock):
            return Refusal(
                ("ws:8.4.2.2",), f"the cost is {ability.stock} stock and {player} has {len(self.states[player].stock)}"
            )
        if ability.rest and card.orientation != "stand":
            return Refusal(("ws:8.4.2.2",), f"{card.identity} must rest as its cost but is {card.orientation}")
        me = self.states[player]
        if ability.clock and not me.deck:
            return Refusal(
                ("ws:8.4.2.2",), f"the cost puts the top card of the deck into the clock; {player}'s is empty"
            )
        if ability.rest_characters and len(self.rest_candidates(player, card, ability)) < ability.rest_characters:
            return Refusal(
                ("ws:8.4.2.2",),
                f"the cost rests {ability.rest_characters} of {player}'s {self.rest_kind(ability)}; "
                f"{player} has fewer standing",
            )
        if ability.self_cost is not None and me.position_of(card) is None:
            return Refusal(("ws:8.4.2.2",), f"the cost puts {card.identity} from the stage, and it is not there")
        if ability.discard and not self.discard_options(
            player, ability.discard_type, ability.discard_traits, ability.discard
        ):
            kind = ability.discard_type or "card"
            if ability.discard > 1:
                return Refusal(
                    ("ws:8.4.2.2",),
                    f"the cost puts {ability.discard} {kind}s from the hand into the waiting room; {player} has fewer",
                )
            return Refusal(
                ("ws:8.4.2.2",), f"the cost puts a {kind} from the hand into the waiting room; {player} has none"
            )
        return None

    def rest_candidates(self, player: str, card: Card, ability: CardAbility) -> list[int]:
        """The positions of ``player``'s standing characters the cost of ``ability`` may rest (8.4.2): of its
        ``rest_traits`` where it names some, not ``card`` itself where it says other."""
        candidates = []
        for position, character in self.states[player].characters():
            if character.orientation != "stand" or (ability.rest_other and character is card):
                continue
            if ability.rest_traits and not self.game.characteristics.traits(character).intersection(
                ability.rest_traits
            ):
                continue
            candidates.append(position)
        return candidates

    @staticmethod
    def rest_kind(ability: CardAbility) -> str:
        """The characters the cost of ``ability`` rests, as its text names them."""
        traits = " or ".join(f"《{trait}》" for trait in ability.rest_traits)
        return " ".join(part for part in ("other" if ability.rest_other else "", traits, "characters") if part)

    def pay_rest_characters(self, player: str, card: Card, ability: CardAbility) -> Procedure:
        """The part of a cost that rests characters ("【REST】 2 of your characters", 8.4.2): which ones is its
        master's choice, stated by the entry that pays (``rest: [positions]``) or the next ``resolve`` entry.

        Returns the decision, for the caller's checkpoint once the ability has resolved."""
        options: list[Choice] = [
            RestCharacters(positions)
            for positions in combinations(self.rest_candidates(player, card, ability), ability.rest_characters)
        ]
        decision = Decision(
            player,
            "rest_cost",
            options,
            ("ws:8.4.2", "ws:8.4.2.1", "ws:4.6.1.2"),
            frozenset({"resolve"}),
            prompt=f"choose the {ability.rest_characters} {self.rest_kind(ability)} the cost of ability "
            f"{ability.name} rests",
            default=options[0],
            source=card.identity,
            ability=ability.name,
        )
        choice = yield decision
        positions = choice.positions if isinstance(choice, RestCharacters) else ()
        me = self.states[player]
        for position in positions:
            self.game.moves.rest(
                me.character_on(position), "it rested to pay the cost of ability {} (ws:8.4.2)", ability.name
            )
        self.game.record(
            RecordKind.CHOICE,
            player,
            f"{player} rests the characters on {', '.join(map(str, positions))} as the cost",
            ("ws:8.4.2", "ws:8.4.2.1", "ws:4.6.1.2"),
        )
        return decision

    def pay_chosen_parts(self, player: str, card: Card, ability: CardAbility) -> Procedure:
        """The parts of the cost of ``ability`` its master chooses how to pay: the cards put from the hand, the
        characters rested.  Returns their decisions, for the caller's checkpoints once the ability has resolved."""
        decisions: list[Decision] = []
        if ability.discard:
            decisions.append(
                (
                    yield from self.pay_discard(
                        player, card, ability.name, ability.discard_type, ability.discard_traits, ability.discard
                    )
                )
            )
        if ability.rest_characters:
            decisions.append((yield from self.pay_rest_characters(player, card, ability)))
        return decisions

    def discard_options(
        self, player: str, discard_type: str | None, traits: tuple[str, ...] = (), count: int = 1
    ) -> list[Choice]:
        """The cards of ``player``'s hand a cost could put into the waiting room (8.4.2), known or possible: of
        ``discard_type`` (None: any card) and with one of ``traits`` (none: any); ``count`` of them at once, each
        option the card ids in order, as many of each as the hand can give."""
        fitting = []
        for identity in dict.fromkeys(self.game.moves.hand_identities(player)):
            definition = self.game.definitions.get(identity)
            if discard_type is not None and (definition is None or definition.type != discard_type):
                continue
            if traits and (definition is None or not set(traits).intersection(definition.traits)):
                continue
            fitting.append(identity)
        if count == 1:
            return [Choice("discard_cost", cards=(identity,)) for identity in fitting]
        hand = self.states[player].hand
        return [
            Choice("discard_cost", cards=cards)
            for cards in combinations_with_replacement(sorted(fitting), count)
            if first_unheld(hand, cards) is None
        ]

    def pay_discard(
        self,
        player: str,
        card: Card,
        ability: str,
        discard_type: str | None,
        traits: tuple[str, ...] = (),
        count: int = 1,
    ) -> Procedure:
        """The part of a cost that puts a card from the hand into the waiting room: which one is its master's
        choice, stated by the entry that pays (``cards``) or by the next ``resolve`` entry (8.4.2, 8.4.2.1).

        Returns the decision, for the caller's checkpoint once the ability has resolved: an entry that names the
        card is done only then."""
        options = self.discard_options(player, discard_type, traits, count)
        kind = " or ".join(f"《{trait}》" for trait in traits) + (" " if traits else "") + (discard_type or "card")
        if count > 1:
            kind = f"{count} {kind}s"
        decision = Decision(
            player,
            "discard_cost",
            options,
            ("ws:8.4.2", "ws:8.4.2.1"),
            frozenset({"resolve"}),
            prompt=f"choose the {kind} the cost of ability {ability} puts into the waiting room",
            default=options[0],
            source=card.identity,
            ability=ability,
        )
        self.game.paying_cost = True
        choice = yield decision
        for identity in choice.cards:
            taken = self.game.moves.take_from(player, "hand", identity)
            self.game.moves.put(player, "waiting", taken)
        self.game.paying_cost = False
        self.game.record(
            RecordKind.CHOICE,
            player,
            f"{player} puts {', '.join(choice.cards)} from the hand into the waiting room as the cost",
            ("ws:8.4.2", "ws:8.4.2.1", "ws:3.4"),
        )
        return decision

    def pay_ability(self, player: str, card: Card, ability: CardAbility) -> Procedure:
        """Pay a cost in full, with no refresh or level up in the middle (8.4.2.1): rest its card, stock, the top card
        of the deck into the clock (the entry that pays names it, ``revealed``), its card from the stage into a
        zone.  A card put from the hand is ``pay_discard``'s, a choice."""
        self.game.paying_cost = True
        if ability.rest:
            self.game.moves.rest(card, "it rested to pay the cost of its ability {} (ws:8.4.2)", ability.name)
        self.pay_stock(player, ability.stock, ("ws:8.4.1", "ws:8.4.2", "ws:8.4.2.1", "ws:8.4.3"))
        if ability.clock:
            yield from self.pay_clock(player, ("ws:8.4.2", "ws:8.4.2.1"))
        if ability.self_cost is not None and self.states[player].position_of(card) is not None:
            self.game.moves.leave_stage(player, card, ability.self_cost)
            self.game.record(
                RecordKind.FORCED,
                player,
                f"{player} puts {card.identity} from the stage into the {ability.self_cost.replace('waiting', 'waiting room')}"
                " as the cost",
                ("ws:8.4.2", "ws:8.4.2.1", "ws:3.1.4"),
            )
        self.game.paying_cost = False
