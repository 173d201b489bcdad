"""The decks games are imported with: two vanilla decks from weiss-sim's card pool.

Every card is vanilla (see ``cards``): no printed text, no ability in the
simulator.  The pool has a single vanilla climax, the yellow *Wonderful Rush*
(two soul icons), so both decks play its four copies, and the blue deck's
climaxes meet the color requirement (ws 8.6.2.1.1) only once a yellow card
(a climax) is in its level or clock.  Each deck is 50 cards: per level the
characters with the most power for their cost, four copies each (ws 5.1.2.1, 5.1.2.2).

The lists are written in the order the simulator is given them, so a seed
plays the same game on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from judge.importers.weiss_sim.cards import CardDataError, sim_card, sim_id_of


@dataclass(frozen=True, slots=True)
class Deck:
    """A named deck list: card numbers with their copies, in the order the simulator takes them."""

    name: str
    cards: tuple[tuple[str, int], ...]

    def sim_ids(self) -> list[int]:
        """The list as weiss-sim takes it: a sim id per copy."""
        return [sim_id_of(number) for number, copies in self.cards for _ in range(copies)]


VANILLA_YELLOW: Final = Deck(
    "vanilla yellow",
    (
        ("5HY/W83-E020", 4),
        ("AB/W31-E036", 4),
        ("AB/W31-TE04", 4),
        ("AB/W31-TE05", 4),
        ("5HY/W83-TE58", 4),
        ("AB/W31-E039", 4),
        ("AB/W31-E042", 4),
        ("AB/W31-TE08", 4),
        ("KS/W76-E023", 4),
        ("5HY/W83-TE09", 4),
        ("AB/W31-E046", 4),
        ("ARI/S103-TE06", 2),
        ("LL/W24-E111", 4),
    ),
)
VANILLA_BLUE: Final = Deck(
    "vanilla blue",
    (
        ("5HY/W83-E125", 4),
        ("APO/S53-E089", 4),
        ("ARI/S103-E089", 4),
        ("AW/S18-E091", 4),
        ("5HY/W83-TE32", 4),
        ("ATLA/WX04-T14", 4),
        ("AW/S18-E093", 4),
        ("AW/S43-E093", 4),
        ("LRC/W105-E090", 4),
        ("AZL/S102-E135", 4),
        ("BD/W63-E095", 4),
        ("DDM/S88-E094", 2),
        ("LL/W24-E111", 4),
    ),
)
DECKS: Final = (VANILLA_YELLOW, VANILLA_BLUE)


def seated_decks(seed: int) -> tuple[Deck, Deck]:
    """The decks of seat 0 and seat 1 for a game's seed: the seats swap decks from one seed to the next."""
    return DECKS if seed % 2 == 0 else (DECKS[1], DECKS[0])


def check_vanilla(deck: Deck) -> None:
    """Raise CardDataError naming the first card of ``deck`` that is not vanilla in the installed weiss-sim."""
    for number, _ in deck.cards:
        card = sim_card(sim_id_of(number))
        if not card.vanilla:
            raise CardDataError(f"{deck.name}: {number} is not a vanilla card in this weiss-sim")
