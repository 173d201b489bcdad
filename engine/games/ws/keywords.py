"""Keyword abilities that change the procedure (ws 10).

Implements ws 10.2 (Encore, and the Encore [3] every character has, 10.2.3),
10.3 (Assist), 10.4 (Bond), 10.6 (Great Performance) and 10.11 (Shift).
Backup (10.5) is played in the counter step (``engine.games.ws.attack``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from engine.core.cards import Card
from engine.core.effects import ContinuousEffect
from engine.core.game import Procedure, StandbyAbility
from engine.core.protocol import PASS, Checkpoint, Choice, Decision, RecordKind, Refusal
from engine.games.ws.cards import WsCardDefinition, stock_cost
from engine.games.ws.characteristics import applies_to
from engine.games.ws.choices import PayCost
from engine.games.ws.state import BEHIND, CENTER, FACING

if TYPE_CHECKING:
    from engine.games.ws.game import WeissSchwarz

DEFAULT_ENCORE_COST: Final = 3
"""ws 10.2.3: every character has Encore [3]."""
HAND_COST: Final = "hand"
"""An Encore cost that puts a card from the hand into the waiting room, where the keyword's cost says so."""
CLOCK_COST: Final = "clock"
"""An Encore cost that puts the top card of the deck into the clock (``cost: {clock: 1}``)."""


def hand_cost(keyword: dict[str, Any] | None) -> tuple[str | None, tuple[str, ...]] | None:
    """The card a keyword's cost puts from the hand into the waiting room, ``(type, traits)`` (None: any type; no
    traits: any), or None where it puts none (``cost: {discard: 1, discard_type: character}``)."""
    cost = keyword.get("cost") if keyword is not None else None
    if not isinstance(cost, dict) or not cost.get("discard"):
        return None
    discard_type = cost.get("discard_type")
    return (str(discard_type) if discard_type is not None else None), tuple(cost.get("discard_traits") or ())


def _encore_name(cost: int | str) -> str:
    if isinstance(cost, int):
        return f"Encore [{cost}]"
    return "Encore [the top card of the deck into the clock]" if cost == CLOCK_COST else "Encore [a card from the hand]"


