"""Replaying a log through the engine: the judge's half of the conversation.

The engine runs the game and stops at decisions, reveals and checkpoints (see
``engine.core.protocol``).  The replay answers from the log:

* a ``Decision`` takes the next entry when it is one of the choices that point
  can take; an illegal one is a violation (located, with the clause that forbids
  it and the legal options), and the replay goes on from the game the log
  describes (``judge.lookahead``).  An entry that can only belong to a later
  point passes this one (an implied pass, shown in the trace with its clause); a
  point that cannot be passed and that the log does not address is a violation,
  and one whose entry comes a few entries late is one violation, where it is
  written.
* a ``Reveal`` takes the next entry when it is the matching forced event
  (``draw``, ``trigger``, ``damage``, ``refresh``, ``refresh_point``); what the
  entry states must be what the rules make happen.  The players' entries of one
  simultaneous action may come in either order, and a rule action the rules
  perform at once may be written a few entries late (one violation).
* a ``Checkpoint`` is when the last entry's ``expect`` is checked.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

import yaml

from engine.core.game import Procedure, Request, UnplayedText
from engine.core.interface import PlayableGame
from engine.core.protocol import (
    Checkpoint,
    Choice,
    Decision,
    EngineLimitReached,
    RecordKind,
    Refusal,
    ResolveFirst,
    Reveal,
)
from judge import collector, games
from judge.games.support import GameSupport
from judge.logfile import GameLog, LogEntry, LogFormatError, load_log
from judge.logformat import EntryError
from judge.lookahead import (
    INSERT,
    MISSING_BACK,
    MISSING_POINTS,
    MISSING_TURNS,
    NEAR_OPTIONS,
    TRIAL_SETUP,
    EnoughSeen,
    LookAhead,
)
from judge.verdict import Verdict, VerdictKind, Violation, winner_of

ClauseCheck = Callable[[str], bool]
IMPLIED_TURN_SPAN: Final = 1
"""How many turn boundaries implied passes may cross looking for an entry's point."""
WRITTEN_LATE_WITHIN: Final = 25
"""How far after its place an entry the rules required at once (a level up, a refresh) is looked for."""

Answer = tuple[Choice, bool]
"""A decision's answer, and whether it was implied (no entry stated it)."""


class _NextEntry:
    """What a handler of ``Replay.decide`` returns when it dealt with the entry on its own (reported it, or
    applied it as card text): the decision is still open, for the entry after it."""


NEXT_ENTRY: Final = _NextEntry()


@dataclass(frozen=True, slots=True)
class Place:
    """A decision an entry stood at (was the next entry when the decision was asked): where an entry the log left
    out before it would have been answered."""

    request: int
    """The request number of the decision."""
    entry: int
    kind: str
    player: str
    turn: int


@dataclass(frozen=True, slots=True)
class Missing:
    """An entry the log leaves out: the choice the replay answers in its place, and the violation it is (at the
    entry after the gap, citing why that entry cannot stand without it)."""

    choice: Choice
    clauses: tuple[str, ...]
    message: str
    written: str
    """The entry left out, as a log would write it (``{p: P2, do: play, card: YL-01, pos: 3}``)."""


