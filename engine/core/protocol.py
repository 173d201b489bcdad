"""How a game talks to whoever drives it: requests out, answers in, records of what happened.

A game runs as a generator.  It performs everything the rules make happen on
their own, writing an ``ActionRecord`` (with the clause ids that required or
allowed it) for every state change, and stops at three kinds of points:

* ``Decision``: a player must choose.  It lists the legal ``Choice``s.  The
  driver sends back one ``Choice``; ``Game.check`` says whether a choice is legal
  and, when it is not, which clause forbids it.
* ``Reveal``: hidden cards are about to become known (a draw, a trigger check, a
  damage process).  The driver sends back what it knows of their identities (a
  list of card ids, ``None`` for a card it does not know), or ``None`` to let the
  game proceed with what it knows.
* ``Checkpoint``: the answer to a decision or reveal has just been applied, and
  nothing the rules do on their own afterwards has happened yet.

The ordering rule of the whole protocol: a request is answered before the game
moves on, and records come out in the order the rules perform them.

The classes a replay makes by the thousand (records, requests, checkpoints,
choices) write their initialisers out instead of having ``dataclasses`` generate
them: compiled with mypyc, a written initialiser runs as native code, a
generated one as interpreted Python, several times slower.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final


class RecordKind(enum.Enum):
    """What an action record is about."""

    CHOICE = "choice"
    """A player's decision, applied."""
    FORCED = "forced"
    """Something the rules make happen (a draw, a trigger check, damage)."""
    RULE_ACTION = "rule-action"
    """A rule action (refresh, level up, losing, a character with 0 power)."""
    TIMING = "timing"
    """A phase or step beginning, a check timing, an implied pass."""
    ABILITY = "ability"
    """An ability played or resolved."""
    UNMODELLED = "unmodelled"
    """Card text the engine does not model: what it did is stated by the driver, never guessed."""


CAUSE: Final = "cause"
"""Record data: the ``seq`` of the record of the step that caused this one: an entry's choice (a play, an
attack), a check (a drive check, a damage check), a trigger icon, an ability's play, a rule action.  On the
record of an automatic ability triggering, the step that met its condition."""
CHECK_TIMING: Final = "ct"
"""Record data: the ``seq`` of the record of the check timing the step happened in (set by the game's context)."""
ABILITY_ID: Final = "standby"
"""Record data: the id of an ability (numbered per game), on the ability's own records: when it triggers (with
``cause``) and when it is played (with ``played``)."""
PLAYED: Final = "played"
"""Record data: True on the record of an ability being played (an automatic one, in a check timing or at once
where a game has none; an activated one)."""
IN_ABILITY: Final = "in_ability"
"""Record data: the id of the ability whose resolution the step is part of (set by the game's context)."""
STEP: Final = "step"
"""Record data: what kind of step a record that causes others is, in words a reader groups by (``drive
check``, ``attack``): a chain of causes is said to start at it."""
LINKS: Final = (CAUSE, CHECK_TIMING, ABILITY_ID, PLAYED, IN_ABILITY, STEP)
"""How records say what caused what, the same in every game: a record's data may carry any of these keys,
and a graph of what triggered what (``judge.graphs.dynamic``) is built from them alone.  ``Game.record``
adds the game's ``context`` (``ct``, ``in_ability``, ``cause``) to each record made while it is set: an
effect resolving under ``Game.caused_by`` is linked to its cause without naming it."""