class Keywords:
    """The keyword abilities of ws 10."""

    def __init__(self, game: WeissSchwarz) -> None:
        self.game = game
        self.states = game.player_states
        self.encore_intent: dict[int, tuple[bool, int | str | None]] = {}
        """Card instance -> whether its Encore is paid, and with which stock cost (None: not said), when the
        choice that sent it away said so."""
        self.given_encores: dict[int, list[dict[str, Any]]] = {}
        """Card instance (in the waiting room) -> the Encore abilities continuous abilities gave it as it left the
        stage, as keyword records."""

    def encores_given(self, card: Card) -> list[dict[str, Any]]:
        """The Encore abilities continuous abilities give ``card`` on the stage now (8.1.1.3), as keyword records:
        those of its master's cards that give it one ("this card gets ... and "【AUTO】 Encore [...]""), and of the
        opponent's that give one to all of its opponent's characters."""
        owner = card.owner
        found = []
        for whose in (owner, self.game.opponent(owner)):
            state = self.states[whose]
            for source in [*(c for _, c in state.characters()), *state.climax]:
                for ability in self.game.abilities_of(source):
                    if ability.kind != "cont":
                        continue
                    for effect in ability.effects:
                        if "encore" not in effect:
                            continue
                        target = str(effect.get("target", "self"))
                        if whose != owner:
                            gives = target == "opponents" or (target == "facing" and self.faces(card, source))
                        else:
                            gives = applies_to(target, source, card) and (
                                "with_name" not in effect
                                or self.game.characteristics.named(card, str(effect["with_name"]))
                            )
                        if gives and self.game.characteristics.holds(ability.condition, source):
                            found.append({"keyword": "encore", "cost": dict(effect["encore"])})
        return found

    def faces(self, card: Card, source: Card) -> bool:
        """Whether ``card`` is the character facing ``source``, of the other player's center stage (3.6.5)."""
        position = self.states[source.owner].position_of(source)
        return position in FACING and self.states[card.owner].character_at(FACING[position]) is card

    def trigger_encore(self, player: str, card: Card, position: int, given: list[dict[str, Any]]) -> None:
        """ws 10.2: a character put from the stage into the waiting room triggers its Encore.

        Its position and its Encore costs are those it had on the stage, taken now: the card's last-known
        information there (ws:8.11.1), which the resolution uses; ``given``, the Encore abilities continuous
        abilities gave it there (``encores_given``).
        """
        if given:
            self.given_encores[card.instance] = given
        costs = self.encore_costs(card)

        def resolve(ability: StandbyAbility) -> Procedure:
            yield from self.resolve_encore(ability, position, costs)

        self.game.trigger(
            StandbyAbility(player, "encore", card, card.instance, resolve, ("ws:10.2.1", "ws:10.2.2", "ws:10.2.3")),
            f"{card.identity or '?'} went from the stage to the waiting room",
        )

    def encore_costs(self, card: Card) -> list[int | str]:
        """The costs of the card's Encore abilities: Encore [3] (10.2.3), its own keyword's and those given to it,
        numbers of stock first, then ``HAND_COST``, a card put from the hand into the waiting room (``Encore [Put 1
        character from your hand into your waiting room]``), and ``CLOCK_COST``."""
        stock = {DEFAULT_ENCORE_COST}
        others: list[int | str] = []
        for keyword in self.encore_keywords(card):
            if hand_cost(keyword) is not None:
                others.append(HAND_COST)
            elif isinstance(keyword.get("cost"), dict) and keyword["cost"].get("clock"):
                others.append(CLOCK_COST)
            else:
                stock.add(stock_cost(keyword, DEFAULT_ENCORE_COST))
        return [*sorted(stock), *(cost for cost in (HAND_COST, CLOCK_COST) if cost in others)]

    def encore_keywords(self, card: Card) -> list[dict[str, Any]]:
        """The card's own Encore keyword, then the Encore abilities given to it: as it left the stage, or, while
        it is still there (an encore entry asks before it goes), now."""
        definition = self.game.definition(card)
        own = definition.keyword("encore") if definition else None
        given = self.given_encores.get(card.instance)
        if given is None and self.game.gives_encores and self.states[card.owner].position_of(card) is not None:
            given = self.encores_given(card)
        return [*([own] if own is not None else []), *(given or ())]

    def hand_encore(self, card: Card) -> tuple[str | None, tuple[str, ...]]:
        """The card type and traits the card's Encore that puts a card from the hand into the waiting room takes."""
        for keyword in self.encore_keywords(card):
            wanted = hand_cost(keyword)
            if wanted is not None:
                return wanted
        return None, ()

    def affordable(self, player: str, card: Card, cost: int | str) -> bool:
        """Whether ``player`` can pay the Encore ``cost`` of ``card`` in full now (8.4.2.2)."""
        if isinstance(cost, int):
            return cost <= len(self.states[player].stock)
        if cost == CLOCK_COST:
            return bool(self.states[player].deck)  # no refresh while a cost is paid (9.2.3)
        discard_type, traits = self.hand_encore(card)
        return bool(self.game.costs.discard_options(player, discard_type, traits))

    def payment_refusal(self, player: str, card: Card, cost: int | str | None) -> Refusal | None:
        """Why ``player`` cannot pay ``card``'s Encore with ``cost`` (stock, or ``HAND_COST``), or cannot pay it as
        said: ``cost`` None is a plain "pay", which says nothing when two Encore costs can be paid (an Encore [2]
        beside the Encore [3] of 10.2.3)."""
        costs = self.encore_costs(card)
        if cost is not None and cost not in costs:
            listed = " and ".join(_encore_name(c) for c in costs)
            return Refusal(("ws:10.2.2", "ws:10.2.3"), f"{card.identity} has no {_encore_name(cost)}: it has {listed}")
        affordable = [c for c in costs if self.affordable(player, card, c)]
        if (cost is None and not affordable) or (cost is not None and cost not in affordable):
            needed = cost if cost is not None else costs[0]
            if isinstance(needed, int):
                stock = len(self.states[player].stock)
                why = f"Encore costs {needed} stock and {player} has {stock}: it cannot be paid"
            elif needed == CLOCK_COST:
                why = f"{_encore_name(needed)} puts the top card of the deck into the clock: {player}'s deck is empty"
            else:
                why = f"{_encore_name(needed)} puts a card from the hand into the waiting room: {player} has none it takes"
            return Refusal(("ws:10.2.2", "ws:8.4.2.2"), why)
        if cost is None and len(affordable) > 1:
            either = " or ".join(_encore_name(c) for c in affordable)
            return Refusal(
                ("ws:10.2.2", "ws:10.2.3"),
                f"{card.identity}'s Encore can be paid as {either}: the entry must name the one paid "
                f"(pay: {{stock: {affordable[0]}}}"
                + (", or the card put from the hand: cards: [id])" if HAND_COST in affordable else ")"),
            )
        return None

    def resolve_encore(self, ability: StandbyAbility, position: int, costs: list[int | str]) -> Procedure:
        player, card, identity = ability.master, ability.source, ability.source_identity
        me = self.states[player]
        affordable = [cost for cost in costs if self.affordable(player, card, cost)]
        intent = self.encore_intent.pop(ability.source_instance, None)
        options: list[Choice] = [PayCost(identity, False)]
        options.extend(PayCost(identity, True, cost) for cost in affordable)
        decision = Decision(
            player,
            "pay",
            options,
            ("ws:10.2.2", "ws:8.7.3.1.1"),
            frozenset({"pay"}),
            prompt=f"pay Encore for {identity}?",
            default=options[0],
            source=identity,
            ability="encore",
        )
        if intent is None:
            choice = yield decision
        else:  # the encore entry said it (an unaffordable or ambiguous `pay: true` was refused there)
            pay, cost = intent
            paying = [option for option in options[1:] if cost is None or option.details() == (cost,)]
            choice = paying[0] if pay and paying else options[0]
        if not choice.flag:
            if not self.game.unrecorded():
                self.game.record(  # with no cost it can pay, it cannot be played at all (8.7.3.2)
                    RecordKind.CHOICE,
                    player,
                    f"{player} does not pay Encore for {identity}",
                    ("ws:8.7.3.2.1",) if affordable else ("ws:8.7.3.2", "ws:8.4.2.2"),
                )
            yield Checkpoint(decision)
            return
        if card not in me.waiting or card.instance != ability.source_instance:
            self.game.record(RecordKind.ABILITY, player, f"{identity} is no longer in the waiting room", ("ws:8.7.7",))
            yield Checkpoint(decision)
            return
        paid = choice.cost if isinstance(choice, PayCost) and choice.cost is not None else affordable[0]
        discarded: Decision | None = None
        if isinstance(paid, int):
            self.game.paying_cost = True
            self.game.costs.pay_stock(player, paid, ("ws:10.2.2", "ws:8.4.2"))
            self.game.paying_cost = False
        elif paid == CLOCK_COST:
            self.game.paying_cost = True
            yield from self.game.costs.pay_clock(player, ("ws:10.2.2", "ws:8.4.2"))
            self.game.paying_cost = False
        else:
            discard_type, traits = self.hand_encore(card)
            discarded = yield from self.game.costs.pay_discard(player, card, "encore", discard_type, traits)
        self.game.moves.take_card(player, "waiting", card)
        self.game.moves.put_on_stage(player, card, position)
        self.game.moves.rest(card, "its Encore returned it to the stage rested (ws:10.2.2)")
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"Encore: {card.identity} returns to position {position} rested",
            ("ws:10.2.2", "ws:10.2.3", "ws:8.11.1", "ws:3.1.4"),
            pos=position,
        )
        if discarded is not None:
            yield Checkpoint(discarded)
        yield Checkpoint(decision)
        yield from self.game.rule_actions.interrupts()

    def trigger_bond(self, player: str, card: Card) -> None:
        """ws 10.4.2: a character with Bond played and placed on the stage triggers it."""
        definition = self.game.definition(card)
        bond = definition.keyword("bond") if definition else None
        if bond is None:
            return

        def resolve(ability: StandbyAbility) -> Procedure:
            me = self.states[player]
            cost = stock_cost(bond, 0)
            wanted = str(bond.get("name", ""))
            present = [c.identity for c in me.waiting if c.identity is not None]
            targets = dict.fromkeys(
                identity
                for identity in present + self.game.moves.unseen_identities(me.waiting)
                if (d := self.game.definitions.get(identity)) is not None and wanted in (d.name, d.id)
            )
            from_hand = hand_cost(bond)
            to_clock = isinstance(bond.get("cost"), dict) and bool(bond["cost"].get("clock"))
            if from_hand is not None:
                payable = bool(self.game.costs.discard_options(player, *from_hand))
            else:
                payable = bool(me.deck) if to_clock else len(me.stock) >= cost
            options = [Choice("bond", card=target) for target in targets] if payable else []
            paying = (
                "a card from the hand"
                if from_hand is not None
                else ("the top card of the deck into the clock" if to_clock else f"{cost} stock")
            )
            decision = self.game.playing.optional_ability(
                player,
                card,
                "bond",
                options,
                ("ws:10.4.2", "ws:8.7.3.1.1"),
                f"pay Bond of {card.identity} ({paying}) and return a card named {wanted!r} to hand?",
            )
            choice = yield decision
            discarded: Decision | None = None
            if choice.verb == "bond":
                if from_hand is not None:
                    discarded = yield from self.game.costs.pay_discard(player, card, "bond", *from_hand)
                elif to_clock:
                    self.game.paying_cost = True
                    yield from self.game.costs.pay_clock(player, ("ws:10.4.2", "ws:8.4.2"))
                    self.game.paying_cost = False
                else:
                    self.game.paying_cost = True
                    self.game.costs.pay_stock(player, cost, ("ws:10.4.2", "ws:8.4.2"))
                    self.game.paying_cost = False
                taken = self.game.moves.take_unseen_as(player, "waiting", choice.card, "Bond returns it")
                self.game.moves.put(player, "hand", taken)
                self.game.record(RecordKind.ABILITY, player, f"Bond: {choice.card} returns to hand", ("ws:10.4.2",))
            else:
                self.game.record(
                    RecordKind.CHOICE, player, f"{player} does not use Bond of {card.identity}", ("ws:8.7.3.2.1",)
                )
            if discarded is not None:
                yield Checkpoint(discarded)
            yield Checkpoint(decision)
            yield from self.game.rule_actions.interrupts()

        self.game.trigger(
            StandbyAbility(player, "bond", card, card.instance, resolve, ("ws:10.4.1", "ws:10.4.2")),
            f"{card.identity} was played and placed on the stage",
        )

    def trigger_shift(self, player: str) -> None:
        """ws 10.11.2: at the beginning of the main phase, Shift of clock cards whose level condition holds."""
        me = self.states[player]
        for card in list(me.clock):
            definition = self.game.definition(card)
            shift = definition.keyword("shift") if definition else None
            if definition is None or shift is None or me.level_count < int(shift.get("level", 0)):
                continue

            def resolve(
                ability: StandbyAbility, card: Card = card, definition: WsCardDefinition = definition
            ) -> Procedure:
                if card not in me.clock:  # 10.11.3.1: the card itself can no longer be chosen
                    self.game.record(
                        RecordKind.ABILITY, player, f"{card.identity} is no longer in the clock", ("ws:10.11.3.1",)
                    )
                    return
                same_color = dict.fromkeys(
                    c.identity
                    for c in me.hand
                    if (d := self.game.definition(c)) and set(d.colors) & set(definition.colors)
                )
                options = [Choice("shift", card=identity) for identity in same_color]
                decision = self.game.playing.optional_ability(
                    player,
                    card,
                    "shift",
                    options,
                    ("ws:10.11.2", "ws:10.11.3.2"),
                    f"exchange {card.identity} in the clock with a hand card of the same color?",
                )
                choice = yield decision
                if choice.verb == "shift":
                    self.shift(player, card, str(choice.card))
                yield Checkpoint(decision)

            self.game.trigger(
                StandbyAbility(player, "shift", card, card.instance, resolve, ("ws:10.11.1", "ws:6.5.1.1")),
                "the main phase began with it in the clock",
            )

    def shift(self, player: str, card: Card, identity: str) -> None:
        """ws 10.11.3: ``card`` in the clock and a hand card of ``identity`` exchange places."""
        me = self.states[player]
        from_hand = self.game.moves.take_from(player, "hand", identity)
        me.clock[me.clock.index(card)] = from_hand
        from_hand.renew()
        self.game.version += 1
        self.game.moves.put(player, "hand", card)
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"Shift: {card.identity} and {identity} are exchanged",
            ("ws:10.11.2", "ws:10.11.3"),
        )

    def unseen_shift(self, player: str) -> Procedure:
        """ws 10.11.2 for a clock card the log never revealed: if it could be a card with Shift whose level
        condition holds (one such card, to name the ability by), the player may say it used that Shift.  The
        game offers it quietly: passed by, it leaves no trace; used, the card is taken as that one (an
        inference the replay reports) and the exchange is made."""
        me = self.states[player]
        unseen = [card for card in me.clock if card.identity is None]
        if not unseen:
            return
        candidates = [
            identity
            for identity in self.game.moves.unseen_identities(unseen)
            if (definition := self.game.definitions.get(identity)) is not None
            and (shift := definition.keyword("shift")) is not None
            and me.level_count >= int(shift.get("level", 0))
        ]
        if len(candidates) != 1:
            return
        [identity] = candidates
        colors = set(self.game.definitions[identity].colors)
        same_color = dict.fromkeys(
            c.identity for c in me.hand if (d := self.game.definition(c)) and set(d.colors) & colors
        )
        if not same_color:
            return
        decision = Decision(
            player,
            "shift",
            [*(Choice("shift", card=other) for other in same_color), PASS],
            ("ws:10.11.2", "ws:10.11.3.2"),
            frozenset({"resolve"}),
            prompt=f"exchange an unseen clock card, as {identity}, with a hand card of the same color?",
            default=PASS,
            source=identity,
            ability="shift",
            quiet=True,
        )
        choice = yield decision
        if choice.verb == "shift":
            card = next(card for card in unseen if self.game.moves.can_be(card, identity))
            card.reveal(identity)
            self.game.inferences.append(f"an unseen card of {player}'s clock is taken as {identity}: its Shift is used")
            self.shift(player, card, str(choice.card))
        yield Checkpoint(decision)

    def assist_effects(self, card: Card) -> list[ContinuousEffect]:
        """ws 10.3: Assist of back-stage characters behind ``card``'s position: ``power``, times ``card``'s level
        with ``per_level`` ("X is equal to that character's level ×500"), for a character of level ``min_level`` or
        higher, or ``max_level`` or lower, or with one of ``traits``, in its master's turn or the opponent's
        (``turn``), where it says."""
        me = self.states[card.owner]
        position = me.position_of(card)
        if position not in CENTER:
            return []
        effects = []
        for back in BEHIND[position]:
            helper = me.character_at(back)
            definition = self.game.definition(helper) if helper is not None else None
            assist = definition.keyword("assist") if definition is not None else None
            if helper is not None and definition is not None and assist is not None:
                level = self.game.characteristics.level_of(card)
                if level < int(assist.get("min_level", 0)) or level > int(assist.get("max_level", level)):
                    continue
                turn = assist.get("turn")
                if turn is not None and (self.game.turn_player == card.owner) != (turn == "own"):
                    continue
                power = int(assist.get("power", 0))
                traits = tuple(str(trait) for trait in assist.get("traits") or ())
                effects.append(
                    ContinuousEffect(
                        card.instance,
                        "power",
                        delta=power * level if assist.get("per_level") else power,
                        timestamp=me.placed_at.get(helper.instance, 0),
                        source=f"assist of {definition.id}",
                        clauses=("ws:10.3.1", "ws:10.3.2", "ws:3.6.4") + (("ws:8.9.1.4",) if traits else ()),
                        requires=traits or None,
                    )
                )
        return effects

    def great_performer(self, player: str) -> Card | None:
        """ws 10.6.2: ``player``'s Great Performance character in the middle of the center stage, not reversed."""
        card = self.states[player].character_at(2)
        definition = self.game.definition(card) if card else None
        if card is not None and definition is not None and definition.keyword("great_performance"):
            return card if card.orientation != "reverse" else None
        return None
