"""The file reports of a batch verification: ``judge verify --junit FILE`` and ``--html FILE``.

A batch may verify a whole event or a day of a platform's games, so both reports
are written the same way, with memory flat in the number of logs:

* the constructor reserves the output now (a temporary file beside the target),
  so a path that cannot be written fails with :class:`OSError` before any log is
  verified;
* :meth:`add` turns one verdict into its part of the report at once and appends
  it to an anonymous temporary file; only small aggregates stay in memory (the
  counts, the totals, the few slowest logs in a bounded heap);
* :meth:`close` writes the header (which needs the totals), copies the streamed
  body after it, adds the footer and moves the finished file over the target
  with :func:`os.replace`, so a reader never sees half a report;
* :meth:`discard` (an interrupted batch) removes every temporary file and leaves
  the target as it was.  Both classes are context managers: leaving the block
  normally closes, leaving it by an exception discards.

JUnit XML (:class:`JUnitReport`)
--------------------------------

One ``<testsuites>`` holding one ``<testsuite name="judge verify">`` with one
``<testcase>`` per log, in input order.  The testcase's ``name`` (and its
``file``) is the log's path as given; its ``classname`` is the log's folder
with ``/`` as ``.`` (dots inside a folder name become ``_``, so that readers
that split the class name into package and class keep a folder whole), or
``judge.verify`` for a log given without a folder: Jenkins groups the logs by
folder, GitLab and the GitHub reporters show the path.  ``time`` is the wall
time spent verifying the log, with three decimals.  The suite has no
``timestamp`` unless one is given, so that the same batch gives the same file.

How verdicts map, and why:

* ``legal``: a passing testcase.
* ``illegal``: one ``<failure>`` per violation.  ``message`` is the short
  form (where, which clauses, the start of the message; ``(violation 2 of 3)``
  when there are several, for readers that show only the first), ``type`` is
  the first clause cited (or ``violation``), and the text is the whole located
  violation: where, the clauses (in the form :func:`judge.report.clause_text`
  shows), the message, the legal options and what was most likely intended.
* ``incomplete``: a ``<failure type="incomplete">`` whose text gives the notes.
  It is not ``<skipped>``: ``judge verify`` exits with 1 for an incomplete log as
  for an illegal one, because the log was not shown to be legal, and a CI run
  must not turn green on a batch whose logs could not be checked.
* ``malformed``: one ``<error>`` per located problem (type ``malformed``): the
  file is not a log of the format, which is an error of the input rather than a
  failed check, exactly as ``judge verify`` exits with 2 for it.

The suite's ``failures`` and ``errors`` count testcases (logs), as ``tests``
does, not ``<failure>`` elements; ``skipped`` is always 0.  A log's notes go to
its ``<system-out>``.  Every text is escaped by :mod:`xml.etree.ElementTree`
after the characters XML 1.0 does not allow (control characters, lone
surrogates from undecodable file names, ``U+FFFE``/``U+FFFF``) are written as
visible escapes (``\\x01``, ``\\udc80``), so the file stays well-formed whatever
the logs hold.  ``tests/data/junit.xsd`` describes the format as CI systems
read it, and the tests validate the output against it.

HTML (:class:`HtmlReport`)
--------------------------

One self-contained page (inline style and script, no external resource, so it
works from ``file://`` and as a CI artifact): the title; the summary (logs, the
count of each verdict, violations, entries, time); the slowest logs; a table of
every log (number, file, verdict, entries, violations, seconds) that sorts by a
click on a column heading (numerically for the numeric columns); and, for each
log with violations or notes, a ``<details>`` block listing every violation
with its entry, line, column, clauses, message, the legal options and what was
most likely intended.  Verdicts are coloured (legal green, illegal red,
incomplete amber, malformed grey) and always written out too.  With a
``docs_url`` each clause links to the annotated rules site
(``{docs_url}/rules/ws/4.html#ws-4-10-1-2``, anchors by
:func:`judge.clause_anchors.anchor_for`); without one clauses are plain text.
"""