class Replay:
    """One log replayed through its game, collecting violations and notes."""

    def __init__(
        self,
        log: GameLog,
        game: PlayableGame,
        support: GameSupport,
        clause_exists: ClauseCheck | None = None,
        trace: bool = True,
        hashes: bool = False,
    ) -> None:
        """``support`` is the game's (``judge.games``), which built ``game`` from ``log``.  ``trace`` False: no
        one will read the trace, so the game keeps none, unless an entry has an ``expect`` (a failed one cites
        the clauses the rules applied for its entry).  ``hashes``: keep the state hash after each entry
        (``hashes``), which a replay otherwise never computes."""
        self.log = log
        self.hashes: dict[int, str] | None = {} if hashes else None
        """Entry index -> the state hash after it was applied (``engine.core.state_hash``), when asked for."""
        self.game = game
        self.support = support
        self.trace = trace
        game.keeps_trace = trace or any("expect" in entry.data for entry in log.entries)
        self.clause_exists = clause_exists
        self.position = 0
        self.violations: list[Violation] = []
        self.undecided: dict[int, UnplayedText] = {}
        """Violation (by its place in ``violations``) -> the card text the engine does not play that was met
        before it: what that text did could have made the entry legal, so the verdict does not rest on it."""
        self.notes: list[str] = []
        self.applying: list[LogEntry] = []
        """Entries being applied, outermost first (a refresh entry inside a damage entry);
        records made meanwhile point at the innermost."""
        self.open: dict[Decision | Reveal, tuple[LogEntry, Any, bool]] = {}
        """request -> the entry that answered it, the answer given, and whether the entry is
        done when the request is (a mulligan's draw is not).  Requests compare by identity."""
        self.attributed = 0
        self.stopped = False
        self.stop_reason = ""
        """Why the replay stopped before the log's end (``stopped``), for the verdict to say."""
        self.unjudged: list[int] = []
        """The entries the replay never took, when it stopped before the log's end: the verdict names them."""
        self.requests = 0
        """How many requests the game has made so far: the number of the one being answered."""
        self.early: set[int] = set()
        """Entries taken before their place (one of several the rules make simultaneous), passed over later."""
        self.last_taken: LogEntry | None = None
        """The entry taken most recently, in the order the replay took them."""
        self.implied_since: tuple[int, int, Decision, int] | None = None
        """Where implied passes began for the next entry: its position, the turn, the point the game was at, and
        that point's request number."""
        self.turn_starts: list[int] = []
        """The numbers of the ``TurnStart`` requests met with nothing open: where a copy of the replay can go on
        from (``judge.lookahead``)."""
        self.copy_at: int | None = None
        """For a trial replay: the request at which to keep a copy of itself, in ``copied``."""
        self.copied: Replay | None = None
        self.drift = 0
        """How many turns ahead of the replay the last entry with a turn said it was (0: none)."""
        self.drifts: Counter[int] = Counter()
        """How many entries placed so far said they were each number of turns ahead of the replay."""
        self.looks_ahead = True
        """Whether a refused entry makes the replay try the legal options (a trial replay does not)."""
        self.chosen: dict[tuple[int, int], tuple[Choice | None, bool]] = {}
        """(request number, entry index) -> what the replay went on from after that entry's violation there: an
        option, and whether it took the entry along, or None for the entry left out.  A trial replay starts with
        those of the replay that tries it, and the candidate it tries."""
        self.horizon: int | None = None
        """For a trial replay: stop once the entries up to this index are applied."""
        self.counting: tuple[int, int] | None = None
        """For a trial replay: count the violations after this entry, and stop at this many."""
        self.counted = 0
        self.look_ahead = LookAhead()
        """What the replay goes on from after a violation (``judge.lookahead``)."""
        self.on_applied: Callable[[LogEntry], None] | None = None
        """Called when an entry has been applied (the stepper takes its picture of the board then)."""
        self.on_taken: Callable[[LogEntry], None] | None = None
        """Called with each entry as the replay takes it, before anything of it is applied."""
        self.left_out: frozenset[tuple[int, int]] = frozenset()
        """(request number, entry index): entries that fit no point where they stand, left out there when the
        replay goes back to that request (``rewound``), so that the passes they implied are taken back."""
        self.decided: dict[tuple[int, int], tuple[Choice | None, int]] = {}
        """(request number, entry index) -> what the look-ahead chose there after a violation, and its score:
        a replay run again to a request before this one (``rewound``) takes it without trying again."""
        self.rerun_until: int | None = None
        """For a replay run again from the start (``rewound``): the request up to which the look-ahead takes what
        ``decided`` says instead of trying the options."""
        self.stop_at: int | None = None
        """For a replay run again from the start: the request at which to stop, unanswered, in ``pending``."""
        self.pending: tuple[Procedure, Request] | None = None
        """Where such a replay stopped: its game's procedure and the request it has not answered."""
        self.departures: dict[str, int] = {}
        """The cause of each departure reported (``Refusal.cause``) -> the entry it was reported at: a later entry
        of the same cause follows from it."""
        self.checked_violations = 0
        """How many violations had been reported when the last ``expect`` was checked."""
        self.answered_fields: set[tuple[int, str]] = set()
        """(entry index, field): the fields of forced entries that answered a choice the rules asked."""
        self.stood: tuple[int, list[Place]] = (-1, [])
        """The next entry's index, and the decisions it has stood at so far, from the first pass it implied: where an
        entry the log left out before it would have been answered."""
        self.insertions: dict[tuple[int, int], Missing] = {}
        """(request number, entry index) -> an entry the log leaves out there, before that entry: the replay answers
        the request with its choice, and reports it once (``left_out_before``)."""
        self.first_stood: dict[int, Place] = {}
        """Entry index -> the first decision it stood at (``stood``), for the last ``MISSING_BACK`` entries or so."""
        self.searched: set[int] = set()
        """Entries an entry left out before them was looked for (``left_out_before``): once each, whatever was found;
        shared by the replays run again for this one."""
        self.going_back: Replay | None = None
        """A replay run again to a request this one passed, with an entry the log left out inserted there: the loop
        goes on as it (``adopt``) before anything else."""
        self.turn_copies: list[Replay] = []
        """Copies of the replay at the start of the turns it went back into (``rewound``), in order: it goes back
        there again, not to the log's start, for another entry of that turn that fits no point."""

    # -- helpers ---------------------------------------------------------------

    def peek(self) -> LogEntry | None:
        if self.early:  # entries taken before their place are passed over
            while self.position in self.early:
                self.position += 1
        entries = self.log.entries
        if self.position < len(entries) or self.log.has_entry(self.position):  # a log still written: read on
            return entries[self.position]
        return None

    @property
    def current(self) -> LogEntry | None:
        """The innermost entry being applied."""
        return self.applying[-1] if self.applying else None

    def consume(self, ahead: LogEntry | None = None, placed: bool = True) -> LogEntry:
        """Take the next entry, or ``ahead``, an entry after it that is taken before its place.  ``placed`` False:
        the entry is taken only to be left out (it fits no point), so the turn it states is not compared."""
        if ahead is not None and ahead.index != self.position:
            entry = ahead
            self.early.add(entry.index)
        else:
            entry = self.log.entries[self.position]
            self.position += 1
        self.last_taken = entry
        self.game.entry = entry.index
        if self.on_taken is not None:
            self.on_taken(entry)
        self.attribute()
        turn = entry.data.get("turn")
        if placed and isinstance(turn, int):
            drift = turn - self.game.turn
            if drift and drift != self.drift:  # the same drift again follows from the first: reported once
                self.violate(
                    entry,
                    self.game.clauses.turn_order,
                    f"the entry says turn {turn}; the replay is in turn {self.game.turn}",
                )
            self.drift = drift
            self.drifts[drift] += 1
        return entry

    @staticmethod
    def last_turn(entry: LogEntry, since: int) -> int:
        """The last turn implied passes may reach looking for ``entry``'s point: the turn it states, or the next
        one after the turn they began in."""
        stated = entry.data.get("turn")
        return stated if isinstance(stated, int) else since + IMPLIED_TURN_SPAN

    def attribute(self) -> None:
        """Point the records made since the last entry at that entry."""
        records = self.game.records
        current = self.current
        inferences = self.game.inferences
        if inferences:  # what the game took unseen cards to be, for the entry that needed it
            where = f"entry {current.index}: " if current is not None else ""
            self.notes.extend(where + inference for inference in inferences)
            inferences.clear()
        if current is not None:
            for position in range(self.attributed, len(records)):
                if records[position].entry is None:
                    records[position].entry = current.index
        self.attributed = len(records)

    def violate(
        self, entry: LogEntry | None, clauses: tuple[str, ...], message: str, options: tuple[str, ...] = ()
    ) -> None:
        if self.counting is not None and entry is not None and entry.index > self.counting[0]:
            self.counted += 1
            if self.counted >= self.counting[1]:
                raise EnoughSeen
        line = entry.line if entry is not None else self.log.header_lines.get("players")
        self.add_violation(Violation(entry.index if entry else None, line, clauses, message, options))

    def add_violation(self, violation: Violation) -> None:
        """A violation, undecided when card text the engine does not play was met before it (``undecided``)."""
        if self.game.unplayed:
            self.undecided[len(self.violations)] = self.game.unplayed[0]
        self.violations.append(violation)

    def stop(self, reason: str) -> None:
        """The replay can go no further: the entries after this point are not judged, and the verdict says why."""
        self.stopped = True
        self.stop_reason = reason

    def note(self, message: str) -> None:
        self.notes.append(message)

    def start_applying(self, entry: LogEntry, request: Decision | Reveal, answer: Any) -> None:
        """``entry`` answers ``request``: it is being applied until the request's checkpoint."""
        self.open[request] = (entry, answer, True)
        self.applying.append(entry)

    def imply(self, decision: Decision, choice: Choice, why: str) -> None:
        if decision.quiet:  # offered only in case an unseen card is what it could be: passed by, no trace
            return
        self.attribute()
        self.game.record(
            RecordKind.TIMING,
            decision.player,
            f"implied: {decision.player} {choice.describe()} ({why})",
            decision.clauses,
            implied=True,
        )

    # -- the loop --------------------------------------------------------------

    def run(self, resumed: Procedure | None = None) -> None:
        """Replay the log from its start, or, for a copy made at a turn start, go on with ``resumed``, the
        procedure of the copy's game from there."""
        game = self.game
        if resumed is None:
            for problem in game.setup_problems:
                self.violate(None, problem.clauses, problem.message)
        procedure: Procedure = game.run() if resumed is None else resumed
        done = True
        try:
            done = self.play(procedure, next(procedure))
        except StopIteration:
            pass
        except EngineLimitReached as error:
            self.violate(self.current, self.game.clauses.loops, str(error))
            self.stop(f"the game could go no further: {error}")
        finally:
            self.look_ahead.drop_turn_copy()
        if done:
            self.attribute()
            self.finish()

    def play(self, procedure: Procedure, request: Request) -> bool:
        """Answer the game's requests from the log, ``request`` first, until the game ends or the log can answer
        no more (True: the replay is done), or a trial or a replay run again has gone far enough (False)."""
        answer: Any = None
        game = self.game
        while True:
            self.requests += 1
            if self.stop_at is not None and self.stop_at == self.requests:
                self.pending = (procedure, request)  # a replay run again to a request, for another to go on from
                return False
            if self.horizon is not None and self.position > self.horizon and not self.applying:
                return False  # a trial replay has looked far enough: what comes after is not its to judge
            since = self.implied_since
            if since is not None and self.passed_its_turn():
                stuck = self.log.entries[self.position]
                message = f"{stuck.data.get('do')!r} fits no point of this turn or the next"
                if self.left_out_before(stuck, since[2].clauses, message):
                    procedure, request = self.go_back()
                    game = self.game
                    continue
                rewound = self.rewound(since[3], stuck)
                if rewound is not None:  # the passes it implied are taken back: on from where it stood
                    procedure, request = self.adopt(rewound)
                    game = self.game
                    continue
            if isinstance(request, Checkpoint):
                if request.closes is None:  # a TurnStart
                    self.turn_started()
                else:
                    self.close(request)
                request = procedure.send(None)
            elif isinstance(request, Reveal):
                if self.peek() is None and not self.applying:
                    return True  # the log ends here: nothing hidden is revealed past its last entry
                request = self.answer_reveal(request, procedure)
                if self.going_back is not None:
                    procedure, request = self.go_back()
                    game = self.game
            else:
                result = self.decide(request)
                if self.going_back is not None:
                    procedure, request = self.go_back()
                    game = self.game
                    continue
                if result is None:
                    return True
                answer, implied = result
                if implied:
                    entry = self.peek()
                    implied_since = self.implied_since
                    if implied_since is None or implied_since[0] != self.position:
                        self.implied_since = (self.position, game.turn, request, self.requests)
                    elif entry is not None and game.turn > self.last_turn(entry, implied_since[1]):
                        point = implied_since[2]  # and it could not be taken back (``rewound``)
                        message = (
                            f"{entry.data.get('do')!r} fits no point of this turn or the next; where the entry "
                            f"stands the rules required {point.player} to {point.prompt}"
                        )
                        if self.left_out_before(entry, point.clauses, message):
                            procedure, request = self.go_back()
                            game = self.game
                            continue
                        self.consume(placed=False)
                        self.violate(entry, point.clauses, message, self.options_of(point))
                        self.implied_since = None
                elif self.implied_since is not None:
                    self.implied_since = None
                game.fresh_budget()
                request = procedure.send(answer)

    def passed_its_turn(self) -> bool:
        """Whether the passes the next entry implied have carried the game past the last turn it could be of."""
        since = self.implied_since
        if since is None or since[0] != self.position or not self.log.has_entry(self.position):
            return False
        return self.game.turn > self.last_turn(self.log.entries[self.position], since[1])

    def rewound(self, point: int, entry: LogEntry) -> Replay | None:
        """This replay run again from the log's start to request ``point``, where the passes ``entry`` implied
        began, with ``entry`` left out there: stopped before it answers that request, for this replay to go on
        from (``adopt``).  None for a trial replay, when the look-ahead's share of the work cannot pay for it,
        or when the entry was left out there already.

        An entry that fits no point of its turn must not carry the game past the points it passed by: what
        follows it in the log is judged from where it stood.  The replay run again makes the same choices (the
        look-ahead's, from ``decided``), so it reaches the same request with the same game.
        """
        key = (point, entry.index)
        if not self.looks_ahead or key in self.left_out:
            return None  # a trial replay counts what follows from where it is
        return self.rerun(point, entry, self.left_out | {key})

    def rerun(
        self, point: int, entry: LogEntry, left_out: frozenset[tuple[int, int]], budgeted: bool = True
    ) -> Replay | None:
        """This replay run again to request ``point`` (from the last copy kept at a turn start before it, or from
        the log's start), making the same choices, with ``left_out``: stopped before it answers that request, for
        this replay to go on from (``adopt``).  None when the look-ahead's share of the work cannot pay for it
        (running again up to ``entry``; ``budgeted`` False: the run is paid for already), or when the run did not
        come back to that request."""
        base = next((kept for kept in reversed(self.turn_copies) if kept.requests < point), None)
        begins_at = base.position if base is not None else 0
        if budgeted and not self.look_ahead.can_rerun(self, entry.index - begins_at):
            return None
        resumed: Procedure | None = None
        if base is not None:
            twin = base.copy()
            resumed = twin.game.resume_turn()
            prefix = self.game.records[: base.game.recorded] if self.game.keeps_trace else []
        else:
            twin = type(self)(self.log, self.support.build(self.log), self.support, self.clause_exists, self.trace)
            twin.game.keeps_trace = self.game.keeps_trace
            prefix = []
        twin.hashes = None if self.hashes is None else {i: h for i, h in self.hashes.items() if i < twin.position}
        twin.left_out = left_out
        twin.insertions = {key: missing for key, missing in self.insertions.items() if key[0] < point}
        twin.searched = self.searched
        twin.decided = self.decided
        twin.chosen = {key: chosen for key, chosen in self.chosen.items() if key[0] < point}
        twin.rerun_until = point
        twin.stop_at = point
        last_turn_start = max((start for start in self.turn_starts if start < point), default=None)
        if base is None or (last_turn_start is not None and last_turn_start > base.requests):
            twin.copy_at = last_turn_start  # where the next entries of that turn that fit no point go back to
        twin.run(resumed)
        if budgeted:
            self.look_ahead.rerun_entries += twin.position - begins_at + TRIAL_SETUP
        else:  # going back to put in an entry the log left out: the search for it pays
            self.look_ahead.missing_entries += twin.position - begins_at + TRIAL_SETUP
        if twin.pending is None:  # it did not come back to that request: go on as before
            twin.game.close()
            return None
        if prefix:  # the steps before the copy it went on from, then its own
            twin.game.records[:0] = prefix
            twin.attributed += len(prefix)
        twin.turn_copies = [kept for kept in self.turn_copies if kept.requests < point]
        if twin.copied is not None:
            twin.turn_copies.append(twin.copied)
            twin.copied = None
        twin.copy_at = None
        return twin

    def left_out_before(
        self, entry: LogEntry, clauses: tuple[str, ...], why: str, rival: Choice | None = None, clean: bool = False
    ) -> bool:
        """Whether an entry the log leaves out explains why ``entry`` cannot stand where it is (``why``, citing
        ``clauses``): a choice at one of the points ``entry`` stood at, or where one of the few entries before it
        first stood, under which the entries from there on replay cleanly as far as the look-ahead looks.  If so,
        this replay is set to go back to that point (``going_back``) and to answer it with the choice left out,
        reported once there as one violation; the caller returns at once, and the loop goes on as that replay
        (``go_back``).

        One entry missing from a log is one departure: what follows from it (a position found empty, a card
        still in the hand) is not reported again.  ``rival``: what the replay goes on from otherwise, an option
        the entry's own point takes in its place or None for the entry left out; the entry left out of the log
        must do better (``LookAhead.missing_entry``).  ``clean``: the rival lets the next entries replay cleanly,
        so only choices that name what the entry or the rival names are tried.
        """
        if not self.looks_ahead or self.rerun_until is not None or self.going_back is not None:
            return False
        index, stood = self.stood
        if index != entry.index or not stood or index in self.searched:
            return False
        self.searched.add(index)
        places = stood[:MISSING_POINTS]
        earliest_turn = stood[0].turn - MISSING_TURNS  # a choice can show turns later (a character it moved, attacked)
        for before in range(index - 1, max(index - 1 - MISSING_BACK, -1), -1):
            place = self.first_stood.get(before)
            if place is None:  # a forced event, taken where the rules reveal its cards
                continue
            if place.turn < earliest_turn:
                break
            places.append(place)
        places = nearest_of_each_kind(places)
        found = self.look_ahead.missing_entry(self, entry, places, rival, related=clean)
        if found is None:
            return False
        point, before, choice, decision = found
        twin = self.rerun(point, entry, frozenset(key for key in self.left_out if key[0] < point), budgeted=False)
        if twin is None:
            return False
        field = self.support.choice_fields.get(decision.kind)
        if before != index:
            why = f"entry {index} (line {entry.line}) cannot stand: {why}"
        elif field is None:
            refusal = twin.refusal_at_pending(entry)
            if refusal is not None:
                clauses, why = refusal.clauses or clauses, refusal.message
        if field is not None:  # answered by a field of a forced entry: that entry is what is missing
            written = ""
            message = (
                f"the log leaves out the entry whose {field!r} answers {decision.player}'s choice to "
                f"{decision.prompt or decision.kind} here ({choice.describe()}); without it, {why}"
            )
        else:
            written = self.written_entry(choice, decision)
            left_out = written or f"{decision.player}'s {choice.describe()}"
            message = f"the log leaves out an entry before this one: {left_out}; without it, {why}"
        if decision.default is None:  # a choice the rules required there: their clauses first
            clauses = tuple(dict.fromkeys((*decision.clauses, *clauses)))
        twin.insertions[(point, before)] = Missing(choice, clauses or decision.clauses, message, written)
        self.going_back = twin
        return True

    def refusal_at_pending(self, entry: LogEntry) -> Refusal | None:
        """For a replay stopped at a decision (``pending``): why ``entry`` cannot be taken there, by the point's own
        check where it takes the entry's verb, else by what rules the verb out there; None where it can be."""
        pending = self.pending
        if pending is None or not isinstance(pending[1], Decision):
            return None
        decision = pending[1]
        verb = str(entry.data["do"])
        about = str(self.support.subject(entry.data) or decision.player)
        stated = self.stated(entry, decision)
        if verb in decision.verbs and about == decision.player:
            return None if stated is None else self.game.check(decision, stated)
        return self.game.why_not_now(verb, about, stated)

    def written_entry(self, choice: Choice, decision: Decision) -> str:
        """``choice`` as a log entry in one line of YAML (``{p: P2, do: play, card: YL-01, pos: 3}``), or "" where the
        game cannot write it."""
        try:
            return flow_entry(self.support.entry_of(choice, decision))
        except NotImplementedError:
            return ""

    def go_back(self) -> tuple[Procedure, Request]:
        """Go on as the replay run again with an entry the log left out (``left_out_before``)."""
        twin = self.going_back
        assert twin is not None
        self.going_back = None
        point = twin.stop_at or 0
        for key in [key for key in self.decided if key[0] >= point]:  # choices of a game that is no more
            del self.decided[key]
        return self.adopt(twin)

    def adopt(self, twin: Replay) -> tuple[Procedure, Request]:
        """Go on as ``twin``, a replay run again to a request this one passed (``rewound``): its game, its place
        in the log and what it found so far become this replay's; the look-ahead's work and the callbacks stay.
        Returns the procedure to go on with and the request it waits on."""
        pending = twin.pending
        assert pending is not None
        self.look_ahead.drop_turn_copy()  # a copy of the game that is no more, for trials to go on from
        self.game.close()
        self.game = twin.game
        self.position = twin.position
        self.violations = twin.violations
        self.undecided = twin.undecided
        self.notes = twin.notes
        self.applying = twin.applying
        self.open = twin.open
        self.attributed = twin.attributed
        self.stopped = twin.stopped
        self.stop_reason = twin.stop_reason
        self.unjudged = twin.unjudged
        self.requests = twin.requests - 1  # the request it stopped at is counted again when it is answered
        self.early = twin.early
        self.last_taken = twin.last_taken
        self.implied_since = twin.implied_since
        self.turn_starts = twin.turn_starts
        self.drift = twin.drift
        self.drifts = twin.drifts
        self.chosen = twin.chosen
        self.counted = twin.counted
        self.left_out = twin.left_out
        self.answered_fields = twin.answered_fields
        self.checked_violations = twin.checked_violations
        self.departures = twin.departures
        self.turn_copies = twin.turn_copies
        self.hashes = twin.hashes
        self.insertions = twin.insertions
        self.stood = twin.stood
        self.first_stood = twin.first_stood
        self.searched = twin.searched
        self.rerun_until = None
        return pending

    def turn_started(self) -> None:
        """A turn begins.  With no entry open, the replay could go on from a copy made here: remember the
        request, and make the copy if this trial was asked to."""
        if self.open or self.applying:
            return
        self.turn_starts.append(self.requests)
        if self.copy_at == self.requests:
            try:
                self.copied = self.copy()
            except (TypeError, copy.Error):  # a game that cannot be copied (compiled classes): trials start over
                self.copied = None

    def copy(self) -> Replay:
        """This replay with a copy of its game, as they stand between two requests, for a trial to go on from:
        the log, the support and the card definitions are shared; the records and the callbacks are not kept."""
        game = self.game
        if self.implied_since is not None:  # the copy keeps the point's options, not a way to build them here
            self.implied_since[2].options  # noqa: B018
        shared: dict[int, Any] = {id(thing): thing for thing in (self.log, self.support, *game.unchanging())}
        shared[id(game.records)] = []
        shared[id(self.turn_copies)] = []  # a copy holds no copies of its own...
        shared[id(self.look_ahead)] = LookAhead()  # ...nor the look-ahead's
        callbacks = (self.on_applied, self.on_taken)
        self.on_applied = self.on_taken = None
        try:
            twin = copy.deepcopy(self, shared)
        finally:
            self.on_applied, self.on_taken = callbacks
        twin.attributed = 0
        return twin

    def decide(self, decision: Decision) -> Answer | None:
        """The answer to a decision, and whether it was implied; None to stop.

        A decision a field of the entry being applied answers (a trigger entry's icon choice) takes it from
        there; the order of standby abilities from the next ``resolve``.  Any other takes the next entry
        (``answer_from``), which either answers it or is dealt with on its own (reported, or applied as card
        text), and then the entry after it is looked at.
        """
        while len(self.left_out) > 0:
            entry = self.peek()
            if entry is None or (self.requests, entry.index) not in self.left_out:
                break
            self.leave_out(decision, entry)
            if self.going_back is not None:
                return None
        field = self.support.choice_fields.get(decision.kind)
        if field is not None and (
            "resolve" not in decision.verbs
            or (
                self.current is not None
                and field in self.current.data
                and (self.current.index, field) not in self.answered_fields  # a field answers one choice
            )
        ):
            if self.current is None:  # no entry being applied states it: the one that would is not in the log
                entry = self.peek()
                if entry is not None:
                    left_out = self.answer_left_out(decision, entry)
                    if left_out is not None and not isinstance(left_out, _NextEntry):
                        return left_out
            return self.field_answer(decision)
        if decision.kind == "standby_order":
            return self.standby_order(decision)
        while True:
            entry = self.peek()
            if entry is None:
                return None
            if self.left_out and (self.requests, entry.index) in self.left_out:  # after an entry dealt with here
                self.leave_out(decision, entry)
                if self.going_back is not None:
                    return None
                continue
            if self.looks_ahead:
                self.stand(entry.index, decision)
            answer = self.answer_from(decision, entry)
            if field is not None and not isinstance(answer, _NextEntry):
                self.answered_fields.add((entry.index, field))  # the entry's own answer: its field is used
            if not isinstance(answer, _NextEntry) or self.going_back is not None:
                return None if isinstance(answer, _NextEntry) else answer

    def stand(self, index: int, decision: Decision) -> None:
        """Entry ``index`` is next at ``decision``, the request being answered: remember where (``stood``, and
        ``first_stood`` for the first)."""
        place = Place(self.requests, index, decision.kind, decision.player, self.game.turn)
        if self.stood[0] != index:
            self.stood = (index, [])
            first = self.first_stood
            first[index] = place
            if len(first) > 2 * MISSING_BACK:
                for old in [old for old in first if old < index - MISSING_BACK]:
                    del first[old]
        places = self.stood[1]
        if not places or places[-1].request != self.requests:
            places.append(place)

    def leave_out(self, decision: Decision, entry: LogEntry) -> None:
        """``entry`` fits no point from here to the end of its turn (``rewound``): one violation, citing what
        rules it out where it stands, and the game goes on from here without it."""
        verb = str(entry.data["do"])
        about = str(self.support.subject(entry.data) or decision.player)
        stated = entry.data.get("turn")
        when = f"turn {stated}" if isinstance(stated, int) else "this turn or the next"
        refusal = self.game.why_not_now(verb, about, self.stated(entry, decision))
        message = f"{verb!r} by {entry.data.get('p') or decision.player} fits no point of {when}: {refusal.message}"
        if self.left_out_before(entry, refusal.clauses or decision.clauses, message):
            return
        self.consume(placed=False)
        self.implied_since = None
        self.refuse(entry, refusal, refusal.clauses or decision.clauses, message, self.options_of(decision))

    @staticmethod
    def options_of(decision: Decision) -> tuple[str, ...]:
        """The legal options at ``decision``, as a violation lists them: every one (a text report shortens them)."""
        return tuple(option.describe() for option in decision.options)

    def refuse(
        self, entry: LogEntry, refusal: Refusal, clauses: tuple[str, ...], message: str, options: tuple[str, ...] = ()
    ) -> None:
        """Report ``entry``, which ``refusal`` rules out, as a violation, unless an earlier entry was reported for
        the same cause (``Refusal.cause``: one departure of the log's game, such as a battle the rules never
        fought, which several entries show): then a note, naming the entry where it was reported."""
        first = self.departures.get(refusal.cause) if refusal.cause else None
        if first is not None:
            self.note(f"entry {entry.index} (line {entry.line}): {message}; it follows from entry {first}'s departure")
            return
        self.violate(entry, clauses, message, options)
        if refusal.cause:
            self.departures[refusal.cause] = entry.index

    def answer_from(self, decision: Decision, entry: LogEntry) -> Answer | _NextEntry | None:
        """What ``entry``, the next one, makes of ``decision``: its answer; None to stop (a concession, or a point
        no option can answer); or NEXT_ENTRY when the entry was dealt with on its own."""
        if self.insertions or (self.chosen and not self.looks_ahead):
            chosen = self.answer_left_out(decision, entry)
            if chosen is not None:
                return chosen
        if decision.simultaneous and entry.data.get("p") not in (None, decision.player):
            entry = self.simultaneous_choice(decision) or entry
        verb = str(entry.data["do"])
        player = entry.data.get("p")
        if verb == "concede":
            self.consume()
            self.game.concede(str(player or decision.player))
            self.expect_after_concession(entry)
            return None
        if verb == "effect":
            return self.effect_entry(decision, entry, str(player or decision.player))
        belongs_here = (
            verb in decision.verbs
            or (verb == "pass" and decision.default == Choice("pass"))
            or (verb == "resolve" and resolves(entry.data, decision))
        )
        if belongs_here and (player is None or player == decision.player):
            return self.stated_choice(decision, entry)
        if self.turn_is_over(entry):
            self.leave_out(decision, entry)
            return NEXT_ENTRY
        if decision.default is not None:
            return self.passed_by(decision, entry)
        return self.unanswered(decision, entry)

    def answer_left_out(self, decision: Decision, entry: LogEntry) -> Answer | _NextEntry | None:
        """The answer to ``decision`` with ``entry`` next, where the replay decided it already: an entry the log
        left out put in here (``insertions``), or, in a trial, what the replay that tries it went on from
        (``chosen``); None where neither says."""
        if self.looks_ahead:
            self.stand(entry.index, decision)
        key = (self.requests, entry.index)
        missing = self.insertions.get(key) if self.insertions else None
        if missing is not None and self.game.check(decision, missing.choice) is None:
            return self.inserted(decision, entry, missing)
        if self.chosen and not self.looks_ahead:
            chosen = self.chosen.get(key)
            if chosen is not None:
                return self.trial_answer(decision, chosen)
        return None

    def inserted(self, decision: Decision, entry: LogEntry, missing: Missing) -> Answer:
        """The entry the log leaves out before ``entry`` (``left_out_before``): reported at ``entry`` (a trial counts
        only what follows it), and its choice answers the decision; ``entry`` is looked at again after it."""
        if self.looks_ahead:
            line = entry.line if entry is not None else None
            self.add_violation(
                Violation(
                    entry.index,
                    line,
                    missing.clauses,
                    missing.message,
                    intended=f"{INSERT}{missing.written}" if missing.written else None,
                )
            )
        self.assumed(decision, missing.choice, f"left out of the log before entry {entry.index}")
        return missing.choice, False

    def expect_after_concession(self, entry: LogEntry) -> None:
        """A concession ends the game at once (no checkpoint closes it): its ``expect`` is checked here, citing
        what the rules did (the format: "``expect`` asserts the state after the entry")."""
        self.hash_entry(entry)
        expect = entry.data.get("expect")
        if expect is None:
            return
        failures = self.support.expectation_failures(self.game, expect)
        if failures:
            clauses = self.game.records[-1].clauses if self.game.records else self.game.clauses.game_end
            self.violate(entry, clauses, "expect: " + "; ".join(failures))

    def stated(self, entry: LogEntry, decision: Decision) -> Choice | None:
        """The choice ``entry`` states, read as if ``decision`` asked for it, for the game to name the state that
        rules it out (``why_not_now``); None when its arguments cannot be read so."""
        try:
            return self.support.choice_of(entry.data, decision)
        except EntryError:
            return None

    def of_another_turn(self, entry: LogEntry) -> bool:
        """Whether ``entry`` states a turn other than the game's (by the log's own numbering, as ``turn_is_over``):
        an entry with ``turn:`` stays in that turn, so it is never this turn's entry written late."""
        stated = entry.data.get("turn")
        if not isinstance(stated, int):
            return False
        offset = self.drifts.most_common(1)[0][0] if self.drifts else 0
        return stated - offset != self.game.turn

    def turn_is_over(self, entry: LogEntry) -> bool:
        """Whether ``entry`` states a turn the game has left: no point ahead is of its turn (an entry with
        ``turn:`` stays in that turn, ``log-format.rst``, "Passing").  A log that numbers its turns off by the
        same amount (the commonest drift of the entries placed so far) is read by its own numbering."""
        stated = entry.data.get("turn")
        if not isinstance(stated, int):
            return False
        offset = self.drifts.most_common(1)[0][0] if self.drifts else 0
        return stated - offset < self.game.turn

    def field_answer(self, decision: Decision) -> Answer:
        """The choice a field of the entry being applied states for ``decision`` (``GameSupport.choice_fields``);
        where it states none, or an illegal one (a violation), the decision's default, implied."""
        stated = self.support.field_choice(decision, self.current.data if self.current is not None else {})
        if stated is not None and self.current is not None:
            self.answered_fields.add((self.current.index, self.support.choice_fields[decision.kind]))
        if stated is not None:
            refusal = self.game.check(decision, stated)
            if refusal is None:
                return self.game.concrete(decision, stated), False
            self.violate(
                self.current, refusal.clauses, refusal.message, tuple(option.describe() for option in decision.options)
            )
        return decision.default or decision.options[-1], True

    def trial_answer(self, decision: Decision, chosen: tuple[Choice | None, bool]) -> Answer | _NextEntry:
        """In a trial replay, the answer the replay that tries it went on from at this point (``chosen``): an
        option, taking the entry along or not, or the entry left out."""
        option, takes_entry = chosen
        if option is None:
            self.consume()
            return NEXT_ENTRY
        if takes_entry:
            self.start_applying(self.consume(), decision, None)
        return option, not takes_entry

    def effect_entry(self, decision: Decision, entry: LogEntry, player: str) -> Answer | _NextEntry:
        """An ``effect`` entry: card text taken as the choice at a play timing that takes it, else card text
        applied on its own, as the log declares it.  It declares what its ``source``'s text did: that text no
        longer leaves later outcomes undecided."""
        self.consume()
        source = entry.data.get("source")
        if isinstance(source, str):
            self.game.declared(source)
        if "effect" not in decision.verbs:
            self.declared_effect(entry, player)
            return NEXT_ENTRY
        try:
            effect = self.support.effect_choice(entry.data)
        except EntryError as error:
            self.violate(entry, self.game.clauses.unmodelled_text, f"effect: {error}")
            return NEXT_ENTRY
        self.start_applying(entry, decision, None)
        return effect, False

    def stated_choice(self, decision: Decision, entry: LogEntry) -> Answer | _NextEntry:
        """An entry that belongs to ``decision``: its choice, applied when legal; refused, a violation, and the
        replay goes on from what the log most likely meant (``judge.lookahead``)."""
        game = self.game
        self.consume(entry)
        try:
            choice = self.support.choice_of(entry.data, decision)
        except EntryError as error:
            self.violate(entry, decision.clauses, f"{entry.data['do']}: {error}")
            return NEXT_ENTRY
        refusal = game.check(decision, choice)
        if refusal is not None:
            message = f"{decision.player}: {refusal.message}"
            self.refuse(entry, refusal, refusal.clauses, message, self.options_of(decision))
            resumed = self.look_ahead.resume(
                self,
                decision,
                entry,
                choice,
                lambda rival, clean: self.left_out_before(entry, refusal.clauses, message, rival, clean),
            )
            if resumed is None:  # the entry left out; or the replay goes back to put in one the log left out
                return NEXT_ENTRY
            self.start_applying(entry, decision, None)
            return resumed, False
        self.check_rule(entry)
        for claim in self.support.choice_claims(game, decision, entry.data):
            self.violate(entry, claim.clauses, f"{entry.data['do']}: {claim.message}")
        self.start_applying(entry, decision, None)
        return game.concrete(decision, choice), False

    def passed_by(self, decision: Decision, entry: LogEntry) -> Answer | _NextEntry:
        """An entry that does not belong to ``decision``, a point that can be passed: passed (implied) when the
        entry can belong to a later point, else the entry is a violation, of the clause that rules it out now."""
        game = self.game
        verb = str(entry.data["do"])
        about = str(self.support.subject(entry.data) or decision.player)
        turn = entry.data.get("turn")  # a turn the entry states anchors it: passes go there, not beyond
        later_turn = isinstance(turn, int) and turn > game.turn
        this_turn = isinstance(turn, int) and turn == game.turn
        default = decision.default
        assert default is not None
        if later_turn or self.support.reachable(game, decision, verb, about, this_turn):
            self.imply(decision, default, "the log moves on")
            return default, True
        refusal = game.why_not_now(verb, about, self.stated(entry, decision))
        message = f"{verb!r} by {entry.data.get('p') or decision.player} is not possible now: {refusal.message}"
        if self.left_out_before(entry, refusal.clauses or decision.clauses, message):
            return NEXT_ENTRY
        self.consume()
        self.refuse(entry, refusal, refusal.clauses or decision.clauses, message, self.options_of(decision))
        return NEXT_ENTRY

    def unanswered(self, decision: Decision, entry: LogEntry) -> Answer | None:
        """A point that cannot be passed, which ``entry`` does not answer: its answer written a few entries late
        (one violation, there), or a violation here and the replay goes on from the option the entries after it
        replay under (None to stop when there is no option at all)."""
        late = self.written_late(decision)
        if late is not None:
            return late, False
        message = (
            f"the rules required {decision.player} to {decision.prompt} here; the log has {str(entry.data['do'])!r}"
        )
        self.violate(entry, decision.clauses, message, self.options_of(decision))
        if not decision.options:
            self.stop(f"the rules required {decision.player} to {decision.prompt}, and no option is legal there")
            return None
        if decision.unstated is not None:  # the game goes on without knowing which; the log tells later
            self.assumed(decision, decision.unstated, "the log does not say which; what it shows later will")
            return decision.unstated, True
        likely = (
            self.look_ahead.likely_intended(
                self, decision, self.position - 1, list(decision.options[:NEAR_OPTIONS]), takes_entry=False
            )
            if self.looks_ahead
            else None
        )
        if likely is not None:
            self.imply(decision, likely, "assumed, as the entries after it replay")
            return likely, True
        self.imply(decision, decision.options[0], "assumed, to go on")
        return decision.options[0], True

    # -- going on after a violation --------------------------------------------

    def written_late(self, decision: Decision) -> Choice | None:
        """The answer to a point that cannot be passed by, written a few entries after its place: it is one
        violation, at the late entry, saying where it was due (a level up the rules required at once, when the
        clock reached seven: an interrupt, ws 9.3.1 with 9.1.2.1), and the replay takes it where it was due.
        None when no such entry follows."""
        due = self.last_taken
        for index in range(self.position, self.position + WRITTEN_LATE_WITHIN):
            if not self.log.has_entry(index):
                break
            entry = self.log.entries[index]
            if index in self.early or str(entry.data["do"]) not in decision.verbs:
                continue
            if entry.data.get("p", decision.player) != decision.player or self.of_another_turn(entry):
                continue
            try:
                choice = self.support.choice_of(entry.data, decision)
            except EntryError:
                return None
            if self.game.check(decision, choice) is not None:
                return None
            self.consume(entry)
            where = f"after entry {due.index} (line {due.line})" if due is not None else "before the first entry"
            self.violate(
                entry,
                decision.clauses,
                f"{entry.data['do']!r} by {decision.player} is written late: the rules required it {where}, "
                f"where {decision.player} had to {decision.prompt}",
            )
            self.start_applying(entry, decision, None)
            return self.game.concrete(decision, choice)
        return None

    def assumed(self, decision: Decision, choice: Choice, why: str) -> None:
        """Record in the trace what the replay goes on from after a violation."""
        self.attribute()
        self.game.record(
            RecordKind.TIMING,
            decision.player,
            f"assumed: {decision.player} {choice.describe()} ({why})",
            decision.clauses,
            implied=True,
        )

    def declared_effect(self, entry: LogEntry, player: str) -> None:
        """An ``effect`` entry: card text the engine does not model, applied as the log declares it."""
        try:
            problems = self.support.apply_effect(self.game, entry.data, player)
        except EntryError as error:
            self.violate(entry, self.game.clauses.unmodelled_text, f"effect: {error}")
            return
        for problem in problems:
            self.violate(entry, problem.clauses, f"effect: {problem.message}")
        self.attribute()

    def standby_order(self, decision: Decision) -> Answer:
        """Which standby ability is played first: the one the next ``resolve`` entry names.

        A ``resolve`` entry that only names it (no ``pay`` or ``target``) is the
        order choice itself and is consumed; one that also answers the ability
        stays for the ability's own decision.  Without one, the first triggered.
        """
        entry = self.peek()
        if entry is not None and entry.data.get("do") == "resolve":
            for option in decision.options:
                if not isinstance(option, ResolveFirst) or option.card != str(entry.data.get("source")):
                    continue
                if entry.data.get("ability", option.ability) == option.ability:
                    if not {"pay", "target"} & entry.data.keys():
                        self.consume()
                        self.start_applying(entry, decision, None)
                    return option, False
        self.imply(decision, decision.default, "the first triggered")  # type: ignore[arg-type]
        return decision.default, True  # type: ignore[return-value]

    def answer_reveal(self, reveal: Reveal, procedure: Procedure) -> Any:
        """Answer a reveal from the next entry when it is the matching forced event.

        An entry standing where the rules reveal cards that can come at no later
        point (a counter written for a side attack, before its damage) is a
        violation here, and the next entry is looked at.
        """
        entry = self.misplaced_before(reveal)
        if self.going_back is not None:
            return reveal  # the replay goes back to put in an entry the log left out: this game is done with
        forced = self.support.forced_verbs
        answer: list[str | None] | None = None
        current = self.current
        inner = self.support.cards_within(reveal, current.data) if current is not None else None
        if inner is not None and current is not None:
            answer = inner
            self.open[reveal] = (current, answer, False)
        elif entry is not None:
            if reveal.simultaneous:  # the players' entries of one simultaneous action may come in any order
                entry = self.simultaneous_entry(reveal) or entry
            verb = str(entry.data["do"])
            who = self.support.subject(entry.data)
            taken: LogEntry | None = None
            if verb in forced and reveal.purpose in forced[verb] and who in (None, reveal.player):
                taken = entry
            elif reveal.due_here:
                taken = self.written_late_for(reveal)
            if taken is not None:
                due = self.last_taken
                self.consume(taken)
                if taken is not entry:
                    where = f"at entry {due.index} (line {due.line})" if due is not None else "before the first entry"
                    self.violate(
                        taken,
                        reveal.clauses,
                        f"{taken.data['do']!r} of {reveal.player} is written late: it was due {where}, where the "
                        "rules perform it at once; the replay takes it there",
                    )
                self.check_rule(taken)
                answer, refusal = self.support.revealed_cards(str(taken.data["do"]), taken.data)
                if refusal is not None:
                    self.violate(taken, refusal.clauses, refusal.message)
                self.start_applying(taken, reveal, answer)
        return procedure.send(answer)

    def written_late_for(self, reveal: Reveal) -> LogEntry | None:
        """The entry for ``reveal`` (one the rules perform at once) written a few entries after its place, or
        None.  A list it states must have as many cards as the reveal (a refresh's new deck order)."""
        forced = self.support.forced_verbs
        for index in range(self.position, self.position + WRITTEN_LATE_WITHIN):
            if not self.log.has_entry(index):
                break
            entry = self.log.entries[index]
            verb = str(entry.data["do"])
            if index in self.early or verb not in forced or reveal.purpose not in forced[verb]:
                continue
            if self.support.subject(entry.data) not in (None, reveal.player) or self.of_another_turn(entry):
                continue
            answer, refusal = self.support.revealed_cards(verb, entry.data)
            fits = refusal is None and (not answer or len(answer) == reveal.count)
            return entry if fits else None
        return None

    def simultaneous_choice(self, decision: Decision) -> LogEntry | None:
        """Among the entries from here that state the choice ``decision`` asks of every player at once (its
        simultaneous kin), the one of ``decision``'s player; None when there is none."""
        index = self.position - 1
        while self.log.has_entry(index := index + 1):
            entry = self.log.entries[index]
            if index in self.early or str(entry.data["do"]) not in decision.verbs:
                return None
            if entry.data.get("p") in (None, decision.player):
                return entry
        return None

    def simultaneous_entry(self, reveal: Reveal) -> LogEntry | None:
        """Among the entries from here that answer reveals of ``reveal``'s purpose (its simultaneous kin), the
        one of ``reveal``'s player; None when there is none."""
        forced = self.support.forced_verbs
        index = self.position - 1
        while self.log.has_entry(index := index + 1):
            entry = self.log.entries[index]
            verb = str(entry.data["do"])
            if index in self.early or verb not in forced or reveal.purpose not in forced[verb]:
                return None
            if self.support.subject(entry.data) in (None, reveal.player):
                return entry
        return None

    def misplaced_before(self, reveal: Reveal) -> LogEntry | None:
        """The next entry, after reporting (and skipping) entries that fit neither here nor later."""
        forced, choices = self.support.forced_verbs, self.support.choice_verbs
        while (entry := self.peek()) is not None:
            verb = str(entry.data["do"])
            about = self.support.subject(entry.data) or reveal.player
            matches = verb in forced and reveal.purpose in forced[verb] and about == reveal.player
            if matches or verb in ("effect", "concede", "resolve") or (verb not in choices and verb not in forced):
                return entry
            turn_over = self.turn_is_over(entry)
            if not turn_over and self.support.reachable_after_reveal(self.game, verb, about):
                return entry
            asked = Decision(about, verb, [], reveal.clauses, frozenset({verb}))  # as if a point asked for it
            refusal = self.game.why_not_now(verb, about, self.stated(entry, asked))
            if turn_over:
                message = f"{verb!r} by {about} fits no point of turn {entry.data['turn']}: {refusal.message}"
            else:
                message = f"{verb!r} by {about} is not possible now: {refusal.message}"
            if self.left_out_before(entry, refusal.clauses, message):
                return None
            self.consume(placed=not turn_over)
            self.refuse(entry, refusal, refusal.clauses, message)
        return None

    def close(self, checkpoint: Checkpoint) -> None:
        """A request has been applied: check what its entry claimed, and its ``expect``."""
        request = checkpoint.closes
        if request is None:
            return
        opened = self.open.pop(request, None)
        if opened is None:
            return
        entry, answer, owns = opened
        problems = self.game.text_problems
        if problems:
            for problem in problems:
                self.violate(entry, problem.clauses, f"effect: {problem.message}")
            problems.clear()
        expect = entry.data.get("expect") if owns else None
        if expect is not None:  # a failed expectation cites what the rules did while applying the entry
            records = self.game.records[self.attributed :]
            clauses = tuple(dict.fromkeys(c for record in records for c in record.clauses)) or request.clauses
        self.attribute()
        if isinstance(request, Reveal):
            self.check_reveal(entry, request, answer)
            if owns:
                self.check_claims(entry, request)
        if not owns:
            return
        if self.applying[-1] is entry:
            self.applying.pop()
        else:
            del self.applying[next(i for i, applying in enumerate(self.applying) if applying is entry)]
        if expect is not None:
            self.check_expectation(entry, expect, clauses)
        self.hash_entry(entry)
        if self.on_applied is not None:
            self.on_applied(entry)

    def hash_entry(self, entry: LogEntry) -> None:
        """Keep the state hash after ``entry``, when the replay keeps hashes (none at all for a game of another
        package that gives no canonical state)."""
        if self.hashes is not None:
            try:
                self.hashes[entry.index] = self.game.state_hash()
            except NotImplementedError:
                self.hashes = None

    def check_expectation(self, entry: LogEntry, expect: Any, clauses: tuple[str, ...]) -> None:
        """An ``expect`` that does not hold: one violation listing every field that differs, and the replay goes on
        from the state it asserts where the game can take it.  Where a violation was reported since the last
        checkpoint, the difference follows from it (the log's game went its own way there): a note, not a
        second violation for the same departure."""
        since = self.checked_violations
        self.checked_violations = len(self.violations)
        failures = self.support.expectation_failures(self.game, expect)
        if not failures:
            return
        where = f"entry {entry.index} (line {entry.line})"
        if len(self.violations) > since:
            self.note(
                f"{where}: after the violation(s) before it, the log asserts another state: {'; '.join(failures)}"
            )
        else:
            self.violate(entry, clauses, "expect: " + "; ".join(failures))
            self.checked_violations = len(self.violations)
        taken = self.support.take_expectation(self.game, expect)
        if taken:
            self.note(f"{where}: the replay goes on from the state the log asserts: {'; '.join(taken)}")

    def check_reveal(self, entry: LogEntry, reveal: Reveal, answer: list[str | None] | None) -> None:
        """What a forced entry states must be what the rules did."""
        for problem in reveal.problems:
            self.violate(entry, problem.clauses, problem.message)
        if answer is None:
            return
        violations, notes = self.support.reveal_findings(str(entry.data["do"]), reveal, answer)
        for violation in violations:
            self.violate(entry, violation.clauses, violation.message)
        for note in notes:
            self.note(f"entry {entry.index}: {note}")

    def check_claims(self, entry: LogEntry, reveal: Reveal) -> None:
        """A forced entry's choice fields (``GameSupport.claim_fields``) that claim an effect where the rules asked
        no such choice: a violation each, citing the clauses of the event (and of why it had no such effect,
        where the game says: ``Reveal.no_effect``)."""
        fields = self.support.claim_fields.get(str(entry.data["do"]))
        if not fields:
            return
        for field in fields:
            value = entry.data.get(field)
            if value in (None, False, "", "pass") or (entry.index, field) in self.answered_fields:
                continue
            why = reveal.no_effect
            clauses = (why.clauses if why is not None else ()) or reveal.clauses
            because = f": {why.message}" if why is not None else ""
            self.violate(
                entry,
                clauses,
                f"{entry.data['do']!r} states {field}: {value!r}, but the rules asked no {field} choice here{because}",
            )

    def check_rule(self, entry: LogEntry) -> None:
        """A ``rule`` the writer cites must be a clause; a wrong one is a note, never dropped."""
        rule = entry.data.get("rule")
        if rule is None or self.clause_exists is None:
            return
        if not self.clause_exists(str(rule)):
            self.note(f"entry {entry.index} (line {entry.line}): rule {rule} is not a clause of the rules")

    def finish(self) -> None:
        """After the replay: entries left over, the claimed result, a game that stops early."""
        game = self.game
        self.log.read_to_end()
        self.close_open_entries()
        self.drop_steps_past_the_log()
        leftover = [entry for entry in self.log.entries[self.position :] if entry.index not in self.early]
        outcome = game.outcome
        winner = winner_of(outcome)
        if leftover and outcome is not None:
            self.violate(
                leftover[0],
                game.clauses.game_end,
                f"{len(leftover)} entries come after the end of the game ({outcome.reason})",
            )
        elif leftover and not self.stopped:
            self.violate(
                leftover[0],
                game.clauses.turn_order,
                f"{len(leftover)} entries could not be placed in the order of play",
            )
        elif leftover:
            self.unjudged = [entry.index for entry in leftover]
            self.note(self.unjudged_text())
        result = self.log.header.get("result")
        if isinstance(result, dict) and "winner" in result:
            claimed = result.get("winner")
            if outcome is not None and claimed != winner:
                self.add_violation(
                    Violation(
                        None,
                        self.log.header_lines.get("result"),
                        game.clauses.game_end,
                        f"the log claims {claimed!r} won; the replay ends with {winner!r} ({outcome.reason})",
                    )
                )
            elif outcome is None and claimed is not None:
                self.add_violation(
                    Violation(
                        None,
                        self.log.header_lines.get("result"),
                        game.clauses.game_end,
                        f"the log claims {claimed!r} won, but the game is not over at the end of the log",
                    )
                )

    def unjudged_text(self) -> str:
        """Which entries the replay did not judge (``unjudged``), and why."""
        first = self.log.entries[self.unjudged[0]]
        return (
            f"{len(self.unjudged)} of the log's {len(self.log.entries)} entries were not judged, from entry "
            f"{first.index} (line {first.line}) on: the replay stopped before it: {self.stop_reason}"
        )

    def close_open_entries(self) -> None:
        """Entries still being applied when the game ended (a damage that decked a player out):
        what they claimed and their ``expect`` are checked against the final state."""
        for request, (_, _, owns) in list(self.open.items()):
            if owns:
                self.close(Checkpoint(request))
        self.open.clear()

    def drop_steps_past_the_log(self) -> None:
        """A log that stops mid-game stops its trace in the turn of its last entry.

        The engine goes on with what the rules do by themselves until it needs the
        log again; steps of a later turn than the last entry's are not the log's.
        """
        if self.game.outcome is not None or self.position < len(self.log.entries) or not self.log.entries:
            return
        records = self.game.records
        last = max((index for index, record in enumerate(records) if record.entry is not None), default=-1)
        if last < 0:
            return
        turn = records[last].turn
        for index in range(last + 1, len(records)):
            if records[index].turn != turn:
                del records[index:]
                return

    def verdict(self) -> Verdict:
        """The verdict on the log so far, with the game's records if the replay keeps its trace."""
        game = self.game
        violations = [v for index, v in enumerate(self.violations) if index not in self.undecided]
        for index, text in sorted(self.undecided.items()):
            undecided = self.violations[index]
            where = f"entry {undecided.entry}" if undecided.entry is not None else "the result"
            self.notes.append(
                f"{where} not judged: {undecided.message} ({', '.join(undecided.clauses)}); its outcome could be "
                f"changed by {text.describe()}, which the engine does not play"
            )
        if violations:
            kind = VerdictKind.ILLEGAL
        elif self.unjudged:
            kind = VerdictKind.INCOMPLETE
        elif game.unmodelled:
            kind = VerdictKind.INCOMPLETE
            for text in dict.fromkeys(game.unplayed):
                self.notes.append(
                    f"{text.describe()} is card text the engine does not play: what it does is not checked"
                )
            self.notes.append(f"{game.unmodelled} step(s) rely on card text or cards the log does not make known")
        elif (
            game.outcome is None
            and self.log.header.get("setup") is None
            and not isinstance(self.log.header.get("result"), dict)
        ):
            kind = VerdictKind.INCOMPLETE
            self.notes.append("the game stops before it ends, and no result says why")
        else:
            kind = VerdictKind.LEGAL
        records = game.records if self.trace else []
        return Verdict(
            self.log.path,
            kind,
            violations,
            self.notes,
            records,
            winner_of(game.outcome),
            len(self.log.entries),
            len(self.log.entries) - len(self.unjudged),
            None if self.hashes is None else dict(sorted(self.hashes.items())),
            self.unjudged_text() if self.unjudged else None,
        )


