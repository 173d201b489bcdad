"""``judge verify --follow``: a JSON Lines log judged entry by entry while it is being written.

The replay (``judge.replay.Replay``) runs once, over a log whose entries arrive as the game goes: the log's
``more`` (``GameLog.more``) reads the next lines when the replay needs an entry it does not have yet, and waits
for them.  So the replay is the same one ``judge verify`` runs on the whole file, and its look-ahead simply waits
for the entries it looks at; the violations are the batch verdict's, each reported at its own entry.

Before each wait, the follower prints what the replay has settled since the last wait, one line an entry, in the
order of the log: ``applied`` (with the passes the entry implied), ``violation`` (with its clauses), or ``pending``
for an entry read whose outcome waits for later ones, followed by its outcome once it is known.  An entry is
settled when the replay has taken it and finished applying it, the replay is not implying passes to reach the
next entry's point, and no look-ahead after a violation at it or before it is still running.  At the end of the
input (standard input closed; for a file, ``--idle`` seconds without growth, or the game's end) or at the result
line (``judge.logfile.is_result_row``), the follower prints the verdict and exits with ``judge verify``'s status.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from typing import IO, Any, Final

from engine.core.protocol import ActionRecord
from judge import collector, games
from judge.batch import clause_check
from judge.logfile import MAX_LOG_BYTES, GameLog, LogEntry, LogFormatError, parse_jsonl_entry, parse_log
from judge.replay import Replay, malformed
from judge.report import clauses_text, verdict_text
from judge.verdict import EXIT_CODES, Verdict, VerdictKind, Violation

IDLE_SECONDS: Final = 300.0
"""How long a followed file may go without growing before the follower takes it as ended."""
POLL_SECONDS: Final = 0.02
"""How often a followed file is looked at for new lines."""
STDIN: Final = "-"


class Feed:
    """The lines of a log as they are written: standard input until it is closed, or a file that grows.

    ``next_line`` gives the next complete line, without its newline, waiting for it; None at the end of the input.
    A last line without a newline is taken as it is when the input ends (``judge verify`` reads it so too).
    """

    def __init__(
        self,
        name: str,
        idle: float,
        stream: IO[bytes] | None = None,
        poll: float = POLL_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``stream``: read lines from it as standard input is read (``name`` names it), instead of file ``name``."""
        self.name = name
        self.streams = stream is not None or name == STDIN
        self.idle = idle
        self.poll = poll
        self.clock = clock
        self.read_bytes = 0
        self.ended = False
        self.pending = b""
        """For a file: what has been read of the line being written."""
        self.handle: IO[bytes]
        if stream is not None:
            self.handle = stream
        elif name == STDIN:
            self.handle = sys.stdin.buffer
        else:
            try:
                if os.path.isdir(name):
                    raise LogFormatError(name, "cannot read the log: it is a directory")
                self.handle = open(name, "rb")  # noqa: SIM115  # open as long as the game is followed
            except FileNotFoundError:
                raise LogFormatError(name, "no such file or folder") from None
            except OSError as error:
                raise LogFormatError(name, f"cannot read the log: {error.strerror or error}") from None

    def close(self) -> None:
        if not self.streams:
            self.handle.close()

    def next_line(self, now_only: bool = False) -> bytes | None:
        """The next line; ``now_only``: for a file, None unless one is there already (the game is over, and what
        was written after it is all there is)."""
        if self.ended:
            return None
        line = self.handle.readline() if self.streams else self._file_line(now_only)
        if line is None or line == b"":
            self.ended = True
            return None
        self.read_bytes += len(line)
        if self.read_bytes > MAX_LOG_BYTES:
            raise LogFormatError(
                self.name, f"the log is larger than the limit of {MAX_LOG_BYTES:,} bytes; refusing to read on"
            )
        return line[:-1] if line.endswith(b"\n") else line

    def _file_line(self, now_only: bool) -> bytes | None:
        """The next line of a growing file, polled for; at the end, what is left of a last line without newline."""
        grown = self.clock()
        while True:
            newline = self.pending.find(b"\n")
            if newline >= 0:
                line, self.pending = self.pending[: newline + 1], self.pending[newline + 1 :]
                return line
            chunk = self.handle.read()
            if chunk:
                self.pending += chunk
                grown = self.clock()
                continue
            if (now_only and not self.pending) or self.clock() - grown >= self.idle:
                line, self.pending = self.pending, b""
                return line or None
            time.sleep(self.poll)


