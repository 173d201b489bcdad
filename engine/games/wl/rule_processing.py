"""Rule processing (wl 9): defeat judgment, at once, whatever else is under way (9.1.2).

The only rule process is defeat judgment (9.2): a player with no cards in the deck
(9.2.1.2), or whose Leader takes damage with no Life cards (9.2.1.1), loses; every
player who meets a defeat condition at that point loses (9.2.1), which is a draw
when both do.  There is no check timing in this game: ``check`` runs wherever a
deck can have run out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.game import Termination

if TYPE_CHECKING:
    from engine.games.wl.game import Energio


class RuleProcessing:
    """Defeat judgment (wl 9.2)."""

    def __init__(self, game: Energio) -> None:
        self.game = game
        self.states = game.player_states

    def check(self, damaged_at_zero: str | None = None) -> None:
        """Every player who meets a defeat condition now loses (wl 9.2.1); ``damaged_at_zero`` is a player whose
        Leader was just dealt damage with no Life cards (9.2.1.1)."""
        losers: dict[str, tuple[str, tuple[str, ...]]] = {}
        for player, me in self.states.items():
            if not me.deck:
                losers[player] = (f"{player} has no cards in the deck", ("wl:9.2.1.2", "wl:9.2.1", "wl:9.1.1"))
        if damaged_at_zero is not None:
            losers[damaged_at_zero] = (
                f"{damaged_at_zero}'s Leader takes damage with no Life cards",
                ("wl:9.2.1.1", "wl:7.1.4.1.1.1", "wl:9.2.1", "wl:9.1.1"),
            )
        if not losers:
            return
        game = self.game
        if len(losers) == len(self.states):
            reason = "; ".join(why for why, _ in losers.values()) + ": both lose, a draw"
            game.end_game(Termination.ALL_LOSE, None, reason, tuple(c for _, cs in losers.values() for c in cs))
        ((loser, (why, clauses)),) = losers.items()
        game.end_game(Termination.LOSS, game.opponent(loser), f"{why}: {loser} loses", clauses)