from __future__ import annotations

import errno
import heapq
import html
import math
import os
import re
import secrets
import shutil
import tempfile
import weakref
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from types import TracebackType
from typing import IO, Self
from urllib.parse import quote

from judge.clause_anchors import anchor_for, page_of
from judge.report import clause_text, clauses_text
from judge.verdict import Verdict, VerdictKind, Violation
from rules_index.documents import beginner_documents

__all__ = ["BatchTotals", "HtmlReport", "JUnitReport", "SlowLog", "classname_of", "clause_url", "located", "printable"]

SUITE_NAME = "judge verify"
ROOT_CLASSNAME = "judge.verify"
"""The classname of a log given without a folder."""
SHORT_MESSAGE = 160
"""The longest a ``message`` attribute's text part gets before it is cut with ``…``."""
SLOWEST = 10
UNNAMED = "(unnamed log)"
"""The testcase name of a verdict whose file is empty (JUnit readers need a name)."""

_NOT_PRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
"""What XML 1.0 forbids (C0 controls but tab and newlines, surrogates, U+FFFE and U+FFFF), with DEL and the C1
controls, which it only discourages and HTML reports as parse errors."""


def printable(text: str) -> str:
    """*text* with every character that XML 1.0 or HTML cannot carry written as a visible escape (``\\x01``)."""
    return _NOT_PRINTABLE.sub(_escape_character, text)


def _escape_character(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _seconds(seconds: float) -> float:
    """A log's time as reports show it: never negative, NaN or infinite."""
    return seconds if math.isfinite(seconds) and seconds > 0 else 0.0


def _cut(text: str, limit: int = SHORT_MESSAGE) -> str:
    first = text.strip().splitlines()[0] if text.strip() else ""
    return first if len(first) <= limit else first[: limit - 1].rstrip() + "…"


def _where(violation: Violation) -> str:
    """``entry 12, line 263, column 5``; ``header`` when the violation has no place."""
    parts = []
    if violation.entry is not None:
        parts.append(f"entry {violation.entry}")
    if violation.line is not None:
        parts.append(f"line {violation.line}")
    if violation.column is not None:
        parts.append(f"column {violation.column}")
    return ", ".join(parts) or "header"


def located(violation: Violation) -> str:
    """A violation in full, one fact a line: where, the clauses, the message, the legal options, the intent."""
    lines = [_where(violation)]
    if violation.clauses:
        lines.append(f"clauses: {clauses_text(violation.clauses)}")
    lines.append(violation.message)
    if violation.options:
        lines.append(f"legal here: {', '.join(violation.options)}")
    if violation.intended is not None:
        lines.append(f"most likely intended: {violation.intended}")
    return printable("\n".join(lines))


def clause_url(docs_url: str, clause_id: str) -> str | None:
    """The address of a clause on the annotated rules site at *docs_url*, or None when *clause_id* is not an id.

    ``ws:4.10.1.2`` → ``{docs_url}/rules/ws/4.html#ws-4-10-1-2``; ``vg:3.1.1#2`` →
    ``{docs_url}/rules/vg/3.html#vg-3-1-1-2nd``; a beginner sheet's clause is on the sheet's one page.
    """
    page = page_of(clause_id, beginner_documents())
    if page is None:
        return None
    return f"{docs_url.rstrip('/')}/{quote(page)}.html#{quote(anchor_for(clause_id))}"


# --------------------------------------------------------------------------- aggregates


@dataclass(frozen=True, slots=True)
class SlowLog:
    """One of the slowest logs: its time, its place in the input (0-based), its file and verdict."""

    seconds: float
    index: int
    file: str
    kind: VerdictKind


@dataclass(slots=True)
class BatchTotals:
    """What a report knows of the whole batch: counts and sums, and the slowest logs (a bounded heap)."""

    slowest_kept: int = SLOWEST
    logs: int = 0
    by_kind: dict[VerdictKind, int] = field(default_factory=lambda: dict.fromkeys(VerdictKind, 0))
    violations: int = 0
    entries: int = 0
    seconds: float = 0.0
    _heap: list[tuple[float, int, SlowLog]] = field(default_factory=list, repr=False)

    def add(self, verdict: Verdict, seconds: float) -> int:
        """Count *verdict*; returns its 0-based place in the batch."""
        index = self.logs
        self.logs += 1
        self.by_kind[verdict.kind] += 1
        self.violations += len(verdict.violations)
        self.entries += verdict.entries
        self.seconds += seconds
        if self.slowest_kept > 0:
            # On equal times the earlier log is kept: the heap's smallest (-index is largest) goes first.
            item = (seconds, -index, SlowLog(seconds, index, verdict.file, verdict.kind))
            if len(self._heap) < self.slowest_kept:
                heapq.heappush(self._heap, item)
            elif item[:2] > self._heap[0][:2]:
                heapq.heapreplace(self._heap, item)
        return index

    @property
    def failed(self) -> int:
        """Logs not shown legal that are logs of the format: illegal and incomplete (JUnit's failures)."""
        return self.by_kind[VerdictKind.ILLEGAL] + self.by_kind[VerdictKind.INCOMPLETE]

    def slowest(self) -> list[SlowLog]:
        """The slowest logs, slowest first; on equal times, in input order."""
        return sorted((item[2] for item in self._heap), key=lambda slow: (-slow.seconds, slow.index))


# --------------------------------------------------------------------------- writing a file atomically


def _reserve(path: str) -> tuple[int, str]:
    """Create a fresh temporary file beside *path* (so that ``os.replace`` onto it is atomic).

    Raises OSError now when the report could not be written: the folder is missing or
    read-only, *path* is a folder, or an existing *path* may not be written.
    """
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, "a report file cannot replace a folder", path)
    if os.path.exists(path) and not os.access(path, os.W_OK):
        raise PermissionError(errno.EACCES, "the report file may not be written", path)
    folder, name = os.path.split(os.path.abspath(path))
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        temporary = os.path.join(folder, f".{name}.{secrets.token_hex(6)}.tmp")
        try:
            # 0o666 under the umask: the report gets the permissions any new file would.
            return os.open(temporary, flags, 0o666), temporary
        except FileExistsError:
            continue


