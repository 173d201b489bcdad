"""Card records for the log, from the card data weiss-sim ships.

weiss-sim names a card by a number of its own (its *sim id*); the log names it
by its printed card number (``AB/W31-E036``), and ``meta`` keeps the sim ids.
Every characteristic comes from weiss-sim's card database, read whole by
:mod:`judge.cards.weiss_sim` (type, color, level, cost, power, soul, the
trigger and counter icons, whether the simulator attaches any ability, the
printed text), and the card number and name from its catalog.

Only vanilla cards are converted (no printed text, ``-``, and no ability in the
simulator): the payloads of card abilities in weiss-sim's event stream cannot be
read, and card text beyond the judge's vocabulary would only make a log
``incomplete``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from judge.cards.weiss_sim import WeissSimCard, WeissSimDataError, card_record, read_cards


class CardDataError(LookupError):
    """A card the installed weiss-sim does not describe as this module expects, or card data it cannot read."""


@dataclass(frozen=True, slots=True)
class SimCard:
    """One card of weiss-sim's pool: its number, its record for the log, and what makes it (not) vanilla."""

    sim_id: int
    number: str
    """The printed card number, the card's id in the log."""
    record: dict[str, Any]
    """The judge-log/1 card record (ws 2: name, type, color, level, cost, power, soul, triggers, counter)."""
    text: str
    """The printed text as the database holds it; ``-`` for none."""
    simulated_abilities: bool
    """Whether weiss-sim attaches any ability to the card."""
    vanilla: bool
    """No printed text and no ability in the simulator: nothing of it is beyond the judge's vocabulary."""


@cache
def _cards() -> dict[int, WeissSimCard]:
    try:
        return {card.sim_id: card for card in read_cards()}
    except WeissSimDataError as error:
        raise CardDataError(str(error)) from None


@cache
def _numbers() -> dict[str, int]:
    return {card.number: sim_id for sim_id, card in reversed(_cards().items())}


@cache
def sim_card(sim_id: int) -> SimCard:
    """The card weiss-sim numbers ``sim_id``; CardDataError when its data does not have it."""
    card = _cards().get(sim_id)
    if card is None:
        raise CardDataError(f"weiss-sim has no card {sim_id}")
    return SimCard(sim_id, card.number, card_record(card), card.text, card.simulated_abilities, card.vanilla)


def sim_id_of(number: str) -> int:
    """The sim id of a printed card number (the first card of that number); CardDataError when weiss-sim has
    no such card."""
    sim_id = _numbers().get(number)
    if sim_id is None:
        raise CardDataError(f"weiss-sim has no card {number}")
    return sim_id
