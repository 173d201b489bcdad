"""The turn (vg 6.2) and its phases but the battle: stand (6.3), draw with the G assist step (6.4), ride with
the stride step (6.5), main (6.6) and end (6.8).

Implements the normal ride (6.5.1.1.2, 8.5.2.1.1.1: the same grade or one more,
once a turn), the normal stride (6.5.1.2.2, 8.5.2.1.1.3, 10.1.27, 10.2.10: both
vanguards grade 3 or more, hand cards of total grade 3 or more discarded, the
vanguard becoming the heart), the normal call (6.6.1.2.1, 8.5.2.1.1.2, 8.5.3.2:
a grade no higher than the vanguard's, onto a rear-guard circle, over the unit
there), the column swap (6.6.1.2.3), the G assist step (6.4.1.2.3-6.4.1.2.7)
and the end phase's returns and expiries (6.8.1.1-6.8.1.4), with its "at the end
of turn" abilities (6.8.1.3) and its going back to 6.8.1.1 while an ability stands
by, a rule action is due or such an ability has not stood by in it (6.8.1.5).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final

from engine.core.effects import Duration
from engine.core.game import Procedure
from engine.core.protocol import PASS, Checkpoint, Choice, Decision, DeclaredText, RecordKind, Refusal, Reveal
from engine.games.vg.choices import Activate, GAssist, OnCircle, SeekMate, Stride
from engine.games.vg.state import REAR_GUARD_CIRCLES, VANGUARD

if TYPE_CHECKING:
    from engine.games.vg.game import Vanguard

STRIDE_COST: Final = 3
"""vg 10.2.10.3.1: the default stride cost discards hand cards whose grades total 3 or more."""
G_ASSIST_LOOK: Final = 5
"""vg 6.4.1.2.7."""
G_ASSIST_REMOVE: Final = 2
"""vg 6.4.1.2.7: two hand cards and two G zone cards are removed from the game."""
MAIN_VERBS: Final = frozenset({"call", "move", "act", "effect"})


class Phases:
    """The phases of a turn but the battle phase (vg 6.3-6.6, 6.8)."""

    def __init__(self, game: Vanguard) -> None:
        self.game = game
        self.states = game.player_states
        self.g_assist_skipped: Refusal | None = None
        """Why this turn's G assist step offered no search (vg 6.4.1.2.4-6.4.1.2.5), or None."""

    def enter(self, phase: str, clauses: tuple[str, ...]) -> None:
        self.game.phase = phase
        self.game.record(RecordKind.TIMING, self.game.turn_player, f"{phase} phase begins", clauses)

    # -- stand (6.3) ------------------------------------------------------------------------

    def stand_phase(self) -> Procedure:
        game = self.game
        self.enter("stand", ("vg:6.3.1",))
        game.playing.used_this_turn.clear()  # a 1/Turn ability may be played again (vg 11.5.1.1)
        yield from game.check_timing("beginning of the stand phase", ("vg:6.3.1.1",))
        me = self.states[game.turn_player]
        for _, unit in me.units():
            unit.orientation = "stand"
            game.why_rested.pop(unit.instance, None)
        game.version += 1
        legion = ("vg:10.1.24.11",) if me.mate is not None else ()  # the Leader and the Mate stand as one
        game.record(
            RecordKind.FORCED,
            game.turn_player,
            f"{game.turn_player} stands all units",
            ("vg:6.3.1.2", "vg:10.1.11.1", *legion),
        )
        yield from game.check_timing("end of the stand phase", ("vg:6.3.1.3",))

    # -- draw (6.4) -------------------------------------------------------------------------

    def draw_phase(self) -> Procedure:
        game = self.game
        self.enter("draw", ("vg:6.4.1",))
        yield from game.check_timing("beginning of the draw phase", ("vg:6.4.1.1.1",))
        yield from game.moves.draw(game.turn_player, 1, ("vg:6.4.1.1.2", "vg:10.1", "vg:10.1.1", "vg:10.1.1.1"))
        yield from game.check_timing("after the draw", ("vg:6.4.1.1.3",))
        yield from game.check_timing("beginning of the G assist step", ("vg:6.4.1.2.2", "vg:6.4.1.2.1"))
        self.g_assist_skipped = self.g_assist_refusal(game.turn_player)
        if self.g_assist_skipped is None:
            yield from self.g_assist(game.turn_player)
        yield from game.check_timing("end of the draw phase", ("vg:6.4.1.3",))

    def g_assist_refusal(self, player: str) -> Refusal | None:
        """vg 6.4.1.2.4: why ``player`` cannot search by the G assist step now, or None."""
        me = self.states[player]
        grade = self.game.vanguard_grade(player)
        if grade >= 3:
            return Refusal(
                ("vg:6.4.1.2.4.1",), f"{player}'s vanguard is grade {grade}: a G assist needs grade 2 or less"
            )
        if len(me.g_down) + len(me.g_up) < 2:
            return Refusal(("vg:6.4.1.2.4.2",), f"{player}'s G zone holds fewer than 2 cards")
        higher = [c.identity or "?" for c in me.hand if self.game.grade_of(c) == grade + 1]
        if higher:
            return Refusal(
                ("vg:6.4.1.2.4.3",), f"{player}'s hand has a grade {grade + 1} card already ({', '.join(higher)})"
            )
        return None

    def g_assist(self, player: str) -> Procedure:
        """vg 6.4.1.2.3-6.4.1.2.7: search or not; the hand revealed, five cards looked at, up to one of the next
        grade taken, two hand cards and two G zone cards removed from the game for it, the deck shuffled."""
        me = self.states[player]
        grade = self.game.vanguard_grade(player)
        decision = Decision(
            player,
            "g_assist",
            [PASS, GAssist(None, (), ())],
            ("vg:6.4.1.2.3", "vg:6.4.1.2.7"),
            frozenset({"g_assist"}),
            prompt=f"search by the G assist step (a grade {grade + 1} among the top 5) or pass",
            default=PASS,
        )
        choice = yield decision
        if not isinstance(choice, GAssist):
            yield Checkpoint(decision)
            return
        self.game.record(RecordKind.CHOICE, player, f"{player} reveals the hand for a G assist", ("vg:6.4.1.2.6",))
        reveal = Reveal(player, "g_assist", min(G_ASSIST_LOOK, len(me.deck)), ("vg:6.4.1.2.7",))
        answer = yield reveal
        if answer is not None and len(answer) != reveal.count:
            reveal.problems.append(
                Refusal(("vg:6.4.1.2.7",), f"a G assist looks at {reveal.count} cards; the entry lists {len(answer)}")
            )
        looked = me.deck[:G_ASSIST_LOOK]
        for index, card in enumerate(looked):
            self.game.moves.bind(card, answer, index, reveal)
        reveal.used = len(looked)
        if choice.card is not None:
            taken = next((c for c in looked if c.identity == choice.card), None)
            if taken is None:
                taken = next((c for c in looked if c.identity is None and c.reveal(choice.card)), None)
            if taken is None:
                reveal.problems.append(
                    Refusal(("vg:6.4.1.2.7",), f"{choice.card} is not among the five cards {player} looked at")
                )
                self.game.moves.shuffle_in(me, [])
                yield Checkpoint(reveal)
                yield Checkpoint(decision)
                return
            me.deck.remove(taken)
            self.game.moves.put(player, "hand", taken)
            removed = [self.game.moves.take(player, "hand", identity) for identity in choice.cards]
            for identity in choice.g_cards:
                g_card = next((c for c in [*me.g_down, *me.g_up] if c.identity == identity), None)
                assert g_card is not None
                (me.g_down if g_card in me.g_down else me.g_up).remove(g_card)
                removed.append(g_card)
            for removed_card in removed:
                self.game.moves.put(player, "removed", removed_card)
            self.game.record(
                RecordKind.CHOICE,
                player,
                f"{player} takes {choice.card} and removes {', '.join(c.identity or '?' for c in removed)} from the game",
                ("vg:6.4.1.2.7", "vg:6.4.1.2.7.2"),
            )
        self.game.moves.shuffle_in(me, [])
        self.game.record(
            RecordKind.FORCED, player, f"{player} shuffles the deck", ("vg:6.4.1.2.7", "vg:10.1.10", "vg:10.1.10.1")
        )
        yield Checkpoint(reveal)  # what the entry said it looked at is checked (its ``looked``, vg 6.4.1.2.7)
        yield Checkpoint(decision)

    def g_assist_problem(self, player: str, choice: GAssist, looked: list[str | None]) -> Refusal | None:
        """Why a G assist as stated breaks vg 6.4.1.2.7, given the cards looked at; None when it does not."""
        me = self.states[player]
        grade = self.game.vanguard_grade(player)
        if choice.card is None:
            return None
        definition = self.game.definitions.get(choice.card)
        if definition is None or definition.grade != grade + 1:
            return Refusal(("vg:6.4.1.2.7",), f"{choice.card} is not grade {grade + 1}, one more than the vanguard")
        from_hand = list(choice.cards)
        if choice.card in from_hand:  # the card just taken may be one of the two
            from_hand.remove(choice.card)
        needed = min(G_ASSIST_REMOVE, len(me.hand) + 1)
        if len(choice.cards) != needed or self.game.cards_in_hand(player, tuple(from_hand), ()) is not None:
            return Refusal(
                ("vg:6.4.1.2.7", "vg:6.4.1.2.7.2"), f"remove {needed} card(s) of the hand, not {list(choice.cards)}"
            )
        g_cards = Counter(c.identity or "?" for c in [*me.g_down, *me.g_up])
        g_needed = min(G_ASSIST_REMOVE, sum(g_cards.values()))
        if len(choice.g_cards) != g_needed or Counter(choice.g_cards) - g_cards:
            return Refusal(
                ("vg:6.4.1.2.7", "vg:6.4.1.2.7.2"),
                f"remove {g_needed} card(s) of the G zone, not {list(choice.g_cards)}",
            )
        return None

    # -- ride (6.5) -------------------------------------------------------------------------

    def ride_phase(self) -> Procedure:
        game = self.game
        player = game.turn_player
        self.enter("ride", ("vg:6.5.1",))
        yield from game.check_timing("beginning of the ride phase", ("vg:6.5.1.1.1",))
        decision = Decision(
            player,
            "ride",
            lambda: [PASS, *self.ride_options(player)],
            ("vg:6.5.1.1.2", "vg:8.5.2.1.1.1"),
            frozenset({"ride"}),
            prompt="ride a card from your hand (the same grade as your vanguard or one more) or pass",
            default=PASS,
        )
        choice = yield decision
        if choice.verb == "ride":
            game.rode[player] = (game.turn, game.entry)
            card = game.moves.take(player, "hand", choice.card_id)
            game.moves.ride(
                player,
                card,
                (
                    "vg:6.5.1.1.2",
                    "vg:6.5.1.1.3",
                    "vg:8.5.1.1",
                    "vg:8.5.1.1.1",
                    "vg:8.5.3.1",
                    "vg:10.1.5",
                    "vg:10.1.5.1",
                    "vg:10.1.5.1.1",
                    "vg:4.6.4.1",
                ),
            )
            game.playing.placed(player, card, VANGUARD)
            game.keywords.forerunner_triggers(player, card)
        yield Checkpoint(decision)
        yield from game.check_timing("after the ride step", ("vg:6.5.1.1.4",))
        yield from game.check_timing("beginning of the stride step", ("vg:6.5.1.2.1",))
        if self.states[player].g_down:
            yield from self.stride_step(player)
        yield from game.check_timing("end of the ride phase", ("vg:6.5.1.3",))

    def ride_options(self, player: str) -> list[Choice]:
        """vg 8.5.2.1.1.1: hand cards of the vanguard's grade or one more (no G unit: those are in the G zone)."""
        grade = self.game.vanguard_grade(player)
        return [
            Choice("ride", card=identity)
            for identity in sorted(self.game.moves.hand_identities(player))
            if (d := self.game.definitions.get(identity)) is not None and d.grade in (grade, grade + 1)
        ]

    def stride_step(self, player: str) -> Procedure:
        """vg 6.5.1.2.2: a normal stride, or a pass."""
        decision = Decision(
            player,
            "stride",
            lambda: [PASS, *self.stride_examples(player)],
            ("vg:6.5.1.2.2", "vg:8.5.2.1.1.3", "vg:10.2.10"),
            frozenset({"stride"}),
            prompt="stride a G unit (discarding hand cards of total grade 3 or more) or pass",
            default=PASS,
        )
        choice = yield decision
        if isinstance(choice, Stride):
            yield from self.stride(player, choice)
        yield Checkpoint(decision)

    def stride_refusal(self, player: str, choice: Stride) -> Refusal | None:
        """Why a stride as stated breaks the rules; None when it is legal."""
        me = self.states[player]
        opponent = self.game.opponent(player)
        if self.game.vanguard_grade(player) < 3 or self.game.vanguard_grade(opponent) < 3:
            return Refusal(
                ("vg:8.5.2.1.1", "vg:8.5.2.1.1.3"), "both players' vanguards must be grade 3 or greater to stride"
            )
        if not any(c.identity == choice.card for c in me.g_down):
            if any(c.identity == choice.card for c in me.g_up):
                return Refusal(
                    ("vg:10.1.27.1",), f"{choice.card} is face up in {player}'s G zone: only a face-down G unit strides"
                )
            return Refusal(("vg:6.5.1.2.2", "vg:8.5.2.2.2"), f"{choice.card} is not face down in {player}'s G zone")
        definition = self.game.definitions.get(choice.card or "")
        if definition is None or not definition.is_g_unit:
            return Refusal(("vg:10.1.27",), f"{choice.card} is not a G unit")
        if self.game.cards_in_hand(player, choice.cards, ()) is not None:
            return Refusal(
                ("vg:10.2.10.3.1", "vg:8.5.2.3"), f"the cost names cards not in {player}'s hand: {list(choice.cards)}"
            )
        total = sum(self.game.grade_of_id(identity) for identity in choice.cards)
        if total < STRIDE_COST:
            return Refusal(
                ("vg:10.2.10.3.1", "vg:8.5.2.3"),
                f"the discarded cards' grades total {total}, the cost needs {STRIDE_COST}",
            )
        vanguard = me.vanguard
        hearts = {
            vanguard.identity if vanguard is not None else None,
            me.mate.identity if me.mate is not None else None,
        }
        if choice.heart is not None and choice.heart not in hearts:
            return Refusal(("vg:10.1.27.2.3",), f"the heart must be a stridden vanguard, not {choice.heart}")
        return None

    def stride_examples(self, player: str) -> list[Choice]:
        """Some legal strides (a legal stride is checked by ``stride_refusal``): each G unit, paid with the
        fewest hand cards in hand order whose grades reach the cost."""
        me = self.states[player]
        if self.game.vanguard_grade(player) < 3 or self.game.vanguard_grade(self.game.opponent(player)) < 3:
            return []
        paid: list[str] = []
        total = 0
        for card in sorted(me.hand, key=lambda c: -self.game.grade_of(c)):
            if total >= STRIDE_COST:
                break
            if card.identity is not None:
                paid.append(card.identity)
                total += self.game.grade_of(card)
        if total < STRIDE_COST:
            return []
        vanguard = me.vanguard
        heart = vanguard.identity if vanguard is not None else None
        return [
            Stride(identity, tuple(sorted(paid)), heart)
            for identity in sorted({c.identity for c in me.g_down if c.identity is not None})
        ]

    def stride(self, player: str, choice: Stride) -> Procedure:
        """vg 8.5.3.4, 10.1.27: the cost paid, the G unit from the G zone on the vanguard circle in the stridden
        unit's orientation (8.5.1.1.3.1, 10.1.27.2.1), the vanguards becoming its hearts, face up and standing, a
        legion still one (10.1.27.2.2, 10.1.26.2), kept apart from the units (10.1.26.3)."""
        game = self.game
        me = self.states[player]
        game.strode[player] = (game.turn, game.entry)
        for identity in choice.cards:
            game.moves.put(player, "drop", game.moves.take(player, "hand", identity))
        g_unit = next(c for c in me.g_down if c.identity == choice.card)
        me.g_down.remove(g_unit)
        vanguard = me.vanguard
        orientation = vanguard.orientation if vanguard is not None else "stand"
        me.hearts = list(me.circles[VANGUARD])
        if me.mate is not None and vanguard is not None:  # a legion: both become hearts (10.1.27.2.2)
            me.legion_in_hearts = (vanguard, me.mate)
            me.hearts.append(me.mate)
            me.mate = None
        chosen = next((heart for heart in me.hearts if heart.identity == choice.heart), None)
        if chosen is not None:  # the chosen heart first: it gives the G unit its name and power (10.1.27.2.3)
            me.hearts.remove(chosen)
            me.hearts.insert(0, chosen)
        for heart in me.hearts:
            heart.orientation = "stand"
            me.face_down.discard(heart.instance)
        me.circles[VANGUARD].clear()
        game.moves.place(player, VANGUARD, g_unit, orientation)
        game.record(
            RecordKind.CHOICE,
            player,
            f"{player} strides {choice.card}, discarding {', '.join(choice.cards)}; "
            f"{', '.join(c.identity or '?' for c in me.hearts)} become the heart",
            (
                "vg:6.5.1.2.2",
                "vg:6.5.1.2.3",
                "vg:8.5.1.1.3",
                "vg:8.5.1.1.3.1",
                "vg:8.5.3.4",
                "vg:10.1.27",
                "vg:10.1.27.2",
                "vg:10.1.27.2.1",
                "vg:10.1.27.2.1.1",
                "vg:10.1.27.2.2",
                "vg:10.1.27.2.3",
                "vg:10.1.26.1",
                "vg:10.1.26.2",
                "vg:10.1.26.3",
                "vg:10.1.26.5",
                "vg:10.1.26.5.1",
                "vg:10.1.27.5",
                "vg:10.2.10.1",
                "vg:10.2.10.3",
                "vg:10.2.10.3.1",
            ),
            step="stride",
        )
        game.playing.placed(player, g_unit, VANGUARD)
        return
        yield  # pragma: no cover - a procedure, for the stride abilities to come

    # -- main (6.6) -------------------------------------------------------------------------

    def main_phase(self) -> Procedure:
        game = self.game
        player = game.turn_player
        self.enter("main", ("vg:6.6.1",))
        while True:
            yield from game.check_timing("play timing of the main phase", ("vg:6.6.1.1", "vg:8.4.2.1", "vg:8.4.2"))
            decision = Decision(
                player,
                "main",
                lambda: [
                    PASS,
                    *self.call_options(player),
                    *self.move_options(player),
                    *game.keywords.seek_mate_options(player),
                    *game.playing.act_options(player),
                ],
                ("vg:6.6.1.2",),
                MAIN_VERBS,
                prompt="call a unit, swap a column's rear-guards, play an ability, or pass to the battle phase",
                default=PASS,
                allows=lambda choice: self.main_allows(player, choice),
            )
            choice = yield decision
            if choice.verb == "pass":
                game.record(RecordKind.TIMING, player, "the main phase ends", ("vg:6.6.1.3", "vg:8.4.2.3"))
                yield Checkpoint(decision)
                return
            yield from self.apply_main(player, choice)
            yield Checkpoint(decision)

    def main_allows(self, player: str, choice: Choice) -> bool:
        """Whether the main phase's options hold ``choice``, building only the options of its kind."""
        if choice == PASS:
            return True
        if isinstance(choice, OnCircle) and choice.verb == "call":
            return choice in self.call_options(player)
        if isinstance(choice, OnCircle) and choice.verb == "move":
            return choice in self.move_options(player)
        if choice in self.game.keywords.seek_mate_options(player):
            return True
        return choice in self.game.playing.act_options(player)

    def call_options(self, player: str) -> list[Choice]:
        """vg 6.6.1.2.1, 8.5.2.1.1.2: a hand card of grade no higher than the vanguard's, to a rear-guard circle."""
        grade = self.game.vanguard_grade(player)
        identities = sorted(self.game.moves.hand_identities(player))
        me = self.states[player]
        open_circles = [c for c in REAR_GUARD_CIRCLES if not any(card.instance in me.locked for card in me.circles[c])]
        return [
            OnCircle("call", circle, card=identity)
            for identity in identities
            if (d := self.game.definitions.get(identity)) is not None and not d.is_g_unit and d.grade <= grade
            for circle in open_circles  # a lock circle is no rear-guard circle (4.6.7, 10.1.21.6)
        ]

    def move_options(self, player: str) -> list[Choice]:
        """vg 6.6.1.2.3: the two rear-guard circles of a column, when either holds a card."""
        me = self.states[player]
        return [
            OnCircle("move", front, other=back)
            for front, back in (("FL", "BL"), ("FR", "BR"))
            if me.circles[front] or me.circles[back]
        ]

    def move_refusal(self, player: str, choice: OnCircle) -> Refusal:
        """Why ``choice`` is no swap of ``player``'s (vg 6.6.1.2.3: the two rear-guard circles of a column exchange
        their cards): a circle that is no rear-guard circle, two circles of different columns, or two empty ones."""
        first, second = choice.circle, choice.other
        columns = "a swap exchanges the two rear-guard circles of a column (FL-BL, FR-BR)"
        if first is None or second is None:
            return Refusal(("vg:6.6.1.2.3",), f"a swap names two circles, from and to: {columns}")
        for circle in (first, second):
            if circle == VANGUARD:
                return Refusal(("vg:6.6.1.2.3", "vg:4.6.4"), f"V is the vanguard circle: {columns}")
            if circle not in REAR_GUARD_CIRCLES:
                return Refusal(("vg:6.6.1.2.3",), f"{circle} is not a rear-guard circle: {columns}")
        if (first, second) not in (("FL", "BL"), ("FR", "BR")):
            return Refusal(("vg:6.6.1.2.3",), f"{first} and {second} are not the circles of one column: {columns}")
        me = self.states[player]
        if not me.circles[first] and not me.circles[second]:
            return Refusal(("vg:6.6.1.2.3",), f"{first} and {second} are both empty: there is no unit to move")
        return Refusal(("vg:6.6.1.2.3",), columns)

    def apply_main(self, player: str, choice: Choice) -> Procedure:
        game = self.game
        me = self.states[player]
        if isinstance(choice, OnCircle) and choice.verb == "call" and choice.circle is not None:
            card = game.moves.take(player, "hand", choice.card_id)
            game.moves.place(player, choice.circle, card)
            game.record(
                RecordKind.CHOICE,
                player,
                f"{player} calls {choice.card} to {choice.circle}",
                (
                    "vg:6.6.1.2.1",
                    "vg:8.5.1",
                    "vg:8.5.1.1.2",
                    "vg:8.5.2",
                    "vg:8.5.2.2",
                    "vg:8.5.2.2.1",
                    "vg:8.5.3",
                    "vg:8.5.3.2",
                    "vg:10.1.6",
                    "vg:10.1.6.1",
                    "vg:10.1.6.1.1",
                    "vg:10.1.6.1.1.1",
                    "vg:10.1.6.1.1.1.2",
                    "vg:10.1.6.1.1.2",
                    "vg:10.1.6.1.2",
                    "vg:10.1.6.1.2.1",
                    "vg:4.6.6.1",
                ),
                step="call",
            )
            game.playing.placed(player, card, choice.circle)
        elif isinstance(choice, Activate):
            yield from game.playing.act(player, choice)
        elif isinstance(choice, SeekMate):
            yield from game.keywords.seek_mate(player, choice)
        elif isinstance(choice, DeclaredText):
            problems = game.card_text.apply_text(player, choice.card or "?", list(choice.operations))  # type: ignore[arg-type]
            game.text_problems.extend(problems)
        elif isinstance(choice, OnCircle) and choice.verb == "move" and choice.circle and choice.other:
            me.circles[choice.circle], me.circles[choice.other] = me.circles[choice.other], me.circles[choice.circle]
            game.version += 1
            game.record(
                RecordKind.CHOICE,
                player,
                f"{player} swaps {choice.circle} and {choice.other}",
                ("vg:6.6.1.2.3", "vg:4.6.6.2"),
            )
        return
        yield  # pragma: no cover - a procedure, for the abilities a main phase plays

    # -- end (6.8) --------------------------------------------------------------------------

    def end_phase(self) -> Procedure:
        """vg 6.8.1: the returns (6.8.1.1) and a check timing (6.8.1.2); "at the end of turn" abilities stand by
        (6.8.1.3), a check timing, and until end of turn effects end (6.8.1.4); while anything stands by, a rule
        action is due or such an ability has not stood by in this end phase, back to 6.8.1.1 (6.8.1.5), each
        ability standing by once in it."""
        game = self.game
        self.enter("end", ("vg:6.8.1",))
        game.playing.begin_step("end_of_turn")
        while True:
            self.end_phase_returns()
            yield from game.check_timing("after the end phase's returns", ("vg:6.8.1.2",))
            game.playing.step_triggers("end_of_turn", "the end phase")
            yield from game.check_timing("end of the turn", ("vg:6.8.1.3", "vg:6.8.1.4"))
            if game.effects.expire(Duration.END_OF_TURN):
                game.version += 1
            game.record(RecordKind.TIMING, None, "effects until end of turn end", ("vg:6.8.1.4",))
            if not game.standby and game.nothing_due() and not game.playing.step_waiting("end_of_turn"):
                return
            game.record(
                RecordKind.TIMING,
                game.turn_player,
                'an ability stands by, a rule action is due, or an "at the end of turn" ability has not stood by: '
                "the end phase goes back",
                ("vg:6.8.1.5", "vg:6.8.1.1"),
            )

    def end_phase_returns(self) -> None:
        """vg 6.8.1.1: the turn player's locked cards unlocked and deleted units turned face up (6.8.1.1.1,
        6.8.1.1.2), and G units back to the G zone face up, their hearts leaving heart state (6.8.1.1.3,
        10.1.27.4)."""
        game = self.game
        for state in self.states.values():
            if state.id == game.turn_player and (state.locked or state.deleted):
                for pile in state.circles.values():
                    for card in pile:
                        if card.instance in state.locked:
                            card.renew()  # unlocked, a new card, standing (10.1.23.2, 10.1.23.3)
                state.face_down -= state.locked | state.deleted
                state.locked.clear()
                state.deleted.clear()
                game.version += 1
                game.record(
                    RecordKind.FORCED,
                    state.id,
                    f"{state.id}'s locked cards are unlocked and deleted units turned face up",
                    (
                        "vg:6.8.1.1.1",
                        "vg:6.8.1.1.2",
                        "vg:10.1.21.5",
                        "vg:10.1.21.7",
                        "vg:10.1.23",
                        "vg:10.1.23.1",
                        "vg:10.1.23.2",
                        "vg:10.1.23.3",
                        "vg:10.1.23.4",
                        "vg:10.1.25.5",
                    ),
                )
            vanguard = state.vanguard
            definition = game.definition(vanguard) if vanguard is not None else None
            if vanguard is not None and definition is not None and definition.is_g_unit:
                orientation = vanguard.orientation
                state.circles[VANGUARD].remove(vanguard)
                game.moves.put(state.id, "g_up", vanguard)
                for heart in state.hearts:
                    heart.orientation = orientation
                if state.legion_in_hearts is not None:  # the legion they were stays one
                    leader, mate = state.legion_in_hearts
                    state.circles[VANGUARD].append(leader)
                    state.mate = mate
                    state.legion_in_hearts = None
                else:
                    state.circles[VANGUARD].extend(state.hearts)
                state.hearts.clear()
                game.record(
                    RecordKind.FORCED,
                    state.id,
                    f"{vanguard.identity} returns to {state.id}'s G zone face up",
                    ("vg:6.8.1.1.3", "vg:10.1.27.4", "vg:10.1.26.4", "vg:10.1.26.6"),
                )
