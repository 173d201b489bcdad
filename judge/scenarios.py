"""Scenario rulings: logs that start from a position and state a ruling, checked against the engine.

A scenario is a ``judge-log/1`` log with ``setup`` and, beside the header, the
ruling: ``title``, ``question``, ``ruling`` and ``clauses`` (the clause ids it
hinges on), optionally ``topics``.  Its answer is in the log's ``expect``
assertions.  An illegal variant states the verdict it expects::

    expected:
      verdict: illegal
      violations: [{entry: 2, clause: ws:4.10.1.2}]

The library ships in ``scenarios/`` (package data), one ruling per file, in a
folder per game and topic: ``scenarios/ws/damage/cancel-first.yaml`` has the id
``ws/damage/cancel-first`` and the topic ``damage``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from judge.clause_anchors import normalise_clause_id
from judge.logfile import GameLog, LogFormatError, load_log, parse_log
from judge.replay import verify_log
from judge.verdict import Verdict, VerdictKind

SUFFIXES = (".yaml", ".yml", ".json", ".jsonl")


@dataclass(frozen=True, slots=True)
class ExpectedViolation:
    """A violation an illegal variant says the replay finds: at this entry, citing this clause."""

    entry: int | None
    clause: str | None


@dataclass(slots=True)
class Scenario:
    """One ruling: its log, what it asks and answers, and the clauses it hinges on."""

    id: str
    path: str
    log: GameLog
    title: str
    question: str
    ruling: str
    clauses: tuple[str, ...]
    topics: tuple[str, ...]
    verdict: VerdictKind = VerdictKind.LEGAL
    violations: tuple[ExpectedViolation, ...] = ()

    @property
    def game(self) -> str:
        return str(self.log.header.get("game"))


@dataclass(slots=True)
class ScenarioResult:
    """A scenario checked: the replay's verdict and every way it differs from the scenario's answer."""

    scenario: Scenario
    verdict: Verdict
    differences: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.differences


def _text(log: GameLog, key: str, required: bool = True) -> str:
    value = log.header.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or not value.strip():
        raise LogFormatError(
            log.path, f"a scenario needs '{key}': a sentence, not {value!r}", line=log.header_lines.get(key)
        )
    return value.strip()


def _strings(log: GameLog, key: str) -> tuple[str, ...]:
    value = log.header.get(key, [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise LogFormatError(log.path, f"'{key}' is a list of names, not {value!r}", line=log.header_lines.get(key))
    return tuple(value)


def _clause_id(written: str) -> str:
    """A clause id as a scenario writes it, in its canonical form (``ws 4.10`` and ``wl:7-1-4`` are
    ``ws:4.10`` and ``wl:7.1.4``); what is no id is kept as written."""
    return normalise_clause_id(written) or written


def scenario_of(log: GameLog, scenario_id: str) -> Scenario:
    """The scenario a parsed log describes; LogFormatError (located) when its metadata is not one."""
    if log.header.get("setup") is None:
        raise LogFormatError(log.path, "a scenario starts from a position: it needs 'setup'", line=1)
    clauses = tuple(_clause_id(clause) for clause in _strings(log, "clauses"))
    if not clauses:
        raise LogFormatError(
            log.path,
            "a scenario cites the clauses it hinges on: 'clauses' is empty",
            line=log.header_lines.get("clauses"),
        )
    expected: Any = log.header.get("expected") or {}
    line = log.header_lines.get("expected")
    if not isinstance(expected, dict):
        raise LogFormatError(log.path, f"'expected' is a mapping, not {expected!r}", line=line)
    try:
        verdict = VerdictKind(expected.get("verdict", "legal"))
    except ValueError:
        raise LogFormatError(
            log.path, f"expected verdict {expected.get('verdict')!r} is not a verdict", line=line
        ) from None
    violations = []
    for item in expected.get("violations") or []:
        if not isinstance(item, dict) or not isinstance(item.get("entry", 0), int | None):
            raise LogFormatError(log.path, f"an expected violation is {{entry, clause}}, not {item!r}", line=line)
        clause = item.get("clause")
        violations.append(ExpectedViolation(item.get("entry"), _clause_id(clause) if isinstance(clause, str) else None))
    folder_topics = tuple(part for part in scenario_id.split("/")[1:-1])
    return Scenario(
        id=scenario_id,
        path=log.path,
        log=log,
        title=_text(log, "title"),
        question=_text(log, "question"),
        ruling=_text(log, "ruling"),
        clauses=clauses,
        topics=tuple(dict.fromkeys(folder_topics + _strings(log, "topics"))),
        verdict=verdict,
        violations=tuple(violations),
    )


def load_scenario(path: str | Path, scenario_id: str | None = None) -> Scenario:
    """A scenario file; LogFormatError (located) for a malformed log or ruling."""
    path = Path(path)
    return scenario_of(load_log(path), scenario_id or path.stem)


def library_root() -> Path:
    """The folder of the bundled scenario library."""
    return Path(str(resources.files("scenarios")))


def library() -> list[Scenario]:
    """Every bundled scenario, sorted by id."""
    root = library_root()
    found = []
    for path in sorted(root.rglob("*")):
        if path.suffix in SUFFIXES and path.is_file():
            scenario_id = path.relative_to(root).with_suffix("").as_posix()
            found.append(load_scenario(path, scenario_id))
    return found


def library_id_of(path: str | Path) -> str | None:
    """A bundled scenario's id (``ws/damage/cancel-first``), or None for a file outside the library."""
    root = os.path.abspath(library_root())
    absolute = os.path.abspath(path)
    if absolute.startswith(root + os.sep):
        return os.path.splitext(os.path.relpath(absolute, root))[0].replace(os.sep, "/")
    return None