class Follower:
    """Drives one replay over a log as it arrives and prints each entry's outcome as soon as it is settled."""

    def __init__(self, feed: Feed, as_json: bool, out: IO[str]) -> None:
        self.feed = feed
        self.as_json = as_json
        self.out = out
        self.path = "<stdin>" if feed.name == STDIN else feed.name
        self.log: GameLog | None = None
        self.replay: Replay | None = None
        self.line_number = 0
        self.reported = 0
        """Entries before this one have had their outcome printed."""
        self.announced = 0
        """Entries before this one have had a line printed (their outcome, or ``pending``)."""
        self.implied: dict[int, list[str]] = {}
        """Entry index -> the passes the replay implied to reach its point."""
        self.last_seq = -1
        """The number (``seq``) of the last step of the trace looked at for implied passes."""
        self.records: list[ActionRecord] | None = None
        """The trace they are looked for in."""
        self.verbs: set[str] = set()
        self.result_read = False
        """The result line has been read: the log ends there, and nothing after it is read."""

    # -- reading ---------------------------------------------------------------

    def text_of(self, raw: bytes) -> str:
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as error:
            bad = raw[error.start : error.end].hex(" ")
            column = len(raw[: error.start].decode("utf-8", "replace")) + 1
            raise LogFormatError(
                self.path,
                f"not UTF-8: byte(s) {bad} cannot be decoded ({error.reason})",
                self.line_number,
                column,
            ) from None

    def read_header(self) -> GameLog:
        raw = self.feed.next_line()
        self.line_number = 1
        if raw is None:
            raise LogFormatError(self.path, "the log is empty; line 1 must be the header object", 1)
        text = self.text_of(raw).removeprefix("\ufeff")
        try:
            log = parse_log(text, self.path, "jsonl")  # the header alone: a log of no entry yet
        except LogFormatError as error:
            if text.lstrip().startswith("{"):
                raise
            raise LogFormatError(
                self.path,
                f"--follow reads JSON Lines, a JSON object a line, and line 1 is no JSON object (a YAML log is "
                f"checked whole, without --follow): {error.message}",
                error.line,
                error.column,
            ) from None
        log.more = self.more
        return log

    def more(self, index: int | None) -> bool:
        """``GameLog.more``: print what is settled, then read until the entry ``index`` is there (None: to the end
        of the input)."""
        log = self.log
        assert log is not None
        self.report()
        while index is None or len(log.entries) <= index:
            if self.result_read:
                return index is None
            game_over = self.replay is not None and self.replay.game.outcome is not None
            raw = self.feed.next_line(now_only=index is None and game_over)
            if raw is None:
                return index is None
            self.line_number += 1
            text = self.text_of(raw)
            if not text or text.isspace():  # a blank line is no entry, as in a whole file
                continue
            entry = parse_jsonl_entry(text, log, self.line_number)
            if entry is None:  # the result line: the log's last
                self.result_read = True
                continue
            self.check_verb(entry)
            log.entries.append(entry)
        return True

    def check_verb(self, entry: LogEntry) -> None:
        verb = entry.data["do"]
        if verb not in self.verbs:
            known = ", ".join(sorted(self.verbs))
            title = self.replay.support.title if self.replay is not None else "these"
            raise LogFormatError(
                self.path, f"entry {entry.index}: {verb!r} is not a verb of {title} logs ({known})", entry.line
            )

    # -- reporting -------------------------------------------------------------

    def on_taken(self, entry: LogEntry) -> None:
        """The passes implied since the last entry taken were taken for this one: kept to print with it."""
        assert self.replay is not None
        records = self.replay.game.records
        if records is not self.records:  # the replay went back and goes on with another game (``Replay.adopt``)
            self.records = records
            attributed = (record.seq for record in reversed(records) if record.entry is not None)
            self.last_seq = next(attributed, -1)  # what came after the last entry applied is this entry's
        passes: list[str] = []
        for record in reversed(records):
            if record.seq <= self.last_seq:
                break
            if record.data.get("implied") and record.message.startswith("implied: "):
                passes.append(record.message.removeprefix("implied: "))
        if records:
            self.last_seq = max(self.last_seq, records[-1].seq)
        if passes:
            self.implied.setdefault(entry.index, []).extend(reversed(passes))

    def settled(self, index: int) -> bool:
        replay = self.replay
        assert replay is not None
        if index >= replay.position and index not in replay.early:
            return False
        if any(entry.index == index for entry in replay.applying):
            return False
        busy = replay.look_ahead.busy_from
        return busy is None or index < busy

    def report(self, final: bool = False) -> None:
        """Print the outcome of every entry settled since the last report, and ``pending`` for entries read whose
        outcome is not known yet.  ``final``: the replay is over; every entry it took is settled."""
        replay, log = self.replay, self.log
        if replay is None or log is None:
            return
        since = replay.implied_since
        if not final and since is not None and since[0] == replay.position:
            settling = False  # passes are being implied for the next entry: they may yet be taken back
        else:
            settling = True
        entries = log.entries
        while settling and self.reported < len(entries):
            index = self.reported
            if not (final or self.settled(index)):
                break
            violations = self.violations_at(index)
            taken = index < replay.position or index in replay.early
            if taken or violations:
                self.print_entry(entries[index], "violation" if violations else "applied", violations)
            self.reported += 1
        for index in range(max(self.announced, self.reported), len(entries)):
            self.print_entry(entries[index], "pending", [])
        self.announced = max(self.announced, len(entries))

    def violations_at(self, index: int) -> list[Violation]:
        replay = self.replay
        assert replay is not None
        undecided = replay.undecided
        return [
            violation
            for number, violation in enumerate(replay.violations)
            if violation.entry == index and number not in undecided
        ]

    def print_entry(self, entry: LogEntry, status: str, violations: list[Violation]) -> None:
        implied = self.implied.get(entry.index, []) if status != "pending" else []
        if self.as_json:
            shown: dict[str, Any] = {
                "entry": entry.index,
                "line": entry.line,
                "status": status,
                "implied": implied,
                "violations": [
                    {key: value for key, value in violation.to_dict().items() if key not in ("entry", "line")}
                    for violation in violations
                ],
            }
            text = json.dumps(shown, ensure_ascii=False)
        else:
            text = f"entry {entry.index} (line {entry.line}): {status}"
            if status == "pending":
                text += ", its outcome waits for later entries"
            if implied:
                text += f" (implied: {'; '.join(implied)})"
            parts = []
            for violation in violations:
                clauses = clauses_text(violation.clauses)
                parts.append(f"{clauses + ': ' if clauses else ''}{violation.message}")
            if parts:
                text += ": " + " | ".join(parts)
        self.write(text)

    def write(self, text: str) -> None:
        self.out.write(text.encode("utf-8", "backslashreplace").decode("utf-8") + "\n")
        self.out.flush()

    # -- the run ---------------------------------------------------------------

    def run(self) -> int:
        """Follow the log to its end; print the verdict; return the exit status of ``judge verify``."""
        try:
            verdict = self.verdict()
        except LogFormatError as error:
            self.report()
            verdict = malformed(error)
        finally:
            self.feed.close()
        self.write(json.dumps(verdict.to_dict(), ensure_ascii=False) if self.as_json else verdict_text(verdict))
        return EXIT_CODES[verdict.kind]

    def verdict(self) -> Verdict:
        self.log = log = self.read_header()
        key = str(log.header.get("game"))
        if key not in games.available():
            log.read_to_end()
            return Verdict(
                log.path,
                VerdictKind.INCOMPLETE,
                notes=[f"the {key} engine is not available yet"],
                entries=len(log.entries),
                judged=0,
            )
        support = games.get(key)
        self.verbs = {*support.choice_verbs, *support.forced_verbs}
        with collector.paused():
            game = support.build(log)
            self.replay = replay = Replay(log, game, support, clause_check(), trace=True)
            replay.on_taken = self.on_taken
            replay.run()
            verdict = replay.verdict()
            self.report(final=True)
            replay.game.close()
        return verdict


def follow(name: str, as_json: bool, idle: float = IDLE_SECONDS, out: IO[str] | None = None) -> int:
    """Follow the JSON Lines log ``name`` (``-``: standard input) as it is written; the exit status."""
    try:
        feed = Feed(name, idle)
    except LogFormatError as error:
        verdict = malformed(error)
        text = json.dumps(verdict.to_dict(), ensure_ascii=False) if as_json else verdict_text(verdict)
        (out or sys.stdout).write(text + "\n")
        return EXIT_CODES[verdict.kind]
    return Follower(feed, as_json, out or sys.stdout).run()
