"""judge.batch_reports: the JUnit XML and HTML files of a batch verification.

The verdicts are of every kind: built by hand (violations with and without a
place, options or intent; clauses of the three games, ``vg:3.1.1#2`` among
them; text with markup characters, ``]]>``, control characters, a lone
surrogate and emoji) and replayed from real logs (the bundled Weiss Schwarz
game, a copy with one lie put in, a copy cut short, a file that is no YAML).

The JUnit file must be well-formed and valid against ``tests/data/junit.xsd``
(a schema of the format as CI servers read it, checked here to refuse broken
documents, so that validating proves something); its counts, testcases and
failures must match the verdicts.  The HTML page must parse with balanced
tags, show every log and the counts, link the clauses to the rules site only
when given its address, and its sorting script must sort numbers as numbers.
Both files are reserved at construction (an unwritable path fails at once),
written atomically, and leave nothing behind when discarded.
"""

from __future__ import annotations

import gc
import json
import os
import shutil
import subprocess
import sys
import tracemalloc
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
import xmlschema

from judge import batch_reports
from judge.batch_reports import HtmlReport, JUnitReport, classname_of, clause_url, printable
from judge.clause_anchors import anchor_for, normalise_clause_id, page_of
from judge.replay import verify_path
from judge.report import clause_text
from judge.verdict import Verdict, VerdictKind, Violation

SCHEMA_PATH = Path(__file__).parent / "data" / "junit.xsd"
EXAMPLE = Path(batch_reports.__file__).parent / "examples" / "ws-game.yaml"
DOCS = "https://example.org/judge-docs/"
NASTY = 'a <b> & "c" ]]> \x01\x1b \udc80 \U0001f0cf \u00e9'
"""Markup characters, a CDATA end, control characters, a lone surrogate, an emoji and an accent."""


@pytest.fixture(scope="module")
def schema() -> xmlschema.XMLSchema10:
    return xmlschema.XMLSchema10(str(SCHEMA_PATH))


# --------------------------------------------------------------------------- verdicts


def handmade() -> list[Verdict]:
    """Verdicts of every kind, with every optional part of a violation present or absent."""
    return [
        Verdict("games/day1/legal.yaml", VerdictKind.LEGAL, winner="P1", entries=120),
        Verdict(
            "games/day1/illegal.yaml",
            VerdictKind.ILLEGAL,
            [
                Violation(
                    12,
                    40,
                    ("ws:4.10.1.2", "ws:6.5.1.2"),
                    "P1: YL-08 is not in P1's hand",
                    options=("play YL-01 pos 1", "pass"),
                    column=5,
                    intended="play YL-02 pos 1; the next 3 entries then replay cleanly",
                ),
                Violation(30, None, ("vg:3.1.1#2",), "the second 3.1.1"),
                Violation(None, None, ("wl:7.1.1.2",), "the deck list is too long"),
            ],
            winner="P2",
            entries=31,
        ),
        Verdict(
            "cut.yaml",
            VerdictKind.INCOMPLETE,
            notes=["the game stops before it ends, and no result says why", "card YL-99 has unmodelled text"],
            entries=14,
        ),
        Verdict(
            "/abs/v1.2/broken.json",
            VerdictKind.MALFORMED,
            [Violation(None, 3, (), "/abs/v1.2/broken.json:3:7: expected ',' or '}'", column=7)],
        ),
        Verdict(
            f"odd/{NASTY}.yaml",
            VerdictKind.ILLEGAL,
            [Violation(0, 2, ("ws:2.1",), f"message {NASTY}", options=(NASTY,), intended=NASTY)],
            notes=[f"note {NASTY}"],
            entries=3,
        ),
    ]


