"""Why not now: at one entry of a log, what its player could do there and why everything else was refused.

``judge why LOG --at N`` replays the log up to entry N, stops at the point that takes it (the decision or the
reveal the replay is at when it takes the entry, before anything of it is applied), and lists:

* every legal option of the player to act, grouped by verb (the decision's ``options``);
* for every other verb of the game, the clause that refuses it there and why (``Game.why_not_now``);
* with ``player``, the same for another player: at a point that is not theirs, every verb is refused.

Where the replay found the entry against the rules and could name the option most likely intended
(``Violation.intended``), the answer proposes the correction as ``judge verify --fix`` takes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

import yaml

from engine.core.protocol import Choice, Decision, Refusal, Reveal
from judge import games
from judge.games.support import GameSupport
from judge.logfile import GameLog, LogEntry
from judge.lookahead import INSERT, NO_ENTRY
from judge.replay import Replay, check_verbs, verify_log
from judge.verdict import Verdict, Violation

ALWAYS: Final = frozenset({"concede"})
"""Verbs a player may use at any point: neither listed as options nor refused."""
DECLARED: Final = "effect"
"""The verb of card text the engine does not play, which a log declares at a play timing that takes it."""


class WhyError(ValueError):
    """A question ``why`` cannot answer (an entry out of range, a player not of the log): located, for the user."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


@dataclass(frozen=True, slots=True)
class Why:
    """What the rules allowed and refused at one entry, for one player."""

    file: str
    entry: int
    line: int
    player: str
    """The player the answer is for."""
    acting: str
    """The player the point is for (who was to act)."""
    point: str
    """The point in words: the turn, the phase and what the player was to do."""
    legal: dict[str, list[str]]
    """Verb -> the options of that verb, each as the trace writes a choice; empty when the point is not the
    player's."""
    refused: dict[str, Refusal]
    """Verb -> why the rules refuse it here."""
    taken: str
    """The entry as written."""
    violations: list[Violation] = field(default_factory=list)
    """What the replay found against the rules at this entry."""
    fix: str | None = None
    """The correction most likely intended, as ``judge verify --fix`` takes it; None when there is none."""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "file": self.file,
            "entry": self.entry,
            "line": self.line,
            "player": self.player,
            "acting": self.acting,
            "point": self.point,
            "legal": {verb: list(options) for verb, options in self.legal.items()},
            "refused": {
                verb: {"clauses": list(refusal.clauses), "reason": refusal.message, "cause": refusal.cause}
                for verb, refusal in self.refused.items()
            },
            "violations": [violation.to_dict() for violation in self.violations],
        }
        if self.fix is not None:
            data["fix"] = self.fix
        return data

    def text(self) -> str:
        """The answer as a judge reads it: the point, the legal options, the refusals with their clauses."""
        lines = [f"{self.file}: entry {self.entry} (line {self.line}): {self.taken}", f"  point: {self.point}"]
        if self.legal:
            lines.append(f"  legal for {self.player}:")
            lines.extend(f"    {verb}: {'; '.join(options)}" for verb, options in self.legal.items())
        else:
            lines.append(f"  legal for {self.player}: nothing: the point is {self.acting}'s")
        if self.refused:
            lines.append(f"  refused for {self.player}:")
            for verb, refusal in self.refused.items():
                clauses = f" ({', '.join(refusal.clauses)})" if refusal.clauses else ""
                cause = f" [cause: {refusal.cause}]" if refusal.cause else ""
                lines.append(f"    {verb}: {refusal.message}{clauses}{cause}")
        for violation in self.violations:
            lines.append(f"  violation: {', '.join(violation.clauses)}: {violation.message}")
            if violation.intended is not None:
                lines.append(f"    most likely intended: {violation.intended}")
        if self.fix is not None:
            lines.append(f"  correction: judge verify {self.file} --fix {self.fix}")
        return "\n".join(lines)


def flow(data: dict[str, Any]) -> str:
    """An entry as a one-line YAML flow mapping (``{p: P1, do: play, card: AL-01}``)."""
    return str(yaml.safe_dump(data, default_flow_style=True, width=10**6, sort_keys=False)).strip()


class _Reached(Exception):
    """The replay took the entry asked about: the answer is made, the replay goes no further."""


