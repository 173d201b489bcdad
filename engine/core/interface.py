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

The interface is structural (a ``Protocol``): a game need not inherit from
anything to offer it, though the games here build on ``engine.core.game.Game``.
Nothing in it knows the log format; that is the judge's part.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core.game import GameClauses, Outcome, Procedure
from engine.core.protocol import ActionRecord, Choice, Decision, RecordKind, Refusal
from engine.core.zones import ZoneTable


@dataclass(slots=True)
class PlayerSpec:
    """A player of a game: an id, a main deck list (card id -> copies), and the game's other decks."""

    id: str
    deck: dict[str, int]
    other_decks: dict[str, dict[str, int]] = field(default_factory=dict)
    """Decks besides the main one, by the game's name for them (a Vanguard ``g_deck``, an ENERGIO!! ``energio``)."""


class PlayableGame(Protocol):
    """One game in progress, as any driver sees it (see the module's docstring)."""

    game_id: str
    """The key logs use for the game (``ws``)."""
    clauses: GameClauses
    zones: ZoneTable
    players: tuple[str, str]
    turn: int
    phase: str
    turn_player: str
    outcome: Outcome | None
    records: list[ActionRecord]
    recorded: int
    keeps_trace: bool
    unmodelled: int
    """How many times the game relied on card text or cards it could not know; non-zero: not checked to the end."""
    setup_problems: list[Refusal]
    """What in the decks or the starting position the rules do not allow."""
    text_problems: list[Refusal]
    """What the operations of card text the engine does not model, applied as a choice, could not do; the
    driver reads and clears them."""

    def run(self) -> Procedure:
        """The game from its start: yields requests, receives answers, returns when it ends."""
        ...

    def record(self, kind: RecordKind, player: str | None, message: str, clauses: tuple[str, ...], **data: Any) -> int:
        """Add a step to the trace (a driver records what it implied, such as a pass the log left out)."""
        ...

    def fresh_budget(self) -> None:
        """A request was answered: the game is not looping on its own (see ``engine.core.game``)."""
        ...

    def check(self, decision: Decision, choice: Choice) -> Refusal | None:
        """None when ``choice`` is legal at ``decision``, else the clauses that forbid it and why."""
        ...

    def concrete(self, decision: Decision, choice: Choice) -> Choice:
        """The option a legal choice stands for (the same choice, unless it was stated loosely)."""
        ...

    def why_not_now(self, verb: str, player: str) -> Refusal:
        """The clause that rules out an action of ``verb`` by ``player`` at the point the game is at."""
        ...

    def concede(self, player: str) -> None:
        """``player`` concedes and loses at once."""
        ...

    def snapshot(self) -> dict[str, Any]:
        """The state as plain data: ``turn``, ``phase``, ``turn_player``, and ``players``: per player id, each
        pile's card ids (None for a card not known) in the zone's own order (``zones``), each positioned zone as
        a mapping of position to what is there (``{card, state, ...}``, with ``pile``, every card id there,
        when the position holds more than one; or a list for a pile per position), and the game's counters
        (``refresh_point``).  The outcome is ``outcome``."""
        ...

    def close(self) -> None:
        """The driver is done with the game; it is not used again."""
        ...