def find(name: str) -> Scenario:
    """A library scenario by id (``ws/damage/cancel-first``), or a scenario file by path: a library file named
    by its path is the scenario its id names, with the same id and topics.

    LookupError for a file that does not exist or a name that is no scenario's id."""
    path = Path(name)
    if path.suffix in SUFFIXES and path.is_file():
        return load_scenario(path, library_id_of(path))
    if path.suffix in SUFFIXES and not path.exists():
        raise LookupError(f"{name}: no such file or folder")
    candidate = library_root() / name
    for suffix in SUFFIXES:
        if candidate.with_suffix(suffix).is_file():
            return load_scenario(candidate.with_suffix(suffix), name)
    known = [scenario.id for scenario in library() if name in scenario.id]
    hint = f"; did you mean {', '.join(known[:5])}?" if known else "; see `judge scenario list`"
    raise LookupError(f"no scenario {name!r}{hint}")


def check(scenario: Scenario, clause_exists: Any = None) -> ScenarioResult:
    """Replay a scenario and compare with its answer."""
    return compare(scenario, verify_log(scenario.log, clause_exists))


def compare(scenario: Scenario, verdict: Verdict) -> ScenarioResult:
    """How a replay's verdict differs from the scenario's answer: its verdict, and the violations it names."""
    result = ScenarioResult(scenario, verdict)
    lines = {entry.index: entry.line for entry in scenario.log.entries}
    if verdict.kind is not scenario.verdict:
        result.differences.append(
            f"the replay's verdict is {verdict.kind.value}; the scenario expects {scenario.verdict.value}"
        )
    expected_entries = {violation.entry for violation in scenario.violations}
    for expected in scenario.violations:
        found = [v for v in verdict.violations if v.entry == expected.entry]
        where = (
            f"entry {expected.entry} (line {lines.get(expected.entry)})" if expected.entry is not None else "the header"
        )
        if not found:
            result.differences.append(f"{where}: the scenario expects a violation; the replay finds none")
        elif expected.clause is not None and not any(expected.clause in v.clauses for v in found):
            cited = ", ".join(clause for v in found for clause in v.clauses) or "no clause"
            result.differences.append(f"{where}: the scenario expects {expected.clause}; the replay cites {cited}")
    for violation in verdict.violations:
        if violation.entry not in expected_entries:
            where = (
                f"entry {violation.entry} (line {violation.line})"
                if violation.entry is not None
                else f"line {violation.line}"
            )
            result.differences.append(f"{where}: {' '.join(violation.clauses)} {violation.message}".replace("  ", " "))
    return result


def parse_scenario(text: str, path: str, scenario_id: str) -> Scenario:
    """A scenario from text (tests and tools)."""
    encoding = "jsonl" if path.endswith(".jsonl") else "json" if path.endswith(".json") else "yaml"
    return scenario_of(parse_log(text, path, encoding), scenario_id)
