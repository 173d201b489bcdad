"""The turn (wl 6): refresh (6.2), draw (6.3), ENERGIO!! (6.4), main (6.5) and end (6.6).

Implements the refresh (6.2.3: ENERGIO!! given come back to the cost area; 6.2.4:
every rested card of the turn player becomes active), the draw (6.3.1: none for
the first player's first turn), the ENERGIO!! phase (6.4.1-6.4.3: two, one for
the first player's first turn, fewer when the ENERGIO!! deck runs out; several
move one by one, 3.3.3), the main phase's actions in any order (6.5.2: play a
card, activate an effect, give ENERGIO!!, battle, none on either player's first
turn, 6.5.6.1) until its end is declared (6.5.2.1), and the end phase's procedure
(6.6.1; 6.6.1.1: [End of Your Turn] and [End of Your Opponent's Turn] effects;
6.6.1.2-6.6.1.3: the turn player's effects "during this turn" end, then the other
player's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.core.effects import Duration
from engine.core.game import Procedure
from engine.core.protocol import Checkpoint, Choice, Decision, DeclaredText, RecordKind, Reveal
from engine.games.wl.choices import Named

if TYPE_CHECKING:
    from engine.games.wl.game import Energio

ENERGIO_PER_TURN: Final = 2
"""wl 6.4.1."""
MAIN_VERBS: Final = frozenset({"play", "act", "give", "attack", "end", "pass", "effect"})
"""The main phase's verbs; ``pass`` there declares its end, as ``end`` does (``judge/site/log-format.rst``, "Passing")."""
END: Final = Choice("end")
"""Declaring the end of the main phase (wl 6.5.2.1)."""