class _Temporaries:
    """The temporary files a report holds: the reserved output beside the target and the streamed parts.

    Shared with the report's finalizer, so that a report dropped without :meth:`~_StreamedReport.close`
    or :meth:`~_StreamedReport.discard` (an interrupted run) still leaves nothing behind.
    """

    def __init__(self, path: str) -> None:
        self.descriptor: int | None
        self.temporary: str | None
        self.descriptor, self.temporary = _reserve(path)
        self.parts: list[IO[str]] = []

    def release(self) -> None:
        """Close and remove everything still held; safe to call more than once."""
        for part in self.parts:
            part.close()
        self.parts.clear()
        descriptor, self.descriptor = self.descriptor, None
        if descriptor is not None:
            os.close(descriptor)
        temporary, self.temporary = self.temporary, None
        if temporary is not None:
            try:
                os.unlink(temporary)
            except FileNotFoundError:
                pass


class _StreamedReport:
    """A file report made of a header, streamed parts and a footer, written atomically at :meth:`close`."""

    parts_count = 1

    def __init__(self, path: str | os.PathLike[str], slowest: int = SLOWEST) -> None:
        self.path = os.fspath(path)
        self.totals = BatchTotals(slowest_kept=slowest)
        self._held = _Temporaries(self.path)
        self._finalizer = weakref.finalize(self, self._held.release)
        self._done = False
        try:
            for _ in range(self.parts_count):
                # Held open until close() or discard(), which the finalizer guarantees.
                part = tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n")  # noqa: SIM115
                self._held.parts.append(part)
        except BaseException:
            self.discard()
            raise

    @property
    def _parts(self) -> list[IO[str]]:
        return self._held.parts

    def add(self, verdict: Verdict, seconds: float) -> None:
        """Add one log's verdict and the seconds spent verifying it (logs in input order)."""
        if self._done:
            raise ValueError(f"the report {self.path} is already closed or discarded")
        seconds = _seconds(seconds)
        index = self.totals.add(verdict, seconds)
        self._write(index, verdict, seconds)

    def close(self) -> None:
        """Write the report to its path (atomically) and release the temporary files."""
        if self._done:
            return
        self._done = True
        held = self._held
        try:
            assert held.descriptor is not None and held.temporary is not None
            descriptor, held.descriptor = held.descriptor, None
            with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as out:
                for piece in self._pieces():
                    if isinstance(piece, str):
                        out.write(piece)
                    else:
                        piece.seek(0)
                        shutil.copyfileobj(piece, out)
                out.flush()
                os.fsync(out.fileno())
            os.replace(held.temporary, self.path)
            held.temporary = None
        finally:
            self._finalizer()

    def discard(self) -> None:
        """Drop the report: remove every temporary file and leave the path as it was."""
        self._done = True
        self._finalizer()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        if kind is None:
            self.close()
        else:
            self.discard()

    def _write(self, index: int, verdict: Verdict, seconds: float) -> None:
        raise NotImplementedError

    def _pieces(self) -> Iterable[str | IO[str]]:
        raise NotImplementedError


