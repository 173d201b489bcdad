"""Text reports: a verdict as a judge reads it, and the annotated trace of a replay."""

from __future__ import annotations

from engine.core.protocol import ActionRecord, RecordKind
from judge.logfile import GameLog
from judge.verdict import Verdict, VerdictKind, Violation
from rules_index.documents import DOCUMENTS_BY_KEY

KIND_MARKS = {
    RecordKind.CHOICE: "choice",
    RecordKind.FORCED: "forced",
    RecordKind.RULE_ACTION: "rule",
    RecordKind.TIMING: "timing",
    RecordKind.ABILITY: "ability",
    RecordKind.UNMODELLED: "unmodelled",
}


LEGAL_SHOWN = 20
"""How many legal options a text verdict lists at a violation before saying how many more there are."""


def clause_text(clause_id: str) -> str:
    """A clause id as a reader finds it: a document numbered in the hyphen form shows that form beside the dotted
    id (``wl:7.1.4.1.1.2 [7-1-4-1-1-2]``), the others the id alone."""
    document, _, number = clause_id.partition(":")
    known = DOCUMENTS_BY_KEY.get(document)
    if known is None or not known.hyphen_aliases or not number[:1].isdigit():
        return clause_id
    return f"{clause_id} [{number.replace('.', '-')}]"


def clauses_text(clauses: tuple[str, ...]) -> str:
    return " ".join(clause_text(clause) for clause in clauses)


def where(violation: Violation) -> str:
    """Where in its file a violation is: ``entry 3, line 52``, ``line 4, column 1``; empty when not known."""
    parts = []
    if violation.entry is not None:
        parts.append(f"entry {violation.entry}")
    if violation.line is not None:
        parts.append(f"line {violation.line}")
        if violation.column is not None:
            parts.append(f"column {violation.column}")
    return ", ".join(parts)


def located(verdict: Verdict, violation: Violation | None = None) -> str:
    """A violation of ``verdict`` (its first by default) as one line that stands alone, its location once, in
    the ``file:line:column`` form editors and terminals follow: ``bad/verb.yaml:266:3: message``.  A malformed
    verdict's message is already so (the reader's error names its place); it is kept as it is."""
    violation = violation or verdict.violations[0]
    if violation.message.startswith(f"{verdict.file}:"):
        return violation.message
    place = verdict.file
    if violation.line is not None:
        place += f":{violation.line}" + (f":{violation.column}" if violation.column is not None else "")
    return f"{place}: {violation.message}"


def verdict_text(verdict: Verdict) -> str:
    """A verdict with every violation located and explained: a violation by its entry and line, a file that
    is no log by ``file:line:column`` (``located``), each location once."""
    head = f"{verdict.file}: {verdict.kind.value}"
    if verdict.winner is not None:
        head += f" (winner: {verdict.winner})"
    lines = [head]
    for violation in verdict.violations:
        if verdict.kind is VerdictKind.MALFORMED:  # the file is in the head line: without a line, it is all
            shown = located(verdict, violation)
            lines.append(f"  {shown.removeprefix(verdict.file + ': ') if violation.line is None else shown}")
            continue
        clauses = clauses_text(violation.clauses)
        lines.append(f"  {where(violation) or 'header'}: {clauses + ': ' if clauses else ''}{violation.message}")
        if violation.options:
            shown = ", ".join(violation.options[:LEGAL_SHOWN])
            more = len(violation.options) - LEGAL_SHOWN
            lines.append(
                f"    legal here: {shown}" + (f", and {more} more (all of them in --json)" if more > 0 else "")
            )
        if violation.intended is not None:
            lines.append(f"    most likely intended: {violation.intended}")
    for note in verdict.notes:
        lines.append(f"  note: {note}")
    return "\n".join(lines)


def trace_text(records: list[ActionRecord], log: GameLog | None, show_timing: bool = True) -> str:
    """The annotated trace: every step with its clauses and the log entry behind it."""
    lines_of = {entry.index: entry.line for entry in log.entries} if log is not None else {}
    out: list[str] = []
    heading = None
    for record in records:
        if record.kind is RecordKind.TIMING and not show_timing and not record.data.get("implied"):
            continue
        current = (record.turn, record.phase)
        if current != heading:
            heading = current
            out.append(f"-- turn {record.turn}, {record.phase} --")
        source = ""
        if record.entry is not None:
            line = lines_of.get(record.entry)
            source = f"  <- entry {record.entry}" + (f" (line {line})" if line is not None else "")
        clauses = clauses_text(record.clauses)
        out.append(f"  [{KIND_MARKS[record.kind]}] {record.message}  ({clauses}){source}")
    return "\n".join(out)
