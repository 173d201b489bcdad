"""What a judge may rely on from any game: the interface every game of ``engine.games`` offers.

A driver (the judge's replay, self-play, the stepper) knows a game only through
this interface and the request protocol of ``engine.core.protocol``:

* **building** one: card definitions, each player's decks (``PlayerSpec``), who
  goes first, the deck orders known after the opening shuffle, or a position to
  start from instead of the opening (its type is the game's own);
* **running** it: ``run()`` is a generator that yields ``Decision``, ``Reveal``
  and ``Checkpoint`` requests and receives the answers; every step it takes is an
  ``ActionRecord`` in ``records`` (when ``keeps_trace``), with its clauses;
* **checking and explaining** a choice (``check``), the option a loosely stated
  one stands for (``concrete``), and the clause that rules an action out at the
  point the game is at (``why_not_now``);
* **reading** the state: ``snapshot()`` for assertions, the stepper and boards,
  and ``zones``, what the rules say about each zone;
* the game's **own clause for each generic situation** (``clauses``): an entry in
  the wrong turn, entries after the end, card text the engine does not model, an
  endless loop, a concession.

The interface is ``engine.core.game.Game``, an abstract base every game
subclasses (``PlayableGame`` names it for a driver); the members above are the
ones a driver may use.  Nothing in it knows the log format; that is the judge's
part.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeAlias

from engine.core.game import Game


@dataclass(slots=True)
class PlayerSpec:
    """A player of a game: an id, a main deck list (card id -> copies), and the game's other decks."""

    id: str
    deck: dict[str, int]
    other_decks: dict[str, dict[str, int]] = field(default_factory=dict)
    """Decks besides the main one, by the game's name for them (a Vanguard ``g_deck``, an ENERGIO!! ``energio``)."""


PlayableGame: TypeAlias = "Game[Any]"
"""One game in progress, as any driver sees it: ``engine.core.game.Game``, whatever its card definitions.

It is an abstract base rather than a ``Protocol``, so that a compiled driver calls a game's methods
natively; every game of ``engine.games`` subclasses it (``CheckTimingGame`` where the rules have check
timings), and so may a game of another package.
"""
