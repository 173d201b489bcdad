"""Replaying a log through the engine: the judge's half of the conversation.

The engine runs the game and stops at decisions, reveals and checkpoints (see
``engine.core.protocol``).  The replay answers from the log:

* a ``Decision`` takes the next entry when it is one of the choices that point
  can take; an illegal one is a violation (located, with the clause that forbids
  it and the legal options), and the replay goes on from the same point.  An
  entry that can only belong to a later point passes this one (an implied pass,
  shown in the trace with its clause); a point that cannot be passed and that
  the log does not address is a violation.
* a ``Reveal`` takes the next entry when it is the matching forced event
  (``draw``, ``trigger``, ``damage``, ``refresh``, ``refresh_point``); what the
  entry states must be what the rules make happen.
* a ``Checkpoint`` is when the last entry's ``expect`` is checked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, Final

from engine.core.game import Procedure
from engine.core.protocol import Checkpoint, Choice, Decision, EngineLimitReached, RecordKind, Reveal
from engine.games.ws.game import WeissSchwarz
from engine.games.ws.state import POSITIONS, ZONES
from judge import collector
from judge.logfile import GameLog, LogEntry, LogFormatError, load_log
from judge.verdict import Verdict, VerdictKind, Violation, winner_of
from judge.ws_log import CHOICE_VERBS, FORCED_VERBS, answer_of, choice_of, declared_operations, game_of

ClauseCheck = Callable[[str], bool]
FORCED_CLAUSES: Final = {"trigger": ("ws:7.3.1.2",), "refresh_point": ("ws:9.9.1",)}
"""The clause that says how many cards a one-card forced event reveals."""
IMPLIED_TURN_SPAN: Final = 1
"""How many turn boundaries implied passes may cross looking for an entry's point."""


