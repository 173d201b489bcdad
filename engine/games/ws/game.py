"""Weiss Schwarz (CR 2.00), played clause by clause.

The procedure below follows the comprehensive rules in their own order: setup
(5.2), the phases of a turn (6.2-6.8), the attack (7.2-7.7), playing cards
(8.6), check timing (8.5), rule actions (9) and the keyword abilities of 10
that change the procedure (Encore, Backup, Assist).  Every state change is
recorded with the clause that required or allowed it; every decision lists its
legal options, and ``explain`` names the clause that forbids an illegal one.

Interrupt rule actions (refresh 9.2, level up 9.3) happen the moment their
condition holds, except while a cost is being paid (8.4.2.1, 9.2.3, 9.3.3);
check rule actions (9.4-9.9) wait for a check timing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator, Iterable
from dataclasses import dataclass
from typing import Any, Final

from engine.core.cards import Card, IdentityPool
from engine.core.check_timing import CheckTimingGame
from engine.core.effects import ContinuousEffect, Duration, Layer
from engine.core.game import GameEnded, Procedure, Request, StandbyAbility, Termination
from engine.core.protocol import Checkpoint, Choice, Decision, RecordKind, Refusal, Reveal
from engine.games.ws.abilities import CardAbility, card_abilities
from engine.games.ws.cards import MODELLED_TRIGGERS, WsCardDefinition, stock_cost
from engine.games.ws.state import (
    BEHIND,
    CENTER,
    FACING,
    HAND_LIMIT,
    POSITIONS,
    ZONES,
    PlayerState,
    Position,
)

PHASES: Final = ("stand", "draw", "clock", "main", "climax", "attack", "end")
"""ws 6.1.1, in order."""
DEFAULT_ENCORE_COST: Final = 3
"""ws 10.2.3: every character has Encore [3]."""

TURN_ORDER: Final = ("clock", "main", "climax", "attack", "encore", "discard")
"""The turn player's decision points of a turn, in order (6.4-6.8, 7.2, 7.7)."""
POINT_VERBS: Final[dict[str, tuple[str, ...]]] = {
    "clock": ("clock",),
    "main": ("play", "move", "act"),
    "climax": ("climax",),
    "attack": ("attack",),
    "encore": ("encore",),
    "discard": ("discard",),
}
TRIGGER_EVENTS: Final = {"played": "was played", "attacks": "attacked", "placed": "was placed in the climax area"}
ATTACK_STEPS: Final = ("declaration", "trigger", "counter", "damage", "battle")
"""ws 7.2-7.6, in order."""
PHASE_POINT: Final = {"clock": "clock", "main": "main", "climax": "climax", "attack": "attack", "end": "discard"}
NEXT_TURN_VERBS: Final = frozenset({"draw", "clock", "play", "move", "act", "climax", "attack"})
"""What the other player can do in the next turn, reached by passing the rest of this one."""


PASS: Final = Choice("pass")
MAIN_VERBS: Final = frozenset({"play", "move", "act", "effect"})
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
        Choice("move", pos=first, target=second)
        for first in POSITIONS
        for second in POSITIONS
        if first < second and (first in occupied or second in occupied)
    )


_MOVES_WITH: Final = {
    occupied: _moves_when_occupied(occupied)
    for occupied in (frozenset(p for p in POSITIONS if mask >> (p - 1) & 1) for mask in range(32))
}


@dataclass(slots=True, init=False)
class Attack:
    """The attack in progress (ws 7.2.1.5).

    Its initialiser is written out, as those of ``engine.core.protocol`` are: a compiled
    build runs a written initialiser natively.
    """

    attacker: Card
    position: int
    kind: str
    """``front``, ``side`` or ``direct``."""
    defender: Card | None
    defender_position: int | None
    step: str
    """The step the attack has reached: ``declaration``, ``trigger``, ``counter``, ``damage``, ``battle``."""

    def __init__(
        self, attacker: Card, position: int, kind: str, defender: Card | None, defender_position: int | None
    ) -> None:
        self.attacker = attacker
        self.position = position
        self.kind = kind
        self.defender = defender
        self.defender_position = defender_position
        self.step = "declaration"


@dataclass(frozen=True, slots=True)
class DeclaredOperation:
    """One primitive operation of an effect the log declares: a move, or a power or soul change."""

    kind: str
    """``move``, ``power`` or ``soul``."""
    player: str | None = None
    card: str | None = None
    source_zone: str = ""
    target_zone: str = ""
    position: int | None = None
    """The stage position the card leaves (a move from the stage) or that gets the change."""
    target_position: int | None = None
    amount: int = 0


ZONE_NAMES: Final = tuple(name for name in ZONES.names(piles=True) if name != "resolution")
"""The piles a declared effect may move cards from or to (the resolution zone is the rules' own)."""


@dataclass(slots=True)
class PlayerSpec:
    """A player of the game: an id and a deck list (card id -> copies)."""

    id: str
    deck: dict[str, int]