@dataclass
class RealLogs:
    legal: Verdict
    illegal: Verdict
    incomplete: Verdict
    malformed: Verdict

    def all(self) -> list[Verdict]:
        return [self.legal, self.illegal, self.incomplete, self.malformed]


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory) -> RealLogs:
    """The bundled game, and copies of it made illegal, cut short and broken."""
    folder = tmp_path_factory.mktemp("logs")
    text = EXAMPLE.read_text(encoding="utf-8")
    played = "- {p: P1, do: play, card: YL-02, pos: 1}"
    assert text.count(played) >= 1
    (folder / "illegal.yaml").write_text(text.replace(played, played.replace("YL-02", "YL-08"), 1), encoding="utf-8")
    lines = text.splitlines()
    cut = lines.index(played) + 1
    (folder / "incomplete.yaml").write_text(
        "\n".join(line for line in lines[:cut] if not line.startswith("result")) + "\n", encoding="utf-8"
    )
    (folder / "malformed.yaml").write_text("format: judge-log/1\ngame: ws\nactions: [\n", encoding="utf-8")
    logs = RealLogs(
        verify_path(str(EXAMPLE), trace=False),
        verify_path(str(folder / "illegal.yaml"), trace=False),
        verify_path(str(folder / "incomplete.yaml"), trace=False),
        verify_path(str(folder / "malformed.yaml"), trace=False),
    )
    assert [verdict.kind for verdict in logs.all()] == list(VerdictKind)
    assert logs.illegal.violations and logs.illegal.violations[0].clauses
    return logs


def every_verdict(real: RealLogs) -> list[Verdict]:
    return handmade() + real.all()


def write(report: JUnitReport | HtmlReport, verdicts: list[Verdict]) -> None:
    with report:
        for number, verdict in enumerate(verdicts):
            report.add(verdict, 0.25 * number)


# --------------------------------------------------------------------------- JUnit XML


def test_junit_file_is_valid_and_counts_the_verdicts(tmp_path: Path, schema: xmlschema.XMLSchema10, real: RealLogs):
    verdicts = every_verdict(real)
    path = tmp_path / "junit.xml"
    write(JUnitReport(path), verdicts)

    root = ET.parse(path).getroot()  # well-formed
    schema.validate(str(path))
    assert root.tag == "testsuites"
    suites = root.findall("testsuite")
    assert len(suites) == 1
    suite = suites[0]
    kinds = [verdict.kind for verdict in verdicts]
    expected = {
        "tests": str(len(verdicts)),
        "failures": str(kinds.count(VerdictKind.ILLEGAL) + kinds.count(VerdictKind.INCOMPLETE)),
        "errors": str(kinds.count(VerdictKind.MALFORMED)),
        "skipped": "0",
        "time": f"{sum(0.25 * number for number in range(len(verdicts))):.3f}",
    }
    for element in (root, suite):
        assert {name: element.get(name) for name in expected} == expected
    assert suite.get("name") == "judge verify"
    assert "timestamp" not in suite.attrib

    cases = suite.findall("testcase")
    assert [case.get("name") for case in cases] == [printable(verdict.file) for verdict in verdicts]
    for number, (case, verdict) in enumerate(zip(cases, verdicts, strict=True)):
        assert case.get("time") == f"{0.25 * number:.3f}"
        assert case.get("classname") == classname_of(verdict.file)
        failures, errors = case.findall("failure"), case.findall("error")
        if verdict.kind is VerdictKind.LEGAL:
            assert not failures and not errors
        elif verdict.kind is VerdictKind.ILLEGAL:
            assert len(failures) == len(verdict.violations) and not errors
            for failure, violation in zip(failures, verdict.violations, strict=True):
                assert failure.get("type") == (violation.clauses[0] if violation.clauses else "violation")
                body = failure.text or ""
                for clause in violation.clauses:
                    assert clause_text(clause) in body
                    assert clause in (failure.get("message") or "")
                assert printable(violation.message) in body
                if violation.entry is not None:
                    assert f"entry {violation.entry}" in body
                if violation.line is not None:
                    assert f"line {violation.line}" in body
                for option in violation.options:
                    assert printable(option) in body
                if violation.intended is not None:
                    assert f"most likely intended: {printable(violation.intended)}" in body
            if len(verdict.violations) > 1:
                assert failures[1].get("message", "").endswith(f"(violation 2 of {len(verdict.violations)})")
        elif verdict.kind is VerdictKind.INCOMPLETE:
            assert [failure.get("type") for failure in failures] == ["incomplete"] and not errors
            assert all(note in (failures[0].text or "") for note in verdict.notes)
        else:
            assert len(errors) == len(verdict.violations) and not failures
            assert errors[0].get("type") == "malformed"
            assert printable(verdict.violations[0].message) in (errors[0].text or "")
        out = case.find("system-out")
        if verdict.notes:
            assert out is not None and all(printable(note) in (out.text or "") for note in verdict.notes)
        else:
            assert out is None


