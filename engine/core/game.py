"""The game-agnostic core of a game run: records, the step budget, triggered abilities, the outcome.

A game subclass writes its procedure as generator methods that ``yield`` the
``Decision`` and ``Reveal`` requests of ``engine.core.protocol`` and receive the
answers.  This class keeps what every game shares, whatever its procedure:

* the trace: every step is recorded with the clauses behind it (``record``);
* automatic abilities whose condition was met, waiting to be played
  (``trigger``, ``standby``); a game with check timings plays them there
  (``engine.core.check_timing``), one without plays them its own way;
* the step budget: every step spends from it, the driver renews it each time it
  answers a request, and running out raises ``EngineLimitReached`` so that an
  endless loop the rules run on their own (ws 11.1, vg 11.1, wl 11.1) is
  reported, never run;
* the outcome (``Outcome``), once a rule ends the game or a player concedes;
* the parts a game is composed of (``parts``, ``engine.core.parts``): built in one loop, dropped in one;
* the turns resumed from a copy of the game made at a turn's start (``resume_turn``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Generic, TypeVar

from mypy_extensions import mypyc_attr

from engine.core.card_records import ability_words
from engine.core.cards import Card, CardDefinition
from engine.core.effects import EffectLedger
from engine.core.parts import Part
from engine.core.protocol import (
    ActionRecord,
    Checkpoint,
    Choice,
    Decision,
    EngineLimitReached,
    RecordKind,
    Refusal,
    Reveal,
)
from engine.core.state_hash import digest
from engine.core.zones import ZoneTable

Request = Decision | Reveal | Checkpoint
Procedure = Generator[Request, Any, Any]
"""A piece of game procedure: yields requests, receives answers."""

DEFAULT_STEP_BUDGET: Final = 200_000
D = TypeVar("D", bound=CardDefinition)


ORDINALS: Final = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def holding_checkpoints(procedure: Procedure, held: list[Checkpoint]) -> Procedure:
    """Run ``procedure``, passing its requests on, but keep the checkpoints of its decisions in ``held`` for the
    caller to yield later: an ability that chooses and then goes on is done, and the entry that chose with it, only
    when all of it is.  A forced event's checkpoint (a draw's) passes at once: its own entry is done then, and none
    of its fields may answer a later choice."""
    answer: Any = None
    while True:
        try:
            request = procedure.send(answer)
        except StopIteration as stopped:
            return stopped.value
        if isinstance(request, Checkpoint) and isinstance(request.closes, Decision):
            held.append(request)
            answer = None
        else:
            answer = yield request


def ability_label(name: str) -> str:
    """An ability as a reader names it: ``encore``, or ``the first ability`` for a card's abilities by their place
    (``0``, as a log numbers them from 0)."""
    if not name.isdigit():
        return name
    place = int(name)
    return f"the {ORDINALS[place]} ability" if place < len(ORDINALS) else f"ability {place + 1}"


class Termination(enum.Enum):
    """How a game ended (as python-chess's ``Termination`` says how a chess game did)."""

    LOSS = "loss"
    """A player met a losing condition (a rule action: level 4, six damage, no Life, no deck)."""
    ALL_LOSE = "all lose"
    """Every player met a losing condition at once: a draw (ws 1.2.3, vg 1.2.3)."""
    CONCESSION = "concession"
    """A player conceded (ws 1.2.4, vg 1.2.4, wl 1.2.4)."""
    LOOP = "loop"
    """An infinite loop no player can stop: a draw (ws 11.1.1.1, vg 11.1.1.1, wl 11.1.1.1)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: how, who won (None for a draw), and in words, with the clauses."""

    termination: Termination
    winner: str | None
    reason: str
    clauses: tuple[str, ...]

    @property
    def is_draw(self) -> bool:
        return self.winner is None


@dataclass(frozen=True, slots=True)
class GameClauses:
    """A game's own clauses for what every game has, cited wherever a driver reports one of them."""

    turn_order: tuple[str, ...]
    """How the players take turns (ws 6.1.1): cited when something happens in another turn than claimed."""
    game_end: tuple[str, ...]
    """When the game ends and who wins (ws 1.2.1): cited for actions after the end, or a wrong winner."""
    unmodelled_text: tuple[str, ...]
    """Playing card text (ws 8.6): cited for what card text the engine does not model is said to do."""
    loops: tuple[str, ...]
    """Infinite loops (ws 11.1.1): cited when the game runs on by itself without end."""
    concession: tuple[str, ...]
    """Conceding (ws 1.2.4)."""
    card_records: tuple[str, ...]
    """A card's characteristics (ws 2): cited for a card the game does not know."""


@dataclass(frozen=True, slots=True)
class UnplayedText:
    """Card text the engine met and does not play: whose, which words, and the log entry that met it."""

    player: str | None
    card: str
    text: str
    entry: int | None

    def describe(self) -> str:
        met = f" (met at entry {self.entry})" if self.entry is not None else ""
        return f"{self.card}'s text {self.text!r}{met}"


class GameEnded(Exception):
    """Raised inside the procedure when the game ends (a loss, a draw, a concession)."""


@dataclass(eq=False, slots=True, init=False)
class StandbyAbility:
    """An automatic ability whose activation condition was met, waiting to be played.

    Its initialiser is written out, as those of ``engine.core.protocol`` are: a compiled
    build runs a written initialiser natively.
    """

    master: str
    name: str
    """What it is: ``encore``, ``shot`` ... (the name a player uses to say which one is played first)."""
    source: Card
    source_instance: int
    """The instance that triggered it (the card may have moved on since)."""
    source_identity: str | None
    """What the source was when it triggered: its last-known information, which names the ability even after
    the card has moved on (a refresh shuffles it into a deck whose order hides it)."""
    resolve: Callable[[StandbyAbility], Procedure]
    clauses: tuple[str, ...]
    data: dict[str, Any]
    id: int
    """Numbers the abilities that triggered in this game, set by ``Game.trigger``."""

    def __init__(
        self,
        master: str,
        name: str,
        source: Card,
        source_instance: int,
        resolve: Callable[[StandbyAbility], Procedure],
        clauses: tuple[str, ...],
        data: dict[str, Any] | None = None,
    ) -> None:
        self.master = master
        self.name = name
        self.source = source
        self.source_instance = source_instance
        self.source_identity = source.identity
        self.resolve = resolve
        self.clauses = clauses
        self.data = {} if data is None else data
        self.id = 0


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(Generic[D]):
    """A game in progress: what any driver may rely on (``engine.core.interface``), and the bookkeeping
    every game shares.  A game subclasses it and writes its procedure as ``run``.

    ``D`` is the game's card definition type (``engine.games.ws.cards.WsCardDefinition``).  A game of
    another package may subclass it even where this package is compiled (``setup.py``).
    """

    game_id = ""
    """The key logs use for the game (``ws``)."""
    clauses = GameClauses((), (), (), (), (), ())
    """The game's own clauses for the situations every game has (each game states its own)."""
    zones = ZoneTable(())
    """What the rules say about each zone (each game declares its own)."""
    turn_begins_with = ""
    """The phase each turn begins with (ws 6.1.1: ``stand``), where ``resume_turn`` takes the game on."""
    parts: ClassVar[tuple[Part[Any], ...]] = ()
    """The parts the game is composed of, in the order they are built (``engine.core.parts``); none for a game
    written as one class."""

    def __init__(
        self,
        players: tuple[str, str],
        definitions: dict[str, D],
        step_budget: int = DEFAULT_STEP_BUDGET,
    ) -> None:
        self.players = players
        self.definitions = definitions
        self.records: list[ActionRecord] = []
        self.keeps_trace = True
        """False when no one will read the trace (a verifier that prints only verdicts): steps are
        still numbered, but their records are neither made nor kept."""
        self.recorded = 0
        """How many steps have been recorded: the next record's ``seq``."""
        self.effects = EffectLedger()
        self.standby: list[StandbyAbility] = []
        self.turn = 0
        self.phase = "setup"
        self.turn_player = players[0]
        self.outcome: Outcome | None = None
        """How the game ended; None while it is on."""
        self.steps = 0
        self.step_budget = step_budget
        self.unmodelled = 0
        """How many times card text the engine does not model was relied on."""
        self.unplayed: list[UnplayedText] = []
        """Card text the engine met and did not play, whose effect no ``effect`` entry has declared: what it
        did could change any later outcome, so the driver judges nothing after it (``unplayed_text``)."""
        self.setup_problems: list[Refusal] = []
        """What in the decks or the starting position the rules do not allow."""
        self.text_problems: list[Refusal] = []
        """What the operations of card text the engine does not model, taken as a choice, could not do; the
        driver reads and clears them."""
        self.entry: int | None = None
        """The index of the log entry the driver is carrying out, or None when no log drives the game. A cause
        the game remembers (what rested a card) names it, so a later refusal can point a judge to that entry."""
        self.inferences: list[str] = []
        """What the game took cards the log never revealed to be, so that a choice could stand (an unseen clock
        card taken as the card a level up names); the driver reports them as notes and clears them."""
        self.triggered = 0
        self.pending_triggers: list[tuple[StandbyAbility, str]] = []
        self.context: dict[str, int] = {}
        """Where records are being made: ``ct`` (the check timing's record), ``in_ability`` (the resolving
        ability's id) and ``cause`` (``caused_by``); each record carries it, so graphs can tell what caused what
        (``engine.core.protocol.LINKS``)."""
        self.version = 0
        """Counts the changes to the table a rule could depend on (a card placed, an effect begun): a game
        that has seen nothing change since it last looked need not look again."""

    def build_parts(self) -> None:
        """Build the game's parts (``parts``), each as the attribute its row names, in the table's order: a
        game's constructor calls it once what the parts read of the game is set."""
        for part in self.parts:
            setattr(self, part.name, part.part_class(self))

    # -- the procedure, and the state as data: each game's own -----------------

    def run(self) -> Procedure:
        """The game from its start: yields requests, receives answers, returns when it ends."""
        raise NotImplementedError(f"{type(self).__name__} plays no procedure")

    def unchanging(self) -> tuple[object, ...]:
        """What no move changes (the card definitions, tables made from them): a copy of the game shares these."""
        return (self.definitions,)

    def turns(self, start: str) -> Procedure:
        """Turn after turn, the first from the beginning of phase ``start``; a ``TurnStart`` before each next.
        A game whose ``run`` yields ``TurnStart`` writes it."""
        raise NotImplementedError(f"{type(self).__name__} yields no turn start")

    def resume_turn(self) -> Procedure:
        """For a copy of the game made at a ``TurnStart``: the game on from there, as ``run`` would have gone on
        (the turns, from the phase each begins with, until the game ends)."""
        try:
            yield from self.turns(self.turn_begins_with)
        except GameEnded:
            return

    def snapshot(self) -> dict[str, Any]:
        """The state as plain data: ``turn``, ``phase``, ``turn_player``, ``outcome``, and ``players``: per
        player id, each pile's card ids (None for a card not known) in the zone's own order (``zones``), each
        positioned zone as a mapping of position to what is there (``{card, state, ...}``, with ``pile``,
        every card id there, when the position holds more than one; or a list for a pile per position), and
        the game's counters (``refresh_point``)."""
        raise NotImplementedError(f"{type(self).__name__} gives no snapshot")

    def canonical_state(self) -> dict[str, Any]:
        """The state as a state hash covers it (``engine.core.state_hash``): plain data, with no instance numbers
        and no floats, each card its card id or None while unknown, and the order of a zone only where the
        rules fix it.  Two games in the same position give equal data, however each got there."""
        raise NotImplementedError(f"{type(self).__name__} gives no canonical state")

    def state_hash(self) -> str:
        """The digest of ``canonical_state`` (``engine.core.state_hash.digest``): 16 hex digits."""
        return digest(self.canonical_state())

    # -- bookkeeping -------------------------------------------------------

    def opponent(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]

    @property
    def non_turn_player(self) -> str:
        return self.opponent(self.turn_player)

    def record(self, kind: RecordKind, player: str | None, message: str, clauses: tuple[str, ...], **data: Any) -> int:
        """Write one step of the trace; return its number (``seq``)."""
        seq = self.recorded
        self.recorded = seq + 1
        if self.keeps_trace:
            if self.context:
                data = {**self.context, **data}
            self.records.append(ActionRecord(seq, self.turn, self.phase, kind, player, message, clauses, data))
        if self.pending_triggers:
            self.record_triggers(seq)
        return seq

    def unplayed_text(
        self, player: str | None, source: str, text: str, message: str, clauses: tuple[str, ...], **data: Any
    ) -> None:
        """Card text the engine does not play was met (``source``'s ``text``, ``source`` a card id): the game relies
        on it, and until the log declares what it did (``declared``), no later outcome can be judged against the
        rules."""
        self.unmodelled += 1
        self.record(RecordKind.UNMODELLED, player, message, clauses, **data)
        self.unplayed.append(UnplayedText(player, source, text, self.entry))

    def report_unmodelled_abilities(
        self,
        player: str,
        card: Card,
        modelled: Callable[[dict[str, Any]], bool],
        acts_on_entering: Callable[[dict[str, Any]], bool],
    ) -> None:
        """``card`` came into play with abilities the engine does not play (not ``modelled``): what they do is not
        checked (the game's ``clauses.unmodelled_text``).  When one can act from now on (``acts_on_entering``),
        what follows is undecided (``unplayed_text``); otherwise the game only counts on unmodelled text."""
        definition = self.definition(card)
        if definition is None:
            return
        texts = [ability for ability in definition.abilities if not modelled(ability)]
        if not texts:
            return
        message = f"{card.identity} has card text the engine does not model; what it does is not checked"
        clauses = self.clauses.unmodelled_text
        acting = next((ability for ability in texts if acts_on_entering(ability)), None)
        if acting is not None:
            self.unplayed_text(player, card.identity or "?", ability_words(acting), message, clauses)
            return
        self.unmodelled += 1
        self.record(RecordKind.UNMODELLED, player, message, clauses)

    def declared(self, card: str) -> None:
        """An ``effect`` entry declared what ``card``'s text did: that text no longer leaves outcomes undecided."""
        self.unplayed = [text for text in self.unplayed if text.card != card]

    def unrecorded(self) -> bool:
        """Number a step without making its record, when no one will read it; True when it did.

        A step taken by the thousand calls it before building its record's message and data, which
        would be thrown away: ``if not game.unrecorded(): game.record(...)``.  A step after which a
        triggered ability waits to be recorded is recorded as usual (the ability's record names it).
        """
        if self.keeps_trace or self.pending_triggers:
            return False
        self.recorded += 1
        return True

    def trigger(self, ability: StandbyAbility, cause: str) -> None:
        """An automatic ability's activation condition is met: it waits to be played (ws 8.7.2, vg 8.6.2).

        Its record follows the record of the step that triggered it (``cause`` in its data).
        """
        self.triggered += 1
        ability.id = self.triggered
        self.standby.append(ability)
        self.pending_triggers.append((ability, cause))

    def record_triggers(self, cause: int) -> None:
        pending, self.pending_triggers = self.pending_triggers, []
        for ability, why in pending:
            if not self.unrecorded():
                self.record(
                    RecordKind.ABILITY,
                    ability.master,
                    f"{ability_label(ability.name)} of {ability.source_identity or '?'} triggers ({why})",
                    ability.clauses,
                    standby=ability.id,
                    ability=ability.name,
                    cause=cause,
                )

    def ability_id(self) -> int:
        """Number an ability played without standing by first (an activated one; an automatic one of a game
        that resolves them at once): its records carry the id as ``standby``, as those of a triggered one do."""
        self.triggered += 1
        return self.triggered

    @contextmanager
    def caused_by(self, seq: int) -> Iterator[None]:
        """Within it, every record made carries ``cause``: the record ``seq`` caused those steps (a check the
        effects of its trigger icon, a play the effects of its card).  A check timing or an ability resolving
        within sets its own."""
        outer = self.context.get("cause")
        self.context["cause"] = seq
        try:
            yield
        finally:
            if outer is None:
                self.context.pop("cause", None)
            else:
                self.context["cause"] = outer

    @contextmanager
    def resolving(self, ability: int) -> Iterator[None]:
        """Within it, every record made carries ``in_ability``: the steps are the resolution of the ability
        numbered ``ability`` (``ability_id``)."""
        outer = dict(self.context)
        self.context.pop("cause", None)
        self.context["in_ability"] = ability
        try:
            yield
        finally:
            self.context = outer

    def fresh_budget(self) -> None:
        """Start a new step budget: the driver answered a request, so the game is not looping on its own."""
        self.steps = 0

    def spend(self, steps: int = 1) -> None:
        """Spend from the step budget; an exhausted budget is an endless loop, reported."""
        self.steps += steps
        if self.steps > self.step_budget:
            raise EngineLimitReached(
                f"no end after {self.step_budget} steps: an endless loop ({', '.join(self.clauses.loops)})"
            )

    def definition(self, card: Card) -> D | None:
        return self.definitions.get(card.identity) if card.identity is not None else None

    def end_game(self, termination: Termination, winner: str | None, reason: str, clauses: tuple[str, ...]) -> None:
        """End the game now: ``winner`` is a player id, or None for a draw."""
        self.outcome = Outcome(termination, winner, reason, clauses)
        self.record(
            RecordKind.RULE_ACTION, None, f"the game ends: {reason}", clauses, winner=winner if winner else "draw"
        )
        raise GameEnded(reason)

    def concede(self, player: str) -> None:
        """``player`` concedes: at any time, and loses at once (ws 1.2.4, vg 1.2.4, wl 1.2.4)."""
        try:
            self.end_game(Termination.CONCESSION, self.opponent(player), f"{player} concedes", self.clauses.concession)
        except GameEnded:
            pass

    def close(self) -> None:
        """The driver is done with this game: break the references that lead back to it.

        A game composed of parts that refer to it (``parts``) forms reference cycles; closing drops
        the parts, so that dropping the game then frees it at once, by reference counting, which a
        batch of replays run with the cyclic collector paused relies on.  A closed game is not
        used again.
        """
        self.standby.clear()
        self.pending_triggers.clear()
        for part in self.parts:
            delattr(self, part.name)

    # -- legality ------------------------------------------------------------

    def check(self, decision: Decision, choice: Choice) -> Refusal | None:
        """None when ``choice`` is legal at ``decision``, else why not (with clauses): a card id the game has no
        record of first (``unknown_card``), whatever the decision would make of it, then the game's own reason
        (``refusal_of``)."""
        return self.unknown_card(choice) or self.refusal_of(decision, choice)

    def refusal_of(self, decision: Decision, choice: Choice) -> Refusal | None:
        """None when ``choice`` is legal at ``decision``, else the rules' reason; games refine this per decision."""
        if decision.offers(choice):
            return None
        return self.explain(decision, choice)

    def named_cards(self, choice: Choice) -> Iterator[str]:
        """The card ids ``choice`` names: its ``card`` and ``cards``.  Games whose choices name cards in other
        fields, or name places where a card id may stand, say so; ``?`` (a card not known) is no id."""
        if choice.card is not None:
            yield choice.card
        yield from choice.cards

    def unknown_card(self, choice: Choice) -> Refusal | None:
        """Why a choice that names a card id the game has no record of is refused, whatever its verb: the id is no
        card of the log (the game's clauses of card records); None when every card it names is known.  This comes
        before any other reason, which would name the id as if it were a card (not in the hand, not a grade 0)."""
        for identity in self.named_cards(choice):
            refusal = self.no_record(identity)
            if refusal is not None:
                return refusal
        return None

    def no_record(self, identity: str | None) -> Refusal | None:
        """The refusal of a card id the game has no record of (``unknown_card``); None for a known id, ``?`` (a
        card not known) and None."""
        if identity is None or identity == "?" or identity in self.definitions:
            return None
        return Refusal(self.clauses.card_records, f"{identity!r} is not a card of this log")

    def explain(self, decision: Decision, choice: Choice) -> Refusal:
        """Why an option not offered is illegal; games refine this per decision."""
        return Refusal(decision.clauses, f"{choice.describe()} is not a legal option here")

    def carries_out(self, decision: Decision, choice: Choice) -> bool:
        """Whether ``choice``, which the rules refuse at ``decision``, can still be carried out as stated: the
        cards and the places it names are there, and what it costs can be paid.  A driver that goes on after a
        refused choice then carries it out, so that the game stays the one its input describes; games say so
        per decision (none can, here)."""
        return False

    def concrete(self, decision: Decision, choice: Choice) -> Choice:
        """The option a legal choice stands for: the same choice, unless a game lets one be stated loosely."""
        return choice

    def why_not_now(self, verb: str, player: str, choice: Choice | None = None) -> Refusal:
        """The clause that rules out an action of ``verb`` by ``player`` at the point the game is at, and the
        state that blocks it; ``choice``, where the driver could read one, is the action as stated (the
        position an ``encore`` names), so that the cause can be that card's.  Games refine it per action."""
        return Refusal(self.clauses.turn_order, f"{verb!r} has no place at this point of the turn")