class WeissSchwarz(CheckTimingGame[WsCardDefinition]):
    """A game of Weiss Schwarz from the opening, or from a given position."""

    game_id = "ws"
    check_timing_clauses: tuple[str, ...] = ("ws:8.5.1",)
    standby_clauses: tuple[str, ...] = ("ws:8.5.1.2", "ws:8.5.1.3", "ws:8.7.3")
    loop_clauses: tuple[str, ...] = ("ws:11.1.1",)
    concede_clauses: tuple[str, ...] = ("ws:1.2.4",)

    def __init__(
        self,
        definitions: dict[str, WsCardDefinition],
        players: list[PlayerSpec],
        first: str,
        order: dict[str, list[str]] | None = None,
        position: Position | None = None,
        step_budget: int = 200_000,
    ) -> None:
        super().__init__((players[0].id, players[1].id), definitions, step_budget)
        self.p: dict[str, PlayerState] = {}
        for spec in players:
            deck_list = Counter(spec.deck)
            self.p[spec.id] = PlayerState(spec.id, deck_list, IdentityPool(f"deck list of {spec.id}", dict(deck_list)))
        self.first = first
        self.turn_player = first
        self.order = order or {}
        self.position = position
        self.setup_problems: list[Refusal] = []
        self.attack: Attack | None = None
        self.no_damage: Refusal | None = None
        """Why the last attack dealt no damage, when it dealt none (7.5.1.2.1, 7.5.1.2.2)."""
        self.attacks_this_turn = 0
        self.paying_cost = False
        self.in_damage: str | None = None
        self.encore_intent: dict[int, bool] = {}
        self.shot_armed: dict[int, bool] = {}
        """Attacker instance -> a shot trigger's ability waits for its next damage (4.12.2.7)."""
        self.refresh_count = 0
        self.extra_turns: list[str] = []
        """Players given an additional turn, latest last (ws 11.2)."""
        self.declared_problems: list[Refusal] = []
        """What the last declared effect could not do (read and cleared by the driver)."""
        self.modelled: dict[str, tuple[CardAbility, ...]] = {
            card_id: card_abilities(definition.abilities) for card_id, definition in definitions.items()
        }
        """Card id -> the abilities of its record the engine models (engine.games.ws.abilities)."""
        self.static_lowering = any(
            int(effect.get("power", 0)) < 0
            for abilities in self.modelled.values()
            for ability in abilities
            if ability.kind == "cont"
            for effect in ability.effects
        ) or any(int((definition.keyword("assist") or {}).get("power", 0)) < 0 for definition in definitions.values())
        """Whether a continuous ability or an Assist of this game's cards can lower a character's power."""
        self.weak_printed = any(d.type == "character" and d.power <= 0 for d in definitions.values())
        """Whether some character of this game is printed with 0 or less power."""
        self.version = 1
        """Bumped by every change a rule action could depend on (cards placed, effects)."""
        self.quiet_version = 0
        """The version at which the last check found no rule action due."""
        if position is None:
            self._deal_decks()
        else:
            self._place(position)

    # -- starting the game ---------------------------------------------------

    def _deal_decks(self) -> None:
        """Put each deck, as presented (5.2.1.1) and shuffled (5.2.1.2), into its deck zone."""
        for player in self.p.values():
            self._check_deck_construction(player)
            known = self.order.get(player.id, [])
            size = sum(player.deck_list.values())
            player.deck = [Card(player.id, pool=player.pool) for _ in range(size)]
            for card, identity in zip(player.deck, known, strict=False):
                if not card.reveal(identity):
                    self.setup_problems.append(
                        Refusal(
                            ("ws:5.2.1.1",), f"order of {player.id} names {identity!r} more often than the deck list"
                        )
                    )
                    card.identity = identity

    def _check_deck_construction(self, player: PlayerState) -> None:
        """ws 5.1.2: 50 cards, at most 4 of a name, at most 8 climaxes."""
        size = sum(player.deck_list.values())
        if size != 50:
            self.setup_problems.append(Refusal(("ws:5.1.2.1",), f"{player.id}'s deck has {size} cards, not 50"))
        names: Counter[str] = Counter()
        climaxes = 0
        for card_id, copies in player.deck_list.items():
            definition = self.definitions.get(card_id)
            if definition is None:
                continue
            names[definition.name] += copies
            climaxes += copies if definition.type == "climax" else 0
        for name, copies in names.items():
            if copies > 4:
                self.setup_problems.append(
                    Refusal(("ws:5.1.2.2",), f"{player.id}'s deck has {copies} cards named {name!r}, more than 4")
                )
        if climaxes > 8:
            self.setup_problems.append(
                Refusal(("ws:5.1.2.3",), f"{player.id}'s deck has {climaxes} climaxes, more than 8")
            )

    def _new_card(self, player: PlayerState, identity: str | None, where: str) -> Card:
        card = Card(player.id, pool=player.pool)
        if identity is not None and not card.reveal(identity):
            self.setup_problems.append(
                Refusal(
                    ("ws:5.2.1.1",),
                    f"{where}: {identity!r} does not fit {player.id}'s deck list "
                    f"({player.deck_list[identity]} copies, all placed already)",
                )
            )
            card.identity = identity
        return card

    def _place(self, position: Position) -> None:
        """Lay out a starting position; cards must fit the deck lists and the zones (3.x)."""
        self.turn = position.turn
        self.turn_player = position.active
        self.phase = position.phase
        for player_id, layout in position.players.items():
            player = self.p[player_id]
            for zone in ("level", "clock", "stock", "waiting", "hand", "memory", "climax"):
                for identity in getattr(layout, zone):
                    card = self._new_card(player, identity, f"setup {player_id} {zone}")
                    player.zone(zone).append(card)
            for pos, (identity, orientation) in sorted(layout.stage.items()):
                if pos not in POSITIONS:
                    self.setup_problems.append(Refusal(("ws:3.6.3",), f"setup {player_id}: no stage position {pos}"))
                    continue
                card = self._new_card(player, identity, f"setup {player_id} stage {pos}")
                card.orientation = orientation
                player.pile_at(pos).append(card)
                definition = self.definitions.get(identity)
                if definition is not None and definition.type != "character":
                    self.setup_problems.append(
                        Refusal(("ws:3.5.1",), f"setup {player_id} stage {pos}: {identity!r} is a {definition.type}")
                    )
            for card in player.climax:
                definition = self.definition(card)
                if definition is not None and definition.type != "climax":
                    self.setup_problems.append(
                        Refusal(("ws:3.11.1",), f"setup {player_id} climax: {card.identity!r} is a {definition.type}")
                    )
            if len(player.climax) > 1:
                self.setup_problems.append(
                    Refusal(("ws:3.11.2",), f"setup {player_id}: the climax area holds {len(player.climax)} cards")
                )
            player.deck = [self._new_card(player, identity, f"setup {player_id} deck") for identity in layout.deck_top]
            rest = layout.deck_rest
            if rest is None:
                rest = max(0, sum(player.pool.contents.values()) - sum(1 for _ in self._unknown_cards(player)))
            player.deck.extend(Card(player.id, pool=player.pool) for _ in range(rest))
            player.refresh_point = layout.refresh_point
            if len(player.level) >= 4:
                self.setup_problems.append(Refusal(("ws:9.4.1.1",), f"setup {player_id}: level {len(player.level)}"))

    def _unknown_cards(self, player: PlayerState) -> Iterable[Card]:
        for zone in ZONE_NAMES:
            yield from (card for card in player.zone(zone) if card.identity is None)

    # -- the whole game ----------------------------------------------------------

    def run(self) -> Procedure:
        """The game from its start to its end (or to where the driver stops feeding it)."""
        try:
            if self.position is None:
                yield from self.opening()
                start = "stand"
            else:
                start = self.position.phase
            while True:
                yield from self.play_turn(start)
                start = "stand"
                self.turn += 1
                self.turn_player = self.next_turn_player()
        except GameEnded:
            return

    def opening(self) -> Procedure:
        """ws 5.2.1.4-5.2.1.6: draw five, mulligan once (starting player first), refresh points 0."""
        self.phase = "setup"
        for player in (self.first, self.opponent(self.first)):
            yield from self.draw(player, 5, ("ws:5.2.1.4",), purpose="opening")
        for player in (self.first, self.opponent(self.first)):
            decision = Decision(
                player,
                "mulligan",
                [Choice("mulligan", cards=())],
                ("ws:5.2.1.4",),
                frozenset({"mulligan"}),
                prompt="put any number of cards from hand into the waiting room, then draw as many",
                default=Choice("mulligan", cards=()),
            )
            choice = yield decision
            cards = [self.take_from(player, "hand", identity) for identity in choice.cards]
            for card in cards:
                self.put(player, "waiting", card)
            self.record(
                RecordKind.CHOICE,
                player,
                f"{player} mulligans {len(cards)} card(s)",
                ("ws:5.2.1.4",),
                cards=list(choice.cards),
            )
            if cards:
                yield from self.draw(player, len(cards), ("ws:5.2.1.4",), purpose="mulligan_draw")
            yield Checkpoint(decision)
        for state in self.p.values():
            state.refresh_point = 0
        self.record(RecordKind.FORCED, None, "both refresh points are set to 0", ("ws:5.2.1.5",))
        self.turn = 1
        self.turn_player = self.first
        self.record(RecordKind.TIMING, self.first, f"{self.first} takes the first turn", ("ws:5.2.1.6",))

    def next_turn_player(self) -> str:
        """ws 6.8.1.5, 11.2: the opponent, unless an effect gave a player an additional turn.

        With several, the latest is taken now and the others wait for the next turn (11.2.2).
        """
        if self.extra_turns:
            player = self.extra_turns.pop()
            self.record(RecordKind.TIMING, player, f"{player} takes an additional turn", ("ws:11.2.1", "ws:11.2.2"))
            return player
        return self.non_turn_player

    def play_turn(self, start: str) -> Procedure:
        """One turn, from ``start`` to the end phase (6.1.1)."""
        self.attacks_this_turn = 0
        for phase in PHASES[PHASES.index(start) :]:
            self.phase = phase
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
                return self.attack_phase()
            case "end":
                return self.end_phase()
        raise ValueError(f"no phase {phase!r}")

    # -- phases ------------------------------------------------------------------

    def begin(self, what: str, clauses: tuple[str, ...]) -> None:
        self.record(RecordKind.TIMING, self.turn_player, what, clauses)

    def stand_phase(self) -> Procedure:
        self.begin(f"turn {self.turn} ({self.turn_player}): stand phase begins", ("ws:6.2.1.1",))
        yield from self.check_timing("beginning of the stand phase", ("ws:6.2.1.1",))
        me = self.p[self.turn_player]
        for _, card in me.characters():
            card.orientation = "stand"
        self.record(RecordKind.FORCED, self.turn_player, "all characters stand", ("ws:6.2.1.2",))
        yield from self.check_timing("after standing", ("ws:6.2.1.3",))

    def draw_phase(self) -> Procedure:
        self.begin("draw phase begins", ("ws:6.3.1.1",))
        yield from self.check_timing("beginning of the draw phase", ("ws:6.3.1.1",))
        yield from self.draw(self.turn_player, 1, ("ws:6.3.1.2", "ws:4.7.2"))
        yield from self.check_timing("after the draw", ("ws:6.3.1.3",))

    def clock_phase(self) -> Procedure:
        self.begin("clock phase begins", ("ws:6.4.1.1",))
        yield from self.check_timing("beginning of the clock phase", ("ws:6.4.1.1",))
        player = self.turn_player
        options = [Choice("clock", card=identity) for identity in self.hand_identities(player)]
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
            card = self.take_from(player, "hand", choice.card)
            self.put(player, "clock", card)
            self.record(
                RecordKind.CHOICE, player, f"{player} clocks {card.identity}", ("ws:6.4.1.2",), card=card.identity
            )
            yield Checkpoint(decision)
            yield from self.interrupts()
            yield from self.draw(player, 2, ("ws:6.4.1.2",))
        else:
            self.record(RecordKind.CHOICE, player, f"{player} does not clock", ("ws:6.4.1.2",))
            yield Checkpoint(decision)
        yield from self.check_timing("end of the clock phase", ("ws:6.4.1.3",))

    def main_phase(self) -> Procedure:
        self.begin("main phase begins", ("ws:6.5.1.1",))
        player = self.turn_player
        self.trigger_shift(player)
        while True:
            yield from self.check_timing("before a play timing", ("ws:8.5.2.1",))
            decision = self.main_decision(player)
            choice = yield decision
            if choice.verb == "pass":
                self.record(RecordKind.CHOICE, player, f"{player} ends the main phase", ("ws:6.5.1.3", "ws:4.5.3.2"))
                yield Checkpoint(decision)
                return
            yield from self.apply_main(player, choice)
            yield Checkpoint(decision)

    def main_decision(self, player: str) -> Decision:
        """The play timing of the main phase (6.5.1.2): its options are built only when asked for."""
        return Decision(
            player,
            "main",
            lambda: self.main_options(player),
            ("ws:6.5.1.2",),
            MAIN_VERBS,
            prompt="play a character or an event, move characters, or pass",
            default=PASS,
            allows=lambda choice: self.main_allows(player, choice),
        )

    def main_options(self, player: str) -> list[Choice]:
        """Every legal choice at a main-phase play timing: plays, activated abilities, moves, pass."""
        options: list[Choice] = []
        me = self.p[player]
        for identity in self.hand_identities(player):
            definition = self.definitions.get(identity)
            if definition is None or self.play_refusal(player, definition) is not None:
                continue
            if definition.type == "character":
                options.extend(_choice("play", identity, pos) for pos in POSITIONS)
            elif definition.type == "event":
                options.append(_choice("play", identity))
        for pos, card in me.characters():
            for ability in self.modelled.get(card.identity or "", ()):
                if ability.kind == "act" and self.cost_refusal(player, card, ability) is None:
                    options.append(Choice("act", pos=pos, target=ability.index))
        occupied = frozenset(pos for pos, cards in zip(POSITIONS, me.stage) if cards)
        options.extend(_MOVES_WITH[occupied])
        options.append(PASS)
        return options

    def main_allows(self, player: str, choice: Choice) -> bool:
        """Whether ``choice`` is among ``main_options(player)``, without building them."""
        me = self.p[player]
        if choice.verb == "pass":
            return choice == PASS
        if choice.verb == "move":  # two positions, the lower first, at least one occupied (_moves_when_occupied)
            first, second = choice.pos, choice.target
            if first not in POSITIONS or second not in POSITIONS or not first < second:
                return False
            return bool(me.pile_at(first) or me.pile_at(second)) and choice == Choice("move", pos=first, target=second)
        if choice.verb == "play":
            definition = self.definitions.get(choice.card) if choice.card is not None else None
            if definition is None or choice != _choice("play", choice.card, choice.pos):
                return False
            if definition.type == "character":
                placed = choice.pos in POSITIONS
            else:
                placed = definition.type == "event" and choice.pos is None
            return placed and self.in_hand(player, definition.id) and self.play_refusal(player, definition) is None
        if choice.verb == "act":
            card = me.character_at(choice.pos) if choice.pos in POSITIONS else None
            if card is None or choice != Choice("act", pos=choice.pos, target=choice.target):
                return False
            return any(
                ability.kind == "act"
                and ability.index == choice.target
                and self.cost_refusal(player, card, ability) is None
                for ability in self.modelled.get(card.identity or "", ())
            )
        return False

    def apply_main(self, player: str, choice: Choice) -> Procedure:
        if choice.verb == "effect":  # card text the log declares; the play timing's check timing follows
            self.declared_problems.extend(self.apply_declared(player, choice.card or "?", list(choice.target)))
            return
        if choice.verb == "move":
            self.swap(player, choice.position, choice.target)
            return
        if choice.verb == "act":
            card = self.p[player].character_on(choice.pos)
            ability = next(a for a in self.modelled[card.identity or ""] if a.index == choice.target)
            self.pay_ability_cost(player, card, ability)
            self.record(
                RecordKind.CHOICE,
                player,
                f"{player} plays ability {ability.index} of {card.identity} (position {choice.pos})",
                ("ws:6.5.1.2.3", "ws:8.6.2.3.1"),
                pos=choice.pos,
                ability=ability.index,
            )
            yield from self.interrupts()
            yield from self.resolve_effects(player, card, ability)
            return
        definition = self.definitions[choice.card_id]
        card = yield from self.play_from_hand(
            player, choice.card_id, ("ws:6.5.1.2.1",) if choice.pos else ("ws:6.5.1.2.2",)
        )
        if definition.type == "character":
            self.put_on_stage(player, card, choice.position)
            self.trigger_bond(player, card)
            self.trigger_card(player, card, "played")
            self.record(
                RecordKind.CHOICE,
                player,
                f"{player} plays {card.identity} to position {choice.pos}",
                ("ws:6.5.1.2.1", "ws:8.6.2.4.1"),
                card=card.identity,
                pos=choice.pos,
            )
        else:
            yield from self.resolve_event(player, card)

    def climax_phase(self) -> Procedure:
        self.begin("climax phase begins", ("ws:6.6.1.1",))
        yield from self.check_timing("beginning of the climax phase", ("ws:6.6.1.1",))
        player = self.turn_player
        yield from self.check_timing("before a play timing", ("ws:8.5.2.1",))
        options = []
        for identity in self.hand_identities(player):
            definition = self.definitions.get(identity)
            if definition is not None and definition.type == "climax" and self.color_ok(player, definition):
                options.append(Choice("climax", card=identity))
        options.append(Choice("pass"))
        decision = Decision(
            player,
            "climax",
            options,
            ("ws:6.6.1.2", "ws:6.6.1.2.1"),
            frozenset({"climax"}),
            prompt="play a climax from hand, or pass",
            default=Choice("pass"),
        )
        choice = yield decision
        if choice.verb == "climax":
            card = self.take_from(player, "hand", choice.card)
            self.put(player, "climax", card)
            self.trigger_card(player, card, "placed")
            self.record(
                RecordKind.CHOICE,
                player,
                f"{player} plays the climax {card.identity}",
                ("ws:6.6.1.2.1", "ws:8.6.2.4.3"),
                card=card.identity,
            )
        else:
            self.record(RecordKind.CHOICE, player, f"{player} plays no climax", ("ws:6.6.1.2", "ws:4.5.3.2"))
        yield Checkpoint(decision)
        yield from self.check_timing("end of the climax phase", ("ws:6.6.1.3",))

    def end_phase(self) -> Procedure:
        self.begin("end phase begins", ("ws:6.8.1.1",))
        yield from self.check_timing("beginning of the end phase", ("ws:6.8.1.1",))
        player = self.turn_player
        me = self.p[player]
        excess = len(me.hand) - HAND_LIMIT
        if excess > 0:
            known = [card.identity for card in me.hand if card.identity is not None]
            sample = tuple(sorted(known[:excess])) if len(known) >= excess else ()
            decision = Decision(
                player,
                "discard",
                [Choice("discard", cards=sample)] if sample else [],
                ("ws:6.8.1.2", "ws:3.3.3.1"),
                frozenset({"discard"}),
                prompt=f"put {excess} card(s) from hand into the waiting room (hand limit {HAND_LIMIT})",
            )
            choice = yield decision
            for identity in choice.cards:
                self.put(player, "waiting", self.take_from(player, "hand", identity))
            self.record(
                RecordKind.CHOICE,
                player,
                f"{player} discards {', '.join(choice.cards)} to the hand limit",
                ("ws:6.8.1.2", "ws:3.3.3"),
                cards=list(choice.cards),
            )
            yield Checkpoint(decision)
        for card in list(me.climax):
            self.put(player, "waiting", self.take_card(player, "climax", card))
            self.record(
                RecordKind.FORCED, player, f"the climax {card.identity} goes to the waiting room", ("ws:6.8.1.3",)
            )
        yield from self.check_timing("end of the turn", ("ws:6.8.1.4",))
        ended = self.effects.expire(Duration.END_OF_TURN)
        self.version += 1
        self.record(
            RecordKind.TIMING,
            player,
            f"effects until end of turn end ({ended}); the turn ends",
            ("ws:6.8.1.4", "ws:6.8.1.5"),
        )

    # -- the attack phase (7) ------------------------------------------------------

    def attack_phase(self) -> Procedure:
        player = self.turn_player
        self.begin("attack phase begins", ("ws:6.7.1", "ws:7.2.1.1"))
        yield from self.check_timing("beginning of the attack phase", ("ws:7.2.1.1",))
        while True:
            yield from self.check_timing("beginning of the attack declaration step", ("ws:7.2.1.2",))
            decision = self.attack_decision(player)
            choice = yield decision
            if choice.verb == "pass":
                self.record(RecordKind.CHOICE, player, f"{player} declares no more attacks", ("ws:7.2.1.3",))
                yield Checkpoint(decision)
                break
            attack = yield from self.declare_attack(player, choice, decision)
            yield from self.trigger_step(player, attack)
            if attack.kind == "front":
                yield from self.counter_step(attack)
            yield from self.damage_step(attack)
            if attack.kind == "front":
                yield from self.battle_step(attack)
            self.attack = None
        yield from self.encore_step()

    def attack_decision(self, player: str) -> Decision:
        options: list[Choice] = []
        if not (self.turn == 1 and player == self.first and self.attacks_this_turn >= 1):
            for pos in CENTER:
                card = self.p[player].character_at(pos)
                if card is None or card.orientation != "stand":
                    continue
                facing = self.p[self.opponent(player)].character_at(FACING[pos])
                if self.great_performer(self.opponent(player)) is not None:
                    options.append(Choice("attack", pos=pos, target="front"))
                elif facing is None:
                    options.append(Choice("attack", pos=pos, target="direct"))
                else:
                    options.append(Choice("attack", pos=pos, target="front"))
                    options.append(Choice("attack", pos=pos, target="side"))
        options.append(Choice("pass"))
        return Decision(
            player,
            "attack",
            options,
            ("ws:7.2.1.3", "ws:7.2.1.4"),
            frozenset({"attack"}),
            prompt="attack with a standing center-stage character (front, side or direct), or pass",
            default=Choice("pass"),
        )

    def great_performer(self, player: str) -> Card | None:
        """ws 10.6.2: ``player``'s Great Performance character in the middle of the center stage, not reversed."""
        card = self.p[player].character_at(2)
        definition = self.definition(card) if card else None
        if card is not None and definition is not None and definition.keyword("great_performance"):
            return card if card.orientation != "reverse" else None
        return None

    def declare_attack(self, player: str, choice: Choice, decision: Decision) -> Generator[Request, Any, Attack]:
        me, them = self.p[player], self.p[self.opponent(player)]
        attacker = me.character_on(choice.pos)
        facing_pos = FACING[choice.position]
        facing = them.character_at(facing_pos)
        performer = self.great_performer(self.opponent(player))
        if performer is not None:  # 10.6.2: the attack is a frontal attack on it, as the defending character
            facing_pos, facing = 2, performer
        self.attacks_this_turn += 1
        self.no_damage = None
        clauses: tuple[str, ...] = ("ws:7.2.1.3", "ws:7.2.1.4")
        if choice.target == "direct":
            self.add_effect(attacker, "soul", 1, "direct attack", ("ws:7.2.1.4.1",))
            clauses += ("ws:7.2.1.4.1",)
        elif choice.target == "side":
            level = self.level_of(facing)
            if level > 0:
                self.add_effect(attacker, "soul", -level, "side attack", ("ws:7.2.1.4.2",))
            clauses += ("ws:7.2.1.4.2",)
        else:
            clauses += ("ws:7.2.1.4.2", "ws:7.2.1.5.1") + (("ws:10.6.2",) if performer is not None else ())
        self.attack = attack = Attack(
            attacker,
            choice.position,
            choice.target,
            facing if choice.target == "front" else None,
            facing_pos if choice.target == "front" else None,
        )
        attacker.orientation = "rest"
        self.trigger_card(player, attacker, "attacks")
        self.record(
            RecordKind.CHOICE,
            player,
            f"{player} attacks with {attacker.identity} at position {choice.pos} ({choice.target} attack); it rests",
            clauses + ("ws:7.2.1.5", "ws:7.2.1.5.3"),
            pos=choice.pos,
            type=choice.target,
        )
        yield Checkpoint(decision)
        yield from self.check_timing("after the attack declaration", ("ws:7.2.1.6",))
        return attack

    def trigger_step(self, player: str, attack: Attack) -> Procedure:
        attack.step = "trigger"
        self.begin("trigger step begins", ("ws:7.3.1.1",))
        yield from self.check_timing("beginning of the trigger step", ("ws:7.3.1.1",))
        me = self.p[player]
        reveal = Reveal(player, "trigger", 1, ("ws:7.3.1.2",))
        answer = yield reveal
        yield from self.ensure_deck(player)
        card = me.deck.pop(0)
        self.bind(card, answer, 0, reveal)
        reveal.used = 1
        self.put(player, "resolution", card, renew=True)
        definition = self.definition(card)
        icons = definition.triggers if definition else ()
        self.record(
            RecordKind.FORCED,
            player,
            f"trigger check: {card.identity or '?'} is revealed ({', '.join(icons) or 'no icon'})",
            ("ws:7.3.1.2", "ws:4.12.1"),
            card=card.identity,
            icons=list(icons),
        )
        if card.identity is None:
            self.assume("the trigger check's card is not revealed in the log; no icon is assumed", ("ws:7.3.1.2",))
        yield from self.interrupts()
        for icon in icons:
            yield from self.trigger_icon(player, icon, card, attack)
        if card in me.resolution:
            self.put(player, "stock", self.take_card(player, "resolution", card))
            self.record(
                RecordKind.FORCED, player, f"{card.identity or '?'} goes to the stock", ("ws:7.3.1.2", "ws:3.13.1.2")
            )
        yield Checkpoint(reveal)
        yield from self.check_timing("end of the trigger step", ("ws:7.3.1.3",))

    def trigger_icon(self, player: str, icon: str, card: Card, attack: Attack) -> Procedure:
        """ws 4.12.2: the action of one trigger icon, performed by the turn player."""
        me = self.p[player]
        opponent = self.opponent(player)
        if icon not in MODELLED_TRIGGERS:
            self.unmodelled += 1
            self.record(RecordKind.UNMODELLED, player, f"the {icon} trigger icon is not modelled", ("ws:4.12.2",))
            return
        if icon == "soul":
            self.add_effect(attack.attacker, "soul", 1, "soul trigger", ("ws:4.12.2.2",))
            self.record(RecordKind.FORCED, player, "soul trigger: the attacker gets +1 soul", ("ws:4.12.2.2",))
        elif icon == "shot":
            self.shot_armed[attack.attacker.instance] = True
            self.record(
                RecordKind.FORCED, player, "shot trigger: its automatic ability comes into effect", ("ws:4.12.2.7",)
            )
        elif icon in ("pool", "treasure"):
            clause = "ws:4.12.2.4" if icon == "pool" else "ws:4.12.2.8"
            if icon == "treasure" and card in me.resolution:  # a second treasure icon finds it gone
                self.put(player, "hand", self.take_card(player, "resolution", card))
                self.record(RecordKind.FORCED, player, f"treasure trigger: {card.identity} returns to hand", (clause,))
            if me.deck or me.waiting:
                choice = yield self.may(
                    player, icon, "pool", f"{icon} trigger: put the top card of the deck into the stock?", (clause,)
                )
                if choice.flag:
                    reveal = Reveal(player, "pool", 1, (clause,))
                    answer = yield reveal
                    yield from self.ensure_deck(player)
                    top = me.deck.pop(0)
                    self.bind(top, answer, 0, reveal)
                    self.put(player, "stock", top)
                    self.record(RecordKind.CHOICE, player, "the top card of the deck goes to the stock", (clause,))
                    yield from self.interrupts()
        elif icon == "draw":
            choice = yield self.may(player, icon, "draw", "draw trigger: draw a card?", ("ws:4.12.2.6",))
            if choice.flag:
                yield from self.draw(player, 1, ("ws:4.12.2.6",))
        elif icon == "comeback":
            options = [
                Choice("comeback", card=c.identity)
                for c in me.waiting
                if (d := self.definition(c)) is not None and d.type == "character"
            ]
            choice = yield self.optional(player, "comeback", options, "comeback", ("ws:4.12.2.5",))
            if choice.verb == "comeback":
                self.put(player, "hand", self.take_from(player, "waiting", choice.card))
                self.record(RecordKind.CHOICE, player, f"comeback: {choice.card} returns to hand", ("ws:4.12.2.5",))
        elif icon == "return":
            options = [Choice("return", pos=pos) for pos, _ in self.p[opponent].characters()]
            choice = yield self.optional(player, "return", options, "return", ("ws:4.12.2.3",))
            if choice.verb == "return":
                target = self.p[opponent].character_on(choice.pos)
                self.leave_stage(opponent, target, "hand")
                self.record(
                    RecordKind.CHOICE,
                    player,
                    f"return: {target.identity} returns to its owner's hand",
                    ("ws:4.12.2.3",),
                )
        elif icon == "standby":
            limit = me.level_count + 1
            options = [
                Choice("standby", card=c.identity, pos=pos)
                for c in {c.identity: c for c in me.waiting}.values()
                if (d := self.definition(c)) is not None and d.type == "character" and d.level <= limit
                for pos in POSITIONS
            ]
            choice = yield self.optional(player, "standby", options, "standby", ("ws:4.12.2.10",))
            if choice.verb == "standby":
                chosen = self.take_from(player, "waiting", choice.card)
                self.put_on_stage(player, chosen, choice.pos)
                chosen.orientation = "rest"
                self.record(
                    RecordKind.CHOICE,
                    player,
                    f"standby: {choice.card} is put on position {choice.pos} rested",
                    ("ws:4.12.2.10", "ws:4.12.2.10.1"),
                )

    def counter_step(self, attack: Attack) -> Procedure:
        attack.step = "counter"
        defender_player = self.non_turn_player
        self.begin("counter step begins", ("ws:7.4.1.1",))
        yield from self.check_timing("before the counter step's play timing", ("ws:8.5.2.1",))
        options: list[Choice] = []
        me = self.p[defender_player]
        defending = attack.defender_position
        for identity in self.hand_identities(defender_player):
            definition = self.definitions.get(identity)
            if definition is None:
                continue
            backup = definition.keyword("backup")
            if backup is not None and attack.defender is not None:
                if me.level_count >= int(backup.get("level", 0)) and len(me.stock) >= stock_cost(backup, 0):
                    options.append(Choice("counter", card=identity, pos=defending))
            elif (
                definition.type == "event"
                and definition.counter
                and self.play_refusal(defender_player, definition) is None
            ):
                options.append(Choice("counter", card=identity))
        options.append(Choice("pass"))
        decision = Decision(
            defender_player,
            "counter",
            options,
            ("ws:7.4.1.2", "ws:7.4.1.2.1", "ws:7.4.1.2.2"),
            frozenset({"counter", "act"}),
            prompt="play one backup or counter event, or pass",
            default=Choice("pass"),
        )
        choice = yield decision
        if choice.verb == "counter":
            definition = self.definitions[choice.card]
            backup = definition.keyword("backup")
            if backup is not None:
                self.paying_cost = True
                self.pay_stock(defender_player, stock_cost(backup, 0), ("ws:10.5.2", "ws:8.4.2"))
                card = self.take_from(defender_player, "hand", choice.card)
                self.put(defender_player, "waiting", card)
                self.paying_cost = False
                amount = int(backup.get("power", 0))
                if attack.defender is not None:  # a frontal attack's defender (7.2.1.4.2); backup is offered only then
                    self.add_effect(attack.defender, "power", amount, f"backup of {choice.card}", ("ws:10.5.2",))
                self.record(
                    RecordKind.CHOICE,
                    defender_player,
                    f"{defender_player} plays backup {choice.card}: the defending character gets +{amount} power",
                    ("ws:7.4.1.2.1", "ws:10.5.1", "ws:10.5.2"),
                    card=choice.card,
                )
                yield from self.interrupts()
            else:
                card = yield from self.play_from_hand(defender_player, choice.card, ("ws:7.4.1.2.1",))
                yield from self.resolve_event(defender_player, card)
        else:
            self.record(RecordKind.CHOICE, defender_player, f"{defender_player} plays no counter", ("ws:7.4.1.2",))
        yield Checkpoint(decision)
        yield from self.check_timing("end of the counter step", ("ws:7.4.1.3",))

    def damage_step(self, attack: Attack) -> Procedure:
        attack.step = "damage"
        self.begin("damage step begins", ("ws:7.5.1.1",))
        yield from self.check_timing("beginning of the damage step", ("ws:7.5.1.1",))
        player = self.turn_player
        attacker_now = self.p[player].character_at(attack.position)
        if attacker_now is not attack.attacker or attacker_now.instance != attack.attacker.instance:
            self.record(RecordKind.FORCED, player, "the attacker left its position: no damage", ("ws:7.5.1.2.2",))
            self.no_damage = Refusal(("ws:7.5.1.2.2",), "the attacker left its position: it dealt no damage")
        else:
            soul = self.soul(attack.attacker)
            if soul <= 0:
                self.record(RecordKind.FORCED, player, f"the attacker's soul is {soul}: no damage", ("ws:7.5.1.2.1",))
                self.no_damage = Refusal(("ws:7.5.1.2.1",), f"the attacker's soul was {soul}: it dealt no damage")
            else:
                canceled = yield from self.deal_damage(self.non_turn_player, soul, ("ws:7.5.1.2",))
                if canceled and self.shot_armed.pop(attack.attacker.instance, False):
                    self.trigger_shot(player, attack.attacker)
                else:
                    self.shot_armed.pop(attack.attacker.instance, None)
        yield from self.check_timing("end of the damage step", ("ws:7.5.1.3",))

    def trigger_shot(self, player: str, source: Card) -> None:
        def resolve(ability: StandbyAbility) -> Procedure:
            yield from self.deal_damage(self.opponent(ability.master), 1, ("ws:4.12.2.7",))

        self.trigger(
            StandbyAbility(player, "shot", source, source.instance, resolve, ("ws:4.12.2.7",)),
            "the attacker's damage was canceled",
        )
        self.record(RecordKind.ABILITY, player, "the damage was canceled: the shot ability triggers", ("ws:4.12.2.7",))

    def battle_step(self, attack: Attack) -> Procedure:
        attack.step = "battle"
        self.begin("battle step begins", ("ws:7.6.1.1",))
        yield from self.check_timing("beginning of the battle step", ("ws:7.6.1.1",))
        me, them = self.p[self.turn_player], self.p[self.non_turn_player]
        attacker, defender = attack.attacker, attack.defender
        attacker_ok = me.character_at(attack.position) is attacker
        defender_ok = attack.defender_position is not None and them.character_at(attack.defender_position) is defender
        if defender is None or not (attacker_ok and defender_ok):
            self.record(
                RecordKind.FORCED, None, "a character in battle left its position: no comparison", ("ws:7.6.1.3",)
            )
        else:
            mine, theirs = self.power(attacker), self.power(defender)
            losers = []
            if mine <= theirs:
                losers.append(attacker)
            if theirs <= mine:
                losers.append(defender)
            names = " and ".join(card.identity or "?" for card in losers)
            self.record(  # the comparison, then each reversal (which a replacement may change, 8.10.1)
                RecordKind.FORCED,
                None,
                f"battle: {attacker.identity} ({mine}) against {defender.identity} ({theirs}): "
                f"{names} {'reverses' if len(losers) == 1 else 'reverse'}",
                ("ws:7.6.1.2",),
                power=[mine, theirs],
            )
            for card in losers:
                yield from self.reverse(card)
        yield from self.check_timing("end of the battle step", ("ws:7.6.2",))

    def encore_step(self) -> Procedure:
        self.phase = "attack"
        self.begin("encore step begins", ("ws:7.7.1.1",))
        yield from self.check_timing("beginning of the encore step", ("ws:7.7.1.1",))
        while True:
            while True:  # 7.7.1.2, then 7.7.1.3, which "executes Clause 7.7.1.2 again" after each character
                player, clause = next(
                    (
                        (player, clause)
                        for player, clause in ((self.turn_player, "ws:7.7.1.2"), (self.non_turn_player, "ws:7.7.1.3"))
                        if any(card.orientation == "reverse" for _, card in self.p[player].characters())
                    ),
                    (None, ""),
                )
                if player is None:
                    break
                reversed_positions = [pos for pos, card in self.p[player].characters() if card.orientation == "reverse"]
                options = [Choice("encore", pos=pos) for pos in reversed_positions]
                decision = Decision(
                    player,
                    "encore",
                    options,
                    (clause,),
                    frozenset({"encore"}),
                    prompt="choose a reversed character to put into the waiting room",
                    default=options[0],
                )
                choice = yield decision
                card = self.p[player].character_on(choice.pos)
                self.leave_stage(player, card, "waiting")
                if choice.flag is not None:  # the entry also says whether its Encore is paid
                    self.encore_intent[card.instance] = choice.flag
                self.record(
                    RecordKind.CHOICE,
                    player,
                    f"{card.identity} (position {choice.pos}) goes to the waiting room",
                    (clause,),
                    pos=choice.pos,
                )
                yield Checkpoint(decision)
                yield from self.check_timing("after a reversed character goes to the waiting room", (clause,))
            yield from self.check_timing("end of the encore step", ("ws:7.7.1.4",))
            if not any(card.orientation == "reverse" for p in self.p.values() for _, card in p.characters()):
                return

    # -- playing cards (8.6) ---------------------------------------------------------

    def color_ok(self, player: str, definition: WsCardDefinition) -> bool:
        """ws 8.6.2.1.1: a color in the level or clock (level 0 characters and events are exempt)."""
        if definition.level == 0 and definition.type in ("character", "event"):
            return True
        me = self.p[player]
        available = {color for card in me.level + me.clock if (d := self.definition(card)) for color in d.colors}
        return not definition.colors or bool(available.intersection(definition.colors))

    def play_refusal(self, player: str, definition: WsCardDefinition) -> Refusal | None:
        """Why ``player`` cannot play ``definition`` from hand now, or None (8.6.2.1, 8.6.2.3)."""
        me = self.p[player]
        if definition.type != "climax" and definition.level > me.level_count:
            return Refusal(
                ("ws:8.6.2.1.2",),
                f"{definition.id} is level {definition.level} but {player} is level {me.level_count}",
            )
        if not self.color_ok(player, definition):
            return Refusal(
                ("ws:8.6.2.1.1",),
                f"{definition.id} is {'/'.join(definition.colors)} and no card in {player}'s level or clock has that color",
            )
        if definition.cost > len(me.stock):
            return Refusal(
                ("ws:8.6.2.3.2", "ws:8.4.2.2"),
                f"{definition.id} costs {definition.cost} but {player} has {len(me.stock)} stock",
            )
        return None

    def play_from_hand(self, player: str, identity: str, clauses: tuple[str, ...]) -> Procedure:
        """ws 8.6.2: reveal the card, pay its cost in full; the card leaves the hand."""
        definition = self.definitions[identity]
        card = self.take_from(player, "hand", identity)
        self.paying_cost = True
        self.pay_stock(player, definition.cost, ("ws:8.6.2.3", "ws:8.4.3"))
        self.paying_cost = False
        yield from self.interrupts()
        return card

    def resolve_event(self, player: str, card: Card) -> Procedure:
        """ws 8.6.2.4.2: an event goes to the resolution zone, resolves, then to the waiting room."""
        self.put(player, "resolution", card)
        effects = [a for a in self.modelled.get(card.identity or "", ()) if a.kind == "event"]
        if effects:
            self.record(
                RecordKind.CHOICE,
                player,
                f"{player} plays the event {card.identity}",
                ("ws:8.6.2.4.2",),
                card=card.identity,
            )
            for ability in effects:
                yield from self.resolve_effects(player, card, ability)
        else:
            self.unmodelled += 1
            self.record(
                RecordKind.UNMODELLED,
                player,
                f"{player} plays the event {card.identity}: its text is not modelled",
                ("ws:8.6.2.4.2",),
                card=card.identity,
            )
        self.put(player, "waiting", self.take_card(player, "resolution", card))
        yield from self.interrupts()

    def pay_stock(self, player: str, amount: int, clauses: tuple[str, ...]) -> None:
        """Put ``amount`` cards from the top of the stock into the waiting room (8.4.3)."""
        me = self.p[player]
        paid = []
        for _ in range(amount):
            card = me.stock.pop()
            paid.append(card.identity or "?")
            self.put(player, "waiting", card)
        if amount:
            self.record(
                RecordKind.FORCED, player, f"{player} pays {amount} stock ({', '.join(paid)})", clauses, paid=paid
            )

    # -- abilities --------------------------------------------------------------------

    def may(self, player: str, name: str, field: str, prompt: str, clauses: tuple[str, ...]) -> Decision:
        """A yes/no optional action, answered by ``field`` of the forced entry just replayed."""
        options = [Choice(name, flag=True), Choice(name, flag=False)]
        return Decision(
            player,
            name,
            options,
            clauses,
            frozenset({name}),
            prompt=prompt,
            default=Choice(name, flag=False),
            answered_by=field,
        )

    def optional(self, player: str, name: str, options: list[Choice], field: str, clauses: tuple[str, ...]) -> Decision:
        """Choose one of ``options`` or none of them (an icon's optional choice)."""
        return Decision(
            player,
            name,
            [*options, Choice("pass")],
            clauses,
            frozenset({name}),
            prompt=f"{name}: choose, or pass",
            default=Choice("pass"),
            answered_by=field,
        )

    def trigger_encore(self, player: str, card: Card, position: int) -> None:
        """ws 10.2: a character put from the stage into the waiting room triggers its Encore.

        Its position and its Encore costs are those it had on the stage, taken now: the
        card's last-known information there (ws:8.11.1), which the resolution uses.
        """
        costs = self.encore_costs(card)

        def resolve(ability: StandbyAbility) -> Procedure:
            yield from self.resolve_encore(ability, position, costs)

        self.trigger(
            StandbyAbility(player, "encore", card, card.instance, resolve, ("ws:10.2.2", "ws:10.2.3")),
            f"{card.identity or '?'} went from the stage to the waiting room",
        )

    def cost_refusal(self, player: str, card: Card, ability: CardAbility) -> Refusal | None:
        """Why the cost of ``ability`` cannot be paid in full now (8.4.2.2), or None."""
        if ability.stock > len(self.p[player].stock):
            return Refusal(
                ("ws:8.4.2.2",), f"the cost is {ability.stock} stock and {player} has {len(self.p[player].stock)}"
            )
        if ability.rest and card.orientation != "stand":
            return Refusal(("ws:8.4.2.2",), f"{card.identity} must rest as its cost but is {card.orientation}")
        return None

    def pay_ability_cost(self, player: str, card: Card, ability: CardAbility) -> None:
        """Pay a cost in full, with no refresh or level up in the middle (8.4.2.1)."""
        self.paying_cost = True
        if ability.rest:
            card.orientation = "rest"
        self.pay_stock(player, ability.stock, ("ws:8.4.2", "ws:8.4.3"))
        self.paying_cost = False

    def trigger_card(self, player: str, card: Card, when: str) -> None:
        """Automatic abilities of ``card`` whose activation condition is ``when`` enter standby (8.7.2)."""
        for ability in self.modelled.get(card.identity or "", ()):
            if ability.kind != "auto" or ability.when != when:
                continue

            def resolve(standby: StandbyAbility, ability: CardAbility = ability) -> Procedure:
                yield from self.resolve_auto(standby, ability)

            self.trigger(
                StandbyAbility(player, ability.name, card, card.instance, resolve, ("ws:8.7.2", "ws:8.1.1.2.1")),
                f"{card.identity} {TRIGGER_EVENTS[when]}",
            )

    def resolve_auto(self, standby: StandbyAbility, ability: CardAbility) -> Procedure:
        """Play an automatic ability: an optional cost (8.7.3.1.1), then its effects."""
        player, card = standby.master, standby.source
        decision = None
        if ability.has_cost:
            refusal = self.cost_refusal(player, card, ability)
            options = [Choice("pay", card=card.identity, flag=False)]
            if refusal is None:
                options.append(Choice("pay", card=card.identity, flag=True, target=ability.stock))
            decision = Decision(
                player,
                "pay",
                options,
                ("ws:8.7.3.1.1", "ws:8.4.2"),
                frozenset({"pay"}),
                prompt=f"pay the cost of ability {ability.index} of {card.identity}?",
                default=options[0],
                source=card.identity,
                ability=ability.name,
            )
            choice = yield decision
            if not choice.flag:
                self.record(
                    RecordKind.CHOICE,
                    player,
                    f"{player} does not pay for ability {ability.index} of {card.identity}",
                    ("ws:8.7.3.2.1",),
                )
                yield Checkpoint(decision)
                return
            self.pay_ability_cost(player, card, ability)
        yield from self.resolve_effects(player, card, ability)
        if decision is not None:
            yield Checkpoint(decision)

    def resolve_effects(self, player: str, card: Card, ability: CardAbility) -> Procedure:
        """Do the operations of an ability in order (8.6.2.4.4)."""
        me = self.p[player]
        for effect in ability.effects:
            self.spend()
            if "draw" in effect:
                yield from self.draw(player, int(effect["draw"]), ("ws:8.6.2.4.4", "ws:4.7.3"))
            elif "stock" in effect:
                for _ in range(int(effect["stock"])):
                    reveal = Reveal(player, "pool", 1, ("ws:8.6.2.4.4",))
                    answer = yield reveal
                    yield from self.ensure_deck(player)
                    top = me.deck.pop(0)
                    self.bind(top, answer, 0, reveal)
                    self.put(player, "stock", top)
                    yield from self.interrupts()
                self.record(
                    RecordKind.ABILITY,
                    player,
                    f"{effect['stock']} card(s) from the deck to the stock",
                    ("ws:8.6.2.4.4",),
                )
            elif "extra_turn" in effect:
                self.extra_turns.append(player)
                self.record(RecordKind.ABILITY, player, f"{player} will take an additional turn", ("ws:11.2.1",))
            elif "salvage" in effect:
                wanted = effect["salvage"]
                options = [
                    Choice("salvage", card=c.identity)
                    for c in {c.identity: c for c in me.waiting}.values()
                    if (d := self.definition(c)) is not None and wanted in ("any", d.type)
                ]
                if not options:
                    self.record(
                        RecordKind.ABILITY, player, f"no {wanted} in the waiting room to choose", ("ws:8.6.3.1.3",)
                    )
                    continue
                choice = yield self.target_decision(
                    player, card, ability, "salvage", options, f"choose a {wanted} in the waiting room"
                )
                self.put(player, "hand", self.take_from(player, "waiting", choice.card))
                self.record(
                    RecordKind.ABILITY,
                    player,
                    f"{choice.card} returns from the waiting room to hand",
                    ("ws:8.6.3.1", "ws:8.6.2.4.4"),
                )
            else:
                attribute = "power" if "power" in effect else "soul"
                amount = int(effect[attribute])
                target = effect.get("target", "self")
                if target == "self":
                    targets = [card] if me.position_of(card) is not None else []
                elif target == "all":
                    targets = [c for _, c in me.characters()]
                else:
                    options = [Choice("target", pos=pos) for pos, _ in me.characters()]
                    if not options:
                        self.record(RecordKind.ABILITY, player, "no character to choose", ("ws:8.6.3.1.3",))
                        continue
                    choice = yield self.target_decision(
                        player, card, ability, "target", options, "choose one of your characters"
                    )
                    targets = [me.character_on(choice.pos)]
                for target_card in targets:
                    self.add_effect(
                        target_card, attribute, amount, f"ability {ability.index} of {card.identity}", ("ws:8.2.1.2",)
                    )
                    self.record(
                        RecordKind.ABILITY,
                        player,
                        f"{target_card.identity} gets {amount:+d} {attribute} until end of turn",
                        ("ws:8.6.2.4.4", "ws:8.2.1.2"),
                    )

    def target_decision(
        self, player: str, card: Card, ability: CardAbility, kind: str, options: list[Choice], prompt: str
    ) -> Decision:
        """A choice an effect asks for (8.6.3): stated by the entry that plays the ability, or by a resolve entry."""
        return Decision(
            player,
            kind,
            options,
            ("ws:8.6.3", "ws:8.6.3.1"),
            frozenset({"resolve"}),
            prompt=prompt,
            default=options[0],
            answered_by="target",
            source=card.identity,
            ability=ability.name,
        )

    def optional_ability(
        self, player: str, card: Card, name: str, options: list[Choice], clauses: tuple[str, ...], prompt: str
    ) -> Decision:
        """The decision of a keyword ability its master may decline (8.7.3.1.1), answered by a ``resolve`` entry."""
        return Decision(
            player,
            name,
            [*options, PASS],
            clauses,
            frozenset({"resolve"}),
            prompt=prompt,
            default=PASS,
            source=card.identity,
            ability=name,
        )

    def replacement(self, card: Card, event: str) -> CardAbility | None:
        """The card's replacement ability for ``event``, if it has one (one per event, 8.10.2.3)."""
        for ability in self.modelled.get(card.identity or "", ()):
            if ability.kind == "replace" and ability.when == event:
                return ability
        return None

    def reverse(self, card: Card) -> Procedure:
        """Put a character in the reverse state (7.6.1.2), unless its replacement ability rests it instead
        (8.10.1); an optional one is its master's choice (8.2.1.3.2).  Returns True when replaced."""
        ability = self.replacement(card, "reversed")
        if ability is None:
            card.orientation = "reverse"
            return False
        player = card.owner
        decision = None
        use = True
        if ability.optional:
            options = [
                Choice("replace", card=card.identity, flag=False),
                Choice("replace", card=card.identity, flag=True),
            ]
            decision = Decision(
                player,
                "replace",
                options,
                ("ws:8.2.1.3.2", "ws:8.10.3"),
                frozenset({"resolve"}),
                prompt=f"{card.identity} would be reversed: rest it instead?",
                default=options[0],
                source=card.identity,
                ability=ability.name,
            )
            use = bool((yield decision).flag)
        if use:
            card.orientation = "rest"
            self.record(
                RecordKind.ABILITY,
                player,
                f"{card.identity} is rested instead of being reversed (ability {ability.index})",
                ("ws:8.10.1", "ws:8.10.1.1", "ws:8.2.1.3.2" if ability.optional else "ws:8.2.1.3.1"),
            )
        else:
            card.orientation = "reverse"
            self.record(
                RecordKind.CHOICE,
                player,
                f"{player} does not replace it: {card.identity} is reversed",
                ("ws:8.2.1.3.2",),
            )
        if decision is not None:
            yield Checkpoint(decision)
        return use

    def trigger_bond(self, player: str, card: Card) -> None:
        """ws 10.4.2: a character with Bond played and placed on the stage triggers it."""
        definition = self.definition(card)
        bond = definition.keyword("bond") if definition else None
        if bond is None:
            return

        def resolve(ability: StandbyAbility) -> Procedure:
            me = self.p[player]
            cost = stock_cost(bond, 0)
            wanted = str(bond.get("name", ""))
            targets = dict.fromkeys(
                c.identity for c in me.waiting if (d := self.definition(c)) is not None and wanted in (d.name, d.id)
            )
            options = [Choice("bond", card=target) for target in targets] if len(me.stock) >= cost else []
            decision = self.optional_ability(
                player,
                card,
                "bond",
                options,
                ("ws:10.4.2", "ws:8.7.3.1.1"),
                f"pay Bond of {card.identity} ({cost} stock) and return a card named {wanted!r} to hand?",
            )
            choice = yield decision
            if choice.verb == "bond":
                self.paying_cost = True
                self.pay_stock(player, cost, ("ws:10.4.2", "ws:8.4.2"))
                self.paying_cost = False
                self.put(player, "hand", self.take_from(player, "waiting", choice.card))
                self.record(RecordKind.ABILITY, player, f"Bond: {choice.card} returns to hand", ("ws:10.4.2",))
            else:
                self.record(
                    RecordKind.CHOICE, player, f"{player} does not use Bond of {card.identity}", ("ws:8.7.3.2.1",)
                )
            yield Checkpoint(decision)
            yield from self.interrupts()

        self.trigger(
            StandbyAbility(player, "bond", card, card.instance, resolve, ("ws:10.4.1", "ws:10.4.2")),
            f"{card.identity} was played and placed on the stage",
        )

    def trigger_shift(self, player: str) -> None:
        """ws 10.11.2: at the beginning of the main phase, Shift of clock cards whose level condition holds."""
        me = self.p[player]
        for card in list(me.clock):
            definition = self.definition(card)
            shift = definition.keyword("shift") if definition else None
            if definition is None or shift is None or me.level_count < int(shift.get("level", 0)):
                continue

            def resolve(
                ability: StandbyAbility, card: Card = card, definition: WsCardDefinition = definition
            ) -> Procedure:
                if card not in me.clock:  # 10.11.3.1: the card itself can no longer be chosen
                    self.record(
                        RecordKind.ABILITY, player, f"{card.identity} is no longer in the clock", ("ws:10.11.3.1",)
                    )
                    return
                same_color = dict.fromkeys(
                    c.identity for c in me.hand if (d := self.definition(c)) and set(d.colors) & set(definition.colors)
                )
                options = [Choice("shift", card=identity) for identity in same_color]
                decision = self.optional_ability(
                    player,
                    card,
                    "shift",
                    options,
                    ("ws:10.11.2", "ws:10.11.3.2"),
                    f"exchange {card.identity} in the clock with a hand card of the same color?",
                )
                choice = yield decision
                if choice.verb == "shift":
                    from_hand = self.take_from(player, "hand", choice.card)
                    index = me.clock.index(card)
                    me.clock[index] = from_hand
                    from_hand.renew()
                    self.version += 1
                    self.put(player, "hand", card)
                    self.record(
                        RecordKind.ABILITY,
                        player,
                        f"Shift: {card.identity} and {choice.card} are exchanged",
                        ("ws:10.11.2", "ws:10.11.3"),
                    )
                yield Checkpoint(decision)

            self.trigger(
                StandbyAbility(player, "shift", card, card.instance, resolve, ("ws:10.11.1", "ws:6.5.1.1")),
                "the main phase began with it in the clock",
            )

    def apply_declared(self, player: str, source: str, operations: list[DeclaredOperation]) -> list[Refusal]:
        """Apply what a log declares a card text the engine does not model did (its ``effect`` entry).

        Each operation is primitive: a card moved between zones, or a power or soul
        change until end of turn.  The engine checks that each is possible (the card
        is where the log says) and reports the ones that are not; it never decides
        whether the card text allowed them.  The game counts as relying on unmodelled
        text (8.6).
        """
        self.unmodelled += 1
        self.record(
            RecordKind.UNMODELLED,
            player,
            f"the text of {source} is not modelled; the log declares its effect",
            ("ws:8.6",),
        )
        problems: list[Refusal] = []
        for operation in operations:
            owner = operation.player or player
            me = self.p.get(owner)
            if me is None:
                problems.append(Refusal(("ws:8.6",), f"{owner!r} is not a player of this game"))
                continue
            if operation.kind in ("power", "soul"):
                card = me.character_at(operation.position) if operation.position in POSITIONS else None
                if card is None:
                    problems.append(Refusal(("ws:8.6",), f"no character on {owner}'s position {operation.position}"))
                    continue
                self.add_effect(card, operation.kind, operation.amount, f"declared effect of {source}", ("ws:8.6",))
                self.record(
                    RecordKind.UNMODELLED,
                    owner,
                    f"{card.identity} gets {operation.amount:+d} {operation.kind} until end of turn (declared)",
                    ("ws:8.6",),
                )
                continue
            problem = self._declared_move(owner, operation)
            if problem is not None:
                problems.append(problem)
        return problems

    def _declared_move(self, owner: str, operation: DeclaredOperation) -> Refusal | None:
        me = self.p[owner]
        source_zone, target_zone = operation.source_zone, operation.target_zone
        if source_zone == "stage":
            card = me.character_at(operation.position) if operation.position in POSITIONS else None
            if card is None or (operation.card is not None and card.identity != operation.card):
                return Refusal(
                    ("ws:8.6",), f"{operation.card or 'a character'} is not on {owner}'s position {operation.position}"
                )
        elif source_zone in ZONE_NAMES:
            cards = me.zone(source_zone)
            known = [c for c in cards if c.identity == operation.card]
            possible = known or [
                c
                for c in cards
                if c.identity is None and c.pool is not None and operation.card and c.pool.can_be(operation.card)
            ]
            if source_zone == "deck":
                possible = cards[:1]
            if not possible:
                return Refusal(("ws:8.6",), f"{operation.card} is not in {owner}'s {source_zone}")
            card = possible[0]
            cards.remove(card)
            if operation.card is not None and not card.reveal(operation.card):
                return Refusal(("ws:3.2.2",), f"the card there is {card.identity}, not {operation.card}")
        else:
            return Refusal(("ws:8.6",), f"{source_zone!r} is not a zone")
        if target_zone == "stage":
            if operation.target_position not in POSITIONS:
                return Refusal(("ws:3.6.3",), f"{operation.target_position!r} is not a stage position")
            if source_zone == "stage" and operation.position is not None:  # a stage source has one: checked above
                me.pile_at(operation.position).remove(card)
            self.put_on_stage(owner, card, operation.target_position)
        elif target_zone in ZONE_NAMES:
            if source_zone == "stage":
                self.leave_stage(owner, card, target_zone)
            else:
                self.put(owner, target_zone, card)
        else:
            return Refusal(("ws:8.6",), f"{target_zone!r} is not a zone")
        self.record(
            RecordKind.UNMODELLED,
            owner,
            f"{card.identity} moves from {source_zone} to {target_zone} (declared)",
            ("ws:8.6",),
        )
        return None

    def encore_costs(self, card: Card) -> list[int]:
        """The stock costs of the card's Encore abilities: Encore [3] (10.2.3) and its own keyword's."""
        definition = self.definition(card)
        keyword = definition.keyword("encore") if definition else None
        return sorted({DEFAULT_ENCORE_COST, stock_cost(keyword, DEFAULT_ENCORE_COST)})

    def resolve_encore(self, ability: StandbyAbility, position: int, costs: list[int]) -> Procedure:
        player, card = ability.master, ability.source
        me = self.p[player]
        affordable = [cost for cost in costs if cost <= len(me.stock)]
        intent = self.encore_intent.pop(ability.source_instance, None)
        options = [Choice("pay", card=card.identity, flag=False)]
        options.extend(Choice("pay", card=card.identity, flag=True, target=cost) for cost in affordable)
        decision = Decision(
            player,
            "pay",
            options,
            ("ws:10.2.2", "ws:8.7.3.1.1"),
            frozenset({"pay"}),
            prompt=f"pay Encore for {card.identity}?",
            default=options[0],
            source=card.identity,
            ability="encore",
        )
        if intent is None:
            choice = yield decision
        else:  # the encore entry said it (an unaffordable `pay: true` was refused there)
            choice = options[1] if intent and len(options) > 1 else options[0]
        if not choice.flag:
            self.record(
                RecordKind.CHOICE, player, f"{player} does not pay Encore for {card.identity}", ("ws:8.7.3.2.1",)
            )
            yield Checkpoint(decision)
            return
        if card not in me.waiting or card.instance != ability.source_instance:
            self.record(RecordKind.ABILITY, player, f"{card.identity} is no longer in the waiting room", ("ws:8.7.7",))
            yield Checkpoint(decision)
            return
        self.paying_cost = True
        self.pay_stock(player, choice.target, ("ws:10.2.2", "ws:8.4.2"))
        self.paying_cost = False
        self.take_card(player, "waiting", card)
        self.put_on_stage(player, card, position)
        card.orientation = "rest"
        self.record(
            RecordKind.ABILITY,
            player,
            f"Encore: {card.identity} returns to position {position} rested",
            ("ws:10.2.2", "ws:10.2.3"),
            pos=position,
        )
        yield Checkpoint(decision)
        yield from self.interrupts()

    # -- rule actions (9) --------------------------------------------------------------

    def interrupts(self) -> Procedure:
        """Interrupt rule actions: refresh (9.2) and level up (9.3), turn player's first (9.1.2.1.1.1)."""
        if self.paying_cost:
            return
        while True:
            self.spend()
            acted = False
            for player in (self.turn_player, self.non_turn_player):
                me = self.p[player]
                if not me.deck and self.refresh_due(player):
                    yield from self.refresh(player)
                    acted = True
                if len(me.clock) >= 7:
                    yield from self.level_up(player)
                    acted = True
            if not acted:
                return

    def refresh_due(self, player: str) -> bool:
        me = self.p[player]
        if me.waiting:
            return True
        in_damage_with_climax = self.in_damage == player and any(
            (d := self.definition(card)) is not None and d.type == "climax" for card in me.resolution
        )
        if not in_damage_with_climax:
            loser_clauses = ("ws:9.2.2.1", "ws:1.2.2.2")
            self.end_game(
                Termination.LOSS,
                self.opponent(player),
                f"{player} has no cards in deck or waiting room",
                loser_clauses,
            )
        return False

    def refresh(self, player: str) -> Procedure:
        """ws 9.2.2: the waiting room becomes the deck, shuffled; the refresh point goes up by one."""
        me = self.p[player]
        self.refresh_count += 1
        pool = IdentityPool(
            f"refresh {self.refresh_count} of {player}",
            dict(Counter(c.identity for c in me.waiting if c.identity)),
            [c.pool for c in me.waiting if c.identity is None and c.pool is not None],
        )
        cards = me.waiting
        me.waiting = []
        for card in cards:
            card.renew()
            card.hide_in(pool)
        me.deck = cards
        me.refresh_point += 1
        self.version += 1
        reveal = Reveal(player, "refresh", len(cards), ("ws:9.2.2",))
        answer = yield reveal
        if answer:
            for index, card in enumerate(me.deck[: len(answer)]):
                self.bind(card, answer, index, reveal)
            reveal.used = min(len(answer), len(me.deck))
        self.record(
            RecordKind.RULE_ACTION,
            player,
            f"refresh: {player}'s waiting room ({len(cards)} cards) becomes the deck; refresh point {me.refresh_point}",
            ("ws:9.2.1", "ws:9.2.2", "ws:9.2.4"),
        )
        yield Checkpoint(reveal)

    def level_up(self, player: str) -> Procedure:
        """ws 9.3.2: choose one of the bottom seven clock cards for the level; the other six go to the waiting room."""
        me = self.p[player]
        bottom = me.clock[:7]
        options = [Choice("level_up", card=identity) for identity in dict.fromkeys(c.identity or "?" for c in bottom)]
        decision = Decision(
            player,
            "level_up",
            options,
            ("ws:9.3.2",),
            frozenset({"level_up"}),
            prompt="choose a card from the bottom seven of the clock for the level",
        )
        choice = yield decision
        chosen = next((card for card in bottom if card.identity == choice.card), bottom[0])
        rest = [card for card in bottom if card is not chosen]
        me.clock = me.clock[7:]
        self.put(player, "level", chosen)
        for card in rest:
            self.put(player, "waiting", card)
        self.record(
            RecordKind.RULE_ACTION,
            player,
            f"level up: {chosen.identity} goes to {player}'s level ({me.level_count})",
            ("ws:9.3.1", "ws:9.3.2"),
            card=chosen.identity,
        )
        yield Checkpoint(decision)

    def nothing_due(self) -> bool:
        """Whether no rule action is due: nothing changed since the last check found none, or none is."""
        if self.version != self.quiet_version and not self.rule_actions_due():
            self.quiet_version = self.version
        return self.version == self.quiet_version

    def power_can_drop(self) -> bool:
        """Whether any character's power can be below its printed power now (effects, abilities)."""
        return self.static_lowering or self.effects.can_lower("power")

    def rule_actions_due(self) -> bool:
        """Whether a rule action of 9.4-9.9 is due: the conditions ``perform_rule_actions`` acts on."""
        can_lower = self.power_can_drop()
        for me in self.p.values():
            if me.level_count >= 4 or (not me.deck and not me.waiting):  # 9.4.1
                return True
            if len(me.climax) > 1 or me.refresh_point >= 1:  # 9.7.1, 9.9.1
                return True
            for cards, markers in zip(me.stage, me.markers):
                if len(cards) > 1 or (not cards and markers):  # 9.6.1, 9.8.1
                    return True
                if cards and (can_lower or self.weak_printed or cards[-1].identity is None):
                    definition = self.definition(cards[-1])
                    if (can_lower or definition is None or definition.power <= 0) and self.power(cards[-1]) <= 0:
                        return True  # 9.5.1
        return False

    def perform_rule_actions(self) -> Procedure:
        """Check rule actions (9.4-9.9), all at once."""
        if self.nothing_due():
            return False
        losers = [
            player
            for player in self.players
            if self.p[player].level_count >= 4 or (not self.p[player].deck and not self.p[player].waiting)
        ]
        if losers:
            if len(losers) == 2:
                self.end_game(Termination.ALL_LOSE, None, "both players lose at once", ("ws:9.4.1", "ws:1.2.3"))
            loser = losers[0]
            why = "level 4" if self.p[loser].level_count >= 4 else "no cards in deck or waiting room"
            self.end_game(
                Termination.LOSS, self.opponent(loser), f"{loser} loses ({why})", ("ws:9.4.1", "ws:1.2.2", "ws:1.2.1")
            )
        acted = False
        can_lower = self.power_can_drop()
        for player in (self.turn_player, self.non_turn_player):
            me = self.p[player]
            for pos, card in me.characters():
                definition = self.definition(card)
                if not can_lower and definition is not None and definition.power > 0:
                    continue
                if self.power(card) <= 0:
                    self.leave_stage(player, card, "waiting")
                    self.record(RecordKind.RULE_ACTION, player, f"{card.identity} has 0 or less power", ("ws:9.5.1",))
                    acted = True
            for pos, cards in zip(POSITIONS, me.stage):
                while len(cards) > 1:
                    earlier = cards[0]
                    self.leave_stage(player, earlier, "waiting")
                    self.record(
                        RecordKind.RULE_ACTION,
                        player,
                        f"{earlier.identity} leaves position {pos}: another character was put there",
                        ("ws:9.6.1",),
                    )
                    acted = True
            while len(me.climax) > 1:
                earlier = me.climax[0]
                self.put(player, "waiting", self.take_card(player, "climax", earlier))
                self.record(
                    RecordKind.RULE_ACTION,
                    player,
                    f"the earlier climax {earlier.identity} goes to the waiting room",
                    ("ws:9.7.1",),
                )
                acted = True
            for pos, cards, markers in zip(POSITIONS, me.stage, me.markers):
                if markers and not cards:
                    for marker in list(markers):
                        markers.remove(marker)
                        self.put(player, "waiting", marker)
                    self.record(
                        RecordKind.RULE_ACTION,
                        player,
                        f"markers of position {pos} go to the waiting room",
                        ("ws:9.8.1",),
                    )
                    acted = True
        paid_refresh_point = False
        for player in (self.turn_player, self.non_turn_player):
            me = self.p[player]
            if me.refresh_point >= 1:
                reveal = Reveal(player, "refresh_point", 1, ("ws:9.9.1",))
                answer = yield reveal
                yield from self.ensure_deck(player)
                card = me.deck.pop(0)
                self.bind(card, answer, 0, reveal)
                reveal.used = 1
                self.put(player, "clock", card)
                me.refresh_point -= 1
                self.record(
                    RecordKind.RULE_ACTION,
                    player,
                    f"refresh point: {card.identity or '?'} goes from the deck to the clock",
                    ("ws:9.9.1",),
                    card=card.identity,
                )
                yield Checkpoint(reveal)
                paid_refresh_point = acted = True
        if paid_refresh_point:  # both players' refresh points are simultaneous (9.1.2.2.1); then their level ups
            yield from self.interrupts()
        if not acted:
            self.quiet_version = self.version
        return acted

    # -- moving cards --------------------------------------------------------------------

    def ensure_deck(self, player: str) -> Procedure:
        """ws 3.2.3.1: a move from an empty deck waits for the refresh."""
        if not self.p[player].deck:
            yield from self.interrupts()
            if not self.p[player].deck:
                self.end_game(Termination.LOSS, self.opponent(player), f"{player} cannot refresh", ("ws:9.2.2.1",))

    def draw(self, player: str, count: int, clauses: tuple[str, ...], purpose: str = "draw") -> Procedure:
        """Draw ``count`` cards one at a time (4.7.3), refreshing when the deck runs out (3.2.3.1)."""
        reveal = Reveal(player, purpose, count, clauses)
        answer = yield reveal
        me = self.p[player]
        drawn = []
        for index in range(count):
            yield from self.ensure_deck(player)
            card = me.deck.pop(0)
            self.bind(card, answer, index, reveal)
            self.put(player, "hand", card)
            drawn.append(card.identity or "?")
            yield from self.interrupts()
        reveal.used = count
        self.record(RecordKind.FORCED, player, f"{player} draws {count} ({', '.join(drawn)})", clauses, cards=drawn)
        yield Checkpoint(reveal)

    def deal_damage(self, player: str, amount: int, clauses: tuple[str, ...]) -> Procedure:
        """ws 4.10.1: reveal cards one at a time; a climax cancels; otherwise all go to the clock."""
        reveal = Reveal(player, "damage", amount, ("ws:4.10.1",) + clauses)
        answer = yield reveal
        me = self.p[player]
        moved: list[Card] = []
        canceled = False
        self.in_damage = player
        for index in range(amount):
            yield from self.ensure_deck(player)
            card = me.deck.pop(0)
            self.bind(card, answer, index, reveal)
            self.put(player, "resolution", card)
            moved.append(card)
            reveal.used = index + 1
            yield from self.interrupts()
            definition = self.definition(card)
            if card.identity is None:
                self.assume("a damage card is not revealed in the log; it is taken as no climax", ("ws:4.10.1.1",))
            if definition is not None and definition.type == "climax":
                canceled = True
                break
        names = ", ".join(card.identity or "?" for card in moved)
        if canceled:
            for card in moved:
                self.put(player, "waiting", self.take_card(player, "resolution", card))
            self.record(
                RecordKind.FORCED,
                player,
                f"{amount} damage to {player}: {names}; the climax cancels it",
                ("ws:4.10.1.1", "ws:4.10.1.2"),
                cards=[c.identity for c in moved],
                canceled=True,
            )
            if answer and len(answer) > len(moved):
                reveal.problems.append(
                    Refusal(
                        ("ws:4.10.1.2",),
                        f"the damage was canceled by {moved[-1].identity} (card {len(moved)}), "
                        f"but the log lists {len(answer) - len(moved)} more card(s)",
                    )
                )
        else:
            for card in moved:
                self.put(player, "clock", self.take_card(player, "resolution", card))
            self.record(
                RecordKind.FORCED,
                player,
                f"{amount} damage to {player}: {names} go to the clock",
                ("ws:4.10.1.1", "ws:4.10.1.3", "ws:3.13.1.3.1"),
                cards=[c.identity for c in moved],
                canceled=False,
            )
        self.in_damage = None
        yield Checkpoint(reveal)
        yield from self.interrupts()
        return canceled

    def bind(self, card: Card, answer: list[Any] | None, index: int, reveal: Reveal | None) -> None:
        """Give ``card`` the identity the log states for it, if any; an impossible one is a problem."""
        if not answer or index >= len(answer) or answer[index] in (None, "?"):
            return
        identity = str(answer[index])
        if card.reveal(identity):
            return
        pool = card.pool
        owner = self.p[card.owner]
        if owner.deck_list[identity] == 0:
            message = f"{identity} is not in {card.owner}'s deck list"
            clauses: tuple[str, ...] = ("ws:5.2.1.1",)
        elif card.identity is not None:
            message = f"the card there is {card.identity}, not {identity}"
            clauses = ("ws:3.2.2",)
        elif pool is not None and pool.name.startswith("refresh"):
            message = (
                f"{identity} could not be in this deck: it was not in the waiting room when the deck was refreshed"
            )
            clauses = ("ws:9.2.2",)
        else:
            message = (
                f"{identity} cannot be revealed here: {card.owner}'s deck list has {owner.deck_list[identity]} "
                f"cop{'y' if owner.deck_list[identity] == 1 else 'ies'} and all are accounted for"
            )
            clauses = ("ws:5.2.1.1", "ws:5.1.2.2")
        if reveal is not None:
            reveal.problems.append(Refusal(clauses, message))
        card.identity, card.pool = identity, None

    def assume(self, message: str, clauses: tuple[str, ...]) -> None:
        """The log leaves out something the replay needs; say so (the verdict cannot be legal)."""
        self.unmodelled += 1
        self.record(RecordKind.UNMODELLED, None, message, clauses)

    def put(self, player: str, zone: str, card: Card, renew: bool = True) -> None:
        """Put ``card`` on top of ``player``'s ``zone``; it becomes a new object (3.1.4)."""
        if renew:
            card.renew()
        self.version += 1
        self.p[player].zone(zone).append(card)
        self.p[player].placed_at[card.instance] = self.effects.next_timestamp()

    def take_card(self, player: str, zone: str, card: Card) -> Card:
        self.p[player].zone(zone).remove(card)
        return card

    def take_from(self, player: str, zone: str, identity: str | None) -> Card:
        """Take a card of ``identity`` from a zone: a known one, else an unknown one revealed as it."""
        cards = self.p[player].zone(zone)
        for card in cards:
            if card.identity == identity:
                cards.remove(card)
                return card
        for card in cards:
            if card.identity is None and identity is not None and card.reveal(identity):
                cards.remove(card)
                return card
        card = cards.pop() if cards else Card(player)
        card.identity = identity
        return card

    def put_on_stage(self, player: str, card: Card, position: int) -> None:
        card.renew()
        self.version += 1
        self.p[player].pile_at(position).append(card)
        self.p[player].placed_at[card.instance] = self.effects.next_timestamp()

    def leave_stage(self, player: str, card: Card, zone: str) -> None:
        """Move a character off the stage; its markers go too (3.7.3.2); Encore may trigger (10.2).

        A replacement ability of the card (8.10) may send it elsewhere instead of the waiting room.
        """
        me = self.p[player]
        if zone == "waiting":
            instead = self.replacement(card, "leaves_stage")
            if instead is not None:
                zone = instead.instead or zone
                self.record(
                    RecordKind.ABILITY,
                    player,
                    f"{card.identity} goes to the {zone} instead of the waiting room (ability {instead.index})",
                    ("ws:8.10.1", "ws:8.2.1.3.1"),
                )
        position = me.position_of(card)
        if position is None:
            raise LookupError(f"{card.identity} is not on {player}'s stage")
        me.pile_at(position).remove(card)
        markers = me.markers_at(position)
        for marker in markers:
            self.put(player, "waiting", marker)
        markers.clear()
        self.put(card.owner, zone, card)
        if zone == "waiting":
            self.trigger_encore(card.owner, card, position)

    def swap(self, player: str, first: int, second: int) -> None:
        """ws 6.5.1.2.4: exchange the cards on two positions (a stage move keeps identity, 3.1.4).

        Markers move with their characters and no position gets a second character, so the
        only rule action a move can make due is 9.5.1, through an Assist that lowers power
        (tested broadly: any ability of the game that lowers power).
        """
        if self.static_lowering:
            self.version += 1
        self.p[player].exchange(first, second)
        self.record(RecordKind.CHOICE, player, f"{player} moves position {first} <-> {second}", ("ws:6.5.1.2.4",))

    # -- characteristics --------------------------------------------------------------

    def add_effect(self, card: Card, attribute: str, delta: int, source: str, clauses: tuple[str, ...]) -> None:
        self.version += 1
        self.effects.add(
            ContinuousEffect(
                card.instance,
                attribute,
                delta=delta,
                timestamp=self.effects.next_timestamp(),
                source=source,
                clauses=clauses,
            )
        )

    def assist_effects(self, card: Card) -> list[ContinuousEffect]:
        """ws 10.3: Assist of back-stage characters behind ``card``'s position."""
        me = self.p[card.owner]
        position = me.position_of(card)
        if position not in CENTER:
            return []
        effects = []
        for back in BEHIND[position]:
            helper = me.character_at(back)
            definition = self.definition(helper) if helper is not None else None
            assist = definition.keyword("assist") if definition is not None else None
            if helper is not None and definition is not None and assist is not None:
                effects.append(
                    ContinuousEffect(
                        card.instance,
                        "power",
                        delta=int(assist.get("power", 0)),
                        timestamp=me.placed_at.get(helper.instance, 0),
                        source=f"assist of {definition.id}",
                        clauses=("ws:10.3.2",),
                    )
                )
        return effects

    def power(self, card: Card) -> int:
        definition = self.definition(card)
        base = definition.power if definition else 0
        effects = self.assist_effects(card) + self.continuous_effects(card)
        return self.effects.value(card.instance, "power", base, effects, self.traits_required(card, effects))

    def soul(self, card: Card) -> int:
        definition = self.definition(card)
        effects = self.continuous_effects(card)
        return self.effects.value(
            card.instance, "soul", definition.soul if definition else 0, effects, self.traits_required(card, effects)
        )

    def traits_required(self, card: Card, effects: list[ContinuousEffect]) -> frozenset[str]:
        """The card's traits when one of ``effects`` applies only with a trait; else none are needed."""
        if any(effect.requires is not None for effect in effects):
            return self.traits(card, effects)
        return frozenset()

    def traits(self, card: Card, effects: list[ContinuousEffect] | None = None) -> frozenset[str]:
        """The card's traits: printed (ws:2.5.1), then those gained from continuous effects (8.9.1.2).

        An effect for characters with a trait depends on the effects that give that trait
        and applies after them, whatever their timestamps (ws:8.9.1.4; then ws:8.9.1.5).
        """
        definition = self.definition(card)
        printed = definition.traits if definition else ()
        if effects is None:
            effects = self.continuous_effects(card)
        if not any(effect.attribute == "traits" for effect in effects):
            return frozenset(printed)
        return self.effects.gained(card.instance, "traits", printed, effects)[0]

    def continuous_effects(self, card: Card) -> list[ContinuousEffect]:
        """Effects of ``cont`` abilities of characters on the stage that apply to ``card`` (8.1.1.3, 2.12.2.1)."""
        me = self.p[card.owner]
        if me.position_of(card) is None:
            return []
        found = []
        for _, source in me.characters():
            for ability in self.modelled.get(source.identity or "", ()):
                if ability.kind != "cont":
                    continue
                for effect in ability.effects:
                    target = effect.get("target", "self")
                    if target != "all" and not (target == "self" and source is card):
                        continue
                    timestamp = me.placed_at.get(source.instance, 0)
                    origin = f"ability {ability.index} of {source.identity}"
                    requires = effect.get("with_trait")
                    if "trait" in effect:
                        found.append(
                            ContinuousEffect(
                                card.instance,
                                "traits",
                                layer=Layer.NON_NUMERIC,
                                timestamp=timestamp,
                                source=origin,
                                clauses=("ws:8.9.1.2",),
                                gains=str(effect["trait"]),
                                requires=requires,
                            )
                        )
                    for attribute in ("power", "soul"):
                        if attribute in effect:
                            found.append(
                                ContinuousEffect(
                                    card.instance,
                                    attribute,
                                    delta=int(effect[attribute]),
                                    timestamp=timestamp,
                                    source=origin,
                                    clauses=("ws:8.9.1.3",),
                                    requires=requires,
                                )
                            )
        return found

    def level_of(self, card: Card | None) -> int:
        definition = self.definition(card) if card else None
        return definition.level if definition else 0

    def in_hand(self, player: str, identity: str) -> bool:
        """Whether ``player``'s hand holds ``identity``, known or possibly among its unknown cards."""
        for card in self.p[player].hand:
            if card.identity == identity:
                return True
            if card.identity is None and card.pool is not None and card.pool.contents.get(identity, 0) > 0:
                return True
        return False

    def hand_identities(self, player: str) -> list[str]:
        """The card ids ``player`` could take from hand: known cards, and what unknown ones could be."""
        seen: dict[str, None] = {}
        pools = []
        for card in self.p[player].hand:
            if card.identity is not None:
                seen.setdefault(card.identity)
            elif card.pool is not None and card.pool not in pools:
                pools.append(card.pool)
        for pool in pools:
            for identity, count in pool.contents.items():
                if count > 0:
                    seen.setdefault(identity)
        return list(seen)

    # -- explaining refusals -------------------------------------------------------------

    def check(self, decision: Decision, choice: Choice) -> Refusal | None:
        if decision.kind == "mulligan" and choice.verb == "mulligan":
            return self._check_cards_in_hand(decision.player, choice.cards, ("ws:5.2.1.4",))
        if decision.kind == "discard" and choice.verb == "discard":
            excess = len(self.p[decision.player].hand) - HAND_LIMIT
            if len(choice.cards) != excess:
                return Refusal(
                    ("ws:6.8.1.2", "ws:3.3.3.1"),
                    f"{decision.player} must put exactly {excess} card(s) into the waiting room, not {len(choice.cards)}",
                )
            return self._check_cards_in_hand(decision.player, choice.cards, ("ws:6.8.1.2",))
        if decision.kind == "encore" and choice.verb == "encore":
            card = self.p[decision.player].character_at(choice.pos) if choice.pos in POSITIONS else None
            if choice.flag and card is not None:
                cheapest = min(self.encore_costs(card))
                stock = len(self.p[decision.player].stock)
                if stock < cheapest:
                    return Refusal(
                        ("ws:10.2.2", "ws:8.4.2.2"),
                        f"Encore costs {cheapest} stock and {decision.player} has {stock}: it cannot be paid",
                    )
            choice = Choice("encore", pos=choice.pos)
        if decision.kind == "pay" and choice.verb == "pay" and choice.flag and choice.target is None:
            paying = [option for option in decision.options if option.flag]
            if paying:
                return None
        return super().check(decision, choice)

    def concrete(self, decision: Decision, choice: Choice) -> Choice:
        """The option a legal but loosely written choice stands for (``pay: true`` -> the cheapest)."""
        if decision.kind == "pay" and choice.flag and choice.target is None:
            return next(option for option in decision.options if option.flag)
        if decision.kind == "pay" and choice.flag is False:
            return decision.options[0]
        return choice

    def _check_cards_in_hand(self, player: str, cards: tuple[str, ...], clauses: tuple[str, ...]) -> Refusal | None:
        needed = Counter(cards)
        hand = self.p[player].hand
        known = Counter(card.identity for card in hand if card.identity is not None)
        unknown = [card for card in hand if card.identity is None]
        missing = 0
        for identity, count in needed.items():
            short = count - known[identity]
            if short > 0:
                if not any(card.pool is None or card.pool.contents.get(identity, 0) >= 1 for card in unknown):
                    return Refusal(clauses, f"{identity} is not in {player}'s hand")
                missing += short
        if missing > len(unknown):
            return Refusal(clauses, f"{player}'s hand does not hold {', '.join(cards)}")
        return None

    def explain(self, decision: Decision, choice: Choice) -> Refusal:
        player = decision.player
        me = self.p[player]
        if choice.verb not in decision.verbs and choice.verb != "pass":
            return Refusal(decision.clauses, f"{choice.verb} is not possible now: {decision.prompt}")
        if choice.verb == "pass":
            return Refusal(decision.clauses, f"{player} cannot pass here: {decision.prompt}")
        if choice.verb in ("play", "clock", "climax", "counter") and choice.card is not None:
            definition = self.definitions.get(choice.card)
            if definition is None:
                return Refusal(("ws:2.3",), f"{choice.card!r} is not a card of this log")
            if choice.card not in self.hand_identities(player):
                return Refusal(decision.clauses, f"{choice.card} is not in {player}'s hand")
            if choice.verb == "play" and definition.type == "climax":
                return Refusal(("ws:6.6.1.2.1",), "a climax is played in the climax phase, not the main phase")
            if choice.verb == "climax" and definition.type != "climax":
                return Refusal(("ws:6.6.1.2.1",), f"{choice.card} is not a climax")
            backup = definition.keyword("backup") if choice.verb == "counter" else None
            if backup is not None:
                needed, cost = int(backup.get("level", 0)), stock_cost(backup, 0)
                if me.level_count < needed:
                    return Refusal(
                        ("ws:10.5.2",),
                        f"backup of {choice.card} needs level {needed}; {player} is level {me.level_count}",
                    )
                if len(me.stock) < cost:
                    return Refusal(
                        ("ws:10.5.2", "ws:8.4.2.2"),
                        f"backup of {choice.card} costs {cost} stock; {player} has {len(me.stock)}",
                    )
            elif choice.verb in ("play", "climax", "counter"):
                refusal = self.play_refusal(player, definition)
                if refusal is not None:
                    return refusal
            if choice.verb == "play" and definition.type == "character" and choice.pos not in POSITIONS:
                return Refusal(("ws:8.6.2.2.1", "ws:3.6.3"), f"position {choice.pos!r} is not a stage position (1-5)")
            if choice.verb == "counter" and backup is None and not definition.counter:
                return Refusal(("ws:7.4.1.2.1",), f"{choice.card} has no counter icon")
        if choice.verb == "attack":
            if self.turn == 1 and player == self.first and self.attacks_this_turn >= 1:
                return Refusal(("ws:7.2.1.3.1",), "the starting player attacks only once in the first turn")
            card = me.character_at(choice.pos) if choice.pos in POSITIONS else None
            if choice.pos not in CENTER or card is None:
                return Refusal(("ws:7.1.1", "ws:7.2.1.3"), f"no character on center-stage position {choice.pos}")
            if card.orientation != "stand":
                return Refusal(
                    ("ws:7.2.1.3",), f"{card.identity} at position {choice.pos} is {card.orientation}ed, not standing"
                )
            performer = self.great_performer(self.opponent(player))
            if performer is not None:
                return Refusal(
                    ("ws:10.6.2",), f"{performer.identity} has Great Performance: every attack is a front attack on it"
                )
            facing = self.p[self.opponent(player)].character_at(FACING[choice.pos])
            if facing is None:
                return Refusal(("ws:7.2.1.4.1",), "no character faces it: the attack is a direct attack")
            return Refusal(("ws:7.2.1.4.2",), f"{facing.identity} faces it: choose a front or side attack")
        if choice.verb == "level_up":
            return Refusal(("ws:9.3.2",), f"{choice.card} is not among the bottom seven cards of {player}'s clock")
        if choice.verb == "move":
            return Refusal(("ws:6.5.1.2.4",), "move exchanges two stage positions, 1-5")
        if choice.verb == "act":
            card = me.character_at(choice.pos) if choice.pos in POSITIONS else None
            ability = (
                next(
                    (
                        a
                        for a in self.modelled.get(card.identity or "", ())
                        if a.index == choice.target and a.kind == "act"
                    ),
                    None,
                )
                if card
                else None
            )
            if card is None or ability is None:
                return Refusal(("ws:6.5.1.2.3",), f"no activated ability {choice.target!r} on position {choice.pos!r}")
            refusal = self.cost_refusal(player, card, ability)
            if refusal is not None:
                return refusal
        legal = ", ".join(option.describe() for option in decision.options[:12])
        return Refusal(decision.clauses, f"{choice.describe()} is not a legal option ({legal})")

    def reachable(self, decision: Decision, verb: str, player: str) -> bool:
        """Whether ``verb`` by ``player`` can come after ``decision`` if only defaults are taken.

        This is what makes a pass implied (log-format: an entry that can only belong
        to a later point passes the points before it): the entry must fit a later
        point of this turn reached by passing, or the next turn, which the other
        player takes.  A ``damage`` or ``trigger`` needs an attack first, so it
        never passes an attack declaration.  ``player`` is the one the entry is
        about (``to`` for damage).
        """
        if verb in ("refresh", "refresh_point", "level_up", "resolve", "pass"):
            return True
        if self.phase == "setup":
            return verb in ("mulligan", "draw") or player == self.first
        kind = decision.kind
        if kind in TURN_ORDER:
            later_points = TURN_ORDER[TURN_ORDER.index(kind) + 1 :]
        else:  # a decision inside a point (an Encore to pay, an icon's choice): that point goes on
            point = PHASE_POINT.get(self.phase, "attack")
            later_points = TURN_ORDER[TURN_ORDER.index(point) :]
        later = {verb for point in later_points for verb in POINT_VERBS[point]}
        if kind in ("attack", "encore", "counter", "pay", "standby"):
            later.add("encore")
        if verb == "discard" and len(self.p[player].hand) <= HAND_LIMIT - 2:
            return False
        if player == self.turn_player and verb in later:
            return True
        if self.attack is not None and self.step_ahead(self.attack, verb, player):
            return True
        if player == self.non_turn_player:
            return verb in NEXT_TURN_VERBS or (verb == "encore" and "encore" in later)
        return False

    def reachable_after_reveal(self, verb: str, player: str) -> bool:
        """Whether ``verb`` by ``player`` can come after the reveal the game is making now.

        Only the steps of an attack are bound to it: a trigger, a counter or a
        damage entry outside the steps still ahead fits no later point.
        """
        if verb not in ("trigger", "counter", "damage"):
            return True
        if self.attack is not None:
            return self.step_ahead(self.attack, verb, player)
        return self.phase != "attack" or verb == "trigger" and player == self.turn_player

    def step_ahead(self, attack: Attack, verb: str, player: str) -> bool:
        """Whether the attack in progress still has the step where ``verb`` by ``player`` happens."""
        steps = ATTACK_STEPS.index(attack.step)
        if verb == "trigger":
            return player == self.turn_player and steps < ATTACK_STEPS.index("trigger")
        if verb == "counter":
            return player == self.non_turn_player and attack.kind == "front" and steps < ATTACK_STEPS.index("counter")
        if verb == "damage":
            return player == self.non_turn_player and steps < ATTACK_STEPS.index("damage")
        return False

    def why_not_now(self, verb: str, player: str) -> Refusal:
        """The clause that rules out ``verb`` by ``player`` at this point of the game."""
        me = self.p.get(player)
        if verb == "counter":
            if self.attack is not None and self.attack.kind != "front":
                return Refusal(("ws:7.3.1.3",), f"a {self.attack.kind} attack has no counter step")
            return Refusal(("ws:7.4.1.2",), "a counter is played in the counter step of a front attack")
        if verb == "damage" and self.no_damage is not None:
            return self.no_damage
        if verb == "damage":
            return Refusal(("ws:7.5.1.2",), "no damage is dealt here")
        if verb == "trigger":
            return Refusal(("ws:7.3.1.2",), "no trigger check happens here")
        if verb == "discard" and me is not None:
            return Refusal(
                ("ws:6.8.1.2", "ws:3.3.3.1"),
                f"{player} discards to the hand limit only in the end phase with more than {HAND_LIMIT} cards "
                f"(the hand holds {len(me.hand)})",
            )
        if verb == "climax":
            return Refusal(("ws:6.6.1.2", "ws:6.6.1.2.2"), "a climax is played once, in the climax phase")
        if verb == "clock":
            return Refusal(("ws:6.4.1.2",), "a card is clocked once, in the clock phase")
        if verb in ("play", "move", "act"):
            return Refusal(("ws:6.5.1.2",), f"{verb} is a main-phase action of the turn player")
        if verb == "attack":
            return Refusal(("ws:7.2.1.3",), "attacks are declared in the attack declaration step")
        if verb == "level_up":
            return Refusal(("ws:9.3.1",), f"{player} has fewer than 7 cards in the clock")
        return Refusal((), f"{verb!r} has no place here")