def test_junit_keeps_nasty_text_well_formed_and_readable(tmp_path: Path, schema: xmlschema.XMLSchema10):
    path = tmp_path / "nasty.xml"
    write(JUnitReport(path), [handmade()[-1]])
    raw = path.read_bytes()
    raw.decode("utf-8")  # no lone surrogate made it into the file
    assert b"\x01" not in raw and b"\x1b" not in raw
    schema.validate(str(path))
    case = ET.parse(path).getroot().find("testsuite/testcase")
    assert case is not None
    # The markup characters, the CDATA end, the emoji and the accent come back as they were;
    # what XML cannot carry is written as a visible escape.
    shown = 'a <b> & "c" ]]> \\x01\\x1b \\udc80 \U0001f0cf \u00e9'
    assert case.get("name") == f"odd/{shown}.yaml"
    failure = case.find("failure")
    assert failure is not None
    assert f"message {shown}" in (failure.text or "")
    assert f"message {shown}" in (failure.get("message") or "")
    assert (case.findtext("system-out") or "") == f"note: note {shown}"


def test_junit_of_an_empty_batch_and_with_a_timestamp(tmp_path: Path, schema: xmlschema.XMLSchema10):
    from datetime import UTC, datetime

    empty = tmp_path / "empty.xml"
    JUnitReport(empty).close()
    schema.validate(str(empty))
    suite = ET.parse(empty).getroot().find("testsuite")
    assert suite is not None and suite.get("tests") == "0" and not list(suite)

    stamped = tmp_path / "stamped.xml"
    moment = datetime(2024, 5, 31, 12, 30, 5, tzinfo=UTC)
    write(JUnitReport(stamped, suite_name="event 42", timestamp=moment), handmade()[:1])
    schema.validate(str(stamped))
    suite = ET.parse(stamped).getroot().find("testsuite")
    assert suite is not None
    assert suite.get("timestamp") == "2024-05-31T12:30:05+00:00"
    assert suite.get("name") == "event 42"


def test_junit_output_is_deterministic(tmp_path: Path, real: RealLogs):
    first, second = tmp_path / "a.xml", tmp_path / "b.xml"
    write(JUnitReport(first), every_verdict(real))
    write(JUnitReport(second), every_verdict(real))
    assert first.read_bytes() == second.read_bytes()


def test_junit_times_are_never_negative_or_nan(tmp_path: Path, schema: xmlschema.XMLSchema10):
    path = tmp_path / "times.xml"
    with JUnitReport(path) as report:
        for seconds in (-1.0, float("nan"), float("inf"), 1.23456):
            report.add(handmade()[0], seconds)
    schema.validate(str(path))
    times = [case.get("time") for case in ET.parse(path).getroot().iter("testcase")]
    assert times == ["0.000", "0.000", "0.000", "1.235"]


@pytest.mark.parametrize(
    ("file", "classname"),
    [
        ("g.yaml", "judge.verify"),
        ("./g.yaml", "judge.verify"),
        ("logs/day 1/g.yaml", "logs.day 1"),
        ("/data/v1.2/g.yaml", "data.v1_2"),
        ("../up/g.yaml", "up"),
    ],
)
def test_classname_is_the_folder(file: str, classname: str) -> None:
    assert classname_of(file) == classname


VALID_CASE = '<testcase name="a.yaml" classname="judge.verify" time="0.100"/>'


@pytest.mark.parametrize(
    "body",
    [
        '<testsuites><testsuite name="s" tests="1"><testcase classname="x" time="1"/></testsuite></testsuites>',
        '<testsuites><testsuite name="s" tests="1" failures="-1">' + VALID_CASE + "</testsuite></testsuites>",
        '<testsuites><testsuite name="s" tests="1" time="1,5">' + VALID_CASE + "</testsuite></testsuites>",
        '<testsuites><testsuite name="s">' + VALID_CASE + "</testsuite></testsuites>",
        (
            '<testsuites><testsuite name="s" tests="1"><testcase name="a"><system-out>x</system-out>'
            '<failure message="m"/></testcase></testsuite></testsuites>'
        ),
        (
            '<testsuites><testsuite name="s" tests="1"><testcase name="a"><failure><b/></failure></testcase>'
            "</testsuite></testsuites>"
        ),
        '<testsuites><testsuite name="s" tests="1"><testcase name="a" colour="red"/></testsuite></testsuites>',
        '<testsuites><testsuite name="s" tests="1"><case name="a"/></testsuite></testsuites>',
        VALID_CASE,
    ],
    ids=[
        "testcase-without-name",
        "negative-count",
        "time-with-comma",
        "suite-without-tests",
        "output-before-failure",
        "markup-in-failure",
        "unknown-attribute",
        "unknown-element",
        "testcase-as-root",
    ],
)
def test_schema_refuses_broken_documents(schema: xmlschema.XMLSchema10, body: str) -> None:
    assert not schema.is_valid(body)


