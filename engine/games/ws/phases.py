"""The turn and its phases (ws 6): stand, draw, clock, main, climax, (attack,) end.

Implements ws 6.1.1 (the phases in order), 6.2 (stand), 6.3 (draw), 6.4 (clock:
a card from hand, then draw two), 6.5 (main: play characters and events, play
activated abilities, move characters, at play timings preceded by check
timings, 8.5.2), 6.6 (climax) and 6.8 (end: the hand limit, the climax to the
waiting room, the end of "until end of turn").  The attack phase (6.7) is
``engine.games.ws.attack``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.core.cards import Card
from engine.core.effects import Duration
from engine.core.game import Procedure, ability_label
from engine.core.protocol import PASS, Checkpoint, Choice, Decision, DeclaredText, RecordKind, Refusal
from engine.core.wording import counted
from engine.games.ws.choices import Activate, Move
from engine.games.ws.playing import TextOperation
from engine.games.ws.state import HAND_LIMIT, POSITIONS

if TYPE_CHECKING:
    from engine.games.ws.game import WeissSchwarz

PHASES: Final = ("stand", "draw", "clock", "main", "climax", "attack", "end")
"""ws 6.1.1, in order."""
MAIN_VERBS: Final = frozenset({"play", "move", "act", "effect"})
"""What a main-phase play timing takes: a card played, an ability, a move, card text applied."""
PLAYED_CHARACTER: Final = (
    "ws:6.5.1.2.1",
    "ws:8.6.1",
    "ws:8.6.2",
    "ws:8.6.2.2",
    "ws:8.6.2.2.1",
    "ws:8.6.2.4",
    "ws:8.6.2.4.1",
)
"""What a character played from hand cites: played (8.6.1, 8.6.2), its position chosen (8.6.2.2, 8.6.2.2.1) and
resolved, placed there (8.6.2.4, 8.6.2.4.1)."""
_CHOICES: Final[dict[tuple[str, str | None, int | None], Choice]] = {}


def _choice(verb: str, card: str | None = None, pos: int | None = None) -> Choice:
    """A shared Choice object (main-phase options are rebuilt at every play timing)."""
    key = (verb, card, pos)
    choice = _CHOICES.get(key)
    if choice is None:
        choice = _CHOICES[key] = Choice(verb, card=card, pos=pos)
    return choice


def _moves_when_occupied(occupied: frozenset[int]) -> tuple[Choice, ...]:
    """ws 6.5.1.2.4: every exchange of two positions, at least one of them occupied."""
    return tuple(
        Move(first, second)
        for first in POSITIONS
        for second in POSITIONS
        if first < second and (first in occupied or second in occupied)
    )


_MOVES_WITH: Final = {
    occupied: _moves_when_occupied(occupied)
    for occupied in (frozenset(p for p in POSITIONS if mask >> (p - 1) & 1) for mask in range(32))
}


class Phases:
    """The phases of a turn (ws 6)."""

    def __init__(self, game: WeissSchwarz) -> None:
        self.game = game
        self.states = game.player_states
        self.began: set[tuple[int, str]] = set()
        """(turn, phase) whose "at the beginning of" has activated: once a turn, though the end phase may begin
        again (6.8.1.1, 6.8.1.5) and the attack phase's first declaration step is its beginning (7.2.1.1)."""

    def play_turn(self, start: str) -> Procedure:
        """One turn, from ``start`` to the end phase (6.1.1)."""
        self.game.attack_phase.attacks_this_turn = 0
        for phase in PHASES[PHASES.index(start) :]:
            self.game.phase = phase
            yield from self.phase_procedure(phase)

    def phase_procedure(self, phase: str) -> Procedure:
        """The procedure of one phase of ``PHASES`` (6.2-6.8)."""
        match phase:
            case "stand":
                return self.stand_phase()
            case "draw":
                return self.draw_phase()
            case "clock":
                return self.clock_phase()
            case "main":
                return self.main_phase()
            case "climax":
                return self.climax_phase()
            case "attack":
                return self.game.attack_phase.run()
            case "end":
                return self.end_phase()
        raise ValueError(f"no phase {phase!r}")

    def begin(self, what: str, clauses: tuple[str, ...], phase: str | None = None) -> None:
        """A phase or step begins: recorded, and for ``phase`` (``engine.games.ws.abilities.PHASES``), the
        activation condition "at the beginning of" it activates (6.2.1.1-6.8.1.1, 7.2.1.1, 7.7.1.1), once a turn."""
        if not self.game.unrecorded():
            self.game.record(RecordKind.TIMING, self.game.turn_player, what, clauses)
        if phase is not None and (self.game.turn, phase) not in self.began:
            self.began.add((self.game.turn, phase))
            self.game.playing.trigger_beginning(phase)

    def stand_phase(self) -> Procedure:
        if not self.game.unrecorded():
            self.begin(
                f"turn {self.game.turn} ({self.game.turn_player}): stand phase begins", ("ws:6.2.1", "ws:6.2.1.1")
            )
        yield from self.game.check_timing("beginning of the stand phase", ("ws:6.2.1.1",))
        me = self.states[self.game.turn_player]
        why_rested = self.game.why_rested
        kept = []
        for _, card in me.characters():
            if self.game.restricts_standing and self.game.attack_phase.cannot(card, "stand"):
                kept.append(card.identity or "?")
                continue
            card.orientation = "stand"
            why_rested.pop(card.instance, None)
        if kept:
            self.game.record(
                RecordKind.ABILITY,
                self.game.turn_player,
                f"{', '.join(kept)} cannot 【STAND】 during the stand phase: a continuous ability says so",
                ("ws:8.1.1.3", "ws:6.2.1.2"),
            )
        self.game.record(
            RecordKind.FORCED,
            self.game.turn_player,
            "the other characters stand" if kept else "all characters stand",
            ("ws:6.2.1.2", "ws:4.6.1", "ws:4.6.1.1"),
        )
        yield from self.game.check_timing("after standing", ("ws:6.2.1.3",))

    def draw_phase(self) -> Procedure:
        self.begin("draw phase begins", ("ws:6.3.1", "ws:6.3.1.1"), "draw_phase")
        yield from self.game.check_timing("beginning of the draw phase", ("ws:6.3.1.1",))
        yield from self.game.moves.draw(self.game.turn_player, 1, ("ws:6.3.1.2", "ws:4.7.2"))
        yield from self.game.check_timing("after the draw", ("ws:6.3.1.3",))

    def clock_phase(self) -> Procedure:
        self.begin("clock phase begins", ("ws:6.4.1", "ws:6.4.1.1"), "clock_phase")
        yield from self.game.check_timing("beginning of the clock phase", ("ws:6.4.1.1",))
        player = self.game.turn_player
        options = [Choice("clock", card=identity) for identity in self.game.moves.hand_identities(player)]
        options.append(Choice("pass"))
        decision = Decision(
            player,
            "clock",
            options,
            ("ws:6.4.1.2",),
            frozenset({"clock"}),
            prompt="put a card from hand into the clock to draw two, or pass",
            default=Choice("pass"),
        )
        choice = yield decision
        if choice.verb == "clock":
            card = self.game.moves.take_from(player, "hand", choice.card)
            self.game.moves.put(player, "clock", card)
            self.game.record(
                RecordKind.CHOICE, player, f"{player} clocks {card.identity}", ("ws:6.4.1.2",), card=card.identity
            )
            yield Checkpoint(decision)
            yield from self.game.rule_actions.interrupts()
            yield from self.game.moves.draw(player, 2, ("ws:6.4.1.2",))
        else:
            self.game.record(RecordKind.CHOICE, player, f"{player} does not clock", ("ws:6.4.1.2",))
            yield Checkpoint(decision)
        yield from self.game.check_timing("end of the clock phase", ("ws:6.4.1.3",))

    def main_phase(self) -> Procedure:
        self.begin("main phase begins", ("ws:6.5.1", "ws:6.5.1.1"), "main_phase")
        player = self.game.turn_player
        self.game.keywords.trigger_shift(player)
        yield from self.game.check_timing("before a play timing", ("ws:8.5.2", "ws:8.5.2.1", "ws:4.5.2"))
        yield from self.game.keywords.unseen_shift(player)
        while True:
            decision = self.main_decision(player)
            choice = yield decision
            if choice.verb == "pass":
                if not self.game.unrecorded():
                    self.game.record(
                        RecordKind.CHOICE,
                        player,
                        f"{player} ends the main phase",
                        ("ws:6.5.1.3", "ws:4.5.3.2", "ws:8.5.2.3"),
                    )
                yield Checkpoint(decision)
                return
            yield from self.apply_main(player, choice)
            yield Checkpoint(decision)
            yield from self.game.check_timing(
                "before a play timing", ("ws:8.5.2", "ws:8.5.2.1", "ws:4.5.2", "ws:4.5.3.1")
            )

    def main_decision(self, player: str) -> Decision:
        """The play timing of the main phase (6.5.1.2): its options are built only when asked for."""
        return Decision(
            player,
            "main",
            lambda: self.main_options(player),
            ("ws:6.5.1.2", "ws:4.5.1", "ws:4.5.3"),
            MAIN_VERBS,
            prompt="play a character or an event, move characters, or pass",
            default=PASS,
            allows=lambda choice: self.main_allows(player, choice),
        )

    def main_options(self, player: str) -> list[Choice]:
        """Every legal choice at a main-phase play timing: plays, activated abilities, moves, pass."""
        options: list[Choice] = []
        me = self.states[player]
        for identity in self.game.moves.hand_identities(player):
            definition = self.game.definitions.get(identity)
            if definition is None or self.game.playing.play_refusal(player, definition) is not None:
                continue
            if definition.type == "character":
                options.extend(_choice("play", identity, pos) for pos in POSITIONS)
            elif definition.type == "event":
                options.append(_choice("play", identity))
        for pos, card in me.characters():
            for ability in self.game.abilities_of(card):
                if ability.kind == "act" and self.game.costs.refusal(player, card, ability) is None:
                    options.append(Activate(pos, ability.index))
        occupied = frozenset(pos for pos, cards in zip(POSITIONS, me.stage) if cards)
        moves = _MOVES_WITH[occupied]
        if self.game.restricts_moves:
            moves = tuple(move for move in moves if self.move_blocker(player, move) is None)
        options.extend(moves)
        options.append(PASS)
        return options

    def move_blocker(self, player: str, move: Choice) -> Card | None:
        """The character of the two positions ``move`` exchanges that cannot move to another position (8.1.1.3),
        or None."""
        me = self.states[player]
        for position in (move.pos, move.other if isinstance(move, Move) else None):
            character = me.character_at(position) if position in POSITIONS else None
            if character is not None and self.game.characteristics.cannot_move(character):
                return character
        return None

    def main_allows(self, player: str, choice: Choice) -> bool:
        """Whether ``choice`` is among ``main_options(player)``, without building them."""
        me = self.states[player]
        verb = choice.verb  # the verb first: an isinstance test that fails walks the class hierarchy
        if verb == "pass":
            return choice == PASS
        if verb == "move" and isinstance(choice, Move):  # the lower position first, one occupied (_moves_when_occupied)
            first, second = choice.pos, choice.other
            if first not in POSITIONS or second not in POSITIONS or not first < second:
                return False
            if self.game.restricts_moves and self.move_blocker(player, choice) is not None:
                return False
            return bool(me.pile_at(first) or me.pile_at(second))
        if verb == "play":
            definition = self.game.definitions.get(choice.card) if choice.card is not None else None
            if definition is None or choice != _choice("play", choice.card, choice.pos):
                return False
            if definition.type == "character":
                placed = choice.pos in POSITIONS
            else:
                placed = definition.type == "event" and choice.pos is None
            return (
                placed
                and self.game.moves.in_hand(player, definition.id)
                and self.game.playing.play_refusal(player, definition) is None
            )
        if verb == "act" and isinstance(choice, Activate):
            card = me.character_at(choice.pos) if choice.pos in POSITIONS else None
            if card is None:
                return False
            return any(
                ability.kind == "act"
                and ability.index == choice.ability
                and self.game.costs.refusal(player, card, ability) is None
                for ability in self.game.abilities_of(card)
            )
        return False

    def apply_main(self, player: str, choice: Choice) -> Procedure:
        game = self.game
        verb = choice.verb
        if verb == "effect" and isinstance(
            choice, DeclaredText
        ):  # unmodelled card text, as stated; a check timing follows
            operations = [operation for operation in choice.operations if isinstance(operation, TextOperation)]
            game.text_problems.extend(game.playing.apply_text(player, choice.card or "?", operations))
            return
        if verb == "move" and isinstance(choice, Move):
            game.moves.swap(player, choice.position, choice.other or 0)
            return
        if verb == "act" and isinstance(choice, Activate):
            card = self.states[player].character_on(choice.pos)
            ability = next(a for a in game.abilities_of(card) if a.index == choice.ability)
            # the cards the cost puts from the hand and the characters it rests: the act entry names them
            paid = yield from game.costs.pay_chosen_parts(player, card, ability)
            yield from game.costs.pay_ability(player, card, ability)
            game.record(
                RecordKind.CHOICE,
                player,
                f"{player} plays {ability_label(str(ability.index))} of {card.identity} (position {choice.pos})",
                ("ws:6.5.1.2.3", "ws:8.1.1", "ws:8.1.1.1", "ws:8.6.1", "ws:8.6.2.3.1", "ws:4.3.4"),
                pos=choice.pos,
                ability=ability.index,
            )
            game.playing.trigger_act_used(player, card)
            yield from game.rule_actions.interrupts()
            yield from game.operations.resolve_effects(player, card, ability)
            for decision in paid:
                yield Checkpoint(decision)
            return
        definition = game.definitions[choice.card_id]
        card = yield from game.playing.play_from_hand(
            player, choice.card_id, ("ws:6.5.1.2.1",) if choice.pos else ("ws:6.5.1.2.2",)
        )
        if definition.type == "character":
            game.moves.put_on_stage(player, card, choice.position)
            game.keywords.trigger_bond(player, card)
            game.placed_from_hand[card.instance] = game.turn
            game.playing.trigger_card(player, card, "on_play", "was played")
            if not game.unrecorded():
                game.record(
                    RecordKind.CHOICE,
                    player,
                    f"{player} plays {card.identity} to position {choice.pos}",
                    PLAYED_CHARACTER + ("ws:8.6.2.1.1.1",) if definition.level == 0 else PLAYED_CHARACTER,
                    card=card.identity,
                    pos=choice.pos,
                )
        else:
            yield from game.playing.resolve_event(player, card)

    def climax_phase(self) -> Procedure:
        self.begin("climax phase begins", ("ws:6.6.1", "ws:6.6.1.1"), "climax_phase")
        yield from self.game.check_timing("beginning of the climax phase", ("ws:6.6.1.1",))
        player = self.game.turn_player
        yield from self.game.check_timing("before a play timing", ("ws:8.5.2", "ws:8.5.2.1", "ws:4.5.2"))
        options = []
        for identity in self.game.moves.hand_identities(player):
            definition = self.game.definitions.get(identity)
            if (
                definition is not None
                and definition.type == "climax"
                and self.game.playing.color_ok(player, definition)
            ):
                options.append(Choice("climax", card=identity))
        options.append(Choice("pass"))
        decision = Decision(
            player,
            "climax",
            options,
            ("ws:6.6.1.2", "ws:6.6.1.2.1", "ws:4.5.1", "ws:4.5.3"),
            frozenset({"climax"}),
            prompt="play a climax from hand, or pass",
            default=Choice("pass"),
        )
        choice = yield decision
        if choice.verb == "climax":
            card = self.game.moves.take_from(player, "hand", choice.card)
            self.game.moves.put(player, "climax", card)
            self.states[player].placed_at[card.instance] = self.game.effects.next_timestamp()  # 8.9.1.5
            self.game.playing.trigger_card(player, card, "on_play", "was placed in the climax area")
            for _, character in self.states[player].characters():
                self.game.playing.trigger_card(
                    player,
                    character,
                    "when_climax_placed",
                    f"saw {card.identity} placed in the climax area",
                    climax=card,
                )
            opponent = self.game.opponent(player)
            for _, character in self.states[opponent].characters():
                self.game.playing.trigger_card(
                    opponent,
                    character,
                    "when_opponent_climax_placed",
                    f"saw {card.identity} placed in {player}'s climax area",
                )
            self.game.record(
                RecordKind.CHOICE,
                player,
                f"{player} plays the climax {card.identity}",
                ("ws:6.6.1.2.1", "ws:8.6.1", "ws:8.6.2.1", "ws:8.6.2.1.2.1", "ws:8.6.2.4", "ws:8.6.2.4.3"),
                card=card.identity,
            )
        else:
            self.game.record(
                RecordKind.CHOICE, player, f"{player} plays no climax", ("ws:6.6.1.2", "ws:4.5.3.2", "ws:8.5.2.3")
            )
        yield Checkpoint(decision)
        yield from self.game.check_timing("end of the climax phase", ("ws:6.6.1.3",))

    def end_phase(self) -> Procedure:
        self.begin("end phase begins", ("ws:6.8.1", "ws:6.8.1.1"), "end_phase")
        yield from self.game.check_timing("beginning of the end phase", ("ws:6.8.1.1",))
        player = self.game.turn_player
        me = self.states[player]
        excess = len(me.hand) - HAND_LIMIT
        if excess > 0:
            known = sorted(card.identity for card in me.hand if card.identity is not None)
            unseen = [
                sorted(card.pool.identities())[:1]
                for card in me.hand
                if card.identity is None and card.pool is not None
            ]
            sample = tuple((known + [name for names in unseen for name in names])[:excess])  # unseen: what it can be
            sample = sample if len(sample) == excess else ()
            decision = Decision(
                player,
                "discard",
                [Choice("discard", cards=sample)] if sample else [],
                ("ws:6.8.1.2", "ws:3.3.3.1"),
                frozenset({"discard"}),
                prompt=f"put {counted(excess, 'card')} from hand into the waiting room (hand limit {HAND_LIMIT})",
            )
            choice = yield decision
            for identity in choice.cards:
                self.game.moves.put(player, "waiting", self.game.moves.take_from(player, "hand", identity))
            self.game.record(
                RecordKind.CHOICE,
                player,
                f"{player} discards {', '.join(choice.cards)} to the hand limit",
                ("ws:6.8.1.2", "ws:3.3.3"),
                cards=list(choice.cards),
            )
            yield Checkpoint(decision)
        for card in list(me.climax):
            self.game.moves.put(player, "waiting", self.game.moves.take_card(player, "climax", card))
            self.game.record(
                RecordKind.FORCED, player, f"the climax {card.identity} goes to the waiting room", ("ws:6.8.1.3",)
            )
        yield from self.game.check_timing("end of the turn", ("ws:6.8.1.4",))
        ended = self.game.effects.expire(Duration.END_OF_TURN)
        ended += self.game.effects.expire_opponents_next_turn(player, self.game.turn)
        self.game.version += 1
        if not self.game.unrecorded():
            self.game.record(
                RecordKind.TIMING,
                player,
                f"effects until end of turn end ({ended}); the turn ends",
                ("ws:6.8.1.4", "ws:6.8.1.5"),
            )

    def act_refusal(self, player: str, choice: Choice) -> Refusal | None:
        """Why this activated ability cannot be played (6.5.1.2.3, its cost 8.4.2.2), if there is no such ability."""
        me = self.states[player]
        card = me.character_at(choice.pos) if choice.pos in POSITIONS else None
        index = choice.ability if isinstance(choice, Activate) else None
        ability = (
            next(
                (a for a in self.game.abilities_of(card) if a.index == index and a.kind == "act"),
                None,
            )
            if card
            else None
        )
        if card is None or ability is None:
            return Refusal(("ws:6.5.1.2.3",), f"no activated ability {index!r} on position {choice.pos!r}")
        return self.game.costs.refusal(player, card, ability)
