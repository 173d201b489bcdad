"""A unit's power, critical and drive as the rules compute them (vg 2.5, 2.7, 2.16, 7.3.1.7, 7.4.1.3, 8.7, 10.1.26).

Printed values, changed by the continuous effects in force (vg 8.7: a trigger's
+5000 and +1 critical until end of turn, 2.8.1.1), plus what a battle adds: the
booster's power (7.3.1.7) and the shield of the guardians guarding a unit
(7.4.1.3).  A G unit on the vanguard circle adds the power of its chosen heart
(10.1.26.5.1).  Drive is 1, plus the largest drive ability (10.2.1.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.cards import Card
from engine.core.effects import ContinuousEffect, Duration

if TYPE_CHECKING:
    from engine.games.vg.game import Vanguard


class Characteristics:
    """Reading and changing units' power and critical (vg 2.5, 2.7, 8.7)."""

    def __init__(self, game: Vanguard) -> None:
        self.game = game

    def base_power(self, player: str, card: Card) -> int:
        """The printed power; 0 for a deleted unit (vg 10.1.25.3)."""
        me = self.game.player_states[player]
        if card.instance in me.deleted:
            return 0
        definition = self.game.definition(card)
        power = definition.power if definition is not None else 0
        if me.hearts and card in me.circles["V"] and definition is not None and definition.is_g_unit:
            heart = self.game.definition(me.hearts[0])
            power += heart.power if heart is not None else 0
        return power

    def power(self, player: str, card: Card) -> int:
        """The unit's power now, outside what a battle adds (vg 2.5, 8.7): printed, its own continuous abilities
        (8.1.1.3), and the effects in force."""
        circle = self.game.player_states[player].circle_of(card)
        base = self.base_power(player, card) + self.game.playing.continuous_power(player, card, circle)
        return self.game.effects.value(card.instance, "power", base)

    def critical(self, card: Card) -> int:
        definition = self.game.definition(card)
        return self.game.effects.value(card.instance, "critical", definition.critical if definition is not None else 1)

    def drive(self, card: Card) -> int:
        """vg 2.16, 10.2.1.2: 1, plus the largest of Twin Drive!! (+1, 10.2.1.3) and Triple Drive!!! (+2, 10.2.1.4)."""
        definition = self.game.definition(card)
        skills = definition.skills if definition is not None else frozenset()
        return 1 + (2 if "triple_drive" in skills else 1 if "twin_drive" in skills else 0)

    def drive_clauses(self, card: Card) -> tuple[str, ...]:
        """The clauses of the drive abilities that make ``card``'s drive (``drive``): a drive ability is a skill
        icon (vg 10.2.1.1), Twin Drive!! +1 (10.2.1.3.1), Triple Drive!!! +2 (10.2.1.4.1), only the largest of
        several in effect (10.2.1.2); none for a unit with neither."""
        definition = self.game.definition(card)
        skills = definition.skills if definition is not None else frozenset()
        twin, triple = "twin_drive" in skills, "triple_drive" in skills
        if not (twin or triple):
            return ()
        return (
            "vg:10.2.1.1",
            *(("vg:10.2.1.3.1",) if twin else ()),
            *(("vg:10.2.1.4.1",) if triple else ()),
            *(("vg:10.2.1.2",) if twin and triple else ()),
        )

    def shield(self, card: Card) -> int:
        """vg 2.6, 3.11.1.1: a guardian's shield (none printed counts as 0)."""
        definition = self.game.definition(card)
        return self.game.effects.value(card.instance, "shield", definition.shield if definition is not None else 0)

    def add(self, card: Card, attribute: str, delta: int, source: str, clauses: tuple[str, ...]) -> None:
        """A change of ``attribute`` by ``delta`` until end of turn (the trigger effects of vg 2.8.1.1)."""
        self.game.version += 1
        self.game.effects.add(
            ContinuousEffect(
                card.instance,
                attribute,
                delta=delta,
                timestamp=self.game.effects.next_timestamp(),
                source=source,
                clauses=clauses,
                duration=Duration.END_OF_TURN,
            )
        )