class Replay:
    """One log replayed through its game, collecting violations and notes."""

    def __init__(
        self, log: GameLog, game: WeissSchwarz, clause_exists: ClauseCheck | None = None, trace: bool = True
    ) -> None:
        """``trace`` False: no one will read the trace, so the game keeps none, unless an entry has an
        ``expect`` (a failed one cites the clauses the rules applied for its entry)."""
        self.log = log
        self.game = game
        self.trace = trace
        game.keeps_trace = trace or any("expect" in entry.data for entry in log.entries)
        self.clause_exists = clause_exists
        self.position = 0
        self.violations: list[Violation] = []
        self.notes: list[str] = []
        self.applying: list[LogEntry] = []
        """Entries being applied, outermost first (a refresh entry inside a damage entry);
        records made meanwhile point at the innermost."""
        self.open: dict[Decision | Reveal, tuple[LogEntry, Any, bool]] = {}
        """request -> the entry that answered it, the answer given, and whether the entry is
        done when the request is (a mulligan's draw is not).  Requests compare by identity."""
        self.attributed = 0
        self.stopped = False
        self.on_applied: Callable[[LogEntry], None] | None = None
        """Called when an entry has been applied (the stepper takes its picture of the board then)."""
        self.on_taken: Callable[[LogEntry], None] | None = None
        """Called with each entry as the replay takes it, before anything of it is applied."""

    # -- helpers ---------------------------------------------------------------

    def peek(self) -> LogEntry | None:
        return self.log.entries[self.position] if self.position < len(self.log.entries) else None

    @property
    def current(self) -> LogEntry | None:
        """The innermost entry being applied."""
        return self.applying[-1] if self.applying else None

    def consume(self) -> LogEntry:
        entry = self.log.entries[self.position]
        if self.on_taken is not None:
            self.on_taken(entry)
        self.position += 1
        self.attribute()
        turn = entry.data.get("turn")
        if isinstance(turn, int) and turn != self.game.turn:
            self.violate(entry, ("ws:6.1.1",), f"the entry says turn {turn}; the replay is in turn {self.game.turn}")
        return entry

    def attribute(self) -> None:
        """Point the records made since the last entry at that entry."""
        records = self.game.records
        current = self.current
        if current is not None:
            for position in range(self.attributed, len(records)):
                if records[position].entry is None:
                    records[position].entry = current.index
        self.attributed = len(records)

    def violate(
        self, entry: LogEntry | None, clauses: tuple[str, ...], message: str, options: tuple[str, ...] = ()
    ) -> None:
        line = entry.line if entry is not None else self.log.header_lines.get("players")
        self.violations.append(Violation(entry.index if entry else None, line, clauses, message, options))

    def note(self, message: str) -> None:
        self.notes.append(message)

    def answering(self, entry: LogEntry, request: Decision | Reveal, answer: Any) -> None:
        """``entry`` answers ``request``: it is being applied until the request's checkpoint."""
        self.open[request] = (entry, answer, True)
        self.applying.append(entry)

    def imply(self, decision: Decision, choice: Choice, why: str) -> None:
        self.attribute()
        self.game.record(
            RecordKind.TIMING,
            decision.player,
            f"implied: {decision.player} {choice.describe()} ({why})",
            decision.clauses,
            implied=True,
        )

    # -- the loop --------------------------------------------------------------

    def run(self) -> None:
        game = self.game
        for problem in game.setup_problems:
            self.violate(None, problem.clauses, problem.message)
        procedure: Procedure = game.run()
        answer: Any = None
        implied_since: tuple[int, int] | None = None
        try:
            request = next(procedure)
            while True:
                if isinstance(request, Checkpoint):
                    self.close(request)
                    request = procedure.send(None)
                elif isinstance(request, Reveal):
                    if self.peek() is None and not self.applying:
                        break  # the log ends here: nothing hidden is revealed past its last entry
                    request = self.answer_reveal(request, procedure)
                else:
                    result = self.decide(request)
                    if result is None:
                        break
                    answer, implied = result
                    if implied:
                        entry = self.peek()
                        if implied_since is None or implied_since[0] != self.position:
                            implied_since = (self.position, game.turn)
                        elif entry is not None and game.turn > implied_since[1] + IMPLIED_TURN_SPAN:
                            self.violate(entry, (), f"{entry.data.get('do')!r} fits no point of this turn or the next")
                            self.position += 1
                            implied_since = None
                    else:
                        implied_since = None
                    game.fresh_budget()
                    request = procedure.send(answer)
        except StopIteration:
            pass
        except EngineLimitReached as error:
            self.violate(self.current, game.loop_clauses, str(error))
            self.stopped = True
        self.attribute()
        self.finish()

    def decide(self, decision: Decision) -> tuple[Choice, bool] | None:
        """The answer to a decision, and whether it was implied; None to stop."""
        game = self.game
        while True:
            if decision.answered_by is not None and (
                "resolve" not in decision.verbs
                or (self.current is not None and decision.answered_by in self.current.data)
            ):
                stated = answer_of(decision, self.current.data if self.current is not None else {})
                if stated is not None:
                    refusal = game.check(decision, stated)
                    if refusal is None:
                        return game.concrete(decision, stated), False
                    self.violate(
                        self.current,
                        refusal.clauses,
                        refusal.message,
                        tuple(option.describe() for option in decision.options),
                    )
                return decision.default or decision.options[-1], True
            if decision.kind == "standby":
                return self.standby_order(decision)
            entry = self.peek()
            if entry is None:
                return None
            verb = str(entry.data["do"])
            player = entry.data.get("p")
            if verb == "concede":
                self.consume()
                game.concede(str(player or decision.player))
                return None
            if verb == "effect" and decision.kind == "main":
                self.consume()
                try:
                    operations = declared_operations(entry.data)
                except (ValueError, TypeError) as error:
                    self.violate(entry, ("ws:8.6",), f"effect: {error}")
                    continue
                self.answering(entry, decision, None)
                return Choice("effect", card=str(entry.data.get("source", "?")), target=tuple(operations)), False
            if verb == "effect":
                self.consume()
                self.declared_effect(entry, str(player or decision.player))
                continue
            if verb not in CHOICE_VERBS and verb not in FORCED_VERBS:
                self.consume()
                self.violate(entry, (), f"unknown verb {verb!r}")
                continue
            belongs_here = (
                verb in decision.verbs
                or (verb == "pass" and decision.default == Choice("pass"))
                or (verb == "resolve" and resolves(entry.data, decision))
            )
            if belongs_here and (player is None or player == decision.player):
                self.consume()
                try:
                    choice = choice_of(entry.data, decision)
                except (TypeError, ValueError) as error:
                    self.violate(entry, decision.clauses, f"{verb}: {error}")
                    continue
                refusal = game.check(decision, choice)
                if refusal is not None:
                    self.violate(
                        entry,
                        refusal.clauses,
                        f"{decision.player}: {refusal.message}",
                        tuple(option.describe() for option in decision.options[:20]),
                    )
                    continue
                self.check_rule(entry)
                self.answering(entry, decision, None)
                return game.concrete(decision, choice), False
            about = entry.data.get("to", player) if verb == "damage" else player
            if decision.default is not None and game.reachable(decision, verb, str(about or decision.player)):
                self.imply(decision, decision.default, "the log moves on")
                return decision.default, True
            if decision.default is not None:
                self.consume()
                refusal = game.why_not_now(verb, str(about or decision.player))
                self.violate(
                    entry,
                    refusal.clauses or decision.clauses,
                    f"{verb!r} by {player or decision.player} is not possible now: {refusal.message}",
                    tuple(option.describe() for option in decision.options[:20]),
                )
                continue
            self.violate(
                entry,
                decision.clauses,
                f"the rules required {decision.player} to {decision.prompt} here; the log has {verb!r}",
                tuple(option.describe() for option in decision.options[:20]),
            )
            if not decision.options:
                self.stopped = True
                return None
            self.imply(decision, decision.options[0], "assumed, to go on")
            return decision.options[0], True

    def declared_effect(self, entry: LogEntry, player: str) -> None:
        """An ``effect`` entry: card text the engine does not model, applied as the log declares it."""
        try:
            operations = declared_operations(entry.data)
        except (ValueError, TypeError) as error:
            self.violate(entry, ("ws:8.6",), f"effect: {error}")
            return
        for problem in self.game.playing.apply_declared(player, str(entry.data.get("source", "?")), operations):
            self.violate(entry, problem.clauses, f"effect: {problem.message}")
        self.attribute()

    def standby_order(self, decision: Decision) -> tuple[Choice, bool]:
        """Which standby ability is played first: the one the next ``resolve`` entry names.

        A ``resolve`` entry that only names it (no ``pay`` or ``target``) is the
        order choice itself and is consumed; one that also answers the ability
        stays for the ability's own decision.  Without one, the first triggered.
        """
        entry = self.peek()
        if entry is not None and entry.data.get("do") == "resolve":
            for option in decision.options:
                names = option.card == str(entry.data.get("source"))
                if names and entry.data.get("ability", option.target) == option.target:
                    if not {"pay", "target"} & entry.data.keys():
                        self.consume()
                        self.answering(entry, decision, None)
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
        answer = None
        if reveal.purpose == "mulligan_draw" and self.current is not None and "draw" in self.current.data:
            answer = self._ids(self.current.data["draw"])
            self.open[reveal] = (self.current, answer, False)
        elif entry is not None:
            verb = str(entry.data["do"])
            who = entry.data.get("to", entry.data.get("p")) if verb == "damage" else entry.data.get("p")
            if verb in FORCED_VERBS and reveal.purpose in FORCED_VERBS[verb] and who in (None, reveal.player):
                self.consume()
                self.check_rule(entry)
                answer = self.answer_from(entry, verb)
                self.answering(entry, reveal, answer)
        return procedure.send(answer)

    def misplaced_before(self, reveal: Reveal) -> LogEntry | None:
        """The next entry, after reporting (and skipping) entries that fit neither here nor later."""
        while (entry := self.peek()) is not None:
            verb = str(entry.data["do"])
            player = entry.data.get("p")
            about = str(entry.data.get("to", player) if verb == "damage" else player or reveal.player)
            matches = verb in FORCED_VERBS and reveal.purpose in FORCED_VERBS[verb] and about == reveal.player
            if (
                matches
                or verb in ("effect", "concede", "resolve")
                or (verb not in CHOICE_VERBS and verb not in FORCED_VERBS)
            ):
                return entry
            if self.game.reachable_after_reveal(verb, about):
                return entry
            self.consume()
            refusal = self.game.why_not_now(verb, about)
            self.violate(entry, refusal.clauses, f"{verb!r} by {about} is not possible now: {refusal.message}")
        return None

    def close(self, checkpoint: Checkpoint) -> None:
        """A request has been applied: check what its entry claimed, and its ``expect``."""
        request = checkpoint.closes
        opened = self.open.pop(request, None)
        if opened is None:
            return
        entry, answer, owns = opened
        if self.game.declared_problems:
            for problem in self.game.declared_problems:
                self.violate(entry, problem.clauses, f"effect: {problem.message}")
            self.game.declared_problems.clear()
        expect = entry.data.get("expect") if owns else None
        if expect is not None:  # a failed expectation cites what the rules did while applying the entry
            records = self.game.records[self.attributed :]
            clauses = tuple(dict.fromkeys(c for record in records for c in record.clauses))
        self.attribute()
        if isinstance(request, Reveal):
            self.check_reveal(entry, request, answer)
        if not owns:
            return
        if self.applying[-1] is entry:
            self.applying.pop()
        else:
            del self.applying[next(i for i, applying in enumerate(self.applying) if applying is entry)]
        if expect is not None:
            for failure in expectation_failures(self.game, expect):
                self.violate(entry, clauses, f"expect: {failure}")
        if self.on_applied is not None:
            self.on_applied(entry)

    @staticmethod
    def _ids(value: Any) -> list[Any]:
        if value is None:
            return []
        return [str(item) if item is not None else None for item in (value if isinstance(value, list) else [value])]

    def answer_from(self, entry: LogEntry, verb: str) -> list[Any] | None:
        data = entry.data
        if verb in ("trigger", "refresh_point"):
            card = data.get("card")
            if isinstance(card, list | dict):
                self.violate(entry, FORCED_CLAUSES[verb], f"{verb} reveals one card; the entry names {card!r}")
                return None
            return self._ids(card)
        if verb == "refresh":
            return self._ids(data.get("order")) or None
        return self._ids(data.get("cards"))

    def check_reveal(self, entry: LogEntry, reveal: Reveal, answer: list[Any] | None) -> None:
        """What a forced entry states must be what the rules did."""
        for problem in reveal.problems:
            self.violate(entry, problem.clauses, problem.message)
        if answer is None:
            return
        verb = entry.data["do"]
        if verb == "draw" and len(answer) != reveal.count and reveal.purpose != "mulligan_draw":
            self.violate(
                entry,
                reveal.clauses,
                f"the rules make {reveal.player} draw {reveal.count} card(s) here; the log lists {len(answer)}",
            )
        if verb == "damage" and len(answer) < reveal.used:
            self.note(f"entry {entry.index}: the damage revealed {reveal.used} card(s); the log names {len(answer)}")

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
        self.close_open_entries()
        self.drop_steps_past_the_log()
        leftover = self.log.entries[self.position :]
        outcome = game.outcome
        winner = winner_of(outcome)
        if leftover and outcome is not None:
            self.violate(
                leftover[0],
                ("ws:1.2.1",),
                f"{len(leftover)} entries come after the end of the game ({outcome.reason})",
            )
        elif leftover and not self.stopped:
            self.violate(leftover[0], (), f"{len(leftover)} entries could not be placed")
        result = self.log.header.get("result")
        if isinstance(result, dict) and "winner" in result:
            claimed = result.get("winner")
            if outcome is not None and claimed != winner:
                self.violations.append(
                    Violation(
                        None,
                        self.log.header_lines.get("result"),
                        ("ws:1.2.1",),
                        f"the log claims {claimed!r} won; the replay ends with {winner!r} ({outcome.reason})",
                    )
                )
            elif outcome is None and claimed is not None:
                self.violations.append(
                    Violation(
                        None,
                        self.log.header_lines.get("result"),
                        ("ws:1.2.1",),
                        f"the log claims {claimed!r} won, but the game is not over at the end of the log",
                    )
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
        if self.violations:
            kind = VerdictKind.ILLEGAL
        elif game.unmodelled:
            kind = VerdictKind.INCOMPLETE
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
            self.log.path, kind, self.violations, self.notes, records, winner_of(game.outcome), len(self.log.entries)
        )


