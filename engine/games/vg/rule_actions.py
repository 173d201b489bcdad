"""Rule actions (vg 9), performed at check timings only (9.1.2), all at once (9.1.3).

Implements 9.2 (losing: six damage, 9.2.2; an empty deck, 9.2.3; no vanguard
and no soul, 9.2.4; every player who must lose at once is a draw, 1.2.3),
9.3 (overloaded circles: on the vanguard circle all but the last unit placed
go to the soul, 9.3.1; on a rear-guard circle to the drop zone, 9.3.6), 9.4
(guardians outside the battle phase go to the drop zone) and 9.5 (no
vanguard: a card of the soul rides, a superior ride the player chooses).
Vanguard has no interrupt rule actions: nothing happens between check timings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.game import Procedure, Termination
from engine.core.protocol import Checkpoint, Choice, Decision, RecordKind
from engine.games.vg.state import LOSING_DAMAGE, REAR_GUARD_CIRCLES, VANGUARD

if TYPE_CHECKING:
    from engine.games.vg.game import Vanguard


class RuleActions:
    """The rule actions of vg 9."""

    def __init__(self, game: Vanguard) -> None:
        self.game = game
        self.states = game.player_states

    def losers(self) -> dict[str, tuple[str, tuple[str, ...]]]:
        """Each player who fulfils a losing condition now, with why and the clause (vg 9.2)."""
        found: dict[str, tuple[str, tuple[str, ...]]] = {}
        for player, me in self.states.items():
            if len(me.damage) >= LOSING_DAMAGE:
                found[player] = (f"{player} has {len(me.damage)} damage", ("vg:9.2.2", "vg:9.2.1"))
            elif not me.deck:
                found[player] = (f"{player} has no cards in the deck", ("vg:9.2.3", "vg:9.2.1"))
            elif me.vanguard is None and not me.soul:
                found[player] = (f"{player} has no vanguard and no soul", ("vg:9.2.4", "vg:9.5.1.1", "vg:9.2.1"))
        return found

    def due(self) -> bool:
        """Whether any rule action is due now."""
        if self.losers():
            return True
        for me in self.states.values():
            if me.vanguard is None or len(me.circles[VANGUARD]) > 1:
                return True
            if any(len(me.circles[circle]) > 1 for circle in REAR_GUARD_CIRCLES):
                return True
            if me.guardians and self.game.phase != "battle":
                return True
        return False

    def perform(self) -> Procedure:
        """Perform every rule action due, at once (vg 9.1.3); True when any was."""
        game = self.game
        losers = self.losers()
        if losers:
            if len(losers) == len(self.states):
                reason = "; ".join(why for why, _ in losers.values()) + ": both lose, a draw"
                clauses = tuple(clause for _, cs in losers.values() for clause in cs) + ("vg:1.2.3",)
                game.end_game(Termination.ALL_LOSE, None, reason, clauses)
            ((loser, (why, clauses)),) = losers.items()
            game.end_game(Termination.LOSS, game.opponent(loser), f"{why}: {loser} loses", clauses)
        performed = False
        for player, me in self.states.items():
            pile = me.circles[VANGUARD]
            if len(pile) > 1:
                for unit in pile[:-1]:
                    pile.remove(unit)
                    game.moves.put(player, "soul", unit)
                    game.record(
                        RecordKind.RULE_ACTION,
                        player,
                        f"{unit.identity} leaves the overloaded V for the soul",
                        ("vg:9.3.1",),
                    )
                performed = True
            for circle in REAR_GUARD_CIRCLES:
                pile = me.circles[circle]
                for unit in pile[:-1]:
                    pile.remove(unit)
                    game.moves.put(player, "drop", unit)
                    game.record(
                        RecordKind.RULE_ACTION,
                        player,
                        f"{unit.identity} leaves the overloaded {circle} for the drop zone",
                        ("vg:9.3.6", "vg:8.5.3.2"),
                    )
                    performed = True
            if me.guardians and game.phase != "battle":
                for guardian in list(me.guardians):
                    game.moves.retire(player, guardian, ("vg:9.4.1",))
                performed = True
        for player, me in self.states.items():
            if me.vanguard is None and me.soul:
                yield from self.superior_ride(player)
                performed = True
        return performed

    def superior_ride(self, player: str) -> Procedure:
        """vg 9.5.1: with no vanguard, a card of the soul rides."""
        me = self.states[player]
        identities = sorted({c.identity for c in me.soul if c.identity is not None})
        decision = Decision(
            player,
            "superior_ride",
            [Choice("superior_ride", card=identity) for identity in identities],
            ("vg:9.5.1",),
            frozenset({"superior_ride"}),
            prompt="you have no vanguard: choose a card of your soul to ride",
        )
        choice = yield decision
        card = self.game.moves.take(player, "soul", choice.card_id)
        self.game.moves.place(player, VANGUARD, card)
        self.game.record(RecordKind.RULE_ACTION, player, f"{player} rides {card.identity} from the soul", ("vg:9.5.1",))
        yield Checkpoint(decision)