@dataclass(slots=True, init=False)
class ActionRecord:
    """One step of the trace: what happened, to whom, and the clauses behind it; what caused it is said by the
    keys of ``LINKS`` in its ``data``."""

    seq: int
    turn: int
    phase: str
    kind: RecordKind
    player: str | None
    message: str
    clauses: tuple[str, ...]
    data: dict[str, Any]
    entry: int | None
    """Index of the log entry that caused it, set by the driver."""

    def __init__(
        self,
        seq: int,
        turn: int,
        phase: str,
        kind: RecordKind,
        player: str | None,
        message: str,
        clauses: tuple[str, ...],
        data: dict[str, Any] | None = None,
        entry: int | None = None,
    ) -> None:
        self.seq = seq
        self.turn = turn
        self.phase = phase
        self.kind = kind
        self.player = player
        self.message = message
        self.clauses = clauses
        self.data = {} if data is None else data
        self.entry = entry

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "turn": self.turn,
            "phase": self.phase,
            "kind": self.kind.value,
            "player": self.player,
            "message": self.message,
            "clauses": list(self.clauses),
            "entry": self.entry,
            **({"data": self.data} if self.data else {}),
        }


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a choice is not legal: the clauses that forbid it and what they require."""

    clauses: tuple[str, ...]
    message: str
    cause: str = ""
    """The earlier event that made it so, where a game names one (``the side attack at entry 62``): refusals of
    one cause are one departure of the log, which a driver reports once."""


class Choice:
    """One option at a decision point: a verb and its arguments.

    ``card`` is a card id; ``pos`` a position (a ws stage position); ``cards`` a
    tuple of card ids; ``flag`` a yes/no answer.  A kind of choice that needs more
    is a subclass with named, typed fields (``ResolveFirst`` names an ability;
    ``engine.games.ws.choices`` has a move's second position, an attack's type,
    a cost paid), whose initialiser is written out in full, as this class's is.
    Immutable by convention, and equal to any choice of the same class with the
    same verb and arguments.  Where this package is compiled, only its own
    modules subclass it (a compared choice then costs no lookup of ``__eq__``); a
    game of another package states its choices with these classes.
    """

    __slots__ = ("card", "cards", "flag", "pos", "verb")

    def __init__(
        self,
        verb: str,
        card: str | None = None,
        pos: int | None = None,
        cards: tuple[str, ...] = (),
        flag: bool | None = None,
    ) -> None:
        self.verb = verb
        self.card = card
        self.pos = pos
        self.cards = cards
        self.flag = flag

    def details(self) -> tuple[object, ...]:
        """What a subclass adds to the arguments, in the order ``describe`` shows it; none here."""
        return ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Choice):
            return NotImplemented
        return (
            type(self) is type(other)
            and self.verb == other.verb
            and self.card == other.card
            and self.pos == other.pos
            and self.cards == other.cards
            and self.flag == other.flag
            and (type(self) is Choice or self.details() == other.details())
        )

    def __hash__(self) -> int:
        return hash((self.verb, self.card, self.pos, self.cards, self.flag, self.details()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.describe()!r})"

    @property
    def position(self) -> int:
        """``pos``, for a choice whose verb always names one; a choice without it was never offered."""
        if self.pos is None:
            raise ValueError(f"{self.describe()} names no position")
        return self.pos

    @property
    def card_id(self) -> str:
        """``card``, for a choice whose verb always names one; a choice without it was never offered."""
        if self.card is None:
            raise ValueError(f"{self.describe()} names no card")
        return self.card

    def describe(self) -> str:
        """The choice in a few words: ``play YL-01 pos 2``, ``move pos 1 -> 3``, ``pay YL-04 -> 2 yes``."""
        parts = [self.verb]
        if self.card is not None:
            parts.append(self.card)
        if self.pos is not None:
            parts.append(f"pos {self.pos}")
        parts.extend(f"-> {detail}" for detail in self.details() if detail is not None)
        if self.cards:
            parts.append("[" + ", ".join(self.cards) + "]")
        if self.flag is not None:
            parts.append("yes" if self.flag else "no")
        return " ".join(parts)


class ResolveFirst(Choice):
    """Which automatic ability in standby its master plays first (ws 8.5.1.2, vg 8.4.1.2): its card and name."""

    __slots__ = ("ability",)

    def __init__(self, card: str | None, ability: str) -> None:
        self.verb = "resolve"
        self.card = card
        self.pos = None
        self.cards = ()
        self.flag = None
        self.ability = ability

    def details(self) -> tuple[object, ...]:
        return (self.ability,)


class DeclaredText(Choice):
    """Card text the engine does not model, taken at a play timing as a choice: its source card and the
    operations someone states it did (each game's own type: ``engine.games.ws.playing.TextOperation``)."""

    __slots__ = ("operations",)

    def __init__(self, source: str, operations: tuple[object, ...]) -> None:
        self.verb = "effect"
        self.card = source
        self.pos = None
        self.cards = ()
        self.flag = None
        self.operations = operations

    def details(self) -> tuple[object, ...]:
        return (self.operations,)


PASS: Final = Choice("pass")
"""Passing: doing nothing at a point where a player may act (ws 4.5.3.2, vg 3.6.3)."""


class Decision:
    """A point where ``player`` must choose one of ``options``.

    ``options`` is a list, or a function building it: a point met at every play
    timing (the main phase) builds its list only when someone asks for it (a
    player choosing, a violation listing what was legal), and says whether one
    choice is legal through ``allows``, which must agree with the list.
    """

    __slots__ = (
        "_build",
        "_options",
        "ability",
        "allows",
        "clauses",
        "default",
        "kind",
        "player",
        "prompt",
        "quiet",
        "simultaneous",
        "source",
        "unstated",
        "verbs",
    )

    def __init__(
        self,
        player: str,
        kind: str,
        options: list[Choice] | Callable[[], list[Choice]],
        clauses: tuple[str, ...],
        verbs: frozenset[str],
        prompt: str = "",
        default: Choice | None = None,
        source: str | None = None,
        ability: str | None = None,
        allows: Callable[[Choice], bool] | None = None,
        unstated: Choice | None = None,
        quiet: bool = False,
        simultaneous: bool = False,
    ) -> None:
        self.player = player
        self.kind = kind
        """What is being decided: ``main``, ``clock``, ``attack``, ``level_up`` ..."""
        # isinstance, not callable(): compiled, callable() is a call looked up in the builtins
        self._options: list[Choice] | None = options if isinstance(options, list) else None
        self._build: Callable[[], list[Choice]] | None = None if isinstance(options, list) else options
        self.clauses = clauses
        self.verbs = verbs
        """Every verb this point can take (an illegal use of one is a violation here)."""
        self.prompt = prompt
        self.default = default
        """What the player is taken to choose when they let this point go by without acting
        (``pass``, keeping a hand, declining an optional cost); None when the player
        must say (a level-up choice)."""
        self.source = source
        """For an ability's own decision (pay an Encore, use a Bond): the card whose ability asks."""
        self.ability = ability
        """...and the ability, by the name a player gives it (``encore``, ``bond``, ``0`` for a card's first)."""
        self.allows = allows
        """Whether one choice is among the options, without building them (None: look in the list)."""
        self.unstated = unstated
        """Where the player must say and the log does not: the answer that leaves the choice open, which the
        game can go on from without a guess (a level up whose card stays unseen among the bottom seven, to be
        told by what the log shows later); None when the game cannot."""
        self.quiet = quiet
        """Whether letting it go by leaves no trace: a point the game offers only in case a card the log never
        revealed is what it could be (the Shift of an unseen clock card)."""
        self.simultaneous = simultaneous
        """Whether the rules have every player make this choice at once (each player's first vanguard, vg
        5.4.3): the game asks in an order of its own, which says nothing, so the players' entries may come in
        any order."""

    @property
    def options(self) -> list[Choice]:
        """The legal choices; for a choice of several cards at once (a mulligan, a hand-limit
        discard) only an example, since ``Game.check`` decides those."""
        if self._options is None:
            assert self._build is not None
            self._options = self._build()
        return self._options

    def offers(self, choice: Choice) -> bool:
        """Whether ``choice`` is one of the options."""
        return self.allows(choice) if self.allows is not None else choice in self.options

    def __repr__(self) -> str:
        return f"Decision({self.player!r}, {self.kind!r}, prompt={self.prompt!r})"


@dataclass(slots=True, init=False, eq=False)
class Reveal:
    """Hidden cards of ``player`` are about to be revealed or moved for ``purpose``.

    Compared by identity, as decisions are: each request is one moment of one game.
    """

    player: str
    purpose: str
    """``draw``, ``trigger``, ``damage``, ``refresh``, ``refresh_point``, ``pool``, ``mulligan_draw`` ..."""
    count: int
    clauses: tuple[str, ...]
    used: int
    """How many of the answered identities the game used (set by the game)."""
    problems: list[Refusal]
    """Answered identities the rules could not accept (a fifth copy; a card listed after
    a damage cancel), set by the game."""
    simultaneous: bool
    """Whether the rules make this reveal and the players' others of the same purpose one action
    (each player draws five, ws 5.2.1.4): the game asks in an order of its own, which says nothing."""
    due_here: bool
    """Whether the rules perform it at this moment and no other (a refresh, the moment the deck is empty,
    ws 9.1.2.1): an entry written for it after later entries is late, not a move of its own."""
    no_effect: Refusal | None
    """Set by the game when a revealed card's effect does not happen (a Vanguard trigger of a clan no unit
    shares, vg 2.8.1.1.2): why, with the clauses, for a driver to cite against a claim that it did."""

    def __init__(
        self,
        player: str,
        purpose: str,
        count: int,
        clauses: tuple[str, ...],
        used: int = 0,
        simultaneous: bool = False,
        due_here: bool = False,
    ) -> None:
        self.player = player
        self.purpose = purpose
        self.count = count
        self.clauses = clauses
        self.used = used
        self.problems = []
        self.simultaneous = simultaneous
        self.due_here = due_here
        self.no_effect = None


class Checkpoint:
    """The game has applied the answer to ``closes``, before any step that follows on its own.

    The driver answers None.  It is the moment a log entry's ``expect`` is checked
    and what the entry claimed is compared with what the rules did.  Requests can
    nest (a refresh inside a damage process): each checkpoint names its own.
    """

    __slots__ = ("closes",)

    def __init__(self, closes: Decision | Reveal | None) -> None:
        self.closes = closes
        """The request applied; None for a ``TurnStart``."""

    def __repr__(self) -> str:
        return f"Checkpoint({self.closes!r})"


class TurnStart(Checkpoint):
    """A turn is about to begin, with nothing of the last one pending: a copy of the game made now plays on
    from here through ``Game.resume_turn``.  The driver answers None, as for any checkpoint; one that looks
    ahead copies the game here rather than replay it from the start (``judge.lookahead``)."""

    __slots__ = ()

    def __init__(self) -> None:
        self.closes = None

    def __repr__(self) -> str:
        return "TurnStart()"


class EngineLimitReached(Exception):
    """The step budget ran out: an endless loop is reported, never run forever."""
