"""The Weiss Schwarz engine cites each clause where it applies it: in the record it makes or the refusal it gives,
or in the effect it builds.  Each clause below was once applied without a citation (``clauses.yaml``, applied);
these tests hold that the game's trace now names it where it happens."""

from __future__ import annotations

from functools import cache

import pytest

from judge.logfile import GameLog, load_log
from judge.replay import verify_log
from judge.scenarios import library
from tests.conftest import REPO

EXAMPLE = REPO / "judge" / "examples" / "ws-game.yaml"

CITED_BY_RECORDS = [
    "ws:4.4.1",  # every check timing
    "ws:4.4.2",
    "ws:4.5.1",  # the play timings of the main phase, climax phase and counter step
    "ws:4.5.2",  # a check timing before each play timing
    "ws:4.5.3",
    "ws:4.5.3.1",  # after an action, the main phase's play timing again
    "ws:6.2.1",  # each phase begins its order
    "ws:6.3.1",
    "ws:6.4.1",
    "ws:6.5.1",
    "ws:6.6.1",
    "ws:6.8.1",
    "ws:7.1.2",  # the attack declaration opens the attack sub-phase
    "ws:7.2.1",
    "ws:7.3.1",  # each step begins its order
    "ws:7.4.1",
    "ws:7.5.1",
    "ws:7.6.1",
    "ws:7.7.1",
    "ws:8.5.1.1",  # a check timing's rule actions first
    "ws:8.5.2",  # a play timing
    "ws:8.5.2.3",  # passing ends it
    "ws:8.7.1",  # automatic abilities are played in the check timing
    "ws:8.7.3.1",  # abilities in standby are played
]
"""Clauses a record or a refusal of the example game or of the scenario library cites."""


@cache
def cited_in_games() -> frozenset[str]:
    """Every clause a record or a violation of the ws example game or of a ws library scenario cites."""
    logs: list[GameLog] = [load_log(EXAMPLE)]
    logs.extend(scenario.log for scenario in library() if scenario.id.startswith("ws/"))
    cited: set[str] = set()
    for log in logs:
        verdict = verify_log(log)
        cited.update(clause for record in verdict.records for clause in record.clauses)
        cited.update(clause for violation in verdict.violations for clause in violation.clauses)
    return frozenset(cited)


@pytest.mark.parametrize("clause", CITED_BY_RECORDS)
def test_a_record_or_a_refusal_cites_the_clause_it_applies(clause: str) -> None:
    assert clause in cited_in_games()