# --------------------------------------------------------------------------- JUnit XML


def classname_of(file: str) -> str:
    """The JUnit classname of a log: its folder with ``/`` as ``.``; ``judge.verify`` without a folder.

    ``logs/day 1/g.yaml`` → ``logs.day 1``; ``/data/v1.2/g.yaml`` → ``data.v1_2``; ``g.yaml`` → ``judge.verify``.
    """
    separators = "/" + (os.sep if os.sep != "/" else "") + (os.altsep or "")
    folder = re.split(f"[{re.escape(separators)}]", file)[:-1]
    parts = [part.replace(".", "_") for part in folder if part not in ("", ".", "..")]
    return printable(".".join(parts)) if parts else ROOT_CLASSNAME


def _element(tag: str, attributes: dict[str, str], text: str | None = None) -> ET.Element:
    element = ET.Element(tag, {name: printable(value) for name, value in attributes.items()})
    if text:
        element.text = printable(text)
    return element


class JUnitReport(_StreamedReport):
    """``judge verify --junit FILE``: a JUnit XML file, one testcase per log (see the module docstring)."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        suite_name: str = SUITE_NAME,
        timestamp: datetime | None = None,
    ) -> None:
        self.suite_name = suite_name
        self.timestamp = timestamp
        super().__init__(path, slowest=0)

    def _write(self, index: int, verdict: Verdict, seconds: float) -> None:
        name = verdict.file or UNNAMED
        case = _element(
            "testcase",
            {
                "name": name,
                "classname": classname_of(verdict.file),
                "file": name,
                "time": f"{seconds:.3f}",
            },
        )
        case.extend(self._outcomes(verdict))
        if verdict.notes:
            case.append(_element("system-out", {}, "\n".join(f"note: {note}" for note in verdict.notes)))
        ET.indent(case, space="  ", level=2)
        self._parts[0].write("    " + ET.tostring(case, encoding="unicode") + "\n")

    @staticmethod
    def _outcomes(verdict: Verdict) -> list[ET.Element]:
        if verdict.kind is VerdictKind.LEGAL:
            return []
        if verdict.kind is VerdictKind.MALFORMED:
            tag = "error"
            if not verdict.violations:
                return [_element(tag, {"message": "malformed log", "type": "malformed"}, "\n".join(verdict.notes))]
        else:
            tag = "failure"
        outcomes = []
        count = len(verdict.violations)
        for number, violation in enumerate(verdict.violations, 1):
            clauses = clauses_text(violation.clauses)
            if tag == "error" and violation.message.startswith(f"{verdict.file}:"):
                message = _cut(violation.message)  # the reader's message already says where: path:line:column
            else:
                message = f"{_where(violation)}: " + (f"{clauses}: " if clauses else "") + _cut(violation.message)
            if count > 1:
                message += f" ({'problem' if tag == 'error' else 'violation'} {number} of {count})"
            kind = "malformed" if tag == "error" else (violation.clauses[0] if violation.clauses else "violation")
            outcomes.append(_element(tag, {"message": message, "type": kind}, located(violation)))
        if verdict.kind is VerdictKind.INCOMPLETE:
            why = verdict.notes[0] if verdict.notes else "the log could not be checked to its end"
            text = "\n".join(verdict.notes) or why
            outcomes.append(_element("failure", {"message": f"incomplete: {_cut(why)}", "type": "incomplete"}, text))
        elif verdict.kind is VerdictKind.ILLEGAL and not outcomes:
            outcomes.append(_element("failure", {"message": "illegal", "type": "violation"}, "\n".join(verdict.notes)))
        return outcomes

    def _pieces(self) -> Iterable[str | IO[str]]:
        totals = self.totals
        counts = {
            "tests": str(totals.logs),
            "failures": str(totals.failed),
            "errors": str(totals.by_kind[VerdictKind.MALFORMED]),
            "skipped": "0",
            "time": f"{totals.seconds:.3f}",
        }
        suites = ET.tostring(_element("testsuites", {"name": self.suite_name, **counts}), encoding="unicode")
        suite_attributes = {"name": self.suite_name, **counts}
        if self.timestamp is not None:
            suite_attributes["timestamp"] = self.timestamp.isoformat(timespec="seconds")
        suite = ET.tostring(_element("testsuite", suite_attributes), encoding="unicode")
        yield '<?xml version="1.0" encoding="UTF-8"?>\n'
        yield suites.removesuffix(" />") + ">\n"
        yield "  " + suite.removesuffix(" />") + ">\n"
        yield self._parts[0]
        yield "  </testsuite>\n</testsuites>\n"


# --------------------------------------------------------------------------- HTML

NUMERIC_HEADING = ' class="num" data-type="number"'
KINDS = {kind.value: kind for kind in VerdictKind}
VERDICT_LABELS = {
    VerdictKind.LEGAL: "legal",
    VerdictKind.ILLEGAL: "illegal",
    VerdictKind.INCOMPLETE: "incomplete",
    VerdictKind.MALFORMED: "malformed",
}

STYLE = """\
:root { color-scheme: light dark; --legal: #1a7f37; --illegal: #cf222e; --incomplete: #9a6700;
  --malformed: #6e7781; --rule: #d0d7de; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 1.5rem auto; max-width: 80rem;
  padding: 0 1rem; }