def nearest_of_each_kind(places: list[Place]) -> list[Place]:
    """``places`` (nearest to an entry first) with at most two of each kind of decision of each turn, the nearest:
    what one choice more changes at a decision (a card played, two positions exchanged), the same choice at its
    last chance changes alike, unless an entry in between depends on it (a card played onto the position); then
    the chance before that entry.  The first of each kind come first."""
    seen: Counter[tuple[str, str, int]] = Counter()
    first: list[Place] = []
    second: list[Place] = []
    for place in places:
        kind = (place.kind, place.player, place.turn)
        seen[kind] += 1
        if seen[kind] == 1:
            first.append(place)
        elif seen[kind] == 2:
            second.append(place)
    return first + second


def flow_entry(data: dict[str, Any]) -> str:
    """An entry as a one-line YAML flow mapping (``{p: P1, do: play, card: AL-01}``), as a message quotes it."""
    return str(yaml.safe_dump(data, default_flow_style=True, width=10**6, sort_keys=False)).strip()


def resolves(data: dict[str, Any], decision: Decision) -> bool:
    """Whether a ``resolve`` entry answers this ability's own decision (same ability, same card)."""
    if decision.ability is None:
        return False
    named = str(data.get("ability", decision.ability)) == decision.ability
    return named and str(data.get("source", decision.source)) == str(decision.source)