def resolves(data: dict[str, Any], decision: Decision) -> bool:
    """Whether a ``resolve`` entry answers this ability's own decision (same ability, same card)."""
    if decision.ability is None:
        return False
    named = str(data.get("ability", decision.ability)) == decision.ability
    return named and str(data.get("source", decision.source)) == str(decision.source)


def expectation_failures(game: WeissSchwarz, expect: Any) -> list[str]:
    """How the state differs from an ``expect`` mapping (empty when it holds)."""
    failures: list[str] = []
    if not isinstance(expect, dict):
        return [f"{expect!r} is not a mapping"]
    for key, wanted in expect.items():
        if key == "turn":
            if game.turn != wanted:
                failures.append(f"turn is {game.turn}, not {wanted}")
        elif key == "phase":
            if game.phase != wanted:
                failures.append(f"phase is {game.phase}, not {wanted}")
        elif key == "winner":
            winner = winner_of(game.outcome)
            if winner != wanted:
                failures.append(f"winner is {winner!r}, not {wanted!r}")
        elif key in game.player_states:
            failures.extend(_player_failures(game, str(key), wanted))
        else:
            failures.append(f"unknown expectation {key!r}")
    return failures


def _player_failures(game: WeissSchwarz, player: str, wanted: Any) -> list[str]:
    state = game.player_states[player]
    failures = []
    if not isinstance(wanted, dict):
        return [f"{player}: {wanted!r} is not a mapping of zones"]
    for zone, value in wanted.items():
        if zone == "stage":
            failures.extend(_stage_failures(game, player, value))
            continue
        if zone == "refresh_point":
            if state.refresh_point != value:
                failures.append(f"{player} refresh point is {state.refresh_point}, not {value}")
            continue
        if zone not in ZONES or ZONES[zone].positions:
            failures.append(f"{player}: unknown zone {zone!r}")
            continue
        cards = state.zone(zone)
        if isinstance(value, int) and not isinstance(value, bool):
            if len(cards) != value:
                failures.append(f"{player} {zone} has {len(cards)} card(s), not {value}")
        elif isinstance(value, list):
            actual = [card.identity or "?" for card in cards]
            wanted_list = [str(v) for v in value]
            if ZONES[zone].owner_orders:  # its owner may reorder it at will: any order is a legal state
                if Counter(actual) != Counter(wanted_list):
                    failures.append(f"{player} {zone} holds {sorted(actual)}, not {sorted(wanted_list)} (in any order)")
            elif actual != wanted_list:
                failures.append(f"{player} {zone} is {actual}, not {wanted_list}")
    return failures