h1 { font-size: 1.6rem; margin-bottom: .5rem; }
h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid var(--rule); }
table { border-collapse: collapse; }
th, td { padding: .2rem .6rem; border-bottom: 1px solid var(--rule); text-align: left; vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
table.summary th { font-weight: normal; }
table.summary td { font-weight: bold; }
th button { font: inherit; font-weight: bold; background: none; border: 0; padding: 0; cursor: pointer;
  color: inherit; }
th[aria-sort="ascending"] button::after { content: " \\25B2"; }
th[aria-sort="descending"] button::after { content: " \\25BC"; }
.verdict { font-weight: bold; border-radius: .3rem; padding: 0 .4rem; color: #fff; white-space: nowrap; }
.v-legal { background: var(--legal); }
.v-illegal { background: var(--illegal); }
.v-incomplete { background: var(--incomplete); }
.v-malformed { background: var(--malformed); }
.file { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; word-break: break-all; }
details.log { margin: .4rem 0; border-left: 4px solid var(--rule); padding-left: .6rem; }
details.log.k-illegal { border-color: var(--illegal); }
details.log.k-incomplete { border-color: var(--incomplete); }
details.log.k-malformed { border-color: var(--malformed); }
details.log summary { cursor: pointer; }
ol.violations > li { margin: .5rem 0; }
.where { font-weight: bold; }
.clauses a, .clauses span { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; margin-right: .5rem; }
.message { white-space: pre-wrap; }
.options, .intended, .notes { margin: .2rem 0; }
"""

SCRIPT = """\
(function () {
  "use strict";
  function key(row, column, numeric) {
    var cell = row.cells[column];
    var value = cell.getAttribute("data-sort");
    if (value === null) { value = cell.textContent; }
    if (numeric) { var number = parseFloat(value); return isNaN(number) ? -Infinity : number; }
    return value.toLowerCase();
  }
  function sortBy(heading) {
    var table = heading.closest("table");
    var body = table.tBodies[0];
    var column = heading.cellIndex;
    var numeric = heading.getAttribute("data-type") === "number";
    var descending = heading.getAttribute("aria-sort") === "ascending";
    var rows = Array.prototype.map.call(body.rows, function (row, position) {
      return { row: row, key: key(row, column, numeric), position: position };
    });
    rows.sort(function (a, b) {
      var order = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
      if (descending) { order = -order; }
      return order || a.position - b.position;
    });
    var fragment = document.createDocumentFragment();
    rows.forEach(function (item) { fragment.appendChild(item.row); });
    body.appendChild(fragment);
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) { cell.removeAttribute("aria-sort"); });
    heading.setAttribute("aria-sort", descending ? "descending" : "ascending");
  }
  document.querySelectorAll("table.sortable thead th").forEach(function (heading) {
    var button = heading.querySelector("button");
    if (button) { button.addEventListener("click", function () { sortBy(heading); }); }
  });
  function openTarget() {
    var target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target && target.tagName === "DETAILS") { target.open = true; target.scrollIntoView(); }
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest('a[href^="#log-"]') : null;
    var target = link ? document.getElementById(link.getAttribute("href").slice(1)) : null;
    if (target && target.tagName === "DETAILS") { target.open = true; }
  });
  window.addEventListener("hashchange", openTarget);
  openTarget();
})();
"""


def _e(text: str) -> str:
    return html.escape(printable(text), quote=True)


def _verdict_badge(kind: VerdictKind) -> str:
    return f'<span class="verdict v-{kind.value}">{VERDICT_LABELS[kind]}</span>'


class HtmlReport(_StreamedReport):
    """``judge verify --html FILE``: one self-contained page with the summary, a sortable table and every violation."""

    parts_count = 2  # the table's rows; the logs' violations below it

    def __init__(
        self,
        path: str | os.PathLike[str],
        docs_url: str | None = None,
        title: str = SUITE_NAME,
        slowest: int = SLOWEST,
    ) -> None:
        self.docs_url = docs_url or None
        self.title = title
        self._detailed = 0
        super().__init__(path, slowest=slowest)

    def _clause(self, clause: str) -> str:
        url = clause_url(self.docs_url, clause) if self.docs_url else None
        if url is None:
            return f'<span class="clause">{_e(clause_text(clause))}</span>'
        return f'<a class="clause" href="{_e(url)}">{_e(clause_text(clause))}</a>'

    def _write(self, index: int, verdict: Verdict, seconds: float) -> None:
        anchor = f"log-{index + 1}"
        shown = bool(verdict.violations or verdict.notes)
        file = _e(verdict.file)
        file_cell = f'<a href="#{anchor}">{file}</a>' if shown else file
        self._parts[0].write(
            f'<tr class="k-{verdict.kind.value}">'
            f'<td class="num">{index + 1}</td>'
            f'<td class="file" data-sort="{file}">{file_cell}</td>'
            f"<td>{_verdict_badge(verdict.kind)}</td>"
            f'<td class="num">{verdict.entries}</td>'
            f'<td class="num">{len(verdict.violations)}</td>'
            f'<td class="num">{seconds:.3f}</td>'
            "</tr>\n"
        )
        if shown:
            self._detailed += 1
            self._parts[1].write(self._details(anchor, verdict))

    def _details(self, anchor: str, verdict: Verdict) -> str:
        count = len(verdict.violations)
        noun = "problem" if verdict.kind is VerdictKind.MALFORMED else "violation"
        summary = f"{count} {noun}{'s' if count != 1 else ''}" if count else "notes"
        out = [
            f'<details class="log k-{verdict.kind.value}" id="{anchor}">',
            f'<summary><span class="file">{_e(verdict.file)}</span> {_verdict_badge(verdict.kind)} {summary}</summary>',
        ]
        if verdict.violations:
            out.append('<ol class="violations">')
            for violation in verdict.violations:
                out.append("<li>")
                out.append(f'<div class="where">{_e(_where(violation))}</div>')
                if violation.clauses:
                    links = " ".join(self._clause(clause) for clause in violation.clauses)
                    out.append(f'<div class="clauses">{links}</div>')
                out.append(f'<div class="message">{_e(violation.message)}</div>')
                if violation.options:
                    out.append(f'<div class="options">legal here: {_e(", ".join(violation.options))}</div>')
                if violation.intended is not None:
                    out.append(f'<div class="intended">most likely intended: {_e(violation.intended)}</div>')
                out.append("</li>")
            out.append("</ol>")
        if verdict.notes:
            out.append('<ul class="notes">')
            out.extend(f"<li>note: {_e(note)}</li>" for note in verdict.notes)
            out.append("</ul>")
        out.append("</details>\n")
        return "\n".join(out)

    def _summary(self) -> str:
        totals = self.totals
        rows = [("logs", "logs", str(totals.logs))]
        rows += [(kind.value, VERDICT_LABELS[kind], str(totals.by_kind[kind])) for kind in VerdictKind]
        rows += [
            ("violations", "violations", str(totals.violations)),
            ("entries", "entries", str(totals.entries)),
            ("seconds", "seconds verifying (sum over logs)", f"{totals.seconds:.3f}"),
        ]
        cells = []
        for key, label, value in rows:
            head = _verdict_badge(KINDS[key]) if key in KINDS else _e(label)
            cells.append(f'<tr><th scope="row">{head}</th><td class="num" id="count-{key}">{value}</td></tr>')
        return '<table class="summary">\n' + "\n".join(cells) + "\n</table>\n"

    def _slowest(self) -> str:
        slowest = self.totals.slowest()
        if not slowest:
            return ""
        rows = "\n".join(
            f'<tr><td class="num">{slow.index + 1}</td><td class="file">{_e(slow.file)}</td>'
            f'<td>{_verdict_badge(slow.kind)}</td><td class="num">{slow.seconds:.3f}</td></tr>'
            for slow in slowest
        )
        return (
            f"<h2>The {len(slowest)} slowest logs</h2>\n"
            '<table class="slowest">\n<thead><tr><th class="num">#</th><th>file</th><th>verdict</th>'
            '<th class="num">seconds</th></tr></thead>\n'
            f"<tbody>\n{rows}\n</tbody>\n</table>\n"
        )

    def _pieces(self) -> Iterable[str | IO[str]]:
        title = _e(self.title)
        headings = [("#", True), ("file", False), ("verdict", False), ("entries", True)]
        headings += [("violations", True), ("seconds", True)]
        heads = "".join(
            f'<th scope="col"{NUMERIC_HEADING if numeric else ""}><button type="button">{name}</button></th>'
            for name, numeric in headings
        )
        yield (
            "<!DOCTYPE html>\n"
            '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n"
            f"<h1>{title}</h1>\n"
            "<h2>Summary</h2>\n"
            f"{self._summary()}"
            f"{self._slowest()}"
            "<h2>Logs</h2>\n"
            "<p>Click a column heading to sort by it; click again to reverse.</p>\n"
            f'<table class="logs sortable">\n<thead><tr>{heads}</tr></thead>\n<tbody>\n'
        )
        yield self._parts[0]
        yield "</tbody>\n</table>\n<h2>Violations and notes</h2>\n"
        if not self._detailed:
            yield "<p>No log has a violation or a note.</p>\n"
        yield self._parts[1]
        yield f"<script>\n{SCRIPT}</script>\n</body>\n</html>\n"
