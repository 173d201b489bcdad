"""Walking through a scenario step by step: after each entry, the board and the clauses of what happened.

The walk is computed once (the replay runs to the end, taking a picture of the
board after every entry); moving forward, back or to step N only shows a
different picture, so every screen is the same whichever way it is reached.
"""

from __future__ import annotations

from dataclasses import dataclass

import yaml

from engine.core.protocol import ActionRecord, RecordKind
from judge import games
from judge.logfile import LogEntry
from judge.replay import Replay
from judge.report import clause_text, clauses_text, verdict_text
from judge.scenarios import Scenario, compare


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of the scenario and the board after it."""

    number: int
    entry: LogEntry | None
    happened: tuple[ActionRecord, ...]
    board: str


def walk(scenario: Scenario) -> tuple[list[Step], str]:
    """Every step of the scenario, and the closing text (the verdict and the ruling)."""
    support = games.get(scenario.game)
    game = support.build(scenario.log)
    replay = Replay(scenario.log, game, support)
    steps = [Step(0, None, (), support.board_text(game))]
    seen = 0

    def applied(entry: LogEntry) -> None:
        nonlocal seen
        happened = tuple(
            record
            for record in game.records[seen:]
            if record.kind is not RecordKind.TIMING or record.data.get("implied")
        )
        seen = len(game.records)
        steps.append(Step(len(steps), entry, happened, support.board_text(game)))

    replay.on_applied = applied
    replay.run()
    result = compare(scenario, replay.verdict())
    ending = [verdict_text(result.verdict)]
    ending.append("the scenario holds" if result.passed else "the scenario does not hold:")
    ending.extend(f"  {difference}" for difference in result.differences)
    ending.append(f"ruling: {scenario.ruling}")
    ending.append(f"clauses: {', '.join(clause_text(clause) for clause in scenario.clauses)}")
    return steps, "\n".join(ending)


def _as_written(value: object) -> str:
    """An entry's value as a log writes it (``true``, ``[A, B]``), not as Python prints it."""
    if isinstance(value, str):
        return value
    return yaml.safe_dump(value, default_flow_style=True, width=10**6).strip().removesuffix("\n...").strip()


def screen(scenario: Scenario, steps: list[Step], index: int) -> str:
    """What the stepper shows at step ``index``."""
    step = steps[index]
    head = f"== {scenario.title} == step {index}/{len(steps) - 1}"
    if step.entry is None:
        body = [f"question: {scenario.question}", "the starting position:"]
    else:
        data = ", ".join(f"{key}: {_as_written(value)}" for key, value in step.entry.data.items() if key != "expect")
        body = [f"entry {step.entry.index} (line {step.entry.line}): {data}"]
        for record in step.happened:
            body.append(f"  {record.message}  ({clauses_text(record.clauses)})")
    return "\n".join([head, *body, step.board])
