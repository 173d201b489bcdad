"""Keyword abilities (vg 10.2) that change the procedure beyond a battle's checks.

Boost (10.2.3), Intercept (10.2.2), Twin and Triple Drive (10.2.1), Restraint
(10.2.4) and Lord (10.2.7) are read where the battle uses them
(``engine.games.vg.battle``, ``characteristics``); the Sentinel limit (10.2.8)
where decks are checked (``cards``).  This module holds the keyword abilities
that trigger: Forerunner (10.2.6), and Limit Break and Generation Break
(10.2.5, 10.2.11), which gate card text by counts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.cards import Card
from engine.core.game import Procedure, StandbyAbility
from engine.core.protocol import PASS, Checkpoint, Choice, Decision, RecordKind
from engine.games.vg.choices import OnCircle
from engine.games.vg.state import REAR_GUARD_CIRCLES

if TYPE_CHECKING:
    from engine.games.vg.game import Vanguard


class Keywords:
    """The triggered and counted keyword abilities of vg 10.2."""

    def __init__(self, game: Vanguard) -> None:
        self.game = game
        self.states = game.player_states

    def forerunner_triggers(self, player: str, rider: Card) -> None:
        """vg 10.2.6: when a unit of the same clan rides a Forerunner, it may be called to a rear-guard circle."""
        game = self.game
        soul = self.states[player].soul
        if not soul:
            return
        ridden = soul[-1]
        ridden_definition = game.definition(ridden)
        rider_definition = game.definition(rider)
        if ridden_definition is None or rider_definition is None or ridden_definition.has("forerunner") is None:
            return
        if not set(ridden_definition.clans) & set(rider_definition.clans):
            return
        game.trigger(
            StandbyAbility(player, "forerunner", ridden, ridden.instance, self.resolve_forerunner, ("vg:10.2.6",)),
            f"{rider.identity} rode it",
        )

    def resolve_forerunner(self, ability: StandbyAbility) -> Procedure:
        """vg 10.2.6: call the Forerunner from the soul to a rear-guard circle, or not."""
        game = self.game
        player = ability.master
        card = ability.source
        me = self.states[player]
        if card not in me.soul or card.instance != ability.source_instance:
            game.record(
                RecordKind.ABILITY, player, f"{card.identity} has left the soul: forerunner does nothing", ("vg:8.6.8",)
            )
            return
        options: list[Choice] = [PASS, *(OnCircle("call", circle, card=card.identity) for circle in REAR_GUARD_CIRCLES)]
        decision = Decision(
            player,
            "forerunner",
            options,
            ("vg:10.2.6",),
            frozenset({"resolve"}),
            prompt=f"call {card.identity} from the soul to a rear-guard circle (forerunner), or not",
            default=PASS,
            source=card.identity,
            ability="forerunner",
        )
        choice = yield decision
        if isinstance(choice, OnCircle) and choice.circle is not None:
            me.soul.remove(card)
            game.moves.place(player, choice.circle, card)
            game.record(
                RecordKind.ABILITY,
                player,
                f"forerunner: {card.identity} is called to {choice.circle}",
                ("vg:10.2.6", "vg:10.1.6"),
            )
        yield Checkpoint(decision)

    def limit_break(self, player: str, count: int) -> bool:
        """vg 10.2.5: Limit Break n is active while its master has n or more damage."""
        return len(self.states[player].damage) >= count

    def generation_break(self, player: str, count: int) -> bool:
        """vg 10.2.11: Generation Break n is active while its master has n or more face-up G units on the vanguard
        circle and in the G zone."""
        me = self.states[player]
        on_vanguard = sum(
            1 for card in me.circles["V"] if (d := self.game.definition(card)) is not None and d.is_g_unit
        )
        return len(me.g_up) + on_vanguard >= count
