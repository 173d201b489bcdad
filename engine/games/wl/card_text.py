"""Card text the engine does not model (wl 8.1.1): reported when it comes into play or acts, and what a log declares
it did.

Effects are card text (8.1.1).  The engine plays the abilities whose shape it structures (``modelled`` in
``engine.games.wl.playing``); any other card text is reported when its card is played or its effect used (the
verdict cannot be legal), never guessed.  Text that acts when the engine cannot play it (an unknown timing or effect,
a cost such as ENERGIO!! -X whose choices are not read) leaves what follows undecided (``Game.unplayed_text``).  An
``effect`` entry declares what such text did, as primitive operations (``TextOperation``): cards moved between the
areas (``ZONES_OF_TEXT``) and power changed until end of turn; each is checked to be possible, never whether the
text allowed it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from engine.core.cards import Card
from engine.core.effects import Duration
from engine.core.protocol import RecordKind, Refusal
from engine.games.wl.playing import acts_on_entering, modelled

if TYPE_CHECKING:
    from engine.games.wl.game import Energio

ZONES_OF_TEXT: Final = ("hand", "trash", "deck", "life", "characters", "stage")
"""The places an ``effect`` entry's moves name."""


@dataclass(frozen=True, slots=True)
class TextOperation:
    """One primitive thing card text did, as an ``effect`` entry declares it: a card moved (``move``), or a
    Leader's or Character's power changed until end of turn (``power``)."""

    kind: str
    player: str | None = None
    card: str | None = None
    source_zone: str | None = None
    target_zone: str | None = None
    target: str | None = None
    amount: int = 0


class CardText:
    """Card text the engine does not model: reporting it, and applying what an ``effect`` entry declares it did."""

    def __init__(self, game: Energio) -> None:
        self.game = game
        self.states = game.player_states

    def unmodelled_text(self, player: str, card: Card) -> None:
        """A card with abilities the engine does not model entered the field (wl 8.1.1): reported; text that can
        act from now on (``acts_on_entering``) leaves what follows undecided."""
        self.game.report_unmodelled_abilities(player, card, modelled, acts_on_entering)

    def report(self, player: str, message: str) -> None:
        self.game.unmodelled += 1
        self.game.record(RecordKind.UNMODELLED, player, message, ("wl:8.1.1",))

    def unplayed(self, player: str, card: Card, text: str, message: str) -> None:
        """Card text that acts now and that the engine does not play (8.1.1)."""
        self.game.unplayed_text(player, card.identity or "?", text, message, ("wl:8.1.1",))

    def apply_text(self, player: str, source: str, operations: list[TextOperation]) -> list[Refusal]:
        """Apply what the log states card text the engine does not model did: each operation is checked to be
        possible, never whether the text allowed it.  The game counts as relying on unmodelled text."""
        self.report(player, f"the text of {source} is not modelled; its effect is declared")
        unknown_source = self.game.no_record(source)
        problems: list[Refusal] = [] if unknown_source is None else [unknown_source]
        for operation in operations:
            owner = operation.player or player
            me = self.states.get(owner)
            if me is None:
                problems.append(Refusal(("wl:8.1.1",), f"{owner!r} is not a player of this game"))
                continue
            unknown = self.game.no_record(self.game.card_of_address(operation.card))
            if unknown is not None:
                problems.append(unknown)
                continue
            if operation.kind == "power":
                card = me.find(operation.target)
                if card is None:
                    problems.append(Refusal(("wl:8.1.1",), f"{owner} has no {operation.target}"))
                    continue
                self.game.playing.add_power(
                    owner, card, operation.amount, Duration.END_OF_TURN, f"declared effect of {source}", ("wl:8.1.1",)
                )
                continue
            problem = self.move(owner, operation)
            if problem is not None:
                problems.append(problem)
        return problems

    def move(self, owner: str, operation: TextOperation) -> Refusal | None:
        game = self.game
        me = self.states[owner]
        if operation.source_zone == "characters":
            card_or_none = me.find(operation.card)
            if card_or_none is None or card_or_none is me.leader:
                return Refusal(("wl:8.1.1",), f"{operation.card} is not one of {owner}'s Characters")
            game.moves.leave_field(owner, card_or_none)
            card = card_or_none
        else:
            pile = me.zone(operation.source_zone or "")
            found = next((c for c in pile if operation.card in (None, c.identity)), None)
            if found is None and operation.card is not None:
                found = next((c for c in pile if c.identity is None and c.reveal(operation.card)), None)
            if found is None:
                return Refusal(
                    ("wl:8.1.1",), f"{operation.card or 'no card'} is not in {owner}'s {operation.source_zone}"
                )
            pile.remove(found)
            card = found
        target = operation.target_zone or "trash"
        if target == "deck":
            me.deck.insert(0, card)
        else:
            me.zone(target).append(card)
        if target == "characters":
            card.renew()
            me.fresh.add(card.instance)
        game.version += 1
        game.rule_processing.check()
        return None
