"""Trigger icons (vg 2.8), resolved by a drive check (7.5.1.2.2) or a damage check (7.6.1.6.2).

A trigger resolves only when the checked card shares a clan with a unit on its
master's vanguard or rear-guard circles (7.5.1.2.2, 7.6.1.6.2, 2.2.1.1).  Each
icon (2.8.1.1.2-2.8.1.1.5) gives +5000 power to a unit of the player's
choice; a critical trigger also +1 critical, a draw trigger draws a card, a
stand trigger stands a rear-guard, and a heal trigger heals a damage card
while its master's damage is at least the opponent's.  The choices are the
checked entry's fields (``power``, ``critical``, ``stand``, ``heal``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.core.cards import Card
from engine.core.game import Procedure
from engine.core.protocol import Choice, Decision, RecordKind, Refusal, Reveal
from engine.games.vg.choices import OnCircle

if TYPE_CHECKING:
    from engine.games.vg.game import Vanguard

TRIGGER_POWER: Final = 5000
"""vg 2.8.1.1.2-2.8.1.1.5."""
ICON_CLAUSES: Final = {
    "critical": "vg:2.8.1.1.2",
    "draw": "vg:2.8.1.1.3",
    "stand": "vg:2.8.1.1.4",
    "heal": "vg:2.8.1.1.5",
}


class Triggers:
    """The trigger icons of a checked card (vg 2.8)."""

    def __init__(self, game: Vanguard) -> None:
        self.game = game
        self.states = game.player_states

    def clan_matches(self, player: str, card: Card) -> bool:
        """Whether ``card`` shares a clan with a unit on ``player``'s vanguard or rear-guard circles."""
        definition = self.game.definition(card)
        if definition is None or not definition.clans:
            return False
        clans = set(definition.clans)
        for _, unit in self.states[player].units():
            unit_definition = self.game.definition(unit)
            if unit_definition is not None and clans & set(unit_definition.clans):
                return True
        return False

    def resolve(self, player: str, card: Card, clauses: tuple[str, ...], reveal: Reveal | None = None) -> Procedure:
        """Resolve the icon of ``card`` for ``player``, if its clan matches; where it does nothing, why is told to
        the check's ``reveal`` (``Reveal.no_effect``), for a log that claims it did."""
        definition = self.game.definition(card)
        icon = definition.trigger if definition is not None else None
        if icon is None:
            if reveal is not None and card.identity is not None:
                reveal.no_effect = Refusal(clauses + ("vg:2.8.1",), f"{card.identity} has no trigger icon")
            return
        icon_clause = ICON_CLAUSES[icon]
        if not self.clan_matches(player, card):
            message = f"{card.identity} shares no clan with {player}'s units: its {icon} trigger does nothing"
            self.game.record(RecordKind.FORCED, player, message, clauses)
            if reveal is not None:
                reveal.no_effect = Refusal(clauses, message)
            return
        game = self.game
        if icon == "critical":
            target = yield from self.choose_unit(player, "critical", card, icon_clause, rear_guards_only=False)
            if target is not None:
                game.characteristics.add(target, "critical", 1, f"critical trigger {card.identity}", (icon_clause,))
                game.record(RecordKind.FORCED, player, f"{target.identity} gets +1 critical", (icon_clause, *clauses))
        elif icon == "draw":
            yield from game.moves.draw(player, 1, (icon_clause, "vg:10.1.1"))
        elif icon == "stand":
            target = yield from self.choose_unit(player, "stand", card, icon_clause, rear_guards_only=True)
            if target is not None:
                target.orientation = "stand"
                game.why_rested.pop(target.instance, None)
                game.version += 1
                game.record(RecordKind.FORCED, player, f"{target.identity} stands", (icon_clause, *clauses))
        elif icon == "heal":
            healed = yield from self.heal(player, card, icon_clause)
            if not healed and reveal is not None:
                me, opponent = self.states[player], self.states[game.opponent(player)]
                reveal.no_effect = Refusal(
                    (icon_clause,),
                    f"{player} has {len(me.damage)} damage against {len(opponent.damage)}: the heal trigger heals none",
                )
        target = yield from self.choose_unit(player, "power", card, icon_clause, rear_guards_only=False)
        if target is not None:
            game.characteristics.add(target, "power", TRIGGER_POWER, f"{icon} trigger {card.identity}", (icon_clause,))
            game.record(
                RecordKind.FORCED, player, f"{target.identity} gets +{TRIGGER_POWER} power", (icon_clause, *clauses)
            )

    def choose_unit(self, player: str, kind: str, card: Card, clause: str, rear_guards_only: bool) -> Procedure:
        """One of ``player``'s units (rear-guards only, for a stand trigger), chosen for the ``kind`` effect."""
        me = self.states[player]
        units = me.rear_guards() if rear_guards_only else me.units()
        if not units:
            return None
        options: list[Choice] = [OnCircle(kind, circle) for circle in dict.fromkeys(circle for circle, _ in units)]
        decision = Decision(
            player,
            kind,
            options,
            (clause,),
            frozenset({"drive", "damage"}),
            prompt=f"choose the unit the {kind} effect of {card.identity}'s trigger goes to",
            source=card.identity,
        )
        choice = yield decision
        circle = choice.circle if isinstance(choice, OnCircle) else None
        return me.unit_at(circle) if circle is not None else None

    def heal(self, player: str, card: Card, clause: str) -> Procedure:
        """vg 2.8.1.1.5, 10.1.7: with at least as many damage as the opponent, a damage card to the drop zone.
        Returns whether the heal was asked for (False: too few damage to heal any)."""
        game = self.game
        me = self.states[player]
        opponent = self.states[game.opponent(player)]
        if not me.damage or len(me.damage) < len(opponent.damage):
            game.record(
                RecordKind.FORCED,
                player,
                f"{player} has {len(me.damage)} damage against {len(opponent.damage)}: nothing to heal",
                (clause,),
            )
            return False
        identities = sorted({c.identity for c in me.damage if c.identity is not None})
        unknown = [c for c in me.damage if c.identity is None]
        decision = Decision(
            player,
            "heal",
            [Choice("heal", card=identity) for identity in identities] or [Choice("heal")],
            (clause, "vg:10.1.7"),
            frozenset({"drive", "damage"}),
            prompt="choose a card of your damage zone to heal",
            source=card.identity,
            allows=lambda choice: (
                choice.verb == "heal"
                and (
                    choice.card in identities
                    or any(c.pool is None or c.pool.can_be(choice.card or "") for c in unknown)
                    or (choice.card is None and bool(unknown))
                )
            ),
        )
        choice = yield decision
        healed = next((c for c in me.damage if c.identity == choice.card), None)
        if healed is None:
            healed = next((c for c in unknown if choice.card is None or c.reveal(choice.card)), None)
        if healed is None:
            return True  # a heal chosen, and no card of it to be found: the choice was refused already
        me.damage.remove(healed)
        game.moves.put(player, "drop", healed)
        game.record(
            RecordKind.FORCED, player, f"{player} heals {healed.identity}", (clause, "vg:10.1.7", "vg:10.1.7.1")
        )
        return True
