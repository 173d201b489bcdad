"""Other rules (ws 11): additional turns; infinite loops.

Implements ws 11.2 (additional turns, the latest first) and names the clauses of
11.1 (infinite loops), which the step budget of ``engine.core.game`` reports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import RecordKind

if TYPE_CHECKING:
    from engine.games.ws.game import WeissSchwarz


class OtherRules:
    """Additional turns (ws 11.2) and the loop rule (ws 11.1)."""

    def __init__(self, game: WeissSchwarz) -> None:
        self.game = game
        self.states = game.player_states
        self.extra_turns: list[str] = []
        """Players given an additional turn, latest last (ws 11.2)."""

    def next_turn_player(self) -> str:
        """ws 6.8.1.5, 11.2: the opponent, unless an effect gave a player an additional turn.

        With several, the latest is taken now and the others wait for the next turn (11.2.2).
        """
        if self.extra_turns:
            player = self.extra_turns.pop()
            self.game.record(
                RecordKind.TIMING, player, f"{player} takes an additional turn", ("ws:11.2.1", "ws:11.2.2")
            )
            return player
        return self.game.non_turn_player