def test_schema_accepts_the_common_shapes(schema: xmlschema.XMLSchema10) -> None:
    suite = (
        '<testsuite name="s" tests="3" failures="1" errors="1" skipped="1" time="1.5"'
        ' timestamp="2024-01-01T10:00:00" hostname="h">'
        '<properties><property name="python" value="3.11"/></properties>'
        '<testcase name="a" classname="c" time="0.5" file="a.py" line="3"/>'
        '<testcase name="b" classname="c"><failure message="m" type="t">trace</failure>'
        "<failure>second</failure><system-out>out</system-out><system-err>err</system-err></testcase>"
        '<testcase name="c"><skipped message="later"/></testcase>'
        '<testcase name="d"><error type="E">boom</error></testcase>'
        "<system-out>suite output</system-out></testsuite>"
    )
    assert schema.is_valid(suite)
    assert schema.is_valid(f'<testsuites name="all" tests="3">{suite}</testsuites>')


# --------------------------------------------------------------------------- HTML

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})


@dataclass
class Page(HTMLParser):
    """The parts of the report page the tests look at, and a check that every tag is closed where it should be."""

    stack: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    tags: set[str] = field(default_factory=set)
    ids: dict[str, str] = field(default_factory=dict)
    links: list[tuple[str, str]] = field(default_factory=list)
    log_rows: list[list[tuple[str | None, str]]] = field(default_factory=list)
    headings: list[str | None] = field(default_factory=list)
    details: list[str] = field(default_factory=list)
    script: str = ""
    text: list[str] = field(default_factory=list)
    _id: str | None = None
    _link: str | None = None
    _link_text: str = ""
    _in_logs: bool = False
    _cell: tuple[str | None, list[str]] | None = None

    def __post_init__(self) -> None:
        super().__init__(convert_charrefs=True)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.tags.add(tag)
        if tag not in VOID:
            self.stack.append(tag)
        if attributes.get("id"):
            self._id = attributes["id"]
            self.ids[attributes["id"] or ""] = ""
        if tag == "table" and "logs" in (attributes.get("class") or "").split():
            self._in_logs = True
        if tag == "a" and "clause" in (attributes.get("class") or "").split():
            self._link, self._link_text = attributes.get("href"), ""
        if tag == "details":
            self.details.append(attributes.get("id") or "")
        if self._in_logs:
            if tag == "th":
                self.headings.append(attributes.get("data-type"))
            elif tag == "tr" and "tbody" in self.stack:
                self.log_rows.append([])
            elif tag == "td" and "tbody" in self.stack:
                self._cell = (attributes.get("data-sort"), [])

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()
        if tag == "a" and self._link is not None:
            self.links.append((self._link, self._link_text))
            self._link = None
        if tag == "td" and self._cell is not None:
            self.log_rows[-1].append((self._cell[0], "".join(self._cell[1])))
            self._cell = None
        if tag == "table":
            self._in_logs = False

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._id is not None and data.strip():
            self.ids[self._id] = data.strip()
            self._id = None
        if self._link is not None:
            self._link_text += data
        if self._cell is not None:
            self._cell[1].append(data)
        if self.stack and self.stack[-1] == "script":
            self.script += data


def parse_page(path: Path) -> Page:
    source = path.read_text(encoding="utf-8")
    page = Page()
    page.feed(source)
    page.close()
    assert not page.problems, page.problems
    assert not page.stack, f"unclosed: {page.stack}"
    return page


