"""Card text the engine does not model (vg 8.5): reported when its unit comes onto a circle, and what a log
declares it did.

The engine plays the abilities whose shape it structures (``modelled`` in ``engine.games.vg.playing``); any other
card text is reported when its unit is placed (the verdict cannot be legal), never guessed.  Text that can act
from the moment its unit is placed (``acts_on_entering``) leaves what follows undecided (``Game.unplayed_text``).
An ``effect`` entry declares what such text did, as primitive operations (``TextOperation``): cards moved between
the places ``ZONES_OF_TEXT`` names, power changed, a card locked or a unit deleted, an extra turn given; each is
checked to be possible, never whether the text allowed it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from engine.core.cards import Card
from engine.core.protocol import RecordKind, Refusal
from engine.games.vg.playing import acts_on_entering, modelled
from engine.games.vg.state import VANGUARD

if TYPE_CHECKING:
    from engine.games.vg.game import Vanguard

ZONES_OF_TEXT: Final = ("hand", "drop", "soul", "damage", "bind", "deck", "circle")
"""The places an ``effect`` entry's moves name (``circle`` with the circle)."""


@dataclass(frozen=True, slots=True)
class TextOperation:
    """One primitive thing card text did, as an ``effect`` entry declares it: a card moved (``move``), a unit's
    power changed until end of turn (``power``), a card on a circle locked (``lock``, vg 10.1.21) or a unit
    deleted (``delete``, 10.1.25), or an extra turn given (``extra_turn``, 11.4)."""

    kind: str
    player: str | None = None
    card: str | None = None
    source_zone: str | None = None
    target_zone: str | None = None
    circle: str | None = None
    target_circle: str | None = None
    amount: int = 0


class CardText:
    """Card text the engine does not model: reporting it, and applying what an ``effect`` entry declares it did."""

    def __init__(self, game: Vanguard) -> None:
        self.game = game
        self.states = game.player_states

    def unmodelled_text(self, player: str, card: Card) -> None:
        """A unit with abilities the engine does not model came onto a circle (vg 8.5): reported; text that can act
        from now on (``acts_on_entering``) leaves what follows undecided."""
        self.game.report_unmodelled_abilities(player, card, modelled, acts_on_entering)

    # -- card text declared by the log (8.5) -----------------------------------------------------

    def apply_text(self, player: str, source: str, operations: list[TextOperation]) -> list[Refusal]:
        """Apply what the log states card text the engine does not model did: each operation is checked to be
        possible (the card is where it is said to be), never whether the text allowed it.  The game counts as
        relying on unmodelled text."""
        game = self.game
        game.unmodelled += 1
        game.record(
            RecordKind.UNMODELLED, player, f"the text of {source} is not modelled; its effect is declared", ("vg:8.5",)
        )
        unknown_source = self.game.no_record(source)
        problems: list[Refusal] = [] if unknown_source is None else [unknown_source]
        game.moves.place_together()  # the units one entry puts on a vanguard circle are placed at the same time
        try:
            self.apply_operations(player, source, operations, problems)
        finally:
            game.moves.together = False
        return problems

    def apply_operations(
        self, player: str, source: str, operations: list[TextOperation], problems: list[Refusal]
    ) -> None:
        """Apply the operations of ``apply_text`` in turn, each one that is impossible a problem."""
        game = self.game
        for operation in operations:
            owner = operation.player or player
            me = self.states.get(owner)
            if me is None:
                problems.append(Refusal(("vg:8.5",), f"{owner!r} is not a player of this game"))
                continue
            unknown = self.game.no_record(operation.card)
            if unknown is not None:
                problems.append(unknown)
                continue
            if operation.kind == "extra_turn":
                game.extra_turns.append(owner)
                game.record(
                    RecordKind.UNMODELLED,
                    owner,
                    f"declared: {owner} takes an extra turn after this one",
                    ("vg:11.4.1",),
                )
                continue
            if operation.kind in ("lock", "delete"):
                unit = me.unit_at(operation.circle or "")
                if unit is None or (operation.kind == "lock" and operation.circle == VANGUARD):
                    problems.append(
                        Refusal(("vg:8.5",), f"no unit to {operation.kind} on {owner}'s {operation.circle}")
                    )
                    continue
                if operation.kind == "lock":
                    unit.renew()  # a locked card is another card (10.1.21.2)
                    me.locked.add(unit.instance)
                    game.locked_at[unit.instance] = game.entry
                else:
                    me.deleted.add(unit.instance)
                me.face_down.add(unit.instance)
                game.version += 1
                legion = operation.circle == VANGUARD and me.mate is not None  # it stays one, deleted (10.1.25.10)
                clauses = (
                    ("vg:10.1.21", "vg:10.1.21.1", "vg:10.1.21.2")
                    if operation.kind == "lock"
                    else ("vg:10.1.25", "vg:10.1.25.1", "vg:10.1.25.2") + (("vg:10.1.25.10",) if legion else ())
                )
                game.record(
                    RecordKind.UNMODELLED,
                    owner,
                    f"declared: {unit.identity} on {operation.circle} is {'locked' if operation.kind == 'lock' else 'deleted'}",
                    clauses,
                )
                continue
            if operation.kind == "power":
                unit = me.unit_at(operation.circle or "")
                if unit is None:
                    problems.append(Refusal(("vg:8.5",), f"no unit on {owner}'s {operation.circle}"))
                    continue
                game.characteristics.add(unit, "power", operation.amount, f"declared effect of {source}", ("vg:8.5",))
                continue
            problem = self.move(owner, operation)
            if problem is not None:
                problems.append(problem)

    def move(self, owner: str, operation: TextOperation) -> Refusal | None:
        """One declared move of a card between places (a circle named by ``circle``)."""
        game = self.game
        me = self.states[owner]
        if operation.source_zone == "circle":
            unit = me.unit_at(operation.circle or "")
            if unit is None or (operation.card is not None and unit.identity != operation.card):
                return Refusal(("vg:8.5",), f"{operation.card or 'a unit'} is not on {owner}'s {operation.circle}")
            game.moves.leave_field(owner, unit)
            card = unit
        else:
            pile = me.zone(operation.source_zone or "")
            card_or_none = next((c for c in pile if operation.card in (None, c.identity)), None)
            if card_or_none is None and operation.card is not None:
                card_or_none = next((c for c in pile if c.identity is None and c.reveal(operation.card)), None)
            if card_or_none is None:
                return Refusal(
                    ("vg:8.5",), f"{operation.card or 'no card'} is not in {owner}'s {operation.source_zone}"
                )
            pile.remove(card_or_none)
            card = card_or_none
        definition = game.definition(card)
        g_unit = definition is not None and definition.is_g_unit
        if g_unit and operation.source_zone == "circle" and operation.target_zone != "circle":
            game.moves.put(owner, "g_up", card)  # a G unit moved to any zone but the G zone goes there (10.1.27.3)
            game.record(
                RecordKind.UNMODELLED,
                owner,
                f"declared: {card.identity} moves from circle to {operation.target_zone}: a G unit goes to the "
                "G zone face up instead",
                ("vg:8.5", "vg:10.1.27.3"),
            )
            return None
        if operation.target_zone == "circle":
            game.moves.place(owner, operation.target_circle or VANGUARD, card)
        else:
            game.moves.put(owner, operation.target_zone or "drop", card)
        game.record(
            RecordKind.UNMODELLED,
            owner,
            f"declared: {card.identity or '?'} moves from {operation.source_zone} to {operation.target_zone}",
            ("vg:8.5",),
        )
        return None
