"""Auto effects (wl 8.1.3.1, 8.1.3.2, 8.3.1.8, 8.4.1.1, 8.6.1): their activation when their timing comes, and the
order in which those of one player that activate at once resolve.

An auto effect activates once each time its activation event happens (8.1.3.1), when its conditions are met
(8.3.2, 8.4.1.1): [On Play] (10.2.6), [When Attacking] (10.2.5), [On Your Opponent's Attack] (10.2.16), [On Block]
(10.2.15), [On K.O.] (10.2.17), [End of Your Turn] and [End of Your Opponent's Turn] (10.2.7, 10.2.8; the end phase
asks for them once, 6.6.1.1.1).  The turn player's resolve first (8.6.1); those of one player that activate at once
resolve in the order the player determines (8.1.3.2, 8.6.1.1), by default in the order of the cards' text.  A cost
"may" be paid (8.3.1.4), in full (8.3.1.3: ``engine.games.wl.costs``); the effect itself is the structured one
(``Playing.structured_effect``), and text the engine does not play is reported (``engine.games.wl.card_text``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.card_records import ability_words
from engine.core.cards import Card
from engine.core.game import Procedure
from engine.core.protocol import Checkpoint, Choice, Decision, RecordKind, ResolveFirst
from engine.games.wl.playing import AUTO_TIMINGS, modelled

if TYPE_CHECKING:
    from engine.games.wl.game import Energio


class AutoEffects:
    """The auto effects of a player's cards: which activate when their timing comes, and resolving them in order."""

    def __init__(self, game: Energio) -> None:
        self.game = game
        self.states = game.player_states

    def auto_effects(self, player: str, card: Card, timing: str) -> list[tuple[int, dict[str, Any]]]:
        """The timing of ``card``'s auto effects of ``timing`` came: those whose conditions are met activate
        (8.4.1.1), with their places among the card's abilities, to be resolved (``resolve_autos``) in the order of
        its text; one the engine does not play is reported.  An [On K.O.] effect checks its conditions before the
        card leaves (10.2.17.1)."""
        game = self.game
        definition = game.definition(card)
        if definition is None or not definition.abilities:
            return []
        activated: list[tuple[int, dict[str, Any]]] = []
        for index, ability in enumerate(definition.abilities):
            if ability.get("timing") != timing:
                continue
            if not modelled(ability):
                game.card_text.unplayed(
                    player,
                    card,
                    ability_words(ability),
                    f"{card.identity}'s {timing} effect is card text the engine does not model",
                )
                continue
            if ability.get("once_per_turn") and (card.instance, index) in game.playing.used_this_turn:
                continue
            if game.playing.condition_refusal(player, card, ability) is None:
                activated.append((index, ability))
        return activated

    def autos(self, player: str, card: Card, timing: str, cause: int) -> Procedure:
        """``card``'s auto effects of ``timing``: activated and resolved; ``cause`` is the record of the step that
        made them activate (the play, the attack)."""
        yield from self.resolve_autos(player, card, timing, self.auto_effects(player, card, timing), cause)

    def resolve_autos(
        self, player: str, card: Card, timing: str, abilities: list[tuple[int, dict[str, Any]]], cause: int
    ) -> Procedure:
        """Resolve ``card``'s activated auto effects of ``timing`` (``resolve_activated``)."""
        activated = [(card, index, ability) for index, ability in abilities]
        yield from self.resolve_activated(player, timing, activated, cause)

    def field_autos(self, player: str, timing: str, cause: int) -> Procedure:
        """``player``'s Leader's, Characters' and Stage's auto effects of ``timing`` (the end of a turn, an
        opponent's attack); ``cause`` is the record of that step."""
        me = self.states[player]
        activated = [
            (card, index, ability)
            for card in (me.leader, *me.characters, *me.stage)
            for index, ability in self.auto_effects(player, card, timing)
        ]
        yield from self.resolve_activated(player, timing, activated, cause)

    def resolve_activated(
        self, player: str, timing: str, activated: list[tuple[Card, int, dict[str, Any]]], cause: int
    ) -> Procedure:
        """Resolve auto effects of ``player`` that activated at once, in the order the player determines (8.1.3.2):
        while more than one waits, a ``resolve`` entry naming one (``source``, ``ability``) plays it next; unwritten,
        they go in the order of their cards' text.  Each one's cost "may" be paid (8.3.1.4), in full (8.3.1.3),
        the player choosing by a ``resolve`` entry with ``pay`` (and ``trash``); an effect whose cost is not paid
        is not activated.  Each one's record names ``cause``, the record of the step that made it activate; what
        it does is the resolution of that ability (``in_ability``)."""
        game = self.game
        waiting = list(activated)
        while waiting:
            if len(waiting) > 1:
                order = self.order_decision(player, waiting)
                first = yield order
                chosen = next(
                    (i for i, (c, index, _) in enumerate(waiting) if ResolveFirst(c.identity, str(index)) == first), 0
                )
                card, index, ability = waiting.pop(chosen)
                if first != order.default:
                    game.record(
                        RecordKind.CHOICE,
                        player,
                        f"{player} resolves ability {index} of {card.identity} next",
                        ("wl:8.1.3.2", "wl:8.6.1.1"),
                        cause=cause,
                    )
            else:
                card, index, ability = waiting.pop()
            cost = ability.get("cost") or {}
            decision = None
            if cost:
                decision = game.costs.cost_decision(player, card, index, ability)
                choice = yield decision
                if not choice.flag:
                    game.record(
                        RecordKind.CHOICE,
                        player,
                        f"{player} does not pay for {card.identity}'s {timing} effect",
                        ("wl:8.3.1", "wl:8.3.1.4"),
                        cause=cause,
                    )
                    yield Checkpoint(decision)
                    continue
                game.costs.pay_cost(player, cost, choice.cards)
            if ability.get("once_per_turn"):
                game.playing.used_this_turn.add((card.instance, index))
            played = game.ability_id()
            game.record(
                RecordKind.ABILITY,
                player,
                f"{card.identity}'s {timing} effect activates",
                (
                    *AUTO_TIMINGS[timing],
                    "wl:8.1.3",
                    "wl:8.1.3.1",
                    "wl:8.1.3.2.1",
                    "wl:8.3.1.8",
                    "wl:8.4.1.1",
                    "wl:8.4.3",
                    "wl:8.6.1",
                ),
                standby=played,
                ability=str(index),
                played=True,
                cause=cause,
            )
            with game.resolving(played):
                game.playing.structured_effect(player, card, ability, None)
            if decision is not None:
                yield Checkpoint(decision)

    def order_decision(self, player: str, waiting: list[tuple[Card, int, dict[str, Any]]]) -> Decision:
        """Which of the auto effects waiting to resolve at once ``player`` resolves next (8.1.3.2, 8.6.1.1); by
        default, the first in the order of the cards' text."""
        options: list[Choice] = [ResolveFirst(card.identity, str(index)) for card, index, _ in waiting]
        return Decision(
            player,
            "order",
            options,
            ("wl:8.1.3.2", "wl:8.6.1.1"),
            frozenset({"resolve"}),
            prompt=f"choose which of {len(waiting)} auto effects activated at once resolves next",
            default=options[0],
        )