def test_html_page_shows_every_log_and_the_counts(tmp_path: Path, real: RealLogs):
    verdicts = every_verdict(real)
    path = tmp_path / "report.html"
    write(HtmlReport(path, title="Event <42>"), verdicts)
    raw = path.read_bytes()
    raw.decode("utf-8")
    assert b"\x01" not in raw
    page = parse_page(path)

    assert page.tags.isdisjoint({"link", "img", "iframe", "object", "embed"}), "no external resources"
    assert b"http://" not in raw and b"https://" not in raw and b" src=" not in raw
    text = "".join(page.text)
    assert "Event <42>" in text
    assert len(page.log_rows) == len(verdicts)
    assert [row[1][0] for row in page.log_rows] == [printable(verdict.file) for verdict in verdicts]
    assert [row[2][1] for row in page.log_rows] == [verdict.kind.value for verdict in verdicts]
    assert [row[3][1] for row in page.log_rows] == [str(verdict.entries) for verdict in verdicts]
    assert [row[4][1] for row in page.log_rows] == [str(len(verdict.violations)) for verdict in verdicts]
    assert page.headings == ["number", None, None, "number", "number", "number"]

    kinds = [verdict.kind for verdict in verdicts]
    assert page.ids["count-logs"] == str(len(verdicts))
    for kind in VerdictKind:
        assert page.ids[f"count-{kind.value}"] == str(kinds.count(kind))
    assert page.ids["count-violations"] == str(sum(len(verdict.violations) for verdict in verdicts))
    assert page.ids["count-entries"] == str(sum(verdict.entries for verdict in verdicts))
    assert page.ids["count-seconds"] == f"{sum(0.25 * number for number in range(len(verdicts))):.3f}"

    # A details block for each log with violations or notes; every violation's parts are shown.
    shown = [number + 1 for number, verdict in enumerate(verdicts) if verdict.violations or verdict.notes]
    assert page.details == [f"log-{number}" for number in shown]
    for verdict in verdicts:
        for violation in verdict.violations:
            assert printable(violation.message) in text
            if violation.intended is not None:
                assert f"most likely intended: {printable(violation.intended)}" in text
        for note in verdict.notes:
            assert printable(note) in text
    assert "wl:7.1.1.2 [7-1-1-2]" in text
    assert NASTY.replace("\x01\x1b", "\\x01\\x1b").replace("\udc80", "\\udc80") in text

    # Without the site's address, clauses are text, not links.
    assert page.links == []
    assert "https://" not in raw.decode("utf-8")


def test_html_links_clauses_to_the_rules_site(tmp_path: Path, real: RealLogs):
    path = tmp_path / "linked.html"
    write(HtmlReport(path, docs_url=DOCS), every_verdict(real))
    page = parse_page(path)
    links = {text: href for href, text in page.links}
    base = DOCS.rstrip("/")
    assert links["ws:4.10.1.2"] == f"{base}/rules/ws/4.html#ws-4-10-1-2"
    assert links["vg:3.1.1#2"] == f"{base}/rules/vg/3.html#vg-3-1-1-2nd"
    assert links["wl:7.1.1.2 [7-1-1-2]"] == f"{base}/rules/wl/7.html#wl-7-1-1-2"
    clause = real.illegal.violations[0].clauses[0]
    assert links[clause] == f"{base}/rules/{clause.split(':')[0]}/{clause.split(':')[1].split('.')[0]}.html#" + (
        anchor_for(clause)
    )
    cited = sum(len(violation.clauses) for verdict in every_verdict(real) for violation in verdict.violations)
    assert len(page.links) == cited


def test_html_lists_the_slowest_logs(tmp_path: Path):
    path = tmp_path / "slow.html"
    times = [3.0, 0.5, 9.0, 1.0, 9.0, 2.0, 7.5, 0.1, 4.0, 6.0, 5.0, 8.0, 0.2, 0.3]
    with HtmlReport(path) as report:
        for number, seconds in enumerate(times):
            report.add(Verdict(f"log{number}.yaml", VerdictKind.LEGAL), seconds)
        slowest = report.totals.slowest()
    assert len(slowest) == 10
    # Slowest first; on equal times the earlier log first.
    assert [slow.index for slow in slowest] == [2, 4, 11, 6, 9, 10, 8, 0, 5, 3]
    page = parse_page(path)
    assert "The 10 slowest logs" in "".join(page.text)


