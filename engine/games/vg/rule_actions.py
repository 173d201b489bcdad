"""Rule actions (vg 9), performed at check timings only (9.1.2), all at once (9.1.3).

Implements 9.2 (losing: six damage, 9.2.2; an empty deck, 9.2.3; no vanguard
and no soul, 9.2.4; every player who must lose at once is a draw, 1.2.3),
9.3 (overloaded circles: on the vanguard circle all but the last unit placed
go to the soul, 9.3.1; several placed last at the same time, the player chooses
the one that stays, 9.3.3; a legion and units not in legion, the player chooses
one of those placed last, 9.3.5; on a rear-guard circle to the drop zone, 9.3.6), 9.4
(guardians outside the battle phase go to the drop zone) and 9.5 (no
vanguard: a card of the soul rides, a superior ride the player chooses).
Vanguard has no interrupt rule actions: nothing happens between check timings.

A vanguard circle is overloaded only by card text an ``effect`` entry declares
(riding and striding take the vanguard away first, 10.1.5, 10.1.27); the units
one entry places there are placed at the same time (``CardMoves.place_together``),
and the one that stays, where 9.3.3 or 9.3.5 gives the choice, is the entry's
``stays`` (``judge/site/vg-logs.rst``).  Two or more Legion Mates on the circle
(9.3.2, 9.3.4) cannot arise with what the engine plays: a player has one Legion
Mate (``PlayerState.mate``), a legion forms only by Seek Mate, never again by
the units of one (10.2.9.2), and a unit a declared effect places is not in a
legion state; ``overloaded_vanguard`` checks for them all the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.cards import Card
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
        self.at_once: tuple[str, ...] = ()
        """While ``perform`` performs several rule actions, the clause that performs them at once (vg 9.1.3), which
        each of their records cites; else empty."""

    def losers(self) -> dict[str, tuple[str, tuple[str, ...]]]:
        """Each player who fulfils a losing condition now, with why and the clause (vg 9.2)."""
        found: dict[str, tuple[str, tuple[str, ...]]] = {}
        for player, me in self.states.items():
            if len(me.damage) >= LOSING_DAMAGE:
                found[player] = (f"{player} has {len(me.damage)} damage", ("vg:9.2.2", "vg:9.2.1", "vg:4.8.3"))
            elif not me.deck:
                found[player] = (f"{player} has no cards in the deck", ("vg:9.2.3", "vg:9.2.1"))
            elif me.vanguard is None and not me.soul:
                found[player] = (f"{player} has no vanguard and no soul", ("vg:9.2.4", "vg:9.5.1.1", "vg:9.2.1"))
        return found

    def due(self) -> bool:
        """Whether any rule action is due now: a loss (``losers``; no vanguard covers the last one), no vanguard,
        an overloaded circle, guardians outside the battle phase.  Asked at every check timing, so written as
        plain loops."""
        outside_battle = self.game.phase != "battle"
        for me in self.states.values():
            if len(me.damage) >= LOSING_DAMAGE or not me.deck:
                return True
            circles = me.circles
            vanguard = circles[VANGUARD]
            if not vanguard or vanguard[-1].instance in me.locked:  # no vanguard (``PlayerState.vanguard``)
                return True
            if max(map(len, circles.values())) > 1:  # an overloaded circle (the circles are V and the rear-guards)
                return True
            if me.guardians and outside_battle:
                return True
        return False

    def count_due(self) -> int:
        """How many rule actions other than a loss are due now: each overloaded circle, each player's guardians
        outside the battle phase, each player's missing vanguard."""
        due = 0
        for me in self.states.values():
            due += sum(1 for pile in me.circles.values() if len(pile) > 1)
            due += bool(me.guardians and self.game.phase != "battle")
            due += me.vanguard is None and bool(me.soul)
        return due

    def perform(self) -> Procedure:
        """Perform every rule action due, at once (vg 9.1.3); True when any was."""
        game = self.game
        self.at_once = ("vg:9.1.3",) if self.count_due() > 1 else ()
        losers = self.losers()
        if losers:
            if len(losers) == len(self.states):
                reason = "; ".join(why for why, _ in losers.values()) + ": both lose, a draw"
                clauses = tuple(clause for _, cs in losers.values() for clause in cs) + ("vg:1.2.3", "vg:9.1.3")
                game.end_game(Termination.ALL_LOSE, None, reason, clauses)
            ((loser, (why, clauses)),) = losers.items()
            game.end_game(Termination.LOSS, game.opponent(loser), f"{why}: {loser} loses", clauses)
        performed = False
        for player, me in self.states.items():
            if len(me.circles[VANGUARD]) > 1:
                yield from self.overloaded_vanguard(player)
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
                        ("vg:9.3.6", "vg:8.5.3.2", "vg:9.1.1", "vg:8.4.1.1", *self.at_once),
                    )
                    performed = True
            if me.guardians and game.phase != "battle":
                for guardian in list(me.guardians):
                    game.moves.retire(player, guardian, ("vg:9.4.1", *self.at_once))
                performed = True
        for player, me in self.states.items():
            if me.vanguard is None and me.soul:
                yield from self.superior_ride(player)
                performed = True
        return performed

    def overloaded_vanguard(self, player: str) -> Procedure:
        """vg 9.3.1-9.3.5: of the units on an overloaded vanguard circle, the last placed stays and the others go to
        the soul; where several were placed last, the player chooses which (9.3.3, 9.3.4, 9.3.5)."""
        me = self.states[player]
        pile = me.circles[VANGUARD]
        mates = [me.mate] if me.mate is not None else []
        legion = [*(c for c in pile if c.instance in me.been_in_legion), *mates] if mates else []
        apart = [c for c in pile if c not in legion]
        if len(mates) > 1:  # vg 9.3.2, 9.3.4: never with what the engine plays (the module's docstring)
            units, clause = mates, "vg:9.3.2"
        else:
            units, clause = [*pile, *mates], "vg:9.3.5" if legion and apart else "vg:9.3.1"
        placed = [me.placed_at.get(c.instance, 0) for c in units]
        last = [c for c, when in zip(units, placed, strict=True) if when == max(placed)]
        if len(last) > 1 and clause != "vg:9.3.5":
            clause = "vg:9.3.4" if clause == "vg:9.3.2" else "vg:9.3.3"
        stays = yield from self.choose_staying(player, last, clause)
        if me.mate is not None and stays is me.mate:  # a Legion Mate chosen stays alone, no longer in legion
            me.mate = None
            pile.append(stays)
        for unit in units:
            if unit is stays:
                continue
            if unit is me.mate:
                me.mate = None
            elif unit in pile:
                pile.remove(unit)
            me.placed_at.pop(unit.instance, None)
            self.game.moves.put(player, "soul", unit)
            self.game.record(
                RecordKind.RULE_ACTION,
                player,
                f"{unit.identity} leaves the overloaded V for the soul",
                (clause, *self.at_once),
            )
        self.game.version += 1

    def choose_staying(self, player: str, last: list[Card], clause: str) -> Procedure:
        """The unit that stays on the overloaded vanguard circle, of those placed last (vg 9.3.1-9.3.5): the
        ``stays`` of a ``resolve`` entry; with one, that one by default."""
        identities = list(dict.fromkeys(c.identity or "?" for c in last))
        options = [Choice("stays", card=identity) for identity in identities]
        decision = Decision(
            player,
            "overloaded_vanguard",
            options,
            (clause,),
            frozenset({"resolve"}),
            prompt="choose the unit placed last that stays on your vanguard circle; the others go to the soul",
            default=options[0] if len(options) == 1 else None,
        )
        choice = yield decision
        stays = next((c for c in last if (c.identity or "?") == choice.card), last[-1])
        self.game.record(
            RecordKind.RULE_ACTION, player, f"{player} keeps {stays.identity} on V", (clause, *self.at_once)
        )
        return stays

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
        self.game.record(
            RecordKind.RULE_ACTION,
            player,
            f"{player} rides {card.identity} from the soul",
            ("vg:9.5.1", "vg:9.1.1", "vg:8.4.1.1", "vg:10.1.5.1.1", *self.at_once),
        )
        yield Checkpoint(decision)