def _stage_failures(game: WeissSchwarz, player: str, wanted: Any) -> list[str]:
    failures = []
    state = game.player_states[player]
    if not isinstance(wanted, dict):
        return [f"{player} stage: {wanted!r} is not a mapping of positions"]
    for raw, value in wanted.items():
        position = int(raw) if isinstance(raw, int) or (isinstance(raw, str) and raw.isdigit()) else raw
        if position not in POSITIONS:
            failures.append(f"{player} stage: {raw!r} is not a stage position (1-5)")
            continue
        card = state.character_at(position)
        if value is None:
            if card is not None:
                failures.append(f"{player} stage {position} holds {card.identity}, not nothing")
            continue
        if card is None:
            failures.append(f"{player} stage {position} is empty")
            continue
        spec = value if isinstance(value, dict) else {"card": value}
        actual = {
            "card": card.identity,
            "state": card.orientation,
            "power": game.characteristics.power(card),
            "soul": game.characteristics.soul(card),
        }
        for key, expected in spec.items():
            if key == "traits":
                traits = game.characteristics.traits(card)
                if not isinstance(expected, list) or traits != frozenset(map(str, expected)):
                    failures.append(f"{player} stage {position} traits are {sorted(traits)}, not {expected!r}")
            elif key in actual and actual[key] != expected:
                failures.append(f"{player} stage {position} {key} is {actual[key]!r}, not {expected!r}")
    return failures