def verify_log(
    log: GameLog,
    clause_exists: ClauseCheck | None = None,
    trace: bool = True,
    hashes: bool = False,
    taken: Callable[[LogEntry], None] | None = None,
) -> Verdict:
    """Replay a parsed log and return its verdict, with the trace in ``records`` unless ``trace`` is False, and
    with ``hashes``, the state hash after each entry (``Verdict.hashes``): only then are they computed.
    ``taken``, when given, is told of each entry as the replay takes it (``judge.progress``).

    A log whose game cannot start (an impossible position, a bad card record) is malformed.
    Without the trace (``judge verify`` prints none), the game makes no records (see
    ``Replay``), and it is freed by reference counting as the verdict is made, instead of being
    kept and walked by the collector.
    """
    key = str(log.header.get("game"))
    if key not in games.available():
        return Verdict(
            log.path,
            VerdictKind.INCOMPLETE,
            notes=[f"the {key} engine is not available yet"],
            entries=len(log.entries),
            judged=0,
        )
    with collector.paused():  # setting up and replaying make no garbage for the collector to look for
        return _replayed(log, games.get(key), clause_exists, trace, hashes, taken)


def _replayed(
    log: GameLog,
    support: GameSupport,
    clause_exists: ClauseCheck | None,
    trace: bool,
    hashes: bool,
    taken: Callable[[LogEntry], None] | None = None,
) -> Verdict:
    """The verdict of one replay; everything else it made is dropped when this returns."""
    try:
        check_verbs(log, support)
        game = support.build(log)
    except LogFormatError as error:
        return malformed(error)
    replay = Replay(log, game, support, clause_exists, trace, hashes)
    replay.on_taken = taken
    replay.run()
    verdict = replay.verdict()
    replay.game.close()  # the game it went on with: another, if it went back (``Replay.rewound``)
    return verdict


def check_verbs(log: GameLog, support: GameSupport) -> None:
    """Every entry's verb must be one of its game's: an unknown verb makes the log malformed, located."""
    verbs = {*support.choice_verbs, *support.forced_verbs}
    for entry in log.entries:
        verb = entry.data["do"]
        if verb not in verbs:
            known = ", ".join(sorted(verbs))
            raise LogFormatError(
                log.path,
                f"entry {entry.index}: {verb!r} is not a verb of {support.title} logs ({known})",
                line=entry.line,
                column=entry.column,
            )


def verify_path(
    path: str, clause_exists: ClauseCheck | None = None, trace: bool = True, hashes: bool = False
) -> Verdict:
    """Load and verify one log file (``verify_log``)."""
    try:
        log = load_log(path)
    except LogFormatError as error:
        return malformed(error)
    return verify_log(log, clause_exists, trace, hashes)


def malformed(error: LogFormatError) -> Verdict:
    return Verdict(
        error.path, VerdictKind.MALFORMED, [Violation(None, error.line, (), str(error), column=error.column)]
    )