class Phases:
    """The phases of a turn (wl 6.2-6.6)."""

    def __init__(self, game: Energio) -> None:
        self.game = game
        self.states = game.player_states

    def enter(self, phase: str, clauses: tuple[str, ...]) -> int:
        """The phase begins; returns its record's ``seq``."""
        self.game.phase = phase
        return self.game.record(RecordKind.TIMING, self.game.turn_player, f"{phase} phase begins", clauses)

    def first_turn_of(self, player: str) -> bool:
        """Whether this turn is ``player``'s first: turn 1 for the first player, turn 2 for the other."""
        return self.game.turn == (1 if player == self.game.first else 2)

    def refresh_phase(self) -> Procedure:
        game = self.game
        me = self.states[game.turn_player]
        self.enter("refresh", ("wl:6.2",))
        game.playing.used_this_turn.clear()
        returned = me.given_total
        me.given.clear()
        me.cost_active += me.cost_rested + returned
        me.cost_rested = 0
        me.fresh.clear()
        game.spent.pop(game.turn_player, None)
        game.played_at.clear()
        for card in (me.leader, *me.characters, *me.stage):
            card.orientation = "stand"
            game.why_rested.pop(card.instance, None)
        game.version += 1
        game.record(
            RecordKind.FORCED,
            game.turn_player,
            f"{game.turn_player}'s given ENERGIO!! return to the cost area and every rested card becomes active",
            ("wl:6.2.3", "wl:6.2.4", "wl:4.4.1", "wl:4.4.1.1"),
        )
        return
        yield  # pragma: no cover - a procedure, for the "start of your turn" effects to come

    def draw_phase(self) -> Procedure:
        game = self.game
        player = game.turn_player
        self.enter("draw", ("wl:6.3",))
        if self.first_turn_of(player) and player == game.first:
            game.record(
                RecordKind.TIMING, player, "the player going first does not draw in the first turn", ("wl:6.3.1",)
            )
            return
        yield from game.moves.draw(player, 1, ("wl:6.3.1", "wl:4.5", "wl:4.5.1", "wl:4.5.2"))

    def energio_phase(self) -> Procedure:
        """wl 6.4: ENERGIO!! cards from the ENERGIO!! deck to the cost area, active (3.9.3); a log may write it as an
        ``energio`` entry with the count."""
        game = self.game
        player = game.turn_player
        me = self.states[player]
        self.enter("energio", ("wl:6.4",))
        wanted = 1 if self.first_turn_of(player) and player == game.first else ENERGIO_PER_TURN
        count = min(wanted, me.energio_deck)
        clauses = ("wl:6.4.1", "wl:3.9.3") if count == wanted else ("wl:6.4.2", "wl:3.9.3") if count else ("wl:6.4.3",)
        reveal = Reveal(player, "energio", count, clauses)
        yield reveal
        me.energio_deck -= count
        me.cost_active += count
        reveal.used = count
        game.version += 1
        one_by_one = ("wl:3.3.3",) if count > 1 else ()  # several ENERGIO!! cards move one by one
        game.record(
            RecordKind.FORCED,
            player,
            f"{player} places {count} ENERGIO!! card(s) in the cost area",
            (*clauses, *one_by_one),
        )
        yield Checkpoint(reveal)

    def main_phase(self) -> Procedure:
        game = self.game
        player = game.turn_player
        self.enter("main", ("wl:6.5",))
        while True:
            decision = Decision(
                player,
                "main",
                lambda: [END, *self.main_options(player)],
                ("wl:6.5.2",),
                MAIN_VERBS,
                prompt="play a card, activate an effect, give ENERGIO!!, battle, or declare the end of the main phase",
                default=END,
                allows=lambda choice: self.main_allows(player, choice),
            )
            choice = yield decision
            if choice.verb == "end":
                game.record(RecordKind.CHOICE, player, "the end of the main phase is declared", ("wl:6.5.2.1",))
                yield Checkpoint(decision)
                return
            yield from self.apply_main(player, choice, decision)

    def main_options(self, player: str) -> list[Choice]:
        """The main phase's actions now: each card of the hand that can be played (trashing the first Character
        when the area is full), giving one ENERGIO!! card to each card, each [Activate: Main] effect that can be
        activated (a trash cost paid with the first cards of the hand), and each attack (6.5.3-6.5.6)."""
        game = self.game
        me = self.states[player]
        options: list[Choice] = []
        for identity in sorted({c.identity for c in me.hand if c.identity is not None}):
            trash = me.address(me.characters[0]) if len(me.characters) >= 5 else None
            play = Named("play", card=identity, target=trash)
            if game.playing.play_refusal(player, play) is None:
                options.append(play)
        if me.cost_active:
            options.extend(Named("give", target=me.address(card), count=1) for card in (me.leader, *me.characters))
        options.extend(game.playing.act_options(player))
        options.extend(game.battle.attack_options(player))
        return options

    def main_allows(self, player: str, choice: Choice) -> bool:
        """Whether the main phase's options hold ``choice``, building only the options of its kind."""
        if choice == END:
            return True
        if choice.verb == "attack":
            return choice in self.game.battle.attack_options(player)
        return choice in self.main_options(player)

    def apply_main(self, player: str, choice: Choice, decision: Decision) -> Procedure:
        game = self.game
        if isinstance(choice, Named) and choice.verb == "play":
            yield from game.playing.play(player, choice)
            yield Checkpoint(decision)
        elif isinstance(choice, Named) and choice.verb == "give":
            game.playing.give(player, choice)
            yield Checkpoint(decision)
        elif isinstance(choice, Named) and choice.verb == "act":
            game.playing.act(player, choice)
            yield Checkpoint(decision)
        elif isinstance(choice, Named) and choice.verb == "attack":
            yield from game.battle.fight(player, choice, decision)
        elif isinstance(choice, DeclaredText):
            problems = game.card_text.apply_text(player, choice.card or "?", list(choice.operations))  # type: ignore[arg-type]
            game.text_problems.extend(problems)
            yield Checkpoint(decision)
        else:
            yield Checkpoint(decision)

    def end_phase(self) -> Procedure:
        """wl 6.6.1: "end of your turn" effects, then the turn player's effects "during this turn" end, then the
        other player's (6.6.1.2, 6.6.1.3)."""
        game = self.game
        begins = self.enter("end", ("wl:6.6", "wl:6.6.1"))
        yield from game.autos.field_autos(game.turn_player, "end_of_your_turn", begins)  # 6.6.1.1, turn player first
        yield from game.autos.field_autos(game.non_turn_player, "end_of_opponents_turn", begins)
        for player in (game.turn_player, game.non_turn_player):
            if game.effects.expire(Duration.END_OF_TURN, controller=player):
                game.version += 1
            game.record(
                RecordKind.TIMING,
                player,
                f"{player}'s effects during this turn end",
                ("wl:6.6.1.2", "wl:4.3.1") if player == game.turn_player else ("wl:6.6.1.3", "wl:4.3.2"),
            )
        game.record(RecordKind.TIMING, game.turn_player, "the turn ends", ("wl:6.6.1.4",))