def verify_log(log: GameLog, clause_exists: ClauseCheck | None = None, trace: bool = True) -> Verdict:
    """Replay a parsed log and return its verdict, with the trace in ``records`` unless ``trace`` is False.

    A log whose game cannot start (an impossible position, a bad card record) is malformed.
    Without the trace (``judge verify`` prints none), the game makes no records (see
    ``Replay``), and it is freed by reference counting as the verdict is made, instead of being
    kept and walked by the collector.
    """
    if log.header.get("game") != "ws":
        return Verdict(
            log.path,
            VerdictKind.INCOMPLETE,
            notes=[f"the {log.header.get('game')} engine is not available yet"],
            entries=len(log.entries),
        )
    with collector.paused():  # setting up and replaying make no garbage for the collector to look for
        return _replayed(log, clause_exists, trace)


def _replayed(log: GameLog, clause_exists: ClauseCheck | None, trace: bool) -> Verdict:
    """The verdict of one replay; everything else it made is dropped when this returns."""
    try:
        game = game_of(log)
    except LogFormatError as error:
        return malformed(error)
    replay = Replay(log, game, clause_exists, trace)
    replay.run()
    verdict = replay.verdict()
    game.close()
    return verdict


def verify_path(path: str, clause_exists: ClauseCheck | None = None, trace: bool = True) -> Verdict:
    """Load and verify one log file."""
    try:
        log = load_log(path)
    except LogFormatError as error:
        return malformed(error)
    return verify_log(log, clause_exists, trace)


def malformed(error: LogFormatError) -> Verdict:
    return Verdict(
        error.path, VerdictKind.MALFORMED, [Violation(None, error.line, (), str(error), column=error.column)]
    )
