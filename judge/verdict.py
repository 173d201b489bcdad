"""Verdicts on logs: legal, illegal, incomplete or malformed, with located violations.

The machine-readable form (``to_dict``) is the one the log format promises (``judge/site/log-format.rst``,
"Verdicts"):
``{"file", "verdict", "violations": [{"entry", "line", "clauses", "message"}],
"notes"}``, plus a violation's ``column`` and ``options`` when known and the
replay's trace when asked for.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from engine.core.game import Outcome
from engine.core.protocol import ActionRecord

DRAW = "draw"
"""How logs and verdicts write a game no one won (``result: {winner: draw}``)."""


class VerdictKind(enum.Enum):
    """The four verdicts of the log format."""

    LEGAL = "legal"
    """Replayed to its end; every check held."""
    ILLEGAL = "illegal"
    """At least one violation."""
    INCOMPLETE = "incomplete"
    """No violation, but the log could not be checked to its end (unmodelled card text,
    a hidden card the replay needed, a game from the opening that stops without a result)."""
    MALFORMED = "malformed"
    """Not a log of the format: a located parse, shape or position error."""


def winner_of(outcome: Outcome | None) -> str | None:
    """The winner as logs write it: a player id, ``draw``, or None while the game is on."""
    if outcome is None:
        return None
    return DRAW if outcome.is_draw else outcome.winner


EXIT_CODES = {VerdictKind.LEGAL: 0, VerdictKind.ILLEGAL: 1, VerdictKind.INCOMPLETE: 1, VerdictKind.MALFORMED: 2}
"""The exit status of ``judge verify``: the worst verdict's code."""


@dataclass(frozen=True, slots=True)
class Violation:
    """What the rules required and what the log did, located."""

    entry: int | None
    """0-based index into ``actions``; None for the header (deck lists, result)."""
    line: int | None
    clauses: tuple[str, ...]
    message: str
    options: tuple[str, ...] = ()
    """The legal options at that point, when the violation is a choice."""
    column: int | None = None
    """1-based, where the file's encoding has columns and the problem is known that precisely."""
    intended: str | None = None
    """What the player most likely did instead: the legal option under which the entries after it replay
    cleanly, as far as the replay looked ahead; None when no option does."""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "entry": self.entry,
            "line": self.line,
            "clauses": list(self.clauses),
            "message": self.message,
        }
        if self.column is not None:
            data["column"] = self.column
        if self.options:
            data["options"] = list(self.options)
        if self.intended is not None:
            data["intended"] = self.intended
        return data


@dataclass(slots=True)
class Verdict:
    """The result of checking one log."""

    file: str
    kind: VerdictKind
    violations: list[Violation] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    records: list[ActionRecord] = field(default_factory=list)
    winner: str | None = None
    entries: int = 0
    judged: int | None = None
    """How many entries the replay judged (applied, or reported): all of them (``entries``) unless it stopped
    before the log's end, which a note then says, naming the first entry not judged and why.  None for a log
    that was never replayed (malformed)."""
    hashes: dict[int, str] | None = None
    """Entry index -> the state hash after that entry (``engine.core.state_hash``), when they were asked for."""
    unjudged: str | None = None
    """Where the replay stopped before the log's end, and why (the entries from there on are not judged)."""

    @property
    def exit_code(self) -> int:
        return EXIT_CODES[self.kind]

    def to_dict(self, trace: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "file": self.file,
            "verdict": self.kind.value,
            "violations": [violation.to_dict() for violation in self.violations],
            "notes": list(self.notes),
            "winner": self.winner,
            "entries": self.entries,
            "judged": self.entries if self.judged is None else self.judged,
        }
        if trace:
            data["trace"] = [record.to_dict() for record in self.records]
        if self.hashes is not None:
            data["hashes"] = [{"entry": entry, "hash": digest} for entry, digest in self.hashes.items()]
        return data