class PointReplay(Replay):
    """A replay that remembers the request it is answering, so that the point an entry is taken at is known."""

    meeting: Decision | Reveal | None = None

    def decide(self, decision: Decision) -> Any:
        self.meeting = decision
        return super().decide(decision)

    def answer_reveal(self, reveal: Reveal, procedure: Any) -> Any:
        self.meeting = reveal
        return super().answer_reveal(reveal, procedure)

    def copy(self) -> Replay:
        meeting, self.meeting = self.meeting, None  # a trial's copy needs no request of this one
        try:
            return super().copy()
        finally:
            self.meeting = meeting


@dataclass(slots=True)
class Point:
    """What the replay stood at when it took the entry: the game's answers, computed there."""

    acting: str
    point: str
    legal: dict[str, list[str]]
    refused: dict[str, Refusal]
    options: list[Choice]
    decision: Decision | None

    def to_dict(self, shown: int = 30) -> dict[str, Any]:
        """As data for a page: the point, the player to act, at most ``shown`` options a verb (and how many more),
        each refusal's reason and clauses."""
        legal = {
            verb: options[:shown] + ([f"... {len(options) - shown} more"] if len(options) > shown else [])
            for verb, options in self.legal.items()
        }
        refused = {
            verb: {"clauses": list(refusal.clauses), "reason": refusal.message}
            for verb, refusal in self.refused.items()
        }
        return {"point": self.point, "player": self.acting, "legal": legal, "refused": refused}


def verbs_of(support: GameSupport) -> list[str]:
    """Every verb of the game's logs, in a stable order: the choices, then the forced events."""
    return sorted(support.choice_verbs) + sorted(set(support.forced_verbs) - set(support.choice_verbs))


def point_at(log: GameLog, index: int, player: str | None = None) -> Point | None:
    """Replay ``log`` to entry ``index`` and say what the point that takes it allowed ``player`` (by default the
    player to act) and why it refused the rest; None when the replay never takes the entry (the game ended, or
    the entries before it could not be placed)."""
    return _points(log, {index}, player).get(index)


def points_of(log: GameLog) -> dict[int, Point]:
    """The point of every entry the replay takes, by entry index, in one replay (the stepper's pages show each)."""
    return _points(log, None, None)


def _points(log: GameLog, wanted: set[int] | None, player: str | None) -> dict[int, Point]:
    """The points of the entries in ``wanted`` (None: all), each as the replay stood when it took the entry; the
    replay stops once it has them all."""
    support = games.get(str(log.header.get("game")))
    check_verbs(log, support)
    game = support.build(log)
    replay = PointReplay(log, game, support, trace=False)
    found: dict[int, Point] = {}

    def on_taken(entry: LogEntry) -> None:
        if entry.index in found or replay.meeting is None or (wanted is not None and entry.index not in wanted):
            return
        found[entry.index] = describe_point(replay, support, replay.meeting, player)
        if wanted is not None and len(found) == len(wanted):
            raise _Reached

    replay.on_taken = on_taken
    try:
        replay.run()
    except _Reached:
        pass
    finally:
        replay.game.close()
    return found


def describe_point(replay: Replay, support: GameSupport, request: Decision | Reveal, player: str | None) -> Point:
    """The point ``request`` of the replay's game: what ``player`` may do there, and why the rest is refused."""
    game = replay.game
    snapshot = game.snapshot()
    where = f"turn {snapshot.get('turn')}, {snapshot.get('phase')} phase"
    acting = request.player
    asked = player or acting
    legal: dict[str, list[str]] = {}
    options: list[Choice] = []
    decision: Decision | None = None
    if isinstance(request, Decision):
        decision = request
        point = f"{where}: {acting} to {request.prompt or request.kind}"
        if asked == acting:
            options = list(request.options)
            for option in options:
                legal.setdefault(option.verb, []).append(option.describe())
            if request.default is not None and request.default.verb not in legal:
                legal[request.default.verb] = [request.default.describe()]
            if DECLARED in request.verbs and DECLARED not in legal:
                legal[DECLARED] = ["card text the engine does not play, as the log declares it"]
    else:
        point = f"{where}: the rules perform {request.purpose} for {acting} ({request.count} card(s))"
        if asked == acting:
            for verb, purposes in support.forced_verbs.items():
                if request.purpose in purposes:
                    legal[verb] = [f"{verb} ({request.purpose}, {request.count} card(s), by the rules)"]
    refused = {
        verb: game.why_not_now(verb, asked) for verb in verbs_of(support) if verb not in legal and verb not in ALWAYS
    }
    if decision is not None and asked == acting:  # a verb this point takes, with no option left: say so
        for verb in decision.verbs & refused.keys():
            refusal = refused[verb]
            refused[verb] = Refusal(
                refusal.clauses or decision.clauses,
                f"this point takes {verb}, but no {verb} is legal for {acting} now",
                refusal.cause,
            )
    return Point(acting, point, legal, refused, options, decision)