def test_html_says_when_nothing_went_wrong(tmp_path: Path):
    path = tmp_path / "clean.html"
    write(HtmlReport(path), handmade()[:1])
    page = parse_page(path)
    assert page.details == []
    assert "No log has a violation or a note." in "".join(page.text)


FAKE_DOM = r"""
const data = JSON.parse(require("fs").readFileSync(0, "utf8"));
function element(attributes) {
  return {
    getAttribute(name) { return name in attributes ? attributes[name] : null; },
    setAttribute(name, value) { attributes[name] = String(value); },
    removeAttribute(name) { delete attributes[name]; },
  };
}
const body = { rows: [], appendChild(node) {
  const items = node.items ? node.items.splice(0) : [node];
  for (const row of items) { const at = this.rows.indexOf(row); if (at >= 0) this.rows.splice(at, 1); this.rows.push(row); }
} };
for (const cells of data.rows) {
  body.rows.push({ cells: cells.map(([sort, text]) => Object.assign(element(sort === null ? {} : { "data-sort": sort }),
    { textContent: text })) });
}
const table = { tBodies: [body], tHead: { rows: [{ cells: [] }] } };
const headings = data.headings.map((type, index) => {
  const button = { addEventListener(kind, handler) { this.click = handler; } };
  return Object.assign(element(type === null ? {} : { "data-type": type }), {
    cellIndex: index, closest() { return table; }, querySelector() { return button; }, button });
});
table.tHead.rows[0].cells = headings;
const document = {
  querySelectorAll() { return headings; },
  createDocumentFragment() { return { items: [], appendChild(row) { body.rows.splice(body.rows.indexOf(row), 1); this.items.push(row); } }; },
  getElementById() { return null; },
  addEventListener() {},
};
const window = { addEventListener() {} };
const location = { hash: "" };
new Function("document", "window", "location", data.script)(document, window, location);
const orders = [];
for (const [column, times] of data.clicks) {
  for (let click = 0; click < times; click++) headings[column].button.click();
  orders.push(body.rows.map((row) => row.cells[0].textContent));
}
console.log(JSON.stringify(orders));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run the page's script")
def test_html_script_sorts_numbers_as_numbers(tmp_path: Path):
    path = tmp_path / "sort.html"
    times = [9.5, 10.25, 0.5, 100.0]
    files = ["b.yaml", "C.yaml", "a.yaml", "d.yaml"]
    with HtmlReport(path) as report:
        for file, seconds in zip(files, times, strict=True):
            report.add(Verdict(file, VerdictKind.LEGAL, entries=int(seconds * 10)), seconds)
    page = parse_page(path)
    data = {
        "script": page.script,
        "headings": page.headings,
        "rows": [list(cell) for cell in page.log_rows],
        "clicks": [[5, 1], [5, 1], [1, 1], [0, 2]],
    }
    result = subprocess.run(
        ["node", "-e", FAKE_DOM], input=json.dumps(data), capture_output=True, text=True, timeout=60, check=True
    )
    seconds_up, seconds_down, by_file, by_number_down = json.loads(result.stdout)
    assert seconds_up == ["3", "1", "2", "4"]  # 0.5, 9.5, 10.25, 100 (as text: 0.5, 10.25, 100, 9.5)
    assert seconds_down == ["4", "2", "1", "3"]
    assert by_file == ["3", "1", "2", "4"]  # a, b, C, d: case does not matter
    assert by_number_down == ["4", "3", "2", "1"]


# --------------------------------------------------------------------------- files: reserved, atomic, discarded


@pytest.mark.parametrize("kind", [JUnitReport, HtmlReport])
def test_an_unwritable_path_fails_at_construction(tmp_path: Path, kind: type[JUnitReport | HtmlReport]) -> None:
    with pytest.raises(OSError):
        kind(tmp_path / "missing" / "report")
    with pytest.raises(OSError):
        kind(tmp_path)
    assert list(tmp_path.iterdir()) == []


def reports(folder: Path) -> Iterator[JUnitReport | HtmlReport]:
    yield JUnitReport(folder / "report.xml")
    yield HtmlReport(folder / "report.html", docs_url=DOCS)


def test_discard_leaves_no_file(tmp_path: Path):
    for report in reports(tmp_path):
        report.add(handmade()[1], 1.0)
        assert len(list(tmp_path.iterdir())) == 1  # the reserved temporary file, hidden
        report.discard()
        assert list(tmp_path.iterdir()) == []
        report.discard()  # twice is harmless
        with pytest.raises(ValueError):
            report.add(handmade()[0], 1.0)


def test_an_interrupted_batch_keeps_the_previous_report(tmp_path: Path):
    target = tmp_path / "report.xml"
    target.write_text("previous", encoding="utf-8")
    with pytest.raises(KeyboardInterrupt), JUnitReport(target) as report:
        report.add(handmade()[0], 1.0)
        raise KeyboardInterrupt
    assert target.read_text(encoding="utf-8") == "previous"
    assert [path.name for path in tmp_path.iterdir()] == ["report.xml"]


def test_close_replaces_the_file_and_leaves_nothing_else(tmp_path: Path, schema: xmlschema.XMLSchema10):
    target = tmp_path / "report.xml"
    target.write_text("previous", encoding="utf-8")
    report = JUnitReport(target)
    report.add(handmade()[0], 1.0)
    assert target.read_text(encoding="utf-8") == "previous"  # nothing shows before close()
    report.close()
    report.close()  # twice is harmless
    schema.validate(str(target))
    assert [path.name for path in tmp_path.iterdir()] == ["report.xml"]
    with pytest.raises(ValueError):
        report.add(handmade()[0], 1.0)


def test_a_report_dropped_unclosed_leaves_nothing(tmp_path: Path):
    for report in reports(tmp_path):
        report.add(handmade()[1], 1.0)
        del report
        gc.collect()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("kind", [JUnitReport, HtmlReport])
def test_memory_stays_flat_in_the_number_of_logs(tmp_path: Path, kind: type[JUnitReport | HtmlReport]) -> None:
    def verdict(number: int) -> Verdict:
        violation = Violation(number, number + 1, ("ws:4.10.1.2",), f"violation {number} " + "x" * 200, ("pass",))
        return Verdict(f"logs/{number}.yaml", VerdictKind.ILLEGAL, [violation], [f"note {number}"], entries=number)

    report = kind(tmp_path / "big")
    try:
        for number in range(200):
            report.add(verdict(number), 0.001)
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            for number in range(200, 4200):
                report.add(verdict(number), 0.001)
            grown = tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()
    finally:
        report.discard()
    # Keeping the 4000 verdicts would take megabytes; what is kept is a few counters and the slowest few.
    assert grown < 256 * 1024, grown


# --------------------------------------------------------------------------- clause addresses


@pytest.mark.parametrize(
    ("clause", "page", "anchor"),
    [
        ("ws:4.10.1.2", "rules/ws/4", "ws-4-10-1-2"),
        ("vg:3.1.1#2", "rules/vg/3", "vg-3-1-1-2nd"),
        ("wl:7.1.1.2", "rules/wl/7", "wl-7-1-1-2"),
        ("wl:7-1-1-2", "rules/wl/7", "wl-7-1-1-2"),
        ("ws-sheet:game-cards/climax-cards/level", "rules/ws-sheet", "ws-sheet-game-cards--climax-cards--level"),
    ],
)
def test_clause_urls(clause: str, page: str, anchor: str) -> None:
    assert clause_url("https://x.org/d/", clause) == f"https://x.org/d/{page}.html#{anchor}"
    assert clause_url("https://x.org/d", clause) == f"https://x.org/d/{page}.html#{anchor}"


def test_a_text_that_is_no_clause_id_gets_no_url() -> None:
    assert clause_url(DOCS, "no id here") is None
    assert page_of("no id") is None


def test_the_sphinx_domain_makes_its_anchors_with_the_same_functions() -> None:
    """The site and the reports share one definition of an anchor, so a report's link lands on the clause."""
    sphinx_rules = pytest.importorskip("judge.sphinx_rules")
    assert sphinx_rules.anchor_for is anchor_for
    assert sphinx_rules.normalise_clause_id is normalise_clause_id


def test_the_report_module_does_not_need_sphinx() -> None:
    code = "import sys, judge.batch_reports; sys.exit('sphinx' in sys.modules or 'docutils' in sys.modules)"
    subprocess.run(
        [sys.executable, "-c", code], check=True, cwd=Path(batch_reports.__file__).parents[1], env=os.environ
    )