def why(log: GameLog, index: int, player: str | None = None) -> Why:
    """The answer ``judge why`` gives at entry ``index`` of ``log``, for ``player`` (by default the player to act).

    Raises ``WhyError`` for an entry out of range or a player not of the log; a log the replay cannot start
    raises the loader's ``LogFormatError``.
    """
    entries = log.entries
    if not entries:
        raise WhyError("the log has no entries to ask about", min(log.header_lines.values(), default=None))
    if not 0 <= index < len(entries):
        raise WhyError(f"entry {index} is out of range: the log's entries are 0 to {len(entries) - 1}")
    players = [str(record.get("id")) for record in log.players]
    if player is not None and player not in players:
        raise WhyError(f"player {player!r} is not a player of this log ({', '.join(players)})")
    entry = entries[index]
    found = point_at(log, index, player)
    verdict = verify_log(log, trace=False)
    if found is None:
        raise WhyError(f"entry {index} (line {entry.line}) is never reached: {never_reached(verdict)}", entry.line)
    violations = [violation for violation in verdict.violations if violation.entry == index]
    fix = proposed_fix(log, entry, violations, found)
    return Why(
        log.path,
        index,
        entry.line,
        player or found.acting,
        found.acting,
        found.point,
        found.legal,
        found.refused,
        flow(dict(entry.data)),
        violations,
        fix,
    )


def never_reached(verdict: Verdict) -> str:
    """Why the replay of a log never takes some of its entries, from its verdict: the game ended before them, or
    the replay stopped (the verdict's note says where and why)."""
    if verdict.unjudged is not None:
        return verdict.unjudged
    for violation in verdict.violations:
        if "after the end of the game" in violation.message:
            return f"the game ended before it: {violation.message}, from entry {violation.entry} on"
    return "the replay ends before it"


def proposed_fix(log: GameLog, entry: LogEntry, violations: list[Violation], found: Point) -> str | None:
    """The ``--fix`` argument that writes the option most likely intended in place of ``entry``, where a
    violation there names one and it is an option of the point that took the entry; None otherwise."""
    support = games.get(str(log.header.get("game")))
    for violation in violations:
        if violation.intended is None:
            continue
        if violation.intended.startswith(INSERT):  # an entry the log left out, written as it would be
            return f"{entry.index}+='{violation.intended.removeprefix(INSERT)}'"
        if violation.intended.startswith(NO_ENTRY):
            return f"{entry.index}=-"
        if found.decision is None:
            continue
        intended = violation.intended.partition(";")[0].strip()
        option = next((option for option in found.decision.options if option.describe() == intended), None)
        if option is None:
            continue
        try:
            data = support.entry_of(option, found.decision)
        except NotImplementedError:
            return None
        if "turn" in entry.data:
            data["turn"] = entry.data["turn"]
        return f"{entry.index}='{flow(data)}'"
    return None


PAGE_OPTIONS: Final = 8
"""How many options of a verb a page shows at each entry before saying how many more there are."""


def page_data(log: GameLog, shown: int = PAGE_OPTIONS) -> dict[str, Any]:
    """The answer ``judge why`` gives at every entry the replay takes, as data for a page of the whole game.

    ``entries`` maps each entry index (as text) to its line, the entry as written, the point, the player to act,
    the legal options by verb (at most ``shown`` a verb, then how many more) and the refusals, each an index into
    ``refusals``: a game refuses the same verbs for the same reasons at most of its entries, so each distinct
    refusal ``[verb, reason, clauses]`` is written once.
    """
    refusals: dict[tuple[str, str, tuple[str, ...]], int] = {}
    entries: dict[str, dict[str, Any]] = {}
    for index, found in points_of(log).items():
        data = found.to_dict(shown)
        refused = [
            refusals.setdefault((verb, refusal.message, tuple(refusal.clauses)), len(refusals))
            for verb, refusal in found.refused.items()
        ]
        entry = log.entries[index]
        entries[str(index)] = {
            "line": entry.line,
            "taken": flow(dict(entry.data)),
            "point": data["point"],
            "player": data["player"],
            "legal": data["legal"],
            "refused": refused,
        }
    return {"entries": entries, "refusals": [[verb, reason, list(clauses)] for verb, reason, clauses in refusals]}
